"""One call for Demšar's flow over many data sets: Friedman and Iman-Davenport, then
Nemenyi (all pairs) or Holm (against a control), the critical difference and its diagram,
and the Bayesian signed-rank test beside each comparison (Part V of the book, "Many
classifiers, many data sets")."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._validation import check_bool, check_scalar, fail, show
from ..compare._checks import table_from_cv_scores
from ..compare.many import (
    CriticalDifference,
    FriedmanTest,
    HolmTest,
    NemenyiTest,
    bayesian_signed_rank,
    check_score_matrix,
    critical_difference,
    friedman_test,
    holm_test,
    nemenyi_test,
)
from ..compare.scores import CVScores
from ._base import CHAPTERS, DECISION_PROBABILITY, Method, Report, Table, api, fmt, fmt_p, p_is
from ._common import draw_seeds

__all__ = ["DatasetsReport", "compare_on_datasets"]


@dataclasses.dataclass(frozen=True, repr=False, eq=False)
class DatasetsReport(Report):
    """What :func:`patterneval.compare_on_datasets` found, with the results it came from.

    Attributes
    ----------
    scores : ndarray, shape (n_datasets, k)
        The scores compared.
    names : tuple of str
        The classifiers (columns).
    datasets : tuple of str
        The data sets (rows).
    alpha, rope : float
    control : int or None
        Column of the control classifier (Holm), or None (Nemenyi).
    lower_is_better : bool
    friedman : FriedmanTest
        With Iman & Davenport's F.
    nemenyi : NemenyiTest or None
        All pairs (``control=None``).
    holm : HolmTest or None
        Each classifier against the control.
    critical_difference : CriticalDifference
        Nemenyi's CD, or Bonferroni-Dunn's with a control.
    signed_rank : dict
        ``{(a, b): BayesianSignedRank}`` for each pair compared (a before b; with a
        control, a is the control); "a better" means a scores better (lower when
        ``lower_is_better``).
    seeds : dict
        The int seed of each signed-rank test's Monte Carlo draws, drawn from ``rng``.
    """

    scores: np.ndarray
    names: tuple
    datasets: tuple
    alpha: float
    rope: float
    control: int | None
    lower_is_better: bool
    friedman: FriedmanTest
    nemenyi: NemenyiTest | None
    holm: HolmTest | None
    critical_difference: CriticalDifference
    signed_rank: dict
    seeds: dict

    title = "Comparing classifiers over data sets"

    def _headline_text(self) -> str:
        return (
            f"{len(self.names)} classifiers over {len(self.datasets)} data sets, Iman-Davenport p "
            f"{fmt_p(self.friedman.iman_davenport_pvalue)}"
        )

    @property
    def friedman_rejects(self) -> bool:
        """Whether Iman & Davenport's F rejects equal ranks at ``alpha`` (the step
        Demšar's flow requires before reading a post-hoc test)."""
        return bool(self.friedman.iman_davenport_pvalue <= self.alpha)

    def _pairs(self):
        """(i, j, rank difference, p, adjusted p or None, reject) of each comparison."""
        R = self.friedman.average_ranks
        out = []
        if self.nemenyi is not None:
            k = len(self.names)
            for i in range(k):
                for j in range(i + 1, k):
                    out.append(
                        (
                            i,
                            j,
                            R[i] - R[j],
                            self.nemenyi.pvalue[i, j],
                            None,
                            bool(self.nemenyi.reject[i, j]),
                        )
                    )
        else:
            for t, j in enumerate(self.holm.classifiers):
                out.append(
                    (
                        self.control,
                        int(j),
                        R[self.control] - R[j],
                        self.holm.pvalue[t],
                        self.holm.adjusted_pvalue[t],
                        bool(self.holm.reject[t]),
                    )
                )
        return out

    def _better(self, i, j):
        """The classifier of the better (lower) average rank."""
        R = self.friedman.average_ranks
        return (self.names[i], self.names[j]) if R[i] < R[j] else (self.names[j], self.names[i])

    def _tables(self):
        R = self.friedman.average_ranks
        mean = self.scores.mean(axis=0)
        ranks = Table(
            f"Average ranks over {len(self.datasets)} data sets (1 = best; "
            f"{'lower' if self.lower_is_better else 'higher'} scores are better)",
            ("classifier", "average rank", "mean score"),
            tuple((n, fmt(R[i]), fmt(mean[i])) for i, n in enumerate(self.names)),
        )
        fr = self.friedman
        omnibus = Table(
            "Omnibus tests of equal average ranks",
            ("test", "statistic", "df", "p"),
            (
                (
                    "Friedman chi-square",
                    fmt(fr.statistic),
                    str(fr.n_classifiers - 1),
                    fmt_p(fr.pvalue),
                ),
                (
                    "Iman-Davenport F",
                    fmt(fr.iman_davenport),
                    f"{fr.n_classifiers - 1}, {(fr.n_classifiers - 1) * (fr.n_datasets - 1)}",
                    fmt_p(fr.iman_davenport_pvalue),
                ),
            ),
        )
        holm = self.nemenyi is None
        cols = (
            ("pair", "rank difference (a - b)")
            + (("p", "Holm p") if holm else ("Nemenyi p",))
            + ("reject", "P(a better)", "P(ROPE)", "P(b better)")
        )
        rows = []
        for i, j, d, p, padj, rej in self._pairs():
            b = self.signed_rank[(self.names[i], self.names[j])]
            rows.append(
                (f"{self.names[i]} - {self.names[j]}", fmt(d), fmt_p(p))
                + ((fmt_p(padj),) if holm else ())
                + ("yes" if rej else "no", fmt(b.p_a_better), fmt(b.p_rope), fmt(b.p_b_better))
            )
        cd = self.critical_difference
        post = Table(
            f"Post-hoc: {'Holm against ' + self.names[self.control] if holm else 'Nemenyi, all pairs'} "
            f"(alpha = {self.alpha:g}, CD = {fmt(cd.value)}); Bayesian signed rank, ROPE ±{fmt(self.rope)}",
            cols,
            tuple(rows),
        )
        return [ranks, omnibus, post]

    def _frame(self):
        cols = [
            "rank_difference",
            "pvalue",
            "pvalue_adjusted",
            "reject",
            "p_a_better",
            "p_rope",
            "p_b_better",
        ]
        rows, index = [], []
        for i, j, d, p, padj, rej in self._pairs():
            b = self.signed_rank[(self.names[i], self.names[j])]
            rows.append(
                [d, p, p if padj is None else padj, rej, b.p_a_better, b.p_rope, b.p_b_better]
            )
            index.append(f"{self.names[i]} - {self.names[j]}")
        return cols, rows, index

    def summary(self) -> str:
        fr, cd = self.friedman, self.critical_difference
        R = fr.average_ranks
        order = np.argsort(R, kind="stable")
        text = (
            f"Over {fr.n_datasets} data sets, Friedman's chi-square = {fmt(fr.statistic)} ({p_is(fr.pvalue)}) "
            f"and Iman-Davenport's F = {fmt(fr.iman_davenport)} ({p_is(fr.iman_davenport_pvalue)}): "
        )
        if self.friedman_rejects:
            text += f"the {fr.n_classifiers} classifiers' average ranks differ at alpha = {self.alpha:g}. "
        else:
            text += (
                f"no difference among the {fr.n_classifiers} classifiers' ranks is established at alpha = "
                f"{self.alpha:g}, so the post-hoc tests below are not read as findings (Demšar 2006). "
            )
        text += (
            "Average ranks: " + ", ".join(f"{self.names[i]} {fmt(R[i], 2)}" for i in order) + ". "
        )
        found = [(i, j) for i, j, _, _, _, rej in self._pairs() if rej]
        if self.nemenyi is not None:
            text += f"Nemenyi's critical difference is {fmt(cd.value)}"
        else:
            assert self.control is not None  # Holm's tests run against a control
            text += f"Holm's procedure against {self.names[self.control]} (Bonferroni-Dunn CD {fmt(cd.value)})"
        if found and self.friedman_rejects:
            text += (
                ": "
                + "; ".join("{} ranks better than {}".format(*self._better(i, j)) for i, j in found)
                + "."
            )
        elif found:
            text += (
                " and would separate "
                + "; ".join("{} from {}".format(*self._better(i, j)) for i, j in found)
                + "."
            )
        else:
            text += ": no pair's difference is established."
        decided = []
        for (a, b), res in self.signed_rank.items():
            if res.p_a_better >= DECISION_PROBABILITY:
                decided.append(f"{a} is practically better than {b} (P = {fmt(res.p_a_better)})")
            elif res.p_b_better >= DECISION_PROBABILITY:
                decided.append(f"{b} is practically better than {a} (P = {fmt(res.p_b_better)})")
            elif res.p_rope >= DECISION_PROBABILITY:
                decided.append(f"{a} and {b} are practically equivalent (P = {fmt(res.p_rope)})")
        text += f" Bayesian signed-rank tests (ROPE ±{fmt(self.rope)}): " + (
            "; ".join(decided)
            + ("; the other pairs are undecided." if len(decided) < len(self.signed_rank) else ".")
            if decided
            else "every pair is undecided (no posterior probability reaches 0.95)."
        )
        return text

    def _methods(self):
        m = [
            Method(
                "Friedman and Iman-Davenport tests",
                f"The classifiers were ranked on each of the {len(self.datasets)} data sets and their average "
                f"ranks compared by Friedman's test and Iman and Davenport's F (Friedman 1937; Iman & Davenport "
                f"1980), following Demšar (2006).",
                "Friedman 1937; Iman & Davenport 1980; Demšar 2006",
                CHAPTERS["many-classifiers"],
                api("compare", "friedman_test"),
            )
        ]
        if self.nemenyi is not None:
            m.append(
                Method(
                    "Nemenyi test and critical difference",
                    f"All pairs were compared by the Nemenyi test, with the critical difference of the "
                    f"diagram at alpha = {self.alpha:g} (Nemenyi 1963; Demšar 2006).",
                    "Nemenyi 1963; Demšar 2006",
                    CHAPTERS["many-classifiers"],
                    api("compare", "nemenyi_test"),
                )
            )
        else:
            m.append(
                Method(
                    "Holm's procedure against a control",
                    f"Each classifier was compared with {self.names[self.control]} by the z-test of average "
                    f"ranks with Holm's step-down adjustment (Holm 1979; Demšar 2006); the diagram marks "
                    f"the Bonferroni-Dunn critical difference.",
                    "Holm 1979; Demšar 2006",
                    CHAPTERS["many-classifiers"],
                    api("compare", "holm_test"),
                )
            )
        m.append(
            Method(
                "critical difference",
                "The critical difference is the smallest difference of average ranks a post-hoc test "
                "declares significant (Demšar 2006).",
                "Demšar 2006",
                CHAPTERS["many-classifiers"],
                api("compare", "critical_difference"),
            )
        )
        m.append(
            Method(
                "Bayesian signed-rank test",
                f"Beside each comparison, the Bayesian signed-rank test gives the posterior probabilities "
                f"that one classifier is practically better, or that the two are equivalent within "
                f"±{fmt(self.rope)} (Benavoli et al. 2014; Benavoli et al. 2017).",
                "Benavoli et al. 2014; Benavoli et al. 2017",
                CHAPTERS["many-classifiers"],
                api("compare", "bayesian_signed_rank"),
            )
        )
        return m

    def _figure(self):
        from ..plotting import plot_critical_difference

        return plot_critical_difference(
            self.friedman.average_ranks,
            list(self.names),
            self.critical_difference,
            control=self.control,
        )


