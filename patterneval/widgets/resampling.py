"""Explorer of the chapter "Cross-validation and the bootstrap"."""

from __future__ import annotations

import numpy as np

from ..plotting.resampling import BootstrapPainter
from ._base import Explorer, float_slider, int_slider

__all__ = ["BootstrapExplorer"]


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

    def __init__(
        self,
        *,
        n: int = 20,
        resubstitution: float = 0.0,
        oob: float = 0.3,
        gamma: float = 0.5,
        n_resamples: int = 2000,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        controls = {
            "n": int_slider("N", n, 2, 300),
            "resubstitution": float_slider("err (resubst.)", resubstitution, 0.0, 0.5, 0.01),
            "oob": float_slider("Err⁽¹⁾ (OOB)", oob, 0.0, 0.6, 0.01),
            "gamma": float_slider("γ", gamma, 0.05, 0.9, 0.01),
        }
        super().__init__(controls, fixed={"n_resamples": n_resamples, "rng": rng}, height=3.4)
