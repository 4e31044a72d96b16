"""Painter and explorer of the chapter "Bagging and random forests"."""

import numpy as np
import pytest
from _helpers import png
from sklearn.datasets import load_iris

from patterneval.ensemble.bagging import forest_convergence
from patterneval.plotting import new_figure
from patterneval.plotting.bagging import ForestConvergencePainter, plot_forest_convergence
from patterneval.widgets.bagging import ForestConvergenceExplorer


@pytest.fixture(scope="module")
def result():
    X, y = load_iris(return_X_y=True)
    return forest_convergence(
        X[::2], y[::2], X[1::2], y[1::2], max_features=(1, 2, None), n_estimators=12, rng=0
    )


def test_painter_draws_the_library_values(result):
    fig = ForestConvergencePainter(new_figure()).update(result=result, k_index=0, n_trees=7)
    ref_test, ref_oob, test, oob = fig.axes[0].lines[:4]
    np.testing.assert_array_equal(test.get_xdata(), np.arange(1, 8))
    np.testing.assert_array_equal(test.get_ydata(), result.test_error[0, :7])
    np.testing.assert_array_equal(oob.get_ydata(), result.oob_error[0, :7])
    np.testing.assert_array_equal(ref_test.get_ydata(), result.test_error[2, :7])
    np.testing.assert_array_equal(ref_oob.get_ydata(), result.oob_error[2, :7])
    assert "k=1 of d=4, T=7" in fig.axes[0].get_title()


def test_static_figure(result):
    fig = plot_forest_convergence(result)
    assert len(fig.axes[0].lines) == 6


def test_explorer_moves_each_slider(result):
    explorer = ForestConvergenceExplorer(result)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    explorer.controls["k"].value = 4
    assert "k=4 of d=4" in explorer.figure.axes[0].get_title()
    assert png(explorer) != first
    second = png(explorer)
    explorer.controls["n_trees"].value = 3
    assert "T=3" in explorer.figure.axes[0].get_title()
    assert png(explorer) != second
