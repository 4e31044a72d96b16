"""Figures of the chapter "Internal indices": index curves over k, the Pareto comparison,
prediction strength, and the painter of the blob explorer.

Nothing here computes: the curves and the explorer's grid come from
:func:`patterneval.cluster.internal.index_curves` and
:func:`patterneval.book.internal_indices.blob_index_grid`; painters only set artist data.
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..cluster.internal import CURVE_INDICES, pareto_front
from ._style import BOOK_STYLE, COLORS, SERIES_COLORS, Painter, new_figure, reset_axes

__all__ = [
    "HIGHER_IS_BETTER",
    "INDICES",
    "InternalIndexPainter",
    "plot_index_curves",
    "plot_pareto",
    "plot_prediction_strength",
]

#: The internal indices over k, by name (those of
#: :data:`patterneval.cluster.internal.CURVE_INDICES`), and their direction.
INDICES = CURVE_INDICES
HIGHER_IS_BETTER = {
    "silhouette": True,
    "Dunn": True,
    "separation": True,
    "SP": True,
    "DBI": False,
    "CP": False,
    "V(C)": False,
    "connectivity": False,
}


def plot_index_curves(
    curves: dict,
    *,
    title: str = "",
    names: Sequence[str] = ("silhouette", "Dunn", "DBI", "connectivity"),
) -> Figure:
    """One panel per index against k, the best k of each marked (direction per index).

    Parameters
    ----------
    curves : dict
        ``"k"`` -> the numbers of clusters, and each name in ``names`` -> the index at each k.
    title : str, default "", keyword-only
        Figure title.
    names : sequence of str, keyword-only
        Indices to draw, one panel each; keys of ``HIGHER_IS_BETTER`` (default silhouette,
        Dunn, DBI, connectivity). Ties for the best k go to the first.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(len(names), width=10.0, height=2.8)
    with mpl.rc_context(BOOK_STYLE):
        for ax, name in zip(fig.axes, names):
            values = curves[name]
            best = np.argmax(values) if HIGHER_IS_BETTER[name] else np.argmin(values)
            ax.plot(curves["k"], values, "o-", color=COLORS["primary"], ms=4)
            ax.plot(
                curves["k"][best],
                values[best],
                "o",
                color=COLORS["secondary"],
                ms=9,
                mfc="none",
                mew=2,
            )
            arrow = "higher" if HIGHER_IS_BETTER[name] else "lower"
            ax.set(title=f"{name} ({arrow} better)", xlabel="k")
            ax.title.set_fontsize(9)
        if title:
            fig.suptitle(title, fontsize=10, x=0.02, ha="left")
        fig.subplots_adjust(left=0.06, right=0.98, bottom=0.18, top=0.8, wspace=0.4)
    return fig


def plot_pareto(
    scores: ArrayLike,
    maximize: bool | tuple[bool, bool],
    labels: Sequence[str],
    *,
    axis_names: tuple[str, str] = ("silhouette", "connectivity"),
) -> Figure:
    """Two indices of several clusterings, the Pareto front (:func:`pareto_front`) ringed
    and joined, every point labelled.

    Parameters
    ----------
    scores : array_like of shape (n, 2)
        Two indices per clustering.
    maximize : bool or pair of bool
        Whether higher is better for each index (as :func:`pareto_front`).
    labels : sequence of str
        One label per clustering.
    axis_names : pair of str, default ("silhouette", "connectivity"), keyword-only

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from patterneval.plotting import plot_pareto
    >>> scores = [[0.5, 2.0], [0.6, 3.0], [0.4, 1.0]]
    >>> fig = plot_pareto(scores, (True, False), ["a", "b", "c"])
    >>> len(fig.axes)
    1
    """
    scores = np.asarray(scores, float)
    front = pareto_front(scores, maximize=maximize)
    fig = new_figure(1, width=5.5, height=3.6)
    ax = fig.axes[0]
    with mpl.rc_context(BOOK_STYLE):
        ax.scatter(
            scores[~front, 0], scores[~front, 1], color=COLORS["muted"], s=25, label="dominated"
        )
        order = np.argsort(scores[front, 0])
        ax.plot(
            scores[front, 0][order],
            scores[front, 1][order],
            "o-",
            color=COLORS["secondary"],
            ms=6,
            label="Pareto front",
        )
        for (x, y), text in zip(scores, labels):
            ax.annotate(text, (x, y), xytext=(3, 3), textcoords="offset points", fontsize=7)
        directions = ["higher" if m else "lower" for m in np.broadcast_to(maximize, 2)]
        ax.set(
            xlabel=f"{axis_names[0]} ({directions[0]} better)",
            ylabel=f"{axis_names[1]} ({directions[1]} better)",
        )
        ax.legend(loc="best")
        fig.subplots_adjust(left=0.14, right=0.97, bottom=0.15, top=0.95)
    return fig


