"""The built site's way onward, in Chromium: the whole-book PDF linked (when it is in the
site), the explorers' note readable in both themes and telling how to run a chapter live,
the API pages' summary tables, and no empty bar at the top of a desktop page.

tools/sphinx_navigation.py, tools/sphinx_apilinks.py and tools/static/navigation.css make
them; tests/test_sphinx_navigation.py checks their logic without a build.
"""

from __future__ import annotations

import re

import pytest
from _browser import SITE, local_only

pytestmark = pytest.mark.browser

CHAPTER = "book/part1/test-error.html"  # a chapter with an explorer
INTRO = "book/intro.html"
API_PAGE = "book/api/compare.html"  # several modules: the longest API page
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 60_000


def _page(browser, viewport=DESKTOP, theme: str | None = None):
    context = browser.new_context(viewport=viewport)
    if theme:
        context.add_init_script(
            f"localStorage.setItem('mode', '{theme}'); localStorage.setItem('theme', '{theme}');"
        )
    outside = local_only(context)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return context, page, outside


# --------------------------------------------------------------------------- the PDF
def test_the_whole_book_pdf_is_linked_when_it_is_in_the_site(site_url, browser):
    """With patterneval.pdf at the site's root, a chapter's download menu and the
    introduction link it, and the link serves the PDF; without it, no page links it."""
    pdf = SITE / "patterneval.pdf"
    if not pdf.is_file():
        for page_path in (INTRO, CHAPTER):
            source = (SITE / page_path).read_text(encoding="utf-8")
            assert "patterneval.pdf" not in source, f"{page_path} links a PDF the site lacks"
        pytest.skip(
            "no patterneval.pdf in the site (make pdf, then make build): no link, as it must"
        )
    context, page, outside = _page(browser)
    try:
        page.goto(site_url + CHAPTER, wait_until="load")
        page.click(".dropdown-download-buttons button.dropdown-toggle")
        link = page.locator("a.btn-download-book-pdf-button")
        link.wait_for(state="visible")
        assert "Whole book" in link.inner_text()
        href = link.evaluate("a => a.href")
        assert href == site_url + "patterneval.pdf", href
        response = page.request.get(href)
        assert response.ok and response.body()[:5] == b"%PDF-", href
        page.goto(site_url + INTRO, wait_until="load")
        intro = page.locator("main p.pe-book-pdf a")
        assert intro.count() == 1
        assert intro.evaluate("a => a.href") == href
        assert page.evaluate(
            """() => { const h = document.querySelector('main h1').getBoundingClientRect();
                       const p = document.querySelector('main p.pe-book-pdf').getBoundingClientRect();
                       return p.top >= h.bottom && p.top - h.bottom < 200; }"""
        ), "the introduction's PDF line is not right under its title"
    finally:
        context.close()
    assert not outside, outside


