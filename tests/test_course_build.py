"""A course built for real (``make test-course``; marked ``course``, deselected by default).

A four-chapter course of the test's own (two chapters of Part I, two of Part V, and the
appendix pages that list every chapter) is built by ``make build TOC=...`` with the book's
strict settings (``-W -n --keep-going``; without explorer frames) twice, into a temporary
folder:

* for instructors (with the solutions, no BOOK_URL): the solutions are on the pages and in
  the downloadable notebooks, and pages outside the course are named in plain text;
* for students (``SOLUTIONS=0 BOOK_URL=...``): no page, no downloadable notebook or source
  under ``_sources/``, and no search-index term holds a solution; the exercises and their
  self-checks stay; every link to a chapter outside the course goes to the full book's site,
  and no link of the site points at a file it does not have.

The chapters' exercises are still being written, so the test makes sure it has a case: a
chapter whose source has a "Solution 1" admonition, gone from its student copy.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402  (tools/course.py)

pytestmark = pytest.mark.course

BOOK_URL = "https://example.org/patterneval/"
CHAPTERS = (
    "book/part1/test-error",
    "book/part1/cross-validation",
    "book/part5/two-classifiers",
    "book/part5/roc-auc",
)
APPENDIX = ("errata", "explorers", "glossary", "notation", "references")
OUTSIDE = "book/part1/feature-selection"  # cross-validation links to it; not in the course
NAME = "four"
_TAG = re.compile(r"<[^>]+>")
_SOLUTION_TITLE = re.compile(r"admonition-title\">\s*Solution \d+\s*<")
_SOLUTION_SOURCE = re.compile(r"\{(?:admonition|dropdown)\} Solution \d+")
_SOLUTION_BLOCK = re.compile(
    r"^(`{3,}|:{3,})\{admonition\} Solution \d+\n(.*?)^\1\s*$", re.M | re.S
)


def _toc() -> str:
    lines = ["format: jb-book", "root: book/intro", "parts:"]
    for caption, chapters in (("Part I", CHAPTERS[:2]), ("Part V", CHAPTERS[2:])):
        lines += [f'  - caption: "{caption}"', "    numbered: true", "    chapters:"]
        lines += [f"      - file: {c}" for c in chapters]
    lines += ['  - caption: "Appendix"', "    chapters:"]
    lines += [f"      - file: book/appendix/{page}" for page in APPENDIX]
    return "\n".join(lines) + "\n"


def _make_build(toc: Path, courses: Path, *args: str) -> float:
    start = time.perf_counter()
    result = subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), "build"]
        + [f"TOC={toc}", f"COURSES={courses}", "FRAMES=0", *args],
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "MAKEFLAGS": ""},
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return time.perf_counter() - start


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    if shutil.which("make") is None:
        pytest.skip("GNU make is not installed")
    tmp = tmp_path_factory.mktemp("course")
    toc = tmp / f"{NAME}.yml"
    toc.write_text(_toc(), encoding="utf-8")
    courses = tmp / "courses"
    seconds = {
        "instructor": _make_build(toc, courses),
        "student": _make_build(toc, courses, "SOLUTIONS=0", f"BOOK_URL={BOOK_URL}"),
    }
    print(f"course builds: {seconds}")
    return {"instructor": courses / NAME, "student": courses / f"{NAME}-student"}


def _files(site: Path, *patterns: str) -> list[Path]:
    return sorted(p for pattern in patterns for p in site.rglob(pattern) if p.is_file())


def _text(page: Path) -> str:
    return html.unescape(_TAG.sub(" ", page.read_text(encoding="utf-8")))


def _solution_sentences(src: Path) -> list[str]:
    """Plain runs of words (no math, code or markup) of the solutions in the staged pages."""
    found = []
    for path in _files(src / "book", "*.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        for _, body in _SOLUTION_BLOCK.findall(text):
            found += [
                m for m in re.findall(r"[A-Za-z][A-Za-z ,;]{30,}[a-z]", body) if "  " not in m
            ]
    return found


def test_the_test_has_a_solution_to_remove(sites):
    teacher = (sites["instructor"] / "src/book/part1/test-error.ipynb").read_text()
    student = (sites["student"] / "src/book/part1/test-error.ipynb").read_text()
    assert "{admonition} Solution 1" in teacher
    assert "{admonition} Solution 1" not in student
    assert re.search(r"\d+\. ★+ \*\w+\.\*", student)  # the exercises stay
    assert re.search(r"\d+\. ★+ \*\w+\.\*", teacher)


def test_the_instructor_site_has_the_solutions(sites):
    site = sites["instructor"] / "html"
    pages = {p: p.read_text(encoding="utf-8") for p in _files(site, "*.html")}
    assert any(_SOLUTION_TITLE.search(text) for text in pages.values())
    assert _SOLUTION_SOURCE.search((site / "_sources/book/part1/test-error.ipynb").read_text())
    sentences = _solution_sentences(sites["instructor"] / "src")
    assert sentences
    text = " ".join(" ".join(_text(p).split()) for p in pages)
    assert any(s in text for s in sentences)


def _markdown(src: Path) -> str:
    """The staged chapters' markdown, spaces collapsed."""
    text = []
    for path in _files(src / "book", "*.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text += ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    return " ".join(" ".join(text).split())


def test_the_student_site_has_no_solution_anywhere(sites):
    site = sites["student"] / "html"
    # a run of words a solution shares with the chapter's own text ("the plain mean of the
    # fold errors") is no evidence of a solution left behind
    kept = _markdown(sites["student"] / "src")
    sentences = [s for s in _solution_sentences(sites["instructor"] / "src") if s not in kept]
    assert sentences
    for page in _files(site, "*.html"):
        source = page.read_text(encoding="utf-8")
        assert not _SOLUTION_TITLE.search(source), page
        text = " ".join(_text(page).split())
        assert not [s for s in sentences if s in text], page
    downloads = _files(site, "*.ipynb", "*.md", "*.txt")
    assert any(p.name == "test-error.ipynb" for p in downloads)
    for path in downloads:  # _sources/ (the download button) and anything else offered
        source = path.read_text(encoding="utf-8")
        assert not _SOLUTION_SOURCE.search(source), path
        assert not [s for s in sentences if s in " ".join(source.split())], path
    cells = json.loads((site / "_sources/book/part1/test-error.ipynb").read_text())["cells"]
    assert any('check("test-error"' in "".join(c["source"]) for c in cells)  # the self-checks


def _index_terms(site: Path) -> set[str]:
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    return set(index["terms"])


def test_the_search_index_has_no_word_found_only_in_solutions(sites):
    from sphinx.search.en import SearchEnglish

    stem = SearchEnglish({}).stem
    sentences = _solution_sentences(sites["instructor"] / "src")
    student_text = " ".join(
        _text(p) for p in _files(sites["student"] / "html", "*.html") if "_static" not in p.parts
    )
    elsewhere = {stem(w) for w in re.findall(r"[a-z]+", student_text.lower())}
    only_there = {stem(w) for s in sentences for w in re.findall(r"[a-z]{5,}", s.lower())}
    only_there -= elsewhere
    assert only_there & _index_terms(sites["instructor"] / "html")
    assert not only_there & _index_terms(sites["student"] / "html")


def _hrefs(page: Path) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'href="([^"]+)"', page.read_text("utf-8"))]


