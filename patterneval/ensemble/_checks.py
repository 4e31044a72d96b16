"""Input checks shared by the modules of ``patterneval.ensemble``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations

import numpy as np
from sklearn.utils.multiclass import type_of_target

from .._validation import (
    check_array,
    check_classification_target,
    check_labels,
    fail,
    show,
    validate_estimator_data,
)

_SHAPES = {2: "(n_members, n_samples)", 3: "(n_members, n_samples, n_classes)"}
_KINDS = {2: " of labels", 3: " of class scores"}


def classifier_fit_data(estimator, X, y, *, min_classes: int = 2, binary: bool = False, **kwargs):
    """The data of an ensemble classifier's ``fit``, validated once.

    ``X`` and ``y`` go through scikit-learn's ``validate_data``
    (:func:`~patterneval._validation.validate_estimator_data`, which sets
    ``n_features_in_``; ``kwargs`` are its options); then ``y`` must be class labels (not a
    continuous target, not objects other than strings) of at least ``min_classes`` classes, and at most two if ``binary``
    (scikit-learn's estimator checks look for "Only binary classification is supported").
    Returns ``X``, the sorted classes and each row's class index."""
    X, y = validate_estimator_data(estimator, X, y, **kwargs)
    if y.dtype == object:  # objects other than strings: scikit-learn's "Unknown label type for y"
        type_of_target(y, input_name="y", raise_unknown=True)
    else:
        check_classification_target(y)  # a continuous target is not class labels
    y = check_labels("y", y, min_classes=min_classes)
    classes, codes = np.unique(y, return_inverse=True)
    if binary and classes.size > 2:
        raise fail(
            "y",
            "labels of at most 2 classes",
            f"{classes.size} classes ({show(classes.tolist())})",
            echo=False,
            hint=f"Only binary classification is supported by {type(estimator).__name__}: "
            "use sklearn.multiclass.OneVsRestClassifier, or scikit-learn's "
            "AdaBoostClassifier (SAMME).",
        )
    return X, classes, codes


def check_convex_weights(
    weights, size: int, *, name: str = "weights", size_name: str = "predictions"
):
    """Combination weights of an ensemble: ``size`` finite numbers >= 0 summing to 1
    (within 1e-9). ``None`` means equal weights 1/size."""
    if weights is None:
        return np.full(size, 1.0 / size)
    w = check_array(name, weights, ndim=1, n=size, n_name=size_name, low=0)
    if not np.isclose(w.sum(), 1.0, rtol=0, atol=1e-9):
        raise fail(
            name,
            "numbers >= 0 that sum to 1 (a convex combination)",
            f"a sum of {w.sum():.12g}",
            echo=False,
            hint="Divide by the sum first.",
        )
    return w


def check_member_outputs(
    predictions, *, name: str = "predictions", soft=None, real: bool = False, min_members: int = 1
) -> np.ndarray:
    """Outputs of ensemble members stacked along axis 0: labels of shape (n_members,
    n_samples) or class scores of shape (n_members, n_samples, n_classes), as one array or
    as a sequence of per-member arrays (a member whose shape differs from member 0's is
    named in the error).

    ``soft=True`` requires class scores, finite and in [0, 1]; ``soft=False`` labels (the
    rule of ``check_labels``: no NaN, inf, non-integral numbers or mix of strings and
    numbers); ``None`` either. ``real`` requires finite real numbers of the
    allowed shapes (averages, regression outputs). At least ``min_members`` members and
    one sample."""
    if predictions is None or np.isscalar(predictions) or isinstance(predictions, dict):
        raise fail(
            name, "an array with one row of outputs per member", predictions, error=TypeError
        )
    arr = predictions if isinstance(predictions, np.ndarray) else _stack_members(name, predictions)
    allowed = {True: (3,), False: (2,), None: (2, 3)}[soft]
    if arr.ndim not in allowed:
        raise fail(
            name,
            "an array of shape "
            + " or ".join(_SHAPES[d] + ("" if real else _KINDS[d]) for d in allowed),
            f"an array of shape {arr.shape}",
            echo=False,
        )
    if arr.shape[0] < min_members or 0 in arr.shape:
        raise fail(
            name,
            f"an array with at least {min_members} member{'s' * (min_members > 1)} and one sample",
            f"an array of shape {arr.shape}",
            echo=False,
        )
    if real or arr.ndim == 3:
        return check_array(name, arr, low=None if real else 0, high=None if real else 1)
    raw = (
        arr.ravel()
        if isinstance(predictions, np.ndarray) or arr.dtype.kind not in "US"
        else (np.asarray(predictions, dtype=object).ravel())
    )  # NaN in a list of strings became 'nan'
    check_labels(name, raw)
    return arr


def _stack_members(name, predictions):
    members = [np.asarray(p) for p in predictions]
    if not members:
        raise fail(
            name, "an array with at least 1 member and one sample", "an empty sequence", echo=False
        )
    for i, member in enumerate(members[1:], start=1):
        if member.shape != members[0].shape:
            raise fail(
                name,
                "member arrays of one shape (one output per sample, the same classes)",
                f"member {i} of shape {member.shape} and member 0 of shape {members[0].shape}",
                echo=False,
            )
    return np.stack(members)
