"""The site's CJK web font (tools/cjk_font.py, tools/static/fonts/patterneval-cjk.woff):
it has a glyph for every Chinese character the book's sources use, and the stylesheet
declares it for the same Unicode blocks. No browser, no system font needed."""

from __future__ import annotations

import json
import re

import pytest
from _helpers import load_tool
from fontTools.ttLib import TTFont

cjk_font = load_tool("cjk_font")
ROOT = cjk_font.ROOT
CSS = ROOT / "tools" / "static" / "patterneval.css"


def test_committed_font_covers_every_cjk_character_of_the_book():
    """Adding a Chinese term without regenerating the font fails here, naming the
    characters, the files that use them and the command that fixes it."""
    used = cjk_font.book_characters()
    assert len(used) > 100, f"only {len(used)} CJK characters found in the sources"
    assert {"评", "估", "术", "语", "表"} <= set(used)  # 评估, the glossary's title 术语表
    missing = cjk_font.missing_characters()
    listing = "\n".join(
        f"  {c} U+{ord(c):04X} in {', '.join(str(p.relative_to(ROOT)) for p in paths[:3])}"
        for c, paths in missing.items()
    )
    assert not missing, (
        f"{cjk_font.FONT.relative_to(ROOT)} lacks {len(missing)} CJK characters the book "
        f"uses:\n{listing}\nregenerate it with `{cjk_font.COMMAND}` and commit it"
    )


def test_committed_font_is_a_small_woff_named_patternevalcjk_with_its_licence():
    font = cjk_font.FONT
    assert font.read_bytes()[:4] == b"wOFF"
    assert font.stat().st_size < 300_000, f"{font.name}: {font.stat().st_size:,} bytes"
    with TTFont(font) as tt:
        assert tt["name"].getDebugName(1) == cjk_font.FAMILY
        assert "Open Font License" in tt["name"].getDebugName(13)
        cmap = {chr(c) for c in tt.getBestCmap()}
    # a subset: the CJK characters only (Latin text keeps the site's own fonts)
    assert all(cjk_font.is_cjk(c) for c in cmap), sorted(c for c in cmap if not cjk_font.is_cjk(c))
    licence = (font.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Copyright 2014-2021 Adobe" in licence


def test_missing_characters_names_a_new_term_and_the_file(tmp_path):
    """A notebook with a character the font lacks (龘) is reported with its file; the
    characters of a notebook are read from its JSON, escapes included."""
    chapter = tmp_path / "book" / "part9"
    chapter.mkdir(parents=True)
    cell = {"cell_type": "markdown", "metadata": {}, "source": ["**evaluation** (评估), 龘"]}
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (chapter / "new.ipynb").write_text(json.dumps(nb, ensure_ascii=True), encoding="utf-8")
    (chapter / "_scratch_notes.md").write_text("鼎", encoding="utf-8")  # scratch: ignored
    (tmp_path / "book" / "plain.md").write_text("Latin, é, – and · only", encoding="utf-8")
    assert list(cjk_font.book_characters(tmp_path)) == ["估", "评", "龘"]
    missing = cjk_font.missing_characters(root=tmp_path)
    assert list(missing) == ["龘"]
    assert missing["龘"] == [chapter / "new.ipynb"]


def test_check_mode_exits_nonzero_and_names_the_fix(monkeypatch, capsys):
    monkeypatch.setattr(cjk_font, "missing_characters", lambda: {"龘": [ROOT / "_toc.yml"]})
    assert cjk_font.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "龘 U+9F98: _toc.yml" in out
    assert cjk_font.COMMAND in out
    monkeypatch.setattr(cjk_font, "missing_characters", dict)
    assert cjk_font.main(["--check"]) == 0


def _ranges(unicode_range: str) -> list[tuple[int, int]]:
    out = []
    for part in unicode_range.split(","):
        lo, _, hi = part.strip().removeprefix("U+").partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return out


def test_stylesheet_declares_the_font_for_the_cjk_blocks_after_the_latin_fonts():
    css = CSS.read_text(encoding="utf-8")
    face = re.search(r"@font-face\s*\{([^}]*PatternevalCJK[^}]*)\}", css)
    assert face, "no @font-face for PatternevalCJK in patterneval.css"
    src = re.search(r'src:\s*url\("([^"]+)"\)\s*format\("woff"\)', face.group(1))
    assert src and (CSS.parent / src.group(1)).resolve() == cjk_font.FONT.resolve()
    declared = re.search(r"unicode-range:\s*([^;]+);", face.group(1))
    assert declared, "the font has no unicode-range: every page would fetch it"
    merged = []  # U+3000-30FF and U+3100-31FF are one range in the stylesheet
    for lo, hi in cjk_font.CJK_RANGES:
        if merged and merged[-1][1] + 1 == lo:
            merged[-1] = (merged[-1][0], hi)
        else:
            merged.append((lo, hi))
    assert _ranges(declared.group(1)) == merged
    for stack in ("base", "heading", "monospace"):
        value = re.search(rf"--pst-font-family-{stack}:\s*([^;]+);", css)
        assert value, f"--pst-font-family-{stack} is not extended"
        fonts = [f.strip() for f in value.group(1).split(",")]
        assert fonts[-1] == '"PatternevalCJK"' and fonts[0].startswith("var(--pst-font-family-")


@pytest.mark.skipif(not cjk_font.SOURCE_FONT.is_file(), reason="no system Noto CJK font")
def test_make_font_writes_a_woff_with_exactly_the_given_characters(tmp_path):
    out = tmp_path / "f.woff"
    cjk_font.make_font("评估，", out)
    assert out.read_bytes()[:4] == b"wOFF"
    assert cjk_font.font_characters(out) == {"评", "估", "，"}
    with TTFont(out) as tt:
        assert tt["CFF "].cff.fontNames == ["PatternevalCJK-Regular"]


def test_sphinx_setup_adds_the_script_that_loads_the_font_on_every_page():
    added = []

    class App:
        def add_js_file(self, filename, **kwargs):
            added.append((filename, kwargs))

    meta = cjk_font.setup(App())
    assert meta["parallel_read_safe"] and meta["parallel_write_safe"]
    ((filename, kwargs),) = added
    assert filename is None  # inline, after the stylesheets that declare the font
    assert f'document.fonts.load("1em {cjk_font.FAMILY}", "中")' in kwargs["body"]
