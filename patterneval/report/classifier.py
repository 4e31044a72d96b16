"""One call to evaluate a classifier: its error by repeated cross-validation and by the
.632+ bootstrap, a hold-out error with its Wilson interval, its AUC with DeLong's interval
and its calibration, in one report (Parts I and V of the book)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import partial

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator

from .._api import keywords
from .._results import ConfidenceInterval
from .._rows import take_rows
from .._validation import (
    check_bool,
    check_classification_target,
    check_estimator,
    check_n_jobs,
    check_scalar,
    check_X_y,
)
from ..compare.calibration import (
    BrierDecomposition,
    CalibrationError,
    brier_decomposition,
    expected_calibration_error,
)
from ..compare.out_of_fold import check_two_classes, fold_response, pooled
from ..compare.roc import DeLongInterval, delong_interval
from ..errorrate import ErrorEstimate, test_error
from ..resampling import BootstrapResult, CrossValidationResult, bootstrap_error
from ..resampling.crossval import _cross_val_error
from ._base import CHAPTERS, Method, Report, Table, api, fmt, fmt_interval
from ._common import (
    check_test_size,
    describe_cv,
    draw_seeds,
    estimator_name,
    first_partition,
    fit_and_predict,
    holdout_split,
    model_scores,
    resolve_cv,
)

__all__ = ["ClassifierReport", "evaluate_classifier"]


@dataclasses.dataclass(frozen=True, repr=False, eq=False)
class ClassifierReport(Report):
    """What :func:`patterneval.evaluate_classifier` found, with the results it came from.

    Attributes
    ----------
    name : str
        The estimator's name (its class; a pipeline's steps joined by ``+``).
    n_samples : int
        Samples given; ``n_resampled`` of them (all, or the training part of the hold-out
        split) went to cross-validation and the bootstrap.
    n_resampled : int
    classes : ndarray
        The class labels, sorted (``np.unique``); for a binary problem the second is the
        positive class of the AUC and the calibration.
    cv : int, splitter or list of (train, test) pairs
        The cross-validation that ran (``cv=None`` resolved to its
        ``RepeatedStratifiedKFold``); ``cross_val_error(estimator, X, y, cv=cv,
        rng=seeds["cv"])`` re-runs it.
    cv_description : str
        E.g. ``"10 x 10-fold stratified CV"``.
    seeds : dict
        The int seeds drawn from ``rng``: ``"cv"``, ``"bootstrap"``, ``"holdout"``.
    confidence_level : float
    cross_validation : CrossValidationResult
    bootstrap : BootstrapResult
        ``method=".632+"``.
    holdout : ErrorEstimate or None
        The hold-out error (``test_size`` given), with ``holdout_interval`` (Wilson).
    holdout_interval : ConfidenceInterval or None
    holdout_indices : tuple of ndarray or None
        (train, test) indices of the hold-out split.
    auc : DeLongInterval or None
        Binary problems with a score (``predict_proba`` or ``decision_function``).
    score_source : str or None
        Where the AUC's and the calibration's scores come from: ``"hold-out"`` or
        ``"out-of-fold (first repeat)"``.
    calibration : CalibrationError or None
        With ``predict_proba``: the ECE (binary: of the positive class's probability;
        multiclass: of the top label).
    brier : BrierDecomposition or None
        Binary problems with ``predict_proba``.
    notes : tuple of str
        What was skipped and why.
    """

    name: str
    n_samples: int
    n_resampled: int
    classes: np.ndarray
    cv: object
    cv_description: str
    seeds: dict
    confidence_level: float
    cross_validation: CrossValidationResult
    bootstrap: BootstrapResult
    holdout: ErrorEstimate | None
    holdout_interval: ConfidenceInterval | None
    holdout_indices: tuple | None
    auc: DeLongInterval | None
    score_source: str | None
    calibration: CalibrationError | None
    brier: BrierDecomposition | None
    notes: tuple = ()
    _y_scores: np.ndarray | None = dataclasses.field(default=None, repr=False)
    _scores: np.ndarray | None = dataclasses.field(default=None, repr=False)

    title = "Evaluating a classifier"

    def _headline_text(self) -> str:
        return f"{self.name}: error {fmt(self.cross_validation.error)} by {self.cv_description}"

    def _rows(self):
        """(label, value, low, high, note) of each estimate."""
        cl = f"{self.confidence_level:.0%}"
        cv = self.cross_validation
        sd = (
            f"sd over repeats {fmt(cv.repeat_std)}"
            if cv.n_repeats > 1
            else f"sd over folds {fmt(cv.fold_std)}"
        )
        rows = [
            (f"error, {self.cv_description}", cv.error, None, None, sd),
            (
                f"error, .632+ bootstrap ({self.bootstrap.n_resamples} resamples)",
                self.bootstrap.estimate,
                None,
                None,
                f"out-of-bootstrap {fmt(self.bootstrap.oob)}, resubstitution "
                f"{fmt(self.bootstrap.resubstitution)}",
            ),
        ]
        if self.holdout is not None:
            rows.append(
                (
                    f"error, hold-out (n = {self.holdout.n})",
                    self.holdout.error,
                    self.holdout_interval.low,
                    self.holdout_interval.high,
                    f"{cl} Wilson interval",
                )
            )
        if self.auc is not None:
            rows.append(
                (
                    f"AUC, {self.score_source}",
                    self.auc.statistic,
                    self.auc.low,
                    self.auc.high,
                    f"{cl} DeLong interval",
                )
            )
        if self.calibration is not None:
            rows.append(
                (
                    f"ECE, {self.score_source} ({self.calibration.n_bins} bins)",
                    self.calibration.statistic,
                    None,
                    None,
                    f"{self.calibration.kind} calibration",
                )
            )
        if self.brier is not None:
            rows.append(
                (
                    f"Brier score, {self.score_source}",
                    self.brier.brier,
                    None,
                    None,
                    f"reliability {fmt(self.brier.reliability)}, resolution {fmt(self.brier.resolution)}",
                )
            )
        return rows

    def _tables(self):
        rows = tuple(
            (label, fmt(v), "–" if lo is None else fmt_interval(lo, hi), note)
            for label, v, lo, hi, note in self._rows()
        )
        return [
            Table(
                f"{self.name} on {self.n_samples} samples, {self.classes.size} classes",
                ("estimate", "value", "interval", "note"),
                rows,
            )
        ]

    def _frame(self):
        rows = self._rows()
        return (
            ["value", "low", "high"],
            [
                [v, np.nan if lo is None else lo, np.nan if hi is None else hi]
                for _, v, lo, hi, _ in rows
            ],
            [r[0] for r in rows],
        )

    def summary(self) -> str:
        cl = f"{self.confidence_level:.0%}"
        cv = self.cross_validation
        parts = [
            f"{self.name}: error {fmt(cv.error)} by {self.cv_description}",
            f"{fmt(self.bootstrap.estimate)} by the .632+ bootstrap",
        ]
        if self.holdout is not None:
            assert self.holdout_interval is not None  # computed with the hold-out
            parts.append(
                f"{fmt(self.holdout.error)} {fmt_interval(*self.holdout_interval)} on a hold-out of "
                f"{self.holdout.n} samples ({cl} Wilson interval)"
            )
        text = "; ".join(parts) + "."
        if self.auc is not None:
            text += (
                f" AUC {fmt(self.auc.statistic)} {fmt_interval(self.auc.low, self.auc.high)} ({cl} DeLong "
                f"interval, {self.score_source} scores)."
            )
        if self.calibration is not None:
            text += f" Expected calibration error {fmt(self.calibration.statistic)}"
            text += (
                f", Brier score {fmt(self.brier.brier)} (reliability {fmt(self.brier.reliability)}, "
                f"resolution {fmt(self.brier.resolution)})."
                if self.brier is not None
                else "."
            )
        if self.notes:
            text += " " + " ".join(self.notes)
        return text

    def _methods(self):
        m = [
            Method(
                "cross-validation",
                f"The error rate was estimated by {self.cv_description} (the share of misclassified "
                f"held-out samples, averaged over repeats; Kohavi 1995).",
                "Kohavi 1995",
                CHAPTERS["cross-validation"],
                api("resampling", "cross_val_error"),
            ),
            Method(
                ".632+ bootstrap",
                f"It was also estimated by the .632+ bootstrap with {self.bootstrap.n_resamples} resamples "
                f"(Efron & Tibshirani 1997).",
                "Efron & Tibshirani 1997",
                CHAPTERS["cross-validation"],
                api("resampling", "bootstrap_error"),
            ),
        ]
        if self.holdout is not None:
            m.append(
                Method(
                    "hold-out error with Wilson interval",
                    f"A stratified hold-out of {self.holdout.n} samples, used by no other estimate, gave "
                    f"a test error with a {self.confidence_level:.0%} Wilson score interval (Wilson 1927).",
                    "Wilson 1927",
                    CHAPTERS["test-error"],
                    api("errorrate", "binomial_interval"),
                )
            )
        if self.auc is not None:
            m.append(
                Method(
                    "AUC with DeLong interval",
                    f"The AUC of the {self.score_source} scores has a {self.confidence_level:.0%} interval "
                    f"from DeLong's variance (DeLong et al. 1988)"
                    + (
                        ", which treats the pooled out-of-fold scores as one model's."
                        if self.score_source != "hold-out"
                        else "."
                    ),
                    "DeLong et al. 1988",
                    CHAPTERS["roc-auc"],
                    api("compare", "delong_interval"),
                )
            )
        if self.calibration is not None:
            m.append(
                Method(
                    "expected calibration error",
                    f"Calibration is the expected calibration error over {self.calibration.n_bins} "
                    f"equal-width bins (Naeini et al. 2015).",
                    "Naeini et al. 2015",
                    CHAPTERS["calibration"],
                    api("compare", "expected_calibration_error"),
                )
            )
        if self.brier is not None:
            m.append(
                Method(
                    "Brier decomposition",
                    "The Brier score is split into reliability, resolution and uncertainty (Murphy 1973).",
                    "Murphy 1973",
                    CHAPTERS["calibration"],
                    api("compare", "brier_decomposition"),
                )
            )
        return m

    def _figure(self):
        if self._scores is not None:
            from ..plotting import plot_roc_curves

            return plot_roc_curves(
                self._y_scores, {self.name: self._scores}, confidence_level=self.confidence_level
            )
        from ..plotting._report import plot_intervals

        rows = self._rows()
        return plot_intervals(
            [r[0] for r in rows],
            [r[1] for r in rows],
            [np.nan if r[2] is None else r[2] for r in rows],
            [np.nan if r[3] is None else r[3] for r in rows],
            xlabel="error rate",
        )


def _holdout_error(estimator, Xr, yr, Xt, yt, classes, confidence_level):
    """The hold-out step: the model fitted on the training part (``Xr``, ``yr``) tested once
    on the hold-out (``Xt``, labels ``yt``): its error, the error's Wilson interval, and
    its scores on the hold-out (:func:`~patterneval.report._common.model_scores`)."""
    model, pred = fit_and_predict(estimator, Xr, yr, Xt, len(yr), yt.size)
    holdout = test_error(yt, pred)
    interval = holdout.confidence_interval(confidence_level, method="wilson")
    return holdout, interval, model_scores(model, Xt, classes)


def _resampled_errors(estimator, Xr, yr, cv, seeds, respond, *, n_resamples, n_jobs, progress):
    """The error by cross-validation (seeded by ``seeds["cv"]``; what
    :func:`patterneval.cross_val_error` computes) and by the .632+ bootstrap
    (``seeds["bootstrap"]``), on the samples that are not held out; and, with ``respond``,
    the responses ``respond(model, X_test)`` of the models of the first repeat's folds,
    taken from the fits that gave their predictions (None without)."""
    cvres, responses = _cross_val_error(
        estimator,
        Xr,
        yr,
        cv=cv,
        rng=seeds["cv"],
        n_jobs=n_jobs,
        progress=progress,
        respond=respond,
    )
    boot = bootstrap_error(
        estimator,
        Xr,
        yr,
        n_resamples=n_resamples,
        method=".632+",
        rng=seeds["bootstrap"],
        n_jobs=n_jobs,
        progress=progress,
    )
    return cvres, boot, responses


def _score_kind(estimator, classes):
    """(has_proba, has_score): whether ``estimator`` gives probabilities, and whether it
    gives scores for the AUC and the calibration (probabilities, or a binary problem's
    decision function)."""
    has_proba = hasattr(estimator, "predict_proba")
    return has_proba, has_proba or (classes.size == 2 and hasattr(estimator, "decision_function"))


def _out_of_fold_scores(responses, lr, classes, first):
    """Each sample's score from the model of ``first`` (a partition) that did not see it
    -- the ``responses`` of its folds' models (probabilities with ``predict_proba``, else
    the decision function; the response of
    :func:`~patterneval.compare.out_of_fold.out_of_fold_predictions`), taken from the
    cross-validation's fits -- and its label (``lr``, of the classes ``classes``)."""
    _, codes = np.unique(lr, return_inverse=True)
    check_two_classes(first, codes.reshape(-1))  # as out_of_fold_predictions refuses them
    return pooled(first, responses, lr.size), classes[codes.reshape(-1)]


