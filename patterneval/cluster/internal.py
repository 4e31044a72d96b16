"""Judging a clustering from the data alone: compactness, connectivity, separation, silhouette, Dunn, Davies-Bouldin, CP, SP, Pareto comparison, prediction strength.

Placeholder: being written (issue 4). Each function raises NotImplementedError."""

__all__ = ['within_cluster_variation', 'connectivity', 'separation', 'silhouette_samples', 'silhouette_width', 'dunn_index', 'davies_bouldin_index', 'compactness', 'spacing', 'pareto_front', 'prediction_strength']


def within_cluster_variation(*args, **kwargs):
    raise NotImplementedError("within_cluster_variation is being written")


def connectivity(*args, **kwargs):
    raise NotImplementedError("connectivity is being written")


def separation(*args, **kwargs):
    raise NotImplementedError("separation is being written")


def silhouette_samples(*args, **kwargs):
    raise NotImplementedError("silhouette_samples is being written")


def silhouette_width(*args, **kwargs):
    raise NotImplementedError("silhouette_width is being written")


def dunn_index(*args, **kwargs):
    raise NotImplementedError("dunn_index is being written")


def davies_bouldin_index(*args, **kwargs):
    raise NotImplementedError("davies_bouldin_index is being written")


def compactness(*args, **kwargs):
    raise NotImplementedError("compactness is being written")


def spacing(*args, **kwargs):
    raise NotImplementedError("spacing is being written")


def pareto_front(*args, **kwargs):
    raise NotImplementedError("pareto_front is being written")


def prediction_strength(*args, **kwargs):
    raise NotImplementedError("prediction_strength is being written")
