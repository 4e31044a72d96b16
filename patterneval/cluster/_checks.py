"""Input checks shared by the modules of ``patterneval.cluster``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations

import numpy as np

from .._validation import check_array, check_estimator, check_labels, fail


def check_partitions(labels_true, labels_pred, *, names=("labels_true", "labels_pred")):
    """Two partitions of the same samples: 1-d arrays of cluster labels of equal, non-zero
    length, under the one rule for labels of :func:`~patterneval._validation.check_labels`
    (integers, strings, integral floats or other hashable ids; no NaN, no infinite or
    non-integral numbers, no mix of strings and numbers). Returns the two numpy arrays."""
    first = check_labels(names[0], labels_true, min_size=1, kind="cluster")
    second = check_labels(names[1], labels_pred, n=first.size, n_name=names[0], kind="cluster")
    return first, second


def check_cluster_X(X, *, name: str = "X") -> np.ndarray:
    """A data matrix for clustering: 2-d, real, finite, at least two samples.
    Returns a C-contiguous float64 array."""
    arr = check_array(name, X, ndim=2, min_rows=2, shape_hint="(n_samples, n_features)")
    return np.ascontiguousarray(arr)


def _small_int_codes(lab):
    """``np.unique(lab, return_inverse=True)[1]`` for integer labels spanning at most a few
    times their number of values, by a table of the values present instead of a sort (the
    same codes: the rank of each label among the distinct ones); None for other labels."""
    if lab.dtype.kind not in "iu" or lab.size == 0:
        return None
    low = lab.min()
    span = int(lab.max()) - int(low)
    if span > 4 * lab.size + 1024:
        return None
    wide = np.int64 if lab.dtype.kind == "i" else np.uint64  # no wrap-around in lab - low
    shifted = (lab.astype(wide, copy=False) - wide(low)).astype(np.intp, copy=False)
    rank = np.cumsum(np.bincount(shifted, minlength=span + 1) > 0) - 1
    return rank[shifted]


def check_cluster_data(X, labels, *, min_clusters: int = 1, max_clusters=None):
    """``X`` (see :func:`check_cluster_X`) and one cluster label per row (1-d, under the
    rule of :func:`~patterneval._validation.check_labels`, as for the external indices).
    Returns ``(X, codes, n_clusters)`` with codes in 0..n_clusters-1.
    ``max_clusters="n-1"`` rejects a partition into singletons."""
    X = check_cluster_X(X)
    n = X.shape[0]
    lab = check_labels("labels", labels, n=n, n_name="X", kind="cluster")
    codes = _small_int_codes(lab)
    if codes is None:
        try:
            _, codes = np.unique(lab, return_inverse=True)
        except TypeError:  # ids numpy cannot sort (e.g. tuples among numbers): by their repr
            codes = np.unique([repr(v) for v in lab.tolist()], return_inverse=True)[1]
    codes = codes.reshape(-1).astype(np.intp, copy=False)
    k = int(codes.max()) + 1
    if k < min_clusters:
        raise fail(
            "labels",
            f"a partition into at least {min_clusters} clusters for this index",
            f"{k} cluster{'s' if k != 1 else ''}",
            echo=False,
        )
    if max_clusters == "n-1" and k >= n:
        raise fail(
            "labels",
            f"a partition into 2 to n_samples - 1 = {n - 1} clusters for this index",
            f"each of the {n} samples in its own cluster",
            echo=False,
        )
    return X, codes, k


def check_clusterer(clusterer, *, name: str = "clusterer", n_clusters: bool = True):
    """A scikit-learn clusterer instance with ``fit`` and, if ``n_clusters`` (the default),
    an ``n_clusters`` parameter (methods that set the number of clusters need it)."""
    check_estimator(
        name,
        clusterer,
        methods=("fit", "get_params"),
        example="KMeans(n_init=10)",
        role="clusterer",
    )
    if n_clusters and "n_clusters" not in clusterer.get_params():
        raise fail(
            name,
            "a clusterer with an n_clusters parameter (KMeans, "
            "AgglomerativeClustering, SpectralClustering, ...)",
            f"{type(clusterer).__name__}, which has none",
            echo=False,
        )
    return clusterer
