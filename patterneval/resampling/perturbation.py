r"""Perturbation-resampling confidence interval for a linear SVM's cross-validation error.

Jiang, Zhang & Cai (2008), as the course notes (section 用扰动重采样估计SVM错误率的置信区间)
transmit it: the interval is centred at the K-fold cross-validation error
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
breast-cancer intervals 8.9 s against 17 s (1.9x), ``patterneval.book.cv_intervals.CoverageStudy.replay(5)`` 6.1 s
against 18 s (3x), a coverage cell at n = 50 (10 data sets, 2000 target fits) 1.5 s
against 7.6 s (4.9x). The coverage study's 2.5 million small fits are why the fast path
stays.

Chapter: "Interval estimates for the CV error" (book/part1/cv-intervals.ipynb).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import math
from typing import Literal

import numpy as np
import sklearn
from numpy.typing import ArrayLike
from sklearn.svm import SVC

from .._api import keywords
from .._engine import cv_splits, run_tasks, spawn
from .._results import ConfidenceInterval, Result
from .._validation import (
    check_choice,
    check_labels,
    check_n_jobs,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
    show,
)

__all__ = ["PERTURBATION_METHODS", "PerturbationInterval", "perturbation_interval"]

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
    r"""The minimiser of the perturbed objective
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
    r"""The interval :math:`\hat\varepsilon_{CV} \pm n^{-1/2}\hat\xi_{1-\alpha/2}`,
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
        self,
        confidence_level: float | None = None,
        *,
        n_resamples: int | None = None,
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
        >>> from patterneval.book.cv_intervals import two_gaussians
        >>> from patterneval.resampling.perturbation import perturbation_interval
        >>> X, y = two_gaussians(80, separation=2.0, rng=0)
        >>> res = perturbation_interval(X, y, cv=5, n_resamples=100, rng=1)
        >>> res.confidence_interval() == (res.low, res.high)
        True
        >>> narrow = res.confidence_interval(0.8)
        >>> bool(res.low < narrow.low < narrow.high < res.high)
        True
        """
        level = (
            self.confidence_level
            if confidence_level is None
            else check_scalar(
                "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
            )
        )
        m = (
            self.replicates.size
            if n_resamples is None
            else check_scalar(
                "n_resamples",
                n_resamples,
                int,
                low=1,
                high=self.replicates.size,
                hint=f"The result stores {self.replicates.size} replicates.",
            )
        )
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
def perturbation_interval(
    X: ArrayLike,
    y: ArrayLike,
    *,
    C: float = 1.0,
    cv: int | object = 10,
    n_resamples: int = 500,
    confidence_level: float = 0.95,
    rng: int | np.random.Generator | None = None,
    method: Literal["apparent", "perturbed-cv"] = "apparent",
    n_jobs: int | None = None,
    progress: bool = False,
) -> PerturbationInterval:
    r"""Perturbation-resampling confidence interval for a linear SVM's K-fold CV error.

    ``method="apparent"`` (default) is the procedure of Jiang, Zhang & Cai (2008) in the
    form the course notes give it (section 用扰动重采样估计SVM错误率的置信区间, its "基本过程"):

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

    The formulas follow the course notes; the full text of the paper (its equation numbers) was not
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
    >>> from patterneval.book.cv_intervals import two_gaussians
    >>> from patterneval.resampling.perturbation import perturbation_interval
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
    confidence_level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
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
        func, tasks, centre = (
            _apparent_chunk,
            [(X, y01, C, generators[i : i + _CHUNK]) for i in starts],
            apparent,
        )
    else:
        func, centre = _perturbed_cv_chunk, error
        tasks = [(X, y01, splits, C, generators[i : i + _CHUNK]) for i in starts]
    results = run_tasks(func, tasks, n_jobs=n_jobs, progress=progress, desc="perturbations")
    perturbed = np.concatenate([np.asarray(r, dtype=float) for r in results])
    replicates = math.sqrt(n) * (perturbed - centre)
    low, high = _INTERVALS[method](error, replicates, n, confidence_level)
    return PerturbationInterval(
        error=error,
        low=low,
        high=high,
        confidence_level=confidence_level,
        std_error=float(replicates.std(ddof=1) / math.sqrt(n)) if n_resamples > 1 else float("nan"),
        n=int(n),
        n_splits=len(splits),
        C=C,
        method=method,
        apparent_error=apparent,
        fold_errors=fold_errors,
        perturbed_errors=perturbed,
        replicates=replicates,
        replicate_mean=float(replicates.mean()),
        splits=splits,
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_binary_labels(y, *, name: str = "y") -> np.ndarray:
    """Exactly two distinct labels (any hashable values); returns y coded as 0/1 in the
    order of ``np.unique`` (the second label becomes 1)."""
    labels, codes = np.unique(check_labels(name, y), return_inverse=True)
    if labels.size != 2:
        raise fail(
            name,
            "labels of exactly 2 classes",
            f"{labels.size} ({show(labels.tolist())})",
            echo=False,
            hint="The SVM here is binary: reduce the problem to two classes (one vs rest) first.",
        )
    return codes.reshape(-1)
