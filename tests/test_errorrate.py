"""Tests of patterneval.errorrate: peer agreement, exact boundaries, Monte Carlo, properties.

Reference implementations (versions pinned in comments where values are compared):
statsmodels 0.15.0 ``statsmodels.stats.proportion.proportion_confint`` and SciPy 1.17.1
``scipy.stats.binomtest(k, n).proportion_ci``. Every stochastic test owns a seeded
``numpy.random.Generator`` and a tolerance of 4 Monte Carlo standard errors derived in
the test. ``test_error`` is always called as ``pe.test_error`` so pytest never collects it.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from scipy import special, stats
from statsmodels.stats.proportion import proportion_confint

import patterneval as pe
from patterneval.book.error_rate import simulate_coverage
from patterneval.book.selective_sampling import simulate_sampling

METHODS = pe.INTERVAL_METHODS
LEVELS = (0.8, 0.9, 0.95, 0.99)
#: patterneval method -> statsmodels 0.15.0 ``proportion_confint`` method
STATSMODELS = {
    "wald": "normal",
    "wilson": "wilson",
    "agresti-coull": "agresti_coull",
    "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
}
#: patterneval method -> SciPy 1.17.1 ``BinomTestResult.proportion_ci`` method
SCIPY = {"clopper-pearson": "exact", "wilson": "wilson"}
#: SciPy 1.17.1 finds the "exact" ends with ``brentq(func, 0, 1)`` at its default
#: ``xtol=2e-12`` (absolute), so tiny ends carry ~1e-9 *relative* error there: at k=1,
#: n=100 SciPy gives 0.00025314603268, the closed form 1 - 0.975**(1/100) is
#: 0.00025314603298 (patterneval's value). Hence an absolute floor of 2 * xtol, on top of
#: rel 1e-9, for the SciPy comparison only.
SCIPY_ATOL = 4e-12
N_GRID = (1, 2, 3, 5, 10, 37, 100, 1000)
RTOL = 1e-9
#: statsmodels 0.15.0 leaves rounding noise (e.g. 1.7e-18, 0.9999999999999999) where
#: patterneval returns exactly 0 at k = 0 (lower end) and 1 at k = n (upper end).
END_ATOL = 1e-15


# --------------------------------------------------------------------------- 1. peers
@pytest.mark.parametrize("level", LEVELS)
# jeffreys differs at k=0 / k=n by design: see test_jeffreys_* below
@pytest.mark.parametrize("method", [m for m in METHODS if m != "jeffreys"])
def test_interval_matches_statsmodels(method, level):
    for n in N_GRID:
        k = np.arange(n + 1)
        ours = pe.binomial_interval(k, n, confidence_level=level, method=method)
        ref_low, ref_high = proportion_confint(k, n, alpha=1 - level, method=STATSMODELS[method])
        ref_low, ref_high = np.asarray(ref_low), np.asarray(ref_high)
        # interior ends: relative agreement
        assert_allclose(ours.low[1:], ref_low[1:], rtol=RTOL, atol=0, err_msg=f"n={n}")
        assert_allclose(ours.high[:-1], ref_high[:-1], rtol=RTOL, atol=0, err_msg=f"n={n}")
        # the two boundary ends: exact in patterneval, rounding noise in statsmodels
        assert ours.low[0] == 0.0 and ours.high[-1] == 1.0
        assert abs(ref_low[0]) <= END_ATOL and abs(ref_high[-1] - 1.0) <= END_ATOL


def _scipy_k_values(n):
    return sorted({0, 1, min(2, n), n // 3, n // 2, max(n - 1, 0), n})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("method", sorted(SCIPY))
def test_interval_matches_scipy_binomtest(method, level):
    for n in N_GRID:
        for k in _scipy_k_values(n):
            ref = stats.binomtest(k, n).proportion_ci(confidence_level=level, method=SCIPY[method])
            ours = pe.binomial_interval(k, n, confidence_level=level, method=method)
            if k == 0:
                assert ours.low == 0.0 and abs(ref.low) <= END_ATOL
            else:
                assert ours.low == pytest.approx(ref.low, rel=RTOL, abs=SCIPY_ATOL), (k, n)
            if k == n:
                assert ours.high == 1.0 and abs(ref.high - 1.0) <= END_ATOL
            else:
                assert ours.high == pytest.approx(ref.high, rel=RTOL, abs=SCIPY_ATOL), (k, n)


@pytest.mark.parametrize("level", LEVELS)
def test_jeffreys_interior_matches_statsmodels(level):
    for n in N_GRID:
        k = np.arange(n + 1)
        ours = pe.binomial_interval(k, n, confidence_level=level, method="jeffreys")
        ref_low, ref_high = proportion_confint(k, n, alpha=1 - level, method="jeffreys")
        assert_allclose(ours.low[1:], np.asarray(ref_low)[1:], rtol=RTOL, atol=0)
        assert_allclose(ours.high[:-1], np.asarray(ref_high)[:-1], rtol=RTOL, atol=0)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("n", N_GRID)
def test_jeffreys_ends_follow_brown_cai_dasgupta(n, level):
    """A documented difference from statsmodels 0.15.0.

    Brown, Cai & DasGupta (2001, Sec. 4.1.2) set the Jeffreys lower end to 0 at k = 0 and
    the upper end to 1 at k = n; patterneval does, statsmodels returns the Beta quantile.
    The other end of those two intervals still matches statsmodels.
    """
    alpha = 1 - level
    ref0 = proportion_confint(0, n, alpha=alpha, method="jeffreys")
    refn = proportion_confint(n, n, alpha=alpha, method="jeffreys")
    ours0 = pe.binomial_interval(0, n, confidence_level=level, method="jeffreys")
    oursn = pe.binomial_interval(n, n, confidence_level=level, method="jeffreys")
    assert ours0.low == 0.0 and ref0[0] > 0.0  # the difference, both sides of it
    assert oursn.high == 1.0 and refn[1] < 1.0
    assert ours0.high == pytest.approx(ref0[1], rel=RTOL, abs=0)
    assert oursn.low == pytest.approx(refn[0], rel=RTOL, abs=0)


@pytest.mark.parametrize("method", METHODS)
def test_interval_vectorised_equals_scalar_loop(method):
    rng = np.random.default_rng(20240601)
    n = rng.integers(1, 500, size=(4, 6))
    k = rng.integers(0, n + 1)
    k[0, 0], k[0, 1] = 0, n[0, 1]  # include both boundaries
    ci = pe.binomial_interval(k, n, confidence_level=0.9, method=method)
    assert ci.low.shape == ci.high.shape == (4, 6)
    for idx in np.ndindex(k.shape):
        one = pe.binomial_interval(int(k[idx]), int(n[idx]), confidence_level=0.9, method=method)
        assert type(one.low) is float and type(one.high) is float
        assert ci.low[idx] == pytest.approx(one.low, rel=1e-14, abs=0)
        assert ci.high[idx] == pytest.approx(one.high, rel=1e-14, abs=0)
    # broadcasting: one n for many k
    row = pe.binomial_interval(np.arange(11), 10, method=method)
    assert row.low.shape == (11,)


def test_clopper_pearson_closed_form_at_k_1():
    """Beta(1, n) has CDF 1 - (1 - x)^n, so the lower end at k = 1 is 1 - (1 - a/2)^(1/n)."""
    for n in (1, 10, 100, 1000):
        low = pe.binomial_interval(1, n, method="clopper-pearson").low
        assert low == pytest.approx(-math.expm1(math.log1p(-0.025) / n), rel=1e-12)


def test_interval_result_is_named_tuple():
    ci = pe.binomial_interval(7, 100)
    assert isinstance(ci, pe.ConfidenceInterval)
    low, high = ci
    assert (low, high) == (ci.low, ci.high)
    # docstring value, cross-checked against statsmodels 0.15.0 wilson: (0.0343, 0.1375)
    assert round(ci.low, 4) == 0.0343 and round(ci.high, 4) == 0.1375


# --------------------------------------------------------------------------- 2. boundaries
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("method", METHODS)
def test_interval_exact_at_boundaries_and_contains_estimate(method, level):
    for n in N_GRID:
        k = np.arange(n + 1)
        low, high = pe.binomial_interval(k, n, confidence_level=level, method=method)
        assert low[0] == 0.0, "lower end must be exactly 0 at k=0"
        assert high[-1] == 1.0, "upper end must be exactly 1 at k=n"
        assert np.all((0.0 <= low) & (low <= high) & (high <= 1.0))
        assert np.all(low <= k / n) and np.all(k / n <= high)


# --------------------------------------------------------------------------- 3. test_error
def test_test_error_hand_example():
    est = pe.test_error([0, 1, 1, 0, 1], [0, 1, 0, 0, 0])
    assert (est.k, est.n) == (2, 5)
    assert type(est.k) is int and type(est.n) is int
    assert est.error == 0.4
    assert est.variance == pytest.approx(0.4 * 0.6 / 5, rel=1e-15)  # 0.048
    assert est.std_error == pytest.approx(math.sqrt(0.048), rel=1e-15)


def test_test_error_string_labels():
    y_true = np.array(["cat", "dog", "bird", "cat", "dog", "dog"])
    y_pred = ["cat", "cat", "bird", "dog", "dog", "dog"]
    est = pe.test_error(y_true, y_pred)
    assert (est.k, est.n) == (2, 6)
    assert est.error == pytest.approx(1 / 3, rel=1e-15)
    assert est.variance == pytest.approx((1 / 3) * (2 / 3) / 6, rel=1e-15)


def test_test_error_perfect_and_all_wrong():
    assert pe.test_error([1, 2, 3], [1, 2, 3]).error == 0.0
    est = pe.test_error([1, 2, 3], [2, 3, 1])
    assert est.error == 1.0 and est.variance == 0.0


def test_error_estimate_is_frozen_with_readable_repr():
    est = pe.test_error([0, 1, 1, 0, 1], [0, 1, 0, 0, 0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        est.k = 3
    assert repr(est) == "ErrorEstimate(error=0.4, std_error=0.219089, k=2, n=5, variance=0.048)"
    html = est._repr_html_()
    assert "<table" in html and "</table>" in html
    for name in ("k", "n", "error", "variance", "std_error"):
        assert f">{name}</th>" in html


@pytest.mark.parametrize("method", METHODS)
def test_error_estimate_interval_equals_binomial_interval(method):
    est = pe.test_error(np.r_[np.zeros(40), np.ones(10)], np.zeros(50))
    assert est.confidence_interval(0.9, method=method) == pe.binomial_interval(
        10, 50, confidence_level=0.9, method=method
    )
    assert est.confidence_interval() == pe.binomial_interval(10, 50)  # wilson, 0.95


# --------------------------------------------------------------------------- 4. Monte Carlo
def _cumulant_moments(weights, sizes, probs):
    """Variance and 4th central moment of sum_i w_i K_i, K_i ~ Binomial(n_i, p_i) independent.

    Cumulants of one Binomial(n, p), q = 1 - p: kappa2 = n p q, kappa4 = n p q (1 - 6 p q).
    Cumulants of independent sums add and scale as w^r, and mu4 = kappa4 + 3 kappa2^2.
    (Check: one binomial gives mu4 = n p q (1 + 3 (n - 2) p q), its textbook 4th moment.)
    """
    w, n, p = (np.asarray(a, dtype=float) for a in (weights, sizes, probs))
    pq = p * (1.0 - p)
    kappa2 = float(np.sum(w**2 * n * pq))
    kappa4 = float(np.sum(w**4 * n * pq * (1.0 - 6.0 * pq)))
    return kappa2, kappa4 + 3.0 * kappa2**2


def _var_of_sample_variance(sigma2, mu4, r):
    """Exact variance of the unbiased sample variance of r i.i.d. draws.

    Var(s^2) = mu4 / r - sigma^4 (r - 3) / (r (r - 1))  (e.g. Cramer 1946, eq. 27.4.2);
    for large r this is (mu4 - sigma^4) / r.
    """
    return mu4 / r - sigma2**2 * (r - 3) / (r * (r - 1))


@pytest.mark.parametrize(("eps", "n"), [(0.13, 50), (0.02, 200), (0.5, 10)])
def test_binomial_estimate_mean_and_variance_by_simulation(eps, n):
    rng = np.random.default_rng(1001)
    r = 400_000
    x = rng.binomial(n, eps, size=r) / n
    # mean: SE of a sample mean of r draws with variance eps(1-eps)/N
    se_mean = math.sqrt(eps * (1 - eps) / n / r)
    assert abs(x.mean() - eps) <= 4 * se_mean
    # variance: compare the unbiased sample variance to error_variance
    sigma2, mu4 = _cumulant_moments([1.0 / n], [n], [eps])
    assert sigma2 == pytest.approx(pe.error_variance(eps, n), rel=1e-12)
    se_var = math.sqrt(_var_of_sample_variance(sigma2, mu4, r))
    assert abs(x.var(ddof=1) - pe.error_variance(eps, n)) <= 4 * se_var


STRATA = [
    # (class_errors, priors, N): allocations P_i N are whole numbers
    ([0.05, 0.4], [0.3, 0.7], 100),
    ([0.02, 0.1, 0.25, 0.5], [0.1, 0.2, 0.3, 0.4], 200),
]


@pytest.mark.parametrize(("errors", "priors", "n"), STRATA)
def test_stratified_estimator_unbiased_with_known_variance(errors, priors, n):
    rng = np.random.default_rng(2002)
    r = 500_000
    sim = simulate_sampling(errors, priors, n, n_datasets=r, rng=rng)
    assert sim.class_sizes.tolist() == [round(p * n) for p in priors]
    assert sim.random.shape == sim.stratified.shape == (r,)
    eps = float(np.dot(priors, errors))
    var_strat = pe.stratified_variance(errors, priors, n)
    # formula: sum_i P_i^2 e_i(1-e_i)/n_i with n_i = P_i N equals sum_i P_i e_i(1-e_i)/N
    sigma2, mu4 = _cumulant_moments(np.divide(priors, sim.class_sizes), sim.class_sizes, errors)
    assert var_strat == pytest.approx(sigma2, rel=1e-12)
    assert abs(sim.stratified.mean() - eps) <= 4 * math.sqrt(var_strat / r)
    se_var = math.sqrt(_var_of_sample_variance(sigma2, mu4, r))
    assert abs(sim.stratified.var(ddof=1) - var_strat) <= 4 * se_var
    # and the random-sampling arm is the plain binomial estimate
    assert abs(sim.random.mean() - eps) <= 4 * math.sqrt(pe.error_variance(eps, n) / r)


@pytest.mark.parametrize(("errors", "priors", "n"), STRATA)
def test_variance_gap_by_simulation(errors, priors, n):
    rng = np.random.default_rng(3003)
    r = 1_000_000
    sim = simulate_sampling(errors, priors, n, n_datasets=r, rng=rng)
    eps = float(np.dot(priors, errors))
    gap = pe.selective_variance_gap(errors, priors, n)
    if len(errors) == 2:
        (p1, p2), (e1, e2) = priors, errors
        assert gap == pytest.approx(p1 * p2 * (e1 - e2) ** 2 / n, rel=1e-12)
    else:
        expected = sum(p * (e - eps) ** 2 for p, e in zip(priors, errors)) / n
        assert gap == pytest.approx(expected, rel=1e-12)
    assert gap == pytest.approx(
        pe.error_variance(eps, n) - pe.stratified_variance(errors, priors, n), rel=1e-9
    )
    # The two arms are independent samples, so the SE of the difference of their sample
    # variances is the root of the sum of the two Var(s^2).
    s2_r, m4_r = _cumulant_moments([1.0 / n], [n], [eps])
    s2_s, m4_s = _cumulant_moments(np.divide(priors, sim.class_sizes), sim.class_sizes, errors)
    se_gap = math.sqrt(
        _var_of_sample_variance(s2_r, m4_r, r) + _var_of_sample_variance(s2_s, m4_s, r)
    )
    observed = sim.random.var(ddof=1) - sim.stratified.var(ddof=1)
    assert abs(observed - gap) <= 4 * se_gap
    assert gap > 8 * se_gap  # the simulation really resolves the gap (the test can fail)


@pytest.mark.parametrize(
    ("errors", "priors"),
    [
        ([Fraction(1, 10), Fraction(3, 10)], [Fraction(1, 2), Fraction(1, 2)]),
        (
            [Fraction(1, 50), Fraction(1, 10), Fraction(1, 4), Fraction(1, 2)],
            [Fraction(1, 10), Fraction(1, 5), Fraction(3, 10), Fraction(2, 5)],
        ),
        (
            [Fraction(1, 7), Fraction(2, 3), Fraction(0), Fraction(1)],
            [Fraction(1, 3)] * 2 + [Fraction(1, 6)] * 2,
        ),
    ],
)
def test_variance_gap_pairwise_identity_exact(errors, priors):
    """sum_i P_i (e_i - e)^2 == sum_{i<j} P_i P_j (e_i - e_j)^2 in exact rational arithmetic."""
    assert sum(priors) == 1
    eps = sum(p * e for p, e in zip(priors, errors))
    first = sum(p * (e - eps) ** 2 for p, e in zip(priors, errors))
    c = len(errors)
    pairwise = sum(
        priors[i] * priors[j] * (errors[i] - errors[j]) ** 2
        for i in range(c)
        for j in range(i + 1, c)
    )
    assert first == pairwise
    n = 40
    ours = pe.selective_variance_gap([float(e) for e in errors], [float(p) for p in priors], n)
    assert ours == pytest.approx(float(first / n), rel=1e-12)


def test_variance_gap_hand_value():
    # docstring: P1 P2 (e1 - e2)^2 / N = 0.25 * 0.04 / 100
    assert pe.selective_variance_gap([0.1, 0.3], [0.5, 0.5], 100) == pytest.approx(1e-4, rel=1e-12)
    assert pe.stratified_variance([0.05, 0.3], [0.5, 0.5], 100) == pytest.approx(
        (0.5 * 0.05 * 0.95 + 0.5 * 0.3 * 0.7) / 100, rel=1e-12
    )
    assert pe.error_variance(0.1, 100) == pytest.approx(0.0009, rel=1e-12)
    assert type(pe.error_variance(0.1, 100)) is float
    assert_allclose(pe.error_variance(0.1, [10, 100]), [0.009, 0.0009], rtol=1e-12)


# --------------------------------------------------------------------------- 5. coverage
def _brute_force_coverage(eps, n, level, method):
    """sum_k C(n,k) eps^k (1-eps)^(n-k) [eps in CI(k)], one scalar interval at a time."""
    total = 0.0
    for k in range(n + 1):
        low, high = pe.binomial_interval(k, n, confidence_level=level, method=method)
        if low <= eps <= high:
            total += math.comb(n, k) * eps**k * (1 - eps) ** (n - k)
    return total


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(("eps", "n"), [(0.05, 30), (0.2, 50), (0.37, 120)])
def test_coverage_probability_equals_brute_force(method, eps, n):
    for level in (0.9, 0.95):
        exact = pe.coverage_probability(eps, n, confidence_level=level, method=method)
        assert exact == pytest.approx(_brute_force_coverage(eps, n, level, method), rel=1e-12)


def test_coverage_probability_reference_values():
    # Wald at eps=0.05, N=30: 0.7821 (docstring); the statsmodels 0.15.0 intervals give the
    # same sum, so the coverage does not depend on our own interval code.
    k = np.arange(31)
    lo, hi = proportion_confint(k, 30, alpha=0.05, method="normal")
    ref = stats.binom.pmf(k, 30, 0.05)[(lo <= 0.05) & (0.05 <= hi)].sum()
    assert pe.coverage_probability(0.05, 30, method="wald") == pytest.approx(ref, rel=1e-12)
    assert round(ref, 4) == 0.7821


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(("eps", "n"), [(0.05, 30), (0.2, 50), (0.45, 200)])
def test_simulated_coverage_agrees_with_exact(method, eps, n):
    rng = np.random.default_rng(4004)
    r = 100_000
    exact = pe.coverage_probability(eps, n, confidence_level=0.95, method=method)
    sim = simulate_coverage(eps, n, confidence_level=0.95, method=method, n_datasets=r, rng=rng)
    assert sim.n_datasets == r
    assert sim.std_error == pytest.approx(
        math.sqrt(sim.coverage * (1 - sim.coverage) / r), rel=1e-12
    )
    se = math.sqrt(exact * (1 - exact) / r)  # SE of a Bernoulli(exact) mean of r draws
    assert abs(sim.coverage - exact) <= 4 * se


COVERAGE_N = (30, 50, 100, 200, 500)
COVERAGE_EPS = np.round(np.linspace(0.05, 0.5, 91), 6)  # step 0.005


def coverage_table(ns=(30, 100), eps_grid=COVERAGE_EPS, level=0.95):
    """{method: array of exact coverages over ns x eps_grid} (used by the book and tests)."""
    return {
        m: np.array(
            [
                [pe.coverage_probability(e, n, confidence_level=level, method=m) for e in eps_grid]
                for n in ns
            ]
        )
        for m in METHODS
    }


def test_wilson_coverage_band():
    """Wilson's exact coverage over N in {30..500}, eps in [0.05, 0.5] (step 0.005).

    A band of [0.93, 0.97] does not hold: Wilson's coverage oscillates and
    dips (Brown, Cai & DasGupta 2001, Fig. 5 and Sec. 4.1.1, "downward spikes" for small
    p). On this grid (SciPy 1.17.1, checked against statsmodels 0.15.0 intervals):
    min 0.92437 at (N=30, eps=0.115), 0.92748 at (N=100, eps=0.055);
    max 0.97799 at (N=50, eps=0.07). So the band asserted is [0.92, 0.98], and the dips
    are pinned as regression values in test_wilson_known_dips.
    """
    cov = np.array(
        [[pe.coverage_probability(e, n, method="wilson") for e in COVERAGE_EPS] for n in COVERAGE_N]
    )
    assert cov.min() >= 0.92 and cov.max() <= 0.98
    assert abs(cov.mean() - 0.95) < 0.005  # on average close to nominal


@pytest.mark.parametrize(
    ("eps", "n", "expected"),
    [
        # brute-force sums over statsmodels 0.15.0 wilson intervals (see test above)
        (0.115, 30, 0.9243705665877431),
        (0.055, 100, 0.9274805500973295),
        (0.07, 50, 0.9779900511899619),
    ],
)
def test_wilson_known_dips(eps, n, expected):
    k = np.arange(n + 1)
    lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    ref = stats.binom.pmf(k, n, eps)[(lo <= eps) & (eps <= hi)].sum()
    assert ref == pytest.approx(expected, rel=1e-10)
    assert pe.coverage_probability(eps, n, method="wilson") == pytest.approx(expected, rel=1e-10)


def test_clopper_pearson_never_undercovers():
    cov = coverage_table(ns=COVERAGE_N)["clopper-pearson"]
    assert cov.min() >= 0.95 - 1e-12


def test_coverage_table_summary(capsys):
    """Not asserted beyond sanity: prints min / mean coverage per method (run with -s)."""
    table = coverage_table()
    lines = [
        f"{'method':<16}{'min':>8}{'mean':>8}{'max':>8}   (N in {{30, 100}}, eps in [0.05, 0.5])"
    ]
    for m, cov in table.items():
        assert np.all((0 < cov) & (cov <= 1))
        lines.append(f"{m:<16}{cov.min():8.4f}{cov.mean():8.4f}{cov.max():8.4f}")
    with capsys.disabled():
        print("\n" + "\n".join(lines))


# --------------------------------------------------------------------------- 6. sample size
def _reference_width(eps, n, level, method):
    """Width of the interval at real k = eps n, written independently of patterneval.

    Formulas of Brown, Cai & DasGupta (2001); the Beta quantiles via scipy.stats.beta.
    Ends clipped to [0, 1] and set to 0 at k = 0 / 1 at k = n, as patterneval documents.
    """
    z = stats.norm.ppf(0.5 + level / 2)
    a = 1 - level
    k = eps * n
    if method == "wald":
        h = z * math.sqrt(eps * (1 - eps) / n)
        low, high = eps - h, eps + h
    elif method == "wilson":
        c = (k + z * z / 2) / (n + z * z)
        h = z * math.sqrt(n) / (n + z * z) * math.sqrt(eps * (1 - eps) + z * z / (4 * n))
        low, high = c - h, c + h
    elif method == "agresti-coull":
        nt = n + z * z
        pt = (k + z * z / 2) / nt
        h = z * math.sqrt(pt * (1 - pt) / nt)
        low, high = pt - h, pt + h
    elif method == "clopper-pearson":
        low = stats.beta.ppf(a / 2, k, n - k + 1) if k > 0 else 0.0
        high = stats.beta.ppf(1 - a / 2, k + 1, n - k) if k < n else 1.0
    else:
        low = stats.beta.ppf(a / 2, k + 0.5, n - k + 0.5)
        high = stats.beta.ppf(1 - a / 2, k + 0.5, n - k + 0.5)
    low = 0.0 if k <= 0 else min(max(low, 0.0), 1.0)
    high = 1.0 if k >= n else min(max(high, 0.0), 1.0)
    if method == "wald" and k >= n:
        low = 1.0
    if method == "wald" and k <= 0:
        high = 0.0
    return high - low


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("eps", [0.1, 0.2, 0.3, 0.5, 0.75])
@pytest.mark.parametrize("width", [0.01, 0.02, 0.05, 0.1])
def test_sample_size_wald_closed_form(eps, width, level):
    """ceil(z^2 eps (1 - eps) / (w/2)^2) whenever the Wald interval there is not clipped."""
    z = special.ndtri(0.5 + level / 2)
    closed = math.ceil(z * z * eps * (1 - eps) / (width / 2) ** 2)
    assert z * math.sqrt(eps * (1 - eps) / closed) <= min(eps, 1 - eps)  # not clipped
    assert pe.sample_size_for_width(eps, width, confidence_level=level, method="wald") == closed


def test_sample_size_wald_clipped_is_smaller_than_closed_form():
    """Near 0 the Wald interval is clipped at 0, so its width is eps + half < 2 half and a
    smaller N suffices than the closed form (documented surprise, reported)."""
    z = special.ndtri(0.975)
    closed = math.ceil(z * z * 0.01 * 0.99 / 0.025**2)  # 61
    got = pe.sample_size_for_width(0.01, 0.05, method="wald")
    assert got < closed
    assert (
        _reference_width(0.01, got, 0.95, "wald")
        <= 0.05
        < _reference_width(0.01, got - 1, 0.95, "wald")
    )


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(
    ("eps", "width"), [(0.1, 0.2), (0.3, 0.25), (0.5, 0.3), (0.02, 0.1), (0.9, 0.15)]
)
def test_sample_size_equals_linear_scan(method, eps, width):
    level = 0.95
    scan = next(n for n in range(1, 10_000) if _reference_width(eps, n, level, method) <= width)
    got = pe.sample_size_for_width(eps, width, confidence_level=level, method=method)
    assert got == scan
    assert _reference_width(eps, got, level, method) <= width
    if got > 1:
        assert _reference_width(eps, got - 1, level, method) > width


def test_sample_size_docstring_values():
    assert pe.sample_size_for_width(0.1, 0.05, method="wald") == 554
    assert pe.sample_size_for_width(0.1, 0.05) == 557
    assert type(pe.sample_size_for_width(0.1, 0.05)) is int


# --------------------------------------------------------------------------- 7. stratified
def test_stratified_error_two_classes_by_hand():
    est = pe.stratified_error([3, 12], [60, 40], priors=[0.6, 0.4])
    # 0.6 * 3/60 + 0.4 * 12/40 = 0.03 + 0.12
    assert est.error == pytest.approx(0.15, rel=1e-15)
    # 0.36 * 0.05 * 0.95 / 60 + 0.16 * 0.3 * 0.7 / 40 = 0.000285 + 0.00084
    assert est.variance == pytest.approx(0.001125, rel=1e-12)
    assert est.std_error == pytest.approx(math.sqrt(0.001125), rel=1e-12)
    assert_allclose(est.class_errors, [0.05, 0.3], rtol=1e-15)
    assert est.k.tolist() == [3, 12] and est.n.tolist() == [60, 40]


def test_stratified_error_three_classes_by_hand():
    est = pe.stratified_error([1, 4, 10], [20, 40, 50], priors=[0.2, 0.3, 0.5])
    # class errors 0.05, 0.1, 0.2 -> 0.01 + 0.03 + 0.1
    assert est.error == pytest.approx(0.14, rel=1e-14)
    # 0.04*0.0475/20 + 0.09*0.09/40 + 0.25*0.16/50 = 0.000095 + 0.0002025 + 0.0008
    assert est.variance == pytest.approx(0.0010975, rel=1e-12)
    with pytest.raises(dataclasses.FrozenInstanceError):
        est.error = 0.0
    assert repr(est).startswith(
        "StratifiedEstimate(error=0.14, std_error=0.0331285, variance=0.0010975,"
    )
    assert "<table" in est._repr_html_()
    low, high = est.confidence_interval(0.95)
    half = special.ndtri(0.975) * est.std_error
    assert (low, high) == pytest.approx((0.14 - half, 0.14 + half), rel=1e-12)


def test_proportional_allocation_hand_values():
    assert pe.proportional_allocation(10, [0.25, 0.25, 0.5]).tolist() == [3, 2, 5]
    assert pe.proportional_allocation(100, [0.1, 0.2, 0.3, 0.4]).tolist() == [10, 20, 30, 40]
    assert pe.proportional_allocation(7, [1 / 3, 1 / 3, 1 / 3]).tolist() == [3, 2, 2]


@given(
    n=st.integers(1, 10_000),
    weights=st.lists(st.floats(0.0, 1.0, allow_subnormal=False), min_size=1, max_size=8),
)
def test_proportional_allocation_sums_to_n(n, weights):
    total = math.fsum(weights)
    assume(total > 1e-3)
    priors = np.array(weights) / total
    assume(abs(priors.sum() - 1) < 1e-12)
    sizes = pe.proportional_allocation(n, priors)
    assert int(sizes.sum()) == n
    assert np.all(sizes >= np.floor(priors * n) - 1e-9) and np.all(
        sizes <= np.floor(priors * n) + 1
    )


# --------------------------------------------------------------------------- 8. properties
counts = st.integers(1, 2_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n)))
levels = st.floats(0.5, 0.999)


@pytest.mark.parametrize("method", METHODS)
@given(kn=counts, level=levels)
def test_interval_contains_point_estimate(method, kn, level):
    # Wald contains k/n trivially (it is centred there); asserted for every method anyway.
    k, n = kn
    low, high = pe.binomial_interval(k, n, confidence_level=level, method=method)
    assert 0.0 <= low <= k / n <= high <= 1.0


@pytest.mark.parametrize("method", METHODS)
@given(kn=counts, levels_pair=st.tuples(levels, levels))
def test_interval_widens_with_confidence_level(method, kn, levels_pair):
    k, n = kn
    lo_level, hi_level = sorted(levels_pair)
    a = pe.binomial_interval(k, n, confidence_level=lo_level, method=method)
    b = pe.binomial_interval(k, n, confidence_level=hi_level, method=method)
    # nested, not merely wider (ends may coincide where clipped at 0 or 1)
    assert b.low <= a.low + 1e-12 and a.high <= b.high + 1e-12


@pytest.mark.parametrize("method", METHODS)
@given(
    kn=st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
    m=st.integers(2, 20),
)
def test_interval_narrows_with_n_at_fixed_proportion(method, kn, m):
    """(k, n) -> (m k, m n) keeps k/n and shrinks the width, for all five methods.

    Wald: 2 z sqrt(p q / n) (zero at p in {0, 1}); Wilson and Agresti-Coull: closed forms
    decreasing in n at fixed p (for Agresti-Coull through clipping too); Clopper-Pearson
    and Jeffreys: Beta quantiles concentrating at p. Checked exhaustively for n < 60,
    m in {2, 3, 5} while writing this test, and here by hypothesis.
    """
    k, n = kn
    a = pe.binomial_interval(k, n, method=method)
    b = pe.binomial_interval(m * k, m * n, method=method)
    assert b.high - b.low <= a.high - a.low + 1e-12


errors_st = st.floats(0.0, 1.0, allow_subnormal=False)


@given(
    data=st.lists(st.tuples(errors_st, st.floats(0.01, 1.0)), min_size=1, max_size=6),
    n=st.integers(1, 10_000),
)
def test_variance_gap_nonnegative(data, n):
    errors = [e for e, _ in data]
    w = np.array([p for _, p in data])
    priors = w / w.sum()
    assume(abs(priors.sum() - 1) < 1e-12)
    gap = pe.selective_variance_gap(errors, priors, n)
    assert gap >= 0.0
    if max(errors) - min(errors) > 1e-100:  # (closer ones may underflow when squared)
        assert gap > 0.0  # every prior is >= 0.01 / 6 here, so distinct errors give a gap


@given(
    e=errors_st,
    weights=st.lists(st.floats(0.01, 1.0), min_size=1, max_size=10),
    n=st.integers(1, 10_000),
)
def test_variance_gap_zero_when_class_errors_equal(e, weights, n):
    priors = np.array(weights) / math.fsum(weights)
    assume(abs(priors.sum() - 1) < 1e-9)
    assert pe.selective_variance_gap([e] * len(weights), priors, n) == 0.0


def test_variance_gap_zero_with_rounding_priors():
    # ten priors of 0.1 sum to 0.9999999999999999 in floating point; the gap must still
    # be exactly 0 when all class errors are equal (regression for a rounding residue).
    assert pe.selective_variance_gap([0.2] * 10, [0.1] * 10, 100) == 0.0
    # a class with zero prior does not count
    assert pe.selective_variance_gap([0.2, 0.2, 0.9], [0.5, 0.5, 0.0], 100) == 0.0


# ---------------------------------------------------------------- the binomial sampler
@pytest.mark.parametrize("n, p", [(30, 0.01), (100, 0.155), (7, 0.5), (200, 0.45), (1, 0.3)])
def test_tabulated_binomial_draws_follow_the_binomial_law(n, p):
    """The inverse-CDF fast path against the exact pmf (chi-square, seeded) and its twin."""
    from scipy import stats

    from patterneval.book.error_rate import _binomial_draws

    size = 200_000
    fast = _binomial_draws(np.random.default_rng(42), n, p, size)
    slow = np.random.default_rng(43).binomial(n, p, size=size)  # NumPy's own sampler
    pmf = stats.binom.pmf(np.arange(n + 1), n, p)
    # pool the cells with expected count < 5 into one, as the chi-square test requires
    keep = pmf * size >= 5
    for draws in (fast, slow):
        observed = np.bincount(draws, minlength=n + 1)
        obs = np.r_[observed[keep], observed[~keep].sum()]
        exp = np.r_[pmf[keep], pmf[~keep].sum()] * size
        obs, exp = obs[exp > 0], exp[exp > 0]
        assert stats.chisquare(obs, exp).pvalue > 1e-4
    assert fast.min() >= 0 and fast.max() <= n


def test_binomial_draws_fall_back_beyond_the_table_and_at_the_ends():
    from patterneval.book.error_rate import _TABLE_LIMIT, _binomial_draws

    gen = np.random.default_rng(0)
    big = _binomial_draws(gen, _TABLE_LIMIT + 1, 0.5, 1000)
    assert abs(big.mean() / (_TABLE_LIMIT + 1) - 0.5) < 4 * np.sqrt(
        0.25 / (_TABLE_LIMIT + 1) / 1000
    )
    assert np.all(_binomial_draws(gen, 50, 0.0, 100) == 0)
    assert np.all(_binomial_draws(gen, 50, 1.0, 100) == 50)


def test_proportional_allocation_ties_survive_round_off():
    # 0.7 * 5 rounds to 3.4999999999999996 and 0.3 * 5 to 1.5: the remainders are tied in
    # exact arithmetic, so the earlier class gets the extra sample.
    assert pe.proportional_allocation(5, [0.7, 0.3]).tolist() == [4, 1]
    assert pe.proportional_allocation(5, [0.3, 0.7]).tolist() == [2, 3]
    assert pe.proportional_allocation(10, [0.1] * 10).tolist() == [1] * 10
    assert pe.proportional_allocation(3, [1 / 3] * 3).tolist() == [1, 1, 1]
