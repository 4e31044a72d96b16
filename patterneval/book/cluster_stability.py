"""The chapter "Cluster stability" (Part II): three blobs of adjustable noise, and what the
chapter's explorer draws for one slider setting.

:func:`stability_blobs` draws three Gaussian blobs around a triangle's corners;
:func:`stability_view` clusters them and measures the cluster-wise stability
(:func:`~patterneval.cluster_stability`) and the gap statistic
(:func:`~patterneval.gap_statistic`) of the same data.
"""

from __future__ import annotations

import functools
from typing import Literal

import numpy as np

from .._api import keywords
from .._validation import check_rng, check_scalar, is_int_seed
from ..cluster.stability import cluster_stability, gap_statistic

__all__ = ["stability_blobs", "stability_view"]


@keywords
def stability_blobs(
    noise: float,
    *,
    n: int = 150,
    rng: int | np.random.Generator | None = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """Three Gaussian blobs of ``n // 3`` points each around the corners of a triangle of
    side 6, with standard deviation ``noise``: the chapter's and the explorer's data.

    Returns ``(X, labels_true)``.

    Parameters
    ----------
    noise : float > 0
        Standard deviation of each blob.
    n : int >= 3, default 150, keyword-only
        Total points (rounded down to a multiple of 3).
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed or generator (SPEC 7).

    Returns
    -------
    X : ndarray of shape (3 * (n // 3), 2)
    labels_true : ndarray of int, shape (3 * (n // 3),)
        The blob of each point, 0, 1, 2.

    Examples
    --------
    >>> from patterneval.book.cluster_stability import stability_blobs
    >>> X, y = stability_blobs(1.0, n=30)
    >>> X.shape, sorted(set(y.tolist()))
    ((30, 2), [0, 1, 2])
    """
    noise = check_scalar("noise", noise, float, low=0, closed="neither")
    n = check_scalar("n", n, int, low=3)
    gen = check_rng(rng)
    centres = 6.0 * np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3) / 2]])
    centres -= centres.mean(axis=0)
    y = np.repeat(np.arange(3), n // 3)
    return centres[y] + noise * gen.standard_normal((y.size, 2)), y


@keywords
def stability_view(
    noise: float,
    k: int,
    method: Literal["bootstrap", "subsample", "noise"],
    *,
    n: int = 150,
    n_resamples: int = 20,
    n_references: int = 10,
    k_max: int = 6,
    rng: int | np.random.Generator | None = 0,
) -> dict:
    """What the chapter's explorer draws for one slider setting: three blobs
    (:func:`stability_blobs` with standard deviation ``noise``), the cluster-wise
    stability of ``KMeans(n_clusters=k, n_init=3)`` under ``method``, and the gap
    statistic of the same data for k = 1..``k_max``.

    Returns a dict with ``X``, ``labels_true``, ``stability`` (:class:`~patterneval.cluster.stability.ClusterStability`)
    and ``gap`` (:class:`~patterneval.cluster.stability.GapStatistic`).

    Parameters
    ----------
    noise : float > 0
        Standard deviation of the blobs.
    k : int >= 1
        Clusters of the KMeans whose stability is measured.
    method : {"bootstrap", "subsample", "noise"}
        Resampling scheme of :func:`~patterneval.cluster_stability`.
    n : int >= 3, default 150, keyword-only
        Points.
    n_resamples : int, default 20, keyword-only
        Replicates of :func:`~patterneval.cluster_stability`: resamples of the one data set drawn here.
    n_references : int, default 10, keyword-only
        Reference data sets of :func:`~patterneval.gap_statistic`.
    k_max : int >= 2, default 6, keyword-only
        The gap statistic is computed for k = 1..k_max.
    rng : None or int, default 0, keyword-only
        Seed of the data, the resampling and the reference sets.

    Returns
    -------
    dict
        ``X``, ``labels_true``, ``stability`` (:class:`~patterneval.cluster.stability.ClusterStability`) and ``gap``
        (:class:`~patterneval.cluster.stability.GapStatistic`).

    Examples
    --------
    >>> from patterneval.book.cluster_stability import stability_view
    >>> view = stability_view(0.5, 3, "bootstrap", n=60, n_resamples=3, n_references=3, k_max=4)
    >>> view["stability"].stability.round(2).tolist(), view["gap"].k_values.tolist()
    ([1.0, 1.0, 1.0], [1, 2, 3, 4])
    """
    from sklearn.cluster import KMeans

    k = check_scalar("k", k, int, low=1)
    k_max = check_scalar("k_max", k_max, int, low=2)
    n_references = check_scalar("n_references", n_references, int, low=2)
    X, y = stability_blobs(noise, n=n, rng=rng)
    stab = cluster_stability(
        X, KMeans(n_clusters=k, n_init=3), n_resamples=n_resamples, method=method, rng=rng
    )
    if is_int_seed(rng):
        # X and the gap depend on noise, n and the seed only, not on k or the method: one
        # gap statistic serves every (k, method) of a noise (two thirds of a view's time)
        gap = _seeded_gap(float(noise), int(n), n_references, k_max, int(rng))
    else:  # a generator or fresh entropy: the draws continue from the stability's
        gap = gap_statistic(
            X, KMeans(n_init=3), range(1, k_max + 1), n_references=n_references, rng=rng
        )
    return {"X": X, "labels_true": y, "stability": stab, "gap": gap}


@functools.lru_cache(maxsize=64)
def _seeded_gap(noise: float, n: int, n_references: int, k_max: int, seed: int):
    """The gap statistic of :func:`stability_view` for an int seed (cached)."""
    from sklearn.cluster import KMeans

    X, _ = stability_blobs(noise, n=n, rng=seed)
    return gap_statistic(
        X, KMeans(n_init=3), range(1, k_max + 1), n_references=n_references, rng=seed
    )
