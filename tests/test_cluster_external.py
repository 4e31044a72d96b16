"""External indices: slow twins, agreement with scikit-learn, brute-force accuracy, property
registries, chance adjustment by simulation, exact integers at n = 10^7, and bad input."""

from __future__ import annotations

import inspect
import itertools
import math
import warnings
from functools import partial

import numpy as np
import pytest
from _helpers import assert_rejects
from sklearn.metrics import cluster as skc

import patterneval as pe
from patterneval.book import external_indices, simulation
from patterneval.cluster import external as E

# reference: scikit-learn 1.9.1 (sklearn.metrics.cluster)
RTOL = 1e-12


def random_pair(seed, n=None, k=None, l_=None):
    rng = np.random.default_rng(seed)
    k = k or int(rng.integers(2, 51))
    l_ = l_ or int(rng.integers(2, 51))
    n = n or int(rng.integers(60, 2_000))
    t = rng.integers(0, k, n)
    # a correlated clustering: keep a random share of the classes, relabel the rest
    p = np.where(rng.random(n) < rng.random(), t % l_, rng.integers(0, l_, n))
    return t, p


# ------------------------------------------------------------------ slow twins
def slow_pair_counts(t, p):
    """An explicit loop over the n (n - 1) / 2 unordered pairs (note 001, eqs. 9.1-9.4)."""
    a = b = c = d = 0
    for i, j in itertools.combinations(range(len(t)), 2):
        same_pred, same_true = p[i] == p[j], t[i] == t[j]
        if same_pred and same_true:
            a += 1
        elif same_pred:
            b += 1
        elif same_true:
            c += 1
        else:
            d += 1
    return a, b, c, d


def slow_minkowski(t, p, include_diagonal=False):
    """Note 000 literally: the two n x n co-occurrence matrices and their Frobenius norms."""
    cu = (np.asarray(t)[:, None] == np.asarray(t)[None, :]).astype(float)
    cv = (np.asarray(p)[:, None] == np.asarray(p)[None, :]).astype(float)
    if not include_diagonal:
        np.fill_diagonal(cu, 0)
        np.fill_diagonal(cv, 0)
    return np.linalg.norm(cu - cv) / np.linalg.norm(cu)


def slow_f_measure(t, p, beta=1.0):
    """Note 000's F-measure from sets: P = |S_t & C_k| / |C_k|, R = |S_t & C_k| / |S_t|."""
    t, p = list(t), list(p)
    n, total = len(t), 0.0
    for cls in set(t):
        s = {i for i in range(n) if t[i] == cls}
        best = 0.0
        for clu in set(p):
            c = {i for i in range(n) if p[i] == clu}
            both = len(s & c)
            if both:
                prec, rec = both / len(c), both / len(s)
                best = max(best, (beta**2 + 1) * prec * rec / (beta**2 * prec + rec))
        total += len(s) / n * best
    return total


def slow_purity(t, p):
    t, p = list(t), list(p)
    return sum(
        max(sum(1 for i in range(len(t)) if p[i] == clu and t[i] == cls) for cls in set(t))
        for clu in set(p)
    ) / len(t)


@pytest.mark.parametrize("seed", range(6))
def test_pair_counts_equal_the_explicit_loop(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 80))
    t, p = rng.integers(0, rng.integers(1, 8), n), rng.integers(-3, rng.integers(-2, 6), n)
    counts = pe.pair_counts(t, p)
    assert tuple(counts) == slow_pair_counts(t, p)
    assert all(type(v) is int for v in counts) and counts.n_pairs == n * (n - 1) // 2


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("include_diagonal", [False, True])
def test_minkowski_score_equals_the_co_occurrence_matrices(seed, include_diagonal):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 120))
    t, p = rng.integers(0, 5, n), rng.integers(0, 7, n)
    assert pe.minkowski_score(t, p, include_diagonal=include_diagonal) == pytest.approx(
        slow_minkowski(t, p, include_diagonal), rel=1e-12
    )


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("beta", [1.0, 0.5, 2.0])
def test_f_measure_and_purity_equal_their_set_definitions(seed, beta):
    t, p = random_pair(seed, n=150, k=int(3 + seed), l_=int(2 + 2 * seed))
    assert pe.f_measure(t, p, beta=beta) == pytest.approx(slow_f_measure(t, p, beta), rel=1e-12)
    assert pe.purity(t, p) == pytest.approx(slow_purity(t, p), rel=1e-15)


