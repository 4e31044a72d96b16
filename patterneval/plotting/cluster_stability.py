"""Figures of the chapter "How many clusters, and how stable?": the gap statistic over k,
cluster-wise Jaccard stability, and the painter of its explorer.

Nothing here computes: the curves come from :func:`patterneval.gap_statistic` and
:func:`patterneval.cluster_stability` (the explorer's through
:func:`patterneval.book.cluster_stability.stability_view`); painters only set artist data.
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from .._explore import StabilityOverK
from ..cluster.stability import DISSOLVED, RECOVERED
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["ClusterStabilityKPainter", "ClusterStabilityPainter", "plot_gap", "plot_stability"]

_PALETTE = [
    COLORS["primary"],
    COLORS["secondary"],
    COLORS["tertiary"],
    COLORS["accent"],
    "#E69F00",
    "#56B4E9",
    COLORS["muted"],
    "#F0E442",
]


def _thresholds(ax):
    ax.axhline(DISSOLVED, color=COLORS["secondary"], ls="--", lw=1)
    ax.axhline(RECOVERED, color=COLORS["tertiary"], ls=":", lw=1)


def plot_gap(results: dict) -> Figure:
    """One panel per data set: Gap(k) with bars of +-s_k, the 1-SE choice ringed.
    ``results`` maps a name to a :class:`~patterneval.GapStatistic`.

    Parameters
    ----------
    results : dict
        Data-set name -> :class:`~patterneval.GapStatistic`, one panel each.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(len(results), width=3.3 * len(results), height=3.0)
    with mpl.rc_context(BOOK_STYLE):
        for ax, (name, res) in zip(fig.axes, results.items()):
            ax.errorbar(
                res.k_values,
                res.gap,
                yerr=res.std_error,
                fmt="o-",
                ms=4,
                capsize=2,
                color=COLORS["primary"],
            )
            j = int(np.flatnonzero(res.k_values == res.n_clusters)[0])
            ax.plot(
                res.k_values[j],
                res.gap[j],
                "o",
                ms=10,
                mfc="none",
                mew=2,
                color=COLORS["secondary"],
            )
            ax.set(title=f"{name}: k = {res.n_clusters}", xlabel="k")
            ax.title.set_fontsize(10)
        fig.axes[0].set_ylabel("Gap(k)")
        fig.subplots_adjust(left=0.08, right=0.98, bottom=0.17, top=0.88, wspace=0.3)
    return fig


