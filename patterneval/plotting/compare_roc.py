"""Figures of the chapter "ROC and AUC with intervals": ROC curves with DeLong intervals, the
binormal explorer and the coverage of the two interval transforms.

The painter builds its artists once; ``update`` calls the tested functions of
:mod:`patterneval.compare.roc` and only sets artist data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import matplotlib as mpl
import numpy as np
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike
from scipy import stats

from .._api import keywords
from .._explore import RocData
from ..book.roc_auc import binormal_roc, binormal_scores, delong_rows, simulate_delong_coverage
from ..compare.roc import TRANSFORMS, _interval, delong_interval, roc_curve
from ._style import (
    BOOK_STYLE,
    COLORS,
    SERIES_COLORS,
    Painter,
    finish_square,
    new_figure,
    reset_axes,
)

if TYPE_CHECKING:  # matplotlib >= 3.10: what fill_between returns
    from matplotlib.collections import FillBetweenPolyCollection

__all__ = [
    "RocPainter",
    "RocThresholdPainter",
    "draw_roc",
    "plot_delong_coverage",
    "plot_roc_curves",
]

_FPR = np.linspace(0.0, 1.0, 201)
_GRID = np.linspace(-4.0, 7.0, 221)


def _finish_roc_axes(ax: Axes) -> None:
    """Label, bound and square a painter's ROC panel, its artists drawn, and add its legend."""
    ax.set(xlabel="false-positive rate", ylabel="true-positive rate", xlim=(0, 1), ylim=(0, 1.01))
    ax.set_xticks([0, 0.5, 1])
    ax.set_yticks([0, 0.5, 1])
    ax.set_aspect("equal", adjustable="box")
    ax.legend(loc="lower right", fontsize=8)


def _set_band(band: FillBetweenPolyCollection, res: Any) -> None:
    """Show the binormal ROC curves at an AUC interval's ends as ``band`` (empty, at the
    top, for ``res`` None: no interval)."""
    if res is None:
        band.set_data(_FPR, np.ones_like(_FPR), np.ones_like(_FPR))
    else:
        lo = binormal_roc(_FPR, min(max(res.low, 1e-6), 1 - 1e-6))
        hi = binormal_roc(_FPR, min(max(res.high, 1e-6), 1 - 1e-6))
        band.set_data(_FPR, lo, hi)


