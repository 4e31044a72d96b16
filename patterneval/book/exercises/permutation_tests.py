"""Exercises of the chapter "Permutation tests" (``book/part1/permutation-tests.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import KFold
from sklearn.neighbors import KNeighborsClassifier
from threadpoolctl import threadpool_limits

import patterneval as pe

from . import Exercise


def _small_study() -> tuple[pe.PermutationTestResult, np.ndarray]:
    """40 random breast-cancer samples, the feature "smoothness error" alone, 5-NN, 999 perms."""
    X, y = load_breast_cancer(return_X_y=True)
    idx = np.random.default_rng(0).choice(len(y), 40, replace=False)
    folds = KFold(5, shuffle=True, random_state=0)
    with threadpool_limits(limits=1):
        result = pe.permutation_test(
            KNeighborsClassifier(5), X[idx][:, [14]], y[idx], n_resamples=999, cv=folds, rng=0
        )
    return result, y[idx]


def _small_study_pvalue() -> float:
    return _small_study()[0].pvalue


def _null_mean_and_minority_share() -> tuple[float, float]:
    result, y = _small_study()
    return float(np.mean(result.null_distribution)), float(min(np.mean(y), 1 - np.mean(y)))


def _naive_rejection_rate() -> float:
    # no ties: b is uniform on {0, ..., m}; b / m <= alpha  <=>  b <= floor(alpha m)
    m, alpha = 10, 0.05
    return (np.floor(alpha * m) + 1) / (m + 1)


def _clopper_pearson_three_of_100() -> tuple[float, float]:
    ci = pe.binomial_interval(3, 100, method="clopper-pearson")
    return float(ci.low), float(ci.high)


EXERCISES = (
    Exercise(1, "computation", 1, answer=lambda: 1 / 20, shown=".2f"),
    Exercise(2, "interpretation", 1),
    Exercise(3, "interpretation", 2),
    Exercise(
        4,
        "coding",
        1,
        answer=_small_study_pvalue,
        shown=".3f",
        hint="give pe.permutation_test the one column X[idx][:, [14]], the KFold and rng=0.",
    ),
    Exercise(
        5,
        "coding",
        2,
        answer=_null_mean_and_minority_share,
        shown=".3f",
        hint="the null distribution is an attribute of the result; the minority share is the "
        "smaller class count over 40.",
    ),
    Exercise(
        6,
        "computation",
        2,
        answer=_clopper_pearson_three_of_100,
        shown=".3f",
        hint="treat b = 3 as a binomial count out of m = 100 permutations.",
    ),
    Exercise(7, "derivation", 3, answer=_naive_rejection_rate, shown=".3f"),
)
