"""Shared behaviour of result objects: a one-line repr, an HTML table for notebooks, a plain-text
summary, and dict and DataFrame forms: one set of display rules for every result."""

from __future__ import annotations

import dataclasses
import fnmatch
import html
import inspect
import re
import textwrap
from typing import Any, ClassVar, NamedTuple

import numpy as np

from ._api import doc_parts

__all__ = ["ConfidenceInterval", "Result"]


class ConfidenceInterval(NamedTuple):
    """Lower and upper end of an interval (floats, or arrays for vectorised calls).

    Attributes
    ----------
    low : float or ndarray
        Lower end.
    high : float or ndarray
        Upper end.
    """

    low: float | np.ndarray
    high: float | np.ndarray


#: Fills ``%(returns_interval)s``, the Returns section of the ``confidence_interval`` method
#: of a result whose interval bounds a probability (an error rate, an AUC); a class decorator.
interval_docs = doc_parts(
    {
        "returns_interval": """Returns
    -------
    ConfidenceInterval
        ``(low, high)``, floats in [0, 1]."""
    }
)


#: Arrays (and lists, tuples or dicts) with at most this many entries are shown whole in a
#: repr; larger ones by their kind and shape, ``<float array (1000,)>``.
REPR_MAX_ITEMS = 8

#: A repr is one line of at most this many characters; the trailing fields give way to ``...``.
REPR_MAX_CHARS = 300

#: The default headline rule: fields with these names (``*`` a wildcard), in this order,
#: come first in the repr, the HTML table and the summary, followed by those of
#: :data:`HEADLINE_SECONDARY` (only when one of these was found: a standard error says
#: nothing without its estimate); a class overrides the rule with a ``_headline`` tuple of
#: field names. A class with none of them leads with its first field, in declared order.
HEADLINE_NAMES = (
    "estimate",
    "error",
    "value",
    "auc",
    "statistic",
    "low",
    "high",
    "pvalue",
    "*_pvalue",
    "p_*",
)
HEADLINE_SECONDARY = ("std_error", "confidence_level")

_STR_MAX = 80
_KINDS = {
    "b": "bool",
    "i": "int",
    "u": "int",
    "f": "float",
    "c": "complex",
    "U": "str",
    "S": "bytes",
    "O": "object",
    "M": "datetime",
    "m": "timedelta",
}


def _is_pvalue(name: str) -> bool:
    """A p-value field: ``pvalue``, ``*_pvalue`` (and the plural ``pvalues``)."""
    return name in ("pvalue", "pvalues") or name.endswith(("_pvalue", "_pvalues"))


def _float(value) -> str:
    """A float to 6 significant digits that always reads as a float: ``1.0``, ``0.0312``,
    ``3.1e-12``, ``nan``."""
    text = f"{float(value):.6g}"
    if not any(c in text for c in ".ein"):  # "1" -> "1.0"; keeps e-notation, inf and nan
        text += ".0"
    return text


