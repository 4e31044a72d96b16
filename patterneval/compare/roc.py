r"""ROC curves and the area under them, with DeLong's variance, interval and paired test.

Setting (chapter "ROC and AUC with intervals", Part V). A classifier gives every sample a
real score; larger means "more likely positive". Let :math:`X_1, \dots, X_m` be the scores
of the m positives and :math:`Y_1, \dots, Y_n` those of the n negatives. The empirical
**AUC** is the Mann-Whitney statistic

.. math::

    \hat\theta = \frac{1}{mn}\sum_{i=1}^m \sum_{j=1}^n \psi(X_i, Y_j), \qquad
    \psi(x, y) = \begin{cases} 1 & x > y \\ 1/2 & x = y \\ 0 & x < y, \end{cases}

the probability that a random positive outscores a random negative, ties counting one
half. It equals the trapezoidal area under the empirical ROC curve.

DeLong, DeLong & Clarke-Pearson (1988) estimate its variance from the **structural
components** :math:`V_{10}(X_i) = n^{-1}\sum_j \psi(X_i, Y_j)` and
:math:`V_{01}(Y_j) = m^{-1}\sum_i \psi(X_i, Y_j)`:

.. math::

    \widehat{\operatorname{var}}(\hat\theta) = \frac{S_{10}}{m} + \frac{S_{01}}{n},

:math:`S_{10}, S_{01}` the sample variances (denominators m - 1 and n - 1) of the two sets
of components; for k score vectors on the same samples the same formula with sample
covariance matrices gives the covariance of the k AUCs. Sun & Xu (2014) compute all
components from midranks in :math:`O((m + n)\log(m + n))`: with :math:`T_Z` the midranks
in the pooled sample and :math:`T_X, T_Y` the midranks within each class,
:math:`V_{10}(X_i) = (T_Z(X_i) - T_X(X_i))/n` and
:math:`V_{01}(Y_j) = 1 - (T_Z(Y_j) - T_Y(Y_j))/m`. Midranks are half-integers, so the AUC
itself, :math:`(\sum_i T_Z(X_i) - m(m+1)/2)/(mn)`, is computed without round-off in the sum
(exactly the same number on every CPU).

Intervals stay in [0, 1]: by default (``transform="logit"``) the interval is built for
:math:`\operatorname{logit}\hat\theta` with the delta-method standard error
:math:`\widehat{\mathrm{se}}/(\hat\theta(1-\hat\theta))` and mapped back (Pepe 2003,
section 5.2.3). The back-transformed interval is asymmetric, as the sampling distribution
of an AUC near 1 is (it is skewed towards 0.5), and it can never leave (0, 1).
``transform="clip"`` is the plain Wald interval :math:`\hat\theta \pm z\,\widehat{\mathrm{se}}`
cut at 0 and 1: inside [0, 1] too, but by fiat -- an upper end of exactly 1 claims that a
perfect classifier is plausible whatever the data, and near 1 the symmetric interval
covers less often than it says (see the chapter's coverage simulation).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats

from .._results import ConfidenceInterval, Result, interval_docs
from .._ties import TIE_RTOL
from .._validation import check_array, check_choice, check_scalar, fail
from ._checks import check_binary_target

__all__ = [
    "TRANSFORMS",
    "DeLongInterval",
    "DeLongTest",
    "RocCurve",
    "delong_interval",
    "delong_test",
    "roc_auc",
    "roc_curve",
]

#: How an AUC interval is kept inside [0, 1]: a logit transform (default) or clipping.
TRANSFORMS = ("logit", "clip")

_ONE_SCORE = "(one score per sample)"


# ---------------------------------------------------------------- the core (midranks)
def _split(y_true, scores, pos_label, *, names=("y_true", "scores")):
    positive = check_binary_target(y_true, pos_label=pos_label, name=names[0])
    s = check_array(
        names[1], scores, ndim=1, n=positive.size, n_name=names[0], shape_hint=_ONE_SCORE
    )
    return positive, s


def _components(pos, neg):
    """AUC and structural components along the last axis (Sun & Xu's midrank algorithm).

    ``pos`` has shape (..., m), ``neg`` (..., n). Returns ``auc`` (...), ``v10`` (..., m),
    ``v01`` (..., n).
    """
    m, n = pos.shape[-1], neg.shape[-1]
    tz = stats.rankdata(np.concatenate([pos, neg], axis=-1), axis=-1)
    tx = stats.rankdata(pos, axis=-1)
    ty = stats.rankdata(neg, axis=-1)
    v10 = (tz[..., :m] - tx) / n
    v01 = 1.0 - (tz[..., m:] - ty) / m
    # the sum of half-integer midranks is exact, so the AUC carries one rounding only
    auc = (tz[..., :m].sum(axis=-1) - m * (m + 1) / 2) / (m * n)
    return auc, v10, v01


def _check_variance_sizes(positive, name):
    m = int(positive.sum())
    n = positive.size - m
    if m < 2 or n < 2:
        raise fail(
            name,
            "labels of at least two positive and two negative samples",
            f"{m} positive, {n} negative",
            echo=False,
            hint="DeLong's variance is a sample "
            "variance over the positives and over the negatives.",
        )
    return m, n


def _collapsed(variance, scale):
    """Whether a variance computed from quantities of magnitude ``sqrt(scale)`` is 0 up to
    round-off: at most ``TIE_RTOL * scale`` (1e-12 relative, the tie rule of
    :mod:`patterneval._ties`), so that a variance of 1e-34 left by cancellation is not taken
    for spread."""
    return variance <= TIE_RTOL * scale


def _interval(auc, se, z, transform):
    """Two-sided interval for an AUC with standard error ``se`` and normal quantile ``z``."""
    auc, se = np.asarray(auc, dtype=float), np.asarray(se, dtype=float)
    if transform == "clip":
        return np.clip(auc - z * se, 0.0, 1.0), np.clip(auc + z * se, 0.0, 1.0)
    inside = (auc > 0) & (auc < 1)
    safe = np.where(inside, auc, 0.5)
    centre = special.logit(safe)
    half = z * se / (safe * (1 - safe))
    low = np.where(inside, special.expit(centre - half), auc)
    high = np.where(inside, special.expit(centre + half), auc)
    return low, high


# ---------------------------------------------------------------- AUC and the curve
def roc_auc(y_true: ArrayLike, scores: ArrayLike, *, pos_label: Any = None) -> float:
    r"""Area under the ROC curve as the Mann-Whitney statistic (ties count one half).

    .. math::

        \hat\theta = \frac{1}{mn}\sum_{i=1}^m\sum_{j=1}^n \psi(X_i, Y_j)
        = \frac{\sum_i T_Z(X_i) - m(m+1)/2}{mn},

    :math:`X_i` the scores of the m positives, :math:`Y_j` those of the n negatives,
    :math:`T_Z` midranks in the pooled sample. The midrank sum is exact, so the value is the
    same on every CPU; it agrees with the trapezoidal area under the empirical ROC curve
    (scikit-learn's ``roc_auc_score``) to round-off. Derived in the chapter "ROC and AUC
    with intervals".

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Two classes. The positive class is ``pos_label``, else 1 for labels in {0, 1} or
        {-1, 1}, else the greater label (``np.unique`` order).
    scores : array_like, shape (n_samples,)
        Finite real scores, larger meaning more likely positive (a probability, a
        decision function, a log-odds).
    pos_label : label, optional, keyword-only

    Returns
    -------
    float
        :math:`\hat\theta \in [0, 1]`; 1/2 is chance, 1 a perfect ranking.

    Raises
    ------
    ValueError
        If ``y_true`` holds a single class (an AUC compares positives with negatives),
        lengths differ, or a score is NaN or infinite.

    References
    ----------
    .. [1] J. A. Hanley and B. J. McNeil, "The meaning and use of the area under a receiver
       operating characteristic (ROC) curve," Radiology 143(1), 29-36, 1982.
       doi:10.1148/radiology.143.1.7063747

    Examples
    --------
    >>> from patterneval.compare.roc import roc_auc
    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])  # 3 of 4 pairs ordered correctly
    0.75
    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8])   # a tied pair counts one half
    0.875
    """
    positive, s = _split(y_true, scores, pos_label)
    auc, _, _ = _components(s[positive], s[~positive])
    return float(auc)


@dataclass(frozen=True, repr=False)
class RocCurve(Result):
    """The empirical ROC curve: one point per distinct score threshold.

    Attributes
    ----------
    fpr, tpr : ndarray
        False- and true-positive rates of the rule "positive if score >= threshold", from
        (0, 0) (threshold above every score) to (1, 1).
    thresholds : ndarray
        The thresholds, decreasing; the first is ``inf``.
    auc : float
        Trapezoidal area under the curve (equal to :func:`roc_auc`).
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    auc: float


