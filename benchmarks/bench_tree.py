"""Fit time of patterneval's CART against scikit-learn's DecisionTreeClassifier
(reference only, no target), as ratios.

Run from the repository root::

    python benchmarks/bench_tree.py          # full run
    python benchmarks/bench_tree.py --quick  # smaller n, a smoke test

Prints one table and asserts nothing. Both grow a full Gini tree (max_depth=None) and a
depth-8 tree on the same data; times are the best of ``--repeats`` runs, as wall-clock and
as CPU time of this process (``time.process_time``, the steadier one on a loaded machine).
CART sorts every feature once at the root and scans all cuts of a node in a few numpy
expressions; scikit-learn grows the tree in Cython. Goal: ratio <= 2.
"""

from __future__ import annotations

import argparse
import gc
import time

from _timing import best_time, versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from sklearn.datasets import load_iris, load_wine, make_classification
from sklearn.tree import DecisionTreeClassifier

from patterneval.tree import CART


def best_cpu(func, repeats):
    """Best of ``repeats`` CPU times (``time.process_time``) of ``func()`` in seconds."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.process_time()
        func()
        times.append(time.process_time() - start)
    return min(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(versions())
    n = 2_000 if args.quick else 10_000
    X, y = make_classification(n_samples=n, n_features=10, n_informative=6, random_state=0)
    data = {
        "iris": load_iris(return_X_y=True),
        "wine": load_wine(return_X_y=True),
        f"synthetic n={n}, d=10": (X, y),
    }
    print(
        f"{'data':<24}{'max_depth':>10}{'CART (s)':>12}{'sklearn (s)':>13}{'wall':>7}"
        f"{'CART cpu':>10}{'sk cpu':>9}{'cpu':>6}{'leaves':>14}"
    )
    for name, (X, y) in data.items():
        for depth in (None, 8):

            def ours_fit():
                CART(max_depth=depth).fit(X, y)

            def ref_fit():
                DecisionTreeClassifier(max_depth=depth, random_state=0).fit(X, y)

            ours, ref = best_time(ours_fit, args.repeats), best_time(ref_fit, args.repeats)
            ours_cpu, ref_cpu = best_cpu(ours_fit, args.repeats), best_cpu(ref_fit, args.repeats)
            leaves = (
                int(CART(max_depth=depth).fit(X, y).get_n_leaves()),
                int(
                    DecisionTreeClassifier(max_depth=depth, random_state=0).fit(X, y).get_n_leaves()
                ),
            )
            print(
                f"{name:<24}{str(depth):>10}{ours:>12.4f}{ref:>13.4f}{ours / ref:>7.2f}"
                f"{ours_cpu:>10.4f}{ref_cpu:>9.4f}{ours_cpu / ref_cpu:>6.2f}  {str(leaves):>14}"
            )


if __name__ == "__main__":
    main()
