r"""AdaBoost for two classes, written from the derivation in the chapter "AdaBoost".

Labels are any two values outside and :math:`y \in \{-1, +1\}` inside (``classes_[0]`` is
:math:`-1`, ``classes_[1]`` is :math:`+1`). With :math:`D_1 = 1/n` the rounds
:math:`t = 1, \dots, T` are

.. math::

    \epsilon_t = \sum_i D_t(i)\, \mathbb{I}(h_t(x_i) \ne y_i), \qquad
    \alpha_t = \tfrac12 \ln\frac{1 - \epsilon_t}{\epsilon_t}, \qquad
    D_{t+1}(i) = \frac{D_t(i)\, e^{-\alpha_t y_i h_t(x_i)}}{Z_t}, \qquad
    Z_t = 2\sqrt{\epsilon_t (1 - \epsilon_t)},

and the classifier is :math:`H(x) = \operatorname{sign} F(x)` with
:math:`F(x) = \sum_t \alpha_t h_t(x)`. The exponential loss of the vote is the product of
the normalisers, :math:`\frac1n \sum_i e^{-y_i F_T(x_i)} = \prod_t Z_t`, which bounds the
training error.

References
----------
Freund, Y. & Schapire, R. E. (1997). A decision-theoretic generalization of on-line learning
and an application to boosting. *J. Comput. Syst. Sci.* 55(1), 119-139.
doi:10.1006/jcss.1997.1504.

Friedman, J., Hastie, T. & Tibshirani, R. (2000). Additive logistic regression: a statistical
view of boosting. *Ann. Statist.* 28(2), 337-407. doi:10.1214/aos/1016218223.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, Self

import numpy as np
from numpy.typing import ArrayLike
from scipy.special import expit
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils.validation import check_is_fitted, has_fit_parameter

from .._api import estimator_docs
from .._validation import (
    check_array,
    check_choice,
    check_estimator,
    check_labels,
    check_rng,
    check_scalar,
    fail,
    show,
    validate_estimator_data,
)
from ._checks import classifier_fit_data

__all__ = [
    "HALF_TOL",
    "MODES",
    "STOP_REASONS",
    "STUMP_CRITERIA",
    "TIE_RTOL",
    "AdaBoost",
    "DecisionStump",
]

#: How each round's learner sees the distribution D_t.
MODES = ("reweight", "resample")

#: Values of ``AdaBoost.stop_reason_``.
STOP_REASONS = ("n_estimators", "no better than chance", "perfect learner", "restarts exhausted")

_SEED_BOUND = 2**31 - 1

#: A weighted error within this distance of 1/2 counts as 1/2 (rounding in the update makes
#: a learner that is exactly at chance come out at 0.5 - 1e-16, with a vote of about 1e-16).
HALF_TOL = 1e-12


def _signs(pred) -> np.ndarray:
    """Base-learner predictions (coded -1/+1 in fit) as floats."""
    return np.asarray(pred, dtype=np.float64)


def _positive(F, alphas) -> np.ndarray:
    """F > TIE_RTOL * sum(alphas): the vote for +1, with an exactly cancelling vote (F = 0
    up to the rounding of the sum) counted as a tie, which goes to -1 (``classes_[0]``)."""
    return F > TIE_RTOL * float(np.sum(alphas))


#: Relative tolerance of the stump's and the vote's tie rules: candidates whose score is
#: within ``TIE_RTOL`` times the total weight of the best count as tied, so that weights
#: summed in another order, or by another CPU's SIMD kernels, cannot flip a choice. It is
#: far above rounding (about n * 1e-16) on purpose: late in boosting many examples weigh
#: less than 1e-12 of the total, so cuts that differ only by where such an example falls
#: have scores that differ by tiny but arbitrary amounts; a tolerance just above rounding
#: would sit among those gaps, one at 1e-9 sits six orders of magnitude above rounding.
TIE_RTOL = 1e-9

#: What :class:`DecisionStump` minimises.
STUMP_CRITERIA = ("gini", "error")


class DecisionStump(ClassifierMixin, BaseEstimator):
    r"""A weighted decision stump (单层决策树): one threshold on one feature, with a
    documented tie rule.

    For feature :math:`j` and threshold :math:`\theta` the stump sends
    :math:`x_j \le \theta` to the left leaf and the rest to the right; each leaf predicts
    the class with the larger total weight there. Among all cuts between adjacent distinct
    values of every feature (thresholds at the midpoints), it picks the one that
    minimises the weighted child impurity:

    * ``"gini"``: :math:`W_L G_L + W_R G_R` with :math:`G = 1 - \sum_k p_k^2`, i.e. it
      maximises the proxy :math:`\sum_k w_{Lk}^2 / W_L + \sum_k w_{Rk}^2 / W_R` (the rule
      of scikit-learn's ``DecisionTreeClassifier(max_depth=1)``, so the two stumps agree
      whenever the best cut is unique);
    * ``"error"``: the weighted training error :math:`\min_k w_{Lk} + \min_k w_{Rk}`.

    **Ties.** Cuts whose score is within ``TIE_RTOL`` (1e-9) times the total weight of
    the best score count as tied; among them the lowest feature index wins, then the
    smallest threshold. A leaf whose two class weights are within ``TIE_RTOL`` times the
    leaf's weight predicts ``classes_[0]``. Mathematically equal candidates (two features
    that order the training points the same way, such as a radius and an area) therefore
    give the same stump on every CPU, whatever the last bits of the weights. The tied
    alternatives of the winner are kept in ``ties_``. scikit-learn's tree visits the
    features in a random order and keeps the first strictly better cut, so among tied
    cuts its choice depends on ``random_state`` and on rounding.

    Parameters
    ----------
    criterion : {"gini", "error"}

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        At most two classes (a single class gives a constant stump).
    feature_ : int
        Column of the split, or -1 for a constant stump (no feature has two distinct
        values).
    threshold_ : float
        Split value (NaN for a constant stump).
    leaf_values_ : ndarray of shape (2, n_classes)
        Class weights in the left and right leaf (both rows equal for a constant stump).
    leaf_classes_ : ndarray of shape (2,)
        Class predicted by the left and the right leaf.
    ties_ : list of (feature, threshold)
        Every cut tied with the best one, in the order of the tie rule (the first is the
        chosen split); one entry when the best cut is unique.
    n_features_in_ : int

    Notes
    -----
    One stable sort per feature and cumulative sums of the class weights: O(d n log n)
    time and O(d n) memory.

    References
    ----------
    Iba, W. & Langley, P. (1992). Induction of one-level decision trees. *Proc. ML 1992*,
    233-240. doi:10.1016/B978-1-55860-247-2.50035-8

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.ensemble.boosting import DecisionStump
    >>> X = np.array([[1.0, 10.0], [2.0, 40.0], [3.0, 90.0], [4.0, 160.0]])
    >>> stump = DecisionStump().fit(X, [0, 0, 1, 1])
    >>> stump.feature_, stump.threshold_      # both columns split the same way: tie
    (0, 2.5)
    >>> stump.ties_
    [(0, 2.5), (1, 65.0)]
    >>> stump.predict([[1.5, 0.0], [3.5, 0.0]]).tolist()
    [0, 1]
    """

    def __init__(self, criterion: Literal["gini", "error"] = "gini") -> None:
        self.criterion = criterion

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags

    def fit(self, X: ArrayLike, y: ArrayLike, sample_weight: ArrayLike | None = None) -> Self:
        """Choose the split on (X, y) with weights ``sample_weight`` (default 1); returns
        self."""
        criterion = check_choice("criterion", self.criterion, STUMP_CRITERIA)
        X_arr, self.classes_, codes = classifier_fit_data(
            self, X, y, min_classes=1, binary=True, dtype=np.float64
        )
        n, d = X_arr.shape
        if sample_weight is None:
            w = np.ones(n)
        else:
            w = check_array("sample_weight", sample_weight, ndim=1, n=n, n_name="X", low=0)
            if not w.sum() > 0:
                raise fail(
                    "sample_weight", "weights >= 0 with a positive sum", "all zeros", echo=False
                )
        c = self.classes_.size
        S = np.zeros((n, c))
        S[np.arange(n), codes] = w
        total = S.sum(axis=0)
        W = float(total.sum())
        order = np.argsort(X_arr, axis=0, kind="stable")
        xs = np.take_along_axis(X_arr, order, axis=0)
        left = np.cumsum(S[order], axis=0)[:-1]  # (n-1, d, c)
        right = total - left
        ok = xs[1:] > xs[:-1]  # a cut between distinct values
        wl, wr = left.sum(axis=2), right.sum(axis=2)
        with np.errstate(divide="ignore", invalid="ignore"):
            if criterion == "gini":
                score = (left**2).sum(axis=2) / wl + (right**2).sum(axis=2) / wr
            else:
                score = -(left.min(axis=2) + right.min(axis=2))
        ok &= (wl > 0) & (wr > 0)
        self.ties_ = []
        if not ok.any():
            self.feature_, self.threshold_ = -1, float("nan")
            self.leaf_values_ = np.vstack([total, total])
        else:
            score = np.where(ok, score, -np.inf)
            tied = score >= score.max() - TIE_RTOL * W  # (n-1, d)
            for j in np.flatnonzero(tied.any(axis=0)):  # lowest feature first
                for pos in np.flatnonzero(tied[:, j]):  # then smallest threshold
                    a, b = xs[pos, j], xs[pos + 1, j]
                    thr = a / 2.0 + b / 2.0
                    self.ties_.append((int(j), float(a if thr == b else thr)))
            self.feature_, self.threshold_ = self.ties_[0]
            go_left = X_arr[:, self.feature_] <= self.threshold_
            self.leaf_values_ = np.vstack([S[go_left].sum(axis=0), S[~go_left].sum(axis=0)])
        self.leaf_classes_ = self.classes_[[self._leaf_class(v) for v in self.leaf_values_]]
        return self

    @staticmethod
    def _leaf_class(values):
        """Index of the heavier class; within TIE_RTOL of the leaf's weight: the first."""
        if values.size == 1:
            return 0
        return int(values[1] > values[0] + TIE_RTOL * values.sum())

    def _leaf(self, X):
        check_is_fitted(self, "leaf_classes_")
        X_arr = validate_estimator_data(self, X, dtype=np.float64, reset=False)
        if self.feature_ < 0:
            return np.zeros(X_arr.shape[0], dtype=np.intp)
        return (X_arr[:, self.feature_] > self.threshold_).astype(np.intp)

    def predict(self, X: ArrayLike) -> np.ndarray:
        """The class of the leaf each row falls in."""
        leaf = self._leaf(X)
        return self.leaf_classes_[leaf]

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """The class weight fractions of each row's leaf, shape (n, n_classes)."""
        leaf = self._leaf(X)
        values = self.leaf_values_ / self.leaf_values_.sum(axis=1, keepdims=True)
        return values[leaf]


