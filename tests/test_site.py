"""Browser test of the built site: every page, offline, in a real Chromium.

Run after ``jupyter-book build`` (``make test`` does this)::

    pytest -m browser tests/test_site.py

It is marked ``browser`` and deselected from the plain ``pytest`` run by
``addopts = -m "not browser"`` in pyproject.toml, because it needs
``_build/html``.  ``PATTERNEVAL_SITE`` points it at another built site and
``CHROMIUM`` at another browser binary.

A local ``http.server`` on 127.0.0.1 serves the site; every request to any
other host is aborted (and reported).  On every HTML page the test asserts:

* every ``<script src>`` and stylesheet is a relative path to a file of the
  built site, and ``data-jupyter-widgets-cdn`` points at the site's own
  ``_static/widgets-cdn/`` (page-relative, also in sub-folders);
* the page loads, with no console errors and no uncaught exceptions;
* no request failed and none went outside localhost, apart from the known,
  harmless failures listed in ``KNOWN_HARMLESS``;
* pages with math are typeset by MathJax (``mjx-container`` for every math
  node, no ``mjx-merror``) and no raw TeX (``$$``, ``\\(``, ``\\[``, ...) is
  left in the visible text;
* at a phone's width (390 px) nothing but a scroll box (code, display math, a table's
  wrapper, an explorer's figure) is wider than the screen, and an explorer's figure is
  shown at (nearly) its natural size, not shrunk until its labels are unreadable;
* every widget view saved in the page is rendered by the ipywidgets HTML
  manager; every rendered explorer with an ``Output`` area shows a figure in
  it, and every ``Output`` widget whose saved state holds a figure shows it: an ``<img>`` inside the rendered ``.widget-output`` area with a nonzero
  ``naturalWidth``.

On every page with an explorer, ``test_explorer_sliders_change_the_figure`` moves each
of its controls (keyboard, click, selection) and checks that the figure swaps to another
precomputed frame (tools/static_frames.py, tools/static/explorer-frames.js), a different
picture, with nothing requested outside 127.0.0.1.

A full-page screenshot of each page goes to ``_build/screenshots/``.

If the browser or the built site is missing the test fails when ``CI=true``
and is skipped (with the reason) otherwise.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import time
from html import unescape as html_unescape
from pathlib import Path
from urllib.parse import urlparse
from xml.sax.saxutils import escape as xml_escape

import pytest
from _browser import SITE, PlaywrightTimeout, chromium_like, local_only
from _browser import missing as _missing

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "_build" / "screenshots"
TIMEOUT_MS = 20_000

# Requests that may fail without anything being wrong, each with its reason.
# Keys are regexes matched against the path of the failed request.
KNOWN_HARMLESS: dict[str, str] = {
    # None are needed today: tools/offline_assets.py copies the html-manager's
    # icon fonts next to embed-amd.js, which is where the renderer asks for them.
    # (Without them Font Awesome's three fonts 404; the sliders are unaffected.)
}

# Raw TeX that must never survive typesetting in visible text.
REDIRECT = re.compile(r'<meta http-equiv="Refresh" content="0; url=([^"]+)"', re.I)
RAW_TEX = re.compile(
    r"\$\$|\\\(|\\\)|\\\[|\\\]|\\begin\{|\$[^$\n]*\\[A-Za-z]+[^$\n]*\$"
    r"|\$[^\s$][^$\n]*?\$"  # $K$, $O(1/k^2)$: TeX an extension or a tool wrote as text
)


def _pages() -> list[str]:
    if not (SITE / "index.html").is_file():
        return []
    skip = ("_static/", "_sources/", "_images/", "screenshots/")
    return sorted(
        p.relative_to(SITE).as_posix()
        for p in SITE.rglob("*.html")
        if not p.relative_to(SITE).as_posix().startswith(skip)
    )


PAGES = _pages()


@pytest.fixture(scope="module", autouse=True)
def fresh_screenshots():
    """Screenshots of this run only: drop those of pages that no longer exist."""
    if SCREENSHOTS.is_dir():
        for old in SCREENSHOTS.glob("*.png"):
            old.unlink()


def _harmless(url: str) -> bool:
    path = urlparse(url).path
    return any(re.search(pattern, path) for pattern in KNOWN_HARMLESS)


def _settle(
    page, pending: set, page_path: str, quiet_ms: int = 500, timeout_s: float = 120.0
) -> None:
    """Wait until no request has been in flight for `quiet_ms` and the fonts are ready.

    Playwright's "networkidle" does the same with the page's 20 s timeout, which a long
    API page (MathJax typesetting hundreds of formulas, then fetching its fonts) can pass
    on a loaded machine with nothing wrong. Here the wait is longer and a real hang
    names the requests still open."""
    deadline = time.monotonic() + timeout_s
    quiet_since = None
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)  # lets Playwright deliver the request events
        if pending:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since >= quiet_ms / 1000:
            page.evaluate("() => document.fonts.ready.then(() => true)")
            return
    pytest.fail(f"{page_path}: requests still open after {timeout_s:.0f} s: {sorted(pending)[:5]}")


def test_site_has_pages():
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    assert "index.html" in PAGES
    assert "search.html" in PAGES


@pytest.mark.parametrize("page_path", PAGES or ["<no site>"])
def test_page(page_path, site_url, browser):
    if page_path == "<no site>":
        _missing(f"no built site at {SITE} (run `make book` first)")
    html = (SITE / page_path).read_text(encoding="utf-8")
    _check_static_references(page_path, html)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)

    outside = local_only(context)
    failed, console_errors, page_errors = [], [], []

    def on_failed(request):
        if urlparse(request.url).hostname == "127.0.0.1" and not _harmless(request.url):
            failed.append(f"{request.url}: {request.failure}")

    def on_response(response):
        if response.status >= 400 and not _harmless(response.url):
            failed.append(f"{response.url}: HTTP {response.status}")

    def on_console(msg):
        if msg.type == "error":
            where = (msg.location or {}).get("url", "")
            if "Failed to load resource" in msg.text and (
                _harmless(where) or urlparse(where).hostname != "127.0.0.1"
            ):
                return  # already reported as a harmless or an outside request
            console_errors.append(f"{msg.text} ({where})")

    pending: set[str] = set()  # requests in flight, for the wait before the screenshot
    page.on("request", lambda request: pending.add(request.url))
    page.on("requestfinished", lambda request: pending.discard(request.url))
    page.on("requestfailed", lambda request: pending.discard(request.url))
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("console", on_console)
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))

    def context_report() -> str:
        return (
            f"\n  failed requests: {failed}\n  blocked outside requests: {outside}"
            f"\n  console errors: {console_errors}\n  uncaught exceptions: {page_errors}"
        )

    try:
        response = page.goto(site_url + page_path, wait_until="load")
        assert response is not None and response.ok, f"{page_path} did not load"
        redirect = REDIRECT.search(html)
        if redirect:  # index.html only forwards to the root page of the book
            target = (SITE / page_path).parent / redirect.group(1)
            assert target.is_file(), f"{page_path} redirects to a missing {target}"
            page.wait_for_url("**/" + target.relative_to(SITE).as_posix())
            page.wait_for_load_state("load")
            html = target.read_text(encoding="utf-8")

        # --- math -----------------------------------------------------------
        n_math = page.locator(".math").count()
        if n_math:
            page.wait_for_function(
                "() => window.MathJax && MathJax.startup && MathJax.startup.promise"
            )
            page.evaluate("() => MathJax.startup.promise")
            n_typeset = page.locator(".math mjx-container, mjx-container.MathJax").count()
            assert n_typeset >= n_math, (
                f"{page_path}: {n_math} math nodes but {n_typeset} typeset by MathJax"
            )
            assert page.locator("mjx-merror").count() == 0, f"{page_path}: MathJax errors"
        visible = page.evaluate(
            """() => {
                const body = document.body.cloneNode(true);
                body.querySelectorAll('pre, code, script, style, mjx-container, '
                    + '.highlight, textarea, .bd-search, nav').forEach(e => e.remove());
                return body.innerText;
            }"""
        )
        raw = sorted({m.group(0) for m in RAW_TEX.finditer(visible)})
        assert not raw, f"{page_path}: raw TeX left in the page text: {raw[:10]}"

        # --- static figures ---------------------------------------------------
        # every figure element shows a loaded image, and no cell output fell back to a
        # figure's text repr (what a notebook shows when its PNG was never produced)
        figures = page.evaluate(
            """() => [...document.querySelectorAll('figure')].map(f => {
                const img = f.querySelector('img');
                const cap = f.querySelector('figcaption');
                return {caption: cap ? cap.innerText.slice(0, 60) : '(no caption)',
                        ok: !!img && img.complete && img.naturalWidth > 0};
            })"""
        )
        blank = [f["caption"] for f in figures if not f["ok"]]
        assert not blank, f"{page_path}: figures without a loaded image: {blank}"
        text_only = page.evaluate(
            "() => [...document.querySelectorAll('.cell_output')]"
            ".filter(o => /<Figure size|<Figure>/.test(o.innerText) && !o.querySelector('img')).length"
        )
        assert text_only == 0, (
            f"{page_path}: {text_only} outputs show a figure's repr, not its image"
        )

        # --- widgets --------------------------------------------------------
        n_views = html.count('type="application/vnd.jupyter.widget-view+json"')
        n_figures = _saved_output_figures(html)
        if n_views:
            page.wait_for_function(
                """([views, figures]) => {
                    const areas = document.querySelectorAll('.widget-subarea');
                    const imgs = [...document.querySelectorAll(
                        '.widget-subarea .widget-output img')];
                    const loaded = i => i.complete && i.naturalWidth > 0;
                    // every rendered explorer that has an Output area shows a figure in it
                    const explorersDrawn = [...areas].every(a =>
                        !a.querySelector('.widget-output')
                        || [...a.querySelectorAll('.widget-output img')].some(loaded));
                    return areas.length >= views
                        && [...areas].every(a => a.childElementCount > 0)
                        && explorersDrawn
                        && imgs.filter(loaded).length >= figures;
                }""",
                arg=[n_views, n_figures],
            )
            bad = page.evaluate(
                """() => [...document.querySelectorAll(
                        '.widget-subarea .widget-output img')]
                    .filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src.slice(0, 60))"""
            )
            assert not bad, f"{page_path}: widget figures that did not load: {bad}"
            # each explorer shows the static-site note once, and visibly (JupyterLab hides it)
            notes = page.locator(".pe-static-note")
            shown = [notes.nth(i).is_visible() for i in range(notes.count())]
            explorers = page.locator(".pe-explorer-caption").count()
            assert len(shown) == explorers and all(shown), (
                f"{page_path}: {explorers} explorers, static-site notes shown: {shown}"
            )
        else:
            assert n_figures == 0

        _settle(page, pending, page_path)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shot = SCREENSHOTS / (page_path.removesuffix(".html").replace("/", "__") + ".png")
        # a whole API page is a tall picture: on a busy machine (make test runs this beside
        # the course build) its capture can take longer than a page's other waits
        page.screenshot(path=str(shot), full_page=True, timeout=LOAD_MS)
        _check_phone_layout(page, page_path)
    except PlaywrightTimeout as exc:
        pytest.fail(f"{page_path}: timed out ({exc.message.splitlines()[0]}){context_report()}")
    finally:
        context.close()

    assert not outside, f"{page_path}: requests outside localhost (blocked): {outside}"
    assert not failed, f"{page_path}: failed requests: {failed}"
    assert not page_errors, f"{page_path}: uncaught exceptions: {page_errors}"
    assert not console_errors, f"{page_path}: console errors: {console_errors}"


def _saved_output_figures(html: str) -> int:
    """Output widgets whose saved state (in the page) holds an image."""
    m = re.search(
        r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>',
        html,
        re.S,
    )
    if not m:
        return 0
    state = json.loads(m.group(1).replace("<\\/", "</"))["state"]
    return sum(
        1
        for model in state.values()
        if model.get("model_name") == "OutputModel"
        and any(
            any(k.startswith("image/") for k in out.get("data", {}))
            for out in model["state"].get("outputs", [])
        )
    )


def _check_static_references(page_path: str, html: str) -> None:
    """Scripts, stylesheets and the widget CDN are all relative paths into the site."""
    here = (SITE / page_path).parent
    scripts = re.findall(r"<script[^>]*\bsrc=\"([^\"]+)\"", html)
    styles = re.findall(r"<link[^>]*\brel=\"stylesheet\"[^>]*\bhref=\"([^\"]+)\"", html)
    remote = [u for u in scripts + styles if re.match(r"^(https?:)?//", u)]
    assert not remote, f"{page_path}: loads scripts/styles from outside the site: {remote}"
    for url in scripts + styles:
        target = (here / url.split("?")[0]).resolve()
        assert target.is_file(), f"{page_path}: {url} is not in the built site"
    for cdn in re.findall(r"data-jupyter-widgets-cdn=\"([^\"]*)\"", html):
        assert not re.match(r"^(https?:)?//", cdn), f"{page_path}: widget CDN {cdn} is remote"
        target = (here / cdn).resolve()
        assert target.is_dir() and target == (SITE / "_static" / "widgets-cdn").resolve(), (
            f"{page_path}: widget CDN {cdn} does not point at _static/widgets-cdn/"
        )


# --- explorers on the static site ----------------------------------------------------

FRAMES_JS = re.compile(r"window\.peExplorerFrames = (\{.*?\});</script>", re.S)


def _explorer_pages() -> list[str]:
    return [p for p in PAGES if "window.peExplorerFrames" in (SITE / p).read_text(encoding="utf-8")]


EXPLORER_PAGES = _explorer_pages()
# `make build FRAMES=0` (tools/sphinx_frames.py) builds without the frames
FRAMES_OFF = os.environ.get("PATTERNEVAL_FRAMES", "1").strip() == "0"


def test_every_explorer_has_frames_on_the_site():
    """Every chapter's explorer gets its frames (tools/static_frames.py), within the
    site's size budget."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    if FRAMES_OFF:
        pytest.skip("built without frames (FRAMES=0)")
    manifest = ROOT / "_build" / "explorer-frames" / "manifest.json"
    import patterneval.widgets as w

    names = set()
    for page_path in EXPLORER_PAGES:
        config = json.loads(
            FRAMES_JS.search((SITE / page_path).read_text(encoding="utf-8")).group(1)
        )
        names.update(config["explorers"])
    classes = {
        n for n in w.__all__ if isinstance(c := getattr(w, n), type) and issubclass(c, w.Explorer)
    }
    assert names == classes - {"Explorer"}, "explorers without frames on the site"
    frames = SITE / "_static" / "explorer-frames"
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    assert size < 150e6, f"the site is {size / 1e6:.0f} MB"
    for name, entry in json.loads(manifest.read_text()).items():
        assert len(list((frames / name).glob("*.png"))) == entry["frames"], name


