"""Distances between samples: Minkowski, Chebyshev, cosine, Mahalanobis, the Value
Difference Metric (VDM) for categorical attributes, and mixed and weighted distances.

Chapter "Distances" (book/part2/distances.ipynb) derives every formula here.

Shapes. Each vector function takes two 1-d vectors of the same length and returns a
Python ``float``. It also broadcasts over rows: a 2-d array ``(n, d)`` against a 1-d
vector ``(d,)`` compares every row with the vector, and two 2-d arrays of the same shape
are paired row by row; the result is then a float array of shape ``(n,)``. (For all
pairs of rows use :func:`scipy.spatial.distance.cdist`.)

Overflow. No function returns ``inf`` or NaN for finite input: a distance that is not
representable -- a difference ``x - y`` beyond the largest float, a Minkowski distance
with a tiny p (the root ``(sum_i |d_i|^p)^(1/p)`` of a sum above 1 grows without bound
as p -> 0; for p = 1e-3 it passes 1e300), or huge weights -- raises a ValueError naming the
arguments. Entries whose squares would overflow or underflow (near 1e308 or 1e-200) are
scaled first, so the cosine and the Mahalanobis distance of such vectors are computed,
not reported as NaN or as a "zero vector".
"""

from __future__ import annotations

import dataclasses
import functools
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy.linalg import solve_triangular

from ._results import Result
from ._validation import check_array, check_labels, check_scalar, fail

__all__ = [
    "NotAMetricWarning",
    "VDMTable",
    "chebyshev",
    "cosine_distance",
    "cosine_similarity",
    "mahalanobis",
    "minkowski",
    "mixed_distance",
    "vdm",
    "vdm_tables",
]


class NotAMetricWarning(UserWarning):
    """The requested distance breaks an axiom of a metric (here: the triangle inequality
    of a Minkowski distance with p < 1). The value is still returned."""


def _out(values, rows: bool):
    return values if rows else float(values)


def _minkowski_core(
    diff: np.ndarray, p: float, w: np.ndarray | None, *, names: str = "x, y and p"
) -> np.ndarray:
    """(sum_i w_i |d_i|^p)^(1/p) over the last axis of |d|, scaled by the largest term so
    that large p neither overflows nor underflows (and, if the weighted sum still
    overflows, by the largest weight). A distance that is not finite even so -- a
    difference x - y beyond the largest float, or a tiny p, whose root (sum)^(1/p)
    overflows -- raises a ValueError naming ``names`` instead of returning inf or NaN."""
    if w is not None:
        diff = np.where(w > 0, diff, 0.0)
    if not np.all(np.isfinite(diff)):
        raise fail(
            names,
            "values whose differences are finite in double precision",
            "a difference that overflows",
            echo=False,
        )
    top = diff.max(axis=-1)
    if np.isinf(p):
        return top
    safe = np.where(top > 0, top, 1.0)
    ratio = diff / safe[..., None]
    with np.errstate(over="ignore", invalid="ignore"):
        weighted = ratio**p if w is None else w * ratio**p
        out = safe * weighted.sum(axis=-1) ** (1.0 / p) * (top > 0)
        if w is not None and not np.all(np.isfinite(out)):  # sum_i w_i overflows: scale w
            wmax = w.max()
            out = (
                safe
                * ((w / wmax) * ratio**p).sum(axis=-1) ** (1.0 / p)
                * wmax ** (1.0 / p)
                * (top > 0)
            )
    if not np.all(np.isfinite(out)):
        raise fail(
            names,
            "values for which the distance is finite in double precision",
            f"one that overflows (p = {p:g}: the root (sum)^(1/p) of a sum above 1 "
            f"grows without bound as p -> 0)"
            if p < 1 and w is None
            else "one that overflows",
            echo=False,
        )
    return out


