"""Input checks: a small vocabulary with one message template.

Every public function checks its arguments here first and works on the normalised values
the checks return, so its body holds no checks. A message has one shape wherever it is
raised::

    <argument> must be <what was allowed>; got <what came in>.

TypeError when the kind of value is wrong (a string for a number, a list for a bool),
ValueError when the kind is right but the value is not (out of range, wrong shape, NaN).
The vocabulary, in the spirit of scikit-learn's ``Interval``/``check_array``:

- scalars: :func:`check_scalar` (integers and reals in an interval), :func:`check_bool`,
  :func:`check_choice`, :func:`check_callable`, :func:`check_rng`, :func:`check_n_jobs`,
  :func:`check_path`;
- arrays: :func:`check_array` (numbers of a given dimension, size, range), :func:`check_labels`
  (class or cluster labels: one rule for both, that of scikit-learn's ``type_of_target``),
  :func:`check_same_length`, :func:`check_grid`;
- estimators and resampling: :func:`check_estimator`, :func:`check_X_y`,
  :func:`check_classification_target`, :func:`check_n_splits`, :func:`check_cv`,
  :func:`validate_estimator_data` (scikit-learn's ``validate_data``, for our estimators).

Checks that one module or one subpackage needs (MDPs, policies, schemas, vote tables,
partitions, ...) live beside the code they guard and are written in this vocabulary.
"""

from __future__ import annotations

import numbers
import operator
import os
import re
from typing import TypeGuard, TypeVar

import numpy as np

__all__ = [
    "check_array",
    "check_bool",
    "check_callable",
    "check_choice",
    "check_classification_target",
    "check_count_or_share",
    "check_cv",
    "check_estimator",
    "check_grid",
    "check_labels",
    "check_n_jobs",
    "check_n_splits",
    "check_path",
    "check_rng",
    "check_same_length",
    "check_scalar",
    "check_X_y",
    "fail",
    "n_rows",
    "show",
    "validate_estimator_data",
]

_CLOSED = ("both", "left", "right", "neither")


# ---------------------------------------------------------------- the message template


def show(value, limit: int = 60) -> str:
    """A short echo of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def fail(name: str, expected: str, got, *, error=ValueError, hint: str = "", echo: bool = True):
    """The error for argument ``name``: ``"<name> must be <expected>; got <got>."``.

    ``got`` is echoed through :func:`show` unless ``echo=False`` (then it is text already,
    such as ``"an array of shape (3,)"``); ``hint`` is a sentence that says how to fix it.
    Returns the exception for the caller to raise, so tracebacks point at the caller."""
    got_text = show(got) if echo else got
    message = f"{name} must be {expected}; got {got_text}."
    return error(f"{message} {hint}" if hint else message)


def _interval(low, high, closed: str) -> str:
    """``>= 1``, ``> 0``, ``in [0, 1]``, ``in (0, 1)``... for a message."""
    left = closed in ("both", "left")
    right = closed in ("both", "right")
    if low is not None and high is not None:
        return f"in {'[' if left else '('}{low:g}, {high:g}{']' if right else ')'}"
    if low is not None:
        return f"{'>=' if left else '>'} {low:g}"
    if high is not None:
        return f"{'<=' if right else '<'} {high:g}"
    return ""


def _outside(values, low, high, closed: str):
    """Boolean mask of the entries outside the interval (NaN counts as outside)."""
    left = closed in ("both", "left")
    right = closed in ("both", "right")
    bad = (
        np.isnan(values)
        if np.issubdtype(np.asarray(values).dtype, np.floating)
        else np.zeros(np.shape(values), bool)
    )
    if low is not None:
        bad = bad | ((values < low) if left else (values <= low))
    if high is not None:
        bad = bad | ((values > high) if right else (values >= high))
    return bad


# ---------------------------------------------------------------------------- scalars


def check_scalar(
    name: str, value, kind, *, low=None, high=None, closed: str = "both", hint: str = ""
):
    """A number of type ``kind`` (``int`` or ``float``) in an interval.

    ``int`` accepts Python and numpy integers (not bool, not ``5.0``); ``float`` accepts
    any finite real number (not bool, not a numeric string). ``low``/``high`` bound the
    value, ``closed`` says which ends belong to the interval ("both", "left", "right",
    "neither"), as in scikit-learn's ``Interval``. Returns an ``int`` or a ``float``.

    >>> check_scalar("n_splits", 5, int, low=2)
    5
    >>> check_scalar("alpha", 1.5, float, low=0, high=1, closed="neither")
    Traceback (most recent call last):
    ...
    ValueError: alpha must be a real number in (0, 1); got 1.5.
    """
    if closed not in _CLOSED:
        raise ValueError(f"closed must be one of {list(_CLOSED)}; got {closed!r}.")
    bounds = _interval(low, high, closed)
    if kind is int:
        expected = f"an integer {bounds}".rstrip()
        if isinstance(value, (bool, np.bool_)):
            raise fail(name, expected, value, error=TypeError, hint=hint)
        try:
            number = operator.index(value)
        except TypeError:
            raise fail(name, expected, value, error=TypeError, hint=hint) from None
    elif kind is float:
        expected = f"a real number {bounds}".rstrip()
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            raise fail(name, expected, value, error=TypeError, hint=hint)
        number = float(value)
        if not np.isfinite(number):
            raise fail(name, f"a finite real number {bounds}".rstrip(), number, hint=hint)
    else:
        raise TypeError(f"kind must be int or float; got {kind!r}.")
    if _outside(np.float64(number), low, high, closed):
        raise fail(name, expected, number, hint=hint)
    return number


def check_bool(name: str, value) -> bool:
    """Exactly ``True`` or ``False`` (Python or numpy). Truthy stand-ins (``"no"``, ``1``,
    ``None``) are rejected, so that ``stratify="no"`` cannot silently mean ``True``."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise fail(name, "True or False", value, error=TypeError)


