"""Check executed notebooks for stored widget state; print execution times.

Used by ``make execute`` after ``jupyter nbconvert --execute --inplace
--ExecutePreprocessor.store_widget_state=True``.  Fails (exit 1) if a notebook
displays widgets but its metadata lacks their state
(``metadata.widgets["application/vnd.jupyter.widget-state+json"]``), or if a
displayed widget's model is missing from that state: the static site could not
draw it.

Usage: python tools/check_notebooks.py [--times FILE.tsv] NOTEBOOK...
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"
REFERENCE = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def check(path: Path) -> tuple[int, int, list[str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    views = [
        out["data"][VIEW]["model_id"]
        for cell in nb["cells"]
        if cell["cell_type"] == "code"
        for out in cell.get("outputs", [])
        if VIEW in out.get("data", {})
    ]
    state = nb.get("metadata", {}).get("widgets", {}).get(STATE, {}).get("state", {})
    problems = []
    if views and not state:
        problems.append(f"{len(views)} widget views but no widget state in metadata")
    missing = [m for m in views if state and m not in state]
    if missing:
        problems.append(f"widget views without stored state: {missing}")
    dangling = sorted(set(REFERENCE.findall(json.dumps(state))) - set(state))
    if dangling:
        problems.append(
            f"widget state refers to {len(dangling)} models it does not hold: {dangling[:3]}"
        )
    unexecuted = [
        i
        for i, cell in enumerate(nb["cells"])
        if cell["cell_type"] == "code"
        and "".join(cell["source"]).strip()
        and cell.get("execution_count") is None
    ]
    if unexecuted:
        problems.append(f"code cells never executed: {unexecuted}")
    return len(views), len(state), problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=Path, help="TSV of notebook<TAB>milliseconds")
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    if not args.notebooks:
        print("check_notebooks: no notebooks given (is book/ empty?)", file=sys.stderr)
        return 1
    times = {}
    if args.times and args.times.exists():
        for line in args.times.read_text().splitlines():
            name, ms = line.split("\t")
            times[name] = int(ms) / 1000
    width = max(len(str(p)) for p in args.notebooks)
    print(f"{'notebook':<{width}}  {'seconds':>8}  {'views':>5}  {'models':>6}  state")
    failed = 0
    for path in args.notebooks:
        views, models, problems = check(path)
        secs = f"{times[str(path)]:8.1f}" if str(path) in times else f"{'-':>8}"
        status = "ok" if not problems else "; ".join(problems)
        failed += bool(problems)
        print(f"{str(path):<{width}}  {secs}  {views:>5}  {models:>6}  {status}")
    if times:
        print(f"{'total':<{width}}  {sum(times.values()):8.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
