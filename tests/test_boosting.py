"""AdaBoost (patterneval.ensemble.boosting): the derivation's identities, scikit-learn's SAMME
as a peer, a slow loop twin, both modes, the degenerate rounds and bad input."""

import numpy as np
import pytest
from _helpers import assert_rejects
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.dummy import DummyClassifier
from sklearn.ensemble import AdaBoostClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from patterneval.book import adaboost as book_adaboost
from patterneval.book import simulation
from patterneval.book.adaboost import boosting_rounds, compare_modes, resampled_error
from patterneval.ensemble import boosting
from patterneval.ensemble.boosting import (
    AdaBoost,
    _reference_reweight,
)

X_BC, Y_BC = load_breast_cancer(return_X_y=True)
Y_PM = np.where(Y_BC == 1, 1, -1)


@pytest.fixture(scope="module")
def fitted():
    return AdaBoost(n_estimators=60, random_state=0).fit(X_BC, Y_BC)


# ---------------------------------------------------------------- scikit-learn as a peer
def test_equals_sklearn_samme_with_stumps(fitted):
    # peer: scikit-learn 1.9.1 AdaBoostClassifier (SAMME only), the same stump and rounds
    peer = AdaBoostClassifier(
        DecisionTreeClassifier(max_depth=1), n_estimators=60, random_state=0
    ).fit(X_BC, Y_BC)
    assert len(peer.estimators_) == len(fitted.estimators_) == 60
    np.testing.assert_allclose(peer.estimator_weights_, 2 * fitted.alphas_, rtol=0, atol=1e-10)
    np.testing.assert_allclose(peer.estimator_errors_, fitted.errors_, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(peer.predict(X_BC), fitted.predict(X_BC))
    # scikit-learn's binary SAMME score sums +-w_t over both class columns and divides by
    # sum(w_t): 2 F / sum(alpha), the same sign and a rescaled value
    np.testing.assert_allclose(
        peer.decision_function(X_BC),
        2 * fitted.decision_function(X_BC) / fitted.alphas_.sum(),
        atol=1e-10,
    )
    for ours, theirs in zip(fitted.staged_predict(X_BC), peer.staged_predict(X_BC)):
        np.testing.assert_array_equal(ours, theirs)


# ---------------------------------------------------------------- the derivation's identities
def test_alpha_formula_and_normaliser(fitted):
    eps = fitted.errors_
    np.testing.assert_allclose(fitted.alphas_, 0.5 * np.log((1 - eps) / eps), rtol=1e-14)
    np.testing.assert_allclose(fitted.normalizers_, 2 * np.sqrt(eps * (1 - eps)), rtol=1e-12)
    # alpha_t minimises e^{-a}(1-eps) + e^{a} eps: the derivative vanishes there
    a = fitted.alphas_
    np.testing.assert_allclose(-np.exp(-a) * (1 - eps) + np.exp(a) * eps, 0, atol=1e-12)


def test_training_error_below_bound_every_round(fitted):
    assert np.all(fitted.training_errors_ <= fitted.error_bounds_)
    gamma = 0.5 - fitted.errors_
    assert np.all(fitted.error_bounds_ <= np.exp(-2 * np.cumsum(gamma**2)) * (1 + 1e-12))
    np.testing.assert_allclose(fitted.error_bounds_, np.cumprod(fitted.normalizers_), rtol=1e-12)


def test_exponential_loss_is_product_of_normalisers(fitted):
    np.testing.assert_allclose(fitted.exp_losses_, np.cumprod(fitted.normalizers_), rtol=1e-12)
    # recomputed from the staged scores, independently of fit's bookkeeping
    staged = [np.mean(np.exp(-Y_PM * F)) for F in fitted.staged_decision_function(X_BC)]
    np.testing.assert_allclose(staged, fitted.exp_losses_, rtol=1e-12)
    staged_err = [np.mean(p != Y_BC) for p in fitted.staged_predict(X_BC)]
    np.testing.assert_allclose(staged_err, fitted.training_errors_, atol=0)


def test_previous_learner_has_error_one_half_under_next_distribution(fitted):
    dists = list(fitted.staged_distributions(X_BC, Y_BC))
    for t in range(len(dists) - 1):
        wrong = fitted.estimators_[t].predict(X_BC) != Y_PM
        assert dists[t + 1][wrong].sum() == pytest.approx(0.5, abs=1e-12)


def test_slow_loop_twin_equals_vectorised():
    X, y = X_BC[::3], Y_PM[::3]
    stump = DecisionTreeClassifier(max_depth=1, random_state=0)
    alphas, errors, norms, dists = _reference_reweight(X, y, 15, stump)
    model = AdaBoost(stump, 15).fit(X, y)
    np.testing.assert_allclose(model.alphas_, alphas, rtol=1e-12)
    np.testing.assert_allclose(model.errors_, errors, rtol=1e-12)
    np.testing.assert_allclose(model.normalizers_, norms, rtol=1e-12)
    staged = np.array(list(model.staged_distributions(X, y)))
    np.testing.assert_allclose(staged, dists[:-1], rtol=1e-10, atol=1e-15)


def test_margins_predict_proba_and_labels(fitted):
    m = fitted.margins(X_BC, Y_BC)
    assert np.all(np.abs(m) <= 1 + 1e-12)
    np.testing.assert_array_equal(m > 0, fitted.predict(X_BC) == Y_BC)
    proba = fitted.predict_proba(X_BC)
    F = fitted.decision_function(X_BC)
    np.testing.assert_allclose(proba[:, 1], 1 / (1 + np.exp(-2 * F)), rtol=1e-12)
    np.testing.assert_allclose(proba.sum(axis=1), 1)
    # any two labels outside
    words = np.where(Y_BC == 1, "benign", "malignant")
    model = AdaBoost(n_estimators=10, random_state=0).fit(X_BC, words)
    assert model.classes_.tolist() == ["benign", "malignant"]
    ref = AdaBoost(n_estimators=10, random_state=0).fit(X_BC, 1 - Y_BC)
    np.testing.assert_array_equal(model.predict(X_BC) == "malignant", ref.predict(X_BC) == 1)


# ---------------------------------------------------------------- re-sampling
def test_resample_is_deterministic_and_seed_dependent():
    X, y = make_classification(300, 5, random_state=0)
    a = AdaBoost(n_estimators=15, mode="resample", random_state=3).fit(X, y)
    b = AdaBoost(n_estimators=15, mode="resample", random_state=np.random.default_rng(3)).fit(X, y)
    c = AdaBoost(n_estimators=15, mode="resample", random_state=4).fit(X, y)
    np.testing.assert_array_equal(a.alphas_, b.alphas_)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))
    assert not np.array_equal(a.alphas_, c.alphas_)
    assert "n_jobs" not in a.get_params()
    # the identities hold in resample mode too (eps_t is measured on the full set under D_t)
    np.testing.assert_allclose(a.exp_losses_, np.cumprod(a.normalizers_), rtol=1e-12)
    assert np.all(a.training_errors_ <= a.error_bounds_)


