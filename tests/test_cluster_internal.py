"""Internal clustering indices (patterneval.cluster.internal): slow twins, peers
(scikit-learn, validclust), chunking, prediction strength, Pareto front, registries and
bad input."""

import tracemalloc

import numpy as np
import pytest
from _helpers import assert_rejects
from scipy.spatial.distance import cdist
from sklearn import metrics as skm
from sklearn.cluster import KMeans
from sklearn.datasets import load_iris, load_wine

import patterneval as pe
from patterneval.book import internal_indices
from patterneval.cluster import internal

# ----------------------------------------------------------------------------- slow twins

SCIPY = {"manhattan": "cityblock"}


def slow_silhouette(X, labels, metric="euclidean"):
    """Rousseeuw's definition as a double loop over samples (singletons score 0)."""
    X = np.asarray(X, float)
    labels = np.asarray(labels)
    n = len(labels)
    out = np.zeros(n)
    for i in range(n):
        same, other = [], {}
        for j in range(n):
            d = cdist(X[i : i + 1], X[j : j + 1], metric=SCIPY.get(metric, metric))[0, 0]
            if labels[j] == labels[i]:
                if j != i:
                    same.append(d)
            else:
                other.setdefault(labels[j], []).append(d)
        if not same:
            continue
        a = np.mean(same)
        b = min(np.mean(v) for v in other.values())
        out[i] = 0.0 if max(a, b) == 0 else (b - a) / max(a, b)
    return out


def slow_dunn(X, labels, metric="euclidean"):
    """Dunn's ratio by a double loop over pairs of samples."""
    X = np.asarray(X, float)
    labels = np.asarray(labels)
    gap, diameter = np.inf, 0.0
    for i in range(len(X)):
        for j in range(i + 1, len(X)):
            d = cdist(X[i : i + 1], X[j : j + 1], metric=SCIPY.get(metric, metric))[0, 0]
            if labels[i] == labels[j]:
                diameter = max(diameter, d)
            else:
                gap = min(gap, d)
    return gap / diameter


def slow_connectivity(X, labels, L):
    """clValid's loop: rank all distances of each row, add 1/j for foreign neighbours."""
    D = cdist(X, X)
    total = 0.0
    for i in range(len(X)):
        order = [j for j in np.argsort(D[i], kind="stable") if j != i][:L]
        for rank, j in enumerate(order, start=1):
            if labels[j] != labels[i]:
                total += 1.0 / rank
    return total


def slow_separation(X, labels, linkage, reduce):
    labels = np.asarray(labels)
    ks = np.unique(labels)
    values = []
    for a in range(len(ks)):
        for b in range(a + 1, len(ks)):
            A, B = X[labels == ks[a]], X[labels == ks[b]]
            if linkage == "centroid":
                values.append(np.linalg.norm(A.mean(0) - B.mean(0)))
            else:
                D = [np.linalg.norm(x - y) for x in A for y in B]
                values.append({"single": min, "complete": max, "average": np.mean}[linkage](D))
    return min(values) if reduce == "min" else np.mean(values)


def slow_pareto(S, maximize):
    S = np.asarray(S, float) * np.where(maximize, 1, -1)
    keep = []
    for a in range(len(S)):
        dominated = any(
            np.all(S[b] >= S[a]) and np.any(S[b] > S[a]) for b in range(len(S)) if b != a
        )
        keep.append(not dominated)
    return np.array(keep)


def random_case(seed, n=40, d=3, k=4, singleton=False):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    labels = rng.integers(0, k, n)
    labels[:k] = np.arange(k)  # every cluster present
    if singleton:
        labels[-1] = k  # one cluster of one sample
    return X, labels


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("metric", ["euclidean", "manhattan", "chebyshev"])
def test_silhouette_matches_the_double_loop(seed, metric):
    X, labels = random_case(seed, singleton=seed % 2 == 1)
    np.testing.assert_allclose(
        pe.silhouette_samples(X, labels, metric=metric),
        slow_silhouette(X, labels, metric),
        rtol=1e-10,
        atol=1e-12,
    )


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("metric", ["euclidean", "manhattan"])
def test_dunn_matches_the_double_loop(seed, metric):
    X, labels = random_case(seed, k=2 + seed, singleton=seed == 3)
    assert pe.dunn_index(X, labels, metric=metric) == pytest.approx(
        slow_dunn(X, labels, metric), rel=1e-10
    )


def test_chunk_boundaries_do_not_change_results(monkeypatch):
    X, labels = random_case(11, n=97, k=5, singleton=True)
    full = (
        pe.silhouette_samples(X, labels),
        pe.dunn_index(X, labels),
        pe.separation(X, labels, linkage="average"),
        pe.separation(X, labels, linkage="complete"),
    )
    for rows in (1, 7, 30):  # blocks of rows that cut clusters at many places
        monkeypatch.setattr(internal, "WORKING_MEMORY", 8 * 97 * rows)
        np.testing.assert_allclose(pe.silhouette_samples(X, labels), full[0], rtol=1e-12)
        assert pe.dunn_index(X, labels) == pytest.approx(full[1], rel=1e-12)
        assert pe.separation(X, labels, linkage="average") == pytest.approx(full[2], rel=1e-12)
        assert pe.separation(X, labels, linkage="complete") == pytest.approx(full[3], rel=1e-12)


# ----------------------------------------------------------------------------- peers


