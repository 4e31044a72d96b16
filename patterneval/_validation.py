"""Input checks and their error messages: the one place for both.

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
    "check_binary_labels",
    "check_binary_predictions",
    "check_binary_target",
    "check_bool",
    "check_bit_population",
    "check_broadcastable",
    "check_callable",
    "check_categorical_pair",
    "check_categorical_X",
    "check_choice",
    "check_class_count",
    "check_class_labels",
    "check_classification_target",
    "check_classifier",
    "check_cluster_data",
    "check_cluster_X",
    "check_clusterer",
    "check_concept_data",
    "check_confidence_level",
    "check_convex_weights",
    "check_count_table",
    "check_counts",
    "check_covariance",
    "check_cv",
    "check_dense",
    "check_discount",
    "check_domain_sizes",
    "check_domains",
    "check_ensemble_predictions",
    "check_estimator_data",
    "check_estimator_X",
    "check_feature_matrix",
    "check_feature_weights",
    "check_fitness_values",
    "check_grid_cells",
    "check_in_range",
    "check_increasing",
    "check_init_centers",
    "check_known_labels",
    "check_label_vector",
    "check_labels_pair",
    "check_max_depth",
    "check_max_features",
    "check_max_samples",
    "check_mdp_arrays",
    "check_member_outputs",
    "check_minkowski_p",
    "check_n_clusters",
    "check_n_components",
    "check_n_jobs",
    "check_n_splits",
    "check_no_nan_labels",
    "check_name_list",
    "check_nonnegative_real",
    "check_numeric_array",
    "check_partitions",
    "check_permutations",
    "check_policy",
    "check_positive_int",
    "check_positive_int_array",
    "check_positive_real",
    "check_probability_matrix",
    "check_priors",
    "check_proper_policy",
    "check_proportion",
    "check_random_state",
    "check_real",
    "check_real_targets",
    "check_real_vector",
    "check_regression_data",
    "check_resampling_X_y",
    "check_rng",
    "check_round",
    "check_same_length",
    "check_sample_index",
    "check_schema",
    "check_score_vector",
    "check_scores",
    "check_state",
    "check_state_set",
    "check_step_size",
    "check_targets_1d",
    "check_transformer",
    "check_tree_max_features",
    "check_tree_X",
    "check_two_classes",
    "check_unit_interval_open_right",
    "check_vector_pair",
    "check_vote_classes",
    "check_vote_threshold",
    "check_weighted_fit",
    "check_X_y",
    "check_classifier_index",
    "check_exact_option",
    "check_halves",
    "check_paired_scores",
    "check_score_matrix",
    "check_significance_level",
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
    check_no_nan_labels(name, y)
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
        # an eigenvalue within rounding of 0 is shown as 0: its digits depend on the CPU
        smallest = 0.0 if abs(eig[0]) <= tol else eig[0]
        raise ValueError(
            f"{name} is {what} (eigenvalues from {smallest:.3g} to {eig[-1]:.3g}), so it has no "
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
        check_no_nan_labels(name, arr, raw=value)
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


# --- clustering, internal indices (issue 4) ---------------------------------------------


def check_cluster_X(X, *, name: str = "X") -> np.ndarray:
    """A data matrix for clustering: 2-d, numeric, finite, at least two samples.
    Returns a C-contiguous float64 copy-or-view."""
    arr = _real_matrix(name, X, empty_hint="; a clustering index needs samples",
                       min_rows=2,
                       too_few=f"{name} has one sample; a clustering index needs at least two.")
    return np.ascontiguousarray(arr, dtype=np.float64)


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


def check_clusterer(clusterer, *, name: str = "clusterer", n_clusters: bool = True):
    """A scikit-learn clusterer instance with ``fit`` and, if ``n_clusters`` (the default),
    an ``n_clusters`` parameter (methods that set the number of clusters need it)."""
    params = getattr(clusterer, "get_params", None)
    if isinstance(clusterer, type) or not callable(params) or not callable(
            getattr(clusterer, "fit", None)):
        raise TypeError(
            f"{name} must be a scikit-learn clusterer instance with fit and get_params "
            f"(e.g. KMeans(n_init=10)); got {_show(clusterer)}."
        )
    if n_clusters and "n_clusters" not in params():
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
    check_no_nan_labels(name, arr, raw=value)
    if n is not None and arr.shape[0] != n:
        raise ValueError(f"{name} has {arr.shape[0]} entries but {n_name} has {n}.")
    return arr


def check_binary_predictions(name: str, value) -> np.ndarray:
    """Binary predictions coded +1/-1 (note 004), 0/1 or bool: returns a bool array that is
    True where the prediction is the positive class (+1, 1 or True)."""
    arr = check_no_nan_labels(name, value)
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
    check_no_nan_labels(name, arr, raw=predictions)
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


# --- concept ---


def check_concept_data(X, y):
    """Instances for concept learning: a non-empty sequence of equal-length tuples of
    hashable values, and one boolean label (True/False or 1/0) per instance."""
    if isinstance(X, (str, bytes)) or not hasattr(X, "__iter__"):
        raise TypeError(f"X must be a sequence of instances (tuples); got {_show(X)}.")
    rows = [tuple(x) for x in X]
    if not rows:
        raise ValueError("X must contain at least one instance; got none.")
    d = len(rows[0])
    if d == 0:
        raise ValueError("X's instances must have at least one attribute; got empty tuples.")
    for i, row in enumerate(rows):
        if len(row) != d:
            raise ValueError(
                f"every instance in X must have {d} attributes (like X[0]); X[{i}] has {len(row)}."
            )
    if y is None or isinstance(y, (str, bytes)) or np.isscalar(y) or not hasattr(y, "__iter__"):
        raise TypeError(f"y must be a sequence of booleans, one per instance; got {_show(y)}.")
    labels = list(y)
    if len(labels) != len(rows):
        raise ValueError(f"y has {len(labels)} entries but X has {len(rows)} instances.")
    out = []
    for i, label in enumerate(labels):
        if isinstance(label, (bool, np.bool_)) or (isinstance(label, numbers.Integral)
                                                    and label in (0, 1)):
            out.append(bool(label))
        else:
            raise ValueError(
                f"y must hold booleans (True = positive example) or 0/1; y[{i}] is {_show(label)}."
            )
    return rows, out


def check_domain_sizes(domain_sizes, *, n_attributes=None) -> list:
    """Attribute domain sizes: a non-empty sequence of integers >= 1 (one per attribute,
    ``n_attributes`` of them when given)."""
    if isinstance(domain_sizes, (str, bytes)) or not hasattr(domain_sizes, "__iter__"):
        raise TypeError(f"domain_sizes must be a sequence of integers; got {_show(domain_sizes)}.")
    sizes = [check_positive_int(f"domain_sizes[{i}]", k) for i, k in enumerate(domain_sizes)]
    if not sizes:
        raise ValueError("domain_sizes must name at least one attribute; got an empty sequence.")
    if n_attributes is not None and len(sizes) != n_attributes:
        raise ValueError(
            f"domains must give one domain per attribute: {n_attributes} expected, got {len(sizes)}."
        )
    return sizes


def check_domains(domains, *, n_attributes=None) -> tuple:
    """Attribute domains: a sequence with one non-empty sequence of values per attribute
    (``n_attributes`` of them when given). Returns a tuple of tuples."""
    if isinstance(domains, (str, bytes)) or not hasattr(domains, "__iter__"):
        raise TypeError(f"domains must be a sequence of value sequences, one per attribute; "
                        f"got {_show(domains)}.")
    out = []
    for i, values in enumerate(domains):
        if not hasattr(values, "__iter__"):
            raise TypeError(f"domains[{i}] must be a sequence of values; got {_show(values)}.")
        out.append(tuple(values))
        if not out[-1]:
            raise ValueError(f"domains[{i}] is empty; every attribute needs at least one value.")
    if not out:
        raise ValueError("domains must name at least one attribute; got an empty sequence.")
    if n_attributes is not None and len(out) != n_attributes:
        raise ValueError(
            f"domains must give one domain per attribute: {n_attributes} expected, got {len(out)}."
        )
    return tuple(out)


# --- tree ---
def check_max_depth(max_depth):
    """``None`` (grow until pure) or an integer >= 1."""
    if max_depth is None:
        return None
    return check_positive_int("max_depth", max_depth, minimum=1)


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


def check_tree_X(X, *, allow_nan: bool = False, name: str = "X") -> np.ndarray:
    """A 2-d numeric float array with at least one row and one column; NaN only if
    ``allow_nan`` (infinities never)."""
    _check_dense_real(X, name)
    try:
        arr = np.asarray(X, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"{name} must hold numbers ({exc}); use ID3 or C45 for categorical attributes."
        ) from None
    _check_2d_nonempty(arr, name)
    if np.isinf(arr).any() or (not allow_nan and np.isnan(arr).any()):
        bad = int(np.count_nonzero(~np.isfinite(arr)))
        raise ValueError(
            f"{name} holds {bad} NaN or infinite values; impute them first"
            + (" (C45 accepts NaN as missing)." if not allow_nan else ".")
        )
    return arr


def _check_dense_real(X, name):
    if X is None or np.isscalar(X):
        raise TypeError(f"{name} must be a 2-d array of shape (n_samples, n_features); got {_show(X)}.")
    if hasattr(X, "tocsr") or hasattr(X, "toarray"):
        raise TypeError(f"{name} is sparse; sparse input is not supported, pass {name}.toarray().")
    if np.asarray(X).dtype.kind == "c":
        raise ValueError(f"Complex data not supported: {name} must hold real numbers.")


def _check_2d_nonempty(arr, name):
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be 2-d, shape (n_samples, n_features); got shape {arr.shape}. Reshape your "
            "data with array.reshape(-1, 1) for one feature or array.reshape(1, -1) for one sample."
        )
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty: 0 sample(s) (shape={arr.shape}) while a minimum of 1 is required.")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} is empty: 0 feature(s) (shape={arr.shape}) while a minimum of 1 is required.")


def _is_missing(value) -> bool:
    return value is None or (isinstance(value, float) and np.isnan(value))


def check_categorical_X(X, *, allow_missing: bool = False, allow_continuous: bool = False,
                        name: str = "X") -> np.ndarray:
    """A 2-d table of categorical values (strings, ints, bools, integral floats) as an
    object array. Non-integral floats are taken for continuous values and rejected."""
    _check_dense_real(X, name)
    arr = np.asarray(X, dtype=object)
    _check_2d_nonempty(arr, name)
    for value in arr.ravel():
        if _is_missing(value):
            if not allow_missing:
                raise ValueError(f"{name} holds missing values (None or NaN); ID3 does not handle them (use C45).")
            continue
        if isinstance(value, complex):
            raise ValueError(f"Complex data not supported: {name} holds {value!r}.")
        if allow_continuous:
            continue
        if isinstance(value, (numbers.Real, np.number)) and not isinstance(value, (bool, np.bool_)):
            if not np.isfinite(float(value)) or float(value) != round(float(value)):
                raise ValueError(
                    f"{name} holds the continuous value {value!r}; ID3 takes categorical attributes "
                    "only (discretise it, or use C45 or CART)."
                )
    return arr


def check_targets_1d(y, n_samples: int, *, name: str = "y", numeric: bool = False) -> np.ndarray:
    """Targets: 1-d, one per sample, no missing values (numeric and finite if ``numeric``)."""
    if y is None:
        raise ValueError(f"this estimator requires y to be passed, but the target {name} is None.")
    if np.isscalar(y):
        raise TypeError(f"{name} must be a 1-d array; got {_show(y)}.")
    arr = np.asarray(y)
    if arr.ndim == 2 and arr.shape[1] == 1:
        import warnings

        from sklearn.exceptions import DataConversionWarning

        warnings.warn(f"A column-vector {name} was passed when a 1d array was expected; it is "
                      f"flattened to shape ({arr.shape[0]},).", DataConversionWarning, stacklevel=3)
        arr = arr.ravel()
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
    if arr.shape[0] != n_samples:
        raise ValueError(f"{name} has {arr.shape[0]} entries but X has {n_samples} rows.")
    if not numeric:
        check_no_nan_labels(name, arr, raw=y)
    if numeric or arr.dtype.kind == "f":
        try:
            num = arr.astype(float)
        except (TypeError, ValueError):
            raise TypeError(f"{name} must hold numbers; got dtype {arr.dtype}.") from None
        if not np.all(np.isfinite(num)):
            raise ValueError(f"{name} holds NaN or infinite values.")
        if numeric:
            return num
    return arr


def check_count_table(name: str, value) -> np.ndarray:
    """Non-negative finite counts (any shape with at least one axis), as floats."""
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of non-negative counts; got {_show(value)}.")
    arr = np.asarray(value)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must be an array of non-negative counts; got {_show(value)}.")
    arr = arr.astype(float)
    if arr.ndim == 0 or arr.size == 0:
        raise ValueError(f"{name} must have at least one axis and one entry; got shape {arr.shape}.")
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError(f"{name} must hold finite counts >= 0; got {_show(value)}.")
    return arr


# --- ensemble combine (issue 5, patterneval.ensemble.combine) ---------------------------


def check_member_outputs(predictions, *, name: str = "predictions", soft=None, real: bool = False,
                         min_members: int = 1) -> np.ndarray:
    """Outputs of T ensemble members stacked along axis 0: labels of shape (T, n) or class
    scores of shape (T, n, c), given as one array or as a sequence of per-member arrays.

    ``soft=True`` requires (T, n, c) with finite values in [0, 1]; ``soft=False`` requires
    labels (T, n); ``None`` accepts either. ``real`` requires finite real numbers of any of
    the two shapes (averaging). A member whose array has another shape than member 0 is
    named in the error."""
    if predictions is None or np.isscalar(predictions) or isinstance(predictions, (str, bytes)):
        raise TypeError(
            f"{name} must hold one output array per member, shape (T, n) or (T, n, c); got "
            f"{_show(predictions)}."
        )
    if not isinstance(predictions, np.ndarray):
        members = [np.asarray(p) for p in predictions]
        if not members:
            raise ValueError(f"{name} is empty; give at least {min_members} member(s).")
        for i, member in enumerate(members[1:], start=1):
            if member.shape != members[0].shape:
                raise ValueError(
                    f"{name}: member {i} has shape {member.shape} but member 0 has shape "
                    f"{members[0].shape}; every member must give one output per sample "
                    f"(and the same number of classes)."
                )
        arr = np.stack(members)
    else:
        arr = predictions
    allowed = {True: (3,), False: (2,), None: (2, 3)}[soft]
    if arr.ndim not in allowed:
        want = " or ".join({2: "(T, n) labels", 3: "(T, n, c) class scores"}[d] for d in allowed)
        raise ValueError(f"{name} must have shape {want}; got an array of shape {arr.shape}.")
    if arr.shape[0] < min_members:
        raise ValueError(f"{name} must have at least {min_members} member(s) (rows); got {arr.shape[0]}.")
    if arr.shape[1] == 0 or (arr.ndim == 3 and arr.shape[2] == 0):
        raise ValueError(f"{name} has no samples or no classes (shape {arr.shape}).")
    if real or arr.ndim == 3:
        if arr.dtype == bool or arr.dtype.kind not in "iuf":
            raise TypeError(f"{name} must hold real numbers; got dtype {arr.dtype}.")
        arr = arr.astype(np.float64)
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"{name} contains NaN or infinite values.")
        if arr.ndim == 3 and not real and (arr.min() < 0 or arr.max() > 1):
            raise ValueError(
                f"{name} holds class scores outside [0, 1] (min {arr.min():.4g}, max "
                f"{arr.max():.4g}); soft votes need class probabilities or 0/1 votes."
            )
        return arr
    check_no_nan_labels(name, arr, raw=predictions)
    return arr


def check_vote_classes(classes, predictions, *, name: str = "classes") -> np.ndarray:
    """Class labels of a vote. For labels (T, n): ``None`` means the sorted distinct
    predicted labels; given ones must be distinct and contain every predicted label. For
    class scores (T, n, c): ``None`` means 0..c-1; given ones must be c distinct labels."""
    if predictions.ndim == 3:
        c = predictions.shape[2]
        if classes is None:
            return np.arange(c)
        arr = np.asarray(classes)
        if arr.ndim != 1 or arr.size != c:
            raise ValueError(f"{name} must give one label per column of predictions ({c}); got {_show(classes)}.")
    else:
        if classes is None:
            return np.unique(predictions)
        arr = np.asarray(classes)
        if arr.ndim != 1 or arr.size == 0:
            raise ValueError(f"{name} must be a non-empty 1-d sequence of labels; got {_show(classes)}.")
        missing = np.setdiff1d(np.unique(predictions), arr)
        if missing.size:
            raise ValueError(f"predictions hold labels {_show(missing.tolist())} that are not in {name}.")
    if np.unique(arr).size != arr.size:
        raise ValueError(f"{name} must be distinct; got {_show(arr.tolist())}.")
    return arr


def check_vote_threshold(threshold, *, name: str = "threshold") -> float:
    """Vote share a class must exceed to win: a real number in [0.5, 1). At 0.5 this is the
    majority rule; below 0.5 two classes could win at once."""
    if isinstance(threshold, bool) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"{name} must be a real number in [0.5, 1); got {_show(threshold)}.")
    value = float(threshold)
    if not (0.5 <= value < 1.0):
        raise ValueError(
            f"{name} must lie in [0.5, 1) (a class must win more than this share of the votes); "
            f"got {value!r}."
        )
    return value


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


def check_unit_interval_open_right(name: str, value) -> float:
    """A real number in [0, 1), e.g. a momentum coefficient (1 never forgets: no convergence)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number in [0, 1); got {_show(value)}.")
    value = float(value)
    if not (np.isfinite(value) and 0.0 <= value < 1.0):
        raise ValueError(f"{name} must lie in [0, 1) (e.g. 0.9); got {value!r}.")
    return value


