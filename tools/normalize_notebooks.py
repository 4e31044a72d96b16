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
path and the order in which the kernel created the models (the order of the stored
state), so a second ``make execute`` leaves ``git diff`` empty.

Usage: python tools/normalize_notebooks.py NOTEBOOK...
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

import nbformat

STATE = "application/vnd.jupyter.widget-state+json"
# Not \b: in "IPY_MODEL_<id>" the underscore is a word character, so \b would miss it.
MODEL_ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")


def stable_id(path: Path, index: int) -> str:
    return hashlib.sha256(f"{path.as_posix()}:{index}".encode()).hexdigest()[:32]


def coalesce_streams(outputs: list) -> list:
    """Merge consecutive stdout (or stderr) outputs into one, as nbval does when it
    compares: where the kernel cut a cell's printed text depends on timing only."""
    merged: list = []
    for out in outputs:
        last = merged[-1] if merged else None
        if (out.get("output_type") == "stream" and last is not None
                and last.get("output_type") == "stream" and last.get("name") == out.get("name")):
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
    # The state dict keeps the kernel's creation order, which is deterministic.
    renames = {old: stable_id(path, i) for i, old in enumerate(state)}
    out = nbformat.writes(nb) + "\n"  # the same layout nbconvert writes
    if renames:
        out = MODEL_ID.sub(lambda m: renames.get(m.group(0), m.group(0)), out)
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
