"""Every benchmark script offers --quick (make bench-quick runs them all) and prints
the library versions its numbers belong to. Running them is make bench-quick's job."""

from __future__ import annotations

from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("bench_*.py"))


def test_there_are_benchmarks():
    assert len(BENCHMARKS) >= 10


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda p: p.name)
def test_benchmark_has_quick_flag_and_prints_versions(script):
    text = script.read_text()
    assert "--quick" in text.split('"""', 2)[-1]  # in the code, not only the docstring
    assert "__version__" in text or "versions(" in text


def test_make_test_runs_the_quick_benchmarks():
    makefile = (Path(__file__).resolve().parents[1] / "Makefile").read_text()

    def recipe(target):
        return makefile.split(f"\n{target}: ", 1)[1].split("\n\n", 1)[0]

    assert "bench-quick:" in makefile
    # make test runs test-offsite (beside the unit tests), which runs bench-quick
    assert "test-unit test-offsite" in recipe("test")
    steps = recipe("test-offsite").split("$(call timed_steps,", 1)[1].split(")", 1)[0]
    assert "bench-quick" in steps.split()
