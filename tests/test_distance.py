"""Distances (patterneval.distance): peers, hand cases, slow twins, metric axioms, bad input."""

import itertools
import math
import warnings
from collections import Counter

import numpy as np
import pytest
from _helpers import assert_rejects
from hypothesis import given
from hypothesis import strategies as st
from scipy.spatial import distance as sd

from patterneval import distance as D
from patterneval.book import simulation

P_METRIC = [1.0, 1.5, 2.0, 3.0, 7.0, np.inf]


# --- agreement with scipy.spatial.distance (scipy 1.x, the installed version) -------------


@pytest.mark.parametrize("p", P_METRIC)
def test_minkowski_matches_scipy_with_and_without_weights(p):
    rng = np.random.default_rng(1)
    for d in (1, 3, 10):
        x, y, w = rng.normal(size=d), rng.normal(size=d), rng.uniform(0, 2, size=d)
        assert D.minkowski(x, y, p=p) == pytest.approx(sd.minkowski(x, y, p=p), rel=1e-12)
        assert D.minkowski(x, y, p=p, w=w) == pytest.approx(sd.minkowski(x, y, p=p, w=w), rel=1e-12)


def test_minkowski_p_below_one_matches_scipy_and_warns():
    rng = np.random.default_rng(2)
    x, y, w = rng.normal(size=4), rng.normal(size=4), rng.uniform(size=4)
    with pytest.warns(D.NotAMetricWarning, match="not a metric"):
        value = D.minkowski(x, y, p=0.5, w=w)
    assert value == pytest.approx(sd.minkowski(x, y, p=0.5, w=w), rel=1e-12)


def test_chebyshev_cosine_mahalanobis_match_scipy():
    rng = np.random.default_rng(3)
    for d in (2, 5):
        x, y = rng.normal(size=d), rng.normal(size=d)
        w = np.r_[0.0, rng.uniform(0.5, 1, size=d - 1)]
        assert D.chebyshev(x, y) == pytest.approx(sd.chebyshev(x, y), rel=1e-12)
        assert D.chebyshev(x, y, w=w) == pytest.approx(sd.chebyshev(x, y, w=w), rel=1e-12)
        assert D.minkowski(x, y, p=np.inf) == D.chebyshev(x, y)
        assert D.cosine_distance(x, y) == pytest.approx(sd.cosine(x, y), rel=1e-12)
        assert D.cosine_similarity(x, y) == pytest.approx(1 - sd.cosine(x, y), rel=1e-12)
        A = rng.normal(size=(d, d))
        cov = A @ A.T + 0.5 * np.eye(d)
        assert D.mahalanobis(x, y, cov) == pytest.approx(
            sd.mahalanobis(x, y, np.linalg.inv(cov)), rel=1e-12
        )


def test_scalar_results_are_python_floats():
    for f in (D.minkowski, D.chebyshev, D.cosine_similarity, D.cosine_distance):
        assert type(f([1, 2], [3, 5])) is float
    assert type(D.mahalanobis([1, 2], [3, 5], np.eye(2))) is float


def test_minkowski_large_p_neither_overflows_nor_underflows():
    x, y = np.array([0.0, 0.0]), np.array([3e200, 4e200])
    assert D.minkowski(x, y, p=2) == pytest.approx(5e200, rel=1e-12)
    assert D.minkowski(x, y, p=500) == pytest.approx(
        4e200 * (1 + 0.75**500) ** (1 / 500), rel=1e-12
    )
    assert D.minkowski([0, 0], [3e-200, 4e-200]) == pytest.approx(5e-200, rel=1e-12)
    assert D.minkowski([1, 2], [1, 2], p=3) == 0.0


# --- rows -----------------------------------------------------------------------------------


def test_rows_broadcast_like_a_loop():
    rng = np.random.default_rng(4)
    X, Y, y = rng.normal(size=(6, 3)), rng.normal(size=(6, 3)), rng.normal(size=3)
    cov = np.array([[2.0, 0.3, 0.0], [0.3, 1.0, 0.2], [0.0, 0.2, 0.5]])
    for f, kw in [
        (D.minkowski, {"p": 3}),
        (D.chebyshev, {}),
        (D.cosine_distance, {}),
        (D.cosine_similarity, {}),
        (D.mahalanobis, {"cov": cov}),
    ]:
        np.testing.assert_allclose(f(X, Y, **kw), [f(a, b, **kw) for a, b in zip(X, Y)], rtol=1e-13)
        np.testing.assert_allclose(f(X, y, **kw), [f(a, y, **kw) for a in X], rtol=1e-13)
        np.testing.assert_allclose(f(y, X, **kw), [f(y, a, **kw) for a in X], rtol=1e-13)


