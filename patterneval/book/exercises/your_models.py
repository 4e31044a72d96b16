"""Exercises of the chapter "Evaluating and comparing your own models"
(``book/part5/your-models.ipynb``)."""

from __future__ import annotations

import functools

from scipy.optimize import brentq
from sklearn.datasets import load_breast_cancer
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.model_selection import RepeatedStratifiedKFold, train_test_split
from sklearn.naive_bayes import GaussianNB
from threadpoolctl import threadpool_limits

import patterneval as pe

from . import Exercise


def _naive_bayes_holdout() -> tuple[float, float, float]:
    X, y = load_breast_cancer(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.25, stratify=y, random_state=0)
    with threadpool_limits(limits=1):
        held_out = pe.test_error(y_te, GaussianNB().fit(X_tr, y_tr).predict(X_te))
    wilson = pe.binomial_interval(held_out.k, held_out.n, method="wilson")
    return float(held_out.k / held_out.n), float(wilson.low), float(wilson.high)


@functools.cache
def _chapter_scores() -> pe.CVScores:
    X, y = load_breast_cancer(return_X_y=True)
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=0)
    estimators = {"LDA": LinearDiscriminantAnalysis(), "naive Bayes": GaussianNB()}
    with threadpool_limits(limits=1):
        return pe.cv_scores(estimators, X, y, cv=cv)


def _rope_for_equivalence() -> float:
    scores = _chapter_scores()

    def excess(rope: float) -> float:
        return float(pe.bayesian_correlated_ttest(scores, rope=rope).p_rope) - 0.95

    return float(brentq(excess, 0.01, 0.1, xtol=1e-10))


def _holdout_size() -> int:
    return pe.sample_size_for_width(0.025, 0.03)


def _holdout_size_wald() -> int:
    return pe.sample_size_for_width(0.025, 0.03, method="wald")


EXERCISES = (
    Exercise(1, "interpretation", 1),
    Exercise(
        2,
        "coding",
        1,
        answer=_naive_bayes_holdout,
        shown=".4f",
        hint="pe.test_error(y_te, predictions) gives k and n; pass them to "
        "pe.binomial_interval(k, n, method='wilson').",
    ),
    Exercise(
        3,
        "coding",
        2,
        answer=_rope_for_equivalence,
        shown=".3f",
        atol=5e-4,
        hint="the posterior does not need new scores: call pe.bayesian_correlated_ttest(scores, "
        "rope=r) for growing r and find where p_rope crosses 0.95.",
    ),
    Exercise(4, "interpretation", 2),
    Exercise(5, "interpretation", 2),
    Exercise(
        6,
        "computation",
        2,
        answer=_holdout_size,
        shown="d",
        hint="pe.sample_size_for_width takes the planning error first, then the total width.",
        mistakes=(
            (_holdout_size_wald, "that is the Wald interval's size; the report uses Wilson's."),
        ),
    ),
    Exercise(7, "interpretation", 3),
)
