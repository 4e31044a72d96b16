"""Sphinx extension: the appendix's bilingual glossary, rendered from a YAML file.

The directive

    ```{glossary-table} glossary.yml
    ```

reads the YAML file (a path relative to the page; ``glossary.yml`` by default): a list of
entries with ``term`` (English), ``chinese`` (中文), ``symbol`` (LaTeX without dollars, or
empty), ``chapter`` (the docname of the chapter that defines the term) and optionally
``anchor`` (a target id in that chapter). It renders one table sorted by the English term,
with columns English, 中文, symbol (inline math) and chapter (a link showing the chapter's
title), preceded by a row of letters that jump to the first term of each letter. Every
row carries the id ``term-<slug>``, so a chapter can link to ``glossary.md#term-entropy``.
``$...$`` in a term or a Chinese name is math, as in the chapters. ``tests/test_book.py``
checks the file against the chapters.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import yaml
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx_mathtext import inline_math

logger = logging.getLogger(__name__)

FIELDS = ("term", "chinese", "symbol", "chapter")


def slug(term: str) -> str:
    """``term-<slug>``: ASCII, lower case, words joined by hyphens."""
    text = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-z0-9]+", "-", text.lower().replace("+", " plus ")).strip("-")
    return f"term-{text or 'x'}"


def sort_key(term: str):
    text = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9 ]+", "", text.lower()).strip(), term


def initial(term: str) -> str:
    key = sort_key(term)[0]
    return key[:1].upper() if key[:1].isalpha() else "#"


class GlossaryTable(SphinxDirective):
    has_content = False
    optional_arguments = 1
    option_spec = {"class": directives.class_option}

    def run(self):
        name = self.arguments[0] if self.arguments else "glossary.yml"
        here = Path(self.env.doc2path(self.env.docname)).parent
        path = (here / name).resolve()
        location = (self.env.docname, self.lineno)
        self.env.note_dependency(str(path))
        try:
            entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        except (OSError, yaml.YAMLError) as err:
            logger.warning("glossary-table: cannot read %s: %s", path, err, location=location)
            return []
        good = []
        for entry in entries:
            if not isinstance(entry, dict) or any(f not in entry for f in FIELDS):
                logger.warning(
                    "glossary-table: entry without %s: %r",
                    "/".join(FIELDS),
                    entry,
                    location=location,
                )
                continue
            good.append(entry)
        good.sort(key=lambda e: sort_key(str(e["term"])))

        out = [nodes.paragraph(text=f"{len(good)} terms.")]
        # the letter index: one link per initial letter, to that letter's first row
        letters = {}
        for entry in good:
            letters.setdefault(initial(str(entry["term"])), slug(str(entry["term"])))
        index = nodes.paragraph(classes=["glossary-letters"])
        for i, (letter, target) in enumerate(letters.items()):
            if i:
                index += nodes.Text(" · ")
            index += nodes.reference("", letter, internal=True, refid=target)
        out.append(index)

        table = nodes.table(classes=["glossary-table"] + self.options.get("class", []))
        group = nodes.tgroup(cols=4)
        table += group
        for width in (30, 22, 20, 28):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        row = nodes.row()
        for title in ("English", "中文", "Symbol", "Chapter"):
            row += nodes.entry("", nodes.paragraph(text=title))
        head += row
        body = nodes.tbody()
        group += body
        seen = set()
        for entry in good:
            term = str(entry["term"])
            ident = slug(term)
            if ident in seen:
                logger.warning("glossary-table: duplicate term %r", term, location=location)
                continue
            seen.add(ident)
            row = nodes.row(ids=[ident])
            # $...$ in a term or its Chinese name is math, as in the chapters
            row += nodes.entry("", nodes.paragraph("", "", *inline_math(term)))
            row += nodes.entry("", nodes.paragraph("", "", *inline_math(str(entry["chinese"]))))
            symbol = str(entry.get("symbol") or "").strip()
            cell = nodes.paragraph()
            if symbol:
                cell += nodes.math(symbol, symbol)
            row += nodes.entry("", cell)
            doc = str(entry["chapter"]).strip("/")
            target = "/" + doc + (f"#{entry['anchor']}" if entry.get("anchor") else "")
            if entry.get("anchor"):
                link = addnodes.pending_xref(
                    "",
                    refdomain="std",
                    reftype="ref",
                    reftarget=str(entry["anchor"]),
                    refexplicit=False,
                    refdoc=self.env.docname,
                )
            else:
                link = addnodes.pending_xref(
                    "",
                    refdomain="std",
                    reftype="doc",
                    reftarget="/" + doc,
                    refexplicit=False,
                    refdoc=self.env.docname,
                )
            link += nodes.inline(text=target)
            para = nodes.paragraph()
            para += link
            row += nodes.entry("", para)
            body += row
        out.append(table)
        return out


def setup(app):
    app.add_directive("glossary-table", GlossaryTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
