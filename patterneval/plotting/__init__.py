"""The book's figure style and the figures its chapters and explorers draw.

``_style`` holds what every figure shares (rcParams, colours, PNG rendering); one module
per chapter group holds that group's painters and static figures. Everything public is
re-exported here, so chapters write ``from patterneval import plotting``.
"""

from ._style import BOOK_STYLE, COLORS, BookFigure, figure_png, new_figure, reset_axes
from .errorrate import (
    INTERVAL_METHODS,
    SelectiveSamplingPainter,
    TestErrorPainter,
    draw_selective_sampling,
    draw_test_error,
    plot_coverage_curves,
    plot_log_likelihood,
)

__all__ = [
    "BOOK_STYLE",
    "COLORS",
    "INTERVAL_METHODS",
    "BookFigure",
    "SelectiveSamplingPainter",
    "TestErrorPainter",
    "draw_selective_sampling",
    "draw_test_error",
    "figure_png",
    "new_figure",
    "plot_coverage_curves",
    "plot_log_likelihood",
    "reset_axes",
]
