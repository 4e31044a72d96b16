r"""How many clusters, and how stable is a clustering: the gap statistic, Hennig's
cluster-wise Jaccard stability, and clValid's feature-removal measures APN, AD, ADM, FOM.

Derived in the chapter "How many clusters, and how stable?"
(book/part2/cluster-stability.ipynb).

Every function takes ``X`` (n_samples, n_features) and ``clusterer``, a scikit-learn
clusterer instance. The clusterer is cloned for every fit; if it has a ``random_state``
parameter, each fit gets its own seed drawn from ``rng``, and where the method sets the
number of clusters (the gap statistic) ``n_clusters`` is set on the clone. Every
resampling loop runs through joblib (``n_jobs``) with one child random stream per
replicate (:func:`numpy.random.Generator.spawn`), so the results do not depend on
``n_jobs``; ``progress=True`` shows a tqdm bar.

**Ties and round-off.** The 1-SE rule of the gap statistic compares
:math:`\mathrm{Gap}(k)` with :math:`\mathrm{Gap}(k+1) - s_{k+1}`; values within a relative
``1e-12`` (:data:`patterneval._ties.TIE_RTOL`, relative to the largest
:math:`|\log W|`) count as satisfying it, so round-off cannot flip the choice. The
principal axes of the ``"pca"`` reference and of the ``"noise"`` scheme are eigenvectors,
defined up to sign: each is turned so that its entry of largest magnitude is positive (the
lowest index among entries tied within 1e-12), so the random reference sets are the same
on every CPU. Jaccard coefficients are ratios of integer counts.

**Degenerate cases.** No function here returns a number that nothing warrants:

- Samples identical to round-off (every feature's range at most ``TIE_RTOL`` of its largest
  :math:`|x_j|`): :func:`gap_statistic` raises ValueError (:math:`W_1` would be rounding).
- :math:`W_k = 0` (the gap statistic's :math:`\log W_k = -\infty`): a cluster of identical
  points has dispersion exactly 0 (decided by exact comparison, not by a rounded sum), and
  :math:`W_k \le` :data:`W_RTOL` :math:`\cdot W_1` (the within-cluster spread below
  1e-12 of the total spread of the same data set) counts as 0; either raises ValueError,
  for the data and for every reference set.
- :math:`\mathrm{sd}_k` collapsed (the B reference values of :math:`\log W^*_k` agree to
  within ``TIE_RTOL`` of their magnitude, at least 1): ValueError, since :math:`s_k = 0`
  would make the 1-SE rule a bare comparison of estimates; B = 1 is refused outright.
- The 1-SE rule compares logarithms, whose round-off is absolute: its tolerance is
  ``TIE_RTOL`` times the largest :math:`|\log W|`, and at least ``TIE_RTOL``.
- Noise labels (negative integers, scikit-learn's convention: DBSCAN's and OPTICS' -1,
  HDBSCAN's -1, -2, -3): :func:`cluster_stability` leaves noise out of the clusters and
  reports its share separately; :func:`gap_statistic` and
  :func:`feature_removal_stability` need every sample in a cluster and raise ValueError.
- A cluster with no point in a replicate (a small cluster missed by the bootstrap, the
  subsample, or replaced by noise) has no Jaccard coefficient there: NaN, left out of its
  mean; a cluster absent from every replicate gets stability NaN and a RuntimeWarning.
- FOM's adjustment :math:`\sqrt{(N-K)/N}` is 0 when the clusterer puts every sample in its
  own cluster (K = N): ValueError with ``adjust=True``; APN, AD, ADM and the unadjusted FOM
  are defined there (:func:`apn`, :func:`ad`, :func:`adm` do not adjust).
- AD's distance of a sample to itself is 0 exactly (not the round-off of the Euclidean
  expansion).
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy.spatial.distance import cdist
from sklearn.base import BaseEstimator

from .._api import keywords
from .._engine import run_tasks, spawn
from .._results import Result
from .._ties import TIE_RTOL, argmax_tied, no_spread
from .._validation import (
    check_bool,
    check_choice,
    check_grid,
    check_n_jobs,
    check_rng,
    check_scalar,
    fail,
)
from ._checks import check_cluster_data, check_cluster_X, check_clusterer, check_partitions
from .internal import _centred, _distance_chunks, _metric, _onehot

__all__ = [
    "DISSOLVED",
    "RECOVERED",
    "REFERENCES",
    "STABILITY_METHODS",
    "W_RTOL",
    "ClusterStability",
    "FeatureRemovalStability",
    "GapStatistic",
    "ad",
    "adm",
    "apn",
    "cluster_stability",
    "feature_removal_stability",
    "fom",
    "gap_statistic",
    "jaccard_table",
    "within_dispersion",
]

#: Reference distributions of the gap statistic (Tibshirani et al. 2001, section 3):
#: uniform over the range of each feature, or over a box aligned with the principal
#: components of the data (their option (b)).
REFERENCES = ("uniform", "pca")

#: Resampling schemes of :func:`cluster_stability` (Hennig 2007, section 3).
STABILITY_METHODS = ("bootstrap", "subsample", "noise")

#: Hennig's thresholds: a cluster whose Jaccard with its best match is at most
#: ``DISSOLVED`` has dissolved in that replicate; above ``RECOVERED`` it was recovered.
DISSOLVED = 0.5
RECOVERED = 0.75

#: A within-cluster dispersion at most ``W_RTOL`` times the total dispersion :math:`W_1` of
#: the same data set is round-off of :math:`W_k = 0`: a within-cluster spread below
#: ``TIE_RTOL`` (1e-12) of the total spread.
W_RTOL = TIE_RTOL**2


# --------------------------------------------------------------------------- helpers


def _codes(labels) -> np.ndarray:
    """Cluster labels as codes 0..K-1 in the order of ``np.unique``."""
    return np.unique(np.asarray(labels), return_inverse=True)[1].reshape(-1)


def _noise_mask(labels) -> np.ndarray:
    """Samples a clusterer labelled noise: negative integer labels (scikit-learn's
    convention: DBSCAN, OPTICS and HDBSCAN use -1, HDBSCAN also -2 and -3)."""
    labels = np.asarray(labels)
    if labels.dtype.kind in "iu" or (
        labels.dtype.kind == "f" and np.all(labels == np.round(labels))
    ):
        return labels < 0
    return np.zeros(labels.shape, dtype=bool)


def _fit_codes(clusterer, X, rng, n_clusters=None, *, noise=False) -> np.ndarray:
    """Codes of a fresh clone of ``clusterer`` fitted on ``X`` (its ``random_state``, if
    any, drawn from ``rng``; ``n_clusters`` set when given).

    Clusters get codes 0..K-1 in the order of ``np.unique``. Samples labelled noise
    (:func:`_noise_mask`) get code -1 when ``noise`` is True; otherwise they raise a
    ValueError (the method needs every sample in a cluster)."""
    from sklearn.base import clone

    model = clone(clusterer)
    params = {} if n_clusters is None else {"n_clusters": int(n_clusters)}
    if "random_state" in model.get_params():
        params["random_state"] = int(rng.integers(2**31 - 1))
    model.set_params(**params)
    labels = np.asarray(
        model.fit_predict(X) if hasattr(model, "fit_predict") else model.fit(X).labels_
    )
    bad = _noise_mask(labels).reshape(-1)
    if not bad.any():
        return _codes(labels)
    if not noise:
        raise fail(
            "clusterer",
            "a clusterer that puts every sample in a cluster for this method",
            f"{type(clusterer).__name__}, which labelled {int(bad.sum())} of "
            f"{bad.size} samples as noise (negative labels)",
            echo=False,
        )
    codes = np.full(bad.size, -1, dtype=np.intp)
    codes[~bad] = _codes(labels.reshape(-1)[~bad])
    return codes


def _principal_axes(vectors: np.ndarray) -> np.ndarray:
    """Columns of ``vectors`` with the sign fixed: the entry of largest magnitude of each
    column is positive (lowest row among entries tied within 1e-12)."""
    rows = np.atleast_1d(argmax_tied(np.abs(vectors), axis=0))
    signs = np.sign(vectors[rows, np.arange(vectors.shape[1])])
    signs[signs == 0] = 1.0
    return vectors * signs


def within_dispersion(X: ArrayLike, labels: ArrayLike) -> float:
    r"""Tibshirani, Walther & Hastie's pooled within-cluster dispersion

    .. math:: W_k = \sum_{r=1}^{k} \frac{1}{2 n_r} D_r,\qquad
        D_r = \sum_{i, i' \in C_r} \lVert x_i - x_{i'} \rVert^2 ,

    the sum over ordered pairs of squared Euclidean distances in each cluster, halved and
    divided by the cluster size (their eq. 2). It equals the within-cluster sum of squares
    :math:`\sum_r \sum_{i\in C_r} \lVert x_i - \bar x_r\rVert^2`, which is how it is
    computed (each cluster centred on its own mean, O(n p)). A cluster whose points are
    all identical contributes exactly 0, whatever the rounding of its mean would give.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Any hashable cluster labels.

    Returns
    -------
    float

    Examples
    --------
    >>> from patterneval.cluster.stability import within_dispersion
    >>> within_dispersion([[0.0], [2.0], [10.0], [12.0]], [0, 0, 1, 1])
    4.0
    """
    X, codes, K = check_cluster_data(X, labels)
    return _dispersion(X, codes, K)


def _dispersion(X, codes, K) -> float:
    """Within-cluster sum of squares of the centred ``X``; a cluster whose points are all
    identical contributes exactly 0 (its mean is the point itself, not a rounded sum)."""
    X = X - X.mean(axis=0)
    if K == 1:
        return 0.0 if np.all(X == X[0]) else float(np.einsum("ij,ij->", X, X))
    order = np.argsort(codes, kind="stable")
    Xs = X[order]
    starts = np.searchsorted(codes[order], np.arange(K))
    counts = np.diff(np.append(starts, codes.size))
    means = np.add.reduceat(Xs, starts, axis=0) / counts[:, None]
    low = np.minimum.reduceat(Xs, starts, axis=0)
    single = np.all(low == np.maximum.reduceat(Xs, starts, axis=0), axis=1)  # all points equal
    means[single] = low[single]
    resid = X - means[codes]
    return float(np.einsum("ij,ij->", resid, resid))


def jaccard_table(labels_a: ArrayLike, labels_b: ArrayLike) -> np.ndarray:
    r"""Jaccard coefficient of every cluster of ``labels_a`` with every cluster of
    ``labels_b`` (the same samples): :math:`\gamma(C, D) = |C\cap D| / |C \cup D|`.

    Rows follow ``np.unique(labels_a)``, columns ``np.unique(labels_b)``. The entries are
    ratios of integer counts (exact to the last bit on any CPU).

    Parameters
    ----------
    labels_a, labels_b : array_like of shape (n_samples,)
        Two partitions of the same samples: cluster labels under the rule of the
        external indices (no NaN, inf, non-integral numbers or mix of strings and
        numbers), at least one sample.

    Returns
    -------
    ndarray of shape (K_a, K_b)
        Entries in [0, 1]; 1 where two clusters hold the same samples.

    Examples
    --------
    >>> from patterneval.cluster.stability import jaccard_table
    >>> jaccard_table([0, 0, 0, 0, 1, 1], [0, 0, 1, 1, 2, 2]).round(3).tolist()
    [[0.5, 0.5, 0.0], [0.0, 0.0, 1.0]]
    """
    a, b = check_partitions(labels_a, labels_b, names=("labels_a", "labels_b"))
    return _jaccard(_codes(a), _codes(b))[0]


def _jaccard(a, b, K=None):
    """(Jaccard table, table of counts) of codes ``a`` (K clusters) against codes ``b``."""
    K = int(a.max()) + 1 if K is None else K
    L = int(b.max()) + 1 if b.size else 0
    T = np.bincount(a * L + b, minlength=K * L).reshape(K, L) if L else np.zeros((K, 0), int)
    union = T.sum(axis=1)[:, None] + T.sum(axis=0)[None, :] - T
    with np.errstate(invalid="ignore", divide="ignore"):
        J = np.where(union > 0, T / np.maximum(union, 1), 0.0)
    return J, T


# --------------------------------------------------------------------------- gap statistic


@dataclasses.dataclass(frozen=True, repr=False)
class GapStatistic(Result):
    r"""The gap statistic over a range of k, and the k the 1-SE rule chooses.

    Attributes
    ----------
    n_clusters : int
        The smallest k with :math:`\mathrm{Gap}(k) \ge \mathrm{Gap}(k') - s_{k'}`, k' the
        next value of ``k_values`` (the largest k if none qualifies, see ``found``).
    found : bool
        Whether some k below the largest satisfied the rule.
    k_values : ndarray of int
    gap : ndarray
        :math:`\mathrm{Gap}(k) = \overline{\log W^*_k} - \log W_k`.
    std_error : ndarray
        :math:`s_k = \mathrm{sd}_k \sqrt{1 + 1/B}`.
    sd : ndarray
        :math:`\mathrm{sd}_k`, the standard deviation (divisor B) of the B reference
        values of :math:`\log W^*_k`.
    log_w : ndarray
        :math:`\log W_k` of the data.
    log_w_reference : ndarray
        :math:`\overline{\log W^*_k}`, the mean over the reference sets.
    log_w_references : ndarray of shape (n_references, len(k_values))
        :math:`\log W^*_{kb}` of every reference set.
    reference : str
    """

    _rows = ("k_values", "gap", "std_error", "sd", "log_w", "log_w_reference")
    _means = (
        "The 1-SE rule picks k = {n_clusters}: the smallest k whose gap is at least the next k's "
        "minus its standard error, or the largest k when none is (found = {found})."
    )

    n_clusters: int
    found: bool
    k_values: np.ndarray
    gap: np.ndarray
    std_error: np.ndarray
    sd: np.ndarray
    log_w: np.ndarray
    log_w_reference: np.ndarray
    log_w_references: np.ndarray = dataclasses.field(repr=False)
    reference: str = "uniform"


def _reference_frame(X, reference):
    """(centre, axes or None, low, high) of the box the reference data fill."""
    centre = X.mean(axis=0)
    Xc = X - centre
    if reference == "uniform":
        return centre, None, Xc.min(axis=0), Xc.max(axis=0)
    _, _, vt = np.linalg.svd(Xc, full_matrices=False)
    axes = _principal_axes(vt.T)
    P = Xc @ axes
    return centre, axes, P.min(axis=0), P.max(axis=0)


def _reference_data(frame, n, rng):
    centre, axes, low, high = frame
    Z = low + rng.random((n, low.size)) * (high - low)
    if axes is not None:
        Z = Z @ axes.T
    return Z + centre


def _log_dispersions(X, clusterer, ks, frame, rng):
    """log W_k for each k in ``ks`` of ``X`` (``frame`` None) or of one reference set
    drawn from ``frame``. k = 1 puts every sample in one cluster, without a fit.
    ``-inf`` where W_k = 0: exactly (clusters of identical points) or within
    ``W_RTOL * W_1`` (round-off of it), W_1 the total dispersion of the same set."""
    Z = X if frame is None else _reference_data(frame, X.shape[0], rng)
    total = _dispersion(Z, np.zeros(Z.shape[0], dtype=np.intp), 1)
    out = np.empty(len(ks))
    for j, k in enumerate(ks):
        codes = np.zeros(Z.shape[0], dtype=np.intp) if k == 1 else _fit_codes(clusterer, Z, rng, k)
        w = total if k == 1 else _dispersion(Z, codes, int(codes.max()) + 1)
        out[j] = np.log(w) if w > W_RTOL * total else -np.inf
    return out


def _one_se_rule(ks, gap, s, scale):
    """Smallest k with Gap(k) >= Gap(next) - s(next), within TIE_RTOL * max(scale, 1)
    (differences of logarithms carry absolute round-off)."""
    tol = TIE_RTOL * max(float(scale), 1.0)
    for j in range(len(ks) - 1):
        if gap[j] >= gap[j + 1] - s[j + 1] - tol:
            return int(ks[j]), True
    return int(ks[-1]), False


@keywords
def gap_statistic(
    X: ArrayLike,
    clusterer: BaseEstimator,
    k_values: Sequence[int],
    *,
    n_references: int = 20,
    reference: Literal["uniform", "pca"] = "uniform",
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> GapStatistic:
    r"""The gap statistic of Tibshirani, Walther & Hastie (2001) and its 1-SE choice of k.

    For each k, :math:`W_k` (:func:`within_dispersion`, their eq. 2) of the clustering of
    ``X`` into k clusters is compared with its expectation under a null reference
    distribution without clusters, estimated from ``n_references`` = B reference sets
    :math:`Z_b`, each clustered the same way:

    .. math:: \mathrm{Gap}(k) = \frac1B\sum_{b=1}^{B}\log W^*_{kb} - \log W_k ,\qquad
        \mathrm{sd}_k = \Big[\frac1B\sum_b\big(\log W^*_{kb}-\overline{\log W^*_k}\big)^2\Big]^{1/2},
        \qquad s_k = \mathrm{sd}_k\sqrt{1 + 1/B},

    and the chosen k is the smallest with
    :math:`\mathrm{Gap}(k) \ge \mathrm{Gap}(k+1) - s_{k+1}` (the "1-SE rule"; here k+1 is
    the next value of ``k_values``, so pass consecutive values for the paper's rule).
    The mean of the logarithms (not the logarithm of the mean) and the observed data's own
    clustering for :math:`W_k` are what the paper prescribes; the Python package
    ``gap-statistic`` got both wrong at times (its issues #14 and #33).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    clusterer : scikit-learn clusterer
        An estimator with an ``n_clusters`` parameter, e.g. ``KMeans(n_init=10)``; a clone
        is fitted for every k > 1 and every reference set (``random_state``, if any, drawn
        from ``rng``). k = 1 is the single cluster of all samples, without a fit.
    k_values : sequence of int
        Strictly increasing, from 1 to n_samples - 1; usually ``range(1, K + 1)``.
    n_references : int, default 20
        B, at least 2 (a single reference set has no spread, so no :math:`s_k`).
    reference : {"uniform", "pca"}, default "uniform"
        ``"uniform"``: each feature uniform over its observed range (the bounding box).
        ``"pca"``: uniform over the box of the data's range along its principal axes, then
        rotated back (the paper's option (b), which follows the shape of the data).
    rng : None, int or numpy.random.Generator
    n_jobs : int or None
        Reference sets are clustered in parallel through joblib; results do not depend on it.
    progress : bool, default False

    Returns
    -------
    GapStatistic
        The gaps and their standard errors at each k, and the chosen ``n_clusters``.

    Raises
    ------
    ValueError
        If X's samples are all identical (to round-off: every feature's range at most
        ``TIE_RTOL`` times its largest :math:`|x_j|`, where centring X would leave only
        rounding); if :math:`W_k = 0` for the data or a reference
        set at some k of ``k_values`` (each cluster one repeated point, exactly or within
        :data:`W_RTOL` of :math:`W_1`: duplicated points give :math:`\log W_k = -\infty`,
        or a huge gap from rounding residue, with no warrant either way); if the B
        reference values of :math:`\log W^*_k` agree to round-off (``TIE_RTOL``), so that
        :math:`\mathrm{sd}_k` has collapsed; if the clusterer labels noise.

    Notes
    -----
    The observed data and each reference set are one task with its own child random
    stream (B + 1 tasks, each clustering for every k). Cost: (B + 1) * len(k_values)
    clusterings. If some k satisfies no rule in the range, the largest k is returned and
    ``found`` is False (the rule asks for a larger k).

    References
    ----------
    Tibshirani, R., Walther, G., Hastie, T. (2001). Estimating the number of clusters in a
    data set via the gap statistic. J. R. Stat. Soc. B 63(2), 411-423.
    doi:10.1111/1467-9868.00293

    Examples
    --------
    >>> import numpy as np
    >>> import patterneval as pe
    >>> from sklearn.cluster import KMeans
    >>> rng = np.random.default_rng(0)
    >>> X = np.concatenate([rng.normal(c, 0.3, (30, 2)) for c in (0, 4, 8)])
    >>> pe.gap_statistic(X, KMeans(n_init=3), range(1, 6), n_references=5, rng=0).n_clusters
    3
    """
    X = check_cluster_X(X)
    check_clusterer(clusterer)
    ks = check_grid(
        "k_values", k_values, integer=True, low=1, high=X.shape[0] - 1, high_name="n_samples - 1"
    )
    B = check_scalar("n_references", n_references, int, low=2)
    check_choice("reference", reference, REFERENCES)
    n_jobs = check_n_jobs(n_jobs)
    check_bool("progress", progress)
    if np.all(no_spread(X, np.abs(X).max(axis=0), axis=0)):
        raise fail(
            "X",
            "data with at least two distinct samples (the gap statistic compares "
            "log W_k, and W_k = 0 for identical samples)",
            f"{X.shape[0]} samples identical to round-off (every feature's range at most "
            f"1e-12 of its largest |value|)",
            echo=False,
        )
    gens = spawn(check_rng(rng), B + 1)
    frame = _reference_frame(X, reference)
    tasks = [(X, clusterer, ks, None, gens[0])] + [(X, clusterer, ks, frame, g) for g in gens[1:]]
    out = run_tasks(_log_dispersions, tasks, n_jobs=n_jobs, progress=progress, desc="gap statistic")
    log_w, refs = out[0], np.array(out[1:])
    if not np.all(np.isfinite(log_w)):
        bad = ks[~np.isfinite(log_w)].tolist()
        raise ValueError(
            f"X has W_k = 0 at k_values {bad}: each of the k clusters is one repeated point "
            f"(to round-off: within-cluster spread below 1e-12 of the total spread), so "
            f"log W_k is -inf. Use smaller k_values."
        )
    if not np.all(np.isfinite(refs)):
        bad = ks[~np.all(np.isfinite(refs), axis=0)].tolist()
        raise ValueError(
            f"a reference set has W*_k = 0 at k_values {bad} (to round-off): the reference "
            f"box of X has (almost) no volume. Use smaller k_values."
        )
    mean = refs.mean(axis=0)
    sd = np.sqrt(((refs - mean) ** 2).mean(axis=0))
    flat = sd <= TIE_RTOL * np.maximum(np.max(np.abs(refs), axis=0), 1.0)
    if flat.any():
        raise ValueError(
            f"the {B} reference values of log W*_k agree to round-off at k_values "
            f"{ks[flat].tolist()}: sd_k = 0 leaves the 1-SE rule no standard error to use. "
            f"Check X and k_values (the reference box has collapsed)."
        )
    s = sd * np.sqrt(1.0 + 1.0 / B)
    gap = mean - log_w
    scale = float(np.max(np.abs(np.concatenate([log_w, mean]))))
    k, found = _one_se_rule(ks, gap, s, scale)
    return GapStatistic(
        n_clusters=k,
        found=found,
        k_values=ks,
        gap=gap,
        std_error=s,
        sd=sd,
        log_w=log_w,
        log_w_reference=mean,
        log_w_references=refs,
        reference=reference,
    )


# --------------------------------------------------------------------------- Hennig's stability


@dataclasses.dataclass(frozen=True, repr=False)
class ClusterStability(Result):
    """Hennig's cluster-wise stability: each cluster's mean Jaccard with its best match.

    Attributes
    ----------
    stability : ndarray of shape (n_clusters,)
        Mean over the resamples of each original cluster's largest Jaccard coefficient
        with a cluster of the resampled clustering (clusters in the order of
        ``np.unique`` of the original labels; noise is not a cluster). At most 0.5:
        dissolved; above 0.75: stable (Hennig 2007). The mean is over the resamples in
        which the cluster has a point (``n_compared``); NaN if it has none in any.
    dissolved : ndarray of int
        Number of resamples in which the cluster's Jaccard was <= 0.5.
    recovered : ndarray of int
        Number of resamples in which it was > 0.75.
    cluster_sizes : ndarray of int
    method : str
    n_compared : ndarray of int
        Number of resamples in which the cluster had at least one point to compare.
    noise_share : float
        Share of the samples the original clustering labels noise (0 for clusterers
        without a noise label).
    labels : ndarray of shape (n_samples,)
        The original clustering (codes 0..K-1; -1 for noise).
    jaccard : ndarray of shape (n_clusters, n_resamples)
        The Jaccard coefficient of every cluster in every resample (NaN where the cluster
        had no point).
    noise_shares : ndarray of shape (n_resamples,)
        Share of the compared points that each resampled clustering labels noise (NaN in
        a replicate of ``method="noise"`` that replaced every point).
    """

    _means = (
        "Each cluster's mean Jaccard with its best match over the resampled clusterings: at most 0.5,"
        " the cluster dissolves; above 0.75, it is stable (Hennig 2007)."
    )

    stability: np.ndarray
    dissolved: np.ndarray
    recovered: np.ndarray
    cluster_sizes: np.ndarray
    method: str
    n_compared: np.ndarray
    noise_share: float
    labels: np.ndarray = dataclasses.field(repr=False)
    jaccard: np.ndarray = dataclasses.field(repr=False)
    noise_shares: np.ndarray = dataclasses.field(repr=False)


def _noise_frame(X):
    """(mean, principal axes, half-widths / noise_range) of the data's covariance."""
    centre = X.mean(axis=0)
    cov = np.atleast_2d(np.cov(X, rowvar=False))
    values, vectors = np.linalg.eigh(cov)
    return centre, _principal_axes(vectors), np.sqrt(np.clip(values, 0.0, None))


def _stability_replicate(
    X, clusterer, base, K, method, m, duplicates, noise_fraction, noise_range, frame, rng
):
    n = X.shape[0]
    if method == "bootstrap":
        draw = rng.integers(0, n, n)
        rows = draw if duplicates else np.unique(draw)
        new = _fit_codes(clusterer, X[rows], rng, noise=True)
        kept_base, kept_new = base[rows], new
    elif method == "subsample":
        rows = np.sort(rng.choice(n, m, replace=False))
        new = _fit_codes(clusterer, X[rows], rng, noise=True)
        kept_base, kept_new = base[rows], new
    else:  # replacement by noise
        noisy = rng.random(n) < noise_fraction
        Xn = X.copy()
        if noisy.any():
            centre, axes, scale = frame
            u = rng.uniform(-1.0, 1.0, (int(noisy.sum()), X.shape[1])) * (noise_range * scale)
            Xn[noisy] = u @ axes.T + centre
        new = _fit_codes(clusterer, Xn, rng, noise=True)
        kept_base, kept_new = base[~noisy], new[~noisy]
    share = float(np.mean(kept_new < 0)) if kept_new.size else float("nan")  # nothing compared
    return _best_jaccard(kept_base, kept_new, K), share


def _best_jaccard(kept_base, kept_new, K):
    """gamma_C of each of the K original clusters over the compared points, codes -1 being
    noise (in no cluster): max over the new clusters D of |C* & D*| / |C* | D*|, NaN where
    C* is empty."""
    sizes_c = np.bincount(kept_base[kept_base >= 0], minlength=K)
    in_new = kept_new >= 0
    L = int(kept_new.max()) + 1 if in_new.any() else 0
    gamma = np.zeros(K)
    if L:
        sizes_d = np.bincount(kept_new[in_new], minlength=L)
        both = (kept_base >= 0) & in_new
        T = np.bincount(kept_base[both] * L + kept_new[both], minlength=K * L).reshape(K, L)
        union = sizes_c[:, None] + sizes_d[None, :] - T  # >= |D*| > 0
        gamma = (T / union).max(axis=1)
    gamma[sizes_c == 0] = np.nan
    return gamma


@keywords
def cluster_stability(
    X: ArrayLike,
    clusterer: BaseEstimator,
    *,
    n_resamples: int = 100,
    method: Literal["bootstrap", "subsample", "noise"] = "bootstrap",
    fraction: float = 0.5,
    duplicates: bool = False,
    noise_fraction: float = 0.05,
    noise_range: float = 4.0,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> ClusterStability:
    r"""Hennig's (2007) cluster-wise stability: the mean Jaccard coefficient of each
    cluster with its best match in clusterings of resampled data.

    ``clusterer`` clusters ``X`` once (the original clustering :math:`C_1,\dots,C_K`).
    Each of ``n_resamples`` replicates builds a new data set by ``method``, clusters it,
    and for every original cluster :math:`C` takes, over the new clusters :math:`D`,

    .. math:: \gamma_C = \max_D \frac{|C^* \cap D^*|}{|C^* \cup D^*|},

    where :math:`C^*` and :math:`D^*` are restricted to the original points present in
    both data sets (an empty union counts 0). The result is the mean of
    :math:`\gamma_C` over the replicates. Since two disjoint sets cannot both hold more
    than half of :math:`C\cup D`, a Jaccard above 1/2 identifies a unique counterpart;
    Hennig calls a cluster with :math:`\gamma_C \le 0.5` *dissolved* in that replicate,
    treats a mean below 0.6 as a sign of no real cluster and a mean above 0.75 (0.85)
    as (highly) stable.

    **Noise.** Clusterers that leave samples unassigned (DBSCAN, OPTICS, HDBSCAN: negative
    labels): noise is not a cluster, so it gets no stability of its own (a "stability" of
    the noise label would measure nothing). The original noise points form no row of the
    table and enter no mean; they
    stay in the data and may join a resampled cluster :math:`D` (then they count in
    :math:`D^*`). A point that the resampled clustering calls noise belongs to no
    :math:`D`, so a cluster that turns into noise has Jaccard 0 (dissolved). The shares of
    noise are reported separately: ``noise_share`` (original clustering) and
    ``noise_shares`` (each replicate, among the compared points).

    **A cluster with no point in a replicate** (a small cluster that the bootstrap or the
    subsample missed, or whose points were all replaced by noise) has no Jaccard there:
    :math:`C^* = \emptyset`, and counting it as dissolved (0) or recovered would both be
    unwarranted. Its entry is NaN, the mean runs over the replicates in which it had a point
    (``n_compared``), and ``dissolved``/``recovered`` count those replicates only.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    clusterer : scikit-learn clusterer
        Any estimator with ``fit_predict`` (or ``fit`` and ``labels_``), used with its own
        parameters (its ``random_state``, if any, is drawn from ``rng`` for every fit).
    n_resamples : int, default 100
    method : {"bootstrap", "subsample", "noise"}, default "bootstrap"
        ``"bootstrap"``: n draws with replacement; points drawn more than once enter the
        clustering once (Hennig's default, since copies create spurious tight clusters)
        unless ``duplicates=True``. ``"subsample"``: ``floor(fraction * n)`` points without
        replacement. ``"noise"``: each point is replaced, with probability
        ``noise_fraction``, by a point drawn uniformly from the box
        :math:`\pm` ``noise_range`` standard deviations along each principal axis of the
        data (centred at the mean); the comparison uses the points not replaced.
    fraction : float, default 0.5
        Share of points in a subsample (``"subsample"``), in (0, 1).
    duplicates : bool, default False
        ``"bootstrap"`` only: keep repeated draws as copies (then the Jaccard counts each
        draw, as fpc's ``multipleboot=TRUE``).
    noise_fraction : float, default 0.05
        Probability of replacing a point (``"noise"``), in (0, 1).
    noise_range : float, default 4.0
        Half-width of the noise box in standard deviations along each principal axis.
    rng : None, int or numpy.random.Generator
    n_jobs : int or None
        Replicates run in parallel through joblib; results do not depend on it.
    progress : bool, default False

    Returns
    -------
    ClusterStability

    Raises
    ------
    ValueError
        If the clusterer labels every sample of ``X`` as noise (there is no cluster whose
        stability could be assessed).

    Warns
    -----
    RuntimeWarning
        If some cluster had no point in any replicate; its stability is NaN.

    Notes
    -----
    Replicate b uses the b-th child stream of ``rng`` (the original clustering one more),
    so the result does not depend on ``n_jobs``. The defaults are those of the R package
    fpc (``clusterboot``) by the same author.

    References
    ----------
    Hennig, C. (2007). Cluster-wise assessment of cluster stability. Comput. Stat. Data
    Anal. 52(1), 258-271. doi:10.1016/j.csda.2006.11.025

    Examples
    --------
    >>> import numpy as np
    >>> import patterneval as pe
    >>> from sklearn.cluster import KMeans
    >>> rng = np.random.default_rng(0)
    >>> X = np.concatenate([rng.normal(c, 0.3, (30, 2)) for c in (0, 4, 8)])
    >>> res = pe.cluster_stability(X, KMeans(n_clusters=3, n_init=3), n_resamples=5, rng=0)
    >>> res.stability.round(2).tolist()
    [1.0, 1.0, 1.0]
    """
    X = check_cluster_X(X)
    check_clusterer(clusterer, n_clusters=False)
    B = check_scalar("n_resamples", n_resamples, int, low=1)
    check_choice("method", method, STABILITY_METHODS)
    fraction = check_scalar("fraction", fraction, float, low=0, high=1, closed="neither")
    duplicates = check_bool("duplicates", duplicates)
    noise_fraction = check_scalar(
        "noise_fraction", noise_fraction, float, low=0, high=1, closed="neither"
    )
    noise_range = check_scalar("noise_range", noise_range, float, low=0, closed="neither")
    n_jobs = check_n_jobs(n_jobs)
    check_bool("progress", progress)
    n = X.shape[0]
    m = int(np.floor(fraction * n))
    if method == "subsample" and m < 2:
        raise fail(
            "fraction",
            f"large enough to leave two of the {n} samples in a subsample (a clustering needs two)",
            f"{fraction}, which leaves {m}",
            echo=False,
        )
    gens = spawn(check_rng(rng), B + 1)
    base = _fit_codes(clusterer, X, gens[0], noise=True)
    K = int(base.max()) + 1
    if K == 0:
        raise fail(
            "clusterer",
            "a clusterer that finds at least one cluster in X",
            f"{type(clusterer).__name__}, which labelled all {n} samples as noise",
            echo=False,
        )
    frame = _noise_frame(X) if method == "noise" else None
    tasks = [
        (X, clusterer, base, K, method, m, duplicates, noise_fraction, noise_range, frame, g)
        for g in gens[1:]
    ]
    out = run_tasks(
        _stability_replicate, tasks, n_jobs=n_jobs, progress=progress, desc="cluster stability"
    )
    J = np.array([gamma for gamma, _ in out]).T.reshape(K, B)  # K x B
    present = ~np.isnan(J)
    n_compared = present.sum(axis=1)
    if np.any(n_compared == 0):
        warnings.warn(
            f"clusters {np.flatnonzero(n_compared == 0).tolist()} had no point in any of the "
            f"{B} replicates; their stability is NaN. Use more resamples or a larger "
            f"fraction.",
            RuntimeWarning,
            stacklevel=2,
        )
    sums = np.where(present, J, 0.0).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        stability = np.where(n_compared > 0, sums / np.maximum(n_compared, 1), np.nan)
    return ClusterStability(
        stability=stability,
        dissolved=(present & (np.nan_to_num(J, nan=1.0) <= DISSOLVED)).sum(axis=1),
        recovered=(present & (np.nan_to_num(J, nan=0.0) > RECOVERED)).sum(axis=1),
        cluster_sizes=np.bincount(base[base >= 0], minlength=K),
        method=method,
        n_compared=n_compared,
        noise_share=float(np.mean(base < 0)),
        labels=base,
        jaccard=J,
        noise_shares=np.array([v for _, v in out]),
    )


# --------------------------------------------------------------------------- clValid


@dataclasses.dataclass(frozen=True, repr=False)
class FeatureRemovalStability(Result):
    """clValid's stability measures: the clustering of the full data against the
    clusterings with one feature removed at a time (all four: lower is better).

    Attributes
    ----------
    apn, ad, adm, fom : float
        Averages over the removed features.
    apn_by_feature, ad_by_feature, adm_by_feature, fom_by_feature : ndarray of shape (n_features,)
        The measure for each removed feature.
    labels : ndarray of shape (n_samples,)
        The clustering of the full data (codes).
    labels_removed : ndarray of shape (n_features, n_samples)
        The clustering with feature l removed, row l.
    """

    _means = (
        "How much the clustering changes when one feature is removed, averaged over the features (all"
        " four: lower is more stable); apn = {apn:.3g} is the mean share of samples not kept with "
        "their cluster-mates."
    )

    apn: float
    ad: float
    adm: float
    fom: float
    apn_by_feature: np.ndarray
    ad_by_feature: np.ndarray
    adm_by_feature: np.ndarray
    fom_by_feature: np.ndarray
    labels: np.ndarray = dataclasses.field(repr=False)
    labels_removed: np.ndarray = dataclasses.field(repr=False)


def _without_feature(X, clusterer, column, rng):
    return _fit_codes(clusterer, np.delete(X, column, axis=1), rng)


def _cluster_distance_sums(Xc, codes, K, metric):
    """M[a, j] = sum over i in cluster a of d(x_i, x_j), in row blocks of the distances;
    d(x_i, x_i) is 0 exactly (the Euclidean expansion would leave round-off there)."""

    def reduce_func(D, start):  # the (K, rows) indicator, C-ordered, times the block
        rows = np.arange(D.shape[0])
        D[rows, start + rows] = 0.0
        return np.ascontiguousarray(_onehot(codes[start : start + D.shape[0]], K).T) @ D

    return sum(_distance_chunks(Xc, metric, reduce_func), np.zeros((K, Xc.shape[0])))


@keywords
def feature_removal_stability(
    X: ArrayLike,
    clusterer: BaseEstimator,
    *,
    metric: str = "euclidean",
    adjust: bool = True,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> FeatureRemovalStability:
    r"""clValid's four stability measures (Brock, Pihur, Datta & Datta 2008): APN, AD, ADM
    and FOM, from one clustering of the full data and one per removed feature.

    Write :math:`C^{i,0}` for the cluster of sample i in the clustering of all M features
    and :math:`C^{i,l}` for its cluster when feature l is removed (N samples):

    .. math::
        \mathrm{APN} &= \frac{1}{MN}\sum_{i=1}^{N}\sum_{l=1}^{M}
            \Big(1 - \frac{n(C^{i,l}\cap C^{i,0})}{n(C^{i,0})}\Big), \\
        \mathrm{AD} &= \frac{1}{MN}\sum_{i}\sum_{l}\frac{1}{n(C^{i,0})\,n(C^{i,l})}
            \sum_{j\in C^{i,0},\,j'\in C^{i,l}} \mathrm{dist}(x_j, x_{j'}), \\
        \mathrm{ADM} &= \frac{1}{MN}\sum_{i}\sum_{l}
            \mathrm{dist}(\bar x_{C^{i,l}}, \bar x_{C^{i,0}}), \\
        \mathrm{FOM} &= \frac1M\sum_{l}\sqrt{\frac1N\sum_{k=1}^{K}\sum_{i\in C_k(l)}
            (x_{i,l} - \bar x_{C_k(l),l})^2}\;\Big/\sqrt{\frac{N-K}{N}} .

    APN (average proportion of non-overlap) lies in [0, 1]; AD (average distance) and
    ADM (average distance between means) use all M features and ``metric``; FOM (figure
    of merit) is the root mean squared deviation, in the removed feature, of the samples
    from their cluster's mean in that feature, i.e. how well clusters found without a
    feature predict it. All are smaller for a better clustering. The factor
    :math:`\sqrt{N/(N-K)}` (``adjust=True``, as clValid; K the number of clusters of the
    full data) offsets FOM's fall as K grows.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        At least two features.
    clusterer : scikit-learn clusterer
        Any estimator with ``fit_predict`` (or ``fit`` and ``labels_``); it clusters the
        data as given (standardise first if the features have different units).
    metric : str, default "euclidean"
        Distance of AD and ADM (a name in :data:`patterneval.cluster.internal.DISTANCE_METRICS`).
    adjust : bool, default True
        Divide FOM by :math:`\sqrt{(N-K)/N}`.
    rng : None, int or numpy.random.Generator
        Seeds of the clusterer's ``random_state``, if it has one.
    n_jobs : int or None
        The M reclusterings run in parallel through joblib; results do not depend on it.
    progress : bool, default False

    Returns
    -------
    FeatureRemovalStability

    Raises
    ------
    ValueError
        If ``adjust=True`` and the clusterer puts each of the N samples in its own cluster
        (K = N): the adjustment :math:`\sqrt{(N-K)/N}` is 0 and FOM would be 0/0 (pass
        ``adjust=False``; APN, AD and ADM are defined there). If the clusterer labels any
        sample as noise (a negative label): every measure needs each sample's cluster.

    Notes
    -----
    Degenerate groupings: the clusters are those the clusterer returns, so none is empty
    (a cluster that disappears when a feature is removed is simply not among
    :math:`C^{i,l}`); a single cluster (K = 1) is allowed, and then FOM with ``adjust`` is
    the standard deviation (divisor N - 1) of the removed feature. As in clValid's ``stability``, AD's mean over pairs includes a sample paired with
    itself (distance 0), and ADM compares means over all features. AD needs the sum of
    distances from each cluster to each sample, computed once over row blocks of the
    distance matrix (never the whole n x n matrix). Translation-invariant metrics are
    computed on the centred data.

    References
    ----------
    Brock, G., Pihur, V., Datta, S., Datta, S. (2008). clValid: an R package for cluster
    validation. J. Stat. Softw. 25(4), 1-22. doi:10.18637/jss.v025.i04

    Examples
    --------
    >>> import numpy as np
    >>> import patterneval as pe
    >>> from sklearn.cluster import KMeans
    >>> rng = np.random.default_rng(0)
    >>> X = np.concatenate([rng.normal(c, 0.3, (30, 3)) for c in (0, 4)])
    >>> res = pe.feature_removal_stability(X, KMeans(n_clusters=2, n_init=3), rng=0)
    >>> res.apn
    0.0
    """
    X = check_cluster_X(X)
    check_clusterer(clusterer, n_clusters=False)
    metric = _metric(metric)
    adjust = check_bool("adjust", adjust)
    n_jobs = check_n_jobs(n_jobs)
    check_bool("progress", progress)
    N, M = X.shape
    if M < 2:
        raise fail(
            "X",
            "a 2-d array with at least two features (the measures remove one at a time)",
            f"{M} feature",
            echo=False,
        )
    gens = spawn(check_rng(rng), M + 1)
    base = _fit_codes(clusterer, X, gens[0])
    K = int(base.max()) + 1
    if adjust and K == N:
        raise fail(
            "clusterer",
            "a clusterer that leaves fewer clusters than samples when adjust=True",
            f"{type(clusterer).__name__}, which put each of the "
            f"{N} samples in its own cluster, so FOM's adjustment "
            f"sqrt((N - K)/N) is 0 and FOM is 0/0",
            echo=False,
            hint="Pass adjust=False (APN, AD and ADM do not depend on it).",
        )
    removed = run_tasks(
        _without_feature,
        [(X, clusterer, l, gens[l + 1]) for l in range(M)],
        n_jobs=n_jobs,
        progress=progress,
        desc="feature removal",
    )
    Xc = _centred(X, metric)
    sizes = np.bincount(base, minlength=K).astype(float)
    means0 = np.zeros((K, M))
    np.add.at(means0, base, Xc)
    means0 /= sizes[:, None]
    dist_sums = _cluster_distance_sums(Xc, base, K, metric)
    apn_l, ad_l, adm_l, fom_l = (np.empty(M) for _ in range(4))
    for l, codes in enumerate(removed):
        L = int(codes.max()) + 1
        T = np.bincount(base * L + codes, minlength=K * L).reshape(K, L).astype(float)
        sizes_l = T.sum(axis=0)
        apn_l[l] = 1.0 - float((T**2 / sizes[:, None]).sum()) / N
        S = np.zeros((K, L))
        np.add.at(S.T, codes, dist_sums.T)  # S[a, b] = sum_{i in C_a, j in D_b} d(i, j)
        ad_l[l] = float((T * S / np.outer(sizes, sizes_l)).sum()) / N
        means_l = np.zeros((L, M))
        np.add.at(means_l, codes, Xc)
        means_l /= sizes_l[:, None]
        adm_l[l] = float((T * cdist(means0, means_l, metric=metric)).sum()) / N
        col = Xc[:, l]
        col_means = np.bincount(codes, weights=col, minlength=L) / sizes_l
        rms = np.sqrt(np.mean((col - col_means[codes]) ** 2))
        fom_l[l] = rms / np.sqrt((N - K) / N) if adjust else rms
    return FeatureRemovalStability(
        apn=float(apn_l.mean()),
        ad=float(ad_l.mean()),
        adm=float(adm_l.mean()),
        fom=float(fom_l.mean()),
        apn_by_feature=apn_l,
        ad_by_feature=ad_l,
        adm_by_feature=adm_l,
        fom_by_feature=fom_l,
        labels=base,
        labels_removed=np.array(removed),
    )


_MEASURE_DOC = """{title} of clValid (Brock et al. 2008): {what}

    The ``{name}`` field of :func:`feature_removal_stability`, which gives the formula and
    the options; call that function to get all four measures from one set of
    reclusterings (one per removed feature).

{params}
    Examples
    --------
    >>> import numpy as np
    >>> import patterneval as pe
    >>> from sklearn.cluster import KMeans
    >>> rng = np.random.default_rng(0)
    >>> X = np.concatenate([rng.normal(c, 0.3, (30, 3)) for c in (0, 4)])
    >>> round(pe.{name}(X, KMeans(n_clusters=2, n_init=3), rng=0), 3)
    {example}
    """


@keywords
def apn(
    X: ArrayLike,
    clusterer: BaseEstimator,
    *,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> float:
    return feature_removal_stability(
        X, clusterer, adjust=False, rng=rng, n_jobs=n_jobs, progress=progress
    ).apn


@keywords
def ad(
    X: ArrayLike,
    clusterer: BaseEstimator,
    *,
    metric: str = "euclidean",
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> float:
    return feature_removal_stability(
        X, clusterer, metric=metric, adjust=False, rng=rng, n_jobs=n_jobs, progress=progress
    ).ad


@keywords
def adm(
    X: ArrayLike,
    clusterer: BaseEstimator,
    *,
    metric: str = "euclidean",
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> float:
    return feature_removal_stability(
        X, clusterer, metric=metric, adjust=False, rng=rng, n_jobs=n_jobs, progress=progress
    ).adm


@keywords
def fom(
    X: ArrayLike,
    clusterer: BaseEstimator,
    *,
    adjust: bool = True,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> float:
    return feature_removal_stability(
        X, clusterer, adjust=adjust, rng=rng, n_jobs=n_jobs, progress=progress
    ).fom


_EXAMPLES = {"apn": "0.0", "ad": "0.637", "adm": "0.0", "fom": "0.287"}
_PARAM_X = """    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        At least two features.
    clusterer : scikit-learn clusterer
        Any estimator with ``fit_predict`` (or ``fit`` and ``labels_``), refitted once on
        the full data and once per removed feature.
"""
_PARAM_METRIC = """    metric : str, default "euclidean", keyword-only
        Distance (a name in :data:`patterneval.cluster.internal.DISTANCE_METRICS`).
"""
_PARAM_ADJUST = """    adjust : bool, default True, keyword-only
        Divide by sqrt((N - K) / N), as clValid does.
"""
_PARAM_REST = """    rng : None, int or numpy.random.Generator, keyword-only
        Seeds of the clusterer's ``random_state``, if it has one.
    n_jobs : int or None, keyword-only
        The reclusterings run in parallel through joblib; the result does not depend on it.
    progress : bool, default False, keyword-only
        Show a tqdm progress bar.

    Returns
    -------
    float
        {better}.
"""
_PARAMS = {
    "apn": _PARAM_X + _PARAM_REST.format(better="In [0, 1]; lower is better (more stable)"),
    "ad": _PARAM_X + _PARAM_METRIC + _PARAM_REST.format(better="Lower is better"),
    "adm": _PARAM_X + _PARAM_METRIC + _PARAM_REST.format(better="Lower is better (more stable)"),
    "fom": _PARAM_X
    + _PARAM_ADJUST
    + _PARAM_REST.format(better="Lower is better (the clusters predict a left-out feature)")
    + """
    Raises
    ------
    ValueError
        If ``adjust=True`` and the clusterer puts each sample in its own cluster: the
        factor sqrt((N - K) / N) is 0 and FOM would be 0/0.
""",
}
for _f, _title, _what in (
    (
        apn,
        "APN, the average proportion of non-overlap,",
        "the share of a sample's cluster that leaves it when a feature is removed, averaged "
        "over samples and features (in [0, 1]; 0: the same clustering every time). Options: "
        "``rng``, ``n_jobs``, ``progress``.",
    ),
    (
        ad,
        "AD, the average distance,",
        "the mean distance between the members of a sample's cluster in the full data and "
        "those of its cluster with a feature removed, averaged over samples and features. "
        "Options: ``metric``, ``rng``, ``n_jobs``, ``progress``.",
    ),
    (
        adm,
        "ADM, the average distance between means,",
        "the distance between the means of a sample's two clusters (full data, one feature "
        "removed), averaged over samples and features (0: the same clustering every time). "
        "Options: ``metric``, ``rng``, ``n_jobs``, ``progress``.",
    ),
    (
        fom,
        "FOM, the figure of merit,",
        "the root mean squared deviation of a removed feature from the cluster means in that "
        "feature (clusters found without it), averaged over the features. Options: "
        "``adjust``, ``rng``, ``n_jobs``, ``progress``.",
    ),
):
    _f.__doc__ = _MEASURE_DOC.format(
        title=_title,
        what=_what,
        name=_f.__name__,
        example=_EXAMPLES[_f.__name__],
        params=_PARAMS[_f.__name__],
    )
del _f, _title, _what
