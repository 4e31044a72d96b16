"""Precompute every explorer's figure on a grid of slider positions, for the static site.

On the static site no Python runs behind the page, so an explorer's sliders cannot
recompute its figure. Instead, when the site is built, this script runs the cells of each
chapter that its explorer cell needs (:func:`setup_cells`; in a fresh kernel, from the
notebook's own code; the notebook file is not changed), draws the explorer's figure for
every point of a grid of control positions, and writes one PNG per point.
``tools/static/explorer-frames.js`` then swaps the explorer's image in the page as the
sliders move; values between grid points snap to the nearest one.

The grid of each control: every option of a selection slider, toggle or dropdown, and
evenly spaced positions (always including both ends and the chapter's initial value) of a
numeric slider; the explorer's grid is their Cartesian product, at most ``MAX_FRAMES``
frames (``FRAME_CAPS`` raises the cap of an explorer with many controls): numeric sliders
with the most positions are thinned first.

Output (``_build/explorer-frames/`` by default; ``tools/sphinx_frames.py`` copies it into
the site's ``_static/explorer-frames/``)::

    manifest.json               {frames key: {"explorer", "chapter", "controls", "aliases",
                                 "points", "frames", ...}}
    <key>/<i>-<j>-....png       the frame at grid index i of the first control, j of the
                                second, ... (one per distinct frame, see ``aliases``)

The frames key is the explorer's class name in its home chapter (the class's ``chapter``)
and ``<Class>@<chapter stem>`` in any other chapter that shows the same class on its own
data (the chapter on evaluating your own models), so that the two do not overwrite each
other.

Frames are deterministic: drawn with the library's seeds, encoded by Pillow as palette
PNGs with no metadata, so a rebuild writes the same bytes.

Grid points the explorer cannot tell apart (a control that does not change the figure
while another control has some value, :data:`ALIASES`) are drawn and stored once, under the
grid index of the point with each such control at its initial position; the manifest entry's
``aliases`` tell the page which index to ask for. The cap counts these distinct frames, so
an explorer whose views each ignore the other's sliders costs the sum of its views' grids,
not their product.

The output directory is also a cache: each manifest entry records :func:`source_key` (a
hash of the chapter's code cells up to the explorer cell, the library's sources, this
script and the plotting stack's versions), and a chapter whose key and frames are unchanged
is not run again. Editing a chapter's text redraws nothing; editing its code redraws that
chapter; editing the library redraws every chapter.

Chapters run in ``--jobs`` processes (default: every core), the slowest first (as the
previous manifest timed them); a table of each chapter's setup time (kernel start and the
chapter's cells up to the explorer) and drawing time closes the run.

Usage (from the repository root; ``make frames`` runs it)::

    python tools/static_frames.py [--out DIR] [--jobs N] [--prune] [--force] [NOTEBOOK ...]

Without NOTEBOOK arguments every chapter is drawn (or reused); with them only those, and the
other chapters' entries stay in the manifest unless ``--prune`` drops them.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import json
import math
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from patterneval.widgets import explorer_name

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "_build" / "explorer-frames"

#: Frames per explorer unless FRAME_CAPS says otherwise.
MAX_FRAMES = 200
#: Explorers with many controls get a larger cap, so that each control keeps a few positions.
FRAME_CAPS = {
    # the grids they had while caps counted grid points, not distinct frames (ALIASES): 196
    # and 384 points, 112 and 192 distinct frames
    "DescentExplorer": 112,
    "EvolutionExplorer": 192,
    "SelectiveSamplingExplorer": 480,
    # its two views' grids side by side (ALIASES): 4 x 4 x 5 x 3 bootstrap frames and
    # 4 x 4 x 4 x 11 K-fold ones, every K kept
    "BootstrapExplorer": 1000,
    "VoteRatesExplorer": 480,
    "CalibrationExplorer": 480,
    # every round of each run in each of the three views (regions, margins, bounds)
    "AdaBoostExplorer": 240,
    # every fraction and number of labels in each of the two views (indices, information)
    "RelabelExplorer": 210,
}
#: Controls that do not change an explorer's figure while another control has one of some
#: values: {explorer: {control: (other control, values of the other control)}}. Such points
#: are drawn and stored once, at the control's initial position, and the page shows that
#: frame at each of the control's grid indices (checked by comparing the frames drawn
#: without this table: byte-identical). An "other" control may not itself be aliased.
#: Plain gradient descent and AdaGrad have no momentum term; truncation and roulette-wheel
#: selection have no tournament. The bootstrap explorer's two views each ignore the other's
#: sliders.
_BOOTSTRAP_VIEW = ("view", {"bootstrap"})
_K_FOLD_VIEW = ("view", {"K-fold variance"})
ALIASES = {
    "DescentExplorer": {"momentum": ("method", {"plain", "adagrad"})},
    "EvolutionExplorer": {"tournament_size": ("selection", {"truncation", "roulette"})},
    "BootstrapExplorer": {
        **dict.fromkeys(("n", "resubstitution", "oob", "gamma"), _K_FOLD_VIEW),
        **dict.fromkeys(("sigma2", "omega_share", "gamma_share", "k"), _BOOTSTRAP_VIEW),
    },
}
#: A numeric slider keeps at least this many positions (both ends and one between).
MIN_POSITIONS = 3
#: Colours of a frame's palette (the book's figures use a handful; 128 keeps antialiasing).
PALETTE = 128

_NUMERIC = {"IntSlider": "int", "FloatSlider": "float", "FloatLogSlider": "log"}
_INDEXED = {"SelectionSlider": "selection", "ToggleButtons": "toggle", "Dropdown": "dropdown"}


# --- grids --------------------------------------------------------------------------


def _lattice(control) -> tuple[list, int]:
    """All positions a numeric control can take, in its model's terms, and the index of
    the initial value among them (inserted if it is not on the lattice)."""
    kind = _NUMERIC[type(control).__name__]
    lo, hi, step = float(control.min), float(control.max), float(control.step)
    count = int(math.floor((hi - lo) / step + 1e-9)) + 1
    points = [lo + k * step for k in range(count)]
    if points[-1] < hi - 1e-9 * max(1.0, abs(hi)):
        points.append(hi)  # the widget can reach max even off the step lattice
    if kind == "int":
        points = [int(round(p)) for p in points]
    elif kind == "log":
        points = [float(control.base) ** p for p in points]
    else:
        decimals = max(0, -int(math.floor(math.log10(step))) + 2)
        points = [round(p, decimals) for p in points]
    value = control.value

    def distance(p):
        return abs(math.log(p) - math.log(value)) if kind == "log" else abs(p - value)

    nearest = min(range(len(points)), key=lambda i: distance(points[i]))
    if distance(points[nearest]) > 1e-9 * max(1.0, abs(value)):
        points.insert(nearest + (points[nearest] < value), value)
        nearest = points.index(value)
    return points, nearest


def _thin(count: int, keep: int, initial: int) -> list[int]:
    """``keep`` evenly spaced indices of range(count), both ends among them, and
    ``initial``: it replaces an interior point closer to it than a third of the spacing,
    and is added otherwise."""
    if keep >= count:
        return list(range(count))
    spacing = (count - 1) / (keep - 1)
    chosen = {round(i * spacing) for i in range(keep)}
    near = [c for c in chosen - {0, count - 1} if abs(c - initial) < spacing / 3]
    if initial not in chosen and near:
        chosen.discard(near[0])
    return sorted(chosen | {initial})


def control_grid(control, keep: int | None = None) -> dict:
    """One control's grid, as the page's script reads it.

    Returns a dict with ``kind`` ("int", "float", "log", "selection", "toggle",
    "dropdown"), ``attr`` (the model attribute the browser sees: ``value`` for numeric
    sliders, ``index`` otherwise), ``grid`` (the attribute's values at the grid points),
    ``labels`` (what each point shows), ``values`` (the Python values ``draw`` gets) and
    ``initial`` (the grid index of the control's current value). ``keep`` thins a control
    to that many positions (both ends and the initial value kept).
    """
    name = type(control).__name__
    if name in _NUMERIC:
        points, initial = _lattice(control)
        idx = _thin(len(points), keep or len(points), initial)
        values = [points[i] for i in idx]
        return {
            "kind": _NUMERIC[name],
            "attr": "value",
            "grid": values,
            "labels": [f"{v:g}" for v in values],
            "values": values,
            "initial": idx.index(initial),
        }
    if name in _INDEXED:
        options = list(control._options_values)
        initial = int(control.index)
        idx = _thin(len(options), keep or len(options), initial)
        return {
            "kind": _INDEXED[name],
            "attr": "index",
            "grid": idx,
            "labels": [str(control._options_labels[i]) for i in idx],
            "values": [options[i] for i in idx],
            "initial": idx.index(initial),
        }
    raise TypeError(f"no static grid for a {name} control")


def full_sizes(controls: dict) -> dict:
    """Positions each control can take (before thinning)."""
    sizes = {}
    for key, control in controls.items():
        name = type(control).__name__
        sizes[key] = len(_lattice(control)[0]) if name in _NUMERIC else len(control._options_values)
    return sizes


def distinct_frames(controls: dict, keep: dict, aliases: dict | None = None) -> int:
    """The number of distinct frames of the grid that keeps ``keep[name]`` positions of
    each control: the grid's points, each set of points that ``aliases`` (an entry of
    :data:`ALIASES`) makes equal counted once."""
    grids = {k: control_grid(c, keep[k]) for k, c in controls.items()}
    sizes = {k: len(g["grid"]) for k, g in grids.items()}
    aliases = {c: a for c, a in (aliases or {}).items() if c in controls and a[0] in controls}
    others = sorted({other for other, _ in aliases.values()})
    if any(other in aliases for other in others):
        raise ValueError(f"an aliased control's other control is aliased itself: {aliases}")
    total = 0
    for at in itertools.product(*(range(sizes[o]) for o in others)):
        value = {o: grids[o]["values"][i] for o, i in zip(others, at)}
        total += math.prod(
            sizes[k]
            for k in controls
            if k not in others and not (k in aliases and value[aliases[k][0]] in aliases[k][1])
        )
    return total


def plan(controls: dict, max_frames: int = MAX_FRAMES, aliases: dict | None = None) -> dict:
    """Evenly spaced positions to keep per control, so that the grid (each control's
    positions plus its initial value) has at most ``max_frames`` distinct frames
    (:func:`distinct_frames`: the points ``aliases`` makes equal count once).

    Numeric sliders are thinned first, one position at a time from the one with most
    positions, down to :data:`MIN_POSITIONS`; then selection sliders (also down to
    MIN_POSITIONS); toggles and dropdowns, last, down to 2.
    """
    sizes = full_sizes(controls)
    kinds = {k: {**_NUMERIC, **_INDEXED}[type(c).__name__] for k, c in controls.items()}
    tier = {
        k: {"selection": 1, "toggle": 2, "dropdown": 2}.get(kind, 0) for k, kind in kinds.items()
    }
    floor = {k: min(sizes[k], 2 if tier[k] == 2 else MIN_POSITIONS) for k in controls}
    initial = {k: control_grid(c)["initial"] for k, c in controls.items()}
    keep = dict(sizes)

    def frames():
        if aliases:
            return distinct_frames(controls, keep, aliases)
        return math.prod(len(_thin(sizes[k], keep[k], initial[k])) for k in keep)

    while frames() > max_frames:
        candidates = [k for k in keep if keep[k] > floor[k]]
        if not candidates:
            break
        lowest = min(tier[k] for k in candidates)
        target = max((k for k in candidates if tier[k] == lowest), key=lambda k: keep[k])
        keep[target] -= 1
    # fill up: adding the initial value may have left room; give it to the coarsest controls
    grown = True
    while grown:
        grown = False
        for k in sorted(keep, key=lambda k: (tier[k], len(_thin(sizes[k], keep[k], initial[k])))):
            if keep[k] < sizes[k]:
                keep[k] += 1
                if frames() <= max_frames:
                    grown = True
                    break
                keep[k] -= 1
    return keep


def explorer_grid(explorer, max_frames: int | None = None) -> list[tuple[str, dict]]:
    """(control name, :func:`control_grid`) for every control of ``explorer``, in order."""
    cap = max_frames or FRAME_CAPS.get(type(explorer).__name__, MAX_FRAMES)
    keep = plan(explorer.controls, cap, ALIASES.get(type(explorer).__name__))
    return [
        (name, control_grid(control, keep[name])) for name, control in explorer.controls.items()
    ]


# --- frames --------------------------------------------------------------------------


def frame_png(figure) -> bytes:
    """The figure as a palette PNG: deterministic bytes, no metadata, a third of the RGBA size.

    Drawn by :func:`patterneval.plotting.figure_rgb` (the book style, the figure's own Agg
    canvas, as an explorer draws it), then quantised to :data:`PALETTE` colours without
    dithering by Pillow's maximum-coverage method: measured on the calibration explorer's
    figure, half the time of median cut (21 against 41 ms), a sixth smaller files, and no
    pixel off by more than 6 levels in a channel (median cut moved a rare colour by 51).
    Compressed at zlib's default level (6): a tenth larger than ``optimize=True`` (level 9)
    and about six times faster to encode, the same pixels.
    """
    import PIL.Image

    from patterneval.plotting import figure_rgb

    image = PIL.Image.fromarray(figure_rgb(figure)).quantize(
        PALETTE, method=PIL.Image.Quantize.MAXCOVERAGE, dither=PIL.Image.Dither.NONE
    )
    buf = io.BytesIO()
    image.save(buf, format="png", compress_level=6)
    return buf.getvalue()


def frame_name(indices) -> str:
    return "-".join(str(i) for i in indices) + ".png"


def canonical(grids, indices, aliases: dict) -> tuple:
    """The grid point whose frame shows ``indices``: each control that ``aliases`` (an
    entry of :data:`ALIASES`) says does not matter there moved to its initial index."""
    position = {name: k for k, (name, _) in enumerate(grids)}
    out = list(indices)
    for control, (other, values) in aliases.items():
        if control in position and other in position:
            g = grids[position[other]][1]
            if g["values"][indices[position[other]]] in values:
                out[position[control]] = grids[position[control]][1]["initial"]
    return tuple(out)


def alias_table(grids, aliases: dict) -> list[dict]:
    """``aliases`` (an entry of :data:`ALIASES`) as the page reads it: for each aliased
    control, its position among the controls (``control``), the other control's
    (``other``) and the other control's grid indices where the control does not matter
    (``values``); the page then asks for the frame with the control at its initial index,
    as :func:`canonical` does."""
    position = {name: k for k, (name, _) in enumerate(grids)}
    table = []
    for control, (other, values) in aliases.items():
        if control in position and other in position:
            g = grids[position[other]][1]
            hits = [i for i, v in enumerate(g["values"]) if v in values]
            table.append({"control": position[control], "other": position[other], "values": hits})
    return table


def render(explorer, out_dir, max_frames: int | None = None) -> dict:
    """Draw ``explorer`` at every point of its grid into ``out_dir``; its manifest entry.

    The explorer is drawn with ``explorer.draw(**values)`` (no widget traffic) and left
    at its initial values. Points :data:`ALIASES` makes equal are drawn and written once,
    under the index :func:`canonical` gives them.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    grids = explorer_grid(explorer, max_frames)
    names = [name for name, _ in grids]
    aliases = ALIASES.get(type(explorer).__name__, {})
    start, size, drawn = time.perf_counter(), 0, {}
    for indices in itertools.product(*(range(len(g["grid"])) for _, g in grids)):
        point = canonical(grids, indices, aliases)
        if point not in drawn:
            values = {name: g["values"][i] for (name, g), i in zip(grids, point)}
            explorer.draw(**values)
            drawn[point] = png = frame_png(explorer.figure)
            (out_dir / frame_name(point)).write_bytes(png)
            size += len(png)
    explorer.update()
    count = math.prod(len(g["grid"]) for _, g in grids)
    return {
        "explorer": type(explorer).__name__,
        "chapter": type(explorer).chapter,
        "controls": [
            {
                "name": name,
                "description": explorer.controls[name].description,
                **{k: g[k] for k in ("kind", "attr", "grid", "labels", "initial")},
            }
            for name, g in grids
        ],
        "aliases": alias_table(grids, aliases),
        "names": names,
        "points": count,
        "frames": len(drawn),
        "drawn": len(drawn),
        "bytes": size,
        "seconds": round(time.perf_counter() - start, 1),
    }


# --- running the chapters ------------------------------------------------------------


def explorer_cell(nb) -> tuple[int, str] | None:
    """(index, explorer class name) of the cell that displays the notebook's explorer."""
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            name = explorer_name(str(data.get("text/plain", "")))
            if name and "application/vnd.jupyter.widget-view+json" in data:
                return i, name
    return None


RENDER_CELL = """\
import json as _json, sys as _sys
_sys.path.insert(0, {tools!r})
import static_frames as _static_frames
from patterneval.widgets import Explorer as _Explorer
_explorer = Out[max(Out)]  # the explorer cell's value (a chapter may have rebound `_`)
assert isinstance(_explorer, _Explorer), type(_explorer)
_entry = _static_frames.render(_explorer, {out!r})
with open({entry!r}, "w") as _f:
    _json.dump(_entry, _f)
"""


#: Distributions whose versions a chapter's frames depend on (part of :func:`source_key`).
STACK = ("matplotlib", "numpy", "pillow", "scipy", "scikit-learn", "ipywidgets")


def library_digest() -> str:
    """A hash of what every chapter's frames depend on besides the chapter itself: the
    library's sources, this script (the grids, the encoding, :data:`RENDER_CELL`) and the
    Python and :data:`STACK` versions."""
    from importlib.metadata import PackageNotFoundError, version

    h = hashlib.sha256()
    for path in sorted((ROOT / "patterneval").rglob("*.py")):
        if "__pycache__" not in path.parts:
            h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    h.update(Path(__file__).resolve().read_bytes())
    h.update(sys.version.encode())
    for dist in STACK:
        try:
            h.update(f"{dist}=={version(dist)}".encode())
        except PackageNotFoundError:
            h.update(f"{dist} missing".encode())
    return h.hexdigest()


def source_key(nb, index: int, library: str) -> str:
    """The cache key of a chapter's frames: the code cells up to its explorer cell
    (``index``; markdown and outputs do not count) and :func:`library_digest`."""
    h = hashlib.sha256(library.encode())
    for cell in nb.cells[: index + 1]:
        if cell.cell_type == "code":
            h.update(b"\0" + cell.source.encode())
    return h.hexdigest()[:20]


def cached(entry: dict | None, source: str, out: Path) -> bool:
    """Whether ``entry`` (the previous manifest's) holds frames drawn from ``source``
    that are all still in ``out``."""
    if not entry or entry.get("source") != source:
        return False
    folder = out / entry["key"]
    return folder.is_dir() and sum(1 for _ in folder.glob("*.png")) == entry["frames"]


def _cell_names(source: str) -> tuple[set, set, set] | None:
    """(names a cell loads, names it binds, names it may change in place) of one code
    cell, or None when the cell cannot be read as Python (a magic): such a cell is kept.

    Binding: assignment targets, ``def``/``class``, imports, loop and ``with`` targets.
    Changing in place: a top-level statement that assigns to an attribute or item of a
    name (``res.x = ...``, ``d[k] = ...``) or is a call of a method reached from a name
    (``rng.shuffle(x)``, ``np.random.seed(0)``, ``plt.rcParams.update(...)``).
    """
    import ast

    from IPython.core.inputtransformer2 import TransformerManager

    try:
        tree = ast.parse(TransformerManager().transform_cell(source))
    except SyntaxError:
        return None
    loads, binds, changes = set(), set(), set()

    def root(node):
        while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
            node = node.func if isinstance(node, ast.Call) else node.value
        return node.id if isinstance(node, ast.Name) else None

    for stmt in tree.body:  # a name the cell binds before it reads it is its own
        before, stmt_loads = set(binds), set()
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name):
                (stmt_loads if isinstance(node.ctx, ast.Load) else binds).add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                binds.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                if any(a.name == "*" for a in node.names):
                    return None
                binds.update((a.asname or a.name).split(".")[0] for a in node.names)
        loads |= stmt_loads - before
    for stmt in tree.body:
        targets = []
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            targets = [stmt.value.func] if isinstance(stmt.value.func, ast.Attribute) else []
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, (ast.Attribute, ast.Subscript)) and root(node):
                    changes.add(root(node))
    return loads, binds, changes


