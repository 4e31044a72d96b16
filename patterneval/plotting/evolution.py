"""Figures of the chapter "Evolutionary learning": fitness and diversity over generations,
and the schema theorem's bound beside simulated counts.

The painter builds its artists once; ``update`` calls the tested
:func:`patterneval.evolution.run_ga_replicates` and only sets artist data.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from .._api import keywords
from ..book.evolution import SchemaCountCheck
from ..evolution import onemax, run_ga_replicates, trap
from ._style import BOOK_STYLE, COLORS, SERIES_COLORS, Painter, new_figure, reset_axes

__all__ = ["EvolutionPainter", "draw_evolution", "plot_ga_history", "plot_schema_counts"]

#: Fitness functions the explorer offers, by name.
FITNESS = {"onemax": onemax, "trap": trap}


class EvolutionPainter(Painter):
    """Two panels over the generations of a few seeded GA runs: best and mean fitness
    (average over runs, thin lines for each run's best), and the population diversity.

    ``update(fitness=, mutation_rate=, crossover_rate=, selection=, tournament_size=, ...)``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        As for every :class:`~patterneval.plotting.Painter`.
    n_runs : int >= 1, default 3, keyword-only
        Independent GA runs per setting (:func:`~patterneval.evolution.run_ga_replicates`:
        child generators spawned from ``rng``).
    """

    def __init__(self, fig: Figure, *, n_runs: int = 3) -> None:
        super().__init__(fig)
        self.n_runs = n_runs
        with mpl.rc_context(BOOK_STYLE):
            self.ax, self.ax_div = reset_axes(fig, 2)
            ax = self.ax
            self.runs = [
                ax.plot([], [], color=COLORS["primary"], lw=0.6, alpha=0.4)[0]
                for _ in range(n_runs)
            ]
            (self.best,) = ax.plot(
                [], [], color=COLORS["primary"], lw=1.8, label="best (mean of runs)"
            )
            (self.mean,) = ax.plot(
                [], [], color=COLORS["secondary"], lw=1.8, ls="--", label="population mean"
            )
            self.optimum = ax.axhline(0.0, color=COLORS["truth"], lw=1.0, ls=":", label="optimum")
            ax.set(xlabel="generation", ylabel="fitness")
            ax.legend(loc="lower right", fontsize=8)
            (self.div,) = self.ax_div.plot([], [], color=COLORS["tertiary"], lw=1.8)
            self.ax_div.set(
                xlabel="generation", ylabel="diversity (mean Hamming / l)", ylim=(0, 0.55)
            )
            fig.subplots_adjust(left=0.07, right=0.98, top=0.88, bottom=0.15, wspace=0.3)

    @keywords
    def update(
        self,
        *,
        fitness: str = "onemax",
        mutation_rate: float,
        crossover_rate: float,
        selection: str,
        tournament_size: int = 2,
        n_bits: int = 32,
        population_size: int = 30,
        n_generations: int = 40,
        rng: int | np.random.Generator | None = 0,
    ) -> Figure:
        """Run the GA ``n_runs`` times (child generators spawned from ``rng``) and draw.

        Parameters
        ----------
        fitness : {"onemax", "trap"}, default "onemax"
        mutation_rate : float in [0, 1]
            Per-bit mutation rate.
        crossover_rate : float in [0, 1]
            Per-pair crossover rate.
        selection : {"tournament", "truncation", "roulette"}
        tournament_size : int, default 2
        n_bits : int, default 32
        population_size : int, default 30
        n_generations : int, default 40
        rng : None, int or numpy.random.Generator, default 0
            Source of the runs' randomness (one spawned child per run).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        reps = run_ga_replicates(
            FITNESS[fitness],
            n_bits,
            n_runs=self.n_runs,
            population_size=population_size,
            selection=selection,
            tournament_size=tournament_size,
            crossover_rate=crossover_rate,
            mutation_rate=mutation_rate,
            n_generations=n_generations,
            rng=rng,
        )
        g = np.arange(n_generations + 1)
        for line, best in zip(self.runs, reps.best):
            line.set_data(g, best)
        self.best.set_data(g, reps.best.mean(axis=0))
        self.mean.set_data(g, reps.mean.mean(axis=0))
        self.div.set_data(g, reps.diversity.mean(axis=0))
        self.optimum.set_ydata([n_bits] * 2)
        for ax in (self.ax, self.ax_div):
            ax.set_xlim(0, n_generations)
        self.ax.set_ylim(0, n_bits * 1.05)
        solved = int(np.sum(reps.best_fitness == n_bits))
        self.fig.suptitle(
            f"{fitness}, l={n_bits}, n={population_size}, {selection}"
            + (f" (k={tournament_size})" if selection == "tournament" else "")
            + f", p_c={crossover_rate:.2f}, p_m={mutation_rate:.3f}: optimum found in "
            f"{solved}/{self.n_runs} runs",
            fontsize=9,
        )
        return self.fig


