r"""Decision trees (chapter "Concept and tree learning"): impurity measures, ID3, C4.5
and CART with cost-complexity pruning.

**Impurities.** For class counts :math:`n_1, \dots, n_K` with :math:`n = \sum_k n_k` and
:math:`p_k = n_k / n`:

* entropy (信息熵) :math:`\mathrm{Ent} = -\sum_k p_k \log_2 p_k` (with :math:`0 \log 0 = 0`;
  the chapter's and the notation page's symbol; the course notes write :math:`E(S)`);
* Gini impurity (基尼指数) :math:`G = 1 - \sum_k p_k^2` — a sum over the *classes*;
* for a split of :math:`S` into branches :math:`S_1, \dots, S_m` (a contingency table of
  branches by classes) the information gain (信息增益)
  :math:`\mathrm{Gain} = \mathrm{Ent}(S) - \sum_v \frac{|S_v|}{|S|} \mathrm{Ent}(S_v)`, the split information
  :math:`\mathrm{SplitInfo} = -\sum_v \frac{|S_v|}{|S|} \log_2 \frac{|S_v|}{|S|}` and the
  gain ratio (信息增益比) :math:`\mathrm{Gain} / \mathrm{SplitInfo}`.

All impurity functions are vectorised: the class axis is the last one, and any leading
axes are kept (e.g. a stack of candidate splits).

**Trees.** :class:`ID3` (Quinlan 1986) grows multiway trees on categorical attributes by
information gain; :class:`C45` (Quinlan 1993) adds the gain ratio, thresholds on
continuous attributes and fractional instances for missing values; :class:`CART`
(Breiman et al. 1984) grows binary trees by Gini, entropy or squared error and prunes
them by cost complexity (weakest-link pruning), reproducing scikit-learn's
``DecisionTreeClassifier`` / ``DecisionTreeRegressor``. :class:`CARTRegressor` is
``CART`` with ``criterion="squared_error"`` as a regressor.

References
----------
Quinlan, J. R. (1986). Induction of decision trees. *Machine Learning* 1, 81-106.
doi:10.1007/BF00116251.
Quinlan, J. R. (1993). *C4.5: Programs for Machine Learning*. Morgan Kaufmann.
Breiman, L., Friedman, J., Olshen, R., Stone, C. (1984). *Classification and Regression
Trees*. doi:10.1201/9781315139470.
Mitchell, T. (1997). *Machine Learning*, ch. 3. McGraw-Hill. ISBN 0070428077.
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Sequence
from typing import Literal, Self

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from ._api import estimator_docs
from ._results import Result
from ._ties import TIE_RTOL, argmax_tied, argmin_tied
from ._validation import (
    check_array,
    check_choice,
    check_count_or_share,
    check_labels,
    check_rng,
    check_scalar,
    fail,
    validate_estimator_data,
)

__all__ = [
    "C45",
    "CART",
    "CARTRegressor",
    "ID3",
    "PruningPath",
    "PruningSequence",
    "contingency_table",
    "entropy",
    "export_text",
    "gain_ratio",
    "gini",
    "information_gain",
    "pruning_sequence",
    "resolve_max_features",
    "split_info",
]

_FEATURE_THRESHOLD = 1e-7  # scikit-learn: values closer than this count as equal
_EPSILON = np.finfo(float).eps


# ----------------------------------------------------------------------------- impurities
def _counts_or_labels(counts, labels, fname):
    if (counts is None) == (labels is None):
        raise TypeError(f"{fname} takes exactly one of counts or labels=.")
    if labels is not None:
        check_labels("labels", labels)
        _, counts = np.unique(np.asarray(labels, dtype=object).astype(str), return_counts=True)
    return _rescaled(check_count_table("counts", counts), 1)


def _rescaled(c, n_axes):
    """Counts divided by the largest count of each table (the last ``n_axes`` axes) when
    they are so large or so small (beyond 1e100 or below 1e-100) that a sum or a square
    would overflow or underflow: every impurity and gain here depends on proportions only.
    Ordinary counts are returned unchanged (bit for bit)."""
    positive = c[c > 0]
    if positive.size == 0 or (positive.max() <= 1e100 and positive.min() >= 1e-100):
        return c
    axes = tuple(range(-n_axes, 0))
    top = c.max(axis=axes, keepdims=True)
    return c / np.where(top > 0, top, 1.0)


def _entropy(c):
    n = c.sum(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):  # 0 log 0 = 0; empty -> 0
        p = np.where(n > 0, c / n, 0.0)
        terms = np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return -terms.sum(axis=-1) + 0.0


def _gini(c):
    n = c.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        g = 1.0 - (c**2).sum(axis=-1) / n**2
    return np.where(n > 0, g, 0.0)


def _scalar(a):
    return float(a) if np.ndim(a) == 0 else a


def entropy(
    counts: ArrayLike | None = None, *, labels: ArrayLike | None = None
) -> float | np.ndarray:
    r"""Entropy (信息熵) in bits of class counts or of a label vector.

    :math:`E = -\sum_k p_k \log_2 p_k`, :math:`p_k = n_k / n`, with :math:`0\log 0 = 0`.
    0 for a pure set, :math:`\log_2 K` for :math:`K` equally frequent classes; lower means
    purer. Vectorised over leading axes (classes on the last axis); cost O(size).

    Parameters
    ----------
    counts : array_like, shape (..., n_classes)
        Non-negative (possibly fractional) class counts, of any scale (counts beyond
        1e100 or below 1e-100 are divided by the largest first, so that no sum or square
        overflows or underflows into NaN).
    labels : array_like, shape (n_samples,), optional
        Class labels instead of counts (exactly one of the two).

    Returns
    -------
    float or ndarray of shape counts.shape[:-1]

    References
    ----------
    Quinlan (1986), eq. 1; Mitchell (1997), eq. 3.3.

    Examples
    --------
    >>> from patterneval.tree import entropy
    >>> round(entropy([9, 5]), 3)
    0.94
    >>> entropy([[4, 0], [2, 2]]).tolist()
    [0.0, 1.0]
    """
    return _scalar(_entropy(_counts_or_labels(counts, labels, "entropy")))


def gini(counts: ArrayLike | None = None, *, labels: ArrayLike | None = None) -> float | np.ndarray:
    r"""Gini impurity (基尼指数) of class counts or of a label vector.

    :math:`G = 1 - \sum_{k=1}^{K} p_k^2`, a sum over the **classes** (not over the values
    of an attribute): the probability that two draws with replacement disagree. 0 for a
    pure set, :math:`1 - 1/K` at most; lower means purer. Vectorised over leading axes;
    cost O(size).

    Parameters
    ----------
    counts : array_like, shape (..., n_classes)
    labels : array_like, shape (n_samples,), optional

    Returns
    -------
    float or ndarray

    References
    ----------
    Breiman et al. (1984), sec. 4.3.

    Examples
    --------
    >>> from patterneval.tree import gini
    >>> round(gini([9, 5]), 4)
    0.4592
    >>> gini(labels=["a", "a", "b", "b"])
    0.5
    """
    return _scalar(_gini(_counts_or_labels(counts, labels, "gini")))


def _table(table, name="table"):
    t = check_count_table(name, table)
    if t.ndim < 2:
        raise fail(
            name,
            "a contingency table of shape (..., n_branches, n_classes)",
            f"an array of shape {t.shape}",
            echo=False,
        )
    t = _rescaled(t, 2)
    totals = t.sum(axis=(-2, -1))
    if np.any(totals <= 0):
        where = (
            ""
            if totals.ndim == 0
            else f" (table {np.argwhere(totals <= 0)[0].tolist()} of the stack)"
        )
        raise ValueError(
            f"{name} holds no samples{where}: all its counts are 0, and the impurity of an empty "
            f"set, hence its gain, split information and gain ratio, is undefined."
        )
    return t


def information_gain(
    table: ArrayLike, *, criterion: Literal["entropy", "gini"] = "entropy"
) -> float | np.ndarray:
    r"""Information gain (信息增益) of a split given as a branches-by-classes table.

    :math:`\mathrm{Gain}(S, A) = I(S) - \sum_v \frac{|S_v|}{|S|} I(S_v)` where row ``v``
    of ``table`` holds the class counts of branch :math:`S_v` and :math:`I` is the entropy
    (or the Gini impurity with ``criterion="gini"``, the Gini decrease). Higher is better;
    never negative. Vectorised over leading axes; O(size).

    Parameters
    ----------
    table : array_like, shape (..., n_branches, n_classes)
    criterion : {"entropy", "gini"}

    Returns
    -------
    float or ndarray

    References
    ----------
    Quinlan (1986), eq. 2; Mitchell (1997), eq. 3.4.

    Examples
    --------
    >>> from patterneval.tree import information_gain
    >>> round(information_gain([[2, 3], [4, 0], [3, 2]]), 3)   # PlayTennis: Outlook
    0.247
    """
    t = _table(table)
    check_choice("criterion", criterion, ("entropy", "gini"))
    return _scalar(_gain(t, _entropy if criterion == "entropy" else _gini))


def _gain(t, impurity=_entropy):
    """Information gain of float tables ``t`` (..., n_branches, n_classes), unchecked."""
    sizes = t.sum(axis=-1)
    n = sizes.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        w = np.where(n[..., None] > 0, sizes / n[..., None], 0.0)
    return impurity(t.sum(axis=-2)) - (w * impurity(t)).sum(axis=-1)


def split_info(table: ArrayLike) -> float | np.ndarray:
    r"""Split information (分裂信息): the entropy of the branch sizes.

    :math:`\mathrm{SplitInfo}(S, A) = -\sum_v \frac{|S_v|}{|S|}\log_2\frac{|S_v|}{|S|}`;
    large for attributes with many evenly filled values. Vectorised; O(size).

    Parameters
    ----------
    table : array_like, shape (..., n_branches, n_classes)
        Non-negative class counts per branch (as :func:`contingency_table` returns), not all
        0; leading axes stack several tables.

    Returns
    -------
    float or ndarray
        In bits; one value per stacked table.

    Examples
    --------
    >>> from patterneval.tree import split_info
    >>> round(split_info([[2, 3], [4, 0], [3, 2]]), 3)
    1.577
    """
    t = _table(table)
    return _scalar(_entropy(t.sum(axis=-1)))


def gain_ratio(table: ArrayLike) -> float | np.ndarray:
    r"""Gain ratio (信息增益比): information gain divided by split information.

    :math:`\mathrm{GainRatio} = \mathrm{Gain} / \mathrm{SplitInfo}`; higher is better.
    A split with a single non-empty branch has SplitInfo 0 and gain 0, so the ratio 0/0 is
    undefined (C4.5 never considers such splits): it raises a ``ValueError``, as does an
    empty table (all counts 0). Vectorised; O(size).

    Parameters
    ----------
    table : array_like, shape (..., n_branches, n_classes)
        Non-negative class counts per branch (as :func:`contingency_table` returns);
        leading axes stack several tables.

    Returns
    -------
    float or ndarray
        One ratio per stacked table.

    Raises
    ------
    ValueError
        If a table is empty or has fewer than two non-empty branches.

    References
    ----------
    Quinlan (1993), ch. 2; Quinlan (1986), sec. 7.

    Examples
    --------
    >>> from patterneval.tree import gain_ratio
    >>> round(gain_ratio([[2, 3], [4, 0], [3, 2]]), 3)
    0.156
    """
    t = _table(table)
    branches = np.count_nonzero(t.sum(axis=-1) > 0, axis=-1)
    if np.any(branches < 2):
        where = (
            ""
            if branches.ndim == 0
            else f" (table {np.argwhere(branches < 2)[0].tolist()} of the stack)"
        )
        raise ValueError(
            f"table has a single non-empty branch{where}: SplitInfo = 0 and the gain ratio 0/0 is "
            f"undefined (C4.5 never considers such a split)."
        )
    return _scalar(np.asarray(information_gain(t)) / np.asarray(split_info(t)))


def contingency_table(x: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Branch-by-class counts of a categorical attribute ``x`` against labels ``y``.

    Returns ``(values, classes, table)`` with ``table[i, k]`` the number of samples with
    ``x == values[i]`` and ``y == classes[k]``; feed it to :func:`information_gain`.
    O(n log n).

    Parameters
    ----------
    x : array_like of shape (n_samples,)
        Categorical values (strings, ints, bools or integral floats; no missing values).
    y : array_like of shape (n_samples,)
        Class labels, no missing values.

    Returns
    -------
    values : ndarray
        The distinct values of ``x``, sorted (as strings when ``x`` holds objects).
    classes : ndarray
        The distinct labels, sorted.
    table : ndarray of int64, shape (len(values), len(classes))

    Examples
    --------
    >>> from patterneval.book.tree_learning import play_tennis
    >>> from patterneval.tree import contingency_table
    >>> d = play_tennis()
    >>> values, classes, table = contingency_table(d.X[:, 0], d.y)
    >>> values.tolist(), classes.tolist(), table.tolist()
    (['Overcast', 'Rain', 'Sunny'], ['No', 'Yes'], [[0, 4], [2, 3], [3, 2]])
    """
    xa = check_categorical_X(
        np.asarray(x, dtype=object).reshape(-1, 1),
        name="x",
        expected="a 1-d array of categorical values",
    )[:, 0]
    ya = check_class_labels(y, xa.shape[0], n_name="x")
    values, xi = np.unique(xa.astype(str) if xa.dtype == object else xa, return_inverse=True)
    classes, yi = np.unique(ya, return_inverse=True)
    table = np.zeros((values.size, classes.size), dtype=np.int64)
    np.add.at(table, (xi, yi), 1)
    return values, classes, table


