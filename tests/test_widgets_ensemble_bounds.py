"""Painter and explorer of the chapter "Why ensembles work"."""

import numpy as np
import pytest
from _helpers import assert_redraws, png

from patterneval.book.why_ensembles_work import simulate_correlated_vote
from patterneval.ensemble.bounds import (
    correlated_vote_error,
    hoeffding_bound,
    majority_vote_error,
)
from patterneval.plotting import new_figure
from patterneval.plotting.ensemble_bounds import FLOOR, draw_ensemble_bounds, plot_bound_gap
from patterneval.widgets.ensemble_bounds import EnsembleBoundsExplorer


def test_painter_draws_the_library_values():
    fig = draw_ensemble_bounds(
        new_figure(), error=0.3, n_voters=61, correlation=0.2, n_datasets=500, rng=3
    )
    ax = fig.axes[0]
    indep, bound, corr, sim = ax.lines[:4]
    T = np.arange(1, 62)
    np.testing.assert_array_equal(indep.get_xdata(), T)
    np.testing.assert_allclose(
        indep.get_ydata(), np.maximum(majority_vote_error(0.3, T), FLOOR / 10)
    )
    np.testing.assert_allclose(bound.get_ydata(), np.maximum(hoeffding_bound(0.3, T), FLOOR / 10))
    np.testing.assert_allclose(corr.get_ydata(), correlated_vote_error(0.3, T, 0.2))
    sizes = sim.get_xdata()
    expected = simulate_correlated_vote(0.3, sizes, 0.2, n_datasets=500, rng=3).majority_error
    np.testing.assert_allclose(sim.get_ydata(), np.where(expected > 0, expected, np.nan))
    first = T[np.argmax(correlated_vote_error(0.3, T, 0.2) > hoeffding_bound(0.3, T))]
    assert f"bound broken from T={first}" in ax.get_title()
    # the chapter's text and this title agree (every T: 34; the first odd T is 35)
    assert first == 34 and "bound broken from T=34" in ax.get_title()
    assert ax.get_yscale() == "log"


def test_painter_says_when_the_bound_holds():
    fig = draw_ensemble_bounds(
        new_figure(), error=0.3, n_voters=21, correlation=0.0, n_datasets=200
    )
    assert "bound holds on this range" in fig.axes[0].get_title()


def test_explorer_redraws_on_each_move():
    explorer = EnsembleBoundsExplorer(n_voters=41, n_datasets=300)
    assert_redraws(explorer, {"error": 0.2, "correlation": 0.5, "n_voters": 101})
    assert repr(explorer) == "EnsembleBoundsExplorer(error=0.2, n_voters=101, correlation=0.5)"


def test_bound_gap_figure():
    fig = plot_bound_gap((0.1, 0.3), max_voters=21)
    ax = fig.axes[0]
    assert len(ax.lines) == 4
    np.testing.assert_allclose(ax.lines[1].get_ydata(), hoeffding_bound(0.1, np.arange(1, 22, 2)))
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["eps=0.1", "eps=0.3"]


@pytest.mark.parametrize("name", ["error", "n_voters", "correlation"])
def test_slider_ranges_stay_valid(name):
    explorer = EnsembleBoundsExplorer(n_voters=15, n_datasets=100)
    control = explorer.controls[name]
    for value in (control.min, control.max):
        control.value = value
        assert png(explorer).startswith(b"\x89PNG")
