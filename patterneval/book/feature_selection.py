r"""The chapter "Feature-selection leakage" (Part I): CV1 and CV2 on pure noise over a grid
of feature counts, for the chapter's figure and explorer.

:func:`leak_grid` draws data sets whose labels are unrelated to every feature (true error
1/2) and computes, for each number of features ``p`` and kept count ``k``, the error of
selection-then-classifier estimated with the selection outside the folds (CV1) and inside
every training fold (CV2), both by :func:`~patterneval.selection_cv_error`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.neighbors import KNeighborsClassifier

from .._api import keywords
from .._engine import run_tasks
from .._results import Result
from .._validation import (
    check_bool,
    check_classification_target,
    check_cv,
    check_estimator,
    check_grid,
    check_n_jobs,
    check_rng,
    check_scalar,
)
from ..resampling.selection import selection_cv_error

__all__ = ["LeakGrid", "leak_grid"]


@dataclasses.dataclass(frozen=True, repr=False)
class LeakGrid(Result):
    """CV1 and CV2 errors on pure noise over a grid of feature counts ``p`` and kept counts
    ``k``, as computed by :func:`leak_grid`.

    Attributes
    ----------
    n_features : numpy.ndarray of int
        The feature counts ``p``, increasing.
    k : numpy.ndarray of int
        The numbers of features kept, increasing, all at most ``n_features[0]``.
    cv1, cv2 : numpy.ndarray, shape (len(n_features), len(k), n_datasets)
        ``cv1[i, j, d]``: CV1 error (selection on all data, lower looks better but is
        optimistic) at ``p = n_features[i]``, ``k = k[j]`` on data set ``d``; ``cv2`` the
        same with the selection inside every training fold (honest: about 0.5 on noise).
    n_samples : int
        Samples per data set (two balanced classes).
    """

    n_features: np.ndarray
    k: np.ndarray
    cv1: np.ndarray = dataclasses.field(repr=False)
    cv2: np.ndarray = dataclasses.field(repr=False)
    n_samples: int

    @property
    def cv1_mean(self) -> np.ndarray:
        """CV1 error averaged over the data sets, shape ``(len(n_features), len(k))``."""
        return self.cv1.mean(axis=2)

    @property
    def cv2_mean(self) -> np.ndarray:
        """CV2 error averaged over the data sets, shape ``(len(n_features), len(k))``."""
        return self.cv2.mean(axis=2)


def _leak_cell(estimator, X, y, k, cv, seed):
    """CV1 and CV2 errors of ``SelectKBest(f_classif, k) + estimator`` on one data set,
    both with the folds of ``cv`` (an int's drawn from ``seed``)."""
    selector = SelectKBest(f_classif, k=k)
    return tuple(
        selection_cv_error(selector, estimator, X, y, inside=inside, cv=cv, rng=seed).error
        for inside in (False, True)
    )


@keywords
def leak_grid(
    n_features: Sequence[int] = (50, 200, 1000, 3000),
    k: Sequence[int] = (1, 5, 10, 20, 50),
    *,
    n_samples: int = 40,
    n_datasets: int = 3,
    cv: int | object = 5,
    estimator: BaseEstimator | None = None,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> LeakGrid:
    r"""CV1 and CV2 errors of univariate selection + classifier on pure noise, over a grid of
    feature counts ``p`` and kept counts ``k``.

    Each of ``n_datasets`` data sets has ``n_samples`` samples in two balanced classes and
    ``max(n_features)`` independent standard normal features, unrelated to the labels, so
    the true error of every classifier is :math:`1/2`. Cell :math:`(p, k)` of data set
    :math:`d` uses its first :math:`p` columns (cells share data, which makes the curves
    over ``p`` and ``k`` smooth) and holds

    .. math::

        \mathrm{cv1}[p, k, d] = \widehat{\mathrm{err}}_{\mathrm{CV1}}, \qquad
        \mathrm{cv2}[p, k, d] = \widehat{\mathrm{err}}_{\mathrm{CV2}}

    of ``SelectKBest(f_classif, k=k)`` followed by ``estimator``, both from
    :func:`~patterneval.selection_cv_error` with the same stratified folds. CV2 stays near
    :math:`1/2`; CV1 falls below it, the more the larger :math:`p / k` (more noise
    features to pick from that happen to fit the test folds' labels). Lower CV1 here is
    the leak, not a better classifier.

    Parameters
    ----------
    n_features : sequence of int, default (50, 200, 1000, 3000)
        Feature counts ``p``, strictly increasing, each >= 1.
    k : sequence of int, default (1, 5, 10, 20, 50)
        Features kept, strictly increasing, each between 1 and ``min(n_features)``.
    n_samples : int, default 40
        Samples per data set; classes of ``n_samples // 2`` and the rest.
    n_datasets : int, default 3
        Independent noise data sets per cell.
    cv : int or scikit-learn splitter, default 5
        The cross-validation of every cell: an int ``k`` gives ``k`` stratified folds
        (at most ``n_samples // 2``) drawn afresh for each data set; a splitter (or
        ``(train, test)`` pairs of indices into the ``n_samples`` rows) is applied to every
        data set as given.
    estimator : scikit-learn classifier, optional
        Default ``KNeighborsClassifier(1)``.
    rng : None, int or numpy.random.Generator
        Draws the data sets and the folds of an int ``cv`` (data set ``d``: its matrix, then
        one integer seed for its folds).
    n_jobs : int or None
        Grid cells computed in parallel through joblib; the result does not depend on it.
    progress : bool, default False
        Show a tqdm progress bar over the cells.

    Returns
    -------
    LeakGrid
        ``n_features``, ``k``, ``cv1``, ``cv2`` (shape ``(len(n_features), len(k),
        n_datasets)``) and ``n_samples``.

    Notes
    -----
    Cost: ``len(n_features) * len(k) * n_datasets`` cells, each ``K + 1`` selector fits
    (O(n p) for ``f_classif``) and ``2 K`` classifier fits, ``K`` the pairs of ``cv``. The chapter
    "Feature-selection leakage" plots it and lets an explorer pick ``p`` and ``k``.

    References
    ----------
    .. [1] Ambroise, C. & McLachlan, G. J. (2002). Selection bias in gene extraction on the
       basis of microarray gene-expression data. PNAS 99(10), 6562-6566.
       doi:10.1073/pnas.102102699

    Examples
    --------
    >>> from patterneval.book.feature_selection import leak_grid
    >>> grid = leak_grid((20, 400), (1, 5), n_samples=30, n_datasets=2, cv=2, rng=0)
    >>> grid.cv1.shape
    (2, 2, 2)
    >>> cv1, cv2 = grid.cv1_mean, grid.cv2_mean  # p = 400, k = 5: CV1 far below CV2
    >>> bool(cv1[1, 1] < cv2[1, 1] - 0.2)
    True
    """
    n_features = check_grid("n_features", n_features, integer=True, low=1)
    k = check_grid(
        "k", k, integer=True, low=1, high=int(n_features[0]), high_name="min(n_features)"
    )
    n_samples = check_scalar("n_samples", n_samples, int, low=4)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=1)
    y = np.repeat([0, 1], [n_samples // 2, n_samples - n_samples // 2])
    cv = check_cv(cv, y)
    estimator = (
        KNeighborsClassifier(1) if estimator is None else check_estimator("estimator", estimator)
    )
    check_classification_target(y, estimator=estimator)
    progress = check_bool("progress", progress)
    gen = check_rng(rng)
    n_jobs = check_n_jobs(n_jobs)

    tasks = []
    for _ in range(n_datasets):
        X = gen.normal(size=(n_samples, int(n_features[-1])))
        seed = int(gen.integers(2**32))
        tasks += [(estimator, X[:, :p], y, int(kk), cv, seed) for p in n_features for kk in k]
    errors = run_tasks(
        _leak_cell, tasks, n_jobs=n_jobs, progress=progress, desc="leak grid", total=len(tasks)
    )
    # tasks run data set by data set, then p, then k: reshape and move data sets last
    errors = np.array(errors).reshape(n_datasets, n_features.size, k.size, 2)
    return LeakGrid(
        n_features=n_features,
        k=k,
        cv1=np.moveaxis(errors[..., 0], 0, -1),
        cv2=np.moveaxis(errors[..., 1], 0, -1),
        n_samples=n_samples,
    )