def check_regression_data(X, y) -> tuple:
    """A design matrix X (2-d, finite, numeric, at least one row and column) and real
    targets y (1-d, finite) with one entry per row. Returns float arrays."""
    X_arr = _real_matrix("X", X)
    y_arr = check_real_vector("y", y)
    if y_arr.shape[0] != X_arr.shape[0]:
        raise ValueError(f"y has {y_arr.shape[0]} entries but X has {X_arr.shape[0]} rows.")
    return X_arr.astype(float), y_arr


def check_feature_matrix(X, *, name: str = "X", min_samples: int = 2) -> np.ndarray:
    """A data matrix for a transformer: 2-d, finite, real (object arrays of numbers are
    converted), at least ``min_samples`` rows and one column. Returns float64."""
    if X is None or np.isscalar(X):
        raise TypeError(f"{name} must be a 2-d array (n_samples, n_features); got {_show(X)}.")
    if hasattr(X, "toarray") and hasattr(X, "nnz"):
        raise TypeError(f"{name} is a sparse matrix; pass a dense array (X.toarray()).")
    arr = np.asarray(X)
    if arr.dtype.kind == "O":
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError) as exc:  # keeps numpy's words ("argument must be a string
            # or a real number"), which scikit-learn's estimator checks look for
            raise TypeError(f"{name} must hold real numbers ({exc}).") from None
    if arr.dtype.kind == "c":
        raise ValueError(f"Complex data not supported: {name} must hold real numbers.")
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers; got dtype {arr.dtype}.")
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be 2-d (n_samples, n_features); got an array of shape {arr.shape}"
            + (". Reshape your data with X.reshape(-1, 1) for one feature." if arr.ndim == 1 else ".")
        )
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has 0 feature(s) (shape={arr.shape}) while a minimum of 1 is required.")
    if arr.shape[0] == 0:
        raise ValueError(
            f"{name} has 0 sample(s) (shape={arr.shape}) while a minimum of {min_samples} is required."
        )
    if arr.shape[0] < min_samples:
        raise ValueError(
            f"{name} has n_samples = {arr.shape[0]}; at least {min_samples} samples are required."
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values; remove or impute them first.")
    return np.asarray(arr, dtype=np.float64)


def check_n_components(n_components, limit: int, *, limit_text: str) -> int:
    """``None`` (use ``limit``) or an integer in 1 .. limit; ``limit_text`` explains the limit."""
    if n_components is None:
        return int(limit)
    value = check_positive_int("n_components", n_components)
    if value > limit:
        raise ValueError(f"n_components must be <= {limit_text} = {limit}; got {value}.")
    return value


def check_class_labels(y, n_samples: int, *, min_classes: int = 2) -> tuple:
    """Class labels for a supervised transformer: 1-d, one per row of X, no NaN, at least
    ``min_classes`` classes. Returns ``(classes, codes)`` with codes in 0..n_classes-1."""
    if y is None:
        raise ValueError("this estimator requires y to be passed, but the target y is None.")
    if np.isscalar(y):
        raise TypeError(f"y must be a 1-d array of class labels; got {_show(y)}.")
    arr = np.asarray(y)
    if arr.ndim == 2 and arr.shape[1] == 1:
        arr = arr.ravel()
    if arr.ndim != 1:
        raise ValueError(f"y must be 1-d (one label per sample); got an array of shape {arr.shape}.")
    if arr.shape[0] != n_samples:
        raise ValueError(f"y has {arr.shape[0]} entries but X has {n_samples} rows.")
    check_no_nan_labels("y", arr, raw=y)
    if arr.dtype.kind in "fc" and not np.all(np.isfinite(arr)):
        raise ValueError("y contains NaN or infinite values; every sample needs a class label.")
    classes, codes = np.unique(arr, return_inverse=True)
    if classes.size < min_classes:
        raise ValueError(
            f"y must contain at least {min_classes} classes; got {classes.size} class "
            f"({_show(classes.tolist())})."
        )
    return classes, codes.reshape(-1)


# --- reinforcement ---


def check_mdp_arrays(transitions, rewards, *, atol: float = 1e-8):
    """Transitions P[s, a, s'] (rows on the simplex) and rewards R[s, a] or R[s, a, s'].

    Returns ``(P, R3)`` as float arrays, R3 of shape (S, A, S).
    """
    P = _as_real_array("transitions", transitions)
    if P.ndim != 3 or P.shape[0] != P.shape[2]:
        raise ValueError(
            f"transitions must have shape (n_states, n_actions, n_states); got shape {P.shape}."
        )
    if P.size == 0:
        raise ValueError("transitions is empty: an MDP needs at least one state and one action.")
    if not np.all(np.isfinite(P)):
        raise ValueError("transitions must be finite (no NaN or inf).")
    if np.any(P < 0):
        s, a, t = np.argwhere(P < 0)[0]
        raise ValueError(f"transitions must be non-negative; P[{s}, {a}, {t}] = {P[s, a, t]!r}.")
    sums = P.sum(axis=2)
    bad = np.argwhere(np.abs(sums - 1.0) > atol)
    if bad.size:
        s, a = bad[0]
        raise ValueError(
            f"each row P[s, a, :] of transitions must sum to 1; P[{s}, {a}, :] sums to {sums[s, a]!r}."
        )
    R = _as_real_array("rewards", rewards)
    S, A = P.shape[:2]
    if R.shape == (S, A):
        R = np.repeat(R[:, :, None], S, axis=2)
    elif R.shape != (S, A, S):
        raise ValueError(
            f"rewards must have shape (n_states, n_actions) = {(S, A)} or {(S, A, S)}; got {R.shape}."
        )
    if not np.all(np.isfinite(R)):
        raise ValueError("rewards must be finite (no NaN or inf).")
    return P, R


def check_state_set(name: str, value, n_states: int) -> np.ndarray:
    """None or state indices (or a boolean mask of length n_states) -> boolean mask."""
    mask = np.zeros(n_states, dtype=bool)
    if value is None:
        return mask
    arr = np.asarray(value)
    if arr.dtype == bool:
        if arr.shape != (n_states,):
            raise ValueError(f"{name} as a mask must have length {n_states}; got shape {arr.shape}.")
        return arr.copy()
    if arr.dtype.kind not in "iu" or arr.ndim > 1:
        raise TypeError(f"{name} must be state indices (integers) or a boolean mask; got {_show(value)}.")
    arr = arr.ravel()
    if arr.size and (arr.min() < 0 or arr.max() >= n_states):
        raise ValueError(f"{name} must hold state indices in 0..{n_states - 1}; got {arr.tolist()}.")
    mask[arr] = True
    return mask


def check_discount(gamma, *, episodic: bool) -> float:
    """A discount factor in [0, 1]; gamma = 1 only for an MDP with terminal states."""
    gamma = check_in_range("gamma", gamma, 0.0, 1.0)
    if gamma == 1.0 and not episodic:
        raise ValueError(
            "gamma = 1 needs terminal states (an episodic task): without them the "
            "undiscounted return can be infinite; pass terminal=... or gamma < 1."
        )
    return gamma


def check_name_list(name: str, names, size: int, default: str) -> tuple:
    """None (names default + index) or exactly ``size`` distinct labels, returned as strings."""
    if names is None:
        return tuple(f"{default}{i}" for i in range(size))
    if isinstance(names, str):
        raise TypeError(f"{name} must be a sequence of {size} labels, not a string.")
    labels = tuple(str(n) for n in names)
    if len(labels) != size:
        raise ValueError(f"{name} must have {size} labels; got {len(labels)}.")
    if len(set(labels)) != size:
        raise ValueError(f"{name} must be distinct; got {list(labels)}.")
    return labels


def check_policy(policy, n_states: int, n_actions: int, *, name: str = "policy") -> np.ndarray:
    """A deterministic policy (one action index per state) or a stochastic one
    (an (n_states, n_actions) matrix of probabilities, rows summing to 1) -> the matrix."""
    arr = np.asarray(policy)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must be action indices or a probability matrix; got {_show(policy)}.")
    if arr.shape == (n_states,) and arr.dtype.kind in "iu":
        if arr.min() < 0 or arr.max() >= n_actions:
            raise ValueError(f"{name} must hold action indices in 0..{n_actions - 1}; got {arr.tolist()}.")
        matrix = np.zeros((n_states, n_actions))
        matrix[np.arange(n_states), arr] = 1.0
        return matrix
    if arr.shape != (n_states, n_actions):
        raise ValueError(
            f"{name} must be {n_states} action indices or a ({n_states}, {n_actions}) "
            f"probability matrix; got shape {arr.shape} (dtype {arr.dtype})."
        )
    arr = arr.astype(float)
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError(f"{name} probabilities must be finite and non-negative.")
    if np.any(np.abs(arr.sum(axis=1) - 1.0) > 1e-8):
        raise ValueError(f"each row of {name} must sum to 1; row sums are {arr.sum(axis=1).round(6).tolist()}.")
    return arr


def check_step_size(name: str, value) -> float:
    """A learning rate in (0, 1]."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number in (0, 1]; got {_show(value)}.")
    value = float(value)
    if not (np.isfinite(value) and 0.0 < value <= 1.0):
        raise ValueError(f"{name} must lie in (0, 1]; got {value!r}.")
    return value


def check_state(name: str, value, n_states: int, terminal=None):
    """None or one non-terminal state index."""
    if value is None:
        return None
    index = check_positive_int(name, value, minimum=0)
    if index >= n_states:
        raise ValueError(f"{name} must be a state index in 0..{n_states - 1}; got {index}.")
    if terminal is not None and terminal[index]:
        raise ValueError(f"{name} = {index} is a terminal state; an episode cannot start there.")
    return index


def check_proper_policy(P_pi: np.ndarray, terminal: np.ndarray, gamma: float, *, name: str = "policy") -> None:
    """With gamma = 1 every non-terminal state must reach a terminal state under the policy."""
    if gamma < 1.0:
        return
    reach = terminal.copy()
    while True:
        new = reach | ((P_pi[:, reach].sum(axis=1) > 0) & ~terminal)
        if np.array_equal(new, reach):
            break
        reach = new
    if not reach.all():
        stuck = np.flatnonzero(~reach).tolist()
        raise ValueError(
            f"with gamma = 1 the {name} must be proper (reach a terminal state from every "
            f"state); states {stuck} never terminate, so their values are infinite or undefined."
        )


def check_grid_cells(name: str, cells, shape) -> list:
    """A collection of (row, column) cells inside a grid of ``shape``."""
    try:
        out = [tuple(operator.index(v) for v in cell) for cell in cells]
    except TypeError:
        raise TypeError(f"{name} must be (row, column) integer pairs; got {_show(cells)}.") from None
    for cell in out:
        if len(cell) != 2 or not (0 <= cell[0] < shape[0] and 0 <= cell[1] < shape[1]):
            raise ValueError(f"{name} cell {cell} lies outside the grid of shape {tuple(shape)}.")
    return out


# --- cluster.algorithms (issue 6, patterneval.cluster.algorithms) -----------------------


def check_nonnegative_real(name: str, value) -> float:
    """A finite real number (not bool) >= 0, e.g. a distance threshold."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number >= 0; got {_show(value)}.")
    as_float = float(value)
    if not (np.isfinite(as_float) and as_float >= 0):
        raise ValueError(f"{name} must be a finite number >= 0; got {as_float!r}.")
    return as_float


