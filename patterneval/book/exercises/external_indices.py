"""Exercises of the chapter "External indices" (``book/part2/external-indices.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_iris, load_wine

import patterneval as pe

from . import Exercise


def _iris_classes() -> np.ndarray:
    return load_iris(return_X_y=True)[1]


def _minkowski_against_one_cluster() -> float:
    y = _iris_classes()
    return pe.minkowski_score(np.zeros_like(y), y)


def _merged_iris() -> tuple[float, float]:
    y = _iris_classes()
    merged = (y > 0).astype(int)  # versicolor and virginica in one cluster
    return pe.fowlkes_mallows_index(y, merged), pe.pair_f1(y, merged)


def _merged_iris_swapped() -> tuple[float, float]:
    y = _iris_classes()
    merged = (y > 0).astype(int)
    return pe.pair_f1(y, merged), pe.fowlkes_mallows_index(y, merged)


def _wine_random() -> tuple[np.ndarray, np.ndarray]:
    y = load_wine(return_X_y=True)[1]
    return y, np.random.default_rng(0).integers(0, 10, y.size)


def _wine_nmi_ami() -> tuple[float, float]:
    y, labels = _wine_random()
    return pe.normalized_mutual_info(y, labels), pe.adjusted_mutual_info(y, labels)


def _wine_mi_emi() -> tuple[float, float]:
    y, labels = _wine_random()
    return pe.mutual_info(y, labels), pe.expected_mutual_info(y, labels)


def _iris_halves() -> tuple[float, float]:
    y = _iris_classes()
    halves = 2 * y + (np.arange(y.size) % 50 >= 25)  # each species split in two halves
    return pe.variation_of_information(y, halves), pe.completeness(y, halves)


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        1,
        answer=lambda: pe.adjusted_rand_index([0, 1, 1, 0], [0, 0, 1, 1]),
        shown=".3f",
        hint="Count a, b, c, d first; both partitions have two pairs together, and there are "
        "six pairs in all, so the expected number together in both is 2 * 2 / 6.",
    ),
    Exercise(3, "interpretation", 1),
    Exercise(
        4,
        "derivation",
        2,
        answer=_minkowski_against_one_cluster,
        shown=".4f",
        hint="With one reference cluster every pair is together in the reference: b = 0 "
        "and a + c = C(n, 2). Count a from the three species of 50.",
        mistakes=(
            (
                lambda: pe.minkowski_score(_iris_classes(), np.zeros(150, dtype=int)),
                "that is the score with the species as the reference and the single "
                "cluster as the clustering; the exercise takes the single cluster as the "
                "reference.",
            ),
        ),
    ),
    Exercise(
        5,
        "coding",
        2,
        answer=_merged_iris,
        shown=".4f",
        hint="Pair recall is 1 (no pair of one species is split); pair precision is a / (a + b).",
        mistakes=((_merged_iris_swapped, "the two numbers are in the wrong order: FM first."),),
    ),
    Exercise(
        6,
        "derivation",
        2,
        answer=lambda: pe.expected_mutual_info([0, 0, 1, 1], [0, 0, 1, 1]),
        shown=".4f",
        hint="Only three tables are possible (the partner of sample 1 is one of three "
        "samples); write down the mutual information of each and its probability.",
    ),
    Exercise(
        7,
        "coding",
        2,
        answer=_wine_nmi_ami,
        shown=".4f",
        hint="Draw the labels with np.random.default_rng(0).integers(0, 10, 178) and use "
        "the arithmetic mean (the default) in both indices.",
        mistakes=(
            (
                _wine_mi_emi,
                "those are the mutual information and its expectation in nats; the "
                "exercise asks for NMI and AMI.",
            ),
        ),
    ),
    Exercise(
        8,
        "derivation",
        3,
        answer=_iris_halves,
        shown=".4f",
        hint="When V refines U, H(U | V) = 0, so VI = H(V | U); each species splits into "
        "two equal halves.",
    ),
)
