"""pytest plugin: a table of each notebook's execution time after an nbval run.

Loaded by ``make test-notebooks`` (``-p tools.nbval_times``). nbval runs every cell of a
notebook as one test item; this sums the setup, call and teardown time of a notebook's
items (kernel start-up included) and prints one row per notebook, slowest first, with
the notebooks over the book's per-notebook budget marked. The budget is reported, never
asserted: timings on a shared machine are too noisy to fail a build on.
"""

from __future__ import annotations

from collections import defaultdict

BUDGET_S = 60.0

_times: dict[str, float] = defaultdict(float)
_cells: dict[str, int] = defaultdict(int)


def pytest_runtest_logreport(report):
    path = report.nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        _times[path] += report.duration
        if report.when == "call":
            _cells[path] += 1


def pytest_terminal_summary(terminalreporter):
    if not _times:
        return
    tr = terminalreporter
    tr.section("notebook execution times")
    width = max(len(p) for p in _times)
    tr.write_line(f"{'notebook':<{width}}  {'cells':>5}  {'seconds':>8}")
    for path, seconds in sorted(_times.items(), key=lambda item: -item[1]):
        flag = f"  over the {BUDGET_S:.0f} s budget" if seconds > BUDGET_S else ""
        tr.write_line(f"{path:<{width}}  {_cells[path]:>5}  {seconds:>8.1f}{flag}")
    total = sum(_times.values())
    tr.write_line(f"{'total':<{width}}  {sum(_cells.values()):>5}  {total:>8.1f}")
