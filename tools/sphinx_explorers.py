"""Sphinx extension: the appendix's gallery of explorers, generated from the package.

The directive

    ```{explorer-gallery}
    ```

lists every explorer exported by :mod:`patterneval.widgets`: its name, its caption, a
link to the chapter that derives what it shows, the grid of slider positions for which
the site holds its figures (tools/static_frames.py), the two lines that open it in
JupyterLab, and its screenshot from ``explorers/<Name>.png`` next to the page (``make screenshots``
refreshes them from the built site). A missing screenshot is a build warning, and the
book builds with ``-W``, so a new explorer cannot be left out of the gallery.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)


def explorers():
    """The explorer classes exported by patterneval.widgets, in export order."""
    import patterneval.widgets as w

    return [
        obj
        for name in w.__all__
        if name != "Explorer"
        if isinstance(obj := getattr(w, name), type) and issubclass(obj, w.Explorer)
    ]


def _grid_paragraph(app, name):
    """The explorer's grid on this site (tools/static_frames.py's manifest), or None."""
    from sphinx_frames import load_manifest

    entry = load_manifest(app).get(name)
    if entry is None:
        return None
    para = nodes.paragraph(text=f"On this site: {entry['frames']} precomputed frames, the grid ")
    for i, control in enumerate(entry["controls"]):
        para += nodes.Text(" × " if i else "")
        para += nodes.literal(text=control["name"])
        para += nodes.Text(" ∈ {" + ", ".join(control["labels"]) + "}")
    para += nodes.Text("; a slider snaps to the nearest value of its grid.")
    return para


class ExplorerGallery(SphinxDirective):
    has_content = False

    def run(self):
        here = Path(self.env.doc2path(self.env.docname)).parent
        out = [
            nodes.paragraph(
                text=f"{len(explorers())} explorers. Each runs in JupyterLab (make lab) with the "
                "two lines under its name; on this site the screenshots show them at the "
                "values their chapter opens them with."
            )
        ]
        for cls in explorers():
            name = cls.__name__
            out.append(nodes.rubric(text=name, ids=[nodes.make_id(f"explorer-{name}")]))
            caption = nodes.paragraph(text=cls.caption + " ")
            link = addnodes.pending_xref(
                "",
                refdomain="std",
                reftype="doc",
                reftarget="/" + cls.chapter,
                refexplicit=False,
                refdoc=self.env.docname,
            )
            link += nodes.inline(text=cls.chapter)
            caption += nodes.Text("Chapter: ")
            caption += link
            caption += nodes.Text(".")
            out.append(caption)
            grid = _grid_paragraph(self.env.app, name)
            if grid is not None:
                out.append(grid)
            code = f"from patterneval.widgets import {name}\n{name}()"
            out.append(nodes.literal_block(code, code, language="python"))
            shot = Path("explorers") / f"{name}.png"
            if not (here / shot).is_file():
                logger.warning(
                    "explorer-gallery: no screenshot %s (run `make screenshots`)",
                    here / shot,
                    location=(self.env.docname, self.lineno),
                )
                continue
            out.append(nodes.image(uri=shot.as_posix(), alt=f"{name}: {cls.caption}", width="100%"))
        return out


def setup(app):
    app.add_directive("explorer-gallery", ExplorerGallery)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
