"""Transitional (issue 13): checks not yet rewritten in the vocabulary of _validation.

Every public function calls the helpers here first and works on their normalised
return values, so its body holds no checks. Each message names the argument, says what
was allowed and echoes what came in.
"""

from __future__ import annotations

import numbers
import operator
import re

import numpy as np

__all__ = [
    "check_bool",
    "check_callable",
    "check_choice",
    "check_classification_target",
    "check_classifier",
    "check_confidence_level",
    "check_covariance",
    "check_cv",
    "check_estimator_data",
    "check_in_range",
    "check_increasing",
    "check_labels_pair",
    "check_max_features",
    "check_n_jobs",
    "check_n_splits",
    "check_no_nan_labels",
    "check_nonnegative_real",
    "check_numeric_array",
    "check_positive_int",
    "check_positive_real",
    "check_proportion",
    "check_random_state",
    "check_real",
    "check_real_vector",
    "check_resampling_X_y",
    "check_rng",
    "check_same_length",
    "check_tree_max_features",
    "check_X_y",
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


def check_same_length(first_name: str, first, second_name: str, second) -> None:
    """Two sequences that pair up entry by entry."""
    if len(first) != len(second):
        raise ValueError(
            f"{second_name} has {len(second)} entries but {first_name} has {len(first)}."
        )


def check_bool(name: str, value) -> bool:
    """An on/off option: exactly ``True`` or ``False`` (a Python or numpy bool).

    Truthy stand-ins (``"no"``, ``1``, ``None``, ``[]``) are rejected, so that
    ``inside="no"`` cannot silently mean ``True``."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be True or False; got {_show(value)}.")


def _is_nan(value) -> bool:
    return isinstance(value, (float, complex, np.floating, np.complexfloating)) and value != value


def check_no_nan_labels(name: str, labels, *, raw=None) -> np.ndarray:
    """Class or cluster labels without NaN: the one check (and message) for every
    function that takes labels. NaN is not equal to itself, so counting it as a class
    would make every NaN sample a class of its own (or, after ``np.unique``, one class
    of all of them) depending on the code path. ``raw`` is the argument as given, when
    ``labels`` is its array: a list mixing NaN and strings becomes a string array in
    which NaN is the string 'nan'. Returns ``np.asarray(labels)``."""
    arr = np.asarray(labels)
    source = labels if raw is None else raw
    if arr.dtype.kind in "US" and not isinstance(source, np.ndarray):
        try:
            arr_obj = np.asarray(source, dtype=object)
        except ValueError:
            arr_obj = None
        if arr_obj is not None and any(_is_nan(v) for v in arr_obj.ravel().tolist()):
            n_bad = sum(1 for v in arr_obj.ravel().tolist() if _is_nan(v))
            raise ValueError(
                f"{name} holds NaN labels ({n_bad} of {arr.size}); every sample needs a label, and "
                f"NaN cannot be a class or a cluster. Encode missing values as a label of their own."
            )
    if arr.dtype.kind in "fc":
        n_bad = int(np.count_nonzero(np.isnan(arr)))
    elif arr.dtype.kind == "O":
        n_bad = sum(1 for v in arr.ravel().tolist() if _is_nan(v))
    else:
        n_bad = 0
    if n_bad:
        raise ValueError(
            f"{name} holds NaN labels ({n_bad} of {arr.size}); every sample needs a label, and "
            f"NaN cannot be a class or a cluster. Encode missing values as a label of their own."
        )
    return arr


def check_real(name: str, value) -> float:
    """A finite real number (Python or numpy; not bool, not a string that looks like one)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number; got {_show(value)}.")
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite; got {value!r}.")
    return value


def check_numeric_array(name: str, value, *, finite: bool = True, allow_nan: bool = False,
                        allow_bool: bool = True) -> np.ndarray:
    """Convert an array argument to float64, naming it when that fails: strings, objects
    that are not numbers and ragged nesting get a TypeError or ValueError that names
    ``name`` (never numpy's "could not convert string to float"); with ``finite``
    infinities and (unless ``allow_nan``, for "missing") NaN are rejected too. Shape
    checks are left to the caller."""
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers; got {_show(value)}.")
    try:
        arr = np.asarray(value)
    except ValueError:
        raise ValueError(f"{name} must be a rectangular array of numbers (rows of equal length); "
                         f"got {_show(value)}.") from None
    if arr.dtype.kind == "O":
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError):
            raise TypeError(f"{name} must hold numbers; got {_show(value)}.") from None
    if arr.dtype.kind not in ("biuf" if allow_bool else "iuf"):
        raise TypeError(f"{name} must hold numbers; got dtype {arr.dtype} ({_show(value)}).")
    arr = arr.astype(np.float64)
    if finite and allow_nan and np.any(np.isinf(arr)):
        raise ValueError(f"{name} holds {int(np.count_nonzero(np.isinf(arr)))} infinite values.")
    if finite and not allow_nan and not np.all(np.isfinite(arr)):
        bad = int(np.count_nonzero(~np.isfinite(arr)))
        raise ValueError(f"{name} holds {bad} NaN or infinite values; remove or impute them first.")
    return arr


