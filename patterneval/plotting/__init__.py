"""The book's figure style and the figures its chapters and explorers draw.

``_style`` holds what every figure shares (rcParams, colours, PNG rendering, the
:class:`Painter` base); one module per chapter group holds that group's figures.
Everything public is re-exported here, so chapters write ``from patterneval import plotting``.

Which to use: every figure is a :class:`matplotlib.figure.Figure` from :func:`new_figure`
(never pyplot), drawn by one of two kinds of name:

``plot_<what>(data, *, options) -> Figure``
    A new static figure. This is what chapters and users call: one call, one figure, from
    results the library computed (``plot_vdm(result)``, ``plot_critical_difference(...)``).
``<What>Painter(fig)`` with ``.update(**params) -> Figure``
    An explorer's figure (a :class:`Painter`): the axes and artists are built once and
    ``update`` only sets their data, so a slider move redraws in a fraction of the time a
    new plot would take. The explorers of :mod:`patterneval.widgets` call ``update`` and
    nothing else.

``draw_<what>(fig, **params)`` is a painter's figure drawn once,
``<What>Painter(fig).update(**params)``, for a chapter that shows one setting of its
explorer as a static figure; each is a plain function beside its painter that passes
its keywords on to ``update`` (documented there; a test checks the two draw alike).
A static figure that is one setting of an explorer (e.g. :func:`plot_vote_rates`,
:func:`plot_null_distribution`) is drawn by that painter too.
"""

try:  # the figures need matplotlib, an extra: the library alone does not
    import matplotlib as _matplotlib  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised by tests/smoke_wheel.py
    raise ImportError(
        "patterneval.plotting draws with matplotlib, which is not installed; install the "
        'plotting extra: pip install "patterneval[plot]"'
    ) from exc
del _matplotlib

from .._api import public_names as _public_names

from ._style import (
    BOOK_STYLE,
    COLORS,
    BookFigure,
    Painter,
    figure_png,
    figure_rgb,
    new_figure,
    reset_axes,
)
from .bagging import ForestConvergencePainter, plot_forest_convergence
from .boosting import (
    BoostingRoundsPainter,
    plot_error_curves,
    plot_margins,
    plot_mode_comparison,
    plot_round_statistics,
)
from .cluster_algorithms import PartitionPainter, plot_dendrograms, plot_partitions
from .cluster_external import SHORT_NAMES, IndexProfilePainter, plot_chance_drift
from .cluster_internal import (
    HIGHER_IS_BETTER,
    INDICES,
    InternalIndexPainter,
    plot_index_curves,
    plot_pareto,
    plot_prediction_strength,
)
from .cluster_stability import (
    ClusterStabilityKPainter,
    ClusterStabilityPainter,
    plot_gap,
    plot_stability,
)
from .combine import VoteRatesPainter, draw_vote_rates, plot_vote_rates
from .compare import (
    CriticalDifferencePainter,
    PairedScoresPainter,
    RejectionGridPainter,
    plot_critical_difference,
    plot_rejection_rates,
)
from .compare_calibration import (
    ReliabilityDataPainter,
    ReliabilityPainter,
    draw_reliability,
    plot_bbc,
    plot_reliability,
)
from .compare_roc import (
    RocPainter,
    RocThresholdPainter,
    draw_roc,
    plot_delong_coverage,
    plot_roc_curves,
)
from .decomposition import (
    FisherDirectionPainter,
    plot_explained_variance,
    plot_projections,
    plot_sources,
)
from .distance import (
    UnitBallPainter,
    mahalanobis_ellipse,
    plot_mahalanobis,
    plot_unit_balls,
    plot_vdm,
    unit_ball_boundary,
)
from .ensemble_bounds import EnsembleBoundsPainter, draw_ensemble_bounds, plot_bound_gap
from .ensemble_diversity import (
    MEASURE_LABELS,
    PairTablePainter,
    plot_error_ambiguity,
    plot_kappa_error,
)
from .errorrate import (
    INTERVAL_METHODS,
    SelectiveSamplingPainter,
    TestErrorPainter,
    draw_selective_sampling,
    draw_test_error,
    plot_coverage_curves,
    plot_log_likelihood,
)
from .evolution import (
    EvolutionPainter,
    draw_evolution,
    plot_ga_history,
    plot_schema_counts,
)
from .optimize import (
    DescentPainter,
    contour_problem,
    plot_descent_paths,
    plot_step_size_stability,
)
from .permutation import NullDistributionPainter, plot_null_distribution
from .perturbation import (
    PerturbationPainter,
    draw_perturbation,
    plot_perturbation_coverage,
)
from .reinforcement import (
    GridValueMap,
    ReinforcementPainter,
    plot_learning_curves,
    plot_value_maps,
)
from .resampling import (
    BootstrapPainter,
    draw_bootstrap,
    plot_estimator_simulation,
    plot_inclusion_probability,
)
from .selection import SelectionLeakPainter, plot_leak_grid
from .tree import PruningPainter, plot_pruning_errors

__all__ = _public_names(globals())