# --------------------------------------------------------------------------- explorer note
CONTRAST = """el => {
    const rgba = s => { const m = s.match(/[\\d.]+/g).map(Number);
                        return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    const lum = c => { const f = v => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
    let bg = null;
    for (let n = el; n; n = n.parentElement) {
        const c = rgba(getComputedStyle(n).backgroundColor);
        if (c[3] > 0.5) { bg = c; break; }
    }
    if (!bg) bg = rgba(getComputedStyle(document.body).backgroundColor);
    const fg = rgba(getComputedStyle(el).color);
    const mix = fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
    const [a, b] = [lum(mix), lum(bg)].sort((x, y) => y - x);
    return {ratio: (a + 0.05) / (b + 0.05), fg: getComputedStyle(el).color,
            bg: 'rgb(' + bg.slice(0, 3).join(',') + ')'};
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_explorer_note_is_readable_and_says_how_to_run_live(theme, site_url, browser):
    """The note under an explorer: contrast >= 4.5 against its background in the light and
    the dark theme (its text and its code), and it tells a reader of the site how to run
    the chapter (download it, pip install, jupyter lab), not `make lab`."""
    context, page, outside = _page(browser, theme=theme)
    try:
        page.goto(site_url + CHAPTER, wait_until="load")
        assert page.evaluate("() => document.documentElement.dataset.theme") == theme
        note = page.locator(".widget-subarea .pe-static-note").first
        note.wait_for(state="visible")
        text = " ".join(note.inner_text().split())
        ratios = {
            "text": note.locator("i").first.evaluate(CONTRAST),
            "code": note.locator("code").first.evaluate(CONTRAST),
        }
    finally:
        context.close()
    assert "make lab" not in text, text
    assert "download" in text and ".ipynb" in text, text
    assert re.search(r'pip install "patterneval\[widgets\].*" jupyterlab', text), text
    assert "jupyter lab" in text, text
    for part, r in ratios.items():
        assert r["ratio"] >= 4.5, f"{theme}: the note's {part} has contrast {r}"
    assert not outside, outside


# --------------------------------------------------------------------------- API summaries
def test_long_api_page_opens_with_a_summary_table_whose_links_resolve(site_url, browser):
    """A long API page (several modules) has, under its title and before its first entry,
    a table of every entry with a one-line summary; each name links to an entry of the page."""
    context, page, outside = _page(browser)
    try:
        page.goto(site_url + API_PAGE, wait_until="load")
        info = page.evaluate(
            """() => {
                const box = document.querySelector('main .api-summary-box');
                if (!box) return null;
                const first = document.querySelector('main dl.py');
                const h1 = document.querySelector('main h1');
                const rows = [...box.querySelectorAll('table.api-summary tbody tr')];
                return {
                    height: document.documentElement.scrollHeight,
                    top: box.getBoundingClientRect().top + scrollY,
                    h1: h1.getBoundingClientRect().bottom + scrollY,
                    first: first.getBoundingClientRect().top + scrollY,
                    rows: rows.map(r => {
                        const a = r.querySelector('td a');
                        const id = a ? decodeURIComponent(new URL(a.href).hash.slice(1)) : '';
                        const target = id && document.getElementById(id);
                        return {name: a && a.textContent.trim(), page: a && a.pathname,
                                id, target: !!target && !!target.closest('dl.py'),
                                summary: r.querySelectorAll('td')[1].textContent.trim()};
                    }),
                    entries: [...document.querySelectorAll('main dl.py:not(dl.py dl.py) > dt[id]')]
                        .map(dt => dt.id),
                };
            }"""
        )
    finally:
        context.close()
    assert info is not None, f"{API_PAGE}: no summary table"
    assert info["height"] > 20_000, f"{API_PAGE} is not long ({info['height']} px)"
    assert info["h1"] <= info["top"] < info["first"], info
    rows = info["rows"]
    assert len(rows) > 20, rows
    bad = [r for r in rows if not (r["target"] and r["page"].endswith("/" + API_PAGE))]
    assert not bad, bad[:5]
    assert {r["id"] for r in rows} == set(info["entries"]), "the table lists other entries"
    assert sum(1 for r in rows if r["summary"]) >= 0.9 * len(rows), rows
    assert not outside, outside


# --------------------------------------------------------------------------- top bar
def test_no_empty_bar_at_the_top_of_a_desktop_page(site_url, browser):
    """At 1366 px a chapter starts with its own header (the download, theme and contents
    buttons), not with a full-width bar holding only a second search field; the left
    sidebar (with its search field) reaches the top. At 390 px (where the theme hides that
    bar itself) the article's header still opens the page, with the menu button."""
    context, page, outside = _page(browser)
    try:
        page.goto(site_url + CHAPTER, wait_until="load")
        desktop = page.evaluate(
            """() => {
                const box = s => { const e = document.querySelector(s);
                    if (!e) return null; const r = e.getBoundingClientRect();
                    return {top: r.top, height: r.height, width: r.width,
                            display: getComputedStyle(e).display}; };
                return {header: box('#pst-header'), article: box('.bd-header-article'),
                        sidebar: box('#pst-primary-sidebar'), h1: box('main h1'),
                        search: box('#pst-primary-sidebar .search-button-field')};
            }"""
        )
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        phone = page.evaluate(
            """() => { const e = document.querySelector('.bd-header-article');
                       const r = e.getBoundingClientRect();
                       const t = e.querySelector('.primary-toggle').getBoundingClientRect();
                       return {top: r.top, height: r.height, toggle: t.width * t.height}; }"""
        )
    finally:
        context.close()
    header = desktop["header"]
    assert header is None or header["display"] == "none" or header["height"] == 0, desktop
    assert desktop["article"]["top"] < 8 and desktop["article"]["height"] > 0, desktop
    assert desktop["sidebar"]["top"] < 8, desktop
    assert desktop["search"] and desktop["search"]["height"] > 0, desktop
    assert desktop["h1"]["top"] < 150, desktop
    assert phone["top"] < 8 and phone["height"] > 0 and phone["toggle"] > 0, phone
    assert not outside, outside
