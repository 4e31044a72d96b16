"""Explorer of the chapter "Internal indices": blob separation and k against every index."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..book.internal_indices import blob_index_grid
from ..plotting.cluster_internal import InternalIndexPainter
from ._base import Explorer, int_slider, selection_slider

__all__ = ["InternalIndexExplorer"]


class InternalIndexExplorer(Explorer):
    """Sliders: the distance between the centres of three Gaussian blobs and KMeans' k.

    Every (separation, k) is precomputed once by
    :func:`patterneval.book.internal_indices.blob_index_grid`, so a slider move only
    sets artist data.

    Parameters
    ----------
    separation : float, default 4.0, keyword-only
        Initial centre distance, one of ``separations``.
    k : int, default 3, keyword-only
        Initial number of clusters, in ``ks``.
    separations : array_like of float, default 1, 2, ..., 8, keyword-only
        Centre distances precomputed.
    ks : sequence of int, default 2..8, keyword-only
        Numbers of clusters precomputed.
    n : int, default 240, keyword-only
        Samples per data set.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of :func:`~patterneval.book.internal_indices.blob_index_grid`.
    """

    __test__ = False

    def __init__(
        self,
        *,
        separation: float = 4.0,
        k: int = 3,
        separations: ArrayLike = np.arange(1.0, 8.5, 1.0),
        ks: Sequence[int] = range(2, 9),
        n: int = 240,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        self.grid = blob_index_grid(separations, list(ks), n=n, rng=rng)
        options = list(self.grid)
        controls = {
            "separation": selection_slider("centre distance", options, float(separation)),
            "k": int_slider("k", k, min(ks), max(ks)),
        }
        super().__init__(controls, fixed={"grid": self.grid}, width=9.0, height=3.0)

    painter = InternalIndexPainter
    chapter = "book/part2/internal-indices"
    caption = (
        "Internal indices of KMeans partitions of three Gaussian blobs against k; "
        "sliders move the blobs apart and pick k."
    )
