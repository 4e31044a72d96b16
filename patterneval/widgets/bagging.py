"""Explorer of the chapter "Bagging and random forests"."""

from __future__ import annotations

from typing import Any

from ..ensemble.bagging import ForestConvergence
from ..plotting.bagging import ForestConvergencePainter
from ._base import Explorer, int_slider, selection_slider

__all__ = ["ForestConvergenceExplorer"]


class ForestConvergenceExplorer(Explorer):
    """Sliders number of trees T and attributes per split k over
    :class:`~patterneval.plotting.bagging.ForestConvergencePainter`.

    ``result`` is a precomputed :class:`~patterneval.ensemble.bagging.ForestConvergence`
    (from :func:`~patterneval.ensemble.bagging.forest_convergence`): a slider move only
    re-slices its curves, so it never refits a forest.

    Parameters
    ----------
    result : ForestConvergence
        Precomputed curves.
    k : int, optional, keyword-only
        Initial attributes per split; one of ``result.max_features`` (default the first).
    n_trees : int, optional, keyword-only
        Initial number of trees, 1 to the number computed (default all).
    """

    painter: Any = ForestConvergencePainter
    chapter = "book/part4/bagging"
    caption = (
        "Test and out-of-bag error against the number of trees for a random forest with "
        "k attributes per split, beside bagging (k = d); sliders set k and the number of trees."
    )

    def __init__(
        self, result: ForestConvergence, *, k: int | None = None, n_trees: int | None = None
    ) -> None:
        self.result = result
        ks = [int(v) for v in result.max_features]
        T = result.test_error.shape[1]
        controls = {
            "k": selection_slider("k (attributes per split)", ks, ks[0] if k is None else k),
            "n_trees": int_slider("T (trees)", T if n_trees is None else n_trees, 1, T),
        }
        super().__init__(controls, height=3.6)

    def draw(self, *, k: int, n_trees: int) -> None:
        """Show the curves of one k up to ``n_trees`` trees (no forest is refitted).

        Parameters
        ----------
        k : int
            Attributes per split (the k slider); one of ``result.max_features``.
        n_trees : int
            Number of trees T shown (the T slider), 1 to the number computed.

        Returns
        -------
        None
        """
        k_index = [int(v) for v in self.result.max_features].index(k)
        self.painter.update(result=self.result, k_index=k_index, n_trees=n_trees)