_Choice = TypeVar("_Choice")


def check_choice(name: str, value: _Choice, allowed) -> _Choice:
    """One of the strings ``allowed``: ``value`` itself (of the caller's type, e.g. a Literal)."""
    expected = f"one of {list(allowed)}"
    if not isinstance(value, str):
        raise fail(name, f"a string, {expected}", value, error=TypeError)
    if value not in allowed:
        raise fail(name, expected, value)
    return value


def check_callable(name: str, value):
    """A function or any callable object, such as a data sampler."""
    if not callable(value):
        raise fail(name, "callable", value, error=TypeError)
    return value


def check_rng(rng, *, name: str = "rng", legacy: bool = False) -> np.random.Generator:
    """SPEC 7: None, an int seed or a Generator, always through ``default_rng``.

    With ``legacy`` (an estimator's ``random_state``) a ``numpy.random.RandomState`` is
    accepted too, as scikit-learn's meta-estimators pass one: one int32 seed is drawn
    from it, so a shared RandomState advances from fit to fit as in scikit-learn."""
    expected = "None, an int seed" + (
        ", a numpy.random.Generator or a RandomState" if legacy else " or a numpy.random.Generator"
    )
    if isinstance(rng, np.random.RandomState):
        if not legacy:
            raise fail(
                name,
                expected,
                "a legacy RandomState",
                error=TypeError,
                echo=False,
                hint="Use numpy.random.default_rng(seed).",
            )
        rng = int(rng.randint(np.iinfo(np.int32).max))
    if isinstance(rng, (bool, np.bool_)):
        raise fail(name, expected, rng, error=TypeError)
    try:
        return np.random.default_rng(rng)
    except (TypeError, ValueError):
        raise fail(name, expected, rng, error=TypeError) from None


def is_int_seed(rng) -> TypeGuard[int | np.integer]:
    """Whether ``rng`` is an int seed (a Python or numpy integer, not a bool): the same
    seed then gives the same draws, so a result computed from it can be kept or stored."""
    return isinstance(rng, (int, np.integer)) and not isinstance(rng, bool)


def check_n_jobs(n_jobs):
    """joblib's convention: None (defer to the active ``joblib.parallel_config``; one job
    outside any), a positive count, or negative (all cores + 1 + n_jobs)."""
    if n_jobs is None:
        return None
    expected = "None or a non-zero integer"
    if isinstance(n_jobs, (bool, np.bool_)):
        raise fail("n_jobs", expected, n_jobs, error=TypeError)
    try:
        value = operator.index(n_jobs)
    except TypeError:
        raise fail("n_jobs", expected, n_jobs, error=TypeError) from None
    if value == 0:
        raise fail("n_jobs", expected, 0)
    return value


