r"""The chapter "Clustering algorithms" (Part III): a grid of k-means runs for the explorer.

Chapter helper, not a method: runs :class:`~patterneval.cluster.KMeans` over a grid of
(k, init, run) and scores every partition with the indices of Part II, so that the chapter's
explorer only looks results up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._results import Result
from .._validation import check_array, check_choice, check_labels, check_rng, check_scalar, fail
from ..cluster._checks import check_cluster_X
from ..cluster.algorithms import KMeans, _check_scale
from ..cluster.external import adjusted_rand_index
from ..cluster.internal import dunn_index, silhouette_width

__all__ = ["KMeansGrid", "kmeans_grid"]


@dataclasses.dataclass(frozen=True, repr=False)
class KMeansGrid(Result):
    """k-means runs over a grid of (k, init, run), scored with Part II's indices.

    Attributes
    ----------
    ks : tuple of int
    inits : tuple of str
    n_runs : int
        Runs per (k, init); run ``r`` is ``KMeans(k, init=init,
        random_state=random_states[r])`` for every k and init (paired runs).
    random_states : tuple of int
        The seed of each run's :class:`~patterneval.cluster.KMeans`, drawn from the grid's ``rng``.
    inertia, adjusted_rand, silhouette, dunn : ndarray of shape (len(ks), len(inits), n_runs)
        Final inertia V (lower is better for a fixed k), adjusted Rand index against
        ``labels_true`` (higher is better; NaN without labels), average silhouette width
        and Dunn index (higher is better; NaN for a run that found fewer than two distinct
        clusters, e.g. on data with fewer distinct points than k, where neither is
        defined).
    n_iter : ndarray of int, same shape
    labels : ndarray of shape (len(ks), len(inits), n_runs, n_samples)
    centers : dict
        (k, init, run) -> centres, shape (k, n_features).
    """

    ks: tuple
    inits: tuple
    n_runs: int
    random_states: tuple
    inertia: np.ndarray
    adjusted_rand: np.ndarray
    silhouette: np.ndarray
    dunn: np.ndarray
    n_iter: np.ndarray = dataclasses.field(repr=False)
    labels: np.ndarray = dataclasses.field(repr=False)
    centers: dict = dataclasses.field(repr=False, default_factory=dict)

    def index(self, k: int, init: str, run: int) -> tuple[int, int, int]:
        """Position (i, j, r) of a run in the arrays.

        Parameters
        ----------
        k : int
            One of ``ks``.
        init : str
            One of ``inits``.
        run : int
            A run number in ``range(n_runs)``.

        Returns
        -------
        tuple of int
            ``(ks.index(k), inits.index(init), run)``.
        """
        k = check_scalar("k", k, int)
        init = check_choice("init", init, self.inits)
        run = check_scalar("run", run, int)
        for name, value, grid in (("k", k, self.ks), ("run", run, tuple(range(self.n_runs)))):
            if value not in grid:
                raise fail(name, f"one of the grid's values {list(grid)}", value)
        return self.ks.index(k), self.inits.index(init), run


@keywords
def kmeans_grid(
    X: ArrayLike,
    ks: Sequence[int],
    *,
    labels_true: ArrayLike | None = None,
    inits: Sequence[Literal["random", "k-means++"]] = ("random", "k-means++"),
    n_runs: int = 5,
    rng: int | np.random.Generator | None = None,
    max_iter: int = 300,
) -> KMeansGrid:
    r"""Run :class:`~patterneval.cluster.KMeans` (one start each) ``n_runs`` times for every (k, init) and
    score each partition with the adjusted Rand index (if ``labels_true`` is given), the
    silhouette width and the Dunn index of Part II.

    Used by the chapter's explorer, which then only looks results up. ``n_runs`` seeds
    are drawn from ``rng`` (``random_states`` of the result); run (k, init, r) uses
    ``KMeans(k, init=init, random_state=random_states[r])``, so run r starts from the same
    seed for every k and init.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    ks : sequence of int in [2, n_samples - 1]
    labels_true : array-like of shape (n_samples,), optional
    inits : sequence of {"random", "k-means++"}
    n_runs : int >= 1, default 5
        Independent k-means runs per (k, init).
    rng : None, int or numpy.random.Generator, optional
        Source of the runs' seeds (``numpy.random.default_rng(rng)``).
    max_iter : int

    Returns
    -------
    KMeansGrid

    Notes
    -----
    len(ks) * len(inits) * n_runs k-means runs, each O(n k d) per iteration, plus
    the O(n^2 d) silhouette and Dunn index per run.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from patterneval.book.clustering_algorithms import kmeans_grid
    >>> X, y = load_iris(return_X_y=True)
    >>> g = kmeans_grid(X, [2, 3], labels_true=y, n_runs=2, rng=0)
    >>> g.inertia.shape
    (2, 2, 2)
    >>> bool(g.adjusted_rand[1].mean() > g.adjusted_rand[0].mean())
    True
    """
    X = _check_scale(check_cluster_X(X))
    n = X.shape[0]
    ks = tuple(check_array("ks", ks, ndim=1, kind="int", low=2, high=n - 1).tolist())
    inits = tuple(check_choice("inits", i, ("random", "k-means++")) for i in inits)
    if not inits:
        raise fail("inits", 'a non-empty sequence of "random" and "k-means++"', inits)
    n_runs = check_scalar("n_runs", n_runs, int, low=1)
    max_iter = check_scalar("max_iter", max_iter, int, low=1)
    random_states = tuple(int(s) for s in check_rng(rng).integers(2**31 - 1, size=n_runs))
    truth = (
        None
        if labels_true is None
        else check_labels("labels_true", labels_true, n=n, n_name="X", kind="cluster")
    )
    shape = (len(ks), len(inits), n_runs)
    inertia, ari, sil, dunn = (np.full(shape, np.nan) for _ in range(4))
    n_iter = np.zeros(shape, dtype=int)
    labels = np.zeros(shape + (n,), dtype=np.intp)
    centers = {}
    for i, k in enumerate(ks):
        for j, init in enumerate(inits):
            for s, seed in enumerate(random_states):
                km = KMeans(k, init=init, max_iter=max_iter, random_state=seed).fit(X)
                labels[i, j, s] = km.labels_
                centers[(k, init, s)] = km.cluster_centers_
                inertia[i, j, s] = km.inertia_
                n_iter[i, j, s] = km.n_iter_
                found = np.unique(km.labels_).size
                if truth is not None:
                    ari[i, j, s] = adjusted_rand_index(truth, km.labels_)
                if found >= 2:
                    sil[i, j, s] = silhouette_width(X, km.labels_)
                    dunn[i, j, s] = dunn_index(X, km.labels_)
    return KMeansGrid(
        ks, inits, n_runs, random_states, inertia, ari, sil, dunn, n_iter, labels, centers
    )
