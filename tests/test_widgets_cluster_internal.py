"""The explorer and figures of the chapter "Internal indices"."""

import numpy as np
import pytest
from _helpers import assert_explorer_displays, png

import patterneval as pe
from patterneval.book.internal_indices import blob_data
from patterneval.cluster.internal import index_curves
from patterneval.plotting import cluster_internal as plots
from patterneval.widgets.cluster_internal import InternalIndexExplorer


@pytest.fixture(scope="module")
def explorer():
    return InternalIndexExplorer(
        separation=4.0, k=3, separations=[1.0, 4.0, 8.0], ks=range(2, 6), n=90
    )


def test_explorer_redraws_on_each_move(explorer):
    first = png(explorer)
    explorer.controls["k"].value = 4
    second = png(explorer)
    assert second != first
    explorer.controls["separation"].value = 8.0
    assert png(explorer) != second
    assert explorer.values == {"separation": 8.0, "k": 4}


def test_explorer_repr_and_static_note(explorer):
    assert_explorer_displays(explorer)


def test_explorer_shows_the_library_values(explorer):
    """The curves drawn are the pe.* values of the KMeans labels at each k."""
    explorer.controls["separation"].value = 4.0
    X, labelings, curves = explorer.grid[4.0]
    (line,) = [ln for ln in explorer.painter.ax_high.lines if ln.get_label() == "silhouette"]
    np.testing.assert_allclose(
        line.get_ydata(), [pe.silhouette_width(X, labelings[k]) for k in range(2, 6)]
    )
    (line,) = [ln for ln in explorer.painter.ax_low.lines if ln.get_label() == "DBI"]
    np.testing.assert_allclose(
        line.get_ydata(), [pe.davies_bouldin_index(X, labelings[k]) for k in range(2, 6)]
    )


def test_explorer_moves_redraw(explorer):
    # latency is a benchmark's business (noisy machines), not a unit test's
    pngs = set()
    for k in (2, 5, 3, 4, 2, 5):
        explorer.controls["k"].value = k
        (output,) = explorer.output.outputs
        pngs.add(output["data"]["image/png"])
    assert explorer.values["k"] == 5
    assert len(pngs) == 4  # one distinct figure per k


def test_blob_data_separation():
    X, truth = blob_data(6.0, n=300, rng=1)
    centres = np.array([X[truth == c].mean(0) for c in range(3)])
    d = np.linalg.norm(centres[:, None] - centres[None], axis=2)[np.triu_indices(3, 1)]
    assert np.allclose(d, 6.0, atol=0.5)  # sd 1, 100 points per blob


def test_index_curves_and_static_figures():
    X, _ = blob_data(6.0, n=90)
    curves = index_curves(X, [2, 3, 4], names=("silhouette", "Dunn", "DBI", "connectivity"))
    assert int(curves["k"][np.argmax(curves["silhouette"])]) == 3
    fig = plots.plot_index_curves(curves)
    assert len(fig.axes) == 4 and fig._repr_png_().startswith(b"\x89PNG")
    scores = np.array([[0.5, 10.0], [0.6, 12.0], [0.4, 11.0]])
    fig = plots.plot_pareto(scores, [True, False], ["a", "b", "c"])
    assert len(fig.axes[0].lines[0].get_xdata()) == 2  # the front: a and b
    from sklearn.cluster import KMeans

    res = [pe.prediction_strength(X, KMeans(n_init=1), k, n_resamples=2, rng=0) for k in (1, 2)]
    fig = plots.plot_prediction_strength({"blobs": res})
    assert fig._repr_png_().startswith(b"\x89PNG")
