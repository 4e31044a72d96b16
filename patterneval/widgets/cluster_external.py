"""Explorer of the chapter "External indices": relabel a growing share of a partition and
watch every index move."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from .._validation import check_rng
from ..book.external_indices import relabel, relabel_profiles
from ..cluster.external import (
    adjusted_mutual_info,
    expected_mutual_info,
    mutual_info,
    normalized_mutual_info,
    variation_of_information,
)
from ..plotting.cluster_external import IndexProfilePainter
from ._base import Explorer, selection_slider, toggle_buttons

__all__ = ["RelabelExplorer"]


def _vi_over_log_n(labels_true, labels_pred) -> float:
    """The variation of information in units of its upper bound log n (Meila 2007)."""
    return variation_of_information(labels_true, labels_pred) / np.log(len(labels_true))


#: The indices of the explorer's "information" view, in their bars' order: MI and its
#: chance level in nats (at most log K), NMI and AMI in [0, 1] (AMI about 0 by chance), VI
#: divided by its bound log n, so that every bar shares one axis.
_INFORMATION = {
    "mutual_info": mutual_info,
    "expected_mutual_info": expected_mutual_info,
    "normalized_mutual_info": normalized_mutual_info,
    "adjusted_mutual_info": adjusted_mutual_info,
    "vi_over_log_n": _vi_over_log_n,
}


def _information_profiles(labels_true, grid, cluster_options, rng) -> dict:
    """The :data:`_INFORMATION` indices of the same relabelled copies as
    :func:`~patterneval.book.external_indices.relabel_profiles` draws from ``rng`` (a
    Generator in the state that function starts from): ``{c: {name: array over grid}}``."""
    out = {}
    for c in cluster_options:
        pairs = [relabel(labels_true, f, n_clusters=c, rng=rng) for f in grid]
        out[c] = {
            name: np.array([index(labels_true, p) for p in pairs])
            for name, index in _INFORMATION.items()
        }
    return out


class RelabelExplorer(Explorer):
    """Sliders: the fraction of samples relabelled and the number of labels they are
    drawn from; a toggle: the view, every index of
    :func:`~patterneval.all_indices` (``"indices"``) or the information-based ones
    (``"information"``: MI, its expectation under random labelling E[MI], NMI, AMI and
    VI / log n, on one shared axis). Everything is precomputed by
    :func:`patterneval.book.external_indices.relabel_profiles` and, for the same
    relabelled copies, by the information indices of :mod:`patterneval.cluster.external`;
    a move only sets the painter's data.

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
    view : {"indices", "information"}, default "indices", keyword-only
        Initial view.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of :func:`~patterneval.book.external_indices.relabel_profiles`.
    """

    painter: Any = IndexProfilePainter
    chapter = "book/part2/external-indices"
    caption = (
        "External indices of a partition against its relabelled copy: Rand drifts up "
        "with the number of labels while the adjusted Rand index stays near 0; sliders "
        "set the fraction relabelled and the number of labels, and the information view "
        "shows MI rising to its chance level E[MI] while AMI stays near 0."
    )

    def __init__(
        self,
        labels_true: ArrayLike,
        *,
        grid: ArrayLike = np.linspace(0, 1, 21),
        cluster_options: Sequence[int] = (2, 3, 5, 10, 30),
        noise: float = 0.3,
        n_clusters: int | None = None,
        view: Literal["indices", "information"] = "indices",
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        self.grid = np.asarray(grid, dtype=float)
        g = check_rng(rng)
        state = copy.deepcopy(g)  # the state relabel_profiles starts from: the same copies
        self.profiles = relabel_profiles(
            labels_true, grid=self.grid, cluster_options=cluster_options, rng=g
        )
        self.information = _information_profiles(
            np.asarray(labels_true), self.grid, list(self.profiles), state
        )
        values = np.concatenate([v for p in self.information.values() for v in p.values()])
        self.information_limits = (min(-0.1, float(values.min())), 1.1 * float(values.max()))
        controls = {
            "noise": selection_slider(
                "fraction relabelled",
                [(f"{g:.2f}", float(g)) for g in self.grid],
                float(self.grid[np.argmin(np.abs(self.grid - noise))]),
            ),
            "n_clusters": selection_slider(
                "labels drawn from", list(cluster_options), n_clusters or cluster_options[0]
            ),
            "view": toggle_buttons("view", ["indices", "information"], view),
        }
        super().__init__(controls, width=9.0, height=3.6)

    def draw(
        self,
        *,
        noise: float,
        n_clusters: int,
        view: Literal["indices", "information"] = "indices",
    ) -> None:
        """Show the precomputed index profile of one number of labels, marking one fraction.

        Parameters
        ----------
        noise : float
            Fraction of samples relabelled (the fraction slider); a point of ``grid``.
        n_clusters : int
            Number of labels the new labels are drawn from (the labels slider);
            one of ``cluster_options``.
        view : {"indices", "information"}, default "indices"
            Every index, or the information-based ones (the view toggle).

        Returns
        -------
        None
        """
        if view == "information":
            self.painter.update(
                profile=self.information[n_clusters],
                grid=self.grid,
                noise=noise,
                limits=self.information_limits,
            )
        else:
            self.painter.update(profile=self.profiles[n_clusters], grid=self.grid, noise=noise)
