"""The explorer and figures of the chapter "How many clusters, and how stable?"."""

import numpy as np
import pytest
from _helpers import assert_explorer_displays, assert_redraws
from sklearn.cluster import KMeans
from threadpoolctl import threadpool_limits

import patterneval as pe
from patterneval.book.cluster_stability import stability_blobs, stability_view
from patterneval.plotting import cluster_stability as plots
from patterneval.widgets.cluster_stability import ClusterStabilityExplorer


@pytest.fixture(autouse=True, scope="module")
def _one_thread():
    with threadpool_limits(limits=1):
        yield


@pytest.fixture(scope="module")
def explorer():
    return ClusterStabilityExplorer(
        noise=1.0, k=3, noises=(0.5, 1.0, 2.0), ks=range(2, 5), n=60, n_resamples=4, n_references=3
    )


def test_explorer_redraws_on_each_move(explorer):
    assert_redraws(explorer, {"k": 4, "method": "noise", "noise": 2.0})
    assert explorer.values == {"noise": 2.0, "k": 4, "method": "noise"}


def test_explorer_repr_and_static_note(explorer):
    assert_explorer_displays(explorer)


def test_explorer_shows_the_library_values(explorer):
    """The bars are pe.cluster_stability's means; the gap curve is pe.gap_statistic's."""
    for control, value in (("noise", 1.0), ("k", 3), ("method", "bootstrap")):
        explorer.controls[control].value = value
    view = explorer.views[(1.0, 3, "bootstrap")]
    X = view["X"]
    expected = pe.cluster_stability(X, KMeans(n_clusters=3, n_init=3), n_resamples=4, rng=0)
    heights = [bar.get_height() for bar in explorer.painter.bars]
    np.testing.assert_array_equal(heights[:3], expected.stability)
    assert heights[3:] == [0.0] * (len(heights) - 3)
    gap = pe.gap_statistic(X, KMeans(n_init=3), range(1, 5), n_references=3, rng=0)
    np.testing.assert_array_equal(explorer.painter.gap_line.get_ydata(), gap.gap)


def test_explorer_rejects_too_many_k():
    with pytest.raises(ValueError, match="ks"):
        ClusterStabilityExplorer(ks=range(2, 9))


def test_stability_view_and_blobs():
    X, y = stability_blobs(0.5, n=90, rng=1)
    centres = np.array([X[y == c].mean(0) for c in range(3)])
    d = np.linalg.norm(centres[:, None] - centres[None], axis=2)[np.triu_indices(3, 1)]
    assert np.allclose(d, 6.0, atol=0.5)
    view = stability_view(0.5, 3, "subsample", n=60, n_resamples=3, n_references=3, k_max=4)
    assert view["stability"].method == "subsample" and view["gap"].k_values.tolist() == [1, 2, 3, 4]


def test_static_figures():
    X, _ = stability_blobs(0.7, n=60)
    gap = pe.gap_statistic(X, KMeans(n_init=2), range(1, 5), n_references=3, rng=0)
    fig = plots.plot_gap({"a": gap, "b": gap})
    assert len(fig.axes) == 2 and fig._repr_png_().startswith(b"\x89PNG")
    res = pe.cluster_stability(X, KMeans(n_clusters=3, n_init=2), n_resamples=3, rng=0)
    fig = plots.plot_stability({"k = 3": res})
    assert len(fig.axes[0].patches) == 3 and fig._repr_png_().startswith(b"\x89PNG")


# ------------------------------------------------------------------ on the user's data
from sklearn.cluster import DBSCAN  # noqa: E402
from sklearn.datasets import make_blobs  # noqa: E402

from patterneval.decomposition import PCA  # noqa: E402


@pytest.fixture(scope="module")
def blobs():
    X, _ = make_blobs(n_samples=90, centers=3, n_features=4, cluster_std=1.5, random_state=3)
    return X


@pytest.fixture(scope="module")
def data_explorer(blobs):
    return ClusterStabilityExplorer.from_data(
        blobs, KMeans(n_init=3), [2, 3, 4], n_resamples=4, n_references=3, rng=0, k=3
    )