def blobs(seed, n, k, d=4, spread=1.5):
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=4.0, size=(k, d))
    labels = rng.integers(0, k, n)
    labels[:k] = np.arange(k)
    return centres[labels] + spread * rng.normal(size=(n, d)), labels


@pytest.mark.parametrize("seed, n, k", [(0, 300, 2), (1, 500, 7), (2, 800, 50)])
@pytest.mark.parametrize("metric", ["euclidean", "manhattan"])
def test_silhouette_agrees_with_scikit_learn(seed, n, k, metric):
    # peer: scikit-learn (version in the environment, 1.x), sklearn.metrics.silhouette_*
    X, labels = blobs(seed, n, k, spread=0.5)
    ours = pe.silhouette_samples(X, labels, metric=metric)
    theirs = skm.silhouette_samples(X, labels, metric=metric)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-13)
    assert pe.silhouette_width(X, labels, metric=metric) == pytest.approx(
        skm.silhouette_score(X, labels, metric=metric), rel=1e-12
    )


@pytest.mark.parametrize("seed, n, k", [(0, 300, 2), (1, 2000, 9), (2, 5000, 50)])
def test_davies_bouldin_agrees_with_scikit_learn(seed, n, k):
    X, labels = blobs(seed, n, k)
    assert pe.davies_bouldin_index(X, labels) == pytest.approx(
        skm.davies_bouldin_score(X, labels), rel=1e-12
    )
    rng = np.random.default_rng(seed)
    random_labels = rng.integers(0, k, n)
    assert pe.davies_bouldin_index(X, random_labels) == pytest.approx(
        skm.davies_bouldin_score(X, random_labels), rel=1e-12
    )


def test_dunn_agrees_with_validclust():
    # peer: validclust 0.1.1, validclust.indices.dunn(pairwise_distances(X[, metric]), labels)
    X, y = load_iris(return_X_y=True)
    assert pe.dunn_index(X, y) == pytest.approx(0.058480532147191365, rel=1e-12)
    assert pe.dunn_index(X, y, metric="manhattan") == pytest.approx(0.044117647058823505, rel=1e-12)
    X, y = load_wine(return_X_y=True)
    assert pe.dunn_index(X, y) == pytest.approx(0.004784513270354178, rel=1e-12)
    reference = {1: 0.025924706096629346, 2: 0.02615103950166604, 3: 0.02536968259844063}
    for seed, value in reference.items():
        rng = np.random.default_rng(seed)
        X = rng.normal(size=(80, 3))
        labels = rng.integers(0, 3 + seed, 80)
        assert pe.dunn_index(X, labels) == pytest.approx(value, rel=1e-12)


# ----------------------------------------------------------------------------- hand cases


def test_hand_case_every_index():
    # clusters {0, 2} and {10, 14}: centroids 1 and 12
    X = np.array([[0.0], [2.0], [10.0], [14.0]])
    labels = ["a", "a", "b", "b"]
    # V(C): distances to centroid 1, 1, 2, 2 -> sqrt(6 / 4); squared: sqrt(10 / 4)
    assert pe.within_cluster_variation(X, labels) == pytest.approx(np.sqrt(1.5))
    assert pe.within_cluster_variation(X, labels, metric="sqeuclidean") == pytest.approx(
        np.sqrt(2.5)
    )
    assert pe.compactness(X, labels) == pytest.approx((1 + 2) / 2)
    assert pe.spacing(X, labels) == pytest.approx(11.0)
    assert pe.spacing(X, labels, squared=True) == pytest.approx(121.0)
    assert pe.davies_bouldin_index(X, labels) == pytest.approx((1 + 2) / 11)
    assert pe.dunn_index(X, labels) == pytest.approx(8 / 4)
    assert pe.separation(X, labels) == pytest.approx(8.0)
    assert pe.separation(X, labels, linkage="complete") == pytest.approx(14.0)
    assert pe.separation(X, labels, linkage="average") == pytest.approx((10 + 14 + 8 + 12) / 4)
    assert pe.separation(X, labels, linkage="centroid") == pytest.approx(11.0)
    # silhouette of x=0: a = 2, b = 12 -> 10/12
    assert pe.silhouette_samples(X, labels)[0] == pytest.approx(10 / 12)
    assert isinstance(pe.dunn_index(X, labels), float)


@pytest.mark.parametrize("linkage", ["single", "average", "complete", "centroid"])
@pytest.mark.parametrize("reduce", ["min", "mean"])
def test_separation_matches_brute_force(linkage, reduce):
    X, labels = random_case(5, n=30, k=4)
    assert pe.separation(X, labels, linkage=linkage, reduce=reduce) == pytest.approx(
        slow_separation(X, labels, linkage, reduce), rel=1e-10
    )


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("L", [1, 5, 10])
def test_connectivity_matches_the_loop(seed, L):
    X, labels = random_case(seed, n=60, k=3)
    assert pe.connectivity(X, labels, n_neighbors=L) == pytest.approx(
        slow_connectivity(X, labels, L), rel=1e-12
    )


