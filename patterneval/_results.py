"""Shared behaviour of result objects: a readable repr and an HTML table for notebooks."""

from __future__ import annotations

import dataclasses
import html
import re
from typing import NamedTuple

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
interval_docs = doc_parts({"returns_interval": """Returns
    -------
    ConfidenceInterval
        ``(low, high)``, floats in [0, 1]."""})


#: Arrays (and lists or tuples) with at most this many entries are shown whole in a repr;
#: larger ones are summarised by their first and last few values and their shape.
REPR_MAX_ITEMS = 8


def _fmt(value) -> str:
    """One line for a field: floats to 6 significant digits, a small 1-d array whole, any
    other array as ``array([first, ..., last], shape=(...))`` (numpy's own summary form), and
    long lists or tuples by their ends and their length."""
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.6g}"
    if isinstance(value, np.ndarray):
        if value.ndim <= 1 and value.size <= REPR_MAX_ITEMS:
            return np.array2string(value, precision=6, separator=", ")
        text = np.array2string(value, precision=6, separator=", ", threshold=0,
                               edgeitems=3 if value.ndim <= 1 else 2)
        text = re.sub(r"\[\s+", "[", re.sub(r"\s+([,\]])", r"\1", " ".join(text.split())))
        return f"array({text}, shape={value.shape})"
    if (isinstance(value, (list, tuple)) and not hasattr(value, "_fields")
            and (len(value) > REPR_MAX_ITEMS or any(isinstance(v, np.ndarray) for v in value))):
        items = [_fmt(v) if isinstance(v, np.ndarray) else repr(v) for v in value]
        if len(items) > REPR_MAX_ITEMS:
            items = items[:3] + ["..."] + items[-3:] + [f"<{len(value)} items>"]
        inner = ", ".join(items) + ("," if isinstance(value, tuple) and len(items) == 1 else "")
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    return repr(value)


class Result:
    """Mixin for frozen dataclasses: ``Name(field=value, ...)`` and a two-column HTML table.

    Fields whose name starts with an underscore are kept out of both.
    """

    def _items(self):
        for field in dataclasses.fields(self):
            if field.repr and not field.name.startswith("_"):
                yield field.name, getattr(self, field.name)

    def __repr__(self) -> str:
        body = ", ".join(f"{name}={_fmt(value)}" for name, value in self._items())
        return f"{type(self).__name__}({body})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(name)}</th>"
            f"<td style='text-align:left'>{html.escape(_fmt(value))}</td></tr>"
            for name, value in self._items()
        )
        return (
            f"<table><caption style='text-align:left'><b>{type(self).__name__}</b></caption>"
            f"{rows}</table>"
        )
