"""Exercises of the chapter "Clustering algorithms" (``book/part3/clustering-algorithms.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_iris, load_wine
from threadpoolctl import threadpool_limits

import patterneval as pe
from patterneval.cluster.algorithms import (
    KMeans,
    hierarchical,
    kmeans_plusplus_probabilities,
    max_min_distance,
    threshold_clustering,
)

from . import Exercise

#: The six points of the chapter's k-means++ check.
SIX_POINTS = np.array([[0.0, 0], [1, 0], [0, 2], [3, 4], [6, 1], [6, 3]])


def _standardised(X: np.ndarray) -> np.ndarray:
    return (X - X.mean(axis=0)) / X.std(axis=0)


def _threshold_by_hand() -> tuple[int, int]:
    first = threshold_clustering(np.array([0.0, 1.5, 3.0, 4.5, 6.0])[:, None], 2.0)
    second = threshold_clustering(np.array([1.5, 4.5, 0.0, 3.0, 6.0])[:, None], 2.0)
    return first.n_clusters, second.n_clusters


def _second_centre_probability() -> float:
    return float(kmeans_plusplus_probabilities(SIX_POINTS, SIX_POINTS[[0]])[4])


def _complete_linkage_ari(X: np.ndarray) -> float:
    labels = hierarchical(X, linkage="complete", n_clusters=3).labels
    assert labels is not None  # cut at three clusters
    return pe.adjusted_rand_index(load_iris().target, labels)


def _complete_linkage_standardised_iris() -> float:
    return _complete_linkage_ari(_standardised(load_iris().data))


def _random_starts_wine() -> tuple[float, float]:
    X = _standardised(load_wine().data)
    with threadpool_limits(limits=1):
        v = np.array([KMeans(3, init="random", random_state=s).fit(X).inertia_ for s in range(20)])
    return float(v.min()), float(v.mean())


def _max_min_first_centre_iris() -> float:
    X = load_iris().data
    found = [max_min_distance(X, 0.5, first=r).n_clusters for r in range(len(X))]
    return float(np.mean(np.array(found) == 3))


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_threshold_by_hand,
        shown="d",
        hint="a sample joins its nearest centre if that is within T; a tie goes to the older centre.",
    ),
    Exercise(
        2,
        "computation",
        1,
        answer=_second_centre_probability,
        shown=".3f",
        atol=5e-4,
        hint="the weights are squared distances to the first centre, divided by their sum.",
        mistakes=(
            (
                lambda: np.sqrt(37) / np.sqrt([1, 4, 25, 37, 45]).sum(),
                "that uses D(x); k-means++ weighs by D(x) squared.",
            ),
        ),
    ),
    Exercise(3, "derivation", 2),
    Exercise(4, "derivation", 2),
    Exercise(5, "interpretation", 2),
    Exercise(
        6,
        "coding",
        2,
        answer=_complete_linkage_standardised_iris,
        shown=".3f",
        atol=5e-4,
        hint="standardise each feature by its mean and (population) standard deviation first.",
        mistakes=(
            (
                lambda: _complete_linkage_ari(load_iris().data),
                "that is the unstandardised data.",
            ),
        ),
    ),
    Exercise(
        7,
        "coding",
        2,
        answer=_random_starts_wine,
        shown=".2f",
        rtol=1e-4,
        hint="one KMeans(3, init='random', random_state=s) per seed s = 0, ..., 19; "
        "standardise the wine features first.",
    ),
    Exercise(
        8,
        "coding",
        3,
        answer=_max_min_first_centre_iris,
        shown=".3f",
        atol=5e-4,
        hint="the raw iris measurements, theta = 0.5; the share of the 150 first rows, not a count.",
    ),
)
