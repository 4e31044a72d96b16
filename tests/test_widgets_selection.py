"""Painters and explorers of "Feature-selection leakage" and "Permutation tests"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.book.feature_selection import leak_grid
from patterneval.book.permutation_tests import signal_tests
from patterneval.plotting.permutation import plot_null_distribution
from patterneval.plotting.selection import plot_leak_grid
from patterneval.widgets.permutation import PermutationExplorer
from patterneval.widgets.selection import SelectionLeakExplorer


@pytest.fixture(scope="module")
def grid():
    return leak_grid((30, 300), (1, 10), n_samples=30, n_datasets=2, cv=3, rng=0)


@pytest.fixture(scope="module")
def tests():
    return signal_tests((0.0, 2.0), n_samples=30, n_resamples=30, cv=3, rng=0)


@pytest.mark.parametrize(
    "make, control, value",
    [
        (lambda g, t: SelectionLeakExplorer(grid=g), "k", 1),
        (lambda g, t: SelectionLeakExplorer(grid=g), "n_features", 30),
        (lambda g, t: PermutationExplorer(tests=t), "signal", 2.0),
        (lambda g, t: PermutationExplorer(tests=t), "n_resamples", 5),
    ],
)
def test_explorers_redraw(grid, tests, make, control, value):
    # latency is measured in benchmarks/bench_permutation.py, not asserted here
    explorer = make(grid, tests)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    explorer.controls[control].value = value
    assert png(explorer) != first
    assert repr(explorer).startswith(type(explorer).__name__ + "(")


def test_static_figures(grid, tests):
    fig = plot_leak_grid(grid, n_features=300, k=10)
    assert len(fig.axes) == 2 and fig._repr_png_().startswith(b"\x89PNG")
    fig = plot_null_distribution(tests[2.0])
    assert "p = (b+1)/(m+1) = 0.0323" in fig.axes[0].get_title()
    assert "b = 0 of m = 30" in fig.axes[0].get_title()


def test_painters_draw_the_library_values(grid, tests):
    fig = plot_leak_grid(grid, n_features=300, k=10)
    ax_k, ax_p = fig.axes
    cv1_k = [line for line in ax_k.get_lines() if line.get_label().startswith("CV1")][0]
    cv2_p = [line for line in ax_p.get_lines() if line.get_label().startswith("CV2")][0]
    np.testing.assert_array_equal(cv1_k.get_ydata(), grid.cv1_mean[1])  # row p = 300
    np.testing.assert_array_equal(cv2_p.get_ydata(), grid.cv2_mean[:, 1])  # column k = 10
    np.testing.assert_allclose(10 ** np.asarray(cv1_k.get_xdata()), grid.k)
    assert [t.get_text() for t in ax_p.get_xticklabels()] == ["30", "300"]
    fig = plot_null_distribution(tests[0.0].head(20))
    (steps,) = fig.axes[0].patches
    expected, _ = np.histogram(tests[0.0].null_distribution[:20], bins=np.linspace(0, 1, 41))
    np.testing.assert_array_equal(steps.get_data().values, expected)


def test_explorers_compute_their_own_data_when_not_given():
    options = dict(n_features=(8, 40), k=(1, 4), n_samples=12, n_datasets=1, cv=2)
    leak = SelectionLeakExplorer(grid_options=options)
    assert leak.values == {"n_features": 40, "k": 4}  # p = largest, k = middle of the grid
    expected = leak_grid((8, 40), (1, 4), n_samples=12, n_datasets=1, cv=2, rng=0)
    np.testing.assert_array_equal(leak.grid.cv1, expected.cv1)
    perm = PermutationExplorer(
        test_options=dict(signals=(0.0, 1.0), n_samples=12, n_resamples=5, cv=2)
    )
    assert perm.values == {"signal": 0.0, "n_resamples": 5}
    expected = signal_tests((0.0, 1.0), n_samples=12, n_resamples=5, cv=2, rng=0)
    np.testing.assert_array_equal(
        perm.tests[1.0].null_distribution, expected[1.0].null_distribution
    )