def _frame_key(page, name):
    """The grid indices of the frame the explorer shows (set by explorer-frames.js)."""
    return page.evaluate(
        """name => document.querySelector(`[data-pe-explorer="${name}"] .widget-output img`)
                   .getAttribute('data-pe-frame')""",
        name,
    )


def _ignored(spec, i, at) -> bool:
    """Whether control i does not matter at grid point ``at`` (the manifest's aliases,
    tools/static_frames.py's ALIASES)."""
    return any(a["control"] == i and at[a["other"]] in a["values"] for a in spec.get("aliases", []))


def _frame_file(spec, key: str) -> str:
    """The file of the frame the page shows at grid point ``key``: as explorer-frames.js
    asks for it, each control that does not matter there at its initial index."""
    at = [int(v) for v in key.split("-")]
    point = [
        spec["controls"][i]["initial"] if _ignored(spec, i, at) else j for i, j in enumerate(at)
    ]
    return "-".join(map(str, point)) + ".png"


def _move(page, name, i, control, at, step):
    """Move control i of the explorer (at grid index ``at``): a slider by one arrow key
    (step 0) or to its far end (Home/End, step 1); a toggle by a click on another button;
    a dropdown by selecting its far option. Returns how."""
    root = page.locator(f'[data-pe-explorer="{name}"] .widget-vbox > .widget-hbox').first
    widget = root.locator(":scope > *").nth(i)
    last = len(control["grid"]) - 1
    if control["kind"] == "toggle":
        widget.locator("button:not(.mod-active)").first.click()
        return "click"
    if control["kind"] == "dropdown":
        target = control["grid"][0 if at == last else last]
        widget.locator("select").select_option(index=target)
        return f"select {target}"
    widget.locator(".noUi-handle").first.focus()
    if step == 0:
        key = "ArrowLeft" if at == last else "ArrowRight"
    else:
        key = "Home" if at == last else "End"
    page.keyboard.press(key)
    return key


