r"""Diversity of ensemble members (chapter "Diversity"): pairwise measures from the
two-classifier table, kappa-error diagrams and the error-ambiguity decomposition.

**The table.** The chapter "Diversity" counts the *predictions* of two binary classifiers
:math:`h_i, h_j` (coded :math:`+1/-1`) over the :math:`m` samples:

================  ================  ================
\                 :math:`h_j = +1`  :math:`h_j = -1`
================  ================  ================
:math:`h_i = +1`  :math:`a`         :math:`b`
:math:`h_i = -1`  :math:`c`         :math:`d`
================  ================  ================

so :math:`a + b + c + d = m`. Every measure here is a function of these four counts
and is unchanged if both classifiers' labels are swapped (:math:`a \leftrightarrow d`,
:math:`b \leftrightarrow c`), so which class is called positive does not matter.

**The oracle table.** Kuncheva & Whitaker (2003), and DESlib's
``deslib.util.diversity`` after them, fill the same four cells with the *oracle
outputs* instead: :math:`a` counts samples both classifiers get right, :math:`d` those
both get wrong, :math:`b` / :math:`c` those only one gets right. That needs the true
labels ``y`` but works for any number of classes. Here the optional argument ``y``
selects it: ``y=None`` (default) gives the chapter's prediction table, a ``y`` gives the
oracle table. The disagreement measure is the same under both for binary problems
(two binary predictions differ exactly when one of them is right), but the correlation
and the Q statistic generally differ: on samples of the negative class the oracle table
swaps :math:`a \leftrightarrow d` and :math:`b \leftrightarrow c`, and
:math:`ad - bc` is not additive over the two classes. :func:`kappa` (Cohen's
:math:`\kappa` between the predictions, as in the kappa-error diagram of Margineantu
& Dietterich 1997) takes no ``y``.

Undefined values (a zero denominator, e.g. a classifier that predicts one class only
for the correlation): the single-pair functions :func:`correlation`, :func:`q_statistic`
and :func:`kappa` raise a ``ValueError`` saying why (scikit-learn's
:func:`~sklearn.metrics.matthews_corrcoef` returns 0 there instead, a number the
mathematics does not give). The matrix of :func:`pairwise_diversity` and the points of
:func:`kappa_error` hold ``nan`` for the undefined pairs, so that the other pairs of a large
ensemble can still be used (e.g. with ``numpy.nanmean``); that is documented there.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .._results import Result
from .._validation import check_array, check_choice, check_labels, fail, show
from ._checks import check_convex_weights, check_member_outputs

__all__ = [
    "MEASURES",
    "ErrorAmbiguity",
    "KappaError",
    "PairTable",
    "correlation",
    "disagreement",
    "error_ambiguity",
    "kappa",
    "kappa_error",
    "pair_table",
    "pairwise_diversity",
    "q_statistic",
]

#: Names accepted by :func:`pairwise_diversity`, with the direction of "more diverse".
MEASURES = {
    "disagreement": "larger is more diverse",
    "correlation": "smaller is more diverse",
    "q_statistic": "smaller is more diverse",
    "kappa": "smaller is more diverse",
}


@dataclasses.dataclass(frozen=True, repr=False)
class PairTable(Result):
    """The four cells of the two-classifier table and their total ``m``.

    Attributes
    ----------
    a, b, c, d : int
        The cells (see the module docstring); ``m = a + b + c + d``.
    """

    a: int
    b: int
    c: int
    d: int

    @property
    def m(self) -> int:
        return self.a + self.b + self.c + self.d


def _indicators(h1, h2, y):
    """Bool arrays z1, z2 whose True cells are the table's first row / column."""
    h1, h2 = _label_pair(h1, h2)
    if y is None:
        return check_binary_predictions("h1", h1), check_binary_predictions("h2", h2)
    y = check_labels("y", y, n=h1.shape[0], n_name="h1")
    return h1 == y, h2 == y


def _label_pair(h1, h2):
    h1 = check_labels("h1", h1)
    return h1, check_labels("h2", h2, n=h1.shape[0], n_name="h1")


