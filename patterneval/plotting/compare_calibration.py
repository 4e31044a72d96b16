"""Figures of the chapter "Calibration and intervals for any metric": reliability diagrams,
the miscalibration explorer, and the optimism of the best cross-validated score.

The painter builds its artists once; ``update`` calls the tested functions of
:mod:`patterneval.compare.calibration` (and :mod:`patterneval.book.calibration`) and only sets artist data.
"""

from __future__ import annotations

from typing import Any, Literal

import matplotlib as mpl
import numpy as np
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from numpy.typing import ArrayLike
from scipy import special

from .._api import keywords
from .._explore import CalibrationData
from ..book.calibration import miscalibrated_forecasts
from ..compare.calibration import brier_decomposition, expected_calibration_error
from ..compare.out_of_fold import BBCResult
from ._style import (
    BOOK_STYLE,
    COLORS,
    SERIES_COLORS,
    Painter,
    finish_square,
    new_figure,
    reset_axes,
)

__all__ = [
    "ReliabilityDataPainter",
    "ReliabilityPainter",
    "draw_reliability",
    "plot_bbc",
    "plot_reliability",
]

_P = np.linspace(0.0005, 0.9995, 200)


def _reliability_and_histogram_start(fig: Figure) -> tuple[Axes, Axes]:
    """A painter's reliability and histogram panels, the calibrated diagonal drawn on the
    first."""
    ax_rel, ax_hist = reset_axes(fig, 2)
    ax_rel.plot([0, 1], [0, 1], color=COLORS["muted"], lw=0.9, ls=":", label="calibrated")
    return ax_rel, ax_hist


def _reliability_and_histogram_axes(
    ax_rel: Axes, ax_hist: Axes, edge_color: str, edge_lw: float
) -> tuple[Line2D, LineCollection]:
    """Finish a painter's square reliability panel (its artists drawn: limits, ticks,
    legend) and draw its forecast histogram panel: the step line and the bin edges (in
    ``edge_color``, width ``edge_lw``), returned."""
    ax = ax_rel
    ax.set(xlabel="mean forecast in bin", ylabel="observed frequency", xlim=(0, 1), ylim=(0, 1))
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    ax.set_aspect("equal", adjustable="box")
    ax.legend(loc="upper left", fontsize=8)
    ax = ax_hist
    (hist,) = ax.plot([], [], color=COLORS["primary"], lw=1.4, drawstyle="steps-mid")
    edges = ax.vlines([], 0, 1, color=edge_color, lw=edge_lw, ls=":")
    ax.set(xlabel="forecast", ylabel="share of samples", xlim=(0, 1))
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
    ax.yaxis.set_major_locator(ticker.MaxNLocator(4))
    return hist, edges


