"""Exercises of the chapter "ROC and AUC with intervals" (``book/part5/roc-auc.ipynb``)."""

from __future__ import annotations

import functools

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

import patterneval as pe
from patterneval.book.roc_auc import simulate_delong_coverage

from . import Exercise


def _small_delong_se() -> float:
    return float(pe.delong_interval([0, 0, 0, 1, 1, 1], [0.1, 0.3, 0.6, 0.4, 0.7, 0.9]).std_error)


def _small_delong_variance() -> float:
    return _small_delong_se() ** 2


def _separated_samples() -> tuple[float, float]:
    sim = simulate_delong_coverage(0.995, 10, 10, n_datasets=2000, rng=0)
    return float(sim.degenerate), float(sim.coverage)


@functools.cache
def _breast_cancer_half() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    X, y = load_breast_cancer(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    return X_tr, X_te, y_tr, y_te


def _naive_bayes_probability() -> tuple[float, float, float]:
    X_tr, X_te, y_tr, y_te = _breast_cancer_half()
    proba = GaussianNB().fit(X_tr, y_tr).predict_proba(X_te)[:, 1]
    res = pe.delong_interval(y_te, proba)
    return float(res.statistic), float(res.low), float(res.high)


def _naive_bayes_vs_tree() -> tuple[float, float]:
    X_tr, X_te, y_tr, y_te = _breast_cancer_half()
    log_proba = GaussianNB().fit(X_tr, y_tr).predict_log_proba(X_te)
    tree = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X_tr, y_tr)
    test = pe.delong_test(y_te, log_proba[:, 1] - log_proba[:, 0], tree.predict_proba(X_te)[:, 1])
    return float(test.difference), float(test.statistic)


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        1,
        answer=_small_delong_se,
        shown=".3f",
        atol=5e-4,
        hint="the components are the shares of the other class each sample beats; their sample "
        "variances use the divisor m - 1 and n - 1.",
        mistakes=((_small_delong_variance, "that is the variance; give the standard error."),),
    ),
    Exercise(
        3,
        "computation",
        2,
        answer=_separated_samples,
        shown=".3f",
        atol=5e-4,
        hint="read the degenerate and coverage attributes of the result, in that order.",
    ),
    Exercise(4, "interpretation", 2),
    Exercise(
        5,
        "coding",
        2,
        answer=_naive_bayes_probability,
        shown=".4f",
        hint="split with train_test_split(test_size=0.5, stratify=y, random_state=0) and score by "
        "predict_proba(X_te)[:, 1]; pe.delong_interval gives statistic, low and high.",
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_naive_bayes_vs_tree,
        shown=".4f",
        hint="naive Bayes (its log-odds) is the first score and the tree the second; give "
        "difference and statistic of pe.delong_test.",
    ),
    Exercise(7, "derivation", 2),
    Exercise(8, "interpretation", 3),
)
