"""Figures of the chapter "Reinforcement learning": value maps with policy arrows on a
gridworld, learning curves, and the explorer's two-panel figure.

Painters build their artists once; ``update`` calls the tested functions of
:mod:`patterneval.reinforcement` and only sets artist data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..book.reinforcement import GridWorld, gridworld
from ..reinforcement import (
    ACTIONS,
    ControlResult,
    PlanningResult,
    learning_curve,
    policy_iteration,
    q_learning,
)
from ._style import BOOK_STYLE, COLORS, SERIES_COLORS, Painter, new_figure, reset_axes

__all__ = ["GridValueMap", "ReinforcementPainter", "plot_learning_curves", "plot_value_maps"]

_STEPS = np.array(list(ACTIONS.values()), dtype=float)  # (row step, column step)


class GridValueMap:
    """A value map of a :class:`~patterneval.book.reinforcement.GridWorld` on one axes: cells
    coloured by value (walls grey, terminal cells outlined), the value printed in each
    cell, and arrows for up to two policies (the second drawn thinner, e.g. a learned
    policy over the optimal one).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The axes to draw on.
    grid : GridWorld
    vmin, vmax : float, default -1.0 and 1.0, keyword-only
        Range of the colour scale.
    second : bool, default False, keyword-only
        Prepare thin arrows for a second policy.
    show_values : bool, default True, keyword-only
        Print each cell's value.
    """

    def __init__(
        self,
        ax: Axes,
        grid: GridWorld,
        *,
        vmin: float = -1.0,
        vmax: float = 1.0,
        second: bool = False,
        show_values: bool = True,
    ) -> None:
        self.ax, self.grid = ax, grid
        rows, cols = grid.shape
        cmap = mpl.colormaps["RdBu"].with_extremes(bad="#bbbbbb")
        self.image = ax.imshow(
            np.zeros(grid.shape), cmap=cmap, vmin=vmin, vmax=vmax, origin="upper"
        )
        self.texts = (
            [ax.text(c, r + 0.32, "", ha="center", va="center", fontsize=8) for r, c in grid.cells]
            if show_values
            else []
        )
        live = ~grid.terminal
        self.live = live
        rc = np.array(grid.cells, dtype=float)[live]
        zeros = np.zeros(int(live.sum()))
        self.arrows = ax.quiver(
            rc[:, 1],
            rc[:, 0],
            zeros,
            zeros,
            angles="xy",
            scale_units="xy",
            scale=1,
            color=COLORS["truth"],
            width=0.012,
            pivot="middle",
        )
        self.arrows2 = None
        if second:
            self.arrows2 = ax.quiver(
                rc[:, 1],
                rc[:, 0],
                zeros,
                zeros,
                angles="xy",
                scale_units="xy",
                scale=1,
                color=COLORS["secondary"],
                width=0.006,
                pivot="middle",
            )
        for s in np.flatnonzero(grid.terminal):
            r, c = grid.cells[s]
            ax.add_patch(
                mpl.patches.Rectangle(
                    (c - 0.5, r - 0.5), 1, 1, fill=False, lw=2, ec=COLORS["truth"]
                )
            )
            ax.text(
                c, r, f"{grid.terminal_rewards[(r, c)]:+g}", ha="center", va="center", fontsize=11
            )
        # no axis: cells are labelled by their values, and tick text dominates a redraw
        ax.set_axis_off()
        ax.set_xlim(-0.5, cols - 0.5)
        ax.set_ylim(rows - 0.5, -0.5)

    @staticmethod
    def _uv(policy, live, length):
        # data coordinates: x = column, y = row; the y axis is inverted (row 0 on top), so
        # a step of -1 row (up) is drawn pointing up on screen
        steps = _STEPS[np.asarray(policy)[live]] * length
        return steps[:, 1], steps[:, 0]

    def update(
        self, values: ArrayLike, policy: ArrayLike, policy2: ArrayLike | None = None
    ) -> None:
        """Set the cell colours, the printed values and the arrows.

        Parameters
        ----------
        values : array_like of shape (S,)
            One value per state.
        policy : array_like of int, shape (S,)
            Action per state (arrows; none in terminal cells).
        policy2 : array_like of int, shape (S,), optional
            A second policy (thin arrows; needs ``second=True``).

        Returns
        -------
        None
        """
        values = np.asarray(values, dtype=float)
        self.image.set_data(self.grid.to_grid(values))
        for text, v in zip(self.texts, values):
            text.set_text(f"{v:.2f}".replace("-0.00", "0.00"))
        self.arrows.set_UVC(*self._uv(policy, self.live, 0.5))
        if self.arrows2 is not None and policy2 is not None:
            self.arrows2.set_UVC(*self._uv(policy2, self.live, 0.32))


def plot_value_maps(
    grid: GridWorld,
    panels: Sequence[tuple[ArrayLike, ArrayLike, str]],
    *,
    vmin: float = -1.0,
    vmax: float = 1.0,
    width: float | None = None,
    height: float = 3.0,
) -> Figure:
    """Side-by-side value maps; ``panels`` is a list of ``(values, policy, title)``.

    Parameters
    ----------
    grid : GridWorld
    panels : sequence of (values, policy, title)
        One value map per entry: values (S,), a deterministic policy (S,) and a title.
    vmin, vmax : float, default -1.0 and 1.0, keyword-only
        Range of the colour scale.
    width : float, optional, keyword-only
        Figure width in inches (default 3.6 per panel).
    height : float, default 3.0, keyword-only

    Returns
    -------
    matplotlib.figure.Figure
    """
    panels = list(panels)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(len(panels), width=width or 3.6 * len(panels), height=height)
        axes = reset_axes(fig, len(panels))
        for ax, (values, policy, title) in zip(axes, panels):
            GridValueMap(ax, grid, vmin=vmin, vmax=vmax).update(values, policy)
            ax.set_title(title, fontsize=10)
        fig.subplots_adjust(left=0.05, right=0.98, bottom=0.1, top=0.88, wspace=0.25)
    return fig


def plot_learning_curves(
    curves: dict,
    *,
    xlabel: str = "episode",
    ylabel: str = "RMS error against the exact values",
    title: str | None = None,
    log: bool = True,
    first: int = 1,
    width: float = 7.0,
    height: float = 3.4,
) -> Figure:
    """One line per entry of ``curves`` (label -> y values against first, first + 1, ...).

    Parameters
    ----------
    curves : dict
        Label -> y values (e.g. :func:`~patterneval.reinforcement.learning_curve`); up to
        five.
    xlabel, ylabel : str, keyword-only
        Axis labels.
    title : str, optional, keyword-only
    log : bool, default True, keyword-only
        Logarithmic y axis.
    first : int, default 1, keyword-only
        The x value of each curve's first point.
    width, height : float, default 7.0 and 3.4, keyword-only
        Figure size in inches.

    Returns
    -------
    matplotlib.figure.Figure
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=width, height=height)
        (ax,) = reset_axes(fig, 1)
        for (label, y), color in zip(curves.items(), SERIES_COLORS):
            y = np.asarray(y, dtype=float)
            ax.plot(np.arange(first, first + y.size), y, color=color, lw=1.4, label=label)
        if log:
            ax.set_yscale("log")
        ax.set(xlabel=xlabel, ylabel=ylabel)
        if title:
            ax.set_title(title)
        ax.legend(loc="upper right", fontsize=8)
        fig.subplots_adjust(left=0.11, right=0.97, top=0.9 if title else 0.95, bottom=0.15)
    return fig


