"""Each Erratum box in the book, shown numerically: the note's version fails, ours holds.

Note 000 (../shared/seeds/000_*.txt), first two sections; chapters "The test error rate"
and "Selective sampling".
"""

import itertools

import numpy as np
import pytest
from scipy import special, stats

import patterneval as pe
from patterneval.book import simulation
from patterneval.book.error_rate import simulate_coverage
from patterneval.book.selective_sampling import simulate_sampling


def note_pmf(k, n, eps):
    """The binomial law as note 000 prints it: C(N, k) eps^k (1 - eps)^k."""
    return special.comb(n, k) * eps**k * (1 - eps) ** k


def binomial_pmf(k, n, eps):
    """The book's version: exponent N - k on (1 - eps)."""
    return special.comb(n, k) * eps**k * (1 - eps) ** (n - k)


@pytest.mark.parametrize("n, eps", [(20, 0.15), (50, 0.02), (7, 0.5)])
def test_binomial_exponent(n, eps):
    k = np.arange(n + 1)
    np.testing.assert_allclose(binomial_pmf(k, n, eps), stats.binom.pmf(k, n, eps), rtol=1e-12)
    assert binomial_pmf(k, n, eps).sum() == pytest.approx(1.0, abs=1e-12)
    assert abs(note_pmf(k, n, eps).sum() - 1.0) > 0.1  # not a probability distribution


@pytest.mark.parametrize("k, n, eps", [(3, 20, 0.1), (7, 100, 0.2), (41, 228, 0.3)])
def test_derivative_is_of_the_log_likelihood(k, n, eps):
    note_expression = k / eps - (n - k) / (1 - eps)
    h = 1e-6
    d_pmf = (stats.binom.pmf(k, n, eps + h) - stats.binom.pmf(k, n, eps - h)) / (2 * h)
    d_logpmf = (stats.binom.logpmf(k, n, eps + h) - stats.binom.logpmf(k, n, eps - h)) / (2 * h)
    assert d_logpmf == pytest.approx(note_expression, rel=1e-6)
    assert d_pmf == pytest.approx(stats.binom.pmf(k, n, eps) * note_expression, rel=1e-5)
    assert abs(d_pmf - note_expression) > 0.1 * abs(note_expression)  # the note's equation is false
    # ... but both vanish at k / N, so the estimate survives
    assert k / (k / n) - (n - k) / (1 - k / n) == pytest.approx(0.0, abs=1e-9)


def test_beta_is_the_significance_level_in_percent():
    # With beta = 5, 1 - beta/100 = 0.95 is the confidence level: an exact (Clopper-Pearson)
    # interval at that level misses eps in at most beta percent of test sets.
    beta = 5
    level = 1 - beta / 100
    for n, eps in itertools.product([10, 30, 100], [0.02, 0.1, 0.3, 0.5]):
        miss = 1 - pe.coverage_probability(eps, n, confidence_level=level, method="clopper-pearson")
        assert miss <= beta / 100 + 1e-12
    sim = simulate_coverage(
        0.1,
        30,
        confidence_level=level,
        method="clopper-pearson",
        n_datasets=100_000,
        rng=np.random.default_rng(5),
    )
    assert 1 - sim.coverage <= beta / 100 + 4 * sim.std_error


def test_joint_probability_needs_both_factors():
    n1, n2, eps1, eps2 = 12, 8, 0.1, 0.3
    k1, k2 = np.meshgrid(np.arange(n1 + 1), np.arange(n2 + 1), indexing="ij")
    both = binomial_pmf(k1, n1, eps1) * binomial_pmf(k2, n2, eps2)  # prod over i = 1, 2
    as_printed = binomial_pmf(k2, n2, eps2)  # prod over i = 2..2 keeps one factor
    assert both.sum() == pytest.approx(1.0, abs=1e-12)
    assert as_printed.sum() == pytest.approx(n1 + 1, abs=1e-9)


def test_c_class_gap_is_not_the_two_class_formula():
    priors = np.array([0.4, 0.3, 0.2, 0.1])
    errors = np.array([0.02, 0.10, 0.30, 0.45])
    n = 200
    eps = priors @ errors
    gap = pe.selective_variance_gap(errors, priors, n)
    pairwise = (
        sum(
            priors[i] * priors[j] * (errors[i] - errors[j]) ** 2
            for i, j in itertools.combinations(range(4), 2)
        )
        / n
    )
    assert gap == pytest.approx(pairwise, rel=1e-12)
    assert gap == pytest.approx(priors @ (errors - eps) ** 2 / n, rel=1e-12)
    # The two-class formula applied to the first two classes is no substitute.
    naive = priors[0] * priors[1] * (errors[0] - errors[1]) ** 2 / n
    sim = simulate_sampling(errors, priors, n, n_datasets=400_000, rng=np.random.default_rng(11))
    assert simulation.check_variance_difference(sim.random, sim.stratified, gap).passed
    assert not simulation.check_variance_difference(sim.random, sim.stratified, naive).passed


def test_selective_variance_is_never_larger():
    # The note says "generally smaller"; it is never larger, over a grid of two-class problems.
    grid = np.linspace(0, 0.5, 11)
    for p1, e1, e2 in itertools.product(np.linspace(0.05, 0.95, 19), grid, grid):
        random = pe.error_variance(p1 * e1 + (1 - p1) * e2, 100)
        selective = pe.stratified_variance([e1, e2], [p1, 1 - p1], 100)
        assert selective <= random + 1e-15
