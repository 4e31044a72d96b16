"""The explorers' frames for the static site (tools/static_frames.py), without a browser.

The browser side (tools/static/explorer-frames.js swapping the frames as the sliders move)
is checked by tests/test_site.py on the built site.
"""

from __future__ import annotations

import io
import json
import math
import os
from pathlib import Path

import ipywidgets
import nbformat
import PIL.Image
import pytest
from _helpers import load_tool

from patterneval.widgets import Explorer, PruningExplorer
from patterneval.widgets._base import (
    LAB_HINT,
    STATIC_NOTE,
    dropdown,
    float_slider,
    int_slider,
    log_slider,
    selection_slider,
    toggle_buttons,
)

ROOT = Path(__file__).resolve().parents[1]

sf = load_tool("static_frames")


class _TextPainter:
    """The smallest painter: writes the values into the figure."""

    def __init__(self, figure):
        self.ax = figure.axes[0]
        self.text = self.ax.text(0.5, 0.5, "", ha="center")

    def update(self, **values):
        self.text.set_text(", ".join(f"{k}={v}" for k, v in sorted(values.items())))


class _TinyExplorer(Explorer):
    painter = _TextPainter
    chapter = "book/part1/test-error"

    def __init__(self, **controls):
        super().__init__(controls, width=2.0, height=1.0)


# --- one control's grid -----------------------------------------------------------------


def test_numeric_grid_keeps_both_ends_and_the_initial_value():
    g = sf.control_grid(int_slider("n", 30, 5, 500, 5), keep=5)
    assert g["kind"] == "int" and g["attr"] == "value"
    assert g["grid"][0] == 5 and g["grid"][-1] == 500
    assert g["grid"][g["initial"]] == 30
    assert all(isinstance(v, int) and (v - 5) % 5 == 0 for v in g["grid"])
    assert g["grid"] == sorted(set(g["grid"])) and len(g["grid"]) in (5, 6)
    assert g["values"] == g["grid"] and g["labels"][g["initial"]] == "30"


def test_float_grid_lies_on_the_slider_lattice():
    g = sf.control_grid(float_slider("e", 0.1, 0.01, 0.5, 0.01), keep=6)
    assert g["grid"][0] == 0.01 and g["grid"][-1] == 0.5 and g["grid"][g["initial"]] == 0.1
    assert all(abs(round((v - 0.01) / 0.01) * 0.01 + 0.01 - v) < 1e-12 for v in g["grid"])
    full = sf.control_grid(float_slider("e", 0.1, 0.01, 0.5, 0.01))
    assert len(full["grid"]) == 50


def test_log_grid_is_in_values_and_keeps_an_off_lattice_initial_value():
    control = log_slider("eta", 0.03, -4, 0, 0.05)
    g = sf.control_grid(control, keep=5)
    assert g["kind"] == "log" and g["attr"] == "value"
    assert math.isclose(g["grid"][0], 1e-4) and math.isclose(g["grid"][-1], 1.0)
    assert g["grid"][g["initial"]] == 0.03  # off the 0.05 lattice of exponents, kept exactly
    assert g["grid"] == sorted(g["grid"])


def test_indexed_controls_grid_their_option_indices():
    s = sf.control_grid(selection_slider("p", [("a", 1.0), ("b", 2.0), ("c", 3.0)], 2.0))
    assert (s["kind"], s["attr"], s["grid"], s["labels"], s["values"], s["initial"]) == (
        "selection",
        "index",
        [0, 1, 2],
        ["a", "b", "c"],
        [1.0, 2.0, 3.0],
        1,
    )
    t = sf.control_grid(toggle_buttons("mode", ["x", "y"], "y"))
    assert (t["kind"], t["grid"], t["initial"]) == ("toggle", [0, 1], 1)
    d = sf.control_grid(dropdown("m", ["u", "v", "w"], "u"))
    assert (d["kind"], d["grid"], d["values"]) == ("dropdown", [0, 1, 2], ["u", "v", "w"])


