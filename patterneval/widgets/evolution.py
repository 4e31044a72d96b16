"""Explorer of the chapter "Evolutionary learning"."""

from __future__ import annotations

from typing import Literal

import numpy as np

from ..plotting.evolution import FITNESS, EvolutionPainter
from ._base import Explorer, dropdown, float_slider, int_slider

__all__ = ["EvolutionExplorer"]


class EvolutionExplorer(Explorer):
    """Sliders for the mutation rate, the crossover rate, the selection operator, the
    tournament size and the fitness function over
    :class:`~patterneval.plotting.evolution.EvolutionPainter`.

    Each move reruns a few small seeded GAs (fixed seeds, so a move changes the settings,
    not the noise) and redraws best / mean fitness and diversity per generation.

    Parameters
    ----------
    fitness : {"onemax", "trap"}, default "onemax", keyword-only
        Initial fitness function.
    mutation_rate : float in [0, 0.2], default 0.03, keyword-only
        Initial per-bit mutation rate p_m.
    crossover_rate : float in [0, 1], default 0.8, keyword-only
        Initial per-pair crossover rate p_c.
    selection : {"tournament", "truncation", "roulette"}, default "tournament", keyword-only
    tournament_size : int in [1, 8], default 2, keyword-only
    n_bits : int, default 32, keyword-only
        Chromosome length (fixed).
    population_size : int, default 30, keyword-only
        Fixed.
    n_generations : int, default 40, keyword-only
        Fixed.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the runs.
    """

    painter = EvolutionPainter
    chapter = "book/part3/evolution"
    caption = (
        "Best and mean fitness and population diversity per generation of three small seeded "
        "GA runs; the controls set the fitness function, the selection operator and "
        "tournament size, and the mutation and crossover rates."
    )

    def __init__(
        self,
        *,
        fitness: Literal["onemax", "trap"] = "onemax",
        mutation_rate: float = 0.03,
        crossover_rate: float = 0.8,
        selection: Literal["tournament", "truncation", "roulette"] = "tournament",
        tournament_size: int = 2,
        n_bits: int = 32,
        population_size: int = 30,
        n_generations: int = 40,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        fixed = dict(
            n_bits=n_bits, population_size=population_size, n_generations=n_generations, rng=rng
        )
        controls = {
            "fitness": dropdown("fitness", list(FITNESS), fitness),
            "selection": dropdown("selection", ["tournament", "truncation", "roulette"], selection),
            "tournament_size": int_slider("k (tournament)", tournament_size, 1, 8),
            "mutation_rate": float_slider(
                "p_m (per bit)", mutation_rate, 0.0, 0.2, 0.005, readout_format=".3f"
            ),
            "crossover_rate": float_slider("p_c (per pair)", crossover_rate, 0.0, 1.0, 0.05),
        }
        super().__init__(controls, fixed=fixed, height=3.6)
