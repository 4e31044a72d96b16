"""Copy the book's browser assets from node_modules/ into _offline/.

The built site must render math and widgets with no internet, so MathJax 3,
require.js and the ipywidgets HTML manager are installed from the npm registry
(``npm ci``, exact versions in package.json) and copied here.  Sphinx copies
``_offline/`` into ``_build/html/_static/`` (``html_static_path`` in
_config.yml).  The folder is deliberately *not* called ``_static``: Jupyter Book
would inject every ``.js`` under a root ``_static`` into every page.

Run from the repository root: ``python tools/offline_assets.py``.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
DEST = ROOT / "_offline"

# What we copy: (source relative to node_modules, destination relative to _offline).
MATHJAX_PARTS = ["tex-chtml.js", "input", "output/chtml", "ui", "a11y", "sre", "adaptors"]
COPIES = [(f"mathjax/es5/{part}", f"mathjax/{part}") for part in MATHJAX_PARTS] + [
    ("requirejs/require.js", "require.js"),
    # embed-amd.js bundles @jupyter-widgets/base, controls and output; it
    # loads its icon fonts from the folder it was loaded from, so they come too.
    ("@jupyter-widgets/html-manager/dist", "html-manager"),
]
SKIP = shutil.ignore_patterns("*.map", "*.LICENSE.txt", "embed.js", "libembed-amd.js")


def main() -> int:
    missing = [src for src, _ in COPIES if not (NODE / src).exists()]
    if missing:
        print(f"offline_assets: missing {missing}; run `npm ci` first", file=sys.stderr)
        return 1
    if DEST.exists():
        shutil.rmtree(DEST)
    for src, dst in COPIES:
        source, target = NODE / src, DEST / dst
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=SKIP)
        else:
            shutil.copy2(source, target)
    # An empty, local stand-in for the widget CDN: a widget module that is not
    # bundled in embed-amd.js would be looked up here (and 404 visibly) instead
    # of on cdn.jsdelivr.net.
    (DEST / "widgets-cdn").mkdir()
    (DEST / "widgets-cdn" / "README.txt").write_text(
        "Local stand-in for the ipywidgets CDN; see tools/sphinx_offline.py.\n"
    )
    versions = {
        name: json.loads((NODE / name / "package.json").read_text())["version"]
        for name in ("mathjax", "requirejs", "@jupyter-widgets/html-manager")
    }
    (DEST / "VERSIONS.json").write_text(json.dumps(versions, indent=2) + "\n")
    size = sum(p.stat().st_size for p in DEST.rglob("*") if p.is_file())
    print(f"offline_assets: {versions} -> {DEST.relative_to(ROOT)}/ ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
