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


# --------------------------------------------------------------------------- bare names
_REGISTRY = None


def _registry():
    """The registry of the book's API pages, as a build makes it."""
    global _REGISTRY
    if _REGISTRY is None:
        from pathlib import Path

        root = Path(__file__).resolve().parents[1]
        _REGISTRY = sphinx_apilinks.Registry(sphinx_apilinks._scan_pages(root, "book/api"))
    return _REGISTRY


def test_a_bare_name_of_one_documented_function_is_read_as_ours():
    reg = _registry()
    assert reg.bare("delong_interval").name == "patterneval.delong_interval"
    assert reg.bare("delong_interval(auc, y)").name == "patterneval.delong_interval"
    assert reg.bare(" GeneticAlgorithm ").name == "patterneval.GeneticAlgorithm"


def test_a_bare_plain_word_an_ambiguous_name_or_an_expression_is_not():
    reg = _registry()
    assert reg.short["purity"]  # documented, but also an English word
    assert reg.bare("purity") is None
    assert len(reg.short["TIE_RTOL"]) > 1  # two documented objects share it
    assert reg.bare("TIE_RTOL") is None
    assert reg.bare("delong_interval.x") is None
    assert reg.bare("delong_interval + 1") is None
    assert reg.bare("no_such_function") is None


def test_a_bare_name_that_is_a_builtin_or_another_librarys_is_not():
    reg = _registry()
    foreign = sphinx_apilinks.foreign_names(["sklearn.metrics", "no.such.module"])
    assert "roc_curve" in foreign
    assert reg.bare("roc_curve").name == "patterneval.roc_curve"
    assert reg.bare("roc_curve", foreign) is None
    entry = reg.bare("delong_interval")
    fake = sphinx_apilinks.Registry([])
    fake.short = {"ZeroDivisionError": [entry], "Zero_Division": [entry]}
    assert fake.bare("ZeroDivisionError") is None  # a Python builtin
    assert fake.bare("Zero_Division") is entry


# --------------------------------------------------------------------------- see also
def test_see_also_lists_the_other_functions_of_the_module_its_docstring_does_not_name():
    import patterneval.compare.roc as roc

    reg = _registry()
    names = [e.name for e in reg.siblings("patterneval.roc_auc")]
    expected = [n for n in roc.__all__ if n != "roc_auc" and reg.short[n][0].kind == "function"]
    assert [n.rpartition(".")[2] for n in names] == expected  # __all__ order
    # delong_interval's docstring names roc_auc: it is not repeated
    assert "roc_auc" in (reg.entries["patterneval.delong_interval"].obj.__doc__ or "")
    siblings = [e.name for e in reg.siblings("patterneval.delong_interval")]
    assert "patterneval.roc_auc" not in siblings
    assert "patterneval.delong_interval" not in siblings


def test_see_also_keeps_to_functions_and_at_most_six():
    reg = _registry()
    siblings = reg.siblings("patterneval.purity")
    assert len(siblings) == 6
    assert all(e.kind == "function" for e in siblings)
    assert reg.siblings("patterneval.purity", cap=2) == siblings[:2]
    assert reg.siblings("patterneval.no_such_name") == []
