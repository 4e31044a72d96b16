"""Judging one clustering from the data alone (internal indices): compactness,
connectivity, separation, silhouette, Dunn, Davies-Bouldin, CP, SP, the Pareto
comparison of several indices, and prediction strength.

Derived in the chapter "Internal indices" (book/part2/internal-indices.ipynb).

Every function takes ``X, labels`` (``X`` of shape (n_samples, n_features), ``labels``
one cluster label per sample, under the package's one rule for labels, the same as for
the external indices: integers, strings, integral floats or other hashable ids; NaN,
infinite and non-integral numbers and a mix of strings and numbers are refused; see
:func:`patterneval._validation.check_labels`) and, where a distance is involved, the keyword
``metric="euclidean"`` (any name in :data:`DISTANCE_METRICS`). Work that is O(n^2) in the number
of samples (silhouette, Dunn, separation) walks over blocks of rows of the distance
matrix so that at most :data:`WORKING_MEMORY` bytes of distances exist at a time: the
full n x n matrix is never built.

**Data far from the origin.** For the metrics in :data:`TRANSLATION_INVARIANT`
(Euclidean, squared Euclidean, Manhattan, Chebyshev) every index depends only on the
differences between samples, so each function first subtracts the column means of ``X``.
Without that step, data shifted by 1e8 lose about 16 digits to the offset (the Euclidean
expansion ``|a|^2 + |b|^2 - 2 a.b`` cancels catastrophically, and centroids carry the
offset's rounding): three unit blobs moved by 1e8 gave a Dunn index of 0.267 instead of
0.335. After centring, the indices of data moved by any offset up to 1e8 agree with
those of the unshifted data to 1e-9 relative (tested). The other metrics (cosine,
correlation, Canberra, Bray-Curtis) are **not** translation-invariant: they measure
angles or ratios relative to the origin, so their values change, as they should, when
the data are moved, and ``X`` is used as given.

**Ties.** Where an index picks among candidates (the nearest neighbours of
:func:`connectivity`, the nearest centroid or training sample of
:func:`prediction_strength`), distances within a relative ``1e-12`` of each other count
as tied and the candidate with the lower row index wins, so that rounding (another CPU,
another offset) cannot reorder them. :func:`pareto_front` compares scores with the same
tolerance.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy.sparse import csr_matrix
from scipy.spatial import cKDTree
from scipy.spatial.distance import cdist
from sklearn.base import BaseEstimator

from .._api import doc_parts, keywords
from .._engine import run_tasks, spawn
from .._results import Result
from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_grid,
    check_n_jobs,
    check_rng,
    check_scalar,
    fail,
    is_int_seed,
)
from ._checks import check_cluster_data, check_cluster_X, check_clusterer

__all__ = [
    "CURVE_INDICES",
    "DISTANCE_METRICS",
    "PredictionStrength",
    "TIE_RTOL",
    "TRANSLATION_INVARIANT",
    "calinski_harabasz_index",
    "compactness",
    "connectivity",
    "davies_bouldin_index",
    "dunn_index",
    "index_curves",
    "pareto_front",
    "prediction_strength",
    "separation",
    "silhouette_samples",
    "silhouette_width",
    "spacing",
    "within_cluster_variation",
]

#: Distances every internal index accepts (names of :func:`scipy.spatial.distance.cdist`;
#: ``"manhattan"`` is an alias of ``"cityblock"`` as in scikit-learn).
DISTANCE_METRICS = (
    "euclidean",
    "sqeuclidean",
    "manhattan",
    "cityblock",
    "chebyshev",
    "cosine",
    "correlation",
    "canberra",
    "braycurtis",
)

#: Bytes of distances held at once by the chunked O(n^2) loops (32 MiB).
WORKING_MEMORY = 32 * 2**20

_ALIASES = {"manhattan": "cityblock"}

#: Metrics (after aliasing) that depend only on differences of samples: the data are
#: centred before these are computed (see the module docstring).
TRANSLATION_INVARIANT = ("euclidean", "sqeuclidean", "cityblock", "chebyshev")

#: Relative tolerance within which two distances (or two scores in :func:`pareto_front`)
#: count as tied; the lower index wins among tied candidates.
TIE_RTOL = 1e-12

#: Parameter sections that several indices share, filled in by :func:`_doc` where a
#: docstring says ``%(name)s``.
_DOC_PARTS = {
    "parameters": """Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
    metric : str, default "euclidean"
        One of :data:`DISTANCE_METRICS`.""",
    "parameters_2_to_n_1": """Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Between 2 and n_samples - 1 clusters.
    metric : str, default "euclidean"
        One of :data:`DISTANCE_METRICS`.""",
    "X_labels_2_metric": """X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        At least two clusters.
    metric : str, default "euclidean"
        One of :data:`DISTANCE_METRICS`.""",
    "returns_float": """Returns
    -------
    float""",
}
_doc = doc_parts(_DOC_PARTS)


# --------------------------------------------------------------------------- helpers


def _metric(metric) -> str:
    return _ALIASES.get(check_choice("metric", metric, DISTANCE_METRICS), metric)


def _centred(X, metric):
    """X minus its column means when ``metric`` is translation-invariant, else X.

    For data far from the origin this removes the offset before any distance or centroid
    is computed; the subtraction of nearby numbers is exact, so the result is an exact
    translation of X whenever X itself is representable with the offset."""
    if metric in TRANSLATION_INVARIANT:
        return X - X.mean(axis=0)
    return X


def _checked(X, labels, metric, **kwargs):
    """Checked ``(X, codes, K, metric)``, with X centred for translation-invariant
    metrics and the metric name resolved."""
    X, codes, K = check_cluster_data(X, labels, **kwargs)
    metric = _metric(metric)
    return _centred(X, metric), codes, K, metric


def _first_within(D, rtol=TIE_RTOL):
    """Index of the smallest entry of each row of the non-negative D, ties within ``rtol``
    relative to the row minimum going to the lowest column."""
    best = D.min(axis=1)
    return np.argmax(D <= best[:, None] * (1.0 + rtol), axis=1)


def _distances(A, B, metric, B_sq=None):
    """Distances between the rows of A and B.

    Euclidean distances use ``|a|^2 + |b|^2 - 2 a.b`` (as scikit-learn's
    ``euclidean_distances`` does for float64), here as one BLAS product of the augmented
    rows ``[-2a, |a|^2, 1]`` and ``[b, 1, |b|^2]``, clipped at 0; other metrics go to
    cdist.
    """
    if metric == "euclidean":
        if B_sq is None:
            B_sq = np.einsum("ij,ij->i", B, B)
        A_aug = np.empty((A.shape[0], A.shape[1] + 2))
        A_aug[:, :-2] = -2.0 * A
        A_aug[:, -2] = np.einsum("ij,ij->i", A, A)
        A_aug[:, -1] = 1.0
        B_aug = np.empty((B.shape[0], B.shape[1] + 2))
        B_aug[:, :-2] = B
        B_aug[:, -2] = 1.0
        B_aug[:, -1] = B_sq
        D = A_aug @ B_aug.T
        np.maximum(D, 0.0, out=D)
        np.sqrt(D, out=D)
        return D
    return cdist(A, B, metric=metric)


def _distance_chunks(X, metric, reduce_func, *, upper=False):
    """The one chunk driver of the O(n^2) indices, as scikit-learn's
    ``pairwise_distances_chunked(X, reduce_func=...)``: yields ``reduce_func(D, start)``
    for consecutive blocks of rows ``start:stop`` of the n x n distance matrix of X, each
    block at most :data:`WORKING_MEMORY` bytes, so the whole matrix never exists.

    ``D`` holds every column, or with ``upper`` only the columns ``start:`` (the block
    on and above the diagonal: half the work for a symmetric reduction, whose reducer
    accounts for the mirrored part itself). The squared norms of the Euclidean expansion
    (:func:`_distances`) are computed once. scikit-learn's own driver is not used: it
    always computes whole rows (twice the work of ``upper``) and rounds its Euclidean
    distances differently."""
    n = X.shape[0]
    sq = np.einsum("ij,ij->i", X, X) if metric == "euclidean" else None
    step = max(1, WORKING_MEMORY // (8 * max(n, 1)))
    for start in range(0, n, step):
        first = start if upper else 0
        D = _distances(
            X[start : start + step], X[first:], metric, None if sq is None else sq[first:]
        )
        yield reduce_func(D, start)
        del D  # before the next block is computed


def _onehot(codes, n_clusters):
    """The (n, K) indicator matrix of the clusters."""
    onehot = np.zeros((codes.shape[0], n_clusters))
    onehot[np.arange(codes.shape[0]), codes] = 1.0
    return onehot


def _centroids(X, codes, n_clusters):
    counts = np.bincount(codes, minlength=n_clusters)
    sums = np.zeros((n_clusters, X.shape[1]))
    np.add.at(sums, codes, X)
    return sums / counts[:, None], counts


def _sorted_by_cluster(X, codes, n_clusters):
    """X with its rows grouped by cluster, and the row where each cluster starts."""
    order = np.argsort(codes, kind="stable")
    counts = np.bincount(codes, minlength=n_clusters)
    starts = np.concatenate(([0], np.cumsum(counts)))
    return np.ascontiguousarray(X[order]), starts


def _block_extremes(D, start, starts):
    """Reducer of :func:`_pair_extremes`: K x K smallest and largest distances between
    the clusters in one block (rows ``start:``, columns ``start:`` of the distance
    matrix of the rows sorted by cluster; ``inf``/``-inf`` where it holds no pair)."""
    K = starts.size - 1
    stop = start + D.shape[0]
    low = np.full((K, K), np.inf)
    high = np.full((K, K), -np.inf)
    first = np.searchsorted(starts, start, side="right") - 1  # cluster holding row start
    last = np.searchsorted(starts, stop, side="left")  # one past the cluster of row stop-1
    col_bounds = np.maximum(starts[first:-1], start) - start
    for k in range(first, last):
        r0, r1 = max(starts[k], start) - start, min(starts[k + 1], stop) - start
        if r1 <= r0:
            continue
        block = D[r0:r1]
        high[k, first:] = np.maximum.reduceat(block, col_bounds, axis=1).max(axis=0)
        # the self-distance of global row start + r sits at block[r - r0, r]: not a pair
        r = np.arange(r0, r1)
        block[r - r0, r] = np.inf
        low[k, first:] = np.minimum.reduceat(block, col_bounds, axis=1).min(axis=0)
    return low, high


def _pair_extremes(X, codes, n_clusters, metric):
    """K x K matrices of the smallest and largest distance between a point of cluster k
    and a point of cluster l (the diagonal skips i == j for the minimum).

    Only the upper block triangle of the distance matrix is computed (columns >= the
    block's first row), chunked to :data:`WORKING_MEMORY`; both matrices are then
    symmetrised.
    """
    Xs, starts = _sorted_by_cluster(X, codes, n_clusters)
    low = np.full((n_clusters, n_clusters), np.inf)
    high = np.full((n_clusters, n_clusters), -np.inf)
    reduce_func = functools.partial(_block_extremes, starts=starts)
    for block_low, block_high in _distance_chunks(Xs, metric, reduce_func, upper=True):
        np.minimum(low, block_low, out=low)
        np.maximum(high, block_high, out=high)
    low = np.minimum(low, low.T)
    high = np.maximum(high, high.T)
    return low, high


def _float(value) -> float:
    return float(value)


def _own_copy(X, given) -> bool:
    """Whether the checked array X is a fresh copy of ``given`` that may be overwritten."""
    if X is given or not X.flags.owndata or not X.flags.writeable:
        return False
    return not (isinstance(given, np.ndarray) and np.may_share_memory(X, given))


# --------------------------------------------------------------------------- compactness


def within_cluster_variation(
    X: ArrayLike, labels: ArrayLike, *, metric: str = "euclidean"
) -> float:
    r"""Within-cluster variation V(C) (紧致性): lower is better.

    .. math:: V(C) = \sqrt{\frac{1}{N}\sum_{C_k\in C}\sum_{i\in C_k}\delta(x_i, \mu_k)}

    with :math:`\mu_k` the mean of cluster :math:`C_k` and :math:`\delta` the distance
    ``metric``. With ``metric="sqeuclidean"`` it is the root-mean-square standard
    deviation (the square root of k-means' objective over N); with the default
    Euclidean distance it is the square root of the mean distance to the centroid.
    Range :math:`[0, \infty)`, 0 when every point sits on its centroid.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Cluster labels (integers, strings, integral floats or other hashable ids; see the
        module docstring).
    metric : str, default "euclidean"
        One of :data:`DISTANCE_METRICS`.

    Returns
    -------
    float

    Notes
    -----
    O(n d) time and memory.

    References
    ----------
    Handl, J., Knowles, J., Kell, D. B. (2005). Computational cluster validation in
    post-genomic data analysis. Bioinformatics 21(15), 3201-3212.
    doi:10.1093/bioinformatics/bti517

    Examples
    --------
    >>> import patterneval as pe
    >>> X = [[0.0], [2.0], [10.0], [12.0]]
    >>> pe.within_cluster_variation(X, [0, 0, 1, 1], metric="sqeuclidean")
    1.0
    """
    X, codes, K, metric = _checked(X, labels, metric)
    mu, _ = _centroids(X, codes, K)
    delta = np.concatenate(
        [cdist(X[codes == k], mu[k : k + 1], metric=metric).ravel() for k in range(K)]
    )
    return _float(np.sqrt(delta.mean()))


@_doc
def compactness(X: ArrayLike, labels: ArrayLike, *, metric: str = "euclidean") -> float:
    r"""Compactness CP (紧密度): lower is better.

    .. math:: \overline{CP}_k = \frac{1}{|\Omega_k|}\sum_{x\in\Omega_k}\lVert x-w_k\rVert,
        \qquad \overline{CP} = \frac{1}{K}\sum_{k=1}^K \overline{CP}_k

    the mean distance of a cluster's points to its centroid :math:`w_k`, averaged over
    the K clusters with equal weight (not weighted by size). It ignores how far apart
    the clusters are. Range :math:`[0,\infty)`. O(n d).

    %(parameters)s

    %(returns_float)s

    References
    ----------
    Davies, D. L., Bouldin, D. W. (1979). A cluster separation measure. IEEE TPAMI 1(2),
    224-227. doi:10.1109/TPAMI.1979.4766909

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.compactness([[0.0], [2.0], [10.0], [14.0]], [0, 0, 1, 1])
    1.5
    """
    X, codes, K, metric = _checked(X, labels, metric)
    return _float(_cluster_scatter(X, codes, K, metric).mean())


def _cluster_scatter(X, codes, K, metric):
    mu, _ = _centroids(X, codes, K)
    return np.array([cdist(X[codes == k], mu[k : k + 1], metric=metric).mean() for k in range(K)])


@_doc
def spacing(
    X: ArrayLike, labels: ArrayLike, *, metric: str = "euclidean", squared: bool = False
) -> float:
    r"""Spacing SP (间隔度): the mean distance between cluster centroids;
    higher is better.

    .. math:: \overline{SP} = \frac{2}{K^2-K}\sum_{i=1}^{K}\sum_{j=i+1}^{K}
        \lVert w_i - w_j\rVert

    over the :math:`K(K-1)/2` unordered pairs of centroids. It ignores how spread out
    each cluster is. The course notes print the norm squared; ``squared=True`` gives that form
    (see the erratum in the chapter: it is in squared units, unlike CP and DBI).
    O(n d + K^2 d).

    Parameters
    ----------
    %(X_labels_2_metric)s
    squared : bool, default False
        Average squared centroid distances instead.

    Returns
    -------
    float

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.spacing([[0.0], [2.0], [10.0], [12.0], [21.0]], [0, 0, 1, 1, 2])
    13.333333333333334
    """
    X, codes, K, metric = _checked(X, labels, metric, min_clusters=2)
    mu, _ = _centroids(X, codes, K)
    d = cdist(mu, mu, metric=metric)[np.triu_indices(K, 1)]
    return _float(np.mean(d**2 if check_bool("squared", squared) else d))


# --------------------------------------------------------------------------- connectivity


def _knn_searcher(R, metric):
    """A function ``(Q, k) -> (distances, indices)`` of the k nearest rows of R for each
    row of Q, nearest first."""
    p = {"euclidean": 2.0, "cityblock": 1.0, "chebyshev": np.inf}.get(metric)
    if p is not None:
        tree = cKDTree(R)

        def search(Q, k):
            d, i = tree.query(Q, k=k, p=p)
            return d.reshape(Q.shape[0], k), i.reshape(Q.shape[0], k)

        return search
    from sklearn.neighbors import NearestNeighbors

    # squared Euclidean ranks as Euclidean; the tolerance below is applied to the
    # Euclidean distance, which is what the tree returns
    nn = NearestNeighbors(metric="euclidean" if metric == "sqeuclidean" else metric).fit(R)

    def search(Q, k):
        return nn.kneighbors(Q, n_neighbors=k, return_distance=True)

    return search


def _ranked_neighbours(Q, R, n_neighbors, metric, *, exclude_self=False, rtol=TIE_RTOL):
    """Indices (m, L) into R of the L nearest rows of R for each row of Q, nearest first,
    with the tie rule of the module: distances within ``rtol`` (relative) of each other
    form one group, and inside a group the lower index comes first. With
    ``exclude_self``, Q is R and row i is never its own neighbour.

    The search asks for a few more neighbours than needed and, for the rare rows whose
    last group of ties may continue beyond them, asks again with twice as many."""
    m, n_ref = Q.shape[0], R.shape[0]
    search = _knn_searcher(R, metric)
    need = n_neighbors + (1 if exclude_self else 0)
    out = np.empty((m, n_neighbors), dtype=np.intp)
    todo = np.arange(m)
    k = min(n_ref, need + 4)
    while todo.size:
        dist, idx = search(Q[todo], k)
        dist, idx = np.asarray(dist, float), np.asarray(idx, np.intp)
        # groups of ties along each (ascending) row
        group = np.zeros(dist.shape, dtype=np.intp)
        anchor = dist[:, 0].copy()
        for j in range(1, k):
            new = dist[:, j] > anchor * (1.0 + rtol)
            group[:, j] = group[:, j - 1] + new
            anchor = np.where(new, dist[:, j], anchor)
        # the last group returned may continue beyond the k returned rows
        last_returned = group[:, -1].copy()
        has_self = np.ones(todo.size, dtype=bool)
        if exclude_self:
            # row i itself (at distance 0) is moved behind everything and dropped; a row
            # whose self was not returned (more than k exact duplicates) is not complete
            is_self = idx == todo[:, None]
            has_self = is_self.any(axis=1)
            group = np.where(is_self, k + 1, group)
        order = np.lexsort((idx, group), axis=-1)
        idx_sorted = np.take_along_axis(idx, order, axis=1)
        last_kept = np.take_along_axis(group, order, axis=1)[:, n_neighbors - 1]
        # complete when the group of the last kept neighbour ends before the last group
        # returned (so no unreturned row can belong to it), or when every row was returned
        complete = ((last_kept < last_returned) & has_self) | (k >= n_ref)
        done = todo[complete]
        out[done] = idx_sorted[complete, :n_neighbors]
        todo = todo[~complete]
        k = min(n_ref, 2 * k)
    return out


def _neighbours(X, n_neighbors, metric):
    """Indices (n, L) of each point's L nearest other points, nearest first (ties by the
    module's rule: within a relative 1e-12, lower index first)."""
    return _ranked_neighbours(X, X, n_neighbors, metric, exclude_self=True)


def connectivity(
    X: ArrayLike, labels: ArrayLike, *, n_neighbors: int = 10, metric: str = "euclidean"
) -> float:
    r"""Connectivity (连接性), as in clValid: lower is better.

    .. math:: \mathrm{Conn}(C) = \sum_{i=1}^{N}\sum_{j=1}^{L} x_{i,\,nn_{i(j)}},\qquad
        x_{i,\,nn_{i(j)}} = \begin{cases}1/j & nn_{i(j)} \text{ in another cluster
        than } i\\ 0 & \text{otherwise}\end{cases}

    where :math:`nn_{i(j)}` is the j-th nearest neighbour of sample i (itself
    excluded) and L is ``n_neighbors``. It measures how far clusters cut through dense
    neighbourhoods. Range :math:`[0, N H_L]` with :math:`H_L` the L-th harmonic number.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
    n_neighbors : int, default 10
        L, at most n_samples - 1.
    metric : str, default "euclidean"

    Returns
    -------
    float

    Notes
    -----
    Neighbours come from :class:`scipy.spatial.cKDTree` (Euclidean, Manhattan,
    Chebyshev) or scikit-learn's ``NearestNeighbors`` (other metrics):
    O(n L log n) time and O(n L) memory for low-dimensional data. **Ties**: neighbours
    whose distances agree within a relative :data:`TIE_RTOL` (1e-12) are ranked by row
    index, lower first, as clValid's ``order`` on a distance matrix ranks exact ties; the
    tolerance keeps rounding (data on a 0.1 grid such as iris, another CPU, a shift of
    the data) from reordering them. Exact duplicates of a point are its nearest
    neighbours. For translation-invariant metrics the data are centred first (see the
    module docstring).

    References
    ----------
    Handl, J., Knowles, J., Kell, D. B. (2005). Computational cluster validation in
    post-genomic data analysis. Bioinformatics 21(15), 3201-3212.
    doi:10.1093/bioinformatics/bti517
    Brock, G., Pihur, V., Datta, S., Datta, S. (2008). clValid: an R package for
    cluster validation. J. Stat. Softw. 25(4). doi:10.18637/jss.v025.i04

    Examples
    --------
    >>> import patterneval as pe
    >>> X = [[0.0], [1.0], [3.0], [10.0]]
    >>> pe.connectivity(X, [0, 0, 1, 1], n_neighbors=1)  # only 3's neighbour 1 differs
    1.0
    """
    X, codes, K, metric = _checked(X, labels, metric)
    L = check_scalar(
        "n_neighbors",
        n_neighbors,
        int,
        low=1,
        high=X.shape[0] - 1,
        hint=f"(there are {X.shape[0]} samples)",
    )
    nn = _neighbours(X, L, metric)
    other = codes[nn] != codes[:, None]
    return _float(other @ (1.0 / np.arange(1, L + 1)) @ np.ones(X.shape[0]))


# --------------------------------------------------------------------------- separation


@_doc
def separation(
    X: ArrayLike,
    labels: ArrayLike,
    *,
    metric: str = "euclidean",
    linkage: Literal["single", "average", "complete", "centroid"] = "single",
    reduce: Literal["min", "mean"] = "min",
) -> float:
    r"""Separation between clusters (分离度): higher is better.

    The distance between two clusters :math:`C_k, C_l` is chosen by ``linkage``:

    - ``"single"``: the nearest pair of samples, :math:`\min_{i\in C_k, j\in C_l} d(i,j)`
      (最近样本间距离; Dunn's numerator);
    - ``"average"``: the mean over all :math:`|C_k||C_l|` pairs (平均类间距离);
    - ``"complete"``: the farthest pair;
    - ``"centroid"``: the distance between the two centroids (两类中心距离).

    ``reduce`` then takes the ``"min"`` (the worst-separated pair of clusters) or the
    ``"mean"`` over the K(K-1)/2 unordered pairs of clusters.

    Parameters
    ----------
    %(X_labels_2_metric)s
    linkage : {"single", "average", "complete", "centroid"}, default "single"
    reduce : {"min", "mean"}, default "min"

    Returns
    -------
    float

    Notes
    -----
    Sample linkages cost O(n^2 d) time, chunked to :data:`WORKING_MEMORY` bytes;
    ``"centroid"`` costs O(n d + K^2 d).

    Examples
    --------
    >>> import patterneval as pe
    >>> X = [[0.0], [1.0], [4.0], [6.0]]
    >>> pe.separation(X, [0, 0, 1, 1])
    3.0
    >>> pe.separation(X, [0, 0, 1, 1], linkage="average")
    4.5
    """
    X, codes, K, metric = _checked(X, labels, metric, min_clusters=2)
    check_choice("linkage", linkage, ("single", "average", "complete", "centroid"))
    check_choice("reduce", reduce, ("min", "mean"))
    if linkage == "centroid":
        mu, _ = _centroids(X, codes, K)
        between = cdist(mu, mu, metric=metric)
    elif linkage == "average":
        between = _pair_sums(X, codes, K, metric)
        counts = np.bincount(codes, minlength=K)
        between = between / np.outer(counts, counts)
    else:
        low, high = _pair_extremes(X, codes, K, metric)
        between = low if linkage == "single" else high
    values = between[np.triu_indices(K, 1)]
    return _float(values.min() if reduce == "min" else values.mean())


def _pair_sums(X, codes, K, metric):
    """K x K sums of distances between the points of clusters k and l (chunked)."""
    onehot = _onehot(codes, K)

    def reduce_func(D, start):
        return onehot[start : start + D.shape[0]].T @ (D @ onehot)

    return sum(_distance_chunks(X, metric, reduce_func), np.zeros((K, K)))


# --------------------------------------------------------------------------- silhouette


@_doc
def silhouette_samples(X: ArrayLike, labels: ArrayLike, *, metric: str = "euclidean") -> np.ndarray:
    r"""Silhouette value of every sample (Rousseeuw 1987; Silhouette 宽度).

    .. math:: s(i) = \frac{b_i - a_i}{\max\{a_i, b_i\}}

    :math:`a_i` is the mean distance from i to the other members of its cluster,
    :math:`b_i` the smallest mean distance from i to the members of another cluster.
    Higher is better; range :math:`[-1, 1]`. **Singletons** (clusters of one sample,
    where :math:`a_i` is 0/0) score 0, Rousseeuw's convention and scikit-learn's; a
    sample with :math:`a_i = b_i = 0` (duplicates only) scores 0 too.

    %(parameters_2_to_n_1)s

    Returns
    -------
    ndarray of shape (n_samples,)

    Notes
    -----
    O(n^2 d) time; the blocks of rows of the distance matrix on and above its diagonal
    (at most :data:`WORKING_MEMORY` bytes each) are computed once and reduced to
    per-cluster sums, for their rows and their columns, by matrix products with the
    n x K cluster indicator, so memory is O(n K) plus the working memory. Equal to
    ``sklearn.metrics.silhouette_samples`` up to rounding.

    References
    ----------
    Rousseeuw, P. J. (1987). Silhouettes: a graphical aid to the interpretation and
    validation of cluster analysis. J. Comput. Appl. Math. 20, 53-65.
    doi:10.1016/0377-0427(87)90125-7

    Examples
    --------
    >>> import patterneval as pe
    >>> s = pe.silhouette_samples([[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1])
    >>> [round(float(v), 4) for v in s]
    [0.8182, 0.7778, 0.7778, 0.8182]
    """
    X, codes, K, metric = _checked(X, labels, metric, min_clusters=2, max_clusters="n-1")
    n = X.shape[0]
    counts = np.bincount(codes, minlength=K).astype(float)
    onehot = _onehot(codes, K)

    # Only the blocks on and above the diagonal are computed: rows [lo, hi) against
    # columns [lo, n). Each block gives its row sums for rows lo..hi and, for the columns
    # past hi, its column sums for those columns (the square part already holds both).
    def reduce_func(D, lo):
        hi = lo + D.shape[0]
        if metric == "euclidean":  # exact zeros on the diagonal, as scikit-learn
            r = np.arange(hi - lo)
            D[r, r] = 0.0
        return lo, hi, D @ onehot[lo:], D[:, hi - lo :].T @ onehot[lo:hi]

    sums = np.zeros((n, K))
    for lo, hi, row_sums, column_sums in _distance_chunks(X, metric, reduce_func, upper=True):
        sums[lo:hi] += row_sums
        sums[hi:] += column_sums
    rows = np.arange(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        # singletons: 0/0 here, set to 0 below (Rousseeuw's rule)
        a = sums[rows, codes] / (counts[codes] - 1.0)
    means = sums / counts
    means[rows, codes] = np.inf
    b = means.min(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = (b - a) / np.maximum(a, b)
    s[counts[codes] == 1] = 0.0
    return np.nan_to_num(s, nan=0.0)


@_doc
def silhouette_width(X: ArrayLike, labels: ArrayLike, *, metric: str = "euclidean") -> float:
    r"""Silhouette width: the mean of :func:`silhouette_samples` over all samples.

    .. math:: \bar s = \frac{1}{N}\sum_{i=1}^N s(i)

    Higher is better; range :math:`[-1, 1]`; singletons contribute 0. Equal to
    ``sklearn.metrics.silhouette_score`` (without sampling). O(n^2 d) time, memory
    bounded by :data:`WORKING_MEMORY` plus O(n K).

    %(parameters)s

    %(returns_float)s

    References
    ----------
    Rousseeuw, P. J. (1987). J. Comput. Appl. Math. 20, 53-65.
    doi:10.1016/0377-0427(87)90125-7

    Examples
    --------
    >>> import patterneval as pe
    >>> round(pe.silhouette_width([[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1]), 4)
    0.798
    """
    return _float(np.mean(silhouette_samples(X, labels, metric=metric)))


# --------------------------------------------------------------------------- Dunn, DBI


def dunn_index(X: ArrayLike, labels: ArrayLike, *, metric: str = "euclidean") -> float:
    r"""Dunn index (Dunn 宽度): higher is better.

    .. math:: D(C) = \frac{\min_{k \ne l}\ \min_{i\in C_k, j\in C_l} d(i, j)}
        {\max_m\ \max_{i, j\in C_m} d(i, j)}

    the smallest distance between samples of two different clusters over the largest
    cluster diameter. Range :math:`[0, \infty)`; above 1 when every cluster is
    narrower than the gap to its nearest neighbour cluster.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Between 2 and n_samples - 1 clusters (with n clusters every diameter is 0).
    metric : str, default "euclidean"

    Returns
    -------
    float
        ``inf`` if all diameters are 0 (duplicated points only) and the clusters differ.

    Notes
    -----
    O(n^2 d) time: the rows are grouped by cluster and only the blocks on and above the
    diagonal of the distance matrix are computed, chunked to :data:`WORKING_MEMORY`
    bytes, with per-cluster minima and maxima taken by ``ufunc.reduceat``.

    References
    ----------
    Dunn, J. C. (1974). Well-separated clusters and optimal fuzzy partitions.
    J. Cybernetics 4(1), 95-104. doi:10.1080/01969727408546059

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.dunn_index([[0.0], [1.0], [4.0], [6.0]], [0, 0, 1, 1])
    1.5
    """
    X, codes, K, metric = _checked(X, labels, metric, min_clusters=2, max_clusters="n-1")
    low, high = _pair_extremes(X, codes, K, metric)
    gap = low[np.triu_indices(K, 1)].min()
    diameter = np.diag(high).max()
    if diameter == 0:
        return float("inf") if gap > 0 else 0.0
    return _float(gap / diameter)


@_doc
def davies_bouldin_index(X: ArrayLike, labels: ArrayLike, *, metric: str = "euclidean") -> float:
    r"""Davies-Bouldin index DBI (戴维森堡丁指数): **lower is better**.

    .. math:: \mathrm{DBI} = \frac{1}{K}\sum_{i=1}^K \max_{j\ne i}
        \frac{\overline{CP}_i + \overline{CP}_j}{\lVert w_i - w_j\rVert}

    with :math:`\overline{CP}_i` the mean distance of cluster i's points to its centroid
    :math:`w_i` (see :func:`compactness`). Range :math:`[0, \infty)`. Unlike the other
    indices here, smaller values mean better clusterings (scikit-learn's
    ``davies_bouldin_score`` has the same direction and equals this function with the
    Euclidean metric). Conventions as scikit-learn: 0 if every scatter or every centroid
    distance is exactly 0; coincident centroids (distance exactly 0) are skipped. Unlike
    scikit-learn, "0" means exactly 0 (scikit-learn's ``np.allclose`` returns 0 for any
    data whose scatters are below 1e-8, e.g. data in small units), and the pair of a
    centroid with itself is never used, whatever rounding gives for its distance.

    %(parameters_2_to_n_1)s

    %(returns_float)s

    Notes
    -----
    O(n d + K^2 d).

    References
    ----------
    Davies, D. L., Bouldin, D. W. (1979). A cluster separation measure. IEEE TPAMI
    1(2), 224-227. doi:10.1109/TPAMI.1979.4766909

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.davies_bouldin_index([[0.0], [2.0], [10.0], [12.0]], [0, 0, 1, 1])
    0.2
    """
    X, codes, K, metric = _checked(X, labels, metric, min_clusters=2, max_clusters="n-1")
    scatter = _cluster_scatter(X, codes, K, metric)
    mu, _ = _centroids(X, codes, K)
    between = cdist(mu, mu, metric=metric)
    # The diagonal (a centroid against itself) is no separation. It is excluded by
    # position, not by value: cosine and correlation distances of a vector with itself
    # come out as rounding noise (1e-16), not 0, and dividing by that gave 7.7e12 on wine.
    others = ~np.eye(K, dtype=bool)
    # exact zeros, not np.allclose: an absolute tolerance would call every index of data
    # measured in small units 0
    if np.all(scatter == 0) or np.all(between[others] == 0):
        return 0.0
    between = np.where(others & (between > 0), between, np.inf)
    ratio = (scatter[:, None] + scatter[None, :]) / between
    return _float(np.mean(np.max(ratio, axis=1)))


def calinski_harabasz_index(X: ArrayLike, labels: ArrayLike) -> float:
    r"""Calinski-Harabasz index (方差比准则, variance ratio criterion): **higher is better**.

    .. math::
        CH = \frac{B / (K - 1)}{W / (n - K)},\qquad
        B = \sum_{k=1}^K n_k \lVert \mu_k - \mu \rVert^2,\quad
        W = \sum_{k=1}^K \sum_{i \in C_k} \lVert x_i - \mu_k \rVert^2

    the between-cluster dispersion per degree of freedom over the within-cluster one, with
    :math:`\mu_k` the centroid of cluster :math:`C_k` (of size :math:`n_k`) and :math:`\mu`
    the overall mean (squared Euclidean distances). Range :math:`[0, \infty)`. Equal to
    scikit-learn's ``calinski_harabasz_score`` to about 1e-12 (tests).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Between 2 and n_samples - 1 clusters.

    Returns
    -------
    float

    Notes
    -----
    The data are centred first, like the other indices of this module (see the module
    docstring), so that a shift of the data far from the origin changes nothing beyond
    rounding (tested at an offset of 1e8). Conventions where :math:`W = 0`: when every
    cluster is a single repeated point (decided exactly, not by a rounded sum) and the
    clusters differ, the index is ``inf`` (scikit-learn returns 1.0); when all samples
    are identical it is 0/0 and a ValueError is raised. O(n d).

    References
    ----------
    Caliński, T. & Harabasz, J. (1974), "A dendrite method for cluster analysis",
    Communications in Statistics 3, 1-27, doi:10.1080/03610927408827101.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.calinski_harabasz_index([[0.0], [2.0], [10.0], [12.0]], [0, 0, 1, 1])
    50.0
    """
    given = X
    X, codes, K = check_cluster_data(X, labels, min_clusters=2, max_clusters="n-1")
    n = X.shape[0]
    # centred, in place when X is the checked copy (never the caller's array)
    resid = np.subtract(X, X.mean(axis=0), out=X if _own_copy(X, given) else None)
    counts = np.bincount(codes, minlength=K)
    members = csr_matrix((np.ones(n), (codes, np.arange(n))), shape=(K, n))
    mu = (members @ resid) / counts[:, None]
    centre = counts @ mu / n
    between = float(np.dot(counts, np.sum((mu - centre) ** 2, axis=1)))
    step = 2**16  # residuals by blocks of rows: no n x d temporary
    for start in range(0, n, step):
        resid[start : start + step] -= mu[codes[start : start + step]]
    within = float(np.einsum("ij,ij->", resid, resid))
    # W of clusters that are each one repeated point is rounding residue (about eps^2 of B):
    # decide that case, and all samples identical (0/0), exactly, on the data as given
    if within <= 1e-28 * (between + within):
        X = check_cluster_X(given)
        if np.array_equal(X.min(axis=0), X.max(axis=0)):
            raise ValueError(
                "X has all samples identical; the Calinski-Harabasz index is 0/0 there."
            )
        _, first = np.unique(codes, return_index=True)
        if np.array_equal(X, X[first[codes]]):
            return float("inf")
    return _float(between * (n - K) / (within * (K - 1)))


# --------------------------------------------------------------------------- Pareto


def pareto_front(scores: ArrayLike, *, maximize: bool | Sequence[bool]) -> np.ndarray:
    r"""Which clusterings are not dominated when several indices are compared at once
    (综合方法).

    Row a **dominates** row b when a is at least as good as b on every index and
    strictly better on at least one (direction per column from ``maximize``). A row is
    on the Pareto front when no other row dominates it. Ties are not dominance: two
    identical rows are both on the front, and two scores that agree within a relative
    :data:`TIE_RTOL` (1e-12, of the larger magnitude) count as equal, so that an index
    computed twice along different floating-point paths (the same partition under other
    labels, another CPU) cannot make one clustering dominate the other.

    Parameters
    ----------
    scores : array-like of shape (n_methods, n_indices)
        One row per clustering, one column per index; finite numbers.
    maximize : bool or sequence of bool
        For each index (or all of them) whether larger is better. For example
        ``[True, False]`` for (silhouette width, connectivity).

    Returns
    -------
    ndarray of bool, shape (n_methods,)
        True for the non-dominated rows.

    Notes
    -----
    O(m^2 q) time for m rows and q indices.

    References
    ----------
    Handl, J., Knowles, J., Kell, D. B. (2005). Bioinformatics 21(15), 3201-3212.
    doi:10.1093/bioinformatics/bti517

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.pareto_front([[0.5, 10], [0.6, 12], [0.4, 11]], maximize=[True, False])
    array([ True,  True, False])
    """
    S, signs = check_scores(scores, maximize)
    G = S * signs  # larger is better in every column
    A, B = G[:, None, :], G[None, :, :]
    tol = TIE_RTOL * np.maximum(np.abs(A), np.abs(B))
    at_least = np.all(A >= B - tol, axis=2)
    better = np.any(A > B + tol, axis=2)
    dominated = np.any(at_least & better, axis=0)
    return ~dominated


# --------------------------------------------------------------------------- prediction strength


@dataclasses.dataclass(frozen=True, repr=False)
class PredictionStrength(Result):
    """Prediction strength of a clusterer at one number of clusters.

    Attributes
    ----------
    strength : float
        Mean of ``values`` over the random splits; higher is better (close to 1:
        stable at this k).
    std_error : float
        Standard deviation of ``values`` over sqrt(n_resamples).
    n_clusters : int
    values : ndarray of shape (n_resamples,)
        Prediction strength of each split (the minimum over test clusters).
    cluster_strengths : tuple of ndarray
        For each split, the share of co-assigned pairs in each test cluster.
    """

    _headline = ("strength", "std_error", "n_clusters")

    strength: float
    std_error: float
    n_clusters: int
    values: np.ndarray
    cluster_strengths: tuple = dataclasses.field(repr=False, default=())


def _fit_labels(clusterer, X, n_clusters, rng):
    from sklearn.base import clone

    model = clone(clusterer)
    params = {"n_clusters": n_clusters}
    if "random_state" in model.get_params():
        params["random_state"] = int(rng.integers(2**31 - 1))
    model.set_params(**params)
    labels = model.fit_predict(X) if hasattr(model, "fit_predict") else model.fit(X).labels_
    return np.unique(np.asarray(labels), return_inverse=True)[1].reshape(-1)


def _strength_of_split(X, clusterer, n_clusters, assign, rng):
    n = X.shape[0]
    perm = rng.permutation(n)
    train, test = perm[: n // 2], perm[n // 2 :]
    train_labels = _fit_labels(clusterer, X[train], n_clusters, rng)
    test_labels = _fit_labels(clusterer, X[test], n_clusters, rng)
    # the clusterer sees X as given; the assignment (Euclidean) works on centred data
    Xc = _centred(X, "euclidean")
    if assign == "centroid":
        mu, _ = _centroids(Xc[train], train_labels, train_labels.max() + 1)
        predicted = _first_within(cdist(Xc[test], mu))
    else:  # note 000: nearest neighbour in the training half
        nearest = _ranked_neighbours(Xc[test], Xc[train], 1, "euclidean")[:, 0]
        predicted = train_labels[nearest]
    Kt, Kp = test_labels.max() + 1, predicted.max() + 1
    table = np.bincount(test_labels * Kp + predicted, minlength=Kt * Kp).reshape(Kt, Kp)
    sizes = table.sum(axis=1).astype(float)
    pairs = (table.astype(float) ** 2).sum(axis=1) - sizes
    ok = sizes > 1  # a one-point test cluster has no pairs: left out
    per_cluster = pairs[ok] / (sizes[ok] * (sizes[ok] - 1))
    return (float(per_cluster.min()) if per_cluster.size else 1.0), per_cluster


@keywords
def prediction_strength(
    X: ArrayLike,
    clusterer: BaseEstimator,
    n_clusters: int,
    *,
    n_resamples: int = 10,
    assign: Literal["centroid", "nearest-neighbor"] = "centroid",
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> PredictionStrength:
    r"""Prediction strength of ``clusterer`` with ``n_clusters`` clusters (预测效力;
    Tibshirani & Walther 2005): higher is better.

    Each split draws a random half of the samples as training set and the rest as test
    set, clusters both halves with a clone of ``clusterer`` (``n_clusters`` set), and
    assigns every test sample to a training cluster by ``assign``. For each test
    cluster :math:`A_j` with :math:`n_j \ge 2` samples, the share of its
    :math:`n_j(n_j-1)` ordered pairs that the training assignment also puts together is

    .. math:: ps_j = \frac{1}{n_j(n_j-1)}\sum_{i \ne i' \in A_j}
        \mathbf 1\{D_{tr}(x_i) = D_{tr}(x_{i'})\},

    and the split's prediction strength is :math:`\min_j ps_j`. The result averages over
    ``n_resamples`` splits. Test clusters of one sample have no pairs and are left out of
    the minimum (a split whose test clusters are all singletons scores 1). Tibshirani & Walther suggest the largest k with strength
    above 0.8-0.9. With k = 1 the strength is 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    clusterer : scikit-learn clusterer
        An estimator with an ``n_clusters`` parameter and ``fit_predict`` (e.g.
        ``KMeans(n_init=10)``); its ``random_state``, if any, is drawn from ``rng``.
    n_clusters : int
        At least 1 and at most n_samples // 2.
    n_resamples : int, default 10
        Number of random splits.
    assign : {"centroid", "nearest-neighbor"}, default "centroid"
        Nearest training centroid (Tibshirani & Walther, for k-means) or nearest
        training sample (最近邻法).
    rng : None, int or numpy.random.Generator
    n_jobs : int or None
        Splits run in parallel through joblib; results do not depend on it.
    progress : bool, default False

    Returns
    -------
    PredictionStrength
        ``strength`` (the mean over the splits), its ``std_error`` and each split's value.

    Notes
    -----
    Two clusterings of n/2 samples per split plus an O(n k d) assignment. The
    clusterer is given ``X`` as it is; the assignment uses Euclidean distances on
    centred data (so a shift of the data far from the origin changes nothing), and a
    test sample equidistant (within a relative 1e-12) from two training centroids or
    samples goes to the one with the lower index (cluster code, or row of the training half).

    References
    ----------
    Tibshirani, R., Walther, G. (2005). Cluster validation by prediction strength.
    J. Comput. Graph. Stat. 14(3), 511-528. doi:10.1198/106186005X59243

    Examples
    --------
    >>> import numpy as np
    >>> import patterneval as pe
    >>> from sklearn.cluster import KMeans
    >>> rng = np.random.default_rng(0)
    >>> X = np.concatenate([rng.normal(0, 1, (50, 2)), rng.normal(10, 1, (50, 2))])
    >>> pe.prediction_strength(X, KMeans(n_init=3), 2, n_resamples=3, rng=0).strength
    1.0
    """
    X = check_cluster_X(X)
    check_clusterer(clusterer)
    k = check_scalar(
        "n_clusters",
        n_clusters,
        int,
        low=1,
        high=X.shape[0] // 2,
        hint=f"At most n_samples // 2 = {X.shape[0] // 2}, so that each half of "
        f"the samples can hold n_clusters clusters.",
    )
    B = check_scalar("n_resamples", n_resamples, int, low=1)
    check_choice("assign", assign, ("centroid", "nearest-neighbor"))
    n_jobs = check_n_jobs(n_jobs)
    gens = spawn(check_rng(rng), B)
    out = run_tasks(
        _strength_of_split,
        [(X, clusterer, k, assign, g) for g in gens],
        n_jobs=n_jobs,
        progress=progress,
        desc="prediction strength",
    )
    values = np.array([v for v, _ in out])
    se = float(values.std(ddof=1) / np.sqrt(B)) if B > 1 else float("nan")
    return PredictionStrength(
        strength=float(values.mean()),
        std_error=se,
        n_clusters=k,
        values=values,
        cluster_strengths=tuple(c for _, c in out),
    )


# ------------------------------------------------------------------ helpers for the chapter
#: The internal indices the chapter draws over k, by display name (all with their
#: defaults: Euclidean distance, ``connectivity`` with 10 neighbours).
CURVE_INDICES = {
    "silhouette": silhouette_width,
    "Dunn": dunn_index,
    "separation": separation,
    "SP": spacing,
    "DBI": davies_bouldin_index,
    "CP": compactness,
    "V(C)": within_cluster_variation,
    "connectivity": connectivity,
}


def _kmeans_seed(rng) -> int:
    """scikit-learn's KMeans takes an int seed: an int ``rng`` is used as it is (so
    ``rng=0`` is ``random_state=0``); None or a Generator gives one drawn seed."""
    gen = check_rng(rng)
    if is_int_seed(rng):
        return int(rng)
    return int(gen.integers(2**31 - 1))


def _kmeans_labels(X, k, seed):
    from sklearn.cluster import KMeans

    return KMeans(n_clusters=int(k), n_init=5, random_state=seed).fit_predict(X)


def _check_curve_args(X, ks, names):
    X = check_cluster_X(X)
    ks = check_grid("ks", ks, integer=True, low=2, high=X.shape[0] - 1, high_name="n_samples - 1")
    names = (names,) if isinstance(names, str) else tuple(names)
    for name in names:
        check_choice("names", name, tuple(CURVE_INDICES))
    return X, ks, names


def _curves(X, ks, seed, names):
    labelings = {int(k): _kmeans_labels(X, k, seed) for k in ks}
    curves = {"k": np.asarray(ks)}
    for name in names:
        curves[name] = np.array([CURVE_INDICES[name](X, labelings[int(k)]) for k in ks])
    return labelings, curves


@keywords
def index_curves(
    X: ArrayLike,
    ks: Sequence[int],
    *,
    rng: int | np.random.Generator | None = 0,
    names: Sequence[str] = tuple(CURVE_INDICES),
) -> dict:
    """Internal indices of k-means clusterings over a range of k (the chapter's "index
    against k" curves).

    For each k in ``ks``, scikit-learn's ``KMeans(n_clusters=k, n_init=5)`` clusters
    ``X`` with the same seed, and every index named in ``names`` (keys of
    :data:`CURVE_INDICES`, each with its defaults) is computed on those labels. The
    direction of "better" is that of each index: higher for silhouette, Dunn,
    separation and SP; lower for DBI, CP, V(C) and connectivity. A "best k" is read
    off the curve, for example the argmax of the silhouette.

    Cost: ``len(ks)`` k-means fits plus the indices, each O(n^2 d) at most (chunked).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Finite real data.
    ks : sequence of int
        Strictly increasing numbers of clusters, each in ``2 .. n_samples - 1``.
    rng : None, int or numpy.random.Generator, default 0
        Seed of k-means; an int is passed on as ``random_state``, so ``rng=0`` always
        gives the same curves. A Generator (or None) gives one drawn seed used for every k.
    names : sequence of str, default every key of :data:`CURVE_INDICES`
        The indices to compute.

    Returns
    -------
    dict
        ``{"k": array of ks, name: array of the index over ks, ...}``.

    References
    ----------
    Handl, J., Knowles, J. & Kell, D. B. (2005). Computational cluster validation in
    post-genomic data analysis. Bioinformatics 21(15), 3201-3212.
    doi:10.1093/bioinformatics/bti517

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.datasets import make_blobs
    >>> from patterneval.cluster.internal import index_curves
    >>> X, _ = make_blobs(60, centers=3, random_state=0)  # three blobs
    >>> curves = index_curves(X, [2, 3, 4], names=("silhouette", "DBI"))
    >>> int(curves["k"][np.argmax(curves["silhouette"])])
    3
    >>> int(curves["k"][np.argmin(curves["DBI"])])
    3
    """
    X, ks, names = _check_curve_args(X, ks, names)
    return _curves(X, ks, _kmeans_seed(rng), names)[1]


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_scores(scores, maximize):
    """A (n_methods, n_indices) table of finite scores and the direction of each column.
    Returns the table as float64 and +1/-1 per column (+1: larger is better)."""
    arr = check_array("scores", scores, ndim=2, shape_hint="(n_methods, n_indices)")
    flags = np.asarray(maximize)
    if flags.dtype != bool:
        raise fail(
            "maximize",
            "a bool or a sequence of bools, one per column of scores",
            maximize,
            error=TypeError,
        )
    if flags.ndim == 0:
        flags = np.full(arr.shape[1], bool(flags))
    if flags.shape != (arr.shape[1],):
        raise fail(
            "maximize",
            f"one bool per column of scores ({arr.shape[1]})",
            f"{flags.size} entries",
            echo=False,
        )
    return arr, np.where(flags, 1.0, -1.0)
