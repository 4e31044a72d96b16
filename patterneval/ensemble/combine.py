r"""Combining the outputs of T learners: averaging, voting rules and stacking (chapter
"Combining learners").

Shapes. ``predictions`` stacks the members along axis 0, either as one array or as a
sequence of per-member arrays (a member whose shape differs from member 0 is named in the
error):

* **hard votes** (class labels): shape ``(T, n)``, any label type;
* **soft votes** (class probabilities, or 0/1 votes): shape ``(T, n, c)`` with entries in
  [0, 1]; column j belongs to ``classes[j]`` (default ``0..c-1``).

Both are turned into the note's vote vectors :math:`h_i^j(x)`: one-hot for labels, the
probabilities themselves for soft votes, and every rule works on the class scores
:math:`S_j(x) = \sum_i w_i h_i^j(x)`.

Weights are a convex combination: finite, non-negative and summing to 1 (within 1e-9);
anything else is an error, never silently normalised (divide by the sum yourself).

Ties (plurality and weighted votes): class scores within ``VOTE_TIE_RTOL`` (1e-12) times
the sample's total vote (at least 1) of the top score are tied, so that rounding of the
weighted sums cannot break a tie. ``ties="smallest"`` (default) picks the first of the
tied classes in ``classes`` order (the smallest label for hard votes) -- the rule of
``numpy.argmax``, ``scipy.stats.mode`` and scikit-learn's ``VotingClassifier``;
``ties="random"`` picks one of the tied classes uniformly with ``rng``.

Reject (majority vote): a class wins only with *more than* ``threshold`` (default one half)
of the total vote, by more than ``VOTE_TIE_RTOL`` of the total (a share equal to the
threshold up to rounding is not more); otherwise the sample is rejected. With ``reject=None`` the result is a
``numpy.ma.MaskedArray`` whose rejected entries are masked; with any other value that value
is written in their place (it must not be one of the classes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Self

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_is_fitted

from .._api import estimator_docs, keywords
from .._engine import cv_splits, make_folds, run_tasks
from .._results import Result
from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_cv,
    check_estimator,
    check_labels,
    check_n_jobs,
    check_rng,
    check_scalar,
    fail,
    show,
    validate_estimator_data,
)
from ._checks import check_convex_weights, check_member_outputs, classifier_fit_data

__all__ = [
    "MLR_RCOND",
    "MLR_TIE_RTOL",
    "VOTE_TIE_RTOL",
    "VOTE_TIE_RULES",
    "MLR",
    "Stacking",
    "VoteRates",
    "average",
    "majority_vote",
    "plurality_vote",
    "vote_rates",
    "weighted_average",
    "weighted_vote",
]

#: How plurality and weighted votes break ties: first class in ``classes`` order, or random.
VOTE_TIE_RULES = ("smallest", "random")

#: Class scores within this fraction of the sample's total vote of the top score are tied
#: (so that weights such as 1/3, or probabilities, summed in another order or by another
#: CPU's SIMD kernels cannot break a tie by rounding); the same band decides whether a
#: share *exceeds* the majority threshold.
VOTE_TIE_RTOL = 1e-12

#: Singular values below this fraction of the largest count as zero in :class:`MLR`'s
#: minimum-norm least-squares solution.
MLR_RCOND = 1e-10

#: :class:`MLR` responses within this fraction of the size of their terms are tied.
MLR_TIE_RTOL = 1e-9


# ------------------------------------------------------------------------ averaging
def average(outputs: ArrayLike) -> np.ndarray:
    r"""Simple average :math:`H(x) = \frac1T \sum_{i=1}^T h_i(x)` of real-valued outputs.

    Parameters
    ----------
    outputs : array_like, shape (T, n) or (T, n, c)
        Member outputs (regression predictions, or class probabilities), one per row; a
        sequence of per-member arrays is accepted.

    Returns
    -------
    ndarray, shape (n,) or (n, c)
        The average over the members.

    Notes
    -----
    :math:`O(Tn)`. The average of T regressors with independent errors of equal variance
    :math:`\sigma^2` has error variance :math:`\sigma^2/T`; with correlated errors less is
    gained (see the chapter "Diversity").

    References
    ----------
    .. [1] Z.-H. Zhou, *Ensemble Methods: Foundations and Algorithms*, CRC Press, 2012,
       section 4.2. doi:10.1201/b12207

    Examples
    --------
    >>> from patterneval.ensemble.combine import average
    >>> average([[1.0, 2.0], [3.0, 6.0]])
    array([2., 4.])
    """
    arr = check_member_outputs(outputs, name="outputs", real=True)
    return arr.mean(axis=0)


def weighted_average(outputs: ArrayLike, weights: ArrayLike) -> np.ndarray:
    r"""Weighted average :math:`H(x) = \sum_{i=1}^T w_i h_i(x)`, :math:`w_i \ge 0`,
    :math:`\sum_i w_i = 1`.

    Parameters
    ----------
    outputs : array_like, shape (T, n) or (T, n, c)
        Member outputs, one per row.
    weights : array_like, shape (T,)
        Non-negative weights summing to 1 (within 1e-9); anything else raises ValueError.

    Returns
    -------
    ndarray, shape (n,) or (n, c)

    Notes
    -----
    :math:`O(Tn)`. Weights estimated on the training data tend to overfit it; with noisy
    or scarce data the simple average is often as good.

    References
    ----------
    Zhou (2012), section 4.2, as for :func:`average`.

    Examples
    --------
    >>> from patterneval.ensemble.combine import weighted_average
    >>> weighted_average([[1.0, 2.0], [3.0, 6.0]], [0.75, 0.25])
    array([1.5, 3. ])
    """
    arr = check_member_outputs(outputs, name="outputs", real=True)
    w = check_convex_weights(weights, arr.shape[0], size_name="outputs")
    return np.tensordot(w, arr, axes=1)


# ------------------------------------------------------------------------ voting
def _scores(predictions, classes, weights):
    """Class scores S (n, c) = sum_i w_i h_i^j and the vote vectors' total per sample."""
    if predictions.ndim == 3:
        votes = predictions
    else:
        index = (
            np.searchsorted(classes, predictions)
            if _is_sorted(classes)
            else _lookup(classes, predictions)
        )
        votes = np.zeros(predictions.shape + (classes.size,))
        np.put_along_axis(votes, index[..., None], 1.0, axis=2)
    scores = np.tensordot(weights, votes, axes=1)
    return scores


