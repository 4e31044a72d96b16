"""Explorer of the chapter "How many clusters, and how stable?": blob noise, k and the
resampling scheme against cluster-wise stability and the gap statistic."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np

from ..cluster.stability import STABILITY_METHODS, stability_view
from ..plotting.cluster_stability import ClusterStabilityPainter
from ._base import Explorer, int_slider, selection_slider, toggle_buttons

__all__ = ["ClusterStabilityExplorer"]


class ClusterStabilityExplorer(Explorer):
    """Sliders: the standard deviation of three Gaussian blobs, k-means' k, and Hennig's
    resampling scheme. Each setting is computed once by
    :func:`patterneval.cluster.stability.stability_view` (a few tenths of a second) and
    kept, so moving back to it only redraws.

    Parameters
    ----------
    noise : float, default 1.0, keyword-only
        Initial blob standard deviation, one of ``noises``.
    k : int, default 3, keyword-only
        Initial number of clusters, in ``ks``.
    method : {"bootstrap", "subsample", "noise"}, default "bootstrap", keyword-only
        Initial resampling scheme.
    noises : sequence of float > 0, keyword-only
        Slider positions of the blob standard deviation (default 0.3 to 3.0).
    ks : sequence of int within 2..6, default 2..6, keyword-only
        Numbers of clusters offered (the painter draws at most six bars).
    n : int, default 150, keyword-only
        Points per data set.
    n_resamples : int, default 20, keyword-only
        Replicates of the stability per setting.
    n_references : int, default 10, keyword-only
        Reference data sets of the gap statistic.
    rng : None or int, default 0, keyword-only
        Seed of :func:`~patterneval.cluster.stability.stability_view`.
    """

    __test__ = False

    painter = ClusterStabilityPainter
    chapter = "book/part2/cluster-stability"
    caption = (
        "Cluster-wise stability (mean Jaccard over resamples) of k-means on three blobs, "
        "and the gap statistic of the same data; sliders set the blobs' spread, k and the "
        "resampling scheme."
    )

    def __init__(self, *, noise: float = 1.0, k: int = 3,
                 method: Literal["bootstrap", "subsample", "noise"] = "bootstrap",
                 noises: Sequence[float] = (0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0), ks: Sequence[int] = range(2, 7),
                 n: int = 150, n_resamples: int = 20, n_references: int = 10,
                 rng: int | np.random.Generator | None = 0) -> None:
        self.options = dict(n=n, n_resamples=n_resamples, n_references=n_references,
                            k_max=max(ks), rng=rng)
        self.views = {}
        controls = {
            "noise": selection_slider("blob sd", [float(v) for v in noises], float(noise)),
            "k": int_slider("k", k, min(ks), max(ks)),
            "method": toggle_buttons("resampling", list(STABILITY_METHODS), method),
        }
        if max(ks) > 6:
            raise ValueError(f"ks must stay within 2..6 (the painter draws six bars); got {list(ks)}.")
        super().__init__(controls, width=10.0, height=3.2)

    def view(self, noise: float, k: int, method: str) -> dict:
        """The computed view of one setting (cached).

        Parameters
        ----------
        noise : float
            Standard deviation of the blobs.
        k : int
            Number of clusters of k-means.
        method : str
            Resampling scheme: "bootstrap", "subsample" or "noise".

        Returns
        -------
        dict
            What :func:`~patterneval.cluster.stability.stability_view` returns for the setting.
        """
        key = (float(noise), int(k), method)
        if key not in self.views:
            self.views[key] = stability_view(noise, k, method, **self.options)
        return self.views[key]

    def draw(self, *, noise: float, k: int, method: str) -> None:
        """Show the view of one setting, computing it on its first visit.

        Parameters
        ----------
        noise : float
            Standard deviation of the blobs (the blob sd slider); one of ``noises``.
        k : int
            Number of clusters of k-means (the k slider).
        method : str
            Resampling scheme (the resampling toggle): "bootstrap", "subsample" or
            "noise".

        Returns
        -------
        None
        """
        self.painter.update(view=self.view(noise, k, method), k=k, method=method, noise=noise)
