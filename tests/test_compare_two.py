"""Two classifiers on one data set (patterneval.compare.two): McNemar, 5x2cv t and F, the
corrected resampled t-test and the Bayesian correlated t-test, checked against the formulas
and against statsmodels, mlxtend and baycomp."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy import stats
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

import patterneval as pe
from patterneval.compare import EXACT_THRESHOLD, five_by_two_differences
from patterneval.compare.two import _ftest_5x2, _ttest_5x2


def _predictions(rng, n, e_a=0.3, e_b=0.35):
    y = rng.integers(0, 2, n)
    a = np.where(rng.random(n) < e_a, 1 - y, y)
    b = np.where(rng.random(n) < e_b, 1 - y, y)
    return y, a, b


# ----------------------------------------------------------------------------- McNemar
def test_mcnemar_counts_and_table():
    y = np.array([0, 0, 1, 1, 1, 0, 1, 0])
    a = np.array([0, 0, 1, 1, 0, 1, 1, 0])  # wrong on 4, 5
    b = np.array([0, 1, 1, 0, 0, 0, 1, 0])  # wrong on 1, 3, 4
    r = pe.mcnemar_test(y, a, b)
    assert (r.b, r.c) == (2, 1)  # A right where B wrong: 1, 3; B right where A wrong: 5
    np.testing.assert_array_equal(r.table, [[4, 2], [1, 1]])
    assert r.table.sum() == y.size


def test_mcnemar_exact_is_the_doubled_binomial_tail():
    rng = np.random.default_rng(0)
    for _ in range(50):
        y, a, b = _predictions(rng, 40)
        r = pe.mcnemar_test(y, a, b, exact=True)
        n = r.b + r.c
        expected = min(1.0, 2 * sum(stats.binom.pmf(i, n, 0.5) for i in range(min(r.b, r.c) + 1)))
        assert r.pvalue == pytest.approx(expected, rel=1e-12)
        assert r.method == "exact" and r.statistic == min(r.b, r.c)


def test_mcnemar_chi_square_formulas():
    y = np.zeros(60, int)
    a = np.r_[np.zeros(30, int), np.ones(5, int), np.zeros(25, int)]  # A wrong on 5
    b = np.r_[np.ones(20, int), np.zeros(40, int)]  # B wrong on 20
    r = pe.mcnemar_test(y, a, b, exact=False, correction=True)
    assert (r.b, r.c) == (20, 5)
    assert r.statistic == pytest.approx((15 - 1) ** 2 / 25)
    assert r.pvalue == pytest.approx(stats.chi2.sf(14**2 / 25, 1))
    assert pe.mcnemar_test(y, a, b, exact=False, correction=False).statistic == pytest.approx(
        15**2 / 25
    )


@pytest.mark.parametrize(
    "n_discordant, method", [(EXACT_THRESHOLD - 1, "exact"), (EXACT_THRESHOLD, "chi-square")]
)
def test_mcnemar_exact_none_switches_at_25_discordant_pairs(n_discordant, method):
    y = np.zeros(100, int)
    a = np.zeros(100, int)
    b = np.zeros(100, int)
    b[:n_discordant] = 1  # B wrong on the first n_discordant, A right everywhere
    assert pe.mcnemar_test(y, a, b).method == method


def test_mcnemar_agrees_with_statsmodels():
    from statsmodels.stats.contingency_tables import mcnemar

    rng = np.random.default_rng(1)
    for _ in range(100):
        y, a, b = _predictions(rng, int(rng.integers(10, 300)))
        for exact in (True, False):
            for correction in (True, False):
                r = pe.mcnemar_test(y, a, b, exact=exact, correction=correction)
                if not exact and (r.b + r.c == 0 or (correction and r.b == r.c)):
                    continue  # the two documented differences, tested below
                ref = mcnemar(r.table, exact=exact, correction=correction)
                assert r.statistic == pytest.approx(ref.statistic, rel=1e-12, abs=1e-12)
                assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12, abs=1e-15)


def test_mcnemar_documented_differences_from_statsmodels():
    from statsmodels.stats.contingency_tables import mcnemar

    y = np.zeros(10, int)
    a = np.r_[1, 1, 1, np.zeros(7, int)]
    b = np.r_[0, 0, 0, 1, 1, 1, np.zeros(4, int)]  # b = c = 3
    r = pe.mcnemar_test(y, a, b, exact=False)
    assert r.statistic == 0.0 and r.pvalue == 1.0
    assert mcnemar(r.table, exact=False).statistic == pytest.approx(1 / 6)  # (|0| - 1)^2 / 6
    same = pe.mcnemar_test(y, a, a)
    assert (same.b, same.c, same.pvalue) == (0, 0, 1.0)
    with pytest.raises(ValueError, match="b \\+ c = 0"):
        pe.mcnemar_test(y, a, a, exact=False)


def test_mcnemar_any_labels_and_multiclass():
    y = ["cat", "dog", "bird", "cat", "dog", "bird"]
    a = ["cat", "dog", "cat", "cat", "dog", "bird"]
    b = ["dog", "dog", "bird", "cat", "cat", "bird"]
    r = pe.mcnemar_test(y, a, b)
    assert (r.b, r.c) == (2, 1)


# ----------------------------------------------------------------------------- 5x2cv
def _mlxtend_halves(n, seed):
    """The halvings mlxtend's 5x2cv tests draw for ``random_seed=seed``."""
    state = np.random.RandomState(seed)
    idx = np.arange(n)
    halves = []
    for _ in range(5):
        first, second = train_test_split(
            idx, test_size=0.5, random_state=state.randint(low=0, high=32767)
        )
        halves.append((first, second))
    return halves


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_5x2cv_agrees_with_mlxtend_on_the_same_halves(seed):
    from mlxtend.evaluate import combined_ftest_5x2cv, paired_ttest_5x2cv

    X, y = load_breast_cancer(return_X_y=True)
    A, B = GaussianNB(), DecisionTreeClassifier(random_state=0)
    halves = _mlxtend_halves(len(y), seed)
    t = pe.paired_ttest_5x2cv(A, B, X, y, halves=halves)
    f = pe.combined_ftest_5x2cv(A, B, X, y, halves=halves)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mt = paired_ttest_5x2cv(A, B, X, y, random_seed=seed)
        mf = combined_ftest_5x2cv(A, B, X, y, random_seed=seed)
    assert t.statistic == pytest.approx(mt[0], rel=1e-12, abs=1e-12)
    assert t.pvalue == pytest.approx(mt[1], rel=1e-12)
    assert f.statistic == pytest.approx(mf[0], rel=1e-12)
    assert f.pvalue == pytest.approx(mf[1], rel=1e-12, abs=1e-15)