def _is_sorted(classes):
    try:
        return bool(np.all(classes[:-1] < classes[1:]))
    except TypeError:
        return False


def _lookup(classes, predictions):
    position = {c: j for j, c in enumerate(classes.tolist())}
    return np.vectorize(position.__getitem__, otypes=[np.intp])(predictions)


def _argmax(scores, ties, rng):
    """Index of the top score per row; scores within VOTE_TIE_RTOL of the row's total vote
    (at least 1) of the top count as tied (so that weights such as 1/3 summed in different
    orders do not break ties by rounding)."""
    band = VOTE_TIE_RTOL * np.maximum(scores.sum(axis=1, keepdims=True), 1.0)
    best = scores >= scores.max(axis=1, keepdims=True) - band
    if ties == "smallest":
        return best.argmax(axis=1)
    # random tie-break: among the tied maxima, the one with the smallest uniform key
    keys = np.where(best, rng.random(scores.shape), 2.0)
    return keys.argmin(axis=1)


def _prepare(predictions, classes, weights, soft=None):
    """Checked outputs, classes and weights; no weights means plain counts (weight 1)."""
    arr = check_member_outputs(predictions, soft=soft)
    cls = check_vote_classes(classes, arr)
    w = np.ones(arr.shape[0]) if weights is None else check_convex_weights(weights, arr.shape[0])
    return arr, cls, w


