"""Comparing classifiers (Part V): tests for two classifiers and for many, ROC/AUC with
DeLong's variance, calibration, and intervals for any metric from cross-validation."""

from .._api import public_names as _public_names

from .many import (
    CD_TESTS,
    BayesianSignedRank,
    CriticalDifference,
    FriedmanTest,
    HolmTest,
    NemenyiTest,
    average_ranks,
    bayesian_signed_rank,
    critical_difference,
    critical_difference_groups,
    friedman_test,
    holm_test,
    nemenyi_test,
    rank_scores,
)
from .calibration import (
    BrierDecomposition,
    CalibrationError,
    brier_decomposition,
    expected_calibration_error,
)
from .out_of_fold import (
    BBCResult,
    MetricInterval,
    bbc_cv,
    bbc_from_predictions,
    cv_metric_interval,
    out_of_fold_predictions,
)
from .roc import (
    DeLongInterval,
    DeLongTest,
    RocCurve,
    delong_interval,
    delong_test,
    roc_auc,
    roc_curve,
)
from .scores import CVScores, cv_scores
from .two import (
    EXACT_THRESHOLD,
    BayesianCorrelatedTTest,
    CorrectedTTest,
    FiveByTwoTest,
    McNemarTest,
    bayesian_correlated_ttest,
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    five_by_two_differences,
    mcnemar_test,
    paired_ttest_5x2cv,
)

__all__ = _public_names(globals())
