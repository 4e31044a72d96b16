"""ROC, AUC and DeLong (patterneval.compare.roc): peers, a slow reference written from the
1988 paper's structural components, ties, bad input and coverage by simulation."""

import numpy as np
import pytest
from sklearn import metrics

import patterneval as pe
from patterneval.book.roc_auc import (
    binormal_roc,
    binormal_scores,
    delong_rows,
    simulate_delong_coverage,
)
from patterneval.compare.roc import delong_interval, delong_test, roc_auc, roc_curve


# ---------------------------------------------------------------- the slow reference
def psi(x, y):
    """DeLong et al. (1988), eq. (1): 1 if x > y, 1/2 if x = y, 0 if x < y."""
    return (x > y) + 0.5 * (x == y)


def slow_delong(y, score_sets):
    """O(mn) structural components and covariance, straight from the 1988 paper:
    V10(X_i) = mean_j psi(X_i, Y_j), V01(Y_j) = mean_i psi(X_i, Y_j),
    S10[r, s] = sum_i (V10^r(X_i) - theta^r)(V10^s(X_i) - theta^s) / (m - 1), likewise S01,
    S = S10 / m + S01 / n."""
    y = np.asarray(y, dtype=bool)
    k = len(score_sets)
    m, n = y.sum(), (~y).sum()
    v10 = np.empty((k, m))
    v01 = np.empty((k, n))
    theta = np.empty(k)
    for r, s in enumerate(score_sets):
        s = np.asarray(s, dtype=float)
        X, Y = s[y], s[~y]
        table = np.array([[psi(xi, yj) for yj in Y] for xi in X])  # m x n
        theta[r] = table.sum() / (m * n)
        v10[r] = table.mean(axis=1)
        v01[r] = table.mean(axis=0)
    S10 = np.array(
        [
            [np.sum((v10[r] - theta[r]) * (v10[s] - theta[s])) / (m - 1) for s in range(k)]
            for r in range(k)
        ]
    )
    S01 = np.array(
        [
            [np.sum((v01[r] - theta[r]) * (v01[s] - theta[s])) / (n - 1) for s in range(k)]
            for r in range(k)
        ]
    )
    return theta, S10 / m + S01 / n


def _data(seed, n=80, ties=False):
    gen = np.random.default_rng(seed)
    y = gen.integers(0, 2, n)
    y[:2], y[2:4] = 0, 1
    s = gen.normal(size=n) + y
    if ties:
        s = np.round(s * 2) / 2  # many tied scores, within and across classes
    return y, s


# ---------------------------------------------------------------- AUC and curve against scikit-learn
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("ties", [False, True])
def test_auc_matches_sklearn(seed, ties):
    y, s = _data(seed, n=50 + 37 * seed, ties=ties)
    assert abs(roc_auc(y, s) - metrics.roc_auc_score(y, s)) <= 1e-12


@pytest.mark.parametrize("seed", range(4))
def test_roc_curve_matches_sklearn(seed):
    y, s = _data(seed, ties=True)
    ours = roc_curve(y, s)
    fpr, tpr, thr = metrics.roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(ours.fpr, fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(ours.tpr, tpr, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(ours.thresholds[1:], thr[1:])
    assert abs(ours.auc - roc_auc(y, s)) <= 1e-12


def test_auc_is_the_mann_whitney_statistic():
    from scipy.stats import mannwhitneyu

    y, s = _data(7, ties=True)
    u = mannwhitneyu(s[y == 1], s[y == 0]).statistic
    assert abs(roc_auc(y, s) - u / ((y == 1).sum() * (y == 0).sum())) <= 1e-12


def test_auc_of_tied_scores_counts_one_half():
    assert roc_auc([0, 1], [0.3, 0.3]) == 0.5
    assert roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8]) == 0.875
    assert roc_auc([0, 0, 1], [1.0, 1.0, 1.0]) == 0.5


def test_auc_is_exact_and_invariant_under_monotone_maps():
    y, s = _data(3)
    a = roc_auc(y, s)
    assert roc_auc(y, np.exp(s)) == a
    assert roc_auc(y, -s) == pytest.approx(1 - a, abs=1e-15)
    assert roc_auc(1 - y, s) == pytest.approx(1 - a, abs=1e-15)
    m, n = (y == 1).sum(), (y == 0).sum()
    assert (a * m * n) == round(a * m * n * 2) / 2  # a whole number of half pairs


