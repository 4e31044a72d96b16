"""Painters and explorers of the chapters "Two classifiers" and "Many classifiers"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.book.many_classifiers import demsar_table
from patterneval.book.two_classifiers import rejection_grid, simulate_two_classifier_tests
from patterneval.compare import critical_difference, nemenyi_test
from patterneval.plotting import new_figure
from patterneval.plotting.compare import (
    CriticalDifferencePainter,
    RejectionGridPainter,
    plot_critical_difference,
    plot_rejection_rates,
)
from patterneval.widgets import CriticalDifferenceExplorer, TwoClassifierTestsExplorer

GRID = rejection_grid((40, 60), (0.0, 0.05, 0.1), n_datasets=20)


def test_rejection_grid_painter_draws_the_grid():
    fig = new_figure(2)
    painter = RejectionGridPainter(fig)
    painter.update(grid=GRID, n_samples=60, effect=0.05)
    line = painter.lines["effect", "resampled t"]
    np.testing.assert_allclose(line.get_ydata(), GRID.rejection_rate[1, :, 1])
    np.testing.assert_allclose(
        painter.lines["n", "McNemar"].get_ydata(), GRID.rejection_rate[:, 1, 0]
    )
    assert painter.ax_n.get_title() == "effect = 0.05"


def test_critical_difference_painter_uses_the_library():
    fig = new_figure(2)
    painter = CriticalDifferencePainter(fig)
    painter.update(k=4, n_datasets=14, alpha=0.05)
    marks = painter.mark_n.get_ydata()
    assert marks[0] == pytest.approx(critical_difference(4, 14).value)
    assert marks[1] == pytest.approx(critical_difference(4, 14, test="bonferroni-dunn").value)
    assert "CD = 1.25 (Nemenyi), 1.17 (Bonferroni-Dunn)" in painter.ax_n.get_title()


def test_critical_difference_diagram_of_demsar_figure_1():
    t = demsar_table()
    r = nemenyi_test(-t.published_ranks, alpha=0.10)
    fig = plot_critical_difference(r.average_ranks, t.classifiers, r.critical_difference)
    ax = fig.axes[0]
    texts = [x.get_text() for x in ax.texts]
    assert "CD = 1.12" in texts
    assert "C4.5+m+cf (1.96)" in texts and "(3.14) C4.5" in texts
    thick = [line for line in ax.lines if line.get_linewidth() == 3.5]
    assert len(thick) == 2  # two groups (Figure 1a)
    assert ax.get_xlim()[0] > ax.get_xlim()[1]  # best rank on the right
    fig = plot_critical_difference(
        r.average_ranks, t.classifiers, 1.168, control=0, title="Bonferroni-Dunn"
    )
    with pytest.raises(ValueError, match="names"):
        plot_critical_difference(r.average_ranks, t.classifiers[:3], 1.0)


def test_rejection_rate_bars():
    sim = simulate_two_classifier_tests(n_samples=40, n_datasets=20, rng=0)
    ax = plot_rejection_rates(sim).axes[0]
    heights = [p.get_height() for p in ax.patches]
    np.testing.assert_allclose(heights, sim.rejection_rate)
    assert ax.get_title().startswith("type-I error")


def test_two_classifier_explorer_redraws():
    explorer = TwoClassifierTestsExplorer(GRID)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    explorer.controls["effect"].value = 0.1
    second = png(explorer)
    assert second != first
    explorer.controls["n_samples"].value = 40
    assert png(explorer) != second
    assert repr(explorer) == "TwoClassifierTestsExplorer(effect=0.1, n_samples=40)"
    with pytest.raises(ValueError, match="n_samples"):
        TwoClassifierTestsExplorer(GRID, n_samples=50)


@pytest.mark.parametrize("name", ["k", "n_datasets", "alpha"])
def test_critical_difference_explorer_slider_ranges(name):
    explorer = CriticalDifferenceExplorer()
    control = explorer.controls[name]
    values = control.options if name == "alpha" else (control.min, control.max)
    first = png(explorer)
    for value in values:
        control.value = value
        assert png(explorer).startswith(b"\x89PNG")
    assert (
        png(explorer) != first
    )  # test_widgets_controls checks the curves move, not only the title


# ------------------------------------------------------------------ on the user's data
from _helpers import assert_explorer_displays, assert_redraws  # noqa: E402
from sklearn.datasets import load_iris  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

import patterneval as pe  # noqa: E402

A = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.80, 0.83, 0.84]
B = [0.79, 0.83, 0.80, 0.80, 0.83, 0.80, 0.84, 0.78, 0.81, 0.83]


class CountingNB(GaussianNB):
    """GaussianNB that counts its fits (clones share the class counter)."""

    fits = 0

    def fit(self, X, y, sample_weight=None):
        type(self).fits += 1
        return super().fit(X, y, sample_weight=sample_weight)


def _titles(explorer):
    return explorer.painter.ax_d.get_title(), explorer.painter.ax_post.get_title()


def test_two_classifier_from_scores_shows_the_library_tests():
    explorer = TwoClassifierTestsExplorer.from_scores(
        A, B, n_train=67, n_test=33, names=("new", "old")
    )
    for alpha, rope in ((0.05, 0.01), (0.1, 0.01), (0.1, 0.0), (0.01, 0.05)):
        explorer.controls["alpha"].value = alpha
        explorer.controls["rope"].value = rope
        t = pe.corrected_resampled_ttest(A, B, n_train=67, n_test=33)
        post = pe.bayesian_correlated_ttest(A, B, n_train=67, n_test=33, rope=rope)
        d_title, post_title = _titles(explorer)
        verdict = "reject" if t.pvalue < alpha else "do not reject"
        assert (
            d_title
            == f"corrected t = {t.statistic:.2f}, p = {t.pvalue:.3g}: {verdict} 'equal' at α = {alpha:.3g}"
        )
        assert post_title == (
            f"P(A better) {post.p_a_better:.3f}, P(rope) {post.p_rope:.3f}, "
            f"P(B better) {post.p_b_better:.3f}"
        )
        np.testing.assert_allclose(explorer.painter.dots.get_ydata(), t.differences)
    assert explorer.painter.ax_d.get_ylabel() == "score: new − old"
    assert_redraws(explorer, {"alpha": 0.05, "rope": 0.1})
    assert_explorer_displays(explorer)
    assert repr(explorer) == "TwoClassifierTestsExplorer(alpha=0.05, rope=0.1)"


def test_two_classifier_from_estimators_fits_once_and_shows_the_library_tests():
    X, y = load_iris(return_X_y=True)
    CountingNB.fits = 0
    explorer = TwoClassifierTestsExplorer.from_estimators(
        CountingNB(), DecisionTreeClassifier(random_state=0), X, y, cv=5, rng=0, rope=0.02
    )
    assert CountingNB.fits == 5
    res = pe.cv_scores([GaussianNB(), DecisionTreeClassifier(random_state=0)], X, y, cv=5, rng=0)
    np.testing.assert_array_equal(explorer.data.scores_a, res.scores[:, 0])
    np.testing.assert_array_equal(explorer.data.scores_b, res.scores[:, 1])
    assert explorer.data.names == ("CountingNB", "DecisionTreeClassifier")
    for alpha, rope in ((0.1, 0.02), (0.1, 0.0)):
        explorer.controls["alpha"].value = alpha
        explorer.controls["rope"].value = rope
        post = pe.bayesian_correlated_ttest(res, rope=rope)
        t = pe.corrected_resampled_ttest(res)
        assert f"p = {t.pvalue:.3g}" in _titles(explorer)[0]
        assert _titles(explorer)[1].startswith(
            f"P(A better) {post.p_a_better:.3f}, P(rope) {post.p_rope:.3f}"
        )
    assert CountingNB.fits == 5  # the sliders refit nothing
    named = TwoClassifierTestsExplorer.from_estimators(
        GaussianNB(), GaussianNB(var_smoothing=1e-2), X, y, cv=3, rng=0, names=("nb", "smooth nb")
    )
    assert named.data.names == ("nb", "smooth nb")


def test_every_control_of_the_two_classifier_data_explorer_changes_the_drawing():
    from test_widgets_controls import _dead_controls

    explorer = TwoClassifierTestsExplorer.from_scores(A, B, n_train=67, n_test=33)
    assert not _dead_controls("TwoClassifierTestsExplorer", explorer)


@pytest.mark.parametrize(
    "func, args, kwargs, exc, name",
    [
        ("from_scores", (A, B), {"n_train": 0, "n_test": 10}, ValueError, "n_train"),
        ("from_scores", (A, B), {"n_train": 90}, TypeError, "n_test"),
        ("from_scores", (A, B[:-1]), {"n_train": 90, "n_test": 10}, ValueError, "scores_b"),
        (
            "from_scores",
            (A, A),
            {"n_train": 90, "n_test": 10},
            ValueError,
            "differences|equal|spread",
        ),
        ("from_scores", (A, B), {"n_train": 90, "n_test": 10, "alpha": 0.2}, ValueError, "alpha"),
        ("from_scores", (A, B), {"n_train": 90, "n_test": 10, "rope": 0.5}, ValueError, "rope"),
        (
            "from_scores",
            (A, B),
            {"n_train": 90, "n_test": 10, "names": ("a", "a")},
            ValueError,
            "names",
        ),
        ("from_scores", (A, B), {"n_train": 90, "n_test": 10, "names": "ab"}, TypeError, "names"),
        ("from_estimators", (object(), GaussianNB()), {}, TypeError, "estimator_a"),
        ("from_estimators", (GaussianNB(), "tree"), {}, TypeError, "estimator_b"),
        (
            "from_estimators",
            (GaussianNB(), GaussianNB()),
            {"rng": "zero"},
            (TypeError, ValueError),
            "rng",
        ),
        ("from_estimators", (GaussianNB(), GaussianNB()), {"random_state": 0}, TypeError, "rng"),
        ("from_estimators", (GaussianNB(), GaussianNB()), {"cv": 1}, ValueError, "cv"),
        (
            "from_estimators",
            (GaussianNB(), GaussianNB()),
            {"metric": "no_such_metric"},
            ValueError,
            "metric",
        ),
        ("from_estimators", (GaussianNB(), GaussianNB()), {"alpha": 0.5}, ValueError, "alpha"),
    ],
)
def test_the_two_classifier_data_constructors_reject_bad_input(func, args, kwargs, exc, name):
    if func == "from_estimators":
        X, y = load_iris(return_X_y=True)
        args = (*args, X, y)
        kwargs = {"cv": 3, **kwargs}
    with pytest.raises(exc, match=name):
        getattr(TwoClassifierTestsExplorer, func)(*args, **kwargs)
