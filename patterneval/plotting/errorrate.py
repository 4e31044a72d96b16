"""Figures of the chapters "The test error rate" and "Selective sampling".

Painters build their artists once and update them, so explorers redraw fast; each
``update`` only calls tested library functions and sets artist data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike
from scipy import stats

from .._api import keywords
from ..book.error_rate import simulate_coverage
from ..book.selective_sampling import simulate_sampling
from ..errorrate import (
    INTERVAL_METHODS,
    binomial_interval,
    coverage_probability,
    error_variance,
    selective_variance_gap,
    stratified_variance,
)
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = [
    "INTERVAL_METHODS",
    "SelectiveSamplingPainter",
    "TestErrorPainter",
    "draw_selective_sampling",
    "draw_test_error",
    "plot_coverage_curves",
    "plot_log_likelihood",
]

_METHOD_COLORS = dict(
    zip(INTERVAL_METHODS, ["#999999", "#0072B2", "#009E73", "#D55E00", "#CC79A7"])
)


class TestErrorPainter(Painter):
    """Sampling distribution of k/N, each method's interval at the typical k, and coverage.

    Left: the Binomial(N, eps) law of the estimate with the +-2 standard-deviation band.
    Middle: every interval method at ``k = round(eps N)``. Right: each method's coverage,
    simulated (square, +-2 Monte Carlo SE) and exact (dot), against the nominal level.

    The artists are made once; :meth:`update` only changes their data, which keeps an
    explorer's redraw well under the cost of rebuilding three axes.
    """

    __test__ = False  # not a pytest test class

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        rows = np.arange(len(INTERVAL_METHODS))
        colors = [_METHOD_COLORS[m] for m in INTERVAL_METHODS]
        with mpl.rc_context(BOOK_STYLE):
            self.ax_dist, self.ax_ci, self.ax_cov = reset_axes(fig, 3)
            ax = self.ax_dist
            self.sticks = ax.vlines([], [], [], color=COLORS["primary"])
            self.band = ax.axvspan(0, 0, color=COLORS["muted"], alpha=0.2, label=r"$\pm 2\,$sd")
            self.truth = [
                a.axvline(0, color=COLORS["truth"], lw=1.2, label=r"true $\varepsilon$")
                for a in (self.ax_dist, self.ax_ci)
            ]
            ax.set(xlabel=r"$\hat\varepsilon$", ylabel="probability")
            ax.legend(loc="upper right")

            ax = self.ax_ci
            self.intervals = ax.hlines(rows, 0, 0, colors=colors, lw=4)
            (self.points,) = ax.plot(
                np.zeros_like(rows, dtype=float), rows, "|", color="white", ms=10
            )
            ax.set_yticks(rows, INTERVAL_METHODS)
            ax.set_ylim(len(rows) - 0.5, -0.5)
            ax.set(xlabel="error rate")

            ax = self.ax_cov
            self.cov_bars = ax.hlines(rows, 0, 0, colors=colors, lw=1.5)
            self.cov_sim = ax.scatter(
                np.zeros(len(rows)), rows, c=colors, marker="s", s=45, zorder=3
            )
            (self.cov_exact,) = ax.plot(
                np.zeros(len(rows)), rows, "o", color=COLORS["truth"], ms=4, zorder=4
            )
            self.nominal = ax.axvline(
                0.95, color=COLORS["secondary"], ls="--", lw=1.2, label="nominal"
            )
            ax.set_yticks(rows, [])
            ax.set_ylim(len(rows) - 0.5, -0.5)
            ax.set(title="coverage: simulated ■, exact ●", xlabel="coverage")
            ax.legend(loc="lower left")

    @keywords
    def update(
        self,
        *,
        n: int,
        error: float,
        confidence_level: float = 0.95,
        n_datasets: int = 4000,
        rng: int | np.random.Generator | None = 0,
    ) -> Figure:
        """Draw the three panels for one (N, eps).

        Parameters
        ----------
        n : int >= 1
            Test-set size N.
        error : float in (0, 1)
            True error rate eps.
        confidence_level : float in (0, 1), default 0.95
        n_datasets : int, default 4000
            Simulated test sets for the coverage.
        rng : None, int or numpy.random.Generator, default 0

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        k = np.arange(n + 1)
        pmf = stats.binom.pmf(k, n, error)
        keep = pmf > 1e-6 * pmf.max()
        x = k[keep] / n
        self.sticks.set_segments([[(xi, 0.0), (xi, hi)] for xi, hi in zip(x, pmf[keep])])
        self.sticks.set_linewidth(max(1.0, 120 / n))
        sd = float(np.sqrt(error_variance(error, n)))
        lo, hi = max(0.0, error - 2 * sd), min(1.0, error + 2 * sd)
        self.band.set_x(lo)  # axvspan gives a Rectangle (matplotlib >= 3.9)
        self.band.set_width(hi - lo)
        for line in self.truth:
            line.set_xdata([error, error])
        pad = 1.0 / n
        self.ax_dist.set_xlim(max(-pad, x.min() - pad), x.max() + pad)
        self.ax_dist.set_ylim(0, pmf.max() * 1.15)
        # plain-text titles: a title that changes with every move would be re-parsed as mathtext
        self.ax_dist.set_title(f"estimate k/N, N={n}")

        k_typ = int(round(error * n))
        ends = np.array(
            [
                binomial_interval(k_typ, n, confidence_level=confidence_level, method=m)
                for m in INTERVAL_METHODS
            ]
        )
        rows = np.arange(len(INTERVAL_METHODS))
        self.intervals.set_segments([[(lo_, r), (hi_, r)] for (lo_, hi_), r in zip(ends, rows)])
        self.points.set_xdata(np.full(len(rows), k_typ / n))
        span = ends[:, 1].max() - ends[:, 0].min()
        self.ax_ci.set_xlim(
            max(0.0, ends[:, 0].min() - 0.08 * span), min(1.0, ends[:, 1].max() + 0.08 * span)
        )
        self.ax_ci.set_title(f"intervals at k={k_typ}")

        gen = np.random.default_rng(rng)
        sims = [
            simulate_coverage(
                error,
                n,
                confidence_level=confidence_level,
                method=m,
                n_datasets=n_datasets,
                rng=gen,
            )
            for m in INTERVAL_METHODS
        ]
        cov = np.array([s.coverage for s in sims])
        se2 = 2 * np.array([s.std_error for s in sims])
        exact = np.array(
            [
                coverage_probability(error, n, confidence_level=confidence_level, method=m)
                for m in INTERVAL_METHODS
            ]
        )
        self.cov_bars.set_segments([[(c - e, r), (c + e, r)] for c, e, r in zip(cov, se2, rows)])
        self.cov_sim.set_offsets(np.column_stack([cov, rows]))
        self.cov_exact.set_xdata(exact)
        self.nominal.set_xdata([confidence_level, confidence_level])
        lowest = min(confidence_level, exact.min(), (cov - se2).min())
        self.ax_cov.set_xlim(max(0.0, lowest - 0.03), 1.005)
        return self.fig


