"""Citations as plain MyST text, the same in JupyterLab, on the site and in the PDF.

A chapter cites a work of ``book/references.bib`` by its author-year label, written as
text: narrative "Brown et al. (2001)" or parenthetical "(Brown et al., 2001; Stone,
1974)". One author gives "Stone", two "Nadeau and Bengio", three or more "Brown et al.";
a letter follows the year when two works share a label ("Kuncheva (2003a)"). Plain text
reads the same everywhere: JupyterLab (jupyterlab-myst resolves no bibliography), the
static site and the LaTeX build.

The chapter's last markdown cell ends with its reference list, written by this tool
between two MyST comment lines (which no renderer shows)::

    % references: written by tools/citations.py from book/references.bib
    - **Brown et al. (2001)**. Lawrence D. Brown, T. Tony Cai, and Anirban DasGupta. ...
    % end of references

one item per work the chapter cites, formatted by pybtex's ``plain`` style (the style
sphinxcontrib-bibtex uses on the appendix's full bibliography), sorted by author, year
and title. ``--check`` fails when a list drifts from the bibliography or from the
citations in the prose, and when the prose has an author-year citation that is no label
of the bibliography; ``tests/test_citations.py`` runs it on every chapter.

Usage: python tools/citations.py (--check | --write) NOTEBOOK...
"""

from __future__ import annotations

import argparse
import re
import sys
from functools import cache
from pathlib import Path

import nbformat
from pybtex.backends.markdown import Backend as _MarkdownBackend
from pybtex.database import parse_file
from pybtex.plugin import find_plugin
from pybtex.richtext import Text

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT / "book" / "references.bib"
BEGIN = "% references: written by tools/citations.py from book/references.bib"
END = "% end of references"
BLOCK = re.compile(rf"^{re.escape(BEGIN)}\n(?:.*\n)*?{re.escape(END)}$", re.M)

# Anything that looks like an author-year citation: capitalised name(s), then a year in
# brackets ("Smith (2020)", "Smith et al. (2020, section 3)"), after a comma inside
# brackets ("(Smith and Jones, 2020"), or right after the opening bracket without the comma
# ("(Smith & Jones 2020"). Labels of the bibliography are removed first, so what is left
# over is a citation of a work the bibliography does not have, or one not in our form.
_NAME = r"[A-Z][\w'’-]+"
_AUTHORS = rf"{_NAME}(?: et al\.| (?:and|&) {_NAME})?"
_YEAR = r"(?:1[6-9]\d\d|20\d\d)[a-z]?(?=[),;])"
LOOKS_CITED = re.compile(rf"{_AUTHORS}(?: \(|, ){_YEAR}|(?<=\(){_AUTHORS},? {_YEAR}")


class _Markdown(_MarkdownBackend):
    """pybtex's markdown backend, escaping only what MyST would read as markup."""

    symbols = {"ndash": "–", "newblock": " ", "nbsp": " "}

    def format_str(self, text):
        # $...$ of a bib field (a title's {$O(1/k^2)$}) stays math for MyST's dollarmath
        parts = re.split(r"(\$[^$\n]+\$)", text)
        return "".join(
            part if i % 2 else re.sub(r"([\\`*_\[\]$<>])", r"\\\1", part)
            for i, part in enumerate(parts)
        )


@cache
def bibliography(path: Path = BIB):
    """The parsed bibliography (pybtex ``BibliographyData``)."""
    return parse_file(str(path), bib_format="bibtex")


def _surname(person) -> str:
    return str(Text.from_latex(" ".join(person.prelast_names + person.last_names)))


def _authors(entry) -> str:
    names = [_surname(p) for p in entry.persons.get("author") or entry.persons["editor"]]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"{names[0]} and {names[1]}"
    return f"{names[0]} et al."


@cache
def labels(path: Path = BIB) -> dict[str, tuple[str, str]]:
    """key -> (authors, year) of every entry; works that share both get a, b, ... in key order."""
    entries = bibliography(path).entries
    plain = {key: (_authors(e), e.fields["year"]) for key, e in entries.items()}
    out = {}
    for key, (authors, year) in plain.items():
        twins = sorted(k for k, v in plain.items() if v == (authors, year))
        suffix = "abcdefghij"[twins.index(key)] if len(twins) > 1 else ""
        out[key] = (authors, year + suffix)
    return out


def narrative(key: str, path: Path = BIB) -> str:
    """ "Brown et al. (2001)"."""
    authors, year = labels(path)[key]
    return f"{authors} ({year})"


def parenthetical(keys, path: Path = BIB) -> str:
    """ "(Brown et al., 2001; Stone, 1974)"."""
    return "(" + "; ".join("{}, {}".format(*labels(path)[k]) for k in keys) + ")"


