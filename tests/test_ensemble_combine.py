"""Averaging, voting rules with reject, and stacking with MLR
(patterneval.ensemble.combine)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from _helpers import assert_displays, assert_rejects, assert_table_applies
from joblib import parallel_config
from scipy import stats
from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.ensemble import StackingClassifier, VotingClassifier
from sklearn.linear_model import LinearRegression, LogisticRegression
from sklearn.model_selection import ShuffleSplit, StratifiedKFold, cross_val_predict
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

import patterneval.book.combining as BC
import patterneval.ensemble.combine as C
from patterneval.book import simulation
from patterneval.book.combining import simulate_vote_rates
from patterneval.ensemble.combine import (
    MLR,
    Stacking,
    average,
    majority_vote,
    plurality_vote,
    vote_rates,
    weighted_average,
    weighted_vote,
)

RNG = np.random.default_rng(20261122)


# ------------------------------------------------------------------ slow twins
def _vote_vectors_slow(predictions, classes):
    """h_i^j(x) by explicit loops: one-hot for labels, the probabilities otherwise."""
    predictions = np.asarray(predictions)
    if predictions.ndim == 3:
        return predictions.astype(float)
    T, n = predictions.shape
    h = np.zeros((T, n, len(classes)))
    for i in range(T):
        for s in range(n):
            for j, c in enumerate(classes):
                h[i, s, j] = 1.0 if predictions[i, s] == c else 0.0
    return h


def _majority_slow(predictions, classes, threshold=0.5):
    h = _vote_vectors_slow(predictions, classes)
    T, n, c = h.shape
    out = []
    for s in range(n):
        total = sum(h[i, s, k] for i in range(T) for k in range(c))
        winner = None
        for j in range(c):
            if sum(h[i, s, j] for i in range(T)) > threshold * total:
                winner = classes[j]
        out.append(winner)
    return out


def _weighted_slow(predictions, classes, weights):
    h = _vote_vectors_slow(predictions, classes)
    T, n, c = h.shape
    out = []
    for s in range(n):
        best, best_score = None, -np.inf
        for j in range(c):  # strict '>' keeps the first class on ties
            score = sum(weights[i] * h[i, s, j] for i in range(T))
            if score > best_score + 1e-12:
                best, best_score = classes[j], score
        out.append(best)
    return out


def _random_labels(T, n, c, rng=RNG):
    return rng.integers(0, c, size=(T, n))


def _random_probas(T, n, c, rng=RNG):
    return rng.dirichlet(np.ones(c), size=(T, n))


@pytest.mark.parametrize("T, c", [(1, 2), (3, 2), (4, 3), (5, 4), (6, 3)])
@pytest.mark.parametrize("threshold", [0.5, 0.6])
def test_majority_vote_matches_slow_twin_hard_and_soft(T, c, threshold):
    labels = _random_labels(T, 40, c)
    classes = np.arange(c)
    got = majority_vote(labels, classes=classes, threshold=threshold)
    want = _majority_slow(labels, classes, threshold)
    assert [None if m else int(v) for v, m in zip(got.data, np.ma.getmaskarray(got))] == want
    probas = _random_probas(T, 40, c)
    got = majority_vote(probas, threshold=threshold, reject=-1)
    want = [-1 if w is None else w for w in _majority_slow(probas, classes, threshold)]
    assert got.tolist() == want


@pytest.mark.parametrize("T, c", [(2, 2), (3, 3), (5, 4), (8, 3)])
def test_weighted_and_plurality_match_slow_twin(T, c):
    labels = _random_labels(T, 60, c)
    classes = np.arange(c)
    w = RNG.dirichlet(np.ones(T))
    assert weighted_vote(labels, w).tolist() == _weighted_slow(labels, classes, w)
    assert plurality_vote(labels).tolist() == _weighted_slow(labels, classes, np.full(T, 1 / T))
    probas = _random_probas(T, 60, c)
    assert weighted_vote(probas, w).tolist() == _weighted_slow(probas, classes, w)
    assert plurality_vote(probas).tolist() == _weighted_slow(probas, classes, np.full(T, 1 / T))


def test_string_labels_and_member_lists():
    votes = [np.array(["b", "a", "c"]), np.array(["b", "c", "c"]), np.array(["a", "a", "b"])]
    assert plurality_vote(votes).tolist() == ["b", "a", "c"]
    assert majority_vote(votes, reject="?").tolist() == ["b", "a", "c"]
    assert majority_vote(votes[:2], reject="?").tolist() == ["b", "?", "c"]
    # given classes in an unsorted order: ties go to the first listed class
    assert plurality_vote(votes[:2], classes=["c", "b", "a"]).tolist() == ["b", "c", "c"]


def test_plurality_equals_scipy_mode_incl_ties():
    labels = _random_labels(7, 300, 3)
    # scipy 1.x mode returns the smallest of tied values, like ties="smallest"
    assert np.array_equal(plurality_vote(labels), stats.mode(labels, axis=0).mode)
    counts = np.stack([(labels == k).sum(axis=0) for k in range(3)])
    no_tie = np.sort(counts, axis=0)[-1] > np.sort(counts, axis=0)[-2]
    assert no_tie.sum() > 100


def test_random_ties_pick_each_tied_class():
    votes = np.array([[0, 1] * 500, [1, 0] * 500])  # every sample a 1:1 tie
    got = plurality_vote(votes, ties="random", rng=0)
    assert simulation.check_mean((got == 0).astype(float), 0.5).passed
    assert np.array_equal(got, plurality_vote(votes, ties="random", rng=0))
    assert np.all(plurality_vote(votes) == 0)


def test_majority_binary_rejects_only_ties_and_reject_value():
    votes = np.array([[1, 1, 0, 0], [1, 0, 1, 0]])
    out = majority_vote(votes)
    assert out.mask.tolist() == [False, True, True, False]
    assert majority_vote(votes, reject=-1).tolist() == [1, -1, -1, 0]
    assert majority_vote(votes, reject=0.5).tolist() == [1, 0.5, 0.5, 0]


# ------------------------------------------------------------------ averaging
def test_average_and_weighted_average_equal_numpy():
    out = RNG.normal(size=(5, 30))
    w = RNG.dirichlet(np.ones(5))
    np.testing.assert_allclose(average(out), np.average(out, axis=0), rtol=0, atol=1e-14)
    np.testing.assert_allclose(
        weighted_average(out, w), np.average(out, axis=0, weights=w), rtol=0, atol=1e-14
    )
    probas = _random_probas(5, 30, 3)
    np.testing.assert_allclose(
        weighted_average(probas, w), np.average(probas, axis=0, weights=w), rtol=0, atol=1e-14
    )


# ------------------------------------------------------------------ vs VotingClassifier
@pytest.fixture(scope="module")
def wine_members():
    X, y = load_wine(return_X_y=True)
    members = [
        ("nb", GaussianNB()),
        ("tree", DecisionTreeClassifier(max_depth=2, random_state=0)),
        ("knn", make_pipeline(StandardScaler(), KNeighborsClassifier(15))),
    ]
    return X, y, members


@pytest.mark.parametrize("weights", [None, [3.0, 1.0, 1.0]])
def test_votes_equal_sklearn_voting_classifier(wine_members, weights):
    # reference: scikit-learn 1.9.1 VotingClassifier; members fitted by it, then reused
    X, y, members = wine_members
    w = None if weights is None else np.asarray(weights) / np.sum(weights)
    soft = VotingClassifier(members, voting="soft", weights=weights).fit(X, y)
    probas = np.stack([m.predict_proba(X) for m in soft.estimators_])
    assert np.array_equal(weighted_vote(probas, w, classes=soft.classes_), soft.predict(X))
    hard = VotingClassifier(members, voting="hard", weights=weights).fit(X, y)
    # its members were fitted on label-encoded y; ties go to the smallest code (bincount argmax)
    codes = np.stack([m.predict(X) for m in hard.estimators_])
    got = hard.le_.inverse_transform(weighted_vote(codes, w, classes=np.arange(3)))
    assert np.array_equal(got, hard.predict(X))


# ------------------------------------------------------------------ reject rates
def _rates_by_enumeration(p, T, c, threshold):
    """Sum the probabilities of all c**T vote patterns (true class 0)."""
    probs = np.r_[p, np.full(c - 1, (1 - p) / (c - 1))]
    out = np.zeros(3)
    for pattern in itertools.product(range(c), repeat=T):
        prob = np.prod(probs[list(pattern)])
        counts = np.bincount(pattern, minlength=c)
        winners = np.flatnonzero(counts > threshold * T)
        out[0 if winners.tolist() == [0] else (2 if winners.size == 0 else 1)] += prob
    return out


@pytest.mark.parametrize(
    "p, T, c, threshold",
    [
        (0.6, 3, 2, 0.5),
        (0.6, 4, 2, 0.5),
        (0.5, 5, 3, 0.5),
        (0.4, 6, 3, 0.5),
        (0.7, 5, 4, 0.6),
        (0.55, 6, 3, 0.7),
        (0.3, 1, 3, 0.5),
    ],
)
def test_vote_rates_exact_enumeration(p, T, c, threshold):
    r = vote_rates(p, T, n_classes=c, threshold=threshold)
    want = _rates_by_enumeration(p, T, c, threshold)
    np.testing.assert_allclose([r.correct, r.error, r.reject], want, rtol=0, atol=1e-12)


def test_vote_rates_monte_carlo():
    checks = []
    for p, T, c, th in [(0.6, 11, 2, 0.5), (0.6, 10, 2, 0.5), (0.5, 9, 4, 0.5), (0.4, 15, 3, 0.6)]:
        exact = vote_rates(p, T, n_classes=c, threshold=th)
        sim = simulate_vote_rates(p, T, n_classes=c, threshold=th, n_resamples=4000, rng=T)
        for code, name in enumerate(("correct", "error", "reject")):
            checks.append(
                simulation.check_mean(
                    (sim.outcome == code).astype(float),
                    float(getattr(exact, name)),
                    label=f"{name} p={p} T={T} c={c}",
                )
            )
    assert all(c.passed for c in checks), simulation.format_checks(checks)


def test_vote_rates_binary_matches_bounds_module():
    from patterneval.ensemble.bounds import majority_vote_error

    T = np.arange(1, 30)
    r = vote_rates(0.7, T)
    # ties (even T) are rejections here and coin flips there
    np.testing.assert_allclose(
        r.error + r.reject / 2, majority_vote_error(0.3, T), rtol=0, atol=1e-12
    )


# ------------------------------------------------------------------ MLR and stacking
def test_mlr_equals_one_linear_regression_per_class():
    X, y = load_wine(return_X_y=True)
    for intercept in (True, False):
        mlr = MLR(fit_intercept=intercept).fit(X, y)
        resp = np.column_stack(
            [LinearRegression(fit_intercept=intercept).fit(X, y == k).predict(X) for k in range(3)]
        )
        np.testing.assert_allclose(mlr.decision_function(X), resp, rtol=0, atol=1e-7)
        assert np.array_equal(mlr.predict(X), resp.argmax(axis=1))


def test_mlr_binary_decision_sign():
    X, y = load_breast_cancer(return_X_y=True)
    mlr = MLR().fit(X, y)
    assert np.array_equal(mlr.predict(X), mlr.classes_[(mlr.decision_function(X) > 0).astype(int)])


@pytest.fixture(scope="module")
def cancer():
    X, y = load_breast_cancer(return_X_y=True)
    members = [
        GaussianNB(),
        DecisionTreeClassifier(max_depth=3, random_state=0),
        make_pipeline(StandardScaler(), LogisticRegression(max_iter=500)),
    ]
    return X, y, members


def test_stacking_oof_features_equal_cross_val_predict(cancer):
    X, y, members = cancer
    model = Stacking(members, cv=4, random_state=1).fit(X, y)
    want = np.hstack(
        [cross_val_predict(m, X, y, cv=model.folds_, method="predict_proba") for m in members]
    )
    np.testing.assert_allclose(model.oof_features_, want, rtol=0, atol=1e-12)
    # every sample is in exactly one test fold; folds are stratified
    tests = np.concatenate([te for _, te in model.folds_])
    assert np.array_equal(np.sort(tests), np.arange(len(y)))
    labels = Stacking(members, cv=4, random_state=1, use_proba=False).fit(X, y).oof_features_
    hard = np.hstack([np.eye(2)[cross_val_predict(m, X, y, cv=model.folds_)] for m in members])
    assert np.array_equal(labels, hard)


def test_stacking_equals_hand_built_pipeline(cancer):
    X, y, members = cancer
    Xtr, Xte, ytr = X[::2], X[1::2], y[::2]
    model = Stacking(members, cv=5, random_state=3).fit(Xtr, ytr)
    Z = np.hstack(
        [cross_val_predict(m, Xtr, ytr, cv=model.folds_, method="predict_proba") for m in members]
    )
    regs = [LinearRegression().fit(Z, ytr == k) for k in (0, 1)]
    Zte = np.hstack([m.fit(Xtr, ytr).predict_proba(Xte) for m in members])
    want = np.column_stack([r.predict(Zte) for r in regs]).argmax(axis=1)
    assert np.array_equal(model.predict(Xte), want)
    np.testing.assert_allclose(model.meta_features(Xte), Zte, rtol=0, atol=1e-12)


def test_stacking_vs_sklearn_stacking_classifier(wine_members, cancer):
    # reference: scikit-learn 1.9.1 StackingClassifier with the same folds and meta-learner
    X, y, members = wine_members
    meta = LogisticRegression(max_iter=2000)
    ours = Stacking([m for _, m in members], meta_learner=meta, cv=5, random_state=0).fit(X, y)
    theirs = StackingClassifier(
        members, final_estimator=meta, cv=ours.folds_, stack_method="predict_proba"
    ).fit(X, y)
    assert np.array_equal(ours.predict(X), theirs.predict(X))
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-6)
    # difference for two classes: scikit-learn drops the first probability column
    Xb, yb, bmembers = cancer
    ours = Stacking(bmembers, cv=5, random_state=0).fit(Xb, yb)
    theirs = StackingClassifier(
        [(str(i), m) for i, m in enumerate(bmembers)], cv=ours.folds_, stack_method="predict_proba"
    ).fit(Xb, yb)
    assert ours.meta_features(Xb).shape[1] == 2 * theirs.transform(Xb).shape[1]
    np.testing.assert_allclose(ours.meta_features(Xb)[:, 1::2], theirs.transform(Xb), atol=1e-12)


def test_stacking_results_do_not_depend_on_n_jobs(cancer):
    X, y, members = cancer
    a = Stacking(members[:2], cv=3, random_state=5).fit(X, y)
    with parallel_config(backend="threading"):  # loky start-up is slow on a shared machine
        b = Stacking(members[:2], cv=3, random_state=5, n_jobs=2).fit(X, y)
    np.testing.assert_array_equal(a.oof_features_, b.oof_features_)


def test_in_sample_meta_features_leak(cancer):
    X, y, _ = cancer
    deep = [DecisionTreeClassifier(random_state=0), KNeighborsClassifier(1)]
    model = Stacking(deep, cv=5, random_state=0).fit(X, y)
    in_sample = model.meta_features(X)
    oof_err = np.mean(model.oof_features_[:, 2:4].argmax(axis=1) != y)
    assert np.mean(in_sample[:, 1] > 0.5) == np.mean(y == 1)  # a memorised training set
    assert oof_err > 0.05


def test_reprs():
    assert repr(MLR()) == "MLR()"
    assert "cv=3" in repr(Stacking([GaussianNB()], cv=3))
    r = vote_rates(0.6, 3)
    assert_displays(r, "VoteRates(accuracy=0.6")
    assert repr(simulate_vote_rates(0.6, 3, n_resamples=10, rng=0)).startswith("VoteSimulation(")


# sklearn checks: none skipped (check_array_api_input is skipped by scikit-learn itself
# when SCIPY_ARRAY_API is not set).
@parametrize_with_checks(
    [
        MLR(),
        Stacking(
            [GaussianNB(), DecisionTreeClassifier(max_depth=3, random_state=0)],
            cv=3,
            random_state=0,
        ),
        Stacking(
            [GaussianNB()], meta_learner=LogisticRegression(), cv=3, use_proba=False, random_state=0
        ),
        Stacking([GaussianNB(), LogisticRegression()]),
    ],  # the defaults: cv=5, random_state=None
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


# ------------------------------------------------------------------ bad input
GOOD_LABELS = [[0, 1, 1], [0, 1, 0], [1, 1, 0]]
GOOD_REAL = [[0.5, 1.0], [1.5, 2.0]]
SHAPE_ROWS = [
    (
        dict(predictions=[[0, 1, 1], [0, 1]]),
        ValueError,
        r"member arrays of one shape .*; got member 1 of shape \(2,\) and member 0 of shape \(3,\)",
    ),
    (
        dict(predictions=[0, 1, 1]),
        ValueError,
        r"predictions must be an array of shape \(n_members, n_samples\)",
    ),
    (dict(predictions=None), TypeError, "must be an array with one row of outputs per member"),
    (
        dict(predictions=[]),
        ValueError,
        "predictions must be an array with at least 1 member and one sample; got an empty",
    ),
    (
        dict(predictions=np.zeros((2, 0), int)),
        ValueError,
        "predictions must be an array with at least 1 member and one sample",
    ),
    (dict(predictions=[[np.nan, 1.0]]), ValueError, "holds NaN"),
    (
        dict(predictions=np.full((2, 3, 2), 1.5)),
        ValueError,
        r"predictions must be an array of values in \[0, 1\]",
    ),
    (
        dict(predictions=[np.full((3, 2), 0.5), np.full((3, 3), 0.2)]),
        ValueError,
        "got member 1 of shape",
    ),
    (
        dict(classes=[0]),
        ValueError,
        "classes must be labels that include every predicted label; got \\[0\\], without \\[1\\]",
    ),
    (dict(classes=[0, 1, 1]), ValueError, "classes must be distinct"),
]
TIE_ROWS = [
    (dict(ties="first"), ValueError, "ties must be one of"),
    (dict(rng="seed"), TypeError, "rng must be None"),
]
TABLES = {
    "average": [
        (dict(outputs=[[1.0, 2.0], [1.0]]), ValueError, "got member 1 of shape"),
        (
            dict(outputs=[["a", "b"], ["c", "d"]]),
            TypeError,
            "outputs must be an array of real numbers",
        ),
        (dict(outputs=[[1.0, np.inf]]), ValueError, "NaN or infinite"),
        (dict(outputs=5.0), TypeError, "must be an array with one row of outputs per member"),
    ],
    "weighted_average": [
        (dict(outputs=[[1.0, 2.0], [1.0]]), ValueError, "got member 1 of shape"),
        (dict(weights=[0.7, 0.7]), ValueError, "weights must be numbers >= 0 that sum to 1"),
        (dict(weights=[1.5, -0.5]), ValueError, "weights must be an array of values >= 0"),
        (dict(weights=[1.0]), ValueError, "weights has 1 entries but outputs has 2"),
        (dict(weights="ab"), TypeError, "weights must be a 1-d array of real numbers"),
    ],
    "majority_vote": SHAPE_ROWS
    + [
        (dict(threshold=0.4), ValueError, r"threshold must be a real number in \[0.5, 1\)"),
        (dict(threshold=1.0), ValueError, r"threshold must be a real number in \[0.5, 1\)"),
        (dict(threshold="half"), TypeError, "threshold must be a real number"),
        (
            dict(reject=1),
            ValueError,
            "reject must be None or a value that is not a class label; got 1",
        ),
    ],
    "plurality_vote": SHAPE_ROWS + TIE_ROWS,
    "weighted_vote": SHAPE_ROWS
    + TIE_ROWS
    + [
        (dict(weights=[0.5, 0.5, 0.5]), ValueError, "weights must be numbers >= 0 that sum to 1"),
        (dict(weights=[1.2, -0.1, -0.1]), ValueError, "weights must be an array of values >= 0"),
        (dict(weights=[0.5, 0.5]), ValueError, "weights has 2 entries but predictions has 3"),
    ],
    "vote_rates": [
        (dict(accuracy=1.2), ValueError, "accuracy"),
        (dict(n_voters=0), ValueError, "n_voters must be an array of values >= 1"),
        (dict(n_voters=2.5), TypeError, "n_voters must be an array of integers"),
        (dict(n_classes=1), ValueError, "n_classes must be an integer >= 2"),
        (dict(threshold=0.3), ValueError, "threshold must be a real number in"),
    ],
    "simulate_vote_rates": [
        (dict(accuracy=-0.1), ValueError, "accuracy"),
        (dict(n_voters=[3, 5]), TypeError, "n_voters must be an integer"),
        (dict(n_classes=1), ValueError, "n_classes must be an integer >= 2"),
        (dict(n_resamples=0), ValueError, "n_resamples must be an integer >= 1"),
        (dict(rng="x"), TypeError, "rng must be None"),
        (dict(threshold=1.0), ValueError, "threshold must be a real number in"),
    ],
}
GOOD = {
    "average": dict(outputs=GOOD_REAL),
    "weighted_average": dict(outputs=GOOD_REAL, weights=[0.5, 0.5]),
    "majority_vote": dict(predictions=GOOD_LABELS),
    "plurality_vote": dict(predictions=GOOD_LABELS),
    "weighted_vote": dict(predictions=GOOD_LABELS, weights=[0.5, 0.25, 0.25]),
    "vote_rates": dict(accuracy=0.6, n_voters=5),
    "simulate_vote_rates": dict(accuracy=0.6, n_voters=5, n_resamples=20, rng=0),
}
ROWS = [(name, *row) for name, rows in TABLES.items() for row in rows]


@pytest.mark.parametrize("name, overrides, exc, pattern", ROWS)
def test_bad_input(name, overrides, exc, pattern):
    assert_rejects(
        exc, pattern, getattr(BC if name in BC.__all__ else C, name), **{**GOOD[name], **overrides}
    )


def test_bad_rows_apply_and_good_inputs_pass():
    for name, rows in TABLES.items():
        assert_table_applies(getattr(BC if name in BC.__all__ else C, name), GOOD[name], rows)


def test_public_names():
    assert set(C.__all__) == {
        "majority_vote",
        "plurality_vote",
        "weighted_vote",
        "average",
        "weighted_average",
        "vote_rates",
        "VOTE_TIE_RULES",
        "VOTE_TIE_RTOL",
        "MLR_RCOND",
        "MLR_TIE_RTOL",
        "MLR",
        "Stacking",
        "VoteRates",
    }
    assert set(BC.__all__) == {"simulate_vote_rates", "VoteSimulation"}


X_SMALL, Y_SMALL = load_wine(return_X_y=True)
STACK_ROWS = [
    (
        dict(estimators=[]),
        ValueError,
        "estimators must be a non-empty list of classifiers .*; got an empty list",
    ),
    (dict(estimators="tree"), TypeError, "estimators must be a non-empty list of classifiers"),
    (dict(estimators=[GaussianNB]), TypeError, r"estimators\[0\] must be a scikit-learn"),
    (dict(meta_learner="mlr"), TypeError, "meta_learner must be a scikit-learn"),
    (dict(cv=1), ValueError, r"^cv must be an integer in \[2, 178\]; got 1"),
    (dict(cv=100), ValueError, "^cv must be at most 71, the size of the largest class; got 100"),
    (dict(cv="5"), TypeError, "^cv must be a scikit-learn-compatible splitter"),
    (
        dict(cv=ShuffleSplit(3, test_size=0.2, random_state=0)),
        ValueError,
        "^cv must be .*partition the samples",
    ),
    (dict(n_jobs=0), ValueError, "n_jobs must be None or a non-zero"),
    (dict(random_state="x"), TypeError, "random_state must be None"),
    (dict(use_proba="yes"), TypeError, "use_proba must be True or False"),
    (
        dict(estimators=[make_pipeline(StandardScaler(), LinearRegression())]),
        TypeError,
        r"estimators\[0\] must be a classifier with predict_proba .*Use use_proba=False",
    ),
]


@pytest.mark.parametrize("overrides, exc, pattern", STACK_ROWS)
def test_stacking_bad_input(overrides, exc, pattern):
    params = dict(estimators=[GaussianNB()], cv=3, random_state=0) | overrides
    assert_rejects(exc, pattern, lambda: Stacking(**params).fit(X_SMALL, Y_SMALL))


def test_stacking_cv_takes_an_int_a_splitter_or_pairs_as_sklearn():
    """cv=k draws make_folds' stratified folds from random_state (the folds
    n_splits=k gave); a splitter or explicit pairs give the same meta-features on the same
    folds; the old keyword is refused."""
    from patterneval._engine import make_folds

    members = [GaussianNB(), DecisionTreeClassifier(max_depth=2, random_state=0)]
    model = Stacking(members, cv=3, random_state=0).fit(X_SMALL, Y_SMALL)
    folds = make_folds(
        Y_SMALL, n_splits=3, n_repeats=1, stratify=True, rng=np.random.default_rng(0)
    )[0]
    for (_, te), (_, te2) in zip(model.folds_, folds, strict=True):
        np.testing.assert_array_equal(te, te2)
    pairs = Stacking(members, cv=folds).fit(X_SMALL, Y_SMALL)
    np.testing.assert_array_equal(pairs.oof_features_, model.oof_features_)
    skf = StratifiedKFold(4, shuffle=True, random_state=1)
    split = Stacking(members, cv=skf).fit(X_SMALL, Y_SMALL)
    for (_, te), (_, te2) in zip(split.folds_, skf.split(X_SMALL, Y_SMALL), strict=True):
        np.testing.assert_array_equal(te, te2)
    with pytest.raises(TypeError, match="n_splits"):
        Stacking(members, n_splits=3)


def test_stacking_spreads_a_class_smaller_than_n_splits_over_the_folds():
    # scikit-learn's StratifiedKFold convention (with its warning); the largest class must fill
    # every fold
    X, y = X_SMALL[:60], np.r_[np.zeros(57, int), np.ones(3, int)]
    with pytest.warns(UserWarning, match="least populated class"):
        model = Stacking([GaussianNB()], cv=5, random_state=0).fit(X, y)
    assert model.oof_features_.shape == (60, 2)
    assert sorted(int(y[test].sum()) for _, test in model.folds_) == [0, 0, 1, 1, 1]


def test_single_class_y_is_an_error():
    for est in (MLR(), Stacking([GaussianNB()], cv=2)):
        with pytest.raises(ValueError, match="at least 2 classes"):
            est.fit(X_SMALL[:10], np.zeros(10, int))


def test_stacking_accepts_named_members_like_sklearn():
    named = Stacking(
        [("nb", GaussianNB()), ("tree", DecisionTreeClassifier(max_depth=2, random_state=0))],
        cv=3,
        random_state=0,
    ).fit(X_SMALL, Y_SMALL)
    plain = Stacking(
        [GaussianNB(), DecisionTreeClassifier(max_depth=2, random_state=0)], cv=3, random_state=0
    ).fit(X_SMALL, Y_SMALL)
    np.testing.assert_array_equal(named.oof_features_, plain.oof_features_)
    assert not hasattr(plain, "predict_proba") and hasattr(plain, "decision_function")


# ---------------------------------------------------------------- tie rules against rounding
def test_soft_vote_ties_survive_rounding():
    # two classes with the same average probability, summed from values whose float sums
    # differ in the last bit depending on the order: a tie, so the first class
    a = np.array([[[0.1, 0.9]], [[0.2, 0.8]], [[0.7, 0.3]]])  # class 0: 1.0, class 1: 2.0
    b = np.array([[[0.1, 0.2]], [[0.2, 0.1]], [[0.7, 0.7]]])  # 0.1+0.2+0.7 vs 0.2+0.1+0.7
    for order in ([0, 1, 2], [2, 1, 0], [1, 2, 0]):
        assert plurality_vote(b[order]).tolist() == [0]
        assert weighted_vote(b[order], np.array([0.25, 0.25, 0.5])[order]).tolist() == [0]
    assert plurality_vote(a).tolist() == [1]
    # a share equal to the threshold (up to rounding) is not a majority
    half = np.array([[[0.1, 0.9]], [[0.2, 0.8]], [[0.7, 0.3]], [[0.5, 0.5]]])
    shares = half.sum(axis=0) / 4
    assert shares[0, 1] > 0.5  # 2.5 / 4 = 0.625: a clear majority for class 1
    assert majority_vote(half, reject=-1).tolist() == [1]
    tie = np.array([[[0.1, 0.9]], [[0.2, 0.8]], [[0.7, 0.3]], [[1.0, 0.0]]])  # 2.0 : 2.0
    assert majority_vote(tie, reject=-1).tolist() == [-1]
    assert majority_vote(tie[::-1], reject=-1).tolist() == [-1]


def test_mlr_collinear_design_minimum_norm_and_ties():
    # probability meta-features of two members that memorised the training set: columns
    # (1-y, y, 1-y, y), collinear with each other and with the intercept. The coefficients
    # are not unique; MLR's are the minimum-norm ones (equal for the two members), and a
    # point where the members disagree gets responses 1/2 and 1/2 in exact arithmetic: a
    # tie that goes to the first class on every CPU
    from patterneval.ensemble.combine import MLR_RCOND

    g = np.random.default_rng(0)
    y = g.integers(0, 2, 60)
    Z = np.column_stack([1 - y, y, 1 - y, y]).astype(float)
    model = MLR().fit(Z, y)
    np.testing.assert_allclose(model.coef_[:, :2], model.coef_[:, 2:], atol=1e-12)
    A = np.column_stack([np.ones(60), Z])
    ref = np.linalg.pinv(A, rcond=MLR_RCOND) @ np.eye(2)[y]
    np.testing.assert_allclose(np.r_[[model.intercept_], model.coef_.T], ref, atol=1e-12)
    disagree = np.array([[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0]])
    np.testing.assert_allclose(model._responses(disagree), 0.5, atol=1e-12)
    assert model.predict(disagree).tolist() == [0, 0]
    # the same after rounding noise in the design
    noisy = MLR().fit(Z * (1 + 1e-15 * g.standard_normal(Z.shape)), y)
    assert noisy.predict(disagree).tolist() == [0, 0]
    assert model.predict([[0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 0.0]]).tolist() == [1, 0]


def test_majority_vote_writes_reject_without_turning_labels_into_strings():
    votes = [[0, 1, 2], [0, 1, 1], [1, 2, 0]]
    out = majority_vote(votes, reject="none")
    assert out.tolist() == [0, 1, "none"] and out.dtype == object
    assert majority_vote(votes, reject=-1).tolist() == [0, 1, -1]
    letters = [["a", "b", "c"], ["a", "b", "b"], ["b", "c", "a"]]
    assert majority_vote(letters, reject=-1).tolist() == ["a", "b", -1]
    same_kind = majority_vote(letters, reject="?")
    assert same_kind.tolist() == ["a", "b", "?"] and same_kind.dtype.kind == "U"
    days = np.array(["2020-01-01", "2020-01-02", "2020-01-03"], dtype="datetime64[D]")
    dated = majority_vote(np.stack([days, days[[0, 1, 1]], days[[1, 2, 0]]]), reject=-1)
    assert dated.tolist()[2] == -1 and dated.dtype == object  # no common dtype


def test_votes_on_ids_numpy_cannot_sort():
    votes = np.empty((3, 3), dtype=object)
    votes[:] = [[None, 1, None], [None, 1, 1], [1, None, 1]]  # None among numbers
    assert plurality_vote(votes).tolist() == [None, 1, 1]
    assert majority_vote(votes, reject="?").tolist() == [None, 1, 1]
    given = np.array([1, None, 2], dtype=object)
    assert majority_vote(votes, classes=given).tolist() == [None, 1, 1]
    with pytest.raises(ValueError, match=r"classes must be labels that include every predicted"):
        majority_vote(votes, classes=[1])
