"""Exercises of the chapter "Why ensembles work" (``book/part4/why-ensembles-work.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeClassifier

from patterneval.ensemble.bounds import (
    correlated_vote_error,
    hoeffding_bound,
    majority_vote_error,
)

from . import Exercise


def _fifteen_and_sixteen() -> tuple[float, float]:
    return float(majority_vote_error(0.35, 15)), float(majority_vote_error(0.35, 16, ties="error"))


def _voters_for_one_percent() -> tuple[int, int]:
    T = np.arange(1, 1000)
    by_bound = T[np.argmax(hoeffding_bound(0.4, T) <= 0.01)]
    odd = np.arange(1, 1000, 2)
    exact = odd[np.argmax(majority_vote_error(0.4, odd) <= 0.01)]
    return int(by_bound), int(exact)


def _near_the_floor() -> int:
    odd = np.arange(1, 1000, 2)
    return int(odd[np.argmax(correlated_vote_error(0.3, odd, 0.2) <= 1.01 * 0.3 * 0.2)])


def _largest_correlation() -> float:
    independent = float(majority_vote_error(0.25, 21))
    rho = (0.05 - independent) / (0.25 - independent)
    assert np.isclose(correlated_vote_error(0.25, 21, rho), 0.05, rtol=1e-12, atol=0)
    return rho


def _depth_two_trees() -> tuple[float, float]:
    X, y = load_breast_cancer(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    gen = np.random.default_rng(1)
    wrong = []
    for _ in range(25):
        rows = gen.integers(0, len(y_tr), len(y_tr))
        cols = gen.choice(X.shape[1], 3, replace=False)
        tree = DecisionTreeClassifier(max_depth=2, random_state=0)
        tree.fit(X_tr[rows][:, cols], y_tr[rows])
        wrong.append(tree.predict(X_te[:, cols]) != y_te)
    errors = np.array(wrong)
    rho = np.corrcoef(errors)[np.triu_indices(25, 1)].mean()
    return float(rho), float(np.mean(errors.sum(axis=0) > 25 / 2))


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        1,
        answer=_fifteen_and_sixteen,
        shown=".4f",
        atol=5e-5,
        hint="the second number counts a tie as an error (ties='error').",
        mistakes=(
            (
                lambda: (majority_vote_error(0.35, 15), majority_vote_error(0.35, 16)),
                "with the coin rule T = 16 equals T = 15; the exercise counts ties as errors.",
            ),
        ),
    ),
    Exercise(
        3,
        "computation",
        2,
        answer=_voters_for_one_percent,
        shown="d",
        hint="two integers: the smallest T with exp(-T(1-2 eps)^2/2) <= 0.01, then the smallest "
        "odd T whose exact error is <= 0.01.",
    ),
    Exercise(
        4,
        "computation",
        2,
        answer=_near_the_floor,
        shown="d",
        hint="within 1% relative of the floor rho*eps means at most 1.01 times it; odd T only.",
    ),
    Exercise(5, "derivation", 2),
    Exercise(
        6,
        "coding",
        2,
        answer=_depth_two_trees,
        shown=".3f",
        atol=5e-4,
        hint="copy the stump cell; change the seed to 1, max_depth to 2 and the count to 25.",
    ),
    Exercise(
        7,
        "coding",
        2,
        answer=_largest_correlation,
        shown=".4f",
        atol=5e-5,
        hint="the shared-cause error is linear in rho: solve rho*eps + (1-rho)*P = 0.05.",
    ),
    Exercise(8, "interpretation", 3),
)