def test_resample_accepts_learner_without_sample_weight():
    X, y = make_classification(200, 4, random_state=1)
    model = AdaBoost(KNeighborsClassifier(5), 8, mode="resample", random_state=0).fit(X, y)
    assert len(model.estimators_) >= 1 and model.training_errors_[-1] < 0.5
    with pytest.raises(TypeError, match=r'no sample_weight .* mode="resample"'):
        AdaBoost(KNeighborsClassifier(5), 8).fit(X, y)


def test_resampled_error_is_unbiased_for_weighted_error(fitted):
    res = resampled_error(fitted, X_BC, Y_BC, round=4, n_resamples=3000, rng=1)
    assert res.weighted_error == pytest.approx(fitted.errors_[3], abs=1e-12)
    eps, n = res.weighted_error, len(Y_BC)
    assert simulation.check_mean(res.sample_errors, eps).passed
    assert simulation.check_variance(res.sample_errors, eps * (1 - eps) / n).passed
    again = resampled_error(fitted, X_BC, Y_BC, round=4, n_resamples=3000, rng=1)
    np.testing.assert_array_equal(res.sample_errors, again.sample_errors)


def test_compare_modes_shapes_reproducible_and_reweight_run_matches():
    X, y = make_classification(240, 5, random_state=2)
    kw = dict(n_estimators=6, n_runs=3, rng=5)
    a = compare_modes(X[:120], y[:120], X[120:], y[120:], **kw)
    b = compare_modes(X[:120], y[:120], X[120:], y[120:], **kw)
    assert a.resample_test_errors.shape == a.resample_train_errors.shape == (3, 6)
    np.testing.assert_array_equal(a.resample_test_errors, b.resample_test_errors)
    ref = AdaBoost(n_estimators=6).fit(X[:120], y[:120])  # stumps: no ties on this data
    np.testing.assert_allclose(a.reweight_train_errors, ref.training_errors_)
    assert "ModeComparison(" in repr(a)