def check_n_clusters(n_clusters, n_samples: int, *, name: str = "n_clusters") -> int:
    """A number of clusters: an integer in [1, n_samples]."""
    k = check_positive_int(name, n_clusters, minimum=1)
    if k > n_samples:
        raise ValueError(
            f"{name}={k} is larger than the number of samples ({n_samples}); "
            f"ask for at most {n_samples} clusters."
        )
    return k


def check_sample_index(name: str, value, n_samples: int) -> int:
    """An index of a sample: an integer in [0, n_samples - 1]."""
    i = check_positive_int(name, value, minimum=0)
    if i >= n_samples:
        raise ValueError(f"{name} must be a sample index in [0, {n_samples - 1}]; got {i}.")
    return i


def check_init_centers(init, n_clusters: int, n_features: int, *, name: str = "init") -> np.ndarray:
    """Initial centres: a finite real array of shape (n_clusters, n_features)."""
    arr = np.asarray(init)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} as an array must hold real numbers; got dtype {arr.dtype}.")
    if arr.shape != (n_clusters, n_features):
        raise ValueError(
            f"{name} must have shape (n_clusters, n_features) = ({n_clusters}, {n_features}); "
            f"got {arr.shape}."
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values.")
    return np.array(arr, dtype=np.float64)


def check_estimator_X(estimator, X, *, reset: bool, min_samples: int = 1) -> np.ndarray:
    """X for a scikit-learn style estimator's fit (``reset=True``, sets n_features_in_)
    or predict/transform (``reset=False``, checks the feature count): 2-d, finite,
    float64, dense, through scikit-learn's own ``validate_data`` so its messages match
    the estimator checks."""
    return check_estimator_data(estimator, X, reset=reset, dtype=np.float64, order="C",
                                ensure_min_samples=min_samples)


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


def check_max_samples(max_samples, n_samples: int) -> int:
    """Bootstrap sample size: a float in (0, 1] (share of ``n_samples``, at least 1) or an
    int in ``[1, n_samples]``. Returns the size as an int."""
    if isinstance(max_samples, bool) or not isinstance(max_samples, numbers.Real):
        raise TypeError(f"max_samples must be a float in (0, 1] or an int in [1, {n_samples}]; "
                        f"got {_show(max_samples)}.")
    if isinstance(max_samples, numbers.Integral):
        if not 1 <= max_samples <= n_samples:
            raise ValueError(f"max_samples must be an int in [1, {n_samples}] (the number of samples) "
                             f"or a float in (0, 1]; got {max_samples}.")
        return int(max_samples)
    share = float(max_samples)
    if not (np.isfinite(share) and 0.0 < share <= 1.0):
        raise ValueError(f"max_samples must be a float in (0, 1] or an int in [1, {n_samples}]; got {share!r}.")
    return max(1, int(round(share * n_samples)))


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


def check_class_count(y, *, name: str = "y") -> np.ndarray:
    """Labels for an ensemble classifier: at least two distinct classes (a vote needs a
    choice). Returns ``np.unique(y)``."""
    classes = np.unique(check_no_nan_labels(name, y))
    if classes.size < 2:
        raise ValueError(f"{name} has only one class ({_show(classes.tolist())}); a classifier needs "
                         f"at least 2 classes to choose between.")
    return classes


# --- ensemble.boosting ---
def check_two_classes(y, *, name: str = "y", model: str = "AdaBoost") -> np.ndarray:
    """Exactly two distinct labels (any sortable values); returns them sorted (``classes_``).
    One class cannot be boosted; more than two need a multi-class variant (e.g. SAMME)."""
    y = check_no_nan_labels(name, y)
    if y.dtype.kind == "f" and np.any(y != np.round(y)):
        raise ValueError(
            f"{name} looks continuous (non-integer floats such as {_show(y[y != np.round(y)][:3].tolist())}); "
            f"{model} is a classifier and needs class labels."
        )
    labels = np.unique(y)
    if labels.size < 2:
        raise ValueError(
            f"{name} must contain two classes for {model}; got only one class "
            f"({_show(labels.tolist())}): there is nothing to separate."
        )
    if labels.size > 2:
        raise ValueError(
            f"Only binary classification is supported: {name} must contain exactly two classes "
            f"for {model} (the binary algorithm); got "
            f"{labels.size} classes ({_show(labels.tolist())}). Use one-vs-rest "
            f"(sklearn.multiclass.OneVsRestClassifier) or scikit-learn's SAMME AdaBoostClassifier."
        )
    return labels


def check_known_labels(y, classes, *, name: str = "y") -> np.ndarray:
    """Labels that all occur in the fitted ``classes``; returns them coded -1 (classes[0]) /
    +1 (classes[1])."""
    y = np.asarray(y)
    unknown = np.setdiff1d(np.unique(y), classes)
    if unknown.size:
        raise ValueError(
            f"{name} holds labels not seen in fit: {_show(unknown.tolist())}; "
            f"the model knows {_show(list(classes))}."
        )
    return np.where(y == classes[1], 1.0, -1.0)


def check_weighted_fit(estimator, *, name: str = "base_estimator", mode_name: str = "mode"):
    """An estimator whose ``fit`` accepts ``sample_weight`` (needed to re-weight)."""
    import inspect

    try:
        params = inspect.signature(estimator.fit).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        params = {}
    if "sample_weight" not in params:
        raise TypeError(
            f"{name} {type(estimator).__name__} has no sample_weight argument in fit, so it "
            f"cannot be trained on a re-weighted sample; use {mode_name}=\"resample\" "
            f"(draw a weighted sample each round) or a learner that accepts weights."
        )
    return estimator


def check_dense(X, *, name: str = "X"):
    """Reject scipy sparse matrices and arrays (densify them first if they fit in memory)."""
    import scipy.sparse

    if scipy.sparse.issparse(X):
        raise TypeError(
            f"{name} is a sparse {type(X).__name__}; sparse input is not supported here. "
            f"Use {name}.toarray() if it fits in memory."
        )
    return X


def check_round(value, n_rounds: int, *, name: str = "round") -> int:
    """A boosting round t with 1 <= t <= n_rounds (the fitted number of rounds)."""
    value = check_positive_int(name, value)
    if value > n_rounds:
        raise ValueError(f"{name} must be at most the {n_rounds} fitted rounds; got {value}.")
    return value


# --- evolution (issue 6, patterneval.evolution) -----------------------------------------


def check_bit_population(value, *, name: str = "population", min_rows: int = 1) -> np.ndarray:
    """Chromosomes as a 2-d array of bits (bool, or integers/floats equal to 0 or 1), one
    row per individual; returns a bool array. A 1-d input is one individual."""
    if value is None or isinstance(value, (str, bytes)) or np.isscalar(value):
        raise TypeError(f"{name} must be a 2-d array of 0/1 bits (one row per individual); got {_show(value)}.")
    arr = np.asarray(value)
    if arr.ndim == 1:
        arr = arr[None, :]
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-d (individuals x bits); got an array of shape {arr.shape}.")
    if arr.dtype != bool:
        if arr.dtype.kind not in "iuf":
            raise TypeError(f"{name} must hold bits 0/1; got dtype {arr.dtype}.")
        if not np.all((arr == 0) | (arr == 1)):
            raise ValueError(f"{name} must hold only 0 and 1; got values {_show(np.unique(arr)[:6].tolist())}.")
        arr = arr.astype(bool)
    if arr.shape[0] < min_rows or arr.shape[1] < 1:
        raise ValueError(f"{name} needs at least {min_rows} individual(s) and 1 bit; got shape {arr.shape}.")
    return arr


def check_fitness_values(values, *, size: int | None = None, name: str = "fitness",
                         non_negative: bool = False) -> np.ndarray:
    """One finite real fitness per individual (1-d, non-empty); with ``non_negative`` (roulette
    selection) every value must be >= 0 and their sum > 0."""
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a 1-d array of real numbers; got {_show(values)}.")
    arr = np.asarray(values)
    if arr.dtype == bool or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers; got {_show(values)}.")
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-d array (one value per individual); got shape {arr.shape}.")
    if size is not None and arr.size != size:
        raise ValueError(f"{name} has {arr.size} values but the population has {size} individuals.")
    arr = arr.astype(np.float64)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values.")
    if non_negative:
        if np.any(arr < 0):
            raise ValueError(
                f"{name} must be >= 0 for fitness-proportional (roulette) selection; got minimum "
                f"{arr.min():.6g}. Shift the fitness or use tournament/truncation selection."
            )
        if arr.sum() <= 0:
            raise ValueError(f"{name} sums to 0; fitness-proportional (roulette) selection is undefined.")
    return arr


def check_schema(schema) -> str:
    """A schema: a non-empty string over '0', '1' and '#' (don't care)."""
    if not isinstance(schema, str):
        raise TypeError(f"schema must be a string over '0', '1', '#'; got {_show(schema)}.")
    bad = sorted(set(schema) - set("01#"))
    if not schema or bad:
        raise ValueError(f"schema must be a non-empty string over '0', '1', '#'; got {schema!r}"
                         + (f" (invalid characters {bad})." if bad else "."))
    return schema


# --- compare: ROC/AUC and calibration (issue 16) ---------------------------------------------

def check_binary_target(y_true, *, pos_label=None, name: str = "y_true", both: bool = True) -> np.ndarray:
    """Binary outcomes as a bool array (True = positive class).

    The positive class is ``pos_label`` if given; otherwise 1 when the labels are among
    {0, 1} (or bool) or {-1, 1}, else the greater of exactly two labels (``np.unique``
    order). With ``both`` (an AUC, a DeLong variance) both classes must occur; without it
    (calibration) all outcomes may be of one class when the labels say which one that is.
    """
    if value_is_scalar(y_true):
        raise TypeError(f"{name} must be a 1-d array of class labels; got {_show(y_true)}.")
    arr = check_no_nan_labels(name, y_true)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
    if arr.size == 0:
        raise ValueError(f"{name} is empty; it needs one outcome per sample.")
    labels = np.unique(arr)
    if labels.size > 2:
        raise ValueError(f"{name} must hold two classes (binary outcomes); got {labels.size} "
                         f"({_show(labels.tolist())}). Reduce the problem to one class versus the rest.")
    numeric = arr.dtype == bool or arr.dtype.kind in "iuf"
    if pos_label is None:
        values = set(labels.tolist())
        if numeric and (values <= {0, 1} or values <= {-1, 1}):
            pos_label = 1
        elif labels.size == 2:
            pos_label = labels[1]
        else:
            raise ValueError(f"{name} holds the single class {labels[0].item()!r}; pass pos_label to say "
                             f"whether it is the positive class.")
    elif pos_label not in set(labels.tolist()) and (both or labels.size == 2):
        raise ValueError(f"pos_label={pos_label!r} is not one of the classes of {name} "
                         f"({_show(labels.tolist())}).")
    positive = arr == pos_label
    if both and (positive.all() or not positive.any()):
        which = "positive" if positive.all() else "negative"
        raise ValueError(f"{name} holds only {which} samples ({arr.size} of them); an AUC compares "
                         f"positives with negatives and needs both classes.")
    return positive


def value_is_scalar(value) -> bool:
    """None, a string or a number: not an array of labels or scores."""
    return value is None or np.isscalar(value)


def check_score_vector(name: str, scores, n: int, *, n_name: str = "y_true") -> np.ndarray:
    """Real-valued scores, one per sample: a finite 1-d float array of length ``n``."""
    if value_is_scalar(scores):
        raise TypeError(f"{name} must be a 1-d array of real scores; got {_show(scores)}.")
    arr = check_numeric_array(name, scores, allow_bool=False)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-d (one score per sample); got an array of shape {arr.shape}.")
    if arr.size != n:
        raise ValueError(f"{name} has {arr.size} entries but {n_name} has {n}.")
    return arr


def check_probability_matrix(name: str, proba, n: int, *, n_name: str = "y_true", atol: float = 1e-6) -> np.ndarray:
    """Predicted probabilities: a 1-d array (of the positive class) or a 2-d array with one
    row per sample and one column per class, every entry in [0, 1] and, for 2-d, every row
    summing to 1 within ``atol``. Returns a float array."""
    if value_is_scalar(proba):
        raise TypeError(f"{name} must be an array of probabilities; got {_show(proba)}.")
    arr = check_numeric_array(name, proba, allow_bool=False)
    if arr.ndim not in (1, 2) or arr.size == 0:
        raise ValueError(f"{name} must be 1-d (probability of the positive class) or 2-d (n_samples, "
                         f"n_classes); got an array of shape {arr.shape}.")
    if arr.shape[0] != n:
        raise ValueError(f"{name} has {arr.shape[0]} entries but {n_name} has {n}.")
    if np.any(arr < 0) or np.any(arr > 1):
        raise ValueError(f"{name} must lie in [0, 1]; got values from {arr.min():.6g} to {arr.max():.6g}.")
    if arr.ndim == 2:
        if arr.shape[1] < 2:
            raise ValueError(f"{name} must have at least two columns (one per class); got shape {arr.shape}.")
        worst = float(np.max(np.abs(arr.sum(axis=1) - 1.0)))
        if worst > atol:
            raise ValueError(f"every row of {name} must sum to 1 (class probabilities); the worst row is "
                             f"off by {worst:.3g}.")
    return arr


# --- compare: two classifiers, many classifiers (issue 16) ---------------------------------


def check_paired_scores(scores_a, scores_b, *, names=("scores_a", "scores_b"), min_size: int = 2):
    """Two 1-d arrays of finite real scores that pair up entry by entry (the same folds, the
    same data sets), with at least ``min_size`` pairs. Returns two float arrays."""
    arrays = []
    for name, value in zip(names, (scores_a, scores_b)):
        if value is None or np.isscalar(value):
            raise TypeError(f"{name} must be a 1-d array of scores; got {_show(value)}.")
        arr = check_numeric_array(name, value, allow_bool=False)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be 1-d (one score per fold or data set); got an array of "
                             f"shape {arr.shape}.")
        arrays.append(arr)
    if arrays[0].size != arrays[1].size:
        raise ValueError(f"{names[1]} has {arrays[1].size} entries but {names[0]} has {arrays[0].size}; "
                         f"the scores must pair up (same folds or data sets, same order).")
    if arrays[0].size < min_size:
        raise ValueError(f"{names[0]} and {names[1]} need at least {min_size} paired scores; got "
                         f"{arrays[0].size}.")
    return arrays[0], arrays[1]


