"""The chapter "Internal indices" (Part II): three Gaussian blobs with a known truth, and
the k-means labels and index curves over their separation, for the chapter's explorer.

:func:`blob_data` draws three round blobs whose distance the reader sets;
:func:`blob_index_grid` precomputes, for every separation, the k-means clusterings and the
curves of :func:`~patterneval.cluster.internal.index_curves`, so that a slider only picks
from it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .._api import keywords
from .._validation import check_grid, check_rng, check_scalar, fail
from ..cluster.internal import _check_curve_args, _curves, _kmeans_seed

__all__ = ["blob_data", "blob_index_grid"]


@keywords
def blob_data(
    separation: float,
    *,
    n: int = 240,
    rng: int | np.random.Generator | None = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """Three round Gaussian blobs in the plane, a known truth for the chapter's examples.

    Sample i belongs to blob ``i % 3``; the blob centres sit on an equilateral triangle
    of side ``separation`` (centred at the origin, one vertex straight up) and every
    blob has standard deviation 1 in each coordinate. The noise is drawn first and is
    the same for every ``separation`` with the same seed, so only the distance between
    the blobs changes between calls. Larger ``separation`` means better separated
    clusters. Cost: O(n).

    Parameters
    ----------
    separation : float
        Distance between any two blob centres, > 0.
    n : int, default 240
        Number of samples, at least 3.
    rng : None, int or numpy.random.Generator, default 0

    Returns
    -------
    X : ndarray of shape (n, 2)
    truth : ndarray of shape (n,)
        The blob of each sample, 0, 1 or 2.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.book.internal_indices import blob_data
    >>> X, truth = blob_data(5.0, n=6, rng=0)
    >>> X.shape, truth.tolist()
    ((6, 2), [0, 1, 2, 0, 1, 2])
    >>> Y, _ = blob_data(9.0, n=6, rng=0)  # same noise, centres moved apart
    >>> bool(np.allclose((Y - X)[0], [0.0, 4.0 / np.sqrt(3)]))
    True
    """
    separation = check_scalar("separation", separation, float, low=0, closed="neither")
    n = check_scalar("n", n, int, low=3)
    g = check_rng(rng)
    truth = np.arange(n) % 3
    noise = g.normal(size=(n, 2))
    angles = np.pi / 2 + 2 * np.pi * np.arange(3) / 3
    centres = separation / np.sqrt(3) * np.column_stack([np.cos(angles), np.sin(angles)])
    return centres[truth] + noise, truth


@keywords
def blob_index_grid(
    separations: Sequence[float],
    ks: Sequence[int],
    *,
    n: int = 240,
    rng: int | np.random.Generator | None = 0,
    names: Sequence[str] = ("silhouette", "Dunn", "DBI", "connectivity"),
) -> dict:
    """K-means labels and index curves for :func:`blob_data` at every separation: the
    precomputation behind the chapter's blob explorer.

    For each ``s`` in ``separations``: ``X, _ = blob_data(s, n=n, rng=rng)``, the k-means
    labels for every k in ``ks`` and the curves of :func:`~patterneval.cluster.internal.index_curves` (same seed, same
    values). The direction of "better" is that of each index (see
    :func:`~patterneval.cluster.internal.index_curves`).
    Cost: ``len(separations) * len(ks)`` k-means fits plus the indices.

    Parameters
    ----------
    separations : sequence of float
        Strictly increasing centre distances, each > 0.
    ks : sequence of int
        Strictly increasing numbers of clusters, each in ``2 .. n - 1``.
    n : int, default 240
        Samples per data set, at least 3.
    rng : None, int or numpy.random.Generator, default 0
        Seed of the data and of k-means (as in :func:`blob_data`, :func:`~patterneval.cluster.internal.index_curves`).
    names : sequence of str
        Keys of :data:`~patterneval.cluster.internal.CURVE_INDICES`.

    Returns
    -------
    dict
        ``{float(s): (X, {k: labels}, curves)}``.

    Examples
    --------
    >>> from patterneval.book.internal_indices import blob_index_grid
    >>> grid = blob_index_grid([2.0, 8.0], [2, 3], n=30, names=("silhouette",))
    >>> sorted(grid)
    [2.0, 8.0]
    >>> X, labelings, curves = grid[8.0]
    >>> X.shape, sorted(labelings), curves["k"].tolist()
    ((30, 2), [2, 3], [2, 3])
    """
    separations = check_grid("separations", separations)
    if separations[0] <= 0:
        raise fail("separations", "values > 0", separations.tolist())
    n = check_scalar("n", n, int, low=3)
    ks = check_grid("ks", ks, integer=True, low=2, high=n - 1, high_name="n - 1")
    _, _, names = _check_curve_args(np.zeros((n, 1)), ks, names)
    seed = _kmeans_seed(rng)
    grid = {}
    for s in separations:
        X, _ = blob_data(float(s), n=n, rng=seed)
        labelings, curves = _curves(X, ks, seed, names)
        grid[float(s)] = (X, labelings, curves)
    return grid
