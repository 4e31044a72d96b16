"""Feature-selection leakage: CV1 (select on all data, then cross-validate) vs CV2 (select
inside every training fold).

Derived in Part I of the book, chapter "Feature-selection leakage" (section
特征提取与选择对分类器性能估计的影响 of the course notes). A selector that looks at the labels of all samples
has already seen the labels of every future test fold; cross-validating only the
classifier afterwards (CV1) then estimates the error of a system that was partly trained on
its test data. Repeating the selection inside each training fold (CV2) estimates the error
of the whole system, selection included.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, clone

from .._api import keywords
from .._engine import (
    _support,
    cross_validate_folds,
    cv_error,
    x_passed_through,
)
from .._results import Result
from .._validation import check_bool, check_estimator, check_scalar
from .crossval import _check_cv_inputs

__all__ = ["SelectionCVResult", "selection_cv_error"]


@dataclasses.dataclass(frozen=True, repr=False)
class SelectionCVResult(Result):
    """Cross-validation error of a selector + classifier system, CV1 or CV2.

    Attributes
    ----------
    error : float
        The CV error (lower is better): per repeat, mistakes over all held-out samples / n
        (``average="pooled"``, the package's definition) or the mean of the fold errors
        (``average="folds"``); then the mean over repeats.
    std_error : float
        Standard deviation of the fold errors divided by the square root of their number
        (a rough spread: folds share training samples, so it understates the true
        uncertainty).
    inside : bool
        True for CV2 (selection inside every training fold), False for CV1.
    fold_errors : numpy.ndarray
        Error rate on each test fold, repeats one after the other, shape
        ``(n_repeats * n_splits,)`` (``n_repeats`` of a repeated splitter, else 1).
    selected_features : tuple of numpy.ndarray
        ``selected_features[i]`` holds the column indices the classifier of fold ``i`` used.
        For CV1 every entry is the one set chosen on all data; for CV2 each fold chose its
        own. Empty tuple when the selector has no ``get_support`` (a feature extractor such
        as PCA, whose outputs are not columns of ``X``).
    n_features : int
        Number of columns of ``X``.
    n_single_class : int
        Folds whose training set held a single class: predicted as that class without
        fitting the selector or the classifier (with CV2 their ``selected_features`` entry
        is empty).
    """

    error: float
    std_error: float
    inside: bool
    fold_errors: np.ndarray
    selected_features: tuple = dataclasses.field(repr=False)
    n_features: int = dataclasses.field(repr=False)
    n_single_class: int = 0
    average: str = dataclasses.field(default="pooled", repr=False)

    @property
    def selection_counts(self) -> np.ndarray:
        """How many folds selected each of the ``n_features`` columns.

        The note's remedy for CV2's many feature sets: keep the features chosen most often.

        Examples
        --------
        >>> import numpy as np
        >>> from patterneval.resampling.selection import SelectionCVResult
        >>> res = SelectionCVResult(error=0.2, std_error=0.1, inside=True,
        ...                         fold_errors=np.array([0.1, 0.3]),
        ...                         selected_features=(np.array([0, 2]), np.array([2, 3])),
        ...                         n_features=5)
        >>> res.selection_counts  # column 2 was kept by both folds
        array([1, 0, 2, 1, 0])
        """
        counts = np.zeros(self.n_features, dtype=int)
        for support in self.selected_features:
            counts[support] += 1
        return counts

    def most_selected(self, n: int | None = None) -> np.ndarray:
        """Column indices by how many folds selected them, most often first.

        Ties (equal counts, common: counts are small integers) are ordered by the lower
        column index first, a stable sort of the counts, so the order is the same on every
        machine. ``n`` keeps the first ``n`` (all columns by default); when the count at
        position ``n`` is shared by columns beyond it, the cut is made by that index rule.

        Parameters
        ----------
        n : int >= 1, optional
            How many columns to keep (default all).

        Returns
        -------
        ndarray of int, shape (min(n, n_features),)
            Column indices.

        Examples
        --------
        >>> import numpy as np
        >>> from patterneval.resampling.selection import SelectionCVResult
        >>> supports = (np.array([0, 2, 4]), np.array([2, 3, 4]))  # two folds, five columns
        >>> res = SelectionCVResult(0.2, 0.1, True, np.array([0.1, 0.3]), supports, 5)
        >>> res.selection_counts
        array([1, 0, 2, 1, 2])
        >>> res.most_selected(4)  # 2 and 4 tie at two folds, 0 and 3 at one
        array([2, 4, 0, 3])
        """
        counts = self.selection_counts
        order = np.argsort(-counts, kind="stable")
        if n is None:
            return order
        return order[: check_scalar("n", n, int, low=1)]


@keywords
def selection_cv_error(
    selector: BaseEstimator,
    estimator: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    inside: bool = True,
    cv: int | object = 10,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
    single_class: Literal["constant", "raise"] = "constant",
    average: Literal["pooled", "folds"] = "pooled",
) -> SelectionCVResult:
    r"""Cross-validation error of feature selection + classifier, selecting inside (CV2) or
    outside (CV1) the folds.

    With folds :math:`F_1, \dots, F_K` and :math:`\bar F_j` the rest of the data,

    .. math::

        \widehat{\mathrm{err}}_{\mathrm{CV1}} = \frac1K \sum_{j=1}^K
            \mathrm{err}\bigl(f_{\bar F_j}\circ s_{\text{all}};\ F_j\bigr), \qquad
        \widehat{\mathrm{err}}_{\mathrm{CV2}} = \frac1K \sum_{j=1}^K
            \mathrm{err}\bigl(f_{\bar F_j}\circ s_{\bar F_j};\ F_j\bigr),

    where :math:`s_D` is the selector fitted on :math:`D` and :math:`f_D` the classifier
    fitted on :math:`D`'s selected columns. CV1 fits the selector once on all samples, so
    the labels of every test fold :math:`F_j` steer which columns the classifier sees:
    with many features and few samples its error is optimistic (on pure noise it falls far
    below the chance level). CV2 is the honest estimate of the whole system's error; it is
    what ``cross_val_score(make_pipeline(selector, estimator), ...)`` computes. Lower is
    better.

    The formulas are written for folds of equal size. By default (``average="pooled"``,
    the package's definition of the CV error, as in :func:`patterneval.cross_val_error`)
    a repeat's error is the number of held-out mistakes divided by ``n``, the fold errors
    weighted by fold size, so that every sample counts once when ``n`` does not divide
    into equal folds; ``average="folds"`` gives the plain mean :math:`K^{-1}\sum_j` of the
    fold errors written above (one minus the mean of ``cross_val_score``). Repeats are
    averaged. Both run through the same engine as ``cross_val_error``.

    Parameters
    ----------
    selector : scikit-learn transformer
        Any instance with ``fit(X, y)`` and ``transform(X)`` (``SelectKBest``, ``RFE``,
        ``SelectFromModel``, even ``PCA``); cloned for every fit.
    estimator : scikit-learn classifier
        Cloned and fitted on each training fold's selected columns.
    X : array-like, DataFrame or sparse matrix, shape (n_samples, n_features)
        Passed to the selector and the estimator unchanged (only rows are taken), as in
        scikit-learn's ``cross_validate``: a pandas DataFrame (a pipeline may select columns
        by name), a scipy sparse matrix, NaN for an imputing pipeline. They validate it.
    y : array-like or pandas Series, shape (n_samples,)
        Class labels. A pandas Series reaches the selector and the estimator as a Series,
        like ``X`` (rows taken by position).
    inside : bool, default True
        True for CV2, False for CV1; exactly ``True`` or ``False`` (a string such as
        ``"no"`` is rejected rather than read as true).
    cv : int, scikit-learn splitter or iterable of (train, test) pairs, default 10
        As in :func:`patterneval.cross_val_error`: an int ``k`` gives ``k`` shuffled
        stratified folds drawn from ``rng`` (the folds ``cross_val_error`` draws with the same
        ``rng``); a splitter such as ``RepeatedStratifiedKFold(n_splits=10, n_repeats=5,
        random_state=0)`` or explicit pairs are used as given.
    rng : None, int or numpy.random.Generator
        Seeds the folds of an int ``cv``; the same ``rng`` gives CV1 and CV2 the same folds.
    n_jobs : int or None
        Folds fitted in parallel through joblib; the result does not depend on it.
    progress : bool, default False
        Show a tqdm progress bar over the folds.
    single_class : {"constant", "raise"}, default "constant"
        A training fold of a single class (possible only with an unstratified splitter such
        as ``KFold``, or a tiny class) predicts that class for its test samples without fitting anything, or
        raises a ValueError naming the fold, as in :func:`patterneval.cross_val_error`.
    average : {"pooled", "folds"}, default "pooled"
        ``"pooled"``: held-out mistakes / n per repeat; ``"folds"``: the mean of the fold
        error rates (scikit-learn's convention). Equal when the folds have equal sizes.

    Returns
    -------
    SelectionCVResult
        ``error``, ``std_error``, ``inside``, ``fold_errors``, ``selected_features``.

    Notes
    -----
    Cost: one fit of the classifier per ``(train, test)`` pair, plus as many fits of the
    selector for CV2 or a single one for CV1. The chapter "Feature-selection leakage"
    derives both estimates and shows the gap on pure noise.

    References
    ----------
    .. [1] Ambroise, C. & McLachlan, G. J. (2002). Selection bias in gene extraction on the
       basis of microarray gene-expression data. PNAS 99(10), 6562-6566.
       doi:10.1073/pnas.102102699
    .. [2] Hastie, T., Tibshirani, R. & Friedman, J. (2009). The Elements of Statistical
       Learning, 2nd ed., section 7.10.2 "The wrong and right way to do cross-validation".
       doi:10.1007/978-0-387-84858-7

    Examples
    --------
    Pure noise: no feature carries information, so the true error is 0.5.

    >>> import numpy as np, patterneval as pe
    >>> from sklearn.feature_selection import SelectKBest, f_classif
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> gen = np.random.default_rng(0)
    >>> X, y = gen.normal(size=(50, 2000)), np.repeat([0, 1], 25)
    >>> sel, knn = SelectKBest(f_classif, k=10), KNeighborsClassifier(1)
    >>> cv1 = pe.selection_cv_error(sel, knn, X, y, inside=False, cv=5, rng=1)
    >>> cv2 = pe.selection_cv_error(sel, knn, X, y, inside=True, cv=5, rng=1)
    >>> bool(cv1.error < 0.3), bool(cv2.error > 0.4)
    (True, True)
    >>> len(cv2.selected_features), cv2.selected_features[0].shape
    (5, (10,))
    """
    check_estimator(
        "selector",
        selector,
        methods=("fit", "transform", "get_params"),
        example="SelectKBest(f_classif, k=10)",
        role="transformer",
    )
    inside = check_bool("inside", inside)
    # the caller's y reaches the selector and the estimator as given, as X does
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
    n_repeats, n_splits = len(opt["splits"]), len(opt["splits"][0])
    folds = [fold for repeat in opt["splits"] for fold in repeat]
    if inside:
        X_used, fold_selector, outside_support = X, selector, None
    else:
        with x_passed_through("selector's fit and transform", len(y)):
            fitted = clone(selector).fit(X, y)  # CV1: every label, test folds' included
            X_used = fitted.transform(X)
        fold_selector, outside_support = None, _support(fitted)
    outcome = cross_validate_folds(
        estimator,
        X_used,
        y,
        folds,
        selector=fold_selector,
        single_class=opt["single_class"],
        n_jobs=opt["n_jobs"],
        progress=opt["progress"],
        desc="CV2" if inside else "CV1",
    )
    shape = (n_repeats, n_splits)
    fold_errors = outcome.fold_errors()
    if inside:
        supports = outcome.supports
        selected = () if any(s is None for s in supports) else tuple(supports)
    else:
        selected = () if outside_support is None else (outside_support,) * len(folds)
    return SelectionCVResult(
        error=float(
            np.mean(
                [
                    cv_error(c, m, opt["average"])
                    for c, m in zip(outcome.counts.reshape(shape), outcome.sizes.reshape(shape))
                ]
            )
        ),
        std_error=float(fold_errors.std(ddof=1) / np.sqrt(fold_errors.size)),
        inside=inside,
        fold_errors=fold_errors,
        selected_features=selected,
        n_features=int(np.shape(X)[1]) if np.ndim(X) == 2 else 1,
        n_single_class=len(outcome.single),
        average=opt["average"],
    )
