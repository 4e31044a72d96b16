"""Explorer of the chapter "Calibration and intervals for any metric"."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from .._explore import CalibrationData, calibration_data, estimator_scores
from .._validation import check_choice, check_scalar
from ..compare.calibration import BINNING
from ..plotting.compare_calibration import ReliabilityDataPainter, ReliabilityPainter
from ._base import Explorer, float_slider, int_slider, toggle_buttons
from .compare_roc import _estimator_name

__all__ = ["CalibrationExplorer"]


class CalibrationExplorer(Explorer):
    """Sliders for the miscalibration (slope and shift of the forecaster's log-odds), the
    sample size and the number of bins over
    :class:`~patterneval.plotting.compare_calibration.ReliabilityPainter`.

    A fixed seed: a move changes the forecaster, not the noise.

    Two more constructors show the user's forecasts instead, in scikit-learn's Display
    style (``CalibrationDisplay.from_predictions`` / ``.from_estimator``):
    :meth:`from_predictions` (outcomes and probabilities) and :meth:`from_estimator` (a
    fitted classifier's ``predict_proba`` on a test set). They return a
    ``CalibrationExplorer`` with a bins slider and a strategy toggle over
    :class:`~patterneval.plotting.compare_calibration.ReliabilityDataPainter`: the
    reliability diagram, the ECE and the Brier decomposition on the chosen bins. The book's
    synthetic constructor above is unchanged.

    Parameters
    ----------
    slope : float in [0.25, 4], default 2.0, keyword-only
        Initial slope a of the forecaster's log-odds (a > 1 over-confident).
    shift : float in [-2, 2], default 0.0, keyword-only
        Initial shift b of the log-odds.
    n : int in [100, 20000], default 2000, keyword-only
        Initial number of forecasts.
    n_bins : int in [2, 50], default 15, keyword-only
        Initial number of bins.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the forecasts.
    """

    painter = ReliabilityPainter
    data: CalibrationData  # the user's data, on an explorer made by a from_* method
    chapter = "book/part5/calibration"
    caption = (
        "Miscalibration and the reliability diagram: binned observed frequencies against mean "
        "forecasts, the true calibration curve and the ECE beside its true value and its noise "
        "floor; sliders set the forecaster's slope and shift, n and the number of bins."
    )

    def __init__(
        self,
        *,
        slope: float = 2.0,
        shift: float = 0.0,
        n: int = 2000,
        n_bins: int = 15,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        controls = {
            "slope": float_slider("slope (>1 over-confident)", slope, 0.25, 4.0, 0.05),
            "shift": float_slider("shift", shift, -2.0, 2.0, 0.1),
            "n": int_slider("n", n, 100, 20_000, 100),
            "n_bins": int_slider("bins", n_bins, 2, 50),
        }
        super().__init__(controls, fixed={"rng": rng}, width=9.0, height=3.8)

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_prob: ArrayLike,
        *,
        n_bins: int = 10,
        strategy: Literal["uniform", "quantile"] = "uniform",
        pos_label: Any = None,
        name: str | None = None,
    ) -> CalibrationExplorer:
        """The explorer of the reliability diagram of the user's probabilities.

        Each move bins the forecasts again and calls
        :func:`~patterneval.compare.expected_calibration_error` (ECE, MCE, the bins) and
        :func:`~patterneval.compare.brier_decomposition` (reliability, resolution,
        uncertainty and the binning residual) with the slider's ``n_bins`` and the toggle's
        ``strategy``: how much of the ECE is the binning's.

        Parameters
        ----------
        y_true : array_like, shape (n_samples,)
            Binary outcomes.
        y_prob : array_like, shape (n_samples,)
            Probabilities of the positive class, in [0, 1].
        n_bins : int in [2, 50], default 10, keyword-only
            Initial number of bins.
        strategy : {"uniform", "quantile"}, default "uniform", keyword-only
            Initial binning: equal widths or equal counts.
        pos_label : label, optional, keyword-only
            The positive class; by default 1 for labels in {0, 1} or {-1, 1}, else the
            greater label.
        name : str, optional, keyword-only
            The forecaster's name in the title (default ``"classifier"``).

        Returns
        -------
        CalibrationExplorer

        Examples
        --------
        >>> from patterneval.widgets import CalibrationExplorer
        >>> y, p = [0, 0, 1, 1, 0, 1, 1, 0], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.5]
        >>> explorer = CalibrationExplorer.from_predictions(y, p, n_bins=2)
        >>> explorer
        CalibrationExplorer(n_bins=2, strategy='uniform')
        >>> explorer.painter.ax_rel.get_title()
        'classifier: ECE 0.156, MCE 0.233'
        """
        n_bins = check_scalar("n_bins", n_bins, int, low=2, high=50)
        strategy = check_choice("strategy", strategy, BINNING)
        data = calibration_data(y_true, y_prob, pos_label=pos_label, name=name)
        return cls._on_data(data, n_bins, strategy)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: ArrayLike,
        *,
        n_bins: int = 10,
        strategy: Literal["uniform", "quantile"] = "uniform",
        pos_label: Any = None,
        name: str | None = None,
    ) -> CalibrationExplorer:
        """The explorer of a fitted classifier's reliability diagram on ``X, y``.

        As scikit-learn's ``CalibrationDisplay.from_estimator``: the estimator is not
        fitted here; its ``predict_proba`` of the positive class on ``X``, which should be
        a held-out test set, are the forecasts. Then as :meth:`from_predictions`.

        Parameters
        ----------
        estimator : fitted binary classifier
            With ``classes_`` and ``predict_proba``.
        X : array_like, shape (n_samples, n_features)
            Test samples, passed to the estimator unchanged.
        y : array_like, shape (n_samples,)
            Their true classes.
        n_bins : int in [2, 50], default 10, keyword-only
            Initial number of bins.
        strategy : {"uniform", "quantile"}, default "uniform", keyword-only
            Initial binning.
        pos_label : label, optional, keyword-only
            The positive class, default ``estimator.classes_[1]``.
        name : str, optional, keyword-only
            Default the estimator's class name (of a pipeline's last step).

        Returns
        -------
        CalibrationExplorer

        Examples
        --------
        >>> from sklearn.datasets import load_breast_cancer
        >>> from sklearn.model_selection import train_test_split
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from patterneval.widgets import CalibrationExplorer
        >>> X, y = load_breast_cancer(return_X_y=True)
        >>> X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
        >>> explorer = CalibrationExplorer.from_estimator(GaussianNB().fit(X_train, y_train), X_test, y_test)
        >>> explorer.painter.ax_rel.get_title()[:16]
        'GaussianNB: ECE '
        """
        n_bins = check_scalar("n_bins", n_bins, int, low=2, high=50)
        strategy = check_choice("strategy", strategy, BINNING)
        if not callable(getattr(estimator, "predict_proba", None)) and callable(
            getattr(estimator, "fit", None)
        ):
            raise TypeError(
                f"estimator must have predict_proba (a calibration diagram needs probabilities); "
                f"got {type(estimator).__name__}, which has none."
            )
        y, proba, pos_label, _ = estimator_scores(
            estimator, X, y, response_method="predict_proba", pos_label=pos_label
        )
        data = calibration_data(
            y,
            proba,
            pos_label=pos_label,
            name=name or _estimator_name(estimator),
            names=("y", "estimator.predict_proba(X)"),
        )
        return cls._on_data(data, n_bins, strategy)

    @classmethod
    def _on_data(cls, data, n_bins: int, strategy: str) -> CalibrationExplorer:
        self = cls.__new__(cls)
        self.data = data
        self.caption = (
            f"The reliability diagram of {data.name} on the data given, with its ECE and the Brier "
            f"decomposition on the same bins; the sliders set the number of bins and the binning."
        )
        controls = {
            "n_bins": int_slider("bins", n_bins, 2, 50),
            "strategy": toggle_buttons("binning", list(BINNING), strategy),
        }
        Explorer.__init__(
            self,
            controls,
            fixed={"data": data},
            width=9.0,
            height=3.9,
            painter=ReliabilityDataPainter,
        )
        return self
