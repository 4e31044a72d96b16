"""Painter, figures and explorer of the chapter "Dimension reduction"."""

import numpy as np
import pytest
from _helpers import png
from sklearn.datasets import load_wine
from sklearn.preprocessing import StandardScaler

from patterneval.book.dimension_reduction import cocktail_party
from patterneval.decomposition import PCA, fisher_criterion
from patterneval.plotting import new_figure
from patterneval.plotting.decomposition import (
    FisherDirectionPainter,
    plot_explained_variance,
    plot_projections,
    plot_sources,
)
from patterneval.widgets.decomposition import FisherDirectionExplorer

X, y = load_wine(return_X_y=True)
Z = PCA(n_components=2).fit_transform(StandardScaler().fit_transform(X))


def test_painter_shows_the_library_criterion():
    painter = FisherDirectionPainter(new_figure(2))
    painter.set_data(Z, y)
    painter.update(angle=30.0)
    w = np.array([np.cos(np.radians(30)), np.sin(np.radians(30))])
    J = fisher_criterion(w, Z, y)
    assert f"J(w) = {J:.3f}" in painter.ax2.get_title()
    heights = painter.bars[0].get_data().values
    expected, _ = np.histogram(Z[y == 0] @ w, bins=painter.bins)
    np.testing.assert_array_equal(heights, expected)
    assert painter.grid_J.max() >= J


def test_explorer_redraws_on_each_move():
    explorer = FisherDirectionExplorer(Z, y, angle=0.0)
    first = png(explorer)
    explorer.controls["angle"].value = 90.0
    second = png(explorer)
    assert first.startswith(b"\x89PNG") and second.startswith(b"\x89PNG") and first != second


def test_static_figures():
    pca = PCA().fit(StandardScaler().fit_transform(X))
    for fig in (
        plot_projections([Z, Z], y, titles=("a", "b")),
        plot_explained_variance([pca.explained_variance_ratio_], labels=["wine"]),
    ):
        assert fig._repr_png_().startswith(b"\x89PNG")
    party = cocktail_party(300, rng=0)
    fig = plot_sources(party.time, [party.sources, party.mixed], titles=("s", "x"))
    assert len(fig.axes) == 2 and fig._repr_png_().startswith(b"\x89PNG")


def test_caption_and_chapter():
    assert FisherDirectionExplorer.caption.endswith(".")
    assert len(FisherDirectionExplorer.caption) > 40
    assert FisherDirectionExplorer.chapter == "book/part3/dimension-reduction"


def test_plot_projections_takes_a_list_of_labels_as_an_array():
    as_array = plot_projections([Z], y, titles=("a",))
    as_list = plot_projections([Z], y.tolist(), titles=("a",))
    offsets_array = [c.get_offsets() for c in as_array.axes[0].collections]
    offsets_list = [c.get_offsets() for c in as_list.axes[0].collections]
    assert [len(o) for o in offsets_list] == np.bincount(y).tolist()
    for a, b in zip(offsets_array, offsets_list):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match=r"y has 177 entries but panels\[1\] has 178"):
        plot_projections([Z[:-1], Z], y[:-1].tolist(), titles=("a", "b"))
