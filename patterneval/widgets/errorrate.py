"""Explorers of Part I's first chapters: the test error rate and selective sampling."""

from __future__ import annotations

import ipywidgets as widgets

from .. import plotting
from ._base import Explorer

__all__ = ["SelectiveSamplingExplorer", "TestErrorExplorer"]

_STYLE = {"description_width": "initial"}


class TestErrorExplorer(Explorer):
    """Sliders N, eps and the confidence level over :func:`patterneval.plotting.draw_test_error`.

    Shows the sampling distribution of k/N, every interval method at the typical k, and
    each method's coverage (exact and simulated) against the nominal level.

    Parameters
    ----------
    n : int in [5, 500], default 30, keyword-only
        Initial test-set size N.
    error : float in [0.01, 0.5], default 0.1, keyword-only
        Initial true error rate eps.
    confidence_level : float in [0.8, 0.99], default 0.95, keyword-only
    n_resamples : int, default 4000, keyword-only
        Simulated test sets for the coverage.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the simulation.
    """

    __test__ = False  # not a pytest test class

    def __init__(self, *, n=30, error=0.1, confidence_level=0.95, n_resamples=4000, rng=0):
        self.n_resamples, self.rng = n_resamples, rng
        controls = {
            "n": widgets.IntSlider(value=n, min=5, max=500, step=5, description="N (test size)",
                                   continuous_update=False, style=_STYLE),
            "error": widgets.FloatSlider(value=error, min=0.01, max=0.5, step=0.01, description="ε (true error)",
                                         continuous_update=False, style=_STYLE),
            "confidence_level": widgets.FloatSlider(value=confidence_level, min=0.8, max=0.99, step=0.01,
                                                    description="confidence", continuous_update=False,
                                                    style=_STYLE),
        }
        super().__init__(controls, height=3.4)

    painter = plotting.TestErrorPainter
    chapter = "book/part1/test-error"
    caption = (
        "The sampling distribution of the test error k/N, the five confidence intervals"
        " and their coverage; sliders set N, the true error and the confidence level."
    )

    def draw(self, *, n, error, confidence_level):
        self.painter.update(n=n, error=error, confidence_level=confidence_level,
                            n_resamples=self.n_resamples, rng=self.rng)


class SelectiveSamplingExplorer(Explorer):
    """Sliders P1, eps1, eps2, N over :func:`patterneval.plotting.draw_selective_sampling`.

    Overlays the sampling distributions of the random-sampling and the selective
    (stratified) error estimates and prints both variances and their gap, by formula
    and by simulation.

    Parameters
    ----------
    prior : float in [0.05, 0.95], default 0.7, keyword-only
        Initial prior P1 of class 1.
    error1, error2 : float in [0, 0.5], default 0.05 and 0.4, keyword-only
        Initial class error rates eps1, eps2.
    n : int in [20, 1000], default 100, keyword-only
        Initial test-set size N.
    n_resamples : int, default 20000, keyword-only
        Simulated test sets per estimator.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the simulation.
    """

    def __init__(self, *, prior=0.7, error1=0.05, error2=0.4, n=100, n_resamples=20_000, rng=0):
        self.n_resamples, self.rng = n_resamples, rng
        controls = {
            "prior": widgets.FloatSlider(value=prior, min=0.05, max=0.95, step=0.05, description="P₁",
                                         continuous_update=False, style=_STYLE),
            "error1": widgets.FloatSlider(value=error1, min=0.0, max=0.5, step=0.01, description="ε₁",
                                          continuous_update=False, style=_STYLE),
            "error2": widgets.FloatSlider(value=error2, min=0.0, max=0.5, step=0.01, description="ε₂",
                                          continuous_update=False, style=_STYLE),
            "n": widgets.IntSlider(value=n, min=20, max=1000, step=20, description="N",
                                   continuous_update=False, style=_STYLE),
        }
        super().__init__(controls, height=3.6)

    painter = plotting.SelectiveSamplingPainter
    chapter = "book/part1/selective-sampling"
    caption = (
        "Random against selective (stratified) sampling of a test set: both estimators'"
        " distributions and the variance gap; sliders set the prior, the class errors "
        "and N."
    )

    def draw(self, *, prior, error1, error2, n):
        self.painter.update(prior=prior, error1=error1, error2=error2, n=n,
                            n_resamples=self.n_resamples, rng=self.rng)
