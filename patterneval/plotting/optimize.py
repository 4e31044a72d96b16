"""Figures of the chapter "Optimisation": descent paths on a contour plot, convergence
curves and the step-size stability limit.

The painter builds its artists (and the contour, once per problem) at the first update;
later updates call :func:`patterneval.optimize.gradient_descent` and only set line data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import matplotlib as mpl
import numpy as np
from matplotlib import ticker
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..book.optimisation import Quadratic, rosenbrock, rosenbrock_grad
from ..optimize import DescentResult, gradient_descent
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = ["DescentPainter", "contour_problem", "plot_descent_paths", "plot_step_size_stability"]

FLOOR = 1e-12
_METHOD_COLORS = {
    "plain": "primary",
    "momentum": "secondary",
    "nesterov": "tertiary",
    "adagrad": "accent",
}


class _Rosenbrock:
    """Rosenbrock's function in the same interface as :class:`~patterneval.book.optimisation.Quadratic`."""

    minimiser = np.array([1.0, 1.0])

    @staticmethod
    def f(x):
        return float(rosenbrock(x))

    @staticmethod
    def grad(x):
        return rosenbrock_grad(x)

    @staticmethod
    def f_grid(X1, X2):
        return rosenbrock(np.stack([X1, X2]))


def contour_problem(name: str) -> tuple[Any, tuple[float, float, float, float], np.ndarray]:
    """The explorer's problems with their plot windows and starting points:
    ``"quadratic"`` (condition number 20, rotated) or ``"rosenbrock"``.

    Parameters
    ----------
    name : {"quadratic", "rosenbrock"}

    Returns
    -------
    problem
        A :class:`~patterneval.book.optimisation.Quadratic` (eigenvalues 1 and 20, rotated by 0.5
        rad), or the Rosenbrock function with the same methods (``f``, ``grad``,
        ``f_grid``, ``minimiser``).
    window : tuple of float
        ``(x1_min, x1_max, x2_min, x2_max)`` of the plot.
    start : ndarray of shape (2,)
        The starting point of the explorer's runs.
    """
    from ..book.optimisation import quadratic_problem

    if name == "quadratic":
        return (
            quadratic_problem((1.0, 20.0), angle=0.5),
            (-3.2, 3.2, -2.4, 2.4),
            np.array([-2.8, 1.8]),
        )
    if name == "rosenbrock":
        return _Rosenbrock(), (-2.0, 2.0, -1.0, 3.0), np.array([-1.5, 2.5])
    raise ValueError(f"name: the problem must be 'quadratic' or 'rosenbrock'; got {name!r}.")


def _draw_contour(ax, problem, window, levels=None):
    x1 = np.linspace(window[0], window[1], 160)
    x2 = np.linspace(window[2], window[3], 160)
    X1, X2 = np.meshgrid(x1, x2)
    F = problem.f_grid(X1, X2) - problem.f(problem.minimiser)
    if levels is None:
        top = np.quantile(F, 0.9)
        levels = np.geomspace(max(top * 1e-4, 1e-3), top, 14)
    ax.contour(X1, X2, F, levels=levels, colors=COLORS["muted"], linewidths=0.7)
    ax.plot(*problem.minimiser, "*", color=COLORS["truth"], ms=11, zorder=5)
    ax.set_xlim(window[0], window[1])
    ax.set_ylim(window[2], window[3])
    ax.set(xlabel="x1", ylabel="x2")