# ---------------------------------------------------------------- degenerate rounds
def test_chance_learner_stops_reweight_and_exhausts_restarts():
    # a constant (most frequent) learner on 6:2 data: eps_1 = 1/4, and under D_2 the two
    # classes weigh exactly 1/2 each, so the next learner is at chance
    X, y = np.arange(8.0).reshape(-1, 1), np.array([0] * 6 + [1] * 2)
    dummy = DummyClassifier(strategy="most_frequent")
    model = AdaBoost(dummy, 10).fit(X, y)
    assert model.stop_reason_ == "no better than chance"
    np.testing.assert_allclose(model.alphas_, [0.5 * np.log(3)])
    model = AdaBoost(dummy, 10, mode="resample", random_state=0, max_restarts=3).fit(X, y)
    assert model.stop_reason_ == "restarts exhausted" and len(model.alphas_) == 1
    # balanced data: the first learner is already at chance -> nothing to keep
    with pytest.raises(ValueError, match=r"first base learner was no better than chance"):
        AdaBoost(dummy, 10).fit(X[4:], y[4:])


def test_perfect_first_learner():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 0, 1, 1])
    model = AdaBoost(n_estimators=10, random_state=0).fit(X, y)
    assert model.stop_reason_ == "perfect learner"
    assert model.alphas_.tolist() == [1.0] and model.errors_.tolist() == [0.0]
    assert model.error_bounds_.tolist() == [0.0] and model.training_errors_.tolist() == [0.0]
    np.testing.assert_allclose(model.exp_losses_, np.cumprod(model.normalizers_))


def test_perfect_later_learner_dominates_the_vote():
    # found by search: depth-3 trees become perfect in round 6 on this seeded toy set
    g = np.random.default_rng(2)
    X = g.integers(0, 3, size=(12, 2)).astype(float) + g.normal(0, 0.01, (12, 2))
    y = g.integers(0, 2, 12)
    model = AdaBoost(DecisionTreeClassifier(max_depth=3, random_state=0), 30, random_state=0).fit(
        X, y
    )
    assert model.stop_reason_ == "perfect learner" and len(model.alphas_) > 1
    assert model.alphas_[-1] == pytest.approx(1 + model.alphas_[:-1].sum())
    last = model.estimators_[-1]
    Xg = g.uniform(-1, 4, size=(500, 2))  # everywhere, not only on the training set
    np.testing.assert_array_equal(model.decision_function(Xg) > 0, last.predict(Xg) > 0)
    assert model.training_errors_[-1] == 0.0
    np.testing.assert_allclose(model.exp_losses_, np.cumprod(model.normalizers_), rtol=1e-12)


# ---------------------------------------------------------------- bad input, table-driven
class NoWeights(KNeighborsClassifier):
    pass


