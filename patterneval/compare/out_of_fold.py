r"""Intervals for any metric from cross-validation: out-of-fold predictions, their
bootstrap, and bootstrap bias-corrected cross-validation (BBC-CV).

Setting (chapter "Calibration and intervals for any metric", Part V).

:func:`out_of_fold_predictions` gives every sample a response (a label, a score or
probabilities) from a model that did not see it, for one or several estimators on the
same folds. :func:`cv_metric_interval` bootstraps the out-of-fold predictions of one
cross-validation; :func:`bbc_cv` (Tsamardinos, Greasidou & Borboudakis 2018) bootstraps
the *selection* of the best of several configurations, which removes the optimism of
reporting the best cross-validated score (:func:`bbc_from_predictions` does it from a
matrix of out-of-fold predictions). The metrics, by name, are those of
:data:`patterneval.metrics.METRICS`, or any callable ``metric(y_codes, response)``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats
from sklearn.base import BaseEstimator
from threadpoolctl import threadpool_limits

from .._api import keywords
from .._engine import cv_splits, run_tasks
from .._results import Result
from .._ties import TIE_RTOL, no_spread
from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_classification_target,
    check_estimator,
    check_labels,
    check_n_jobs,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
    n_rows,
)
from ..metrics import RESPONSES, get_metric

__all__ = [
    "BBCResult",
    "MetricInterval",
    "bbc_cv",
    "bbc_from_predictions",
    "cv_metric_interval",
    "out_of_fold_predictions",
]


def _codes_of(values, classes, what):
    """The positions in ``classes`` (the sorted classes of ``y``) of the labels ``values``
    that a fitted estimator returned (its predictions or its ``classes_``): the estimator is
    fitted on the caller's labels, the metrics see codes 0 .. K-1."""
    position = {c: k for k, c in enumerate(classes.tolist())}
    values = np.asarray(values).reshape(-1).tolist()
    unknown = [v for v in values if v not in position]
    if unknown:
        raise fail(
            "estimator",
            f"a classifier whose {what} are classes of y",
            f"{what} holding {unknown[0]!r}, not a class of y",
            echo=False,
        )
    return np.array([position[v] for v in values], dtype=np.intp)


def _fit_response(estimator, X, y, classes, train, test, kind):
    """One fold: a clone of ``estimator`` fitted on the ``train`` rows of ``X`` and of the
    caller's labels ``y`` (a pandas Series stays one; rows taken by position), and its
    response on the ``test`` rows (:func:`fold_response`)."""
    from sklearn.base import clone

    from .._engine import x_passed_through
    from .._rows import take_rows

    with x_passed_through("fit", train.size):
        model = clone(estimator).fit(take_rows(X, train), take_rows(y, train))
    return fold_response(model, take_rows(X, test), classes=classes, kind=kind)


def fold_response(model, Xt, *, classes, kind):
    """The response ``kind`` of a fitted ``model`` on the test rows ``Xt``, in codes of
    ``classes`` (labels) or by class code (probabilities): what
    :func:`out_of_fold_predictions` takes from each fold's model. The reports pass it
    (bound by ``functools.partial``) as the ``respond`` of their fold fits, so that the
    model that gives a fold's error or score also gives its out-of-fold response."""
    from .._engine import x_passed_through

    n_test = n_rows(Xt)
    if kind == "label":
        with x_passed_through("predict", n_test):
            predicted = model.predict(Xt)
        return _codes_of(predicted, classes, "predictions")  # its error names the estimator
    n_classes = classes.size
    if kind == "score" and n_classes == 2 and hasattr(model, "decision_function"):
        with x_passed_through("decision_function", n_test):
            return np.asarray(model.decision_function(Xt), dtype=float)
    if not hasattr(model, "predict_proba"):
        raise fail(
            "estimator",
            f"a classifier with predict_proba, which the {kind!r} response needs",
            f"{type(model).__name__} (no predict_proba)",
            error=TypeError,
            echo=False,
            hint="Use a probabilistic classifier or a label metric.",
        )
    with x_passed_through("predict_proba", n_test):
        proba = np.asarray(model.predict_proba(Xt), dtype=float)
    full = np.zeros((proba.shape[0], n_classes))
    full[:, _codes_of(model.classes_, classes, "classes_")] = proba  # a class absent from a fold: 0
    return full[:, 1] if n_classes == 2 else full


