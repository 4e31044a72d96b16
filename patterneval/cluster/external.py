r"""Comparing two partitions of the same samples: the contingency table, pair counts and
the external indices built on them (chapter "External indices").

Every index takes ``labels_true, labels_pred``: two 1-d arrays of cluster labels, one per
sample, of any hashable type (integers, negative integers, strings). ``labels_true`` is
the reference partition (note 001's :math:`\mathcal{C}^*`, the classes), ``labels_pred``
the clustering being judged (note 001's :math:`\mathcal{C}`).

Everything is computed from the :math:`K \times L` contingency table in
:math:`O(n + KL)`: non-negative (or small-range) integer labels are counted with
``numpy.bincount``, other labels are first encoded with ``numpy.unique``. Pair counts
are exact Python integers, so :math:`n = 10^7` samples (about :math:`5 \times 10^{13}`
pairs, products near :math:`10^{28}`) cannot overflow.

Pair conventions: all pair counts are over *unordered* pairs :math:`i < j`, as in note
001. scikit-learn's :func:`sklearn.metrics.cluster.pair_confusion_matrix` counts ordered
pairs (each pair twice).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from scipy.optimize import linear_sum_assignment
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import min_weight_full_bipartite_matching

from .._results import Result
from .._validation import (
    check_bool,
    check_choice,
    check_increasing,
    check_partitions,
    check_positive_int,
    check_positive_real,
    check_proportion,
    check_rng,
)

__all__ = [
    "PairCounts",
    "adjusted_rand_index",
    "all_indices",
    "clustering_accuracy",
    "contingency_matrix",
    "f_measure",
    "fowlkes_mallows_index",
    "jaccard_index",
    "minkowski_score",
    "mutual_info",
    "normalized_mutual_info",
    "pair_counts",
    "pair_f1",
    "purity",
    "rand_index",
    "relabel",
    "relabel_profiles",
]

#: Largest dense table (cells) built on the bincount path; larger tables are counted
#: sparsely (only non-zero cells, found by sorting the n combined codes).
_DENSE_CELLS = 1 << 23

#: Largest table (cells) matched by the dense Hungarian algorithm in
#: :func:`clustering_accuracy`; larger tables use the sparse matching on their non-zero
#: cells only.
_DENSE_MATCH_CELLS = 1 << 16


# ------------------------------------------------------------------ encoding and the table
def _encode(labels: np.ndarray) -> tuple[np.ndarray, int]:
    """Codes ``0 .. K-1`` in the sorted order of the distinct labels, and K.

    Integer (and bool) labels whose range is at most ``2 n + 1024`` are counted with
    ``bincount`` in O(n + range); everything else goes through ``np.unique`` in
    O(n log n). Labels numpy cannot sort (mixed types in an object array) are coded in
    order of first appearance.
    """
    n = labels.shape[0]
    if labels.dtype.kind in "biu":
        x = labels.astype(np.int64, copy=False) if labels.dtype.kind == "b" else labels
        lo, hi = int(x.min()), int(x.max())
        if hi - lo + 1 <= 2 * n + 1024:
            # subtract the minimum in a wide type of the same signedness before casting to
            # intp: uint64 labels >= 2**63 with a small range do not fit intp themselves
            wide = x.astype(np.uint64 if x.dtype.kind == "u" else np.int64, copy=False)
            shifted = (wide - wide.dtype.type(lo)).astype(np.intp, copy=False)
            counts = np.bincount(shifted, minlength=hi - lo + 1)
            present = counts > 0
            k = int(np.count_nonzero(present))
            if k == present.size:
                return shifted, k
            remap = np.cumsum(present, dtype=np.intp) - 1
            return remap[shifted], k
    try:
        uniques, codes = np.unique(labels, return_inverse=True)
        return codes.reshape(-1).astype(np.intp, copy=False), int(uniques.size)
    except TypeError:
        seen: dict = {}
        codes = np.fromiter((seen.setdefault(v, len(seen)) for v in labels.tolist()), dtype=np.intp, count=n)
        return codes, len(seen)


@dataclasses.dataclass(frozen=True)
class _Table:
    """The contingency table in coordinate form: non-zero cells in row-major order."""

    rows: np.ndarray
    cols: np.ndarray
    values: np.ndarray  # int64 counts n_ij > 0
    row_sums: np.ndarray  # class sizes a_i (labels_true)
    col_sums: np.ndarray  # cluster sizes b_j (labels_pred)
    n: int
    dense: np.ndarray | None

    @property
    def shape(self):
        return self.row_sums.size, self.col_sums.size

    def to_dense(self) -> np.ndarray:
        if self.dense is not None:
            return self.dense
        table = np.zeros(self.shape, dtype=np.int64)
        table[self.rows, self.cols] = self.values
        return table

    @property
    def identical(self) -> bool:
        """True when the two partitions are the same up to renaming the clusters."""
        return self.values.size == self.shape[0] == self.shape[1]


def _table(labels_true, labels_pred) -> _Table:
    labels_true, labels_pred = check_partitions(labels_true, labels_pred)
    t, k = _encode(labels_true)
    p, l_ = _encode(labels_pred)
    n = t.shape[0]
    combined = t * l_ + p if l_ > 1 else t
    if k * l_ <= min(_DENSE_CELLS, max(4 * n, 1 << 16)):
        dense = np.bincount(combined, minlength=k * l_).astype(np.int64, copy=False).reshape(k, l_)
        rows, cols = np.nonzero(dense)
        values = dense[rows, cols]
        return _Table(rows, cols, values, dense.sum(axis=1), dense.sum(axis=0), n, dense)
    codes, values = np.unique(combined, return_counts=True)
    rows, cols = np.divmod(codes, l_)
    row_sums = np.bincount(rows, weights=values, minlength=k).astype(np.int64)
    col_sums = np.bincount(cols, weights=values, minlength=l_).astype(np.int64)
    return _Table(rows, cols, values.astype(np.int64), row_sums, col_sums, n, None)


def contingency_matrix(labels_true, labels_pred, *, sparse: bool = False):
    r"""The contingency table (混淆矩阵 / 列联表) of two partitions.

    Entry :math:`n_{ij}` counts the samples in class :math:`i` of ``labels_true`` and in
    cluster :math:`j` of ``labels_pred``; rows and columns follow the sorted distinct
    labels (as ``numpy.unique`` orders them).

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,)
        Cluster labels of any hashable type. Float labels warn.
    sparse : bool, default False
        Return a ``scipy.sparse.csr_array`` instead of a dense int64 array.

    Returns
    -------
    numpy.ndarray or scipy.sparse.csr_array of shape (K, L)

    Notes
    -----
    Cost :math:`O(n + KL)` on the bincount path (integer labels of range at most
    :math:`2n + 1024`, table at most :math:`2^{23}` cells); otherwise labels are encoded
    with ``numpy.unique`` and only the non-zero cells are counted, :math:`O(n \log n)`.
    Same result as :func:`sklearn.metrics.cluster.contingency_matrix`.

    Examples
    --------
    >>> contingency_matrix([0, 0, 1, 1, 2], ["a", "b", "b", "b", "b"])
    array([[1, 1],
           [0, 2],
           [0, 1]])
    """
    table = _table(labels_true, labels_pred)
    if check_bool("sparse", sparse):
        from scipy.sparse import csr_array

        return csr_array((table.values, (table.rows, table.cols)), shape=table.shape)
    return table.to_dense()


# ------------------------------------------------------------------ pair counts
@dataclasses.dataclass(frozen=True, repr=False)
class PairCounts(Result):
    r"""The four kinds of unordered sample pairs :math:`i < j` (note 001, eqs. 9.1-9.4).

    ``labels_pred`` is the clustering :math:`\lambda`, ``labels_true`` the reference
    :math:`\lambda^*`.

    Attributes
    ----------
    a : int
        SS: together in ``labels_pred`` and together in ``labels_true`` (true positives).
    b : int
        SD: together in ``labels_pred``, apart in ``labels_true`` (false positives).
    c : int
        DS: apart in ``labels_pred``, together in ``labels_true`` (false negatives).
    d : int
        DD: apart in both (true negatives).

    ``a + b + c + d = n (n - 1) / 2``. Unpacks as ``a, b, c, d = pair_counts(...)``.
    scikit-learn's ordered-pair matrix is ``[[2d, 2b], [2c, 2a]]``.
    """

    a: int
    b: int
    c: int
    d: int

    def __iter__(self):
        return iter((self.a, self.b, self.c, self.d))

    @property
    def n_pairs(self) -> int:
        """All unordered pairs, :math:`\\binom{n}{2}`."""
        return self.a + self.b + self.c + self.d


def _pair_counts(table: _Table) -> PairCounts:
    # n_ij^2 <= n^2 fits int64 for n < 3e9; everything after is Python int (exact)
    sum_cells = int(np.dot(table.values, table.values))
    sum_rows = int(np.dot(table.row_sums, table.row_sums))
    sum_cols = int(np.dot(table.col_sums, table.col_sums))
    n = table.n
    a = (sum_cells - n) // 2
    same_pred = (sum_cols - n) // 2
    same_true = (sum_rows - n) // 2
    b = same_pred - a
    c = same_true - a
    d = n * (n - 1) // 2 - a - b - c
    return PairCounts(a, b, c, d)


def pair_counts(labels_true, labels_pred) -> PairCounts:
    r"""Pair counts a, b, c, d over unordered pairs, in note 001's convention.

    .. math::
        a = \sum_{ij} \binom{n_{ij}}{2}, \quad
        b = \sum_j \binom{b_j}{2} - a, \quad
        c = \sum_i \binom{a_i}{2} - a, \quad
        d = \binom{n}{2} - a - b - c,

    with :math:`n_{ij}` the contingency table, :math:`a_i` its row sums (class sizes of
    ``labels_true``) and :math:`b_j` its column sums (cluster sizes of ``labels_pred``).

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,)
        Reference partition and clustering; any hashable labels.

    Returns
    -------
    PairCounts
        ``a`` (SS), ``b`` (SD: together in ``labels_pred`` only), ``c`` (DS: together in
        ``labels_true`` only), ``d`` (DD), as exact Python ints.

    Notes
    -----
    :math:`O(n + KL)`, never a loop over pairs; exact integer arithmetic (no overflow at
    :math:`n = 10^7`). Equals half of scikit-learn's ordered-pair
    ``pair_confusion_matrix``: ``[[2d, 2b], [2c, 2a]]``.

    References
    ----------
    Zhou Zhihua, *Machine Learning* (2016), eqs. 9.1-9.4. Rand, W. M. (1971), "Objective
    criteria for the evaluation of clustering methods", JASA 66, 846-850,
    doi:10.1080/01621459.1971.10482356.

    Examples
    --------
    >>> pair_counts([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    PairCounts(a=2, b=2, c=2, d=4)
    >>> a, b, c, d = pair_counts([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    >>> a + b + c + d
    10
    """
    return _pair_counts(_table(labels_true, labels_pred))


# ------------------------------------------------------------------ pair-counting indices
def rand_index(labels_true, labels_pred) -> float:
    r"""Rand index (兰德指数): the fraction of unordered pairs on which the partitions agree.

    .. math:: RI = \frac{a + d}{a + b + c + d} = \frac{2 (a + d)}{n (n - 1)}

    Higher is better; range [0, 1]; symmetric; 1 for identical partitions. With one
    sample there are no pairs (0/0) and the value is 1 (the partitions are identical).
    Its expectation under random labelings is not constant and tends to 1 as the number
    of clusters grows; see :func:`adjusted_rand_index`. :math:`O(n + KL)`.

    References
    ----------
    Rand, W. M. (1971), JASA 66, 846-850, doi:10.1080/01621459.1971.10482356.

    Examples
    --------
    >>> rand_index([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    0.6
    """
    a, b, c, d = pair_counts(labels_true, labels_pred)
    total = a + b + c + d
    return 1.0 if total == 0 else (a + d) / total


def adjusted_rand_index(labels_true, labels_pred) -> float:
    r"""Adjusted Rand index (调整兰德指数) of Hubert & Arabie (1985).

    .. math::
        ARI = \frac{\sum_{ij}\binom{n_{ij}}{2} - E}{\tfrac12\left[\sum_i\binom{a_i}{2}
        + \sum_j\binom{b_j}{2}\right] - E}, \qquad
        E = \frac{\sum_i\binom{a_i}{2}\sum_j\binom{b_j}{2}}{\binom{n}{2}},

    where :math:`E` is the expectation of :math:`\sum_{ij}\binom{n_{ij}}{2}` when the
    table is drawn from the generalised hypergeometric model (random labelings with the
    observed cluster sizes). Higher is better; 1 for identical partitions; expectation
    0 under random labelings; it can be negative (less agreement than chance), and is
    never below -1/2 (Chacón & Rastrojo 2023). Symmetric.

    The numerator and denominator are multiplied by :math:`\binom{n}{2}` and evaluated
    in exact Python integers; the one division is correctly rounded. The denominator is
    0 only when both partitions are one cluster or both are all singletons (identical
    partitions); the value is then 1. :math:`O(n + KL)`.

    References
    ----------
    Hubert, L. & Arabie, P. (1985), "Comparing partitions", Journal of Classification 2,
    193-218, doi:10.1007/BF01908075. Chacón, J. E. & Rastrojo, A. I. (2023), "Minimum
    adjusted Rand index for two clusterings of a given size", Advances in Data Analysis
    and Classification 17, 125-133, doi:10.1007/s11634-022-00491-w.

    Examples
    --------
    >>> adjusted_rand_index([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    >>> adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1])
    -0.5
    """
    a, b, c, _ = pair_counts(labels_true, labels_pred)
    n_pairs = a + b + c + _
    same_true, same_pred = a + c, a + b
    numerator = 2 * (n_pairs * a - same_true * same_pred)
    denominator = n_pairs * (same_true + same_pred) - 2 * same_true * same_pred
    return 1.0 if denominator == 0 else numerator / denominator


def jaccard_index(labels_true, labels_pred) -> float:
    r"""Jaccard coefficient (Jaccard 系数, JC) of the pairs put together.

    .. math:: JC = \frac{a}{a + b + c}

    the Jaccard similarity of the set of pairs together in ``labels_pred`` (SS + SD)
    and the set together in ``labels_true`` (SS + DS). Higher is better; range [0, 1];
    symmetric. 0/0 (both partitions all singletons, so no pair is together anywhere)
    gives 1: the partitions are identical. :math:`O(n + KL)`.

    References
    ----------
    Zhou Zhihua, *Machine Learning* (2016), eq. 9.5. Jaccard, P. (1912), "The
    distribution of the flora in the alpine zone", New Phytologist 11, 37-50,
    doi:10.1111/j.1469-8137.1912.tb05611.x.

    Examples
    --------
    >>> jaccard_index([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    0.3333333333333333
    """
    a, b, c, _ = pair_counts(labels_true, labels_pred)
    return 1.0 if a + b + c == 0 else a / (a + b + c)


def fowlkes_mallows_index(labels_true, labels_pred) -> float:
    r"""Fowlkes-Mallows index (FM 指数, FMI): the geometric mean of pair precision and
    pair recall.

    .. math:: FMI = \sqrt{\frac{a}{a + b}\cdot\frac{a}{a + c}}

    Higher is better; range [0, 1]; symmetric. Conventions for 0/0: when neither
    partition puts any pair together (both all singletons, :math:`a = b = c = 0`) the
    partitions are identical and FMI is 1 (scikit-learn's ``fowlkes_mallows_score``
    returns 0 there); when only one of them puts no pair together, FMI is 0.
    :math:`O(n + KL)`.

    References
    ----------
    Fowlkes, E. B. & Mallows, C. L. (1983), "A method for comparing two hierarchical
    clusterings", JASA 78, 553-569, doi:10.1080/01621459.1983.10478008.

    Examples
    --------
    >>> fowlkes_mallows_index([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    0.5
    >>> fowlkes_mallows_index([0, 1, 2], [5, 6, 7])
    1.0
    """
    a, b, c, _ = pair_counts(labels_true, labels_pred)
    if a + b == 0 or a + c == 0:
        return 1.0 if b == c == 0 else 0.0
    return float(math.sqrt(a / (a + b)) * math.sqrt(a / (a + c)))


def pair_f1(labels_true, labels_pred) -> float:
    r"""F1 score of the pair confusion matrix (note 003): pairs together in
    ``labels_true`` are the positives, pairs together in ``labels_pred`` the predictions.

    .. math:: P = \frac{a}{a + b},\quad R = \frac{a}{a + c},\quad
              F_1 = \frac{2PR}{P + R} = \frac{2a}{2a + b + c}

    Higher is better; range [0, 1]; symmetric. 0/0 (both partitions all singletons)
    gives 1. :math:`O(n + KL)`.

    References
    ----------
    Manning, C. D., Raghavan, P. & Schütze, H. (2008), *Introduction to Information
    Retrieval*, ch. 16.3, Cambridge University Press, doi:10.1017/CBO9780511809071.

    Examples
    --------
    >>> pair_f1([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    0.5
    """
    a, b, c, _ = pair_counts(labels_true, labels_pred)
    return 1.0 if a + b + c == 0 else 2 * a / (2 * a + b + c)


def minkowski_score(labels_true, labels_pred, *, include_diagonal: bool = False) -> float:
    r"""Minkowski score (闵可夫斯基打分): normalised distance between co-occurrence matrices.

    With :math:`C_U` the :math:`n \times n` co-occurrence (共表型) matrix of
    ``labels_true`` (1 where two samples share a cluster) and :math:`C_V` that of
    ``labels_pred``,

    .. math:: M = \frac{\lVert C_U - C_V \rVert_F}{\lVert C_U \rVert_F}
              = \sqrt{\frac{b + c}{a + c}}

    over off-diagonal entries (each unordered pair counted twice on both sides). With
    ``include_diagonal=True`` the diagonal ones count as well:
    :math:`M = \sqrt{2(b + c) / (n + 2(a + c))}`. Lower is better; 0 for identical
    partitions; range :math:`[0, \infty)`; not symmetric (``labels_true`` normalises).
    0/0 (``labels_true`` all singletons, off-diagonal) gives 0 if ``labels_pred`` is
    all singletons too and ``inf`` otherwise. Computed from the contingency table in
    :math:`O(n + KL)`, never from the :math:`n \times n` matrices.

    References
    ----------
    Jiang, D., Tang, C. & Zhang, A. (2004), "Cluster analysis for gene expression data:
    a survey", IEEE TKDE 16, 1370-1386, doi:10.1109/TKDE.2004.68. Ben-Hur, A.,
    Elisseeff, A. & Guyon, I. (2002), "A stability based method for discovering
    structure in clustered data", Pacific Symposium on Biocomputing 7, 6-17,
    doi:10.1142/9789812799623_0002.

    Examples
    --------
    >>> minkowski_score([0, 0, 1, 1], [0, 0, 1, 1])
    0.0
    >>> minkowski_score([0, 0, 0, 1], [0, 0, 1, 1])
    1.0
    """
    table = _table(labels_true, labels_pred)
    a, b, c, _ = _pair_counts(table)
    if check_bool("include_diagonal", include_diagonal):
        return math.sqrt(2 * (b + c) / (table.n + 2 * (a + c)))
    if a + c == 0:
        return 0.0 if b == 0 else math.inf
    return math.sqrt((b + c) / (a + c))


# ------------------------------------------------------------------ set-matching indices
def f_measure(labels_true, labels_pred, *, beta: float = 1.0) -> float:
    r"""Cluster F-measure (F 度量) of note 000: each class takes its best-matching cluster.

    For class :math:`S_t` of ``labels_true`` (size :math:`N_t`) and cluster :math:`C_k`
    of ``labels_pred`` (size :math:`N_k`) sharing :math:`N_{tk}` samples,
    :math:`P = N_{tk}/N_k`, :math:`R = N_{tk}/N_t` and

    .. math::
        F_\beta(S_t, C_k) = \frac{(\beta^2 + 1) P R}{\beta^2 P + R}
                          = \frac{(\beta^2 + 1) N_{tk}}{\beta^2 N_t + N_k},\qquad
        F = \sum_t \frac{N_t}{N} \max_k F_\beta(S_t, C_k).

    Higher is better; range (0, 1]; 1 for identical partitions; not symmetric (the
    classes of ``labels_true`` are the reference and weight the sum). ``beta > 1``
    weighs recall more. A pair with :math:`N_{tk} = 0` scores 0 (no 0/0 can occur).
    :math:`O(n + KL)`.

    References
    ----------
    Larsen, B. & Aone, C. (1999), "Fast and effective text mining using linear-time
    document clustering", KDD '99, 16-22, doi:10.1145/312129.312186.

    Examples
    --------
    >>> f_measure([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    0.8
    """
    beta = check_positive_real("beta", beta)
    table = _table(labels_true, labels_pred)
    b2 = beta * beta
    scores = (b2 + 1.0) * table.values / (b2 * table.row_sums[table.rows] + table.col_sums[table.cols])
    best = np.zeros(table.shape[0])
    np.maximum.at(best, table.rows, scores)
    return float(np.dot(table.row_sums, best) / table.n)


def purity(labels_true, labels_pred) -> float:
    r"""Purity (纯度, note 003): each cluster is credited with its most frequent class.

    .. math:: \text{purity} = \frac1n \sum_k \max_l |C_k \cap B_l|

    with :math:`C_k` the clusters of ``labels_pred`` and :math:`B_l` the classes of
    ``labels_true``. Higher is better; range (0, 1]; not symmetric; 1 for identical
    partitions but also for any refinement (all singletons score 1), so it rewards
    many clusters. :math:`O(n + KL)`.

    References
    ----------
    Manning, C. D., Raghavan, P. & Schütze, H. (2008), *Introduction to Information
    Retrieval*, ch. 16.3, doi:10.1017/CBO9780511809071.

    Examples
    --------
    >>> purity([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    0.8
    """
    table = _table(labels_true, labels_pred)
    best = np.zeros(table.shape[1], dtype=np.int64)
    np.maximum.at(best, table.cols, table.values)
    return int(best.sum()) / table.n


def _matched_dense(table: _Table) -> int:
    """Largest total of a one-to-one matching, by the dense Hungarian algorithm."""
    dense = table.to_dense()
    rows, cols = linear_sum_assignment(dense, maximize=True)
    return int(dense[rows, cols].sum())


def _matched_sparse(table: _Table) -> int:
    """Largest total of a one-to-one matching, on the non-zero cells only.

    A matching may leave classes or clusters unmatched, but
    :func:`scipy.sparse.csgraph.min_weight_full_bipartite_matching` needs a perfect
    matching. The graph is therefore doubled: left nodes are the K classes and one
    stand-in per cluster, right nodes the L clusters and one stand-in per class. Class i
    may take cluster j (cost ``c - n_ij``, for each non-zero cell) or its own stand-in
    (cost ``c``); the stand-in of cluster j takes cluster j or, for each non-zero cell
    (i, j), the stand-in of class i (cost ``c``). Every perfect matching of this graph has
    K + L edges and is a matching of the table plus stand-ins, so minimising its cost,
    with ``c = max n_ij + 1`` keeping every cost positive, maximises the matched total.
    O(nnz) memory (3 nnz + K + L edges).
    """
    K, L = table.shape
    rows, cols = table.rows.astype(np.intp), table.cols.astype(np.intp)
    values = table.values
    c = float(values.max()) + 1.0
    nnz = values.size
    left = np.concatenate([rows, np.arange(K), K + cols, K + np.arange(L)])
    right = np.concatenate([cols, L + np.arange(K), L + rows, np.arange(L)])
    cost = np.concatenate([c - values, np.full(K + nnz + L, c)])
    graph = csr_matrix((cost, (left, right)), shape=(K + L, K + L))
    _, match = min_weight_full_bipartite_matching(graph)
    classes = np.nonzero(match[:K] < L)[0]
    code = classes.astype(np.int64) * L + match[classes]
    cells = rows.astype(np.int64) * L + cols  # row-major, sorted
    return int(values[np.searchsorted(cells, code)].sum())


def clustering_accuracy(labels_true, labels_pred) -> float:
    r"""Clustering accuracy: the accuracy of the best one-to-one matching of clusters to
    classes (Hungarian algorithm).

    .. math:: ACC = \max_{\sigma} \frac1n \sum_{i} n_{i\,\sigma(i)}

    over injective maps :math:`\sigma` between the classes and the clusters (unmatched
    ones count nothing). Higher is better; range (0, 1]; symmetric; 1 exactly for
    identical partitions. Only the value is returned, so when several matchings reach
    the maximum it does not matter which one the solver finds.

    Small tables (at most 65 536 cells) are solved by the Hungarian algorithm
    (:func:`scipy.optimize.linear_sum_assignment`) on the dense table. Larger ones never
    build the K x L table: the matching runs on the non-zero cells only
    (:func:`scipy.sparse.csgraph.min_weight_full_bipartite_matching`, on a graph with
    3 nnz + K + L edges), so memory is :math:`O(n + \mathrm{nnz})`: :math:`10^6` samples
    in :math:`10^4` classes and :math:`10^4` clusters that agree on 80 % of the samples
    took 40 MB and 0.5 s (the dense table alone would take 800 MB).

    References
    ----------
    Kuhn, H. W. (1955), "The Hungarian method for the assignment problem", Naval Research
    Logistics Quarterly 2, 83-97, doi:10.1002/nav.3800020109.
    Jonker, R. & Volgenant, A. (1987), "A shortest augmenting path algorithm for dense and
    sparse linear assignment problems", Computing 38, 325-340, doi:10.1007/BF02278710.

    Examples
    --------
    >>> clustering_accuracy([0, 0, 1, 1, 2], [1, 1, 0, 0, 0])
    0.8
    """
    table = _table(labels_true, labels_pred)
    K, L = table.shape
    matched = _matched_dense(table) if K * L <= _DENSE_MATCH_CELLS else _matched_sparse(table)
    return matched / table.n


# ------------------------------------------------------------------ information-theoretic
def _mutual_info(table: _Table) -> float:
    if table.shape[0] == 1 or table.shape[1] == 1:
        return 0.0
    n = table.n
    values = table.values.astype(np.float64)
    p = values / n
    outer = table.row_sums[table.rows] * table.col_sums[table.cols]  # <= n^2, int64
    log_outer = -np.log(outer) + math.log(n) + math.log(n)
    terms = p * (np.log(values) - math.log(n)) + p * log_outer
    terms = np.where(np.abs(terms) < np.finfo(np.float64).eps, 0.0, terms)
    return float(max(terms.sum(), 0.0))


def _entropy(sizes: np.ndarray, n: int) -> float:
    if sizes.size == 1:
        return 0.0
    sizes = sizes.astype(np.float64)
    return float(-np.sum((sizes / n) * (np.log(sizes) - math.log(n))))


def mutual_info(labels_true, labels_pred) -> float:
    r"""Mutual information (互信息) of two partitions, in nats.

    .. math:: I(U; V) = \sum_{ij} \frac{n_{ij}}{n}\log\frac{n\, n_{ij}}{a_i b_j}

    Higher is better (for a fixed ``labels_true`` it is largest, :math:`H(U)`, when
    ``labels_pred`` equals it or refines it); range :math:`[0, \min(H(U), H(V))]`;
    symmetric. Rounding errors below machine epsilon are set to 0 term by term and the
    sum is clipped at 0, as in scikit-learn. :math:`O(n + KL)`.

    References
    ----------
    Cover, T. M. & Thomas, J. A. (2006), *Elements of Information Theory*, 2nd ed., ch. 2,
    Wiley, doi:10.1002/047174882X.

    Examples
    --------
    >>> round(mutual_info([0, 0, 1, 1], [0, 0, 1, 1]), 6)  # log 2
    0.693147
    """
    return _mutual_info(_table(labels_true, labels_pred))


_AVERAGES = ("arithmetic", "geometric", "min", "max")


def normalized_mutual_info(labels_true, labels_pred, *, average: str = "arithmetic") -> float:
    r"""Normalised mutual information (归一化互信息): :math:`I(U;V)` divided by a mean of
    the two entropies.

    .. math:: NMI = \frac{I(U; V)}{m(H(U), H(V))},\qquad
              H(U) = -\sum_i \frac{a_i}{n}\log\frac{a_i}{n}

    with :math:`m` the ``"arithmetic"`` mean (default, scikit-learn's default; equal to
    the V-measure), ``"geometric"`` mean, ``"min"`` or ``"max"``. Higher is better;
    range [0, 1]; symmetric; exactly 1 for identical partitions (also when both are one
    cluster, where it is 0/0). When only one partition is a single cluster, :math:`I =
    0` and NMI is 0 (0/0 for ``"min"`` and ``"geometric"``). Not adjusted for chance: it
    grows with the number of clusters. :math:`O(n + KL)`.

    References
    ----------
    Strehl, A. & Ghosh, J. (2002), "Cluster ensembles", JMLR 3, 583-617,
    doi:10.1162/153244303321897735. Vinh, N. X., Epps, J. & Bailey, J. (2010),
    "Information theoretic measures for clusterings comparison", JMLR 11, 2837-2854.

    Examples
    --------
    >>> normalized_mutual_info([0, 0, 1, 1], [5, 5, 7, 7])
    1.0
    >>> round(normalized_mutual_info([0, 0, 1, 1], [0, 0, 0, 1], average="max"), 4)
    0.3113
    """
    average = check_choice("average", average, _AVERAGES)
    table = _table(labels_true, labels_pred)
    if table.identical:
        return 1.0
    mi = _mutual_info(table)
    if mi == 0.0:
        return 0.0
    h_true, h_pred = _entropy(table.row_sums, table.n), _entropy(table.col_sums, table.n)
    if average == "arithmetic":
        normalizer = (h_true + h_pred) / 2
    elif average == "geometric":
        normalizer = math.sqrt(h_true * h_pred)
    elif average == "min":
        normalizer = min(h_true, h_pred)
    else:
        normalizer = max(h_true, h_pred)
    return float(min(mi / normalizer, 1.0))


# ------------------------------------------------------------------ helpers for the chapter
def all_indices(labels_true, labels_pred) -> dict:
    """Every external index of this module for one pair of partitions, as a dict
    ``name -> float`` (NMI with its default arithmetic mean; F-measure with beta = 1).

    Examples
    --------
    >>> scores = all_indices([0, 0, 1, 1], [0, 0, 1, 1])
    >>> sorted(scores) == sorted(INDEX_NAMES)
    True
    >>> scores["adjusted_rand_index"], scores["minkowski_score"]
    (1.0, 0.0)
    """
    labels_true, labels_pred = check_partitions(labels_true, labels_pred)
    return {name: float(globals()[name](labels_true, labels_pred)) for name in INDEX_NAMES}


#: The indices :func:`all_indices` reports, in the chapter's order.
INDEX_NAMES = ("rand_index", "adjusted_rand_index", "jaccard_index", "fowlkes_mallows_index",
               "pair_f1", "f_measure", "purity", "mutual_info", "normalized_mutual_info",
               "clustering_accuracy", "minkowski_score")


def relabel(labels_true, fraction, *, n_clusters=None, rng=None) -> np.ndarray:
    """A noisy copy of a partition: a random ``fraction`` of the samples (rounded down)
    get a label drawn uniformly from ``0 .. n_clusters - 1`` (default: the number of
    classes of ``labels_true``); the others keep theirs. ``labels_true`` must hold
    integers ``0 .. K - 1``; use ``numpy.unique(..., return_inverse=True)`` first.

    Examples
    --------
    >>> relabel([0, 0, 1, 1], 0.0, rng=0).tolist()
    [0, 0, 1, 1]
    >>> relabel([0, 0, 1, 1], 0.5, n_clusters=5, rng=1).shape
    (4,)
    """
    labels, _ = check_partitions(labels_true, labels_true, names=("labels_true", "labels_true"))
    fraction = float(check_proportion("fraction", fraction))
    k = int(np.unique(labels).size) if n_clusters is None else check_positive_int("n_clusters", n_clusters)
    rng = check_rng(rng)
    out = np.array(labels, copy=True)
    chosen = rng.choice(out.size, size=int(fraction * out.size), replace=False)
    out[chosen] = rng.integers(0, k, chosen.size)
    return out


def relabel_profiles(labels_true, *, grid, cluster_options, rng=0) -> dict:
    """Every index of :func:`all_indices` against the share of relabelled samples: the
    precomputation behind the chapter's relabelling explorer.

    For each number of labels ``c`` in ``cluster_options`` and each fraction ``f`` in
    ``grid`` (in that order), ``relabel(labels_true, f, n_clusters=c)`` draws a noisy copy
    from one seeded Generator, and :func:`all_indices` compares it with ``labels_true``.
    At fraction 0 every index is at its best (1, or 0 for the Minkowski score); the
    direction of "better" is that of each index. Cost: ``len(cluster_options) *
    len(grid)`` calls of :func:`all_indices`, each O(n + K * K').

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
        ``{c: {index name: array over grid}}``, index names as in :data:`INDEX_NAMES`.

    Examples
    --------
    >>> from patterneval.cluster.external import relabel_profiles
    >>> prof = relabel_profiles([0, 0, 1, 1, 2, 2], grid=[0.0, 1.0], cluster_options=(2, 3))
    >>> sorted(prof)
    [2, 3]
    >>> float(prof[2]["adjusted_rand_index"][0]), float(prof[2]["minkowski_score"][0])
    (1.0, 0.0)
    """
    labels, _ = check_partitions(labels_true, labels_true, names=("labels_true", "labels_true"))
    grid = check_increasing("grid", grid, minimum=0.0, maximum=1.0)
    options = check_increasing("cluster_options", cluster_options, integer=True, minimum=1)
    rng = check_rng(rng)
    out = {}
    for c in options.tolist():
        rows = [all_indices(labels, relabel(labels, f, n_clusters=c, rng=rng)) for f in grid]
        out[c] = {name: np.array([row[name] for row in rows]) for name in rows[0]}
    return out
