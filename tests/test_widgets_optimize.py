"""Painter and explorer of the chapter "Optimisation"."""

import numpy as np
import pytest
from _helpers import assert_redraws

from patterneval.book.optimisation import quadratic_problem
from patterneval.optimize import gradient_descent
from patterneval.plotting import new_figure
from patterneval.plotting.optimize import (
    DescentPainter,
    contour_problem,
    plot_descent_paths,
    plot_step_size_stability,
)
from patterneval.widgets.optimize import DescentExplorer


def test_painter_draws_the_library_path():
    painter = DescentPainter(new_figure(2))
    fig = painter.update(
        problem="quadratic", method="nesterov", learning_rate=0.02, momentum=0.7, n_iter=40
    )
    prob, _, start = contour_problem("quadratic")
    res = gradient_descent(
        prob.f,
        prob.grad,
        start,
        method="nesterov",
        learning_rate=0.02,
        momentum=0.7,
        n_iter=40,
        tol=1e-10,
    )
    np.testing.assert_allclose(painter.path.get_xdata(), res.path[:, 0])
    np.testing.assert_allclose(painter.path.get_ydata(), res.path[:, 1])
    np.testing.assert_allclose(painter.curve.get_ydata(), np.maximum(res.values, 1e-12))
    assert fig.axes[1].get_yscale() == "log"
    assert "nesterov" in fig.axes[0].get_title()


def test_painter_reports_divergence_and_switches_problem():
    painter = DescentPainter(new_figure(2))
    painter.update(problem="quadratic", method="plain", learning_rate=0.2, n_iter=200)
    assert "diverged" in painter.ax2.get_title()
    painter.update(problem="rosenbrock", method="plain", learning_rate=1e-3, n_iter=50)
    assert isinstance(painter.problem, type(contour_problem("rosenbrock")[0]))
    with pytest.raises(ValueError, match="problem must be"):
        contour_problem("sphere")


def test_explorer_redraws_on_each_move():
    explorer = DescentExplorer(n_iter=50)
    assert_redraws(explorer, {"learning_rate": 0.01, "momentum": 0.3, "method": "adagrad"})
    assert "DescentExplorer(method='adagrad'" in repr(explorer)
    DescentExplorer(problem="rosenbrock", learning_rate=1e-3, n_iter=30)


def test_static_figures():
    prob, _, start = contour_problem("quadratic")
    runs = [
        gradient_descent(prob.f, prob.grad, start, method=m, learning_rate=0.04, n_iter=30)
        for m in ("plain", "momentum")
    ]
    fig = plot_descent_paths(runs)
    assert len(fig.axes) == 2 and fig._repr_png_().startswith(b"\x89PNG")
    q = quadratic_problem((1.0, 10.0))
    fig = plot_step_size_stability(q, np.linspace(0.01, 0.35, 12), momenta=(0.0, 0.5))
    assert fig._repr_png_().startswith(b"\x89PNG")


def test_caption_and_chapter():
    assert DescentExplorer.caption.endswith(".") and len(DescentExplorer.caption) > 40
    assert DescentExplorer.chapter == "book/part3/optimisation"