def _citation_pattern(path: Path):
    """One regex for every label, in both forms; the longest label wins at each place."""
    forms = {}
    for key, (authors, year) in labels(path).items():
        forms[f"{authors} ({year}"] = key
        forms[f"{authors}, {year}"] = key
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?=[),;])"), forms


# A fenced block: code (```python), or a MyST directive (```{admonition}, :::{note}) whose
# body is prose, possibly with fences of its own.
FENCE = re.compile(
    r"^(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S
)
CODE_DIRECTIVE = re.compile(r"\{(?:code|code-block|code-cell|sourcecode|literalinclude|math)\}")


def _without_code_blocks(text: str) -> str:
    """Code blocks removed; directives kept (their title and body are prose)."""

    def keep_prose(m):
        info = m.group("info").strip()
        if info.startswith("{") and not CODE_DIRECTIVE.match(info):
            return m.group("info") + "\n" + _without_code_blocks(m.group("body"))
        return ""

    return FENCE.sub(keep_prose, text)


def _prose(markdown: str) -> str:
    """The markdown without the generated list, code spans, code blocks or math."""
    text = _without_code_blocks(BLOCK.sub("", markdown))
    text = re.sub(r"\$\$.*?\$\$|\$[^$\n]+\$|`[^`\n]+`", "", text, flags=re.S)
    return text


def cited(markdown: str, path: Path = BIB) -> tuple[set[str], list[str]]:
    """The keys the prose cites, and the citation-like strings that are no label."""
    pattern, forms = _citation_pattern(path)
    text = _prose(markdown)
    keys = {forms[m.group(0)] for m in pattern.finditer(text)}
    unknown = LOOKS_CITED.findall(pattern.sub("", text))
    return keys, unknown


def reference_list(keys, path: Path = BIB) -> str:
    """The generated block: BEGIN, one markdown item per key (plain style order), END."""
    style = find_plugin("pybtex.style.formatting", "plain")()
    entries = [bibliography(path).entries[k] for k in keys]
    backend = _Markdown()
    items = [
        f"- **{narrative(e.key, path)}**. " + " ".join(e.text.render(backend).split())
        for e in style.format_entries(entries)
    ]
    return "\n".join([BEGIN, *items, END])


def _last_markdown(nb):
    return [c for c in nb.cells if c.cell_type == "markdown"][-1]


def _chapter_markdown(nb) -> str:
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def check(path: Path, bib: Path = BIB) -> list[str]:
    """Problems of one chapter: unknown citations, a missing or stale reference list."""
    nb = nbformat.read(path, as_version=4)
    keys, unknown = cited(_chapter_markdown(nb), bib)
    problems = [
        f"{path}: '{u}' looks like a citation but is no label of {bib.name}"
        f" (labels: tools/citations.py --labels)"
        for u in unknown
    ]
    blocks = BLOCK.findall(_chapter_markdown(nb))
    if not keys and not blocks:
        return problems
    last = _last_markdown(nb).source
    if len(blocks) != 1 or not BLOCK.search(last):
        problems.append(
            f"{path}: cites {len(keys)} works but its last markdown cell has no"
            " generated reference list (run tools/citations.py --write)"
        )
    elif BLOCK.search(last).group(0) != reference_list(sorted(keys), bib):
        problems.append(
            f"{path}: the reference list differs from {bib.name} and the citations"
            " of the text (run tools/citations.py --write)"
        )
    return problems


def write(path: Path, bib: Path = BIB) -> bool:
    """(Re)write the chapter's reference list in its last markdown cell; True if changed."""
    text = path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    keys, _ = cited(_chapter_markdown(nb), bib)
    cell = _last_markdown(nb)
    block = reference_list(sorted(keys), bib) if keys else ""
    if BLOCK.search(cell.source):
        source = BLOCK.sub(lambda _: block, cell.source).rstrip("\n")
    else:
        source = cell.source.rstrip("\n") + ("\n\n" + block if block else "")
    cell.source = source
    out = nbformat.writes(nb) + "\n"
    if out != text:
        path.write_text(out, encoding="utf-8")
        return True
    return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="fail if a list is stale")
    mode.add_argument("--write", action="store_true", help="rewrite the lists")
    mode.add_argument("--labels", action="store_true", help="print every key and its label")
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    if args.labels:
        for key in sorted(labels()):
            print(f"{key}\t{narrative(key)}\t{parenthetical([key])}")
        return 0
    if args.write:
        changed = [p for p in args.notebooks if write(p)]
        print(f"citations: {len(changed)} of {len(args.notebooks)} notebooks rewritten")
        return 0
    problems = [p for nb in args.notebooks for p in check(nb)]
    print(
        "\n".join(problems) or f"citations: {len(args.notebooks)} notebooks in step with {BIB.name}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
