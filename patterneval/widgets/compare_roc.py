"""Explorer of the chapter "ROC and AUC with intervals"."""

from __future__ import annotations

import ipywidgets as widgets

from ..plotting.compare_roc import RocPainter
from ._base import Explorer

__all__ = ["RocExplorer"]

_STYLE = {"description_width": "initial"}


class RocExplorer(Explorer):
    """Sliders for the class overlap (the true AUC of the binormal model), the sample size
    per class and the confidence level over :class:`~patterneval.plotting.compare_roc.RocPainter`.

    A fixed seed: a move changes the model, not the noise.
    """

    painter = RocPainter
    chapter = "book/part5/roc-auc"
    caption = (
        "Class overlap and the ROC curve: the score densities, the sample's ROC curve with the "
        "band of binormal curves spanned by its DeLong interval, and the intervals of 30 more "
        "samples against the true AUC; sliders set the true AUC, n per class and the level."
    )

    def __init__(self, *, auc=0.8, n=50, confidence_level=0.95, rng=0):
        self.rng = rng
        controls = {
            "auc": widgets.FloatSlider(value=auc, min=0.5, max=0.99, step=0.01, description="true AUC (overlap)",
                                       continuous_update=False, style=_STYLE),
            "n": widgets.IntSlider(value=n, min=5, max=500, step=5, description="n per class",
                                   continuous_update=False, style=_STYLE),
            "confidence_level": widgets.FloatSlider(value=confidence_level, min=0.5, max=0.99, step=0.01,
                                                    description="confidence level", continuous_update=False,
                                                    style=_STYLE),
        }
        super().__init__(controls, width=10.0, height=3.4)

    def draw(self, *, auc, n, confidence_level):
        self.painter.update(auc=auc, n=n, confidence_level=confidence_level, rng=self.rng)
