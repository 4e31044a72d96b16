"""The chapter "AdaBoost"'s evaluation helpers: staged margins and their cdf at 0 (the
training error), Schapire et al.'s margin bound, the edge bound, staged held-out errors
against scikit-learn's SAMME, the number of rounds by cross-validation, and tied stumps."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.ensemble import AdaBoostClassifier
from sklearn.model_selection import StratifiedKFold, train_test_split
from sklearn.tree import DecisionTreeClassifier

from patterneval.book.adaboost import (
    cv_rounds,
    edge_bounds,
    first_tied_round,
    margin_bounds,
    staged_errors,
    staged_margins,
)
from patterneval.ensemble.boosting import AdaBoost


@pytest.fixture(scope="module")
def fitted():
    X, y = make_classification(240, 6, n_informative=3, flip_y=0.1, random_state=3)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, random_state=0)
    model = AdaBoost(n_estimators=40, random_state=0).fit(X_tr, y_tr)
    return model, X_tr, X_te, y_tr, y_te


def test_staged_margins_end_at_the_margins_and_their_cdf_at_zero_is_the_training_error(fitted):
    model, X_tr, _, y_tr, _ = fitted
    M = staged_margins(model, X_tr, y_tr)
    assert M.shape == (40, len(y_tr))
    assert np.allclose(M[-1], model.margins(X_tr, y_tr))
    assert np.all(np.abs(M) <= 1 + 1e-12)
    assert np.array_equal((M <= 0).mean(axis=1), model.training_errors_)
    # round 1: one stump with vote alpha_1, so every margin is +-1
    assert set(np.unique(M[0])) <= {-1.0, 1.0}


def test_margin_bound_is_the_exponential_loss_at_zero_and_bounds_the_margin_cdf(fitted):
    model, X_tr, _, y_tr, _ = fitted
    thetas = np.array([0.0, 0.1, 0.3])
    B = margin_bounds(model, thetas)
    assert B.shape == (3, 40)
    assert np.allclose(B[0], model.exp_losses_, rtol=1e-12, atol=0)
    M = staged_margins(model, X_tr, y_tr)
    share = (M[None] <= thetas[:, None, None]).mean(axis=2)
    assert np.all(share <= B)
    with pytest.raises(ValueError):
        margin_bounds(model, [1.5])


def test_margin_bound_product_form_round_by_round(fitted):
    model = fitted[0]
    eps = model.errors_
    theta = 0.2
    expected = np.cumprod(2 * np.sqrt(eps ** (1 - theta) * (1 - eps) ** (1 + theta)))
    assert np.allclose(margin_bounds(model, [theta])[0], expected, rtol=1e-10)


def test_edge_bound_lies_above_the_product_bound_above_the_training_error(fitted):
    model = fitted[0]
    edge = edge_bounds(model)
    assert np.allclose(edge, np.exp(-2 * np.cumsum((0.5 - model.errors_) ** 2)))
    assert np.all(model.training_errors_ <= model.error_bounds_)
    assert np.all(model.error_bounds_ <= edge)


def test_staged_errors_are_the_training_errors_on_the_training_set(fitted):
    model, X_tr, X_te, y_tr, y_te = fitted
    assert np.array_equal(staged_errors(model, X_tr, y_tr), model.training_errors_)
    by_hand = [np.mean(p != y_te) for p in model.staged_predict(X_te)]
    assert np.array_equal(staged_errors(model, X_te, y_te), by_hand)


def test_held_out_staged_errors_match_scikit_learn_samme_before_any_tie():
    X, y = load_breast_cancer(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    model = AdaBoost(n_estimators=60, random_state=0).fit(X_tr, y_tr)
    tie = first_tied_round(model)
    assert tie == 57
    peer = AdaBoostClassifier(
        DecisionTreeClassifier(max_depth=1), n_estimators=60, random_state=0
    ).fit(X_tr, y_tr)
    theirs = np.array([np.mean(p != y_te) for p in peer.staged_predict(X_te)])
    assert np.array_equal(staged_errors(model, X_te, y_te)[: tie - 1], theirs[: tie - 1])


def test_first_tied_round_finds_a_duplicated_feature():
    X, y = make_classification(80, 3, n_informative=2, n_redundant=0, random_state=1)
    model = AdaBoost(n_estimators=3, random_state=0).fit(np.column_stack([X, X[:, 0] * 2]), y)
    assert first_tied_round(model) is not None
    assert first_tied_round(AdaBoost(n_estimators=3, random_state=0).fit(X, y)) is None


def test_cv_rounds_averages_the_folds_and_takes_the_first_minimum():
    X, y = make_classification(150, 5, flip_y=0.1, random_state=2)
    res = cv_rounds(X, y, n_estimators=12, cv=3, rng=4)
    assert res.fold_errors.shape == (3, 12)
    assert np.allclose(res.cv_errors, res.fold_errors.mean(axis=0))
    assert res.best_round == int(np.flatnonzero(res.cv_errors == res.cv_errors.min())[0]) + 1
    train, test = next(StratifiedKFold(3, shuffle=True, random_state=4).split(X, y))
    fold = AdaBoost(n_estimators=12, random_state=0).fit(X[train], y[train])
    assert np.array_equal(res.fold_errors[0], staged_errors(fold, X[test], y[test]))


def test_evaluation_helpers_reject_an_unfitted_or_foreign_model():
    with pytest.raises(TypeError, match="AdaBoost"):
        edge_bounds(DecisionTreeClassifier())
    with pytest.raises(ValueError):
        cv_rounds(np.zeros((6, 2)), np.zeros(6), n_estimators=2)
