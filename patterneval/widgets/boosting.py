"""Explorer of the chapter "AdaBoost"."""

from __future__ import annotations

import copy
from typing import Any, Literal

import numpy as np
from sklearn.datasets import make_moons

from .._validation import check_rng
from ..book.adaboost import boosting_rounds, edge_bounds, margin_bounds, staged_margins
from ..ensemble.boosting import AdaBoost
from ..plotting.boosting import BOOSTING_VIEWS, BoostingRoundsPainter
from ._base import Explorer, int_slider, toggle_buttons

__all__ = ["AdaBoostExplorer"]


class AdaBoostExplorer(Explorer):
    """A "round t" slider, a re-weight / re-sample toggle and a view toggle over
    :class:`~patterneval.plotting.boosting.BoostingRoundsPainter` on a 2-d toy set
    (``make_moons``). Both runs are fitted once, in the constructor
    (:func:`~patterneval.book.adaboost.boosting_rounds`), so a move only swaps arrays. The
    views: ``"regions"`` (the decision regions and the weights D_t), ``"margins"`` (the
    cumulative distribution of the training margins after round t,
    :func:`~patterneval.book.adaboost.staged_margins`, under the bound
    :func:`~patterneval.book.adaboost.margin_bounds`) and ``"bounds"`` (the training error
    over the rounds against the model's ``error_bounds_`` and
    :func:`~patterneval.book.adaboost.edge_bounds`); the curves of the last two come from
    the same runs refitted once more, from the same seed state.

    Parameters
    ----------
    n_samples : int, default 80, keyword-only
        Size of the ``make_moons`` data set (its noise seeded with 0).
    noise : float >= 0, default 0.25, keyword-only
        ``make_moons``' noise.
    n_estimators : int >= 1, default 40, keyword-only
        Boosting rounds fitted.
    round : int, default 1, keyword-only
        Initial round shown (capped at the rounds actually made).
    mode : {"reweight", "resample"}, default "reweight", keyword-only
        Initial mode.
    view : {"regions", "margins", "bounds"}, default "regions", keyword-only
        Initial view.
    grid_size : int, default 100, keyword-only
        Grid points per axis of the decision-region image.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the boosting runs (the re-sampling draws).
    """

    painter: Any = BoostingRoundsPainter
    chapter = "book/part4/adaboost"
    caption = (
        "AdaBoost on two moons: the sample weights of round t as marker sizes and the "
        "vote's decision regions; sliders pick the round and re-weighting or re-sampling, "
        "and the view shows the margins after round t or the training-error bounds."
    )

    def __init__(
        self,
        *,
        n_samples: int = 80,
        noise: float = 0.25,
        n_estimators: int = 40,
        round: int = 1,
        mode: Literal["reweight", "resample"] = "reweight",
        view: Literal["regions", "margins", "bounds"] = "regions",
        grid_size: int = 100,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        X, y = make_moons(n_samples, noise=noise, random_state=0)
        self.rounds, self.evaluations = {}, {}
        thetas = np.linspace(-1.0, 1.0, 201)
        for m in ("reweight", "resample"):
            g = check_rng(rng)  # an int seeds each run afresh; a Generator is shared
            state = copy.deepcopy(g)  # the state this run starts from, for the refit
            self.rounds[m] = boosting_rounds(
                X, y, n_estimators=n_estimators, mode=m, grid_size=grid_size, rng=g
            )
            model = AdaBoost(n_estimators=n_estimators, mode=m, random_state=state).fit(X, y)
            self.evaluations[m] = {
                "margins": staged_margins(model, X, y),
                "thetas": thetas,
                "margin_bounds": margin_bounds(model, thetas),
                "training_errors": model.training_errors_,
                "product_bounds": model.error_bounds_,
                "edge_bounds": edge_bounds(model),
            }
        last = min(len(r.alphas) for r in self.rounds.values())
        controls = {
            "round": int_slider("round t", min(round, last), 1, last),
            "mode": toggle_buttons("mode", ["reweight", "resample"], mode),
            "view": toggle_buttons("view", list(BOOSTING_VIEWS), view),
        }
        super().__init__(controls, height=4.2, width=7.0)

    def draw(
        self,
        *,
        round: int,
        mode: Literal["reweight", "resample"],
        view: Literal["regions", "margins", "bounds"] = "regions",
    ) -> None:
        """Show one round of the stored run of one mode (nothing is refitted).

        Parameters
        ----------
        round : int
            Boosting round t shown (the round slider), from 1.
        mode : {"reweight", "resample"}
            Which stored run is shown (the mode toggle).
        view : {"regions", "margins", "bounds"}, default "regions"
            What is drawn (the view toggle).

        Returns
        -------
        None
        """
        self.painter.update(
            rounds=self.rounds[mode], round=round, view=view, evaluation=self.evaluations[mode]
        )
