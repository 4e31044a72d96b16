"""Explorer of the chapter "Dimension reduction"."""

from __future__ import annotations

from typing import Any

from numpy.typing import ArrayLike

from ..plotting.decomposition import FisherDirectionPainter
from ._base import Explorer, float_slider

__all__ = ["FisherDirectionExplorer"]


class FisherDirectionExplorer(Explorer):
    """An angle slider rotating a unit direction in a 2-d data set ``Z`` (e.g. the first two
    principal components) over
    :class:`~patterneval.plotting.decomposition.FisherDirectionPainter`: the class
    histograms of the projection and Fisher's criterion J(w) of the direction.

    Parameters
    ----------
    Z : array_like of shape (n, 2)
        Two-dimensional data.
    y : array_like of shape (n,)
        Class labels.
    angle : float in [0, 180], default 0.0, keyword-only
        Initial direction angle in degrees.
    """

    painter: Any = FisherDirectionPainter
    chapter = "book/part3/dimension-reduction"
    caption = (
        "Standardised wine data in the plane of its first two principal components, a "
        "projection direction and the class histograms along it with Fisher's criterion "
        "J(w); the slider rotates the direction."
    )

    def __init__(self, Z: ArrayLike, y: ArrayLike, *, angle: float = 0.0) -> None:
        self._data = (Z, y)
        controls = {
            "angle": float_slider("direction angle (deg)", angle, 0.0, 180.0, 1.0),
        }
        super().__init__(controls, height=3.6)

    def draw(self, *, angle: float) -> None:
        """Project the data on the direction of one angle and redraw the histograms.

        Parameters
        ----------
        angle : float
            Direction angle in degrees, 0 to 180 (the angle slider).

        Returns
        -------
        None
        """
        if self.painter.Z is None:
            self.painter.set_data(*self._data)
        self.painter.update(angle=angle)
