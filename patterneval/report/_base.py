"""What the four reports share: a report is a frozen :class:`~patterneval._results.Result`
that keeps the result objects of the methods it ran and renders them as tables, a figure,
a summary in words and a methods paragraph naming each test with its reference and the
book chapter and API entry that derive it.

A report class fills in four hooks -- ``_tables()`` (captioned tables of formatted cells),
``_methods()`` (the :class:`Method` records of what it ran), ``summary()`` and
``_figure()`` -- and inherits the renderings: ``_repr_html_`` (the tables, the figure as
an inline PNG when matplotlib is installed, the summary and the links), ``to_markdown``
and ``to_latex`` (for a paper) and a one-line ``repr``.
"""

from __future__ import annotations

import html
from typing import Any, NamedTuple

import numpy as np

from .._results import REPR_MAX_CHARS, Result

__all__ = [
    "DECISION_PROBABILITY",
    "Method",
    "Report",
    "Table",
    "fmt",
    "fmt_interval",
    "fmt_p",
    "p_is",
    "set_book_url",
]

#: Where the book is published (see :func:`set_book_url`); None shows the addresses as text.
_BOOK_URL: list = [None]


def set_book_url(url: str | None) -> None:
    """Say where the book is published, so that a report's chapter and API addresses
    become links.

    A report names, for each method it ran, the chapter that derives it and its API
    entry, as addresses relative to the book's root (``book/part5/two-classifiers.html``).
    They are links only when the book's address is known: none is configured by default,
    so they show as text. The book's own chapters set it to their root relative to their
    page (``"../../"``); a course that publishes the book sets its address.

    Parameters
    ----------
    url : str or None
        The book's root (``"https://example.org/book/"`` or a relative ``"../../"``);
        None shows the addresses as text again.

    Examples
    --------
    >>> from patterneval.report import set_book_url
    >>> set_book_url("../../")
    >>> set_book_url(None)
    """
    if url is not None and (not isinstance(url, str) or not url.strip()):
        raise TypeError(f"url must be a non-empty str (the book's root) or None; got {url!r}.")
    _BOOK_URL[0] = None if url is None else url.rstrip("/") + "/"


def _link(path: str, text: str) -> str:
    """``text`` linked to ``path`` under the book's root, or the text with its address."""
    if _BOOK_URL[0] is None:
        return f"{html.escape(text)} <code>{html.escape(path)}</code>"
    return f"<a href='{html.escape(_BOOK_URL[0] + path)}'>{html.escape(text)}</a>"


class Method(NamedTuple):
    """One method a report ran: its name, the sentence of the methods paragraph, the
    reference it cites, and site-relative links to the book chapter and the API entry."""

    name: str
    sentence: str
    reference: str
    chapter: str
    api: str


class Table(NamedTuple):
    """A captioned table: column headers and rows of formatted cells (str)."""

    caption: str
    columns: tuple
    rows: tuple


# site-relative addresses of the chapters (Jupyter Book's html names) and the API pages
CHAPTERS = {
    "test-error": "book/part1/test-error.html",
    "cross-validation": "book/part1/cross-validation.html",
    "internal-indices": "book/part2/internal-indices.html",
    "cluster-stability": "book/part2/cluster-stability.html",
    "two-classifiers": "book/part5/two-classifiers.html",
    "many-classifiers": "book/part5/many-classifiers.html",
    "roc-auc": "book/part5/roc-auc.html",
    "calibration": "book/part5/calibration.html",
}
API_PAGES = {
    "errorrate": "book/api/errorrate.html",
    "resampling": "book/api/resampling.html",
    "cluster-internal": "book/api/cluster-internal.html",
    "compare": "book/api/compare.html",
}


def api(page: str, name: str) -> str:
    """The address of the API entry of ``patterneval.<name>`` on ``page`` (Sphinx's anchor
    is the documented dotted name)."""
    return f"{API_PAGES[page]}#patterneval.{name}"


def fmt(value, digits: int = 3) -> str:
    """A number for a table: ``digits`` decimals (NaN as an en dash, infinities as ``inf``)."""
    value = float(value)
    if not np.isfinite(value):
        return "–" if np.isnan(value) else ("inf" if value > 0 else "-inf")
    text = f"{value:.{digits}f}"
    return "0." + "0" * digits if text == "-0." + "0" * digits else text


def fmt_p(p) -> str:
    """A p-value: three decimals, ``< 0.001`` below."""
    p = float(p)
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def p_is(p) -> str:
    """``p = 0.123`` or ``p < 0.001``."""
    text = fmt_p(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


#: A posterior probability at least this reads as a decision in a summary (Benavoli et al.
#: 2017 use 0.95).
DECISION_PROBABILITY = 0.95


def fmt_interval(low, high, digits: int = 3) -> str:
    """``[low, high]``."""
    return f"[{fmt(low, digits)}, {fmt(high, digits)}]"


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"$<$",
    ">": r"$>$",
    "±": r"$\pm$",
    "–": "--",
    "≤": r"$\le$",
    "≥": r"$\ge$",
    "š": r"\v{s}",
}


def latex_escape(text: str) -> str:
    """``text`` with LaTeX's special characters escaped."""
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in str(text))


def _md_cell(text: str) -> str:
    return str(text).replace("|", r"\|")


