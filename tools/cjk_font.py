"""The site's Chinese glyphs as a web font of its own: tools/static/fonts/patterneval-cjk.woff.

The book gives Chinese terms (the glossary's 中文 column, "**term** (中文)" at a term's
first use, a few API docstrings). A reader whose system has no CJK font would see every
one of them as an empty box, so the site serves the glyphs it uses: a subset of Noto Sans
CJK SC (SIL Open Font License 1.1, ``fonts/OFL.txt`` beside the font) holding exactly the
CJK characters of the book's sources, about 160 bytes a character as WOFF (zlib; brotli for
WOFF2 is not installed). ``tools/static/patterneval.css`` declares it as the font family
``PatternevalCJK`` (for the CJK blocks only, its ``unicode-range``) and appends it to the
theme's font stacks, after the Latin fonts: Latin text is unchanged. Every page uses it
(the navigation names the glossary, 术语表), and loads it once, from the browser's cache.

The sources are every notebook, Markdown, reST, YAML and BibTeX file of ``book/``, the
modules of ``patterneval/`` (the API pages show their docstrings), the Sphinx extensions
of ``tools/`` (the glossary's column headings) and ``_toc.yml``/``_config.yml``.
``tests/test_cjk_font.py`` checks that the committed font covers all of them; after adding
a Chinese term, regenerate it (needs the system's Noto CJK font, ``fonts-noto-cjk``) and
commit the font::

    .venv/bin/python tools/cjk_font.py          # write tools/static/fonts/patterneval-cjk.woff
    .venv/bin/python tools/cjk_font.py --check  # exit 1, naming them, if characters are missing

The output is reproducible: the same characters and source font give the same bytes.
The module is also a Sphinx extension (``local_extensions`` of ``_config.yml``): see
:func:`setup`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "tools" / "static" / "fonts" / "patterneval-cjk.woff"
FAMILY = "PatternevalCJK"
# Debian's fonts-noto-cjk; face 2 of the collection is the Simplified Chinese one.
SOURCE_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SOURCE_FACE = "Noto Sans CJK SC"
COMMAND = ".venv/bin/python tools/cjk_font.py"

# Unicode blocks read as CJK: radicals, CJK symbols and punctuation (、。「」), kana,
# bopomofo, the ideographs with extension A, compatibility ideographs, vertical and small
# forms, the full-width forms (，：（）) and the supplementary ideograph planes.
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x2FDF),
    (0x3000, 0x30FF),
    (0x3100, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFE10, 0xFE1F),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x20000, 0x3134F),
)
_CJK = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in CJK_RANGES) + "]")
# Sources whose text reaches the site (see the module docstring).
SOURCE_GLOBS = (
    "book/**/*.ipynb",
    "book/**/*.md",
    "book/**/*.rst",
    "book/**/*.yml",
    "book/**/*.bib",
    "patterneval/**/*.py",
    "tools/sphinx_*.py",
    "_toc.yml",
    "_config.yml",
)


def is_cjk(char: str) -> bool:
    """Whether ``char`` is in one of the CJK blocks of :data:`CJK_RANGES`.

    >>> is_cjk("评"), is_cjk("，"), is_cjk("a"), is_cjk("é"), is_cjk("·")
    (True, True, False, False, False)
    """
    return _CJK.fullmatch(char) is not None


def _strings(value) -> Iterator[str]:
    """Every string inside a notebook's JSON (cell sources, outputs, metadata)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def source_files(root: Path = ROOT) -> list[Path]:
    """The files under ``root`` whose text the site shows (:data:`SOURCE_GLOBS`), without
    checkpoints and scratch files."""
    files = {
        path
        for pattern in SOURCE_GLOBS
        for path in root.glob(pattern)
        if path.is_file()
        and ".ipynb_checkpoints" not in path.parts
        and not any(part.startswith("_scratch") for part in path.parts)
    }
    return sorted(files)


def characters_in(paths: Iterable[Path]) -> dict[str, list[Path]]:
    """The CJK characters of the files, each with the files that use it (a notebook's JSON is
    parsed, so that an escaped ``\\u8bc4`` counts as 评)."""
    found: dict[str, list[Path]] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":
            text = "\n".join(_strings(json.loads(text)))
        for char in sorted(set(_CJK.findall(text))):
            found.setdefault(char, []).append(path)
    return dict(sorted(found.items()))


def book_characters(root: Path = ROOT) -> dict[str, list[Path]]:
    """The CJK characters the book's sources use, each with the files that use it."""
    return characters_in(source_files(root))


