"""What the explorers' ``from_*`` constructors compute once on the user's data.

The explorers of :mod:`patterneval.widgets` never compute. Their second constructors, in
scikit-learn's Display style (``RocExplorer.from_predictions(y_true, y_score)``,
``RocExplorer.from_estimator(estimator, X, y)``, ``CalibrationExplorer.from_predictions``,
``TwoClassifierTestsExplorer.from_estimators``, ``ClusterStabilityExplorer.from_data``),
check the caller's data here, compute what no slider changes once (a ROC curve and its
DeLong interval, per-split scores, per-k stabilities) and hand the record to a painter,
whose ``update`` calls the library's tested functions and the small ones below.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from ._results import Result
from ._validation import (
    check_array,
    check_choice,
    check_estimator,
    check_grid,
    check_scalar,
    check_X_y,
    fail,
    show,
)
from .compare._checks import check_binary_target

#: The most stops of a threshold slider: a ROC curve has one point per distinct score.
MAX_STOPS = 201

RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")


def _check_name(name: Any, default: str, *, argument: str = "name") -> str:
    if name is None:
        return default
    if not isinstance(name, str):
        raise fail(argument, "a str (the label of the curve) or None", name, error=TypeError)
    return name


def _stops(values: np.ndarray) -> np.ndarray:
    """At most :data:`MAX_STOPS` of the increasing ``values``, evenly by rank, both ends kept."""
    if values.size <= MAX_STOPS:
        return values
    return values[np.unique(np.linspace(0, values.size - 1, MAX_STOPS).round().astype(int))]


def nearest(stops: np.ndarray, value: float) -> float:
    """The stop nearest ``value`` (the lower one of two equally near).

    >>> nearest(np.array([0.1, 0.4, 0.9]), 0.5)
    0.4
    """
    return float(stops[int(np.argmin(np.abs(stops - value)))])


# ---------------------------------------------------------------- ROC
@dataclasses.dataclass(frozen=True, repr=False)
class RocData(Result):
    """A ROC curve on the user's data and the DeLong interval of its AUC.

    Attributes
    ----------
    positive : ndarray of bool, shape (n_samples,)
        True for the positive class.
    scores : ndarray, shape (n_samples,)
    curve : RocCurve
        :func:`~patterneval.compare.roc_curve` of the data.
    interval : DeLongInterval or None
        :func:`~patterneval.compare.delong_interval`; None when its variance is 0 (a
        perfect separation), for which DeLong's method gives no interval.
    thresholds : ndarray
        The threshold slider's stops, increasing: the distinct scores (at most
        :data:`MAX_STOPS`, evenly by rank).
    name : str
    confidence_level : float
    pos_label : object
        The positive class.
    """

    positive: np.ndarray = dataclasses.field(repr=False)
    scores: np.ndarray = dataclasses.field(repr=False)
    curve: Any = dataclasses.field(repr=False)
    interval: Any
    thresholds: np.ndarray = dataclasses.field(repr=False)
    name: str
    confidence_level: float
    pos_label: Any


def roc_data(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: Any = None,
    confidence_level: float = 0.95,
    name: str | None = None,
    names: tuple[str, str] = ("y_true", "y_score"),
) -> RocData:
    """Check the data and compute the ROC curve and the DeLong interval once.

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Two classes, at least two samples of each (DeLong's variance).
    y_score : array_like, shape (n_samples,)
        Finite scores, larger meaning more likely positive.
    pos_label : label, optional, keyword-only
        As in :func:`~patterneval.compare.roc_auc`.
    confidence_level : float in (0, 1), default 0.95, keyword-only
    name : str, optional, keyword-only
        Label of the curve (default ``"classifier"``).
    names : pair of str, keyword-only
        How messages name ``y_true`` and ``y_score``.

    Returns
    -------
    RocData

    Examples
    --------
    >>> from patterneval._explore import roc_data
    >>> data = roc_data([0, 0, 0, 1, 1, 1], [0.1, 0.3, 0.6, 0.4, 0.7, 0.9])
    >>> round(data.interval.statistic, 4), data.thresholds.tolist()
    (0.8889, [0.1, 0.3, 0.4, 0.6, 0.7, 0.9])
    """
    from .compare.roc import _check_variance_sizes, delong_interval, roc_curve

    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    name = _check_name(name, "classifier")
    positive = check_binary_target(y_true, pos_label=pos_label, name=names[0])
    scores = check_array(
        names[1],
        y_score,
        ndim=1,
        n=positive.size,
        n_name=names[0],
        shape_hint="(one score per sample)",
    )
    _check_variance_sizes(positive, names[0])
    codes = positive.astype(int)
    curve = roc_curve(codes, scores)
    try:
        interval = delong_interval(codes, scores, confidence_level=level)
    except ValueError:  # the sizes are checked: only a variance of 0 (perfect separation) is left
        interval = None
    if pos_label is None:
        labels = np.unique(np.asarray(y_true))
        pos_label = np.asarray(y_true)[positive][0] if positive.any() else labels[-1]
    return RocData(
        positive=positive,
        scores=scores,
        curve=curve,
        interval=interval,
        thresholds=_stops(curve.thresholds[1:][::-1]),
        name=name,
        confidence_level=level,
        pos_label=pos_label.item() if isinstance(pos_label, np.generic) else pos_label,
    )


@dataclasses.dataclass(frozen=True, repr=False)
class OperatingPoint(Result):
    """The rule "positive if score >= threshold" on labelled data.

    Attributes
    ----------
    threshold : float
    tp, fp, fn, tn : int
        True positives, false positives, false negatives, true negatives.
    tpr, fpr : float
        tp / (tp + fn) and fp / (fp + tn).
    """

    threshold: float
    tp: int
    fp: int
    fn: int
    tn: int
    tpr: float
    fpr: float


def operating_point(positive: np.ndarray, scores: np.ndarray, threshold: float) -> OperatingPoint:
    """The confusion counts and rates of "positive if score >= threshold" (the ROC curve's
    rule, :func:`~patterneval.compare.roc_curve`).

    Parameters
    ----------
    positive : ndarray of bool, shape (n_samples,)
        Both classes present.
    scores : ndarray, shape (n_samples,)
    threshold : float

    Returns
    -------
    OperatingPoint

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval._explore import operating_point
    >>> p = operating_point(np.array([False, False, True, True]), np.array([0.1, 0.4, 0.35, 0.8]), 0.35)
    >>> p.tp, p.fp, p.fn, p.tn, p.tpr, p.fpr
    (2, 1, 0, 1, 1.0, 0.5)
    """
    called = scores >= threshold
    tp = int(np.count_nonzero(called & positive))
    fp = int(np.count_nonzero(called & ~positive))
    m = int(np.count_nonzero(positive))
    n = positive.size - m
    return OperatingPoint(
        threshold=float(threshold), tp=tp, fp=fp, fn=m - tp, tn=n - fp, tpr=tp / m, fpr=fp / n
    )


# ---------------------------------------------------------------- estimators
def _check_fitted(estimator: Any) -> None:
    from sklearn.exceptions import NotFittedError
    from sklearn.utils.validation import check_is_fitted

    try:
        check_is_fitted(estimator)
    except NotFittedError:
        raise fail(
            "estimator",
            "a fitted classifier (from_estimator scores the X, y given, a held-out "
            "test set; it does not fit)",
            f"{type(estimator).__name__}, not fitted",
            echo=False,
        ) from None


def estimator_scores(
    estimator: Any, X: Any, y: ArrayLike, *, response_method: str = "auto", pos_label: Any = None
) -> tuple[np.ndarray, np.ndarray, Any, str]:
    """The scores of a fitted binary classifier on ``X`` for the positive class, as
    scikit-learn's ``RocCurveDisplay.from_estimator`` takes them.

    ``response_method="auto"`` uses ``predict_proba`` if the estimator has it, else
    ``decision_function``. The positive class is ``pos_label``, default
    ``estimator.classes_[1]``; ``decision_function`` is negated when the positive class is
    ``classes_[0]``.

    Parameters
    ----------
    estimator : fitted classifier
        With ``classes_`` of two classes.
    X : array_like, shape (n_samples, n_features)
        Passed to the estimator unchanged (a test set).
    y : array_like, shape (n_samples,)
        The true classes of ``X``.
    response_method : {"auto", "predict_proba", "decision_function"}, keyword-only
    pos_label : label, optional, keyword-only

    Returns
    -------
    y : ndarray
        The checked labels.
    scores : ndarray, shape (n_samples,)
    pos_label : object
        The positive class.
    method : str
        The response method used.

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from patterneval._explore import estimator_scores
    >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
    >>> _, s, pos, method = estimator_scores(LogisticRegression().fit(X, y), X, y)
    >>> pos, method, bool(s[0] < s[-1])
    (1, 'predict_proba', True)
    """
    method = check_choice("response_method", response_method, RESPONSE_METHODS)
    check_estimator(
        "estimator",
        estimator,
        methods=("fit", "get_params"),
        example="LogisticRegression().fit(X, y)",
    )
    _check_fitted(estimator)
    X, y = check_X_y(X, y, pass_through=True)
    classes = getattr(estimator, "classes_", None)
    if classes is None or len(classes) != 2:
        raise fail(
            "estimator",
            "a binary classifier (classes_ of two classes)",
            f"{type(estimator).__name__} with classes_ {show(None if classes is None else list(classes))}",
            echo=False,
        )
    classes = list(np.asarray(classes).tolist())
    if pos_label is None:
        pos_label = classes[1]
    elif pos_label not in classes:
        raise fail("pos_label", f"one of the estimator's classes {classes}", pos_label)
    if method == "auto":
        method = (
            "predict_proba"
            if callable(getattr(estimator, "predict_proba", None))
            else "decision_function"
        )
    if not callable(getattr(estimator, method, None)):
        raise fail(
            "response_method",
            f"a method the estimator has ({type(estimator).__name__} has no {method})",
            response_method,
        )
    if method == "predict_proba":
        scores = np.asarray(estimator.predict_proba(X))[:, classes.index(pos_label)]
    else:
        scores = np.asarray(estimator.decision_function(X)).reshape(-1)
        if pos_label == classes[0]:
            scores = -scores
    return y, scores.astype(float), pos_label, method


# ---------------------------------------------------------------- calibration
@dataclasses.dataclass(frozen=True, repr=False)
class CalibrationData(Result):
    """Binary outcomes and forecast probabilities of the positive class.

    Attributes
    ----------
    outcome : ndarray of int, shape (n_samples,)
        1 for the positive class, else 0.
    proba : ndarray, shape (n_samples,)
        Forecast probabilities in [0, 1].
    name : str
    """

    outcome: np.ndarray = dataclasses.field(repr=False)
    proba: np.ndarray = dataclasses.field(repr=False)
    name: str


def calibration_data(
    y_true: ArrayLike,
    y_prob: ArrayLike,
    *,
    pos_label: Any = None,
    name: str | None = None,
    names: tuple[str, str] = ("y_true", "y_prob"),
) -> CalibrationData:
    """Check binary outcomes and probabilities of the positive class.

    Parameters
    ----------
    y_true : array_like, shape (n_samples,)
        Binary outcomes (all of one class is allowed when the labels say which).
    y_prob : array_like, shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    pos_label : label, optional, keyword-only
    name : str, optional, keyword-only
    names : pair of str, keyword-only
        How messages name ``y_true`` and ``y_prob``.

    Returns
    -------
    CalibrationData

    Examples
    --------
    >>> from patterneval._explore import calibration_data
    >>> calibration_data(["no", "yes", "yes"], [0.2, 0.7, 0.9]).outcome.tolist()
    [0, 1, 1]
    """
    name = _check_name(name, "classifier")
    positive = check_binary_target(y_true, pos_label=pos_label, name=names[0], both=False)
    proba = check_array(
        names[1],
        y_prob,
        ndim=1,
        n=positive.size,
        n_name=names[0],
        low=0,
        high=1,
        shape_hint="(the probability of the positive class per sample)",
    )
    return CalibrationData(outcome=positive.astype(int), proba=proba, name=name)


# ---------------------------------------------------------------- two classifiers
@dataclasses.dataclass(frozen=True, repr=False)
class PairedScores(Result):
    """Scores of two classifiers on the same J splits.

    Attributes
    ----------
    scores_a, scores_b : ndarray, shape (J,)
    n_train, n_test : int or float
        The split sizes the tests take (from a :class:`~patterneval.compare.CVScores`: the
        means over its splits).
    names : tuple of str
        The two classifiers' names.
    metric : str
    cv_scores : CVScores or None
        The scores as :func:`~patterneval.compare.cv_scores` returned them, which the tests
        take whole; None for scores given as arrays.
    """

    scores_a: np.ndarray
    scores_b: np.ndarray
    n_train: Any
    n_test: Any
    names: tuple
    metric: str
    cv_scores: Any = dataclasses.field(default=None, repr=False)


_Default = TypeVar("_Default")


def _check_names(names: Any, default: _Default) -> tuple[str, str] | _Default:
    if names is None:
        return default
    if (
        isinstance(names, (str, bytes))
        or not isinstance(names, Sequence)
        or len(names) != 2
        or not all(isinstance(n, str) for n in names)
    ):
        raise fail("names", "a pair of str (the names of A and B)", names, error=TypeError)
    if names[0] == names[1]:
        raise fail("names", "two different names", list(names))
    return tuple(names)


def paired_scores(
    scores_a: ArrayLike,
    scores_b: ArrayLike,
    *,
    n_train: int,
    n_test: int,
    names: Sequence[str] | None = None,
    metric: str = "score",
) -> PairedScores:
    """Check paired per-split scores by computing the corrected resampled t-test once.

    Parameters
    ----------
    scores_a, scores_b : array_like, shape (J,)
        As in :func:`~patterneval.compare.corrected_resampled_ttest`.
    n_train, n_test : int, keyword-only
    names : pair of str, optional, keyword-only
        Default ``("A", "B")``.
    metric : str, default "score", keyword-only
        What the scores are (for the axis label).

    Returns
    -------
    PairedScores

    Examples
    --------
    >>> from patterneval._explore import paired_scores
    >>> paired_scores([0.8, 0.9, 0.85], [0.7, 0.9, 0.8], n_train=90, n_test=10).names
    ('A', 'B')
    """
    from .compare import corrected_resampled_ttest

    names = _check_names(names, ("A", "B"))
    res = corrected_resampled_ttest(scores_a, scores_b, n_train=n_train, n_test=n_test)
    a = np.asarray(scores_a, dtype=float)
    return PairedScores(
        scores_a=a,
        scores_b=a - res.differences,
        n_train=n_train,
        n_test=n_test,
        names=names,
        metric=metric,
    )


def paired_cv_scores(
    estimator_a: Any,
    estimator_b: Any,
    X: Any,
    y: ArrayLike,
    *,
    cv: Any = None,
    metric: Any = "accuracy",
    rng: int | np.random.Generator | None = None,
    names: Sequence[str] | None = None,
) -> PairedScores:
    """:func:`~patterneval.compare.cv_scores` of two estimators on the same splits (each
    fitted once per split), checked by computing the corrected resampled t-test once.

    Parameters
    ----------
    estimator_a, estimator_b : estimator
        Unfitted scikit-learn-compatible classifiers (cloned for every split).
    X, y, cv, metric, rng
        As in :func:`~patterneval.compare.cv_scores`.
    names : pair of str, optional, keyword-only
        Default the class names (" (2)" appended to a repeated one).

    Returns
    -------
    PairedScores

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from patterneval._explore import paired_cv_scores
    >>> X, y = load_iris(return_X_y=True)
    >>> res = paired_cv_scores(GaussianNB(), DecisionTreeClassifier(random_state=0), X, y, cv=5, rng=0)
    >>> res.names, res.scores_a.shape, float(res.n_train)
    (('GaussianNB', 'DecisionTreeClassifier'), (5,), 120.0)
    """
    from .compare import corrected_resampled_ttest, cv_scores

    for argument, est in (("estimator_a", estimator_a), ("estimator_b", estimator_b)):
        check_estimator(argument, est, methods=("fit", "get_params"))
    names = _check_names(names, None) if names is not None else None
    estimators = (
        [estimator_a, estimator_b]
        if names is None
        else dict(zip(names, (estimator_a, estimator_b)))
    )
    res = cv_scores(estimators, X, y, cv=cv, metric=metric, rng=rng)
    corrected_resampled_ttest(res)  # refuses scores without spread, naming the problem
    return PairedScores(
        scores_a=res.scores[:, 0],
        scores_b=res.scores[:, 1],
        n_train=float(np.mean(res.n_train)),
        n_test=float(np.mean(res.n_test)),
        names=tuple(res.names),
        metric=res.metric,
        cv_scores=res,
    )


def two_classifier_tests(data: PairedScores, *, rope: float) -> tuple[Any, Any]:
    """The corrected resampled t-test and the Bayesian correlated t-test with ``rope`` of
    the paired scores (the :class:`~patterneval.compare.CVScores` whole when there is one).

    Parameters
    ----------
    data : PairedScores
    rope : float >= 0, keyword-only

    Returns
    -------
    tuple
        (:class:`~patterneval.compare.CorrectedTTest`,
        :class:`~patterneval.compare.BayesianCorrelatedTTest`).

    Examples
    --------
    >>> from patterneval._explore import paired_scores, two_classifier_tests
    >>> data = paired_scores([0.8, 0.9, 0.85], [0.7, 0.9, 0.8], n_train=90, n_test=10)
    >>> t, bayes = two_classifier_tests(data, rope=0.01)
    >>> round(t.mean_difference, 4), round(bayes.p_a_better + bayes.p_rope + bayes.p_b_better, 12)
    (0.05, 1.0)
    """
    from .compare import bayesian_correlated_ttest, corrected_resampled_ttest

    if data.cv_scores is not None:
        return corrected_resampled_ttest(data.cv_scores), bayesian_correlated_ttest(
            data.cv_scores, rope=rope
        )
    sizes = dict(n_train=data.n_train, n_test=data.n_test)
    return (
        corrected_resampled_ttest(data.scores_a, data.scores_b, **sizes),
        bayesian_correlated_ttest(data.scores_a, data.scores_b, rope=rope, **sizes),
    )


def corrected_t_interval(result: Any, alpha: float) -> tuple[float, float]:
    """The (1 - alpha) interval of the mean difference from a
    :class:`~patterneval.compare.CorrectedTTest`: ``mean_difference +- t_{J-1}(1 - alpha/2) *
    std_error``. It excludes 0 exactly when the test rejects at ``alpha``.

    Parameters
    ----------
    result : CorrectedTTest
    alpha : float in (0, 1)

    Returns
    -------
    tuple of float
        (low, high).

    Examples
    --------
    >>> from patterneval.compare import corrected_resampled_ttest
    >>> from patterneval._explore import corrected_t_interval
    >>> res = corrected_resampled_ttest([0.8, 0.9, 0.85], [0.7, 0.9, 0.8], n_train=90, n_test=10)
    >>> low, high = corrected_t_interval(res, 0.05)
    >>> bool(low < res.mean_difference < high)
    True
    """
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    half = float(stats.t.ppf(1 - alpha / 2, result.df)) * result.std_error
    return result.mean_difference - half, result.mean_difference + half


# ---------------------------------------------------------------- cluster stability
@dataclasses.dataclass(frozen=True, repr=False)
class StabilityOverK(Result):
    """Cluster-wise stability of one clusterer for several k, and the gap statistic.

    Attributes
    ----------
    k_values : ndarray of int
    stability : dict
        k -> :class:`~patterneval.ClusterStability` of the clusterer with ``n_clusters=k``.
    gap : GapStatistic or None
        :func:`~patterneval.gap_statistic` over 1 and ``k_values``; None if not asked.
    projection : ndarray, shape (n_samples, 2)
        The data in two dimensions: ``X`` itself with two columns, its first two principal
        components with more, the one column against 0 with one.
    axis_labels : tuple of str
    method : str
    n_resamples : int
    """

    k_values: np.ndarray
    stability: dict = dataclasses.field(repr=False)
    gap: Any = dataclasses.field(repr=False)
    projection: np.ndarray = dataclasses.field(repr=False)
    axis_labels: tuple
    method: str
    n_resamples: int


def stability_over_k(
    X: ArrayLike,
    clusterer: Any,
    k_values: Sequence[int],
    *,
    n_resamples: int = 50,
    method: str = "bootstrap",
    n_references: int | None = 10,
    rng: int | np.random.Generator | None = None,
) -> StabilityOverK:
    """:func:`~patterneval.cluster_stability` of ``clusterer`` with ``n_clusters=k`` for every
    k of ``k_values`` (each with the same ``rng``), and :func:`~patterneval.gap_statistic`.

    Parameters
    ----------
    X : array_like, shape (n_samples, n_features)
    clusterer : estimator with an ``n_clusters`` parameter
        Such as ``KMeans(n_init=10)``; cloned for every fit.
    k_values : sequence of int
        Strictly increasing, each in [2, n_samples - 1].
    n_resamples : int, default 50, keyword-only
    method : {"bootstrap", "subsample", "noise"}, keyword-only
    n_references : int or None, default 10, keyword-only
        Reference sets of the gap statistic; None skips it.
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    StabilityOverK

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.cluster import KMeans
    >>> from patterneval._explore import stability_over_k
    >>> X = np.r_[np.zeros((10, 2)), np.full((10, 2), 5.0)] + np.random.default_rng(0).normal(size=(20, 2))
    >>> res = stability_over_k(X, KMeans(n_init=2), [2, 3], n_resamples=3, n_references=None, rng=0)
    >>> res.stability[2].stability.round(2).tolist()
    [1.0, 1.0]
    """
    from sklearn.base import clone

    from .cluster.stability import cluster_stability, gap_statistic
    from .decomposition import PCA

    X = check_array("X", X, ndim=2, shape_hint="(n_samples, n_features)")
    check_estimator(
        "clusterer",
        clusterer,
        methods=("fit", "get_params"),
        example="KMeans(n_init=10)",
        role="clusterer",
    )
    if "n_clusters" not in clusterer.get_params():
        raise fail(
            "clusterer",
            "a clusterer with an n_clusters parameter (e.g. KMeans(n_init=10))",
            f"{type(clusterer).__name__}, which has none",
            error=TypeError,
            echo=False,
        )
    if isinstance(k_values, (int, np.integer)):
        raise fail(
            "k_values",
            "a sequence of numbers of clusters (e.g. range(2, 7))",
            k_values,
            error=TypeError,
        )
    k_values = check_grid(
        "k_values", k_values, integer=True, low=2, high=X.shape[0] - 1, high_name="n_samples - 1"
    )
    if n_references is not None:
        n_references = check_scalar("n_references", n_references, int, low=1)
    seed = rng if not isinstance(rng, np.random.Generator) else int(rng.integers(2**31 - 1))
    stability = {
        int(k): cluster_stability(
            X,
            clone(clusterer).set_params(n_clusters=int(k)),
            n_resamples=n_resamples,
            method=method,
            rng=seed,
        )
        for k in k_values
    }
    gap = (
        None
        if n_references is None
        else gap_statistic(
            X, clusterer, sorted({1, *k_values.tolist()}), n_references=n_references, rng=seed
        )
    )
    if X.shape[1] > 2:
        projection = PCA(n_components=2).fit_transform(X)
        axis_labels = ("principal component 1", "principal component 2")
    elif X.shape[1] == 2:
        projection, axis_labels = X, ("feature 0", "feature 1")
    else:
        projection, axis_labels = np.c_[X[:, 0], np.zeros(X.shape[0])], ("feature 0", "")
    first = stability[int(k_values[0])]
    return StabilityOverK(
        k_values=k_values,
        stability=stability,
        gap=gap,
        projection=projection,
        axis_labels=axis_labels,
        method=first.method,
        n_resamples=int(first.jaccard.shape[1]),
    )
