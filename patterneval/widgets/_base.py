"""The explorer pattern: sliders over a painter, redrawn from the kernel side.

The figure is rendered to PNG and written into an ``ipywidgets.Output`` as its whole
output list in one assignment. Drawing there from the kernel (rather than inside a
``with output:`` block or ``interactive``) keeps the figure out of the cell's own
outputs, so strict nbval sees the same outputs on every run, and the saved widget state
carries the initial figure to the static site.

Every control comes from one factory, :func:`control` (with the shorthands
:func:`int_slider`, :func:`float_slider`, :func:`log_slider`, :func:`selection_slider`,
:func:`toggle_buttons` and :func:`dropdown`), so every explorer shares one :data:`STYLE` and
sliders that recompute only when released.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..plotting import figure_png, new_figure

__all__ = ["Explorer", "explorer_name"]

#: The style of every control: the description takes the width it needs.
STYLE = {"description_width": "initial"}

_KINDS = {
    "int": widgets.IntSlider,
    "float": widgets.FloatSlider,
    "log": widgets.FloatLogSlider,
    "selection": widgets.SelectionSlider,
    "toggle": widgets.ToggleButtons,
    "dropdown": widgets.Dropdown,
}
_SLIDERS = ("int", "float", "log", "selection")

#: The explorer's last line, shown on the static site only: hidden by its inline style
#: here (JupyterLab), shown by the site's stylesheet (tools/static/patterneval.css). There
#: the figure comes from frames precomputed on a grid (tools/static_frames.py).
STATIC_NOTE = (
    '<small class="pe-static-note" style="display: none"><i>On this static page the figures'
    " are precomputed: each slider snaps to the nearest point of a grid. Run the chapter"
    " live (<code>make lab</code>) to explore every value.</i></small>"
)

#: What JupyterLab shows in an explorer's cell while no kernel runs the widget (before
#: Run All, or after a restart): the cell's text/plain, one line.
LAB_HINT = "{name}: to draw it and move its sliders, run the chapter (Run > Run All Cells)."
_LAB_HINT_RE = re.compile("^" + re.escape(LAB_HINT).replace(re.escape("{name}"), r"(\w+)") + "$")


def explorer_name(text: str) -> str | None:
    """The explorer class named by an explorer cell's text/plain, or None.

    An explorer's text/plain, what JupyterLab shows while no kernel runs it, is one line:
    ``"<Name>: to draw it and move its sliders, run the chapter (Run > Run All Cells)."``.
    Tools that read executed chapters (the static site's frames, ``tools/static_frames.py``;
    the PDF, ``tools/sphinx_pdf.py``) find the explorer cell by it.

    Parameters
    ----------
    text : str
        A cell output's text/plain.

    Returns
    -------
    str or None
        The explorer's class name (``"RelabelExplorer"``), or None for any other text.

    Examples
    --------
    >>> from patterneval.widgets import explorer_name
    >>> explorer_name("RelabelExplorer: to draw it and move its sliders, run the chapter "
    ...               "(Run > Run All Cells).")
    'RelabelExplorer'
    >>> explorer_name("42") is None
    True
    """
    m = _LAB_HINT_RE.match(text)
    return m.group(1) if m else None


def control(kind: str, description: str, value, **traits):
    """One explorer control in the shared :data:`STYLE`.

    Sliders recompute only when released (``continuous_update=False``): an explorer's
    redraw takes tens of milliseconds, too slow to follow a drag.

    Parameters
    ----------
    kind : {"int", "float", "log", "selection", "toggle", "dropdown"}
        ``IntSlider``, ``FloatSlider``, ``FloatLogSlider``, ``SelectionSlider``,
        ``ToggleButtons`` or ``Dropdown``.
    description : str
        The label beside the control.
    value
        Initial value.
    **traits
        Further traits of the widget (``min``, ``max``, ``step``, ``options``,
        ``readout_format``, ``layout``...).

    Returns
    -------
    ipywidgets.ValueWidget
    """
    if kind in _SLIDERS:
        traits.setdefault("continuous_update", False)
    return _KINDS[kind](value=value, description=description, style=STYLE, **traits)


def int_slider(description: str, value: int, min: int, max: int, step: int = 1, **traits):
    """An ``IntSlider`` from :func:`control`."""
    return control("int", description, value, min=min, max=max, step=step, **traits)


def float_slider(description: str, value: float, min: float, max: float, step: float, **traits):
    """A ``FloatSlider`` from :func:`control`."""
    return control("float", description, value, min=min, max=max, step=step, **traits)


def log_slider(description: str, value: float, min: float, max: float, step: float, **traits):
    """A base-10 ``FloatLogSlider`` from :func:`control` (``min`` and ``max`` are exponents)."""
    return control("log", description, value, base=10, min=min, max=max, step=step, **traits)


def selection_slider(description: str, options, value, **traits):
    """A ``SelectionSlider`` over ``options`` (values, or (label, value) pairs) from :func:`control`."""
    return control("selection", description, value, options=options, **traits)


def toggle_buttons(description: str, options, value):
    """``ToggleButtons`` over ``options`` from :func:`control`."""
    return control("toggle", description, value, options=options)


def dropdown(description: str, options, value):
    """A ``Dropdown`` over ``options`` from :func:`control`."""
    return control("dropdown", description, value, options=options)


class Explorer:
    """Base class: ``controls`` (name -> slider) drive ``draw(**values)``.

    Subclasses name a ``painter`` class from :mod:`patterneval.plotting` (its artists are
    built once on the explorer's figure) and pass their ``controls``, made by this
    module's ``control`` factory. The default ``draw`` calls ``self.painter.update(**values, **fixed)``;
    a subclass whose controls do not map one to one onto the painter's keywords overrides
    it. Setting any control's ``value`` redraws synchronously, so
    ``explorer.controls["n"].value = 200`` is a slider move.

    Parameters
    ----------
    controls : dict
        Control name -> ipywidgets value widget (slider, dropdown, toggle); each name is a
        keyword of ``draw``.
    fixed : dict, optional, keyword-only
        Further keywords of the painter's ``update`` that no control changes (a seed, a
        precomputed grid, a number of resamples).
    width, height : float, default 9.0 and 3.4, keyword-only
        Figure size in inches.
    painter : type, optional, keyword-only
        The painter class to draw with, default the class attribute ``painter``. A second
        constructor that shows other data than the chapter's (``from_predictions``,
        ``from_estimator``: the user's data, in scikit-learn's Display style) passes its own.

    Attributes
    ----------
    controls : dict
        The controls; setting one's ``value`` redraws.
    fixed : dict
        The painter's keywords that no control changes.
    values : dict
        Control name -> current value.
    figure : BookFigure
        The figure the painter draws on.
    painter : object
        The painter instance (the class attribute ``painter`` names its class).
    caption : str
        Class attribute: one sentence under the figure.
    chapter : str
        Class attribute: the docname of the chapter that derives what the explorer shows.
    output : ipywidgets.Output
        Where the figure is shown.
    widget : ipywidgets.VBox
        The controls, the output area and the caption; what a notebook displays.
    """

    #: The painter class on the class; on an explorer, ``__init__`` replaces it by its
    #: instance (hence Any: a subclass calls the instance's own ``update`` and methods).
    painter: Any
    #: One sentence under the figure: what it shows and what the sliders change. It is
    #: the explorer's caption in the chapter and on the appendix's Explorers page.
    caption: str = ""
    #: The chapter that derives what the explorer shows (its docname, e.g.
    #: ``"book/part1/test-error"``); the Explorers page links to it.
    chapter: str = ""

    def __init__(
        self,
        controls: dict,
        *,
        fixed: dict | None = None,
        width: float = 9.0,
        height: float = 3.4,
        painter: Callable[..., Any] | None = None,
    ) -> None:
        self.controls = controls
        self.fixed = dict(fixed or {})
        self.figure = new_figure(width=width, height=height)
        self.painter = (painter or type(self).painter)(self.figure)
        # no fixed height: the page scales the PNG to the column width, and a redraw
        # replaces the output in one message, so the area never collapses in between
        self.output = widgets.Output()
        for control in controls.values():
            control.observe(self._on_change, names="value")
        self.widget = widgets.VBox(
            [
                widgets.HBox(list(controls.values()), layout=widgets.Layout(flex_flow="row wrap")),
                self.output,
                widgets.HTML(f'<p class="pe-explorer-caption">{html.escape(self.caption)}</p>'),
                widgets.HTML(STATIC_NOTE),
            ]
        )
        self.update()

    @property
    def values(self) -> dict:
        return {name: control.value for name, control in self.controls.items()}

    def draw(self, *args: Any, **values: Any) -> None:
        """Redraw the figure: ``self.painter.update(**values, **self.fixed)``.

        Parameters
        ----------
        **values
            The current value of every control, by the control's name.

        Returns
        -------
        None
        """
        self.painter.update(*args, **values, **self.fixed)

    def update(self) -> None:
        """Recompute and redraw the figure for the current slider values.

        The new picture replaces the output area's PNG in one message.

        Returns
        -------
        None
        """
        self.draw(**self.values)
        png = figure_png(self.figure)
        self.output.outputs = (
            {
                "output_type": "display_data",
                "data": {"image/png": png, "text/plain": f"<{type(self).__name__} figure>"},
                "metadata": {},
            },
        )

    def _on_change(self, _change) -> None:
        self.update()

    def __repr__(self) -> str:
        # 12 significant digits: a slider's 0.1 steps give 0.30000000000000004
        values = ", ".join(
            f"{name}={float(f'{value:.12g}') if isinstance(value, float) else value!r}"
            for name, value in self.values.items()
        )
        return f"{type(self).__name__}({values})"

    def _repr_mimebundle_(self, **kwargs):
        # The widget's own text/plain lists every child trait. JupyterLab shows the
        # text/plain whenever the widget model is not alive, so it tells the reader what to do.
        bundle = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = LAB_HINT.format(name=type(self).__name__)
        return bundle
