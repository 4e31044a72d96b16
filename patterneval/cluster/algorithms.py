"""Clustering algorithms of the chapter "Clustering algorithms": the threshold heuristic, the max-min distance
heuristic, agglomerative (hierarchical) clustering with single, complete and average
linkage, k-means (Lloyd's iterations, random or k-means++ seeding) and ISODATA.

Derived in the chapter "Clustering algorithms" (book/part3/clustering-algorithms.ipynb);
the results are scored there with the indices of Part II
(:mod:`patterneval.cluster.internal`, :mod:`patterneval.cluster.external`).

Euclidean distances between many points and a few centres use
``||x||^2 - 2 x.c + ||c||^2`` (one BLAS product) over blocks of at most
:data:`CHUNK_ROWS` rows, so memory stays O(CHUNK_ROWS * k) whatever n is.

**Ties.** Every choice among equal candidates has one rule, the same on every CPU: values
within 1e-12 (:data:`patterneval._ties.TIE_RTOL`) of the best, relative to the magnitude of
the quantities they were computed from, count as tied, and the lowest index wins (the
nearest centre with the lowest index; the sample with the lowest row index; for
hierarchical clustering the pair found first by the nearest-neighbour chain, whose own
choices follow the same rule, and merges at tied heights in the order found). Rounding in
sums and BLAS products, which differs between CPUs, therefore cannot flip a choice.

**Scale.** Every algorithm compares sums of squares, which overflow for entries beyond
about 1e150 (every distance would become the same inf, then NaN): such data (``X``,
``centers``, ``init``) raise a ValueError that asks to rescale them.
"""

from __future__ import annotations

import dataclasses
import queue
from typing import Literal, Self

import numpy as np
from numpy.typing import ArrayLike
from scipy.spatial.distance import cdist, pdist, squareform
from sklearn.base import BaseEstimator, ClusterMixin, TransformerMixin
from sklearn.utils.validation import check_is_fitted

from .._api import ESTIMATOR_PARTS, doc_parts, keywords
from .._results import Result
from .._threads import block_workers
from .._ties import TIE_RTOL, argmax_tied, argmin_tied, argsort_tied
from .._validation import (
    check_array,
    check_choice,
    check_rng,
    check_scalar,
    fail,
    validate_estimator_data,
)
from ._checks import check_cluster_X

__all__ = [
    "HeuristicClustering",
    "Hierarchy",
    "ISODATA",
    "KMeans",
    "LINKAGES",
    "hierarchical",
    "kmeans_plusplus",
    "kmeans_plusplus_probabilities",
    "max_min_distance",
    "threshold_clustering",
]

#: Rows per block in the chunked distance computations.
CHUNK_ROWS = 16384

#: Linkages of :func:`hierarchical` (the three cluster distances of the chapter).
LINKAGES = ("single", "complete", "average")

_METRICS = ("euclidean", "sqeuclidean", "cityblock", "chebyshev", "cosine")


# --------------------------------------------------------------------------- helpers


def _check_scale(X, name="X"):
    """Data whose squared Euclidean distances (and their sum over the samples, an inertia)
    are finite: every algorithm here compares sums of squares, which overflow to inf (and
    then NaN) for entries beyond about 1e150, silently turning every distance into the
    same inf. Such data raise instead."""
    top = float(np.max(np.abs(X))) if X.size else 0.0
    limit = 1e154 / (2.0 * np.sqrt(max(X.size, 1)))  # n d (2 top)^2, the largest inertia, is finite
    if top > limit:
        raise fail(
            name,
            f"data whose squared distances are finite in double precision (entries of "
            f"magnitude below about {limit:.0e})",
            f"a largest |entry| of {top:.3g}",
            echo=False,
            hint=f"Rescale {name}.",
        )
    return X


def _sq_distances(X, C, X_sq=None, C_sq=None):
    """Squared Euclidean distances ||x||^2 - 2 x.c + ||c||^2, clipped at 0."""
    if X_sq is None:
        X_sq = np.einsum("ij,ij->i", X, X)
    if C_sq is None:
        C_sq = np.einsum("ij,ij->i", C, C)
    D = X @ (-2.0 * C.T)
    D += X_sq[:, None]
    D += C_sq[None, :]
    np.maximum(D, 0.0, out=D)
    return D


def _row_blocks(n):
    """Slices of at most CHUNK_ROWS rows covering ``range(n)``, in order."""
    return [slice(start, min(start + CHUNK_ROWS, n)) for start in range(0, n, CHUNK_ROWS)]


def _nearest(X, C, X_sq=None):
    """Index of the nearest centre and the squared distance to it, in row blocks (on
    threads, with BLAS held to one thread: :func:`patterneval._threads.block_workers`)."""
    n = X.shape[0]
    labels = np.empty(n, dtype=np.intp)
    dist = np.empty(n)
    if X_sq is None:
        X_sq = np.einsum("ij,ij->i", X, X)
    C_sq = np.einsum("ij,ij->i", C, C)

    def run(block):
        D = _sq_distances(X[block], C, X_sq[block], C_sq)
        # ties within TIE_RTOL of ||x||^2 + max ||c||^2 (the scale of the expansion's
        # rounding): the lowest centre index
        scale = X_sq[block][:, None] + C_sq.max()
        lab = argmin_tied(D, axis=1, scale=scale)
        labels[block] = lab
        dist[block] = D[np.arange(D.shape[0]), lab]

    blocks = _row_blocks(n)
    with block_workers(len(blocks)) as pool:
        list(map(run, blocks) if pool is None else pool.map(run, blocks))
    return labels, dist


def _lloyd_pass(X, Xt, C, X_sq, pool=None, spaces=None, out=None, sums=True):
    """One assignment pass of Lloyd fused with the sums for the update.

    Per block of CHUNK_ROWS rows (:func:`_assign_block`): the nearest centre, the squared
    distance to it, and the block's per-cluster sums; the blocks run on ``pool``'s threads
    if given. The sums of the blocks are added in block order, so the result does not
    depend on the pool. Returns labels, squared distances, sums and sizes.

    ``spaces`` (a queue of :func:`_workspace` buffers, one per thread, reused across
    passes) and ``out`` (labels and distances arrays to write into) only save allocations.
    With ``sums=False`` only the labels are computed (the last pass needs no update)."""
    n, d = X.shape
    k = C.shape[0]
    labels, dist = out if out is not None else (np.empty(n, dtype=np.intp), np.empty(n))
    if spaces is None:
        spaces = queue.SimpleQueue()
    C_sq = np.einsum("ij,ij->i", C, C)[:, None]
    centres = (-2.0 * C, C_sq, float(C_sq.max()), np.arange(k, dtype=np.float64))

    def run(block):
        # a thread takes a free workspace (or makes one: at most one per thread)
        try:
            space = spaces.get_nowait()
        except queue.Empty:
            space = _workspace(k, min(n, CHUNK_ROWS))
        try:
            return _assign_block(X, Xt, X_sq, centres, block, labels, dist, space, sums)
        finally:
            spaces.put(space)

    blocks = _row_blocks(n)
    total = np.zeros((k, d))
    for part in map(run, blocks) if pool is None else pool.map(run, blocks):
        if sums:
            total += part
    if not sums:
        return labels, None, None, None
    counts = np.bincount(labels, minlength=k).astype(np.float64)
    return labels, dist, total, counts


