"""Evaluating clusterings: external indices (comparing two partitions) and internal
indices (judging one partition from the data), one module each."""

from .._api import public_names as _public_names

from .algorithms import (
    ISODATA,
    LINKAGES,
    HeuristicClustering,
    Hierarchy,
    KMeans,
    hierarchical,
    kmeans_plusplus,
    kmeans_plusplus_probabilities,
    max_min_distance,
    threshold_clustering,
)
from .external import (
    RANDOM_MODELS,
    PairCounts,
    adjusted_mutual_info,
    adjusted_rand_index,
    all_indices,
    clustering_accuracy,
    completeness,
    contingency_matrix,
    expected_mutual_info,
    f_measure,
    fowlkes_mallows_index,
    homogeneity,
    jaccard_index,
    minkowski_score,
    mutual_info,
    normalized_mutual_info,
    pair_counts,
    pair_f1,
    purity,
    rand_index,
    random_partition,
    v_measure,
    variation_of_information,
)
from .internal import (
    CURVE_INDICES,
    DISTANCE_METRICS,
    PredictionStrength,
    calinski_harabasz_index,
    compactness,
    connectivity,
    davies_bouldin_index,
    dunn_index,
    index_curves,
    pareto_front,
    prediction_strength,
    separation,
    silhouette_samples,
    silhouette_width,
    spacing,
    within_cluster_variation,
)
from .stability import (
    ClusterStability,
    FeatureRemovalStability,
    GapStatistic,
    ad,
    adm,
    apn,
    cluster_stability,
    feature_removal_stability,
    fom,
    gap_statistic,
)

__all__ = _public_names(globals())
