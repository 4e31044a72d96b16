"""Input checks and their error messages: the one place for both.

Every public function calls the helpers here first and works on their normalised
return values, so its body holds no checks. Each message names the argument, says what
was allowed and echoes what came in.
"""

from __future__ import annotations

import numbers
import operator

import numpy as np

__all__ = [
    "check_binary_labels",
    "check_binary_predictions",
    "check_broadcastable",
    "check_callable",
    "check_categorical_pair",
    "check_choice",
    "check_classifier",
    "check_cluster_data",
    "check_clusterer",
    "check_confidence_level",
    "check_convex_weights",
    "check_counts",
    "check_covariance",
    "check_cv",
    "check_ensemble_predictions",
    "check_feature_weights",
    "check_in_range",
    "check_increasing",
    "check_label_vector",
    "check_labels_pair",
    "check_minkowski_p",
    "check_n_jobs",
    "check_n_splits",
    "check_partitions",
    "check_permutations",
    "check_positive_int",
    "check_positive_int_array",
    "check_positive_real",
    "check_priors",
    "check_proportion",
    "check_real_targets",
    "check_rng",
    "check_same_length",
    "check_scores",
    "check_transformer",
    "check_vector_pair",
    "check_X_y",
    "check_cluster_X",
]


def _show(value, limit: int = 60) -> str:
    """A short echo of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_choice(name: str, value, allowed) -> str:
    """Return ``value`` if it is one of ``allowed``, else raise a ValueError listing them."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, one of {list(allowed)}; got {_show(value)}.")
    if value not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}; got {value!r}.")
    return value


def check_confidence_level(confidence_level) -> float:
    """A confidence level is a real number strictly between 0 and 1."""
    if isinstance(confidence_level, bool) or not isinstance(confidence_level, numbers.Real):
        raise TypeError(
            f"confidence_level must be a real number in (0, 1); got {_show(confidence_level)}."
        )
    level = float(confidence_level)
    if not 0.0 < level < 1.0:
        raise ValueError(
            f"confidence_level must lie strictly between 0 and 1 (e.g. 0.95); got {level!r}."
        )
    return level


