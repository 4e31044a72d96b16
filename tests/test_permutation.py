"""permutation_test and signal_tests: agreement with scikit-learn, the (b + 1) / (m + 1) rule,
validity under the null, prefixes (head), n_jobs invariance, and bad input."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import NoPredict, assert_displays, bad_input_test
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.linear_model import LinearRegression, LogisticRegression, RidgeClassifier
from sklearn.model_selection import KFold, StratifiedKFold, permutation_test_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

import patterneval as pe
from patterneval.book import simulation
from patterneval.book.permutation_tests import signal_tests
from patterneval.resampling import permutation
from patterneval.resampling.permutation import TIE_TOLERANCE, _cached_kind, _NullCache, _pvalue


def sklearn_permutations(seed, m, n):
    """The index permutations permutation_test_score(random_state=seed) draws (no groups):
    RandomState(seed).permutation(n), m times in a row (scikit-learn 1.9.1, _shuffle)."""
    rs = np.random.RandomState(seed)
    return np.array([rs.permutation(n) for _ in range(m)])


def noisy_iris(seed=0):
    X, y = load_iris(return_X_y=True)
    return X[:, :1] + np.random.default_rng(seed).normal(size=(150, 1)), y


# ------------------------------------------------------------------ peer: scikit-learn
def test_same_permutations_same_p_value_as_sklearn():
    # reference: scikit-learn 1.9.1 permutation_test_score, accuracy, StratifiedKFold(5)
    X, y = load_iris(return_X_y=True)
    m = 60
    score, scores, p_sk = permutation_test_score(
        KNeighborsClassifier(), X, y, cv=5, n_permutations=m, random_state=7
    )
    ours = pe.permutation_test(
        KNeighborsClassifier(),
        X,
        y,
        n_resamples=m,
        cv=5,
        permutations=sklearn_permutations(7, m, len(y)),
    )
    assert ours.pvalue == p_sk
    assert ours.statistic == pytest.approx(1 - score, abs=1e-15)
    np.testing.assert_allclose(ours.null_distribution, 1 - scores, rtol=0, atol=1e-15)


@pytest.mark.parametrize("cv", [3, StratifiedKFold(4, shuffle=True, random_state=2), KFold(5)])
def test_null_distribution_matches_sklearn_for_any_splitter(cv):
    X, y = noisy_iris(1)
    m = 30
    score, scores, _ = permutation_test_score(
        KNeighborsClassifier(5), X, y, cv=cv, n_permutations=m, random_state=3
    )
    # scikit-learn averages the fold accuracies: average="folds" (StratifiedKFold(4) on 150
    # samples has folds of 38 and 37, where the default pooled error differs)
    ours = pe.permutation_test(
        KNeighborsClassifier(5),
        X,
        y,
        n_resamples=m,
        cv=cv,
        permutations=sklearn_permutations(3, m, len(y)),
        average="folds",
    )
    np.testing.assert_allclose(ours.null_distribution, 1 - scores, rtol=0, atol=1e-15)
    # sklearn's p-value with ties counted within the tolerance is ours exactly
    ties = np.count_nonzero(scores >= score - TIE_TOLERANCE)
    assert ours.pvalue == (ties + 1) / (m + 1)


def test_sklearn_misses_float_ties_that_we_count():
    # Noisy iris: several permuted accuracies equal the observed one in exact arithmetic
    # but come out 5.6e-17 lower (a mean of fold accuracies summed differently), so
    # scikit-learn 1.9.1's exact >= drops them and its p-value is too small.
    X, y = noisy_iris(0)
    m = 50
    score, scores, p_sk = permutation_test_score(
        KNeighborsClassifier(), X, y, cv=5, n_permutations=m, random_state=2
    )
    ours = pe.permutation_test(
        KNeighborsClassifier(),
        X,
        y,
        n_resamples=m,
        cv=5,
        permutations=sklearn_permutations(2, m, len(y)),
    )
    near = np.abs(scores - score) < TIE_TOLERANCE
    missed = near & (scores < score)
    assert missed.sum() > 0 and np.all(score - scores[missed] < 1e-15)
    assert p_sk == (np.count_nonzero(scores >= score) + 1) / (m + 1)
    assert ours.pvalue == pytest.approx(p_sk + missed.sum() / (m + 1), abs=1e-15)


# ------------------------------------------------------------------ slow twin
def slow_permutation_test(estimator, X, y, perms, n_splits):
    """Explicit loops over permutations, folds and test samples; p by counting."""

    def cv_error(labels):
        errs = []
        for train, test in StratifiedKFold(n_splits).split(X, labels):
            model = make_pipeline(estimator).fit(X[train], labels[train])
            predicted = model.predict(X[test])
            wrong = sum(int(predicted[j] != labels[i]) for j, i in enumerate(test))
            errs.append(wrong / len(test))
        return sum(errs) / len(errs)

    observed = cv_error(y)
    null = [cv_error(y[p]) for p in perms]
    b = sum(1 for t in null if t <= observed + 1e-12)
    return observed, null, (b + 1) / (len(null) + 1)


def test_fast_equals_slow_twin():
    X, y = noisy_iris(4)
    perms = np.random.default_rng(0).permuted(np.tile(np.arange(len(y)), (12, 1)), axis=1)
    t, null, p = slow_permutation_test(KNeighborsClassifier(3), X, y, perms, 3)
    ours = pe.permutation_test(
        KNeighborsClassifier(3), X, y, n_resamples=12, cv=3, permutations=perms
    )
    assert ours.statistic == pytest.approx(t, abs=1e-15)
    np.testing.assert_allclose(ours.null_distribution, null, rtol=0, atol=1e-15)
    assert ours.pvalue == p


# ------------------------------------------------------------------ the p-value rule
def test_p_value_by_hand_with_ties():
    observed = 0.2
    tie_by_rounding = (0.1 + 0.2 + 0.3) / 3  # 0.20000000000000004, equal to 0.2 in arithmetic
    null = [0.1, 0.2, tie_by_rounding, 0.3, 0.5, 0.2 + 1e-6]
    assert tie_by_rounding != observed
    # b = 3 (0.1, 0.2 and the rounded tie); 0.2 + 1e-6 is a real difference, not a tie
    assert _pvalue(observed, null) == (3 + 1) / (6 + 1)
    assert _pvalue(0.0, [0.1] * 9) == 1 / 10  # never 0: the smallest attainable value
    assert _pvalue(1.0, [0.1] * 9) == 1.0


def test_p_value_is_b_plus_one_over_m_plus_one_on_a_real_run():
    X, y = noisy_iris(2)
    res = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=40, cv=5, rng=5)
    b = sum(1 for t in res.null_distribution if t <= res.statistic + 1e-12)
    assert res.pvalue == (b + 1) / (40 + 1)
    assert res.n_resamples == 40 and res.null_distribution.shape == (40,)
    assert res.fold_errors.mean() == res.statistic


def test_real_structure_gives_the_smallest_p_value():
    X, y = load_iris(return_X_y=True)
    res = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=49, rng=0)
    assert res.pvalue == 1 / 50
    assert res.statistic < 0.1 and res.null_distribution.min() > 0.4


def test_p_values_are_valid_under_the_null():
    # Pure noise: P(p <= alpha) <= alpha for the exact test. 50 data sets, 9 permutations
    # each; ties make the test conservative, so only the upper bound is exact. The mean of
    # an exactly uniform p on {1/10, ..., 1} is 0.55; ties can only raise it.
    gen = np.random.default_rng(11)
    R, m = 50, 9
    ps = np.array(
        [
            pe.permutation_test(
                KNeighborsClassifier(1),
                gen.normal(size=(30, 3)),
                np.repeat([0, 1], 15),
                n_resamples=m,
                cv=3,
                rng=gen,
            ).pvalue
            for _ in range(R)
        ]
    )
    for alpha in (0.1, 0.3, 0.5):
        hits = (ps <= alpha).astype(float)
        se = np.sqrt(alpha * (1 - alpha) / R)
        assert hits.mean() <= alpha + 4 * se
    check = simulation.check_mean(ps, (m + 2) / (2 * (m + 1)), n_se=4)
    assert check.z > -4  # not anti-conservative on average
    assert ps.mean() < 0.75  # and not degenerate (would be 1 if every null value tied)


def test_n_jobs_does_not_change_the_result():
    X, y = noisy_iris(3)
    one = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=8, rng=9)
    two = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=8, rng=9, n_jobs=2)
    np.testing.assert_array_equal(one.null_distribution, two.null_distribution)
    assert one.pvalue == two.pvalue
    again = pe.permutation_test(
        KNeighborsClassifier(), X, y, n_resamples=8, rng=np.random.default_rng(9), progress=True
    )
    np.testing.assert_array_equal(one.null_distribution, again.null_distribution)


def test_selection_inside_every_permutation():
    # Noise with 500 features: selecting 5 on all labels makes even the observed error look
    # good; with the selector inside (CV2) observed and permuted errors come from the same
    # procedure, so the noise gets a large p-value.
    gen = np.random.default_rng(4)
    X, y = gen.normal(size=(40, 500)), np.repeat([0, 1], 20)
    sel = SelectKBest(f_classif, k=5)
    res = pe.permutation_test(
        KNeighborsClassifier(1), X, y, n_resamples=30, cv=4, selector=sel, rng=1
    )
    assert res.pvalue > 0.1
    # equal to the pipeline passed as the estimator, selection and all
    pipe = make_pipeline(SelectKBest(f_classif, k=5), KNeighborsClassifier(1))
    same = pe.permutation_test(pipe, X, y, n_resamples=30, cv=4, rng=1)
    np.testing.assert_array_equal(res.null_distribution, same.null_distribution)
    # CV1 (select outside, then test) reports a tiny p-value on pure noise: the leak
    X1 = sel.fit_transform(X, y)
    leak = pe.permutation_test(KNeighborsClassifier(1), X1, y, n_resamples=30, cv=4, rng=1)
    assert leak.pvalue < res.pvalue and leak.statistic < res.statistic


def test_result_repr():
    X, y = load_iris(return_X_y=True)
    res = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=5, rng=0)
    assert_displays(
        res, "PermutationTestResult(statistic=0.0266667, pvalue=0.166667, n_resamples=5"
    )


# ------------------------------------------------------------------ head: prefixes
def test_head_is_a_prefix_test():
    X, y = noisy_iris(6)
    res = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=30, cv=3, rng=2)
    short = res.head(10)
    b = np.count_nonzero(res.null_distribution[:10] <= res.statistic + 1e-12)
    assert short.pvalue == (b + 1) / 11 and short.n_resamples == 10
    np.testing.assert_array_equal(short.null_distribution, res.null_distribution[:10])
    assert short.statistic == res.statistic
    # the first 10 permutations of the same rng are a test with n_resamples=10
    direct = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=10, cv=3, rng=2)
    np.testing.assert_array_equal(direct.null_distribution, short.null_distribution)
    assert direct.pvalue == short.pvalue
    assert res.head(res.n_resamples).pvalue == res.pvalue
    with pytest.raises(
        ValueError,
        match=r"^n_resamples must be an integer in \[1, 30\]; got 31\. The "
        r"result holds 30 permutations",
    ):
        res.head(31)
    with pytest.raises(ValueError, match=r"^n_resamples must be an integer in \[1, 30\]; got 0"):
        res.head(0)


# ------------------------------------------------------------------ signal_tests
def test_signal_tests_equal_permutation_test_on_the_documented_data():
    # slow twin: the problems drawn by hand as documented, one generator for everything
    tests = signal_tests((0.0, 0.5, 2.0), n_samples=30, n_features=3, n_resamples=20, cv=3, rng=4)
    assert list(tests) == [0.0, 0.5, 2.0] and all(isinstance(d, float) for d in tests)
    gen = np.random.default_rng(4)
    y = np.repeat([0, 1], 15)
    for delta, res in tests.items():
        X = gen.normal(size=(30, 3))
        X[15:, 0] += delta
        same = pe.permutation_test(
            LinearDiscriminantAnalysis(), X, y, n_resamples=20, cv=3, rng=gen
        )
        np.testing.assert_array_equal(res.null_distribution, same.null_distribution)
        assert (res.statistic, res.pvalue) == (same.statistic, same.pvalue)


def test_signal_tests_noise_and_signal_and_n_jobs():
    tests = signal_tests((0.0, 2.0), n_samples=30, n_resamples=30, cv=3, rng=0)
    assert tests[0.0].pvalue > 0.05 and tests[2.0].pvalue == 1 / 31
    again = signal_tests(
        (0.0, 2.0),
        n_samples=30,
        n_resamples=30,
        cv=3,
        rng=0,
        n_jobs=2,
        progress=True,
        estimator=LinearDiscriminantAnalysis(),
    )
    for delta in tests:
        np.testing.assert_array_equal(
            tests[delta].null_distribution, again[delta].null_distribution
        )


# ------------------------------------------------------------------ single-class folds
def test_unstratified_splitter_single_class_folds():
    X = np.random.default_rng(0).normal(size=(20, 2))
    y = np.r_[np.ones(2, int), np.zeros(18, int)]
    cv = KFold(10)  # unshuffled: fold 0 holds samples 0 and 1, both positives
    res = pe.permutation_test(LogisticRegression(), X, y, cv=cv, n_resamples=30, rng=0)
    assert res.fold_errors[0] == 1.0  # training set of zeros: both positives predicted 0
    # the observed run has one such fold; a permutation has one when both positives land
    # in the same fold (probability 10 / C(20, 2) = 1/19)
    assert res.n_single_class == 1 + int(res.null_single_class.sum())
    assert res.null_single_class.shape == (30,)
    short = res.head(10)
    assert short.n_single_class == 1 + int(res.null_single_class[:10].sum())
    with pytest.raises(
        ValueError,
        match=r"fold 0 of the cross-validation on the observed labels "
        r"holds a single class \(0\)",
    ):
        pe.permutation_test(
            LogisticRegression(), X, y, cv=cv, n_resamples=3, rng=0, single_class="raise"
        )


# ------------------------------------------------------------------ bad input
X_OK, Y_OK = noisy_iris(0)
GOOD = {
    pe.permutation_test: dict(
        estimator=KNeighborsClassifier(), X=X_OK, y=Y_OK, n_resamples=3, rng=0
    ),
    signal_tests: dict(signals=(0.0, 1.0), n_samples=12, n_resamples=3, cv=2, rng=0),
}
X_NAN = X_OK.copy()
X_NAN[3, 0] = np.nan


CASES = [
    (
        pe.permutation_test,
        dict(estimator=NoPredict()),
        TypeError,
        r"^estimator must be .* \(no predict\)",
    ),
    (
        pe.permutation_test,
        dict(estimator=KNeighborsClassifier),
        TypeError,
        r"^estimator must .*a class",
    ),
    (
        pe.permutation_test,
        dict(selector=KNeighborsClassifier()),
        TypeError,
        r"^selector must .*\(no transform\)",
    ),
    (
        pe.permutation_test,
        dict(n_resamples=0),
        ValueError,
        r"^n_resamples must be an integer >= 1; got 0",
    ),
    (
        pe.permutation_test,
        dict(n_resamples=2.5),
        TypeError,
        r"^n_resamples must be an integer >= 1",
    ),
    (
        pe.permutation_test,
        dict(y=Y_OK[:-1]),
        ValueError,
        r"^y has 149 entries but X has 150; they must pair up",
    ),
    (
        pe.permutation_test,
        dict(X=X_NAN),
        ValueError,
        r"Input X contains NaN",
    ),  # the estimator validates X
    (
        pe.permutation_test,
        dict(y=np.zeros(150)),
        ValueError,
        r"^y must be labels of at least 2 classes; got 1",
    ),
    (pe.permutation_test, dict(cv=1), ValueError, r"^cv must be an integer in \[2, 150\]; got 1"),
    (
        pe.permutation_test,
        dict(cv=51),
        ValueError,
        r"^cv must be at most 50, the size of the smallest class 0; got 51",
    ),
    # the retired keywords name cv= and rng=
    (
        pe.permutation_test,
        dict(n_splits=5),
        TypeError,
        r"^permutation_test\(\) takes cv=, not n_splits=",
    ),
    (
        pe.permutation_test,
        dict(random_state=0),
        TypeError,
        r"^permutation_test\(\) takes rng=, not random_state=",
    ),
    (
        pe.permutation_test,
        dict(cv="5"),
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter instance .*; got '5' \(no get_n_splits\)",
    ),
    (
        pe.permutation_test,
        dict(cv=StratifiedKFold),
        TypeError,
        r"^cv must be .*splitter.*a class, not an instance",
    ),
    (
        pe.permutation_test,
        dict(rng="seed"),
        TypeError,
        r"^rng must be None, an int seed or a numpy",
    ),
    (
        pe.permutation_test,
        dict(n_jobs=0),
        ValueError,
        r"^n_jobs must be None or a non-zero integer; got 0",
    ),
    (
        pe.permutation_test,
        dict(n_jobs=1.5),
        TypeError,
        r"^n_jobs must be None or a non-zero integer",
    ),
    (
        pe.permutation_test,
        dict(y=np.linspace(0.5, 3.5, 150)),
        ValueError,
        r"^y must be class labels \(binary or multiclass\)",
    ),
    (
        pe.permutation_test,
        dict(estimator=LinearRegression()),
        ValueError,
        r"^estimator must be a classifier",
    ),
    (pe.permutation_test, dict(progress="no"), TypeError, r"^progress must be True or False"),
    (pe.permutation_test, dict(single_class="redraw"), ValueError, r"^single_class must be one of"),
    (
        pe.permutation_test,
        dict(average="fold"),
        ValueError,
        r"^average must be one of \['pooled', 'folds'\]",
    ),
    (
        pe.permutation_test,
        dict(permutations=np.zeros((3, 150))),
        TypeError,
        r"^permutations must be an integer array of shape .*; got dtype float64",
    ),
    (
        pe.permutation_test,
        dict(permutations=np.zeros((3, 149), int)),
        ValueError,
        r"^permutations must be an integer array of shape \(n_resamples, n_samples\) = \(3, 150\).*; got shape \(3, 149\)\.$",
    ),
    (
        pe.permutation_test,
        dict(permutations=np.tile(np.arange(150), (4, 1))),
        ValueError,
        r"^permutations must be .* = \(3, 150\).*; got shape \(4, 150\)\. Pass n_resamples=4",
    ),
    (
        pe.permutation_test,
        dict(permutations=np.zeros((3, 150), int)),
        ValueError,
        r"^permutations must be .*rows are permutations of 0..149; got row 0 = \[0, 0",
    ),
    (
        signal_tests,
        dict(signals=()),
        ValueError,
        r"^signals must be a 1-d array of real numbers with at least 1 entries",
    ),
    (
        signal_tests,
        dict(signals=0.5),
        TypeError,
        r"^signals must be a 1-d array of real numbers; got 0.5",
    ),
    (
        signal_tests,
        dict(signals=("a", "b")),
        TypeError,
        r"^signals must be a 1-d array of real numbers; got dtype <U1",
    ),
    (
        signal_tests,
        dict(signals=(0.0, np.nan)),
        ValueError,
        r"^signals holds 1 NaN or infinite values",
    ),
    (signal_tests, dict(signals=(1.0, 0.0)), ValueError, r"^signals must be strictly increasing"),
    (signal_tests, dict(n_samples=3), ValueError, r"^n_samples must be an integer >= 4; got 3"),
    (signal_tests, dict(n_features=0), ValueError, r"^n_features must be an integer >= 1; got 0"),
    (signal_tests, dict(n_resamples=0), ValueError, r"^n_resamples must be an integer >= 1; got 0"),
    (
        signal_tests,
        dict(cv=7),
        ValueError,
        r"^cv must be at most 6, the size of the smallest class 0; got 7",
    ),
    (
        signal_tests,
        dict(cv="4"),
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter instance .*; got '4'",
    ),
    (signal_tests, dict(estimator=NoPredict()), TypeError, r"^estimator must be .* \(no predict\)"),
    (signal_tests, dict(rng="seed"), TypeError, r"^rng must be None, an int seed or a numpy"),
    (
        signal_tests,
        dict(n_jobs=0),
        ValueError,
        r"^n_jobs must be None or a non-zero integer; got 0",
    ),
    (
        signal_tests,
        dict(estimator=LinearRegression()),
        ValueError,
        r"^estimator must be a classifier",
    ),
    (signal_tests, dict(progress=1), TypeError, r"^progress must be True or False"),
]


test_bad_input = bad_input_test(GOOD, CASES)


def test_good_arguments_run():
    for func, kwargs in GOOD.items():
        func(**kwargs)


def test_public_names_are_re_exported():  # rows for every public callable: test_bad_input_sweep.py
    assert all(hasattr(pe.resampling, name) for name in permutation.__all__)


# ------------------------------------------------------------------ cached null distributions


def _both(est, X, y, cv, m=40, rng=0, **kw):
    a = pe.permutation_test(est, X, y, n_resamples=m, cv=cv, rng=rng, method="auto", **kw)
    b = pe.permutation_test(est, X, y, n_resamples=m, cv=cv, rng=rng, method="refit", **kw)
    assert b.method == "refit" and not b.cached_folds.any()
    return a, b


def _inverse_distance(dist):  # a callable weight: not cached (it could depend on anything)
    return 1.0 / (1.0 + dist)


def assert_identical(a, b):
    assert np.array_equal(a.null_distribution, b.null_distribution)  # exact, not approx
    assert a.pvalue == b.pvalue and a.statistic == b.statistic
    assert a.n_single_class == b.n_single_class
    assert np.array_equal(a.null_single_class, b.null_single_class)


@pytest.mark.parametrize(
    "est",
    [
        KNeighborsClassifier(5),
        KNeighborsClassifier(1),
        KNeighborsClassifier(6, algorithm="brute"),
        KNeighborsClassifier(4, algorithm="kd_tree", p=1),
        KNeighborsClassifier(5, weights="distance"),
        KNeighborsClassifier(1, weights="distance"),
        KNeighborsClassifier(11, weights="distance"),  # k >= 8: numpy sums the weights pairwise
        KNeighborsClassifier(4, weights="distance", algorithm="brute", metric="manhattan"),
        KNeighborsClassifier(3, weights="distance", metric="chebyshev", algorithm="ball_tree"),
        make_pipeline(StandardScaler(), KNeighborsClassifier(3)),
        RidgeClassifier(),
        RidgeClassifier(alpha=10.0, fit_intercept=False),
        RidgeClassifier(solver="svd"),
        make_pipeline(StandardScaler(), RidgeClassifier(alpha=0.01)),
    ],
)
@pytest.mark.parametrize("data", ["binary", "three", "ties"])
def test_cached_null_is_identical_to_refit(est, data):
    rng = np.random.default_rng(3)
    if data == "binary":
        X, y = load_breast_cancer(return_X_y=True)
        X, y = X[::4], y[::4]
    elif data == "three":
        X, y = noisy_iris(2)
        X = np.column_stack([X, rng.normal(size=(150, 2))])
    else:  # integer features: many tied distances (kNN) and tied votes (even k)
        X = rng.integers(0, 3, size=(90, 3)).astype(float)
        y = rng.integers(0, 3, size=90)
    cv = KFold(4, shuffle=True, random_state=1)
    assert _NullCache.build(est, X, y, cv) is not None
    a, b = _both(est, X, y, cv)
    assert_identical(a, b)
    assert a.method == "cached" and a.cached_folds.any()
    if _cached_kind(est) == "knn":  # a vote decides every fold; ridge refits its near-ties
        assert (a.cached_folds == 4).all()


@pytest.mark.parametrize("n_splits", [3, 7, 9])  # 9 folds: numpy sums the fold rates pairwise
def test_cached_null_is_identical_with_the_mean_of_fold_rates(n_splits):
    X, y = noisy_iris(4)  # 150 samples: folds of unequal sizes for 7 and 9
    cv = KFold(n_splits, shuffle=True, random_state=2)
    for est in [KNeighborsClassifier(3), RidgeClassifier()]:
        a, b = _both(est, X, y, cv, m=30, average="folds")
        assert_identical(a, b)
        assert a.method == "cached"


def _tied_votes(cache, Y):
    """Test samples (over permutations ``Y`` and folds) whose two best classes have equal
    totals: where the lowest-class rule decides the prediction."""
    ties = 0
    for (train, _), ind, w in zip(cache.folds, cache.maps, cache.weights):
        votes = Y[:, train][:, ind]
        w = np.ones(ind.shape) if w is None else w
        totals = np.sort(
            np.stack([np.where(votes == c, w, 0.0).sum(axis=2) for c in range(cache.n_classes)]),
            axis=0,
        )
        ties += int(np.count_nonzero(totals[-1] == totals[-2]))
    return ties


@pytest.mark.parametrize("weights", ["uniform", "distance"])
@pytest.mark.parametrize("k", [2, 4])
def test_cached_knn_class_ties_and_distance_ties_across_chunks(weights, k):
    # integer features in 2-d: every test sample has hundreds of training samples at the same
    # distance (0 among them), so the neighbour set is a choice among equidistant samples
    # (the brute-force search scans the 900 training rows in several chunks), and even k
    # gives tied votes between classes; the cache must make scikit-learn's choices
    rng = np.random.default_rng(7)
    X = rng.integers(0, 3, size=(1200, 2)).astype(float)
    y = rng.integers(0, 3, size=1200)
    est = KNeighborsClassifier(k, weights=weights, algorithm="brute")
    cv = KFold(4, shuffle=True, random_state=0)
    cache = _NullCache.build(est, X, y, cv)
    perms = np.array([np.random.default_rng(i).permutation(1200) for i in range(8)])
    assert _tied_votes(cache, cache.codes[perms]) > 100  # the tie rule is exercised
    a = pe.permutation_test(est, X, y, n_resamples=8, cv=cv, permutations=perms, method="cached")
    # refits in worker processes, whose OpenMP thread count differs from this process's
    b = pe.permutation_test(
        est, X, y, n_resamples=8, cv=cv, permutations=perms, method="refit", n_jobs=2
    )
    assert_identical(a, b)
    assert a.cached_folds.tolist() == [4] * 8 and a.head(3).cached_folds.tolist() == [4] * 3


def test_knn_vote_rule_is_sklearns_on_a_hand_made_tie():
    # two neighbours at distances 1 and 1 (uniform and distance weights tie) or 1 and 2
    X_train = np.array([[-1.0], [1.0], [2.0]])
    for y_train, weights, x, expected in [
        ([2, 1, 0], "uniform", 0.0, 1),  # tie: lowest class
        ([2, 1, 0], "distance", 0.0, 1),
        ([0, 2, 1], "distance", 0.0, 0),
        ([1, 1, 0], "distance", 1.5, 0),
    ]:  # 1/0.5 > 1/2.5 + 0
        model = KNeighborsClassifier(2, weights=weights).fit(X_train, y_train)
        ind = model.kneighbors([[x]], return_distance=False)
        w = (
            None
            if weights == "uniform"
            else permutation._distance_weights(model.kneighbors([[x]])[0])
        )
        ours = permutation._knn_votes(np.asarray(y_train)[ind][None], w, 3)
        assert ours.tolist() == [[expected]] == [model.predict([[x]]).tolist()]


def test_cached_path_decides_almost_every_ridge_fold_itself():
    X, y = load_breast_cancer(return_X_y=True)
    est = make_pipeline(StandardScaler(), RidgeClassifier())
    cv = KFold(5, shuffle=True, random_state=0)
    cache = _NullCache.build(est, X, y, cv)
    Y = cache.codes[np.array([np.random.default_rng(i).permutation(len(y)) for i in range(50)])]
    counts, _ = cache.fold_errors(Y)
    assert np.isnan(counts).mean() < 0.05  # near-ties refitted, the rest from one product


def test_ridge_near_ties_are_refitted_to_match_sklearn():
    # a constant feature: the decision value is the training fold's mean of the -1/+1 labels,
    # exactly 0 whenever a permuted training fold is balanced; within round-off of 0 the
    # cache does not decide and refits, so scikit-learn's own rule (score > 0) applies
    X = np.ones((40, 1))
    y = np.r_[np.zeros(20, int), np.ones(20, int)]
    cv = KFold(4, shuffle=True, random_state=0)
    cache = _NullCache.build(RidgeClassifier(), X, y, cv)
    Y = cache.codes[np.array([np.random.default_rng(i).permutation(40) for i in range(40)])]
    counts, _ = cache.fold_errors(Y)
    assert np.isnan(counts).any() and not np.isnan(counts).all()
    assert_identical(*_both(RidgeClassifier(), X, y, cv, m=40))


def test_stratified_folds_fall_back_to_refit_and_cached_refuses_them():
    X, y = noisy_iris(0)
    a, b = _both(KNeighborsClassifier(), X, y, 5, m=20)  # int cv: StratifiedKFold
    assert_identical(a, b)
    assert a.method == "refit"  # each permuted labelling gets its own stratified folds
    with pytest.raises(ValueError, match="folds that do not depend on the labels"):
        pe.permutation_test(
            KNeighborsClassifier(), X, y, n_resamples=5, cv=5, rng=0, method="cached"
        )


def test_cached_refuses_unsupported_estimators_and_auto_refits_them():
    X, y = noisy_iris(0)
    cv = KFold(3, shuffle=True, random_state=0)
    for est in [
        GaussianNB(),
        KNeighborsClassifier(weights=_inverse_distance),
        LinearDiscriminantAnalysis(),
        make_pipeline(PolynomialFeatures(2), StandardScaler(), KNeighborsClassifier()),
        RidgeClassifier(class_weight="balanced"),
        RidgeClassifier(solver="lsqr"),
    ]:
        with pytest.raises(ValueError, match="method='cached' supports"):
            pe.permutation_test(est, X, y, n_resamples=3, cv=cv, rng=0, method="cached")
        a, b = _both(est, X, y, cv, m=5)
        assert_identical(a, b)
        assert a.method == "refit" and not a.cached_folds.any()
    with pytest.raises(ValueError, match="method='cached' supports"):  # selectors see y
        pe.permutation_test(
            KNeighborsClassifier(),
            X,
            y,
            n_resamples=3,
            cv=cv,
            rng=0,
            selector=SelectKBest(f_classif, k=1),
            method="cached",
        )


def test_cached_kind_uses_exact_types():
    class MyKNN(KNeighborsClassifier):
        pass

    assert _cached_kind(KNeighborsClassifier()) == "knn"
    assert _cached_kind(make_pipeline(StandardScaler(), RidgeClassifier())) == "ridge"
    assert _cached_kind(MyKNN()) is None  # a subclass may use the labels differently
    assert _cached_kind(RidgeClassifier(alpha=np.ones(2))) is None


def test_cached_single_class_folds_match_refit():
    # unshuffled KFold on sorted labels: some permuted training folds hold a single class
    X = np.random.default_rng(0).normal(size=(12, 2))
    y = np.r_[np.zeros(10, int), np.ones(2, int)]
    for est in [KNeighborsClassifier(3), RidgeClassifier()]:
        a, b = _both(est, X, y, KFold(6), m=60)
        assert_identical(a, b)
        assert a.null_single_class.sum() > 0
        with pytest.raises(ValueError, match="single class"):
            pe.permutation_test(est, X, y, n_resamples=60, cv=KFold(6), rng=0, single_class="raise")


def test_cached_raise_names_the_permuted_single_class_fold_as_refit_does():
    # the observed folds of KFold(3) all train on both classes; the permutation puts both
    # 1s in fold 0's test set, so its training fold holds only 0s
    X = np.arange(6.0)[:, None]
    y = np.array([0, 1, 0, 0, 1, 0])
    perm = np.array([[1, 4, 0, 2, 3, 5]])  # y[perm] = 1, 1, 0, 0, 0, 0
    errors = []
    for method in ("cached", "refit"):
        with pytest.raises(ValueError, match=r"fold 0 of the cross-validation on permuted") as e:
            pe.permutation_test(
                KNeighborsClassifier(3),
                X,
                y,
                n_resamples=1,
                cv=KFold(3),
                permutations=perm,
                single_class="raise",
                method=method,
            )
        errors.append(str(e.value))
    assert errors[0] == errors[1]
    assert "holds a single class (0)" in errors[0]


def test_auto_caches_matching_folds_and_refits_a_whole_chunk_of_others():
    # StratifiedKFold's folds follow the labels: the identity permutations keep the observed
    # folds (cached), the last permutation gets others (refitted) and fills a chunk alone
    X, y = noisy_iris(5)
    X, y = X[::5], y[::5]
    m = permutation._CHUNK + 1
    perms = np.tile(np.arange(len(y)), (m, 1))
    perms[-1] = np.random.default_rng(0).permutation(len(y))
    cv = StratifiedKFold(3)
    a = pe.permutation_test(KNeighborsClassifier(3), X, y, n_resamples=m, cv=cv, permutations=perms)
    b = pe.permutation_test(
        KNeighborsClassifier(3), X, y, n_resamples=m, cv=cv, permutations=perms, method="refit"
    )
    assert a.method == "cached"
    assert a.cached_folds[:-1].tolist() == [3] * (m - 1) and a.cached_folds[-1] == 0
    assert_identical(a, b)


_RIDGE_X = np.random.default_rng(0).normal(size=(40, 3))
_RIDGE_WIDE = np.random.default_rng(1).normal(size=(20, 50))  # more features than samples


_SHUFFLED = KFold(4, shuffle=True, random_state=0)


@pytest.mark.parametrize(
    ("est", "X", "y", "cv"),
    [
        # sorted classes, unshuffled folds: every training fold misses a class, so the
        # observed fit cannot calibrate the round-off guard
        (RidgeClassifier(), _RIDGE_X[:30], np.repeat([0, 1, 2], 10), KFold(3)),
        # scikit-learn solves a sparse system iteratively ("auto" picks "sparse_cg")
        (RidgeClassifier(), "sparse", np.tile([0, 1], 20), _SHUFFLED),
        # alpha = 0 and a zero column: the normal equations are singular
        (
            RidgeClassifier(alpha=0.0, fit_intercept=False),
            np.c_[_RIDGE_X, np.zeros(40)],
            np.tile([0, 1], 20),
            _SHUFFLED,
        ),
        # alpha = 0 and more features than samples: an interpolating, ill-conditioned system
        (RidgeClassifier(alpha=0.0), _RIDGE_WIDE, np.tile([0, 1], 10), _SHUFFLED),
        # features near 1e155: X'X overflows (scikit-learn's SVD solver never forms it)
        (RidgeClassifier(solver="svd"), _RIDGE_X * 1e155, np.tile([0, 1], 20), _SHUFFLED),
    ],
    ids=["fold-misses-a-class", "sparse", "singular", "ill-conditioned", "overflow"],
)
@pytest.mark.filterwarnings("ignore::RuntimeWarning", "ignore::UserWarning")
def test_ridge_systems_the_cache_cannot_trust_are_refitted(est, X, y, cv):
    import scipy.sparse as sp

    X = sp.csr_matrix(_RIDGE_X) if isinstance(X, str) else X
    a, b = _both(est, X, y, cv, m=6)
    assert_identical(a, b)
    assert a.method == "refit" and not a.cached_folds.any()
    with pytest.raises(ValueError, match="method='cached' supports .* a well-conditioned system"):
        pe.permutation_test(est, X, y, n_resamples=3, cv=cv, rng=0, method="cached")


def test_cached_ridge_with_more_features_than_samples_is_identical_to_refit():
    y = np.tile([0, 1], 10)
    a, b = _both(RidgeClassifier(), _RIDGE_WIDE, y, _SHUFFLED, m=20)  # H from the dual form
    assert_identical(a, b)
    assert a.method == "cached" and a.cached_folds.tolist() == [4] * 20


def test_cached_permutations_argument_and_n_jobs():
    X, y = noisy_iris(1)
    cv = KFold(5, shuffle=True, random_state=4)
    perms = sklearn_permutations(5, 25, len(y))
    score, scores, p_sk = permutation_test_score(
        KNeighborsClassifier(), X, y, cv=cv, n_permutations=25, random_state=5
    )
    ours = pe.permutation_test(
        KNeighborsClassifier(),
        X,
        y,
        n_resamples=25,
        cv=cv,
        permutations=perms,
        method="cached",
        n_jobs=2,
    )
    np.testing.assert_allclose(ours.null_distribution, 1 - scores, rtol=0, atol=1e-15)


def test_method_bad_input():
    X, y = noisy_iris(0)
    with pytest.raises(ValueError, match="method"):
        pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=3, method="fast")
    with pytest.raises(TypeError, match="method"):
        pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=3, method=1)


def test_splitters_known_to_ignore_the_labels():
    from sklearn.model_selection import LeaveOneOut, RepeatedKFold, ShuffleSplit

    from patterneval.resampling.permutation import _ignores_labels

    assert _ignores_labels(KFold(3)) and _ignores_labels(KFold(3, shuffle=True, random_state=0))
    assert _ignores_labels(LeaveOneOut()) and _ignores_labels(RepeatedKFold(random_state=1))
    assert _ignores_labels(ShuffleSplit(3, random_state=2))
    assert not _ignores_labels(KFold(3, shuffle=True))  # new folds on every call
    assert not _ignores_labels(ShuffleSplit(3, random_state=np.random.RandomState(0)))
    assert not _ignores_labels(StratifiedKFold(3))
    X, y = noisy_iris(0)
    for cv in [ShuffleSplit(4, test_size=0.3, random_state=2), LeaveOneOut()]:
        assert_identical(*_both(KNeighborsClassifier(4), X[::5], y[::5], cv, m=10))
    with pytest.raises(ValueError, match="folds that do not depend on the labels"):
        pe.permutation_test(
            KNeighborsClassifier(),
            X,
            y,
            n_resamples=3,
            rng=0,
            method="cached",
            cv=KFold(3, shuffle=True),
        )


def test_cached_path_with_dataframe_sparse_and_string_labels():
    import pandas as pd
    import scipy.sparse as sp

    X, y = noisy_iris(3)
    X = np.column_stack([X, np.random.default_rng(0).normal(size=(150, 2))])
    labels = np.array(["setosa", "versicolor", "virginica"])[y]
    cv = KFold(4, shuffle=True, random_state=0)
    frame = pd.DataFrame(X, columns=list("abc"))
    for est, data in [
        (make_pipeline(StandardScaler(), KNeighborsClassifier()), frame),
        (KNeighborsClassifier(6), sp.csr_matrix(X)),
        (make_pipeline(StandardScaler(), RidgeClassifier()), frame),
    ]:
        assert _NullCache.build(est, data, labels, cv) is not None
        a, b = _both(est, data, labels, cv, m=15)
        assert_identical(a, b)


class _SeriesChecking(GaussianNB):
    """A classifier that asserts it is handed the caller's pandas Series: string
    labels of their own dtype, the name kept, and the index of the rows of X it fits."""

    def fit(self, X, y, sample_weight=None):
        import pandas as pd

        assert isinstance(X, pd.DataFrame) and isinstance(y, pd.Series), (type(X), type(y))
        assert y.dtype == "string" and y.name == "species", (y.dtype, y.name)
        assert y.index.equals(X.index), "y's rows must keep the index of X's rows"
        assert set(y.index) <= set(range(1000, 1150))
        return super().fit(X.to_numpy(), y.to_numpy(dtype=object))

    def predict(self, X):
        return super().predict(X.to_numpy())


@pytest.mark.parametrize("cv", [3, KFold(3, shuffle=True, random_state=1)])
def test_estimator_receives_the_callers_series(cv):
    """permutation_test hands y to the estimator as the caller gave it, like X:
    a pandas Series (string dtype, a non-default index) stays one, permuted by position
    under its own index; the p-value and null distribution equal those of plain arrays."""
    import pandas as pd

    X, y = noisy_iris(2)
    names = np.array(["setosa", "versicolor", "virginica"], dtype=object)[y]
    index = pd.RangeIndex(1000, 1150)[::-1]  # reversed: label-based indexing would go wrong
    frame = pd.DataFrame(X, columns=["sepal"], index=index)
    series = pd.Series(names, index=index, name="species", dtype="string")
    got = pe.permutation_test(_SeriesChecking(), frame, series, n_resamples=12, cv=cv, rng=3)
    plain = pe.permutation_test(GaussianNB(), X, names, n_resamples=12, cv=cv, rng=3)
    assert got.pvalue == plain.pvalue and got.statistic == plain.statistic
    assert np.array_equal(got.null_distribution, plain.null_distribution)
    assert series.tolist() == names.tolist()  # the caller's Series is not changed


def test_cached_path_hands_the_series_through_too():
    import pandas as pd

    X, y = noisy_iris(4)
    series = pd.Series(np.array(["a", "b", "c"])[y], index=np.arange(150) * 7, name="cls")
    cv = KFold(4, shuffle=True, random_state=0)
    got = pe.permutation_test(KNeighborsClassifier(), X, series, n_resamples=15, cv=cv, rng=0)
    plain = pe.permutation_test(
        KNeighborsClassifier(), X, series.to_numpy(), n_resamples=15, cv=cv, rng=0
    )
    assert got.method == plain.method == "cached"
    assert got.pvalue == plain.pvalue
    assert np.array_equal(got.null_distribution, plain.null_distribution)


@pytest.mark.parametrize(
    ("y", "pattern"),
    [
        (
            np.resize([0.1, 0.7, 0.3], 150),
            r"^y must be class labels \(binary or multiclass\); got a 'continuous'",
        ),
        (
            np.r_[np.inf, np.zeros(74), np.ones(75)],
            r"^y must be class labels .*; got 1 infinite value",
        ),
        (["a"] + [1] * 149, r"^y must be class labels \(binary or multiclass\) of one type"),
    ],
)
def test_bad_labels_name_y(y, pattern):
    X, _ = noisy_iris(0)
    with pytest.raises(ValueError, match=pattern):
        pe.permutation_test(GaussianNB(), X, y, n_resamples=3, rng=0)