def check_path(path, *, name: str = "path"):
    """A file path: a non-empty ``str`` or ``os.PathLike`` (an int would be taken for a file
    descriptor by ``open``)."""
    if not isinstance(path, (str, os.PathLike)):
        raise fail(name, "a file path (a str or an os.PathLike)", path, error=TypeError)
    if not os.fspath(path):
        raise fail(name, "a non-empty file path", path)
    return path


# ----------------------------------------------------------------------------- arrays


def n_rows(value):
    """The number of rows (samples) of an array-like, or None if it has none."""
    shape = getattr(value, "shape", None)
    if shape is not None:
        return shape[0] if len(shape) else None
    try:
        return len(value)
    except TypeError:
        return None


_KINDS = {
    "real": ("real numbers", "biuf"),
    "int": ("integers", "biuf"),
    "numeric": ("numbers", "biufc"),
}
_SHAPES = {1: "a 1-d array", 2: "a 2-d array", None: "an array"}


def _as_number_array(name, value, kind, expected):
    """``value`` as an array of numbers (strings, ragged rows and non-numbers refused)."""
    if value is None or isinstance(value, (str, bytes, dict)):
        raise fail(name, expected, value, error=TypeError)
    try:
        arr = np.asarray(value)
    except ValueError:
        raise fail(name, f"{expected} (rows of equal length)", value) from None
    if arr.dtype.kind == "O":
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError):
            raise fail(name, expected, value, error=TypeError) from None
    if arr.dtype.kind not in _KINDS[kind][1] or (arr.dtype == bool and kind == "int"):
        raise fail(
            name, expected, f"dtype {arr.dtype} ({show(value)})", error=TypeError, echo=False
        )
    return arr


def check_array(
    name: str,
    value,
    *,
    ndim=None,
    kind: str = "real",
    min_rows: int = 1,
    allow_nan: bool = False,
    allow_inf: bool = False,
    n=None,
    n_name=None,
    low=None,
    high=None,
    closed: str = "both",
    shape_hint: str = "",
):
    """An array of numbers: the one check behind every data matrix, vector and table.

    Parameters
    ----------
    name : str
        The argument, as named in messages.
    value : array-like
        What came in.
    ndim : {1, 2, None}
        Required dimension (None: any, scalars included).
    kind : {"real", "int", "numeric"}
        "real": bool, int or float entries, returned as float64; "int": whole numbers
        (floats only if every entry is integral), returned as int64; "numeric": any number,
        complex included, returned as is.
    min_rows : int
        Fewest rows (entries of a 1-d array); 0 allows an empty array.
    allow_nan, allow_inf : bool
        Whether NaN (e.g. "missing") and infinities may appear.
    n, n_name : int, str
        Required number of rows and the argument it must pair up with.
    low, high, closed
        Bounds on every entry, as in :func:`check_scalar`.
    shape_hint : str
        Names the axes in messages, e.g. ``"(n_samples, n_features)"``.

    >>> check_array("X", [1.0, 2.0], ndim=2, shape_hint="(n_samples, n_features)")
    Traceback (most recent call last):
    ...
    ValueError: X must be a 2-d array of real numbers (n_samples, n_features); got an array of shape (2,). Use X.reshape(-1, 1) for one feature.
    """
    expected = f"{_SHAPES[ndim]} of {_KINDS[kind][0]}" + (f" {shape_hint}" if shape_hint else "")
    if ndim is not None and np.isscalar(value):
        raise fail(name, expected, value, error=TypeError)
    arr = _as_number_array(name, value, kind, expected)
    if ndim is not None and arr.ndim != ndim:
        hint = f"Use {name}.reshape(-1, 1) for one feature." if ndim == 2 and arr.ndim == 1 else ""
        raise fail(name, expected, f"an array of shape {arr.shape}", echo=False, hint=hint)
    rows = arr.shape[0] if arr.ndim else 1
    if rows < min_rows or (arr.ndim == 2 and arr.shape[1] == 0 and min_rows):
        unit = "rows" if arr.ndim == 2 else "entries"
        raise fail(
            name, f"{expected} with at least {min_rows} {unit}", f"shape {arr.shape}", echo=False
        )
    if kind == "int" and arr.dtype.kind in "iu" and _float_exact(arr):
        arr = arr.astype(np.int64)  # finite and whole: what the round trip below gives
    else:
        if kind != "numeric":
            arr = _finite(name, arr.astype(np.float64), allow_nan, allow_inf)
        if kind == "int":
            whole = np.isnan(arr) | (arr == np.round(arr))
            if not np.all(whole):
                raise fail(name, expected, value, error=TypeError)
            arr = arr.astype(np.int64)
    if n is not None and rows != n:
        unit = "rows" if arr.ndim == 2 else "entries"
        raise ValueError(f"{name} has {rows} {unit} but {n_name} has {n}; they must pair up.")
    if (low is not None or high is not None) and np.any(_outside(arr, low, high, closed)):
        raise fail(name, f"an array of values {_interval(low, high, closed)}", value)
    return arr


