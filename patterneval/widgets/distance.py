"""Explorer of the chapter "Distances": the Minkowski unit ball for p from 0.3 to inf, with weights."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..plotting.distance import UnitBallPainter
from ._base import Explorer, float_slider, selection_slider

__all__ = ["P_VALUES", "UnitBallExplorer"]

#: The slider's orders p, from a non-metric 0.3 to the Chebyshev limit.
P_VALUES = (0.3, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 10.0, np.inf)


class UnitBallExplorer(Explorer):
    """Sliders over the order p and the two attribute weights of a weighted Minkowski
    distance in 2-d; the figure is :class:`patterneval.plotting.distance.UnitBallPainter`
    (unit ball and the triangle inequality on three fixed points).

    Parameters
    ----------
    p : float, default 2.0, keyword-only
        Initial order, one of the slider's values ``P_VALUES`` (including ``numpy.inf``).
    w1, w2 : float in [0.05, 4], default 1.0, keyword-only
        Initial attribute weights.
    """

    painter: Any = UnitBallPainter
    chapter = "book/part2/distances"
    caption = (
        "The unit ball of a weighted Minkowski distance in two dimensions and the "
        "triangle inequality on three points; sliders set the order p and the two "
        "weights."
    )

    def __init__(self, *, p: float = 2.0, w1: float = 1.0, w2: float = 1.0) -> None:
        options = [("∞" if np.isinf(v) else f"{v:g}", float(v)) for v in P_VALUES]
        controls = {
            "p": selection_slider("p", options, float(p)),
            "w1": float_slider("w₁", w1, 0.05, 4.0, 0.05),
            "w2": float_slider("w₂", w2, 0.05, 4.0, 0.05),
        }
        super().__init__(controls, width=8.0, height=3.6)

    def draw(self, *, p: float, w1: float, w2: float) -> None:
        """Draw the unit ball of one weighted Minkowski distance.

        Parameters
        ----------
        p : float
            Order of the distance (the p slider), ``numpy.inf`` included.
        w1, w2 : float
            Weights of the two attributes (the w₁ and w₂ sliders), 0.05 to 4.

        Returns
        -------
        None
        """
        self.painter.update(p=p, w=(w1, w2))
