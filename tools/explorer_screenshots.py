"""Screenshot every explorer on the built site for the appendix's Explorers page.

Usage (after the site is built; ``make screenshots`` does both)::

    python tools/explorer_screenshots.py [_build/html]

For each explorer exported by ``patterneval.widgets`` it opens the chapter named by the
class's ``chapter`` attribute in headless Chromium (offline: a local server, every other
host blocked), finds the explorer by its caption and saves a screenshot of the whole
explorer (sliders, figure, caption) to ``book/appendix/explorers/<Name>.png``; then the
top of the first chapter, at a desktop size, for the README (``docs/screenshot-chapter.png``).
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "book" / "appendix" / "explorers"
README_SHOT = ROOT / "docs" / "screenshot-chapter.png"
README_PAGE = "book/part1/test-error.html"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

sys.path.insert(0, str(ROOT / "tools"))
from sphinx_explorers import explorers  # noqa: E402


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # one line per request would bury the report
        pass


def main(site: Path) -> int:
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    OUT.mkdir(parents=True, exist_ok=True)
    missing = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        context.route(
            "**/*",
            lambda route: (
                route.continue_()
                if urlparse(route.request.url).hostname == "127.0.0.1"
                else route.abort()
            ),
        )
        page = context.new_page()
        for cls in explorers():
            page.goto(base + cls.chapter + ".html", wait_until="networkidle")
            caption = page.locator(".pe-explorer-caption", has_text=cls.caption[:50])
            try:
                caption.first.wait_for(timeout=20_000)
            except Exception:  # noqa: BLE001 - reported below
                missing.append(cls.__name__)
                continue
            page.wait_for_function(
                "() => [...document.querySelectorAll('.widget-output img')]"
                ".every(i => i.complete && i.naturalWidth > 0)"
            )
            box = caption.first.element_handle().evaluate_handle("el => el.closest('.widget-vbox')")
            target = OUT / f"{cls.__name__}.png"
            box.as_element().screenshot(path=str(target))
            print(f"{cls.__name__:28s} {target.relative_to(ROOT)}")
        readme_screenshot(page, base + README_PAGE)
        browser.close()
    server.shutdown()
    if missing:
        print(f"explorers not found on their chapter page: {missing}", file=sys.stderr)
        return 1
    return 0


def readme_screenshot(page, url: str) -> None:
    """The top of a chapter as a reader first sees it, math typeset, for the README."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(url, wait_until="networkidle")
    page.wait_for_function(
        "() => window.MathJax && MathJax.startup && MathJax.startup.promise"
        " && document.querySelector('mjx-container')"
    )
    page.evaluate("() => MathJax.startup.promise")
    page.screenshot(path=str(README_SHOT))
    print(f"{'README':28s} {README_SHOT.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_build" / "html"))
