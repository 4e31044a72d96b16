"""Explorer of the chapter "Why ensembles work"."""

from __future__ import annotations

import numpy as np

from ..plotting.ensemble_bounds import EnsembleBoundsPainter
from ._base import Explorer, float_slider, int_slider

__all__ = ["EnsembleBoundsExplorer"]


class EnsembleBoundsExplorer(Explorer):
    """Sliders eps, T and the error correlation rho over
    :class:`~patterneval.plotting.ensemble_bounds.EnsembleBoundsPainter`.

    One plot against the ensemble size: the exact majority error of independent voters,
    Hoeffding's bound, and the shared-cause correlated ensemble (exact and simulated with a
    fixed seed, so a move changes the curves, not the noise).

    Parameters
    ----------
    error : float in [0, 0.5], default 0.3, keyword-only
        Initial voter error rate eps.
    n_voters : odd int in [5, 301], default 101, keyword-only
        Initial largest number of voters T.
    correlation : float in [0, 1], default 0.2, keyword-only
        Initial error correlation rho.
    n_datasets : int, default 2000, keyword-only
        Simulated ensembles per T.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the simulation.
    """

    painter = EnsembleBoundsPainter
    chapter = "book/part4/why-ensembles-work"
    caption = (
        "Majority-vote error against the number of voters: exact for independent "
        "voters, Hoeffding's bound and a correlated ensemble; sliders set the voter "
        "error, the largest ensemble and the error correlation."
    )

    def __init__(
        self,
        *,
        error: float = 0.3,
        n_voters: int = 101,
        correlation: float = 0.2,
        n_datasets: int = 2000,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        controls = {
            "error": float_slider("ε (voter error)", error, 0.0, 0.5, 0.01),
            "n_voters": int_slider("T (max voters)", n_voters, 5, 301, 2),
            "correlation": float_slider("ρ (error correlation)", correlation, 0.0, 1.0, 0.05),
        }
        super().__init__(controls, fixed={"n_datasets": n_datasets, "rng": rng}, height=3.8)
