"""What the browser tests share: Debian's Chromium driven by Playwright, offline.

``playwright install`` (Playwright's own browser download) does not work here; the tests
drive ``/usr/bin/chromium`` (``apt-get install chromium``, or ``CHROMIUM=...``), headless,
with a fresh profile and none of Chromium's own network traffic. Every request to a host
other than 127.0.0.1 is aborted and recorded by :func:`local_only`.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - playwright is in the test extra
    sync_playwright = None
    PlaywrightTimeout = TimeoutError

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: The built site the site's browser tests read (``make book``; ``PATTERNEVAL_SITE`` overrides).
SITE = Path(
    os.environ.get("PATTERNEVAL_SITE", Path(__file__).resolve().parents[1] / "_build" / "html")
)
IN_CI = os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def missing(reason: str) -> None:
    """Fail under CI (the browser test must run there), skip with the reason elsewhere."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: the browser test must run)")
    pytest.skip(reason)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep pytest output clean
        pass


@contextmanager
def serve_site(site: Path = SITE):
    """The built site over HTTP on 127.0.0.1 (a free port, a thread of this process): its
    URL, ending in "/"; stopped on exit."""
    if not (site / "index.html").is_file():
        missing(f"no built site at {site} (run `make book` first)")
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium():
    """A headless Chromium (Playwright ``Browser``), closed on exit."""
    if not Path(CHROMIUM).is_file():
        missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    if sync_playwright is None:  # pragma: no cover - playwright is in the test extra
        missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def chromium_like(browser, env: dict[str, str]):
    """A second headless Chromium, started by the Playwright of ``browser`` (one Playwright
    per process), with ``env`` added to its environment (e.g. ``FONTCONFIG_FILE``, to hide
    system fonts); closed on exit."""
    other = browser.browser_type.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, env={**os.environ, **env}
    )
    try:
        yield other
    finally:
        other.close()


def local_only(context) -> list[str]:
    """Abort every request of ``context`` to a host other than 127.0.0.1; the list the
    aborted URLs are appended to."""
    outside: list[str] = []

    def route(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    return outside
