"""Clustering algorithms (patterneval.cluster.algorithms): peers (scipy linkage,
scikit-learn KMeans), slow twins, k-means++ probabilities, monotone Lloyd, ISODATA's
split and merge, scikit-learn estimator checks and bad input."""

import numpy as np
import pytest
from _helpers import assert_rejects
from scipy.cluster.hierarchy import fcluster
from scipy.cluster.hierarchy import linkage as scipy_linkage
from scipy.spatial.distance import cdist
from sklearn.cluster import KMeans as SkKMeans
from sklearn.utils.estimator_checks import parametrize_with_checks

import patterneval as pe
from patterneval.book import simulation
from patterneval.book.clustering_algorithms import kmeans_grid
from patterneval.cluster import algorithms as alg
from patterneval.cluster.algorithms import (
    ISODATA,
    KMeans,
    hierarchical,
    kmeans_plusplus,
    kmeans_plusplus_probabilities,
    max_min_distance,
    threshold_clustering,
)


def blobs(seed, n=300, d=3, k=4, spread=4.0):
    rng = np.random.default_rng(seed)
    means = rng.normal(scale=spread, size=(k, d))
    return means[rng.integers(k, size=n)] + rng.normal(size=(n, d))


def same_partition(a, b):
    return pe.adjusted_rand_index(a, b) == pytest.approx(1.0)


# ----------------------------------------------------------------------------- slow twins


def slow_agglomerative(X, linkage):
    """The note's algorithm from the definition: at every step, all cluster distances
    from the point distances (min / max / mean), merge the closest pair. O(n^3)+."""
    D = cdist(X, X)
    clusters = [[i] for i in range(len(X))]
    reduce = {"single": np.min, "complete": np.max, "average": np.mean}[linkage]
    heights = []
    while len(clusters) > 1:
        best = (np.inf, None, None)
        for a in range(len(clusters)):
            for b in range(a + 1, len(clusters)):
                d = reduce(D[np.ix_(clusters[a], clusters[b])])
                if d < best[0]:
                    best = (d, a, b)
        d, a, b = best
        heights.append(d)
        clusters[a] = clusters[a] + clusters[b]
        del clusters[b]
    return np.array(heights)


def slow_lloyd_step(X, centers):
    """One assignment + update step with explicit loops (no empty clusters here)."""
    labels = np.empty(len(X), dtype=int)
    for i, x in enumerate(X):
        best, arg = np.inf, -1
        for j, c in enumerate(centers):
            d = sum((x[f] - c[f]) ** 2 for f in range(len(x)))
            if d < best:
                best, arg = d, j
        labels[i] = arg
    new = np.zeros_like(centers)
    for j in range(len(centers)):
        members = [X[i] for i in range(len(X)) if labels[i] == j]
        new[j] = np.mean(members, axis=0)
    return labels, new


def slow_max_min(X, theta, first=0):
    """Max-min distance with explicit loops over samples and centres."""
    n = len(X)
    dist = lambda a, b: float(np.sqrt(((X[a] - X[b]) ** 2).sum()))  # noqa: E731
    centres = [first]
    far = max(range(n), key=lambda i: (dist(first, i), -i))
    if dist(first, far) == 0:
        return [first]
    centres.append(far)
    base = dist(centres[0], centres[1])
    while True:
        best, arg = -1.0, None
        for i in range(n):
            if i in centres:
                continue
            d = min(dist(i, c) for c in centres)
            if d > best:
                best, arg = d, i
        if arg is None or not best > theta * base:
            return centres
        centres.append(arg)


@pytest.mark.parametrize("linkage", ["single", "complete", "average"])
def test_hierarchical_heights_equal_naive_twin(linkage):
    X = np.random.default_rng(3).normal(size=(25, 2))
    np.testing.assert_allclose(
        hierarchical(X, linkage=linkage).heights, slow_agglomerative(X, linkage), rtol=1e-12
    )