def setup_cells(sources: list[str]) -> list[int]:
    """The indices of the code cells (``sources``, in order, the explorer cell last) that
    the explorer cell needs: walking back from it, a cell is kept if it binds or changes in
    place a name that a kept cell loads, or if it cannot be read (:func:`_cell_names`); the
    first cell (the chapter's imports and settings) is always kept.

    A chapter's simulations and tables that the explorer does not use are thus not run
    again for its frames. What the explorer draws comes from its arguments and the
    library's seeds, so the frames are those of the whole chapter run (checked when this was
    written: each chapter's initial figure and six random frames byte-identical, at 3 to
    50 s less setup per chapter).
    """
    last = len(sources) - 1
    names = [_cell_names(s) for s in sources]
    needed = set(names[last][0]) if names[last] else set()
    keep = {last}
    for i in range(last - 1, -1, -1):
        info = names[i]
        if i == 0 or info is None or (info[1] | info[2]) & needed:
            keep.add(i)
            needed |= info[0] if info else set()
    return sorted(keep)


def setup_notebook(path) -> tuple | None:
    """``(notebook, explorer class name)``: the notebook at ``path`` cut down to the code
    cells its explorer cell needs (:func:`setup_cells`, outputs cleared), or None when the
    chapter has no explorer."""
    import nbformat

    nb = nbformat.read(str(path), as_version=4)
    found = explorer_cell(nb)
    if found is None:
        return None
    index, name = found
    cells = [c for c in nb.cells[: index + 1] if c.cell_type == "code"]
    cells = [cells[i] for i in setup_cells([c.source for c in cells])]
    for cell in cells:
        cell.outputs, cell.execution_count = [], None
    nb.cells = cells
    return nb, name


