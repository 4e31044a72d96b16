"""The chapters' exercise layer: every chapter has six to ten marked exercises, the registry
in ``patterneval.book.exercises`` knows each one, coding exercises have a self-check cell,
every written numeric solution states the number the library computes, and each chapter
opens with prerequisites and a reading time and ends with what to use and what to report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from patterneval.book.exercises import (
    CHAPTERS,
    KINDS,
    Exercise,
    answer_text,
    check,
    exercises,
)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = {p.stem: p for p in sorted(ROOT.glob("book/part*/*.ipynb"))}

#: ``4. ★★ *Coding.* ...``: an exercise's number, difficulty and kind, as each list marks them.
ITEM = re.compile(r"^(\d+)\. (★{1,3}) \*(Computation|Derivation|Coding|Interpretation)\.\*", re.M)
SOLUTION = re.compile(r"^```\{admonition\} Solution (\d+)\n(.*?)^```", re.M | re.S)
SELF_CHECK = re.compile(r'check\("([a-z-]+)", (\d+), answer\)')
NOTE_CITED = re.compile(r"\b[Nn]otes? \d{3}\b")


def _cells(chapter: str) -> list[dict]:
    return json.loads(NOTEBOOKS[chapter].read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _section(chapter: str, heading: str) -> list[dict]:
    """The cells from the one with the ``## heading`` line up to the next level-2 heading."""
    cells, inside = [], False
    for cell in _cells(chapter):
        heads = (
            re.findall(r"^## (.+?)\s*$", _source(cell), re.M)
            if cell["cell_type"] == "markdown"
            else []
        )
        if heading in heads:
            inside = True
        elif heads and inside:
            break
        if inside:
            cells.append(cell)
    return cells


def _exercise_markdown(chapter: str) -> str:
    return "\n".join(
        _source(c) for c in _section(chapter, "Exercises") if c["cell_type"] == "markdown"
    )


def _solutions(chapter: str) -> dict[int, str]:
    return {int(n): body for n, body in SOLUTION.findall(_exercise_markdown(chapter))}


def test_every_chapter_has_an_exercise_module():
    assert set(CHAPTERS) == set(NOTEBOOKS)


@pytest.mark.parametrize("chapter", sorted(NOTEBOOKS))
def test_six_to_ten_marked_exercises_match_the_registry(chapter):
    items = [
        (int(n), len(stars), kind.lower())
        for n, stars, kind in ITEM.findall(_exercise_markdown(chapter))
    ]
    numbers = [n for n, _, _ in items]
    assert numbers == list(range(1, len(items) + 1)), f"{chapter}: exercises numbered {numbers}"
    assert 6 <= len(items) <= 10, f"{chapter}: {len(items)} exercises"
    registry = exercises(chapter)
    assert sorted(registry) == numbers
    for n, level, kind in items:
        assert (registry[n].level, registry[n].kind) == (level, kind), f"{chapter} exercise {n}"
    kinds = {kind for _, _, kind in items}
    assert "coding" in kinds and len(kinds) >= 3, f"{chapter}: kinds {sorted(kinds)}"
    assert len({level for _, level, _ in items}) >= 2, f"{chapter}: one difficulty only"


@pytest.mark.parametrize("chapter", sorted(NOTEBOOKS))
def test_every_exercise_has_a_solution_with_the_computed_numbers(chapter):
    solutions = _solutions(chapter)
    for n, ex in exercises(chapter).items():
        assert n in solutions, f"{chapter}: no Solution {n}"
        if ex.answer is None:
            continue
        for text in answer_text(chapter, n):
            assert text in solutions[n], f"{chapter} Solution {n} does not state {text}"


@pytest.mark.parametrize("chapter", sorted(NOTEBOOKS))
def test_coding_exercises_have_a_self_check_cell_that_hides_the_answer(chapter):
    cells = [c for c in _section(chapter, "Exercises") if c["cell_type"] == "code"]
    checked = {}
    for cell in cells:
        for name, n in SELF_CHECK.findall(_source(cell)):
            assert name == chapter
            assert re.search(r"^answer = None\b", _source(cell), re.M), _source(cell)
            checked[int(n)] = cell
    coding = {n for n, ex in exercises(chapter).items() if ex.kind == "coding"}
    assert coding <= set(checked), (
        f"{chapter}: coding exercises without a self-check {coding - set(checked)}"
    )
    for n, cell in checked.items():
        shown = json.dumps(cell.get("outputs", []))
        assert "no answer yet" in shown, f"{chapter} exercise {n}: the committed output"
        for text in answer_text(chapter, n):
            assert text not in shown


