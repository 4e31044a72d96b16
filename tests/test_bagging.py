"""Bagging and random forests (patterneval.ensemble.bagging): slow twins, a hand-built
ensemble, the bootstrap inclusion rate, variance reduction, scikit-learn's soft OOB,
the k = log2 d rule, estimator checks and bad input."""

import inspect
import warnings

import numpy as np
import pytest
from _helpers import assert_rejects
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.dummy import DummyClassifier
from sklearn.ensemble import BaggingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier, ExtraTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

import patterneval.ensemble.bagging as B
from patterneval.book import simulation
from patterneval.ensemble.bagging import Bagging, RandomForest
from patterneval.resampling.bootstrap import inclusion_probability
from patterneval.tree import CART, resolve_max_features


@pytest.fixture(scope="module")
def cancer():
    X, y = load_breast_cancer(return_X_y=True)
    return X[:200], y[:200]


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


def noisy_data(n, rng):
    """1-d inputs on [0, 1] with P(y = 1 | x) = x, plus a useless second column."""
    X = rng.uniform(size=(n, 2))
    y = (rng.uniform(size=n) < X[:, 0]).astype(int)
    return X, y


# --- slow twins -----------------------------------------------------------------------


def slow_votes(members, X, n_classes):
    votes = np.zeros((X.shape[0], n_classes), dtype=int)
    for member in members:
        for i in range(X.shape[0]):
            votes[i, int(member.predict(X[i : i + 1])[0])] += 1
    return votes


def slow_oob(members, samples, X, y_code, n_classes):
    """OOB votes, coverage, error and error curve with explicit loops."""
    n = X.shape[0]
    votes = np.zeros((n, n_classes), dtype=int)
    curve = []
    for member, sample in zip(members, samples):
        in_bag = set(int(s) for s in sample)
        for i in range(n):
            if i not in in_bag:
                votes[i, int(member.predict(X[i : i + 1])[0])] += 1
        wrong, covered = 0, 0
        for i in range(n):
            if votes[i].sum() > 0:
                covered += 1
                best = max(range(n_classes), key=lambda c: (votes[i, c], -c))  # ties: smallest c
                wrong += best != y_code[i]
        curve.append(wrong / covered if covered else np.nan)
    coverage = np.mean([votes[i].sum() > 0 for i in range(n)])
    return votes, coverage, curve


@pytest.mark.parametrize("base", [None, KNeighborsClassifier(3), LogisticRegression(max_iter=500)])
def test_equals_slow_twin(iris, base):
    X, y = iris
    X, y = X[::3], y[::3]
    bag = Bagging(base, n_estimators=7, max_samples=0.8, random_state=1).fit(X, y)
    y_code = np.searchsorted(bag.classes_, y)
    votes = slow_votes(bag.estimators_, X, 3)
    np.testing.assert_array_equal(bag.votes(X), votes)
    np.testing.assert_allclose(bag.predict_proba(X), votes / 7)
    ties_smallest = [max(range(3), key=lambda c: (v[c], -c)) for v in votes]
    np.testing.assert_array_equal(bag.predict(X), bag.classes_[ties_smallest])
    oob_votes, coverage, curve = slow_oob(bag.estimators_, bag.samples_, X, y_code, 3)
    np.testing.assert_array_equal(bag.oob_decision_, oob_votes)
    np.testing.assert_array_equal(bag.oob_counts_, oob_votes.sum(axis=1))
    assert bag.oob_coverage_ == coverage
    np.testing.assert_allclose(bag.oob_error_curve_, curve)
    assert bag.oob_error_ == curve[-1]
    assert bag.samples_.shape == (7, round(0.8 * X.shape[0]))
    for t in range(7):
        np.testing.assert_array_equal(
            bag.inbag_counts_[t], np.bincount(bag.samples_[t], minlength=X.shape[0])
        )


def test_staged_error_equals_slow_twin(iris):
    X, y = iris
    bag = Bagging(n_estimators=6, random_state=3).fit(X[::2], y[::2])
    Xt, yt = X[1::2], y[1::2]
    curve = []
    for t in range(1, 7):
        votes = slow_votes(bag.estimators_[:t], Xt, 3)
        curve.append(np.mean(bag.classes_[np.argmax(votes, axis=1)] != yt))
    np.testing.assert_allclose(bag.staged_error(Xt, yt), curve)
    assert bag.staged_error(Xt, yt)[-1] == np.mean(bag.predict(Xt) != yt)


