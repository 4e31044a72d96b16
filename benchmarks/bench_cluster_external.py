"""External clustering indices at n = 10^7 integer labels against scikit-learn.

Every index of ``patterneval.cluster.external`` on the same two labelings, with 10 and
with 1,000 clusters per labeling (labels_pred agrees with labels_true on about half of
the samples). The peer is scikit-learn's function for the same index where it has one
(contingency_matrix, pair_confusion_matrix, rand_score, adjusted_rand_score,
fowlkes_mallows_score, mutual_info_score, normalized_mutual_info_score); for the indices
scikit-learn lacks (Jaccard, pair F1, Minkowski score from its pair_confusion_matrix;
F-measure, purity, accuracy from its contingency_matrix) the peer is the shortest
computation on top of scikit-learn's building block. Ours: best of ``REPEATS`` runs;
scikit-learn: one run (each takes seconds). Goal: ratio <= 0.1.

Then the peak memory (tracemalloc) of every contingency-based index with 10^4 classes and
10^4 clusters at n = ``--memory-n`` (10^6 by default): goal O(n + non-zero cells) (issue
18), where a dense 10^4 x 10^4 table alone would take 763 MiB.

Run: ``.venv/bin/python benchmarks/bench_cluster_external.py`` (``--n 1000000`` for a
quick run). About 2 minutes at n = 10^7 on a 2-core machine.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

import numpy as np
from _timing import peak_memory, versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from scipy.optimize import linear_sum_assignment
from sklearn.metrics import cluster as skc

import patterneval as pe

REPEATS = 3


def _sk_pairs(t, p):
    m = skc.pair_confusion_matrix(t, p) // 2
    return int(m[1, 1]), int(m[0, 1]), int(m[1, 0]), int(m[0, 0])


def _sk_f_measure(t, p):
    c = skc.contingency_matrix(t, p)
    f = 2 * c / (c.sum(1)[:, None] + c.sum(0)[None, :])
    return float((c.sum(1) * f.max(1)).sum() / c.sum())


def _sk_accuracy(t, p):
    c = skc.contingency_matrix(t, p)
    r, k = linear_sum_assignment(c, maximize=True)
    return c[r, k].sum() / c.sum()


def _sk_jaccard(t, p):
    a, b, c, _ = _sk_pairs(t, p)
    return a / (a + b + c)


def _sk_pair_f1(t, p):
    a, b, c, _ = _sk_pairs(t, p)
    return 2 * a / (2 * a + b + c)


def _sk_minkowski(t, p):
    a, b, c, _ = _sk_pairs(t, p)
    return ((b + c) / (a + c)) ** 0.5


PEERS = {
    "contingency_matrix": (pe.contingency_matrix, skc.contingency_matrix),
    "pair_counts": (pe.pair_counts, skc.pair_confusion_matrix),
    "rand_index": (pe.rand_index, skc.rand_score),
    "adjusted_rand_index": (pe.adjusted_rand_index, skc.adjusted_rand_score),
    "jaccard_index": (pe.jaccard_index, _sk_jaccard),
    "fowlkes_mallows_index": (pe.fowlkes_mallows_index, skc.fowlkes_mallows_score),
    "pair_f1": (pe.pair_f1, _sk_pair_f1),
    "f_measure": (pe.f_measure, _sk_f_measure),
    "purity": (pe.purity, lambda t, p: skc.contingency_matrix(t, p).max(0).sum() / len(t)),
    "mutual_info": (pe.mutual_info, skc.mutual_info_score),
    "normalized_mutual_info": (pe.normalized_mutual_info, skc.normalized_mutual_info_score),
    "clustering_accuracy": (pe.clustering_accuracy, _sk_accuracy),
    "minkowski_score": (pe.minkowski_score, _sk_minkowski),
}


#: Memory part: every contingency-based index; the peer is scikit-learn's own function
#: where it has one (its adjusted_mutual_info_score is left out: O(K L) time).
MEMORY_INDICES = (
    "contingency_matrix",
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
    "variation_of_information",
    "homogeneity",
    "completeness",
    "v_measure",
)
SK_NATIVE = {
    "contingency_matrix": partial(skc.contingency_matrix, sparse=True),
    "homogeneity": skc.homogeneity_score,
    "completeness": skc.completeness_score,
    "v_measure": skc.v_measure_score,
    **{
        name: PEERS[name][1]
        for name in (
            "pair_counts",
            "rand_index",
            "adjusted_rand_index",
            "fowlkes_mallows_index",
            "mutual_info",
            "normalized_mutual_info",
        )
    },
}


def memory_part(n, k=10_000):
    """Peak memory (tracemalloc) of every contingency-based index with k classes and k
    clusters: O(n + non-zero cells), never the dense k x k table."""
    rng = np.random.default_rng(0)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n))
    print(
        f"\npeak memory (tracemalloc), n = {n:,}, {k:,} classes x {k:,} clusters "
        f"(a dense int64 table would take {k * k * 8 / 2**20:,.0f} MiB; the two label "
        f"arrays {2 * n * 8 / 2**20:,.1f} MiB)"
    )
    print(f"{'index':<26}{'ours MiB':>10}{'sklearn MiB':>13}{'ratio':>8}")
    for name in MEMORY_INDICES:
        ours = (
            partial(pe.contingency_matrix, sparse=True)
            if name == "contingency_matrix"
            else getattr(pe, name)
        )
        peer = SK_NATIVE.get(name)
        m_ours = peak_memory(lambda: ours(t, p)) / 2**20
        if peer is None:
            print(f"{name:<26}{m_ours:>10.1f}{'-':>13}{'-':>8}", flush=True)
            continue
        m_peer = peak_memory(lambda: peer(t, p)) / 2**20
        print(f"{name:<26}{m_ours:>10.1f}{m_peer:>13.1f}{m_ours / m_peer:>8.2f}", flush=True)


def timed(func, *args, repeats=1):
    best = np.inf
    for _ in range(repeats):
        start = time.perf_counter()
        func(*args)
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument(
        "--memory-n",
        type=int,
        default=1_000_000,
        help="n of the memory part (10^4 classes and clusters)",
    )
    parser.add_argument("--quick", action="store_true", help="n = 10^5, one repeat: a smoke test")
    args = parser.parse_args()
    global REPEATS
    n = 100_000 if args.quick else args.n
    if args.quick:
        REPEATS = 1
    print(versions())
    print(f"n = {n:,}")
    print(f"{'index':<24}{'clusters':>9}{'ours (s)':>10}{'sklearn (s)':>13}{'ratio':>8}")
    for k in (10, 1_000):
        rng = np.random.default_rng(k)
        t = rng.integers(0, k, n)
        p = np.where(rng.random(n) < 0.5, t, rng.integers(0, k, n))
        for name, (ours, peer) in PEERS.items():
            ours_s = timed(ours, t, p, repeats=REPEATS)
            peer_s = timed(peer, t, p)
            print(
                f"{name:<24}{k:>9}{ours_s:>10.3f}{peer_s:>13.3f}{ours_s / peer_s:>8.3f}", flush=True
            )
    memory_part(20_000 if args.quick else args.memory_n)


if __name__ == "__main__":
    main()
