"""Painter, static figures and explorer of the chapter "Reinforcement learning"."""

import numpy as np
import pytest
from _helpers import assert_redraws, png

from patterneval.book.reinforcement import gridworld
from patterneval.plotting import new_figure
from patterneval.plotting.reinforcement import (
    ReinforcementPainter,
    plot_learning_curves,
    plot_value_maps,
)
from patterneval.reinforcement import (
    learning_curve,
    policy_iteration,
    q_learning,
)
from patterneval.widgets.reinforcement import ReinforcementExplorer


def test_painter_draws_the_library_values():
    painter = ReinforcementPainter(new_figure())
    painter.update(gamma=0.8, alpha=0.3, epsilon=0.2)
    g = gridworld(gamma=0.8)
    exact = policy_iteration(g)
    np.testing.assert_allclose(painter.map.image.get_array(), g.to_grid(exact.values))
    learned = q_learning(g, alpha=0.3, epsilon=0.2, n_episodes=painter.n_episodes, rng=0)
    curve = learning_curve(learned.history, exact.values, mask=~g.terminal)
    np.testing.assert_allclose(painter.curve.get_ydata(), np.maximum(curve, 1e-3))
    # arrows in (column, row) data steps: "up" is one row less; the row axis is inverted
    # so that it points up on screen
    live = np.flatnonzero(~g.terminal)
    k = list(live).index(g.start)
    assert exact.policy[g.start] == 0
    assert painter.map.arrows.U[k] == 0 and painter.map.arrows.V[k] < 0
    assert painter.map.ax.yaxis_inverted()
    assert "γ=0.80" in painter.ax_map.get_title()
    assert f"{curve[-1]:.3f}" in painter.ax_curve.get_title()


def test_static_figures():
    g = gridworld()
    res = policy_iteration(g)
    fig = plot_value_maps(g, [(res.values, res.policy, "a"), (res.values, res.policy, "b")])
    assert len(fig.axes) == 2 and fig.axes[1].get_title() == "b"
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "+1" in texts and "-1" in texts and f"{res.values[0]:.2f}" in texts
    fig = plot_learning_curves({"x": [1.0, 0.5, 0.25], "y": [1.0, 1.0, 1.0]})
    ax = fig.axes[0]
    assert len(ax.lines) == 2 and ax.get_yscale() == "log"
    np.testing.assert_array_equal(ax.lines[0].get_xdata(), [1, 2, 3])
    zero = plot_learning_curves({"x": [1.0, 0.5]}, first=0).axes[0].lines[0]
    np.testing.assert_array_equal(zero.get_xdata(), [0, 1])
    g5 = gridworld(gamma=0.5)
    r5 = policy_iteration(g5)
    texts = [t.get_text() for t in plot_value_maps(g5, [(r5.values, r5.policy, "")]).axes[0].texts]
    assert "-0.00" not in texts
    assert fig._repr_png_().startswith(b"\x89PNG")


def test_explorer_redraws_on_each_move():
    explorer = ReinforcementExplorer()
    assert_redraws(explorer, {"gamma": 0.6, "alpha": 0.5, "epsilon": 0.5})
    assert repr(explorer) == "ReinforcementExplorer(gamma=0.6, alpha=0.5, epsilon=0.5)"
    assert explorer.chapter == "book/part3/reinforcement" and "gamma" in explorer.caption


@pytest.mark.parametrize("name", ["gamma", "alpha", "epsilon"])
def test_slider_ranges_stay_valid(name):
    explorer = ReinforcementExplorer()
    control = explorer.controls[name]
    for value in (control.min, control.max):
        control.value = value
        assert png(explorer).startswith(b"\x89PNG")
