"""Explorer of the chapter "Reinforcement learning"."""

from __future__ import annotations

import ipywidgets as widgets

from ..plotting.reinforcement import ReinforcementPainter
from ._base import Explorer

__all__ = ["ReinforcementExplorer"]

_STYLE = {"description_width": "initial"}


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

    def __init__(self, *, gamma=0.9, alpha=0.2, epsilon=0.2):
        controls = {
            "gamma": widgets.FloatSlider(value=gamma, min=0.5, max=0.99, step=0.01, description="γ (discount)",
                                         continuous_update=False, style=_STYLE),
            "alpha": widgets.FloatSlider(value=alpha, min=0.05, max=1.0, step=0.05,
                                         description="α (learning rate)", continuous_update=False, style=_STYLE),
            "epsilon": widgets.FloatSlider(value=epsilon, min=0.0, max=1.0, step=0.05,
                                           description="ε (exploration)", continuous_update=False, style=_STYLE),
        }
        super().__init__(controls, height=3.6)

    def draw(self, *, gamma, alpha, epsilon):
        self.painter.update(gamma=gamma, alpha=alpha, epsilon=epsilon)
