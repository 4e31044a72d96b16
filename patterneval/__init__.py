"""patterneval: evaluating pattern-recognition systems.

The tested library behind the executable textbook in ``book/``. The public API is
re-exported flat: ``import patterneval as pe; pe.binomial_interval(7, 100)``.
"""

from ._results import ConfidenceInterval
from .errorrate import (
    INTERVAL_METHODS,
    CoverageSimulation,
    ErrorEstimate,
    SamplingSimulation,
    StratifiedEstimate,
    binomial_interval,
    coverage_probability,
    error_variance,
    proportional_allocation,
    sample_size_for_width,
    selective_variance_gap,
    simulate_coverage,
    simulate_sampling,
    stratified_error,
    stratified_variance,
    test_error,
)

from .resampling import (
    BootstrapResult,
    CrossValidationResult,
    PermutationTestResult,
    PerturbationInterval,
    SelectionCVResult,
    bootstrap_error,
    cross_val_error,
    leave_one_out_error,
    permutation_test,
    perturbation_interval,
    selection_cv_error,
)
from .simulation import (
    SimulationCheck,
    check_mean,
    check_value,
    check_variance,
    check_variance_difference,
    format_checks,
)

__version__ = "0.1.0"

__all__ = [
    "INTERVAL_METHODS",
    "BootstrapResult",
    "ConfidenceInterval",
    "CoverageSimulation",
    "CrossValidationResult",
    "ErrorEstimate",
    "PermutationTestResult",
    "PerturbationInterval",
    "SamplingSimulation",
    "SelectionCVResult",
    "SimulationCheck",
    "StratifiedEstimate",
    "binomial_interval",
    "bootstrap_error",
    "check_mean",
    "check_value",
    "check_variance",
    "check_variance_difference",
    "coverage_probability",
    "cross_val_error",
    "error_variance",
    "format_checks",
    "leave_one_out_error",
    "permutation_test",
    "perturbation_interval",
    "proportional_allocation",
    "sample_size_for_width",
    "selection_cv_error",
    "selective_variance_gap",
    "simulate_coverage",
    "simulate_sampling",
    "stratified_error",
    "stratified_variance",
    "test_error",
]
