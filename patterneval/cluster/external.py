r"""Comparing two partitions of the same samples: the contingency table, pair counts and
the external indices built on them (chapter "External indices").

Every index takes ``labels_true, labels_pred``: two 1-d arrays of cluster labels, one per
sample: integers (negative ones too), strings, integral floats or other hashable ids. The
rule is the package's one rule for labels, the same for the internal indices and the
stability measures (:func:`patterneval._validation.check_labels`): NaN, infinite and
non-integral numbers (scores or soft assignments passed by mistake) and a mix of strings
and numbers are refused with a ValueError naming the argument. ``labels_true`` is
the reference partition (:math:`\mathcal{C}^*`, the classes), ``labels_pred``
the clustering being judged (:math:`\mathcal{C}`).

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
from numpy.typing import ArrayLike
from scipy.optimize import linear_sum_assignment
from scipy.sparse import csr_array, csr_matrix
from scipy.sparse.csgraph import min_weight_full_bipartite_matching
from scipy.special import gammaln

from .._api import doc_parts, keywords
from .._results import Result
from .._validation import (
    check_bool,
    check_choice,
    check_rng,
    check_scalar,
)
from ._checks import check_partitions

__all__ = [
    "PairCounts",
    "RANDOM_MODELS",
    "adjusted_mutual_info",
    "adjusted_rand_index",
    "all_indices",
    "clustering_accuracy",
    "completeness",
    "contingency_matrix",
    "expected_mutual_info",
    "f_measure",
    "fowlkes_mallows_index",
    "homogeneity",
    "jaccard_index",
    "minkowski_score",
    "mutual_info",
    "normalized_mutual_info",
    "pair_counts",
    "pair_f1",
    "purity",
    "rand_index",
    "random_partition",
    "v_measure",
    "variation_of_information",
]

#: Largest dense table (cells) built on the bincount path; larger tables are counted
#: sparsely (only non-zero cells, found by sorting the n combined codes).
_DENSE_CELLS = 1 << 23

#: Largest table (cells) matched by the dense Hungarian algorithm in
#: :func:`clustering_accuracy`; larger tables use the sparse matching on their non-zero
#: cells only.
_DENSE_MATCH_CELLS = 1 << 16


# ------------------------------------------------------------------ shared docstring parts
#: Sections that many docstrings of this module share, filled in by :func:`_doc` where a
#: docstring says ``%(name)s`` (the idiom of SciPy's ``doccer``).
_DOC_PARTS = {
    "parameters": """Parameters
    ----------
    labels_true : array_like of shape (n_samples,)
        The reference partition (the classes): integers, strings, integral floats or other
        hashable ids (no NaN, inf, non-integral numbers or mix of strings and numbers), at
        least one sample (empty arrays raise ValueError: an index of no samples is undefined).
    labels_pred : array_like of shape (n_samples,)
        The clustering judged, labelling the same samples.""",
    "returns_0_1": """Returns
    -------
    float
        In [0, 1]; higher is better.""",
    "returns_open_0_1": """Returns
    -------
    float
        In (0, 1]; higher is better.""",
    "references_vmeasure": """References
    ----------
    Rosenberg, A. & Hirschberg, J. (2007), "V-measure: a conditional entropy-based
    external cluster evaluation measure", EMNLP-CoNLL 2007, 410-420.""",
}


#: Fills the ``%(name)s`` parts of a docstring from :data:`_DOC_PARTS`.
_doc = doc_parts(_DOC_PARTS)


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
        codes = np.fromiter(
            (seen.setdefault(v, len(seen)) for v in labels.tolist()), dtype=np.intp, count=n
        )
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


def contingency_matrix(
    labels_true: ArrayLike,
    labels_pred: ArrayLike,
    *,
    sparse: bool = False,
) -> np.ndarray | csr_array:
    r"""The contingency table (混淆矩阵 / 列联表) of two partitions.

    Entry :math:`n_{ij}` counts the samples in class :math:`i` of ``labels_true`` and in
    cluster :math:`j` of ``labels_pred``; rows and columns follow the sorted distinct
    labels (as ``numpy.unique`` orders them).

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,)
        Cluster labels (integers, strings, integral floats or other hashable ids; no NaN,
        inf, non-integral numbers or mix of strings and numbers), at least one sample:
        empty arrays raise ValueError (scikit-learn's ``contingency_matrix`` returns a
        0 x 0 table).
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
    r"""The four kinds of unordered sample pairs :math:`i < j` (chapter "External indices").

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


