r"""The chapter "ROC and AUC with intervals" (Part V): the binormal model and DeLong's coverage.

Chapter helpers, not evaluation methods: the binormal model's ROC curve and scores drawn
from it (data with a known AUC), and the simulation that checks how often DeLong's interval
(:func:`~patterneval.compare.delong_interval`) contains the true AUC. The intervals are
computed by the library's own code (the structural components and the interval rule of
:mod:`patterneval.compare.roc`), so a wrong formula there shows up in the coverage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from .._api import keywords
from .._results import Result
from .._validation import check_array, check_choice, check_rng, check_scalar, fail
from ..compare.roc import TRANSFORMS, _collapsed, _components, _interval

__all__ = [
    "DeLongCoverage",
    "binormal_roc",
    "binormal_scores",
    "delong_rows",
    "simulate_delong_coverage",
]

#: Largest number of score entries ranked at once by the vectorised simulation.
_CHUNK_ENTRIES = 2_000_000


def binormal_roc(fpr: ArrayLike, auc: float, *, sigma: float = 1.0) -> np.ndarray:
    r"""The ROC curve of the binormal model with area ``auc``.

    Negatives score :math:`N(0, 1)`, positives :math:`N(\mu, \sigma^2)`. The rule "positive
    if score >= t" has :math:`\mathrm{FPR} = \bar\Phi(t)` and
    :math:`\mathrm{TPR} = \bar\Phi((t - \mu)/\sigma)`, so
    :math:`\mathrm{TPR} = \Phi\big((\mu + \Phi^{-1}(\mathrm{FPR}))/\sigma\big)`, and the area
    is :math:`\Phi(\mu/\sqrt{1 + \sigma^2})`; ``mu`` is solved from ``auc``.

    Parameters
    ----------
    fpr : float or array_like
        False-positive rates in [0, 1].
    auc : float
        The area, in (0, 1).
    sigma : float, keyword-only
        Standard deviation of the positives' scores (> 0).

    Returns
    -------
    ndarray
        The true-positive rates.

    Examples
    --------
    >>> from patterneval.book.roc_auc import binormal_roc
    >>> binormal_roc([0.0, 0.5, 1.0], 0.5)
    array([0. , 0.5, 1. ])
    """
    fpr = check_array("fpr", fpr, low=0, high=1, min_rows=0)
    theta = check_scalar("auc", auc, float, low=0, high=1, closed="neither")
    sigma = check_scalar("sigma", sigma, float, low=0, closed="neither")
    mu = stats.norm.ppf(theta) * np.sqrt(1 + sigma**2)
    return stats.norm.cdf((mu + stats.norm.ppf(fpr)) / sigma)


@keywords
def binormal_scores(
    auc: float,
    n_positive: int,
    n_negative: int,
    *,
    sigma: float = 1.0,
    n_datasets: int | None = None,
    rng: int | np.random.Generator | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""Scores drawn from the binormal model with area ``auc``.

    Negatives :math:`N(0, 1)`, positives :math:`N(\mu, \sigma^2)` with
    :math:`\mu = \Phi^{-1}(\theta)\sqrt{1 + \sigma^2}` (see :func:`binormal_roc`). One
    standard normal array is drawn, positives first in each row.

    Parameters
    ----------
    auc : float
        True AUC :math:`\theta \in (0, 1)`.
    n_positive, n_negative : int
        m >= 1 and n >= 1.
    sigma : float, keyword-only
    n_datasets : int, optional, keyword-only
        Number of independent simulated data sets (rows); None for a single one (1-d
        arrays).
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    y_true, scores : ndarray
        ``y_true`` is m ones then n zeros; ``scores`` has shape (m + n,) or
        (n_datasets, m + n).

    Examples
    --------
    >>> from patterneval.book.roc_auc import binormal_scores
    >>> from patterneval.compare import roc_auc
    >>> y, s = binormal_scores(0.8, 2000, 2000, rng=0)
    >>> abs(roc_auc(y, s) - 0.8) < 0.03
    True
    """
    theta = check_scalar("auc", auc, float, low=0, high=1, closed="neither")
    m = check_scalar("n_positive", n_positive, int, low=1)
    n = check_scalar("n_negative", n_negative, int, low=1)
    sigma = check_scalar("sigma", sigma, float, low=0, closed="neither")
    rows = None if n_datasets is None else check_scalar("n_datasets", n_datasets, int, low=1)
    gen = check_rng(rng)
    mu = stats.norm.ppf(theta) * np.sqrt(1 + sigma**2)
    z = gen.standard_normal((1 if rows is None else rows, m + n))
    z[:, :m] = mu + sigma * z[:, :m]
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    return y, (z[0] if rows is None else z)


@dataclass(frozen=True, repr=False)
class DeLongCoverage(Result):
    r"""Coverage of DeLong intervals for a known AUC, by simulation.

    Attributes
    ----------
    coverage : float
        Share of simulated data sets whose interval contains the true AUC. A data set
        whose DeLong variance is 0 (``degenerate``) counts as a miss: its interval is the
        point 0 or 1, which never contains an AUC in (0, 1), and :func:`~patterneval.compare.delong_interval`
        refuses it.
    std_error : float
        Monte Carlo standard error :math:`\sqrt{c(1-c)/R}`; 0 when c is 0 or 1 (the plug-in
        binomial standard error has no spread to show then; it is a summary of the
        simulation, not an interval, so it is reported as it is).
    degenerate : float
        Share of simulated data sets whose DeLong variance is 0 (perfect separations,
        common for an AUC near 1 and few samples).
    below, above : float
        Share of intervals lying wholly below / above the true AUC.
    mean_width : float
    mean_auc, sd_auc : float
        Mean and standard deviation of the R estimates.
    mean_std_error : float
        Mean DeLong standard error (compare with ``sd_auc``).
    auc : float
        The true AUC.
    n_positive, n_negative, n_datasets : int
    confidence_level : float
    transform : str
    """

    _headline = ("coverage", "std_error", "confidence_level", "auc")

    coverage: float
    std_error: float
    degenerate: float
    below: float
    above: float
    mean_width: float
    mean_auc: float
    sd_auc: float
    mean_std_error: float
    auc: float
    n_positive: int
    n_negative: int
    n_datasets: int
    confidence_level: float
    transform: str