def test_equals_hand_built_ensemble(cancer):
    """Same bootstrap indices and the same seeded trees: the same votes and OOB votes."""
    X, y = cancer
    T, n = 9, X.shape[0]
    bag = Bagging(n_estimators=T, random_state=42).fit(X, y)
    streams = np.random.default_rng(42).spawn(T)
    votes = np.zeros((n, 2), dtype=int)
    oob_votes = np.zeros((n, 2), dtype=int)
    for t, stream in enumerate(streams):
        idx = stream.integers(0, n, size=n)
        seed = int(stream.integers(2**31 - 1))
        np.testing.assert_array_equal(bag.samples_[t], idx)
        tree = DecisionTreeClassifier(random_state=seed).fit(X[idx], y[idx])
        pred = tree.predict(X)
        votes[np.arange(n), pred] += 1
        out = np.setdiff1d(np.arange(n), idx)
        oob_votes[out, pred[out]] += 1
    np.testing.assert_array_equal(bag.votes(X), votes)
    np.testing.assert_array_equal(bag.oob_decision_, oob_votes)
    covered = oob_votes.sum(axis=1) > 0
    assert bag.oob_error_ == np.mean(np.argmax(oob_votes[covered], axis=1) != y[covered])


def test_results_do_not_depend_on_n_jobs_and_members_are_prefixes(cancer):
    X, y = cancer
    one = Bagging(n_estimators=6, random_state=5).fit(X, y)
    two = Bagging(n_estimators=6, random_state=5, n_jobs=2).fit(X, y)
    np.testing.assert_array_equal(one.samples_, two.samples_)
    np.testing.assert_array_equal(one.votes(X), two.votes(X))
    assert one.oob_error_ == two.oob_error_
    more = Bagging(n_estimators=10, random_state=5).fit(X, y)
    np.testing.assert_array_equal(more.samples_[:6], one.samples_)
    np.testing.assert_array_equal(more.oob_error_curve_[:6], one.oob_error_curve_)


def test_generator_rng_and_reproducible_int_seed(cancer):
    X, y = cancer
    a = Bagging(n_estimators=3, random_state=7).fit(X, y).samples_
    np.testing.assert_array_equal(a, Bagging(n_estimators=3, random_state=7).fit(X, y).samples_)
    gen = np.random.default_rng(7)
    model = Bagging(n_estimators=3, random_state=gen)
    first = model.fit(X, y).samples_.copy()
    np.testing.assert_array_equal(first, a)  # a Generator seeded like the int gives the same draws
    assert not np.array_equal(model.fit(X, y).samples_, first)  # and moves on


# --- bootstrap inclusion and out-of-bag share -------------------------------------------


@pytest.mark.parametrize("n", [5, 40])
def test_inbag_fraction_averages_inclusion_probability(n):
    rng = np.random.default_rng(n)
    X = rng.normal(size=(n, 1))
    y = np.arange(n) % 2
    bag = Bagging(DummyClassifier(), n_estimators=1000, random_state=11).fit(X, y)
    inbag_share = (bag.inbag_counts_ > 0).mean(axis=1)
    oob_share = (bag.inbag_counts_ == 0).mean(axis=1)
    checks = [
        simulation.check_mean(inbag_share, inclusion_probability(n), label="in-bag share"),
        simulation.check_mean(oob_share, (1 - 1 / n) ** n, label="out-of-bag share"),
        # each sample is out of bag for T (1 - 1/n)^n members on average
        simulation.check_mean(
            bag.oob_counts_ / 1000, (1 - 1 / n) ** n, label="OOB members per sample"
        ),
    ]
    assert all(c.passed for c in checks), simulation.format_checks(checks)
    assert np.all(bag.inbag_counts_.sum(axis=1) == n)


# --- variance reduction -----------------------------------------------------------------


