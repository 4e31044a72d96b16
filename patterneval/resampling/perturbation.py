r"""Perturbation-resampling confidence interval for a linear SVM's cross-validation error.

Jiang, Zhang & Cai (2008), as note 000 (section 用扰动重采样估计SVM错误率的置信区间)
transmits it: the interval is centred at the K-fold cross-validation error
:math:`\hat\varepsilon_{CV}` and its width comes from the perturbed statistic

.. math:: W^* = n^{1/2}\Big(\frac{\sum_i G_i\,e_i(\theta^*)}{\sum_i G_i}
          - \hat\varepsilon_{re}\Big),

where :math:`\theta^*` minimises the note's perturbed objective
:math:`\hat Q_n^*(\theta) = n^{-1}\sum_i G_i\{(1 - y_i f(x_i;\theta))_+ + \lambda_n w\cdot w\}`
over *all* n samples (one fit per replicate, :math:`G_i` i.i.d. Exp(1)),
:math:`e_i(\theta)` is the 0/1 mistake of the rule :math:`\theta` on sample i, and
:math:`\hat\varepsilon_{re} = n^{-1}\sum_i e_i(\hat\theta)` the apparent (resubstitution)
error of the unweighted fit. :math:`W^*` given the data approximates the law of
:math:`W_{CV} = n^{1/2}(\hat\varepsilon_{CV} - \varepsilon)` and the interval is the note's
:math:`\hat\varepsilon_{CV} \pm n^{-1/2}\hat\xi_{1-\alpha/2}`, the quantile taken of the
replicates centred at their mean (``method="apparent"``, the default; see
:func:`perturbation_interval`).

``method="perturbed-cv"`` keeps this package's earlier procedure: every replicate repeats
the whole cross-validation on the weighted problem and the replicates are centred at their
mean. It is kept for comparison (chapter: its coverage and width against the paper's).

The CV error here is the paper's :math:`\hat\varepsilon_{CV} = K^{-1}\sum_k
\hat\varepsilon_{(k)}`, the mean of the fold error rates (what the rest of the package
calls ``average="folds"``; its default, mistakes / n, differs from it only when n does not
divide into K equal folds), and its folds and weighted fold errors are computed by
:func:`_cv_errors` with the SVM below rather than by the package's cross-validation engine:
the perturbed CV needs weighted test errors and thousands of fits. The folds themselves are
the package's: ``cv=`` is read by ``patterneval._engine.cv_splits``, as everywhere.

The SVM fits. The public route is ``SVC(kernel="linear").fit(X, y, sample_weight=G)``;
when scikit-learn's private libsvm binding (``sklearn.svm._libsvm``) is importable, the
same libsvm routine is called directly (:func:`_fit_linear_svm`), with identical
coefficients (pinned by ``tests/test_perturbation.py``). The binding is loaded by one
cached loader, :func:`_libsvm`, on the first fit and never again; it answers None, the
public route for every fit, if the binding is missing or its signature has changed.

The fast path's timings (this paragraph is the one place they are quoted). Measured with
scikit-learn 1.9.1 on one BLAS thread of a shared 2-core machine, the public route inside
``config_context(assume_finite=True, skip_parameter_validation=True)``: per fit 2.7 ms
against 3.5 ms on the 569 breast-cancer samples (p = 30, the chapter's interval; 1.3x),
but on two Gaussian classes (p = 2, the coverage study's fits) 51 us against 640 us at
n = 50 (12x) and 0.17 ms against 0.50 ms at n = 100 (2.9x); the chapter's two
breast-cancer intervals 8.9 s against 17 s (1.9x), ``CoverageStudy.replay(5)`` 6.1 s
against 18 s (3x), a coverage cell at n = 50 (10 data sets, 2000 target fits) 1.5 s
against 7.6 s (4.9x). The coverage study's 2.5 million small fits are why the fast path
stays.

Chapter: "Interval estimates for the CV error" (book/part1/cv-intervals.ipynb).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import numpy as np
import sklearn
from numpy.typing import ArrayLike
from scipy import special
from sklearn.svm import SVC

from .._api import keywords
from .._results import ConfidenceInterval, Result
from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_labels,
    check_cv,
    check_n_jobs,
    check_path,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
    show,
)
from .._engine import cv_splits, run_tasks, spawn

__all__ = [
    "PERTURBATION_METHODS",
    "CoverageStudy",
    "PerturbationCoverage",
    "PerturbationInterval",
    "expected_svm_error",
    "linear_rule_error",
    "load_coverage_study",
    "perturbation_interval",
    "run_coverage_study",
    "simulate_perturbation_coverage",
    "two_gaussians",
]

#: ``"apparent"``: Jiang, Zhang & Cai's statistic (one perturbed fit on all n samples, its
#: weighted apparent error against the unweighted one). ``"perturbed-cv"``: the whole
#: cross-validation repeated on the weighted problem, replicates centred at their mean.
PERTURBATION_METHODS = ("apparent", "perturbed-cv")

#: Replicates per joblib task: one SVM fit is far cheaper than a task's overhead.
_CHUNK = 25


# --------------------------------------------------------------------------- the SVM


@functools.cache
def _libsvm():
    """scikit-learn's libsvm binding ``sklearn.svm._libsvm``, imported on the first call
    and cached; None if it has moved or its ``fit`` no longer takes SVC's arguments.

    A private module of another package: it is only a fast path (see
    :func:`_fit_linear_svm`; timings in the module docstring), pinned to the public route
    by a test. None sends every fit through the public ``SVC``. One probe fit of two
    samples checks the signature once, so a fit never has to fall back halfway."""
    try:
        libsvm = importlib.import_module("sklearn.svm._libsvm")
        _fit_libsvm(libsvm, np.array([[0.0], [1.0]]), np.array([0.0, 1.0]), np.ones(2), 1.0)
    except (ImportError, AttributeError, TypeError):
        return None
    return libsvm


def _fit_linear_svm(X, y01, weights, C):
    """``(w, b)`` of scikit-learn's ``SVC(kernel="linear", C=C)`` fitted with
    ``sample_weight=weights``.

    The public route is :func:`_fit_linear_svm_reference`. Its ``fit`` re-validates its
    arguments on every call, which dominates on small problems; the perturbation needs
    thousands of fits, so when scikit-learn's private libsvm binding is usable
    (:func:`_libsvm`) the same libsvm routine is called directly with SVC's defaults
    (:func:`_fit_libsvm`): up to 12x faster per fit (the timings are in the module
    docstring). The coefficients are identical (``tests/test_perturbation.py`` pins the
    equality on several problems); without the binding every fit takes the public route,
    with the same results.
    """
    libsvm = _libsvm()
    if libsvm is None:
        return _fit_linear_svm_reference(X, y01, weights, C)
    return _fit_libsvm(libsvm, X, y01, weights, C)


def _fit_libsvm(libsvm, X, y01, weights, C):
    """The fast path: ``libsvm.fit`` with the arguments ``SVC(kernel="linear", C=C).fit``
    passes it (scikit-learn 1.x), and SVC's sign convention for two classes."""
    libsvm.set_verbosity_wrap(0)  # as SVC(verbose=False) does before every fit
    out = libsvm.fit(
        np.ascontiguousarray(X, dtype=np.float64),
        np.asarray(y01, dtype=np.float64),
        svm_type=0,
        sample_weight=np.ascontiguousarray(weights, dtype=np.float64),
        class_weight=np.empty(0),
        kernel="linear",
        C=float(C),
        nu=0.5,
        probability=0,
        degree=3,
        shrinking=1,
        tol=1e-3,
        cache_size=200,
        coef0=0.0,
        gamma=1.0,
        epsilon=0.1,
        max_iter=-1,
        random_seed=0,
    )
    support_vectors, dual_coef, intercept = out[1], out[3], out[4]
    # libsvm's decision is for class 0; SVC flips both signs for two classes
    w = -(dual_coef @ support_vectors)[0]
    return w, -float(intercept[0])