def _restore(page, name, i, control, initial):
    """Put control i back at its initial grid index (sliders: Home, then one arrow key
    per grid point), so that the next control moves from the chapter's initial state."""
    root = page.locator(f'[data-pe-explorer="{name}"] .widget-vbox > .widget-hbox').first
    widget = root.locator(":scope > *").nth(i)
    if control["kind"] == "toggle":
        widget.locator("button").nth(control["grid"][initial]).click()
    elif control["kind"] == "dropdown":
        widget.locator("select").select_option(index=control["grid"][initial])
    else:
        widget.locator(".noUi-handle").first.focus()
        page.keyboard.press("Home")
        for _ in range(initial):
            page.keyboard.press("ArrowRight")


@pytest.mark.parametrize("page_path", EXPLORER_PAGES or ["<no explorer>"])
def test_explorer_sliders_change_the_figure(page_path, site_url, browser):
    """Every control of the page's explorer, from the chapter's initial state, moved once
    by the keyboard (sliders: one arrow-key step, which snaps to the next grid point that
    way), a click (toggles) or a selection (dropdowns), then slid to its far end, then put
    back: each move shows another precomputed frame, a different picture, and nothing is
    requested outside 127.0.0.1."""
    if FRAMES_OFF:
        pytest.skip("built without frames (FRAMES=0)")
    if page_path == "<no explorer>":
        _missing(f"no explorer with frames in {SITE} (run `make book` first)")
    html = (SITE / page_path).read_text(encoding="utf-8")
    config = json.loads(FRAMES_JS.search(html).group(1))
    ((name, spec),) = config["explorers"].items()
    frames = (SITE / page_path).parent / config["base"] / spec.get("folder", name)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside, failed = local_only(context), []
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)

    def on_failed(request):
        # a frame superseded by the next move before it loaded is aborted by the browser
        if not (
            "/_static/explorer-frames/" in request.url and request.failure == "net::ERR_ABORTED"
        ):
            failed.append(f"{request.url}: {request.failure}")

    page.on("requestfailed", on_failed)
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.url}: HTTP {r.status}"))
    at = [c["initial"] for c in spec["controls"]]
    moves = 0
    try:
        page.goto(site_url + page_path, wait_until="load")
        page.wait_for_function(
            'name => { const el = document.querySelector(`[data-pe-explorer="${name}"] .widget-output img`);'
            " return el && el.complete && el.naturalWidth > 0; }",
            arg=name,
        )
        for i, control in enumerate(spec["controls"]):
            for step in range(1 if control["kind"] in ("toggle", "dropdown") else 2):
                before = "-".join(map(str, at))
                how = _move(page, name, i, control, at[i], step)
                page.wait_for_function(
                    "([name, before]) => { const img = document.querySelector("
                    '`[data-pe-explorer="${name}"] .widget-output img`);'
                    " const key = img && img.getAttribute('data-pe-frame');"
                    " return key && key !== before && img.complete && img.naturalWidth > 0; }",
                    arg=[name, before],
                )
                after = _frame_key(page, name)
                moved = [int(v) for v in after.split("-")]
                others = [j for j in range(len(at)) if j != i and moved[j] != at[j]]
                assert not others, (
                    f"{name}: moving {control['name']} ({how}) moved controls {others}"
                )
                if how.startswith("Arrow"):  # one step snaps to the next grid point that way
                    assert abs(moved[i] - at[i]) == 1, (
                        f"{name}.{control['name']}: {how} {at[i]} -> {moved[i]}"
                    )
                elif how in ("Home", "End"):
                    assert moved[i] == (0 if how == "Home" else len(control["grid"]) - 1), (
                        name,
                        how,
                        moved,
                    )
                shown, now = _frame_file(spec, before), _frame_file(spec, after)
                if _ignored(spec, i, at):  # the control does not matter here: one frame
                    assert shown == now, (name, control["name"], before, after)
                else:
                    assert (frames / shown).read_bytes() != (frames / now).read_bytes(), (
                        f"{name}: moving {control['name']} ({how}) from {before} to {after} "
                        "shows the same picture"
                    )
                at, moves = moved, moves + 1
            _restore(page, name, i, control, control["initial"])
            at[i] = control["initial"]
            page.wait_for_function(
                '([name, key]) => document.querySelector(`[data-pe-explorer="${name}"] .widget-output img`)'
                ".getAttribute('data-pe-frame') === key",
                arg=[name, "-".join(map(str, at))],
            )
    except PlaywrightTimeout as exc:
        pytest.fail(
            f"{page_path}: {name} did not respond after {moves} moves "
            f"({exc.message.splitlines()[0]}); failed: {failed}; outside: {outside}"
        )
    finally:
        context.close()
    assert moves >= len(spec["controls"])
    assert not outside, f"{page_path}: requests outside localhost (blocked): {outside}"
    assert not failed, f"{page_path}: failed requests: {failed}"