def check_labels_pair(y_true, y_pred, *, names=("y_true", "y_pred")):
    """Two 1-d label arrays of equal, non-zero length."""
    arrays = []
    for name, value in zip(names, (y_true, y_pred)):
        if np.isscalar(value) or value is None:
            raise TypeError(f"{name} must be a 1-d array of labels; got {_show(value)}.")
        arr = np.asarray(value)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
        check_no_nan_labels(name, arr, raw=value)
        arrays.append(arr)
    check_same_length(names[0], arrays[0], names[1], arrays[1])
    if arrays[0].size == 0:
        raise ValueError(f"{names[0]} and {names[1]} are empty; an error rate needs samples.")
    return arrays[0], arrays[1]


def check_rng(rng, *, name: str = "rng") -> np.random.Generator:
    """SPEC 7: None, an int seed or a Generator, always through ``default_rng``.
    ``name`` is the argument named in the messages (e.g. ``random_state``)."""
    if isinstance(rng, np.random.RandomState):
        raise TypeError(
            f"{name} must be None, an int seed or a numpy.random.Generator; got a legacy "
            "RandomState (use numpy.random.default_rng(seed))."
        )
    if isinstance(rng, (bool, np.bool_)):
        raise TypeError(f"{name} must be None, an int seed or a numpy.random.Generator; got {rng!r}.")
    try:
        return np.random.default_rng(rng)
    except (TypeError, ValueError):
        raise TypeError(
            f"{name} must be None, an int seed or a numpy.random.Generator; got {_show(rng)}."
        ) from None


def check_random_state(random_state, *, name: str = "random_state") -> np.random.Generator:
    """An estimator's ``random_state`` (scikit-learn's name) as a Generator: None, an int
    seed or a ``numpy.random.Generator`` as in :func:`check_rng` (an int gives
    ``default_rng(seed)``, the stream ``rng=seed`` gave), or a legacy
    ``numpy.random.RandomState`` (what scikit-learn's meta-estimators pass), from which one
    int32 seed is drawn, so a shared RandomState advances from fit to fit as in
    scikit-learn."""
    if isinstance(random_state, np.random.RandomState):
        random_state = int(random_state.randint(np.iinfo(np.int32).max))
    if isinstance(random_state, (bool, np.bool_)):
        raise TypeError(f"{name} must be None, an int seed, a numpy.random.Generator or a "
                        f"RandomState; got {random_state!r}.")
    try:
        return np.random.default_rng(random_state)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be None, an int seed, a numpy.random.Generator or a "
                        f"RandomState; got {_show(random_state)}.") from None


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


