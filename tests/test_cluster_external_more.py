"""Comparison indices: AMI with its exact expected MI, variation of information,
homogeneity / completeness / V-measure, Calinski-Harabasz, and the ARI under Gates & Ahn's
random models. Agreement with scikit-learn, with exact rational arithmetic, with
enumeration of every partition, and with simulation."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.cluster import KMeans as SKKMeans
from sklearn.datasets import load_iris, load_wine
from sklearn.metrics import cluster as skc
from sklearn.metrics.cluster._expected_mutual_info_fast import expected_mutual_information

import patterneval as pe
from patterneval.book import simulation
from patterneval.cluster import external as E

AVERAGES = ("arithmetic", "geometric", "min", "max")
TOL = 1e-12


def _kmeans_labels(X, k, seed=0):
    return SKKMeans(n_clusters=k, n_init=4, random_state=seed).fit_predict(X)


def _real_pairs():
    """k-means labels on iris and wine (several k) against the classes."""
    out = []
    for loader in (load_iris, load_wine):
        data = loader()
        X = (data.data - data.data.mean(0)) / data.data.std(0)
        for k in (2, 3, 5, 8):
            out.append((data.target, _kmeans_labels(X, k)))
    return out


def _random_pairs():
    rng = np.random.default_rng(17)
    out = []
    for n, k, l_ in [
        (40, 2, 3),
        (150, 3, 3),
        (300, 10, 4),
        (1000, 20, 30),
        (2000, 50, 7),
        (500, 100, 100),
    ]:
        t = rng.integers(0, k, n)
        p = np.where(rng.random(n) < 0.3, t % l_, rng.integers(0, l_, n))
        out.append((t, p))
    return out


REAL = _real_pairs()
RANDOM = _random_pairs()


# ------------------------------------------------------------------ exact references
def exact_emi(row_sums, col_sums, n):
    """E[MI] from exact hypergeometric probabilities (Fractions, each correctly rounded to
    a float), the log of exact ratios, and math.fsum: correct to a few ulp."""
    A, ma = np.unique(row_sums, return_counts=True)
    B, mb = np.unique(col_sums, return_counts=True)
    terms = []
    for a, x in zip(A.tolist(), ma.tolist()):
        for b, y in zip(B.tolist(), mb.tolist()):
            lo, hi = max(0, a + b - n), min(a, b)
            prob = Fraction(math.comb(a, lo) * math.comb(n - a, b - lo), math.comb(n, b))
            for k in range(lo, hi + 1):
                if k > 0:
                    terms.append(x * y * float(prob) * k / n * math.log(Fraction(n * k, a * b)))
                if k < hi:
                    prob *= Fraction((a - k) * (b - k), (k + 1) * (n - a - b + k + 1))
    return math.fsum(terms)


def stirling2_table(n_max, k_max):
    S = [[0] * (k_max + 1) for _ in range(n_max + 1)]
    S[0][0] = 1
    for m in range(1, n_max + 1):
        for j in range(1, min(m, k_max) + 1):
            S[m][j] = j * S[m - 1][j] + S[m - 1][j - 1]
    return S


def set_partitions(n, k):
    """Every partition of range(n) into exactly k blocks, as restricted growth strings."""

    def grow(prefix, used):
        if len(prefix) == n:
            if used == k:
                yield list(prefix)
            return
        if used + (n - len(prefix)) < k:
            return
        for label in range(min(used + 1, k)):
            yield from grow(prefix + [label], max(used, label + 1))

    yield from grow([], 0)


# ------------------------------------------------------------------ AMI
def _sk_ami(t, p, average):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return skc.adjusted_mutual_info_score(t, p, average_method=average)


@pytest.mark.parametrize("average", AVERAGES)
@pytest.mark.parametrize("which", ["real", "random"])
def test_ami_equals_sklearn(average, which):
    for t, p in REAL if which == "real" else RANDOM:
        ours, theirs = pe.adjusted_mutual_info(t, p, average=average), _sk_ami(t, p, average)
        assert abs(ours - theirs) <= TOL, (ours, theirs)


@pytest.mark.parametrize("t, p", REAL + RANDOM)
def test_expected_mi_equals_exact_rational_value(t, p):
    c = skc.contingency_matrix(t, p)
    exact = exact_emi(c.sum(1), c.sum(0), len(t))
    assert pe.expected_mutual_info(t, p) == pytest.approx(exact, rel=1e-14)
    # scikit-learn's gammaln form, for reference: agreement at its own accuracy
    assert expected_mutual_information(c, len(t)) == pytest.approx(exact, rel=1e-10)


def test_expected_mi_is_more_accurate_than_sklearn_at_larger_n():
    rng = np.random.default_rng(3)
    t, p = rng.integers(0, 40, 12_000), rng.integers(0, 30, 12_000)
    c = skc.contingency_matrix(t, p)
    exact = exact_emi(c.sum(1), c.sum(0), 12_000)
    ours = pe.expected_mutual_info(t, p)
    theirs = expected_mutual_information(c, 12_000)
    assert abs(ours - exact) <= 1e-14 * exact
    assert abs(theirs - exact) > 10 * abs(ours - exact)  # scikit-learn 1.9.1: 1.7e-11 relative


def test_expected_mi_equals_entropy_against_singletons():
    """Against all singletons every relabelling gives I = H(U), so E[I] = H(U) exactly."""
    t = np.repeat(np.arange(5), [40, 30, 20, 7, 3])
    h = skc.mutual_info_score(t, t)
    assert pe.expected_mutual_info(t, np.arange(100)) == pytest.approx(h, rel=1e-14)


def test_expected_mi_by_simulation():
    rng = np.random.default_rng(11)
    t = np.repeat(np.arange(4), [50, 30, 15, 5])
    p = np.repeat(np.arange(3), [40, 35, 25])
    mis = [pe.mutual_info(t, rng.permutation(p)) for _ in range(2000)]
    check = simulation.check_mean(mis, pe.expected_mutual_info(t, p), label="E[MI]")
    assert check.passed, simulation.format_checks([check])


def test_expected_mi_tails_widen_where_needed():
    """Windows that start too narrow (tiny means, Poisson-like right tails) are widened:
    compare a table of many small clusters with the exact value."""
    t = np.repeat(np.arange(60), np.arange(1, 61))  # sizes 1..60, n = 1830
    p = np.r_[np.zeros(1000, int), np.arange(1, 831)]  # one big cluster and singletons
    c = skc.contingency_matrix(t, p)
    exact = exact_emi(c.sum(1), c.sum(0), t.size)
    assert pe.expected_mutual_info(t, p) == pytest.approx(exact, rel=1e-14)


def test_ami_conventions():
    t = np.repeat(np.arange(3), [4, 3, 3])
    ones, singles = np.zeros(10, int), np.arange(10)
    for average in AVERAGES:
        assert pe.adjusted_mutual_info(t, t + 5, average=average) == 1.0
        assert pe.adjusted_mutual_info(ones, ones + 5, average=average) == 1.0
        assert pe.adjusted_mutual_info(singles, singles[::-1], average=average) == 1.0
        assert pe.adjusted_mutual_info(t, ones, average=average) == 0.0
        assert pe.adjusted_mutual_info(t, singles, average=average) == 0.0
        assert pe.adjusted_mutual_info(singles, t, average=average) == 0.0
    # nested partitions: I = min(H) exactly, AMI_min = 1 exactly
    coarse = t // 2
    assert pe.adjusted_mutual_info(t, coarse, average="min") == 1.0
    assert pe.adjusted_mutual_info(t, coarse, average="max") < 1.0
    # scikit-learn 1.9.1 returns a rounding residue against singletons
    assert abs(_sk_ami(t, singles, "arithmetic")) < 1e-12


def test_ami_expectation_zero_under_permutations():
    rng = np.random.default_rng(2)
    t = np.repeat(np.arange(5), [20, 20, 10, 5, 5])
    p = np.repeat(np.arange(4), 15)
    amis = [pe.adjusted_mutual_info(t, rng.permutation(p)) for _ in range(1500)]
    check = simulation.check_mean(amis, 0.0, label="E[AMI]")
    assert check.passed, simulation.format_checks([check])


def test_expected_mi_at_large_n_agrees_with_sklearn_to_its_rounding():
    """n = 10^6 in 20 x 20 clusters: scikit-learn's log-factorials of numbers near 10^6
    carry about 1e-10 absolute rounding each, so agreement is to about 1e-8 relative."""
    rng = np.random.default_rng(5)
    n = 1_000_000
    t, p = rng.integers(0, 20, n), rng.integers(0, 20, n)
    c = skc.contingency_matrix(t, p)
    assert pe.expected_mutual_info(t, p) == pytest.approx(
        expected_mutual_information(c, n), rel=1e-7
    )
    assert abs(pe.adjusted_mutual_info(t, p)) < 1e-3  # independent labels


# ------------------------------------------------------------------ VI
def test_vi_equals_entropy_form():
    for t, p in REAL + RANDOM:
        h_t, h_p = skc.mutual_info_score(t, t), skc.mutual_info_score(p, p)
        expected = h_t + h_p - 2 * skc.mutual_info_score(t, p)
        assert abs(pe.variation_of_information(t, p) - expected) <= TOL


def test_vi_is_a_metric():
    rng = np.random.default_rng(99)
    for _ in range(300):
        n = int(rng.integers(2, 40))
        u, v, w = (rng.integers(0, int(rng.integers(1, 6)), n) for _ in range(3))
        d_uv, d_vw, d_uw = (pe.variation_of_information(*pair) for pair in ((u, v), (v, w), (u, w)))
        assert d_uw <= d_uv + d_vw + 1e-12
        assert d_uv >= 0.0
        assert d_uv == pytest.approx(pe.variation_of_information(v, u), rel=1e-12, abs=1e-15)
        same = pe.adjusted_rand_index(u, v) == 1.0  # identical up to renaming
        assert (d_uv == 0.0) == same


def test_vi_zero_exactly_for_renamed_partitions_and_log_n_at_most():
    t = np.repeat(np.arange(4), [3, 5, 7, 9])
    renamed = np.array(["abcd"[i] for i in t])
    assert pe.variation_of_information(t, renamed) == 0.0
    n = 24
    assert pe.variation_of_information(np.zeros(n, int), np.arange(n)) == pytest.approx(
        math.log(n), rel=1e-14
    )


# ------------------------------------------------------------------ homogeneity, completeness, V
@pytest.mark.parametrize("which", ["real", "random"])
def test_homogeneity_completeness_v_equal_sklearn(which):
    for t, p in REAL if which == "real" else RANDOM:
        assert abs(pe.homogeneity(t, p) - skm.homogeneity_score(t, p)) <= TOL
        assert abs(pe.completeness(t, p) - skm.completeness_score(t, p)) <= TOL
        for beta in (0.25, 1.0, 2.0):
            assert abs(pe.v_measure(t, p, beta=beta) - skm.v_measure_score(t, p, beta=beta)) <= TOL
        assert abs(pe.v_measure(t, p) - pe.normalized_mutual_info(t, p)) <= TOL


def test_homogeneity_completeness_conventions():
    t = np.repeat(np.arange(3), [4, 3, 3])
    assert pe.homogeneity(t, np.arange(10)) == 1.0 and pe.completeness(t, np.zeros(10, int)) == 1.0
    assert pe.homogeneity(np.zeros(10, int), t) == 1.0  # one class: H(U) = 0
    assert pe.completeness(t, np.zeros(10, int)) == 1.0
    assert pe.homogeneity(t, np.zeros(10, int)) == 0.0
    assert pe.v_measure(t, np.zeros(10, int)) == 0.0
    assert pe.homogeneity(t, t) == pe.completeness(t, t) == pe.v_measure(t, t) == 1.0
    assert pe.homogeneity(t, np.r_[t[:5], t[5:] + 10]) == 1.0  # a refinement is homogeneous


# ------------------------------------------------------------------ Calinski-Harabasz
def test_calinski_harabasz_equals_sklearn():
    cases = []
    for loader in (load_iris, load_wine):
        X = loader().data
        cases += [(X, _kmeans_labels(X, k)) for k in (2, 3, 6)] + [(X, loader().target)]
    rng = np.random.default_rng(4)
    cases += [(rng.normal(size=(200, 5)), rng.integers(0, 4, 200))]
    for X, labels in cases:
        ours, theirs = pe.calinski_harabasz_index(X, labels), skm.calinski_harabasz_score(X, labels)
        assert ours == pytest.approx(theirs, rel=TOL)


def test_calinski_harabasz_translation_invariant():
    X = load_iris().data
    labels = load_iris().target
    shifted = X + 1e8
    exact = shifted - 1e8  # an exact translate of the shifted data (Sterbenz)
    assert pe.calinski_harabasz_index(shifted, labels) == pytest.approx(
        pe.calinski_harabasz_index(exact, labels), rel=1e-9
    )


def test_calinski_harabasz_conventions():
    X = np.array([[0.0], [0.0], [1.0], [1.0], [1.0]])
    assert pe.calinski_harabasz_index(X, [0, 0, 1, 1, 1]) == math.inf
    assert skm.calinski_harabasz_score(X, [0, 0, 1, 1, 1]) == 1.0  # scikit-learn 1.9.1
    with pytest.raises(ValueError, match="X has all samples identical"):
        pe.calinski_harabasz_index(np.ones((4, 2)), [0, 0, 1, 1])
    with pytest.raises(
        ValueError,
        match="labels must be a partition into at least 2 clusters for this index; got 1 cluster",
    ):
        pe.calinski_harabasz_index(X, np.zeros(5, int))
    with pytest.raises(ValueError, match="its own cluster"):
        pe.calinski_harabasz_index(X, np.arange(5))
    with pytest.raises(ValueError, match="labels has 4 entries but X has 5; they must pair up"):
        pe.calinski_harabasz_index(X, [0, 0, 1, 1])
    with pytest.raises(ValueError, match="NaN"):
        pe.calinski_harabasz_index(np.array([[np.nan], [1.0], [2.0]]), [0, 1, 1])


# ------------------------------------------------------------------ ARI under other random models
def test_ari_default_unchanged():
    for t, p in REAL + RANDOM:
        assert pe.adjusted_rand_index(t, p) == pe.adjusted_rand_index(t, p, random_model="perm")
        assert pe.adjusted_rand_index(t, p) == pytest.approx(
            skm.adjusted_rand_score(t, p), rel=1e-12, abs=1e-15
        )


def test_stirling_ratio_equals_exact_integers():
    S = stirling2_table(420, 200)
    for n in list(range(2, 70)) + [100, 150, 237, 420]:
        for k in range(1, min(n, 200) + 1):
            exact = Fraction(S[n - 1][k], S[n][k])
            assert E._stirling_ratio(n, k) == pytest.approx(float(exact), rel=1e-14, abs=0.0)


def _expected_ri_by_enumeration(t, k):
    ris = [pe.rand_index(t, q) for q in set_partitions(len(t), k)]
    return math.fsum(ris) / len(ris), len(ris)


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_ari_num1_has_exact_mean_zero_over_all_partitions(k):
    """Reference fixed, clustering uniform over every partition into k blocks:
    the mean of ARI_num1 over all S(8, k) partitions is 0 (to rounding)."""
    t = np.array([0, 0, 0, 1, 1, 2, 2, 2])
    parts = list(set_partitions(8, k))
    assert len(parts) == stirling2_table(8, 8)[8][k]
    values = [pe.adjusted_rand_index(t, q, random_model="num1") for q in parts]
    assert abs(math.fsum(values) / len(values)) < 1e-13


@pytest.mark.parametrize("k, l_", [(2, 3), (3, 3), (4, 2)])
def test_ari_num_has_exact_mean_zero_over_all_pairs_of_partitions(k, l_):
    parts_k, parts_l = list(set_partitions(6, k)), list(set_partitions(6, l_))
    values = [pe.adjusted_rand_index(u, v, random_model="num") for u in parts_k for v in parts_l]
    assert abs(math.fsum(values) / len(values)) < 1e-13


def _uniform_partition(n, k, S, rng):
    """A uniform draw from the partitions of range(n) into exactly k blocks, by the
    recurrence S(n, k) = k S(n-1, k) + S(n-1, k-1) (exact integers)."""
    labels = np.empty(n, dtype=int)
    m, j = n, k
    pending = []  # elements that join an existing block: chosen after the blocks exist
    while m > 0:
        if j == m:
            labels[:m] = np.arange(m)  # the first m elements are singletons 0..m-1
            break
        if j == 1:
            labels[:m] = 0
            break
        # element m - 1 opens a new block with probability S(m-1, j-1) / S(m, j)
        if rng.random() * S[m][j] < S[m - 1][j - 1]:
            labels[m - 1] = j - 1
            j -= 1
        else:
            pending.append((m - 1, j))
        m -= 1
    for element, blocks in pending:
        labels[element] = rng.integers(0, blocks)
    return labels


def test_uniform_partition_sampler_is_uniform():
    rng = np.random.default_rng(0)
    S = stirling2_table(6, 6)
    counts = {}
    for _ in range(6000):
        q = _uniform_partition(6, 3, S, rng)
        first = {}
        canon = tuple(
            first.setdefault(v, len(first)) for v in q.tolist()
        )  # restricted growth string
        counts[canon] = counts.get(canon, 0) + 1
    assert len(counts) == S[6][3] == 90
    expected = 6000 / 90
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 89 + 5 * math.sqrt(2 * 89)  # chi-square with 89 df, far tail


def test_ari_num1_expectation_zero_by_simulation():
    """Monte Carlo under Gates & Ahn's one-sided model: reference fixed, clustering drawn
    uniformly among the partitions of n = 40 samples into 4 clusters."""
    rng = np.random.default_rng(2017)
    n, k = 40, 4
    t = np.repeat(np.arange(3), [25, 10, 5])
    values = np.array(
        [
            pe.adjusted_rand_index(
                t, pe.cluster.random_partition(n, k, rng=rng), random_model="num1"
            )
            for _ in range(4000)
        ]
    )
    check = simulation.check_mean(values, 0.0, label="E[ARI_num1]")
    assert check.passed, simulation.format_checks([check])


def test_ari_num1_formula_matches_direct_expected_rand_index():
    t = np.array([0, 0, 0, 1, 1, 2, 2, 2])
    for k in (2, 3, 4):
        mean_ri, _ = _expected_ri_by_enumeration(t, k)
        q = np.array(next(iter(set_partitions(8, k))))
        ri = pe.rand_index(t, q)
        expected = (ri - mean_ri) / (1 - mean_ri)
        assert pe.adjusted_rand_index(t, q, random_model="num1") == pytest.approx(
            expected, rel=1e-13
        )


def test_ari_models_identical_partitions_and_bad_option():
    t = np.repeat(np.arange(3), [4, 3, 3])
    for model in E.RANDOM_MODELS:
        assert pe.adjusted_rand_index(t, t + 7, random_model=model) == 1.0
        assert pe.adjusted_rand_index(np.arange(5), np.arange(5)[::-1], random_model=model) == 1.0
        assert pe.adjusted_rand_index([0], [1], random_model=model) == 1.0
    with pytest.raises(ValueError, match="random_model must be one of"):
        pe.adjusted_rand_index(t, t, random_model="all")


def test_ari_num1_large_n_is_fast_and_finite():
    rng = np.random.default_rng(8)
    t = rng.integers(0, 1000, 1_000_000)
    value = pe.adjusted_rand_index(t, rng.integers(0, 1000, t.size), random_model="num1")
    assert abs(value) < 1e-3


@pytest.mark.parametrize("n, k", [(6, 3), (7, 2), (7, 5)])
def test_random_partition_is_uniform(n, k):
    """Chi-square over all S(n, k) partitions of range(n) into k blocks."""
    rng = np.random.default_rng(n * 10 + k)
    S = stirling2_table(n, k)
    counts = {}
    for _ in range(60 * S[n][k]):
        q = pe.cluster.random_partition(n, k, rng=rng)
        assert sorted(set(q.tolist())) == list(range(k))
        first = {}
        canon = tuple(
            first.setdefault(v, len(first)) for v in q.tolist()
        )  # restricted growth string
        counts[canon] = counts.get(canon, 0) + 1
    assert len(counts) == S[n][k]
    df = S[n][k] - 1
    chi2 = sum((c - 60) ** 2 / 60 for c in counts.values())
    assert chi2 < df + 5 * math.sqrt(2 * df)


def test_random_partition_edges_and_seed():
    assert pe.cluster.random_partition(1, 1, rng=0).tolist() == [0]
    assert pe.cluster.random_partition(5, 5, rng=0).tolist() == [0, 1, 2, 3, 4]
    assert pe.cluster.random_partition(5, 1, rng=0).tolist() == [0] * 5
    assert np.array_equal(
        pe.cluster.random_partition(30, 4, rng=3), pe.cluster.random_partition(30, 4, rng=3)
    )
