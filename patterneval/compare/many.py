r"""Many classifiers over many data sets: Friedman, Nemenyi, Holm, critical differences and
the Bayesian signed-rank test.

Setting (Part V, chapter "Many classifiers"). k classifiers, N data sets, one score per
classifier and data set (e.g. the mean AUC of a cross-validation), stored as an array
``scores`` of shape (N, k): one row per data set, one column per classifier. Scores are
*higher is better* unless ``lower_is_better=True`` (error rates, losses).

Ranks. On each data set the classifiers are ranked 1 (best) to k (worst); tied scores
share the average of the ranks they span (two classifiers tied for second and third both
get 2.5). Scores within :data:`~patterneval._ties.TIE_RTOL` (1e-12) relative of each other
count as tied, so round-off in how the scores were computed cannot break or make a tie.
The average rank of classifier j over the N data sets is :math:`R_j`; under the null
hypothesis that all classifiers are equivalent every :math:`R_j` has expectation
:math:`(k+1)/2`.

Everything follows Demšar (2006); :func:`patterneval.book.many_classifiers.demsar_table`
returns the worked example of his section 3.2.2 (four variants of C4.5 on fourteen data sets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats

from .._api import keywords
from .._results import Result
from .._ties import TIE_RTOL, argsort_tied
from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_rng,
    check_scalar,
    fail,
)
from ._checks import NamedResult, check_paired_scores, pair_from_table, table_from_cv_scores
from .scores import CVScores

__all__ = [
    "CD_TESTS",
    "BayesianSignedRank",
    "CriticalDifference",
    "FriedmanTest",
    "HolmTest",
    "NemenyiTest",
    "average_ranks",
    "bayesian_signed_rank",
    "critical_difference",
    "critical_difference_groups",
    "friedman_test",
    "holm_test",
    "nemenyi_test",
    "rank_scores",
]

#: Post-hoc tests whose critical difference :func:`critical_difference` computes.
CD_TESTS = ("nemenyi", "bonferroni-dunn")


# ----------------------------------------------------------------------------- ranks
def rank_scores(scores: ArrayLike, *, lower_is_better: bool = False) -> np.ndarray:
    """Ranks of the classifiers on each data set: 1 = best, ties share their average rank.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k)
        One row per data set, one column per classifier.
    lower_is_better : bool, keyword-only
        Whether lower scores are better (error rates); default higher is better.

    Returns
    -------
    ndarray, shape (n_datasets, k)
        Ranks in 1..k; each row sums to k(k+1)/2.

    Notes
    -----
    Two scores count as tied when they differ by at most ``TIE_RTOL`` (1e-12) times the
    largest magnitude in their row, so that scores equal in exact arithmetic but computed
    along different floating-point paths still tie. Within that tolerance the rule is
    :func:`scipy.stats.rankdata` with ``method="average"`` (on the negated scores when
    higher is better), which it equals for exactly equal or well-separated scores.

    Examples
    --------
    >>> from patterneval.compare import rank_scores
    >>> rank_scores([[0.936, 0.931, 0.916, 0.931]])  # Demsar's iris row
    array([[1. , 2.5, 4. , 2.5]])
    """
    arr = check_score_matrix(scores, min_datasets=1, min_classifiers=1)
    lower_is_better = check_bool("lower_is_better", lower_is_better)
    return _rank(arr, lower_is_better)


def _rank(arr, lower_is_better):
    keys = arr if lower_is_better else -arr
    n, k = keys.shape
    order = np.argsort(keys, axis=1, kind="stable")
    sorted_keys = np.take_along_axis(keys, order, axis=1)
    scale = np.abs(arr).max(axis=1, keepdims=True)
    tol = TIE_RTOL * scale
    # a new group starts where the gap to the previous sorted score exceeds the tolerance
    starts = np.concatenate([np.ones((n, 1), bool), np.diff(sorted_keys, axis=1) > tol], axis=1)
    group = np.cumsum(starts, axis=1)
    positions = np.broadcast_to(np.arange(1, k + 1, dtype=float), (n, k))
    ranks_sorted = np.empty((n, k))
    for i in range(n):
        sums = np.bincount(group[i], weights=positions[i])
        counts = np.bincount(group[i])
        ranks_sorted[i] = (sums / np.maximum(counts, 1))[group[i]]
    ranks = np.empty((n, k))
    np.put_along_axis(ranks, order, ranks_sorted, axis=1)
    return ranks


def average_ranks(scores: ArrayLike, *, lower_is_better: bool = False) -> np.ndarray:
    """Average rank of each classifier over the data sets (:func:`rank_scores`, column means).

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k)
        One row per data set, one column per classifier.
    lower_is_better : bool, default False, keyword-only
        Whether lower scores are better (error rates); by default higher is better.

    Returns
    -------
    ndarray, shape (k,)
        The mean rank of each classifier (1 = best, ties share their average rank); the
        ranks sum to k(k+1)/2.

    Examples
    --------
    >>> from patterneval.compare import average_ranks
    >>> average_ranks([[0.9, 0.8], [0.7, 0.75], [0.6, 0.5]]).round(4)
    array([1.3333, 1.6667])
    """
    return rank_scores(scores, lower_is_better=lower_is_better).mean(axis=0)


def _tie_sum(ranks):
    """sum over data sets and tie groups of (t^3 - t): the Friedman tie correction."""
    total = 0.0
    for row in ranks:
        _, counts = np.unique(row, return_counts=True)
        total += float(np.sum(counts.astype(float) ** 3 - counts))
    return total


# ----------------------------------------------------------------------------- Friedman
@dataclass(frozen=True, repr=False)
class FriedmanTest(NamedResult):
    """Friedman's test with the Iman-Davenport F.

    Attributes
    ----------
    statistic : float
        Friedman's :math:`\\chi^2_F`.
    pvalue : float
        Upper tail of :math:`\\chi^2_{k-1}`.
    iman_davenport : float
        :math:`F_F = (N-1)\\chi^2_F/(N(k-1) - \\chi^2_F)`; ``inf`` under complete
        concordance (every data set ranks the classifiers identically), where the
        denominator, the residual mean square of the ranks, is 0.
    iman_davenport_pvalue : float
        Upper tail of :math:`F_{k-1, (k-1)(N-1)}`; under complete concordance, where that
        tail is 0, the exact permutation probability :math:`m^{-(N-1)}` of a table this
        concordant (see :func:`friedman_test`).
    average_ranks : ndarray, shape (k,)
    ranks : ndarray, shape (N, k)
    n_datasets, n_classifiers : int
    tie_correction : bool
        Whether :math:`\\chi^2_F` was divided by the tie correction.
    names : tuple of str or None
        The classifiers' names, one per column, from a DataFrame's columns or the CVScores'
        names (None for an array, and then left out of the repr).
    """

    _means = (
        "The p-value is the probability, were all classifiers equally good (ranks exchangeable on "
        "every data set), of average ranks at least this far apart (Iman-Davenport: "
        "{iman_davenport_pvalue:.3g}); a small one says that some differ, not which."
    )

    statistic: float
    pvalue: float
    iman_davenport: float
    iman_davenport_pvalue: float
    average_ranks: np.ndarray
    ranks: np.ndarray
    n_datasets: int
    n_classifiers: int
    tie_correction: bool
    names: tuple | None = None


def friedman_test(
    scores: ArrayLike | Sequence[CVScores],
    *,
    lower_is_better: bool = False,
    tie_correction: bool = False,
) -> FriedmanTest:
    r"""Friedman's test that k classifiers perform equally over N data sets, with the
    Iman-Davenport correction.

    With the average ranks :math:`R_j` (module docstring),

    .. math::

        \chi^2_F = \frac{12N}{k(k+1)}\Big[\sum_{j=1}^k R_j^2 - \frac{k(k+1)^2}{4}\Big]
        \;\sim\; \chi^2_{k-1},

    i.e. :math:`12N/(k(k+1))` times the sum of squared deviations of the :math:`R_j` from
    their null mean :math:`(k+1)/2`. Friedman's chi-square is conservative for small N;
    Iman and Davenport's

    .. math::

        F_F = \frac{(N-1)\,\chi^2_F}{N(k-1) - \chi^2_F} \;\sim\; F_{k-1,\,(k-1)(N-1)}

    is the statistic Demšar (2006) recommends.

    Ties. Tied scores get average ranks. ``tie_correction=False`` (default) uses the
    formula above, as Demšar does; ``tie_correction=True`` divides :math:`\chi^2_F` by
    :math:`1 - \sum (t^3 - t)/(N k (k^2-1))`, the sum over every group of t tied scores
    on every data set, which makes the statistic the rank-ANOVA of the tied ranks
    (Conover) and matches :func:`scipy.stats.friedmanchisquare` exactly.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k), DataFrame, or sequence of CVScores
        One row per data set, one column per classifier; N >= 2, k >= 2. A pandas
        DataFrame (its columns name the classifiers), or one
        :class:`~patterneval.compare.CVScores` per data set (the same estimators in each;
        each reduced to its mean score per estimator over its splits).
    lower_is_better : bool, keyword-only
        Rank low scores first (error rates); default higher is better.
    tie_correction : bool, keyword-only
        Divide by the tie correction (scipy's convention).

    Returns
    -------
    FriedmanTest
        ``statistic`` (:math:`\chi^2_F`), ``pvalue``, ``iman_davenport``,
        ``iman_davenport_pvalue``, ``average_ranks`` and the ``ranks``.

    Raises
    ------
    ValueError
        With ``tie_correction=True`` when every data set ties all classifiers (the
        correction is 0).

    Notes
    -----
    Complete concordance. When every data set ranks the classifiers identically,
    :math:`\chi^2_F` reaches its maximum :math:`N(k-1)` (with ties, under
    ``tie_correction=True``) and is a valid statistic with a valid p-value, but the
    denominator of :math:`F_F` is the residual mean square of the ranks (Iman-Davenport's
    F is the two-way analysis of variance of the ranks), and it has collapsed to 0: the
    F approximation's p-value would be exactly 0, which no finite table warrants. The
    function then reports ``iman_davenport = inf`` and, as ``iman_davenport_pvalue``, the
    exact probability under the null (each row an equally likely arrangement of its
    ranks, rows independent) of a table at least this concordant, which is the probability
    that all N rows coincide: :math:`m^{-(N-1)}`, with :math:`m = k!/\prod_g t_g!` the
    number of distinct arrangements of a row whose ties have sizes :math:`t_g`
    (:math:`m = k!` without ties). "Complete" is decided against a relative round-off
    tolerance (``TIE_RTOL``) of :math:`N(k-1)`.

    ``scipy.stats.friedmanchisquare(*scores.T)`` takes the classifiers as separate
    arguments, always applies the tie correction and refuses k < 3; with
    ``tie_correction=True`` the two agree to round-off, and without ties the two settings
    coincide. For k = 2 Friedman's test is the two-sided sign test (in its chi-square
    approximation). O(N k log k).

    References
    ----------
    .. [1] M. Friedman, "The use of ranks to avoid the assumption of normality implicit
       in the analysis of variance," JASA 32(200), 675-701, 1937.
       doi:10.1080/01621459.1937.10503522
    .. [2] R. L. Iman and J. M. Davenport, "Approximations of the critical region of the
       Friedman statistic," Communications in Statistics - Theory and Methods 9(6),
       571-595, 1980. doi:10.1080/03610928008827904
    .. [3] J. Demšar, "Statistical comparisons of classifiers over multiple data sets,"
       JMLR 7, 1-30, 2006. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    Demšar's example, from the ranks he printed (his table 6):

    >>> from patterneval.book.many_classifiers import demsar_table
    >>> from patterneval.compare import friedman_test
    >>> table = demsar_table()
    >>> result = friedman_test(-table.published_ranks)  # rank 1 = best = highest score
    >>> result.average_ranks.round(3)
    array([3.143, 2.   , 2.893, 1.964])
    >>> round(result.statistic, 2), round(result.iman_davenport, 2)
    (9.28, 3.69)
    """
    scores, names = table_from_cv_scores(scores)
    arr = check_score_matrix(scores)
    lower_is_better = check_bool("lower_is_better", lower_is_better)
    tie_correction = check_bool("tie_correction", tie_correction)
    ranks = _rank(arr, lower_is_better)
    N, k = ranks.shape
    R = ranks.mean(axis=0)
    chi2 = 12.0 * N / (k * (k + 1)) * float(np.sum((R - (k + 1) / 2.0) ** 2))
    if tie_correction:
        c = 1.0 - _tie_sum(ranks) / (N * k * (k * k - 1.0))
        if c <= 0:
            raise ValueError(
                "scores ties all classifiers on every data set; the tie-corrected Friedman "
                "statistic is 0/0 (use tie_correction=False, which gives 0)."
            )
        chi2 /= c
    chi2 = max(chi2, 0.0)
    pvalue = float(stats.chi2.sf(chi2, k - 1))
    denominator = N * (k - 1) - chi2
    if denominator <= TIE_RTOL * N * (k - 1):  # complete concordance: every data set ranks alike
        f, f_pvalue = np.inf, _concordance_pvalue(ranks[0], N)
    else:
        f = (N - 1) * chi2 / denominator
        f_pvalue = float(stats.f.sf(f, k - 1, (k - 1) * (N - 1)))
    return FriedmanTest(
        statistic=float(chi2),
        pvalue=pvalue,
        iman_davenport=float(f),
        iman_davenport_pvalue=f_pvalue,
        average_ranks=R,
        ranks=ranks,
        n_datasets=N,
        n_classifiers=k,
        tie_correction=tie_correction,
        names=names,
    )


def _concordance_pvalue(row, N):
    """m^-(N-1), m = k!/prod(t!) the number of distinct arrangements of the rank vector ``row``
    (ties of sizes t): the null probability that N independent rows all equal the first."""
    _, counts = np.unique(row, return_counts=True)
    log_m = special.gammaln(row.size + 1.0) - float(np.sum(special.gammaln(counts + 1.0)))
    return float(np.exp(-(N - 1) * log_m))


# ----------------------------------------------------------------------------- critical differences
@lru_cache(maxsize=512)
def _q_alpha(k: int, alpha: float, test: str) -> float:
    if test == "nemenyi":
        return float(stats.studentized_range.ppf(1.0 - alpha, k, np.inf) / np.sqrt(2.0))
    return float(stats.norm.isf(alpha / (2.0 * (k - 1))))


@dataclass(frozen=True, repr=False)
class CriticalDifference(Result):
    """The critical difference of average ranks and where it comes from.

    ``float(cd)`` is ``cd.value``.

    Attributes
    ----------
    value : float
        :math:`CD = q_\\alpha \\sqrt{k(k+1)/(6N)}`.
    q_alpha : float
        The critical value (Demšar's table 5).
    standard_error : float
        :math:`\\sqrt{k(k+1)/(6N)}`, the standard error of a difference of two average ranks.
    k, n_datasets : int
    alpha : float
    test : str
    """

    value: float
    q_alpha: float
    standard_error: float
    k: int
    n_datasets: int
    alpha: float
    test: str

    def __float__(self) -> float:
        return float(self.value)


def critical_difference(
    k: int,
    n_datasets: int,
    *,
    alpha: float = 0.05,
    test: Literal["nemenyi", "bonferroni-dunn"] = "nemenyi",
) -> CriticalDifference:
    r"""The critical difference (CD) of average ranks for the Nemenyi or Bonferroni-Dunn test.

    Two average ranks over N data sets differ by more than chance when

    .. math::

        |R_i - R_j| \ge CD = q_\alpha \sqrt{\frac{k(k+1)}{6N}}.

    Under the null each :math:`R_j` has variance :math:`(k^2-1)/(12N)` and two of them
    covariance :math:`-(k+1)/(12N)`, so their difference has variance
    :math:`k(k+1)/(6N)`. The critical value :math:`q_\alpha`:

    * ``test="nemenyi"`` (all :math:`k(k-1)/2` pairs): the :math:`1-\alpha` quantile of
      the studentized range of k independent standard normals (infinite degrees of
      freedom) divided by :math:`\sqrt2`, computed exactly with
      :func:`scipy.stats.studentized_range`;
    * ``test="bonferroni-dunn"`` (k - 1 comparisons with a control): the two-sided
      normal quantile at :math:`\alpha/(k-1)`, :math:`z_{1-\alpha/(2(k-1))}`.

    Parameters
    ----------
    k : int
        Number of classifiers, k >= 2.
    n_datasets : int
        Number of data sets N >= 2.
    alpha : float, keyword-only
        Family-wise significance level in (0, 1).
    test : {"nemenyi", "bonferroni-dunn"}, keyword-only

    Returns
    -------
    CriticalDifference
        ``value`` (the CD), ``q_alpha`` and ``standard_error``.

    Notes
    -----
    Demšar's table 5 prints :math:`q_\alpha` to three decimals; it was built from
    three-decimal studentized-range tables, so the exact values agree with it within
    1e-3 (2.3437 for his 2.343 at k = 3) and to every digit at k = 4 (2.569, 2.291,
    2.394), and one entry is a misprint (Bonferroni-Dunn, k = 9, 0.05: 2.724 for 2.734). autorank's CD uses statsmodels' ``qsturng``,
    an interpolation of tabulated studentized-range quantiles, and agrees with the exact
    value to about three significant digits; Orange's ``compute_CD`` uses the printed
    table. The quantile is cached per (k, alpha, test).

    References
    ----------
    .. [1] J. Demšar, "Statistical comparisons of classifiers over multiple data sets,"
       JMLR 7, 1-30, 2006. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] O. J. Dunn, "Multiple comparisons among means," JASA 56(293), 52-64, 1961.
       doi:10.1080/01621459.1961.10482090

    Examples
    --------
    >>> from patterneval.compare import critical_difference
    >>> cd = critical_difference(4, 14)
    >>> round(cd.q_alpha, 3), round(cd.value, 2)
    (2.569, 1.25)
    >>> round(float(critical_difference(4, 14, alpha=0.10)), 2)
    1.12
    >>> round(critical_difference(4, 14, test="bonferroni-dunn").q_alpha, 3)
    2.394
    """
    k = check_scalar("k", k, int, low=2)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    test = check_choice("test", test, CD_TESTS)
    q = _q_alpha(k, alpha, test)
    se = float(np.sqrt(k * (k + 1) / (6.0 * n_datasets)))
    return CriticalDifference(
        value=q * se,
        q_alpha=q,
        standard_error=se,
        k=k,
        n_datasets=n_datasets,
        alpha=alpha,
        test=test,
    )


def critical_difference_groups(average_ranks: ArrayLike, cd: float) -> list:
    """Groups of classifiers whose average ranks are within the critical difference: the
    bars of a critical-difference diagram.

    Sort the classifiers by average rank; for each one, the group is it and every
    classifier after it whose rank exceeds its own by less than ``cd`` (Demšar: two
    classifiers differ significantly when their ranks differ by at least the CD). Groups
    contained in another group, and single classifiers, are dropped. A difference within
    ``TIE_RTOL`` (1e-12, relative to the largest rank and the CD) of ``cd`` counts as equal to
    it, so that round-off cannot group two classifiers whose ranks differ by exactly the CD
    (5/3 and 8/3 differ by 0.9999999999999998 in floating point).

    Parameters
    ----------
    average_ranks : array_like, shape (k,)
    cd : float
        The critical difference (a float or a :class:`CriticalDifference`).

    Returns
    -------
    list of tuple of int
        Each group as the column indices of its classifiers, in increasing average rank;
        groups ordered by their best member. Classifiers tied in average rank are ordered
        by column index.

    Examples
    --------
    >>> from patterneval.compare import critical_difference_groups
    >>> critical_difference_groups([3.143, 2.000, 2.893, 1.964], 1.12)  # Demsar, alpha = 0.10
    [(3, 1, 2), (2, 0)]
    """
    R = check_array(
        "average_ranks", average_ranks, ndim=1, min_rows=2, shape_hint="(one per classifier)"
    )
    cd = check_scalar(
        "cd",
        float(cd) if isinstance(cd, CriticalDifference) else cd,
        float,
        low=0,
        closed="neither",
    )
    order = np.argsort(R, kind="stable")
    Rs = R[order]
    below = cd - TIE_RTOL * max(float(np.abs(R).max()), cd)  # differences at least this are >= cd
    spans = []
    for i in range(Rs.size):
        j = i
        while j + 1 < Rs.size and Rs[j + 1] - Rs[i] < below:
            j += 1
        spans.append((i, j))
    maximal = [
        (i, j)
        for i, j in spans
        if j > i and not any(a <= i and j <= b and (a, b) != (i, j) for a, b in spans)
    ]
    return [tuple(int(order[t]) for t in range(i, j + 1)) for i, j in maximal]


# ----------------------------------------------------------------------------- Nemenyi
@dataclass(frozen=True, repr=False)
class NemenyiTest(NamedResult):
    """Nemenyi's all-pairs post-hoc test after Friedman's.

    Attributes
    ----------
    statistic : ndarray, shape (k, k)
        :math:`|R_i - R_j| / \\sqrt{k(k+1)/(6N)}` (0 on the diagonal).
    pvalue : ndarray, shape (k, k)
        Family-wise p-values from the studentized range (1 on the diagonal).
    average_ranks : ndarray, shape (k,)
    critical_difference : CriticalDifference
        At ``alpha``.
    reject : ndarray of bool, shape (k, k)
        Whether the hypothesis that classifiers i and j are equivalent is rejected at
        ``alpha``: ``|R_i - R_j| >= CD`` (statsmodels' name, as in :class:`HolmTest`).
    groups : list of tuple of int
        :func:`critical_difference_groups` at the CD.
    names : tuple of str or None
        The classifiers' names (as in :class:`FriedmanTest`).
    """

    _means = (
        "Two classifiers differ at level {critical_difference.alpha:g} (family-wise, over all pairs) "
        "when their average ranks differ by at least the critical difference "
        "{critical_difference.value:.3g}; reject marks those pairs."
    )

    statistic: np.ndarray
    pvalue: np.ndarray
    average_ranks: np.ndarray
    critical_difference: CriticalDifference
    reject: np.ndarray
    groups: list
    names: tuple | None = None


def nemenyi_test(
    scores: ArrayLike | Sequence[CVScores], *, alpha: float = 0.05, lower_is_better: bool = False
) -> NemenyiTest:
    r"""Nemenyi's post-hoc test: which pairs of k classifiers differ over N data sets?

    For each pair, :math:`z_{ij} = |R_i - R_j|/\sqrt{k(k+1)/(6N)}` and the p-value is
    :math:`P(Q_{k,\infty} \ge \sqrt2\, z_{ij})`, with :math:`Q_{k,\infty}` the studentized
    range of k standard normals: the probability that the *largest* of the k(k-1)/2
    differences is this large under the null, which controls the family-wise error. A
    pair is significant at ``alpha`` (``reject``) exactly when :math:`|R_i - R_j| \ge CD`
    (:func:`critical_difference`).

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k), DataFrame, or sequence of CVScores
        One row per data set, one column per classifier; N >= 2, k >= 2. A pandas
        DataFrame (its columns name the classifiers), or one
        :class:`~patterneval.compare.CVScores` per data set (the same estimators in each;
        each reduced to its mean score per estimator over its splits).
    alpha : float, keyword-only
        Level of the critical difference and the ``reject`` matrix.
    lower_is_better : bool, keyword-only

    Returns
    -------
    NemenyiTest

    Notes
    -----
    scikit-posthocs' ``posthoc_nemenyi_friedman(scores)`` computes the same p-value
    matrix (ranks ascending rather than descending, which leaves every
    :math:`|R_i - R_j|` unchanged); the two agree to round-off. Run it after a significant
    Friedman test (Demšar 2006, section 3.2.2). O(N k log k + k^2).

    No spread. The standard error :math:`\sqrt{k(k+1)/(6N)}` is the null value, not an
    estimate from the scores, so it cannot collapse: when every data set ties all
    classifiers, every :math:`|R_i - R_j|` is 0, every statistic 0 and every p-value 1
    (ties shrink the null variance of the ranks, so the test is then conservative).

    References
    ----------
    .. [1] P. B. Nemenyi, *Distribution-free multiple comparisons*, PhD thesis, Princeton
       University, 1963.
    .. [2] J. Demšar, "Statistical comparisons of classifiers over multiple data sets,"
       JMLR 7, 1-30, 2006. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> from patterneval.book.many_classifiers import demsar_table
    >>> from patterneval.compare import nemenyi_test
    >>> result = nemenyi_test(-demsar_table().published_ranks, alpha=0.10)
    >>> round(result.critical_difference.value, 2)
    1.12
    >>> result.reject[0].tolist()  # C4.5 against C4.5, +m, +cf, +m+cf
    [False, True, False, True]
    """
    scores, names = table_from_cv_scores(scores)
    arr = check_score_matrix(scores)
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    lower_is_better = check_bool("lower_is_better", lower_is_better)
    N, k = arr.shape
    R = _rank(arr, lower_is_better).mean(axis=0)
    cd = critical_difference(k, N, alpha=alpha)
    diff = np.abs(R[:, None] - R[None, :])
    z = diff / cd.standard_error
    p = stats.studentized_range.sf(np.sqrt(2.0) * z, k, np.inf)
    p = np.where(diff == 0, 1.0, np.clip(p, 0.0, 1.0))
    np.fill_diagonal(p, 1.0)
    return NemenyiTest(
        statistic=z,
        pvalue=p,
        average_ranks=R,
        critical_difference=cd,
        reject=diff >= cd.value,
        groups=critical_difference_groups(R, cd.value),
        names=names,
    )


# ----------------------------------------------------------------------------- Holm
@dataclass(frozen=True, repr=False)
class HolmTest(NamedResult):
    """Holm's step-down comparison of k - 1 classifiers with a control.

    Every array of length k - 1 is in column order: entry i belongs to the classifier in
    column ``classifiers[i]`` of the scores (every column but the control's, in increasing
    column index), as the rows and columns of :class:`NemenyiTest`.

    Attributes
    ----------
    statistic : ndarray, shape (k - 1,)
        :math:`z_i = (R_{control} - R_i)/\\sqrt{k(k+1)/(6N)}`; positive when classifier i
        ranks better than the control.
    pvalue : ndarray, shape (k - 1,)
        Unadjusted two-sided p-values :math:`2\\Phi(-|z_i|)`.
    adjusted_pvalue : ndarray, shape (k - 1,)
        Holm-adjusted p-values; reject where ``adjusted_pvalue <= alpha``.
    reject : ndarray of bool, shape (k - 1,)
        Whether the hypothesis that classifier i and the control are equivalent is
        rejected at ``alpha`` (statsmodels' name, as in :class:`NemenyiTest`).
    classifiers : ndarray of int, shape (k - 1,)
        Column indices of the compared classifiers, increasing.
    order : ndarray of int, shape (k - 1,)
        The same column indices in the order of the step-down procedure: increasing
        unadjusted p-value (decreasing :math:`|z|`), equal p-values by column index.
    control : int
    average_ranks : ndarray, shape (k,)
    alpha : float
    names : tuple of str or None
        The names of all k classifiers, one per column of the scores (as in
        :class:`FriedmanTest`).
    """

    _rows = ("classifiers", "statistic", "pvalue", "adjusted_pvalue", "reject")
    _means = (
        "Each classifier against the control (column {control}): reject where the Holm-adjusted "
        "p-value is at most alpha = {alpha:g}, which keeps the probability of any false rejection at "
        "most alpha."
    )

    statistic: np.ndarray
    pvalue: np.ndarray
    adjusted_pvalue: np.ndarray
    reject: np.ndarray
    classifiers: np.ndarray
    order: np.ndarray
    control: int
    average_ranks: np.ndarray
    alpha: float
    names: tuple | None = None


def holm_test(
    scores: ArrayLike | Sequence[CVScores],
    *,
    control: int | str,
    alpha: float = 0.05,
    lower_is_better: bool = False,
) -> HolmTest:
    r"""Compare every classifier with a control by Holm's step-down procedure.

    For each of the m = k - 1 other classifiers,
    :math:`z_i = (R_{control} - R_i)/\sqrt{k(k+1)/(6N)}` and :math:`p_i = 2\Phi(-|z_i|)`.
    Order the p-values :math:`p_{(1)} \le \dots \le p_{(m)}`; Holm rejects
    :math:`H_{(1)}, \dots, H_{(j)}` up to the first :math:`p_{(j+1)} > \alpha/(m - j)` and
    keeps the rest. Equivalently the adjusted p-values
    :math:`\tilde p_{(j)} = \max_{i \le j} \min(1, (m - i + 1)\, p_{(i)})` are compared
    with alpha. Holm controls the family-wise error like Bonferroni-Dunn and is uniformly
    more powerful.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k), DataFrame, or sequence of CVScores
        One row per data set, one column per classifier; N >= 2, k >= 2. A pandas
        DataFrame (its columns name the classifiers), or one
        :class:`~patterneval.compare.CVScores` per data set (the same estimators in each;
        each reduced to its mean score per estimator over its splits).
    control : int or str, keyword-only
        Column index of the control classifier (e.g. the baseline a new method must beat),
        or its name when the scores name their classifiers (a DataFrame, CVScores).
        Choose it before looking at the results: picking the best-ranked classifier
        after the fact is a selection the test does not account for.
    alpha : float, keyword-only
    lower_is_better : bool, keyword-only

    Returns
    -------
    HolmTest
        The arrays in column order (``classifiers``), the step-down ``order`` beside them.

    Notes
    -----
    The adjusted p-values equal ``statsmodels.stats.multitest.multipletests(pvalue,
    method="holm")[1]`` to round-off. O(N k log k).

    No spread. As in :func:`nemenyi_test` the standard error is the null value
    :math:`\sqrt{k(k+1)/(6N)}`, not an estimate, so it cannot collapse; classifiers tied
    with the control on every data set get z = 0 and p = 1.

    References
    ----------
    .. [1] S. Holm, "A simple sequentially rejective multiple test procedure,"
       Scandinavian Journal of Statistics 6(2), 65-70, 1979.
    .. [2] J. Demšar, "Statistical comparisons of classifiers over multiple data sets,"
       JMLR 7, 1-30, 2006. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    Demšar's example with C4.5 (column 0) as the control:

    >>> from patterneval.book.many_classifiers import demsar_table
    >>> from patterneval.compare import holm_test
    >>> result = holm_test(-demsar_table().published_ranks, control=0)
    >>> result.classifiers.tolist(), result.statistic.round(3).tolist()
    ([1, 2, 3], [2.342, 0.512, 2.415])
    >>> result.reject.tolist(), result.order.tolist()
    ([True, False, True], [3, 1, 2])
    """
    scores, names = table_from_cv_scores(scores)
    arr = check_score_matrix(scores)
    N, k = arr.shape
    if isinstance(control, str) and names is not None:
        if control not in names:
            raise fail(
                "control", f"a column index of scores or one of the names {list(names)}", control
            )
        control = names.index(control)
    control = check_scalar(
        "control", control, int, low=0, high=k - 1, hint="(a column index of scores)"
    )
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    lower_is_better = check_bool("lower_is_better", lower_is_better)
    R = _rank(arr, lower_is_better).mean(axis=0)
    se = np.sqrt(k * (k + 1) / (6.0 * N))
    others = np.array([j for j in range(k) if j != control])
    z = (R[control] - R[others]) / se
    p = 2.0 * stats.norm.sf(np.abs(z))
    # order by |z| decreasing (p increasing); |z| equal within TIE_RTOL keep column order
    order = argsort_tied(-np.abs(z), scale=max(float(np.abs(z).max()), 1.0))
    m = others.size
    scaled = np.minimum(1.0, (m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(scaled)  # back to column order
    return HolmTest(
        statistic=z,
        pvalue=p,
        adjusted_pvalue=adjusted,
        reject=adjusted <= alpha,
        classifiers=others,
        order=others[order],
        control=control,
        average_ranks=R,
        alpha=alpha,
        names=names,
    )


# ----------------------------------------------------------------------------- Bayesian signed rank
@dataclass(frozen=True, repr=False)
class BayesianSignedRank(NamedResult):
    """Posterior of the Bayesian signed-rank test.

    The probabilities are posterior probabilities, not p-values, so there is no
    ``pvalue`` field.

    Attributes
    ----------
    p_a_better, p_rope, p_b_better : float
        Posterior probability that A better / practically equivalent / B better is the
        most probable of the three regions (the fraction of posterior samples in which
        it is; a sample tied between regions counts a share to each).
    samples : ndarray, shape (n_draws, 3)
        Posterior samples of :math:`(\\theta_A, \\theta_{rope}, \\theta_B)`, each row
        summing to 1.
    rope : float
    prior_strength : float
    differences : ndarray, shape (N,)
        ``scores_a - scores_b``.
    names : tuple of str or None
        The names of A and B when the scores came as a table (a DataFrame, CVScores);
        None otherwise, and then left out of the repr.
    """

    _means = (
        "Posterior probabilities that A better, practically equivalent (rope {rope:g}) or B better is"
        " the most probable region: {p_a_better:.3g}, {p_rope:.3g}, {p_b_better:.3g}; unlike "
        "p-values, probabilities of the hypotheses given the data and the prior."
    )

    p_a_better: float
    p_rope: float
    p_b_better: float
    samples: np.ndarray
    rope: float
    prior_strength: float
    differences: np.ndarray
    names: tuple | None = None


def _heaviside(x, tol):
    """1 above tol, 0 below -tol, 1/2 within: H(0) = 1/2 with a round-off margin."""
    return np.where(x > tol, 1.0, np.where(x < -tol, 0.0, 0.5))


def _pair_regions(z, rope, tol):
    """Weights of each pair (i, j) in "A better" and "B better", shape (n + 1, n + 1) each.

    rope > 0: the rope is the closed interval [-r, r] (Benavoli et al. 2017), so a pair counts
    for A when z_i + z_j > 2r by more than ``tol``, for B when z_i + z_j < -2r by more than
    ``tol``, and otherwise (the boundary included) for the rope. rope = 0: the signed-rank
    Heaviside with H(0) = 1/2 (Benavoli et al. 2014), so a pair summing to 0 counts half for
    each side."""
    sums = z[:, None] + z[None, :]
    if rope == 0:
        above = _heaviside(sums, tol)
        return above, 1.0 - above
    return (sums - 2.0 * rope > tol).astype(float), (-sums - 2.0 * rope > tol).astype(float)


def _signed_rank_thetas(z, weights, rope, tol):
    """theta_A, theta_rope, theta_B for each row of Dirichlet weights (n_samples, n + 1),
    z holding the pseudo-observation 0 first (regions of the pairs: :func:`_pair_regions`)."""
    above, below = _pair_regions(z, rope, tol)
    theta_a = np.einsum("si,si->s", weights @ above, weights)
    theta_b = np.einsum("si,si->s", weights @ below, weights)
    if rope == 0:
        theta_b = 1.0 - theta_a
    return np.column_stack([theta_a, 1.0 - theta_a - theta_b, theta_b])


def _winner_shares(samples):
    """Per sample, a share 1 to the largest theta; ties within TIE_RTOL split equally."""
    best = samples.max(axis=1, keepdims=True)
    tied = samples >= best - TIE_RTOL
    return tied / tied.sum(axis=1, keepdims=True)


@keywords
def bayesian_signed_rank(
    scores_a: ArrayLike | Sequence[CVScores],
    scores_b: ArrayLike | None = None,
    *,
    rope: float,
    prior_strength: float = 0.5,
    n_draws: int = 50_000,
    rng: int | np.random.Generator | None = None,
) -> BayesianSignedRank:
    r"""Benavoli et al.'s Bayesian signed-rank test of two classifiers over N data sets.

    The differences :math:`z_i = a_i - b_i` (one per data set) are a sample from an
    unknown distribution F. The prior on F is a Dirichlet process with strength s
    (``prior_strength``) whose base measure is a point mass at a pseudo-observation
    :math:`z_0 = 0` (no difference); the posterior is then a Dirichlet process too, and
    a posterior draw of F puts weights

    .. math::

        (w_0, w_1, \dots, w_N) \sim \mathrm{Dirichlet}(s, 1, \dots, 1)

    on :math:`(z_0, z_1, \dots, z_N)`. The signed-rank question -- is
    :math:`(Z + Z')/2` above the rope r, inside it, or below, for two independent
    differences Z, Z' -- has, for each draw, the probabilities

    .. math::

        \theta_A = \sum_{i,j} w_i w_j\, I(z_i + z_j > 2r), \quad
        \theta_B = \sum_{i,j} w_i w_j\, I(z_i + z_j < -2r), \quad
        \theta_{rope} = 1 - \theta_A - \theta_B,

    the rope being the closed interval :math:`[-r, r]` (Benavoli et al. 2017): a pair whose
    average :math:`(z_i + z_j)/2` is exactly :math:`\pm r` counts for the rope. With
    ``rope=0`` there is no rope and the signed-rank step of Benavoli et al. (2014) applies,
    :math:`\theta_A = \sum_{i,j} w_i w_j H(z_i + z_j)` with :math:`H(0) = 1/2` (a pair
    summing to 0 counts half for each side) and :math:`\theta_B = 1 - \theta_A`. Sampling
    ``n_draws`` weight vectors
    gives the posterior of :math:`(\theta_A, \theta_{rope}, \theta_B)`; the test reports
    the posterior probability that each region is the most probable one (Benavoli et al.
    2017, section 5; baycomp's convention).

    Parameters
    ----------
    scores_a : array_like, shape (N,), DataFrame, or sequence of CVScores
        Scores (higher is better) of A on N >= 2 data sets, e.g. mean cross-validated
        accuracies. Or both classifiers at once, ``scores_b`` omitted: a DataFrame of two
        columns (A, B; rows data sets), or one :class:`~patterneval.compare.CVScores` of
        two estimators per data set (each reduced to its mean scores).
    scores_b : array_like, shape (N,), optional
        Scores of B on the same data sets; omitted with a table.
    rope : float, keyword-only
        Half-width r >= 0 of the region of practical equivalence, in score units
        (e.g. 0.01 for one point of accuracy).
    prior_strength : float, keyword-only
        s > 0, the weight of the pseudo-observation at 0 (baycomp's ``prior``, default
        0.5).
    n_draws : int, keyword-only
        Number of posterior draws (Dirichlet weight vectors; baycomp's ``nsamples``).
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    BayesianSignedRank
        ``p_a_better``, ``p_rope``, ``p_b_better`` and the posterior ``samples``.

    Notes
    -----
    Boundary. :math:`z_i + z_j` within 1e-12 (relative to the largest :math:`|z|` and r)
    of :math:`\pm 2r` counts as on the boundary, hence in the rope (with ``rope=0``: as
    0, half for each side), so round-off in the differences cannot move a pair across it.
    Scores printed to three decimals put many pairs there: 0.050 - 0.030 is
    0.020000000000000018 in floating point. A posterior sample whose two largest
    :math:`\theta` agree within 1e-12 gives each a half share (baycomp's ``argmax`` gives
    it to the first); this matters only for degenerate data, e.g. every difference 0 with
    ``rope=0``, where every sample has :math:`\theta_A = \theta_B = 1/2` and both sides
    get 1/2 (no evidence either way; the posterior is well defined, nothing is estimated
    that could collapse).

    baycomp's ``SignedRankTest(x=scores_a, y=scores_b, rope, prior, nsamples,
    random_state)``, whose ``(p_left, p_rope, p_right)`` is ``(p_a_better, p_rope,
    p_b_better)``, computes the same :math:`\theta` from the same weights except on the
    boundary: it compares :math:`z_i + z_j` with :math:`2r` in floating point and gives an
    exact tie H = 1/2, so a boundary pair goes wholly to a side, or half to it, or wholly
    to the rope, as the round-off of the differences falls. Given its Dirichlet draws the
    two agree to round-off when no pair sums to :math:`\pm 2r` in exact arithmetic, and
    otherwise differ by the weight of the boundary pairs (the chapter "Many classifiers"
    measures it on Demšar's table, where six pairs of C4.5+cf against C4.5 sit on the
    boundary of r = 0.01). With their own generators the probabilities agree within Monte Carlo
    error when no pair is on the boundary. Cost O(n_draws (N+1)^2) time and
    O(n_draws N) memory.

    References
    ----------
    .. [1] A. Benavoli, G. Corani, J. Demšar and M. Zaffalon, "Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis," JMLR
       18(77), 1-36, 2017. https://jmlr.org/papers/v18/16-305.html
    .. [2] A. Benavoli, G. Corani, F. Mangili, M. Zaffalon and F. Ruggeri, "A Bayesian
       Wilcoxon signed-rank test based on the Dirichlet process," ICML 2014, PMLR 32(2),
       1026-1034.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.book.many_classifiers import demsar_table
    >>> from patterneval.compare import bayesian_signed_rank
    >>> t = demsar_table()
    >>> post = bayesian_signed_rank(t.scores[:, 3], t.scores[:, 0], rope=0.01, n_draws=20_000, rng=0)
    >>> round(post.p_a_better + post.p_rope + post.p_b_better, 12)
    1.0
    >>> post.p_a_better > 0.5  # C4.5+m+cf against C4.5
    True
    """
    scores_a, scores_b, names = pair_from_table(scores_a, scores_b)
    a, b = check_paired_scores(scores_a, scores_b)
    rope = check_scalar("rope", rope, float, low=0)
    prior_strength = check_scalar("prior_strength", prior_strength, float, low=0, closed="neither")
    n_draws = check_scalar("n_draws", n_draws, int, low=1)
    generator = check_rng(rng)
    d = a - b
    z = np.concatenate([[0.0], d])
    alpha = np.concatenate([[prior_strength], np.ones(d.size)])
    tol = TIE_RTOL * max(np.abs(d).max(initial=0.0), rope, 1e-300) * 2.0
    chunks = []
    for start in range(0, n_draws, 10_000):
        size = min(10_000, n_draws - start)
        weights = generator.dirichlet(alpha, size=size)
        chunks.append(_signed_rank_thetas(z, weights, rope, tol))
    samples = np.concatenate(chunks)
    shares = _winner_shares(samples).mean(axis=0)
    return BayesianSignedRank(
        p_a_better=float(shares[0]),
        p_rope=float(shares[1]),
        p_b_better=float(shares[2]),
        samples=samples,
        rope=rope,
        prior_strength=prior_strength,
        differences=d,
        names=names,
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_score_matrix(
    scores, *, name: str = "scores", min_datasets: int = 2, min_classifiers: int = 2
) -> np.ndarray:
    """Scores of k classifiers on N data sets: a finite 2-d array of shape (N, k), one row per
    data set and one column per classifier, with N >= ``min_datasets`` and
    k >= ``min_classifiers``. Returns a float array."""
    arr = check_array(name, scores, ndim=2, shape_hint="(n_datasets, n_classifiers)")
    if arr.shape[0] < min_datasets or arr.shape[1] < min_classifiers:
        raise fail(
            name,
            f"a table of at least {min_datasets} data sets (rows) and {min_classifiers} "
            f"classifiers (columns)",
            f"shape {arr.shape}",
            echo=False,
            hint="Ranks over a single data set carry no information about the spread."
            if arr.shape[0] < min_datasets
            else "",
        )
    return arr