def test_links_out_of_the_course_go_to_the_book_or_are_text(sites):
    student = sites["student"] / "html"
    chapter = student / "book/part1/cross-validation.html"
    assert f"{BOOK_URL}{OUTSIDE}.html" in _hrefs(chapter)
    glossary = _hrefs(student / "book/appendix/glossary.html")
    assert any(h.startswith(BOOK_URL + "book/part") for h in glossary)
    teacher = sites["instructor"] / "html"
    for page in _files(teacher, "*.html"):
        assert not [h for h in _hrefs(page) if OUTSIDE in h or "example.org" in h], page
    assert "course-outside" in (teacher / "book/part1/cross-validation.html").read_text()
    for site in (student, teacher):
        for page in _files(site, "*.html"):
            if "_static" in page.relative_to(site).parts:  # the theme's templates
                continue
            for href in _hrefs(page):
                parts = urlsplit(href)
                if parts.scheme or href.startswith(("#", "mailto:", "javascript:")):
                    continue
                target = (page.parent / unquote(parts.path)).resolve()
                assert target.exists(), f"{page.relative_to(site)} links to missing {href}"


def test_the_course_holds_only_its_chapters(sites):
    site = sites["student"] / "html"
    chapters = {
        p.relative_to(site).with_suffix("").as_posix() for p in site.glob("book/part*/*.html")
    }
    assert chapters == set(CHAPTERS)
    sources = {
        p.relative_to(site / "_sources").as_posix() for p in site.glob("_sources/book/part*/*")
    }
    assert sources == {f"{c}.ipynb" for c in CHAPTERS}
    assert course.course_chapters(sites["student"] / "src/_toc.yml") == [
        f"{c}.ipynb" for c in CHAPTERS
    ]
