"""Cross-validation (k-fold, repeated, stratified) and leave-one-out error estimates.

Derived in Part I of the book, chapter "Cross-validation and the bootstrap". The data
are split into ``k`` folds; each fold in turn is predicted by a clone of the estimator
fitted on the other ``k - 1``. Every sample is predicted exactly once per repeat, so the
error of one repeat is the number of mistakes divided by ``n``.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from sklearn.model_selection import LeaveOneOut

from .._results import Result
from .._validation import (
    check_bool,
    check_choice,
    check_classification_target,
    check_classifier,
    check_n_jobs,
    check_n_splits,
    check_positive_int,
    check_rng,
    check_resampling_X_y,
)
from ._engine import SINGLE_CLASS_OPTIONS, fit_predict, make_folds, run_tasks, single_class_error, single_class_label

__all__ = ["CrossValidationResult", "cross_val_error", "leave_one_out_error"]


@dataclasses.dataclass(frozen=True, repr=False)
class CrossValidationResult(Result):
    """Error estimate from k-fold (possibly repeated) or leave-one-out cross-validation.

    Attributes
    ----------
    error : float
        The CV error: mean over repeats of (mistakes / n), i.e. fold errors averaged with
        weights proportional to fold size. Lower is better.
    fold_std : float
        Sample standard deviation (ddof=1) of all fold errors: the spread between folds.
    repeat_std : float
        Sample standard deviation (ddof=1) of ``repeat_errors``; NaN when ``n_repeats == 1``
        (one value has no spread).
    n_splits, n_repeats : int
        Folds per repeat and number of repeats.
    stratify : bool
        Whether the folds kept the class proportions.
    fold_errors : ndarray, shape (n_repeats, n_splits)
        Error rate on each test fold.
    fold_sizes : ndarray of int, shape (n_repeats, n_splits)
        Number of samples in each test fold.
    repeat_errors : ndarray, shape (n_repeats,)
        Error of each repeat, mistakes / n.
    mistakes : ndarray of bool, shape (n_repeats, n_samples)
        ``mistakes[r, i]`` is True when sample ``i`` was misclassified in repeat ``r``
        (by the model that did not see it).
    n_single_class : int
        Training folds that held a single class; with ``single_class="constant"`` their
        test samples were predicted as that class (0 unless the folds are unstratified or
        a class is tiny).
    """

    error: float
    fold_std: float
    repeat_std: float
    n_splits: int
    n_repeats: int
    stratify: bool
    fold_errors: np.ndarray
    fold_sizes: np.ndarray
    repeat_errors: np.ndarray
    mistakes: np.ndarray
    n_single_class: int = 0


def _count_single_class(y, splits, single_class):
    """Training folds of one class; raises for ``single_class="raise"``, naming the first."""
    count = 0
    for r, repeat in enumerate(splits):
        for f, (train, _) in enumerate(repeat):
            label = single_class_label(y[train])
            if label is not None:
                if single_class == "raise":
                    raise single_class_error(label, f"fold {f} of repeat {r}")
                count += 1
    return count


def _run_splits(estimator, X, y, splits, *, n_repeats, n_jobs, progress, desc,
                single_class="constant"):
    """Fit on every (train, test) pair of ``splits`` (a list per repeat) and collect errors."""
    n_single_class = _count_single_class(y, splits, single_class)
    tasks = [(estimator, X, y, train, test, single_class) for repeat in splits for train, test in repeat]
    predictions = run_tasks(fit_predict, tasks, n_jobs=n_jobs, progress=progress, desc=desc)
    n, n_splits = y.shape[0], len(splits[0])
    mistakes = np.zeros((n_repeats, n), dtype=bool)
    fold_errors = np.empty((n_repeats, n_splits))
    fold_sizes = np.empty((n_repeats, n_splits), dtype=np.int64)
    for t, ((*_, test, _), pred) in enumerate(zip(tasks, predictions)):
        r, f = divmod(t, n_splits)
        wrong = np.asarray(pred) != y[test]
        mistakes[r, test] = wrong
        fold_sizes[r, f] = test.size
        fold_errors[r, f] = wrong.mean()
    repeat_errors = mistakes.mean(axis=1)
    return CrossValidationResult(
        error=float(repeat_errors.mean()),
        fold_std=float(fold_errors.std(ddof=1)),
        repeat_std=float(repeat_errors.std(ddof=1)) if n_repeats > 1 else float("nan"),
        n_splits=n_splits,
        n_repeats=n_repeats,
        stratify=False,
        fold_errors=fold_errors,
        fold_sizes=fold_sizes,
        repeat_errors=repeat_errors,
        mistakes=mistakes,
        n_single_class=n_single_class,
    )


def cross_val_error(estimator, X, y, *, n_splits=10, n_repeats=1, stratify=True, rng=None,
                    n_jobs=None, progress=False, single_class="constant") -> CrossValidationResult:
    r"""k-fold cross-validation error of a classifier, optionally repeated.

    Each repeat splits the ``n`` samples at random into ``k = n_splits`` folds
    :math:`F_1, \dots, F_k` (scikit-learn's ``StratifiedKFold`` when ``stratify``, else
    ``KFold``, shuffled with a seed from ``rng``; the same folds as the other methods given the same ``rng``). Fold :math:`j` is
    predicted by a clone of ``estimator`` fitted on the other folds,
    :math:`\hat f_{-j}`, and the error of the repeat is

    .. math:: \hat\varepsilon_{CV} = \frac{1}{n}\sum_{j=1}^{k}\sum_{i\in F_j}
              \mathbb 1[\hat f_{-j}(x_i) \ne y_i]
              = \sum_{j=1}^{k} \frac{|F_j|}{n}\,\hat\varepsilon_j ,

    the fold errors :math:`\hat\varepsilon_j` weighted by fold size. This is the
    fraction of all samples misclassified, so it does not depend on how unevenly ``n``
    divides into folds; the plain mean of fold errors (what averaging scikit-learn's
    ``cross_val_score`` gives) equals it when all folds have the same size. With
    ``n_repeats > 1`` the reported ``error`` is the mean of the repeats' errors. Lower
    is better.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
        Cloned for every fold; never fitted itself.
    X : array_like, DataFrame or sparse matrix, shape (n_samples, n_features)
        Passed to the estimator unchanged (only rows are taken), as in scikit-learn's
        ``cross_validate``: a pandas DataFrame (a pipeline may select columns by name),
        a scipy sparse matrix, NaN for an imputing pipeline. The estimator validates it.
    y : array_like, shape (n_samples,)
        Class labels, at least two classes (binary or multiclass in scikit-learn's
        ``type_of_target`` sense; a continuous target is rejected).
    n_splits : int, default 10
        Folds per repeat, ``2 <= n_splits <= n_samples``; with ``stratify`` every class
        needs at least ``n_splits`` samples.
    n_repeats : int, default 1
        Independent re-partitions.
    stratify : bool, default True
        Keep the class proportions in every fold (exactly ``True`` or ``False``).
    rng : None, int or numpy.random.Generator
        The only source of randomness (the fold assignment).
    n_jobs : None or int
        Parallel fits through joblib; the result does not depend on it. ``None`` follows the active
        ``joblib.parallel_config`` (its backend and ``n_jobs``; one job outside any), as in
        scikit-learn; ``1`` runs serially.
    progress : bool, default False
        Show a tqdm progress bar over the ``n_splits * n_repeats`` fits.
    single_class : {"constant", "raise"}, default "constant"
        A training fold that holds a single class (possible with ``stratify=False`` or a
        class smaller than the folds) cannot be fitted by most classifiers. ``"constant"``
        predicts that class for the fold's test samples, which is what any rule fitted on
        one class does; ``"raise"`` stops with a ValueError naming the fold.
        ``n_single_class`` reports how many folds it affected.

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
    Cost: ``n_splits * n_repeats`` fits on about ``n (k - 1) / k`` samples each, and
    O(n n_repeats) memory for the per-sample mistakes.

    References
    ----------
    Stone, M. (1974). Cross-validatory choice and assessment of statistical predictions.
    JRSS B 36(2), 111-147. doi:10.1111/j.2517-6161.1974.tb00994.x

    Kohavi, R. (1995). A study of cross-validation and bootstrap for accuracy estimation
    and model selection. IJCAI 14, 1137-1145.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    >>> import patterneval as pe
    >>> X, y = load_iris(return_X_y=True)
    >>> res = pe.cross_val_error(LinearDiscriminantAnalysis(), X, y,
    ...                          n_splits=5, n_repeats=2, rng=0)
    >>> res.fold_errors.shape
    (2, 5)
    >>> bool(0.0 <= res.error <= 0.05)
    True
    """
    check_classifier(estimator)
    X, y = check_resampling_X_y(X, y)
    check_classification_target(y, estimator=estimator)
    stratify = check_bool("stratify", stratify)
    progress = check_bool("progress", progress)
    single_class = check_choice("single_class", single_class, SINGLE_CLASS_OPTIONS)
    n_splits = check_n_splits(n_splits, y, stratify=stratify)
    n_repeats = check_positive_int("n_repeats", n_repeats)
    n_jobs = check_n_jobs(n_jobs)
    rng = check_rng(rng)
    splits = make_folds(y, n_splits=n_splits, n_repeats=n_repeats, stratify=stratify, rng=rng)
    result = _run_splits(estimator, X, y, splits, n_repeats=n_repeats, n_jobs=n_jobs,
                         progress=progress, desc="cross-validation", single_class=single_class)
    return dataclasses.replace(result, stratify=stratify)


def leave_one_out_error(estimator, X, y, *, n_jobs=None, progress=False,
                        single_class="constant") -> CrossValidationResult:
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
    y : array_like, shape (n_samples,)
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
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> import patterneval as pe
    >>> X, y = load_iris(return_X_y=True)
    >>> res = pe.leave_one_out_error(KNeighborsClassifier(1), X, y)
    >>> res.n_splits, round(res.error, 4)
    (150, 0.04)
    """
    check_classifier(estimator)
    X, y = check_resampling_X_y(X, y)
    check_classification_target(y, estimator=estimator)
    progress = check_bool("progress", progress)
    single_class = check_choice("single_class", single_class, SINGLE_CLASS_OPTIONS)
    n_jobs = check_n_jobs(n_jobs)
    splits = [list(LeaveOneOut().split(X, y))]
    return _run_splits(estimator, X, y, splits, n_repeats=1, n_jobs=n_jobs, progress=progress,
                       desc="leave-one-out", single_class=single_class)