def _cells(z1, z2):
    a = int(np.count_nonzero(z1 & z2))
    b = int(np.count_nonzero(z1 & ~z2))
    c = int(np.count_nonzero(~z1 & z2))
    return a, b, c, z1.shape[0] - a - b - c


def _ratio(num, den):
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(den != 0, num / np.where(den != 0, den, 1.0), np.nan)
    return out if out.ndim else float(out)


def _defined(name, value, why):
    """A single pair's measure, or a ValueError when it is 0/0 (never a silent nan)."""
    if np.isnan(value):
        raise ValueError(f"{name} is undefined (0/0) for h1 and h2: {why}.")
    return value


def _measure(name, a, b, c, d):
    """Disagreement, correlation or Q from (arrays of) cells; float64 arithmetic avoids
    integer overflow. (Kappa has its own K-class formula: :func:`_kappa_labels`.)"""
    a, b, c, d = (np.asarray(v, dtype=float) for v in (a, b, c, d))
    if name == "disagreement":
        return _ratio(b + c, a + b + c + d)
    if name == "correlation":
        return _ratio(a * d - b * c, np.sqrt((a + b) * (a + c) * (c + d) * (b + d)))
    return _ratio(a * d - b * c, a * d + b * c)  # q_statistic


def pair_table(h1: ArrayLike, h2: ArrayLike, y: ArrayLike | None = None) -> PairTable:
    r"""The two-classifier table of the chapter "Diversity" (``y=None``) or the oracle table (``y`` given).

    Parameters
    ----------
    h1, h2 : array-like of shape (n_samples,)
        Predictions of the two classifiers. Without ``y`` they must be binary, coded
        :math:`+1/-1` (or 0/1, or bool); :math:`+1` is the table's first row/column.
        With ``y`` any labels are allowed.
    y : array-like of shape (n_samples,), optional
        True labels. If given, the cells count correctness instead of predictions:
        ``a`` both right, ``b`` only ``h1`` right, ``c`` only ``h2`` right, ``d`` both
        wrong (Kuncheva & Whitaker 2003).

    Returns
    -------
    PairTable
        Counts ``a`` (:math:`h_1=h_2=+1`), ``b`` (:math:`h_1=+1, h_2=-1`),
        ``c`` (:math:`h_1=-1, h_2=+1`), ``d`` (:math:`h_1=h_2=-1`); ``m`` their sum.
        :math:`O(m)`.

    References
    ----------
    Kuncheva, L. I. & Whitaker, C. J. (2003). Measures of diversity in classifier
    ensembles and their relationship with the ensemble accuracy. Machine Learning 51,
    181-207. https://doi.org/10.1023/A:1022859003006

    Examples
    --------
    >>> from patterneval.ensemble.diversity import pair_table
    >>> pair_table([1, 1, -1, -1, 1], [1, -1, 1, -1, 1])
    PairTable(a=2, b=1, c=1, d=1)
    >>> pair_table([0, 1, 2], [0, 2, 2], y=[0, 1, 2])   # oracle table
    PairTable(a=2, b=1, c=0, d=0)
    """
    return PairTable(*_cells(*_indicators(h1, h2, y)))


def disagreement(h1: ArrayLike, h2: ArrayLike, y: ArrayLike | None = None) -> float:
    r"""Disagreement measure :math:`\mathrm{dis} = (b + c) / m`, in :math:`[0, 1]`.

    The share of samples on which the two classifiers' binary predictions differ; larger
    is more diverse. For binary problems it is the same with or without ``y`` (two
    predictions differ exactly when one of them is right). :math:`O(m)`.

    Parameters
    ----------
    h1, h2, y
        As in :func:`pair_table` (``y=None``: the prediction table).

    Returns
    -------
    float

    References
    ----------
    Skalak, D. B. (1996). The sources of increased accuracy for two proposed boosting
    algorithms. AAAI-96 Workshop on Integrating Multiple Learned Models.
    Kuncheva & Whitaker (2003), https://doi.org/10.1023/A:1022859003006

    Examples
    --------
    >>> from patterneval.ensemble.diversity import disagreement
    >>> disagreement([1, 1, -1, -1], [1, -1, 1, -1])
    0.5
    """
    return _measure("disagreement", *_cells(*_indicators(h1, h2, y)))


