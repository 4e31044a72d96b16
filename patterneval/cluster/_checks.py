"""Input checks shared by the modules of ``patterneval.cluster``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations


import numpy as np

from .._validation import _real_matrix, check_no_nan_labels, show


def check_partitions(labels_true, labels_pred, *, names=("labels_true", "labels_pred")):
    """Two partitions of the same samples: 1-d label arrays (any hashable labels) of equal,
    non-zero length, without NaN. Float labels are allowed but warn (they are compared
    exactly, so 0.1 + 0.2 and 0.3 are different clusters). Returns the two numpy arrays."""
    import warnings

    arrays = []
    for name, value in zip(names, (labels_true, labels_pred)):
        if value is None or np.isscalar(value):
            raise TypeError(f"{name} must be a 1-d array of cluster labels; got {show(value)}.")
        arr = np.asarray(value)
        if arr.ndim != 1:
            raise ValueError(
                f"{name} must be 1-d (one label per sample); got an array of shape {arr.shape}. "
                f"Use .ravel() if it is a column vector."
            )
        check_no_nan_labels(name, arr, raw=value)
        if arr.dtype.kind in "fc" and arr.size:
            warnings.warn(
                f"{name} holds floating-point labels; they are compared exactly (0.1 + 0.2 and "
                f"0.3 are different clusters). Pass integer or string labels.",
                UserWarning,
                stacklevel=3,
            )
        arrays.append(arr)
    if arrays[0].shape[0] != arrays[1].shape[0]:
        raise ValueError(
            f"{names[1]} has {arrays[1].shape[0]} entries but {names[0]} has {arrays[0].shape[0]}; "
            f"both must label the same samples."
        )
    if arrays[0].shape[0] == 0:
        raise ValueError(f"{names[0]} and {names[1]} are empty; comparing partitions needs samples.")
    return arrays[0], arrays[1]


def check_cluster_X(X, *, name: str = "X") -> np.ndarray:
    """A data matrix for clustering: 2-d, numeric, finite, at least two samples.
    Returns a C-contiguous float64 copy-or-view."""
    arr = _real_matrix(name, X, empty_hint="; a clustering index needs samples",
                       min_rows=2,
                       too_few=f"{name} has one sample; a clustering index needs at least two.")
    return np.ascontiguousarray(arr, dtype=np.float64)


def check_cluster_data(X, labels, *, min_clusters: int = 1, max_clusters=None):
    """``X`` (see :func:`check_cluster_X`) and one cluster label per row (any hashable
    values, 1-d). Returns ``(X, codes, n_clusters)`` with codes in 0..n_clusters-1.
    ``max_clusters="n-1"`` rejects a partition into singletons."""
    X = check_cluster_X(X)
    if labels is None or np.isscalar(labels):
        raise TypeError(f"labels must be a 1-d array of cluster labels; got {show(labels)}.")
    lab = np.asarray(labels)
    if lab.ndim != 1:
        raise ValueError(f"labels must be 1-d; got an array of shape {lab.shape}.")
    if lab.shape[0] != X.shape[0]:
        raise ValueError(f"labels has {lab.shape[0]} entries but X has {X.shape[0]} rows.")
    check_no_nan_labels("labels", lab, raw=labels)
    try:
        _, codes = np.unique(lab, return_inverse=True)
    except TypeError:
        codes = np.unique([repr(v) for v in lab.tolist()], return_inverse=True)[1]
    codes = codes.reshape(-1).astype(np.intp)
    k = int(codes.max()) + 1
    if k < min_clusters:
        raise ValueError(
            f"labels must hold at least {min_clusters} clusters for this index; got {k}."
        )
    if max_clusters == "n-1" and k >= X.shape[0]:
        raise ValueError(
            f"labels puts each of the {X.shape[0]} samples in its own cluster; this index "
            f"needs between 2 and n_samples - 1 = {X.shape[0] - 1} clusters."
        )
    return X, codes, k


def check_clusterer(clusterer, *, name: str = "clusterer", n_clusters: bool = True):
    """A scikit-learn clusterer instance with ``fit`` and, if ``n_clusters`` (the default),
    an ``n_clusters`` parameter (methods that set the number of clusters need it)."""
    params = getattr(clusterer, "get_params", None)
    if isinstance(clusterer, type) or not callable(params) or not callable(
            getattr(clusterer, "fit", None)):
        raise TypeError(
            f"{name} must be a scikit-learn clusterer instance with fit and get_params "
            f"(e.g. KMeans(n_init=10)); got {show(clusterer)}."
        )
    if n_clusters and "n_clusters" not in params():
        raise ValueError(
            f"{name} must have an n_clusters parameter (KMeans, AgglomerativeClustering, "
            f"SpectralClustering, ...); {type(clusterer).__name__} has none."
        )
    return clusterer
