"""Figures and explorer of the chapter "AdaBoost"."""

import numpy as np
from _helpers import assert_redraws
from sklearn.datasets import make_classification

from patterneval.book.adaboost import boosting_rounds, compare_modes
from patterneval.ensemble.boosting import AdaBoost
from patterneval.plotting import new_figure
from patterneval.plotting.boosting import (
    BoostingRoundsPainter,
    plot_error_curves,
    plot_margins,
    plot_mode_comparison,
    plot_round_statistics,
)
from patterneval.widgets.boosting import AdaBoostExplorer

X, Y = make_classification(150, 2, n_redundant=0, n_informative=2, random_state=0)


def test_boosting_rounds_match_the_model():
    r = boosting_rounds(X, Y, n_estimators=6, grid_size=15, rng=0)
    model = AdaBoost(n_estimators=6, random_state=0).fit(X, Y)
    np.testing.assert_allclose(r.alphas, model.alphas_)
    np.testing.assert_allclose(r.weights, np.array(list(model.staged_distributions(X, Y))))
    gx, gy = np.meshgrid(r.grid_x, r.grid_y)
    F = model.decision_function(np.column_stack([gx.ravel(), gy.ravel()]))
    np.testing.assert_array_equal(r.votes[-1].ravel(), np.where(F > 0, 1, -1))


def test_painter_sets_the_round_data():
    r = boosting_rounds(X, Y, n_estimators=5, grid_size=12, rng=0)
    painter = BoostingRoundsPainter(new_figure())
    painter.update(rounds=r, round=3)
    np.testing.assert_array_equal(painter.image.get_array(), r.votes[2])
    np.testing.assert_allclose(painter.points.get_sizes(), 8 + 3000 * r.weights[2])
    assert "round 3" in painter.ax.get_title()


def test_static_figures():
    model = AdaBoost(n_estimators=10, random_state=0).fit(X, Y)
    test = [np.mean(p != Y) for p in model.staged_predict(X)]
    fig = plot_error_curves(model.training_errors_, test, model.error_bounds_, model.exp_losses_)
    np.testing.assert_allclose(fig.axes[0].lines[2].get_ydata(), model.error_bounds_)
    fig = plot_round_statistics(model.errors_, model.alphas_)
    np.testing.assert_allclose(fig.axes[1].lines[0].get_ydata(), model.alphas_)
    fig = plot_margins({"T=10": model.margins(X, Y)})
    assert len(fig.axes[0].lines) == 2
    res = compare_modes(X[:100], Y[:100], X[100:], Y[100:], n_estimators=4, n_runs=2, rng=0)
    fig = plot_mode_comparison(res)
    np.testing.assert_allclose(fig.axes[0].lines[-1].get_ydata(), res.reweight_test_errors)


def test_explorer_redraws_on_each_move():
    explorer = AdaBoostExplorer(n_samples=40, n_estimators=6, grid_size=20)
    assert_redraws(explorer, {"round": 6, "mode": "resample"})
    assert repr(explorer) == "AdaBoostExplorer(round=6, mode='resample')"