def check_positive_int(name: str, value, *, minimum: int = 1) -> int:
    """An integer (Python or numpy, not bool) no smaller than ``minimum``."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer >= {minimum}; got {value!r}.")
    try:
        as_int = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer >= {minimum}; got {_show(value)}.") from None
    if as_int < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {as_int}.")
    return as_int


def _as_integer_array(name: str, value) -> np.ndarray:
    """An array of whole numbers; floats are accepted only if every entry is integral."""
    arr = np.asarray(value)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold integer counts; got {_show(value)}.")
    if arr.dtype.kind == "f":
        if not np.all(np.isfinite(arr)) or np.any(arr != np.round(arr)):
            raise TypeError(f"{name} must hold integer counts; got non-integer {_show(value)}.")
    return arr.astype(np.int64, copy=False)


def check_counts(k, n, *, k_name: str = "k", n_name: str = "n"):
    """Check error counts ``k`` out of ``n`` trials: integers with 0 <= k <= n and n >= 1.

    Returns the two as broadcast int64 arrays (0-d for scalars).
    """
    k_arr = _as_integer_array(k_name, k)
    n_arr = _as_integer_array(n_name, n)
    try:
        k_arr, n_arr = np.broadcast_arrays(k_arr, n_arr)
    except ValueError:
        raise ValueError(
            f"{k_name} and {n_name} must have the same length (or broadcast); "
            f"got shapes {np.shape(k)} and {np.shape(n)}."
        ) from None
    if n_arr.min(initial=1) < 1:
        raise ValueError(f"{n_name} must be >= 1 (a test set needs samples); got {_show(n)}.")
    if k_arr.min(initial=0) < 0:
        raise ValueError(f"{k_name} must be >= 0; got {_show(k)}.")
    if np.any(k_arr > n_arr):
        raise ValueError(f"{k_name} cannot exceed {n_name}; got {k_name}={_show(k)}, {n_name}={_show(n)}.")
    return k_arr, n_arr


def check_proportion(name: str, value, *, open_interval: bool = False) -> np.ndarray:
    """Real numbers in [0, 1] (or (0, 1) if ``open_interval``), as a float array."""
    arr = np.asarray(value)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers in [0, 1]; got {_show(value)}.")
    arr = arr.astype(float)
    bad = ~np.isfinite(arr) | (arr <= 0 if open_interval else arr < 0) | (
        arr >= 1 if open_interval else arr > 1
    )
    if np.any(bad):
        span = "(0, 1)" if open_interval else "[0, 1]"
        raise ValueError(f"{name} must lie in {span}; got {_show(value)}.")
    return arr


def check_priors(priors, *, size: int | None = None, size_name: str = "class_errors") -> np.ndarray:
    """Class priors: a 1-d array of non-negative numbers summing to 1."""
    arr = np.asarray(priors)
    if arr.dtype == bool or arr.dtype.kind not in "iuf" or arr.ndim != 1 or arr.size < 1:
        raise TypeError(f"priors must be a 1-d sequence of class probabilities; got {_show(priors)}.")
    arr = arr.astype(float)
    if np.any(~np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError(f"priors must be non-negative; got {_show(priors)}.")
    if not np.isclose(arr.sum(), 1.0, rtol=0, atol=1e-9):
        raise ValueError(f"priors must sum to 1; got {_show(priors)} (sum {arr.sum():.12g}).")
    if size is not None and arr.size != size:
        raise ValueError(
            f"priors has {arr.size} entries but {size_name} has {size}; give one per class."
        )
    return arr


def check_same_length(first_name: str, first, second_name: str, second) -> None:
    """Two sequences that pair up entry by entry."""
    if len(first) != len(second):
        raise ValueError(
            f"{second_name} has {len(second)} entries but {first_name} has {len(first)}."
        )


def check_labels_pair(y_true, y_pred, *, names=("y_true", "y_pred")):
    """Two 1-d label arrays of equal, non-zero length."""
    arrays = []
    for name, value in zip(names, (y_true, y_pred)):
        if np.isscalar(value) or value is None:
            raise TypeError(f"{name} must be a 1-d array of labels; got {_show(value)}.")
        arr = np.asarray(value)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
        arrays.append(arr)
    check_same_length(names[0], arrays[0], names[1], arrays[1])
    if arrays[0].size == 0:
        raise ValueError(f"{names[0]} and {names[1]} are empty; an error rate needs samples.")
    return arrays[0], arrays[1]


def check_rng(rng) -> np.random.Generator:
    """SPEC 7: None, an int seed or a Generator, always through ``default_rng``."""
    if isinstance(rng, np.random.RandomState):
        raise TypeError(
            "rng must be None, an int seed or a numpy.random.Generator; got a legacy "
            "RandomState (use numpy.random.default_rng(seed))."
        )
    try:
        return np.random.default_rng(rng)
    except (TypeError, ValueError):
        raise TypeError(
            f"rng must be None, an int seed or a numpy.random.Generator; got {_show(rng)}."
        ) from None


def check_classifier(estimator, *, name: str = "estimator"):
    """A scikit-learn-style estimator: an object with ``fit`` and ``predict`` (and ``get_params``
    so that it can be cloned)."""
    missing = [m for m in ("fit", "predict", "get_params") if not callable(getattr(estimator, m, None))]
    if isinstance(estimator, type) or missing:
        what = "a class, not an instance" if isinstance(estimator, type) else f"no {', '.join(missing)}"
        raise TypeError(
            f"{name} must be a scikit-learn-compatible estimator instance with fit, predict and "
            f"get_params (e.g. LogisticRegression()); got {_show(estimator)} ({what})."
        )
    return estimator


def check_X_y(X, y, *, min_classes: int = 2):
    """Feature matrix and labels: X 2-d, finite and numeric; y 1-d of the same length, with
    at least ``min_classes`` distinct labels. Returns numpy arrays."""
    if X is None or np.isscalar(X):
        raise TypeError(f"X must be a 2-d array of shape (n_samples, n_features); got {_show(X)}.")
    X_arr = np.asarray(X)
    if X_arr.ndim != 2:
        raise ValueError(f"X must be 2-d, shape (n_samples, n_features); got an array of shape {X_arr.shape}.")
    if X_arr.dtype == bool or X_arr.dtype.kind not in "iuf":
        raise TypeError(f"X must hold numbers; got dtype {X_arr.dtype}.")
    if not np.all(np.isfinite(X_arr)):
        bad = int(np.count_nonzero(~np.isfinite(X_arr)))
        raise ValueError(f"X holds {bad} NaN or infinite values; impute or drop them first.")
    if y is None or np.isscalar(y):
        raise TypeError(f"y must be a 1-d array of labels; got {_show(y)}.")
    y_arr = np.asarray(y)
    if y_arr.ndim != 1:
        raise ValueError(f"y must be 1-d; got an array of shape {y_arr.shape}.")
    if y_arr.shape[0] != X_arr.shape[0]:
        raise ValueError(f"y has {y_arr.shape[0]} entries but X has {X_arr.shape[0]} rows.")
    n_classes = np.unique(y_arr).size
    if n_classes < min_classes:
        raise ValueError(
            f"y must contain at least {min_classes} classes to estimate an error rate; "
            f"got {n_classes} ({_show(np.unique(y_arr).tolist())})."
        )
    return X_arr, y_arr


def check_n_splits(n_splits, y, *, stratify: bool) -> int:
    """Folds of cross-validation: 2 <= n_splits <= n_samples, and with ``stratify`` no
    class smaller than ``n_splits`` (each fold must see every class)."""
    n_splits = check_positive_int("n_splits", n_splits, minimum=2)
    n = len(y)
    if n_splits > n:
        raise ValueError(f"n_splits must be at most the number of samples ({n}); got {n_splits}.")
    if stratify:
        labels, counts = np.unique(y, return_counts=True)
        smallest = int(np.argmin(counts))
        if counts[smallest] < n_splits:
            raise ValueError(
                f"n_splits={n_splits} is more than the {counts[smallest]} samples of class "
                f"{labels[smallest].item()!r}; with stratify=True every class needs at least n_splits "
                f"samples (use fewer folds or stratify=False)."
            )
    return n_splits


def check_n_jobs(n_jobs):
    """joblib's convention: None (one job), a positive count, or negative (all cores + 1 + n_jobs)."""
    if n_jobs is None:
        return None
    if isinstance(n_jobs, bool):
        raise TypeError(f"n_jobs must be None or a non-zero integer; got {n_jobs!r}.")
    try:
        value = operator.index(n_jobs)
    except TypeError:
        raise TypeError(f"n_jobs must be None or a non-zero integer; got {_show(n_jobs)}.") from None
    if value == 0:
        raise ValueError("n_jobs must be None or a non-zero integer; got 0.")
    return value