# --- hand cases -----------------------------------------------------------------------------


def test_hand_values():
    assert D.minkowski([0, 0], [3, 4]) == 5.0
    assert D.minkowski([0, 0], [3, 4], p=1) == 7.0
    assert D.minkowski([0, 0], [3, 4], p=1, w=[2, 0.5]) == 8.0
    assert D.chebyshev([1, -2, 3], [0, 2, 3]) == 4.0
    assert D.cosine_distance([1, 0], [-1, 0]) == 2.0
    assert D.cosine_similarity([1, 0], [0, 5]) == 0.0
    # independent coordinates: Mahalanobis = Euclidean distance in standard-deviation units
    assert D.mahalanobis([0, 0], [3, 4], np.diag([9.0, 16.0])) == pytest.approx(math.sqrt(2))


def test_cosine_of_zero_vector_is_an_error():
    with pytest.raises(ValueError, match="x is a zero vector"):
        D.cosine_similarity([0, 0], [1, 2])
    with pytest.raises(ValueError, match=r"y is a zero vector \(row 1\)"):
        D.cosine_distance([1, 1], [[1, 2], [0, 0]])


def test_mahalanobis_is_invariant_to_linear_changes_of_units():
    rng = np.random.default_rng(5)
    A = rng.normal(size=(3, 3))
    cov = A @ A.T + np.eye(3)
    x, y = rng.normal(size=3), rng.normal(size=3)
    T = np.array([[10.0, 0, 0], [1.0, 0.5, 0], [0, 2.0, 3.0]])  # invertible change of units
    assert D.mahalanobis(T @ x, T @ y, T @ cov @ T.T) == pytest.approx(
        D.mahalanobis(x, y, cov), rel=1e-10
    )


def test_mahalanobis_squared_is_chi_square_by_simulation():
    """x ~ N(mu, Sigma) in d dimensions: D^2(x, mu) ~ chi2_d, mean d and variance 2d."""
    rng = np.random.default_rng(6)
    d = 3
    A = rng.normal(size=(d, d))
    cov = A @ A.T + 0.2 * np.eye(d)
    mu = np.array([1.0, -2.0, 0.5])
    X = rng.multivariate_normal(mu, cov, size=40_000)
    d2 = D.mahalanobis(X, mu, cov) ** 2
    checks = [simulation.check_mean(d2, d), simulation.check_variance(d2, 2 * d)]
    assert all(c.passed for c in checks), simulation.format_checks(checks)


def test_sample_covariance_with_too_few_samples_is_singular():
    """Note 002: Mahalanobis needs more samples than attributes (n = d gives rank d - 1)."""
    X = np.random.default_rng(7).normal(size=(3, 3))
    cov = np.cov(X, rowvar=False)
    with pytest.raises(ValueError, match="singular.*regularise"):
        D.mahalanobis(X[0], X[1], cov)
    assert D.mahalanobis(X[0], X[1], cov + 1e-3 * np.eye(3)) > 0


# --- VDM ------------------------------------------------------------------------------------


def vdm_slow(values, labels, p):
    """The definition, by explicit counting: a dict of {(a, b): VDM_p(a, b)}."""
    m_a = Counter(values)
    m_ai = Counter(zip(values, labels))
    classes = set(labels)
    return {
        (a, b): sum(abs(m_ai[a, c] / m_a[a] - m_ai[b, c] / m_a[b]) ** p for c in classes)
        for a in m_a
        for b in m_a
    }


