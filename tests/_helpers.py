"""Helpers shared by the test modules (pytest puts ``tests/`` on ``sys.path``).

- :func:`load_tool`: a script of ``tools/`` imported the one way tools are imported
  (``tools/`` on ``sys.path``, the module by its own name);
- :func:`png`: the image an explorer shows now, for the widget tests;
- :func:`assert_displays`: a result's repr and its HTML table;
- :func:`assert_explorer_displays`: what an explorer's cell shows with and without a kernel;
- :func:`assert_rejects`: the bad-input harness: a call with one spoiled argument raises
  ``ValueError``/``TypeError`` whose message matches a pattern naming that argument. Each
  test module keeps its own table of rows; ``tests/test_bad_input_sweep.py`` holds the one
  registry that requires a row for every public callable.
"""

from __future__ import annotations

import base64
import importlib
import inspect
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load_tool(name: str):
    """``tools/<name>.py`` as the module ``<name>``.

    ``tools/`` is a folder of scripts and Sphinx extensions, not a package, and is imported
    one way everywhere: the folder on ``sys.path`` and each module by its own name. Jupyter
    Book does so for ``_config.yml``'s ``local_extensions``, the extensions import their
    siblings so (``from sphinx_pages import toc_order``), the scripts run with their own
    folder on ``sys.path``, and so do the tests, through this function: one module object
    per tool, the same one its siblings import.
    """
    if str(TOOLS) not in sys.path:
        sys.path.append(str(TOOLS))
    return importlib.import_module(name)


def png(explorer) -> bytes:
    """The PNG an explorer shows now: its output area holds exactly one display, replaced
    (not appended) on each move."""
    (output,) = explorer.output.outputs
    assert output["output_type"] == "display_data"
    return base64.b64decode(output["data"]["image/png"])


def assert_rejects(exc, pattern, func, /, *args, **kwargs):
    """``func(*args, **kwargs)`` raises ``exc`` with a message matching ``pattern``.

    A generator is drained, so that staged methods are checked when they are consumed.
    ``exc=None`` marks a row that is valid input by design: the call must return. Returns
    pytest's ``ExceptionInfo`` (``None`` for a valid row).
    """
    if exc is None:
        func(*args, **kwargs)
        return None
    with pytest.raises(exc, match=pattern) as info:
        result = func(*args, **kwargs)
        if inspect.isgenerator(result):
            list(result)
    return info


def row_ids(rows) -> list[str]:
    """Test ids for rows ``(func, overrides, ...)``: the function, the spoiled arguments and
    the row's position."""
    return [f"{row[0].__name__}-{'-'.join(row[1])}-{i}" for i, row in enumerate(rows)]


def assert_table_applies(func, good: dict, rows) -> None:
    """The baseline ``func(**good)`` is valid and every row ``(overrides, exc, pattern)``
    spoils parameters that ``func`` has: each row fails for its own argument."""
    func(**good)
    params = inspect.signature(func).parameters
    for overrides, *_ in rows:
        assert set(overrides) <= set(params), (func.__name__, overrides)


def bad_input_test(good: dict, rows):
    """The parametrized test of a table keyed by function: ``good[func]`` is a valid call and
    each row ``(func, overrides, exc, pattern)`` spoils it; assign it to a ``test_`` name."""

    @pytest.mark.parametrize("func, overrides, exc, pattern", rows, ids=row_ids(rows))
    def test(func, overrides, exc, pattern):
        assert_rejects(exc, pattern, func, **{**good[func], **overrides})

    return test


class NoPredict:
    """An object with ``fit`` but no ``predict``: not a usable estimator."""

    def fit(self, X, y):
        return self

    def get_params(self, deep=True):
        return {}


def assert_redraws(explorer, moves: dict) -> None:
    """Each move of a control, in order, replaces the explorer's image by a different PNG."""
    previous = png(explorer)
    assert previous.startswith(b"\x89PNG")
    for name, value in moves.items():
        explorer.controls[name].value = value
        current = png(explorer)
        assert current != previous, f"moving {name} to {value!r} did not redraw"
        previous = current


def assert_explorer_displays(explorer) -> None:
    """An explorer's cell: the widget view, and as text/plain (what JupyterLab shows while no
    kernel runs the widget) one line that says to run the chapter; its repr names the class
    and the values; its last line is the static-site note, hidden unless the site shows it."""
    name = type(explorer).__name__
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    hint = bundle["text/plain"]
    assert hint.startswith(f"{name}: ") and "Run All" in hint and "\n" not in hint, hint
    assert repr(explorer).startswith(f"{name}(") and "00000000" not in repr(explorer), repr(
        explorer
    )
    note = explorer.widget.children[-1].value
    assert "pe-static-note" in note and 'style="display: none"' in note and "make lab" in note


def assert_displays(result, start: str) -> None:
    """A result's repr starts with ``start`` and its notebook display is an HTML table."""
    assert repr(result).startswith(start), repr(result)
    assert "<table" in result._repr_html_()