def test_an_unknown_control_is_refused():
    with pytest.raises(TypeError, match="Checkbox"):
        sf.control_grid(ipywidgets.Checkbox())


# --- the explorer's grid ------------------------------------------------------------------


def _product(controls, cap):
    keep = sf.plan(controls, cap)
    return math.prod(len(sf.control_grid(c, keep[k])["grid"]) for k, c in controls.items()), keep


@pytest.mark.parametrize("cap", [60, 100, 200])
def test_plan_stays_within_the_cap_and_thins_sliders_before_options(cap):
    controls = {
        "n": int_slider("n", 30, 5, 500, 5),
        "e": float_slider("e", 0.1, 0.01, 0.5, 0.01),
        "mode": toggle_buttons("mode", ["a", "b", "c"], "a"),
    }
    frames, keep = _product(controls, cap)
    assert frames <= cap
    assert keep["mode"] == 3, "toggles keep every option while sliders can be thinned"
    assert min(keep["n"], keep["e"]) >= sf.MIN_POSITIONS


def test_plan_never_thins_below_the_floor():
    controls = {"n": int_slider("n", 30, 5, 500, 5), "e": float_slider("e", 0.1, 0.01, 0.5, 0.01)}
    assert sf.plan(controls, 1) == {"n": sf.MIN_POSITIONS, "e": sf.MIN_POSITIONS}


def test_plan_keeps_a_small_grid_whole():
    controls = {"k": int_slider("k", 3, 2, 8), "m": toggle_buttons("m", ["a", "b"], "a")}
    assert sf.plan(controls, 200) == {"k": 7, "m": 2}


def test_plan_counts_the_frames_aliases_make_equal_once():
    # two views, each ignoring the other's slider: 7 + 11 distinct frames of 7 x 2 x 11 points
    controls = {
        "a": int_slider("a", 3, 2, 8),
        "view": toggle_buttons("view", ["x", "y"], "x"),
        "b": int_slider("b", 5, 0, 10),
    }
    aliases = {"a": ("view", {"y"}), "b": ("view", {"x"})}
    whole = {"a": 7, "view": 2, "b": 11}
    assert sf.distinct_frames(controls, whole) == 154
    assert sf.distinct_frames(controls, whole, aliases) == 18
    assert sf.plan(controls, 18, aliases) == whole
    keep = sf.plan(controls, 12, aliases)
    assert sf.distinct_frames(controls, keep, aliases) <= 12 and keep["view"] == 2
    with pytest.raises(ValueError, match="aliased itself"):
        sf.distinct_frames(controls, whole, {**aliases, "view": ("a", {2})})


def test_the_bootstrap_explorers_views_fit_its_cap_with_every_k():
    from patterneval.widgets import BootstrapExplorer

    explorer = BootstrapExplorer(n=20, resubstitution=0.05, oob=0.3, gamma=0.5)
    cap = sf.FRAME_CAPS["BootstrapExplorer"]
    keep = sf.plan(explorer.controls, cap, sf.ALIASES["BootstrapExplorer"])
    assert sf.distinct_frames(explorer.controls, keep, sf.ALIASES["BootstrapExplorer"]) <= cap
    assert keep["view"] == 2 and keep["k"] == 11


# --- frames -------------------------------------------------------------------------------


def test_render_writes_one_distinct_frame_per_grid_point(tmp_path):
    explorer = _TinyExplorer(
        n=int_slider("n", 2, 1, 4), mode=toggle_buttons("mode", ["a", "b"], "b")
    )
    entry = sf.render(explorer, tmp_path / "tiny", max_frames=50)
    files = sorted(p.name for p in (tmp_path / "tiny").glob("*.png"))
    assert entry["frames"] == len(files) == 8
    assert files == sorted(f"{i}-{j}.png" for i in range(4) for j in range(2))
    assert [c["name"] for c in entry["controls"]] == ["n", "mode"]
    assert [c["initial"] for c in entry["controls"]] == [1, 1]
    blobs = {(tmp_path / "tiny" / f).read_bytes() for f in files}
    assert len(blobs) == 8, "each grid point draws its own figure"
    image = PIL.Image.open(io.BytesIO(next(iter(blobs))))
    assert image.format == "PNG" and image.mode == "P" and image.size == (200, 100)
    assert explorer.values == {"n": 2, "mode": "b"}, "the explorer is left as it was"
    json.dumps(entry)  # the manifest entry is JSON