def test_5x2cv_formulas_on_given_differences():
    d = np.array([[0.02, 0.01], [0.03, -0.01], [0.00, 0.02], [0.01, 0.01], [-0.02, 0.04]])
    s2 = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    t, p = _ttest_5x2(d)
    assert t == pytest.approx(0.02 / np.sqrt(s2.mean()))
    assert p == pytest.approx(2 * stats.t.sf(abs(t), 5))
    f, pf = _ftest_5x2(d)
    assert f == pytest.approx((d**2).sum() / (2 * s2.sum()))
    assert pf == pytest.approx(stats.f.sf(f, 10, 5))
    # vectorised over leading axes
    t2, _ = _ttest_5x2(np.stack([d, -d]))
    np.testing.assert_allclose(t2, [t, -t])


def test_5x2cv_exposes_the_differences_and_is_seeded():
    X, y = load_breast_cancer(return_X_y=True)
    A, B = GaussianNB(), DecisionTreeClassifier(random_state=0)
    r1 = pe.paired_ttest_5x2cv(A, B, X, y, rng=3)
    r2 = pe.combined_ftest_5x2cv(A, B, X, y, rng=3)
    np.testing.assert_array_equal(r1.differences, r2.differences)
    np.testing.assert_array_equal(r1.differences, five_by_two_differences(A, B, X, y, rng=3))
    assert (
        r1.differences.shape == (5, 2)
        and r1.df == 5
        and r1.df_denominator is None
        and (r2.df, r2.df_denominator) == (10, 5)
    )
    assert r1.statistic == pytest.approx(r1.differences[0, 0] / np.sqrt(r1.variances.mean()))


def test_5x2cv_halves_are_stratified_and_disjoint():
    from patterneval.compare.two import _random_halves

    y = np.r_[np.zeros(11, int), np.ones(6, int)]
    for first, second in _random_halves(y, np.random.default_rng(0)):
        assert np.intersect1d(first, second).size == 0
        assert np.union1d(first, second).size == y.size
        assert abs(np.sum(y[first] == 1) - np.sum(y[second] == 1)) <= 1


def test_5x2cv_metric_and_identical_classifiers():
    X, y = load_breast_cancer(return_X_y=True)
    err = pe.paired_ttest_5x2cv(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        X,
        y,
        rng=0,
        metric=lambda t, p: -np.mean(t != p),
    )
    acc = pe.paired_ttest_5x2cv(GaussianNB(), DecisionTreeClassifier(random_state=0), X, y, rng=0)
    np.testing.assert_allclose(err.differences, acc.differences, atol=1e-12)
    with pytest.raises(ValueError, match="no spread"):
        pe.paired_ttest_5x2cv(GaussianNB(), GaussianNB(), X, y, rng=0)


