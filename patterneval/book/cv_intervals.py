r"""The chapter "Interval estimates for the CV error" (Part I): a problem with a known
answer and the coverage of the perturbation interval on it.

:func:`two_gaussians` draws two Gaussian classes whose Bayes error is known, and
:func:`linear_rule_error` gives the exact error of any linear rule on them, so the true
error of a fitted SVM is known (:func:`expected_svm_error`, its mean over training sets).
:func:`simulate_perturbation_coverage` counts how often
:func:`~patterneval.perturbation_interval` covers it; :func:`run_coverage_study` runs that
over a grid of sizes and methods (stored by ``tools/perturbation_coverage.py``, read back by
:func:`load_coverage_study`).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import special

from .._api import keywords
from .._engine import run_tasks, spawn
from .._results import Result
from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_cv,
    check_n_jobs,
    check_path,
    check_rng,
    check_scalar,
    fail,
    is_int_seed,
)
from ..resampling.perturbation import (
    PERTURBATION_METHODS,
    _fit_linear_svm,
    perturbation_interval,
)

__all__ = [
    "CoverageStudy",
    "PerturbationCoverage",
    "expected_svm_error",
    "linear_rule_error",
    "load_coverage_study",
    "run_coverage_study",
    "simulate_perturbation_coverage",
    "two_gaussians",
]


# --------------------------------------------------------------------------- a problem with a known answer


@keywords
def two_gaussians(
    n: int,
    *,
    separation: float = 2.0,
    n_features: int = 2,
    rng: int | np.random.Generator | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    r"""n/2 samples from each of two Gaussian classes :math:`N(\pm\mu, I_p)`,
    :math:`\mu = (\delta/2)\,e_1` (``separation`` :math:`\delta` = distance of the means).

    Returns ``X`` of shape (n, p) and ``y`` in {0, 1} (1 for :math:`+\mu`). The Bayes error
    is :math:`\Phi(-\delta/2)`.

    Parameters
    ----------
    n : int
        Samples, even, >= 2 (n/2 per class).
    separation : float, default 2.0
        Distance :math:`\delta` of the two means, >= 0.
    n_features : int, default 2
        Dimension p, >= 1.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    X : ndarray, shape (n, p)
        The samples, class 0 first.
    y : ndarray of int, shape (n,)
        Labels in {0, 1} (1 for :math:`+\mu`).

    Examples
    --------
    >>> from patterneval.book.cv_intervals import two_gaussians
    >>> X, y = two_gaussians(6, rng=0)
    >>> X.shape, y.tolist()
    ((6, 2), [0, 0, 0, 1, 1, 1])
    """
    n = check_scalar("n", n, int, low=2)
    if n % 2:
        raise fail("n", "an even integer (n/2 samples per class)", n)
    separation = check_scalar("separation", separation, float, low=0, closed="neither")
    n_features = check_scalar("n_features", n_features, int, low=1)
    rng = check_rng(rng)
    y = np.repeat([0, 1], n // 2)
    X = rng.standard_normal((n, n_features))
    X[:, 0] += np.where(y == 1, 0.5, -0.5) * separation
    return X, y


def linear_rule_error(
    coef: ArrayLike, intercept: ArrayLike, *, separation: float = 2.0
) -> float | np.ndarray:
    r"""Exact error rate of the rule "class 1 if :math:`w\cdot x + b > 0`" on
    :func:`two_gaussians`' problem (equal priors):

    .. math:: \tfrac12\Phi\!\left(-\frac{w\cdot\mu + b}{\lVert w\rVert}\right)
              + \tfrac12\Phi\!\left(-\frac{w\cdot\mu - b}{\lVert w\rVert}\right).

    ``coef`` may be a (m, p) stack with ``intercept`` of shape (m,). A zero ``w`` gives 0.5.
    O(m p).

    Parameters
    ----------
    coef : array_like, shape (p,) or (m, p)
        Weight vector(s) w.
    intercept : float or array_like, shape (m,)
        Offset(s) b.
    separation : float, default 2.0
        Distance of the class means, as in :func:`two_gaussians`.

    Returns
    -------
    float, or ndarray of shape (m,) for stacked rules.

    Examples
    --------
    >>> from patterneval.book.cv_intervals import linear_rule_error
    >>> round(linear_rule_error([1.0, 0.0], 0.0, separation=2.0), 6)  # Bayes error Phi(-1)
    0.158655
    """
    separation = check_scalar("separation", separation, float, low=0, closed="neither")
    coef_arr = check_array("coef", coef)
    if coef_arr.ndim not in (1, 2) or coef_arr.shape[-1] == 0:
        raise fail(
            "coef",
            "a weight vector (p,) or a stack of them (m, p)",
            f"an array of shape {coef_arr.shape}",
            echo=False,
            error=TypeError if coef_arr.ndim == 0 else ValueError,
        )
    w = np.atleast_2d(coef_arr)
    b = check_array("intercept", intercept)
    if b.ndim > 1 or (b.ndim == 1 and b.shape != w.shape[:1]):
        raise fail(
            "intercept",
            f"a number, or one per rule of coef (shape {w.shape[:1]})",
            f"an array of shape {b.shape}",
            echo=False,
        )
    b = np.broadcast_to(b, w.shape[:1])
    # the rule does not change when (w, b) is scaled: divide by the largest |entry| first,
    # so that the norm of a huge w cannot overflow (nor a tiny one underflow) into a wrong 0.5
    scale = np.maximum(np.max(np.abs(w), axis=1), np.abs(b))
    scale = np.where(scale > 0, scale, 1.0)
    big = (scale > 1e100) | (scale < 1e-100)
    w = np.where(big[:, None], w / scale[:, None], w)
    b = np.where(big, b / scale, b)
    norm = np.linalg.norm(w, axis=1)
    shift = w[:, 0] * separation / 2
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # w = 0 handled just below
        err = 0.5 * special.ndtr(-(shift + b) / norm) + 0.5 * special.ndtr(-(shift - b) / norm)
    err = np.where(norm > 0, err, 0.5)
    return float(err[0]) if coef_arr.ndim == 1 else err


def _true_errors(n, separation, n_features, C, generators):
    out = []
    for gen in generators:
        X, y = two_gaussians(n, separation=separation, n_features=n_features, rng=gen)
        w, b = _fit_linear_svm(X, y, np.ones(n), C)
        out.append(linear_rule_error(w, b, separation=separation))
    return out


@keywords
def expected_svm_error(
    n: int,
    *,
    separation: float = 2.0,
    n_features: int = 2,
    C: float = 1.0,
    n_datasets: int = 2000,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
) -> tuple[float, float, np.ndarray]:
    r"""The target of the interval: the SVM's true error averaged over training sets of size n.

    :math:`\varepsilon_n = E_{T}[\varepsilon(\hat\theta_T)]`, T a training set of
    :func:`two_gaussians` (n/2 per class), :math:`\varepsilon(\theta)` the exact error of the
    fitted rule (:func:`linear_rule_error`). Estimated from ``n_datasets`` training sets.
    Cost: ``n_datasets`` SVM fits.

    Returns ``(estimate, std_error, errors)``, the last the per-training-set true errors.

    Parameters
    ----------
    n : int
        Training-set size, even, >= 2.
    separation : float, default 2.0
        Distance of the class means, as in :func:`two_gaussians`.
    n_features : int, default 2
        Dimension p.
    C : float, default 1.0
        The SVM's regularisation parameter, > 0.
    n_datasets : int, default 2000
        Training sets drawn, >= 2.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).
    n_jobs : int or None, optional
        Parallel workers (joblib).

    Returns
    -------
    estimate : float
        Mean true error over the training sets.
    std_error : float
        Its Monte Carlo standard error.
    errors : ndarray, shape (n_datasets,)
        The true error of the rule fitted on each training set.

    Examples
    --------
    >>> from patterneval.book.cv_intervals import expected_svm_error
    >>> est, se, errs = expected_svm_error(40, n_datasets=200, rng=0)
    >>> bool(0.1587 < est < 0.25), errs.shape
    (True, (200,))
    """
    n = check_scalar("n", n, int, low=2)
    C = check_scalar("C", C, float, low=0, closed="neither")
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    rng = check_rng(rng)
    gens = spawn(rng, n_datasets)
    chunks = [(n, separation, n_features, C, gens[i : i + 100]) for i in range(0, n_datasets, 100)]
    errors = np.concatenate(run_tasks(_true_errors, chunks, n_jobs=check_n_jobs(n_jobs)))
    return float(errors.mean()), float(errors.std(ddof=1) / np.sqrt(errors.size)), errors


_ROW_FIELDS = ("errors", "lows", "highs", "true_errors", "replicate_means", "replicate_sds")


@dataclasses.dataclass(frozen=True, repr=False)
class PerturbationCoverage(Result):
    r"""Coverage of the perturbation interval over simulated data sets.

    Attributes
    ----------
    coverage : float
        Fraction of data sets whose interval contains ``target``.
    std_error : float
        Monte Carlo standard error :math:`\sqrt{c(1-c)/m}` of ``coverage`` (m data sets).
    confidence_level : float
        The nominal level.
    target, target_std_error : float
        :func:`expected_svm_error` and its Monte Carlo standard error.
    n, n_resamples, n_datasets : int
        Size of each data set, perturbations per interval, data sets.
    n_splits : int
        The ``(train, test)`` pairs of each interval's cross-validation (the folds of an
        int ``cv``).
    method : str
        The interval's method (:data:`~patterneval.resampling.perturbation.PERTURBATION_METHODS`).
    mean_width : float
        Average interval length.
    errors, lows, highs : ndarray, shape (n_datasets,)
        Centre (CV error) and ends of each data set's interval.
    true_errors : ndarray, shape (n_datasets,)
        Exact error of the SVM fitted on each whole data set (the conditional error).
    covered : ndarray of bool, shape (n_datasets,)
    replicate_means, replicate_sds : ndarray, shape (n_datasets,)
        Each data set's mean and standard deviation (ddof 1) of its replicates :math:`W^*`.
    """

    _headline = ("coverage", "std_error", "confidence_level", "target")

    coverage: float
    std_error: float
    confidence_level: float
    target: float
    target_std_error: float
    n: int
    n_splits: int
    n_resamples: int
    n_datasets: int
    method: str
    mean_width: float
    errors: np.ndarray
    lows: np.ndarray
    highs: np.ndarray
    true_errors: np.ndarray
    covered: np.ndarray
    replicate_means: np.ndarray
    replicate_sds: np.ndarray

    @property
    def conditional_covered(self) -> np.ndarray:
        """Whether each interval contains the error of the SVM fitted on its own data set."""
        return (self.lows <= self.true_errors) & (self.true_errors <= self.highs)

    @property
    def conditional_coverage(self) -> float:
        """Fraction of intervals containing their own data set's fitted-rule error."""
        return float(self.conditional_covered.mean())

    def uncentred_intervals(self) -> tuple[np.ndarray, np.ndarray]:
        r"""``(lows, highs)`` of the same method without centring the replicates (raw
        quantiles of :math:`W^*`), shift :math:`s = \bar W^*/\sqrt n` per data set.

        ``"perturbed-cv"``: :math:`[\hat\varepsilon_{CV} - \xi_{1-\alpha/2}(W^*)/\sqrt n,\,
        \hat\varepsilon_{CV} - \xi_{\alpha/2}(W^*)/\sqrt n]`, the stored interval moved
        down by s. ``"apparent"``: the course notes' formula read literally,
        :math:`\hat\varepsilon_{CV} \pm \xi_{1-\alpha/2}(W^*)/\sqrt n`, the stored interval
        widened by s at each end (narrowed when :math:`\bar W^* < 0`; quantiles commute with
        a shift).

        Returns
        -------
        lows, highs : ndarray, shape (n_datasets,)

        Examples
        --------
        >>> from patterneval.book.cv_intervals import run_coverage_study
        >>> sim = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008).cells[0]
        >>> lows, highs = sim.uncentred_intervals()
        >>> lows.shape, bool(np.allclose(highs - lows, sim.highs - sim.lows + 2 * sim.replicate_means / 20 ** 0.5))
        ((3,), True)
        """
        shift = self.replicate_means / np.sqrt(self.n)
        if self.method == "perturbed-cv":
            return self.lows - shift, self.highs - shift
        return self.lows - shift, self.highs + shift

    def to_dict(self) -> dict:
        """Plain-Python form (floats as Python floats, so JSON round-trips them exactly).

        Returns
        -------
        dict
            Every field but ``covered``, arrays as lists of float.

        Examples
        --------
        >>> from patterneval.book.cv_intervals import run_coverage_study
        >>> sim = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008).cells[0]
        >>> d = sim.to_dict()
        >>> d["method"], d["lows"] == sim.lows.tolist(), "covered" in d
        ('apparent', True, False)
        >>> bool(np.array_equal(type(sim).from_dict(d).covered, sim.covered))
        True
        """
        out = {
            f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "covered"
        }
        for name in _ROW_FIELDS:
            out[name] = [float(v) for v in out[name]]
        return out

    @classmethod
    def from_dict(cls, data: dict) -> PerturbationCoverage:
        """Inverse of :meth:`to_dict` (``covered`` is recomputed from the ends and target).

        Parameters
        ----------
        data : dict
            As :meth:`to_dict` returns it.

        Returns
        -------
        PerturbationCoverage

        Examples
        --------
        See :meth:`to_dict`.
        """
        data = dict(data)
        for name in _ROW_FIELDS:
            data[name] = np.asarray(data[name], dtype=float)
        data["covered"] = (data["lows"] <= data["target"]) & (data["target"] <= data["highs"])
        return cls(**data)


