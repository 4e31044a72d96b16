"""Bagging with a hard-vote out-of-bag error, and random forests (Breiman 1996, 2001).

Derived in Part IV of the book, chapter "Bagging and random forests". Each member of a
bagged ensemble is fitted on its own bootstrap sample of the training set (``m`` indices
drawn with replacement); the ensemble predicts by plurality vote. A bootstrap sample of
size ``n`` misses a given sample with probability ``(1 - 1/n)^n`` (about 0.368), so every
sample is out of bag for roughly a third of the members, and those members' votes give an
error estimate without a separate test set (the out-of-bag, OOB, estimate).

A random forest is bagging of decision trees that consider only ``k`` attributes, drawn
afresh at every split; the chapter "Bagging and random forests" takes ``k = log2 d``.

Randomness: member ``t`` draws its bootstrap indices and its seed from the ``t``-th child
stream of ``random_state`` (``numpy.random.Generator.spawn``), so a fitted ensemble does not depend
on ``n_jobs``, and its first ``t`` members do not depend on ``n_estimators``.
"""

from __future__ import annotations

import dataclasses
import numbers
import warnings
from collections.abc import Sequence
from typing import Literal, Self

import numpy as np
from joblib import Parallel, delayed
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.validation import check_is_fitted, has_fit_parameter

from .._api import estimator_docs, keywords
from .._engine import is_serial, run_tasks, spawn
from .._results import Result
from .._validation import (
    check_bool,
    check_count_or_share,
    check_estimator,
    check_labels,
    check_n_jobs,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
    validate_estimator_data,
)
from ..tree import resolve_max_features
from ._checks import classifier_fit_data

__all__ = ["Bagging", "ForestConvergence", "RandomForest", "forest_convergence"]


def _seed_member(estimator, seed: int):
    """Give a member its own seed through its ``random_state`` parameter, if it has one
    (scikit-learn's name, and patterneval's estimators')."""
    if "random_state" in estimator.get_params(deep=False):
        estimator.set_params(random_state=seed)
    return estimator


def _fit_member(base, X, y_code, sample, seed, weighted):
    """One member: a seeded clone of ``base`` fitted on the rows ``sample``.

    With ``weighted``, the distinct rows are fitted with ``sample_weight`` = how often each
    was drawn: the same model for a learner whose training loss is a sum over samples
    (trees, logistic regression, naive Bayes), with less work for a tree (its splitter
    sorts about 63% of the rows instead of all of them).
    """
    member = _seed_member(clone(base), seed)
    if weighted:
        rows, counts = np.unique(sample, return_counts=True)
        return member.fit(X[rows], y_code[rows], sample_weight=counts.astype(np.float64))
    return member.fit(X[sample], y_code[sample])


def _member_codes(member, X: np.ndarray, X32: np.ndarray | None = None) -> np.ndarray:
    """Class indices a member predicts for ``X``, already validated (float64).

    A scikit-learn tree reads ``X`` as C-contiguous float32 with ``check_input=False``, as
    scikit-learn's forests do: the same predictions, without T validations of ``X``; pass
    ``X32`` (``X`` converted once for all members) to save the per-tree conversion. Our
    CART skips its own second validation likewise.
    """
    if type(member).predict is DecisionTreeClassifier.predict:
        X32 = _as_float32(X) if X32 is None else X32
        return np.asarray(member.predict(X32, check_input=False), dtype=np.intp)
    return np.asarray(getattr(member, "_predict_checked", member.predict)(X), dtype=np.intp)


def _as_float32(X: np.ndarray) -> np.ndarray:
    """``X`` as scikit-learn's trees read it: C-contiguous float32."""
    return np.ascontiguousarray(X, dtype=np.float32)


def _plurality(votes: np.ndarray) -> np.ndarray:
    """Class index with most votes per row; ties go to the smallest index (np.argmax)."""
    return np.argmax(votes, axis=1)


