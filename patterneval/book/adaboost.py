r"""The chapter "AdaBoost" (Part IV): studies of the rounds of :class:`~patterneval.ensemble.AdaBoost`.

Chapter helpers, not methods: the errors of a round's learner on weighted re-samples (a
simulation that checks :math:`E[\hat\epsilon] = \epsilon_t`), re-weighting against
re-sampling over the rounds, and every round of one run on 2-d data tabulated for the
chapter's explorer.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator
from sklearn.utils.validation import check_is_fitted

from .._api import keywords
from .._results import Result
from .._validation import (
    check_array,
    check_cv,
    check_labels,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
)
from ..ensemble.boosting import AdaBoost, _positive, _signs, check_known_labels

__all__ = [
    "BoostingRounds",
    "ModeComparison",
    "ResampledError",
    "RoundsByCV",
    "boosting_rounds",
    "compare_modes",
    "cv_rounds",
    "edge_bounds",
    "first_tied_round",
    "margin_bounds",
    "resampled_error",
    "staged_errors",
    "staged_margins",
]


@dataclass(frozen=True, repr=False)
class ResampledError(Result):
    """Errors of round t's learner on weighted re-samples (see :func:`resampled_error`).

    Attributes
    ----------
    round : int
        The round t (from 1).
    weighted_error : float
        The learner's error weighted by :math:`D_t`, the quantity AdaBoost uses.
    sample_errors : ndarray, shape (n_resamples,)
        Its plain error on each weighted re-sample.
    """

    round: int
    weighted_error: float
    sample_errors: np.ndarray


@keywords
def resampled_error(
    model: AdaBoost,
    X: ArrayLike,
    y: ArrayLike,
    *,
    round: int = 1,
    n_resamples: int = 1000,
    rng: int | np.random.Generator | None = None,
) -> ResampledError:
    r"""Draw ``n_resamples`` samples of size n from round t's distribution :math:`D_t` on
    (X, y) and record the fraction of each that the learner :math:`h_t` gets wrong.

    Re-sampling replaces the weights by a random sample whose expected error is the weighted
    error: :math:`E[\hat\epsilon] = \sum_i D_t(i)\,\mathbb{I}(h_t(x_i) \ne y_i) =
    \epsilon_t`, with variance :math:`\epsilon_t(1-\epsilon_t)/n`. On the training set
    ``weighted_error`` equals ``model.errors_[t - 1]`` (to rounding).

    Parameters
    ----------
    model : fitted AdaBoost
    X, y : the data defining D_t (normally the training set)
    round : int, 1 <= round <= number of fitted rounds (keyword-only)
    n_resamples : int >= 1 (keyword-only)
        Weighted re-samples of the given (X, y): each resamples this one data set (with
        probabilities :math:`D_t`), hence ``n_resamples``.
    rng : None, int or Generator (keyword-only)

    Returns
    -------
    ResampledError
        ``round``, ``weighted_error`` (:math:`\epsilon_t`) and ``sample_errors``
        (n_resamples,). Complexity O(n * n_resamples) time and memory.

    References
    ----------
    Freund & Schapire (1997), doi:10.1006/jcss.1997.1504.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.book.adaboost import resampled_error
    >>> from patterneval.ensemble.boosting import AdaBoost
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = AdaBoost(n_estimators=5, random_state=0).fit(X, y)
    >>> res = resampled_error(model, X, y, round=3, n_resamples=200, rng=0)
    >>> bool(abs(res.weighted_error - model.errors_[2]) < 1e-12)
    True
    >>> bool(abs(res.sample_errors.mean() - res.weighted_error) < 0.01)
    True
    """
    if not isinstance(model, AdaBoost):
        raise fail("model", "a fitted AdaBoost", type(model).__name__, error=TypeError, echo=False)
    check_is_fitted(model, "alphas_")
    n_rounds = len(model.alphas_)
    t = check_scalar(
        "round", round, int, low=1, high=n_rounds, hint=f"The model has {n_rounds} fitted rounds."
    )
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    gen = check_rng(rng)
    X, y_pm = model._X_y(X, y)
    D = next(itertools.islice(model._distributions(X, y_pm), t - 1, None))
    wrong = _signs(model.estimators_[t - 1].predict(X)) != y_pm
    rows = gen.choice(len(y_pm), size=(n_resamples, len(y_pm)), replace=True, p=D)
    return ResampledError(
        round=t, weighted_error=float(D[wrong].sum()), sample_errors=wrong[rows].mean(axis=1)
    )


@dataclass(frozen=True, repr=False)
class ModeComparison(Result):
    """Staged errors of one re-weighted and several re-sampled AdaBoost runs
    (see :func:`compare_modes`).

    Attributes
    ----------
    n_estimators : int
        Rounds.
    reweight_train_errors, reweight_test_errors : ndarray, shape (n_estimators,)
        Errors of the re-weighted run after each round.
    resample_train_errors, resample_test_errors : ndarray, shape (n_runs, n_estimators)
        Errors of each re-sampled run after each round.
    """

    n_estimators: int
    reweight_train_errors: np.ndarray
    reweight_test_errors: np.ndarray
    resample_train_errors: np.ndarray
    resample_test_errors: np.ndarray


def _staged_errors(model, X, y, n_rounds):
    errors = [float(np.mean(p != y)) for p in model.staged_predict(X)]
    return errors + errors[-1:] * (n_rounds - len(errors))


@keywords
def compare_modes(
    X_train: ArrayLike,
    y_train: ArrayLike,
    X_test: ArrayLike,
    y_test: ArrayLike,
    *,
    base_estimator: BaseEstimator | None = None,
    n_estimators: int = 50,
    n_runs: int = 10,
    rng: int | np.random.Generator | None = None,
) -> ModeComparison:
    """Training and test error after every round of AdaBoost in "reweight" mode (one run)
    and in "resample" mode (``n_runs`` runs with independent seeds), for comparing the two
    ways of feeding :math:`D_t` to the learner. Lower is better.

    A run that stops early keeps its last vote, so its errors are carried forward to
    ``n_estimators`` rounds. Seeds come from ``rng`` (one spawned Generator per run), so the
    result is reproducible. Complexity: (n_runs + 1) * n_estimators base-learner fits.

    Parameters
    ----------
    X_train, y_train : array_like, shapes (n, d) and (n,)
        Training set (two classes).
    X_test, y_test : array_like, shapes (m, d) and (m,)
        Test set.
    base_estimator : estimator, optional
        The weak learner; default AdaBoost's decision stump.
    n_estimators : int, default 50
        Rounds, >= 1.
    n_runs : int, default 10
        Independent re-sampled runs on the same training set, >= 1 (runs of a randomised
        algorithm are counted by ``n_runs``, as in
        :func:`patterneval.evolution.run_ga_replicates`).
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    ModeComparison
        ``reweight_train_errors``, ``reweight_test_errors`` of shape (n_estimators,) and
        ``resample_train_errors``, ``resample_test_errors`` of shape
        (n_runs, n_estimators).

    References
    ----------
    Freund & Schapire (1997), doi:10.1006/jcss.1997.1504.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from patterneval.book.adaboost import compare_modes
    >>> X, y = make_classification(200, 5, random_state=0)
    >>> res = compare_modes(X[:100], y[:100], X[100:], y[100:], n_estimators=5, n_runs=3,
    ...                     rng=0)
    >>> res.resample_test_errors.shape
    (3, 5)
    """
    X_train, y_train = check_X_y(X_train, y_train, min_classes=2, names=("X_train", "y_train"))
    check_labels("y_train", y_train, max_classes=2)  # AdaBoost here is binary
    X_test, y_test = check_X_y(X_test, y_test, min_classes=1, names=("X_test", "y_test"))
    n_estimators = check_scalar("n_estimators", n_estimators, int, low=1)
    n_runs = check_scalar("n_runs", n_runs, int, low=1)
    gen = check_rng(rng)
    seeds = gen.spawn(n_runs + 1)
    model = AdaBoost(base_estimator, n_estimators, random_state=seeds[0]).fit(X_train, y_train)
    check_known_labels(y_test, model.classes_, name="y_test")
    rw_train = _staged_errors(model, X_train, y_train, n_estimators)
    rw_test = _staged_errors(model, X_test, y_test, n_estimators)
    rs_train, rs_test = [], []
    for seed in seeds[1:]:
        model = AdaBoost(base_estimator, n_estimators, mode="resample", random_state=seed).fit(
            X_train, y_train
        )
        rs_train.append(_staged_errors(model, X_train, y_train, n_estimators))
        rs_test.append(_staged_errors(model, X_test, y_test, n_estimators))
    return ModeComparison(
        n_estimators=n_estimators,
        reweight_train_errors=np.array(rw_train),
        reweight_test_errors=np.array(rw_test),
        resample_train_errors=np.array(rs_train),
        resample_test_errors=np.array(rs_test),
    )


@dataclass(frozen=True, repr=False)
class BoostingRounds(Result):
    """Every round of one AdaBoost run on 2-d data, ready to draw (see
    :func:`boosting_rounds`).

    Attributes
    ----------
    mode : str
        ``"reweight"`` or ``"resample"``.
    X : ndarray, shape (n, 2)
        The training samples.
    y : ndarray, shape (n,)
        Their labels coded -1/+1 (``classes_[1]`` is +1).
    grid_x, grid_y : ndarray, shape (grid_size,)
        Axes of the evaluation grid.
    votes : ndarray, shape (T, grid_size, grid_size)
        Sign of the vote :math:`F_t` after each round on the grid (ties -1).
    weights : ndarray, shape (T, n)
        The distribution :math:`D_t` each round was trained on.
    alphas, errors : ndarray, shape (T,)
        Each round's learner weight and weighted training error.
    training_errors : ndarray, shape (T,)
        Training error of the vote after each round.
    """

    mode: str
    X: np.ndarray
    y: np.ndarray
    grid_x: np.ndarray
    grid_y: np.ndarray
    votes: np.ndarray
    weights: np.ndarray
    alphas: np.ndarray
    errors: np.ndarray
    training_errors: np.ndarray


@keywords
def boosting_rounds(
    X: ArrayLike,
    y: ArrayLike,
    *,
    base_estimator: BaseEstimator | None = None,
    n_estimators: int = 30,
    mode: Literal["reweight", "resample"] = "reweight",
    grid_size: int = 120,
    margin: float = 0.5,
    rng: int | np.random.Generator | None = None,
) -> BoostingRounds:
    r"""Fit AdaBoost on 2-d data and record, for every round t, the sign of the vote
    :math:`F_t` on a ``grid_size`` x ``grid_size`` grid and the distribution :math:`D_t`
    the round was trained on. Used to explore the rounds without refitting.

    Parameters
    ----------
    X : array_like, shape (n, 2)
        Training samples with two features.
    y : array_like, shape (n,)
        Two-class labels.
    base_estimator : estimator, optional
        The weak learner; default AdaBoost's decision stump.
    n_estimators : int, default 30
        Rounds T, >= 1.
    mode : {"reweight", "resample"}, default "reweight"
        How :math:`D_t` reaches the learner, as in :class:`~patterneval.ensemble.AdaBoost`.
    grid_size : int, default 120
        Grid points per axis, >= 2.
    margin : float, default 0.5
        How far the grid extends beyond the data range, >= 0 (a widened range that
        overflows raises a ValueError).
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    BoostingRounds
        ``votes`` (T, grid_size, grid_size) holding +-1 (``classes_[1]`` is +1; ties -1),
        ``weights`` (T, n) with rows :math:`D_t`, the grid axes ``grid_x``, ``grid_y``
        (the data range widened by ``margin``), ``y`` coded -1/+1, and the fitted
        ``alphas``, ``errors`` and ``training_errors``. T may be below ``n_estimators`` if
        boosting stopped early. Complexity O(T (n + grid_size^2)) plus the fits.

    References
    ----------
    Freund & Schapire (1997), doi:10.1006/jcss.1997.1504.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from patterneval.book.adaboost import boosting_rounds
    >>> X, y = make_moons(60, noise=0.2, random_state=0)
    >>> r = boosting_rounds(X, y, n_estimators=5, grid_size=20, rng=0)
    >>> r.votes.shape, r.weights.shape
    ((5, 20, 20), (5, 60))
    >>> bool(np.allclose(r.weights.sum(axis=1), 1))
    True
    """
    X_arr, y_arr = check_X_y(X, y, min_classes=1)
    if X_arr.shape[1] != 2:
        raise fail(
            "X",
            "a 2-d array with two columns (to draw on a plane)",
            f"{X_arr.shape[1]} columns",
            echo=False,
        )
    grid_size = check_scalar("grid_size", grid_size, int, low=2)
    margin = check_scalar("margin", margin, float, low=0)
    model = AdaBoost(base_estimator, n_estimators, mode=mode, random_state=check_rng(rng)).fit(
        X_arr, y_arr
    )
    with np.errstate(over="ignore", invalid="ignore"):
        lo, hi = X_arr.min(axis=0) - margin, X_arr.max(axis=0) + margin
        span = hi - lo
    if not (np.all(np.isfinite(span))):  # the widened range overflows: the grid would be NaN
        raise fail("margin", "small enough for the widened data range to be finite", margin)
    gx, gy = np.linspace(lo[0], hi[0], grid_size), np.linspace(lo[1], hi[1], grid_size)
    grid = np.column_stack([np.tile(gx, grid_size), np.repeat(gy, grid_size)])
    votes = np.array(
        [
            np.where(_positive(F, model.alphas_[:t]), 1, -1).reshape(grid_size, grid_size)
            for t, F in enumerate(model.staged_decision_function(grid), start=1)
        ],
        dtype=np.int8,
    )
    weights = np.array(list(model.staged_distributions(X_arr, y_arr)))
    return BoostingRounds(
        mode=mode,
        X=X_arr,
        y=np.where(y_arr == model.classes_[1], 1, -1),
        grid_x=gx,
        grid_y=gy,
        votes=votes,
        weights=weights,
        alphas=model.alphas_,
        errors=model.errors_,
        training_errors=model.training_errors_,
    )


# ---- evaluating boosting: margins, the training-error bounds, the number of rounds


def _fitted(model):
    if not isinstance(model, AdaBoost):
        raise fail("model", "a fitted AdaBoost", type(model).__name__, error=TypeError, echo=False)
    check_is_fitted(model, "alphas_")
    return model


def staged_margins(model: AdaBoost, X: ArrayLike, y: ArrayLike) -> np.ndarray:
    r"""The normalised margins :math:`y F_t(x) / \sum_{s \le t} \alpha_s` of (X, y) after
    every round t = 1, ..., T of a fitted AdaBoost.

    A margin lies in [-1, 1]; it is positive when the vote of the first t rounds is right
    (Schapire et al. 1998). Row T equals ``model.margins(X, y)``.

    Parameters
    ----------
    model : fitted AdaBoost
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
        Labels from ``model.classes_``.

    Returns
    -------
    ndarray, shape (T, n)
        Complexity O(T n) plus T predictions of the base learners.

    References
    ----------
    Schapire, R. E., Freund, Y., Bartlett, P. & Lee, W. S. (1998). Boosting the margin.
    *Ann. Statist.* 26(5), 1651-1686. doi:10.1214/aos/1024691352.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.book.adaboost import staged_margins
    >>> from patterneval.ensemble.boosting import AdaBoost
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = AdaBoost(n_estimators=5, random_state=0).fit(X, y)
    >>> M = staged_margins(model, X, y)
    >>> M.shape, bool(np.allclose(M[-1], model.margins(X, y)))
    ((5, 569), True)
    """
    X_arr, y_pm = _fitted(model)._X_y(X, y)
    total = np.cumsum(model.alphas_)
    return np.array(
        [y_pm * F / total[t] for t, F in enumerate(model._staged_F(X_arr))], dtype=np.float64
    )


def margin_bounds(model: AdaBoost, thetas: ArrayLike) -> np.ndarray:
    r"""Schapire et al.'s (1998, Theorem 5) bound on the share of training margins at or
    below :math:`\theta`, after every round:

    .. math::

        \frac1n \#\{i : y_i F_t(x_i) \le \theta \textstyle\sum_{s \le t}\alpha_s\}
        \;\le\; e^{\theta \sum_{s \le t}\alpha_s} \prod_{s \le t} Z_s
        \;=\; \prod_{s \le t} 2\sqrt{\epsilon_s^{1-\theta}(1-\epsilon_s)^{1+\theta}} .

    At :math:`\theta = 0` it is ``model.exp_losses_``, the exponential loss, which bounds
    the training error. The product form holds for rounds with :math:`\epsilon_s > 0`; the
    left form (used here) holds for every round.

    Parameters
    ----------
    model : fitted AdaBoost
    thetas : array_like of float, shape (k,)
        Margin levels, each in [-1, 1].

    Returns
    -------
    ndarray, shape (k, T)
        Row j is the bound for ``thetas[j]`` after rounds 1, ..., T.

    References
    ----------
    Schapire, Freund, Bartlett & Lee (1998), doi:10.1214/aos/1024691352.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.book.adaboost import margin_bounds
    >>> from patterneval.ensemble.boosting import AdaBoost
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = AdaBoost(n_estimators=5, random_state=0).fit(X, y)
    >>> bool(np.allclose(margin_bounds(model, [0.0])[0], model.exp_losses_))
    True
    """
    _fitted(model)
    thetas = check_array("thetas", thetas, ndim=1, low=-1, high=1)
    log_z = np.cumsum(np.log(model.normalizers_))
    return np.exp(thetas[:, None] * np.cumsum(model.alphas_)[None, :] + log_z[None, :])


def edge_bounds(model: AdaBoost) -> np.ndarray:
    r"""The looser training-error bound :math:`\exp(-2\sum_{s \le t}\gamma_s^2)` after every
    round, with the edges :math:`\gamma_s = 1/2 - \epsilon_s` (Freund & Schapire 1997).

    It lies above ``model.error_bounds_`` (:math:`\prod_s 2\sqrt{\epsilon_s(1-\epsilon_s)}`)
    because :math:`\sqrt{1 - 4\gamma^2} \le e^{-2\gamma^2}`.

    Parameters
    ----------
    model : fitted AdaBoost

    Returns
    -------
    ndarray, shape (T,)

    References
    ----------
    Freund & Schapire (1997), doi:10.1006/jcss.1997.1504.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.book.adaboost import edge_bounds
    >>> from patterneval.ensemble.boosting import AdaBoost
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = AdaBoost(n_estimators=5, random_state=0).fit(X, y)
    >>> bool(np.all(model.error_bounds_ <= edge_bounds(model)))
    True
    """
    gamma = 0.5 - _fitted(model).errors_
    return np.exp(-2.0 * np.cumsum(gamma**2))


def staged_errors(model: AdaBoost, X: ArrayLike, y: ArrayLike) -> np.ndarray:
    """The error rate on (X, y) of the vote of the first t rounds, t = 1, ..., T.

    Parameters
    ----------
    model : fitted AdaBoost
    X : array_like, shape (n, d)
    y : array_like, shape (n,)

    Returns
    -------
    ndarray, shape (T,)
        On the training set it equals ``model.training_errors_``.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.book.adaboost import staged_errors
    >>> from patterneval.ensemble.boosting import AdaBoost
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = AdaBoost(n_estimators=5, random_state=0).fit(X, y)
    >>> bool(np.array_equal(staged_errors(model, X, y), model.training_errors_))
    True
    """
    X_arr, y_pm = _fitted(model)._X_y(X, y)
    labels = model.classes_[(y_pm > 0).astype(np.intp)]
    return np.array([np.mean(p != labels) for p in model.staged_predict(X_arr)])


@dataclass(frozen=True, repr=False)
class RoundsByCV(Result):
    """Cross-validated error of AdaBoost after every round (see :func:`cv_rounds`).

    Attributes
    ----------
    fold_errors : ndarray, shape (n_folds, n_estimators)
        Validation error of each fold's model after each round (a model that stopped
        early keeps its last vote).
    cv_errors : ndarray, shape (n_estimators,)
        Their mean over the folds (equal-sized folds up to one example).
    best_round : int
        The smallest number of rounds with the lowest ``cv_errors`` (from 1).
    """

    fold_errors: np.ndarray
    cv_errors: np.ndarray
    best_round: int


@keywords
def cv_rounds(
    X: ArrayLike,
    y: ArrayLike,
    *,
    n_estimators: int = 50,
    cv: int | object = 5,
    rng: int | None = None,
) -> RoundsByCV:
    """Choose AdaBoost's number of rounds by stratified k-fold cross-validation: boost
    ``n_estimators`` stumps on each training part, record the validation error after every
    round, average over the folds and take the first minimum. Lower is better.

    Parameters
    ----------
    X : array_like, shape (n, d)
    y : array_like, shape (n,)
        Two classes.
    n_estimators : int, default 50
        Largest number of rounds, >= 1.
    cv : int, splitter or iterable of (train, test) pairs, default 5
        As scikit-learn's ``cv``: an int is a number of stratified folds, >= 2, shuffled by
        ``rng`` (``StratifiedKFold(cv, shuffle=True, random_state=rng)``).
    rng : None or int, optional
        Seed of the fold split (the boosting of stumps is deterministic).

    Returns
    -------
    RoundsByCV
        ``fold_errors`` (n_folds, n_estimators), ``cv_errors`` (n_estimators,) and
        ``best_round``. Complexity: n_folds * n_estimators stump fits.

    References
    ----------
    Freund & Schapire (1997), doi:10.1006/jcss.1997.1504.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.book.adaboost import cv_rounds
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> res = cv_rounds(X, y, n_estimators=4, cv=3, rng=0)
    >>> res.fold_errors.shape, 1 <= res.best_round <= 4
    ((3, 4), True)
    """
    from sklearn.model_selection import StratifiedKFold

    X_arr, y_arr = check_X_y(X, y, min_classes=2)
    check_labels("y", y_arr, max_classes=2)
    n_estimators = check_scalar("n_estimators", n_estimators, int, low=1)
    cv = check_cv(cv, y_arr)
    if rng is not None:
        rng = check_scalar("rng", rng, int, low=0)
    if isinstance(cv, int):
        folds = StratifiedKFold(cv, shuffle=True, random_state=rng).split(X_arr, y_arr)
    else:  # a splitter, or the checked (train, test) pairs
        folds = cv if isinstance(cv, list) else cv.split(X_arr, y_arr)
    errors = []
    for train, test in folds:
        model = AdaBoost(n_estimators=n_estimators, random_state=0).fit(X_arr[train], y_arr[train])
        errors.append(_staged_errors(model, X_arr[test], y_arr[test], n_estimators))
    fold_errors = np.array(errors)
    cv_errors = fold_errors.mean(axis=0)
    return RoundsByCV(
        fold_errors=fold_errors, cv_errors=cv_errors, best_round=int(np.argmin(cv_errors)) + 1
    )


def first_tied_round(model: AdaBoost) -> int | None:
    """The first round whose stump had a tied cut on another feature (``ties_``), or None.

    Up to the round before it, any implementation of the same stump rule picks the same
    splits, so its predictions agree on new data too; from it on, tied cuts that split the
    training set alike may split new points differently.

    Parameters
    ----------
    model : fitted AdaBoost
        With the book's :class:`~patterneval.ensemble.boosting.DecisionStump`.

    Returns
    -------
    int or None

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval.book.adaboost import first_tied_round
    >>> from patterneval.ensemble.boosting import AdaBoost
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> first_tied_round(AdaBoost(n_estimators=3, random_state=0).fit(X, y)) is None
    True
    """
    for t, stump in enumerate(_fitted(model).estimators_, start=1):
        if len({f for f, _ in getattr(stump, "ties_", [])}) > 1:
            return t
    return None
