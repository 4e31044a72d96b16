"""Sphinx extension: make the ipywidgets renderer work offline, with MathJax 3.

myst-nb adds ``require.js`` and ``embed-amd.js`` (``nb_ipywidgets_js`` in
_config.yml) to every page that carries widget state.  Three things about
``@jupyter-widgets/html-manager`` 1.x need fixing per page, which a static
setting cannot do because pages live at different depths (book/part1/...):

1. ``data-jupyter-widgets-cdn``: for a widget module that embed-amd.js does
   not bundle it fetches ``<cdn><package>@<version>/dist/...`` (cdn.jsdelivr.net
   by default).  We set it to the page-relative ``_static/widgets-cdn/``, so
   nothing is ever requested from outside the site.
2. Its icon fonts: webpack's public path is derived from the AMD module's URL,
   which require.js computes from the module id relative to the page, so the
   fonts are requested at ``<page dir>/@jupyter-widgets/html-manager/dist/``
   (three 404s; ``window.__jupyter_widgets_assets_path__`` is read too late to
   help).  A require.js ``paths`` entry maps that id to ``_static/html-manager``,
   where tools/offline_assets.py put the fonts.
3. MathJax: the widgets typeset their labels with the MathJax 2 API
   (``MathJax.Hub.Queue(["Typeset", MathJax.Hub, el])``); with MathJax 3 on the
   page that throws "Cannot read properties of undefined (reading 'Queue')" and
   the widgets are not drawn.  A small shim maps it onto MathJax 3's
   ``typesetPromise``.

It also drops exact duplicates from a page's scripts: with Jupyter Book 1.0.4
the inline configuration scripts of sphinx-togglebutton and sphinx-thebe are
emitted twice (once with filename None, once with ""), and the second
``const THEBE_JS_URL = ...`` throws "Identifier 'THEBE_JS_URL' has already been
declared" in the browser.
"""

from __future__ import annotations

import json

CDN_ATTR = "data-jupyter-widgets-cdn"
LOCAL_CDN = "_static/widgets-cdn/"
ASSETS = "_static/html-manager/"

# Runs after require.js, before embed-amd.js (and before MathJax 3, which is deferred).
SHIM = """(function () {
  var assets = new URL(%s, document.baseURI).href;
  window.__jupyter_widgets_assets_path__ = assets;
  require.config({paths: {"@jupyter-widgets/html-manager/dist": assets.replace(/\\/$/, "")}});
  if (window.MathJax === undefined) return;  // no math on this page
  var hub = {Queue: function (job) {
    var mj = window.MathJax, el = job && job[2];
    if (mj && mj.typesetPromise && mj.startup && mj.startup.promise) {
      mj.startup.promise.then(function () {
        return mj.typesetPromise(el ? [el] : undefined);
      }).catch(function (err) { console.warn("widget typeset:", err); });
    }  // before MathJax 3 has started, its first pass typesets the page
  }};
  var config = window.MathJax;  // still the configuration object here
  config.Hub = hub;
  config.startup = config.startup || {};
  var ready = config.startup.ready;
  config.startup.ready = function () {
    if (ready) { ready(); } else { window.MathJax.startup.defaultReady(); }
    window.MathJax.Hub = hub;
  };
})();"""


def _offline_page_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts or "pathto" not in context:
        return
    seen, unique = set(), []
    for js in scripts:
        attrs = sorted(getattr(js, "attributes", {}).items())
        key = (str(getattr(js, "filename", js) or ""), repr(attrs))
        if key not in seen:
            seen.add(key)
            unique.append(js)
    scripts[:] = unique

    def relative(path):
        url = context["pathto"](path, 1)
        return url if url.endswith("/") else url + "/"

    for i, js in enumerate(scripts):
        attrs = getattr(js, "attributes", None)
        if attrs and CDN_ATTR in attrs:
            cls = type(js)
            new_attrs = dict(attrs, **{CDN_ATTR: relative(LOCAL_CDN)})
            scripts[i] = cls(js.filename, priority=js.priority, **new_attrs)
            shim = cls(None, priority=js.priority, body=SHIM % json.dumps(relative(ASSETS)))
            scripts.insert(i, shim)  # myst-nb put require.js just before embed-amd.js
            break


def setup(app):
    # after myst-nb's per-page handler (default priority 500) has added the scripts
    app.connect("html-page-context", _offline_page_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
