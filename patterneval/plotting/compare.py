"""Figures of the chapters "Two classifiers" and "Many classifiers over many data sets":
rejection rates of the two-classifier tests, the critical-difference diagram, and the
critical difference as a function of k and N.

Painters build their artists once; ``update`` reads stored results or calls the tested
functions of :mod:`patterneval.compare` and only sets artist data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike
from scipy import stats

from .._explore import PairedScores
from ..book.two_classifiers import RejectionGrid, TestRejections
from ..compare.many import CriticalDifference, critical_difference, critical_difference_groups
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

if TYPE_CHECKING:  # matplotlib >= 3.10: what fill_between returns
    from matplotlib.collections import FillBetweenPolyCollection

__all__ = [
    "CriticalDifferencePainter",
    "PairedScoresPainter",
    "RejectionGridPainter",
    "plot_critical_difference",
    "plot_rejection_rates",
]

#: One colour and marker per test of :data:`patterneval.book.two_classifiers.TESTS`.
TEST_STYLES = {
    "McNemar": (COLORS["tertiary"], "s"),
    "resampled t": (COLORS["secondary"], "o"),
    "corrected resampled t": (COLORS["primary"], "o"),
    "10-fold CV t": (COLORS["muted"], "^"),
    "5x2cv t": (COLORS["accent"], "D"),
    "5x2cv F": (COLORS["truth"], "v"),
}


def plot_rejection_rates(sim: TestRejections, *, ax: Axes | None = None) -> Figure:
    """Bars of each test's rejection rate with +-2 Monte Carlo standard errors and a line at
    alpha, from a :class:`~patterneval.book.two_classifiers.TestRejections`.

    Parameters
    ----------
    sim : TestRejections
        From :func:`~patterneval.book.two_classifiers.simulate_two_classifier_tests`.
    ax : matplotlib.axes.Axes, optional, keyword-only
        The axes to draw on; by default a new figure with one axes.

    Returns
    -------
    matplotlib.figure.Figure
        The figure of ``ax``, or the new figure.
    """
    with mpl.rc_context(BOOK_STYLE):
        if ax is None:
            fig = new_figure(width=7.5, height=3.2)
            (ax,) = reset_axes(fig, 1)
            fig.subplots_adjust(left=0.1, bottom=0.2)
        fig = cast(Figure, ax.figure)  # not a SubFigure: our axes are made on a Figure
        x = np.arange(len(sim.tests))
        colors = [TEST_STYLES[t][0] for t in sim.tests]
        ax.bar(x, sim.rejection_rate, color=colors, alpha=0.8, width=0.65)
        ax.errorbar(
            x, sim.rejection_rate, yerr=2 * sim.std_error, fmt="none", ecolor="k", capsize=4, lw=1
        )
        ax.axhline(sim.alpha, color="k", ls="--", lw=1, label=f"alpha = {sim.alpha:g}")
        ax.set_xticks(
            x,
            [
                t.replace(" resampled", "\nresampled").replace("10-fold CV", "10-fold\nCV")
                for t in sim.tests
            ],
            fontsize=8,
        )
        ax.set_ylabel("rejection rate")
        kind = "type-I error" if sim.effect == 0 else f"power at effect {sim.effect:g}"
        ax.set_title(
            f"{kind}: {sim.n_datasets} data sets of {sim.n_samples} examples (bars: ±2 SE)",
            fontsize=10,
        )
        ax.legend(loc="upper right")
    return fig


class RejectionGridPainter(Painter):
    """Two panels over a stored :class:`~patterneval.book.two_classifiers.RejectionGrid`:
    each test's rejection rate against the effect at the chosen data-set size, and against
    the data-set size at the chosen effect; bands are +-2 Monte Carlo SE, the dashed line
    is alpha, the squares mark the chosen cell.

    ``update(grid=, n_samples=, effect=)`` only sets artist data.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_effect, self.ax_n = reset_axes(fig, 2)
            fig.subplots_adjust(left=0.07, right=0.78, bottom=0.15, top=0.88, wspace=0.3)
            self.lines: dict[tuple[str, str], Any] = {}
            # the bands' polygons are reset by set_data on every move: a new fill_between
            # per band and move cost a quarter of a redraw
            self.bands: dict[tuple[str, str], FillBetweenPolyCollection] = {}
            zero = np.zeros(2)
            for ax, key in ((self.ax_effect, "effect"), (self.ax_n, "n")):
                for test, (color, marker) in TEST_STYLES.items():
                    (line,) = ax.plot(
                        [], [], color=color, marker=marker, ms=3.5, lw=1.4, label=test
                    )
                    self.lines[key, test] = line
                    self.bands[key, test] = ax.fill_between(
                        zero, zero, zero, color=color, alpha=0.15, lw=0
                    )
                ax.set_ylim(-0.02, 1.02)
                ax.set_ylabel("rejection rate")
            self.alpha_lines = [
                ax.axhline(0.05, color="k", ls="--", lw=1) for ax in (self.ax_effect, self.ax_n)
            ]
            (self.mark_effect,) = self.ax_effect.plot(
                [], [], "s", mfc="none", mec="k", ms=9, ls="none"
            )
            (self.mark_n,) = self.ax_n.plot([], [], "s", mfc="none", mec="k", ms=9, ls="none")
            self.ax_effect.set_xlabel("effect: error of B minus error of A")
            self.ax_n.set_xlabel("examples in the data set")
            self.ax_n.legend(loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize=8)

    def update(self, *, grid: RejectionGrid, n_samples: int, effect: float) -> Figure:
        """Show the grid's rates through the cell (``n_samples``, ``effect``).

        Parameters
        ----------
        grid : RejectionGrid
            From :func:`~patterneval.book.two_classifiers.rejection_grid` or
            :func:`~patterneval.book.two_classifiers.load_rejection_grid`.
        n_samples : int
            A data-set size of the grid (one of ``grid.n_samples``).
        effect : float
            The effect; the grid's nearest effect is shown.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        i = int(np.flatnonzero(grid.n_samples == n_samples)[0])
        j = int(np.argmin(np.abs(grid.effects - effect)))
        rate, se = grid.rejection_rate, grid.std_error
        for k, test in enumerate(grid.tests):
            for key, x, y, s in (
                ("effect", grid.effects, rate[i, :, k], se[i, :, k]),
                ("n", grid.n_samples, rate[:, j, k], se[:, j, k]),
            ):
                self.lines[key, test].set_data(x, y)
                self.bands[key, test].set_data(x, y - 2 * s, y + 2 * s)
        for line in self.alpha_lines:
            line.set_ydata([grid.alpha] * 2)
        self.mark_effect.set_data(np.full(len(grid.tests), grid.effects[j]), rate[i, j])
        self.mark_n.set_data(np.full(len(grid.tests), n_samples), rate[i, j])
        self.ax_effect.set_xlim(grid.effects[0] - 0.005, grid.effects[-1] + 0.005)
        self.ax_n.set_xlim(0, grid.n_samples[-1] * 1.05)
        self.ax_effect.set_title(f"n = {n_samples} examples", fontsize=10)
        self.ax_n.set_title(f"effect = {grid.effects[j]:.2f}", fontsize=10)
        return self.fig


def _rank_axis(ax, k):
    """The critical-difference diagram's axis: the ranks 1..k along the top, best on the right,
    no other spine, no grid."""
    ax.grid(False)
    for side in ("left", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.spines["top"].set_visible(True)
    ax.xaxis.set_ticks_position("top")
    ax.set_yticks([])
    ax.set_xlim(k + 0.1, 0.9)  # best rank on the right
    ax.set_xticks(np.arange(1, k + 1))


def _hang_names(ax, R, names, columns, top, k, *, right):
    """Classifiers ``columns``, one row each from the top, hung from their ranks by a line to
    the right-hand edge of the axis (the better half) or the left-hand one, their names
    beyond it."""
    x_end, x_text = (0.9, 0.85) if right else (k + 0.1, k + 0.15)
    for row, j in enumerate(columns):
        y = -(top + row + 0.5)
        ax.plot([R[j], R[j], x_end], [0, y, y], color="k", lw=1, clip_on=False)
        ax.text(
            x_text,
            y,
            f"{names[j]} ({R[j]:.2f})" if right else f"({R[j]:.2f}) {names[j]}",
            ha="left" if right else "right",
            va="center",
            fontsize=9,
            clip_on=False,
        )


def _rank_bar(ax, x_from, x_to, y):
    """A thick bar over the ranks ``x_from`` to ``x_to`` (a group, or the control's interval)."""
    ax.plot([x_from, x_to], [y, y], color=COLORS["secondary"], lw=3.5, solid_capstyle="butt")


def plot_critical_difference(
    average_ranks: ArrayLike,
    names: Sequence[str],
    cd: float | CriticalDifference,
    *,
    control: int | None = None,
    ax: Axes | None = None,
    title: str | None = None,
) -> Figure:
    """Demšar's critical-difference diagram.

    The axis carries the average ranks, best (1) on the right; each classifier hangs from
    its rank by a line to its name (the better half on the right). With ``control=None``
    thick bars join the groups of classifiers whose ranks differ by less than ``cd``
    (:func:`~patterneval.compare.many.critical_difference_groups`, the Nemenyi reading);
    with ``control`` (a column index) the interval of one ``cd`` on either side of the
    control's rank is marked instead (the Bonferroni-Dunn reading). The CD itself is drawn
    to scale above the axis.

    Parameters
    ----------
    average_ranks : array_like, shape (k,)
        Average rank of each classifier (e.g. from
        :func:`~patterneval.compare.average_ranks`), 1 = best.
    names : sequence of str, length k
        The classifiers' names.
    cd : float or CriticalDifference
        The critical difference (e.g. from :func:`~patterneval.compare.critical_difference`).
    control : int, optional, keyword-only
        Column index of the control classifier (Bonferroni-Dunn); None draws the Nemenyi
        groups.
    ax : matplotlib.axes.Axes, optional, keyword-only
        The axes to draw on; by default a new figure with one axes.
    title : str, optional, keyword-only
        Drawn above the axis, at the best-rank end.

    Returns
    -------
    matplotlib.figure.Figure
        The figure of ``ax``, or the new figure.

    Raises
    ------
    ValueError
        If ``names`` and ``average_ranks`` differ in length.

    Examples
    --------
    >>> from patterneval.plotting import plot_critical_difference
    >>> fig = plot_critical_difference([1.5, 2.0, 2.5], ["a", "b", "c"], 1.0)
    >>> len(fig.axes)
    1
    """
    R = np.asarray(average_ranks, dtype=float)
    k = R.size
    if len(names) != k:
        raise ValueError(f"names has {len(names)} entries but average_ranks has {k}.")
    value = float(cd)
    order = np.argsort(R, kind="stable")  # best first
    with mpl.rc_context(BOOK_STYLE):
        if ax is None:
            fig = new_figure(width=7.5, height=1.3 + 0.3 * k)
            (ax,) = reset_axes(fig, 1)
            fig.subplots_adjust(left=0.22, right=0.78, top=0.72, bottom=0.03)
        fig = cast(Figure, ax.figure)  # not a SubFigure: our axes are made on a Figure
        _rank_axis(ax, k)
        n_rows = (k + 1) // 2
        groups = critical_difference_groups(R, value) if control is None else []
        top = 0.35 + 0.22 * max(len(groups), 1)  # room under the axis for the group bars
        ax.set_ylim(-(top + n_rows), 0)
        # the CD to scale, above the axis (outside the axes) at the worst-rank end
        y_cd = 0.75
        ax.plot([k, k - value], [y_cd, y_cd], color="k", lw=1.5, clip_on=False)
        for x in (k, k - value):
            ax.plot([x, x], [y_cd - 0.1, y_cd + 0.1], color="k", lw=1.2, clip_on=False)
        ax.text(
            k - value / 2, y_cd + 0.15, f"CD = {value:.2f}", ha="center", va="bottom", fontsize=9
        )
        # classifiers: the better half on the right, the worse on the left
        _hang_names(ax, R, names, order[: (k + 1) // 2], top, k, right=True)
        _hang_names(ax, R, names, order[(k + 1) // 2 :][::-1], top, k, right=False)
        for g, group in enumerate(groups):
            lo, hi = R[list(group)].min(), R[list(group)].max()
            _rank_bar(ax, lo - 0.03, hi + 0.03, -0.3 - 0.22 * g)
        if control is not None:
            c = R[control]
            _rank_bar(ax, c - value, c + value, -0.3)
            ax.plot([c], [-0.3], "o", color=COLORS["secondary"])
        if title:
            ax.text(1.0, y_cd, title, ha="right", va="center", fontsize=10, clip_on=False)
    return fig


class CriticalDifferencePainter(Painter):
    """Two panels: the critical difference against the number of data sets N for the
    chosen k (Nemenyi and Bonferroni-Dunn at the chosen alpha), and the CD as a fraction
    of the rank range k - 1 against k for the chosen N; squares mark the chosen (k, N).

    ``update(k=, n_datasets=, alpha=)`` calls :func:`~patterneval.compare.critical_difference`
    (its critical values are cached).
    """

    N_MAX = 100
    K_MAX = 20

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_n, self.ax_k = reset_axes(fig, 2)
            fig.subplots_adjust(left=0.08, right=0.98, bottom=0.15, top=0.86, wspace=0.3)
            self.lines = {}
            for test, color in (
                ("nemenyi", COLORS["primary"]),
                ("bonferroni-dunn", COLORS["secondary"]),
            ):
                label = (
                    "Nemenyi (all pairs)" if test == "nemenyi" else "Bonferroni-Dunn (vs control)"
                )
                (self.lines["n", test],) = self.ax_n.plot([], [], color=color, lw=1.6, label=label)
                (self.lines["k", test],) = self.ax_k.plot(
                    [], [], color=color, lw=1.6, marker="o", ms=3, label=label
                )
            (self.mark_n,) = self.ax_n.plot([], [], "s", mfc="none", mec="k", ms=9, ls="none")
            (self.mark_k,) = self.ax_k.plot([], [], "s", mfc="none", mec="k", ms=9, ls="none")
            self.ax_n.set(
                xlabel="number of data sets N",
                ylabel="critical difference (ranks)",
                xscale="log",
                xlim=(2, self.N_MAX * 1.05),
            )
            self.ax_k.set(
                xlabel="number of classifiers k",
                ylabel="CD / (k - 1)",
                xlim=(1.5, self.K_MAX + 0.5),
            )
            self.ax_n.legend(loc="upper right", fontsize=8)

    def update(self, *, k: int, n_datasets: int, alpha: float) -> Figure:
        """Draw the critical differences around (``k``, ``n_datasets``).

        Parameters
        ----------
        k : int, 2 <= k <= 20
            Number of classifiers.
        n_datasets : int, 2 <= n_datasets <= 100
            Number of data sets N.
        alpha : float in (0, 1)
            Family-wise significance level.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        Ns = np.unique(np.round(np.geomspace(2, self.N_MAX, 60)).astype(int))
        ks = np.arange(2, self.K_MAX + 1)
        cds = {}
        for test in ("nemenyi", "bonferroni-dunn"):
            q = critical_difference(k, 2, alpha=alpha, test=test).q_alpha
            self.lines["n", test].set_data(Ns, q * np.sqrt(k * (k + 1) / (6.0 * Ns)))
            rel = np.array(
                [
                    critical_difference(cast(int, kk), n_datasets, alpha=alpha, test=test).value
                    / (kk - 1)
                    for kk in ks
                ]
            )
            self.lines["k", test].set_data(ks, rel)
            cds[test] = critical_difference(k, n_datasets, alpha=alpha, test=test)
        values = [cds[t].value for t in ("nemenyi", "bonferroni-dunn")]
        self.mark_n.set_data([n_datasets, n_datasets], values)
        self.mark_k.set_data([k, k], [v / (k - 1) for v in values])
        top = float(self.lines["n", "nemenyi"].get_ydata().max())
        self.ax_n.set_ylim(0, top * 1.05)
        self.ax_k.set_ylim(
            0, max(float(np.max(self.lines["k", "nemenyi"].get_ydata())), 1.0) * 1.05
        )
        self._status(
            self.ax_n,
            f"k = {k}, alpha = {alpha:g}: CD = {values[0]:.2f} (Nemenyi), "
            f"{values[1]:.2f} (Bonferroni-Dunn) at N = {n_datasets}",
        )
        self._status(self.ax_k, f"N = {n_datasets}: the CD as a share of the rank range")
        return self.fig


class PairedScoresPainter(Painter):
    """Two panels for two classifiers' scores on the same splits (a
    :class:`~patterneval._explore.PairedScores`, from
    ``TwoClassifierTestsExplorer.from_estimators`` or ``.from_scores``): the per-split
    differences A - B with their mean, the (1 - alpha) interval of the corrected resampled
    t-test and the region of practical equivalence; and the posterior of the mean
    difference under the Bayesian correlated t-test, split at -rope and +rope into
    "B better", "equivalent" and "A better".

    ``update(alpha=, rope=, data=)``: both tests come from
    :func:`patterneval._explore.two_classifier_tests` (the library's
    ``corrected_resampled_ttest`` and ``bayesian_correlated_ttest``), nothing is refitted.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax_d, self.ax_post = reset_axes(fig, 2)
            ax = self.ax_d
            x = np.array([0.0, 1.0])
            self.rope_d = ax.fill_between(
                x, x * 0, x * 0, color=COLORS["muted"], alpha=0.25, lw=0, label="rope"
            )
            self.ci = ax.fill_between(
                x,
                x * 0,
                x * 0,
                color=COLORS["tertiary"],
                alpha=0.3,
                lw=0,
                label="corrected t interval",
            )
            ax.axhline(0.0, color=COLORS["truth"], lw=0.8, ls=":")
            (self.dots,) = ax.plot([], [], "o", color=COLORS["primary"], ms=3.5, label="split")
            (self.mean,) = ax.plot([], [], color=COLORS["secondary"], lw=1.6, label="mean")
            ax.set(xlabel="split j")
            ax.legend(loc="upper right", fontsize=7, ncols=2)
            ax = self.ax_post
            self.regions = [
                ax.fill_between(x, x * 0, x * 0, color=c, alpha=0.45, lw=0, label=lab)
                for c, lab in (
                    (COLORS["secondary"], "B better"),
                    (COLORS["muted"], "rope"),
                    (COLORS["primary"], "A better"),
                )
            ]
            (self.density,) = ax.plot([], [], color=COLORS["truth"], lw=1.2)
            ax.set(ylabel="posterior density")
            ax.set_yticks([])
            ax.legend(loc="upper right", fontsize=7)
            fig.subplots_adjust(left=0.08, right=0.98, bottom=0.16, top=0.86, wspace=0.25)

    def update(self, *, alpha: float, rope: float, data: PairedScores) -> Figure:
        """Both tests of ``data`` at ``alpha`` and ``rope``.

        Parameters
        ----------
        alpha : float in (0, 1)
            Level of the corrected resampled t-test (its interval is at 1 - alpha).
        rope : float >= 0
            Half-width of the region of practical equivalence, in units of the score.
        data : PairedScores
            From :func:`patterneval._explore.paired_scores` or
            :func:`~patterneval._explore.paired_cv_scores`.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        from .._explore import corrected_t_interval, two_classifier_tests

        ttest, bayes = two_classifier_tests(data, rope=rope)
        low, high = corrected_t_interval(ttest, alpha)
        d = ttest.differences
        j = np.arange(1, d.size + 1)
        span = np.array([0.5, d.size + 0.5])
        self.dots.set_data(j, d)
        self.mean.set_data(span, [ttest.mean_difference] * 2)
        self.ci.set_data(span, [low] * 2, [high] * 2)
        self.rope_d.set_data(span, [-rope] * 2, [rope] * 2)
        top = max(float(np.abs(d).max()), abs(low), abs(high), rope) * 1.15 or 0.01
        self.ax_d.set(
            xlim=tuple(span),
            ylim=(-top, top),
            ylabel=f"{data.metric}: {data.names[0]} − {data.names[1]}",
        )
        verdict = "reject" if ttest.pvalue < alpha else "do not reject"
        self._status(
            self.ax_d,
            f"corrected t = {ttest.statistic:.2f}, p = {ttest.pvalue:.3g}: "
            f"{verdict} 'equal' at α = {alpha:.3g}",
        )
        loc, scale = bayes.location, bayes.scale
        lo_x = min(loc - 5 * scale, -rope - scale)
        hi_x = max(loc + 5 * scale, rope + scale)
        for region, (a, b) in zip(self.regions, ((lo_x, -rope), (-rope, rope), (rope, hi_x))):
            x = np.linspace(a, b, 80)
            region.set_data(x, np.zeros_like(x), stats.t.pdf(x, bayes.df, loc=loc, scale=scale))
        x = np.linspace(lo_x, hi_x, 300)
        y = stats.t.pdf(x, bayes.df, loc=loc, scale=scale)
        self.density.set_data(x, y)
        self.ax_post.set(
            xlim=(lo_x, hi_x), ylim=(0, 1.1 * float(y.max())), xlabel="mean difference μ (A − B)"
        )
        self._status(
            self.ax_post,
            f"P(A better) {bayes.p_a_better:.3f}, P(rope) {bayes.p_rope:.3f}, "
            f"P(B better) {bayes.p_b_better:.3f}",
        )
        return self.fig
