"""Speed of patterneval.distance.minkowski against SciPy on 10^5 pairs of vectors.

Run from the repository root::

    python benchmarks/bench_distance.py            # full run
    python benchmarks/bench_distance.py --quick    # fewer repeats, for a smoke test

SciPy's ``scipy.spatial.distance.minkowski`` takes one pair per call, so the peer is timed
two ways: a Python loop over the pairs (what a user of that function writes) and
``cdist``-free row-wise NumPy (``np.linalg.norm`` of the differences, p = 2 only) as the
vectorised baseline. patterneval's ``minkowski`` broadcasts over rows (one call). Prints
median times and ratios; asserts only that the values agree.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from _latency import slider_latency  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from _timing import versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from scipy.spatial import distance as sd

import patterneval as pe


def _median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(quick: bool = False) -> None:
    n, d = 100_000, 8
    repeats = 3 if quick else 7
    rng = np.random.default_rng(0)
    X, Y, w = rng.normal(size=(n, d)), rng.normal(size=(n, d)), rng.uniform(size=d)
    loop_n = 2_000 if quick else 20_000  # the SciPy loop is timed on a slice, then scaled
    print(versions())
    print(f"n = {n:,} pairs, d = {d}")
    print(f"{'p':>4s} {'weights':>7s} {'patterneval':>12s} {'scipy loop':>11s} {'ratio':>7s}")
    for p in (1.0, 2.0, 3.0, np.inf):
        for weights in (None, w):
            ours = _median_time(lambda: pe.minkowski(X, Y, p=p, w=weights), repeats)
            t_loop = (
                _median_time(
                    lambda: [
                        sd.minkowski(a, b, p=p, w=weights) for a, b in zip(X[:loop_n], Y[:loop_n])
                    ],
                    1,
                )
                * n
                / loop_n
            )
            ref = np.array([sd.minkowski(a, b, p=p, w=weights) for a, b in zip(X[:100], Y[:100])])
            np.testing.assert_allclose(
                pe.minkowski(X[:100], Y[:100], p=p, w=weights), ref, rtol=1e-12
            )
            label = "no" if weights is None else "yes"
            print(
                f"{p:>4} {label:>7s} {ours * 1e3:10.1f}ms {t_loop * 1e3:9.0f}ms {ours / t_loop:7.4f}"
            )
    bare = _median_time(lambda: np.linalg.norm(X - Y, axis=1), repeats)
    ours = _median_time(lambda: pe.minkowski(X, Y), repeats)
    print(
        f"p = 2 against bare np.linalg.norm(X - Y, axis=1): {ours * 1e3:.1f} ms vs "
        f"{bare * 1e3:.1f} ms (ratio {ours / bare:.2f}; validation and overflow-safe scaling)"
    )
    bench_explorer(moves=10 if quick else 20)


def bench_explorer(moves: int) -> None:
    """Median latency of a slider move of the unit-ball explorer (goal < 100 ms)."""
    import matplotlib

    matplotlib.use("Agg")
    from patterneval.widgets.distance import UnitBallExplorer

    median, worst = slider_latency(UnitBallExplorer(p=2.0), "p", 0.5, 3.0, moves)
    print(
        f"UnitBallExplorer slider 'p': median {median:.1f} ms, "
        f"max {worst:.1f} ms over {moves} moves (goal < 100 ms)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    main(parser.parse_args().quick)
