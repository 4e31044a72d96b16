"""The book's figure style and the figures its chapters and explorers draw.

Figures are built on :class:`matplotlib.figure.Figure` directly, never through pyplot,
so that a notebook shows exactly the figures a cell returns (pyplot would display every
open figure again at the end of the cell) and explorers can redraw one figure in place.
Each ``draw_*`` function fills a given figure from library calls; it computes nothing
that the library does not also expose and test.
"""

from __future__ import annotations

import base64
import io

import matplotlib as mpl
import numpy as np
import PIL.Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from scipy import stats

from .errorrate import (
    INTERVAL_METHODS,
    binomial_interval,
    coverage_probability,
    error_variance,
    selective_variance_gap,
    simulate_coverage,
    simulate_sampling,
    stratified_variance,
)

__all__ = [
    "BOOK_STYLE",
    "COLORS",
    "draw_selective_sampling",
    "draw_test_error",
    "plot_coverage_curves",
    "plot_log_likelihood",
    "figure_png",
    "new_figure",
]

#: One colour per role, used across chapters (colour-blind safe, Okabe & Ito 2008).
COLORS = {
    "primary": "#0072B2",
    "secondary": "#D55E00",
    "tertiary": "#009E73",
    "accent": "#CC79A7",
    "muted": "#999999",
    "truth": "#000000",
}

#: rcParams of every book figure.
BOOK_STYLE = {
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "legend.frameon": False,
    "legend.fontsize": 9,
}

_METHOD_COLORS = dict(zip(INTERVAL_METHODS, ["#999999", "#0072B2", "#009E73", "#D55E00", "#CC79A7"]))


def new_figure(ncols: int = 1, *, width: float = 9.0, height: float = 3.4) -> Figure:
    """A figure in the book style with ``ncols`` side-by-side axes.

    Margins are fixed rather than solved by a layout engine: constrained layout doubles
    the time an explorer takes to redraw.
    """
    with mpl.rc_context(BOOK_STYLE):
        fig = Figure(figsize=(width, height))
        fig.subplots(1, ncols)
    return fig


def figure_png(fig: Figure) -> str:
    """The figure as base64 PNG text, the form notebook outputs store."""
    canvas = FigureCanvasAgg(fig)
    with mpl.rc_context(BOOK_STYLE):
        canvas.draw()
    # PIL at a low compression level: savefig's default zlib level costs an explorer
    # about a third of its redraw time for a PNG only a few kB smaller.
    image = PIL.Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba())
    buf = io.BytesIO()
    image.save(buf, format="png", compress_level=1)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _reset(fig: Figure, ncols: int):
    """Clear the figure and give it ``ncols`` fresh axes in the book style."""
    fig.clear()
    with mpl.rc_context(BOOK_STYLE):
        axes = fig.subplots(1, ncols)
    fig.subplots_adjust(left=0.08 if ncols == 1 else 0.07, right=0.98, bottom=0.15, top=0.9, wspace=0.45)
    return np.atleast_1d(axes)


def draw_test_error(
    fig: Figure, *, n: int, error: float, confidence_level: float = 0.95, n_resamples: int = 4000, rng=0
) -> Figure:
    """Sampling distribution of k/N, each method's interval at the typical k, and coverage.

    Left: the Binomial(N, eps) law of the estimate with the +-2 standard-error band.
    Middle: every interval method at ``k = round(eps N)``. Right: each method's coverage,
    exact (dot) and simulated (bar with +-2 SE), against the nominal level.
    """
    with mpl.rc_context(BOOK_STYLE):
        ax_dist, ax_ci, ax_cov = _reset(fig, 3)
        k = np.arange(n + 1)
        pmf = stats.binom.pmf(k, n, error)
        keep = pmf > 1e-6 * pmf.max()
        # one LineCollection, not N bar patches: redraws stay fast for large N
        ax_dist.vlines(k[keep] / n, 0, pmf[keep], color=COLORS["primary"], lw=max(1.0, 120 / n))
        sd = float(np.sqrt(error_variance(error, n)))
        ax_dist.axvline(error, color=COLORS["truth"], lw=1.2, label=r"true $\varepsilon$")
        ax_dist.axvspan(max(0.0, error - 2 * sd), min(1.0, error + 2 * sd), color=COLORS["muted"], alpha=0.2,
                        label=r"$\pm 2\,$sd")
        ax_dist.set(title=rf"$\hat\varepsilon = k/N$, N={n}", xlabel=r"$\hat\varepsilon$", ylabel="probability")
        ax_dist.legend(loc="upper right")

        k_typ = int(round(error * n))
        for row, method in enumerate(INTERVAL_METHODS):
            low, high = binomial_interval(k_typ, n, confidence_level=confidence_level, method=method)
            ax_ci.plot([low, high], [row, row], color=_METHOD_COLORS[method], lw=4, solid_capstyle="butt")
        ax_ci.plot([k_typ / n] * len(INTERVAL_METHODS), range(len(INTERVAL_METHODS)), "|", color="white", ms=10)
        ax_ci.axvline(error, color=COLORS["truth"], lw=1.2)
        ax_ci.set_yticks(range(len(INTERVAL_METHODS)), INTERVAL_METHODS)
        ax_ci.set_ylim(len(INTERVAL_METHODS) - 0.5, -0.5)
        ax_ci.set(title=f"intervals at k={k_typ}", xlabel="error rate")

        gen = np.random.default_rng(rng)
        lowest = confidence_level
        for row, method in enumerate(INTERVAL_METHODS):
            sim = simulate_coverage(error, n, confidence_level=confidence_level, method=method,
                                    n_resamples=n_resamples, rng=gen)
            exact = coverage_probability(error, n, confidence_level=confidence_level, method=method)
            ax_cov.errorbar(sim.coverage, row, xerr=2 * sim.std_error, fmt="s", ms=7,
                            color=_METHOD_COLORS[method], capsize=3)
            ax_cov.plot(exact, row, "o", color=COLORS["truth"], ms=4)
            lowest = min(lowest, exact, sim.coverage - 2 * sim.std_error)
        ax_cov.axvline(confidence_level, color=COLORS["secondary"], ls="--", lw=1.2, label="nominal")
        ax_cov.set_yticks(range(len(INTERVAL_METHODS)), [])
        ax_cov.set_ylim(len(INTERVAL_METHODS) - 0.5, -0.5)
        ax_cov.set_xlim(max(0.0, lowest - 0.03), 1.005)
        ax_cov.set(title="coverage: simulated (square), exact (dot)", xlabel="coverage")
        ax_cov.legend(loc="lower left")
    return fig