def _score_measures(classes, y_scores, scores, has_proba, confidence_level):
    """(auc, calibration, brier) of the scores (each None where it does not apply): the AUC
    with DeLong's interval (binary), the ECE (with probabilities; of the top label for more
    than two classes) and the Brier decomposition (binary, with probabilities)."""
    auc = calibration = brier = None
    if scores is not None:
        codes = np.searchsorted(classes, y_scores)
        if classes.size == 2:
            auc = delong_interval(codes, scores, confidence_level=confidence_level, pos_label=1)
            if has_proba:
                calibration = expected_calibration_error(codes, scores, pos_label=1)
                brier = brier_decomposition(codes, scores, pos_label=1)
        elif has_proba:
            calibration = expected_calibration_error(codes, scores, classes=np.arange(classes.size))
    return auc, calibration, brier


def _score_fields(estimator, classes, held, oof, first, n_repeats, confidence_level):
    """The report's fields that come from the scores -- ``auc``, ``score_source``,
    ``calibration``, ``brier`` and the binary scores the figure draws -- and the notes on
    what was skipped. ``held`` is the hold-out's (scores, labels), or None: then the scores
    are ``oof``, the out-of-fold (scores, labels) of ``first`` (the first of ``n_repeats``
    repeats) when it partitions the samples."""
    notes = []
    has_proba, has_score = _score_kind(estimator, classes)
    scores = y_scores = source = None
    if held is not None:
        (scores, y_scores), source = held, "hold-out"
    elif has_score:
        if first is None:
            notes.append(
                "No AUC or calibration: the first repeat of cv does not test every sample once "
                "(give test_size for hold-out scores)."
            )
        else:
            scores, y_scores = oof
            source = "out-of-fold" if n_repeats == 1 else "out-of-fold (first repeat)"
    auc, calibration, brier = _score_measures(
        classes, y_scores, scores, has_proba, confidence_level
    )
    if classes.size > 2:
        notes.append("No AUC: more than two classes.")
    elif not has_score:
        notes.append(
            "No AUC or calibration: the estimator has neither predict_proba nor decision_function."
        )
    binary_scores = scores if (scores is not None and classes.size == 2) else None
    fields = {
        "auc": auc,
        "score_source": source if scores is not None else None,
        "calibration": calibration,
        "brier": brier,
        "_y_scores": None if binary_scores is None else np.searchsorted(classes, y_scores),
        "_scores": binary_scores,
    }
    return fields, notes