def test_frames_are_deterministic(tmp_path):
    explorer = PruningExplorer(step=2)
    a = sf.render(explorer, tmp_path / "a", max_frames=3)
    b = sf.render(PruningExplorer(step=2), tmp_path / "b", max_frames=3)
    assert a["controls"] == b["controls"] and a["frames"] == 4  # both ends, the middle, step 2
    for png in (tmp_path / "a").glob("*.png"):
        assert png.read_bytes() == (tmp_path / "b" / png.name).read_bytes(), png.name
    # the initial grid point is the explorer's initial figure (both palette PNGs of one drawing)
    initial = sf.frame_name(c["initial"] for c in a["controls"])
    explorer.update()
    assert (tmp_path / "a" / initial).read_bytes() == sf.frame_png(explorer.figure)


def test_explorer_cell_finds_the_cell_that_displays_the_explorer():
    nb = nbformat.v4.new_notebook()
    shown = nbformat.v4.new_output(
        "execute_result",
        data={
            "text/plain": LAB_HINT.format(name="TestErrorExplorer"),
            "application/vnd.jupyter.widget-view+json": {
                "model_id": "x",
                "version_major": 2,
                "version_minor": 0,
            },
        },
    )
    nb.cells = [
        nbformat.v4.new_markdown_cell("TestErrorExplorer(n=1)"),
        nbformat.v4.new_code_cell("x = 1", outputs=[nbformat.v4.new_output("stream", text="1")]),
        nbformat.v4.new_code_cell("TestErrorExplorer(n=30)", outputs=[shown]),
    ]
    assert sf.explorer_cell(nb) == (2, "TestErrorExplorer")
    shown["data"]["text/plain"] = "TestErrorExplorer(n=30)"  # a repr is no explorer cell's text
    assert sf.explorer_cell(nb) is None
    shown["data"]["text/plain"] = LAB_HINT.format(name="TestErrorExplorer")
    nb.cells.pop()
    assert sf.explorer_cell(nb) is None


def test_every_chapter_shows_one_explorer():
    found = {p: sf.explorer_cell(nbformat.read(p, as_version=4)) for p in sf.chapters()}
    keys = [sf.frames_key(f[1], p) for p, f in found.items() if f]
    # one explorer per chapter; a class shown outside its home chapter gets its own key
    assert len(keys) == 26 == len(set(keys)), keys
    assert "TwoClassifierTestsExplorer@your-models" in keys and "TwoClassifierTestsExplorer" in keys


def test_aliased_grid_points_are_drawn_and_stored_once(tmp_path, monkeypatch):
    # `n` does not matter while mode is "a": its frames there are the one at n's initial index
    monkeypatch.setitem(sf.ALIASES, "_TinyExplorer", {"n": ("mode", {"a"})})
    explorer = _TinyExplorer(
        n=int_slider("n", 2, 1, 4), mode=toggle_buttons("mode", ["a", "b"], "b")
    )
    draws = []
    original = explorer.draw
    monkeypatch.setattr(explorer, "draw", lambda **v: (draws.append(v), original(**v))[1])
    entry = sf.render(explorer, tmp_path / "tiny", max_frames=50)
    # 4 with "b", 1 with "a", then the explorer is put back at its initial values
    assert entry["points"] == 8 and entry["frames"] == entry["drawn"] == 5 and len(draws) == 6
    assert draws[-1] == {"n": 2, "mode": "b"}
    assert {d["n"] for d in draws if d["mode"] == "a"} == {2}
    files = sorted(p.name for p in (tmp_path / "tiny").glob("*.png"))
    assert files == ["0-1.png", "1-0.png", "1-1.png", "2-1.png", "3-1.png"]
    # the page's table: control 0 (n) does not matter at grid index 0 of control 1 (mode "a")
    assert entry["aliases"] == [{"control": 0, "other": 1, "values": [0]}]
    json.dumps(entry)


