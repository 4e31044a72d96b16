"""Painter, static figures and explorer of the chapter "Evolutionary learning"."""

import numpy as np
import pytest
from _helpers import png

from patterneval.book.evolution import schema_counts
from patterneval.evolution import onemax, run_ga, run_ga_replicates
from patterneval.plotting import new_figure
from patterneval.plotting.evolution import draw_evolution, plot_ga_history, plot_schema_counts
from patterneval.widgets.evolution import EvolutionExplorer


def test_painter_draws_the_library_values():
    params = dict(
        mutation_rate=0.05,
        crossover_rate=0.7,
        selection="roulette",
        n_bits=12,
        population_size=10,
        n_generations=6,
        rng=3,
    )
    fig = draw_evolution(new_figure(ncols=2), **params)
    ax, ax_div = fig.axes
    reps = run_ga_replicates(
        onemax,
        12,
        n_runs=3,
        population_size=10,
        selection="roulette",
        tournament_size=2,
        crossover_rate=0.7,
        mutation_rate=0.05,
        n_generations=6,
        rng=3,
    )
    best, mean = ax.lines[3], ax.lines[4]
    np.testing.assert_allclose(best.get_ydata(), reps.best.mean(axis=0))
    np.testing.assert_allclose(mean.get_ydata(), reps.mean.mean(axis=0))
    np.testing.assert_allclose(ax_div.lines[0].get_ydata(), reps.diversity.mean(axis=0))
    assert (
        f"optimum found in {int(np.sum(reps.best_fitness == 12))}/3 runs"
        in fig._suptitle.get_text()
    )


def test_explorer_redraws_on_each_move():
    explorer = EvolutionExplorer(n_bits=12, population_size=10, n_generations=8)
    previous = png(explorer)
    assert previous.startswith(b"\x89PNG")
    for name, value in [
        ("mutation_rate", 0.1),
        ("crossover_rate", 0.2),
        ("selection", "roulette"),
        ("selection", "tournament"),
        ("tournament_size", 5),
        ("fitness", "trap"),
    ]:
        explorer.controls[name].value = value
        current = png(explorer)
        assert current != previous, name
        previous = current
    assert repr(explorer).startswith("EvolutionExplorer(fitness='trap', selection='tournament'")


@pytest.mark.parametrize("name", ["tournament_size", "mutation_rate", "crossover_rate"])
def test_slider_ranges_stay_valid(name):
    explorer = EvolutionExplorer(n_bits=8, population_size=6, n_generations=3)
    control = explorer.controls[name]
    for value in (control.min, control.max):
        control.value = value
        assert png(explorer).startswith(b"\x89PNG")


def test_static_figures():
    r = run_ga(onemax, 10, population_size=8, n_generations=5, rng=0)
    reps = run_ga_replicates(onemax, 10, n_runs=2, population_size=8, n_generations=5, rng=0)
    fig = plot_ga_history({"one run": r, "two runs": reps}, optimum=10)
    ax = fig.axes[0]
    np.testing.assert_allclose(ax.lines[0].get_ydata(), r.best_history)
    np.testing.assert_allclose(ax.lines[3].get_ydata(), reps.mean.mean(axis=0))
    checks = [
        schema_counts(
            onemax, r.populations[0], s, crossover_rate=0.5, mutation_rate=0.1, n_runs=5, rng=0
        )
        for s in ("1#########", "#1#######0")
    ]
    fig = plot_schema_counts(checks)
    heights = [p.get_height() for p in fig.axes[0].patches]
    assert heights[:2] == [checks[0].m, checks[1].m]
    assert heights[-1] == pytest.approx(checks[1].observed_mean)