def _float_exact(arr) -> bool:
    """Whether every entry of the integer array is exact in float64 (|v| <= 2**53)."""
    return arr.size == 0 or bool(-(2**53) <= arr.min() and arr.max() <= 2**53)


def _finite(name, arr, allow_nan, allow_inf):
    # One pass first: a NaN or an infinity makes the sum NaN or infinite, so a finite sum
    # clears the array; only a non-finite one (or a finite overflow) is counted below.
    if not (allow_nan or allow_inf):
        with np.errstate(over="ignore", invalid="ignore"):  # the sum is a probe, not a result
            if np.isfinite(np.add.reduce(arr, axis=None)):
                return arr
    nan = np.isnan(arr)
    inf = np.isinf(arr)
    bad = (0 if allow_nan else np.count_nonzero(nan)) + (0 if allow_inf else np.count_nonzero(inf))
    if bad:
        what = (
            "NaN or infinite"
            if not (allow_nan or allow_inf)
            else "infinite"
            if allow_nan
            else "NaN"
        )
        raise ValueError(f"{name} holds {bad} {what} values; remove or impute them first.")
    return arr


def _is_nan(value) -> bool:
    return isinstance(value, (float, complex, np.floating, np.complexfloating)) and value != value


def _count_nan_labels(arr, raw) -> int:
    """NaN entries of labels; ``raw`` is the argument as given (a list mixing NaN and
    strings becomes a string array in which NaN is the string 'nan')."""
    if arr.dtype.kind in "US" and not isinstance(raw, np.ndarray):
        try:
            arr = np.asarray(raw, dtype=object)
        except ValueError:
            return 0
    if arr.dtype.kind in "fc":
        return int(np.count_nonzero(np.isnan(arr)))
    if arr.dtype.kind == "O":
        return sum(1 for v in arr.ravel().tolist() if _is_nan(v))
    return 0


def _label_objects(arr, raw):
    """The labels as Python objects when their types may differ (an object array, or a
    list that numpy turned into strings: ``['a', 1]`` becomes ``['a', '1']``), else None."""
    if arr.dtype.kind == "O":
        return arr
    if arr.dtype.kind in "US" and not isinstance(raw, np.ndarray):
        try:
            return np.asarray(raw, dtype=object).reshape(-1)
        except ValueError:
            return None
    return None


_STRINGS = (str, bytes, np.str_, np.bytes_)


def _is_number(value) -> bool:
    return isinstance(value, (numbers.Number, np.bool_))


#: What a label is called in messages, by ``check_labels(kind=...)``, and how to fix a score
#: passed for one.
_LABEL_WORDS = {
    "class": (
        "class labels (binary or multiclass)",
        "predicted classes, not scores or probabilities (predict, not predict_proba)",
    ),
    "cluster": (
        "cluster labels",
        "hard cluster assignments, not scores, distances or soft memberships",
    ),
}