def _workspace(k, rows):
    """Buffers of one thread's :func:`_assign_block` calls (flat, so that the first
    ``k * m`` entries of each reshape to a C-contiguous (k, m) array for any block size m:
    the BLAS products must see the same contiguous operands as freshly allocated ones)."""
    return {
        "D": np.empty(k * rows),
        "hit": np.empty(k * rows, dtype=bool),
        "onehot": np.empty(k * rows),
        "tol": np.empty(rows),
        "lab": np.empty(rows),
    }


def _assign_block(X, Xt, X_sq, centres, block, labels, dist, space, sums=True):
    """Nearest centres of the rows ``block`` (written into ``labels``), the squared
    distances to them (into ``dist``) and their per-cluster sums, a (k, d) array.

    Distances up to ||x||^2 are the (k, block) matrix ``-2 C X_b^T + ||c||^2`` (one BLAS
    product on the transposed data, so the k distances of a sample are a column and the
    minimum runs over contiguous rows); the sums are the product of the (k, block) one-hot
    assignment matrix with X_b. Every intermediate goes into ``space`` (:func:`_workspace`)."""
    C_m2, C_sq, C_sq_max, index = centres
    k = C_m2.shape[0]
    m = block.stop - block.start
    D = np.matmul(C_m2, Xt[:, block], out=space["D"][: k * m].reshape(k, m))
    D += C_sq
    # argmin over the k rows without numpy's argmin along a short non-last axis
    # (slow): the minimum is a fast reduction over rows; the first row within the
    # tie tolerance of it (TIE_RTOL times ||x||^2 + max ||c||^2, the scale of the
    # expansion's rounding) is k - max_j [D_j <= min + tol] (k - j)
    best = D.min(axis=0, out=dist[block])
    tol = np.add(X_sq[block], C_sq_max, out=space["tol"][:m])
    tol *= TIE_RTOL
    tol += best  # the same roundings as best + TIE_RTOL * (||x||^2 + max ||c||^2)
    hit = np.less_equal(D, tol, out=space["hit"][: k * m].reshape(k, m))
    best += X_sq[block]  # the squared distances, while the block is in cache
    np.maximum(best, 0.0, out=best)
    onehot = space["onehot"][: k * m].reshape(k, m)
    if np.count_nonzero(hit) == m:  # no ties: hit is the one-hot matrix
        np.copyto(onehot, hit)
        labels[block] = np.matmul(index, onehot, out=space["lab"][:m])
    else:
        first_weight = (k - np.arange(k))[:, None].astype(np.min_scalar_type(k))
        lab = k - (hit * first_weight).max(axis=0)
        labels[block] = lab
        np.copyto(onehot, np.equal(lab, np.arange(k)[:, None], out=hit))
    return onehot @ X[block] if sums else None


def _cluster_sums(X, labels, k):
    """Per-cluster sums of the rows of X and cluster sizes (one bincount per feature)."""
    counts = np.bincount(labels, minlength=k).astype(np.float64)
    sums = np.empty((k, X.shape[1]))
    for j in range(X.shape[1]):
        sums[:, j] = np.bincount(labels, weights=X[:, j], minlength=k)
    return sums, counts


def _first_appearance(labels):
    """Relabel so clusters are numbered 0, 1, ... in order of first appearance."""
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first, kind="stable"), kind="stable")
    return order[inverse.reshape(-1)].astype(np.intp)


# --------------------------------------------------------------------------- heuristics


@dataclasses.dataclass(frozen=True, repr=False)
class HeuristicClustering(Result):
    """Result of :func:`threshold_clustering` or :func:`max_min_distance`.

    Attributes
    ----------
    labels : ndarray of shape (n_samples,)
        Cluster of each sample, 0 .. n_clusters - 1 (cluster j has centre j).
    center_indices : ndarray of shape (n_clusters,)
        Row of X that became each centre, in the order the centres were created.
    centers : ndarray of shape (n_clusters, n_features)
        The centres (rows of X; the heuristics never move them).
    n_clusters : int
    """

    labels: np.ndarray
    center_indices: np.ndarray
    centers: np.ndarray
    n_clusters: int


def threshold_clustering(
    X: ArrayLike,
    threshold: float,
    *,
    metric: Literal["euclidean", "sqeuclidean", "cityblock", "chebyshev", "cosine"] = "euclidean",
) -> HeuristicClustering:
    r"""The note's threshold heuristic (按最近邻规则的简单试探).

    The first sample is the first centre :math:`z_1 = x_1`. The samples are then visited
    in their order in ``X``: sample :math:`x_i` goes to its nearest existing centre if
    :math:`\min_j d(x_i, z_j) \le T`, and otherwise becomes a new centre itself.
    Centres never move, and a sample is never reassigned when a closer centre
    appears later in the pass. Ties (within 1e-12 relative) go to the oldest centre, and a
    distance within 1e-12 relative of T counts as "not farther than T".

    The result depends on the order of the rows (permuting X changes the first centre
    and which samples found new clusters), on T and on the metric: there is no
    criterion being optimised, only a single pass.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    threshold : float >= 0
        T. A sample farther than T from every centre founds a new cluster; larger T,
        fewer clusters (T = 0 and distinct samples: every sample is its own cluster).
    metric : {"euclidean", "sqeuclidean", "cityblock", "chebyshev", "cosine"}

    Returns
    -------
    HeuristicClustering

    Notes
    -----
    O(n k d) time for k clusters (each sample is compared with the centres so far).

    References
    ----------
    J. T. Tou and R. C. Gonzalez, *Pattern Recognition Principles*, Addison-Wesley,
    1974, sec. 3.3.1 ("a simple cluster-seeking algorithm").

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.5], [3.0]])
    >>> threshold_clustering(X, 2.0).labels
    array([0, 0, 1])
    >>> threshold_clustering(X[[1, 0, 2]], 2.0).labels   # the order matters
    array([0, 0, 0])
    """
    X = _check_scale(check_cluster_X(X))
    T = check_scalar("threshold", threshold, float, low=0)
    metric = check_choice("metric", metric, _METRICS)
    n = X.shape[0]
    labels = np.empty(n, dtype=np.intp)
    centres = [0]
    labels[0] = 0
    for i in range(1, n):
        d = cdist(X[i : i + 1], X[centres], metric=metric)[0]
        j = argmin_tied(d)  # nearest centre; ties within 1e-12 relative: the oldest
        if d[j] > T + TIE_RTOL * max(T, d[j]):
            centres.append(i)
            labels[i] = len(centres) - 1
        else:
            labels[i] = j
    idx = np.asarray(centres, dtype=np.intp)
    return HeuristicClustering(labels, idx, X[idx].copy(), len(centres))


