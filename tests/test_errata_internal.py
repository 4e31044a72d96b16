"""Erratum boxes of the chapter "Internal indices", shown numerically: the note's version
fails where the book's holds.

Note 000 (../shared/seeds/000_*.txt), section 聚类质量的评价 (Dunn 宽度); note 002
(../shared/seeds/002_*.txt), section 聚类评价 (SP, DBI, DVI).
"""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn import metrics as skm

import patterneval as pe


def blobs(seed, n=90, k=3, spread=0.3):
    rng = np.random.default_rng(seed)
    centres = np.array([[0.0, 0.0], [6.0, 0.0], [0.0, 6.0]])[:k]
    labels = np.arange(n) % k
    return centres[labels] + spread * rng.normal(size=(n, 2)), labels


def test_dunn_numerator_needs_distinct_clusters():
    """Note 000 takes the minimum of dist(C_k, C_l) over all C_k, C_l in C, without k != l;
    dist(C_k, C_k) = 0 (a point and itself), so the literal index is always 0."""
    X, labels = blobs(0)
    D = cdist(X, X)
    ks = np.unique(labels)
    literal = min(D[np.ix_(labels == a, labels == b)].min() for a in ks for b in ks)
    diameter = max(D[np.ix_(labels == a, labels == a)].max() for a in ks)
    assert literal / diameter == 0.0
    assert pe.dunn_index(X, labels) > 1.0  # well separated blobs


def test_note_002_dunn_minimum_is_between_clusters():
    """Note 002 calls d_min the smallest distance between two elements *within* a cluster
    (任意两个类内元素间的最短距离); read so, DVI rewards tight pairs, not separation: it
    barely changes when the clusters are pushed apart, while Dunn's index grows."""

    def literal(X, labels):
        D = cdist(X, X)
        np.fill_diagonal(D, np.inf)
        same = labels[:, None] == labels[None, :]
        np.fill_diagonal(D, 0.0)
        d_within = D[same & ~np.eye(len(X), dtype=bool)].min()
        return d_within / D[same].max()

    X, labels = blobs(1)
    far = X + 2.0 * np.array([[0.0, 0.0], [6.0, 0.0], [0.0, 6.0]])[labels]  # centres x3
    assert pe.dunn_index(far, labels) > 2 * pe.dunn_index(X, labels)
    assert literal(far, labels) == pytest.approx(literal(X, labels), rel=1e-12)
    assert literal(X, labels) < 0.05 < pe.dunn_index(X, labels)


def test_dbi_scatter_is_cp():
    """Note 002's DBI uses a symbol C-bar_i it never defines; with C-bar_i = CP_i (mean
    distance to the centroid) it is Davies and Bouldin's index, equal to scikit-learn's."""
    X, labels = blobs(2, spread=1.5)
    mu = np.array([X[labels == k].mean(0) for k in range(3)])
    cp = np.array([np.linalg.norm(X[labels == k] - mu[k], axis=1).mean() for k in range(3)])
    dbi = np.mean(
        [
            max((cp[i] + cp[j]) / np.linalg.norm(mu[i] - mu[j]) for j in range(3) if j != i)
            for i in range(3)
        ]
    )
    assert dbi == pytest.approx(skm.davies_bouldin_score(X, labels), rel=1e-12)
    assert pe.davies_bouldin_index(X, labels) == pytest.approx(dbi, rel=1e-12)


def test_sp_with_a_square_is_in_other_units():
    """Note 002 prints SP with ||w_i - w_j||^2; CP, DBI and the usual SP use the plain
    distance. Squared, SP grows with the square of the unit of measurement, so CP and SP
    can no longer be compared (measure in mm instead of m and SP/CP jumps 1000-fold)."""
    X, labels = blobs(3, spread=1.0)
    ratio = pe.spacing(X, labels) / pe.compactness(X, labels)
    ratio_sq = pe.spacing(X, labels, squared=True) / pe.compactness(X, labels)
    Y = 1000.0 * X
    assert pe.spacing(Y, labels) / pe.compactness(Y, labels) == pytest.approx(ratio, rel=1e-9)
    assert pe.spacing(Y, labels, squared=True) / pe.compactness(Y, labels) == pytest.approx(
        1000.0 * ratio_sq, rel=1e-9
    )
