"""Every shared docstring part is filled in: no public docstring keeps a ``%(name)s``.

The package writes repeated docstring sections once and fills them in with
``patterneval._api.doc_parts`` (SciPy's ``doccer`` idiom); a part that is misspelt, or a
decorator that is forgotten, would leave the placeholder in what ``help()`` shows.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest

import patterneval as pe
from patterneval._api import doc_parts

_PLACEHOLDER = re.compile(r"%\(\w+\)s")


def _public_modules():
    yield pe
    for info in pkgutil.walk_packages(pe.__path__, "patterneval."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            yield importlib.import_module(info.name)


def _documented():
    """``(qualified name, docstring)`` of every public callable and of the public methods
    and properties of every public class that the package defines."""
    seen = set()
    for module in _public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if not (callable(obj) and getattr(obj, "__module__", "").startswith("patterneval")):
                continue
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            yield f"{obj.__module__}.{obj.__qualname__}", obj.__doc__ or ""
            if inspect.isclass(obj):
                for attr, member in inspect.getmembers(obj):
                    func = member.fget if isinstance(member, property) else member
                    if (attr.startswith("_") and attr != "__init__") or not callable(func):
                        continue
                    if getattr(func, "__module__", "").startswith("patterneval"):
                        yield f"{obj.__qualname__}.{attr}", func.__doc__ or ""


def test_the_walk_reaches_filled_docstrings():
    names = dict(_documented())
    assert len(names) > 300
    # places whose docstrings are built from parts: a function, methods, an inherited method
    assert "Returns" in names["patterneval.compare.two.paired_ttest_5x2cv"]
    assert "``(low, high)``" in names["ErrorEstimate.confidence_interval"]
    assert "Samples, one per row" in names["PCA.transform"]


def test_no_public_docstring_keeps_a_placeholder():
    left = sorted(name for name, doc in _documented() if _PLACEHOLDER.search(doc))
    assert left == []


def test_the_check_would_see_a_forgotten_part():
    @doc_parts({"known": "filled"})
    def f():
        """%(known)s and %(unknown)s."""

    assert f.__doc__ == "filled and %(unknown)s."
    assert _PLACEHOLDER.search(f.__doc__)


@pytest.mark.parametrize("indent", ["", "    "])
def test_a_part_is_indented_as_its_line(indent):
    def f():
        pass

    f.__doc__ = f"One.\n\n{indent}%(section)s\n"
    doc_parts({"section": "Returns\n    -------\n    float"})(f)
    assert f.__doc__ == f"One.\n\n{indent}Returns\n{indent}-------\n{indent}float\n"
