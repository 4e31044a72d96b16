"""Exercises of the chapter "Distances" (``book/part2/distances.ipynb``)."""

from __future__ import annotations

import numpy as np
from scipy import stats
from sklearn.datasets import load_iris, load_wine

import patterneval as pe

from . import Exercise


def _vdm1_three_values() -> tuple[float, float, float]:
    values = np.repeat(["a", "b", "c"], 10)
    labels = np.array([0] * 9 + [1] + [0] * 5 + [1] * 5 + [0] + [1] * 9)
    table = pe.vdm(values, labels, p=1)
    pairs = [("a", "b"), ("b", "c"), ("a", "c")]
    return tuple(float(table.distance(u, v)) for u, v in pairs)  # type: ignore[return-value]


def _iris_to_the_mean() -> tuple[float, float]:
    X, _ = load_iris(return_X_y=True)
    d = np.asarray(pe.mahalanobis(X[[0, 100]], X.mean(axis=0), np.cov(X, rowvar=False)))
    return float(d[0]), float(d[1])


def _iris_beyond_chi2() -> int:
    X, _ = load_iris(return_X_y=True)
    d2 = pe.mahalanobis(X, X.mean(axis=0), np.cov(X, rowvar=False)) ** 2
    return int(np.count_nonzero(d2 > stats.chi2.ppf(0.95, df=X.shape[1])))


def _wine_leave_one_out() -> tuple[float, float]:
    """Leave-one-out error of the 1-NN on the raw wine data, Euclidean and Mahalanobis."""
    X, y = load_wine(return_X_y=True)
    n = len(y)
    first, second = np.repeat(X, n, axis=0), np.tile(X, (n, 1))
    errors = []
    for dist in (
        pe.minkowski(first, second),
        pe.mahalanobis(first, second, np.cov(X, rowvar=False)),
    ):
        table = np.asarray(dist).reshape(n, n)
        np.fill_diagonal(table, np.inf)
        errors.append(float(np.mean(y[table.argmin(axis=1)] != y)))
    return errors[0], errors[1]


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        1,
        answer=_vdm1_three_values,
        shown=".1f",
        hint="VDM_1 sums the absolute differences of the two class shares.",
    ),
    Exercise(3, "derivation", 2),
    Exercise(4, "derivation", 2),
    Exercise(
        5,
        "coding",
        1,
        answer=_iris_to_the_mean,
        shown=".3f",
        hint="the mean and the covariance are those of all 150 flowers (np.cov with rowvar=False).",
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_wine_leave_one_out,
        shown=".3f",
        hint="leave each sample out by setting its distance to itself to infinity, then take "
        "the label of the nearest other sample.",
    ),
    Exercise(
        7,
        "computation",
        2,
        answer=_iris_beyond_chi2,
        shown="d",
        hint="compare the squared distances with the upper 5% point of the chi-square law "
        "with four degrees of freedom.",
    ),
    Exercise(8, "interpretation", 2),
)
