"""Errata of the distance sections of notes 002 and 003 (chapter "Distances"), shown numerically.

1. Note 002 writes the Mahalanobis distance with M = the covariance matrix; it must be the
   inverse covariance.
2. Note 003 lists VDM_p among distance measures; for p > 1 VDM_p itself breaks the triangle
   inequality. Its p-th root (the form inside the mixed distance) does not.
3. Note 002 writes ||x|| = sqrt(x . x^T); for a column vector x, x x^T is a d x d matrix.
4. Note 003 says Minkowski distances fail in high dimension "because distances grow with the
   dimension". Growth alone is harmless (a common rescaling changes no ranking); what hurts
   is concentration, the shrinking relative contrast (Beyer et al. 1999), which cosine
   distances share.
5. Note 003 heads the formula cos(x, y) = x^T y / (||x|| ||y||) "cosine distance" (余弦距离).
   That formula is the cosine *similarity*; the cosine distance is 1 - cos(x, y).
"""

import numpy as np
import pytest
from scipy.spatial import distance as sd

import patterneval as pe
from patterneval.book import simulation


def note_mahalanobis(x, y, cov):
    """Note 002 as printed: sqrt((x - y)^T M (x - y)) with M the covariance matrix."""
    diff = np.asarray(x, float) - np.asarray(y, float)
    return float(np.sqrt(diff @ np.asarray(cov) @ diff))


def test_mahalanobis_needs_the_inverse_covariance():
    cov = np.diag([100.0, 1.0])  # attribute 1 spreads 10 times wider than attribute 2
    origin, along_wide, along_narrow = [0, 0], [10, 0], [0, 10]
    # one standard deviation along the wide axis vs ten along the narrow one:
    assert pe.mahalanobis(origin, along_wide, cov) == pytest.approx(1.0)
    assert pe.mahalanobis(origin, along_narrow, cov) == pytest.approx(10.0)
    # the note's formula ranks them the other way round: the wide direction is stretched
    assert note_mahalanobis(origin, along_wide, cov) == pytest.approx(100.0)
    assert note_mahalanobis(origin, along_narrow, cov) == pytest.approx(10.0)


def test_only_the_inverse_gives_chi_square_and_unit_invariance():
    rng = np.random.default_rng(11)
    cov = np.array([[4.0, 1.2, 0.0], [1.2, 1.0, 0.3], [0.0, 0.3, 0.25]])
    X = rng.multivariate_normal(np.zeros(3), cov, size=30_000)
    ours = pe.mahalanobis(X, np.zeros(3), cov) ** 2
    note = np.einsum("ij,jk,ik->i", X, cov, X)
    assert simulation.check_mean(ours, 3.0).passed  # chi-square with d = 3: mean d
    # the note's squared distance has mean tr(cov^2), here far from d
    assert simulation.check_mean(note, np.trace(cov @ cov)).passed
    assert not simulation.check_mean(note, 3.0).passed
    # changing units (metres -> centimetres for attribute 1) leaves ours unchanged only
    T = np.diag([100.0, 1.0, 1.0])
    x, y = X[0], X[1]
    assert pe.mahalanobis(T @ x, T @ y, T @ cov @ T) == pytest.approx(
        pe.mahalanobis(x, y, cov), rel=1e-10
    )
    assert note_mahalanobis(T @ x, T @ y, T @ cov @ T) > 100 * note_mahalanobis(x, y, cov)


def test_vdm_p_above_one_breaks_the_triangle_inequality_but_its_root_does_not():
    # three values whose class distributions are (1, 0), (1/2, 1/2), (0, 1)
    values = ["a", "b", "b", "c"]
    labels = [0, 0, 1, 1]
    res = pe.vdm(values, labels, p=2)
    ab, bc, ac = res.distance("a", "b"), res.distance("b", "c"), res.distance("a", "c")
    assert (ab, bc, ac) == (pytest.approx(0.5), pytest.approx(0.5), pytest.approx(2.0))
    assert ac > ab + bc  # VDM_2: 2 > 1
    m = res.metric
    assert m[0, 2] <= m[0, 1] + m[1, 2]  # sqrt(2) <= 2 * sqrt(1/2)
    assert pe.vdm(values, labels, p=1).distance("a", "c") == pytest.approx(2.0)  # p = 1: equality


def test_norm_is_sqrt_of_x_transpose_x():
    x = np.array([[3.0], [4.0]])  # a column vector
    assert (x @ x.T).shape == (2, 2)  # the note's x x^T: a matrix, not a squared length
    assert float(np.sqrt(x.T @ x)[0, 0]) == pytest.approx(5.0)
    assert pe.minkowski(x.ravel(), [0, 0]) == 5.0


def test_high_dimension_problem_is_concentration_not_growth():
    rng = np.random.default_rng(12)
    contrast = {}
    for d in (2, 20, 200, 2000):
        X = rng.uniform(size=(400, d))
        q = rng.uniform(size=d)
        dist = pe.minkowski(X, q)
        scaled = dist / np.sqrt(d)  # removes the growth
        # the growth is irrelevant to nearest-neighbour search: the order is the same
        np.testing.assert_array_equal(
            np.argsort(dist, kind="stable"), np.argsort(scaled, kind="stable")
        )
        contrast[d] = (dist.max() - dist.min()) / dist.min()
        cos = pe.cosine_distance(X - 0.5, q - 0.5)
        contrast[d, "cos"] = (cos.max() - cos.min()) / cos.mean()
    # relative contrast falls steadily with d, for the Euclidean and the cosine distance alike
    assert contrast[2] > contrast[20] > contrast[200] > contrast[2000]
    assert contrast[2000] < 0.2 < 3 < contrast[2]
    assert contrast[2, "cos"] > contrast[20, "cos"] > contrast[200, "cos"] > contrast[2000, "cos"]


def test_cos_is_a_similarity_the_distance_is_one_minus_cos():
    """Note 003 calls cos(x, y) the "cosine distance". Used as a distance it fails
    d(x, x) = 0 and ranks neighbours backwards; 1 - cos(x, y) is the distance (scipy's)."""
    rng = np.random.default_rng(3)
    x = rng.normal(size=5)
    # as a "distance", cos(x, x) would have to be 0; it is 1, its largest value
    assert pe.cosine_similarity(x, x) == pytest.approx(1.0)
    assert pe.cosine_distance(x, x) == pytest.approx(0.0, abs=1e-15)
    # the nearest neighbour by the note's reading is the farthest in angle
    candidates = np.array([x + 0.01 * rng.normal(size=5), -x, rng.normal(size=5)])
    note_reading = pe.cosine_similarity(candidates, x)  # called a distance by the note
    assert int(np.argmin(note_reading)) == 1  # picks -x, the opposite direction
    assert int(np.argmin(pe.cosine_distance(candidates, x))) == 0  # picks the near copy
    # the distance is 1 - cos, equal to scipy's cosine distance
    for c in candidates:
        assert pe.cosine_distance(c, x) == pytest.approx(
            1.0 - pe.cosine_similarity(c, x), abs=1e-15
        )
        assert pe.cosine_distance(c, x) == pytest.approx(sd.cosine(c, x), abs=1e-15)