@estimator_docs
class Bagging(ClassifierMixin, BaseEstimator):
    r"""Bootstrap aggregating: members fitted on bootstrap samples, combined by plurality vote.

    Member ``t`` (``t = 1..T``) is a clone of ``base_estimator`` fitted on ``m`` indices
    drawn with replacement from the ``n`` training samples; the ensemble predicts

    .. math:: H(x) = \arg\max_{c} \sum_{t=1}^T \mathbb 1[h_t(x) = c],

    ties broken in favour of the smallest class index (the first of ``classes_``), and
    ``predict_proba`` returns the vote fractions :math:`\frac1T \sum_t \mathbb
    1[h_t(x) = c]`. The out-of-bag (OOB) error uses, for sample ``i``, only the members
    whose bootstrap sample missed it:

    .. math:: \hat E_{oob} = \frac{1}{|C|}\sum_{i \in C}
              \mathbb 1\Big[y_i \ne \arg\max_c \sum_{t:\, i \notin D_t} \mathbb 1[h_t(x_i) = c]\Big],

    with :math:`C` the samples out of bag for at least one member (the others are
    excluded; their share is ``1 - oob_coverage_``). Lower is better.

    Parameters
    ----------
    base_estimator : classifier, default None
        Cloned for every member; ``None`` means a fully grown
        ``sklearn.tree.DecisionTreeClassifier``. A ``random_state`` parameter, if it has
        one, receives a seed from the member's stream.
    n_estimators : int, default 10
        Number of members ``T >= 1``.
    max_samples : int or float, default 1.0
        Bootstrap sample size ``m``: a float in (0, 1] is a share of ``n`` (at least 1),
        an int in ``[1, n]`` a count.
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        The only randomness. An int makes every ``fit`` identical (it seeds
        ``numpy.random.default_rng``).
    n_jobs : int, default None
        Members fitted in parallel through joblib (processes by default), and their
        predictions computed on threads (as scikit-learn's forests do); results do not
        depend on it.
    progress : bool, default False
        Show a tqdm bar while fitting.

    Attributes
    ----------
    estimators_ : list of fitted classifiers
        The members; they predict class *indices* ``0..L-1`` (into ``classes_``).
    samples_ : ndarray of int, shape (T, m)
        Bootstrap indices of every member.
    inbag_counts_ : ndarray of int, shape (T, n)
        How often member ``t`` drew sample ``i``; 0 means out of bag.
    classes_ : ndarray, shape (L,)
    n_features_in_ : int
    oob_decision_ : ndarray of int, shape (n, L)
        Hard OOB votes: row ``i`` counts the class predictions of the members for which
        ``i`` is out of bag.
    oob_counts_ : ndarray of int, shape (n,)
        Number of members for which each sample is out of bag (row sums of ``oob_decision_``).
    oob_coverage_ : float
        Share of samples out of bag for at least one member (those in ``oob_error_``).
    oob_error_ : float
        The hard-vote OOB error (NaN, with a warning, when no sample is ever out of bag).
    oob_error_curve_ : ndarray, shape (T,)
        OOB error of the first ``t`` members, ``t = 1..T`` (each on the samples out of bag
        for at least one of them); its last entry is ``oob_error_``.

    Notes
    -----
    O(T (fit(m) + predict(n))) time: fitting dominates, and the OOB votes cost one
    prediction of the ~37% out-of-bag rows per member. O(T n) memory for
    ``inbag_counts_``. When the base's ``fit`` accepts ``sample_weight``, a member is fitted
    on its distinct drawn rows weighted by their draw counts (as scikit-learn does, which
    passes all rows with zero weights for the undrawn): the same model as fitting the
    duplicated rows for learners whose loss is a sum over samples (fully grown trees,
    logistic regression; tested), but not for rules that count rows, such as a tree's
    ``min_samples_leaf``. Differences from ``sklearn.ensemble.BaggingClassifier``: its
    ``predict`` and ``oob_score_`` average the members' ``predict_proba`` (soft votes)
    while ours count hard votes; and its
    ``oob_score_`` keeps the samples that are never out of bag, predicting them as the
    first class, while ours leaves them out. For fully grown trees with pure leaves
    soft and hard votes agree.

    References
    ----------
    Breiman, L. (1996). Bagging predictors. Machine Learning 24(2), 123-140.
    doi:10.1007/BF00058655

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.ensemble.bagging import Bagging
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> bag = Bagging(n_estimators=25, random_state=0).fit(X, y)
    >>> bag.oob_coverage_, round(bag.oob_error_, 3)
    (1.0, 0.042)
    >>> bag.predict_proba(X[:2]).round(2).tolist()
    [[1.0, 0.0], [1.0, 0.0]]
    """

    def __init__(
        self,
        base_estimator: BaseEstimator | None = None,
        n_estimators: int = 10,
        *,
        max_samples: int | float = 1.0,
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
        n_jobs: int | None = None,
        progress: bool = False,
    ) -> None:
        self.base_estimator = base_estimator
        self.n_estimators = n_estimators
        self.max_samples = max_samples
        self.random_state = random_state
        self.n_jobs = n_jobs
        self.progress = progress

    # --- hooks a subclass changes -------------------------------------------------------
    def _base(self, n_features: int):
        if self.base_estimator is None:
            return DecisionTreeClassifier()
        return check_estimator("base_estimator", self.base_estimator, role="classifier")

    def _sample_size(self, n: int) -> int:
        value = check_count_or_share("max_samples", self.max_samples, n, of="samples")
        return value if isinstance(value, int) else max(1, int(round(value * n)))

    # --- fitting -----------------------------------------------------------------------
    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Fit ``n_estimators`` members on bootstrap samples of ``(X, y)``; returns self.

        Also sets the out-of-bag estimates (``oob_error_``, ``oob_error_curve_``); it warns
        (UserWarning) when no sample is out of bag for any member.

        %(params_fit_Xy)s

        %(returns_self)s
        """
        X_arr, classes, y_code = classifier_fit_data(self, X, y, dtype=np.float64)
        n_estimators = check_scalar("n_estimators", self.n_estimators, int, low=1)
        n_jobs = check_n_jobs(self.n_jobs)
        rng = check_rng(self.random_state, name="random_state", legacy=True)
        n = X_arr.shape[0]
        m = self._sample_size(n)
        base = self._base(X_arr.shape[1])
        self.classes_ = classes
        streams = spawn(rng, n_estimators)
        samples = np.empty((n_estimators, m), dtype=np.intp)
        seeds = []
        for t, stream in enumerate(streams):
            samples[t] = stream.integers(0, n, size=m)
            seeds.append(int(stream.integers(2**31 - 1)))
        weighted = has_fit_parameter(base, "sample_weight")
        tasks = ((base, X_arr, y_code, samples[t], seeds[t], weighted) for t in range(n_estimators))
        self.estimators_ = run_tasks(
            _fit_member,
            tasks,
            n_jobs=n_jobs,
            progress=check_bool("progress", self.progress),
            desc=type(self).__name__,
            total=n_estimators,
        )
        self.samples_ = samples
        counts = np.zeros((n_estimators, n), dtype=np.int64)
        rows = np.repeat(np.arange(n_estimators), m)
        np.add.at(counts, (rows, samples.ravel()), 1)
        self.inbag_counts_ = counts
        self._set_oob(X_arr, y_code)
        return self

    def _set_oob(self, X, y_code):
        n_classes = self.classes_.size
        n = X.shape[0]
        T = len(self.estimators_)
        oob = self.inbag_counts_ == 0
        votes = np.zeros((n, n_classes), dtype=np.int64)
        errors = np.full(T, np.nan)
        for t, member in enumerate(self.estimators_):
            idx = np.flatnonzero(oob[t])
            if idx.size:
                votes[idx, _member_codes(member, X[idx])] += 1  # out-of-bag rows differ per member
            covered = votes.any(axis=1)
            if covered.any():
                errors[t] = np.mean(_plurality(votes[covered]) != y_code[covered])
        self.oob_decision_ = votes
        self.oob_counts_ = votes.sum(axis=1)
        self.oob_coverage_ = float(np.mean(self.oob_counts_ > 0))
        self.oob_error_curve_ = errors
        self.oob_error_ = float(errors[-1])
        if self.oob_coverage_ == 0:
            warnings.warn(
                "No sample is out of bag for any member; oob_error_ is NaN. "
                "Use more members or a smaller max_samples.",
                UserWarning,
                stacklevel=3,
            )

    # --- prediction --------------------------------------------------------------------
    def _member_predictions(self, X) -> np.ndarray:
        """Class indices predicted by every member, shape (T, n_samples)."""
        check_is_fitted(self, "estimators_")
        X = validate_estimator_data(self, X, reset=False, dtype=np.float64)
        X32 = _as_float32(X)  # members validate X once here, not once per tree
        n_jobs = check_n_jobs(self.n_jobs)
        if is_serial(n_jobs):
            return np.stack([_member_codes(m, X, X32) for m in self.estimators_])
        # threads, as scikit-learn's forests predict: the trees share X and release the GIL
        return np.stack(
            Parallel(n_jobs=n_jobs, prefer="threads")(
                delayed(_member_codes)(m, X, X32) for m in self.estimators_
            )
        )

    @staticmethod
    def _count_votes(preds: np.ndarray, n_classes: int) -> np.ndarray:
        """(n_samples, n_classes) vote counts from (T, n_samples) class indices."""
        n = preds.shape[1]
        flat = (np.arange(n)[None, :] * n_classes + preds).ravel()
        return np.bincount(flat, minlength=n * n_classes).reshape(n, n_classes)

    def votes(self, X: ArrayLike) -> np.ndarray:
        """Number of members voting for each class, shape (n_samples, n_classes).

        %(params_X)s

        Returns
        -------
        ndarray of int, shape (n_samples, n_classes)
            Columns in the order of ``classes_``; rows sum to T = ``len(estimators_)``.
        """
        return self._count_votes(self._member_predictions(X), self.classes_.size)

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Vote fractions, shape (n_samples, n_classes); rows sum to 1.

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples, n_classes)
            ``votes(X) / T``, columns in the order of ``classes_``.
        """
        return self.votes(X) / len(self.estimators_)

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Plurality vote; a tie goes to the class that comes first in ``classes_``.

        %(params_X)s

        %(returns_labels)s
        """
        votes = self.votes(X)
        return self.classes_[_plurality(votes)]

    def staged_error(self, X: ArrayLike, y: ArrayLike) -> np.ndarray:
        """Error rate on ``(X, y)`` of the first ``t`` members, ``t = 1..T`` (test-error curve).

        O(T n L) after the T member predictions. Labels unseen in training count as errors.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
        y : array_like, shape (n_samples,)
            True labels.

        Returns
        -------
        ndarray, shape (T,)
            Entry t - 1 is the plurality vote's error rate with the first t members.
        """
        preds = self._member_predictions(X)
        return _staged_vote_error(
            preds, self.classes_, check_labels("y", y, n=preds.shape[1], n_name="X")
        )

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.non_deterministic = not isinstance(self.random_state, numbers.Integral)
        return tags


class RandomForest(Bagging):
    r"""Random forest: bagging of trees that look at ``k`` random attributes per split.

    Every member is a clone of ``tree`` with ``max_features = k`` (see
    :func:`~patterneval.tree.resolve_max_features`; the default ``k = log2 d`` rounds down to
    ``max(1, int(log2 d))``) fitted on a bootstrap sample of size ``n``; prediction, vote
    fractions and the hard-vote OOB error are those of :class:`Bagging`.

    Parameters
    ----------
    n_estimators : int, default 100
        Number of trees ``T >= 1``.
    max_features : {"log2", "sqrt"}, None, int or float, default "log2"
        Attributes drawn at each split; ``None`` gives bagged trees.
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
    n_jobs : int, default None
    tree : classifier, default None
        The tree to clone: any classifier with ``max_features`` and ``random_state``
        parameters. ``None`` means scikit-learn's compiled
        ``sklearn.tree.DecisionTreeClassifier()`` (Gini, fully grown), as in
        ``sklearn.ensemble.RandomForestClassifier``; ``patterneval.tree.CART()`` is the
        book's own tree (chapter "Concept and tree learning"), which the chapter "Bagging
        and random forests" passes: it chooses the same splits up to ties, in numpy, and
        fits about 3-4 times slower (benchmarks/bench_bagging.py).
    progress : bool, default False

    Attributes
    ----------
    max_features_ : int
        The resolved ``k``.
    estimators_, samples_, inbag_counts_, classes_, n_features_in_, oob_decision_,
    oob_counts_, oob_coverage_, oob_error_, oob_error_curve_
        As in :class:`Bagging`.

    Notes
    -----
    O(T n log n k) time for trees of depth O(log n): each split scans ``k`` of the ``d``
    attributes, so a forest's tree is cheaper than a bagged tree's, not dearer.

    References
    ----------
    Breiman, L. (2001). Random forests. Machine Learning 45(1), 5-32.
    doi:10.1023/A:1010933404324

    Examples
    --------
    >>> import patterneval as pe
    >>> from sklearn.datasets import load_breast_cancer
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> forest = pe.RandomForest(n_estimators=50, random_state=0).fit(X, y)
    >>> forest.max_features_, round(forest.oob_error_, 3)
    (4, 0.035)
    """

    def __init__(
        self,
        n_estimators: int = 100,
        *,
        max_features: Literal["log2", "sqrt"] | int | float | None = "log2",
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
        n_jobs: int | None = None,
        tree: BaseEstimator | None = None,
        progress: bool = False,
    ) -> None:
        self.n_estimators = n_estimators
        self.max_features = max_features
        self.random_state = random_state
        self.n_jobs = n_jobs
        self.tree = tree
        self.progress = progress

    def _base(self, n_features: int):
        tree = (
            DecisionTreeClassifier()
            if self.tree is None
            else check_estimator("tree", self.tree, role="classifier")
        )
        if "max_features" not in tree.get_params(deep=False):
            raise fail(
                "tree",
                "a classifier with a max_features parameter (a tree that samples "
                "attributes at each split)",
                type(tree).__name__,
                error=TypeError,
                echo=False,
            )
        self.max_features_ = resolve_max_features(self.max_features, n_features)
        return clone(tree).set_params(max_features=self.max_features_)

    def _sample_size(self, n: int) -> int:
        return n


@dataclasses.dataclass(frozen=True, repr=False)
class ForestConvergence(Result):
    """Test and out-of-bag error of random forests against the number of trees.

    Attributes
    ----------
    max_features : ndarray of int, shape (K,)
        The resolved ``k`` of each forest (``k = d`` is bagging of full trees).
    n_features : int
        ``d``.
    test_error : ndarray, shape (K, T)
        ``test_error[j, t-1]``: error on the test set of the first ``t`` trees of forest ``j``.
    oob_error : ndarray, shape (K, T)
        The same for the hard-vote OOB error (``oob_error_curve_``).
    member_test_error : ndarray, shape (K, T)
        Test error of every single tree: the members get weaker as ``k`` falls.
    """

    max_features: np.ndarray
    n_features: int
    test_error: np.ndarray
    oob_error: np.ndarray
    member_test_error: np.ndarray


@keywords
def forest_convergence(
    X: ArrayLike,
    y: ArrayLike,
    X_test: ArrayLike,
    y_test: ArrayLike,
    *,
    max_features: Sequence[Literal["log2", "sqrt"] | int | float | None] = ("log2", None),
    n_estimators: int = 100,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    tree: BaseEstimator | None = None,
) -> ForestConvergence:
    r"""Fit one :class:`RandomForest` per ``max_features`` and record its error curves.

    For each value, a forest of ``n_estimators`` trees (the same ``rng`` for all, so the
    bootstrap samples are shared and only the attribute sampling differs) gives
    :meth:`Bagging.staged_error` on ``(X_test, y_test)`` and ``oob_error_curve_`` as
    functions of the number of trees ``t = 1..T``. Lower is better.

    Parameters
    ----------
    X, y : array_like
        Training data.
    X_test, y_test : array_like
        Held-out data for the test-error curves.
    max_features : sequence, default ("log2", None)
        Values accepted by :func:`~patterneval.tree.resolve_max_features`; ``None`` is bagging of full trees.
    n_estimators : int, default 100
    rng : None, int or numpy.random.Generator
    n_jobs : int, default None
    tree : classifier, default None
        The forests' tree, as in :class:`RandomForest` (``None``: scikit-learn's compiled
        tree; the chapter passes the book's ``patterneval.tree.CART()``).

    Returns
    -------
    ForestConvergence

    Notes
    -----
    O(K T (fit + predict)) time for K values of ``max_features``; O(K T) memory besides the
    forests, which are not kept.

    References
    ----------
    Breiman (2001), as for :class:`RandomForest`; its section 2.1 shows that the error
    converges as trees are added.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.ensemble.bagging import forest_convergence
    >>> data = load_breast_cancer()
    >>> X, y = data.data, data.target
    >>> res = forest_convergence(X[::2], y[::2], X[1::2], y[1::2], n_estimators=20, rng=0)
    >>> res.max_features.tolist(), res.test_error.shape
    ([4, 30], (2, 20))
    """
    expected = "a non-empty sequence of values (e.g. ('log2', None))"
    if isinstance(max_features, (str, numbers.Real)) or max_features is None:
        raise fail("max_features", expected, max_features, error=TypeError)
    values = list(max_features)
    if not values:
        raise fail("max_features", expected, max_features)
    X, y = check_X_y(X, y)
    X_test, y_test = check_X_y(X_test, y_test, min_classes=1, names=("X_test", "y_test"))
    if X_test.shape[1] != X.shape[1]:
        raise fail(
            "X_test",
            f"a 2-d array with {X.shape[1]} columns, as X",
            f"{X_test.shape[1]} columns",
            echo=False,
        )
    n_estimators = check_scalar("n_estimators", n_estimators, int, low=1)
    seed = int(check_rng(rng).integers(2**63 - 1))
    ks, tests, oobs, members = [], [], [], []
    for value in values:
        forest = RandomForest(
            n_estimators, max_features=value, random_state=seed, n_jobs=n_jobs, tree=tree
        ).fit(X, y)
        codes = forest._member_predictions(X_test)
        ks.append(forest.max_features_)
        tests.append(_staged_vote_error(codes, forest.classes_, y_test))
        oobs.append(forest.oob_error_curve_)
        members.append(np.mean(forest.classes_[codes] != y_test[None, :], axis=1))
    return ForestConvergence(
        np.array(ks), int(forest.n_features_in_), np.array(tests), np.array(oobs), np.array(members)
    )


def _staged_vote_error(preds, classes, y) -> np.ndarray:
    """Error rate on ``y`` of the plurality vote of the first ``t`` members, ``t = 1..T``,
    from their class indices ``preds`` (T, n)."""
    votes = np.zeros((preds.shape[1], classes.size), dtype=np.int64)
    cols = np.arange(preds.shape[1])
    errors = np.empty(preds.shape[0])
    for t in range(preds.shape[0]):
        votes[cols, preds[t]] += 1
        errors[t] = np.mean(classes[_plurality(votes)] != y)
    return errors
