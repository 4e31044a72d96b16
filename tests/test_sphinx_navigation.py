"""The site's way onward, without a Sphinx build: tools/sphinx_navigation.py (the whole-book
PDF and its links, the explorers' note), tools/sphinx_launch.py's repository button and
tools/sphinx_apilinks.py's page summary tables. tests/test_site_navigation.py checks the
built site in a browser."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from _helpers import load_tool

sphinx_navigation = load_tool("sphinx_navigation")
sphinx_launch = load_tool("sphinx_launch")
sphinx_apilinks = load_tool("sphinx_apilinks")

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_URL = "https://github.com/example-org/example-book"


# --------------------------------------------------------------------------- the PDF
def test_the_pdf_is_copied_into_the_site_when_built(tmp_path):
    (tmp_path / "_build" / "latex").mkdir(parents=True)
    pdf = tmp_path / "_build" / "latex" / "patterneval.pdf"
    pdf.write_bytes(b"%PDF-1.4 a small book\n")
    site = tmp_path / "site"
    site.mkdir()
    source = sphinx_navigation.pdf_source(tmp_path, "_build/latex/patterneval.pdf")
    assert source == pdf
    copy = sphinx_navigation.copy_pdf(source, site)
    assert copy == site / "patterneval.pdf"
    assert copy.read_bytes() == b"%PDF-1.4 a small book\n"


def test_without_a_pdf_nothing_is_copied_or_linked(tmp_path):
    assert sphinx_navigation.pdf_source(tmp_path, "_build/latex/patterneval.pdf") is None
    assert sphinx_navigation.pdf_source(tmp_path, "") is None
    assert sphinx_navigation.copy_pdf(None, tmp_path) is None
    assert list(tmp_path.iterdir()) == []
    app = SimpleNamespace(
        confdir=str(tmp_path),
        config=SimpleNamespace(
            book_pdf="_build/latex/patterneval.pdf", root_doc="book/intro", html_theme_options={}
        ),
        builder=SimpleNamespace(format="html"),
    )
    sphinx_navigation._find_pdf(app)
    buttons = [{"type": "group", "label": "download-buttons", "buttons": []}]
    context = {"pathto": lambda p, r=0: "../" + p, "header_buttons": buttons, "body": "<h1>x</h1>"}
    sphinx_navigation._page(app, "book/intro", "page.html", context, None)
    assert buttons[0]["buttons"] == [] and "patterneval.pdf" not in context["body"]


def test_the_download_menu_gets_the_whole_book():
    buttons = [
        {"type": "button", "label": "fullscreen-button"},
        {"type": "group", "label": "download-buttons", "buttons": [{"label": "x"}]},
    ]
    assert sphinx_navigation.add_pdf_button(buttons, "../../patterneval.pdf")
    entry = buttons[1]["buttons"][-1]
    assert entry["url"] == "../../patterneval.pdf" and entry["type"] == "link"
    assert entry["text"] == "Whole book (.pdf)"
    assert not sphinx_navigation.add_pdf_button([{"type": "button", "label": "y"}], "p.pdf")


def test_the_introduction_links_the_pdf_under_its_title():
    body = '<section><h1>Evaluating<a href="#x">#</a></h1><p>First.</p></section>'
    out = sphinx_navigation.intro_pdf_line(body, "../patterneval.pdf")
    assert out.index("</h1>") < out.index('href="../patterneval.pdf"') < out.index("<p>First.")
    assert out.count("pe-book-pdf") == 1


# --------------------------------------------------------------------------- the note
STATE = json.dumps(
    {
        "m1": {
            "state": {
                "value": '<small class="pe-static-note" style="display: none"><i>On this '
                "static page ... (<code>make lab</code>) to explore every value.</i></small>"
            }
        },
        "m2": {"state": {"value": "<b>other</b>"}},
    }
)


def test_the_explorer_note_says_how_to_run_a_chapter_without_the_repository():
    note = sphinx_navigation.static_note("")
    assert "make lab" not in note
    assert "download" in note and ".ipynb" in note
    assert 'pip install "patterneval[widgets]" jupyterlab' in note
    assert "jupyter lab" in note and "rocket" not in note
    state, count = sphinx_navigation.rewrite_notes(STATE, note)
    assert count == 1
    value = json.loads(state)["m1"]["state"]["value"]  # still valid JSON
    assert value.startswith('<small class="pe-static-note" style="display: none"><i>')
    assert note in value and "make lab" not in value
    assert json.loads(state)["m2"]["state"]["value"] == "<b>other</b>"


def test_the_explorer_note_names_the_launch_buttons_with_a_repository():
    note = sphinx_navigation.static_note(SAMPLE_URL)
    assert f'patterneval[widgets] @ git+{SAMPLE_URL}" jupyterlab' in note
    assert "launch button" in note


def test_the_saved_note_of_the_library_is_the_one_replaced():
    from patterneval.widgets._base import STATIC_NOTE

    state = json.dumps({"m": {"state": {"value": STATIC_NOTE}}})
    assert sphinx_navigation.rewrite_notes(state, "new text")[1] == 1


# --------------------------------------------------------------------------- repository button
def _configured(url: str) -> tuple[dict, set]:
    tags: set[str] = set()
    app = SimpleNamespace(tags=SimpleNamespace(add=tags.add))
    config = SimpleNamespace(
        html_theme_options={
            "repository_url": url,
            "use_repository_button": False,
            "launch_buttons": {"binderhub_url": "https://mybinder.org"},
        },
        myst_substitutions={},
    )
    sphinx_launch._configure(app, config)
    return config.html_theme_options, tags


def test_the_repository_button_follows_repository_url():
    options, tags = _configured(SAMPLE_URL + ".git")
    assert options["use_repository_button"] is True
    assert options["repository_url"] == SAMPLE_URL and "launch_buttons" in options
    assert tags == {"launch"}
    options, tags = _configured("")
    assert options["use_repository_button"] is False
    assert "repository_url" not in options and "launch_buttons" not in options
    assert tags == set()


# --------------------------------------------------------------------------- API summaries
def test_one_line_is_the_first_sentence_of_the_first_paragraph():
    doc = "Estimate the error.  It uses the\n    bootstrap (e.g. 0.632).\n\nParameters\n---"
    assert sphinx_apilinks.one_line(doc) == "Estimate the error."
    assert (
        sphinx_apilinks.one_line("Fit k-means, e.g. on\nX, k times.\nMore")
        == "Fit k-means, e.g. on X, k times."
    )
    assert sphinx_apilinks.one_line("") == ""


def test_a_page_of_several_modules_gets_a_summary_of_every_entry():
    reg = sphinx_apilinks.Registry(sphinx_apilinks._scan_pages(ROOT, "book/api"))
    page = "book/api/cluster-internal"
    rows = sphinx_apilinks.summary_rows(reg, page)
    listed = [e.name for k in sorted(reg.directives) if k[0] == page for e in reg.directives[k]]
    assert [name for name, _ in rows] == listed and len(rows) > 10
    kinds = {e.name: e.kind for es in reg.directives.values() for e in es}
    assert all("\n" not in summary for _, summary in rows)
    assert all(summary for name, summary in rows if kinds[name] != "data"), rows
    one = [d for d, _ in sphinx_apilinks._scan_pages(ROOT, "book/api") if d == "book/api/widgets"]
    if one and sum(1 for k in reg.directives if k[0] == one[0]) == 1:
        assert sphinx_apilinks.summary_rows(reg, one[0]) == []
    assert all(not summary.startswith("dict()") for _, summary in rows), rows


def test_summary_markup_becomes_code():
    parts = sphinx_apilinks.summary_nodes("``mcnemar_test(exact=None)`` uses :func:`~pe.x` or `k`.")
    assert [type(p).__name__ for p in parts] == [
        "literal",
        "Text",
        "literal",
        "Text",
        "literal",
        "Text",
    ]
    assert [p.astext() for p in parts] == [
        "mcnemar_test(exact=None)",
        " uses ",
        "pe.x",
        " or ",
        "k",
        ".",
    ]
    assert [p.astext() for p in sphinx_apilinks.summary_nodes("Plain.")] == ["Plain."]