# ----------------------------------------------------------------------------- corrected t, Bayesian t
A10 = np.array([0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.80, 0.83, 0.84])
B10 = np.array([0.79, 0.83, 0.80, 0.80, 0.83, 0.80, 0.84, 0.78, 0.81, 0.83])


def test_corrected_ttest_formula():
    r = pe.corrected_resampled_ttest(A10, B10, n_train=90, n_test=10)
    d = A10 - B10
    t = d.mean() / np.sqrt((1 / 10 + 10 / 90) * d.var(ddof=1))
    assert r.statistic == pytest.approx(t)
    assert r.pvalue == pytest.approx(2 * stats.t.sf(abs(t), 9))
    assert r.uncorrected_statistic == pytest.approx(stats.ttest_rel(A10, B10).statistic)
    assert r.uncorrected_pvalue == pytest.approx(stats.ttest_rel(A10, B10).pvalue)
    assert r.pvalue > r.uncorrected_pvalue and r.df == 9


def test_correction_factor_matches_the_equicorrelated_variance():
    """Var(mean) / E s^2 = (1/J + rho/(1-rho)) for equicorrelated Gaussian differences."""
    J, rho = 10, 0.2
    cov = (1 - rho) * np.eye(J) + rho
    var_mean = np.ones(J) @ cov @ np.ones(J) / J**2
    expected_s2 = 1 - rho
    assert var_mean / expected_s2 == pytest.approx(1 / J + rho / (1 - rho))


@pytest.mark.parametrize("rope", [0.0, 0.005, 0.02])
def test_bayesian_correlated_ttest_agrees_with_baycomp(rope):
    from baycomp import CorrelatedTTest

    rng = np.random.default_rng(2)
    for runs in (1, 3):
        a = 0.8 + 0.02 * rng.standard_normal(10 * runs)
        b = 0.79 + 0.02 * rng.standard_normal(10 * runs)
        post = pe.bayesian_correlated_ttest(
            a, b, n_train=9, n_test=1, rope=rope
        )  # 10 folds: 1/(k-1)
        ref = CorrelatedTTest.probs(a, b, rope=rope, runs=runs)
        ours = (
            (post.p_a_better, post.p_b_better)
            if rope == 0
            else (post.p_a_better, post.p_rope, post.p_b_better)
        )
        np.testing.assert_allclose(ours, ref, rtol=1e-10, atol=1e-12)


def test_bayesian_t_with_zero_rope_is_the_one_sided_corrected_test():
    post = pe.bayesian_correlated_ttest(A10, B10, n_train=90, n_test=10)
    test = pe.corrected_resampled_ttest(A10, B10, n_train=90, n_test=10)
    assert post.p_b_better == pytest.approx(stats.t.sf(test.statistic, 9), rel=1e-12)
    assert post.p_rope == 0.0 and post.p_a_better + post.p_b_better == pytest.approx(1.0)
    assert post.rho == pytest.approx(10 / 100)


def test_bayesian_t_rope_widens_the_middle():
    probs = [
        pe.bayesian_correlated_ttest(A10, B10, n_train=90, n_test=10, rope=r).p_rope
        for r in (0.0, 0.005, 0.01, 0.05)
    ]
    assert probs == sorted(probs) and probs[-1] > 0.9


def test_zero_variance_differences_raise():
    with pytest.raises(ValueError, match="all equal"):
        pe.corrected_resampled_ttest(A10, A10 - 0.01, n_train=9, n_test=1)
    with pytest.raises(ValueError, match="all equal"):
        pe.bayesian_correlated_ttest(A10, A10, n_train=9, n_test=1)


def test_round_off_is_not_variance():
    a = np.array([0.1, 0.7, 0.3, 0.9]) + 0.2
    b = np.array([0.1, 0.7, 0.3, 0.9])
    assert np.ptp(a - b) > 0  # 0.2 added in floating point: the differences differ in the last bits
    with pytest.raises(ValueError, match="all equal"):
        pe.corrected_resampled_ttest(a, b, n_train=3, n_test=1)


# ----------------------------------------------------------------------------- degenerate statistics
class _RoundOffMetric:
    """Accuracy for A; for B the same accuracy through another floating-point path, so that
    A - B is round-off (calls alternate A, B as five_by_two_differences makes them)."""

    def __init__(self):
        self.calls = 0

    def __call__(self, y_true, y_pred):
        self.calls += 1
        acc = float(np.mean(y_true == y_pred))
        return acc if self.calls % 2 else (acc + 0.1) - 0.1