def roc_curve(y_true: ArrayLike, scores: ArrayLike, *, pos_label: Any = None) -> RocCurve:
    r"""The empirical ROC curve (every distinct score is a threshold).

    For each threshold t the rule "positive if score >= t" has true-positive rate
    :math:`\#\{i: X_i \ge t\}/m` and false-positive rate :math:`\#\{j: Y_j \ge t\}/n`. Tied
    scores move the curve diagonally, which is what makes the trapezoidal area equal the
    Mann-Whitney statistic with ties counted one half. The same points as scikit-learn's
    ``roc_curve(..., drop_intermediate=False)``.

    Parameters
    ----------
    y_true, scores, pos_label
        As in :func:`roc_auc`.

    Returns
    -------
    RocCurve

    Examples
    --------
    >>> from patterneval.compare.roc import roc_curve
    >>> curve = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> curve.fpr, curve.tpr
    (array([0. , 0. , 0.5, 0.5, 1. ]), array([0. , 0.5, 0.5, 1. , 1. ]))
    >>> curve.auc
    0.75
    """
    positive, s = _split(y_true, scores, pos_label)
    order = np.argsort(-s, kind="stable")
    s_sorted, pos_sorted = s[order], positive[order]
    last = np.r_[np.nonzero(np.diff(s_sorted))[0], s_sorted.size - 1]  # end of each run of ties
    tp = np.cumsum(pos_sorted)[last]
    fp = (last + 1) - tp
    m, n = int(positive.sum()), int((~positive).sum())
    tpr = np.r_[0.0, tp / m]
    fpr = np.r_[0.0, fp / n]
    thresholds = np.r_[np.inf, s_sorted[last]]
    area = float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))
    return RocCurve(fpr=fpr, tpr=tpr, thresholds=thresholds, auc=area)


