"""The PDF of the whole book (``make pdf``, then ``make test-pdf``).

Reads ``_build/latex/patterneval.pdf`` and its LaTeX log with poppler's tools (pdfinfo,
pdffonts, pdftotext, pdfimages) and checks what a reader of the printed book needs: every
chapter, the API reference and the appendix are there; the Chinese terms are set in Noto
CJK and every font is embedded; no character was dropped for want of a glyph (XeLaTeX only
logs those); every internal link has its target; every figure of the chapters, every
explorer's initial figure and the appendix's screenshots are images in it.

Marked ``pdf`` and deselected from the plain ``pytest`` run (pyproject addopts). If the PDF
or poppler is missing the test fails when ``CI=true`` and is skipped (with the reason)
otherwise.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
import yaml
from _helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent
LATEX = ROOT / "_build" / "latex"
PDF = LATEX / "patterneval.pdf"
LOG = LATEX / "patterneval.log"
CHAPTERS = sorted((ROOT / "book").glob("part*/*.ipynb"))
VIEW = "application/vnd.jupyter.widget-view+json"
_CJK = re.compile(r"[\u3400-\u9fff]+")

pytestmark = pytest.mark.pdf


def _need(condition: bool, reason: str) -> None:
    if not condition:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module", autouse=True)
def _pdf_and_poppler():
    _need(PDF.is_file() and LOG.is_file(), f"{PDF} not built (run `make pdf`)")
    missing = [
        t for t in ("pdfinfo", "pdffonts", "pdftotext", "pdfimages") if shutil.which(t) is None
    ]
    _need(not missing, f"poppler-utils missing: {missing}")


def _run(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True, timeout=300).stdout


@cache
def _text() -> str:
    """The PDF's text, lower-cased, with curly quotes straightened and line breaks (and
    hyphenation at them) undone, so a title split over two lines is still found."""
    text = _run("pdftotext", "-enc", "UTF-8", str(PDF), "-")
    text = text.translate(str.maketrans("’‘“”", "''\"\""))
    text = re.sub(r"-\n(?=[a-z])", "", text)
    return re.sub(r"\s+", " ", text).lower()


@cache
def _cjk_text() -> str:
    """Only the PDF's CJK characters, in order (a term broken over two lines is one run)."""
    return "".join(_CJK.findall(_run("pdftotext", "-enc", "UTF-8", str(PDF), "-")))


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _title(path: Path) -> str:
    for cell in _notebook(path)["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise AssertionError(f"{path} has no title")


def _glossary() -> list[dict]:
    return yaml.safe_load((ROOT / "book" / "appendix" / "glossary.yml").read_text(encoding="utf-8"))


def test_page_count_is_plausible():
    pages = int(re.search(r"^Pages:\s+(\d+)", _run("pdfinfo", str(PDF)), re.MULTILINE).group(1))
    # 26 chapters of about 20 pages, the API reference (~200) and the appendix: 757 in 2026-11
    assert 500 <= pages <= 1500, pages


def test_fonts_are_embedded_and_include_noto_cjk():
    rows = _run("pdffonts", str(PDF)).splitlines()[2:]
    assert rows, "pdffonts lists no font"
    names = [row.split()[0].split("+", 1)[-1] for row in rows]
    # columns from the right: emb sub uni object-id generation
    not_embedded = [row.split()[0] for row in rows if row.split()[-5] != "yes"]
    assert not not_embedded, not_embedded
    # Debian's Noto CJK .ttc faces share one CFF table, named after the JP face
    for family in ("NotoSerifCJK", "NotoSansCJK", "FreeSerif", "LatinModernMath"):
        assert any(n.startswith(family) for n in names), (family, names)


def test_no_character_was_dropped():
    log = LOG.read_text(encoding="utf-8", errors="replace")
    missing = sorted(set(re.findall(r"Missing character: There is no (.+?) in font", log)))
    assert not missing, missing


def test_every_internal_link_has_a_target():
    log = LOG.read_text(encoding="utf-8", errors="replace")
    undefined = sorted(set(re.findall(r"Hyper reference `([^']+)'", log)))
    assert not undefined, f"{len(undefined)} links without a target, e.g. {undefined[:5]}"
    assert "There were undefined references" not in log


def _toc_chapters() -> list[Path]:
    """The chapters the table of contents lists under a "Part ..." caption."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return sorted(
        ROOT / f"{c['file']}.ipynb"
        for part in toc["parts"]
        if part["caption"].startswith("Part ")
        for c in part["chapters"]
    )


def test_every_chapter_title_is_in_the_text():
    # every chapter notebook is in the table of contents and nothing else is a chapter
    assert CHAPTERS == _toc_chapters()
    assert len(CHAPTERS) >= 25
    text = _text()
    missing = [(p.name, t) for p in CHAPTERS if (t := _title(p)).lower() not in text]
    assert not missing, missing


def test_front_matter_api_reference_and_appendix_are_in_the_text():
    text = _text()
    for heading in (
        "part i: evaluating classifiers",
        "part v: comparing classifiers",
        "api reference",
        "errata",
        "explorers",
        "glossary",
        "notation",
        "references",
    ):
        assert heading in text, heading
    # a sample of the API reference's entries and the chapters' English terms
    for phrase in (
        "cross_val_error",
        "bootstrap_error",
        "adjusted rand index",
        "resubstitution error",
        "out-of-bag",
        "mcnemar",
    ):
        assert phrase in text, phrase


def test_chinese_terms_are_in_the_text():
    cjk = _cjk_text()
    for term in ("交叉验证", "聚类", "自举法", "重采样"):
        assert term in cjk, term
    # every Chinese name of the glossary (the appendix prints them all)
    names = {run for entry in _glossary() for run in _CJK.findall(str(entry["chinese"]))}
    assert len(names) > 300
    missing = sorted(n for n in names if n not in cjk)
    assert not missing, missing


def _figures() -> tuple[int, int]:
    """(images the sources hold: the chapters' PNG outputs, the explorers' views and the
    appendix's screenshots; the explorer views alone)."""
    outputs = views = 0
    for path in CHAPTERS:
        for cell in _notebook(path)["cells"]:
            for out in cell.get("outputs", []):
                outputs += "image/png" in out.get("data", {})
                views += VIEW in out.get("data", {})
    shots = len(list((ROOT / "book" / "appendix" / "explorers").glob("*.png")))
    return outputs + views + shots, views


def test_every_figure_and_explorer_figure_is_an_image():
    expected, views = _figures()
    assert views == len(CHAPTERS)  # one explorer per chapter
    rows = _run("pdfimages", "-list", str(PDF)).splitlines()[2:]
    images = sum(row.split()[2] == "image" for row in rows)
    assert images >= expected, (images, expected)
    # each explorer's initial figure comes with tools/sphinx_pdf.py's note
    assert _text().count("the explorer's initial figure.") == views


def test_no_raw_tex_in_the_text():
    raw = _run("pdftotext", "-enc", "UTF-8", str(PDF), "-")
    dollars = [line for line in raw.splitlines() if re.search(r"\$[^$\s][^$]{0,60}\$", line)]
    assert not dollars, dollars[:5]
    commands = sorted(set(re.findall(r"\\(?:frac|mathrm|hat|sum|alpha|varepsilon|le|ge)\b", raw)))
    assert not commands, commands


def _raw_text() -> str:
    return _run("pdftotext", "-enc", "UTF-8", str(PDF), "-")


def _solutions(path: Path) -> int:
    """How many ``{admonition} Solution N`` dropdowns the chapter's markdown holds."""
    return sum(
        len(re.findall(r"^`{3,}\{admonition\} Solution \d+\s*$", "".join(c["source"]), re.M))
        for c in _notebook(path)["cells"]
        if c["cell_type"] == "markdown"
    )


def test_solutions_follow_all_questions_of_their_chapter():
    # the site folds each solution under its question; the PDF collects them in a last
    # "Solutions" section of the chapter, after the exercises (and the references)
    text = _text()
    order = [p for part in _toc_parts() for p in part]
    starts = []
    for number, path in enumerate(order, start=1):
        exercises = list(re.finditer(rf"\b{number}\.\d+ exercises\b", text))
        assert exercises, (number, path.name, "no Exercises section")
        starts.append(exercises[-1].start())
    appendix = re.compile(r"\bappendix a\.? api reference\b").search(text, starts[-1])
    starts.append(appendix.start() if appendix else len(text))
    for number, path in enumerate(order, start=1):
        chapter = text[starts[number - 1] : starts[number]]
        heading = list(re.finditer(rf"\b{number}\.\d+ solutions\b", chapter))
        assert heading, (number, path.name, "no Solutions section after the exercises")
        titles = [m.start() for m in re.finditer(r"\bsolution \d+\b", chapter)]
        assert titles and min(titles) > heading[-1].start(), (number, path.name)
        assert len(titles) == _solutions(path), (path.name, len(titles))


def _toc_parts() -> list[list[Path]]:
    """The chapters of each "Part ..." of the table of contents, in the book's order."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [
        [ROOT / f"{c['file']}.ipynb" for c in part["chapters"]]
        for part in toc["parts"]
        if part["caption"].startswith("Part ")
    ]


def test_api_reference_and_appendix_are_lettered_appendices():
    text = _text()
    chapters = sum(len(part) for part in _toc_parts())
    assert re.search(r"\bappendix a\.? api reference\b", text)
    # no chapter number after the last one of Part V
    assert not re.search(rf"\bchapter {chapters + 1}\b", text)
    assert not re.search(rf"\b{chapters + 1} api reference\b", text)


def test_part_headings_are_their_captions_and_chapter_numbers_are_digits():
    raw = _raw_text()
    # a part's caption already says "Part I: ...": no number printed before it
    assert not re.search(r"^\s*(Part )?[IVX]+\s*\n\s*Part [IVX]+:", raw, re.M)
    assert not re.search(r"Part [IVX]+\s+Part [IVX]+:", raw)
    text = _text()
    assert "part i: evaluating classifiers" in text
    # fncychap's Bjarne style spelled them, in capitals: "CHAPTER / ONE"
    assert not re.search(r"\bCHAPTER\s+(ONE|TWO|THREE|FOUR|FIVE|TEN)\b", raw)
    title = _title(_toc_parts()[0][2]).lower()
    assert re.search(rf"\bchapter 3\.? {re.escape(title)}", text), title


@pytest.mark.parametrize(("paper", "size"), [("a4", "a4paper"), ("letter", "letterpaper")])
def test_paper_environment_variable_sets_the_latex_papersize(monkeypatch, paper, size):
    config = type("Config", (), {"latex_elements": {"preamble": "x"}})()
    monkeypatch.setenv("PATTERNEVAL_PAPER", paper)
    load_tool("sphinx_pdf").paper_size(config)
    assert config.latex_elements == {"preamble": "x", "papersize": size}
    monkeypatch.setenv("PATTERNEVAL_PAPER", "a5")
    with pytest.raises(ValueError, match="PATTERNEVAL_PAPER"):
        load_tool("sphinx_pdf").paper_size(config)