def _coverage_chunk(n, separation, n_features, C, cv, n_resamples, level, method, generators):
    rows = []
    for gen in generators:
        X, y = two_gaussians(n, separation=separation, n_features=n_features, rng=gen)
        res = perturbation_interval(
            X,
            y,
            C=C,
            cv=cv,
            n_resamples=n_resamples,
            confidence_level=level,
            rng=gen,
            method=method,
        )
        w, b = _fit_linear_svm(X, y, np.ones(n), C)
        sd = float(res.replicates.std(ddof=1)) if n_resamples > 1 else float("nan")
        rows.append(
            (
                res.error,
                res.low,
                res.high,
                linear_rule_error(w, b, separation=separation),
                res.replicate_mean,
                sd,
            )
        )
    return rows


def _coverage_target(target, n, *, separation, n_features, C, n_truth, rng, n_jobs):
    """The coverage target ``(estimate, std_error)``: estimated by :func:`expected_svm_error`
    from ``n_truth`` training sets drawn from ``rng`` when ``target`` is None, else ``target``
    checked (an error rate in [0, 1] and a standard error >= 0)."""
    if target is None:
        target, target_se, _ = expected_svm_error(
            n,
            separation=separation,
            n_features=n_features,
            C=C,
            n_datasets=n_truth,
            rng=rng,
            n_jobs=n_jobs,
        )
    else:
        if np.ndim(target) != 1 or len(target) != 2:
            raise fail("target", "None or a pair (estimate, std_error)", target)
        pair = check_array(
            "target", target, ndim=1
        )  # finite real numbers (NaN would cover nothing)
        if not (0 <= pair[0] <= 1 and pair[1] >= 0):
            raise fail(
                "target",
                "a pair (estimate, std_error) with the estimate an error rate in [0, 1] "
                "and std_error >= 0",
                pair.tolist(),
            )
        target, target_se = (float(v) for v in pair)
    return float(target), float(target_se)