def test_labels_and_pos_label():
    y = np.array(["no", "no", "yes", "yes"])
    s = [0.1, 0.4, 0.35, 0.8]
    assert roc_auc(y, s) == 0.75  # "yes" is the greater label
    assert roc_auc(y, s, pos_label="no") == 0.25
    assert roc_auc([-1, -1, 1, 1], s) == 0.75


# ---------------------------------------------------------------- DeLong against the reference
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("ties", [False, True])
def test_delong_variance_matches_the_slow_reference(seed, ties):
    y, s = _data(seed, n=40 + 11 * seed, ties=ties)
    res = delong_interval(y, s)
    theta, S = slow_delong(y, [s])
    assert abs(res.statistic - theta[0]) <= 1e-12
    assert abs(res.std_error**2 - S[0, 0]) <= 1e-12
    np.testing.assert_allclose(res.v10.mean(), theta[0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(res.v01.mean(), theta[0], rtol=0, atol=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_delong_test_matches_the_slow_reference(seed):
    y, a = _data(seed, ties=True)
    b = np.round(a + np.random.default_rng(seed + 50).normal(scale=0.8, size=a.size), 1)
    res = delong_test(y, a, b)
    theta, S = slow_delong(y, [a, b])
    np.testing.assert_allclose([res.auc_a, res.auc_b], theta, rtol=0, atol=1e-12)
    np.testing.assert_allclose(res.covariance, S, rtol=0, atol=1e-12)
    z = (theta[0] - theta[1]) / np.sqrt(S[0, 0] + S[1, 1] - 2 * S[0, 1])
    assert res.statistic == pytest.approx(z, rel=1e-10)
    from scipy.stats import norm

    assert res.pvalue == pytest.approx(2 * norm.sf(abs(z)), rel=1e-10)
    one_sided = delong_test(y, a, b, alternative="greater")
    assert one_sided.pvalue == pytest.approx(norm.sf(z), rel=1e-10)
    assert delong_test(y, b, a).statistic == pytest.approx(-res.statistic, rel=1e-12)


COLLAPSED_DIFFERENCE = r"^the estimated variance of the AUC difference is 0: .*no spread"


def test_delong_test_of_identical_and_of_equivalent_rankings_is_0_over_0():
    # the variance of the difference is 0 and so is the difference: z = 0/0
    y, a = _data(11)
    with pytest.raises(
        ValueError, match=COLLAPSED_DIFFERENCE + r"; the AUCs are equal too, so z is 0/0"
    ):
        delong_test(y, a, a)
    with pytest.raises(ValueError, match=COLLAPSED_DIFFERENCE + r"; the AUCs are equal too"):
        delong_test(y, a, 3 * a + 1)  # the same ranking


def test_delong_test_refuses_an_infinite_z_from_a_variance_of_0():
    # two positives and two negatives, A perfect and B constant: every component of
    # A is 1 and of B 1/2, so the variance of the difference is 0 while the AUCs differ by 1/2;
    # the old code returned z = inf, p = 0 and a zero-width interval
    y = [0, 0, 1, 1]
    with pytest.raises(
        ValueError,
        match=COLLAPSED_DIFFERENCE + r"; the AUCs differ by 0.5, so z would be "
        r"infinite .* Use more samples",
    ):
        delong_test(y, [0.1, 0.2, 0.8, 0.9], [0.5, 0.5, 0.5, 0.5])
    with pytest.raises(ValueError, match=r"the AUCs differ by -0.5"):
        delong_test(y, [0.5, 0.5, 0.5, 0.5], [0.1, 0.2, 0.8, 0.9])
    with pytest.raises(
        ValueError, match=r"the AUCs differ by 1,"
    ):  # perfect against perfectly inverted
        delong_test(y, [0.1, 0.2, 0.8, 0.9], [0.9, 0.8, 0.2, 0.1])


def test_delong_test_with_one_perfect_ranking_has_an_undefined_correlation():
    # A perfect (its variance 0), B not: the test rests on B's variance and is defined, but the
    # correlation of the two AUCs is 0/0 (the old code reported 0)
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    a = np.array([0.0, 0.1, 0.2, 0.3, 0.8, 0.9, 1.0, 1.1])
    b = np.array([0.1, 0.3, 0.2, 0.6, 0.7, 0.4, 0.9, 0.8])
    res = delong_test(y, a, b)
    theta, S = slow_delong(y, [a, b])
    assert S[0, 0] == 0 and np.isnan(res.correlation)
    assert res.std_error == pytest.approx(np.sqrt(S[1, 1]), rel=1e-12)
    assert np.isfinite(res.statistic) and res.low < res.difference < res.high


def test_delong_rows_match_one_at_a_time():
    _, s = binormal_scores(0.8, 15, 20, n_datasets=6, rng=4)
    auc, se = delong_rows(s[:, :15], s[:, 15:])
    y = np.r_[np.ones(15), np.zeros(20)]
    for r in range(6):
        res = delong_interval(y, s[r])
        assert auc[r] == res.statistic
        assert se[r] == pytest.approx(res.std_error, rel=1e-12)


# ---------------------------------------------------------------- intervals stay in [0, 1]
def test_logit_interval_stays_inside_and_clip_is_cut():
    # a near-perfect ranking: the Wald interval reaches past 1
    y = np.r_[np.zeros(10), np.ones(10)]
    s = np.r_[np.arange(10), np.arange(9, 19)].astype(float)
    res = delong_interval(y, s)
    assert res.statistic + 1.96 * res.std_error > 1  # the raw Wald end leaves [0, 1]
    assert 0 < res.low < res.statistic < res.high < 1
    clip = delong_interval(y, s, transform="clip")
    assert clip.high == 1.0 and clip.low == pytest.approx(
        res.statistic - 1.959963984540054 * res.std_error
    )
    assert res.confidence_interval(transform="clip") == (clip.low, clip.high)
    wide = res.confidence_interval(0.999)
    assert wide.low < res.low and wide.high > res.high and wide.high < 1


@pytest.mark.parametrize("seed", range(20))
def test_every_logit_interval_is_inside_the_unit_interval(seed):
    y, s = binormal_scores(0.97, 6, 9, rng=seed)
    if roc_auc(y, s) == 1.0:  # a perfect separation has no DeLong interval
        with pytest.raises(ValueError, match=COLLAPSED_AUC):
            delong_interval(y, s, confidence_level=0.99)
        return
    res = delong_interval(y, s, confidence_level=0.99)
    assert 0 <= res.low <= res.statistic <= res.high <= 1


COLLAPSED_AUC = r"^the DeLong variance of the AUC is 0: .*the interval would be the single point"


@pytest.mark.parametrize(
    ("scores", "auc"),
    [([0.1, 0.2, 0.8, 0.9], "1"), ([0.9, 0.8, 0.2, 0.1], "0"), ([0.5, 0.5, 0.5, 0.5], "0.5")],
)
@pytest.mark.parametrize("transform", ["logit", "clip"])
def test_a_variance_of_0_is_refused_not_a_point_interval(scores, auc, transform):
    # perfect, perfectly inverted and all-tied rankings have DeLong variance 0; the
    # old code returned the zero-width interval [auc, auc]
    with pytest.raises(ValueError, match=COLLAPSED_AUC + rf" {auc}\. .*use more samples"):
        delong_interval([0, 0, 1, 1], scores, transform=transform)
    with pytest.raises(ValueError, match=COLLAPSED_AUC):
        delong_interval(
            np.r_[np.zeros(50), np.ones(70)],
            np.r_[np.zeros(50), np.ones(70)] + 0.001 * np.arange(120),
        )


def test_delong_rows_give_exactly_0_for_a_collapsed_variance_and_the_simulation_counts_them():
    pos = np.array([[0.8, 0.9, 1.0], [0.1, 0.5, 0.9]])
    neg = np.array([[0.1, 0.2, 0.3], [0.2, 0.4, 0.6]])
    auc, se = delong_rows(pos, neg)
    assert auc[0] == 1.0 and se[0] == 0.0 and se[1] > 0
    cov = simulate_delong_coverage(0.995, 10, 10, n_datasets=2000, rng=0)
    # perfect separations are common here; they count as misses (a point at 1 misses 0.995)
    assert 0.5 < cov.degenerate < 1 and cov.coverage <= 1 - cov.degenerate
    assert cov.above >= cov.degenerate


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("y", [[0, 1, 1, 1, 1], [1, 0, 0, 0, 0]])
def test_single_positive_or_negative_is_a_clear_error(y):
    s = [0.1, 0.2, 0.3, 0.4, 0.5]
    assert 0 <= roc_auc(y, s) <= 1  # the AUC itself is defined
    with pytest.raises(
        ValueError,
        match=r"^y_true must be labels of at least two positive and two negative samples",
    ):
        delong_interval(y, s)
    with pytest.raises(
        ValueError,
        match=r"^y_true must be labels of at least two positive and two negative samples",
    ):
        delong_test(y, s, s)


@pytest.mark.parametrize("func", [roc_auc, roc_curve, delong_interval])
def test_single_class_and_lengths(func):
    with pytest.raises(
        ValueError, match=r"^y_true must be labels of both classes .*; got only positive samples"
    ):
        func([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="scores has 2 entries but y_true has 3"):
        func([0, 1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="scores holds 1 NaN"):
        func([0, 1, 1], [0.1, np.nan, 0.3])
    with pytest.raises(ValueError, match=r"^y_true must be labels of two classes .*; got 3"):
        func([0, 1, 2], [0.1, 0.2, 0.3])


def test_delong_test_names_the_bad_vector():
    with pytest.raises(ValueError, match="scores_b has 3 entries"):
        delong_test([0, 0, 1, 1], [1, 2, 3, 4], [1, 2, 3])


# ---------------------------------------------------------------- the binormal model and coverage
def test_binormal_model_area():
    fpr = np.linspace(0, 1, 20001)
    for auc, sigma in [(0.7, 1.0), (0.9, 2.0), (0.6, 0.5)]:
        tpr = binormal_roc(fpr, auc, sigma=sigma)
        assert np.trapezoid(tpr, fpr) == pytest.approx(auc, abs=1e-4)
    y, s = binormal_scores(0.85, 4000, 4000, sigma=1.5, rng=0)
    se = delong_interval(y, s).std_error
    assert abs(roc_auc(y, s) - 0.85) < 4 * se


def test_delong_standard_error_matches_the_spread_of_the_estimates():
    cov = simulate_delong_coverage(0.8, 100, 150, n_datasets=3000, rng=5)
    # sd of R estimates has relative MC error about 1/sqrt(2R) = 1.3 %; allow 4 of them
    assert cov.mean_std_error == pytest.approx(cov.sd_auc, rel=4 / np.sqrt(2 * 3000))
    assert abs(cov.mean_auc - 0.8) < 4 * cov.sd_auc / np.sqrt(3000)


@pytest.mark.parametrize("transform", ["logit", "clip"])
def test_coverage_is_nominal_for_a_moderate_auc(transform):
    cov = simulate_delong_coverage(0.75, 200, 200, transform=transform, n_datasets=4000, rng=2026)
    assert abs(cov.coverage - 0.95) <= 4 * cov.std_error, cov


def test_logit_beats_clipping_near_one():
    logit = simulate_delong_coverage(0.95, 20, 20, n_datasets=4000, rng=7)
    clip = simulate_delong_coverage(0.95, 20, 20, transform="clip", n_datasets=4000, rng=7)
    se = np.hypot(logit.std_error, clip.std_error)
    assert logit.coverage - clip.coverage > 4 * se
    assert clip.coverage < 0.95 - 4 * clip.std_error  # clipping undercovers here
    assert abs(logit.coverage - 0.95) < abs(clip.coverage - 0.95)


def test_the_simulation_needs_two_data_sets_for_the_spread_of_the_estimates():
    # the old code reported sd_auc = 0 for a single data set
    with pytest.raises(ValueError, match=r"^n_datasets must be an integer >= 2; got 1"):
        simulate_delong_coverage(0.8, 10, 10, n_datasets=1, rng=0)


def test_simulation_is_reproducible_and_chunking_does_not_matter(monkeypatch):
    import patterneval.book.roc_auc as roc

    a = simulate_delong_coverage(0.8, 10, 12, n_datasets=300, rng=9)
    monkeypatch.setattr(roc, "_CHUNK_ENTRIES", 50)
    b = simulate_delong_coverage(0.8, 10, 12, n_datasets=300, rng=9)
    assert a == b or repr(a) == repr(b)


def test_top_level_exports():
    for name in ("roc_auc", "roc_curve", "delong_interval", "delong_test"):
        assert getattr(pe, name) is globals()[name]
