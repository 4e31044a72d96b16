"""Painter, figures and explorer of the chapter "Diversity"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.book.diversity import correlated_pair
from patterneval.ensemble.diversity import (
    correlation,
    kappa_error,
    pair_table,
)
from patterneval.plotting.ensemble_diversity import (
    plot_error_ambiguity,
    plot_kappa_error,
)
from patterneval.widgets.ensemble_diversity import PairDiversityExplorer


def test_correlated_pair_rates_and_sign():
    h1, h2 = correlated_pair(0.8, 0.3, 4000, rng=1)
    assert set(np.unique(h1)) == {-1, 1}
    # each positive with probability 0.3: 4 standard errors of a proportion over 4000
    se = np.sqrt(0.3 * 0.7 / 4000)
    assert abs(np.mean(h1 == 1) - 0.3) < 4 * se and abs(np.mean(h2 == 1) - 0.3) < 4 * se
    assert (
        correlation(h1, h2) > 0.4 and correlation(*correlated_pair(-0.8, 0.3, 4000, rng=1)) < -0.4
    )


def test_explorer_redraws_and_shows_cached_values():
    ex = PairDiversityExplorer(
        correlations=(-0.5, 0.0, 0.5),
        positive_rates=(0.3, 0.5),
        latent_correlation=0.0,
        positive_rate=0.5,
    )
    first = png(ex)
    ex.controls["latent_correlation"].value = 0.5
    assert png(ex) != first
    table, measures = ex.cache[0.5, 0.5]
    h1, h2 = correlated_pair(0.5, 0.5, 400, rng=0)
    t = pair_table(h1, h2)
    assert table == (t.a, t.b, t.c, t.d)
    assert ex.painter.bars[1].get_height() == measures["correlation"]
    # the cached measures, against the 2x2 formulas written here (not the functions the
    # explorer called): rho = (ad - bc) / sqrt((a+b)(c+d)(a+c)(b+d)), disagreement (b+c)/n
    a, b, c, d = table
    rho = (a * d - b * c) / np.sqrt((a + b) * (c + d) * (a + c) * (b + d))
    assert measures["correlation"] == pytest.approx(rho, rel=1e-12)
    assert measures["disagreement"] == pytest.approx((b + c) / 400, rel=1e-12)
    assert measures["q_statistic"] == pytest.approx((a * d - b * c) / (a * d + b * c), rel=1e-12)
    assert ex.painter.cells[0][0].get_text() == f"a = {t.a}"
    assert repr(ex) == "PairDiversityExplorer(latent_correlation=0.5, positive_rate=0.5)"


def test_static_figures():
    P = np.array([[0, 1, 1, 0], [0, 1, 0, 0], [1, 1, 1, 0]])
    ke = kappa_error(P, [0, 1, 1, 0])
    fig = plot_kappa_error(ke.kappa, ke.mean_error)
    np.testing.assert_allclose(fig.axes[0].collections[0].get_offsets()[:, 1], ke.mean_error)
    fig = plot_error_ambiguity([1, 2, 4], [3.0, 2.0, 1.5], [3.0, 3.0, 3.0], [0.0, 1.0, 1.5])
    np.testing.assert_allclose(fig.axes[0].lines[3].get_ydata(), [3.0, 2.0, 1.5])


def test_explorer_stores_nan_for_a_measure_undefined_on_the_pair():
    # 5 samples, share 0.1: both classifiers predict -1 everywhere (table a=b=c=0, d=5), so
    # correlation, Q and kappa are 0/0 and the explorer stores nan ("undefined") for them
    ex = PairDiversityExplorer(
        correlations=(0.9,),
        positive_rates=(0.1,),
        n_samples=5,
        latent_correlation=0.9,
        positive_rate=0.1,
    )
    table, measures = ex.cache[0.9, 0.1]
    assert table == (0, 0, 0, 5)
    assert measures["disagreement"] == 0.0
    assert all(np.isnan(measures[m]) for m in ("correlation", "q_statistic", "kappa"))
    assert png(ex).startswith(b"\x89PNG")