@estimator_docs
class AdaBoost(ClassifierMixin, BaseEstimator):
    r"""Binary AdaBoost (discrete, Freund & Schapire 1997) by re-weighting or re-sampling.

    Each round fits a copy of ``base_estimator`` to the distribution :math:`D_t`, measures
    its weighted error :math:`\epsilon_t` on the whole training set, gives it the vote
    :math:`\alpha_t = \frac12\ln\frac{1-\epsilon_t}{\epsilon_t}` and multiplies the weight of
    every example by :math:`e^{-\alpha_t y h_t(x)}/Z_t` (mistakes up by
    :math:`\sqrt{(1-\epsilon_t)/\epsilon_t}`, hits down by its inverse). Lower training error
    and lower exponential loss are better.

    Parameters
    ----------
    base_estimator : classifier or None
        Cloned every round. None: the book's weighted decision stump,
        :class:`DecisionStump` (Gini, scikit-learn's ``DecisionTreeClassifier(max_depth=1)``
        up to its tie rule, which is documented and immune to rounding). If it has a
        ``random_state`` parameter it is set each round from ``random_state``. It is fitted on labels
        coded -1/+1.
    n_estimators : int >= 1
        Largest number of rounds T.
    mode : {"reweight", "resample"}, keyword-only
        "reweight": the learner is fitted with ``sample_weight = D_t`` (it must accept
        ``sample_weight``). "resample": it is fitted on n examples drawn with replacement
        with probabilities :math:`D_t` (any classifier works).
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState, keyword-only
        The only randomness: seeds of the base learner and, in "resample" mode, the draws
        (an int gives ``numpy.random.default_rng(random_state)``).
    max_restarts : int >= 0, keyword-only
        "resample" mode: how many fresh samples a round may draw after a learner with
        :math:`\epsilon_t \ge 1/2`; when they are used up, boosting stops.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        ``classes_[0]`` is coded -1, ``classes_[1]`` is +1.
    estimators_ : list
        The fitted base learners, one per kept round.
    alphas_, errors_, normalizers_ : ndarray of shape (T,)
        :math:`\alpha_t`, the weighted error :math:`\epsilon_t` under :math:`D_t` on the full
        training set, and the normaliser :math:`Z_t = \sum_i D_t(i)e^{-\alpha_t y_i h_t(x_i)}`
        (equal to :math:`2\sqrt{\epsilon_t(1-\epsilon_t)}` whenever :math:`\epsilon_t > 0`).
    training_errors_, exp_losses_ : ndarray of shape (T,)
        Training error of :math:`\operatorname{sign}F_t` and the exponential loss
        :math:`\frac1n\sum_i e^{-y_i F_t(x_i)}` of the cumulative vote after round t.
    error_bounds_ : ndarray of shape (T,)
        :math:`\prod_{s \le t} 2\sqrt{\epsilon_s(1-\epsilon_s)}`, the bound on the training
        error.
    n_restarts_ : ndarray of shape (T,)
        Fresh samples drawn in each kept round after a rejected learner ("resample" mode).
    stop_reason_ : str
        One of :data:`STOP_REASONS`.
    n_features_in_ : int

    Notes
    -----
    *Stopping.* A learner with :math:`\epsilon_t \ge 1/2` (up to :data:`HALF_TOL`) is
    discarded. In "reweight" mode
    boosting then stops: at exactly :math:`\epsilon_t = 1/2` the round would get
    :math:`\alpha_t = 0` and leave :math:`D_{t+1} = D_t`, so a deterministic learner would
    return the same rule forever. (A learner whose leaves predict the weighted majority, such as
    a stump, always has :math:`\epsilon_t \le 1/2`.) In "resample" mode the round draws a
    fresh sample instead, at most ``max_restarts`` times. If the very first round fails, fit
    raises ``ValueError`` (an empty vote cannot predict).

    *A perfect learner*, :math:`\epsilon_t = 0`, would get :math:`\alpha_t = \infty`. It is
    kept with the finite vote :math:`\alpha_t = 1 + \sum_{s<t}\alpha_s`, larger than all
    earlier votes together, so :math:`\operatorname{sign}F = h_t` everywhere (the limit of
    :math:`\alpha_t \to \infty`), and boosting stops: :math:`D_{t+1}` would be undefined. That
    round's normaliser is the actual :math:`Z_t = e^{-\alpha_t}`, so the identity
    ``exp_losses_ == cumprod(normalizers_)`` still holds; its bound factor is 0.

    *Scores.* :meth:`decision_function` returns the unnormalised :math:`F(x)`; ties
    go to ``classes_[0]`` as in scikit-learn, where a tie is
    :math:`|F(x)| \le` ``TIE_RTOL`` :math:`\cdot \sum_t \alpha_t` (a vote that cancels
    exactly, whatever the rounding of the sum). :meth:`predict_proba` maps it
    through the population minimiser of the exponential loss,
    :math:`F = \frac12\ln\frac{p}{1-p}` (Friedman, Hastie & Tibshirani 2000), i.e.
    :math:`P(y = +1 \mid x) = 1/(1 + e^{-2F(x)})`; these are scores, not calibrated
    probabilities. scikit-learn's SAMME uses estimator weights :math:`2\alpha_t` and a
    normalised score, which gives the same predictions.

    Complexity: T fits and predictions of the base learner plus O(nT) arithmetic.
    More than two classes are rejected (this is the binary algorithm of the derivation).

    References
    ----------
    Freund & Schapire (1997), doi:10.1006/jcss.1997.1504; Friedman, Hastie & Tibshirani
    (2000), doi:10.1214/aos/1016218223.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.ensemble.boosting import AdaBoost
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = AdaBoost(n_estimators=20, random_state=0).fit(X, y)
    >>> len(model.alphas_), model.stop_reason_
    (20, 'n_estimators')
    >>> bool(np.all(model.training_errors_ <= model.error_bounds_))
    True
    >>> bool(np.allclose(model.exp_losses_, np.cumprod(model.normalizers_)))
    True
    >>> eps = model.errors_[0]
    >>> bool(model.alphas_[0] == 0.5 * np.log((1 - eps) / eps))
    True
    """

    def __init__(
        self,
        base_estimator: BaseEstimator | None = None,
        n_estimators: int = 50,
        *,
        mode: Literal["reweight", "resample"] = "reweight",
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
        max_restarts: int = 10,
    ) -> None:
        self.base_estimator = base_estimator
        self.n_estimators = n_estimators
        self.mode = mode
        self.random_state = random_state
        self.max_restarts = max_restarts

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags

    # ------------------------------------------------------------------ fit
    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Boost for at most ``n_estimators`` rounds on (X, y); returns self.

        Boosting stops early after a perfect round or when a round's learner is no better
        than chance (``stop_reason_`` says which), so T = ``len(estimators_)`` may be
        smaller than ``n_estimators``.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
        y : array_like, shape (n_samples,)
            Two classes.

        %(returns_self)s

        Raises
        ------
        TypeError
            With ``mode="reweight"``, if ``base_estimator``'s fit takes no ``sample_weight``.
        ValueError
            If ``y`` does not hold two classes, or the first round's learner is no better
            than chance.
        """
        X_arr, classes, codes = classifier_fit_data(self, X, y, binary=True, dtype=np.float64)
        n_estimators = check_scalar("n_estimators", self.n_estimators, int, low=1)
        mode = check_choice("mode", self.mode, MODES)
        max_restarts = check_scalar("max_restarts", self.max_restarts, int, low=0)
        if self.base_estimator is None:
            base = DecisionStump()
        else:
            base = check_estimator("base_estimator", self.base_estimator, role="classifier")
        if mode == "reweight" and not has_fit_parameter(base, "sample_weight"):
            raise fail(
                "base_estimator",
                "a classifier whose fit takes sample_weight (to train on a re-weighted sample)",
                f"{type(base).__name__}, with no sample_weight in fit",
                error=TypeError,
                echo=False,
                hint='Use mode="resample" (draw a weighted sample '
                "each round) or a learner that accepts weights.",
            )
        gen = check_rng(self.random_state, name="random_state", legacy=True)

        n = X_arr.shape[0]
        y_pm = np.where(codes == 1, 1, -1)
        D = np.full(n, 1.0 / n)
        F = np.zeros(n)
        alphas: list[float]
        estimators, alphas, errors, norms, train_err, losses, restarts = [], [], [], [], [], [], []
        stop = "n_estimators"
        for _ in range(n_estimators):
            est, h, wrong, eps, n_restarts = _fit_round(
                base, X_arr, y_pm, D, mode, max_restarts, gen
            )
            if eps >= 0.5 - HALF_TOL:
                stop = "no better than chance" if mode == "reweight" else "restarts exhausted"
                break
            perfect = not wrong.any()
            if perfect:
                eps = 0.0
                alpha = 1.0 + float(np.sum(alphas))
            else:
                alpha = 0.5 * np.log((1.0 - eps) / eps)
            w = D * np.exp(-alpha * y_pm * h)
            Z = float(w.sum())
            D = w / Z
            F += alpha * h
            estimators.append(est)
            alphas.append(alpha)
            errors.append(eps)
            norms.append(Z)
            train_err.append(float(np.mean(_positive(F, alphas + [alpha]) != (y_pm > 0))))
            losses.append(float(np.mean(np.exp(-y_pm * F))))
            restarts.append(n_restarts)
            if perfect:
                stop = "perfect learner"
                break
        if not estimators:
            raise ValueError(
                f"the first base learner was no better than chance on X and y (weighted error {eps:.3g} "
                f">= 0.5{' after ' + str(max_restarts) + ' restarts' if mode == 'resample' else ''}); "
                "AdaBoost needs a weak learner with error below 1/2."
            )
        self.classes_ = classes
        self.estimators_ = estimators
        self.alphas_ = np.array(alphas)
        self.errors_ = np.array(errors)
        self.normalizers_ = np.array(norms)
        self.training_errors_ = np.array(train_err)
        self.exp_losses_ = np.array(losses)
        self.error_bounds_ = np.cumprod(2.0 * np.sqrt(self.errors_ * (1.0 - self.errors_)))
        self.n_restarts_ = np.array(restarts, dtype=np.int64)
        self.stop_reason_ = stop
        return self

    # ------------------------------------------------------------ prediction
    def _X(self, X):
        check_is_fitted(self)
        return validate_estimator_data(self, X, dtype=np.float64, reset=False)

    def _X_y(self, X, y):
        """Validated X and its labels, coded -1/+1 (labels unseen in fit are an error)."""
        X = self._X(X)
        return X, check_known_labels(check_labels("y", y, n=X.shape[0], n_name="X"), self.classes_)

    def _staged_F(self, X):
        F = np.zeros(X.shape[0])
        for alpha, est in zip(self.alphas_, self.estimators_):
            F = F + alpha * _signs(est.predict(X))
            yield F

    def _F(self, X):
        for F in self._staged_F(X):  # noqa: B007 - the last stage, without keeping the others
            pass
        return F

    def _distributions(self, X, y_pm):
        F = np.zeros(X.shape[0])
        for alpha, est in zip(self.alphas_, self.estimators_):
            w = np.exp(-y_pm * F)
            yield w / w.sum()
            F = F + alpha * _signs(est.predict(X))

    def staged_decision_function(self, X: ArrayLike) -> Iterator[np.ndarray]:
        r"""Yield :math:`F_t(x) = \sum_{s \le t} \alpha_s h_s(x)` for t = 1, ..., T (X is
        checked at the call, not at the first ``next``).

        %(params_X)s

        Yields
        ------
        ndarray, shape (n_samples,)
            The vote of the first t rounds.
        """
        return self._staged_F(self._X(X))

    def decision_function(self, X: ArrayLike) -> np.ndarray:
        r"""The unnormalised vote :math:`F(x) = \sum_t \alpha_t h_t(x)`, shape (n,); positive
        means ``classes_[1]``.

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples,)
        """
        return self._F(self._X(X))

    def _label(self, F, t=None):
        """``classes_[1]`` where F exceeds the tie band TIE_RTOL * (sum of the first t
        alphas, default all), else ``classes_[0]``."""
        return self.classes_[_positive(F, self.alphas_[:t]).astype(np.intp)]

    def predict(self, X: ArrayLike) -> np.ndarray:
        """``classes_[1]`` where F(x) > 0, else ``classes_[0]`` (ties included; see Notes).

        %(params_X)s

        %(returns_labels)s
        """
        return self._label(self.decision_function(X))

    def staged_predict(self, X: ArrayLike) -> Iterator[np.ndarray]:
        """Yield the predictions of the first t rounds' vote, t = 1, ..., T (X is checked
        at the call).

        %(params_X)s

        Yields
        ------
        ndarray, shape (n_samples,)
            Labels from ``classes_``, as :meth:`predict` with the first t rounds.
        """
        return (self._label(F, t) for t, F in enumerate(self.staged_decision_function(X), start=1))

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        r"""Columns ``[1 - p, p]`` with :math:`p = 1/(1 + e^{-2F(x)})` (see Notes).

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples, 2)
            Columns in the order of ``classes_``; rows sum to 1.
        """
        p = expit(2.0 * self.decision_function(X))
        return np.column_stack([1.0 - p, p])

    def margins(self, X: ArrayLike, y: ArrayLike) -> np.ndarray:
        r"""Normalised margins :math:`y F(x) / \sum_t \alpha_t` in [-1, 1]; positive means
        correct, and its size is the confidence of the vote.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
        y : array_like, shape (n_samples,)
            Labels from ``classes_`` (y is +1 for ``classes_[1]``, -1 otherwise).

        Returns
        -------
        ndarray, shape (n_samples,)
        """
        X, y_pm = self._X_y(X, y)
        return y_pm * self._F(X) / float(np.sum(self.alphas_))

    def staged_distributions(self, X: ArrayLike, y: ArrayLike) -> Iterator[np.ndarray]:
        r"""Yield the distributions :math:`D_t \propto e^{-y F_{t-1}(x)}` on (X, y) for
        t = 1, ..., T (:math:`D_1` uniform). On the training set these are the weights the
        rounds were trained on. X and y are checked at the call.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_features)
        y : array_like, shape (n_samples,)
            Labels from ``classes_``.

        Yields
        ------
        ndarray, shape (n_samples,)
            :math:`D_t`, non-negative and summing to 1.
        """
        return self._distributions(*self._X_y(X, y))


def _reference_reweight(X, y, n_estimators, base):
    """Slow twin of ``AdaBoost(mode="reweight")`` for the tests: the same rounds with explicit
    loops over the samples for the error, the update and the normalisation. ``y`` must be
    coded -1/+1 and ``base`` deterministic. Returns the per-round alphas, errors, normalisers
    and the list of distributions D_1, D_2, ..."""
    n = len(y)
    D = [1.0 / n] * n
    alphas, errors, norms, dists = [], [], [], [list(D)]
    for _ in range(n_estimators):
        est = clone(base).fit(X, y, sample_weight=np.array(D))
        h = est.predict(X)
        eps = 0.0
        for i in range(n):
            if h[i] != y[i]:
                eps += D[i]
        if eps >= 0.5:
            break
        alpha = 0.5 * np.log((1 - eps) / eps)
        new = []
        for i in range(n):
            if h[i] == y[i]:
                new.append(D[i] * np.exp(-alpha))
            else:
                new.append(D[i] * np.exp(alpha))
        Z = 0.0
        for value in new:
            Z += value
        D = [value / Z for value in new]
        alphas.append(alpha)
        errors.append(eps)
        norms.append(Z)
        dists.append(list(D))
    return np.array(alphas), np.array(errors), np.array(norms), np.array(dists)


def _fit_round(base, X, y_pm, D, mode, max_restarts, gen):
    """One round of :class:`AdaBoost`: a seeded clone of ``base`` fitted to ``D``, re-weighted,
    or re-sampled (a fresh sample at most ``max_restarts`` times while its weighted error is
    1/2 or more). Returns the learner, its predictions, its mistakes, its weighted error
    and the number of fresh samples drawn."""
    seeded = "random_state" in base.get_params()
    n_restarts = 0
    while True:
        est = clone(base)
        seed = int(gen.integers(_SEED_BOUND))  # drawn always: one stream for any base
        if seeded:
            est.set_params(random_state=seed)
        if mode == "reweight":
            est.fit(X, y_pm, sample_weight=D)
        else:
            rows = gen.choice(len(D), size=len(D), replace=True, p=D)
            est.fit(X[rows], y_pm[rows])
        h = _signs(est.predict(X))
        wrong = h != y_pm
        eps = float(D[wrong].sum())
        if eps < 0.5 - HALF_TOL or mode == "reweight" or n_restarts >= max_restarts:
            return est, h, wrong, eps, n_restarts
        n_restarts += 1


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_known_labels(y, classes, *, name: str = "y") -> np.ndarray:
    """Labels that all occur in the fitted ``classes``; returns them coded -1 (classes[0]) /
    +1 (classes[1])."""
    y = np.asarray(y)
    unknown = np.setdiff1d(np.unique(y), classes)
    if unknown.size:
        raise fail(
            name,
            f"labels seen in fit ({show(list(classes))})",
            f"unknown labels {show(unknown.tolist())}",
            echo=False,
        )
    return np.where(y == classes[1], 1.0, -1.0)
