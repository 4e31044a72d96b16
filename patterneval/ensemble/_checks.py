"""Input checks shared by the modules of ``patterneval.ensemble``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations


import numpy as np

from .._validation import show


def check_convex_weights(weights, size: int, *, name: str = "weights", size_name: str = "predictions"):
    """Combination weights of an ensemble: ``size`` finite numbers >= 0 summing to 1
    (within 1e-9). ``None`` means equal weights 1/size."""
    if weights is None:
        return np.full(size, 1.0 / size)
    arr = np.asarray(weights)
    if arr.dtype == bool or arr.dtype.kind not in "iuf" or arr.ndim != 1:
        raise TypeError(f"{name} must be a 1-d sequence of real numbers; got {show(weights)}.")
    if arr.size != size:
        raise ValueError(f"{name} has {arr.size} entries but {size_name} has {size} members (rows).")
    arr = arr.astype(float)
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError(f"{name} must be finite and non-negative; got {show(weights)}.")
    if not np.isclose(arr.sum(), 1.0, rtol=0, atol=1e-9):
        raise ValueError(
            f"{name} must sum to 1 (a convex combination); got sum {arr.sum():.12g}. "
            f"Divide by the sum first."
        )
    return arr


def check_positive_int_array(name: str, value, *, minimum: int = 1) -> np.ndarray:
    """Whole numbers (a scalar or an array; not bool) each ``>= minimum``, as int64.

    Floats are accepted only if every entry is integral (``5.0`` but not ``5.5``)."""
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an integer >= {minimum} (or an array of them); got {show(value)}.")
    arr = np.asarray(value)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must be an integer >= {minimum} (or an array of them); got {show(value)}.")
    if arr.dtype.kind == "f" and (not np.all(np.isfinite(arr)) or np.any(arr != np.round(arr))):
        raise TypeError(f"{name} must hold whole numbers; got {show(value)}.")
    arr = arr.astype(np.int64)
    if arr.size and arr.min() < minimum:
        raise ValueError(f"{name} must be >= {minimum}; got {show(value)}.")
    return arr


def check_dense(X, *, name: str = "X"):
    """Reject scipy sparse matrices and arrays (densify them first if they fit in memory)."""
    import scipy.sparse

    if scipy.sparse.issparse(X):
        raise TypeError(
            f"{name} is a sparse {type(X).__name__}; sparse input is not supported here. "
            f"Use {name}.toarray() if it fits in memory."
        )
    return X