def test_connectivity_with_duplicates_and_bounds():
    # each point duplicated: its twin is its first neighbour whichever order ties take
    X = np.repeat(np.arange(6.0)[:, None] * 10, 2, axis=0)
    labels = np.repeat([0, 0, 0, 1, 1, 1], 2)
    assert pe.connectivity(X, labels, n_neighbors=1) == 0.0
    split_twins = np.arange(12) % 2
    assert pe.connectivity(X, split_twins, n_neighbors=1) == 12.0
    # upper bound N * H_L when every neighbour is foreign
    X, _ = random_case(3, n=50)
    worst = np.arange(50)
    assert pe.connectivity(X, worst, n_neighbors=4) == pytest.approx(
        50 * (1 + 1 / 2 + 1 / 3 + 1 / 4)
    )


def test_silhouette_singletons_and_duplicates_score_zero():
    X = np.array([[0.0], [0.0], [5.0], [5.0], [9.0]])
    labels = [0, 0, 1, 1, 2]
    s = pe.silhouette_samples(X, labels)
    assert s[4] == 0.0  # singleton
    assert s[0] == 1.0  # a = 0, b > 0
    np.testing.assert_allclose(s, skm.silhouette_samples(X, labels))


# ----------------------------------------------------------------------------- memory


def test_chunking_bounds_peak_memory():
    n = 6000  # the full distance matrix would take n * n * 8 bytes = 275 MiB
    X, labels = blobs(3, n, 5, d=5)
    tracemalloc.start()
    try:
        pe.silhouette_width(X, labels)
        pe.dunn_index(X, labels)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * internal.WORKING_MEMORY + 10 * X.nbytes
    assert peak < n * n * 8 / 2


# ----------------------------------------------------------------------------- prediction strength


def test_prediction_strength_picks_the_true_k():
    X, _ = blobs(4, 300, 3, d=2, spread=0.4)
    km = KMeans(n_init=3)
    strengths = {k: pe.prediction_strength(X, km, k, n_resamples=4, rng=1) for k in (1, 2, 3, 5)}
    assert strengths[1].strength == 1.0
    assert strengths[3].strength > 0.9
    assert strengths[5].strength < strengths[3].strength - 0.1
    r = strengths[3]
    assert r.values.shape == (4,) and r.n_clusters == 3 and len(r.cluster_strengths) == 4
    assert "PredictionStrength(" in repr(r)


def test_prediction_strength_is_reproducible_and_independent_of_n_jobs():
    X, _ = blobs(6, 120, 3, d=2)
    km = KMeans(n_init=2)
    a = pe.prediction_strength(X, km, 3, n_resamples=3, rng=5)
    b = pe.prediction_strength(X, km, 3, n_resamples=3, rng=5, n_jobs=2)
    np.testing.assert_array_equal(a.values, b.values)
    c = pe.prediction_strength(X, km, 3, n_resamples=3, rng=5, assign="nearest-neighbor")
    assert c.values.shape == (3,)


