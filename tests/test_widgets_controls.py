"""Every control of every explorer changes what the figure draws.

An explorer is a thin UI over a painter: each control is a keyword of the painter's
``update``. A painter that ignores a keyword still redraws when that control moves, since its
status line prints the new value, so "the PNG changed" cannot tell a used parameter from an
ignored one. This test compares the figure with every text artist hidden (the lines, bars,
images and markers the painter computed from the value) before and after each move. A
control that legitimately changes only text is listed in :data:`TEXT_ONLY` with its reason,
and its move must change the text.

Each control moves from the explorer's default to other allowed values: every option of a
toggle, a dropdown or a short selection slider (the first, middle and last of a long one),
and the end of a numeric slider farther from the default; a control that only one view
draws moves in that view (:data:`CONTROL_SETTING`). Back at the default, the figure
is the default's again, so a picture is a function of the controls alone.

The painter keywords an explorer fixes (a seed, a number of resamples) must change the
drawing too, and so must the keywords no explorer sets (:data:`UNEXPLORED`, drawn through the
chapter's ``draw_<what>`` function). :func:`test_a_painter_that_ignores_a_control_fails`
shows the check failing on a critical-difference painter that ignores alpha.
"""

from __future__ import annotations

import functools
import inspect

import ipywidgets
import matplotlib.text
import numpy as np
import pytest
from _helpers import png
from matplotlib.backends.backend_agg import FigureCanvasAgg

import patterneval.widgets as widgets

# ------------------------------------------------------------------ small explorers


@functools.cache
def _iris():
    from sklearn.datasets import load_iris

    return load_iris(return_X_y=True)


def _forest():
    from patterneval.ensemble.bagging import forest_convergence

    X, y = _iris()
    result = forest_convergence(
        X[::2], y[::2], X[1::2], y[1::2], max_features=(1, 2, None), n_estimators=8, rng=0
    )
    return widgets.ForestConvergenceExplorer(result, n_trees=4)


def _kmeans():
    from patterneval.book.clustering_algorithms import kmeans_grid

    X, y = _iris()
    grid = kmeans_grid(X, [2, 3], labels_true=y, n_runs=2, rng=0)
    return widgets.KMeansExplorer(grid, X[:, 2:], project=lambda c: c[:, 2:], k=3)


def _two_classifiers():
    from patterneval.book.two_classifiers import rejection_grid

    return widgets.TwoClassifierTestsExplorer(
        rejection_grid((40, 60), (0.0, 0.05, 0.1), n_datasets=20)
    )


def _fisher():
    from sklearn.datasets import load_wine

    from patterneval.decomposition import PCA

    X, y = load_wine(return_X_y=True)
    Z = PCA(n_components=2).fit_transform((X - X.mean(0)) / X.std(0))
    return widgets.FisherDirectionExplorer(Z, y, angle=30.0)


def _perturbation():
    from patterneval.book import cv_intervals as CI
    from patterneval.resampling import perturbation as P

    X, y = CI.two_gaussians(40, rng=0)
    results = {
        m: P.perturbation_interval(X, y, cv=4, n_resamples=100, rng=0, method=m)
        for m in P.PERTURBATION_METHODS
    }
    return widgets.PerturbationExplorer(results, n_resamples=60)


