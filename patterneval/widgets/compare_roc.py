"""Explorer of the chapter "ROC and AUC with intervals"."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from .._explore import RocData, estimator_scores, nearest, roc_data
from ..plotting.compare_roc import RocPainter, RocThresholdPainter
from ._base import Explorer, float_slider, int_slider, selection_slider

__all__ = ["RocExplorer"]


def _estimator_name(estimator: Any) -> str:
    """The class name of ``estimator``, or of a pipeline's last step."""
    steps = getattr(estimator, "steps", None)
    return type(steps[-1][1] if steps else estimator).__name__


class RocExplorer(Explorer):
    """Sliders for the class overlap (the true AUC of the binormal model), the sample size
    per class and the confidence level over :class:`~patterneval.plotting.compare_roc.RocPainter`.

    A fixed seed: a move changes the model, not the noise.

    Two more constructors show the user's data instead, in scikit-learn's Display style
    (``RocCurveDisplay.from_predictions`` / ``.from_estimator``):
    :meth:`from_predictions` (labels and scores) and :meth:`from_estimator` (a fitted
    classifier scored on a test set). They return a ``RocExplorer`` with one threshold
    slider over :class:`~patterneval.plotting.compare_roc.RocThresholdPainter`: the ROC
    curve with its DeLong band and AUC interval, the operating point (TPR, FPR) and the
    confusion counts at the threshold. The book's synthetic constructor above is
    unchanged.

    Parameters
    ----------
    auc : float in [0.5, 0.99], default 0.8, keyword-only
        Initial true AUC of the binormal model.
    n : int in [5, 500], default 50, keyword-only
        Initial sample size per class.
    confidence_level : float in [0.5, 0.99], default 0.95, keyword-only
        Initial level of the DeLong interval.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the samples.
    """

    painter = RocPainter
    data: RocData  # the user's data, on an explorer made by a from_* method
    chapter = "book/part5/roc-auc"
    caption = (
        "Class overlap and the ROC curve: the score densities, the sample's ROC curve with the "
        "band of binormal curves spanned by its DeLong interval, and the intervals of 30 more "
        "samples against the true AUC; sliders set the true AUC, n per class and the level."
    )

    def __init__(
        self,
        *,
        auc: float = 0.8,
        n: int = 50,
        confidence_level: float = 0.95,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        controls = {
            "auc": float_slider("true AUC (overlap)", auc, 0.5, 0.99, 0.01),
            "n": int_slider("n per class", n, 5, 500, 5),
            "confidence_level": float_slider("confidence level", confidence_level, 0.5, 0.99, 0.01),
        }
        super().__init__(controls, fixed={"rng": rng}, width=10.0, height=3.4)

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        pos_label: Any = None,
        name: str | None = None,
        confidence_level: float = 0.95,
        threshold: float | None = None,
    ) -> RocExplorer:
        """The explorer of a ROC curve on the user's labels and scores.

        The ROC curve (:func:`~patterneval.compare.roc_curve`) and the DeLong interval of
        its AUC (:func:`~patterneval.compare.delong_interval`, logit transform) are
        computed once; a threshold slider, whose stops are the distinct scores (at most
        201, evenly by rank), moves the operating point "positive if score >= threshold"
        along the curve and updates its confusion counts. A perfect separation has no
        DeLong interval (its variance is 0): the curve is drawn without a band and the
        title says so.

        Parameters
        ----------
        y_true : array_like, shape (n_samples,)
            Two classes, at least two samples of each.
        y_score : array_like, shape (n_samples,)
            Finite scores, larger meaning more likely positive (a probability of the
            positive class, a decision function).
        pos_label : label, optional, keyword-only
            The positive class; by default 1 for labels in {0, 1} or {-1, 1}, else the
            greater label.
        name : str, optional, keyword-only
            Label of the curve (default ``"classifier"``).
        confidence_level : float in (0, 1), default 0.95, keyword-only
            Of the DeLong interval.
        threshold : float, optional, keyword-only
            Initial threshold, moved to the nearest stop; default 0.5 when every score lies
            in [0, 1] (probabilities), else 0.

        Returns
        -------
        RocExplorer

        Examples
        --------
        >>> from patterneval.widgets import RocExplorer
        >>> explorer = RocExplorer.from_predictions([0, 0, 0, 1, 1, 1], [0.1, 0.3, 0.6, 0.4, 0.7, 0.9])
        >>> explorer
        RocExplorer(threshold=0.4)
        >>> explorer.controls["threshold"].value = 0.7  # a slider move
        >>> explorer.painter.ax_cm.get_title()
        'TPR 0.667, FPR 0.000'
        """
        data = roc_data(
            y_true, y_score, pos_label=pos_label, confidence_level=confidence_level, name=name
        )
        return cls._on_data(
            data, threshold, 0.5 if data.scores.min() >= 0 and data.scores.max() <= 1 else 0.0
        )

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: ArrayLike,
        *,
        response_method: Literal["auto", "predict_proba", "decision_function"] = "auto",
        pos_label: Any = None,
        name: str | None = None,
        confidence_level: float = 0.95,
        threshold: float | None = None,
    ) -> RocExplorer:
        """The explorer of a fitted classifier's ROC curve on ``X, y``.

        As scikit-learn's ``RocCurveDisplay.from_estimator``: the estimator is not fitted
        here, it scores ``X``, which should be a held-out test set (scores on the training
        data give an optimistic curve and interval). Then as :meth:`from_predictions`.

        Parameters
        ----------
        estimator : fitted binary classifier
            With ``classes_`` and ``predict_proba`` or ``decision_function``.
        X : array_like, shape (n_samples, n_features)
            Test samples, passed to the estimator unchanged.
        y : array_like, shape (n_samples,)
            Their true classes.
        response_method : {"auto", "predict_proba", "decision_function"}, keyword-only
            ``"auto"`` tries ``predict_proba`` first.
        pos_label : label, optional, keyword-only
            The positive class, default ``estimator.classes_[1]``.
        name : str, optional, keyword-only
            Label of the curve, default the estimator's class name (of a pipeline's last
            step).
        confidence_level : float in (0, 1), default 0.95, keyword-only
            Of the DeLong interval.
        threshold : float, optional, keyword-only
            Initial threshold (nearest stop); default 0.5 for ``predict_proba``, 0 for
            ``decision_function`` (the estimator's own ``predict``).

        Returns
        -------
        RocExplorer

        Examples
        --------
        >>> from sklearn.datasets import load_breast_cancer
        >>> from sklearn.linear_model import LogisticRegression
        >>> from sklearn.model_selection import train_test_split
        >>> from sklearn.pipeline import make_pipeline
        >>> from sklearn.preprocessing import StandardScaler
        >>> from patterneval.widgets import RocExplorer
        >>> X, y = load_breast_cancer(return_X_y=True)
        >>> X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
        >>> model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_train, y_train)
        >>> explorer = RocExplorer.from_estimator(model, X_test, y_test)
        >>> explorer.data.name, explorer.painter.ax_roc.get_title()
        ('LogisticRegression', 'AUC 0.991, 95% DeLong CI [0.966, 0.998]')
        """
        y, scores, pos_label, method = estimator_scores(
            estimator, X, y, response_method=response_method, pos_label=pos_label
        )
        if name is None:
            name = _estimator_name(estimator)
        data = roc_data(
            y,
            scores,
            pos_label=pos_label,
            confidence_level=confidence_level,
            name=name,
            names=("y", f"estimator.{method}(X)"),
        )
        return cls._on_data(data, threshold, 0.5 if method == "predict_proba" else 0.0)

    @classmethod
    def _on_data(cls, data, threshold, default: float) -> RocExplorer:
        from .._validation import check_scalar

        start = default if threshold is None else check_scalar("threshold", threshold, float)
        stops = data.thresholds
        labels = [f"{t:.4g}" for t in stops]
        if len(set(labels)) < len(labels):
            labels = [repr(float(t)) for t in stops]
        self = cls.__new__(cls)
        self.data = data
        self.caption = (
            f"The ROC curve of {data.name} on the data given, with the band of binormal curves spanned "
            f"by the DeLong interval of its AUC; the threshold slider moves the operating point and "
            f"its confusion counts."
        )
        controls = {
            "threshold": selection_slider(
                "threshold", list(zip(labels, stops.tolist())), nearest(stops, start)
            )
        }
        Explorer.__init__(
            self,
            controls,
            fixed={"data": data},
            width=10.0,
            height=3.6,
            painter=RocThresholdPainter,
        )
        return self