def test_vdm_hand_example():
    # colour of 8 melons and whether each is ripe:
    #   green: 3 ripe, 1 not -> (3/4, 1/4); black: 2 ripe, 0 not -> (1, 0); white: 0, 2 -> (0, 1)
    colour = ["green"] * 4 + ["black"] * 2 + ["white"] * 2
    ripe = ["yes", "yes", "yes", "no", "yes", "yes", "no", "no"]
    res = D.vdm(colour, ripe, p=2)
    assert res.values.tolist() == ["black", "green", "white"]
    assert res.classes.tolist() == ["no", "yes"]
    np.testing.assert_array_equal(res.counts, [[0, 2], [1, 3], [2, 0]])
    # VDM_2(green, black) = (1/4 - 0)^2 + (3/4 - 1)^2 = 1/8
    # VDM_2(green, white) = (1/4 - 1)^2 + (3/4 - 0)^2 = 9/8 ; VDM_2(black, white) = 1 + 1 = 2
    expected = np.array([[0, 1 / 8, 2], [1 / 8, 0, 9 / 8], [2, 9 / 8, 0]])
    np.testing.assert_allclose(res.table, expected, rtol=1e-15)
    assert res.distance("green", "white") == pytest.approx(9 / 8)
    np.testing.assert_allclose(
        D.vdm(colour, ripe, p=1).table, [[0, 0.5, 2], [0.5, 0, 1.5], [2, 1.5, 0]]
    )
    np.testing.assert_allclose(res.metric, np.sqrt(expected))
    with pytest.raises(ValueError, match="'blue' was not seen"):
        res.distance("green", "blue")


@pytest.mark.parametrize("p", [0.5, 1.0, 2.0, 3.0])
def test_vdm_matches_slow_twin(p):
    rng = np.random.default_rng(8)
    for n_values, n_classes in [(2, 2), (5, 3), (8, 4)]:
        values = rng.integers(0, n_values, size=200)
        labels = np.array(["a", "b", "c", "d"])[rng.integers(0, n_classes, size=200)]
        res = D.vdm(values, labels, p=p)
        slow = vdm_slow(values.tolist(), labels.tolist(), p)
        for (a, b), v in slow.items():
            assert res.distance(a, b) == pytest.approx(v, rel=1e-12, abs=1e-15)


def test_vdm_accepts_mixed_hashable_values():
    res = D.vdm(["x", 1, "x", 1, None], [0, 0, 1, 1, 1], p=1)
    assert res.distance("x", None) == pytest.approx(1.0)
    assert res.distance(1, "x") == 0.0


# --- mixed distance -------------------------------------------------------------------------


def _mixed_data(rng, n=60):
    X = np.empty((n, 4), dtype=object)
    X[:, 0] = rng.normal(size=n)
    X[:, 1] = rng.choice(["red", "green", "blue"], size=n)
    X[:, 2] = rng.uniform(size=n)
    X[:, 3] = rng.choice(["s", "m", "l", "xl"], size=n)
    y = rng.integers(0, 3, size=n)
    return X, y


@pytest.mark.parametrize("p", [1.0, 2.0, 3.0])
def test_mixed_distance_is_weighted_minkowski_of_the_vdm_embedding(p):
    """Twin from another identity: VDM_p(a, b) = sum_i |P(i|a) - P(i|b)|^p, so the mixed
    distance is the weighted Minkowski distance between [numeric, P(.|x_v) for each v]."""
    rng = np.random.default_rng(9)
    X, y = _mixed_data(rng)
    tables = D.vdm_tables(X, y, categorical=[1, 3], p=p)
    w = rng.uniform(0.1, 1, size=4)

    def embed(row):
        return np.concatenate(
            [
                [row[0]],
                tables[1].conditional[tables[1].index(row[1])],
                [row[2]],
                tables[3].conditional[tables[3].index(row[3])],
            ]
        )

    wide_w = np.concatenate([[w[0]], np.full(3, w[1]), [w[2]], np.full(3, w[3])])
    for i, j in [(0, 1), (2, 7), (5, 5), (10, 30)]:
        expected = D.minkowski(embed(X[i]), embed(X[j]), p=p, w=wide_w)
        assert D.mixed_distance(X[i], X[j], tables=tables, p=p, w=w) == pytest.approx(
            expected, rel=1e-12, abs=1e-15
        )
    rows = D.mixed_distance(X[:5], X[5:10], tables=tables, p=p)
    np.testing.assert_allclose(
        rows, [D.mixed_distance(a, b, tables=tables, p=p) for a, b in zip(X[:5], X[5:10])]
    )