def test_lloyd_step_equals_loop_twin():
    X = blobs(0, n=120)
    C = X[[0, 5, 10, 20]].copy()
    labels, new = slow_lloyd_step(X, C)
    ours = KMeans(4, init=C, max_iter=1).fit(X)
    np.testing.assert_allclose(ours.cluster_centers_, new, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(ours.predict(X), slow_lloyd_step(X, new)[0])
    # the first recorded inertia is the cost of the first assignment
    d_first = ((X - C[labels]) ** 2).sum()
    assert ours.inertia_history_[0] == pytest.approx(d_first, rel=1e-12)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("theta", [0.3, 0.5, 0.8])
def test_max_min_equals_loop_twin(seed, theta):
    X = blobs(seed, n=80, d=2)
    ours = max_min_distance(X, theta, first=seed)
    np.testing.assert_array_equal(ours.center_indices, slow_max_min(X, theta, first=seed))
    np.testing.assert_array_equal(ours.labels, cdist(X, ours.centers).argmin(axis=1))


# ----------------------------------------------------------------------------- peers


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("linkage", ["single", "complete", "average"])
def test_hierarchical_equals_scipy_linkage(seed, linkage):
    # scipy 1.17.1: heights and the whole tree (ids, sizes) on random data without ties
    X = np.random.default_rng(seed).normal(size=(150, 4))
    Z = scipy_linkage(X, method=linkage)
    ours = hierarchical(X, linkage=linkage).linkage_matrix
    np.testing.assert_allclose(ours[:, 2], Z[:, 2], rtol=1e-12)
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], Z[:, [0, 1, 3]])


@pytest.mark.parametrize("linkage", ["single", "complete", "average"])
def test_hierarchical_cuts_equal_fcluster(linkage):
    X = np.random.default_rng(7).normal(size=(60, 2))
    Z = scipy_linkage(X, method=linkage)
    for k in (1, 2, 5, 60):
        ours = hierarchical(X, linkage=linkage, n_clusters=k)
        assert ours.n_clusters == k
        assert same_partition(ours.labels, fcluster(Z, k, criterion="maxclust"))
    t = float(np.median(Z[:, 2]))
    ours = hierarchical(X, linkage=linkage, distance_threshold=t)
    assert same_partition(ours.labels, fcluster(Z, t, criterion="distance"))


@pytest.mark.parametrize("seed", range(5))
def test_kmeans_equals_sklearn_lloyd_from_same_centres(seed):
    # scikit-learn 1.9.1, KMeans(algorithm="lloyd", init=centres, n_init=1)
    X = blobs(seed, n=400, d=4, k=5)
    C = X[np.random.default_rng(seed).choice(len(X), 5, replace=False)]
    sk = SkKMeans(5, init=C, n_init=1, algorithm="lloyd").fit(X)
    ours = KMeans(5, init=C).fit(X)
    np.testing.assert_array_equal(ours.labels_, sk.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, sk.cluster_centers_, rtol=1e-10, atol=1e-10)
    assert ours.inertia_ == pytest.approx(sk.inertia_, rel=1e-10)
    assert ours.n_iter_ == sk.n_iter_


@pytest.mark.parametrize("tol", [0.0, 1e-2, 0.5])
def test_kmeans_tolerance_scaled_like_sklearn(tol):
    # a loose tol stops early exactly when scikit-learn 1.9.1 does (tol * mean variance)
    X = 10.0 * blobs(11, n=500, d=3, k=6, spread=1.0)
    C = X[:6]
    sk = SkKMeans(6, init=C, n_init=1, algorithm="lloyd", tol=tol).fit(X)
    ours = KMeans(6, init=C, tol=tol).fit(X)
    assert ours.n_iter_ == sk.n_iter_
    np.testing.assert_array_equal(ours.labels_, sk.labels_)
    assert ours.inertia_ == pytest.approx(sk.inertia_, rel=1e-10)


def test_kmeans_empty_cluster_relocated_like_sklearn():
    # one initial centre far from all data: empty after the first assignment
    X = blobs(2, n=200, d=2, k=3)
    C = np.vstack([X[:3], [[100.0, 100.0]]])
    sk = SkKMeans(4, init=C, n_init=1, algorithm="lloyd").fit(X)
    ours = KMeans(4, init=C).fit(X)
    np.testing.assert_array_equal(ours.labels_, sk.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, sk.cluster_centers_, rtol=1e-10, atol=1e-10)
    assert np.bincount(ours.labels_).min() > 0


