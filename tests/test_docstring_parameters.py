"""Every documented parameter exists, and every parameter is documented.

A docstring that describes an argument the function does not take (``mcnemar_test``
once documented a ``method=`` it never had) sends the reader to a TypeError. For every
public callable and public method with a numpydoc Parameters section, the names there
must be exactly the signature's (``self``, ``*args`` and ``**kwargs`` aside; a callable
that takes ``**params`` may document the keywords it forwards).
"""

from __future__ import annotations

import inspect
import re

import pytest
from numpydoc.docscrape import NumpyDocString
from test_docstring_parts import _public_modules

import patterneval as pe


def _callables():
    seen = set()
    for module in _public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if (
                not (callable(obj) and getattr(obj, "__module__", "").startswith("patterneval"))
                or id(obj) in seen
            ):
                continue
            seen.add(id(obj))
            if inspect.isclass(obj):
                for attr, member in inspect.getmembers(obj, inspect.isfunction):
                    if (
                        attr == "__init__" or not attr.startswith("_")
                    ) and member.__module__.startswith("patterneval"):
                        yield f"{obj.__qualname__}.{attr}", member
            else:
                yield f"{obj.__module__}.{obj.__qualname__}", obj


def _documented_names(doc):
    return [
        n.strip().lstrip("*")
        for p in NumpyDocString(doc)["Parameters"]
        for n in p.name.split(",")
        if n.strip()
    ]


def test_documented_parameters_are_the_signature():
    checked, wrong = 0, []
    for name, func in _callables():
        try:
            signature = inspect.signature(func)
        except (TypeError, ValueError):
            continue
        documented = _documented_names(func.__doc__ or "")
        if not documented:
            continue
        checked += 1
        params = [p for p in signature.parameters.values() if p.name not in ("self", "cls")]
        forwards = any(p.kind is p.VAR_KEYWORD for p in params)
        named = [p.name for p in params if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
        unknown = [] if forwards else [n for n in documented if n not in signature.parameters]
        missing = [n for n in named if n not in documented]
        if unknown or missing:
            wrong.append(
                f"{name}: documented but not taken {unknown}, taken but not documented {missing}"
            )
    assert checked > 200
    assert not wrong, "\n".join(wrong)


def test_the_check_catches_a_documented_parameter_that_does_not_exist():
    def f(a, *, b=1):
        """Sum.

        Parameters
        ----------
        a : int
        b : int
        method : str
        """

    assert "method" in _documented_names(f.__doc__)
    assert "method" not in inspect.signature(f).parameters


def test_mcnemar_names_only_its_own_arguments():
    """Every ``name=`` the docstring of mcnemar_test shows as a call is one of its
    arguments (it described a ``method="exact"`` argument; the test is chosen by ``exact``)."""
    params = set(inspect.signature(pe.mcnemar_test).parameters)
    shown = set(re.findall(r"``(\w+)=", pe.mcnemar_test.__doc__))
    assert shown and shown <= params, shown - params
    with pytest.raises(TypeError):
        pe.mcnemar_test([0, 1], [0, 1], [1, 1], method="exact")