def correlation(h1: ArrayLike, h2: ArrayLike, y: ArrayLike | None = None) -> float:
    r"""Correlation coefficient
    :math:`\rho = \dfrac{ad - bc}{\sqrt{(a+b)(a+c)(c+d)(b+d)}}`, in :math:`[-1, 1]`.

    Without ``y`` this is Pearson's correlation of the two :math:`\pm 1` prediction
    vectors, i.e. the Matthews correlation coefficient of ``h1`` against ``h2``; with
    ``y`` the correlation of their correctness indicators. Smaller is more diverse.
    Undefined (0/0) if a margin of the table is zero (a constant classifier, or with ``y``
    one that is always right or always wrong): then ``ValueError``. :math:`O(m)`.

    Parameters
    ----------
    h1, h2, y
        As in :func:`pair_table`.

    Returns
    -------
    float
        Pearson's correlation of the two binary vectors (with ``y``: of their correctness).

    References
    ----------
    Kuncheva & Whitaker (2003), https://doi.org/10.1023/A:1022859003006

    Examples
    --------
    >>> from patterneval.ensemble.diversity import correlation
    >>> round(correlation([1, 1, -1, -1, 1], [1, -1, 1, -1, 1]), 4)
    0.1667
    """
    return _defined(
        "correlation",
        _measure("correlation", *_cells(*_indicators(h1, h2, y))),
        "a margin of the 2x2 table is 0 (h1 or h2 is constant on these samples)",
    )


def q_statistic(h1: ArrayLike, h2: ArrayLike, y: ArrayLike | None = None) -> float:
    r"""Yule's Q statistic :math:`Q = \dfrac{ad - bc}{ad + bc}`, in :math:`[-1, 1]`.

    Same sign as :func:`correlation` and :math:`|Q| \ge |\rho|`; it is :math:`\pm 1` as
    soon as one cell is zero (with the other product positive). Smaller is more
    diverse. Undefined (0/0) when :math:`ad + bc = 0`: then ``ValueError``. With ``y`` this is the oracle Q of
    Kuncheva & Whitaker (2003) and DESlib's ``Q_statistic``. :math:`O(m)`.

    Parameters
    ----------
    h1, h2, y
        As in :func:`pair_table`; with ``y`` this is the oracle Q of Kuncheva & Whitaker.

    Returns
    -------
    float
        Yule's association of the 2x2 table, 1 or -1 as soon as one of its cells is empty.

    References
    ----------
    Yule, G. U. (1900). On the association of attributes in statistics. Phil. Trans.
    R. Soc. A 194, 257-319. https://doi.org/10.1098/rsta.1900.0019
    Kuncheva & Whitaker (2003), https://doi.org/10.1023/A:1022859003006

    Examples
    --------
    >>> from patterneval.ensemble.diversity import q_statistic
    >>> q_statistic([1, 1, -1, -1, 1], [1, -1, 1, -1, 1])   # (2*1 - 1*1) / (2*1 + 1*1)
    0.3333333333333333
    """
    return _defined(
        "q_statistic",
        _measure("q_statistic", *_cells(*_indicators(h1, h2, y))),
        "ad + bc = 0 in the 2x2 table",
    )


def _kappa_labels(h1, h2) -> float:
    labels, codes = np.unique(np.concatenate([h1, h2]), return_inverse=True)
    codes = codes.reshape(-1)
    n, k = h1.shape[0], labels.size
    table = np.bincount(codes[:n] * k + codes[n:], minlength=k * k).reshape(k, k) / n
    p1 = np.trace(table)
    p2 = float(table.sum(axis=1) @ table.sum(axis=0))
    return _ratio(p1 - p2, 1 - p2)