@pytest.mark.parametrize("base", [DecisionTreeClassifier()])
def test_bagging_reduces_variance_at_fixed_points(base):
    """Across independent training sets, the bagged vote share at x0 varies less than the
    single unstable learner's prediction: the gap exceeds 4 Monte Carlo standard errors."""
    rng = np.random.default_rng(2024)
    x0 = np.array([[0.5, 0.5], [0.35, 0.5]])
    single, bagged = [], []
    for r in range(80):
        X, y = noisy_data(40, rng)
        single.append(clone(base).fit(X, y).predict(x0))
        bagged.append(
            Bagging(base, n_estimators=9, random_state=r).fit(X, y).predict_proba(x0)[:, 1]
        )
    single, bagged = np.array(single, float), np.array(bagged)
    for j in range(x0.shape[0]):
        gap = simulation.check_variance_difference(single[:, j], bagged[:, j], 0.0, label="var gap")
        assert gap.simulated > 0 and gap.z > 4, simulation.format_checks([gap])


def test_variance_of_average_formula_for_bootstrap_means():
    """rho sigma^2 + (1 - rho) sigma^2 / T, with sigma^2 = (2n - 1) s^2 / n^2 and
    rho = n / (2n - 1) for bagged sample means (members share the data set)."""
    rng = np.random.default_rng(3)
    n, T, R, s2 = 10, 5, 40_000, 1.0
    data = rng.normal(0, np.sqrt(s2), size=(R, n))
    idx = rng.integers(0, n, size=(R, T, n))
    members = np.take_along_axis(data[:, None, :], idx, axis=2).mean(axis=2)  # (R, T)
    sigma2 = (2 * n - 1) * s2 / n**2
    rho = n / (2 * n - 1)
    checks = [
        simulation.check_variance(members[:, 0], sigma2, label="member variance"),
        simulation.check_mean(
            members[:, 0] * members[:, 1], rho * sigma2, label="member covariance"
        ),
        simulation.check_variance(
            members.mean(axis=1), rho * sigma2 + (1 - rho) * sigma2 / T, label="bagged"
        ),
    ]
    assert all(c.passed for c in checks), simulation.format_checks(checks)


# --- hard votes versus scikit-learn's soft OOB -------------------------------------------


def test_sklearn_oob_score_averages_probabilities_and_differs_from_hard_votes():
    """scikit-learn 1.9.1: BaggingClassifier.oob_score_ is the accuracy of argmax of the
    summed member predict_proba over ALL samples. Recomputed soft it matches exactly; the
    hard-vote error (ours) differs here, where stumps have impure leaves."""
    rng = np.random.default_rng(0)
    X, y = noisy_data(200, rng)
    sk = BaggingClassifier(
        DecisionTreeClassifier(max_depth=1), n_estimators=25, oob_score=True, random_state=0
    ).fit(X, y)
    n = X.shape[0]
    soft = np.zeros((n, 2))
    hard = np.zeros((n, 2), dtype=int)
    for member, sample in zip(sk.estimators_, sk.estimators_samples_):
        out = np.setdiff1d(np.arange(n), sample)
        soft[out] += member.predict_proba(X[out])
        hard[out, member.predict(X[out])] += 1
    assert 1 - sk.oob_score_ == pytest.approx(np.mean(np.argmax(soft, axis=1) != y), abs=1e-15)
    covered = hard.sum(axis=1) > 0
    hard_error = np.mean(np.argmax(hard[covered], axis=1) != y[covered])
    assert np.any(np.argmax(soft, axis=1) != np.argmax(hard, axis=1))
    assert hard_error != pytest.approx(1 - sk.oob_score_, abs=1e-12)


class FixedProba(ClassifierMixin, BaseEstimator):
    """A member whose predict_proba is fixed: p1 for class 1 at every input."""

    def __init__(self, p1=0.5):
        self.p1 = p1

    def fit(self, X, y):
        self.classes_ = np.array([0, 1])
        return self

    def predict_proba(self, X):
        return np.tile([1 - self.p1, self.p1], (len(X), 1))

    def predict(self, X):
        return (np.full(len(X), self.p1) > 0.5).astype(int)


def test_soft_and_hard_votes_disagree_on_a_three_member_example():
    members = [
        FixedProba(0.45).fit(None, None),
        FixedProba(0.45).fit(None, None),
        FixedProba(1.0).fit(None, None),
    ]
    X = np.zeros((1, 1))
    soft = sum(m.predict_proba(X) for m in members) / 3  # [0.367, 0.633] -> class 1
    hard = sum(np.eye(2)[m.predict(X)] for m in members)  # two votes for class 0
    assert np.argmax(soft) == 1 and np.argmax(hard) == 0


