"""Bootstrap error estimates: out-of-bag (leave-one-out bootstrap), .632 and .632+ (Efron & Tibshirani 1997).

Derived in Part I of the book, chapter "Cross-validation and the bootstrap". A bootstrap
sample draws ``n`` indices with replacement; it contains a given sample with probability
``1 - (1 - 1/n)^n`` (about 0.632), so every replicate leaves about 36.8% of the samples
out of bag, and a model fitted on it can be tested on them.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from sklearn.base import clone

from .._results import Result
from .._validation import (
    check_callable,
    check_choice,
    check_classifier,
    check_labels_pair,
    check_n_jobs,
    check_positive_int,
    check_rng,
    check_X_y,
)
from ._engine import fit_predict, run_tasks, spawn
from .crossval import cross_val_error, leave_one_out_error

__all__ = [
    "BOOTSTRAP_METHODS",
    "BootstrapResult",
    "EstimatorSimulation",
    "bootstrap_error",
    "inclusion_probability",
    "no_information_error",
    "simulate_distinct_share",
    "simulate_error_estimates",
]

#: The estimates :func:`bootstrap_error` offers.
BOOTSTRAP_METHODS = ("oob", ".632", ".632+")

# Efron & Tibshirani (1997) write the weights with three digits; we use theirs, not 1 - 1/e.
_W = 0.632
_W_COMPLEMENT = 0.368


def inclusion_probability(n):
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
        arr = np.asarray([check_positive_int("n", v) for v in np.ravel(n)]).reshape(arr.shape)
    elif arr.size and arr.min() < 1:
        check_positive_int("n", int(arr.min()))  # raises, naming n
    nf = arr.astype(float)
    with np.errstate(divide="ignore"):  # n = 1: log1p(-1) = -inf, and expm1(-inf) = -1 is right
        prob = -np.expm1(nf * np.log1p(-1.0 / nf))
    return float(prob) if prob.ndim == 0 else prob


def simulate_distinct_share(n, *, n_resamples=10_000, rng=None) -> np.ndarray:
    r"""Share of distinct samples in each of ``n_resamples`` simulated bootstrap samples.

    Each bootstrap sample draws ``n`` indices from ``0..n-1`` with replacement; the share
    of distinct indices has mean :func:`inclusion_probability` ``(n)`` (each sample is
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
    >>> from patterneval.resampling.bootstrap import simulate_distinct_share
    >>> share = simulate_distinct_share(50, n_resamples=4000, rng=0)
    >>> round(float(share.mean()), 2)
    0.64
    """
    n = check_positive_int("n", n)
    n_resamples = check_positive_int("n_resamples", n_resamples)
    rng = check_rng(rng)
    draws = rng.integers(0, n, size=(n_resamples, n))
    seen = np.zeros((n_resamples, n), dtype=bool)
    np.put_along_axis(seen, draws, True, axis=1)
    return seen.mean(axis=1)


def no_information_error(y_true, y_pred) -> float:
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
    y_true, y_pred = check_labels_pair(y_true, y_pred)
    labels, inverse = np.unique(np.concatenate([y_true, y_pred]), return_inverse=True)
    n = y_true.shape[0]
    p = np.bincount(inverse[:n], minlength=labels.size) / n
    q = np.bincount(inverse[n:], minlength=labels.size) / n
    return float(np.sum(p * (1.0 - q)))


def _632_plus(resubstitution: float, oob: float, gamma: float):
    """The .632+ arithmetic: (capped OOB error, R, weight, estimate). No checks."""
    oob_capped = min(oob, gamma)
    if oob_capped > resubstitution and gamma > resubstitution:
        rate = (oob_capped - resubstitution) / (gamma - resubstitution)
    else:
        rate = 0.0
    rate = float(np.clip(rate, 0.0, 1.0))
    weight = _W / (1.0 - _W_COMPLEMENT * rate)
    return oob_capped, rate, weight, (1.0 - weight) * resubstitution + weight * oob_capped


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
        ``min(oob, gamma)``, the Err^(1)' of .632+.
    relative_overfitting : float
        R in [0, 1].
    weight : float
        Weight of the out-of-bag term in ``estimate``: 1 (oob), 0.632 (.632) or
        ``0.632 / (1 - 0.368 R)`` (.632+).
    estimate_632, estimate_632plus : float
        Both weighted estimates, whatever ``method`` is.
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
    """

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
    n_resamples: int
    n_never_out: int
    replicate_errors: np.ndarray
    replicate_oob_sizes: np.ndarray
    sample_errors: np.ndarray
    inbag_counts: np.ndarray


def _fit_predict_oob(estimator, X, y, train, test):
    """``fit_predict``, but an empty out-of-bag set gives empty predictions, not an error."""
    if test.size == 0:
        return y[:0]
    return fit_predict(estimator, X, y, train, test)


def _bootstrap_from_indices(estimator, X, y, indices, *, method, n_jobs=None, progress=False):
    """Every bootstrap estimate from explicit replicates ``indices`` (B, n) of row numbers.

    The core of :func:`bootstrap_error`, kept separate so that tests can fix the
    replicates and compute .632 and .632+ by hand. No input checks.
    """
    indices = np.asarray(indices, dtype=np.intp)
    n_resamples, n = indices.shape
    counts = np.zeros((n_resamples, n), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(n_resamples), n), indices.ravel()), 1)
    out = counts == 0
    everything = np.arange(n)
    tasks = [(estimator, X, y, everything, everything)]
    tasks += [(estimator, X, y, indices[b], np.flatnonzero(out[b])) for b in range(n_resamples)]
    predictions = run_tasks(_fit_predict_oob, tasks, n_jobs=n_jobs, progress=progress,
                            desc="bootstrap")
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
    estimate_632 = _W_COMPLEMENT * resubstitution + _W * oob
    oob_capped, rate, weight_plus, estimate_632plus = _632_plus(resubstitution, oob, gamma)
    estimate, weight = {
        "oob": (oob, 1.0),
        ".632": (estimate_632, _W),
        ".632+": (estimate_632plus, weight_plus),
    }[method]
    return BootstrapResult(
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
        n_resamples=int(n_resamples),
        n_never_out=int(n - left_out.sum()),
        replicate_errors=replicate_errors,
        replicate_oob_sizes=oob_sizes,
        sample_errors=sample_errors,
        inbag_counts=counts,
    )


