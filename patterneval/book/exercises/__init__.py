"""The chapters' exercises: their kind, difficulty and computed answers, and the self-check a
student runs in the notebook.

Every chapter ends with six to ten exercises of four kinds (:data:`KINDS`) and three levels
(★ routine, ★★ takes thought, ★★★ challenging). An exercise whose solution is a number (or a
few numbers) has its answer **computed here**, by the library, one module per chapter named
after the chapter's wing module (``book/part1/test-error.ipynb`` ->
``patterneval.book.exercises.error_rate``). Two things follow from that:

- a coding exercise's self-check cell calls :func:`check`, which compares the student's
  answer with the computed one within a tolerance and gives the exercise's hint when it is
  wrong, without ever printing the answer;
- the written solution in the notebook states the same number, and ``tests/test_exercises.py``
  formats the computed answer as the exercise says (:attr:`Exercise.shown`) and finds it in
  the solution's text: a wrong written solution fails ``make test``.

Examples
--------
>>> from patterneval.book.exercises import check
>>> check("test-error", 1, None)
Exercise 1 (test-error): no answer yet. Replace None with your answer and run the cell again.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import importlib
import numbers
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["KINDS", "CheckResult", "Exercise", "answer_text", "check", "exercises"]

#: The kinds of exercise, as each chapter's list marks them (``*Computation.*``...).
KINDS = ("computation", "derivation", "coding", "interpretation")

#: Chapter (the notebook's file stem) -> module of this package holding its exercises.
CHAPTERS = {
    "test-error": "error_rate",
    "selective-sampling": "selective_sampling",
    "cross-validation": "cross_validation",
    "cv-intervals": "cv_intervals",
    "feature-selection": "feature_selection",
    "permutation-tests": "permutation_tests",
    "internal-indices": "internal_indices",
    "external-indices": "external_indices",
    "cluster-stability": "cluster_stability",
    "distances": "distances",
    "optimisation": "optimisation",
    "dimension-reduction": "dimension_reduction",
    "evolution": "evolution",
    "tree-learning": "tree_learning",
    "reinforcement": "reinforcement",
    "clustering-algorithms": "clustering_algorithms",
    "why-ensembles-work": "why_ensembles_work",
    "adaboost": "adaboost",
    "bagging": "bagging",
    "combining": "combining",
    "diversity": "diversity",
    "two-classifiers": "two_classifiers",
    "many-classifiers": "many_classifiers",
    "roc-auc": "roc_auc",
    "calibration": "calibration",
    "your-models": "your_models",
}


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One exercise of a chapter.

    Attributes
    ----------
    number : int
        Its number in the chapter's list (1, 2, ...).
    kind : str
        One of :data:`KINDS`.
    level : int
        Difficulty, 1 (★ routine) to 3 (★★★ challenging).
    answer : callable or None
        Computes the answer with the library: a number, or a tuple of numbers (an interval,
        a pair of estimates). None for an exercise whose solution is an argument, not a number.
    shown : str
        How the written solution prints each number of the answer (a format spec, ``".3f"``);
        the test finds that text in the solution.
    rtol, atol : float
        The self-check accepts a student's number within ``atol + rtol * |answer|``.
    hint : str
        What :func:`check` says when an answer is wrong; it must not give the answer away.
    mistakes : tuple of (callable, str)
        Wrong answers worth recognising (a Wald interval where Wilson's was asked): the
        callable computes the wrong answer, the string is the hint shown when a student's
        answer matches it.
    """

    number: int
    kind: str
    level: int
    answer: Callable[[], Any] | None = None
    shown: str = ".3f"
    rtol: float = 1e-3
    atol: float = 0.0
    hint: str = ""
    mistakes: tuple[tuple[Callable[[], Any], str], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}; got {self.kind!r}")
        if self.level not in (1, 2, 3):
            raise ValueError(f"level must be 1, 2 or 3; got {self.level!r}")
        if self.kind in ("computation", "coding") and self.answer is None:
            raise ValueError(f"exercise {self.number}: a {self.kind} exercise needs an answer")

    def value(self) -> np.ndarray:
        """The computed answer as a 1-d float array (cached per exercise)."""
        if self.answer is None:
            raise ValueError(f"exercise {self.number} has no numeric answer")
        return _cached_value(self.answer)


@functools.cache
def _cached_value(answer: Callable[[], Any]) -> np.ndarray:
    return np.atleast_1d(np.asarray(answer(), dtype=float)).ravel()


