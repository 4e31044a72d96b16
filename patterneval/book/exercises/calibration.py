"""Exercises of the chapter "Calibration and intervals for any metric"
(``book/part5/calibration.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.naive_bayes import GaussianNB

import patterneval as pe
from patterneval.book.calibration import miscalibrated_forecasts, simulate_selection_optimism

from . import Exercise


def _over_confident_ece() -> tuple[float, float]:
    f = miscalibrated_forecasts(2000, slope=2.0, rng=1)
    return float(pe.expected_calibration_error(f.y, f.forecast, n_bins=10).statistic), float(
        f.true_error
    )


def _calibrated_ece() -> tuple[float, float]:
    f = miscalibrated_forecasts(500, rng=0)
    ten, twenty = (pe.expected_calibration_error(f.y, f.forecast, n_bins=b) for b in (10, 20))
    return float(ten.statistic), float(twenty.statistic)


def _under_confident_brier() -> tuple[float, float]:
    f = miscalibrated_forecasts(5000, slope=0.5, rng=0)
    d = pe.brier_decomposition(f.y, f.forecast, n_bins=5)
    return float(d.reliability - d.resolution + d.uncertainty), float(d.brier)


def _naive_bayes_brier_interval() -> tuple[float, float, float]:
    X, y = load_breast_cancer(return_X_y=True)
    r = pe.cv_metric_interval(
        GaussianNB(), X, y, metric="brier", cv=5, n_resamples=1000, method="percentile", rng=0
    )
    return float(r.statistic), float(r.low), float(r.high)


def _graded_selection() -> tuple[float, float, float]:
    s = simulate_selection_optimism(
        100, 20, accuracy=np.linspace(0.6, 0.7, 20), n_datasets=300, rng=0
    )
    return float(s.true_accuracy), float(s.naive), float(s.bbc)


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(2, "interpretation", 1),
    Exercise(
        3,
        "coding",
        1,
        answer=_over_confident_ece,
        shown=".4f",
        hint="pe.expected_calibration_error(f.y, f.forecast, n_bins=10).statistic, then the "
        "forecasts' true_error attribute.",
    ),
    Exercise(
        4,
        "computation",
        2,
        answer=_calibrated_ece,
        shown=".4f",
        hint="miscalibrated_forecasts(500, rng=0) with the default slope and shift is calibrated; "
        "compute the ECE twice, with n_bins=10 and n_bins=20.",
    ),
    Exercise(
        5,
        "computation",
        2,
        answer=_under_confident_brier,
        shown=".4f",
        hint="reliability - resolution + uncertainty of pe.brier_decomposition(..., n_bins=5), "
        "then its brier attribute.",
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_naive_bayes_brier_interval,
        shown=".4f",
        hint="pe.cv_metric_interval(GaussianNB(), X, y, metric='brier', cv=5, n_resamples=1000, "
        "method='percentile', rng=0): statistic, low, high.",
    ),
    Exercise(7, "interpretation", 2),
    Exercise(
        8,
        "coding",
        3,
        answer=_graded_selection,
        shown=".3f",
        atol=5e-4,
        hint="read true_accuracy, naive and bbc of the simulation's result, in that order.",
    ),
)
