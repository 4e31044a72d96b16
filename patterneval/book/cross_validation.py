"""The chapter "Cross-validation and the bootstrap" (Part I): the bootstrap's share of
distinct samples, and the error estimators side by side, by simulation.

:func:`simulate_distinct_share` draws bootstrap samples to check the inclusion probability
``1 - (1 - 1/n)^n`` (:func:`~patterneval.resampling.inclusion_probability`).
:func:`simulate_error_estimates` draws many training sets from a problem with a known
error and puts leave-one-out, k-fold cross-validation and the bootstrap estimates
(:func:`~patterneval.cross_val_error`, :func:`~patterneval.bootstrap_error`) side by side:
bias, spread and RMSE.
:func:`simulate_k_fold` checks the theory of K-fold cross-validation: its bias against the
learning curve, the three covariances of the held-out errors (Bengio and Grandvalet, 2004)
and what repeated partitions average away. :func:`nested_cv_error` assesses a grid search by
nested cross-validation beside the optimistic non-nested score; :func:`simulate_nested` repeats
it on generated data.
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, clone
from sklearn.model_selection import GridSearchCV, KFold, RepeatedStratifiedKFold

from .._api import keywords
from .._engine import run_tasks, spawn
from .._results import Result
from .._validation import (
    check_array,
    check_bool,
    check_callable,
    check_choice,
    check_classification_target,
    check_estimator,
    check_n_jobs,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
    show,
)
from ..resampling.bootstrap import bootstrap_error
from ..resampling.crossval import cross_val_error, leave_one_out_error

__all__ = [
    "EstimatorSimulation",
    "KFoldSimulation",
    "KFoldVariance",
    "NestedCVResult",
    "bootstrap_se",
    "k_fold_variance",
    "nested_cv_error",
    "simulate_distinct_share",
    "simulate_error_estimates",
    "simulate_k_fold",
    "simulate_nested",
]


@keywords
def simulate_distinct_share(
    n: int,
    *,
    n_resamples: int = 10_000,
    rng: int | np.random.Generator | None = None,
) -> np.ndarray:
    r"""Share of distinct samples in each of ``n_resamples`` simulated bootstrap samples.

    Each bootstrap sample draws ``n`` indices from ``0..n-1`` with replacement; the share
    of distinct indices has mean :func:`~patterneval.resampling.inclusion_probability` ``(n)`` (each sample is
    present with that probability, and the share is the average of those indicators).

    Parameters
    ----------
    n : int
        Data-set size, ``n >= 1``.
    n_resamples : int, default 10000
        Bootstrap samples to draw.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    ndarray, shape (n_resamples,)
        Values in ``{1/n, 2/n, ..., 1}``.

    Notes
    -----
    O(n_resamples n) time and memory (one boolean table).

    Examples
    --------
    >>> from patterneval.book.cross_validation import simulate_distinct_share
    >>> share = simulate_distinct_share(50, n_resamples=4000, rng=0)
    >>> round(float(share.mean()), 2)
    0.64
    """
    n = check_scalar("n", n, int, low=1)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    rng = check_rng(rng)
    draws = rng.integers(0, n, size=(n_resamples, n))
    seen = np.zeros((n_resamples, n), dtype=bool)
    np.put_along_axis(seen, draws, True, axis=1)
    return seen.mean(axis=1)


@dataclasses.dataclass(frozen=True, repr=False)
class EstimatorSimulation(Result):
    """Error estimators side by side on many training sets of a problem with known error.

    Attributes
    ----------
    names : tuple of str
        The estimators, in column order of ``estimates``.
    n : int
        Training-set size.
    true_errors : ndarray, shape (n_datasets,)
        Error of the rule fitted on each training set, measured on ``n_test`` fresh samples.
    estimates : ndarray, shape (n_datasets, len(names))
        Each estimator's value on each training set.
    bias, std, rmse : ndarray, shape (len(names),)
        Mean of ``estimate - true error``; standard deviation (ddof=1) of the estimate;
        root mean square of ``estimate - true error``.
    bias_se : ndarray, shape (len(names),)
        Monte Carlo standard error of ``bias``.
    """

    _rows = ("names", "bias", "bias_se", "std", "rmse")

    names: tuple
    n: int
    true_errors: np.ndarray
    estimates: np.ndarray
    bias: np.ndarray
    bias_se: np.ndarray
    std: np.ndarray
    rmse: np.ndarray

    def column(self, name: str) -> np.ndarray:
        """The estimates of one estimator across the training sets.

        Parameters
        ----------
        name : str
            One of ``names``.

        Returns
        -------
        ndarray, shape (n_datasets,)

        Examples
        --------
        >>> import numpy as np
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from patterneval.book.cross_validation import simulate_error_estimates
        >>> def sampler(rng, size):
        ...     y = np.arange(size) % 2
        ...     return rng.normal(size=(size, 2)) + y[:, None], y
        >>> sim = simulate_error_estimates(GaussianNB(), sampler, n=20, n_test=2000,
        ...                                n_datasets=3, n_resamples=5, rng=0)
        >>> sim.column(".632").shape
        (3,)
        >>> print(sim.table().splitlines()[0])
        estimator     mean     bias   (s.e.)      sd    rmse
        """
        return self.estimates[:, self.names.index(check_choice("name", name, self.names))]

    def standard_errors(self) -> tuple[np.ndarray, np.ndarray]:
        r"""Monte Carlo standard errors of ``std`` and ``rmse``.

        ``std / sqrt(2 (D - 1))`` for the standard deviation (normal theory, ``D`` training
        sets) and, by the delta method, :math:`\mathrm{se}(\overline{d^2}) / (2\,\mathrm{rmse})`
        for the RMSE, :math:`d` the estimate's error on each training set.
        """
        d = self.estimates - self.true_errors[:, None]
        n_sets = d.shape[0]
        std_se = self.std / np.sqrt(2 * (n_sets - 1))
        rmse_se = (d**2).std(axis=0, ddof=1) / np.sqrt(n_sets) / (2 * self.rmse)
        return std_se, rmse_se

    def table(self, *, standard_errors: bool = False) -> str:
        """Plain-text table: mean estimate, bias (with MC s.e.), sd and RMSE per estimator.

        Parameters
        ----------
        standard_errors : bool, default False
            Also give the Monte Carlo standard errors of sd and RMSE
            (:meth:`standard_errors`), each after its entry.

        Returns
        -------
        str
            A header, a row for the mean true error and one row per estimator.

        Examples
        --------
        See :meth:`column`.
        """
        standard_errors = check_bool("standard_errors", standard_errors)
        extra = f" {'(s.e.)':>8}" if standard_errors else ""
        rows = [
            f"{'estimator':<10} {'mean':>7} {'bias':>8} {'(s.e.)':>8} {'sd':>7}{extra}"
            f" {'rmse':>7}{extra}",
            f"{'true':<10} {self.true_errors.mean():>7.4f}",
        ]
        std_se, rmse_se = self.standard_errors()
        for j, name in enumerate(self.names):
            sd = f"{self.std[j]:>7.4f}" + (f" {std_se[j]:>8.4f}" if standard_errors else "")
            rmse = f"{self.rmse[j]:>7.4f}" + (f" {rmse_se[j]:>8.4f}" if standard_errors else "")
            rows.append(
                f"{name:<10} {self.estimates[:, j].mean():>7.4f} {self.bias[j]:>+8.4f} "
                f"{self.bias_se[j]:>8.4f} {sd} {rmse}"
            )
        return "\n".join(rows)


def _draw(sampler, rng, size):
    """``sampler(rng, size)``, checked: a pair (X, y) of ``size`` finite rows and their
    class labels; anything else raises naming ``sampler``."""
    out = sampler(rng, size)
    expected = f"a function returning a pair (X, y) of {size} samples (the size it is asked for)"
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise fail("sampler", expected, f"one returning {show(out)}", error=TypeError, echo=False)
    try:
        X, y = check_X_y(*out)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"sampler must be {expected}; its output was refused: {exc}") from None
    if X.shape[0] != size:
        raise fail("sampler", expected, f"one returning {X.shape[0]} samples", echo=False)
    return X, y


def _cv_name(cv) -> str:
    """The column name of one cross-validation of :func:`simulate_error_estimates`:
    ``"10-fold"`` for ``cv=10``, ``"10-fold x5"`` for a splitter of 10 folds repeated 5 times,
    the splitter's class name otherwise."""
    if isinstance(cv, int):
        return f"{cv}-fold"
    n_repeats = getattr(cv, "n_repeats", None)  # RepeatedStratifiedKFold, RepeatedKFold
    if isinstance(n_repeats, int) and n_repeats >= 1:
        return f"{cv.get_n_splits() // n_repeats}-fold x{n_repeats}"
    return type(cv).__name__