# --- whole-site checks ---------------------------------------------------------------

HREF = re.compile(r'<a\b[^>]*\bhref="([^"]*)"', re.I)
IDS = re.compile(r'\bid="([^"]+)"')


@functools.cache
def _ids(path: Path) -> frozenset:
    return frozenset(IDS.findall(path.read_text(encoding="utf-8")))


def test_internal_links_resolve():
    """Every relative link of every page points at a built file and, with a #fragment,
    at an element with that id (Sphinx's linkcheck skips local links; this does not,
    and needs no network)."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    broken, checked = [], 0
    for page_path in PAGES:
        here = (SITE / page_path).parent
        html = (SITE / page_path).read_text(encoding="utf-8")
        for href in HREF.findall(html):
            if re.match(r"^([a-z][a-z0-9+.-]*:|//)", href, re.I):
                continue  # external (http, mailto, javascript): not checked offline
            url, _, fragment = href.partition("#")
            target = (here / url.split("?")[0]).resolve() if url else SITE / page_path
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.is_file():
                broken.append(f"{page_path}: {href} (no file)")
            elif fragment and target.suffix == ".html" and fragment not in _ids(target):
                broken.append(f"{page_path}: {href} (no id {fragment!r})")
    assert checked > 100
    assert not broken, f"{len(broken)} broken internal links:\n" + "\n".join(broken[:40])


def test_figures_have_captions_or_alt_text():
    """Every <figure> has a caption; every image outside a figure has a real alt text
    (not a file name). Explorer figures are drawn by the widget renderer in the browser;
    `test_page` checks them, and each explorer carries its own caption widget."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    problems = []
    for page_path in PAGES:
        html = (SITE / page_path).read_text(encoding="utf-8")
        main = html[html.find("<main") : html.find("</main>")]
        for figure in re.findall(r"<figure\b.*?</figure>", main, re.S):
            caption = re.search(r"<figcaption\b.*?>(.*?)</figcaption>", figure, re.S)
            if caption is None or not re.sub(r"<[^>]+>|\s", "", caption.group(1)):
                problems.append(f"{page_path}: a figure without a caption")
        outside = re.sub(r"<figure\b.*?</figure>", "", main, flags=re.S)
        for img in re.findall(r"<img\b[^>]*>", outside):
            alt = re.search(r'\balt="([^"]*)"', img)
            if (
                alt is None
                or not alt.group(1).strip()
                or re.search(r"\.(png|jpe?g|svg|gif)$", alt.group(1))
            ):
                problems.append(f"{page_path}: an image without alt text: {img[:80]}")
    assert not problems, "\n".join(problems)


def _offline_page(context):
    """A new page of ``context`` that may load from 127.0.0.1 only (every other request is
    aborted), with the tests' default timeout."""
    local_only(context)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


@pytest.mark.parametrize(
    "query, expected_page",
    [
        ("Rand", "book/part2/external-indices.html"),
        ("bootstrap", "book/part1/cross-validation.html"),
    ],
)
def test_offline_search_finds(query, expected_page, site_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = _offline_page(context)
    try:
        page.goto(f"{site_url}search.html?q={query}", wait_until="load")
        page.wait_for_selector("#search-results li a", timeout=TIMEOUT_MS)
        page.wait_for_function(
            "() => document.querySelector('#search-results .search-summary')"
            " || document.querySelector('#search-results p')"
        )
        hits = page.eval_on_selector_all(
            "#search-results li a", "as => as.map(a => a.getAttribute('href'))"
        )
    finally:
        context.close()
    assert hits, f"the search page found nothing for {query!r}"
    assert any(h.split("?")[0].split("#")[0].endswith(expected_page) for h in hits), (
        f"searching {query!r} did not list {expected_page}: {hits[:10]}"
    )


def test_search_ranks_the_chapter_before_class_members_with_a_snippet(site_url, browser):
    """Searching "AUC" lists the chapter "ROC and AUC with intervals" first (Sphinx's
    default ranking put the module patterneval.book.roc_auc and the attribute
    ``DeLongInterval.auc`` above it), with a snippet of its text (not of its title); the
    class member is still found further down."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = _offline_page(context)
    try:
        page.goto(f"{site_url}search.html?q=AUC", wait_until="load")
        page.wait_for_selector("#search-results li a", timeout=TIMEOUT_MS)
        page.wait_for_function(
            "() => document.querySelector('#search-results li:first-child p.context')"
        )
        first = page.evaluate(
            """() => {
                const li = document.querySelector('#search-results li');
                return {href: li.querySelector('a').getAttribute('href'),
                        snippet: li.querySelector('p.context').textContent};
            }"""
        )
        hits = page.eval_on_selector_all(
            "#search-results li a", "as => as.map(a => a.getAttribute('href'))"
        )
    finally:
        context.close()
    assert first["href"].split("?")[0].split("#")[0].endswith("book/part5/roc-auc.html"), hits[:5]
    assert "AUC" in first["snippet"], first
    # cut from the chapter's text, not from its title and printed table of contents
    assert "Contents" not in first["snippet"], first
    assert "ROC and AUC with intervals" not in first["snippet"], first
    assert any(".auc" in h for h in hits), f"no class member auc among the hits: {hits[:20]}"


def test_phone_width_chapter_is_readable(site_url, browser):
    """At 390 px (a phone) the chapter needs no sideways scrolling, keeps body text at a
    readable size, and the navigation sidebar gets out of the way."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = _offline_page(context)
    try:
        page.goto(f"{site_url}book/part1/test-error.html", wait_until="load")
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        page.evaluate("() => MathJax.startup.promise")
        layout = page.evaluate(
            """() => {
                const p = document.querySelector('main p');
                const article = document.querySelector('main article') ||
                                document.querySelector('main');
                const sidebar = document.querySelector('.bd-sidebar-primary');
                return {
                    scroll: document.documentElement.scrollWidth,
                    width: window.innerWidth,
                    font: parseFloat(getComputedStyle(p).fontSize),
                    text: article.getBoundingClientRect().width,
                    sidebar: sidebar ? sidebar.getBoundingClientRect().left
                        + sidebar.getBoundingClientRect().width : 0,
                };
            }"""
        )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "phone__test-error.png"))
    finally:
        context.close()
    # innerWidth grows to the page's width on a mobile viewport: compare with the screen
    assert layout["scroll"] <= PHONE["width"], f"sideways scrolling: {layout}"
    assert layout["font"] >= 14, f"body text too small on a phone: {layout}"
    assert layout["text"] >= 0.85 * layout["width"], f"text column too narrow: {layout}"
    assert layout["sidebar"] <= 0, f"the sidebar covers the text: {layout}"