def _fit_linear_svm_reference(X, y01, weights, C):
    """The public route and slow twin: ``SVC(kernel="linear", C=C).fit(X, y, sample_weight=G)``.

    Its arguments are already checked, so scikit-learn's own validation of them is skipped
    (``assume_finite``, ``skip_parameter_validation``: same result, about 20% faster)."""
    with sklearn.config_context(assume_finite=True, skip_parameter_validation=True):
        model = SVC(kernel="linear", C=C).fit(X, y01, sample_weight=weights)
    return model.coef_[0].copy(), float(model.intercept_[0])


def _fit_perturbed_svm(X, y01, G, C):
    r"""The minimiser of note 000's perturbed objective
    :math:`\hat Q_n^*(\theta) = n^{-1}\sum_i G_i\{(1 - y_i f(x_i;\theta))_+ + \lambda_n w\cdot w\}`
    with :math:`C = 1/(2 n \lambda_n)`.

    Dividing :math:`\hat Q_n^*` by :math:`2\lambda_n S/n`, :math:`S = \sum_i G_i`, gives
    :math:`\tfrac12\lVert w\rVert^2 + (C n/S)\sum_i G_i\xi_i`: scikit-learn's SVC with cost
    :math:`C n/S` and ``sample_weight=G`` (dual bound :math:`C n G_i/S`; in the note's
    scaling :math:`\alpha_i = (S/n)\alpha_i'` the bound is :math:`C G_i` and
    :math:`w^* = \sum_i\alpha_i y_i x_i / (S/n)`). With all :math:`G_i = 1` it is the
    unweighted SVM with cost C.
    """
    return _fit_linear_svm(X, y01, G, C * G.size / math.fsum(G))


def _mistakes(X, w, b, y01):
    """0/1 mistakes of the rule "class 1 if w.x + b > 0" (SVC's own decision rule)."""
    return (X @ w + b > 0).astype(np.intp) != y01


def _weighted_rate(weights, wrong):
    """``sum_i G_i e_i / sum_i G_i`` with exactly rounded sums (math.fsum), so the value
    does not depend on the CPU's summation kernel."""
    return math.fsum(weights[wrong]) / math.fsum(weights)


