"""Regenerate the rejection-rate grid of the chapter "Two classifiers" (its explorer).

    .venv/bin/python tools/two_classifier_grid.py

writes book/part5/data/two-classifier-tests.json: for data sets of 40 to 300 examples and
population effects 0 to 0.10 (B's error minus A's), 1000 simulated data sets per cell, the
number of rejections at alpha = 0.05 of McNemar's test, the resampled t-test (uncorrected and
corrected), the 10-fold CV t-test and the 5x2cv t and F tests
(``patterneval.book.two_classifiers.rejection_grid``). About a minute on one core. The chapter
loads the file and recomputes one cell live (``RejectionGrid.replay``); so does
``tests/test_compare_simulation.py``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from patterneval.book.two_classifiers import rejection_grid

OUT = (
    Path(__file__).resolve().parent.parent / "book" / "part5" / "data" / "two-classifier-tests.json"
)
BOOK_GRID = dict(
    n_samples=(40, 60, 100, 150, 200, 300),
    effects=tuple(i / 100 for i in range(11)),
    error=0.25,
    n_datasets=1000,
    cv=30,
    alpha=0.05,
    rng=1998,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    grid = rejection_grid(**BOOK_GRID)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    grid.to_json(args.out)
    for i, n in enumerate(grid.n_samples):
        rates = " ".join(f"{r:.3f}" for r in grid.rejection_rate[i, 0])
        print(f"n={n:4d} effect=0: {rates}")
    print(f"wrote {args.out} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