class SelectiveSamplingPainter(Painter):
    """Both estimators' sampling distributions overlaid, with formula and simulated variances.

    Two classes with priors (P1, 1 - P1) and error rates eps1, eps2; N test samples
    drawn at random from the mixture or selectively, P_i N from each class. Artists are
    made once and updated (see :class:`TestErrorPainter`).
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            (self.ax,) = reset_axes(fig, 1)
            ax = self.ax
            self.random = ax.stairs(
                [0.0],
                [0.0, 1.0],
                fill=True,
                alpha=0.45,
                color=COLORS["primary"],
                label="random sampling",
            )
            self.selective = ax.stairs(
                [0.0],
                [0.0, 1.0],
                fill=True,
                alpha=0.45,
                color=COLORS["secondary"],
                label="selective sampling",
            )
            self.truth = ax.axvline(0, color=COLORS["truth"], lw=1.2, label=r"true $\varepsilon$")
            ax.set(xlabel="estimated error rate", ylabel="density")
            ax.legend(loc="upper right")
            self.text = ax.text(
                0.01,
                0.98,
                "",
                transform=ax.transAxes,
                va="top",
                ha="left",
                family="monospace",
                fontsize=8,
            )

    @keywords
    def update(
        self,
        *,
        prior: float,
        error1: float,
        error2: float,
        n: int,
        n_datasets: int = 20_000,
        rng: int | np.random.Generator | None = 0,
    ) -> Figure:
        """Draw both sampling distributions for one setting.

        Parameters
        ----------
        prior : float in (0, 1)
            Prior P1 of class 1.
        error1, error2 : float in [0, 1]
            Class error rates eps1, eps2.
        n : int
            Test-set size N.
        n_datasets : int, default 20000
            Simulated test sets per estimator.
        rng : None, int or numpy.random.Generator, default 0

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        class_errors, priors = [error1, error2], [prior, 1.0 - prior]
        sim = simulate_sampling(class_errors, priors, n, n_datasets=n_datasets, rng=rng)
        eps = prior * error1 + (1.0 - prior) * error2
        var_random = float(error_variance(eps, n))
        var_strat = float(stratified_variance(class_errors, priors, n))
        gap = float(selective_variance_gap(class_errors, priors, n))
        both = np.concatenate([sim.random, sim.stratified])
        # bins one lattice step 1/N wide, centred on k/N: the random estimate takes only
        # those values, so narrower bins would show gaps instead of its distribution
        first, last = np.floor(both.min() * n), np.ceil(both.max() * n)
        bins = (np.arange(first, last + 2) - 0.5) / n
        dens_random, _ = np.histogram(sim.random, bins=bins, density=True)
        dens_strat, _ = np.histogram(sim.stratified, bins=bins, density=True)
        self.random.set_data(dens_random, bins)
        self.selective.set_data(dens_strat, bins)
        self.truth.set_xdata([eps, eps])
        self.ax.set_xlim(bins[0], bins[-1])
        self.ax.set_ylim(0, 1.3 * max(dens_random.max(), dens_strat.max()))
        self.ax.set_title(f"N={n}, P₁={prior:.2f}, ε₁={error1:.2f}, ε₂={error2:.2f}")
        self.text.set_text(
            f"formula:   var random    = {var_random:.3g}\n"
            f"           var selective = {var_strat:.3g}\n"
            f"           gap = P1 P2 (e1-e2)^2/N = {gap:.3g}\n"
            f"simulated: var random    = {sim.random.var():.3g}\n"
            f"           var selective = {sim.stratified.var():.3g}\n"
            f"           gap           = {sim.random.var() - sim.stratified.var():.3g}"
        )
        return self.fig


