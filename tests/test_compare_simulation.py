"""The simulation of the chapter "Two classifiers" (Dietterich 1998's study, cheaply):
type-I errors, the stored rejection grid, and the pieces the simulation is built from."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import patterneval as pe
from patterneval.book import two_classifiers as simulation
from patterneval.book.two_classifiers import (
    TESTS,
    _correct,
    _five_by_two_p,
    _positions,
    _resampled_t_p,
    ideal_five_by_two_size,
    load_rejection_grid,
    rejection_grid,
    separation_for_error,
    simulate_two_classifier_tests,
)
from patterneval.compare import two

GRID = (
    Path(__file__).resolve().parent.parent / "book" / "part5" / "data" / "two-classifier-tests.json"
)


def test_separation_gives_the_error():
    for eps in (0.1, 0.25, 0.4):
        assert stats.norm.cdf(-separation_for_error(eps) / 2) == pytest.approx(eps)
    with pytest.raises(
        ValueError, match=r"^error must be an array of values in \(0, 0.5\]; got 0.6"
    ):
        separation_for_error(0.6)


def test_positions_are_permutations_within_each_class():
    ranks = _positions(np.random.default_rng(0), (3, 4), 5)
    assert ranks.shape == (3, 4, 10)
    np.testing.assert_array_equal(
        np.sort(ranks[..., :5], axis=-1), np.broadcast_to(np.arange(5), (3, 4, 5))
    )
    np.testing.assert_array_equal(
        np.sort(ranks[..., 5:], axis=-1), np.broadcast_to(np.arange(5), (3, 4, 5))
    )


def test_nearest_mean_rules_match_a_direct_fit():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((2, 12, 2)) + np.repeat([-1.0, 1.0], 6)[None, :, None]
    y = np.repeat([0, 1], 6)
    test = np.zeros((2, 1, 12), bool)
    test[:, 0, [0, 1, 6, 7]] = True
    correct = _correct(X, (y == 1)[None, None, :], test)
    for r in range(2):
        for j in range(2):
            x = X[r, :, j]
            train = ~test[r, 0]
            m0, m1 = x[train & (y == 0)].mean(), x[train & (y == 1)].mean()
            pred = (np.abs(x - m1) < np.abs(x - m0)).astype(int)
            np.testing.assert_array_equal(correct[j, r, 0], pred == y)


def test_simulation_p_values_are_the_library_functions():
    """Row by row, the vectorised p-values equal those of the public functions exactly (the
    wiring: argument order, NaN rules), and both equal the published formulas written out
    here with SciPy (Nadeau & Bengio's corrected t, McNemar's exact and continuity-corrected
    tests, Dietterich's 5x2cv t and Alpaydin's F), so a formula wrong in both fails too."""
    rng = np.random.default_rng(2)
    a, b = rng.integers(0, 60, (4, 30)) / 60, rng.integers(0, 60, (4, 30)) / 60
    corrected, naive = _resampled_t_p(a - b, np.maximum(a, b).max(axis=1), 10 / 20)
    for r in range(4):
        ref = pe.corrected_resampled_ttest(a[r], b[r], n_train=20, n_test=10)
        assert (corrected[r], naive[r]) == (ref.pvalue, ref.uncorrected_pvalue)
        d = a[r] - b[r]
        t_nb = d.mean() / np.sqrt((1 / d.size + 10 / 20) * d.var(ddof=1))
        t_naive = d.mean() / np.sqrt(d.var(ddof=1) / d.size)
        assert corrected[r] == pytest.approx(2 * stats.t.sf(abs(t_nb), d.size - 1), rel=1e-10)
        assert naive[r] == pytest.approx(2 * stats.t.sf(abs(t_naive), d.size - 1), rel=1e-10)
    for bb, cc in ((3, 9), (20, 12), (0, 0), (5, 5), (30, 12), (13, 13)):
        y = np.zeros(bb + cc + 3, int)
        pa = np.r_[np.zeros(bb, int), np.ones(cc, int), 0, 1, 0]
        pb = np.r_[np.ones(bb, int), np.zeros(cc, int), 0, 1, 0]
        p_sim = two._mcnemar(np.array([bb]), np.array([cc]), None, True)[1][0]
        assert p_sim == pe.mcnemar_test(y, pa, pb).pvalue
        if bb + cc == 0:
            expected = 1.0
        elif bb + cc < 25:  # exact: the binomial test of b against Bin(b + c, 1/2)
            expected = stats.binomtest(bb, bb + cc, 0.5).pvalue
        else:  # Edwards' continuity correction
            expected = stats.chi2.sf(max(abs(bb - cc) - 1, 0) ** 2 / (bb + cc), 1)
        assert p_sim == pytest.approx(expected, rel=1e-10)
    scores = rng.integers(0, 40, (3, 5, 2, 2)) / 40
    t, f = _five_by_two_p(scores[..., 0] - scores[..., 1], scores.max(axis=(1, 2, 3)))
    for r in range(3):
        assert t[r] == two._five_by_two_test(scores[r], two._ttest_5x2, "paired t", (5,)).pvalue
        assert (
            f[r] == two._five_by_two_test(scores[r], two._ftest_5x2, "combined F", (10, 5)).pvalue
        )
        d = scores[r, ..., 0] - scores[r, ..., 1]  # (replication, fold)
        s2 = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)  # Dietterich's s_i^2
        t_d = d[0, 0] / np.sqrt(s2.mean())
        f_a = (d**2).sum() / (2 * s2.sum())
        assert t[r] == pytest.approx(2 * stats.t.sf(abs(t_d), 5), rel=1e-10)
        assert f[r] == pytest.approx(stats.f.sf(f_a, 10, 5), rel=1e-10)


def test_undefined_replicates_are_nan_and_never_reject():
    """Where the library raises (no spread up to round-off), the study records NaN and no
    rejection; it used to reject whenever the common difference was not 0."""
    d = np.array([[0.1, 0.1, 0.1], [0.0, 0.0, 0.0], [0.3 - 0.2, 0.1, 0.1]])
    corrected, naive = _resampled_t_p(d, np.array([0.9, 0.9, 0.9]), 0.5)
    assert np.all(np.isnan(corrected)) and np.all(np.isnan(naive))
    with pytest.raises(ValueError, match="all equal"):
        pe.corrected_resampled_ttest(
            np.r_[0.4, 0.3, 0.3], np.r_[0.1, 0.1, 0.2] + np.r_[0.2, 0.1, 0.0], n_train=2, n_test=1
        )
    same = np.tile([[0.05, 0.05]], (2, 5, 1))
    t, f = _five_by_two_p(same, np.array([0.9, 0.9]))
    assert np.all(np.isnan(t)) and np.all(np.isnan(f))
    sim = simulate_two_classifier_tests(n_samples=30, n_datasets=20, rng=0)
    assert sim.undefined.shape == (6,) and np.all(sim.rejection_rate <= 1)


def test_a_wrong_library_formula_shows_in_the_study(monkeypatch):
    """The study calls the library's code: drop the Nadeau-Bengio term from the library's
    corrected t and the simulated type-I error of the "corrected" test jumps."""
    honest = simulate_two_classifier_tests(n_samples=100, n_datasets=300, rng=4)
    corrected_t = two._corrected_t
    monkeypatch.setattr(two, "_corrected_t", lambda d, ratio: corrected_t(d, 0.0))
    broken = simulate_two_classifier_tests(n_samples=100, n_datasets=300, rng=4)
    k = TESTS.index("corrected resampled t")
    assert honest.rejection_rate[k] < 0.1 < 0.4 < broken.rejection_rate[k]
    assert broken.rejection_rate[k] == broken.rejection_rate[TESTS.index("resampled t")]
    assert simulation._two is two


def test_type_one_errors_reproduce_dietterich():
    """Under the null the naive resampled t-test rejects far more than 5%; McNemar, the
    corrected test, the 10-fold CV t and the 5x2cv tests stay within 3 SE of 5% or below."""
    sim = simulate_two_classifier_tests(n_samples=100, n_datasets=600, rng=11)
    rate, se = sim.rejection_rate, sim.std_error
    resampled = TESTS.index("resampled t")
    assert rate[resampled] > 0.4
    for k, test in enumerate(TESTS):
        if k != resampled:
            assert rate[k] <= 0.05 + 3 * max(se[k], np.sqrt(0.05 * 0.95 / 600)), test


def test_power_grows_with_the_effect():
    small = simulate_two_classifier_tests(n_samples=100, effect=0.0, n_datasets=300, rng=3)
    large = simulate_two_classifier_tests(n_samples=100, effect=0.1, n_datasets=300, rng=3)
    assert np.all(large.rejection_rate >= small.rejection_rate)


def test_simulation_is_seeded_and_validated():
    a = simulate_two_classifier_tests(n_samples=40, n_datasets=30, rng=5)
    b = simulate_two_classifier_tests(n_samples=40, n_datasets=30, rng=5)
    np.testing.assert_array_equal(a.pvalues, b.pvalues)
    with pytest.raises(ValueError, match=r"^n_samples must be an even integer"):
        simulate_two_classifier_tests(n_samples=41)
    with pytest.raises(ValueError, match=r"^effect must be below 0.5 - error"):
        simulate_two_classifier_tests(error=0.4, effect=0.2)
    with pytest.raises(ValueError, match=r"^n_samples must be an integer >= 30"):
        simulate_two_classifier_tests(n_samples=20)


def test_stored_grid_replays_and_round_trips(tmp_path):
    grid = load_rejection_grid(GRID)
    assert grid.counts.shape == (grid.n_samples.size, grid.effects.size, len(TESTS))
    assert grid.replay(40, 0.0) and grid.replay(40, 0.1)
    small = rejection_grid((40,), (0.0, 0.02), n_datasets=15)
    small.to_json(tmp_path / "g.json")
    back = load_rejection_grid(tmp_path / "g.json")
    np.testing.assert_array_equal(back.counts, small.counts)
    assert back.tests == TESTS


def test_stored_grid_shows_the_point_of_the_chapter():
    grid = load_rejection_grid(GRID)
    null = grid.rejection_rate[:, 0]
    assert np.all(null[:, TESTS.index("resampled t")] > 0.5)
    others = np.delete(null, TESTS.index("resampled t"), axis=1)
    assert np.all(others < 0.05 + 3 * np.sqrt(0.05 * 0.95 / grid.n_datasets))


def test_more_splits_make_only_the_naive_test_worse():
    """The chapter's exercise 3: with J random 2/3-1/3 splits the naive resampled t's type-I
    error grows with J, the corrected test's does not."""
    rates = {
        J: simulate_two_classifier_tests(n_samples=100, n_datasets=400, cv=J, rng=8).rejection_rate
        for J in (5, 30, 100)
    }
    naive, corrected = TESTS.index("resampled t"), TESTS.index("corrected resampled t")
    assert rates[5][naive] < rates[30][naive] < rates[100][naive]
    assert rates[100][naive] > 0.5
    assert all(r[corrected] <= 0.05 + 3 * np.sqrt(0.05 * 0.95 / 400) for r in rates.values())