def test_every_alias_names_controls_and_values_of_its_explorer():
    import patterneval.widgets as widgets

    for name, aliases in sf.ALIASES.items():
        controls = getattr(widgets, name)().controls
        for control, (other, values) in aliases.items():
            assert control in controls and other in controls, (name, control, other)
            assert values <= set(controls[other].options), (name, values)


# --- the cache ----------------------------------------------------------------------------


def _chapter(code_before="x = 1", text="Some text.", code_after="y = 2"):
    shown = nbformat.v4.new_output(
        "execute_result",
        data={
            "text/plain": LAB_HINT.format(name="TestErrorExplorer"),
            "application/vnd.jupyter.widget-view+json": {"model_id": "x"},
        },
    )
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(text),
        nbformat.v4.new_code_cell(code_before),
        nbformat.v4.new_code_cell("TestErrorExplorer(n=30)", outputs=[shown]),
        nbformat.v4.new_code_cell(code_after),
    ]
    return nb


def test_cache_key_follows_the_code_before_the_explorer_only():
    key = sf.source_key(_chapter(), 2, "lib")
    assert sf.source_key(_chapter(text="Other text, $x^2$."), 2, "lib") == key
    assert sf.source_key(_chapter(code_after="y = 3"), 2, "lib") == key
    assert sf.source_key(_chapter(code_before="x = 2"), 2, "lib") != key
    assert sf.source_key(_chapter(), 2, "another library") != key
    with_outputs = _chapter()
    with_outputs.cells[1].outputs = [nbformat.v4.new_output("stream", text="1")]
    assert sf.source_key(with_outputs, 2, "lib") == key


def test_library_digest_changes_with_a_library_source(tmp_path, monkeypatch):
    (tmp_path / "patterneval").mkdir()
    module = tmp_path / "patterneval" / "mod.py"
    module.write_text("A = 1\n")
    monkeypatch.setattr(sf, "ROOT", tmp_path)
    before = sf.library_digest()
    assert sf.library_digest() == before
    module.write_text("A = 2\n")
    assert sf.library_digest() != before


def test_unchanged_chapters_reuse_their_frames_and_changed_ones_are_redrawn(tmp_path, monkeypatch):
    monkeypatch.setattr(sf, "ROOT", tmp_path)
    monkeypatch.setattr(sf, "library_digest", lambda: "lib")
    (tmp_path / "book").mkdir()
    path = tmp_path / "book" / "chap.ipynb"
    nbformat.write(_chapter(), path)
    out = tmp_path / "frames"
    (reused, todo) = sf.plan_chapters([path], out, {})
    assert reused == {} and [(p, k) for p, k, _ in todo] == [(path, "TestErrorExplorer@chap")]
    key, source = todo[0][1], todo[0][2]
    # frames drawn from this source: reused
    (out / key).mkdir(parents=True)
    for i in range(3):
        (out / key / f"{i}.png").write_bytes(b"png")
    previous = {key: {"key": key, "source": source, "frames": 3, "seconds_total": 1.0}}
    assert sf.plan_chapters([path], out, previous) == (previous, [])
    # a text edit reuses them, a code edit before the explorer redraws them
    nbformat.write(_chapter(text="New text."), path)
    assert sf.plan_chapters([path], out, previous)[0] == previous
    nbformat.write(_chapter(code_before="x = 5"), path)
    assert sf.plan_chapters([path], out, previous)[0] == {}
    # so do missing frames and --force
    nbformat.write(_chapter(), path)
    (out / key / "0.png").unlink()
    assert sf.plan_chapters([path], out, previous)[0] == {}
    (out / key / "0.png").write_bytes(b"png")
    assert sf.plan_chapters([path], out, previous, force=True)[0] == {}