BAD = [
    ("fit", dict(n_estimators=0), None, ValueError, r"n_estimators must be an integer >= 1"),
    ("fit", dict(n_estimators=2.5), None, TypeError, r"n_estimators must be an integer"),
    (
        "fit",
        dict(mode="boost"),
        None,
        ValueError,
        r"mode must be one of \['reweight', 'resample'\]",
    ),
    ("fit", dict(max_restarts=-1), None, ValueError, r"max_restarts must be an integer >= 0"),
    (
        "fit",
        dict(base_estimator=DecisionTreeClassifier),
        None,
        TypeError,
        r"base_estimator .*class",
    ),
    ("fit", dict(base_estimator=KNeighborsClassifier()), None, TypeError, r"no sample_weight"),
    ("fit", dict(random_state="seed"), None, TypeError, r"random_state must be None, an int seed"),
    ("fit", {}, "one class", ValueError, r"y must be labels of at least 2 classes; got 1 class"),
    (
        "fit",
        {},
        "three classes",
        ValueError,
        r"y must be labels of at most 2 classes; got 3 classes .*Only binary classification is supported",
    ),
    ("fit", {}, "continuous", ValueError, r"y must be class labels .*'continuous'"),
    ("fit", {}, "nan", ValueError, r"Input X contains NaN"),
    ("fit", {}, "short y", ValueError, r"y has 9 entries but X has 10 rows"),
    ("fit", {}, "sparse", TypeError, r"Sparse data was passed for X"),
    (
        "margins",
        {},
        "unknown label",
        ValueError,
        r"y must be labels seen in fit .*; got unknown labels \[7\]",
    ),
    ("staged_distributions", {}, "unknown label", ValueError, r"y must be labels seen in fit"),
    ("predict", {}, "wrong width", ValueError, r"X has 3 features"),
    (
        "resampled_error",
        dict(round=4),
        None,
        ValueError,
        r"round must be an integer in \[1, 3\]; got 4. The model has 3 fitted rounds",
    ),
    ("resampled_error", dict(n_resamples=0), None, ValueError, r"n_resamples must be an integer"),
    ("compare_modes", dict(n_runs=0), None, ValueError, r"n_runs must be an integer >= 1"),
    ("compare_modes", dict(n_estimators=0), None, ValueError, r"n_estimators must be an integer"),
    ("compare_modes", {}, "unknown label", ValueError, r"y_test must be labels seen in fit"),
    (
        "boosting_rounds",
        {},
        "wrong width",
        ValueError,
        r"X must be a 2-d array with two columns .* got 3 columns",
    ),
    ("boosting_rounds", dict(grid_size=1), None, ValueError, r"grid_size must be an integer >= 2"),
    ("boosting_rounds", dict(margin=-1.0), None, ValueError, r"margin must be a real number >= 0"),
]


def _data(case):
    g = np.random.default_rng(0)
    X, y = g.normal(size=(10, 2)), np.array([0, 1] * 5)
    if case == "one class":
        y = np.zeros(10, int)
    elif case == "three classes":
        y = np.arange(10) % 3
    elif case == "continuous":
        y = g.normal(size=10)
    elif case == "nan":
        X[0, 0] = np.nan
    elif case == "short y":
        y = y[:9]
    elif case == "sparse":
        import scipy.sparse

        X = scipy.sparse.csr_matrix(X)
    elif case == "unknown label":
        y = y.copy()
        y[0] = 7
    elif case == "wrong width":
        X = np.hstack([X, X[:, :1]])
    return X, y


@pytest.mark.parametrize("method, params, case, exc, pattern", BAD)
def test_bad_input(method, params, case, exc, pattern):
    X, y = _data(case)
    Xg, yg = _data(None)
    if method == "boosting_rounds":
        assert_rejects(exc, pattern, boosting_rounds, X, y, n_estimators=2, **params)
    elif method == "resampled_error":
        model = AdaBoost(n_estimators=3, random_state=0).fit(Xg, yg)
        assert_rejects(exc, pattern, resampled_error, model, X, y, **params)
    elif method == "compare_modes":
        assert_rejects(
            exc, pattern, compare_modes, Xg, yg, X, y, **{"n_estimators": 3, "n_runs": 2, **params}
        )
    elif method == "fit":
        assert_rejects(
            exc, pattern, AdaBoost(**{"n_estimators": 3, "random_state": 0, **params}).fit, X, y
        )
    else:  # a method of a fitted model; staged ones are drained
        model = AdaBoost(**{"n_estimators": 3, "random_state": 0, **params}).fit(Xg, yg)
        assert_rejects(
            exc, pattern, getattr(model, method), *((X,) if method == "predict" else (X, y))
        )


