"""Exercises of the chapter "Diversity" (``book/part4/diversity.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_breast_cancer, load_diabetes
from sklearn.ensemble import BaggingRegressor, RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeRegressor

from patterneval.ensemble.diversity import (
    correlation,
    disagreement,
    error_ambiguity,
    kappa,
    pairwise_diversity,
    q_statistic,
)

from . import Exercise


def _table_measures() -> tuple[float, float, float, float]:
    a, b, c, d = 30, 10, 5, 55
    h1 = np.r_[np.ones(a + b), -np.ones(c + d)]
    h2 = np.r_[np.ones(a), -np.ones(b), np.ones(c), -np.ones(d)]
    return disagreement(h1, h2), correlation(h1, h2), q_statistic(h1, h2), kappa(h1, h2)


def _wild_member() -> tuple[float, float, float]:
    f = np.linspace(0, 1, 5)
    r = error_ambiguity(np.array([f + 0.1, f - 0.1, f + 3]), f)
    return float(r.E), float(r.E_bar), float(r.A_bar)


def _shallow_bagged_trees() -> tuple[float, float, float]:
    X, y = load_diabetes(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, random_state=0)
    bag = BaggingRegressor(DecisionTreeRegressor(max_depth=3), n_estimators=50, random_state=0)
    bag.fit(X_tr, y_tr)
    r = error_ambiguity(np.array([tree.predict(X_te) for tree in bag.estimators_]), y_te)
    return float(r.E), float(r.E_bar), float(r.A_bar)


def _bagged_tree_correlations() -> tuple[float, float]:
    X, y = load_breast_cancer(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, random_state=0, stratify=y)
    bagged = RandomForestClassifier(n_estimators=30, max_features=None, random_state=0)
    bagged.fit(X_tr, y_tr)
    votes = np.array([tree.predict(X_te) for tree in bagged.estimators_]).astype(int)
    off = ~np.eye(len(votes), dtype=bool)
    table = pairwise_diversity(votes, measure="correlation")[off]
    oracle = pairwise_diversity(votes, y_te, measure="correlation")[off]
    return float(np.nanmean(table)), float(np.nanmean(oracle))


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        1,
        answer=_table_measures,
        shown=".4f",
        atol=5e-5,
        hint="m = 100; kappa's chance agreement uses the row and column sums of the table.",
    ),
    Exercise(
        3,
        "computation",
        1,
        answer=_wild_member,
        shown=".4f",
        atol=5e-5,
        hint="the ensemble is the equal-weight mean of the three members; E_bar - A_bar = E.",
    ),
    Exercise(4, "derivation", 2),
    Exercise(5, "interpretation", 2),
    Exercise(
        6,
        "coding",
        2,
        answer=_shallow_bagged_trees,
        shown=".1f",
        hint="the chapter's split and BaggingRegressor call, with DecisionTreeRegressor("
        "max_depth=3) and n_estimators=50.",
    ),
    Exercise(
        7,
        "coding",
        2,
        answer=_bagged_tree_correlations,
        shown=".3f",
        atol=5e-4,
        hint="average over the off-diagonal pairs only; pass y for the oracle table.",
    ),
    Exercise(8, "derivation", 3),
)