def _cv_errors(X, y01, splits, C, weights, fit):
    """Error rates of the SVM on the test part of every ``(train, test)`` pair of
    ``splits``, weighted by ``weights``.

    Pair k's error is ``sum_{i in I_k} G_i e_i / sum_{i in I_k} G_i`` (I_k its test part)
    with e_i the 0/1 error of the rule fitted (with weights ``G`` on its training samples)
    on its train part.
    """
    errors = np.empty(len(splits))
    for k, (train, test) in enumerate(splits):
        w, b = fit(X[train], y01[train], weights[train], C)
        errors[k] = _weighted_rate(weights[test], _mistakes(X[test], w, b, y01[test]))
    return errors


def _perturbed_cv_chunk(X, y01, splits, C, generators):
    return [
        _cv_errors(X, y01, splits, C, gen.exponential(1.0, size=y01.size), _fit_linear_svm).mean()
        for gen in generators
    ]


def _apparent_chunk(X, y01, C, generators):
    out = []
    for gen in generators:
        G = gen.exponential(1.0, size=y01.size)
        w, b = _fit_perturbed_svm(X, y01, G, C)
        out.append(_weighted_rate(G, _mistakes(X, w, b, y01)))
    return out


# --------------------------------------------------------------------------- the interval


def _symmetric_interval(error, replicates, n, confidence_level):
    r"""Note 000's interval :math:`\hat\varepsilon_{CV} \pm n^{-1/2}\hat\xi_{1-\alpha/2}`,
    :math:`\hat\xi_{1-\alpha/2}` the (1 - alpha/2)-quantile of the replicates centred at
    their mean, :math:`W^*_r - \bar W^*`."""
    centred = replicates - replicates.mean()
    xi = float(np.quantile(centred, 1.0 - (1.0 - confidence_level) / 2))
    half = xi / math.sqrt(n)
    return ConfidenceInterval(float(error - half), float(error + half))


def _pivot_interval(error, replicates, n, confidence_level):
    """Interval from the replicates centred at their mean: ``error - q(W~*)/sqrt(n)``."""
    alpha = 1.0 - confidence_level
    centred = replicates - replicates.mean()
    q_low, q_high = np.quantile(centred, [alpha / 2, 1 - alpha / 2])
    root_n = np.sqrt(n)
    return ConfidenceInterval(float(error - q_high / root_n), float(error - q_low / root_n))


_INTERVALS = {"apparent": _symmetric_interval, "perturbed-cv": _pivot_interval}


@dataclasses.dataclass(frozen=True, repr=False)
class PerturbationInterval(Result):
    r"""A linear SVM's K-fold CV error with its perturbation-resampling interval.

    Attributes
    ----------
    error : float
        :math:`\hat\varepsilon_{CV}`, the mean of the fold error rates (the centre).
    low, high : float
        ``method="apparent"``: :math:`\hat\varepsilon_{CV} \mp n^{-1/2}\hat\xi_{1-\alpha/2}`,
        :math:`\hat\xi_{1-\alpha/2}` the (1 - alpha/2)-quantile of ``centred_replicates``.
        ``method="perturbed-cv"``: :math:`\hat\varepsilon_{CV} - n^{-1/2}\tilde\xi_{1-\alpha/2}`
        and :math:`\hat\varepsilon_{CV} - n^{-1/2}\tilde\xi_{\alpha/2}`, :math:`\tilde\xi_p`
        the p-quantile of ``centred_replicates``. Not clipped to [0, 1].
    confidence_level : float
        :math:`1 - \alpha`.
    std_error : float
        Standard deviation of the replicates over :math:`\sqrt n`: the perturbation
        estimate of the CV error's standard error.
    n : int
        Sample size.
    n_splits : int
        Number K of ``(train, test)`` pairs whose error rates are averaged: the folds (times
        the repeats, for a repeated splitter).
    C : float
        The SVM's cost parameter.
    method : str
        ``"apparent"`` (Jiang, Zhang & Cai) or ``"perturbed-cv"``.
    apparent_error : float
        :math:`\hat\varepsilon_{re}`, the resubstitution error of the SVM fitted on all n
        samples.
    fold_errors : ndarray, shape (n_splits,)
        Error rate on the test part of each pair (unweighted).
    perturbed_errors : ndarray, shape (n_resamples,)
        ``"apparent"``: the weighted apparent error
        :math:`\sum_i G_i e_i(\theta^*)/\sum_i G_i` of each perturbed fit;
        ``"perturbed-cv"``: the perturbed CV error :math:`\hat\varepsilon^*_{CV}`.
    replicates : ndarray, shape (n_resamples,)
        :math:`W^*`: ``sqrt(n) * (perturbed_errors - apparent_error)`` for ``"apparent"``,
        ``sqrt(n) * (perturbed_errors - error)`` for ``"perturbed-cv"`` (not centred).
    replicate_mean : float
        :math:`\bar W^* = R^{-1}\sum_r W^*_r`.
    splits : tuple of (ndarray, ndarray)
        The K ``(train, test)`` index pairs (not shown in the repr).
    """

    error: float
    low: float
    high: float
    confidence_level: float
    std_error: float
    n: int
    n_splits: int
    C: float
    method: str
    apparent_error: float
    fold_errors: np.ndarray
    perturbed_errors: np.ndarray
    replicates: np.ndarray
    replicate_mean: float
    splits: tuple = dataclasses.field(repr=False)

    def confidence_interval(
        self, confidence_level: float | None = None, *, n_resamples: int | None = None,
    ) -> ConfidenceInterval:
        """The interval at another level, or from the first ``n_resamples`` replicates only.

        No SVM is refitted: the same rule as the result's method is applied to the first
        ``n_resamples`` replicates (for ``"perturbed-cv"`` centred at their own mean).

        Parameters
        ----------
        confidence_level : float in (0, 1), optional
            Default the result's ``confidence_level``.
        n_resamples : int, optional, keyword-only
            Replicates used, 1 to ``replicates.size`` (default all).

        Returns
        -------
        ConfidenceInterval
            ``(low, high)``, not clipped to [0, 1].

        Examples
        --------
        >>> from patterneval.resampling.perturbation import perturbation_interval, two_gaussians
        >>> X, y = two_gaussians(80, separation=2.0, rng=0)
        >>> res = perturbation_interval(X, y, cv=5, n_resamples=100, rng=1)
        >>> res.confidence_interval() == (res.low, res.high)
        True
        >>> narrow = res.confidence_interval(0.8)
        >>> bool(res.low < narrow.low < narrow.high < res.high)
        True
        """
        level = self.confidence_level if confidence_level is None else check_scalar(
            "confidence_level", confidence_level, float, low=0, high=1, closed="neither")
        m = self.replicates.size if n_resamples is None else check_scalar(
            "n_resamples", n_resamples, int, low=1, high=self.replicates.size,
            hint=f"The result stores {self.replicates.size} replicates.")
        return _INTERVALS[self.method](self.error, self.replicates[:m], self.n, level)

    @property
    def centred_replicates(self) -> np.ndarray:
        r""":math:`\tilde W^*_r = W^*_r - \bar W^*` (mean exactly 0)."""
        return self.replicates - self.replicate_mean

    @property
    def implied_errors(self) -> np.ndarray:
        r""":math:`\hat\varepsilon_{CV} - \tilde W^*/\sqrt n`, the centred replicates on the
        error scale (mean exactly :math:`\hat\varepsilon_{CV}`). For ``"perturbed-cv"`` the
        interval's ends are their :math:`\alpha/2` and :math:`1-\alpha/2` quantiles; for
        ``"apparent"`` the lower end is their :math:`\alpha/2` quantile and the interval is
        symmetric about :math:`\hat\varepsilon_{CV}`."""
        return self.error - self.centred_replicates / np.sqrt(self.n)


