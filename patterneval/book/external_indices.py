"""The chapter "External indices" (Part II): a partition relabelled at random, and every
index against the share of relabelled samples, for the chapter's explorer; and the
simulations of its section on information-based indices.

:func:`relabel` makes a noisy copy of a partition; :func:`relabel_profiles` precomputes
:func:`~patterneval.all_indices` of the copy against the original over a grid of shares,
so that a slider only picks from it. :func:`chance_information` draws random relabellings
and records their mutual information and AMI next to the exact expected mutual
information; :func:`vi_triangle_slack` measures how far random triples of partitions are
from violating the triangle inequality of the variation of information.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._validation import check_grid, check_rng, check_scalar
from ..cluster._checks import check_partitions
from ..cluster.external import (
    adjusted_mutual_info,
    all_indices,
    expected_mutual_info,
    mutual_info,
    variation_of_information,
)

__all__ = ["chance_information", "relabel", "relabel_profiles", "vi_triangle_slack"]


@keywords
def relabel(
    labels_true: ArrayLike,
    fraction: float,
    *,
    n_clusters: int | None = None,
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    """A noisy copy of a partition: a random ``fraction`` of the samples (rounded down)
    get a label drawn uniformly from ``0, ..., n_clusters - 1`` (default: the number of
    classes of ``labels_true``); the others keep theirs. ``labels_true`` must hold
    integers ``0, ..., K - 1``; use ``numpy.unique(..., return_inverse=True)`` first.

    Parameters
    ----------
    labels_true : array_like of int, shape (n_samples,)
        Labels ``0, ..., K - 1`` (at least one sample).
    fraction : float in [0, 1]
        Share of the samples relabelled; ``int(fraction * n_samples)`` of them, drawn
        without replacement.
    n_clusters : int >= 1, optional, keyword-only
        Labels ``0, ..., n_clusters - 1`` the chosen samples draw from (default K, the number
        of distinct labels). A drawn label may equal the old one.
    rng : None, int or numpy.random.Generator, keyword-only
        Seed or generator (SPEC 7).

    Returns
    -------
    ndarray of shape (n_samples,)
        The noisy copy (``labels_true`` itself is not changed).

    Examples
    --------
    >>> from patterneval.book.external_indices import relabel
    >>> relabel([0, 0, 1, 1], 0.0, rng=0).tolist()
    [0, 0, 1, 1]
    >>> relabel([0, 0, 1, 1], 0.5, n_clusters=5, rng=1).shape
    (4,)
    """
    labels, _ = check_partitions(labels_true, labels_true, names=("labels_true", "labels_true"))
    fraction = check_scalar("fraction", fraction, float, low=0, high=1)
    k = (
        int(np.unique(labels).size)
        if n_clusters is None
        else check_scalar("n_clusters", n_clusters, int, low=1)
    )
    rng = check_rng(rng)
    out = np.array(labels, copy=True)
    chosen = rng.choice(out.size, size=int(fraction * out.size), replace=False)
    out[chosen] = rng.integers(0, k, chosen.size)
    return out


@keywords
def relabel_profiles(
    labels_true: ArrayLike,
    *,
    grid: Sequence[float],
    cluster_options: Sequence[int],
    rng: int | np.random.Generator | None = 0,
) -> dict:
    """Every index of :func:`~patterneval.all_indices` against the share of relabelled samples: the
    precomputation behind the chapter's relabelling explorer.

    For each number of labels ``c`` in ``cluster_options`` and each fraction ``f`` in
    ``grid`` (in that order), ``relabel(labels_true, f, n_clusters=c)`` draws a noisy copy
    from one seeded Generator, and :func:`~patterneval.all_indices` compares it with ``labels_true``.
    At fraction 0 every index is at its best (1, or 0 for the Minkowski score); the
    direction of "better" is that of each index. Cost: ``len(cluster_options) *
    len(grid)`` calls of :func:`~patterneval.all_indices`, each O(n + K * K').

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        Integer labels ``0 .. K - 1`` (see :func:`relabel`).
    grid : sequence of float
        Strictly increasing fractions in [0, 1].
    cluster_options : sequence of int
        Strictly increasing numbers of labels the relabelled samples draw from, each >= 1.
    rng : None, int or numpy.random.Generator, default 0

    Returns
    -------
    dict
        ``{c: {index name: array over grid}}``, index names as in :data:`~patterneval.cluster.external.INDEX_NAMES`.

    Examples
    --------
    >>> from patterneval.book.external_indices import relabel_profiles
    >>> prof = relabel_profiles([0, 0, 1, 1, 2, 2], grid=[0.0, 1.0], cluster_options=(2, 3))
    >>> sorted(prof)
    [2, 3]
    >>> float(prof[2]["adjusted_rand_index"][0]), float(prof[2]["minkowski_score"][0])
    (1.0, 0.0)
    """
    labels, _ = check_partitions(labels_true, labels_true, names=("labels_true", "labels_true"))
    grid = check_grid("grid", grid, low=0.0, high=1.0)
    options = check_grid("cluster_options", cluster_options, integer=True, low=1)
    rng = check_rng(rng)
    out = {}
    for c in options.tolist():
        rows = [all_indices(labels, relabel(labels, f, n_clusters=c, rng=rng)) for f in grid]
        out[c] = {name: np.array([row[name] for row in rows]) for name in rows[0]}
    return out


@keywords
def chance_information(
    n_samples: int,
    cluster_counts: Sequence[int],
    *,
    n_rep: int = 200,
    rng: int | np.random.Generator | None = 0,
) -> dict:
    """Mutual information and AMI of unrelated partitions: the chance level that the
    adjusted mutual information removes.

    For each ``k`` in ``cluster_counts`` (in that order, from one seeded Generator): a
    reference ``u`` and a clustering ``v`` of ``n_samples`` labels, each drawn uniformly
    from ``0, ..., k - 1``; then ``n_rep`` uniform permutations of ``v``. Permuting keeps
    both sets of cluster sizes, so every replicate is a draw from the permutation
    (hypergeometric) model under which :func:`~patterneval.expected_mutual_info` is the
    exact mean of :func:`~patterneval.mutual_info`, and the mean of
    :func:`~patterneval.adjusted_mutual_info` is 0. Cost: ``len(cluster_counts) * n_rep``
    AMI computations, each O(n + k * k) plus the expectation.

    Parameters
    ----------
    n_samples : int
        Samples per partition, at least 2.
    cluster_counts : sequence of int
        Strictly increasing numbers of labels, each in ``2 .. n_samples``.
    n_rep : int, default 200
        Permutations per ``k``, at least 2.
    rng : None, int or numpy.random.Generator, default 0

    Returns
    -------
    dict
        ``{k: {"expected_mi": float, "mi": ndarray (n_rep,), "ami": ndarray (n_rep,)}}``;
        mutual information in nats.

    Examples
    --------
    >>> from patterneval.book.external_indices import chance_information
    >>> out = chance_information(30, [2, 5], n_rep=5, rng=0)
    >>> sorted(out), out[5]["mi"].shape
    ([2, 5], (5,))
    >>> bool(out[5]["expected_mi"] > out[2]["expected_mi"] > 0)
    True
    """
    n = check_scalar("n_samples", n_samples, int, low=2)
    ks = check_grid("cluster_counts", cluster_counts, integer=True, low=2, high=n)
    n_rep = check_scalar("n_rep", n_rep, int, low=2)
    g = check_rng(rng)
    out = {}
    for k in ks.tolist():
        u, v = g.integers(0, k, n), g.integers(0, k, n)
        perms = [g.permutation(v) for _ in range(n_rep)]
        out[k] = {
            "expected_mi": expected_mutual_info(u, v),
            "mi": np.array([mutual_info(u, w) for w in perms]),
            "ami": np.array([adjusted_mutual_info(u, w) for w in perms]),
        }
    return out


@keywords
def vi_triangle_slack(
    n_samples: int,
    max_clusters: int,
    *,
    n_triples: int = 500,
    rng: int | np.random.Generator | None = 0,
) -> np.ndarray:
    """How far random triples of partitions are from breaking the triangle inequality of
    the variation of information.

    Each triple ``(u, v, w)`` holds three partitions of ``n_samples`` samples; each draws
    its number of labels ``k`` uniformly from ``2 .. max_clusters`` and then every label
    uniformly from ``0 .. k - 1``. The slack of a triple is the smallest of the three
    ``VI(x, y) + VI(y, z) - VI(x, z)`` over the choices of the middle partition ``y``
    (:func:`~patterneval.variation_of_information`). VI is a metric, so every slack is
    >= 0 up to rounding (about 1e-15 times log n). Cost: ``3 * n_triples`` VI
    computations, each O(n + k * k).

    Parameters
    ----------
    n_samples : int
        Samples per partition, at least 2.
    max_clusters : int
        Largest number of labels, in ``2 .. n_samples``.
    n_triples : int, default 500
        Number of triples, at least 1.
    rng : None, int or numpy.random.Generator, default 0

    Returns
    -------
    ndarray of shape (n_triples,)
        The slack of each triple, in nats.

    Examples
    --------
    >>> from patterneval.book.external_indices import vi_triangle_slack
    >>> slack = vi_triangle_slack(20, 4, n_triples=50, rng=0)
    >>> slack.shape, bool(slack.min() > -1e-12)
    ((50,), True)
    """
    n = check_scalar("n_samples", n_samples, int, low=2)
    max_k = check_scalar("max_clusters", max_clusters, int, low=2, high=n)
    n_triples = check_scalar("n_triples", n_triples, int, low=1)
    g = check_rng(rng)
    slack = np.empty(n_triples)
    for t in range(n_triples):
        parts = [g.integers(0, g.integers(2, max_k + 1), n) for _ in range(3)]
        vi = {
            (i, j): variation_of_information(parts[i], parts[j])
            for i in range(3)
            for j in range(i + 1, 3)
        }
        d01, d02, d12 = vi[0, 1], vi[0, 2], vi[1, 2]
        slack[t] = min(d01 + d12 - d02, d01 + d02 - d12, d02 + d12 - d01)
    return slack