def test_prediction_strength_split_matches_a_pair_loop():
    """The co-membership formula (sum of squared counts - n_j) / (n_j (n_j - 1)) against an
    explicit loop over the ordered pairs of each test cluster."""
    X, _ = blobs(8, 90, 4, d=2, spread=2.0)
    km = KMeans(n_init=2)
    rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
    value, per_cluster = internal._strength_of_split(X, km, 4, "centroid", rng_a)
    n = len(X)
    perm = rng_b.permutation(n)
    train, test = perm[: n // 2], perm[n // 2 :]
    tr = internal._fit_labels(km, X[train], 4, rng_b)
    te = internal._fit_labels(km, X[test], 4, rng_b)
    mu = np.array([X[train][tr == c].mean(0) for c in range(tr.max() + 1)])
    pred = np.argmin(cdist(X[test], mu), axis=1)
    shares = []
    for j in range(te.max() + 1):
        members = np.flatnonzero(te == j)
        if len(members) < 2:
            continue
        pairs = [(p, q) for p in members for q in members if p != q]
        shares.append(np.mean([pred[p] == pred[q] for p, q in pairs]))
    np.testing.assert_allclose(per_cluster, shares, rtol=1e-12)
    assert value == pytest.approx(min(shares))


# ----------------------------------------------------------------------------- Pareto


def test_pareto_front_hand_case():
    # (silhouette: higher better, connectivity: lower better)
    scores = [
        [0.50, 10.0],  # front
        [0.60, 12.0],  # front (best silhouette)
        [0.40, 11.0],  # dominated by row 0
        [0.50, 10.0],  # tie with row 0: both stay
        [0.45, 9.0],
    ]  # front (best connectivity)
    np.testing.assert_array_equal(
        pe.pareto_front(scores, maximize=[True, False]), [True, True, False, True, True]
    )
    np.testing.assert_array_equal(pe.pareto_front([[1, 2], [2, 3]], maximize=True), [False, True])


@pytest.mark.parametrize("seed", range(5))
def test_pareto_front_matches_the_loop(seed):
    rng = np.random.default_rng(seed)
    S = rng.integers(0, 4, size=(25, 3)).astype(float)
    maximize = [True, False, True]
    np.testing.assert_array_equal(pe.pareto_front(S, maximize=maximize), slow_pareto(S, maximize))


# ----------------------------------------------------------------------------- registries

SCALAR_INDICES = [
    "within_cluster_variation",
    "connectivity",
    "separation",
    "silhouette_width",
    "dunn_index",
    "davies_bouldin_index",
    "compactness",
    "spacing",
]
HIGHER_IS_BETTER = {"separation", "silhouette_width", "dunn_index", "spacing"}
LOWER_IS_BETTER = {
    "within_cluster_variation",
    "connectivity",
    "davies_bouldin_index",
    "compactness",
}
SCALE_FREE = {"silhouette_width", "dunn_index", "davies_bouldin_index", "connectivity"}
BOUNDED = {"silhouette_width": (-1.0, 1.0)}


def test_every_index_is_in_the_registries():
    assert set(SCALAR_INDICES) == HIGHER_IS_BETTER | LOWER_IS_BETTER
    assert not HIGHER_IS_BETTER & LOWER_IS_BETTER


@pytest.mark.parametrize("name", SCALAR_INDICES)
def test_relabel_and_order_invariance(name):
    f = getattr(pe, name)
    X, labels = blobs(9, 120, 4)
    base = f(X, labels)
    renamed = np.array(["w", "x", "y", "z"])[(labels + 1) % 4]
    assert f(X, renamed) == pytest.approx(base, rel=1e-10)
    perm = np.random.default_rng(0).permutation(len(X))
    assert f(X[perm], labels[perm]) == pytest.approx(base, rel=1e-10)
    assert f(X + 100.0, labels) == pytest.approx(base, rel=1e-6)  # translation


@pytest.mark.parametrize("name", SCALAR_INDICES)
def test_direction_of_better(name):
    """Well-separated blobs at the true labels beat random labels in the stated direction."""
    f = getattr(pe, name)
    X, labels = blobs(10, 150, 3, spread=0.3)
    wrong = np.random.default_rng(1).permutation(labels)
    good, bad = f(X, labels), f(X, wrong)
    assert good > bad if name in HIGHER_IS_BETTER else good < bad


@pytest.mark.parametrize("name", sorted(SCALE_FREE))
def test_scale_free_indices(name):
    f = getattr(pe, name)
    X, labels = blobs(12, 100, 3)
    assert f(3.0 * X, labels) == pytest.approx(f(X, labels), rel=1e-10)


@pytest.mark.parametrize("name, bounds", BOUNDED.items())
def test_bounded_indices(name, bounds):
    for seed in range(3):
        X, labels = random_case(seed, n=50)
        assert bounds[0] <= getattr(pe, name)(X, labels) <= bounds[1]


# ----------------------------------------------------------------------------- bad input

X4 = np.array([[0.0], [1.0], [5.0], [6.0]])
L4 = [0, 0, 1, 1]
KM = KMeans(n_init=1)

CASES = [
    # (function, args, kwargs, exception, message fragment)
    (pe.silhouette_width, (X4, [0, 0, 1]), {}, ValueError, "labels has 3 entries"),
    (
        pe.silhouette_width,
        (np.empty((0, 2)), []),
        {},
        ValueError,
        r"X must be a 2-d array .* with at least 2 rows; got shape \(0, 2\)",
    ),
    (
        pe.silhouette_width,
        (X4[:1], [0]),
        {},
        ValueError,
        r"X must be a 2-d array .* with at least 2 rows; got shape \(1, 1\)",
    ),
    (pe.silhouette_width, (np.array([[0.0], [np.nan], [1.0], [2.0]]), L4), {}, ValueError, "NaN"),
    (
        pe.silhouette_width,
        (np.array([[0.0], [np.inf], [1.0], [2.0]]), L4),
        {},
        ValueError,
        "infinite",
    ),
    (pe.silhouette_width, (X4, [0, 0, 0, 0]), {}, ValueError, "at least 2 clusters"),
    (pe.silhouette_width, (X4, [0, 1, 2, 3]), {}, ValueError, "own cluster"),
    (
        pe.silhouette_width,
        (X4, [[0, 0, 1, 1]]),
        {},
        ValueError,
        r"labels must be a 1-d array of labels; got an array of shape \(1, 4\)",
    ),
    (pe.silhouette_width, (X4, L4), {"metric": "hamming2"}, ValueError, "metric must be one of"),
    (
        pe.silhouette_width,
        (X4.ravel(), L4),
        {},
        ValueError,
        r"X must be a 2-d array .*; got an array of shape \(4,\)",
    ),
    (
        pe.silhouette_width,
        (X4.astype(str), L4),
        {},
        TypeError,
        "X must be a 2-d array of real numbers .*; got dtype <U",
    ),
    (pe.silhouette_samples, (X4, [0, 0, 0, 0]), {}, ValueError, "at least 2 clusters"),
    (pe.dunn_index, (X4, [0, 0, 0, 0]), {}, ValueError, "at least 2 clusters"),
    (pe.dunn_index, (X4, [0, 1, 2, 3]), {}, ValueError, "own cluster"),
    (pe.dunn_index, (X4, [0, 0, 1]), {}, ValueError, "labels has 3 entries"),
    (pe.davies_bouldin_index, (X4, [0, 0, 0, 0]), {}, ValueError, "at least 2 clusters"),
    (pe.davies_bouldin_index, (X4, [0, 1, 2, 3]), {}, ValueError, "own cluster"),
    (pe.davies_bouldin_index, (X4, None), {}, TypeError, "labels must be a 1-d array"),
    (pe.within_cluster_variation, (X4, [0, 0]), {}, ValueError, "labels has 2 entries"),
    (pe.within_cluster_variation, (None, L4), {}, TypeError, "X must be a 2-d array"),
    (
        pe.compactness,
        (X4, [[0], [0], [1], [1]]),
        {},
        ValueError,
        r"labels must be a 1-d array of labels; got an array of shape \(4, 1\)",
    ),
    (pe.spacing, (X4, [0, 0, 0, 0]), {}, ValueError, "at least 2 clusters"),
    (pe.calinski_harabasz_index, (X4, [0, 0, 0, 0]), {}, ValueError, "at least 2 clusters"),
    (pe.calinski_harabasz_index, (X4, [0, 1, 2, 3]), {}, ValueError, "own cluster"),
    (pe.calinski_harabasz_index, (X4, [0, 0, 1]), {}, ValueError, "labels has 3 entries"),
    (pe.calinski_harabasz_index, (np.ones((4, 2)), L4), {}, ValueError, "all samples identical"),
    (pe.separation, (X4, [0, 0, 0, 0]), {}, ValueError, "at least 2 clusters"),
    (pe.separation, (X4, L4), {"linkage": "ward"}, ValueError, "linkage must be one of"),
    (pe.separation, (X4, L4), {"reduce": "max"}, ValueError, "reduce must be one of"),
    (
        pe.connectivity,
        (X4, L4),
        {"n_neighbors": 4},
        ValueError,
        r"n_neighbors must be an integer in \[1, 3\]; got 4",
    ),
    (pe.connectivity, (X4, L4), {"n_neighbors": 0}, ValueError, "n_neighbors must be an integer"),
    (pe.connectivity, (X4, L4), {"n_neighbors": 1.5}, TypeError, "n_neighbors must be an integer"),
    (
        pe.pareto_front,
        ([1.0, 2.0],),
        {"maximize": True},
        ValueError,
        r"scores must be a 2-d array .*; got an array of shape \(2,\)",
    ),
    (pe.pareto_front, ([[1.0, np.nan]],), {"maximize": True}, ValueError, "NaN"),
    (
        pe.pareto_front,
        ([[1.0, 2.0]],),
        {"maximize": [True]},
        ValueError,
        r"maximize must be one bool per column of scores \(2\); got 1 entries",
    ),
    (pe.pareto_front, ([[1.0, 2.0]],), {"maximize": "yes"}, TypeError, "maximize must be a bool"),
    (
        pe.pareto_front,
        (np.empty((0, 2)),),
        {"maximize": True},
        ValueError,
        r"scores must be a 2-d array .* with at least 1 rows; got shape \(0, 2\)",
    ),
    (
        pe.prediction_strength,
        (X4, KM, 3),
        {},
        ValueError,
        r"n_clusters must be an integer in \[1, 2\]; got 3. At most n_samples // 2",
    ),
    (pe.prediction_strength, (X4, KM, 0), {}, ValueError, "n_clusters must be an integer"),
    (pe.prediction_strength, (X4, KMeans, 2), {}, TypeError, "clusterer must be a scikit-learn"),
    (pe.prediction_strength, (X4, skm, 2), {}, TypeError, "clusterer must be a scikit-learn"),
    (
        pe.prediction_strength,
        (X4, __import__("sklearn.cluster").cluster.DBSCAN(), 2),
        {},
        ValueError,
        "n_clusters parameter",
    ),
    (pe.prediction_strength, (X4, KM, 2), {"n_resamples": 0}, ValueError, "n_resamples"),
    (pe.prediction_strength, (X4, KM, 2), {"assign": "knn"}, ValueError, "assign must be one of"),
    (pe.prediction_strength, (X4, KM, 2), {"rng": "seed"}, TypeError, "rng must be"),
    (
        pe.prediction_strength,
        (X4[:, 0], KM, 2),
        {},
        ValueError,
        r"X must be a 2-d array .*; got an array of shape \(4,\)",
    ),
    # the chapter's helpers (called from their module)
    (
        internal.index_curves,
        (X4.ravel(), [2]),
        {},
        ValueError,
        r"X must be a 2-d array .*; got an array of shape \(4,\)",
    ),
    (
        internal.index_curves,
        (X4, [2, 4]),
        {},
        ValueError,
        r"ks must be values in \[2, n_samples - 1 = 3\]; got \[2, 4\]",
    ),
    (
        internal.index_curves,
        (X4, [1, 2]),
        {},
        ValueError,
        r"ks must be values in \[2, n_samples - 1 = 3\]; got \[1, 2\]",
    ),
    (internal.index_curves, (X4, [3, 2]), {}, ValueError, "ks must be strictly increasing"),
    (internal.index_curves, (X4, [2.5]), {}, TypeError, "ks must be a 1-d array of integers"),
    (
        internal.index_curves,
        (X4, [2]),
        {"names": ("silhouette", "Gini")},
        ValueError,
        "names must be one of",
    ),
    (internal.index_curves, (X4, [2]), {"names": (1,)}, TypeError, "names must be a string"),
    (internal.index_curves, (X4, [2]), {"rng": "seed"}, TypeError, "rng must be"),
    (
        internal_indices.blob_data,
        (0.0,),
        {},
        ValueError,
        "separation must be a real number > 0; got 0.0",
    ),
    (
        internal_indices.blob_data,
        ("far",),
        {},
        TypeError,
        "separation must be a real number > 0; got 'far'",
    ),
    (internal_indices.blob_data, (3.0,), {"n": 2}, ValueError, "n must be an integer >= 3"),
    (internal_indices.blob_data, (3.0,), {"rng": 1.5}, TypeError, "rng must be"),
    (
        internal_indices.blob_index_grid,
        ([0.0, 2.0], [2]),
        {"n": 9},
        ValueError,
        r"separations must be values > 0; got \[0.0, 2.0\]",
    ),
    (
        internal_indices.blob_index_grid,
        ([2.0, 1.0], [2]),
        {"n": 9},
        ValueError,
        "separations must be strictly increasing",
    ),
    (
        internal_indices.blob_index_grid,
        ([1.0], [2, 9]),
        {"n": 9},
        ValueError,
        r"ks must be values in \[2, n - 1 = 8\]; got \[2, 9\]",
    ),
    (
        internal_indices.blob_index_grid,
        ([1.0], [2]),
        {"n": 9, "names": ("SS",)},
        ValueError,
        "names must be one of",
    ),
    (internal_indices.blob_index_grid, ([1.0], [2]), {"n": 0}, ValueError, "n must be an integer"),
    (
        internal_indices.blob_index_grid,
        ([1.0], [2]),
        {"n": 9, "rng": "x"},
        TypeError,
        "rng must be",
    ),
]


@pytest.mark.parametrize(
    "func, args, kwargs, exc, match",
    CASES,
    ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(CASES)],
)
def test_bad_input_raises_naming_the_argument(func, args, kwargs, exc, match):
    assert_rejects(exc, match, func, *args, **kwargs)


