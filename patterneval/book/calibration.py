r"""The chapter "Calibration and intervals for any metric" (Part V): a forecaster
miscalibrated in a known way, and the optimism of the best cross-validated score by
simulation.

:func:`miscalibrated_forecasts` draws outcomes with known probabilities and the forecasts
of a forecaster whose log-odds are scaled and shifted, with the population calibration
error that the binned ECE (:func:`~patterneval.compare.expected_calibration_error`)
estimates. :func:`simulate_selection_optimism` simulates tuning by cross-validation with a
known truth: the naive "best CV score" against BBC-CV
(:func:`~patterneval.compare.bbc_from_predictions`, whose selection rule and bootstrap
draws it shares).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats
from threadpoolctl import threadpool_limits

from .._api import keywords
from .._results import Result
from .._validation import check_array, check_rng, check_scalar, fail
from ..compare.out_of_fold import _bootstrap_counts, _select

__all__ = [
    "Forecasts",
    "SelectionOptimism",
    "miscalibrated_forecasts",
    "simulate_selection_optimism",
]


# ---------------------------------------------------------------- a miscalibrated forecaster
@dataclass(frozen=True, repr=False)
class Forecasts(Result):
    r"""Outcomes, true probabilities and a distorted forecaster's probabilities.

    Attributes
    ----------
    y : ndarray of int
        Outcomes :math:`o_i \sim \mathrm{Bernoulli}(p_i)`.
    probability : ndarray
        True probabilities :math:`p_i = \operatorname{expit}(Z_i)`, :math:`Z_i \sim N(0, s^2)`.
    forecast : ndarray
        :math:`f_i = \operatorname{expit}(a\,Z_i + b)`: ``slope`` a > 1 over-confident,
        a < 1 under-confident, ``shift`` b biased.
    true_error : float
        The population calibration error :math:`E|P(Y = 1\mid f) - f| = E|p - f|` (f is
        increasing in p), by quadrature over Z.
    slope, shift, spread : float
    """

    y: np.ndarray
    probability: np.ndarray
    forecast: np.ndarray
    true_error: float
    slope: float
    shift: float
    spread: float


def _true_calibration_error(slope, shift, spread):
    z = np.linspace(-8.0, 8.0, 8001) * spread
    w = stats.norm.pdf(z, scale=spread)
    gap = np.abs(special.expit(z) - special.expit(slope * z + shift))
    return float(np.trapezoid(gap * w, z))


@keywords
def miscalibrated_forecasts(
    n: int,
    *,
    slope: float = 1.0,
    shift: float = 0.0,
    spread: float = 2.0,
    rng: int | np.random.Generator | None = None,
) -> Forecasts:
    r"""Draw outcomes and the forecasts of a forecaster miscalibrated in a known way.

    True log-odds :math:`Z \sim N(0, s^2)` (``spread`` s), outcome
    :math:`Y \sim \mathrm{Bernoulli}(\operatorname{expit} Z)`, forecast
    :math:`\operatorname{expit}(aZ + b)`. With a = 1, b = 0 the forecaster is perfectly
    calibrated; :func:`~patterneval.compare.expected_calibration_error` on its forecasts then shows the binned
    estimator's noise floor. ``true_error`` is the population value the binned ECE
    estimates.

    Parameters
    ----------
    n : int
        Number of samples.
    slope : float, keyword-only
        a > 0.
    shift : float, keyword-only
        b.
    spread : float, keyword-only
        s > 0.
    rng : None, int or numpy.random.Generator, keyword-only
        One normal and one uniform per sample, in that order.

    Returns
    -------
    Forecasts
        The outcomes ``y``, the true ``probability``, the ``forecast`` and its ``true_error``.

    Examples
    --------
    >>> from patterneval.book.calibration import miscalibrated_forecasts
    >>> miscalibrated_forecasts(5, rng=0).true_error
    0.0
    >>> round(miscalibrated_forecasts(5, slope=2.0, rng=0).true_error, 3)
    0.093
    """
    n = check_scalar("n", n, int, low=1)
    slope = check_scalar("slope", slope, float, low=0, closed="neither")
    shift = check_scalar("shift", shift, float)
    spread = check_scalar("spread", spread, float, low=0, closed="neither")
    gen = check_rng(rng)
    z = spread * gen.standard_normal(n)
    p = special.expit(z)
    y = (gen.random(n) < p).astype(int)
    f = special.expit(slope * z + shift)
    true = 0.0 if (slope == 1.0 and shift == 0.0) else _true_calibration_error(slope, shift, spread)
    return Forecasts(
        y=y, probability=p, forecast=f, true_error=true, slope=slope, shift=shift, spread=spread
    )


# ---------------------------------------------------------------- what the naive interval misses
@dataclass(frozen=True, repr=False)
class SelectionOptimism(Result):
    r"""Naive "best CV score" against BBC-CV when the truth is known, by simulation.

    Attributes
    ----------
    true_accuracy : float
        Mean true accuracy of the selected configuration.
    naive, bbc : float
        Mean naive estimate (best out-of-fold accuracy) and mean BBC-CV estimate.
    naive_coverage, bbc_coverage : float
        Share of data sets whose interval (naive: percentile bootstrap of the best
        configuration's out-of-fold accuracy; BBC: its percentile interval) contains the
        selected configuration's true accuracy.
    naive_coverage_se, bbc_coverage_se : float
        Monte Carlo standard errors of the coverages.
    naive_bias_se, bbc_bias_se : float
        Monte Carlo standard errors of the mean estimates minus the truth.
    n_samples, n_configurations, n_datasets, n_resamples : int
    confidence_level : float
    """

    true_accuracy: float
    naive: float
    bbc: float
    naive_coverage: float
    bbc_coverage: float
    naive_coverage_se: float
    bbc_coverage_se: float
    naive_bias_se: float
    bbc_bias_se: float
    n_samples: int
    n_configurations: int
    n_datasets: int
    n_resamples: int
    confidence_level: float


def _one_selection(gen, acc, N, C, B, alpha):
    """One simulated data set of :func:`simulate_selection_optimism`."""
    correct = (gen.random((N, C)) < acc).astype(float)
    scores = correct.mean(axis=0)
    best = int(_select(scores, True))
    truth, naive = acc[best], scores[best]
    counts = _bootstrap_counts(gen, B, N)
    inbag = counts @ correct / N
    lo, hi = np.quantile(inbag[:, best], [alpha / 2, 1 - alpha / 2])
    naive_hit = lo <= truth <= hi
    out = counts == 0
    chosen = _select(inbag, True)
    oob = np.einsum("bn,bn->b", out, correct[:, chosen].T) / np.maximum(out.sum(axis=1), 1)
    lo, hi = np.quantile(oob, [alpha / 2, 1 - alpha / 2])
    return truth, naive, oob.mean(), naive_hit, lo <= truth <= hi


@keywords
def simulate_selection_optimism(
    n_samples: int,
    n_configurations: int,
    *,
    accuracy: ArrayLike = 0.5,
    n_datasets: int = 200,
    n_resamples: int = 200,
    confidence_level: float = 0.95,
    rng: int | np.random.Generator | None = None,
) -> SelectionOptimism:
    r"""What the naive interval misses: tuning's optimism, by simulation with a known truth.

    Each simulated data set is the out-of-fold correctness matrix of ``n_configurations``
    configurations on ``n_samples`` samples, configuration c correct on each sample
    independently with probability ``accuracy[c]`` (its true accuracy). Tuning selects
    the configuration with the best observed accuracy; its true accuracy is the target.
    The naive report is that best observed accuracy with a percentile bootstrap interval
    of its own out-of-fold predictions; BBC-CV is :func:`~patterneval.compare.bbc_from_predictions` on the same
    matrix (the same resampled indices serve both).

    Parameters
    ----------
    n_samples, n_configurations : int
    accuracy : float or array_like, keyword-only
        True accuracy of every configuration (a scalar: all equal).
    n_datasets : int, keyword-only
    n_resamples : int, keyword-only
        Bootstrap resamples per data set.
    confidence_level : float, keyword-only
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    SelectionOptimism
        The mean naive and BBC-CV estimates against the ``true_accuracy``, and their coverages.

    Notes
    -----
    Unlike :func:`~patterneval.compare.bbc_from_predictions` and
    :func:`~patterneval.compare.cv_metric_interval`, a simulated data set
    whose bootstrap has no spread is not refused: that happens only for a configuration
    with true accuracy 0 or 1, which is deterministic, so the point interval is the truth
    and counts as covering. The coverage standard errors are the plug-in binomial
    :math:`\sqrt{c(1-c)/R}`, 0 when c is 0 or 1 (no miss in R data sets): a summary of
    the simulation, reported as it is.

    Examples
    --------
    >>> from patterneval.book.calibration import simulate_selection_optimism
    >>> sim = simulate_selection_optimism(100, 20, n_datasets=100, rng=0)
    >>> bool(sim.naive > 0.55 > sim.bbc)
    True
    """
    N = check_scalar("n_samples", n_samples, int, low=2)
    C = check_scalar("n_configurations", n_configurations, int, low=1)
    acc = check_array("accuracy", accuracy, low=0, high=1, min_rows=0)
    if acc.ndim == 0:
        acc = np.full(C, float(acc))
    elif acc.ndim != 1 or acc.size != C:
        raise fail(
            "accuracy",
            f"a number or one value per configuration ({C})",
            f"shape {acc.shape}",
            echo=False,
        )
    R = check_scalar("n_datasets", n_datasets, int, low=2)
    B = check_scalar("n_resamples", n_resamples, int, low=2)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    gen = check_rng(rng)
    alpha = 1 - level
    truth, naive, bbc, naive_hit, bbc_hit = (np.empty(R) for _ in range(5))
    with threadpool_limits(1, user_api="blas"):  # many small products: one BLAS thread
        for r in range(R):
            truth[r], naive[r], bbc[r], naive_hit[r], bbc_hit[r] = _one_selection(
                gen, acc, N, C, B, alpha
            )
    cn, cb = float(naive_hit.mean()), float(bbc_hit.mean())
    return SelectionOptimism(
        true_accuracy=float(truth.mean()),
        naive=float(naive.mean()),
        bbc=float(bbc.mean()),
        naive_coverage=cn,
        bbc_coverage=cb,
        naive_coverage_se=float(np.sqrt(cn * (1 - cn) / R)),
        bbc_coverage_se=float(np.sqrt(cb * (1 - cb) / R)),
        naive_bias_se=float(np.std(naive - truth, ddof=1) / np.sqrt(R)),
        bbc_bias_se=float(np.std(bbc - truth, ddof=1) / np.sqrt(R)),
        n_samples=N,
        n_configurations=C,
        n_datasets=R,
        n_resamples=B,
        confidence_level=level,
    )