def test_kmeans_chunked_equals_one_block(monkeypatch):
    X = blobs(4, n=1000)
    C = X[:4]
    whole = KMeans(4, init=C).fit(X)
    monkeypatch.setattr(alg, "CHUNK_ROWS", 37)
    chunked = KMeans(4, init=C).fit(X)
    np.testing.assert_array_equal(whole.labels_, chunked.labels_)
    np.testing.assert_allclose(whole.cluster_centers_, chunked.cluster_centers_, rtol=1e-13)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_kmeans_threads_give_the_same_bits(monkeypatch, threads):
    """The row blocks of a Lloyd pass run on as many threads as BLAS had; block sums are
    added in block order, so the fit is the same to the last bit for any thread count."""
    from threadpoolctl import threadpool_limits

    X = blobs(6, n=2000, d=3, k=5).round(1)  # rounded: rows equally near two centres
    monkeypatch.setattr(alg, "CHUNK_ROWS", 97)
    with threadpool_limits(limits=1):
        serial = KMeans(5, random_state=0, n_init=2).fit(X)
        serial_nearest = alg._nearest(X, serial.cluster_centers_)
    monkeypatch.setattr("patterneval._threads._blas_threads", lambda: threads)
    pooled = KMeans(5, random_state=0, n_init=2).fit(X)
    for a, b in zip(alg._nearest(X, serial.cluster_centers_), serial_nearest):  # predict's blocks
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(serial.labels_, pooled.labels_)
    np.testing.assert_array_equal(serial.cluster_centers_, pooled.cluster_centers_)
    np.testing.assert_array_equal(serial.inertia_history_, pooled.inertia_history_)


@pytest.mark.parametrize("threads", [1, 2])
def test_kmeans_exact_fit_with_ties_for_any_thread_count(monkeypatch, threads):
    """Integer data whose means, distances and inertia are exact in binary: the fit is
    pinned value for value. The rows (6, 0) and (6, 12) are exactly as near centre 0 as
    centre 1 (resp. 2 and 3) at the start and go to the lower index; blocks of 5 rows
    spread a pass over the threads."""
    from threadpoolctl import threadpool_limits

    offsets = np.array([[-1, -1], [-1, 1], [1, -1], [1, 1], [0, -1], [0, 1]])
    corners = np.array([[0, 0], [12, 0], [0, 12], [12, 12]])
    ties = [[6, 0], [6, 12], [6, 0], [6, 12]]
    X = np.vstack([c + offsets for c in corners] + [ties]).astype(float)
    monkeypatch.setattr(alg, "CHUNK_ROWS", 5)
    with threadpool_limits(limits=threads):
        km = KMeans(4, init=corners.astype(float), tol=0.0).fit(X)
    assert km.labels_.tolist() == [0] * 6 + [1] * 6 + [2] * 6 + [3] * 6 + [0, 2, 0, 2]
    np.testing.assert_array_equal(km.cluster_centers_, [[1.5, 0], [12, 0], [1.5, 12], [12, 12]])
    assert km.inertia_ == 148.0
    assert km.n_iter_ == 2
    assert km.inertia_history_.tolist() == [184.0, 148.0]


def test_kmeans_same_bits_under_one_and_two_threads(monkeypatch):
    """threadpoolctl's limit (not a patched count) decides the threads of a pass; float32
    input, restarts, ties (rounded data) and several blocks give the same fit to the bit."""
    from threadpoolctl import threadpool_limits

    X = blobs(8, n=3000, d=4, k=6, spread=1.5).round(1).astype(np.float32)
    monkeypatch.setattr(alg, "CHUNK_ROWS", 256)
    fits = []
    for threads in (1, 2):
        with threadpool_limits(limits=threads):
            fits.append(KMeans(6, n_init=3, max_iter=50, random_state=3).fit(X))
    one, two = fits
    np.testing.assert_array_equal(one.labels_, two.labels_)
    assert one.cluster_centers_.tobytes() == two.cluster_centers_.tobytes()
    assert one.inertia_ == two.inertia_
    assert one.n_iter_ == two.n_iter_
    np.testing.assert_array_equal(one.inertia_history_, two.inertia_history_)


