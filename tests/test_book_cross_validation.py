"""The cross-validation chapter's wing: the K-fold simulation (learning-curve targets, the
three covariances of the held-out errors, repeats) and nested cross-validation."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier

from patterneval.book.cross_validation import (
    bootstrap_se,
    k_fold_variance,
    nested_cv_error,
    simulate_k_fold,
    simulate_nested,
)


def _sampler(rng, size):
    y = np.arange(size) % 2
    X = rng.normal(size=(size, 3))
    X[:, 0] += 1.5 * y
    return X, y


@pytest.fixture(scope="module")
def sim():
    return simulate_k_fold(
        GaussianNB(), _sampler, n=20, ks=(2, 5), n_datasets=30, n_test=2000, rng=3
    )


def test_nested_cv_error_matches_scikit_learn_on_the_same_splits():
    X, y = load_iris(return_X_y=True)
    grid = {"n_neighbors": [1, 5, 15, 31]}
    outer = list(StratifiedKFold(3, shuffle=True, random_state=0).split(X, y))
    inner = StratifiedKFold(4, shuffle=True, random_state=1)
    res = nested_cv_error(KNeighborsClassifier(), grid, X, y, cv_outer=outer, cv_inner=inner)
    search = GridSearchCV(KNeighborsClassifier(), grid, cv=inner, scoring="accuracy")
    assert res.error == pytest.approx(1 - cross_val_score(search, X, y, cv=outer).mean(), abs=1e-12)
    full = search.fit(X, y)
    assert res.non_nested == pytest.approx(1 - full.best_score_, abs=1e-12)
    assert res.best_params == full.best_params_
    assert res.outer.n_splits == 3


def test_simulate_nested_columns_are_nested_then_non_nested():
    def noise(rng, size):
        return rng.normal(size=(size, 2)), np.arange(size) % 2

    grid = {"n_neighbors": [1, 3]}
    out = simulate_nested(KNeighborsClassifier(), grid, noise, n=24, n_datasets=2, rng=5)
    rng = np.random.default_rng(5).spawn(2)[0]
    X, y = noise(rng, 24)
    first = nested_cv_error(KNeighborsClassifier(), grid, X, y, cv_outer=3, cv_inner=3, rng=rng)
    assert out[0, 0] == pytest.approx(first.error)
    assert out[0, 1] == pytest.approx(first.non_nested)


def test_k_fold_simulation_shapes_and_targets(sim):
    assert sim.cv_errors.shape == (30, 2) and sim.targets.shape == (30, 2)
    assert sim.mistakes.shape == (30, 20) and sim.repeat_errors.shape == (30, 3)
    # the 5-fold run's held-out errors give its CV error
    assert np.allclose(sim.mistakes.mean(axis=1), sim.cv_errors[:, 1])
    bias, se = sim.bias()
    assert np.all(np.abs(bias) <= 4 * se + 1e-12)


def test_variance_of_cv_is_the_three_component_decomposition(sim):
    """Var[CV] = sigma^2/n + (m-1)/n omega + (n-m)/n gamma, with m = n/K (exact for the
    sample covariance matrix, whose entries the components average)."""
    s2, omega, gamma = sim.components()
    n, m = 20, 4
    assert sim.cv_errors[:, 1].var(ddof=1) == pytest.approx(
        s2 / n + (m - 1) / n * omega + (n - m) / n * gamma, rel=1e-10
    )


def test_k_fold_variance_matches_the_sample_variance_of_a_simulation(sim):
    """The decomposition's terms, fed the components of the simulated held-out errors, add up
    to the sample variance of the CV errors to round-off: the pair counts are exact."""
    v = k_fold_variance(20, 5, *sim.components())
    assert v.m == 4
    assert v.total == pytest.approx(sim.mistakes.mean(axis=1).var(ddof=1), rel=1e-10, abs=0)
    assert v.total == pytest.approx(sim.cv_errors[:, 1].var(ddof=1), rel=1e-10, abs=0)
    assert v.binomial + v.same_fold + v.other_folds == pytest.approx(v.total, rel=1e-15)


def test_k_fold_variance_naive_expectation_misses_gamma():
    # n = 12, K = 3, m = 4: 1/12, 3/12 and 8/12 of sigma^2, omega and gamma
    v = k_fold_variance(12, 3, sigma2=0.24, omega=0.012, gamma=0.006)
    assert (v.binomial, v.same_fold, v.other_folds) == pytest.approx((0.02, 0.003, 0.004))
    assert v.naive == pytest.approx(v.total - 0.006)
    # leave-one-out: no same-fold pairs
    assert k_fold_variance(12, 12, sigma2=0.24, omega=0.2, gamma=0.006).same_fold == 0.0


def test_k_fold_variance_needs_equal_folds():
    with pytest.raises(ValueError, match="divisor"):
        k_fold_variance(20, 3, sigma2=0.2, omega=0.0, gamma=0.0)
    with pytest.raises(ValueError, match="k must"):
        k_fold_variance(20, 21, sigma2=0.2, omega=0.0, gamma=0.0)
    # a covariance no larger than the variance (Cauchy-Schwarz)
    with pytest.raises(ValueError, match="gamma must"):
        k_fold_variance(20, 4, sigma2=0.2, omega=0.0, gamma=0.3)


def test_naive_variance_is_fold_variance_over_k(sim):
    folds = sim.mistakes.reshape(30, 5, 4).mean(axis=2)
    assert np.allclose(sim.naive_variances(), folds.var(axis=1, ddof=1) / 5)


def test_bootstrap_se_of_a_mean_is_near_the_textbook_one():
    x = np.random.default_rng(0).normal(size=400)
    se = bootstrap_se(lambda rows: x[rows].mean(), x.size, n_resamples=400, rng=1)
    assert se == pytest.approx(x.std(ddof=1) / 20, rel=0.15)


def test_simulate_k_fold_rejects_sizes_that_do_not_divide():
    with pytest.raises(ValueError, match="multiple"):
        simulate_k_fold(GaussianNB(), _sampler, n=21, ks=(2, 5), n_datasets=2, rng=0)
    with pytest.raises(ValueError, match="k_decomposed"):
        simulate_k_fold(GaussianNB(), _sampler, n=20, ks=(2, 5), k_decomposed=10, rng=0)
