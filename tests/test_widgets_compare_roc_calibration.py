"""Painters and explorers of Part V's chapters "ROC and AUC with intervals" and
"Calibration and intervals for any metric"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.book.calibration import miscalibrated_forecasts
from patterneval.book.roc_auc import binormal_roc, binormal_scores
from patterneval.compare.calibration import expected_calibration_error
from patterneval.compare.out_of_fold import bbc_from_predictions
from patterneval.compare.roc import delong_interval, roc_curve
from patterneval.plotting import new_figure
from patterneval.plotting.compare_calibration import draw_reliability, plot_bbc, plot_reliability
from patterneval.plotting.compare_roc import draw_roc, plot_delong_coverage, plot_roc_curves
from patterneval.widgets import CalibrationExplorer, RocExplorer


def test_roc_painter_draws_the_library_values():
    fig = draw_roc(new_figure(width=10), auc=0.8, n=40, confidence_level=0.9, rng=3)
    _, ax_roc, ax_rep = fig.axes
    y, s = binormal_scores(0.8, 40, 40, rng=3)
    curve = roc_curve(y, s)
    emp = [line for line in ax_roc.lines if line.get_label() == "sample"][0]
    np.testing.assert_array_equal(emp.get_xdata(), curve.fpr)
    res = delong_interval(y, s, confidence_level=0.9)
    assert f"[{res.low:.3f}, {res.high:.3f}]" in ax_roc.get_title()
    true = [line for line in ax_roc.lines if line.get_label() == "true"][0]
    np.testing.assert_allclose(true.get_ydata(), binormal_roc(true.get_xdata(), 0.8))
    assert "of 30 intervals cover 0.80" in ax_rep.get_title()


def test_reliability_painter_draws_the_library_values():
    fig = draw_reliability(new_figure(), slope=2.0, shift=0.3, n=800, n_bins=8, rng=1)
    ax_rel, _ = fig.axes
    data = miscalibrated_forecasts(800, slope=2.0, shift=0.3, rng=1)
    res = expected_calibration_error(data.y, data.forecast, n_bins=8)
    np.testing.assert_allclose(
        ax_rel.collections[-1].get_offsets(), np.c_[res.mean_predicted, res.observed]
    )
    assert f"ECE {res.statistic:.3f} (true {data.true_error:.3f}" in ax_rel.get_title()


@pytest.mark.parametrize(
    "cls, moves",
    [
        (RocExplorer, dict(auc=0.9, n=120, confidence_level=0.8)),
        (CalibrationExplorer, dict(slope=0.6, shift=-0.5, n=500, n_bins=5)),
    ],
)
def test_explorer_redraws_on_each_move(cls, moves):
    explorer = cls()
    previous = png(explorer)
    assert previous.startswith(b"\x89PNG")
    for name, value in moves.items():
        explorer.controls[name].value = value
        current = png(explorer)
        assert current != previous
        previous = current
    assert repr(explorer).startswith(cls.__name__ + "(")


@pytest.mark.parametrize("cls", [RocExplorer, CalibrationExplorer])
def test_slider_ranges_stay_valid(cls):
    explorer = cls()
    for control in explorer.controls.values():
        for value in (control.min, control.max):
            control.value = value
            assert png(explorer).startswith(b"\x89PNG")


# Slider latency is measured in benchmarks/bench_errorrate.py (c), never asserted in a unit
# test: a loaded runner makes a timed assertion fail with nothing wrong.


def test_static_figures():
    y, s = binormal_scores(0.8, 30, 40, rng=0)
    fig = plot_roc_curves(y, {"a": s, "b": -s})
    assert len(fig.axes[0].get_legend().get_texts()) == 2
    fig = plot_delong_coverage([0.7, 0.9], 10, 10, n_datasets=50)
    assert len(fig.axes[0].lines) >= 3
    f = miscalibrated_forecasts(300, slope=2.0, rng=0)
    fig = plot_reliability(f.y, {"forecast": f.forecast, "truth": f.probability}, n_bins=5)
    assert "ECE" in fig.axes[0].get_legend().get_texts()[0].get_text()
    # configurations that are not perfect: a perfect one has out-of-bag scores without spread,
    # which bbc_from_predictions refuses
    res = bbc_from_predictions(
        f.y, np.stack([(f.forecast > 0.5).astype(int), 1 - f.y]), n_resamples=20, rng=0
    )
    assert plot_bbc(res).axes[0].get_ylabel() == "accuracy"


# ------------------------------------------------------------------ on the user's data
import functools  # noqa: E402

from _helpers import assert_explorer_displays, assert_redraws  # noqa: E402
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import confusion_matrix  # noqa: E402
from sklearn.model_selection import train_test_split  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.svm import LinearSVC  # noqa: E402

import patterneval as pe  # noqa: E402
from patterneval._explore import operating_point  # noqa: E402


@functools.cache
def _cancer():
    """A held-out test set of breast cancer and two classifiers fitted on the rest."""
    X, y = load_breast_cancer(return_X_y=True)
    X = (X - X.mean(0)) / X.std(0)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.4, random_state=0)
    logistic = LogisticRegression(C=0.05).fit(X_train, y_train)
    bayes = GaussianNB().fit(X_train, y_train)
    return X_test, y_test, logistic, bayes


def test_roc_from_predictions_shows_the_library_values():
    X, y, model, _ = _cancer()
    s = model.predict_proba(X)[:, 1]
    explorer = RocExplorer.from_predictions(y, s, name="logistic", confidence_level=0.9)
    res = pe.delong_interval(y, s, confidence_level=0.9)
    shown = explorer.data.interval
    assert (shown.statistic, shown.low, shown.high, shown.std_error) == (
        res.statistic,
        res.low,
        res.high,
        res.std_error,
    )
    title = explorer.painter.ax_roc.get_title()
    assert title == f"AUC {res.statistic:.3f}, 90% DeLong CI [{res.low:.3f}, {res.high:.3f}]"
    curve = pe.roc_curve(y, s)
    np.testing.assert_array_equal(explorer.painter.curve.get_xdata(), curve.fpr)
    np.testing.assert_array_equal(explorer.painter.curve.get_ydata(), curve.tpr)
    assert explorer.values == {"threshold": pytest.approx(0.5, abs=0.05)}
    stops = explorer.data.thresholds
    assert np.all(np.diff(stops) > 0) and stops.size <= 201 and set(stops) <= set(s)
    for t in (stops[10], stops[len(stops) // 2], stops[-5]):
        explorer.controls["threshold"].value = t
        (tn, fp), (fn, tp) = confusion_matrix(y, (s >= t).astype(int))
        point = operating_point(y == 1, s, t)
        assert (point.tp, point.fp, point.fn, point.tn) == (tp, fp, fn, tn)
        texts = [[c.get_text() for c in row] for row in explorer.painter.counts]
        assert texts == [[str(tp), str(fn)], [str(fp), str(tn)]]
        assert explorer.painter.point.get_xdata()[0] == fp / (fp + tn)
        assert explorer.painter.point.get_ydata()[0] == tp / (tp + fn)
        assert (
            explorer.painter.ax_cm.get_title()
            == f"TPR {tp / (tp + fn):.3f}, FPR {fp / (fp + tn):.3f}"
        )
    assert_redraws(explorer, {"threshold": stops[0]})
    assert_explorer_displays(explorer)


def test_roc_from_estimator_is_from_predictions_of_its_scores():
    X, y, model, _ = _cancer()
    explorer = RocExplorer.from_estimator(model, X, y)
    direct = RocExplorer.from_predictions(y, model.predict_proba(X)[:, 1])
    assert explorer.painter.ax_roc.get_title() == direct.painter.ax_roc.get_title()
    assert explorer.data.name == "LogisticRegression"
    # decision function: threshold 0 is the estimator's own predict
    explorer = RocExplorer.from_estimator(model, X, y, response_method="decision_function")
    t = explorer.values["threshold"]
    assert abs(t) == min(abs(explorer.data.thresholds))
    # the other class as positive: the scores flip, the AUC is the same
    flipped = RocExplorer.from_estimator(model, X, y, pos_label=0)
    assert flipped.data.interval.statistic == pytest.approx(
        direct.data.interval.statistic, abs=1e-12
    )
    assert flipped.data.pos_label == 0


def test_roc_from_predictions_string_labels_and_perfect_separation():
    y = np.array(["benign", "malignant"] * 10)
    s = np.where(y == "malignant", 1.0, 0.0) + np.linspace(0, 0.5, 20)
    explorer = RocExplorer.from_predictions(y, s, pos_label="malignant")
    assert explorer.data.interval is None
    assert "perfect separation" in explorer.painter.ax_roc.get_title()
    assert explorer.values["threshold"] in set(explorer.data.thresholds)
    assert_redraws(explorer, {"threshold": float(explorer.data.thresholds[-1])})


def test_calibration_from_predictions_shows_the_library_values():
    X, y, _, bayes = _cancer()
    p = bayes.predict_proba(X)[:, 1]
    explorer = CalibrationExplorer.from_predictions(y, p, n_bins=8, name="naive Bayes")
    for n_bins, strategy in ((8, "uniform"), (5, "uniform"), (5, "quantile"), (20, "quantile")):
        explorer.controls["n_bins"].value = n_bins
        explorer.controls["strategy"].value = strategy
        res = pe.expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy)
        brier = pe.brier_decomposition(y, p, n_bins=n_bins, strategy=strategy)
        np.testing.assert_array_equal(
            explorer.painter.points.get_offsets(), np.c_[res.mean_predicted, res.observed]
        )
        assert explorer.painter.ax_rel.get_title() == (
            f"naive Bayes: ECE {res.statistic:.3f}, MCE {res.max_error:.3f}"
        )
        title = explorer.painter.ax_hist.get_title()
        assert f"Brier {brier.brier:.4f} = REL {brier.reliability:.4f}" in title
        assert f"UNC {brier.uncertainty:.4f}" in title and f"({n_bins} {strategy} bins)" in title
    explorer = CalibrationExplorer.from_predictions(y, p)
    assert explorer.values == {"n_bins": 10, "strategy": "uniform"}
    assert_redraws(explorer, {"n_bins": 4, "strategy": "quantile"})
    assert_explorer_displays(explorer)


def test_calibration_from_estimator_is_from_predictions_of_its_probabilities():
    X, y, _, bayes = _cancer()
    explorer = CalibrationExplorer.from_estimator(bayes, X, y, n_bins=6, strategy="quantile")
    direct = CalibrationExplorer.from_predictions(
        y, bayes.predict_proba(X)[:, 1], n_bins=6, strategy="quantile", name="GaussianNB"
    )
    assert explorer.painter.ax_rel.get_title() == direct.painter.ax_rel.get_title()
    assert explorer.painter.ax_hist.get_title() == direct.painter.ax_hist.get_title()
    flipped = CalibrationExplorer.from_estimator(bayes, X, y, pos_label=0)
    np.testing.assert_allclose(flipped.data.proba, bayes.predict_proba(X)[:, 0])


@pytest.mark.parametrize("make", ["roc", "roc_estimator", "calibration", "calibration_estimator"])
def test_every_control_of_the_data_explorers_changes_the_drawing(make):
    from test_widgets_controls import _dead_controls

    X, y, model, bayes = _cancer()
    explorer = {
        "roc": lambda: RocExplorer.from_predictions(y, model.decision_function(X)),
        "roc_estimator": lambda: RocExplorer.from_estimator(model, X, y),
        "calibration": lambda: CalibrationExplorer.from_predictions(
            y, bayes.predict_proba(X)[:, 1]
        ),
        "calibration_estimator": lambda: CalibrationExplorer.from_estimator(model, X, y),
    }[make]()
    assert not _dead_controls(type(explorer).__name__, explorer)


def _roc_rows():
    X, y, model, _ = _cancer()
    s = model.predict_proba(X)[:, 1]
    svc = LinearSVC().fit(X, y)
    three = LogisticRegression().fit(X[:90], np.arange(90) % 3)
    return [
        (RocExplorer.from_predictions, (np.arange(y.size) % 3, s), {}, ValueError, "y_true"),
        (RocExplorer.from_predictions, (y, s[:-1]), {}, ValueError, "y_score"),
        (RocExplorer.from_predictions, (y, np.r_[np.nan, s[1:]]), {}, ValueError, "y_score"),
        (RocExplorer.from_predictions, (y, np.c_[s, s]), {}, ValueError, "y_score"),
        (
            RocExplorer.from_predictions,
            (np.r_[1, np.zeros(20)], np.arange(21.0)),
            {},
            ValueError,
            "y_true",
        ),
        (
            RocExplorer.from_predictions,
            (y, s),
            {"confidence_level": 1.5},
            ValueError,
            "confidence_level",
        ),
        (RocExplorer.from_predictions, (y, s), {"pos_label": 7}, ValueError, "pos_label"),
        (RocExplorer.from_predictions, (y, s), {"name": 3}, TypeError, "name"),
        (RocExplorer.from_predictions, (y, s), {"threshold": "half"}, TypeError, "threshold"),
        (RocExplorer.from_estimator, (LogisticRegression(), X, y), {}, ValueError, "estimator"),
        (RocExplorer.from_estimator, (object(), X, y), {}, TypeError, "estimator"),
        (RocExplorer.from_estimator, (three, X, y), {}, ValueError, "estimator"),
        (RocExplorer.from_estimator, (model, X, y[:-1]), {}, ValueError, "y"),
        (
            RocExplorer.from_estimator,
            (model, X, y),
            {"response_method": "predict"},
            ValueError,
            "response_method",
        ),
        (
            RocExplorer.from_estimator,
            (svc, X, y),
            {"response_method": "predict_proba"},
            ValueError,
            "response_method",
        ),
        (RocExplorer.from_estimator, (model, X, y), {"pos_label": "yes"}, ValueError, "pos_label"),
        (CalibrationExplorer.from_predictions, (y, s), {"n_bins": 1}, ValueError, "n_bins"),
        (CalibrationExplorer.from_predictions, (y, s), {"n_bins": 51}, ValueError, "n_bins"),
        (CalibrationExplorer.from_predictions, (y, s), {"n_bins": 4.5}, TypeError, "n_bins"),
        (
            CalibrationExplorer.from_predictions,
            (y, s),
            {"strategy": "kmeans"},
            ValueError,
            "strategy",
        ),
        (CalibrationExplorer.from_predictions, (y, s + 0.5), {}, ValueError, "y_prob"),
        (CalibrationExplorer.from_predictions, (y, s[:-1]), {}, ValueError, "y_prob"),
        (
            CalibrationExplorer.from_predictions,
            (np.arange(y.size) % 3, s),
            {},
            ValueError,
            "y_true",
        ),
        (CalibrationExplorer.from_predictions, (y, s), {"name": ["a"]}, TypeError, "name"),
        (CalibrationExplorer.from_estimator, (svc, X, y), {}, TypeError, "estimator"),
        (CalibrationExplorer.from_estimator, (GaussianNB(), X, y), {}, ValueError, "estimator"),
        (CalibrationExplorer.from_estimator, (model, X[:, :3], y), {}, ValueError, "X"),
    ]


def test_the_data_constructors_reject_bad_input():
    for func, args, kwargs, exc, name in _roc_rows():
        with pytest.raises(exc, match=name):
            func(*args, **kwargs)


def test_roc_from_estimator_decision_function_flips_for_the_first_class():
    X, y, model, _ = _cancer()
    explorer = RocExplorer.from_estimator(
        model, X, y, response_method="decision_function", pos_label=0
    )
    direct = RocExplorer.from_predictions(y, -model.decision_function(X), pos_label=0)
    assert explorer.data.pos_label == 0
    np.testing.assert_array_equal(explorer.data.thresholds, direct.data.thresholds)
    assert explorer.data.interval.statistic == pytest.approx(
        RocExplorer.from_predictions(y, model.decision_function(X)).data.interval.statistic,
        abs=1e-12,
    )
