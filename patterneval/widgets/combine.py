"""Explorer of the chapter "Combining learners"."""

from __future__ import annotations

from ..plotting.combine import VoteRatesPainter
from ._base import Explorer, float_slider, int_slider

__all__ = ["VoteRatesExplorer"]


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
    caption = (
        "Exact probabilities that a majority vote with reject of T independent voters "
        "is correct, wrong or rejects, against T; sliders set each voter's accuracy, the "
        "largest T, the number of classes and the vote share a class must exceed."
    )
    chapter = "book/part4/combining"

    def __init__(
        self,
        *,
        accuracy: float = 0.6,
        n_voters: int = 25,
        n_classes: int = 3,
        threshold: float = 0.5,
    ) -> None:
        controls = {
            "accuracy": float_slider("p (voter accuracy)", accuracy, 0.0, 1.0, 0.01),
            "n_voters": int_slider("T (max voters)", n_voters, 1, 101),
            "n_classes": int_slider("c (classes)", n_classes, 2, 10),
            "threshold": float_slider("θ (reject threshold)", threshold, 0.5, 0.95, 0.05),
        }
        super().__init__(controls, height=3.6)
