"""Speed of AdaBoost (patterneval.ensemble.boosting) side by side with scikit-learn's
AdaBoostClassifier, as ratios.

Run from the repository root::

    python benchmarks/bench_boosting.py          # full run, about a minute
    python benchmarks/bench_boosting.py --quick  # smaller synthetic set, a smoke test

Prints one table and asserts nothing. Goal: ``AdaBoost`` fit with decision stumps
in re-weight mode <= 2x ``sklearn.ensemble.AdaBoostClassifier`` (SAMME) with the same stump
(``DecisionTreeClassifier(max_depth=1)``) and the same number of rounds, on the breast
cancer data and on a synthetic set (n = 20,000, d = 20). Both stop only after all rounds
(checked: the tables print the number of fitted rounds). Re-sample mode is timed too, for
information (no peer). Times are the best of ``--repeats`` runs.
"""

from __future__ import annotations

import argparse

import numpy as np
from _timing import best_time, versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.ensemble import AdaBoostClassifier
from sklearn.tree import DecisionTreeClassifier

from patterneval.ensemble.boosting import AdaBoost


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args(argv)
    n = 1_000 if args.quick else 20_000
    if args.quick:  # a smoke test of a few seconds (make bench-quick)
        args.repeats, args.rounds = 1, 20
    print(versions())
    X_bc, y_bc = load_breast_cancer(return_X_y=True)
    X_syn, y_syn = make_classification(n, 20, n_informative=8, flip_y=0.05, random_state=0)
    stump = DecisionTreeClassifier(max_depth=1)
    T = args.rounds

    header = (
        f"{'data':28} {'ours (s)':>9} {'sklearn (s)':>11} {'ratio':>6} {'goal':>5} "
        f"{'rounds':>11} {'resample (s)':>12}"
    )
    print(header)
    print("-" * len(header))
    for name, X, y in (
        ("breast cancer n=569 d=30", X_bc, y_bc),
        (f"synthetic n={n} d=20", X_syn, y_syn),
    ):
        ours = AdaBoost(stump, T, random_state=0)
        peer = AdaBoostClassifier(stump, n_estimators=T, random_state=0)
        resample = AdaBoost(stump, T, mode="resample", random_state=0)
        t_ours = best_time(lambda: ours.fit(X, y), args.repeats)
        t_peer = best_time(lambda: peer.fit(X, y), args.repeats)
        t_res = best_time(lambda: resample.fit(X, y), 1)
        same = np.array_equal(ours.predict(X), peer.predict(X))
        rounds = f"{len(ours.estimators_)}/{len(peer.estimators_)}"
        print(
            f"{name:28} {t_ours:9.3f} {t_peer:11.3f} {t_ours / t_peer:6.2f} {'<=2':>5} "
            f"{rounds:>11} {t_res:12.3f}   same predictions: {same}"
        )


if __name__ == "__main__":
    main()
