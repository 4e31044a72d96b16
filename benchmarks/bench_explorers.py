"""Slider latency of every explorer, as its chapter builds it (goal: median <= 100 ms).

Run from the repository root::

    python benchmarks/bench_explorers.py          # every chapter, a few minutes
    python benchmarks/bench_explorers.py --quick  # two chapters, few moves: a smoke test

Each chapter with an explorer runs the cells its explorer cell needs (the frames script's
``setup_cells``, so the explorer is the chapter's own, on the chapter's data) in a fresh
kernel with matplotlib's ``Agg`` backend and one BLAS thread. In that kernel every control
of the explorer is moved back and forth between its initial position and a neighbouring
one (``benchmarks/_latency.py``: each assignment redraws synchronously, so its time is the
redraw's), then put back. The table lists, per explorer, the median and the slowest
control's median and max, slowest explorer first, and says which miss the goal. Prints,
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from _timing import versions  # noqa: E402  (benchmarks/ is on sys.path when run as a script)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import static_frames  # noqa: E402  (the chapters' explorer cells and the cells they need)

GOAL_MS = 100.0
QUICK_CHAPTERS = ("book/part2/distances.ipynb", "book/part1/test-error.ipynb")

# Runs in the chapter's kernel after its explorer cell: each control moved between its
# initial grid point and the next one, {control: [median ms, max ms]} written to OUT.
TIMING_CELL = """\
import json as _json, sys as _sys
_sys.path.insert(0, {tools!r}); _sys.path.insert(0, {benchmarks!r})
import static_frames as _sf
from _latency import slider_latency as _latency
_explorer = Out[max(Out)]
_times = {{}}
for _name, _control in _explorer.controls.items():
    _g = _sf.control_grid(_control)
    _attr, _at = _g["attr"], _g["initial"]
    _other = _g["grid"][_at + 1 if _at + 1 < len(_g["grid"]) else _at - 1]
    _start = getattr(_control, _attr)
    _times[_name] = _latency(_explorer, _name, _start, _other, {moves}, attr=_attr)
    setattr(_control, _attr, _start)
with open({out!r}, "w") as _f:
    _json.dump(_times, _f)
"""


def chapter_latency(path: Path, moves: int) -> tuple[str, dict, float] | None:
    """(explorer key, {control: (median ms, max ms)}, setup seconds) for one chapter."""
    found = static_frames.setup_notebook(path)
    if found is None:
        return None
    nb, name = found
    with tempfile.TemporaryDirectory(prefix="bench-explorers-") as tmp:
        out = Path(tmp) / "times.json"
        source = TIMING_CELL.format(
            tools=str(ROOT / "tools"),
            benchmarks=str(ROOT / "benchmarks"),
            out=str(out),
            moves=moves,
        )
        seconds = static_frames.execute(nb, path, source)
        times = json.loads(out.read_text())
    return static_frames.frames_key(name, path), times, seconds


def table(results: dict) -> str:
    """One line an explorer, the slowest (by median over its controls) first."""
    lines = [
        f"{'explorer':<40} {'controls':>8} {'median ms':>9} {'slowest control':<22} {'its median / max ms':>19}"
    ]
    rows = []
    for key, times in results.items():
        medians = sorted(m for m, _ in times.values())
        overall = medians[len(medians) // 2]
        slow = max(times, key=lambda c: times[c][0])
        rows.append((overall, key, len(times), slow, times[slow]))
    for overall, key, n, slow, (m, worst) in sorted(rows, reverse=True):
        lines.append(f"{key:<40} {n:>8} {overall:>9.1f} {slow:<22} {m:>9.1f} / {worst:>7.1f}")
    over = [key for overall, key, *_ in rows if overall > GOAL_MS]
    lines.append(
        f"{len(rows)} explorers; median redraw over {GOAL_MS:.0f} ms: "
        + (", ".join(sorted(over)) if over else "none")
    )
    return "\n".join(lines)


def main(quick: bool) -> None:
    os.environ["MPLBACKEND"] = "Agg"
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
    print(versions("matplotlib", "ipywidgets"))
    print(
        f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}"
    )
    paths = [ROOT / p for p in QUICK_CHAPTERS] if quick else static_frames.chapters()
    moves = 4 if quick else 20
    results = {}
    for path in paths:
        found = chapter_latency(path, moves)
        if found is not None:
            key, times, seconds = found
            results[key] = {c: tuple(v) for c, v in times.items()}
            print(
                f"  {key}: {len(times)} controls timed ({seconds:.0f} s with the chapter's setup)"
            )
    print(table(results))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    main(parser.parse_args().quick)
