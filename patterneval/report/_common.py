"""Steps the classifier reports share: the seeds drawn from ``rng``, ``cv=None`` resolved,
the hold-out split, a model fitted on its training part and its predictions and scores,
out-of-fold scores of one repeat, and an estimator's display name."""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.base import clone
from sklearn.model_selection import RepeatedStratifiedKFold, train_test_split

from .._engine import cv_splits, partitions, x_passed_through
from .._validation import check_rng, fail, show

#: ``cv=None`` in the reports: 10 repeats of stratified 10-fold cross-validation
#: (Bouckaert & Frank 2004), seeded by the report's ``seeds["cv"]``.
DEFAULT_FOLDS, DEFAULT_REPEATS = 10, 10


def draw_seeds(rng, names) -> dict:
    """One int seed per step, drawn in order from ``rng`` (so each step can be re-run alone
    with the same seed)."""
    gen = check_rng(rng)
    return {name: int(s) for name, s in zip(names, gen.integers(2**31 - 1, size=len(names)))}


def resolve_cv(cv, seed: int):
    """``cv=None`` as the splitter it stands for; anything else as given."""
    if cv is None:
        return RepeatedStratifiedKFold(
            n_splits=DEFAULT_FOLDS, n_repeats=DEFAULT_REPEATS, random_state=seed
        )
    return cv


def describe_cv(cv, groups) -> str:
    """``10 x 10-fold stratified CV``, ``5-fold stratified CV``, or the splitter's class name."""
    n_rep, n_fold = len(groups), len(groups[0])
    if isinstance(cv, RepeatedStratifiedKFold) or (
        isinstance(cv, numbers.Integral) and not isinstance(cv, bool)
    ):
        return (
            f"{n_rep} x {n_fold}-fold stratified CV"
            if n_rep > 1
            else f"{n_fold}-fold stratified CV"
        )
    name = type(cv).__name__ if hasattr(cv, "split") else "given (train, test) pairs"
    return f"{name} ({n_rep * n_fold} splits)"


def check_test_size(test_size, labels):
    """None, a fraction in (0, 1), or a count of test samples that leaves every class in
    both parts (``train_test_split`` stratified by ``labels``)."""
    if test_size is None:
        return None
    n, n_classes = labels.size, np.unique(labels).size
    if isinstance(test_size, (bool, np.bool_)) or not isinstance(test_size, numbers.Real):
        raise fail(
            "test_size",
            "None, a fraction in (0, 1) or a number of test samples",
            test_size,
            error=TypeError,
        )
    if isinstance(test_size, numbers.Integral):
        if not n_classes <= test_size <= n - n_classes:
            raise fail(
                "test_size",
                f"a number of test samples in {n_classes}..{n - n_classes} (every "
                f"class on both sides of the split; n = {n})",
                test_size,
            )
        return int(test_size)
    t = float(test_size)
    if not (np.isfinite(t) and 0 < t < 1):
        raise fail("test_size", "a fraction in (0, 1) or a number of test samples", t)
    if not n_classes <= round(t * n) <= n - n_classes:
        raise fail(
            "test_size",
            f"a fraction that leaves every class on both sides (n = {n}, {n_classes} classes)",
            t,
        )
    return t


def holdout_split(labels, test_size, seed: int):
    """(train, test) indices of a stratified split, drawn with ``seed``."""
    idx = np.arange(labels.size)
    try:
        train, test = train_test_split(idx, test_size=test_size, stratify=labels, random_state=seed)
    except ValueError as exc:
        raise fail(
            "test_size",
            "a split that leaves every class on both sides",
            show(test_size),
            echo=False,
            hint=str(exc),
        ) from None
    return np.sort(train), np.sort(test)


def fit_and_predict(estimator, Xr, yr, Xt, n_train: int, n_test: int):
    """A clone of ``estimator`` fitted on the ``n_train`` rows (``Xr``, ``yr``) and its
    predictions (an array) on the ``n_test`` rows ``Xt``: (model, predictions). The
    estimator's own error on X names the argument X."""
    with x_passed_through("fit", n_train):
        model = clone(estimator).fit(Xr, yr)
    with x_passed_through("predict", n_test):
        pred = np.asarray(model.predict(Xt))
    return model, pred


def model_scores(model, Xt, classes):
    """The scores of a fitted model on ``Xt``: the probability of the positive class
    ``classes[1]``, or the decision function (binary); every class's probability, in the
    order of ``classes`` (multiclass); None without either."""
    if hasattr(model, "predict_proba"):
        with x_passed_through("predict_proba", Xt.shape[0] if hasattr(Xt, "shape") else len(Xt)):
            proba = np.asarray(model.predict_proba(Xt), dtype=float)
        full = np.zeros((proba.shape[0], classes.size))
        full[:, np.searchsorted(classes, np.asarray(model.classes_))] = proba
        return full[:, 1] if classes.size == 2 else full
    if classes.size == 2 and hasattr(model, "decision_function"):
        return np.asarray(model.decision_function(Xt), dtype=float)
    return None


def first_partition(cv, labels, seed: int):
    """The (train, test) pairs of the first repeat of ``cv`` when their test parts partition
    the samples (so every sample gets one out-of-fold score), else None."""
    groups = cv_splits(cv, labels, stratify=True, rng=check_rng(seed))
    return groups, partition_or_none(groups[0], labels.size)


def partition_or_none(pairs, n_samples: int):
    """The (train, test) ``pairs`` as a list when their test parts partition the
    ``n_samples`` samples (every sample tested once), else None."""
    return list(pairs) if partitions(pairs, n_samples) else None


def estimator_name(est) -> str:
    """The class name; a pipeline's steps joined by ``+``."""
    steps = getattr(est, "steps", None)
    if isinstance(steps, list) and steps:
        return "+".join(type(s).__name__ for _, s in steps)
    return type(est).__name__
