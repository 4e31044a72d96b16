"""Figures of the chapter "Combining learners": the rates of correct, wrong and rejected
majority votes of T independent voters, and the in-sample vs out-of-fold stacking gap.

The painter builds its artists once; ``update`` calls
:func:`patterneval.ensemble.combine.vote_rates` and only sets artist data.
"""

from __future__ import annotations

from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from ..ensemble.combine import vote_rates
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["VoteRatesPainter", "draw_vote_rates", "plot_vote_rates"]


class VoteRatesPainter(Painter):
    """One panel over T = 1..T_max: P(correct), P(error) and P(reject) of a majority vote
    with reject threshold theta, for independent voters of accuracy p and c classes.

    ``update(accuracy=, n_voters=, n_classes=, threshold=)``; ``n_voters`` is the largest T.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            (self.ax,) = reset_axes(fig, 1)
            ax = self.ax
            (self.correct,) = ax.plot([], [], color=COLORS["primary"], lw=1.6, label="correct")
            (self.error,) = ax.plot([], [], color=COLORS["secondary"], lw=1.6, label="error")
            (self.reject,) = ax.plot([], [], color=COLORS["tertiary"], lw=1.6, label="reject")
            self.single = ax.axhline(
                0.5, color=COLORS["muted"], ls=":", lw=1.2, label="one voter's accuracy"
            )
            ax.set_ylim(-0.02, 1.02)
            ax.set(xlabel="number of voters T", ylabel="probability")
            ax.legend(loc="center right", fontsize=8)
            fig.subplots_adjust(left=0.09, right=0.98, top=0.9, bottom=0.14)

    def update(
        self, *, accuracy: float, n_voters: int, n_classes: int = 2, threshold: float = 0.5
    ) -> Figure:
        """Draw the rates for T = 1..``n_voters``.

        Parameters
        ----------
        accuracy : float in [0, 1]
            Voter accuracy p.
        n_voters : int >= 1
            The largest T.
        n_classes : int >= 2, default 2
        threshold : float in [0.5, 1), default 0.5
            Reject threshold theta.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        T = np.arange(1, n_voters + 1)
        r = vote_rates(accuracy, T, n_classes=n_classes, threshold=threshold)
        self.correct.set_data(T, r.correct)
        self.error.set_data(T, r.error)
        self.reject.set_data(T, r.reject)
        self.single.set_ydata([accuracy, accuracy])
        self.ax.set_xlim(0, n_voters + 1)
        self._status(
            self.ax,
            f"p={accuracy:.2f}, c={n_classes}, theta={threshold:.2f}, T={n_voters}: correct "
            f"{r.correct[-1]:.3f}, error {r.error[-1]:.3f}, reject {r.reject[-1]:.3f}",
        )
        return self.fig


def draw_vote_rates(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`VoteRatesPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`VoteRatesPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return VoteRatesPainter(fig).update(**options)


def plot_vote_rates(
    accuracy: float = 0.6,
    n_voters: int = 25,
    *,
    n_classes: int = 3,
    threshold: float = 0.5,
) -> Figure:
    """Static version of the explorer's panel.

    Parameters
    ----------
    accuracy : float in [0, 1], default 0.6
        Accuracy p of each independent voter.
    n_voters : int >= 1, default 25
        The largest number of voters T drawn.
    n_classes : int >= 2, default 3, keyword-only
        Classes c; a wrong voter picks one of the c - 1 wrong classes uniformly.
    threshold : float in [0.5, 1), default 0.5, keyword-only
        Reject threshold theta: a class wins only with more than theta T votes, else the
        sample is rejected (:func:`~patterneval.ensemble.combine.vote_rates`).

    Returns
    -------
    matplotlib.figure.Figure
    """
    return draw_vote_rates(
        new_figure(width=7.0, height=3.4),
        accuracy=accuracy,
        n_voters=n_voters,
        n_classes=n_classes,
        threshold=threshold,
    )
