"""Shared behaviour of result objects: a readable repr and an HTML table for notebooks."""

from __future__ import annotations

import dataclasses
import html
from typing import NamedTuple

import numpy as np

__all__ = ["ConfidenceInterval", "Result"]


class ConfidenceInterval(NamedTuple):
    """Lower and upper end of an interval (floats, or arrays for vectorised calls)."""

    low: float | np.ndarray
    high: float | np.ndarray


def _fmt(value) -> str:
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.6g}"
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=6, threshold=8, separator=", ")
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