def test_5x2cv_round_off_spread_is_no_spread():
    """Identical predictions scored along two floating-point paths: the differences are
    round-off (some nonzero), every s_i^2 is ~1e-34, and the old `variances > 0` rule
    returned a t of ~1e15 standard errors; the relative rule refuses it."""
    X, y = load_breast_cancer(return_X_y=True)
    d = five_by_two_differences(GaussianNB(), GaussianNB(), X, y, rng=0, metric=_RoundOffMetric())
    assert np.any(d != 0) and np.abs(d).max() < 1e-15
    for test in (pe.paired_ttest_5x2cv, pe.combined_ftest_5x2cv):
        with pytest.raises(ValueError, match="up to round-off"):
            test(GaussianNB(), GaussianNB(), X, y, rng=0, metric=_RoundOffMetric())


def test_5x2cv_one_replication_with_spread_is_enough():
    from patterneval.compare.two import _five_by_two_test

    scores = np.full((5, 2, 2), 0.8)
    scores[2, 1, 1] = 0.75
    r = _five_by_two_test(scores, _ttest_5x2, "paired t", (5,))
    assert r.statistic == 0.0 and r.pvalue == 1.0  # d_1^(1) = 0 with a positive variance


def test_mcnemar_no_discordant_pairs_rule():
    """b + c = 0: the exact conditional test has a one-point null distribution, p = 1
    (statsmodels agrees); the chi-square statistic is 0/0 and raises."""
    from statsmodels.stats.contingency_tables import mcnemar

    y = np.r_[np.zeros(10, int), np.ones(10, int)]
    pred = np.r_[np.zeros(12, int), np.ones(8, int)]
    r = pe.mcnemar_test(y, pred, pred)
    assert (r.method, r.statistic, r.pvalue) == ("exact", 0.0, 1.0)
    assert mcnemar(r.table, exact=True).pvalue == 1.0
    with pytest.raises(ValueError, match="0/0"):
        pe.mcnemar_test(y, pred, pred, exact=False, correction=False)


def test_vectorised_cores_are_the_public_functions():
    from patterneval.compare.two import _corrected_t, _mcnemar

    b, c = np.array([0, 3, 12, 30, 7]), np.array([0, 9, 12, 11, 7])
    for exact in (None, True):
        for correction in (True, False):
            stat, p, used = _mcnemar(b, c, exact, correction)
            for i in range(b.size):
                y = np.zeros(b[i] + c[i] + 2, int)
                pa = np.r_[np.zeros(b[i], int), np.ones(c[i], int), 0, 1]
                pb = np.r_[np.ones(b[i], int), np.zeros(c[i], int), 0, 1]
                r = pe.mcnemar_test(y, pa, pb, exact=exact, correction=correction)
                assert (r.statistic, r.pvalue, r.method == "exact") == (stat[i], p[i], used[i])
    d = np.stack([A10 - B10, B10 - A10[::-1]])
    mean, se, t, p, naive, p_naive = _corrected_t(d, 10 / 90)
    for i, (a, bb) in enumerate(((A10, B10), (B10, A10[::-1]))):
        r = pe.corrected_resampled_ttest(a, bb, n_train=90, n_test=10)
        assert (r.statistic, r.pvalue, r.uncorrected_pvalue, r.std_error) == (
            t[i],
            p[i],
            p_naive[i],
            se[i],
        )


def test_bayesian_t_refuses_round_off_variance():
    """baycomp returns a point mass (certainty) when the differences are equal; the posterior
    under the 1/sigma^2 prior is improper there, and this function says so."""
    from baycomp import CorrelatedTTest

    a = np.array([0.1, 0.7, 0.3, 0.9]) + 0.2
    b = np.array([0.1, 0.7, 0.3, 0.9])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = CorrelatedTTest.probs(a, a - 0.01, rope=0.001, runs=1)
    assert max(ref) == 1.0  # certainty from four identical differences
    with pytest.raises(ValueError, match="all equal"):
        pe.bayesian_correlated_ttest(a, b, n_train=3, n_test=1, rope=0.01)


@pytest.mark.parametrize("n, k", [(570, 10), (569, 10), (101, 5), (100, 5)])
def test_kfold_ratio_is_one_over_k_minus_one_only_when_k_divides_n(n, k):
    """The chapter "Two classifiers": n_test/n_train over the folds of k-fold CV averages
    1/(k-1) exactly when k divides N, and more than that otherwise (x/(N-x) is convex)."""
    from sklearn.model_selection import KFold

    ratios = [len(te) / len(tr) for tr, te in KFold(k).split(np.zeros(n))]
    if n % k == 0:
        assert np.mean(ratios) == pytest.approx(1 / (k - 1), rel=1e-14)
    else:
        assert np.mean(ratios) > 1 / (k - 1) * (1 + 1e-9)
