"""The one figure the reports draw that patterneval.plotting has no figure for: estimates
with their intervals, one row each (needs matplotlib)."""

from __future__ import annotations

import matplotlib as mpl
import numpy as np

from ._style import BOOK_STYLE, COLORS, new_figure, reset_axes


def plot_intervals(labels, values, lows, highs, *, xlabel: str = "", title: str | None = None):
    """A point per estimate and a bar over its interval (NaN: no interval), first on top."""
    values, lows, highs = (np.asarray(v, dtype=float) for v in (values, lows, highs))
    k = values.size
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=0.9 + 0.38 * k)
        (ax,) = reset_axes(fig, 1)
        pos = np.arange(k)[::-1]
        has = np.isfinite(lows) & np.isfinite(highs)
        ax.hlines(pos[has], lows[has], highs[has], color=COLORS["primary"], lw=2)
        ax.plot(values, pos, "o", color=COLORS["secondary"], ms=5)
        ax.set_yticks(pos)
        ax.set_yticklabels([str(s) for s in labels], fontsize=8)
        ax.set_ylim(-0.7, k - 0.3)
        ax.set_xlabel(xlabel)
        if title:
            ax.set_title(title, fontsize=10)
        fig.subplots_adjust(left=0.45, right=0.97, bottom=0.8 / (0.9 + 0.38 * k) + 0.05, top=0.95)
    return fig