def plot_prediction_strength(results: dict, *, threshold: float = 0.8) -> Figure:
    """Prediction strength against k for one or more data sets: ``results`` maps a name to
    a list of :class:`~patterneval.cluster.internal.PredictionStrength`; +-2 standard
    errors as bars, the threshold dashed.

    Parameters
    ----------
    results : dict
        Data-set name -> list of :class:`~patterneval.cluster.internal.PredictionStrength`
        (one per k); up to four data sets.
    threshold : float, default 0.8, keyword-only
        Drawn as a dashed line (Tibshirani & Walther's choice of k: the largest k above it).

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(1, width=6.0, height=3.4)
    ax = fig.axes[0]
    with mpl.rc_context(BOOK_STYLE):
        for (name, res), color in zip(results.items(), SERIES_COLORS[:4]):
            ks = [r.n_clusters for r in res]
            ax.errorbar(
                ks,
                [r.strength for r in res],
                yerr=[2 * np.nan_to_num(r.std_error) for r in res],
                fmt="o-",
                color=color,
                ms=4,
                capsize=2,
                label=name,
            )
        ax.axhline(threshold, color=COLORS["muted"], ls="--", lw=1, label=f"{threshold}")
        ax.set(xlabel="k", ylabel="prediction strength", ylim=(0, 1.05))
        ax.legend(loc="lower left")
        fig.subplots_adjust(left=0.12, right=0.97, bottom=0.15, top=0.95)
    return fig


class InternalIndexPainter(Painter):
    """Left: the blobs coloured by KMeans' k clusters. Right two panels: the indices over
    k at this separation, higher-is-better (silhouette, Dunn) and lower-is-better (DBI,
    connectivity / N), the current k marked.

    Takes the precomputed grid of
    :func:`patterneval.book.internal_indices.blob_index_grid`; :meth:`update` only sets data.
    """

    __test__ = False

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_data, self.ax_high, self.ax_low = reset_axes(fig, 3)
            self.points = self.ax_data.scatter(np.zeros(1), np.zeros(1), s=8)
            self.ax_data.set(xlim=(-8, 8), ylim=(-8, 8), title="KMeans clusters")
            self.ax_data.set_aspect("equal", adjustable="box")
            # coordinates carry no meaning here; fewer tick labels halve the redraw
            self.ax_data.set(xticks=[-5, 0, 5], yticks=[-5, 0, 5])
            self.lines = {}
            for ax, names, title in (
                (self.ax_high, ("silhouette", "Dunn"), "higher is better"),
                (self.ax_low, ("DBI", "connectivity / N"), "lower is better"),
            ):
                for name, color in zip(names, (COLORS["primary"], COLORS["secondary"])):
                    (self.lines[name],) = ax.plot([], [], "o-", ms=3, color=color, label=name)
                ax.set(title=title, xlabel="k", xlim=(1.5, 8.5))
                ax.yaxis.set_major_locator(mpl.ticker.MaxNLocator(4))
                ax.legend(loc="upper right", fontsize=8)
            self.markers = [
                ax.axvline(2, color=COLORS["muted"], lw=1) for ax in (self.ax_high, self.ax_low)
            ]
        self._cmap = mpl.colormaps["tab10"]
        self._grid: dict | None = None

    def update(self, *, grid: dict, separation: float, k: int) -> Figure:
        """Show one separation and one k.

        Parameters
        ----------
        grid : dict
            From :func:`~patterneval.book.internal_indices.blob_index_grid`.
        separation : float
            A key of ``grid``.
        k : int
            The number of clusters coloured and marked.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        X, labelings, curves = grid[float(separation)]
        self.points.set_offsets(X)
        self.points.set_color(self._cmap(labelings[k] % 10))
        n = X.shape[0]
        values = {
            "silhouette": curves["silhouette"],
            "Dunn": curves["Dunn"],
            "DBI": curves["DBI"],
            "connectivity / N": curves["connectivity"] / n,
        }
        for name, line in self.lines.items():
            line.set_data(curves["k"], values[name])
        if self._grid is not grid:  # one y-range per panel over the whole grid: the
            self._grid = grid  # ticks stay put and their text layout is cached
            tops = {"high": 0.0, "low": 0.0}
            for Xg, _, c in grid.values():
                tops["high"] = max(tops["high"], c["silhouette"].max(), c["Dunn"].max())
                tops["low"] = max(
                    tops["low"], c["DBI"].max(), c["connectivity"].max() / Xg.shape[0]
                )
            self.ax_high.set_ylim(0, 1.05 * tops["high"] or 1.0)
            self.ax_low.set_ylim(0, 1.05 * tops["low"] or 1.0)
        for m in self.markers:
            m.set_xdata([k, k])
        self.ax_data.set_title(f"k-means, k = {k}, distance {separation:g}")
        return self.fig
