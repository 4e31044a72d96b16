r"""The chapter "Reinforcement learning" (Part III): the notes' gridworld.

Chapter helper, not a method: the classic gridworld of the course notes (Russell & Norvig's
4 x 3 world by default) as an :class:`~patterneval.reinforcement.MDP`, for the planners and
learners of :mod:`patterneval.reinforcement`.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import ArrayLike

from .._validation import check_scalar, fail
from ..reinforcement import ACTIONS, MDP, check_state_values

__all__ = ["GridWorld", "gridworld"]


class GridWorld(MDP):
    """An :class:`~patterneval.reinforcement.MDP` on a rectangular grid (made by :func:`gridworld`; build it with that
    function rather than directly).

    Parameters
    ----------
    transitions, rewards, gamma, terminal
        As :class:`~patterneval.reinforcement.MDP`; the state names are the cells ``"(row,column)"`` and the action names
        the keys of ``ACTIONS`` (up, right, down, left).
    shape : (rows, columns)
    cells : sequence of (row, column)
        The cell of each state, in state order.
    walls : sequence of (row, column)
        Cells that are not states.
    start : int
        Index of the start state.
    terminal_rewards : dict
        Maps each terminal (row, column) to the reward of entering it.

    Attributes
    ----------
    shape : tuple (rows, columns)
    cells : tuple of (row, column)
        The cell of each state, row-major order (walls are not states).
    walls : tuple of (row, column)
    start : int
        The start state's index.
    terminal_rewards : dict
        The reward of entering each terminal cell.
    P, R, r, terminal, n_states, n_actions, gamma, state_names, action_names
        As :class:`~patterneval.reinforcement.MDP`.
    """

    def __init__(
        self,
        transitions: ArrayLike,
        rewards: ArrayLike,
        gamma: float,
        *,
        terminal: ArrayLike,
        shape: tuple[int, int],
        cells: Sequence[tuple[int, int]],
        walls: Sequence[tuple[int, int]],
        start: int,
        terminal_rewards: dict,
    ) -> None:
        names = [f"({r},{c})" for r, c in cells]
        super().__init__(
            transitions,
            rewards,
            gamma,
            terminal=terminal,
            state_names=names,
            action_names=list(ACTIONS),
        )
        self.shape, self.cells, self.walls, self.start = (
            tuple(shape),
            tuple(cells),
            tuple(walls),
            start,
        )
        self.terminal_rewards = dict(terminal_rewards)

    def to_grid(self, values: ArrayLike) -> np.ndarray:
        """Per-state ``values`` laid out on the grid (NaN on walls).

        Parameters
        ----------
        values : array_like, shape (n_states,)
            One value per state, in the order of ``cells`` (NaN allowed).

        Returns
        -------
        ndarray, shape ``shape``
        """
        grid = np.full(self.shape, np.nan)
        values = check_state_values("values", values, self.n_states, allow_nan=True)
        for (r, c), v in zip(self.cells, values):
            grid[r, c] = v
        return grid


def gridworld(
    shape: tuple[int, int] = (3, 4),
    *,
    walls: Sequence[tuple[int, int]] = ((1, 1),),
    terminals: Mapping[tuple[int, int], float] | None = None,
    step_reward: float = -0.04,
    slip: float = 0.2,
    gamma: float = 0.9,
    start: tuple[int, int] = (2, 0),
) -> GridWorld:
    r"""The classic gridworld (Russell & Norvig's 4 x 3 world by default).

    Actions up, right, down, left move one cell in the intended direction with
    probability ``1 - slip`` and to each perpendicular side with probability ``slip / 2``;
    a move into a wall or off the grid leaves the agent in place. Each transition
    into a non-terminal cell pays ``step_reward``; entering a terminal cell pays that
    cell's reward from ``terminals`` and ends the episode.

    Parameters
    ----------
    shape : (rows, columns)
    walls : (row, column) cells that are not states, keyword-only
    terminals : dict mapping (row, column) to its reward; default ``{(0, 3): 1, (1, 3): -1}``
    step_reward : float
    slip : float in [0, 1]
    gamma : float in [0, 1]
    start : (row, column) start cell of episodes

    Returns
    -------
    GridWorld

    Complexity :math:`O(S A)` to build.

    References
    ----------
    Russell, S. & Norvig, P. (2021). *Artificial Intelligence: A Modern Approach*, 4th ed., ch. 17.

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> g = gridworld()
    >>> g.n_states, g.n_actions, g.state_names[g.start]
    (11, 4, '(2,0)')
    """
    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__len__") or len(shape) != 2:
        raise fail(
            "shape",
            "a pair (rows, columns)",
            shape,
            error=TypeError
            if isinstance(shape, (str, bytes)) or not hasattr(shape, "__len__")
            else ValueError,
        )
    rows = check_scalar("shape[0]", shape[0], int, low=1)
    cols = check_scalar("shape[1]", shape[1], int, low=1)
    shape = (rows, cols)
    walls = check_grid_cells("walls", walls, shape)
    if terminals is None:
        terminals = {(0, 3): 1.0, (1, 3): -1.0}
    if not isinstance(terminals, dict):
        raise fail("terminals", "a dict {(row, column): reward}", terminals, error=TypeError)
    term_cells = check_grid_cells("terminals", list(terminals), shape)
    term_reward = {
        cell: check_scalar(f"terminals[{cell}]", v, float)
        for cell, v in zip(term_cells, terminals.values())
    }
    if set(walls) & set(term_cells):
        raise fail("walls", "cells that are not terminals", sorted(set(walls) & set(term_cells)))
    step_reward = check_scalar("step_reward", step_reward, float)
    slip = check_scalar("slip", slip, float, low=0, high=1)
    (start_cell,) = check_grid_cells("start", [start], shape)
    if start_cell in walls or start_cell in term_reward:
        raise fail("start", "a free, non-terminal cell", start_cell)
    cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in set(walls)]
    index = {cell: i for i, cell in enumerate(cells)}
    S, A = len(cells), len(ACTIONS)
    moves = list(ACTIONS.values())
    P = np.zeros((S, A, S))
    R = np.zeros((S, A, S))
    for s, (r, c) in enumerate(cells):
        for a, (dr, dc) in enumerate(moves):
            for (mr, mc), p in (
                ((dr, dc), 1.0 - slip),
                ((dc, dr), slip / 2),
                ((-dc, -dr), slip / 2),
            ):
                target = (r + mr, c + mc)
                t = index.get(target, s)  # off the grid or into a wall: stay
                P[s, a, t] += p
        for t, cell in enumerate(cells):
            R[s, :, t] = term_reward.get(cell, step_reward)
    terminal = np.array([cell in term_reward for cell in cells])
    return GridWorld(
        P,
        R,
        gamma,
        terminal=terminal,
        shape=shape,
        cells=cells,
        walls=walls,
        start=index[start_cell],
        terminal_rewards=term_reward,
    )


def check_grid_cells(name: str, cells, shape) -> list:
    """A collection of (row, column) integer cells inside a grid of ``shape``."""
    try:
        out = [tuple(operator.index(v) for v in cell) for cell in cells]
    except TypeError:
        raise fail(name, "(row, column) integer pairs", cells, error=TypeError) from None
    for cell in out:
        if len(cell) != 2 or not (0 <= cell[0] < shape[0] and 0 <= cell[1] < shape[1]):
            raise fail(name, f"(row, column) cells inside the grid of shape {tuple(shape)}", cell)
    return out
