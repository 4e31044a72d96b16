"""Exercises of the chapter "The test error rate" (``book/part1/test-error.ipynb``)."""

from __future__ import annotations

from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier

import patterneval as pe

from . import Exercise


def _clopper_pearson_zero_of_50() -> tuple[float, float]:
    ci = pe.binomial_interval(0, 50, method="clopper-pearson")
    return float(ci.low), float(ci.high)


def _five_nn_errors() -> pe.ErrorEstimate:
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.4, stratify=y, random_state=0
    )
    clf = KNeighborsClassifier(n_neighbors=5).fit(X_train, y_train)
    return pe.test_error(y_test, clf.predict(X_test))


def _five_nn_wilson() -> tuple[float, float]:
    ci = _five_nn_errors().confidence_interval(0.95, method="wilson")
    return float(ci.low), float(ci.high)


def _five_nn_wald() -> tuple[float, float]:
    ci = _five_nn_errors().confidence_interval(0.95, method="wald")
    return float(ci.low), float(ci.high)


def _coverage_at_two_percent() -> tuple[float, float]:
    return (
        pe.coverage_probability(0.02, 50, method="wald"),
        pe.coverage_probability(0.02, 50, method="wilson"),
    )


def _one_sided_upper_zero_of_300() -> float:
    # the upper end of a two-sided 90% Clopper-Pearson interval is a one-sided 95% bound
    return float(pe.binomial_interval(0, 300, confidence_level=0.90, method="clopper-pearson").high)


EXERCISES = (
    Exercise(1, "computation", 1, answer=_clopper_pearson_zero_of_50, shown=".3f"),
    Exercise(2, "derivation", 2),
    Exercise(
        3,
        "computation",
        2,
        answer=lambda: (
            pe.sample_size_for_width(0.03, 0.02),
            pe.sample_size_for_width(0.03, 0.02, method="wald"),
        ),
        shown="d",
        hint="the sample size is the smallest N whose interval at k = 0.03 N is at most 0.02 wide.",
    ),
    Exercise(
        4,
        "coding",
        1,
        answer=_five_nn_wilson,
        shown=".3f",
        atol=5e-4,
        hint="count the 5-NN's errors on the 228 test samples, then ask for the Wilson interval.",
        mistakes=((_five_nn_wald, "that is the Wald interval; the exercise asks for Wilson's."),),
    ),
    Exercise(
        5,
        "coding",
        2,
        answer=_coverage_at_two_percent,
        shown=".3f",
        atol=5e-4,
        hint="the exact coverage sums P(k) over the counts k whose interval contains 0.02.",
        mistakes=((lambda: (0.95, 0.95), "that is the nominal level, not the coverage."),),
    ),
    Exercise(6, "interpretation", 2),
    Exercise(
        7,
        "derivation",
        3,
        answer=_one_sided_upper_zero_of_300,
        shown=".5f",
        hint="with k = 0 the bound solves (1 - e)^N = 0.05.",
    ),
)