def plot_stability(results: dict) -> Figure:
    """One panel per clustering: each cluster's mean Jaccard (bars), Hennig's 0.5
    (dissolved, dashed) and 0.75 (stable, dotted) lines. ``results`` maps a name to a
    :class:`~patterneval.ClusterStability`.

    Parameters
    ----------
    results : dict
        Clustering name -> :class:`~patterneval.ClusterStability`, one panel each.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(len(results), width=2.6 * len(results), height=2.8)
    with mpl.rc_context(BOOK_STYLE):
        for ax, (name, res) in zip(fig.axes, results.items()):
            K = res.stability.size
            ax.bar(
                np.arange(K), res.stability, color=[_PALETTE[j % len(_PALETTE)] for j in range(K)]
            )
            _thresholds(ax)
            ax.set(title=name, ylim=(0, 1.05), xticks=np.arange(K), xlabel="cluster")
            ax.set_xticklabels([f"{s}" for s in res.cluster_sizes], fontsize=8)
            ax.title.set_fontsize(10)
        fig.axes[0].set_ylabel("mean Jaccard")
        fig.subplots_adjust(left=0.09, right=0.98, bottom=0.2, top=0.88, wspace=0.3)
    return fig


class ClusterStabilityPainter(Painter):
    """Left: three blobs coloured by k-means' k clusters. Middle: each cluster's mean
    Jaccard under the chosen resampling scheme, with Hennig's 0.5 and 0.75 lines. Right:
    the gap statistic of the same data over k, the 1-SE choice ringed and k marked.

    Takes the dict of :func:`patterneval.book.cluster_stability.stability_view`;
    :meth:`update` only sets data.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        As for every :class:`~patterneval.plotting.Painter`.
    k_max : int, default 6, keyword-only
        The largest k of the gap panel and the most clusters drawn.
    """

    __test__ = False

    def __init__(self, fig: Figure, *, k_max: int = 6) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_data, self.ax_stab, self.ax_gap = reset_axes(fig, 3)
            self.points = self.ax_data.scatter(np.zeros(1), np.zeros(1), s=8)
            self.ax_data.set(xlim=(-9, 9), ylim=(-9, 9), xticks=[-5, 0, 5], yticks=[-5, 0, 5])
            self.ax_data.set_aspect("equal", adjustable="box")
            self.bars = self.ax_stab.bar(
                np.arange(k_max),
                np.zeros(k_max),
                color=[_PALETTE[j % len(_PALETTE)] for j in range(k_max)],
            )
            _thresholds(self.ax_stab)
            self.ax_stab.set(
                ylim=(0, 1.05),
                xlim=(-0.6, k_max - 0.4),
                xlabel="cluster",
                xticks=np.arange(k_max),
                title="mean Jaccard",
            )
            (self.gap_line,) = self.ax_gap.plot([], [], "o-", ms=3, color=COLORS["primary"])
            zero = np.zeros(2)  # the band's polygon is reset by set_data on every move
            self.gap_band = self.ax_gap.fill_between(
                zero, zero, zero, color=COLORS["primary"], alpha=0.2, lw=0
            )
            (self.gap_choice,) = self.ax_gap.plot(
                [], [], "o", ms=10, mfc="none", mew=2, color=COLORS["secondary"]
            )
            self.gap_marker = self.ax_gap.axvline(1, color=COLORS["muted"], lw=1)
            self.ax_gap.set(xlabel="k", xlim=(0.5, k_max + 0.5), ylim=(-1.0, 3.5))
        self._cmap = _PALETTE

    def update(self, *, view: dict, k: int, method: str, noise: float) -> Figure:
        """Show one slider setting.

        Parameters
        ----------
        view : dict
            From :func:`~patterneval.book.cluster_stability.stability_view`.
        k : int
            The number of clusters of the view (marked on the gap panel).
        method : str
            The resampling scheme of the view (for the title).
        noise : float
            The blob standard deviation of the view (for the title).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        X, stab, gap = view["X"], view["stability"], view["gap"]
        self.points.set_offsets(X)
        self.points.set_color([self._cmap[c % len(self._cmap)] for c in stab.labels])
        for j, bar in enumerate(self.bars):
            bar.set_height(stab.stability[j] if j < stab.stability.size else 0.0)
        self.gap_line.set_data(gap.k_values, gap.gap)
        self.gap_band.set_data(gap.k_values, gap.gap - gap.std_error, gap.gap + gap.std_error)
        j = int(np.flatnonzero(gap.k_values == gap.n_clusters)[0])
        self.gap_choice.set_data([gap.k_values[j]], [gap.gap[j]])
        self.gap_marker.set_xdata([k, k])
        self.ax_data.set_title(f"k-means, k = {k}, sd {noise:g}")
        self.ax_stab.set_title(f"mean Jaccard ({method})")
        self.ax_gap.set_title(f"gap statistic: k = {gap.n_clusters}")
        return self.fig