def check_transformer(transformer, *, name: str = "selector"):
    """A scikit-learn-style feature selector or extractor: an instance with ``fit``,
    ``transform`` and ``get_params`` (so that it can be cloned into every fold)."""
    missing = [m for m in ("fit", "transform", "get_params") if not callable(getattr(transformer, m, None))]
    if isinstance(transformer, type) or missing:
        what = "a class, not an instance" if isinstance(transformer, type) else f"no {', '.join(missing)}"
        raise TypeError(
            f"{name} must be a scikit-learn-compatible transformer instance with fit, transform "
            f"and get_params (e.g. SelectKBest(f_classif, k=10)); got {_show(transformer)} ({what})."
        )
    return transformer


def check_cv(cv, y):
    """``cv`` for a permutation test: an int number of stratified folds (checked as
    :func:`check_n_splits` with ``stratify=True``) or a scikit-learn splitter, i.e. an object
    with ``split`` and ``get_n_splits``. Returns the int or the splitter."""
    if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
        return check_n_splits(cv, y, stratify=True)
    if isinstance(cv, type) or not all(callable(getattr(cv, m, None)) for m in ("split", "get_n_splits")):
        raise TypeError(
            f"cv must be an int number of folds (>= 2) or a scikit-learn splitter instance with "
            f"split and get_n_splits (e.g. StratifiedKFold(5)); got {_show(cv)}."
        )
    return cv