def test_sklearn_counts_never_out_of_bag_samples_as_the_first_class():
    """With too few members scikit-learn warns and still scores every sample; never-OOB
    samples get argmax of a zero row, class 0. Ours leaves them out (oob_coverage_ < 1)."""
    rng = np.random.default_rng(1)
    X, y = noisy_data(60, rng)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk = BaggingClassifier(
            DecisionTreeClassifier(), n_estimators=2, oob_score=True, random_state=3
        ).fit(X, y)
    n = X.shape[0]
    hard = np.zeros((n, 2), dtype=int)
    for member, sample in zip(sk.estimators_, sk.estimators_samples_):
        out = np.setdiff1d(np.arange(n), sample)
        hard[out, member.predict(X[out])] += 1
    never = hard.sum(axis=1) == 0
    assert never.any()
    assert sk.oob_score_ == pytest.approx(
        np.mean(np.argmax(hard, axis=1) == y)
    )  # full trees: soft = hard
    ours_style = np.mean(np.argmax(hard[~never], axis=1) != y[~never])
    assert ours_style != pytest.approx(1 - sk.oob_score_)
    bag = Bagging(n_estimators=1, random_state=0).fit(X, y)
    assert bag.oob_coverage_ < 1 and bag.oob_coverage_ == np.mean(bag.oob_counts_ > 0)


class ParityStub(ClassifierMixin, BaseEstimator):
    """Predicts class index (random_state mod 2) everywhere: lets two members disagree."""

    def __init__(self, random_state=None):
        self.random_state = random_state

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return np.full(len(X), self.random_state % 2)


def test_ties_go_to_the_first_class():
    X = np.arange(8.0).reshape(-1, 1)
    y = np.array(["b", "a"] * 4)
    for seed in range(50):
        bag = Bagging(ParityStub(), n_estimators=2, random_state=seed).fit(X, y)
        if {m.random_state % 2 for m in bag.estimators_} == {0, 1}:
            break
    else:
        pytest.fail("no seed gave two disagreeing members")
    assert bag.predict(X[:2]).tolist() == ["a", "a"]
    np.testing.assert_array_equal(bag.predict_proba(X[:2]), 0.5)


def test_multiclass_and_string_labels(iris):
    X, y = iris
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    bag = Bagging(n_estimators=15, random_state=0).fit(X, names)
    assert bag.classes_.tolist() == sorted(set(names))
    assert bag.oob_error_ < 0.1 and set(bag.predict(X)) <= set(names)
    np.testing.assert_allclose(bag.predict_proba(X).sum(axis=1), 1.0)


# --- random forests ------------------------------------------------------------------


@pytest.mark.parametrize("d", [1, 2, 3, 7, 8, 30, 64, 100])
def test_log2_rule_matches_sklearn(d):
    """scikit-learn 1.9.1 resolves "log2" to max(1, int(log2 d)); so do we."""
    X = np.random.default_rng(d).normal(size=(20, d))
    y = np.arange(20) % 2
    tree = DecisionTreeClassifier(max_features="log2", random_state=0).fit(X, y)
    assert resolve_max_features("log2", d) == tree.max_features_ == max(1, int(np.log2(d)))
    sq = DecisionTreeClassifier(max_features="sqrt", random_state=0).fit(X, y)
    assert resolve_max_features("sqrt", d) == sq.max_features_
    forest = RandomForest(n_estimators=2, random_state=0).fit(X, y)
    assert forest.max_features_ == tree.max_features_
    assert all(m.max_features == forest.max_features_ for m in forest.estimators_)


def test_forest_with_every_attribute_is_bagged_trees(cancer):
    """k = d is bagging of the same tree with the same seeds. Like with like: a tree's
    tie-breaking depends on its type and seed (scikit-learn's splitter permutes the
    attributes even at max_features = d), so each tree type is compared with itself."""
    X, y = cancer
    forest = RandomForest(n_estimators=5, max_features=None, random_state=3, tree=CART()).fit(X, y)
    bag = Bagging(CART(), n_estimators=5, random_state=3).fit(X, y)
    np.testing.assert_array_equal(forest.votes(X), bag.votes(X))
    assert forest.oob_error_ == bag.oob_error_
    # the default tree, scikit-learn's, is also Bagging's default base learner
    forest = RandomForest(n_estimators=5, max_features=None, random_state=3).fit(X, y)
    bag = Bagging(n_estimators=5, random_state=3).fit(X, y)
    np.testing.assert_array_equal(forest.votes(X), bag.votes(X))
    assert forest.oob_error_ == bag.oob_error_


