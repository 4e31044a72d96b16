"""Checks of the book as a whole that need no build: the chapters' markdown against the
appendix (glossary, notation, ...). The notebooks are read as JSON, nothing is executed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from _helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]

# --- glossary and notation ---
# book/appendix/glossary.yml holds one entry per technical term of the book (rendered by
# tools/sphinx_glossary.py). A chapter introduces a term as "**term** (中文)"; these tests keep
# the glossary and the chapters in step.

GLOSSARY = ROOT / "book" / "appendix" / "glossary.yml"
CJK = re.compile(r"[\u4e00-\u9fff]")
# a bracket (ASCII or full-width) whose content holds Chinese
BRACKET = re.compile(r"[(（]([^()（）]*[\u4e00-\u9fff][^()（）]*)[)）]")
# English lead-ins inside a bracket: "(the note calls it 锦标赛法)", "(also called homogeneity 一致性)"
LEAD_IN = re.compile(r"^(?:[a-z][a-z']*\s+)+")
# Brackets that quote the notes' wording rather than name a term, and that the quote-mark
# rule below does not catch (a quotation is not a term, so it needs no glossary entry).
QUOTATIONS = {
    "起始性能相对较差",  # bagging: the note's "starts worse but ends better"
    "最终结果更佳",
    "往往/通常",  # bagging: Zhou's "often"
    "初代种群随机选取",  # evolution: a step of the note's loop
}


GENERATED_REFERENCES = load_tool("citations").BLOCK
NOT_CHAPTERS = ("book/appendix/", "book/api/")  # generated or reference pages, not notebooks


def toc_chapters():
    """Chapter docnames in reading order (_toc.yml); appendix, API reference and root excluded."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [
        c["file"]
        for part in toc["parts"]
        for c in part["chapters"]
        if not c["file"].startswith(NOT_CHAPTERS)
    ]