# ---------------------------------------------------------------- DeLong
@interval_docs
@dataclass(frozen=True, repr=False)
class DeLongInterval(Result):
    r"""An AUC with DeLong's standard error and a confidence interval inside [0, 1].

    Attributes
    ----------
    statistic : float
        The AUC :math:`\hat\theta` (Mann-Whitney form).
    std_error : float
        :math:`\sqrt{S_{10}/m + S_{01}/n}`.
    low, high : float
        The interval at ``confidence_level`` (see ``transform``).
    confidence_level : float
    transform : str
        ``"logit"`` or ``"clip"`` (module docstring).
    n_positive, n_negative : int
        m and n.
    v10 : ndarray, shape (m,)
        Structural components of the positives, :math:`V_{10}(X_i)`: the share of negatives
        each positive outscores. Their mean is the AUC.
    v01 : ndarray, shape (n,)
        Structural components of the negatives, :math:`V_{01}(Y_j)`.
    """

    _means = (
        "The AUC is the probability that a random positive scores above a random negative (ties count"
        " half); intervals built this way cover the true AUC in about {confidence_level:.0%} of "
        "samples."
    )

    statistic: float
    std_error: float
    low: float
    high: float
    confidence_level: float
    transform: str
    n_positive: int
    n_negative: int
    v10: np.ndarray
    v01: np.ndarray

    @property
    def auc(self) -> float:
        """The AUC (alias of ``statistic``)."""
        return self.statistic

    def confidence_interval(
        self,
        confidence_level: float | None = None,
        *,
        transform: Literal["logit", "clip"] | None = None,
    ) -> ConfidenceInterval:
        """The interval at another level or with the other transform.

        Parameters
        ----------
        confidence_level : float in (0, 1), optional
            Default the result's ``confidence_level``.
        transform : {"logit", "clip"}, optional, keyword-only
            Default the result's ``transform``.

        %(returns_interval)s

        Examples
        --------
        >>> from patterneval.compare import delong_interval
        >>> res = delong_interval([0, 0, 0, 1, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.7, 0.3, 0.2, 0.9])
        >>> res.statistic
        0.875
        >>> res.confidence_interval(transform="clip").high  # the logit interval stays below 1
        1.0
        """
        level = (
            self.confidence_level
            if confidence_level is None
            else check_scalar(
                "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
            )
        )
        transform = (
            self.transform
            if transform is None
            else check_choice("transform", transform, TRANSFORMS)
        )
        z = stats.norm.ppf(0.5 + level / 2)
        low, high = _interval(self.statistic, self.std_error, z, transform)
        return ConfidenceInterval(float(low), float(high))