def font_characters(font: Path = FONT) -> set[str]:
    """The characters the font has a glyph for (its cmap)."""
    with TTFont(font) as tt:
        return {chr(code) for code in tt.getBestCmap()}


def missing_characters(font: Path = FONT, root: Path = ROOT) -> dict[str, list[Path]]:
    """The CJK characters the book uses that ``font`` lacks, each with the files using it."""
    have = font_characters(font) if font.is_file() else set()
    return {c: paths for c, paths in book_characters(root).items() if c not in have}


def _source_face(path: Path, face: str) -> int:
    """The index of the face named ``face`` (full name) in the font collection ``path``."""
    from fontTools.ttLib import TTCollection

    with TTCollection(path) as collection:
        for index, font in enumerate(collection.fonts):
            if font["name"].getDebugName(4) == face:
                return index
    raise SystemExit(f"{path} has no face {face!r}")


def make_font(chars: Iterable[str], out: Path = FONT, source: Path = SOURCE_FONT) -> None:
    """Write the WOFF subset of ``source`` (face :data:`SOURCE_FACE`) holding ``chars``,
    named :data:`FAMILY`, with the copyright and licence records of the original."""
    chars = sorted(set(chars))
    if not source.is_file():
        raise SystemExit(
            f"no source font at {source}: install fonts-noto-cjk (apt-get install fonts-noto-cjk)"
        )
    index = _source_face(source, SOURCE_FACE) if source.suffix == ".ttc" else -1
    font = TTFont(source, fontNumber=index, recalcTimestamp=False)
    options = subset.Options()
    options.flavor = "woff"  # zlib; WOFF2 would need brotli
    # horizontal text only: no OpenType features (the Japanese, Korean and traditional
    # forms of `locl`, vertical forms), which would double the size; no vertical metrics
    options.layout_features = []
    options.drop_tables += ["VORG", "vhea", "vmtx", "BASE"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, licence
    options.name_languages = [0x409]
    options.hinting = False
    options.desubroutinize = True  # CFF subroutines of 20 000 glyphs no longer pay off
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    absent = [c for c in chars if ord(c) not in font.getBestCmap()]
    if absent:
        raise SystemExit(f"{source} has no glyph for {''.join(absent)}")
    name = font["name"]
    for name_id, value in (
        (1, FAMILY),
        (3, f"{FAMILY}-Regular; subset of {SOURCE_FACE} by tools/cjk_font.py"),
        (4, f"{FAMILY} Regular"),
        (6, f"{FAMILY}-Regular"),
    ):
        name.setName(value, name_id, 3, 1, 0x409)
    cff = font["CFF "].cff  # the collection's shared CFF carries the Japanese face's names
    cff.fontNames = [f"{FAMILY}-Regular"]
    cff.topDictIndex[0].FullName = f"{FAMILY} Regular"
    cff.topDictIndex[0].FamilyName = FAMILY
    out.parent.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff"
    font.save(out, reorderTables=True)
    font.close()


# Loaded as a Sphinx extension (``local_extensions`` of _config.yml), this module asks for
# the font as soon as the page's head is read. Left to the stylesheet, the font is fetched
# when Chromium first lays out a Chinese character, and the first text of each weight laid
# out then (the sidebar's 术语表, a table's bold 中文 heading) kept its fallback shaping,
# empty boxes, after the font arrived; text laid out while the font was already loading
# was redrawn with it. The script runs after the stylesheets (Sphinx puts scripts after
# them, and a script waits for the stylesheets before it), so the @font-face is known.
# Every page needs the font: the navigation names the glossary, 术语表.
LOAD_SCRIPT = f'document.fonts && document.fonts.load("1em {FAMILY}", "中");'


def setup(app):
    """Sphinx: the script that starts loading the font in every page's head."""
    app.add_js_file(None, body=LOAD_SCRIPT, priority=100)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only report the characters the font lacks"
    )
    parser.add_argument("--source", type=Path, default=SOURCE_FONT, help="the CJK font to subset")
    args = parser.parse_args(argv)
    if args.check:
        missing = missing_characters()
        for char, paths in missing.items():
            print(f"{char} U+{ord(char):04X}: {', '.join(str(p.relative_to(ROOT)) for p in paths)}")
        if missing:
            print(f"{FONT.relative_to(ROOT)} lacks {len(missing)} characters: run `{COMMAND}`")
            return 1
        return 0
    chars = book_characters()
    make_font(chars, FONT, args.source)
    print(f"{FONT.relative_to(ROOT)}: {len(chars)} characters, {FONT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