def _splits(cv, y, gen):
    """The (train, test) pairs of ``cv`` (``patterneval._engine.cv_splits``: an int gives
    stratified shuffled folds drawn from ``gen``, as ``make_folds``), whose test parts must
    partition the samples: every sample gets exactly one out-of-fold prediction."""
    splits = [pair for group in cv_splits(cv, y, stratify=True, rng=gen) for pair in group]
    covered = np.bincount(np.concatenate([test for _, test in splits]), minlength=y.size)
    if not np.all(covered == 1):
        how = "never or more than once" if (covered == 0).any() else "more than once"
        raise fail(
            "cv",
            "folds whose test parts partition the samples (as KFold's do; a repeated "
            "splitter tests every sample more than once)",
            f"{int(np.sum(covered != 1))} samples tested {how}",
            echo=False,
        )
    return splits


@keywords
def out_of_fold_predictions(
    estimators: BaseEstimator | Sequence[BaseEstimator],
    X: ArrayLike,
    y: ArrayLike,
    *,
    response: Literal["label", "score", "proba"] = "label",
    cv: int | object = 5,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """Out-of-fold responses of one or several estimators on the same folds.

    Each estimator is cloned and fitted on every training part; its response on the test
    part fills the rows of those samples. The estimators are fitted on ``y`` as given;
    the returned labels and predictions are coded 0 .. K-1 (``np.unique(y)`` order).

    Parameters
    ----------
    estimators : estimator or sequence of estimators
    X, y : array_like (X also a DataFrame or sparse matrix, y a pandas Series)
        As in :func:`patterneval.cross_val_error`: passed to the estimators unchanged
        (only rows are taken, by position).
    response : {"label", "score", "proba"}, keyword-only
        See :data:`patterneval.metrics.RESPONSES`.
    cv : int, splitter or iterable of (train, test) pairs, keyword-only
        An int k: k stratified folds, shuffled with ``rng`` (the estimators are
        classifiers, so folds are stratified, as scikit-learn's ``check_cv`` makes them);
        a scikit-learn splitter such as ``KFold(5, shuffle=True, random_state=0)``; or
        (train, test) index pairs. The test parts must partition the samples (so not a
        repeated splitter): every sample gets one out-of-fold prediction.
    rng : None, int or Generator, keyword-only
        Seeds the folds of an int ``cv``.
    n_jobs, progress
        As in :func:`patterneval.cross_val_error`.

    Returns
    -------
    predictions : list of ndarray
        One per estimator, shape (n_samples,) or (n_samples, n_classes).
    y_codes : ndarray of int
        ``y`` coded 0 .. K-1.
    folds : ndarray of int
        Test fold of every sample.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from patterneval.compare.out_of_fold import out_of_fold_predictions
    >>> X, y = load_iris(return_X_y=True)
    >>> (pred,), codes, folds = out_of_fold_predictions(GaussianNB(), X, y, cv=5, rng=0)
    >>> round(float((pred == codes).mean()), 3)
    0.953
    """
    many = isinstance(estimators, (list, tuple))
    models = list(estimators) if many else [estimators]
    if not models:
        raise fail(
            "estimators",
            "a non-empty list of configurations (estimators)",
            "an empty list",
            echo=False,
        )
    for est in models:
        check_estimator("estimators" if many else "estimator", est)
    X, labels = check_X_y(X, y, pass_through=True)
    check_classification_target(labels, estimator=models[0])
    # the caller's y reaches the estimators as given, as X does: a pandas Series stays one
    # (rows taken by position); anything else as the checked array
    y = y if hasattr(y, "iloc") else labels
    response = check_choice("response", response, RESPONSES)
    progress = check_bool("progress", progress)
    n_jobs = check_n_jobs(n_jobs)
    gen = check_rng(rng)
    classes, codes = np.unique(labels, return_inverse=True)
    codes = codes.reshape(-1)
    splits = _splits(cv, codes, gen)
    check_two_classes(splits, codes)
    tasks = [
        (est, X, y, classes, train, test, response) for est in models for train, test in splits
    ]
    results = run_tasks(
        _fit_response, tasks, n_jobs=n_jobs, progress=progress, desc="out-of-fold fits"
    )
    folds = np.empty(codes.size, dtype=int)
    for f, (_, test) in enumerate(splits):
        folds[test] = f
    n = len(splits)
    out = [pooled(splits, results[e * n : (e + 1) * n], codes.size) for e in range(len(models))]
    return out, codes, folds


def check_two_classes(splits, codes) -> None:
    """Refuse a fold whose training part holds a single class (of ``codes``): every sample
    needs a response from a fitted model."""
    for f, (train, _) in enumerate(splits):
        if np.unique(codes[train]).size < 2:
            raise fail(
                "cv",
                "folds whose training parts hold two classes or more",
                f"fold {f}, trained on a single class",
                echo=False,
                hint="Use stratified folds or fewer of them.",
            )


def pooled(splits, responses, n_samples: int) -> np.ndarray:
    """The responses of the folds of ``splits`` (whose test parts partition the
    ``n_samples`` samples), one per fold in order, as one array: each sample's response
    from the model that did not see it."""
    first = responses[0]
    pred = np.empty((n_samples,) + first.shape[1:], dtype=first.dtype)
    for (_, test), response in zip(splits, responses):
        pred[test] = response
    return pred


def _check_spread(values, metric, what, product, *, hint):
    """Refuse a resampling distribution without spread: all ``values`` equal within
    ``TIE_RTOL`` of their magnitude (round-off is not spread), so that ``product`` (an
    interval) would be a single point."""
    if no_spread(values, np.max(np.abs(values))):
        raise ValueError(
            f"every {what} gives the same value of the metric {metric!r} ({values[0]:.6g}): the resampling "
            f"distribution has no spread, so {product} would be the single point {values[0]:.6g}, a "
            f"certainty the resampling cannot give. This happens when the metric is at its bound on "
            f"every sample (every prediction correct). Use more samples, or an interval that does not "
            f"rest on resampling spread ({hint})."
        )


def _safe_metric(func, y, pred, where):
    try:
        value = float(func(y, pred))
    except ValueError as exc:
        raise ValueError(
            f"the metric cannot be computed on {where}: {exc} (a metric such as an AUC "
            f"needs both classes in every resample; use more samples)"
        ) from None
    if not np.isfinite(value):
        raise ValueError(
            f"the metric returned {value!r} on {where}; it must return a finite number."
        )
    return value


# ---------------------------------------------------------------- bootstrap of out-of-fold predictions
@dataclass(frozen=True, repr=False)
class MetricInterval(Result):
    r"""A metric of cross-validated predictions with a bootstrap interval.

    Attributes
    ----------
    statistic : float
        The metric on all out-of-fold predictions.
    low, high : float
        The bootstrap interval (``method``) at ``confidence_level``.
    std_error : float
        Standard deviation of the bootstrap distribution.
    confidence_level : float
    method : str
        ``"percentile"`` or ``"bca"``.
    metric : str
    n_resamples, n_splits : int
    bootstrap_distribution : ndarray, shape (n_resamples,)
    predictions : ndarray
        The out-of-fold responses.
    folds : ndarray of int
        Test fold of every sample.
    """

    _means = (
        "The {metric} of the out-of-fold predictions; the {method} bootstrap interval resamples those"
        " predictions, so it shows the variation of the test samples, not of the training sets."
    )

    statistic: float
    low: float
    high: float
    std_error: float
    confidence_level: float
    method: str
    metric: str
    n_resamples: int
    n_splits: int
    bootstrap_distribution: np.ndarray
    predictions: np.ndarray
    folds: np.ndarray


INTERVAL_METHODS = ("percentile", "bca")


@keywords
def cv_metric_interval(
    estimator: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    metric: str | Callable = "accuracy",
    cv: int | object = 5,
    n_resamples: int = 1000,
    method: Literal["percentile", "bca"] = "percentile",
    confidence_level: float = 0.95,
    response: Literal["label", "score", "proba"] | None = None,
    greater_is_better: bool | None = None,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> MetricInterval:
    r"""A bootstrap confidence interval for any metric, from out-of-fold predictions.

    One cross-validation gives every sample a prediction from a model that did not see
    it. The metric of these N predictions is the point estimate; resampling the N
    (outcome, prediction) pairs with replacement and recomputing the metric gives its
    bootstrap distribution, and ``scipy.stats.bootstrap`` turns that into a percentile
    or BCa interval (Efron 1987). Because the interval is built from values of the metric
    itself, it stays inside the metric's range (an F1 interval never passes 1, unlike a
    normal approximation).

    What it does *not* capture: the variability of the fitted models (the folds are fixed
    and the models are not refitted on each resample), so it is an interval for the
    performance of *these* out-of-fold predictions; for a model selected as the best of
    several, use :func:`bbc_cv`, whose interval also covers the selection.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
    X, y : array_like
        As in :func:`patterneval.cross_val_error` (a pandas Series ``y`` reaches the
        estimator as one).
    metric : str or callable, keyword-only
        A name in :data:`patterneval.metrics.METRICS` ("accuracy", "error",
        "balanced_accuracy", "f1", "roc_auc", "brier", "neg_brier_score", "log_loss",
        "neg_log_loss", "ece"), or ``metric(y_codes, response) -> float`` with labels
        coded 0 .. K-1.
    cv : int, splitter or iterable of (train, test) pairs, keyword-only
        As in :func:`out_of_fold_predictions`: an int k gives k stratified folds shuffled
        with ``rng``; a splitter or (train, test) pairs whose test parts partition the
        samples.
    n_resamples : int, keyword-only
    method : {"percentile", "bca"}, keyword-only
        BCa corrects for bias and skewness (its jackknife costs N more metric evaluations).
    confidence_level : float, keyword-only
    response : {"label", "score", "proba"}, optional, keyword-only
        For a callable metric (default "label"); fixed for a named one.
    greater_is_better : bool, optional, keyword-only
        For a callable metric; informational here (used by :func:`bbc_cv`).
    rng : None, int or numpy.random.Generator, keyword-only
        Two independent child streams: the folds, then the bootstrap.
    n_jobs, progress
        For the fits, as in :func:`patterneval.cross_val_error`.

    Returns
    -------
    MetricInterval

    Raises
    ------
    ValueError
        Among the usual checks: a resample on which the metric is undefined (an AUC of a
        resample holding one class). Also when the bootstrap distribution has no spread
        (every resample gives the same value, within 1e-12 relative): typically a metric
        at its bound on every sample (every out-of-fold prediction correct). The interval
        would be a single point, a certainty that the bootstrap cannot give; use more
        samples, or an interval that does not rest on resampling spread (for an accuracy,
        :func:`patterneval.binomial_interval` of the number of correct predictions).

    References
    ----------
    .. [1] B. Efron, "Better bootstrap confidence intervals," Journal of the American
       Statistical Association 82(397), 171-185, 1987. doi:10.1080/01621459.1987.10478410

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval import compare
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> from sklearn.naive_bayes import GaussianNB
    >>> res = compare.cv_metric_interval(GaussianNB(), X, y, metric="roc_auc", n_resamples=200, rng=0)
    >>> bool(res.low < res.statistic < res.high <= 1)
    True
    """
    check_estimator("estimator", estimator)
    m = get_metric(metric, response=response, greater_is_better=greater_is_better)
    name, func, kind = m.name, m.score, m.response
    method = check_choice("method", method, INTERVAL_METHODS)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    B = check_scalar("n_resamples", n_resamples, int, low=2)
    gen = check_rng(rng)
    fold_rng, boot_rng = gen.spawn(2)
    (pred,), codes, folds = out_of_fold_predictions(
        estimator, X, y, response=kind, cv=cv, rng=fold_rng, n_jobs=n_jobs, progress=progress
    )
    value = _safe_metric(func, codes, pred, "the out-of-fold predictions")

    def statistic(idx):
        return _safe_metric(func, codes[idx], pred[idx], "a bootstrap resample")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=stats.DegenerateDataWarning)
        warnings.simplefilter("ignore", category=RuntimeWarning)  # BCa of a constant distribution
        res = stats.bootstrap(
            (np.arange(codes.size),),
            statistic,
            n_resamples=B,
            vectorized=False,
            method="BCa" if method == "bca" else "percentile",
            confidence_level=level,
            rng=boot_rng,
        )
    dist = np.asarray(res.bootstrap_distribution, dtype=float)
    _check_spread(
        dist,
        name,
        "bootstrap resample",
        "the interval",
        hint=("for an accuracy, pe.binomial_interval of the number of correct predictions"),
    )
    low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
    if not (
        np.isfinite(low) and np.isfinite(high)
    ):  # pragma: no cover - scipy returns finite ends otherwise
        raise ValueError(
            "the bootstrap interval is undefined for these predictions; use method='percentile'."
        )
    return MetricInterval(
        statistic=value,
        low=low,
        high=high,
        std_error=float(res.standard_error),
        confidence_level=level,
        method=method,
        metric=name,
        n_resamples=B,
        n_splits=int(folds.max()) + 1,
        bootstrap_distribution=dist,
        predictions=pred,
        folds=folds,
    )


# ---------------------------------------------------------------- BBC-CV
@dataclass(frozen=True, repr=False)
class BBCResult(Result):
    r"""Bootstrap bias-corrected CV: the performance of the configuration chosen by tuning.

    Attributes
    ----------
    statistic : float
        The BBC-CV estimate, the mean over bootstraps of the out-of-bag score of the
        configuration selected on the in-bag samples.
    low, high : float
        Percentile interval of the out-of-bag scores.
    confidence_level : float
    naive : float
        The best configuration's score on all out-of-fold predictions: what "tune by CV,
        report the best CV score" reports. Optimistic.
    optimism : float
        ``naive - statistic`` for a metric where greater is better, ``statistic - naive``
        otherwise: how much the naive report flatters the tuned model.
    selected : int
        The configuration chosen on all samples (the model one would deploy).
    scores : ndarray, shape (n_configurations,)
        Every configuration's score on all out-of-fold predictions.
    oob_scores : ndarray, shape (n_resamples,)
    selections : ndarray of int, shape (n_resamples,)
        The configuration chosen in each bootstrap.
    metric : str
    greater_is_better : bool
    n_resamples : int
    """

    _means = (
        "The expected {metric} of the configuration that tuning selects, corrected for the selection:"
        " the naive best CV score ({naive:.3g}) flatters it by {optimism:.3g}."
    )

    statistic: float
    low: float
    high: float
    confidence_level: float
    naive: float
    optimism: float
    selected: int
    scores: np.ndarray
    oob_scores: np.ndarray
    selections: np.ndarray
    metric: str
    greater_is_better: bool
    n_resamples: int


def _bootstrap_counts(gen, rows, n):
    """How often each of ``n`` samples is drawn in each of ``rows`` bootstrap resamples."""
    idx = gen.integers(0, n, (rows, n)) + (np.arange(rows) * n)[:, None]
    return np.bincount(idx.ravel(), minlength=rows * n).reshape(rows, n).astype(float)


def _bbc_fast(gen, losses, B, N, chunk, greater, oob, chosen):
    """BBC-CV for a metric that is a mean of per-sample ``losses`` (N x C), in chunks of
    bootstraps: in-bag means as one product, out-of-bag means of the chosen columns."""
    for start in range(0, B, chunk):
        rows = min(chunk, B - start)
        counts = _bootstrap_counts(gen, rows, N)
        out = counts == 0
        n_out = out.sum(axis=1)
        if np.any(n_out == 0):
            raise ValueError("a bootstrap resample left no out-of-bag samples; use more samples.")
        inbag = counts @ losses / N
        best = _select(inbag, greater)
        chosen[start : start + rows] = best
        oob[start : start + rows] = np.einsum("rn,rn->r", out, losses[:, best].T) / n_out


def _select(scores, greater):
    """Index of the best score along the last axis; ties within TIE_RTOL: lowest index."""
    s = scores if greater else -scores
    best = s.max(axis=-1, keepdims=True)
    return np.argmax(s >= best - TIE_RTOL * np.maximum(1.0, np.abs(best)), axis=-1)


@keywords
def bbc_from_predictions(
    y_true: ArrayLike,
    predictions: ArrayLike,
    *,
    metric: str | Callable = "accuracy",
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    greater_is_better: bool | None = None,
    rng: int | np.random.Generator | None = None,
) -> BBCResult:
    r"""BBC-CV from a matrix of out-of-fold predictions (Tsamardinos et al. 2018).

    ``predictions[c]`` holds configuration c's out-of-fold responses for all N samples
    (one cross-validation per configuration, the same folds). For b = 1..B draw N indices
    with replacement (in-bag; the rest are out-of-bag), select the configuration with the
    best metric on the in-bag samples and score it on the out-of-bag samples:

    .. math::

        c_b^* = \arg\max_c M(y_{\mathrm{in}_b}, \Pi_{\mathrm{in}_b, c}), \qquad
        L_b = M(y_{\mathrm{out}_b}, \Pi_{\mathrm{out}_b, c_b^*}), \qquad
        \hat L_{\mathrm{BBC}} = \frac1B\sum_b L_b .

    The selection is repeated on every bootstrap, so its optimism is paid for on samples it
    did not see, without refitting any model. The interval is the percentile interval of
    the :math:`L_b`. Configurations within a relative 1e-12 of the best in-bag score count
    as tied and the lowest index wins. For a metric that is a mean of per-sample values
    (accuracy, error, the Brier score, the log loss: those of
    :data:`patterneval.metrics.METRICS` with a ``per_sample``) the B selections are
    computed as one matrix product.

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Class labels (coded 0 .. K-1 in ``np.unique`` order before the metric sees them).
    predictions : array_like, shape (n_configurations, n_samples[, n_classes])
        Out-of-fold responses of each configuration.
    metric, greater_is_better
        As in :func:`cv_metric_interval`.
    n_resamples : int, keyword-only
    confidence_level : float, keyword-only
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    BBCResult

    Raises
    ------
    ValueError
        When the out-of-bag scores of the selected configurations have no spread (all
        equal within 1e-12 relative), as when a configuration is perfect on every sample:
        the percentile interval would be a single point, a certainty the bootstrap cannot
        give. Use more samples, or an interval that does not rest on the bootstrap's
        spread (for an accuracy, :func:`patterneval.binomial_interval`). Also when a
        bootstrap leaves no out-of-bag sample, or the metric is undefined on a resample.

    References
    ----------
    .. [1] I. Tsamardinos, E. Greasidou and G. Borboudakis, "Bootstrapping the out-of-sample
       predictions for efficient and accurate cross-validation," Machine Learning 107(12),
       1895-1922, 2018. doi:10.1007/s10994-018-5714-4

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.compare.out_of_fold import bbc_from_predictions
    >>> gen = np.random.default_rng(0)
    >>> y = gen.integers(0, 2, 200)
    >>> preds = gen.integers(0, 2, (30, 200))  # 30 configurations, all guessing
    >>> res = bbc_from_predictions(y, preds, n_resamples=500, rng=1)
    >>> res.naive  # the best of 30 coins looks better than a coin
    0.545
    >>> bool(res.statistic < res.naive), bool(abs(res.statistic - 0.5) < 0.05)
    (True, True)
    """
    m = get_metric(
        metric, response="label" if callable(metric) else None, greater_is_better=greater_is_better
    )
    name, func, greater, per_sample = m.name, m.score, m.greater_is_better, m.per_sample
    B = check_scalar("n_resamples", n_resamples, int, low=2)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    gen = check_rng(rng)
    _, codes = np.unique(check_labels("y_true", y_true, min_size=2), return_inverse=True)
    codes = codes.reshape(-1)
    P = check_prediction_table(predictions, codes.size)
    C, N = P.shape[0], codes.size
    scores = np.array(
        [_safe_metric(func, codes, P[c], "all out-of-fold predictions") for c in range(C)]
    )
    selected = int(_select(scores, greater))
    oob, chosen = np.empty(B), np.empty(B, dtype=int)
    if per_sample is not None:
        losses = np.stack([per_sample(codes, P[c]) for c in range(C)], axis=1)  # N x C
        chunk = max(1, 4_000_000 // N)
        # small products in a loop: one BLAS thread (threads contend on a loaded machine)
        with threadpool_limits(1, user_api="blas"):
            _bbc_fast(gen, losses, B, N, chunk, greater, oob, chosen)
    else:
        for b in range(B):
            idx = gen.integers(0, N, N)
            out = np.ones(N, dtype=bool)
            out[idx] = False
            if not out.any():
                raise ValueError(
                    "a bootstrap resample left no out-of-bag samples; use more samples."
                )
            inbag = np.array(
                [_safe_metric(func, codes[idx], P[c][idx], "an in-bag resample") for c in range(C)]
            )
            chosen[b] = _select(inbag, greater)
            oob[b] = _safe_metric(func, codes[out], P[chosen[b]][out], "an out-of-bag resample")
    _check_spread(
        oob,
        name,
        "out-of-bag score of the selected configuration",
        "the interval",
        hint=(
            "for an accuracy, pe.binomial_interval of the selected configuration's correct predictions"
        ),
    )
    estimate = float(oob.mean())
    alpha = 1 - level
    low, high = np.quantile(oob, [alpha / 2, 1 - alpha / 2])
    naive = float(scores[selected])
    return BBCResult(
        statistic=estimate,
        low=float(low),
        high=float(high),
        confidence_level=level,
        naive=naive,
        optimism=(naive - estimate) if greater else (estimate - naive),
        selected=selected,
        scores=scores,
        oob_scores=oob,
        selections=chosen,
        metric=name,
        greater_is_better=greater,
        n_resamples=B,
    )


@keywords
def bbc_cv(
    estimators: Sequence[BaseEstimator],
    X: ArrayLike,
    y: ArrayLike,
    *,
    metric: str | Callable = "accuracy",
    cv: int | object = 5,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    response: Literal["label", "score", "proba"] | None = None,
    greater_is_better: bool | None = None,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> BBCResult:
    r"""Bootstrap bias-corrected cross-validation for the configuration chosen by tuning.

    Tuning picks the configuration (hyper-parameters, or a whole learner) with the best
    cross-validated score; that best score is optimistically biased, since among many
    configurations of equal merit the one whose folds happened to go well wins. BBC-CV
    (Tsamardinos, Greasidou & Borboudakis 2018) runs one cross-validation per
    configuration on shared folds, collects the out-of-fold predictions and passes them to
    :func:`bbc_from_predictions`, which bootstraps the selection itself: no model is
    refitted, so the correction costs B metric evaluations per configuration.

    Parameters
    ----------
    estimators : sequence of estimators
        The configurations, e.g. ``[SVC(C=c) for c in grid]``.
    X, y : array_like
        As in :func:`patterneval.cross_val_error` (a pandas Series ``y`` reaches the
        estimators as one).
    metric, cv, n_resamples, confidence_level, response, greater_is_better
        As in :func:`cv_metric_interval`.
    rng : None, int or numpy.random.Generator, keyword-only
        Two child streams: the folds, then the bootstrap.
    n_jobs, progress
        For the ``n_configurations * n_splits`` fits.

    Returns
    -------
    BBCResult

    Raises
    ------
    ValueError
        As :func:`bbc_from_predictions` (out-of-bag scores without spread: the interval
        would be a point), besides the checks of the cross-validation.

    References
    ----------
    .. [1] I. Tsamardinos, E. Greasidou and G. Borboudakis, Machine Learning 107(12),
       1895-1922, 2018. doi:10.1007/s10994-018-5714-4

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from patterneval import compare
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> grid = [KNeighborsClassifier(k) for k in (1, 5, 15, 45)]
    >>> res = compare.bbc_cv(grid, X, y, n_resamples=300, rng=0)
    >>> bool(res.statistic <= res.naive)
    True
    """
    if not isinstance(estimators, (list, tuple)):
        raise fail(
            "estimators", "a list of configurations (estimators)", estimators, error=TypeError
        )
    m = get_metric(metric, response=response, greater_is_better=greater_is_better)
    kind, greater = m.response, m.greater_is_better
    check_scalar("n_resamples", n_resamples, int, low=2)
    check_scalar("confidence_level", confidence_level, float, low=0, high=1, closed="neither")
    gen = check_rng(rng)
    fold_rng, boot_rng = gen.spawn(2)
    preds, codes, _ = out_of_fold_predictions(
        list(estimators), X, y, response=kind, cv=cv, rng=fold_rng, n_jobs=n_jobs, progress=progress
    )
    return bbc_from_predictions(
        codes,
        np.stack(preds),
        metric=metric,
        n_resamples=n_resamples,
        confidence_level=confidence_level,
        greater_is_better=None if isinstance(metric, str) else greater,
        rng=boot_rng,
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_prediction_table(predictions, n_samples: int) -> np.ndarray:
    """Out-of-fold responses of C configurations: finite numbers of shape (C, N) or
    (C, N, n_classes), N = ``n_samples``. Class codes keep their integer type."""
    hint = "(n_configurations, n_samples[, n_classes])"
    P = check_array("predictions", predictions, shape_hint=hint)
    if P.ndim not in (2, 3):
        raise fail("predictions", f"a 2-d or 3-d array {hint}", f"shape {P.shape}", echo=False)
    if P.shape[1] != n_samples:
        raise ValueError(
            f"predictions has {P.shape[1]} samples per configuration but y_true has {n_samples}; "
            f"they must pair up."
        )
    raw = np.asarray(predictions)
    return raw if raw.dtype.kind in "biu" else P
