"""Speed of the clustering algorithms (patterneval.cluster.algorithms) side by side with
their peers, as ratios.

Run from the repository root::

    python benchmarks/bench_cluster_algorithms.py          # full run, under a minute
    python benchmarks/bench_cluster_algorithms.py --quick  # smaller n, a smoke test

Prints one table and asserts nothing. Goals (issues 6 and 18):

(a) ``KMeans`` (Lloyd) at n = 10^5, d = 10, k = 8: time <= 2x scikit-learn's
    ``KMeans(algorithm="lloyd", init=centres, n_init=1)`` from the same initial centres
    and for the same number of iterations (tol = 0, max_iter fixed; both stop at the same
    iteration, printed); with one thread each the goal is <= 1.5x. The two sides alternate
    within each repeat; wall and CPU time (``time.process_time``) are both printed.
    Measured twice: with each library's default thread pools
    (ours: BLAS held to one thread and the row blocks of each pass on as many Python
    threads as BLAS had; scikit-learn: BLAS held to one thread and OpenMP threads for its
    Cython loop) and with every pool limited to one thread (threadpoolctl).
(b) ``hierarchical`` at n = 2000 (single, complete, average) against
    ``scipy.cluster.hierarchy.linkage``: goal <= 1.5x, judged on CPU time
    (``time.process_time``, the steadier measure on a shared machine); the wall-time
    ratio is printed beside it. The two sides alternate within each repeat.

Times are the best of ``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import gc
import os
import time

import numpy as np
from _timing import versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from scipy.cluster.hierarchy import linkage
from sklearn.cluster import KMeans as SkKMeans
from threadpoolctl import threadpool_info, threadpool_limits

from patterneval.cluster.algorithms import KMeans, hierarchical


def best_wall_and_cpu(funcs, repeats):
    """Best wall and best CPU (process) time of each of ``funcs``, called in turn within
    each repeat (so a burst of load hits both sides alike)."""
    wall = [float("inf")] * len(funcs)
    cpu = [float("inf")] * len(funcs)
    for _ in range(repeats):
        for i, func in enumerate(funcs):
            gc.collect()
            w, c = time.perf_counter(), time.process_time()
            func()
            cpu[i] = min(cpu[i], time.process_time() - c)
            wall[i] = min(wall[i], time.perf_counter() - w)
    return wall, cpu


def threads(api):
    return max((p["num_threads"] for p in threadpool_info() if p["user_api"] == api), default=0)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20)
    args = parser.parse_args(argv)
    print(versions())
    print(f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    n, n_h = (20_000, 500) if args.quick else (100_000, 2000)
    rng = np.random.default_rng(0)
    means = rng.normal(scale=2.0, size=(8, 10))
    X = means[rng.integers(0, 8, n)] + rng.normal(size=(n, 10))
    init = X[rng.choice(n, 8, replace=False)]
    it = args.iterations

    ours = KMeans(8, init=init, max_iter=it, tol=0.0)
    peer = SkKMeans(8, init=init, n_init=1, max_iter=it, tol=0.0, algorithm="lloyd")
    rows = []
    for label, limit in (("default threads", None), ("1 thread each", 1)):
        with threadpool_limits(limits=limit):
            blas, omp = threads("blas"), threads("openmp")
            (t_ours, t_peer), (c_ours, c_peer) = best_wall_and_cpu(
                [lambda: ours.fit(X), lambda: peer.fit(X)], args.repeats
            )
        same = np.array_equal(ours.labels_, peer.labels_) and ours.n_iter_ == peer.n_iter_
        rows.append(
            (
                f"KMeans lloyd, {label}",
                f"n={n}, d=10, k=8, {ours.n_iter_} it",
                t_ours,
                f"sklearn KMeans (omp {omp})",
                t_peer,
                t_ours / t_peer,
                "<= 2" if limit is None else "<= 1.5",
                f"CPU {c_ours:.4f} s / {c_peer:.4f} s = {c_ours / c_peer:.2f}; "
                f"ours: {blas} block threads; same labels {same}",
            )
        )
    Xh = rng.normal(size=(n_h, 10))
    for method in ("single", "complete", "average"):
        (t_ours, t_peer), (c_ours, c_peer) = best_wall_and_cpu(
            [lambda: hierarchical(Xh, linkage=method), lambda: linkage(Xh, method=method)],
            args.repeats,
        )
        rows.append(
            (
                f"hierarchical {method}",
                f"n={n_h}, d=10",
                t_ours,
                "scipy linkage",
                t_peer,
                t_ours / t_peer,
                "<= 1.5",
                f"CPU {c_ours:.4f} s / {c_peer:.4f} s = {c_ours / c_peer:.2f} (goal on CPU)",
            )
        )
    header = (
        f"{'function':30} {'data':28} {'ours s':>8} {'peer':24} {'peer s':>8} "
        f"{'ratio':>6} {'goal':>5}  note"
    )
    print(header)
    print("-" * len(header))
    for name, data, t, peer_name, tp, ratio, goal, note in rows:
        print(
            f"{name:30} {data:28} {t:8.4f} {peer_name:24} {tp:8.4f} {ratio:6.2f} {goal:>5}  {note}"
        )


if __name__ == "__main__":
    main()