def check_X_y(X, y, *, min_classes: int = 2, names=("X", "y")):
    """Feature matrix and labels: X 2-d, finite and numeric; y 1-d of the same length, with
    at least ``min_classes`` distinct labels. Returns numpy arrays. ``names`` are the
    arguments named in the messages (e.g. ``("X_test", "y_test")``)."""
    xn, yn = names
    if X is None or np.isscalar(X):
        raise TypeError(f"{xn} must be a 2-d array of shape (n_samples, n_features); got {_show(X)}.")
    X_arr = np.asarray(X)
    if X_arr.ndim != 2:
        raise ValueError(f"{xn} must be 2-d, shape (n_samples, n_features); got an array of shape {X_arr.shape}.")
    if X_arr.dtype == bool or X_arr.dtype.kind not in "iuf":
        raise TypeError(f"{xn} must hold numbers; got dtype {X_arr.dtype}.")
    if not np.all(np.isfinite(X_arr)):
        bad = int(np.count_nonzero(~np.isfinite(X_arr)))
        raise ValueError(f"{xn} holds {bad} NaN or infinite values; impute or drop them first.")
    if y is None or np.isscalar(y):
        raise TypeError(f"{yn} must be a 1-d array of labels; got {_show(y)}.")
    y_arr = np.asarray(y)
    if y_arr.ndim != 1:
        raise ValueError(f"{yn} must be 1-d; got an array of shape {y_arr.shape}.")
    if y_arr.shape[0] != X_arr.shape[0]:
        raise ValueError(f"{yn} has {y_arr.shape[0]} entries but {xn} has {X_arr.shape[0]} rows.")
    check_no_nan_labels(yn, y_arr, raw=y)
    n_classes = np.unique(y_arr).size
    if n_classes < min_classes:
        raise ValueError(
            f"{yn} must contain at least {min_classes} classes to estimate an error rate; "
            f"got {n_classes} ({_show(np.unique(y_arr).tolist())})."
        )
    return X_arr, y_arr


def check_resampling_X_y(X, y, *, min_classes: int = 2, names=("X", "y")):
    """For functions that resample an estimator: ``X`` goes to the estimator unchanged (a
    pandas DataFrame, a scipy sparse matrix, NaN for an imputing pipeline: the estimator
    validates it, as in scikit-learn's ``cross_validate``), so only what the function uses
    is checked: ``X`` has one row per label, and ``y`` as in :func:`check_X_y`. Returns
    ``X`` (a sparse matrix without row indexing, such as COO, as CSR) and ``y`` as an
    array."""
    xn, yn = names
    n_x = None if X is None or np.isscalar(X) or isinstance(X, (str, bytes, dict)) else _n_rows(X)
    if n_x is None:
        raise TypeError(f"{xn} must be array-like with one row per sample (an array, a DataFrame "
                        f"or a sparse matrix); got {_show(X)}.")
    import scipy.sparse

    if scipy.sparse.issparse(X) and X.format not in ("csr", "csc", "lil", "dok"):
        X = X.tocsr()
    if y is None or np.isscalar(y):
        raise TypeError(f"{yn} must be a 1-d array of labels; got {_show(y)}.")
    y_arr = np.asarray(y)
    if y_arr.ndim != 1:
        raise ValueError(f"{yn} must be 1-d; got an array of shape {y_arr.shape}.")
    if y_arr.shape[0] != n_x:
        raise ValueError(f"{yn} has {y_arr.shape[0]} entries but {xn} has {n_x} rows.")
    check_no_nan_labels(yn, y_arr, raw=y)
    n_classes = np.unique(y_arr).size
    if n_classes < min_classes:
        raise ValueError(
            f"{yn} must contain at least {min_classes} classes to estimate an error rate; "
            f"got {n_classes} ({_show(np.unique(y_arr).tolist())})."
        )
    return X, y_arr


def check_classification_target(y, *, estimator=None, name: str = "y",
                                estimator_name: str = "estimator"):
    """Class labels and, if given, an estimator that predicts them: an error rate counts
    wrong labels, so it needs a classification problem.

    ``y`` must be what scikit-learn's ``type_of_target`` calls ``"binary"`` or
    ``"multiclass"``: floats with a fractional part (a regression target, ``"continuous"``)
    are rejected, since every prediction of them would count as a mistake. ``estimator``
    is rejected when scikit-learn knows it is a regressor (``is_regressor``); an estimator
    of unknown kind is accepted. Returns ``y`` unchanged."""
    from sklearn.base import is_regressor
    from sklearn.utils.multiclass import type_of_target

    kind = type_of_target(y, input_name=name)
    if kind not in ("binary", "multiclass"):
        raise ValueError(
            f"{name} must hold class labels (binary or multiclass); got a {kind!r} target "
            f"({_show(np.asarray(y).ravel()[:5].tolist())}...). Error rates are for "
            f"classification: encode the classes as labels, or use a regression metric."
        )
    if estimator is not None and is_regressor(estimator):
        raise ValueError(
            f"{estimator_name} must be a classifier; got the regressor {_show(estimator)}. "
            f"An error rate counts wrong class labels, which a regressor does not predict."
        )
    return y


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
    """joblib's convention: None (defer to the active ``joblib.parallel_config``; one job
    outside any), a positive count, or negative (all cores + 1 + n_jobs)."""
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


