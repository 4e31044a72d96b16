"""Figures of the chapter "External indices": indices of random partitions against the
number of clusters, and every index as a partition is progressively relabelled.

The numbers come from :mod:`patterneval.cluster.external`; painters only draw them.
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["IndexProfilePainter", "SHORT_NAMES", "plot_chance_drift"]

#: Axis labels of the indices of :data:`patterneval.cluster.external.INDEX_NAMES`.
SHORT_NAMES = {
    "rand_index": "RI",
    "adjusted_rand_index": "ARI",
    "jaccard_index": "JC",
    "fowlkes_mallows_index": "FMI",
    "pair_f1": "pair F1",
    "f_measure": "F",
    "purity": "purity",
    "mutual_info": "MI (nats)",
    "normalized_mutual_info": "NMI",
    "expected_mutual_info": "E[MI] (nats)",
    "adjusted_mutual_info": "AMI",
    "variation_of_information": "VI (nats)",
    "vi_over_log_n": "VI / log n",
    "clustering_accuracy": "ACC",
    "minkowski_score": "Minkowski",
}


def plot_chance_drift(n_clusters: ArrayLike, rand: ArrayLike, adjusted_rand: ArrayLike) -> Figure:
    """Mean and central 90 % band of the Rand index and the ARI of pairs of random
    partitions (rows of ``rand`` / ``adjusted_rand``: one per value of ``n_clusters``).

    Parameters
    ----------
    n_clusters : array_like of shape (m,)
        Numbers of clusters (x axis, log scale).
    rand, adjusted_rand : array_like of shape (m, n_pairs)
        Rand index and ARI of random partition pairs, one row per entry of ``n_clusters``.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=7.0, height=3.2)
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        for values, label, color in (
            (rand, "Rand index", "primary"),
            (adjusted_rand, "ARI", "secondary"),
        ):
            values = np.asarray(values)
            low, high = np.quantile(values, [0.05, 0.95], axis=1)
            ax.fill_between(n_clusters, low, high, color=COLORS[color], alpha=0.25)
            ax.plot(
                n_clusters,
                values.mean(axis=1),
                "o-",
                color=COLORS[color],
                label=f"{label} (mean, 90 % band)",
            )
        ax.axhline(0, color=COLORS["muted"], lw=1, ls=":")
        ax.set(
            xscale="log",
            xlabel="clusters in each random partition",
            ylabel="index",
            ylim=(-0.1, 1.05),
        )
        ax.legend(loc="center right")
    return fig


class IndexProfilePainter(Painter):
    """Left: every index (bars) for one noise level; right: each index against the noise
    level in its bar's colour, the current level marked. ``update(profile=..., noise=...)`` takes a dict
    ``name -> array over the noise grid`` and the grid position; artists are built once
    per set of names and only their data change afterwards. Each set of names keeps its
    own pair of axes, hidden while another set shows (the explorer's views: all the indices,
    or the information-based ones with their own value range).
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        self.names = None
        self._layouts: dict = {}
        self._limits: tuple[float, float] | None = None

    _LAYOUT = ("ax_bar", "ax_line", "bars", "lines", "marker", "title")

    def _show(self, names, grid):
        """Make the artists of ``names`` the current ones (built on first use), the others
        hidden."""
        if names not in self._layouts:
            self._build(names, grid)
            self._layouts[names] = {a: getattr(self, a) for a in self._LAYOUT}
        for key, layout in self._layouts.items():
            for ax in (layout["ax_bar"], layout["ax_line"]):
                ax.set_visible(key == names)
        for attribute, value in self._layouts[names].items():
            setattr(self, attribute, value)
        self.names = names
        self._limits = None

    def _build(self, names, grid):
        with mpl.rc_context(BOOK_STYLE):
            if self._layouts:  # a further set of names: a second pair of axes over the first
                self.ax_bar, self.ax_line = self.fig.subplots(1, 2)
            else:
                self.ax_bar, self.ax_line = reset_axes(self.fig, 2)
            self.fig.subplots_adjust(left=0.14, wspace=0.35)
            y = np.arange(len(names))
            cmap = mpl.colormaps["tab20"]
            # each bar has its line's colour: the bar labels double as the lines' legend
            self.bars = self.ax_bar.barh(
                y, np.zeros(len(names)), color=[cmap(i) for i in range(len(names))]
            )
            self.ax_bar.set_yticks(y, [SHORT_NAMES.get(n, n) for n in names])
            self.ax_bar.invert_yaxis()
            self.ax_bar.set(xlim=(-0.6, 1.6), xlabel="value")
            self.ax_bar.axvline(0, color=COLORS["muted"], lw=1)
            self.lines = [
                self.ax_line.plot(
                    grid, np.zeros_like(grid), color=cmap(i), lw=1.5, label=SHORT_NAMES.get(n, n)
                )[0]
                for i, n in enumerate(names)
            ]
            self.marker = self.ax_line.axvline(0, color=COLORS["truth"], lw=1, ls="--")
            self.ax_line.set(
                xlabel="fraction relabelled", ylim=(-0.6, 1.6), xlim=(grid[0], grid[-1])
            )
            self.title = self.ax_bar.set_title(" ")

    def update(
        self,
        *,
        profile: dict,
        grid: ArrayLike,
        noise: float,
        limits: tuple[float, float] = (-0.6, 1.6),
    ) -> Figure:
        """Show every index at one noise level.

        Parameters
        ----------
        profile : dict
            Index name -> array over ``grid`` (one entry of
            :func:`~patterneval.book.external_indices.relabel_profiles`).
        grid : array_like of float
            The fractions relabelled.
        noise : float
            The fraction shown (the nearest grid point).
        limits : (float, float), default (-0.6, 1.6)
            The range of the values axis (the bars' x axis, the lines' y axis).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        names = tuple(profile)
        grid = np.asarray(grid, dtype=float)
        if names != self.names:
            self._show(names, grid)
        limits = (float(limits[0]), float(limits[1]))
        if limits != self._limits:
            self.ax_bar.set_xlim(limits)
            self.ax_line.set_ylim(limits)
            self._limits = limits
        i = int(np.argmin(np.abs(grid - noise)))
        for bar, line, name in zip(self.bars, self.lines, names):
            bar.set_width(profile[name][i])
            line.set_ydata(profile[name])
        self.marker.set_xdata([grid[i], grid[i]])
        self.title.set_text(f"{grid[i]:.0%} of the samples relabelled")
        return self.fig
