"""What the book's Sphinx extensions share: a record per page kept on the build
environment, and the pages in reading order.

Not an extension itself; ``sphinx_errata`` and ``sphinx_apilinks`` import it (Jupyter
Book puts ``tools/`` on ``sys.path`` for the local extensions).
"""

from __future__ import annotations


def keep_per_page(app, attr: str) -> None:
    """Keep ``env.<attr>`` as ``{docname: value}`` the way Sphinx keeps its own records:
    a page's entry is dropped when the page is read again, and entries from parallel
    readers are merged."""

    def purge(app, env, docname):
        getattr(env, attr, {}).pop(docname, None)

    def merge(app, env, docnames, other):
        store = getattr(env, attr, None)
        if store is None:
            store = {}
            setattr(env, attr, store)
        theirs = getattr(other, attr, {})
        for docname in docnames:
            if docname in theirs:
                store[docname] = theirs[docname]

    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)


def toc_order(env, root: str) -> list[str]:
    """Documents in reading order: a depth-first walk of the toctrees from the root."""
    order, stack, seen = [], [root], set()
    while stack:
        doc = stack.pop()
        if doc in seen:
            continue
        seen.add(doc)
        order.append(doc)
        stack.extend(reversed(env.toctree_includes.get(doc, [])))
    return order