class ReinforcementPainter(Painter):
    """Left: the exact optimal values and policy of the gridworld for ``gamma`` (policy
    iteration, one linear solve per step), with Q-learning's greedy policy as thin arrows.
    Right: Q-learning's RMS error against the exact values, episode by episode.

    ``update(gamma=, alpha=, epsilon=)``; Q-learning runs are cached per setting.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        As for every :class:`~patterneval.plotting.Painter`.
    n_episodes : int >= 1, default 300, keyword-only
        Q-learning episodes per setting.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the Q-learning runs.
    **grid_options
        Keyword arguments of :func:`~patterneval.book.reinforcement.gridworld` (``gamma`` is set
        by ``update``).
    """

    def __init__(
        self,
        fig: Figure,
        *,
        n_episodes: int = 300,
        rng: int | np.random.Generator | None = 0,
        **grid_options: Any,
    ) -> None:
        super().__init__(fig)
        self.n_episodes, self.rng = n_episodes, rng
        self.grid_options = grid_options
        self._cache: dict[tuple[float, float, float], tuple] = {}
        with mpl.rc_context(BOOK_STYLE):
            self.ax_map, self.ax_curve = reset_axes(fig, 2)
            self.map = GridValueMap(
                self.ax_map, gridworld(**grid_options), second=True, show_values=False
            )
            (self.curve,) = self.ax_curve.plot([], [], color=COLORS["secondary"], lw=1.2)
            self.ax_curve.set_yscale("log")
            # plain-text major ticks, no minor ticks: mathtext labels would dominate a redraw
            self.ax_curve.yaxis.set_minor_locator(ticker.NullLocator())
            self.ax_curve.yaxis.set_major_locator(ticker.FixedLocator([1e-3, 1e-2, 1e-1, 1.0]))
            self.ax_curve.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
            self.ax_curve.set_xlim(0, n_episodes + 1)
            self.ax_curve.set_ylim(1e-3, 3.0)
            self.ax_curve.set(xlabel="episode", ylabel="RMS error of max Q")
            fig.subplots_adjust(left=0.04, right=0.98, bottom=0.15, top=0.88, wspace=0.2)

    def compute(
        self,
        gamma: float,
        alpha: float,
        epsilon: float,
    ) -> tuple[GridWorld, PlanningResult, ControlResult, np.ndarray]:
        """The gridworld, its exact solution, the Q-learning run and its RMS error curve
        for one setting (cached).

        Parameters
        ----------
        gamma : float in [0, 1)
        alpha : float in (0, 1]
        epsilon : float in [0, 1]

        Returns
        -------
        tuple
            ``(grid, exact, learned, error)``: the GridWorld, policy iteration's
            PlanningResult, Q-learning's ControlResult and the RMS error per episode.
        """
        key = (round(gamma, 6), round(alpha, 6), round(epsilon, 6))
        if key not in self._cache:
            grid = gridworld(gamma=gamma, **self.grid_options)
            exact = policy_iteration(grid)
            learned = q_learning(
                grid, alpha=alpha, epsilon=epsilon, n_episodes=self.n_episodes, rng=self.rng
            )
            error = learning_curve(learned.history, exact.values, mask=~grid.terminal)
            self._cache[key] = (grid, exact, learned, error)
        return self._cache[key]

    def update(self, *, gamma: float, alpha: float, epsilon: float) -> Figure:
        """Show one setting.

        Parameters
        ----------
        gamma : float in [0, 1)
            Discount factor.
        alpha : float in (0, 1]
            Q-learning step size.
        epsilon : float in [0, 1]
            Exploration probability.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        grid, exact, learned, error = self.compute(gamma, alpha, epsilon)
        self.map.update(exact.values, exact.policy, learned.policy)
        live = ~grid.terminal
        agree = int(np.sum(learned.policy[live] == exact.policy[live]))
        self._status(self.ax_map, f"γ={gamma:.2f}: exact v*; optimal (black), learned (orange)")
        self.curve.set_data(np.arange(1, error.size + 1), np.maximum(error, 1e-3))
        self._status(
            self.ax_curve,
            f"Q-learning α={alpha:.2f}, ε={epsilon:.2f}: final RMS {error[-1]:.3f}\n"
            f"greedy action optimal in {agree} of {int(live.sum())} states",
        )
        return self.fig