def execute(nb, path, last_source: str) -> float:
    """Run ``nb`` (from :func:`setup_notebook`) and then ``last_source`` in a fresh kernel
    whose working directory is the chapter's (``path``'s) folder; the seconds it took."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    nb.cells = [*nb.cells, nbformat.v4.new_code_cell(last_source)]
    start = time.perf_counter()
    # The kernel talks to this process over Unix sockets in a private temporary directory:
    # over TCP (jupyter_client's default) ipykernel >= 7 warns, rightly, that any local user
    # could listen to the unencrypted ports.
    with tempfile.TemporaryDirectory(prefix="static-frames-") as sockets:
        km = KernelManager(kernel_name="python3", transport="ipc", ip=f"{sockets}/kernel")
        try:
            NotebookClient(
                nb, km=km, timeout=1800, resources={"metadata": {"path": str(Path(path).parent)}}
            ).execute()
        finally:  # nbclient leaves a kernel manager it was given running
            if km.has_kernel:
                km.shutdown_kernel()
    return time.perf_counter() - start


def run_notebook(path: str, out: str) -> dict | None:
    """Run the cells of ``path`` that its explorer cell needs in a fresh kernel and render
    the explorer."""
    found = setup_notebook(path)
    if found is None:
        return None
    nb, name = found
    key = frames_key(name, path)
    shutil.rmtree(Path(out) / key, ignore_errors=True)  # no stale frames of a larger grid
    entry_path = Path(out) / f"{key}.json"
    render = RENDER_CELL.format(
        tools=str(ROOT / "tools"), out=str(Path(out) / key), entry=str(entry_path)
    )
    seconds = execute(nb, path, render)
    entry = json.loads(entry_path.read_text())
    entry_path.unlink()
    entry["notebook"] = Path(path).resolve().relative_to(ROOT).as_posix()
    entry["key"] = key
    entry["seconds_total"] = round(seconds, 1)
    print(
        f"static_frames: {key}: {entry['frames']} frames ({entry['drawn']} drawn), "
        f"{entry['bytes'] / 1e6:.1f} MB, {entry['seconds_total']} s "
        f"({entry['seconds_total'] - entry['seconds']:.1f} s setup)",
        flush=True,
    )
    return entry


def frames_key(name: str, notebook) -> str:
    """Where an explorer's frames go: its class name in its home chapter, else
    ``<Class>@<chapter stem>`` (see the module docstring)."""
    import patterneval.widgets as widgets

    home = getattr(getattr(widgets, name, None), "chapter", "")
    here = Path(notebook).resolve().relative_to(ROOT).with_suffix("").as_posix()
    return name if not home or home == here else f"{name}@{Path(notebook).stem}"


def chapters() -> list[Path]:
    return sorted(
        p for p in (ROOT / "book").glob("part*/*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )


def plan_chapters(notebooks, out: Path, previous: dict, force: bool = False):
    """Split ``notebooks`` into those whose frames are reused and those to draw.

    Returns (reused: {frames key: entry}, todo: [(notebook, frames key, source key)]), the
    chapters to draw slowest first, so that no process is left drawing a long chapter
    alone at the end: by the previous manifest's times, else the explorer's frame cap.
    """
    import nbformat

    library = library_digest()
    reused, todo, cost = {}, [], {}
    for notebook in notebooks:
        nb = nbformat.read(str(notebook), as_version=4)
        found = explorer_cell(nb)
        if found is None:
            continue
        key = frames_key(found[1], notebook)
        source = source_key(nb, found[0], library)
        # about 0.3 s a frame and 20 s to set up when the previous run did not time it
        cost[key] = previous.get(key, {}).get(
            "seconds_total", 20 + 0.3 * FRAME_CAPS.get(found[1], MAX_FRAMES)
        )
        if not force and cached(previous.get(key), source, out):
            reused[key] = previous[key]
        else:
            todo.append((notebook, key, source))
    todo.sort(key=lambda t: -cost[t[1]])
    return reused, todo


def timing_table(entries: dict, reused) -> str:
    """One line a chapter: frames, setup (kernel start and cells up to the explorer) and
    drawing seconds, slowest first."""
    lines = [f"{'explorer':<34} {'frames':>6} {'drawn':>5} {'setup s':>7} {'draw s':>7}"]
    for key, e in sorted(entries.items(), key=lambda kv: -kv[1].get("seconds_total", 0)):
        if key in reused:
            lines.append(f"{key:<34} {e['frames']:>6} {'reused from the cache':>21}")
            continue
        setup = e["seconds_total"] - e["seconds"]
        drawn = e.get("drawn", e["frames"])
        lines.append(f"{key:<34} {e['frames']:>6} {drawn:>5} {setup:>7.1f} {e['seconds']:>7.1f}")
    return "\n".join(lines)


def arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every chapter")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="default: every core")
    parser.add_argument(
        "--prune", action="store_true", help="drop the manifest entries of other chapters"
    )
    parser.add_argument("--force", action="store_true", help="redraw even unchanged chapters")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = arguments(argv)
    notebooks = [p.resolve() for p in args.notebooks] or chapters()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    manifest_path = out / "manifest.json"
    previous = json.loads(manifest_path.read_text()) if manifest_path.is_file() else {}
    for key, entry in previous.items():
        entry.setdefault("key", key)
    start = time.perf_counter()
    reused, todo = plan_chapters(notebooks, out, previous, args.force)
    keep_others = args.notebooks and not args.prune
    manifest = {k: e for k, e in previous.items() if keep_others and k not in reused}
    manifest.update(reused)
    print(
        f"static_frames: {len(reused)} chapters unchanged (frames reused), {len(todo)} to draw "
        f"in {max(1, args.jobs)} processes",
        flush=True,
    )
    # one BLAS thread per kernel: the jobs share the cores, and the frames do not depend
    # on how many cores the machine has
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
    os.environ.setdefault("PYTHONHASHSEED", "0")
    os.environ.setdefault("MPLBACKEND", "Agg")
    # debugpy (imported by ipykernel) warns at each kernel start that Python's frozen
    # modules may hide breakpoints: no debugger is attached to these kernels (the Makefile
    # exports the same for its other commands; set here too when the script runs alone)
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    failed, drawn_now = [], {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run_notebook, str(nb), str(out)): (nb, src) for nb, _, src in todo}
        for future, (nb, source) in futures.items():
            try:
                entry = future.result()
            except Exception as exc:  # report every chapter that failed, not only the first
                failed.append(nb)
                print(
                    f"static_frames: {nb.relative_to(ROOT)} failed:\n{str(exc)[-3000:]}",
                    file=sys.stderr,
                )
                continue
            if entry is not None:
                entry["source"] = source
                manifest[entry["key"]] = drawn_now[entry["key"]] = entry
    for key in set(previous) - set(manifest):  # frames of chapters no longer drawn
        if not keep_others:
            shutil.rmtree(out / key, ignore_errors=True)
    total = sum(e["bytes"] for e in manifest.values())
    print(timing_table({**reused, **drawn_now}, reused))
    print(
        f"static_frames: {len(manifest)} explorers, "
        f"{sum(e['frames'] for e in manifest.values())} frames "
        f"({sum(e['drawn'] for e in drawn_now.values())} drawn now), {total / 1e6:.1f} MB, "
        f"in {time.perf_counter() - start:.0f} s -> {out}"
    )
    if failed:  # no manifest: the site build must not pass with an explorer missing
        print(
            f"static_frames: {len(failed)} chapters failed: {[p.name for p in failed]}",
            file=sys.stderr,
        )
        return 1
    manifest_path.write_text(json.dumps(dict(sorted(manifest.items())), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
