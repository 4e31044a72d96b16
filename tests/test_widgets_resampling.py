"""The bootstrap explorer and the figures of "Cross-validation and the bootstrap"."""

import numpy as np
import pytest
from _helpers import assert_explorer_displays, png

from patterneval.book.cross_validation import EstimatorSimulation, k_fold_variance
from patterneval.plotting import new_figure
from patterneval.plotting.resampling import (
    draw_bootstrap,
    plot_estimator_simulation,
    plot_inclusion_probability,
)
from patterneval.resampling.bootstrap import inclusion_probability
from patterneval.widgets.resampling import BootstrapExplorer


@pytest.mark.parametrize(
    "control, value", [("n", 150), ("oob", 0.45), ("gamma", 0.3), ("resubstitution", 0.2)]
)
def test_explorer_redraws_on_each_move(control, value):
    explorer = BootstrapExplorer(n=20, n_resamples=500)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    explorer.controls[control].value = value
    assert png(explorer) != first
    assert repr(explorer).startswith(
        "BootstrapExplorer(n=20" if control != "n" else "BootstrapExplorer(n=150"
    )
    assert_explorer_displays(explorer)


def test_painter_shows_the_formula_and_the_weight():
    fig = draw_bootstrap(
        new_figure(), n=10, resubstitution=0.0, oob=0.25, gamma=0.5, n_resamples=2000, rng=1
    )
    ax_share, ax_w = fig.axes[:2]
    assert not fig.axes[2].get_visible()  # the "K-fold variance" view's axes, hidden
    assert ax_share.lines[0].get_xdata()[0] == pytest.approx(inclusion_probability(10))
    # histogram of the simulated shares is a density over bins of width 1/N
    values, edges, _baseline = ax_share.patches[0].get_data()  # StepPatch
    assert np.sum(values * np.diff(edges)) == pytest.approx(1.0)
    # R = 0.25 / 0.5 = 0.5, w = 0.632 / (1 - 0.184)
    (x,), (y,) = ax_w.lines[1].get_data()
    assert x == pytest.approx(0.5) and y == pytest.approx(0.632 / 0.816)
    assert "R=0.500" in ax_w.get_title()
    curve = ax_w.lines[0].get_ydata()
    assert curve[0] == pytest.approx(0.632) and curve[-1] == pytest.approx(1.0)


def test_k_fold_view_draws_the_decomposition_and_hides_the_bootstrap_panels():
    explorer = BootstrapExplorer(n=20, n_resamples=500, view="K-fold variance")
    painter = explorer.painter
    assert painter.ax_k.get_visible()
    assert not painter.ax_share.get_visible() and not painter.ax_w.get_visible()
    # one bar per divisor of n_cv = 60, the three terms stacked to the total
    ks = [2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60]
    assert [t.get_text() for t in painter.ax_k.get_xticklabels()] == [str(k) for k in ks]
    expected = [k_fold_variance(60, k, 0.23, 0.005 * 0.23, 0.013 * 0.23) for k in ks]
    top = [b.get_y() + b.get_height() for b in painter.k_bars["other_folds"]]
    np.testing.assert_allclose(top, [v.total for v in expected], rtol=1e-12)
    np.testing.assert_allclose(painter.k_total.get_ydata(), [v.total for v in expected])
    np.testing.assert_allclose(painter.k_naive.get_ydata(), [v.naive for v in expected])
    # the chosen K (5, the fourth bar) is outlined, the others are not
    widths = [b.get_linewidth() for b in painter.k_bars["binomial"]]
    assert widths[3] > 0 and widths[:3] == [0.0] * 3 and "K=5, m=12" in painter.ax_k.get_title()
    assert painter.k_warning.get_text() == ""
    assert_explorer_displays(explorer)


@pytest.mark.parametrize(
    "control, value", [("sigma2", 0.1), ("omega_share", 0.05), ("gamma_share", 0.03), ("k", 12)]
)
def test_k_fold_view_redraws_on_each_of_its_sliders(control, value):
    explorer = BootstrapExplorer(n_resamples=500, view="K-fold variance")
    first = png(explorer)
    explorer.controls[control].value = value
    assert png(explorer) != first


def test_k_fold_view_flags_moments_no_covariance_matrix_has():
    # gamma / sigma^2 = 0.05 > 1/30: at K = 2 (m = 30) Var - gamma = (sigma^2 - 30 gamma)/60 < 0
    explorer = BootstrapExplorer(view="K-fold variance", omega_share=0.0, gamma_share=0.05)
    assert "K = 2:" in explorer.painter.k_warning.get_text()
    assert explorer.painter.k_naive.get_ydata()[0] < 0


def test_toggling_the_view_back_restores_the_bootstrap_figure_byte_for_byte():
    explorer = BootstrapExplorer(n=20, resubstitution=0.05, oob=0.3, gamma=0.5, n_resamples=500)
    bootstrap = png(explorer)
    explorer.controls["view"].value = "K-fold variance"
    k_fold = png(explorer)
    assert k_fold != bootstrap
    explorer.controls["k"].value = 10  # a K-fold slider moved meanwhile does not show
    explorer.controls["view"].value = "bootstrap"
    assert png(explorer) == bootstrap


def test_k_fold_view_ignores_the_bootstrap_sliders():
    # what tools/static_frames.py's ALIASES relies on: these frames are drawn once
    explorer = BootstrapExplorer(n_resamples=300, view="K-fold variance")
    k_fold = png(explorer)
    for control, value in [("n", 150), ("resubstitution", 0.2), ("oob", 0.5), ("gamma", 0.8)]:
        explorer.controls[control].value = value
        assert png(explorer) == k_fold, control


def test_painter_refuses_an_unknown_view():
    with pytest.raises(ValueError, match="view must be one of"):
        draw_bootstrap(new_figure(), n=10, view="jackknife")


def test_static_figures():
    fig = plot_inclusion_probability(50)
    np.testing.assert_allclose(
        fig.axes[0].lines[0].get_ydata(), inclusion_probability(np.arange(1, 51))
    )
    assert fig._repr_png_().startswith(b"\x89PNG")
    sim = EstimatorSimulation(
        names=("LOO", ".632"),
        n=10,
        true_errors=np.array([0.2, 0.3, 0.25]),
        estimates=np.array([[0.2, 0.1], [0.4, 0.2], [0.3, 0.3]]),
        bias=np.array([0.05, -0.05]),
        bias_se=np.array([0.03, 0.03]),
        std=np.array([0.1, 0.1]),
        rmse=np.array([0.1, 0.1]),
    )
    fig = plot_estimator_simulation(sim)
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels == ["LOO", ".632"]
    assert fig._repr_png_().startswith(b"\x89PNG")