def _one_training_set(estimator, sampler, n, X_test, y_test, cvs, n_resamples, rng):
    """True error and every estimate on one freshly drawn training set."""
    X, y = _draw(sampler, rng, n)
    X, y = check_X_y(X, y)
    true_error = float(np.mean(clone(estimator).fit(X, y).predict(X_test) != y_test))
    values = [leave_one_out_error(estimator, X, y).error]
    values += [cross_val_error(estimator, X, y, cv=cv, rng=rng).error for cv in cvs]
    boot = bootstrap_error(estimator, X, y, n_resamples=n_resamples, rng=rng)
    values += [boot.oob, boot.estimate_632, boot.estimate_632plus]
    return true_error, values


@keywords
def simulate_error_estimates(
    estimator: BaseEstimator,
    sampler: Callable,
    *,
    n: int,
    n_test: int = 20_000,
    n_datasets: int = 100,
    cv: int | object | Sequence = (2, 10),
    n_resamples: int = 50,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> EstimatorSimulation:
    r"""Bias and spread of LOO, k-fold CV and the bootstrap estimates, by simulation.

    For each of ``n_datasets`` training sets of size ``n`` drawn by ``sampler``, the
    rule fitted on it has a true (conditional) error, measured on one large independent
    test set of ``n_test`` samples; beside it are computed leave-one-out, the
    cross-validation error (:func:`~patterneval.cross_val_error`) for each entry of ``cv``, and the
    bootstrap ``oob``, ``.632`` and ``.632+`` estimates. Then, for each estimator,

    .. math:: \text{bias} = \overline{\hat\varepsilon - \varepsilon}, \qquad
              \text{rmse} = \sqrt{\overline{(\hat\varepsilon - \varepsilon)^2}},

    averages over the training sets, with the Monte Carlo standard error of the bias.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
    sampler : callable
        ``sampler(rng, size) -> (X, y)``: draws ``size`` labelled samples with the given
        Generator (finite rows; anything else raises an error naming ``sampler``).
    n : int
        Training-set size.
    n_test : int, default 20000
        Size of the independent test set that measures each fitted rule's true error.
    n_datasets : int, default 100
        Training sets drawn (the Monte Carlo sample).
    cv : int, scikit-learn splitter, or a sequence of them, default (2, 10)
        The cross-validations to run, one column each: an int ``k`` is ``k`` stratified
        folds drawn afresh for each training set (column ``"k-fold"``), a splitter such as
        ``RepeatedStratifiedKFold(n_splits=10, n_repeats=5)`` is applied to each training
        set (column ``"10-fold x5"``). The data are generated, so only a number of folds
        or a splitter makes sense here, not fixed ``(train, test)`` pairs.
    n_resamples : int, default 50
        Bootstrap replicates per training set.
    rng : None, int or numpy.random.Generator
    n_jobs : None or int
        Training sets are spread over joblib workers; the result does not depend on it.
    progress : bool, default False

    Returns
    -------
    EstimatorSimulation

    Notes
    -----
    Cost per training set: ``n + K + n_resamples + 2`` fits, ``K`` the ``(train, test)``
    pairs of all the cross-validations (``sum(cv)`` for ints).

    References
    ----------
    Efron & Tibshirani (1997), the .632+ paper cited by :func:`~patterneval.bootstrap_error`.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from patterneval.book.cross_validation import simulate_error_estimates
    >>> def sampler(rng, size):
    ...     y = np.arange(size) % 2
    ...     return rng.normal(size=(size, 2)) + y[:, None], y
    >>> sim = simulate_error_estimates(GaussianNB(), sampler, n=20, n_test=2000,
    ...                                n_datasets=3, n_resamples=5, rng=0)
    >>> sim.names
    ('LOO', '2-fold', '10-fold', 'oob', '.632', '.632+')
    >>> sim.estimates.shape
    (3, 6)
    """
    check_estimator("estimator", estimator)
    check_callable("sampler", sampler)
    n = check_scalar("n", n, int, low=4)
    n_test = check_scalar("n_test", n_test, int, low=1)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    cvs = check_cv_sequence(cv)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    n_jobs = check_n_jobs(n_jobs)
    rng = check_rng(rng)
    progress = check_bool("progress", progress)
    test_rng, *children = spawn(rng, n_datasets + 1)
    X_test, y_test = _draw(sampler, test_rng, n_test)
    check_classification_target(y_test, estimator=estimator)
    tasks = [(estimator, sampler, n, X_test, y_test, cvs, n_resamples, child) for child in children]
    results = run_tasks(
        _one_training_set, tasks, n_jobs=n_jobs, progress=progress, desc="training sets"
    )
    true_errors = np.array([r[0] for r in results])
    estimates = np.array([r[1] for r in results])
    diff = estimates - true_errors[:, None]
    return EstimatorSimulation(
        names=("LOO", *(_cv_name(c) for c in cvs), "oob", ".632", ".632+"),
        n=n,
        true_errors=true_errors,
        estimates=estimates,
        bias=diff.mean(axis=0),
        bias_se=diff.std(axis=0, ddof=1) / np.sqrt(n_datasets),
        std=estimates.std(axis=0, ddof=1),
        rmse=np.sqrt(np.mean(diff**2, axis=0)),
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_cv_sequence(cv, *, name: str = "cv") -> tuple:
    """One cross-validation or a sequence of them, for data not drawn yet: each an int
    number of folds >= 2 (checked against the labels when they are drawn) or a scikit-learn
    splitter. Returns a tuple, ints as Python ints."""

    def one(entry):
        if isinstance(entry, (int, np.integer)) and not isinstance(entry, (bool, np.bool_)):
            return check_scalar(name, entry, int, low=2)
        return check_estimator(
            name,
            entry,
            methods=("split", "get_n_splits"),
            role="splitter",
            example="StratifiedKFold(5) or 10",
        )

    if (
        isinstance(cv, (int, np.integer))
        or callable(getattr(cv, "split", None))
        or not np.iterable(cv)
        or isinstance(cv, (str, bytes))
    ):
        return (one(cv),)
    entries = tuple(one(entry) for entry in cv)
    if not entries:
        raise fail(
            name,
            "an int number of folds, a splitter, or a non-empty sequence of them",
            "an empty sequence",
            echo=False,
        )
    return entries


# ---- the theory of K-fold cross-validation: bias against the learning curve, the three
# covariances of the held-out errors (Bengio and Grandvalet, 2004), repeats, nested CV


@dataclasses.dataclass(frozen=True, repr=False)
class KFoldSimulation(Result):
    r"""K-fold cross-validation on many training sets of one problem.

    Attributes
    ----------
    ks : tuple of int
        The numbers of folds, one column of ``cv_errors`` and ``targets`` each.
    n : int
        Training-set size (a multiple of every ``k``: the folds are equal).
    cv_errors : ndarray, shape (n_datasets, len(ks))
        The K-fold CV error of each training set (contiguous folds of the i.i.d. rows).
    targets : ndarray, shape (n_datasets, len(ks))
        True error (on ``n_test`` fresh samples) of a rule fitted on a *fresh* training set
        of size ``n (k - 1) / k``: its mean estimates the learning curve at that size.
    k_decomposed : int
        The ``k`` whose held-out errors ``mistakes`` holds.
    mistakes : ndarray of bool, shape (n_datasets, n)
        The held-out errors :math:`e_i` of the ``k_decomposed``-fold CV; sample ``i`` is in
        fold ``i // (n / k_decomposed)``.
    repeat_errors : ndarray, shape (n_datasets, n_partitions)
        The errors of ``n_partitions`` independent stratified partitions into ``k_decomposed``
        folds of each training set.
    """

    ks: tuple
    n: int
    cv_errors: np.ndarray
    targets: np.ndarray
    k_decomposed: int
    mistakes: np.ndarray = dataclasses.field(repr=False)
    repeat_errors: np.ndarray = dataclasses.field(repr=False)

    def bias(self) -> tuple[np.ndarray, np.ndarray]:
        r"""Mean of ``cv_error - target`` per ``k``, and its Monte Carlo standard error."""
        diff = self.cv_errors - self.targets
        return diff.mean(axis=0), diff.std(axis=0, ddof=1) / np.sqrt(diff.shape[0])

    def components(self, rows: np.ndarray | None = None) -> tuple[float, float, float]:
        r"""The moments :math:`(\sigma^2, \omega, \gamma)` of the held-out errors.

        :math:`\sigma^2` is the mean variance of one :math:`e_i`, :math:`\omega` the mean
        covariance of two errors of the same test fold, :math:`\gamma` of two errors of
        different folds, each from the sample covariance matrix of ``mistakes`` over the
        training sets (``rows``: a subset of them, for a bootstrap).
        """
        if rows is not None:
            n_sets = self.mistakes.shape[0]
            rows = check_array("rows", rows, ndim=1, kind="int", low=0, high=n_sets - 1)
        e = self.mistakes if rows is None else self.mistakes[rows]
        cov = np.cov(e.astype(float), rowvar=False)
        fold = np.arange(self.n) // (self.n // self.k_decomposed)
        same = fold[:, None] == fold[None, :]
        diagonal = np.eye(self.n, dtype=bool)
        return (
            float(cov[diagonal].mean()),
            float(cov[same & ~diagonal].mean()),
            float(cov[~same].mean()),
        )

    def naive_variances(self) -> np.ndarray:
        r"""Per training set, :math:`s_K^2 / K`: the fold errors' sample variance over
        :math:`K`, the estimate that treats the folds as independent."""
        k = self.k_decomposed
        folds = self.mistakes.reshape(self.mistakes.shape[0], k, self.n // k).mean(axis=2)
        return folds.var(axis=1, ddof=1) / k


@dataclasses.dataclass(frozen=True, repr=False)
class KFoldVariance(Result):
    r"""The variance of the K-fold CV error, term by term (Bengio and Grandvalet, 2004).

    Attributes
    ----------
    total : float
        :math:`\operatorname{Var}[\hat\varepsilon_{CV}]`, the sum of the three terms.
    binomial : float
        :math:`\sigma^2/n`, the variance the held-out errors would give if independent.
    same_fold : float
        :math:`(m-1)\,\omega/n`, from pairs of errors of the same test fold.
    other_folds : float
        :math:`(n-m)\,\gamma/n`, from pairs of errors of different test folds.
    naive : float
        :math:`E[s_K^2/K] = \operatorname{Var}[\hat\varepsilon_{CV}] - \gamma`, what the
        fold errors' sample variance over :math:`K` estimates on average.
    n, k, m : int
        Sample size, number of folds, fold size :math:`m = n/K`.
    """

    total: float
    binomial: float
    same_fold: float
    other_folds: float
    naive: float
    n: int
    k: int
    m: int


def k_fold_variance(n: int, k: int, sigma2: float, omega: float, gamma: float) -> KFoldVariance:
    r"""The decomposition :math:`\operatorname{Var}[\hat\varepsilon_{CV}] = \sigma^2/n +
    (m-1)\,\omega/n + (n-m)\,\gamma/n` of K-fold cross-validation with equal folds of
    :math:`m = n/K` samples, and the naive estimate's expectation
    :math:`E[s_K^2/K] = \operatorname{Var}[\hat\varepsilon_{CV}] - \gamma`.

    The identity counts the pairs of held-out errors: :math:`n` variances, :math:`n(m-1)`
    same-fold and :math:`n(n-m)` different-fold covariances. It holds exactly for the
    sample moments too (:meth:`KFoldSimulation.components` averages the entries of a
    sample covariance matrix by the same pairs).

    Parameters
    ----------
    n : int >= 2
        Sample size.
    k : int in [2, n]
        Number of folds; a divisor of ``n`` (equal folds).
    sigma2 : float >= 0
        Variance :math:`\sigma^2` of one held-out error (:math:`\varepsilon(1-\varepsilon)`
        for a binary loss).
    omega, gamma : float in [-sigma2, sigma2]
        Covariance of two held-out errors of the same test fold (:math:`\omega`) and of
        different test folds (:math:`\gamma`).

    Returns
    -------
    KFoldVariance

    Notes
    -----
    The moments of a real covariance matrix keep every term's combination non-negative:
    its eigenvalues are :math:`\sigma^2 - \omega`, :math:`n\,E[s_K^2/K]` (so ``naive``
    >= 0) and :math:`n \operatorname{Var}[\hat\varepsilon_{CV}]`. The function does not
    require it: a negative ``naive`` flags moments no distribution has.

    Examples
    --------
    >>> v = k_fold_variance(60, 5, sigma2=0.24, omega=0.0, gamma=0.002)
    >>> v.m, round(v.binomial, 6), round(v.other_folds, 6), round(v.total, 6)
    (12, 0.004, 0.0016, 0.0056)
    >>> round(v.naive, 6)  # the naive s_K^2/K misses gamma
    0.0036
    """
    n = check_scalar("n", n, int, low=2)
    k = check_scalar("k", k, int, low=2, high=n)
    if n % k:
        raise fail("k", f"a divisor of n={n} (equal folds)", k)
    sigma2 = check_scalar("sigma2", sigma2, float, low=0)
    # a covariance is bounded by the variance (Cauchy-Schwarz)
    omega = check_scalar("omega", omega, float, low=-sigma2, high=sigma2)
    gamma = check_scalar("gamma", gamma, float, low=-sigma2, high=sigma2)
    m = n // k
    binomial, same_fold, other_folds = sigma2 / n, (m - 1) * omega / n, (n - m) * gamma / n
    total = binomial + same_fold + other_folds
    return KFoldVariance(
        total=total,
        binomial=binomial,
        same_fold=same_fold,
        other_folds=other_folds,
        naive=total - gamma,
        n=n,
        k=k,
        m=m,
    )


def _one_k_fold_set(estimator, sampler, n, ks, k_decomposed, n_partitions, X_test, y_test, rng):
    """CV errors, learning-curve targets, held-out errors and repeats on one training set."""
    X, y = _draw(sampler, rng, n)
    errors, targets, mistakes = [], [], None
    for k in ks:
        pairs = list(KFold(k).split(X))
        res = cross_val_error(estimator, X, y, cv=pairs)
        errors.append(res.error)
        if k == k_decomposed:
            mistakes = res.mistakes[0]
        X_fit, y_fit = _draw(sampler, rng, n - n // k)
        fitted = clone(estimator).fit(X_fit, y_fit)
        targets.append(float(np.mean(fitted.predict(X_test) != y_test)))
    splitter = RepeatedStratifiedKFold(
        n_splits=k_decomposed, n_repeats=n_partitions, random_state=int(rng.integers(2**31))
    )
    repeats = cross_val_error(estimator, X, y, cv=splitter).repeat_errors
    return errors, targets, mistakes, repeats


@keywords
def simulate_k_fold(
    estimator: BaseEstimator,
    sampler: Callable,
    *,
    n: int,
    ks: Sequence[int] = (2, 5, 10),
    k_decomposed: int = 5,
    n_partitions: int = 3,
    n_datasets: int = 100,
    n_test: int = 20_000,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
) -> KFoldSimulation:
    r"""K-fold cross-validation (:func:`~patterneval.cross_val_error`) on ``n_datasets``
    training sets of size ``n`` drawn by ``sampler``, with what its theory predicts.

    For each training set and each ``k`` in ``ks``: the CV error over contiguous folds (the
    rows are i.i.d., so any fixed partition is as good as a random one), and the true error
    of a rule fitted on a fresh training set of size ``n (k - 1) / k`` (the learning curve
    the CV error estimates); the held-out errors of the ``k_decomposed``-fold run; and
    ``n_partitions`` independent stratified partitions into ``k_decomposed`` folds.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
    sampler : callable
        ``sampler(rng, size) -> (X, y)``, as in :func:`simulate_error_estimates`.
    n : int
        Training-set size; a multiple of every ``k``.
    ks : sequence of int, default (2, 5, 10)
    k_decomposed : int, default 5
        One of ``ks``.
    n_partitions : int, default 3
    n_datasets : int, default 100
    n_test : int, default 20000
    rng : None, int or numpy.random.Generator
    n_jobs : None or int
        Training sets are spread over joblib workers; the result does not depend on it.

    Returns
    -------
    KFoldSimulation

    Notes
    -----
    Cost per training set: ``sum(ks) + len(ks) + k_decomposed * n_partitions`` fits.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.naive_bayes import GaussianNB
    >>> def sampler(rng, size):
    ...     y = np.arange(size) % 2
    ...     return rng.normal(size=(size, 2)) + y[:, None], y
    >>> sim = simulate_k_fold(GaussianNB(), sampler, n=20, ks=(2, 5), n_datasets=4,
    ...                       n_test=500, rng=0)
    >>> sim.cv_errors.shape, sim.mistakes.shape, sim.repeat_errors.shape
    ((4, 2), (4, 20), (4, 3))
    """
    check_estimator("estimator", estimator)
    check_callable("sampler", sampler)
    n = check_scalar("n", n, int, low=4)
    if isinstance(ks, (str, bytes)) or np.ndim(ks) != 1:
        raise fail("ks", "a sequence of ints", ks, error=TypeError)
    ks = tuple(check_scalar("ks", k, int, low=2) for k in ks)
    if any(n % k for k in ks):
        raise fail("n", f"a multiple of every k in ks={ks}", str(n), echo=False)
    if k_decomposed not in ks:
        raise fail("k_decomposed", f"one of ks={ks}", str(k_decomposed), echo=False)
    n_partitions = check_scalar("n_partitions", n_partitions, int, low=2)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    n_test = check_scalar("n_test", n_test, int, low=1)
    n_jobs = check_n_jobs(n_jobs)
    test_rng, *children = spawn(check_rng(rng), n_datasets + 1)
    X_test, y_test = _draw(sampler, test_rng, n_test)
    tasks = [
        (estimator, sampler, n, ks, k_decomposed, n_partitions, X_test, y_test, child)
        for child in children
    ]
    results = run_tasks(_one_k_fold_set, tasks, n_jobs=n_jobs)
    return KFoldSimulation(
        ks=ks,
        n=n,
        cv_errors=np.array([r[0] for r in results]),
        targets=np.array([r[1] for r in results]),
        k_decomposed=k_decomposed,
        mistakes=np.array([r[2] for r in results], dtype=bool),
        repeat_errors=np.array([r[3] for r in results]),
    )


@keywords
def bootstrap_se(
    statistic: Callable,
    n_rows: int,
    *,
    n_resamples: int = 200,
    rng: int | np.random.Generator | None = 0,
) -> float:
    """Standard error of ``statistic(rows)`` by resampling the ``n_rows`` training sets of a
    simulation with replacement (``statistic`` takes an index array)."""
    check_callable("statistic", statistic)
    n_rows = check_scalar("n_rows", n_rows, int, low=1)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=2)
    gen = check_rng(rng)
    draws = [statistic(gen.integers(n_rows, size=n_rows)) for _ in range(n_resamples)]
    return float(np.std(draws, ddof=1))


@dataclasses.dataclass(frozen=True, repr=False)
class NestedCVResult(Result):
    """Nested cross-validation of a grid search, beside the non-nested (tuned) score.

    Attributes
    ----------
    error : float
        The nested CV error: the outer cross-validation of the whole search (the grid
        search is rerun on every outer training set). Lower is better.
    non_nested : float
        ``1 - best_score_`` of the search run once on all the data: the inner CV error
        of the parameters it picked, an optimistic estimate of the tuned rule's error.
    best_params : dict
        The parameters the search picks on all the data (the final model's).
    outer : CrossValidationResult
        The outer cross-validation, with its fold errors.
    """

    _headline = ("error", "non_nested")

    error: float
    non_nested: float
    best_params: dict
    outer: object = dataclasses.field(repr=False)


@keywords
def nested_cv_error(
    estimator: BaseEstimator,
    param_grid: dict | list,
    X: ArrayLike,
    y: ArrayLike,
    *,
    cv_outer: int | object = 5,
    cv_inner: int | object = 5,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
) -> NestedCVResult:
    r"""Nested cross-validation: tune inside (``GridSearchCV`` over ``cv_inner``), assess
    outside (:func:`~patterneval.cross_val_error` of the whole search over ``cv_outer``).

    The search, accuracy as its score, is refitted on each outer training set, so the outer
    test fold never steers the choice of parameters; ``non_nested`` is the best inner score
    of one search on all the data, the optimistic number the nested estimate corrects
    (Varma and Simon, 2006; Cawley and Talbot, 2010).

    Parameters
    ----------
    estimator : scikit-learn classifier
    param_grid : dict or list of dicts
        As ``GridSearchCV``'s.
    X, y : array-like
    cv_outer : int, splitter or (train, test) pairs, default 5
        As :func:`~patterneval.cross_val_error`'s ``cv`` (an int draws stratified folds
        from ``rng``).
    cv_inner : int or splitter, default 5
        As ``GridSearchCV``'s ``cv`` (an int: unshuffled stratified folds).
    rng : None, int or numpy.random.Generator
    n_jobs : None or int
        For the outer folds.

    Returns
    -------
    NestedCVResult

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> res = nested_cv_error(KNeighborsClassifier(), {"n_neighbors": [1, 5, 15]}, X, y,
    ...                       cv_outer=3, cv_inner=3, rng=0)
    >>> 0 <= res.non_nested <= 1 and 0 <= res.error <= 1
    True
    """
    check_estimator("estimator", estimator)
    cv_outer, cv_inner = _check_folds("cv_outer", cv_outer), _check_folds("cv_inner", cv_inner)
    search = GridSearchCV(estimator, param_grid, cv=cv_inner, scoring="accuracy")
    outer = cross_val_error(search, X, y, cv=cv_outer, rng=rng, n_jobs=n_jobs)
    full = clone(search).fit(X, y)
    return NestedCVResult(
        error=outer.error,
        non_nested=1.0 - float(full.best_score_),
        best_params=dict(full.best_params_),
        outer=outer,
    )


def _check_folds(name: str, cv):
    """A number of folds (an int >= 2) or, left to the callee, a splitter or index pairs."""
    if cv is None or isinstance(cv, (numbers.Number, str, bytes)):
        return check_scalar(name, cv, int, low=2)
    return cv


def _one_nested(estimator, param_grid, sampler, n, cv_outer, cv_inner, rng):
    X, y = _draw(sampler, rng, n)
    res = nested_cv_error(
        estimator, param_grid, X, y, cv_outer=cv_outer, cv_inner=cv_inner, rng=rng
    )
    return res.error, res.non_nested


@keywords
def simulate_nested(
    estimator: BaseEstimator,
    param_grid: dict | list,
    sampler: Callable,
    *,
    n: int,
    cv_outer: int = 3,
    cv_inner: int = 3,
    n_datasets: int = 40,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
) -> np.ndarray:
    """Nested and non-nested errors (:func:`nested_cv_error`) on ``n_datasets`` training
    sets of size ``n`` drawn by ``sampler``: an array of shape ``(n_datasets, 2)``, the
    nested error in column 0, the non-nested one in column 1.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> def noise(rng, size):
    ...     return rng.normal(size=(size, 3)), np.arange(size) % 2
    >>> simulate_nested(KNeighborsClassifier(), {"n_neighbors": [1, 3]}, noise, n=24,
    ...                 n_datasets=2, rng=0).shape
    (2, 2)
    """
    check_callable("sampler", sampler)
    n = check_scalar("n", n, int, low=4)
    cv_outer, cv_inner = _check_folds("cv_outer", cv_outer), _check_folds("cv_inner", cv_inner)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    children = spawn(check_rng(rng), n_datasets)
    tasks = [(estimator, param_grid, sampler, n, cv_outer, cv_inner, c) for c in children]
    return np.array(run_tasks(_one_nested, tasks, n_jobs=check_n_jobs(n_jobs)))
