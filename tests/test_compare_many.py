"""Many classifiers over many data sets (patterneval.compare.many): Demsar (2006)'s worked
example reproduced to the digits he prints, and agreement with scipy, scikit-posthocs,
statsmodels, autorank and baycomp."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import patterneval as pe
from patterneval.book.many_classifiers import demsar_table
from patterneval.compare import (
    average_ranks,
    critical_difference_groups,
    rank_scores,
)
from patterneval.compare.many import _signed_rank_thetas, _winner_shares

TABLE = demsar_table()
PUBLISHED = -TABLE.published_ranks  # rank 1 = best = highest "score"


# ----------------------------------------------------------------------------- Demsar (2006), section 3.2.2
def test_demsar_average_ranks():
    assert average_ranks(PUBLISHED).round(3).tolist() == [3.143, 2.000, 2.893, 1.964]
    # his ranks are those of the printed AUCs except on 'voting' (0.975 twice, ranked 2 and 3)
    mismatch = np.nonzero(np.any(rank_scores(TABLE.scores) != TABLE.published_ranks, axis=1))[0]
    assert [TABLE.datasets[i] for i in mismatch] == ["voting"]
    assert average_ranks(TABLE.scores).round(3).tolist() == [3.143, 2.000, 2.929, 1.929]


def test_demsar_friedman_and_iman_davenport():
    r = pe.friedman_test(PUBLISHED)
    assert f"{r.statistic:.2f}" == "9.28"
    assert f"{r.iman_davenport:.2f}" == "3.69"
    # "the critical value of F(3, 39) for alpha = 0.05 is 2.85, so we reject"
    assert f"{stats.f.isf(0.05, 3, 39):.2f}" == "2.85"
    assert r.iman_davenport_pvalue < 0.05
    # his own arithmetic from the rounded average ranks
    R = np.array([3.143, 2.000, 2.893, 1.964])
    assert 12 * 14 / 20 * (np.sum(R**2) - 4 * 25 / 4) == pytest.approx(9.28, abs=0.005)


def test_demsar_critical_values_table_5():
    """His table 5 was built from three-decimal studentized-range tables (q = 3.314 for k = 3
    gives 3.314 / sqrt(2) = 2.343; the exact quantile 3.3145 gives 2.3437), so the exact
    values agree with it to within 1e-3, and to every printed digit at k = 4 (his example).
    One entry is a misprint: Bonferroni-Dunn, k = 9, alpha = 0.05 prints 2.724 for
    z_{1 - 0.05/16} = 2.734."""
    nemenyi_05 = [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164]
    nemenyi_10 = [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920]
    dunn_05 = [1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.724, 2.773]
    dunn_10 = [1.645, 1.960, 2.128, 2.241, 2.326, 2.394, 2.450, 2.498, 2.539]
    for printed, alpha, test in (
        (nemenyi_05, 0.05, "nemenyi"),
        (nemenyi_10, 0.10, "nemenyi"),
        (dunn_05, 0.05, "bonferroni-dunn"),
        (dunn_10, 0.10, "bonferroni-dunn"),
    ):
        exact = np.array(
            [pe.critical_difference(k, 14, alpha=alpha, test=test).q_alpha for k in range(2, 11)]
        )
        bad = np.abs(exact - printed) > 1e-3
        assert np.flatnonzero(bad).tolist() == ([7] if printed is dunn_05 else [])
        assert f"{exact[2]:.3f}" == f"{printed[2]:.3f}"  # k = 4
    assert f"{stats.norm.isf(0.05 / 16):.3f}" == "2.734"


def test_demsar_critical_differences():
    assert f"{pe.critical_difference(4, 14).value:.2f}" == "1.25"
    assert f"{pe.critical_difference(4, 14, alpha=0.10).value:.2f}" == "1.12"
    # Bonferroni-Dunn: he prints 2.394 * sqrt(20/84) = 1.16; the product is 1.168
    bd = pe.critical_difference(4, 14, test="bonferroni-dunn")
    assert f"{bd.q_alpha:.3f}" == "2.394" and f"{bd.value:.3f}" == "1.168"
    assert f"{bd.standard_error:.3f}" == "0.488"


def test_demsar_nemenyi_conclusions():
    at05 = pe.nemenyi_test(PUBLISHED)
    assert not at05.reject.any()  # "not powerful enough to detect any significant differences"
    at10 = pe.nemenyi_test(PUBLISHED, alpha=0.10)
    pairs = {(i, j) for i, j in zip(*np.nonzero(np.triu(at10.reject)))}
    assert pairs == {(0, 1), (0, 3)}  # C4.5 worse than C4.5+m and C4.5+m+cf
    assert at10.groups == [(3, 1, 2), (2, 0)]  # C4.5+cf belongs to both groups (Figure 1a)


def test_demsar_holm_table():
    r = pe.holm_test(PUBLISHED, control=0)
    assert r.order.tolist() == [3, 1, 2]  # Demsar's rows, in step-down order
    assert r.classifiers.tolist() == [1, 2, 3]  # the arrays: column order
    step = np.searchsorted(r.classifiers, r.order)
    # his z column: 2.416, 2.342, 0.512 -- the first from the rounded (3.143 - 1.964)/0.488
    assert [f"{z:.3f}" for z in r.statistic[step]] == ["2.415", "2.342", "0.512"]
    assert f"{(3.143 - 1.964) / 0.488:.3f}" == "2.416"
    # his p column: 0.016, 0.019, 0.607 (the last is 0.608 from the normal tail)
    assert [f"{p:.3f}" for p in r.pvalue[step]] == ["0.016", "0.019", "0.608"]
    assert r.reject[step].tolist() == [True, True, False]
    # alpha / i column: 0.017, 0.025, 0.050
    assert [f"{0.05 / i:.3f}" for i in (3, 2, 1)] == ["0.017", "0.025", "0.050"]


# ----------------------------------------------------------------------------- ranks and ties
def test_ranks_average_ties_and_direction():
    s = np.array([[0.9, 0.8, 0.8, 0.1], [0.5, 0.5, 0.5, 0.5]])
    np.testing.assert_array_equal(rank_scores(s), [[1, 2.5, 2.5, 4], [2.5, 2.5, 2.5, 2.5]])
    np.testing.assert_array_equal(
        rank_scores(s, lower_is_better=True), [[4, 2.5, 2.5, 1], [2.5] * 4]
    )
    rng = np.random.default_rng(0)
    x = np.round(rng.random((30, 6)), 1)
    np.testing.assert_array_equal(rank_scores(x), stats.rankdata(-x, axis=1))


def test_round_off_cannot_break_a_tie():
    s = np.array([[0.3, 0.1 + 0.2, 0.5]])  # 0.1 + 0.2 = 0.30000000000000004
    np.testing.assert_array_equal(rank_scores(s), [[2.5, 2.5, 1.0]])


# ----------------------------------------------------------------------------- peers
def _score_sets():
    rng = np.random.default_rng(3)
    return [TABLE.scores, rng.random((10, 5)), np.round(rng.random((12, 4)), 1), rng.random((2, 3))]


@pytest.mark.parametrize("i", range(4))
def test_friedman_agrees_with_scipy(i):
    s = _score_sets()[i]
    r = pe.friedman_test(s, tie_correction=True)
    ref = stats.friedmanchisquare(*s.T)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    R = r.average_ranks
    N, k = s.shape
    if not np.any(np.diff(np.sort(s, axis=1), axis=1) == 0):  # no ties: both settings agree
        assert pe.friedman_test(s).statistic == pytest.approx(r.statistic, rel=1e-12)
    chi2 = pe.friedman_test(s).statistic
    assert chi2 == pytest.approx(
        12 * N / (k * (k + 1)) * (np.sum(R**2) - k * (k + 1) ** 2 / 4), abs=1e-12
    )


def test_iman_davenport_formula_and_complete_concordance():
    s = np.random.default_rng(4).random((9, 3))
    r = pe.friedman_test(s)
    N, k = s.shape
    assert r.iman_davenport == pytest.approx((N - 1) * r.statistic / (N * (k - 1) - r.statistic))
    assert r.iman_davenport_pvalue == pytest.approx(
        stats.f.sf(r.iman_davenport, k - 1, (k - 1) * (N - 1))
    )
    same = pe.friedman_test(np.tile([0.9, 0.8, 0.7], (5, 1)))
    assert same.statistic == pytest.approx(5 * 2) and same.iman_davenport == np.inf
    assert same.iman_davenport_pvalue == pytest.approx(6.0**-4, rel=1e-12)  # not the F tail's 0
    assert pe.friedman_test(np.ones((4, 3))).statistic == 0.0
    with pytest.raises(ValueError, match="ties all classifiers"):
        pe.friedman_test(np.ones((4, 3)), tie_correction=True)


@pytest.mark.parametrize("i", range(4))
def test_nemenyi_agrees_with_scikit_posthocs(i):
    import scikit_posthocs as sp

    s = _score_sets()[i]
    np.testing.assert_allclose(
        pe.nemenyi_test(s).pvalue, sp.posthoc_nemenyi_friedman(s).to_numpy(), rtol=1e-10, atol=1e-14
    )


def test_nemenyi_significance_is_the_critical_difference():
    s = np.random.default_rng(5).random((20, 6))
    r = pe.nemenyi_test(s, alpha=0.05)
    off = ~np.eye(6, dtype=bool)
    np.testing.assert_array_equal(r.reject[off], (r.pvalue <= 0.05)[off])


@pytest.mark.parametrize("k, n", [(4, 14), (5, 10), (10, 30), (3, 5), (20, 50)])
def test_critical_difference_agrees_with_autorank(k, n):
    """autorank interpolates tabulated quantiles (statsmodels' qsturng): agreement to ~1e-4."""
    from autorank._util import _critical_distance

    assert pe.critical_difference(k, n).value == pytest.approx(
        _critical_distance(0.05, k, n), rel=1e-4
    )


def test_holm_agrees_with_statsmodels():
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(6)
    for _ in range(20):
        s = rng.random((15, 5)) + np.linspace(0, 0.3, 5)
        r = pe.holm_test(s, control=int(rng.integers(5)), alpha=0.1)
        reject, adjusted, _, _ = multipletests(r.pvalue, alpha=0.1, method="holm")
        np.testing.assert_allclose(r.adjusted_pvalue, adjusted, rtol=1e-12)
        np.testing.assert_array_equal(r.reject, reject)
        assert np.all(
            np.diff(r.pvalue[np.searchsorted(r.classifiers, r.order)]) >= 0
        )  # step-down order
        assert np.all(np.diff(r.classifiers) > 0)  # column order


def test_holm_is_at_least_as_powerful_as_bonferroni_dunn():
    rng = np.random.default_rng(7)
    for _ in range(20):
        s = rng.random((12, 5)) + np.linspace(0, 0.4, 5)
        r = pe.holm_test(s, control=0)
        cd = pe.critical_difference(5, 12, test="bonferroni-dunn").value
        dunn = np.abs(r.average_ranks[r.classifiers] - r.average_ranks[0]) >= cd
        assert np.all(r.reject >= dunn)


def test_groups_are_maximal_runs_within_the_cd():
    assert critical_difference_groups([1.0, 2.0, 3.0, 4.0], 1.5) == [(0, 1), (1, 2), (2, 3)]
    assert critical_difference_groups([1.0, 2.0, 3.0, 4.0], 5.0) == [(0, 1, 2, 3)]
    assert critical_difference_groups([1.0, 3.0, 5.0], 1.0) == []
    assert critical_difference_groups([2.0, 1.0, 2.0], 0.5) == [(0, 2)]  # tie: column order


def test_groups_difference_equal_to_the_cd_up_to_round_off_is_significant():
    """5/3 and 8/3 differ by exactly 1, but by 0.9999999999999998 in floating point: with
    cd = 1 they differ significantly (at least the CD) and form no group."""
    assert 8 / 3 - 5 / 3 < 1.0
    assert critical_difference_groups([5 / 3, 8 / 3], 1.0) == []
    assert critical_difference_groups([5 / 3, 8 / 3], 1.0 + 1e-9) == [(0, 1)]


# ----------------------------------------------------------------------------- Bayesian signed rank
def test_signed_rank_thetas_agree_with_baycomp_on_its_draws():
    from baycomp import SignedRankTest

    rng = np.random.default_rng(8)
    a, b = 0.8 + 0.03 * rng.standard_normal(12), 0.79 + 0.03 * rng.standard_normal(12)
    for rope in (0.0, 0.01):
        ref = SignedRankTest.sample(a, b, rope=rope, nsamples=2000, random_state=0)
        d = a - b
        weights = np.random.RandomState(0).dirichlet(np.r_[0.5, np.ones(d.size)], 2000)
        ours = _signed_rank_thetas(np.r_[0.0, d], weights, rope, 1e-14)
        np.testing.assert_allclose(ours, ref, atol=1e-12)
        np.testing.assert_allclose(
            _winner_shares(ours).mean(axis=0), np.bincount(ref.argmax(axis=1), minlength=3) / 2000
        )


def test_signed_rank_agrees_with_baycomp_within_monte_carlo_error():
    from baycomp import SignedRankTest

    rng = np.random.default_rng(9)
    a, b = 0.8 + 0.03 * rng.standard_normal(12), 0.79 + 0.03 * rng.standard_normal(12)
    ref = SignedRankTest.probs(a, b, rope=0.01, nsamples=50_000, random_state=1)
    post = pe.bayesian_signed_rank(a, b, rope=0.01, n_draws=50_000, rng=1)
    ours = np.array([post.p_a_better, post.p_rope, post.p_b_better])
    se = np.sqrt(2 * ours * (1 - ours) / 50_000) + 1e-12
    assert np.all(np.abs(ours - np.array(ref)) <= 4 * se)


def _exact_regions(a, b, rope):
    """Pair regions of the closed rope [-r, r] in exact decimal arithmetic (Benavoli et al.
    2017: theta_e sums the pairs with z_i + z_j in [-2r, 2r]): +1 A, 0 rope, -1 B."""
    from fractions import Fraction

    z = [Fraction(0)] + [Fraction(repr(float(x))) - Fraction(repr(float(y))) for x, y in zip(a, b)]
    r2 = 2 * Fraction(repr(float(rope)))
    return np.array([[1 if zi + zj > r2 else -1 if zi + zj < -r2 else 0 for zj in z] for zi in z])


def test_signed_rank_rope_is_closed_as_in_the_paper():
    """Demsar's C4.5+m+cf vs C4.5: -0.030 + 0.050 is 2r = 0.02 in decimals and
    0.020000000000000018 in floating point. The paper's closed rope puts the pair in the rope;
    ours does, in agreement with exact decimal arithmetic on every pair of every comparison."""
    from patterneval.compare.many import _pair_regions

    d = TABLE.scores[:, 3] - TABLE.scores[:, 0]
    assert d[1] + d[11] != 0.02 and np.isclose(d[1] + d[11], 0.02, rtol=0, atol=1e-15)
    for i, j in ((3, 0), (1, 0), (2, 0), (3, 1), (2, 1)):
        a, b = TABLE.scores[:, i], TABLE.scores[:, j]
        above, below = _pair_regions(np.r_[0.0, a - b], 0.01, 1e-13)
        np.testing.assert_array_equal(above - below, _exact_regions(a, b, 0.01))


def test_signed_rank_boundary_rule_against_baycomp():
    """Given baycomp's own Dirichlet draws, theta_rope differs from baycomp's by exactly the
    weight of the pairs on the rope's boundary (baycomp puts them on a side because of the
    round-off of 0.975 - 0.946 etc.), and the reported probabilities differ by far more than
    round-off; on pairs off the boundary the two agree to round-off."""
    from baycomp import SignedRankTest

    a, b = TABLE.scores[:, 2], TABLE.scores[:, 0]  # C4.5+cf vs C4.5: six boundary pairs
    z = np.r_[0.0, a - b]
    exact = _exact_regions(a, b, 0.01)
    float_side = np.abs(z[:, None] + z[None, :]) > 0.02
    boundary = (exact == 0) & float_side
    assert np.triu(boundary).sum() == 6
    ref = SignedRankTest.sample(a, b, rope=0.01, nsamples=20_000, random_state=1)
    weights = np.random.RandomState(1).dirichlet(np.r_[0.5, np.ones(z.size - 1)], 20_000)
    ours = _signed_rank_thetas(z, weights, 0.01, 1e-13)
    on_boundary = np.einsum("si,ij,sj->s", weights, boundary.astype(float), weights)
    np.testing.assert_allclose(ours[:, 1] - ref[:, 1], on_boundary, atol=1e-12)
    assert on_boundary.mean() > 0.03  # 0.044: four per cent of the posterior mass moves
    probs_ours = _winner_shares(ours).mean(axis=0)
    probs_ref = np.bincount(ref.argmax(axis=1), minlength=3) / 20_000
    assert probs_ours[1] - probs_ref[1] > 0.05  # the rope wins more often under the closed rule
    off = TABLE.scores[:, 1]  # C4.5+m vs C4.5: no pair on the boundary
    ref_off = SignedRankTest.sample(off, b, rope=0.01, nsamples=2000, random_state=0)
    w_off = np.random.RandomState(0).dirichlet(np.r_[0.5, np.ones(off.size)], 2000)
    np.testing.assert_allclose(
        _signed_rank_thetas(np.r_[0.0, off - b], w_off, 0.01, 1e-13), ref_off, atol=1e-12
    )


def test_signed_rank_degenerate_all_equal():
    a = np.array([0.8, 0.7, 0.9])
    post = pe.bayesian_signed_rank(a, a, rope=0.0, n_draws=1000, rng=0)
    assert (post.p_a_better, post.p_rope, post.p_b_better) == (0.5, 0.0, 0.5)
    post = pe.bayesian_signed_rank(a, a, rope=0.01, n_draws=1000, rng=0)
    assert post.p_rope == 1.0


def test_signed_rank_direction_and_samples():
    a = np.linspace(0.7, 0.9, 15)
    post = pe.bayesian_signed_rank(a + 0.05, a, rope=0.01, n_draws=5000, rng=0)
    assert post.p_a_better > 0.99
    np.testing.assert_allclose(post.samples.sum(axis=1), 1.0)
    flipped = pe.bayesian_signed_rank(a, a + 0.05, rope=0.01, n_draws=5000, rng=0)
    assert flipped.p_b_better == pytest.approx(post.p_a_better)


# ----------------------------------------------------------------------------- degenerate statistics
def _all_tables(row, N):
    """Every table of N rows, each a distinct arrangement of ``row`` (the permutation null)."""
    import itertools

    arrangements = sorted(set(itertools.permutations(row)))
    return [np.array(t) for t in itertools.product(arrangements, repeat=N)], len(arrangements)


@pytest.mark.parametrize(
    "row, tie_correction",
    [((1.0, 2.0, 3.0), False), ((1.0, 2.5, 2.5), True), ((1.0, 2.0, 3.0, 4.0), False)],
)
def test_complete_concordance_pvalue_is_the_exact_permutation_probability(row, tie_correction):
    """Every data set ranks alike: F_F's denominator (the residual mean square of the ranks)
    is 0 and its F tail would be 0; the reported p-value is the exact null probability of a
    table at least this concordant, checked by enumerating every table."""
    N = 3
    tables, m = _all_tables(row, N)
    observed = pe.friedman_test(-np.tile(row, (N, 1)), tie_correction=tie_correction)
    assert observed.iman_davenport == np.inf and observed.statistic == pytest.approx(
        N * (len(row) - 1)
    )
    chi2 = np.array([pe.friedman_test(-t, tie_correction=tie_correction).statistic for t in tables])
    exact = np.mean(chi2 >= observed.statistic * (1 - 1e-12))
    assert exact == pytest.approx(m ** -(N - 1), rel=1e-12)
    assert observed.iman_davenport_pvalue == pytest.approx(exact, rel=1e-12)
    assert observed.pvalue == pytest.approx(
        stats.chi2.sf(observed.statistic, len(row) - 1)
    )  # chi2 is fine


def test_no_spread_post_hoc_tests_give_p_one():
    """The standard error of Nemenyi and Holm is the null value, not an estimate: ties on
    every data set give statistics 0 and p-values 1, not 0/0."""
    ties = np.full((6, 4), 0.8)
    nem = pe.nemenyi_test(ties)
    assert np.all(nem.statistic == 0) and np.all(nem.pvalue == 1) and not nem.reject.any()
    holm = pe.holm_test(ties, control=0)
    assert (
        np.all(holm.statistic == 0) and np.all(holm.adjusted_pvalue == 1) and not holm.reject.any()
    )
    f = pe.friedman_test(ties)
    assert (f.statistic, f.pvalue, f.iman_davenport, f.iman_davenport_pvalue) == (
        0.0,
        1.0,
        0.0,
        1.0,
    )
