"""What every resampling method shares: fitting clones on index sets, in parallel, with
reproducible per-task random streams and an optional progress bar, and one rule for a
training set that holds a single class."""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs
from sklearn.base import clone
from sklearn.model_selection import KFold, StratifiedKFold

from .._validation import check_bool
from ._rows import take_rows

__all__ = ["SINGLE_CLASS_OPTIONS", "fit_predict", "is_serial", "make_folds", "run_tasks", "single_class_label",
           "single_class_error", "spawn"]

#: What a resampling method does with a training set that holds a single class:
#: ``"constant"`` predicts that class, ``"raise"`` stops with a ValueError. The bootstrap
#: also offers ``"redraw"`` (see :func:`patterneval.bootstrap_error`).
SINGLE_CLASS_OPTIONS = ("constant", "raise")


def single_class_label(y_train):
    """The one class of ``y_train`` if it holds a single class, else ``None``."""
    first = y_train[0]
    return first if np.all(y_train == first) else None


def single_class_error(label, where: str) -> ValueError:
    """The ValueError of ``single_class="raise"``, naming the training set and its class."""
    return ValueError(
        f"the training set of {where} holds a single class ({np.asarray(label).item()!r}): most classifiers "
        f"cannot be fitted on it. Pass single_class='constant' to predict that class for its "
        f"test samples (the limit of any rule fitted on one class), or use more samples or "
        f"stratified folds."
    )


def fit_predict(estimator, X, y, train, test, single_class="constant"):
    """Predictions on ``X[test]`` of a fresh clone of ``estimator`` fitted on ``train``
    (rows taken by :func:`take_rows`, so ``X`` may be a DataFrame or a sparse matrix).

    A training set of a single class gives that class for every test sample
    (``single_class="constant"``) without fitting, or a ValueError (``"raise"``).
    """
    label = single_class_label(y[train])
    if label is not None:
        if single_class == "raise":
            raise single_class_error(label, f"{test.size} test sample(s)")
        return np.full(test.size, label, dtype=y.dtype)
    with x_passed_through("fit", train.size):
        model = clone(estimator).fit(take_rows(X, train), y[train])
    with x_passed_through("predict", test.size):
        return model.predict(take_rows(X, test))


@contextmanager
def x_passed_through(step: str, n_rows: int):
    """Re-raise an estimator's TypeError/ValueError as one that names the argument ``X``.

    ``X`` reaches the estimator unchanged (a DataFrame for a pipeline, a sparse matrix,
    NaN for an imputer), so the estimator's own check speaks; its message says what is
    wrong but not that the culprit is the argument ``X`` of our function.
    """
    try:
        yield
    except (TypeError, ValueError) as exc:
        kind = TypeError if isinstance(exc, TypeError) else ValueError
        raise kind(f"X was passed unchanged to the estimator, whose {step} on {n_rows} rows "
                   f"rejected it: {exc}") from exc


def make_folds(y, *, n_splits: int, n_repeats: int, stratify: bool, rng: np.random.Generator):
    """``n_repeats`` shuffled k-fold partitions: a list (one per repeat) of (train, test) pairs.

    Repeat r is scikit-learn's ``StratifiedKFold`` (or ``KFold``) seeded from the r-th
    child stream of ``rng``, so repeat r's folds do not depend on ``n_repeats``, and every
    method given the same ``rng`` (cross-validation, CV1 and CV2 of feature selection)
    uses the same folds.
    """
    splitter = StratifiedKFold if stratify else KFold
    placeholder = np.zeros((len(y), 1))
    seeds = [int(child.integers(2**32)) for child in spawn(rng, n_repeats)]
    return [list(splitter(n_splits, shuffle=True, random_state=seed).split(placeholder, y)) for seed in seeds]


def spawn(rng: np.random.Generator, n: int) -> list[np.random.Generator]:
    """``n`` independent child generators: task i gets the same stream whatever ``n_jobs``."""
    return rng.spawn(n)


def is_serial(n_jobs) -> bool:
    """Whether ``n_jobs`` (already checked by ``check_n_jobs``) runs tasks in this process.

    scikit-learn's convention: ``n_jobs=1`` is serial; ``n_jobs=None`` defers to joblib's
    active configuration (``with joblib.parallel_config(backend=..., n_jobs=...)``), which
    is serial outside any such context (joblib's default of one job) and under a context
    whose backend offers a single worker.
    """
    return n_jobs == 1 or (n_jobs is None and effective_n_jobs(None) == 1)


def run_tasks(func, tasks, *, n_jobs=None, progress=False, desc=None, total=None) -> list:
    """``[func(*task) for task in tasks]``, through joblib when ``n_jobs`` asks for it.

    joblib's backends (loky by default; Dask or Ray via ``joblib.parallel_config``) let a
    user move the same call to a cluster. ``n_jobs=None`` follows the active
    ``joblib.parallel_config`` (its backend and its ``n_jobs``), as in scikit-learn; with
    no context it runs serially. ``progress=True`` shows a tqdm bar (tqdm.auto: a widget
    in notebooks, text elsewhere). Results come back in task order.
    """
    tasks = list(tasks)
    if is_serial(n_jobs):
        results = (func(*task) for task in tasks)
    else:
        results = Parallel(n_jobs=n_jobs, return_as="generator")(delayed(func)(*task) for task in tasks)
    if check_bool("progress", progress):
        from tqdm.auto import tqdm

        results = tqdm(results, total=total or len(tasks), desc=desc)
    return list(results)
