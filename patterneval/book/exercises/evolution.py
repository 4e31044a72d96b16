"""Exercises of the chapter "Evolutionary learning" (``book/part3/evolution.ipynb``)."""

from __future__ import annotations

import math

import numpy as np

from patterneval.evolution import (
    bits_to_real,
    defining_length,
    onemax,
    run_ga,
    schema_matches,
    schema_order,
    schema_theorem_bound,
    sine_fitness,
)

from . import Exercise

SCHEMA = "#1##0#1#"


def _product_bound() -> float:
    o, d = schema_order(SCHEMA), defining_length(SCHEMA)
    return schema_theorem_bound(6, 15.0, 10.0, 0.8, 0.01, o, d, len(SCHEMA), form="product")


def _linear_bound() -> float:
    o, d = schema_order(SCHEMA), defining_length(SCHEMA)
    return schema_theorem_bound(6, 15.0, 10.0, 0.8, 0.01, o, d, len(SCHEMA))


def _tournament_ranks() -> tuple[float, ...]:
    i = np.arange(1, 21)
    return tuple(float(np.sum(i * (i**k - (i - 1) ** k)) / 20**k) for k in (1, 2, 4))


def _sine_ga() -> tuple[float, float]:
    res = run_ga(
        sine_fitness,
        22,
        population_size=50,
        n_generations=60,
        rng=1,
        tournament_size=3,
        elitism=1,
    )
    return float(bits_to_real(res.best_individual)[0]), res.best_fitness


def _two_point_disruption() -> float:
    schema, length = "1#####1####", 11
    delta = defining_length(schema)
    return delta * (length - 1 - delta) / math.comb(length - 1, 2)


def _growth_threshold() -> float:
    return 1 / ((1 - 0.8 * 6 / 10) * 0.99**3)


def _growth_threshold_linear() -> float:
    return 1 / (1 - 0.8 * 6 / 10 - 3 * 0.01)


def _roulette_shift() -> tuple[float, float]:
    options = dict(population_size=40, n_generations=60, selection="roulette", rng=0)
    plain = run_ga(onemax, 40, **options)
    shifted = run_ga(lambda p: onemax(p) + 100, 40, **options)
    return float(plain.mean_history[-1]), float(shifted.mean_history[-1] - 100)


def _order_one_count() -> float:
    pop = np.array([[1, 1, 1, 0]] * 6 + [[0, 1, 0, 0]] * 4, dtype=bool)
    fit = onemax(pop)
    inside = schema_matches("1###", pop)
    p = fit[inside].sum() / fit.sum()
    p_m = 0.05
    return len(pop) * (p * (1 - p_m) + (1 - p) * p_m)


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_product_bound,
        shown=".3f",
        hint="the defining length is the distance between the first and the last fixed position.",
        mistakes=((_linear_bound, "that is the linear form; the product form keeps (1 - p_m)^o."),),
    ),
    Exercise(
        2,
        "computation",
        1,
        answer=_tournament_ranks,
        shown=".3f",
        hint="rank i wins a k-tournament with probability (i^k - (i-1)^k) / n^k.",
    ),
    Exercise(
        3,
        "coding",
        1,
        answer=_sine_ga,
        shown=".5f",
        rtol=1e-4,
        hint="decode res.best_individual with bits_to_real; res.best_fitness is f.",
    ),
    Exercise(4, "derivation", 2, answer=_two_point_disruption, shown=".4f"),
    Exercise(
        5,
        "computation",
        2,
        answer=_growth_threshold,
        shown=".3f",
        hint="growth needs f(H)/f_bar times the survival factors to exceed 1.",
        mistakes=(
            (_growth_threshold_linear, "that uses the linear form; the product form was asked."),
        ),
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_roulette_shift,
        shown=".3f",
        hint="read mean_history[-1] of each run, and subtract 100 from the shifted one.",
    ),
    Exercise(7, "interpretation", 2),
    Exercise(8, "derivation", 3, answer=_order_one_count, shown=".3f"),
)