def check_permutations(permutations, *, n_samples: int, n_resamples: int) -> np.ndarray:
    """Explicit label permutations: an integer array of shape (n_resamples, n_samples) whose
    every row is a permutation of ``0 .. n_samples - 1``."""
    arr = np.asarray(permutations)
    if arr.dtype == bool or arr.dtype.kind not in "iu":
        raise TypeError(f"permutations must be an integer array of row indices; got dtype {arr.dtype}.")
    if arr.ndim != 2 or arr.shape[1] != n_samples:
        raise ValueError(
            f"permutations must have shape (n_resamples, {n_samples}), one row per permutation; "
            f"got shape {arr.shape}."
        )
    if arr.shape[0] != n_resamples:
        raise ValueError(
            f"permutations has {arr.shape[0]} rows but n_resamples is {n_resamples}; "
            f"pass n_resamples={arr.shape[0]}."
        )
    if not np.array_equal(np.sort(arr, axis=1), np.broadcast_to(np.arange(n_samples), arr.shape)):
        raise ValueError(f"every row of permutations must be a permutation of 0..{n_samples - 1}.")
    return arr.astype(np.intp, copy=False)


def check_positive_real(name: str, value) -> float:
    """A finite real number (not bool) strictly greater than 0, e.g. an SVM's C."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a positive real number; got {_show(value)}.")
    as_float = float(value)
    if not (np.isfinite(as_float) and as_float > 0):
        raise ValueError(f"{name} must be a finite number > 0; got {as_float!r}.")
    return as_float


def check_binary_labels(y, *, name: str = "y") -> np.ndarray:
    """Exactly two distinct labels (any hashable values); returns y coded as 0/1 in the
    order of ``np.unique`` (the second label becomes 1)."""
    labels, codes = np.unique(y, return_inverse=True)
    if labels.size != 2:
        raise ValueError(
            f"{name} must contain exactly two classes for a binary SVM; got {labels.size} "
            f"({_show(labels.tolist())}). Reduce the problem to two classes (one vs rest) first."
        )
    return codes.reshape(-1)


def check_callable(name: str, value):
    """A function (or any callable object), such as a data sampler."""
    if not callable(value):
        raise TypeError(f"{name} must be callable; got {_show(value)}.")
    return value


def check_increasing(name: str, values, *, integer: bool = False, minimum=None, maximum=None,
                     maximum_name: str | None = None) -> np.ndarray:
    """A grid of values to compute over: a non-empty, strictly increasing 1-d sequence of
    finite numbers (whole numbers if ``integer``), each ``>= minimum`` and ``<= maximum``
    when those are given. Returns a float array, or an int64 array if ``integer``."""
    kind = "integers" if integer else "real numbers"
    arr = np.asarray(values)
    if arr.dtype == bool or arr.dtype.kind not in "iuf" or arr.ndim != 1:
        raise TypeError(f"{name} must be a 1-d sequence of {kind}; got {_show(values)}.")
    if arr.size == 0:
        raise ValueError(f"{name} must hold at least one value; got an empty sequence.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must hold finite numbers; got {_show(values)}.")
    if integer:
        if np.any(arr != np.round(arr)):
            raise TypeError(f"{name} must hold integers; got {_show(values)}.")
        arr = arr.astype(np.int64)
    else:
        arr = arr.astype(float)
    if np.any(np.diff(arr) <= 0):
        raise ValueError(f"{name} must be strictly increasing (each value once); got {_show(arr.tolist())}.")
    if minimum is not None and arr[0] < minimum:
        raise ValueError(f"{name} must hold values >= {minimum}; got {_show(arr.tolist())}.")
    if maximum is not None and arr[-1] > maximum:
        bound = f"{maximum_name} = {maximum}" if maximum_name else f"{maximum}"
        raise ValueError(f"{name} must hold values <= {bound}; got {_show(arr.tolist())}.")
    return arr


# --- distances (issue 4, patterneval.distance) ------------------------------------------


def _as_real_array(name: str, value) -> np.ndarray:
    """A float array of numbers (bool, int or float dtype), checked finite."""
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers; got {_show(value)}.")
    arr = np.asarray(value)
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold numbers; got dtype {arr.dtype} ({_show(value)}).")
    arr = arr.astype(float)
    if not np.all(np.isfinite(arr)):
        bad = int(np.count_nonzero(~np.isfinite(arr)))
        raise ValueError(f"{name} holds {bad} NaN or infinite values; a distance needs finite coordinates.")
    return arr


def check_vector_pair(x, y, *, names=("x", "y")):
    """Two vectors of the same length (1-d), or rows of vectors (2-d, shape (n, d)) to be
    paired row by row; a 1-d vector pairs with every row of a 2-d array. Returns the two
    float arrays and whether the result is one value per row."""
    arrays = []
    for name, value in zip(names, (x, y)):
        arr = _as_real_array(name, value)
        if arr.ndim not in (1, 2):
            raise ValueError(f"{name} must be a 1-d vector or a 2-d array of row vectors; got shape {arr.shape}.")
        if arr.shape[-1] == 0:
            raise ValueError(f"{name} is empty; a distance needs at least one coordinate.")
        arrays.append(arr)
    a, b = arrays
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(
            f"{names[1]} has {b.shape[-1]} coordinates but {names[0]} has {a.shape[-1]}; "
            f"vectors must have the same length."
        )
    if a.ndim == 2 and b.ndim == 2 and a.shape[0] != b.shape[0]:
        raise ValueError(
            f"{names[1]} has {b.shape[0]} rows but {names[0]} has {a.shape[0]}; rows are paired "
            f"one to one (pass a single 1-d vector to compare it with every row)."
        )
    return a, b, (a.ndim == 2 or b.ndim == 2)


def check_minkowski_p(p, *, name: str = "p") -> float:
    """The order of a Minkowski distance: a real number > 0, or ``numpy.inf``."""
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"{name} must be a real number > 0 (or numpy.inf); got {_show(p)}.")
    value = float(p)
    if np.isnan(value) or value <= 0:
        raise ValueError(f"{name} must be > 0 (p = 1 Manhattan, 2 Euclidean, inf Chebyshev); got {value!r}.")
    return value


def check_feature_weights(w, n_features: int, *, name: str = "w") -> np.ndarray:
    """Attribute weights: ``n_features`` finite numbers >= 0, at least one of them > 0."""
    arr = _as_real_array(name, w)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a 1-d array of one weight per attribute; got shape {arr.shape}.")
    if arr.size != n_features:
        raise ValueError(f"{name} has {arr.size} weights but the vectors have {n_features} attributes.")
    if np.any(arr < 0):
        raise ValueError(f"{name} must be non-negative; got {_show(arr.tolist())}.")
    if not np.any(arr > 0):
        raise ValueError(f"{name} must have at least one positive weight; got all zeros.")
    return arr


def check_covariance(cov, n_features: int, *, name: str = "cov") -> np.ndarray:
    """A covariance matrix for a Mahalanobis distance: (d, d), finite, symmetric and
    positive definite (the distance uses its inverse). A singular or indefinite matrix gets
    an error that suggests regularising it."""
    arr = _as_real_array(name, cov)
    if arr.ndim == 0 and n_features == 1:
        arr = arr.reshape(1, 1)
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise ValueError(f"{name} must be a square 2-d matrix; got shape {arr.shape}.")
    if arr.shape[0] != n_features:
        raise ValueError(f"{name} is {arr.shape[0]} x {arr.shape[1]} but the vectors have {n_features} coordinates.")
    scale = np.max(np.abs(arr))
    if not np.allclose(arr, arr.T, rtol=1e-10, atol=1e-12 * scale):
        raise ValueError(f"{name} must be symmetric; its largest asymmetry is {np.max(np.abs(arr - arr.T)):.3g}.")
    eig = np.linalg.eigvalsh(arr)
    tol = n_features * np.finfo(float).eps * max(abs(eig[-1]), abs(eig[0]))
    if eig[0] <= tol:
        what = "not positive definite" if eig[0] < -tol else "singular"
        raise ValueError(
            f"{name} is {what} (eigenvalues from {eig[0]:.3g} to {eig[-1]:.3g}), so it has no "
            f"inverse; regularise it, e.g. cov + lam * numpy.eye({n_features}) with a small "
            f"lam > 0, or remove collinear attributes."
        )
    return (arr + arr.T) / 2


def check_categorical_pair(values, labels, *, names=("values", "labels")):
    """One categorical attribute and the class labels: two 1-d arrays of hashable values,
    of equal non-zero length, without NaN (NaN is not equal to itself, so it cannot be a
    category: encode missing values as their own category first)."""
    arrays = []
    for name, value in zip(names, (values, labels)):
        if value is None or np.isscalar(value):
            raise TypeError(f"{name} must be a 1-d array of categories; got {_show(value)}.")
        arr = np.asarray(value)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
        if arr.dtype.kind == "f" and np.any(np.isnan(arr)):
            raise ValueError(f"{name} holds NaN; encode missing values as a category of their own.")
        if arr.dtype.kind == "O" and any(isinstance(v, float) and v != v for v in arr):
            raise ValueError(f"{name} holds NaN; encode missing values as a category of their own.")
        arrays.append(arr)
    check_same_length(names[0], arrays[0], names[1], arrays[1])
    if arrays[0].size == 0:
        raise ValueError(f"{names[0]} and {names[1]} are empty; VDM needs samples.")
    return arrays[0], arrays[1]


def check_partitions(labels_true, labels_pred, *, names=("labels_true", "labels_pred")):
    """Two partitions of the same samples: 1-d label arrays (any hashable labels) of equal,
    non-zero length, without NaN. Float labels are allowed but warn (they are compared
    exactly, so 0.1 + 0.2 and 0.3 are different clusters). Returns the two numpy arrays."""
    import warnings

    arrays = []
    for name, value in zip(names, (labels_true, labels_pred)):
        if value is None or np.isscalar(value):
            raise TypeError(f"{name} must be a 1-d array of cluster labels; got {_show(value)}.")
        arr = np.asarray(value)
        if arr.ndim != 1:
            raise ValueError(
                f"{name} must be 1-d (one label per sample); got an array of shape {arr.shape}. "
                f"Use .ravel() if it is a column vector."
            )
        if arr.dtype.kind in "fc" and arr.size:
            if np.any(np.isnan(arr)):
                raise ValueError(f"{name} holds NaN labels; every sample needs a cluster label.")
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


# --- clustering, internal indices (issue 4) ---------------------------------------------


def check_cluster_X(X, *, name: str = "X") -> np.ndarray:
    """A data matrix for clustering: 2-d, numeric, finite, at least two samples.
    Returns a C-contiguous float64 copy-or-view."""
    if X is None or np.isscalar(X):
        raise TypeError(f"{name} must be a 2-d array (n_samples, n_features); got {_show(X)}.")
    arr = np.asarray(X)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers; got dtype {arr.dtype}.")
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be 2-d (n_samples, n_features); got an array of shape {arr.shape}"
            + (" (use X.reshape(-1, 1) for one feature)." if arr.ndim == 1 else ".")
        )
    if arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape}); a clustering index needs samples.")
    if arr.shape[0] < 2:
        raise ValueError(f"{name} has one sample; a clustering index needs at least two.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values; remove or impute them first.")
    return np.ascontiguousarray(arr, dtype=np.float64)


def check_cluster_data(X, labels, *, min_clusters: int = 1, max_clusters=None):
    """``X`` (see :func:`check_cluster_X`) and one cluster label per row (any hashable
    values, 1-d). Returns ``(X, codes, n_clusters)`` with codes in 0..n_clusters-1.
    ``max_clusters="n-1"`` rejects a partition into singletons."""
    X = check_cluster_X(X)
    if labels is None or np.isscalar(labels):
        raise TypeError(f"labels must be a 1-d array of cluster labels; got {_show(labels)}.")
    lab = np.asarray(labels)
    if lab.ndim != 1:
        raise ValueError(f"labels must be 1-d; got an array of shape {lab.shape}.")
    if lab.shape[0] != X.shape[0]:
        raise ValueError(f"labels has {lab.shape[0]} entries but X has {X.shape[0]} rows.")
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


def check_scores(scores, maximize):
    """A (n_methods, n_indices) table of finite scores and the direction of each column.
    Returns the table as float64 and +1/-1 per column (+1: larger is better)."""
    arr = np.asarray(scores)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"scores must be a 2-d table of real numbers; got {_show(scores)}.")
    if arr.ndim != 2:
        raise ValueError(
            f"scores must be 2-d (one row per clustering, one column per index); got shape "
            f"{arr.shape}."
        )
    if arr.size == 0:
        raise ValueError(f"scores is empty (shape {arr.shape}).")
    if not np.all(np.isfinite(arr)):
        raise ValueError("scores contains NaN or infinite values.")
    flags = np.asarray(maximize)
    if flags.dtype != bool:
        raise TypeError(f"maximize must be a bool or a sequence of bools; got {_show(maximize)}.")
    if flags.ndim == 0:
        flags = np.full(arr.shape[1], bool(flags))
    if flags.shape != (arr.shape[1],):
        raise ValueError(
            f"maximize has {flags.size} entries but scores has {arr.shape[1]} columns."
        )
    return arr.astype(np.float64), np.where(flags, 1.0, -1.0)


def check_clusterer(clusterer, *, name: str = "clusterer"):
    """A scikit-learn clusterer instance with an ``n_clusters`` parameter and ``fit``."""
    params = getattr(clusterer, "get_params", None)
    if isinstance(clusterer, type) or not callable(params) or not callable(
            getattr(clusterer, "fit", None)):
        raise TypeError(
            f"{name} must be a scikit-learn clusterer instance with fit and get_params "
            f"(e.g. KMeans(n_init=10)); got {_show(clusterer)}."
        )
    if "n_clusters" not in params():
        raise ValueError(
            f"{name} must have an n_clusters parameter (KMeans, AgglomerativeClustering, "
            f"SpectralClustering, ...); {type(clusterer).__name__} has none."
        )
    return clusterer




# --- ensemble diversity (issue 5) -------------------------------------------------------


def check_label_vector(name: str, value, *, n=None, n_name: str = "h1") -> np.ndarray:
    """One 1-d, non-empty array of class labels (any hashable values, no NaN), of length
    ``n`` when given (``n_name`` is named in the mismatch message)."""
    if value is None or np.isscalar(value):
        raise TypeError(f"{name} must be a 1-d array of predicted labels; got {_show(value)}.")
    arr = np.asarray(value)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-d (one label per sample); got an array of shape {arr.shape}.")
    if arr.size == 0:
        raise ValueError(f"{name} is empty; a diversity measure needs samples.")
    if arr.dtype.kind in "fc" and np.any(np.isnan(arr)):
        raise ValueError(f"{name} holds NaN; every sample needs a predicted label.")
    if n is not None and arr.shape[0] != n:
        raise ValueError(f"{name} has {arr.shape[0]} entries but {n_name} has {n}.")
    return arr


def check_binary_predictions(name: str, value) -> np.ndarray:
    """Binary predictions coded +1/-1 (note 004), 0/1 or bool: returns a bool array that is
    True where the prediction is the positive class (+1, 1 or True)."""
    arr = np.asarray(value)
    if arr.dtype == bool:
        return arr
    if arr.dtype.kind not in "iuf":
        raise TypeError(
            f"{name} must hold binary predictions coded +1/-1 (or 0/1); got dtype {arr.dtype}. "
            f"Pass y to compare correctness instead, or recode the labels."
        )
    values = set(np.unique(arr).tolist())
    if not (values <= {-1, 1} or values <= {0, 1}):
        raise ValueError(
            f"{name} must hold binary predictions coded +1/-1 (or 0/1); got values "
            f"{_show(sorted(values))}. For more than two classes pass y (the oracle table)."
        )
    return arr == 1


def check_ensemble_predictions(predictions, *, name: str = "predictions", real: bool = False,
                               min_members: int = 2) -> np.ndarray:
    """Member outputs of an ensemble: a 2-d array (n_classifiers, n_samples) with at least
    ``min_members`` rows and one column; finite reals if ``real`` (regression)."""
    if predictions is None or np.isscalar(predictions):
        raise TypeError(f"{name} must be a 2-d array (n_members, n_samples); got {_show(predictions)}.")
    arr = np.asarray(predictions)
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be 2-d, one row per ensemble member (n_members, n_samples); got an "
            f"array of shape {arr.shape}."
        )
    if arr.shape[0] < min_members:
        raise ValueError(f"{name} must have at least {min_members} rows (members); got {arr.shape[0]}.")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has no samples (shape {arr.shape}).")
    if real:
        if arr.dtype == bool or arr.dtype.kind not in "iuf":
            raise TypeError(f"{name} must hold real-valued regression outputs; got dtype {arr.dtype}.")
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"{name} contains NaN or infinite values.")
        return arr.astype(np.float64)
    if arr.dtype.kind in "fc" and np.any(np.isnan(arr)):
        raise ValueError(f"{name} holds NaN; every member needs a prediction for every sample.")
    return arr


def check_real_targets(y, n_samples: int, *, name: str = "y", n_name: str = "predictions") -> np.ndarray:
    """Regression targets: a finite 1-d float array with one entry per sample."""
    if y is None or np.isscalar(y):
        raise TypeError(f"{name} must be a 1-d array of real targets; got {_show(y)}.")
    arr = np.asarray(y)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers; got dtype {arr.dtype}.")
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
    if arr.shape[0] != n_samples:
        raise ValueError(f"{name} has {arr.shape[0]} entries but {n_name} has {n_samples} samples (columns).")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values.")
    return arr.astype(np.float64)


def check_convex_weights(weights, size: int, *, name: str = "weights", size_name: str = "predictions"):
    """Combination weights of an ensemble: ``size`` finite numbers >= 0 summing to 1
    (within 1e-9). ``None`` means equal weights 1/size."""
    if weights is None:
        return np.full(size, 1.0 / size)
    arr = np.asarray(weights)
    if arr.dtype == bool or arr.dtype.kind not in "iuf" or arr.ndim != 1:
        raise TypeError(f"{name} must be a 1-d sequence of real numbers; got {_show(weights)}.")
    if arr.size != size:
        raise ValueError(f"{name} has {arr.size} entries but {size_name} has {size} members (rows).")
    arr = arr.astype(float)
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError(f"{name} must be finite and non-negative; got {_show(weights)}.")
    if not np.isclose(arr.sum(), 1.0, rtol=0, atol=1e-9):
        raise ValueError(
            f"{name} must sum to 1 (a convex combination); got sum {arr.sum():.12g}. "
            f"Divide by the sum first."
        )
    return arr


# --- ensembles (issue 5, patterneval.ensemble.bounds) -----------------------------------


def check_positive_int_array(name: str, value, *, minimum: int = 1) -> np.ndarray:
    """Whole numbers (a scalar or an array; not bool) each ``>= minimum``, as int64.

    Floats are accepted only if every entry is integral (``5.0`` but not ``5.5``)."""
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an integer >= {minimum} (or an array of them); got {_show(value)}.")
    arr = np.asarray(value)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must be an integer >= {minimum} (or an array of them); got {_show(value)}.")
    if arr.dtype.kind == "f" and (not np.all(np.isfinite(arr)) or np.any(arr != np.round(arr))):
        raise TypeError(f"{name} must hold whole numbers; got {_show(value)}.")
    arr = arr.astype(np.int64)
    if arr.size and arr.min() < minimum:
        raise ValueError(f"{name} must be >= {minimum}; got {_show(value)}.")
    return arr


def check_broadcastable(**arrays) -> list:
    """Broadcast the named arrays together; a shape clash names every argument and shape."""
    try:
        return list(np.broadcast_arrays(*arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{name} {np.shape(a)}" for name, a in arrays.items())
        raise ValueError(f"{' and '.join(arrays)} must broadcast to one shape; got shapes {shapes}.") from None


def check_in_range(name: str, value, low: float, high: float) -> float:
    """A finite real number in the closed interval [low, high]."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number in [{low:g}, {high:g}]; got {_show(value)}.")
    value = float(value)
    if not (np.isfinite(value) and low <= value <= high):
        raise ValueError(f"{name} must lie in [{low:g}, {high:g}]; got {value!r}.")
    return value
