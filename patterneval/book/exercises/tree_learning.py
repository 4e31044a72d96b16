"""Exercises of the chapter "Concept and tree learning" (``book/part3/tree-learning.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_iris

import patterneval as pe
from patterneval.book.tree_learning import play_tennis
from patterneval.concept import hypothesis_space_size
from patterneval.tree import contingency_table, gain_ratio, information_gain

from . import Exercise


def _sunny_gains() -> tuple[float, float, float]:
    tennis = play_tennis()
    sunny = tennis.X[:, 0] == "Sunny"
    gains = [
        float(information_gain(contingency_table(tennis.X[sunny, j], tennis.y[sunny])[2]))
        for j in (2, 1, 3)  # Humidity, Temperature, Wind
    ]
    return gains[0], gains[1], gains[2]


def _seven_attributes() -> tuple[int, int]:
    space = hypothesis_space_size([3, 2, 2, 2, 2, 2, 3])
    return space.instances, space.semantic


def _seven_attributes_syntactic() -> tuple[int, int]:
    space = hypothesis_space_size([3, 2, 2, 2, 2, 2, 3])
    return space.instances, space.syntactic


def _iris_depth_two_error() -> float:
    X, y = load_iris(return_X_y=True)
    tree = pe.CART(max_depth=2).fit(X, y)
    return float(np.mean(tree.predict(X) != y))


def _iris_pruning_cv() -> float:
    X, y = load_iris(return_X_y=True)
    path = pe.CART().cost_complexity_pruning_path(X, y)
    errors = [
        pe.cross_val_error(pe.CART(ccp_alpha=a), X, y, cv=5, rng=0).error for a in path.ccp_alphas
    ]
    return float(min(errors))


def _day_gain_ratio() -> float:
    tennis = play_tennis()
    day = np.array([f"day{i}" for i in range(len(tennis.y))], dtype=object)
    return float(gain_ratio(contingency_table(day, tennis.y)[2]))


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_sunny_gains,
        shown=".3f",
        atol=5e-4,
        hint="restrict to the five Sunny days first; their entropy is that of [2+, 3-].",
    ),
    Exercise(
        2,
        "computation",
        1,
        answer=_seven_attributes,
        shown="d",
        hint="semantically, every hypothesis with an empty constraint is the same one.",
        mistakes=((_seven_attributes_syntactic, "that counts hypotheses with ∅ separately."),),
    ),
    Exercise(
        3,
        "coding",
        1,
        answer=_iris_depth_two_error,
        shown=".4f",
        hint="fit pe.CART(max_depth=2) on all of iris and compare predict(X) with y.",
    ),
    Exercise(4, "interpretation", 2),
    Exercise(5, "derivation", 2),
    Exercise(6, "derivation", 2),
    Exercise(
        7,
        "coding",
        2,
        answer=_iris_pruning_cv,
        shown=".4f",
        hint="loop over path.ccp_alphas with pe.cross_val_error(pe.CART(ccp_alpha=a), X, y, "
        "cv=5, rng=0) and take the smallest .error.",
    ),
    Exercise(8, "derivation", 3, answer=_day_gain_ratio, shown=".3f"),
)
