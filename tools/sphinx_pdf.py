"""Sphinx extension: what the PDF (``make pdf``, the LaTeX builder) needs from the notebooks.

An explorer cell's output is an ipywidgets view: a reference to a model in the notebook's
saved widget state. The site renders it from that state; LaTeX has no widgets, and myst-nb
would fall back to the view's ``text/plain`` repr (``BootstrapExplorer(n=20, ...)``). The
state holds the explorer's initial figure, as the PNG output of its ``Output`` widget, so a
read-time transform adds that PNG to the view's mime bundle as an ``image/png``
alternative, with a one-line note below it. myst-nb picks one alternative per builder:
the site keeps the widget (its priority list puts widget views first), the LaTeX builder
takes the figure (it has no widget views in its list). An explorer whose state holds no
figure is a build warning (an error under ``-W``).

sphinx-jupyterbook-latex's document class (jupyterBook.cls, copied into the LaTeX output
folder) loads ``bbm`` for ``\\mathbbm``, which only its unused shorthands (``\\RR``...) need;
``bbm`` is in Debian's texlive-fonts-extra, a 500 MB download. After the class is copied,
``\\mathbbm`` is defined as amssymb's ``\\mathbb`` instead of loading the package.

Sphinx's LaTeX writer writes no label for the ids of admonitions and table rows, which
the errata (tools/sphinx_errata.py) and the glossary (tools/sphinx_glossary.py) link to;
for the LaTeX builder a target with those ids opens the node's first paragraph.

A table of more than 30 rows becomes a ``longtable``, whose columns Sphinx leaves unwrapped
(``l``) unless the table gives its widths: the glossary and the notation tables ran off the
page. For the LaTeX builder such a table gets widths in proportion to its columns' longest
text (clipped, so one long cell cannot squeeze the others), and its cells wrap.

A chapter's exercise solutions are folded dropdowns on the site, right under the questions;
in print they would be read with the questions. For the LaTeX builder they move to a
"Solutions" section at the end of their chapter, each still titled with its exercise's
number. The API reference and the appendix are lettered appendices: a ``\\appendix``
goes before the first part that is not a "Part ..." of chapters.

``make pdf PAPER=a4`` sets the environment variable ``PATTERNEVAL_PAPER=a4``, which becomes
Sphinx's ``latex_elements['papersize']`` (``a4paper``); the default is US letter.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from base64 import b64decode
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from patterneval.widgets import explorer_name

logger = logging.getLogger(__name__)

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
_MODEL_ID = re.compile(r'"model_id":\s*"(\w+)"')
_REF = re.compile(r"IPY_MODEL_(\w+)")
BBM = "\\RequirePackage{bbm}"
NOTE = (
    "The explorer's initial figure. Its sliders recompute the figure in JupyterLab "
    "(make lab) and move over precomputed frames on the book's site."
)


def widget_pngs(state: dict, model_id: str, seen: set | None = None) -> list[bytes]:
    """The PNG outputs of the Output widgets reachable from ``model_id``, in child order."""
    seen = set() if seen is None else seen
    model = state.get(model_id)
    if model is None or model_id in seen:
        return []
    seen.add(model_id)
    found = []
    if model.get("model_name") == "OutputModel":
        found += [
            b64decode(out["data"]["image/png"])
            for out in model["state"].get("outputs", [])
            if "image/png" in out.get("data", {})
        ]
    for child in _REF.findall(json.dumps(model.get("state", {}))):
        found += widget_pngs(state, child, seen)
    return found


def _bundle_view(bundle: nodes.Element) -> tuple[str | None, str]:
    """(model id, text/plain repr) of a mime bundle that holds a widget view."""
    model_id, text = None, ""
    for alt in bundle.children:
        if alt.get("mime_type") == VIEW:
            match = _MODEL_ID.search(alt.astext())
            model_id = match.group(1) if match else None
        elif alt.get("mime_type") == "text/plain":
            text = alt.astext().strip("'\"[] ")
    return model_id, text


class WidgetFigures(SphinxTransform):
    """Give every widget view of a notebook its initial figure as an image/png alternative."""

    default_priority = 500

    def apply(self, **kwargs) -> None:
        source = Path(self.env.doc2path(self.env.docname))
        if source.suffix != ".ipynb":
            return
        bundles = [
            b
            for b in self.document.findall(nodes.container)
            if b.get("nb_element") == "mime_bundle"
            and any(alt.get("mime_type") == VIEW for alt in b.children)
        ]
        if not bundles:
            return
        metadata = json.loads(source.read_text(encoding="utf-8")).get("metadata", {})
        state = metadata.get("widgets", {}).get(STATE, {}).get("state", {})
        folder = Path(self.app.outdir).parent / "jupyter_execute"
        for bundle in bundles:
            model_id, text = _bundle_view(bundle)
            pngs = widget_pngs(state, model_id) if model_id else []
            if not pngs:
                logger.warning(
                    "pdf: the widget %s has no figure in the saved widget state "
                    "(re-run `make execute` on this chapter)",
                    text or model_id,
                    location=bundle,
                )
                continue
            name = explorer_name(text)
            alt = nodes.container(mime_type="image/png")
            for png in pngs:
                path = folder / f"{hashlib.sha256(png).hexdigest()}.png"
                if not path.exists():
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(png)
                uri = "/" + os.path.relpath(path.resolve(), self.app.srcdir)
                alt += nodes.image(uri=uri, alt=f"{name or 'explorer'}: initial figure")
            alt += nodes.paragraph("", "", nodes.emphasis(NOTE, NOTE))
            bundle += alt


class LatexAnchors(SphinxPostTransform):
    """Labels in the PDF for the ids of admonitions and table rows."""

    builders = ("latex",)
    default_priority = 900

    def run(self, **kwargs) -> None:
        for node in list(
            self.document.findall(
                lambda n: isinstance(n, (nodes.admonition, nodes.row)) and n.get("ids")
            )
        ):
            paragraph = node.next_node(nodes.paragraph)
            if paragraph is not None:
                paragraph.insert(0, nodes.target("", "", ids=list(node["ids"])))


LONGTABLE_ROWS = 30  # Sphinx's LaTeX writer: tables with more rows are longtables


def _text_width(text: str) -> int:
    """Width in Latin letters: a CJK character is about two."""
    return sum(2 if "\u3400" <= ch <= "\u9fff" else 1 for ch in text)


class LongTableWidths(SphinxPostTransform):
    """Column widths for long tables that give none, from their longest cell texts."""

    builders = ("latex",)
    default_priority = 900

    def run(self, **kwargs) -> None:
        for table in list(self.document.findall(nodes.table)):
            group = table.next_node(nodes.tgroup)
            body = group.next_node(nodes.tbody) if group is not None else None
            if body is None or len(body.children) <= LONGTABLE_ROWS:
                continue
            longest = [8] * group["cols"]
            for row in group.findall(nodes.row):
                for i, entry in enumerate(row.children[: group["cols"]]):
                    longest[i] = max(longest[i], min(_text_width(entry.astext()), 40))
            for colspec, width in zip(group.findall(nodes.colspec), longest):
                colspec["colwidth"] = width
            if "colwidths-given" not in table["classes"]:
                table["classes"].append("colwidths-given")


SOLUTION = re.compile(r"Solution \d+$")
CHAPTER_PREFIX = "book/part"  # the chapters' docnames; the API reference and appendix follow
APPENDIX_CAPTION = "API reference"  # the first part lettered as an appendix


def _is_solution(node: nodes.Node) -> bool:
    return (
        isinstance(node, nodes.admonition)
        and "dropdown" in node["classes"]
        and isinstance(node.next_node(nodes.title), nodes.title)
        and bool(SOLUTION.match(node.next_node(nodes.title).astext().strip()))
    )


def move_solutions(chapter: nodes.section, docname: str) -> int:
    """Move the chapter's solution dropdowns into a "Solutions" section at its end.

    Returns how many moved."""
    solutions = list(chapter.findall(_is_solution))
    if not solutions:
        return 0
    section = nodes.section("", ids=[f"pdf-solutions-{docname.replace('/', '-')}"])
    section["docname"] = docname
    section += nodes.title("Solutions", "Solutions")
    for solution in solutions:
        solution.parent.remove(solution)
        solution["classes"] = [c for c in solution["classes"] if c != "dropdown"]
        section += solution
    chapter += section
    return len(solutions)


class SolutionsAtChapterEnd(SphinxPostTransform):
    """In the PDF, each chapter's solutions follow all its questions, in a last section;
    the API reference and the appendix become lettered appendices."""

    builders = ("latex",)
    default_priority = 800  # after sphinx-jupyterbook-latex made the parts (700)

    def run(self, **kwargs) -> None:
        for start in list(self.document.findall(addnodes.start_of_file)):
            docname = start.get("docname", "")
            chapter = start.next_node(nodes.section)
            if docname.startswith(CHAPTER_PREFIX) and chapter is not None:
                move_solutions(chapter, docname)
            if docname == APPENDIX_CAPTION:  # the part's start_of_file, named by its caption
                wrapper = start.parent
                wrapper.parent.insert(
                    wrapper.parent.index(wrapper),
                    nodes.raw("", "\\appendix\n", format="latex"),
                )


PAPERS = {"letter": "letterpaper", "a4": "a4paper"}


def paper_size(config) -> None:
    """Set ``latex_elements['papersize']`` from ``PATTERNEVAL_PAPER`` (letter, a4)."""
    paper = os.environ.get("PATTERNEVAL_PAPER", "").strip().lower()
    if not paper:
        return
    if paper not in PAPERS:
        raise ValueError(f"PATTERNEVAL_PAPER={paper!r}: use one of {sorted(PAPERS)}")
    config.latex_elements = {**config.latex_elements, "papersize": PAPERS[paper]}


def _paper_size(app, config) -> None:
    paper_size(config)


def _class_without_bbm(app) -> None:
    """Make the copied jupyterBook.cls define \\mathbbm instead of loading bbm."""
    if app.builder.format != "latex":
        return
    cls = Path(app.outdir) / "jupyterBook.cls"
    if not cls.is_file():
        logger.warning("pdf: %s was not copied (sphinx-jupyterbook-latex changed?)", cls)
        return
    text = cls.read_text(encoding="utf-8")
    if BBM in text:
        cls.write_text(text.replace(BBM, "\\providecommand{\\mathbbm}{\\mathbb}"), encoding="utf-8")


def setup(app):
    app.add_transform(WidgetFigures)
    app.add_post_transform(LatexAnchors)
    app.add_post_transform(LongTableWidths)
    app.add_post_transform(SolutionsAtChapterEnd)
    app.connect("config-inited", _paper_size)
    # after sphinx-jupyterbook-latex's builder-inited handler (priority 500) copied the class
    app.connect("builder-inited", _class_without_bbm, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
