"""Painters and explorer of the chapter "Distances"."""

import numpy as np
import pytest
from _helpers import png

import patterneval as pe
from patterneval.plotting.distance import (
    mahalanobis_ellipse,
    plot_mahalanobis,
    plot_unit_balls,
    plot_vdm,
    unit_ball_boundary,
)
from patterneval.widgets.distance import UnitBallExplorer


@pytest.mark.parametrize("p", [0.3, 0.5, 1.0, 2.0, 3.0, np.inf])
def test_unit_ball_points_are_at_distance_one(p):
    z = unit_ball_boundary(p, w=[2.0, 0.5], n_points=101)
    with (
        np.errstate(all="ignore"),
        pytest.warns(pe.distance.NotAMetricWarning) if p < 1 else _nothing(),
    ):
        d = pe.minkowski(z, [0, 0], p=p, w=[2.0, 0.5])
    np.testing.assert_allclose(d, 1.0, rtol=1e-12)
    np.testing.assert_allclose(z[0], z[-1], atol=1e-12)  # closed curve


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_mahalanobis_ellipse_points_are_at_the_radius():
    cov = np.array([[3.0, 1.0], [1.0, 1.0]])
    for r in (0.5, 1, 3):
        z = mahalanobis_ellipse([1, -1], cov, r, n_points=50)
        np.testing.assert_allclose(pe.mahalanobis(z, [1, -1], cov), r, rtol=1e-12)


def test_unit_ball_figure_shows_the_triangle_inequality():
    fig = plot_unit_balls(0.5)
    bars = fig.axes[1].patches
    # heights relative to d(a, b) + d(b, c) = 2; the labels give the distances
    assert bars[0].get_height() == pytest.approx(2**2 / 2) and bars[1].get_height() == 1.0
    assert [t.get_text() for t in fig.axes[1].texts] == ["4.000", "2.000"]
    assert "FAILS" in fig.axes[1].get_title()
    fig = plot_unit_balls(2.0, w=(1.0, 3.0))
    bars = fig.axes[1].patches
    assert (
        bars[0].get_height() == pytest.approx(2.0 / (1 + np.sqrt(3)))
        and bars[1].get_height() == 1.0
    )
    assert "holds" in fig.axes[1].get_title()


def test_static_figures_render():
    rng = np.random.default_rng(0)
    cov = np.array([[2.0, 1.2], [1.2, 1.0]])
    X = rng.multivariate_normal([0, 0], cov, size=200)
    fig = plot_mahalanobis(X, mean=[0, 0], cov=cov, query=[[1.5, 1.5], [1.5, -1.5]])
    assert len(fig.axes) == 2 and len(fig.axes[0].lines) == 3 + 2
    res = pe.vdm(["a", "b", "b", "c"], [0, 0, 1, 1])
    fig = plot_vdm(res)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert texts.count("2.00") == 2 and texts.count("0.00") == 3
    assert fig._repr_png_().startswith(b"\x89PNG")


def test_explorer_redraws_on_each_move():
    # latency is measured in benchmarks/bench_distance.py, never asserted here (noisy machines)
    explorer = UnitBallExplorer(p=2.0)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    for p in (0.5, np.inf, 1.0, 0.3):
        explorer.controls["p"].value = p
    second = png(explorer)
    assert second != first
    explorer.controls["w1"].value = 3.0
    assert png(explorer) != second
    assert repr(explorer) == "UnitBallExplorer(p=0.3, w1=3.0, w2=1.0)"
    assert "FAILS" in explorer.painter.bar_title.get_text()
