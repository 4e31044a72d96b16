"""Explorer of the chapter "Calibration and intervals for any metric"."""

from __future__ import annotations

import ipywidgets as widgets

from ..plotting.compare_calibration import ReliabilityPainter
from ._base import Explorer

__all__ = ["CalibrationExplorer"]

_STYLE = {"description_width": "initial"}


class CalibrationExplorer(Explorer):
    """Sliders for the miscalibration (slope and shift of the forecaster's log-odds), the
    sample size and the number of bins over
    :class:`~patterneval.plotting.compare_calibration.ReliabilityPainter`.

    A fixed seed: a move changes the forecaster, not the noise.
    """

    painter = ReliabilityPainter
    chapter = "book/part5/calibration"
    caption = (
        "Miscalibration and the reliability diagram: binned observed frequencies against mean "
        "forecasts, the true calibration curve and the ECE beside its true value and its noise "
        "floor; sliders set the forecaster's slope and shift, n and the number of bins."
    )

    def __init__(self, *, slope=2.0, shift=0.0, n=2000, n_bins=15, rng=0):
        self.rng = rng
        controls = {
            "slope": widgets.FloatSlider(value=slope, min=0.25, max=4.0, step=0.05,
                                         description="slope (>1 over-confident)", continuous_update=False,
                                         style=_STYLE),
            "shift": widgets.FloatSlider(value=shift, min=-2.0, max=2.0, step=0.1, description="shift",
                                         continuous_update=False, style=_STYLE),
            "n": widgets.IntSlider(value=n, min=100, max=20_000, step=100, description="n",
                                   continuous_update=False, style=_STYLE),
            "n_bins": widgets.IntSlider(value=n_bins, min=2, max=50, step=1, description="bins",
                                        continuous_update=False, style=_STYLE),
        }
        super().__init__(controls, width=9.0, height=3.8)

    def draw(self, *, slope, shift, n, n_bins):
        self.painter.update(slope=slope, shift=shift, n=n, n_bins=n_bins, rng=self.rng)
