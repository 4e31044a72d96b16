"""Figures and explorer of the chapter "AdaBoost"."""

import numpy as np
import pytest
from _helpers import assert_redraws, png
from sklearn.datasets import make_classification, make_moons

from patterneval.book.adaboost import (
    boosting_rounds,
    compare_modes,
    edge_bounds,
    margin_bounds,
    staged_margins,
)
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
    assert_redraws(explorer, {"round": 6, "mode": "resample", "view": "bounds"})
    assert repr(explorer) == "AdaBoostExplorer(round=6, mode='resample', view='bounds')"


def _small(**kwargs):
    return AdaBoostExplorer(n_samples=40, n_estimators=8, grid_size=20, **kwargs)


def test_the_regions_view_is_the_figure_without_the_view_axes():
    explorer = _small(round=3)
    painter = explorer.painter
    assert [ax for ax in explorer.figure.axes if ax.get_visible()] == [painter.ax]
    np.testing.assert_array_equal(painter.image.get_array(), explorer.rounds["reweight"].votes[2])
    first = png(explorer)
    explorer.controls["view"].value = "margins"
    assert png(explorer) != first
    explorer.controls["view"].value = "regions"
    assert png(explorer) == first
    # the hidden axes of the other views leave no trace: without them, the same picture
    painter.ax_margins.remove()
    painter.ax_bounds.remove()
    explorer.update()
    assert png(explorer) == first


@pytest.mark.parametrize("rng", [0, np.random.default_rng(7)])
def test_the_evaluation_comes_from_the_runs_drawn(rng):
    explorer = _small(rng=rng)
    for mode, rounds in explorer.rounds.items():
        ev = explorer.evaluations[mode]
        np.testing.assert_array_equal(ev["training_errors"], rounds.training_errors)
        eps = rounds.errors
        np.testing.assert_allclose(ev["product_bounds"], np.cumprod(2 * np.sqrt(eps * (1 - eps))))
        np.testing.assert_allclose(ev["edge_bounds"], np.exp(-2 * np.cumsum((0.5 - eps) ** 2)))


def test_the_margins_view_shows_the_margins_of_round_t_under_their_bound():
    explorer = _small(round=5, view="margins")
    painter = explorer.painter
    assert [ax for ax in explorer.figure.axes if ax.get_visible()] == [painter.ax_margins]
    X, y = make_moons(40, noise=0.25, random_state=0)
    model = AdaBoost(n_estimators=8, random_state=0).fit(X, y)
    margins = np.sort(staged_margins(model, X, y)[4])
    np.testing.assert_allclose(painter.margin_cdf.get_xdata()[1:-1], margins)
    np.testing.assert_allclose(painter.margin_cdf.get_ydata()[1:-1], np.arange(1, 41) / 40)
    thetas = np.linspace(-1, 1, 201)
    np.testing.assert_allclose(
        painter.margin_bound.get_ydata(), np.minimum(margin_bounds(model, thetas)[:, 4], 1)
    )
    first = png(explorer)
    explorer.controls["round"].value = 8
    assert png(explorer) != first
    assert "round 8" in painter.ax_margins.get_title()


def test_the_bounds_view_marks_round_t_on_the_error_and_its_bounds():
    explorer = _small(round=2, view="bounds")
    painter = explorer.painter
    assert [ax for ax in explorer.figure.axes if ax.get_visible()] == [painter.ax_bounds]
    X, y = make_moons(40, noise=0.25, random_state=0)
    model = AdaBoost(n_estimators=8, random_state=0).fit(X, y)
    product = painter.bound_lines["product_bounds"].get_ydata()
    np.testing.assert_allclose(product, np.maximum(model.error_bounds_, painter._floor))
    np.testing.assert_allclose(painter.bound_lines["edge_bounds"].get_ydata(), edge_bounds(model))
    first = png(explorer)
    explorer.controls["round"].value = 6
    assert png(explorer) != first
    offsets = painter.bound_marks.get_offsets()
    np.testing.assert_array_equal(offsets[:, 0], [6, 6, 6])
    np.testing.assert_allclose(offsets[1:, 1], [model.error_bounds_[5], edge_bounds(model)[5]])
    assert "round 6" in painter.ax_bounds.get_title()


def test_painter_views_need_the_evaluation():
    r = boosting_rounds(X, Y, n_estimators=3, grid_size=10, rng=0)
    painter = BoostingRoundsPainter(new_figure())
    with pytest.raises(ValueError, match="view must be one of"):
        painter.update(rounds=r, round=1, view="weights")
    with pytest.raises(ValueError, match="needs the run's evaluation"):
        painter.update(rounds=r, round=1, view="margins")
