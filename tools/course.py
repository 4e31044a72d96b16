"""A course: some of the book's chapters, built as a site of their own (``make book TOC=...``).

A course is a table of contents in Jupyter Book's ``_toc.yml`` format (``courses/example.yml``):
the introduction as its root and the chosen chapters in their parts, the API reference and
the appendix if wanted. ``make build TOC=courses/<name>.yml`` (and ``make book``, which then
prints the site's path) stages the book's sources for it and builds them with the book's
strict settings:

    _build/courses/<name>/src/             staged sources (instructor build)
    _build/courses/<name>/html/            the instructor's site, with the solutions
    _build/courses/<name>/explorer-frames/ the explorers' frames of the course's chapters
    _build/courses/<name>-student/src/     staged sources without solutions (SOLUTIONS=0)
    _build/courses/<name>-student/html/    the students' site

Staging (:func:`stage`) copies ``book/`` and ``_config.yml`` into ``src/``, writes the
course's table of contents as ``src/_toc.yml``, links ``tools/`` and ``_offline/`` and sets,
in the copied configuration, what ``tools/sphinx_course.py`` needs to turn every link to a
chapter outside the course into a link to the full book's site (``course_book_url``,
``make book TOC=... BOOK_URL=https://...``) or into plain text.

A student build (``SOLUTIONS=0``, ``--no-solutions``) removes from every staged page each
``Solution N`` admonition (``{admonition} Solution 3`` with ``:class: dropdown``, in a
backtick or colon fence) and every cell tagged ``solution``, so that neither the pages, nor
the search index, nor the notebooks the site offers for download hold a solution; the
exercises and their self-check cells stay. Launch buttons (Binder, Colab) would open the
repository's notebooks, which hold the solutions: a student build has none unless
``STUDENT_REPO=https://github.com/<owner>/<repo>`` names a repository without them.

Usage (from the repository root; the Makefile runs it)::

    python tools/course.py notebooks TOC            # the course's notebooks, one a line
    python tools/course.py chapters TOC             # its chapters (book/part*/...)
    python tools/course.py stage TOC OUT [--no-solutions] [--book-url URL]
                                  [--student-repo URL] [--frames DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SOLUTION_TAG = "solution"
#: A fence's opening line: 3+ backticks, tildes or colons and the info string.
_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")
#: A solution's info string: the admonition (or dropdown) directive titled "Solution N", as
#: tools/sphinx_pdf.py recognises it.
_SOLUTION = re.compile(r"^\{(?:admonition|dropdown)\}\s+Solution \d+\s*$")
#: Folders of the repository that a staged copy links to instead of copying.
LINKED = ("tools", "_offline")


def toc_docnames(toc: dict) -> list[str]:
    """Every document of a table of contents (Jupyter Book's ``jb-book`` format), root first,
    in reading order."""
    found = [str(toc["root"])]

    def walk(entries) -> None:
        for entry in entries or []:
            if "file" in entry:
                found.append(str(entry["file"]).removesuffix(".ipynb").removesuffix(".md"))
            walk(entry.get("sections"))

    for part in toc.get("parts") or []:
        walk(part.get("chapters"))
    walk(toc.get("chapters"))
    walk(toc.get("sections"))
    return found


def read_toc(path: Path) -> dict:
    toc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(toc, dict) or "root" not in toc:
        raise ValueError(f"{path}: not a table of contents (no 'root:')")
    return toc


def course_notebooks(toc_path: Path, root: Path = ROOT) -> list[str]:
    """The course's notebooks (repository-relative paths), in reading order."""
    docs = toc_docnames(read_toc(toc_path))
    return [f"{d}.ipynb" for d in docs if (root / f"{d}.ipynb").is_file()]


def course_chapters(toc_path: Path, root: Path = ROOT) -> list[str]:
    """The course's chapter notebooks (``book/part*/``): the ones with explorers and frames."""
    return [p for p in course_notebooks(toc_path, root) if re.match(r"book/part\d+/", p)]


def check_course(toc_path: Path, root: Path = ROOT) -> list[str]:
    """The course's documents; a ValueError names one the book does not have."""
    docs = toc_docnames(read_toc(toc_path))
    full = set(toc_docnames(read_toc(root / "_toc.yml")))
    unknown = [d for d in docs if d not in full]
    if unknown:
        raise ValueError(f"{toc_path}: not pages of the book's _toc.yml: {unknown}")
    return docs


def strip_solutions(text: str) -> tuple[str, int]:
    """``text`` (MyST Markdown) without its "Solution N" admonitions; and how many went.

    A fenced block runs from its opening fence to the first line that closes it (the
    fence's character, at least as many times, nothing else), as CommonMark closes a fence.
    A solution inside another directive goes too; one shown inside a code block is an
    example and stays.

    >>> strip_solutions("1. Q\\n\\n```{admonition} Solution 1\\n:class: dropdown\\nA\\n```\\nEnd\\n")
    ('1. Q\\n\\nEnd\\n', 1)
    """
    out, removed = _strip(text.splitlines(keepends=True))
    return "".join(out), removed


def _strip(lines: list[str]) -> tuple[list[str], int]:
    out: list[str] = []
    removed, i = 0, 0
    while i < len(lines):
        m = _FENCE.match(lines[i].rstrip("\n"))
        if m is None or (m.group("fence")[0] == "`" and "`" in m.group("info")):
            out.append(lines[i])
            i += 1
            continue
        fence, info = m.group("fence"), m.group("info").strip()
        close = re.compile(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j].rstrip("\n")):
            j += 1
        if _SOLUTION.match(info):
            removed += 1
            i = j + 1
            # no run of blank lines where the block was
            while i < len(lines) and not lines[i].strip() and (not out or not out[-1].strip()):
                i += 1
            continue
        if info.startswith("{"):  # another directive: its content may hold a solution
            inner, n = _strip(lines[i + 1 : j])
            out += [lines[i], *inner, *lines[j : j + 1]]
            removed += n
        else:  # a code block stays whole
            out += lines[i : j + 1]
        i = j + 1
    return out, removed


