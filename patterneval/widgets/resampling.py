"""Explorer of the chapter "Cross-validation and the bootstrap"."""

from __future__ import annotations

import ipywidgets as widgets

from ..plotting.resampling import BootstrapPainter
from ._base import Explorer

__all__ = ["BootstrapExplorer"]

_STYLE = {"description_width": "initial"}


class BootstrapExplorer(Explorer):
    """Sliders N (data-set size) and err, Err^(1), gamma over :class:`BootstrapPainter`.

    Left: how the share of distinct samples in a bootstrap sample spreads around
    1 - (1 - 1/N)^N. Right: where R puts the .632+ weight, and the .632 and .632+
    estimates for the chosen resubstitution error, out-of-bag error and gamma.

    Parameters
    ----------
    n : int in [2, 300], default 20, keyword-only
        Initial sample size N.
    resubstitution : float in [0, 0.5], default 0.0, keyword-only
        Initial resubstitution error err.
    oob : float in [0, 0.6], default 0.3, keyword-only
        Initial leave-one-out bootstrap error Err(1).
    gamma : float in [0.05, 0.9], default 0.5, keyword-only
        Initial no-information error rate.
    n_resamples : int, default 2000, keyword-only
        Simulated bootstrap samples.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the simulation.
    """

    painter = BootstrapPainter
    chapter = "book/part1/cross-validation"
    caption = (
        "Left: the share of distinct samples in a bootstrap sample around 1 - (1 - "
        "1/N)^N. Right: the .632 and .632+ estimates; sliders set N, the resubstitution"
        " and out-of-bag errors."
    )

    def __init__(self, *, n=20, resubstitution=0.0, oob=0.3, gamma=0.5, n_resamples=2000, rng=0):
        self.n_resamples, self.rng = n_resamples, rng
        controls = {
            "n": widgets.IntSlider(value=n, min=2, max=300, step=1, description="N",
                                   continuous_update=False, style=_STYLE),
            "resubstitution": widgets.FloatSlider(value=resubstitution, min=0.0, max=0.5, step=0.01,
                                                  description="err (resubst.)",
                                                  continuous_update=False, style=_STYLE),
            "oob": widgets.FloatSlider(value=oob, min=0.0, max=0.6, step=0.01, description="Err⁽¹⁾ (OOB)",
                                       continuous_update=False, style=_STYLE),
            "gamma": widgets.FloatSlider(value=gamma, min=0.05, max=0.9, step=0.01, description="γ",
                                         continuous_update=False, style=_STYLE),
        }
        super().__init__(controls, height=3.4)

    def draw(self, *, n, resubstitution, oob, gamma):
        self.painter.update(n=n, resubstitution=resubstitution, oob=oob, gamma=gamma,
                            n_resamples=self.n_resamples, rng=self.rng)