def test_a_splitter_or_pairs_as_cv():
    """cv= an int (J random 2/3-1/3 splits), a splitter or (train, test) pairs, whose
    splits serve every data set; the same rng gives the same data sets whatever cv."""
    from sklearn.model_selection import KFold, RepeatedStratifiedKFold, StratifiedShuffleSplit

    y = np.repeat([0, 1], 50)
    splitter = StratifiedShuffleSplit(30, test_size=1 / 3, random_state=0)
    sim = simulate_two_classifier_tests(n_samples=100, n_datasets=400, cv=splitter, rng=8)
    assert sim.cv is splitter and sim.pvalues.shape == (400, 6)
    naive, corrected = TESTS.index("resampled t"), TESTS.index("corrected resampled t")
    assert sim.rejection_rate[naive] > 0.3
    assert sim.rejection_rate[corrected] <= 0.05 + 3 * np.sqrt(0.05 * 0.95 / 400)
    pairs = list(splitter.split(np.zeros((100, 1)), y))
    same = simulate_two_classifier_tests(n_samples=100, n_datasets=400, cv=pairs, rng=8)
    np.testing.assert_array_equal(same.pvalues, sim.pvalues)
    assert len(same.cv) == 30
    # the data sets are drawn before the splits: the 5x2cv tests see the same data whatever cv
    other = simulate_two_classifier_tests(
        n_samples=100,
        n_datasets=40,
        cv=RepeatedStratifiedKFold(n_splits=10, n_repeats=3, random_state=0),
        rng=8,
    )
    assert other.rejection_rate.shape == (6,)
    with pytest.raises(ValueError, match=r"^cv must be an integer >= 2"):
        simulate_two_classifier_tests(cv=1)
    with pytest.raises(ValueError, match=r"^cv must be at least two \(train, test\) splits"):
        simulate_two_classifier_tests(n_samples=100, cv=pairs[:1])
    with pytest.raises(
        ValueError, match=r"^cv must be splits whose training parts hold both classes"
    ):
        simulate_two_classifier_tests(n_samples=100, cv=KFold(2))
    with pytest.raises(
        ValueError, match=r"^cv must be splits that train on every sample they do not test"
    ):
        simulate_two_classifier_tests(
            n_samples=100, cv=StratifiedShuffleSplit(5, test_size=0.3, train_size=0.3)
        )
    with pytest.raises(TypeError, match=r"^cv must be"):
        simulate_two_classifier_tests(cv=2.5)


