"""The book's figure style and the figures its chapters and explorers draw.

``_style`` holds what every figure shares (rcParams, colours, PNG rendering); one module
per chapter group holds that group's painters and static figures. Everything public is
re-exported here, so chapters write ``from patterneval import plotting``.
"""

from ._style import BOOK_STYLE, COLORS, BookFigure, figure_png, new_figure, reset_axes
from .cluster_external import IndexProfilePainter, plot_chance_drift
from .cluster_internal import (
    InternalIndexPainter,
    plot_index_curves,
    plot_pareto,
    plot_prediction_strength,
)
from .distance import (
    UnitBallPainter,
    mahalanobis_ellipse,
    plot_mahalanobis,
    plot_unit_balls,
    plot_vdm,
    unit_ball_boundary,
)
from .permutation import NullDistributionPainter, plot_null_distribution
from .perturbation import PerturbationPainter, draw_perturbation, plot_perturbation_coverage
from .resampling import (
    BootstrapPainter,
    draw_bootstrap,
    plot_estimator_simulation,
    plot_inclusion_probability,
)
from .selection import SelectionLeakPainter, plot_leak_grid
from .ensemble_bounds import EnsembleBoundsPainter, draw_ensemble_bounds, plot_bound_gap
from .ensemble_diversity import PairTablePainter, plot_error_ambiguity, plot_kappa_error
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
    "EnsembleBoundsPainter",
    "IndexProfilePainter",
    "InternalIndexPainter",
    "NullDistributionPainter",
    "PairTablePainter",
    "PerturbationPainter",
    "SelectionLeakPainter",
    "SelectiveSamplingPainter",
    "TestErrorPainter",
    "UnitBallPainter",
    "draw_bootstrap",
    "draw_ensemble_bounds",
    "draw_perturbation",
    "draw_selective_sampling",
    "draw_test_error",
    "figure_png",
    "mahalanobis_ellipse",
    "new_figure",
    "plot_bound_gap",
    "plot_chance_drift",
    "plot_coverage_curves",
    "plot_error_ambiguity",
    "plot_estimator_simulation",
    "plot_inclusion_probability",
    "plot_index_curves",
    "plot_kappa_error",
    "plot_leak_grid",
    "plot_log_likelihood",
    "plot_mahalanobis",
    "plot_null_distribution",
    "plot_pareto",
    "plot_perturbation_coverage",
    "plot_prediction_strength",
    "plot_unit_balls",
    "plot_vdm",
    "reset_axes",
    "unit_ball_boundary",
]