PHONE = {"width": 390, "height": 844}
# At a phone's width: the elements that stick out of the screen with no scroll box (an
# ancestor with overflow-x auto/scroll/hidden) around them, and every explorer figure's
# natural and shown width.
PHONE_LAYOUT = """() => {
    const boxed = e => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return true;
        }
        return false;
    };
    const out = r => r.width > 0 && r.right > window.innerWidth + 1;
    const textOut = t => {
        const range = document.createRange();
        range.selectNodeContents(t);
        return [...range.getClientRects()].some(out);
    };
    const scroll = document.scrollingElement.scrollWidth;
    // what sticks out is looked for only when something does (it takes a while)
    const wide = scroll <= window.innerWidth ? [] : [...document.querySelectorAll('main *')].filter(e =>
        !e.closest('.bd-sidebar-primary, .bd-sidebar-secondary')  // off-canvas
        && (out(e.getBoundingClientRect()) && !boxed(e)
            || [...e.childNodes].some(t => t.nodeType === Node.TEXT_NODE && !boxed(t) && textOut(t)))
    ).slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: `
                         + e.textContent.trim().slice(0, 40));
    const figures = [...document.querySelectorAll('.widget-output img')].map(i => ({
        natural: i.naturalWidth, shown: Math.round(i.getBoundingClientRect().width)}));
    return {scroll, wide, figures};
}"""


def _check_phone_layout(page, page_path: str) -> None:
    """The page, already loaded, at 390 px: no sideways scrolling of the page itself, and
    each explorer figure at >= 90 % of its natural width (it scrolls in its Output box)."""
    page.set_viewport_size(PHONE)
    layout = page.evaluate(PHONE_LAYOUT)
    assert layout["scroll"] <= PHONE["width"], (
        f"{page_path}: at {PHONE['width']} px the page is {layout['scroll']} px wide "
        f"(sticking out: {layout['wide']})"
    )
    small = [f for f in layout["figures"] if f["shown"] < 0.9 * f["natural"]]
    assert not small, (
        f"{page_path}: explorer figures shrunk on a phone (natural, shown px): {small}"
    )


# Chapters: the pages of the book's parts (cell outputs, code, display math).
CHAPTER_PAGES = [p for p in PAGES if re.match(r"book/part\d+/", p)]
DESKTOP = {"width": 1366, "height": 900}
LOAD_MS = 120_000  # a long chapter on a loaded machine (cf. _settle)
# On the page at its current width (tools/static/scroll-cues.js): every figure of a cell's
# output (img, inline svg; explorers' too) with its natural and shown width and, when it is
# wider than the box around it, whether that box scrolls and shows a cue (the figure frame's
# shadow and hint, or the explorers' swipe note); every code box or equation (pre,
# .highlight, div.math, display mjx-container) whose content is wider than the box, whether
# it carries the cue: the edge classes and a visible gradient. Also: the cue's colour
# composited over the box's background, against that background (a contrast ratio).
SCROLL_CUES = """async () => {
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    const main = document.querySelector('main');
    const visible = e => e.getClientRects().length > 0 && e.clientWidth > 0;
    const scrollBox = e => {
        for (let a = e.parentElement; a && a !== main; a = a.parentElement) {
            const o = getComputedStyle(a).overflowX;
            if (o === 'auto' || o === 'scroll' || o === 'hidden') return a;
        }
        return null;
    };
    const rgba = s => (s.match(/rgba?\\([^)]*\\)/g) || []).map(c => c.match(/[\\d.]+/g).map(Number))
        .map(([r, g, b, a]) => [r, g, b, a === undefined ? 1 : a]);
    const background = e => {
        for (let a = e; a; a = a.parentElement) {
            const c = rgba(getComputedStyle(a).backgroundColor)[0];
            if (c && c[3] > 0) return c;
        }
        return [255, 255, 255, 1];
    };
    const lum = ([r, g, b]) => [r, g, b].map(v => v / 255)
        .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = (x, y) => (Math.max(lum(x), lum(y)) + 0.05) / (Math.min(lum(x), lum(y)) + 0.05);
    const name = e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: `
        + e.textContent.trim().replace(/\\s+/g, ' ').slice(0, 50);

    const figures = [...main.querySelectorAll('.cell_output img, .cell_output svg')]
        .filter(f => visible(f) && !f.parentElement.closest('svg, mjx-container, button'))
        .map(f => {
            const svg = f.tagName.toLowerCase() === 'svg';
            const natural = svg ? (f.width.baseVal.unitType === 2 ? 0 : f.width.baseVal.value)
                                : f.naturalWidth;
            const shown = f.getBoundingClientRect().width;
            const box = scrollBox(f);
            const wider = !!box && box.scrollWidth > box.clientWidth + 1;
            const frame = box && box.closest('.pe-figure-frame');
            const hint = frame && frame.querySelector('.pe-scroll-hint');
            const output = f.closest('.widget-output');  // an explorer's: its swipe note
            const note = output && getComputedStyle(output, '::before').content;
            const cued = !wider || !!box && getComputedStyle(box).overflowX !== 'hidden' && (
                frame ? frame.classList.contains('pe-more-right') && !!hint && visible(hint)
                      : !!note && note !== 'none' && note !== 'normal');
            return {src: (f.getAttribute('src') || 'svg').split('/').pop().slice(0, 16),
                    natural, shown: Math.round(shown), wider, cued, framed: !!frame};
        });
    const boxes = [...main.querySelectorAll(
            'pre, .highlight, div.math, mjx-container[display="true"], div.math > mjx-container')]
        .filter(e => visible(e) && e.scrollWidth > e.clientWidth + 1)
        .map(e => {
            const style = getComputedStyle(e);
            const edge = e.classList.contains('pe-more-right') || e.classList.contains('pe-more-left');
            const cue = rgba(style.backgroundImage).find(c => c[3] > 0);
            const under = background(e);
            const seen = cue && cue.slice(0, 3).map((v, i) => cue[3] * v + (1 - cue[3]) * under[i]);
            return {box: name(e), scrolls: ['auto', 'scroll'].includes(style.overflowX),
                    cued: edge && !!cue, contrast: seen ? contrast(seen, under) : 0};
        });
    return {figures, boxes};
}"""


