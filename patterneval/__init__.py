"""patterneval: evaluating pattern-recognition systems.

The tested library behind the executable textbook in ``book/``. The public API is
re-exported flat: ``import patterneval as pe; pe.binomial_interval(7, 100)``.

What the top level holds (the rule, as in SciPy and scikit-learn):

- ``pe.__all__`` holds the methods a practitioner calls -- estimators, indices, tests,
  intervals, the course's algorithms -- and every name of the public API in docs/DESIGN.md
  (with the two result types it names, ``ErrorEstimate`` and ``ConfidenceInterval``).
- The result types of those methods (``BootstrapResult``, ``McNemarTest``...) are
  attributes of the top level, for ``isinstance`` and type hints, but not in
  ``__all__``: like SciPy's result classes they are listed in the ``__all__`` of their
  module and documented there (``patterneval.resampling.BootstrapResult``).
- Chapter helpers are not in the library: a chapter's data sets, worked examples,
  simulators, test problems and figure data live in the book's wing, one module per
  chapter (``patterneval.book.tree_learning.play_tennis``,
  ``patterneval.book.error_rate.simulate_coverage``), the Monte Carlo checks in
  ``patterneval.book.simulation``; no library module imports the wing. Figures and
  explorers live in ``patterneval.plotting`` and ``patterneval.widgets``.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("patterneval")
except PackageNotFoundError:  # pragma: no cover - a source tree on sys.path, not installed
    __version__ = "0+unknown"
del PackageNotFoundError, version

from ._api import public_names as _public_names

# The result types of the methods below: ``pe.BootstrapResult`` works (isinstance, type
# hints), but they stay out of ``__all__`` and the API reference documents them in their
# module (``patterneval.resampling.BootstrapResult``).
from .cluster import (
    ClusterStability,
    FeatureRemovalStability,
    GapStatistic,
    HeuristicClustering,
    Hierarchy,
    PairCounts,
    PredictionStrength,
)
from .compare import (
    BayesianCorrelatedTTest,
    BayesianSignedRank,
    BBCResult,
    BrierDecomposition,
    CalibrationError,
    CorrectedTTest,
    CriticalDifference,
    CVScores,
    DeLongInterval,
    DeLongTest,
    FiveByTwoTest,
    FriedmanTest,
    HolmTest,
    McNemarTest,
    MetricInterval,
    NemenyiTest,
    RocCurve,
)
from .concept import (
    CandidateElimination,
    FindSResult,
    HypothesisSpaceSize,
)
from .distance import VDMTable
from .ensemble import (
    ErrorAmbiguity,
    KappaError,
    PairTable,
    VoteRates,
)
from .errorrate import StratifiedEstimate
from .evolution import GAResult
from .optimize import (
    BernoulliMLE,
    DescentResult,
    GaussianMLE,
    LeastSquares,
    RegressionMLE,
)
from .reinforcement import (
    ControlResult,
    Episode,
    PlanningResult,
    PredictionResult,
)
from .report import ClassifierReport, ClusteringReport, ComparisonReport, DatasetsReport
from .resampling import (
    BootstrapResult,
    CrossValidationResult,
    PermutationTestResult,
    PerturbationInterval,
    SelectionCVResult,
)
from .tree import (
    PruningPath,
    PruningSequence,
)

#: The result types imported above, written out: attributes of the top level, never in
#: ``__all__`` (tests/test_namespace.py checks that they are exactly the result types the
#: methods of ``__all__`` return, and that each is imported here).
_RESULT_TYPES = frozenset(
    {
        "BBCResult",
        "BayesianCorrelatedTTest",
        "BayesianSignedRank",
        "BernoulliMLE",
        "BootstrapResult",
        "BrierDecomposition",
        "CVScores",
        "CalibrationError",
        "CandidateElimination",
        "ClassifierReport",
        "ClusterStability",
        "ClusteringReport",
        "ComparisonReport",
        "ControlResult",
        "CorrectedTTest",
        "CriticalDifference",
        "CrossValidationResult",
        "DatasetsReport",
        "DeLongInterval",
        "DeLongTest",
        "DescentResult",
        "Episode",
        "ErrorAmbiguity",
        "FeatureRemovalStability",
        "FindSResult",
        "FiveByTwoTest",
        "FriedmanTest",
        "GAResult",
        "GapStatistic",
        "GaussianMLE",
        "HeuristicClustering",
        "Hierarchy",
        "HolmTest",
        "HypothesisSpaceSize",
        "KappaError",
        "LeastSquares",
        "McNemarTest",
        "MetricInterval",
        "NemenyiTest",
        "PairCounts",
        "PairTable",
        "PermutationTestResult",
        "PerturbationInterval",
        "PlanningResult",
        "PredictionResult",
        "PredictionStrength",
        "PruningPath",
        "PruningSequence",
        "RegressionMLE",
        "RocCurve",
        "SelectionCVResult",
        "StratifiedEstimate",
        "VDMTable",
        "VoteRates",
    }
)

# The methods a practitioner calls, and the names of docs/DESIGN.md's public API.
from ._results import ConfidenceInterval
from .cluster import (
    ISODATA,
    KMeans,
    ad,
    adjusted_mutual_info,
    adjusted_rand_index,
    adm,
    all_indices,
    apn,
    calinski_harabasz_index,
    cluster_stability,
    clustering_accuracy,
    compactness,
    completeness,
    connectivity,
    contingency_matrix,
    davies_bouldin_index,
    dunn_index,
    expected_mutual_info,
    f_measure,
    feature_removal_stability,
    fom,
    fowlkes_mallows_index,
    gap_statistic,
    hierarchical,
    homogeneity,
    jaccard_index,
    kmeans_plusplus,
    max_min_distance,
    minkowski_score,
    mutual_info,
    normalized_mutual_info,
    pair_counts,
    pair_f1,
    pareto_front,
    prediction_strength,
    purity,
    rand_index,
    separation,
    silhouette_samples,
    silhouette_width,
    spacing,
    threshold_clustering,
    v_measure,
    variation_of_information,
    within_cluster_variation,
)
from .compare import (
    bayesian_correlated_ttest,
    bayesian_signed_rank,
    bbc_cv,
    brier_decomposition,
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    critical_difference,
    cv_metric_interval,
    cv_scores,
    delong_interval,
    delong_test,
    expected_calibration_error,
    friedman_test,
    holm_test,
    mcnemar_test,
    nemenyi_test,
    paired_ttest_5x2cv,
    roc_auc,
    roc_curve,
)
from .concept import (
    candidate_elimination,
    find_s,
    hypothesis_space_size,
    list_then_eliminate,
)
from .decomposition import (
    LDA,
    PCA,
    FastICA,
    fisher_criterion,
    scatter_matrices,
)
from .distance import (
    NotAMetricWarning,
    chebyshev,
    cosine_distance,
    cosine_similarity,
    mahalanobis,
    minkowski,
    mixed_distance,
    vdm,
    vdm_tables,
)
from .ensemble import (
    MLR,
    AdaBoost,
    Bagging,
    RandomForest,
    Stacking,
    average,
    correlated_vote_error,
    correlation,
    disagreement,
    error_ambiguity,
    hoeffding_bound,
    kappa,
    kappa_error,
    majority_vote,
    majority_vote_error,
    pair_table,
    pairwise_diversity,
    plurality_vote,
    q_statistic,
    vote_rates,
    weighted_average,
    weighted_vote,
)
from .errorrate import (
    INTERVAL_METHODS,
    ErrorEstimate,
    binomial_interval,
    coverage_probability,
    error_variance,
    proportional_allocation,
    sample_size_for_width,
    selective_variance_gap,
    stratified_error,
    stratified_variance,
    test_error,
)
from .evolution import (
    GeneticAlgorithm,
    bit_flip_mutation,
    bits_to_real,
    defining_length,
    population_diversity,
    roulette_selection,
    run_ga,
    schema_matches,
    schema_order,
    schema_theorem_bound,
    shared_fitness,
    single_point_crossover,
    tournament_selection,
    truncation_selection,
    two_point_crossover,
    uniform_crossover,
)
from .optimize import (
    bernoulli_mle,
    gaussian_mle,
    gaussian_regression_mle,
    gradient_descent,
    least_squares,
    momentum_stability_limit,
)
from .reinforcement import (
    MDP,
    action_values,
    discounted_return,
    epsilon_greedy,
    greedy_policy,
    monte_carlo_evaluation,
    policy_evaluation,
    policy_iteration,
    q_learning,
    sample_episode,
    sarsa,
    td0,
    td_lambda,
    value_iteration,
)
from .report import assess_clustering, compare_classifiers, compare_on_datasets, evaluate_classifier
from .resampling import (
    bootstrap_error,
    cross_val_error,
    leave_one_out_error,
    no_information_error,
    permutation_test,
    perturbation_interval,
    selection_cv_error,
)
from .tree import (
    C45,
    CART,
    ID3,
    CARTRegressor,
    contingency_table,
    entropy,
    export_text,
    gain_ratio,
    gini,
    information_gain,
    pruning_sequence,
    split_info,
)

#: The methods and docs/DESIGN.md's names (no module, no result type): the public API, flat.
__all__ = [name for name in _public_names(globals()) if name not in _RESULT_TYPES]