def test_block_workers_hold_blas_to_one_thread():
    from threadpoolctl import threadpool_info, threadpool_limits

    from patterneval._threads import block_workers

    def blas():
        return max(
            (p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"), default=1
        )

    with threadpool_limits(limits=2, user_api="blas"):
        with block_workers(5) as pool:
            assert blas() == 1
            assert pool is None or pool._max_workers == 2  # None: no BLAS library visible
        with block_workers(1) as pool:
            assert pool is None
        assert blas() == 2  # restored on exit
    with threadpool_limits(limits=1), block_workers(5) as pool:
        assert pool is None


def test_kmeans_predict_transform_score():
    X = blobs(5)
    km = KMeans(4, random_state=0).fit(X)
    np.testing.assert_array_equal(km.predict(X), km.labels_)
    np.testing.assert_allclose(km.transform(X), cdist(X, km.cluster_centers_), atol=1e-9)
    assert -km.score(X) == pytest.approx(km.inertia_, rel=1e-9)


# ----------------------------------------------------------------------------- properties


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("init", ["random", "k-means++"])
def test_lloyd_never_increases_inertia(seed, init):
    X = blobs(seed, n=300, k=6, spread=1.5)
    km = KMeans(6, init=init, random_state=seed, tol=0.0).fit(X)
    h = km.inertia_history_
    assert len(h) == km.n_iter_
    assert np.all(np.diff(h) <= 1e-9 * h[0])
    assert km.inertia_ <= h[-1] * (1 + 1e-9)


def test_kmeans_plusplus_probabilities_exact():
    X = np.array([[0.0, 0], [1, 0], [0, 2], [3, 4]])
    p = kmeans_plusplus_probabilities(X, X[:1])
    d2 = np.array([0.0, 1, 4, 25])
    np.testing.assert_allclose(p, d2 / d2.sum())
    p2 = kmeans_plusplus_probabilities(X, X[[0, 3]])
    d2 = np.array([0.0, 1, 4, 0])
    np.testing.assert_allclose(p2, d2 / d2.sum())


def test_roulette_is_the_notes_wheel():
    # the note's example: p = (0.3, 0.4, 0.3), pointer 0.58 -> the second sector
    p = np.array([0.3, 0.4, 0.3])
    assert alg._roulette(p, 0.58) == 1
    assert alg._roulette(p, 0.1) == 0
    assert alg._roulette(p, 0.95) == 2
    assert alg._roulette(np.array([0.5, 0.5, 0.0]), 1.0 - 1e-17) == 1


def test_kmeans_plusplus_first_step_probabilities_by_simulation():
    # P(second centre = j) = mean over the uniform first centre i of D_i(j)^2 / sum D_i^2
    X = np.array([[0.0, 0], [1, 0], [0, 2], [3, 4], [6, 1]])
    n = len(X)
    exact = np.mean([kmeans_plusplus_probabilities(X, X[[i]]) for i in range(n)], axis=0)
    gens = np.random.default_rng(2024).spawn(3000)
    second = np.array([kmeans_plusplus(X, 2, rng=g)[1][1] for g in gens])
    checks = [simulation.check_mean(second == j, exact[j], label=f"P(c2 = x{j})") for j in range(n)]
    assert all(c.passed for c in checks), simulation.format_checks(checks)


def test_kmeans_plusplus_distinct_and_from_data():
    X = blobs(1)
    centers, idx = kmeans_plusplus(X, 8, rng=0)
    assert len(set(idx.tolist())) == 8
    np.testing.assert_array_equal(centers, X[idx])
    # duplicates: fewer distinct points than k still gives k distinct rows
    Xd = np.repeat([[0.0, 0.0], [1.0, 1.0]], 3, axis=0)
    assert len(set(kmeans_plusplus(Xd, 4, rng=0)[1].tolist())) == 4


def test_threshold_clustering_rules_and_order_dependence():
    X = blobs(8, n=100, d=2)
    T = 3.0
    r = threshold_clustering(X, T)
    D = cdist(r.centers, r.centers)
    assert np.all(D[np.triu_indices(r.n_clusters, 1)] > T)
    # each sample sits within T of its own centre, the nearest of the centres that
    # existed when it was visited (a single pass: no reassignment to later centres)
    d = cdist(X, r.centers)
    assert np.all(d[np.arange(len(X)), r.labels] <= T)
    for i in range(len(X)):
        existing = np.flatnonzero(r.center_indices <= i)
        assert r.labels[i] == existing[d[i, existing].argmin()]
    assert not np.array_equal(r.labels, d.argmin(axis=1))  # here, two samples differ
    assert r.center_indices[0] == 0
    # another order of the same samples gives another partition
    perm = np.random.default_rng(0).permutation(len(X))
    r2 = threshold_clustering(X[perm], T)
    assert not same_partition(r.labels[perm], r2.labels)
    # T = 0 with distinct samples: singletons; T huge: one cluster
    assert threshold_clustering(X, 0.0).n_clusters == len(X)
    assert threshold_clustering(X, 1e6).n_clusters == 1


def test_max_min_distance_hand_example_and_degenerate():
    X = np.array([[0.0, 0], [0, 1], [10, 0], [10, 1], [5, 8]])
    r = max_min_distance(X, 0.5)
    np.testing.assert_array_equal(r.center_indices, [0, 3, 4])
    assert max_min_distance(np.zeros((5, 2)), 0.5).n_clusters == 1
    assert max_min_distance(X, 10.0).n_clusters == 2


def test_isodata_splits_an_elongated_cluster():
    rng = np.random.default_rng(0)
    X = np.r_[rng.normal([-5, 0], 1, (100, 2)), rng.normal([5, 0], 1, (100, 2))]
    truth = np.repeat([0, 1], 100)
    for seed in range(3):
        iso = ISODATA(
            1, min_samples=5, max_std=2.0, min_distance=1.0, n_iter=4, random_state=seed
        ).fit(X)
        assert iso.history_[2] == (1, "split", 2)
        assert iso.n_clusters_ == 2
        assert pe.adjusted_rand_index(truth, iso.labels_) > 0.95


def test_isodata_merges_two_close_clusters():
    rng = np.random.default_rng(1)
    X = np.r_[
        rng.normal([0, 0], 0.2, (60, 2)),
        rng.normal([0.6, 0], 0.2, (60, 2)),
        rng.normal([10, 0], 0.2, (60, 2)),
    ]
    truth = np.repeat([0, 0, 1], 60)
    for seed in range(4):
        iso = ISODATA(
            3, min_samples=5, max_std=3.0, min_distance=2.0, n_iter=4, random_state=seed
        ).fit(X)
        steps = [s for s in iso.history_ if s[1] == "merge"]
        assert steps and steps[0][0] == 2  # first merge on the second (even) iteration
        assert iso.n_clusters_ == 2
        assert same_partition(truth, iso.labels_)
        np.testing.assert_array_equal(iso.n_clusters_history_[-1], 2)


def test_isodata_discards_small_clusters():
    rng = np.random.default_rng(2)
    X = np.r_[rng.normal(0, 1, (100, 2)), [[30.0, 30.0]]]
    iso = ISODATA(2, min_samples=3, max_std=5.0, n_iter=2, random_state=None)
    iso.set_params(random_state=np.random.default_rng(0))
    # force the outlier into the initial centres by asking for all rows in two draws
    hits = 0
    for seed in range(20):
        iso.set_params(random_state=seed).fit(X)
        if any(step == "discard" and k < 2 for _, step, k in iso.history_):
            hits += 1
            assert iso.n_clusters_ == 1
    assert hits > 0


def test_kmeans_grid_equals_single_runs_and_part2_indices():
    X = blobs(6, n=90, d=2, k=3)
    truth = np.random.default_rng(0).integers(0, 3, len(X))
    g = kmeans_grid(X, [2, 4], labels_true=truth, n_runs=2, rng=3)
    assert g.n_runs == 2 and g.random_states == tuple(
        int(s) for s in np.random.default_rng(3).integers(2**31 - 1, size=2)
    )
    for k in (2, 4):
        for init in ("random", "k-means++"):
            for run, seed in enumerate(g.random_states):
                idx = g.index(k, init, run)
                km = KMeans(k, init=init, random_state=seed).fit(X)
                np.testing.assert_array_equal(g.labels[idx], km.labels_)
                assert g.inertia[idx] == km.inertia_
                assert g.adjusted_rand[idx] == pe.adjusted_rand_index(truth, km.labels_)
                assert g.silhouette[idx] == pe.silhouette_width(X, km.labels_)
                assert g.dunn[idx] == pe.dunn_index(X, km.labels_)
                np.testing.assert_array_equal(g.centers[(k, init, run)], km.cluster_centers_)
    assert np.isnan(kmeans_grid(X, [2], n_runs=1, rng=0).adjusted_rand).all()


# ----------------------------------------------------------------------------- sklearn


EXPECTED_FAILED = {
    # ISODATA may end with more clusters than n_clusters = K0 (it splits up to 2 K0 by
    # design), while check_clustering requires every label < n_clusters.
    "check_clustering": "ISODATA's splits can give more than n_clusters clusters (by design).",
}


@parametrize_with_checks(
    [
        KMeans(random_state=0),
        KMeans(init="random", n_init=2, random_state=0),
        ISODATA(random_state=0),
    ],
    expected_failed_checks=lambda est: EXPECTED_FAILED if isinstance(est, ISODATA) else {},
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


# ----------------------------------------------------------------------------- bad input

GOOD = np.random.default_rng(0).normal(size=(10, 2))
NAN = GOOD.copy()
NAN[3, 1] = np.nan

BAD_INPUT = [
    ("threshold_clustering", lambda: threshold_clustering(GOOD, -1.0), ValueError, "threshold"),
    ("threshold_clustering", lambda: threshold_clustering(NAN, 1.0), ValueError, "NaN"),
    (
        "threshold_clustering",
        lambda: threshold_clustering(GOOD, 1.0, metric="x"),
        ValueError,
        "metric",
    ),
    ("threshold_clustering", lambda: threshold_clustering(GOOD[0], 1.0), ValueError, "2-d"),
    ("max_min_distance", lambda: max_min_distance(GOOD, -0.5), ValueError, "theta"),
    ("max_min_distance", lambda: max_min_distance(GOOD, 0.5, first=10), ValueError, "first"),
    ("max_min_distance", lambda: max_min_distance(GOOD, "a"), TypeError, "theta"),
    ("hierarchical", lambda: hierarchical(GOOD, linkage="ward"), ValueError, "linkage"),
    ("hierarchical", lambda: hierarchical(GOOD, n_clusters=11), ValueError, "n_clusters"),
    ("hierarchical", lambda: hierarchical(GOOD, n_clusters=0), ValueError, "n_clusters"),
    (
        "hierarchical",
        lambda: hierarchical(GOOD, distance_threshold=-1),
        ValueError,
        "distance_threshold",
    ),
    (
        "hierarchical",
        lambda: hierarchical(GOOD, n_clusters=2, distance_threshold=1),
        ValueError,
        "at most one",
    ),
    ("kmeans_plusplus", lambda: kmeans_plusplus(GOOD, 11), ValueError, "n_clusters"),
    ("kmeans_plusplus", lambda: kmeans_plusplus(NAN, 2), ValueError, "NaN"),
    ("kmeans_plusplus", lambda: kmeans_plusplus(GOOD, 2, rng="x"), TypeError, "rng"),
    (
        "kmeans_plusplus_probabilities",
        lambda: kmeans_plusplus_probabilities(GOOD, GOOD[:1, :1]),
        ValueError,
        "centers",
    ),
    (
        "kmeans_plusplus_probabilities",
        lambda: kmeans_plusplus_probabilities(GOOD, GOOD),
        ValueError,
        "coincides",
    ),
    ("KMeans", lambda: KMeans(11).fit(GOOD), ValueError, "n_clusters"),
    ("KMeans", lambda: KMeans(0).fit(GOOD), ValueError, "n_clusters"),
    ("KMeans", lambda: KMeans(2).fit(NAN), ValueError, "NaN"),
    ("KMeans", lambda: KMeans(2, init=np.zeros((3, 2))).fit(GOOD), ValueError, "init"),
    ("KMeans", lambda: KMeans(2, init="kmeans").fit(GOOD), ValueError, "init"),
    ("KMeans", lambda: KMeans(2, tol=-1.0).fit(GOOD), ValueError, "tol"),
    ("KMeans", lambda: KMeans(2, max_iter=0).fit(GOOD), ValueError, "max_iter"),
    ("KMeans", lambda: KMeans(2, n_init=0).fit(GOOD), ValueError, "n_init"),
    ("kmeans_grid", lambda: kmeans_grid(GOOD, [1, 2]), ValueError, "ks"),
    ("kmeans_grid", lambda: kmeans_grid(GOOD, [10]), ValueError, "ks"),
    ("kmeans_grid", lambda: kmeans_grid(GOOD, [2], inits=["pp"]), ValueError, "inits"),
    ("kmeans_grid", lambda: kmeans_grid(GOOD, [2], n_runs=0), ValueError, "n_runs"),
    ("kmeans_grid", lambda: kmeans_grid(GOOD, [2], labels_true=[0, 1]), ValueError, "labels_true"),
    ("ISODATA", lambda: ISODATA(11).fit(GOOD), ValueError, "n_clusters"),
    ("ISODATA", lambda: ISODATA(2).fit(NAN), ValueError, "NaN"),
    ("ISODATA", lambda: ISODATA(2, max_std=-1.0).fit(GOOD), ValueError, "max_std"),
    ("ISODATA", lambda: ISODATA(2, min_distance=-1.0).fit(GOOD), ValueError, "min_distance"),
    ("ISODATA", lambda: ISODATA(2, min_samples=0).fit(GOOD), ValueError, "min_samples"),
    ("ISODATA", lambda: ISODATA(2, max_pairs=0).fit(GOOD), ValueError, "max_pairs"),
    ("ISODATA", lambda: ISODATA(2, schedule="odd").fit(GOOD), ValueError, "schedule"),
]


@pytest.mark.parametrize(
    "name, call, error, match", BAD_INPUT, ids=[f"{r[0]}-{i}" for i, r in enumerate(BAD_INPUT)]
)
def test_bad_input(name, call, error, match):
    assert_rejects(error, match, call)


# ---------------------------------------------------------------- tie rules
# Iris is measured to 0.1 cm, so many distances are equal in exact arithmetic and differ
# only by rounding. Scaling the data by 3 (inexact in binary) changes that rounding but not
# the exact ties: with a tie rule that rounding cannot flip, every result is the same.
def _iris():
    from sklearn.datasets import load_iris

    return load_iris().data


@pytest.mark.parametrize("linkage", ["single", "complete", "average"])
def test_hierarchical_ties_survive_rescaling(linkage):
    X = _iris()
    for scale in (3.0, 0.1, 7.0):
        a, b = hierarchical(X, linkage=linkage), hierarchical(X * scale, linkage=linkage)
        np.testing.assert_allclose(b.heights, scale * a.heights, rtol=1e-10)
        np.testing.assert_array_equal(
            a.linkage_matrix[:, [0, 1, 3]], b.linkage_matrix[:, [0, 1, 3]]
        )


def test_heuristics_ties_survive_rescaling():
    X = _iris()
    for scale in (3.0, 0.1):
        for theta in (0.3, 0.5):
            a, b = max_min_distance(X, theta), max_min_distance(X * scale, theta)
            np.testing.assert_array_equal(a.center_indices, b.center_indices)
            np.testing.assert_array_equal(a.labels, b.labels)
        for T in (0.5, 1.0, 2.0):
            a, b = threshold_clustering(X, T), threshold_clustering(X * scale, T * scale)
            np.testing.assert_array_equal(a.labels, b.labels)


def test_kmeans_assignment_ties_go_to_the_lowest_centre():
    rng = np.random.default_rng(4)
    C = rng.normal(size=(200, 2, 3))
    mid = C.mean(axis=1)  # equidistant from both centres in exact arithmetic
    for c, m in zip(C, mid):
        km = KMeans(2, init=c).fit(np.vstack([c, m[None]]))
        assert km.predict(m[None])[0] == 0
        km = KMeans(2, init=c[::-1]).fit(np.vstack([c, m[None]]))
        assert km.predict(m[None])[0] == 0


def test_kmeans_ties_survive_rescaling():
    X = _iris()
    centres = X[[0, 50, 100, 1]]
    a = KMeans(4, init=centres).fit(X)
    b = KMeans(4, init=centres * 3.0).fit(X * 3.0)
    np.testing.assert_array_equal(a.labels_, b.labels_)


def test_kmeans_grid_needs_at_least_one_init():
    X = np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 5.0], [5.0, 6.0]])
    with pytest.raises(ValueError, match=r'inits must be a non-empty sequence of "random" and'):
        kmeans_grid(X, [2], inits=(), rng=0)


