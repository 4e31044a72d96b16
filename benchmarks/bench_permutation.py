"""Permutation tests and the explorers of "Feature-selection leakage" / "Permutation tests".

(a) permutation_test vs scikit-learn's permutation_test_score, and our n_jobs=1 -> 2
    speed-up. Same estimator, data, folds (StratifiedKFold(5)), permutations (those
    scikit-learn's random_state draws, passed to ours explicitly) and n_jobs. Each timing is
    the best of ``REPEATS`` runs.
(c) Permutations without refitting: 1,000 permutations of a 5-NN (uniform and
    distance weights, and of a RidgeClassifier) on breast cancer, ``pe.permutation_test`` (its
    cached path, chosen by ``method="auto"``) against scikit-learn's
    ``permutation_test_score``, both with
    ``KFold(5, shuffle=True, random_state=0)`` (folds that do not depend on the labels, the
    cache's condition), the same permutations, ``n_jobs=1`` and one BLAS/OpenMP thread
    (``threadpool_limits(1)``: on a shared machine, idle-spinning OpenMP threads made
    scikit-learn's k-NN 20x slower in one run); goal >= 50x faster, same p-value. The two
    sides alternate, best of ``REPEATS`` each (the machine may be shared); the line also
    says whether the null distributions are equal and whether ``method="refit"`` gives ours
    bit for bit.
(b) Explorer update latency: SelectionLeakExplorer and PermutationExplorer with their
    default precomputation, 20 slider moves per slider, Agg backend (as
    ``bench_errorrate.py`` part (c)); the goal is a median under 100 ms.

Run: ``.venv/bin/python benchmarks/bench_permutation.py`` (``--only a|b|c``; ``--quick``: a
few permutations and slider moves, a smoke test of a few seconds).
"""

from __future__ import annotations

import argparse
import time

import matplotlib
import numpy as np
import scipy
import sklearn
from _latency import slider_latency  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from _timing import best_time  # noqa: E402
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import RidgeClassifier
from sklearn.model_selection import KFold, permutation_test_score
from sklearn.neighbors import KNeighborsClassifier
from threadpoolctl import threadpool_limits

import patterneval as pe

matplotlib.use("Agg")

M = 300  # permutations in (a)
M_CACHED = 1000  # permutations in (c)
REPEATS = 3
SEED = 0
N_MOVES = 20


def best_of(func):
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        out = func()
        times.append(time.perf_counter() - start)
    return min(times), out


def bench_vs_sklearn(quick=False):
    X, y = load_breast_cancer(return_X_y=True)
    X = (X - X.mean(0)) / X.std(0)
    est = KNeighborsClassifier(5)
    rs = np.random.RandomState(SEED)
    perms = np.array([rs.permutation(len(y)) for _ in range(M)])

    def ours(n_jobs):
        return pe.permutation_test(
            est, X, y, n_resamples=M, cv=5, permutations=perms, n_jobs=n_jobs, average="folds"
        )  # scikit-learn's mean of fold scores

    def theirs(n_jobs):
        return permutation_test_score(
            est, X, y, cv=5, n_permutations=M, random_state=SEED, n_jobs=n_jobs
        )

    print(
        f"(a) breast cancer {X.shape}, KNeighborsClassifier(5), StratifiedKFold(5), {M} permutations, "
        f"best of {REPEATS}; scikit-learn {sklearn.__version__}"
    )
    rows = {}
    for n_jobs in (1,) if quick else (1, 2):  # --quick: no worker start-up
        t_ours, res = best_of(lambda: ours(n_jobs))
        t_sk, (_, _, p_sk) = best_of(lambda: theirs(n_jobs))
        rows[n_jobs] = t_ours
        assert res.pvalue == p_sk, (res.pvalue, p_sk)
        print(
            f"    n_jobs={n_jobs}: patterneval {t_ours:6.2f} s   scikit-learn {t_sk:6.2f} s   "
            f"ratio {t_ours / t_sk:5.2f} (goal <= 1.1)   p = {res.pvalue:.4f} (both)"
        )
    if 2 in rows:
        print(
            f"    patterneval speed-up n_jobs=1 -> 2: {rows[1] / rows[2]:.2f}x (goal close to 2x)"
        )


def bench_cached(m=M_CACHED, repeats=REPEATS):
    X, y = load_breast_cancer(return_X_y=True)
    X = (X - X.mean(0)) / X.std(0)
    cv = KFold(5, shuffle=True, random_state=0)
    rs = np.random.RandomState(SEED)
    perms = np.array([rs.permutation(len(y)) for _ in range(m)])
    print(
        f"\n(c) breast cancer {X.shape}, KFold(5, shuffle=True, random_state=0), {m} permutations, "
        f"n_jobs=1, one thread; patterneval method='auto' (cached) and scikit-learn alternate, "
        f"best of {repeats} each"
    )
    for name, est in [
        ("KNeighborsClassifier(5)", KNeighborsClassifier(5)),
        ("KNN(5, weights='distance')", KNeighborsClassifier(5, weights="distance")),
        ("RidgeClassifier()", RidgeClassifier()),
    ]:
        with threadpool_limits(1):
            _bench_cached_one(name, est, X, y, cv, perms, m, repeats)


