"""Explorer of the chapter "Combining learners"."""

from __future__ import annotations

import ipywidgets as widgets

from ..plotting.combine import VoteRatesPainter
from ._base import Explorer

__all__ = ["VoteRatesExplorer"]

_STYLE = {"description_width": "initial"}


class VoteRatesExplorer(Explorer):
    """Sliders p (voter accuracy), T, c (classes) and theta (reject threshold) over
    :class:`~patterneval.plotting.combine.VoteRatesPainter`: the exact rates of correct,
    wrong and rejected majority votes of independent voters.

    Parameters
    ----------
    accuracy : float in [0, 1], default 0.6, keyword-only
        Initial voter accuracy p.
    n_voters : int in [1, 101], default 25, keyword-only
        Initial largest number of voters T.
    n_classes : int in [2, 10], default 3, keyword-only
        Initial number of classes c.
    threshold : float in [0.5, 0.95], default 0.5, keyword-only
        Initial reject threshold theta.
    """

    painter = VoteRatesPainter
    caption = ("Exact probabilities that a majority vote with reject of T independent voters "
               "is correct, wrong or rejects, against T; sliders set each voter's accuracy, the "
               "largest T, the number of classes and the vote share a class must exceed.")
    chapter = "book/part4/combining"

    def __init__(self, *, accuracy=0.6, n_voters=25, n_classes=3, threshold=0.5):
        controls = {
            "accuracy": widgets.FloatSlider(value=accuracy, min=0.0, max=1.0, step=0.01,
                                            description="p (voter accuracy)", continuous_update=False,
                                            style=_STYLE),
            "n_voters": widgets.IntSlider(value=n_voters, min=1, max=101, step=1, description="T (max voters)",
                                          continuous_update=False, style=_STYLE),
            "n_classes": widgets.IntSlider(value=n_classes, min=2, max=10, step=1, description="c (classes)",
                                           continuous_update=False, style=_STYLE),
            "threshold": widgets.FloatSlider(value=threshold, min=0.5, max=0.95, step=0.05,
                                             description="θ (reject threshold)", continuous_update=False,
                                             style=_STYLE),
        }
        super().__init__(controls, height=3.6)

    def draw(self, *, accuracy, n_voters, n_classes, threshold):
        self.painter.update(accuracy=accuracy, n_voters=n_voters, n_classes=n_classes, threshold=threshold)