@keywords
def perturbation_interval(X: ArrayLike, y: ArrayLike, *, C: float = 1.0, cv: int | object = 10, n_resamples: int = 500,
                          confidence_level: float = 0.95, rng: int | np.random.Generator | None = None,
                          method: Literal["apparent", "perturbed-cv"] = "apparent", n_jobs: int | None = None,
                          progress: bool = False) -> PerturbationInterval:
    r"""Perturbation-resampling confidence interval for a linear SVM's K-fold CV error.

    ``method="apparent"`` (default) is the procedure of Jiang, Zhang & Cai (2008) in the
    form note 000 gives it (section 用扰动重采样估计SVM错误率的置信区间, its "基本过程"):

    1. Split the n samples into K stratified folds (``cv=K``, drawn once from ``rng``);
       :math:`\hat\varepsilon_{CV} = K^{-1}\sum_k \hat\varepsilon_{(k)}(\hat\theta_{(-k)})`
       (the note's :math:`\varepsilon_{CV}`), the mean of the error rates of
       ``SVC(kernel="linear", C=C)`` trained without fold k and tested on it. Fit the same
       SVM on all n samples, :math:`\hat\theta`, and take its apparent (resubstitution)
       error :math:`\hat\varepsilon_{re} = n^{-1}\sum_i e_i(\hat\theta)` (the note's
       :math:`\varepsilon_{re}`), :math:`e_i(\theta) = [y_i \ne \operatorname{sign} f(x_i;\theta)]`.
    2. For r = 1..R draw :math:`G_1, \dots, G_n` i.i.d. Exp(1) (positive, mean and
       variance 1) and fit *one* SVM on all n samples to the note's perturbed objective

       .. math:: \hat Q_n^*(\theta) = \frac1n\sum_{i=1}^n G_i\big\{(1 - y_i f(x_i;\theta))_+
                 + \lambda_n\, w\cdot w\big\},

       whose dual has :math:`0 \le \alpha_i \le C G_i` (:func:`_fit_perturbed_svm`: SVC with
       cost :math:`C n/\sum_i G_i` and ``sample_weight=G``). With its solution
       :math:`\theta^*_r`,

       .. math:: W^*_r = n^{1/2}\Big(\frac{\sum_i G_i\, e_i(\theta^*_r)}{\sum_i G_i}
                 - \hat\varepsilon_{re}\Big),

       the G-weighted apparent error of the perturbed fit against the apparent error of the
       unweighted fit (the note prints :math:`n^{1/2}\sum_i G_i|y_i - f(x_i;\theta^*)|`;
       see the chapter's erratum).
    3. Given the data, :math:`W^*` approximates the law of
       :math:`W_{CV} = n^{1/2}(\hat\varepsilon_{CV} - \varepsilon)` (asymptotically
       equivalent to :math:`W = n^{1/2}(\hat\varepsilon_{re} - \varepsilon)`), a law with
       mean 0. With :math:`\hat\xi_{1-\alpha/2}` the (1 - alpha/2)-quantile of the
       replicates centred at their mean, :math:`W^*_r - \bar W^*`, the interval is the note's

       .. math:: [\hat\varepsilon_{CV} - n^{-1/2}\hat\xi_{1-\alpha/2},\;
                  \hat\varepsilon_{CV} + n^{-1/2}\hat\xi_{1-\alpha/2}],

       centred at the cross-validated estimate, as the paper recommends.

    Why centre the replicates. :math:`W^*` compares two *apparent* errors, and the weighted
    one is optimistic in its own way: a weighted fit chases the heavily weighted samples,
    so the samples it gets wrong tend to carry small weights and
    :math:`\sum_i G_i e_i/\sum_i G_i` sits below :math:`\hat\varepsilon_{re}`.
    :math:`\bar W^*` is negative, of order :math:`p/\sqrt n` for p features (on 150
    breast-cancer samples with 30 features it is about -0.05, as large as the replicates'
    spread). The raw quantile :math:`\xi_{1-\alpha/2}(W^*) = \bar W^* + \hat\xi_{1-\alpha/2}`
    would shrink the interval by :math:`|\bar W^*|/\sqrt n` on both sides and can even turn
    it inside out; the CV error, which the interval is centred at, has no such optimism.
    When :math:`\bar W^* = 0` the two readings coincide. The chapter reports the coverage
    of both.

    ``method="perturbed-cv"`` repeats, for each replicate, the whole K-fold CV on the
    weighted problem (SVC with ``sample_weight=G`` on the training folds, test errors
    weighted by G on each fold), :math:`W^*_r = n^{1/2}(\hat\varepsilon^*_{CV,r} -
    \hat\varepsilon_{CV})`, and takes the interval
    :math:`[\hat\varepsilon_{CV} - n^{-1/2}\tilde\xi_{1-\alpha/2},\,
    \hat\varepsilon_{CV} - n^{-1/2}\tilde\xi_{\alpha/2}]` from the quantiles of the
    replicates centred at their mean (the perturbed CV error sits above
    :math:`\hat\varepsilon_{CV}`: weighted fits are noisier). It costs K fits per replicate
    instead of one and its :math:`W^*` is wider (on the 569 standardised breast-cancer
    samples, 10 folds, its s.d. is 0.25 against 0.09 for the paper's); the chapter compares
    the two by simulation.

    The target :math:`\varepsilon` is the SVM's expected error rate over training sets of
    size n (asymptotically the error of its limiting rule); see the chapter for the
    coverage of both targets.

    Parameters
    ----------
    X : array-like, shape (n_samples, n_features)
        Features (standardise them first: a linear SVM is not scale invariant).
    y : array-like, shape (n_samples,)
        Labels of exactly two classes (any values; coded +-1 internally, the second of
        ``np.unique(y)`` being +1).
    C : float, default 1.0
        The SVM's cost parameter, > 0 (:math:`C = 1/(2n\lambda_n)`).
    cv : int, scikit-learn splitter or iterable of (train, test) pairs, default 10
        The cross-validation, as scikit-learn's ``cv``: an int K gives K shuffled
        stratified folds drawn from ``rng`` (every class needs at least K samples); a
        splitter (``StratifiedKFold(5, shuffle=True, random_state=0)``) or explicit
        ``(train, test)`` index pairs are used as given. The CV error is the mean of the
        pairs' error rates (with a repeated splitter, over all its repeats); every training
        part must hold both classes.
    n_resamples : int, default 500
        Number of perturbations R.
    confidence_level : float, default 0.95
    rng : None, int or numpy.random.Generator
        The folds (for an int ``cv``) come first from it, then every perturbation's weights from its own
        spawned stream (replicate r gets the same weights for both methods and any
        ``n_jobs``).
    method : {"apparent", "perturbed-cv"}, default "apparent"
    n_jobs : int or None
        Parallel jobs through joblib.
    progress : bool
        Show a tqdm progress bar.

    Returns
    -------
    PerturbationInterval

    Notes
    -----
    Cost: K + 1 + R fits of a linear SVM for ``"apparent"`` (K on about n (K-1)/K
    samples, R + 1 on n), K (R + 1) + 1 for ``"perturbed-cv"``. The fits call the libsvm
    routine behind ``SVC`` directly when scikit-learn's private binding is available
    (identical results, without SVC's per-call overhead; the public ``SVC`` otherwise, see
    the module's docstring for the timings); weighted error rates use exactly rounded sums,
    so they do not depend on the CPU.

    The formulas follow note 000; the full text of the paper (its equation numbers) was not
    available to us, only its abstract. Where the note is garbled (its :math:`W^*`, the
    name of :math:`\hat\xi_{1-\alpha/2}`) the chapter's errata give the reading used here.

    References
    ----------
    B. Jiang, X. Zhang and T. Cai (2008). Estimating the confidence interval for
    prediction errors of support vector machine classifiers. *Journal of Machine Learning
    Research* 9:521-540.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.resampling.perturbation import perturbation_interval, two_gaussians
    >>> X, y = two_gaussians(80, separation=2.0, rng=0)
    >>> res = perturbation_interval(X, y, cv=5, n_resamples=100, rng=1)
    >>> res.method, res.replicates.shape
    ('apparent', (100,))
    >>> xi = np.quantile(res.replicates - res.replicate_mean, 0.975)
    >>> bool(np.allclose([res.low, res.high], res.error + np.array([-xi, xi]) / np.sqrt(res.n)))
    True
    >>> old = perturbation_interval(X, y, cv=5, n_resamples=100, rng=1, method="perturbed-cv")
    >>> bool(old.low <= old.error <= old.high), bool(abs(old.centred_replicates.mean()) < 1e-12)
    (True, True)
    """
    X, y = check_X_y(X, y, min_classes=2)
    y01 = check_binary_labels(y)
    C = check_scalar("C", C, float, low=0, closed="neither")
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    confidence_level = check_scalar("confidence_level", confidence_level, float, low=0, high=1,
                                    closed="neither")
    rng = check_rng(rng)
    method = check_choice("method", method, PERTURBATION_METHODS)
    n_jobs = check_n_jobs(n_jobs)
    splits = tuple(pair for repeat in cv_splits(cv, y01, stratify=True, rng=rng) for pair in repeat)

    X = X.astype(np.float64)
    n = y01.size
    ones = np.ones(n)
    fold_errors = _cv_errors(X, y01, splits, C, ones, _fit_linear_svm)
    error = float(fold_errors.mean())
    w, b = _fit_linear_svm(X, y01, ones, C)
    apparent = _weighted_rate(ones, _mistakes(X, w, b, y01))
    generators = spawn(rng, n_resamples)
    starts = range(0, n_resamples, _CHUNK)
    if method == "apparent":
        func, tasks, centre = _apparent_chunk, [(X, y01, C, generators[i:i + _CHUNK]) for i in starts], apparent
    else:
        func, centre = _perturbed_cv_chunk, error
        tasks = [(X, y01, splits, C, generators[i:i + _CHUNK]) for i in starts]
    results = run_tasks(func, tasks, n_jobs=n_jobs, progress=progress, desc="perturbations")
    perturbed = np.concatenate([np.asarray(r, dtype=float) for r in results])
    replicates = math.sqrt(n) * (perturbed - centre)
    low, high = _INTERVALS[method](error, replicates, n, confidence_level)
    return PerturbationInterval(
        error=error, low=low, high=high, confidence_level=confidence_level,
        std_error=float(replicates.std(ddof=1) / math.sqrt(n)) if n_resamples > 1 else float("nan"),
        n=int(n), n_splits=len(splits), C=C, method=method, apparent_error=apparent, fold_errors=fold_errors,
        perturbed_errors=perturbed, replicates=replicates, replicate_mean=float(replicates.mean()), splits=splits,
    )


