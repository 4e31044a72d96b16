"""Speed and memory of patterneval.errorrate, side by side with statsmodels, as ratios.

Run from the repository root::

    python benchmarks/bench_errorrate.py            # full run
    python benchmarks/bench_errorrate.py --quick    # fewer repeats, for a smoke test

Prints three tables and asserts nothing (goals are in benchmarks/README.md):

(a) ``pe.binomial_interval`` over 10^5 (k, n) pairs, vectorised, against statsmodels'
    ``proportion_confint`` on the same arrays, per method: median time of several
    rounds in which the two sides alternate (``_timing.paired_medians``), the ratio
    patterneval / statsmodels (goal <= 1.0), and the peak traced
    memory (tracemalloc) of one call of each; then one scalar call of each (same goal);
(b) a 10^6-replicate Monte Carlo of the stratified estimator, ``patterneval.book.selective_sampling.simulate_sampling``
    (goal < 0.5 s);
(c) explorer update latency: each explorer in ``patterneval.widgets`` has a slider moved
    20 times between two values, each move redrawing synchronously with matplotlib's Agg
    backend; the median latency per move is reported (goal < 100 ms). Skipped with
    "explorers not available" if ``patterneval.widgets`` cannot be imported.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
import warnings

import matplotlib

matplotlib.use("Agg")  # before anything imports pyplot

import numpy as np  # noqa: E402
from _latency import slider_latency  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from _timing import paired_medians, peak_memory, versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)

import patterneval as pe  # noqa: E402
from patterneval.book.selective_sampling import simulate_sampling  # noqa: E402

#: patterneval method -> statsmodels ``proportion_confint`` method
STATSMODELS = {
    "wald": "normal",
    "wilson": "wilson",
    "agresti-coull": "agresti_coull",
    "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
}


def bench_intervals(size: int, repeats: int) -> None:
    from statsmodels import __version__ as sm_version
    from statsmodels.stats.proportion import proportion_confint

    rng = np.random.default_rng(12345)
    n = rng.integers(1, 1001, size=size)
    k = rng.integers(0, n + 1)  # includes k = 0 and k = n
    print(
        f"(a) binomial_interval on {size:,} (k, n) pairs, n in [1, 1000], 95% level;"
        f" statsmodels {sm_version}; median of {repeats} rounds, the two sides alternating"
    )
    header = f"    {'method':<16}{'patterneval':>13}{'statsmodels':>13}{'ratio':>8}   {'peak MB pe':>10}{'peak MB sm':>11}"
    print(header)
    print("    " + "-" * (len(header) - 4))
    for method, sm_method in STATSMODELS.items():

        def ours(method=method):
            return pe.binomial_interval(k, n, confidence_level=0.95, method=method)

        def theirs(sm_method=sm_method):
            return proportion_confint(k, n, alpha=0.05, method=sm_method)

        t_ours, t_theirs = paired_medians(ours, theirs, repeats)
        m_ours, m_theirs = peak_memory(ours), peak_memory(theirs)
        print(
            f"    {method:<16}{t_ours * 1e3:10.2f} ms{t_theirs * 1e3:10.2f} ms{t_ours / t_theirs:8.2f}"
            f"   {m_ours / 2**20:10.1f}{m_theirs / 2**20:11.1f}"
        )
    print("    goal: ratio <= 1.0")
    print("    one scalar call, (k, n) = (7, 100), median per call:")
    for method, sm_method in STATSMODELS.items():
        t_ours, t_theirs = paired_medians(
            lambda method=method: pe.binomial_interval(7, 100, method=method),
            lambda sm_method=sm_method: proportion_confint(7, 100, alpha=0.05, method=sm_method),
            repeats,
        )
        print(
            f"    {method:<16}{t_ours * 1e6:10.1f} us{t_theirs * 1e6:10.1f} us{t_ours / t_theirs:8.2f}"
        )


def bench_simulation(n_datasets: int, repeats: int) -> None:
    print(f"\n(b) simulate_sampling, {n_datasets:,} replicates, median of {repeats} runs")
    cases = [
        ("2 classes, N=100", [0.05, 0.4], [0.3, 0.7], 100),
        ("4 classes, N=200", [0.02, 0.1, 0.25, 0.5], [0.1, 0.2, 0.3, 0.4], 200),
    ]
    for label, errors, priors, n in cases:
        times = []
        for seed in range(repeats):
            start = time.perf_counter()
            simulate_sampling(errors, priors, n, n_datasets=n_datasets, rng=seed)
            times.append(time.perf_counter() - start)
        print(f"    {label:<20}{statistics.median(times):8.3f} s   (goal < 0.5 s)")


def bench_explorers(n_moves: int) -> None:
    print(f"\n(c) explorer update latency, {n_moves} slider moves each, Agg backend")
    try:
        from patterneval.widgets import (
            CalibrationExplorer,
            RocExplorer,
            SelectiveSamplingExplorer,
            TestErrorExplorer,
        )
    except Exception as exc:  # not written yet, or a broken import: report and go on
        print(f"    explorers not available ({type(exc).__name__}: {exc})")
        return
    import matplotlib.pyplot as plt

    # (explorer class, slider to move, the two values it alternates between)
    setups = [
        (TestErrorExplorer, "n", (30, 100)),
        (SelectiveSamplingExplorer, "n", (100, 200)),
        # Part V's explorers: their latency was a timed assertion in a unit test once
        (RocExplorer, "auc", (0.7, 0.9)),
        (CalibrationExplorer, "slope", (1.0, 2.5)),
    ]
    for cls, name, (a, b) in setups:
        try:
            explorer = cls()
            explorer.controls[name]  # fails here if the explorer lacks the slider
        except Exception as exc:
            print(f"    {cls.__name__:<28}not available ({type(exc).__name__}: {exc})")
            continue
        median, worst = slider_latency(explorer, name, a, b, n_moves)
        print(
            f"    {cls.__name__:<28}slider {name!r}: median {median:7.1f} ms,"
            f" max {worst:7.1f} ms   (goal < 100 ms)"
        )
        plt.close("all")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a smoke test)")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else 7
    print(versions("statsmodels"), platform.system(), "\n")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # peers' RuntimeWarnings at k = 0 / k = n
        # --quick: a smoke test of a few seconds (make bench-quick), not a measurement
        bench_intervals(size=10**4 if args.quick else 10**5, repeats=repeats)
        bench_simulation(n_datasets=10**5 if args.quick else 10**6, repeats=repeats)
        bench_explorers(n_moves=3 if args.quick else 20)


if __name__ == "__main__":
    sys.exit(main())
