"""Explorer of the chapter "Feature-selection leakage".

It precomputes a grid of CV1/CV2 errors once, at construction, and the sliders pick from
it, so every move redraws without refitting anything.
"""

from __future__ import annotations

from ..book.feature_selection import LeakGrid, leak_grid
from ..plotting.selection import SelectionLeakPainter
from ._base import Explorer, selection_slider

__all__ = ["SelectionLeakExplorer"]


class SelectionLeakExplorer(Explorer):
    """Sliders over p (features in all) and k (features kept) on a precomputed
    :func:`patterneval.book.feature_selection.leak_grid` of CV1 and CV2 errors on noise.

    ``n_features`` and ``k`` are the sliders' initial values (default: the largest p and
    the middle k). Without ``grid``, the grid is computed as
    ``leak_grid(**grid_options)`` (``rng`` defaults to 0, so the explorer is
    reproducible).

    Parameters
    ----------
    grid : LeakGrid, optional, keyword-only
        Precomputed errors (default ``leak_grid(**grid_options)``).
    n_features : int, optional, keyword-only
        Initial p, one of ``grid.n_features`` (default the largest).
    k : int, optional, keyword-only
        Initial k, one of ``grid.k`` (default the middle one).
    grid_options : dict, optional, keyword-only
        Keyword arguments of :func:`~patterneval.book.feature_selection.leak_grid` when
        ``grid`` is None (``rng`` defaults to 0).
    """

    painter = SelectionLeakPainter
    chapter = "book/part1/feature-selection"
    caption = (
        "Cross-validated error on pure noise with feature selection outside (CV1) and "
        "inside (CV2) the folds; sliders set the number of features and how many are "
        "kept."
    )

    def __init__(
        self,
        *,
        grid: LeakGrid | None = None,
        n_features: int | None = None,
        k: int | None = None,
        grid_options: dict | None = None,
    ) -> None:
        self.grid = leak_grid(**{"rng": 0, **(grid_options or {})}) if grid is None else grid
        ps, ks = [int(v) for v in self.grid.n_features], [int(v) for v in self.grid.k]
        controls = {
            "n_features": selection_slider("p (features)", ps, n_features or ps[-1]),
            "k": selection_slider("k (kept)", ks, k or ks[len(ks) // 2]),
        }
        super().__init__(controls, fixed={"grid": self.grid}, height=3.4)
