"""Sphinx extension: keep the ipywidgets renderer's module loading local.

myst-nb adds ``require.js`` and ``embed-amd.js`` (``nb_ipywidgets_js`` in
_config.yml) to every page that carries widget state.  ``embed-amd.js`` reads
``data-jupyter-widgets-cdn`` and, for any widget module it does not bundle,
fetches ``<cdn><package>@<version>/dist/...``; by default that is
cdn.jsdelivr.net.  The attribute is a plain string, the same on every page,
so a relative value would be wrong for pages in sub-folders (book/part1/...).
This handler rewrites it per page to the page-relative path of
``_static/widgets-cdn/``, so nothing is ever requested from outside the site.
"""

from __future__ import annotations

CDN_ATTR = "data-jupyter-widgets-cdn"
LOCAL_CDN = "_static/widgets-cdn/"


def _localise_widget_cdn(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts or "pathto" not in context:
        return
    local = context["pathto"](LOCAL_CDN, 1)
    if not local.endswith("/"):
        local += "/"
    for i, js in enumerate(scripts):
        attrs = getattr(js, "attributes", None)
        if attrs and CDN_ATTR in attrs:
            new_attrs = dict(attrs, **{CDN_ATTR: local})
            scripts[i] = type(js)(js.filename, priority=js.priority, **new_attrs)


def setup(app):
    # after myst-nb's per-page handler (default priority 500) has added the scripts
    app.connect("html-page-context", _localise_widget_cdn, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
