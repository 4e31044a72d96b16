"""Figures of the chapter "AdaBoost": error curves with the bound, per-round eps and alpha,
margin distributions, re-weighting against re-sampling, and the round-by-round painter.

Everything drawn here is computed by :mod:`patterneval.ensemble.boosting`; these functions
only place the numbers they are given.
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib as mpl
import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..book.adaboost import BoostingRounds, ModeComparison
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = [
    "BoostingRoundsPainter",
    "plot_error_curves",
    "plot_margins",
    "plot_mode_comparison",
    "plot_round_statistics",
]


def plot_error_curves(
    training_errors: Sequence[float] | np.ndarray,
    test_errors: ArrayLike,
    error_bounds: ArrayLike,
    exp_losses: ArrayLike,
) -> Figure:
    """Training and test error of the vote after each round, the bound
    prod 2 sqrt(eps(1-eps)) and the exponential loss (equal to the bound: dotted over it),
    on a log axis. Zero training errors are drawn at the axis floor.

    Parameters
    ----------
    training_errors, test_errors : array_like of shape (T,)
        Error rate of the vote after rounds 1..T on the training and the test set.
    error_bounds : array_like of shape (T,)
        The training-error bound after each round (positive; half its minimum is the axis
        floor).
    exp_losses : array_like of shape (T,)
        The mean exponential loss after each round.

    Returns
    -------
    matplotlib.figure.Figure
    """
    t = np.arange(1, len(training_errors) + 1)
    floor = 0.5 * float(np.min(error_bounds))
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.4)
        (ax,) = reset_axes(fig, 1)
        ax.plot(
            t,
            np.maximum(training_errors, floor),
            color=COLORS["primary"],
            lw=1.6,
            label="training error",
        )
        ax.plot(t, test_errors, color=COLORS["secondary"], lw=1.6, label="test error")
        ax.plot(
            t,
            error_bounds,
            color=COLORS["tertiary"],
            lw=1.6,
            ls="--",
            label="bound prod 2 sqrt(eps(1-eps))",
        )
        ax.plot(
            t,
            exp_losses,
            color=COLORS["accent"],
            lw=1.2,
            ls=":",
            label="exponential loss (training)",
        )
        ax.set_yscale("log")
        ax.set_ylim(floor / 1.5, 1.2)
        ax.set(xlabel="round t", ylabel="error / loss")
        ax.legend(loc="lower left", fontsize=8)
        fig.subplots_adjust(left=0.11, right=0.97, top=0.95, bottom=0.15)
    return fig


def plot_round_statistics(errors: Sequence[float] | np.ndarray, alphas: ArrayLike) -> Figure:
    """Two panels against the round: the weighted error eps_t (with the chance line 1/2) and
    the vote alpha_t = 1/2 ln((1 - eps_t) / eps_t).

    Parameters
    ----------
    errors : array_like of shape (T,)
        The weighted training error eps_t of each round.
    alphas : array_like of shape (T,)
        The vote alpha_t of each round.

    Returns
    -------
    matplotlib.figure.Figure
    """
    t = np.arange(1, len(errors) + 1)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(2, width=8.0, height=3.0)
        ax1, ax2 = fig.axes
        ax1.plot(t, errors, "o-", color=COLORS["primary"], ms=3, lw=1.2)
        ax1.axhline(0.5, color=COLORS["muted"], ls=":", lw=1.2)
        ax1.set(xlabel="round t", ylabel="weighted error eps_t", ylim=(0, 0.55))
        ax2.plot(t, alphas, "o-", color=COLORS["secondary"], ms=3, lw=1.2)
        ax2.set(xlabel="round t", ylabel="vote alpha_t", ylim=(0, None))
        fig.subplots_adjust(left=0.08, right=0.98, top=0.95, bottom=0.17, wspace=0.28)
    return fig


def plot_margins(margins: dict) -> Figure:
    """Empirical distribution functions of the normalised training margins y F(x)/sum alpha,
    one curve per entry of ``margins`` (label -> array).

    Parameters
    ----------
    margins : dict
        Label -> array of normalised margins in [-1, 1] (e.g. after different numbers of
        rounds); up to about a dozen curves.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from patterneval.plotting import plot_margins
    >>> fig = plot_margins({"10 rounds": [-0.2, 0.1, 0.5, 0.9]})
    >>> len(fig.axes)
    1
    """
    colors = [COLORS["muted"], COLORS["primary"], COLORS["tertiary"], COLORS["secondary"]]
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.2)
        (ax,) = reset_axes(fig, 1)
        for (label, m), color in zip(margins.items(), colors * 3):
            m = np.sort(np.asarray(m))
            ax.step(
                m, np.arange(1, m.size + 1) / m.size, where="post", color=color, lw=1.5, label=label
            )
        ax.axvline(0, color=COLORS["truth"], ls=":", lw=1.0)
        ax.set(
            xlabel="normalised margin y F(x) / sum alpha",
            ylabel="fraction of examples <= margin",
            xlim=(-1, 1),
            ylim=(0, 1.02),
        )
        ax.legend(loc="upper left", fontsize=8)
        fig.subplots_adjust(left=0.11, right=0.97, top=0.95, bottom=0.16)
    return fig


def plot_mode_comparison(result: ModeComparison) -> Figure:
    """Test error against the round: the re-weighted run (line) and the re-sampled runs
    (thin lines, one per seed, with their mean) of a :class:`~patterneval.book.adaboost.ModeComparison`.

    Parameters
    ----------
    result : ModeComparison
        With ``n_estimators``, ``reweight_test_errors`` (T,) and ``resample_test_errors``
        (n_runs, T).

    Returns
    -------
    matplotlib.figure.Figure
    """
    t = np.arange(1, result.n_estimators + 1)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.2)
        (ax,) = reset_axes(fig, 1)
        for row in result.resample_test_errors:
            ax.plot(t, row, color=COLORS["tertiary"], lw=0.6, alpha=0.35)
        ax.plot(
            t,
            result.resample_test_errors.mean(axis=0),
            color=COLORS["tertiary"],
            lw=1.8,
            label=f"re-sample (mean of {len(result.resample_test_errors)} seeds)",
        )
        ax.plot(t, result.reweight_test_errors, color=COLORS["primary"], lw=1.8, label="re-weight")
        ax.set(xlabel="round t", ylabel="test error")
        ax.legend(loc="upper right", fontsize=8)
        fig.subplots_adjust(left=0.11, right=0.97, top=0.95, bottom=0.16)
    return fig


_REGIONS = ListedColormap(["#F6D8C8", "#CFE3F3"])  # light secondary (-1), light primary (+1)


#: The views of :class:`BoostingRoundsPainter`: the decision regions of round t, the
#: cumulative margin distribution after round t with its bound, the training error and its
#: bounds over the rounds.
BOOSTING_VIEWS = ("regions", "margins", "bounds")


class BoostingRoundsPainter(Painter):
    """One panel in one of three views: ``"regions"``, ``"margins"``, ``"bounds"``.
    ``"regions"``: the decision regions of the vote after round t (background image) and the training points with marker
    area proportional to D_t, the distribution round t was trained on. ``"margins"``: the
    cumulative distribution of the normalised training margins after round t, under the
    bound of Schapire et al. (1998). ``"bounds"``: the training error of the vote over the
    rounds against the bounds prod 2 sqrt(eps(1-eps)) and exp(-2 sum gamma^2), round t
    marked. Each view has its own axes, built once and hidden while another view shows;
    ``update(rounds=<BoostingRounds>, round=t, view=..., evaluation=...)`` only sets
    artist data.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            (self.ax,) = reset_axes(fig, 1)
            ax = self.ax
            self.image = ax.imshow(
                np.zeros((2, 2)),
                origin="lower",
                cmap=_REGIONS,
                vmin=-1,
                vmax=1,
                aspect="auto",
                interpolation="nearest",
            )
            self.points = ax.scatter([], [], s=[], linewidths=0.6, edgecolors="k")
            ax.set(xlabel="x1", ylabel="x2")
            fig.subplots_adjust(left=0.1, right=0.98, top=0.9, bottom=0.14)
            self._build_evaluation_axes(fig)
        self._data: BoostingRounds | None = None
        self._evaluation: dict | None = None

    def _build_evaluation_axes(self, fig: Figure) -> None:
        """The axes of the "margins" and "bounds" views, over the regions' axes, hidden."""
        box = self.ax.get_position()
        self.ax_margins = fig.add_axes(box)
        self.margin_cdf = self.ax_margins.step(
            [], [], where="post", color=COLORS["primary"], lw=1.6, label="training margins"
        )[0]
        self.margin_bound = self.ax_margins.plot(
            [],
            [],
            color=COLORS["tertiary"],
            lw=1.4,
            ls="--",
            label="bound exp(theta sum alpha) prod Z",
        )[0]
        self.ax_margins.axvline(0, color=COLORS["truth"], ls=":", lw=1.0)
        self.ax_margins.set(
            xlabel="normalised margin theta = y F_t(x) / sum alpha",
            ylabel="fraction of examples <= theta",
            xlim=(-1, 1),
            ylim=(0, 1.02),
        )
        self.ax_margins.legend(loc="upper left", fontsize=8)
        self.ax_bounds = fig.add_axes(box)
        styles = {
            "training_errors": ("training error", COLORS["primary"], "-"),
            "product_bounds": ("bound prod 2 sqrt(eps(1-eps))", COLORS["tertiary"], "--"),
            "edge_bounds": ("bound exp(-2 sum gamma^2)", COLORS["secondary"], "-."),
        }
        self.bound_lines = {
            key: self.ax_bounds.plot([], [], color=c, ls=ls, lw=1.6, label=label)[0]
            for key, (label, c, ls) in styles.items()
        }
        self.bound_marks = self.ax_bounds.scatter(
            [1, 1, 1],
            [1, 1, 1],
            s=30,
            color=[COLORS["primary"], COLORS["tertiary"], COLORS["secondary"]],
            zorder=3,
        )
        self.round_line = self.ax_bounds.axvline(1, color=COLORS["muted"], ls=":", lw=1.0)
        self.ax_bounds.set(xlabel="round t", ylabel="training error / bound", yscale="log")
        self.ax_bounds.legend(loc="upper right", fontsize=8)
        self.axes = {"regions": self.ax, "margins": self.ax_margins, "bounds": self.ax_bounds}
        for ax in (self.ax_margins, self.ax_bounds):
            ax.set_visible(False)

    def _set_evaluation(self, evaluation: dict) -> None:
        """Put one run's round-by-round curves on the "bounds" axes (once per run)."""
        t = np.arange(1, len(evaluation["training_errors"]) + 1)
        errors = np.asarray(evaluation["training_errors"])
        lowest = np.min(evaluation["product_bounds"])
        if np.any(errors > 0):
            lowest = min(lowest, np.min(errors[errors > 0]))
        floor = 0.5 * float(lowest)  # zero training errors are drawn at the floor
        for key, line in self.bound_lines.items():
            line.set_data(t, np.maximum(evaluation[key], floor))
        self.ax_bounds.set_xlim(0.5, t[-1] + 0.5)
        self.ax_bounds.set_ylim(floor / 1.5, 1.2)
        self._floor = floor
        self._evaluation = evaluation

    def _show_margins(self, evaluation: dict, t: int, mode: str) -> None:
        m = np.sort(evaluation["margins"][t - 1])
        self.margin_cdf.set_data(
            np.concatenate([[-1.0], m, [1.0]]),
            np.concatenate([[0.0], np.arange(1, m.size + 1) / m.size, [1.0]]),
        )
        bound = np.minimum(evaluation["margin_bounds"][:, t - 1], 1.0)
        self.margin_bound.set_data(evaluation["thetas"], bound)
        at_zero = float(np.interp(0.0, evaluation["thetas"], bound))
        self._status(
            self.ax_margins,
            f"{mode}, round {t}: margins <= 0 {np.mean(m <= 0):.3f} (bound {at_zero:.3f}), "
            f"smallest margin {m[0]:.2f}",
        )

    def _show_bounds(self, evaluation: dict, t: int, mode: str) -> None:
        keys = ("training_errors", "product_bounds", "edge_bounds")
        values = [float(evaluation[k][t - 1]) for k in keys]
        self.bound_marks.set_offsets(np.column_stack([[t] * 3, np.maximum(values, self._floor)]))
        self.round_line.set_xdata([t, t])
        self._status(
            self.ax_bounds,
            f"{mode}, round {t}: training error "
            f"{values[0]:.3f} <= {values[1]:.3f} (product) <= {values[2]:.3f} "
            "(exp(-2 sum gamma^2))",
        )

    def update(
        self,
        *,
        rounds: BoostingRounds,
        round: int,
        view: str = "regions",
        evaluation: dict | None = None,
    ) -> Figure:
        """Show the vote after round ``round`` in one view.

        Parameters
        ----------
        rounds : BoostingRounds
            From :func:`~patterneval.book.adaboost.boosting_rounds`.
        round : int >= 1
            The round t shown (at most the rounds made).
        view : {"regions", "margins", "bounds"}, default "regions"
            What is drawn.
        evaluation : dict, optional
            Needed by the "margins" and "bounds" views: the same run's ``"margins"`` (T, n)
            from :func:`~patterneval.book.adaboost.staged_margins`, ``"thetas"`` (k,) and
            ``"margin_bounds"`` (k, T) from :func:`~patterneval.book.adaboost.margin_bounds`,
            and over the rounds ``"training_errors"``, ``"product_bounds"`` (the model's
            ``error_bounds_``) and ``"edge_bounds"``
            (:func:`~patterneval.book.adaboost.edge_bounds`), each (T,).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        if view not in BOOSTING_VIEWS:
            raise ValueError(f"view must be one of {BOOSTING_VIEWS}; got {view!r}")
        if view != "regions" and evaluation is None:
            raise ValueError(f"the {view!r} view needs the run's evaluation")
        for name, ax in self.axes.items():
            ax.set_visible(name == view)
        t = int(round)
        if self._data is not rounds:
            gx, gy = rounds.grid_x, rounds.grid_y
            self.image.set_extent((gx[0], gx[-1], gy[0], gy[-1]))
            self.points.set_offsets(rounds.X)
            self.points.set_facecolors(
                np.where(
                    rounds.y[:, None] > 0,
                    mpl.colors.to_rgba_array([COLORS["primary"]]),
                    mpl.colors.to_rgba_array([COLORS["secondary"]]),
                )
            )
            self.ax.set_xlim(gx[0], gx[-1])
            self.ax.set_ylim(gy[0], gy[-1])
            self._data = rounds
        t = min(max(t, 1), len(rounds.alphas))
        if view == "margins" and evaluation is not None:
            self._show_margins(evaluation, t, rounds.mode)
            return self.fig
        if view == "bounds" and evaluation is not None:
            if self._evaluation is not evaluation:
                self._set_evaluation(evaluation)
            self._show_bounds(evaluation, t, rounds.mode)
            return self.fig
        self.image.set_data(rounds.votes[t - 1])
        w = rounds.weights[t - 1]
        self.points.set_sizes(8 + 3000 * w)
        self._status(
            self.ax,
            f"{rounds.mode}, round {t}: eps={rounds.errors[t - 1]:.3f}, "
            f"alpha={rounds.alphas[t - 1]:.3f}, training error {rounds.training_errors[t - 1]:.3f} "
            f"(marker area ~ D_t)",
        )
        return self.fig
