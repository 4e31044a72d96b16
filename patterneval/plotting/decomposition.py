"""Figures of the chapter "Dimension reduction": projections, explained variance, the
cocktail party, and Fisher's criterion along a rotating direction.

The painter builds its artists once; ``update`` sets data computed by
:func:`patterneval.decomposition.fisher_criterion`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from .._validation import check_labels
from ..decomposition import fisher_criterion
from ._style import BOOK_STYLE, COLORS, SERIES_COLORS, Painter, new_figure, reset_axes

__all__ = ["FisherDirectionPainter", "plot_explained_variance", "plot_projections", "plot_sources"]


def plot_projections(
    panels: Sequence[np.ndarray],
    y: ArrayLike,
    *,
    titles: Sequence[str],
    xlabels: Sequence[str] = ("1st", "1st"),
    ylabels: Sequence[str] = ("2nd", "2nd"),
    class_names: Sequence[str] | None = None,
) -> Figure:
    """Side-by-side 2-d scatter plots of projected data (one array (n, 2) per panel),
    coloured by class.

    Parameters
    ----------
    panels : sequence of ndarray of shape (n, 2)
        Projected data, one array per panel (e.g. PCA and LDA scores).
    y : array-like of shape (n,)
        Class labels (colours; up to five classes get distinct colours), one per row of
        each panel.
    titles : sequence of str, keyword-only
        One title per panel.
    xlabels, ylabels : sequence of str, keyword-only
        Axis labels per panel (default "1st" and "2nd").
    class_names : sequence of str, optional, keyword-only
        Legend names of the sorted classes (default the labels).

    Returns
    -------
    matplotlib.figure.Figure
        A new figure, one scatter plot per panel.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.plotting import plot_projections
    >>> Z = np.eye(4)
    >>> fig = plot_projections([Z[:, :2], Z[:, 2:]], [0, 0, 1, 1], titles=["a", "b"])
    >>> len(fig.axes)
    2
    """
    panels = [np.asarray(Z) for Z in panels]
    labels = np.asarray(y)
    for i, Z in enumerate(panels):  # a list y works exactly as an array, one label per row
        labels = check_labels("y", y, n=Z.shape[0], n_name=f"panels[{i}]")
    classes = np.unique(labels)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(len(panels), width=9.0, height=3.6)
        axes = reset_axes(fig, len(panels))
        for ax, Z, title, xl, yl in zip(axes, panels, titles, xlabels, ylabels):
            for i, c in enumerate(classes):
                name = class_names[i] if class_names is not None else str(c)
                ax.scatter(
                    Z[labels == c, 0],
                    Z[labels == c, 1],
                    s=10,
                    alpha=0.8,
                    color=SERIES_COLORS[i % 5],
                    label=name,
                )
            ax.set(title=title, xlabel=xl, ylabel=yl)
        axes[0].legend(fontsize=8, loc="best")
        fig.subplots_adjust(left=0.08, right=0.98, bottom=0.15, top=0.9, wspace=0.3)
    return fig


def plot_explained_variance(
    ratios: Sequence[ArrayLike], *, labels: Sequence[str] | None = None
) -> Figure:
    """Explained-variance ratio per component (bars) and cumulative (line), for one or more
    fitted PCAs' ``explained_variance_ratio_``.

    Parameters
    ----------
    ratios : sequence of array_like
        One ``explained_variance_ratio_`` per panel.
    labels : sequence of str, optional, keyword-only
        Panel titles.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from patterneval.plotting import plot_explained_variance
    >>> fig = plot_explained_variance([[0.7, 0.2, 0.1]], labels=["toy"])
    >>> len(fig.axes)
    1
    """
    ratios = cast(list[np.ndarray], [np.asarray(r) for r in ratios])
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(len(ratios), width=9.0, height=3.2)
        axes = reset_axes(fig, len(ratios))
        for i, (ax, r) in enumerate(zip(axes, ratios)):
            k = np.arange(1, r.size + 1)
            ax.bar(k, r, color=COLORS["primary"], alpha=0.8, label="per component")
            ax.plot(k, np.cumsum(r), "o-", color=COLORS["secondary"], ms=3, label="cumulative")
            ax.set_ylim(0, 1.05)
            ax.set(
                xlabel="component",
                ylabel="explained variance ratio",
                title=labels[i] if labels else None,
            )
        axes[0].legend(fontsize=8, loc="center right")
        fig.subplots_adjust(left=0.08, right=0.98, bottom=0.16, top=0.9, wspace=0.3)
    return fig


def plot_sources(time: ArrayLike, panels: Sequence[ArrayLike], *, titles: Sequence[str]) -> Figure:
    """Signals over time, one panel per array (n, k); the k signals of a panel are drawn
    one above the other (offset by 4 units), e.g. sources, recordings and recovered sources.

    Parameters
    ----------
    time : array_like of shape (n,)
        The time axis (e.g. ``patterneval.book.dimension_reduction.CocktailParty.time``).
    panels : sequence of array_like of shape (n, k)
        Signals, one array per panel; each signal is standardised for drawing.
    titles : sequence of str, keyword-only
        One title per panel.

    Returns
    -------
    matplotlib.figure.Figure
        A new figure, one axes of stacked signals per panel.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.plotting import plot_sources
    >>> t = np.linspace(0, 1, 50)
    >>> S = np.column_stack([np.sin(9 * t), np.sign(np.cos(5 * t))])
    >>> fig = plot_sources(t, [S, S @ [[1, 1], [0.5, 2]]], titles=["sources", "mixtures"])
    >>> len(fig.axes)
    2
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(len(panels), width=9.0, height=3.2)
        axes = reset_axes(fig, len(panels))
        for ax, S, title in zip(axes, panels, titles):
            S = np.asarray(S)
            for j in range(S.shape[1]):
                s = (S[:, j] - S[:, j].mean()) / S[:, j].std()
                ax.plot(time, s + 4 * (S.shape[1] - 1 - j), lw=0.9, color=SERIES_COLORS[j % 5])
            ax.set(title=title, xlabel="time")
            ax.set_yticks([])
        fig.subplots_adjust(left=0.03, right=0.99, bottom=0.16, top=0.9, wspace=0.12)
    return fig


