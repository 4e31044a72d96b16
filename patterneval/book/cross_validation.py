"""The chapter "Cross-validation and the bootstrap" (Part I): the bootstrap's share of
distinct samples, and the error estimators side by side, by simulation.

:func:`simulate_distinct_share` draws bootstrap samples to check the inclusion probability
``1 - (1 - 1/n)^n`` (:func:`~patterneval.resampling.inclusion_probability`).
:func:`simulate_error_estimates` draws many training sets from a problem with a known
error and puts leave-one-out, k-fold cross-validation and the bootstrap estimates
(:func:`~patterneval.cross_val_error`, :func:`~patterneval.bootstrap_error`) side by side:
bias, spread and RMSE.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np
from sklearn.base import BaseEstimator, clone

from .._api import keywords
from .._engine import run_tasks, spawn
from .._results import Result
from .._validation import (
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

__all__ = ["EstimatorSimulation", "simulate_distinct_share", "simulate_error_estimates"]


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

    def table(self) -> str:
        """Plain-text table: mean estimate, bias (with MC s.e.), sd and RMSE per estimator.

        Returns
        -------
        str
            A header, a row for the mean true error and one row per estimator.

        Examples
        --------
        See :meth:`column`.
        """
        rows = [
            f"{'estimator':<10} {'mean':>7} {'bias':>8} {'(s.e.)':>8} {'sd':>7} {'rmse':>7}",
            f"{'true':<10} {self.true_errors.mean():>7.4f}",
        ]
        for j, name in enumerate(self.names):
            rows.append(
                f"{name:<10} {self.estimates[:, j].mean():>7.4f} {self.bias[j]:>+8.4f} "
                f"{self.bias_se[j]:>8.4f} {self.std[j]:>7.4f} {self.rmse[j]:>7.4f}"
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
