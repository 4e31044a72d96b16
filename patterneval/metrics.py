r"""Metrics of predictions by name: the one registry every score of predictions comes from.

A metric scores a classifier's *responses* against the true labels. Each entry of
:data:`METRICS` says which response it takes, whether greater is better, and, when the
metric is the mean of a per-sample loss or score, that per-sample function: the
resampling methods (the bootstrap of :func:`~patterneval.compare.cv_metric_interval`,
the selection of :func:`~patterneval.compare.bbc_cv`) then average it over any set of
samples instead of recomputing the metric, and the Brier score and the log loss are
written once, here (:func:`~patterneval.compare.brier_decomposition` takes its Brier
score from this module).

**Names** are scikit-learn's: ``"accuracy"``, ``"balanced_accuracy"``, ``"f1"`` and
``"roc_auc"`` are its scorer names; ``"brier"`` is ``brier_score_loss``, ``"log_loss"``
``log_loss``, ``"error"`` ``zero_one_loss``; the losses also go by their scorers' names,
``"neg_brier_score"`` and ``"neg_log_loss"`` (minus the loss, so that greater is better,
as with scikit-learn's scorers). ``"ece"`` is
:func:`~patterneval.compare.expected_calibration_error` with its defaults. (The
cross-validated *scores* of :func:`~patterneval.compare.cv_scores` are taken by
scikit-learn's scorers themselves, from a fitted estimator, and accept every name of
``sklearn.metrics.get_scorer_names()``.)

**Responses.** ``"label"``: predicted labels (``predict``); ``"score"``: a ranking score
(``decision_function``, else the positive class's ``predict_proba``); ``"proba"``:
probabilities (``predict_proba``: the positive column for two classes, all columns
otherwise). Labels are coded 0 .. K-1 (in the order of ``np.unique(y)``) before a metric
sees them, and the positive class of a binary metric is the class coded 1.

**Per sample.** Accuracy (1 if correct), error (1 if wrong), the Brier score
(:math:`(p_i - o_i)^2`, or :math:`\sum_k (p_{ik} - [y_i = k])^2` over K classes) and the
log loss (:math:`-\log p_{i, y_i}`, probabilities clipped to :math:`[10^{-15}, 1]`) are
means of per-sample values, and the metric is computed as that mean. The AUC (a
comparison of every positive with every negative: the Mann-Whitney statistic), the F1
(a ratio of counts), the balanced accuracy (a mean of per-class rates) and the ECE (a
binned statistic) are not: their ``per_sample`` is None and a resampling method
recomputes them on every resample.

Examples
--------
>>> import numpy as np
>>> from patterneval.metrics import get_metric
>>> m = get_metric("brier")
>>> m.response, m.greater_is_better
('proba', False)
>>> y, p = np.array([0, 1, 1]), np.array([0.2, 0.6, 0.9])
>>> m.per_sample(y, p).round(2), round(m(y, p), 4)
(array([0.04, 0.16, 0.01]), 0.07)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ._validation import check_bool, check_choice, fail

__all__ = ["METRICS", "RESPONSES", "Metric", "get_metric"]

#: The responses a metric takes: predicted labels, a ranking score, probabilities.
RESPONSES = ("label", "score", "proba")

#: Probabilities are clipped to [LOG_EPS, 1] before the log loss takes their logarithm.
LOG_EPS = 1e-15


@dataclass(frozen=True)
class Metric:
    """A metric of a classifier's responses, by name.

    Attributes
    ----------
    name : str
    response : {"label", "score", "proba"}
        The response it scores (see :data:`RESPONSES`).
    greater_is_better : bool
    score : callable
        ``score(y_codes, response) -> float``, labels coded 0 .. K-1.
    per_sample : callable or None
        ``per_sample(y_codes, response) -> ndarray`` of shape (n_samples,), whose mean is
        the metric; None when the metric is not such a mean (AUC, F1, balanced accuracy,
        ECE, a callable of the caller's).

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.metrics import METRICS
    >>> METRICS["accuracy"](np.array([0, 1, 1, 0]), np.array([0, 1, 0, 0]))
    0.75
    """

    name: str
    response: str
    greater_is_better: bool
    score: Callable[[np.ndarray, np.ndarray], float]
    per_sample: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None

    def __call__(self, y_true: np.ndarray, response: np.ndarray) -> float:
        """The metric of ``response`` against ``y_true`` (labels coded 0 .. K-1)."""
        return self.score(y_true, response)


# ---------------------------------------------------------------- per-sample losses and scores
def correct(y: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """1.0 where the predicted label is the true one, else 0.0 (mean: the accuracy)."""
    return (pred == y).astype(float)


def wrong(y: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """1.0 where the predicted label is not the true one (mean: the error, scikit-learn's
    ``zero_one_loss``)."""
    return (pred != y).astype(float)


def brier_loss(y: np.ndarray, p: np.ndarray) -> np.ndarray:
    r"""Per-sample Brier loss: :math:`(p_i - o_i)^2` for the probabilities of the positive
    class (1-d ``p``, ``y`` 0/1), :math:`\sum_k (p_{ik} - [y_i = k])^2` for one column per
    class (2-d ``p``). The mean of the 1-d form is scikit-learn's ``brier_score_loss``."""
    if p.ndim == 2:  # multiclass Brier: squared distance to the one-hot outcome
        return np.sum((p - (y[:, None] == np.arange(p.shape[1]))) ** 2, axis=1)
    return (p - y) ** 2


def log_loss(y: np.ndarray, p: np.ndarray) -> np.ndarray:
    r"""Per-sample log loss :math:`-\log p_{i, y_i}` (1-d ``p``: the probability of class
    1), probabilities clipped to ``[LOG_EPS, 1]``. Its mean is scikit-learn's ``log_loss``
    (for probabilities not below the clip)."""
    if p.ndim == 2:
        return -np.log(np.clip(p[np.arange(y.size), y], LOG_EPS, 1))
    return -(y * np.log(np.clip(p, LOG_EPS, 1)) + (1 - y) * np.log(np.clip(1 - p, LOG_EPS, 1)))


def _mean_of(per_sample):
    def score(y, response):
        return float(np.mean(per_sample(y, response)))

    score.__name__ = per_sample.__name__
    return score


def _negated(per_sample):
    def negative(y, response):
        return -per_sample(y, response)

    negative.__name__ = f"neg_{per_sample.__name__}"
    return negative


# ---------------------------------------------------------------- metrics that are not means
def _f1_of(y, pred, c):
    tp = np.count_nonzero((pred == c) & (y == c))
    denom = np.count_nonzero(pred == c) + np.count_nonzero(y == c)
    return 2.0 * tp / denom if denom else 0.0


def _f1(y: np.ndarray, pred: np.ndarray) -> float:
    """F1 of the class coded 1 for two classes (scikit-learn's ``f1_score`` with
    ``pos_label=1``), the unweighted mean over the classes otherwise (``average="macro"``);
    0 when a class is neither present nor predicted."""
    k = int(max(y.max(), pred.max())) + 1
    if k <= 2:
        return _f1_of(y, pred, 1)
    return float(np.mean([_f1_of(y, pred, c) for c in range(k)]))


def _balanced_accuracy(y: np.ndarray, pred: np.ndarray) -> float:
    """The mean over the classes present in ``y`` of the share of their samples predicted
    correctly (scikit-learn's ``balanced_accuracy_score``)."""
    return float(np.mean([np.mean(pred[y == c] == c) for c in np.unique(y)]))


def _roc_auc(y: np.ndarray, scores: np.ndarray) -> float:
    """AUC: for 1-d ``scores`` (of the class coded 1) the Mann-Whitney statistic, ties
    counting 1/2 (:func:`patterneval.roc_auc`); for one column per class scikit-learn's
    one-vs-rest ``roc_auc_score``. Raises ValueError when ``y`` holds one class."""
    from .compare.roc import _components

    if scores.ndim == 2:
        from sklearn.metrics import roc_auc_score

        return roc_auc_score(y, scores, multi_class="ovr")
    positive = y == 1
    if positive.all() or not positive.any():
        raise ValueError("an AUC needs both classes, and this sample holds one")
    return float(_components(scores[positive], scores[~positive])[0])


def _ece(y: np.ndarray, p: np.ndarray) -> float:
    """:func:`~patterneval.compare.expected_calibration_error` with its defaults (15 equal-width
    bins; binary for 1-d ``p``, top-label for 2-d)."""
    from .compare.calibration import expected_calibration_error

    return expected_calibration_error(y, p).statistic


def _means(name, response, greater, per_sample):
    return Metric(name, response, greater, _mean_of(per_sample), per_sample)


#: The metrics known by name (scikit-learn's names, see the module's docstring).
METRICS: dict[str, Metric] = {
    "accuracy": _means("accuracy", "label", True, correct),
    "error": _means("error", "label", False, wrong),
    "balanced_accuracy": Metric("balanced_accuracy", "label", True, _balanced_accuracy),
    "f1": Metric("f1", "label", True, _f1),
    "roc_auc": Metric("roc_auc", "score", True, _roc_auc),
    "brier": _means("brier", "proba", False, brier_loss),
    "neg_brier_score": _means("neg_brier_score", "proba", True, _negated(brier_loss)),
    "log_loss": _means("log_loss", "proba", False, log_loss),
    "neg_log_loss": _means("neg_log_loss", "proba", True, _negated(log_loss)),
    "ece": Metric("ece", "proba", False, _ece),
}


def get_metric(
    metric: str | Callable, *, response: str | None = None, greater_is_better: bool | None = None
) -> Metric:
    """The :class:`Metric` of a name of :data:`METRICS`, or a callable made into one.

    Parameters
    ----------
    metric : str or callable
        A name of :data:`METRICS`, or ``metric(y_codes, response) -> float``.
    response : {"label", "score", "proba"}, optional, keyword-only
        For a callable (default ``"label"``); for a name, None or the response the metric
        takes.
    greater_is_better : bool, optional, keyword-only
        For a callable (default True); None for a name, whose direction is known.

    Returns
    -------
    Metric
        For a callable: named by its ``__name__``, without ``per_sample``.

    Raises
    ------
    ValueError
        For an unknown name (the message lists the names), a ``response`` other than the
        one a named metric takes, or a ``greater_is_better`` given with a name.

    Examples
    --------
    >>> from patterneval.metrics import get_metric
    >>> get_metric("roc_auc").response
    'score'
    >>> get_metric("auc")
    Traceback (most recent call last):
    ...
    ValueError: metric must be one of ['accuracy', 'error', 'balanced_accuracy', 'f1', 'roc_auc', 'brier', 'neg_brier_score', 'log_loss', 'neg_log_loss', 'ece']; got 'auc'.
    """
    if isinstance(metric, str):
        found = METRICS[check_choice("metric", metric, tuple(METRICS))]
        if response is not None:
            check_choice("response", response, RESPONSES)
            if response != found.response:
                raise fail(
                    "response",
                    f"None or {found.response!r}, the response metric={metric!r} takes",
                    response,
                )
        if greater_is_better is not None:
            raise fail(
                "greater_is_better",
                f"None for metric={metric!r}, whose direction is known (pass it "
                f"only with a callable metric)",
                greater_is_better,
            )
        return found
    if not callable(metric):
        raise fail(
            "metric",
            f"one of {list(METRICS)} or a callable metric(y_true, response)",
            metric,
            error=TypeError,
        )
    kind = "label" if response is None else check_choice("response", response, RESPONSES)
    greater = (
        True if greater_is_better is None else check_bool("greater_is_better", greater_is_better)
    )
    return Metric(getattr(metric, "__name__", "metric"), kind, greater, metric)