def _names(value, n: int, name: str, default) -> tuple:
    if value is None:
        return tuple(default)
    if (
        isinstance(value, (str, bytes))
        or not isinstance(value, Sequence)
        and not hasattr(value, "__array__")
    ):
        raise fail(name, f"a sequence of {n} names", value, error=TypeError)
    bad = [v for v in value if not isinstance(v, str)]
    if bad:
        raise fail(
            name,
            "names that are strings",
            f"{show(bad[0])} in {show(list(value))}",
            error=TypeError,
            echo=False,
        )
    out = tuple(value)
    if len(out) != n:
        raise fail(
            name,
            f"{n} names (one per {'column' if name == 'names' else 'row'} of scores)",
            f"{len(out)}: {show(list(out))}",
            echo=False,
        )
    if len(set(out)) != n:
        raise fail(name, "distinct names", show(list(out)), echo=False)
    return out


@keywords
def compare_on_datasets(
    scores: ArrayLike,
    *,
    names: Sequence[str] | None = None,
    datasets: Sequence[str] | None = None,
    alpha: float = 0.05,
    rope: float = 0.01,
    control: int | str | None = None,
    lower_is_better: bool = False,
    rng: int | np.random.Generator | None = None,
) -> DatasetsReport:
    """Compare k classifiers over N data sets in one call, following Demšar (2006).

    The flow, and which library function computes each step (each result kept):

    1. Rank the classifiers on each data set (1 = best, ties sharing their mean rank) and
       test equal average ranks by Friedman's chi-square and by Iman & Davenport's F
       (:func:`patterneval.friedman_test`). Demšar reads the post-hoc tests only when
       this test rejects (here, Iman-Davenport's F at ``alpha``), and the summary says so
       when it does not.
    2. Without ``control``: all pairs by the Nemenyi test
       (:func:`patterneval.nemenyi_test`) with its critical difference
       (:func:`patterneval.critical_difference`) and the critical-difference diagram
       (:func:`patterneval.plotting.plot_critical_difference`). With ``control``: each
       classifier against it by Holm's step-down procedure
       (:func:`patterneval.holm_test`), the diagram marking the Bonferroni-Dunn CD.
    3. Beside each comparison, the Bayesian signed-rank test
       (:func:`patterneval.bayesian_signed_rank`) on the score differences, with the
       region of practical equivalence ``rope``: the posterior probabilities that one
       classifier is practically better or that the two are equivalent.

    A pair the post-hoc test does not separate is reported as "not established", never
    as equal; practical equivalence is claimed only when the Bayesian test's P(ROPE)
    reaches 0.95.

    Parameters
    ----------
    scores : array_like, pandas DataFrame or list of CVScores
        One row per data set, one column per classifier (shape (n_datasets, k)); at least
        two of each. A DataFrame gives the default ``names`` (its columns) and
        ``datasets`` (its index); a list of :class:`~patterneval.compare.CVScores` (one per
        data set, as :func:`~patterneval.cv_scores` returns, the same estimators in each)
        gives one row per data set, each estimator's mean score, and the names.
    names : sequence of str, optional, keyword-only
        The classifiers; default the DataFrame's columns, else ``"C1"``, ``"C2"``...
    datasets : sequence of str, optional, keyword-only
        The data sets; default the DataFrame's index, else ``"1"``, ``"2"``...
    alpha : float, default 0.05, keyword-only
        Significance level, in (0, 1).
    rope : float, default 0.01, keyword-only
        Half-width of the region of practical equivalence, in units of the scores.
    control : None, int or str, keyword-only
        The control classifier (a column index or a name): Holm against it instead of
        Nemenyi over all pairs.
    lower_is_better : bool, default False, keyword-only
        True for error rates and losses.
    rng : None, int or numpy.random.Generator, keyword-only
        Seeds the Monte Carlo draws of the signed-rank tests (one int seed per pair,
        drawn in order and kept in ``seeds``).

    Returns
    -------
    DatasetsReport
        Tables (ranks; omnibus tests; post-hoc with the Bayesian probabilities), the
        critical-difference diagram, ``summary()``, ``to_markdown()``, ``to_latex()``,
        ``to_frame()``, ``links``; the results as attributes (``friedman``, ``nemenyi``
        or ``holm``, ``critical_difference``, ``signed_rank``).

    Raises
    ------
    ValueError, TypeError
        Bad input, naming the argument.

    References
    ----------
    .. [1] J. Demšar, "Statistical comparisons of classifiers over multiple data sets,"
       JMLR 7, 1-30, 2006.
    .. [2] M. Friedman, "The use of ranks to avoid the assumption of normality implicit in
       the analysis of variance," JASA 32(200), 675-701, 1937.
    .. [3] R. L. Iman and J. M. Davenport, "Approximations of the critical region of the
       Friedman statistic," Communications in Statistics A 9(6), 571-595, 1980.
    .. [4] P. B. Nemenyi, *Distribution-free multiple comparisons*, PhD thesis, Princeton
       University, 1963.
    .. [5] S. Holm, "A simple sequentially rejective multiple test procedure,"
       Scandinavian Journal of Statistics 6(2), 65-70, 1979.
    .. [6] A. Benavoli, G. Corani, F. Mangili, M. Zaffalon and F. Ruggeri, "A Bayesian
       Wilcoxon signed-rank test based on the Dirichlet process," ICML 2014.
    .. [7] A. Benavoli, G. Corani, J. Demšar and M. Zaffalon, "Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis," JMLR
       18(77), 1-36, 2017.

    Examples
    --------
    >>> import patterneval as pe
    >>> from patterneval.book.many_classifiers import demsar_table
    >>> t = demsar_table()
    >>> rep = pe.compare_on_datasets(t.scores, names=t.classifiers, datasets=t.datasets, rng=0)
    >>> rep.friedman.average_ranks.round(3).tolist()
    [3.143, 2.0, 2.929, 1.929]
    >>> print(rep.summary())  # doctest: +ELLIPSIS
    Over 14 data sets, Friedman's chi-square = 9.857 (p = 0.020) and Iman-Davenport's F = 3.987 (p = 0.014): ...
    """
    frame_names = frame_index = None
    if hasattr(scores, "columns") and hasattr(scores, "index"):
        frame: Any = scores  # a pandas DataFrame
        frame_names, frame_index = [str(c) for c in frame.columns], [str(i) for i in frame.index]
        scores = frame.to_numpy()
    elif isinstance(scores, (list, tuple)) and any(isinstance(s, CVScores) for s in scores):
        # one CVScores per data set, as the rank tests take them (each reduced to its means)
        scores, frame_names = table_from_cv_scores(scores)
        frame_names = list(frame_names)
    arr = check_score_matrix(scores)
    N, k = arr.shape
    names = _names(names, k, "names", frame_names or [f"C{i + 1}" for i in range(k)])
    datasets = _names(datasets, N, "datasets", frame_index or [str(i + 1) for i in range(N)])
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    rope = check_scalar("rope", rope, float, low=0)
    lower_is_better = check_bool("lower_is_better", lower_is_better)
    if control is not None:
        if isinstance(control, str):
            if control not in names:
                raise fail("control", f"one of the names {list(names)} or a column index", control)
            control = names.index(control)
        else:
            control = check_scalar("control", control, int, low=0, high=k - 1)
    fr = friedman_test(arr, lower_is_better=lower_is_better)
    if control is None:
        nem, holm = nemenyi_test(arr, alpha=alpha, lower_is_better=lower_is_better), None
        cd = critical_difference(k, N, alpha=alpha, test="nemenyi")
        pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    else:
        nem, holm = (
            None,
            holm_test(arr, control=control, alpha=alpha, lower_is_better=lower_is_better),
        )
        cd = critical_difference(k, N, alpha=alpha, test="bonferroni-dunn")
        pairs = [(control, int(j)) for j in holm.classifiers]
    seeds = draw_seeds(rng, [f"{names[i]} - {names[j]}" for i, j in pairs])
    sign = -1.0 if lower_is_better else 1.0
    signed = {
        (names[i], names[j]): bayesian_signed_rank(
            sign * arr[:, i], sign * arr[:, j], rope=rope, rng=seeds[f"{names[i]} - {names[j]}"]
        )
        for i, j in pairs
    }
    return DatasetsReport(
        scores=arr,
        names=names,
        datasets=datasets,
        alpha=alpha,
        rope=rope,
        control=control,
        lower_is_better=lower_is_better,
        friedman=fr,
        nemenyi=nem,
        holm=holm,
        critical_difference=cd,
        signed_rank=signed,
        seeds=seeds,
    )