@keywords
def simulate_perturbation_coverage(
    n: int,
    *,
    separation: float = 2.0,
    n_features: int = 2,
    C: float = 1.0,
    cv: int | object = 5,
    n_datasets: int = 100,
    n_resamples: int = 100,
    confidence_level: float = 0.95,
    n_truth: int = 2000,
    method: Literal["apparent", "perturbed-cv"] = "apparent",
    target: tuple[float, float] | None = None,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> PerturbationCoverage:
    r"""How often :func:`~patterneval.perturbation_interval` covers the expected error, by simulation.

    Draws ``n_datasets`` data sets from :func:`two_gaussians`, computes each one's interval
    with ``n_resamples`` perturbations and ``method``, and counts how many contain the
    target :math:`\varepsilon_n` of :func:`expected_svm_error` (estimated from ``n_truth``
    independent training sets, or given as ``target=(estimate, std_error)``).

    ``rng`` is split into two streams, one for the target and one for the data sets; data
    set i (its data, folds and weights) depends only on that stream and i, so the first m
    data sets are the same whatever ``n_datasets``, ``n_jobs`` or ``method`` (both methods
    see the same data sets). Cost: ``n_datasets`` intervals plus ``n_truth`` SVM fits.

    Parameters
    ----------
    n : int
        Size of each simulated data set, even, >= 2.
    separation, n_features, C
        As in :func:`expected_svm_error`.
    cv : int or scikit-learn splitter, default 5
        The cross-validation of each interval, as in :func:`~patterneval.perturbation_interval`: an int
        K gives K stratified folds drawn from each data set's stream; a splitter (or
        ``(train, test)`` pairs of indices into the n rows) is applied to every data set.
    n_datasets : int, default 100
        Simulated data sets, >= 1.
    n_resamples : int, default 100
        Perturbations per interval, >= 2.
    confidence_level : float, default 0.95
        In (0, 1).
    n_truth : int, default 2000
        Training sets for the target, when ``target`` is not given.
    method : str, default "apparent"
        The interval's method, as in :func:`~patterneval.perturbation_interval`.
    target : (float, float), optional
        ``(estimate, std_error)`` of the target, instead of estimating it: a finite error
        rate in [0, 1] and a finite standard error >= 0.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).
    n_jobs : int or None, optional
        Parallel workers (joblib).
    progress : bool, default False
        Show a progress bar (tqdm).

    Returns
    -------
    PerturbationCoverage
        Per data set whether its interval covered the target, the coverage and the target.

    Examples
    --------
    >>> from patterneval.book.cv_intervals import simulate_perturbation_coverage
    >>> sim = simulate_perturbation_coverage(40, n_datasets=5, n_resamples=20, n_truth=50, rng=0)
    >>> sim.covered.shape, 0.0 <= sim.coverage <= 1.0
    ((5,), True)
    """
    n = check_scalar("n", n, int, low=2)
    separation = check_scalar("separation", separation, float, low=0, closed="neither")
    C = check_scalar("C", C, float, low=0, closed="neither")
    cv = check_cv(cv, np.repeat([0, 1], n // 2))  # the labels of every data set
    n_splits = (
        cv if isinstance(cv, int) else len(cv) if isinstance(cv, list) else int(cv.get_n_splits())
    )
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    n_truth = check_scalar("n_truth", n_truth, int, low=2)
    method = check_choice("method", method, PERTURBATION_METHODS)
    rng = check_rng(rng)
    n_jobs = check_n_jobs(n_jobs)
    truth_rng, data_rng = spawn(rng, 2)
    target, target_se = _coverage_target(
        target,
        n,
        separation=separation,
        n_features=n_features,
        C=C,
        n_truth=n_truth,
        rng=truth_rng,
        n_jobs=n_jobs,
    )
    settings = (n, separation, n_features, C, cv, n_resamples, level, method)
    rows = _coverage_rows(settings, spawn(data_rng, n_datasets), n_jobs, progress)
    errors, lows, highs, true_errors, replicate_means, replicate_sds = rows.T
    covered = (lows <= target) & (target <= highs)
    cov = float(covered.mean())
    return PerturbationCoverage(
        coverage=cov,
        std_error=float(np.sqrt(cov * (1 - cov) / n_datasets)),
        confidence_level=level,
        target=float(target),
        target_std_error=float(target_se),
        n=n,
        n_splits=n_splits,
        n_resamples=n_resamples,
        n_datasets=n_datasets,
        method=method,
        mean_width=float(np.mean(highs - lows)),
        errors=errors,
        lows=lows,
        highs=highs,
        true_errors=true_errors,
        covered=covered,
        replicate_means=replicate_means,
        replicate_sds=replicate_sds,
    )


def _coverage_rows(settings, gens, n_jobs, progress):
    """One row per data set (error, interval, true error, replicate mean and sd), the data
    sets in chunks of four (one child generator each) across ``n_jobs`` workers."""
    n, method = settings[0], settings[-1]
    chunks = [(*settings, gens[i : i + 4]) for i in range(0, len(gens), 4)]
    tasks = run_tasks(
        _coverage_chunk,
        chunks,
        n_jobs=n_jobs,
        progress=progress,
        desc=f"data sets (n={n}, {method})",
    )
    return np.array([row for chunk in tasks for row in chunk])


# --------------------------------------------------------------------------- a stored coverage study


@dataclasses.dataclass(frozen=True, repr=False)
class CoverageReplay(Result):
    """Outcome of :meth:`CoverageStudy.replay`: the first ``n_datasets`` data sets of every
    cell recomputed and compared with the stored rows.

    Attributes
    ----------
    n_datasets : int
        Data sets recomputed per cell.
    n_cells : int
    max_abs_difference : float
        Largest absolute difference over every stored float of those data sets.
    same_coverage : bool
        Every recomputed interval covers the target exactly when the stored one does.
    """

    n_datasets: int
    n_cells: int
    max_abs_difference: float
    same_coverage: bool

    def matches(self, tolerance: float = 1e-12) -> bool:
        """``same_coverage`` and every difference within ``tolerance``.

        Parameters
        ----------
        tolerance : float, default 1e-12
            Largest absolute difference accepted, a finite number >= 0 (NaN would make
            every replay fail, silently).

        Returns
        -------
        bool
        """
        tolerance = check_scalar("tolerance", tolerance, float, low=0)
        return bool(self.same_coverage and self.max_abs_difference <= tolerance)


@dataclasses.dataclass(frozen=True, repr=False)
class CoverageStudy(Result):
    r"""Coverage simulations of both methods at several n, with the settings that made them.

    Cell (n, method) is :func:`simulate_perturbation_coverage` with
    ``rng=numpy.random.default_rng([settings["rng"], n])``: both methods at one n share the
    target and the data sets (a paired comparison), and a cell does not depend on the other n.

    Attributes
    ----------
    settings : dict
        ``separation, n_features, C, cv, n_datasets, n_resamples, confidence_level,
        n_truth, rng`` (``cv`` the int number of folds, ``rng`` the int seed of the cells).
    cells : tuple of PerturbationCoverage
    """

    settings: dict
    cells: tuple

    def cell(self, n: int, method: str) -> PerturbationCoverage:
        """The simulation at sample size ``n`` with ``method``.

        Parameters
        ----------
        n : int
            A sample size of the study.
        method : str
            ``"apparent"`` or ``"perturbed-cv"``.

        Returns
        -------
        PerturbationCoverage

        Raises
        ------
        ValueError
            If the study has no such cell (the message lists the cells).

        Examples
        --------
        >>> from patterneval.book.cv_intervals import run_coverage_study
        >>> study = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008)
        >>> sim = study.cell(20, "apparent")
        >>> sim.n, sim.method, sim.covered.shape
        (20, 'apparent', (3,))
        """
        n = check_scalar("n", n, int)
        method = check_choice("method", method, PERTURBATION_METHODS)
        for sim in self.cells:
            if sim.n == n and sim.method == method:
                return sim
        raise ValueError(
            f"no cell with n={n} and method={method!r}; the study has "
            f"{[(s.n, s.method) for s in self.cells]}."
        )

    def replay(self, n_datasets: int = 10, *, n_jobs: int | None = None) -> CoverageReplay:
        """Recompute the first ``n_datasets`` data sets of every cell (with the stored target)
        and compare them with the stored rows.

        Parameters
        ----------
        n_datasets : int, default 10
            Data sets recomputed per cell, from 2 to the fewest any cell stores.
        n_jobs : int or None, optional, keyword-only
            Parallel workers (joblib); None defers to joblib's active configuration.

        Returns
        -------
        CoverageReplay
            The largest absolute difference over the stored rows and whether every
            ``covered`` flag is the same.

        Examples
        --------
        >>> from patterneval.book.cv_intervals import run_coverage_study
        >>> study = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008)
        >>> rep = study.replay(2)
        >>> rep.n_cells, rep.max_abs_difference == 0, rep.same_coverage
        (2, True, True)
        """
        m = check_scalar(
            "n_datasets",
            n_datasets,
            int,
            low=2,
            high=min(sim.n_datasets for sim in self.cells),
            hint="The study stores no more data sets per cell.",
        )
        s = self.settings
        worst, same = 0.0, True
        for sim in self.cells:
            new = simulate_perturbation_coverage(
                sim.n,
                separation=s["separation"],
                n_features=s["n_features"],
                C=s["C"],
                cv=s["cv"],
                n_datasets=m,
                n_resamples=s["n_resamples"],
                confidence_level=s["confidence_level"],
                n_truth=s["n_truth"],
                method=sim.method,
                target=(sim.target, sim.target_std_error),
                rng=np.random.default_rng([s["rng"], sim.n]),
                n_jobs=n_jobs,
            )
            for name in _ROW_FIELDS:
                worst = max(
                    worst, float(np.max(np.abs(getattr(new, name) - getattr(sim, name)[:m])))
                )
            same = same and bool(np.array_equal(new.covered, sim.covered[:m]))
        return CoverageReplay(
            n_datasets=m, n_cells=len(self.cells), max_abs_difference=worst, same_coverage=same
        )

    def to_json(self, path: str | os.PathLike) -> None:
        """Write the study as JSON (floats round-trip exactly).

        Parameters
        ----------
        path : str or os.PathLike
            The file, overwritten; :func:`load_coverage_study` reads it back.

        Returns
        -------
        None

        Examples
        --------
        See :func:`load_coverage_study`.
        """
        data = {"settings": self.settings, "cells": [sim.to_dict() for sim in self.cells]}
        Path(check_path(path)).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def load_coverage_study(path: str | os.PathLike) -> CoverageStudy:
    """Read a :class:`CoverageStudy` written by :meth:`CoverageStudy.to_json`.

    Parameters
    ----------
    path : str or os.PathLike
        The JSON file.

    Returns
    -------
    CoverageStudy
        The settings and the cells, as written.

    Raises
    ------
    TypeError
        If ``path`` is not a str or os.PathLike.
    ValueError
        If the file is not a study written by :meth:`CoverageStudy.to_json`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from patterneval.book.cv_intervals import run_coverage_study, load_coverage_study
    >>> study = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008)
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "study.json"
    >>> study.to_json(path)
    >>> back = load_coverage_study(path)
    >>> [(s.n, s.method) for s in back.cells]
    [(20, 'apparent'), (20, 'perturbed-cv')]
    >>> bool(np.array_equal(back.cells[0].lows, study.cells[0].lows))
    True
    """
    data = json.loads(Path(check_path(path)).read_text(encoding="utf-8"))
    try:
        return CoverageStudy(
            settings=data["settings"],
            cells=tuple(PerturbationCoverage.from_dict(c) for c in data["cells"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise fail(
            "path", "a JSON file written by CoverageStudy.to_json", f"{path} ({exc!r})", echo=False
        ) from None


def _check_methods(methods) -> list:
    """``methods`` as a list of distinct names from ``PERTURBATION_METHODS``, at least one."""
    if isinstance(methods, str) or not np.iterable(methods):
        raise fail(
            "methods",
            f"a sequence of methods from {list(PERTURBATION_METHODS)}",
            methods,
            error=TypeError,
        )
    methods = [check_choice("methods", m, PERTURBATION_METHODS) for m in methods]
    if not methods or len(set(methods)) != len(methods):
        raise fail(
            "methods",
            f"a non-empty sequence of distinct methods from {list(PERTURBATION_METHODS)}",
            methods,
        )
    return methods


@keywords
def run_coverage_study(
    ns: ArrayLike,
    *,
    methods: Sequence[str] = PERTURBATION_METHODS,
    separation: float = 2.0,
    n_features: int = 2,
    C: float = 1.0,
    cv: int = 5,
    n_datasets: int = 1000,
    n_resamples: int = 200,
    confidence_level: float = 0.95,
    n_truth: int = 20000,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> CoverageStudy:
    r"""Coverage of each method in ``methods`` at each sample size in ``ns``.

    Cell (n, method) is :func:`simulate_perturbation_coverage` with
    ``rng=numpy.random.default_rng([seed, n])``, ``seed`` the int ``rng`` (or one drawn from
    a Generator); the target is estimated once per n (from ``n_truth`` training sets) and
    shared by the methods. Cost: per n, ``n_truth`` fits plus ``n_datasets`` intervals per
    method (``tools/perturbation_coverage.py`` runs the chapter's study).

    Parameters
    ----------
    ns : array_like of int
        Sample sizes, each even and >= 2.
    methods : sequence of str, default ("apparent", "perturbed-cv"), keyword-only
        Interval methods, as in :func:`~patterneval.perturbation_interval`.
    separation : float, default 2.0, keyword-only
        As in :func:`expected_svm_error`.
    n_features : int, default 2, keyword-only
        As in :func:`expected_svm_error`.
    C : float, default 1.0, keyword-only
        As in :func:`expected_svm_error`.
    cv : int, default 5, keyword-only
        Stratified folds of each interval's cross-validation (an int only: the settings are
        stored as JSON).
    n_datasets : int, default 1000, keyword-only
        Simulated data sets per cell, >= 1.
    n_resamples : int, default 200, keyword-only
        Perturbations per interval, >= 2.
    confidence_level : float, default 0.95, keyword-only
        In (0, 1).
    n_truth : int, default 20000, keyword-only
        Training sets for the target at each n.
    rng : None, int >= 0 or numpy.random.Generator, keyword-only
        The seed of the cells: cell (n, method) draws from
        ``numpy.random.default_rng([seed, n])`` with ``seed`` the int ``rng``, or an int
        drawn from ``numpy.random.default_rng(rng)`` otherwise; ``settings["rng"]`` keeps it
        so that :meth:`CoverageStudy.replay` can redraw any cell.
    n_jobs : int or None, optional, keyword-only
        Parallel workers (joblib); None defers to joblib's active configuration.
    progress : bool, default False, keyword-only
        Show a progress bar (tqdm).

    Returns
    -------
    CoverageStudy
        The settings and one :class:`PerturbationCoverage` per (n, method), n-major in
        the order given.

    Examples
    --------
    >>> from patterneval.book.cv_intervals import run_coverage_study
    >>> study = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008)
    >>> a, b = study.cell(20, "apparent"), study.cell(20, "perturbed-cv")
    >>> a.target == b.target, bool(np.array_equal(a.errors, b.errors))  # same data sets
    (True, True)
    """
    ns = check_array(
        "ns", np.atleast_1d(ns) if np.isscalar(ns) else ns, ndim=1, kind="int", low=2
    ).tolist()
    methods = _check_methods(methods)
    if is_int_seed(rng):
        seed = check_scalar("rng", rng, int, low=0)
    else:
        seed = int(check_rng(rng).integers(2**63))
    # every option checked here, before the settings are stored (float("nan") or a complex
    # would otherwise fail deep inside, or be stored as given)
    settings = dict(
        separation=check_scalar("separation", separation, float, low=0, closed="neither"),
        n_features=check_scalar("n_features", n_features, int, low=1),
        C=check_scalar("C", C, float, low=0, closed="neither"),
        cv=check_scalar(
            "cv",
            cv,
            int,
            low=2,
            hint="The study takes an int number of folds: its settings are stored as JSON.",
        ),
        n_datasets=check_scalar("n_datasets", n_datasets, int, low=2),
        n_resamples=check_scalar("n_resamples", n_resamples, int, low=1),
        confidence_level=check_scalar(
            "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
        ),
        n_truth=check_scalar("n_truth", n_truth, int, low=2),
        rng=seed,
    )
    check_n_jobs(n_jobs)
    check_bool("progress", progress)
    cells = []
    for n in ns:
        target = None
        for method in methods:
            sim = simulate_perturbation_coverage(
                n,
                separation=separation,
                n_features=n_features,
                C=C,
                cv=cv,
                n_datasets=n_datasets,
                n_resamples=n_resamples,
                confidence_level=confidence_level,
                n_truth=n_truth,
                method=method,
                target=target,
                rng=np.random.default_rng([seed, n]),
                n_jobs=n_jobs,
                progress=progress,
            )
            target = (sim.target, sim.target_std_error)
            cells.append(sim)
    return CoverageStudy(settings=settings, cells=tuple(cells))