def chapter_markdown(docname):
    """The chapter's markdown, without the reference list tools/citations.py writes (titles
    of works are no terms of the chapter)."""
    nb = json.loads((ROOT / f"{docname}.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return GENERATED_REFERENCES.sub("", text)


def bracketed_chinese_terms(markdown):
    """The Chinese terms a chapter gives in brackets, e.g. "**cross-validation** (交叉验证)".

    A bracket may hold several comma- or semicolon-separated parts ("(PCA, 主成分分析)",
    "(混淆矩阵, 列联表)"); each part with Chinese in it is a term, after dropping an English
    lead-in and anything after a colon. Quotations of the notes are skipped: brackets with
    quote marks in them or right after a closing quote, and the QUOTATIONS above.
    """
    terms = []
    for match in BRACKET.finditer(markdown):
        content = match.group(1)
        before = markdown[: match.start()].rstrip()
        if any(q in content for q in '"“”「」') or before.endswith(('"', "”")):
            continue
        for part in re.split(r"[,;，；]", content):
            part = part.split(":")[0].strip()
            if not CJK.search(part):
                continue
            part = " ".join(LEAD_IN.sub("", part).split())
            if part not in QUOTATIONS:
                terms.append(part)
    return terms


def chinese_alternatives(entry):
    """The Chinese names of an entry: the whole field and its parts split at "/" or "，"."""
    whole = " ".join(str(entry["chinese"]).split())
    return {whole} | {p.strip() for p in re.split(r"[/，]", whole) if p.strip()}


@pytest.fixture(scope="module")
def glossary():
    return yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def chapters():
    return {doc: chapter_markdown(doc) for doc in toc_chapters()}


def test_glossary_entries_have_the_fields(glossary):
    bad = [
        e
        for e in glossary
        if not {"term", "chinese", "symbol", "chapter"} <= set(e)
        or not str(e["term"]).strip()
        or not str(e["chinese"]).strip()
    ]
    assert not bad, f"glossary entries without term, chinese, symbol or chapter: {bad}"


def test_every_bracketed_chinese_term_is_in_the_glossary(glossary, chapters):
    known = set().union(*(chinese_alternatives(e) for e in glossary))
    missing = {}
    for doc, markdown in chapters.items():
        for term in bracketed_chinese_terms(markdown):
            if term not in known and " ".join(term.replace("/", " / ").split()) not in known:
                missing.setdefault(term, doc)
    assert not missing, (
        f"{len(missing)} Chinese terms in the chapters have no glossary entry; add them to "
        f"{GLOSSARY.relative_to(ROOT)} (or, for a quotation of a note, to QUOTATIONS):\n"
        + "\n".join(f"  {term}  ({doc})" for term, doc in missing.items())
    )


def test_every_glossary_entry_is_defined_in_its_chapter(glossary, chapters):
    wrong = []
    for e in glossary:
        doc = e["chapter"]
        if doc not in chapters:
            wrong.append(f"  {e['term']}: chapter {doc!r} is not in _toc.yml")
            continue
        text = chapters[doc].lower()
        term = str(e["term"]).lower()
        # "Wald (interval)", "consistency (of a surrogate loss)": the name before the bracket
        names = {term, re.sub(r"\s*\(.*\)$", "", term)}
        names |= {z.lower() for z in chinese_alternatives(e)}
        if not any(name in text for name in names):
            wrong.append(f"  {e['term']} ({e['chinese']}): neither name occurs in {doc}")
    assert not wrong, "glossary entries not found in their chapter:\n" + "\n".join(wrong)


def test_glossary_terms_are_unique(glossary):
    seen, dups = set(), []
    for e in glossary:
        key = str(e["term"]).strip().lower()
        if key in seen:
            dups.append(e["term"])
        seen.add(key)
    assert not dups, f"glossary terms listed twice: {dups}"


def test_glossary_is_substantial(glossary):
    assert len(glossary) >= 150, f"the glossary has only {len(glossary)} entries (expected >= 150)"


def test_notation_page_covers_every_part():
    text = (ROOT / "book" / "appendix" / "notation.md").read_text(encoding="utf-8")
    for part in ("Part I", "Part II", "Part III", "Part IV"):
        assert re.search(rf"^## {part}\b", text, re.M), f"notation.md has no '## {part}' section"


# --- references ---
# book/references.bib holds every work the chapters cite; chapters cite it in plain
# author-year text and end with the list tools/citations.py writes (tests/test_citations.py);
# book/appendix/references.md lists them all.

BIB = ROOT / "book" / "references.bib"
DOI = re.compile(r"^10\.\d{4,9}/\S+$")
# Articles and papers without a DOI, each with the reason.
DOI_ALLOWLIST = {
    "kohavi1995": "IJCAI 1995 proceedings: no DOIs were assigned",
    "jiang2008": "JMLR (before 2021, JMLR papers have no DOI); url of the paper page",
    "bengio2004": "JMLR, no DOI; url of the paper page",
    "cawley2010": "JMLR, no DOI; url of the paper page",
    "ojala2010": "JMLR, no DOI; url of the paper page",
    "vinh2010": "JMLR, no DOI; url of the paper page",
    "gates2017": "JMLR, no DOI; url of the paper page",
    "duchi2011": "JMLR, no DOI; url of the paper page",
    "evendar2003": "JMLR, no DOI; url of the paper page",
    "mahalanobis1936": "Proceedings of the National Institute of Sciences of India, 1936: no DOI",
    "nesterov1983": "Soviet Mathematics Doklady (translation journal): no DOI",
    "goldberg1987": "Proceedings of ICGA 1987 (Lawrence Erlbaum): no DOI",
    "krogh1995": "NIPS 7 (1995): the proceedings have no DOIs",
    "margineantu1997": "ICML 1997 proceedings: no DOI",
    "benavoli2017": "JMLR, no DOI; url of the paper page",
    "demsar2006": "JMLR, no DOI; url of the paper page",
    "holm1979": "Scandinavian Journal of Statistics 6(2), 1979 (JSTOR): no DOI; url of the JSTOR page",
    "guo2017": "ICML 2017, PMLR 70: no DOI; url of the paper page",
}
# Books without an ISBN, each with the reason.
ISBN_ALLOWLIST = {
    "bellman1957": "published 1957, before ISBNs existed (1970)",
    "tou1974": "ISBN of the 1974 printing not confirmed",
}


@pytest.fixture(scope="module")
def bibliography():
    from pybtex.database import parse_file

    return parse_file(str(BIB), bib_format="bibtex")


def test_articles_have_a_doi(bibliography):
    bad = []
    for key, entry in bibliography.entries.items():
        if entry.type.lower() not in {"article", "inproceedings", "incollection"}:
            continue
        doi = entry.fields.get("doi", "")
        if key in DOI_ALLOWLIST:
            assert not doi, f"{key} has a DOI now: remove it from DOI_ALLOWLIST"
            continue
        if not DOI.match(doi):
            bad.append(f"{key}: doi {doi!r}")
    assert not bad, "entries without a valid DOI:\n" + "\n".join(bad)


def test_books_have_an_isbn_and_publisher(bibliography):
    bad = [
        key
        for key, e in bibliography.entries.items()
        if e.type.lower() == "book"
        and (
            not e.fields.get("publisher")
            or (key not in ISBN_ALLOWLIST and not e.fields.get("isbn"))
        )
    ]
    assert not bad, f"books without isbn or publisher: {bad}"


def test_allowlists_name_existing_entries(bibliography):
    stale = (set(DOI_ALLOWLIST) | set(ISBN_ALLOWLIST)) - set(bibliography.entries)
    assert not stale, f"allowlisted keys not in {BIB.name}: {sorted(stale)}"


def test_keys_are_author_year(bibliography):
    bad = [k for k in bibliography.entries if not re.fullmatch(r"[a-z]+\d{4}[a-z]?", k)]
    assert not bad, f"keys not of the form author+year: {bad}"
