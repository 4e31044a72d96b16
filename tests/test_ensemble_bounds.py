"""patterneval.ensemble.bounds: exact majority-vote error, Hoeffding's bound, correlated voters."""

import math
from fractions import Fraction

import numpy as np
import pytest
from _helpers import assert_rejects
from scipy import stats

from patterneval.book import simulation
from patterneval.book.why_ensembles_work import simulate_correlated_vote
from patterneval.ensemble import bounds as B
from patterneval.ensemble.bounds import (
    correlated_vote_error,
    hoeffding_bound,
    majority_vote_error,
)

EPS_GRID = np.linspace(0.0, 1.0, 41)
T_GRID = np.arange(1, 62)


# --- slow, obviously correct twins ---------------------------------------------------


def _slow_majority(eps, T, tie_weight):
    """Exact rational sum over k of C(T, k) eps^k (1 - eps)^(T - k), by the definition."""
    e = Fraction(eps).limit_denominator(10**9)
    total = Fraction(0)
    for k in range(T + 1):
        p = math.comb(T, k) * e**k * (1 - e) ** (T - k)
        if 2 * k > T:
            total += p
        elif 2 * k == T:
            total += Fraction(tie_weight) * p
    return float(total)


def _slow_simulation(eps, T_list, rho, n_datasets, tie_weight, seed):
    """One example at a time, one voter at a time, consuming uniforms in the documented order."""
    u = np.random.default_rng(seed).random((n_datasets, max(T_list) + 2))
    out = np.zeros((n_datasets, len(T_list)))
    for r in range(n_datasets):
        shared = u[r, 0] < rho
        votes = []
        for i in range(max(T_list)):
            votes.append((u[r, 1] < eps) if shared else (u[r, i + 2] < eps))
        for j, T in enumerate(T_list):
            k = sum(votes[:T])
            out[r, j] = 1.0 if 2 * k > T else (tie_weight if 2 * k == T else 0.0)
    return out


# --- the exact error -----------------------------------------------------------------


