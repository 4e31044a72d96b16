"""Comparing two partitions of the same samples: contingency table, pair counts and the external indices built on them.

Placeholder: being written (issue 4). Each function raises NotImplementedError."""

__all__ = ['contingency_matrix', 'pair_counts', 'rand_index', 'adjusted_rand_index', 'jaccard_index', 'fowlkes_mallows_index', 'pair_f1', 'f_measure', 'purity', 'mutual_info', 'normalized_mutual_info', 'clustering_accuracy', 'minkowski_score']


def contingency_matrix(*args, **kwargs):
    raise NotImplementedError("contingency_matrix is being written")


def pair_counts(*args, **kwargs):
    raise NotImplementedError("pair_counts is being written")


def rand_index(*args, **kwargs):
    raise NotImplementedError("rand_index is being written")


def adjusted_rand_index(*args, **kwargs):
    raise NotImplementedError("adjusted_rand_index is being written")


def jaccard_index(*args, **kwargs):
    raise NotImplementedError("jaccard_index is being written")


def fowlkes_mallows_index(*args, **kwargs):
    raise NotImplementedError("fowlkes_mallows_index is being written")


def pair_f1(*args, **kwargs):
    raise NotImplementedError("pair_f1 is being written")


def f_measure(*args, **kwargs):
    raise NotImplementedError("f_measure is being written")


def purity(*args, **kwargs):
    raise NotImplementedError("purity is being written")


def mutual_info(*args, **kwargs):
    raise NotImplementedError("mutual_info is being written")


def normalized_mutual_info(*args, **kwargs):
    raise NotImplementedError("normalized_mutual_info is being written")


def clustering_accuracy(*args, **kwargs):
    raise NotImplementedError("clustering_accuracy is being written")


def minkowski_score(*args, **kwargs):
    raise NotImplementedError("minkowski_score is being written")
