"""The book's Agg canvas replays cached text bit for bit (patterneval/plotting/_canvas.py)."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from patterneval.plotting import _canvas, figure_rgb, new_figure
from patterneval.plotting._canvas import BookCanvas, TextCachingRendererAgg


def _plain(fig) -> np.ndarray:
    """``fig`` drawn by matplotlib's own Agg canvas, then given back its book canvas."""
    book = fig.canvas
    FigureCanvasAgg(fig)
    try:
        return figure_rgb(fig)
    finally:
        fig.set_canvas(book)


def _busy_figure():
    """Text in several fonts, sizes, angles, colours and alphas, clipped and not, with
    antialiasing off for one string, and mathtext."""
    fig = new_figure(2, width=6.0, height=3.0)
    ax, bx = fig.axes
    (line,) = ax.plot([0, 1, 2], [0, 1, 4], label="a line")
    ax.legend(loc="upper left")
    ax.set_title("status 0", fontsize=9)
    ax.set_xlabel("x label")
    bx.set_ylabel(r"$\hat\epsilon_{0.632}$ (math)")
    words = [
        bx.text(0.2, 0.5, "rotated", rotation=33, color="C1", alpha=0.5),
        bx.text(0.9, 0.1, "clipped at the edge", clip_on=True, fontsize=14),
        bx.text(0.1, 0.9, "bold serif", family="serif", weight="bold"),
        bx.text(0.5, 0.3, "no antialiasing", antialiased=False),
        bx.text(0.4, 0.7, "naïve – non-ASCII"),
    ]
    return fig, ax, line, words


def test_replayed_text_is_plain_agg_bit_for_bit():
    fig, ax, line, words = _busy_figure()
    for step in range(4):
        line.set_ydata([0, step, 4 - step])
        ax.set_ylim(-1, 4 + step % 2)  # tick labels move on odd steps, stay on even ones
        ax.set_title(f"status {step}", fontsize=9)
        words[0].set_color(f"C{step}")  # same string and place, another colour
        words[1].set_position((0.9 - 0.1 * (step % 2), 0.1))
        cached = figure_rgb(fig)
        assert isinstance(fig.canvas, BookCanvas)
        assert np.array_equal(cached, _plain(fig)), f"step {step}"


def test_a_second_draw_replays_from_the_cache(monkeypatch):
    fig, *_ = _busy_figure()
    figure_rgb(fig)
    renderer = fig.canvas.get_renderer()
    assert isinstance(renderer, TextCachingRendererAgg)
    size = len(renderer._text_cache)
    assert size > 10  # the ticks, labels, legend and words

    def fail(*args, **kwargs):
        raise AssertionError("a cached string was laid out again")

    # every plain string is replayed: RendererAgg.draw_text runs only for mathtext
    monkeypatch.setattr(
        _canvas.RendererAgg,
        "draw_text",
        lambda self, gc, x, y, s, prop, angle, ismath=False, mtext=None: None if ismath else fail(),
    )
    figure_rgb(fig)
    assert len(renderer._text_cache) == size


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(_canvas, "TEXT_CACHE_SIZE", 3)
    fig, *_ = _busy_figure()
    figure_rgb(fig)
    assert 1 <= len(fig.canvas.get_renderer()._text_cache) <= 3
    assert np.array_equal(figure_rgb(fig), _plain(fig))


def test_a_string_drawn_with_other_calls_is_not_cached():
    class Agg:
        def __init__(self):
            self.seen = []

        def draw_text_image(self, image, x, y, angle, gc):
            self.seen.append(image)

        def draw_path(self, *args):
            self.seen.append("path")

    real = Agg()
    recorder = _canvas._Recorder(real)
    recorder.draw_text_image(np.ones((2, 2), np.uint8), 1, 2, 0, None)
    assert recorder.calls is not None and len(recorder.calls) == 1
    recorder.draw_path("gc", "path")
    assert recorder.calls is None and real.seen[-1] == "path"
    recorder.draw_text_image(np.ones((2, 2), np.uint8), 1, 2, 0, None)
    assert recorder.calls is None and len(real.seen) == 3  # still drawn, not recorded


@pytest.mark.parametrize("dpi", [72, 100, 150])
def test_the_renderer_follows_the_figure_size_and_dpi(dpi):
    fig, *_ = _busy_figure()
    figure_rgb(fig)
    first = fig.canvas.get_renderer()
    fig.set_dpi(dpi)
    rgb = figure_rgb(fig)
    assert rgb.shape == (3 * dpi, 6 * dpi, 3)
    assert (fig.canvas.get_renderer() is first) == (dpi == 100)
    assert np.array_equal(rgb, _plain(fig))