class ClusterStabilityKPainter(Painter):
    """Three panels for one clusterer on the user's data at several k (a
    :class:`~patterneval._explore.StabilityOverK`, from
    ``ClusterStabilityExplorer.from_data``): the data in two dimensions (principal
    components beyond two columns) coloured by the clustering into k clusters; each of its
    clusters' mean Jaccard under resampling (:func:`patterneval.cluster_stability`) with
    Hennig's 0.5 and 0.75 lines; and over k, the mean and the smallest cluster stability
    with the gap statistic (:func:`patterneval.gap_statistic`, right axis) and k marked.

    ``update(k=, data=)`` only reads ``data``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        As for every :class:`~patterneval.plotting.Painter`.
    k_max : int, default 6, keyword-only
        The most clusters drawn (bars).
    """

    __test__ = False

    def __init__(self, fig: Figure, *, k_max: int = 6) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_data, self.ax_stab, self.ax_k = reset_axes(fig, 3)
            self.points = self.ax_data.scatter(np.zeros(1), np.zeros(1), s=8)
            self.bars = self.ax_stab.bar(
                np.arange(k_max),
                np.zeros(k_max),
                color=[_PALETTE[j % len(_PALETTE)] for j in range(k_max)],
            )
            _thresholds(self.ax_stab)
            self.ax_stab.set(
                ylim=(0, 1.05),
                xlim=(-0.6, k_max - 0.4),
                xlabel="cluster (its size)",
                ylabel="mean Jaccard",
                xticks=np.arange(k_max),
            )
            ax = self.ax_k
            _thresholds(ax)
            (self.mean_line,) = ax.plot(
                [], [], "o-", ms=4, color=COLORS["primary"], label="mean stability"
            )
            (self.min_line,) = ax.plot(
                [], [], "s--", ms=3, color=COLORS["accent"], label="smallest"
            )
            self.marker = ax.axvline(2, color=COLORS["muted"], lw=1)
            ax.set(xlabel="k", ylabel="stability", ylim=(0, 1.05))
            self.ax_gap = ax.twinx()
            (self.gap_line,) = self.ax_gap.plot(
                [], [], "^:", ms=4, color=COLORS["secondary"], label="gap"
            )
            self.ax_gap.set_ylabel("Gap(k)")
            handles = [self.mean_line, self.min_line, self.gap_line]
            ax.legend(handles, [h.get_label() for h in handles], loc="lower left", fontsize=7)
            fig.subplots_adjust(left=0.06, right=0.94, bottom=0.17, top=0.86, wspace=0.42)
        self._data = None

    def _set_data(self, data) -> None:
        """Draw what does not depend on k (once per data set)."""
        self._data = data
        P = data.projection
        pad = 0.05 * (P.max(axis=0) - P.min(axis=0)) + 1e-9
        self.ax_data.set(
            xlim=(P[:, 0].min() - pad[0], P[:, 0].max() + pad[0]),
            ylim=(
                P[:, 1].min() - pad[1] - 0.5 * (pad[1] < 1e-6),
                P[:, 1].max() + pad[1] + 0.5 * (pad[1] < 1e-6),
            ),
            xlabel=data.axis_labels[0],
            ylabel=data.axis_labels[1],
        )
        self.points.set_offsets(P)
        ks = data.k_values
        means = [float(np.nanmean(data.stability[int(k)].stability)) for k in ks]
        mins = [float(np.nanmin(data.stability[int(k)].stability)) for k in ks]
        self.mean_line.set_data(ks, means)
        self.min_line.set_data(ks, mins)
        if data.gap is not None:
            self.gap_line.set_data(data.gap.k_values, data.gap.gap)
            lo, hi = float(np.min(data.gap.gap)), float(np.max(data.gap.gap))
            self.ax_gap.set_ylim(lo - 0.1 * (hi - lo) - 1e-3, hi + 0.1 * (hi - lo) + 1e-3)
            self.ax_k.set_xlim(0.5, ks[-1] + 0.5)
        else:
            self.gap_line.set_data([], [])
            self.ax_k.set_xlim(ks[0] - 0.5, ks[-1] + 0.5)

    def update(self, *, k: int, data: StabilityOverK) -> Figure:
        """Show the clustering into ``k`` clusters and its stability.

        Parameters
        ----------
        k : int
            One of ``data.k_values``.
        data : StabilityOverK
            From :func:`patterneval._explore.stability_over_k`.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        if data is not self._data:
            self._set_data(data)
        stab = data.stability[int(k)]
        self.points.set_color(
            [_PALETTE[c % len(_PALETTE)] if c >= 0 else COLORS["muted"] for c in stab.labels]
        )
        for j, bar in enumerate(self.bars):
            bar.set_height(stab.stability[j] if j < stab.stability.size else 0.0)
        self.ax_stab.set_xticklabels(
            [
                f"{j} ({s})" if j < stab.cluster_sizes.size else ""
                for j, s in enumerate(
                    np.r_[stab.cluster_sizes, np.zeros(len(self.bars), int)][: len(self.bars)]
                )
            ],
            fontsize=7,
            rotation=45 if len(self.bars) > 5 else 0,
        )
        self.marker.set_xdata([k, k])
        self._status(self.ax_data, f"k = {k}")
        self._status(
            self.ax_stab,
            f"{stab.method}, {data.n_resamples} resamples: "
            f"min {np.nanmin(stab.stability):.2f}, mean {np.nanmean(stab.stability):.2f}",
        )
        gap = data.gap
        self._status(
            self.ax_k,
            "no gap statistic" if gap is None else f"gap's 1-SE choice: k = {gap.n_clusters}",
        )
        return self.fig