def _scroll_cues(page, page_path: str, width: int) -> dict:
    """Measure the page at ``width`` px (SCROLL_CUES) and assert: no figure below 60 % of its
    natural width, every figure wider than its column in a scroll box with a cue, every
    overflowing code box or equation scrolling with a visible cue (contrast >= 1.8)."""
    cues = page.evaluate(SCROLL_CUES)
    where = f"{page_path} at {width} px"
    small = [f for f in cues["figures"] if f["natural"] and f["shown"] < 0.6 * f["natural"]]
    assert not small, f"{where}: figures shown below 60 % of their natural width: {small}"
    hidden = [f for f in cues["figures"] if not f["cued"]]
    assert not hidden, f"{where}: figures cut with no scroll cue: {hidden}"
    uncued = [b for b in cues["boxes"] if not (b["scrolls"] and b["cued"])]
    assert not uncued, f"{where}: boxes wider than their content shows, with no cue: {uncued}"
    faint = [b for b in cues["boxes"] if b["contrast"] < 1.8]
    assert not faint, f"{where}: scroll cues too faint on their background: {faint}"
    return cues


@pytest.mark.parametrize("page_path", CHAPTER_PAGES or ["<no site>"])
def test_chapter_figures_keep_their_size_and_wide_boxes_show_they_scroll(
    page_path, site_url, browser
):
    """On every chapter, at 1366 px and at 390 px (tools/static/scroll-cues.js,
    patterneval.css): each figure of a cell's output is shown at >= 60 % of its natural
    width, and one wider than the column scrolls in a box with a shadow on its cut edge
    and a "scroll" hint; each code block or display equation wider than its box carries a
    visible shadow on the edge with more to see. The figures keep their alt text."""
    if page_path == "<no site>":
        _missing(f"no built site at {SITE} (run `make book` first)")
    context = browser.new_context(viewport=DESKTOP)
    page = _offline_page(context)
    try:
        page.goto(site_url + page_path, wait_until="load", timeout=LOAD_MS)
        if page.locator(".math").count():
            page.wait_for_function(
                "() => window.MathJax && MathJax.startup && MathJax.startup.promise"
            )
            page.evaluate("() => MathJax.startup.promise")
        page.evaluate("() => document.fonts.ready.then(() => true)")
        alts = page.evaluate(
            "() => [...document.querySelectorAll('main img')]"
            ".filter(i => !i.closest('.widget-subarea, .widget-output')).map(i => i.alt)"
        )
        source = (SITE / page_path).read_text(encoding="utf-8")
        main = source[source.find("<main") : source.find("</main>")]
        shown = [html_unescape(a) for a in re.findall(r'<img\b[^>]*\balt="([^"]*)"', main)]
        assert sorted(alts) == sorted(shown), f"{page_path}: the images' alt texts changed"
        desktop = _scroll_cues(page, page_path, DESKTOP["width"])
        page.set_viewport_size(PHONE)
        phone = _scroll_cues(page, page_path, PHONE["width"])
        if os.environ.get("PATTERNEVAL_CUE_COUNTS"):  # the numbers, for a report
            print(
                f"\n{page_path}: figures {len(phone['figures'])}, framed and scrolling at 390 "
                f"{sum(f['wider'] for f in phone['figures'])}, at 1366 "
                f"{sum(f['wider'] for f in desktop['figures'])}; cued boxes at 390 "
                f"{len(phone['boxes'])}, at 1366 {len(desktop['boxes'])}"
            )
    finally:
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_scroll_cues_show_on_both_themes(theme, site_url, browser):
    """The ROC chapter at 390 px on the light and the dark theme: the definition of psi
    (its display equation runs past the screen's edge) shows a shadow on its right edge
    that stands out from the box's background (contrast >= 1.8), and goes to the left
    edge once scrolled to the end; the figures that scroll show their hint."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    page_path = "book/part5/roc-auc.html"
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.add_init_script(
        f"localStorage.setItem('mode', '{theme}'); localStorage.setItem('theme', '{theme}');"
    )
    page = _offline_page(context)
    try:
        page.goto(site_url + page_path, wait_until="load", timeout=LOAD_MS)
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        page.evaluate("() => MathJax.startup.promise")
        assert page.evaluate("() => document.documentElement.dataset.theme") == theme
        _scroll_cues(page, page_path, PHONE["width"])
        psi = page.evaluate(
            r"""async () => {
                const item = [...MathJax.startup.document.math].find(
                    m => m.display && /\\psi\(x, ?y\) *= *\\begin\{cases\}/.test(m.math));
                if (!item) return null;
                const box = item.typesetRoot;
                const before = [...box.classList];
                box.scrollLeft = box.scrollWidth;
                await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
                const after = [...box.classList];
                box.scrollLeft = 0;
                return {wider: box.scrollWidth > box.clientWidth, before, after};
            }"""
        )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"phone__roc-auc_cues_{theme}.png"))
    finally:
        context.close()
    assert psi is not None, f"{page_path}: no display equation defines psi(x, y)"
    assert psi["wider"], f"{page_path}: the definition of psi fits at 390 px: {psi}"
    assert "pe-more-right" in psi["before"] and "pe-more-left" not in psi["before"], psi
    assert "pe-more-left" in psi["after"] and "pe-more-right" not in psi["after"], psi


# no raw TeX in the text a phone shows: $...$, \(, \[, or a TeX command like \frac
PHONE_TEX = re.compile(r"\$|\\[A-Za-z]+|\\[()\[\]]")
PHONE_TEXT = """() => {
    const skip = 'script, style, pre, code, textarea, input, mjx-container, mjx-assistive-mml';
    const walker = document.createTreeWalker(document.querySelector('main') || document.body,
                                             NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n; (n = walker.nextNode());) {
        if (!n.parentElement.closest(skip) && n.textContent.trim()) texts.push(n.textContent);
    }
    return texts;
}"""


@pytest.mark.parametrize(
    "page_path",
    [
        "book/appendix/glossary.html",
        "book/appendix/references.html",
        "search.html?q=cross-validation",
        # lists a section title with math: "TD(\lambda): forward ..." in searchindex.js
        "search.html?q=forward+and+backward+views",
    ],
)
def test_phone_pages_show_no_raw_tex(page_path, site_url, browser):
    """On a phone (390 px, touch, 3x), the glossary, the references and search results
    (titles and snippets, tools/static/search-math.js) show math typeset or as plain
    Unicode, never TeX; the page does not scroll sideways; the glossary's four columns are
    on screen, or its table scrolls in its own box."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
    )
    page = _offline_page(context)
    try:
        page.goto(site_url + page_path, wait_until="load")
        if page_path.startswith("search.html"):
            # every result shows its description or its snippet (fetched one by one)
            page.wait_for_function(
                """() => /finished/.test((document.querySelector('.search-summary') || {}).innerText)
                    && [...document.querySelectorAll('#search-results li')].every(
                        li => li.querySelector('p.context, span'))"""
            )
            assert page.locator("#search-results p.context").count() > 0
        else:
            page.wait_for_function(
                "() => window.MathJax && MathJax.startup && MathJax.startup.promise"
            )
            page.evaluate("() => MathJax.startup.promise")
        texts = page.evaluate(PHONE_TEXT)
        tex = [t.strip()[:80] for t in texts if PHONE_TEX.search(t)]
        scroll = page.evaluate("() => document.scrollingElement.scrollWidth")
        columns = page.evaluate(
            """() => [...document.querySelectorAll('table.glossary-table thead th')].map(th => {
                const r = th.getBoundingClientRect(), box = th.closest('.pst-scrollable-table-container');
                return {left: r.left, right: r.right,
                        scrolls: !!box && box.scrollWidth > box.clientWidth
                                 && getComputedStyle(box).overflowX === 'auto'};
            })"""
        )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w-]+", "_", page_path.removesuffix(".html"))
        page.screenshot(path=str(SCREENSHOTS / f"phone__{name}.png"))
    finally:
        context.close()
    assert not tex, f"{page_path}: raw TeX in the text on a phone: {tex[:10]}"
    if "backward" in page_path:
        assert "Reinforcement learning > TD(λ): " in "".join(texts), "no section title found"
    assert scroll <= PHONE["width"], f"{page_path}: the page is {scroll} px wide on a phone"
    if "glossary" in page_path:
        assert len(columns) == 4, columns
        off = [c for c in columns if c["left"] < 0 or c["right"] > PHONE["width"]]
        assert not off or all(c["scrolls"] for c in columns), f"glossary columns off screen: {off}"


