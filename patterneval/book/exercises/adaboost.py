"""Exercises of the chapter ``adaboost``."""

from __future__ import annotations

import functools

import numpy as np

from . import Exercise


@functools.cache
def _halves() -> tuple[np.ndarray, np.ndarray]:
    """The chapter's training half of the breast cancer data (stratified, seed 0)."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import train_test_split

    X, y = load_breast_cancer(return_X_y=True)
    X_tr, _, y_tr, _ = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    return X_tr, y_tr


def _rounds_from_bound(n_examples: int | None = None) -> int:
    import patterneval as pe

    X_tr, y_tr = _halves()
    gamma = 0.5 - pe.AdaBoost(n_estimators=1, random_state=0).fit(X_tr, y_tr).errors_[0]
    n = len(y_tr) if n_examples is None else n_examples
    return int(np.ceil(np.log(n) / (2 * gamma**2)))


def _share_of_small_margins() -> float:
    import patterneval as pe
    from patterneval.book.adaboost import staged_margins

    X_tr, y_tr = _halves()
    model = pe.AdaBoost(n_estimators=50, random_state=0).fit(X_tr, y_tr)
    return float(np.mean(staged_margins(model, X_tr, y_tr)[-1] <= 0.2))


def _wine_rounds(offset: int = 0) -> int:
    from sklearn.datasets import load_wine

    from patterneval.book.adaboost import cv_rounds

    X, y = load_wine(return_X_y=True)
    keep = y < 2
    return cv_rounds(X[keep], y[keep], n_estimators=20, cv=5, rng=0).best_round + offset


EXERCISES: tuple[Exercise, ...] = (
    Exercise(1, "derivation", 2),
    Exercise(
        2,
        "computation",
        1,
        answer=_rounds_from_bound,
        shown="d",
        rtol=0.0,
        hint="solve exp(-2 T gamma^2) < 1/n for the smallest whole T, with gamma = 1/2 minus "
        "the first round's weighted error and n the size of the training half.",
        mistakes=(
            (
                lambda: _rounds_from_bound(569),
                "that n is the whole data set; the model is trained on the training half.",
            ),
        ),
    ),
    Exercise(3, "derivation", 2),
    Exercise(4, "interpretation", 1),
    Exercise(
        5,
        "coding",
        1,
        answer=_share_of_small_margins,
        shown=".4f",
        rtol=0.0,
        atol=5e-5,
        hint="take the margins after the last of the 50 rounds, normalised by the sum of all "
        "50 votes, and count those at or below 0.2 (not only those below 0).",
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_wine_rounds,
        shown="d",
        rtol=0.0,
        hint="average the validation errors over the folds round by round and take the first "
        "round with the smallest mean.",
        mistakes=(
            (
                lambda: _wine_rounds(-1),
                "that is the position from 0; rounds are counted from 1.",
            ),
        ),
    ),
    Exercise(7, "interpretation", 2),
    Exercise(8, "derivation", 3),
)