def max_min_distance(X: ArrayLike, theta: float, *, first: int = 0) -> HeuristicClustering:
    r"""The max-min distance heuristic (最大最小距离算法).

    1. :math:`z_1 = x_{first}`; :math:`z_2` is the sample farthest from :math:`z_1`.
    2. For every sample, :math:`D(i) = \min_j \|x_i - z_j\|` (distance to the nearest
       centre so far). If :math:`\max_i D(i) > \theta \|z_1 - z_2\|`, the maximising
       sample becomes a new centre and step 2 repeats; otherwise the search stops.
    3. Every sample goes to its nearest centre.

    The minimum is over the *centres* for each sample and the maximum over the
    *samples* (the note states it the other way round: see the chapter's erratum).
    Ties in a maximum (within 1e-12 of :math:`\|z_1 - z_2\|`) go to the lowest row index,
    and :math:`D(i)` within that tolerance of :math:`\theta\|z_1 - z_2\|` does not exceed
    it. If all samples coincide, there is one cluster.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    theta : float >= 0
        Fraction of :math:`\|z_1 - z_2\|` a sample must exceed to found a new cluster
        (e.g. 1/2); smaller theta, more clusters.
    first : int, default 0
        Row of X used as the first centre (the result depends on it).

    Returns
    -------
    HeuristicClustering

    Notes
    -----
    Euclidean distances. O(n k d) time: D(i) is updated with one new centre at a time.

    References
    ----------
    Tou & Gonzalez (1974), sec. 3.3.2 ("maximin-distance algorithm"); the book is cited
    in full by :func:`threshold_clustering`.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0, 1], [10, 0], [10, 1], [5, 8]])
    >>> r = max_min_distance(X, 0.5)
    >>> r.center_indices, r.labels
    (array([0, 3, 4]), array([0, 0, 1, 1, 2]))
    """
    X = _check_scale(check_cluster_X(X))
    theta = check_scalar("theta", theta, float, low=0)
    n = X.shape[0]
    first = check_scalar("first", first, int, low=0, high=n - 1, hint="(a row of X)")

    def dist_to(i):  # direct differences: equal rows give equal distances
        diff = X - X[i]
        return np.sqrt(np.einsum("ij,ij->i", diff, diff))

    D = dist_to(first)
    D[first] = 0.0
    centres = [first]
    second = argmax_tied(D)
    base = D[second]
    if base > 0:
        centres.append(second)
        D = np.minimum(D, dist_to(second))
        D[centres] = 0.0
        while True:
            i = argmax_tied(D, scale=base)
            if not D[i] > theta * base + TIE_RTOL * base:
                break
            centres.append(i)
            D = np.minimum(D, dist_to(i))
            D[centres] = 0.0
    idx = np.asarray(centres, dtype=np.intp)
    labels, _ = _nearest(X, X[idx])
    labels[idx] = np.arange(idx.size)
    return HeuristicClustering(labels, idx, X[idx].copy(), int(idx.size))


# --------------------------------------------------------------------------- hierarchical


@dataclasses.dataclass(frozen=True, repr=False)
class Hierarchy(Result):
    """Result of :func:`hierarchical`.

    Attributes
    ----------
    linkage_matrix : ndarray of shape (n_samples - 1, 4)
        scipy's format: row t merges clusters ``Z[t, 0] < Z[t, 1]`` (ids < n are samples,
        id n + s is the cluster made at row s) at height ``Z[t, 2]`` into a cluster of
        ``Z[t, 3]`` samples; rows sorted by height.
    heights : ndarray of shape (n_samples - 1,)
        Merge heights (the third column), non-decreasing.
    linkage : str
    labels : ndarray of shape (n_samples,) or None
        The partition at the requested cut, clusters numbered by first appearance.
    n_clusters : int or None
        Number of clusters at the cut.
    """

    linkage_matrix: np.ndarray
    heights: np.ndarray
    linkage: str
    labels: np.ndarray | None = None
    n_clusters: int | None = None


def _lance_williams(linkage, d_ka, d_kb, n_a, n_b):
    """d(k, a u b) from d(k, a), d(k, b) (Lance and Williams 1967)."""
    if linkage == "single":
        return np.minimum(d_ka, d_kb)
    if linkage == "complete":
        return np.maximum(d_ka, d_kb)
    return (n_a * d_ka + n_b * d_kb) / (n_a + n_b)


def _chain_merge(D, lo, hi, size, linkage):
    """Merge slot ``hi`` into slot ``lo`` of ``D`` (in place): row and column ``lo`` get the
    Lance-Williams distances. Row and column ``hi`` are left as they are: the chain reads
    rows through the ``hidden`` mask of merged-away slots (a column written to inf was a
    strided pass over the whole matrix at every merge)."""
    new = _lance_williams(linkage, D[lo], D[hi], size[lo], size[hi])
    new[lo] = np.inf
    D[lo, :] = new
    D[:, lo] = new
    size[lo] += size[hi]


def _nn_chain(D, linkage):
    """Nearest-neighbour chain on a full distance matrix (modified in place).

    Returns the merges (slot a, slot b, height) in the order found. Valid for linkages
    that satisfy the reducibility property (single, complete, average).

    Whenever a quarter of the rows of ``D`` belong to merged-away clusters, ``D`` is
    compacted to the live rows and columns (in slot order, so "the lowest slot" and every
    distance stay the same): the O(n) row scans then shrink with the number of clusters."""
    n = D.shape[0]
    # distances within tol of each other are tied (every linkage value lies between the
    # smallest and largest pairwise distance, so this is 1e-12 relative to the data's scale)
    tol = TIE_RTOL * float(D.max()) if n > 1 else 0.0
    np.fill_diagonal(D, np.inf)
    size = np.ones(n)
    hidden = np.zeros(n)  # inf on merged-away slots: added to a row, it hides them
    row = np.empty(n)
    slot = np.arange(n)  # the original slot of each row of the (compacted) D
    merges = []
    chain = []
    n_alive = n
    while len(merges) < n - 1:
        if 4 * n_alive <= 3 * D.shape[0] and D.shape[0] > 64:
            keep = np.flatnonzero(hidden == 0.0)
            chain = [int(c) for c in np.searchsorted(keep, chain)]
            D = D[np.ix_(keep, keep)]
            size, slot, hidden = size[keep], slot[keep], hidden[keep]
            row = row[: keep.size]
        if not chain:
            chain.append(int(np.argmin(hidden)))  # the first live slot
        a = chain[-1]
        np.add(D[a], hidden, out=row)
        b = int(row.argmin())
        if b:  # nearest; ties: the lowest slot within tol of the minimum
            b = int((row[: b + 1] <= row[b] + tol).argmax())
        if len(chain) > 1 and row[chain[-2]] <= row[b] + tol:  # ties: keep the chain
            b = chain[-2]
        if len(chain) > 1 and b == chain[-2]:
            del chain[-2:]
            h = D[a, b]
            lo, hi = min(a, b), max(a, b)
            _chain_merge(D, lo, hi, size, linkage)
            hidden[hi] = np.inf
            n_alive -= 1
            merges.append((int(slot[lo]), int(slot[hi]), h))
        else:
            chain.append(b)
    return merges


