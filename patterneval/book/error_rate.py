"""The chapter "The test error rate" (Part I): the coverage of an interval method by
simulation.

:func:`simulate_coverage` draws error counts ``k ~ Binomial(N, eps)`` with a known ``eps``,
builds each interval (:func:`~patterneval.binomial_interval`) and counts how often it covers
``eps``: the Monte Carlo check of the exact coverage
(:func:`~patterneval.coverage_probability`). Its binomial sampler is shared with the
chapter "Selective sampling" (:mod:`patterneval.book.selective_sampling`).
"""

from __future__ import annotations

import dataclasses
from typing import Literal

import numpy as np
from scipy import stats

from .._api import keywords
from .._results import Result
from .._validation import check_choice, check_rng, check_scalar
from ..errorrate import INTERVAL_METHODS, _interval

__all__ = ["CoverageSimulation", "simulate_coverage"]

#: Up to this many trials, binomial counts are drawn by inverting the tabulated CDF.
_TABLE_LIMIT = 1_000_000


def _binomial_draws(gen: np.random.Generator, n: int, p: float, size: int) -> np.ndarray:
    """``size`` draws of Binomial(n, p) by inverting its CDF, tabulated over 0..n.

    NumPy's sampler switches to a slow inversion loop when n p < 30, the usual case for
    error counts; one uniform and one binary search per draw is several times faster and
    exact up to the CDF's rounding. Very large n falls back to ``Generator.binomial``.
    """
    if n > _TABLE_LIMIT or p in (0.0, 1.0):
        return gen.binomial(n, p, size=size)
    cdf = stats.binom.cdf(np.arange(n + 1), n, p)
    cdf[-1] = 1.0  # so every uniform in [0, 1) finds a count
    return np.searchsorted(cdf, gen.random(size), side="right")


@dataclasses.dataclass(frozen=True, repr=False)
class CoverageSimulation(Result):
    """Share of simulated test sets whose interval covered the true error rate.

    Attributes
    ----------
    coverage : float
        Share of the ``n_datasets`` simulated intervals that contain the true error rate.
    std_error : float
        Monte Carlo standard error ``sqrt(coverage (1 - coverage) / n_datasets)``.
    n_datasets : int
        Simulated test sets.
    """

    coverage: float
    std_error: float
    n_datasets: int


@keywords
def simulate_coverage(
    error: float,
    n: int,
    *,
    confidence_level: float = 0.95,
    method: Literal["wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"] = "wilson",
    n_datasets: int = 10_000,
    rng: int | np.random.Generator | None = None,
) -> CoverageSimulation:
    """Coverage of an interval method by Monte Carlo: draw k, build the interval, count hits.

    The standard error is ``sqrt(c (1 - c) / n_datasets)``. Intervals are built once per
    distinct simulated count, so the cost is O(n_datasets + min(n, n_datasets)) interval
    evaluations at most.

    Parameters
    ----------
    error, n, confidence_level, method
        As in :func:`~patterneval.coverage_probability`.
    n_datasets : int, default 10000
        Simulated test sets (fresh draws of k, not resamples of one data set), >= 1.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    CoverageSimulation
        The share of intervals that covered ``error``, with its Monte Carlo standard error.

    Examples
    --------
    >>> import patterneval as pe
    >>> from patterneval.book.error_rate import simulate_coverage
    >>> sim = simulate_coverage(0.2, 50, n_datasets=2000, rng=1)
    >>> abs(sim.coverage - pe.coverage_probability(0.2, 50)) < 4 * sim.std_error
    True
    """
    eps = check_scalar("error", error, float, low=0, high=1)
    n = check_scalar("n", n, int, low=1)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    method = check_choice("method", method, INTERVAL_METHODS)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=1)
    k = _binomial_draws(check_rng(rng), n, eps, n_datasets)
    # Each interval depends on k alone: build it once per distinct count, O(min(n, R)).
    values, counts = np.unique(k, return_counts=True)
    low, high = _interval(values, n, level, method)
    c = float(counts[(low <= eps) & (eps <= high)].sum() / n_datasets)
    return CoverageSimulation(
        coverage=c, std_error=(c * (1.0 - c) / n_datasets) ** 0.5, n_datasets=n_datasets
    )
