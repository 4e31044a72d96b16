"""Figures of the chapter "Cross-validation and the bootstrap".

The painter's ``update`` calls tested library functions (the inclusion probability, the
simulated share of distinct samples, the .632+ weight) and sets artist data.
"""

from __future__ import annotations

from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from .._api import keywords
from ..book.cross_validation import EstimatorSimulation, simulate_distinct_share
from ..resampling.bootstrap import _632_plus, inclusion_probability
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = [
    "BootstrapPainter",
    "draw_bootstrap",
    "plot_estimator_simulation",
    "plot_inclusion_probability",
]

_LIMIT = 1.0 - np.exp(-1.0)

#: Room left of the axes for the tick labels and the y-label, in inches: ``reset_axes``
#: gives a fraction of the width, too little on the narrower single-axes figures here.
_LEFT_INCHES = 0.8


def _fit_left_margin(fig: Figure) -> None:
    """Widen the left margin so that the y-label is not clipped, whatever the figure width."""
    fig.subplots_adjust(left=_LEFT_INCHES / fig.get_figwidth())


def _weight(rate):
    """The .632+ weight 0.632 / (1 - 0.368 R), through the library's own arithmetic."""
    # with err = 0 and gamma = 1, Err1' = R makes _632_plus return exactly weight(R)
    return _632_plus(0.0, float(rate), 1.0)[2]


class BootstrapPainter(Painter):
    r"""Left: the share of distinct samples in simulated bootstrap samples of size N,
    with :math:`1-(1-1/N)^N` and its limit :math:`1-1/e`. Right: the .632+ weight
    :math:`w(R) = 0.632/(1 - 0.368R)` with the current R marked, and the estimate
    :math:`(1-w)\,\overline{err} + w\,Err^{(1)\prime}` it gives for the chosen
    resubstitution and out-of-bag errors.

    Artists are made once; :meth:`update` sets their data.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        grid = np.linspace(0.0, 1.0, 101)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_share, self.ax_w = reset_axes(fig, 2)
            ax = self.ax_share
            self.hist = ax.stairs(
                [0.0], [0.0, 1.0], fill=True, alpha=0.5, color=COLORS["primary"], label="simulated"
            )
            self.formula = ax.axvline(0, color=COLORS["secondary"], lw=1.5, label=r"$1-(1-1/N)^N$")
            ax.axvline(_LIMIT, color=COLORS["truth"], ls=":", lw=1.2, label=r"$1-1/e$")
            ax.set(xlabel="share of distinct samples", ylabel="density")
            ax.set_yticks([])
            ax.legend(loc="upper right")
            ax = self.ax_w
            ax.plot(grid, [_weight(r) for r in grid], color=COLORS["primary"], label=r"$w(R)$")
            (self.marker,) = ax.plot([0.0], [0.632], "o", color=COLORS["secondary"], ms=7)
            ax.set(
                xlabel="relative overfitting rate R",
                ylabel="weight of the OOB term",
                xlim=(0, 1),
                ylim=(0.6, 1.02),
            )
            ax.legend(loc="upper left")
            self.text = ax.text(
                0.98,
                0.04,
                "",
                transform=ax.transAxes,
                ha="right",
                va="bottom",
                family="monospace",
                fontsize=8,
            )

    @keywords
    def update(
        self,
        *,
        n: int,
        resubstitution: float = 0.0,
        oob: float = 0.3,
        gamma: float = 0.5,
        n_resamples: int = 4000,
        rng: int | np.random.Generator | None = 0,
    ) -> Figure:
        """Draw both panels for one setting.

        Parameters
        ----------
        n : int >= 1
            Sample size N.
        resubstitution : float in [0, 1], default 0.0
            Resubstitution error err.
        oob : float in [0, 1], default 0.3
            Leave-one-out bootstrap error Err(1).
        gamma : float in [0, 1], default 0.5
            No-information error rate.
        n_resamples : int, default 4000
            Simulated bootstrap samples.
        rng : None, int or numpy.random.Generator, default 0

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        share = simulate_distinct_share(n, n_resamples=n_resamples, rng=rng)
        edges = (np.arange(n + 1) + 0.5) / n
        counts = np.bincount(np.rint(share * n).astype(int), minlength=n + 1)[1:]
        dens = counts / (counts.sum() / n)
        lo, hi = np.flatnonzero(counts)[[0, -1]]
        self.hist.set_data(dens[lo : hi + 1], edges[lo : hi + 2])
        self.ax_share.set_xlim(min(edges[lo], _LIMIT - 0.02), max(edges[hi + 1], _LIMIT + 0.02))
        self.ax_share.set_ylim(0, dens.max() * 1.15)
        p = inclusion_probability(n)
        self.formula.set_xdata([p, p])
        self.ax_share.set_title(f"N={n}: formula {p:.4f}, simulated {share.mean():.4f}")

        oob_capped, rate, weight, estimate = _632_plus(resubstitution, oob, gamma)
        self.marker.set_data([rate], [weight])
        self.ax_w.set_title(f"R={rate:.3f}, w={weight:.3f}")
        self.text.set_text(
            f"err={resubstitution:.2f} Err1={oob:.2f} gamma={gamma:.2f}\n"
            f".632 ={0.368 * resubstitution + 0.632 * oob:.4f}\n"
            f".632+={estimate:.4f}"
        )
        return self.fig


def draw_bootstrap(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`BootstrapPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`BootstrapPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return BootstrapPainter(fig).update(**options)


def plot_inclusion_probability(n_max: int = 200) -> Figure:
    r""":math:`1-(1-1/N)^N` for N = 1..n_max, decreasing to :math:`1-1/e`.

    Parameters
    ----------
    n_max : int >= 1, default 200
        The largest N drawn.

    Returns
    -------
    matplotlib.figure.Figure
    """
    n = np.arange(1, n_max + 1)
    fig = new_figure(width=6.0, height=3.0)
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        ax.plot(
            n, inclusion_probability(n), ".", color=COLORS["primary"], ms=3, label=r"$1-(1-1/N)^N$"
        )
        ax.axhline(_LIMIT, color=COLORS["truth"], ls=":", label=r"$1-1/e \approx 0.632$")
        ax.set(xscale="log", xlabel="N", ylabel="P(sample is drawn)")
        ax.legend(loc="upper right")
    _fit_left_margin(fig)
    return fig


def plot_estimator_simulation(sim: EstimatorSimulation) -> Figure:
    """Box plots of ``estimate - true error`` for each estimator of an
    :class:`~patterneval.book.cross_validation.EstimatorSimulation`, bias marked.

    Parameters
    ----------
    sim : EstimatorSimulation
        A simulation of several error estimators over data sets with a known true error.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=7.5, height=3.2)
    diff = sim.estimates - sim.true_errors[:, None]
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        ax.boxplot(diff, tick_labels=list(sim.names), showfliers=False)
        ax.plot(
            np.arange(1, len(sim.names) + 1),
            sim.bias,
            "D",
            color=COLORS["secondary"],
            label="bias (mean)",
        )
        ax.axhline(0, color=COLORS["truth"], lw=1)
        ax.set(
            ylabel="estimate - true error",
            title=f"{sim.true_errors.size} training sets of n={sim.n}",
        )
        ax.legend(loc="upper right")
    _fit_left_margin(fig)
    return fig