def _check_label_values(name, arr, raw, kind):
    """The label rule past NaN: no mix of strings and numbers, no complex, infinite or
    non-integral numbers (see :func:`check_labels`)."""
    what, fix = _LABEL_WORDS[kind]
    numbers_ = arr
    objects = _label_objects(arr, raw)
    if objects is not None:
        values = objects.tolist()
        types = set(map(type, values))  # a few types: the checks below are per type
        numeric = {t for t in types if issubclass(t, (numbers.Number, np.bool_))}
        if numeric and any(issubclass(t, _STRINGS) for t in types):
            first_string = next(v for v in values if isinstance(v, _STRINGS))
            first_number = next(v for v in values if _is_number(v))
            raise fail(
                name,
                f"{what} of one type (all strings or all numbers)",
                f"a mix of label input types (string and number), such as "
                f"{show(first_string)} and {show(first_number)}",
                echo=False,
                hint="Encode every label the same way, e.g. as strings.",
            )
        inexact = tuple(t for t in numeric if not issubclass(t, (numbers.Integral, np.bool_)))
        if not inexact:
            return
        numbers_ = np.asarray([v for v in values if isinstance(v, inexact)])
        if numbers_.dtype.kind == "O":  # Decimal, Fraction... and complex among them
            try:
                numbers_ = numbers_.astype(np.float64)
            except (TypeError, ValueError):
                try:
                    numbers_ = numbers_.astype(np.complex128)
                except (TypeError, ValueError):  # a number type numpy cannot convert
                    return
    elif arr.dtype.kind not in "fc":
        return
    rule = "Labels are integers, strings or integral floats such as 1.0"
    if numbers_.dtype.kind == "c":  # scikit-learn's "Complex data not supported", as for X
        raise fail(
            name,
            what,
            f"complex values ({show(numbers_[:5].tolist())})",
            echo=False,
            hint=f"Complex data not supported as labels. {rule}.",
        )
    inf = np.isinf(numbers_)
    fractional = ~inf & (numbers_ != np.round(numbers_))
    if fractional.any():
        bad = numbers_[fractional]
        raise fail(
            name,
            what,
            f"a 'continuous' target, {bad.size} non-integral value{'s' * (bad.size > 1)} of "
            f"{arr.size} ({show(bad[:5].tolist())})",
            echo=False,
            hint=f"Unknown label type: 'continuous', in the words of scikit-learn's "
            f"type_of_target. {rule}: pass {fix}.",
        )
    if inf.any():
        n_inf = int(np.count_nonzero(inf))
        raise fail(
            name,
            what,
            f"{n_inf} infinite value{'s' * (n_inf > 1)} of {arr.size} "
            f"({show(numbers_[inf][:5].tolist())})",
            echo=False,
            hint=f"{rule}.",
        )


def check_labels(
    name: str,
    value,
    *,
    n=None,
    n_name=None,
    min_classes=None,
    max_classes=None,
    min_size: int = 1,
    kind: str = "class",
):
    """Class or cluster labels: a 1-d array of identifiers, one per sample.

    One rule for every label the package takes -- classes (``y``, ``y_true``, ``y_pred``,
    a classifier's predictions, member votes) and clusters (``labels_true``,
    ``labels_pred``, ``labels``) alike -- as scikit-learn's ``type_of_target`` draws it:

    - integers, bools, strings, integral floats (``1.0``, scikit-learn's "binary" or
      "multiclass") and other hashable objects are labels;
    - non-integral numbers (``0.1``: probabilities or scores passed by mistake,
      ``type_of_target``'s "continuous"), infinite values and complex numbers are refused
      (ValueError);
    - a mix of strings and numbers (``['a', 1]``, which numpy would silently turn into
      ``['a', '1']``; scikit-learn's "Mix of label input types") is refused (ValueError);
    - NaN is refused: it is not equal to itself, so counting it as a class would make
      every NaN sample a class of its own (or, after ``np.unique``, one class of them all)
      depending on the code path.

    ``n`` (with ``n_name``) is the required length; ``min_classes`` and ``max_classes``
    bound the number of distinct labels; ``min_size`` is the fewest entries (0 allows an
    empty array). ``kind`` names the labels in messages, ``"class"`` (the default) or
    ``"cluster"`` (the rule is the same); ``kind="categories"`` checks the values of a
    nominal attribute instead (VDM's ``values``): any hashable values without NaN, a mix of
    types included, since they are data rather than labels. Returns ``np.asarray(value)``.

    >>> check_labels("y_pred", [0.1, 0.7, 0.3])
    Traceback (most recent call last):
    ...
    ValueError: y_pred must be class labels (binary or multiclass); got a 'continuous' target, 3 non-integral values of 3 ([0.1, 0.7, 0.3]). Unknown label type: 'continuous', in the words of scikit-learn's type_of_target. Labels are integers, strings or integral floats such as 1.0: pass predicted classes, not scores or probabilities (predict, not predict_proba).
    >>> check_labels("y", ["a", 1])
    Traceback (most recent call last):
    ...
    ValueError: y must be class labels (binary or multiclass) of one type (all strings or all numbers); got a mix of label input types (string and number), such as 'a' and 1. Encode every label the same way, e.g. as strings.
    >>> check_labels("y", [1.0, 0.0, 2.0]).tolist()
    [1.0, 0.0, 2.0]
    """
    if value is None or np.isscalar(value) or isinstance(value, dict):
        raise fail(name, "a 1-d array of labels", value, error=TypeError)
    arr = np.asarray(value)
    if arr.ndim != 1:
        raise fail(name, "a 1-d array of labels", f"an array of shape {arr.shape}", echo=False)
    n_nan = _count_nan_labels(arr, value)
    if n_nan:
        raise ValueError(
            f"{name} holds NaN labels ({n_nan} of {arr.size}); every sample needs a label, and "
            f"NaN cannot be a class or a cluster. Encode missing values as a label of their own."
        )
    if kind in _LABEL_WORDS:
        _check_label_values(name, arr, value, kind)
    elif kind != "categories":
        raise ValueError(f"kind must be 'class', 'cluster' or 'categories'; got {kind!r}.")
    if n is not None and arr.size != n:
        raise ValueError(f"{name} has {arr.size} entries but {n_name} has {n}; they must pair up.")
    if arr.size < min_size:
        raise fail(
            name,
            f"a 1-d array of at least {min_size} labels",
            f"{arr.size} labels" if arr.size else "an empty array",
            echo=False,
        )
    if min_classes is not None or max_classes is not None:
        _check_class_count(name, arr, min_classes, max_classes)
    return arr


