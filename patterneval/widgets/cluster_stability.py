"""Explorer of the chapter "How many clusters, and how stable?": blob noise, k and the
resampling scheme against cluster-wise stability and the gap statistic."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._explore import StabilityOverK, stability_over_k
from ..book.cluster_stability import stability_view
from ..cluster.stability import STABILITY_METHODS
from ..plotting.cluster_stability import ClusterStabilityKPainter, ClusterStabilityPainter
from ._base import Explorer, int_slider, selection_slider, toggle_buttons

__all__ = ["ClusterStabilityExplorer"]


class ClusterStabilityExplorer(Explorer):
    """Sliders: the standard deviation of three Gaussian blobs, k-means' k, and Hennig's
    resampling scheme. Each setting is computed once by
    :func:`patterneval.book.cluster_stability.stability_view` (a few tenths of a second) and
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
        Seed of :func:`~patterneval.book.cluster_stability.stability_view`.

    Notes
    -----
    :meth:`from_data` shows the user's data instead, in scikit-learn's Display style: the
    stability of the user's clusterer at every k of ``k_values`` is computed once, then a k
    slider over :class:`~patterneval.plotting.cluster_stability.ClusterStabilityKPainter`
    shows that k's clustering and its numbers. The book's synthetic constructor above is
    unchanged.
    """

    __test__ = False

    painter: Any = ClusterStabilityPainter
    data: StabilityOverK  # the user's data, on an explorer made by from_data
    chapter = "book/part2/cluster-stability"
    caption = (
        "Cluster-wise stability (mean Jaccard over resamples) of k-means on three blobs, "
        "and the gap statistic of the same data; sliders set the blobs' spread, k and the "
        "resampling scheme."
    )

    def __init__(
        self,
        *,
        noise: float = 1.0,
        k: int = 3,
        method: Literal["bootstrap", "subsample", "noise"] = "bootstrap",
        noises: Sequence[float] = (0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0),
        ks: Sequence[int] = range(2, 7),
        n: int = 150,
        n_resamples: int = 20,
        n_references: int = 10,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        self.options = dict(
            n=n, n_resamples=n_resamples, n_references=n_references, k_max=max(ks), rng=rng
        )
        self.views: dict[tuple[float, int, str], dict] = {}
        controls = {
            "noise": selection_slider("blob sd", [float(v) for v in noises], float(noise)),
            "k": int_slider("k", k, min(ks), max(ks)),
            "method": toggle_buttons("resampling", list(STABILITY_METHODS), method),
        }
        if max(ks) > 6:
            raise ValueError(
                f"ks must stay within 2..6 (the painter draws six bars); got {list(ks)}."
            )
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
            What :func:`~patterneval.book.cluster_stability.stability_view` returns for the setting.
        """
        key = (float(noise), int(k), method)
        if key not in self.views:
            self.views[key] = stability_view(noise, k, method, **self.options)
        return self.views[key]

    def draw(self, *, k: int, noise: float | None = None, method: str | None = None) -> None:
        """Show the view of one setting, computing it on its first visit.

        An explorer of the user's data (:meth:`from_data`) has the k slider only and shows
        what was computed for that k.

        Parameters
        ----------
        k : int
            Number of clusters (the k slider).
        noise : float, optional
            Standard deviation of the blobs (the blob sd slider); one of ``noises``.
        method : str, optional
            Resampling scheme (the resampling toggle): "bootstrap", "subsample" or
            "noise".

        Returns
        -------
        None
        """
        if "data" in self.fixed:
            self.painter.update(k=k, **self.fixed)
            return
        assert noise is not None and method is not None  # the chapter's explorer has both controls
        self.painter.update(view=self.view(noise, k, method), k=k, method=method, noise=noise)

    @classmethod
    @keywords
    def from_data(
        cls,
        X: ArrayLike,
        clusterer: Any,
        k_values: Sequence[int],
        *,
        n_resamples: int = 50,
        method: Literal["bootstrap", "subsample", "noise"] = "bootstrap",
        n_references: int | None = 10,
        rng: int | np.random.Generator | None = None,
        k: int | None = None,
    ) -> ClusterStabilityExplorer:
        """The explorer of one clusterer's stability on the user's data, over k.

        For every k of ``k_values``, :func:`~patterneval.cluster_stability` of the
        clusterer with ``n_clusters=k`` (each k with the same ``rng``), and
        :func:`~patterneval.gap_statistic` over 1 and ``k_values`` are computed once,
        here (``len(k_values) * (n_resamples + 1)`` fits, plus ``(len(k_values) + 1) *
        (n_references + 1)`` for the gap); the k slider only shows them. The data are drawn
        in two dimensions: as given with two columns, by their first two principal
        components (:class:`~patterneval.decomposition.PCA`) with more.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
            The data.
        clusterer : estimator with an ``n_clusters`` parameter
            Such as ``KMeans(n_init=10)`` or ``AgglomerativeClustering()``; cloned for
            every fit.
        k_values : sequence of int
            Numbers of clusters, strictly increasing, each in [2, n_samples - 1]
            (consecutive values for the gap statistic's 1-SE rule).
        n_resamples : int, default 50, keyword-only
            Replicates of the stability for each k.
        method : {"bootstrap", "subsample", "noise"}, default "bootstrap", keyword-only
            Hennig's resampling scheme.
        n_references : int or None, default 10, keyword-only
            Reference data sets of the gap statistic; None skips it.
        rng : None, int or numpy.random.Generator, keyword-only
            Seed of the resampling and the reference sets.
        k : int, optional, keyword-only
            Initial k, one of ``k_values``; default the first.

        Returns
        -------
        ClusterStabilityExplorer

        Examples
        --------
        >>> from sklearn.cluster import KMeans
        >>> from sklearn.datasets import load_iris
        >>> from patterneval.widgets import ClusterStabilityExplorer
        >>> X, _ = load_iris(return_X_y=True)
        >>> explorer = ClusterStabilityExplorer.from_data(X, KMeans(n_init=3), [2, 3, 4], n_resamples=5,
        ...                                               n_references=3, rng=0)
        >>> explorer
        ClusterStabilityExplorer(k=2)
        >>> explorer.data.stability[2].stability.round(2).tolist()
        [1.0, 1.0]
        >>> explorer.controls["k"].value = 3  # a slider move
        >>> explorer.painter.ax_data.get_title()
        'k = 3'
        """
        from .._validation import fail

        data = stability_over_k(
            X,
            clusterer,
            k_values,
            n_resamples=n_resamples,
            method=method,
            n_references=n_references,
            rng=rng,
        )
        ks = [int(v) for v in data.k_values]
        if k is None:
            k = ks[0]
        elif k not in ks:
            raise fail("k", f"one of k_values {ks}", k)
        self = cls.__new__(cls)
        self.data = data
        self.caption = (
            f"{type(clusterer).__name__} on the data given: the clustering into k clusters, each "
            f"cluster's mean Jaccard under {data.method} resampling, and the stability and the gap "
            f"statistic over k; the slider sets k."
        )
        controls = {"k": selection_slider("k", ks, int(k))}
        Explorer.__init__(
            self,
            controls,
            fixed={"data": data},
            width=10.5,
            height=3.4,
            painter=functools.partial(ClusterStabilityKPainter, k_max=max(ks)),
        )
        return self