class FisherDirectionPainter(Painter):
    """Left: 2-d data with a unit direction w(theta) = (cos theta, sin theta) and Fisher's J
    of every direction as a polar-like trace; right: histograms of each class's projection
    on w, with J(w) in the title.

    ``set_data(Z, y)`` once (2-d coordinates and labels); ``update(angle=)`` in degrees.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        self.Z: np.ndarray | None = None

    def set_data(self, Z: ArrayLike, y: ArrayLike, *, n_bins: int = 30) -> None:
        """Set the data once (computes J over a 0.5-degree grid of directions and draws the axes).

        Parameters
        ----------
        Z : array_like of shape (n, 2)
            Two-dimensional coordinates of the samples.
        y : array_like of shape (n,)
            Class labels (at least two classes).
        n_bins : int, default 30, keyword-only
            Histogram bins.

        Returns
        -------
        None
        """
        self.Z, self.y = np.asarray(Z, dtype=float), np.asarray(y)
        self.classes = np.unique(self.y)
        angles = np.radians(np.arange(0, 180.5, 0.5))
        W = np.vstack([np.cos(angles), np.sin(angles)])
        self.grid_angles = np.degrees(angles)
        self.grid_J = cast(np.ndarray, fisher_criterion(W, self.Z, self.y))  # one J per column of W
        radius = np.max(np.abs(self.Z)) * 1.1
        self.bins = np.linspace(-radius, radius, n_bins + 1)
        with mpl.rc_context(BOOK_STYLE):
            self.ax, self.ax2 = reset_axes(self.fig, 2)
            for i, c in enumerate(self.classes):
                self.ax.scatter(*self.Z[self.y == c].T, s=8, alpha=0.6, color=SERIES_COLORS[i % 5])
            (self.arrow,) = self.ax.plot([], [], color=COLORS["truth"], lw=2.0)
            best = self.grid_angles[np.argmax(self.grid_J)]
            b = np.radians(best)
            self.ax.plot(
                [-radius * np.cos(b), radius * np.cos(b)],
                [-radius * np.sin(b), radius * np.sin(b)],
                ls=":",
                color=COLORS["muted"],
                lw=1.2,
            )
            self.ax.set_xlim(-radius, radius)
            self.ax.set_ylim(-radius, radius)
            self.ax.set_aspect("equal")
            self.ax.set(
                xlabel="coordinate 1",
                ylabel="coordinate 2",
                title=f"dotted: best direction ({best:.1f} deg)",
            )
            # one StepPatch per class (not 30 bar patches): cheap to redraw
            self.bars = [
                self.ax2.stairs(
                    np.zeros(n_bins), self.bins, fill=True, alpha=0.55, color=SERIES_COLORS[i % 5]
                )
                for i, _ in enumerate(self.classes)
            ]
            counts = np.bincount(np.unique(self.y, return_inverse=True)[1])
            self.ax2.set_ylim(0, counts.max() * 0.6)
            self.ax2.set_xlim(self.bins[0], self.bins[-1])
            self.ax2.set(xlabel="projection w'z", ylabel="count")
            self.fig.subplots_adjust(left=0.07, right=0.98, bottom=0.15, top=0.88, wspace=0.25)

    def update(self, *, angle: float = 0.0) -> Figure:
        """Show the direction at ``angle``; call :meth:`set_data` first.

        Parameters
        ----------
        angle : float, default 0.0
            Direction angle in degrees.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        assert self.Z is not None  # set_data() came first
        t = np.radians(angle)
        w = np.array([np.cos(t), np.sin(t)])
        r = self.bins[-1]
        self.arrow.set_data([-r * w[0], r * w[0]], [-r * w[1], r * w[1]])
        proj = self.Z @ w
        for bars, c in zip(self.bars, self.classes):
            heights, _ = np.histogram(proj[self.y == c], bins=self.bins)
            bars.set_data(values=heights)
        J = fisher_criterion(w, self.Z, self.y)
        self._status(
            self.ax2, f"angle {angle:.0f} deg: J(w) = {J:.3f} (best {self.grid_J.max():.3f})"
        )
        return self.fig