def test_default_forest_is_a_hand_built_bag_of_sklearn_trees(cancer):
    """The default member is scikit-learn's DecisionTreeClassifier(max_features=k): member t
    draws its n bootstrap indices, then its seed, from child stream t of random_state, and
    is fitted on the drawn rows (distinct rows weighted by their counts, the same tree as
    duplicated rows); the forest is the plurality vote of those trees."""
    X, y = cancer
    T, k = 7, 4
    forest = RandomForest(n_estimators=T, random_state=11).fit(X, y)
    streams = np.random.default_rng(11).spawn(T)
    votes = np.zeros((len(y), 2), dtype=np.int64)
    for t, stream in enumerate(streams):
        sample = stream.integers(0, len(y), size=len(y))
        seed = int(stream.integers(2**31 - 1))
        np.testing.assert_array_equal(forest.samples_[t], sample)
        rows, counts = np.unique(sample, return_counts=True)
        tree = DecisionTreeClassifier(max_features=k, random_state=seed).fit(
            X[rows], y[rows], sample_weight=counts.astype(float)
        )
        dup = DecisionTreeClassifier(max_features=k, random_state=seed).fit(X[sample], y[sample])
        np.testing.assert_array_equal(tree.predict(X), dup.predict(X))
        member = forest.estimators_[t]
        assert isinstance(member, DecisionTreeClassifier) and member.max_features == k
        np.testing.assert_array_equal(member.predict(X), tree.predict(X))
        votes[np.arange(len(y)), tree.predict(X)] += 1
    np.testing.assert_array_equal(forest.votes(X), votes)
    np.testing.assert_array_equal(forest.predict(X), np.argmax(votes, axis=1))


@pytest.mark.parametrize("tree", [None, CART()])
def test_predictions_do_not_depend_on_n_jobs(cancer, tree):
    """Members predict on joblib threads when n_jobs asks for it; the votes are the same."""
    X, y = cancer
    forest = RandomForest(n_estimators=6, random_state=2, tree=tree).fit(X, y)
    serial = forest.votes(X[::3])
    forest.set_params(n_jobs=2)
    np.testing.assert_array_equal(forest.votes(X[::3]), serial)
    np.testing.assert_array_equal(
        forest.staged_error(X, y), forest.set_params(n_jobs=1).staged_error(X, y)
    )


def test_forest_cart_option_is_the_books_tree(cancer):
    X, y = cancer
    forest = RandomForest(n_estimators=3, random_state=0, tree=CART()).fit(X, y)
    assert all(isinstance(tree, CART) for tree in forest.estimators_)
    assert {tree.max_features for tree in forest.estimators_} == {forest.max_features_}


class WrappedTree(ClassifierMixin, BaseEstimator):
    """A pluggable tree of the user's: any classifier with ``max_features`` and
    ``random_state`` parameters."""

    def __init__(self, max_features=None, random_state=None):
        self.max_features = max_features
        self.random_state = random_state

    def fit(self, X, y):
        self.tree_ = DecisionTreeClassifier(
            max_features=self.max_features, random_state=self.random_state
        ).fit(X, y)
        self.classes_ = self.tree_.classes_
        return self

    def predict(self, X):
        return self.tree_.predict(X)


def test_pluggable_tree(cancer):
    X, y = cancer
    forest = RandomForest(n_estimators=4, random_state=0, tree=WrappedTree()).fit(X, y)
    ref = RandomForest(n_estimators=4, random_state=0, tree=DecisionTreeClassifier()).fit(X, y)
    assert [m.random_state for m in forest.estimators_] == [m.random_state for m in ref.estimators_]
    np.testing.assert_array_equal(forest.votes(X), ref.votes(X))
    extra = RandomForest(
        n_estimators=4, random_state=0, tree=ExtraTreeClassifier(), max_features=2
    ).fit(X, y)
    assert all(m.max_features == 2 for m in extra.estimators_)


# --- scikit-learn conventions --------------------------------------------------------