def kappa(h1: ArrayLike, h2: ArrayLike) -> float:
    r"""Cohen's :math:`\kappa = (p_1 - p_2) / (1 - p_2)` between two classifiers' predictions.

    :math:`p_1` is the observed share of agreement, :math:`p_2` the agreement expected by
    chance from the two classifiers' class frequencies. For binary predictions
    :math:`p_1 = (a+d)/m` and :math:`p_2 = ((a+b)(a+c) + (c+d)(b+d))/m^2`; for
    more classes the sums run over the :math:`K \times K` table of predicted labels (any
    labels are allowed). :math:`\kappa = 1` for identical predictions, 0 for
    chance-level agreement, negative below chance; smaller is more diverse. Undefined
    (0/0) when :math:`p_2 = 1` (both predict the same single class): then ``ValueError``. :math:`O(m \log m)`.

    Parameters
    ----------
    h1, h2 : array-like of shape (n_samples,)
        Predicted labels of the two classifiers.

    Returns
    -------
    float

    References
    ----------
    Cohen, J. (1960). A coefficient of agreement for nominal scales. Educational and
    Psychological Measurement 20, 37-46. https://doi.org/10.1177/001316446002000104

    Examples
    --------
    >>> from patterneval.ensemble.diversity import kappa
    >>> round(kappa([1, 1, -1, -1, 1], [1, -1, 1, -1, 1]), 4)
    0.1667
    >>> kappa([0, 1, 2, 2], [0, 1, 2, 2])
    1.0
    """
    return _defined(
        "kappa",
        _kappa_labels(*_label_pair(h1, h2)),
        "both classifiers predict the same single class, so chance agreement p2 = 1",
    )


def pairwise_diversity(
    predictions: ArrayLike,
    y: ArrayLike | None = None,
    *,
    measure: Literal["disagreement", "correlation", "q_statistic", "kappa"] = "disagreement",
) -> np.ndarray:
    r"""A pairwise measure for every pair of ensemble members, as a symmetric matrix.

    Parameters
    ----------
    predictions : array-like of shape (n_classifiers, n_samples)
        One row of predictions per member (binary :math:`\pm 1`/0-1 unless ``y`` is given
        or ``measure="kappa"``).
    y : array-like of shape (n_samples,), optional
        True labels: use the oracle table (see :func:`pair_table`). Not allowed with
        ``measure="kappa"``, which compares predictions only.
    measure : {"disagreement", "correlation", "q_statistic", "kappa"}
        See :data:`MEASURES` for the direction of "more diverse".

    Returns
    -------
    ndarray of shape (n_classifiers, n_classifiers)
        Entry ``[i, j]`` is ``measure(predictions[i], predictions[j], y)``. The diagonal
        is 0 for the disagreement and 1 for the others (``nan`` where undefined, e.g.
        a constant member). Vectorised: all cells come from matrix products in
        :math:`O(T^2 m)` (:math:`O(T^2 m K)` for kappa with :math:`K` labels).

    References
    ----------
    Kuncheva & Whitaker (2003), https://doi.org/10.1023/A:1022859003006

    Examples
    --------
    >>> from patterneval.ensemble.diversity import pairwise_diversity
    >>> P = [[1, 1, -1, -1], [1, -1, 1, -1], [1, 1, -1, 1]]
    >>> pairwise_diversity(P)
    array([[0.  , 0.5 , 0.25],
           [0.5 , 0.  , 0.75],
           [0.25, 0.75, 0.  ]])
    """
    measure = check_choice("measure", measure, tuple(MEASURES))
    P = check_member_outputs(predictions, soft=False, min_members=2)
    n = P.shape[1]
    if measure == "kappa":
        if y is not None:
            raise fail(
                "y",
                "None for measure='kappa'",
                "labels",
                echo=False,
                hint="kappa compares the members' predictions only (use measure='correlation' "
                "or 'q_statistic' with y for the oracle table).",
            )
        labels, codes = np.unique(P.ravel(), return_inverse=True)
        onehot = codes.reshape(P.shape)[None, :, :] == np.arange(labels.size)[:, None, None]
        oh = onehot.astype(float)  # (K, T, m)
        p1 = np.einsum("ktm,ksm->ts", oh, oh) / n
        freq = oh.mean(axis=2)  # (K, T)
        p2 = freq.T @ freq
        return _ratio(p1 - p2, 1 - p2)
    if y is None:
        Z = check_binary_predictions("predictions", P)
    else:
        y = check_labels("y", y, n=n, n_name="predictions (columns)")
        Z = P == y[None, :]
    Z = Z.astype(float)
    W = 1.0 - Z
    return _measure(measure, Z @ Z.T, Z @ W.T, W @ Z.T, W @ W.T)