def test_mixed_distance_by_hand_and_reductions():
    X = np.array([[0.1, "a"], [0.4, "a"], [0.3, "b"]], dtype=object)
    tables = D.vdm_tables(X, [0, 0, 1], categorical=[1])
    assert D.mixed_distance(X[0], X[2], tables=tables) == pytest.approx(math.sqrt(0.2**2 + 2))
    assert D.mixed_distance(X[0], X[1], tables=tables) == pytest.approx(0.3)
    # no categorical columns: plain Minkowski
    assert D.mixed_distance([0, 0], [3, 4], tables={}) == 5.0
    # only categorical columns: (sum VDM_p)^(1/p)
    assert D.mixed_distance(["a"], ["b"], tables={0: tables[1]}) == pytest.approx(math.sqrt(2))
    assert D.mixed_distance(X[0], X[2], tables={-1: tables[1]}) == D.mixed_distance(
        X[0], X[2], tables=tables
    )


# --- metric axioms (hypothesis, deterministic profile of tests/conftest.py) ---------------

coord = st.floats(-100, 100, allow_nan=False, allow_infinity=False)


@st.composite
def triples(draw, max_d=5):
    d = draw(st.integers(1, max_d))
    vec = st.lists(coord, min_size=d, max_size=d)
    return tuple(np.array(draw(vec)) for _ in range(3))


def _axioms(dist, x, y, z, *, scale):
    tol = 1e-9 * (1 + scale)
    dxy, dyx, dxz, dyz, dxx = dist(x, y), dist(y, x), dist(x, z), dist(y, z), dist(x, x)
    assert dxy >= 0 and dxz >= 0 and dyz >= 0
    assert dxx == 0
    if np.any(x != y):
        assert dxy > 0
    assert dxy == pytest.approx(dyx, rel=1e-12, abs=1e-12)
    assert dxz <= dxy + dyz + tol


@given(triples(), st.sampled_from(P_METRIC), st.lists(st.floats(0.01, 10), min_size=5, max_size=5))
def test_minkowski_axioms(xyz, p, weights):
    x, y, z = xyz
    w = np.array(weights[: x.size])
    scale = max(np.abs(np.concatenate(xyz)).max(), 1)
    _axioms(lambda a, b: D.minkowski(a, b, p=p, w=w), x, y, z, scale=scale)
    _axioms(D.chebyshev, x, y, z, scale=scale)


@given(triples(max_d=4), st.lists(st.floats(-3, 3), min_size=16, max_size=16))
def test_mahalanobis_axioms(xyz, entries):
    x, y, z = xyz
    d = x.size
    A = np.array(entries[: d * d]).reshape(d, d)
    cov = A @ A.T + 0.5 * np.eye(d)
    scale = max(np.abs(np.concatenate(xyz)).max(), 1) * 2
    _axioms(lambda a, b: D.mahalanobis(a, b, cov), x, y, z, scale=scale)


@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 2)), min_size=1, max_size=40),
    st.sampled_from([1.0, 1.5, 2.0, 3.0]),
)
def test_vdm_root_is_a_pseudometric(pairs, p):
    values, labels = zip(*pairs)
    res = D.vdm(list(values), list(labels), p=p)
    m = res.metric
    assert np.all(m >= 0) and np.all(np.diag(m) == 0)
    np.testing.assert_allclose(m, m.T, rtol=1e-12, atol=1e-15)
    # identity: distance 0 exactly when the class distributions agree
    same = np.all(
        np.isclose(res.conditional[:, None, :], res.conditional[None, :, :], atol=1e-12), axis=2
    )
    np.testing.assert_array_equal(m < 1e-12, same)
    for i, j, k in itertools.product(range(m.shape[0]), repeat=3):
        assert m[i, k] <= m[i, j] + m[j, k] + 1e-12


def test_triangle_inequality_fails_for_p_below_one():
    x, y, z = [0, 0], [1, 0], [1, 1]
    for p in (0.3, 0.5, 0.9):
        with pytest.warns(D.NotAMetricWarning):
            dxz, dxy, dyz = (D.minkowski(a, b, p=p) for a, b in [(x, z), (x, y), (y, z)])
        assert dxz == pytest.approx(2 ** (1 / p)) and dxy == dyz == 1.0
        assert dxz > dxy + dyz
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        D.minkowski(x, z, p=1)  # p >= 1: no warning


