"""Explorer of the chapter "Concept and tree learning": the pruning alpha slider."""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn.datasets import load_wine

from ..plotting.tree import PruningPainter
from ..tree import pruning_sequence
from ._base import Explorer, int_slider

__all__ = ["PruningExplorer"]


class PruningExplorer(Explorer):
    """A slider over the nested subtrees of cost-complexity pruning on a 2-D problem
    (two wine features, a seeded half/half split): decision regions, size, training and
    test error. The whole path is computed once by
    :func:`patterneval.tree.pruning_sequence`; a move only swaps precomputed pictures.

    Parameters
    ----------
    features : pair of int, default (0, 9), keyword-only
        Columns of scikit-learn's wine data used.
    step : int, default 0, keyword-only
        Initial pruning step (0 = the full tree).
    resolution : int, default 120, keyword-only
        Grid points per axis of the decision-region image.
    rng : int, default 0, keyword-only
        Seed of the half/half training-test split.
    """

    painter: Any = PruningPainter
    chapter = "book/part3/tree-learning"
    caption = (
        "Cost-complexity pruning on two wine features: decision regions of the subtree kept "
        "at the chosen step of the pruning path (left) and training/test error against the "
        "number of leaves (right); the slider walks from the full tree to the root."
    )

    def __init__(
        self,
        *,
        features: tuple[int, int] = (0, 9),
        step: int = 0,
        resolution: int = 120,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        data = load_wine()
        X, y = data.data[:, list(features)], data.target
        idx = np.random.default_rng(rng).permutation(len(y))
        tr, te = idx[: len(y) // 2], idx[len(y) // 2 :]
        pad = 0.05 * (X.max(0) - X.min(0))
        xx, yy = np.meshgrid(
            np.linspace(X[:, 0].min() - pad[0], X[:, 0].max() + pad[0], resolution),
            np.linspace(X[:, 1].min() - pad[1], X[:, 1].max() + pad[1], resolution),
        )
        grid = np.column_stack([xx.ravel(), yy.ravel()])
        self.sequence = pruning_sequence(X[tr], y[tr], X[te], y[te], grid=grid)
        self._prepared = (
            self.sequence,
            X[tr],
            y[tr],
            xx,
            yy,
            [data.feature_names[j] for j in features],
        )
        n_steps = len(self.sequence.ccp_alphas)
        controls = {
            "step": int_slider(
                "pruning step (0 = full tree)", step, 0, n_steps - 1, layout={"width": "420px"}
            ),
        }
        super().__init__(controls, height=3.8)

    def draw(self, *, step: int) -> None:
        """Show the stored picture of one pruning step.

        Parameters
        ----------
        step : int
            Step of the pruning path (the pruning step slider); 0 is the full tree.

        Returns
        -------
        None
        """
        if self.painter.image is None:
            self.painter.prepare(*self._prepared)
        self.painter.update(step=step)