def _bench_cached_one(name, est, X, y, cv, perms, m, repeats):
    """One row of part (c)."""

    # average="folds": scikit-learn's statistic, the mean of the fold scores
    def ours(method="auto"):
        return pe.permutation_test(
            est, X, y, n_resamples=m, cv=cv, permutations=perms, average="folds", method=method
        )

    def theirs():
        return permutation_test_score(
            est, X, y, cv=cv, n_permutations=m, random_state=SEED, n_jobs=1
        )

    t_ours, t_sk = [], []
    for _ in range(repeats):  # interleaved: a burst of load on the machine hits both sides
        t_ours.append(best_time(ours, 1))
        t_sk.append(best_time(theirs, 1))
    res, (_, scores, p_sk) = ours(), theirs()
    refit = ours("refit") if m <= 100 else None  # the refit path is the slow side: --quick only
    # scikit-learn's 1 - mean(accuracies) and our mean(errors) differ by rounding
    close_null = bool(np.all(np.abs(res.null_distribution - (1 - scores)) < 1e-12))
    print(
        f"    {name:<27} patterneval {min(t_ours):7.3f} s ({res.method}, "
        f"{res.cached_folds.sum()}/{res.cached_folds.size * len(res.fold_errors)} folds cached)   "
        f"scikit-learn {min(t_sk):7.2f} s   speed-up {min(t_sk) / min(t_ours):6.0f}x (goal >= 50x)"
    )
    print(
        f"    {'':<27} p = {res.pvalue:.4f} / {p_sk:.4f} (ours / scikit-learn); null distributions "
        f"agree to 1e-12: {close_null}"
        + (
            ""
            if refit is None
            else f"; equal to method='refit': {bool(np.array_equal(res.null_distribution, refit.null_distribution))}"
        )
    )


def bench_explorers(n_moves=N_MOVES, quick=False):
    from patterneval.widgets.permutation import PermutationExplorer
    from patterneval.widgets.selection import SelectionLeakExplorer

    print(f"\n(b) explorer update latency, {n_moves} slider moves each, Agg backend")
    # (explorer class, slider, the two values it alternates between)
    # --quick: small precomputations (a smoke test of the code path, not the default sizes)
    setups = [
        (
            SelectionLeakExplorer,
            [("k", 5, 20), ("n_features", 200, 3000)],
            dict(grid_options=dict(n_features=(200, 3000), k=(5, 20), n_datasets=1, cv=3)),
        ),
        (
            PermutationExplorer,
            [("signal", 0.0, 1.0), ("n_resamples", 50, 200)],
            dict(test_options=dict(signals=(0.0, 1.0), n_resamples=200, n_samples=20, cv=2)),
        ),
    ]
    for cls, sliders, small in setups:
        start = time.perf_counter()
        explorer = cls(**(small if quick else {}))
        built = time.perf_counter() - start
        print(f"    {cls.__name__:<24}construction (precomputation) {built:6.1f} s")
        for name, a, b in sliders:
            median, worst = slider_latency(explorer, name, a, b, n_moves)
            print(
                f"    {cls.__name__:<24}slider {name!r:<14} median {median:6.1f} ms, "
                f"max {worst:6.1f} ms   (goal < 100 ms)"
            )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=["a", "b", "c"], help="run one part only")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a few permutations and slider moves: a smoke test, not a measurement",
    )
    args = parser.parse_args(argv)
    print(
        f"numpy {np.__version__}, scipy {scipy.__version__}, scikit-learn {sklearn.__version__}, "
        f"patterneval {pe.__version__}"
    )
    global M, REPEATS
    X, y = load_breast_cancer(return_X_y=True)  # warm-up: the first fit of a process pays
    permutation_test_score(KNeighborsClassifier(5), X, y, cv=2, n_permutations=1)  # one-off costs
    if args.quick:
        M, REPEATS = 10, 1
    if args.only in (None, "a"):
        bench_vs_sklearn(args.quick)
    if args.only in (None, "c"):
        bench_cached(*((20, 1) if args.quick else (M_CACHED, REPEATS)))
    if args.only in (None, "b"):
        bench_explorers(2 if args.quick else N_MOVES, quick=args.quick)


if __name__ == "__main__":
    main()