class Report(Result):
    """Mixin of the reports: renderings built from ``_tables``, ``_methods``, ``summary``
    and ``_figure`` (each report class defines them)."""

    #: The report's heading.
    title = "Report"

    # ---- hooks
    def _tables(self) -> list[Table]:  # pragma: no cover - every report defines it
        raise NotImplementedError

    def _methods(self) -> list[Method]:  # pragma: no cover - every report defines it
        raise NotImplementedError

    def summary(self) -> str:  # pragma: no cover - every report defines it
        """The findings in words."""
        raise NotImplementedError

    def _figure(self):  # pragma: no cover - every report draws one
        """The report's matplotlib figure, or None (matplotlib is needed)."""
        return None

    # ---- shared
    @property
    def methods(self) -> list[Method]:
        """The methods this report ran, each with its reference and its links."""
        return self._methods()

    @property
    def links(self) -> dict:
        """``{method: (chapter, api)}``: site-relative addresses of the book chapter that
        derives each method and of its API entry."""
        return {m.name: (m.chapter, m.api) for m in self._methods()}

    def methods_text(self) -> str:
        """The methods paragraph: one sentence per method, each citing its reference."""
        return " ".join(m.sentence for m in self._methods())

    def references(self) -> list[str]:
        """The references the methods paragraph cites, each once, in order."""
        out = []
        for m in self._methods():
            for ref in m.reference.split("; "):
                if ref and ref not in out:
                    out.append(ref)
        return out

    #: The display rules of :class:`~patterneval._results.Result` read no headline field:
    #: a report's repr is its :meth:`_headline_text`.
    _headline = ()

    def _headline_text(self) -> str:  # pragma: no cover - every report defines it
        raise NotImplementedError

    def __repr__(self) -> str:
        text = f"{type(self).__name__}({self._headline_text()})"
        return text if len(text) <= REPR_MAX_CHARS else text[: REPR_MAX_CHARS - 4] + "...)"

    def figure(self) -> Any:  # a matplotlib Figure or None; matplotlib is optional
        """The report's figure (a matplotlib Figure; matplotlib is needed), or None when
        the report has none."""
        return self._figure()

    def _figure_html(self) -> str:
        try:
            from ..plotting import figure_png
        except ImportError:
            return "<p><i>(figure: install matplotlib to see it)</i></p>"
        fig = self._figure()
        if fig is None:  # pragma: no cover - every report draws a figure
            return ""
        # alt first, in double quotes, as the site's accessibility check reads it
        return f'<img alt="{html.escape(self.title, quote=True)}" src="data:image/png;base64,{figure_png(fig)}"/>'

    def _repr_html_(self) -> str:
        parts = [f"<div><b>{html.escape(self.title)}</b>"]
        for table in self._tables():
            head = "".join(f"<th>{html.escape(str(c))}</th>" for c in table.columns)
            body = "".join(
                "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                for row in table.rows
            )
            parts.append(
                f"<table><caption style='text-align:left'>{html.escape(table.caption)}</caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            )
        parts.append(self._figure_html())
        parts.append(f"<p>{html.escape(self.summary())}</p>")
        links = " · ".join(
            f"{html.escape(m.name)} ({_link(m.chapter, 'chapter')}, {_link(m.api, 'API')})"
            for m in self._methods()
        )
        parts.append(f"<p style='font-size:smaller'>Methods: {links}</p></div>")
        return "".join(parts)

    def to_markdown(self) -> str:
        """The tables as Markdown (pipe tables), the summary, and the methods paragraph with
        its references and links, for a paper or a README.

        Returns
        -------
        str
        """
        lines = [f"### {self.title}", ""]
        for table in self._tables():
            lines += [
                f"**{table.caption}**",
                "",
                "| " + " | ".join(_md_cell(c) for c in table.columns) + " |",
                "|" + "|".join("---" for _ in table.columns) + "|",
            ]
            lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
            lines.append("")
        lines += [
            self.summary(),
            "",
            f"*Methods.* {self.methods_text()}",
            "",
            "References: " + "; ".join(self.references()) + ".",
            "",
        ]
        root = _BOOK_URL[0] or ""
        lines += [
            f"- {m.name}: [chapter]({root}{m.chapter}), [API]({root}{m.api})"
            for m in self._methods()
        ]
        return "\n".join(lines) + "\n"

    def to_latex(self) -> str:
        """The tables as LaTeX ``table`` environments (booktabs rules) and the methods
        paragraph, for a paper.

        Returns
        -------
        str
        """
        out = []
        for table in self._tables():
            spec = "l" + "r" * (len(table.columns) - 1)
            out += [
                r"\begin{table}[ht]",
                r"\centering",
                rf"\caption{{{latex_escape(table.caption)}}}",
                rf"\begin{{tabular}}{{{spec}}}",
                r"\toprule",
                " & ".join(latex_escape(c) for c in table.columns) + r" \\",
                r"\midrule",
            ]
            out += [" & ".join(latex_escape(c) for c in row) + r" \\" for row in table.rows]
            out += [r"\bottomrule", r"\end{tabular}", r"\end{table}", ""]
        out += [latex_escape(self.methods_text()), ""]
        return "\n".join(out)

    def to_frame(self) -> Any:  # a pandas.DataFrame; pandas is no runtime dependency
        """The main table as a pandas DataFrame of numbers (pandas is needed)."""
        import pandas as pd

        columns, rows, index = self._frame()
        return pd.DataFrame(rows, columns=columns, index=index)

    def _frame(self):  # pragma: no cover - every report defines it
        raise NotImplementedError