@dataclasses.dataclass(frozen=True, repr=False)
class KappaError(Result):
    """Points of a kappa-error diagram, one per pair ``(i, j)``, ``i < j``.

    ``kappa[k]`` and ``mean_error[k]`` belong to members ``pairs[k]``; ``errors`` holds
    each member's error rate.

    Attributes
    ----------
    kappa : ndarray, shape (P,)
        Cohen's kappa of each pair (NaN where undefined).
    mean_error : ndarray, shape (P,)
        Mean error rate of the two members of each pair.
    pairs : ndarray of int, shape (P, 2)
        The pairs ``(i, j)``, ``i < j``.
    errors : ndarray, shape (T,)
        Each member's error rate.
    """

    kappa: np.ndarray
    mean_error: np.ndarray
    pairs: np.ndarray
    errors: np.ndarray


def kappa_error(predictions: ArrayLike, y: ArrayLike) -> KappaError:
    r"""Data of a kappa-error diagram: every pair's :math:`\kappa` against its mean error.

    For members :math:`i < j` the point is :math:`(\kappa_{ij}, (e_i + e_j)/2)` with
    :math:`\kappa_{ij}` Cohen's kappa between their predictions (:func:`kappa`) and
    :math:`e_i` the error rate of member :math:`i` on ``y``. Good ensembles have points
    low (accurate) and to the left (diverse). :math:`O(T^2 m K)`.

    Parameters
    ----------
    predictions : array-like of shape (n_classifiers, n_samples)
        Predicted labels (any number of classes).
    y : array-like of shape (n_samples,)
        True labels.

    Returns
    -------
    KappaError
        ``kappa``, ``mean_error`` (both of length :math:`T(T-1)/2`), ``pairs`` (shape
        ``(T(T-1)/2, 2)``) and ``errors`` (length :math:`T`). A pair whose kappa is
        undefined (both members predict the same single class) has ``nan`` there, so
        that the other pairs can still be drawn.

    References
    ----------
    Margineantu, D. D. & Dietterich, T. G. (1997). Pruning adaptive boosting. Proc. ICML
    1997, 211-218.

    Examples
    --------
    >>> from patterneval.ensemble.diversity import kappa_error
    >>> ke = kappa_error([[0, 1, 1, 0], [0, 1, 0, 0], [1, 1, 1, 0]], [0, 1, 1, 0])
    >>> ke.pairs.tolist(), ke.mean_error.tolist()
    ([[0, 1], [0, 2], [1, 2]], [0.125, 0.125, 0.25])
    """
    P = check_member_outputs(predictions, soft=False, min_members=2)
    y = check_labels("y", y, n=P.shape[1], n_name="predictions (columns)")
    K = pairwise_diversity(P, measure="kappa")
    errors = (P != y[None, :]).mean(axis=1)
    i, j = np.triu_indices(P.shape[0], k=1)
    return KappaError(
        kappa=K[i, j],
        mean_error=(errors[i] + errors[j]) / 2,
        pairs=np.column_stack([i, j]),
        errors=errors,
    )


@dataclasses.dataclass(frozen=True, repr=False)
class ErrorAmbiguity(Result):
    r"""Error-ambiguity decomposition :math:`E = \bar E - \bar A` of a weighted average.

    ``E`` ensemble mean squared error; ``E_bar`` weighted mean of the members' errors
    ``errors``; ``A_bar`` weighted mean of their ambiguities ``ambiguities`` (mean
    squared distance to the ensemble output); ``weights`` the combination weights.

    Attributes
    ----------
    E : float
        Mean squared error of the ensemble.
    E_bar : float
        Weighted mean of the members' errors.
    A_bar : float
        Weighted mean of the members' ambiguities; ``E = E_bar - A_bar``.
    errors : ndarray, shape (T,)
        Each member's mean squared error.
    ambiguities : ndarray, shape (T,)
        Each member's mean squared distance to the ensemble output.
    weights : ndarray, shape (T,)
        The combination weights.
    """

    E: float
    E_bar: float
    A_bar: float
    errors: np.ndarray
    ambiguities: np.ndarray
    weights: np.ndarray


