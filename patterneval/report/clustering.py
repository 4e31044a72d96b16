"""One call to choose the number of clusters with the reasoning shown: per k the gap
statistic, bootstrap Jaccard stability, the APN/AD/ADM/FOM removal measures and the
internal indices, and the k each criterion picks (Part II of the book, "How many
clusters, and how stable?" and "Internal indices")."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, clone

from .._api import keywords
from .._ties import argmax_tied, argmin_tied
from .._validation import check_bool, check_grid, check_n_jobs, check_rng, check_scalar, fail
from ..cluster._checks import check_cluster_X, check_clusterer
from ..cluster.internal import (
    calinski_harabasz_index,
    davies_bouldin_index,
    dunn_index,
    silhouette_width,
)
from ..cluster.stability import (
    GapStatistic,
    _fit_codes,
    cluster_stability,
    feature_removal_stability,
    gap_statistic,
)
from ._base import CHAPTERS, Method, Report, Table, api, fmt
from ._common import draw_seeds

__all__ = ["CRITERIA", "ClusteringReport", "assess_clustering"]

#: The criteria of :func:`patterneval.assess_clustering`: (key, label, "max" or "min" is best).
CRITERIA = (
    ("stability", "mean Jaccard (bootstrap)", "max"),
    ("apn", "APN", "min"),
    ("ad", "AD", "min"),
    ("adm", "ADM", "min"),
    ("fom", "FOM", "min"),
    ("silhouette", "silhouette", "max"),
    ("dunn", "Dunn", "max"),
    ("davies_bouldin", "Davies-Bouldin", "min"),
    ("calinski_harabasz", "Calinski-Harabasz", "max"),
)

#: AD and FOM fall as k grows whatever the structure (more clusters, closer centres):
#: their minimum is read against that trend, not as a choice by itself (Datta & Datta 2003).
MONOTONE = ("ad", "fom")


@dataclasses.dataclass(frozen=True, repr=False, eq=False)
class ClusteringReport(Report):
    """What :func:`patterneval.assess_clustering` found, with the results it came from.

    Attributes
    ----------
    name : str
        The clusterer's class name.
    k_values : ndarray of int
    gap : GapStatistic
        Over all ``k_values``; ``gap.n_clusters`` is the 1-SE choice.
    stability : dict
        ``{k: ClusterStability}`` (bootstrap Jaccard), for each k >= 2.
    removal : dict
        ``{k: FeatureRemovalStability}``: APN, AD, ADM and FOM from one set of
        reclusterings, each equal to :func:`patterneval.apn` (and ``ad``, ``adm``,
        ``fom``) with the same seed; for each k >= 2 when X has two features or more.
    values : dict
        ``{criterion: ndarray over k_values}`` for the keys of :data:`patterneval.report.clustering.CRITERIA`;
        NaN at k = 1, where they are undefined.
    chosen : dict
        ``{criterion: k}``: the k each criterion picks among k >= 2 (its best value; ties
        to the smallest k), and ``"gap"``: the 1-SE choice.
    labels : dict
        ``{k: ndarray}``, the clustering of X into k clusters scored by the internal indices
        (the full-data clustering of ``removal[k]``).
    seeds : dict
        The int seeds drawn from ``rng``.
    n_references, n_resamples : int
    """

    name: str
    k_values: np.ndarray
    gap: GapStatistic
    stability: dict
    removal: dict
    values: dict
    chosen: dict
    labels: dict = dataclasses.field(repr=False)
    seeds: dict = dataclasses.field(repr=False)
    n_references: int = 20
    n_resamples: int = 50

    title = "Choosing the number of clusters"

    def _headline_text(self) -> str:
        ks = ", ".join(str(int(k)) for k in self.k_values)
        return f"{self.name}, k in {{{ks}}}: the gap statistic picks {self.chosen['gap']} clusters"

    def _tables(self):
        cols = ("k", "Gap ± SE") + tuple(label for _, label, _ in CRITERIA)
        rows = []
        for t, k in enumerate(self.k_values):
            rows.append(
                (str(int(k)), f"{fmt(self.gap.gap[t])} ± {fmt(self.gap.std_error[t])}")
                + tuple(
                    fmt(self.values[key][t], 1 if key == "calinski_harabasz" else 3)
                    for key, _, _ in CRITERIA
                )
            )
        per_k = Table(f"{self.name}: each criterion per k", cols, tuple(rows))
        rules = [
            (
                "gap statistic",
                str(self.chosen["gap"]),
                "smallest k with Gap(k) >= Gap(k+1) - s(k+1)"
                + ("" if self.gap.found else " (none qualified: the largest k)"),
            )
        ]
        for key, label, best in CRITERIA:
            rule = f"{'largest' if best == 'max' else 'smallest'} value"
            if key in MONOTONE:
                rule += " (falls with k by construction)"
            rules.append((label, "–" if self.chosen[key] is None else str(self.chosen[key]), rule))
        return [
            per_k,
            Table("The k each criterion picks", ("criterion", "k", "rule"), tuple(rules)),
        ]

    def _frame(self):
        cols = ["gap", "gap_se"] + [key for key, _, _ in CRITERIA]
        rows = [
            [self.gap.gap[t], self.gap.std_error[t]]
            + [self.values[key][t] for key, _, _ in CRITERIA]
            for t in range(self.k_values.size)
        ]
        return cols, rows, [int(k) for k in self.k_values]

    def to_frame(self) -> Any:  # a pandas.DataFrame
        """Each criterion per k as a pandas DataFrame (index ``k``; pandas is needed)."""
        frame = super().to_frame()
        frame.index.name = "k"
        return frame

    def summary(self) -> str:
        g = self.gap
        t = int(np.flatnonzero(self.k_values == g.n_clusters)[0])
        text = (
            f"The gap statistic's 1-SE rule picks k = {g.n_clusters} (Gap = {fmt(g.gap[t])}, SE = "
            f"{fmt(g.std_error[t])})"
            + ("" if g.found else ", the largest k tried, as no k qualified")
            + ". "
        )
        ks = self.stability
        if ks:
            k_stab = self.chosen["stability"]
            st = ks[k_stab]
            text += (
                f"Bootstrap Jaccard stability is highest at k = {k_stab} (mean {fmt(st.stability.mean())}, "
                f"least stable cluster {fmt(st.stability.min())}"
                + (
                    "; every cluster at least 0.75, stable by Hennig's reading"
                    if st.stability.min() >= 0.75
                    else "; a cluster below 0.75, not stable by Hennig's reading"
                )
                + "). "
            )
            picks: dict[int, list[str]] = {}
            for key, label, _ in CRITERIA:
                if key not in MONOTONE and key != "stability" and self.chosen[key] is not None:
                    picks.setdefault(self.chosen[key], []).append(label)
            said = "; ".join(
                f"{', '.join(v)} pick{'s' if len(v) == 1 else ''} k = {k}"
                for k, v in sorted(picks.items())
            )
            text += said[:1].upper() + said[1:] + ". "
            if self.chosen["ad"] is not None:
                where = (
                    f"both lowest at k = {self.chosen['ad']}"
                    if self.chosen["ad"] == self.chosen["fom"]
                    else f"lowest at k = {self.chosen['ad']} and k = {self.chosen['fom']}"
                )
                text += (
                    f"AD and FOM are {where}; both fall as k grows whatever the structure, so their minimum "
                    f"alone does not choose k. "
                )
            votes = [
                self.chosen[key]
                for key, _, _ in CRITERIA
                if key not in MONOTONE and self.chosen[key] is not None
            ] + [g.n_clusters]
            values, counts = np.unique(votes, return_counts=True)
            best = values[counts == counts.max()]
            text += (
                (
                    f"All {len(votes)} criteria that choose k pick k = {int(best[0])}."
                    if counts.max() == len(votes)
                    else f"k = {int(best[0])} is picked by {int(counts.max())} of the {len(votes)} criteria that "
                    f"choose k."
                )
                if best.size == 1
                else f"The criteria split between k = {', '.join(str(int(b)) for b in best)}."
            )
        return text.strip()

    def _methods(self):
        ch = CHAPTERS["cluster-stability"]
        return [
            Method(
                "gap statistic",
                f"The number of clusters was chosen by the gap statistic with "
                f"{self.n_references} uniform reference sets and its 1-SE rule (Tibshirani et al. 2001).",
                "Tibshirani et al. 2001",
                ch,
                api("cluster-internal", "gap_statistic"),
            ),
            Method(
                "bootstrap Jaccard stability",
                f"Each cluster's stability is its mean Jaccard similarity to "
                f"its best match over {self.n_resamples} bootstrap resamples (Hennig 2007).",
                "Hennig 2007",
                ch,
                api("cluster-internal", "cluster_stability"),
            ),
            Method(
                "APN, AD, ADM and FOM",
                "The removal measures APN, AD and ADM compare each clustering with the "
                "clusterings of the data with one feature removed at a time (Datta & Datta 2003), and FOM "
                "measures how well the clusters predict the removed feature (Yeung et al. 2001).",
                "Datta & Datta 2003; Yeung et al. 2001",
                ch,
                api("cluster-internal", "apn"),
            ),
            Method(
                "silhouette width",
                "The internal indices are the average silhouette width (Rousseeuw 1987),",
                "Rousseeuw 1987",
                CHAPTERS["internal-indices"],
                api("cluster-internal", "silhouette_width"),
            ),
            Method(
                "Dunn index",
                "Dunn's index (Dunn 1974),",
                "Dunn 1974",
                CHAPTERS["internal-indices"],
                api("cluster-internal", "dunn_index"),
            ),
            Method(
                "Davies-Bouldin index",
                "the Davies-Bouldin index (Davies & Bouldin 1979)",
                "Davies & Bouldin 1979",
                CHAPTERS["internal-indices"],
                api("cluster-internal", "davies_bouldin_index"),
            ),
            Method(
                "Calinski-Harabasz index",
                "and the Calinski-Harabasz index (Caliński & Harabasz 1974).",
                "Caliński & Harabasz 1974",
                ch,
                api("cluster-internal", "calinski_harabasz_index"),
            ),
        ]

    def _figure(self):
        from ..plotting import plot_gap

        return plot_gap({self.name: self.gap})


@keywords
def assess_clustering(
    X: ArrayLike,
    clusterer: BaseEstimator,
    k_values: Sequence[int],
    *,
    n_references: int = 20,
    n_resamples: int = 50,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> ClusteringReport:
    """Choose the number of clusters in one call, each criterion shown beside the others.

    For every k of ``k_values`` (each library function's result kept in the report):

    - the gap statistic with its standard error, and the 1-SE choice of k
      (:func:`patterneval.gap_statistic`, Tibshirani et al. 2001);
    - for k >= 2: each cluster's bootstrap Jaccard stability
      (:func:`patterneval.cluster_stability`, Hennig 2007), summarised by its mean over
      the clusters;
    - for k >= 2: the removal measures APN, AD, ADM (:func:`patterneval.apn`,
      :func:`patterneval.ad`, :func:`patterneval.adm`; Datta & Datta 2003) and FOM
      (:func:`patterneval.fom`; Yeung et al. 2001), all four from one set of
      reclusterings, one per feature left out
      (:func:`patterneval.feature_removal_stability`);
    - for k >= 2: the internal indices of the clustering of ``X`` into k clusters:
      silhouette width, Dunn, Davies-Bouldin, Calinski-Harabasz
      (:func:`patterneval.silhouette_width`, :func:`patterneval.dunn_index`,
      :func:`patterneval.davies_bouldin_index`,
      :func:`patterneval.calinski_harabasz_index`).

    Each criterion picks the k of its best value among k >= 2 (highest stability,
    silhouette, Dunn and Calinski-Harabasz; lowest APN, AD, ADM, FOM and
    Davies-Bouldin; ties to the smallest k). AD and FOM fall as k grows whatever the
    structure, so the summary does not count their minimum as a choice. At k = 1 only
    the gap statistic is defined (the others are NaN, shown as a dash).

    Parameters
    ----------
    X : array_like, shape (n_samples, n_features)
        The data; APN, AD, ADM and FOM need at least two features.
    clusterer : scikit-learn clusterer
        An estimator with an ``n_clusters`` parameter (``KMeans(n_init=10)``...); a clone
        is fitted for every k (its ``random_state`` drawn from ``rng``, as in the
        functions above).
    k_values : sequence of int
        Distinct numbers of clusters, each in 1 .. n_samples - 1; at least one >= 2.
    n_references : int, default 20, keyword-only
        Reference sets of the gap statistic.
    n_resamples : int, default 50, keyword-only
        Bootstrap resamples of the stability at each k.
    rng : None, int or numpy.random.Generator, keyword-only
        Int seeds are drawn from it in order (kept in ``seeds``): ``"gap"``, then per k
        ``"stability k"`` and ``"removal k"`` (APN, AD, ADM and FOM, computed together by
        :func:`patterneval.feature_removal_stability`, whose full-data clustering the
        internal indices score).
    n_jobs : None or int, keyword-only
        Parallel fits through joblib.
    progress : bool, default False, keyword-only

    Returns
    -------
    ClusteringReport
        Tables (criteria per k; the k each picks), the gap figure, ``summary()``,
        ``to_markdown()``, ``to_latex()``, ``to_frame()``, ``links``; the results as
        attributes (``gap``, ``stability``, ``values``, ``chosen``, ``labels``).

    Raises
    ------
    ValueError, TypeError
        Bad input, naming the argument.

    References
    ----------
    .. [1] R. Tibshirani, G. Walther and T. Hastie, "Estimating the number of clusters in
       a data set via the gap statistic," JRSS B 63(2), 411-423, 2001.
    .. [2] C. Hennig, "Cluster-wise assessment of cluster stability," Computational
       Statistics & Data Analysis 52(1), 258-271, 2007.
    .. [3] S. Datta and S. Datta, "Comparisons and validation of statistical clustering
       techniques for microarray gene expression data," Bioinformatics 19(4), 459-466,
       2003.
    .. [4] K. Y. Yeung, D. R. Haynor and W. L. Ruzzo, "Validating clustering for gene
       expression data," Bioinformatics 17(4), 309-318, 2001.
    .. [5] P. J. Rousseeuw, "Silhouettes: a graphical aid to the interpretation and
       validation of cluster analysis," J. Comput. Appl. Math. 20, 53-65, 1987.
    .. [6] J. C. Dunn, "Well-separated clusters and optimal fuzzy partitions," J.
       Cybernetics 4(1), 95-104, 1974.
    .. [7] D. L. Davies and D. W. Bouldin, "A cluster separation measure," IEEE TPAMI
       1(2), 224-227, 1979.
    .. [8] T. Caliński and J. Harabasz, "A dendrite method for cluster analysis,"
       Communications in Statistics 3(1), 1-27, 1974.

    Examples
    --------
    >>> import patterneval as pe
    >>> from sklearn.datasets import make_blobs
    >>> X, _ = make_blobs(60, centers=3, random_state=0)  # three blobs
    >>> rep = pe.assess_clustering(X, pe.KMeans(), [1, 2, 3, 4], n_references=5, n_resamples=5, rng=0)
    >>> rep.chosen["gap"], rep.chosen["silhouette"]
    (3, 3)
    """
    X = check_cluster_X(X)
    check_clusterer(clusterer)
    ks = check_grid(
        "k_values", k_values, integer=True, low=1, high=X.shape[0] - 1, high_name="n_samples - 1"
    )
    if not np.any(ks >= 2):
        raise fail(
            "k_values",
            "at least one k >= 2 (every criterion but the gap statistic needs two clusters)",
            ks.tolist(),
        )
    n_references = check_scalar("n_references", n_references, int, low=2)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    n_jobs = check_n_jobs(n_jobs)
    progress = check_bool("progress", progress)
    multi = [int(k) for k in ks if k >= 2]
    seeds = draw_seeds(
        rng, ["gap"] + [f"{what} {k}" for k in multi for what in ("stability", "removal")]
    )
    gap = gap_statistic(
        X,
        clusterer,
        ks,
        n_references=n_references,
        rng=seeds["gap"],
        n_jobs=n_jobs,
        progress=progress,
    )
    values = {key: np.full(ks.size, np.nan) for key, _, _ in CRITERIA}
    stability, removal, labels = {}, {}, {}
    for t, k in enumerate(ks):
        k = int(k)
        if k < 2:
            continue
        stability[k], rem, labels[k], at_k = _criteria_at(
            X, clusterer, k, seeds, n_resamples=n_resamples, n_jobs=n_jobs, progress=progress
        )
        if rem is not None:
            removal[k] = rem
        for key, value in at_k.items():
            values[key][t] = value
    return ClusteringReport(
        name=type(clusterer).__name__,
        k_values=ks,
        gap=gap,
        stability=stability,
        removal=removal,
        values=values,
        chosen=_chosen(values, ks, gap),
        labels=labels,
        seeds=seeds,
        n_references=n_references,
        n_resamples=n_resamples,
    )


def _criteria_at(X, clusterer, k, seeds, *, n_resamples, n_jobs, progress):
    """The criteria at one k >= 2: (the bootstrap stability, the removal measures' result
    or None with one feature, the clustering of X into k clusters, ``{criterion: value}``).
    The internal indices score that clustering when it has two clusters or more."""
    est = clone(clusterer).set_params(n_clusters=k)
    st = cluster_stability(
        X,
        est,
        n_resamples=n_resamples,
        rng=seeds[f"stability {k}"],
        n_jobs=n_jobs,
        progress=progress,
    )
    values = {"stability": st.stability.mean()}
    rem = None
    if X.shape[1] >= 2:  # one set of reclusterings gives all four (= apn(), ad(), adm(), fom())
        rem = feature_removal_stability(
            X, est, rng=seeds[f"removal {k}"], n_jobs=n_jobs, progress=progress
        )
        for key in ("apn", "ad", "adm", "fom"):
            values[key] = getattr(rem, key)
        codes = rem.labels
    else:
        codes = _fit_codes(clusterer, X, check_rng(seeds[f"removal {k}"]), n_clusters=k)
    if np.unique(codes).size >= 2:
        values["silhouette"] = silhouette_width(X, codes)
        values["dunn"] = dunn_index(X, codes)
        values["davies_bouldin"] = davies_bouldin_index(X, codes)
        values["calinski_harabasz"] = calinski_harabasz_index(X, codes)
    return st, rem, codes, values


def _chosen(values, ks, gap) -> dict[str, int | None]:
    """The k each criterion picks: its best value over ``ks`` (NaN never; ties to the
    smallest k), None where it is NaN at every k; ``"gap"``: the 1-SE choice."""
    chosen: dict[str, int | None] = {"gap": int(gap.n_clusters)}
    for key, _, best in CRITERIA:
        v = values[key]
        if np.all(np.isnan(v)):
            chosen[key] = None
            continue
        w = np.where(np.isnan(v), -np.inf if best == "max" else np.inf, v)
        chosen[key] = int(ks[int(argmax_tied(w) if best == "max" else argmin_tied(w))])
    return chosen