def strip_notebook(nb: dict) -> int:
    """Remove the solutions from a notebook (in place): "Solution N" admonitions from its
    Markdown cells, cells tagged ``solution``, and Markdown cells left empty. Returns how
    many solutions went."""
    removed, cells = 0, []
    for cell in nb.get("cells", []):
        if SOLUTION_TAG in cell.get("metadata", {}).get("tags", []):
            removed += 1
            continue
        if cell.get("cell_type") == "markdown":
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            text, n = strip_solutions(source)
            if n:
                removed += n
                if not text.strip():
                    continue
                cell["source"] = text.splitlines(keepends=True)
        cells.append(cell)
    nb["cells"] = cells
    return removed


def strip_file(path: Path) -> int:
    """Remove the solutions from a staged page (.ipynb or .md) in place; how many went."""
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        removed = strip_notebook(nb)
        if removed:
            path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return removed
    text, removed = strip_solutions(path.read_text(encoding="utf-8"))
    if removed:
        path.write_text(text, encoding="utf-8")
    return removed


def course_config(
    config: dict,
    *,
    root: Path,
    solutions: bool,
    book_url: str = "",
    student_repo: str = "",
    frames: Path | None = None,
) -> dict:
    """The book's ``_config.yml`` (parsed) as a course's build needs it."""
    config = json.loads(json.dumps(config))  # a deep copy
    sphinx = config.setdefault("sphinx", {})
    settings = sphinx.setdefault("config", {})
    settings["course_full_toc"] = str((root / "_toc.yml").resolve())
    settings["course_book_url"] = book_url.strip()
    if frames is not None:
        settings["explorer_frames"] = str(Path(frames).resolve())
    if not solutions:
        # the repository's notebooks hold the solutions: no launch buttons unless a
        # student repository (without them) is named
        config.setdefault("repository", {})["url"] = student_repo.strip()
    return config


def stage(
    toc_path: Path,
    out: Path,
    *,
    solutions: bool = True,
    book_url: str = "",
    student_repo: str = "",
    frames: Path | None = None,
    root: Path = ROOT,
) -> dict:
    """Stage the book's sources for a course in ``out``; returns a summary (documents,
    solutions removed per page)."""
    docs = check_course(toc_path, root)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    if (out / "book").exists():
        shutil.rmtree(out / "book")
    shutil.copytree(
        root / "book",
        out / "book",
        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "_scratch*"),
    )
    shutil.copyfile(toc_path, out / "_toc.yml")
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    config = course_config(
        config,
        root=root,
        solutions=solutions,
        book_url=book_url,
        student_repo=student_repo,
        frames=frames,
    )
    (out / "_config.yml").write_text(
        yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    for name in LINKED:
        link = out / name
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to((root / name).resolve(), target_is_directory=True)
    removed: dict[str, int] = {}
    if not solutions:
        for path in sorted((out / "book").rglob("*")):
            if path.suffix in (".ipynb", ".md"):
                n = strip_file(path)
                if n:
                    removed[path.relative_to(out).as_posix()] = n
    return {"documents": docs, "removed": removed}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("notebooks", "chapters"):
        sub.add_parser(name).add_argument("toc", type=Path)
    st = sub.add_parser("stage")
    st.add_argument("toc", type=Path)
    st.add_argument("out", type=Path)
    st.add_argument("--no-solutions", action="store_true")
    st.add_argument("--book-url", default="")
    st.add_argument("--student-repo", default="")
    st.add_argument("--frames", type=Path, default=None)
    args = parser.parse_args(argv)
    try:
        if args.command == "notebooks":
            print("\n".join(course_notebooks(args.toc)))
        elif args.command == "chapters":
            print("\n".join(course_chapters(args.toc)))
        else:
            summary = stage(
                args.toc,
                args.out,
                solutions=not args.no_solutions,
                book_url=args.book_url,
                student_repo=args.student_repo,
                frames=args.frames,
            )
            kind = "instructor (with solutions)" if not args.no_solutions else "student"
            print(
                f"course: {len(summary['documents'])} pages staged in {args.out} for the "
                f"{kind} build; {sum(summary['removed'].values())} solutions removed"
                + (f"; links out of the course go to {args.book_url}" if args.book_url else "")
            )
    except (OSError, ValueError, yaml.YAMLError) as err:
        print(f"course: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
