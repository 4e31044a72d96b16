"""Sphinx extension: an index of every Erratum admonition in the book, built at build time.

Chapters mark a mistake of the source notes with

    ```{admonition} Erratum: <what the note got wrong>
    :class: warning erratum
    ```

When a page is read, each such admonition gets an anchor (``erratum-1``, ``erratum-2``,
... in page order) and is recorded with its title. A page that holds the directive

    ```{errata-index}
    ```

gets, when the doctrees are resolved, one section per chapter in table-of-contents order
with a link to each erratum. Nothing is maintained by hand: adding or removing an
admonition changes the index on the next build.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx_pages import keep_per_page, toc_order  # tools/sphinx_pages.py

CLASS = "erratum"
PREFIX = "Erratum:"


class errata_index(nodes.General, nodes.Element):
    """Placeholder replaced by the index once every page has been read."""


class ErrataIndex(SphinxDirective):
    has_content = False

    def run(self):
        return [errata_index("")]


def _record(app, doctree):
    env = app.env
    if any(doctree.findall(errata_index)):
        # the index copies the titles' math in only when the doctree is resolved, after
        # Sphinx has decided which pages load MathJax: say now that this page needs it
        env.get_domain("math").data["has_equations"][env.docname] = True
    found = []
    for number, node in enumerate(
        (n for n in doctree.findall(nodes.admonition) if CLASS in n["classes"]), start=1
    ):
        anchor = f"erratum-{number}"
        node["ids"].append(anchor)
        title = node.next_node(nodes.title)
        # keep the title's nodes (it may hold math), minus the "Erratum:" prefix
        parts = [c.deepcopy() for c in title.children] if title is not None else []
        if parts and isinstance(parts[0], nodes.Text) and parts[0].startswith(PREFIX):
            rest = parts[0][len(PREFIX) :].lstrip()
            parts = ([nodes.Text(rest)] if rest else []) + parts[1:]
        found.append((anchor, parts or [nodes.Text("Erratum")]))
    if not hasattr(env, "patterneval_errata"):
        env.patterneval_errata = {}
    if found:
        env.patterneval_errata[env.docname] = found
    else:
        env.patterneval_errata.pop(env.docname, None)


def _resolve(app, doctree, fromdocname):
    placeholders = list(doctree.findall(errata_index))
    if not placeholders:
        return
    env = app.env
    errata = getattr(env, "patterneval_errata", {})
    docs = [d for d in toc_order(env, app.config.root_doc) if d in errata]
    total = sum(len(errata[d]) for d in docs)
    content = [
        nodes.paragraph(
            text=f"{total} errata in {len(docs)} chapters, collected from the chapters when "
            f"this site was built."
        )
    ]
    for doc in docs:
        uri = app.builder.get_relative_uri(fromdocname, doc)
        heading = nodes.rubric(ids=[f"errata-{doc.replace('/', '-')}"])
        chapter = nodes.reference("", "", internal=True, refuri=uri)
        chapter += nodes.Text(env.titles[doc].astext())
        heading += chapter
        items = nodes.bullet_list()
        for anchor, parts in errata[doc]:
            ref = nodes.reference("", "", internal=True, refuri=f"{uri}#{anchor}")
            ref.extend(p.deepcopy() for p in parts)
            para = nodes.paragraph()
            para += ref
            item = nodes.list_item()
            item += para
            items += item
        content.extend([heading, items])
    for placeholder in placeholders:
        placeholder.replace_self(content)


def setup(app):
    app.add_node(errata_index)
    app.add_directive("errata-index", ErrataIndex)
    app.connect("doctree-read", _record)
    keep_per_page(app, "patterneval_errata")
    app.connect("doctree-resolved", _resolve)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