def draw_evolution(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`EvolutionPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`EvolutionPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return EvolutionPainter(fig).update(**options)


def plot_ga_history(results: dict, *, optimum: float | None = None) -> Figure:
    """Best (solid) and mean (dashed) fitness per generation of each labelled
    :class:`~patterneval.evolution.GAResult` or
    :class:`~patterneval.evolution.GAReplicates` (averaged over runs).

    Parameters
    ----------
    results : dict
        Label -> :class:`~patterneval.evolution.GAResult` or
        :class:`~patterneval.evolution.GAReplicates`; up to five.
    optimum : float, optional, keyword-only
        Drawn as a dotted line when given.

    Returns
    -------
    matplotlib.figure.Figure
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.4)
        (ax,) = reset_axes(fig, 1)
        for (label, res), color in zip(results.items(), SERIES_COLORS):
            best = getattr(res, "best_history", None)
            best = np.atleast_2d(res.best if best is None else best).mean(axis=0)
            mean_history = getattr(res, "mean_history", getattr(res, "mean", None))
            mean = np.atleast_2d(mean_history).mean(axis=0)  # type: ignore[arg-type]  # stub refuses None
            g = np.arange(best.size)
            ax.plot(g, best, color=color, lw=1.6, label=f"{label}: best")
            ax.plot(g, mean, color=color, lw=1.2, ls="--", label=f"{label}: mean")
        if optimum is not None:
            ax.axhline(optimum, color=COLORS["truth"], lw=1.0, ls=":")
        ax.set(xlabel="generation", ylabel="fitness")
        ax.legend(loc="lower right", fontsize=8, ncol=2)
        fig.subplots_adjust(left=0.1, right=0.97, top=0.95, bottom=0.15)
    return fig


def plot_schema_counts(checks: Iterable[SchemaCountCheck]) -> Figure:
    """For each :class:`~patterneval.book.evolution.SchemaCountCheck`: m(H, t), the selection-only
    expectation, the two bounds and the simulated mean count of m(H, t+1) (+-2 SE).

    Parameters
    ----------
    checks : iterable of SchemaCountCheck
        One group of bars per check (from :func:`~patterneval.book.evolution.schema_counts`).

    Returns
    -------
    matplotlib.figure.Figure
    """
    checks = list(checks)
    x = np.arange(len(checks))
    w = 0.2
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.5, height=3.4)
        (ax,) = reset_axes(fig, 1)
        ax.bar(x - 1.5 * w, [c.m for c in checks], w, color=COLORS["muted"], label="m(H, t)")
        ax.bar(
            x - 0.5 * w,
            [c.bound for c in checks],
            w,
            color=COLORS["secondary"],
            label="bound, linear form",
        )
        ax.bar(
            x + 0.5 * w,
            [c.bound_product for c in checks],
            w,
            color=COLORS["accent"],
            label="bound, product form",
        )
        ax.bar(
            x + 1.5 * w,
            [c.observed_mean for c in checks],
            w,
            color=COLORS["primary"],
            yerr=[2 * c.std_error for c in checks],
            label="simulated E[m(H, t+1)]",
        )
        ax.set_xticks(x, [c.schema for c in checks], fontsize=8)
        ax.set(ylabel="instances")
        ax.legend(loc="upper right", fontsize=8)
        fig.subplots_adjust(left=0.09, right=0.98, top=0.95, bottom=0.13)
    return fig