class DescentPainter(Painter):
    """Left: contour plot of the problem with the descent path; right: f(x_t) - f* on a log
    axis against the iteration.

    ``update(problem=, method=, learning_rate=, momentum=, n_iter=)``; ``problem`` is a name
    accepted by :func:`contour_problem` (its contour is drawn once and kept).
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        self._problem = None

    def _setup(self, name):
        problem, window, start = contour_problem(name)
        self.problem, self.window, self.start = problem, window, start
        with mpl.rc_context(BOOK_STYLE):
            self.ax, self.ax2 = reset_axes(self.fig, 2)
            _draw_contour(self.ax, problem, window)
            (self.path,) = self.ax.plot([], [], "-o", color=COLORS["primary"], ms=2.5, lw=1.2)
            self.ax.plot(*start, "s", color=COLORS["accent"], ms=6)
            (self.curve,) = self.ax2.plot([], [], color=COLORS["primary"], lw=1.5)
            # fixed limits and few plain-text ticks: tick text dominates a redraw
            self.ax2.set_yscale("log")
            self.ax2.set_ylim(FLOOR, 1e6)
            self.ax2.yaxis.set_major_locator(ticker.FixedLocator([1e-12, 1e-8, 1e-4, 1.0, 1e4]))
            self.ax2.yaxis.set_minor_locator(ticker.NullLocator())
            self.ax2.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:.0e}"))
            for axis in (self.ax.xaxis, self.ax.yaxis):
                axis.set_major_locator(ticker.MaxNLocator(5))
            self.ax2.set(xlabel="iteration t", ylabel="f(x_t) - f*")
            self.fig.subplots_adjust(left=0.07, right=0.98, bottom=0.15, top=0.88, wspace=0.3)
        self._problem = name

    def update(
        self,
        *,
        problem: Literal["quadratic", "rosenbrock"] = "quadratic",
        method: Literal["plain", "momentum", "nesterov", "adagrad"] = "plain",
        learning_rate: float = 0.05,
        momentum: float = 0.9,
        n_iter: int = 100,
    ) -> Figure:
        """Run :func:`~patterneval.optimize.gradient_descent` from the problem's start and draw.

        Parameters
        ----------
        problem : {"quadratic", "rosenbrock"}, default "quadratic"
        method : {"plain", "momentum", "nesterov", "adagrad"}, default "plain"
        learning_rate : float > 0, default 0.05
        momentum : float in [0, 1), default 0.9
        n_iter : int >= 1, default 100

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        if problem != self._problem:
            self._setup(problem)
        res = gradient_descent(
            self.problem.f,
            self.problem.grad,
            self.start,
            method=method,
            learning_rate=learning_rate,
            momentum=momentum,
            n_iter=n_iter,
            tol=1e-10,
        )
        color = COLORS[_METHOD_COLORS[res.method]]
        self.path.set_data(res.path[:, 0], res.path[:, 1])
        self.path.set_color(color)
        gap = np.maximum(res.values - self.problem.f(self.problem.minimiser), FLOOR)
        gap = np.where(np.isfinite(gap), gap, np.nan)
        self.curve.set_data(np.arange(gap.size), gap)
        self.curve.set_color(color)
        self.ax2.set_xlim(0, max(n_iter, 1))
        growing = np.isfinite(gap[-1]) and gap[-1] > 1e3 * gap[0]
        status = (
            "diverged"
            if res.diverged or growing
            else "converged"
            if res.converged
            else f"after {res.n_iter} steps"
        )
        self._status(
            self.ax,
            f"{res.method}, eta={learning_rate:.3g}"
            + (f", gamma={momentum:.2f}" if res.method in ("momentum", "nesterov") else ""),
        )
        self._status(
            self.ax2,
            f"{status}: f - f* = {gap[-1]:.2e} at t = {res.n_iter}"
            if np.isfinite(gap[-1])
            else f"{status} at t = {res.n_iter}",
        )
        return self.fig


