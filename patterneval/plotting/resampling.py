"""Figures of the chapter "Cross-validation and the bootstrap".

The painter's ``update`` calls tested library functions (the inclusion probability, the
simulated share of distinct samples, the .632+ weight; in its "K-fold variance" view the
decomposition :func:`~patterneval.book.cross_validation.k_fold_variance`) and sets artist data.
"""

from __future__ import annotations

from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from .._api import keywords
from ..book.cross_validation import (
    EstimatorSimulation,
    k_fold_variance,
    simulate_distinct_share,
)
from ..resampling.bootstrap import _632_plus, inclusion_probability
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = [
    "BootstrapPainter",
    "draw_bootstrap",
    "plot_estimator_simulation",
    "plot_inclusion_probability",
]

_LIMIT = 1.0 - np.exp(-1.0)

#: Room left of the axes for the tick labels and the y-label, in inches: ``reset_axes``
#: gives a fraction of the width, too little on the narrower single-axes figures here.
_LEFT_INCHES = 0.8


def _fit_left_margin(fig: Figure) -> None:
    """Widen the left margin so that the y-label is not clipped, whatever the figure width."""
    fig.subplots_adjust(left=_LEFT_INCHES / fig.get_figwidth())


def _weight(rate):
    """The .632+ weight 0.632 / (1 - 0.368 R), through the library's own arithmetic."""
    # with err = 0 and gamma = 1, Err1' = R makes _632_plus return exactly weight(R)
    return _632_plus(0.0, float(rate), 1.0)[2]


#: The views of :class:`BootstrapPainter`: the bootstrap's two panels, and the variance of
#: the K-fold CV error term by term as a function of K.
BOOTSTRAP_VIEWS = ("bootstrap", "K-fold variance")

#: The K-fold view's three terms: attribute of the decomposition, legend label, colour.
_TERMS = (
    ("binomial", r"$\sigma^2/n$", COLORS["primary"]),
    ("same_fold", r"$(m-1)\,\omega/n$", COLORS["tertiary"]),
    ("other_folds", r"$(n-m)\,\gamma/n$", COLORS["secondary"]),
)


def _equal_fold_ks(n: int) -> list[int]:
    """The numbers of folds K >= 2 that divide n: the K with equal folds."""
    return [k for k in range(2, n + 1) if n % k == 0]


