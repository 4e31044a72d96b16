r"""Evolutionary learning: a vectorised genetic algorithm, its operators, and the schema
theorem (演化学习; chapter "Evolutionary learning").

Individuals (染色体, chromosomes) are rows of a boolean array of shape
``(population_size, n_bits)``; a fitness function maps such an array to one finite real
number per row, larger is better. Every operator is a public function taking an explicit
``rng`` (None, an int seed or a :class:`numpy.random.Generator`); the genetic algorithm
strings them together:

1. evaluate the population;
2. select parents (selection operator, 选择算子): ``"tournament"``, ``"truncation"`` or
   ``"roulette"``;
3. pair them and recombine (crossover, 交叉): ``"single-point"``, ``"two-point"`` or
   ``"uniform"``, each pair with probability ``crossover_rate``;
4. flip each bit with probability ``mutation_rate`` (mutation, 变异);
5. put the offspring into the population (replacement, 替换策略), one of the strategies the
   note lists: ``"generational"`` (简易法; with ``elitism=k`` the k best parents survive:
   精英法), ``"replace-worst"`` (the note's 锦标赛法: the offspring replace the worst
   parents; with two offspring per generation this is the steady-state GA),
   ``"preselection"`` (预选择: a child replaces its parent only if it is fitter) and
   ``"crowding"`` (排挤, De Jong 1975: a child replaces the most similar of
   ``crowding_factor`` randomly drawn members). Fitness sharing (共享) is the option
   ``sharing_radius``: selection then sees :func:`shared_fitness`.

A schema (模式) is a string over ``0``, ``1`` and ``#`` (don't care). Its order
:math:`o(H)` counts the fixed positions and its defining length :math:`\delta(H)` is the
distance between the first and the last fixed position. For fitness-proportional
selection, single-point crossover applied with probability :math:`p_c` and bit-flip
mutation with rate :math:`p_m`, Holland's schema theorem bounds the expected number of
instances in the next generation:

.. math::

    E[m(H, t+1)] \;\ge\; m(H,t)\,\frac{f(H,t)}{\bar f(t)}
    \Big(1 - p_c\frac{\delta(H)}{l-1}\Big)(1-p_m)^{o(H)}
    \;\ge\; m(H,t)\,\frac{f(H,t)}{\bar f(t)}
    \Big[1 - p_c\frac{\delta(H)}{l-1} - o(H)\,p_m\Big].
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from ._api import keywords
from ._results import Result
from ._ties import argmax_tied, argsort_tied
from ._validation import (
    check_array,
    check_callable,
    check_choice,
    check_rng,
    check_scalar,
    fail,
    show,
)

__all__ = [
    "CROSSOVERS",
    "REPLACEMENTS",
    "SELECTIONS",
    "GAReplicates",
    "GAResult",
    "GeneticAlgorithm",
    "bit_flip_mutation",
    "bits_to_real",
    "defining_length",
    "population_diversity",
    "onemax",
    "roulette_selection",
    "run_ga",
    "run_ga_replicates",
    "schema_matches",
    "schema_order",
    "schema_theorem_bound",
    "shared_fitness",
    "sine_fitness",
    "single_point_crossover",
    "tournament_selection",
    "trap",
    "truncation_selection",
    "two_point_crossover",
    "uniform_crossover",
]

#: Selection operators of :class:`GeneticAlgorithm`.
SELECTIONS = ("tournament", "truncation", "roulette")
#: Crossover operators of :class:`GeneticAlgorithm`.
CROSSOVERS = ("single-point", "two-point", "uniform")
#: Replacement strategies of :class:`GeneticAlgorithm` (the course notes' list).
REPLACEMENTS = ("generational", "replace-worst", "preselection", "crowding")
#: Forms of the schema-theorem bound: Mitchell's product and Holland/Goldberg's linear one.
BOUND_FORMS = ("linear", "product")


# --- fitness functions ----------------------------------------------------------------


def onemax(population: ArrayLike) -> np.ndarray:
    r"""OneMax: the number of ones, :math:`f(x) = \sum_j x_j`; larger is better.

    The optimum is the all-ones string with fitness ``n_bits``. :math:`O(n\,l)`.

    Parameters
    ----------
    population : array_like of bool or {0, 1}, shape (n, l)
        One bit string per row.

    Returns
    -------
    ndarray, shape (n,)
        The number of ones of each member.

    Examples
    --------
    >>> from patterneval.evolution import onemax
    >>> onemax([[1, 0, 1], [1, 1, 1]])
    array([2., 3.])
    """
    pop = check_bit_population(population)
    return pop.sum(axis=1).astype(float)


def trap(population: ArrayLike, *, block: int = 4) -> np.ndarray:
    r"""Concatenated deceptive trap functions (Deb & Goldberg 1993).

    The string is cut into consecutive blocks of ``block`` bits; a block with :math:`u`
    ones scores :math:`k` if :math:`u = k` and :math:`k - 1 - u` otherwise, and the
    fitness is the sum over blocks. Inside a block every schema of order below :math:`k`
    points the wrong way (towards all zeros), so low-order building blocks mislead
    the search. The optimum is the all-ones string, fitness ``n_bits``; the deceptive
    attractor (all zeros) scores ``n_bits * (k-1)/k``. :math:`O(n\,l)`.

    Parameters
    ----------
    population : array_like of bool or {0, 1}, shape (n, l), l a multiple of ``block``
        One bit string per row.
    block : int, default 4
        Block length k, >= 2.

    Returns
    -------
    ndarray, shape (n,)
        The summed trap scores.

    Examples
    --------
    >>> from patterneval.evolution import trap
    >>> trap([[1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 1, 0, 0, 0, 0, 1]])
    array([7., 2.])
    """
    pop = check_bit_population(population)
    k = check_scalar("block", block, int, low=2)
    if pop.shape[1] % k:
        raise fail("block", f"a divisor of the chromosome length {pop.shape[1]}", k)
    u = pop.reshape(pop.shape[0], -1, k).sum(axis=2)
    return np.where(u == k, k, k - 1 - u).sum(axis=1).astype(float)


def bits_to_real(population: ArrayLike, *, low: float = -1.0, high: float = 2.0) -> np.ndarray:
    r"""Decode each row (most significant bit first) to a real number in [low, high]:
    :math:`x = \text{low} + (\text{high}-\text{low})\,\text{int}(b)/(2^l - 1)`.

    Parameters
    ----------
    population : array_like of bool or {0, 1}, shape (n, l)
        One bit string per row.
    low, high : float, default -1.0 and 2.0
        The interval the codes map onto, ``low < high`` (finite; a width ``high - low``
        beyond the largest float is handled by interpolating ``low (1 - u) + high u``).

    Returns
    -------
    ndarray, shape (n,)
        The decoded numbers (chromosomes longer than 1000 bits are decoded to double
        precision without forming :math:`2^l`, which would overflow).

    Examples
    --------
    >>> from patterneval.evolution import bits_to_real
    >>> bits_to_real([[0, 0, 0], [1, 1, 1], [1, 0, 0]], low=0.0, high=7.0)
    array([0., 7., 4.])
    """
    pop = check_bit_population(population)
    low, high = check_scalar("low", low, float), check_scalar("high", high, float)
    if low >= high:
        raise fail("high", f"greater than low = {low!r}", high)
    l = pop.shape[1]
    with np.errstate(over="ignore", invalid="ignore"):
        if l <= 1000:
            weights = 2.0 ** np.arange(l - 1, -1, -1)
            x = low + (high - low) * (pop @ weights) / (2.0**l - 1)
        else:  # 2^l overflows: int(b) / (2^l - 1) = sum_j b_j 2^-(j+1) to double precision
            x = low + (high - low) * (pop @ 2.0 ** -np.arange(1.0, l + 1))
        if not np.all(np.isfinite(x)):  # high - low (or its product) overflows: interpolate
            frac = (pop @ 2.0 ** -np.arange(1.0, l + 1)) * (
                1.0 if l > 1000 else 2.0**l / (2.0**l - 1)
            )
            x = low * (1.0 - frac) + high * frac
    if not np.all(np.isfinite(x)):
        raise fail(
            "low and high",
            "an interval whose points are finite",
            f"[{low!r}, {high!r}]",
            echo=False,
        )
    return x


def sine_fitness(population: ArrayLike) -> np.ndarray:
    r"""A multimodal real function decoded from bits (Michalewicz 1996, section 2.1):
    :math:`f(x) = x \sin(10\pi x) + 2` on :math:`x \in [-1, 2]`, via :func:`bits_to_real`.

    Non-negative (so roulette selection applies); many local maxima; the global maximum
    is near :math:`x = 1.85`, :math:`f \approx 3.85`.

    Parameters
    ----------
    population : array_like of bool or {0, 1}, shape (n, l)
        One bit string per row, decoded to :math:`x` by :func:`bits_to_real`.

    Returns
    -------
    ndarray, shape (n,)
        :math:`f(x)` of each decoded member.

    Examples
    --------
    >>> from patterneval.evolution import sine_fitness
    >>> sine_fitness([[0] * 10, [1] * 10]).round(3)  # x = -1 and x = 2
    array([2., 2.])
    """
    x = bits_to_real(population, low=-1.0, high=2.0)
    return x * np.sin(10 * np.pi * x) + 2.0


# --- selection ------------------------------------------------------------------------


@keywords
def tournament_selection(
    fitness: ArrayLike,
    n_select: int,
    *,
    size: int = 2,
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    r"""Tournament selection (锦标赛选择): ``n_select`` times, draw ``size`` members with
    replacement and keep the fittest (ties go to the first drawn, i.e. uniformly; fitness
    values within 1e-12 relative of the best count as tied, so rounding in the fitness,
    which differs between CPUs, cannot flip a tournament).

    With distinct fitness values and members ranked :math:`i = 1` (worst) to :math:`n`
    (best), a tournament returns rank :math:`i` with probability

    .. math:: P(i) = \frac{i^k - (i-1)^k}{n^k},

    since the best of :math:`k` draws has rank at most :math:`i` with probability
    :math:`(i/n)^k`. Larger ``size`` means stronger selection pressure.
    :math:`O(\text{n\_select}\cdot k)`.

    Parameters
    ----------
    fitness : array_like, shape (n,)
        Fitness of each member; larger is better.
    n_select : int
        Members to select, >= 1.
    size : int, default 2
        Tournament size k, >= 1.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    ndarray of int, shape (n_select,)
        Indices of the selected members.

    References
    ----------
    .. [1] D. E. Goldberg and K. Deb, "A comparative analysis of selection schemes used in
       genetic algorithms," FOGA 1, 69-93, 1991. doi:10.1016/B978-0-08-050684-5.50008-2

    Examples
    --------
    >>> from patterneval.evolution import tournament_selection
    >>> tournament_selection([1.0, 5.0, 3.0], 6, size=3, rng=0)
    array([1, 0, 0, 1, 1, 1])
    """
    f = check_fitness_values(fitness)
    n_select = check_scalar("n_select", n_select, int, low=1)
    size = check_scalar("size", size, int, low=1)
    return _tournament(f, n_select, size, check_rng(rng))


# The selections, crossovers and mutation below are split in two: the public function
# checks its arguments and calls the unchecked core, which the genetic algorithm calls
# directly on its own validated arrays (the checks were a third of a run's time).


def _tournament(f, n_select, size, rng):
    entrants = rng.integers(0, f.size, size=(n_select, size))
    winners = argmax_tied(f[entrants], axis=1)
    return entrants[np.arange(n_select), winners]


@keywords
def truncation_selection(
    fitness: ArrayLike,
    n_select: int,
    *,
    n_best: int | None = None,
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    r"""Truncation selection (截断选择): keep the ``n_best`` fittest members (ties, within
    1e-12 relative of each other, broken at random) and draw ``n_select`` parents uniformly, with replacement, among them.

    Each of the ``n_best`` fittest is drawn with probability :math:`1/F`, every other
    member never. ``n_best=None`` keeps half the population (rounded up).
    :math:`O(n \log n)`.

    Parameters
    ----------
    fitness : array_like, shape (n,)
        Fitness of each member; larger is better.
    n_select, rng
        As in :func:`tournament_selection`.
    n_best : int, optional
        How many of the fittest are kept, in [1, n]; default half the population, rounded up.

    Returns
    -------
    ndarray of int, shape (n_select,)
        Indices of the selected members.

    Examples
    --------
    >>> from patterneval.evolution import truncation_selection
    >>> sorted(set(truncation_selection([1.0, 5.0, 3.0, 0.0], 20, n_best=2, rng=0).tolist()))
    [1, 2]
    """
    f = check_fitness_values(fitness)
    n_select = check_scalar("n_select", n_select, int, low=1)
    n_best = (
        (f.size + 1) // 2
        if n_best is None
        else check_scalar(
            "n_best", n_best, int, low=1, high=f.size, hint=f"(the population has {f.size} members)"
        )
    )
    return _truncation(f, n_select, n_best, check_rng(rng))


def _truncation(f, n_select, n_best, rng):
    shuffle = rng.permutation(f.size)
    order = shuffle[argsort_tied(-f[shuffle])]
    return order[:n_best][rng.integers(0, n_best, size=n_select)]


@keywords
def roulette_selection(
    fitness: ArrayLike,
    n_select: int,
    *,
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    r"""Roulette-wheel (fitness-proportional) selection (轮盘赌选择): ``n_select``
    independent draws, member :math:`i` with probability :math:`f_i / \sum_j f_j`.

    Needs non-negative fitness with a positive sum (else ValueError); a sum that
    overflows is handled by dividing by the largest fitness first (the shares are the same).
    :math:`O(n + \text{n\_select} \log n)`.

    Parameters
    ----------
    fitness : array_like, shape (n,)
        Fitness of each member; non-negative with a positive sum.
    n_select, rng
        As in :func:`tournament_selection`.

    Returns
    -------
    ndarray of int, shape (n_select,)
        The indices drawn.

    Examples
    --------
    >>> from patterneval.evolution import roulette_selection
    >>> roulette_selection([0.0, 1.0, 3.0], 8, rng=0)
    array([2, 2, 1, 1, 2, 2, 2, 2])
    """
    f = check_fitness_values(fitness, non_negative=True)
    n_select = check_scalar("n_select", n_select, int, low=1)
    return _roulette(f, n_select, check_rng(rng))


def _roulette(f, n_select, rng):
    with np.errstate(over="ignore"):  # an overflowing sum is handled, not warned about
        overflows = not np.isfinite(f.sum())
    if overflows:  # only the shares f_i / sum f matter
        f = f / f.max()
    cumulative = np.cumsum(f)
    u = rng.random(n_select) * cumulative[-1]
    return np.minimum(np.searchsorted(cumulative, u, side="right"), f.size - 1)


# --- crossover and mutation -----------------------------------------------------------


def _check_crossover(parents_a, parents_b, rate, rng, min_bits):
    """The three crossovers' checks: (parents_a, parents_b, rate, rng) as arrays of bits of
    one shape, at least ``min_bits`` wide, a rate in [0, 1] and a generator."""
    a = check_bit_population(parents_a, name="parents_a")
    b = check_bit_population(parents_b, name="parents_b")
    if a.shape != b.shape:
        raise fail(
            "parents_b",
            f"an array of the same shape as parents_a {a.shape}",
            f"shape {b.shape}",
            echo=False,
        )
    if a.shape[1] < min_bits:
        raise fail(
            "parents_a",
            f"chromosomes of at least {min_bits} bits for this crossover",
            f"{a.shape[1]} bit(s)",
            echo=False,
        )
    return a, b, check_scalar("rate", rate, float, low=0, high=1), check_rng(rng)


def _swap(a, b, mask):
    """Children: ``a`` with the ``mask`` positions taken from ``b``, and vice versa."""
    return np.where(mask, b, a), np.where(mask, a, b)


@keywords
def single_point_crossover(
    parents_a: ArrayLike,
    parents_b: ArrayLike,
    *,
    rate: float = 1.0,
    rng: int | np.random.Generator | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""Single-point crossover (单点交叉): each pair is crossed with probability ``rate``
    at a cut :math:`c` uniform in :math:`1, \dots, l-1`; the children swap the tails
    after position :math:`c`: ``a[:c] + b[c:]`` and ``b[:c] + a[c:]``.

    A schema with defining length :math:`\delta` is cut apart with probability
    :math:`\delta/(l-1)` (the cut falls between its outermost fixed positions).
    Random draws, in order: ``rng.random(n_pairs)`` (cross if ``< rate``), then
    ``rng.integers(1, l, n_pairs)``. :math:`O(n\,l)`.

    Parameters
    ----------
    parents_a, parents_b : array_like of bool or {0, 1}, shape (n_pairs, l)
        The two parents of each pair, row by row.
    rate : float, default 1.0
        Probability that a pair is crossed, in [0, 1]; uncrossed pairs are copied.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    (ndarray, ndarray)
        The two children of each pair, boolean arrays shaped like the parents.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.evolution import single_point_crossover
    >>> a, b = single_point_crossover([[1, 0, 0, 1]], [[1, 1, 1, 0]], rng=3)
    >>> a.astype(int), b.astype(int)
    (array([[1, 1, 1, 0]]), array([[1, 0, 0, 1]]))
    """
    return _single_point(*_check_crossover(parents_a, parents_b, rate, rng, min_bits=2))


