"""Speed of patterneval's Bagging and RandomForest beside scikit-learn's, as ratios.

Run from the repository root::

    python benchmarks/bench_bagging.py          # full run, under a minute
    python benchmarks/bench_bagging.py --quick  # fewer members, a smoke test

Prints one table and asserts nothing. Goal: ``Bagging`` fit <= 1.2x
``sklearn.ensemble.BaggingClassifier`` with the same base estimator (a fully grown
``DecisionTreeClassifier``) and ``n_estimators``, both with ``n_jobs=1``. Our ``fit``
always computes the out-of-bag votes, so it is compared with scikit-learn both with
``oob_score=True`` (like for like) and ``oob_score=False`` (scikit-learn's default).
``predict`` is timed too. Goal: ``RandomForest`` (k = log2 d, its default tree
scikit-learn's compiled ``DecisionTreeClassifier``) fit and predict <= 1.5x
``sklearn.ensemble.RandomForestClassifier(max_features="log2")`` with the same number of
trees and ``n_jobs=1`` (and, in the full run, ``n_jobs=2`` for both); fit compared with
``oob_score=True``, like for like, and with scikit-learn's default ``oob_score=False``. The book's pure-numpy tree,
``RandomForest(tree=CART())`` (what the bagging chapter passes), is timed on breast cancer
for reference (full run only).

Data: breast cancer (n = 569, d = 30) and a synthetic set (n = 5,000, d = 20). Times are
the best of ``--repeats`` runs, as wall time and as CPU time of the process (on a shared
machine the CPU-time ratio is the steadier one). Every BLAS/OpenMP pool is held to one
thread (threadpoolctl).
"""

from __future__ import annotations

import argparse
import gc
import time
import warnings

from _timing import versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.ensemble import BaggingClassifier, RandomForestClassifier
from sklearn.tree import DecisionTreeClassifier
from threadpoolctl import threadpool_limits

from patterneval.ensemble.bagging import Bagging, RandomForest
from patterneval.tree import CART


def best_time(func, repeats):
    """Best wall time and best CPU time (this process; n_jobs=1 keeps all work here)."""
    walls, cpus = [], []
    for _ in range(repeats):
        gc.collect()
        t, c = time.perf_counter(), time.process_time()
        func()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return min(walls), min(cpus)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    T = 20 if args.quick else 100
    n = 1000 if args.quick else 5000
    if args.quick:  # a smoke test of a few seconds (make bench-quick)
        args.repeats = 1
    print(versions())
    X1, y1 = load_breast_cancer(return_X_y=True)
    X2, y2 = make_classification(n_samples=n, n_features=20, n_informative=8, random_state=0)
    rows = []
    for name, X, y in (("breast cancer", X1, y1), (f"synthetic {n}x20", X2, y2)):
        ours = Bagging(DecisionTreeClassifier(), n_estimators=T, random_state=0, n_jobs=1)
        sk_oob = BaggingClassifier(
            DecisionTreeClassifier(), n_estimators=T, oob_score=True, random_state=0, n_jobs=1
        )
        sk = BaggingClassifier(DecisionTreeClassifier(), n_estimators=T, random_state=0, n_jobs=1)
        t_ours = best_time(lambda: ours.fit(X, y), args.repeats)
        t_sk_oob = best_time(lambda: sk_oob.fit(X, y), args.repeats)
        t_sk = best_time(lambda: sk.fit(X, y), args.repeats)
        rows.append(
            (f"Bagging fit ({name})", t_ours, "BaggingClassifier fit, oob_score=True", t_sk_oob)
        )
        rows.append(
            (f"Bagging fit ({name})", t_ours, "BaggingClassifier fit, oob_score=False", t_sk)
        )
        p_ours = best_time(lambda: ours.predict(X), args.repeats)
        p_sk = best_time(lambda: sk.predict(X), args.repeats)
        rows.append((f"Bagging predict ({name})", p_ours, "BaggingClassifier predict", p_sk))
        forest = RandomForest(n_estimators=T, random_state=0, n_jobs=1)
        sk_forest = RandomForestClassifier(
            n_estimators=T, max_features="log2", oob_score=True, random_state=0, n_jobs=1
        )
        sk_plain = RandomForestClassifier(
            n_estimators=T, max_features="log2", random_state=0, n_jobs=1
        )
        f_ours = best_time(lambda: forest.fit(X, y), args.repeats)
        f_sk = best_time(lambda: sk_forest.fit(X, y), args.repeats)
        f_plain = best_time(lambda: sk_plain.fit(X, y), args.repeats)
        rows.append(
            (
                f"RandomForest fit ({name})",
                f_ours,
                "RandomForestClassifier fit, oob_score=True",
                f_sk,
            )
        )
        rows.append(
            (
                f"RandomForest fit ({name})",
                f_ours,
                "RandomForestClassifier fit, oob_score=False",
                f_plain,
            )
        )
        if not args.quick and name == "breast cancer":
            cart = RandomForest(n_estimators=T, random_state=0, n_jobs=1, tree=CART())
            f_cart = best_time(lambda: cart.fit(X, y), 1)
            rows.append(
                (
                    f"RandomForest(tree=CART()) fit ({name})",
                    f_cart,
                    "RandomForestClassifier fit, oob_score=True",
                    f_sk,
                )
            )
        q_ours = best_time(lambda: forest.predict(X), args.repeats)
        q_sk = best_time(lambda: sk_forest.predict(X), args.repeats)
        rows.append(
            (f"RandomForest predict ({name})", q_ours, "RandomForestClassifier predict", q_sk)
        )
        if not args.quick:  # two workers each (CPU times then miss the workers' time: read wall)
            forest2 = RandomForest(n_estimators=T, random_state=0, n_jobs=2).fit(X, y)
            sk2 = RandomForestClassifier(
                n_estimators=T, max_features="log2", oob_score=True, random_state=0, n_jobs=2
            )
            rows.append(
                (
                    f"RandomForest fit, n_jobs=2 ({name})",
                    best_time(lambda: forest2.fit(X, y), args.repeats),
                    "RandomForestClassifier fit, oob, n_jobs=2",
                    best_time(lambda: sk2.fit(X, y), args.repeats),
                )
            )
            rows.append(
                (
                    f"RandomForest predict, n_jobs=2 ({name})",
                    best_time(lambda: forest2.predict(X), args.repeats),
                    "RandomForestClassifier predict, n_jobs=2",
                    best_time(lambda: sk2.predict(X), args.repeats),
                )
            )
    print(f"T = {T} members, n_jobs = 1 unless stated, best of {args.repeats}")
    print(
        f"{'patterneval':<46} {'wall s':>7} {'cpu s':>7}   {'peer':<44} {'wall s':>7} {'cpu s':>7}"
        f" {'wall x':>6} {'cpu x':>6}"
    )
    for ours_name, (w1, c1), peer, (w2, c2) in rows:
        print(
            f"{ours_name:<46} {w1:>7.3f} {c1:>7.3f}   {peer:<44} {w2:>7.3f} {c2:>7.3f}"
            f" {w1 / w2:>6.2f} {c1 / c2:>6.2f}"
        )


if __name__ == "__main__":
    with threadpool_limits(1), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        main()