# No check is expected to fail (scikit-learn 1.9.1); check_array_api_input skips itself
# unless SCIPY_ARRAY_API is set.
@parametrize_with_checks(
    [Bagging(n_estimators=3, random_state=0), RandomForest(n_estimators=3, random_state=0)],
    expected_failed_checks=lambda est: {},
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


# --- bad input -----------------------------------------------------------------------

X4 = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 0.0]])
Y4 = np.array([0, 1, 0, 1])

BAD = [
    (
        "Bagging",
        Bagging(n_estimators=0),
        X4,
        Y4,
        ValueError,
        r"n_estimators must be an integer >= 1",
    ),
    ("Bagging", Bagging(n_estimators=2.5), X4, Y4, TypeError, r"n_estimators must be an integer"),
    (
        "Bagging",
        Bagging(),
        X4,
        np.zeros(4),
        ValueError,
        r"y must be labels of at least 2 classes; got 1 class",
    ),
    (
        "Bagging",
        Bagging(max_samples=0.0),
        X4,
        Y4,
        ValueError,
        r"max_samples must be a real number in \(0, 1\]",
    ),
    (
        "Bagging",
        Bagging(max_samples=1.5),
        X4,
        Y4,
        ValueError,
        r"max_samples must be a real number in \(0, 1\]",
    ),
    (
        "Bagging",
        Bagging(max_samples=5),
        X4,
        Y4,
        ValueError,
        r"max_samples must be an integer in \[1, 4\]",
    ),
    (
        "Bagging",
        Bagging(max_samples="all"),
        X4,
        Y4,
        TypeError,
        r"max_samples must be a real number",
    ),
    (
        "Bagging",
        Bagging(base_estimator=DecisionTreeClassifier),
        X4,
        Y4,
        TypeError,
        r"base_estimator .*class, not",
    ),
    ("Bagging", Bagging(n_jobs=0), X4, Y4, ValueError, r"n_jobs must be None or a non-zero"),
    (
        "Bagging",
        Bagging(random_state="seed"),
        X4,
        Y4,
        TypeError,
        r"random_state must be None, an int seed",
    ),
    (
        "Bagging",
        Bagging(),
        X4,
        np.array([0.1, 0.2, 0.3, 0.4]),
        ValueError,
        r"y must be class labels .*'continuous'",
    ),
    ("Bagging", Bagging(), np.array([[np.nan, 1.0]] * 4), Y4, ValueError, r"NaN"),
    ("Bagging", Bagging(), X4, Y4[:3], ValueError, r"inconsistent numbers of samples"),
    (
        "RandomForest",
        RandomForest(max_features="log10"),
        X4,
        Y4,
        ValueError,
        r"max_features must be one of",
    ),
    (
        "RandomForest",
        RandomForest(max_features=3),
        X4,
        Y4,
        ValueError,
        r"max_features must be an integer in \[1, 2\]",
    ),
    (
        "RandomForest",
        RandomForest(max_features=0.0),
        X4,
        Y4,
        ValueError,
        r"max_features must be a real number in \(0, 1\]",
    ),
    ("RandomForest", RandomForest(max_features=True), X4, Y4, TypeError, r"max_features must be"),
    (
        "RandomForest",
        RandomForest(tree=KNeighborsClassifier()),
        X4,
        Y4,
        TypeError,
        r"tree must be a classifier with a max_features parameter",
    ),
    (
        "RandomForest",
        RandomForest(n_estimators=-1),
        X4,
        Y4,
        ValueError,
        r"n_estimators must be an integer >= 1",
    ),
    (
        "RandomForest",
        RandomForest(),
        X4,
        np.ones(4),
        ValueError,
        r"y must be labels of at least 2 classes; got 1 class",
    ),
]


@pytest.mark.parametrize("name, model, X, y, exc, pattern", BAD)
def test_bad_input(name, model, X, y, exc, pattern):
    assert_rejects(exc, pattern, model.fit, X, y)


@pytest.mark.parametrize(
    "max_features, d, exc, pattern",
    [
        ("cube", 4, ValueError, r"max_features must be one of"),
        (5, 4, ValueError, r"max_features must be an integer in \[1, 4\]"),
        (1.5, 4, ValueError, r"max_features must be a real number in \(0, 1\]"),
        ([2], 4, TypeError, r"max_features must be"),
        ("log2", 0, ValueError, r"n_features must be an integer >= 1"),
    ],
)
def test_resolve_max_features_bad_input(max_features, d, exc, pattern):
    assert_rejects(exc, pattern, resolve_max_features, max_features, d)