class BootstrapPainter(Painter):
    r"""Two views. ``"bootstrap"``: left, the share of distinct samples in simulated
    bootstrap samples of size N, with :math:`1-(1-1/N)^N` and its limit :math:`1-1/e`;
    right, the .632+ weight :math:`w(R) = 0.632/(1 - 0.368R)` with the current R marked,
    and the estimate :math:`(1-w)\,\overline{err} + w\,Err^{(1)\prime}` it gives for the
    chosen resubstitution and out-of-bag errors. ``"K-fold variance"``: for every K that
    divides the sample size ``n_cv`` (equal folds, :math:`m = n/K` an integer), the three
    terms of :math:`\operatorname{Var}[\hat\varepsilon_{CV}]` (Bengio and Grandvalet,
    2004) stacked, with :math:`\sigma^2`, :math:`\omega` and :math:`\gamma` held fixed
    across K, the naive estimate's expectation :math:`E[s_K^2/K] = \operatorname{Var} -
    \gamma` beside it, and the chosen K outlined.

    Each view has its own axes, built once (the K-fold bars once per ``n_cv``) and hidden
    while the other view shows; :meth:`update` sets artist data.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        grid = np.linspace(0.0, 1.0, 101)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_share, self.ax_w = reset_axes(fig, 2)
            ax = self.ax_share
            self.hist = ax.stairs(
                [0.0], [0.0, 1.0], fill=True, alpha=0.5, color=COLORS["primary"], label="simulated"
            )
            self.formula = ax.axvline(0, color=COLORS["secondary"], lw=1.5, label=r"$1-(1-1/N)^N$")
            ax.axvline(_LIMIT, color=COLORS["truth"], ls=":", lw=1.2, label=r"$1-1/e$")
            ax.set(xlabel="share of distinct samples", ylabel="density")
            ax.set_yticks([])
            ax.legend(loc="upper right")
            ax = self.ax_w
            ax.plot(grid, [_weight(r) for r in grid], color=COLORS["primary"], label=r"$w(R)$")
            (self.marker,) = ax.plot([0.0], [0.632], "o", color=COLORS["secondary"], ms=7)
            ax.set(
                xlabel="relative overfitting rate R",
                ylabel="weight of the OOB term",
                xlim=(0, 1),
                ylim=(0.6, 1.02),
            )
            ax.legend(loc="upper left")
            self.text = ax.text(
                0.98,
                0.04,
                "",
                transform=ax.transAxes,
                ha="right",
                va="bottom",
                family="monospace",
                fontsize=8,
            )
            self._build_k_fold_axes(fig)

    def _build_k_fold_axes(self, fig: Figure) -> None:
        """The "K-fold variance" axes over both bootstrap panels, hidden; its bars come with
        the first ``n_cv`` drawn (:meth:`_k_fold_bars`)."""
        box = self.ax_share.get_position()
        # the y-label's room on the left, the legend's on the right (figure fractions)
        x0 = _LEFT_INCHES / fig.get_figwidth() + 0.02
        self.ax_k = fig.add_axes((x0, box.y0, 0.76 - x0, box.height))
        ax = self.ax_k
        (self.k_total,) = ax.plot(
            [], [], "_", color=COLORS["truth"], ms=14, mew=1.6, label=r"Var[CV] (total)"
        )
        (self.k_naive,) = ax.plot(
            [],
            [],
            "o--",
            color=COLORS["accent"],
            ms=5,
            lw=1.2,
            label=r"$E[s_K^2/K] = $Var$ - \gamma$",
        )
        ax.axhline(0, color=COLORS["muted"], lw=0.8)
        self.k_warning = ax.text(  # under the legend, right of the axes
            1.02, 0.0, "", transform=ax.transAxes, ha="left", va="bottom", fontsize=8
        )
        ax.set(xlabel="number of folds K (the divisors of n)", ylabel="variance of the CV error")
        ax.set_visible(False)
        self._k_n: int | None = None
        self.k_bars: dict = {}

    def _k_fold_bars(self, n_cv: int) -> list[int]:
        """(Re)build the stacked bars for the divisors of ``n_cv``; the divisors."""
        ks = _equal_fold_ks(n_cv)
        if self._k_n != n_cv:
            for bars in self.k_bars.values():
                bars.remove()
            x = np.arange(len(ks))
            zero = np.zeros(len(ks))
            self.k_bars = {
                key: self.ax_k.bar(x, zero, 0.7, color=c, alpha=0.85, label=label)
                for key, label, c in _TERMS
            }
            self.ax_k.set_xticks(x, [str(k) for k in ks])
            self.ax_k.set_xlim(-0.6, len(ks) - 0.4)
            handles, labels = self.ax_k.get_legend_handles_labels()
            order = [2, 3, 4, 0, 1]  # the terms bottom-up, then the total and the naive line
            self.ax_k.legend(
                [handles[i] for i in order],
                [labels[i] for i in order],
                loc="upper left",
                bbox_to_anchor=(1.02, 1.0),
                borderaxespad=0.0,
            )
            self._k_n = n_cv
        return ks

    def _show_k_fold(
        self, *, n_cv: int, k: int, sigma2: float, omega_share: float, gamma_share: float
    ) -> None:
        """The K-fold view for one setting (``omega_share``, ``gamma_share``: of sigma2)."""
        ks = self._k_fold_bars(n_cv)
        omega, gamma = omega_share * sigma2, gamma_share * sigma2
        terms = [k_fold_variance(n_cv, j, sigma2, omega, gamma) for j in ks]
        bottom = np.zeros(len(ks))
        for key, _label, _c in _TERMS:
            heights = np.array([getattr(t, key) for t in terms])
            for bar, b, h, j in zip(self.k_bars[key], bottom, heights, ks):
                bar.set_y(b)
                bar.set_height(h)
                bar.set_edgecolor(COLORS["truth"] if j == k else "none")
                bar.set_linewidth(1.6 if j == k else 0.0)
            bottom = bottom + heights
        x = np.arange(len(ks))
        total = np.array([t.total for t in terms])
        naive = np.array([t.naive for t in terms])
        self.k_total.set_data(x, total)
        self.k_naive.set_data(x, naive)
        top = max(float(total.max()), 1e-12)
        self.ax_k.set_ylim(min(0.0, float(naive.min()) * 1.15), top * 1.3)
        chosen = terms[ks.index(k)]
        self._status(
            self.ax_k,
            f"n={n_cv}, K={k}, m={chosen.m}: Var[CV]={chosen.total:.5f} = "
            f"{chosen.binomial:.5f} + {chosen.same_fold:.5f} + {chosen.other_folds:.5f}; "
            f"naive s_K^2/K expects {chosen.naive:.5f}",
        )
        impossible = [str(j) for j, v in zip(ks, naive) if v < 0]
        self.k_warning.set_text(
            f"Var - gamma < 0 at K = {', '.join(impossible)}:\nno covariance matrix\nhas these moments"
            if impossible
            else ""
        )

    @keywords
    def update(
        self,
        *,
        n: int,
        resubstitution: float = 0.0,
        oob: float = 0.3,
        gamma: float = 0.5,
        n_resamples: int = 4000,
        rng: int | np.random.Generator | None = 0,
        view: str = "bootstrap",
        sigma2: float = 0.23,
        omega_share: float = 0.005,
        gamma_share: float = 0.013,
        k: int = 5,
        n_cv: int = 60,
    ) -> Figure:
        """Draw one view for one setting.

        Parameters
        ----------
        n : int >= 1
            Sample size N.
        resubstitution : float in [0, 1], default 0.0
            Resubstitution error err.
        oob : float in [0, 1], default 0.3
            Leave-one-out bootstrap error Err(1).
        gamma : float in [0, 1], default 0.5
            No-information error rate.
        n_resamples : int, default 4000
            Simulated bootstrap samples.
        rng : None, int or numpy.random.Generator, default 0
        view : {"bootstrap", "K-fold variance"}, default "bootstrap"
            What is drawn; the bootstrap view ignores the parameters below, the K-fold view
            those above.
        sigma2 : float >= 0, default 0.23
            Variance of one held-out error.
        omega_share, gamma_share : float, default 0.005 and 0.013
            The covariances omega (same test fold) and gamma (different test folds), as
            shares of ``sigma2``; held fixed across K.
        k : int, default 5
            The K outlined; a divisor of ``n_cv``.
        n_cv : int >= 2, default 60
            Sample size of the K-fold view (its K are the divisors of n_cv).

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        if view not in BOOTSTRAP_VIEWS:
            raise ValueError(f"view must be one of {BOOTSTRAP_VIEWS}; got {view!r}")
        for ax in (self.ax_share, self.ax_w):
            ax.set_visible(view == "bootstrap")
        self.ax_k.set_visible(view != "bootstrap")
        if view != "bootstrap":
            self._show_k_fold(
                n_cv=n_cv, k=k, sigma2=sigma2, omega_share=omega_share, gamma_share=gamma_share
            )
            return self.fig
        share = simulate_distinct_share(n, n_resamples=n_resamples, rng=rng)
        edges = (np.arange(n + 1) + 0.5) / n
        counts = np.bincount(np.rint(share * n).astype(int), minlength=n + 1)[1:]
        dens = counts / (counts.sum() / n)
        lo, hi = np.flatnonzero(counts)[[0, -1]]
        self.hist.set_data(dens[lo : hi + 1], edges[lo : hi + 2])
        self.ax_share.set_xlim(min(edges[lo], _LIMIT - 0.02), max(edges[hi + 1], _LIMIT + 0.02))
        self.ax_share.set_ylim(0, dens.max() * 1.15)
        p = inclusion_probability(n)
        self.formula.set_xdata([p, p])
        self.ax_share.set_title(f"N={n}: formula {p:.4f}, simulated {share.mean():.4f}")

        oob_capped, rate, weight, estimate = _632_plus(resubstitution, oob, gamma)
        self.marker.set_data([rate], [weight])
        self.ax_w.set_title(f"R={rate:.3f}, w={weight:.3f}")
        self.text.set_text(
            f"err={resubstitution:.2f} Err1={oob:.2f} gamma={gamma:.2f}\n"
            f".632 ={0.368 * resubstitution + 0.632 * oob:.4f}\n"
            f".632+={estimate:.4f}"
        )
        return self.fig