def test_rejection_grid_takes_rng_and_cv():
    from sklearn.model_selection import StratifiedShuffleSplit

    drawn = rejection_grid((40,), (0.0,), n_datasets=10, rng=None)
    assert isinstance(drawn.rng, int) and drawn.replay(40, 0.0)
    split = rejection_grid(
        (40,), (0.0,), n_datasets=10, cv=StratifiedShuffleSplit(5, test_size=1 / 3, random_state=0)
    )
    assert split.replay(40, 0.0)
    with pytest.raises(ValueError, match=r"^to_json writes a grid whose cv is an int"):
        split.to_json("unused.json")
    with pytest.raises(ValueError, match=r"^rng must be an integer >= 0"):
        rejection_grid((40,), (0.0,), rng=-1)


@pytest.mark.parametrize("func", [simulate_two_classifier_tests, rejection_grid])
@pytest.mark.parametrize("old, new", [("n_splits", "cv"), ("seed", "rng"), ("random_state", "rng")])
def test_retired_keywords_name_cv_and_rng(func, old, new):
    with pytest.raises(TypeError, match=rf"^{func.__name__}\(\) takes {new}=, not {old}="):
        func(**{old: 30})


@pytest.mark.parametrize("alpha", [0.05, 0.1])
def test_five_by_two_f_under_ideal_assumptions_is_half_plus_half_f55(alpha):
    # ten independent normal differences: the library's F test rejects as often as
    # P(F(5,5) > 2 c - 1), c the F(10,5) critical value, not alpha (A3 fails)
    res = ideal_five_by_two_size(alpha=alpha, n_datasets=100_000, rng=7)
    f_rate, f_se = res.rejection_rate[1], res.std_error[1]
    assert abs(f_rate - res.f_size_exact) < 4 * f_se
    assert res.f_size_exact < alpha / 2
    if alpha == 0.05:  # the chapter's "1.75 %"
        assert round(res.f_size_exact, 4) == 0.0175


def test_five_by_two_t_under_ideal_assumptions_is_conservative():
    res = ideal_five_by_two_size(n_datasets=100_000, rng=8)
    t_rate, t_se = res.rejection_rate[0], res.std_error[0]
    assert abs(t_rate - 0.028) < 4 * t_se + 0.001  # about 0.028 at alpha = 0.05, not 0.05
    assert res.alpha - t_rate > 20 * t_se
    assert res.to_frame().index.tolist() == ["5x2cv t", "5x2cv F"]
