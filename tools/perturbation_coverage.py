"""Regenerate the coverage study of the chapter "Interval estimates for the CV error".

    .venv/bin/python tools/perturbation_coverage.py [--n-jobs 2]

writes book/part1/data/perturbation-coverage.json: for n = 50 and 100 and both methods
of ``perturbation_interval`` ("apparent", Jiang, Zhang & Cai's; "perturbed-cv"), 1000
simulated data sets each (two Gaussian classes, separation 2, 2 features, C = 1, cv=5 folds,
200 perturbations, 95% intervals), the target from 20000 independent training sets.
About 4 minutes on one idle core. The chapter loads the file and recomputes the first data sets
of every cell live (``CoverageStudy.replay``); ``tests/test_perturbation.py`` does too.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from patterneval.book.cv_intervals import run_coverage_study

OUT = (
    Path(__file__).resolve().parent.parent
    / "book"
    / "part1"
    / "data"
    / "perturbation-coverage.json"
)
BOOK_STUDY = dict(
    ns=(50, 100),
    separation=2.0,
    n_features=2,
    C=1.0,
    cv=5,
    n_datasets=1000,
    n_resamples=200,
    confidence_level=0.95,
    n_truth=20000,
    rng=2008,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-jobs", type=int, default=None)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    study = run_coverage_study(**BOOK_STUDY, n_jobs=args.n_jobs, progress=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    study.to_json(args.out)
    for sim in study.cells:
        print(
            f"n={sim.n:4d} {sim.method:13s} coverage {sim.coverage:.3f} (MC SE {sim.std_error:.3f}) "
            f"width {sim.mean_width:.3f}"
        )
    print(f"wrote {args.out} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