class ReliabilityPainter(Painter):
    """Two panels for :func:`~patterneval.book.calibration.miscalibrated_forecasts`:
    the reliability diagram (observed frequency against mean forecast per bin, marker area
    proportional to the bin's count, with the diagonal and the forecaster's true
    calibration curve) and the histogram of the forecasts. The title gives the binned ECE,
    the population calibration error it estimates and the ECE of perfectly calibrated
    forecasts of the same outcomes (the estimator's noise floor).

    ``update(slope=, shift=, n=, n_bins=, strategy=)``, all from one seed.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_rel, self.ax_hist = _reliability_and_histogram_start(fig)
            ax = self.ax_rel
            (self.true_curve,) = ax.plot(
                [], [], color=COLORS["truth"], lw=1.2, ls="--", label="true curve"
            )
            self.gaps = ax.vlines([], [], [], color=COLORS["secondary"], lw=1.2)
            self.points = ax.scatter([], [], s=[], color=COLORS["primary"], zorder=3, label="bins")
            self.hist, self.edges = _reliability_and_histogram_axes(
                self.ax_rel, self.ax_hist, COLORS["muted"], 0.6
            )
            fig.subplots_adjust(left=0.07, right=0.98, bottom=0.15, top=0.86, wspace=0.3)

    @keywords
    def update(
        self,
        *,
        slope: float,
        shift: float,
        n: int,
        n_bins: int = 15,
        strategy: Literal["uniform", "quantile"] = "uniform",
        rng: int | np.random.Generator | None = 0,
    ) -> Figure:
        """Draw one sample of forecasts and its reliability diagram.

        Parameters
        ----------
        slope : float > 0
            Slope a of the forecast's log-odds, as in
            :func:`~patterneval.book.calibration.miscalibrated_forecasts` (1 = calibrated spread).
        shift : float
            Shift b of the forecast's log-odds (0 = unbiased).
        n : int >= 1
            Number of samples.
        n_bins : int, default 15
            Number of bins of the ECE.
        strategy : {"uniform", "quantile"}, default "uniform"
            Equal-width bins or bins of equal counts.
        rng : None, int or numpy.random.Generator, default 0
            Seed of the sample.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        data = miscalibrated_forecasts(n, slope=slope, shift=shift, rng=rng)
        res = expected_calibration_error(data.y, data.forecast, n_bins=n_bins, strategy=strategy)
        floor = expected_calibration_error(
            data.y, data.probability, n_bins=n_bins, strategy=strategy
        )
        self.points.set_offsets(np.c_[res.mean_predicted, res.observed])
        self.points.set_sizes(400 * res.counts / n + 8)
        self.gaps.set_segments(
            [
                [(x, a), (x, b)]
                for x, a, b in zip(res.mean_predicted, res.mean_predicted, res.observed)
            ]
        )
        # the true calibration curve: P(Y = 1 | f) = expit((logit f - b) / a)
        self.true_curve.set_data(_P, special.expit((special.logit(_P) - shift) / slope))
        grid = np.linspace(0, 1, 41)
        counts, _ = np.histogram(data.forecast, grid)
        self.hist.set_data((grid[1:] + grid[:-1]) / 2, counts / n)
        top = max(0.05, float((counts / n).max()) * 1.1)
        self.ax_hist.set_ylim(0, top)
        self.edges.set_segments([[(e, 0), (e, top)] for e in res.bin_edges])
        self._status(
            self.ax_rel,
            f"ECE {res.statistic:.3f} (true {data.true_error:.3f}; calibrated: "
            f"{floor.statistic:.3f})",
        )
        self._status(
            self.ax_hist,
            f"slope {slope:.2f}, shift {shift:+.2f}, n = {n}, {n_bins} {strategy} bins",
        )
        return self.fig


def draw_reliability(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`ReliabilityPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`ReliabilityPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return ReliabilityPainter(fig).update(**options)


def plot_reliability(
    y_true: ArrayLike,
    probas: dict,
    *,
    n_bins: int = 10,
    strategy: Literal["uniform", "quantile"] = "uniform",
) -> Figure:
    """Reliability diagrams of several models' forecasts on the same samples, each labelled
    with its ECE.

    Each curve is the bins of :func:`~patterneval.compare.expected_calibration_error`:
    the observed frequency against the mean forecast in each bin, with the diagonal of
    perfect calibration.

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Binary outcomes, or class labels for 2-d forecasts (as in
        :func:`~patterneval.compare.expected_calibration_error`).
    probas : dict
        ``{name: proba}``, each proba of shape (n_samples,) or (n_samples, n_classes);
        up to five models are drawn, in the dict's order.
    n_bins : int, default 10, keyword-only
        Number of bins.
    strategy : {"uniform", "quantile"}, default "uniform", keyword-only
        Equal-width bins or bins of equal counts.

    Returns
    -------
    matplotlib.figure.Figure
        A new figure with one axes.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.plotting import plot_reliability
    >>> y = np.array([0, 0, 1, 1, 0, 1, 1, 0])
    >>> p = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.5])
    >>> fig = plot_reliability(y, {"model": p}, n_bins=2)
    >>> len(fig.axes)
    1
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=5.2, height=4.4)
        (ax,) = reset_axes(fig, 1)
        ax.plot([0, 1], [0, 1], color=COLORS["muted"], lw=0.9, ls=":")
        for (name, p), color in zip(probas.items(), SERIES_COLORS):
            res = expected_calibration_error(y_true, p, n_bins=n_bins, strategy=strategy)
            ax.plot(
                res.mean_predicted,
                res.observed,
                "o-",
                color=color,
                ms=4,
                lw=1.3,
                label=f"{name}: ECE {res.statistic:.3f}",
            )
        ax.set(
            xlabel="mean forecast in bin",
            ylabel="observed frequency",
            xlim=(0, 1),
            ylim=(0, 1),
            title=f"reliability diagram ({n_bins} {strategy} bins)",
        )
        finish_square(fig, ax, legend_loc="upper left")
    return fig


def plot_bbc(result: BBCResult) -> Figure:
    """A :class:`~patterneval.compare.BBCResult`: every configuration's
    cross-validated score, the naive report (the best of them) and the BBC-CV estimate with
    its interval.

    Parameters
    ----------
    result : BBCResult
        From :func:`~patterneval.compare.bbc_cv` or
        :func:`~patterneval.compare.bbc_from_predictions`.

    Returns
    -------
    matplotlib.figure.Figure
        A new figure with one axes.
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.2)
        (ax,) = reset_axes(fig, 1)
        k = np.arange(result.scores.size)
        ax.plot(
            k,
            result.scores,
            "o",
            color=COLORS["primary"],
            ms=5,
            label="CV score of each configuration",
        )
        ax.axhline(
            result.naive,
            color=COLORS["secondary"],
            lw=1.2,
            ls="--",
            label=f"naive (best) {result.naive:.3f}",
        )
        ax.axhspan(result.low, result.high, color=COLORS["tertiary"], alpha=0.2, lw=0)
        ax.axhline(
            result.statistic,
            color=COLORS["tertiary"],
            lw=1.6,
            label=f"BBC-CV {result.statistic:.3f} [{result.low:.3f}, {result.high:.3f}]",
        )
        ax.set(xlabel="configuration", ylabel=result.metric)
        ax.legend(loc="lower right", fontsize=8)
        fig.subplots_adjust(left=0.1, right=0.97, top=0.93, bottom=0.16)
    return fig