def error_ambiguity(
    predictions: ArrayLike, y: ArrayLike, weights: ArrayLike | None = None
) -> ErrorAmbiguity:
    r"""Krogh & Vedelsby's decomposition of a regression ensemble's squared error.

    With :math:`H(x) = \sum_i w_i h_i(x)`, :math:`w_i \ge 0`, :math:`\sum_i w_i = 1`:

    .. math::

        E = \overline{(H - f)^2},\quad
        \bar E = \sum_i w_i\, \overline{(h_i - f)^2},\quad
        \bar A = \sum_i w_i\, \overline{(h_i - H)^2},\qquad E = \bar E - \bar A,

    where the bar over a square is the mean over the samples. The identity is exact on
    any sample, so ``E`` is never larger than ``E_bar``; lower ``E`` is better.
    :math:`O(T m)`.

    Parameters
    ----------
    predictions : array-like of shape (n_members, n_samples)
        Real-valued outputs of the members.
    y : array-like of shape (n_samples,)
        Targets :math:`f(x)`.
    weights : array-like of shape (n_members,), optional
        Non-negative weights summing to 1; equal weights by default.

    Returns
    -------
    ErrorAmbiguity

    References
    ----------
    Krogh, A. & Vedelsby, J. (1995). Neural network ensembles, cross validation, and
    active learning. Advances in Neural Information Processing Systems 7, 231-238.

    Examples
    --------
    >>> from patterneval.ensemble.diversity import error_ambiguity
    >>> r = error_ambiguity([[1.0, 2.0], [3.0, 2.0]], [2.0, 2.0])
    >>> r.E, r.E_bar, r.A_bar
    (0.0, 0.5, 0.5)
    """
    P = check_member_outputs(predictions, soft=False, real=True)
    y = check_array("y", y, ndim=1, n=P.shape[1], n_name="predictions (columns)")
    w = check_convex_weights(weights, P.shape[0])
    H = w @ P
    errors = ((P - y[None, :]) ** 2).mean(axis=1)
    ambiguities = ((P - H[None, :]) ** 2).mean(axis=1)
    return ErrorAmbiguity(
        E=float(((H - y) ** 2).mean()),
        E_bar=float(w @ errors),
        A_bar=float(w @ ambiguities),
        errors=errors,
        ambiguities=ambiguities,
        weights=w,
    )


def _pairwise_slow(predictions, y=None, *, measure="disagreement"):  # test twin
    P = np.asarray(predictions)
    T = P.shape[0]
    fun = {"disagreement": disagreement, "correlation": correlation, "q_statistic": q_statistic}
    out = np.empty((T, T))
    for i, j in itertools.product(range(T), repeat=2):
        out[i, j] = kappa(P[i], P[j]) if measure == "kappa" else fun[measure](P[i], P[j], y)
    return out


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_binary_predictions(name: str, value) -> np.ndarray:
    """Binary predictions coded +1/-1, 0/1 or bool (labels checked already):
    returns a bool array that is True where the prediction is the positive class."""
    arr = np.asarray(value)
    if arr.dtype == bool:
        return arr
    expected = "binary predictions coded +1/-1 (or 0/1)"
    if arr.dtype.kind not in "iuf":
        raise fail(
            name,
            expected,
            f"dtype {arr.dtype}",
            error=TypeError,
            echo=False,
            hint="Pass y to compare correctness instead, or recode the labels.",
        )
    values = np.unique(arr).tolist()
    if not (set(values) <= {-1, 1} or set(values) <= {0, 1}):
        raise fail(
            name,
            expected,
            f"values {show(values)}",
            echo=False,
            hint="For more than two classes pass y (the oracle table).",
        )
    return arr == 1