def _mst_merges(D, tol):
    """Single linkage's merges as the edges of a minimum spanning tree (Prim's algorithm on
    the full distance matrix ``D``, left unchanged): (point a, point b, height) in the
    order added, or None when two heights of the tree lie within ``tol`` of each other.

    Without such ties the single-linkage tree is unique (its merges at distinct heights are
    the components of the threshold graphs), so it equals the nearest-neighbour chain's to
    the bit: both heights are entries of ``D``. With ties the order of the tied merges
    follows the chain's rule, so the caller runs the chain instead."""
    n = D.shape[0]
    dist = D[0].copy()
    dist[0] = np.inf
    parent = np.zeros(n, dtype=np.intp)
    # inf on the points already in the tree, 0 elsewhere: added to a row it hides them
    hidden = np.zeros(n)
    hidden[0] = np.inf
    a = np.empty(n - 1, dtype=np.intp)
    b = np.empty(n - 1, dtype=np.intp)
    h = np.empty(n - 1)
    for t in range(n - 1):
        v = int(dist.argmin())
        a[t], b[t], h[t] = parent[v], v, dist[v]
        hidden[v] = np.inf
        row = D[v] + hidden
        closer = row < dist
        np.copyto(dist, row, where=closer)
        np.copyto(parent, v, where=closer)
        dist[v] = np.inf
    if np.any(np.diff(np.sort(h)) <= tol):
        return None
    return list(zip(a.tolist(), b.tolist(), h.tolist()))


def _label_merges(merges, n, tol=0.0):
    """Sort merges by height and give them scipy's cluster ids (union-find). Heights within
    ``tol`` of each other are tied and keep the order in which the chain found them."""
    heights = np.array([m[2] for m in merges])
    order = argsort_tied(heights, rtol=0.0, atol=tol)
    # plain lists: the loop is sequential, and numpy scalar indexing tripled its time
    parent = list(range(2 * n - 1))
    size = [1] * (2 * n - 1)

    def find(x):
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    rows = []
    for t, m in enumerate(order.tolist()):
        a, b, h = merges[m]
        ra, rb = find(a), find(b)
        new = n + t
        parent[ra] = parent[rb] = new
        size[new] = size[ra] + size[rb]
        rows.append((min(ra, rb), max(ra, rb), h, size[new]))
    return np.array(rows, dtype=float).reshape(n - 1, 4)


def _cut(Z, n, n_keep_merges):
    """Labels after applying the first ``n_keep_merges`` rows of Z."""
    parent = np.arange(2 * n - 1)
    for t in range(n_keep_merges):
        parent[int(Z[t, 0])] = n + t
        parent[int(Z[t, 1])] = n + t
    roots = np.arange(n)
    for _ in range(n):  # follow parents to the root (at most n - 1 levels)
        nxt = parent[roots]
        if np.array_equal(nxt, roots):
            break
        roots = nxt
    return _first_appearance(roots)


def hierarchical(
    X: ArrayLike,
    *,
    linkage: Literal["single", "complete", "average"] = "single",
    n_clusters: int | None = None,
    distance_threshold: float | None = None,
) -> Hierarchy:
    r"""Agglomerative clustering (系统聚类法) with single, complete or average linkage.

    Start with every sample in its own cluster; repeatedly merge the two clusters at
    the smallest distance (off the diagonal), where the distance between clusters
    :math:`G_a, G_b` is the minimum (single), maximum (complete) or mean (average) of
    the Euclidean distances between their members. After merging a and b, the distance
    to any other cluster k follows the Lance-Williams update

    .. math:: d(k, a \cup b) = \alpha_a d(k, a) + \alpha_b d(k, b)
              + \gamma |d(k, a) - d(k, b)|,

    with :math:`\alpha_a = \alpha_b = 1/2, \gamma = -1/2` (single),
    :math:`\gamma = +1/2` (complete), :math:`\alpha_a = n_a/(n_a + n_b), \gamma = 0`
    (average).

    The merges are found by the nearest-neighbour chain algorithm (valid for these
    three linkages, which are reducible; for single linkage without tied heights, by
    Prim's minimum spanning tree, which gives the same tree) and then sorted by height, so the linkage
    matrix has scipy's layout and the heights equal
    :func:`scipy.cluster.hierarchy.linkage`'s (to rounding).

    **Ties.** Distances within 1e-12 of the largest pairwise distance of each other count
    as equal: the chain then moves to the lowest-numbered nearest cluster and, if the
    previous cluster of the chain is among the nearest, merges with it; merges at tied
    heights keep the order in which they were found (which decides a cut that falls among
    them). Rounding in the Lance-Williams updates therefore cannot change the tree.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    linkage : {"single", "complete", "average"}
    n_clusters : int, optional
        Stop rule 1 of the note: cut the tree when this many clusters remain.
    distance_threshold : float >= 0, optional
        Stop rule 2 of the note: apply only merges of height <= this value.
        At most one of ``n_clusters`` and ``distance_threshold``.

    Returns
    -------
    Hierarchy

    Notes
    -----
    O(n^2) memory (the distance matrix) and O(n^2) time for the chain (each step an
    O(n) vectorised row operation); the naive algorithm of the note is O(n^3).

    References
    ----------
    G. N. Lance and W. T. Williams, A general theory of classificatory sorting
    strategies: 1. Hierarchical systems, *The Computer Journal* 9(4), 373-380, 1967.
    doi:10.1093/comjnl/9.4.373

    D. Mullner, Modern hierarchical, agglomerative clustering algorithms,
    arXiv:1109.2378, 2011.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [3.0], [7.0]])
    >>> h = hierarchical(X, linkage="single", n_clusters=2)
    >>> h.heights, h.labels
    (array([1., 2., 4.]), array([0, 0, 0, 1]))
    >>> hierarchical(X, linkage="complete").heights
    array([1., 3., 7.])
    """
    X = _check_scale(check_cluster_X(X))
    linkage = check_choice("linkage", linkage, LINKAGES)
    n = X.shape[0]
    if n_clusters is not None and distance_threshold is not None:
        raise ValueError("give at most one of n_clusters and distance_threshold, not both.")
    k = (
        None
        if n_clusters is None
        else check_scalar(
            "n_clusters", n_clusters, int, low=1, high=n, hint=f"(there are {n} samples)"
        )
    )
    t = (
        None
        if distance_threshold is None
        else check_scalar("distance_threshold", distance_threshold, float, low=0)
    )
    D = squareform(pdist(X))
    tol = TIE_RTOL * float(D.max()) if n > 1 else 0.0
    merges = _mst_merges(D, tol) if linkage == "single" and n > 1 else None
    Z = _label_merges(_nn_chain(D, linkage) if merges is None else merges, n, tol)
    labels = None
    if k is not None:
        labels = _cut(Z, n, n - k)
    elif t is not None:
        labels = _cut(Z, n, int(np.searchsorted(Z[:, 2], t, side="right")))
    n_found = None if labels is None else int(labels.max()) + 1
    return Hierarchy(Z, Z[:, 2].copy(), linkage, labels, n_found)


