"""Painter, figures and explorer of the chapter "Dimension reduction"."""

import numpy as np
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
