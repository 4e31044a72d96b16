"""patterneval.evolution: GA operators against slow twins and exact distributions, schemata,
the schema theorem against seeded simulation, the GA itself, and bad input."""

import itertools
import warnings
from fractions import Fraction

import numpy as np
import pytest
from _helpers import assert_rejects
from scipy import stats

from patterneval import evolution as E
from patterneval.book import simulation
from patterneval.book.evolution import schema_counts
from patterneval.evolution import (
    GeneticAlgorithm,
    bit_flip_mutation,
    bits_to_real,
    defining_length,
    onemax,
    population_diversity,
    roulette_selection,
    run_ga,
    run_ga_replicates,
    schema_matches,
    schema_order,
    schema_theorem_bound,
    shared_fitness,
    sine_fitness,
    single_point_crossover,
    tournament_selection,
    trap,
    truncation_selection,
    two_point_crossover,
    uniform_crossover,
)


def _bits(s):
    return np.array([c == "1" for c in s])


def _string(bits):
    return "".join("1" if b else "0" for b in bits)


# --- selection: exact distributions ---------------------------------------------------


def test_roulette_probabilities_are_proportional_to_fitness():
    f = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 0.5])
    draws = roulette_selection(f, 60_000, rng=11)
    observed = np.bincount(draws, minlength=f.size)
    p = f / f.sum()
    assert observed[0] == 0  # zero fitness is never drawn
    # chi-square goodness of fit over the members with positive probability
    chi2 = stats.chisquare(observed[1:], p[1:] * draws.size)
    assert chi2.pvalue > 1e-4
    checks = [
        simulation.check_mean((draws == i).astype(float), p[i], label=f"P(select {i})")
        for i in range(1, 6)
    ]
    assert all(c.passed for c in checks), simulation.format_checks(checks)


def test_roulette_slow_twin_same_uniforms():
    f = np.array([3.0, 0.0, 1.0, 6.0])
    u = np.random.default_rng(5).random(500) * f.sum()
    slow = []
    for x in u:  # walk the wheel
        acc = 0.0
        for i, fi in enumerate(f):
            acc += fi
            if x < acc:
                slow.append(i)
                break
    np.testing.assert_array_equal(roulette_selection(f, 500, rng=5), slow)


def _tournament_exact(f, k):
    """Exact winner distribution by enumerating all n^k ordered entrant tuples."""
    n = len(f)
    counts = [Fraction(0)] * n
    for entrants in itertools.product(range(n), repeat=k):
        best = max(f[i] for i in entrants)
        winner = next(i for i in entrants if f[i] == best)
        counts[winner] += 1
    return [c / n**k for c in counts]


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_tournament_closed_form_equals_enumeration(k):
    f = [5.0, 1.0, 4.0, 2.0, 3.0]  # ranks (1 = worst): 5, 1, 4, 2, 3
    n = len(f)
    ranks = stats.rankdata(f).astype(int)
    closed = [Fraction(r**k - (r - 1) ** k, n**k) for r in ranks]
    assert _tournament_exact(f, k) == closed


@pytest.mark.parametrize("k", [2, 3])
def test_tournament_draws_match_closed_form(k):
    f = np.array([5.0, 1.0, 4.0, 2.0, 3.0])
    ranks = stats.rankdata(f)
    n = f.size
    p = (ranks**k - (ranks - 1) ** k) / n**k
    draws = tournament_selection(f, 40_000, size=k, rng=k)
    checks = [
        simulation.check_mean((draws == i).astype(float), p[i], label=f"k={k} P({i})")
        for i in range(n)
    ]
    assert all(c.passed for c in checks), simulation.format_checks(checks)


def test_tournament_ties_are_split_evenly():
    f = [1.0, 2.0, 2.0]
    exact = _tournament_exact(f, 2)
    assert exact == [Fraction(1, 9), Fraction(4, 9), Fraction(4, 9)]
    draws = tournament_selection(f, 30_000, size=2, rng=0)
    assert simulation.check_mean((draws == 1).astype(float), 4 / 9).passed


def test_tournament_slow_twin_same_draws():
    f = np.array([0.3, 2.0, 1.1, 2.0, -4.0])
    entrants = np.random.default_rng(9).integers(0, 5, size=(200, 3))
    slow = []
    for row in entrants:
        best = row[0]
        for i in row[1:]:
            if f[i] > f[best]:
                best = i
        slow.append(best)
    np.testing.assert_array_equal(tournament_selection(f, 200, size=3, rng=9), slow)


