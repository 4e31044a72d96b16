"""The chapter "External indices" (Part II): a partition relabelled at random, and every
index against the share of relabelled samples, for the chapter's explorer.

:func:`relabel` makes a noisy copy of a partition; :func:`relabel_profiles` precomputes
:func:`~patterneval.all_indices` of the copy against the original over a grid of shares,
so that a slider only picks from it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._validation import check_grid, check_rng, check_scalar
from ..cluster._checks import check_partitions
from ..cluster.external import all_indices

__all__ = ["relabel", "relabel_profiles"]


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
