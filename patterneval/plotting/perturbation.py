"""Figures of the chapter "Interval estimates for the CV error".

The painter draws from a stored :class:`~patterneval.resampling.perturbation.PerturbationInterval`:
a slider move only takes quantiles of its replicates (no SVM is refitted).
"""

from __future__ import annotations

from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from ..book.cv_intervals import PerturbationCoverage
from ..resampling.perturbation import PerturbationInterval
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["PerturbationPainter", "draw_perturbation", "plot_perturbation_coverage"]

_W_LABELS = {
    "apparent": r"$W^* = \sqrt{n}\,(\sum G_i e_i(\theta^*)/\sum G_i - \hat\varepsilon_{re})$",
    "perturbed-cv": r"$W^* = \sqrt{n}\,(\hat\varepsilon^*_{CV} - \hat\varepsilon_{CV})$",
}


class PerturbationPainter(Painter):
    r"""Left: histogram of the first m raw replicates :math:`W^*` of the result's method, zero,
    their mean :math:`\bar W^*`, and the two values of :math:`W^*` that the interval's ends
    correspond to (``"apparent"``: :math:`\bar W^* \pm \hat\xi_{1-\alpha/2}`;
    ``"perturbed-cv"``: the raw :math:`\alpha/2` and :math:`1-\alpha/2` quantiles). Right:
    the centred replicates on the error scale,
    :math:`\hat\varepsilon_{CV} - (W^* - \bar W^*)/\sqrt n`, with the interval.

    Artists are made once; :meth:`update` sets their data.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_w, self.ax_e = reset_axes(fig, 2)
            self.hist_w = self.ax_w.stairs(
                [0.0], [0.0, 1.0], fill=True, alpha=0.5, color=COLORS["primary"], label=r"$W^*$"
            )
            self.q_lines = [
                self.ax_w.axvline(0, color=COLORS["secondary"], ls="--", lw=1.2) for _ in range(2)
            ]
            self.q_lines[0].set_label("interval's ends")
            self.ax_w.axvline(0, color=COLORS["muted"], lw=1)
            self.mean_line = self.ax_w.axvline(
                0, color=COLORS["truth"], lw=1.5, label=r"mean $\bar W^*$"
            )
            self.ax_w.set(ylabel="density")
            self.ax_w.legend(loc="upper right")
            self.hist_e = self.ax_e.stairs(
                [0.0],
                [0.0, 1.0],
                fill=True,
                alpha=0.5,
                color=COLORS["tertiary"],
                label=r"$\hat\varepsilon_{CV} - (W^*-\bar W^*)/\sqrt{n}$",
            )
            self.band = self.ax_e.axvspan(
                0, 0, color=COLORS["secondary"], alpha=0.15, label="interval"
            )
            self.centre = self.ax_e.axvline(
                0, color=COLORS["truth"], lw=1.5, label=r"$\hat\varepsilon_{CV}$"
            )
            self.ax_e.set(xlabel="error rate", ylabel="density")
            self.ax_e.legend(loc="upper right")
            for ax in (self.ax_w, self.ax_e):
                # densities need no numbers; fewer tick labels keep a redraw fast
                ax.set_yticks([])
                ax.xaxis.set_major_locator(mpl.ticker.MaxNLocator(5))

    def update(
        self,
        *,
        result: PerturbationInterval,
        confidence_level: float = 0.95,
        n_resamples: int | None = None,
    ) -> Figure:
        """Show the interval from the first ``n_resamples`` replicates.

        Parameters
        ----------
        result : PerturbationInterval
        confidence_level : float in (0, 1), default 0.95
        n_resamples : int, optional
            Replicates used (default all).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        m = result.replicates.size if n_resamples is None else int(n_resamples)
        w = result.replicates[:m]
        low, high = result.confidence_interval(confidence_level, n_resamples=m)
        mean = float(w.mean())
        root_n = np.sqrt(result.n)
        q = (mean + (result.error - high) * root_n, mean + (result.error - low) * root_n)
        lim = np.quantile(result.replicates, [0.0, 1.0])
        pad = 0.05 * (lim[1] - lim[0] + 1e-12)
        bins = np.linspace(lim[0] - pad, lim[1] + pad, 31)
        dens, _ = np.histogram(w, bins=bins, density=True)
        self.hist_w.set_data(dens, bins)
        for line, value in zip(self.q_lines, q):
            line.set_xdata([value, value])
        self.mean_line.set_xdata([mean, mean])
        self.ax_w.set_xlim(bins[0], bins[-1])
        self.ax_w.set_ylim(0, 1.25 * max(dens.max(), 1e-12))
        self.ax_w.set_title(f"{m} replicates W* ({result.method})")
        self.ax_w.set_xlabel(_W_LABELS[result.method])

        e_bins = (result.error - (bins - mean) / root_n)[::-1]
        self.hist_e.set_data(dens[::-1] * root_n, e_bins)
        self.band.set_x(low)
        self.band.set_width(high - low)
        self.centre.set_xdata([result.error, result.error])
        self.ax_e.set_xlim(e_bins[0], e_bins[-1])
        self.ax_e.set_ylim(0, 1.25 * max(dens.max() * root_n, 1e-12))
        self.ax_e.set_title(f"{confidence_level:.0%} interval [{low:.3f}, {high:.3f}]")
        return self.fig


def draw_perturbation(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`PerturbationPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`PerturbationPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return PerturbationPainter(fig).update(**options)


def plot_perturbation_coverage(sim: PerturbationCoverage, *, max_rows: int = 100) -> Figure:
    """The first ``max_rows`` simulated data sets' intervals (sorted by their centre, ties
    kept in data-set order), covering the target or not, with the target (expected error
    over training sets of size n); the title gives the coverage of all data sets.

    Parameters
    ----------
    sim : PerturbationCoverage
        A coverage simulation (``errors`` and the intervals of each data set).
    max_rows : int >= 1, default 100, keyword-only
        Data sets drawn (the first ones).

    Returns
    -------
    matplotlib.figure.Figure
    """
    first = np.arange(min(max_rows, sim.n_datasets))
    order = first[np.argsort(sim.errors[first], kind="stable")]
    rows = np.arange(order.size)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=8.0, height=3.6)
        (ax,) = reset_axes(fig, 1)
        for covered, color, label in (
            (True, COLORS["primary"], "covers"),
            (False, COLORS["secondary"], "misses"),
        ):
            keep = sim.covered[order] == covered
            ax.hlines(
                rows[keep],
                sim.lows[order][keep],
                sim.highs[order][keep],
                color=color,
                lw=1.2,
                label=f"{label} ({keep.sum()})",
            )
        ax.plot(sim.errors[order], rows, "|", color=COLORS["truth"], ms=4)
        ax.axvline(sim.target, color=COLORS["truth"], ls="--", lw=1.2, label="target ε_n")
        ax.set(
            xlabel="error rate",
            ylabel="data set (sorted by CV error)",
            title=f"{sim.confidence_level:.0%} intervals ({sim.method}), n={sim.n}, first {order.size} "
            f"data sets; coverage of all {sim.n_datasets}: {sim.coverage:.3f} ± {sim.std_error:.3f}",
        )
        ax.legend(loc="lower right")
    return fig