def test_cosine_distance_is_not_a_metric():
    x, y, z = [1, 0], [1, 1], [0, 1]
    assert D.cosine_distance(x, z) > D.cosine_distance(x, y) + D.cosine_distance(y, z)
    assert D.cosine_distance([1, 1], [3, 3]) == 0.0  # distinct vectors at distance 0


# --- bad input -------------------------------------------------------------------------------

SPD = np.array([[2.0, 0.5], [0.5, 1.0]])
_T = D.vdm(["a", "b"], [0, 1], p=2)
BAD_INPUT = [
    (D.minkowski, ([1, 2], [1, 2, 3]), {}, ValueError, "y has 3 coordinates but x has 2"),
    (D.minkowski, ([1, 2], [1, 2]), {"p": 0}, ValueError, "p must be a real number > 0"),
    (D.minkowski, ([1, 2], [1, 2]), {"p": -1}, ValueError, "p must be a real number > 0"),
    (D.minkowski, ([1, 2], [1, 2]), {"p": "2"}, TypeError, "p must be a real number"),
    (D.minkowski, ([1, np.nan], [1, 2]), {}, ValueError, "x holds 1 NaN"),
    (
        D.minkowski,
        ([1, 2], [1, 2]),
        {"w": [1, -1]},
        ValueError,
        "w must be an array of values >= 0",
    ),
    (
        D.minkowski,
        ([1, 2], [1, 2]),
        {"w": [1, 1, 1]},
        ValueError,
        r"w must be 2 weights .*; got \[1.0, 1.0, 1.0\]",
    ),
    (
        D.minkowski,
        ([1, 2], [1, 2]),
        {"w": [0, 0]},
        ValueError,
        r"w must be 2 weights .* at least one > 0",
    ),
    (
        D.minkowski,
        ([], []),
        {},
        ValueError,
        r"x must be .* at least one coordinate; got an array of shape \(0,\)",
    ),
    (D.minkowski, (np.zeros((2, 2, 2)), [1, 2]), {}, ValueError, "x must be a 1-d vector"),
    (D.minkowski, (np.zeros((2, 2)), np.zeros((3, 2))), {}, ValueError, "y has 3 rows but x has 2"),
    (
        D.minkowski,
        (["a", "b"], [1, 2]),
        {},
        TypeError,
        "x must be an array of real numbers; got dtype <U1",
    ),
    (D.chebyshev, ([1, 2], [1]), {}, ValueError, "y has 1 coordinates"),
    (D.chebyshev, ([1, 2], [1, np.inf]), {}, ValueError, "y holds 1 NaN or infinite"),
    (D.chebyshev, ([1, 2], [1, 2]), {"w": [[1, 1]]}, ValueError, "w must be a 1-d array"),
    (D.cosine_similarity, ([0, 0], [1, 1]), {}, ValueError, "x is a zero vector"),
    (D.cosine_similarity, ([1, 1], [1, 1, 1]), {}, ValueError, "y has 3 coordinates"),
    (D.cosine_distance, ([1, 1], [0, 0]), {}, ValueError, "y is a zero vector"),
    (D.cosine_distance, (None, [0, 0]), {}, TypeError, "x must be an array"),
    (
        D.mahalanobis,
        ([1, 2], [1, 3], np.eye(3)),
        {},
        ValueError,
        r"cov must be a square 2 x 2 matrix .*; got an array of shape \(3, 3\)",
    ),
    (D.mahalanobis, ([1, 2], [1, 3], np.ones((2, 3))), {}, ValueError, "cov must be a square"),
    (D.mahalanobis, ([1, 2], [1, 3], [[1, 0.5], [0, 1]]), {}, ValueError, "cov must be symmetric"),
    (D.mahalanobis, ([1, 2], [1, 3], [[1, 1], [1, 1]]), {}, ValueError, r"singular.*cov \+ lam"),
    (D.mahalanobis, ([1, 2], [1, 3], [[1, 2], [2, 1]]), {}, ValueError, "not positive definite"),
    (
        D.mahalanobis,
        ([1, 2], [1, 3], [[1, np.nan], [np.nan, 1]]),
        {},
        ValueError,
        "cov holds 2 NaN",
    ),
    (D.mahalanobis, ([1, 2], [1, 2, 3], SPD), {}, ValueError, "y has 3 coordinates"),
    (D.vdm, (["a", "b"], [0]), {}, ValueError, "labels has 1 entries but values has 2"),
    (D.vdm, ([], []), {}, ValueError, "empty"),
    (D.vdm, ([[1, 2]], [0]), {}, ValueError, r"values must be a 1-d array .* shape \(1, 2\)"),
    (D.vdm, ([1.0, np.nan], [0, 1]), {}, ValueError, "values holds NaN"),
    (D.vdm, ("ab", [0, 1]), {}, TypeError, "values must be a 1-d array"),
    (D.vdm, (["a", "b"], [0, 1]), {"p": 0}, ValueError, "p must be a real number > 0"),
    (
        D.vdm_tables,
        (np.array([["a"], ["b"]], dtype=object), [0, 1]),
        {"categorical": [3]},
        ValueError,
        r"categorical must be an integer in \[-1, 0\]; got 3",
    ),
    (D.vdm_tables, (["a", "b"], [0, 1]), {"categorical": [0]}, ValueError, "X must be a 2-d array"),
    (
        D.mixed_distance,
        ([0.1, "a"], [0.2, "b", 3]),
        {"tables": {1: _T}},
        ValueError,
        "y has 3 attributes",
    ),
    (
        D.mixed_distance,
        ([0.1, "a"], [0.2, "b"]),
        {"tables": {1: _T}, "p": 1},
        ValueError,
        "built with p=2.0",
    ),
    (
        D.mixed_distance,
        ([0.1, "a"], [0.2, "b"]),
        {"tables": {5: _T}},
        ValueError,
        "tables has column 5",
    ),
    (
        D.mixed_distance,
        ([0.1, "a"], [0.2, "b"]),
        {"tables": {1: "a"}},
        TypeError,
        "tables must be a dict",
    ),
    (D.mixed_distance, ([0.1, "a"], [0.2, "b"]), {"tables": {}}, TypeError, "numeric columns"),
    (
        D.mixed_distance,
        ([0.1, "a"], [0.2, "zz"]),
        {"tables": {1: _T}},
        ValueError,
        "'zz' was not seen",
    ),
    (
        D.mixed_distance,
        ([0.1, "a"], [0.2, "b"]),
        {"tables": {1: _T}, "w": [1, -1]},
        ValueError,
        "w must be an array of values >= 0",
    ),
    (
        D.mixed_distance,
        ([np.nan, "a"], [0.2, "b"]),
        {"tables": {1: _T}},
        ValueError,
        "x holds 1 NaN",
    ),
    (D.mixed_distance, (3.0, [0.2, "b"]), {"tables": {1: _T}}, TypeError, "x must be a record"),
]