def test_truncation_draws_the_top_F_uniformly():
    f = np.array([0.2, 9.0, 3.0, 7.0, 1.0, 8.0])
    draws = truncation_selection(f, 30_000, n_best=3, rng=2)
    assert set(np.unique(draws)) == {1, 3, 5}
    checks = [
        simulation.check_mean((draws == i).astype(float), 1 / 3, label=f"P({i})") for i in (1, 3, 5)
    ]
    assert all(c.passed for c in checks)
    # default keeps half (rounded up); ties at the cut are broken at random
    assert set(np.unique(truncation_selection([1, 1, 1, 0, 0], 500, rng=0))) == {0, 1, 2}
    kept = {
        tuple(np.unique(truncation_selection([2.0, 1.0, 1.0], 200, n_best=2, rng=s)))
        for s in range(20)
    }
    assert kept == {(0, 1), (0, 2)}


def test_selection_pressure_orders_as_expected():
    # expected rank of the selected member grows with the tournament size
    f = np.arange(20.0)
    means = [tournament_selection(f, 20_000, size=k, rng=0).mean() for k in (1, 2, 4, 8)]
    assert np.all(np.diff(means) > 0)
    exact = [
        np.sum(np.arange(1, 21) * (np.arange(1, 21) ** k - np.arange(20) ** k) / 20**k) - 1
        for k in (1, 2, 4, 8)
    ]
    np.testing.assert_allclose(means, exact, atol=0.15)


# --- crossover ------------------------------------------------------------------------


def _slow_single_point(a, b, c):
    sa, sb = _string(a), _string(b)
    return sa[:c] + sb[c:], sb[:c] + sa[c:]


def test_single_point_slow_twin_same_draws():
    rng = np.random.default_rng(0)
    a, b = rng.random((50, 9)) < 0.5, rng.random((50, 9)) < 0.5
    ca, cb = single_point_crossover(a, b, rate=0.6, rng=7)
    g = np.random.default_rng(7)
    cross, cuts = g.random(50) < 0.6, g.integers(1, 9, 50)
    for i in range(50):
        want = (
            _slow_single_point(a[i], b[i], cuts[i]) if cross[i] else (_string(a[i]), _string(b[i]))
        )
        assert (_string(ca[i]), _string(cb[i])) == want


def test_note_single_point_example():
    # note 002: 10 01 x 11 10 -> 1101, 1010 (cut after the second bit)
    children = _slow_single_point(_bits("1001"), _bits("1110"), 2)
    assert set(children) == {"1101", "1010"}


@pytest.mark.parametrize("schema", ["1###1", "#1#0#", "##1##", "10###", "1#0#1"])
def test_single_point_disruption_is_delta_over_l_minus_1_exactly(schema):
    l = len(schema)
    a = _bits(schema.replace("#", "1"))
    b = ~a  # the mate differs everywhere: a cut inside the span always disrupts
    # disrupted: neither child carries all of a's fixed bits (a cut before the span hands
    # them to the second child, a cut after it to the first)
    disrupted = sum(
        not np.any(
            schema_matches(schema, np.array([_bits(x) for x in _slow_single_point(a, b, c)]))
        )
        for c in range(1, l)
    )
    assert Fraction(disrupted, l - 1) == Fraction(defining_length(schema), l - 1)


def test_single_point_disruption_by_simulation():
    schema, l, n = "#1##0###", 8, 40_000
    a = np.tile(_bits("01100000"), (n, 1))
    assert schema_matches(schema, a[:1])[0]
    ca, cb = single_point_crossover(a, ~a, rate=0.7, rng=3)
    lost = (~(schema_matches(schema, ca) | schema_matches(schema, cb))).astype(float)
    assert simulation.check_mean(lost, 0.7 * defining_length(schema) / (l - 1)).passed


def test_two_point_slow_twin_and_segment():
    rng = np.random.default_rng(1)
    a, b = rng.random((40, 7)) < 0.5, rng.random((40, 7)) < 0.5
    ca, cb = two_point_crossover(a, b, rate=0.8, rng=4)
    g = np.random.default_rng(4)
    cross = g.random(40) < 0.8
    cuts = np.sort(g.random((40, 6)).argsort(axis=1)[:, :2] + 1, axis=1)
    for i in range(40):
        sa, sb = _string(a[i]), _string(b[i])
        if cross[i]:
            c1, c2 = cuts[i]
            assert 1 <= c1 < c2 <= 6
            want = (sa[:c1] + sb[c1:c2] + sa[c2:], sb[:c1] + sa[c1:c2] + sb[c2:])
        else:
            want = (sa, sb)
        assert (_string(ca[i]), _string(cb[i])) == want


