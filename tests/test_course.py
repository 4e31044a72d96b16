"""Courses (``make book TOC=courses/<name>.yml``): the pieces, on tables of contents and pages
of the tests' own (so that editing courses/example.yml cannot break them).

- tools/course.py: which pages and notebooks a table of contents names, how a student copy
  loses its "Solution N" admonitions and ``solution`` cells (and keeps everything else), what
  a staged copy's configuration says;
- tools/sphinx_course.py: labels and titles read from the sources, and a small Sphinx project
  built with ``-W -n`` whose course page refers to pages and labels left out of the course,
  once with a book URL (links to it) and once without (plain text);
- the Makefile's course wiring (``make -n``), the GitHub Pages workflow and the guide.

``tests/test_course_build.py`` (``make test-course``) builds a real course.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402  (tools/course.py)
import sphinx_course  # noqa: E402  (tools/sphinx_course.py)

MAKE = shutil.which("make")

TOC = """\
format: jb-book
root: book/intro
parts:
  - caption: "Part I"
    numbered: true
    chapters:
      - file: book/part1/test-error
      - file: "book/part1/cross-validation.ipynb"
  - caption: Appendix
    chapters:
      - file: book/appendix/glossary
"""

CHAPTER_MD = """\
1. ★ *Computation.* How many?

```{admonition} Solution 1
:class: dropdown
Exactly 42, by `pe.test_error`.
```

```{admonition} A note that stays
Keep me.
```

2. ★★ *Coding.* Compute it.

````{admonition} Solution 2
:class: dropdown
```python
answer = 41 + 1
```
````

:::{admonition} Solution 3
:class: dropdown
Colon-fenced.
:::