def _single_point(a, b, rate, rng):
    n, l = a.shape
    cross = rng.random(n) < rate
    cuts = rng.integers(1, l, size=n)
    mask = (np.arange(l)[None, :] >= cuts[:, None]) & cross[:, None]
    return _swap(a, b, mask)


@keywords
def two_point_crossover(
    parents_a: ArrayLike,
    parents_b: ArrayLike,
    *,
    rate: float = 1.0,
    rng: int | np.random.Generator | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""Two-point crossover (两点交叉): with probability ``rate`` a pair swaps the segment
    between two distinct cuts :math:`c_1 < c_2` drawn uniformly from :math:`1,\dots,l-1`
    (positions :math:`c_1 \le j < c_2`). Needs :math:`l \ge 3`.

    Random draws, in order: ``rng.random(n_pairs)``, then for each pair the two cuts as
    ``rng.random((n_pairs, l-1)).argsort(axis=1)[:, :2] + 1`` (sorted).
    :math:`O(n\,l \log l)`.

    Parameters
    ----------
    parents_a, parents_b : array_like of bool or {0, 1}, shape (n_pairs, l), l >= 3
        The two parents of each pair, row by row.
    rate, rng
        As in :func:`single_point_crossover`.

    Returns
    -------
    (ndarray, ndarray)
        The two children of each pair, boolean arrays shaped like the parents, that
        differ from them at most inside the swapped segment.

    Examples
    --------
    >>> from patterneval.evolution import two_point_crossover
    >>> a, b = two_point_crossover([[0, 0, 0, 0, 0]], [[1, 1, 1, 1, 1]], rng=1)
    >>> a.astype(int), b.astype(int)
    (array([[0, 0, 1, 1, 0]]), array([[1, 1, 0, 0, 1]]))
    """
    return _two_point(*_check_crossover(parents_a, parents_b, rate, rng, min_bits=3))


def _two_point(a, b, rate, rng):
    n, l = a.shape
    cross = rng.random(n) < rate
    cuts = np.sort(rng.random((n, l - 1)).argsort(axis=1)[:, :2] + 1, axis=1)
    j = np.arange(l)[None, :]
    mask = (j >= cuts[:, :1]) & (j < cuts[:, 1:]) & cross[:, None]
    return _swap(a, b, mask)


@keywords
def uniform_crossover(
    parents_a: ArrayLike,
    parents_b: ArrayLike,
    *,
    rate: float = 1.0,
    swap_probability: float = 0.5,
    rng: int | np.random.Generator | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""Uniform crossover (均匀交叉): with probability ``rate`` a pair is crossed, and then
    each position is swapped independently with probability ``swap_probability``.

    Random draws, in order: ``rng.random(n_pairs)``, then ``rng.random((n_pairs, l))``.
    :math:`O(n\,l)`.

    Parameters
    ----------
    parents_a, parents_b, rate
        As in :func:`single_point_crossover`.
    swap_probability : float, default 0.5
        Probability that a position of a crossed pair is swapped, in [0, 1].
    rng
        As in :func:`single_point_crossover`.

    Returns
    -------
    (ndarray, ndarray)
        The two children of each pair, boolean arrays shaped like the parents: at every
        position one child has ``a``'s bit and the other ``b``'s.

    Examples
    --------
    >>> from patterneval.evolution import uniform_crossover
    >>> a, b = uniform_crossover([[0, 0, 0, 0]], [[1, 1, 1, 1]], rng=0)
    >>> (a ^ b).all()  # each position comes from one parent or the other
    np.True_
    """
    p = check_scalar("swap_probability", swap_probability, float, low=0, high=1)
    a, b, rate, rng = _check_crossover(parents_a, parents_b, rate, rng, min_bits=1)
    return _uniform(a, b, rate, rng, swap_probability=p)


def _uniform(a, b, rate, rng, swap_probability=0.5):
    cross = rng.random(a.shape[0]) < rate
    mask = (rng.random(a.shape) < swap_probability) & cross[:, None]
    return _swap(a, b, mask)


@keywords
def bit_flip_mutation(
    population: ArrayLike,
    rate: float,
    *,
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    r"""Bit-flip mutation (变异): every bit flips independently with probability ``rate``
    (the note's default is :math:`1/l`).

    A schema of order :math:`o` survives (all its fixed bits unchanged) with probability
    :math:`(1 - p_m)^{o}`. One draw ``rng.random(shape)``. :math:`O(n\,l)`.

    Parameters
    ----------
    population : array_like of bool or {0, 1}, shape (n, l)
        One bit string per row.
    rate : float
        Probability :math:`p_m` that each bit flips, in [0, 1].
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    ndarray of bool, shape (n, l)
        The mutated population (a new array).

    Examples
    --------
    >>> from patterneval.evolution import bit_flip_mutation
    >>> bit_flip_mutation([[0, 0, 0, 0]], 1.0, rng=0).astype(int)
    array([[1, 1, 1, 1]])
    """
    pop = check_bit_population(population)
    return _flip(pop, check_scalar("rate", rate, float, low=0, high=1), check_rng(rng))


def _flip(pop, rate, rng):
    return pop ^ (rng.random(pop.shape) < rate)


# --- diversity and sharing ------------------------------------------------------------


def population_diversity(population: ArrayLike) -> float:
    r"""Mean Hamming distance between two distinct members, divided by :math:`l`:

    .. math:: D = \frac{1}{l}\binom{n}{2}^{-1}\sum_{i<j} d_H(x_i, x_j)
              = \frac{n}{n-1}\,\frac{1}{l}\sum_{j=1}^{l} 2 p_j (1-p_j),

    with :math:`p_j` the share of ones at position :math:`j`. 0 for a converged
    population, about 1/2 for a random one. :math:`O(n\,l)`.

    Parameters
    ----------
    population : array_like of bool or {0, 1}, shape (n, l), n >= 2
        One bit string per row.

    Returns
    -------
    float
        :math:`D`, in [0, 1].

    Examples
    --------
    >>> from patterneval.evolution import population_diversity
    >>> population_diversity([[0, 0], [1, 1]])
    1.0
    >>> population_diversity([[1, 0], [1, 0], [1, 0]])
    0.0
    """
    pop = check_bit_population(population, min_rows=2)
    n = pop.shape[0]
    p = pop.mean(axis=0)
    return float(n / (n - 1) * np.mean(2 * p * (1 - p)))


def _diversity_per_generation(populations):
    """:func:`population_diversity` of each population of a (G, n, l) stack, vectorised."""
    n = populations.shape[1]
    p = populations.mean(axis=1)
    return n / (n - 1) * np.mean(2 * p * (1 - p), axis=1)


def shared_fitness(
    population: ArrayLike, fitness: ArrayLike, *, radius: float, alpha: float = 1.0
) -> np.ndarray:
    r"""Fitness sharing (共享机制, Goldberg & Richardson 1987): each member's fitness is
    divided by its niche count,

    .. math:: f'_i = \frac{f_i}{\sum_j \mathrm{sh}(d_{ij})},\qquad
              \mathrm{sh}(d) = \begin{cases}1 - (d/\sigma)^\alpha & d < \sigma\\
              0 & \text{otherwise,}\end{cases}

    with :math:`d_{ij}` the Hamming distance and :math:`\sigma` = ``radius``; crowded
    regions are penalised, so the population spreads over several peaks.
    :math:`O(n^2 l)`.

    Parameters
    ----------
    population : array_like of bool or {0, 1}, shape (n, l)
        One bit string per row.
    fitness : array_like, shape (n,)
        Raw, non-negative fitness of each member (a negative one raises ValueError:
        dividing it by its niche count would raise it, rewarding crowding).
    radius : float
        The niche radius :math:`\sigma` (Hamming distance), > 0.
    alpha : float, default 1.0
        Shape :math:`\alpha` of the sharing function, > 0.

    Returns
    -------
    ndarray, shape (n,)
        The shared fitness :math:`f'_i`.

    Examples
    --------
    >>> from patterneval.evolution import shared_fitness
    >>> shared_fitness([[0, 0], [0, 0], [1, 1]], [4.0, 4.0, 4.0], radius=1.0)
    array([2., 2., 4.])
    """
    pop = check_bit_population(population)
    f = check_fitness_values(fitness, size=pop.shape[0])
    if np.any(f < 0):  # dividing a negative fitness by its niche count would raise it
        raise fail(
            "fitness",
            "non-negative for fitness sharing (dividing a negative fitness by its "
            "niche count would raise it, rewarding crowding)",
            f"minimum {f.min():.6g}",
            echo=False,
            hint="Shift the fitness first.",
        )
    radius = check_scalar("radius", radius, float, low=0, closed="neither")
    alpha = check_scalar("alpha", alpha, float, low=0, closed="neither")
    x = pop.astype(np.int32)
    d = x.shape[1] - (x @ x.T + (1 - x) @ (1 - x).T)
    sh = np.where(d < radius, 1.0 - (d / radius) ** alpha, 0.0)
    return f / sh.sum(axis=1)


# --- schemata -------------------------------------------------------------------------


def schema_order(schema: str) -> int:
    r"""Order (阶) :math:`o(H)`: the number of fixed (``0``/``1``) positions.

    Parameters
    ----------
    schema : str
        The schema over ``{"0", "1", "#"}`` (``#`` matches either bit), one character per bit.

    Returns
    -------
    int
        :math:`o(H)`.

    Examples
    --------
    >>> from patterneval.evolution import schema_order
    >>> schema_order("##1#0")
    2
    """
    s = check_schema(schema)
    return int(sum(c != "#" for c in s))


def defining_length(schema: str) -> int:
    r"""Defining length (定义长度) :math:`\delta(H)`: the distance between the first and the
    last fixed position (0 for order 0 or 1).

    Parameters
    ----------
    schema : str
        As in :func:`schema_order`.

    Returns
    -------
    int
        :math:`\delta(H)`.

    Examples
    --------
    >>> from patterneval.evolution import defining_length
    >>> defining_length("##1#0"), defining_length("1###1"), defining_length("##1##")
    (2, 4, 0)
    """
    s = check_schema(schema)
    fixed = [j for j, c in enumerate(s) if c != "#"]
    return int(fixed[-1] - fixed[0]) if fixed else 0


def schema_matches(schema: str, population: ArrayLike) -> np.ndarray:
    r"""Which members are instances of the schema (match every fixed position).

    Parameters
    ----------
    schema : str
        The schema over ``{"0", "1", "#"}`` (``#`` matches either bit), one character per bit.
    population : array_like of bool or {0, 1}, shape (n, l)
        One bit string per row.

    Returns
    -------
    ndarray of bool, shape (n,)
        True for the members that are instances of the schema.

    Examples
    --------
    >>> from patterneval.evolution import schema_matches
    >>> schema_matches("1#0", [[1, 1, 0], [1, 0, 1], [0, 0, 0]])
    array([ True, False, False])
    """
    pop = check_bit_population(population)
    s = check_schema(schema, length=pop.shape[1])
    fixed = np.array([c != "#" for c in s])
    value = np.array([c == "1" for c in s])
    return np.all((pop == value) | ~fixed, axis=1)


def schema_theorem_bound(
    m: float,
    f_schema: float,
    f_mean: float,
    p_c: float,
    p_m: float,
    order: int,
    defining_length: int,
    length: int,
    *,
    form: str = "linear",
) -> float:
    r"""Holland's schema-theorem lower bound on :math:`E[m(H, t+1)]`.

    ``form="linear"`` (Holland 1975, Goldberg 1989, eq. 2.3):

    .. math:: m\,\frac{f(H)}{\bar f}\Big[1 - p_c\frac{\delta(H)}{l-1} - o(H)\,p_m\Big],

    ``form="product"`` (Mitchell 1997, eq. 9.3; the form of the course notes):

    .. math:: m\,\frac{f(H)}{\bar f}\Big(1 - p_c\frac{\delta(H)}{l-1}\Big)(1-p_m)^{o(H)},

    which is never smaller (Bernoulli's inequality), so both are valid lower bounds for
    fitness-proportional selection of :math:`n` parents, single-point crossover with
    probability :math:`p_c` and bit-flip mutation with rate :math:`p_m`. They ignore
    instances *created* by crossover and mutation, hence "at least". Larger means the
    schema is expected to spread. :math:`O(1)`.

    Parameters
    ----------
    m : float
        Instances of the schema in generation t, :math:`m(H, t) \ge 0`.
    f_schema, f_mean : float
        Mean fitness of those instances and of the whole population (> 0).
    p_c, p_m : float
        Crossover and mutation probabilities in [0, 1].
    order, defining_length, length : int
        :math:`o(H)`, :math:`\delta(H)` and the chromosome length :math:`l \ge 2`;
        :math:`0 \le o(H) \le l`, and :math:`o(H) - 1 \le \delta(H) \le l - 1` for a
        schema of order 2 or more (:math:`\delta(H) = 0` otherwise).
    form : {"linear", "product"}, default "linear", keyword-only
        Which of the two bounds above.

    Returns
    -------
    float
        The lower bound on the expected number of instances in generation t + 1 (it can
        be negative in the linear form, where it says nothing).

    References
    ----------
    .. [1] J. H. Holland, *Adaptation in Natural and Artificial Systems*, University of
       Michigan Press, 1975; MIT Press, 1992, ISBN 978-0-262-58111-0.
    .. [2] D. E. Goldberg, *Genetic Algorithms in Search, Optimization, and Machine
       Learning*, Addison-Wesley, 1989, ISBN 978-0-201-15767-3.

    Examples
    --------
    >>> from patterneval.evolution import schema_theorem_bound
    >>> round(schema_theorem_bound(10, 1.5, 1.0, 0.8, 0.01, 2, 2, 11), 4)
    12.3
    >>> round(schema_theorem_bound(10, 1.5, 1.0, 0.8, 0.01, 2, 2, 11, form="product"), 4)
    12.3493
    """
    form = check_choice("form", form, BOUND_FORMS)
    m = check_scalar("m", m, float, low=0)
    f_schema = check_scalar("f_schema", f_schema, float, low=0)
    f_mean = check_scalar("f_mean", f_mean, float, low=0, closed="neither")
    p_c = check_scalar("p_c", p_c, float, low=0, high=1)
    p_m = check_scalar("p_m", p_m, float, low=0, high=1)
    length = check_scalar("length", length, int, low=2)
    order = check_scalar("order", order, int, low=0, high=length)
    # a schema of order o >= 2 spans o - 1 to l - 1 positions; one of order 0 or 1 spans none
    delta = check_scalar(
        "defining_length",
        defining_length,
        int,
        low=max(order - 1, 0),
        high=length - 1 if order >= 2 else 0,
        hint=f"(the defining lengths of a schema of order {order} on {length} bits)",
    )
    with np.errstate(over="ignore", invalid="ignore"):
        growth = m * f_schema / f_mean
        crossover = p_c * delta / (length - 1)
        if form == "linear":
            bound = float(growth * (1.0 - crossover - order * p_m))
        else:
            bound = float(growth * (1.0 - crossover) * (1.0 - p_m) ** order)
    if not np.isfinite(bound):  # e.g. f_mean = 1e-320: m f(H) / f_mean overflows
        raise fail(
            "m, f_schema and f_mean",
            "such that m f_schema / f_mean is finite",
            f"m={m!r}, f_schema={f_schema!r}, f_mean={f_mean!r}",
            echo=False,
        )
    return bound


# --- the genetic algorithm ------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class GAResult(Result):
    """The run of a genetic algorithm, one entry per generation 0..n_generations.

    Attributes
    ----------
    best_individual : ndarray of bool
        The fittest chromosome seen in any generation (fitness as evaluated, not shared).
    best_fitness : float
        Its fitness.
    best_history, mean_history, diversity_history : ndarray
        Per generation: the best and the mean fitness of the population and its
        :func:`population_diversity`.
    populations : ndarray of bool, shape (n_generations + 1, population_size, n_bits)
        Every population, for schema counts and plots.
    fitness_history : ndarray, shape (n_generations + 1, population_size)
        The fitness of every member of every population.
    n_evaluations : int
        Fitness evaluations made (initial population plus all offspring).
    """

    best_individual: np.ndarray
    best_fitness: float
    best_history: np.ndarray
    mean_history: np.ndarray
    diversity_history: np.ndarray
    populations: np.ndarray
    fitness_history: np.ndarray
    n_evaluations: int


class GeneticAlgorithm:
    r"""A genetic algorithm (遗传算法) on fixed-length bit strings, vectorised over the
    population.

    Parameters
    ----------
    fitness : callable
        ``fitness(population)`` -> one finite real per row of a boolean
        ``(n, n_bits)`` array; larger is better. Roulette selection (and fitness
        sharing) needs non-negative values.
    n_bits : int
        Chromosome length :math:`l \ge 2`.
    population_size : int, keyword-only
        :math:`n \ge 2`.
    selection : {"tournament", "truncation", "roulette"}
    tournament_size : int
        :math:`k` for tournament selection.
    truncation_size : int or None
        ``n_best`` of truncation selection (None: half the population).
    crossover : {"single-point", "two-point", "uniform"}
    crossover_rate, mutation_rate : float in [0, 1]
        :math:`p_c` per pair and :math:`p_m` per bit (None: :math:`1/l`, the note's choice).
    replacement : {"generational", "replace-worst", "preselection", "crowding"}
        See the module docstring.
    elitism : int
        With ``"generational"``: the number of best parents copied unchanged (精英法).
        Ties in fitness (within 1e-12 relative) go to the lowest index, here and when
        ``"replace-worst"`` picks the worst members; tournaments keep the first entrant
        among tied ones.
    n_offspring : int or None
        Children per generation for ``"replace-worst"``, ``"preselection"`` and
        ``"crowding"``. None: ``population_size // 2`` for ``"replace-worst"``, 2 (a
        steady-state GA) for ``"crowding"`` and ``population_size`` for
        ``"preselection"``. Ignored by ``"generational"``.
    crowding_factor : int
        Members compared with each child under ``"crowding"``.
    sharing_radius : float or None
        If set, selection uses :func:`shared_fitness` with this Hamming radius.
    n_generations : int
    rng : None, int or Generator
        The only randomness (SPEC 7's name: this is a search run by :meth:`run`, not a
        scikit-learn estimator with fit/predict, so it does not take ``random_state``).

    Notes
    -----
    One generation costs :math:`O(n\,l)` operations plus one vectorised fitness call
    (:math:`O(n^2 l)` with sharing; crowding loops over its few children).

    Examples
    --------
    >>> from patterneval.evolution import GeneticAlgorithm, onemax
    >>> ga = GeneticAlgorithm(onemax, 20, population_size=30, n_generations=40, rng=0)
    >>> result = ga.run()
    >>> result.best_fitness
    20.0
    """

    def __init__(
        self,
        fitness: Callable,
        n_bits: int,
        *,
        population_size: int = 50,
        selection: Literal["tournament", "truncation", "roulette"] = "tournament",
        tournament_size: int = 2,
        truncation_size: int | None = None,
        crossover: Literal["single-point", "two-point", "uniform"] = "single-point",
        crossover_rate: float = 0.8,
        mutation_rate: float | None = None,
        replacement: Literal[
            "generational", "replace-worst", "preselection", "crowding"
        ] = "generational",
        elitism: int = 0,
        n_offspring: int | None = None,
        crowding_factor: int = 3,
        sharing_radius: float | None = None,
        n_generations: int = 50,
        rng: int | np.random.Generator | None = None,
    ) -> None:
        self.fitness = check_callable("fitness", fitness)
        self.n_bits = check_scalar("n_bits", n_bits, int, low=2)
        n = self.population_size = check_scalar("population_size", population_size, int, low=2)
        at_most_n = f"(at most population_size = {n})"
        self.selection = check_choice("selection", selection, SELECTIONS)
        self.tournament_size = check_scalar("tournament_size", tournament_size, int, low=1)
        self.truncation_size = (
            None
            if truncation_size is None
            else check_scalar(
                "truncation_size", truncation_size, int, low=1, high=n, hint=at_most_n
            )
        )
        self.crossover = check_choice("crossover", crossover, CROSSOVERS)
        if self.crossover == "two-point" and self.n_bits < 3:
            raise fail("n_bits", "at least 3 for two-point crossover", self.n_bits)
        self.crossover_rate = check_scalar("crossover_rate", crossover_rate, float, low=0, high=1)
        self.mutation_rate = (
            1.0 / self.n_bits
            if mutation_rate is None
            else check_scalar("mutation_rate", mutation_rate, float, low=0, high=1)
        )
        self.replacement = check_choice("replacement", replacement, REPLACEMENTS)
        self.elitism = check_scalar(
            "elitism", elitism, int, low=0, high=n - 1, hint=f"(smaller than population_size = {n})"
        )
        if self.elitism and self.replacement != "generational":
            raise fail(
                "elitism",
                "0 unless replacement='generational'",
                self.elitism,
                hint=f"(replacement={self.replacement!r})",
            )
        if n_offspring is None:
            n_offspring = {"replace-worst": max(1, n // 2), "crowding": 2}.get(self.replacement, n)
        self.n_offspring = check_scalar(
            "n_offspring", n_offspring, int, low=1, high=n, hint=at_most_n
        )
        self.crowding_factor = check_scalar(
            "crowding_factor", crowding_factor, int, low=1, high=n, hint=at_most_n
        )
        self.sharing_radius = (
            None
            if sharing_radius is None
            else check_scalar("sharing_radius", sharing_radius, float, low=0, closed="neither")
        )
        self.n_generations = check_scalar("n_generations", n_generations, int, low=0)
        self.rng = check_rng(rng)

    # the pieces of one generation --------------------------------------------------

    def _evaluate(self, pop):
        return check_fitness_values(
            self.fitness(pop),
            size=pop.shape[0],
            name="fitness(population)",
            non_negative=self.selection == "roulette" or self.sharing_radius is not None,
        )

    def _select(self, pop, f, n_select):
        if self.sharing_radius is not None:
            f = shared_fitness(pop, f, radius=self.sharing_radius)
        # the unchecked cores: pop and f are checked by run/step and _evaluate
        if self.selection == "tournament":
            return _tournament(f, n_select, self.tournament_size, self.rng)
        if self.selection == "truncation":
            n_best = (f.size + 1) // 2 if self.truncation_size is None else self.truncation_size
            return _truncation(f, n_select, n_best, self.rng)
        return _roulette(f, n_select, self.rng)

    def _offspring(self, pop, f, n_children):
        """Select, pair, cross and mutate; returns the children and their head parents."""
        n_pairs = (n_children + 1) // 2
        parents = self._select(pop, f, 2 * n_pairs)
        a, b = parents[0::2], parents[1::2]
        operator = {"single-point": _single_point, "two-point": _two_point, "uniform": _uniform}
        child_a, child_b = operator[self.crossover](pop[a], pop[b], self.crossover_rate, self.rng)
        children = np.empty((2 * n_pairs, self.n_bits), dtype=bool)
        children[0::2], children[1::2] = child_a, child_b
        heads = np.empty(2 * n_pairs, dtype=np.intp)
        heads[0::2], heads[1::2] = a, b
        children = _flip(children[:n_children], self.mutation_rate, self.rng)
        return children, heads[:n_children]

    def step(self, pop: np.ndarray, f: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
        """One generation: returns the next population, its fitness and the number of
        fitness evaluations made. ``pop`` is a (population_size, n_bits) array of bits and
        ``f`` its fitness, one finite value per row.

        Parameters
        ----------
        pop : array_like of bool, shape (population_size, n_bits)
            The current population.
        f : array_like of float, shape (population_size,)
            Its fitness, one finite value per row (non-negative under roulette selection
            or fitness sharing).

        Returns
        -------
        population : numpy.ndarray of bool, shape (population_size, n_bits)
            The next population.
        fitness : numpy.ndarray of float, shape (population_size,)
            Its fitness.
        n_evaluations : int
            Fitness evaluations made in the generation (the children evaluated).

        Examples
        --------
        >>> from patterneval.evolution import GeneticAlgorithm, onemax
        >>> ga = GeneticAlgorithm(onemax, 8, population_size=6, n_generations=3, rng=0)
        >>> pop = ga.initial_population()
        >>> new, f, used = ga.step(pop, onemax(pop))
        >>> new.shape, f.shape, used
        ((6, 8), (6,), 6)
        """
        pop = self._check_population(pop, name="pop")
        f = check_fitness_values(
            f,
            size=pop.shape[0],
            name="f",
            non_negative=self.selection == "roulette" or self.sharing_radius is not None,
        )
        return self._step(pop, f)

    def _check_population(self, pop, *, name):
        pop = check_bit_population(pop, name=name)
        if pop.shape != (self.population_size, self.n_bits):
            raise fail(
                name,
                f"an array of shape ({self.population_size}, {self.n_bits}) "
                f"(population_size, n_bits)",
                f"shape {pop.shape}",
                echo=False,
            )
        return pop

    def _step(self, pop, f):
        n = self.population_size
        if self.replacement == "generational":
            children, _ = self._offspring(pop, f, n - self.elitism)
            fc = self._evaluate(children)
            if self.elitism:
                elite = argsort_tied(-f)[: self.elitism]  # ties (1e-12 relative): lowest index
                children = np.concatenate([pop[elite], children])
                fc = np.concatenate([f[elite], fc])
            return children, fc, n - self.elitism
        children, heads = self._offspring(pop, f, self.n_offspring)
        fc = self._evaluate(children)
        pop, f = pop.copy(), f.copy()
        if self.replacement == "replace-worst":
            worst = argsort_tied(f)[: self.n_offspring]  # ties (1e-12 relative): lowest index
            pop[worst], f[worst] = children, fc
        elif self.replacement == "preselection":
            # the fittest child of each parent replaces that parent if it is fitter
            order = np.lexsort((-fc, heads))
            first = np.ones(order.size, dtype=bool)
            first[1:] = heads[order][1:] != heads[order][:-1]
            best = order[first]
            better = fc[best] > f[heads[best]]
            pop[heads[best][better]], f[heads[best][better]] = (
                children[best][better],
                fc[best][better],
            )
        else:  # crowding
            for child, value in zip(children, fc):
                pool = self.rng.choice(n, size=self.crowding_factor, replace=False)
                nearest = pool[np.argmin(np.count_nonzero(pop[pool] != child, axis=1))]
                pop[nearest], f[nearest] = child, value
        return pop, f, self.n_offspring

    def initial_population(self) -> np.ndarray:
        """A uniformly random population (初代种群随机选取), drawn from ``self.rng``.

        Returns
        -------
        numpy.ndarray of bool, shape (population_size, n_bits)
            Each bit is 1 with probability 1/2, independently.

        Examples
        --------
        >>> from patterneval.evolution import GeneticAlgorithm, onemax
        >>> pop = GeneticAlgorithm(onemax, 8, population_size=6, rng=0).initial_population()
        >>> pop.shape, pop.dtype
        ((6, 8), dtype('bool'))
        """
        return self.rng.random((self.population_size, self.n_bits)) < 0.5

    def run(self, population: ArrayLike | None = None) -> GAResult:
        """Evolve for ``n_generations`` from ``population`` (None: a random one).

        Parameters
        ----------
        population : array_like of bool, shape (population_size, n_bits), optional
            The first generation (copied); None draws it with :meth:`initial_population`.

        Returns
        -------
        GAResult
            The best member found, the per-generation histories (``n_generations + 1``
            rows, the first generation included) and the number of fitness evaluations.

        Examples
        --------
        >>> from patterneval.evolution import GeneticAlgorithm, onemax
        >>> ga = GeneticAlgorithm(onemax, 8, population_size=6, n_generations=3, rng=0)
        >>> result = ga.run()
        >>> result.populations.shape, result.n_evaluations
        ((4, 6, 8), 24)
        """
        pop = (
            self.initial_population()
            if population is None
            else self._check_population(population, name="population").copy()
        )
        f = self._evaluate(pop)
        pops, fits, evaluations = [pop], [f], pop.shape[0]
        for _ in range(self.n_generations):
            pop, f, used = self._step(pop, f)
            pops.append(pop)
            fits.append(f)
            evaluations += used
        populations, fitness_history = np.stack(pops), np.stack(fits)
        g, i = np.unravel_index(np.argmax(fitness_history), fitness_history.shape)
        return GAResult(
            best_individual=populations[g, i].copy(),
            best_fitness=float(fitness_history[g, i]),
            best_history=fitness_history.max(axis=1),
            mean_history=_row_means(fitness_history),
            diversity_history=_diversity_per_generation(populations),
            populations=populations,
            fitness_history=fitness_history,
            n_evaluations=int(evaluations),
        )


def _row_means(values):
    """Mean of each row; a row whose sum overflows (fitness near 1e308) is averaged after
    dividing by its largest |value|, so the mean is the finite number it is, not inf."""
    with np.errstate(over="ignore", invalid="ignore"):
        means = values.mean(axis=1)
    for i in np.flatnonzero(~np.isfinite(means)):
        scale = np.max(np.abs(values[i]))
        means[i] = scale * np.mean(values[i] / scale)
    return means


def run_ga(fitness: Callable, n_bits: int, **options: Any) -> GAResult:
    """``GeneticAlgorithm(fitness, n_bits, **options).run()``.

    Parameters
    ----------
    fitness : callable
        Maps a population (bool array, shape (n, l)) to its fitness, shape (n,).
    n_bits : int
        String length l.
    **options
        Keyword arguments of :class:`GeneticAlgorithm` (population size, rates, selection,
        generations, ``rng`` ...).

    Returns
    -------
    GAResult
        The run's best member and per-generation history.

    Examples
    --------
    >>> from patterneval.evolution import onemax, run_ga
    >>> run_ga(onemax, 12, population_size=20, n_generations=30, rng=1).best_fitness
    12.0
    """
    return GeneticAlgorithm(fitness, n_bits, **options).run()


@dataclass(frozen=True, repr=False)
class GAReplicates(Result):
    """Several independent runs of one GA configuration, per generation.

    Attributes
    ----------
    best, mean, diversity : ndarray, shape (n_runs, n_generations + 1)
        Best fitness, mean fitness and :func:`population_diversity` of each run's population.
    best_fitness : ndarray, shape (n_runs,)
        The best fitness each run found.
    """

    best: np.ndarray
    mean: np.ndarray
    diversity: np.ndarray
    best_fitness: np.ndarray


@keywords
def run_ga_replicates(
    fitness: Callable,
    n_bits: int,
    *,
    n_runs: int = 5,
    rng: int | np.random.Generator | None = None,
    **options: Any,
) -> GAReplicates:
    """Run :class:`GeneticAlgorithm` ``n_runs`` times with independent child generators
    (``rng.spawn``) and keep the per-generation curves, e.g. to average them.

    Parameters
    ----------
    fitness, n_bits
        As in :func:`run_ga`.
    n_runs : int, default 5
        Independent runs, >= 1.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).
    **options
        Other keyword arguments of :class:`GeneticAlgorithm`.

    Returns
    -------
    GAReplicates
        The per-generation curves of every run.

    Examples
    --------
    >>> from patterneval.evolution import onemax, run_ga_replicates
    >>> reps = run_ga_replicates(onemax, 10, n_runs=3, population_size=10, n_generations=5, rng=0)
    >>> reps.best.shape
    (3, 6)
    """
    n_runs = check_scalar("n_runs", n_runs, int, low=1)
    runs = [
        GeneticAlgorithm(fitness, n_bits, rng=child, **options).run()
        for child in check_rng(rng).spawn(n_runs)
    ]
    return GAReplicates(
        best=np.stack([r.best_history for r in runs]),
        mean=np.stack([r.mean_history for r in runs]),
        diversity=np.stack([r.diversity_history for r in runs]),
        best_fitness=np.array([r.best_fitness for r in runs]),
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_bit_population(value, *, name: str = "population", min_rows: int = 1) -> np.ndarray:
    """Chromosomes as a 2-d array of bits (bool, or numbers equal to 0 or 1), one row per
    individual, at least ``min_rows`` of them; a 1-d input is one individual. Returns a
    bool array."""
    expected = "a 2-d array of 0/1 bits (one row per individual)"
    if np.isscalar(value):
        raise fail(name, expected, value, error=TypeError)
    arr = check_array(name, value, min_rows=0)
    arr = arr[None, :] if arr.ndim == 1 else arr
    if arr.ndim != 2 or arr.shape[0] < min_rows or arr.shape[1] == 0:
        raise fail(
            name,
            f"{expected} with at least {min_rows} row(s) and 1 bit",
            f"an array of shape {arr.shape}",
            echo=False,
        )
    if np.any((arr != 0) & (arr != 1)):
        raise fail(name, expected, f"values {show(np.unique(arr)[:6].tolist())}", echo=False)
    return arr.astype(bool)


def check_fitness_values(
    values, *, size: int | None = None, name: str = "fitness", non_negative: bool = False
) -> np.ndarray:
    """One finite real fitness per individual (1-d, non-empty, ``size`` entries); with
    ``non_negative`` (roulette selection) every value must be >= 0 and their sum > 0."""
    arr = check_array(name, values, ndim=1, n=size, n_name="population")
    if non_negative and (np.any(arr < 0) or not np.any(arr > 0)):
        with np.errstate(over="ignore"):
            total = arr.sum()
        raise fail(
            name,
            "non-negative with a positive sum for fitness-proportional (roulette) selection",
            f"minimum {arr.min():.6g} and sum {total:.6g}",
            echo=False,
            hint="Shift the fitness or use tournament/truncation selection.",
        )
    return arr


def check_schema(schema, *, length: int | None = None) -> str:
    """A schema: a non-empty string over '0', '1' and '#' (don't care), of ``length``
    positions (one per bit) if given."""
    expected = "a non-empty string over '0', '1', '#'" + (
        "" if length is None else f" of {length} positions (one per bit)"
    )
    if not isinstance(schema, str):
        raise fail("schema", expected, schema, error=TypeError)
    bad = sorted(set(schema) - set("01#"))
    if not schema or bad or (length is not None and len(schema) != length):
        raise fail(
            "schema", expected, schema, hint=f"It holds invalid characters {bad}." if bad else ""
        )
    return schema
