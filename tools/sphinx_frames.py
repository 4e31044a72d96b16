"""Sphinx extension: explorers that respond on the static site, from precomputed frames.

``tools/static_frames.py`` (``make frames``, run by ``make build``) draws every explorer's
figure for a grid of control positions into ``_build/explorer-frames/`` with a
``manifest.json``. This extension

* puts ``explorer-frames.js`` (tools/static/) on every page whose widget state holds an
  explorer with frames, right after the ipywidgets renderer, with that page's part of the
  manifest inline (no fetch: the site also works opened from disk);
* copies the frames into the site's ``_static/explorer-frames/`` when the build ends;
* warns (an error under ``-W``) when a page shows an explorer that has no frames (and
  notes frames older than the notebook they were drawn from; ``make`` redraws those).

``explorer_frames`` (a path relative to the book's root; default
``_build/explorer-frames``) says where the frames are; set it to ``""``, or the
environment variable ``PATTERNEVAL_FRAMES`` to ``0`` (``make build FRAMES=0``), to build
without them (the sliders then move without changing the figure).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

DEST = "_static/explorer-frames/"
SCRIPT = "explorer-frames.js"
CDN_ATTR = "data-jupyter-widgets-cdn"
_FIGURE = re.compile(r"&lt;(\w+Explorer) figure&gt;|<(\w+Explorer) figure>")


def frames_dir(app) -> Path | None:
    """The folder of the frames, or None when the site is built without them."""
    setting = app.config.explorer_frames
    if not setting or os.environ.get("PATTERNEVAL_FRAMES", "1").strip() == "0":
        return None
    return (Path(app.confdir) / setting).resolve()


def load_manifest(app) -> dict:
    """Explorer name -> manifest entry (see tools/static_frames.py); {} without frames."""
    folder = frames_dir(app)
    path = folder / "manifest.json" if folder else None
    if path is None or not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def _page_explorers(scripts) -> list[str]:
    names = []
    for js in scripts:
        attrs = getattr(js, "attributes", {}) or {}
        if attrs.get("type") == "application/vnd.jupyter.widget-state+json":
            for m in _FIGURE.finditer(attrs.get("body", "")):
                names.append(m.group(1) or m.group(2))
    return sorted(set(names))


def _add_frames_script(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts or "pathto" not in context:
        return
    names = _page_explorers(scripts)
    if not names:
        return
    manifest = app.pe_frames_manifest
    if not manifest:
        return
    # the frames of this page's explorer: drawn from this chapter (tools/static_frames.py
    # keys a class shown outside its home chapter as <Class>@<chapter stem>)
    keys = {n: f"{n}@{pagename.rsplit('/', 1)[-1]}" for n in names}
    keys = {n: k if k in manifest else n for n, k in keys.items()}
    missing = [n for n in names if keys[n] not in manifest]
    if missing:
        logger.warning(
            "explorer frames: no frames for %s on %s (run `make frames`)",
            ", ".join(missing),
            pagename,
            location=pagename,
        )
    explorers = {
        n: {
            "explorer": n,
            "folder": keys[n],
            "controls": [
                {k: c[k] for k in ("name", "attr", "kind", "grid", "initial")}
                for c in manifest[keys[n]]["controls"]
            ],
            "aliases": manifest[keys[n]].get("aliases", []),
        }
        for n in names
        if keys[n] in manifest
    }
    if not explorers:
        return
    base = context["pathto"](DEST, 1)
    body = (
        "window.peExplorerFrames = "
        + json.dumps(
            {"base": base if base.endswith("/") else base + "/", "explorers": explorers},
            separators=(",", ":"),
        )
        + ";"
    )
    index = next(
        (i for i, js in enumerate(scripts) if CDN_ATTR in (getattr(js, "attributes", {}) or {})),
        None,
    )
    if index is None:
        logger.warning(
            "explorer frames: %s has explorers but no widget renderer", pagename, location=pagename
        )
        return
    cls = type(scripts[index])
    priority = scripts[index].priority
    scripts[index + 1 : index + 1] = [
        cls(None, priority=priority, body=body),
        cls("_static/" + SCRIPT, priority=priority),  # the template makes it page-relative
    ]


def _check_manifest(app):
    app.pe_frames_manifest = manifest = load_manifest(app)
    root = Path(app.confdir)
    for name, entry in manifest.items():
        notebook = root / entry.get("notebook", "")
        folder = frames_dir(app) / name
        if not folder.is_dir() or len(list(folder.glob("*.png"))) != entry["frames"]:
            logger.warning(
                "explorer frames: %s has %s frames in the manifest but not in %s "
                "(run `make frames`)",
                name,
                entry["frames"],
                folder,
            )
        elif (
            notebook.is_file()
            and notebook.stat().st_mtime > (folder.parent / "manifest.json").stat().st_mtime
        ):
            logger.info(
                "explorer frames: %s are older than %s (run `make frames`)", name, entry["notebook"]
            )


def _copy_frames(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    manifest = getattr(app, "pe_frames_manifest", None) or load_manifest(app)
    if not manifest:
        return
    dest = Path(app.outdir) / DEST
    if dest.exists():
        shutil.rmtree(dest)
    for name in manifest:
        shutil.copytree(frames_dir(app) / name, dest / name)


def setup(app):
    app.add_config_value("explorer_frames", "_build/explorer-frames", "html")
    app.connect("builder-inited", lambda app: _check_manifest(app))
    # after tools/sphinx_offline.py (900), which rewrites the renderer's script
    app.connect("html-page-context", _add_frames_script, priority=950)
    app.connect("build-finished", _copy_frames)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
