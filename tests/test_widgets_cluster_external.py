"""Painter and explorer of the chapter "External indices"."""

import numpy as np
import pytest
from _helpers import png
from sklearn import metrics as skm

from patterneval.book.external_indices import relabel, relabel_profiles
from patterneval.cluster.external import (
    INDEX_NAMES,
    adjusted_mutual_info,
    all_indices,
    expected_mutual_info,
)
from patterneval.plotting.cluster_external import plot_chance_drift
from patterneval.widgets.cluster_external import RelabelExplorer

TRUE = np.repeat(np.arange(3), 50)


def test_relabel_keeps_all_but_the_fraction():
    noisy = relabel(TRUE, 0.4, n_clusters=7, rng=3)
    assert np.count_nonzero(noisy != TRUE) <= 60 and noisy.max() < 7
    assert np.array_equal(relabel(TRUE, 0.0, rng=0), TRUE)
    with pytest.raises(ValueError, match=r"fraction must be a real number in \[0, 1\]; got 1.5"):
        relabel(TRUE, 1.5)


def test_all_indices_and_profiles_match_the_functions():
    p = relabel(TRUE, 0.5, rng=1)
    scores = all_indices(TRUE, p)
    assert list(scores) == list(INDEX_NAMES)
    # each entry is its index, checked against scikit-learn rather than against the
    # function that all_indices itself calls
    peers = {
        "rand_index": skm.rand_score,
        "adjusted_rand_index": skm.adjusted_rand_score,
        "fowlkes_mallows_index": skm.fowlkes_mallows_score,
        "mutual_info": skm.mutual_info_score,
        "normalized_mutual_info": skm.normalized_mutual_info_score,
    }
    for name, peer in peers.items():
        assert scores[name] == pytest.approx(peer(TRUE, p), rel=1e-12, abs=1e-15), name
    prof = relabel_profiles(TRUE, grid=[0.0, 1.0], cluster_options=(2,))
    assert prof[2]["adjusted_rand_index"][0] == 1.0 and prof[2]["minkowski_score"][0] == 0.0


def test_explorer_redraws_and_shows_the_values():
    explorer = RelabelExplorer(TRUE, cluster_options=(2, 10), noise=0.3)
    first = png(explorer)
    for value in (0.5, 0.8, 0.1):
        explorer.controls["noise"].value = value
    assert png(explorer) != first
    explorer.controls["n_clusters"].value = 10
    bars = explorer.painter.bars
    i = int(np.argmin(np.abs(explorer.grid - 0.1)))
    assert bars[1].get_width() == explorer.profiles[10]["adjusted_rand_index"][i]
    assert repr(explorer) == "RelabelExplorer(noise=0.1, n_clusters=10, view='indices')"
    explorer.controls["noise"].value = 0.1 + 0.2  # 0.30000000000000004: the repr rounds it
    assert repr(explorer) == "RelabelExplorer(noise=0.3, n_clusters=10, view='indices')"


@pytest.mark.parametrize("rng", [0, np.random.default_rng(4)])
def test_the_information_view_scores_the_same_relabelled_copies(rng):
    explorer = RelabelExplorer(TRUE, cluster_options=(2, 10), rng=rng)
    for c, profile in explorer.profiles.items():
        info = explorer.information[c]
        # the same copies as the indices view: its MI and NMI, bit for bit
        np.testing.assert_array_equal(info["mutual_info"], profile["mutual_info"])
        np.testing.assert_array_equal(
            info["normalized_mutual_info"], profile["normalized_mutual_info"]
        )
        assert info["adjusted_mutual_info"][0] == 1.0 and info["vi_over_log_n"][0] == 0.0
    copy = relabel(TRUE, 1.0, n_clusters=10, rng=5)
    assert 0 < expected_mutual_info(TRUE, copy) and abs(adjusted_mutual_info(TRUE, copy)) < 0.05


def test_the_information_view_draws_and_redraws():
    explorer = RelabelExplorer(TRUE, cluster_options=(2, 10), noise=1.0, n_clusters=10)
    first = png(explorer)
    explorer.controls["view"].value = "information"
    painter = explorer.painter
    info = explorer.information[10]
    assert [b.get_width() for b in painter.bars] == [info[n][-1] for n in info]
    visible = [ax for ax in explorer.figure.axes if ax.get_visible()]
    assert visible == [painter.ax_bar, painter.ax_line] and len(explorer.figure.axes) == 4
    assert painter.ax_bar.get_xlim() == pytest.approx(explorer.information_limits)
    assert painter.ax_bar.get_yticklabels()[-1].get_text() == "VI / log n"
    assert np.all((info["vi_over_log_n"] >= 0) & (info["vi_over_log_n"] <= 1))  # VI <= log n
    shown = png(explorer)
    assert shown != first
    explorer.controls["noise"].value = 0.5
    assert png(explorer) != shown
    i = int(np.argmin(np.abs(explorer.grid - 0.5)))
    assert painter.bars[3].get_width() == info["adjusted_mutual_info"][i]
    # back to the indices view: today's figure, its bars the indices of all_indices
    explorer.controls["noise"].value = 1.0
    explorer.controls["view"].value = "indices"
    assert png(explorer) == first
    assert painter.bars[1].get_width() == explorer.profiles[10]["adjusted_rand_index"][-1]
    assert painter.ax_bar.get_xlim() == (-0.6, 1.6)


def test_chance_drift_figure():
    fig = plot_chance_drift([2, 4], np.array([[0.5, 0.6], [0.6, 0.7]]), np.zeros((2, 2)))
    np.testing.assert_allclose(fig.axes[0].lines[0].get_ydata(), [0.55, 0.65])
