"""Results a person can read: every public result type displays within the rules.

Every public ``Result`` subclass of the package (each class in a public module's
``__all__``, and each result class defined under a public name in a public module, such as
``CoverageReplay``) is instantiated from a real call: the baseline calls of the bad-input
sweep's ``GOOD`` registry (tests/test_bad_input_sweep.py; every result each returns,
nested results included) plus ``EXPLICIT`` for the classes no baseline returns. Each
instance must show:

- ``repr``: one line, at most ``REPR_MAX_CHARS`` (300) characters, no float with more than
  6 significant digits, every p-value field printed as a float (``1.0``, never ``1``);
- ``_repr_html_``: well-formed HTML whose first row is a headline field;
- ``summary()``: a non-empty str of at most 12 lines, the first saying what was computed;
- ``to_dict()``: every public field; ``to_frame()``: a pandas DataFrame.

``test_every_result_class_is_walked`` fails for a result class that no call produces, so a
new result type cannot escape the walk.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import html.parser
import importlib
import inspect
import pkgutil
import re
import warnings

import pytest

import patterneval as pe
from patterneval._results import REPR_MAX_CHARS, Result, _is_pvalue

#: Classes no baseline of the sweep returns: a call that does.
EXPLICIT = {
    "DemsarTable": lambda: importlib.import_module(
        "patterneval.book.many_classifiers"
    ).demsar_table(),
    "TreeDataset": lambda: importlib.import_module("patterneval.book.tree_learning").play_tennis(),
}

#: Results whose ``to_dict`` is their own (a documented plain-Python form), with the reason.
OWN_TO_DICT = {
    "PerturbationCoverage": "JSON form of the coverage study: `covered` is recomputed by from_dict",
}


def _public_modules():
    yield pe
    for info in pkgutil.walk_packages(pe.__path__, "patterneval."):
        parts = info.name.split(".")
        if parts[1] != "widgets" and not any(part.startswith("_") for part in parts[1:]):
            yield importlib.import_module(info.name)


def _result_classes() -> dict[str, type]:
    """Every public Result subclass: from the modules' ``__all__`` and the classes defined
    under a public name in a public module."""
    found = {}
    for module in _public_modules():
        names = list(getattr(module, "__all__", ()))
        names += [
            n
            for n, obj in vars(module).items()
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and not n.startswith("_")
        ]
        for name in names:
            obj = getattr(module, name, None)
            if inspect.isclass(obj) and issubclass(obj, Result) and obj is not Result:
                found[obj.__name__] = obj
    return found


CLASSES = _result_classes()


def _collect(value, into, depth=0):
    """Every Result in ``value`` (itself, inside lists, tuples, dicts and other results)."""
    if depth > 4:
        return
    if isinstance(value, Result):
        into[type(value).__name__].append(value)
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, (list, tuple)):
        children = value[:20]
    elif isinstance(value, dict):
        children = list(value.values())[:20]
    else:
        return
    for child in children:
        _collect(child, into, depth + 1)


@functools.cache
def _instances() -> dict[str, list]:
    """Results by class name, from the sweep's baselines and ``EXPLICIT``."""
    from test_bad_input_sweep import GOOD

    found = collections.defaultdict(list)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for func, kwargs in GOOD.values():
            _collect(func(**kwargs), found)
        for make in EXPLICIT.values():
            _collect(make(), found)
    return {name: values[:3] for name, values in found.items()}


def _unwalked(classes: dict, instances: dict) -> list[str]:
    """The result classes that no call produced."""
    return sorted(set(classes) - set(instances))


def test_a_class_no_call_produces_is_reported():
    @dataclasses.dataclass(frozen=True, repr=False)
    class NewResult(Result):
        value: float

    classes = {**CLASSES, "NewResult": NewResult}
    instances = {name: [object()] for name in CLASSES}
    assert _unwalked(classes, instances) == ["NewResult"]


def test_every_result_class_is_walked():
    """A public result class that no baseline or ``EXPLICIT`` call returns is reported."""
    assert len(CLASSES) > 60
    missing = _unwalked(CLASSES, _instances())
    assert not missing, f"result classes no call produces (add a call to EXPLICIT): {missing}"
    stale = sorted(set(EXPLICIT) - set(CLASSES))
    assert not stale, f"EXPLICIT names no public result class: {stale}"


def test_headline_declarations_name_fields():
    """A ``_headline`` names fields only (a renamed field must be renamed there too)."""
    wrong = {
        name: [h for h in cls._headline if h not in {f.name for f in dataclasses.fields(cls)}]
        for name, cls in CLASSES.items()
        if cls._headline is not None
    }
    assert not {k: v for k, v in wrong.items() if v}


_FLOAT = re.compile(r"(?<![\w.'])-?(\d+\.\d*|\.\d+|\d+(?=e))(e[-+]?\d+)?(?![\w.'])")


def _significant(mantissa: str) -> int:
    digits = mantissa.replace("-", "").replace(".", "").lstrip("0").rstrip("0")
    return len(digits)


def _fields_in_repr(text: str) -> dict[str, str]:
    """``name=value`` pairs at the top level of a repr (values up to the next top-level comma)."""
    body = text[text.index("(") + 1 : -1]
    out, depth, start = {}, 0, 0
    for i, ch in enumerate(body + ","):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == "," and depth == 0:
            part = body[start:i].strip()
            if "=" in part:
                key, value = part.split("=", 1)
                out[key] = value
            start = i + 1
    return out


class _Table(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.headers, self._in_th = [], [], False

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        self._in_th = tag == "th"

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1:]}>"
        self.stack.pop()
        self._in_th = False

    def handle_data(self, data):
        if self._in_th:
            self.headers.append(data)


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_result_displays_within_the_rules(name):
    results = _instances().get(name)
    if not results:
        pytest.skip(f"no call produces {name} (reported by test_every_result_class_is_walked)")
    for result in results:
        text = repr(result)
        assert "\n" not in text and len(text) <= REPR_MAX_CHARS, text
        fields = _fields_in_repr(text)
        for key, value in fields.items():
            if value.startswith(("'", '"')):
                continue  # a string may hold anything
            for match in _FLOAT.finditer(value):
                assert _significant(match.group(1)) <= 6, (
                    f"{key}={value}: more than 6 significant digits"
                )
            if _is_pvalue(key) and not value.startswith("<"):
                numbers = re.findall(r"[-+\w.]+", value)
                assert all(re.search(r"[.e]|nan|inf", n) for n in numbers), (
                    f"{key}={value}: a p-value as an int"
                )
        head = result._headline_names()
        shown = [
            f.name for f in dataclasses.fields(result) if f.repr and not f.name.startswith("_")
        ]
        first = next((h for h in head if h in shown), None)
        assert first is None or text.startswith(f"{type(result).__name__}({first}="), text

        parser = _Table()
        parser.feed(result._repr_html_())
        parser.close()
        assert not parser.stack, "unclosed tags"
        if type(result)._repr_html_ is Result._repr_html_:  # a report renders its own tables
            assert parser.headers and parser.headers[0] in head, parser.headers[:3]

        summary = result.summary()
        assert isinstance(summary, str) and summary.strip()
        assert len(summary.splitlines()) <= 12, summary

        public = {f.name for f in dataclasses.fields(result) if not f.name.startswith("_")}
        if name not in OWN_TO_DICT:
            assert set(result.to_dict()) == public
        pd = pytest.importorskip("pandas")
        assert isinstance(result.to_frame(), pd.DataFrame)