def test_odd_T_equals_scipy_binom_sf():
    # reference: scipy.stats.binom.sf (scipy 1.x): P(K > floor(T/2)) = P(K >= (T+1)/2)
    T = T_GRID[T_GRID % 2 == 1]
    e, t = np.meshgrid(EPS_GRID, T)
    for ties in B.TIE_RULES:
        np.testing.assert_allclose(
            majority_vote_error(e, t, ties=ties),
            stats.binom.sf(t // 2, t, e),
            rtol=1e-10,
            atol=1e-14,
        )


@pytest.mark.parametrize("ties, weight", [("coin", 0.5), ("error", 1.0)])
def test_even_T_tie_rule(ties, weight):
    T = T_GRID[T_GRID % 2 == 0]
    e, t = np.meshgrid(EPS_GRID, T)
    expected = stats.binom.sf(t // 2, t, e) + weight * stats.binom.pmf(t // 2, t, e)
    np.testing.assert_allclose(
        majority_vote_error(e, t, ties=ties), expected, rtol=1e-10, atol=1e-14
    )


@pytest.mark.parametrize("ties, weight", [("coin", 0.5), ("error", 1.0)])
def test_against_slow_rational_sum(ties, weight):
    for eps in (0.0, 0.05, 0.3, 0.5, 0.77, 1.0):
        for T in (1, 2, 3, 4, 9, 10, 25, 40):
            assert majority_vote_error(eps, T, ties=ties) == pytest.approx(
                _slow_majority(eps, T, weight), rel=1e-11, abs=1e-15
            )


def test_coin_ties_make_even_T_equal_to_T_minus_one():
    m = np.arange(1, 40)
    e = EPS_GRID[:, None]
    np.testing.assert_allclose(
        majority_vote_error(e, 2 * m), majority_vote_error(e, 2 * m - 1), rtol=1e-10, atol=1e-15
    )


def test_shapes_and_symmetry():
    assert isinstance(majority_vote_error(0.2, 5), float)
    assert majority_vote_error([0.1, 0.2], [[3], [5], [7]]).shape == (3, 2)
    # eps <-> 1 - eps swaps right and wrong: for odd T P(eps) + P(1 - eps) = 1
    T = T_GRID[T_GRID % 2 == 1]
    np.testing.assert_allclose(
        majority_vote_error(EPS_GRID[:, None], T) + majority_vote_error(1 - EPS_GRID[:, None], T),
        1.0,
        atol=1e-12,
    )
    assert majority_vote_error(0.3, 1) == pytest.approx(0.3)


# --- Hoeffding's bound ---------------------------------------------------------------


@pytest.mark.parametrize("ties", B.TIE_RULES)
def test_bound_holds_for_every_eps_below_half(ties):
    e, t = np.meshgrid(np.linspace(0.0, 0.4999, 200), np.arange(1, 202))
    exact = majority_vote_error(e, t, ties=ties)
    bound = hoeffding_bound(e, t)
    assert np.all(exact <= bound + 1e-15)
    np.testing.assert_allclose(bound, np.exp(-t * (1 - 2 * e) ** 2 / 2))


def test_bound_is_trivial_from_half_on():
    assert hoeffding_bound(0.5, 9) == 1.0
    np.testing.assert_array_equal(hoeffding_bound([0.6, 0.9], 31), [1.0, 1.0])


def test_bound_decays_exponentially_in_T():
    T = np.arange(1, 100)
    log_bound = np.log(hoeffding_bound(0.2, T))
    np.testing.assert_allclose(np.diff(log_bound), -((1 - 0.4) ** 2) / 2)


# --- correlated voters ---------------------------------------------------------------


def test_correlated_error_is_the_mixture():
    e, t, r = np.meshgrid(EPS_GRID, T_GRID, np.linspace(0, 1, 6), indexing="ij")
    np.testing.assert_allclose(
        correlated_vote_error(e, t, r), r * e + (1 - r) * majority_vote_error(e, t)
    )
    np.testing.assert_allclose(correlated_vote_error(e, t, 0.0), majority_vote_error(e, t))
    np.testing.assert_allclose(correlated_vote_error(e, t, 1.0), e)


def test_correlated_error_by_enumeration():
    # condition on the branch and enumerate every vote pattern of T = 5 voters
    eps, rho, T = 0.3, 0.4, 5
    total = 0.0
    for pattern in range(2**T):
        wrong = [(pattern >> i) & 1 for i in range(T)]
        k = sum(wrong)
        p_indep = eps**k * (1 - eps) ** (T - k)
        p_shared = (eps if k == T else 0.0) + ((1 - eps) if k == 0 else 0.0)
        if 2 * k > T:
            total += rho * p_shared + (1 - rho) * p_indep
    assert correlated_vote_error(eps, T, rho) == pytest.approx(total, rel=1e-12)


def test_bound_fails_for_correlated_voters_exactly():
    eps, rho = 0.3, 0.2
    T = np.arange(1, 202, 2)
    exact = correlated_vote_error(eps, T, rho)
    bound = hoeffding_bound(eps, T)
    assert np.all(exact >= rho * eps)  # a floor that no number of voters removes
    assert np.any(exact > bound)
    first = T[np.argmax(exact > bound)]
    assert first == 35  # from here on the "bound" is violated
    assert np.all((exact > bound)[T >= first])
    # over every T (the chapter's figure): even T has the error of T - 1 (coin rule) while
    # the bound keeps falling, so the first violation is the even T = 34
    T_all = np.arange(1, 202)
    broken = correlated_vote_error(eps, T_all, rho) > hoeffding_bound(eps, T_all)
    assert T_all[np.argmax(broken)] == 34 and np.all(broken[33:])
    assert correlated_vote_error(eps, 34, rho) == pytest.approx(
        correlated_vote_error(eps, 33, rho), rel=1e-12
    )


def test_simulation_matches_slow_twin():
    for ties, weight in (("coin", 0.5), ("error", 1.0)):
        sim = simulate_correlated_vote(0.35, [1, 2, 4, 7], 0.3, n_datasets=300, ties=ties, rng=5)
        np.testing.assert_array_equal(
            sim.outcomes, _slow_simulation(0.35, [1, 2, 4, 7], 0.3, 300, weight, 5)
        )


def test_simulation_checks_by_4_se():
    eps, rho = 0.3, 0.2
    T = [1, 10, 51, 151]
    sim = simulate_correlated_vote(eps, T, rho, n_datasets=20_000, rng=2024)
    checks = [
        simulation.check_mean(sim.outcomes[:, j], sim.exact[j], label=f"T={t}")
        for j, t in enumerate(T)
    ]
    m = sim.outcomes.shape[0]
    # the first two voters' errors, rebuilt from the documented order of the uniforms
    u = np.random.default_rng(2024).random((m, max(T) + 2))
    z = np.where((u[:, 0] < rho)[:, None], (u[:, 1] < eps)[:, None], u[:, 2:4] < eps).astype(float)
    checks.append(simulation.check_mean(z[:, 0], eps, label="marginal error"))
    # E[(Z1 - eps)(Z2 - eps)] = rho eps (1 - eps): the covariance behind correlation rho
    checks.append(
        simulation.check_mean(
            (z[:, 0] - eps) * (z[:, 1] - eps), rho * eps * (1 - eps), label="covariance"
        )
    )
    assert sim.pair_correlation == pytest.approx(np.corrcoef(z[:, 0], z[:, 1])[0, 1])
    assert all(c.passed for c in checks), simulation.format_checks(checks)
    # at T = 151 the simulated error lies far (many SE) above Hoeffding's bound
    gap = (sim.majority_error[-1] - sim.bound[-1]) / sim.std_error[-1]
    assert gap > 10
    np.testing.assert_allclose(sim.std_error, sim.outcomes.std(axis=0, ddof=1) / np.sqrt(m))


def test_simulation_independent_case_matches_binomial():
    sim = simulate_correlated_vote(0.4, [5, 20], 0.0, n_datasets=20_000, rng=7)
    for j in range(2):
        assert simulation.check_mean(
            sim.outcomes[:, j], majority_vote_error(0.4, sim.n_voters[j])
        ).passed
    np.testing.assert_allclose(sim.independent, sim.exact)


def test_simulation_is_reproducible_and_uses_prefixes():
    a = simulate_correlated_vote(0.2, [3, 9], 0.5, n_datasets=500, rng=1)
    b = simulate_correlated_vote(
        0.2, [1, 3, 5, 9], 0.5, n_datasets=500, rng=np.random.default_rng(1)
    )
    np.testing.assert_array_equal(a.outcomes, b.outcomes[:, [1, 3]])
    assert "CorrelatedVoteSimulation(" in repr(a) and "<table" in a._repr_html_()


# --- bad input -----------------------------------------------------------------------

CASES = [
    (majority_vote_error, (-0.1, 3), {}, ValueError, "error"),
    (majority_vote_error, (1.5, 3), {}, ValueError, "error"),
    (majority_vote_error, ("x", 3), {}, TypeError, "error"),
    (majority_vote_error, (0.2, 0), {}, ValueError, "n_voters"),
    (majority_vote_error, (0.2, 2.5), {}, TypeError, "n_voters"),
    (majority_vote_error, (0.2, True), {}, TypeError, "n_voters"),
    (majority_vote_error, (0.2, 3), {"ties": "random"}, ValueError, "ties"),
    (majority_vote_error, ([0.1, 0.2], [3, 5, 7]), {}, ValueError, "error and n_voters"),
    (hoeffding_bound, ([0.1, 0.2], [3, 5, 7]), {}, ValueError, "error and n_voters"),
    (correlated_vote_error, (0.1, [3, 5, 7], [0.1, 0.2]), {}, ValueError, "correlation"),
    (hoeffding_bound, (np.nan, 3), {}, ValueError, "error"),
    (hoeffding_bound, (0.2, -4), {}, ValueError, "n_voters"),
    (hoeffding_bound, (0.2, None), {}, TypeError, "n_voters"),
    (correlated_vote_error, (0.2, 3, 1.2), {}, ValueError, "correlation"),
    (correlated_vote_error, (0.2, 3, -0.5), {}, ValueError, "correlation"),
    (correlated_vote_error, (0.2, 3, 0.1), {"ties": 1}, TypeError, "ties"),
    (simulate_correlated_vote, (0.2, 3, 0.1), {"n_datasets": 1}, ValueError, "n_datasets"),
    (simulate_correlated_vote, (0.2, 3, 0.1), {"n_datasets": 10.0}, TypeError, "n_datasets"),
    (simulate_correlated_vote, (0.2, 3, 0.1), {"rng": "seed"}, TypeError, "rng"),
    (simulate_correlated_vote, (0.2, 3, 0.1), {"rng": np.random.RandomState(0)}, TypeError, "rng"),
    (simulate_correlated_vote, ([0.2, 0.3], 3, 0.1), {}, TypeError, "error"),
    (simulate_correlated_vote, (0.2, 3, [0.1]), {}, TypeError, "correlation"),
    (simulate_correlated_vote, (0.2, [5, 3], 0.1), {}, ValueError, "n_voters"),
    (simulate_correlated_vote, (0.2, [[3]], 0.1), {}, ValueError, "n_voters"),
    (simulate_correlated_vote, (0.2, 0, 0.1), {}, ValueError, "n_voters"),
    (
        simulate_correlated_vote,
        (0.2, [], 0.1),
        {},
        ValueError,
        "n_voters must be a 1-d array of integers with at least 1 entries",
    ),
    (simulate_correlated_vote, (2.0, 3, 0.1), {}, ValueError, "error"),
]


@pytest.mark.parametrize("func, args, kwargs, exc, word", CASES)
def test_bad_input(func, args, kwargs, exc, word):
    assert_rejects(exc, word, func, *args, **kwargs)


# --- claims of the chapter -----------------------------------------------------------


def test_exact_tail_decays_at_the_chernoff_rate():
    # chapter: log P_indep falls with slope -KL(1/2 || eps) per voter, steeper than Hoeffding's
    for eps in (0.25, 0.3, 0.4):  # (smaller eps underflows at T = 2001)
        kl = 0.5 * np.log(0.5 / eps) + 0.5 * np.log(0.5 / (1 - eps))
        assert kl > (1 - 2 * eps) ** 2 / 2
        slope = np.diff(np.log(majority_vote_error(eps, [2001, 2003])))[0] / 2
        assert slope == pytest.approx(-kl, abs=1 / 2001)  # O(1/T) from the sqrt(T) prefactor


def test_negatively_dependent_voters_can_be_perfect():
    # chapter, exercise 4: on pattern j only voter j is wrong
    z = np.eye(3)
    assert np.allclose(z.mean(axis=0), 1 / 3)
    assert not np.any(z.sum(axis=1) > 1.5)
    c = np.corrcoef(z.T)
    assert np.allclose(c[np.triu_indices(3, 1)], -0.5)


def test_hoeffding_sample_size_exceeds_the_exact_one():
    # chapter, exercise 2: eps = 0.4 and a 1% target
    T = np.arange(1, 400, 2)
    exact_T = T[np.argmax(majority_vote_error(0.4, T) <= 0.01)]
    bound_T = T[np.argmax(hoeffding_bound(0.4, T) <= 0.01)]
    assert bound_T >= 2 * np.log(100) / 0.04 and exact_T < bound_T
    assert majority_vote_error(0.4, exact_T) <= 0.01 < majority_vote_error(0.4, exact_T - 2)
