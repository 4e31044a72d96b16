"""Sphinx extension: the way onward from the static site.

* **The whole book as one PDF.** ``make pdf`` writes ``_build/latex/patterneval.pdf``
  (``book_pdf``, relative to the book's root). When that file exists as the HTML build
  ends, it is copied to the site's root (``<site>/patterneval.pdf``), and the pages built
  while it existed link it: an entry "Whole book (.pdf)" in every page's download menu
  (the header's download button) and a line under the introduction's title. Without the
  PDF there is no link (nothing may point at a missing file). ``make test`` builds the PDF
  before the site, so the site it tests links the PDF. ``make pdf`` run after a build also
  copies the PDF into the existing site; the links appear on the next ``make build``
  (which rebuilds every page).
* **How to run an explorer live.** Every explorer ends with a note shown on the static site
  only (``patterneval.widgets._base.STATIC_NOTE``, saved in the notebook's widget state,
  which says ``make lab``: that needs the repository). On the site the note's text is
  replaced, in each page's widget state, by :func:`static_note`: download the chapter
  (the page's download button, ``.ipynb``), install patterneval and JupyterLab with pip and
  run ``jupyter lab``; with ``repository.url`` set, also the launch buttons (rocket icon).

The colours of the note (both themes) and the desktop header are in tools/static/navigation.css.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

PDF_NAME = "patterneval.pdf"  # at the site's root
PDF_LABEL = "download-book-pdf-button"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# the note's italic text inside the saved state (a JSON string: quotes escaped)
_NOTE = re.compile(r'(class=\\"pe-static-note\\"[^>]*><i>)(.*?)(</i>)', re.S)


def pdf_source(confdir: str | Path, setting: str) -> Path | None:
    """The built PDF (``setting`` relative to the book's root), or None if absent/unset."""
    if not setting:
        return None
    path = Path(confdir) / setting
    return path if path.is_file() else None


def copy_pdf(source: Path | None, outdir: str | Path) -> Path | None:
    """Copy the PDF to ``outdir``/patterneval.pdf; the copy, or None without a PDF."""
    if source is None:
        return None
    dest = Path(outdir) / PDF_NAME
    if dest.resolve() != source.resolve():
        shutil.copyfile(source, dest)
    return dest


def pdf_button(url: str) -> dict:
    """The download menu's entry for the whole book (sphinx-book-theme's button format)."""
    return {
        "type": "link",
        "url": url,
        "text": "Whole book (.pdf)",
        "tooltip": "Download the whole book as one PDF",
        "icon": "fas fa-book",
        "label": PDF_LABEL,
    }


def add_pdf_button(header_buttons: list, url: str) -> bool:
    """Append :func:`pdf_button` to the download group of ``header_buttons``; False if
    the page has no download menu (the index, the search page)."""
    for group in header_buttons:
        if group.get("label") == "download-buttons" and group.get("type") == "group":
            group["buttons"].append(pdf_button(url))
            return True
    return False


def intro_pdf_line(body: str, url: str) -> str:
    """``body`` with a paragraph linking the whole-book PDF right after its first heading."""
    line = (
        f'<p class="pe-book-pdf"><i class="fas fa-book"></i> The whole book is also one PDF: '
        f'<a class="reference external" href="{html.escape(url)}">{PDF_NAME}</a>.</p>'
    )
    end = body.find("</h1>")
    if end < 0:
        return line + body
    end += len("</h1>")
    return body[:end] + "\n" + line + body[end:]


def static_note(repository_url: str = "") -> str:
    """The explorer note's text (HTML) on the static site."""
    install = (
        f'pip install "patterneval[widgets] @ git+{repository_url}" jupyterlab'
        if repository_url
        else 'pip install "patterneval[widgets]" jupyterlab'
    )
    text = (
        "On this static page the figures are precomputed: each slider snaps to the nearest "
        "point of a grid. To explore every value, run the chapter live: download it (the "
        "download button at the top of the page, <b>.ipynb</b>), install the book's library "
        f"and JupyterLab (<code>{html.escape(install, quote=False)}</code>) and open it with "
        "<code>jupyter lab</code>, then run all cells"
    )
    if repository_url:
        text += "; or start it online from the launch button (the rocket icon) at the top"
    return text + "."


def rewrite_notes(state: str, note: str) -> tuple[str, int]:
    """The widget-state JSON text ``state`` with every explorer note's text replaced by
    ``note`` (HTML, escaped here as a JSON string); the new text and the count replaced."""
    encoded = json.dumps(note)[1:-1]
    return _NOTE.subn(lambda m: m.group(1) + encoded + m.group(3), state)


def _repository(app) -> str:
    options = app.config.html_theme_options or {}
    return str(options.get("repository_url") or "")


def _page(app, pagename, templatename, context, doctree):
    if getattr(app, "pe_book_pdf", None) is not None and "pathto" in context:
        url = context["pathto"](PDF_NAME, 1)
        add_pdf_button(context.get("header_buttons") or [], url)
        if pagename == app.config.root_doc and "body" in context:
            context["body"] = intro_pdf_line(context["body"], url)
    note = static_note(_repository(app))
    for js in context.get("script_files") or []:
        attrs = getattr(js, "attributes", None)
        if (
            attrs
            and attrs.get("type") == WIDGET_STATE
            and "pe-static-note" in attrs.get("body", "")
        ):
            attrs["body"] = rewrite_notes(attrs["body"], note)[0]


def _find_pdf(app):
    app.pe_book_pdf = (
        pdf_source(app.confdir, app.config.book_pdf) if app.builder.format == "html" else None
    )
    if app.pe_book_pdf is None and app.builder.format == "html":
        logger.info("book pdf: no %s (make pdf): the site does not link a PDF", app.config.book_pdf)


def _copy(app, exception):
    if exception is None and app.builder.format == "html":
        copy_pdf(getattr(app, "pe_book_pdf", None), app.outdir)


def setup(app):
    app.add_config_value("book_pdf", "_build/latex/" + PDF_NAME, "html")
    app.connect("builder-inited", _find_pdf)
    # after sphinx-book-theme's header buttons (501)
    app.connect("html-page-context", _page, priority=600)
    app.connect("build-finished", _copy)
    app.add_css_file("navigation.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