def test_two_point_cut_pairs_are_uniform():
    n, l = 30_000, 5
    a = np.zeros((n, l), bool)
    ca, _ = two_point_crossover(a, ~a, rng=2)
    pairs = [(c1, c2) for c1 in range(1, l) for c2 in range(c1 + 1, l)]
    seg = [tuple(np.flatnonzero(row)[[0, -1]] + [0, 1]) for row in ca[:2000]]
    assert set(seg) <= set(pairs)
    for c1, c2 in pairs:  # each of the C(l-1, 2) pairs has probability 1/6
        mask = np.zeros(l, bool)
        mask[c1:c2] = True
        hit = np.all(ca == mask, axis=1).astype(float)
        assert simulation.check_mean(hit, 1 / len(pairs)).passed


def test_uniform_crossover_swap_rate_and_conservation():
    n, l = 20_000, 6
    a = np.zeros((n, l), bool)
    ca, cb = uniform_crossover(a, ~a, rate=0.5, swap_probability=0.3, rng=8)
    assert np.all(ca ^ cb)  # every position comes from exactly one parent
    assert simulation.check_mean(ca.mean(axis=1), 0.5 * 0.3).passed
    g = np.random.default_rng(8)
    cross = g.random(n) < 0.5
    mask = (g.random((n, l)) < 0.3) & cross[:, None]
    np.testing.assert_array_equal(ca, mask)


def test_rate_zero_copies_parents():
    rng = np.random.default_rng(0)
    a, b = rng.random((10, 5)) < 0.5, rng.random((10, 5)) < 0.5
    for op in (single_point_crossover, two_point_crossover, uniform_crossover):
        ca, cb = op(a, b, rate=0.0, rng=1)
        np.testing.assert_array_equal(ca, a)
        np.testing.assert_array_equal(cb, b)


# --- mutation -------------------------------------------------------------------------


@pytest.mark.parametrize("order", [0, 1, 3, 5])
def test_mutation_survival_exact_by_enumeration(order):
    p = Fraction(1, 7)
    # sum over all flip patterns of the o fixed bits: only "no flip" keeps the schema
    total = sum(
        p ** sum(flips) * (1 - p) ** (order - sum(flips))
        for flips in itertools.product((0, 1), repeat=order)
        if not any(flips)
    )
    assert total == (1 - p) ** order


def test_mutation_survival_by_simulation():
    schema, pm, n = "1#0#11##", 0.08, 40_000
    pop = np.tile(_bits("11001100"), (n, 1))
    survived = schema_matches(schema, bit_flip_mutation(pop, pm, rng=6)).astype(float)
    assert simulation.check_mean(survived, (1 - pm) ** schema_order(schema)).passed
    flips = (bit_flip_mutation(pop, pm, rng=6) != pop).astype(float).ravel()
    assert simulation.check_mean(flips, pm).passed


def test_mutation_slow_twin():
    pop = np.random.default_rng(0).random((5, 4)) < 0.5
    u = np.random.default_rng(2).random((5, 4))
    slow = np.array(
        [[(not x) if ui < 0.3 else x for x, ui in zip(row, urow)] for row, urow in zip(pop, u)]
    )
    np.testing.assert_array_equal(bit_flip_mutation(pop, 0.3, rng=2), slow)
    assert not bit_flip_mutation(pop, 0.0, rng=1).__ne__(pop).any()


# --- schemata -------------------------------------------------------------------------


def test_schema_measures_note_examples():
    assert schema_order("##1#0") == 2 and defining_length("##1#0") == 2
    assert schema_order("####") == 0 and defining_length("####") == 0
    assert defining_length("1####0") == 5 and schema_order("1####0") == 2


def test_schema_matches_slow_twin():
    pop = np.random.default_rng(3).random((64, 6)) < 0.5
    for schema in ("1#0###", "######", "010101", "#1##1#"):
        slow = [
            all(s == "#" or s == ("1" if x else "0") for s, x in zip(schema, row)) for row in pop
        ]
        np.testing.assert_array_equal(schema_matches(schema, pop), slow)
    # a schema of order o has 2^(l-o) instances
    every = np.array(list(itertools.product((0, 1), repeat=6)), bool)
    assert schema_matches("1#0##1", every).sum() == 2**3


def test_bound_forms():
    assert schema_theorem_bound(10, 1.5, 1.0, 0.8, 0.01, 2, 2, 11) == pytest.approx(
        15 * (1 - 0.16 - 0.02)
    )
    grid = itertools.product([0.0, 0.3, 1.0], [0.0, 0.05, 0.5], [0, 1, 3], [2, 5])
    for p_c, p_m, order, delta in grid:
        delta = 0 if order < 2 else max(delta, order - 1)
        lin = schema_theorem_bound(4, 2.0, 1.0, p_c, p_m, order, delta, 8)
        prod = schema_theorem_bound(4, 2.0, 1.0, p_c, p_m, order, delta, 8, form="product")
        assert prod >= lin - 1e-12
        assert prod == pytest.approx(8 * (1 - p_c * delta / 7) * (1 - p_m) ** order)


