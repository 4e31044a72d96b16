"""Exercises of the chapter "Interval estimates for the CV error"
(``book/part1/cv-intervals.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

import patterneval as pe
from patterneval.resampling.perturbation import perturbation_interval

from . import Exercise


def _binomial_se() -> float:
    return float(np.sqrt(pe.error_variance(0.05, 200)))


def _wilson_loo() -> tuple[float, float]:
    low, high = pe.binomial_interval(35, 569, method="wilson")
    return float(low), float(high)


def _wald_loo() -> tuple[float, float]:
    low, high = pe.binomial_interval(35, 569, method="wald")
    return float(low), float(high)


def _naive_fold_interval() -> tuple[float, float]:
    X, y = load_wine(return_X_y=True)
    svm = make_pipeline(StandardScaler(), SVC(kernel="linear"))
    res = pe.cross_val_error(svm, X, y, cv=10, rng=0)
    half = 1.96 * res.fold_std / np.sqrt(res.n_splits)
    return res.error - half, res.error + half


def _perturbation_on_200() -> tuple[float, float]:
    X, y = load_breast_cancer(return_X_y=True)
    X = StandardScaler().fit_transform(X)[:200]
    res = perturbation_interval(X, y[:200], C=1.0, cv=5, n_resamples=100, rng=0)
    return res.low, res.high


EXERCISES = (
    Exercise(1, "interpretation", 2),
    Exercise(2, "derivation", 1),
    Exercise(
        3,
        "computation",
        1,
        answer=_binomial_se,
        shown=".5f",
        atol=5e-6,
        hint="the variance of an error rate from n independent test outcomes is e(1-e)/n.",
    ),
    Exercise(
        4,
        "computation",
        1,
        answer=_wilson_loo,
        shown=".4f",
        atol=5e-5,
        hint="pe.binomial_interval takes the number of mistakes and n.",
        mistakes=((_wald_loo, "that is the Wald interval; the exercise asks for Wilson's."),),
    ),
    Exercise(
        5,
        "coding",
        2,
        answer=_naive_fold_interval,
        shown=".4f",
        atol=5e-5,
        hint="the result's fold_std is the sample standard deviation of the fold errors; "
        "divide it by the square root of the number of folds.",
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_perturbation_on_200,
        shown=".4f",
        atol=5e-5,
        hint="standardise all 569 rows first, then keep the first 200; C=1.0, cv=5, "
        "n_resamples=100, rng=0.",
    ),
    Exercise(7, "derivation", 2),
    Exercise(8, "interpretation", 3),
)
