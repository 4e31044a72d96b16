"""Errata of note 002, section 聚类 (clustering algorithms), shown numerically.
Chapter "Clustering algorithms" (book/part3/clustering-algorithms.ipynb).

1. Max-min distance: the note takes, "for each centre j, the smallest D_ij", then the
   largest of those; the rule is the smallest over the centres for each sample, then
   the largest over the samples.
2. ISODATA split: the note compares the largest *variance* with sigma_max and moves the
   centres by c +- sigma on every coordinate; it must be the standard deviation, along
   the feature where it is largest.
3. ISODATA schedule: with only "split if K <= K0/2, merge if K >= 2 K0", a run that
   starts from K0 clusters never splits nor merges (unless discards occur); Tou and
   Gonzalez alternate between the two in the middle range.
4. ISODATA merge: "merge i, j whenever D(i, j) < d_min" uses a centre in several
   merges; each centre may be merged once per iteration (at most L pairs).
5. Hierarchical clustering: "the smallest element of D^k" is on the diagonal (0);
   it must be the smallest off-diagonal element.
6. Criterion J: "find the partition that minimises J" is only meaningful for a fixed
   number of clusters c; with c free, singletons give J = 0.

The distance and cluster-evaluation parts of the same section are in
tests/test_errata_distance.py and tests/test_errata_internal.py (Part II).
"""

import numpy as np
from scipy.spatial.distance import cdist, pdist, squareform
from sklearn.datasets import load_iris

import patterneval as pe
from patterneval.cluster.algorithms import ISODATA, KMeans, hierarchical, max_min_distance

HAND = np.array([[0.0, 0], [0, 1], [10, 0], [10, 1], [5, 8]])


def note_max_min_next(X, centres):
    """Note 002 as written: for each centre j the smallest D_ij over the remaining
    samples i, then the largest of these; returns (sample, D)."""
    rest = [i for i in range(len(X)) if i not in centres]
    D = cdist(X[rest], X[centres])
    per_centre = D.min(axis=0)
    j = int(per_centre.argmax())
    return rest[int(D[:, j].argmin())], per_centre[j]


def test_max_min_rule_is_min_over_centres_then_max_over_samples():
    centres = [0, 3]  # z1 = x1 and the sample farthest from it
    base = np.linalg.norm(HAND[0] - HAND[3])
    sample, D = note_max_min_next(HAND, centres)
    # the note's D is the distance from a centre to its nearest neighbour: small
    assert D == 1.0 and not D > 0.5 * base
    assert sample in (1, 2)  # a neighbour of a centre, not the isolated point (5, 8)
    # the right rule finds the isolated point and makes it the third centre
    right = cdist(HAND, HAND[centres]).min(axis=1)
    assert right.argmax() == 4 and right.max() > 0.5 * base
    np.testing.assert_array_equal(max_min_distance(HAND, 0.5).center_indices, [0, 3, 4])


def elongated(scale=1.0, d=2, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(400, d)) * np.r_[3.0, np.full(d - 1, 0.3)]
    return scale * X


def note_split(X):
    """Note 002: c +- sigma with sigma the largest per-feature variance, on every coordinate."""
    c = X.mean(axis=0)
    v = X.var(axis=0).max()
    return c + v, c - v


def right_split(X):
    c = X.mean(axis=0)
    s = X.std(axis=0)
    shift = np.zeros_like(c)
    shift[s.argmax()] = s.max()
    return c + shift, c - shift


def test_isodata_split_uses_the_standard_deviation_along_one_feature():
    for scale in (1.0, 10.0):
        X = elongated(scale)
        note, right = note_split(X), right_split(X)
        # the variance is in squared units: at scale 10 the note's centres lie far
        # outside the cluster (beyond its largest deviation from the mean)
        reach = np.abs(X - X.mean(axis=0)).max()
        if scale == 10.0:
            assert np.abs(note[0] - X.mean(axis=0)).max() > reach
        # the standard deviation moves with the data's units
        np.testing.assert_allclose(
            np.abs(right[0] - X.mean(axis=0)).max(), scale * elongated(1.0).std(axis=0).max()
        )
    # along every coordinate vs along the long axis: two blobs side by side on
    # feature 0 in 6-d; c +- sigma e_0 separates them, c +- sigma (1, ..., 1) cuts
    # across both (even with sigma the standard deviation)
    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 6))
    truth = np.repeat([0, 1], 200)
    X[:, 0] += np.where(truth == 0, -3.0, 3.0)
    c, s = X.mean(axis=0), X.std(axis=0).max()
    diagonal = (c + s, c - s)
    halves = [cdist(X, np.vstack(pair)).argmin(axis=1) for pair in (right_split(X), diagonal)]
    assert pe.adjusted_rand_index(truth, halves[0]) > 0.99
    assert pe.adjusted_rand_index(truth, halves[1]) < 0.8


def test_isodata_notes_schedule_never_splits_from_k0():
    rng = np.random.default_rng(0)
    X = np.r_[rng.normal([-5, 0], 1, (100, 2)), rng.normal([5, 0], 1, (100, 2))]
    note = ISODATA(1, min_samples=5, max_std=2.0, n_iter=6, schedule="note", random_state=0).fit(X)
    assert {step for _, step, _ in note.history_} == {"assign", "discard", "none"}
    assert note.n_clusters_ == 1
    both = ISODATA(1, min_samples=5, max_std=2.0, n_iter=6, random_state=0).fit(X)
    assert both.n_clusters_ == 2


def test_isodata_merge_uses_each_centre_once():
    C = np.array([[0.0], [0.8], [1.6]])
    counts = np.array([10.0, 10.0, 10.0])
    d_min = 1.0
    D = squareform(pdist(C))
    pairs = [(i, j) for i in range(3) for j in range(i + 1, 3) if D[i, j] < d_min]
    assert pairs == [(0, 1), (1, 2)]  # the note would merge both pairs
    weight = sum(counts[i] + counts[j] for i, j in pairs)
    assert weight > counts.sum()  # cluster 1's samples counted twice: not a partition
    merged = ISODATA._merge(C, counts, d_min, max_pairs=5)
    np.testing.assert_allclose(np.sort(merged[:, 0]), [0.4, 1.6])


def test_hierarchical_minimum_is_off_the_diagonal():
    X = np.array([[0.0], [1.0], [3.0], [7.0]])
    D0 = squareform(pdist(X))
    i, j = np.unravel_index(D0.argmin(), D0.shape)
    assert D0.min() == 0.0 and i == j  # the note's "smallest element": G_i with itself
    off = D0[~np.eye(4, dtype=bool)].min()
    assert hierarchical(X).heights[0] == off == 1.0


def test_criterion_j_compares_partitions_with_the_same_c_only():
    X = load_iris().data
    J = [KMeans(k, n_init=5, random_state=0).fit(X).inertia_ for k in range(1, 9)]
    assert np.all(np.diff(J) < 0)  # J keeps falling as c grows
    singletons = KMeans(len(np.unique(X, axis=0)), init=np.unique(X, axis=0)).fit(
        np.unique(X, axis=0)
    )
    assert singletons.inertia_ == 0.0  # the unconstrained minimum