def delong_interval(
    y_true: ArrayLike,
    scores: ArrayLike,
    *,
    confidence_level: float = 0.95,
    transform: Literal["logit", "clip"] = "logit",
    pos_label: Any = None,
) -> DeLongInterval:
    r"""AUC with DeLong's standard error and a confidence interval that stays in [0, 1].

    The variance is DeLong, DeLong & Clarke-Pearson's (1988)
    :math:`S_{10}/m + S_{01}/n`, computed with Sun & Xu's (2014) midrank algorithm in
    :math:`O(N \log N)`. With ``transform="logit"`` (default) the interval is

    .. math::

        \operatorname{expit}\!\Big(\operatorname{logit}\hat\theta \pm
        z_{1-\alpha/2}\,\frac{\widehat{\mathrm{se}}}{\hat\theta(1-\hat\theta)}\Big),

    the Wald interval of the log-odds of the AUC mapped back (delta method): asymmetric
    and always inside (0, 1). ``transform="clip"`` gives
    :math:`\hat\theta \pm z\,\widehat{\mathrm{se}}` cut at 0 and 1. Why the logit is the
    default is in the module docstring and the chapter's coverage simulation.

    A perfect (or perfectly inverted) ranking, :math:`\hat\theta \in \{0, 1\}`, has every
    structural component equal, so the DeLong variance is 0 and either interval would be
    the single point :math:`\hat\theta`, a claim of certainty that 2 + 2 samples cannot
    carry as well as 2000. DeLong's method says nothing about the uncertainty of a perfect
    separation, so the function raises instead (see Raises). The variance is 0 exactly
    when every :math:`V_{10}(X_i)` is equal and every :math:`V_{01}(Y_j)` is equal: for
    scores without ties that is a perfect separation; with ties, also every score tied
    (:math:`\hat\theta = 1/2`).

    Parameters
    ----------
    y_true, scores, pos_label
        As in :func:`roc_auc`.
    confidence_level : float, keyword-only
        In (0, 1).
    transform : {"logit", "clip"}, keyword-only
        How the interval is kept inside [0, 1].

    Returns
    -------
    DeLongInterval

    Raises
    ------
    ValueError
        If there are fewer than two positives or two negatives (the variance is a sample
        variance over each class); if the DeLong variance is 0 (at most 1e-12 relative to
        the squared components, so that round-off does not pass for spread), as for a perfect
        separation: the interval would be a point. Use more samples, or an interval that
        does not rest on the spread of the components (a bootstrap over larger data, an
        exact or Bayesian method). Besides the errors of :func:`roc_auc`.

    References
    ----------
    .. [1] E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the areas under
       two or more correlated receiver operating characteristic curves: a nonparametric
       approach," Biometrics 44(3), 837-845, 1988. doi:10.2307/2531595
    .. [2] X. Sun and W. Xu, "Fast implementation of DeLong's algorithm for comparing the
       areas under correlated receiver operating characteristic curves," IEEE Signal
       Processing Letters 21(11), 1389-1393, 2014. doi:10.1109/LSP.2014.2337313
    .. [3] M. S. Pepe, *The Statistical Evaluation of Medical Tests for Classification and
       Prediction*, Oxford University Press, 2003, section 5.2.3.

    Examples
    --------
    >>> from patterneval.compare.roc import delong_interval
    >>> res = delong_interval([0, 0, 0, 1, 1, 1], [0.1, 0.3, 0.6, 0.4, 0.7, 0.9])
    >>> res.statistic, round(res.std_error, 4)
    (0.8888888888888888, 0.1571)
    >>> [round(v, 3) for v in (res.low, res.high)]  # logit: asymmetric, inside (0, 1)
    [0.261, 0.995]
    >>> [round(v, 3) for v in res.confidence_interval(transform="clip")]
    [0.581, 1.0]
    """
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    transform = check_choice("transform", transform, TRANSFORMS)
    positive, s = _split(y_true, scores, pos_label)
    m, n = _check_variance_sizes(positive, "y_true")
    auc, v10, v01 = _components(s[positive], s[~positive])
    var = float(np.var(v10, ddof=1) / m + np.var(v01, ddof=1) / n)
    scale = max(float(np.mean(v10**2)) / m, float(np.mean(v01**2)) / n)
    if _collapsed(var, scale):
        raise ValueError(
            f"the DeLong variance of the AUC is 0: every positive outscores the same share of the "
            f"negatives and every negative is outscored by the same share of the positives (AUC "
            f"{float(auc):.6g}; a perfect separation, or every score tied), so the components have no "
            f"spread and the interval would be the single point {float(auc):.6g}. DeLong's method cannot "
            f"say how uncertain this AUC is; use more samples, or an interval that does not rest on "
            f"the spread of the components (an exact or Bayesian method)."
        )
    se = float(np.sqrt(var))
    low, high = _interval(auc, se, stats.norm.ppf(0.5 + level / 2), transform)
    return DeLongInterval(
        statistic=float(auc),
        std_error=se,
        low=float(low),
        high=float(high),
        confidence_level=level,
        transform=transform,
        n_positive=m,
        n_negative=n,
        v10=v10,
        v01=v01,
    )


