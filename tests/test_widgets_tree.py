"""Painter and explorer of the chapter "Concept and tree learning"."""

import numpy as np
from _helpers import png

from patterneval.plotting.tree import plot_pruning_errors
from patterneval.widgets.tree import PruningExplorer


def test_pruning_explorer_moves():
    ex = PruningExplorer(resolution=40)
    first = png(ex)
    assert first.startswith(b"\x89PNG")
    seq = ex.sequence
    last = len(seq.ccp_alphas) - 1
    ex.controls["step"].value = last
    assert png(ex) != first
    # the painter shows the library's numbers
    image = ex.painter.image.get_array()
    assert np.array_equal(np.asarray(image).ravel(), seq.grid_predictions[last])
    assert f"{seq.n_leaves[last]} leaves" in ex.painter.ax_map.get_title()
    assert np.array_equal(ex.painter.test_line.get_ydata(), seq.test_error)


def test_plot_pruning_errors():
    ex = PruningExplorer(resolution=20)
    fig = plot_pruning_errors(ex.sequence, title="t")
    assert len(fig.axes) == 1 and fig.axes[0].get_title() == "t"