def _fmt(value, pvalue: bool = False) -> str:
    """One short line for a field's value.

    Floats to 6 significant digits (always with a point or an exponent); a p-value
    (``pvalue=True``) as a float even when stored as an integer; an array, list, tuple or
    dict with at most :data:`REPR_MAX_ITEMS` entries whole, a larger one as its kind and
    shape (``<bool array (5, 569)>``, ``<list of 20 items>``); a nested result by its
    headline fields; a long string or an unknown object cut short.
    """
    if isinstance(value, (bool, np.bool_)):
        return repr(bool(value))
    if isinstance(value, (float, np.floating)) or (pvalue and isinstance(value, (int, np.integer))):
        return _float(value)
    if isinstance(value, (int, np.integer)):
        return repr(int(value))
    if isinstance(value, np.ndarray):
        if value.size > REPR_MAX_ITEMS or value.ndim > 2 or value.dtype.kind == "O":
            shape = (
                "("
                + ", ".join(str(n) for n in value.shape)
                + ("," if value.ndim == 1 else "")
                + ")"
            )
            return f"<{_KINDS.get(value.dtype.kind, str(value.dtype))} array {shape}>"
        if value.ndim == 0:
            return _fmt(value[()], pvalue)
        return _fmt(value.tolist() if not pvalue else value.astype(float).tolist(), pvalue)
    if isinstance(value, Result):
        return value._short_repr()
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        body = ", ".join(f"{k}={_fmt(v, pvalue)}" for k, v in zip(value._fields, value))
        return f"{type(value).__name__}({body})"
    if isinstance(value, (list, tuple)):
        kind = type(value).__name__
        if len(value) > REPR_MAX_ITEMS:
            return f"<{kind} of {len(value)} items>"
        inner = ", ".join(_fmt(v, pvalue) for v in value)
        if isinstance(value, list):
            return f"[{inner}]"
        return f"({inner}{',' if len(value) == 1 else ''})"
    if isinstance(value, dict):
        if len(value) > REPR_MAX_ITEMS:
            return f"<dict of {len(value)} items>"
        return "{" + ", ".join(f"{k!r}: {_fmt(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return repr(value if len(value) <= _STR_MAX else value[: _STR_MAX - 3] + "...")
    if value is None:
        return "None"
    text = " ".join(repr(value).split())
    return text if len(text) <= _STR_MAX else f"<{type(value).__name__}>"


def _first_sentence(text: str) -> str:
    """The first sentence of a docstring's first paragraph, reST markup removed."""
    para = " ".join(text.strip().split("\n\n")[0].split())
    para = re.sub(r":\w+:`~?([^`]*)`", r"\1", para).replace("``", "")
    match = re.search(r"^(.+?\.)(\s|$)", para)
    return match.group(1) if match else para


class _Attrs(dict):
    """``str.format`` namespace for meaning templates: any attribute of the result."""

    def __init__(self, result):
        super().__init__()
        self.result = result

    def __missing__(self, key):
        return getattr(self.result, key)


class Result:
    """Mixin for frozen dataclasses: a one-line repr, an HTML table, a summary, a dict.

    The display rules, shared by every result of the library:

    - ``repr``: ``Name(field=value, ...)`` on one line of at most :data:`REPR_MAX_CHARS`
      characters, the headline fields first (the estimate, its interval, the statistic and
      p-value: :data:`HEADLINE_NAMES`, or the class's ``_headline``), floats to 6
      significant digits, p-values always as floats, arrays with more than
      :data:`REPR_MAX_ITEMS` entries as their kind and shape; trailing fields that do not
      fit give way to ``...`` (every field stays an attribute).
    - ``_repr_html_``: a compact two-column table, the estimate with its interval on the
      first row.
    - :meth:`summary`: a few lines of text: what was computed, the headline numbers, and
      what they mean (the class's ``_means`` template or ``_meaning`` method).
    - :meth:`to_dict` and :meth:`to_frame` (pandas).

    Fields whose name starts with an underscore are private and never shown; fields
    declared with ``dataclasses.field(repr=False)`` (bulky per-sample arrays) are left out
    of the repr and the table but kept by :meth:`to_dict`.

    Class-level declarations a result may set: ``_headline`` (field names shown first, the
    first one the estimate its interval belongs to), ``_what`` (the first line of the
    summary, by default the class docstring's first sentence), ``_means`` (a
    ``str.format`` template over the result's attributes, or override ``_meaning``) and
    ``_rows`` (names of equally long 1-d arrays that :meth:`to_frame` makes one row per
    item of; the first is the index).

    Examples
    --------
    >>> import patterneval as pe
    >>> est = pe.test_error([0, 1, 1, 0, 1], [0, 1, 0, 0, 0])
    >>> est
    ErrorEstimate(error=0.4, std_error=0.219089, k=2, n=5, variance=0.048)
    >>> print(est.summary())  # doctest: +ELLIPSIS
    A test error rate k / n with its binomial variance.
    error = 0.4, 95% interval [0.117621, 0.769276] (wilson)
    std_error = 0.219089...
    >>> est.to_dict()["k"]
    2
    """

    _headline: ClassVar[tuple[str, ...] | None] = None
    _what: ClassVar[str | None] = None
    _means: ClassVar[str | None] = None
    _rows: ClassVar[tuple[str, ...] | None] = None

    # ------------------------------------------------------------------ fields
    def _public_fields(self):
        return [f for f in dataclasses.fields(self) if not f.name.startswith("_")]

    def _headline_names(self) -> tuple[str, ...]:
        """The headline field names: ``_headline`` if declared, else :data:`HEADLINE_NAMES`
        that the class has (then :data:`HEADLINE_SECONDARY`), else its first shown field."""
        names = [f.name for f in self._public_fields()]
        if self._headline is not None:
            return tuple(n for n in self._headline if n in names)
        found = []
        for rule in HEADLINE_NAMES:
            found += [n for n in names if n not in found and fnmatch.fnmatchcase(n, rule)]
        if not found:  # the first field the repr shows
            return tuple([f.name for f in self._public_fields() if f.repr][:1] or names[:1])
        return tuple(found) + tuple(n for n in HEADLINE_SECONDARY if n in names and n not in found)

    def _items(self):
        """``(name, value)`` of the displayed fields, headline first."""
        shown = {f.name for f in self._public_fields() if f.repr}
        head = [n for n in self._headline_names() if n in shown]
        rest = [f.name for f in self._public_fields() if f.repr and f.name not in head]
        for name in head + rest:
            yield name, getattr(self, name)

    def _interval(self):
        """``(low, high, label)`` of the estimate's interval, or None: the ``low`` and
        ``high`` fields, else the ``confidence_interval()`` method at its defaults."""
        names = {f.name for f in self._public_fields()}
        level = self.confidence_level if "confidence_level" in names else None
        method = getattr(self, "transform", None) if "transform" in names else None
        if {"low", "high"} <= names:
            low, high = self.low, self.high
        elif callable(getattr(self, "confidence_interval", None)):
            params = inspect.signature(self.confidence_interval).parameters
            if level is None and "confidence_level" in params:
                level = params["confidence_level"].default
            if "method" in params and isinstance(params["method"].default, str):
                method = params["method"].default
            try:
                low, high = self.confidence_interval()
            except Exception:  # an interval the result cannot give at its defaults
                return None
        else:
            return None
        if not all(isinstance(v, (float, int, np.floating, np.integer)) for v in (low, high)):
            return None
        label = (
            f"{100 * float(level):g}% interval"
            if isinstance(level, (float, np.floating))
            else "interval"
        )
        return float(low), float(high), label + (f" ({method})" if isinstance(method, str) else "")

    # ------------------------------------------------------------------ repr
    def _short_repr(self) -> str:
        """``Name(headline fields)``: how a result shows inside another's repr."""
        head = set(self._headline_names()) - {"low", "high"}
        body = ", ".join(f"{n}={_fmt(v, _is_pvalue(n))}" for n, v in self._items() if n in head)
        return f"{type(self).__name__}({body})"

    def __repr__(self) -> str:
        name = type(self).__name__
        parts = [f"{n}={_fmt(v, _is_pvalue(n))}" for n, v in self._items()]
        text = f"{name}({', '.join(parts)})"
        while len(text) > REPR_MAX_CHARS and parts:
            parts.pop()
            text = f"{name}({', '.join(parts + ['...'])})"
        return text

    def _repr_html_(self) -> str:
        interval = self._interval()
        items = list(self._items())
        head = self._headline_names()
        rows = []
        for n, v in items:
            if interval is not None and n in ("low", "high") and "low" in head:
                continue
            cell = v if isinstance(v, str) else _fmt(v, _is_pvalue(n))  # a string unquoted, whole
            if interval is not None and head and n == head[0]:
                cell = _with_interval(cell, interval)
            rows.append(
                f"<tr><th style='text-align:left;vertical-align:top'>{html.escape(n)}</th>"
                f"<td style='text-align:left;overflow-wrap:anywhere'>{html.escape(cell)}</td></tr>"
            )
        return (
            f"<table style='max-width:100%'><caption style='text-align:left'><b>"
            f"{html.escape(type(self).__name__)}</b></caption>{''.join(rows)}</table>"
        )

    # ------------------------------------------------------------------ text
    def _meaning(self) -> str | None:
        """What the headline numbers mean, or None: the class's ``_means`` template filled
        with the result's attributes (a subclass may override this method)."""
        return None if self._means is None else self._means.format_map(_Attrs(self))

    def summary(self) -> str:
        """A few lines of plain text: what was computed, the headline numbers, what they mean.

        Returns
        -------
        str
            Line 1 what the result is; then the estimate with its interval and the other
            headline numbers; then, where the class says it, how to read them.
        """
        what = self._what or _first_sentence(inspect.getdoc(type(self)) or type(self).__name__)
        lines = [what]
        head = [n for n in self._headline_names() if n not in ("low", "high")]
        interval = self._interval()
        if head:
            first = f"{head[0]} = {_fmt(getattr(self, head[0]), _is_pvalue(head[0]))}"
            lines.append(first if interval is None else _with_interval(first, interval))
            if interval is not None:
                head = [n for n in head if n != "confidence_level"]
        line = ""
        for part in (f"{n} = {_fmt(getattr(self, n), _is_pvalue(n))}" for n in head[1:]):
            if line and len(line) + 2 + len(part) > 88:  # whole fields per line
                lines.append(line + ",")
                line = ""
            line = f"{line}, {part}" if line else part
        if line:
            lines.append(line)
        meaning = self._meaning()
        if meaning:
            lines += textwrap.wrap(meaning, 88)
        return "\n".join(lines)

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict:
        """Every public field by name (nested results as dicts, arrays left as arrays).

        Returns
        -------
        dict
        """
        return {f.name: _plain(getattr(self, f.name)) for f in self._public_fields()}

    def to_frame(self) -> Any:  # a pandas.DataFrame; pandas is no runtime dependency
        """The result as a pandas DataFrame.

        One row of the scalar fields (a nested result's as ``name.field``), indexed by the
        class name; a result with per-item arrays (``_rows``) gives one row per item.

        Returns
        -------
        pandas.DataFrame

        Raises
        ------
        ImportError
            Without pandas (``pip install pandas``).
        """
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError(
                f"{type(self).__name__}.to_frame() needs pandas: pip install pandas"
            ) from exc
        if self._rows:
            columns = {n: np.asarray(getattr(self, n)) for n in self._rows}
            frame = pd.DataFrame(columns)
            return frame.set_index(self._rows[0])
        return pd.DataFrame([_scalars(self)], index=[type(self).__name__])


def _with_interval(text: str, interval) -> str:
    """``text`` followed by the interval: ``0.4, 95% interval [0.117621, 0.769276] (wilson)``."""
    low, high, label = interval
    name, _, method = label.partition(" (")
    return f"{text}, {name} [{_float(low)}, {_float(high)}]" + (f" ({method}" if method else "")


def _plain(value):
    """A field's value for :meth:`Result.to_dict`: results (also inside lists, tuples and
    dicts) as dicts, anything else as it is."""
    if isinstance(value, Result):
        return value.to_dict()
    if (
        isinstance(value, (list, tuple))
        and not hasattr(value, "_fields")
        and any(isinstance(v, Result) for v in value)
    ):
        return [_plain(v) for v in value]
    if isinstance(value, dict) and any(isinstance(v, Result) for v in value.values()):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _scalars(result, prefix: str = "") -> dict:
    """The scalar fields of ``result`` (numbers, strings, bools, None), nested results'
    as ``name.field``."""
    out = {}
    for f in result._public_fields():
        value = getattr(result, f.name)
        if isinstance(value, Result):
            out.update(_scalars(value, f"{prefix}{f.name}."))
        elif isinstance(value, np.ndarray) and value.ndim == 0:
            out[prefix + f.name] = value[()]
        elif value is None or isinstance(value, (str, bool, int, float, np.generic)):
            out[prefix + f.name] = value
    return out
