r"""The chapter "Evolutionary computation" (Part III): the schema theorem against simulation.

Chapter helper, not a method: runs one generation of the library's canonical GA
(:class:`~patterneval.evolution.GeneticAlgorithm`) many times from a given population and
compares the mean count of a schema's instances with
:func:`~patterneval.evolution.schema_theorem_bound`, a simulation that checks a formula.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._results import Result
from .._validation import check_scalar
from ..evolution import (
    GeneticAlgorithm,
    _row_means,
    check_bit_population,
    check_schema,
    defining_length,
    schema_matches,
    schema_order,
    schema_theorem_bound,
)

__all__ = ["SchemaCountCheck", "schema_counts"]


@dataclass(frozen=True, repr=False)
class SchemaCountCheck(Result):
    """Expected vs observed instances of a schema one generation on (see :func:`schema_counts`).

    Attributes
    ----------
    schema : str
    m : int
        Instances in the given population, :math:`m(H, t)`.
    f_schema, f_mean : float
        Mean fitness of the instances and of the population.
    selection_only : float
        :math:`m f(H)/\\bar f`, the exact expectation after roulette selection alone.
    bound : float
        :func:`~patterneval.evolution.schema_theorem_bound` (``form="linear"``).
    bound_product : float
        The product form (tighter, still a lower bound).
    observed_mean, std_error : float
        Mean of the simulated counts :math:`m(H, t+1)` and its Monte Carlo SE.
    bound_holds : bool
        ``observed_mean + n_se * std_error >= bound_product`` (one-sided).
    counts : ndarray of int
        The simulated count in each run.
    """

    schema: str
    m: int
    f_schema: float
    f_mean: float
    selection_only: float
    bound: float
    bound_product: float
    observed_mean: float
    std_error: float
    bound_holds: bool
    counts: np.ndarray


@keywords
def schema_counts(
    fitness: Callable,
    population: ArrayLike,
    schema: str,
    *,
    crossover_rate: float,
    mutation_rate: float,
    n_runs: int = 1000,
    n_se: float = 4.0,
    rng: int | np.random.Generator | None = None,
) -> SchemaCountCheck:
    r"""The schema theorem against simulation: from ``population``, run one generation of
    the canonical GA (roulette selection, single-point crossover with probability
    ``crossover_rate``, bit-flip mutation, generational replacement) ``n_runs`` times
    and count the schema's instances in each new population.

    The mean count is the Monte Carlo estimate of :math:`E[m(H, t+1)]`; the theorem says
    it is at least :func:`~patterneval.evolution.schema_theorem_bound`. With ``crossover_rate = mutation_rate =
    0`` it *equals* ``selection_only`` :math:`= m f(H)/\bar f`. Cost
    :math:`O(\text{n\_runs}\cdot n\,l)`.

    Parameters
    ----------
    fitness : callable
        Maps a population (bool array, shape (n, l)) to its non-negative fitness.
    population : array_like of bool or {0, 1}, shape (n, l)
        The generation t.
    schema : str
        The schema over ``{"0", "1", "#"}`` (``#`` matches either bit), one character per bit.
    crossover_rate : float
        Probability :math:`p_c` of crossing a pair, in [0, 1].
    mutation_rate : float
        Per-bit mutation probability :math:`p_m`, in [0, 1].
    n_runs : int, default 1000
        Independent one-generation GA runs from ``population``, >= 2 (GA runs are counted
        by ``n_runs``, as in :func:`~patterneval.evolution.run_ga_replicates`).
    n_se : float, default 4.0
        Tolerance of the comparison, in standard errors.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    SchemaCountCheck
        The simulated counts, their mean and standard error, and the theorem's bound.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.book.evolution import schema_counts
    >>> from patterneval.evolution import onemax
    >>> pop = np.random.default_rng(0).random((20, 8)) < 0.5
    >>> check = schema_counts(onemax, pop, "11######", crossover_rate=0.7,
    ...                       mutation_rate=0.02, n_runs=400, rng=1)
    >>> check.bound_holds, check.observed_mean > check.bound
    (True, True)
    """
    pop = check_bit_population(population, name="population", min_rows=2)
    s = check_schema(schema, length=pop.shape[1])
    n_runs = check_scalar("n_runs", n_runs, int, low=2)
    n_se = check_scalar("n_se", n_se, float, low=0, closed="neither")
    ga = GeneticAlgorithm(
        fitness,
        pop.shape[1],
        population_size=pop.shape[0],
        selection="roulette",
        crossover="single-point",
        crossover_rate=crossover_rate,
        mutation_rate=mutation_rate,
        replacement="generational",
        n_generations=1,
        rng=rng,
    )
    f = ga._evaluate(pop)  # roulette selection: non-negative with a positive sum
    inside = schema_matches(s, pop)
    m = int(inside.sum())
    f_mean = float(_row_means(f[None, :])[0])  # fitness near 1e308: no overflow of the sum
    f_schema = float(_row_means(f[None, inside])[0]) if m else 0.0
    counts = np.empty(n_runs, dtype=np.int64)
    for r in range(n_runs):
        children, _ = ga._offspring(pop, f, pop.shape[0])
        counts[r] = np.count_nonzero(schema_matches(s, children))
    args = (
        m,
        f_schema,
        f_mean,
        ga.crossover_rate,
        ga.mutation_rate,
        schema_order(s),
        defining_length(s),
        len(s),
    )
    bound = schema_theorem_bound(*args)
    product = schema_theorem_bound(*args, form="product")
    mean, se = float(counts.mean()), float(counts.std(ddof=1) / np.sqrt(n_runs))
    return SchemaCountCheck(
        s,
        m,
        f_schema,
        f_mean,
        m * f_schema / f_mean,
        bound,
        product,
        mean,
        se,
        bool(mean + n_se * se >= product),
        counts,
    )
