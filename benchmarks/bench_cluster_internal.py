"""Speed and memory of the internal clustering indices (patterneval.cluster.internal),
side by side with scikit-learn and a bare kNN query, as ratios.

Run from the repository root::

    python benchmarks/bench_cluster_internal.py          # full run, about a minute
    python benchmarks/bench_cluster_internal.py --quick  # smaller n, a smoke test

Prints one table and asserts nothing. Goals:

(a) ``pe.silhouette_width`` at n = 20,000, d = 10, 8 clusters: time <= 1.0x
    ``sklearn.metrics.silhouette_score`` (default working memory), peak traced memory
    (tracemalloc) <= 256 MiB (scikit-learn's peaks near 1.2 GiB);
(b) ``pe.dunn_index`` on the same data: time <= 1.5x our silhouette's, peak <= 256 MiB;
(c) ``pe.connectivity`` at n = 10^5, d = 5, 10 neighbours: time <= 1.5x a bare
    ``scipy.spatial.cKDTree(X).query(X, k=11)`` (tree build included in both);
(d) ``pe.calinski_harabasz_index`` at n = 10^6, d = 10, 8 clusters: time <= 1.0x
    ``sklearn.metrics.calinski_harabasz_score``, wall and CPU time, the two sides
    alternating in each repeat so that load from other jobs hits both.

Times are the best of ``--repeats`` runs; memory is the tracemalloc peak of one more run.
"""

from __future__ import annotations

import argparse
import os

import numpy as np
from _timing import best_time, paired_times, peak_memory, versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from scipy.spatial import cKDTree
from sklearn.metrics import calinski_harabasz_score, silhouette_score

import patterneval as pe

MiB = 2**20


def calinski_harabasz(n, repeats):
    """(d): our index against scikit-learn's, wall and CPU ratios, with the load average."""
    rng = np.random.default_rng(0)
    centres = rng.normal(scale=3.0, size=(8, 10))
    labels = rng.integers(0, 8, n)
    X = centres[labels] + rng.normal(size=(n, 10))
    (t_w, t_c), (p_w, p_c) = paired_times(
        lambda: pe.calinski_harabasz_index(X, labels),
        lambda: calinski_harabasz_score(X, labels),
        repeats,
    )
    print(
        f"\ncalinski_harabasz_index n={n}, d=10, k=8 vs sklearn calinski_harabasz_score"
        f" (alternating, best of {repeats}; load average {os.getloadavg()[0]:.1f}):"
        f" wall {t_w:.3f} / {p_w:.3f} s = {t_w / p_w:.2f},"
        f" CPU {t_c:.3f} / {p_c:.3f} s = {t_c / p_c:.2f}  (goal <= 1.0)"
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(versions())
    n, n_conn = (4_000, 20_000) if args.quick else (20_000, 100_000)
    rng = np.random.default_rng(0)
    centres = rng.normal(scale=3.0, size=(8, 10))
    labels = rng.integers(0, 8, n)
    X = centres[labels] + rng.normal(size=(n, 10))
    Xc = rng.normal(size=(n_conn, 5))
    labels_c = (Xc[:, 0] > 0).astype(int) + 2 * (Xc[:, 1] > 0)

    rows = []
    t_sk = best_time(lambda: silhouette_score(X, labels), args.repeats)
    t_sil = best_time(lambda: pe.silhouette_width(X, labels), args.repeats)
    t_dunn = best_time(lambda: pe.dunn_index(X, labels), args.repeats)
    m_sk = peak_memory(lambda: silhouette_score(X, labels))
    m_sil = peak_memory(lambda: pe.silhouette_width(X, labels))
    m_dunn = peak_memory(lambda: pe.dunn_index(X, labels))
    t_knn = best_time(lambda: cKDTree(Xc).query(Xc, k=11), args.repeats)
    t_conn = best_time(lambda: pe.connectivity(Xc, labels_c, n_neighbors=10), args.repeats)

    rows.append(
        (
            "silhouette_width",
            f"n={n}, d=10",
            t_sil,
            "sklearn silhouette_score",
            t_sk,
            t_sil / t_sk,
            "<= 1.0",
            m_sil / MiB,
            m_sk / MiB,
        )
    )
    rows.append(
        (
            "dunn_index",
            f"n={n}, d=10",
            t_dunn,
            "our silhouette_width",
            t_sil,
            t_dunn / t_sil,
            "<= 1.5",
            m_dunn / MiB,
            float("nan"),
        )
    )
    rows.append(
        (
            "connectivity",
            f"n={n_conn}, d=5, L=10",
            t_conn,
            "cKDTree query k=11",
            t_knn,
            t_conn / t_knn,
            "<= 1.5",
            float("nan"),
            float("nan"),
        )
    )
    header = (
        f"{'function':18} {'data':22} {'ours s':>8} {'peer':26} {'peer s':>8} "
        f"{'ratio':>6} {'goal':>7} {'ours MiB':>9} {'peer MiB':>9}"
    )
    print(header)
    print("-" * len(header))
    for name, data, t, peer, tp, ratio, goal, m, mp in rows:
        print(
            f"{name:18} {data:22} {t:8.3f} {peer:26} {tp:8.3f} {ratio:6.2f} {goal:>7} "
            f"{m:9.1f} {mp:9.1f}"
        )
    calinski_harabasz(10**5 if args.quick else 10**6, max(args.repeats, 5))


if __name__ == "__main__":
    main()
