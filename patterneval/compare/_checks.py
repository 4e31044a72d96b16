"""Input checks shared by the modules of ``patterneval.compare``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations

import numpy as np

from .._validation import check_array, check_labels, fail, show


def check_binary_target(y_true, *, pos_label=None, name: str = "y_true", both: bool = True) -> np.ndarray:
    """Binary outcomes as a bool array (True = positive class).

    The positive class is ``pos_label`` if given; otherwise 1 when the labels are among
    {0, 1} (or bool) or {-1, 1}, else the greater of exactly two labels (``np.unique``
    order). With ``both`` (an AUC, a DeLong variance) both classes must occur; without it
    (calibration) all outcomes may be of one class when the labels say which one that is.
    """
    arr = check_labels(name, y_true)
    labels = np.unique(arr)
    if labels.size > 2:
        raise fail(name, "labels of two classes (binary outcomes)", f"{labels.size} ({show(labels.tolist())})",
                   echo=False, hint="Reduce the problem to one class versus the rest.")
    numeric = arr.dtype == bool or arr.dtype.kind in "iuf"
    if pos_label is None:
        values = set(labels.tolist())
        if numeric and (values <= {0, 1} or values <= {-1, 1}):
            pos_label = 1
        elif labels.size == 2:
            pos_label = labels[1]
        else:
            raise fail(name, "labels of two classes, or of one named by pos_label",
                       f"the single class {labels[0].item()!r}", echo=False,
                       hint="Pass pos_label to say whether it is the positive class.")
    elif pos_label not in set(labels.tolist()) and (both or labels.size == 2):
        raise fail("pos_label", f"one of the classes of {name} ({show(labels.tolist())})", pos_label)
    positive = arr == pos_label
    if both and (positive.all() or not positive.any()):
        which = "positive" if positive.all() else "negative"
        raise fail(name, "labels of both classes (an AUC compares positives with negatives)",
                   f"only {which} samples ({arr.size} of them)", echo=False)
    return positive


def check_paired_scores(scores_a, scores_b, *, names=("scores_a", "scores_b"), min_size: int = 2):
    """Two 1-d arrays of finite real scores that pair up entry by entry (the same folds, the
    same data sets), with at least ``min_size`` pairs. Returns two float arrays."""
    hint = "(one score per fold or data set)"
    a = check_array(names[0], scores_a, ndim=1, min_rows=min_size, shape_hint=hint)
    b = check_array(names[1], scores_b, ndim=1, n=a.size, n_name=names[0], shape_hint=hint)
    return a, b