# --- Chinese terms without system fonts; the favicon ----------------------------------

CJK_FAMILY = "PatternevalCJK"  # tools/cjk_font.py, declared in tools/static/patterneval.css
CJK_TEXT = re.compile(
    r"[\u2e80-\u2fdf\u3000-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]"
)


def _fonts_conf_without_cjk(folder: Path) -> Path:
    """A fontconfig file: the system's own configuration with every font that has Chinese,
    Japanese or Korean glyphs rejected (``fc-list`` names them); checked with ``fc-list``."""
    if shutil.which("fc-list") is None:
        _missing("no fc-list (fontconfig) to hide the system's CJK fonts")

    def fc_list(query: str, env=None) -> set[str]:
        out = subprocess.run(
            ["fc-list", query, "file"], capture_output=True, text=True, check=True, env=env
        ).stdout
        return {line.split(":")[0].strip() for line in out.splitlines() if line.strip()}

    cjk = set().union(*(fc_list(q) for q in (":lang=zh", ":lang=ja", ":lang=ko", ":charset=8bc4")))
    globs = "".join(f"<glob>{xml_escape(f)}</glob>" for f in sorted(cjk))
    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        "<fontconfig>\n"
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <selectfont><rejectfont>{globs}</rejectfont></selectfont>\n"
        "</fontconfig>\n",
        encoding="utf-8",
    )
    env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    assert not fc_list(":lang=zh", env) | fc_list(":charset=8bc4", env), "CJK fonts still seen"
    assert fc_list(":lang=en", env), f"{conf} hides the Latin fonts too"
    return conf


