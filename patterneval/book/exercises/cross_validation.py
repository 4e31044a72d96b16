"""Exercises of the chapter "Cross-validation and the bootstrap"
(``book/part1/cross-validation.ipynb``)."""

from __future__ import annotations

from sklearn.datasets import load_iris, load_wine
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier

import patterneval as pe
from patterneval.book.cross_validation import nested_cv_error
from patterneval.resampling.bootstrap import inclusion_probability

from . import Exercise


def _distinct_count_moments() -> tuple[float, float]:
    n = 10
    p = inclusion_probability(n)
    variance = n * (1 - p) * p + n * (n - 1) * ((1 - 2 / n) ** n - (1 - 1 / n) ** (2 * n))
    return float(n * p), float(variance)


def _wine_ten_fold() -> float:
    X, y = load_wine(return_X_y=True)
    return pe.cross_val_error(GaussianNB(), X, y, cv=10, rng=0).error


def _wine_ten_fold_plain_mean() -> float:
    X, y = load_wine(return_X_y=True)
    return pe.cross_val_error(GaussianNB(), X, y, cv=10, rng=0, average="folds").error


def _iris_one_nn_bootstrap() -> tuple[float, float]:
    X, y = load_iris(return_X_y=True)
    res = pe.bootstrap_error(KNeighborsClassifier(1), X, y, n_resamples=50, method=".632+", rng=1)
    return res.estimate_632, res.estimate_632plus


def _iris_nested() -> tuple[float, float]:
    X, y = load_iris(return_X_y=True)
    grid = {"n_neighbors": [1, 5, 15, 31]}
    res = nested_cv_error(KNeighborsClassifier(), grid, X, y, cv_outer=3, cv_inner=3, rng=0)
    return res.error, res.non_nested


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        2,
        answer=_distinct_count_moments,
        shown=".4f",
        atol=5e-5,
        hint="write the count as a sum of inclusion indicators; two samples are both missed "
        "with probability (1 - 2/N)^N.",
    ),
    Exercise(3, "derivation", 2),
    Exercise(4, "derivation", 1),
    Exercise(
        5,
        "coding",
        1,
        answer=_wine_ten_fold,
        shown=".4f",
        atol=5e-5,
        hint="pass cv=10 and rng=0, and read the result's error attribute.",
        mistakes=(
            (
                _wine_ten_fold_plain_mean,
                "that is the plain mean of the fold errors (average='folds'); the chapter's "
                "CV error weights the folds by their size.",
            ),
        ),
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_iris_one_nn_bootstrap,
        shown=".4f",
        atol=5e-5,
        hint="one call of pe.bootstrap_error with method='.632+' returns both estimates.",
    ),
    Exercise(7, "derivation", 2),
    Exercise(
        8,
        "coding",
        2,
        answer=_iris_nested,
        shown=".4f",
        atol=5e-5,
        hint="nested_cv_error returns the nested error and the non-nested one; use "
        "cv_outer=3, cv_inner=3 and rng=0.",
    ),
    Exercise(9, "interpretation", 3),
)
