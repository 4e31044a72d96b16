r"""Calibration of predicted probabilities: the reliability diagram, the ECE and the Brier decomposition.

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
nothing (a warning says so). The Brier score itself is that of
:data:`patterneval.metrics.METRICS` (``"brier"``), written once there.

The intervals for any metric from cross-validation (the bootstrap of out-of-fold
predictions, BBC-CV) are in :mod:`patterneval.compare.out_of_fold`; the chapter's
miscalibrated forecaster is :func:`patterneval.book.calibration.miscalibrated_forecasts`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from .._results import Result
from .._validation import check_array, check_choice, check_labels, check_scalar, fail, show
from ..metrics import METRICS
from ._checks import check_binary_target

__all__ = [
    "BINNING",
    "BrierDecomposition",
    "CalibrationError",
    "bin_forecasts",
    "brier_decomposition",
    "expected_calibration_error",
]

#: How forecasts are binned: equal-width bins on [0, 1] or bins of (about) equal counts.
BINNING = ("uniform", "quantile")

#: How :func:`brier_decomposition` groups forecasts: the bins of ``BINNING``, or one group
#: per distinct forecast value.
GROUPINGS = BINNING + ("distinct",)

#: Probabilities within this relative distance of a row's largest count as tied for the
#: top label (the lowest class index wins): round-off cannot flip the pick.
TIE_RTOL = 1e-12


# ---------------------------------------------------------------- binning
def bin_forecasts(
    forecasts: ArrayLike,
    *,
    n_bins: int = 15,
    strategy: Literal["uniform", "quantile"] = "uniform",
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
            raise fail(
                "classes", f"the {k} classes of the columns of proba, in order", classes.tolist()
            )
    y = np.asarray(y_true)
    unknown = ~np.isin(y, classes)
    if unknown.any():
        raise fail(
            "y_true",
            f"labels among the classes of the columns of proba, {show(classes.tolist())}",
            f"{y[unknown][0]!r}",
            echo=False,
            hint="Pass classes=model.classes_.",
        )
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

    _means = (
        "ECE: the forecasts' mean distance (weighted by bin size) from the observed frequency of "
        "their bin, 0 when calibrated on these bins; the worst bin is {max_error:.3g} away."
    )

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
    return (
        ids,
        edges,
        np.nonzero(keep)[0],
        counts[keep],
        sums[keep] / counts[keep],
        hits[keep] / counts[keep],
    )


def expected_calibration_error(
    y_true: ArrayLike,
    proba: ArrayLike,
    *,
    n_bins: int = 15,
    strategy: Literal["uniform", "quantile"] = "uniform",
    pos_label: Any = None,
    classes: ArrayLike | None = None,
) -> CalibrationError:
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
    return CalibrationError(
        statistic=float(np.sum(counts * gaps) / conf.size),
        max_error=float(gaps.max()),
        kind=kind,
        strategy=strategy,
        n_bins=n_bins,
        bin_edges=edges,
        bins=bins,
        counts=counts,
        mean_predicted=mean_pred,
        observed=observed,
    )


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
    _means = (
        "brier = reliability - resolution + uncertainty + residual: reliability is the calibration "
        "penalty (0 best), resolution the reward for separating the outcomes (higher better), "
        "uncertainty that of the base rate alone."
    )

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
    y_true: ArrayLike,
    proba: ArrayLike,
    *,
    n_bins: int = 10,
    strategy: Literal["uniform", "quantile", "distinct"] = "uniform",
    pos_label: Any = None,
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
                f"(strategy='uniform' or 'quantile').",
                UserWarning,
                stacklevel=2,
            )
    else:
        ids, _ = bin_forecasts(f, n_bins=n_bins, strategy=strategy)
    grouping = strategy
    k = int(ids.max()) + 1
    counts = np.bincount(ids, minlength=k)
    keep = counts > 0
    # float with weights (numpy's stub says intp)
    fbar: np.ndarray = np.bincount(ids, weights=f, minlength=k)
    obar: np.ndarray = np.bincount(ids, weights=o, minlength=k)
    fbar[keep] /= counts[keep]
    obar[keep] /= counts[keep]
    N = o.size
    base = o.mean()
    df = f - fbar[ids]
    wbv = float(np.sum(df * df) / N) if grouping != "distinct" else 0.0
    wbc = float(np.sum(df * (o - obar[ids])) / N) if grouping != "distinct" else 0.0
    return BrierDecomposition(
        brier=METRICS["brier"](o, f),
        reliability=float(np.sum(counts * (fbar - obar) ** 2) / N),
        resolution=float(np.sum(counts * (obar - base) ** 2) / N),
        uncertainty=float(base * (1 - base)),
        within_variance=wbv,
        within_covariance=wbc,
        residual=wbv - 2 * wbc,
        grouping=grouping,
        n_groups=int(keep.sum()),
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_probability_matrix(
    name: str, proba, *, n=None, n_name: str = "y_true", ndim=None, atol: float = 1e-6
) -> np.ndarray:
    """Predicted probabilities: a 1-d array (of the positive class) or, unless ``ndim=1``, a
    2-d array with one row per sample and one column per class; ``n`` rows, every entry in
    [0, 1] and, for 2-d, every row summing to 1 within ``atol``. Returns a float array."""
    hint = (
        "(probability of the positive class)"
        if ndim == 1
        else "(n_samples,) or (n_samples, n_classes)"
    )
    if ndim is None and (proba is None or np.isscalar(proba)):
        raise fail(name, f"an array of probabilities {hint}", proba, error=TypeError)
    arr = check_array(name, proba, ndim=ndim, n=n, n_name=n_name, low=0, high=1, shape_hint=hint)
    if arr.ndim not in (1, 2) or (arr.ndim == 2 and arr.shape[1] < 2):
        raise fail(
            name,
            f"a 1-d array or a 2-d array of at least two columns {hint}",
            f"shape {arr.shape}",
            echo=False,
        )
    if arr.ndim == 2:
        worst = float(np.max(np.abs(arr.sum(axis=1) - 1.0)))
        if worst > atol:
            raise fail(
                name,
                "rows of class probabilities, each summing to 1",
                f"a row off by {worst:.3g}",
                echo=False,
            )
    return arr