# ----------------------------------------------------------------- the chapter's helpers


def test_index_curves_are_the_indices_of_seeded_kmeans():
    """Against a direct computation: KMeans(n_init=5, random_state=seed) at each k, then
    every index of CURVE_INDICES on its labels; a Generator gives the same values as the
    int seed it draws."""
    X = load_iris().data[::3]
    ks = [2, 3, 4]
    curves = internal.index_curves(X, ks, rng=7)
    assert list(curves) == ["k", *internal.CURVE_INDICES]
    np.testing.assert_array_equal(curves["k"], ks)
    for k_pos, k in enumerate(ks):
        labels = KMeans(n_clusters=k, n_init=5, random_state=7).fit_predict(X)
        for name, index in internal.CURVE_INDICES.items():
            assert curves[name][k_pos] == index(X, labels), (name, k)
    seed = int(np.random.default_rng(3).integers(2**31 - 1))
    by_gen = internal.index_curves(X, ks, rng=np.random.default_rng(3), names="silhouette")
    by_int = internal.index_curves(X, ks, rng=seed, names=("silhouette",))
    np.testing.assert_array_equal(by_gen["silhouette"], by_int["silhouette"])
    assert set(by_gen) == {"k", "silhouette"}


def test_blob_data_geometry_and_shared_noise():
    X, truth = internal_indices.blob_data(6.0, n=9, rng=4)
    np.testing.assert_array_equal(truth, np.arange(9) % 3)
    noise = np.random.default_rng(4).normal(size=(9, 2))
    centres = X - noise  # exact centres: equilateral triangle of side 6 about the origin
    tri = centres[:3]
    np.testing.assert_allclose(centres, tri[truth], atol=1e-12)
    np.testing.assert_allclose(cdist(tri, tri)[np.triu_indices(3, 1)], 6.0, rtol=1e-12)
    np.testing.assert_allclose(tri.mean(axis=0), 0.0, atol=1e-12)
    np.testing.assert_allclose(tri[0], [0.0, 6.0 / np.sqrt(3)], atol=1e-12)
    Y, _ = internal_indices.blob_data(2.0, n=9, rng=4)
    np.testing.assert_allclose(Y - tri[truth] / 3, noise, atol=1e-12)