#: Explorer class name -> a small instance (a second or less to build). Its defaults are a
#: setting where every control matters: at k = 2 both k-means initialisations find the same
#: partition of iris, and three blobs of sd 1 are perfectly stable under every resampling.
FACTORIES = {
    "AdaBoostExplorer": lambda: widgets.AdaBoostExplorer(
        n_samples=40, n_estimators=6, grid_size=20, round=3
    ),
    "BootstrapExplorer": lambda: widgets.BootstrapExplorer(n=20, oob=0.3, n_resamples=300),
    "CalibrationExplorer": lambda: widgets.CalibrationExplorer(n=500),
    "ClusterStabilityExplorer": lambda: widgets.ClusterStabilityExplorer(
        noise=2.0, k=3, noises=(0.5, 1.0, 2.0), ks=range(2, 5), n=60, n_resamples=4, n_references=3
    ),
    "CriticalDifferenceExplorer": lambda: widgets.CriticalDifferenceExplorer(),
    "DescentExplorer": lambda: widgets.DescentExplorer(n_iter=40),
    "EnsembleBoundsExplorer": lambda: widgets.EnsembleBoundsExplorer(n_voters=41, n_datasets=200),
    "EvolutionExplorer": lambda: widgets.EvolutionExplorer(
        n_bits=12, population_size=10, n_generations=8
    ),
    "FisherDirectionExplorer": _fisher,
    "ForestConvergenceExplorer": _forest,
    "InternalIndexExplorer": lambda: widgets.InternalIndexExplorer(
        separation=4.0, k=3, separations=[1.0, 4.0, 8.0], ks=range(2, 6), n=90
    ),
    "KMeansExplorer": _kmeans,
    "PairDiversityExplorer": lambda: widgets.PairDiversityExplorer(
        correlations=(-0.5, 0.0, 0.5),
        positive_rates=(0.3, 0.5),
        latent_correlation=0.0,
        positive_rate=0.5,
        n_samples=200,
    ),
    "PermutationExplorer": lambda: widgets.PermutationExplorer(
        test_options=dict(signals=(0.0, 1.0, 2.0), n_samples=16, n_resamples=20, cv=2),
        n_resamples=10,
    ),
    "PerturbationExplorer": _perturbation,
    "PruningExplorer": lambda: widgets.PruningExplorer(resolution=30, step=1),
    "ReinforcementExplorer": lambda: widgets.ReinforcementExplorer(),
    "RelabelExplorer": lambda: widgets.RelabelExplorer(
        np.repeat(np.arange(3), 30),
        grid=np.linspace(0, 1, 5),
        cluster_options=(2, 5, 10),
        noise=0.5,
    ),
    "RocExplorer": lambda: widgets.RocExplorer(n=40),
    "SelectionLeakExplorer": lambda: widgets.SelectionLeakExplorer(
        grid_options=dict(n_features=(8, 40), k=(1, 4, 8), n_samples=12, n_datasets=1, cv=2)
    ),
    "SelectiveSamplingExplorer": lambda: widgets.SelectiveSamplingExplorer(n_datasets=2_000),
    "TestErrorExplorer": lambda: widgets.TestErrorExplorer(n=40, n_datasets=500),
    "TwoClassifierTestsExplorer": _two_classifiers,
    "UnitBallExplorer": lambda: widgets.UnitBallExplorer(p=2.0, w1=1.0, w2=2.0),
    "VoteRatesExplorer": lambda: widgets.VoteRatesExplorer(n_voters=15),
}

#: The explorers that hand their painter keywords no control changes (besides precomputed
#: data the controls only index): a seed, a number of resamples, the problem.
FIXED = {
    "BootstrapExplorer",
    "CalibrationExplorer",
    "DescentExplorer",
    "EnsembleBoundsExplorer",
    "EvolutionExplorer",
    "RocExplorer",
    "SelectiveSamplingExplorer",
    "TestErrorExplorer",
}

#: (explorer, control) -> why moving the control changes only the figure's text. The
#: move must still change the text.
TEXT_ONLY: dict[tuple[str, str], str] = {}

#: (explorer, control) -> the other controls' values under which the control moves: a
#: control that only one view of its explorer draws is moved in that view (and must
#: change its drawing there; the views' own tests check that the other view ignores it).
_K_FOLD_VIEW = {"view": "K-fold variance"}
CONTROL_SETTING: dict[tuple[str, str], dict] = {
    ("BootstrapExplorer", key): _K_FOLD_VIEW
    for key in ("sigma2", "omega_share", "gamma_share", "k")
}

