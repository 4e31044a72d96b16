r"""Calibration of predicted probabilities, and intervals for any metric from cross-validation.

Setting (chapter "Calibration and intervals for any metric", Part V).

**Calibration.** A forecaster that says "70 %" is calibrated if, among the cases where it
says 70 %, 70 % are positive: :math:`P(Y = 1 \mid f(X) = p) = p`. Binning the forecasts
into B bins gives the reliability diagram (observed frequency against mean forecast per
bin) and the **expected calibration error**

.. math::

    \mathrm{ECE} = \sum_{b=1}^{B} \frac{n_b}{N}\,\big|\bar o_b - \bar f_b\big| ,

:math:`\bar f_b` the mean forecast and :math:`\bar o_b` the observed frequency in bin b.
The **Brier score** :math:`\mathrm{BS} = N^{-1}\sum_i (f_i - o_i)^2` splits (Murphy 1973),
over groups k of forecasts, into

.. math::

    \mathrm{BS} = \underbrace{\tfrac1N\textstyle\sum_k n_k(\bar f_k - \bar o_k)^2}_{\text{reliability}}
    - \underbrace{\tfrac1N\textstyle\sum_k n_k(\bar o_k - \bar o)^2}_{\text{resolution}}
    + \underbrace{\bar o(1 - \bar o)}_{\text{uncertainty}}
    + \underbrace{\mathrm{WBV} - 2\,\mathrm{WBC}}_{\text{binning residual}},

where WBV and WBC are the within-group variance of the forecasts and their within-group
covariance with the outcomes (Stephenson, Coelho & Jolliffe 2008). The default groups are
10 equal-width bins, as in the calibration literature; the residual is returned, so the
identity is exact. When every group holds a single forecast value
(``strategy="distinct"``: groups = the distinct forecasts) both vanish and the three-term
identity is exact by itself -- but on continuous forecasts every group is then a single
sample, reliability equals the Brier score and resolution the uncertainty, which says
nothing (a warning says so).

**Intervals for any metric.** :func:`cv_metric_interval` bootstraps the out-of-fold
predictions of one cross-validation; :func:`bbc_cv` (Tsamardinos, Greasidou & Borboudakis
2018) bootstraps the *selection* of the best of several configurations, which removes the
optimism of reporting the best cross-validated score.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats
from sklearn.base import BaseEstimator
from threadpoolctl import threadpool_limits

from .._api import doc_parts, keywords
from .._results import Result
from .._ties import no_spread
from .._validation import (
    check_array, check_bool, check_choice, check_classification_target, check_estimator, check_labels,
    check_n_jobs, check_rng, check_scalar, check_X_y, fail, show,
)
from ._checks import check_binary_target
from .._engine import cv_splits, run_tasks

__all__ = [
    "BINNING",
    "METRICS",
    "BBCResult",
    "BrierDecomposition",
    "CalibrationError",
    "Forecasts",
    "MetricInterval",
    "SelectionOptimism",
    "bbc_cv",
    "bbc_from_predictions",
    "bin_forecasts",
    "brier_decomposition",
    "cv_metric_interval",
    "expected_calibration_error",
    "miscalibrated_forecasts",
    "out_of_fold_predictions",
    "simulate_selection_optimism",
]

#: How forecasts are binned: equal-width bins on [0, 1] or bins of (about) equal counts.
BINNING = ("uniform", "quantile")

#: How :func:`brier_decomposition` groups forecasts: the bins of ``BINNING``, or one group
#: per distinct forecast value.
GROUPINGS = BINNING + ("distinct",)

#: Probabilities within this relative distance of a row's largest count as tied for the
#: top label (the lowest class index wins), and configurations within it of the best
#: score as tied for selection (the lowest index wins): round-off cannot flip either pick.
TIE_RTOL = 1e-12

#: Fills ``%(example_breast_cancer)s``: the data of the examples of the cross-validated
#: intervals (scikit-learn's breast cancer data as ``X, y``, and ``compare``), written once.
_breast_cancer_example = doc_parts({"example_breast_cancer": """>>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval import compare
    >>> X, y = load_breast_cancer(return_X_y=True)"""})


# ---------------------------------------------------------------- binning
def bin_forecasts(
    forecasts: ArrayLike, *, n_bins: int = 15, strategy: Literal["uniform", "quantile"] = "uniform",
) -> tuple[np.ndarray, np.ndarray]:
    """Bin index (0 .. n_bins - 1) of every forecast, and the bin edges.

    ``"uniform"``: edges ``linspace(0, 1, n_bins + 1)``; ``"quantile"``: the forecasts'
    percentiles at ``linspace(0, 100, n_bins + 1)`` (repeated forecasts can leave bins
    empty). Bin b holds the forecasts in :math:`(e_b, e_{b+1}]` (the first bin also
    :math:`e_0`): ``np.searchsorted(edges[1:-1], forecasts)``, scikit-learn's
    ``calibration_curve`` rule, so the two give the same bins.

    Examples
    --------
    >>> from patterneval.compare.calibration import bin_forecasts
    >>> ids, edges = bin_forecasts([0.0, 0.2, 0.21, 0.5, 1.0], n_bins=5)
    >>> ids
    array([0, 0, 1, 2, 4])
    """
    f = check_probability_matrix("forecasts", forecasts, ndim=1)
    n_bins = check_scalar("n_bins", n_bins, int, low=1)
    strategy = check_choice("strategy", strategy, BINNING)
    if strategy == "uniform":
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    else:
        edges = np.percentile(f, np.linspace(0, 100, n_bins + 1))
    return np.searchsorted(edges[1:-1], f), edges


def _top_label(y_true, proba, classes):
    """Confidence (largest probability) and correctness of the top label of every row."""
    k = proba.shape[1]
    if classes is None:
        classes = np.arange(k)
    else:
        classes = check_labels("classes", classes)
        if classes.size != k:
            raise fail("classes", f"the {k} classes of the columns of proba, in order", classes.tolist())
    y = np.asarray(y_true)
    unknown = ~np.isin(y, classes)
    if unknown.any():
        raise fail("y_true", f"labels among the classes of the columns of proba, {show(classes.tolist())}",
                   f"{y[unknown][0]!r}", echo=False, hint="Pass classes=model.classes_.")
    best = proba.max(axis=1)
    # round-off-proof top label: within TIE_RTOL of the row's largest, the lowest column wins
    top = np.argmax(proba >= best[:, None] * (1 - TIE_RTOL), axis=1)
    return best, classes[top] == y


@dataclass(frozen=True, repr=False)
class CalibrationError(Result):
    r"""Expected calibration error with the reliability diagram's bins.

    Attributes
    ----------
    statistic : float
        ECE, :math:`\sum_b (n_b/N)|\bar o_b - \bar f_b|`.
    max_error : float
        MCE, :math:`\max_b |\bar o_b - \bar f_b|` over the non-empty bins.
    kind : str
        ``"binary"`` (forecasts of the positive class, outcomes 0/1) or ``"top-label"``
        (confidence of the predicted class, outcome "prediction correct").
    strategy : str
    n_bins : int
        Bins asked for (``counts`` etc. list only the non-empty ones).
    bin_edges : ndarray, shape (n_bins + 1,)
    bins : ndarray of int
        Index of each non-empty bin.
    counts : ndarray of int
        :math:`n_b`.
    mean_predicted : ndarray
        :math:`\bar f_b` (``prob_pred`` of scikit-learn's ``calibration_curve``).
    observed : ndarray
        :math:`\bar o_b` (``prob_true``).
    """

    _means = ("ECE: the forecasts' mean distance (weighted by bin size) from the observed frequency of "
              'their bin, 0 when calibrated on these bins; the worst bin is {max_error:.3g} away.')

    statistic: float
    max_error: float
    kind: str
    strategy: str
    n_bins: int
    bin_edges: np.ndarray
    bins: np.ndarray
    counts: np.ndarray
    mean_predicted: np.ndarray
    observed: np.ndarray

    @property
    def gaps(self) -> np.ndarray:
        """:math:`\\bar o_b - \\bar f_b` per non-empty bin (positive: under-confident)."""
        return self.observed - self.mean_predicted


def _binned(conf, outcome, n_bins, strategy):
    ids, edges = bin_forecasts(conf, n_bins=n_bins, strategy=strategy)
    counts = np.bincount(ids, minlength=n_bins)
    sums = np.bincount(ids, weights=conf, minlength=n_bins)
    hits = np.bincount(ids, weights=outcome.astype(float), minlength=n_bins)
    keep = counts > 0
    return ids, edges, np.nonzero(keep)[0], counts[keep], sums[keep] / counts[keep], hits[keep] / counts[keep]


def expected_calibration_error(y_true: ArrayLike, proba: ArrayLike, *, n_bins: int = 15,
                               strategy: Literal["uniform", "quantile"] = "uniform", pos_label: Any = None,
                               classes: ArrayLike | None = None) -> CalibrationError:
    r"""Expected calibration error (ECE) and the bins of the reliability diagram.

    .. math::

        \mathrm{ECE} = \sum_{b=1}^{B} \frac{n_b}{N}\,\big|\bar o_b - \bar f_b\big|, \qquad
        \mathrm{MCE} = \max_b \big|\bar o_b - \bar f_b\big| .

    *Binary* (``proba`` 1-d): :math:`f_i` is the probability of the positive class and
    :math:`o_i = 1` if sample i is positive -- the calibration of the probability itself.
    *Top-label* (``proba`` 2-d, one column per class, as ``predict_proba`` returns): the
    forecast is the confidence :math:`\max_k p_{ik}` and the outcome whether the top
    class is the true one (Guo et al. 2017); a row whose largest probabilities are equal
    (within a relative 1e-12) predicts the lowest column. For two classes the two
    definitions differ: top-label folds p and 1 - p together.

    The binned ECE is a biased estimate of :math:`E|P(Y=1\mid f) - f|`: even a perfectly
    calibrated forecaster has ECE > 0 on finite data, about
    :math:`\sum_b (n_b/N)\sqrt{2\bar f_b(1 - \bar f_b)/(\pi n_b)}`; more bins mean less
    binning bias and more noise (chapter "Calibration and intervals for any metric").

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Binary outcomes (1-d ``proba``; the positive class as in
        :func:`~patterneval.compare.roc.roc_auc`, all samples may be of one class) or
        class labels (2-d ``proba``).
    proba : array_like, shape (n_samples,) or (n_samples, n_classes)
        Probabilities in [0, 1]; rows of a 2-d array sum to 1.
    n_bins : int, keyword-only
        Number of bins B.
    strategy : {"uniform", "quantile"}, keyword-only
        See :func:`bin_forecasts`.
    pos_label : label, optional, keyword-only
        Binary case only.
    classes : array_like, optional, keyword-only
        Labels of the columns of a 2-d ``proba`` (``model.classes_``); default
        ``0 .. n_classes - 1``.

    Returns
    -------
    CalibrationError

    References
    ----------
    .. [1] M. P. Naeini, G. F. Cooper and M. Hauskrecht, "Obtaining well calibrated
       probabilities using Bayesian binning," AAAI 2015, 2901-2907.
    .. [2] C. Guo, G. Pleiss, Y. Sun and K. Q. Weinberger, "On calibration of modern neural
       networks," ICML 2017, PMLR 70, 1321-1330.

    Examples
    --------
    >>> from patterneval.compare.calibration import expected_calibration_error
    >>> res = expected_calibration_error([0, 0, 1, 1], [0.1, 0.3, 0.6, 0.9], n_bins=2)
    >>> res.statistic  # bins [0, .5]: mean .2, observed 0; (.5, 1]: mean .75, observed 1
    0.225
    >>> res.observed, res.mean_predicted
    (array([0., 1.]), array([0.2 , 0.75]))
    """
    n_bins = check_scalar("n_bins", n_bins, int, low=1)
    strategy = check_choice("strategy", strategy, BINNING)
    y_arr = check_labels("y_true", y_true)
    p = check_probability_matrix("proba", proba, n=y_arr.size)
    if p.ndim == 1:
        if classes is not None:
            raise fail("classes", "None when proba is 1-d (use pos_label there)", classes)
        outcome = check_binary_target(y_arr, pos_label=pos_label, both=False)
        conf, kind = p, "binary"
    else:
        if pos_label is not None:
            raise fail("pos_label", "None when proba is 2-d (use classes there)", pos_label)
        conf, outcome = _top_label(y_arr, p, classes)
        kind = "top-label"
    _, edges, bins, counts, mean_pred, observed = _binned(conf, outcome, n_bins, strategy)
    gaps = np.abs(observed - mean_pred)
    return CalibrationError(statistic=float(np.sum(counts * gaps) / conf.size), max_error=float(gaps.max()),
                            kind=kind, strategy=strategy, n_bins=n_bins, bin_edges=edges, bins=bins,
                            counts=counts, mean_predicted=mean_pred, observed=observed)


# ---------------------------------------------------------------- Brier decomposition
@dataclass(frozen=True, repr=False)
class BrierDecomposition(Result):
    r"""Murphy's decomposition of the Brier score, with the binning residual.

    ``brier == reliability - resolution + uncertainty + residual`` (to round-off), and
    ``residual == within_variance - 2 * within_covariance`` is 0 when every group holds
    one forecast value (``grouping="distinct"``). REL - RES + UNC exceeds the Brier
    score exactly when the residual is negative, i.e. when the within-group covariance is
    positive and larger than half the within-group variance.

    Attributes
    ----------
    brier : float
        :math:`N^{-1}\sum_i (f_i - o_i)^2` (scikit-learn's ``brier_score_loss``).
    reliability : float
        :math:`N^{-1}\sum_k n_k(\bar f_k - \bar o_k)^2`; lower is better (0: calibrated).
    resolution : float
        :math:`N^{-1}\sum_k n_k(\bar o_k - \bar o)^2`; higher is better.
    uncertainty : float
        :math:`\bar o(1 - \bar o)`, the Brier score of always forecasting the base rate.
    within_variance : float
        WBV, :math:`N^{-1}\sum_k\sum_{i\in k}(f_i - \bar f_k)^2`.
    within_covariance : float
        WBC, :math:`N^{-1}\sum_k\sum_{i\in k}(f_i - \bar f_k)(o_i - \bar o_k)`; positive
        when, inside the groups, larger forecasts go with more positives.
    residual : float
        ``within_variance - 2 * within_covariance``.
    grouping : str
        ``"distinct"`` (one group per distinct forecast), ``"uniform"`` or ``"quantile"``.
    n_groups : int
        Number of non-empty groups.
    """

    _headline = ("brier", "reliability", "resolution", "uncertainty", "residual")
    _means = ('brier = reliability - resolution + uncertainty + residual: reliability is the calibration '
              'penalty (0 best), resolution the reward for separating the outcomes (higher better), '
              'uncertainty that of the base rate alone.')

    brier: float
    reliability: float
    resolution: float
    uncertainty: float
    within_variance: float
    within_covariance: float
    residual: float
    grouping: str
    n_groups: int


def brier_decomposition(
    y_true: ArrayLike, proba: ArrayLike, *, n_bins: int = 10,
    strategy: Literal["uniform", "quantile", "distinct"] = "uniform", pos_label: Any = None,
) -> BrierDecomposition:
    r"""Brier score = reliability - resolution + uncertainty + binning residual (Murphy 1973).

    Group the N forecasts; in group k let :math:`n_k` be its size, :math:`\bar f_k` its mean
    forecast and :math:`\bar o_k` its observed frequency; :math:`\bar o` is the overall
    frequency. Writing :math:`f_i - o_i = (f_i - \bar f_k) + (\bar f_k - \bar o_k) +
    (\bar o_k - o_i)` and summing squares within each group (the cross terms with
    :math:`\bar f_k - \bar o_k` vanish since deviations from a group mean sum to 0, and
    :math:`\sum_{i\in k}(o_i - \bar o_k)^2 = n_k\bar o_k(1 - \bar o_k)` for 0/1 outcomes):

    .. math::

        \mathrm{BS} = \mathrm{REL} + \tfrac1N\textstyle\sum_k n_k\bar o_k(1 - \bar o_k)
        + \mathrm{WBV} - 2\,\mathrm{WBC},

    and :math:`\frac1N\sum_k n_k\bar o_k(1-\bar o_k) = \bar o - \frac1N\sum_k n_k\bar o_k^2
    = \mathrm{UNC} - \mathrm{RES}`.

    By default the groups are ``n_bins = 10`` equal-width bins of :func:`bin_forecasts`
    (the bins of the reliability diagram and of :func:`expected_calibration_error`, as in
    the calibration literature): forecasts inside a bin differ, and the residual
    WBV - 2 WBC (Stephenson, Coelho & Jolliffe 2008) is returned, so the identity above
    holds to round-off; the residual shrinks as bins narrow. REL - RES + UNC is larger
    than the Brier score exactly when the residual is negative, 2 WBC > WBV (a
    within-bin covariance that is positive: inside the bins larger forecasts go with more
    positives).

    With ``strategy="distinct"`` the groups are the distinct forecast values, so
    :math:`f_i = \bar f_k` in every group, WBV = WBC = 0 and BS = REL - RES + UNC holds
    exactly: forecasts that take finitely many values (a forecaster that says 0 %, 10 %,
    ..., 100 %, or a tree's leaf frequencies) decompose without residual. On continuous
    forecasts (``predict_proba`` of most models, every value distinct) each group is one
    sample, so REL = BS and RES = UNC: the decomposition says nothing, and a
    ``UserWarning`` says so.

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Binary outcomes (positive class as in :func:`expected_calibration_error`).
    proba : array_like, shape (n_samples,)
        Forecast probabilities of the positive class.
    n_bins : int, default 10, keyword-only
        Number of bins (ignored for ``strategy="distinct"``).
    strategy : {"uniform", "quantile", "distinct"}, default "uniform", keyword-only
        Equal-width or equal-count bins (:func:`bin_forecasts`), or one group per
        distinct forecast value.
    pos_label : label, optional, keyword-only

    Returns
    -------
    BrierDecomposition

    Warns
    -----
    UserWarning
        With ``strategy="distinct"``, when every group holds a single sample (and there
        are two samples or more).

    Notes
    -----
    No term can be degenerate: every term is an average or a product of averages, with
    no division by a spread. UNC = 0 (all outcomes in one class) and REL = 0 (every group's
    mean forecast equals its frequency) are legitimate values, not collapsed estimates.

    References
    ----------
    .. [1] A. H. Murphy, "A new vector partition of the probability score," Journal of
       Applied Meteorology 12(4), 595-600, 1973.
       doi:10.1175/1520-0450(1973)012<0595:ANVPOT>2.0.CO;2
    .. [2] D. B. Stephenson, C. A. S. Coelho and I. T. Jolliffe, "Two extra components in
       the Brier score decomposition," Weather and Forecasting 23(4), 752-757, 2008.
       doi:10.1175/2007WAF2006116.1

    Examples
    --------
    >>> from patterneval.compare.calibration import brier_decomposition
    >>> d = brier_decomposition([0, 1, 0, 1, 1, 1], [0.2, 0.2, 0.8, 0.8, 0.8, 0.8], strategy="distinct")
    >>> round(d.brier, 6), round(d.reliability - d.resolution + d.uncertainty, 6), d.residual
    (0.24, 0.24, 0.0)
    >>> d = brier_decomposition([0, 1, 0, 1], [0.12, 0.18, 0.61, 0.69])  # 10 bins: two of them used
    >>> d.n_groups, round(d.reliability - d.resolution + d.uncertainty + d.residual - d.brier, 12)
    (2, 0.0)
    """
    n_bins = check_scalar("n_bins", n_bins, int, low=1)
    strategy = check_choice("strategy", strategy, GROUPINGS)
    o = check_binary_target(y_true, pos_label=pos_label, both=False).astype(float)
    f = check_probability_matrix("proba", proba, n=o.size, ndim=1)
    if strategy == "distinct":
        _, ids = np.unique(f, return_inverse=True)
        ids = ids.reshape(-1)
        if o.size > 1 and int(ids.max()) + 1 == o.size:
            warnings.warn(
                f"brier_decomposition: every one of the {o.size} forecasts is distinct, so with "
                f"strategy='distinct' every group is a single sample: reliability equals the Brier score "
                f"and resolution equals the uncertainty, which says nothing about calibration. Use bins "
                f"(strategy='uniform' or 'quantile').", UserWarning, stacklevel=2)
    else:
        ids, _ = bin_forecasts(f, n_bins=n_bins, strategy=strategy)
    grouping = strategy
    k = int(ids.max()) + 1
    counts = np.bincount(ids, minlength=k)
    keep = counts > 0
    fbar = np.bincount(ids, weights=f, minlength=k)
    obar = np.bincount(ids, weights=o, minlength=k)
    fbar[keep] /= counts[keep]
    obar[keep] /= counts[keep]
    N = o.size
    base = o.mean()
    df = f - fbar[ids]
    wbv = float(np.sum(df * df) / N) if grouping != "distinct" else 0.0
    wbc = float(np.sum(df * (o - obar[ids])) / N) if grouping != "distinct" else 0.0
    return BrierDecomposition(
        brier=float(np.mean((f - o) ** 2)),
        reliability=float(np.sum(counts * (fbar - obar) ** 2) / N),
        resolution=float(np.sum(counts * (obar - base) ** 2) / N),
        uncertainty=float(base * (1 - base)),
        within_variance=wbv, within_covariance=wbc, residual=wbv - 2 * wbc,
        grouping=grouping, n_groups=int(keep.sum()))


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
def miscalibrated_forecasts(n: int, *, slope: float = 1.0, shift: float = 0.0, spread: float = 2.0,
                            rng: int | np.random.Generator | None = None) -> Forecasts:
    r"""Draw outcomes and the forecasts of a forecaster miscalibrated in a known way.

    True log-odds :math:`Z \sim N(0, s^2)` (``spread`` s), outcome
    :math:`Y \sim \mathrm{Bernoulli}(\operatorname{expit} Z)`, forecast
    :math:`\operatorname{expit}(aZ + b)`. With a = 1, b = 0 the forecaster is perfectly
    calibrated; :func:`expected_calibration_error` on its forecasts then shows the binned
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
    >>> from patterneval.compare.calibration import miscalibrated_forecasts
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
    return Forecasts(y=y, probability=p, forecast=f, true_error=true, slope=slope, shift=shift, spread=spread)


# ---------------------------------------------------------------- metrics for resampling
def _f1_of(y, pred, c):
    tp = np.count_nonzero((pred == c) & (y == c))
    denom = np.count_nonzero(pred == c) + np.count_nonzero(y == c)
    return 2.0 * tp / denom if denom else 0.0


def _f1(y, pred):
    """F1 of the class coded 1 for two classes (scikit-learn's ``f1_score`` with
    ``pos_label=1``), the unweighted mean over the classes otherwise (``average="macro"``);
    0 when a class is neither present nor predicted."""
    k = int(max(y.max(), pred.max())) + 1
    if k <= 2:
        return _f1_of(y, pred, 1)
    return float(np.mean([_f1_of(y, pred, c) for c in range(k)]))


def _auc(y, scores):
    from .roc import _components

    if scores.ndim == 2:
        from sklearn.metrics import roc_auc_score

        return roc_auc_score(y, scores, multi_class="ovr")
    positive = y == 1
    if positive.all() or not positive.any():
        raise ValueError("an AUC needs both classes, and this sample holds one")
    return float(_components(scores[positive], scores[~positive])[0])


def _brier(y, p):
    if p.ndim == 2:  # multiclass Brier: squared distance to the one-hot outcome
        classes = np.arange(p.shape[1])
        return float(np.mean(np.sum((p - (y[:, None] == classes)) ** 2, axis=1)))
    return float(np.mean((p - y) ** 2))


def _log_loss(y, p):
    eps = 1e-15
    if p.ndim == 2:
        return float(-np.mean(np.log(np.clip(p[np.arange(y.size), y], eps, 1))))
    return float(-np.mean(y * np.log(np.clip(p, eps, 1)) + (1 - y) * np.log(np.clip(1 - p, eps, 1))))


def _ece(y, p):
    return expected_calibration_error(y, p).statistic


def _per_sample(name):
    """Per-sample losses whose mean is the metric (a fast path for the bootstrap)."""
    if name in ("accuracy", "error"):
        return lambda y, pred: (pred == y).astype(float) if name == "accuracy" else (pred != y).astype(float)
    if name == "brier":
        def brier(y, p):
            if p.ndim == 2:
                return np.sum((p - (y[:, None] == np.arange(p.shape[1]))) ** 2, axis=1)
            return (p - y) ** 2
        return brier
    if name == "log_loss":
        def logloss(y, p):
            if p.ndim == 2:
                return -np.log(np.clip(p[np.arange(y.size), y], 1e-15, 1))
            return -(y * np.log(np.clip(p, 1e-15, 1)) + (1 - y) * np.log(np.clip(1 - p, 1e-15, 1)))
        return logloss
    return None


#: The metrics known by name: (function of (y_true, response), response kind, greater is better).
#: Response kinds: "label" (``predict``), "score" (``decision_function``, else the positive
#: class's ``predict_proba``), "proba" (``predict_proba``; the positive column for two classes).
#: Labels are coded 0 .. K-1 in the order of ``np.unique(y)`` before a metric sees them.
METRICS = {
    "accuracy": (lambda y, pred: float(np.mean(pred == y)), "label", True),
    "error": (lambda y, pred: float(np.mean(pred != y)), "label", False),
    "balanced_accuracy": (lambda y, pred: float(np.mean([np.mean(pred[y == c] == c) for c in np.unique(y)])),
                          "label", True),
    "f1": (_f1, "label", True),
    "roc_auc": (_auc, "score", True),
    "brier": (_brier, "proba", False),
    "log_loss": (_log_loss, "proba", False),
    "ece": (_ece, "proba", False),
}

RESPONSES = ("label", "score", "proba")


def _resolve_metric(metric, response, greater_is_better):
    if isinstance(metric, str):
        func, kind, greater = METRICS[check_choice("metric", metric, tuple(METRICS))]
        if response is not None:
            check_choice("response", response, RESPONSES)
            if response != kind:
                raise fail("response", f"None or {kind!r}, the response metric={metric!r} takes", response)
        if greater_is_better is not None:
            raise fail("greater_is_better", f"None for metric={metric!r}, whose direction is known (pass it "
                       f"only with a callable metric)", greater_is_better)
        return metric, func, kind, greater, _per_sample(metric)
    if not callable(metric):
        raise fail("metric", f"one of {list(METRICS)} or a callable metric(y_true, response)", metric,
                   error=TypeError)
    kind = "label" if response is None else check_choice("response", response, RESPONSES)
    greater = True if greater_is_better is None else check_bool("greater_is_better", greater_is_better)
    return getattr(metric, "__name__", "metric"), metric, kind, greater, None


def _codes_of(values, classes, what):
    """The positions in ``classes`` (the sorted classes of ``y``) of the labels ``values``
    that a fitted estimator returned (its predictions or its ``classes_``): the estimator is
    fitted on the caller's labels, the metrics see codes 0 .. K-1."""
    position = {c: k for k, c in enumerate(classes.tolist())}
    values = np.asarray(values).reshape(-1).tolist()
    unknown = [v for v in values if v not in position]
    if unknown:
        raise fail("estimator", f"a classifier whose {what} are classes of y",
                   f"{what} holding {unknown[0]!r}, not a class of y", echo=False)
    return np.array([position[v] for v in values], dtype=np.intp)


def _fit_response(estimator, X, y, classes, train, test, kind):
    """One fold: a clone of ``estimator`` fitted on the ``train`` rows of ``X`` and of the
    caller's labels ``y`` (a pandas Series stays one; rows taken by position), and its
    response on the ``test`` rows, in codes of ``classes`` (labels) or by class code
    (probabilities)."""
    from sklearn.base import clone

    from .._engine import x_passed_through
    from .._rows import take_rows

    with x_passed_through("fit", train.size):
        model = clone(estimator).fit(take_rows(X, train), take_rows(y, train))
    Xt = take_rows(X, test)
    if kind == "label":
        with x_passed_through("predict", test.size):
            return _codes_of(model.predict(Xt), classes, "predictions")
    n_classes = classes.size
    if kind == "score" and n_classes == 2 and hasattr(model, "decision_function"):
        with x_passed_through("decision_function", test.size):
            return np.asarray(model.decision_function(Xt), dtype=float)
    if not hasattr(model, "predict_proba"):
        raise fail("estimator", f"a classifier with predict_proba, which the {kind!r} response needs",
                   f"{type(estimator).__name__} (no predict_proba)", error=TypeError, echo=False,
                   hint="Use a probabilistic classifier or a label metric.")
    with x_passed_through("predict_proba", test.size):
        proba = np.asarray(model.predict_proba(Xt), dtype=float)
    full = np.zeros((proba.shape[0], n_classes))
    full[:, _codes_of(model.classes_, classes, "classes_")] = proba  # a class absent from a fold: 0
    return full[:, 1] if n_classes == 2 else full


def _splits(cv, y, gen):
    """The (train, test) pairs of ``cv`` (``patterneval._engine.cv_splits``: an int gives
    stratified shuffled folds drawn from ``gen``, as ``make_folds``), whose test parts must
    partition the samples: every sample gets exactly one out-of-fold prediction."""
    splits = [pair for group in cv_splits(cv, y, stratify=True, rng=gen) for pair in group]
    covered = np.bincount(np.concatenate([test for _, test in splits]), minlength=y.size)
    if not np.all(covered == 1):
        how = "never or more than once" if (covered == 0).any() else "more than once"
        raise fail("cv", "folds whose test parts partition the samples (as KFold's do; a repeated "
                         "splitter tests every sample more than once)",
                   f"{int(np.sum(covered != 1))} samples tested {how}", echo=False)
    return splits


@keywords
def out_of_fold_predictions(
    estimators: BaseEstimator | Sequence[BaseEstimator], X: ArrayLike, y: ArrayLike, *,
    response: Literal["label", "score", "proba"] = "label", cv: int | object = 5,
    rng: int | np.random.Generator | None = None, n_jobs: int | None = None, progress: bool = False,
) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """Out-of-fold responses of one or several estimators on the same folds.

    Each estimator is cloned and fitted on every training part; its response on the test
    part fills the rows of those samples. The estimators are fitted on ``y`` as given;
    the returned labels and predictions are coded 0 .. K-1 (``np.unique(y)`` order).

    Parameters
    ----------
    estimators : estimator or sequence of estimators
    X, y : array_like (X also a DataFrame or sparse matrix, y a pandas Series)
        As in :func:`patterneval.cross_val_error`: passed to the estimators unchanged
        (only rows are taken, by position).
    response : {"label", "score", "proba"}, keyword-only
        See ``METRICS``.
    cv : int, splitter or iterable of (train, test) pairs, keyword-only
        An int k: k stratified folds, shuffled with ``rng`` (the estimators are
        classifiers, so folds are stratified, as scikit-learn's ``check_cv`` makes them);
        a scikit-learn splitter such as ``KFold(5, shuffle=True, random_state=0)``; or
        (train, test) index pairs. The test parts must partition the samples (so not a
        repeated splitter): every sample gets one out-of-fold prediction.
    rng : None, int or Generator, keyword-only
        Seeds the folds of an int ``cv``.
    n_jobs, progress
        As in :func:`patterneval.cross_val_error`.

    Returns
    -------
    predictions : list of ndarray
        One per estimator, shape (n_samples,) or (n_samples, n_classes).
    y_codes : ndarray of int
        ``y`` coded 0 .. K-1.
    folds : ndarray of int
        Test fold of every sample.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from patterneval.compare.calibration import out_of_fold_predictions
    >>> X, y = load_iris(return_X_y=True)
    >>> (pred,), codes, folds = out_of_fold_predictions(GaussianNB(), X, y, cv=5, rng=0)
    >>> round(float((pred == codes).mean()), 3)
    0.953
    """
    many = isinstance(estimators, (list, tuple))
    models = list(estimators) if many else [estimators]
    if not models:
        raise fail("estimators", "a non-empty list of configurations (estimators)", "an empty list", echo=False)
    for est in models:
        check_estimator("estimators" if many else "estimator", est)
    X, labels = check_X_y(X, y, pass_through=True)
    check_classification_target(labels, estimator=models[0])
    # the caller's y reaches the estimators as given, as X does: a pandas Series stays one
    # (rows taken by position); anything else as the checked array
    y = y if hasattr(y, "iloc") else labels
    response = check_choice("response", response, RESPONSES)
    progress = check_bool("progress", progress)
    n_jobs = check_n_jobs(n_jobs)
    gen = check_rng(rng)
    classes, codes = np.unique(labels, return_inverse=True)
    codes = codes.reshape(-1)
    splits = _splits(cv, codes, gen)
    for f, (train, _) in enumerate(splits):
        if np.unique(codes[train]).size < 2:
            raise fail("cv", "folds whose training parts hold two classes or more",
                       f"fold {f}, trained on a single class", echo=False,
                       hint="Use stratified folds or fewer of them.")
    tasks = [(est, X, y, classes, train, test, response) for est in models for train, test in splits]
    results = run_tasks(_fit_response, tasks, n_jobs=n_jobs, progress=progress, desc="out-of-fold fits")
    folds = np.empty(codes.size, dtype=int)
    for f, (_, test) in enumerate(splits):
        folds[test] = f
    out = []
    for e in range(len(models)):
        first = results[e * len(splits)]
        pred = np.empty((codes.size,) + first.shape[1:], dtype=first.dtype)
        for f, (_, test) in enumerate(splits):
            pred[test] = results[e * len(splits) + f]
        out.append(pred)
    return out, codes, folds


def _check_spread(values, metric, what, product, *, hint):
    """Refuse a resampling distribution without spread: all ``values`` equal within
    ``TIE_RTOL`` of their magnitude (round-off is not spread), so that ``product`` (an
    interval) would be a single point."""
    if no_spread(values, np.max(np.abs(values))):
        raise ValueError(
            f"every {what} gives the same value of the metric {metric!r} ({values[0]:.6g}): the resampling "
            f"distribution has no spread, so {product} would be the single point {values[0]:.6g}, a "
            f"certainty the resampling cannot give. This happens when the metric is at its bound on "
            f"every sample (every prediction correct). Use more samples, or an interval that does not "
            f"rest on resampling spread ({hint})."
        )


def _safe_metric(func, y, pred, where):
    try:
        value = float(func(y, pred))
    except ValueError as exc:
        raise ValueError(f"the metric cannot be computed on {where}: {exc} (a metric such as an AUC "
                         f"needs both classes in every resample; use more samples)") from None
    if not np.isfinite(value):
        raise ValueError(f"the metric returned {value!r} on {where}; it must return a finite number.")
    return value


# ---------------------------------------------------------------- bootstrap of out-of-fold predictions
@dataclass(frozen=True, repr=False)
class MetricInterval(Result):
    r"""A metric of cross-validated predictions with a bootstrap interval.

    Attributes
    ----------
    statistic : float
        The metric on all out-of-fold predictions.
    low, high : float
        The bootstrap interval (``method``) at ``confidence_level``.
    std_error : float
        Standard deviation of the bootstrap distribution.
    confidence_level : float
    method : str
        ``"percentile"`` or ``"bca"``.
    metric : str
    n_resamples, n_splits : int
    bootstrap_distribution : ndarray, shape (n_resamples,)
    predictions : ndarray
        The out-of-fold responses.
    folds : ndarray of int
        Test fold of every sample.
    """

    _means = ('The {metric} of the out-of-fold predictions; the {method} bootstrap interval resamples those'
              ' predictions, so it shows the variation of the test samples, not of the training sets.')

    statistic: float
    low: float
    high: float
    std_error: float
    confidence_level: float
    method: str
    metric: str
    n_resamples: int
    n_splits: int
    bootstrap_distribution: np.ndarray
    predictions: np.ndarray
    folds: np.ndarray


INTERVAL_METHODS = ("percentile", "bca")


@keywords
@_breast_cancer_example
def cv_metric_interval(
    estimator: BaseEstimator, X: ArrayLike, y: ArrayLike, *, metric: str | Callable = "accuracy",
    cv: int | object = 5, n_resamples: int = 1000, method: Literal["percentile", "bca"] = "percentile",
    confidence_level: float = 0.95, response: Literal["label", "score", "proba"] | None = None,
    greater_is_better: bool | None = None, rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None, progress: bool = False,
) -> MetricInterval:
    r"""A bootstrap confidence interval for any metric, from out-of-fold predictions.

    One cross-validation gives every sample a prediction from a model that did not see
    it. The metric of these N predictions is the point estimate; resampling the N
    (outcome, prediction) pairs with replacement and recomputing the metric gives its
    bootstrap distribution, and ``scipy.stats.bootstrap`` turns that into a percentile
    or BCa interval (Efron 1987). Because the interval is built from values of the metric
    itself, it stays inside the metric's range (an F1 interval never passes 1, unlike a
    normal approximation).

    What it does *not* capture: the variability of the fitted models (the folds are fixed
    and the models are not refitted on each resample), so it is an interval for the
    performance of *these* out-of-fold predictions; for a model selected as the best of
    several, use :func:`bbc_cv`, whose interval also covers the selection.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
    X, y : array_like
        As in :func:`patterneval.cross_val_error` (a pandas Series ``y`` reaches the
        estimator as one).
    metric : str or callable, keyword-only
        A name in ``METRICS`` ("accuracy", "error", "balanced_accuracy", "f1", "roc_auc",
        "brier", "log_loss", "ece"), or ``metric(y_codes, response) -> float`` with labels
        coded 0 .. K-1.
    cv : int, splitter or iterable of (train, test) pairs, keyword-only
        As in :func:`out_of_fold_predictions`: an int k gives k stratified folds shuffled
        with ``rng``; a splitter or (train, test) pairs whose test parts partition the
        samples.
    n_resamples : int, keyword-only
    method : {"percentile", "bca"}, keyword-only
        BCa corrects for bias and skewness (its jackknife costs N more metric evaluations).
    confidence_level : float, keyword-only
    response : {"label", "score", "proba"}, optional, keyword-only
        For a callable metric (default "label"); fixed for a named one.
    greater_is_better : bool, optional, keyword-only
        For a callable metric; informational here (used by :func:`bbc_cv`).
    rng : None, int or numpy.random.Generator, keyword-only
        Two independent child streams: the folds, then the bootstrap.
    n_jobs, progress
        For the fits, as in :func:`patterneval.cross_val_error`.

    Returns
    -------
    MetricInterval

    Raises
    ------
    ValueError
        Among the usual checks: a resample on which the metric is undefined (an AUC of a
        resample holding one class). Also when the bootstrap distribution has no spread
        (every resample gives the same value, within 1e-12 relative): typically a metric
        at its bound on every sample (every out-of-fold prediction correct). The interval
        would be a single point, a certainty that the bootstrap cannot give; use more
        samples, or an interval that does not rest on resampling spread (for an accuracy,
        :func:`patterneval.binomial_interval` of the number of correct predictions).

    References
    ----------
    .. [1] B. Efron, "Better bootstrap confidence intervals," Journal of the American
       Statistical Association 82(397), 171-185, 1987. doi:10.1080/01621459.1987.10478410

    Examples
    --------
    %(example_breast_cancer)s
    >>> from sklearn.naive_bayes import GaussianNB
    >>> res = compare.cv_metric_interval(GaussianNB(), X, y, metric="roc_auc", n_resamples=200, rng=0)
    >>> bool(res.low < res.statistic < res.high <= 1)
    True
    """
    check_estimator("estimator", estimator)
    name, func, kind, _, _ = _resolve_metric(metric, response, greater_is_better)
    method = check_choice("method", method, INTERVAL_METHODS)
    level = check_scalar("confidence_level", confidence_level, float, low=0, high=1, closed="neither")
    B = check_scalar("n_resamples", n_resamples, int, low=2)
    gen = check_rng(rng)
    fold_rng, boot_rng = gen.spawn(2)
    (pred,), codes, folds = out_of_fold_predictions(estimator, X, y, response=kind, cv=cv, rng=fold_rng,
                                                    n_jobs=n_jobs, progress=progress)
    value = _safe_metric(func, codes, pred, "the out-of-fold predictions")

    def statistic(idx):
        return _safe_metric(func, codes[idx], pred[idx], "a bootstrap resample")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=stats.DegenerateDataWarning)
        warnings.simplefilter("ignore", category=RuntimeWarning)  # BCa of a constant distribution
        res = stats.bootstrap((np.arange(codes.size),), statistic, n_resamples=B, vectorized=False,
                              method="BCa" if method == "bca" else "percentile", confidence_level=level,
                              rng=boot_rng)
    dist = np.asarray(res.bootstrap_distribution, dtype=float)
    _check_spread(dist, name, "bootstrap resample", "the interval", hint=(
        "for an accuracy, pe.binomial_interval of the number of correct predictions"))
    low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
    if not (np.isfinite(low) and np.isfinite(high)):  # pragma: no cover - scipy returns finite ends otherwise
        raise ValueError("the bootstrap interval is undefined for these predictions; use method='percentile'.")
    return MetricInterval(statistic=value, low=low, high=high, std_error=float(res.standard_error),
                          confidence_level=level, method=method, metric=name, n_resamples=B,
                          n_splits=int(folds.max()) + 1, bootstrap_distribution=dist, predictions=pred,
                          folds=folds)


# ---------------------------------------------------------------- BBC-CV
@dataclass(frozen=True, repr=False)
class BBCResult(Result):
    r"""Bootstrap bias-corrected CV: the performance of the configuration chosen by tuning.

    Attributes
    ----------
    statistic : float
        The BBC-CV estimate, the mean over bootstraps of the out-of-bag score of the
        configuration selected on the in-bag samples.
    low, high : float
        Percentile interval of the out-of-bag scores.
    confidence_level : float
    naive : float
        The best configuration's score on all out-of-fold predictions: what "tune by CV,
        report the best CV score" reports. Optimistic.
    optimism : float
        ``naive - statistic`` for a metric where greater is better, ``statistic - naive``
        otherwise: how much the naive report flatters the tuned model.
    selected : int
        The configuration chosen on all samples (the model one would deploy).
    scores : ndarray, shape (n_configurations,)
        Every configuration's score on all out-of-fold predictions.
    oob_scores : ndarray, shape (n_resamples,)
    selections : ndarray of int, shape (n_resamples,)
        The configuration chosen in each bootstrap.
    metric : str
    greater_is_better : bool
    n_resamples : int
    """

    _means = ('The expected {metric} of the configuration that tuning selects, corrected for the selection:'
              ' the naive best CV score ({naive:.3g}) flatters it by {optimism:.3g}.')

    statistic: float
    low: float
    high: float
    confidence_level: float
    naive: float
    optimism: float
    selected: int
    scores: np.ndarray
    oob_scores: np.ndarray
    selections: np.ndarray
    metric: str
    greater_is_better: bool
    n_resamples: int


def _bootstrap_counts(gen, rows, n):
    """How often each of ``n`` samples is drawn in each of ``rows`` bootstrap resamples."""
    idx = gen.integers(0, n, (rows, n)) + (np.arange(rows) * n)[:, None]
    return np.bincount(idx.ravel(), minlength=rows * n).reshape(rows, n).astype(float)


def _bbc_fast(gen, losses, B, N, chunk, greater, oob, chosen):
    """BBC-CV for a metric that is a mean of per-sample ``losses`` (N x C), in chunks of
    bootstraps: in-bag means as one product, out-of-bag means of the chosen columns."""
    for start in range(0, B, chunk):
        rows = min(chunk, B - start)
        counts = _bootstrap_counts(gen, rows, N)
        out = counts == 0
        n_out = out.sum(axis=1)
        if np.any(n_out == 0):
            raise ValueError("a bootstrap resample left no out-of-bag samples; use more samples.")
        inbag = counts @ losses / N
        best = _select(inbag, greater)
        chosen[start:start + rows] = best
        oob[start:start + rows] = np.einsum("rn,rn->r", out, losses[:, best].T) / n_out


def _select(scores, greater):
    """Index of the best score along the last axis; ties within TIE_RTOL: lowest index."""
    s = scores if greater else -scores
    best = s.max(axis=-1, keepdims=True)
    return np.argmax(s >= best - TIE_RTOL * np.maximum(1.0, np.abs(best)), axis=-1)


@keywords
def bbc_from_predictions(
    y_true: ArrayLike, predictions: ArrayLike, *, metric: str | Callable = "accuracy", n_resamples: int = 1000,
    confidence_level: float = 0.95, greater_is_better: bool | None = None,
    rng: int | np.random.Generator | None = None,
) -> BBCResult:
    r"""BBC-CV from a matrix of out-of-fold predictions (Tsamardinos et al. 2018).

    ``predictions[c]`` holds configuration c's out-of-fold responses for all N samples
    (one cross-validation per configuration, the same folds). For b = 1..B draw N indices
    with replacement (in-bag; the rest are out-of-bag), select the configuration with the
    best metric on the in-bag samples and score it on the out-of-bag samples:

    .. math::

        c_b^* = \arg\max_c M(y_{\mathrm{in}_b}, \Pi_{\mathrm{in}_b, c}), \qquad
        L_b = M(y_{\mathrm{out}_b}, \Pi_{\mathrm{out}_b, c_b^*}), \qquad
        \hat L_{\mathrm{BBC}} = \frac1B\sum_b L_b .

    The selection is repeated on every bootstrap, so its optimism is paid for on samples it
    did not see, without refitting any model. The interval is the percentile interval of
    the :math:`L_b`. Configurations within a relative 1e-12 of the best in-bag score count
    as tied and the lowest index wins. For "accuracy", "error", "brier" and "log_loss"
    (means of per-sample losses) the B selections are computed as one matrix product.

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Class labels (coded 0 .. K-1 in ``np.unique`` order before the metric sees them).
    predictions : array_like, shape (n_configurations, n_samples[, n_classes])
        Out-of-fold responses of each configuration.
    metric, greater_is_better
        As in :func:`cv_metric_interval`.
    n_resamples : int, keyword-only
    confidence_level : float, keyword-only
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    BBCResult

    Raises
    ------
    ValueError
        When the out-of-bag scores of the selected configurations have no spread (all
        equal within 1e-12 relative), as when a configuration is perfect on every sample:
        the percentile interval would be a single point, a certainty the bootstrap cannot
        give. Use more samples, or an interval that does not rest on the bootstrap's
        spread (for an accuracy, :func:`patterneval.binomial_interval`). Also when a
        bootstrap leaves no out-of-bag sample, or the metric is undefined on a resample.

    References
    ----------
    .. [1] I. Tsamardinos, E. Greasidou and G. Borboudakis, "Bootstrapping the out-of-sample
       predictions for efficient and accurate cross-validation," Machine Learning 107(12),
       1895-1922, 2018. doi:10.1007/s10994-018-5714-4

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.compare.calibration import bbc_from_predictions
    >>> gen = np.random.default_rng(0)
    >>> y = gen.integers(0, 2, 200)
    >>> preds = gen.integers(0, 2, (30, 200))  # 30 configurations, all guessing
    >>> res = bbc_from_predictions(y, preds, n_resamples=500, rng=1)
    >>> res.naive  # the best of 30 coins looks better than a coin
    0.545
    >>> bool(res.statistic < res.naive), bool(abs(res.statistic - 0.5) < 0.05)
    (True, True)
    """
    name, func, _, greater, per_sample = _resolve_metric(metric, "label" if callable(metric) else None,
                                                          greater_is_better)
    B = check_scalar("n_resamples", n_resamples, int, low=2)
    level = check_scalar("confidence_level", confidence_level, float, low=0, high=1, closed="neither")
    gen = check_rng(rng)
    _, codes = np.unique(check_labels("y_true", y_true, min_size=2), return_inverse=True)
    codes = codes.reshape(-1)
    P = check_prediction_table(predictions, codes.size)
    C, N = P.shape[0], codes.size
    scores = np.array([_safe_metric(func, codes, P[c], "all out-of-fold predictions") for c in range(C)])
    selected = int(_select(scores, greater))
    oob, chosen = np.empty(B), np.empty(B, dtype=int)
    if per_sample is not None:
        losses = np.stack([per_sample(codes, P[c]) for c in range(C)], axis=1)  # N x C
        chunk = max(1, 4_000_000 // N)
        # small products in a loop: one BLAS thread (threads contend on a loaded machine)
        with threadpool_limits(1, user_api="blas"):
            _bbc_fast(gen, losses, B, N, chunk, greater, oob, chosen)
    else:
        for b in range(B):
            idx = gen.integers(0, N, N)
            out = np.ones(N, dtype=bool)
            out[idx] = False
            if not out.any():
                raise ValueError("a bootstrap resample left no out-of-bag samples; use more samples.")
            inbag = np.array([_safe_metric(func, codes[idx], P[c][idx], "an in-bag resample") for c in range(C)])
            chosen[b] = _select(inbag, greater)
            oob[b] = _safe_metric(func, codes[out], P[chosen[b]][out], "an out-of-bag resample")
    _check_spread(oob, name, "out-of-bag score of the selected configuration", "the interval", hint=(
        "for an accuracy, pe.binomial_interval of the selected configuration's correct predictions"))
    estimate = float(oob.mean())
    alpha = 1 - level
    low, high = np.quantile(oob, [alpha / 2, 1 - alpha / 2])
    naive = float(scores[selected])
    return BBCResult(statistic=estimate, low=float(low), high=float(high), confidence_level=level, naive=naive,
                     optimism=(naive - estimate) if greater else (estimate - naive), selected=selected,
                     scores=scores, oob_scores=oob, selections=chosen, metric=name, greater_is_better=greater,
                     n_resamples=B)


@keywords
@_breast_cancer_example
def bbc_cv(estimators: Sequence[BaseEstimator], X: ArrayLike, y: ArrayLike, *, metric: str | Callable = "accuracy",
           cv: int | object = 5, n_resamples: int = 1000, confidence_level: float = 0.95,
           response: Literal["label", "score", "proba"] | None = None, greater_is_better: bool | None = None,
           rng: int | np.random.Generator | None = None, n_jobs: int | None = None,
           progress: bool = False) -> BBCResult:
    r"""Bootstrap bias-corrected cross-validation for the configuration chosen by tuning.

    Tuning picks the configuration (hyper-parameters, or a whole learner) with the best
    cross-validated score; that best score is optimistically biased, since among many
    configurations of equal merit the one whose folds happened to go well wins. BBC-CV
    (Tsamardinos, Greasidou & Borboudakis 2018) runs one cross-validation per
    configuration on shared folds, collects the out-of-fold predictions and passes them to
    :func:`bbc_from_predictions`, which bootstraps the selection itself: no model is
    refitted, so the correction costs B metric evaluations per configuration.

    Parameters
    ----------
    estimators : sequence of estimators
        The configurations, e.g. ``[SVC(C=c) for c in grid]``.
    X, y : array_like
        As in :func:`patterneval.cross_val_error` (a pandas Series ``y`` reaches the
        estimators as one).
    metric, cv, n_resamples, confidence_level, response, greater_is_better
        As in :func:`cv_metric_interval`.
    rng : None, int or numpy.random.Generator, keyword-only
        Two child streams: the folds, then the bootstrap.
    n_jobs, progress
        For the ``n_configurations * n_splits`` fits.

    Returns
    -------
    BBCResult

    Raises
    ------
    ValueError
        As :func:`bbc_from_predictions` (out-of-bag scores without spread: the interval
        would be a point), besides the checks of the cross-validation.

    References
    ----------
    .. [1] I. Tsamardinos, E. Greasidou and G. Borboudakis, Machine Learning 107(12),
       1895-1922, 2018. doi:10.1007/s10994-018-5714-4

    Examples
    --------
    %(example_breast_cancer)s
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> grid = [KNeighborsClassifier(k) for k in (1, 5, 15, 45)]
    >>> res = compare.bbc_cv(grid, X, y, n_resamples=300, rng=0)
    >>> bool(res.statistic <= res.naive)
    True
    """
    if not isinstance(estimators, (list, tuple)):
        raise fail("estimators", "a list of configurations (estimators)", estimators, error=TypeError)
    name, func, kind, greater, _ = _resolve_metric(metric, response, greater_is_better)
    check_scalar("n_resamples", n_resamples, int, low=2)
    check_scalar("confidence_level", confidence_level, float, low=0, high=1, closed="neither")
    gen = check_rng(rng)
    fold_rng, boot_rng = gen.spawn(2)
    preds, codes, _ = out_of_fold_predictions(list(estimators), X, y, response=kind, cv=cv, rng=fold_rng,
                                              n_jobs=n_jobs, progress=progress)
    return bbc_from_predictions(codes, np.stack(preds), metric=metric, n_resamples=n_resamples,
                                confidence_level=confidence_level,
                                greater_is_better=None if isinstance(metric, str) else greater, rng=boot_rng)


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
def simulate_selection_optimism(n_samples: int, n_configurations: int, *, accuracy: ArrayLike = 0.5,
                                n_datasets: int = 200, n_resamples: int = 200, confidence_level: float = 0.95,
                                rng: int | np.random.Generator | None = None) -> SelectionOptimism:
    r"""What the naive interval misses: tuning's optimism, by simulation with a known truth.

    Each simulated data set is the out-of-fold correctness matrix of ``n_configurations``
    configurations on ``n_samples`` samples, configuration c correct on each sample
    independently with probability ``accuracy[c]`` (its true accuracy). Tuning selects
    the configuration with the best observed accuracy; its true accuracy is the target.
    The naive report is that best observed accuracy with a percentile bootstrap interval
    of its own out-of-fold predictions; BBC-CV is :func:`bbc_from_predictions` on the same
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
    Unlike :func:`bbc_from_predictions` and :func:`cv_metric_interval`, a simulated data set
    whose bootstrap has no spread is not refused: that happens only for a configuration
    with true accuracy 0 or 1, which is deterministic, so the point interval is the truth
    and counts as covering. The coverage standard errors are the plug-in binomial
    :math:`\sqrt{c(1-c)/R}`, 0 when c is 0 or 1 (no miss in R data sets): a summary of
    the simulation, reported as it is.

    Examples
    --------
    >>> from patterneval.compare.calibration import simulate_selection_optimism
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
        raise fail("accuracy", f"a number or one value per configuration ({C})", f"shape {acc.shape}", echo=False)
    R = check_scalar("n_datasets", n_datasets, int, low=2)
    B = check_scalar("n_resamples", n_resamples, int, low=2)
    level = check_scalar("confidence_level", confidence_level, float, low=0, high=1, closed="neither")
    gen = check_rng(rng)
    alpha = 1 - level
    truth, naive, bbc, naive_hit, bbc_hit = (np.empty(R) for _ in range(5))
    with threadpool_limits(1, user_api="blas"):  # many small products: one BLAS thread
        for r in range(R):
            truth[r], naive[r], bbc[r], naive_hit[r], bbc_hit[r] = _one_selection(gen, acc, N, C, B, alpha)
    cn, cb = float(naive_hit.mean()), float(bbc_hit.mean())
    return SelectionOptimism(
        true_accuracy=float(truth.mean()), naive=float(naive.mean()), bbc=float(bbc.mean()),
        naive_coverage=cn, bbc_coverage=cb, naive_coverage_se=float(np.sqrt(cn * (1 - cn) / R)),
        bbc_coverage_se=float(np.sqrt(cb * (1 - cb) / R)),
        naive_bias_se=float(np.std(naive - truth, ddof=1) / np.sqrt(R)),
        bbc_bias_se=float(np.std(bbc - truth, ddof=1) / np.sqrt(R)),
        n_samples=N, n_configurations=C, n_datasets=R, n_resamples=B, confidence_level=level)


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_probability_matrix(name: str, proba, *, n=None, n_name: str = "y_true", ndim=None,
                             atol: float = 1e-6) -> np.ndarray:
    """Predicted probabilities: a 1-d array (of the positive class) or, unless ``ndim=1``, a
    2-d array with one row per sample and one column per class; ``n`` rows, every entry in
    [0, 1] and, for 2-d, every row summing to 1 within ``atol``. Returns a float array."""
    hint = "(probability of the positive class)" if ndim == 1 else "(n_samples,) or (n_samples, n_classes)"
    if ndim is None and (proba is None or np.isscalar(proba)):
        raise fail(name, f"an array of probabilities {hint}", proba, error=TypeError)
    arr = check_array(name, proba, ndim=ndim, n=n, n_name=n_name, low=0, high=1, shape_hint=hint)
    if arr.ndim not in (1, 2) or (arr.ndim == 2 and arr.shape[1] < 2):
        raise fail(name, f"a 1-d array or a 2-d array of at least two columns {hint}", f"shape {arr.shape}",
                   echo=False)
    if arr.ndim == 2:
        worst = float(np.max(np.abs(arr.sum(axis=1) - 1.0)))
        if worst > atol:
            raise fail(name, "rows of class probabilities, each summing to 1", f"a row off by {worst:.3g}",
                       echo=False)
    return arr


def check_prediction_table(predictions, n_samples: int) -> np.ndarray:
    """Out-of-fold responses of C configurations: finite numbers of shape (C, N) or
    (C, N, n_classes), N = ``n_samples``. Class codes keep their integer type."""
    hint = "(n_configurations, n_samples[, n_classes])"
    P = check_array("predictions", predictions, shape_hint=hint)
    if P.ndim not in (2, 3):
        raise fail("predictions", f"a 2-d or 3-d array {hint}", f"shape {P.shape}", echo=False)
    if P.shape[1] != n_samples:
        raise ValueError(f"predictions has {P.shape[1]} samples per configuration but y_true has {n_samples}; "
                         f"they must pair up.")
    raw = np.asarray(predictions)
    return raw if raw.dtype.kind in "biu" else P