@pytest.mark.parametrize(
    "func, args, kwargs, exc, match",
    BAD_INPUT,
    ids=[f"{row[0].__name__}-{i}" for i, row in enumerate(BAD_INPUT)],
)
def test_bad_input(func, args, kwargs, exc, match):
    assert_rejects(exc, match, func, *args, **kwargs)


def test_chapter_exercise_3_vdm_table():
    """Exercise 3 of the chapter: class distributions (0.9, 0.1), (0.5, 0.5), (0.1, 0.9)."""
    values = ["a"] * 10 + ["b"] * 10 + ["c"] * 10
    labels = [0] * 9 + [1] + [0] * 5 + [1] * 5 + [0] + [1] * 9
    res = D.vdm(values, labels, p=1)
    np.testing.assert_allclose(res.table, [[0, 0.8, 1.6], [0.8, 0, 0.8], [1.6, 0.8, 0]], atol=1e-15)
    assert D.minkowski([0], [2]) ** 2 == 4.0  # exercise 1: the squared Euclidean distance


def test_mahalanobis_neither_underflows_nor_overflows():
    # found by hypothesis: (3.5e-212)^2 underflows to 0 unless the difference is scaled
    assert D.mahalanobis([0.0], [3.48e-212], [[0.5]]) == pytest.approx(3.48e-212 / 0.5**0.5)
    assert D.mahalanobis([0.0, 0.0], [1e200, 0.0], np.eye(2) * 1e-10) == pytest.approx(1e205)


