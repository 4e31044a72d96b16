"""The book's figure style and the figures its chapters and explorers draw.

``_style`` holds what every figure shares (rcParams, colours, PNG rendering); one module
per chapter group holds that group's painters and static figures. Everything public is
re-exported here, so chapters write ``from patterneval import plotting``.
"""

from ._style import BOOK_STYLE, COLORS, BookFigure, figure_png, new_figure, reset_axes
from .permutation import NullDistributionPainter, plot_null_distribution
from .perturbation import PerturbationPainter, draw_perturbation, plot_perturbation_coverage
from .resampling import (
    BootstrapPainter,
    draw_bootstrap,
    plot_estimator_simulation,
    plot_inclusion_probability,
)
from .selection import SelectionLeakPainter, plot_leak_grid
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
    "BootstrapPainter",
    "NullDistributionPainter",
    "PerturbationPainter",
    "SelectionLeakPainter",
    "SelectiveSamplingPainter",
    "TestErrorPainter",
    "draw_bootstrap",
    "draw_perturbation",
    "draw_selective_sampling",
    "draw_test_error",
    "figure_png",
    "new_figure",
    "plot_coverage_curves",
    "plot_estimator_simulation",
    "plot_inclusion_probability",
    "plot_leak_grid",
    "plot_log_likelihood",
    "plot_null_distribution",
    "plot_perturbation_coverage",
    "reset_axes",
]
