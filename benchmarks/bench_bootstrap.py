"""Cost of .632+ over .632, ours and mlxtend's, as ratios from one run.

Run from the repository root::

    python benchmarks/bench_bootstrap.py            # n = 569 (breast cancer), B = 200
    python benchmarks/bench_bootstrap.py --quick    # B = 50

Same estimator and the same bootstrap replicates for both methods of each library:
``pe.bootstrap_error(..., method=".632")`` vs ``method=".632+"`` (goal: ratio <= 1.2),
and mlxtend's ``bootstrap_point632_score`` with ``method=".632"`` vs ``".632+"`` (its
no-information rate builds all n^2 label/prediction pairs for every replicate). Median
wall time of a few repeats; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _timing import versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from mlxtend.evaluate import bootstrap_point632_score
from sklearn.datasets import load_breast_cancer
from sklearn.naive_bayes import GaussianNB

import patterneval as pe


def _median_time(func, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    n_resamples, repeats = (50, 1) if args.quick else (200, 3)
    X, y = load_breast_cancer(return_X_y=True)
    est = GaussianNB()
    print(versions("mlxtend"))
    print(f"breast cancer n={y.size}, GaussianNB, B={n_resamples}, median of {repeats}\n")
    rows = []
    for name, run in [
        (
            "patterneval",
            lambda m: pe.bootstrap_error(est, X, y, n_resamples=n_resamples, method=m, rng=0),
        ),
        (
            "mlxtend",
            lambda m: bootstrap_point632_score(
                est, X, y, n_splits=n_resamples, method=m, random_seed=0
            ),
        ),
    ]:
        t632 = _median_time(lambda: run(".632"), repeats)
        tplus = _median_time(lambda: run(".632+"), repeats)
        rows.append((name, t632, tplus))
    print(f"{'library':<12} {'.632 (s)':>9} {'.632+ (s)':>10} {'.632+ / .632':>13}")
    for name, t632, tplus in rows:
        print(f"{name:<12} {t632:>9.3f} {tplus:>10.3f} {tplus / t632:>13.2f}")
    print("\ngoal: patterneval .632+ / .632 <= 1.2")
    # gamma alone, ours vs the n^2 pair sum mlxtend uses, on the full-data predictions
    pred = est.fit(X, y).predict(X)
    from mlxtend.evaluate.bootstrap_point632 import accuracy, no_information_rate

    from patterneval.resampling.bootstrap import no_information_error

    t_ours = _median_time(lambda: no_information_error(y, pred), 5)
    t_pairs = _median_time(lambda: 1 - no_information_rate(y, pred, accuracy), repeats)
    print(
        f"gamma once: patterneval {t_ours * 1e3:.2f} ms, mlxtend pairs {t_pairs * 1e3:.1f} ms "
        f"(ratio {t_pairs / t_ours:.0f}x)"
    )


if __name__ == "__main__":
    main()