class RocPainter(Painter):
    """Three panels for the binormal model with area ``auc``: the two classes' score
    densities with the sample's histograms; the sample's empirical ROC curve with the true
    curve and the band of binormal curves whose areas span the sample's DeLong interval;
    and the DeLong intervals of ``n_datasets`` further simulated samples against the true AUC.

    ``update(auc=, n=, confidence_level=)``: ``n`` samples per class, all from one seed.
    """

    def __init__(self, fig: Figure, *, n_datasets: int = 30) -> None:
        super().__init__(fig)
        self.n_datasets = n_datasets
        with mpl.rc_context(BOOK_STYLE):
            self.ax_d, self.ax_roc, self.ax_rep = reset_axes(fig, 3)
            ax = self.ax_d
            (self.dens_neg,) = ax.plot([], [], color=COLORS["primary"], lw=1.6, label="negatives")
            (self.dens_pos,) = ax.plot([], [], color=COLORS["secondary"], lw=1.6, label="positives")
            (self.hist_neg,) = ax.plot(
                [], [], color=COLORS["primary"], lw=0.9, alpha=0.6, drawstyle="steps-mid"
            )
            (self.hist_pos,) = ax.plot(
                [], [], color=COLORS["secondary"], lw=0.9, alpha=0.6, drawstyle="steps-mid"
            )
            ax.set(xlabel="score", ylabel="density", xlim=(_GRID[0], _GRID[-1]), ylim=(0, 0.75))
            # few fixed ticks: tick labels are most of a redraw
            ax.set_xticks([-4, -2, 0, 2, 4, 6])
            ax.set_yticks([])
            ax.legend(loc="upper right", fontsize=8)
            ax = self.ax_roc
            self.band = ax.fill_between(
                _FPR, _FPR, _FPR, color=COLORS["tertiary"], alpha=0.25, lw=0
            )
            (self.true_roc,) = ax.plot([], [], color=COLORS["truth"], lw=1.2, ls="--", label="true")
            (self.emp_roc,) = ax.plot([], [], color=COLORS["secondary"], lw=1.6, label="sample")
            ax.plot([0, 1], [0, 1], color=COLORS["muted"], lw=0.8, ls=":")
            _finish_roc_axes(ax)
            ax = self.ax_rep
            self.hits = ax.hlines([], [], [], color=COLORS["primary"], lw=1.6)
            self.misses = ax.hlines([], [], [], color=COLORS["secondary"], lw=2.2)
            (self.points,) = ax.plot([], [], "|", color=COLORS["truth"], ms=5)
            self.truth = ax.axvline(0.5, color=COLORS["truth"], lw=1.0, ls="--")
            ax.set(xlabel="AUC", ylabel="replicate", ylim=(0, n_datasets + 1))
            ax.set_yticks([])
            ax.xaxis.set_major_locator(ticker.MaxNLocator(4))
            fig.subplots_adjust(left=0.06, right=0.98, bottom=0.16, top=0.86, wspace=0.35)

    @keywords
    def update(
        self,
        *,
        auc: float,
        n: int,
        confidence_level: float = 0.95,
        transform: Literal["logit", "clip"] = "logit",
        rng: int = 0,
    ) -> Figure:
        """Draw one binormal sample, its ROC curve and the replicates' intervals.

        Parameters
        ----------
        auc : float in (0, 1)
            True AUC of the binormal model.
        n : int >= 2
            Samples per class.
        confidence_level : float in (0, 1), default 0.95
            Of the DeLong intervals.
        transform : {"logit", "clip"}, default "logit"
            As in :func:`~patterneval.compare.delong_interval`.
        rng : int, default 0
            Seed of the sample; the replicates use ``numpy.random.default_rng([1, rng])``.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        y, scores = binormal_scores(auc, n, n, rng=rng)
        mu = stats.norm.ppf(auc) * np.sqrt(2.0)
        self.dens_neg.set_data(_GRID, stats.norm.pdf(_GRID))
        self.dens_pos.set_data(_GRID, stats.norm.pdf(_GRID, loc=mu))
        edges = np.linspace(_GRID[0], _GRID[-1], 34)
        mids = (edges[1:] + edges[:-1]) / 2
        width = edges[1] - edges[0]
        self.hist_neg.set_data(mids, np.histogram(scores[y == 0], edges)[0] / (n * width))
        self.hist_pos.set_data(mids, np.histogram(scores[y == 1], edges)[0] / (n * width))

        curve = roc_curve(y, scores)
        self.emp_roc.set_data(curve.fpr, curve.tpr)
        self.true_roc.set_data(_FPR, binormal_roc(_FPR, auc))
        try:
            res = delong_interval(y, scores, confidence_level=confidence_level, transform=transform)
        except ValueError:  # a perfect separation: DeLong variance 0, no interval
            _set_band(self.band, None)
            self._status(
                self.ax_roc,
                f"AUC {curve.auc:.3f}: perfect separation, DeLong variance 0, no interval",
            )
        else:
            _set_band(self.band, res)
            self._status(
                self.ax_roc,
                f"AUC {res.statistic:.3f}, {confidence_level:.0%} CI [{res.low:.3f}, {res.high:.3f}]",
            )

        _, reps = binormal_scores(
            auc, n, n, n_datasets=self.n_datasets, rng=np.random.default_rng([1, rng])
        )
        a, se = delong_rows(reps[:, :n], reps[:, n:])
        low, high = _interval(a, se, stats.norm.ppf(0.5 + confidence_level / 2), transform)
        hit = (low <= auc) & (auc <= high)
        rows = np.arange(1, self.n_datasets + 1)
        self.hits.set_segments(
            [[(lo_, r), (hi_, r)] for lo_, hi_, r in zip(low[hit], high[hit], rows[hit])]
        )
        self.misses.set_segments(
            [[(lo_, r), (hi_, r)] for lo_, hi_, r in zip(low[~hit], high[~hit], rows[~hit])]
        )
        self.points.set_data(a, rows)
        self.truth.set_xdata([auc, auc])
        left = max(0.0, min(low.min(), auc) - 0.03)
        self.ax_rep.set_xlim(left, min(1.0, max(high.max(), auc) + 0.03) if left < 0.97 else 1.0)
        self._status(
            self.ax_rep, f"{int(hit.sum())} of {self.n_datasets} intervals cover {auc:.2f}"
        )
        self._status(self.ax_d, f"true AUC {auc:.2f}, n = {n} per class")
        return self.fig


def draw_roc(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`RocPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`RocPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return RocPainter(fig).update(**options)


def plot_roc_curves(y_true: ArrayLike, scores: dict, *, confidence_level: float = 0.95) -> Figure:
    """ROC curves of several classifiers on the same samples, each labelled with its AUC
    and DeLong interval.

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Binary labels (the positive class as in :func:`~patterneval.compare.roc_curve`).
    scores : dict
        ``{name: scores}``, each of shape (n_samples,), higher meaning more likely
        positive; up to five classifiers are drawn, in the dict's order.
    confidence_level : float, default 0.95, keyword-only
        Of each :func:`~patterneval.compare.delong_interval`, in (0, 1).

    Returns
    -------
    matplotlib.figure.Figure
        A new figure with one axes: a curve per classifier, the chance diagonal and a legend.

    Examples
    --------
    >>> from patterneval.book.roc_auc import binormal_scores
    >>> from patterneval.plotting import plot_roc_curves
    >>> y, weak = binormal_scores(0.7, 50, 50, rng=0)
    >>> _, strong = binormal_scores(0.9, 50, 50, rng=1)
    >>> fig = plot_roc_curves(y, {"weak": weak, "strong": strong})
    >>> len(fig.axes), len(fig.axes[0].get_legend().get_texts())
    (1, 2)
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=5.2, height=4.2)
        (ax,) = reset_axes(fig, 1)
        for (name, s), color in zip(scores.items(), SERIES_COLORS):
            curve = roc_curve(y_true, s)
            res = delong_interval(y_true, s, confidence_level=confidence_level)
            ax.plot(
                curve.fpr,
                curve.tpr,
                color=color,
                lw=1.5,
                label=f"{name}: {res.statistic:.3f} [{res.low:.3f}, {res.high:.3f}]",
            )
        ax.plot([0, 1], [0, 1], color=COLORS["muted"], lw=0.8, ls=":")
        ax.set(
            xlabel="false-positive rate",
            ylabel="true-positive rate",
            xlim=(0, 1),
            ylim=(0, 1.01),
            title=f"ROC curves, AUC with {confidence_level:.0%} DeLong interval",
        )
        finish_square(fig, ax, legend_loc="lower right")
    return fig