# ------------------------------------------------- the chain against its reference copy
def reference_nn_chain(D, linkage):
    """The nearest-neighbour chain as it was before the compacted, argmin-based loop of
    ``alg._nn_chain`` (kept verbatim as the reference: full-size rows, ``row.min()``)."""
    n = D.shape[0]
    tol = alg.TIE_RTOL * float(D.max()) if n > 1 else 0.0
    np.fill_diagonal(D, np.inf)
    size = np.ones(n)
    active = np.ones(n, dtype=bool)
    merges, chain = [], []
    while len(merges) < n - 1:
        if not chain:
            chain.append(int(np.flatnonzero(active)[0]))
        a = chain[-1]
        row = D[a]
        b = int(np.argmax(row <= row.min() + tol))
        if len(chain) > 1 and row[chain[-2]] <= row[b] + tol:
            b = chain[-2]
        if len(chain) > 1 and b == chain[-2]:
            chain.pop()
            chain.pop()
            h = D[a, b]
            lo, hi = min(a, b), max(a, b)
            new = alg._lance_williams(linkage, D[lo], D[hi], size[lo], size[hi])
            new[lo] = np.inf
            new[hi] = np.inf
            D[hi, :] = np.inf
            D[:, hi] = np.inf
            D[lo, :] = new
            D[:, lo] = new
            active[hi] = False
            size[lo] += size[hi]
            merges.append((lo, hi, h))
        else:
            chain.append(b)
    return merges


