"""Figures of the chapter "Bagging and random forests": test and out-of-bag error against
the number of trees, for bagging (k = d) and random forests (k < d).

The painter builds its artists once; ``update`` only sets data from a precomputed
:class:`patterneval.ensemble.bagging.ForestConvergence` (computed by the tested
:func:`~patterneval.ensemble.bagging.forest_convergence`).
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from ..ensemble.bagging import ForestConvergence
from ._style import BOOK_STYLE, COLORS, SERIES_COLORS, Painter, new_figure, reset_axes

__all__ = ["ForestConvergencePainter", "plot_forest_convergence"]


class ForestConvergencePainter(Painter):
    """One panel against the number of trees: test (solid) and OOB (dashed) error of the
    forest with the chosen ``k`` and, for reference, of bagging (the largest ``k``
    computed, normally ``k = d``); a vertical line at ``n_trees``.

    ``update(result=, k_index=, n_trees=)``.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            (self.ax,) = reset_axes(fig, 1)
            ax = self.ax
            (self.ref_test,) = ax.plot([], [], color=COLORS["muted"], lw=1.4, label="bagging, test")
            (self.ref_oob,) = ax.plot(
                [], [], color=COLORS["muted"], lw=1.2, ls="--", label="bagging, OOB"
            )
            (self.test,) = ax.plot([], [], color=COLORS["primary"], lw=1.6, label="forest, test")
            (self.oob,) = ax.plot(
                [], [], color=COLORS["secondary"], lw=1.4, ls="--", label="forest, OOB"
            )
            self.cursor = ax.axvline(1, color=COLORS["truth"], lw=1.0, ls=":")
            ax.set(xlabel="number of trees T", ylabel="error rate")
            ax.legend(loc="upper right", fontsize=8)
            fig.subplots_adjust(left=0.09, right=0.98, top=0.9, bottom=0.14)

    def update(self, *, result: ForestConvergence, k_index: int, n_trees: int) -> Figure:
        """Show the curves of one ``k`` up to ``n_trees`` trees.

        Parameters
        ----------
        result : ForestConvergence
            Precomputed curves (``test_error``, ``oob_error`` of shape (n_k, T_max)).
        k_index : int
            Row of ``result`` (index into ``result.max_features``).
        n_trees : int in [1, T_max]
            Trees shown.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        ref = int(np.argmax(result.max_features))
        T = np.arange(1, n_trees + 1)
        self.ref_test.set_data(T, result.test_error[ref, :n_trees])
        self.ref_oob.set_data(T, result.oob_error[ref, :n_trees])
        self.test.set_data(T, result.test_error[k_index, :n_trees])
        self.oob.set_data(T, result.oob_error[k_index, :n_trees])
        self.cursor.set_xdata([n_trees, n_trees])
        self.ax.set_xlim(0, n_trees + 1)
        shown = np.concatenate(
            [
                result.test_error[[ref, k_index], :n_trees].ravel(),
                result.oob_error[[ref, k_index], :n_trees].ravel(),
            ]
        )
        shown = shown[np.isfinite(shown)]
        self.ax.set_ylim(0, 1.05 * float(shown.max()) if shown.size else 1)
        k, d = int(result.max_features[k_index]), result.n_features
        self._status(
            self.ax,
            f"k={k} of d={d}, T={n_trees}: forest test {result.test_error[k_index, n_trees - 1]:.3f}, "
            f"OOB {result.oob_error[k_index, n_trees - 1]:.3f}; bagging test "
            f"{result.test_error[ref, n_trees - 1]:.3f}; mean single tree "
            f"{result.member_test_error[k_index, :n_trees].mean():.3f}",
        )
        return self.fig


def plot_forest_convergence(result: ForestConvergence) -> Figure:
    """Test (solid) and OOB (dashed) error against the number of trees for every ``k`` of
    ``result`` (a :class:`~patterneval.ensemble.bagging.ForestConvergence`).

    Parameters
    ----------
    result : ForestConvergence
        From :func:`~patterneval.ensemble.bagging.forest_convergence`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    T = np.arange(1, result.test_error.shape[1] + 1)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.4)
        (ax,) = reset_axes(fig, 1)
        for j, k in enumerate(result.max_features):
            name = "bagging" if k == result.n_features else "random forest"
            color = SERIES_COLORS[j % len(SERIES_COLORS)]
            ax.plot(T, result.test_error[j], color=color, lw=1.6, label=f"{name} k={k}, test")
            ax.plot(
                T, result.oob_error[j], color=color, lw=1.2, ls="--", label=f"{name} k={k}, OOB"
            )
        ax.set(
            xlabel="number of trees T",
            ylabel="error rate",
            title="test error (solid) and out-of-bag error (dashed)",
        )
        ax.legend(loc="upper right", fontsize=8)
        fig.subplots_adjust(left=0.1, right=0.97, top=0.9, bottom=0.15)
    return fig
