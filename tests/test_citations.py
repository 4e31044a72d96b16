"""Citations as plain author-year text (tools/citations.py).

The chapters cite ``book/references.bib`` in words, "Hubert and Arabie (1985)" or
"(Stone, 1974)", and end with a reference list the tool writes; JupyterLab, the site and
the PDF show the same text. The book-wide checks run the tool on every chapter; the unit
tests run its functions on a small bibliography of their own.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from _helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted(ROOT.glob("book/part*/*.ipynb"))

citations = load_tool("citations")


# --- the book --------------------------------------------------------------------------


def test_the_book_has_chapters():
    assert len(CHAPTERS) >= 20, CHAPTERS


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_chapter_citations_and_reference_list_are_in_step(chapter):
    assert citations.check(chapter) == []


def test_check_command_passes_on_every_chapter(capsys):
    assert citations.main(["--check", *map(str, CHAPTERS)]) == 0
    assert f"{len(CHAPTERS)} notebooks in step" in capsys.readouterr().out


def test_every_entry_is_cited_by_a_chapter():
    cited = set()
    for chapter in CHAPTERS:
        cited |= citations.cited(citations._chapter_markdown(nbformat.read(chapter, as_version=4)))[
            0
        ]
    entries = set(citations.bibliography().entries)
    assert cited <= entries
    assert not entries - cited, (
        f"in references.bib but cited by no chapter: {sorted(entries - cited)}"
    )


# sphinxcontrib-bibtex roles and directives that jupyterlab-myst cannot render
SPHINX_CITATION = re.compile(r"\{(?:foot)?cite(?::[a-z]+)?\}|\{footbibliography\}|\{bibliography\}")


def test_no_chapter_uses_sphinx_citations():
    pages = CHAPTERS + sorted(ROOT.glob("book/*.md")) + sorted(ROOT.glob("book/appendix/*.md"))
    bad = [
        f"{p.relative_to(ROOT)}: {m.group(0)}"
        for p in pages
        for m in SPHINX_CITATION.finditer(p.read_text(encoding="utf-8"))
        if p.name != "references.md"
    ]
    assert not bad, "\n".join(bad)


def test_the_appendix_keeps_the_full_bibliography():
    text = (ROOT / "book" / "appendix" / "references.md").read_text(encoding="utf-8")
    assert re.search(r"```\{bibliography\}\n:all:", text)


def test_no_footnote_warning_is_suppressed():
    """The suppression was for {footcite} (myst-parser 3); now it would only hide real problems."""
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert "myst.footnote" not in config and "myst_footnote_transition" not in config


# --- the functions, on a bibliography of the test's own -------------------------------

BIB = r"""
@article{stone1974, author = {Stone, M.}, title = {Cross-Validatory Choice}, journal = {JRSS B},
  volume = {36}, pages = {111--147}, year = {1974}, doi = {10.1/x}}
@article{nadeau2003, author = {Nadeau, Claude and Bengio, Yoshua}, title = {Inference for the
  Generalization Error}, journal = {Machine Learning}, volume = {52}, pages = {239--281}, year = {2003}}
@article{brown2001, author = {Brown, L. and Cai, T. and DasGupta, A.}, title = {Interval
  Estimation}, journal = {Statistical Science}, year = {2001}}
@article{breiman1996b, author = {Breiman, Leo}, title = {Stacked Regressions},
  journal = {Machine Learning}, year = {1996}}
@article{breiman1996a, author = {Breiman, Leo}, title = {Bagging Predictors},
  journal = {Machine Learning}, year = {1996}}