def reference_hierarchical_tree(X, linkage):
    D = alg.squareform(alg.pdist(X))
    tol = alg.TIE_RTOL * float(D.max()) if len(X) > 1 else 0.0
    return alg._label_merges(reference_nn_chain(D, linkage), len(X), tol)


def tied_data(seed):
    """Small integer grids (many exactly tied distances), some rescaled by an inexact
    factor (ties then differ by rounding only), sizes on both sides of the compaction."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([2, 3, 5, 17, 65, 66, 130, 300]))
    X = rng.integers(0, int(rng.choice([2, 3, 5, 20])), size=(n, int(rng.integers(1, 4))))
    return X * float(rng.choice([1.0, 0.1, 3.0, 1e-7]))


@pytest.mark.parametrize("linkage", ["single", "complete", "average"])
def test_hierarchical_bit_identical_to_reference_chain_with_ties(linkage):
    for seed in range(60):
        X = tied_data(seed)
        n = len(X)
        Z = reference_hierarchical_tree(X, linkage)
        ours = hierarchical(X, linkage=linkage)
        assert ours.linkage_matrix.tobytes() == Z.tobytes(), seed
        for k in sorted({1, 2, 3, n // 2, n - 1, n} & set(range(1, n + 1))):
            np.testing.assert_array_equal(
                hierarchical(X, linkage=linkage, n_clusters=k).labels, alg._cut(Z, n, n - k)
            )
        for t in np.unique(Z[:, 2])[:5]:
            cut = hierarchical(X, linkage=linkage, distance_threshold=float(t)).labels
            keep = int(np.searchsorted(Z[:, 2], t, side="right"))
            np.testing.assert_array_equal(cut, alg._cut(Z, n, keep))


@pytest.mark.parametrize("linkage", ["single", "complete", "average"])
def test_hierarchical_bit_identical_to_reference_chain_random(linkage):
    X = np.random.default_rng(11).normal(size=(400, 5))
    Z = reference_hierarchical_tree(X, linkage)
    assert hierarchical(X, linkage=linkage).linkage_matrix.tobytes() == Z.tobytes()


def test_single_linkage_spanning_tree_only_without_tied_heights():
    """Prim's tree gives single linkage's merges when no two heights tie (the same tree as
    the chain's, to the bit, at every size); with ties (iris) it declines and the chain runs."""
    for seed, n in enumerate((2, 3, 4, 50, 401, 1000)):
        X = np.random.default_rng(seed).normal(size=(n, 3))
        D = alg.squareform(alg.pdist(X))
        tol = alg.TIE_RTOL * float(D.max())
        merges = alg._mst_merges(D, tol)
        assert merges is not None and len(merges) == n - 1
        Z = reference_hierarchical_tree(X, "single")
        assert alg._label_merges(merges, n, tol).tobytes() == Z.tobytes()
        assert hierarchical(X, linkage="single").linkage_matrix.tobytes() == Z.tobytes()
    D = alg.squareform(alg.pdist(_iris()))
    assert alg._mst_merges(D, alg.TIE_RTOL * float(D.max())) is None