@keywords
def plot_delong_coverage(
    aucs: ArrayLike,
    n_positive: int,
    n_negative: int,
    *,
    n_datasets: int = 2000,
    confidence_level: float = 0.95,
    rng: int | np.random.Generator | None = 0,
) -> Figure:
    """Simulated coverage of the logit and the clipped DeLong intervals against the true
    AUC (binormal model), with +-2 Monte Carlo standard errors; both transforms see the
    same simulated data sets.

    Each point is :func:`~patterneval.book.roc_auc.simulate_delong_coverage` at one AUC, so the
    cost is ``2 * len(aucs) * n_datasets`` DeLong intervals.

    Parameters
    ----------
    aucs : array_like, shape (n_aucs,)
        True AUCs in (0, 1), the x axis.
    n_positive, n_negative : int
        Positives and negatives of each simulated data set, at least 2 each.
    n_datasets : int, default 2000, keyword-only
        Simulated data sets per point.
    confidence_level : float, default 0.95, keyword-only
        Of the intervals, in (0, 1); drawn as the nominal line.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of every point's simulation (the same draws for both transforms).

    Returns
    -------
    matplotlib.figure.Figure
        A new figure with one axes.
    """
    aucs = np.asarray(aucs, dtype=float)
    colors = {"logit": COLORS["primary"], "clip": COLORS["secondary"]}
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.4)
        (ax,) = reset_axes(fig, 1)
        for k, transform in enumerate(TRANSFORMS):
            cov = [
                simulate_delong_coverage(
                    a,
                    n_positive,
                    n_negative,
                    transform=transform,
                    n_datasets=n_datasets,
                    confidence_level=confidence_level,
                    rng=rng,
                )
                for a in aucs
            ]
            c = np.array([x.coverage for x in cov])
            se = np.array([x.std_error for x in cov])
            x = aucs + (k - 0.5) * 0.004
            ax.errorbar(
                x,
                c,
                yerr=2 * se,
                fmt="o-",
                color=colors[transform],
                ms=4,
                lw=1.2,
                capsize=2,
                label=f"{transform} interval",
            )
        ax.axhline(confidence_level, color=COLORS["truth"], lw=1.0, ls="--", label="nominal")
        ax.set(
            xlabel="true AUC",
            ylabel="coverage",
            title=f"DeLong interval coverage, m = {n_positive}, n = {n_negative} (±2 MC SE)",
        )
        ax.legend(loc="lower left", fontsize=8)
        fig.subplots_adjust(left=0.1, right=0.97, top=0.9, bottom=0.15)
    return fig