def test_minkowski_edge_cases():
    assert pe.minkowski_score([0, 1, 2], [5, 6, 7]) == 0.0  # both all singletons: 0/0 -> 0
    assert pe.minkowski_score([0, 1, 2], [5, 5, 7]) == math.inf
    assert pe.minkowski_score([0, 1, 2], [5, 5, 7], include_diagonal=True) == pytest.approx(
        slow_minkowski([0, 1, 2], [5, 5, 7], True)
    )


# ------------------------------------------------------------------ peer: scikit-learn
@pytest.mark.parametrize("seed", range(12))
def test_agreement_with_sklearn(seed):
    t, p = random_pair(seed)
    if seed % 3 == 1:  # strings and negative integers take the np.unique path
        t, p = np.array([f"c{v}" for v in t]), p - 25
    np.testing.assert_array_equal(pe.contingency_matrix(t, p), skc.contingency_matrix(t, p))
    np.testing.assert_array_equal(
        pe.contingency_matrix(t, p, sparse=True).toarray(), skc.contingency_matrix(t, p)
    )
    a, b, c, d = pe.pair_counts(t, p)
    np.testing.assert_array_equal(skc.pair_confusion_matrix(t, p), 2 * np.array([[d, b], [c, a]]))
    for ours, theirs in [
        (pe.rand_index, skc.rand_score),
        (pe.adjusted_rand_index, skc.adjusted_rand_score),
        (pe.fowlkes_mallows_index, skc.fowlkes_mallows_score),
        (pe.mutual_info, skc.mutual_info_score),
    ]:
        assert ours(t, p) == pytest.approx(theirs(t, p), rel=RTOL, abs=1e-300), ours.__name__
    for average in ("arithmetic", "geometric", "min", "max"):
        assert pe.normalized_mutual_info(t, p, average=average) == pytest.approx(
            skc.normalized_mutual_info_score(t, p, average_method=average), rel=RTOL
        )


def test_agreement_with_sklearn_at_n_1e5_and_sparse_table():
    t, p = random_pair(99, n=100_000, k=50, l_=37)
    assert pe.adjusted_rand_index(t, p) == pytest.approx(skc.adjusted_rand_score(t, p), rel=RTOL)
    assert pe.normalized_mutual_info(t, p) == pytest.approx(
        skc.normalized_mutual_info_score(t, p), rel=RTOL
    )
    # many clusters: the table is counted sparsely (K L > the dense budget)
    rng = np.random.default_rng(1)
    t, p = rng.permutation(4_000), rng.integers(0, 3_000, 4_000)
    assert E._table(t, p).dense is None
    np.testing.assert_array_equal(pe.contingency_matrix(t, p), skc.contingency_matrix(t, p))
    assert pe.adjusted_rand_index(t, p) == pytest.approx(skc.adjusted_rand_score(t, p), rel=RTOL)
    assert pe.mutual_info(t, p) == pytest.approx(skc.mutual_info_score(t, p), rel=RTOL)


def test_fmi_differs_from_sklearn_only_for_all_singletons():
    singletons = np.arange(6)
    assert pe.fowlkes_mallows_index(singletons, singletons[::-1]) == 1.0
    assert skc.fowlkes_mallows_score(singletons, singletons[::-1]) == 0.0  # scikit-learn 1.9.1
    assert pe.fowlkes_mallows_index(singletons, [0, 0, 1, 1, 2, 2]) == 0.0