def check_score_matrix(scores, *, name: str = "scores", min_datasets: int = 2,
                       min_classifiers: int = 2) -> np.ndarray:
    """Scores of k classifiers on N data sets: a finite 2-d array of shape (N, k), one row per
    data set and one column per classifier, with N >= ``min_datasets`` and
    k >= ``min_classifiers``. Returns a float array."""
    if scores is None or np.isscalar(scores):
        raise TypeError(f"{name} must be a 2-d array (n_datasets, n_classifiers); got {_show(scores)}.")
    arr = check_numeric_array(name, scores, allow_bool=False)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-d, shape (n_datasets, n_classifiers): one row per data set, "
                         f"one column per classifier; got an array of shape {arr.shape}.")
    if arr.shape[1] < min_classifiers:
        raise ValueError(f"{name} must hold at least {min_classifiers} classifiers (columns) to compare; "
                         f"got shape {arr.shape}.")
    if arr.shape[0] < min_datasets:
        raise ValueError(f"{name} must hold at least {min_datasets} data sets (rows); got shape {arr.shape}. "
                         f"Ranks over a single data set carry no information about the spread.")
    return arr


def check_exact_option(exact):
    """``exact`` of McNemar's test: None (choose by the number of discordant pairs), True or False."""
    if exact is None:
        return None
    return check_bool("exact", exact)


