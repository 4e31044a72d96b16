"""Explorer of the chapter "External indices": relabel a growing share of a partition and
watch every index move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..book.external_indices import relabel_profiles
from ..plotting.cluster_external import IndexProfilePainter
from ._base import Explorer, selection_slider

__all__ = ["RelabelExplorer"]


class RelabelExplorer(Explorer):
    """Sliders: the fraction of samples relabelled and the number of labels they are
    drawn from. Everything is precomputed by
    :func:`patterneval.book.external_indices.relabel_profiles`; a move only sets
    the painter's data.

    Parameters
    ----------
    labels_true : array_like of shape (n,)
        The reference partition.
    grid : array_like of float in [0, 1], default 0, 0.05, ..., 1, keyword-only
        Fractions of samples relabelled (the slider's positions).
    cluster_options : sequence of int, default (2, 3, 5, 10, 30), keyword-only
        Numbers of labels the new labels are drawn from.
    noise : float, default 0.3, keyword-only
        Initial fraction (the nearest grid point).
    n_clusters : int, optional, keyword-only
        Initial number of labels, one of ``cluster_options`` (default the first).
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of :func:`~patterneval.book.external_indices.relabel_profiles`.
    """

    painter: Any = IndexProfilePainter
    chapter = "book/part2/external-indices"
    caption = (
        "External indices of a partition against its relabelled copy: Rand drifts up "
        "with the number of labels while the adjusted Rand index stays near 0; sliders "
        "set the fraction relabelled and the number of labels."
    )

    def __init__(
        self,
        labels_true: ArrayLike,
        *,
        grid: ArrayLike = np.linspace(0, 1, 21),
        cluster_options: Sequence[int] = (2, 3, 5, 10, 30),
        noise: float = 0.3,
        n_clusters: int | None = None,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        self.grid = np.asarray(grid, dtype=float)
        self.profiles = relabel_profiles(
            labels_true, grid=self.grid, cluster_options=cluster_options, rng=rng
        )
        controls = {
            "noise": selection_slider(
                "fraction relabelled",
                [(f"{g:.2f}", float(g)) for g in self.grid],
                float(self.grid[np.argmin(np.abs(self.grid - noise))]),
            ),
            "n_clusters": selection_slider(
                "labels drawn from", list(cluster_options), n_clusters or cluster_options[0]
            ),
        }
        super().__init__(controls, width=9.0, height=3.6)

    def draw(self, *, noise: float, n_clusters: int) -> None:
        """Show the precomputed index profile of one number of labels, marking one fraction.

        Parameters
        ----------
        noise : float
            Fraction of samples relabelled (the fraction slider); a point of ``grid``.
        n_clusters : int
            Number of labels the new labels are drawn from (the labels slider);
            one of ``cluster_options``.

        Returns
        -------
        None
        """
        self.painter.update(profile=self.profiles[n_clusters], grid=self.grid, noise=noise)