# --------------------------------------------------------------------------- a problem with a known answer


@keywords
def two_gaussians(n: int, *, separation: float = 2.0, n_features: int = 2,
                  rng: int | np.random.Generator | None = None) -> tuple[np.ndarray, np.ndarray]:
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
    >>> from patterneval.resampling.perturbation import two_gaussians
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


def linear_rule_error(coef: ArrayLike, intercept: ArrayLike, *, separation: float = 2.0) -> float | np.ndarray:
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
    >>> from patterneval.resampling.perturbation import linear_rule_error
    >>> round(linear_rule_error([1.0, 0.0], 0.0, separation=2.0), 6)  # Bayes error Phi(-1)
    0.158655
    """
    separation = check_scalar("separation", separation, float, low=0, closed="neither")
    coef_arr = check_array("coef", coef)
    if coef_arr.ndim not in (1, 2) or coef_arr.shape[-1] == 0:
        raise fail("coef", "a weight vector (p,) or a stack of them (m, p)", f"an array of shape "
                           f"{coef_arr.shape}", echo=False, error=TypeError if coef_arr.ndim == 0 else ValueError)
    w = np.atleast_2d(coef_arr)
    b = check_array("intercept", intercept)
    if b.ndim > 1 or (b.ndim == 1 and b.shape != w.shape[:1]):
        raise fail("intercept", f"a number, or one per rule of coef (shape {w.shape[:1]})",
                   f"an array of shape {b.shape}", echo=False)
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
def expected_svm_error(n: int, *, separation: float = 2.0, n_features: int = 2, C: float = 1.0,
                       n_datasets: int = 2000, rng: int | np.random.Generator | None = None,
                       n_jobs: int | None = None) -> tuple[float, float, np.ndarray]:
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
    >>> from patterneval.resampling.perturbation import expected_svm_error
    >>> est, se, errs = expected_svm_error(40, n_datasets=200, rng=0)
    >>> bool(0.1587 < est < 0.25), errs.shape
    (True, (200,))
    """
    n = check_scalar("n", n, int, low=2)
    C = check_scalar("C", C, float, low=0, closed="neither")
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    rng = check_rng(rng)
    gens = spawn(rng, n_datasets)
    chunks = [(n, separation, n_features, C, gens[i:i + 100]) for i in range(0, n_datasets, 100)]
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
        The interval's method (:data:`PERTURBATION_METHODS`).
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
        down by s. ``"apparent"``: note 000's formula read literally,
        :math:`\hat\varepsilon_{CV} \pm \xi_{1-\alpha/2}(W^*)/\sqrt n`, the stored interval
        widened by s at each end (narrowed when :math:`\bar W^* < 0`; quantiles commute with
        a shift).

        Returns
        -------
        lows, highs : ndarray, shape (n_datasets,)

        Examples
        --------
        >>> from patterneval.resampling import run_coverage_study
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
        >>> from patterneval.resampling import run_coverage_study
        >>> sim = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008).cells[0]
        >>> d = sim.to_dict()
        >>> d["method"], d["lows"] == sim.lows.tolist(), "covered" in d
        ('apparent', True, False)
        >>> bool(np.array_equal(type(sim).from_dict(d).covered, sim.covered))
        True
        """
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "covered"}
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
        res = perturbation_interval(X, y, C=C, cv=cv, n_resamples=n_resamples,
                                    confidence_level=level, rng=gen, method=method)
        w, b = _fit_linear_svm(X, y, np.ones(n), C)
        sd = float(res.replicates.std(ddof=1)) if n_resamples > 1 else float("nan")
        rows.append((res.error, res.low, res.high, linear_rule_error(w, b, separation=separation),
                     res.replicate_mean, sd))
    return rows


@keywords
def simulate_perturbation_coverage(n: int, *, separation: float = 2.0, n_features: int = 2, C: float = 1.0,
                                   cv: int | object = 5, n_datasets: int = 100, n_resamples: int = 100,
                                   confidence_level: float = 0.95, n_truth: int = 2000,
                                   method: Literal["apparent", "perturbed-cv"] = "apparent",
                                   target: tuple[float, float] | None = None,
                                   rng: int | np.random.Generator | None = None, n_jobs: int | None = None,
                                   progress: bool = False) -> PerturbationCoverage:
    r"""How often :func:`perturbation_interval` covers the expected error, by simulation.

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
        The cross-validation of each interval, as in :func:`perturbation_interval`: an int
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
        The interval's method, as in :func:`perturbation_interval`.
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
    >>> from patterneval.resampling.perturbation import simulate_perturbation_coverage
    >>> sim = simulate_perturbation_coverage(40, n_datasets=5, n_resamples=20, n_truth=50, rng=0)
    >>> sim.covered.shape, 0.0 <= sim.coverage <= 1.0
    ((5,), True)
    """
    n = check_scalar("n", n, int, low=2)
    separation = check_scalar("separation", separation, float, low=0, closed="neither")
    C = check_scalar("C", C, float, low=0, closed="neither")
    cv = check_cv(cv, np.repeat([0, 1], n // 2))  # the labels of every data set
    n_splits = cv if isinstance(cv, int) else len(cv) if isinstance(cv, list) else int(cv.get_n_splits())
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    level = check_scalar("confidence_level", confidence_level, float, low=0, high=1, closed="neither")
    n_truth = check_scalar("n_truth", n_truth, int, low=2)
    method = check_choice("method", method, PERTURBATION_METHODS)
    rng = check_rng(rng)
    n_jobs = check_n_jobs(n_jobs)
    truth_rng, data_rng = spawn(rng, 2)
    if target is None:
        target, target_se, _ = expected_svm_error(n, separation=separation, n_features=n_features, C=C,
                                                  n_datasets=n_truth, rng=truth_rng, n_jobs=n_jobs)
    else:
        if np.ndim(target) != 1 or len(target) != 2:
            raise fail("target", "None or a pair (estimate, std_error)", target)
        pair = check_array("target", target, ndim=1)  # finite real numbers (NaN would cover nothing)
        if not (0 <= pair[0] <= 1 and pair[1] >= 0):
            raise fail("target", "a pair (estimate, std_error) with the estimate an error rate in [0, 1] "
                                 "and std_error >= 0", pair.tolist())
        target, target_se = (float(v) for v in pair)
    gens = spawn(data_rng, n_datasets)
    chunks = [(n, separation, n_features, C, cv, n_resamples, level, method, gens[i:i + 4])
              for i in range(0, n_datasets, 4)]
    rows = np.array([row for chunk in run_tasks(_coverage_chunk, chunks, n_jobs=n_jobs, progress=progress,
                                                desc=f"data sets (n={n}, {method})") for row in chunk])
    errors, lows, highs, true_errors, replicate_means, replicate_sds = rows.T
    covered = (lows <= target) & (target <= highs)
    cov = float(covered.mean())
    return PerturbationCoverage(
        coverage=cov, std_error=float(np.sqrt(cov * (1 - cov) / n_datasets)), confidence_level=level,
        target=float(target), target_std_error=float(target_se), n=n, n_splits=n_splits,
        n_resamples=n_resamples, n_datasets=n_datasets, method=method, mean_width=float(np.mean(highs - lows)),
        errors=errors, lows=lows, highs=highs, true_errors=true_errors, covered=covered,
        replicate_means=replicate_means, replicate_sds=replicate_sds,
    )


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
        >>> from patterneval.resampling import run_coverage_study
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
        raise ValueError(f"no cell with n={n} and method={method!r}; the study has "
                         f"{[(s.n, s.method) for s in self.cells]}.")

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
        >>> from patterneval.resampling import run_coverage_study
        >>> study = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008)
        >>> rep = study.replay(2)
        >>> rep.n_cells, rep.max_abs_difference == 0, rep.same_coverage
        (2, True, True)
        """
        m = check_scalar("n_datasets", n_datasets, int, low=2, high=min(sim.n_datasets for sim in self.cells),
                         hint="The study stores no more data sets per cell.")
        s = self.settings
        worst, same = 0.0, True
        for sim in self.cells:
            new = simulate_perturbation_coverage(
                sim.n, separation=s["separation"], n_features=s["n_features"], C=s["C"],
                cv=s["cv"], n_datasets=m, n_resamples=s["n_resamples"],
                confidence_level=s["confidence_level"], n_truth=s["n_truth"], method=sim.method,
                target=(sim.target, sim.target_std_error), rng=np.random.default_rng([s["rng"], sim.n]),
                n_jobs=n_jobs)
            for name in _ROW_FIELDS:
                worst = max(worst, float(np.max(np.abs(getattr(new, name) - getattr(sim, name)[:m]))))
            same = same and bool(np.array_equal(new.covered, sim.covered[:m]))
        return CoverageReplay(n_datasets=m, n_cells=len(self.cells), max_abs_difference=worst,
                              same_coverage=same)

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
    >>> from patterneval.resampling.perturbation import run_coverage_study, load_coverage_study
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
        return CoverageStudy(settings=data["settings"],
                             cells=tuple(PerturbationCoverage.from_dict(c) for c in data["cells"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise fail("path", "a JSON file written by CoverageStudy.to_json", f"{path} ({exc!r})",
                   echo=False) from None


@keywords
def run_coverage_study(ns: ArrayLike, *, methods: Sequence[str] = PERTURBATION_METHODS, separation: float = 2.0,
                       n_features: int = 2, C: float = 1.0, cv: int = 5, n_datasets: int = 1000,
                       n_resamples: int = 200, confidence_level: float = 0.95, n_truth: int = 20000,
                       rng: int | np.random.Generator | None = None, n_jobs: int | None = None,
                       progress: bool = False) -> CoverageStudy:
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
        Interval methods, as in :func:`perturbation_interval`.
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
    >>> from patterneval.resampling.perturbation import run_coverage_study
    >>> study = run_coverage_study([20], n_datasets=3, n_resamples=5, n_truth=10, cv=2, rng=2008)
    >>> a, b = study.cell(20, "apparent"), study.cell(20, "perturbed-cv")
    >>> a.target == b.target, bool(np.array_equal(a.errors, b.errors))  # same data sets
    (True, True)
    """
    ns = check_array("ns", np.atleast_1d(ns) if np.isscalar(ns) else ns, ndim=1, kind="int", low=2).tolist()
    if isinstance(methods, str) or not np.iterable(methods):
        raise fail("methods", f"a sequence of methods from {list(PERTURBATION_METHODS)}", methods,
                   error=TypeError)
    methods = [check_choice("methods", m, PERTURBATION_METHODS) for m in methods]
    if not methods or len(set(methods)) != len(methods):
        raise fail("methods", f"a non-empty sequence of distinct methods from {list(PERTURBATION_METHODS)}",
                   methods)
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        seed = check_scalar("rng", rng, int, low=0)
    else:
        seed = int(check_rng(rng).integers(2**63))
    # every option checked here, before the settings are stored (float("nan") or a complex
    # would otherwise fail deep inside, or be stored as given)
    settings = dict(separation=check_scalar("separation", separation, float, low=0, closed="neither"),
                    n_features=check_scalar("n_features", n_features, int, low=1),
                    C=check_scalar("C", C, float, low=0, closed="neither"),
                    cv=check_scalar("cv", cv, int, low=2, hint="The study takes an int number of folds: its "
                                                                   "settings are stored as JSON."),
                    n_datasets=check_scalar("n_datasets", n_datasets, int, low=2),
                    n_resamples=check_scalar("n_resamples", n_resamples, int, low=1),
                    confidence_level=check_scalar("confidence_level", confidence_level, float, low=0, high=1,
                                                  closed="neither"),
                    n_truth=check_scalar("n_truth", n_truth, int, low=2), rng=seed)
    check_n_jobs(n_jobs)
    check_bool("progress", progress)
    cells = []
    for n in ns:
        target = None
        for method in methods:
            sim = simulate_perturbation_coverage(
                n, separation=separation, n_features=n_features, C=C, cv=cv, n_datasets=n_datasets,
                n_resamples=n_resamples, confidence_level=confidence_level, n_truth=n_truth, method=method,
                target=target, rng=np.random.default_rng([seed, n]), n_jobs=n_jobs, progress=progress)
            target = (sim.target, sim.target_std_error)
            cells.append(sim)
    return CoverageStudy(settings=settings, cells=tuple(cells))


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_binary_labels(y, *, name: str = "y") -> np.ndarray:
    """Exactly two distinct labels (any hashable values); returns y coded as 0/1 in the
    order of ``np.unique`` (the second label becomes 1)."""
    labels, codes = np.unique(check_labels(name, y), return_inverse=True)
    if labels.size != 2:
        raise fail(name, "labels of exactly 2 classes", f"{labels.size} ({show(labels.tolist())})",
                   echo=False, hint="The SVM here is binary: reduce the problem to two classes "
                                    "(one vs rest) first.")
    return codes.reshape(-1)

