"""Note 004, section 4 (combination strategies), checked numerically.

No statement of the section was found to be wrong; these tests pin down the claims the
chapter "Combining learners" relies on, and the two places where the note is silent and a
choice had to be made (ties of the plurality vote; which first-level models predict after
cross-validated stacking).
"""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from patterneval.ensemble.combine import (
    Stacking,
    majority_vote,
    plurality_vote,
    vote_rates,
    weighted_average,
)


def test_majority_rule_of_note_is_more_than_half_of_all_votes():
    # note 004: c_j if sum_i h_i^j > 0.5 sum_k sum_i h_i^k, else reject
    votes = np.array([[0, 0, 1, 2], [0, 1, 1, 2], [1, 2, 0, 1], [0, 2, 2, 0]])
    assert majority_vote(votes, reject=-1).tolist() == [0, -1, -1, -1]
    # with soft votes the rule is "average probability above one half"
    p = np.array([[[0.6, 0.4]], [[0.45, 0.55]]])
    assert majority_vote(p, reject=-1).tolist() == [0]  # mean 0.525 for class 0


def test_plurality_ties_are_not_specified_by_the_note():
    # two common rules give different answers on a tie; the library documents its choice
    votes = np.array([[0] * 400, [1] * 400])
    assert np.all(plurality_vote(votes) == 0)
    random_rule = plurality_vote(votes, ties="random", rng=0)
    assert 0 < random_rule.mean() < 1


def test_learned_weights_can_lose_to_the_simple_average():
    # note 004: weights learned on (noisy, small) training data are unreliable, so weighted
    # averaging need not beat simple averaging. Five equally good noisy regressors; weights
    # fitted by least squares on 10 training points vs equal weights, on fresh data.
    gen = np.random.default_rng(0)
    losses = []
    for _ in range(200):
        f_train, f_test = gen.normal(size=10), gen.normal(size=1000)
        h_train = f_train + gen.normal(size=(5, 10))
        h_test = f_test + gen.normal(size=(5, 1000))
        w = np.linalg.lstsq(h_train.T, f_train, rcond=None)[0]
        w = np.clip(w, 0, None)
        w = w / w.sum() if w.sum() > 0 else np.full(5, 0.2)
        learned = np.mean((weighted_average(h_test, w) - f_test) ** 2)
        simple = np.mean((h_test.mean(axis=0) - f_test) ** 2)
        losses.append(learned - simple)
    assert np.mean(losses) > 0  # on average the learned weights are worse


def test_in_sample_secondary_training_set_overfits():
    # note 004: building the meta-training set from the first-level learners' own training
    # data risks overfitting; out-of-fold meta-features avoid it.
    X, y = load_breast_cancer(return_X_y=True)
    model = Stacking(
        [DecisionTreeClassifier(random_state=0), KNeighborsClassifier(1)], cv=5, random_state=0
    ).fit(X, y)
    in_sample = model.meta_features(X)
    assert np.all(in_sample[:, 2:4].argmax(axis=1) == np.searchsorted(model.classes_, y))
    oof_error = np.mean(model.oof_features_[:, 2:4].argmax(axis=1) != y)
    assert oof_error > 0.05  # what the learners really do on unseen data


def test_rejection_rate_of_independent_voters():
    # the reject option of the majority rule never fires for odd T and two classes, but
    # does for more classes
    assert vote_rates(0.6, 11).reject == 0.0
    assert vote_rates(0.6, 11, n_classes=3).reject > 0.05