def majority_vote(
    predictions: ArrayLike,
    *,
    classes: ArrayLike | None = None,
    threshold: float = 0.5,
    reject: Any = None,
) -> np.ndarray | np.ma.MaskedArray:
    r"""Majority vote with reject (绝对多数投票法): a class wins only with more than half of
    the votes, otherwise the sample is rejected.

    .. math::

        H(x) = \begin{cases} c_j & \text{if } \sum_i h_i^j(x) > \theta \sum_k \sum_i h_i^k(x),
        \\ \text{reject} & \text{otherwise,} \end{cases}

    with :math:`\theta = 1/2`. Since the shares of the classes sum to 1, at most
    one class can exceed :math:`\theta \ge 1/2`. For hard votes the condition reads "more
    than :math:`\theta T` of the T members"; for soft votes whose rows sum to 1, "an average
    probability above :math:`\theta`".

    Parameters
    ----------
    predictions : array_like, shape (T, n) or (T, n, c)
        Member labels (hard votes) or class probabilities (soft votes); see the module.
    classes : array_like, optional, keyword-only
        The class labels; default the sorted predicted labels (hard) or 0..c-1 (soft).
    threshold : float in [0.5, 1), keyword-only
        Share of the total vote a class must exceed; 0.5 is the majority rule.
    reject : None or scalar, keyword-only
        ``None``: return a masked array with rejected samples masked. Otherwise the value
        written for rejected samples (must not be a class label).

    Returns
    -------
    numpy.ma.MaskedArray or ndarray, shape (n,)
        The winning labels.

    Notes
    -----
    :math:`O(Tnc)`. Rejecting trades errors for abstentions: for T independent voters
    see :func:`vote_rates`.

    References
    ----------
    .. [1] L. Lam and C. Y. Suen, "Application of majority voting to pattern recognition,"
       IEEE Trans. SMC-A 27(5), 553-568, 1997. doi:10.1109/3468.618255
    .. [2] L. I. Kuncheva, *Combining Pattern Classifiers*, 2nd ed., Wiley, 2014, ch. 4.
       doi:10.1002/9781118914564

    Examples
    --------
    >>> from patterneval.ensemble.combine import majority_vote
    >>> votes = [[0, 1, 2], [0, 1, 1], [1, 2, 0]]
    >>> majority_vote(votes)
    masked_array(data=[0, 1, --],
                 mask=[False, False,  True],
           fill_value=999999)
    >>> majority_vote(votes, reject=-1)
    array([ 0,  1, -1])
    """
    arr, cls, w = _prepare(predictions, classes, None)
    theta = check_scalar("threshold", threshold, float, low=0.5, high=1, closed="left")
    if reject is not None and np.isin(np.asarray([reject], dtype=object), cls.astype(object)).any():
        raise fail("reject", "None or a value that is not a class label", reject)
    scores = _scores(arr, cls, w)
    total = scores.sum(axis=1)
    win = scores > theta * total[:, None] + VOTE_TIE_RTOL * total[:, None]
    ok = win.any(axis=1)
    labels = cls[win.argmax(axis=1)]
    if reject is None:
        return np.ma.MaskedArray(labels, mask=~ok)
    reject_dtype = np.asarray(reject).dtype
    try:
        common = np.result_type(labels.dtype, reject_dtype)
    except TypeError:  # no common dtype (datetime labels and a number)
        common = np.dtype(object)
    if common.kind in "US" and not (labels.dtype.kind in "US" and reject_dtype.kind in "US"):
        common = np.dtype(object)  # numbers and a string (or the reverse) stay what they are
    out = labels.astype(common)
    out[~ok] = reject
    return out