@keywords
def evaluate_classifier(
    estimator: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    cv: int | object | Sequence | None = None,
    test_size: float | int | None = None,
    n_resamples: int = 200,
    confidence_level: float = 0.95,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> ClassifierReport:
    """Evaluate one classifier in one call: its error by cross-validation and by the .632+
    bootstrap, a hold-out error with its interval, its AUC and its calibration.

    What runs, and which library function computes it (each kept in the report):

    - the error by repeated stratified cross-validation (:func:`patterneval.cross_val_error`),
      the share of misclassified held-out samples averaged over repeats;
    - the .632+ bootstrap error (:func:`patterneval.bootstrap_error`, ``method=".632+"``),
      which corrects the optimism of the resubstitution error and the pessimism of the
      out-of-bootstrap error (Efron & Tibshirani 1997);
    - with ``test_size``: a stratified hold-out split drawn from ``rng``. The model fitted
      on the training part is tested once on the hold-out (:func:`patterneval.test_error`)
      and its error gets a Wilson interval (:func:`patterneval.binomial_interval`). The
      hold-out samples are used by nothing else: cross-validation and the bootstrap then
      run on the training part only;
    - for a binary problem and an estimator with ``predict_proba`` or
      ``decision_function``: the AUC with DeLong's interval
      (:func:`patterneval.delong_interval`), on the hold-out's scores when there is one,
      else on the out-of-fold scores of the first repeat of ``cv`` (each sample scored by
      the model that did not see it; the interval then treats the pooled scores of k
      models as one model's, the usual approximation);
    - with ``predict_proba``: the expected calibration error
      (:func:`patterneval.expected_calibration_error`; of the top label for more than two
      classes) and, binary, the Brier score's decomposition
      (:func:`patterneval.brier_decomposition`), on the same scores.

    Each (train, test) split of ``cv`` is fitted once: the model fitted on a split gives
    both its test samples' predictions (the cross-validation error) and, for the splits of
    the first repeat, their scores (the out-of-fold scores of the AUC and the calibration),
    so the report costs one fit per split, one for the hold-out and ``1 + n_resamples``
    for the bootstrap.

    Parameters
    ----------
    estimator : scikit-learn-compatible classifier
        Cloned for every fit; never fitted itself.
    X : array_like, DataFrame or sparse matrix, shape (n_samples, n_features)
        Passed to the estimator unchanged (rows taken by position).
    y : array_like or pandas Series, shape (n_samples,)
        Class labels, two or more classes.
    cv : None, int, splitter or iterable of (train, test) pairs, keyword-only
        ``None``: 10 repeats of stratified 10-fold CV (``RepeatedStratifiedKFold`` seeded
        by ``seeds["cv"]``); an int k: one stratified shuffled k-fold partition; a
        scikit-learn splitter; or the pairs. Out-of-fold scores need the first repeat's
        test parts to partition the samples (else the AUC and the calibration need
        ``test_size``).
    test_size : None, float in (0, 1) or int, keyword-only
        Size of a stratified hold-out split (a fraction or a count); None: no hold-out.
    n_resamples : int, default 200, keyword-only
        Bootstrap resamples.
    confidence_level : float, default 0.95, keyword-only
        Of the Wilson and DeLong intervals, in (0, 1).
    rng : None, int or numpy.random.Generator, keyword-only
        The only source of randomness: three int seeds are drawn from it, in order,
        ``seeds["cv"]`` (the folds), ``seeds["bootstrap"]`` and ``seeds["holdout"]`` (the
        split), so that each step can be re-run alone.
    n_jobs : None or int, keyword-only
        Parallel fits through joblib; ``None`` follows the active
        ``joblib.parallel_config`` (its backend, Dask's included, and its ``n_jobs``; one
        job outside any). The result does not depend on it.
    progress : bool, default False, keyword-only
        Progress bars over the fits.

    Returns
    -------
    ClassifierReport
        A table, a figure (the ROC curve when there is an AUC), ``summary()``,
        ``to_markdown()``, ``to_latex()``, ``to_frame()``, ``links``; the underlying
        results as attributes (``cross_validation``, ``bootstrap``, ``holdout``, ``auc``,
        ``calibration``, ``brier``).

    Raises
    ------
    ValueError, TypeError
        Bad input, naming the argument.

    References
    ----------
    .. [1] R. Kohavi, "A study of cross-validation and bootstrap for accuracy estimation
       and model selection," IJCAI 1995, 1137-1143.
    .. [2] B. Efron and R. Tibshirani, "Improvements on cross-validation: the .632+
       bootstrap method," JASA 92(438), 548-560, 1997.
    .. [3] E. B. Wilson, "Probable inference, the law of succession, and statistical
       inference," JASA 22(158), 209-212, 1927.
    .. [4] E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the areas under
       two or more correlated receiver operating characteristic curves: a nonparametric
       approach," Biometrics 44(3), 837-845, 1988.
    .. [5] M. P. Naeini, G. F. Cooper and M. Hauskrecht, "Obtaining well calibrated
       probabilities using Bayesian binning," AAAI 2015, 2901-2907.
    .. [6] A. H. Murphy, "A new vector partition of the probability score," Journal of
       Applied Meteorology 12(4), 595-600, 1973.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.naive_bayes import GaussianNB
    >>> import patterneval as pe
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> rep = pe.evaluate_classifier(GaussianNB(), X, y, cv=5, n_resamples=20, test_size=0.25, rng=0)
    >>> rep.cross_validation.error == pe.cross_val_error(
    ...     GaussianNB(), X[rep.holdout_indices[0]], y[rep.holdout_indices[0]], cv=rep.cv,
    ...     rng=rep.seeds["cv"]).error
    True
    >>> print(rep.summary())  # doctest: +ELLIPSIS
    GaussianNB: error 0.063 by 5-fold stratified CV; ... on a hold-out of 143 samples (95% Wilson interval). AUC ...
    """
    check_estimator("estimator", estimator)
    X, labels = check_X_y(X, y, pass_through=True)
    check_classification_target(labels, estimator=estimator)
    y = y if hasattr(y, "iloc") else labels
    test_size = check_test_size(test_size, labels)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    confidence_level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    n_jobs = check_n_jobs(n_jobs)
    progress = check_bool("progress", progress)
    seeds = draw_seeds(rng, ("cv", "bootstrap", "holdout"))
    cv = resolve_cv(cv, seeds["cv"])
    classes = np.unique(labels)

    holdout = interval = indices = held = None
    Xr, yr, lr = X, y, labels
    if test_size is not None:
        indices = holdout_split(labels, test_size, seeds["holdout"])
        train, test = indices
        Xr, yr, lr = take_rows(X, train), take_rows(y, train), labels[train]
        holdout, interval, hold_scores = _holdout_error(
            estimator, Xr, yr, take_rows(X, test), labels[test], classes, confidence_level
        )
        held = (hold_scores, labels[test])

    groups, first = first_partition(cv, lr, seeds["cv"])
    has_proba, has_score = _score_kind(estimator, classes)
    respond = None
    if held is None and has_score and first is not None:  # the scores come from the CV's fits
        respond = partial(fold_response, classes=classes, kind="proba" if has_proba else "score")
    cvres, boot, responses = _resampled_errors(
        estimator,
        Xr,
        yr,
        cv,
        seeds,
        respond,
        n_resamples=n_resamples,
        n_jobs=n_jobs,
        progress=progress,
    )
    oof = None if responses is None else _out_of_fold_scores(responses, lr, classes, first)
    scored, notes = _score_fields(
        estimator, classes, held, oof, first, len(groups), confidence_level
    )
    return ClassifierReport(
        name=estimator_name(estimator),
        n_samples=labels.size,
        n_resampled=lr.size,
        classes=classes,
        cv=cv,
        cv_description=describe_cv(cv, groups),
        seeds=seeds,
        confidence_level=confidence_level,
        cross_validation=cvres,
        bootstrap=boot,
        holdout=holdout,
        holdout_interval=interval,
        holdout_indices=indices,
        notes=tuple(notes),
        **scored,
    )
