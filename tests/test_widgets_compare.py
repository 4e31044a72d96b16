"""Painters and explorers of the chapters "Two classifiers" and "Many classifiers"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.compare import critical_difference, demsar_table, nemenyi_test
from patterneval.compare.simulation import rejection_grid, simulate_two_classifier_tests
from patterneval.plotting import new_figure
from patterneval.plotting.compare import (
    CriticalDifferencePainter,
    RejectionGridPainter,
    plot_critical_difference,
    plot_rejection_rates,
)
from patterneval.widgets import CriticalDifferenceExplorer, TwoClassifierTestsExplorer

GRID = rejection_grid((40, 60), (0.0, 0.05, 0.1), n_datasets=20)


def test_rejection_grid_painter_draws_the_grid():
    fig = new_figure(2)
    painter = RejectionGridPainter(fig)
    painter.update(grid=GRID, n_samples=60, effect=0.05)
    line = painter.lines["effect", "resampled t"]
    np.testing.assert_allclose(line.get_ydata(), GRID.rejection_rate[1, :, 1])
    np.testing.assert_allclose(painter.lines["n", "McNemar"].get_ydata(), GRID.rejection_rate[:, 1, 0])
    assert painter.ax_n.get_title() == "effect = 0.05"


def test_critical_difference_painter_uses_the_library():
    fig = new_figure(2)
    painter = CriticalDifferencePainter(fig)
    painter.update(k=4, n_datasets=14, alpha=0.05)
    marks = painter.mark_n.get_ydata()
    assert marks[0] == pytest.approx(critical_difference(4, 14).value)
    assert marks[1] == pytest.approx(critical_difference(4, 14, test="bonferroni-dunn").value)
    assert "CD = 1.25 (Nemenyi), 1.17 (Bonferroni-Dunn)" in painter.ax_n.get_title()


def test_critical_difference_diagram_of_demsar_figure_1():
    t = demsar_table()
    r = nemenyi_test(-t.published_ranks, alpha=0.10)
    fig = plot_critical_difference(r.average_ranks, t.classifiers, r.critical_difference)
    ax = fig.axes[0]
    texts = [x.get_text() for x in ax.texts]
    assert "CD = 1.12" in texts
    assert "C4.5+m+cf (1.96)" in texts and "(3.14) C4.5" in texts
    thick = [line for line in ax.lines if line.get_linewidth() == 3.5]
    assert len(thick) == 2  # two groups (Figure 1a)
    assert ax.get_xlim()[0] > ax.get_xlim()[1]  # best rank on the right
    fig = plot_critical_difference(r.average_ranks, t.classifiers, 1.168, control=0, title="Bonferroni-Dunn")
    with pytest.raises(ValueError, match="names"):
        plot_critical_difference(r.average_ranks, t.classifiers[:3], 1.0)


def test_rejection_rate_bars():
    sim = simulate_two_classifier_tests(n_samples=40, n_datasets=20, rng=0)
    ax = plot_rejection_rates(sim).axes[0]
    heights = [p.get_height() for p in ax.patches]
    np.testing.assert_allclose(heights, sim.rejection_rate)
    assert ax.get_title().startswith("type-I error")


def test_two_classifier_explorer_redraws():
    explorer = TwoClassifierTestsExplorer(GRID)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    explorer.controls["effect"].value = 0.1
    second = png(explorer)
    assert second != first
    explorer.controls["n_samples"].value = 40
    assert png(explorer) != second
    assert repr(explorer) == "TwoClassifierTestsExplorer(effect=0.1, n_samples=40)"
    with pytest.raises(ValueError, match="n_samples"):
        TwoClassifierTestsExplorer(GRID, n_samples=50)


@pytest.mark.parametrize("name", ["k", "n_datasets", "alpha"])
def test_critical_difference_explorer_slider_ranges(name):
    explorer = CriticalDifferenceExplorer()
    control = explorer.controls[name]
    values = control.options if name == "alpha" else (control.min, control.max)
    first = png(explorer)
    for value in values:
        control.value = value
        assert png(explorer).startswith(b"\x89PNG")
    assert png(explorer) != first  # test_widgets_controls checks the curves move, not only the title
