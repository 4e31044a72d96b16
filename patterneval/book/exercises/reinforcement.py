"""Exercises of the chapter "Reinforcement learning" (``book/part3/reinforcement.ipynb``)."""

from __future__ import annotations

import math

import numpy as np

from patterneval.book.reinforcement import gridworld
from patterneval.reinforcement import (
    discounted_return,
    learning_curve,
    monte_carlo_evaluation,
    policy_evaluation,
    policy_iteration,
    td0,
)

from . import Exercise


def _four_step_return() -> float:
    return discounted_return([-0.04, -0.04, -0.04, 1.0], 0.9)


def _four_step_return_undiscounted() -> float:
    return float(sum([-0.04, -0.04, -0.04, 1.0]))


def _start_values() -> tuple[float, float]:
    grid = gridworld()
    start = grid.state_names.index("(2,0)")
    optimal = policy_iteration(grid).values[start]
    random_walk = np.full((grid.n_states, grid.n_actions), 0.25)
    return float(optimal), float(policy_evaluation(grid, random_walk)[start])


def _td_and_mc_errors() -> tuple[float, float]:
    grid = gridworld()
    policy = policy_iteration(grid).policy
    v_true = policy_evaluation(grid, policy)
    live = ~grid.terminal
    td = td0(grid, policy, alpha=0.1, n_episodes=500, rng=3)
    mc = monte_carlo_evaluation(grid, policy, visit="first", n_episodes=500, rng=3)
    return (
        float(learning_curve(td.history, v_true, mask=live)[-1]),
        float(learning_curve(mc.history, v_true, mask=live)[-1]),
    )


def _sweeps_for_a_millionth() -> int:
    return math.ceil(math.log(1e-6 / 10) / math.log(0.9))


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_four_step_return,
        shown=".4f",
        hint="the k-th reward (counting from 0) is multiplied by gamma^k.",
        mistakes=((_four_step_return_undiscounted, "that is the undiscounted sum."),),
    ),
    Exercise(2, "derivation", 1),
    Exercise(
        3,
        "coding",
        1,
        answer=_start_values,
        shown=".4f",
        hint="policy_iteration(grid).values and policy_evaluation(grid, random_walk), both at "
        "the index of '(2,0)' in grid.state_names.",
    ),
    Exercise(4, "derivation", 2),
    Exercise(5, "interpretation", 2),
    Exercise(
        6,
        "coding",
        2,
        answer=_td_and_mc_errors,
        shown=".4f",
        hint="learning_curve(result.history, v_true, mask=~grid.terminal)[-1] for each run.",
    ),
    Exercise(7, "interpretation", 2),
    Exercise(8, "derivation", 3, answer=_sweeps_for_a_millionth, shown="d"),
)