#: Painter keywords that no explorer sets, drawn by a chapter through ``draw_<what>``:
#: (draw function, its other keywords, the keyword, its default, another value).
UNEXPLORED = [
    (
        "draw_reliability",
        dict(slope=2.0, shift=0.3, n=800, n_bins=8, rng=1),
        "strategy",
        "uniform",
        "quantile",
    ),
    ("draw_roc", dict(auc=0.8, n=40, confidence_level=0.9, rng=3), "transform", "logit", "clip"),
]


# ------------------------------------------------------------------ fingerprints


def _drawing(fig) -> bytes:
    """The figure's Agg pixels with every text artist hidden."""
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    texts = [t for t in fig.findobj(matplotlib.text.Text) if t.get_visible()]
    for t in texts:
        t.set_visible(False)
    try:
        canvas.draw()
        return bytes(canvas.buffer_rgba())
    finally:
        for t in texts:
            t.set_visible(True)


def _fingerprint(explorer) -> tuple[bytes, bytes]:
    """The explorer's figure with every text artist hidden (:func:`_drawing`), and the PNG
    it shows (text included)."""
    return _drawing(explorer.figure), png(explorer)


def _painter_of(draw: str) -> type:
    """The painter class a ``draw_<what>`` function draws (named in its docstring)."""
    from patterneval import plotting

    return getattr(plotting, getattr(plotting, draw).__doc__.split(":class:`")[1].split("`")[0])


def _option_values(control) -> list:
    return [o[1] if isinstance(o, tuple) else o for o in control.options]


