"""Speed of PCA, LDA and FastICA (patterneval.decomposition) side by side with
scikit-learn's, and the explorer's redraw time, as ratios.

Run from the repository root::

    python benchmarks/bench_decomposition.py          # full run, well under a minute
    python benchmarks/bench_decomposition.py --quick  # smaller n, a smoke test

Prints one table and asserts nothing (no speed target is set for these; reference
only). Times are the best of ``--repeats`` fits. FastICA runs from different random starts
in the two libraries, so iteration counts can differ; both are printed.
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np
from _timing import best_time, versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from sklearn.decomposition import PCA as SkPCA
from sklearn.decomposition import FastICA as SkFastICA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from patterneval.decomposition import LDA, PCA, FastICA


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(versions())
    n = 5_000 if args.quick else 50_000
    rng = np.random.default_rng(0)
    d, k = 50, 10
    X = rng.normal(size=(n, d)) @ rng.normal(size=(d, d))
    y = rng.integers(0, 5, n)
    X += 0.5 * np.eye(5)[y] @ rng.normal(size=(5, d))
    t_src = np.linspace(0, 50, n)
    S = np.column_stack(
        [np.sin(2 * t_src), np.sign(np.sin(3 * t_src)), (t_src % 1) - 0.5, rng.laplace(size=n)]
    )
    Xica = S @ rng.normal(size=(4, 4)).T

    rows = []
    rows.append(
        (
            "PCA(10)",
            f"n={n}, d={d}",
            best_time(lambda: PCA(k).fit(X), args.repeats),
            "sklearn PCA(full)",
            best_time(lambda: SkPCA(k, svd_solver="full").fit(X), args.repeats),
            "",
        )
    )
    rows.append(
        (
            "LDA",
            f"n={n}, d={d}, c=5",
            best_time(lambda: LDA().fit(X, y), args.repeats),
            "sklearn LDA(eigen)",
            best_time(lambda: LinearDiscriminantAnalysis(solver="eigen").fit(X, y), args.repeats),
            "",
        )
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = FastICA(4, random_state=0).fit(Xica)
        theirs = SkFastICA(4, whiten="unit-variance", random_state=0).fit(Xica)
        rows.append(
            (
                "FastICA(4)",
                f"n={n}, 4 sources",
                best_time(lambda: FastICA(4, random_state=0).fit(Xica), args.repeats),
                "sklearn FastICA",
                best_time(
                    lambda: SkFastICA(4, whiten="unit-variance", random_state=0).fit(Xica),
                    args.repeats,
                ),
                f"iterations {ours.n_iter_} vs {theirs.n_iter_}",
            )
        )
    header = f"{'ours':12} {'data':22} {'ours s':>8} {'peer':20} {'peer s':>8} {'ratio':>6}  note"
    print(header)
    print("-" * len(header))
    for name, data, t, peer, tp, note in rows:
        print(f"{name:12} {data:22} {t:8.4f} {peer:20} {tp:8.4f} {t / tp:6.2f}  {note}")

    import matplotlib

    matplotlib.use("Agg")
    from _latency import slider_latency

    from patterneval.widgets.decomposition import FisherDirectionExplorer
    from patterneval.widgets.optimize import DescentExplorer

    med, worst = slider_latency(DescentExplorer(), "learning_rate", 0.01, 0.03, 10)
    print(f"\nDescentExplorer slider move: median {med:.0f} ms, max {worst:.0f} ms")
    Z = PCA(2).fit_transform(X[:300])
    med, worst = slider_latency(FisherDirectionExplorer(Z, y[:300]), "angle", 10.0, 80.0, 10)
    print(f"FisherDirectionExplorer slider move: median {med:.0f} ms, max {worst:.0f} ms")


if __name__ == "__main__":
    main()