def minkowski(
    x: ArrayLike, y: ArrayLike, p: float = 2, w: ArrayLike | None = None
) -> float | np.ndarray:
    r"""Weighted Minkowski distance :math:`\left(\sum_i w_i |x_i - y_i|^p\right)^{1/p}`.

    ``p = 1`` is the Manhattan (city-block) distance, ``p = 2`` the Euclidean distance
    and ``p = numpy.inf`` the Chebyshev distance :math:`\max_{i: w_i > 0} |x_i - y_i|`
    (the limit of the weighted formula as :math:`p \to \infty`). Smaller means closer.

    Parameters
    ----------
    x, y : array_like, shape (d,) or (n, d)
        Vectors (or rows of vectors, see the module docstring).
    p : float, default 2
        The order, > 0. For ``0 < p < 1`` the formula is still computed but it is not a
        metric (the triangle inequality fails), and a :class:`NotAMetricWarning` is issued.
    w : array_like, shape (d,), optional
        Non-negative attribute weights (the "dimension-weighted distance" of the chapter "Distances";
        weights summing to 1 are customary but not required). Same convention as
        :func:`scipy.spatial.distance.minkowski`.

    Returns
    -------
    float, or ndarray of shape (n,) for row input.

    Notes
    -----
    Cost O(n d). For p >= 1 and positive weights this is a metric (Minkowski's
    inequality gives the triangle inequality); with some zero weights it is a pseudometric.

    References
    ----------
    Zhou, Z.-H. (2016). *Machine Learning* (机器学习), Tsinghua University Press, sec. 9.3.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.minkowski([0, 0], [3, 4])
    5.0
    >>> pe.minkowski([0, 0], [3, 4], p=1)
    7.0
    >>> round(pe.minkowski([0, 0], [3, 4], p=2, w=[0.5, 0.5]), 6)
    3.535534
    """
    x, y, rows = check_vector_pair(x, y)
    p = check_minkowski_p(p)
    if w is not None:
        w = check_feature_weights(w, x.shape[-1])
    if p < 1:
        warnings.warn(
            f"minkowski with p={p} < 1 is not a metric: the triangle inequality fails.",
            NotAMetricWarning,
            stacklevel=2,
        )
    with np.errstate(over="ignore", invalid="ignore"):
        diff = np.abs(x - y)
    return _out(_minkowski_core(diff, p, w, names="x, y, p and w"), rows)


def chebyshev(x: ArrayLike, y: ArrayLike, *, w: ArrayLike | None = None) -> float | np.ndarray:
    r"""Chebyshev distance :math:`\max_i |x_i - y_i|`, the Minkowski distance with p = inf.

    With weights ``w``, only attributes with :math:`w_i > 0` count (the limit of the
    weighted Minkowski distance, and the convention of
    :func:`scipy.spatial.distance.chebyshev`). Smaller means closer. Cost O(n d).

    Parameters
    ----------
    x, y : array_like, shape (d,) or (n, d)
        Vectors (or rows of vectors, see the module docstring).
    w : array_like, shape (d,), optional
        Non-negative attribute weights; attributes of weight 0 are ignored.

    Returns
    -------
    float, or ndarray of shape (n,) for row input.

    References
    ----------
    Deza, M. M., & Deza, E. (2016). *Encyclopedia of Distances* (4th ed.). Springer.
    https://doi.org/10.1007/978-3-662-52844-0

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.chebyshev([0, 0], [3, 4])
    4.0
    >>> pe.chebyshev([0, 0], [3, 4], w=[1, 0])
    3.0
    """
    x, y, rows = check_vector_pair(x, y)
    if w is not None:
        w = check_feature_weights(w, x.shape[-1])
    with np.errstate(over="ignore", invalid="ignore"):
        diff = np.abs(x - y)
    return _out(_minkowski_core(diff, np.inf, w, names="x and y"), rows)


def _zero_vector(name: str, arr: np.ndarray, zero) -> None:
    if np.any(zero):
        where = "" if arr.ndim == 1 else f" (row {int(np.argmax(zero))})"
        raise ValueError(
            f"{name} is a zero vector{where}; the angle to a zero vector, and so the cosine, "
            f"is undefined."
        )