def _check_class_count(name, arr, low, high):
    classes = np.unique(arr)
    if (low is None or classes.size >= low) and (high is None or classes.size <= high):
        return
    if low == high:
        expected = f"exactly {low} classes"
    elif high is None:
        expected = f"at least {low} classes"
    else:
        expected = f"between {low} and {high} classes"
    unit = (
        "class" if classes.size == 1 else "classes"
    )  # "1 class": what scikit-learn's checks look for
    raise fail(
        name,
        f"labels of {expected}",
        f"{classes.size} {unit} ({show(classes.tolist())})",
        echo=False,
    )


def check_same_length(first_name: str, first, second_name: str, second) -> None:
    """Two sequences that pair up entry by entry."""
    if len(first) != len(second):
        raise ValueError(
            f"{second_name} has {len(second)} entries but {first_name} has "
            f"{len(first)}; they must pair up."
        )


def check_grid(
    name: str, values, *, integer: bool = False, low=None, high=None, high_name: str | None = None
) -> np.ndarray:
    """A grid to compute over: a non-empty, strictly increasing 1-d sequence of finite
    numbers (whole numbers if ``integer``) in ``[low, high]``. Returns float64 or int64."""
    arr = check_array(name, values, ndim=1, kind="int" if integer else "real")
    if np.any(np.diff(arr) <= 0):
        raise fail(name, "strictly increasing (each value once)", arr.tolist())
    bound = f"{high_name} = {high}" if high_name else high
    if (low is not None and arr[0] < low) or (high is not None and arr[-1] > high):
        expected = (
            f"values in [{low}, {bound}]"
            if low is not None and high is not None
            else (f"values >= {low}" if low is not None else f"values <= {bound}")
        )
        raise fail(name, expected, arr.tolist())
    return arr


def check_count_or_share(name: str, value, n: int, *, of: str, hint: str = ""):
    """A count, an int in ``[1, n]``, or a share of ``n``, a real number in (0, 1] (bootstrap
    sample sizes, attributes per split). Returns the int or the float."""
    hint = (
        f"An int is a number of {of} (there are {n}); a float in (0, 1] is a share of them.{hint}"
    )
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        return check_scalar(name, value, int, low=1, high=n, hint=hint)
    return check_scalar(name, value, float, low=0, high=1, closed="right", hint=hint)


# ------------------------------------------------------------ estimators and resampling


def check_estimator(
    name: str,
    value,
    *,
    methods=("fit", "predict", "get_params"),
    example: str = "LogisticRegression()",
    role: str = "estimator",
):
    """A scikit-learn-compatible instance with ``methods`` (``get_params`` lets it be
    cloned into every fold)."""
    missing = [m for m in methods if not callable(getattr(value, m, None))]
    if isinstance(value, type) or missing:
        what = "a class, not an instance" if isinstance(value, type) else f"no {', '.join(missing)}"
        raise fail(
            name,
            f"a scikit-learn-compatible {role} instance with {', '.join(methods)} (e.g. {example})",
            f"{show(value)} ({what})",
            error=TypeError,
            echo=False,
        )
    return value