def test_from_data_shows_the_library_values(blobs, data_explorer):
    explorer = data_explorer
    assert explorer.values == {"k": 3}
    for k in (2, 3, 4):
        explorer.controls["k"].value = k
        expected = pe.cluster_stability(blobs, KMeans(n_clusters=k, n_init=3), n_resamples=4, rng=0)
        np.testing.assert_array_equal(explorer.data.stability[k].stability, expected.stability)
        np.testing.assert_array_equal(explorer.data.stability[k].labels, expected.labels)
        heights = [bar.get_height() for bar in explorer.painter.bars]
        np.testing.assert_array_equal(heights[:k], expected.stability)
        assert heights[k:] == [0.0] * (len(heights) - k)
        assert explorer.painter.ax_data.get_title() == f"k = {k}"
        assert f"min {expected.stability.min():.2f}, mean {expected.stability.mean():.2f}" in (
            explorer.painter.ax_stab.get_title()
        )
    gap = pe.gap_statistic(blobs, KMeans(n_init=3), [1, 2, 3, 4], n_references=3, rng=0)
    np.testing.assert_array_equal(explorer.painter.gap_line.get_ydata(), gap.gap)
    assert explorer.painter.ax_k.get_title() == f"gap's 1-SE choice: k = {gap.n_clusters}"
    np.testing.assert_allclose(
        explorer.painter.points.get_offsets(), PCA(n_components=2).fit_transform(blobs)
    )
    assert_explorer_displays(explorer)


def test_from_data_every_control_changes_the_drawing(data_explorer):
    from test_widgets_controls import _dead_controls

    assert not _dead_controls("ClusterStabilityExplorer", data_explorer)


def test_from_data_two_columns_are_drawn_as_given_and_the_gap_can_be_skipped():
    X, _ = make_blobs(n_samples=40, centers=2, n_features=2, random_state=0)
    explorer = ClusterStabilityExplorer.from_data(
        X, KMeans(n_init=2), [2, 3], n_resamples=3, n_references=None, method="subsample", rng=1
    )
    np.testing.assert_array_equal(explorer.painter.points.get_offsets(), X)
    assert explorer.data.gap is None and explorer.painter.ax_k.get_title() == "no gap statistic"
    assert "subsample" in explorer.painter.ax_stab.get_title()


@pytest.mark.parametrize(
    "args, kwargs, exc, name",
    [
        ((np.arange(10.0), KMeans(), [2, 3]), {}, ValueError, "X"),
        ((None, DBSCAN(), [2, 3]), {}, TypeError, "clusterer"),
        ((None, KMeans, [2, 3]), {}, TypeError, "clusterer"),
        ((None, KMeans(n_init=2), [1, 2]), {}, ValueError, "k_values"),
        ((None, KMeans(n_init=2), [3, 2]), {}, ValueError, "k_values"),
        ((None, KMeans(n_init=2), 3), {}, TypeError, "k_values"),
        ((None, KMeans(n_init=2), [2, 3]), {"k": 5}, ValueError, "k"),
        ((None, KMeans(n_init=2), [2, 3]), {"method": "jackknife"}, ValueError, "method"),
        ((None, KMeans(n_init=2), [2, 3]), {"n_resamples": 0}, ValueError, "n_resamples"),
        ((None, KMeans(n_init=2), [2, 3]), {"n_references": 0}, ValueError, "n_references"),
        ((None, KMeans(n_init=2), [2, 3]), {"random_state": 0}, TypeError, "rng"),
    ],
)
def test_from_data_rejects_bad_input(blobs, args, kwargs, exc, name):
    X = blobs if args[0] is None else args[0]
    with pytest.raises(exc, match=name):
        ClusterStabilityExplorer.from_data(
            X, *args[1:], **{"n_resamples": 2, "n_references": 2, **kwargs}
        )


def test_from_data_one_column_is_drawn_along_a_line():
    X, _ = make_blobs(n_samples=40, centers=2, n_features=1, random_state=0)
    explorer = ClusterStabilityExplorer.from_data(
        X, KMeans(n_init=2), [2, 3], n_resamples=3, n_references=None, rng=1
    )
    np.testing.assert_array_equal(explorer.data.projection, np.c_[X[:, 0], np.zeros(40)])
    assert explorer.data.axis_labels == ("feature 0", "")
    np.testing.assert_array_equal(explorer.painter.points.get_offsets(), explorer.data.projection)