@keywords
def plurality_vote(
    predictions: ArrayLike,
    *,
    classes: ArrayLike | None = None,
    ties: Literal["smallest", "random"] = "smallest",
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    r"""Plurality vote (相对多数投票法): the class with the most votes,
    :math:`H(x) = c_{\arg\max_j \sum_i h_i^j(x)}`; never rejects.

    With soft votes (shape (T, n, c)) this is the argmax of the average probability
    ("soft voting").

    Parameters
    ----------
    predictions : array_like, shape (T, n) or (T, n, c)
        Member labels or class probabilities.
    classes : array_like, optional, keyword-only
        Class labels; see :func:`majority_vote`.
    ties : {"smallest", "random"}, keyword-only
        Tie rule, see the module docstring.
    rng : None, int or numpy.random.Generator, keyword-only
        Used only by ``ties="random"``.

    Returns
    -------
    ndarray, shape (n,)

    Notes
    -----
    :math:`O(Tnc)`. For hard votes and ``ties="smallest"`` this equals
    ``scipy.stats.mode(predictions, axis=0)``.

    References
    ----------
    .. [1] L. I. Kuncheva, *Combining Pattern Classifiers*, 2nd ed., Wiley, 2014, ch. 4.
       doi:10.1002/9781118914564

    Examples
    --------
    >>> from patterneval.ensemble.combine import plurality_vote
    >>> plurality_vote([[0, 1, 2], [0, 2, 1], [1, 2, 0]])
    array([0, 2, 0])
    """
    return weighted_vote(predictions, None, classes=classes, ties=ties, rng=rng)


@keywords
def weighted_vote(
    predictions: ArrayLike,
    weights: ArrayLike | None,
    *,
    classes: ArrayLike | None = None,
    ties: Literal["smallest", "random"] = "smallest",
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    r"""Weighted vote (加权投票法): :math:`H(x) = c_{\arg\max_j \sum_i w_i h_i^j(x)}`.

    Parameters
    ----------
    predictions : array_like, shape (T, n) or (T, n, c)
        Member labels or class probabilities.
    weights : array_like, shape (T,) or None
        Non-negative weights summing to 1; ``None`` means 1/T each (plurality vote).
    classes, ties, rng
        As in :func:`plurality_vote`.

    Returns
    -------
    ndarray, shape (n,)

    Notes
    -----
    :math:`O(Tnc)`. With weights :math:`w_i \propto \ln(p_i / (1 - p_i))` for
    independent binary voters of accuracy :math:`p_i` this is the optimal (Bayes) vote
    (Kuncheva 2014, section 4.3).

    References
    ----------
    .. [1] L. I. Kuncheva, *Combining Pattern Classifiers*, 2nd ed., Wiley, 2014,
       section 4.3. doi:10.1002/9781118914564

    Examples
    --------
    >>> from patterneval.ensemble.combine import weighted_vote
    >>> weighted_vote([[0, 0], [1, 0], [1, 1]], [0.6, 0.2, 0.2])
    array([0, 0])
    """
    ties = check_choice("ties", ties, VOTE_TIE_RULES)
    gen = check_rng(rng)
    arr, cls, w = _prepare(predictions, classes, weights)
    return cls[_argmax(_scores(arr, cls, w), ties, gen)]


# ------------------------------------------------------------------------ reject rates
@dataclass(frozen=True, repr=False)
class VoteRates(Result):
    """Probabilities that a majority vote with reject is correct, wrong, or rejects.

    Attributes
    ----------
    accuracy : float
        Each voter's probability p of being right.
    n_voters : ndarray of int
        The ensemble sizes T.
    n_classes : int
        Classes c.
    threshold : float
        The share of votes the winner needs (reject otherwise).
    correct, error, reject : ndarray
        Probability of each outcome for each T; they sum to 1.
    """

    _headline = ("accuracy", "n_voters", "correct", "error", "reject")

    accuracy: float
    n_voters: np.ndarray
    n_classes: int
    threshold: float
    correct: np.ndarray
    error: np.ndarray
    reject: np.ndarray


def vote_rates(
    accuracy: float, n_voters: ArrayLike, *, n_classes: int = 2, threshold: float = 0.5
) -> VoteRates:
    r"""Exact rates of correct, wrong and rejected majority votes of T independent voters.

    Model: each voter is right with probability p and otherwise picks one of the
    :math:`c - 1` wrong classes uniformly, independently of the others. Let :math:`K_j` be
    the votes for class j and :math:`m = \lfloor\theta T\rfloor + 1` the smallest count
    above :math:`\theta T`. Then :math:`K_{\text{true}} \sim \mathrm{Bin}(T, p)`, each wrong
    class gets :math:`\mathrm{Bin}(T, q)` votes with :math:`q = (1-p)/(c-1)`, and, since at
    most one class can pass :math:`\theta \ge 1/2`, the events "class j wins" are disjoint:

    .. math::

        P(\text{correct}) &= P(\mathrm{Bin}(T, p) \ge m), \\
        P(\text{error}) &= (c-1)\,P(\mathrm{Bin}(T, q) \ge m), \\
        P(\text{reject}) &= 1 - P(\text{correct}) - P(\text{error}).

    For two classes and :math:`\theta = 1/2` the vote rejects only ties (even T).

    Parameters
    ----------
    accuracy : float in [0, 1]
        Each voter's probability p of being right.
    n_voters : int or array_like of int
        Number of voters T >= 1.
    n_classes : int >= 2, keyword-only
    threshold : float in [0.5, 1), keyword-only

    Returns
    -------
    VoteRates
        ``correct``, ``error``, ``reject`` with the shape of ``n_voters``.

    Notes
    -----
    :math:`O(1)` per T (binomial survival functions).

    References
    ----------
    .. [1] L. Lam and C. Y. Suen, "Application of majority voting to pattern recognition,"
       IEEE Trans. SMC-A 27(5), 553-568, 1997. doi:10.1109/3468.618255

    Examples
    --------
    >>> from patterneval.ensemble.combine import vote_rates
    >>> r = vote_rates(0.6, [3, 4])
    >>> r.correct.round(4), r.reject.round(4)  # 4 voters tie 2:2 with 6*0.6^2*0.4^2
    (array([0.648 , 0.4752]), array([0.    , 0.3456]))
    """
    p = check_scalar("accuracy", accuracy, float, low=0, high=1)
    T = check_array("n_voters", n_voters, kind="int", min_rows=0, low=1)
    c = check_scalar("n_classes", n_classes, int, low=2)
    theta = check_scalar("threshold", threshold, float, low=0.5, high=1, closed="left")
    m = np.floor(theta * T) + 1
    correct = stats.binom.sf(m - 1, T, p)
    error = (c - 1) * stats.binom.sf(m - 1, T, (1 - p) / (c - 1))
    reject = np.clip(1.0 - correct - error, 0.0, 1.0)
    return VoteRates(p, T, c, theta, correct, error, reject)


# ------------------------------------------------------------------------ MLR
@estimator_docs
class MLR(ClassifierMixin, BaseEstimator):
    r"""Multi-response linear regression (多响应线性回归) classifier.

    For each class :math:`\ell` an ordinary least-squares regression of the indicator
    :math:`[y = \ell]` on the inputs, :math:`f_\ell(z) = b_\ell + \beta_\ell^\top z`;
    the prediction is :math:`\arg\max_\ell f_\ell(z)`. Used on the class probabilities of
    the first-level learners it is the meta-learner that Ting and Witten (1999) found to
    work best for stacking.

    Parameters
    ----------
    fit_intercept : bool
        Fit the constants :math:`b_\ell`. On probability meta-features the constant is
        already in the span of each member's columns (they sum to 1), so it does not change
        the predictions there.

    Attributes
    ----------
    coef_ : ndarray, shape (n_classes, n_features)
    intercept_ : ndarray, shape (n_classes,)
    classes_ : ndarray
    n_features_in_ : int

    Notes
    -----
    One least-squares solve, :math:`O(n d^2 + n d c)`.

    *Collinear inputs.* Probability meta-features always are (each member's columns sum to
    1, as does the intercept column), and two members that reproduce their training set give
    identical columns. The least-squares coefficients are then not unique; ``MLR`` returns
    the **minimum-norm** solution, with singular values of the design below
    ``MLR_RCOND`` (1e-10) times the largest treated as zero, a rule that rounding cannot
    flip (exactly collinear designs have singular values of order 1e-16). The fitted
    responses, and so the predictions, are the same for every least-squares solution;
    only the split of the coefficients among collinear columns is a convention.

    *Ties.* :meth:`predict` takes the first class (in ``classes_`` order) among those
    whose response is within ``MLR_TIE_RTOL`` (1e-9) times
    :math:`|b_\ell| + \sum_j |\beta_{\ell j} z_j|` (the size of the terms summed) of the
    largest. Responses that are equal in exact arithmetic, such as a point on which two
    members with equal coefficients disagree, are thus a tie on every CPU.

    ``decision_function`` returns the c responses, or for two classes :math:`f_1 - f_0`
    (scikit-learn's convention).

    References
    ----------
    .. [1] K. M. Ting and I. H. Witten, "Issues in stacked generalization," JAIR 10,
       271-289, 1999. doi:10.1613/jair.594

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.ensemble.combine import MLR
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> MLR().fit(X, [0, 0, 1, 1]).predict([[0.5], [2.5]])
    array([0, 1])
    """

    def __init__(self, fit_intercept: bool = True) -> None:
        self.fit_intercept = fit_intercept

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Fit one least-squares regression per class on its one-hot indicator.

        %(params_fit_Xy_two)s

        %(returns_self)s
        """
        X, self.classes_, codes = classifier_fit_data(self, X, y, ensure_min_samples=2)
        fit_intercept = check_bool("fit_intercept", self.fit_intercept)
        Y = np.eye(self.classes_.size)[codes]
        A = np.column_stack([np.ones(len(X)), X]) if fit_intercept else X
        beta = np.linalg.lstsq(A, Y, rcond=MLR_RCOND)[0]
        if fit_intercept:
            self.intercept_, self.coef_ = beta[0], beta[1:].T
        else:
            self.intercept_, self.coef_ = np.zeros(self.classes_.size), beta.T
        return self

    def _responses(self, X, scale=False):
        check_is_fitted(self)
        X = validate_estimator_data(self, X, reset=False)
        f = X @ self.coef_.T + self.intercept_
        if not scale:
            return f
        return f, np.abs(X) @ np.abs(self.coef_.T) + np.abs(self.intercept_)

    def decision_function(self, X: ArrayLike) -> np.ndarray:
        """The c least-squares responses (for two classes the difference f_1 - f_0).

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples, n_classes), or (n_samples,) for two classes
        """
        f = self._responses(X)
        return f[:, 1] - f[:, 0] if self.classes_.size == 2 else f

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Class with the largest response; ties (see Notes) go to the first class.

        %(params_X)s

        %(returns_labels)s
        """
        f, size = self._responses(X, scale=True)
        tol = MLR_TIE_RTOL * size.max(axis=1, keepdims=True)
        best = f >= f.max(axis=1, keepdims=True) - tol
        return self.classes_[best.argmax(axis=1)]


# ------------------------------------------------------------------------ stacking
def _members(estimators):
    """(name, estimator) pairs from a list of estimators or of pairs."""
    expected = "a non-empty list of classifiers or of (name, classifier) pairs"
    if isinstance(estimators, (str, bytes)) or not hasattr(estimators, "__iter__"):
        raise fail("estimators", expected, estimators, error=TypeError)
    pairs = []
    for i, item in enumerate(estimators):
        name, est = item if isinstance(item, tuple) and len(item) == 2 else (f"est{i}", item)
        pairs.append((str(name), check_estimator(f"estimators[{i}]", est, role="classifier")))
    if not pairs:
        raise fail("estimators", expected, "an empty list", echo=False)
    return pairs


def _member_output(model, X, classes, use_proba):
    """Meta-features of one fitted member: probabilities in ``classes`` order, or one-hot
    labels."""
    out = np.zeros((len(X), classes.size))
    if use_proba:
        cols = np.searchsorted(classes, model.classes_)
        out[:, cols] = model.predict_proba(X)
        if not np.all(np.isfinite(out)):  # e.g. GaussianNB on entries near 1e200: NaN
            raise fail(
                "X",
                f"data on which every member's predict_proba is finite (the "
                f"meta-features); {type(model).__name__} returned NaN or inf",
                "an X on which it is not",
                echo=False,
                hint="Rescale X, or use use_proba=False.",
            )
    else:
        out[np.arange(len(X)), np.searchsorted(classes, model.predict(X))] = 1.0
    return out


def _oof_task(estimator, X, y, train, test, classes, use_proba):
    model = clone(estimator).fit(X[train], y[train])
    return test, _member_output(model, X[test], classes, use_proba)


def _meta_has(attr):
    """For ``available_if``: the (fitted, else configured) meta-learner has ``attr``."""

    def check(self):
        meta = self.meta_learner_ if hasattr(self, "meta_learner_") else self._meta()
        return hasattr(meta, attr)

    return check


def _refit_task(estimator, X, y):
    return clone(estimator).fit(X, y)


@estimator_docs
class Stacking(ClassifierMixin, BaseEstimator):
    r"""Stacked generalization (Stacking, 学习法) with out-of-fold meta-features.

    1. Split the training set into folds (``cv``; an int ``k`` gives ``k`` shuffled
       stratified folds drawn from ``random_state`` by ``make_folds``). For
       every first-level learner :math:`h_t` and fold :math:`D_j`, fit a clone on
       :math:`D \setminus D_j` and record its outputs on :math:`D_j`: class probabilities
       (``use_proba=True``, c columns per learner) or one-hot labels. Every training
       example gets meta-features from models that never saw it.
    2. Fit the meta-learner (default :class:`MLR`) on these out-of-fold meta-features and
       the original labels.
    3. Refit every first-level learner on the whole training set; at prediction time their
       outputs on new data feed the meta-learner.

    Parameters
    ----------
    estimators : list of classifiers or of (name, classifier) pairs
        First-level learners; with ``use_proba=True`` they need ``predict_proba``.
    meta_learner : classifier, optional
        Second-level learner; ``None`` means :class:`MLR`.
    cv : int, splitter or iterable of (train, test) pairs, default 5
        The folds of the out-of-fold meta-features, as scikit-learn's ``cv``: an int number
        of stratified folds (scikit-learn's ``StratifiedKFold``: a class with fewer than
        ``cv`` examples is spread over as many folds as it has examples, with its warning;
        the largest class needs at least ``cv``), a splitter such as ``StratifiedKFold(5)``,
        or ``(train, test)`` index pairs; the test parts must partition the samples (each
        sample gets its meta-features from exactly one fold).
    use_proba : bool
        Probabilities (True) or one-hot predicted labels (False) as meta-features.
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        Seeds the folds (an int gives ``numpy.random.default_rng(random_state)``).
    n_jobs : int, optional
        Parallel fits through joblib; results do not depend on it.

    Attributes
    ----------
    estimators_ : list of fitted first-level learners (refitted on all data)
    meta_learner_ : fitted meta-learner
    oof_features_ : ndarray, shape (n_samples, n_estimators * n_classes)
        The out-of-fold meta-features the meta-learner was trained on (learner-major
        column order).
    folds_ : list of (train, test) index pairs
    classes_, n_features_in_

    Notes
    -----
    Cost: ``K + 1`` fits (K folds) of every first-level learner plus one meta fit. Unlike
    scikit-learn's ``StackingClassifier``, all c probability columns are kept for two
    classes (it drops the first), the default meta-learner is MLR (it uses
    ``LogisticRegression``), and an int ``cv`` draws shuffled folds from ``random_state``
    (it takes them unshuffled).

    References
    ----------
    .. [1] D. H. Wolpert, "Stacked generalization," Neural Networks 5(2), 241-259, 1992.
       doi:10.1016/S0893-6080(05)80023-1
    .. [2] K. M. Ting and I. H. Witten, "Issues in stacked generalization," JAIR 10,
       271-289, 1999. doi:10.1613/jair.594

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from patterneval.ensemble.combine import Stacking
    >>> X, y = load_iris(return_X_y=True)
    >>> model = Stacking([GaussianNB(), DecisionTreeClassifier(max_depth=2)], cv=3,
    ...                  random_state=0).fit(X, y)
    >>> model.oof_features_.shape
    (150, 6)
    >>> float(model.score(X, y)) > 0.9
    True
    """

    @keywords  # Stacking(n_splits=...) names cv=
    def __init__(
        self,
        estimators: Sequence[BaseEstimator | tuple[str, BaseEstimator]],
        meta_learner: BaseEstimator | None = None,
        cv: Any = 5,
        use_proba: bool = True,
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
        n_jobs: int | None = None,
    ) -> None:
        self.estimators = estimators
        self.meta_learner = meta_learner
        self.cv = cv
        self.use_proba = use_proba
        self.random_state = random_state
        self.n_jobs = n_jobs

    def _meta(self):
        return MLR() if self.meta_learner is None else self.meta_learner

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Fit the meta-learner on out-of-fold outputs, then refit every member on all data.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
            Passed to the members as given.
        y : array_like, shape (n_samples,)
            Class labels; with an int ``cv``, the largest class needs at least ``cv`` samples.

        %(returns_self)s

        Raises
        ------
        TypeError
            With ``use_proba=True``, if a member has no ``predict_proba``.
        ValueError
            If ``cv`` is an int and no class has ``cv`` samples, or if the test parts of
            ``cv`` do not partition the samples.
        """
        members = _members(self.estimators)
        meta = check_estimator("meta_learner", self._meta(), role="classifier")
        X, classes, codes = classifier_fit_data(self, X, y, ensure_min_samples=2)
        y = classes[codes]
        cv = check_cv(self.cv, y, stratify=False)
        largest = int(np.bincount(codes).max())
        if isinstance(cv, int) and largest < cv:
            raise fail(
                "cv",
                f"at most {largest}, the size of the largest class",
                cv,
                hint="Stratified folds need one class with at least cv samples.",
            )
        n_jobs = check_n_jobs(self.n_jobs)
        use_proba = check_bool("use_proba", self.use_proba)
        for i, (_, est) in enumerate(members):
            if use_proba and not hasattr(est, "predict_proba"):
                raise fail(
                    f"estimators[{i}]",
                    "a classifier with predict_proba (use_proba=True)",
                    f"{type(est).__name__}, with no predict_proba",
                    error=TypeError,
                    echo=False,
                    hint="Use use_proba=False for one-hot predicted labels.",
                )
        gen = check_rng(self.random_state, name="random_state", legacy=True)
        self.classes_ = classes
        if isinstance(cv, int):
            self.folds_ = make_folds(y, n_splits=cv, n_repeats=1, stratify=True, rng=gen)[0]
        else:
            self.folds_ = [
                pair for group in cv_splits(cv, y, stratify=True, rng=gen, X=X) for pair in group
            ]
            tested = np.bincount(
                np.concatenate([test for _, test in self.folds_]), minlength=len(y)
            )
            if np.any(tested != 1):
                raise fail(
                    "cv",
                    "test parts that partition the samples (each sample tested once)",
                    f"sample {int(np.flatnonzero(tested != 1)[0])} tested "
                    f"{int(tested[tested != 1][0])} times",
                    echo=False,
                )
        n_splits = len(self.folds_)
        tasks = [
            (est, X, y, train, test, self.classes_, use_proba)
            for _, est in members
            for train, test in self.folds_
        ]
        parts = run_tasks(_oof_task, tasks, n_jobs=n_jobs)
        c = self.classes_.size
        Z = np.zeros((len(y), len(members) * c))
        for k, (test, out) in enumerate(parts):
            t = k // n_splits
            Z[test, t * c : (t + 1) * c] = out
        self.oof_features_ = Z
        self.estimators_ = run_tasks(
            _refit_task, [(est, X, y) for _, est in members], n_jobs=n_jobs
        )
        self.meta_learner_ = clone(meta).fit(Z, y)
        return self

    def meta_features(self, X: ArrayLike) -> np.ndarray:
        """Meta-features of new data from the refitted first-level learners.

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples, n_members * n_classes)
            Each member's class probabilities (``use_proba=True``) or one-hot predicted
            labels, side by side in the order of ``estimators``.
        """
        check_is_fitted(self)
        X = validate_estimator_data(self, X, reset=False)
        return np.hstack(
            [_member_output(m, X, self.classes_, bool(self.use_proba)) for m in self.estimators_]
        )

    def predict(self, X: ArrayLike) -> np.ndarray:
        """The meta-learner's prediction on the first-level outputs.

        %(params_X)s

        %(returns_labels)s
        """
        Z = self.meta_features(X)
        return self.meta_learner_.predict(Z)

    @available_if(_meta_has("predict_proba"))
    def predict_proba(self, X):
        """The meta-learner's class probabilities (only if it has ``predict_proba``).

        %(params_X)s

        %(returns_proba)s
        """
        Z = self.meta_features(X)
        return self.meta_learner_.predict_proba(Z)

    @available_if(_meta_has("decision_function"))
    def decision_function(self, X):
        """The meta-learner's decision function (MLR: the per-class responses).

        %(params_X)s

        Returns
        -------
        ndarray
            As the meta-learner's ``decision_function`` returns it.
        """
        Z = self.meta_features(X)
        return self.meta_learner_.decision_function(Z)


# ---- input checks of this module, in the vocabulary of patterneval._validation


def _distinct(values) -> np.ndarray:
    """The distinct labels of ``values``: sorted, or in order of first appearance when numpy
    cannot sort them (ids such as None among numbers)."""
    try:
        return np.unique(values)
    except TypeError:
        keys = list(dict.fromkeys(np.asarray(values, dtype=object).ravel().tolist()))
        out = np.empty(len(keys), dtype=object)
        for i, key in enumerate(keys):
            out[i] = key
        return out


def check_vote_classes(classes, predictions, *, name: str = "classes") -> np.ndarray:
    """Class labels of a vote. For labels (T, n): ``None`` means the sorted distinct
    predicted labels; given ones must be distinct and contain every predicted label. For
    class scores (T, n, c): ``None`` means 0..c-1; given ones must be c distinct labels."""
    soft = predictions.ndim == 3
    if classes is None:
        return np.arange(predictions.shape[2]) if soft else _distinct(predictions)
    if soft:
        arr = check_labels(name, classes, n=predictions.shape[2], n_name="predictions (classes)")
    else:
        arr = check_labels(name, classes)
        given = set(arr.tolist())
        missing = [v for v in _distinct(predictions).tolist() if v not in given]
        if missing:
            raise fail(
                name,
                "labels that include every predicted label",
                f"{show(arr.tolist())}, without {show(missing)}",
                echo=False,
            )
    if len(set(arr.tolist())) != arr.size:
        raise fail(name, "distinct labels", arr.tolist())
    return arr