class ReliabilityDataPainter(Painter):
    """Two panels for the user's forecasts (a :class:`~patterneval._explore.CalibrationData`,
    from ``CalibrationExplorer.from_predictions`` or ``.from_estimator``): the reliability
    diagram (observed frequency against mean forecast per bin, marker area proportional to
    the bin's count, gaps to the diagonal) and the histogram of the forecasts with the bin
    edges. The titles give the ECE and MCE of
    :func:`~patterneval.compare.expected_calibration_error` and Murphy's decomposition of
    :func:`~patterneval.compare.brier_decomposition` on the same bins.

    ``update(n_bins=, strategy=, data=)``.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_rel, self.ax_hist = _reliability_and_histogram_start(fig)
            ax = self.ax_rel
            self.gaps = ax.vlines([], [], [], color=COLORS["secondary"], lw=1.2)
            (self.line,) = ax.plot([], [], color=COLORS["primary"], lw=1.0)
            self.points = ax.scatter([], [], s=[], color=COLORS["primary"], zorder=3, label="bins")
            self.hist, self.edges = _reliability_and_histogram_axes(
                self.ax_rel, self.ax_hist, COLORS["secondary"], 0.8
            )
            fig.subplots_adjust(left=0.07, right=0.98, bottom=0.15, top=0.84, wspace=0.3)
        self._data: CalibrationData | None = None

    def update(
        self, *, n_bins: int, strategy: Literal["uniform", "quantile"], data: CalibrationData
    ) -> Figure:
        """Bin the forecasts of ``data`` and draw the reliability diagram.

        Parameters
        ----------
        n_bins : int
            Number of bins.
        strategy : {"uniform", "quantile"}
            Equal-width bins or bins of equal counts.
        data : CalibrationData
            From :func:`patterneval._explore.calibration_data`.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        y, p = data.outcome, data.proba
        n = p.size
        if data is not self._data:
            self._data = data
            grid = np.linspace(0, 1, 41)
            counts, _ = np.histogram(p, grid)
            self.hist.set_data((grid[1:] + grid[:-1]) / 2, counts / n)
            self._top = max(0.05, float((counts / n).max()) * 1.1)
            self.ax_hist.set_ylim(0, self._top)
        res = expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy)
        brier = brier_decomposition(y, p, n_bins=n_bins, strategy=strategy)
        self.points.set_offsets(np.c_[res.mean_predicted, res.observed])
        self.points.set_sizes(400 * res.counts / n + 8)
        self.line.set_data(res.mean_predicted, res.observed)
        self.gaps.set_segments(
            [
                [(x, a), (x, b)]
                for x, a, b in zip(res.mean_predicted, res.mean_predicted, res.observed)
            ]
        )
        self.edges.set_segments([[(e, 0), (e, self._top)] for e in res.bin_edges])
        self._status(self.ax_rel, f"{data.name}: ECE {res.statistic:.3f}, MCE {res.max_error:.3f}")
        self._status(
            self.ax_hist,
            f"Brier {brier.brier:.4f} = REL {brier.reliability:.4f} − RES "
            f"{brier.resolution:.4f}\n+ UNC {brier.uncertainty:.4f} + residual "
            f"{brier.residual:+.4f} ({n_bins} {strategy} bins)",
        )
        return self.fig
