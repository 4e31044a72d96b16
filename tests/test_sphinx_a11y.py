"""tools/sphinx_a11y.py: the alt text of the images a notebook cell draws."""

from __future__ import annotations

from _helpers import load_tool
from docutils import nodes

a11y = load_tool("sphinx_a11y")


def _figure(caption: str) -> tuple[nodes.section, nodes.image]:
    section = nodes.section()
    section += nodes.title(text="Coverage of the intervals")
    image = nodes.image(uri="_images/abc123.png")
    figure = nodes.figure("", image, nodes.caption(text=caption))
    section += figure
    return section, image


def test_a_figure_image_is_described_by_its_caption():
    _, image = _figure("Exact coverage of the five 95%\n  interval methods for N = 30.")
    assert a11y.image_alt(image) == "Exact coverage of the five 95% interval methods for N = 30."


def test_an_image_without_a_caption_is_named_by_its_section_not_its_path():
    section = nodes.section()
    section += nodes.title(text="The ROC curve")
    image = nodes.image(uri="_images/abc123.png")
    section += nodes.paragraph("", "", image)
    assert a11y.image_alt(image) == "Figure in section The ROC curve"


def test_existing_alt_text_is_kept():
    _, image = _figure("A caption.")
    image["alt"] = "What the author wrote"
    assert a11y.image_alt(image) is None
    doc = nodes.document(None, None)
    doc += image.parent.parent
    a11y._describe_images(None, doc, "x")
    assert image["alt"] == "What the author wrote"


def test_a_doctree_gets_captions_as_alt_text():
    section, image = _figure("The binomial log-likelihood.")
    doc = nodes.document(None, None)
    doc += section
    a11y._describe_images(None, doc, "x")
    assert image["alt"] == "The binomial log-likelihood."
