"""Exercises of the chapter ``bagging``."""

from __future__ import annotations

import functools

import numpy as np

from . import Exercise


@functools.cache
def _halves() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The chapter's halves of the breast cancer data (stratified, seed 0)."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import train_test_split

    X, y = load_breast_cancer(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    return X_tr, X_te, y_tr, y_te


def _inclusion() -> np.ndarray:
    from patterneval.resampling.bootstrap import inclusion_probability

    return np.asarray(inclusion_probability([1, 2, 3]))


def _members_for_coverage(share: float = 0.01) -> int:
    from patterneval.resampling.bootstrap import inclusion_probability

    in_bag = float(inclusion_probability(10**6))  # n large: 1 - e^{-1} to six digits
    return int(np.ceil(np.log(share) / np.log(in_bag)))


def _naive_bayes_errors() -> tuple[float, float]:
    from sklearn.naive_bayes import GaussianNB

    import patterneval as pe

    X_tr, X_te, y_tr, y_te = _halves()
    bagged = pe.Bagging(GaussianNB(), n_estimators=50, random_state=0).fit(X_tr, y_tr)
    single = GaussianNB().fit(X_tr, y_tr)
    return 1 - bagged.score(X_te, y_te), 1 - single.score(X_te, y_te)


def _wine_oob() -> float:
    from sklearn.datasets import load_wine

    import patterneval as pe

    X, y = load_wine(return_X_y=True)
    return float(pe.Bagging(n_estimators=30, random_state=0).fit(X, y).oob_error_)


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        1,
        "computation",
        1,
        answer=_inclusion,
        shown=".3f",
        atol=5e-4,
        hint="an example is missed by one draw with probability 1 - 1/n, and the n draws are "
        "independent.",
        mistakes=(
            (
                lambda: 1 - _inclusion(),
                "those are the probabilities of being left out; the question asks for "
                "being in the sample.",
            ),
        ),
    ),
    Exercise(
        2,
        "computation",
        1,
        answer=_members_for_coverage,
        shown="d",
        rtol=0.0,
        hint="an example is in bag for every one of T independent members with probability "
        "(about 0.632)^T; find the smallest whole T that makes this below 0.01.",
    ),
    Exercise(3, "derivation", 2),
    Exercise(
        4,
        "coding",
        2,
        answer=_naive_bayes_errors,
        shown=".4f",
        rtol=0.0,
        atol=5e-5,
        hint="fit both on the training half only and give the error rates (1 - accuracy) on "
        "the test half, bagged first.",
    ),
    Exercise(
        5,
        "coding",
        2,
        answer=_wine_oob,
        shown=".4f",
        rtol=0.0,
        atol=5e-5,
        hint="fit on all 178 wine examples and read the ensemble's out-of-bag error, not its "
        "training error.",
    ),
    Exercise(6, "derivation", 2),
    Exercise(7, "interpretation", 2),
)