def _norms(name: str, arr: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(arr, axis=-1)
    _zero_vector(name, arr, norms == 0)
    return norms


def _cosine(x, y):
    """Checked cosines of ``x`` and ``y`` (clipped to [-1, 1]), and whether they are rows.
    Vectors whose squares overflow (entries near 1e308) or underflow (near 1e-200) are
    divided by their largest entry first (the cosine does not depend on lengths), so that
    neither NaN nor a false "zero vector" comes out."""
    x, y, rows = check_vector_pair(x, y)
    with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
        nx, ny = np.linalg.norm(x, axis=-1), np.linalg.norm(y, axis=-1)
        cos = np.sum(x * y, axis=-1) / (nx * ny)
    if not np.all(np.isfinite(cos)):
        x, y = x / _largest("x", x), y / _largest("y", y)
        nx, ny = _norms("x", x), _norms("y", y)
        cos = np.sum(x * y, axis=-1) / (nx * ny)
    return np.clip(cos, -1.0, 1.0), rows


def _largest(name: str, arr: np.ndarray) -> np.ndarray:
    """Largest |entry| of each vector (kept as an axis for rows); a zero vector raises."""
    top = np.max(np.abs(arr), axis=-1, keepdims=True)
    _zero_vector(name, arr, top[..., 0] == 0)
    return top


def cosine_similarity(x: ArrayLike, y: ArrayLike) -> float | np.ndarray:
    r"""Cosine of the angle between two vectors,
    :math:`\cos(x, y) = x^{\mathsf T} y / (\lVert x\rVert_2 \lVert y\rVert_2)`, in [-1, 1].

    Larger means more similar (1: same direction, 0: orthogonal, -1: opposite). It
    ignores the lengths of the vectors. A zero vector has no direction, so it raises a
    ``ValueError`` rather than returning NaN or an arbitrary value. Cost O(n d).

    Parameters
    ----------
    x, y : array_like, shape (d,) or (n, d)
        Non-zero vectors (or rows of vectors, see the module docstring).

    Returns
    -------
    float, or ndarray of shape (n,) for row input, in [-1, 1].

    References
    ----------
    Zhou, Z.-H. (2016). *Machine Learning* (机器学习), sec. 9.3.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.cosine_similarity([1, 0], [1, 1])  # doctest: +ELLIPSIS
    0.7071067811865...
    >>> pe.cosine_similarity([1, 2], [-2, -4])
    -1.0
    """
    cos, rows = _cosine(x, y)
    return _out(cos, rows)


def cosine_distance(x: ArrayLike, y: ArrayLike) -> float | np.ndarray:
    r"""Cosine distance :math:`1 - \cos(x, y)`, in [0, 2]; smaller means closer.

    Equal to :func:`scipy.spatial.distance.cosine`. It is not a metric: it is 0 for any
    two vectors pointing the same way, and it breaks the triangle inequality (e.g.
    ``(1, 0)``, ``(1, 1)``, ``(0, 1)``). Zero vectors raise a ``ValueError`` (see
    :func:`cosine_similarity`). Cost O(n d).

    Parameters
    ----------
    x, y : array_like, shape (d,) or (n, d)
        As in :func:`cosine_similarity`.

    Returns
    -------
    float, or ndarray of shape (n,) for row input, in [0, 2].

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.cosine_distance([1, 0], [0, 1])
    1.0
    >>> pe.cosine_distance([1, 1], [3, 3])
    0.0
    """
    cos, rows = _cosine(x, y)
    return _out(1.0 - cos, rows)


def mahalanobis(x: ArrayLike, y: ArrayLike, cov: ArrayLike) -> float | np.ndarray:
    r"""Mahalanobis distance :math:`\sqrt{(x - y)^{\mathsf T} \Sigma^{-1} (x - y)}`.

    ``cov`` is the covariance matrix :math:`\Sigma` of the population; the distance uses
    its **inverse** (the precision matrix). The course notes put the covariance itself in the
    formula, which stretches the directions of large variance instead of shrinking them
    (see the chapter's erratum). With :math:`\Sigma = LL^{\mathsf T}` (Cholesky) the
    distance is the Euclidean length of :math:`L^{-1}(x - y)`, which is how it is
    computed: no explicit inverse. Smaller means closer; with ``cov`` positive definite
    it is a metric, and for :math:`x \sim N(\mu, \Sigma)` in d dimensions the squared
    distance to :math:`\mu` is chi-square with d degrees of freedom.

    Parameters
    ----------
    x, y : array_like, shape (d,) or (n, d)
    cov : array_like, shape (d, d)
        Symmetric positive definite. A singular estimate (fewer samples than
        attributes, collinear attributes) raises a ``ValueError`` that suggests
        regularising it, e.g. ``cov + lam * numpy.eye(d)``.

    Returns
    -------
    float or ndarray, shape (n,)
        A ``float`` when ``x`` and ``y`` are both vectors; one distance per row when
        either has shape (n, d) (a vector is paired with every row of the other).

    Notes
    -----
    Cost O(d^3) once for the factorisation, then O(n d^2).

    References
    ----------
    Mahalanobis, P. C. (1936). On the generalised distance in statistics. *Proceedings of
    the National Institute of Sciences of India*, 2(1), 49-55.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.mahalanobis([0, 0], [2, 0], [[4, 0], [0, 1]])
    1.0
    >>> pe.mahalanobis([0, 0], [0, 2], [[4, 0], [0, 1]])
    2.0
    """
    x, y, rows = check_vector_pair(x, y)
    cov = check_covariance(cov, x.shape[-1])
    with np.errstate(over="ignore", invalid="ignore"):
        diff = np.atleast_2d(x - y)
    if not np.all(np.isfinite(diff)):
        raise fail(
            "x and y",
            "values whose differences are finite in double precision",
            "a difference that overflows",
            echo=False,
        )
    # scale each difference by its largest entry, as minkowski does: the squares of tiny
    # (or huge) differences would underflow to 0 (or overflow), although the distance is
    # representable; and the covariance by its largest entry (a covariance of 1e-310
    # would make the distance overflow inside the triangular solve)
    scale = np.max(np.abs(diff), axis=1)
    safe = np.where(scale > 0, scale, 1.0)
    with np.errstate(over="ignore", invalid="ignore"):
        z = solve_triangular(np.linalg.cholesky(cov), (diff / safe[:, None]).T, lower=True)
        dist = scale * np.sqrt(np.sum(z * z, axis=0))
        if not np.all(np.isfinite(dist)):
            c = np.max(np.abs(cov))
            z = solve_triangular(np.linalg.cholesky(cov / c), (diff / safe[:, None]).T, lower=True)
            dist = scale * np.sqrt(np.sum(z * z, axis=0)) / np.sqrt(c)
    if not np.all(np.isfinite(dist)):
        raise fail(
            "x, y and cov",
            "values for which the distance is finite in double precision",
            "one that overflows",
            echo=False,
        )
    return dist if rows else float(dist[0])


@dataclasses.dataclass(frozen=True, repr=False)
class VDMTable(Result):
    """VDM distances between the values of one categorical attribute.

    Attributes
    ----------
    values : ndarray
        The distinct values of the attribute (sorted when sortable), one per row/column.
    classes : ndarray
        The distinct class labels.
    counts : ndarray of int, shape (n_values, n_classes)
        ``counts[a, i]`` = :math:`m_{u,a,i}`, samples with value a in class i.
    conditional : ndarray, shape (n_values, n_classes)
        :math:`m_{u,a,i} / m_{u,a}`, the class distribution given the value.
    table : ndarray, shape (n_values, n_values)
        :math:`\\mathrm{VDM}_p(a, b) = \\sum_i |m_{u,a,i}/m_{u,a} - m_{u,b,i}/m_{u,b}|^p`;
        for ``p = inf``, :math:`\\max_i |m_{u,a,i}/m_{u,a} - m_{u,b,i}/m_{u,b}|`.
    p : float
        The exponent.
    """

    values: np.ndarray
    classes: np.ndarray
    counts: np.ndarray
    conditional: np.ndarray
    table: np.ndarray
    p: float

    @functools.cached_property
    def metric(self) -> np.ndarray:
        """:math:`\\mathrm{VDM}_p^{1/p}`, the L_p distance between the rows of
        ``conditional``: a pseudometric for p >= 1 (two values with the same class
        distribution are at distance 0). ``table`` itself breaks the triangle
        inequality for p > 1. For ``p = inf`` it equals ``table`` (the largest
        difference of a class probability). Computed from ``conditional``, scaled by the
        largest difference, so that a large p cannot underflow it to 0 (for p = 1000,
        ``table`` holds 0.5^1000 ~ 1e-301 and smaller values round to 0; the root does
        not)."""
        cond = self.conditional
        out = np.empty((cond.shape[0], cond.shape[0]))
        for a in range(cond.shape[0]):
            out[a] = _minkowski_core(np.abs(cond[a] - cond), self.p, None, names="p")
        np.fill_diagonal(out, 0.0)
        return out

    def index(self, value: Any) -> int:
        """Row of ``value`` in ``table``; a ``ValueError`` for a value not seen.

        Parameters
        ----------
        value : object
            A value of the attribute (a NumPy scalar is compared as its Python value).

        Returns
        -------
        int
            Its position in ``values``.
        """
        return self._index(value, "value")

    def _index(self, value, name):
        lookup = {v: i for i, v in enumerate(self.values.tolist())}
        key = value.item() if isinstance(value, np.generic) else value
        try:
            hash(key)
        except TypeError:
            raise fail(
                name, "a value of the attribute (hashable)", value, error=TypeError
            ) from None
        if key not in lookup:
            raise ValueError(
                f"{name} {value!r} was not seen when the VDM table was built; known values: "
                f"{self.values.tolist()}."
            )
        return lookup[key]

    def distance(self, a: Any, b: Any) -> float:
        """:math:`\\mathrm{VDM}_p(a, b)` for two values of the attribute.

        Parameters
        ----------
        a, b : object
            Values seen when the table was built (else ``ValueError``).

        Returns
        -------
        float
        """
        return float(self.table[self._index(a, "a"), self._index(b, "b")])


def _encode(arr: np.ndarray):
    """Distinct values and integer codes; sorted when the values sort, else in order of
    first appearance (mixed types)."""
    try:
        uniques, codes = np.unique(arr, return_inverse=True)
        return uniques, codes.reshape(-1)
    except TypeError:
        seen: dict = {}
        codes = np.array([seen.setdefault(v, len(seen)) for v in arr.tolist()], dtype=np.intp)
        uniques = np.empty(len(seen), dtype=object)
        uniques[:] = list(seen)
        return uniques, codes


def vdm(values: ArrayLike, labels: ArrayLike, p: float = 2) -> VDMTable:
    r"""Value Difference Metric table of one categorical attribute (Stanfill & Waltz 1986).

    For an attribute u, let :math:`m_{u,a}` be the number of samples taking value a and
    :math:`m_{u,a,i}` those among them in class i. Then

    .. math:: \mathrm{VDM}_p(a, b) = \sum_{i=1}^{k}
              \left| \frac{m_{u,a,i}}{m_{u,a}} - \frac{m_{u,b,i}}{m_{u,b}} \right|^p .

    Two values are close when they predict the same class distribution. Smaller means
    closer. The table holds :math:`\mathrm{VDM}_p` as defined (no p-th root), the form that
    enters :func:`mixed_distance`; ``result.metric`` is the p-th root, which satisfies the
    triangle inequality for p >= 1 (``table`` does not for p > 1, see the chapter).

    ``p = numpy.inf`` gives the limit of the root, :math:`\lim_{p\to\infty}
    \mathrm{VDM}_p^{1/p}(a, b) = \max_i |m_{u,a,i}/m_{u,a} - m_{u,b,i}/m_{u,b}|` (the
    Chebyshev distance between the class distributions), in both ``table`` and
    ``metric``. (The sum of infinite powers itself would be 0 for every pair whose
    probabilities differ by less than 1.) For a large finite p, ``table`` is the exact
    sum rounded to a float and underflows to 0 once every difference is small (below
    about 0.5 for p = 1000); ``metric`` and :func:`mixed_distance` are computed with
    scaling and do not.

    Parameters
    ----------
    values : array_like, shape (n,)
        The attribute's value for each sample (any hashable values).
    labels : array_like, shape (n,)
        The class of each sample.
    p : float, default 2
        Exponent, > 0, or ``numpy.inf``.

    Returns
    -------
    VDMTable

    Notes
    -----
    Cost O(n) for the counts plus O(V^2 k) for the table, V values and k classes.

    References
    ----------
    Stanfill, C., & Waltz, D. (1986). Toward memory-based reasoning. *Communications of
    the ACM*, 29(12), 1213-1228. https://doi.org/10.1145/7902.7906
    Zhou, Z.-H. (2016). *Machine Learning* (机器学习), sec. 9.3.

    Examples
    --------
    >>> import patterneval as pe
    >>> colour = ["green", "green", "black", "black", "white", "white"]
    >>> ripe = ["yes", "yes", "yes", "no", "no", "no"]
    >>> res = pe.vdm(colour, ripe, p=2)
    >>> res.values.tolist()
    ['black', 'green', 'white']
    >>> res.distance("green", "white"), res.distance("black", "green")
    (2.0, 0.5)
    >>> pe.vdm(colour, ripe, p=float("inf")).distance("black", "green")  # max |1/2 - 1|
    0.5
    """
    values, labels = check_categorical_pair(values, labels)
    p = check_minkowski_p(p)
    uniques, v_codes = _encode(values)
    classes, c_codes = _encode(labels)
    n_v, n_c = uniques.size, classes.size
    counts = np.bincount(v_codes * n_c + c_codes, minlength=n_v * n_c).reshape(n_v, n_c)
    conditional = counts / counts.sum(axis=1, keepdims=True)
    table = np.empty((n_v, n_v))
    for a in range(n_v):  # one row at a time: O(V k) memory
        diff = np.abs(conditional[a] - conditional)
        table[a] = diff.max(axis=1) if np.isinf(p) else np.sum(diff**p, axis=1)
    np.fill_diagonal(table, 0.0)
    return VDMTable(uniques, classes, counts, conditional, table, p)


def vdm_tables(
    X: ArrayLike, labels: ArrayLike, *, categorical: Sequence[int], p: float = 2
) -> dict:
    """VDM tables of several categorical columns of ``X``: ``{column: vdm(X[:, column],
    labels, p=p)}``, ready for :func:`mixed_distance`.

    Parameters
    ----------
    X : array_like, shape (n, d)
        Samples; the columns listed in ``categorical`` hold category values (any hashable).
    labels : array_like, shape (n,)
        Class (or cluster) label of each sample.
    categorical : sequence of int
        Indices of the categorical columns.
    p : float, default 2
        Order of the VDM, as in :func:`vdm`.

    Returns
    -------
    dict of int to VDMTable
        One table per categorical column, keyed by the column index.

    Examples
    --------
    >>> import numpy as np, patterneval as pe
    >>> from patterneval.distance import vdm_tables
    >>> X = np.array([[0.1, "a"], [0.4, "a"], [0.3, "b"]], dtype=object)
    >>> tables = vdm_tables(X, [0, 0, 1], categorical=[1])
    >>> tables[1].distance("a", "b")
    2.0
    """
    arr = np.asarray(X, dtype=object)
    if arr.ndim != 2:
        raise fail(
            "X", "a 2-d array (n_samples, n_features)", f"an array of shape {arr.shape}", echo=False
        )
    d = arr.shape[1]
    columns = [
        check_scalar(
            "categorical",
            j,
            int,
            low=-d,
            high=d - 1,
            hint=f"(column indices of X, which has {d} columns)",
        )
        for j in np.atleast_1d(categorical).tolist()
    ]
    out = {}
    for j in columns:
        column = arr[:, j]
        try:  # numbers stay numbers (np.unique of an object array compares them as objects)
            column = np.array(column.tolist())
        except (TypeError, ValueError):
            pass
        out[j % arr.shape[1]] = vdm(column, labels, p=p)
    return out


def mixed_distance(
    x: ArrayLike,
    y: ArrayLike,
    *,
    tables: Mapping[int, VDMTable],
    p: float = 2,
    w: ArrayLike | None = None,
) -> float | np.ndarray:
    r"""Minkowski distance over numeric attributes plus VDM over categorical ones:

    .. math:: \mathrm{dist}(x, y) = \Big( \sum_{u \in \text{numeric}} w_u |x_u - y_u|^p
              + \sum_{v \in \text{categorical}} w_v\, \mathrm{VDM}_p(x_v, y_v) \Big)^{1/p}

    Without ``w`` every weight is 1 (the note's "mixed distance"); with ``w`` it is the
    "dimension-weighted distance". Smaller means closer. ``p = numpy.inf`` gives the
    limit, the largest of :math:`|x_u - y_u|` and :math:`\mathrm{VDM}_\infty(x_v, y_v)`
    over the attributes with a positive weight (as :func:`minkowski` does). For p >= 1 it is the weighted
    Minkowski distance between the numeric attributes and the VDM embeddings (rows of
    ``table.conditional``) of the categorical ones, hence a pseudometric.

    Parameters
    ----------
    x, y : sequence, shape (d,) or array of shape (n, d)
        Records with numbers in the numeric columns and category values in the others
        (an object array holds both).
    tables : dict (any mapping)
        ``{column: VDMTable}`` for each categorical column (see :func:`vdm_tables`); every
        other column is numeric. Each table's ``p`` must equal ``p``.
    p : float, default 2
    w : array_like, shape (d,), optional
        Non-negative weights, one per attribute.

    Returns
    -------
    float or ndarray, shape (n,)
        A ``float`` when ``x`` and ``y`` are both records; one distance per row when
        either has shape (n, d).

    Raises
    ------
    TypeError
        If ``tables`` is not a dict of :class:`VDMTable`.
    ValueError
        If a table is keyed by a column outside the records or was built with another ``p``.

    Notes
    -----
    Cost O(n d) after the tables (one dictionary look-up per categorical entry).

    References
    ----------
    Zhou, Z.-H. (2016). *Machine Learning* (机器学习), sec. 9.3 (MinkovDM_p).

    Examples
    --------
    >>> import numpy as np, patterneval as pe
    >>> X = np.array([[0.1, "a"], [0.4, "a"], [0.3, "b"]], dtype=object)
    >>> tables = pe.vdm_tables(X, [0, 0, 1], categorical=[1])
    >>> pe.mixed_distance(X[0], X[2], tables=tables)  # sqrt(0.2^2 + 2)  # doctest: +ELLIPSIS
    1.42828568570...
    """
    p = check_minkowski_p(p)
    xo, yo = _records("x", x), _records("y", y)
    _check_pairing(xo, yo, "attributes")
    d = xo.shape[-1]
    if not isinstance(tables, Mapping) or not all(isinstance(t, VDMTable) for t in tables.values()):
        raise fail(
            "tables",
            "a dict {column: VDMTable} (e.g. from patterneval.vdm_tables)",
            tables,
            error=TypeError,
        )
    by_column = {}
    for j, table in tables.items():
        if isinstance(j, bool) or not isinstance(j, (int, np.integer)) or not -d <= j < d:
            raise fail(
                "tables",
                f"keyed by columns in [{-d}, {d - 1}] (the records have {d} attributes)",
                f"tables has column {j!r}",
                echo=False,
            )
        if table.p != p:
            raise ValueError(
                f"tables[{j}] was built with p={table.p} but p={p}; rebuild it with p={p}."
            )
        by_column[int(j) % d] = table
    num = [j for j in range(d) if j not in by_column]
    w_all = None if w is None else check_feature_weights(w, d)
    rows = xo.ndim == 2 or yo.ndim == 2
    m = max(xo.shape[0] if xo.ndim == 2 else 1, yo.shape[0] if yo.ndim == 2 else 1)
    # one distance per attribute: |x_u - y_u| or VDM_p^(1/p); then the weighted Minkowski
    # combination, scaled so that large p neither underflows nor overflows (and p = inf
    # is the largest per-attribute distance with a positive weight)
    per_attribute = np.zeros((m, d))
    if num:
        xn, yn, _ = check_vector_pair(_numeric("x", xo, num), _numeric("y", yo, num))
        per_attribute[:, num] = np.abs(xn - yn)
    for j, table in sorted(by_column.items()):
        xi = np.array([table.index(v) for v in np.atleast_1d(xo[..., j]).tolist()])
        yi = np.array([table.index(v) for v in np.atleast_1d(yo[..., j]).tolist()])
        per_attribute[:, j] = table.metric[xi, yi]
    dist = _minkowski_core(per_attribute, p, w_all, names="x, y, p and w")
    return dist if rows else float(dist[0])


def _records(name: str, value) -> np.ndarray:
    expected = "a record (non-empty 1-d sequence) or a 2-d array of records"
    if value is None or np.isscalar(value):
        raise fail(name, expected, value, error=TypeError)
    arr = np.asarray(value, dtype=object)
    if arr.ndim not in (1, 2) or arr.shape[-1] == 0:
        raise fail(name, expected, f"an array of shape {arr.shape}", echo=False)
    return arr


def _numeric(name: str, arr: np.ndarray, columns: list) -> np.ndarray:
    part = arr[..., columns]
    try:
        return np.asarray(part.tolist(), dtype=float)
    except (TypeError, ValueError):
        raise fail(
            name,
            f"numbers in its numeric columns {columns} (columns without a VDM table)",
            part.tolist(),
            error=TypeError,
        ) from None


# ---- input checks of this module, in the vocabulary of patterneval._validation


def _check_pairing(a, b, unit, names=("x", "y")):
    """Two vectors (or rows of vectors) of the same length; two 2-d arrays pair row by row."""
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(
            f"{names[1]} has {b.shape[-1]} {unit} but {names[0]} has {a.shape[-1]}; "
            f"vectors must have the same length."
        )
    if a.ndim == 2 and b.ndim == 2 and a.shape[0] != b.shape[0]:
        raise ValueError(
            f"{names[1]} has {b.shape[0]} rows but {names[0]} has {a.shape[0]}; rows are paired "
            f"one to one (pass a single 1-d vector to compare it with every row)."
        )


def check_vector_pair(x, y, *, names=("x", "y")):
    """Two vectors of the same length (1-d), or rows of vectors (2-d, shape (n, d)) to be
    paired row by row; a 1-d vector pairs with every row of a 2-d array. Returns the two
    float arrays and whether the result is one value per row."""
    a, b = (_check_vectors(name, value) for name, value in zip(names, (x, y)))
    _check_pairing(a, b, "coordinates", names)
    return a, b, (a.ndim == 2 or b.ndim == 2)


def _check_vectors(name, value):
    arr = check_array(name, value, min_rows=0)
    if arr.ndim not in (1, 2) or arr.shape[-1] == 0:
        raise fail(
            name,
            "a 1-d vector or a 2-d array of row vectors with at least one coordinate",
            f"an array of shape {arr.shape}",
            echo=False,
        )
    return arr


def check_minkowski_p(p, *, name: str = "p") -> float:
    """The order of a Minkowski distance: a real number > 0, or ``numpy.inf``."""
    if isinstance(p, (float, np.floating)) and p == np.inf:
        return np.inf
    return check_scalar(
        name,
        p,
        float,
        low=0,
        closed="neither",
        hint="(p = 1 Manhattan, 2 Euclidean, numpy.inf Chebyshev)",
    )


def check_feature_weights(w, n_features: int, *, name: str = "w") -> np.ndarray:
    """Attribute weights: ``n_features`` finite numbers >= 0, at least one of them > 0."""
    arr = check_array(name, w, ndim=1, low=0, min_rows=0)
    if arr.size != n_features or not np.any(arr > 0):
        raise fail(
            name, f"{n_features} weights >= 0 (one per attribute), at least one > 0", arr.tolist()
        )
    return arr


def check_categorical_pair(values, labels, *, names=("values", "labels")):
    """One categorical attribute and the class labels: two 1-d arrays of hashable values,
    of equal non-zero length, without NaN (NaN is not equal to itself, so it cannot be a
    category: encode missing values as their own category first). The attribute's values
    may be of any hashable types (``kind="categories"``); the class labels follow the one
    rule for labels of :func:`~patterneval._validation.check_labels`."""
    first = check_labels(names[0], values, kind="categories")
    return first, check_labels(names[1], labels, n=first.size, n_name=names[0])


def check_covariance(cov, n_features: int, *, name: str = "cov") -> np.ndarray:
    """A covariance matrix for a Mahalanobis distance: (d, d), finite, symmetric and
    positive definite (the distance uses its inverse). A singular or indefinite matrix gets
    an error that suggests regularising it. Returns the symmetrised matrix."""
    arr = check_array(name, cov)
    if arr.ndim == 0 and n_features == 1:
        arr = arr.reshape(1, 1)
    if arr.ndim != 2 or arr.shape != (n_features, n_features):
        raise fail(
            name,
            f"a square {n_features} x {n_features} matrix (the vectors have "
            f"{n_features} coordinates)",
            f"an array of shape {arr.shape}",
            echo=False,
        )
    scale = np.max(np.abs(arr))
    if not np.allclose(arr, arr.T, rtol=1e-10, atol=1e-12 * scale):
        raise fail(
            name,
            "symmetric",
            f"a largest asymmetry of {np.max(np.abs(arr - arr.T)):.3g}",
            echo=False,
        )
    eig = np.linalg.eigvalsh(arr)
    tol = n_features * np.finfo(float).eps * max(abs(eig[-1]), abs(eig[0]))
    if eig[0] <= tol:
        what = "not positive definite" if eig[0] < -tol else "singular"
        # an eigenvalue within rounding of 0 is shown as 0: its digits depend on the CPU
        smallest = 0.0 if abs(eig[0]) <= tol else eig[0]
        raise ValueError(
            f"{name} is {what} (eigenvalues from {smallest:.3g} to {eig[-1]:.3g}), so it has no "
            f"inverse; regularise it, e.g. cov + lam * numpy.eye({n_features}) with a small "
            f"lam > 0, or remove collinear attributes."
        )
    return (arr + arr.T) / 2
