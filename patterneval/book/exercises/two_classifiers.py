"""Exercises of the chapter "Two classifiers on one data set" (``book/part5/two-classifiers.ipynb``)."""

from __future__ import annotations

import functools

from sklearn.datasets import load_wine
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from threadpoolctl import threadpool_limits

import patterneval as pe

from . import Exercise


def _mcnemar_8_2() -> float:
    return float(pe.mcnemar_test([0] * 10, [0] * 8 + [1] * 2, [1] * 8 + [0] * 2).pvalue)


def _mcnemar_one_tail() -> float:
    return 56 / 1024


def _five_by_two_wine() -> tuple[float, float]:
    X, y = load_wine(return_X_y=True)
    lda, nb = LinearDiscriminantAnalysis(), GaussianNB()
    with threadpool_limits(limits=1):
        t = pe.paired_ttest_5x2cv(lda, nb, X, y, rng=1)
        f = pe.combined_ftest_5x2cv(lda, nb, X, y, rng=1)
    return float(t.pvalue), float(f.pvalue)


def _five_by_two_swapped() -> tuple[float, float]:
    t, f = _five_by_two_wine()
    return f, t


@functools.cache
def _wine_scores() -> pe.CVScores:
    X, y = load_wine(return_X_y=True)
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=1)
    estimators = {"LDA": LinearDiscriminantAnalysis(), "naive Bayes": GaussianNB()}
    with threadpool_limits(limits=1):
        return pe.cv_scores(estimators, X, y, cv=cv)


def _corrected_wine() -> tuple[float, float]:
    test = pe.corrected_resampled_ttest(_wine_scores())
    return float(test.pvalue), float(test.uncorrected_pvalue)


def _corrected_swapped() -> tuple[float, float]:
    corrected, uncorrected = _corrected_wine()
    return uncorrected, corrected


def _bayesian_wine() -> tuple[float, float, float]:
    post = pe.bayesian_correlated_ttest(_wine_scores(), rope=0.01)
    return float(post.p_a_better), float(post.p_rope), float(post.p_b_better)


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_mcnemar_8_2,
        shown=".3f",
        atol=5e-4,
        hint="condition on the 10 discordant examples: b is Binomial(10, 1/2) under H0.",
        mistakes=((_mcnemar_one_tail, "that is one tail; the test is two-sided."),),
    ),
    Exercise(
        2,
        "coding",
        1,
        answer=_five_by_two_wine,
        shown=".4f",
        hint="pass rng=1 to both tests, LDA as the first estimator, naive Bayes as the second.",
        mistakes=((_five_by_two_swapped, "give the t-test's p-value first, then the F-test's."),),
    ),
    Exercise(3, "derivation", 2),
    Exercise(4, "interpretation", 2),
    Exercise(
        5,
        "coding",
        2,
        answer=_corrected_wine,
        shown=".4f",
        hint="score both classifiers on the same 50 splits with pe.cv_scores(cv=...), then pass "
        "the result to pe.corrected_resampled_ttest.",
        mistakes=((_corrected_swapped, "give the corrected p-value first."),),
    ),
    Exercise(6, "interpretation", 2),
    Exercise(
        7,
        "computation",
        2,
        answer=_bayesian_wine,
        shown=".3f",
        atol=5e-4,
        hint="the same 50 scores as in exercise 5, pe.bayesian_correlated_ttest with rope=0.01; "
        "the three probabilities sum to 1.",
    ),
    Exercise(8, "derivation", 3),
)
