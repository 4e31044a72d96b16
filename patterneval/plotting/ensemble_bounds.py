"""Figures of the chapter "Why ensembles work": majority-vote error, Hoeffding's bound and
correlated voters as functions of the ensemble size T.

The painter builds its artists once; ``update`` calls the tested functions of
:mod:`patterneval.ensemble.bounds` and only sets artist data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import matplotlib as mpl
import numpy as np
from matplotlib import ticker
from matplotlib.figure import Figure

from .._api import keywords
from ..book.why_ensembles_work import simulate_correlated_vote
from ..ensemble.bounds import correlated_vote_error, hoeffding_bound, majority_vote_error
from ._style import BOOK_STYLE, COLORS, SERIES_COLORS, Painter, new_figure, reset_axes

__all__ = ["EnsembleBoundsPainter", "draw_ensemble_bounds", "plot_bound_gap"]

#: Lowest error shown on the log axis.
FLOOR = 1e-5


class EnsembleBoundsPainter(Painter):
    """One log-scale panel over T = 1..T_max: the exact error of independent voters, the
    Hoeffding bound, the exact error of shared-cause voters with correlation rho, its
    simulation (dots, +-2 Monte Carlo SE) and the floor rho * eps.

    ``update(error=, n_voters=, correlation=)``: ``n_voters`` is the largest T shown.
    Simulated points are drawn at about 25 sizes; zeros (no wrong majority in the run)
    cannot be shown on a log axis and are left out.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            (self.ax,) = reset_axes(fig, 1)
            ax = self.ax
            (self.indep,) = ax.plot(
                [], [], color=COLORS["primary"], lw=1.6, label="independent voters (exact)"
            )
            (self.bound,) = ax.plot(
                [],
                [],
                color=COLORS["secondary"],
                lw=1.6,
                ls="--",
                label="Hoeffding bound exp(-T(1-2ε)²/2)",
            )
            (self.corr,) = ax.plot(
                [], [], color=COLORS["tertiary"], lw=1.6, label="correlated voters (exact)"
            )
            self.sim_bars = ax.vlines([], [], [], color=COLORS["accent"], lw=1.2)
            (self.sim,) = ax.plot(
                [],
                [],
                "o",
                color=COLORS["accent"],
                ms=4,
                label="correlated voters (simulated, ±2 SE)",
            )
            self.floor = ax.axhline(FLOOR, color=COLORS["muted"], ls=":", lw=1.2, label="floor ρε")
            (self.marker,) = ax.plot([], [], "s", mfc="none", mec=COLORS["truth"], ms=8)
            ax.set_yscale("log")
            ax.set_ylim(FLOOR, 1.5)
            # plain-text ticks, no minor ticks: mathtext labels would dominate a redraw
            ax.yaxis.set_minor_locator(ticker.NullLocator())
            ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:.0e}"))
            ax.set(xlabel="number of voters T", ylabel="majority-vote error")
            ax.legend(loc="lower left", fontsize=8)
            fig.subplots_adjust(left=0.09, right=0.98, top=0.9, bottom=0.14)

    @keywords
    def update(
        self,
        *,
        error: float,
        n_voters: int,
        correlation: float,
        n_datasets: int = 2000,
        rng: int | np.random.Generator | None = 0,
    ) -> Figure:
        """Draw the curves for T = 1..``n_voters``.

        Parameters
        ----------
        error : float in [0, 1]
            Voter error rate eps.
        n_voters : int >= 1
            The largest T.
        correlation : float in [0, 1]
            Error correlation rho of the shared-cause voters.
        n_datasets : int, default 2000
            Simulated ensembles per T.
        rng : None, int or numpy.random.Generator, default 0
            Seed of the simulation.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        T = np.arange(1, n_voters + 1)
        # one value per ensemble size T: arrays
        indep = cast(np.ndarray, majority_vote_error(error, T))
        bound = cast(np.ndarray, hoeffding_bound(error, T))
        corr = cast(np.ndarray, correlated_vote_error(error, T, correlation))
        self.indep.set_data(T, np.maximum(indep, FLOOR / 10))
        self.bound.set_data(T, np.maximum(bound, FLOOR / 10))
        self.corr.set_data(T, np.maximum(corr, FLOOR / 10))

        step = max(1, n_voters // 25)
        sizes = np.arange(1, n_voters + 1, step)
        sim = simulate_correlated_vote(error, sizes, correlation, n_datasets=n_datasets, rng=rng)
        mean = np.where(sim.majority_error > 0, sim.majority_error, np.nan)
        lo = np.maximum(mean - 2 * sim.std_error, FLOOR / 10)
        hi = mean + 2 * sim.std_error
        self.sim.set_data(sizes, mean)
        keep = np.isfinite(mean)
        self.sim_bars.set_segments(
            [[(t, a), (t, b)] for t, a, b in zip(sizes[keep], lo[keep], hi[keep])]
        )
        self.floor.set_ydata([max(correlation * error, FLOOR / 10)] * 2)
        self.marker.set_data([n_voters], [max(corr[-1], FLOOR / 10)])
        self.ax.set_xlim(0, n_voters + 1)
        broken = np.nonzero(corr > bound)[0]
        where = (
            f"bound broken from T={T[broken[0]]}" if broken.size else "bound holds on this range"
        )
        self._status(
            self.ax,
            f"eps={error:.2f}, rho={correlation:.2f}, T={n_voters}: independent {indep[-1]:.2g}, "
            f"correlated {corr[-1]:.2g}, bound {bound[-1]:.2g}; {where}",
        )
        return self.fig


def draw_ensemble_bounds(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`EnsembleBoundsPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`EnsembleBoundsPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return EnsembleBoundsPainter(fig).update(**options)


def plot_bound_gap(
    errors: Sequence[float] = (0.1, 0.2, 0.3, 0.4), *, max_voters: int = 101
) -> Figure:
    """Exact error of independent voters (solid) and Hoeffding's bound (dashed) against odd
    T for several voter error rates, on a log axis: the bound is valid but loose.

    Parameters
    ----------
    errors : sequence of float in [0, 1], default (0.1, 0.2, 0.3, 0.4)
        Voter error rates, one curve pair each (up to five colours).
    max_voters : int >= 1, default 101, keyword-only
        The largest T (odd T from 1 are drawn).

    Returns
    -------
    matplotlib.figure.Figure
    """
    T = np.arange(1, max_voters + 1, 2)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.4)
        (ax,) = reset_axes(fig, 1)
        for eps, color in zip(errors, SERIES_COLORS):
            ax.plot(T, majority_vote_error(eps, T), color=color, lw=1.6, label=f"eps={eps:g}")
            ax.plot(T, hoeffding_bound(eps, T), color=color, lw=1.2, ls="--")
        ax.set_yscale("log")
        ax.set_ylim(1e-12, 1.5)
        ax.set(
            xlabel="number of voters T (odd)",
            ylabel="majority-vote error",
            title="exact error (solid) and Hoeffding bound (dashed)",
        )
        ax.legend(loc="lower left", fontsize=8)
        fig.subplots_adjust(left=0.12, right=0.97, top=0.9, bottom=0.15)
    return fig