# --------------------------------------------------------------------------- k-means++


def kmeans_plusplus_probabilities(X: ArrayLike, centers: ArrayLike) -> np.ndarray:
    r"""Probability that each sample is the next k-means++ centre: :math:`D(x)^2 / \sum D^2`.

    :math:`D(x)` is the Euclidean distance from x to its nearest centre so far, so
    samples already chosen (D = 0) have probability 0. Distances come from
    :func:`scipy.spatial.distance.cdist` (O(n m) memory for m centres).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    centers : array-like of shape (n_centers, n_features)

    Returns
    -------
    ndarray of shape (n_samples,), summing to 1.

    References
    ----------
    Arthur & Vassilvitskii (2007), the k-means++ paper cited by :func:`kmeans_plusplus`.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [3.0]])
    >>> kmeans_plusplus_probabilities(X, X[:1])
    array([0. , 0.1, 0.9])
    """
    X = _check_scale(check_cluster_X(X))
    C = _check_scale(
        check_array("centers", centers, ndim=2, shape_hint="(n_centers, n_features)"), "centers"
    )
    if C.shape[1] != X.shape[1]:
        raise fail(
            "centers",
            f"an array with {X.shape[1]} columns, one per feature of X",
            f"shape {C.shape}",
            echo=False,
        )
    d2 = cdist(X, C, metric="sqeuclidean").min(axis=1)  # exact zeros at the centres
    total = d2.sum()
    if total == 0:
        raise ValueError("every sample coincides with a centre; no new centre can be drawn.")
    return d2 / total


def _roulette(p, u):
    """The note's roulette wheel: subtract p_1, p_2, ... from the pointer u ~ U(0, 1)
    until it would go negative; the inverse of the cumulative distribution."""
    i = int(np.searchsorted(np.cumsum(p), u, side="right"))
    i = min(i, p.size - 1)
    while p[i] == 0:  # rounding in cumsum can land on a zero-probability sample
        i -= 1
    return i


def _plusplus(X, k, rng):
    with block_workers(1):  # k matrix-vector products: BLAS threads cost more than they give
        return _plusplus_draws(X, k, rng)


def _plusplus_draws(X, k, rng):
    n = X.shape[0]
    idx = [int(rng.integers(n))]
    _, d2 = _nearest(X, X[idx])
    d2[idx] = 0.0
    for _ in range(1, k):
        total = d2.sum()
        if total == 0:  # fewer distinct points than k: take any unused sample
            i = int(np.flatnonzero(~np.isin(np.arange(n), idx))[0])
        else:
            i = _roulette(d2 / total, rng.random())
        idx.append(i)
        d2 = np.minimum(d2, _sq_distances(X, X[i : i + 1])[:, 0])
        d2[idx] = 0.0
    return np.asarray(idx, dtype=np.intp)