def bootstrap_error(estimator, X, y, *, n_resamples=200, method=".632", rng=None, n_jobs=None,
                    progress=False) -> BootstrapResult:
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
    - ``".632"``: :math:`0.368\,\overline{err} + 0.632\,\widehat{Err}^{(1)}`, with
      :math:`\overline{err}` the resubstitution error of the model fitted on all the data;
    - ``".632+"``: with the no-information rate
      :math:`\hat\gamma = \sum_l p_l (1 - q_l)` (label frequencies :math:`p_l`,
      full-data prediction frequencies :math:`q_l`; :func:`no_information_error`),
      :math:`\widehat{Err}^{(1)\prime} = \min(\widehat{Err}^{(1)}, \hat\gamma)`, the
      relative overfitting rate
      :math:`\hat R = (\widehat{Err}^{(1)\prime} - \overline{err}) / (\hat\gamma - \overline{err})`
      when :math:`\widehat{Err}^{(1)\prime} > \overline{err}` and
      :math:`\hat\gamma > \overline{err}`, else 0 (so :math:`\hat R \in [0, 1]`), the
      weight :math:`\hat w = 0.632 / (1 - 0.368 \hat R) \in [0.632, 1]` and

      .. math:: \widehat{Err}^{(.632+)} = (1 - \hat w)\,\overline{err}
                + \hat w\,\widehat{Err}^{(1)\prime}.

    All three are computed on every call (one extra fit on all the data); ``method``
    picks ``estimate``. Lower is better.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
        Cloned for every replicate and once for the full-data fit.
    X : array_like, shape (n_samples, n_features)
    y : array_like, shape (n_samples,)
    n_resamples : int, default 200
        Bootstrap replicates B (Efron & Tibshirani use 50-200).
    method : {"oob", ".632", ".632+"}, default ".632"
    rng : None, int or numpy.random.Generator
        The only source of randomness. Replicate ``b`` draws from its own child stream
        (``Generator.spawn``), so it is the same whatever ``n_jobs`` or ``n_resamples``.
    n_jobs : None or int
        Parallel fits through joblib; the result does not depend on it.
    progress : bool, default False
        tqdm progress bar over the ``B + 1`` fits.

    Returns
    -------
    BootstrapResult

    Notes
    -----
    Cost: ``B + 1`` fits; O(B n) time and memory for the bookkeeping (``inbag_counts``
    is kept). The .632+ extras cost O(n log n), not the O(n^2) of the pair sum defining
    gamma. A replicate whose bootstrap sample holds a single class is passed to the
    estimator as is; estimators that refuse one class raise there.

    References
    ----------
    Efron, B. (1983). Estimating the error rate of a prediction rule: improvement on
    cross-validation. JASA 78(382), 316-331. doi:10.1080/01621459.1983.10477973

    Efron, B. & Tibshirani, R. (1997). Improvements on cross-validation: the .632+
    bootstrap method. JASA 92(438), 548-560. doi:10.1080/01621459.1997.10474007

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> import patterneval as pe
    >>> X, y = load_iris(return_X_y=True)
    >>> res = pe.bootstrap_error(KNeighborsClassifier(1), X, y, n_resamples=50,
    ...                          method=".632+", rng=0)
    >>> res.resubstitution, res.inbag_counts.shape
    (0.0, (50, 150))
    >>> bool(res.estimate_632 <= res.estimate_632plus <= res.oob)
    True
    """
    check_classifier(estimator)
    X, y = check_X_y(X, y)
    n_resamples = check_positive_int("n_resamples", n_resamples)
    method = check_choice("method", method, BOOTSTRAP_METHODS)
    n_jobs = check_n_jobs(n_jobs)
    rng = check_rng(rng)
    n = y.shape[0]
    indices = np.stack([child.integers(0, n, size=n) for child in spawn(rng, n_resamples)])
    return _bootstrap_from_indices(estimator, X, y, indices, method=method, n_jobs=n_jobs,
                                   progress=progress)


@dataclasses.dataclass(frozen=True, repr=False)
class EstimatorSimulation(Result):
    """Error estimators side by side on many training sets of a problem with known error.

    Attributes
    ----------
    names : tuple of str
        The estimators, in column order of ``estimates``.
    n : int
        Training-set size.
    true_errors : ndarray, shape (n_replicates,)
        Error of the rule fitted on each training set, measured on ``n_test`` fresh samples.
    estimates : ndarray, shape (n_replicates, len(names))
        Each estimator's value on each training set.
    bias, std, rmse : ndarray, shape (len(names),)
        Mean of ``estimate - true error``; standard deviation (ddof=1) of the estimate;
        root mean square of ``estimate - true error``.
    bias_se : ndarray, shape (len(names),)
        Monte Carlo standard error of ``bias``.
    """

    names: tuple
    n: int
    true_errors: np.ndarray
    estimates: np.ndarray
    bias: np.ndarray
    bias_se: np.ndarray
    std: np.ndarray
    rmse: np.ndarray

    def column(self, name: str) -> np.ndarray:
        """The estimates of one estimator across replicates."""
        return self.estimates[:, self.names.index(check_choice("name", name, self.names))]

    def table(self) -> str:
        """Plain-text table: mean estimate, bias (with MC s.e.), sd and RMSE per estimator."""
        rows = [f"{'estimator':<10} {'mean':>7} {'bias':>8} {'(s.e.)':>8} {'sd':>7} {'rmse':>7}",
                f"{'true':<10} {self.true_errors.mean():>7.4f}"]
        for j, name in enumerate(self.names):
            rows.append(f"{name:<10} {self.estimates[:, j].mean():>7.4f} {self.bias[j]:>+8.4f} "
                        f"{self.bias_se[j]:>8.4f} {self.std[j]:>7.4f} {self.rmse[j]:>7.4f}")
        return "\n".join(rows)


def _one_training_set(estimator, sampler, n, X_test, y_test, n_splits, n_resamples, rng):
    """True error and every estimate on one freshly drawn training set."""
    X, y = sampler(rng, n)
    X, y = check_X_y(X, y)
    true_error = float(np.mean(clone(estimator).fit(X, y).predict(X_test) != y_test))
    values = [leave_one_out_error(estimator, X, y).error]
    values += [cross_val_error(estimator, X, y, n_splits=k, rng=rng).error for k in n_splits]
    boot = bootstrap_error(estimator, X, y, n_resamples=n_resamples, rng=rng)
    values += [boot.oob, boot.estimate_632, boot.estimate_632plus]
    return true_error, values


def simulate_error_estimates(estimator, sampler, *, n, n_test=20_000, n_replicates=100,
                             n_splits=(2, 10), n_resamples=50, rng=None, n_jobs=None,
                             progress=False) -> EstimatorSimulation:
    r"""Bias and spread of LOO, k-fold CV and the bootstrap estimates, by simulation.

    For each of ``n_replicates`` training sets of size ``n`` drawn by ``sampler``, the
    rule fitted on it has a true (conditional) error, measured on one large independent
    test set of ``n_test`` samples; beside it are computed leave-one-out, k-fold CV for
    each ``k`` in ``n_splits``, and the bootstrap ``oob``, ``.632`` and ``.632+``
    estimates. Then, for each estimator,

    .. math:: \text{bias} = \overline{\hat\varepsilon - \varepsilon}, \qquad
              \text{rmse} = \sqrt{\overline{(\hat\varepsilon - \varepsilon)^2}},

    averages over the training sets, with the Monte Carlo standard error of the bias.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
    sampler : callable
        ``sampler(rng, size) -> (X, y)``: draws ``size`` labelled samples with the given
        Generator.
    n : int
        Training-set size.
    n_test : int, default 20000
        Size of the independent test set that measures each fitted rule's true error.
    n_replicates : int, default 100
        Training sets.
    n_splits : sequence of int, default (2, 10)
        Fold counts of the k-fold estimators.
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
    Cost per training set: ``n + sum(n_splits) + n_resamples + 2`` fits.

    References
    ----------
    Efron, B. & Tibshirani, R. (1997). Improvements on cross-validation: the .632+
    bootstrap method. JASA 92(438), 548-560. doi:10.1080/01621459.1997.10474007

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from patterneval.resampling.bootstrap import simulate_error_estimates
    >>> def sampler(rng, size):
    ...     y = np.arange(size) % 2
    ...     return rng.normal(size=(size, 2)) + y[:, None], y
    >>> sim = simulate_error_estimates(GaussianNB(), sampler, n=20, n_test=2000,
    ...                                n_replicates=3, n_resamples=5, rng=0)
    >>> sim.names
    ('LOO', '2-fold', '10-fold', 'oob', '.632', '.632+')
    >>> sim.estimates.shape
    (3, 6)
    """
    check_classifier(estimator)
    check_callable("sampler", sampler)
    n = check_positive_int("n", n, minimum=4)
    n_test = check_positive_int("n_test", n_test)
    n_replicates = check_positive_int("n_replicates", n_replicates, minimum=2)
    if isinstance(n_splits, (int, np.integer)) or not np.iterable(n_splits):
        n_splits = (n_splits,)
    n_splits = tuple(check_positive_int("n_splits", k, minimum=2) for k in n_splits)
    n_resamples = check_positive_int("n_resamples", n_resamples)
    n_jobs = check_n_jobs(n_jobs)
    rng = check_rng(rng)
    test_rng, *children = spawn(rng, n_replicates + 1)
    X_test, y_test = check_X_y(*sampler(test_rng, n_test))
    tasks = [(estimator, sampler, n, X_test, y_test, n_splits, n_resamples, child) for child in children]
    results = run_tasks(_one_training_set, tasks, n_jobs=n_jobs, progress=progress,
                        desc="training sets")
    true_errors = np.array([r[0] for r in results])
    estimates = np.array([r[1] for r in results])
    diff = estimates - true_errors[:, None]
    return EstimatorSimulation(
        names=("LOO", *(f"{k}-fold" for k in n_splits), "oob", ".632", ".632+"),
        n=n,
        true_errors=true_errors,
        estimates=estimates,
        bias=diff.mean(axis=0),
        bias_se=diff.std(axis=0, ddof=1) / np.sqrt(n_replicates),
        std=estimates.std(axis=0, ddof=1),
        rmse=np.sqrt(np.mean(diff**2, axis=0)),
    )