def test_blob_index_grid_matches_blob_data_and_index_curves():
    grid = internal_indices.blob_index_grid(
        [1.5, 6.0], [2, 3], n=45, rng=2, names=("silhouette", "DBI")
    )
    assert list(grid) == [1.5, 6.0]
    for s, (X, labelings, curves) in grid.items():
        X_direct, _ = internal_indices.blob_data(s, n=45, rng=2)
        np.testing.assert_array_equal(X, X_direct)
        direct = internal.index_curves(X_direct, [2, 3], rng=2, names=("silhouette", "DBI"))
        assert curves.keys() == direct.keys()
        for name in direct:
            np.testing.assert_array_equal(curves[name], direct[name])
        for k, labels in labelings.items():
            assert np.array_equal(
                labels, KMeans(n_clusters=k, n_init=5, random_state=2).fit_predict(X)
            )
    X, labelings, curves = grid[6.0]
    assert int(curves["k"][np.argmax(curves["silhouette"])]) == 3  # well separated


# ------------------------------------------- every metric, far from the origin, ties


def slow_davies_bouldin(X, labels, metric):
    """Davies-Bouldin from its definition: scatters and centroid distances pair by pair with
    scipy.spatial.distance, the maximum over j != i by a loop (coincident centroids
    skipped, as scikit-learn does)."""
    from scipy.spatial import distance

    f = getattr(distance, SCIPY.get(metric, metric))
    X, labels = np.asarray(X, float), np.asarray(labels)
    ks = np.unique(labels)
    mu = [X[labels == k].mean(axis=0) for k in ks]
    scatter = [np.mean([f(x, mu[a]) for x in X[labels == k]]) for a, k in enumerate(ks)]
    worst = []
    for i in range(len(ks)):
        ratios = [
            (scatter[i] + scatter[j]) / f(mu[i], mu[j])
            for j in range(len(ks))
            if j != i and f(mu[i], mu[j]) > 0
        ]
        worst.append(max(ratios))
    return float(np.mean(worst))


