"""Exercises of the chapter "The test error rate" (``book/part1/test-error.ipynb``)."""

from __future__ import annotations

import patterneval as pe

from . import Exercise


def _clopper_pearson_zero_of_50() -> tuple[float, float]:
    return tuple(pe.binomial_interval(0, 50, method="clopper-pearson"))


EXERCISES = (
    Exercise(1, "computation", 1, answer=_clopper_pearson_zero_of_50, shown=".3f"),
    Exercise(2, "derivation", 2),
    Exercise(
        3,
        "computation",
        2,
        answer=lambda: (
            pe.sample_size_for_width(0.03, 0.02),
            pe.sample_size_for_width(0.03, 0.02, method="wald"),
        ),
        shown="d",
    ),
)
