"""Figures of the chapter "Feature-selection leakage": CV1 vs CV2 on pure noise.

:func:`patterneval.book.feature_selection.leak_grid` computes CV1 and CV2 errors over a grid
of feature counts ``p`` and kept counts ``k`` once; :class:`SelectionLeakPainter` only
picks rows of that grid, so an explorer redraws without refitting anything.
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from ..book.feature_selection import LeakGrid
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["SelectionLeakPainter", "plot_leak_grid"]

_Y_TICKS = (0.0, 0.25, 0.5, 0.75, 1.0)


class SelectionLeakPainter(Painter):
    """Left: CV1 and CV2 error against k at the chosen p; right: against p at the chosen k.

    Each point is the mean over the grid's data sets; the dashed line is the true error
    of every classifier on noise, 0.5. The x axes are logarithmic: the points sit at
    ``log10`` of their values on a linear axis with fixed ticks, so a redraw neither
    searches log-scale ticks nor transforms through a log scale. Artists are built once;
    :meth:`update` only sets their data (and, for a new grid, the ticks and the means).
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        self._grid: LeakGrid | None = None
        with mpl.rc_context(BOOK_STYLE):
            self.ax_k, self.ax_p = reset_axes(fig, 2)
            self.lines = {}
            for ax, xlabel in (
                (self.ax_k, "k (features kept)"),
                (self.ax_p, "p (features in all)"),
            ):
                ax.axhline(0.5, color=COLORS["truth"], ls="--", lw=1, label="true error 0.5")
                (self.lines[ax, "cv1"],) = ax.plot(
                    [], [], "o-", color=COLORS["secondary"], label="CV1 (select first)"
                )
                (self.lines[ax, "cv2"],) = ax.plot(
                    [], [], "s-", color=COLORS["primary"], label="CV2 (select inside)"
                )
                (self.lines[ax, "mark"],) = ax.plot(
                    [], [], "o", ms=12, mfc="none", color=COLORS["truth"]
                )
                ax.set(xlabel=xlabel, ylim=(-0.02, 1.02))
                ax.set_yticks(_Y_TICKS)
            self.ax_k.set_ylabel("cross-validation error")
            self.ax_p.tick_params(labelleft=False)  # same y scale as the left panel
            self.ax_k.legend(loc="upper right")  # above the data: errors stay below ~0.8
            fig.subplots_adjust(wspace=0.12)
            self.title_k = self.ax_k.set_title(" ")
            self.title_p = self.ax_p.set_title(" ")

    def _set_grid(self, grid: LeakGrid) -> None:
        """Means and ticks of a new grid (once per grid, not once per slider move)."""
        self._grid = grid
        self._cv1, self._cv2 = grid.cv1_mean, grid.cv2_mean
        self._log_k, self._log_p = np.log10(grid.k), np.log10(grid.n_features)
        for ax, values, logs in (
            (self.ax_k, grid.k, self._log_k),
            (self.ax_p, grid.n_features, self._log_p),
        ):
            pad = np.log10(1.5)
            ax.set_xlim(logs[0] - pad, logs[-1] + pad)
            ax.set_xticks(logs, [str(int(v)) for v in values])
            ax.set_xticks([], minor=True)

    def update(self, *, grid: LeakGrid, n_features: int, k: int) -> Figure:
        """Show one (p, k).

        Parameters
        ----------
        grid : LeakGrid
        n_features : int
            One of ``grid.n_features``.
        k : int
            One of ``grid.k``.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        if grid is not self._grid:
            self._set_grid(grid)
        i = int(np.flatnonzero(grid.n_features == n_features)[0])
        j = int(np.flatnonzero(grid.k == k)[0])
        cv1, cv2 = self._cv1, self._cv2
        self.lines[self.ax_k, "cv1"].set_data(self._log_k, cv1[i])
        self.lines[self.ax_k, "cv2"].set_data(self._log_k, cv2[i])
        self.lines[self.ax_k, "mark"].set_data([self._log_k[j]] * 2, [cv1[i, j], cv2[i, j]])
        self.lines[self.ax_p, "cv1"].set_data(self._log_p, cv1[:, j])
        self.lines[self.ax_p, "cv2"].set_data(self._log_p, cv2[:, j])
        self.lines[self.ax_p, "mark"].set_data([self._log_p[i]] * 2, [cv1[i, j], cv2[i, j]])
        self.title_k.set_text(f"p = {n_features}, n = {grid.n_samples}")
        self.title_p.set_text(f"k = {k}: CV1 {cv1[i, j]:.2f}, CV2 {cv2[i, j]:.2f}")
        return self.fig


def plot_leak_grid(grid: LeakGrid, *, n_features: int, k: int) -> Figure:
    """A static :class:`SelectionLeakPainter` figure.

    Parameters
    ----------
    grid : LeakGrid
        From :func:`~patterneval.book.feature_selection.leak_grid`.
    n_features : int, keyword-only
        The feature count p of the left panel; one of ``grid.n_features``.
    k : int, keyword-only
        The kept count k of the right panel; one of ``grid.k``.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=9.0, height=3.4)
    return SelectionLeakPainter(fig).update(grid=grid, n_features=n_features, k=k)
