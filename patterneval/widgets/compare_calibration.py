"""Explorer of the chapter "Calibration and intervals for any metric"."""

from __future__ import annotations

import numpy as np

from ..plotting.compare_calibration import ReliabilityPainter
from ._base import Explorer, float_slider, int_slider

__all__ = ["CalibrationExplorer"]


class CalibrationExplorer(Explorer):
    """Sliders for the miscalibration (slope and shift of the forecaster's log-odds), the
    sample size and the number of bins over
    :class:`~patterneval.plotting.compare_calibration.ReliabilityPainter`.

    A fixed seed: a move changes the forecaster, not the noise.

    Parameters
    ----------
    slope : float in [0.25, 4], default 2.0, keyword-only
        Initial slope a of the forecaster's log-odds (a > 1 over-confident).
    shift : float in [-2, 2], default 0.0, keyword-only
        Initial shift b of the log-odds.
    n : int in [100, 20000], default 2000, keyword-only
        Initial number of forecasts.
    n_bins : int in [2, 50], default 15, keyword-only
        Initial number of bins.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the forecasts.
    """

    painter = ReliabilityPainter
    chapter = "book/part5/calibration"
    caption = (
        "Miscalibration and the reliability diagram: binned observed frequencies against mean "
        "forecasts, the true calibration curve and the ECE beside its true value and its noise "
        "floor; sliders set the forecaster's slope and shift, n and the number of bins."
    )

    def __init__(self, *, slope: float = 2.0, shift: float = 0.0, n: int = 2000, n_bins: int = 15,
                 rng: int | np.random.Generator | None = 0) -> None:
        controls = {
            "slope": float_slider("slope (>1 over-confident)", slope, 0.25, 4.0, 0.05),
            "shift": float_slider("shift", shift, -2.0, 2.0, 0.1),
            "n": int_slider("n", n, 100, 20_000, 100),
            "n_bins": int_slider("bins", n_bins, 2, 50),
        }
        super().__init__(controls, fixed={"rng": rng}, width=9.0, height=3.8)
