"""Resampling estimates of a classifier's error, for any scikit-learn-compatible estimator.

One module per method: ``crossval`` (k-fold, repeated, leave-one-out), ``bootstrap``
(out-of-bag, .632, .632+), ``perturbation`` (interval for a linear SVM's CV error),
``selection`` (feature-selection leakage, CV1 vs CV2) and ``permutation`` (label-permutation
tests); ``patterneval._engine`` holds what they share (fitting clones in parallel, random streams, and
the one cross-validation engine with the one definition of the CV error, mistakes / n).
"""

from .._api import public_names as _public_names

from .bootstrap import (
    BOOTSTRAP_METHODS,
    BOOTSTRAP_SINGLE_CLASS,
    BootstrapResult,
    bootstrap_error,
    inclusion_probability,
    no_information_error,
)
from .crossval import CrossValidationResult, cross_val_error, leave_one_out_error
from .permutation import PermutationTestResult, permutation_test
from .perturbation import PERTURBATION_METHODS, PerturbationInterval, perturbation_interval
from .selection import SelectionCVResult, selection_cv_error

__all__ = _public_names(globals())