def test_glossary_chinese_renders_with_the_site_font_without_system_cjk_fonts(
    site_url, browser, tmp_path
):
    """With every system font that has Chinese glyphs hidden from Chromium (fontconfig),
    the glossary's 中文 column and its link in the navigation are drawn with the site's own
    web font (tools/static/fonts/patterneval-cjk.woff): the font face loads from the site, and
    Chromium's record of the fonts it used (DevTools' CSS.getPlatformFontsForNode) gives
    PatternevalCJK for every Chinese character of every cell, not a fallback's empty box."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    conf = _fonts_conf_without_cjk(tmp_path)
    failed: list[str] = []
    with chromium_like(browser, {"FONTCONFIG_FILE": str(conf)}) as no_cjk:
        context = no_cjk.new_context(viewport={"width": 1280, "height": 900})
        page = _offline_page(context)
        page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
        page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.url}: {r.status}"))
        try:
            page.goto(site_url + "book/appendix/glossary.html", wait_until="load")
            faces = page.evaluate(
                """async family => {
                    await document.fonts.ready;
                    return {
                        status: [...document.fonts].filter(
                            f => f.family.replace(/["']/g, '') === family).map(f => f.status),
                        check: document.fonts.check(`16px ${family}`, '评估'),
                        stack: getComputedStyle(document.querySelector(
                            'table.glossary-table td')).fontFamily,
                    };
                }""",
                CJK_FAMILY,
            )
            cdp = context.new_cdp_session(page)
            cdp.send("DOM.enable")
            cdp.send("CSS.enable")
            root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
            # the 中文 column (its bold heading too) and the navigation's "Glossary (术语表)"
            selector = "table.glossary-table tr > :nth-child(2) p, .bd-sidebar-primary a.current"
            nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})
            drawn = []
            for node in nodes["nodeIds"]:
                text = cdp.send("DOM.getOuterHTML", {"nodeId": node})["outerHTML"]
                fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
                drawn.append((re.sub(r"<[^>]+>", "", text), fonts))
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "no-cjk-fonts__glossary.png"))
        finally:
            context.close()
    assert faces["status"] == ["loaded"], f"the {CJK_FAMILY} font face: {faces}"
    assert faces["check"], faces
    assert faces["stack"].rstrip().endswith(CJK_FAMILY), faces["stack"]
    assert len(drawn) > 100, f"{len(drawn)} Chinese cells found"
    wrong = []
    for text, fonts in drawn:
        n_cjk = len(CJK_TEXT.findall(text))
        by_web_font = sum(
            f["glyphCount"] for f in fonts if f["familyName"] == CJK_FAMILY and f["isCustomFont"]
        )
        if n_cjk == 0 or by_web_font != n_cjk:
            wrong.append(f"{text.strip()!r}: {n_cjk} CJK characters, fonts {fonts}")
    assert not wrong, "Chinese text not drawn with the site's font:\n" + "\n".join(wrong[:10])
    assert not failed, f"failed requests: {failed}"


ICON = re.compile(r'<link\b[^>]*\brel="(?:shortcut )?icon"[^>]*\bhref="([^"]+)"')


def test_every_page_links_a_favicon_of_the_site():
    """Every page (but the redirecting index.html) has a <link rel="icon"> to the site's own
    favicon (html.favicon of _config.yml, tools/static/favicon.svg), an SVG file in it."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    problems, icons = [], set()
    for page_path in PAGES:
        html = (SITE / page_path).read_text(encoding="utf-8")
        if REDIRECT.search(html):
            continue
        links = ICON.findall(html)
        if len(links) != 1 or re.match(r"^([a-z][a-z0-9+.-]*:|//)", links[0], re.I):
            problems.append(f"{page_path}: icon links {links}")
            continue
        target = ((SITE / page_path).parent / links[0].split("?")[0]).resolve()
        if not target.is_file():
            problems.append(f"{page_path}: {links[0]} is not in the built site")
        icons.add(target)
    assert not problems, "\n".join(problems[:20])
    assert icons == {(SITE / "_static" / "favicon.svg").resolve()}, icons
    svg = (SITE / "_static" / "favicon.svg").read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<svg") and "viewBox" in svg


# --- the API reference ---------------------------------------------------------------

CODE = re.compile(r'(<a\b[^>]*>)?<code class="docutils literal notranslate">(.*?)</code>', re.S)


def _main(html: str) -> str:
    return html[html.find("<main") : html.find("</main>")]


def test_api_reference_documents_every_public_name():
    """Every name of patterneval.__all__, patterneval.plotting.__all__ and
    patterneval.widgets.__all__ has an entry (an element id) on an API page, and every
    entry ends with its "In the book:" line (tools/sphinx_apilinks.py)."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    import patterneval
    import patterneval.plotting
    import patterneval.widgets

    api = sorted((SITE / "book" / "api").glob("*.html"))
    assert len(api) >= 10, [p.name for p in api]
    ids = frozenset().union(*(_ids(p) for p in api))
    missing = [
        f"{mod.__name__}.{name}"
        for mod in (patterneval, patterneval.plotting, patterneval.widgets)
        for name in mod.__all__
        if f"{mod.__name__}.{name}" not in ids and f"patterneval.{name}" not in ids
    ]
    assert not missing, f"public names without an API entry: {missing}"
    for page in api:
        html = page.read_text(encoding="utf-8")
        entries = len(re.findall(r'<dl class="py (?:function|class|data|exception)">', html))
        backlinks = html.count('<p class="api-chapters">')
        assert entries == backlinks, f"{page.name}: {entries} entries, {backlinks} back-links"


def test_chapters_link_pe_names_to_the_api_reference():
    """Every `pe.<public name>` literal in a chapter's text is a link into book/api/, and
    the API entry of pe.bootstrap_error links back to the chapter that derives it."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    import patterneval

    public = set(patterneval.__all__)
    unlinked, linked = [], 0
    for page_path in PAGES:
        if not page_path.startswith("book/part"):
            continue
        for anchor, code in CODE.findall(_main((SITE / page_path).read_text(encoding="utf-8"))):
            text = re.sub(r"<[^>]+>", "", code)
            m = re.match(r"^pe\.(\w+)\b", text)
            if not m or m.group(1) not in public:
                continue
            href = re.search(r'href="([^"]*)"', anchor or "")
            if "apilink" in (anchor or "") and href and "/api/" in href.group(1):
                linked += 1
            else:
                unlinked.append(f"{page_path}: {text}")
    assert linked > 50
    assert not unlinked, "pe.* literals without a link to the API reference:\n" + "\n".join(
        unlinked
    )
    html = (SITE / "book" / "api" / "resampling.html").read_text(encoding="utf-8")
    entry = html[html.find('id="patterneval.bootstrap_error"') :]
    back = entry[entry.find('<p class="api-chapters">') :]
    back = back[: back.find("</p>")]
    assert 'href="../part1/cross-validation.html"' in back, back


def _literal_links(page_path: str, literal: str) -> list[str]:
    """The hrefs of the API links around each inline literal ``literal`` of a page's main
    content ("" for an unlinked one)."""
    found = []
    for anchor, code in CODE.findall(_main((SITE / page_path).read_text(encoding="utf-8"))):
        if re.sub(r"<[^>]+>", "", code) == literal:
            href = re.search(r'href="([^"]*)"', anchor or "")
            found.append(href.group(1) if href and "apilink" in anchor else "")
    return found


def test_chapters_link_bare_function_names_but_not_other_libraries_names():
    """A bare `delong_interval` in the ROC chapter's text links to its API entry
    (tools/sphinx_apilinks.py); scikit-learn's `KMeans` named bare stays plain code."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    links = _literal_links("book/part5/roc-auc.html", "delong_interval")
    assert links, "the ROC chapter has no `delong_interval` literal"
    assert all(h.endswith("api/compare.html#patterneval.delong_interval") for h in links), links
    kmeans = _literal_links("book/part2/internal-indices.html", "KMeans")
    assert kmeans and set(kmeans) == {""}, kmeans


def test_api_entries_say_see_also_with_their_siblings():
    """The entry of pe.roc_auc ends its header with "See also:" linking the other
    functions of patterneval.compare.roc, and none of the entries links itself there."""
    if not PAGES:
        _missing(f"no built site at {SITE} (run `make book` first)")
    html = (SITE / "book" / "api" / "compare.html").read_text(encoding="utf-8")
    entry = html[html.find('id="patterneval.roc_auc"') :]
    see = entry[entry.find('<p class="api-see-also">') :]
    see = see[: see.find("</p>")]
    assert "See also:" in see, see
    assert 'href="#patterneval.delong_test"' in see, see
    assert 'href="#patterneval.roc_auc"' not in see, see
    assert html.count('<p class="api-see-also">') >= 5
