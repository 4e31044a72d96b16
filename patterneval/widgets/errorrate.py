"""Explorers of Part I's first chapters: the test error rate and selective sampling."""

from __future__ import annotations

import numpy as np

from .. import plotting
from ._base import Explorer, float_slider, int_slider

__all__ = ["SelectiveSamplingExplorer", "TestErrorExplorer"]


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
    n_datasets : int, default 4000, keyword-only
        Simulated test sets for the coverage.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the simulation.
    """

    __test__ = False  # not a pytest test class

    painter = plotting.TestErrorPainter
    chapter = "book/part1/test-error"
    caption = (
        "The sampling distribution of the test error k/N, the five confidence intervals"
        " and their coverage; sliders set N, the true error and the confidence level."
    )

    def __init__(
        self,
        *,
        n: int = 30,
        error: float = 0.1,
        confidence_level: float = 0.95,
        n_datasets: int = 4000,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        controls = {
            "n": int_slider("N (test size)", n, 5, 500, 5),
            "error": float_slider("ε (true error)", error, 0.01, 0.5, 0.01),
            "confidence_level": float_slider("confidence", confidence_level, 0.8, 0.99, 0.01),
        }
        super().__init__(controls, fixed={"n_datasets": n_datasets, "rng": rng}, height=3.4)


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
    n_datasets : int, default 20000, keyword-only
        Simulated test sets per estimator.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the simulation.
    """

    painter = plotting.SelectiveSamplingPainter
    chapter = "book/part1/selective-sampling"
    caption = (
        "Random against selective (stratified) sampling of a test set: both estimators'"
        " distributions and the variance gap; sliders set the prior, the class errors "
        "and N."
    )

    def __init__(
        self,
        *,
        prior: float = 0.7,
        error1: float = 0.05,
        error2: float = 0.4,
        n: int = 100,
        n_datasets: int = 20_000,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        controls = {
            "prior": float_slider("P₁", prior, 0.05, 0.95, 0.05),
            "error1": float_slider("ε₁", error1, 0.0, 0.5, 0.01),
            "error2": float_slider("ε₂", error2, 0.0, 0.5, 0.01),
            "n": int_slider("N", n, 20, 1000, 20),
        }
        super().__init__(controls, fixed={"n_datasets": n_datasets, "rng": rng}, height=3.6)