def test_chapters_are_drawn_slowest_first(tmp_path, monkeypatch):
    monkeypatch.setattr(sf, "ROOT", tmp_path)
    monkeypatch.setattr(sf, "library_digest", lambda: "lib")
    (tmp_path / "book").mkdir()
    paths = [tmp_path / "book" / f"{name}.ipynb" for name in ("a", "b", "c")]
    for path in paths:
        nbformat.write(_chapter(), path)
    previous = {
        "TestErrorExplorer@a": {"seconds_total": 10.0},
        "TestErrorExplorer@b": {"seconds_total": 90.0},
    }  # c: not timed yet, estimated from its frame cap (20 s + 0.3 s a frame)
    todo = sf.plan_chapters(paths, tmp_path / "frames", previous)[1]
    assert [p.stem for p, _, _ in todo] == ["b", "c", "a"]


def test_frames_are_drawn_on_every_core_by_default():
    assert sf.arguments([]).jobs == os.cpu_count()
    assert sf.arguments(["--jobs", "1", "book/part1/test-error.ipynb"]).jobs == 1
    assert sf.arguments(["book/part1/test-error.ipynb"]).notebooks == [
        Path("book/part1/test-error.ipynb")
    ]


# --- the site side ------------------------------------------------------------------------


def test_the_static_note_shows_on_the_site_only():
    assert 'class="pe-static-note"' in STATIC_NOTE and 'style="display: none"' in STATIC_NOTE
    assert "make lab" in STATIC_NOTE and "snaps" in STATIC_NOTE
    css = (ROOT / "tools" / "static" / "patterneval.css").read_text()
    assert ".pe-static-note" in css and "display: inline !important" in css


def test_sphinx_extension_finds_the_explorers_of_a_page():
    ext = load_tool("sphinx_frames")

    class Js:
        def __init__(self, **attributes):
            self.attributes = attributes

    body = json.dumps(
        {"state": {"a": {"state": {"outputs": [{"data": {"text/plain": "<RocExplorer figure>"}}]}}}}
    )
    scripts = [Js(src="x.js"), Js(type="application/vnd.jupyter.widget-state+json", body=body)]
    assert ext._page_explorers(scripts) == ["RocExplorer"]
    assert ext._page_explorers(scripts[:1]) == []


# --- which cells a chapter's frames need (setup_cells) ---------------------------------


def test_setup_cells_keep_what_the_explorer_cell_needs_and_drop_the_rest():
    sources = [
        "import numpy as np\nfrom patterneval.widgets import RocExplorer",  # always kept
        "big = np.ones(10**3).sum()  # a simulation nobody downstream reads",
        "scores = np.arange(5)",
        "print(big, scores)",
        "res = dict(s=scores)",
        "RocExplorer(res)",
    ]
    assert sf.setup_cells(sources) == [0, 2, 4, 5]


def test_setup_cells_keep_in_place_changes_and_transitive_needs():
    sources = [
        "import numpy as np",
        "np.random.seed(0)  # changes np's state before a kept cell reads np: kept",
        "x = np.random.normal(size=3)",
        "x[0] = 10.0  # changes x in place",
        "x.sort()  # so does a method call statement",
        "y = [v for v in range(3)]  # binds only names nobody reads",
        "np.random.seed(1)  # after the last cell that reads np: dropped",
        "E(x)",
    ]
    assert sf.setup_cells(sources) == [0, 1, 2, 3, 4, 7]


def test_setup_cells_own_bindings_do_not_pull_earlier_cells():
    sources = [
        "from sklearn.datasets import load_iris",
        "X_iris, y_iris = load_iris(return_X_y=True)  # heavy work in a real chapter",
        "_, y_iris = load_iris(return_X_y=True)\nE(y_iris)",
    ]
    assert sf.setup_cells(sources) == [0, 2]


def test_setup_cells_keep_cells_that_cannot_be_read():
    sources = ["import os", "%timeit 1 + 1", "from os.path import *", "z = 1", "E()"]
    # %timeit is transformed to Python and binds nothing; a star import binds unknown names
    assert sf.setup_cells(sources) == [0, 2, 4]
    assert sf.setup_cells(["import os", "for for", "E()"]) == [0, 1, 2]
