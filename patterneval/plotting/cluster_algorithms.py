"""Figures of the chapter "Clustering algorithms": dendrograms of the three linkages, and a
partition panel (points coloured by cluster, centres marked) for the k-means explorer.

Nothing here computes clusters: the painters draw results of
:mod:`patterneval.cluster.algorithms`.
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike
from scipy.cluster.hierarchy import dendrogram

from ..cluster.algorithms import Hierarchy
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["PartitionPainter", "plot_dendrograms", "plot_partitions"]

#: Cluster colours (up to 10 clusters; more cycle).
PALETTE = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#E69F00",
    "#56B4E9",
    "#F0E442",
    "#000000",
    "#999999",
    "#882255",
)


def _colors(labels):
    return np.array(PALETTE)[np.asarray(labels) % len(PALETTE)]


def _panel_row(n, height):
    """A figure of ``n`` side-by-side panels, 3.2 inches wide each, and its axes."""
    fig = new_figure(n, width=3.2 * n, height=height)
    return fig, reset_axes(fig, n)


class PartitionPainter(Painter):
    """One scatter panel of two coordinates of the data, coloured by cluster, with the
    centres as black crosses and a one-line title.

    ``update(points=, labels=, centers=, title=, xlabel=, ylabel=)``: ``points`` (n, 2)
    and ``centers`` (k, 2) in the same two coordinates.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        self._points: np.ndarray | None = None
        with mpl.rc_context(BOOK_STYLE):
            (self.ax,) = reset_axes(fig, 1)
            self.scatter = self.ax.scatter([], [], s=14, lw=0)
            (self.centres,) = self.ax.plot(
                [], [], "X", color=COLORS["truth"], ms=10, mec="white", mew=1.0
            )
            fig.subplots_adjust(left=0.08, right=0.98, top=0.88, bottom=0.15)

    def update(
        self,
        *,
        points: ArrayLike,
        labels: ArrayLike,
        centers: ArrayLike | None,
        title: str = "",
        xlabel: str = "",
        ylabel: str = "",
    ) -> Figure:
        """Draw one partition.

        Parameters
        ----------
        points : array_like of shape (n, 2)
        labels : array_like of int, shape (n,)
            Cluster of each point (colour).
        centers : None or array_like of shape (k, 2)
            Centres drawn as crosses.
        title, xlabel, ylabel : str, default "", keyword-only

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        points = np.asarray(points, dtype=float)
        if self._points is None or not np.array_equal(points, self._points):
            self._points = points
            self.scatter.set_offsets(points)
            lo, hi = points.min(axis=0), points.max(axis=0)
            pad = 0.05 * np.maximum(hi - lo, 1e-12)
            self.ax.set_xlim(lo[0] - pad[0], hi[0] + pad[0])
            self.ax.set_ylim(lo[1] - pad[1], hi[1] + pad[1])
            self.ax.set(xlabel=xlabel, ylabel=ylabel)
        self.scatter.set_facecolor(_colors(labels))
        centers = np.asarray(centers, dtype=float)
        self.centres.set_data(centers[:, 0], centers[:, 1])
        self._status(self.ax, title)
        return self.fig


def plot_partitions(
    points: np.ndarray,
    partitions: Sequence[ArrayLike],
    titles: Sequence[str],
    *,
    centers: Sequence[ArrayLike | None] | None = None,
    xlabel: str = "",
    ylabel: str = "",
    height: float = 3.2,
) -> Figure:
    """Side-by-side scatter panels of ``points`` (n, 2), one per partition, optional
    centres (list of (k, 2) arrays or None) and a title each.

    Parameters
    ----------
    points : ndarray of shape (n, 2)
        The two coordinates drawn.
    partitions : sequence of array_like of shape (n,)
        Cluster labels, one array per panel.
    titles : sequence of str
        One title per panel.
    centers : None or sequence of (None or array_like of shape (k, 2)), keyword-only
        Centres drawn as crosses, per panel.
    xlabel, ylabel : str, default "", keyword-only
        Axis labels (the y label on the first panel only).
    height : float, default 3.2, keyword-only
        Figure height in inches (the width is 3.2 per panel).

    Returns
    -------
    matplotlib.figure.Figure
    """
    with mpl.rc_context(BOOK_STYLE):
        fig, axes = _panel_row(len(partitions), height)
        for i, (ax, labels, title) in enumerate(zip(axes, partitions, titles)):
            ax.scatter(points[:, 0], points[:, 1], s=10, c=_colors(labels), lw=0)
            if centers is not None and centers[i] is not None:
                c = np.asarray(centers[i])
                ax.plot(c[:, 0], c[:, 1], "X", color=COLORS["truth"], ms=9, mec="white")
            ax.set_title(title, fontsize=9)
            ax.set(xlabel=xlabel, ylabel=ylabel if i == 0 else "")
        fig.subplots_adjust(left=0.06, right=0.99, top=0.88, bottom=0.16, wspace=0.25)
    return fig


def plot_dendrograms(hierarchies: Sequence[Hierarchy], *, height: float = 3.2) -> Figure:
    """One dendrogram per :class:`~patterneval.cluster.algorithms.Hierarchy` (drawn by
    scipy's ``dendrogram`` from the linkage matrix), titled by the linkage.

    Parameters
    ----------
    hierarchies : sequence of Hierarchy
        Fitted hierarchies (``linkage_matrix`` and ``linkage``), one panel each.
    height : float, default 3.2, keyword-only
        As in :func:`plot_partitions`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    with mpl.rc_context(BOOK_STYLE):
        fig, axes = _panel_row(len(hierarchies), height)
        for ax, h in zip(axes, hierarchies):
            dendrogram(
                h.linkage_matrix,
                ax=ax,
                no_labels=True,
                color_threshold=0,
                above_threshold_color=COLORS["primary"],
            )
            ax.set_title(f"{h.linkage} linkage", fontsize=10)
            ax.grid(False)
        axes[0].set_ylabel("merge height")
        fig.subplots_adjust(left=0.07, right=0.99, top=0.88, bottom=0.06, wspace=0.25)
    return fig