A closing remark.
"""


# --------------------------------------------------------------------- tables of contents
def test_toc_docnames_in_reading_order(tmp_path):
    toc = yaml.safe_load(TOC)
    assert course.toc_docnames(toc) == [
        "book/intro",
        "book/part1/test-error",
        "book/part1/cross-validation",
        "book/appendix/glossary",
    ]
    nested = {"root": "a", "chapters": [{"file": "b", "sections": [{"file": "c.md"}]}]}
    assert course.toc_docnames(nested) == ["a", "b", "c"]


def test_course_notebooks_and_chapters_are_the_notebooks_it_names(tmp_path):
    toc = tmp_path / "mine.yml"
    toc.write_text(TOC, encoding="utf-8")
    assert course.course_notebooks(toc) == [
        "book/part1/test-error.ipynb",
        "book/part1/cross-validation.ipynb",
    ]
    assert course.course_chapters(toc) == course.course_notebooks(toc)


def test_a_page_the_book_does_not_have_is_an_error(tmp_path):
    toc = tmp_path / "typo.yml"
    toc.write_text(TOC.replace("test-error", "test-eror"), encoding="utf-8")
    with pytest.raises(ValueError, match="test-eror"):
        course.check_course(toc)
    assert course.main(["stage", str(toc), str(tmp_path / "out")]) == 1


# --------------------------------------------------------------------- removing solutions
def test_strip_solutions_removes_every_solution_block_and_keeps_the_rest():
    text, removed = course.strip_solutions(CHAPTER_MD)
    assert removed == 3
    assert "Solution" not in text and "42" not in text and "answer = 41" not in text
    assert "Colon-fenced" not in text
    for kept in ("1. ★ *Computation.* How many?", "A note that stays", "Keep me.", "2. ★★"):
        assert kept in text
    assert text.endswith("A closing remark.\n")
    assert "\n\n\n" not in text


def test_a_solution_shown_inside_a_code_block_is_an_example_and_stays():
    example = "Write:\n\n````md\n```{admonition} Solution 4\n:class: dropdown\n4.2\n```\n````\n"
    assert course.strip_solutions(example) == (example, 0)
    titled = "```{admonition} Solutions of the week\nkeep\n```\n"
    assert course.strip_solutions(titled) == (titled, 0)


def _notebook():
    return {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["## Exercises\n", "\n"]},
            {"cell_type": "markdown", "metadata": {}, "source": CHAPTER_MD.splitlines(True)},
            {
                "cell_type": "code",
                "metadata": {},
                "source": ["answer = None\n", 'check("test-error", 2, answer)'],
                "outputs": [],
            },
            {
                "cell_type": "code",
                "metadata": {"tags": ["solution"]},
                "source": ["answer = 42"],
                "outputs": [],
            },
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": [
                    "```{admonition} Solution 5\n",
                    ":class: dropdown\n",
                    "Only.\n",
                    "```\n",
                ],
            },
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_strip_notebook_drops_solution_cells_and_keeps_the_self_check(tmp_path):
    nb = _notebook()
    assert course.strip_notebook(nb) == 5  # three admonitions, a tagged cell, a lone one
    sources = ["".join(c["source"]) for c in nb["cells"]]
    assert len(sources) == 3
    assert 'check("test-error", 2, answer)' in sources[2]
    assert not any("Solution" in s or "answer = 42" in s for s in sources)
    path = tmp_path / "chapter.ipynb"
    path.write_text(json.dumps(_notebook(), indent=1), encoding="utf-8")
    assert course.strip_file(path) == 5
    assert "Solution" not in path.read_text(encoding="utf-8")
    assert course.strip_file(path) == 0


def test_stage_copies_the_book_and_strips_only_the_student_copy(tmp_path):
    root = tmp_path / "repo"
    (root / "book" / "part1").mkdir(parents=True)
    (root / "tools").mkdir()
    (root / "_offline").mkdir()
    (root / "book" / "intro.md").write_text("# Intro\n\nSee [the chapter](part1/a.ipynb).\n")
    (root / "book" / "part1" / "a.ipynb").write_text(json.dumps(_notebook(), indent=1))
    (root / "book" / "part1" / "b.ipynb").write_text(json.dumps(_notebook(), indent=1))
    (root / "_toc.yml").write_text(
        "format: jb-book\nroot: book/intro\nchapters:\n- file: book/part1/a\n- file: book/part1/b\n"
    )
    (root / "_config.yml").write_text(
        "title: t\nrepository:\n  url: https://github.com/o/book\nsphinx:\n  config: {}\n"
    )
    toc = tmp_path / "c.yml"
    toc.write_text("format: jb-book\nroot: book/intro\nchapters:\n- file: book/part1/a\n")
    teacher = course.stage(toc, tmp_path / "t", root=root)
    assert teacher["documents"] == ["book/intro", "book/part1/a"] and not teacher["removed"]
    assert "Solution 1" in (tmp_path / "t/book/part1/a.ipynb").read_text()
    config = yaml.safe_load((tmp_path / "t/_config.yml").read_text())
    assert config["repository"]["url"] == "https://github.com/o/book"
    assert config["sphinx"]["config"]["course_full_toc"] == str((root / "_toc.yml").resolve())
    assert (tmp_path / "t/_toc.yml").read_text() == toc.read_text()
    assert (tmp_path / "t/tools").resolve() == (root / "tools").resolve()
    student = course.stage(
        toc,
        tmp_path / "s",
        solutions=False,
        book_url="https://o.github.io/book/",
        frames=tmp_path / "frames",
        root=root,
    )
    assert student["removed"] == {"book/part1/a.ipynb": 5, "book/part1/b.ipynb": 5}
    for page in ("a", "b"):
        assert "Solution" not in (tmp_path / f"s/book/part1/{page}.ipynb").read_text()
    config = yaml.safe_load((tmp_path / "s/_config.yml").read_text())
    assert config["repository"]["url"] == ""  # no launch buttons into the solutions
    assert config["sphinx"]["config"]["course_book_url"] == "https://o.github.io/book/"
    assert config["sphinx"]["config"]["explorer_frames"] == str((tmp_path / "frames").resolve())
    again = course.stage(
        toc, tmp_path / "s", solutions=False, student_repo="https://x/y", root=root
    )
    assert again["removed"]  # restaging starts from a fresh copy
    assert yaml.safe_load((tmp_path / "s/_config.yml").read_text())["repository"]["url"] == (
        "https://x/y"
    )


# --------------------------------------------------------------------- reading labels
def test_page_targets_reads_titles_labels_names_and_equations():
    text = (
        "(ch-x)=\n# The *title*\n\n(sec-y)=\n## A [linked](a.md) section\n\n"
        "```{figure} f.png\n:name: fig-z\n```\n\n$$ a = b $$ (eq-w)\n"
    )
    title, labels = sphinx_course.page_targets("book/p", text)
    assert title == "The title"
    assert labels["ch-x"] == sphinx_course.Target("book/p", "ch-x", "The title")
    assert labels["sec-y"] == sphinx_course.Target("book/p", "sec-y", "A linked section")
    assert labels["fig-z"] == sphinx_course.Target("book/p", "fig-z", "“The title”")
    assert labels["eq-w"] == sphinx_course.Target(
        "book/p", "equation-eq-w", "an equation in “The title”"
    )
    title, labels = sphinx_course.page_targets("api/x", ".. _api-x:\n\nErrors\n======\n", rst=True)
    assert title == "Errors" and labels["api-x"].docname == "api/x"


def test_full_book_reads_every_page_of_the_full_toc():
    pages, labels = sphinx_course.full_book(ROOT / "_toc.yml", ROOT)
    assert set(pages) == set(course.toc_docnames(yaml.safe_load((ROOT / "_toc.yml").read_text())))
    assert labels["ch-test-error"].docname == "book/part1/test-error"
    assert pages["book/part1/test-error"].title.startswith("The test error")


def test_outside_node_links_to_the_book_or_is_text():
    target = sphinx_course.Target("book/part2/distances", "ch-distances", "Distances")
    link = sphinx_course.outside_node(target, [], "https://o.github.io/book/")
    assert link["refuri"] == "https://o.github.io/book/book/part2/distances.html#ch-distances"
    text = sphinx_course.outside_node(target, [], "")
    assert "refuri" not in text.attributes and sphinx_course.CLASS in text["classes"]


# --------------------------------------------------------------------- a small Sphinx book
COURSE_PAGE = """\
# Course page

