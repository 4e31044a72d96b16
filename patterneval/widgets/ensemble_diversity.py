"""Explorer of the chapter "Diversity": two synthetic binary classifiers whose outputs
are correlated by a slider; their prediction table and the four pairwise measures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..book.diversity import correlated_pair
from ..ensemble.diversity import (
    correlation,
    disagreement,
    kappa,
    pair_table,
    q_statistic,
)
from ..plotting.ensemble_diversity import PairTablePainter
from ._base import Explorer, selection_slider

__all__ = ["PairDiversityExplorer", "correlated_pair"]


def _or_nan(measure, h1, h2) -> float:
    """The measure, or nan (drawn as "undefined") where it is 0/0 for this pair."""
    try:
        return measure(h1, h2)
    except ValueError:
        return float("nan")


class PairDiversityExplorer(Explorer):
    """Sliders: latent correlation of the two classifiers' outputs and the share of
    positive predictions. Every table and measure is computed once in ``__init__``; a
    move only hands the stored numbers to the painter.

    Parameters
    ----------
    correlations : array_like of float in (-1, 1), default -0.9, -0.8, ..., 0.9, keyword-only
        Latent correlations precomputed (slider positions).
    positive_rates : sequence of float in (0, 1), default (0.1, 0.2, 0.3, 0.5, 0.7), keyword-only
        Shares of +1 predictions precomputed.
    n_samples : int, default 400, keyword-only
        Predictions per classifier.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of :func:`~patterneval.book.diversity.correlated_pair`.
    latent_correlation : float, default 0.5, keyword-only
        Initial value, one of ``correlations``.
    positive_rate : float, default 0.5, keyword-only
        Initial value, one of ``positive_rates``.
    """

    painter: Any = PairTablePainter
    chapter = "book/part4/diversity"
    caption = (
        "The prediction table of two classifiers and their pairwise diversity measures;"
        " sliders set the correlation of their outputs and the share of positive "
        "predictions."
    )

    def __init__(
        self,
        *,
        correlations: Sequence[float] | NDArray[np.floating] = np.round(
            np.linspace(-0.9, 0.9, 19), 2
        ),
        positive_rates: Sequence[float] = (0.1, 0.2, 0.3, 0.5, 0.7),
        n_samples: int = 400,
        rng: int | np.random.Generator | None = 0,
        latent_correlation: float = 0.5,
        positive_rate: float = 0.5,
    ) -> None:
        self.cache: dict[
            tuple[float, float], tuple[tuple[int, int, int, int], dict[str, float]]
        ] = {}
        for r in correlations:
            for p in positive_rates:
                h1, h2 = correlated_pair(r, p, n_samples, rng=rng)
                t = pair_table(h1, h2)
                self.cache[float(r), float(p)] = (
                    (t.a, t.b, t.c, t.d),
                    {
                        name: _or_nan(f, h1, h2)
                        for name, f in (
                            ("disagreement", disagreement),
                            ("correlation", correlation),
                            ("q_statistic", q_statistic),
                            ("kappa", kappa),
                        )
                    },
                )
        controls = {
            "latent_correlation": selection_slider(
                "latent correlation",
                [(f"{r:+.1f}", float(r)) for r in correlations],
                float(latent_correlation),
            ),
            "positive_rate": selection_slider(
                "share predicted +1",
                [(f"{p:.1f}", float(p)) for p in positive_rates],
                float(positive_rate),
            ),
        }
        super().__init__(controls, width=9.0, height=3.4)

    def draw(self, *, latent_correlation: float, positive_rate: float) -> None:
        """Show the stored prediction table and diversity measures of one setting.

        Parameters
        ----------
        latent_correlation : float
            Latent correlation of the two classifiers' outputs (the latent
            correlation slider); one of ``correlations``.
        positive_rate : float
            Share of +1 predictions (the share slider); one of ``positive_rates``.

        Returns
        -------
        None
        """
        table, measures = self.cache[latent_correlation, positive_rate]
        self.painter.update(
            table=table,
            measures=measures,
            title=f"{sum(table)} samples, latent correlation {latent_correlation:+.1f}",
        )