def test_selection_alone_gives_the_expectation_exactly():
    pop = np.random.default_rng(0).random((24, 10)) < 0.5
    check = schema_counts(
        onemax, pop, "1#1#######", crossover_rate=0.0, mutation_rate=0.0, n_runs=1500, rng=3
    )
    assert simulation.check_mean(check.counts, check.selection_only).passed
    assert check.bound == pytest.approx(check.selection_only)


@pytest.mark.parametrize("schema", ["11########", "1########1", "###0#1####", "#1#1#1####"])
def test_schema_theorem_bound_holds_and_is_not_vacuous(schema):
    pop = np.random.default_rng(0).random((30, 10)) < 0.5
    check = schema_counts(
        onemax, pop, schema, crossover_rate=0.9, mutation_rate=0.05, n_runs=800, rng=1
    )
    assert check.bound_holds
    diff = check.counts - check.bound_product
    # one-sided: the mean count is not significantly below the bound
    assert diff.mean() >= -4 * diff.std(ddof=1) / np.sqrt(diff.size)
    if defining_length(schema) < 9:
        assert check.bound > 0.3 * check.m  # a bound that says something
    assert check.m == schema_matches(schema, pop).sum()
    assert check.f_mean == pytest.approx(onemax(pop).mean())


def test_schema_theorem_over_generations():
    # E[m(t+1)] >= E[bound(P_t)] averaged over seeded runs: paired differences per generation
    schema, diffs = "11########", []
    for seed in range(60):
        ga = GeneticAlgorithm(
            onemax,
            10,
            population_size=20,
            selection="roulette",
            crossover_rate=0.8,
            mutation_rate=0.02,
            n_generations=6,
            rng=seed,
        )
        r = ga.run()
        row = []
        for t in range(6):
            inside = schema_matches(schema, r.populations[t])
            m = inside.sum()
            fH = r.fitness_history[t][inside].mean() if m else 0.0
            b = schema_theorem_bound(m, fH, r.fitness_history[t].mean(), 0.8, 0.02, 2, 1, 10)
            row.append(schema_matches(schema, r.populations[t + 1]).sum() - b)
        diffs.append(row)
    diffs = np.array(diffs)
    assert np.all(diffs.mean(axis=0) >= -4 * diffs.std(axis=0, ddof=1) / np.sqrt(len(diffs)))


# --- fitness functions and helpers ----------------------------------------------------


def test_fitness_functions_against_slow_twins():
    pop = np.random.default_rng(0).random((30, 12)) < 0.5
    np.testing.assert_array_equal(onemax(pop), [sum(row) for row in pop])

    def slow_trap(row, k):
        total = 0
        for j in range(0, len(row), k):
            u = sum(row[j : j + k])
            total += k if u == k else k - 1 - u
        return total

    for k in (2, 3, 4):
        np.testing.assert_array_equal(trap(pop, block=k), [slow_trap(list(r), k) for r in pop])
    assert trap(np.ones((1, 12)), block=4)[0] == 12 and trap(np.zeros((1, 12)), block=4)[0] == 9
    x = bits_to_real(pop, low=-1, high=2)
    slow = [-1 + 3 * int(_string(r), 2) / (2**12 - 1) for r in pop]
    np.testing.assert_allclose(x, slow)
    np.testing.assert_allclose(
        sine_fitness(pop), np.array(slow) * np.sin(10 * np.pi * np.array(slow)) + 2
    )
    assert np.all(sine_fitness(np.random.default_rng(1).random((500, 16)) < 0.5) >= 0)


def test_diversity_and_sharing_slow_twins():
    pop = np.random.default_rng(4).random((9, 7)) < 0.5
    n, l = pop.shape
    pairs = [np.sum(pop[i] != pop[j]) for i in range(n) for j in range(i + 1, n)]
    assert population_diversity(pop) == pytest.approx(np.mean(pairs) / l)
    f = np.arange(1.0, n + 1)
    for radius in (1.0, 2.5, 8.0):
        slow = []
        for i in range(n):
            niche = sum(max(0.0, 1 - (np.sum(pop[i] != pop[j]) / radius) ** 2) for j in range(n))
            slow.append(f[i] / niche)
        np.testing.assert_allclose(shared_fitness(pop, f, radius=radius, alpha=2.0), slow)


# --- the genetic algorithm ------------------------------------------------------------