Doc link: [the other chapter](other.md). Auto: <project:other.md>.
Anchor link: [the section](other.md#sec-deep).
Ref: {ref}`sec-deep`. Titled ref: {ref}`see there <sec-deep>`. Doc: {doc}`other`.
Numref: {numref}`fig-far`. Equation: {eq}`eq-far`. Label link: [lab](#sec-deep).
Inside: {ref}`sec-here`. Page inside: [intro](index.md).

(sec-here)=
## Here
"""

OTHER_PAGE = """\
(ch-other)=
# The other chapter

(sec-deep)=
## Deep section

```{figure} nothing.png
:name: fig-far
A figure.
```

$$ x = 1 $$ (eq-far)
"""


def _sphinx_book(tmp_path: Path, book_url: str) -> str:
    src = tmp_path / "src"
    src.mkdir()
    (src / "index.md").write_text("# Intro\n\n```{toctree}\ncourse\n```\n")
    (src / "course.md").write_text(COURSE_PAGE)
    (src / "other.md").write_text(OTHER_PAGE)
    full = tmp_path / "full_toc.yml"
    full.write_text("format: jb-book\nroot: index\nchapters:\n- file: course\n- file: other\n")
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'tools')!r})\n"
        "extensions = ['myst_parser', 'sphinx_course']\n"
        "myst_enable_extensions = ['dollarmath', 'amsmath']\n"
        "exclude_patterns = ['other.md']\n"
        f"course_full_toc = {str(full)!r}\ncourse_book_url = {book_url!r}\n"
    )
    out = tmp_path / "html"
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-n", "--keep-going", "-q", "-b", "html"]
        + [str(src), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return (out / "course.html").read_text(encoding="utf-8")


def test_a_course_links_what_it_left_out_to_the_book(tmp_path):
    page = _sphinx_book(tmp_path, "https://o.github.io/book/")
    base = "https://o.github.io/book/other.html"
    hrefs = re.findall(r'href="([^"]+)"', page)
    assert f"{base}#sec-deep" in hrefs  # {ref}, the anchor link, the label link
    assert base in hrefs  # the page links and {doc}
    assert f"{base}#fig-far" in hrefs and f"{base}#equation-eq-far" in hrefs
    assert "The other chapter" in page and "Deep section" in page and "see there" in page
    assert "an equation in “The other chapter”" in page and "fig-far<" not in page
    assert "#sec-here" in page and 'href="index.html"' in page  # inside links stay inside
    assert "unknown" not in page.lower()


def test_without_a_book_url_what_is_left_out_is_plain_text(tmp_path):
    page = _sphinx_book(tmp_path, "")
    assert "other.html" not in page and "o.github.io" not in page
    assert page.count(sphinx_course.CLASS) >= 8
    assert "The other chapter" in page and "Deep section" in page


# --------------------------------------------------------------------- wiring
def _make_n(*args: str) -> str:
    result = subprocess.run(
        [MAKE, "--no-print-directory", "-n", "-C", str(ROOT), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.skipif(MAKE is None, reason="GNU make is not installed")
def test_makefile_builds_frames_tests_and_sites_of_a_course(tmp_path):
    toc = tmp_path / "week.yml"
    toc.write_text(TOC, encoding="utf-8")
    out = tmp_path / "courses"
    common = (f"TOC={toc}", f"COURSES={out}")
    frames = _make_n("frames", *common)
    assert f"--out {out}/week/explorer-frames" in frames
    assert "book/part1/test-error.ipynb book/part1/cross-validation.ipynb" in frames
    nbval = _make_n("test-notebooks", *common, "NBVAL_PROFILES=native")
    assert re.search(r'" *book/part1/test-error.ipynb book/part1/cross-validation.ipynb *"', nbval)
    teacher = _make_n("book", *common, "FRAMES=0")
    assert f"tools/course.py stage {toc} {out}/week/src" in teacher
    assert "--no-solutions" not in teacher
    assert "-W -n --keep-going" in teacher and f"--path-output {out}/week " in teacher
    assert f"{out}/week/html/index.html" in teacher
    student = _make_n("book", *common, "FRAMES=0", "SOLUTIONS=0", "BOOK_URL=https://o.io/b/")
    assert "--no-solutions --book-url 'https://o.io/b/'" in student
    assert f"{out}/week-student/html/index.html" in student
    assert "tools/course.py" not in _make_n("book", "FRAMES=0")  # the full book is unchanged
    assert "test-course" in _make_n("test")


def test_pages_workflow_builds_the_student_course_and_deploys_it():
    workflow = yaml.safe_load((ROOT / ".github/workflows/course-pages.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads `on:` as True
    assert "workflow_dispatch" in triggers
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    runs = "\n".join(s.get("run", "") for s in steps)
    assert re.search(r"make book TOC=\S+ SOLUTIONS=0", runs)
    uses = [s.get("uses", "") for s in steps]
    assert any(u.startswith("actions/upload-pages-artifact@") for u in uses)
    assert any(u.startswith("actions/deploy-pages@") for u in uses)
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"].endswith("-student/html")
    assert workflow["permissions"]["pages"] == "write"


def test_the_guide_is_last_in_the_appendix_and_its_commands_exist():
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    appendix = next(p for p in toc["parts"] if p["caption"] == "Appendix")
    assert appendix["chapters"][-1]["file"] == "book/appendix/instructors"
    guide = (ROOT / "book/appendix/instructors.md").read_text(encoding="utf-8")
    phony = set()
    for line in re.findall(r"^\.PHONY\s*:(.*)$", (ROOT / "Makefile").read_text(), re.M):
        phony.update(line.split())
    commands = re.findall(r"(?:^|`)make ([a-z][\w-]*)", guide, re.M)
    assert {"book", "test-notebooks", "test-course", "frames", "execute"} <= set(commands)
    for target in commands:
        assert target in phony, f"the guide names `make {target}`"
    for path in re.findall(r"`((?:tools|courses|tests|\.github)/[\w./-]+)`", guide):
        assert (ROOT / path).exists(), path
    assert "SOLUTIONS=0" in guide and "BOOK_URL=" in guide and "check(" in guide