@keywords
def kmeans_plusplus(
    X: ArrayLike,
    n_clusters: int,
    *,
    rng: int | np.random.Generator | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""k-means++ seeding by :math:`D^2` roulette sampling.

    The first centre is a sample drawn uniformly; each further centre is a sample drawn
    with probability :math:`D(x)^2 / \sum_y D(y)^2` (see
    :func:`kmeans_plusplus_probabilities`), by the roulette wheel of the note (one
    uniform number and the cumulative probabilities). This is the original algorithm,
    one candidate per step; scikit-learn's default "greedy" variant draws
    2 + log k candidates and keeps the best, so its draws differ.

    With these seeds, the expected k-means cost is at most :math:`8(\ln k + 2)` times
    the optimal one (Arthur and Vassilvitskii 2007, Theorem 3.1).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    n_clusters : int in [1, n_samples]
    rng : None, int or numpy Generator

    Returns
    -------
    centers : ndarray of shape (n_clusters, n_features)
    indices : ndarray of shape (n_clusters,)
        Rows of X chosen, in order.

    Notes
    -----
    O(n k d) time.

    References
    ----------
    D. Arthur and S. Vassilvitskii, k-means++: the advantages of careful seeding,
    *SODA 2007*, 1027-1035. doi:10.5555/1283383.1283494

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0, 1], [10, 0], [10, 1]])
    >>> centers, idx = kmeans_plusplus(X, 2, rng=0)
    >>> sorted(X[idx, 0].tolist())      # one centre on each side, almost surely
    [0.0, 10.0]
    """
    X = _check_scale(check_cluster_X(X))
    k = check_scalar(
        "n_clusters",
        n_clusters,
        int,
        low=1,
        high=X.shape[0],
        hint=f"(there are {X.shape[0]} samples)",
    )
    idx = _plusplus(X, k, check_rng(rng))
    return X[idx].copy(), idx


# --------------------------------------------------------------------------- k-means


def _inertia(X, centers, labels):
    """Sum of ||x - c_label||^2, exactly (no expansion), in row blocks."""
    total = 0.0
    buffer = np.empty((min(X.shape[0], CHUNK_ROWS), X.shape[1]))  # one for every block
    for start in range(0, X.shape[0], CHUNK_ROWS):
        block = slice(start, start + CHUNK_ROWS)
        diff = np.take(centers, labels[block], axis=0, out=buffer[: X[block].shape[0]])
        np.subtract(X[block], diff, out=diff)
        total += float(np.einsum("ij,ij->", diff, diff))
    return total


def _lloyd(X, centers, max_iter, tol, X_sq=None, Xt=None):
    """Lloyd's iterations as scikit-learn 1.9.1's ``_kmeans_single_lloyd`` runs them
    (X centred; ``tol`` absolute, on the squared centre shift).

    Returns labels, centres, inertia, n_iter and the inertia after each assignment
    step (computed with the centres used in that step). BLAS is held to one thread and the
    row blocks of a pass run on as many Python threads as BLAS had
    (:func:`patterneval._threads.block_workers`), as scikit-learn holds BLAS to one thread
    and runs its row chunks on OpenMP threads; the result is the same for any count."""
    n, _ = X.shape
    if X_sq is None:
        X_sq = np.einsum("ij,ij->i", X, X)
    if Xt is None:
        Xt = np.ascontiguousarray(X.T)
    with block_workers(len(_row_blocks(n))) as pool:
        return _lloyd_iterations(X, Xt, X_sq, centers, max_iter, tol, pool)


def _lloyd_iterations(X, Xt, X_sq, centers, max_iter, tol, pool):
    """The iterations of :func:`_lloyd`, each pass's blocks on ``pool`` (or serial)."""
    n = X.shape[0]
    labels_old = np.full(n, -1, dtype=np.intp)
    # buffers reused by every pass: the block workspaces, the distances, and two label
    # arrays taken in turn (a pass compares its labels with the previous pass's)
    spaces = queue.SimpleQueue()
    d2 = np.empty(n)
    spare = np.empty(n, dtype=np.intp)
    history = []
    strict = False
    n_iter = 0
    for it in range(max_iter):
        n_iter = it + 1
        labels, d2, sums, counts = _lloyd_pass(X, Xt, centers, X_sq, pool, spaces, (spare, d2))
        spare = labels_old
        history.append(float(d2.sum()))
        empty = np.flatnonzero(counts == 0)
        if empty.size:
            # scikit-learn's rule: the samples farthest from their (old) centre
            # become the centres of the empty clusters, one each, taken out of
            # their own cluster's sum; the labels are not changed.
            far = ((X - centers[labels]) ** 2).sum(axis=1)
            if far.max() > 0:
                picks = argsort_tied(-far, scale=far.max())[: empty.size]  # ties: lowest row
                for e, p in zip(empty, picks):
                    sums[labels[p]] -= X[p]
                    counts[labels[p]] -= 1
                    sums[e] = X[p]
                    counts[e] = 1
        new = centers.copy()
        filled = counts > 0
        new[filled] = sums[filled] / counts[filled, None]
        shift = ((new - centers) ** 2).sum()
        centers = new
        if np.array_equal(labels, labels_old):
            strict = True
            break
        if shift <= tol:
            break
        labels_old = labels
    if not strict:  # the labels of the final centres (no sums needed)
        labels = _lloyd_pass(X, Xt, centers, X_sq, pool, spaces, (spare, d2), sums=False)[0]
    return labels, centers, _inertia(X, centers, labels), n_iter, np.asarray(history)


#: The estimator docstring parts and two that the centre-based clusterers share.
_centre_docs = doc_parts(
    {
        **ESTIMATOR_PARTS,
        "params_fit_centres": """Parameters
    ----------
    X : array_like, shape (n_samples, n_features)
        At least ``n_clusters`` rows of finite numbers.
    y : None
        Ignored; present for scikit-learn's API.""",
        "returns_nearest": """Returns
    -------
    ndarray of int, shape (n_samples,)
        A row equally near several centres (within 1e-12 relative) goes to the lowest
        index.""",
    }
)


def _new_X(est, X):
    """``X`` checked for a fitted centre-based clusterer (KMeans, ISODATA)."""
    check_is_fitted(est)
    return _check_scale(validate_estimator_data(est, X, reset=False, dtype=np.float64, order="C"))