def test_ga_solves_onemax_and_is_deterministic():
    r1 = run_ga(onemax, 30, population_size=40, n_generations=60, rng=5)
    r2 = run_ga(onemax, 30, population_size=40, n_generations=60, rng=5)
    assert r1.best_fitness == 30.0 and r1.best_individual.all()
    np.testing.assert_array_equal(r1.populations, r2.populations)
    r3 = run_ga(onemax, 30, population_size=40, n_generations=60, rng=6)
    assert not np.array_equal(r1.populations, r3.populations)
    assert r1.mean_history[-1] > r1.mean_history[0] + 8
    assert r1.diversity_history[-1] < r1.diversity_history[0]
    assert r1.n_evaluations == 40 * 61
    assert r1.populations.shape == (61, 40, 30) and r1.fitness_history.shape == (61, 40)
    np.testing.assert_array_equal(r1.fitness_history, [onemax(p) for p in r1.populations])


@pytest.mark.parametrize("selection", E.SELECTIONS)
@pytest.mark.parametrize("crossover", E.CROSSOVERS)
@pytest.mark.parametrize("replacement", E.REPLACEMENTS)
def test_every_combination_runs_and_improves(selection, crossover, replacement):
    r = run_ga(
        onemax,
        16,
        population_size=20,
        selection=selection,
        crossover=crossover,
        replacement=replacement,
        n_generations=25,
        rng=0,
    )
    assert r.populations.dtype == bool and r.populations.shape == (26, 20, 16)
    np.testing.assert_array_equal(r.fitness_history, r.populations.sum(axis=2))
    assert r.best_fitness >= r.best_history[0]
    if replacement != "crowding":  # crowding makes only two children a generation
        assert r.mean_history[-1] >= r.mean_history[0]


def test_elitist_and_replace_worst_never_lose_the_best():
    for opts in ({"elitism": 1}, {"replacement": "replace-worst"}, {"replacement": "preselection"}):
        r = run_ga(
            trap,
            12,
            population_size=16,
            selection="roulette",
            mutation_rate=0.2,
            n_generations=30,
            rng=2,
            **opts,
        )
        assert np.all(np.diff(r.best_history) >= 0), opts
    # preselection: a slot's fitness never decreases
    r = run_ga(onemax, 12, population_size=16, replacement="preselection", n_generations=20, rng=0)
    assert np.all(np.diff(r.fitness_history, axis=0) >= 0)
    # generational without elitism can lose it at a high mutation rate
    r = run_ga(onemax, 12, population_size=16, mutation_rate=0.3, n_generations=30, rng=0)
    assert np.any(np.diff(r.best_history) < 0)


def test_replace_worst_slow_twin_of_one_step():
    ga = GeneticAlgorithm(
        onemax, 8, population_size=10, replacement="replace-worst", n_offspring=4, rng=0
    )
    pop = ga.initial_population()
    f = onemax(pop)
    twin = GeneticAlgorithm(
        onemax, 8, population_size=10, replacement="replace-worst", n_offspring=4, rng=0
    )
    twin.initial_population()
    children, _ = twin._offspring(pop, f, 4)
    new, fn, used = ga.step(pop, f)
    assert used == 4
    worst = sorted(range(10), key=lambda i: (f[i], i))[:4]
    expected = pop.copy()
    for slot, child in zip(worst, children):
        expected[slot] = child
    np.testing.assert_array_equal(new, expected)
    np.testing.assert_array_equal(fn, onemax(new))


def test_crowding_replaces_the_nearest_and_keeps_diversity():
    ga = GeneticAlgorithm(
        onemax,
        10,
        population_size=12,
        replacement="crowding",
        crowding_factor=12,
        n_offspring=1,
        rng=1,
    )
    pop = ga.initial_population()
    f = onemax(pop)
    new, _, _ = ga.step(pop, f)
    changed = np.flatnonzero(np.any(new != pop, axis=1))
    if changed.size:
        (slot,) = changed
        d = np.count_nonzero(pop != new[slot], axis=1)
        assert d[slot] == d.min()  # with CF = n the nearest of the whole population

    # on a two-peak function crowding keeps both peaks longer than generational replacement
    def two_peaks(p):
        ones = p.sum(axis=1)
        return np.maximum(ones, p.shape[1] - ones).astype(float)

    div = {
        rep: np.mean(
            [
                run_ga(
                    two_peaks, 20, population_size=30, replacement=rep, n_generations=40, rng=s
                ).diversity_history[-1]
                for s in range(5)
            ]
        )
        for rep in ("generational", "crowding")
    }
    assert div["crowding"] > div["generational"]


def test_sharing_spreads_the_population():
    def two_peaks(p):
        ones = p.sum(axis=1)
        return np.maximum(ones, p.shape[1] - ones).astype(float)

    def peak_share(**opts):
        shares = []
        for s in range(4):
            r = run_ga(
                two_peaks,
                16,
                population_size=40,
                selection="roulette",
                n_generations=40,
                rng=s,
                **opts,
            )
            ones = r.populations[-1].sum(axis=1)
            shares.append(min(np.mean(ones > 8), np.mean(ones < 8)))
        return np.mean(shares)

    assert peak_share(sharing_radius=8.0) > peak_share()


