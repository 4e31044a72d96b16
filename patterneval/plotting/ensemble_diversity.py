"""Figures of the chapter "Diversity": the two-classifier table with its measures, a
kappa-error diagram and the error-ambiguity decomposition against ensemble size.

The numbers come from :mod:`patterneval.ensemble.diversity`; painters only draw them.
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["MEASURE_LABELS", "PairTablePainter", "plot_error_ambiguity", "plot_kappa_error"]

#: Bar labels of the pairwise measures.
MEASURE_LABELS = {"disagreement": "dis", "correlation": "ρ", "q_statistic": "Q", "kappa": "κ"}


class PairTablePainter(Painter):
    """Left: the 2x2 table of two classifiers' predictions (counts in the cells); right:
    the four pairwise measures as bars. ``update(table=(a, b, c, d), measures={...},
    title=...)`` only sets data; artists are built once.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_table, self.ax_bar = reset_axes(fig, 2)
            fig.subplots_adjust(left=0.1, right=0.97, wspace=0.35, bottom=0.15, top=0.86)
            ax = self.ax_table
            self.image = ax.imshow(np.zeros((2, 2)), cmap="Blues", vmin=0, vmax=1)
            ax.grid(False)
            ax.set_xticks([0, 1], ["$h_j=+1$", "$h_j=-1$"])
            ax.set_yticks([0, 1], ["$h_i=+1$", "$h_i=-1$"])
            self.cells = [
                [ax.text(j, i, "", ha="center", va="center", fontsize=11) for j in range(2)]
                for i in range(2)
            ]
            names = list(MEASURE_LABELS)
            x = np.arange(len(names))
            colors = [COLORS[c] for c in ("primary", "secondary", "tertiary", "accent")]
            self.bars = self.ax_bar.bar(x, np.zeros(len(names)), color=colors)
            self.values = [
                self.ax_bar.text(i, 0, "", ha="center", va="bottom", fontsize=9)
                for i in range(len(names))
            ]
            self.ax_bar.set_xticks(x, [MEASURE_LABELS[n] for n in names])
            self.ax_bar.axhline(0, color=COLORS["muted"], lw=1)
            self.ax_bar.set(ylim=(-1.15, 1.15), ylabel="value")
            self.title = fig.suptitle(" ")

    def update(
        self, *, table: tuple[int, int, int, int], measures: dict, title: str = ""
    ) -> Figure:
        """Show one pair's table and measures.

        Parameters
        ----------
        table : tuple of 4 int
            ``(a, b, c, d)`` of :func:`~patterneval.ensemble.diversity.pair_table`.
        measures : dict
            Name -> value of the four pairwise measures (NaN where undefined).
        title : str, default ""

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        a, b, c, d = table
        counts = np.array([[a, b], [c, d]], dtype=float)
        self.image.set_data(counts / counts.sum())
        self.image.set_clim(0, max(counts.max() / counts.sum(), 1e-9))
        for i in range(2):
            for j in range(2):
                letter = "abcd"[2 * i + j]
                self.cells[i][j].set_text(f"{letter} = {int(counts[i, j])}")
                dark = counts[i, j] > 0.6 * counts.max()
                self.cells[i][j].set_color("white" if dark else "black")
        for bar, label, name in zip(self.bars, self.values, MEASURE_LABELS):
            v = measures[name]
            shown = 0.0 if not np.isfinite(v) else v
            bar.set_height(shown)
            label.set_position((label.get_position()[0], max(shown, 0) + 0.03))
            label.set_text("undefined" if not np.isfinite(v) else f"{v:.2f}")
        self.title.set_text(title)
        return self.fig


def plot_kappa_error(
    kappa: ArrayLike,
    mean_error: ArrayLike | None = None,
    *,
    labels: str | None = None,
    title: str = "",
) -> Figure:
    """Kappa-error diagram: one point per pair of members. ``kappa`` and ``mean_error``
    are arrays (or a dict ``label -> (kappa, mean_error)`` to overlay several ensembles).

    Parameters
    ----------
    kappa : array_like of shape (n_pairs,) or dict
        Kappa of each pair of members; or a dict ``label -> (kappa, mean_error)`` of up to
        three ensembles (then ``mean_error`` and ``labels`` are ignored).
    mean_error : array_like of shape (n_pairs,), optional
        Mean error of each pair (required with an array ``kappa``).
    labels : str, optional, keyword-only
        Legend label of a single set (default "pairs").
    title : str, default "", keyword-only

    Returns
    -------
    matplotlib.figure.Figure
    """
    sets = kappa if isinstance(kappa, dict) else {labels or "pairs": (kappa, mean_error)}
    fig = new_figure(width=6.5, height=3.6)
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        fig.subplots_adjust(left=0.12)
        for (name, (k, e)), color in zip(sets.items(), ("primary", "secondary", "tertiary")):
            ax.scatter(k, e, s=12, alpha=0.6, color=COLORS[color], label=name)
        ax.set(
            xlabel="κ between the pair (left: more diverse)",
            ylabel="mean error of the pair",
            title=title,
        )
        ax.legend(loc="best")
    return fig


def plot_error_ambiguity(
    sizes: ArrayLike, E: ArrayLike, E_bar: ArrayLike, A_bar: ArrayLike
) -> Figure:
    """E, E_bar and A_bar of growing ensembles (one value per size), with E_bar - A_bar
    drawn over E to show the identity.

    Parameters
    ----------
    sizes : array_like of shape (m,)
        Ensemble sizes (x axis, log scale).
    E : array_like of shape (m,)
        Ensemble error (mean squared error of the averaged prediction).
    E_bar : array_like of shape (m,)
        Mean member error.
    A_bar : array_like of shape (m,)
        Mean ambiguity; Krogh and Vedelsby's identity is E = E_bar - A_bar.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=7.0, height=3.4)
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        fig.subplots_adjust(left=0.12)
        ax.plot(sizes, E_bar, "o-", color=COLORS["secondary"], ms=3, label="Ē  (mean member error)")
        ax.plot(sizes, A_bar, "o-", color=COLORS["tertiary"], ms=3, label="Ā  (mean ambiguity)")
        ax.plot(sizes, E, "o-", color=COLORS["primary"], ms=3, label="E  (ensemble error)")
        ax.plot(
            sizes,
            np.asarray(E_bar) - np.asarray(A_bar),
            "x",
            color=COLORS["truth"],
            ms=6,
            label="Ē − Ā",
        )
        ax.set(xlabel="members in the ensemble", ylabel="mean squared error", xscale="log")
        ax.legend(loc="center right")
    return fig
