"""Explorer of the chapter "Interval estimates for the CV error"."""

from __future__ import annotations

import ipywidgets as widgets

from ..plotting.perturbation import PerturbationPainter
from ._base import Explorer

__all__ = ["PerturbationExplorer"]

_STYLE = {"description_width": "initial"}


class PerturbationExplorer(Explorer):
    """Sliders confidence level and number of perturbations over a stored result.

    ``result`` is a :class:`~patterneval.resampling.perturbation.PerturbationInterval`;
    a move takes quantiles of its first ``n_resamples`` replicates and redraws the
    histogram and the interval (no SVM is refitted).
    """

    painter = PerturbationPainter
    chapter = "book/part1/cv-intervals"
    caption = (
        "Perturbation-resampling replicates of a linear SVM's cross-validated error and"
        " the interval they give; sliders set the confidence level and the number of "
        "perturbations."
    )

    def __init__(self, result, *, confidence_level=0.95, n_resamples=None):
        self.result = result
        total = result.replicates.size
        step = max(1, total // 50)
        controls = {
            "confidence_level": widgets.FloatSlider(value=confidence_level, min=0.5, max=0.99, step=0.01,
                                                    description="confidence", continuous_update=False,
                                                    style=_STYLE),
            "n_resamples": widgets.IntSlider(value=total if n_resamples is None else n_resamples,
                                             min=min(10, total), max=total, step=step,
                                             description="perturbations R", continuous_update=False,
                                             style=_STYLE),
        }
        super().__init__(controls, height=3.4)

    def draw(self, *, confidence_level, n_resamples):
        self.painter.update(result=self.result, confidence_level=confidence_level, n_resamples=n_resamples)
