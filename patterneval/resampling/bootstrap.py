"""Bootstrap error estimates: out-of-bag (leave-one-out bootstrap), .632 and .632+ (Efron & Tibshirani 1997).

Derived in Part I of the book, chapter "Cross-validation and the bootstrap". A bootstrap
sample draws ``n`` indices with replacement; it contains a given sample with probability
``1 - (1 - 1/n)^n`` (about 0.632), so every replicate leaves about 36.8% of the samples
out of bag, and a model fitted on it can be tested on them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator

from .._api import keywords
from .._engine import fit_predict, run_tasks, single_class_error, single_class_label, spawn
from .._results import Result
from .._validation import (
    check_bool,
    check_choice,
    check_classification_target,
    check_estimator,
    check_labels,
    check_n_jobs,
    check_rng,
    check_scalar,
    check_X_y,
)

__all__ = [
    "BOOTSTRAP_METHODS",
    "BOOTSTRAP_SINGLE_CLASS",
    "BootstrapResult",
    "bootstrap_error",
    "inclusion_probability",
    "no_information_error",
]

#: The estimates :func:`bootstrap_error` offers.
BOOTSTRAP_METHODS = ("oob", ".632", ".632+")

#: What :func:`bootstrap_error` does with a bootstrap sample of a single class.
BOOTSTRAP_SINGLE_CLASS = ("constant", "redraw", "raise")

#: Redraws allowed per replicate with ``single_class="redraw"`` before giving up.
_MAX_REDRAWS = 1000

# Efron & Tibshirani (1997) write the weights with three digits; we use theirs, not 1 - 1/e.
_W = 0.632
_W_COMPLEMENT = 0.368


def inclusion_probability(n: ArrayLike) -> float | np.ndarray:
    r"""Probability that a given sample appears in a bootstrap sample of size ``n``.

    .. math:: P_n = 1 - \left(1 - \tfrac1n\right)^n \;\searrow\; 1 - e^{-1} \approx 0.632
              \quad (n \to \infty),

    since each of the ``n`` draws misses the sample with probability ``1 - 1/n``. It is
    also the expected share of distinct samples in a bootstrap sample. Computed as
    ``-expm1(n log1p(-1/n))``, accurate for large ``n``; ``n`` may be an array.

    Parameters
    ----------
    n : int or array_like of int
        Sample size(s), ``n >= 1``.

    Returns
    -------
    float or ndarray

    References
    ----------
    Efron, B. (1983). Estimating the error rate of a prediction rule: improvement on
    cross-validation. JASA 78(382), 316-331. doi:10.1080/01621459.1983.10477973

    Examples
    --------
    >>> import patterneval as pe
    >>> from patterneval.resampling.bootstrap import inclusion_probability
    >>> inclusion_probability(1), round(inclusion_probability(2), 4)
    (1.0, 0.75)
    >>> round(inclusion_probability(10**6), 6)
    0.632121
    """
    arr = np.asarray(n)
    if arr.ndim == 0 or arr.dtype == bool or arr.dtype.kind not in "iu":
        arr = np.asarray([check_scalar("n", v, int, low=1) for v in np.ravel(n)]).reshape(arr.shape)
    elif arr.size and arr.min() < 1:
        check_scalar("n", int(arr.min()), int, low=1)  # raises, naming n
    nf = arr.astype(float)
    with np.errstate(divide="ignore"):  # n = 1: log1p(-1) = -inf, and expm1(-inf) = -1 is right
        prob = -np.expm1(nf * np.log1p(-1.0 / nf))
    return float(prob) if prob.ndim == 0 else prob


def no_information_error(y_true: ArrayLike, y_pred: ArrayLike) -> float:
    r"""No-information error rate :math:`\hat\gamma` of a classifier's predictions.

    The error the classifier would make if its predictions were independent of the
    labels: with :math:`p_l` the share of label :math:`l` among ``y_true`` and
    :math:`q_l` its share among ``y_pred``,

    .. math:: \hat\gamma = \frac{1}{n^2}\sum_{i=1}^n\sum_{j=1}^n \mathbb 1[y_i \ne \hat y_j]
              = \sum_l p_l (1 - q_l),

    Efron & Tibshirani (1997), Section 3. The double sum over all ``n^2`` pairs (the
    definition) is never formed: the frequencies give the same number in O(n log n)
    time (sorting the labels) and O(n + L) memory, L the number of labels.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (n_samples,)
        Labels and a classifier's predictions of them (usually by the model fitted on
        all the data).

    Returns
    -------
    float
        In [0, 1); larger means the label and prediction frequencies make chance
        agreement rarer.

    References
    ----------
    Efron, B. & Tibshirani, R. (1997). Improvements on cross-validation: the .632+
    bootstrap method. JASA 92(438), 548-560. doi:10.1080/01621459.1997.10474007

    Examples
    --------
    >>> from patterneval.resampling.bootstrap import no_information_error
    >>> no_information_error([0, 0, 1, 1], [0, 0, 0, 1])  # 0.5 * 0.25 + 0.5 * 0.75
    0.5
    """
    y_true = check_labels("y_true", y_true)
    y_pred = check_labels("y_pred", y_pred, n=y_true.size, n_name="y_true")
    labels, inverse = np.unique(np.concatenate([y_true, y_pred]), return_inverse=True)
    n = y_true.shape[0]
    p = np.bincount(inverse[:n], minlength=labels.size) / n
    q = np.bincount(inverse[n:], minlength=labels.size) / n
    return float(np.sum(p * (1.0 - q)))


def _632_plus(resubstitution: float, oob: float, gamma: float):
    """Efron & Tibshirani (1997), eqs. (31)-(32): (Err1', R', weight, estimate). No checks.

    ``Err1' = min(Err1, gamma)``; ``R' = (Err1' - err) / (gamma - err)`` when
    ``Err1 > err`` and ``gamma > err``, else 0 (so ``0 <= R' <= 1``);
    ``Err(.632+) = Err(.632) + (Err1' - err) * .368 * .632 * R' / (1 - .368 R')`` with the
    uncapped ``Err(.632) = .368 err + .632 Err1``; ``weight = .632 / (1 - .368 R')``.
    """
    err, err1 = float(resubstitution), float(oob)
    oob_capped = min(err1, float(gamma))
    if err1 > err and gamma > err:
        rate = (oob_capped - err) / (gamma - err)
    else:
        rate = 0.0
    weight = _W / (1.0 - _W_COMPLEMENT * rate)
    estimate_632 = _W_COMPLEMENT * err + _W * err1
    estimate = estimate_632 + (oob_capped - err) * (_W_COMPLEMENT * _W * rate) / (
        1.0 - _W_COMPLEMENT * rate
    )
    return oob_capped, rate, weight, estimate


@dataclasses.dataclass(frozen=True, repr=False)
class BootstrapResult(Result):
    """Bootstrap error estimate with every intermediate quantity of .632 and .632+.

    Attributes
    ----------
    estimate : float
        The estimate of ``method`` (one of ``oob``, ``estimate_632``, ``estimate_632plus``).
        Lower is better.
    method : str
        ``"oob"``, ``".632"`` or ``".632+"``.
    resubstitution : float
        Training error of the model fitted on all the data, on all the data (err-bar).
    oob : float
        Leave-one-out bootstrap error Err^(1): each sample's error averaged over the
        replicates that left it out, then averaged over the samples left out at least once.
    gamma : float
        No-information error rate of the full-data model (:func:`no_information_error`).
    oob_capped : float
        ``min(oob, gamma)``, the Err^(1)' of .632+ (eq. 31).
    relative_overfitting : float
        R' in [0, 1] (eq. 31): ``(oob_capped - resubstitution) / (gamma - resubstitution)``
        when ``oob > resubstitution`` and ``gamma > resubstitution``, else 0.
    weight : float
        The weight of the method: 1 (oob), 0.632 (.632) or
        ``0.632 / (1 - 0.368 R')`` (.632+). For .632+ it is the weight of the out-of-bag
        term, ``estimate = (1 - weight) resubstitution + weight oob``, only when
        ``oob <= gamma``; otherwise see ``correction_632plus``.
    estimate_632, estimate_632plus : float
        Both estimates, whatever ``method`` is: ``0.368 resubstitution + 0.632 oob``
        (never capped) and eq. (32).
    correction_632plus : float
        ``estimate_632plus - estimate_632 = (oob_capped - resubstitution) 0.368 0.632 R' /
        (1 - 0.368 R')``, the term eq. (32) adds to .632.
    n_resamples : int
        Number of bootstrap replicates B.
    n_never_out : int
        Samples that no replicate left out; they are dropped from Err^(1).
    replicate_errors : ndarray, shape (B,)
        Each replicate's out-of-bag error rate (NaN for a replicate that drew every sample).
    replicate_oob_sizes : ndarray of int, shape (B,)
        Out-of-bag samples per replicate.
    sample_errors : ndarray, shape (n_samples,)
        Each sample's error over the replicates that left it out (NaN if never left out).
    inbag_counts : ndarray of int, shape (B, n_samples)
        How often replicate b drew sample i.
    single_class : str
        The rule for a bootstrap sample of one class: ``"constant"``, ``"redraw"`` or
        ``"raise"``.
    n_single_class : int
        Replicates whose (first) bootstrap sample held a single class: predicted as that
        class (``"constant"``) or drawn again (``"redraw"``).
    """

    _means = (
        "The {method} bootstrap estimate of the error on new data, from {n_resamples} replicates: "
        "resubstitution ({resubstitution:.3g}) is optimistic, out-of-bag ({oob:.3g}) pessimistic, and"
        " .632 and .632+ weigh the two."
    )

    estimate: float
    method: str
    resubstitution: float
    oob: float
    gamma: float
    oob_capped: float
    relative_overfitting: float
    weight: float
    estimate_632: float
    estimate_632plus: float
    correction_632plus: float
    n_resamples: int
    n_never_out: int
    replicate_errors: np.ndarray
    replicate_oob_sizes: np.ndarray
    sample_errors: np.ndarray
    inbag_counts: np.ndarray
    single_class: str = "constant"
    n_single_class: int = 0


def _fit_predict_oob(estimator, X, y, train, test):
    """``fit_predict``, but an empty out-of-bag set gives empty predictions, not an error;
    a single-class bootstrap sample predicts its class (the caller has applied the rule)."""
    if test.size == 0:
        return np.asarray(y)[:0]
    return fit_predict(estimator, X, y, train, test, single_class="constant")


def _weighted_estimates(method, resubstitution, oob, gamma) -> dict[str, Any]:
    """The fields of :class:`BootstrapResult` that weigh the resubstitution and out-of-bag
    errors: .632, .632+ (eqs. (31)-(32) of Efron & Tibshirani 1997) and the one ``method``
    picks as ``estimate``."""
    estimate_632 = _W_COMPLEMENT * resubstitution + _W * oob
    oob_capped, rate, weight_plus, estimate_632plus = _632_plus(resubstitution, oob, gamma)
    correction = (
        (oob_capped - resubstitution) * (_W_COMPLEMENT * _W * rate) / (1.0 - _W_COMPLEMENT * rate)
    )
    estimate, weight = {
        "oob": (oob, 1.0),
        ".632": (estimate_632, _W),
        ".632+": (estimate_632plus, weight_plus),
    }[method]
    return dict(
        estimate=float(estimate),
        method=method,
        resubstitution=resubstitution,
        oob=oob,
        gamma=gamma,
        oob_capped=float(oob_capped),
        relative_overfitting=rate,
        weight=float(weight),
        estimate_632=float(estimate_632),
        estimate_632plus=float(estimate_632plus),
        correction_632plus=float(correction),
    )


def _bootstrap_from_indices(
    estimator,
    X,
    y,
    indices,
    *,
    method,
    n_jobs=None,
    progress=False,
    single_class="constant",
    n_single_class=None,
    y_fit=None,
):
    """Every bootstrap estimate from explicit replicates ``indices`` (B, n) of row numbers.

    The core of :func:`bootstrap_error`, kept separate so that tests can fix the
    replicates and compute .632 and .632+ by hand. No input checks. A replicate of a
    single class is predicted as that class: ``bootstrap_error`` has applied the rule
    ``single_class`` (raised, or redrawn) and passes ``n_single_class``, which overrides
    the count of such replicates.
    ``y`` is the labels' array (mistakes are counted on it); ``y_fit``, the same labels as
    the caller gave them (a pandas Series, its rows taken by position), is what the fits
    get (default ``y``).
    """
    y_fit = y if y_fit is None else y_fit
    indices = np.asarray(indices, dtype=np.intp)
    n_resamples, n = indices.shape
    if n_single_class is None:
        n_single_class = sum(single_class_label(y[row]) is not None for row in indices)
    counts = np.zeros((n_resamples, n), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(n_resamples), n), indices.ravel()), 1)
    out = counts == 0
    everything = np.arange(n)
    tasks = [(estimator, X, y_fit, everything, everything)]
    tasks += [(estimator, X, y_fit, indices[b], np.flatnonzero(out[b])) for b in range(n_resamples)]
    predictions = run_tasks(
        _fit_predict_oob, tasks, n_jobs=n_jobs, progress=progress, desc="bootstrap"
    )
    full_pred = np.asarray(predictions[0])
    resubstitution = float(np.mean(full_pred != y))
    gamma = no_information_error(y, full_pred)

    wrong = np.zeros((n_resamples, n), dtype=bool)
    for b, pred in enumerate(predictions[1:]):
        test = tasks[b + 1][4]
        wrong[b, test] = np.asarray(pred) != y[test]
    oob_sizes = out.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):  # 0/0 -> NaN, documented
        replicate_errors = wrong.sum(axis=1) / oob_sizes
        times_out = out.sum(axis=0)
        sample_errors = wrong.sum(axis=0) / times_out
    left_out = times_out > 0
    if not left_out.any():
        raise ValueError(
            f"n_resamples={n_resamples} is too few: no sample was ever left out of a "
            "bootstrap sample, so there is no out-of-bag error; use more replicates."
        )
    oob = float(sample_errors[left_out].mean())
    return BootstrapResult(
        **_weighted_estimates(method, resubstitution, oob, gamma),
        n_resamples=int(n_resamples),
        n_never_out=int(n - left_out.sum()),
        replicate_errors=replicate_errors,
        replicate_oob_sizes=oob_sizes,
        sample_errors=sample_errors,
        inbag_counts=counts,
        single_class=single_class,
        n_single_class=int(n_single_class),
    )


@keywords
def bootstrap_error(
    estimator: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    n_resamples: int = 200,
    method: Literal["oob", ".632", ".632+"] = ".632",
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
    single_class: Literal["constant", "redraw", "raise"] = "constant",
) -> BootstrapResult:
    r"""Bootstrap estimates of a classifier's error: out-of-bag, .632 and .632+.

    Draw ``B = n_resamples`` bootstrap samples (``n`` row indices with replacement),
    fit a clone of ``estimator`` on each and predict the samples it left out. With
    :math:`I_i^b = 1` when replicate :math:`b` left sample :math:`i` out and
    :math:`Q_i^b` its 0/1 loss there, Efron & Tibshirani (1997) define

    - the leave-one-out bootstrap error (``"oob"``)

      .. math:: \widehat{Err}^{(1)} = \frac1n\sum_{i=1}^n
                \frac{\sum_b I_i^b Q_i^b}{\sum_b I_i^b},

      each sample's error averaged over the replicates that left it out, then over
      samples. A sample that no replicate left out (rare once B is in the tens) has no
      term and is dropped from the average (``n_never_out`` counts them);
    - ``".632"``: :math:`\widehat{Err}^{(.632)} = 0.368\,\overline{err} + 0.632\,\widehat{Err}^{(1)}`,
      with :math:`\overline{err}` the resubstitution error of the model fitted on all the
      data (:math:`\widehat{Err}^{(1)}` is never capped here);
    - ``".632+"``, exactly eqs. (31)-(32) of Efron & Tibshirani (1997): with the
      no-information rate :math:`\hat\gamma = \sum_l p_l (1 - q_l)` (label frequencies
      :math:`p_l`, full-data prediction frequencies :math:`q_l`;
      :func:`no_information_error`),
      :math:`\widehat{Err}^{(1)\prime} = \min(\widehat{Err}^{(1)}, \hat\gamma)` and

      .. math:: \hat R' = \frac{\widehat{Err}^{(1)\prime} - \overline{err}}
                {\hat\gamma - \overline{err}} \text{ if } \widehat{Err}^{(1)} > \overline{err}
                \text{ and } \hat\gamma > \overline{err}, \text{ else } 0,

      .. math:: \widehat{Err}^{(.632+)} = \widehat{Err}^{(.632)}
                + \big(\widehat{Err}^{(1)\prime} - \overline{err}\big)
                \frac{0.368 \cdot 0.632\,\hat R'}{1 - 0.368\,\hat R'} .

      So :math:`0 \le \hat R' \le 1`. Three regimes: when
      :math:`\overline{err} < \widehat{Err}^{(1)} \le \hat\gamma` this is
      :math:`(1 - \hat w)\,\overline{err} + \hat w\,\widehat{Err}^{(1)}` with
      :math:`\hat w = 0.632 / (1 - 0.368 \hat R')`; when
      :math:`\widehat{Err}^{(1)} > \hat\gamma > \overline{err}`, :math:`\hat R' = 1` and it
      is :math:`0.632\,\widehat{Err}^{(1)} + 0.368\,\hat\gamma` (not :math:`\hat\gamma`);
      when :math:`\hat\gamma \le \overline{err}` or
      :math:`\widehat{Err}^{(1)} \le \overline{err}`, :math:`\hat R' = 0` and it is
      :math:`\widehat{Err}^{(.632)}`.

    All three are computed on every call (one extra fit on all the data); ``method``
    picks ``estimate``. Lower is better.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
        Cloned for every replicate and once for the full-data fit. A regressor is
        rejected.
    X : array_like, DataFrame or sparse matrix, shape (n_samples, n_features)
        Passed to the estimator unchanged (only rows are taken), as in scikit-learn's
        ``cross_validate``: a pandas DataFrame (a pipeline may select columns by name),
        a scipy sparse matrix, NaN for an imputing pipeline. The estimator validates it.
    y : array_like or pandas Series, shape (n_samples,)
        Class labels (binary or multiclass; a continuous target is rejected). A pandas
        Series reaches the estimator as a Series, like ``X`` (rows taken by position).
    n_resamples : int, default 200
        Bootstrap replicates B (Efron & Tibshirani use 50-200).
    method : {"oob", ".632", ".632+"}, default ".632"
    rng : None, int or numpy.random.Generator
        The only source of randomness. Replicate ``b`` draws from its own child stream
        (``Generator.spawn``), so it is the same whatever ``n_jobs`` or ``n_resamples``.
    n_jobs : None or int
        Parallel fits through joblib; the result does not depend on it. ``None`` follows the active
        ``joblib.parallel_config`` (its backend and ``n_jobs``; one job outside any), as in
        scikit-learn; ``1`` runs serially.
    progress : bool, default False
        tqdm progress bar over the ``B + 1`` fits.
    single_class : {"constant", "redraw", "raise"}, default "constant"
        What to do with a bootstrap sample that holds a single class, which most
        classifiers (logistic regression, LDA, SVMs) refuse to fit; with a rare class it is
        common (``n = 20`` with 2 positives: each replicate misses both with probability
        :math:`(18/20)^{20} \approx 0.12`). ``"constant"``: the replicate's rule is the
        constant classifier predicting that class, which is what a rule trained on one
        class does (1-NN, trees, naive Bayes behave so on their own). ``"redraw"``: draw
        that replicate again, from its own stream, until it holds two classes (up to 1000
        times); the replicates are then bootstrap samples *conditioned* on holding two
        classes, which is no longer Efron's bootstrap. ``"raise"``: a ValueError naming
        the replicate. ``n_single_class`` counts the replicates concerned.

    Returns
    -------
    BootstrapResult

    Raises
    ------
    ValueError
        If ``y`` is not a classification target, ``estimator`` is a regressor, or (with
        ``single_class="raise"``) a replicate holds a single class.

    Notes
    -----
    Cost: ``B + 1`` fits; O(B n) time and memory for the bookkeeping (``inbag_counts``
    is kept). The .632+ extras cost O(n log n), not the O(n^2) of the pair sum defining
    gamma.

    Other implementations. R's ``ipred::errorest(..., estimator = "632plus")`` (function
    ``bootest``) computes the same :math:`\widehat{Err}^{(1)}`, :math:`\overline{err}`,
    :math:`\hat\gamma` and the same eq. (32), but its :math:`R` uses the *uncapped*
    :math:`\widehat{Err}^{(1)}`: it agrees with this function whenever
    :math:`\widehat{Err}^{(1)} \le \hat\gamma` and differs when
    :math:`\widehat{Err}^{(1)} > \hat\gamma`, where its :math:`R > 1` can push the estimate
    above 1 (and its denominator :math:`1 - 0.368 R` to zero). mlxtend's
    ``bootstrap_point632_score`` applies the weights per replicate, with each bootstrap
    model's training error on all of ``X`` and an unclipped :math:`R` (see the tests).

    References
    ----------
    Efron, B. (1983). Estimating the error rate of a prediction rule: improvement on
    cross-validation. JASA 78(382), 316-331. doi:10.1080/01621459.1983.10477973

    Efron, B. & Tibshirani, R. (1997). Improvements on cross-validation: the .632+
    bootstrap method. JASA 92(438), 548-560. doi:10.1080/01621459.1997.10474007

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> import patterneval as pe
    >>> X, y = load_iris(return_X_y=True)
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> res = pe.bootstrap_error(KNeighborsClassifier(1), X, y, n_resamples=50,
    ...                          method=".632+", rng=0)
    >>> res.resubstitution, res.inbag_counts.shape
    (0.0, (50, 150))
    >>> bool(res.estimate_632 <= res.estimate_632plus <= res.oob)
    True

    When the out-of-bag error exceeds the no-information rate, R' = 1 and .632+ is
    0.632 Err1 + 0.368 gamma: 1-NN on alternating labels errs on most out-of-bag points.

    >>> import numpy as np
    >>> x, labels = np.arange(120.0)[:, None], np.arange(120) % 2
    >>> alt = pe.bootstrap_error(KNeighborsClassifier(1), x, labels, method=".632+", rng=0)
    >>> alt.relative_overfitting, alt.gamma
    (1.0, 0.5)
    >>> bool(abs(alt.estimate - (0.632 * alt.oob + 0.368 * alt.gamma)) < 1e-12)
    True
    """
    check_estimator("estimator", estimator)
    X, labels = check_X_y(X, y, pass_through=True)
    check_classification_target(labels, estimator=estimator)
    # the caller's y reaches the estimator as given, as X does: a pandas Series stays one
    # (rows taken by position); the checked array ``y`` counts and compares
    y_fit, y = (y if hasattr(y, "iloc") else labels), labels
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    method = check_choice("method", method, BOOTSTRAP_METHODS)
    single_class = check_choice("single_class", single_class, BOOTSTRAP_SINGLE_CLASS)
    progress = check_bool("progress", progress)
    n_jobs = check_n_jobs(n_jobs)
    rng = check_rng(rng)
    n = y.shape[0]
    rows, n_single_class = [], 0
    for b, child in enumerate(spawn(rng, n_resamples)):
        draw = child.integers(0, n, size=n)
        label = single_class_label(y[draw])
        if label is not None:
            n_single_class += 1
            if single_class == "raise":
                raise single_class_error(label, f"bootstrap replicate {b}")
            for _ in range(_MAX_REDRAWS if single_class == "redraw" else 0):
                draw = child.integers(0, n, size=n)
                if single_class_label(y[draw]) is None:
                    break
            else:
                if single_class == "redraw":
                    raise ValueError(
                        f"single_class='redraw' drew {_MAX_REDRAWS + 1} bootstrap samples "
                        f"for replicate {b} (the first and {_MAX_REDRAWS} redraws) and each "
                        f"held a single class; the classes are too unequal for n={n}: use "
                        f"single_class='constant'."
                    )
        rows.append(draw)
    return _bootstrap_from_indices(
        estimator,
        X,
        y,
        np.stack(rows),
        method=method,
        n_jobs=n_jobs,
        progress=progress,
        single_class=single_class,
        n_single_class=n_single_class,
        y_fit=y_fit,
    )
