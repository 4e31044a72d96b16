"""Cross-validation (k-fold, repeated, stratified, or any scikit-learn splitter) and
leave-one-out error estimates.

Derived in Part I of the book, chapter "Cross-validation and the bootstrap". The data
are split into ``k`` folds (``cv=k``, or the pairs of a splitter); each fold in turn is
predicted by a clone of the estimator fitted on the other ``k - 1``. Every sample is
predicted exactly once per repeat, so the error of one repeat is the number of mistakes
divided by ``n``: the package's one
definition of the CV error (``average="pooled"``, see ``patterneval._engine.cv_error``), shared with
``selection_cv_error`` and ``permutation_test`` through one engine
(``patterneval._engine.cross_validate_folds``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator
from sklearn.model_selection import LeaveOneOut

from .._api import keywords
from .._engine import SINGLE_CLASS_OPTIONS, check_kfold_options, cross_validate_folds, cv_error
from .._results import Result
from .._validation import (
    check_bool,
    check_choice,
    check_classification_target,
    check_estimator,
    check_n_jobs,
    check_X_y,
)

__all__ = ["CrossValidationResult", "cross_val_error", "leave_one_out_error"]


@dataclasses.dataclass(frozen=True, repr=False)
class CrossValidationResult(Result):
    """Error estimate from k-fold (possibly repeated) or leave-one-out cross-validation.

    Attributes
    ----------
    error : float
        The CV error: mean over repeats of (mistakes / n), i.e. fold errors averaged with
        weights proportional to fold size (``average="pooled"``; the plain mean of the fold
        errors with ``average="folds"``). Lower is better.
    fold_std : float
        Sample standard deviation (ddof=1) of all fold errors: the spread between folds.
    repeat_std : float
        Sample standard deviation (ddof=1) of ``repeat_errors``; NaN when ``n_repeats == 1``
        (one value has no spread).
    n_splits, n_repeats : int
        ``(train, test)`` pairs per repeat and number of repeats: ``cv=k`` gives ``k`` and 1,
        a splitter with ``n_repeats`` (``RepeatedStratifiedKFold``) its folds and repeats,
        any other splitter or a list of pairs its number of pairs and 1.
    fold_errors : ndarray, shape (n_repeats, n_splits)
        Error rate on each test fold.
    fold_sizes : ndarray of int, shape (n_repeats, n_splits)
        Number of samples in each test fold.
    repeat_errors : ndarray, shape (n_repeats,)
        Error of each repeat, mistakes / n (``"folds"``: the mean of its fold errors).
    mistakes : ndarray of bool, shape (n_repeats, n_samples)
        ``mistakes[r, i]`` is True when sample ``i`` was misclassified in repeat ``r``
        (by the model that did not see it; False for a sample no test part of the repeat
        held, which only a splitter that is not a k-fold partition leaves).
    n_single_class : int
        Training folds that held a single class; with ``single_class="constant"`` their
        test samples were predicted as that class (0 unless the folds are unstratified or
        a class is tiny).
    """

    _means = (
        "An estimate of the error on new data of a model trained on as many samples as each "
        "training part (a little pessimistic for the model fitted on all the data). fold_std = {fold_std:.3g} is the spread between folds, not a standard error of the "
        "estimate: the folds share their training data."
    )

    error: float
    fold_std: float
    repeat_std: float
    n_splits: int
    n_repeats: int
    fold_errors: np.ndarray
    fold_sizes: np.ndarray
    repeat_errors: np.ndarray
    mistakes: np.ndarray
    n_single_class: int = 0
    average: str = dataclasses.field(default="pooled", repr=False)


def _run_splits(
    estimator,
    X,
    y,
    splits,
    *,
    n_jobs,
    progress,
    desc,
    single_class="constant",
    average="pooled",
    respond=None,
) -> tuple[CrossValidationResult, list | None]:
    """Fit on every (train, test) pair of ``splits`` (a list per repeat) through the engine
    and collect the errors: (the result, the responses). With ``respond``, the responses
    ``respond(model, X_test)`` of the models of the first repeat's folds, taken from the
    fits that gave their predictions (``cross_validate_folds``); None without."""
    n_repeats, n_splits = len(splits), len(splits[0])
    outcome = cross_validate_folds(
        estimator,
        X,
        y,
        [fold for repeat in splits for fold in repeat],
        single_class=single_class,
        where=lambda t: f"fold {t % n_splits} of repeat {t // n_splits}",
        n_jobs=n_jobs,
        progress=progress,
        desc=desc,
        respond=respond,
        n_respond=n_splits if respond is not None else 0,
    )
    mistakes = np.zeros((n_repeats, len(y)), dtype=bool)
    for t, (test, wrong) in enumerate(zip(outcome.tests, outcome.wrong)):
        mistakes[t // n_splits, test] = wrong
    counts = outcome.counts.reshape(n_repeats, n_splits)
    fold_sizes = outcome.sizes.reshape(n_repeats, n_splits)
    fold_errors = counts / fold_sizes
    repeat_errors = np.array([cv_error(c, s, average) for c, s in zip(counts, fold_sizes)])
    result = CrossValidationResult(
        error=float(repeat_errors.mean()),
        fold_std=float(fold_errors.std(ddof=1)),
        repeat_std=float(repeat_errors.std(ddof=1)) if n_repeats > 1 else float("nan"),
        n_splits=n_splits,
        n_repeats=n_repeats,
        fold_errors=fold_errors,
        fold_sizes=fold_sizes,
        repeat_errors=repeat_errors,
        mistakes=mistakes,
        n_single_class=len(outcome.single),
        average=average,
    )
    return result, outcome.responses


@keywords
def cross_val_error(
    estimator: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    cv: int | object = 10,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
    single_class: Literal["constant", "raise"] = "constant",
    average: Literal["pooled", "folds"] = "pooled",
) -> CrossValidationResult:
    r"""k-fold cross-validation error of a classifier, optionally repeated.

    ``cv=k`` splits the ``n`` samples at random into ``k`` stratified folds
    :math:`F_1, \dots, F_k` (scikit-learn's ``StratifiedKFold``, shuffled with a seed from
    ``rng``; the same folds as the other methods given the same ``rng``); a splitter such as
    ``KFold(5, shuffle=True, random_state=0)`` or
    ``RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=0)``, or explicit
    ``(train, test)`` pairs, give the folds instead. Fold :math:`j` is
    predicted by a clone of ``estimator`` fitted on the other folds,
    :math:`\hat f_{-j}`, and the error of the repeat is

    .. math:: \hat\varepsilon_{CV} = \frac{1}{n}\sum_{j=1}^{k}\sum_{i\in F_j}
              \mathbb 1[\hat f_{-j}(x_i) \ne y_i]
              = \sum_{j=1}^{k} \frac{|F_j|}{n}\,\hat\varepsilon_j ,

    the fold errors :math:`\hat\varepsilon_j` weighted by fold size. This is the
    fraction of all samples misclassified, so it does not depend on how unevenly ``n``
    divides into folds: every sample counts once, as in leave-one-out and in any error
    rate measured on n test samples. It is the package's definition of the CV error
    (``average="pooled"``, also the default of :func:`patterneval.selection_cv_error` and
    :func:`patterneval.permutation_test`). The plain mean of the fold errors,
    :math:`k^{-1}\sum_j \hat\varepsilon_j` (what averaging scikit-learn's
    ``cross_val_score`` gives), is ``average="folds"``; the two are equal when all folds
    have the same size. With a repeated splitter the reported ``error`` is the mean of the
    repeats' errors. Lower is better.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
        Cloned for every fold; never fitted itself.
    X : array_like, DataFrame or sparse matrix, shape (n_samples, n_features)
        Passed to the estimator unchanged (only rows are taken), as in scikit-learn's
        ``cross_validate``: a pandas DataFrame (a pipeline may select columns by name),
        a scipy sparse matrix, NaN for an imputing pipeline. The estimator validates it.
    y : array_like or pandas Series, shape (n_samples,)
        Class labels, at least two classes (binary or multiclass in scikit-learn's
        ``type_of_target`` sense; a continuous target is rejected). A pandas Series
        reaches the estimator as a Series, like ``X`` (rows taken by position).
    cv : int, scikit-learn splitter or iterable of (train, test) pairs, default 10
        As scikit-learn's ``cv``. An int ``k`` gives ``k`` shuffled stratified folds drawn
        from ``rng`` (``2 <= k <= n_samples``, and every class needs at least ``k``
        samples). A splitter (``KFold``, ``StratifiedKFold``, ``ShuffleSplit``...) is used as
        given; one with ``n_repeats`` (``RepeatedStratifiedKFold(n_splits=10, n_repeats=5,
        random_state=0)``) is read as that many repeats of its folds. Explicit
        ``(train, test)`` index pairs are one repeat.
    rng : None, int or numpy.random.Generator
        The only source of randomness (the fold assignment of an int ``cv``; a splitter
        carries its own ``random_state``).
    n_jobs : None or int
        Parallel fits through joblib; the result does not depend on it. ``None`` follows the active
        ``joblib.parallel_config`` (its backend and ``n_jobs``; one job outside any), as in
        scikit-learn; ``1`` runs serially.
    progress : bool, default False
        Show a tqdm progress bar over the fits, one per ``(train, test)`` pair.
    single_class : {"constant", "raise"}, default "constant"
        A training fold that holds a single class (possible with an unstratified splitter
        such as ``KFold``, or a class smaller than the folds) cannot be fitted by most classifiers. ``"constant"``
        predicts that class for the fold's test samples, which is what any rule fitted on
        one class does; ``"raise"`` stops with a ValueError naming the fold.
        ``n_single_class`` reports how many folds it affected.
    average : {"pooled", "folds"}, default "pooled"
        ``"pooled"``: mistakes over all held-out samples / n; ``"folds"``: the mean of the
        fold error rates (scikit-learn's convention).

    Returns
    -------
    CrossValidationResult
        ``error``, the spreads ``fold_std`` and ``repeat_std``, and per-fold,
        per-repeat and per-sample values.

    Raises
    ------
    ValueError
        If ``y`` is not a classification target or ``estimator`` is a regressor (an error
        rate counts wrong labels), among the usual checks of the arguments.

    Notes
    -----
    Cost: ``n_splits * n_repeats`` fits (one per ``(train, test)`` pair) on about
    ``n (k - 1) / k`` samples each, and O(n n_repeats) memory for the per-sample mistakes.

    References
    ----------
    Stone, M. (1974). Cross-validatory choice and assessment of statistical predictions.
    JRSS B 36(2), 111-147. doi:10.1111/j.2517-6161.1974.tb00994.x

    Kohavi, R. (1995). A study of cross-validation and bootstrap for accuracy estimation
    and model selection. IJCAI 14, 1137-1145.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> import patterneval as pe
    >>> X, y = load_iris(return_X_y=True)
    >>> from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> res = pe.cross_val_error(LinearDiscriminantAnalysis(), X, y, cv=5, rng=0)
    >>> res.fold_errors.shape
    (1, 5)
    >>> cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
    >>> res = pe.cross_val_error(LinearDiscriminantAnalysis(), X, y, cv=cv)
    >>> res.n_splits, res.n_repeats, res.fold_errors.shape
    (5, 2, (2, 5))
    >>> bool(0.0 <= res.error <= 0.05)
    True
    """
    return _cross_val_error(
        estimator,
        X,
        y,
        cv=cv,
        rng=rng,
        n_jobs=n_jobs,
        progress=progress,
        single_class=single_class,
        average=average,
    )[0]


def _check_cv_inputs(estimator, X, y, **kfold) -> tuple[Any, Any, dict]:
    """The checks of a cross-validated error: the estimator, ``X`` and ``y`` (a
    classification target) and the K-fold options (``kfold``, the keywords of
    :func:`~patterneval._engine.check_kfold_options`). Returns ``(X, y, options)``: the
    caller's y reaches the estimator as given, as X does (a pandas Series stays one, its
    rows taken by position); any other y as the checked array."""
    check_estimator("estimator", estimator)
    X, labels = check_X_y(X, y, pass_through=True)
    check_classification_target(labels, estimator=estimator)
    return X, (y if hasattr(y, "iloc") else labels), check_kfold_options(labels, **kfold)


def _cross_val_error(
    estimator,
    X,
    y,
    *,
    cv,
    rng,
    n_jobs,
    progress,
    single_class="constant",
    average="pooled",
    respond=None,
) -> tuple[CrossValidationResult, list | None]:
    """:func:`cross_val_error`, its checks included, and with ``respond`` the responses of
    the first repeat's models, from the fits that gave their predictions
    (:func:`_run_splits`): ``(result, responses)``."""
    X, y, opt = _check_cv_inputs(
        estimator,
        X,
        y,
        cv=cv,
        rng=rng,
        n_jobs=n_jobs,
        progress=progress,
        single_class=single_class,
        average=average,
    )
    return _run_splits(
        estimator,
        X,
        y,
        opt["splits"],
        n_jobs=opt["n_jobs"],
        progress=opt["progress"],
        desc="cross-validation",
        single_class=opt["single_class"],
        average=opt["average"],
        respond=respond,
    )


def leave_one_out_error(
    estimator: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    n_jobs: int | None = None,
    progress: bool = False,
    single_class: Literal["constant", "raise"] = "constant",
) -> CrossValidationResult:
    r"""Leave-one-out cross-validation error: ``n`` fits, each predicting one sample.

    .. math:: \hat\varepsilon_{LOO} = \frac1n \sum_{i=1}^n \mathbb 1[\hat f_{-i}(x_i) \ne y_i],

    with :math:`\hat f_{-i}` fitted on all samples but :math:`x_i`. It is k-fold
    cross-validation with ``k = n``; the split is unique, so there is no ``rng``. Its
    training sets are as large as they can be, which makes its bias small; its variance
    need not be (see the chapter). Lower is better.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
    X : array_like, DataFrame or sparse matrix, shape (n_samples, n_features)
        Passed to the estimator unchanged (only rows are taken), as in scikit-learn's
        ``cross_validate``: a pandas DataFrame (a pipeline may select columns by name),
        a scipy sparse matrix, NaN for an imputing pipeline. The estimator validates it.
    y : array_like or pandas Series, shape (n_samples,)
        As in :func:`cross_val_error` (a Series reaches the estimator as one).
    n_jobs : None or int
        Parallel fits through joblib. ``None`` follows the active
        ``joblib.parallel_config`` (its backend and ``n_jobs``; one job outside any), as in
        scikit-learn; ``1`` runs serially.
    progress : bool, default False
        Show a tqdm progress bar over the ``n`` fits.
    single_class : {"constant", "raise"}, default "constant"
        As in :func:`cross_val_error`: with two classes, one of which has a single sample,
        the fit that leaves that sample out sees one class only.

    Returns
    -------
    CrossValidationResult
        With ``n_splits = n``, ``n_repeats = 1``; ``fold_errors`` are the 0/1 mistakes.

    Notes
    -----
    Cost: ``n`` fits on ``n - 1`` samples.

    References
    ----------
    Lachenbruch, P. A. & Mickey, M. R. (1968). Estimation of error rates in discriminant
    analysis. Technometrics 10(1), 1-11. doi:10.1080/00401706.1968.10490530

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> import patterneval as pe
    >>> X, y = load_iris(return_X_y=True)
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> res = pe.leave_one_out_error(KNeighborsClassifier(1), X, y)
    >>> res.n_splits, round(res.error, 4)
    (150, 0.04)
    """
    check_estimator("estimator", estimator)
    X, labels = check_X_y(X, y, pass_through=True)
    check_classification_target(labels, estimator=estimator)
    y = y if hasattr(y, "iloc") else labels  # a pandas Series reaches the estimator as one
    progress = check_bool("progress", progress)
    single_class = check_choice("single_class", single_class, SINGLE_CLASS_OPTIONS)
    n_jobs = check_n_jobs(n_jobs)
    splits = [list(LeaveOneOut().split(X, labels))]
    return _run_splits(
        estimator,
        X,
        y,
        splits,
        n_jobs=n_jobs,
        progress=progress,
        desc="leave-one-out",
        single_class=single_class,
    )[0]
