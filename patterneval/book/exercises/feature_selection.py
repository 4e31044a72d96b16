"""Exercises of the chapter "Feature-selection leakage" (``book/part1/feature-selection.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.decomposition import PCA
from sklearn.dummy import DummyClassifier
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import LeaveOneOut, StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits

import patterneval as pe

from . import Exercise


def _noise() -> tuple[np.ndarray, np.ndarray]:
    """The chapter's pure-noise data: 50 samples, 2 000 standard-normal features."""
    gen = np.random.default_rng(2024)
    return gen.normal(size=(50, 2000)), np.repeat([0, 1], 25)


def _pca_cv1_cv2() -> tuple[float, float]:
    X, y = _noise()
    knn = KNeighborsClassifier(1)
    with threadpool_limits(limits=1):
        return tuple(
            pe.selection_cv_error(PCA(10, svd_solver="full"), knn, X, y, inside=inside, rng=1).error
            for inside in (False, True)
        )


def _weak_signal_cv1_cv2() -> tuple[float, float]:
    X, y = _noise()
    X[25:, :5] += 1.0
    sel, knn = SelectKBest(f_classif, k=5), KNeighborsClassifier(1)
    with threadpool_limits(limits=1):
        return tuple(
            pe.selection_cv_error(sel, knn, X, y, inside=inside, rng=1).error
            for inside in (False, True)
        )


def _breast_cancer_cv1_cv2() -> tuple[float, float]:
    X, y = load_breast_cancer(return_X_y=True)
    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    sel = SelectKBest(f_classif, k=5)
    with threadpool_limits(limits=1):
        return tuple(
            pe.selection_cv_error(
                sel, pipe, X, y, inside=inside, cv=StratifiedKFold(5, shuffle=True, random_state=0)
            ).error
            for inside in (False, True)
        )


def _majority_leave_one_out() -> float:
    X, y = _noise()
    majority = DummyClassifier(strategy="most_frequent")
    with threadpool_limits(limits=1):
        return pe.selection_cv_error(
            SelectKBest(f_classif, k=1), majority, X, y, cv=LeaveOneOut()
        ).error


EXERCISES = (
    Exercise(1, "interpretation", 1),
    Exercise(
        2,
        "coding",
        1,
        answer=_pca_cv1_cv2,
        shown=".3f",
        hint="pass PCA(10) as the selector, the 1-NN as the estimator and rng=1 to both calls.",
    ),
    Exercise(3, "interpretation", 2),
    Exercise(
        4,
        "coding",
        2,
        answer=_weak_signal_cv1_cv2,
        shown=".3f",
        hint="shift a copy of the noise data (class 1 is rows 25 to 49), then call "
        "pe.selection_cv_error twice with rng=1.",
    ),
    Exercise(
        5,
        "computation",
        2,
        answer=_breast_cancer_cv1_cv2,
        shown=".3f",
        hint="use all 569 samples, no added noise, and the same StratifiedKFold for both.",
    ),
    Exercise(6, "derivation", 3, answer=_majority_leave_one_out, shown=".3f"),
    Exercise(7, "interpretation", 3),
)