@pytest.mark.parametrize("metric", internal.DISTANCE_METRICS)
def test_davies_bouldin_every_metric_against_its_definition(metric):
    """The diagonal of the centroid distance matrix is no separation: cosine and
    correlation distances of a centroid with itself are rounding noise (1e-16), and
    dividing by it gave 7.7e12 on wine instead of 4.27."""
    X, y = load_wine(return_X_y=True)
    assert pe.davies_bouldin_index(X, y, metric=metric) == pytest.approx(
        slow_davies_bouldin(X, y, metric), rel=1e-10
    )
    Xb, labels = blobs(3, 120, 4)
    Xb = np.abs(Xb) + 0.1  # Canberra and Bray-Curtis want positive coordinates
    assert pe.davies_bouldin_index(Xb, labels, metric=metric) == pytest.approx(
        slow_davies_bouldin(Xb, labels, metric), rel=1e-10
    )
    if metric == "euclidean":
        assert pe.davies_bouldin_index(X, y) == pytest.approx(
            skm.davies_bouldin_score(X, y), rel=1e-12
        )


def test_davies_bouldin_on_wine_with_cosine_is_the_books_value():
    X, y = load_wine(return_X_y=True)
    assert pe.davies_bouldin_index(X, y, metric="cosine") == pytest.approx(4.2728, abs=1e-4)


def test_davies_bouldin_of_data_in_small_units_is_not_zero():
    # scikit-learn's np.allclose(scatter, 0) calls every scatter below 1e-8 zero
    X, labels = blobs(4, 90, 3)
    base = pe.davies_bouldin_index(X, labels)
    assert base > 0.1
    assert pe.davies_bouldin_index(1e-12 * X, labels) == pytest.approx(base, rel=1e-10)


def grid_blobs(seed=0, n=150, spread=1.0, gap=4.0):
    """Three blobs on a grid of 2^-20, so that adding any offset up to 2^32 is exact:
    the shifted data are exactly a translation of the unshifted ones."""
    rng = np.random.default_rng(seed)
    labels = np.arange(n) % 3
    centres = gap * np.array([[0.0, 0.0], [1.0, 0.0], [0.5, 0.9]])
    X = centres[labels] + spread * rng.normal(size=(n, 2))
    return np.round(X * 2.0**20) / 2.0**20, labels


TRANSLATION_INDICES = [  # (function, keyword arguments): every index on distances
    ("within_cluster_variation", {}),
    ("compactness", {}),
    ("spacing", {}),
    ("connectivity", {}),
    ("separation", {}),
    ("separation", {"linkage": "average"}),
    ("separation", {"linkage": "centroid", "reduce": "mean"}),
    ("separation", {"linkage": "complete"}),
    ("silhouette_width", {}),
    ("dunn_index", {}),
    ("davies_bouldin_index", {}),
]


@pytest.mark.parametrize("metric", internal.TRANSLATION_INVARIANT)
def test_indices_are_translation_invariant_up_to_1e8(metric):
    """Three blobs shifted by 1e8 gave a Dunn index of 0.267 instead of 0.335.
    The data are centred before any distance or centroid, so every index of every
    translation-invariant metric agrees to 1e-9 (relative) for offsets 1e0 .. 1e8."""
    X, labels = grid_blobs()
    offsets = [10.0**e for e in range(9)]
    for name, kwargs in TRANSLATION_INDICES:
        f = getattr(pe, name)
        base = f(X, labels, metric=metric, **kwargs)
        assert base > 0
        for offset in offsets:
            shifted = X + offset * np.array([1.0, -0.5])
            assert np.array_equal(shifted - offset * np.array([1.0, -0.5]), X)  # exact
            assert f(shifted, labels, metric=metric, **kwargs) == pytest.approx(base, rel=1e-9), (
                name,
                kwargs,
                offset,
            )
    np.testing.assert_allclose(
        pe.silhouette_samples(X + 1e8, labels, metric=metric),
        pe.silhouette_samples(X, labels, metric=metric),
        rtol=1e-9,
        atol=1e-12,
    )


def test_dunn_far_from_the_origin_was_wrong_without_centring(monkeypatch):
    X, labels = grid_blobs()
    right = pe.dunn_index(X, labels)
    monkeypatch.setattr(internal, "_centred", lambda X, metric: X)
    assert abs(pe.dunn_index(X + 1e8, labels) - right) > 1e-3 * right  # the old bug


def test_prediction_strength_is_translation_invariant():
    X, _ = grid_blobs(n=120, gap=8.0)
    for assign in ("centroid", "nearest-neighbor"):
        base = pe.prediction_strength(X, KMeans(n_init=3), 3, n_resamples=3, assign=assign, rng=5)
        far = pe.prediction_strength(
            X + 1e8, KMeans(n_init=3), 3, n_resamples=3, assign=assign, rng=5
        )
        np.testing.assert_array_equal(base.values, far.values)


@pytest.mark.parametrize("metric", ["cosine", "correlation", "canberra", "braycurtis"])
def test_origin_dependent_metrics_use_the_data_as_given(metric):
    """Cosine, correlation, Canberra and Bray-Curtis are not translation-invariant: the
    data must not be centred for them (the index would change)."""
    X, labels = grid_blobs()
    X = X + 10.0
    assert internal._centred(X, internal._metric(metric)) is X
    assert pe.davies_bouldin_index(X, labels, metric=metric) == pytest.approx(
        slow_davies_bouldin(X, labels, metric), rel=1e-10
    )


