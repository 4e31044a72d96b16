"""tools/sphinx_apilinks.py without a Sphinx build: the docstring of re-exported constants."""

from __future__ import annotations

from _helpers import load_tool

sphinx_apilinks = load_tool(
    "sphinx_apilinks"
)  # as Sphinx loads it, beside its sibling sphinx_pages

import patterneval.compare  # noqa: E402  (the constant's package, imported for sys.modules)


def _doc(name, obj, what="data"):
    lines = ["int([x]) -> integer"]  # what autodoc would show: the docstring of int
    sphinx_apilinks._data_docstring(None, what, name, obj, {}, lines)
    return lines


def test_a_reexported_constant_keeps_the_comment_of_its_defining_module():
    lines = _doc("patterneval.compare.EXACT_THRESHOLD", patterneval.compare.EXACT_THRESHOLD)
    assert lines[0].startswith("``mcnemar_test(exact=None)`` uses the exact binomial test")


def test_other_objects_and_documented_modules_are_left_alone():
    assert _doc("patterneval.compare.EXACT_THRESHOLD", 25, what="function") == [
        "int([x]) -> integer"
    ]
    assert _doc("numpy.pi", 3.14) == ["int([x]) -> integer"]
    assert _doc("patterneval.compare.NO_SUCH_NAME", object()) == ["int([x]) -> integer"]