def _moves(control) -> list:
    """Allowed values other than the control's current (default) one: every option (the
    first, middle and last of more than eight), or the end of a numeric slider farther from
    the default."""
    if hasattr(control, "options"):
        values = _option_values(control)
        if len(values) > 8:
            values = [values[0], values[len(values) // 2], values[-1]]
        return [v for v in values if v != control.value]
    lo, hi = control.min, control.max
    if isinstance(control, ipywidgets.FloatLogSlider):  # min and max are exponents
        lo, hi = control.base**lo, control.base**hi
        return [lo if np.log(control.value / lo) > np.log(hi / control.value) else hi]
    return [lo if control.value - lo > hi - control.value else hi]


def _dead_controls(name: str, explorer) -> list[str]:
    """The moves of ``explorer``'s controls that leave its drawing unchanged (or, for the
    :data:`TEXT_ONLY` controls, its text), and the controls whose return to the default
    does not restore the default's figure."""
    failures = []
    for key, control in explorer.controls.items():
        setting = CONTROL_SETTING.get((name, key), {})
        restore = {other: explorer.controls[other].value for other in setting}
        for other, value in setting.items():
            explorer.controls[other].value = value
        base_pixels, base_whole = _fingerprint(explorer)
        default = control.value
        for value in _moves(control):
            control.value = value  # a move: the explorer redraws
            pixels, whole = _fingerprint(explorer)
            if (name, key) in TEXT_ONLY:
                if whole == base_whole:
                    failures.append(f"{key} -> {value!r} changed nothing, not even the text")
            elif pixels == base_pixels:
                changed = "only the text" if whole != base_whole else "nothing"
                failures.append(f"{key} -> {value!r} changed {changed} (default {default!r})")
        control.value = default
        if _fingerprint(explorer) != (base_pixels, base_whole):
            failures.append(f"{key}: moved back to {default!r}, the figure is not the default's")
        for other, value in restore.items():
            explorer.controls[other].value = value
    return failures


def _other_fixed(key: str, value):
    """Another allowed value of a painter keyword that no control changes, or None for data
    (a precomputed grid) that the controls only index."""
    if key == "problem":
        return {"quadratic": "rosenbrock", "rosenbrock": "quadratic"}[value]
    if key == "rng":
        return value + 1
    if isinstance(value, int):
        return max(2, value // 2)
    return None


# ------------------------------------------------------------------ the tests


def test_every_explorer_has_a_factory():
    names = {name for name in widgets.__all__ if name.endswith("Explorer") and name != "Explorer"}
    assert names == set(FACTORIES), f"add a small instance for {names - set(FACTORIES)}"


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_every_control_changes_the_drawing(name):
    explorer = FACTORIES[name]()
    fixes = any(_other_fixed(key, value) is not None for key, value in explorer.fixed.items())
    assert fixes == (name in FIXED), f"{name}: FIXED lists the explorers with fixed keywords"
    if "draw" not in vars(
        type(explorer)
    ):  # controls and fixed keywords go to the painter one to one:
        # any other keyword of its update is checked through a draw function (UNEXPLORED)
        painter = type(explorer.painter)
        others = (
            set(inspect.signature(explorer.painter.update).parameters)
            - set(explorer.controls)
            - set(explorer.fixed)
        )
        unexplored = {row[2] for row in UNEXPLORED if _painter_of(row[0]) is painter}
        assert others == unexplored, (
            f"{painter.__name__}.update: no test moves {sorted(others - unexplored)}"
        )
    failures = _dead_controls(name, explorer)
    assert not failures, f"{name}: " + "; ".join(failures)


#: Controls set before a fixed keyword moves, where the default setting is not valid for
#: its other value (Rosenbrock's learning-rate slider stops at 1e-2) or does not draw it
#: (the bootstrap explorer's K-fold view).
FIXED_SETTING = {
    ("DescentExplorer", "problem"): {"learning_rate": 1e-3},
    ("BootstrapExplorer", "n_cv"): _K_FOLD_VIEW,  # only the K-fold view draws n_cv
}


@pytest.mark.parametrize("name", sorted(FIXED))
def test_every_fixed_keyword_changes_the_drawing(name):
    """The painter keywords an explorer fixes (a seed, a number of resamples or
    generations, the problem) are used too: another value changes the drawing."""
    explorer = FACTORIES[name]()
    failures = []
    for key, value in dict(explorer.fixed).items():
        other = _other_fixed(key, value)
        assert other is not None and other != value, (key, value)
        defaults = explorer.values
        for control, setting in FIXED_SETTING.get((name, key), {}).items():
            explorer.controls[control].value = setting
        base = _fingerprint(explorer)[0]
        explorer.fixed[key] = other
        explorer.update()
        if _fingerprint(explorer)[0] == base:
            failures.append(f"{key}: {value!r} -> {other!r} changed nothing drawn")
        explorer.fixed[key] = value
        explorer.update()
        assert _fingerprint(explorer)[0] == base, f"{key}: back to {value!r}, not the same drawing"
        for control, default in defaults.items():
            explorer.controls[control].value = default
    assert not failures, f"{name}: " + "; ".join(failures)


@pytest.mark.parametrize(
    "draw, params, key, default, other", UNEXPLORED, ids=[row[2] for row in UNEXPLORED]
)
def test_painter_keywords_no_explorer_sets_change_the_drawing(draw, params, key, default, other):
    from patterneval import plotting

    function = getattr(plotting, draw)
    base = _drawing(function(plotting.new_figure(width=10), **params, **{key: default}))
    assert _drawing(function(plotting.new_figure(width=10), **params, **{key: other})) != base, key


def test_a_painter_that_ignores_a_control_fails(monkeypatch):
    """The check can fail: a critical-difference painter that computes every CD at alpha =
    0.05 whatever the alpha slider says (and still prints the slider's alpha) is caught."""
    import patterneval.plotting.compare as module

    real = module.critical_difference
    monkeypatch.setattr(
        module, "critical_difference", lambda k, n, *, alpha, test: real(k, n, test=test)
    )
    failures = _dead_controls("CriticalDifferenceExplorer", widgets.CriticalDifferenceExplorer())
    assert failures == [
        "alpha -> 0.01 changed only the text (default 0.05)",
        "alpha -> 0.1 changed only the text (default 0.05)",
    ]


def test_text_only_entries_name_real_controls():
    for (name, key), reason in TEXT_ONLY.items():
        assert key in FACTORIES[name]().controls and len(reason) > 20, (name, key)