def pair_counts(labels_true: ArrayLike, labels_pred: ArrayLike) -> PairCounts:
    r"""Pair counts a, b, c, d over unordered pairs, in the convention of the chapter "External indices".

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
        Reference partition and clustering (cluster labels, see the module docstring), at least one sample:
        empty arrays raise ValueError (scikit-learn's ``pair_confusion_matrix`` returns zeros).

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
@_doc
def rand_index(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Rand index (兰德指数): the fraction of unordered pairs on which the partitions agree.

    .. math:: RI = \frac{a + d}{a + b + c + d} = \frac{2 (a + d)}{n (n - 1)}

    Higher is better; range [0, 1]; symmetric; 1 for identical partitions. With one
    sample there are no pairs (0/0) and the value is 1 (the partitions are identical).
    Its expectation under random labelings is not constant and tends to 1 as the number
    of clusters grows; see :func:`adjusted_rand_index`. :math:`O(n + KL)`. On empty labels
    scikit-learn's ``rand_score`` returns 1.0.

    %(parameters)s

    %(returns_0_1)s

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


#: Random models of :func:`adjusted_rand_index` (Gates & Ahn 2017's names).
RANDOM_MODELS = ("perm", "num", "num1")


def adjusted_rand_index(
    labels_true: ArrayLike, labels_pred: ArrayLike, *, random_model: str = "perm"
) -> float:
    r"""Adjusted Rand index (调整兰德指数), by default that of Hubert & Arabie (1985).

    .. math::
        ARI = \frac{RI - E[RI]}{1 - E[RI]}

    with :math:`RI` the :func:`rand_index` and :math:`E[RI]` its expectation under a
    random model of the partitions, ``random_model`` (names as in Gates & Ahn 2017 and
    their ``clusim`` package):

    ``"perm"`` (default): the permutation model, both sets of cluster sizes fixed (the
    table drawn from the generalised hypergeometric distribution). This is Hubert &
    Arabie's index:

    .. math::
        ARI = \frac{\sum_{ij}\binom{n_{ij}}{2} - E}{\tfrac12\left[\sum_i\binom{a_i}{2}
        + \sum_j\binom{b_j}{2}\right] - E}, \qquad
        E = \frac{\sum_i\binom{a_i}{2}\sum_j\binom{b_j}{2}}{\binom{n}{2}}.

    ``"num1"``: the one-sided model for judging a clustering against a reference. The
    reference ``labels_true`` is fixed, and ``labels_pred`` is drawn uniformly from all
    partitions of the n samples into exactly its number of clusters :math:`L` (its
    cluster sizes free, as for repeated k-means runs). A given pair is together in such a
    partition with probability :math:`Q_L = S(n-1, L) / S(n, L)` (:math:`S` the Stirling
    numbers of the second kind), and together in the reference with probability
    :math:`Q_U = \sum_i\binom{a_i}{2} / \binom{n}{2}`, so

    .. math:: E[RI] = Q_L Q_U + (1 - Q_L)(1 - Q_U).

    ``"num"``: the two-sided version, both partitions uniform over the partitions with
    their numbers of clusters: :math:`E[RI] = Q_K Q_L + (1 - Q_K)(1 - Q_L)`.

    Under each model the index has expectation exactly 0 (it is linear in RI); 1 for
    identical partitions (the value when the denominator is 0, which happens only for
    identical partitions); it can be negative. ``"perm"`` and ``"num"`` are symmetric,
    ``"num1"`` is not.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,)
        Reference partition and clustering (cluster labels, see the module docstring), at least one sample:
        empty arrays raise ValueError (scikit-learn's ``adjusted_rand_score`` returns 1.0).
    random_model : {"perm", "num", "num1"}, default "perm"
        The random model of the expectation, see above.

    Returns
    -------
    float

    Notes
    -----
    ``"perm"``: numerator and denominator are multiplied by :math:`\binom{n}{2}` and
    evaluated in exact Python integers; the one division is correctly rounded. It is
    never below -1/2 (Chacón & Rastrojo 2023). :math:`O(n + KL)`.

    ``"num1"``: with :math:`N_2 = \binom{n}{2}`, :math:`t` the pairs together in
    ``labels_true``, :math:`s` those together in ``labels_pred`` and :math:`a` those
    together in both, :math:`ARI = (Q_L (N_2 - 2t) + 2a - s) / (Q_L (N_2 - 2t) + t)`; only
    :math:`Q_L` is not an exact integer. The ratio :math:`Q_L` is computed from the
    probability that uniform draws hit every cluster (an alternating sum that decreases
    geometrically once the mean cluster size exceeds about :math:`\ln 2L`), else by a
    recurrence of ratios of Stirling numbers in :math:`O(nL)`; both agree with exact
    integer Stirling numbers to 1e-15 (tests).

    References
    ----------
    Hubert, L. & Arabie, P. (1985), "Comparing partitions", Journal of Classification 2,
    193-218, doi:10.1007/BF01908075. Gates, A. J. & Ahn, Y.-Y. (2017), "The impact of
    random models on clustering similarity", JMLR 18(87), 1-28 (the models
    :math:`\mathcal{M}_{perm}` and :math:`\mathcal{M}_{num}`, two-sided and one-sided
    against a reference, for the Rand index). Chacón, J. E. & Rastrojo, A. I. (2023),
    "Minimum adjusted Rand index for two clusterings of a given size", Advances in Data
    Analysis and Classification 17, 125-133, doi:10.1007/s11634-022-00491-w.

    Examples
    --------
    >>> adjusted_rand_index([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    >>> adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1])
    -0.5
    >>> round(adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1], random_model="num1"), 4)
    -0.4
    """
    random_model = check_choice("random_model", random_model, RANDOM_MODELS)
    table = _table(labels_true, labels_pred)
    a, b, c, d = _pair_counts(table)
    n_pairs = a + b + c + d
    same_true, same_pred = a + c, a + b
    if random_model == "perm":
        numerator = 2 * (n_pairs * a - same_true * same_pred)
        denominator = n_pairs * (same_true + same_pred) - 2 * same_true * same_pred
        return 1.0 if denominator == 0 else numerator / denominator
    if table.identical:
        return 1.0
    K, L = table.shape
    q_pred = _stirling_ratio(table.n, L)
    if random_model == "num1":
        spread = n_pairs - 2 * same_true
        return float((q_pred * spread + (2 * a - same_pred)) / (q_pred * spread + same_true))
    q_true = _stirling_ratio(table.n, K)
    expected_disagreement = q_pred * (1.0 - q_true) + q_true * (1.0 - q_pred)
    disagreement = (same_true + same_pred - 2 * a) / n_pairs
    return float((expected_disagreement - disagreement) / expected_disagreement)


@_doc
def jaccard_index(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Jaccard coefficient (Jaccard 系数, JC) of the pairs put together.

    .. math:: JC = \frac{a}{a + b + c}

    the Jaccard similarity of the set of pairs together in ``labels_pred`` (SS + SD)
    and the set together in ``labels_true`` (SS + DS). Higher is better; range [0, 1];
    symmetric. 0/0 (both partitions all singletons, so no pair is together anywhere)
    gives 1: the partitions are identical. :math:`O(n + KL)`.

    %(parameters)s

    %(returns_0_1)s

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


@_doc
def fowlkes_mallows_index(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Fowlkes-Mallows index (FM 指数, FMI): the geometric mean of pair precision and
    pair recall.

    .. math:: FMI = \sqrt{\frac{a}{a + b}\cdot\frac{a}{a + c}}

    Higher is better; range [0, 1]; symmetric. Conventions for 0/0: when neither
    partition puts any pair together (both all singletons, :math:`a = b = c = 0`) the
    partitions are identical and FMI is 1 (scikit-learn's ``fowlkes_mallows_score``
    returns 0 there, and 0.0 on empty labels); when only one of them puts no pair together,
    FMI is 0. :math:`O(n + KL)`.

    %(parameters)s

    %(returns_0_1)s

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


@_doc
def pair_f1(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""F1 score of the pair confusion matrix: pairs together in
    ``labels_true`` are the positives, pairs together in ``labels_pred`` the predictions.

    .. math:: P = \frac{a}{a + b},\quad R = \frac{a}{a + c},\quad
              F_1 = \frac{2PR}{P + R} = \frac{2a}{2a + b + c}

    Higher is better; range [0, 1]; symmetric. 0/0 (both partitions all singletons)
    gives 1. :math:`O(n + KL)`.

    %(parameters)s

    %(returns_0_1)s

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


@_doc
def minkowski_score(
    labels_true: ArrayLike, labels_pred: ArrayLike, *, include_diagonal: bool = False
) -> float:
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

    %(parameters)s
    include_diagonal : bool, default False, keyword-only
        Count the diagonal of the co-occurrence matrices (each sample with itself).

    Returns
    -------
    float
        In :math:`[0, \infty]`; lower is better.

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
@_doc
def f_measure(labels_true: ArrayLike, labels_pred: ArrayLike, *, beta: float = 1.0) -> float:
    r"""Cluster F-measure (F 度量): each class takes its best-matching cluster.

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

    %(parameters)s
    beta : float > 0, default 1.0, keyword-only
        Weight of recall against precision.

    %(returns_open_0_1)s

    References
    ----------
    Larsen, B. & Aone, C. (1999), "Fast and effective text mining using linear-time
    document clustering", KDD '99, 16-22, doi:10.1145/312129.312186.

    Examples
    --------
    >>> f_measure([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    0.8
    """
    beta = check_scalar("beta", beta, float, low=0, closed="neither")
    table = _table(labels_true, labels_pred)
    b2 = beta * beta
    scores = (
        (b2 + 1.0) * table.values / (b2 * table.row_sums[table.rows] + table.col_sums[table.cols])
    )
    best = np.zeros(table.shape[0])
    np.maximum.at(best, table.rows, scores)
    return float(np.dot(table.row_sums, best) / table.n)


@_doc
def purity(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Purity (纯度): each cluster is credited with its most frequent class.

    .. math:: \text{purity} = \frac1n \sum_k \max_l |C_k \cap B_l|

    with :math:`C_k` the clusters of ``labels_pred`` and :math:`B_l` the classes of
    ``labels_true``. Higher is better; range (0, 1]; not symmetric; 1 for identical
    partitions but also for any refinement (all singletons score 1), so it rewards
    many clusters. :math:`O(n + KL)`.

    %(parameters)s

    %(returns_open_0_1)s

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


@_doc
def clustering_accuracy(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
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

    %(parameters)s

    %(returns_open_0_1)s

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


@_doc
def mutual_info(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Mutual information (互信息) of two partitions, in nats.

    .. math:: I(U; V) = \sum_{ij} \frac{n_{ij}}{n}\log\frac{n\, n_{ij}}{a_i b_j}

    Higher is better (for a fixed ``labels_true`` it is largest, :math:`H(U)`, when
    ``labels_pred`` equals it or refines it); range :math:`[0, \min(H(U), H(V))]`;
    symmetric. Rounding errors below machine epsilon are set to 0 term by term and the
    sum is clipped at 0, as in scikit-learn. :math:`O(n + KL)`. On empty labels
    scikit-learn's ``mutual_info_score`` fails with a math domain error.

    %(parameters)s

    Returns
    -------
    float
        :math:`I(U; V) \ge 0`, in nats.

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


@_doc
def normalized_mutual_info(
    labels_true: ArrayLike, labels_pred: ArrayLike, *, average: str = "arithmetic"
) -> float:
    r"""Normalised mutual information (归一化互信息): :math:`I(U;V)` divided by a mean of
    the two entropies.

    .. math:: NMI = \frac{I(U; V)}{m(H(U), H(V))},\qquad
              H(U) = -\sum_i \frac{a_i}{n}\log\frac{a_i}{n}

    with :math:`m` the ``"arithmetic"`` mean (default, scikit-learn's default; equal to
    the V-measure), ``"geometric"`` mean, ``"min"`` or ``"max"``. Higher is better;
    range [0, 1]; symmetric; exactly 1 for identical partitions (also when both are one
    cluster, where it is 0/0). When only one partition is a single cluster, :math:`I =
    0` and NMI is 0 (0/0 for ``"min"`` and ``"geometric"``). Not adjusted for chance: it
    grows with the number of clusters. :math:`O(n + KL)`. On empty labels scikit-learn's
    ``normalized_mutual_info_score`` returns 1.0.

    %(parameters)s
    average : {"arithmetic", "geometric", "min", "max"}, keyword-only
        The mean of :math:`H(U)` and :math:`H(V)` in the denominator (default
        ``"arithmetic"``).

    %(returns_0_1)s

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


# ------------------------------------------------------------------ chance-adjusted information
#: Probability mass of the hypergeometric tails, relative to the mass kept, that
#: :func:`_expected_mutual_info` may drop (bounded rigorously, see there).
_EMI_TAIL = 2.0**-64

#: Largest number of (pair, table value) elements processed at once by
#: :func:`_expected_mutual_info` (4 MiB of float64 per temporary).
_EMI_BLOCK = 1 << 19

#: Coefficients 1/(2j+1), j = 1..9, of the series of :func:`_bd0` for |v| < 0.1.
_BD0_SERIES = 1.0 / (2.0 * np.arange(9, 0, -1) + 1.0)


def _bd0(k, a, b, n):
    r"""The deviance :math:`k\log(k/\mu) - (k - \mu)` with :math:`\mu = ab/n`, elementwise.

    It is non-negative and is computed without cancellation: with :math:`v = (kn - ab) /
    (kn + ab)` (an exact integer ratio), :math:`k\log(k/\mu) - (k-\mu) = (k-\mu) v + 2k
    \sum_{j\ge1} v^{2j+1}/(2j+1)`, summed to 9 terms (error below :math:`10^{-18}`
    relative) where :math:`|v| < 0.1`; elsewhere the direct form loses at most a factor
    of about 10 to cancellation (Loader 2000, "bd0").
    """
    kn = k * n
    ab = a * b
    num = kn - ab
    v = num / (kn + ab)
    small = np.abs(v) < 0.1
    v2 = v * v
    poly = np.zeros_like(v)
    for c in _BD0_SERIES:
        poly = poly * v2 + c
    series = num / n * v + 2.0 * k * v * v2 * poly
    with np.errstate(divide="ignore", invalid="ignore"):
        direct = np.where(k > 0, k * np.log(kn / ab), 0.0) - num / n
    return np.where(small, series, direct)


def _emi_windows(a, b, n, lo, hi, mode, left, right):
    """Weights relative to the mode over each pair's window, the window's sum of
    ``w * bd0``, the sum of ``w``, and a bound on the dropped tail mass (one value per
    pair). ``a, b, lo, hi, mode, left, right`` are float64 arrays of equal length."""
    p = a.size
    wl, wr = int(left.max(initial=0)), int(right.max(initial=0))
    c = n - a - b  # n - a - b + k >= 0 on the support
    a_, b_, c_, m_ = a[:, None], b[:, None], c[:, None], mode[:, None]
    total_w = np.ones(p)
    total_f = _bd0(mode, a, b, n)
    tail = np.zeros(p)
    for side, width, reach in (("right", wr, right), ("left", wl, left)):
        if width == 0:
            continue
        t = np.arange(width, dtype=np.float64)[None, :]
        if side == "right":  # w(k + 1) / w(k) at k = mode + t
            k = m_ + t
            ratio = (a_ - k) * (b_ - k) / ((k + 1.0) * (c_ + k + 1.0))
            k_next = k + 1.0
        else:  # w(k - 1) / w(k) at k = mode - t
            k = m_ - t
            ratio = k * (c_ + k) / ((a_ - k + 1.0) * (b_ - k + 1.0))
            k_next = k - 1.0
        inside = t < reach[:, None]
        w = np.cumprod(np.where(inside, ratio, 0.0), axis=1)
        f = _bd0(np.where(inside, k_next, mode[:, None]), a_, b_, n)
        total_w += w.sum(axis=1)
        total_f += (w * f).sum(axis=1)
        # geometric bound on what lies beyond the window (the ratios decrease away from
        # the mode: the hypergeometric distribution is log-concave)
        edge = reach.astype(np.intp)
        if side == "right":
            cut = hi - mode > reach
            k_edge = mode + reach
            r_edge = (a - k_edge) * (b - k_edge) / ((k_edge + 1.0) * (c + k_edge + 1.0))
        else:
            cut = mode - lo > reach
            k_edge = mode - reach
            r_edge = k_edge * (c + k_edge) / ((a - k_edge + 1.0) * (b - k_edge + 1.0))
        w_edge = np.where(edge > 0, w[np.arange(p), np.maximum(edge - 1, 0)], 1.0)
        with np.errstate(divide="ignore"):
            bound = np.where(r_edge < 1.0, w_edge * r_edge / (1.0 - r_edge), np.inf)
        tail += np.where(cut, bound, 0.0)
    return total_f, total_w, tail


def _expected_mutual_info(row_sums: np.ndarray, col_sums: np.ndarray, n: int) -> float:
    r"""Exact expectation of the mutual information under the permutation model.

    Vinh, Epps & Bailey (2010), eq. 24a:

    .. math::
        E[I] = \sum_{i,j}\sum_{k} \frac{k}{n}\log\frac{n k}{a_i b_j}\,
               \frac{\binom{a_i}{k}\binom{n-a_i}{b_j-k}}{\binom{n}{b_j}},

    the inner sum over the support of the hypergeometric distribution of :math:`n_{ij}`.
    Computed as follows (all steps exact in exact arithmetic except the tail cut):

    - the term of a cell depends only on :math:`(a_i, b_j)`, so the sum runs over the
      distinct row sums times the distinct column sums, weighted by their multiplicities;
    - because :math:`E[n_{ij}] = a_i b_j / n`, subtracting :math:`(k - \mu)/n` from every
      term changes nothing, and leaves the non-negative deviance
      :math:`k\log(k/\mu) - (k-\mu)` (:func:`_bd0`), so every summand is >= 0 and the sum
      has no cancellation;
    - the hypergeometric probabilities are built from the mode outwards by their exact
      ratios :math:`p(k+1)/p(k) = (a-k)(b-k)/((k+1)(n-a-b+k+1))` and normalised by their
      sum: no log-factorials of numbers near :math:`n` (whose rounding, about
      :math:`10^{-8}` absolute at :math:`n = 10^7`, limits the ``gammaln`` form);
    - each window reaches about 9.4 standard deviations plus 12 on each side of the mode
      and is widened until a geometric bound on the probability beyond it (valid since
      the distribution is log-concave) is below :math:`2^{-64}` of the mass inside.

    Cost :math:`O(\sum_{\text{distinct pairs}} \min(a, b, 19\sigma + 25))` instead of
    :math:`O(\sum_{ij} \min(a_i, b_j))`.
    """
    if row_sums.size == 1 or col_sums.size == 1:
        return 0.0
    A, ma = np.unique(row_sums, return_counts=True)
    B, mb = np.unique(col_sums, return_counts=True)
    a = np.repeat(A, B.size).astype(np.float64)
    b = np.tile(B, A.size).astype(np.float64)
    mult = np.outer(ma, mb).ravel().astype(np.float64)
    nf = float(n)
    lo = np.maximum(0.0, a + b - nf)
    hi = np.minimum(a, b)
    ai, bi = np.repeat(A, B.size).astype(np.int64), np.tile(B, A.size).astype(np.int64)
    mode = np.clip((((ai + 1) * (bi + 1)) // (n + 2)).astype(np.float64), lo, hi)
    sd = np.sqrt(a * b * (nf - a) * (nf - b) / (nf * nf * (nf - 1.0)))
    half = np.ceil(9.4 * sd + 12.0)
    emi = 0.0
    todo = np.arange(a.size)
    while todo.size:
        left = np.minimum(mode[todo] - lo[todo], half[todo])
        right = np.minimum(hi[todo] - mode[todo], half[todo])
        order = np.argsort(left + right, kind="stable")
        width = (left + right + 1.0)[order]
        failed = []
        start = 0
        while start < order.size:
            # as many pairs as fit in the block at the widest window among them
            stop = start + max(1, int(_EMI_BLOCK // max(width[min(order.size - 1, start)], 1.0)))
            stop = min(stop, order.size)
            while stop - start > 1 and (stop - start) * width[stop - 1] > _EMI_BLOCK:
                stop = start + max(1, (stop - start) // 2)
            sel = todo[order[start:stop]]
            s = order[start:stop]
            f, w, tail = _emi_windows(
                a[sel], b[sel], nf, lo[sel], hi[sel], mode[sel], left[s], right[s]
            )
            ok = tail <= _EMI_TAIL * w
            emi += float(np.dot(mult[sel][ok], f[ok] / w[ok]))
            failed.append(sel[~ok])
            start = stop
        todo = np.concatenate(failed) if failed else np.array([], dtype=np.intp)
        half[todo] *= 2.0
    return emi / nf


def _stirling_ratio(n: int, k: int) -> float:
    r"""The probability that two given samples share a cluster when a partition of
    ``n`` samples into exactly ``k`` non-empty clusters is drawn uniformly:
    :math:`S(n-1, k) / S(n, k)`, with :math:`S` the Stirling numbers of the second kind.

    From :math:`S(n, k) = k S(n-1, k) + S(n-1, k-1)` and :math:`k! S(n, k) = k^n P_n`,
    where :math:`P_n = \sum_{j=0}^{k} (-1)^j \binom{k}{j} (1 - j/k)^n` is the probability
    that n uniform draws from k clusters hit every cluster, the ratio is
    :math:`P_{n-1} / (k P_n)`. When :math:`k e^{-(n-1)/k} \le 1/2` the alternating sum
    decreases at least geometrically (by 1/2 per term) and loses nothing to cancellation.
    Otherwise (mean cluster size below about :math:`\ln 2k`) the ratios
    :math:`\rho_m(j) = S(m, j-1)/S(m, j)`, :math:`j \le k`, are run up the recurrence
    :math:`\rho_{m+1}(j) = \rho_m(j)\,(j - 1 + \rho_m(j-1)) / (j + \rho_m(j))` to
    :math:`m = n - 1` (positive terms only, no overflow), and the ratio is
    :math:`1/(k + \rho_{n-1}(k))`; :math:`O(nk)`.
    """
    if k == 1:
        return 1.0
    if k >= n:
        return 0.0
    if k * math.exp(-(n - 1) / k) <= 0.5:
        j = np.arange(0, min(k, 60) + 1, dtype=np.float64)
        log_binom = math.lgamma(k + 1) - gammaln(j + 1) - gammaln(k - j + 1)
        sign = np.where(j % 2 == 0, 1.0, -1.0)

        def surjective(m):
            with np.errstate(divide="ignore"):
                terms = sign * np.exp(log_binom + m * np.log1p(-j / k))
            return math.fsum(terms.tolist())

        return surjective(n - 1) / (k * surjective(n))
    # rho[j] = S(m, j - 1) / S(m, j), run up m = 1 .. n - 1:
    # rho_{m+1}(j) = rho_m(j) (j - 1 + rho_m(j - 1)) / (j + rho_m(j)), and S(m, m-1) = C(m, 2)
    rho = np.zeros(k + 1)
    j = np.arange(k + 1, dtype=np.float64)
    for m in range(1, n - 1):
        top = min(m, k)
        rho[2 : top + 1] = (
            rho[2 : top + 1] * (j[1:top] + rho[1:top]) / (j[2 : top + 1] + rho[2 : top + 1])
        )
        if m + 1 <= k:
            rho[m + 1] = (m + 1) * m / 2.0
    return 1.0 / (k + rho[k])


def _average(h_true: float, h_pred: float, average: str) -> float:
    if average == "arithmetic":
        return (h_true + h_pred) / 2
    if average == "geometric":
        return math.sqrt(h_true * h_pred)
    if average == "min":
        return min(h_true, h_pred)
    return max(h_true, h_pred)


@_doc
def expected_mutual_info(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Expected mutual information (期望互信息) of two partitions under the permutation
    model, in nats: the mean of :func:`mutual_info` over all relabellings that keep both
    sets of cluster sizes (the contingency table drawn from the generalised
    hypergeometric distribution).

    .. math::
        E[I] = \sum_{i=1}^{K}\sum_{j=1}^{L}\sum_{k=\max(1, a_i+b_j-n)}^{\min(a_i,b_j)}
        \frac{k}{n}\log\frac{n k}{a_i b_j}\,
        \frac{\binom{a_i}{k}\binom{n-a_i}{b_j-k}}{\binom{n}{b_j}}

    (Vinh, Epps & Bailey 2010, eq. 24a), with :math:`a_i` the class sizes of
    ``labels_true`` and :math:`b_j` the cluster sizes of ``labels_pred``. 0 when either
    partition is a single cluster. Symmetric.

    %(parameters)s

    Returns
    -------
    float
        :math:`E[I] \ge 0`, in nats.

    Notes
    -----
    Every cell with the same :math:`(a_i, b_j)` contributes the same term, so the sum runs
    over the distinct class sizes times the distinct cluster sizes, weighted by how often
    each occurs. Each term is rewritten, using :math:`E[n_{ij}] = a_i b_j / n`, as the
    expectation of the non-negative deviance :math:`k \log(k/\mu) - (k - \mu)`,
    :math:`\mu = a_i b_j / n` (a sum without cancellation); the hypergeometric
    probabilities are built outwards from the mode by their exact ratios and normalised
    by their sum, over a window that is widened until a geometric bound on the
    probability outside it is below :math:`2^{-64}` of the mass inside (the distribution
    is log-concave). Measured against exact rational arithmetic (tests), the result is
    correct to about :math:`10^{-15}` relative; scikit-learn's
    ``expected_mutual_information``, which sums ``exp`` of log-factorials of numbers up
    to :math:`n` over every cell and every value, was off by up to
    :math:`2 \times 10^{-11}` relative at :math:`n = 2 \times 10^4`. At :math:`n = 10^7`
    with 1,000 clusters on each side the computation takes well under a second
    (``benchmarks/bench_cluster_external.py``).

    References
    ----------
    Vinh, N. X., Epps, J. & Bailey, J. (2010), "Information theoretic measures for
    clusterings comparison: variants, properties, normalization and correction for
    chance", JMLR 11, 2837-2854. Loader, C. (2000), "Fast and accurate computation of
    binomial probabilities" (the deviance ``bd0``).

    Examples
    --------
    >>> round(expected_mutual_info([0, 0, 1, 1], [0, 0, 1, 1]), 6)  # log(2) / 3
    0.231049
    >>> expected_mutual_info([0, 0, 1, 1], [0, 0, 0, 0])
    0.0
    """
    table = _table(labels_true, labels_pred)
    return _expected_mutual_info(table.row_sums, table.col_sums, table.n)


def adjusted_mutual_info(
    labels_true: ArrayLike, labels_pred: ArrayLike, *, average: str = "arithmetic"
) -> float:
    r"""Adjusted mutual information (调整互信息, AMI) of Vinh, Epps & Bailey (2010).

    .. math::
        AMI = \frac{I(U;V) - E[I]}{m(H(U), H(V)) - E[I]}

    with :math:`I` the mutual information (:func:`mutual_info`), :math:`E[I]` its exact
    expectation under the permutation model (:func:`expected_mutual_info`, eq. 24a of the
    paper), :math:`H` the entropies (natural log; the base cancels) and :math:`m` the
    ``"arithmetic"`` mean (default, as scikit-learn), ``"geometric"`` mean, ``"min"`` or
    ``"max"``. Higher is better; 1 for identical partitions; expectation 0 under random
    relabellings with the observed cluster sizes; can be negative. Symmetric.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,)
        Reference partition and clustering (cluster labels, see the module docstring), at least one sample:
        empty arrays raise ValueError (scikit-learn's ``adjusted_mutual_info_score`` returns 1.0).
    average : {"arithmetic", "geometric", "min", "max"}, default "arithmetic"
        The mean of the two entropies in the denominator.

    Returns
    -------
    float

    Notes
    -----
    Conventions, exact rather than rounding-dependent:

    - identical partitions (up to renaming) give exactly 1.0, also when both are a single
      cluster or both all singletons (0/0; scikit-learn returns 1.0 for the first and a
      rounding-dependent +-1 for the second);
    - when one partition (not both) is a single cluster or all singletons, every
      relabelling has the same mutual information, so :math:`I = E[I]` exactly and the
      AMI is 0.0 (scikit-learn: 0.0 for a single cluster; for singletons a rounding
      residue such as 1e-16, or +-1 with ``average="min"``, where its 0/0 is clamped to
      eps/eps);
    - with ``average="min"``, when one partition is nested in the other (one is a
      function of the other) :math:`I = \min(H(U), H(V))` exactly and the AMI is 1.0.

    Otherwise the value equals scikit-learn's ``adjusted_mutual_info_score`` to about
    1e-12 (tests, on iris and wine k-means labels and random labels); where the two
    differ more (large n), the difference is scikit-learn's rounding of :math:`E[I]`, see
    :func:`expected_mutual_info`. Cost :math:`O(n + KL)` plus the expectation, which is
    sub-second at :math:`n = 10^7` with 1,000 clusters.

    References
    ----------
    Vinh, N. X., Epps, J. & Bailey, J. (2010), "Information theoretic measures for
    clusterings comparison: variants, properties, normalization and correction for
    chance", JMLR 11, 2837-2854.

    Examples
    --------
    >>> adjusted_mutual_info([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    >>> round(adjusted_mutual_info([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2]), 4)
    0.2987
    """
    average = check_choice("average", average, _AVERAGES)
    table = _table(labels_true, labels_pred)
    if table.identical:
        return 1.0
    K, L = table.shape
    if K == 1 or L == 1 or K == table.n or L == table.n:
        return 0.0
    if average == "min" and table.values.size in (K, L):
        return 1.0
    mi = _mutual_info(table)
    emi = _expected_mutual_info(table.row_sums, table.col_sums, table.n)
    normalizer = _average(
        _entropy(table.row_sums, table.n), _entropy(table.col_sums, table.n), average
    )
    return float(min((mi - emi) / (normalizer - emi), 1.0))


@_doc
def variation_of_information(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Variation of information (信息变异, VI) of Meilă (2007), in nats.

    .. math::
        VI(U, V) = H(U) + H(V) - 2 I(U;V) = H(U \mid V) + H(V \mid U)
                 = \sum_{ij} \frac{n_{ij}}{n}
                   \left[\log\frac{a_i}{n_{ij}} + \log\frac{b_j}{n_{ij}}\right]

    with natural logarithms (divide by :math:`\ln 2` for bits). **Lower is better**; a
    metric on partitions (non-negative, symmetric, the triangle inequality), 0 exactly
    when the partitions agree up to renaming the clusters; at most :math:`\log n`. It is
    computed from the last form, whose terms are all non-negative, so identical
    partitions give exactly 0.0 and no rounding makes it negative. :math:`O(n + KL)`.

    %(parameters)s

    Returns
    -------
    float
        :math:`VI \ge 0`, in nats; lower is better.

    References
    ----------
    Meilă, M. (2007), "Comparing clusterings -- an information based distance", Journal
    of Multivariate Analysis 98, 873-895, doi:10.1016/j.jmva.2006.11.013.

    Examples
    --------
    >>> variation_of_information([0, 0, 1, 1], [1, 1, 0, 0])
    0.0
    >>> round(variation_of_information([0, 0, 1, 1], [0, 0, 0, 0]), 6)  # log 2
    0.693147
    """
    table = _table(labels_true, labels_pred)
    if table.identical:
        return 0.0
    values = table.values.astype(np.float64)
    rows = table.row_sums[table.rows] / values
    cols = table.col_sums[table.cols] / values
    return float(np.sum(values / table.n * (np.log(rows) + np.log(cols))))


def _homogeneity(table: _Table, mi: float) -> float:
    # 1 exactly when every cluster holds a single class (then H(U|V) = 0)
    if table.values.size == table.shape[1]:
        return 1.0
    return float(min(mi / _entropy(table.row_sums, table.n), 1.0))


def _completeness(table: _Table, mi: float) -> float:
    if table.values.size == table.shape[0]:
        return 1.0
    return float(min(mi / _entropy(table.col_sums, table.n), 1.0))


@_doc
def homogeneity(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Homogeneity (同质性) of Rosenberg & Hirschberg (2007): each cluster holds members
    of a single class.

    .. math:: h = 1 - \frac{H(U \mid V)}{H(U)} = \frac{I(U;V)}{H(U)}

    with :math:`U` the classes (``labels_true``) and :math:`V` the clusters
    (``labels_pred``). Higher is better; range [0, 1]; not symmetric
    (``homogeneity(t, p) == completeness(p, t)``). Exactly 1.0 when every cluster holds
    a single class (including :math:`H(U) = 0`, one class: scikit-learn's convention); so
    all singletons score 1. Equal to scikit-learn's ``homogeneity_score`` to about 1e-12
    (which returns 1.0 on empty labels). :math:`O(n + KL)`.

    %(parameters)s

    %(returns_0_1)s

    %(references_vmeasure)s

    Examples
    --------
    >>> homogeneity([0, 0, 1, 1], [0, 1, 2, 3])
    1.0
    >>> round(homogeneity([0, 0, 1, 1], [0, 0, 0, 1]), 4)
    0.3113
    """
    table = _table(labels_true, labels_pred)
    return _homogeneity(table, _mutual_info(table))


@_doc
def completeness(labels_true: ArrayLike, labels_pred: ArrayLike) -> float:
    r"""Completeness (完整性) of Rosenberg & Hirschberg (2007): all members of a class are
    in the same cluster.

    .. math:: c = 1 - \frac{H(V \mid U)}{H(V)} = \frac{I(U;V)}{H(V)}

    with :math:`U` the classes (``labels_true``) and :math:`V` the clusters
    (``labels_pred``). Higher is better; range [0, 1]; not symmetric. Exactly 1.0 when
    every class lies in a single cluster (including one cluster, :math:`H(V) = 0`). Equal
    to scikit-learn's ``completeness_score`` to about 1e-12 (which returns 1.0 on empty
    labels). :math:`O(n + KL)`.

    %(parameters)s

    %(returns_0_1)s

    %(references_vmeasure)s

    Examples
    --------
    >>> completeness([0, 0, 1, 1], [0, 0, 0, 0])
    1.0
    >>> round(completeness([0, 0, 1, 1], [0, 0, 1, 2]), 4)
    0.6667
    """
    table = _table(labels_true, labels_pred)
    return _completeness(table, _mutual_info(table))


@_doc
def v_measure(labels_true: ArrayLike, labels_pred: ArrayLike, *, beta: float = 1.0) -> float:
    r"""V-measure (V 度量) of Rosenberg & Hirschberg (2007): the weighted harmonic mean of
    :func:`homogeneity` h and :func:`completeness` c.

    .. math:: V_\beta = \frac{(1 + \beta)\, h\, c}{\beta h + c}

    (the paper's and scikit-learn's form: :math:`\beta`, not :math:`\beta^2`); ``beta >
    1`` weighs completeness more, ``beta < 1`` homogeneity. With ``beta=1`` it equals
    :func:`normalized_mutual_info` with the arithmetic mean. Higher is better; range
    [0, 1]; 0 when :math:`h = c = 0`. Equal to scikit-learn's ``v_measure_score`` to about
    1e-12. :math:`O(n + KL)`.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,)
        Reference partition and clustering (cluster labels, see the module docstring), at least one sample:
        empty arrays raise ValueError (scikit-learn's ``v_measure_score`` returns 1.0).
    beta : float, default 1.0
        Positive weight (scikit-learn also accepts 0, which gives h).

    %(returns_0_1)s

    %(references_vmeasure)s

    Examples
    --------
    >>> round(v_measure([0, 0, 1, 1], [0, 0, 1, 2]), 4)
    0.8
    >>> round(v_measure([0, 0, 1, 1], [0, 0, 1, 2], beta=2.0), 4)
    0.75
    """
    beta = check_scalar("beta", beta, float, low=0, closed="neither")
    table = _table(labels_true, labels_pred)
    mi = _mutual_info(table)
    h, c = _homogeneity(table, mi), _completeness(table, mi)
    if h + c == 0.0:
        return 0.0
    return float((1.0 + beta) * h * c / (beta * h + c))


@keywords
def random_partition(
    n_samples: int, n_clusters: int, *, rng: int | np.random.Generator | None = None
) -> np.ndarray:
    r"""A partition of ``n_samples`` samples into exactly ``n_clusters`` non-empty
    clusters, drawn uniformly from all :math:`S(n, k)` such partitions (Stirling numbers
    of the second kind): the random model :math:`\mathcal{M}_{num}` of Gates & Ahn (2017),
    behind ``adjusted_rand_index(..., random_model="num1")`` and ``"num"``.

    Samples are placed from the last to the first: sample :math:`m` (of the first
    :math:`m` samples, to be split into :math:`j` clusters) opens a cluster of its own
    with probability :math:`S(m-1, j-1)/S(m, j)`, else it joins one of the :math:`j`
    clusters of the others uniformly, by :math:`S(m, j) = j S(m-1, j) + S(m-1, j-1)`.
    The probabilities come from the ratios :math:`S(m, j-1)/S(m, j)` run up their
    recurrence in floating point (see :func:`adjusted_rand_index`), so a draw costs
    :math:`O(nk)` time and memory: meant for simulation at moderate sizes.

    Parameters
    ----------
    n_samples : int
        At least 1.
    n_clusters : int
        Between 1 and ``n_samples``.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    numpy.ndarray of shape (n_samples,)
        Integer labels ``0 .. n_clusters - 1``, every one used.

    References
    ----------
    Gates, A. J. & Ahn, Y.-Y. (2017), "The impact of random models on clustering
    similarity", JMLR 18(87), 1-28.

    Examples
    --------
    >>> labels = random_partition(10, 3, rng=0)
    >>> labels.shape, sorted(set(labels.tolist()))
    ((10,), [0, 1, 2])
    """
    n = check_scalar("n_samples", n_samples, int, low=1)
    k = check_scalar("n_clusters", n_clusters, int, low=1, high=n, hint="(at most n_samples)")
    rng = check_rng(rng)
    # rho[m, j] = S(m, j - 1) / S(m, j) for 1 <= j <= min(m, k), m = 1 .. n - 1
    rho = np.zeros((max(n, 2), k + 1))
    j = np.arange(k + 1, dtype=np.float64)
    for m in range(1, n - 1):
        top = min(m, k)
        rho[m + 1, 2 : top + 1] = (
            rho[m, 2 : top + 1]
            * (j[1:top] + rho[m, 1:top])
            / (j[2 : top + 1] + rho[m, 2 : top + 1])
        )
        if m + 1 <= k:
            rho[m + 1, m + 1] = (m + 1) * m / 2.0
    labels = np.empty(n, dtype=np.intp)
    joins = []
    m, blocks = n, k
    while m > 0:
        if blocks == m:
            labels[:m] = np.arange(m)
            break
        if blocks == 1:
            labels[:m] = 0
            break
        r = rho[m - 1, blocks]  # S(m-1, blocks-1) / S(m-1, blocks)
        if rng.random() < r / (blocks + r):  # = S(m-1, blocks-1) / S(m, blocks)
            labels[m - 1] = blocks - 1
            blocks -= 1
        else:
            joins.append((m - 1, blocks))
        m -= 1
    for element, b in joins:
        labels[element] = rng.integers(0, b)
    return labels


# ------------------------------------------------------------------ helpers for the chapter
@_doc
def all_indices(labels_true: ArrayLike, labels_pred: ArrayLike) -> dict:
    """Every external index of this module for one pair of partitions, as a dict
    ``name -> float`` (NMI with its default arithmetic mean; F-measure with beta = 1).

    %(parameters)s

    Returns
    -------
    dict
        Index name (as in ``INDEX_NAMES``) -> float; the direction of "better" is each
        index's own (lower for the Minkowski score and the variation of information).

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
INDEX_NAMES = (
    "rand_index",
    "adjusted_rand_index",
    "jaccard_index",
    "fowlkes_mallows_index",
    "pair_f1",
    "f_measure",
    "purity",
    "mutual_info",
    "normalized_mutual_info",
    "clustering_accuracy",
    "minkowski_score",
)