@article{chacon2023, author = {Chac{\'o}n, Jos{\'e} E. and Rastrojo, Ana I.}, title = {Minimum
  adjusted {Rand} index}, journal = {Advances in Data Analysis and Classification}, year = {2023}}
@book{vanderwaart1998, editor = {van der Vaart, A. W.}, title = {Asymptotic Statistics},
  publisher = {CUP}, year = {1998}}
"""


@pytest.fixture
def bib(tmp_path):
    path = tmp_path / "refs.bib"
    path.write_text(BIB, encoding="utf-8")
    return path


def test_labels_by_number_of_authors(bib):
    labels = citations.labels(bib)
    assert labels["stone1974"] == ("Stone", "1974")
    assert labels["nadeau2003"] == ("Nadeau and Bengio", "2003")
    assert labels["brown2001"] == ("Brown et al.", "2001")
    assert labels["chacon2023"] == ("Chacón and Rastrojo", "2023")  # LaTeX accents decoded
    assert labels["vanderwaart1998"] == ("van der Vaart", "1998")  # editor, with "van der"


def test_works_sharing_author_and_year_get_letters_in_key_order(bib):
    labels = citations.labels(bib)
    assert labels["breiman1996a"] == ("Breiman", "1996a")
    assert labels["breiman1996b"] == ("Breiman", "1996b")


def test_narrative_and_parenthetical_forms(bib):
    assert citations.narrative("brown2001", bib) == "Brown et al. (2001)"
    assert citations.narrative("breiman1996b", bib) == "Breiman (1996b)"
    assert citations.parenthetical(["stone1974"], bib) == "(Stone, 1974)"
    assert citations.parenthetical(["nadeau2003", "breiman1996a"], bib) == (
        "(Nadeau and Bengio, 2003; Breiman, 1996a)"
    )


def test_cited_finds_both_forms(bib):
    text = (
        "Stone (1974) and Breiman (1996b) argue; see also (Nadeau and Bengio, 2003; "
        "Brown et al., 2001) and Chacón and Rastrojo (2023, section 2)."
    )
    keys, unknown = citations.cited(text, bib)
    assert keys == {"stone1974", "breiman1996b", "nadeau2003", "brown2001", "chacon2023"}
    assert unknown == []


def test_cited_reports_citations_of_works_not_in_the_bibliography(bib):
    keys, unknown = citations.cited(
        "As Smith (2020) and (Jones and Lee, 2019) show, Breiman (1996) and Stone (1975) err.", bib
    )
    assert keys == set()
    # "Breiman (1996)" lacks its letter: a label of no work
    assert unknown == ["Smith (2020", "Jones and Lee, 2019", "Breiman (1996", "Stone (1975"]


def test_cited_reports_citations_not_in_the_book_form(bib):
    keys, unknown = citations.cited(
        "(Nadeau & Bengio 2003) and Nadeau & Bengio (2003); (Stone 1974, p. 3).", bib
    )
    assert keys == set()
    assert unknown == ["Nadeau & Bengio 2003", "Nadeau & Bengio (2003", "Stone 1974"]


def test_cited_ignores_code_math_and_the_generated_list(bib):
    text = (
        "`Smith (2020)` and $Smith (2020)$\n\n```python\nJones (2019)\n```\n\n"
        "```{code-cell} python\nJones (2019)\n```\n\n"
        + citations.reference_list(["stone1974"], bib)
    )
    assert citations.cited(text, bib) == (set(), [])


def test_cited_reads_the_prose_of_directives(bib):
    """Admonitions (errata, solutions) are prose, also around a code block of their own."""
    text = (
        "```{admonition} Erratum (Stone, 1974)\n:class: warning\nAs Breiman (1996a) shows.\n"
        "````python\nSmith (2020)\n````\nSo did Smith (2021).\n```\n\n"
        ":::{note}\nNadeau and Bengio (2003)\n:::\n"
    )
    keys, unknown = citations.cited(text, bib)
    assert keys == {"stone1974", "breiman1996a", "nadeau2003"}
    assert unknown == ["Smith (2021"]


def test_reference_list_is_sorted_and_escaped(bib):
    block = citations.reference_list(["stone1974", "breiman1996b", "breiman1996a"], bib)
    lines = block.splitlines()
    assert lines[0] == citations.BEGIN and lines[-1] == citations.END
    items = lines[1:-1]
    assert [i.split("**")[1] for i in items] == [
        "Breiman (1996a)",
        "Breiman (1996b)",
        "Stone (1974)",
    ]
    assert "*Machine Learning*" in items[0] and "Bagging predictors" in items[0]
    assert "[doi:10.1/x](https://doi.org/10.1/x)" in items[2]


def _notebook(path, *markdown):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(m) for m in markdown]
    nb.cells.insert(1, nbformat.v4.new_code_cell("x = 1"))
    nbformat.write(nb, path)
    return path


def test_check_finds_a_missing_list_and_write_adds_it(tmp_path, bib):
    nb = _notebook(
        tmp_path / "ch.ipynb", "# Title\n\nAs Stone (1974) showed.", "## References\n\nEnd."
    )
    [problem] = citations.check(nb, bib)
    assert "no generated reference list" in problem
    assert citations.write(nb, bib) is True
    assert citations.check(nb, bib) == []
    last = nbformat.read(nb, as_version=4).cells[-1].source
    assert last.startswith("## References\n\nEnd.\n\n" + citations.BEGIN)
    assert "**Stone (1974)**" in last


def test_check_finds_a_stale_list(tmp_path, bib):
    nb = _notebook(tmp_path / "ch.ipynb", "As Stone (1974) showed.", "## References")
    citations.write(nb, bib)
    notebook = nbformat.read(nb, as_version=4)
    notebook.cells[0].source += " So did Breiman (1996a)."  # a new citation, the list not rewritten
    nbformat.write(notebook, nb)
    [problem] = citations.check(nb, bib)
    assert "reference list differs" in problem
    assert citations.main(["--check", str(nb)]) == 1  # the book's bibliography: also stale
    citations.write(nb, bib)
    assert citations.check(nb, bib) == []
    assert "**Breiman (1996a)**" in nbformat.read(nb, as_version=4).cells[-1].source


def test_check_finds_an_unknown_citation(tmp_path, bib):
    nb = _notebook(tmp_path / "ch.ipynb", "As Smith et al. (2020) showed.", "## References")
    [problem] = citations.check(nb, bib)
    assert "'Smith et al. (2020' looks like a citation" in problem


def test_write_is_idempotent_and_drops_a_list_no_longer_needed(tmp_path, bib):
    nb = _notebook(tmp_path / "ch.ipynb", "(Stone, 1974; Brown et al., 2001)", "## References")
    assert citations.write(nb, bib) is True
    first = nb.read_bytes()
    assert citations.write(nb, bib) is False
    assert nb.read_bytes() == first
    notebook = nbformat.read(nb, as_version=4)
    notebook.cells[0].source = "No citation left."
    nbformat.write(notebook, nb)
    assert citations.write(nb, bib) is True
    assert nbformat.read(nb, as_version=4).cells[-1].source == "## References"
    assert citations.check(nb, bib) == []


def test_chapters_are_written_as_the_tool_writes_them(tmp_path):
    """--write on a copy of every chapter changes no byte: the committed lists are the tool's."""
    for chapter in CHAPTERS:
        copy = tmp_path / chapter.name
        copy.write_bytes(chapter.read_bytes())
        assert citations.write(copy) is False, chapter


def test_reference_list_keeps_a_titles_math_as_math(tmp_path):
    """A title's {$O(1/k^2)$} is written as MyST math (typeset on the site), not as an
    escaped \\$ that shows the TeX; other markup characters stay escaped."""
    path = tmp_path / "refs.bib"
    path.write_text(
        "@article{nesterov1983, author = {Nesterov, Yurii}, title = {Convergence "
        "Rate {$O(1/k^2)$} of a_b}, journal = {Doklady}, year = {1983}}\n",
        encoding="utf-8",
    )
    (item,) = citations.reference_list(["nesterov1983"], path).splitlines()[1:-1]
    assert "rate $O(1/k^2)$ of a\\_b" in item, item