@pytest.mark.parametrize(
    "kwargs, exc, pattern",
    [
        ({"max_features": "log2"}, TypeError, r"max_features must be a non-empty sequence"),
        (
            {"max_features": []},
            ValueError,
            r"max_features must be a non-empty sequence of values .*; got \[\]",
        ),
        ({"max_features": ["cube"]}, ValueError, r"max_features must be one of"),
        ({"n_estimators": 0}, ValueError, r"n_estimators must be an integer >= 1"),
        (
            {"tree": KNeighborsClassifier()},
            TypeError,
            r"tree must be a classifier with a max_features parameter",
        ),
    ],
)
def test_forest_convergence_bad_input(iris, kwargs, exc, pattern):
    X, y = iris
    assert_rejects(exc, pattern, B.forest_convergence, X, y, X, y, **kwargs)


def test_public_functions():
    assert {name for name in B.__all__ if inspect.isfunction(getattr(B, name))} == {
        "forest_convergence"
    }


@pytest.mark.parametrize("tree", [None, CART()])
def test_forest_convergence_equals_separate_forests(iris, tree):
    X, y = iris
    res = B.forest_convergence(
        X[::2], y[::2], X[1::2], y[1::2], max_features=(1, None), n_estimators=8, rng=4, tree=tree
    )
    seed = int(np.random.default_rng(4).integers(2**63 - 1))
    for j, k in enumerate((1, None)):
        forest = RandomForest(8, max_features=k, random_state=seed, tree=tree).fit(X[::2], y[::2])
        np.testing.assert_array_equal(res.test_error[j], forest.staged_error(X[1::2], y[1::2]))
        np.testing.assert_array_equal(res.oob_error[j], forest.oob_error_curve_)
        single = [
            np.mean(m.predict(X[1::2]) != y[1::2]) for m in forest.estimators_
        ]  # codes = labels
        np.testing.assert_array_equal(res.member_test_error[j], single)
    assert res.max_features.tolist() == [1, 4] and res.n_features == 4


def test_predict_checks_features_and_fit(cancer):
    X, y = cancer
    bag = Bagging(n_estimators=2, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="X has 3 features, but Bagging is expecting 30"):
        bag.predict(X[:, :3])
    with pytest.raises(ValueError, match="y has 5 entries but X has 200; they must pair up"):
        bag.staged_error(X, y[:5])
    with pytest.raises(ValueError, match="y holds NaN labels"):
        bag.staged_error(X[:3], [0.0, np.nan, 1.0])
    from sklearn.exceptions import NotFittedError

    with pytest.raises(NotFittedError):
        RandomForest().predict_proba(X)


def test_no_out_of_bag_sample_warns():
    X = np.array([[0.0], [1.0]])
    y = np.array([0, 1])
    seed = next(
        s
        for s in range(100)
        if set(np.random.default_rng(s).spawn(1)[0].integers(0, 2, size=2)) == {0, 1}
    )
    with pytest.warns(UserWarning, match="No sample is out of bag"):
        bag = Bagging(n_estimators=1, random_state=seed).fit(X, y)
    assert np.isnan(bag.oob_error_) and bag.oob_coverage_ == 0.0


def test_weighted_fit_equals_duplicated_rows(cancer):
    """Members of a base with sample_weight are fitted on distinct rows weighted by their
    draw counts; for logistic regression that is the duplicated-row fit (to solver
    tolerance), for full trees exactly (test_equals_hand_built_ensemble)."""
    X, y = cancer
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    base = LogisticRegression(C=0.5, tol=1e-10, max_iter=5000)
    bag = Bagging(base, n_estimators=3, random_state=2).fit(X, y)
    for member, sample in zip(bag.estimators_, bag.samples_):
        dup = clone(base).fit(X[sample], y[sample])
        np.testing.assert_allclose(member.coef_, dup.coef_, rtol=1e-5, atol=1e-6)
    knn = Bagging(KNeighborsClassifier(1), n_estimators=2, random_state=2).fit(
        X, y
    )  # no sample_weight
    assert knn.estimators_[0].n_samples_fit_ == X.shape[0]
