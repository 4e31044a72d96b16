"""Errata of note 004, section 3 "Bagging" (chapter "Bagging and random forests"), shown
numerically.

Claims checked and found right are tested in tests/test_bagging.py: about 63.2% of the
samples appear in a bootstrap sample and about 36.8% are out of bag for each member
(``test_inbag_fraction_averages_inclusion_probability``); bagging reduces the variance of an
unstable learner (``test_bagging_reduces_variance_at_fixed_points``); bagging handles more
than two classes unchanged (``test_multiclass_and_string_labels``).

1. "Bagging's time complexity is about that of one base learner, so it is very efficient"
   (Bagging的时间复杂度约等于一个基学习器的时间复杂度). Training T members costs about T
   times one member (plus sampling and voting): the same *order* only when T is treated
   as a constant, as Zhou's book says. The test counts the work: T fits, and a total
   number of tree nodes that grows in proportion to T.
2. "RF ... starts worse but ends better" (起始性能相对较差，最终结果更佳) and "the ensemble's
   generalisation improves further as the members' diversity grows": both hold often, not
   always. With one relevant attribute among 256, a forest with k = log2 d = 8 rarely
   offers that attribute to a split; its trees disagree more (more diversity) and its
   test error after 60 trees stays far above bagging's.
"""

import numpy as np
import pytest
from sklearn.tree import DecisionTreeClassifier

from patterneval.ensemble.bagging import Bagging, RandomForest


class CountingTree(DecisionTreeClassifier):
    """A tree that counts its fits in a class attribute."""

    fits = 0

    def fit(self, X, y, sample_weight=None, check_input=True):
        CountingTree.fits += 1
        return super().fit(X, y, sample_weight=sample_weight, check_input=check_input)


def test_bagging_costs_T_base_learners():
    from sklearn.datasets import load_breast_cancer

    X, y = load_breast_cancer(return_X_y=True)
    single = DecisionTreeClassifier(random_state=0).fit(X, y).tree_.node_count
    totals = []
    for T in (5, 20, 40):
        CountingTree.fits = 0
        bag = Bagging(CountingTree(), n_estimators=T, random_state=0).fit(X, y)
        assert CountingTree.fits == T
        totals.append(sum(m.tree_.node_count for m in bag.estimators_))
    nodes_per_member = np.array(totals) / np.array([5, 20, 40])
    # every member is a full tree of comparable size: total work is linear in T
    assert np.all(nodes_per_member > 0.5 * single)
    assert totals[2] > 6 * totals[0]


def sparse_relevant(n, rng, d=256):
    """One relevant attribute (x_0 > 0, 10% label noise) among d."""
    X = rng.normal(size=(n, d))
    y = (X[:, 0] > 0).astype(int)
    flip = rng.uniform(size=n) < 0.1
    y[flip] = 1 - y[flip]
    return X, y


@pytest.fixture(scope="module")
def sparse_fits():
    rng = np.random.default_rng(0)
    X, y = sparse_relevant(200, rng)
    Xt, yt = sparse_relevant(1000, rng)
    bag = Bagging(n_estimators=60, random_state=0).fit(X, y)
    forest = RandomForest(n_estimators=60, random_state=0).fit(X, y)
    return bag, forest, Xt, yt


def mean_disagreement(model, X, pairs=15):
    preds = np.stack([m.predict(X) for m in model.estimators_[:pairs]])
    return np.mean([np.mean(preds[i] != preds[j]) for i in range(pairs) for j in range(i)])


def test_random_forest_does_not_always_end_better(sparse_fits):
    bag, forest, Xt, yt = sparse_fits
    assert forest.max_features_ == 8
    bag_curve, forest_curve = bag.staged_error(Xt, yt), forest.staged_error(Xt, yt)
    assert forest_curve[0] > bag_curve[0]  # starts worse, as the note says
    # ... but ends worse too: by far more than the binomial s.e. of a 1000-sample test error
    se = np.sqrt(forest_curve[-1] * (1 - forest_curve[-1]) / len(yt))
    assert forest_curve[-1] - bag_curve[-1] > 10 * se
    assert forest.oob_error_ > bag.oob_error_


def test_more_diversity_is_not_always_better(sparse_fits):
    bag, forest, Xt, yt = sparse_fits
    assert mean_disagreement(forest, Xt) > mean_disagreement(bag, Xt) + 0.1
    assert np.mean(forest.predict(Xt) != yt) > np.mean(bag.predict(Xt) != yt)
