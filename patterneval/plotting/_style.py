"""The book's figure style and the helpers every figure uses.

Figures are built on :class:`matplotlib.figure.Figure` directly, never through pyplot,
so that a notebook shows exactly the figures a cell returns (pyplot would display every
open figure again at the end of the cell) and explorers can redraw one figure in place.

:class:`Painter` is the base of every explorer's figure; each ``draw_<what>`` function,
written beside its painter, draws that painter's figure once (the idiom is described in
:mod:`patterneval.plotting`).
"""

from __future__ import annotations

import base64
import struct
import zlib
from typing import TYPE_CHECKING, Any

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ._canvas import BookCanvas

if TYPE_CHECKING:
    from matplotlib.typing import LegendLocType, RcKeyType

__all__ = [
    "BOOK_STYLE",
    "COLORS",
    "SERIES_COLORS",
    "BookFigure",
    "Painter",
    "figure_png",
    "figure_rgb",
    "finish_square",
    "new_figure",
    "reset_axes",
]

#: One colour per role, used across chapters (colour-blind safe, Okabe & Ito 2008).
COLORS = {
    "primary": "#0072B2",
    "secondary": "#D55E00",
    "tertiary": "#009E73",
    "accent": "#CC79A7",
    "muted": "#999999",
    "truth": "#000000",
}

#: The colours of successive series (models, curves, classes), in this order: the first
#: five roles of :data:`COLORS`.
SERIES_COLORS = (
    COLORS["primary"],
    COLORS["secondary"],
    COLORS["tertiary"],
    COLORS["accent"],
    COLORS["muted"],
)

#: rcParams of every book figure.
BOOK_STYLE: dict[RcKeyType, Any] = {
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "legend.frameon": False,
    "legend.fontsize": 9,
}


class BookFigure(Figure):
    """A matplotlib Figure that shows itself as a PNG in a notebook.

    Figures made without pyplot get no display formatter from IPython's inline backend,
    so a cell returning one would show only ``<Figure size ...>``; ``_repr_png_`` makes
    the image the figure's rich representation wherever it is displayed.

    Parameters
    ----------
    *args, **kwargs
        As :class:`matplotlib.figure.Figure` (e.g. ``figsize``).
    """

    def _repr_png_(self) -> bytes:
        return base64.b64decode(figure_png(self))