def check_classifier_index(name: str, value, k: int) -> int:
    """A column index 0 <= value < k (e.g. the control classifier of Holm's procedure)."""
    index = check_positive_int(name, value, minimum=0)
    if index >= k:
        raise ValueError(f"{name} must be a column index of scores, 0 <= {name} < {k}; got {index}.")
    return index


def check_significance_level(alpha, *, name: str = "alpha") -> float:
    """A significance level strictly between 0 and 1 (e.g. 0.05)."""
    if isinstance(alpha, (bool, np.bool_)) or not isinstance(alpha, numbers.Real):
        raise TypeError(f"{name} must be a real number in (0, 1); got {_show(alpha)}.")
    value = float(alpha)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1 (e.g. 0.05); got {value!r}.")
    return value


def check_halves(halves, n_samples: int, *, name: str = "halves", n_replications: int = 5):
    """Explicit 5x2 cross-validation halvings: ``n_replications`` pairs ``(first, second)`` of
    integer index arrays, disjoint within a pair, each non-empty and within 0..n_samples-1.
    Returns a list of pairs of intp arrays."""
    if isinstance(halves, (str, bytes)) or not hasattr(halves, "__len__"):
        raise TypeError(f"{name} must be a sequence of {n_replications} (first, second) pairs of index "
                        f"arrays; got {_show(halves)}.")
    if len(halves) != n_replications:
        raise ValueError(f"{name} must hold {n_replications} (first, second) pairs, one per replication; "
                         f"got {len(halves)}.")
    out = []
    for i, pair in enumerate(halves):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise TypeError(f"{name}[{i}] must be a pair (first, second) of index arrays; got {_show(pair)}.")
        parts = []
        for part in pair:
            arr = np.asarray(part)
            if arr.dtype == bool or arr.dtype.kind not in "iu" or arr.ndim != 1 or arr.size == 0:
                raise TypeError(f"{name}[{i}] must hold two non-empty 1-d integer index arrays; got "
                                f"{_show(part)}.")
            if arr.min() < 0 or arr.max() >= n_samples:
                raise ValueError(f"{name}[{i}] holds indices outside 0..{n_samples - 1}.")
            parts.append(arr.astype(np.intp))
        if np.intersect1d(parts[0], parts[1]).size:
            raise ValueError(f"{name}[{i}]: the two halves overlap; a sample cannot be in both the "
                             f"training and the test half.")
        out.append(tuple(parts))
    return out
