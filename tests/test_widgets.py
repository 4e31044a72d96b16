"""Explorers: built from tested drawing functions, redrawn from the kernel side on each move."""

import numpy as np
import pytest
from _helpers import assert_explorer_displays, png

from patterneval import plotting
from patterneval.widgets import SelectiveSamplingExplorer, TestErrorExplorer

EXPLORERS = [
    (TestErrorExplorer, dict(n=40, error=0.1, confidence_level=0.9, n_datasets=500), "n", 120),
    (
        SelectiveSamplingExplorer,
        dict(prior=0.6, error1=0.1, error2=0.3, n=100, n_datasets=2_000),
        "error2",
        0.1,
    ),
]


@pytest.mark.parametrize("cls, kwargs, control, new_value", EXPLORERS)
def test_explorer_draws_once_and_redraws_on_each_move(cls, kwargs, control, new_value):
    explorer = cls(**kwargs)
    first = png(explorer)
    assert first.startswith(b"\x89PNG")
    explorer.controls[control].value = new_value  # a slider move
    second = png(explorer)  # still exactly one output: replaced, not appended
    assert second != first
    assert explorer.values[control] == pytest.approx(new_value)


@pytest.mark.parametrize("cls, kwargs, control, new_value", EXPLORERS)
def test_explorer_repr_is_short_and_stable(cls, kwargs, control, new_value):
    assert_explorer_displays(cls(**kwargs))


def test_draw_test_error_panels():
    fig = plotting.new_figure()
    plotting.draw_test_error(fig, n=30, error=0.1, n_datasets=200)
    ax_dist, ax_ci, ax_cov = fig.axes
    assert [t.get_text() for t in ax_ci.get_yticklabels()] == list(plotting.INTERVAL_METHODS)
    # the sampling distribution's sticks sum to one (all but a 1e-6 tail)
    heights = np.concatenate([np.diff(seg[:, 1]) for seg in ax_dist.collections[0].get_segments()])
    assert heights.sum() == pytest.approx(1.0, abs=1e-4)


def test_draw_selective_sampling_reports_the_formula_gap():
    fig = plotting.new_figure()
    plotting.draw_selective_sampling(
        fig, prior=0.5, error1=0.1, error2=0.3, n=100, n_datasets=1_000
    )
    text = fig.axes[0].texts[0].get_text()
    assert "gap = P1 P2 (e1-e2)^2/N = 0.0001" in text  # 0.5 * 0.5 * 0.2^2 / 100


def test_book_figures_display_as_png_without_pyplot():
    # a notebook that never imports pyplot has no inline formatter for Figure
    fig = plotting.plot_log_likelihood(3, 20)
    assert fig._repr_png_().startswith(b"\x89PNG")
    from IPython.core.formatters import DisplayFormatter

    data, _ = DisplayFormatter().format(fig)
    assert "image/png" in data


def test_static_figures_have_expected_axes():
    assert len(plotting.plot_log_likelihood(3, 20).axes) == 1
    assert len(plotting.plot_coverage_curves(20, errors=[0.1, 0.2]).axes) == len(
        plotting.INTERVAL_METHODS
    )


def _explorer_classes():
    import patterneval.widgets as w

    return [
        obj
        for name in w.__all__
        if name != "Explorer"
        if isinstance(obj := getattr(w, name), type) and issubclass(obj, w.Explorer)
    ]


@pytest.mark.parametrize("cls", _explorer_classes(), ids=lambda c: c.__name__)
def test_every_explorer_has_a_caption_and_a_chapter_that_uses_it(cls):
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    assert len(cls.caption) > 40 and cls.caption.endswith("."), cls.caption
    notebook = root / f"{cls.chapter}.ipynb"
    assert notebook.is_file(), f"{cls.__name__}.chapter = {cls.chapter!r} is not a notebook"
    assert f"{cls.__name__}(" in notebook.read_text(encoding="utf-8")
    screenshot = root / "book" / "appendix" / "explorers" / f"{cls.__name__}.png"
    assert screenshot.is_file(), (
        f"no screenshot of {cls.__name__} for the Explorers page: run `make screenshots`"
    )


@pytest.mark.parametrize("cls", _explorer_classes(), ids=lambda c: c.__name__)
def test_every_explorer_draws_through_a_painter(cls):
    assert issubclass(cls.painter, plotting.Painter), cls.painter


