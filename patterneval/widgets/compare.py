"""Explorers of the chapters "Two classifiers" and "Many classifiers over many data sets"."""

from __future__ import annotations

import numpy as np

from ..compare.simulation import RejectionGrid
from ..plotting.compare import CriticalDifferencePainter, RejectionGridPainter
from ._base import Explorer, float_slider, int_slider, selection_slider

__all__ = ["CriticalDifferenceExplorer", "TwoClassifierTestsExplorer"]


class TwoClassifierTestsExplorer(Explorer):
    """Sliders effect size and data-set size over a stored
    :class:`~patterneval.compare.simulation.RejectionGrid` (from
    ``tools/two_classifier_grid.py``): how often each of six tests rejects "A and B are
    equally accurate", against the effect at the chosen size and against the size at the
    chosen effect. A move only reads the grid, so it is instant.
    """

    painter = RejectionGridPainter
    chapter = "book/part5/two-classifiers"
    caption = (
        "Rejection rates of McNemar's test, the resampled t-test with and without the "
        "Nadeau-Bengio correction, the 10-fold CV t-test and the 5x2cv t and F tests, from "
        "1000 simulated data sets per point; sliders set the true difference in error "
        "and the size of the data set."
    )

    def __init__(self, grid: RejectionGrid, *, effect: float = 0.0, n_samples: int | None = None) -> None:
        self.grid = grid
        sizes = [int(n) for n in grid.n_samples]
        n_samples = sizes[len(sizes) // 2] if n_samples is None else int(n_samples)
        if n_samples not in sizes:
            raise ValueError(f"n_samples must be one of the grid's sizes {sizes}; got {n_samples}.")
        effects = np.asarray(grid.effects, dtype=float)
        step = float(np.min(np.diff(effects))) if effects.size > 1 else 0.01
        controls = {
            "effect": float_slider("effect (error B − error A)", effect, float(effects[0]), float(effects[-1]),
                                   step, readout_format=".2f"),
            "n_samples": selection_slider("examples n", sizes, n_samples),
        }
        super().__init__(controls, fixed={"grid": grid}, height=3.6)


class CriticalDifferenceExplorer(Explorer):
    """Sliders k (classifiers), N (data sets) and alpha over
    :class:`~patterneval.plotting.compare.CriticalDifferencePainter`: the critical
    difference of average ranks for the Nemenyi and Bonferroni-Dunn tests."""

    painter = CriticalDifferencePainter
    chapter = "book/part5/many-classifiers"
    caption = (
        "The critical difference of average ranks against the number of data sets N, and "
        "as a share of the rank range against the number of classifiers k, for the "
        "Nemenyi and Bonferroni-Dunn tests; sliders set k, N and alpha."
    )

    def __init__(self, *, k: int = 4, n_datasets: int = 14, alpha: float = 0.05) -> None:
        controls = {
            "k": int_slider("classifiers k", k, 2, CriticalDifferencePainter.K_MAX),
            "n_datasets": int_slider("data sets N", n_datasets, 2, CriticalDifferencePainter.N_MAX),
            "alpha": selection_slider("alpha", [0.01, 0.05, 0.10], alpha),
        }
        super().__init__(controls, height=3.4)