@dataclass(frozen=True, repr=False)
class DeLongTest(Result):
    r"""DeLong's test of two correlated AUCs (two score vectors on the same samples).

    Attributes
    ----------
    statistic : float
        :math:`z = (\hat\theta_A - \hat\theta_B)/\widehat{\mathrm{se}}(\hat\theta_A - \hat\theta_B)`,
        finite: a standard error of 0 is refused by :func:`delong_test`.
    pvalue : float
        From the standard normal, for ``alternative``.
    alternative : str
    auc_a, auc_b : float
        The two AUCs.
    difference : float
        :math:`\hat\theta_A - \hat\theta_B`.
    std_error : float
        Standard error of the difference, :math:`\sqrt{c^\top S c}` with :math:`c = (1, -1)`.
    covariance : ndarray, shape (2, 2)
        :math:`S = S_{10}/m + S_{01}/n`, the estimated covariance matrix of the two AUCs.
    correlation : float
        The correlation of the two AUCs implied by ``covariance``; NaN when either AUC's
        variance is 0 (up to the same round-off rule): a perfect ranking has no
        spread, so its correlation with anything is 0/0, undefined. The test itself is
        then still defined (it rests on the variance of the difference, the other AUC's).
    low, high : float
        Wald interval for the difference at ``confidence_level`` (two-sided), cut at -1, 1.
    confidence_level : float
    n_positive, n_negative : int
    """

    _headline = ("difference", "low", "high", "statistic", "pvalue", "auc_a", "auc_b")
    _means = (
        "The p-value is the probability, were the two AUCs equal, of a difference at least this far "
        "from 0 ({alternative}); it is not the probability that they are equal."
    )

    statistic: float
    pvalue: float
    alternative: str
    auc_a: float
    auc_b: float
    difference: float
    std_error: float
    covariance: np.ndarray
    correlation: float
    low: float
    high: float
    confidence_level: float
    n_positive: int
    n_negative: int


ALTERNATIVES = ("two-sided", "greater", "less")