# --- VDM with p = inf and large p -----------------------------------------------


def test_vdm_p_inf_is_the_largest_class_probability_difference():
    """|d|^inf summed gave 0 for every pair of different values (each |d| < 1). p = inf is
    the limit of the root, max_i |P(i|a) - P(i|b)|."""
    colour = ["green"] * 4 + ["black"] * 2 + ["white"] * 2
    ripe = ["yes", "yes", "yes", "no", "yes", "yes", "no", "no"]
    res = D.vdm(colour, ripe, p=np.inf)
    # P(no), P(yes): black (0, 1), green (1/4, 3/4), white (1, 0)
    expected = np.array([[0, 1 / 4, 1], [1 / 4, 0, 3 / 4], [1, 3 / 4, 0]])
    np.testing.assert_allclose(res.table, expected, rtol=1e-15)
    np.testing.assert_array_equal(res.metric, res.table)
    assert res.distance("green", "black") == 0.25
    # it is the limit of VDM_p^(1/p)
    np.testing.assert_allclose(D.vdm(colour, ripe, p=400.0).metric, expected, rtol=1e-2)
    # different values are never at distance 0 unless their class distributions agree
    rng = np.random.default_rng(4)
    values, labels = rng.integers(0, 6, 300), rng.integers(0, 3, 300)
    res = D.vdm(values, labels, p=np.inf)
    diff = np.abs(res.conditional[:, None, :] - res.conditional[None, :, :]).max(axis=2)
    np.testing.assert_allclose(res.table, diff, rtol=1e-15)
    assert np.all(res.table[~np.eye(6, dtype=bool)] > 0)


@pytest.mark.parametrize("p", [0.5, 1.0, 2.0, 7.0, 60.0, 1000.0])
def test_vdm_metric_is_the_scaled_root_for_every_p(p):
    """metric = VDM_p^(1/p) computed with scaling: for p = 1000 the table underflows to 0
    for differences below about 0.5, the root does not."""
    rng = np.random.default_rng(5)
    values, labels = rng.integers(0, 5, 400), rng.integers(0, 3, 400)
    res = D.vdm(values, labels, p=p)
    for a in range(5):
        for b in range(5):
            d = np.abs(res.conditional[a] - res.conditional[b])
            top = d.max()
            expected = 0.0 if top == 0 else top * np.sum((d / top) ** p) ** (1 / p)
            assert res.metric[a, b] == pytest.approx(expected, rel=1e-12, abs=1e-300)
            if a != b:
                assert res.metric[a, b] > 0


def test_mixed_distance_p_inf_and_large_p():
    X = np.array([[0.1, "a"], [0.4, "a"], [0.3, "b"]], dtype=object)
    tables = D.vdm_tables(X, [0, 0, 1], categorical=[1], p=np.inf)
    # VDM_inf(a, b) = 1 (class distributions (1, 0) and (0, 1)); numeric |0.1 - 0.3| = 0.2
    assert D.mixed_distance(X[0], X[2], tables=tables, p=np.inf) == 1.0
    assert D.mixed_distance(X[0], X[1], tables=tables, p=np.inf) == pytest.approx(0.3)
    # weights: as minkowski, an attribute with weight 0 is left out of the maximum
    assert D.mixed_distance(X[0], X[2], tables=tables, p=np.inf, w=[1, 0]) == pytest.approx(0.2)
    # large finite p: the distance tends to the maximum instead of underflowing
    Y = np.array([[0.001, "a"], [0.002, "a"], [0.0015, "b"]], dtype=object)
    t600 = D.vdm_tables(
        np.array([[0.0, "a"], [0.0, "b"], [0.0, "b"], [0.0, "a"]], dtype=object),
        [0, 0, 1, 1],
        categorical=[1],
        p=600.0,
    )
    assert D.mixed_distance(Y[0], Y[1], tables=t600, p=600.0) == pytest.approx(0.001, rel=1e-2)
    assert D.mixed_distance(Y[0], Y[1], tables=t600, p=600.0) > 0