@pytest.mark.parametrize("seed", range(8))
def test_clustering_accuracy_equals_brute_force(seed):
    rng = np.random.default_rng(seed)
    k, l_ = int(rng.integers(1, 7)), int(rng.integers(1, 7))
    t, p = rng.integers(0, k, 60), rng.integers(0, l_, 60)
    classes, clusters = np.unique(t), np.unique(p)
    small, large = (classes, clusters) if classes.size <= clusters.size else (clusters, classes)
    best = 0
    for image in itertools.permutations(large, small.size):  # every injective matching
        mapping = dict(zip(small, image))
        if classes.size <= clusters.size:
            hits = sum(mapping[ti] == pi for ti, pi in zip(t, p))
        else:
            hits = sum(mapping[pi] == ti for ti, pi in zip(t, p))
        best = max(best, hits)
    assert pe.clustering_accuracy(t, p) == best / 60


# ------------------------------------------------------------------ property registries
INDICES = {
    "rand_index": pe.rand_index,
    "adjusted_rand_index": pe.adjusted_rand_index,
    "jaccard_index": pe.jaccard_index,
    "fowlkes_mallows_index": pe.fowlkes_mallows_index,
    "pair_f1": pe.pair_f1,
    "f_measure": pe.f_measure,
    "purity": pe.purity,
    "mutual_info": pe.mutual_info,
    "normalized_mutual_info": pe.normalized_mutual_info,
    **{
        f"nmi_{a}": partial(pe.normalized_mutual_info, average=a)
        for a in ("geometric", "min", "max")
    },
    "clustering_accuracy": pe.clustering_accuracy,
    "minkowski_score": pe.minkowski_score,
    # the comparison indices: AMI, ARI under other random models, VI, V-measure
    "adjusted_mutual_info": pe.adjusted_mutual_info,
    **{
        f"ami_{a}": partial(pe.adjusted_mutual_info, average=a) for a in ("geometric", "min", "max")
    },
    **{f"ari_{m}": partial(pe.adjusted_rand_index, random_model=m) for m in ("num", "num1")},
    "variation_of_information": pe.variation_of_information,
    "homogeneity": pe.homogeneity,
    "completeness": pe.completeness,
    "v_measure": pe.v_measure,
}
SYMMETRIC = {
    "rand_index",
    "adjusted_rand_index",
    "jaccard_index",
    "fowlkes_mallows_index",
    "pair_f1",
    "mutual_info",
    "normalized_mutual_info",
    "nmi_geometric",
    "nmi_min",
    "nmi_max",
    "clustering_accuracy",
    "adjusted_mutual_info",
    "ami_geometric",
    "ami_min",
    "ami_max",
    "ari_num",
    "variation_of_information",
    "v_measure",
}
NOT_SYMMETRIC = {
    "f_measure",
    "purity",
    "minkowski_score",
    "ari_num1",
    "homogeneity",
    "completeness",
}
RELABEL_INVARIANT = set(INDICES)
BOUNDS = {
    name: (0.0, 1.0)
    for name in (
        "rand_index",
        "jaccard_index",
        "fowlkes_mallows_index",
        "pair_f1",
        "f_measure",
        "purity",
        "normalized_mutual_info",
        "nmi_geometric",
        "nmi_min",
        "nmi_max",
        "clustering_accuracy",
    )
}
BOUNDS.update(
    adjusted_rand_index=(-0.5, 1.0), mutual_info=(0.0, math.inf), minkowski_score=(0.0, math.inf)
)
BOUNDS.update(
    {
        name: (-math.inf, 1.0)
        for name in (
            "adjusted_mutual_info",
            "ami_geometric",
            "ami_min",
            "ami_max",
            "ari_num",
            "ari_num1",
        )
    }
)
BOUNDS.update({name: (0.0, 1.0) for name in ("homogeneity", "completeness", "v_measure")})
BOUNDS.update(variation_of_information=(0.0, math.inf))
CHANCE_ADJUSTED = {
    "adjusted_rand_index",
    "adjusted_mutual_info",
    "ami_geometric",
    "ami_min",
    "ami_max",
    "ari_num",
    "ari_num1",
}
NOT_CHANCE_ADJUSTED = set(INDICES) - CHANCE_ADJUSTED
LOWER_IS_BETTER = {"minkowski_score", "variation_of_information"}