def check_X_y(X, y, *, min_classes: int = 2, names=("X", "y"), pass_through: bool = False):
    """A feature matrix and its class labels, one per row.

    ``X`` is a finite 2-d array of numbers, or with ``pass_through`` anything with rows (a
    DataFrame, a sparse matrix, NaN for an imputing pipeline) that goes to an estimator
    unchanged, as in scikit-learn's ``cross_validate`` (a sparse matrix without row
    indexing, such as COO, becomes CSR). ``y`` is as :func:`check_labels` with at least
    ``min_classes`` classes. Returns ``(X, y)`` with ``y`` an array."""
    xn, yn = names
    if pass_through:
        n_x = (
            None if X is None or np.isscalar(X) or isinstance(X, (str, bytes, dict)) else n_rows(X)
        )
        if n_x is None:
            raise fail(
                xn,
                "array-like with one row per sample (an array, a DataFrame or a sparse matrix)",
                X,
                error=TypeError,
            )
        import scipy.sparse

        if scipy.sparse.issparse(X) and X.format not in ("csr", "csc", "lil", "dok"):
            X = X.tocsr()
    else:
        X = check_array(xn, X, ndim=2, shape_hint="(n_samples, n_features)")
        n_x = X.shape[0]
    y = check_labels(yn, y, n=n_x, n_name=xn, min_classes=min_classes)
    return X, y


def check_classification_target(
    y, *, estimator=None, name: str = "y", estimator_name: str = "estimator"
):
    """Class labels and, if given, an estimator that predicts them: an error rate counts
    wrong labels, so it needs a classification problem. ``y`` must be scikit-learn's
    ``"binary"`` or ``"multiclass"`` (a ``"continuous"`` target would make every prediction
    a mistake); a known regressor (``is_regressor``) is refused. Returns ``y``."""
    from sklearn.base import is_regressor
    from sklearn.utils.multiclass import type_of_target

    kind = type_of_target(y, input_name=name)
    if kind not in ("binary", "multiclass"):
        raise fail(
            name,
            "class labels (binary or multiclass)",
            f"a {kind!r} target ({show(np.asarray(y).ravel()[:5].tolist())}...)",
            echo=False,
            hint="Error rates are for classification: encode the classes as labels, or "
            "use a regression metric.",
        )
    if estimator is not None and is_regressor(estimator):
        raise fail(
            estimator_name,
            "a classifier",
            f"the regressor {show(estimator)}",
            echo=False,
            hint="An error rate counts wrong class labels, which a regressor does not predict.",
        )
    return y


def check_n_splits(n_splits, y, *, stratify: bool, name: str = "n_splits") -> int:
    """Folds of cross-validation: 2 <= n_splits <= n_samples, and with ``stratify`` no
    class smaller than ``n_splits`` (each fold must see every class). ``name`` is the
    argument the caller took it as (``"cv"`` for an int ``cv=``)."""
    n_splits = check_scalar(
        name, n_splits, int, low=2, high=len(y), hint=f"(there are {len(y)} samples)"
    )
    if stratify:
        labels, counts = np.unique(y, return_counts=True)
        smallest = int(np.argmin(counts))
        if counts[smallest] < n_splits:
            raise fail(
                name,
                f"at most {counts[smallest]}, the size of the smallest class "
                f"{labels[smallest].item()!r}",
                n_splits,
                hint="Stratified folds need every class in each fold: use fewer folds, "
                "or pass an unstratified splitter (cv=KFold(...)).",
            )
    return n_splits


