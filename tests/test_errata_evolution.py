"""Errata of note 002, section 演化学习 (chapter "Evolutionary learning"), shown numerically.

1. The derivation says a schema instance *is* still an instance after crossover with
   probability 1 - p_c d(s)/(l-1). That is only a lower bound: a cut inside the defining
   span need not destroy the schema when the mate agrees on the fixed bits. (The final
   inequality of the note is right; this step should be ">=".)
2. The verbal schema theorem ("low-order, short, above-average schemata increase") is not
   unconditional: the bound grows only if f(H)/f_bar exceeds 1 / [(1 - p_c d/(l-1))(1-p_m)^o],
   and the actual expected count of an above-average order-1 schema of defining length 0
   can fall.
3. Mutation is described as "pick one bit of the chromosome and flip it (probability
   1/length)". Flipping exactly one random bit keeps a schema of order o with probability
   1 - o/l, not the (1 - p_m)^o the derivation uses: that factor belongs to independent
   per-bit flips with rate p_m = 1/l.
"""

from fractions import Fraction

import numpy as np
import pytest

from patterneval.book import simulation
from patterneval.book.evolution import schema_counts
from patterneval.evolution import (
    bit_flip_mutation,
    defining_length,
    onemax,
    schema_matches,
    schema_order,
    schema_theorem_bound,
    single_point_crossover,
)


def _bits(s):
    return np.array([c == "1" for c in s])


def test_crossover_survival_is_a_bound_not_an_equality():
    schema, l = "1###1", 5
    a, b = _bits("11111"), _bits("00001")  # the mate shares the last fixed bit
    survived = 0
    for c in range(1, l):
        children = np.array([np.r_[a[:c], b[c:]], np.r_[b[:c], a[c:]]])
        survived += bool(schema_matches(schema, children).any())
    note = 1 - Fraction(defining_length(schema), l - 1)  # p_c = 1
    assert note == 0 and Fraction(survived, l - 1) == 1  # survives every cut
    # by simulation with the library's operator: survival 1 against the note's 0
    n = 5000
    ca, cb = single_point_crossover(np.tile(a, (n, 1)), np.tile(b, (n, 1)), rng=0)
    assert np.all(schema_matches(schema, ca) | schema_matches(schema, cb))
    # with a mate that differs everywhere the note's value is exact
    survived = sum(
        bool(schema_matches(schema, np.array([np.r_[a[:c], ~a[c:]], np.r_[~a[:c], a[c:]]])).any())
        for c in range(1, l)
    )
    assert survived == 0


def _order_one_expectation(m, f_schema, f_mean, n, p_m):
    """Exact E[m(H, t+1)] for an order-1 schema under roulette selection, any crossover
    (it only moves the fixed position between the two children) and bit-flip mutation."""
    p = m * f_schema / (n * f_mean)
    return n * (p * (1 - p_m) + (1 - p) * p_m)


def test_above_average_short_low_order_schema_can_shrink():
    pop = np.array([_bits("1100")] * 9 + [_bits("0100")])
    f = onemax(pop)
    inside = schema_matches("1###", pop)
    m, f_h, f_bar = inside.sum(), f[inside].mean(), f.mean()
    assert f_h > f_bar and schema_order("1###") == 1 and defining_length("1###") == 0
    exact = _order_one_expectation(m, f_h, f_bar, len(pop), 0.1)
    assert exact < m  # expected to *lose* instances
    bound = schema_theorem_bound(m, f_h, f_bar, 0.8, 0.1, 1, 0, 4, form="product")
    assert bound < exact < m
    check = schema_counts(
        onemax, pop, "1###", crossover_rate=0.8, mutation_rate=0.1, n_runs=4000, rng=0
    )
    assert simulation.check_mean(check.counts, exact).passed
    assert check.observed_mean + 4 * check.std_error < m


def test_growth_needs_the_threshold():
    # the bound's factor exceeds 1 only above this fitness ratio
    p_c, p_m, o, d, l = 0.8, 0.01, 3, 6, 11
    threshold = 1 / ((1 - p_c * d / (l - 1)) * (1 - p_m) ** o)
    assert threshold > 1.9
    assert schema_theorem_bound(10, 1.8, 1.0, p_c, p_m, o, d, l, form="product") < 10


@pytest.mark.parametrize("order, length", [(1, 10), (3, 10), (5, 8)])
def test_one_random_bit_flip_is_not_per_bit_mutation(order, length):
    exact_one_flip = Fraction(length - order, length)  # the flipped bit avoids the fixed ones
    per_bit = (1 - Fraction(1, length)) ** order
    if order > 1:
        assert exact_one_flip < per_bit
    else:
        assert exact_one_flip == per_bit
    # simulation of both operators
    schema = "1" * order + "#" * (length - order)
    n = 30_000
    pop = np.ones((n, length), bool)
    rng = np.random.default_rng(order)
    one_flip = pop.copy()
    one_flip[np.arange(n), rng.integers(0, length, n)] ^= True
    kept_one = schema_matches(schema, one_flip).astype(float)
    assert simulation.check_mean(kept_one, float(exact_one_flip)).passed
    kept_per_bit = schema_matches(schema, bit_flip_mutation(pop, 1 / length, rng=order)).astype(
        float
    )
    assert simulation.check_mean(kept_per_bit, float(per_bit)).passed