def draw_bootstrap(fig: Figure, **options: Any) -> Figure:
    """Draw :class:`BootstrapPainter`'s figure once into ``fig``: one setting of the
    chapter's explorer as a static figure, for a page where no kernel runs.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to fill (cleared first), e.g. from ``new_figure()``.
    **options
        The keywords of :meth:`BootstrapPainter.update` (each documented there).

    Returns
    -------
    matplotlib.figure.Figure
        ``fig``.
    """
    return BootstrapPainter(fig).update(**options)


def plot_inclusion_probability(n_max: int = 200) -> Figure:
    r""":math:`1-(1-1/N)^N` for N = 1..n_max, decreasing to :math:`1-1/e`.

    Parameters
    ----------
    n_max : int >= 1, default 200
        The largest N drawn.

    Returns
    -------
    matplotlib.figure.Figure
    """
    n = np.arange(1, n_max + 1)
    fig = new_figure(width=6.0, height=3.0)
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        ax.plot(
            n, inclusion_probability(n), ".", color=COLORS["primary"], ms=3, label=r"$1-(1-1/N)^N$"
        )
        ax.axhline(_LIMIT, color=COLORS["truth"], ls=":", label=r"$1-1/e \approx 0.632$")
        ax.set(xscale="log", xlabel="N", ylabel="P(sample is drawn)")
        ax.legend(loc="upper right")
    _fit_left_margin(fig)
    return fig


def plot_estimator_simulation(sim: EstimatorSimulation) -> Figure:
    """Box plots of ``estimate - true error`` for each estimator of an
    :class:`~patterneval.book.cross_validation.EstimatorSimulation`, bias marked.

    Parameters
    ----------
    sim : EstimatorSimulation
        A simulation of several error estimators over data sets with a known true error.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=7.5, height=3.2)
    diff = sim.estimates - sim.true_errors[:, None]
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        ax.boxplot(diff, tick_labels=list(sim.names), showfliers=False)
        ax.plot(
            np.arange(1, len(sim.names) + 1),
            sim.bias,
            "D",
            color=COLORS["secondary"],
            label="bias (mean)",
        )
        ax.axhline(0, color=COLORS["truth"], lw=1)
        ax.set(
            ylabel="estimate - true error",
            title=f"{sim.true_errors.size} training sets of n={sim.n}",
        )
        ax.legend(loc="upper right")
    _fit_left_margin(fig)
    return fig
