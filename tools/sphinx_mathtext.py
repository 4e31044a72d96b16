"""Sphinx extension: no raw TeX on the site outside what MyST parses as math.

MyST turns ``$...$`` of the chapters into math nodes, which MathJax typesets. TeX also
reaches the site by two other roads, and this extension closes both:

* text made by other extensions: the bibliography of sphinxcontrib-bibtex (a title such
  as ``... Convergence Rate {$O(1/k^2)$}``) and the glossary's YAML fields
  (``$K$ 折交叉验证``, tools/sphinx_glossary.py). :func:`inline_math` splits such a text
  into text and math nodes; a post-transform applies it to every citation entry, after
  sphinxcontrib-bibtex has formatted them, and the page with a ``{bibliography}`` loads
  MathJax;
* the search page: Sphinx shows section titles from its index and snippets cut from the
  fetched page's text, where math is still TeX source. ``search-math.js`` (tools/static/)
  goes on search.html and shows both with the math as plain Unicode (``ε̂ ≤ 1/2``);
  its ranking is ``search-scorer.js`` (the chapters before the API's class members).
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

SEARCH_JS = "search-math.js"
SCORER_JS = "search-scorer.js"  # the ranking of the search page
# $...$ with no $ inside, not preceded by a backslash (an escaped dollar is a dollar)
INLINE_MATH = re.compile(r"(?<!\\)\$([^$\n]+?)(?<!\\)\$")


def inline_math(text: str) -> list[nodes.Node]:
    """``text`` as a list of Text and math nodes, one math node per ``$...$``.

    >>> [type(n).__name__ for n in inline_math("$K$ 折交叉验证")]
    ['math', 'Text']
    """
    out: list[nodes.Node] = []
    start = 0
    for m in INLINE_MATH.finditer(text):
        if m.start() > start:
            out.append(nodes.Text(text[start : m.start()]))
        out.append(nodes.math(m.group(1), m.group(1)))
        start = m.end()
    if start < len(text) or not out:
        out.append(nodes.Text(text[start:]))
    return out


class CitationMath(SphinxPostTransform):
    """``$...$`` in a formatted bibliography entry becomes a math node.

    Runs after sphinxcontrib-bibtex's BibliographyTransform (priority 5), which fills the
    citation nodes, and before the references are resolved (10)."""

    default_priority = 6

    def run(self, **kwargs) -> None:
        for citation in list(self.document.findall(nodes.citation)):
            for text in list(citation.findall(nodes.Text)):
                if isinstance(text.parent, (nodes.math, nodes.literal, nodes.raw)):
                    continue
                parts = inline_math(str(text))
                if any(isinstance(part, nodes.math) for part in parts):
                    text.parent.replace(text, parts)


def _bibliography_needs_mathjax(app, doctree) -> None:
    """A page with a {bibliography} loads MathJax: its entries get math only when written
    (post-transforms), after Sphinx decided from the parsed page whether it has any."""
    try:
        from sphinxcontrib.bibtex.nodes import bibliography
    except ImportError:  # pragma: no cover - the book extra installs sphinxcontrib-bibtex
        return
    if any(doctree.findall(bibliography)):
        app.env.get_domain("math").data["has_equations"][app.env.docname] = True


def _search_scorer(app, config) -> None:
    """The search's ranking (tools/static/search-scorer.js), unless the book sets its own:
    Sphinx reads ``html_search_scorer`` relative to the working directory, so the path is
    made absolute here."""
    if not config.html_search_scorer:
        config.html_search_scorer = str(Path(__file__).resolve().parent / "static" / SCORER_JS)


def _search_page_script(app, pagename, templatename, context, doctree) -> None:
    if pagename == "search":
        app.add_js_file(SEARCH_JS)


def setup(app):
    app.add_post_transform(CitationMath)
    app.connect("doctree-read", _bibliography_needs_mathjax)
    app.connect("config-inited", _search_scorer)
    app.connect("html-page-context", _search_page_script)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