def test_result_repr_and_frozen():
    r = run_ga(onemax, 6, population_size=4, n_generations=2, rng=0)
    assert repr(r).startswith("GAResult(best_individual=")
    with pytest.raises(AttributeError):
        r.best_fitness = 0.0
    c = schema_counts(
        onemax, r.populations[0], "1#####", crossover_rate=0.5, mutation_rate=0.1, n_runs=10, rng=0
    )
    assert "SchemaCountCheck" in c._repr_html_()


def test_run_from_a_given_population():
    pop = np.zeros((6, 5), bool)
    r = GeneticAlgorithm(
        onemax, 5, population_size=6, mutation_rate=0.0, n_generations=5, rng=0
    ).run(pop)
    assert r.best_fitness == 0.0  # nothing can create a one without mutation


# --- bad input ------------------------------------------------------------------------

POP = np.zeros((4, 5), bool)
F = [1.0, 2.0, 3.0]

CASES = [
    (onemax, ("0101",), {}, TypeError, "population"),
    (onemax, ([[0, 2, 1]],), {}, ValueError, "population must be a 2-d array of 0/1 bits"),
    (onemax, (np.zeros((2, 2, 2)),), {}, ValueError, "2-d"),
    (onemax, ([["a", "b"]],), {}, TypeError, "population must be an array of real numbers"),
    (trap, (POP,), {"block": 3}, ValueError, "block"),
    (trap, (POP,), {"block": 1}, ValueError, "block"),
    (bits_to_real, (POP,), {"low": 2.0, "high": 1.0}, ValueError, "low"),
    (sine_fitness, (None,), {}, TypeError, "population"),
    (tournament_selection, (F, 3), {"size": 0}, ValueError, "size"),
    (tournament_selection, ([], 3), {}, ValueError, "fitness"),
    (tournament_selection, ([1.0, np.nan], 3), {}, ValueError, "NaN"),
    (tournament_selection, (F, 2.5), {}, TypeError, "n_select"),
    (tournament_selection, (F, 2), {"rng": "x"}, TypeError, "rng"),
    (truncation_selection, (F, 3), {"n_best": 4}, ValueError, "n_best"),
    (truncation_selection, ([[1.0]], 3), {}, ValueError, "fitness"),
    (roulette_selection, ([1.0, -0.5], 3), {}, ValueError, "roulette"),
    (roulette_selection, ([0.0, 0.0], 3), {}, ValueError, "non-negative with a positive sum"),
    (roulette_selection, (["a"], 3), {}, TypeError, "fitness"),
    (single_point_crossover, (POP, POP[:3]), {}, ValueError, "same shape"),
    (single_point_crossover, (POP, POP), {"rate": 1.5}, ValueError, "rate"),
    (single_point_crossover, (POP[:, :1], POP[:, :1]), {}, ValueError, "at least 2"),
    (two_point_crossover, (POP[:, :2], POP[:, :2]), {}, ValueError, "at least 3"),
    (two_point_crossover, (POP, POP), {"rate": -0.1}, ValueError, "rate"),
    (uniform_crossover, (POP, POP), {"swap_probability": 2}, ValueError, "swap_probability"),
    (uniform_crossover, (POP, "x"), {}, TypeError, "parents_b"),
    (bit_flip_mutation, (POP, 1.2), {}, ValueError, "rate"),
    (bit_flip_mutation, (POP, "0.1"), {}, TypeError, "rate"),
    (population_diversity, (POP[:1],), {}, ValueError, "population"),
    (shared_fitness, (POP, F), {"radius": 1.0}, ValueError, "fitness"),
    (shared_fitness, (POP, [1.0] * 4), {"radius": 0.0}, ValueError, "radius"),
    (schema_order, ("10*#",), {}, ValueError, "invalid characters"),
    (schema_order, (101,), {}, TypeError, "schema"),
    (defining_length, ("",), {}, ValueError, "schema"),
    (schema_matches, ("1#", POP), {}, ValueError, "positions"),
    (schema_matches, ("1#x##", POP), {}, ValueError, "schema"),
    (schema_theorem_bound, (5, 1.0, 1.0, 1.2, 0.1, 2, 2, 10), {}, ValueError, "p_c"),
    (schema_theorem_bound, (5, 1.0, 1.0, 0.5, -0.1, 2, 2, 10), {}, ValueError, "p_m"),
    (schema_theorem_bound, (5, 1.0, 0.0, 0.5, 0.1, 2, 2, 10), {}, ValueError, "f_mean"),
    (schema_theorem_bound, (-1, 1.0, 1.0, 0.5, 0.1, 2, 2, 10), {}, ValueError, "m"),
    (schema_theorem_bound, (5, 1.0, 1.0, 0.5, 0.1, 2, 12, 10), {}, ValueError, "defining_length"),
    (schema_theorem_bound, (5, 1.0, 1.0, 0.5, 0.1, 1, 3, 10), {}, ValueError, "defining length"),
    (schema_theorem_bound, (5, 1.0, 1.0, 0.5, 0.1, 2, 2, 1), {}, ValueError, "length"),
    (
        schema_theorem_bound,
        (5, 1.0, 1.0, 0.5, 0.1, 2, 2, 10),
        {"form": "exact"},
        ValueError,
        "form",
    ),
    (run_ga, (onemax, 10), {"population_size": 1}, ValueError, "population_size"),
    (run_ga, (onemax, 10), {"crossover_rate": 1.1}, ValueError, "crossover_rate"),
    (run_ga, (onemax, 10), {"mutation_rate": -0.2}, ValueError, "mutation_rate"),
    (run_ga, (onemax, 10), {"selection": "rank"}, ValueError, "selection"),
    (run_ga, (onemax, 10), {"crossover": "one-point"}, ValueError, "crossover"),
    (run_ga, (onemax, 10), {"replacement": "niche"}, ValueError, "replacement"),
    (run_ga, (onemax, 10), {"replacement": "crowding", "elitism": 1}, ValueError, "elitism"),
    (run_ga, (onemax, 10), {"population_size": 4, "elitism": 4}, ValueError, "elitism"),
    (
        run_ga,
        (onemax, 10),
        {"population_size": 4, "n_offspring": 5, "replacement": "replace-worst"},
        ValueError,
        "n_offspring",
    ),
    (run_ga, (onemax, 1), {}, ValueError, "n_bits"),
    (run_ga, (onemax, 2), {"crossover": "two-point"}, ValueError, "two-point"),
    (run_ga, ("onemax", 10), {}, TypeError, "fitness"),
    (
        run_ga,
        (lambda p: p.sum(axis=1) - 100.0, 10),
        {"selection": "roulette"},
        ValueError,
        "roulette",
    ),
    (run_ga, (lambda p: np.ones(3), 10), {}, ValueError, "fitness"),
    (run_ga, (onemax, 10), {"truncation_size": 100}, ValueError, "truncation_size"),
    (
        run_ga,
        (onemax, 10),
        {"population_size": 4, "crowding_factor": 5},
        ValueError,
        "crowding_factor",
    ),
    (run_ga, (onemax, 10), {"sharing_radius": -1.0}, ValueError, "sharing_radius"),
    (run_ga, (onemax, 10), {"n_generations": -1}, ValueError, "n_generations"),
    (run_ga_replicates, (onemax, 10), {"n_runs": 0}, ValueError, "n_runs"),
    (run_ga_replicates, (onemax, 10), {"selection": "best"}, ValueError, "selection"),
    (
        schema_counts,
        (onemax, POP, "1###"),
        {"crossover_rate": 0.5, "mutation_rate": 0.1},
        ValueError,
        "positions",
    ),
    (
        schema_counts,
        (onemax, POP, "1####"),
        {"crossover_rate": 0.5, "mutation_rate": 0.1},
        ValueError,
        "non-negative with a positive sum",
    ),
    (
        schema_counts,
        (onemax, POP[:1], "1####"),
        {"crossover_rate": 0.5, "mutation_rate": 0.1},
        ValueError,
        "population",
    ),
    (
        schema_counts,
        (onemax, ~POP, "1####"),
        {"crossover_rate": 0.5, "mutation_rate": 0.1, "n_runs": 1},
        ValueError,
        "n_runs",
    ),
]


