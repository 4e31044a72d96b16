"""Distances between samples: Minkowski, Chebyshev, cosine, Mahalanobis, VDM for categorical attributes, mixed and weighted distances.

Placeholder: being written (issue 4). Each function raises NotImplementedError."""

__all__ = ['minkowski', 'chebyshev', 'cosine_similarity', 'cosine_distance', 'mahalanobis', 'vdm', 'mixed_distance']


def minkowski(*args, **kwargs):
    raise NotImplementedError("minkowski is being written")


def chebyshev(*args, **kwargs):
    raise NotImplementedError("chebyshev is being written")


def cosine_similarity(*args, **kwargs):
    raise NotImplementedError("cosine_similarity is being written")


def cosine_distance(*args, **kwargs):
    raise NotImplementedError("cosine_distance is being written")


def mahalanobis(*args, **kwargs):
    raise NotImplementedError("mahalanobis is being written")


def vdm(*args, **kwargs):
    raise NotImplementedError("vdm is being written")


def mixed_distance(*args, **kwargs):
    raise NotImplementedError("mixed_distance is being written")