# ---- entries whose squares overflow or underflow are scaled, not reported as NaN
def test_cosine_of_vectors_whose_squares_overflow_or_underflow():
    assert D.cosine_similarity([1e308, 1e308], [1e308, 1e308]) == pytest.approx(1.0)
    assert D.cosine_similarity([1e308, 0.0], [1e308, 1e308]) == pytest.approx(2**-0.5)
    # 1e-200 squared underflows to 0: not a zero vector
    assert D.cosine_similarity([1e-200, 1e-200], [1e-200, 0.0]) == pytest.approx(2**-0.5)
    rows = D.cosine_distance([[1e-200, 1e-200], [1e308, 1e308]], [1e-200, 0.0])
    assert rows == pytest.approx([1 - 2**-0.5] * 2)
    with pytest.raises(ValueError, match=r"x is a zero vector \(row 1\)"):
        D.cosine_similarity([[1e-200, 1e-200], [0.0, 0.0]], [1.0, 0.0])


def test_mahalanobis_with_a_tiny_covariance_and_weights_that_overflow():
    cov = np.array([[4.0, 0.0], [0.0, 1.0]])
    assert D.mahalanobis([0, 0], [2, 0], cov * 1e-310) == pytest.approx(
        1.0 / np.sqrt(1e-310), rel=1e-6
    )
    # the weighted sum overflows, the distance does not: p = 2, w = 1e300 -> 1e150 * 5
    assert D.minkowski([0, 0], [3, 4], w=[1e300, 1e300]) == pytest.approx(5e150)
    assert D.minkowski([0, 0], [3, 4], p=np.inf, w=[1e308, 1e308]) == 4.0


@pytest.mark.parametrize(
    ("call", "pattern"),
    [
        (
            lambda: D.minkowski([0, 0], [3, 4], p=1e-4),
            r"^x, y, p and w must be .*finite.*as p -> 0",
        ),
        (
            lambda: D.minkowski([0, 0], [3e300, 4e300], w=[1e300, 1e300], p=0.5),
            r"^x, y, p and w must be",
        ),
        (
            lambda: D.chebyshev([-1e308], [1e308]),
            r"^x and y must be values whose differences are finite",
        ),
        (
            lambda: D.mahalanobis([-1e308, 0], [1e308, 0], np.eye(2)),
            r"^x and y must be values whose differences",
        ),
        (
            lambda: D.vdm(["g", "g", "b", "b"], ["y", "n", "y", "y"], p=1e-300).metric,
            r"^p must be values for which",
        ),
        (
            lambda: D.vdm(["g", "b"], ["y", "n"]).distance(["g"], "b"),
            r"^a must be a value of the attribute",
        ),
    ],
)
def test_distances_that_overflow_are_refused(call, pattern):
    assert_rejects((ValueError, TypeError), pattern, call)


def test_mahalanobis_refuses_a_distance_that_overflows_and_takes_a_scalar_variance():
    assert D.mahalanobis([0.0], [3.0], 4.0) == pytest.approx(1.5)  # one feature: cov a scalar
    with pytest.raises(ValueError, match=r"x, y and cov must be .* finite .*; got one that over"):
        D.mahalanobis([0.0], [1e300], 1e-300)  # 1e300 / sqrt(1e-300) = 1e450


def test_vdm_tables_keep_categories_numpy_cannot_stack():
    X = np.empty((4, 2), dtype=object)
    X[:, 0] = [0.1, 0.2, 0.3, 0.4]
    for i, value in enumerate([(1,), (1, 2), (1,), (1, 2)]):  # tuples of two lengths
        X[i, 1] = value
    tables = D.vdm_tables(X, [0, 1, 0, 1], categorical=[1])
    assert tables[1].distance((1,), (1, 2)) == pytest.approx(2.0)  # the two classes apart
    assert tables[1].distance((1,), (1,)) == 0.0


def test_mixed_distance_takes_any_mapping_of_tables_and_refuses_empty_records():
    from types import MappingProxyType

    X = np.array([[0.1, "a"], [0.4, "a"], [0.3, "b"]], dtype=object)
    tables = D.vdm_tables(X, [0, 0, 1], categorical=[1])
    as_dict = D.mixed_distance(X[0], X[2], tables=tables)
    assert D.mixed_distance(X[0], X[2], tables=MappingProxyType(tables)) == as_dict
    with pytest.raises(ValueError, match=r"x must be a record .*; got an array of shape \(0,\)"):
        D.mixed_distance([], X[2], tables=tables)