def check_cv(cv, y, *, stratify: bool = True):
    """What ``cv=`` may be, as scikit-learn's ``cv``: an int number of folds (stratified
    for a classifier, see :func:`check_n_splits`), a splitter instance (with ``split`` and
    ``get_n_splits``, such as ``RepeatedStratifiedKFold``), or an iterable of
    ``(train, test)`` index pairs. Returns the int, the splitter, or the pairs as a list of
    two int arrays each (indices in ``range(len(y))``, both parts non-empty, disjoint)."""
    if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
        return check_n_splits(cv, y, stratify=stratify, name="cv")
    if (
        callable(getattr(cv, "split", None))
        or isinstance(cv, (str, bytes, numbers.Number))
        or cv is None
    ):
        return check_estimator(
            "cv",
            cv,
            methods=("split", "get_n_splits"),
            role="splitter",
            example="StratifiedKFold(5)",
        )
    try:
        pairs = list(cv)
    except TypeError:
        raise fail(
            "cv",
            "an int, a scikit-learn splitter (e.g. StratifiedKFold(5)) or an "
            "iterable of (train, test) index pairs",
            cv,
            error=TypeError,
        ) from None
    if not pairs:
        raise fail("cv", "at least one (train, test) pair", "an empty iterable", echo=False)
    n = len(y)
    checked = []
    for i, pair in enumerate(pairs):
        try:
            train, test = pair
        except (TypeError, ValueError):
            raise fail(
                "cv",
                "(train, test) index pairs",
                f"entry {i}: {show(pair)}",
                error=TypeError,
                echo=False,
            ) from None
        parts = []
        for part, name in ((train, "train"), (test, "test")):
            a = np.asarray(part)
            if a.dtype == bool and a.shape == (n,):
                a = np.flatnonzero(a)  # a boolean mask, as scikit-learn accepts
            if a.ndim != 1 or a.size == 0 or not np.issubdtype(a.dtype, np.integer):
                raise fail(
                    "cv",
                    "non-empty 1-d integer index arrays",
                    f"the {name} part of pair {i}: {show(part)}",
                    error=TypeError,
                    echo=False,
                )
            if a.min() < 0 or a.max() >= n:
                raise fail(
                    "cv",
                    f"indices in 0..{n - 1} (there are {n} samples)",
                    f"the {name} part of pair {i} holds {int(a.min() if a.min() < 0 else a.max())}",
                    echo=False,
                )
            parts.append(a.astype(np.intp, copy=False))
        if np.intersect1d(parts[0], parts[1]).size:
            raise fail(
                "cv",
                "disjoint train and test parts",
                f"pair {i} tests on samples it trains on",
                echo=False,
            )
        checked.append((parts[0], parts[1]))
    return checked


def validate_estimator_data(
    estimator, X, y="no_validation", *, name: str = "X", labels=None, **kwargs
):
    """scikit-learn's ``validate_data(estimator, X[, y], **kwargs)``: our estimators
    validate their input once, through it (it sets ``n_features_in_`` and the feature
    names, and its messages are those scikit-learn's estimator checks look for). Every
    error names the argument at fault: a scalar ``X`` or ``y`` is a TypeError, rows that
    do not pair up name both, NaN labels of a classifier (or with ``labels=True``, of any
    estimator whose y holds classes) get :func:`check_labels`' message,
    and a message of scikit-learn that names neither (strings in X, an empty or 1-d X,
    NaN or inf) is kept whole behind the name of X."""
    from sklearn.base import is_classifier
    from sklearn.utils.validation import validate_data

    if X is None or np.isscalar(X):
        raise fail(name, "a 2-d array (n_samples, n_features)", X, error=TypeError)
    has_y = not (isinstance(y, str) and y == "no_validation")
    if has_y and y is not None:
        if np.isscalar(y):
            raise fail("y", f"a 1-d array with one target per row of {name}", y, error=TypeError)
        n_x, n_y = n_rows(X), n_rows(y)
        if n_x is not None and n_y is not None and n_x != n_y:
            raise ValueError(
                f"y has {n_y} entries but {name} has {n_x} rows; they must pair up "
                f"(inconsistent numbers of samples)."
            )
        if is_classifier(estimator) if labels is None else labels:  # a column: warned, raveled
            labels = np.asarray(y)
            check_labels(
                "y", labels.ravel() if labels.ndim == 2 and labels.shape[1] == 1 else y, min_size=0
            )  # an empty X and y: scikit-learn's message names X
    try:
        return (
            validate_data(estimator, X, y, **kwargs)
            if has_y
            else validate_data(estimator, X, **kwargs)
        )
    except (TypeError, ValueError) as exc:
        message = str(exc)
        if type(exc) not in (TypeError, ValueError) or re.search(
            rf"(?<!\w)({name}|y)(?!\w)", message
        ):
            raise
        raise type(exc)(
            f"{name} must be a 2-d array of finite numbers (n_samples, n_features): {message}"
        ) from None