def new_figure(ncols: int = 1, *, width: float = 9.0, height: float = 3.4) -> Figure:
    """A figure in the book style with ``ncols`` side-by-side axes.

    Margins are fixed rather than solved by a layout engine: constrained layout doubles
    the time an explorer takes to redraw.

    Parameters
    ----------
    ncols : int >= 1, default 1
        Side-by-side axes.
    width, height : float, default 9.0 and 3.4, keyword-only
        Size in inches.

    Returns
    -------
    BookFigure

    Examples
    --------
    >>> from patterneval.plotting import new_figure
    >>> fig = new_figure(2, width=6.0, height=3.0)
    >>> len(fig.axes), fig.get_size_inches().tolist()
    (2, [6.0, 3.0])
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = BookFigure(figsize=(width, height))
        fig.subplots(1, ncols)
    return fig


def figure_rgb(fig: Figure) -> np.ndarray:
    """The figure drawn in the book style on its own Agg canvas, as RGB pixels.

    The one place a figure is rasterised: :func:`figure_png` encodes these pixels for a
    notebook or an explorer, and the static site's frames (``tools/static_frames.py``)
    quantise them. A figure without an Agg canvas (the book's own) gets a
    ``BookCanvas`` (``patterneval.plotting._canvas``), kept on the figure: its renderer
    replays text drawn before at the same place, bit for bit, which halves an explorer's
    redraw. A figure of pyplot's keeps its own Agg canvas. Pixels that are not opaque (a
    transparent figure background) are composited on white.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    ndarray of uint8, shape (height, width, 3)
        Height and width in pixels (the size in inches times ``figure.dpi``).

    Examples
    --------
    >>> from patterneval.plotting import figure_rgb, new_figure
    >>> figure_rgb(new_figure(width=6.0, height=3.0)).shape
    (300, 600, 3)
    """
    # a figure of pyplot's keeps its Agg canvas; the book's own get the caching one
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else BookCanvas(fig)
    with mpl.rc_context(BOOK_STYLE):
        canvas.draw()
    rgba = np.asarray(canvas.buffer_rgba())
    alpha = rgba[:, :, 3]
    if alpha.min() == 255:
        return rgba[:, :, :3].copy()
    a = alpha[:, :, None] / 255.0
    return np.rint(rgba[:, :, :3] * a + 255.0 * (1.0 - a)).astype(np.uint8)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _rgb_png(rgb: np.ndarray) -> bytes:
    """RGB pixels as PNG bytes, written directly: no filter, zlib level 1, no metadata.

    Half the time of Pillow's encoder at its lowest level for an explorer's figure (5 against
    11 ms for 900 x 340 pixels), whose adaptive row filters cost more than the compression
    and gain nothing on flat-coloured plots: the file is no larger (48 against 52 kB).
    """
    h, w, _ = rgb.shape
    rows = np.empty((h, 1 + 3 * w), np.uint8)
    rows[:, 0] = 0  # filter type None on every row
    rows[:, 1:] = rgb.reshape(h, 3 * w)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit truecolour, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(rows.tobytes(), 1))
        + _png_chunk(b"IEND", b"")
    )


def figure_png(fig: Figure) -> str:
    """The figure as base64 PNG text, the form notebook outputs store.

    Drawn by :func:`figure_rgb` and encoded by a minimal PNG writer (``_rgb_png``): an
    explorer calls this on every slider move, and savefig's encoder at its default zlib
    level would cost about a third of the redraw.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    str
        Base64-encoded PNG (RGB, no metadata).

    Examples
    --------
    >>> from patterneval.plotting import figure_png, new_figure
    >>> figure_png(new_figure())[:8]  # base64 of the PNG signature
    'iVBORw0K'
    """
    return base64.b64encode(_rgb_png(figure_rgb(fig))).decode("ascii")


def finish_square(fig: Figure, ax: Axes, *, legend_loc: LegendLocType) -> None:
    """The last touches of a square plot of two rates in [0, 1], one curve per model (ROC
    curves, a reliability diagram): equal aspect, the models' legend at ``legend_loc`` and
    margins that fit the square.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure of ``ax`` (about 5.2 x 4.3 in).
    ax : matplotlib.axes.Axes
        The axes, its curves drawn with labels.
    legend_loc : str
        Where the legend goes (matplotlib's ``loc``).
    """
    ax.set_aspect("equal", adjustable="box")
    ax.legend(loc=legend_loc, fontsize=8)
    fig.subplots_adjust(left=0.13, right=0.97, top=0.9, bottom=0.12)


def reset_axes(fig: Figure, ncols: int) -> np.ndarray:
    """Clear the figure and give it ``ncols`` fresh axes in the book style.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    ncols : int >= 1
        Side-by-side axes.

    Returns
    -------
    ndarray of matplotlib.axes.Axes
        The new axes, shape (ncols,).

    Examples
    --------
    >>> from patterneval.plotting import new_figure, reset_axes
    >>> fig = new_figure(2)
    >>> axes = reset_axes(fig, 3)
    >>> axes.shape, len(fig.axes)
    ((3,), 3)
    """
    fig.clear()
    with mpl.rc_context(BOOK_STYLE):
        axes = fig.subplots(1, ncols)
    fig.subplots_adjust(
        left=0.08 if ncols == 1 else 0.07, right=0.98, bottom=0.15, top=0.9, wspace=0.45
    )
    return np.atleast_1d(axes)


class Painter:
    """An explorer's figure: its artists are built once and only their data change.

    A subclass builds its axes and artists on ``fig`` in ``__init__`` (after
    ``super().__init__(fig)``); its ``update(**params)`` computes through tested library
    functions, sets the artists' data and returns the figure. An explorer keeps one painter
    and calls ``update`` on every slider move, which costs a fraction of rebuilding the
    axes. ``draw_<what>(fig, **params)`` is ``<What>Painter(fig).update(**params)`` in one
    call: its keywords are passed on to ``update`` and documented there
    (``tests/test_widgets.py`` checks the two draw alike).

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure the painter draws into (cleared and given its axes), e.g. from
        ``new_figure()``; an explorer passes its own.

    Attributes
    ----------
    fig : matplotlib.figure.Figure
        The figure drawn into.
    """

    def __init__(self, fig: Figure) -> None:
        self.fig = fig

    def update(self, *args: Any, **params: Any) -> Figure:  # pragma: no cover - abstract
        """Set the artists' data for ``params`` and return the figure.

        Parameters
        ----------
        **params
            The subclass's keywords.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        raise NotImplementedError

    def _status(self, ax: Axes, text: str) -> None:
        """Show ``text``, the state of the figure after a move, as the title of ``ax``:
        small, and plain text (a title that changes with every move is never parsed as
        mathtext, which would dominate a redraw)."""
        ax.set_title(text, fontsize=9, parse_math=False)
