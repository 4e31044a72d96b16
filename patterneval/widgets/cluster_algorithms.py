"""Explorer of the chapter "Clustering algorithms"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..book.clustering_algorithms import KMeansGrid
from ..plotting.cluster_algorithms import PartitionPainter
from ._base import Explorer, selection_slider, toggle_buttons

__all__ = ["KMeansExplorer"]


class KMeansExplorer(Explorer):
    """Sliders k, initialisation and run over a precomputed
    :class:`~patterneval.book.clustering_algorithms.KMeansGrid`: a move only looks the run up and
    recolours the points (no k-means is run on a move).

    ``points`` are two coordinates of the data to plot (n, 2); ``project`` maps the
    centres (k, n_features) to the same two coordinates (default: the first two columns).

    Parameters
    ----------
    grid : KMeansGrid
        Precomputed k-means runs over k, initialisation and run (:func:`~patterneval.book.clustering_algorithms.kmeans_grid`).
    points : array_like of shape (n, 2)
        Two coordinates of the data to plot.
    project : callable, optional, keyword-only
        Maps the centres (k, n_features) to the two plotted coordinates (default: the
        first two columns).
    xlabel, ylabel : str, default "", keyword-only
        Axis labels.
    k, init, run : optional, keyword-only
        Initial slider values, from ``grid.ks``, ``grid.inits`` and ``range(grid.n_runs)``
        (default the first k, the last initialisation, run 0). The explorer draws nothing at
        random: the grid's runs were seeded by ``kmeans_grid(..., rng=)``.
    """

    painter: Any = PartitionPainter
    chapter = "book/part3/clustering-algorithms"
    caption = (
        "k-means on the data: points coloured by cluster, centres as crosses; the "
        "title gives the inertia and Part II's indices. Sliders choose k, the "
        "initialisation and the run (each run starts from its own random seed)."
    )

    def __init__(
        self,
        grid: KMeansGrid,
        points: ArrayLike,
        *,
        project: Callable | None = None,
        xlabel: str = "",
        ylabel: str = "",
        k: int | None = None,
        init: str | None = None,
        run: int | None = None,
    ) -> None:
        self.grid = grid
        self.project = project if project is not None else (lambda c: np.asarray(c)[:, :2])
        self._points, self._labels = np.asarray(points, dtype=float), (xlabel, ylabel)
        controls = {
            "k": selection_slider("k", list(grid.ks), k or grid.ks[0]),
            "init": toggle_buttons("init", list(grid.inits), init or grid.inits[-1]),
            "run": selection_slider("run", list(range(grid.n_runs)), 0 if run is None else run),
        }
        super().__init__(controls, height=3.6)

    def draw(self, *, k: int, init: str, run: int) -> None:
        """Recolour the points by the stored run of one setting (no k-means is run).

        Parameters
        ----------
        k : int
            Number of clusters (the k slider); one of ``grid.ks``.
        init : str
            Initialisation (the init toggle); one of ``grid.inits``.
        run : int
            The run (the run slider); in ``range(grid.n_runs)``.

        Returns
        -------
        None
        """
        idx = self.grid.index(k, init, run)
        g = self.grid
        title = (
            f"k={k}, {init}, run {run}: inertia {g.inertia[idx]:.1f}, "
            f"ARI {g.adjusted_rand[idx]:.2f}, silhouette {g.silhouette[idx]:.2f}, "
            f"Dunn {g.dunn[idx]:.3f}, {g.n_iter[idx]} iterations"
        )
        self.painter.update(
            points=self._points,
            labels=g.labels[idx],
            centers=self.project(g.centers[(k, init, run)]),
            title=title,
            xlabel=self._labels[0],
            ylabel=self._labels[1],
        )
