"""Sphinx extension: a course (some of the book's chapters) links to the rest of the book.

A course's site (``make book TOC=courses/<name>.yml``, see tools/course.py) holds only the
course's pages, but its chapters and its appendix (the glossary, the errata, the
explorers' gallery, the notation page list every chapter) point at the others. Every
such reference -- ``{ref}``, ``{doc}``, ``{numref}``, ``{eq}``, a MyST link
``[text](../part2/distances.ipynb)`` or ``[text](#label)``, and the pending references the
appendix's directives make -- becomes

* a link to the same place on the full book's site when ``course_book_url`` is set
  (``make book TOC=... BOOK_URL=https://owner.github.io/repo/``): the page
  ``<url>/<docname>.html`` and the label's anchor;
* plain text otherwise (the chapter's title, or the reference's own text),

so a course builds under ``-W -n`` with no broken link and no warning. What lies outside
the course is known from the sources: the full book's table of contents
(``course_full_toc``, the repository's ``_toc.yml``) and, for each of its pages, its
title and the labels it defines (``(label)=`` before a heading, a directive's ``:name:``,
an equation's ``$$ ... $$ (label)`` or ``:label:``, an rST ``.. _label:``).

Inactive (nothing changes) while ``course_full_toc`` is empty, as it is for the full book;
tools/course.py sets it in a course's staged configuration.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import docname_join, logging

logger = logging.getLogger(__name__)

CLASS = "course-outside"
TOOLTIP = "In the full book (not part of this course)"
_LABEL = re.compile(r"^\s*\((?P<label>[^()\s]+)\)=\s*$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_NAME = re.compile(r"^\s*:(?:name|label):\s*(?P<label>\S+)\s*$")
_EQ = re.compile(r"\$\$\s*\((?P<label>[^()\s]+)\)\s*$")
_RST_LABEL = re.compile(r"^\.\.\s+_(?P<label>[^:]+):\s*$")
_MD_LINK_TITLE = re.compile(r"\[([^\]]*)\]\([^)]*\)")


@dataclass(frozen=True)
class Target:
    """A place in the full book: its page, the anchor on that page ("" for the page's top)
    and the text a reference without its own shows."""

    docname: str
    anchor: str
    title: str


def _plain(title: str) -> str:
    """A heading's text without Markdown: links become their text, emphasis and code marks go."""
    title = _MD_LINK_TITLE.sub(r"\1", title)
    return re.sub(r"[*_`]+", "", title).strip()


def _source_text(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        return "\n\n".join(
            "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells
            if c.get("cell_type") == "markdown"
        )
    return path.read_text(encoding="utf-8")


def _source(srcdir: Path, docname: str) -> Path | None:
    for suffix in (".ipynb", ".md", ".rst"):
        if (srcdir / f"{docname}{suffix}").is_file():
            return srcdir / f"{docname}{suffix}"
    return None


def _rst_title(lines: list[str]) -> str:
    for i, line in enumerate(lines[:-1]):
        under = lines[i + 1].strip()
        if (
            line.strip()
            and under
            and len(set(under)) == 1
            and under[0] in "=-~^*#+"
            and len(under) >= len(line.strip())
        ):
            return line.strip()
    return ""


def page_targets(docname: str, text: str, rst: bool = False) -> tuple[str, dict[str, Target]]:
    """A page's title and the labels it defines (lower case, as Sphinx keeps them)."""
    lines = text.splitlines()
    title = _rst_title(lines) if rst else ""
    labels: dict[str, Target] = {}
    pending: list[str] = []  # labels waiting for the heading they name
    for line in lines:
        if rst and (m := _RST_LABEL.match(line)):
            pending.append(m.group("label").strip().lower())
            continue
        if m := _LABEL.match(line):
            pending.append(m.group("label").lower())
            continue
        if not rst and (h := _HEADING.match(line)):
            heading = _plain(h.group("title"))
            title = title or heading
            for label in pending:
                labels[label] = Target(docname, label, heading)
            pending = []
            continue
        if m := _NAME.match(line):  # a figure, table or admonition: named by its page
            label = m.group("label")
            labels[label.lower()] = Target(docname, label, "")
        elif m := _EQ.search(line):
            label = m.group("label")
            labels[label.lower()] = Target(docname, f"equation-{label}", "")
    title = title or docname
    for label in pending:  # a label before a page's end or before an rST title
        labels[label] = Target(docname, label, title)
    for label, target in labels.items():
        if not target.title:
            what = "an equation in " if target.anchor.startswith("equation-") else ""
            labels[label] = Target(docname, target.anchor, f"{what}“{title}”")
    return title, labels


def full_book(toc_path: Path, srcdir: Path) -> tuple[dict[str, Target], dict[str, Target]]:
    """The full book's pages (docname -> its top) and labels (label -> place), read from
    the sources in ``srcdir`` for the pages ``toc_path`` lists."""
    from course import toc_docnames  # tools/course.py, beside this file

    toc = yaml.safe_load(Path(toc_path).read_text(encoding="utf-8"))
    pages: dict[str, Target] = {}
    labels: dict[str, Target] = {}
    for docname in toc_docnames(toc):
        path = _source(srcdir, docname)
        if path is None:
            continue
        title, found = page_targets(docname, _source_text(path), rst=path.suffix == ".rst")
        pages[docname] = Target(docname, "", title)
        for label, target in found.items():
            labels.setdefault(label, target)
    return pages, labels


def outside_node(target: Target, content: list[nodes.Node], book_url: str) -> nodes.Element:
    """A link to ``target`` on the full book's site, or plain text without a ``book_url``."""
    if not book_url:
        return nodes.inline("", "", *content, classes=[CLASS])
    uri = book_url.rstrip("/") + "/" + target.docname + ".html"
    if target.anchor:
        uri += "#" + target.anchor
    ref = nodes.reference("", "", internal=False, refuri=uri, reftitle=TOOLTIP, classes=[CLASS])
    ref.extend(content)
    return ref


def _state(app):
    """(pages, labels) of the full book, or None when no course is being built."""
    if not app.config.course_full_toc:
        return None
    state = getattr(app, "_course_book", None)
    if state is None:
        state = full_book(Path(app.config.course_full_toc), Path(app.srcdir))
        app._course_book = state
    return state


def resolve_outside(
    app, domain: str, reftype: str, target: str, refdoc: str, in_course
) -> Target | None:
    """Where a reference that this build cannot resolve points in the full book, or None."""
    state = _state(app)
    if state is None:
        return None
    pages, labels = state
    if reftype == "doc" or (domain == "doc" and reftype == "myst"):
        docname = docname_join(refdoc, target) if reftype == "doc" else target
        found = pages.get(docname)
        return found if found is not None and not in_course(docname) else None
    label = target.lstrip("#").lower()
    found = labels.get(label)
    if found is None or in_course(found.docname):
        return None
    if domain == "math" and not found.anchor.startswith("equation-"):
        found = Target(found.docname, f"equation-{target}", found.title)
    return found


def _content(node: nodes.Element, contnode: nodes.Node | None, target: Target) -> list[nodes.Node]:
    if node.get("refexplicit") and contnode is not None:
        return [contnode.deepcopy()]
    return [nodes.inline(target.title, target.title)]


def _missing_reference(app, env, node, contnode):
    domain, reftype = node.get("refdomain") or "", node.get("reftype") or ""
    if (domain, reftype) not in {("std", "ref"), ("std", "doc"), ("std", "numref"), ("math", "eq")}:
        return None
    found = resolve_outside(
        app,
        domain,
        reftype,
        node.get("reftarget", ""),
        node.get("refdoc", env.docname),
        lambda d: d in env.all_docs,
    )
    if found is None:
        return None
    return outside_node(found, _content(node, contnode, found), app.config.course_book_url)


class OutsideMystLinks(SphinxPostTransform):
    """MyST's links to pages or labels outside the course, before MyST's own resolver
    (priority 9) would warn about them."""

    default_priority = 8

    def run(self, **kwargs) -> None:
        if not self.app.config.course_full_toc:
            return
        env = self.env
        std = env.get_domain("std")
        for node in list(self.document.findall(addnodes.pending_xref)):
            if node.get("reftype") != "myst":
                continue
            domain, target = node.get("refdomain") or "", node.get("reftarget", "")
            if domain == "doc":
                found = resolve_outside(
                    self.app, "doc", "myst", target, "", lambda d: d in env.all_docs
                )
                if found is not None and node.get("reftargetid"):
                    anchor = node["reftargetid"]
                    label = resolve_outside(
                        self.app, "std", "ref", anchor, "", lambda d: d in env.all_docs
                    )
                    found = Target(found.docname, label.anchor if label else anchor, found.title)
            elif not domain:
                key = target.lstrip("#").lower()
                if key in std.labels or key in std.anonlabels:
                    continue
                found = resolve_outside(
                    self.app, "std", "ref", target, "", lambda d: d in env.all_docs
                )
            else:
                continue
            if found is None:
                continue
            content = _content(node, node[0] if len(node) else None, found)
            node.replace_self(outside_node(found, content, self.app.config.course_book_url))


def setup(app):
    app.add_config_value("course_full_toc", "", "env")
    app.add_config_value("course_book_url", "", "env")
    app.connect("missing-reference", _missing_reference)
    app.add_post_transform(OutsideMystLinks)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
