"""Figures of the chapter "Permutation tests": the null distribution and the observed error.

The permutation tests themselves come from :mod:`patterneval.resampling.permutation`
(``permutation_test``) and :mod:`patterneval.book.permutation_tests` (``signal_tests``); the painter here only draws a result.
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from ..resampling.permutation import PermutationTestResult
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["NullDistributionPainter", "plot_null_distribution"]

#: Histogram bins of cross-validation errors in [0, 1].
_BINS = np.linspace(0.0, 1.0, 41)


class NullDistributionPainter(Painter):
    """Histogram of a permutation test's null CV errors, the observed error marked, and
    the p-value ``(b + 1) / (m + 1)`` with its count ``b`` in the title.

    Artists are built once; :meth:`update` bins the result's null errors (one
    ``numpy.histogram`` call) and sets the artists' data and the plain-text title.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            (self.ax,) = reset_axes(fig, 1)
            self.hist = self.ax.stairs(
                np.zeros(_BINS.size - 1),
                _BINS,
                fill=True,
                alpha=0.6,
                color=COLORS["primary"],
                label="errors on permuted labels",
            )
            self.observed = self.ax.axvline(
                0, color=COLORS["secondary"], lw=2, label="observed error"
            )
            self.ax.axvline(0.5, color=COLORS["muted"], ls=":", lw=1)
            self.ax.set(xlabel="cross-validation error", ylabel="permutations", xlim=(-0.02, 1.0))
            self.ax.legend(loc="upper left")
            self.title = self.ax.set_title(" ")

    def update(self, *, result: PermutationTestResult) -> Figure:
        """Show one permutation test.

        Parameters
        ----------
        result : PermutationTestResult
            From :func:`patterneval.permutation_test` (``result.head(m)`` for its first m
            permutations).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        counts, _ = np.histogram(result.null_distribution, bins=_BINS)
        self.hist.set_data(values=counts.astype(float))
        self.observed.set_xdata([result.statistic, result.statistic])
        self.ax.set_ylim(0, max(counts.max(), 1) * 1.2)
        b = int(round(result.pvalue * (result.n_resamples + 1))) - 1
        self.title.set_text(
            f"observed {result.statistic:.3f}; b = {b} of m = {result.n_resamples} "
            f"as low; p = (b+1)/(m+1) = {result.pvalue:.4f}"
        )
        return self.fig


def plot_null_distribution(result: PermutationTestResult) -> Figure:
    """A static :class:`NullDistributionPainter` figure of a :class:`PermutationTestResult`.

    Parameters
    ----------
    result : PermutationTestResult
        From :func:`patterneval.permutation_test`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=7.0, height=3.2)
    return NullDistributionPainter(fig).update(result=result)
