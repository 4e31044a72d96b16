"""Make executed notebooks byte-identical from one run of ``make execute`` to the next.

Executing a notebook writes three things that change on every run although nothing
the reader sees has changed:

- ``metadata.execution`` of every code cell: the kernel's timestamps;
- where a cell's printed text is cut into separate stream outputs: wherever the
  kernel happened to flush;
- the ids of the ipywidgets models: each run draws fresh ``uuid4`` ids, which
  appear as keys of the stored widget state, inside that state
  (``"IPY_MODEL_<id>"`` references) and in the cells' widget-view outputs.

This tool removes the timestamps, joins consecutive stream outputs (as nbval does
before it compares) and renames every model id to one derived from the notebook's
path and a traversal of the widget tree from the displayed views (not the stored
dict's order, which follows message arrival), so a second ``make execute`` leaves ``git diff`` empty.

Usage: python tools/normalize_notebooks.py NOTEBOOK...
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import nbformat

STATE = "application/vnd.jupyter.widget-state+json"
# Not \b: in "IPY_MODEL_<id>" the underscore is a word character, so \b would miss it.
MODEL_ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")


REFERENCE = re.compile(r"IPY_MODEL_([0-9a-f]{32})")
VIEW = "application/vnd.jupyter.widget-view+json"


def stable_id(path: Path, index: int) -> str:
    """The id of the ``index``-th model of a notebook (``part/name.ipynb``, so the same
    wherever the command runs from)."""
    key = f"{path.parent.name}/{path.name}:{index}"
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def model_order(state: dict, roots: list[str]) -> list[str]:
    """The models in a deterministic order: depth first from the displayed widgets (in
    output order), following each model's references in sorted-key order; models no
    view reaches follow, sorted by their content. The stored dict's own order is not
    usable: it follows the arrival of the kernel's comm messages."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(model: str) -> None:
        stack = [model]
        while stack:
            m = stack.pop()
            if m in seen or m not in state:
                continue
            seen.add(m)
            order.append(m)
            refs = REFERENCE.findall(json.dumps(state[m], sort_keys=True))
            stack.extend(reversed(refs))

    for root in roots:
        visit(root)
    rest = [m for m in state if m not in seen]
    for m in sorted(rest, key=lambda m: REFERENCE.sub("REF", json.dumps(state[m], sort_keys=True))):
        visit(m)
    return order


def coalesce_streams(outputs: list) -> list:
    """Merge consecutive stdout (or stderr) outputs into one, as nbval does when it
    compares: where the kernel cut a cell's printed text depends on timing only."""
    merged: list = []
    for out in outputs:
        last = merged[-1] if merged else None
        if (
            out.get("output_type") == "stream"
            and last is not None
            and last.get("output_type") == "stream"
            and last.get("name") == out.get("name")
        ):
            last["text"] += out["text"]
        else:
            merged.append(out)
    return merged


def normalize(path: Path) -> bool:
    """Normalize one notebook in place; return True if the file changed."""
    text = path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    for cell in nb["cells"]:
        cell.get("metadata", {}).pop("execution", None)
        if cell["cell_type"] == "code":
            cell["outputs"] = coalesce_streams(cell["outputs"])
    state = nb.get("metadata", {}).get("widgets", {}).get(STATE, {}).get("state", {})
    roots = [
        out["data"][VIEW]["model_id"]
        for cell in nb["cells"]
        if cell["cell_type"] == "code"
        for out in cell["outputs"]
        if VIEW in out.get("data", {})
    ]
    order = model_order(state, roots)
    renames = {old: stable_id(path, i) for i, old in enumerate(order)}
    out = nbformat.writes(nb) + "\n"  # the same layout nbconvert writes
    if renames:
        out = MODEL_ID.sub(lambda m: renames.get(m.group(0), m.group(0)), out)
        # nbformat writes keys sorted: sort the state by the new ids, not the old random ones
        out = nbformat.writes(nbformat.reads(out, as_version=nbformat.NO_CONVERT)) + "\n"
    if out != text:
        path.write_text(out, encoding="utf-8")
        return True
    return False


def main(argv: list[str]) -> int:
    if not argv:
        print("normalize_notebooks: no notebooks given", file=sys.stderr)
        return 1
    changed = [p for p in map(Path, argv) if normalize(p)]
    print(f"normalize_notebooks: {len(changed)} of {len(argv)} notebooks rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