def test_every_control_comes_from_the_one_factory():
    from patterneval.widgets._base import STYLE, control, float_slider, int_slider, selection_slider

    slider = int_slider("N", 20, 2, 300)
    assert (slider.value, slider.min, slider.max, slider.step) == (20, 2, 300, 1)
    assert (
        not slider.continuous_update
        and slider.style.description_width == STYLE["description_width"]
    )
    assert float_slider("p", 0.5, 0.0, 1.0, 0.05, readout_format=".3f").readout_format == ".3f"
    assert selection_slider("k", [2, 3], 3).value == 3
    toggle = control("toggle", "mode", "b", options=["a", "b"])
    assert toggle.value == "b" and toggle.style.description_width == "initial"


#: Keywords for each ``draw_<what>`` function of ``plotting.__all__`` (small and fast).
DRAW_KEYWORDS = {
    "draw_bootstrap": dict(n=10, n_resamples=200),
    "draw_ensemble_bounds": dict(error=0.3, n_voters=21, correlation=0.0, n_datasets=200),
    "draw_evolution": dict(
        mutation_rate=0.05,
        crossover_rate=0.7,
        selection="roulette",
        n_bits=12,
        population_size=10,
        n_generations=6,
        rng=3,
    ),
    "draw_perturbation": None,  # a PerturbationInterval, made in the test
    "draw_reliability": dict(slope=2.0, shift=0.3, n=800, n_bins=8, rng=1),
    "draw_roc": dict(auc=0.8, n=40, confidence_level=0.9, rng=3),
    "draw_selective_sampling": dict(prior=0.5, error1=0.1, error2=0.3, n=100, n_datasets=1_000),
    "draw_test_error": dict(n=30, error=0.1, n_datasets=200),
    "draw_vote_rates": dict(accuracy=0.6, n_voters=9),
}


def _draw_keywords(name):
    if name == "draw_perturbation":
        from patterneval.book.cv_intervals import two_gaussians
        from patterneval.resampling.perturbation import perturbation_interval

        X, y = two_gaussians(30, rng=0)
        return dict(
            result=perturbation_interval(X, y, cv=3, n_resamples=50, rng=0), confidence_level=0.9
        )
    return DRAW_KEYWORDS[name]


def _pixels(fig) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    canvas.draw()
    return bytes(canvas.buffer_rgba())


def test_draw_functions_are_their_painters_drawn_once():
    names = sorted(name for name in plotting.__all__ if name.startswith("draw_"))
    assert names == sorted(DRAW_KEYWORDS)
    for name in names:
        function = getattr(plotting, name)
        painter = getattr(plotting, function.__doc__.split(":class:`")[1].split("`")[0])
        assert issubclass(painter, plotting.Painter) and function.__name__ == name
        assert function.__module__ == painter.__module__
        # the same keywords draw the same figure, returned
        kwargs = _draw_keywords(name)
        fig, expected = plotting.new_figure(), plotting.new_figure()
        assert function(fig, **kwargs) is fig and fig.axes, name
        painter(expected).update(**kwargs)
        assert [ax.get_title() for ax in fig.axes] == [ax.get_title() for ax in expected.axes], name
        assert _pixels(fig) == _pixels(expected), name
        # an unknown keyword is refused
        with pytest.raises(TypeError):
            function(plotting.new_figure(), **kwargs, not_a_keyword=1)
    # one draw function against numbers it did not compute: two voters of accuracy 0.6 are
    # correct by majority (more than T/2 votes) with probability sum_k C(T,k) 0.6^k 0.4^(T-k)
    from math import comb

    fig = plotting.new_figure()
    assert plotting.draw_vote_rates(fig, accuracy=0.6, n_voters=9) is fig
    correct, _, reject = fig.axes[0].lines[:3]
    T = np.arange(1, 10)
    majority = [
        sum(comb(t, k) * 0.6**k * 0.4 ** (t - k) for k in range(t // 2 + 1, t + 1)) for t in T
    ]
    np.testing.assert_array_equal(correct.get_xdata(), T)
    np.testing.assert_allclose(correct.get_ydata(), majority, rtol=1e-12)
    np.testing.assert_allclose(
        correct.get_ydata()[2:4], [0.648, 0.4752], rtol=1e-12
    )  # 3 and 4 voters
    np.testing.assert_allclose(reject.get_ydata()[3], 6 * 0.6**2 * 0.4**2, rtol=1e-12)  # a 2:2 tie