# ----------------------------------------------------------------------------- ID3 / C4.5
@dataclasses.dataclass
class _Node:
    """A node of a multiway tree: class weights, and for an internal node the attribute,
    its kind, the threshold (continuous) and the children keyed by value / "<=" / ">"."""

    counts: np.ndarray
    feature: int | None = None
    threshold: float | None = None
    children: dict = dataclasses.field(default_factory=dict)
    branch_weights: dict = dataclasses.field(default_factory=dict)
    gains: dict = dataclasses.field(default_factory=dict)

    @property
    def is_leaf(self):
        return self.feature is None


def _key(v):
    return v.item() if isinstance(v, np.generic) else v


@estimator_docs
class _MultiwayTree(ClassifierMixin, BaseEstimator):
    """Shared prediction, export and sizes of ID3 and C4.5."""

    def _proba_row(self, node, row):
        if node.is_leaf:
            return node.counts / node.counts.sum()
        v = row[node.feature]
        if _is_missing(v):  # C4.5: explore every branch, weighted by its training share
            total = sum(node.branch_weights.values())
            return sum(
                (node.branch_weights[k] / total) * self._proba_row(child, row)
                for k, child in node.children.items()
            )
        if node.threshold is not None:
            try:
                child = node.children["<=" if float(v) <= node.threshold else ">"]
            except (TypeError, ValueError):
                raise fail(
                    "X",
                    f"a number (or NaN for missing) in column {node.feature}, a "
                    f"continuous attribute in fit",
                    v,
                    error=TypeError,
                ) from None
        else:
            child = node.children.get(_key(v))
            if child is None:  # value unseen at this node: the node's majority
                return node.counts / node.counts.sum()
        return self._proba_row(child, row)

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Class probabilities: the class distribution of the leaf reached (C4.5: a
        weighted mixture of leaves when a value is missing).

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
            Attribute values as in fit; a value a node did not see in fit gives that
            node's class distribution.

        %(returns_proba)s
        """
        self._check_fitted()
        X = self._check_X_predict(X)
        return np.array([self._proba_row(self.tree_, row) for row in X])

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Most probable class (ties, within 1e-12 relative: the first class in ``classes_``).

        %(params_X)s

        %(returns_labels)s
        """
        proba = self.predict_proba(X)
        return self.classes_[argmax_tied(proba, axis=1)]

    def _check_fitted(self):
        check_is_fitted(self, "tree_")

    def _walk(self):
        stack = [(self.tree_, 0)]
        while stack:
            node, depth = stack.pop()
            yield node, depth
            stack.extend((c, depth + 1) for c in node.children.values())

    def get_n_leaves(self) -> int:
        """Number of leaves.

        Returns
        -------
        int
        """
        self._check_fitted()
        return sum(node.is_leaf for node, _ in self._walk())

    def get_depth(self) -> int:
        """Depth (a single leaf has depth 0).

        Returns
        -------
        int
        """
        self._check_fitted()
        return max(depth for _, depth in self._walk())


def _multiway_text(est, feature_names, decimals):
    names = feature_names or [f"x{j}" for j in range(est.n_features_in_)]
    lines = []

    def leaf(node):
        k = argmax_tied(node.counts)
        return f"class: {est.classes_[k]}  {np.round(node.counts, decimals).tolist()}"

    def rec(node, indent):
        if node.is_leaf:
            lines.append(indent + leaf(node))
            return
        for key, child in node.children.items():
            if node.threshold is not None:
                cond = f"{names[node.feature]} {key} {node.threshold:.{decimals}f}"
            else:
                cond = f"{names[node.feature]} = {key}"
            if child.is_leaf:
                lines.append(f"{indent}|--- {cond}: {leaf(child)}")
            else:
                lines.append(f"{indent}|--- {cond}")
                rec(child, indent + "|   ")

    rec(est.tree_, "")
    return "\n".join(lines)


def _encode_y(y):
    classes, yi = np.unique(y, return_inverse=True)
    return classes, yi