def draw_selective_sampling(
    fig: Figure, *, prior: float, error1: float, error2: float, n: int, n_resamples: int = 20_000, rng=0
) -> Figure:
    """Both estimators' sampling distributions overlaid, with formula and simulated variances.

    Two classes with priors (P1, 1 - P1) and error rates eps1, eps2; N test samples
    drawn at random from the mixture or selectively, P_i N from each class.
    """
    class_errors, priors = [error1, error2], [prior, 1.0 - prior]
    sim = simulate_sampling(class_errors, priors, n, n_resamples=n_resamples, rng=rng)
    eps = prior * error1 + (1.0 - prior) * error2
    var_random = float(error_variance(eps, n))
    var_strat = float(stratified_variance(class_errors, priors, n))
    gap = float(selective_variance_gap(class_errors, priors, n))
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = _reset(fig, 1)
        both = np.concatenate([sim.random, sim.stratified])
        # bins one lattice step 1/N wide, centred on k/N: the random estimate takes only
        # those values, so narrower bins would show gaps instead of its distribution
        first, last = np.floor(both.min() * n), np.ceil(both.max() * n)
        bins = (np.arange(first, last + 2) - 0.5) / n
        ax.hist(sim.random, bins=bins, density=True, histtype="stepfilled", alpha=0.45,
                color=COLORS["primary"], label=f"random sampling, var={sim.random.var():.3g}")
        ax.hist(sim.stratified, bins=bins, density=True, histtype="stepfilled", alpha=0.45,
                color=COLORS["secondary"], label=f"selective sampling, var={sim.stratified.var():.3g}")
        ax.axvline(eps, color=COLORS["truth"], lw=1.2, label=r"true $\varepsilon$")
        ax.set(xlabel=r"estimated error rate", ylabel="density",
               title=rf"N={n}, $P_1$={prior:.2f}, $\varepsilon_1$={error1:.2f}, $\varepsilon_2$={error2:.2f}")
        ax.legend(loc="upper right")
        text = (
            f"formula:  var random = {var_random:.3g}\n"
            f"          var selective = {var_strat:.3g}\n"
            f"          gap = P1 P2 (e1-e2)^2/N = {gap:.3g}\n"
            f"simulated gap = {sim.random.var() - sim.stratified.var():.3g}"
        )
        ax.text(0.01, 0.98, text, transform=ax.transAxes, va="top", ha="left", family="monospace", fontsize=8)
    return fig


def plot_log_likelihood(k: int, n: int) -> Figure:
    r"""The binomial log-likelihood :math:`\ell(\varepsilon) = k\ln\varepsilon + (N-k)\ln(1-\varepsilon)`
    (up to a constant), with its maximum at :math:`k/N` marked."""
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=6.0, height=3.0)
        (ax,) = _reset(fig, 1)
        eps = np.linspace(0.002, 0.998, 500)
        ax.plot(eps, stats.binom.logpmf(k, n, eps), color=COLORS["primary"])
        ax.axvline(k / n, color=COLORS["secondary"], ls="--", label=rf"$k/N = {k}/{n}$")
        ax.set(xlabel=r"$\varepsilon$", ylabel=r"$\ln P(k \mid \varepsilon)$",
               title=f"log-likelihood of the error rate, k={k}, N={n}")
        ax.set_ylim(stats.binom.logpmf(k, n, k / n) - 15, stats.binom.logpmf(k, n, k / n) + 1)
        ax.legend(loc="lower center")
    return fig


def plot_coverage_curves(n: int, *, confidence_level: float = 0.95, methods=INTERVAL_METHODS,
                         errors=None) -> Figure:
    """Exact coverage of each interval method as the true error rate runs over (0, 0.5]."""
    errors = np.linspace(0.005, 0.5, 100) if errors is None else np.asarray(errors)
    with mpl.rc_context(BOOK_STYLE):
        fig = new_figure(width=9.0, height=3.2)
        axes = _reset(fig, len(methods))
        for ax, method in zip(axes, methods):
            cov = [coverage_probability(e, n, confidence_level=confidence_level, method=method) for e in errors]
            ax.plot(errors, cov, color=_METHOD_COLORS[method], lw=1)
            ax.axhline(confidence_level, color=COLORS["truth"], ls="--", lw=1)
            ax.set(title=method, xlabel=r"true $\varepsilon$", ylim=(0.5, 1.0))
        axes[0].set_ylabel(f"coverage, N={n}")
        fig.subplots_adjust(wspace=0.3)
    return fig
