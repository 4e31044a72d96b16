"""Type hints on the public API: every public function and method is annotated, and resolves.

The public callables are the names of the ``__all__`` of ``patterneval`` and of every
public module in it, plus the public methods (and ``__init__``) their classes define or inherit from a base
class of ours (a private one included).
Each must annotate every parameter and its return, and ``typing.get_type_hints`` must
resolve the annotations (a typo or a missing import in a string annotation fails here,
not in a user's type checker). Methods a class inherits from another library
(scikit-learn's ``get_params``...) and the ``__init__`` a dataclass generates are left out.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing

import pytest

import patterneval

# The package and every public module in it (no part of the dotted name private).
MODULES = ["patterneval"] + [
    module.name
    for module in pkgutil.walk_packages(patterneval.__path__, "patterneval.")
    if not any(part.startswith("_") for part in module.name.split("."))
]


def _functions(obj):
    """The public functions of a public name: itself, or a class's own public methods."""
    if not inspect.isclass(obj):
        if callable(obj) and getattr(obj, "__module__", "").startswith("patterneval"):
            yield obj.__name__, obj
        return
    # the class's own methods and those it inherits from our (possibly private) bases
    members = {}
    for cls in reversed(obj.__mro__):
        if cls.__module__.startswith("patterneval"):
            members.update(vars(cls))
    for name, member in members.items():
        if name.startswith("_") and name != "__init__":
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        elif isinstance(member, property):
            member = member.fget
        if not inspect.isfunction(member) or not member.__module__.startswith("patterneval"):
            continue  # a class attribute, or a method another library adds (matplotlib's Artist.set)
        if inspect.unwrap(member).__code__.co_filename == "<string>":
            continue  # the __init__ a dataclass generates
        yield f"{obj.__name__}.{name}", member


def _public_callables():
    seen, out = set(), []
    for module_name in MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # pragma: no cover - an extra is not installed
            continue
        for name in getattr(
            module, "__all__", ()
        ):  # patterneval.book: none, import a chapter's module
            obj = getattr(module, name)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            for qualname, func in _functions(obj):
                out.append(pytest.param(func, id=f"{func.__module__}.{qualname}"))
    return out


CALLABLES = _public_callables()

# Not annotated yet: patterneval/widgets/_base.py was being edited by another change when
# the hints were added. Strict, so that annotating them fails here until they leave this set.
PENDING: set = set()
CHECKED = [
    pytest.param(
        *p.values, id=p.id, marks=pytest.mark.xfail(strict=True, reason="not annotated yet")
    )
    if p.id in PENDING
    else p
    for p in CALLABLES
]


def test_the_public_api_is_enumerated():
    assert len(CALLABLES) > 400


@pytest.mark.parametrize("func", CHECKED)
def test_public_callable_is_annotated(func):
    signature = inspect.signature(func)
    missing = [
        name
        for name, parameter in signature.parameters.items()
        if name not in ("self", "cls") and parameter.annotation is inspect.Parameter.empty
    ]
    assert not missing, f"parameters without an annotation: {missing}"
    assert signature.return_annotation is not inspect.Signature.empty, "no return annotation"


@pytest.mark.parametrize("func", CALLABLES)
def test_public_annotations_resolve(func):
    typing.get_type_hints(func)  # NameError on a typo or a name the module does not import