@_centre_docs
class KMeans(ClusterMixin, TransformerMixin, BaseEstimator):
    r"""k-means by Lloyd's iterations (K-means, 动态聚类法).

    Minimises the within-cluster sum of squares (the note's criterion J)

    .. math:: V(C, c) = \sum_{i=1}^n \|x_i - c_{C(i)}\|^2

    by coordinate descent: the assignment step minimises V over the partition C with
    the centres fixed (nearest centre), the update step over the centres with C fixed
    (the cluster means). Neither step can increase V, so V is non-increasing
    (``inertia_history_``) and the iterations stop after finitely many steps. A sample
    equidistant from several centres goes to the lowest-numbered one (squared distances
    within 1e-12 of ``||x||^2 + max ||c||^2`` count as equal, so rounding cannot flip it);
    with ``n_init > 1`` a run replaces the best so far only if its inertia is lower by more
    than 1e-12 relative.

    Matches scikit-learn 1.9.1's ``KMeans(algorithm="lloyd", init=centres, n_init=1)``
    from the same initial centres: same stopping rules (labels unchanged, or the squared
    centre shift ``sum ||c_new - c_old||^2 <= tol * mean_j var(X[:, j])``: scikit-learn
    scales ``tol`` by the mean feature variance), same centring of X, same handling of
    empty clusters (the samples farthest from their centre are moved into them; only if
    every sample sits exactly on its centre does an empty cluster keep its old centre,
    where scikit-learn moves it to the data mean).

    Parameters
    ----------
    n_clusters : int, default 8
    init : {"k-means++", "random"} or array of shape (n_clusters, n_features)
        "k-means++": :func:`kmeans_plusplus` (D^2 roulette); "random": n_clusters
        distinct samples drawn uniformly; an array: those centres.
    n_init : int, default 1
        Runs from different seeds; the lowest inertia is kept.
    max_iter : int, default 300
    tol : float >= 0, default 1e-4
        Relative tolerance on the squared centre shift (see above).
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        Draws the initial centres (an int gives ``numpy.random.default_rng(random_state)``).

    Attributes
    ----------
    cluster_centers_ : ndarray of shape (n_clusters, n_features)
    labels_ : ndarray of shape (n_samples,)
    inertia_ : float
        V at the end (lower is better for a fixed k).
    n_iter_ : int
        Lloyd iterations of the best run.
    inertia_history_ : ndarray
        V after each assignment step of the best run (non-increasing).
    init_centers_ : ndarray of shape (n_clusters, n_features)
        Initial centres of the best run.
    n_features_in_ : int

    Notes
    -----
    Each iteration is O(n k d): distances by ``||x||^2 - 2 x.c + ||c||^2`` (one matrix
    product per block of CHUNK_ROWS rows), the means by one weighted bincount per
    feature.

    References
    ----------
    S. P. Lloyd, Least squares quantization in PCM, *IEEE Transactions on Information
    Theory* 28(2), 129-137, 1982. doi:10.1109/TIT.1982.1056489

    Arthur & Vassilvitskii (2007) for the ``"k-means++"`` start, as in
    :func:`kmeans_plusplus`.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0, 1], [10, 0], [10, 1]])
    >>> km = KMeans(2, init=np.array([[0.0, 0], [10, 1]])).fit(X)
    >>> km.labels_, km.cluster_centers_, km.inertia_
    (array([0, 0, 1, 1]), array([[ 0. ,  0.5],
           [10. ,  0.5]]), 1.0)
    >>> km.predict([[9.0, 9.0]])
    array([1])
    """

    def __init__(
        self,
        n_clusters: int = 8,
        *,
        init: Literal["k-means++", "random"] | ArrayLike = "k-means++",
        n_init: int = 1,
        max_iter: int = 300,
        tol: float = 1e-4,
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
    ) -> None:
        self.n_clusters = n_clusters
        self.init = init
        self.n_init = n_init
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    @staticmethod
    def _initial(X, k, init, rng):
        """Initial centres: ``init`` is "random", "k-means++" or the (checked) centres."""
        if isinstance(init, str):
            if init == "random":
                return X[rng.choice(X.shape[0], size=k, replace=False)].copy()
            return X[_plusplus(X, k, rng)].copy()
        return init.copy()

    def fit(self, X: ArrayLike, y: ArrayLike | None = None) -> Self:
        """Run k-means on X (y is ignored).

        %(params_fit_centres)s

        Returns
        -------
        KMeans
            ``self``, fitted: the best of ``n_init`` runs (lowest inertia; a tie within
            1e-12 relative keeps the earlier run).
        """
        X = _check_scale(validate_estimator_data(self, X, reset=True, dtype=np.float64, order="C"))
        k = check_scalar(
            "n_clusters",
            self.n_clusters,
            int,
            low=1,
            high=X.shape[0],
            hint=f"(there are {X.shape[0]} samples)",
        )
        n_init = check_scalar("n_init", self.n_init, int, low=1)
        max_iter = check_scalar("max_iter", self.max_iter, int, low=1)
        tol = check_scalar("tol", self.tol, float, low=0)
        rng = check_rng(self.random_state, name="random_state", legacy=True)
        if isinstance(self.init, str):
            init = check_choice("init", self.init, ("k-means++", "random"))
        else:
            init = check_init_centers(self.init, k, X.shape[1])
            n_init = 1
        mean = X.mean(axis=0)
        Xc = X - mean
        X_sq = np.einsum("ij,ij->i", Xc, Xc)
        Xt = np.ascontiguousarray(Xc.T)
        # scikit-learn's tolerance: tol times the mean per-feature variance, here
        # sum ||x - mean||^2 / (n d)
        tol = tol * float(X_sq.sum()) / Xc.size
        best = None
        for _ in range(n_init):
            start = self._initial(X, k, init, rng)
            run = _lloyd(Xc, start - mean, max_iter, tol, X_sq, Xt)
            # strictly lower beyond 1e-12 relative; ties keep the earlier run
            if best is None or run[2] < best[0][2] - TIE_RTOL * best[0][2]:
                best = (run, start)
        assert best is not None  # n_init >= 1 runs
        (labels, centers, inertia, n_iter, history), start = best
        self.cluster_centers_ = centers + mean
        self.labels_ = labels
        self.inertia_ = inertia
        self.n_iter_ = n_iter
        self.inertia_history_ = history
        self.init_centers_ = start
        return self

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Index of the nearest centre for each row of X.

        %(params_X)s

        %(returns_nearest)s
        """
        return _nearest(_new_X(self, X), self.cluster_centers_)[0]

    def transform(self, X: ArrayLike) -> np.ndarray:
        """Euclidean distances from each row of X to each centre.

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples, n_clusters)
        """
        X = _new_X(self, X)
        return np.sqrt(_sq_distances(X, self.cluster_centers_))

    def score(self, X: ArrayLike, y: ArrayLike | None = None) -> float:
        """Minus the sum of squared distances of X to its nearest centres.

        Higher is better (scikit-learn's convention for ``score``).

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
            Samples, one per row, with the columns seen in ``fit``.
        %(y_ignored)s

        Returns
        -------
        float
            Minus the inertia of ``X`` with the fitted centres (<= 0).
        """
        X = _new_X(self, X)
        return -float(_nearest(X, self.cluster_centers_)[1].sum())


# --------------------------------------------------------------------------- ISODATA


@_centre_docs
class ISODATA(ClusterMixin, BaseEstimator):
    r"""ISODATA (Ball and Hall 1965) with the note's discard, split and merge rules.

    Parameters use the note's quantities: ``n_clusters`` = K0 (initial and desired
    number of clusters), ``min_samples`` = K_min (fewest members a cluster may keep),
    ``max_std`` = sigma_max (largest within-cluster standard deviation along a feature),
    ``min_distance`` = d_min (centres closer than this are merged), ``max_pairs`` = L
    (most merges per iteration), ``n_iter`` = I.

    One iteration, in the note's order:

    1. assign every sample to its nearest centre;
    2. discard: clusters with fewer than ``min_samples`` members are removed and their
       samples reassigned to the nearest remaining centre;
    3. update every centre to its cluster mean;
    4. split or merge. Split if K <= K0 / 2; merge if K >= 2 K0; otherwise (this is
       Tou and Gonzalez's rule, missing from the note; ``schedule="alternate"``)
       split on odd iterations and merge on even ones. With ``schedule="note"`` the
       middle range does nothing, as in the note: starting from K0 clusters, ISODATA
       then never splits or merges unless a discard first brings K down to K0 / 2.

       * split: a cluster whose largest per-feature standard deviation sigma (along
         feature j) exceeds ``max_std`` and which has at least 2 ``min_samples``
         members is replaced by two centres :math:`c \pm s\,\sigma e_j`
         (``s = split_scale``), moved along feature j only;
       * merge: the pairs of centres closer than ``min_distance`` are taken in order of
         increasing distance, at most ``max_pairs`` of them, each centre in at most one
         merge; a pair becomes the weighted mean :math:`(n_i c_i + n_j c_j)/(n_i + n_j)`.

    After ``n_iter`` iterations, a last assignment gives ``labels_`` and the centres
    become the cluster means (empty clusters dropped).

    Parameters
    ----------
    n_clusters : int, default 8
    min_samples : int, default 1
    max_std : float > 0, default 1.0
    min_distance : float >= 0, default 1.0
    max_pairs : int, default 1
    n_iter : int, default 10
    split_scale : float > 0, default 1.0
    schedule : {"alternate", "note"}, default "alternate"
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        Draws the K0 initial centres (distinct samples).

    Attributes
    ----------
    cluster_centers_, labels_, n_clusters_, n_features_in_
    n_clusters_history_ : ndarray of shape (n_iter,)
        K at the end of each iteration.
    history_ : list of (iteration, step, K)
        K after each step ("assign", "discard", "split", "merge" or "none").
    inertia_ : float

    Notes
    -----
    Each iteration is O(n K d). The result depends on all six thresholds and on the
    initial centres.

    References
    ----------
    G. H. Ball and D. J. Hall, ISODATA, a novel method of data analysis and pattern
    classification, Technical report, Stanford Research Institute, Menlo Park, 1965.

    J. T. Tou and R. C. Gonzalez, *Pattern Recognition Principles*, Addison-Wesley,
    1974, sec. 3.3.5.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = np.r_[rng.normal([-5, 0], 1, (50, 2)), rng.normal([5, 0], 1, (50, 2))]
    >>> iso = ISODATA(1, max_std=2.0, min_samples=5, n_iter=4, random_state=0).fit(X)
    >>> iso.n_clusters_history_
    array([2, 2, 2, 2])
    """

    def __init__(
        self,
        n_clusters: int = 8,
        *,
        min_samples: int = 1,
        max_std: float = 1.0,
        min_distance: float = 1.0,
        max_pairs: int = 1,
        n_iter: int = 10,
        split_scale: float = 1.0,
        schedule: Literal["alternate", "note"] = "alternate",
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
    ) -> None:
        self.n_clusters = n_clusters
        self.min_samples = min_samples
        self.max_std = max_std
        self.min_distance = min_distance
        self.max_pairs = max_pairs
        self.n_iter = n_iter
        self.split_scale = split_scale
        self.schedule = schedule
        self.random_state = random_state

    def fit(self, X: ArrayLike, y: ArrayLike | None = None) -> Self:
        """Run ISODATA on X (y is ignored).

        %(params_fit_centres)s

        Returns
        -------
        ISODATA
            ``self``, fitted (the number of clusters found is ``len(cluster_centers_)``).
        """
        X = _check_scale(validate_estimator_data(self, X, reset=True, dtype=np.float64, order="C"))
        K0 = check_scalar(
            "n_clusters",
            self.n_clusters,
            int,
            low=1,
            high=X.shape[0],
            hint=f"(there are {X.shape[0]} samples)",
        )
        min_samples = check_scalar("min_samples", self.min_samples, int, low=1)
        max_std = check_scalar("max_std", self.max_std, float, low=0, closed="neither")
        min_distance = check_scalar("min_distance", self.min_distance, float, low=0)
        max_pairs = check_scalar("max_pairs", self.max_pairs, int, low=1)
        n_iter = check_scalar("n_iter", self.n_iter, int, low=1)
        scale = check_scalar("split_scale", self.split_scale, float, low=0, closed="neither")
        schedule = check_choice("schedule", self.schedule, ("alternate", "note"))
        rng = check_rng(self.random_state, name="random_state", legacy=True)
        C = X[rng.choice(X.shape[0], size=K0, replace=False)].copy()
        history, per_iter = [], []
        for it in range(1, n_iter + 1):
            labels, _ = _nearest(X, C)
            history.append((it, "assign", C.shape[0]))
            counts = np.bincount(labels, minlength=C.shape[0])
            keep = counts >= min_samples
            if not keep.any():  # never discard every cluster: keep the largest
                keep[np.argmax(counts)] = True
            if not keep.all():
                C = C[keep]
                labels, _ = _nearest(X, C)
            history.append((it, "discard", C.shape[0]))
            sums, counts = _cluster_sums(X, labels, C.shape[0])
            filled = counts > 0
            C, sums, counts = C[filled], sums[filled], counts[filled]
            labels = np.cumsum(filled)[labels] - 1
            C = sums / counts[:, None]
            K = C.shape[0]
            if K <= K0 / 2:
                step = "split"
            elif K >= 2 * K0:
                step = "merge"
            elif schedule == "alternate":
                step = "split" if it % 2 == 1 else "merge"
            else:
                step = "none"
            if step == "split":
                C = self._split(X, labels, C, counts, max_std, min_samples, scale)
            elif step == "merge":
                C = self._merge(C, counts, min_distance, max_pairs)
            history.append((it, step, C.shape[0]))
            per_iter.append(C.shape[0])
        labels, d2 = _nearest(X, C)
        sums, counts = _cluster_sums(X, labels, C.shape[0])
        filled = counts > 0
        C = sums[filled] / counts[filled, None]
        labels = np.cumsum(filled)[labels] - 1
        self.cluster_centers_ = C
        self.labels_ = labels
        self.n_clusters_ = C.shape[0]
        self.inertia_ = float(((X - C[labels]) ** 2).sum())
        self.history_ = history
        self.n_clusters_history_ = np.asarray(per_iter)
        return self

    @staticmethod
    def _split(X, labels, C, counts, max_std, min_samples, scale):
        out = []
        for j in range(C.shape[0]):
            members = X[labels == j]
            std = members.std(axis=0)
            f = argmax_tied(std)  # ties within 1e-12 relative: the lowest feature
            if std[f] > max_std and counts[j] >= 2 * min_samples:
                shift = np.zeros(C.shape[1])
                shift[f] = scale * std[f]
                out.extend([C[j] + shift, C[j] - shift])
            else:
                out.append(C[j])
        return np.asarray(out)

    @staticmethod
    def _merge(C, counts, min_distance, max_pairs):
        K = C.shape[0]
        if K < 2:
            return C
        D = squareform(pdist(C))
        iu, ju = np.triu_indices(K, 1)
        d = D[iu, ju]
        order = argsort_tied(d)  # ties within 1e-12 relative: pair order (i, then j)
        used = np.zeros(K, dtype=bool)
        merged = []
        for p in order:
            if d[p] >= min_distance or len(merged) == max_pairs:
                break
            i, j = iu[p], ju[p]
            if used[i] or used[j]:
                continue
            used[i] = used[j] = True
            merged.append((counts[i] * C[i] + counts[j] * C[j]) / (counts[i] + counts[j]))
        if not merged:
            return C
        return np.vstack([C[~used], np.asarray(merged)])

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Index of the nearest final centre for each row of X.

        %(params_X)s

        %(returns_nearest)s
        """
        return _nearest(_new_X(self, X), self.cluster_centers_)[0]


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_init_centers(init, n_clusters: int, n_features: int) -> np.ndarray:
    """Initial centres: a finite real array of shape (n_clusters, n_features), as float64."""
    arr = check_array("init", init, ndim=2, shape_hint="(n_clusters, n_features)")
    if arr.shape != (n_clusters, n_features):
        raise fail(
            "init",
            f"an array of shape (n_clusters, n_features) = ({n_clusters}, {n_features})",
            f"shape {arr.shape}",
            echo=False,
        )
    return _check_scale(arr, "init")
