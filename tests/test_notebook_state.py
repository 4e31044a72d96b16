"""Every committed chapter holds the widget state its explorer needs on the static site.

The static page draws an explorer from the state stored in the notebook's metadata: each
widget view must have its model there, and every ``IPY_MODEL_<id>`` reference inside the
state must resolve (a dangling one shows "widget model not found" instead of a figure).
``tools/check_notebooks.py`` holds the check; ``make execute`` runs it too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(
    p for p in (ROOT / "book").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
)


check_notebooks = load_tool("check_notebooks")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_widget_state_is_complete(path):
    _, _, problems = check_notebooks.check(path)
    assert not problems, f"{path.name}: {problems}"


def test_normalizer_renames_references_inside_the_state(tmp_path):
    normalize = load_tool("normalize_notebooks")
    old = "ab" * 16
    nb = tmp_path / "x.ipynb"
    nb.write_text(
        (
            '{"cells": [], "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": '
            '{"state": {"OLD": {"state": {"children": ["IPY_MODEL_OLD"]}}}, "version_major": 2, '
            '"version_minor": 0}}}, "nbformat": 4, "nbformat_minor": 5}'
        ).replace("OLD", old)
    )
    assert normalize.normalize(nb)
    text = nb.read_text()
    assert old not in text
    new = normalize.stable_id(nb, 0)
    assert f'"{new}"' in text and f"IPY_MODEL_{new}" in text
    assert not normalize.normalize(nb), "a second pass must change nothing"


def test_normalizer_joins_stream_outputs_split_by_flush_timing():
    normalize = load_tool("normalize_notebooks")
    outs = [
        {"output_type": "stream", "name": "stdout", "text": "a\n"},
        {"output_type": "stream", "name": "stdout", "text": "b\n"},
        {"output_type": "stream", "name": "stderr", "text": "w\n"},
        {"output_type": "execute_result", "data": {}, "metadata": {}, "execution_count": 1},
        {"output_type": "stream", "name": "stdout", "text": "c\n"},
    ]
    merged = normalize.coalesce_streams(outs)
    assert [o.get("text") for o in merged] == ["a\nb\n", "w\n", None, "c\n"]


def test_normalizer_ignores_the_order_the_state_was_stored_in(tmp_path):
    normalize = load_tool("normalize_notebooks")
    box, child, layout = "a" * 32, "b" * 32, "c" * 32
    models = {
        box: {"state": {"children": [f"IPY_MODEL_{child}"], "layout": f"IPY_MODEL_{layout}"}},
        child: {"state": {"value": 1}},
        layout: {"state": {"width": "1px"}},
    }
    texts = []
    for i, order in enumerate(([box, child, layout], [layout, child, box])):
        d = tmp_path / f"run{i}" / "part"
        d.mkdir(parents=True)
        nb = d / "x.ipynb"
        state = {m: models[m] for m in order}
        nb.write_text(
            json.dumps(
                {
                    "cells": [
                        {
                            "cell_type": "code",
                            "execution_count": 1,
                            "id": "c1",
                            "metadata": {},
                            "source": "",
                            "outputs": [
                                {
                                    "output_type": "display_data",
                                    "metadata": {},
                                    "data": {
                                        "application/vnd.jupyter.widget-view+json": {
                                            "model_id": box,
                                            "version_major": 2,
                                            "version_minor": 0,
                                        }
                                    },
                                }
                            ],
                        }
                    ],
                    "metadata": {
                        "widgets": {
                            "application/vnd.jupyter.widget-state+json": {
                                "state": state,
                                "version_major": 2,
                                "version_minor": 0,
                            }
                        }
                    },
                    "nbformat": 4,
                    "nbformat_minor": 5,
                }
            )
        )
        normalize.normalize(nb)
        texts.append(nb.read_text())
    assert texts[0] == texts[1]