@estimator_docs
class ID3(_MultiwayTree):
    r"""ID3 decision tree (Quinlan 1986) for categorical attributes.

    At each node the attribute with the largest information gain (see
    :func:`information_gain`) becomes the test, with one branch per value seen at that
    node; the attribute is not tested again below it. A node becomes a leaf when it is
    pure, no attribute is left, ``max_depth`` is reached, it holds fewer than
    ``min_samples_split`` samples, or no attribute has a positive gain. Ties between
    attributes go to the lowest column index; gains within 1e-12 times the node's entropy
    (at least 1 bit) of the best count as tied, and gains that small as zero, so rounding
    in the sums cannot flip the choice. A value unseen at a node during training
    is classified by that node's majority class (Mitchell 1997, table 3.1).

    Inputs are categorical: strings, booleans or whole numbers (object arrays are fine).
    Non-integral floats are taken for continuous values and rejected (use :class:`C45`
    or :class:`CART`); missing values are rejected (use :class:`C45`).

    Parameters
    ----------
    max_depth : int or None
        Largest depth; ``None`` grows until the leaves are pure.
    min_samples_split : int, default 2
        A node with fewer samples becomes a leaf.

    Attributes
    ----------
    tree_ : the root node; ``classes_``; ``n_features_in_``; ``feature_gains_`` (the
        gains of every attribute at the root, a dict column -> gain).

    Notes
    -----
    Cost: O(n d) per level of the tree (one contingency table per attribute and node).

    References
    ----------
    Quinlan (1986), doi:10.1007/BF00116251; Mitchell (1997), ch. 3.

    Examples
    --------
    >>> from patterneval.book.tree_learning import play_tennis
    >>> from patterneval.tree import ID3, export_text
    >>> d = play_tennis()
    >>> tree = ID3().fit(d.X, d.y)
    >>> {d.feature_names[j]: round(g, 3) for j, g in tree.feature_gains_.items()}
    {'Outlook': 0.247, 'Temperature': 0.029, 'Humidity': 0.152, 'Wind': 0.048}
    >>> print(export_text(tree, feature_names=d.feature_names))
    |--- Outlook = Overcast: class: Yes  [0.0, 4.0]
    |--- Outlook = Rain
    |   |--- Wind = Strong: class: No  [2.0, 0.0]
    |   |--- Wind = Weak: class: Yes  [0.0, 3.0]
    |--- Outlook = Sunny
    |   |--- Humidity = High: class: No  [3.0, 0.0]
    |   |--- Humidity = Normal: class: Yes  [0.0, 2.0]
    """

    def __init__(self, *, max_depth: int | None = None, min_samples_split: int = 2) -> None:
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split

    def _check_X_predict(self, X):
        X = check_categorical_X(X)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(
                f"X has {X.shape[1]} features, but ID3 is expecting {self.n_features_in_} features as input."
            )
        return X

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Grow the tree on categorical ``X`` and labels ``y``.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
            Categorical attribute values (compared as given).
        y : array_like, shape (n_samples,)
            Class labels.

        %(returns_self)s
        """
        max_depth = check_max_depth(self.max_depth)
        mss = check_scalar("min_samples_split", self.min_samples_split, int, low=2)
        X = check_categorical_X(X)
        y = check_class_labels(y, X.shape[0])
        check_classification_targets(y)
        self.classes_, yi = _encode_y(y)
        self.n_features_in_ = X.shape[1]
        K = self.classes_.size
        keys = np.array([[_key(v) for v in row] for row in X], dtype=object)

        def grow(rows, attrs, depth):
            counts = np.bincount(yi[rows], minlength=K).astype(float)
            node = _Node(counts=counts)
            if (
                (counts > 0).sum() <= 1
                or not attrs
                or rows.size < mss
                or (max_depth is not None and depth >= max_depth)
            ):
                return node
            gains = {}
            parts = {}
            for j in attrs:
                col = keys[rows, j]
                values = sorted(set(col.tolist()), key=lambda v: (str(type(v)), v))
                table = np.array([np.bincount(yi[rows][col == v], minlength=K) for v in values])
                gains[j] = float(_gain(table.astype(float)))
                parts[j] = values
            node.gains = gains
            best_gain = max(gains.values())
            # gains within TIE_RTOL of the node's entropy count as equal (zero, or tied with
            # the best): rounding cannot flip the choice; ties go to the lowest column
            tol = TIE_RTOL * max(float(_entropy(counts)), 1.0)
            if best_gain <= tol:
                return node
            j = min(a for a in attrs if gains[a] >= best_gain - tol)
            node.feature = j
            for v in parts[j]:
                sub = rows[keys[rows, j] == v]
                node.children[v] = grow(sub, [a for a in attrs if a != j], depth + 1)
                node.branch_weights[v] = float(sub.size)
            return node

        self.tree_ = grow(np.arange(X.shape[0]), list(range(X.shape[1])), 0)
        self.feature_gains_ = dict(self.tree_.gains)
        return self


@estimator_docs
class C45(_MultiwayTree):
    r"""C4.5 decision tree (Quinlan 1993): gain ratio, continuous thresholds, missing
    values by fractional instances.

    What is implemented, exactly:

    * **Attribute choice.** For each attribute the information gain is computed on the
      instances whose value is known and multiplied by their weight fraction
      :math:`F` (Quinlan 1993, ch. 3): :math:`\mathrm{Gain} = F\,(I(S_{known}) -
      \sum_v w_v/w_{known}\, I(S_v))`. The split information treats "unknown" as one more
      outcome. Among the attributes whose gain is at least the average gain of all
      attributes with a usable split (the "above-average gain" heuristic), the one with
      the largest gain ratio is chosen (ties: lowest column; ratios within 1e-12 relative
      of the best count as tied, and within a continuous attribute gains within 1e-12 of
      the node's entropy are tied and the smallest threshold wins, so rounding cannot
      flip either choice).
    * **Continuous attributes** (numeric columns, or all columns not listed in
      ``categorical``) are split in two at a threshold: candidates are the midpoints
      between adjacent distinct known values (as the course notes state; Quinlan's program uses
      the largest value below the midpoint instead, which gives the same partition of the
      training data), the threshold with the largest gain is kept, and that gain competes
      with the other attributes. Release 8's MDL penalty :math:`\log_2(N-1)/|S|` is not
      applied. A continuous attribute may be tested again below; a categorical one not.
    * **Missing values** (``None`` or NaN). In training an instance with an unknown value
      goes down every branch with its weight multiplied by the branch's share of the known
      weight. In prediction it is sent down every branch and the leaf distributions are
      mixed with the same shares.
    * A node is a leaf when it is pure, ``max_depth`` is reached, its weight is below
      ``min_samples_split``, fewer than two branches would get ``min_samples_leaf``
      known weight, or no split has positive gain. Pessimistic-error pruning is **not**
      implemented (use :class:`CART` with ``ccp_alpha`` for pruning).

    Parameters
    ----------
    max_depth : int or None
    min_samples_split : int, default 2
    min_samples_leaf : int, default 2
        At least two branches must receive this much known weight (Quinlan's ``-m``
        option, default 2). It is what stops an identifier-like attribute with one case
        per value: such an attribute can win on gain ratio too.
    categorical : None, "auto", or sequence of int
        Columns to treat as categorical. ``None`` or ``"auto"``: a column is categorical
        if any known value is a string or a bool; other columns are continuous.

    Attributes
    ----------
    tree_ : node
        The root of the fitted tree. Each node holds the weighted class ``counts`` that
        reach it, the tested ``feature`` and ``threshold`` (None at a leaf, and for a
        categorical test), its ``children`` by branch (``"<="``/``">"`` or the
        attribute's values), the known weight sent down each branch
        (``branch_weights``) and the gain of every attribute considered (``gains``).
    categorical_ : ndarray of bool, shape (n_features,)
        Which columns were treated as categorical.
    classes_ : ndarray of shape (n_classes,)
        The class labels, in the order of ``counts`` and of ``predict_proba``'s columns.
    n_features_in_ : int
        Number of columns seen in ``fit``.

    Notes
    -----
    Cost: O(n log n) per continuous attribute and node (sort, cumulative counts), O(n)
    per categorical attribute and node.

    References
    ----------
    Quinlan (1993), chs. 2-3; Quinlan (1986), sec. 7 (gain ratio).

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.tree import C45, export_text
    >>> X = np.array([[1.0], [2.0], [3.0], [4.0], [np.nan]])
    >>> tree = C45().fit(X, ["a", "a", "b", "b", "b"])
    >>> print(export_text(tree))
    |--- x0 <= 2.50: class: a  [2.0, 0.5]
    |--- x0 > 2.50: class: b  [0.0, 2.5]
    >>> tree.predict_proba([[np.nan]]).round(2).tolist()
    [[0.5, 0.5]]
    """

    def __init__(
        self,
        *,
        max_depth: int | None = None,
        min_samples_split: int = 2,
        min_samples_leaf: int = 2,
        categorical: Literal["auto"] | Sequence[int] | None = "auto",
    ) -> None:
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.categorical = categorical

    def _check_X_predict(self, X):
        if self._all_numeric(X):
            X = validate_estimator_data(
                self, X, reset=False, dtype=np.float64, ensure_all_finite="allow-nan"
            )
            X = np.asarray(X, dtype=object)
        else:
            X = check_categorical_X(X, allow_missing=True, allow_continuous=True)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(
                f"X has {X.shape[1]} features, but C45 is expecting {self.n_features_in_} features as input."
            )
        return X

    @staticmethod
    def _all_numeric(X):
        a = np.asarray(X) if not isinstance(X, np.ndarray) else X
        return a.dtype.kind in "iufc" and a.dtype != bool  # complex: refused by validate_data

    def _categorical_mask(self, X):
        d = X.shape[1]
        if self.categorical is None or (
            isinstance(self.categorical, str) and self.categorical == "auto"
        ):
            mask = np.zeros(d, dtype=bool)
            for j in range(d):
                mask[j] = any(
                    isinstance(v, (str, bool, np.str_, np.bool_))
                    for v in X[:, j]
                    if not _is_missing(v)
                )
            return mask
        if isinstance(self.categorical, str):
            check_choice("categorical", self.categorical, ("auto",))
        cols = np.asarray(self.categorical)
        if (
            cols.dtype.kind not in "iu"
            or cols.ndim != 1
            or (cols.size and (cols.min() < 0 or cols.max() >= d))
        ):
            raise fail("categorical", f"'auto' or column indices in [0, {d})", self.categorical)
        mask = np.zeros(d, dtype=bool)
        mask[cols] = True
        return mask

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Grow the tree. ``X`` may mix categorical (string) and numeric columns and hold
        ``None``/NaN for missing values.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
            An object array holds both kinds of column.
        y : array_like, shape (n_samples,)
            Class labels.

        %(returns_self)s
        """
        max_depth = check_max_depth(self.max_depth)
        mss = check_scalar("min_samples_split", self.min_samples_split, int, low=2)
        msl = check_scalar("min_samples_leaf", self.min_samples_leaf, int, low=1)
        if self._all_numeric(X):
            X, y = validate_estimator_data(
                self, X, y, dtype=np.float64, ensure_all_finite="allow-nan"
            )
            X = np.asarray(X, dtype=object)
        else:
            X = check_categorical_X(X, allow_missing=True, allow_continuous=True)
            y = check_class_labels(y, X.shape[0])
        check_classification_targets(y)
        self.classes_, yi = _encode_y(y)
        self.n_features_in_ = X.shape[1]
        self.categorical_ = self._categorical_mask(X)
        data = _c45_encode(
            X,
            self.categorical_,
            yi,
            self.classes_.size,
            _C45Limits(min_split=mss, min_leaf=msl, max_depth=max_depth),
        )
        n, d = X.shape
        self.tree_ = _c45_grow(data, np.arange(n), np.ones(n), list(range(d)), 0)
        return self

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


# ----------------------------------------------------------------------------- C4.5's steps
@dataclasses.dataclass(frozen=True)
class _C45Limits:
    """C4.5's stopping rules: a node splits only if its weight is at least ``min_split``,
    at least two branches get ``min_leaf`` known weight and ``depth < max_depth``."""

    min_split: int = 2
    min_leaf: int = 2
    max_depth: int | None = None


@dataclasses.dataclass(frozen=True)
class _C45Data:
    """The training table of C4.5, encoded once: one-hot classes ``Y`` (n, K), the
    ``missing`` mask (n, d), numeric values ``num`` (NaN where missing or categorical),
    hashable ``keys`` of the values, the ``categorical`` columns and the ``limits``."""

    Y: np.ndarray
    missing: np.ndarray
    num: np.ndarray
    keys: np.ndarray
    categorical: np.ndarray
    limits: _C45Limits


def _c45_encode(X, categorical, yi, n_classes, limits=_C45Limits()) -> _C45Data:
    """Encode an object table ``X`` for :func:`_c45_grow`; a continuous column must hold
    finite numbers where it is known."""
    n, d = X.shape
    missing = np.array([[_is_missing(v) for v in row] for row in X], dtype=bool).reshape(n, d)
    num = np.full((n, d), np.nan)
    for j in np.flatnonzero(~categorical):
        known = ~missing[:, j]
        try:
            num[known, j] = np.asarray(X[known, j], dtype=float)
        except (TypeError, ValueError) as exc:
            raise fail(
                "X",
                f"numbers in column {j}, taken for continuous",
                f"non-numbers ({exc})",
                error=TypeError,
                echo=False,
                hint="List categorical columns in `categorical`.",
            ) from None
        if not np.all(np.isfinite(num[known, j])):
            raise fail(
                "X",
                f"finite in column {j} (NaN marks a missing value)",
                "infinite values",
                echo=False,
            )
    keys = np.array([[_key(v) for v in row] for row in X], dtype=object).reshape(n, d)
    return _C45Data(np.eye(n_classes)[yi], missing, num, keys, categorical, limits)


def _c45_categorical_split(values, Yw, min_leaf):
    """Information gain of a multiway split on the known ``values`` of a categorical
    attribute, ``Yw`` the weighted one-hot classes of those cases (Quinlan 1993, ch. 2).

    Returns ``(gain, None, branch values, branch weights)``, or None if fewer than two
    branches receive ``min_leaf`` weight."""
    branches = sorted(set(values.tolist()), key=lambda v: (str(type(v)), v))
    table = np.array([Yw[values == v].sum(axis=0) for v in branches])
    sizes = table.sum(axis=1)
    if (sizes >= min_leaf).sum() < 2:
        return None
    return float(_gain(table)), None, branches, sizes


def _c45_threshold_split(x, Yw, w, min_leaf):
    """Best binary cut ``x <= t`` of the known values ``x`` of a continuous attribute
    (weights ``w``, weighted one-hot classes ``Yw``): candidates are the midpoints between
    adjacent distinct values with ``min_leaf`` weight on each side; the largest gain wins,
    gains within 1e-12 of the entropy tied and the smallest threshold taken.

    Returns ``(gain, threshold, ["<=", ">"], branch weights)``, or None without a cut."""
    order = np.argsort(x, kind="stable")
    xs = x[order]
    cum = np.cumsum(Yw[order], axis=0)[:-1]
    parent = Yw.sum(axis=0)
    total = w.sum()
    ok = xs[1:] > xs[:-1]
    wl = cum.sum(axis=1)
    ok &= (wl >= min_leaf) & (total - wl >= min_leaf)
    if not ok.any():
        return None
    # fractional weights: parent - cum may round to -1e-17 where a class is used up
    tables = np.stack([cum, np.maximum(parent - cum, 0.0)], axis=1)[ok]
    gains = np.asarray(_gain(tables)).reshape(-1)
    i = argmax_tied(gains, scale=max(float(_entropy(parent)), 1.0))
    pos = np.flatnonzero(ok)[i]
    thr = float(xs[pos] / 2.0 + xs[pos + 1] / 2.0)
    if thr == xs[pos + 1]:
        thr = float(xs[pos])
    return float(gains[i]), thr, ["<=", ">"], tables[i].sum(axis=1)


def _c45_candidates(data, rows, w, attrs):
    """The best split of each attribute at a node: ``{j: (gain, split info, threshold,
    branch values, branch weights)}``. The gain is computed on the known cases and
    multiplied by their weight fraction F; the split information counts "unknown" as one
    more branch (Quinlan 1993, ch. 3)."""
    total = w.sum()
    out = {}
    for j in attrs:
        known = ~data.missing[rows, j]
        wk = w[known]
        Wk = wk.sum()
        if Wk <= 0:
            continue
        F = Wk / total
        Yk = data.Y[rows[known]] * wk[:, None]
        if data.categorical[j]:
            split = _c45_categorical_split(data.keys[rows[known], j], Yk, data.limits.min_leaf)
        else:
            split = _c45_threshold_split(data.num[rows[known], j], Yk, wk, data.limits.min_leaf)
        if split is None:
            continue
        gain, thr, values, sizes = split
        out[j] = (F * gain, float(_entropy(np.append(sizes, total - Wk))), thr, values, sizes)
    return out


def _c45_choose(candidates, counts):
    """The attribute to test: among the candidates with a positive gain, those whose gain
    is at least the average, and of these the largest gain ratio (ties, within 1e-12
    relative: the lowest column). Returns ``(column or None, {column: gain})``."""
    tol = TIE_RTOL * max(float(_entropy(counts)), 1.0)
    usable = {j: c for j, c in candidates.items() if c[0] > tol and c[1] > 0}
    if not usable:
        return None, {}
    avg = np.mean([c[0] for c in usable.values()])
    ratios = {j: c[0] / c[1] for j, c in usable.items() if c[0] >= avg - tol}
    best = max(ratios.values())
    j = min(a for a, r in ratios.items() if r >= best - TIE_RTOL * max(best, 1.0))
    return j, {a: c[0] for a, c in usable.items()}


def _c45_is_leaf(counts, n_attrs, weight, depth, limits):
    """A node is a leaf when it is pure, no attribute is left, its weight is below
    ``min_split`` or it is at ``max_depth``."""
    return bool(
        (counts > 1e-12).sum() <= 1
        or not n_attrs
        or weight < limits.min_split
        or (limits.max_depth is not None and depth >= limits.max_depth)
    )


def _fractional_weights(w, known, in_branch, share):
    """The cases sent down one branch and their weights: a known case in the branch keeps
    its weight, a case with an unknown value goes down every branch with its weight
    times the branch's ``share`` of the known weight. Returns ``(mask, weights)``."""
    sel = in_branch | ~known
    return sel, np.where(known, w, w * share)[sel]


def _c45_grow(data, rows, w, attrs, depth):
    """Grow the C4.5 (sub)tree of the cases ``rows`` with weights ``w``."""
    counts = (data.Y[rows] * w[:, None]).sum(axis=0)
    node = _Node(counts=counts)
    if _c45_is_leaf(counts, len(attrs), w.sum(), depth, data.limits):
        return node
    candidates = _c45_candidates(data, rows, w, attrs)
    j, node.gains = _c45_choose(candidates, counts)
    if j is None:
        return node
    _, _, thr, values, sizes = candidates[j]
    node.feature, node.threshold = j, thr
    known = ~data.missing[rows, j]
    next_attrs = [a for a in attrs if a != j] if data.categorical[j] else attrs
    for v, share, bw in zip(values, sizes / sizes.sum(), sizes):
        if thr is None:
            in_branch = known & (data.keys[rows, j] == v)
        elif v == "<=":
            in_branch = known & (data.num[rows, j] <= thr)
        else:
            in_branch = known & (data.num[rows, j] > thr)
        sel, sub_w = _fractional_weights(w, known, in_branch, share)
        node.children[v] = _c45_grow(data, rows[sel], sub_w, next_attrs, depth + 1)
        node.branch_weights[v] = float(bw)
    return node


# ----------------------------------------------------------------------------- CART
_CRITERIA_CLF = ("gini", "entropy")
_CRITERIA_REG = ("squared_error",)


@dataclasses.dataclass(frozen=True, repr=False)
class PruningPath(Result):
    """Cost-complexity pruning path: the effective alphas (increasing) and the total
    leaf impurity :math:`R(T_\\alpha)` of the subtree pruned at each, plus the number of
    leaves of each subtree.

    Attributes
    ----------
    ccp_alphas : ndarray of shape (n_subtrees,)
        Effective alphas, increasing from 0 (the full tree) to the alpha that prunes to the
        root.
    impurities : ndarray of shape (n_subtrees,)
        R(T_alpha), the total weighted leaf impurity of each subtree.
    n_leaves : ndarray of int, shape (n_subtrees,)
        Leaves of each subtree, decreasing to 1.
    """

    ccp_alphas: np.ndarray
    impurities: np.ndarray
    n_leaves: np.ndarray


class _ArrayTree:
    """A binary tree in arrays, nodes numbered in depth-first preorder (left first), as
    scikit-learn's ``Tree``."""

    def __init__(self):
        self.left, self.right, self.feature, self.threshold = [], [], [], []
        self.value, self.impurity, self.n_samples, self.weight = [], [], [], []

    def add(self, value, impurity, n, w):
        for lst, v in (
            (self.left, -1),
            (self.right, -1),
            (self.feature, -2),
            (self.threshold, -2.0),
            (self.value, value),
            (self.impurity, impurity),
            (self.n_samples, n),
            (self.weight, w),
        ):
            lst.append(v)
        return len(self.left) - 1

    def freeze(self):
        for name in ("left", "right", "feature", "n_samples"):
            setattr(self, name, np.asarray(getattr(self, name), dtype=np.intp))
        for name in ("threshold", "impurity", "weight"):
            setattr(self, name, np.asarray(getattr(self, name), dtype=float))
        self.value = np.asarray(self.value, dtype=float)
        return self

    @property
    def node_count(self):
        return len(self.left)

    def apply(self, X):
        node = np.zeros(X.shape[0], dtype=np.intp)
        active = np.flatnonzero(self.left[node] >= 0)
        while active.size:
            nd = node[active]
            go_left = X[active, self.feature[nd]] <= self.threshold[nd]
            node[active] = np.where(go_left, self.left[nd], self.right[nd])
            active = active[self.left[node[active]] >= 0]
        return node

    def leaves(self):
        return np.flatnonzero(self.left < 0)

    def depth(self):
        d = np.zeros(self.node_count, dtype=int)
        for i in range(self.node_count):  # preorder: parents before children
            if self.left[i] >= 0:
                d[self.left[i]] = d[self.right[i]] = d[i] + 1
        return int(d.max())

    def subtree(self, keep):
        """The tree restricted to the nodes in ``keep`` (a boolean mask closed under
        parents; nodes whose children are dropped become leaves)."""
        out = _ArrayTree()
        new_id = {}

        def rec(i):
            j = out.add(self.value[i], self.impurity[i], self.n_samples[i], self.weight[i])
            new_id[i] = j
            if self.left[i] >= 0 and keep[self.left[i]]:
                out.feature[j], out.threshold[j] = self.feature[i], self.threshold[i]
                out.left[j] = rec(self.left[i])
                out.right[j] = rec(self.right[i])
            return j

        rec(0)
        return out.freeze()


def _node_impurity(stats, criterion):
    """Impurity of a node from its weighted statistics: class weights (classification)
    or (w, sum y, sum y^2) (regression)."""
    if criterion == "gini":
        w = stats.sum()
        return 1.0 - (stats**2).sum() / (w * w)
    if criterion == "entropy":
        return float(_entropy(stats))
    w, s, s2 = stats
    return s2 / w - (s / w) ** 2


def _class_sum(a):
    """Sum over the leading (class) axis of ``a`` (m, ...), bit for bit as numpy sums a
    contiguous last axis of length m: one after another for m < 8 (numpy's pairwise sum
    starts at 8 terms), numpy's own sum on a class-last copy otherwise."""
    if a.shape[0] >= 8:
        return np.moveaxis(a, 0, -1).copy().sum(axis=-1)
    out = a[0].copy()
    for k in range(1, a.shape[0]):
        out += a[k]
    return out


def _class_entropy(c, n):
    """Entropy (bits) of class-major statistics ``c`` (m, ...) with totals ``n``: the
    operations of :func:`_entropy` element by element, so the same bits."""
    p = np.where(n > 0, c / n, 0.0)  # 0 log 0 = 0; empty -> 0 (caller ignores the warnings)
    terms = np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return -_class_sum(terms) + 0.0


def _split_proxies(cum, total, criterion):
    """Left weights, right weights and scikit-learn's proxy improvement of every cut, from
    the class-major cumulative statistics ``cum`` (m, f, n - 1) and the node's ``total``."""
    right = total[:, None, None] - cum
    with np.errstate(divide="ignore", invalid="ignore"):
        if criterion == "squared_error":
            wl, wr = cum[0], right[0]
            return wl, wr, cum[1] ** 2 / wl + right[1] ** 2 / wr
        wl, wr = _class_sum(cum), _class_sum(right)
        if criterion == "gini":
            return wl, wr, _class_sum(cum**2) / wl + _class_sum(right**2) / wr
        return wl, wr, -wl * _class_entropy(cum, wl) - wr * _class_entropy(right, wr)


def _best_split(XT, ST, order, total, criterion, features, msl):
    """Vectorised best split of one node from its presorted orders.

    ``XT`` (d, N) and ``ST`` (m, N) the transposed features and per-sample statistics
    (weighted one-hot classes, or (w, w y) for regression) of all samples, ``order``
    (d, n) the node's samples sorted by each feature (stably: ties by sample index),
    ``total`` (m,) the node's statistics, ``features`` the candidate columns in visiting
    order (None: every column in order; a constant column has no admissible cut). Cumulative sums along the sorted orders give the left statistics at every cut
    of every feature at once; the scikit-learn proxy improvement is evaluated at every
    admissible cut and the first maximum (in visiting order, then by position) wins.
    Returns (feature, threshold) or None when no admissible cut exists.
    """
    n = order.shape[1]
    if features is None:
        features = np.arange(order.shape[0])
        idx = order
    else:
        idx = order[features]  # (f, n)
    xs = XT.ravel().take(idx + (features * XT.shape[1])[:, None])  # sorted values, (f, n)
    ok = xs[:, 1:] > xs[:, :-1] + _FEATURE_THRESHOLD
    ok[:, : msl - 1] = False  # fewer than min_samples_leaf on the left ...
    ok[:, n - msl :] = False  # ... or on the right
    if not ok.any():
        return None
    # class-major and C-contiguous (take, not fancy indexing, which puts the class axis
    # innermost): left stats for the cut after position i
    cum = np.cumsum(ST.take(idx[:, :-1], axis=1), axis=2)
    wl, wr, proxy = _split_proxies(cum, total, criterion)
    ok &= (wl > 0) & (wr > 0)
    if not ok.any():  # pragma: no cover - zero weights are removed first: wl, wr > 0
        return None
    proxy = np.where(ok, proxy, -np.inf)
    # feature-major: visiting order first, then position (the smallest threshold); proxies
    # within TIE_RTOL (relative) of the best count as tied, so rounding cannot flip the choice
    flat = argmax_tied(proxy.reshape(-1))
    fi, pos = divmod(flat, n - 1)
    a, b = xs[fi, pos], xs[fi, pos + 1]
    thr = a / 2.0 + b / 2.0
    if thr == b or not np.isfinite(thr):
        thr = a
    return features[fi], float(thr)


def _constant_features(XT, order):
    """Features whose largest and smallest value in the node (the ends of its sorted
    orders) are within scikit-learn's 1e-7."""
    cols = np.arange(XT.shape[0])
    return XT[cols, order[:, -1]] <= XT[cols, order[:, 0]] + _FEATURE_THRESHOLD


def resolve_max_features(
    max_features: Literal["log2", "sqrt"] | int | float | None, n_features: int
) -> int:
    r"""The number ``k`` of attributes a tree considers at each split (``max_features`` of
    :class:`CART` and of the random forests built from it, :class:`~patterneval.RandomForest`).

    ================  ==========================================================
    ``max_features``  ``k``
    ================  ==========================================================
    ``"log2"``        :math:`\max(1, \lfloor \log_2 d \rfloor)` (the course notes' rule;
                      rounded down as scikit-learn's ``"log2"``)
    ``"sqrt"``        :math:`\max(1, \lfloor \sqrt d \rfloor)`
    ``None``          :math:`d` (every attribute: plain bagging of trees)
    int               the int itself, ``1 <= k <= d``
    float in (0, 1]   :math:`\max(1, \lfloor \text{max\_features}\cdot d \rfloor)`
    ================  ==========================================================

    Parameters
    ----------
    max_features : {"log2", "sqrt"}, None, int or float
    n_features : int
        Number of attributes ``d >= 1``.

    Returns
    -------
    int
        ``k`` in ``[1, d]``. Smaller ``k`` means more diverse, individually weaker trees.

    Notes
    -----
    O(1). Breiman (2001) used ``int(log2 d + 1)``; the course notes and scikit-learn use
    ``log2 d``, which we round down (``d = 30`` gives 4, Breiman's rule 5).

    References
    ----------
    Breiman, L. (2001). Random forests. Machine Learning 45(1), 5-32.
    doi:10.1023/A:1010933404324

    Examples
    --------
    >>> from patterneval.tree import resolve_max_features
    >>> [resolve_max_features("log2", d) for d in (1, 2, 30, 64)]
    [1, 1, 4, 6]
    >>> resolve_max_features("sqrt", 30), resolve_max_features(0.5, 30), resolve_max_features(None, 30)
    (5, 15, 30)
    """
    d = check_scalar("n_features", n_features, int, low=1)
    if max_features is None:
        return d
    if isinstance(max_features, str):
        rule = (
            np.sqrt
            if check_choice("max_features", max_features, ("log2", "sqrt")) == "sqrt"
            else np.log2
        )
        return max(1, int(rule(d)))
    value = check_count_or_share(
        "max_features",
        max_features,
        d,
        of="features",
        hint=' It may also be "log2", "sqrt" or None.',
    )
    return value if isinstance(value, int) else max(1, int(value * d))


@estimator_docs
class _CARTBase(BaseEstimator):
    def _validate_params(self, n_features):
        self._max_depth = check_max_depth(self.max_depth)
        self._mss = check_scalar("min_samples_split", self.min_samples_split, int, low=2)
        self._msl = check_scalar("min_samples_leaf", self.min_samples_leaf, int, low=1)
        self._max_features = resolve_max_features(self.max_features, n_features)
        check_scalar("ccp_alpha", self.ccp_alpha, float, low=0)
        self._rng = check_rng(self.random_state, name="random_state", legacy=True)

    def _prepare(self, X, y, sample_weight):
        """Validate ``X`` and ``y`` once (scikit-learn's ``validate_data``), the parameters
        and ``sample_weight``. Returns ``(X, y, w)``."""
        X, y = validate_estimator_data(self, X, y, dtype=np.float64)
        self._validate_params(X.shape[1])
        if sample_weight is None:
            return X, y, np.ones(X.shape[0])
        w = check_array("sample_weight", sample_weight, ndim=1, n=X.shape[0], n_name="X", low=0)
        if w.sum() <= 0:
            raise fail("sample_weight", "weights >= 0 with a positive sum", "all zeros", echo=False)
        return X, y, w

    def _grow(self, X, S, w, criterion):
        tree = _ArrayTree()
        d = X.shape[1]
        if criterion in _CRITERIA_CLF:

            def stats_of(rows):
                return S[rows].sum(axis=0)

            def value_of(st):
                return st
        else:
            Sq = np.column_stack([S, w * self._y_fit**2])

            def stats_of(rows):
                return Sq[rows].sum(axis=0)

            def value_of(st):
                return np.array([st[1] / st[0]])

        # every feature is sorted once, stably (ties by sample index); a node's orders are
        # its parent's, partitioned stably, so they equal a stable sort of the node itself
        XT, ST = np.ascontiguousarray(X.T), np.ascontiguousarray(S.T)
        side = np.zeros(X.shape[0], dtype=bool)

        def rec(rows, order, depth):
            st = stats_of(rows)
            imp = _node_impurity(st, criterion)
            node = tree.add(value_of(st), float(imp), rows.size, float(w[rows].sum()))
            if (
                rows.size < self._mss
                or rows.size < 2 * self._msl
                or imp <= _EPSILON
                or (self._max_depth is not None and depth >= self._max_depth)
            ):
                return node
            if self._max_features < d:
                # visit features in a random order until max_features non-constant ones
                perm = self._rng.permutation(d)
                const = _constant_features(XT, order)[perm]
                nonconst = np.cumsum(~const)
                stop = int(np.searchsorted(nonconst, self._max_features)) + 1
                features = perm[:stop][~const[:stop]]
                if features.size == 0:
                    return node
            else:  # constant columns have no admissible cut: no need to drop them
                features = None
            total = st if criterion in _CRITERIA_CLF else S[rows].sum(axis=0)
            best = _best_split(XT, ST, order, total, criterion, features, self._msl)
            if best is None:
                return node
            f, thr = best
            go_left = XT[f, rows] <= thr
            side[rows] = go_left
            in_left = side[order]
            # the parent's orders are dropped before recursing: memory O(n d), not O(n d depth)
            parts = [order[in_left].reshape(d, -1), order[~in_left].reshape(d, -1)]
            del order, in_left
            tree.feature[node], tree.threshold[node] = int(f), thr
            tree.left[node] = rec(rows[go_left], parts.pop(0), depth + 1)
            tree.right[node] = rec(rows[~go_left], parts.pop(0), depth + 1)
            return node

        rec(np.arange(X.shape[0]), np.argsort(XT, axis=1, kind="stable"), 0)
        return tree.freeze()

    # -- pruning -----------------------------------------------------------------------
    @staticmethod
    def _prune(tree, ccp_alpha=None):
        """Weakest-link pruning (Breiman et al. 1984, ch. 3; scikit-learn's
        ``_cost_complexity_prune``). Returns (keep mask, alphas, impurities, n_leaves)."""
        n = tree.node_count
        total_w = tree.weight[0]
        r_node = tree.weight * tree.impurity / total_w
        parent = np.full(n, -1)
        internal = tree.left >= 0
        parent[tree.left[internal]] = np.flatnonzero(internal)
        parent[tree.right[internal]] = np.flatnonzero(internal)
        is_leaf = ~internal
        r_branch = np.zeros(n)
        n_leaves = np.zeros(n, dtype=np.intp)
        for leaf in np.flatnonzero(is_leaf):
            r_branch[leaf] = r_node[leaf]
            cur, i = r_node[leaf], leaf
            while i != 0:
                i = parent[i]
                r_branch[i] += cur
                n_leaves[i] += 1
        candidate = internal.copy()
        in_subtree = np.ones(n, dtype=bool)
        alphas, imps, leaves = [0.0], [r_branch[0]], [int(is_leaf.sum())]
        cur_leaves = int(is_leaf.sum())
        while candidate[0]:
            idx = np.flatnonzero(candidate)
            sub_alpha = (r_node[idx] - r_branch[idx]) / (n_leaves[idx] - 1)
            # first minimum in node order, as scikit-learn; alphas within TIE_RTOL of the
            # root's impurity count as tied, so rounding cannot flip the order
            k = argmin_tied(
                sub_alpha, scale=max(float(r_node[0]), float(np.max(np.abs(sub_alpha))))
            )
            alpha, t = float(sub_alpha[k]), int(idx[k])
            if ccp_alpha is not None and ccp_alpha < alpha:
                break
            stack = [t]
            while stack:
                i = stack.pop()
                if not in_subtree[i]:
                    continue
                candidate[i] = in_subtree[i] = False
                if tree.left[i] >= 0:
                    stack += [tree.left[i], tree.right[i]]
            in_subtree[t] = True
            pruned = n_leaves[t] - 1
            n_leaves[t] = 0
            r_diff = r_node[t] - r_branch[t]
            r_branch[t] = r_node[t]
            i = parent[t]
            while i != -1:
                n_leaves[i] -= pruned
                r_branch[i] += r_diff
                i = parent[i]
            cur_leaves -= pruned
            alphas.append(alpha)
            imps.append(r_branch[0])
            leaves.append(cur_leaves)
        return in_subtree, np.array(alphas), np.array(imps), np.array(leaves)

    def _fit_tree(self, X, S, w, criterion):
        present = w > 0
        if not present.all():  # a zero weight removes the sample (it places no threshold)
            X, S, w = X[present], S[present], w[present]
            if getattr(self, "_y_fit", None) is not None:
                self._y_fit = self._y_fit[present]
        full = self._grow(X, S, w, criterion)
        if self.ccp_alpha > 0:
            keep = self._prune(full, float(self.ccp_alpha))[0]
            full = full.subtree(keep)
        self.tree_ = full
        self.n_features_in_ = X.shape[1]
        return self

    def _fitted_X(self, X):
        check_is_fitted(self, "tree_")
        return validate_estimator_data(self, X, reset=False, dtype=np.float64)

    def apply(self, X: ArrayLike) -> np.ndarray:
        """Index of the leaf (preorder node number) each sample falls in.

        %(params_X)s

        Returns
        -------
        ndarray of int, shape (n_samples,)
        """
        X = self._fitted_X(X)
        return self.tree_.apply(X)

    def get_n_leaves(self) -> int:
        """Number of leaves.

        Returns
        -------
        int
        """
        check_is_fitted(self, "tree_")
        return int((self.tree_.left < 0).sum())

    def get_depth(self) -> int:
        """Depth (a single leaf has depth 0).

        Returns
        -------
        int
        """
        check_is_fitted(self, "tree_")
        return self.tree_.depth()

    def cost_complexity_pruning_path(
        self, X: ArrayLike, y: ArrayLike, sample_weight: ArrayLike | None = None
    ) -> PruningPath:
        r"""Effective alphas of weakest-link pruning on the tree grown with these
        parameters (``ccp_alpha`` ignored).

        With :math:`R(t)` the weighted impurity of node :math:`t` times its share of the
        weight and :math:`R(T_t)` the sum over the leaves of the branch :math:`T_t`, the
        branch whose pruning costs least per removed leaf,
        :math:`\alpha(t) = (R(t) - R(T_t)) / (|T_t| - 1)`, is cut repeatedly (ties: the
        first node in preorder; values within 1e-12 of the root's :math:`R` count as tied)
        until only the root is left. Equals scikit-learn's
        method of the same name. Cost O(nodes^2).

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
        y : array_like, shape (n_samples,)
            Class labels (CART) or targets (CARTRegressor).
        %(sample_weight)s

        Returns
        -------
        PruningPath
            ``ccp_alphas`` (starting with 0), ``impurities`` (total leaf impurity of each
            subtree), ``n_leaves``.

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> from patterneval.tree import CART
        >>> X, y = load_iris(return_X_y=True)
        >>> path = CART().cost_complexity_pruning_path(X, y)
        >>> path.n_leaves[:3].tolist(), path.n_leaves[-1].item()
        ([9, 7, 5], 1)
        """
        params = self.get_params()
        params["ccp_alpha"] = 0.0
        est = type(self)(**params).fit(X, y, sample_weight=sample_weight)
        _, alphas, imps, leaves = self._prune(est.tree_)
        return PruningPath(ccp_alphas=alphas, impurities=imps, n_leaves=leaves)


@estimator_docs
class CART(ClassifierMixin, _CARTBase):
    r"""CART decision tree (Breiman et al. 1984): binary splits, Gini / entropy /
    squared error, cost-complexity pruning.

    Every feature is sorted once, at the root (stably), and each node's orders are its
    parent's partitioned stably; cumulative (weighted) class counts along them give
    the left and right statistics of every cut between adjacent distinct values
    (thresholds at midpoints); the cut maximising the impurity decrease
    :math:`I(t) - \frac{w_L}{w_t} I(t_L) - \frac{w_R}{w_t} I(t_R)` wins. The comparison
    uses scikit-learn's proxy (for Gini :math:`\sum_k n_{Lk}^2/n_L + \sum_k n_{Rk}^2/n_R`),
    so the chosen split is the same as scikit-learn's whenever it is unique.

    **Ties.** Among equally good splits the first in *visiting order* wins: features in
    column order (or, with ``max_features`` < n_features, in a random order from ``random_state``),
    then the smallest threshold. Proxies within 1e-12 (relative) of the best count as
    tied, so the rule cannot be flipped by rounding in the sums (which differs between
    CPUs). scikit-learn visits features in a random order even with
    ``max_features=None``, so with tied splits the two trees may differ depending on its
    ``random_state``; the training-set impurity and accuracy of the trees are equal.

    Parameters
    ----------
    criterion : {"gini", "entropy", "squared_error"}
        ``"squared_error"`` fits a regression tree (same as :class:`CARTRegressor`; only
        sensible through that class, which is a regressor).
    max_depth : int or None
    min_samples_split : int, default 2
    min_samples_leaf : int, default 1
    max_features : None, int, float in (0, 1], "sqrt" or "log2"
        Features examined per split (random subset, for random forests).
    ccp_alpha : float >= 0
        Prune with weakest-link pruning to the largest subtree whose effective alphas all
        exceed ``ccp_alpha`` (the subtree minimising :math:`R(T) + \alpha |T|`).
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        Source of the feature order when ``max_features`` < n_features (an int gives
        ``numpy.random.default_rng(random_state)``; a RandomState, as scikit-learn's
        ensembles pass, gives one seed drawn from it).

    Attributes
    ----------
    tree_ : arrays ``left``, ``right``, ``feature``, ``threshold``, ``value``,
        ``impurity``, ``n_samples``, ``weight`` (nodes in preorder, as scikit-learn).
    classes_, n_features_in_

    Notes
    -----
    Cost: O(d n log n) for the sort at the root, then O(d n K) per tree level (partitioning
    the orders and the cumulative counts of all cuts), and O(n d K) memory.

    ``sample_weight``: a zero weight removes the sample before the tree is grown (it places
    no threshold), and a positive integer weight equals repeating the sample when the
    ``min_samples_*`` rules do not bind (they count rows, as in scikit-learn).

    References
    ----------
    Breiman et al. (1984), chs. 2-3, doi:10.1201/9781315139470.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from patterneval.tree import CART, export_text
    >>> X, y = load_iris(return_X_y=True)
    >>> tree = CART(max_depth=2).fit(X, y)
    >>> print(export_text(tree, feature_names=["sl", "sw", "pl", "pw"]))
    |--- pl <= 2.45: class: 0  [50.0, 0.0, 0.0]
    |--- pl > 2.45
    |   |--- pw <= 1.75: class: 1  [0.0, 49.0, 5.0]
    |   |--- pw > 1.75: class: 2  [0.0, 1.0, 45.0]
    """

    def __init__(
        self,
        criterion: Literal["gini", "entropy", "squared_error"] = "gini",
        *,
        max_depth: int | None = None,
        min_samples_split: int = 2,
        min_samples_leaf: int = 1,
        max_features: Literal["log2", "sqrt"] | int | float | None = None,
        ccp_alpha: float = 0.0,
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
    ) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.max_features = max_features
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state

    def fit(self, X: ArrayLike, y: ArrayLike, sample_weight: ArrayLike | None = None) -> Self:
        """Grow (and, with ``ccp_alpha`` > 0, prune) the tree.

        %(params_fit_Xy)s
        %(sample_weight)s

        %(returns_self)s
        """
        crit = check_choice("criterion", self.criterion, _CRITERIA_CLF + _CRITERIA_REG)
        if crit == "squared_error":
            raise fail(
                "criterion",
                f"one of {list(_CRITERIA_CLF)} for a classifier",
                crit,
                hint="Use CARTRegressor for regression.",
            )
        X, y, w = self._prepare(X, y, sample_weight)
        check_classification_targets(y)
        self.classes_, yi = _encode_y(y)
        S = np.eye(self.classes_.size)[yi] * w[:, None]
        return self._fit_tree(X, S, w, crit)

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Class proportions (weighted) of the leaf each sample reaches.

        %(params_X)s

        %(returns_proba)s
        """
        return self._proba_checked(self._fitted_X(X))

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Majority class of the leaf (ties, within 1e-12 relative: the first class in
        ``classes_``).

        %(params_X)s

        %(returns_labels)s
        """
        return self._predict_checked(self._fitted_X(X))

    def _proba_checked(self, X):
        v = self.tree_.value[self.tree_.apply(X)]
        return v / v.sum(axis=1, keepdims=True)

    def _predict_checked(self, X):
        """``predict`` of an X already validated: a forest validates once for all its trees.
        The tie rule is row by row, so it is applied once per node rather than per sample."""
        v = self.tree_.value
        with np.errstate(invalid="ignore", divide="ignore"):  # an empty internal node never wins
            node_class = argmax_tied(v / v.sum(axis=1, keepdims=True), axis=1)
        return self.classes_[node_class[self.tree_.apply(X)]]


@estimator_docs
class CARTRegressor(RegressorMixin, _CARTBase):
    r"""CART regression tree: squared-error splits, leaf means, cost-complexity pruning.

    Node impurity is the weighted variance :math:`\frac{1}{w}\sum_i w_i (y_i - \bar y)^2`;
    a split maximises the variance decrease (proxy
    :math:`S_L^2/w_L + S_R^2/w_R` with :math:`S` the weighted sums of ``y``). Parameters,
    ties and pruning as in :class:`CART`; equals scikit-learn's ``DecisionTreeRegressor``
    when the best split is unique (up to floating-point rounding of the sums).

    Parameters
    ----------
    criterion : {"squared_error"}
        The only impurity of a regression tree here.
    max_depth : int or None
        Depth limit; None grows until the ``min_samples_*`` rules stop it.
    min_samples_split : int, default 2
        Fewest samples a node needs to be split.
    min_samples_leaf : int, default 1
        Fewest samples each child of a split must receive.
    max_features : None, int, float in (0, 1], "sqrt" or "log2"
        Features examined per split (a random subset, for random forests).
    ccp_alpha : float >= 0
        Weakest-link pruning: the largest subtree whose effective alphas all exceed
        ``ccp_alpha``.
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        Source of the feature order when ``max_features`` < n_features (as in
        :class:`CART`).

    Attributes
    ----------
    tree_ : arrays ``left``, ``right``, ``feature``, ``threshold``, ``value``,
        ``impurity``, ``n_samples``, ``weight`` (nodes in preorder, as scikit-learn);
        ``value`` holds each node's weighted mean of ``y``.
    n_features_in_ : int
        Number of columns seen in ``fit``.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.tree import CARTRegressor
    >>> X = np.arange(8.0).reshape(-1, 1)
    >>> CARTRegressor(max_depth=1).fit(X, [0, 0, 0, 0, 1, 1, 1, 1]).predict([[2], [6]])
    array([0., 1.])
    """

    def __init__(
        self,
        criterion: Literal["squared_error"] = "squared_error",
        *,
        max_depth: int | None = None,
        min_samples_split: int = 2,
        min_samples_leaf: int = 1,
        max_features: Literal["log2", "sqrt"] | int | float | None = None,
        ccp_alpha: float = 0.0,
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
    ) -> None:
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.max_features = max_features
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state

    def fit(self, X: ArrayLike, y: ArrayLike, sample_weight: ArrayLike | None = None) -> Self:
        """Grow (and, with ``ccp_alpha`` > 0, prune) the regression tree.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
        y : array_like, shape (n_samples,)
            Real targets (so large that squared errors overflow, beyond about 1e150:
            ValueError, not NaN impurities).
        %(sample_weight)s

        %(returns_self)s
        """
        check_choice("criterion", self.criterion, _CRITERIA_REG)
        X, y, w = self._prepare(X, y, sample_weight)
        # scikit-learn's y_numeric would blame X for a string in y: y is converted here
        self._y_fit = y = check_array("y", y, ndim=1)
        top = float(np.max(np.abs(y))) if y.size else 0.0
        if top > 1e150 / np.sqrt(max(y.size, 1)):  # the squared errors (impurities) would overflow
            raise fail(
                "y",
                f"targets whose squared errors are finite in double precision (below about "
                f"{1e150 / np.sqrt(max(y.size, 1)):.0e} in magnitude)",
                f"a largest |target| of {top:.3g}",
                echo=False,
                hint="Rescale y.",
            )
        S = np.column_stack([w, w * y])
        try:
            return self._fit_tree(X, S, w, "squared_error")
        finally:
            del self._y_fit

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Mean target of the leaf each sample reaches.

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples,)
            The (weighted) mean target of each sample's leaf.
        """
        leaves = self.apply(X)
        return self.tree_.value[leaves, 0]


@dataclasses.dataclass(frozen=True, repr=False)
class PruningSequence(Result):
    """The nested subtrees of weakest-link pruning, evaluated: for each effective alpha
    of the path, the number of leaves, the training and test error rates and (if a grid
    was given) the predicted class at each grid point.

    Attributes
    ----------
    ccp_alphas : ndarray of shape (n_subtrees,)
        Effective alphas of the path, increasing from 0 (the full tree).
    n_leaves : ndarray of int, shape (n_subtrees,)
    train_error, test_error : ndarray of shape (n_subtrees,)
        Error rates of each subtree on the training and the held-out data.
    grid_predictions : ndarray of int, shape (n_subtrees, n_points), or None
        Index into the tree's ``classes_`` of the class predicted at each grid point; None
        without a grid.
    """

    ccp_alphas: np.ndarray
    n_leaves: np.ndarray
    train_error: np.ndarray
    test_error: np.ndarray
    grid_predictions: np.ndarray | None = dataclasses.field(default=None, repr=False)


def pruning_sequence(
    X: ArrayLike,
    y: ArrayLike,
    X_test: ArrayLike,
    y_test: ArrayLike,
    *,
    criterion: Literal["gini", "entropy"] = "gini",
    max_depth: int | None = None,
    grid: ArrayLike | None = None,
) -> PruningSequence:
    r"""Grow one CART tree, then evaluate every subtree of its cost-complexity pruning
    path (Breiman et al. 1984, ch. 3): the subtree :math:`T_\alpha` kept for each
    effective alpha, its size, its training and test error rates (lower is better) and
    its predictions on ``grid`` (for drawing decision regions).

    The tree is grown once; each subtree is cut from it (the path is nested), so the cost
    is one fit plus O(nodes) per alpha and one prediction pass per alpha.

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
        Finite numeric training data.
    y : array_like of shape (n_samples,)
        Training class labels.
    X_test : array_like of shape (n_test, n_features)
        Finite numeric held-out data, the same features as ``X``.
    y_test : array_like of shape (n_test,)
        Held-out class labels.
    criterion : {"gini", "entropy"}, default "gini", keyword-only
        Impurity of the CART tree that is grown.
    max_depth : int or None, default None, keyword-only
        Depth limit of that tree (None: grow until the leaves are pure).
    grid : array_like of shape (n_points, n_features), optional, keyword-only
        Points to predict with every subtree (e.g. a mesh for decision regions).

    Returns
    -------
    PruningSequence

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from patterneval.tree import pruning_sequence
    >>> X, y = load_iris(return_X_y=True)
    >>> seq = pruning_sequence(X[::2], y[::2], X[1::2], y[1::2])
    >>> seq.n_leaves.tolist(), seq.train_error[0].item()
    ([6, 4, 3, 2, 1], 0.0)
    """
    base = CART(criterion, max_depth=max_depth).fit(X, y)
    X_test = _check_features("X_test", X_test, base.n_features_in_)
    y_test = check_labels("y_test", y_test, n=X_test.shape[0], n_name="X_test")
    if grid is not None:
        grid = _check_features("grid", grid, base.n_features_in_)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    full = base.tree_
    _, alphas, _, leaves = base._prune(full)
    train, test, preds = [], [], []
    for alpha in alphas:
        sub = full.subtree(base._prune(full, float(alpha))[0])

        def predict(Z, sub=sub):
            return base.classes_[argmax_tied(sub.value[sub.apply(Z)], axis=1)]

        train.append(np.mean(predict(X) != y))
        test.append(np.mean(predict(X_test) != y_test))
        if grid is not None:
            preds.append(np.searchsorted(base.classes_, predict(grid)))
    return PruningSequence(
        ccp_alphas=alphas,
        n_leaves=leaves,
        train_error=np.array(train),
        test_error=np.array(test),
        grid_predictions=np.array(preds) if grid is not None else None,
    )


# ----------------------------------------------------------------------------- export
def export_text(
    tree: ID3 | C45 | CART | CARTRegressor,
    *,
    feature_names: Sequence[str] | None = None,
    decimals: int = 2,
) -> str:
    """A text drawing of a fitted ID3, C45, CART or CARTRegressor tree, one line per
    branch (like scikit-learn's ``export_text``); leaves show the class and the
    (weighted) class counts, or the mean for regression.

    Parameters
    ----------
    tree : ID3, C45, CART or CARTRegressor
        Fitted.
    feature_names : sequence of str, optional, keyword-only
        One name per feature; default ``x0, x1, ...``.
    decimals : int >= 0, default 2, keyword-only
        Digits of thresholds, counts and values.

    Returns
    -------
    str
        The lines joined by newlines.

    Examples
    --------
    >>> from patterneval.tree import CARTRegressor, export_text
    >>> t = CARTRegressor(max_depth=1).fit([[0.0], [1.0]], [0.0, 2.0])
    >>> print(export_text(t))
    |--- x0 <= 0.50: value: 0.00
    |--- x0 > 0.50: value: 2.00
    """
    if not hasattr(tree, "tree_"):
        raise fail("tree", "a fitted ID3, C45, CART or CARTRegressor", tree, error=TypeError)
    if feature_names is not None:
        feature_names = list(feature_names)
        if len(feature_names) != tree.n_features_in_:
            raise fail(
                "feature_names",
                f"{tree.n_features_in_} names, one per feature of the tree",
                f"{len(feature_names)} names",
                echo=False,
            )
    decimals = check_scalar("decimals", decimals, int, low=0)
    if isinstance(tree, _MultiwayTree):
        return _multiway_text(tree, feature_names, decimals)
    t = tree.tree_
    names = feature_names or [f"x{j}" for j in range(tree.n_features_in_)]
    reg = isinstance(tree, CARTRegressor)
    lines = []

    def leaf(i):
        if reg:
            return f"value: {t.value[i, 0]:.{decimals}f}"
        k = argmax_tied(t.value[i])
        return f"class: {tree.classes_[k]}  {np.round(t.value[i], decimals).tolist()}"

    def rec(i, indent):
        if t.left[i] < 0:
            lines.append(indent + leaf(i))
            return
        for child, op in ((t.left[i], "<="), (t.right[i], ">")):
            cond = f"{names[t.feature[i]]} {op} {t.threshold[i]:.{decimals}f}"
            if t.left[child] < 0:
                lines.append(f"{indent}|--- {cond}: {leaf(child)}")
            else:
                lines.append(f"{indent}|--- {cond}")
                rec(child, indent + "|   ")

    rec(0, "")
    return "\n".join(lines)


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_max_depth(max_depth):
    """``None`` (grow until pure) or an integer >= 1."""
    return None if max_depth is None else check_scalar("max_depth", max_depth, int, low=1)


def _check_features(name, X, n_features):
    """Data to predict for a fitted tree: finite numbers, ``n_features`` columns."""
    arr = check_array(name, X, ndim=2, shape_hint="(n_samples, n_features)")
    if arr.shape[1] != n_features:
        raise fail(
            name, f"{n_features} columns, the features of X", f"{arr.shape[1]} columns", echo=False
        )
    return arr


def _is_missing(value) -> bool:
    return value is None or (isinstance(value, float) and np.isnan(value))


def _is_continuous(value) -> bool:
    """A real number that is not a whole number (nor a bool): not a category."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.number)):
        return False
    return not np.isfinite(float(value)) or float(value) != round(float(value))


def check_categorical_X(
    X,
    *,
    allow_missing: bool = False,
    allow_continuous: bool = False,
    name: str = "X",
    expected: str = "a 2-d table of categorical values (n_samples, n_features)",
) -> np.ndarray:
    """A 2-d table of categorical values (strings, ints, bools, integral floats) as an
    object array, at least one row and one column. Missing values (None, NaN) only if
    ``allow_missing``; non-integral floats, taken for continuous values, only if
    ``allow_continuous``. Sparse and complex input is refused; ``expected`` words the
    messages."""
    if X is None or np.isscalar(X) or hasattr(X, "tocsr"):
        raise fail(
            name,
            expected,
            X if not hasattr(X, "tocsr") else "a sparse matrix",
            error=TypeError,
            echo=not hasattr(X, "tocsr"),
            hint=f"Pass {name}.toarray()." if hasattr(X, "tocsr") else "",
        )
    arr = np.asarray(X, dtype=object)
    if arr.ndim != 2:
        raise fail(name, expected, f"an array of shape {arr.shape}", echo=False)
    if 0 in arr.shape:  # worded as scikit-learn's check_estimators_empty_data_messages expects
        what = "sample" if arr.shape[0] == 0 else "feature"
        raise fail(
            name,
            f"{expected} with at least one row and one column",
            f"0 {what}(s) (shape={arr.shape}) while a minimum of 1 is required",
            echo=False,
        )
    for value in arr.ravel():
        if _is_missing(value):
            if not allow_missing:
                raise fail(
                    name,
                    expected + " without missing values",
                    value,
                    hint="ID3 does not handle missing values (use C45).",
                )
        elif isinstance(value, (complex, np.complexfloating)):
            raise fail(name, expected, value, hint="Complex data not supported.")
        elif not allow_continuous and _is_continuous(value):
            raise fail(
                name,
                expected,
                f"the continuous value {value!r}",
                echo=False,
                hint="ID3 takes categorical attributes only: discretise it, or use C45 or CART.",
            )
    return arr


def check_class_labels(y, n_samples: int, *, name: str = "y", n_name: str = "X") -> np.ndarray:
    """Class labels, one per sample (:func:`check_labels`); a column vector is flattened
    with scikit-learn's DataConversionWarning."""
    if isinstance(y, (list, tuple, np.ndarray)) and np.ndim(y) == 2 and np.shape(y)[1] == 1:
        import warnings

        from sklearn.exceptions import DataConversionWarning

        warnings.warn(
            f"A column-vector {name} was passed when a 1d array was expected; it is "
            f"flattened to shape ({np.shape(y)[0]},).",
            DataConversionWarning,
            stacklevel=3,
        )
        y = np.asarray(y).ravel()
    return check_labels(name, y, n=n_samples, n_name=n_name)


def check_count_table(name: str, value) -> np.ndarray:
    """Non-negative finite counts (any shape with at least one axis and one entry), as floats."""
    arr = check_array(name, value, low=0)
    if np.asarray(value).dtype == bool:
        raise fail(name, "an array of counts >= 0", value, error=TypeError)
    if arr.ndim == 0:
        raise fail(name, "an array of counts >= 0 with at least one axis", value)
    return arr
