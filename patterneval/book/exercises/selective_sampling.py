"""Exercises of the chapter "Selective sampling" (``book/part1/selective-sampling.ipynb``)."""

from __future__ import annotations

import math

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import patterneval as pe

from . import Exercise

_PRIORS = np.array([0.7, 0.3])
_CLASS_ERRORS = np.array([0.05, 0.40])


def _ratio_three_classes() -> float:
    var_random = pe.error_variance(0.071, 1)
    var_selective = pe.stratified_variance([0.01, 0.02, 0.30], [0.5, 0.3, 0.2], 1)
    return 500 * float(var_random) / float(var_selective)


def _random_test_size() -> int:
    return math.ceil(_ratio_three_classes())


def _breast_cancer_stratified() -> tuple[float, float]:
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=0
    )
    clf = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=5))
    wrong = clf.fit(X_train, y_train).predict(X_test) != y_test
    classes = np.unique(y)
    priors = np.array([np.mean(y == c) for c in classes])
    k = np.array([wrong[y_test == c].sum() for c in classes])
    n = np.array([(y_test == c).sum() for c in classes])
    est = pe.stratified_error(k, n, priors)
    return est.error, est.std_error


def _allocation_variance(n: np.ndarray) -> float:
    """var of the stratified estimate, sum_i P_i^2 e_i (1 - e_i) / N_i, for any allocation."""
    return float(np.sum(_PRIORS**2 * pe.error_variance(_CLASS_ERRORS, n)))


def _proportional_and_even() -> tuple[float, float]:
    proportional = _allocation_variance(pe.proportional_allocation(100, _PRIORS))
    return proportional, _allocation_variance(np.array([50, 50]))


def _neyman_variance() -> float:
    sigma = np.sqrt(pe.error_variance(_CLASS_ERRORS, 1))
    return float(np.dot(_PRIORS, sigma) ** 2 / 100)


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        2,
        answer=_random_test_size,
        shown="d",
        hint="match the two variances: N' eps (1 - eps) = 500 sum_i P_i eps_i (1 - eps_i).",
        mistakes=((lambda: 624, "round up: 624 samples give a slightly larger variance."),),
    ),
    Exercise(3, "derivation", 2),
    Exercise(
        4,
        "coding",
        1,
        answer=_breast_cancer_stratified,
        shown=".4f",
        atol=5e-5,
        hint="count the errors class by class in the test half; the priors are the class shares "
        "of all 569 samples.",
    ),
    Exercise(
        5,
        "coding",
        2,
        answer=_proportional_and_even,
        shown=".7f",
        hint="use the general form sum_i P_i^2 eps_i (1 - eps_i) / N_i with the actual N_i.",
    ),
    Exercise(6, "interpretation", 2),
    Exercise(
        7,
        "derivation",
        3,
        answer=_neyman_variance,
        shown=".7f",
        hint="minimise sum_i P_i^2 s_i^2 / N_i under sum_i N_i = N with a Lagrange multiplier.",
    ),
)
