"""Input checks shared by the modules of ``patterneval.compare``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations

import numbers

import numpy as np

from .._validation import check_no_nan_labels, check_numeric_array, show, value_is_scalar


def check_binary_target(y_true, *, pos_label=None, name: str = "y_true", both: bool = True) -> np.ndarray:
    """Binary outcomes as a bool array (True = positive class).

    The positive class is ``pos_label`` if given; otherwise 1 when the labels are among
    {0, 1} (or bool) or {-1, 1}, else the greater of exactly two labels (``np.unique``
    order). With ``both`` (an AUC, a DeLong variance) both classes must occur; without it
    (calibration) all outcomes may be of one class when the labels say which one that is.
    """
    if value_is_scalar(y_true):
        raise TypeError(f"{name} must be a 1-d array of class labels; got {show(y_true)}.")
    arr = check_no_nan_labels(name, y_true)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-d; got an array of shape {arr.shape}.")
    if arr.size == 0:
        raise ValueError(f"{name} is empty; it needs one outcome per sample.")
    labels = np.unique(arr)
    if labels.size > 2:
        raise ValueError(f"{name} must hold two classes (binary outcomes); got {labels.size} "
                         f"({show(labels.tolist())}). Reduce the problem to one class versus the rest.")
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
                         f"({show(labels.tolist())}).")
    positive = arr == pos_label
    if both and (positive.all() or not positive.any()):
        which = "positive" if positive.all() else "negative"
        raise ValueError(f"{name} holds only {which} samples ({arr.size} of them); an AUC compares "
                         f"positives with negatives and needs both classes.")
    return positive


def check_paired_scores(scores_a, scores_b, *, names=("scores_a", "scores_b"), min_size: int = 2):
    """Two 1-d arrays of finite real scores that pair up entry by entry (the same folds, the
    same data sets), with at least ``min_size`` pairs. Returns two float arrays."""
    arrays = []
    for name, value in zip(names, (scores_a, scores_b)):
        if value is None or np.isscalar(value):
            raise TypeError(f"{name} must be a 1-d array of scores; got {show(value)}.")
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


def check_significance_level(alpha, *, name: str = "alpha") -> float:
    """A significance level strictly between 0 and 1 (e.g. 0.05)."""
    if isinstance(alpha, (bool, np.bool_)) or not isinstance(alpha, numbers.Real):
        raise TypeError(f"{name} must be a real number in (0, 1); got {show(alpha)}.")
    value = float(alpha)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1 (e.g. 0.05); got {value!r}.")
    return value
