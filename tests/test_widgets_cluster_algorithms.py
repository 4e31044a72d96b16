"""Painters and explorer of the chapter "Clustering algorithms"."""

import matplotlib
import numpy as np
import pytest
from _helpers import assert_redraws, png
from sklearn.datasets import load_iris

from patterneval.book.clustering_algorithms import kmeans_grid
from patterneval.cluster.algorithms import hierarchical
from patterneval.plotting import new_figure
from patterneval.plotting.cluster_algorithms import (
    PALETTE,
    PartitionPainter,
    plot_dendrograms,
    plot_partitions,
)
from patterneval.widgets.cluster_algorithms import KMeansExplorer

X, Y = load_iris(return_X_y=True)
GRID = kmeans_grid(X, [2, 3], labels_true=Y, n_runs=2, rng=0)


def test_partition_painter_draws_the_run():
    painter = PartitionPainter(new_figure())
    idx = GRID.index(3, "k-means++", 1)
    painter.update(
        points=X[:, 2:],
        labels=GRID.labels[idx],
        centers=GRID.centers[(3, "k-means++", 1)][:, 2:],
        title="t",
    )
    np.testing.assert_array_equal(painter.scatter.get_offsets(), X[:, 2:])
    colours = painter.scatter.get_facecolor()
    expected = matplotlib.colors.to_rgba_array(np.array(PALETTE)[GRID.labels[idx]])
    np.testing.assert_allclose(colours, expected)
    np.testing.assert_allclose(painter.centres.get_xdata(), GRID.centers[(3, "k-means++", 1)][:, 2])


def test_static_figures():
    hs = [hierarchical(X[:30], linkage=m) for m in ("single", "complete", "average")]
    fig = plot_dendrograms(hs)
    assert [ax.get_title() for ax in fig.axes] == [
        f"{m} linkage" for m in ("single", "complete", "average")
    ]
    fig = plot_partitions(X[:, 2:], [Y, GRID.labels[0, 0, 0]], ["a", "b"])
    assert len(fig.axes) == 2


def test_explorer_redraws_on_each_move():
    explorer = KMeansExplorer(GRID, X[:, 2:], project=lambda c: c[:, 2:])
    assert_redraws(explorer, {"k": 3, "init": "random"})
    explorer.controls["run"].value = 1
    assert png(explorer).startswith(b"\x89PNG")
    assert "run 1" in explorer.painter.ax.get_title()
    assert repr(explorer) == "KMeansExplorer(k=3, init='random', run=1)"


@pytest.mark.parametrize("name", ["k", "init", "run"])
def test_every_option_draws(name):
    explorer = KMeansExplorer(GRID, X[:, 2:], project=lambda c: c[:, 2:])
    for value in explorer.controls[name].options:
        explorer.controls[name].value = value
        assert png(explorer).startswith(b"\x89PNG")


def test_plot_partitions_draws_the_centres_of_the_panels_that_have_them():
    centres = np.array([[1.5, 0.3], [4.3, 1.3], [5.6, 2.0]])
    fig = plot_partitions(X[:, 2:], [Y, Y], ["with", "without"], centers=[centres, None])
    crosses = [line for line in fig.axes[0].lines if line.get_marker() == "X"]
    assert len(crosses) == 1
    np.testing.assert_array_equal(crosses[0].get_xydata(), centres)
    assert not any(line.get_marker() == "X" for line in fig.axes[1].lines)
