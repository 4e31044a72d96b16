"""tools/sphinx_pdf.py without TeX: where the PDF finds each explorer's initial figure, and
the long tables' column widths. The PDF itself is checked by tests/test_pdf.py (`make test-pdf`)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from _helpers import load_tool
from docutils import nodes

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "book").glob("part*/*.ipynb"))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

sphinx_pdf = load_tool("sphinx_pdf")


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_each_explorer_view_reaches_its_initial_figure(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    state = nb["metadata"]["widgets"][sphinx_pdf.STATE]["state"]
    views = [
        out["data"][sphinx_pdf.VIEW]["model_id"]
        for cell in nb["cells"]
        for out in cell.get("outputs", [])
        if sphinx_pdf.VIEW in out.get("data", {})
    ]
    assert len(views) == 1, views
    (figure,) = sphinx_pdf.widget_pngs(state, views[0])
    assert figure.startswith(PNG_MAGIC)


def _output(model_id, png=b""):
    outputs = (
        [
            {
                "output_type": "display_data",
                "data": {"image/png": base64.b64encode(PNG_MAGIC + png).decode()},
            }
        ]
        if png
        else []
    )
    return {"model_name": "OutputModel", "state": {"outputs": outputs}}


def test_widget_pngs_follows_children_in_order_and_survives_cycles_and_gaps():
    state = {
        "box": {
            "model_name": "VBoxModel",
            "state": {"children": ["IPY_MODEL_a", "IPY_MODEL_missing", "IPY_MODEL_inner"]},
        },
        "inner": {
            "model_name": "HBoxModel",
            "state": {"children": ["IPY_MODEL_b", "IPY_MODEL_box"]},
        },
        "a": _output("a", b"first"),
        "b": _output("b", b"second"),
        "empty": _output("empty"),
    }
    assert sphinx_pdf.widget_pngs(state, "box") == [PNG_MAGIC + b"first", PNG_MAGIC + b"second"]
    assert sphinx_pdf.widget_pngs(state, "empty") == []
    assert sphinx_pdf.widget_pngs(state, "nowhere") == []


def test_text_width_counts_cjk_double():
    assert sphinx_pdf._text_width("AUC") == 3
    assert sphinx_pdf._text_width("交叉验证 CV") == 11


def _table(rows: list[list[str]]) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=len(rows[0]))
    table += group
    for _ in rows[0]:
        group += nodes.colspec(colwidth=1)
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for text in cells:
            row += nodes.entry("", nodes.paragraph(text=text))
        body += row
    return table


class _Transform(sphinx_pdf.LongTableWidths):
    def __init__(self, document):  # the transform needs only its document here
        self.document = document


@pytest.mark.parametrize("n_rows, widened", [(30, False), (31, True)])
def test_long_tables_get_widths_from_their_text(n_rows, widened):
    document = nodes.document(None, None)
    rows = [["x", "a longer meaning", "交叉验证" * 20]] * n_rows
    document += _table(rows)
    _Transform(document).run()
    table = document.next_node(nodes.table)
    widths = [c["colwidth"] for c in table.findall(nodes.colspec)]
    if widened:
        assert "colwidths-given" in table["classes"]
        assert widths == [8, 16, 40]  # at least 8, the longest text, at most 40
    else:
        assert "colwidths-given" not in table["classes"] and widths == [1, 1, 1]
