"""Explorer of the chapter "ROC and AUC with intervals"."""

from __future__ import annotations

import numpy as np

from ..plotting.compare_roc import RocPainter
from ._base import Explorer, float_slider, int_slider

__all__ = ["RocExplorer"]


class RocExplorer(Explorer):
    """Sliders for the class overlap (the true AUC of the binormal model), the sample size
    per class and the confidence level over :class:`~patterneval.plotting.compare_roc.RocPainter`.

    A fixed seed: a move changes the model, not the noise.

    Parameters
    ----------
    auc : float in [0.5, 0.99], default 0.8, keyword-only
        Initial true AUC of the binormal model.
    n : int in [5, 500], default 50, keyword-only
        Initial sample size per class.
    confidence_level : float in [0.5, 0.99], default 0.95, keyword-only
        Initial level of the DeLong interval.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the samples.
    """

    painter = RocPainter
    chapter = "book/part5/roc-auc"
    caption = (
        "Class overlap and the ROC curve: the score densities, the sample's ROC curve with the "
        "band of binormal curves spanned by its DeLong interval, and the intervals of 30 more "
        "samples against the true AUC; sliders set the true AUC, n per class and the level."
    )

    def __init__(self, *, auc: float = 0.8, n: int = 50, confidence_level: float = 0.95,
                 rng: int | np.random.Generator | None = 0) -> None:
        controls = {
            "auc": float_slider("true AUC (overlap)", auc, 0.5, 0.99, 0.01),
            "n": int_slider("n per class", n, 5, 500, 5),
            "confidence_level": float_slider("confidence level", confidence_level, 0.5, 0.99, 0.01),
        }
        super().__init__(controls, fixed={"rng": rng}, width=10.0, height=3.4)