def plot_descent_paths(
    runs: Sequence[DescentResult],
    *,
    problem: Literal["quadratic", "rosenbrock"] = "quadratic",
    labels: Sequence[str] | None = None,
) -> Figure:
    """Several descent runs (``DescentResult`` objects started at the problem's start) on
    one contour plot, and their f - f* curves.

    Parameters
    ----------
    runs : sequence of DescentResult
        Runs of :func:`~patterneval.optimize.gradient_descent` started at the problem's
        start point (see :func:`contour_problem`); up to four colours, repeated after.
    problem : {"quadratic", "rosenbrock"}, default "quadratic", keyword-only
    labels : sequence of str, optional, keyword-only
        Legend labels (default the runs' methods).

    Returns
    -------
    matplotlib.figure.Figure
    """
    prob, window, start = contour_problem(problem)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(2, width=9.0, height=3.6)
        ax, ax2 = reset_axes(fig, 2)
        _draw_contour(ax, prob, window)
        ax.plot(*start, "s", color=COLORS["accent"], ms=6)
        fstar = prob.f(prob.minimiser)
        for i, res in enumerate(runs):
            color = COLORS[list(_METHOD_COLORS.values())[i % 4]]
            label = labels[i] if labels else res.method
            ax.plot(res.path[:, 0], res.path[:, 1], "-o", ms=2, lw=1.1, color=color, label=label)
            gap = np.maximum(res.values - fstar, FLOOR)
            ax2.plot(np.arange(gap.size), gap, color=color, lw=1.5, label=label)
        ax2.set_yscale("log")
        ax2.set(xlabel="iteration t", ylabel="f(x_t) - f*")
        ax2.legend(fontsize=8, loc="upper right")
        fig.subplots_adjust(left=0.07, right=0.98, bottom=0.15, top=0.92, wspace=0.3)
    return fig


def plot_step_size_stability(
    problem: Quadratic,
    etas: ArrayLike,
    *,
    n_iter: int = 50,
    start: ArrayLike = (1.0, 1.0),
    momenta: Sequence[float] = (0.0,),
) -> Figure:
    """f(x_T) - f* after ``n_iter`` steps against the step size, one curve per momentum,
    with the limits 2(1 + gamma)/L marked.

    Parameters
    ----------
    problem : Quadratic
        With ``f``, ``grad``, ``minimiser`` and ``lipschitz`` (e.g. from
        :func:`~patterneval.book.optimisation.quadratic_problem`).
    etas : array_like of float > 0
        Step sizes on the x axis.
    n_iter : int >= 1, default 50, keyword-only
        Steps of each run.
    start : array_like of shape (d,), default (1.0, 1.0), keyword-only
    momenta : sequence of float in [0, 1), default (0.0,), keyword-only
        One curve per momentum (0 is plain descent).

    Returns
    -------
    matplotlib.figure.Figure
    """
    etas = np.asarray(etas, dtype=float)
    fstar = problem.f(problem.minimiser)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=7.0, height=3.4)
        (ax,) = reset_axes(fig, 1)
        for i, gamma in enumerate(momenta):
            color = COLORS[list(_METHOD_COLORS.values())[i % 4]]
            method: Literal["plain", "momentum"] = "plain" if gamma == 0 else "momentum"
            gaps = []
            for eta in etas:
                res = gradient_descent(
                    problem.f,
                    problem.grad,
                    start,
                    method=method,
                    learning_rate=eta,
                    momentum=gamma,
                    n_iter=n_iter,
                    tol=1e-300,
                )
                gaps.append(res.values[-1] - fstar if not res.diverged else np.inf)
            gaps = np.clip(np.asarray(gaps), FLOOR, 1e12)
            ax.plot(etas, gaps, color=color, lw=1.6, label=f"gamma = {gamma:g}")
            ax.axvline(2 * (1 + gamma) / problem.lipschitz, color=color, ls="--", lw=1.0)
        ax.set_yscale("log")
        ax.set(
            xlabel="learning rate eta",
            ylabel=f"f - f* after {n_iter} steps",
            title="dashed: stability limits 2(1 + gamma)/L",
        )
        ax.legend(fontsize=8, loc="upper left")
        fig.subplots_adjust(left=0.12, right=0.97, top=0.9, bottom=0.15)
    return fig