def exercises(chapter: str) -> dict[int, Exercise]:
    """The exercises of ``chapter`` (a notebook's file stem, ``"test-error"``) by number.

    Raises
    ------
    ValueError
        If ``chapter`` is not a chapter of the book.
    """
    if not isinstance(chapter, str) or chapter not in CHAPTERS:
        raise ValueError(f"unknown chapter {chapter!r}; the chapters are {sorted(CHAPTERS)}")
    module = importlib.import_module(f"{__name__}.{CHAPTERS[chapter]}")
    found = {ex.number: ex for ex in module.EXERCISES}
    if len(found) != len(module.EXERCISES):
        raise ValueError(f"chapter {chapter!r} numbers two exercises alike")
    return found


def answer_text(chapter: str, number: int) -> list[str]:
    """Each number of an exercise's computed answer as its written solution prints it."""
    ex = _exercise(chapter, number)
    if ex.shown.endswith("d"):  # an integer answer (a sample size, a count)
        return [format(round(v), ex.shown) for v in ex.value()]
    return [format(v, ex.shown) for v in ex.value()]


def _exercise(chapter: str, number: int) -> Exercise:
    found = exercises(chapter)
    if isinstance(number, bool) or not isinstance(number, numbers.Integral):
        raise TypeError(f"number must be an int, the exercise's number; got {number!r}")
    if number not in found:
        raise ValueError(f"chapter {chapter!r} has no exercise {number}; it has {sorted(found)}")
    return found[number]


@dataclasses.dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found. Its text never contains the expected answer.

    Attributes
    ----------
    chapter : str
    number : int
    status : str
        ``"correct"``, ``"wrong"`` or ``"missing"`` (no answer given yet).
    message : str
        The sentence shown in the notebook.
    """

    chapter: str
    number: int
    status: str
    message: str

    @property
    def correct(self) -> bool:
        """Whether the answer was accepted."""
        return self.status == "correct"

    def __repr__(self) -> str:
        return f"Exercise {self.number} ({self.chapter}): {self.message}"

    def _repr_html_(self) -> str:
        mark = {"correct": "✔", "wrong": "✘", "missing": "…"}[self.status]
        return (
            f'<p class="pe-self-check pe-self-check-{self.status}" role="status">'
            f"<strong>{mark} Exercise {self.number}</strong>: {html.escape(self.message)}</p>"
        )


def _as_numbers(answer: Any) -> np.ndarray | None:
    """The student's answer as a 1-d float array, or None when it is not numeric."""
    if isinstance(answer, (str, bytes, dict, set)):
        return None
    try:
        values = np.atleast_1d(np.asarray(answer, dtype=float)).ravel()
    except (TypeError, ValueError):
        return None
    if isinstance(answer, numbers.Complex) and not isinstance(answer, numbers.Real):
        return None
    return values


def _close(values: np.ndarray, expected: np.ndarray, ex: Exercise) -> bool:
    return values.shape == expected.shape and bool(
        np.all(np.abs(values - expected) <= ex.atol + ex.rtol * np.abs(expected))
    )


def check(chapter: str, number: int, answer: Any) -> CheckResult:
    """Check a student's answer to a coding or computation exercise.

    Parameters
    ----------
    chapter : str
        The chapter's notebook stem, ``"test-error"``.
    number : int
        The exercise's number in that chapter.
    answer : number, sequence of numbers or None
        The student's answer; None (the cell as the book ships it) means not answered yet.

    Returns
    -------
    CheckResult
        Says "correct", or "not yet" with the exercise's hint, or asks for an answer. It
        never shows the expected value.

    Raises
    ------
    ValueError
        If the chapter or exercise does not exist, the exercise has no numeric answer, or
        ``answer`` holds a NaN or an infinity or has more than one dimension.
    TypeError
        If ``number`` is not an int or ``answer`` is not numeric (a string, a dict).
    """
    ex = _exercise(chapter, number)
    expected = ex.value()
    if answer is None:
        msg = "no answer yet. Replace None with your answer and run the cell again."
        return CheckResult(chapter, number, "missing", msg)
    values = _as_numbers(answer)
    want = "a number" if expected.size == 1 else f"{expected.size} numbers, in order"
    if values is None:
        raise TypeError(f"answer must be {want} (or None); got {answer!r}")
    if not np.all(np.isfinite(values)):
        raise ValueError(f"answer must be finite; got {answer!r}")
    if np.ndim(answer) > 1:
        raise ValueError(f"answer must be {want}, not a {np.ndim(answer)}-d array")
    if values.shape != expected.shape:
        want = "one number" if expected.size == 1 else f"{expected.size} numbers, in order"
        return CheckResult(chapter, number, "wrong", f"not yet: give {want}.")
    if _close(values, expected, ex):
        return CheckResult(chapter, number, "correct", "correct.")
    for wrong, why in ex.mistakes:
        if _close(values, _cached_value(wrong), ex):
            return CheckResult(chapter, number, "wrong", f"not yet: {why}")
    hint = f" Hint: {ex.hint}" if ex.hint else ""
    return CheckResult(chapter, number, "wrong", f"not yet.{hint}")