def check_positive_real(name: str, value) -> float:
    """A finite real number (not bool) strictly greater than 0, e.g. an SVM's C."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a positive real number; got {_show(value)}.")
    as_float = float(value)
    if not (np.isfinite(as_float) and as_float > 0):
        raise ValueError(f"{name} must be a finite number > 0; got {as_float!r}.")
    return as_float


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
        # an eigenvalue within rounding of 0 is shown as 0: its digits depend on the CPU
        smallest = 0.0 if abs(eig[0]) <= tol else eig[0]
        raise ValueError(
            f"{name} is {what} (eigenvalues from {smallest:.3g} to {eig[-1]:.3g}), so it has no "
            f"inverse; regularise it, e.g. cov + lam * numpy.eye({n_features}) with a small "
            f"lam > 0, or remove collinear attributes."
        )
    return (arr + arr.T) / 2


# --- clustering, internal indices (issue 4) ---------------------------------------------


def _real_matrix(name, X, *, empty_hint="", min_rows=1, too_few=""):
    """The checks every numeric data matrix shares, in this order: an array, real dtype,
    2-d, not empty (``empty_hint`` ends that message), at least ``min_rows`` rows (else
    ``too_few``), finite. Returns the array as given (no copy, no cast)."""
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
        raise ValueError(f"{name} is empty (shape {arr.shape}){empty_hint}.")
    if arr.shape[0] < min_rows:
        raise ValueError(too_few)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values; remove or impute them first.")
    return arr


# --- ensemble diversity (issue 5) -------------------------------------------------------


# --- ensembles (issue 5, patterneval.ensemble.bounds) -----------------------------------


def check_in_range(name: str, value, low: float, high: float) -> float:
    """A finite real number in the closed interval [low, high]."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number in [{low:g}, {high:g}]; got {_show(value)}.")
    value = float(value)
    if not (np.isfinite(value) and low <= value <= high):
        raise ValueError(f"{name} must lie in [{low:g}, {high:g}]; got {value!r}.")
    return value


# --- concept ---


# --- tree ---


def check_tree_max_features(max_features, n_features: int) -> int:
    """Number of features examined per split, resolved to an int ``k`` in [1, n_features]:
    None (all), an int, a float in (0, 1] (a fraction, rounded down, at least 1), "sqrt"
    or "log2" (rounded down, at least 1, as scikit-learn does). Values are checked by
    :func:`check_max_features`; CART and the random forest both resolve through here."""
    value = check_max_features(max_features, n_features)
    if value is None:
        return n_features
    if isinstance(value, str):
        f = np.sqrt if value == "sqrt" else np.log2
        return max(1, int(f(n_features)))
    if isinstance(value, float):
        return max(1, int(value * n_features))
    return value


# --- ensemble combine (issue 5, patterneval.ensemble.combine) ---------------------------


# --- optimize / decomposition (issue 6, patterneval.optimize, patterneval.decomposition) ---


def check_real_vector(name: str, value) -> np.ndarray:
    """A non-empty 1-d vector of finite real numbers (a scalar becomes length 1), as float."""
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a 1-d array of real numbers; got {_show(value)}.")
    arr = np.asarray(value)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers; got dtype {arr.dtype} ({_show(value)}).")
    arr = np.atleast_1d(arr.astype(float))
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
    if arr.size == 0:
        raise ValueError(f"{name} is empty; it needs at least one entry.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values; got {_show(arr.tolist())}.")
    return arr


