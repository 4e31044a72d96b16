"""Figures of the chapter "Concept and tree learning": the cost-complexity pruning path
and the decision regions of the pruned trees.

The painter builds its artists once; everything it shows is computed by
:func:`patterneval.tree.pruning_sequence` (the explorer precomputes it) and ``update``
only sets artist data.
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib import ticker
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.image import AxesImage

from ..tree import PruningSequence
from ._style import BOOK_STYLE, COLORS, SERIES_COLORS, Painter, new_figure, reset_axes

__all__ = ["PruningPainter", "plot_pruning_errors"]

_CLASS_COLORS = SERIES_COLORS[:4]


class PruningPainter(Painter):
    """Two panels: left, the decision regions of the pruned tree on a 2-D problem with the
    training points; right, training and test error against the number of leaves of the
    nested subtrees, with the current subtree marked.

    Call ``prepare(sequence, X, y, xx, yy, feature_names)`` once with a
    :class:`~patterneval.tree.PruningSequence` computed on the grid ``(xx, yy)``, then
    ``update(step=k)`` shows the k-th subtree of the path (0 = the full tree).
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_map, self.ax_err = reset_axes(fig, 2)
            (self.train_line,) = self.ax_err.plot(
                [], [], "o-", color=COLORS["primary"], ms=3, lw=1.4, label="training error"
            )
            (self.test_line,) = self.ax_err.plot(
                [], [], "s-", color=COLORS["secondary"], ms=3, lw=1.4, label="test error"
            )
            self.marker = self.ax_err.axvline(1, color=COLORS["truth"], lw=1.0, ls=":")
            self.ax_err.set(xlabel="number of leaves |T|", ylabel="error rate")
            # few plain ticks: tick labels dominate the cost of a redraw
            for ax in (self.ax_map, self.ax_err):
                ax.xaxis.set_major_locator(ticker.MaxNLocator(4))
                ax.yaxis.set_major_locator(ticker.MaxNLocator(4))
            self.ax_err.legend(loc="upper right", fontsize=8)
            fig.subplots_adjust(left=0.07, right=0.98, top=0.88, bottom=0.15, wspace=0.25)
        self.image: AxesImage | None = None

    def prepare(
        self,
        sequence: PruningSequence,
        X: np.ndarray,
        y: np.ndarray,
        xx: np.ndarray,
        yy: np.ndarray,
        feature_names: tuple[str, str] = ("x0", "x1"),
    ) -> PruningPainter:
        """Set the pruning path and the data once.

        Parameters
        ----------
        sequence : PruningSequence
            With ``grid_predictions`` on the grid ``(xx, yy)``.
        X : ndarray of shape (n, 2)
            Training points.
        y : ndarray of int, shape (n,)
            Their classes, coded 0, 1, ...
        xx, yy : ndarray
            The mesh grid the predictions were made on.
        feature_names : pair of str, default ("x0", "x1")
            Axis labels.

        Returns
        -------
        PruningPainter
            ``self``.
        """
        assert sequence.grid_predictions is not None  # documented: computed on the grid
        self.seq, self.shape = sequence, xx.shape
        n_classes = int(max(np.max(y), sequence.grid_predictions.max())) + 1
        cmap = ListedColormap(_CLASS_COLORS[:n_classes])
        extent = (xx.min(), xx.max(), yy.min(), yy.max())
        with mpl.rc_context(BOOK_STYLE):
            self.image = self.ax_map.imshow(
                sequence.grid_predictions[0].reshape(self.shape),
                origin="lower",
                extent=extent,
                aspect="auto",
                cmap=cmap,
                alpha=0.3,
                vmin=-0.5,
                vmax=n_classes - 0.5,
                interpolation="nearest",
            )
            self.ax_map.scatter(
                X[:, 0],
                X[:, 1],
                c=[_CLASS_COLORS[k] for k in y],
                s=10,
                edgecolors="white",
                linewidths=0.3,
            )
            self.ax_map.set(xlabel=feature_names[0], ylabel=feature_names[1])
            self.ax_map.grid(False)
            self.train_line.set_data(sequence.n_leaves, sequence.train_error)
            self.test_line.set_data(sequence.n_leaves, sequence.test_error)
            top = max(sequence.train_error.max(), sequence.test_error.max())
            self.ax_err.set_xlim(0, sequence.n_leaves.max() + 1)
            self.ax_err.set_ylim(-0.02, top + 0.05)
        return self

    def update(self, *, step: int) -> Figure:
        """Show the subtree of one pruning step; call :meth:`prepare` first.

        Parameters
        ----------
        step : int
            Index into the path (0 = the full tree).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        seq = self.seq
        assert self.image is not None and seq.grid_predictions is not None  # prepare() came first
        self.image.set_data(seq.grid_predictions[step].reshape(self.shape))
        self.marker.set_xdata([seq.n_leaves[step]] * 2)
        self._status(
            self.ax_map, f"alpha = {seq.ccp_alphas[step]:.4f}: {seq.n_leaves[step]} leaves"
        )
        self._status(
            self.ax_err, f"train {seq.train_error[step]:.3f}, test {seq.test_error[step]:.3f}"
        )
        return self.fig


def plot_pruning_errors(sequence: PruningSequence, *, title: str = "") -> Figure:
    """Training and test error of the nested subtrees against the effective alpha (a step
    function: the subtree for alpha is the one of the largest path alpha below it).

    Parameters
    ----------
    sequence : PruningSequence
        From :func:`~patterneval.tree.pruning_sequence`.
    title : str, default "", keyword-only

    Returns
    -------
    matplotlib.figure.Figure
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.2)
        (ax,) = reset_axes(fig, 1)
        a = sequence.ccp_alphas
        ax.step(
            a,
            sequence.train_error,
            where="post",
            color=COLORS["primary"],
            lw=1.6,
            label="training error",
        )
        ax.step(
            a,
            sequence.test_error,
            where="post",
            color=COLORS["secondary"],
            lw=1.6,
            label="test error",
        )
        best = int(np.argmin(sequence.test_error))
        ax.plot(
            [a[best]],
            [sequence.test_error[best]],
            "o",
            color=COLORS["truth"],
            ms=5,
            label=f"lowest test error ({sequence.n_leaves[best]} leaves)",
        )
        positive = a[a > 0]
        if positive.size:  # the last alphas are far apart: a linear axis hides the rest
            ax.set_xscale("symlog", linthresh=float(positive.min()))
        ax.set(xlabel="ccp_alpha (symmetric log scale)", ylabel="error rate", title=title)
        ax.legend(loc="upper left", fontsize=8)
        fig.subplots_adjust(left=0.11, right=0.97, top=0.88, bottom=0.16)
    return fig