@pytest.mark.parametrize("func, args, kwargs, exc, word", CASES)
def test_bad_input(func, args, kwargs, exc, word):
    assert_rejects(exc, word, func, *args, **kwargs)


def test_run_rejects_a_population_of_the_wrong_shape():
    with pytest.raises(ValueError, match=r"population must be an array of shape \(4, 5\)"):
        GeneticAlgorithm(onemax, 5, population_size=4).run(np.zeros((3, 5), bool))


def test_replicates_are_independent_runs():
    from patterneval.evolution import run_ga_replicates

    reps = run_ga_replicates(onemax, 12, n_runs=3, population_size=10, n_generations=8, rng=4)
    children = np.random.default_rng(4).spawn(3)
    for i, child in enumerate(children):
        r = run_ga(onemax, 12, population_size=10, n_generations=8, rng=child)
        np.testing.assert_array_equal(reps.best[i], r.best_history)
        np.testing.assert_allclose(
            reps.diversity[i], [population_diversity(p) for p in r.populations]
        )
        assert reps.best_fitness[i] == r.best_fitness
    with pytest.raises(ValueError, match="n_runs"):
        run_ga_replicates(onemax, 12, n_runs=0)


@pytest.mark.parametrize("schema", ["1#1####", "1#####0", "#1###1#", "##11###"])
def test_two_point_disruption_of_order_two_schemata(schema):
    # chapter, exercise 2: delta (l - 1 - delta) / C(l - 1, 2), by enumerating all cut pairs
    l, delta = len(schema), defining_length(schema)
    a = _bits(schema.replace("#", "1"))
    b = ~a
    disrupted = 0
    pairs = list(itertools.combinations(range(1, l), 2))
    for c1, c2 in pairs:
        sa, sb = _string(a), _string(b)
        children = [sa[:c1] + sb[c1:c2] + sa[c2:], sb[:c1] + sa[c1:c2] + sb[c2:]]
        disrupted += not schema_matches(schema, np.array([_bits(x) for x in children])).any()
    assert Fraction(disrupted, len(pairs)) == Fraction(delta * (l - 1 - delta), len(pairs))


