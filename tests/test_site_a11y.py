"""Accessibility of the built site, checked in Chromium by axe-core (WCAG 2.1 A and AA).

Run after ``jupyter-book build`` (like tests/test_site.py, whose site, server and browser
fixtures it uses)::

    pytest -m browser tests/test_site_a11y.py

axe-core is a dev dependency in package.json (``npm ci`` puts it in node_modules/); the
test injects ``node_modules/axe-core/axe.min.js`` into each page after MathJax and the
widget manager have finished, runs ``axe.run`` with the wcag2a, wcag2aa, wcag21a and
wcag21aa tags and fails on any critical or serious violation, listing each one (rule,
impact, number of nodes, a target).

Besides axe's rules:

* every image of the page has alt text that is not a file name or path;
* an explorer's figure is described (alt text) and its container is a polite live
  region, so that a screen reader announces a new frame; each slider has an accessible
  name and speaks the value it shows (``aria-valuetext`` = the displayed readout). With
  frames (the default build) the test also moves a slider and checks that the new frame
  keeps its alt text; built with ``PATTERNEVAL_FRAMES=0`` only the initial figure is
  checked (there are no frames to swap in);
* the dark theme (three pages) passes the same axe rules;
* a keyboard user reaches the chapter's first explorer in a few Tab presses (the skip
  link), not after every formula of the page.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from _browser import SITE, local_only
from _browser import missing as _missing

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FRAMES_OFF = os.environ.get("PATTERNEVAL_FRAMES", "1").strip() == "0"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# A chapter whose explorer shows a figure, one with many formulas, an API page, the
# glossary, the bibliography and the root page of the book (index.html forwards to it).
PAGES = [
    "book/part5/roc-auc.html",
    "book/part1/test-error.html",
    "book/api/errorrate.html",
    "book/appendix/glossary.html",
    "book/appendix/references.html",
    "index.html",
]
EXPLORER_PAGES = ["book/part5/roc-auc.html", "book/part1/test-error.html"]
FILE_LIKE = re.compile(r"(^|/)[\w.-]+\.(png|jpe?g|svg|gif)$|^_images/|^data:", re.I)


def _open(browser, site_url: str, page_path: str, theme: str = "light"):
    """The page in ``theme`` (the theme switcher's stored choice), loaded, typeset by
    MathJax and with its widgets drawn."""
    if not (SITE / "index.html").is_file():
        _missing(f"no built site at {SITE} (run `make book` first)")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(
        f"localStorage.setItem('mode', '{theme}'); localStorage.setItem('theme', '{theme}');"
    )
    local_only(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(site_url + page_path, wait_until="load")
    if page_path == "index.html":
        page.wait_for_url("**/book/**")
        page.wait_for_load_state("load")
    if page.locator(".math").count():
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        page.evaluate("() => MathJax.startup.promise")
    if page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count():
        page.wait_for_function(
            "() => [...document.querySelectorAll('.widget-subarea')]"
            ".every(a => a.childElementCount > 0)"
            " && document.querySelectorAll('.widget-subarea').length > 0"
        )
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.documentElement.dataset.theme") == theme
    return context, page


def _axe(page) -> list[dict]:
    """axe-core's violations on ``page`` (WCAG 2.1 A/AA), as plain dicts."""
    if not AXE.is_file():
        _missing(f"no {AXE} (run `npm ci`, or `make assets`)")
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (tags) => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
                target: v.nodes[0] ? v.nodes[0].target.join(' ') : '',
                summary: v.nodes[0] ? (v.nodes[0].failureSummary || '').replace(/\\s+/g, ' ')
                                       .slice(0, 160) : ''}));
        }""",
        WCAG_TAGS,
    )


def _describe(violations: list[dict]) -> str:
    return "\n".join(
        f"  {v['id']} ({v['impact']}, {v['n']} nodes), e.g. {v['target']}: {v['summary']}"
        for v in violations
    )


# the dark theme's colours: a chapter with an explorer and its notes, an API page with its
# summary table and signatures, the glossary's two-language table
DARK_PAGES = ["book/part5/roc-auc.html", "book/api/errorrate.html", "book/appendix/glossary.html"]


@pytest.mark.parametrize(
    ("page_path", "theme"), [(p, "light") for p in PAGES] + [(p, "dark") for p in DARK_PAGES]
)
def test_page_has_no_serious_wcag_violation(page_path, theme, site_url, browser):
    context, page = _open(browser, site_url, page_path, theme=theme)
    try:
        violations = _axe(page)
    finally:
        context.close()
    print(f"{page_path} ({theme}): axe-core violations\n{_describe(violations)}")
    serious = [v for v in violations if v["impact"] in ("critical", "serious")]
    assert not serious, (
        f"{page_path} ({theme}): critical/serious WCAG violations:\n{_describe(serious)}"
    )


@pytest.mark.parametrize("page_path", PAGES)
def test_images_have_descriptive_alt_text(page_path, site_url, browser):
    context, page = _open(browser, site_url, page_path)
    try:
        images = page.evaluate(
            """() => [...document.querySelectorAll('main img, article img')]
                .filter(i => i.getAttribute('role') !== 'presentation')
                .map(i => ({src: (i.getAttribute('src') || '').slice(0, 80),
                            alt: i.getAttribute('alt')}))"""
        )
    finally:
        context.close()
    bad = [
        i
        for i in images
        if i["alt"] is None or len(i["alt"].strip()) < 10 or FILE_LIKE.search(i["alt"].strip())
    ]
    assert not bad, f"{page_path}: images without a description: {bad[:5]}"


def _explorer_state(page) -> dict:
    return page.evaluate(
        """() => {
            const area = document.querySelector('.widget-subarea .widget-output');
            const img = area ? area.querySelector('img') : null;
            const live = img ? img.closest('[aria-live]') : null;
            const sliders = [...document.querySelectorAll('.widget-subarea [role="slider"]')]
                .map(s => ({name: s.getAttribute('aria-label')
                                  || (s.getAttribute('aria-labelledby') || ''),
                            valuetext: s.getAttribute('aria-valuetext'),
                            readout: (s.closest('.widget-slider, .jupyter-widgets')
                                      ?.querySelector('.widget-readout')?.innerText || '')
                                      .trim()}));
            return {alt: img ? img.getAttribute('alt') : null,
                    live: live ? live.getAttribute('aria-live') : null,
                    sliders};
        }"""
    )


@pytest.mark.parametrize("page_path", EXPLORER_PAGES)
def test_explorer_figure_and_sliders_are_described(page_path, site_url, browser):
    context, page = _open(browser, site_url, page_path)
    try:
        state = _explorer_state(page)
        assert state["alt"] and len(state["alt"]) > 20 and not FILE_LIKE.search(state["alt"]), (
            f"{page_path}: the explorer's figure has no description: {state['alt']!r}"
        )
        assert state["live"] == "polite", f"{page_path}: the explorer's figure is not announced"
        assert state["sliders"], f"{page_path}: no slider found in the explorer"
        for s in state["sliders"]:
            assert s["name"].strip(), f"{page_path}: a slider without an accessible name: {s}"
            assert s["valuetext"] == s["readout"], (
                f"{page_path}: slider {s['name']!r} speaks {s['valuetext']!r} "
                f"but shows {s['readout']!r}"
            )
        if not FRAMES_OFF:  # move the first slider: the new frame keeps a description
            handle = page.locator('.widget-subarea [role="slider"]').first
            handle.focus()
            before = page.locator(".widget-subarea .widget-output img").first.get_attribute("src")
            page.keyboard.press("ArrowRight")
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                src = page.locator(".widget-subarea .widget-output img").first.get_attribute("src")
                if src != before:
                    break
                page.wait_for_timeout(100)
            after = _explorer_state(page)
            assert after["alt"] and after["live"] == "polite", after
            s = after["sliders"][0]
            assert s["valuetext"] == s["readout"], s
    finally:
        context.close()


@pytest.mark.parametrize("page_path", EXPLORER_PAGES)
def test_keyboard_reaches_the_explorer_quickly(page_path, site_url, browser):
    context, page = _open(browser, site_url, page_path)
    try:
        for _ in range(40):
            page.keyboard.press("Tab")
            inside = page.evaluate(
                """() => { const a = document.activeElement;
                    if (!a) return false;
                    if (a.closest('.widget-subarea')) return true;
                    const href = a.getAttribute && a.getAttribute('href');
                    return !!href && href.startsWith('#pe-explorer'); }"""
            )
            if inside:
                if page.evaluate("() => !document.activeElement.closest('.widget-subarea')"):
                    page.keyboard.press("Enter")  # the skip link: focus lands in the explorer
                    landed = page.evaluate(
                        "() => !!document.activeElement.closest('.pe-explorer-target,"
                        " .widget-subarea, [id^=pe-explorer]')"
                    )
                    assert landed, f"{page_path}: the skip link does not move the focus"
                break
        else:
            pytest.fail(f"{page_path}: 40 Tab presses do not reach the explorer")
    finally:
        context.close()