# --- reinforcement ---


# --- cluster.algorithms (issue 6, patterneval.cluster.algorithms) -----------------------


def check_nonnegative_real(name: str, value) -> float:
    """A finite real number (not bool) >= 0, e.g. a distance threshold."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number >= 0; got {_show(value)}.")
    as_float = float(value)
    if not (np.isfinite(as_float) and as_float >= 0):
        raise ValueError(f"{name} must be a finite number >= 0; got {as_float!r}.")
    return as_float


def _n_rows(value):
    shape = getattr(value, "shape", None)
    if shape is not None:
        return shape[0] if len(shape) else None
    try:
        return len(value)
    except TypeError:
        return None


def check_estimator_data(estimator, X, y="no_validation", *, name: str = "X", **kwargs):
    """scikit-learn's ``validate_data(estimator, X[, y], **kwargs)`` (it sets
    ``n_features_in_`` and the feature names, and its messages are those that
    scikit-learn's estimator checks look for), with every error naming the argument at
    fault: a scalar X or y gets a TypeError, rows that do not pair up name y and X, NaN
    labels of a classifier get :func:`check_no_nan_labels`'s message, and a message of
    scikit-learn that names neither argument (strings in X, an empty or 1-d X, NaN or
    inf) is kept whole behind the name of X."""
    from sklearn.base import is_classifier
    from sklearn.utils.validation import validate_data

    if X is None or np.isscalar(X):
        raise TypeError(f"{name} must be a 2-d array (n_samples, n_features); got {_show(X)}.")
    has_y = not (isinstance(y, str) and y == "no_validation")
    if has_y and y is not None:
        if np.isscalar(y):
            raise TypeError(f"y must be a 1-d array with one target per row of X; got {_show(y)}.")
        n_x, n_y = _n_rows(X), _n_rows(y)
        if n_x is not None and n_y is not None and n_x != n_y:
            raise ValueError(f"y has {n_y} entries but {name} has {n_x} rows (inconsistent numbers "
                             f"of samples).")
        if is_classifier(estimator):
            check_no_nan_labels("y", y)
    try:
        if has_y:
            return validate_data(estimator, X, y, **kwargs)
        return validate_data(estimator, X, **kwargs)
    except (TypeError, ValueError) as exc:
        message = str(exc)
        if type(exc) not in (TypeError, ValueError) or re.search(rf"(?<!\w)({name}|y)(?!\w)", message):
            raise
        raise type(exc)(
            f"{name} must be a 2-d array of finite numbers (n_samples, n_features): {message}"
        ) from None


# --- ensemble.bagging (issue 5) ----------------------------------------------------------


def check_max_features(max_features, n_features: int):
    """Attributes per split of a random forest: "log2", "sqrt", None, an int in
    ``[1, n_features]`` or a float in (0, 1]. Returns the value (ints as int)."""
    if max_features is None or isinstance(max_features, str):
        return None if max_features is None else check_choice("max_features", max_features, ("log2", "sqrt"))
    if isinstance(max_features, bool) or not isinstance(max_features, numbers.Real):
        raise TypeError(f"max_features must be 'log2', 'sqrt', None, an int or a float in (0, 1]; "
                        f"got {_show(max_features)}.")
    if isinstance(max_features, numbers.Integral):
        if not 1 <= max_features <= n_features:
            raise ValueError(f"max_features must be an int in [1, {n_features}] (the number of "
                             f"features); got {max_features}.")
        return int(max_features)
    share = float(max_features)
    if not (np.isfinite(share) and 0.0 < share <= 1.0):
        raise ValueError(f"max_features as a float must lie in (0, 1]; got {share!r}.")
    return share


# --- ensemble.boosting ---


# --- evolution (issue 6, patterneval.evolution) -----------------------------------------


# --- compare: ROC/AUC and calibration (issue 16) ---------------------------------------------


def value_is_scalar(value) -> bool:
    """None, a string or a number: not an array of labels or scores."""
    return value is None or np.isscalar(value)


# --- compare: two classifiers, many classifiers (issue 16) ---------------------------------