def test_every_index_is_in_the_registries():
    public = {name for name in E.__all__ if inspect.isfunction(getattr(E, name))}
    not_indices = {
        "contingency_matrix",
        "pair_counts",
        "all_indices",
        "relabel",
        "relabel_profiles",
        "expected_mutual_info",
        "random_partition",
    }
    assert public - not_indices <= set(INDICES)
    for name in INDICES:
        assert (name in SYMMETRIC) != (name in NOT_SYMMETRIC), name
        assert name in RELABEL_INVARIANT and name in BOUNDS, name
        assert (name in CHANCE_ADJUSTED) != (name in NOT_CHANCE_ADJUSTED), name


def _cases(n_cases=6):
    for seed in range(n_cases):
        yield random_pair(100 + seed, n=int(30 + 40 * seed), k=2 + 3 * seed, l_=2 + 5 * seed)


@pytest.mark.parametrize("name", sorted(SYMMETRIC))
def test_symmetric(name):
    for t, p in _cases():
        assert INDICES[name](t, p) == pytest.approx(INDICES[name](p, t), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("name", sorted(NOT_SYMMETRIC))
def test_not_symmetric_indeed(name):
    assert any(INDICES[name](t, p) != pytest.approx(INDICES[name](p, t)) for t, p in _cases())


@pytest.mark.parametrize("name", sorted(RELABEL_INVARIANT))
def test_relabel_invariant(name):
    rng = np.random.default_rng(5)
    for t, p in _cases():
        t2 = rng.permutation(200)[t] * 3 - 100  # an injective renaming of each partition
        p2 = np.array([f"x{v}" for v in rng.permutation(200)[p]])
        assert INDICES[name](t2, p2) == pytest.approx(INDICES[name](t, p), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_bounded(name):
    low, high = BOUNDS[name]
    rng = np.random.default_rng(7)
    cases = list(_cases()) + [(rng.integers(0, 2, 40), rng.integers(0, 2, 40)) for _ in range(20)]
    cases += [
        (np.arange(10), np.zeros(10, int)),
        (np.zeros(10, int), np.arange(10)),
        ([0, 0, 1, 1], [0, 1, 0, 1]),
    ]
    for t, p in cases:
        assert low <= INDICES[name](t, p) <= high


@pytest.mark.parametrize("name", sorted(INDICES))
def test_identical_partitions_give_the_best_value(name):
    f = INDICES[name]
    for t, p in _cases():
        best = f(t, t)
        if name in LOWER_IS_BETTER:
            assert best == 0.0 and f(t, p) >= best
        elif name == "mutual_info":  # MI(U, U) = H(U), the largest MI any V can reach with U
            assert f(t, p) <= best + 1e-12
        else:
            assert best == 1.0 and f(t, p) <= best
    for trivial in (np.zeros(7, int), np.arange(7)):  # the 0/0 corners: one cluster, singletons
        assert f(trivial, trivial[::-1]) == (
            0.0
            if name in LOWER_IS_BETTER or name == "mutual_info" and trivial.max() == 0
            else f(trivial, trivial)
        )
        if name not in LOWER_IS_BETTER | {"mutual_info"}:
            assert f(trivial, trivial[::-1]) == 1.0


def test_ari_is_chance_adjusted_and_rand_is_not():
    """Under the permutation model (sizes fixed, labels shuffled) E[ARI] = 0 exactly and
    E[a] = sum C(a_i,2) sum C(b_j,2) / C(n,2)."""
    rng = np.random.default_rng(2024)
    t = np.repeat(np.arange(6), [30, 25, 20, 10, 10, 5])
    p = np.repeat(np.arange(8), 100 // 8 + 1)[:100]
    aris, ris, pairs_a = [], [], []
    for _ in range(800):
        q = rng.permutation(p)
        aris.append(pe.adjusted_rand_index(t, q))
        ris.append(pe.rand_index(t, q))
        pairs_a.append(pe.pair_counts(t, q).a)
    same_t = sum(math.comb(int(s), 2) for s in np.bincount(t))
    same_p = sum(math.comb(int(s), 2) for s in np.bincount(p))
    n2 = math.comb(100, 2)
    expected_a = same_t * same_p / n2
    expected_ri = (n2 - same_t - same_p + 2 * expected_a) / n2
    checks = [
        simulation.check_mean(aris, 0.0, label="E[ARI]"),
        simulation.check_mean(pairs_a, expected_a, label="E[a]"),
        simulation.check_mean(ris, expected_ri, label="E[RI]"),
    ]
    assert all(c.passed for c in checks), simulation.format_checks(checks)
    assert expected_ri > 0.7  # far from 0: the Rand index is not adjusted for chance


def test_no_overflow_at_ten_million():
    n = 10_000_000
    t = np.repeat(np.arange(3), [n // 2, n // 4, n - n // 2 - n // 4])
    p = np.repeat(np.arange(2), [n // 3, n - n // 3])
    a, b, c, d = pe.pair_counts(t, p)
    ct = np.array([[n // 3, n // 2 - n // 3], [0, n // 4], [0, n - n // 2 - n // 4]])
    exact_a = sum(math.comb(int(v), 2) for v in ct.ravel())
    exact_same_p = sum(math.comb(int(v), 2) for v in ct.sum(axis=0))
    exact_same_t = sum(math.comb(int(v), 2) for v in ct.sum(axis=1))
    assert (a, b, c) == (exact_a, exact_same_p - exact_a, exact_same_t - exact_a)
    assert a + b + c + d == math.comb(n, 2)
    n2 = math.comb(n, 2)
    ari = (
        2
        * (n2 * exact_a - exact_same_t * exact_same_p)
        / (n2 * (exact_same_t + exact_same_p) - 2 * exact_same_t * exact_same_p)
    )
    assert pe.adjusted_rand_index(t, p) == ari and 0 < ari < 1


def test_label_rule_float_ids_and_mixed_objects():
    """One rule for labels: integral floats are ids (no warning), non-integral
    ones and a mix of strings and numbers are refused; other hashable ids (tuples) work."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pe.rand_index([0, 0, 1], [1.0, 1.0, 2.0]) == 1.0
        mixed = np.array([1, (3,), 1, (3,), (2,)], dtype=object)
        assert pe.adjusted_rand_index(mixed, [0, 1, 0, 1, 2]) == 1.0
    with pytest.raises(
        ValueError, match=r"^labels_pred must be cluster labels; got a 'continuous' target"
    ):
        pe.rand_index([0, 0, 1], [0.5, 0.5, 1.5])
    with pytest.raises(ValueError, match=r"^labels_true must be cluster labels of one type"):
        pe.adjusted_rand_index(np.array([1, "a", 1, "a", (2,)], dtype=object), [0, 1, 0, 1, 2])
    assert pe.rand_index([True, False, True], [1, 0, 1]) == 1.0


def test_note_000_letters_map_to_note_001():
    # note 000: R = (a + b) / C(n, 2) with b = pairs split in both schemes (note 001's d)
    t, p = [0, 0, 0, 1, 1], [0, 0, 1, 1, 1]
    a, b, c, d = pe.pair_counts(t, p)
    assert (a + d) / math.comb(5, 2) == pe.rand_index(t, p)
    assert (a + b) / math.comb(5, 2) != pe.rand_index(t, p)  # note 001's b in note 000's formula


# ------------------------------------------------------------------ bad input
GOOD = dict(labels_true=[0, 0, 1, 1], labels_pred=[0, 1, 1, 1])
BAD = [
    (dict(labels_pred=[0, 1, 1]), ValueError, "labels_pred has 3 entries but labels_true has 4"),
    (
        dict(labels_true=[], labels_pred=[]),
        ValueError,
        "labels_true must be a 1-d array of at least 1 labels; got an empty array",
    ),
    (
        dict(labels_true=[[0, 0], [1, 1]]),
        ValueError,
        r"labels_true must be a 1-d array of labels; got an array of shape \(2, 2\)",
    ),
    (
        dict(labels_pred=np.zeros((4, 1))),
        ValueError,
        r"labels_pred must be a 1-d array of labels; got an array of shape \(4, 1\)",
    ),
    (dict(labels_true=3), TypeError, "labels_true must be a 1-d array"),
    (dict(labels_pred=None), TypeError, "labels_pred must be a 1-d array"),
    (dict(labels_true=[0, np.nan, 1, 1]), ValueError, "labels_true holds NaN"),
]
OPTIONS = {
    "f_measure": [
        (dict(beta=0), ValueError, "beta must be a real number > 0; got 0.0"),
        (dict(beta="2"), TypeError, "beta must be a real number > 0; got '2'"),
    ],
    "normalized_mutual_info": [
        (dict(average="harmonic"), ValueError, "average must be one of"),
        (dict(average=None), TypeError, "average must be a string"),
    ],
    "adjusted_mutual_info": [
        (dict(average="harmonic"), ValueError, "average must be one of"),
        (dict(average=None), TypeError, "average must be a string"),
    ],
    "adjusted_rand_index": [
        (dict(random_model="all"), ValueError, "random_model must be one of"),
        (dict(random_model=1), TypeError, "random_model must be a string"),
    ],
    "v_measure": [
        (dict(beta=0), ValueError, "beta must be a real number > 0; got 0.0"),
        (dict(beta=float("nan")), ValueError, "beta must be a finite real number > 0; got nan"),
        (dict(beta="2"), TypeError, "beta must be a real number > 0; got '2'"),
    ],
}
NOT_PAIR_FUNCTIONS = {"random_partition"}  # own bad-input table below (relabel*: patterneval.book)
FUNCTIONS = [
    name
    for name in E.__all__
    if inspect.isfunction(getattr(E, name)) and name not in NOT_PAIR_FUNCTIONS
]


@pytest.mark.parametrize("name", FUNCTIONS)
@pytest.mark.parametrize("overrides, exc, pattern", BAD)
def test_bad_input(name, overrides, exc, pattern):
    assert_rejects(exc, pattern, getattr(E, name), **{**GOOD, **overrides})


@pytest.mark.parametrize(
    "name, overrides, exc, pattern",
    [(name, *row) for name, rows in OPTIONS.items() for row in rows],
)
def test_bad_options(name, overrides, exc, pattern):
    assert_rejects(exc, pattern, getattr(E, name), **{**GOOD, **overrides})


def test_pair_functions_take_the_two_labelings_first():
    assert set(FUNCTIONS) | NOT_PAIR_FUNCTIONS == set(E.__all__) - {"PairCounts", "RANDOM_MODELS"}
    for name in FUNCTIONS:
        params = inspect.signature(getattr(E, name)).parameters
        assert list(params)[:2] == ["labels_true", "labels_pred"]
        if hasattr(pe, name):  # a name left out of the top level (all_indices) is not checked
            assert getattr(pe, name) is getattr(E, name)


RELABEL_BAD = [
    (
        dict(labels_true=[[0, 1]]),
        ValueError,
        r"labels_true must be a 1-d array of labels; got an array of shape \(1, 2\)",
    ),
    (
        dict(labels_true=[]),
        ValueError,
        "labels_true must be a 1-d array of at least 1 labels; got an empty array",
    ),
    (dict(fraction=-0.1), ValueError, r"fraction must be a real number in \[0, 1\]; got -0.1"),
    (dict(n_clusters=0), ValueError, "n_clusters must be an integer >= 1"),
    (dict(rng="seed"), TypeError, "rng must be None"),
]


@pytest.mark.parametrize("overrides, exc, pattern", RELABEL_BAD)
def test_relabel_bad_input(overrides, exc, pattern):
    assert_rejects(
        exc,
        pattern,
        external_indices.relabel,
        **{**dict(labels_true=[0, 0, 1], fraction=0.5), **overrides},
    )


RELABEL_PROFILES_BAD = [
    (
        dict(labels_true=[[0, 1]]),
        ValueError,
        r"labels_true must be a 1-d array of labels; got an array of shape \(1, 2\)",
    ),
    (dict(labels_true=None), TypeError, "labels_true must be a 1-d array"),
    (dict(grid=[0.0, 1.5]), ValueError, r"grid must be values in \[0.0, 1.0\]; got \[0.0, 1.5\]"),
    (dict(grid=[-0.1, 0.5]), ValueError, r"grid must be values in \[0.0, 1.0\]; got \[-0.1, 0.5\]"),
    (dict(grid=[0.5, 0.2]), ValueError, "grid must be strictly increasing"),
    (dict(grid=[]), ValueError, "grid must be a 1-d array of real numbers with at least 1 entries"),
    (
        dict(cluster_options=(0, 2)),
        ValueError,
        r"cluster_options must be values >= 1; got \[0, 2\]",
    ),
    (dict(cluster_options=(2.5,)), TypeError, "cluster_options must be a 1-d array of integers"),
    (dict(cluster_options=(3, 2)), ValueError, "cluster_options must be strictly increasing"),
    (dict(rng="seed"), TypeError, "rng must be None"),
]
RANDOM_PARTITION_BAD = [
    (dict(n_samples=0), ValueError, "n_samples must be an integer >= 1"),
    (
        dict(n_clusters=7),
        ValueError,
        r"n_clusters must be an integer in \[1, 6\]; got 7. \(at most n_samples\)",
    ),
    (dict(n_clusters=2.5), TypeError, "n_clusters must be an integer"),
    (dict(rng="seed"), TypeError, "rng must be None"),
]


@pytest.mark.parametrize("overrides, exc, pattern", RANDOM_PARTITION_BAD)
def test_random_partition_bad_input(overrides, exc, pattern):
    assert_rejects(
        exc, pattern, E.random_partition, **{**dict(n_samples=6, n_clusters=3, rng=0), **overrides}
    )


@pytest.mark.parametrize("overrides, exc, pattern", RELABEL_PROFILES_BAD)
def test_relabel_profiles_bad_input(overrides, exc, pattern):
    good = dict(labels_true=[0, 0, 1, 1], grid=[0.0, 0.5], cluster_options=(2,))
    assert_rejects(exc, pattern, external_indices.relabel_profiles, **{**good, **overrides})


def test_relabel_profiles_are_all_indices_of_relabelled_copies():
    """Against a direct computation: one Generator drawn in order (c outer, fraction
    inner), relabel then all_indices."""
    truth = np.repeat(np.arange(3), 12)
    grid, options = [0.0, 0.25, 0.5, 1.0], (2, 5)
    prof = external_indices.relabel_profiles(truth, grid=grid, cluster_options=options, rng=11)
    g = np.random.default_rng(11)
    assert list(prof) == list(options)
    for c in options:
        assert list(prof[c]) == list(E.INDEX_NAMES)
        rows = [
            E.all_indices(truth, external_indices.relabel(truth, f, n_clusters=c, rng=g))
            for f in grid
        ]
        for name in E.INDEX_NAMES:
            np.testing.assert_array_equal(prof[c][name], [row[name] for row in rows])
        assert prof[c]["adjusted_rand_index"][0] == 1.0
    again = external_indices.relabel_profiles(
        truth, grid=grid, cluster_options=options, rng=np.random.default_rng(11)
    )
    np.testing.assert_array_equal(again[5]["purity"], prof[5]["purity"])


# ------------------------------------------------- clustering accuracy without a dense table


def test_sparse_matching_equals_the_dense_hungarian_route():
    """The sparse matching (on the non-zero cells, through a doubled graph) reaches the
    same matched total as linear_sum_assignment on the dense table, including tables
    where no matching can cover every class or cluster."""
    rng = np.random.default_rng(2026)
    for _ in range(400):
        n = int(rng.integers(1, 90))
        K, L = int(rng.integers(1, 10)), int(rng.integers(1, 10))
        t = rng.integers(0, K, n)
        # mostly-agreeing, or independent, partitions
        p = np.where(rng.random(n) < rng.random(), t % L, rng.integers(0, L, n))
        table = E._table(t, p)
        assert E._matched_sparse(table) == E._matched_dense(table)
    # rectangular and very sparse: 40 classes, 3 clusters, each class in one cluster
    t = np.repeat(np.arange(40), 5)
    table = E._table(t, t % 3)
    assert E._matched_sparse(table) == E._matched_dense(table) == 3 * 5


def test_clustering_accuracy_switches_route_by_size(monkeypatch):
    rng = np.random.default_rng(3)
    t = rng.integers(0, 30, 500)
    p = np.where(rng.random(500) < 0.6, t, rng.integers(0, 40, 500))
    dense = pe.clustering_accuracy(t, p)
    monkeypatch.setattr(E, "_DENSE_MATCH_CELLS", 0)
    assert pe.clustering_accuracy(t, p) == dense


def test_clustering_accuracy_with_ten_thousand_clusters_stays_small():
    """10^4 classes and clusters: the dense table alone would take 800 MB; the sparse
    route needs O(n + nnz)."""
    import tracemalloc

    rng = np.random.default_rng(0)
    n, K = 200_000, 10_000
    t = rng.integers(0, K, n)
    p = np.where(rng.random(n) < 0.8, (t * 7919) % K, rng.integers(0, K, n))
    tracemalloc.start()
    try:
        acc = pe.clustering_accuracy(t, p)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 60 * 2**20, peak
    # every class keeps its own cluster (its 80 %) plus chance hits: about 0.8
    assert 0.79 < acc < 0.81
    # and it is the optimum: no matching does better than the one above, whose total is
    # the diagonal of the relabelled table
    table = E._table(t, (p * pow(7919, -1, K)) % K)
    diagonal = int(table.values[table.rows == table.cols].sum())
    assert acc * n >= diagonal


# ----------------------------------------- every contingency-based index in O(n + nnz) memory

#: Every index computed from the contingency table (cells and marginals) alone.
TABLE_INDICES = (
    "pair_counts",
    "rand_index",
    "adjusted_rand_index",
    "jaccard_index",
    "fowlkes_mallows_index",
    "pair_f1",
    "f_measure",
    "purity",
    "mutual_info",
    "normalized_mutual_info",
    "clustering_accuracy",
    "minkowski_score",
    "adjusted_mutual_info",
    "expected_mutual_info",
    "variation_of_information",
    "homogeneity",
    "completeness",
    "v_measure",
)


@pytest.mark.parametrize("name", TABLE_INDICES)
def test_sparse_table_gives_the_dense_tables_values(monkeypatch, name):
    """Both ways of counting the table (bincount into a dense K x L array; np.unique of
    the combined codes, non-zero cells only) list the same cells in the same row-major
    order, so every index is identical to the last bit."""
    rng = np.random.default_rng(5)
    t = rng.integers(0, 40, 3_000)
    p = np.where(rng.random(3_000) < 0.6, t, rng.integers(0, 55, 3_000))
    func = getattr(E, name)
    assert E._table(t, p).dense is not None
    dense = func(t, p)
    monkeypatch.setattr(E, "_DENSE_CELLS", 0)
    assert E._table(t, p).dense is None
    assert func(t, p) == dense


@pytest.mark.parametrize("name", TABLE_INDICES + ("contingency_matrix",))
def test_ten_thousand_clusters_in_linear_memory(name):
    """n = 2 10^5 samples in 10^4 classes and 10^4 clusters: a dense table would take
    763 MiB; every index stays under 24 MiB (15 words per sample; measured 7.4 MiB for
    all but clustering_accuracy, 8.9 MiB, with numpy 2.4.6 and scipy 1.17.1)."""
    import tracemalloc

    rng = np.random.default_rng(0)
    n, K = 200_000, 10_000
    t = rng.integers(0, K, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, K, n))
    kwargs = {"sparse": True} if name == "contingency_matrix" else {}
    tracemalloc.start()
    try:
        getattr(E, name)(t, p, **kwargs)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 24 * 2**20, f"{name}: peak {peak / 2**20:.1f} MiB"
