"""What every resampling method shares: fitting clones on index sets, in parallel, with
reproducible per-task random streams and an optional progress bar."""

from __future__ import annotations

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import clone
from sklearn.model_selection import KFold, StratifiedKFold

__all__ = ["fit_predict", "make_folds", "run_tasks", "spawn"]


def fit_predict(estimator, X, y, train, test):
    """Predictions on ``X[test]`` of a fresh clone of ``estimator`` fitted on ``train``."""
    model = clone(estimator).fit(X[train], y[train])
    return model.predict(X[test])


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


def run_tasks(func, tasks, *, n_jobs=None, progress=False, desc=None, total=None) -> list:
    """``[func(*task) for task in tasks]``, through joblib when ``n_jobs`` asks for it.

    joblib's backends (loky by default; Dask or Ray via ``joblib.parallel_config``) let a
    user move the same call to a cluster. ``progress=True`` shows a tqdm bar (tqdm.auto:
    a widget in notebooks, text elsewhere). Results come back in task order.
    """
    tasks = list(tasks)
    if n_jobs in (None, 1):
        results = (func(*task) for task in tasks)
    else:
        results = Parallel(n_jobs=n_jobs, return_as="generator")(delayed(func)(*task) for task in tasks)
    if progress:
        from tqdm.auto import tqdm

        results = tqdm(results, total=total or len(tasks), desc=desc)
    return list(results)