@pytest.mark.parametrize("chapter", sorted(NOTEBOOKS))
def test_no_cell_rebinds_the_self_check_name(chapter):
    """A chapter variable called ``check`` would shadow the self-check the exercises call
    (a comprehension's ``for check in ...`` does not leak its name)."""
    for cell in _cells(chapter):
        if cell["cell_type"] == "code":
            assert not re.search(
                r"^\s*check\s*=|^\s*for check\b|\bdef check\b", _source(cell), re.M
            )


@pytest.mark.parametrize("chapter", sorted(NOTEBOOKS))
def test_opens_with_prerequisites_and_reading_time_and_ends_with_what_to_report(chapter):
    opening = _source(_cells(chapter)[0])
    assert "**Prerequisites:**" in opening
    minutes = re.search(r"\*\*Reading time:\*\* about (\d+) minutes", opening)
    assert minutes and 10 <= int(minutes.group(1)) <= 180
    guide = _section(chapter, "What to use and what to report")
    assert guide, f"{chapter}: no 'What to use and what to report' section"
    headings = [
        line
        for c in _cells(chapter)
        if c["cell_type"] == "markdown"
        for line in _source(c).splitlines()
        if line.startswith("## ")
    ]
    assert headings.index("## What to use and what to report") < headings.index("## Exercises")


@pytest.mark.parametrize("chapter", sorted(NOTEBOOKS))
def test_chapters_cite_the_course_notes_only_in_errata(chapter):
    """The notes are described once, in the introduction; a chapter names one ("note 004")
    only inside an Erratum admonition or an errata section, where the correction needs it."""
    for cell in _cells(chapter):
        if cell["cell_type"] != "markdown":
            continue
        text = _source(cell)
        if re.search(r"^## Errat", text, re.M):
            continue
        outside = re.sub(r"^```\{admonition\} Erratum.*?^```", "", text, flags=re.M | re.S)
        outside = re.sub(r"^```\{(erratum|note)\}.*?^```", "", outside, flags=re.M | re.S)
        assert not NOTE_CITED.search(outside), f"{chapter}: {NOTE_CITED.search(outside).group()}"


def _all_numeric():
    for chapter in sorted(CHAPTERS):
        for n, ex in exercises(chapter).items():
            if ex.answer is not None:
                yield chapter, n


@pytest.mark.parametrize(("chapter", "number"), list(_all_numeric()))
def test_self_check_accepts_the_answer_and_rejects_another_without_showing_it(chapter, number):
    value = exercises(chapter)[number].value()
    assert check(chapter, number, value).correct
    assert check(chapter, number, value.tolist() if value.size > 1 else float(value[0])).correct
    wrong = value * 1.37 + 0.71
    result = check(chapter, number, wrong if value.size > 1 else float(wrong[0]))
    assert result.status == "wrong"
    for text in answer_text(chapter, number):
        assert text not in repr(result) and text not in result._repr_html_()


def test_self_check_messages():
    assert check("test-error", 1, None).status == "missing"
    assert "2 numbers" in check("test-error", 1, 0.07).message
    with pytest.raises(TypeError, match="answer must be 2 numbers"):
        check("test-error", 1, "0.07")
    with pytest.raises(ValueError, match="answer must be finite"):
        check("test-error", 1, (0.0, float("nan")))
    with pytest.raises(ValueError, match="no exercise 99"):
        check("test-error", 99, 1.0)
    with pytest.raises(ValueError, match="unknown chapter"):
        check("test-errors", 1, 1.0)
    with pytest.raises(ValueError, match="unknown chapter"):
        check(["test-error"], 1, 1.0)
    with pytest.raises(TypeError, match="number must be an int"):
        check("test-error", "1", 1.0)
    with pytest.raises(TypeError, match="number must be an int"):
        check("test-error", True, 1.0)


def test_a_mistake_gets_its_own_hint():
    ex = Exercise(
        1, "coding", 1, answer=lambda: 2.0, hint="think", mistakes=((lambda: 3.0, "that is 3"),)
    )
    assert ex.kind in KINDS and np.array_equal(ex.value(), [2.0])
    with pytest.raises(ValueError, match="needs an answer"):
        Exercise(2, "coding", 1)
    with pytest.raises(ValueError, match="level"):
        Exercise(2, "derivation", 4)
