"""The public namespace: what ``import patterneval as pe`` holds, and where the
rest lives. The rule is stated in ``patterneval/__init__.py``'s docstring:

- ``pe.__all__``: the methods a practitioner calls and every name of docs/DESIGN.md's public
  API (the contract);
- the result types of those methods: attributes of ``pe`` but not in ``pe.__all__``,
  listed in the ``__all__`` of the module that defines them (SciPy's rule);
- chapter helpers (data sets, worked examples, one chapter's simulators): not at the top
  level; they live in the book's wing, ``patterneval.book.<chapter>``.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import re
from types import ModuleType

import patterneval as pe

#: docs/DESIGN.md's public API: these names stay in ``pe.__all__``
DESIGN_NAMES = """
AdaBoost Bagging C45 CART ConfidenceInterval ErrorEstimate FastICA GeneticAlgorithm ID3
ISODATA KMeans LDA PCA RandomForest Stacking ad adjusted_mutual_info adjusted_rand_index adm
apn average bayesian_correlated_ttest bayesian_signed_rank bbc_cv binomial_interval
bootstrap_error brier_decomposition calinski_harabasz_index candidate_elimination chebyshev
cluster_stability clustering_accuracy combined_ftest_5x2cv compactness completeness
connectivity contingency_matrix corrected_resampled_ttest correlation cosine_distance
cosine_similarity critical_difference cross_val_error cv_metric_interval cv_scores
davies_bouldin_index delong_interval delong_test disagreement dunn_index error_ambiguity
error_variance expected_calibration_error f_measure find_s fom fowlkes_mallows_index
friedman_test gap_statistic gradient_descent hoeffding_bound holm_test homogeneity
jaccard_index kappa leave_one_out_error mahalanobis majority_vote majority_vote_error
mcnemar_test minkowski minkowski_score mixed_distance mutual_info nemenyi_test
normalized_mutual_info pair_counts pair_f1 paired_ttest_5x2cv pairwise_diversity
pareto_front permutation_test perturbation_interval plurality_vote policy_iteration
prediction_strength purity q_learning q_statistic rand_index roc_auc sample_size_for_width
selection_cv_error selective_variance_gap separation silhouette_samples silhouette_width
spacing stratified_error td_lambda test_error v_measure variation_of_information vdm
weighted_average weighted_vote within_cluster_variation
""".split()

#: result types docs/DESIGN.md names, kept in ``pe.__all__`` with the contract
CONTRACT_RESULT_TYPES = {"ErrorEstimate", "ConfidenceInterval"}


def _is_result_type(obj) -> bool:
    return (
        inspect.isclass(obj) and dataclasses.is_dataclass(obj) and obj.__dataclass_params__.frozen
    )


def _top_level_attributes() -> dict:
    return {
        name: obj
        for name, obj in vars(pe).items()
        if not name.startswith("_") and not isinstance(obj, ModuleType)
    }


def test_design_names_stay_in_all():
    assert set(DESIGN_NAMES) <= set(pe.__all__)
    assert sorted(pe.__all__) == pe.__all__ and len(set(pe.__all__)) == len(pe.__all__)


def test_all_holds_methods_not_result_types():
    results = sorted(name for name in pe.__all__ if _is_result_type(getattr(pe, name)))
    assert set(results) <= CONTRACT_RESULT_TYPES, results
    assert not any(isinstance(getattr(pe, name), ModuleType) for name in pe.__all__)


def _library_result_classes() -> dict[str, type]:
    """Every Result subclass in the ``__all__`` of a public module (no part of its dotted
    name private), by name."""
    from patterneval._results import Result

    found = {}
    for info in pkgutil.walk_packages(pe.__path__, "patterneval."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.isclass(obj) and issubclass(obj, Result):
                found[name] = obj
    return found


def test_result_types_are_written_out():
    """``patterneval._RESULT_TYPES`` is a written-out list, not whatever the imports above a
    line of ``__init__.py`` bound: it is exactly the result types that the methods of
    ``pe.__all__`` return (the names in their return annotations, a class's public methods
    included), the contract's two aside, and each is imported at the top level."""
    classes = _library_result_classes()
    returned = set()
    for name in pe.__all__:
        obj = getattr(pe, name)
        if inspect.isclass(obj):
            funcs = [
                f
                for attr, f in inspect.getmembers(obj, inspect.isfunction)
                if not attr.startswith("_") or attr == "__init__"
            ]
        else:
            funcs = [obj] if callable(obj) else []
        for func in funcs:
            annotation = inspect.get_annotations(func).get("return")
            returned |= set(re.findall(r"\w+", str(annotation))) & set(classes)
    assert isinstance(pe._RESULT_TYPES, frozenset)
    assert pe._RESULT_TYPES == returned - CONTRACT_RESULT_TYPES, sorted(
        pe._RESULT_TYPES ^ (returned - CONTRACT_RESULT_TYPES)
    )
    for name in pe._RESULT_TYPES:
        assert getattr(pe, name, None) is classes[name], name


def test_result_types_are_attributes_and_live_in_their_module():
    """Every top-level attribute is in ``__all__`` or a result type; a result type is
    listed in the ``__all__`` of the module that defines it."""
    extra = {name: obj for name, obj in _top_level_attributes().items() if name not in pe.__all__}
    assert not [name for name, obj in extra.items() if not _is_result_type(obj)]
    assert len(extra) > 40
    for name, obj in extra.items():
        home = importlib.import_module(obj.__module__)
        assert name in home.__all__ and getattr(home, name) is obj, name


def test_chapter_helpers_live_in_their_chapter_module():
    helpers = {
        "patterneval.book.simulation": ["check_mean", "format_checks", "SimulationCheck"],
        "patterneval.book.error_rate": ["simulate_coverage", "CoverageSimulation"],
        "patterneval.book.selective_sampling": ["simulate_sampling", "SamplingSimulation"],
        "patterneval.book.optimisation": ["rosenbrock", "quadratic_problem"],
        "patterneval.book.feature_selection": ["leak_grid", "LeakGrid"],
        "patterneval.book.permutation_tests": ["signal_tests"],
        "patterneval.book.cv_intervals": [
            "expected_svm_error",
            "two_gaussians",
            "run_coverage_study",
        ],
        "patterneval.book.internal_indices": ["blob_data", "blob_index_grid"],
        "patterneval.book.cluster_stability": ["stability_blobs", "stability_view"],
        "patterneval.book.external_indices": ["relabel", "relabel_profiles"],
        "patterneval.book.tree_learning": ["play_tennis", "enjoy_sport"],
        "patterneval.book.reinforcement": ["gridworld"],
        "patterneval.book.dimension_reduction": ["cocktail_party"],
        "patterneval.book.diversity": ["correlated_pair"],
        "patterneval.book.roc_auc": ["binormal_scores", "simulate_delong_coverage"],
        "patterneval.book.many_classifiers": ["demsar_table"],
        "patterneval.book.calibration": ["miscalibrated_forecasts"],
        "patterneval.book.two_classifiers": ["simulate_two_classifier_tests", "rejection_grid"],
        "patterneval.book.clustering_algorithms": ["kmeans_grid"],
    }
    for module, names in helpers.items():
        mod = importlib.import_module(module)
        for name in names:
            assert name in mod.__all__ and not hasattr(pe, name), (module, name)