# ---------------------------------------------------------------- tie rules
def test_selection_ties_within_rounding_are_ties():
    from patterneval.evolution import tournament_selection, truncation_selection

    f = np.array([0.3, 0.1 + 0.2, 0.0])  # equal in exact arithmetic, not in binary
    draws = tournament_selection(f, 4000, size=2, rng=0)
    # a tied pair keeps its first entrant, so both members win equally often
    share = np.mean(draws == 1) / np.mean(draws != 2)
    assert 0.45 < share < 0.55
    # truncation with n_best=1 picks among the tied best at random, not always the larger
    picks = {int(truncation_selection(f, 1, n_best=1, rng=seed)[0]) for seed in range(40)}
    assert picks == {0, 1}


def test_ga_elitism_is_invariant_to_rounding_of_tied_fitness():
    from patterneval.evolution import GeneticAlgorithm

    ga = GeneticAlgorithm(lambda p: p.sum(axis=1) * 0.1, 6, population_size=6, elitism=2, rng=0)
    pop = np.array([[1, 1, 1, 0, 0, 0]] * 3 + [[0] * 6] * 3, dtype=bool)
    f = np.array([0.3, 0.1 + 0.2, 0.30000000000000004, 0.0, 0.0, 0.0])
    new_pop, new_f, _ = ga.step(pop, f)
    np.testing.assert_array_equal(new_f[:2], f[:2])  # the two lowest indices among the tied best


# ---- decoding, roulette and sharing without a silent NaN, inf or inverted penalty
def test_bits_to_real_without_overflow():
    pop = [[0, 0, 0], [1, 1, 1], [1, 0, 0]]
    wide = bits_to_real(pop, low=-1e308, high=1e308)  # high - low overflows
    assert np.all(np.isfinite(wide))
    assert wide.tolist() == pytest.approx([-1e308, 1e308, 1e308 / 7])  # 4/7 of the way up
    long = np.zeros((2, 1100), dtype=int)  # 2^1100 overflows
    long[0, 0], long[1] = 1, 1
    assert bits_to_real(long, low=0.0, high=1.0).tolist() == pytest.approx([0.5, 1.0])


def test_roulette_with_a_sum_that_overflows_keeps_the_shares():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # handled, so no overflow RuntimeWarning reaches the caller
        huge = E.roulette_selection([1e308, 1e308, 0.0, 3e307], 50, rng=4)
    plain = E.roulette_selection([1.0, 1.0, 0.0, 0.3], 50, rng=4)
    assert np.array_equal(huge, plain)


def test_sharing_refuses_negative_fitness():
    # f / niche count would move a negative fitness up, towards 0: crowding rewarded
    with pytest.raises(ValueError, match=r"^fitness must be non-negative for fitness sharing"):
        E.shared_fitness([[0, 0], [0, 0], [1, 1]], [-4.0, -4.0, 1.0], radius=1.0)


def test_ga_mean_fitness_near_the_largest_float_is_finite():
    # the sum of four fitness values of 1e308 overflows; their mean does not
    result = run_ga(
        lambda pop: np.full(len(pop), 1e308), 6, population_size=4, n_generations=2, rng=0
    )
    assert result.mean_history.tolist() == [1e308] * 3
    pop = np.random.default_rng(0).random((20, 8)) < 0.5
    check = schema_counts(
        lambda p: onemax(p) * 1e307,
        pop,
        "11######",
        crossover_rate=0.7,
        mutation_rate=0.02,
        n_runs=20,
        rng=1,
    )
    assert np.isfinite(check.f_mean) and check.f_mean == pytest.approx(onemax(pop).mean() * 1e307)
