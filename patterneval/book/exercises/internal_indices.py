"""Exercises of the chapter "Internal indices" (``book/part2/internal-indices.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.cluster import KMeans
from sklearn.datasets import load_iris, load_wine
from sklearn.preprocessing import StandardScaler

import patterneval as pe

from . import Exercise

#: The five (silhouette, connectivity) scores of exercise 2.
SCORES = [[0.5, 20], [0.6, 25], [0.55, 30], [0.4, 15], [0.5, 22]]


def _front() -> tuple[int, ...]:
    return tuple(np.flatnonzero(pe.pareto_front(SCORES, maximize=[True, False])).tolist())


def _iris_class_indices() -> tuple[float, float, float]:
    X, y = load_iris(return_X_y=True)
    return pe.silhouette_width(X, y), pe.dunn_index(X, y), pe.davies_bouldin_index(X, y)


def _kmeans_variation() -> float:
    X = load_iris().data
    labels = KMeans(n_clusters=3, n_init=10, random_state=0).fit_predict(X)
    return pe.within_cluster_variation(X, labels, metric="sqeuclidean")


def _kmeans_variation_euclidean() -> float:
    X = load_iris().data
    labels = KMeans(n_clusters=3, n_init=10, random_state=0).fit_predict(X)
    return pe.within_cluster_variation(X, labels)


def _random_connectivity() -> tuple[float, float]:
    X = StandardScaler().fit_transform(load_wine().data)
    labels = np.random.default_rng(0).integers(0, 3, len(X))
    harmonic = sum(1 / j for j in range(1, 11))
    return pe.connectivity(X, labels, n_neighbors=10), len(X) * harmonic * (1 - 1 / 3)


def _unequal_label_connectivity() -> float:
    p = np.array([0.5, 0.3, 0.2])
    harmonic = sum(1 / j for j in range(1, 11))
    return 150 * harmonic * (1 - float(np.sum(p**2)))


EXERCISES = (
    Exercise(1, "derivation", 1),
    Exercise(
        2,
        "computation",
        1,
        answer=_front,
        shown="d",
        hint="A clustering leaves the front when another is at least as good on both "
        "indices (higher silhouette, lower connectivity) and better on one.",
    ),
    Exercise(
        3,
        "coding",
        1,
        answer=_iris_class_indices,
        shown=".3f",
        hint="Use the raw iris features and the species as labels; three numbers, in the "
        "order silhouette, Dunn, DBI.",
    ),
    Exercise(4, "derivation", 2),
    Exercise(
        5,
        "coding",
        2,
        answer=_kmeans_variation,
        shown=".4f",
        hint="Pass metric='sqeuclidean'; the result is the square root of the k-means "
        "inertia divided by n.",
        mistakes=(
            (
                _kmeans_variation_euclidean,
                "that is V(C) with the default Euclidean distance; the exercise asks for "
                "the squared Euclidean distance.",
            ),
        ),
    ),
    Exercise(
        6,
        "coding",
        2,
        answer=_random_connectivity,
        shown=".3f",
        hint="Two numbers: pe.connectivity with n_neighbors=10, then n * H_10 * (1 - 1/3) "
        "with n = 178.",
    ),
    Exercise(7, "interpretation", 2),
    Exercise(
        8,
        "derivation",
        3,
        answer=_unequal_label_connectivity,
        shown=".3f",
        hint="Two samples get different labels with probability 1 - sum of p_k squared; "
        "the rest of the argument is the chapter's.",
    ),
)
