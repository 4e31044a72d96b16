"""Explorer of the chapter "Reinforcement learning"."""

from __future__ import annotations

from ..plotting.reinforcement import ReinforcementPainter
from ._base import Explorer, float_slider

__all__ = ["ReinforcementExplorer"]


class ReinforcementExplorer(Explorer):
    """Sliders gamma, alpha and epsilon over
    :class:`~patterneval.plotting.reinforcement.ReinforcementPainter`.

    A gamma move recomputes the exact optimal values by policy iteration (a few linear
    solves of an 11-state system); every setting runs Q-learning once with a fixed seed
    (a few hundred short episodes, cached), so a move changes the curve, not the noise.

    Parameters
    ----------
    gamma : float in [0.5, 0.99], default 0.9, keyword-only
        Initial discount factor.
    alpha : float in [0.05, 1], default 0.2, keyword-only
        Initial Q-learning step size.
    epsilon : float in [0, 1], default 0.2, keyword-only
        Initial exploration probability.
    """

    painter = ReinforcementPainter
    chapter = "book/part3/reinforcement"
    caption = (
        "Gridworld: exact optimal values and policy for the discount factor, Q-learning's "
        "greedy policy and its error against the exact values by episode; sliders set "
        "gamma, the learning rate alpha and the exploration rate epsilon."
    )

    def __init__(self, *, gamma: float = 0.9, alpha: float = 0.2, epsilon: float = 0.2) -> None:
        controls = {
            "gamma": float_slider("γ (discount)", gamma, 0.5, 0.99, 0.01),
            "alpha": float_slider("α (learning rate)", alpha, 0.05, 1.0, 0.05),
            "epsilon": float_slider("ε (exploration)", epsilon, 0.0, 1.0, 0.05),
        }
        super().__init__(controls, height=3.6)