def test_public_functions():
    functions = {
        n
        for n in boosting.__all__
        if callable(getattr(boosting, n)) and not isinstance(getattr(boosting, n), type)
    }
    assert functions == set()  # the chapter's studies live in the book's wing
    assert set(book_adaboost.__all__) == {
        "BoostingRounds",
        "ModeComparison",
        "ResampledError",
        "RoundsByCV",
        "boosting_rounds",
        "compare_modes",
        "cv_rounds",
        "edge_bounds",
        "first_tied_round",
        "margin_bounds",
        "staged_errors",
        "staged_margins",
        "resampled_error",
    }


# ---------------------------------------------------------------- scikit-learn's checks
# No check is skipped: fit validates X and y once, through scikit-learn's validate_data
# (object X converted to float, complex X refused with ValueError, a column-vector y ravelled
# with a DataConversionWarning, y=None refused with scikit-learn's ValueError).
@parametrize_with_checks(
    [
        AdaBoost(n_estimators=8, random_state=0),
        AdaBoost(n_estimators=5, mode="resample", random_state=0),
        AdaBoost(n_estimators=5),
    ],
    expected_failed_checks=lambda est: {},
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


# ---------------------------------------------------------------- the default weak learner
def test_stump_equals_sklearn_stump_when_the_best_cut_is_unique():
    from patterneval.ensemble.boosting import DecisionStump

    g = np.random.default_rng(0)
    for k in range(5):
        w = g.exponential(size=len(Y_BC))
        ours = DecisionStump().fit(X_BC, Y_BC, sample_weight=w)
        peer = DecisionTreeClassifier(max_depth=1, random_state=k).fit(X_BC, Y_BC, sample_weight=w)
        assert len(ours.ties_) == 1  # a unique best cut on random weights
        assert ours.feature_ == peer.tree_.feature[0]
        assert ours.threshold_ == pytest.approx(peer.tree_.threshold[0], rel=1e-6)
        np.testing.assert_array_equal(ours.predict(X_BC), peer.predict(X_BC))
        np.testing.assert_allclose(ours.predict_proba(X_BC), peer.predict_proba(X_BC), atol=1e-12)


def test_stump_tie_rule_lowest_feature_then_smallest_threshold():
    from patterneval.ensemble.boosting import DecisionStump

    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    y = np.array([0, 0, 0, 1, 1, 1])
    # column 1 is a monotone transform of column 0 (as area is of radius): a genuine tie
    X = np.column_stack([np.exp(x), x**2, -x])
    stump = DecisionStump().fit(X, y)
    assert stump.feature_ == 0 and stump.ties_[0] == (0, stump.threshold_)
    assert [f for f, _ in stump.ties_] == [0, 1, 2]
    # reorder the columns: the lowest index of the new order wins
    assert DecisionStump().fit(X[:, [2, 1, 0]], y).feature_ == 0
    # within one feature: equal weighted errors at two cuts, the smaller threshold wins
    one = DecisionStump(criterion="error").fit(x[:, None], [0, 1, 1, 0, 0, 0])
    assert one.threshold_ == min(t for _, t in one.ties_)
    # a leaf with equal class weights predicts classes_[0]
    even = DecisionStump().fit(np.zeros((4, 1)), ["b", "a", "b", "a"])
    assert even.feature_ == -1 and even.predict([[0.0]]).tolist() == ["a"]


def test_stump_choice_survives_rounding_of_the_weights():
    # what another CPU does to AdaBoost's weights (exp and sum in other SIMD kernels):
    # relative changes of a few ulps. The stump must choose the same cut in every round.
    from patterneval.ensemble.boosting import DecisionStump

    model = AdaBoost(n_estimators=130, random_state=0).fit(X_BC[::2], Y_BC[::2])
    g = np.random.default_rng(1)
    n_ties = 0
    for t, D in enumerate(model.staged_distributions(X_BC[::2], Y_BC[::2])):
        chosen = model.estimators_[t]
        for _ in range(3):
            noisy = D * (1 + 4e-16 * g.standard_normal(D.size))
            other = DecisionStump().fit(
                X_BC[::2], np.where(Y_BC[::2] == 1, 1, -1), sample_weight=noisy
            )
            assert (other.feature_, other.threshold_) == (chosen.feature_, chosen.threshold_)
            assert other.ties_ == chosen.ties_
        n_ties += len(chosen.ties_) > 1
    assert n_ties > 0  # the data set does have tied features (radius / perimeter / area)


def test_stump_error_criterion_is_the_weighted_error_minimum():
    from patterneval.ensemble.boosting import DecisionStump

    g = np.random.default_rng(3)
    X, y = g.normal(size=(40, 3)), g.integers(0, 2, 40)
    w = g.exponential(size=40)
    stump = DecisionStump(criterion="error").fit(X, y, sample_weight=w)
    best = np.inf
    for j in range(3):
        for thr in np.unique(X[:, j]):
            left = X[:, j] <= thr
            err = sum(
                min(w[side & (y == 0)].sum(), w[side & (y == 1)].sum()) for side in (left, ~left)
            )
            best = min(best, err)
    assert np.sum(w * (stump.predict(X) != y)) == pytest.approx(best, rel=1e-12)


def test_cancelling_vote_is_a_tie_for_the_first_class():
    # two rounds with equal votes of opposite sign: F = 0 up to rounding -> classes_[0]
    model = AdaBoost(n_estimators=1, random_state=0).fit(X_BC, Y_BC)
    model.estimators_ = model.estimators_ * 2
    model.alphas_ = np.array([0.1 + 0.2, 0.3])
    flip = type("Flip", (), {"predict": lambda self, X: -model.estimators_[0].predict(X)})()
    model.estimators_[1] = flip
    F = model.decision_function(X_BC)
    assert np.all(np.abs(F) < 1e-15)
    assert np.all(model.predict(X_BC) == model.classes_[0])


@pytest.mark.parametrize(
    "params, fit, exc, pattern",
    [
        (
            dict(criterion="entropy"),
            {},
            ValueError,
            r"criterion must be one of \['gini', 'error'\]",
        ),
        (dict(criterion=1), {}, TypeError, r"criterion must be a string"),
        (
            {},
            dict(sample_weight=-np.ones(10)),
            ValueError,
            r"sample_weight must be an array of values >= 0",
        ),
        (
            {},
            dict(sample_weight=np.ones(9)),
            ValueError,
            r"sample_weight has 9 entries but X has 10",
        ),
        (
            {},
            dict(sample_weight=np.r_[np.nan, np.ones(9)]),
            ValueError,
            r"sample_weight holds 1 NaN",
        ),
        (
            {},
            dict(sample_weight="heavy"),
            TypeError,
            r"sample_weight must be a 1-d array of real numbers",
        ),
        (
            {},
            dict(y=np.arange(10) % 3),
            ValueError,
            r"y must be labels of at most 2 classes; got 3 classes .*Only binary classification is supported",
        ),
    ],
)
def test_stump_bad_input(params, fit, exc, pattern):
    from patterneval.ensemble.boosting import DecisionStump

    X, y = _data(None)
    y = fit.pop("y", y)
    assert_rejects(exc, pattern, lambda: DecisionStump(**params).fit(X, y, **fit))


@parametrize_with_checks([boosting.DecisionStump()], expected_failed_checks=lambda est: {})
def test_stump_sklearn_compatible(estimator, check):
    check(estimator)
