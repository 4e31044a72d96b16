"""Exercises of the chapter "Combining learners" (``book/part4/combining.ipynb``)."""

from __future__ import annotations

import itertools

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from threadpoolctl import threadpool_limits

from patterneval.ensemble.combine import (
    Stacking,
    average,
    plurality_vote,
    vote_rates,
    weighted_average,
    weighted_vote,
)

from . import Exercise


def _four_classes() -> tuple[float, float, float]:
    r = vote_rates(0.7, 9, n_classes=4)
    return float(r.correct), float(r.error), float(r.reject)


def _three_voters() -> tuple[float, float]:
    patterns = np.array(list(itertools.product([0, 1], repeat=3))).T  # 1 = right
    p = np.array([0.9, 0.7, 0.7])
    prob = np.prod(np.where(patterns == 1, p[:, None], 1 - p[:, None]), axis=0)
    w = np.log([9, 7 / 3, 7 / 3])
    w /= w.sum()
    plurality = np.sum(prob * (plurality_vote(patterns, classes=[0, 1]) == 1))
    weighted = np.sum(prob * (weighted_vote(patterns, w, classes=[0, 1]) == 1))
    return float(plurality), float(weighted)


def _smallest_t() -> int:
    T = np.arange(1, 200)
    return int(T[np.argmax(vote_rates(0.6, T, n_classes=3).correct >= 0.9)])


def _stacking_on_labels() -> float:
    X, y = load_breast_cancer(return_X_y=True)
    trio = [GaussianNB(), DecisionTreeClassifier(random_state=0), KNeighborsClassifier(1)]
    errors = []
    with threadpool_limits(limits=1):
        for seed in range(3):
            X_tr, X_te, y_tr, y_te = train_test_split(
                X, y, test_size=0.5, stratify=y, random_state=seed
            )
            st = Stacking(trio, use_proba=False, random_state=seed).fit(X_tr, y_tr)
            errors.append(np.mean(st.predict(X_te) != y_te))
    return float(np.mean(errors))


def _unequal_members() -> float:
    gen = np.random.default_rng(1)
    sd = np.array([0.5, 1.0, 1.0, 1.0, 2.0])[:, None]
    extra = []
    for _ in range(400):
        f_fit, f_new = gen.normal(size=50), gen.normal(size=2000)
        h_fit = f_fit + sd * gen.normal(size=(5, 50))
        h_new = f_new + sd * gen.normal(size=(5, 2000))
        w = np.clip(np.linalg.lstsq(h_fit.T, f_fit, rcond=None)[0], 0, None)
        w = w / w.sum()
        mse_weighted = np.mean((weighted_average(h_new, w) - f_new) ** 2)
        extra.append(mse_weighted - np.mean((average(h_new) - f_new) ** 2))
    return float(np.mean(extra))


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        1,
        answer=_four_classes,
        shown=".4f",
        atol=5e-5,
        hint="vote_rates returns the three rates; pass n_classes.",
    ),
    Exercise(
        3,
        "computation",
        2,
        answer=_three_voters,
        shown=".3f",
        atol=5e-4,
        hint="sum the probabilities of the eight right/wrong patterns on which each vote is right.",
    ),
    Exercise(
        4,
        "computation",
        2,
        answer=_smallest_t,
        shown="d",
        hint="scan T = 1, 2, ... with vote_rates(0.6, T, n_classes=3); even T count too.",
    ),
    Exercise(
        5,
        "coding",
        2,
        answer=_stacking_on_labels,
        shown=".3f",
        atol=5e-4,
        hint="seeds 0, 1, 2 for both the split and Stacking's random_state; average the three "
        "test errors.",
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_unequal_members,
        shown=".3f",
        atol=5e-4,
        hint="copy the averaging cell: draw in the same order, noise scaled by each member's "
        "standard deviation, 50 fitting points; weighted minus simple.",
    ),
    Exercise(7, "derivation", 2),
    Exercise(8, "interpretation", 3),
)
