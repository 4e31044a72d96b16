"""Exercises of the chapter "How many clusters, and how stable?"
(``book/part2/cluster-stability.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.cluster import KMeans
from sklearn.datasets import load_iris
from threadpoolctl import threadpool_limits

import patterneval as pe

from . import Exercise


def _iris_kmeans2_ari() -> tuple[float, float]:
    iris = load_iris()
    with threadpool_limits(limits=1):
        labels = KMeans(n_clusters=2, n_init=3, random_state=0).fit_predict(iris.data)
    perm = pe.adjusted_rand_index(iris.target, labels, random_model="perm")
    return perm, pe.adjusted_rand_index(iris.target, labels, random_model="num1")


def _three_clusters(seed: int) -> np.ndarray:
    g = np.random.default_rng(seed)
    centres, sizes = ([0, 0], [0, 5], [5, -3]), (25, 25, 50)
    return np.concatenate([g.normal(c, 1.0, (m, 2)) for c, m in zip(centres, sizes)])


def _gap_three_clusters() -> tuple[float, float]:
    with threadpool_limits(limits=1):
        res = pe.gap_statistic(
            _three_clusters(7), KMeans(n_init=3), range(1, 5), n_references=10, rng=0
        )
    return float(res.gap[2]), float(res.std_error[2])


def _least_stable_iris_k4() -> float:
    with threadpool_limits(limits=1):
        res = pe.cluster_stability(
            load_iris().data,
            KMeans(n_clusters=4, n_init=3),
            n_resamples=20,
            method="subsample",
            rng=4,
        )
    return float(res.stability.min())


def _distinct_share_bootstrap() -> float:
    n = 150
    return 1 - (1 - 1 / n) ** n


EXERCISES = (
    Exercise(1, "interpretation", 1),
    Exercise(2, "derivation", 1),
    Exercise(
        3,
        "computation",
        1,
        answer=_iris_kmeans2_ari,
        shown=".3f",
        atol=5e-4,
        hint="pass the species as the first (reference) labelling and give random_model= twice.",
    ),
    Exercise(4, "derivation", 2),
    Exercise(5, "derivation", 2),
    Exercise(
        6,
        "coding",
        2,
        answer=_gap_three_clusters,
        shown=".3f",
        atol=5e-4,
        hint="Gap(k) and s_k are the arrays .gap and .std_error, indexed from k = 1.",
        mistakes=(
            (
                lambda: (_gap_three_clusters()[0], _gap_three_clusters()[1] / np.sqrt(1.1)),
                "that is sd_k; the standard error includes the factor sqrt(1 + 1/B).",
            ),
        ),
    ),
    Exercise(
        7,
        "coding",
        2,
        answer=_least_stable_iris_k4,
        shown=".3f",
        atol=5e-4,
        hint="method='subsample' draws half of the points; take the minimum of .stability.",
    ),
    Exercise(
        8,
        "derivation",
        3,
        answer=_distinct_share_bootstrap,
        shown=".3f",
        atol=5e-4,
        hint="find the probability that a given point is missed by all n draws.",
    ),
)