def draw_test_error(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`TestErrorPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`TestErrorPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return TestErrorPainter(fig).update(**options)


def draw_selective_sampling(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`SelectiveSamplingPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`SelectiveSamplingPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return SelectiveSamplingPainter(fig).update(**options)


def plot_log_likelihood(k: int, n: int) -> Figure:
    r"""The binomial log-likelihood :math:`\ell(\varepsilon) = k\ln\varepsilon + (N-k)\ln(1-\varepsilon)`
    (up to a constant), with its maximum at :math:`k/N` marked.

    Parameters
    ----------
    k : int
        Misclassified test samples, 0 <= k <= n.
    n : int >= 1
        Test samples N.

    Returns
    -------
    matplotlib.figure.Figure
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=6.0, height=3.0)
        (ax,) = reset_axes(fig, 1)
        eps = np.linspace(0.002, 0.998, 500)
        ax.plot(eps, stats.binom.logpmf(k, n, eps), color=COLORS["primary"])
        ax.axvline(k / n, color=COLORS["secondary"], ls="--", label=rf"$k/N = {k}/{n}$")
        ax.set(
            xlabel=r"$\varepsilon$",
            ylabel=r"$\ln P(k \mid \varepsilon)$",
            title=f"log-likelihood of the error rate, k={k}, N={n}",
        )
        ax.set_ylim(stats.binom.logpmf(k, n, k / n) - 15, stats.binom.logpmf(k, n, k / n) + 1)
        ax.legend(loc="lower center")
    return fig


def plot_coverage_curves(
    n: int,
    *,
    confidence_level: float = 0.95,
    methods: Sequence[
        Literal["wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"]
    ] = INTERVAL_METHODS,
    errors: ArrayLike | None = None,
) -> Figure:
    """Exact coverage of each interval method as the true error rate runs over (0, 0.5].

    Parameters
    ----------
    n : int >= 1
        Test-set size N.
    confidence_level : float in (0, 1), default 0.95, keyword-only
    methods : sequence of str, keyword-only
        Interval methods of :func:`patterneval.coverage_probability`, one panel each
        (default all of ``INTERVAL_METHODS``).
    errors : array_like of float in (0, 1), optional, keyword-only
        True error rates on the x axis (default 100 points from 0.005 to 0.5).

    Returns
    -------
    matplotlib.figure.Figure
    """
    errors = np.linspace(0.005, 0.5, 100) if errors is None else np.asarray(errors)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=9.0, height=3.2)
        axes = reset_axes(fig, len(methods))
        for ax, method in zip(axes, methods):
            cov = [
                coverage_probability(e, n, confidence_level=confidence_level, method=method)
                for e in errors
            ]
            ax.plot(errors, cov, color=_METHOD_COLORS[method], lw=1)
            ax.axhline(confidence_level, color=COLORS["truth"], ls="--", lw=1)
            ax.set(title=method, xlabel=r"true $\varepsilon$", ylim=(0.5, 1.0))
        axes[0].set_ylabel(f"coverage, N={n}")
        fig.subplots_adjust(wspace=0.3)
    return fig
