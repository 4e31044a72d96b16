"""Painters and explorers of the chapters "Two classifiers" and "Many classifiers"."""

import base64

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from patterneval.compare import critical_difference, demsar_table, nemenyi_test  # noqa: E402
from patterneval.compare.simulation import rejection_grid, simulate_two_classifier_tests  # noqa: E402
from patterneval.plotting import new_figure  # noqa: E402
from patterneval.plotting.compare import (  # noqa: E402
    CriticalDifferencePainter,
    RejectionGridPainter,
    plot_critical_difference,
    plot_rejection_rates,
)
from patterneval.widgets import CriticalDifferenceExplorer, TwoClassifierTestsExplorer  # noqa: E402

GRID = rejection_grid((40, 60), (0.0, 0.05, 0.1), n_replicates=20)


def _png(explorer) -> bytes:
    (output,) = explorer.output.outputs
    return base64.b64decode(output["data"]["image/png"])


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
    sim = simulate_two_classifier_tests(n_samples=40, n_replicates=20, rng=0)
    ax = plot_rejection_rates(sim).axes[0]
    heights = [p.get_height() for p in ax.patches]
    np.testing.assert_allclose(heights, sim.rejection_rate)
    assert ax.get_title().startswith("type-I error")


def test_two_classifier_explorer_redraws():
    explorer = TwoClassifierTestsExplorer(GRID)
    first = _png(explorer)
    assert first.startswith(b"\x89PNG")
    explorer.controls["effect"].value = 0.1
    second = _png(explorer)
    assert second != first
    explorer.controls["n_samples"].value = 40
    assert _png(explorer) != second
    assert repr(explorer) == "TwoClassifierTestsExplorer(effect=0.1, n_samples=40)"
    with pytest.raises(ValueError, match="n_samples"):
        TwoClassifierTestsExplorer(GRID, n_samples=50)


@pytest.mark.parametrize("name", ["k", "n_datasets", "alpha"])
def test_critical_difference_explorer_slider_ranges(name):
    explorer = CriticalDifferenceExplorer()
    control = explorer.controls[name]
    values = control.options if name == "alpha" else (control.min, control.max)
    first = _png(explorer)
    for value in values:
        control.value = value
        assert _png(explorer).startswith(b"\x89PNG")
    assert _png(explorer) != first or name == "alpha"
