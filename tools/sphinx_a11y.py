"""Sphinx extension: what the site needs for WCAG 2.1 AA (checked by tests/test_site_a11y.py).

* Every image a notebook cell draws gets alt text that says what it shows. myst-nb gives
  a cell's PNG no alt, and the HTML writer then writes its file path as the alt text.
  Every figure of a chapter carries a caption (the cell's ``mystnb.figure.caption``
  metadata): the caption becomes the image's alt text. An image without a caption gets
  "Figure in section <title>" (its section's title), never a path.
* ``a11y.js`` (tools/static/) on every page: an explorer's figure is described by the
  explorer's caption and the values its controls show, its output area is a polite live
  region that announces each new frame, each slider is named by its label and speaks the
  value its readout shows, a "Skip to the explorer" link leads past the page's formulas,
  and the theme's search buttons are named by their visible text.
* ``a11y.css``: the skip link, and the theme's colours that fall short of 4.5:1 contrast.
"""

from __future__ import annotations

from docutils import nodes


def _section_title(node: nodes.Node) -> str:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.section) and parent.children:
            title = parent.children[0]
            if isinstance(title, nodes.title):
                return title.astext()
        parent = parent.parent
    return ""


def image_alt(image: nodes.image) -> str | None:
    """The alt text for ``image``: its figure's caption, else "Figure in section ...";
    None when the image already has alt text (or nothing better is known)."""
    if image.get("alt"):
        return None
    figure = image.parent
    while figure is not None and not isinstance(figure, nodes.figure):
        figure = figure.parent
    if figure is not None:
        for caption in figure.findall(nodes.caption):
            text = " ".join(caption.astext().split())
            if text:
                return text
    title = _section_title(image)
    return f"Figure in section {title}" if title else None


def _describe_images(app, doctree: nodes.document, docname: str) -> None:
    for image in doctree.findall(nodes.image):
        alt = image_alt(image)
        if alt:
            image["alt"] = alt


def setup(app):
    app.connect("doctree-resolved", _describe_images)
    app.add_css_file("a11y.css")
    app.add_js_file("a11y.js")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
