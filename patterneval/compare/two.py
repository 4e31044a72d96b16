r"""Is classifier A better than classifier B on this data set? Five tests.

Setting (Part V, chapter "Two classifiers"). Two learning algorithms A and B, one data
set. The tests differ in what they resample and in what they treat as the unit of
evidence:

* :func:`mcnemar_test` -- one training set, one test set; the evidence is the test
  examples on which exactly one classifier is wrong (McNemar 1947; Dietterich 1998).
* :func:`paired_ttest_5x2cv` and :func:`combined_ftest_5x2cv` -- five replications of
  two-fold cross-validation, ten score differences (Dietterich 1998; Alpaydin 1999).
* :func:`corrected_resampled_ttest` -- J train/test splits (random subsampling or
  repeated k-fold), with the variance of the mean difference inflated by
  :math:`n_{test}/n_{train}` for the overlap of the training sets (Nadeau & Bengio 2003).
* :func:`bayesian_correlated_ttest` -- the same J differences, read as a posterior
  distribution of the mean difference under the correlation
  :math:`\rho = n_{test}/(n_{train} + n_{test})` (Corani & Benavoli 2015).

Sign convention. Scores are "higher is better" (accuracy by default) and every
difference is ``score_a - score_b``: a positive statistic favours A. Dietterich (1998)
writes differences of *error rates* :math:`p_A - p_B`; with accuracy the sign of his
t statistic flips and every p-value is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats
from sklearn.base import BaseEstimator, clone

from .._api import doc_parts, keywords
from .._results import Result
from .._rows import take_rows
from .._ties import TIE_RTOL
from .._ties import no_spread as _no_spread  # the differences d (..., J), scale of the scores
from .._validation import (
    check_array,
    check_bool,
    check_callable,
    check_estimator,
    check_labels,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
    show,
)
from ._checks import NamedResult, check_paired_scores, two_from_cv_scores
from .scores import CVScores

__all__ = [
    "EXACT_THRESHOLD",
    "BayesianCorrelatedTTest",
    "CorrectedTTest",
    "FiveByTwoTest",
    "McNemarTest",
    "bayesian_correlated_ttest",
    "combined_ftest_5x2cv",
    "corrected_resampled_ttest",
    "five_by_two_differences",
    "mcnemar_test",
    "paired_ttest_5x2cv",
]

#: ``mcnemar_test(exact=None)`` uses the exact binomial test when fewer than this many
#: examples are discordant (b + c < 25), the chi-square approximation otherwise.
EXACT_THRESHOLD = 25


# ----------------------------------------------------------------------------- McNemar
@dataclass(frozen=True, repr=False)
class McNemarTest(Result):
    """McNemar's test of equal error rates on one test set.

    Attributes
    ----------
    statistic : float
        Exact test (``method == "exact"``): :math:`\\min(b, c)` (statsmodels' convention);
        chi-square test (``method == "chi-square"``): :math:`(|b - c| - 1)^2/(b + c)` with
        the continuity correction, :math:`(b - c)^2/(b + c)` without.
    pvalue : float
        Two-sided p-value.
    method : str
        The test that was run, ``"exact"`` or ``"chi-square"`` (chosen by the ``exact``
        argument of :func:`mcnemar_test`).
    b, c : int
        Discordant counts: b examples A classifies correctly and B does not, c the reverse.
    table : ndarray, shape (2, 2)
        ``[[both right, only A right], [only B right, both wrong]]``, so ``table[0, 1] = b``
        and ``table[1, 0] = c``.
    correction : bool
        Whether the chi-square statistic was continuity-corrected (ignored for ``"exact"``).
    """

    _means = (
        "The p-value is the probability, were the error rates of A and B equal, of disagreements at "
        "least as lopsided as b = {b}, c = {c}; it is not the probability that they are equal."
    )

    statistic: float
    pvalue: float
    method: str
    b: int
    c: int
    table: np.ndarray
    correction: bool


def mcnemar_test(
    y_true: ArrayLike,
    y_pred_a: ArrayLike,
    y_pred_b: ArrayLike,
    *,
    exact: bool | None = None,
    correction: bool = True,
) -> McNemarTest:
    r"""McNemar's test: do classifiers A and B have the same error rate?

    Both classifiers are trained once and applied to the same test set. Only the
    *discordant* examples carry evidence: b examples that A gets right and B gets wrong,
    c the reverse. Under the null hypothesis that both have the same error rate, each
    discordant example is equally likely to fall on either side, so conditionally on
    :math:`n = b + c`,

    .. math::

        b \sim \mathrm{Binomial}(n, 1/2), \qquad
        p = \min\Big(1,\; 2\sum_{i=0}^{\min(b,c)} \binom{n}{i} 2^{-n}\Big)

    (the exact test, ``exact=True``). For large n the standardised count is normal and

    .. math::

        \chi^2 = \frac{(|b - c| - 1)^2}{b + c} \;\sim\; \chi^2_1

    with Edwards' continuity correction (``correction=True``), or
    :math:`(b - c)^2/(b + c)` without it (``correction=False``); this is the chi-square
    test, ``exact=False``. The correction is applied as :math:`\max(|b - c| - 1, 0)^2`,
    so b = c gives 0. The result's ``method`` field says which test was run.

    Which method. ``exact=True`` or ``False`` chooses; ``exact=None`` (default) uses the
    exact test when :math:`b + c <` :data:`EXACT_THRESHOLD` (= 25) and the chi-square
    otherwise. The threshold 25 is a rule of thumb, not a theorem: it is the
    recommendation of mlxtend's documentation and of Raschka (2018, section 4), repeating
    the textbook advice that the chi-square approximation needs enough discordant pairs.
    The exact conditional test is conservative; Fagerland, Lydersen & Laake (2013) compare
    the variants and find the uncorrected chi-square test close to the nominal level.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True labels of the test set (integers, strings or integral floats, under the
        rule of ``check_labels``; any number of classes).
    y_pred_a, y_pred_b : array_like, shape (n,)
        Predictions of classifiers A and B on the same test examples.
    exact : bool or None, keyword-only
        Exact binomial test (True), chi-square approximation (False), or choose by
        :math:`b + c` (None).
    correction : bool, keyword-only
        Continuity correction of the chi-square statistic.

    Returns
    -------
    McNemarTest
        ``statistic``, ``pvalue``, the ``method`` used, ``b``, ``c`` and the 2x2 ``table``.

    Raises
    ------
    ValueError
        With ``exact=False`` and no discordant example (b + c = 0): the chi-square
        statistic is 0/0. The exact test gives p = 1 there.

    Notes
    -----
    Agrees exactly with ``statsmodels.stats.contingency_tables.mcnemar`` (same
    ``statistic`` and ``pvalue``) given ``table`` and the same ``exact`` and
    ``correction``, with one difference: with the continuity correction and b = c,
    statsmodels computes :math:`(|b - c| - 1)^2/(b+c) = 1/(b+c)` where this function
    gives 0 (the corrected deviation :math:`|b-c| - 1` cannot be negative). mlxtend's
    ``mcnemar`` computes the same statistics from the same table (and the same b = c
    quirk), with ``exact=False`` as its default. O(n).

    References
    ----------
    .. [1] Q. McNemar, "Note on the sampling error of the difference between correlated
       proportions or percentages," Psychometrika 12(2), 153-157, 1947.
       doi:10.1007/BF02295996
    .. [2] A. L. Edwards, "Note on the 'correction for continuity' in testing the
       significance of the difference between correlated proportions," Psychometrika
       13(3), 185-187, 1948. doi:10.1007/BF02289261
    .. [3] T. G. Dietterich, "Approximate statistical tests for comparing supervised
       classification learning algorithms," Neural Computation 10(7), 1895-1923, 1998.
       doi:10.1162/089976698300017197
    .. [4] M. W. Fagerland, S. Lydersen and P. Laake, "The McNemar test for binary
       matched-pairs data: mid-p and asymptotic are better than exact conditional,"
       BMC Medical Research Methodology 13, 91, 2013. doi:10.1186/1471-2288-13-91
    .. [5] S. Raschka, "Model evaluation, model selection, and algorithm selection in
       machine learning," arXiv:1811.12808, 2018.

    Examples
    --------
    >>> from patterneval.compare import mcnemar_test
    >>> y      = [0, 0, 0, 0, 1, 1, 1, 1, 1, 1]
    >>> pred_a = [0, 0, 0, 0, 1, 1, 1, 1, 1, 0]
    >>> pred_b = [1, 1, 0, 1, 1, 1, 0, 1, 1, 1]
    >>> result = mcnemar_test(y, pred_a, pred_b)
    >>> result.b, result.c, result.method
    (4, 1, 'exact')
    >>> round(result.pvalue, 4)  # 2 * P(Bin(5, 1/2) <= 1) = 2 * 6/32
    0.375
    """
    y_true = check_labels("y_true", y_true)
    y_pred_a = check_labels("y_pred_a", y_pred_a, n=y_true.size, n_name="y_true")
    y_pred_b = check_labels("y_pred_b", y_pred_b, n=y_true.size, n_name="y_true")
    exact = None if exact is None else check_bool("exact", exact)
    correction = check_bool("correction", correction)
    right_a = y_pred_a == y_true
    right_b = y_pred_b == y_true
    both = int(np.count_nonzero(right_a & right_b))
    b = int(np.count_nonzero(right_a & ~right_b))
    c = int(np.count_nonzero(~right_a & right_b))
    neither = int(right_a.size - both - b - c)
    table = np.array([[both, b], [c, neither]])
    n = b + c
    if exact is None:
        exact = n < EXACT_THRESHOLD
    if not exact and n == 0:
        raise ValueError(
            "y_pred_a and y_pred_b are right and wrong on exactly the same examples (b + c = 0): "
            "the chi-square statistic is 0/0. Use exact=True (p = 1: no evidence either way)."
        )
    statistic, pvalue, _ = _mcnemar(np.array(b), np.array(c), exact, correction)
    return McNemarTest(
        statistic=float(statistic),
        pvalue=float(pvalue),
        method="exact" if exact else "chi-square",
        b=b,
        c=c,
        table=table,
        correction=correction,
    )


def _mcnemar(b, c, exact, correction):
    """McNemar's statistic, two-sided p-value and whether the exact test was used, vectorised
    over integer arrays of discordant counts ``b`` and ``c`` (``exact=None``: the exact test
    where b + c < EXACT_THRESHOLD). The exact test gives p = 1 at b + c = 0; the chi-square
    statistic is NaN there (:func:`mcnemar_test` refuses it). The formulas of
    :func:`mcnemar_test`, shared with the simulation of :mod:`patterneval.book.two_classifiers`."""
    n = b + c
    use_exact = n < EXACT_THRESHOLD if exact is None else np.full(np.shape(n), bool(exact))
    smaller = np.minimum(b, c)
    p_exact = np.where(n > 0, np.minimum(1.0, 2.0 * stats.binom.cdf(smaller, n, 0.5)), 1.0)
    deviation = np.maximum(np.abs(b - c) - 1, 0) if correction else np.abs(b - c)
    with np.errstate(divide="ignore", invalid="ignore"):
        chi2 = np.where(n > 0, deviation**2 / np.maximum(n, 1), np.nan)
    p_chi2 = stats.chi2.sf(chi2, 1)
    return np.where(use_exact, smaller, chi2), np.where(use_exact, p_exact, p_chi2), use_exact


# ----------------------------------------------------------------------------- 5x2cv
@dataclass(frozen=True, repr=False)
class FiveByTwoTest(Result):
    """A test on the ten score differences of 5x2 cross-validation.

    Attributes
    ----------
    statistic : float
        Dietterich's t (``test="paired t"``) or Alpaydin's F (``test="combined F"``).
    pvalue : float
        Two-sided for t; upper tail for F.
    test : str
        ``"paired t"`` or ``"combined F"``.
    df : int
        Degrees of freedom: 5 for t; the numerator's, 10, for F.
    df_denominator : int or None
        The denominator's degrees of freedom of F, 5; None for t.
    differences : ndarray, shape (5, 2)
        ``differences[i, j]`` = score of A minus score of B in replication i when half j
        is the test half (``j = 0``: trained on the first half, tested on the second).
    variances : ndarray, shape (5,)
        :math:`s_i^2 = (d_{i1} - \\bar d_i)^2 + (d_{i2} - \\bar d_i)^2`.
    """

    _means = (
        "The p-value is the probability, were the expected scores of the two learning algorithms "
        "equal, of a {test} statistic at least this extreme; it is not the probability that they are "
        "equal."
    )

    statistic: float
    pvalue: float
    test: str
    df: int
    df_denominator: int | None
    differences: np.ndarray
    variances: np.ndarray


#: What the docstrings of the 5x2cv functions share: the parameters of the two tests and
#: the condition under which they raise (each Examples section is written out in full).
_five_by_two_docs = doc_parts(
    {
        "params_5x2": """Parameters
    ----------
    estimator_a, estimator_b, X, y, rng, metric, halves
        As in :func:`five_by_two_differences`.""",
        "raises_5x2": """Raises
    ------
    ValueError
        If no replication has any spread: in each of the five replications the two
        differences agree within ``TIE_RTOL`` (1e-12) times the largest score, so that every
        :math:`s_i^2` is 0 up to round-off and the pooled variance estimate has collapsed
        (identical classifiers, for instance). The statistic would be 0/0 or an infinity
        that only round-off produced.""",
    }
)


def _metric_score(metric, y_true, y_pred):
    if metric is None:
        return float(np.mean(y_pred == y_true))
    return float(metric(y_true, y_pred))


def _random_halves(y, rng):
    """Five stratified halvings: within each class, a random permutation split in two
    (the first half gets the extra sample of an odd class)."""
    halves = []
    classes, codes = np.unique(y, return_inverse=True)
    for _ in range(5):
        first, second = [], []
        for k in range(classes.size):
            members = np.flatnonzero(codes == k)
            members = members[rng.permutation(members.size)]
            cut = (members.size + 1) // 2
            first.append(members[:cut])
            second.append(members[cut:])
        halves.append((np.sort(np.concatenate(first)), np.sort(np.concatenate(second))))
    return halves


@keywords
@_five_by_two_docs
def five_by_two_differences(
    estimator_a: BaseEstimator,
    estimator_b: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    rng: int | np.random.Generator | None = None,
    metric: Callable | None = None,
    halves: Sequence[tuple[ArrayLike, ArrayLike]] | None = None,
) -> np.ndarray:
    r"""The ten score differences of 5x2 cross-validation, shape (5, 2).

    For each of five replications the data are split into two halves; A and B are trained
    on one half and scored on the other, then the roles swap. ``differences[i, j]`` is
    ``score_a - score_b`` in replication i with half j as the test half. Estimators are
    cloned for every fit.

    Parameters
    ----------
    estimator_a, estimator_b : scikit-learn classifiers
        The two learning algorithms (unfitted; cloned).
    X : array_like, shape (n_samples, n_features)
    y : array_like or pandas Series, shape (n_samples,)
        Class labels; every class needs at least two samples, so that each half sees it.
        A pandas Series reaches the estimators as a Series (rows taken by position).
    rng : None, int or numpy.random.Generator, keyword-only
        Source of the random halvings (stratified by class) when ``halves`` is None.
    metric : callable, keyword-only
        ``metric(y_true, y_pred) -> float``, higher is better; default accuracy.
    halves : sequence of 5 pairs of index arrays, keyword-only
        Explicit halvings ``[(first, second), ...]`` (e.g. to reproduce another
        implementation's folds); overrides ``rng``.

    Returns
    -------
    ndarray, shape (5, 2)

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> from patterneval import compare
    >>> X, y = load_iris(return_X_y=True)
    >>> compare.five_by_two_differences(GaussianNB(), KNeighborsClassifier(), X, y, rng=0).shape
    (5, 2)
    """
    scores = _five_by_two_scores(
        estimator_a, estimator_b, X, y, rng=rng, metric=metric, halves=halves
    )
    return scores[..., 0] - scores[..., 1]


def _five_by_two_scores(estimator_a, estimator_b, X, y, *, rng=None, metric=None, halves=None):
    """The twenty scores of 5x2 cross-validation, shape (5, 2, 2): ``[i, j, 0]`` is A's and
    ``[i, j, 1]`` B's score in replication i with half j as the test half."""
    check_estimator("estimator_a", estimator_a)
    check_estimator("estimator_b", estimator_b)
    X, labels = check_X_y(X, y)
    # the caller's y reaches the estimators as given: a pandas Series stays one (rows taken
    # by position); the checked array ``y`` draws the halves and scores the predictions
    y_fit, y = (y if hasattr(y, "iloc") else labels), labels
    if metric is not None:
        check_callable("metric", metric)
    if halves is None:
        generator = check_rng(rng)
        _, counts = np.unique(y, return_counts=True)
        if counts.min() < 2:
            raise fail(
                "y",
                "labels with at least two samples of every class",
                f"a class with {counts.min()} sample",
                echo=False,
                hint="5x2 cross-validation needs both halves to see every class.",
            )
        halves = _random_halves(y, generator)
    else:
        halves = check_halves(halves, X.shape[0])
    scores = np.empty((5, 2, 2))
    for i, (first, second) in enumerate(halves):
        for j, (train, test) in enumerate(((first, second), (second, first))):
            for e, estimator in enumerate((estimator_a, estimator_b)):
                model = clone(estimator).fit(X[train], take_rows(y_fit, train))
                scores[i, j, e] = _metric_score(metric, y[test], model.predict(X[test]))
    return scores


def _five_by_two_variances(differences):
    mean = differences.mean(axis=-1, keepdims=True)
    return ((differences - mean) ** 2).sum(axis=-1)


def _ttest_5x2(differences):
    """Dietterich's t and its two-sided p-value, vectorised over leading axes of (..., 5, 2)."""
    s2 = _five_by_two_variances(differences)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = differences[..., 0, 0] / np.sqrt(s2.mean(axis=-1))
    return t, 2.0 * stats.t.sf(np.abs(t), 5)


def _ftest_5x2(differences):
    """Alpaydin's F and its upper-tail p-value, vectorised over leading axes of (..., 5, 2)."""
    s2 = _five_by_two_variances(differences)
    with np.errstate(divide="ignore", invalid="ignore"):
        f = (differences**2).sum(axis=(-2, -1)) / (2.0 * s2.sum(axis=-1))
    return f, stats.f.sf(f, 10, 5)


def _five_by_two_no_spread(differences, scale):
    """Whether the pooled variance of 5x2 differences (..., 5, 2) is 0 up to round-off: every
    replication's two differences agree within ``TIE_RTOL * scale``, ``scale`` the largest
    magnitude of the scores they were computed from (vectorised over leading axes)."""
    spread = np.abs(differences[..., 0] - differences[..., 1]).max(axis=-1)
    return spread <= TIE_RTOL * np.asarray(scale, dtype=float)


def _five_by_two_test(scores, statistic_of, test, df, df_denominator=None) -> FiveByTwoTest:
    """The 5x2cv test ``statistic_of`` (:func:`_ttest_5x2` or :func:`_ftest_5x2`) of the
    scores (5, 2, 2), refused when no replication has any spread beyond round-off of the
    scores (a variance estimate of 0)."""
    differences = scores[..., 0] - scores[..., 1]
    variances = _five_by_two_variances(differences)
    if _five_by_two_no_spread(differences, np.abs(scores).max()):
        raise ValueError(
            "the 5x2 differences have no spread within any replication (each replication's two "
            "differences are equal, up to round-off of the scores), so the variance estimate is 0 and the "
            "statistic undefined; the classifiers may be identical (estimator_a and estimator_b)."
        )
    statistic, p = statistic_of(differences)
    return FiveByTwoTest(
        statistic=float(statistic),
        pvalue=float(p),
        test=test,
        df=df,
        df_denominator=df_denominator,
        differences=differences,
        variances=variances,
    )


@keywords
@_five_by_two_docs
def paired_ttest_5x2cv(
    estimator_a: BaseEstimator,
    estimator_b: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    rng: int | np.random.Generator | None = None,
    metric: Callable | None = None,
    halves: Sequence[tuple[ArrayLike, ArrayLike]] | None = None,
) -> FiveByTwoTest:
    r"""Dietterich's 5x2cv paired t-test.

    With :math:`d_i^{(j)}` the score difference of replication i, fold j
    (:func:`five_by_two_differences`), :math:`\bar d_i = (d_i^{(1)} + d_i^{(2)})/2` and
    :math:`s_i^2 = (d_i^{(1)} - \bar d_i)^2 + (d_i^{(2)} - \bar d_i)^2`,

    .. math::

        t = \frac{d_1^{(1)}}{\sqrt{\tfrac15 \sum_{i=1}^5 s_i^2}} \;\sim\; t_5

    under the null hypothesis of equal expected scores. The numerator is the first
    difference only: Dietterich (1998) argues that :math:`d_1^{(1)}` and the
    :math:`s_i^2` are approximately independent, which the mean of all ten differences
    would not be. Halves (not ten folds) keep the training sets of a replication
    disjoint, so the two differences of a replication are nearly independent.

    %(params_5x2)s

    Returns
    -------
    FiveByTwoTest
        ``statistic`` (t, positive when A scores higher), two-sided ``pvalue``, the
        ``differences`` and ``variances``.

    %(raises_5x2)s

    Notes
    -----
    mlxtend's ``paired_ttest_5x2cv`` uses the same formula and the same sign (accuracy of
    A minus accuracy of B); given the same halves (``halves=``, built from mlxtend's
    ``train_test_split`` calls) the two agree to round-off. mlxtend draws unstratified
    halvings from a legacy ``RandomState``; this function stratifies by class. On the same
    data mlxtend's t and its combined F can disagree (one rejects, the other not): they
    are different statistics of the same ten differences, the F test using all ten
    numerators and being the more stable of the two (Alpaydin 1999). Ten fits per
    classifier.

    References
    ----------
    .. [1] T. G. Dietterich, "Approximate statistical tests for comparing supervised
       classification learning algorithms," Neural Computation 10(7), 1895-1923, 1998.
       doi:10.1162/089976698300017197

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> from patterneval import compare
    >>> X, y = load_iris(return_X_y=True)
    >>> result = compare.paired_ttest_5x2cv(GaussianNB(), KNeighborsClassifier(), X, y, rng=0)
    >>> result.test, result.df, result.df_denominator, result.differences.shape
    ('paired t', 5, None, (5, 2))
    """
    scores = _five_by_two_scores(
        estimator_a, estimator_b, X, y, rng=rng, metric=metric, halves=halves
    )
    return _five_by_two_test(scores, _ttest_5x2, "paired t", 5)


@keywords
@_five_by_two_docs
def combined_ftest_5x2cv(
    estimator_a: BaseEstimator,
    estimator_b: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    rng: int | np.random.Generator | None = None,
    metric: Callable | None = None,
    halves: Sequence[tuple[ArrayLike, ArrayLike]] | None = None,
) -> FiveByTwoTest:
    r"""Alpaydin's combined 5x2cv F test.

    With the ten differences :math:`d_i^{(j)}` and the variances :math:`s_i^2` of
    :func:`paired_ttest_5x2cv`,

    .. math::

        f = \frac{\sum_{i=1}^5 \sum_{j=1}^2 \big(d_i^{(j)}\big)^2}{2 \sum_{i=1}^5 s_i^2}
        \;\sim\; F_{10, 5}

    approximately under the null hypothesis. Under the null each
    :math:`(d_i^{(j)})^2/\sigma^2` is roughly :math:`\chi^2_1` and each
    :math:`s_i^2/\sigma^2` roughly :math:`\chi^2_1`, so the numerator is a
    :math:`\chi^2_{10}` and the denominator a :math:`\chi^2_5`, each divided by its
    degrees of freedom after the factor 2. Using all ten differences instead of one
    makes f less sensitive to which difference happens to come first. Alpaydin (1999)
    found it to have lower type-I error and higher power than the 5x2cv t in his
    experiments; in the simulation of the chapter "Two classifiers" it is the more
    powerful of the two, but its type-I error is slightly *higher* than the t's (both
    stay below alpha), so "lower type-I error" is not a property of the test.

    %(params_5x2)s

    Returns
    -------
    FiveByTwoTest
        ``statistic`` (f >= 0; it has no sign), upper-tail ``pvalue``, the ``differences``
        and ``variances``.

    %(raises_5x2)s

    Notes
    -----
    Same formula as mlxtend's ``combined_ftest_5x2cv``; on the same halves the two agree to
    round-off. Ten fits per classifier.

    References
    ----------
    .. [1] E. Alpaydin, "Combined 5 x 2 cv F test for comparing supervised classification
       learning algorithms," Neural Computation 11(8), 1885-1892, 1999.
       doi:10.1162/089976699300016007

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> from patterneval import compare
    >>> X, y = load_iris(return_X_y=True)
    >>> result = compare.combined_ftest_5x2cv(GaussianNB(), KNeighborsClassifier(), X, y, rng=0)
    >>> result.test, result.df, result.df_denominator
    ('combined F', 10, 5)
    """
    scores = _five_by_two_scores(
        estimator_a, estimator_b, X, y, rng=rng, metric=metric, halves=halves
    )
    return _five_by_two_test(scores, _ftest_5x2, "combined F", 10, 5)


# ----------------------------------------------------------------------------- corrected resampled t
@dataclass(frozen=True, repr=False)
class CorrectedTTest(NamedResult):
    """The Nadeau-Bengio corrected resampled t-test, with the uncorrected one beside it.

    Attributes
    ----------
    statistic : float
        Corrected t, positive when A scores higher on average.
    pvalue : float
        Two-sided p-value from :math:`t_{J-1}`.
    df : int
        J - 1.
    mean_difference : float
        :math:`\\bar d`, the mean of ``score_a - score_b`` over the J splits.
    std_error : float
        :math:`\\sqrt{(1/J + n_{test}/n_{train})\\, s^2}`.
    uncorrected_statistic, uncorrected_pvalue : float
        The naive resampled t-test, :math:`\\bar d/\\sqrt{s^2/J}`: what the correction
        changes. Do not use it as a test (its type-I error is far above alpha).
    differences : ndarray, shape (J,)
    names : tuple of str or None
        The names of A and B when the scores came as a CVScores (None otherwise, and then
        left out of the repr).
    """

    _headline = ("mean_difference", "std_error", "statistic", "pvalue", "df")
    _means = (
        "The p-value is the probability, were the expected scores equal, of a mean difference at "
        "least this far from 0, with the variance corrected for overlapping training sets (the "
        "uncorrected p = {uncorrected_pvalue:.3g} ignores the overlap and is too liberal)."
    )

    statistic: float
    pvalue: float
    df: int
    mean_difference: float
    std_error: float
    uncorrected_statistic: float
    uncorrected_pvalue: float
    differences: np.ndarray
    names: tuple | None = None


def _split_sizes(n_train, n_test, mean: bool = False):
    """The split sizes: ints >= 1, or (``mean``, from a CVScores) mean sizes, floats >= 1."""
    kind = float if mean else int
    return check_scalar("n_train", n_train, kind, low=1), check_scalar(
        "n_test", n_test, kind, low=1
    )


def _differences(scores_a, scores_b):
    a, b = check_paired_scores(scores_a, scores_b)
    d = a - b
    # equal within round-off of the scores (TIE_RTOL relative): a variance of 1e-34 is not evidence
    if _no_spread(d, max(np.abs(a).max(), np.abs(b).max())):
        raise ValueError(
            f"the differences scores_a - scores_b are all equal ({d[0]:.6g}); their variance is 0, so the "
            f"t statistic (and the posterior scale) is undefined. Identical or tied scores on every split "
            f"carry no information about the spread."
        )
    return d


def corrected_resampled_ttest(
    scores_a: ArrayLike | CVScores,
    scores_b: ArrayLike | None = None,
    *,
    n_train: int | None = None,
    n_test: int | None = None,
) -> CorrectedTTest:
    r"""Nadeau & Bengio's corrected resampled t-test.

    Scores of A and B on J train/test splits of one data set (random subsampling, or
    the J = r k folds of r-times repeated k-fold cross-validation), paired split by split.
    With :math:`d_j = a_j - b_j`, their mean :math:`\bar d` and variance
    :math:`s^2 = \frac{1}{J-1}\sum_j (d_j - \bar d)^2`,

    .. math::

        t = \frac{\bar d}{\sqrt{\Big(\dfrac1J + \dfrac{n_{test}}{n_{train}}\Big) s^2}}
        \;\sim\; t_{J-1}.

    Why the extra term. The J differences share training examples, so they are
    correlated; if every pair has correlation :math:`\rho`,
    :math:`\operatorname{Var}\bar d = \sigma^2\big(\tfrac1J + \tfrac{J-1}{J}\rho\big)`
    while :math:`E s^2 = (1-\rho)\sigma^2`. The naive test divides by
    :math:`s^2/J` and so underestimates the variance by the factor
    :math:`(1-\rho)/(1 + (J-1)\rho)`, more the more splits are taken. Nadeau and Bengio
    approximate :math:`\rho \approx n_{test}/(n_{train}+n_{test})`, for which
    :math:`\operatorname{Var}\bar d / E s^2 \approx 1/J + \rho/(1-\rho) = 1/J + n_{test}/n_{train}`.

    Parameters
    ----------
    scores_a : array_like, shape (J,), or CVScores
        Scores (higher is better, e.g. accuracy) of A on J >= 2 splits; or the
        :class:`~patterneval.compare.CVScores` of exactly two estimators A and B (from
        :func:`~patterneval.compare.cv_scores`; ``scores.select("A", "B")`` picks two of
        more), which carries ``scores_b``, ``n_train`` and ``n_test``.
    scores_b : array_like, shape (J,), optional
        Scores of B on the same J splits; omitted with a CVScores.
    n_train, n_test : int, keyword-only
        Sizes of each split's training and test sets (for k-fold CV on N examples:
        :math:`N(k-1)/k` and :math:`N/k`). Omitted with a CVScores: the means of its
        ``n_train`` and ``n_test`` over the splits (the sizes of k folds differ by at most
        one sample).

    Returns
    -------
    CorrectedTTest
        ``statistic``, two-sided ``pvalue``, ``df`` = J - 1, the uncorrected test, and the
        ``names`` of a CVScores.

    Raises
    ------
    ValueError
        If all J differences are equal (within 1e-12 relative of the scores, so that
        round-off in the scores does not pass for variance): the statistic would be 0/0
        or infinite.

    Notes
    -----
    The correction is a heuristic: it is exact only for the assumed constant correlation,
    and it is conservative when the learner is stable (Nadeau & Bengio 2003, Bouckaert
    & Frank 2004). baycomp's ``CorrelatedTTest`` uses the same variance with
    :math:`n_{test}/n_{train} = 1/(k-1)` (its ``runs`` argument gives k); its
    probability of B being better with ``rope=0`` equals the one-sided p-value
    :math:`P(t_{J-1} > t)` of this test (see :func:`bayesian_correlated_ttest`). mlxtend
    has no corrected test (its issue #376); its ``paired_ttest_resampled`` is the
    uncorrected one. O(J).

    References
    ----------
    .. [1] C. Nadeau and Y. Bengio, "Inference for the generalization error," Machine
       Learning 52(3), 239-281, 2003. doi:10.1023/A:1024068626366
    .. [2] R. R. Bouckaert and E. Frank, "Evaluating the replicability of significance
       tests for comparing learning algorithms," PAKDD 2004, LNCS 3056, 3-12.
       doi:10.1007/978-3-540-24775-3_3

    Examples
    --------
    >>> from patterneval.compare import corrected_resampled_ttest
    >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.80, 0.83, 0.84]
    >>> b = [0.79, 0.83, 0.80, 0.80, 0.83, 0.80, 0.84, 0.78, 0.81, 0.83]
    >>> result = corrected_resampled_ttest(a, b, n_train=90, n_test=10)
    >>> round(result.mean_difference, 4), result.df
    (0.015, 9)
    >>> round(result.uncorrected_pvalue, 5) < round(result.pvalue, 5)
    True

    From :func:`~patterneval.compare.cv_scores` (10 x 10-fold CV by default):

    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> from patterneval.compare import cv_scores
    >>> X, y = load_iris(return_X_y=True)
    >>> scores = cv_scores({"nb": GaussianNB(), "knn": KNeighborsClassifier()}, X, y, rng=0)
    >>> result = corrected_resampled_ttest(scores)
    >>> result.df, result.names
    (99, ('nb', 'knn'))
    """
    scores_a, scores_b, n_train, n_test, names = two_from_cv_scores(
        scores_a, scores_b, n_train, n_test
    )
    d = _differences(scores_a, scores_b)
    n_train, n_test = _split_sizes(n_train, n_test, mean=names is not None)
    mean, std_error, t, p, naive, p_naive = _corrected_t(d, n_test / n_train)
    return CorrectedTTest(
        statistic=float(t),
        pvalue=float(p),
        df=d.size - 1,
        mean_difference=float(mean),
        std_error=float(std_error),
        uncorrected_statistic=float(naive),
        uncorrected_pvalue=float(p_naive),
        differences=d,
        names=names,
    )


def _corrected_t(d, ratio):
    """The corrected and the uncorrected resampled t of the differences ``d`` (..., J),
    vectorised over leading axes: ``(mean, std_error, t, p, naive_t, naive_p)`` with two-sided
    p-values from :math:`t_{J-1}` and ``ratio`` = :math:`n_{test}/n_{train}`. Rows without
    spread give infinite or NaN statistics; :func:`_differences` refuses them (and
    :func:`_no_spread` finds them) before this is called. The formulas of
    :func:`corrected_resampled_ttest`, shared with :mod:`patterneval.book.two_classifiers`."""
    J = d.shape[-1]
    mean = d.mean(axis=-1)
    s2 = d.var(axis=-1, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        std_error = np.sqrt((1.0 / J + ratio) * s2)
        t = mean / std_error
        naive = mean / np.sqrt(s2 / J)
    return (
        mean,
        std_error,
        t,
        2.0 * stats.t.sf(np.abs(t), J - 1),
        naive,
        2.0 * stats.t.sf(np.abs(naive), J - 1),
    )


# ----------------------------------------------------------------------------- Bayesian correlated t
@dataclass(frozen=True, repr=False)
class BayesianCorrelatedTTest(NamedResult):
    """Posterior of the mean score difference A - B under the correlated t model.

    The posterior probabilities are not p-values: they answer "how probable is it that A
    is better (by more than the rope)?", given the data and the model, so the result has
    no ``pvalue`` field.

    Attributes
    ----------
    p_a_better, p_rope, p_b_better : float
        :math:`P(\\mu > r)`, :math:`P(|\\mu| \\le r)` and :math:`P(\\mu < -r)` for the
        mean difference :math:`\\mu` and the rope half-width r; they sum to 1.
    location, scale : float
        Posterior Student t location :math:`\\bar d` and scale.
    df : int
        J - 1.
    rho : float
        The correlation :math:`n_{test}/(n_{train} + n_{test})`.
    rope : float
        Half-width of the region of practical equivalence.
    differences : ndarray, shape (J,)
    names : tuple of str or None
        The names of A and B when the scores came as a CVScores (None otherwise, and then
        left out of the repr).
    """

    _means = (
        "Posterior probabilities (given the scores, the correlated t model and its prior) that A is "
        "better by more than the rope {rope:g}: {p_a_better:.3g}; that the two are practically "
        "equivalent: {p_rope:.3g}; that B is better: {p_b_better:.3g}."
    )

    p_a_better: float
    p_rope: float
    p_b_better: float
    location: float
    scale: float
    df: int
    rho: float
    rope: float
    differences: np.ndarray
    names: tuple | None = None


def bayesian_correlated_ttest(
    scores_a: ArrayLike | CVScores,
    scores_b: ArrayLike | None = None,
    *,
    n_train: int | None = None,
    n_test: int | None = None,
    rope: float = 0.0,
) -> BayesianCorrelatedTTest:
    r"""Corani & Benavoli's Bayesian correlated t-test.

    Model: the J differences :math:`d = a - b` are jointly Gaussian with mean
    :math:`\mu`, variance :math:`\sigma^2` and a common correlation :math:`\rho` between
    any two of them, :math:`\rho = n_{test}/(n_{train} + n_{test})` (Nadeau & Bengio's
    approximation). With the non-informative prior :math:`p(\mu, \sigma^2) \propto
    1/\sigma^2`, the marginal posterior of :math:`\mu` is a Student t,

    .. math::

        \mu \mid d \;\sim\; t_{J-1}\Big(\bar d,\;
        \Big(\frac1J + \frac{\rho}{1-\rho}\Big) s^2\Big),

    location :math:`\bar d`, squared scale :math:`(1/J + \rho/(1-\rho))\, s^2` with
    :math:`\rho/(1-\rho) = n_{test}/n_{train}`. From it

    .. math::

        P(\text{A better}) = P(\mu > r), \quad
        P(\text{rope}) = P(-r \le \mu \le r), \quad
        P(\text{B better}) = P(\mu < -r)

    for the half-width r of the region of practical equivalence (``rope``): differences
    smaller than r are declared practically irrelevant. With ``rope=0``,
    :math:`P(\text{B better}) = P(t_{J-1} > t)`, the one-sided p-value of
    :func:`corrected_resampled_ttest` -- the two share the variance, not the
    interpretation.

    Parameters
    ----------
    scores_a : array_like, shape (J,), or CVScores
        Scores (higher is better) of A on J >= 2 splits; or the
        :class:`~patterneval.compare.CVScores` of exactly two estimators A and B, which
        carries ``scores_b``, ``n_train`` and ``n_test`` (as in
        :func:`corrected_resampled_ttest`).
    scores_b : array_like, shape (J,), optional
        Scores of B on the same J splits; omitted with a CVScores.
    n_train, n_test : int, keyword-only
        Training and test set sizes of each split; omitted with a CVScores (the means of
        its sizes over the splits).
    rope : float, keyword-only
        Half-width r >= 0 of the region of practical equivalence, in score units.

    Returns
    -------
    BayesianCorrelatedTTest
        ``p_a_better``, ``p_rope``, ``p_b_better`` and the posterior's parameters.

    Raises
    ------
    ValueError
        If all J differences are equal (within 1e-12 relative of the scores, as in
        :func:`corrected_resampled_ttest`): with :math:`s^2 = 0` the posterior under the
        prior :math:`1/\sigma^2` is improper (its density in :math:`\sigma^2` is not
        integrable at 0), so there is no posterior to report. baycomp returns a point mass
        at :math:`\bar d` there, a certainty no finite sample warrants.

    Notes
    -----
    Agrees to round-off with baycomp's ``CorrelatedTTest(x=scores_a, y=scores_b, rope,
    runs)`` when :math:`n_{test}/n_{train} = 1/(k-1)` with k = J/runs folds (baycomp's
    ``(p_left, p_rope, p_right)`` is ``(p_a_better, p_rope, p_b_better)``; with
    ``rope=0`` baycomp returns only the two outer probabilities). baycomp derives
    :math:`\rho = 1/k` from the number of folds; this function takes the split sizes, so
    it also covers random subsampling. O(J).

    References
    ----------
    .. [1] G. Corani and A. Benavoli, "A Bayesian approach for comparing cross-validated
       algorithms on multiple data sets," Machine Learning 100(2-3), 285-304, 2015.
       doi:10.1007/s10994-015-5486-z
    .. [2] C. Nadeau and Y. Bengio, "Inference for the generalization error," Machine
       Learning 52(3), 239-281, 2003. doi:10.1023/A:1024068626366

    Examples
    --------
    >>> from patterneval.compare import bayesian_correlated_ttest
    >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.80, 0.83, 0.84]
    >>> b = [0.79, 0.83, 0.80, 0.80, 0.83, 0.80, 0.84, 0.78, 0.81, 0.83]
    >>> post = bayesian_correlated_ttest(a, b, n_train=90, n_test=10, rope=0.01)
    >>> round(post.p_a_better + post.p_rope + post.p_b_better, 12)
    1.0
    >>> post.p_a_better > post.p_b_better
    True
    """
    scores_a, scores_b, n_train, n_test, names = two_from_cv_scores(
        scores_a, scores_b, n_train, n_test
    )
    d = _differences(scores_a, scores_b)
    n_train, n_test = _split_sizes(n_train, n_test, mean=names is not None)
    rope = check_scalar("rope", rope, float, low=0)
    J = d.size
    location = float(d.mean())
    scale = float(np.sqrt((1.0 / J + n_test / n_train) * d.var(ddof=1)))
    posterior = stats.t(J - 1, loc=location, scale=scale)
    p_b = float(posterior.cdf(-rope))
    p_a = float(posterior.sf(rope))
    p_rope = float(posterior.cdf(rope) - posterior.cdf(-rope))
    return BayesianCorrelatedTTest(
        p_a_better=p_a,
        p_rope=p_rope,
        p_b_better=p_b,
        location=location,
        scale=scale,
        df=J - 1,
        rho=n_test / (n_train + n_test),
        rope=rope,
        differences=d,
        names=names,
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_halves(halves, n_samples: int, *, name: str = "halves", n_replications: int = 5):
    """Explicit 5x2 cross-validation halvings: ``n_replications`` pairs ``(first, second)`` of
    integer index arrays, disjoint within a pair, each non-empty and within 0..n_samples-1.
    Returns a list of pairs of intp arrays."""
    expected = f"{n_replications} (first, second) pairs of index arrays, one per replication"
    if isinstance(halves, (str, bytes)) or not hasattr(halves, "__len__"):
        raise fail(name, f"a sequence of {expected}", halves, error=TypeError)
    if len(halves) != n_replications:
        raise fail(name, expected, f"{len(halves)} pairs", echo=False)
    out = []
    for i, pair in enumerate(halves):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise fail(
                f"{name}[{i}]", "a pair (first, second) of index arrays", pair, error=TypeError
            )
        first, second = (
            check_array(f"{name}[{i}]", part, ndim=1, kind="int", low=0, high=n_samples - 1)
            for part in pair
        )
        both = np.intersect1d(first, second)
        if both.size:
            raise fail(
                f"{name}[{i}]",
                "two disjoint halves (a sample is in the training or the test half)",
                f"{show(both.tolist())} in both",
                echo=False,
            )
        out.append((first.astype(np.intp), second.astype(np.intp)))
    return out
