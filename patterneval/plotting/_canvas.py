"""The Agg canvas the book's figures are rasterised on: Agg with a cache of drawn text.

An explorer redraws the same figure on every slider move, and most of its text (tick
labels, axis labels, legends) comes back at the same place in the same font. Agg lays out
and rasterises every string again on each draw, which was about 40 % of a redraw. The
renderer here records, per string drawn, the glyph images Agg composites and where, and
replays them when the same string is drawn again with the same font, angle and
antialiasing at exactly the same position. The replay makes the same compositing calls
with the same images, so the pixels are those of plain Agg, bit for bit (tested); the
colour, alpha and clipping come from the current graphics context, as in Agg.

Only plain text is cached (mathtext has its own parse cache); a string whose drawing calls
anything but Agg's ``draw_text_image`` is drawn without the cache.
"""

from __future__ import annotations

from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.font_manager import fontManager

#: Strings kept per renderer; the cache is emptied when it is full (a figure shows far fewer).
TEXT_CACHE_SIZE = 4096

#: rcParams that change how a string is laid out or rasterised (the font's family lists
#: through :func:`_font_files`).
_TEXT_PARAMS = ("text.hinting", "text.hinting_factor", "text.kerning_factor", "text.antialiased")


def _font_key(prop) -> tuple:
    """``prop``'s values (FontProperties is mutable: its hash can change under a key)."""
    return (
        tuple(prop.get_family()),
        prop.get_slant(),
        prop.get_variant(),
        prop.get_weight(),
        prop.get_stretch(),
        prop.get_size_in_points(),
        prop.get_file(),
        prop.get_math_fontfamily(),
    )


def _font_files(prop) -> Any:
    """The font files Agg draws ``prop`` with (the first and its fallbacks)."""
    find = getattr(fontManager, "_find_fonts_by_props", None)
    return tuple(find(prop)) if find is not None else fontManager.findfont(prop)


class _Recorder:
    """Stands in for the Agg renderer while one string is drawn: forwards each glyph image
    and keeps a copy; any other call marks the string as not cacheable."""

    def __init__(self, real) -> None:
        self._real = real
        self.calls: list | None = []

    def draw_text_image(self, image, x, y, angle, gc) -> None:
        array = np.asarray(image)
        if self.calls is not None and array.dtype == np.uint8 and array.ndim == 2:
            array = array.copy()  # Agg reuses the font's glyph buffer for the next glyph
            self.calls.append((array, x, y, angle))
            self._real.draw_text_image(array, x, y, angle, gc)
        else:
            self.calls = None
            self._real.draw_text_image(image, x, y, angle, gc)

    def __getattr__(self, name: str) -> Any:
        self.calls = None
        return getattr(self._real, name)


class TextCachingRendererAgg(RendererAgg):
    """:class:`~matplotlib.backends.backend_agg.RendererAgg` that replays strings it has
    drawn before at the same position (see the module docstring)."""

    def __init__(self, width, height, dpi) -> None:
        super().__init__(width, height, dpi)
        self._text_cache: dict = {}

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath:
            return super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        key = (
            s,
            x,
            y,
            angle,
            _font_key(prop),
            _font_files(prop),
            bool(gc.get_antialiased()),
            tuple(mpl.rcParams[p] for p in _TEXT_PARAMS),
            None if mtext is None else _text_features(mtext),
        )
        calls = self._text_cache.get(key)
        if calls is not None:
            for image, ix, iy, iangle in calls:
                self._renderer.draw_text_image(image, ix, iy, iangle, gc)
            return None
        real, recorder = self._renderer, _Recorder(self._renderer)
        self._renderer = recorder
        try:
            super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        finally:
            self._renderer = real
        if recorder.calls is not None:
            if len(self._text_cache) >= TEXT_CACHE_SIZE:
                self._text_cache.clear()
            self._text_cache[key] = recorder.calls
        return None


def _text_features(mtext) -> tuple:
    """A Text's font features and language (matplotlib >= 3.11), which change its layout."""
    features = getattr(mtext, "get_fontfeatures", None)
    language = getattr(mtext, "get_language", None)
    return (
        None if features is None else _frozen(features()),
        None if language is None else _frozen(language()),
    )


def _frozen(value) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


class BookCanvas(FigureCanvasAgg):
    """The Agg canvas of the book's figures: its renderer caches drawn text
    (:class:`TextCachingRendererAgg`); everything else is Agg's."""

    def get_renderer(self):
        w, h = self.get_width_height(physical=True)
        key = w, h, self.figure.dpi
        if self._lastKey != key:  # as FigureCanvasAgg, with the caching renderer
            self.renderer = TextCachingRendererAgg(w, h, self.figure.dpi)
            self._lastKey = key
        return self.renderer
