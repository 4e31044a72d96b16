"""Explorer of the chapter "Why ensembles work"."""

from __future__ import annotations

import ipywidgets as widgets

from ..plotting.ensemble_bounds import EnsembleBoundsPainter
from ._base import Explorer

__all__ = ["EnsembleBoundsExplorer"]

_STYLE = {"description_width": "initial"}


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
    n_resamples : int, default 2000, keyword-only
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

    def __init__(self, *, error=0.3, n_voters=101, correlation=0.2, n_resamples=2000, rng=0):
        self.n_resamples, self.rng = n_resamples, rng
        controls = {
            "error": widgets.FloatSlider(value=error, min=0.0, max=0.5, step=0.01, description="ε (voter error)",
                                         continuous_update=False, style=_STYLE),
            "n_voters": widgets.IntSlider(value=n_voters, min=5, max=301, step=2, description="T (max voters)",
                                          continuous_update=False, style=_STYLE),
            "correlation": widgets.FloatSlider(value=correlation, min=0.0, max=1.0, step=0.05,
                                               description="ρ (error correlation)", continuous_update=False,
                                               style=_STYLE),
        }
        super().__init__(controls, height=3.8)

    def draw(self, *, error, n_voters, correlation):
        self.painter.update(error=error, n_voters=n_voters, correlation=correlation,
                            n_resamples=self.n_resamples, rng=self.rng)