def delong_test(
    y_true: ArrayLike,
    scores_a: ArrayLike,
    scores_b: ArrayLike,
    *,
    alternative: Literal["two-sided", "greater", "less"] = "two-sided",
    confidence_level: float = 0.95,
    pos_label: Any = None,
) -> DeLongTest:
    r"""DeLong's test for the difference of two correlated AUCs.

    Both classifiers scored the same samples, so their AUCs are correlated and a test that
    treats them as independent is too conservative (its variance misses the covariance).
    DeLong et al. (1988): with :math:`V^{(A)}, V^{(B)}` the structural components of each
    score vector, :math:`S_{10}` and :math:`S_{01}` the 2 x 2 sample covariance matrices
    of :math:`(V_{10}^{(A)}(X_i), V_{10}^{(B)}(X_i))` over the positives and of
    :math:`(V_{01}^{(A)}(Y_j), V_{01}^{(B)}(Y_j))` over the negatives,

    .. math::

        S = \frac{S_{10}}{m} + \frac{S_{01}}{n}, \qquad
        z = \frac{\hat\theta_A - \hat\theta_B}{\sqrt{S_{AA} + S_{BB} - 2S_{AB}}}
        \;\dot\sim\; N(0, 1) \text{ under } H_0\colon \theta_A = \theta_B .

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        As in :func:`roc_auc`.
    scores_a, scores_b : array_like, shape (n_samples,)
        The two classifiers' scores for the same samples.
    alternative : {"two-sided", "greater", "less"}, keyword-only
        ``"greater"``: :math:`H_1\colon \theta_A > \theta_B`.
    confidence_level : float, keyword-only
        Of the interval for the difference.
    pos_label : label, optional, keyword-only

    Returns
    -------
    DeLongTest

    Raises
    ------
    ValueError
        Fewer than two positives or negatives, a single class, lengths that differ, NaN.
        Also when the estimated variance of the difference,
        :math:`S_{AA} + S_{BB} - 2S_{AB}`, is 0 (at most 1e-12 relative to the squared
        components, so that round-off does not pass for spread): the
        structural components of A and B differ by the same amount on every sample. If
        the AUCs differ too, z would be infinite and p = 0 from a variance estimate that is
        no evidence (two positives and two negatives, A perfect and B constant, give it);
        if they are equal (identical or equivalently ordered scores, or both perfect), z
        is 0/0. Either way there is no spread to test against: use more samples, or a test
        that does not rest on it (a permutation test of the paired scores).

    References
    ----------
    .. [1] E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, Biometrics 44(3), 837-845,
       1988. doi:10.2307/2531595
    .. [2] X. Sun and W. Xu, IEEE Signal Processing Letters 21(11), 1389-1393, 2014.
       doi:10.1109/LSP.2014.2337313

    Examples
    --------
    >>> from patterneval.compare.roc import delong_test
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> a = [0.1, 0.2, 0.3, 0.6, 0.4, 0.7, 0.8, 0.9]
    >>> b = [0.2, 0.5, 0.1, 0.7, 0.3, 0.6, 0.4, 0.8]
    >>> res = delong_test(y, a, b)
    >>> res.auc_a, res.auc_b
    (0.9375, 0.6875)
    >>> round(res.statistic, 3), round(res.pvalue, 3)
    (1.414, 0.157)
    """
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    positive = check_binary_target(y_true, pos_label=pos_label, name="y_true")
    a = check_array(
        "scores_a", scores_a, ndim=1, n=positive.size, n_name="y_true", shape_hint=_ONE_SCORE
    )
    b = check_array(
        "scores_b", scores_b, ndim=1, n=positive.size, n_name="y_true", shape_hint=_ONE_SCORE
    )
    m, n = _check_variance_sizes(positive, "y_true")
    both = np.stack([a, b])
    auc, v10, v01 = _components(both[:, positive], both[:, ~positive])
    cov = np.cov(v10, ddof=1) / m + np.cov(v01, ddof=1) / n
    diff = float(auc[0] - auc[1])
    var = float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    # round-off scale of each AUC's variance: its squared components over the class sizes
    scales = np.maximum(np.mean(v10**2, axis=-1) / m, np.mean(v01**2, axis=-1) / n)
    if _collapsed(var, scales.sum()):
        how = (
            "the AUCs are equal too, so z is 0/0"
            if diff == 0
            else f"the AUCs differ by {diff:.6g}, so z would be infinite and p 0 from a variance that is "
            f"no evidence"
        )
        raise ValueError(
            f"the estimated variance of the AUC difference is 0: the structural components of "
            f"scores_a and scores_b differ by the same amount on every sample (for example identical "
            f"or equivalently ordered scores, or rankings that are perfect or constant), so they have "
            f"no spread; {how}. Use more samples, or a test that does not rest on this spread "
            f"(a permutation test of the paired scores)."
        )
    se = float(np.sqrt(var))
    z = diff / se
    if alternative == "two-sided":
        p = 2 * stats.norm.sf(abs(z))
    elif alternative == "greater":
        p = stats.norm.sf(z)
    else:
        p = stats.norm.cdf(z)
    q = stats.norm.ppf(0.5 + level / 2)
    # a perfect ranking has no spread: its correlation with the other AUC is 0/0 (NaN, documented)
    single = _collapsed(np.diag(cov), scales)
    corr = float("nan") if single.any() else float(cov[0, 1] / np.sqrt(cov[0, 0] * cov[1, 1]))
    return DeLongTest(
        statistic=float(z),
        pvalue=float(min(p, 1.0)),
        alternative=alternative,
        auc_a=float(auc[0]),
        auc_b=float(auc[1]),
        difference=diff,
        std_error=se,
        covariance=cov,
        correlation=corr,
        low=float(max(diff - q * se, -1.0)),
        high=float(min(diff + q * se, 1.0)),
        confidence_level=level,
        n_positive=m,
        n_negative=n,
    )