def delong_rows(pos: ArrayLike, neg: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """AUC and DeLong standard error of each row of ``pos`` (R, m) and ``neg`` (R, n):
    the scores of m >= 2 positives and n >= 2 negatives in each of R replicates.

    A row whose DeLong variance is 0 up to round-off (the rule of :func:`~patterneval.compare.delong_interval`,
    which refuses such a sample: a perfect separation) gets a standard error of exactly
    0.0. This vectorised helper for simulations does not raise, so that one degenerate
    replicate does not stop the other R - 1; the caller decides (``se == 0``)."""
    pos = check_array("pos", pos, shape_hint="(R, m)")
    neg = check_array("neg", neg, shape_hint="(R, n)")
    for name, arr in (("pos", pos), ("neg", neg)):
        if arr.ndim == 0 or arr.shape[-1] < 2:
            raise fail(
                name,
                "an array of scores with at least 2 columns (a standard error needs two)",
                f"shape {arr.shape}",
                echo=False,
            )
    if pos.shape[:-1] != neg.shape[:-1]:
        raise fail(
            "neg", f"one row per row of pos {pos.shape[:-1]}", f"shape {neg.shape}", echo=False
        )
    m, n = pos.shape[-1], neg.shape[-1]
    auc, v10, v01 = _components(pos, neg)
    var = np.var(v10, axis=-1, ddof=1) / m + np.var(v01, axis=-1, ddof=1) / n
    scale = np.maximum(np.mean(v10**2, axis=-1) / m, np.mean(v01**2, axis=-1) / n)
    return auc, np.where(_collapsed(var, scale), 0.0, np.sqrt(var))


@keywords
def simulate_delong_coverage(
    auc: float,
    n_positive: int,
    n_negative: int,
    *,
    sigma: float = 1.0,
    confidence_level: float = 0.95,
    transform: Literal["logit", "clip"] = "logit",
    n_datasets: int = 2000,
    rng: int | np.random.Generator | None = None,
) -> DeLongCoverage:
    r"""How often DeLong's interval contains the true AUC under the binormal model.

    Draws ``n_datasets`` data sets of m positives and n negatives from
    :func:`binormal_scores`, computes each one's DeLong interval (vectorised, in chunks of
    bounded memory) and counts the intervals that contain ``auc``. The counts are a
    binomial sample, so the Monte Carlo standard error of the coverage is
    :math:`\sqrt{c(1 - c)/R}`. The same ``rng`` gives the same data sets for either
    ``transform``, so the two can be compared on identical draws.

    Parameters
    ----------
    auc : float
        True AUC in (0, 1).
    n_positive, n_negative : int
        At least 2 each.
    sigma, confidence_level, transform
        As in :func:`binormal_scores` and :func:`~patterneval.compare.delong_interval`.
    n_datasets : int, keyword-only
        Number of simulated data sets R >= 2 (the spread of the estimates needs two): a
        Monte Carlo study draws fresh data sets, so the count is ``n_datasets``
        (``n_resamples`` counts resamples of one given data set).
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    DeLongCoverage
        Data sets with a DeLong variance of 0 (``degenerate``) count as misses.

    Examples
    --------
    >>> from patterneval.book.roc_auc import simulate_delong_coverage
    >>> cov = simulate_delong_coverage(0.8, 50, 50, n_datasets=2000, rng=1)
    >>> abs(cov.coverage - 0.95) < 4 * cov.std_error + 0.01
    True
    """
    theta = check_scalar("auc", auc, float, low=0, high=1, closed="neither")
    m = check_scalar("n_positive", n_positive, int, low=2)
    n = check_scalar("n_negative", n_negative, int, low=2)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    transform = check_choice("transform", transform, TRANSFORMS)
    R = check_scalar("n_datasets", n_datasets, int, low=2)
    sigma = check_scalar("sigma", sigma, float, low=0, closed="neither")
    gen = check_rng(rng)
    z = stats.norm.ppf(0.5 + level / 2)
    mu = stats.norm.ppf(theta) * np.sqrt(1 + sigma**2)
    chunk = max(1, _CHUNK_ENTRIES // (m + n))
    aucs, ses = [], []
    for start in range(0, R, chunk):
        rows = min(chunk, R - start)
        draw = gen.standard_normal((rows, m + n))  # consecutive rows of one stream
        a, s = delong_rows(mu + sigma * draw[:, :m], draw[:, m:])
        aucs.append(a)
        ses.append(s)
    aucs, ses = np.concatenate(aucs), np.concatenate(ses)
    low, high = _interval(aucs, ses, z, transform)
    hit = (low <= theta) & (theta <= high)
    c = float(hit.mean())
    return DeLongCoverage(
        coverage=c,
        std_error=float(np.sqrt(c * (1 - c) / R)),
        degenerate=float(np.mean(ses == 0.0)),
        below=float(np.mean(high < theta)),
        above=float(np.mean(low > theta)),
        mean_width=float(np.mean(high - low)),
        mean_auc=float(aucs.mean()),
        sd_auc=float(aucs.std(ddof=1)),
        mean_std_error=float(ses.mean()),
        auc=theta,
        n_positive=m,
        n_negative=n,
        n_datasets=R,
        confidence_level=level,
        transform=transform,
    )
