"""Painter and explorer of the chapter "Combining learners"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.ensemble.combine import vote_rates
from patterneval.plotting import new_figure
from patterneval.plotting.combine import draw_vote_rates, plot_vote_rates
from patterneval.widgets.combine import VoteRatesExplorer


def test_painter_draws_the_library_values():
    fig = draw_vote_rates(new_figure(), accuracy=0.55, n_voters=30, n_classes=4, threshold=0.6)
    correct, error, reject = fig.axes[0].lines[:3]
    T = np.arange(1, 31)
    r = vote_rates(0.55, T, n_classes=4, threshold=0.6)
    np.testing.assert_array_equal(correct.get_xdata(), T)
    np.testing.assert_allclose(correct.get_ydata(), r.correct)
    np.testing.assert_allclose(error.get_ydata(), r.error)
    np.testing.assert_allclose(reject.get_ydata(), r.reject)
    assert f"reject {r.reject[-1]:.3f}" in fig.axes[0].get_title()


def test_static_figure():
    assert len(plot_vote_rates(0.7, 11).axes[0].lines) == 4


def test_explorer_redraws_on_each_move():
    explorer = VoteRatesExplorer(n_voters=15)
    previous = png(explorer)
    assert previous.startswith(b"\x89PNG")
    for name, value in [("accuracy", 0.4), ("n_voters", 40), ("n_classes", 5), ("threshold", 0.7)]:
        explorer.controls[name].value = value
        now = png(explorer)
        assert now != previous
        previous = now
    assert (
        repr(explorer) == "VoteRatesExplorer(accuracy=0.4, n_voters=40, n_classes=5, threshold=0.7)"
    )


@pytest.mark.parametrize("name", ["accuracy", "n_voters", "n_classes", "threshold"])
def test_slider_ranges_stay_valid(name):
    explorer = VoteRatesExplorer(n_voters=9)
    control = explorer.controls[name]
    for value in (control.min, control.max):
        control.value = value
        assert png(explorer).startswith(b"\x89PNG")
