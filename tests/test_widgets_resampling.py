"""The bootstrap explorer and the figures of "Cross-validation and the bootstrap"."""

import numpy as np
import pytest
from _helpers import assert_explorer_displays, png

from patterneval.book.cross_validation import EstimatorSimulation
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
    ax_share, ax_w = fig.axes
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