class RocThresholdPainter(Painter):
    """Three panels for a ROC curve on the user's data (a
    :class:`~patterneval._explore.RocData`, from ``RocExplorer.from_predictions`` or
    ``.from_estimator``): the empirical ROC curve with the band of binormal curves whose
    areas span the DeLong interval of its AUC and the operating point at the threshold;
    the scores of the two classes with the threshold; and the confusion counts of the rule
    "positive if score >= threshold".

    ``update(threshold=, data=)``; the curve and the interval come computed with ``data``,
    the counts from :func:`patterneval._explore.operating_point`.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_roc, self.ax_s, self.ax_cm = reset_axes(fig, 3)
            ax = self.ax_roc
            self.band = ax.fill_between(
                _FPR, _FPR, _FPR, color=COLORS["tertiary"], alpha=0.25, lw=0, label="DeLong band"
            )
            (self.curve,) = ax.plot([], [], color=COLORS["secondary"], lw=1.6, label="ROC")
            ax.plot([0, 1], [0, 1], color=COLORS["muted"], lw=0.8, ls=":")
            (self.guide,) = ax.plot([], [], color=COLORS["primary"], lw=0.8, ls="--")
            (self.point,) = ax.plot([], [], "o", color=COLORS["primary"], ms=7, label="threshold")
            _finish_roc_axes(ax)
            ax = self.ax_s
            (self.hist_neg,) = ax.plot(
                [], [], color=COLORS["primary"], lw=1.4, drawstyle="steps-mid", label="negatives"
            )
            (self.hist_pos,) = ax.plot(
                [], [], color=COLORS["secondary"], lw=1.4, drawstyle="steps-mid", label="positives"
            )
            self.cut = ax.axvline(0.0, color=COLORS["truth"], lw=1.2, ls="--")
            ax.set(xlabel="score", ylabel="share of the class")
            ax.yaxis.set_major_locator(ticker.MaxNLocator(4))
            ax.legend(loc="upper center", fontsize=8)
            ax = self.ax_cm
            self.image = ax.imshow(np.zeros((2, 2)), cmap="Blues", vmin=0.0, vmax=1.0)
            self.counts = [
                [ax.text(j, i, "", ha="center", va="center", fontsize=10) for j in range(2)]
                for i in range(2)
            ]
            ax.set_xticks([0, 1], ["called +", "called −"])
            ax.set_yticks([0, 1], ["positive", "negative"])
            ax.tick_params(length=0)
            fig.subplots_adjust(left=0.06, right=0.98, bottom=0.17, top=0.86, wspace=0.4)
        self._data = None

    def _set_data(self, data) -> None:
        """Draw what does not depend on the threshold (once per data set)."""
        self._data = data
        self.curve.set_data(data.curve.fpr, data.curve.tpr)
        self.curve.set_label(data.name)
        self.ax_roc.legend(loc="lower right", fontsize=8)
        res = data.interval
        if res is None:
            _set_band(self.band, None)
            self._status(
                self.ax_roc, f"AUC {data.curve.auc:.3f}: perfect separation, no DeLong interval"
            )
        else:
            _set_band(self.band, res)
            self._status(
                self.ax_roc,
                f"AUC {res.statistic:.3f}, {res.confidence_level:.0%} DeLong CI "
                f"[{res.low:.3f}, {res.high:.3f}]",
            )
        s = data.scores
        lo_s, hi_s = float(s.min()), float(s.max())
        pad = 0.02 * (hi_s - lo_s) or 0.5
        edges = np.linspace(lo_s - pad, hi_s + pad, 31)
        mids = (edges[1:] + edges[:-1]) / 2
        neg = np.histogram(s[~data.positive], edges)[0] / np.count_nonzero(~data.positive)
        pos = np.histogram(s[data.positive], edges)[0] / np.count_nonzero(data.positive)
        self.hist_neg.set_data(mids, neg)
        self.hist_pos.set_data(mids, pos)
        self.ax_s.set_xlim(edges[0], edges[-1])
        self.ax_s.set_ylim(0, 1.1 * max(neg.max(), pos.max()))

    def update(self, *, threshold: float, data: RocData) -> Figure:
        """Show the operating point of ``threshold`` on ``data``.

        Parameters
        ----------
        threshold : float
            The rule "positive if score >= threshold".
        data : RocData
            From :func:`patterneval._explore.roc_data`.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        from .._explore import operating_point

        if data is not self._data:
            self._set_data(data)
        p = operating_point(data.positive, data.scores, threshold)
        self.point.set_data([p.fpr], [p.tpr])
        self.guide.set_data([p.fpr, p.fpr, 0.0], [0.0, p.tpr, p.tpr])
        self.cut.set_xdata([threshold, threshold])
        table = np.array([[p.tp, p.fn], [p.fp, p.tn]])
        self.image.set_data(table / table.sum(axis=1, keepdims=True))
        for i in range(2):
            for j in range(2):
                self.counts[i][j].set_text(str(table[i, j]))
                self.counts[i][j].set_color(
                    "white" if table[i, j] / table[i].sum() > 0.6 else "black"
                )
        self._status(self.ax_s, f"threshold {threshold:.4g}")
        self._status(self.ax_cm, f"TPR {p.tpr:.3f}, FPR {p.fpr:.3f}")
        return self.fig
