"""Painter and explorer of the chapter "Interval estimates for the CV error"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.book import cv_intervals as CI
from patterneval.plotting import new_figure
from patterneval.plotting.perturbation import (
    draw_perturbation,
    plot_perturbation_coverage,
)
from patterneval.resampling import perturbation as P
from patterneval.widgets.perturbation import PerturbationExplorer


@pytest.fixture(scope="module")
def results():
    X, y = CI.two_gaussians(60, rng=0)
    return {
        m: P.perturbation_interval(X, y, cv=5, n_resamples=200, rng=0, method=m)
        for m in P.PERTURBATION_METHODS
    }


@pytest.fixture(scope="module")
def result(results):
    return results["apparent"]


@pytest.mark.parametrize("method", P.PERTURBATION_METHODS)
def test_painter_shows_the_interval_and_quantiles(results, method):
    result = results[method]
    fig = draw_perturbation(new_figure(), result=result, confidence_level=0.9, n_resamples=100)
    painter_lines = [line.get_xdata()[0] for line in fig.axes[0].lines[:2]]
    first = result.replicates[:100]
    if method == "perturbed-cv":  # the raw quantiles of W*
        expected = np.quantile(first, [0.05, 0.95])
    else:  # mean -+ the 0.95-quantile of the centred replicates
        xi = np.quantile(first - first.mean(), 0.95)
        expected = [first.mean() - xi, first.mean() + xi]
    np.testing.assert_allclose(painter_lines, expected, atol=1e-12)
    mean_line = fig.axes[0].lines[3].get_xdata()[0]
    assert mean_line == pytest.approx(first.mean())
    assert method in fig.axes[0].get_title()
    low, high = result.confidence_interval(0.9, n_resamples=100)
    assert f"[{low:.3f}, {high:.3f}]" in fig.axes[1].get_title()
    band = fig.axes[1].patches[-1]
    assert band.get_x() == pytest.approx(low) and band.get_width() == pytest.approx(high - low)


def test_explorer_redraws_on_each_move(results, result):
    single = PerturbationExplorer(result)
    assert "method" not in single.controls
    explorer = PerturbationExplorer(results)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    for level in (0.8, 0.9, 0.6):
        explorer.controls["confidence_level"].value = level
    second = png(explorer)
    assert second != first
    explorer.controls["n_resamples"].value = 50
    assert png(explorer) != second
    third = png(explorer)
    assert third != second
    explorer.controls["method"].value = "perturbed-cv"
    assert png(explorer) != third
    assert "perturbed-cv" in explorer.figure.axes[0].get_title()
    assert (
        repr(explorer)
        == "PerturbationExplorer(method='perturbed-cv', confidence_level=0.6, n_resamples=50)"
    )
    with pytest.raises(ValueError, match="method must be one of"):
        PerturbationExplorer(results, method="bootstrap")


def test_coverage_figure_counts():
    sim = CI.simulate_perturbation_coverage(40, n_datasets=6, n_resamples=20, n_truth=20, rng=0)
    fig = plot_perturbation_coverage(sim)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert (
        f"covers ({sim.covered.sum()})" in labels and f"misses ({(~sim.covered).sum()})" in labels
    )
    fig = plot_perturbation_coverage(sim, max_rows=4)  # the first 4 data sets only
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert f"covers ({sim.covered[:4].sum()})" in labels


def test_explorer_takes_any_mapping_of_results(results):
    from types import MappingProxyType

    explorer = PerturbationExplorer(MappingProxyType(results), method="perturbed-cv")
    assert list(explorer.results) == list(results)
    assert explorer.controls["method"].value == "perturbed-cv"
    with pytest.raises(ValueError, match="results must hold at least one PerturbationInterval"):
        PerturbationExplorer(MappingProxyType({}))