def slow_connectivity_tied(X, labels, L, rtol=1e-12):
    """clValid's loop with the module's tie rule: distances within rtol of the first of
    their group are tied, and tied neighbours are ranked by index."""
    D = cdist(X, X)
    total = 0.0
    for i in range(len(X)):
        others = [j for j in np.argsort(D[i], kind="stable") if j != i]
        group, anchor, keys = 0, None, []
        for j in others:
            if anchor is None or D[i, j] > anchor * (1 + rtol):
                group, anchor = group + (anchor is not None), D[i, j]
            keys.append((group, j))
        order = [j for _, j in sorted(keys)][:L]
        total += sum(1.0 / r for r, j in enumerate(order, start=1) if labels[j] != labels[i])
    return total


@pytest.mark.parametrize("L", [1, 3, 10])
def test_connectivity_ties_go_to_the_lower_index(L):
    """Iris lies on a 0.1 grid: many neighbours are tied up to rounding (0.1999999999999993
    against 0.20000000000000018). They are ranked by index, so a shift, another CPU, or
    another tree cannot move the weights 1/j."""
    X, y = load_iris(return_X_y=True)
    labels = KMeans(n_clusters=3, n_init=3, random_state=0).fit_predict(X)
    expected = slow_connectivity_tied(X, labels, L)
    assert pe.connectivity(X, labels, n_neighbors=L) == pytest.approx(expected, rel=1e-12)
    # 10 * iris is an integer grid with exact ties, iris has them only up to rounding:
    # the same ranking; and 10 * iris moved by 1e6 (exactly) too
    assert pe.connectivity(10 * X, labels, n_neighbors=L) == pytest.approx(expected, rel=1e-12)
    assert pe.connectivity(10 * X + 1e6, labels, n_neighbors=L) == pytest.approx(
        expected, rel=1e-12
    )
    # an integer grid: exact ties everywhere, including exact duplicates
    G = np.array([[i % 4, i // 4 % 3] for i in range(40)], dtype=float)
    g_labels = np.arange(40) % 3
    assert pe.connectivity(G, g_labels, n_neighbors=L) == pytest.approx(
        slow_connectivity_tied(G, g_labels, L), rel=1e-12
    )
    assert pe.connectivity(G, g_labels, n_neighbors=L, metric="cosine") >= 0
    # more exact duplicates of a point than neighbours asked for: the search widens
    rng = np.random.default_rng(1)
    D = np.vstack([np.zeros((30, 2)), rng.normal(size=(20, 2)), np.ones((15, 2))])
    d_labels = rng.integers(0, 3, len(D))
    for metric in ("euclidean", "sqeuclidean"):
        assert pe.connectivity(D, d_labels, n_neighbors=L, metric=metric) == pytest.approx(
            slow_connectivity_tied(D, d_labels, L), rel=1e-12
        )


def test_pareto_front_ignores_rounding_differences():
    # the same clustering scored twice along different floating-point paths
    s = 0.2851
    scores = [[s, 28.05], [s * (1 + 1e-15), 28.05], [0.1, 30.0]]
    np.testing.assert_array_equal(
        pe.pareto_front(scores, maximize=[True, False]), [True, True, False]
    )
    # a real difference still counts
    np.testing.assert_array_equal(
        pe.pareto_front([[s, 28.05], [s * (1 + 1e-9), 28.05]], maximize=[True, False]),
        [False, True],
    )


def test_v_c_is_a_root_variance_only_with_the_squared_distance():
    """The chapters' statement: with metric="sqeuclidean", V(C) = sqrt(k-means objective /
    n) at the cluster means; with the default Euclidean distance it is the square root of
    the mean unsquared distance, which scales like the square root of the data."""
    X, _ = load_iris(return_X_y=True)
    km = KMeans(n_clusters=3, n_init=3, random_state=0).fit(X)
    mu = np.array([X[km.labels_ == k].mean(axis=0) for k in range(3)])
    sse = np.sum((X - mu[km.labels_]) ** 2)
    assert pe.within_cluster_variation(X, km.labels_, metric="sqeuclidean") == pytest.approx(
        np.sqrt(sse / len(X)), rel=1e-12
    )
    mean_distance = np.mean(np.linalg.norm(X - mu[km.labels_], axis=1))
    assert pe.within_cluster_variation(X, km.labels_) == pytest.approx(
        np.sqrt(mean_distance), rel=1e-12
    )
    assert pe.within_cluster_variation(2 * X, km.labels_) == pytest.approx(
        np.sqrt(2) * pe.within_cluster_variation(X, km.labels_), rel=1e-12
    )


def test_cluster_ids_numpy_cannot_sort_give_the_same_indices_as_integer_codes():
    # tuples among numbers: np.unique cannot order them, the ids are told apart by their repr
    X = np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 5.0], [5.0, 6.0], [9.0, 0.0], [9.0, 1.0]])
    ids = np.empty(6, dtype=object)
    ids[:] = [(1, 2), (1, 2), 3, 3, None, None]
    codes = [0, 0, 1, 1, 2, 2]
    assert pe.silhouette_width(X, ids) == pytest.approx(pe.silhouette_width(X, codes), rel=1e-12)
    assert pe.dunn_index(X, ids) == pytest.approx(pe.dunn_index(X, codes), rel=1e-12)
