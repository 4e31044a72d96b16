"""One call to compare two or more classifiers on one data set: paired scores on identical
splits, the corrected resampled t and the Bayesian correlated t for every pair, McNemar on
a hold-out, DeLong for the AUC (Part V of the book, "Two classifiers" and "ROC and AUC")."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from .._api import keywords
from .._results import Result
from .._rows import take_rows
from .._validation import (
    check_bool,
    check_classification_target,
    check_n_jobs,
    check_scalar,
    check_X_y,
    fail,
)
from ..compare.out_of_fold import fold_response, pooled
from ..compare.roc import DeLongTest, delong_interval, delong_test
from ..compare.scores import CVScores, _cv_scores, _named_estimators
from ..compare.two import (
    BayesianCorrelatedTTest,
    CorrectedTTest,
    McNemarTest,
    bayesian_correlated_ttest,
    corrected_resampled_ttest,
    mcnemar_test,
)
from ._base import (
    CHAPTERS,
    DECISION_PROBABILITY,
    Method,
    Report,
    Table,
    api,
    fmt,
    fmt_interval,
    fmt_p,
    p_is,
)
from ._common import (
    check_test_size,
    describe_cv,
    draw_seeds,
    fit_and_predict,
    holdout_split,
    model_scores,
    partition_or_none,
    resolve_cv,
)

__all__ = ["ComparisonReport", "PairComparison", "compare_classifiers"]


def holm_adjust(pvalues: ArrayLike) -> np.ndarray:
    r"""Holm's step-down adjusted p-values, in the order given.

    With the m p-values sorted, :math:`p_{(1)} \le \dots \le p_{(m)}`, the adjusted value
    of :math:`p_{(i)}` is :math:`\min\{1, \max_{j \le i} (m - j + 1)\, p_{(j)}\}`; rejecting
    where it is at most alpha controls the family-wise error at alpha (Holm 1979). Ties
    keep their given order (a stable sort).

    Parameters
    ----------
    pvalues : array_like, shape (m,)
        p-values in [0, 1].

    Returns
    -------
    ndarray, shape (m,)

    References
    ----------
    .. [1] S. Holm, "A simple sequentially rejective multiple test procedure,"
       Scandinavian Journal of Statistics 6(2), 65-70, 1979.

    Examples
    --------
    >>> from patterneval.report.comparison import holm_adjust
    >>> holm_adjust([0.01, 0.04, 0.03]).round(2).tolist()
    [0.03, 0.06, 0.06]
    """
    p = np.asarray(pvalues, dtype=float).reshape(-1)
    m = p.size
    order = np.argsort(p, kind="stable")
    adjusted = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * p[order]))
    out = np.empty(m)
    out[order] = adjusted
    return out


def mean_score_interval(scores: ArrayLike, n_train, n_test, *, confidence_level: float = 0.95):
    r"""The corrected resampled t interval for one model's mean score over J splits.

    .. math:: \bar s \pm t_{J-1,\,(1+c)/2}\,
              \sqrt{\Bigl(\frac1J + \frac{n_2}{n_1}\Bigr)\hat\sigma^2}

    with :math:`\hat\sigma^2` the sample variance of the J scores and :math:`n_1, n_2`
    the (mean) training and test sizes. The scores of overlapping training sets are
    correlated, so the naive t interval (variance :math:`\hat\sigma^2/J`) is too narrow;
    Nadeau & Bengio's correction adds :math:`n_2/n_1` for the correlation, as in
    :func:`patterneval.corrected_resampled_ttest`.

    Parameters
    ----------
    scores : array_like, shape (J,)
    n_train, n_test : float or array_like
        Sizes (arrays are averaged).
    confidence_level : float, keyword-only

    Returns
    -------
    (low, high) : tuple of float

    Examples
    --------
    >>> from patterneval.report.comparison import mean_score_interval
    >>> [round(v, 3) for v in mean_score_interval([0.8, 0.9, 0.85, 0.95], 90, 10)]
    [0.752, 0.998]
    """
    s = np.asarray(scores, dtype=float)
    J = s.size
    ratio = float(np.mean(n_test)) / float(np.mean(n_train))
    half = stats.t.ppf((1 + confidence_level) / 2, J - 1) * np.sqrt((1 / J + ratio) * s.var(ddof=1))
    return float(s.mean() - half), float(s.mean() + half)


@dataclasses.dataclass(frozen=True, repr=False, eq=False)
class PairComparison(Result):
    """The tests of one pair (a, b); differences are a - b."""

    a: str
    b: str
    corrected: CorrectedTTest
    difference_interval: tuple
    pvalue_holm: float
    bayes: BayesianCorrelatedTTest
    mcnemar: McNemarTest | None = None
    mcnemar_pvalue_holm: float | None = None
    delong: DeLongTest | None = None
    delong_pvalue_holm: float | None = None


@dataclasses.dataclass(frozen=True, repr=False, eq=False)
class ComparisonReport(Report):
    """What :func:`patterneval.compare_classifiers` found, with the results it came from.

    Attributes
    ----------
    names : tuple of str
        The classifiers, in the order given.
    metric : str
        The score compared (higher is better).
    scores : CVScores
        Every classifier's score on every split (the same splits for all).
    cv : int, splitter or list of pairs
        The cross-validation (``cv=None`` resolved); ``cv_scores(estimators, X, y, cv=cv,
        metric=metric, rng=seeds["cv"])`` re-runs it (on the hold-out's training part when
        ``test_size`` was given).
    cv_description : str
    seeds : dict
        Int seeds drawn from ``rng``: ``"cv"`` and ``"holdout"``.
    alpha, rope : float
    mean_intervals : ndarray, shape (k, 2)
        Each classifier's mean score with its corrected resampled t interval at level
        1 - alpha (the corrected resampled t interval below).
    pairs : tuple of PairComparison
        For each pair (a, b), a before b in ``names``: ``corrected``
        (CorrectedTTest), ``difference_interval``, ``pvalue_holm`` (Holm-adjusted across
        the pairs; the p-value itself for two classifiers), ``bayes``
        (BayesianCorrelatedTTest with the ROPE), and ``mcnemar`` / ``delong`` when run.
    holdout_indices : tuple of ndarray or None
    holdout_errors : ndarray or None
        Each classifier's error on the hold-out.
    auc : tuple of DeLongInterval or None
        Each classifier's AUC (binary problems, every classifier giving scores).
    score_source : str or None
        ``"hold-out"`` or ``"out-of-fold (first repeat)"``.
    notes : tuple of str
    """

    names: tuple
    metric: str
    scores: CVScores
    cv: object
    cv_description: str
    seeds: dict
    alpha: float
    rope: float
    mean_intervals: np.ndarray
    pairs: tuple
    holdout_indices: tuple | None
    holdout_errors: np.ndarray | None
    auc: tuple | None
    score_source: str | None
    notes: tuple = ()

    title = "Comparing classifiers"

    def _headline_text(self) -> str:
        return (
            f"{', '.join(self.names)}: {self.metric} on {self.scores.scores.shape[0]} splits, "
            f"{len(self.pairs)} pair{'s' if len(self.pairs) > 1 else ''} tested"
        )

    @property
    def _level(self) -> str:
        return f"{1 - self.alpha:.0%}"

    def pair(self, a: str, b: str) -> PairComparison:
        """The comparison of two classifiers.

        Parameters
        ----------
        a, b : str
            Two different names of ``names``, in either order (the stored pair keeps the
            order of ``names``: its differences are first minus second).

        Returns
        -------
        PairComparison
        """
        for name, value in (("a", a), ("b", b)):
            if not isinstance(value, str):
                raise fail(
                    name, f"a classifier name, one of {list(self.names)}", value, error=TypeError
                )
            if value not in self.names:
                raise fail(name, f"one of the names {list(self.names)}", value)
        if a == b:
            raise fail("b", f"a name other than a ({a!r})", b)
        return next(p for p in self.pairs if {p.a, p.b} == {a, b})

    def _verdict(self, p: PairComparison) -> str:
        """The reading of a pair: the corrected t at alpha, then the Bayesian test."""
        if p.pvalue_holm <= self.alpha:
            better = p.a if p.corrected.mean_difference > 0 else p.b
            worse = p.b if better == p.a else p.a
            stat = f"{better} scores higher than {worse}"
        else:
            stat = f"no difference in {self.metric} is established"
        if p.bayes.p_a_better >= DECISION_PROBABILITY:
            bayes = f"{p.a} is practically better"
        elif p.bayes.p_b_better >= DECISION_PROBABILITY:
            bayes = f"{p.b} is practically better"
        elif p.bayes.p_rope >= DECISION_PROBABILITY:
            bayes = f"practically equivalent within ±{fmt(self.rope)}"
        else:
            bayes = "the Bayesian test is undecided"
        return f"{stat}; {bayes}"

    def _holdout_reading(self, p: PairComparison) -> str:
        out = []
        if p.mcnemar is not None:
            # a pair with McNemar's test has its Holm-adjusted p-value and the hold-out errors
            assert self.holdout_errors is not None and p.mcnemar_pvalue_holm is not None
            i, j = self.names.index(p.a), self.names.index(p.b)
            ea, eb = self.holdout_errors[i], self.holdout_errors[j]
            verdict = (
                "the hold-out errors differ"
                if p.mcnemar_pvalue_holm <= self.alpha
                else "no difference in hold-out error is established"
            )
            out.append(
                f"McNemar on the hold-out (errors {fmt(ea)} and {fmt(eb)}): {p_is(p.mcnemar_pvalue_holm)}, "
                f"{verdict}"
            )
        if p.delong is not None:
            assert p.delong_pvalue_holm is not None  # set with the DeLong test
            if p.delong_pvalue_holm <= self.alpha:
                verdict = f"{p.a if p.delong.difference > 0 else p.b} has the higher AUC"
            else:
                verdict = "no difference in AUC is established"
            out.append(
                f"DeLong's test of the AUCs ({fmt(p.delong.auc_a)} and {fmt(p.delong.auc_b)}, "
                f"{self.score_source}): {p_is(p.delong_pvalue_holm)}, {verdict}"
            )
        return "; ".join(out)

    def _tables(self):
        k = len(self.names)
        cols = ["classifier", f"mean {self.metric}", f"{self._level} interval"]
        if self.holdout_errors is not None:
            cols.append("hold-out error")
        if self.auc is not None:
            cols.append(f"AUC [{self._level} DeLong], {self.score_source}")
        rows = []
        for i in range(k):
            row = [
                self.names[i],
                fmt(self.scores.scores[:, i].mean()),
                fmt_interval(*self.mean_intervals[i]),
            ]
            if self.holdout_errors is not None:
                row.append(fmt(self.holdout_errors[i]))
            if self.auc is not None:
                row.append(
                    f"{fmt(self.auc[i].statistic)} {fmt_interval(self.auc[i].low, self.auc[i].high)}"
                )
            rows.append(tuple(row))
        models = Table(
            f"Mean {self.metric} over {self.scores.scores.shape[0]} splits ({self.cv_description})",
            tuple(cols),
            tuple(rows),
        )
        many = len(self.pairs) > 1
        pcols = ["pair", f"difference [{self._level}]", "corrected t p"] + (
            ["Holm p"] if many else []
        )
        pcols += ["P(a better)", "P(ROPE)", "P(b better)"]
        if self.pairs[0].mcnemar is not None:
            pcols.append("McNemar p" + (" (Holm)" if many else ""))
        if self.pairs[0].delong is not None:
            pcols.append("DeLong p" + (" (Holm)" if many else ""))
        pcols.append("reading")
        prow = []
        for p in self.pairs:
            row = [
                f"{p.a} - {p.b}",
                f"{fmt(p.corrected.mean_difference)} {fmt_interval(*p.difference_interval)}",
                fmt_p(p.corrected.pvalue),
            ] + ([fmt_p(p.pvalue_holm)] if many else [])
            row += [fmt(p.bayes.p_a_better), fmt(p.bayes.p_rope), fmt(p.bayes.p_b_better)]
            if p.mcnemar is not None:
                row.append(fmt_p(p.mcnemar_pvalue_holm))
            if p.delong is not None:
                row.append(fmt_p(p.delong_pvalue_holm))
            row.append(self._verdict(p))
            prow.append(tuple(row))
        pairs = Table(
            f"Pairwise comparisons (differences in {self.metric}, ROPE ±{fmt(self.rope)}, "
            f"alpha = {self.alpha:g})",
            tuple(pcols),
            tuple(prow),
        )
        return [models, pairs]

    def _frame(self):
        cols = [
            "difference",
            "low",
            "high",
            "t",
            "pvalue",
            "pvalue_holm",
            "p_a_better",
            "p_rope",
            "p_b_better",
        ]
        rows = []
        for p in self.pairs:
            rows.append(
                [
                    p.corrected.mean_difference,
                    *p.difference_interval,
                    p.corrected.statistic,
                    p.corrected.pvalue,
                    p.pvalue_holm,
                    p.bayes.p_a_better,
                    p.bayes.p_rope,
                    p.bayes.p_b_better,
                ]
                + ([p.mcnemar.pvalue, p.mcnemar_pvalue_holm] if p.mcnemar is not None else [])
                + ([p.delong.pvalue, p.delong_pvalue_holm] if p.delong is not None else [])
            )
        if self.pairs[0].mcnemar is not None:
            cols += ["mcnemar_pvalue", "mcnemar_pvalue_holm"]
        if self.pairs[0].delong is not None:
            cols += ["delong_pvalue", "delong_pvalue_holm"]
        return cols, rows, [f"{p.a} - {p.b}" for p in self.pairs]

    def to_frame(self, which: str = "pairs") -> Any:  # a pandas.DataFrame
        """A table as a pandas DataFrame of numbers (pandas is needed).

        Parameters
        ----------
        which : {"pairs", "models"}
            The pairwise tests (one row per pair) or each classifier's mean score, its
            interval, hold-out error and AUC.

        Returns
        -------
        pandas.DataFrame
        """
        import pandas as pd

        if which == "pairs":
            return super().to_frame()
        if which != "models":
            raise fail("which", "'pairs' or 'models'", which)
        data = {
            "mean": self.scores.scores.mean(axis=0),
            "low": self.mean_intervals[:, 0],
            "high": self.mean_intervals[:, 1],
        }
        if self.holdout_errors is not None:
            data["holdout_error"] = self.holdout_errors
        if self.auc is not None:
            data.update(
                auc=[a.statistic for a in self.auc],
                auc_low=[a.low for a in self.auc],
                auc_high=[a.high for a in self.auc],
            )
        return pd.DataFrame(data, index=list(self.names))

    def summary(self) -> str:
        many = len(self.pairs) > 1
        out = []
        for p in self.pairs:
            text = (
                f"{p.a} and {p.b} differ by {fmt(p.corrected.mean_difference)} "
                f"{fmt_interval(*p.difference_interval)} in {self.metric}; corrected t "
                f"{p_is(p.corrected.pvalue)}"
                + (f" (Holm-adjusted {fmt_p(p.pvalue_holm)})" if many else "")
                + f"; P({p.a} practically better) = {fmt(p.bayes.p_a_better)}, P(practically "
                f"equivalent) = {fmt(p.bayes.p_rope)}, P({p.b} practically better) = "
                f"{fmt(p.bayes.p_b_better)}: {self._verdict(p)}."
            )
            extra = self._holdout_reading(p)
            out.append(text + (f" {extra[0].upper()}{extra[1:]}." if extra else ""))
        return " ".join(out + list(self.notes))

    def _methods(self):
        many = len(self.pairs) > 1
        m = [
            Method(
                "paired scores on identical splits",
                f"Each classifier was fitted and scored ({self.metric}) on the same {self.cv_description} "
                f"splits (Bouckaert & Frank 2004); each mean score has a {self._level} corrected resampled t "
                f"interval, whose variance term 1/J + n_test/n_train allows for the overlap of the training "
                f"sets (Nadeau & Bengio 2003).",
                "Bouckaert & Frank 2004; Nadeau & Bengio 2003",
                CHAPTERS["two-classifiers"],
                api("compare", "cv_scores"),
            ),
            Method(
                "corrected resampled t-test",
                "Each pair was tested with the corrected resampled t-test (Nadeau & Bengio 2003)"
                + (
                    ", its p-values adjusted across the pairs by Holm's step-down procedure (Holm 1979)."
                    if many
                    else "."
                ),
                "Nadeau & Bengio 2003" + ("; Holm 1979" if many else ""),
                CHAPTERS["two-classifiers"],
                api("compare", "corrected_resampled_ttest"),
            ),
            Method(
                "Bayesian correlated t-test",
                f"The Bayesian correlated t-test gives the posterior probabilities that one classifier is "
                f"practically better or that both are equivalent within a region of practical equivalence "
                f"of ±{fmt(self.rope)} (Corani & Benavoli 2015; Benavoli et al. 2017).",
                "Corani & Benavoli 2015; Benavoli et al. 2017",
                CHAPTERS["two-classifiers"],
                api("compare", "bayesian_correlated_ttest"),
            ),
        ]
        if self.pairs[0].mcnemar is not None:
            m.append(
                Method(
                    "McNemar's test",
                    "On a stratified hold-out that no other test used, the classifiers' errors were "
                    "compared by McNemar's test (McNemar 1947; Dietterich 1998).",
                    "McNemar 1947; Dietterich 1998",
                    CHAPTERS["two-classifiers"],
                    api("compare", "mcnemar_test"),
                )
            )
        if self.auc is not None:
            m.append(
                Method(
                    "DeLong's test",
                    f"The AUCs, on {self.score_source} scores, have DeLong intervals and were compared "
                    f"pairwise by DeLong's test (DeLong et al. 1988)"
                    + (
                        "; out-of-fold scores pool the folds' models, the usual approximation."
                        if self.score_source != "hold-out"
                        else "."
                    ),
                    "DeLong et al. 1988",
                    CHAPTERS["roc-auc"],
                    api("compare", "delong_test"),
                )
            )
        return m

    def _figure(self):
        from ..plotting._report import plot_intervals

        return plot_intervals(
            self.names,
            self.scores.scores.mean(axis=0),
            self.mean_intervals[:, 0],
            self.mean_intervals[:, 1],
            xlabel=f"mean {self.metric}",
            title=f"{self._level} corrected resampled t intervals",
        )


def _holdout(items, X, y, labels, classes, test_size, seed):
    """The stratified hold-out (none when ``test_size`` is None): the rows left to the
    cross-validation, as (X, y, labels) of the training part (all rows without a
    hold-out); the (train, test) indices; the test part's labels; each classifier's
    predictions on the test part after a fit on the training part; and its binary scores
    (None each where the classifier gives none, or the problem is not binary). Without a
    hold-out, all but the rows are None."""
    if test_size is None:
        return (X, y, labels), None, None, None, None
    train, test = holdout_split(labels, test_size, seed)
    Xr, yr, Xt = take_rows(X, train), take_rows(y, train), take_rows(X, test)
    preds, hold_scores = [], []
    for est in items:
        model, pred = fit_and_predict(est, Xr, yr, Xt, train.size, test.size)
        preds.append(pred)
        hold_scores.append(model_scores(model, Xt, classes) if classes.size == 2 else None)
    return (Xr, yr, labels[train]), (train, test), labels[test], preds, hold_scores


def _repeats(scores, n_samples):
    """The splits of ``scores`` grouped by repeat, and the first repeat's (train, test)
    pairs when their test parts partition the ``n_samples`` samples (else None)."""
    per = len(scores.splits) // scores.n_repeats
    groups = [list(scores.splits[r * per : (r + 1) * per]) for r in range(scores.n_repeats)]
    return groups, partition_or_none(groups[0], n_samples)


def _pairs(scores, names, *, alpha, rope, y_test, preds, y_auc, auc_scores):
    """Every pair (a, b), a before b: the corrected t (its difference's interval, the
    Holm-adjusted p-value), the Bayesian correlated t, and McNemar on the hold-out and
    DeLong on the scores where those exist (each Holm-adjusted across the pairs)."""
    k = len(names)
    ij = [(i, j) for i in range(k) for j in range(i + 1, k)]
    corrected, bayes = [], []
    for i, j in ij:
        two = scores.select(names[i], names[j])
        try:
            corrected.append(corrected_resampled_ttest(two))
        except ValueError as exc:  # no spread: the tests are undefined for this pair
            raise fail(
                "estimators",
                f"classifiers whose {scores.metric} differences vary over the splits",
                f"{names[i]!r} and {names[j]!r}, whose differences do not",
                echo=False,
                hint=str(exc)[:1].upper() + str(exc)[1:],
            ) from exc
        bayes.append(bayesian_correlated_ttest(two, rope=rope))
    p_holm = holm_adjust([c.pvalue for c in corrected])
    mcn = [mcnemar_test(y_test, preds[i], preds[j]) for i, j in ij] if preds is not None else None
    mcn_holm = holm_adjust([m.pvalue for m in mcn]) if mcn else None
    dl = (
        [
            delong_test(
                y_auc, auc_scores[i], auc_scores[j], confidence_level=1 - alpha, pos_label=1
            )
            for i, j in ij
        ]
        if auc_scores is not None
        else None
    )
    dl_holm = holm_adjust([d.pvalue for d in dl]) if dl else None
    pairs = []
    for t, (i, j) in enumerate(ij):
        c = corrected[t]
        half = stats.t.ppf(1 - alpha / 2, c.df) * c.std_error
        pairs.append(
            PairComparison(
                a=names[i],
                b=names[j],
                corrected=c,
                difference_interval=(
                    float(c.mean_difference - half),
                    float(c.mean_difference + half),
                ),
                pvalue_holm=float(p_holm[t]),
                bayes=bayes[t],
                mcnemar=mcn[t] if mcn else None,
                mcnemar_pvalue_holm=float(mcn_holm[t]) if mcn else None,
                delong=dl[t] if dl else None,
                delong_pvalue_holm=float(dl_holm[t]) if dl else None,
            )
        )
    return tuple(pairs)


def _gives_scores(items, classes) -> bool:
    """Whether the problem is binary and every classifier gives scores (``predict_proba``
    or ``decision_function``): the condition of the AUCs."""
    return classes.size == 2 and all(
        hasattr(e, "predict_proba") or hasattr(e, "decision_function") for e in items
    )


def _aucs(items, classes, hold_scores, y_test, oof, first, n_repeats, alpha):
    """Each classifier's AUC with DeLong's interval (binary problems, every classifier giving
    scores), on the hold-out's scores when there is a hold-out (``hold_scores`` and its
    labels ``y_test``; None without), else on the out-of-fold scores ``oof`` (each
    classifier's scores and the class codes), which the fits of the cross-validation gave
    on ``first`` (the first of ``n_repeats`` repeats) when it partitions the samples:
    (auc, the scores, their class codes, where they come from, notes), None each where
    there is no AUC."""
    notes = []
    auc_scores = y_auc = source = None
    if _gives_scores(items, classes):
        if hold_scores is not None and all(s is not None for s in hold_scores):
            auc_scores, y_auc, source = (
                hold_scores,
                np.searchsorted(classes, y_test),
                "hold-out",
            )
        elif hold_scores is None and first is not None:
            auc_scores, y_auc = oof
            source = "out-of-fold" if n_repeats == 1 else "out-of-fold (first repeat)"
        elif hold_scores is None:
            notes.append(
                "No AUC: the first repeat of cv does not test every sample once (give test_size)."
            )
    auc = (
        None
        if auc_scores is None
        else tuple(
            delong_interval(y_auc, s, confidence_level=1 - alpha, pos_label=1) for s in auc_scores
        )
    )
    return auc, auc_scores, y_auc, source, notes


def _scores_and_oof(named, Xr, yr, lr, cv, metric, seed, want_oof, n_jobs, progress):
    """Every classifier's score on every split (:func:`patterneval.cv_scores`, seeded by
    ``seed``) and, when ``want_oof`` (no hold-out) and the AUCs apply, the out-of-fold
    scores of the first repeat: the models fitted on its splits for the scores also give
    the response ``"score"`` of :func:`~patterneval.compare.out_of_fold.out_of_fold_predictions`
    (the decision function, else the positive class's probability), so each split is fitted
    once per classifier. Returns (CVScores, (scores per classifier, class codes) or None)."""
    classes, codes = np.unique(lr, return_inverse=True)
    respond = None
    if want_oof and _gives_scores(list(named.values()), classes):
        respond = partial(fold_response, classes=classes, kind="score")
    scores, responses = _cv_scores(
        named,
        Xr,
        yr,
        cv=cv,
        metric=metric,
        rng=seed,
        n_jobs=n_jobs,
        progress=progress,
        respond=respond,
    )
    if responses is None:
        return scores, None
    first = scores.splits[: len(responses[0])]
    return scores, ([pooled(first, r, lr.size) for r in responses], codes.reshape(-1))


def _mean_intervals(scores, alpha):
    """Each classifier's mean score's corrected resampled t interval at level 1 - alpha,
    shape (k, 2)."""
    return np.array(
        [
            mean_score_interval(
                scores.scores[:, e], scores.n_train, scores.n_test, confidence_level=1 - alpha
            )
            for e in range(scores.scores.shape[1])
        ]
    )


@keywords
def compare_classifiers(
    estimators: Sequence | Mapping,
    X: ArrayLike,
    y: ArrayLike,
    *,
    cv: int | object | Sequence | None = None,
    metric: str | Callable = "accuracy",
    rope: float = 0.01,
    alpha: float = 0.05,
    test_size: float | int | None = None,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> ComparisonReport:
    r"""Compare two or more classifiers on one data set in one call.

    What runs, and which library function computes it (each result kept in the report):

    - every classifier is fitted and scored on the same splits
      (:func:`patterneval.cv_scores`), so that scores pair up split by split;
    - each classifier's mean score gets the corrected resampled t interval at level
      1 - ``alpha``: the scores of J splits whose training
      sets overlap are positively correlated, so the naive t interval, with variance
      :math:`\hat\sigma^2/J`, is too narrow; Nadeau & Bengio's variance
      :math:`(1/J + n_2/n_1)\hat\sigma^2` allows for the overlap, as their test does;
    - every pair (a, b), a before b: the corrected resampled t-test
      (:func:`patterneval.corrected_resampled_ttest`) with the difference's interval
      :math:`\bar d \pm t_{J-1}\,\mathrm{se}`, its p-value Holm-adjusted across the
      pairs when there are more than two classifiers; and the Bayesian correlated t-test
      (:func:`patterneval.bayesian_correlated_ttest`) with the region of practical
      equivalence ``rope``, whose posterior probabilities say how likely a is
      practically better, the two equivalent, or b better;
    - with ``test_size``: a stratified hold-out split drawn from ``rng``; each
      classifier fitted on the training part is tested on it and every pair compared by
      McNemar's test (:func:`patterneval.mcnemar_test`; Holm-adjusted for more than two).
      The hold-out is used by nothing else: the cross-validation runs on the training
      part;
    - for a binary problem where every classifier gives scores (``predict_proba`` or
      ``decision_function``): each AUC with DeLong's interval
      (:func:`patterneval.delong_interval`) and every pair by DeLong's test
      (:func:`patterneval.delong_test`), on the hold-out's scores when there is one,
      else on out-of-fold scores of identical folds (the first repeat of the splits;
      the report's ``score_source`` says which).

    Each classifier is fitted once on each split: the model fitted on a split gives both
    its score on the test part and, for the splits of the first repeat, its test samples'
    out-of-fold scores for the AUCs, so the report costs one fit per classifier and split
    (and one per classifier for the hold-out).

    The summary reads a pair as "a scores higher than b" only when the (adjusted) p-value
    is at most ``alpha``, and otherwise says that no difference is established (never
    that the classifiers are equal); only the Bayesian test can support practical
    equivalence, when P(ROPE) is at least 0.95.

    Parameters
    ----------
    estimators : sequence of classifiers or dict name -> classifier
        Two or more; cloned for every fit. A sequence is named by class (a repeated class
        getting " (2)"...), a dict by its keys.
    X : array_like, DataFrame or sparse matrix, shape (n_samples, n_features)
    y : array_like or pandas Series, shape (n_samples,)
        Class labels.
    cv : None, int, splitter or iterable of (train, test) pairs, keyword-only
        ``None``: 10 repeats of stratified 10-fold CV (``RepeatedStratifiedKFold`` seeded
        by ``seeds["cv"]``), the design Bouckaert & Frank (2004) found most replicable
        for the corrected t-test; otherwise as :func:`patterneval.cv_scores`.
    metric : str or callable, default "accuracy", keyword-only
        A scikit-learn scorer name or ``scorer(estimator, X, y)``; higher is better.
    rope : float, default 0.01, keyword-only
        Half-width of the region of practical equivalence, in units of ``metric``.
    alpha : float, default 0.05, keyword-only
        Significance level of the tests (family-wise, by Holm, for more than two
        classifiers); the intervals are at level 1 - alpha.
    test_size : None, float in (0, 1) or int, keyword-only
        A stratified hold-out for McNemar (and DeLong); None: none.
    rng : None, int or numpy.random.Generator, keyword-only
        Two int seeds are drawn from it in order: ``seeds["cv"]`` and ``seeds["holdout"]``.
    n_jobs : None or int, keyword-only
        Parallel fits through joblib; ``None`` follows the active
        ``joblib.parallel_config`` (its backend, Dask's included, and its ``n_jobs``; one
        job outside any). The result does not depend on it.
    progress : bool, default False, keyword-only

    Returns
    -------
    ComparisonReport
        Tables (the classifiers; the pairs), a figure, ``summary()``, ``to_markdown()``,
        ``to_latex()``, ``to_frame("pairs"|"models")``, ``links``; the results as
        attributes (``scores``, ``pairs[i].corrected``, ``pairs[i].bayes``, ...).

    Raises
    ------
    ValueError, TypeError
        Bad input, naming the argument.

    References
    ----------
    .. [1] C. Nadeau and Y. Bengio, "Inference for the generalization error," Machine
       Learning 52(3), 239-281, 2003.
    .. [2] R. R. Bouckaert and E. Frank, "Evaluating the replicability of significance
       tests for comparing learning algorithms," PAKDD 2004, 3-12.
    .. [3] G. Corani and A. Benavoli, "A Bayesian approach for comparing cross-validated
       algorithms on multiple data sets," Machine Learning 100(2), 285-304, 2015.
    .. [4] A. Benavoli, G. Corani, J. Demšar and M. Zaffalon, "Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis," JMLR
       18(77), 1-36, 2017.
    .. [5] S. Holm, "A simple sequentially rejective multiple test procedure,"
       Scandinavian Journal of Statistics 6(2), 65-70, 1979.
    .. [6] Q. McNemar, "Note on the sampling error of the difference between correlated
       proportions or percentages," Psychometrika 12(2), 153-157, 1947.
    .. [7] T. G. Dietterich, "Approximate statistical tests for comparing supervised
       classification learning algorithms," Neural Computation 10(7), 1895-1923, 1998.
    .. [8] E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, Biometrics 44(3),
       837-845, 1988.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> import patterneval as pe
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> rep = pe.compare_classifiers([GaussianNB(), DecisionTreeClassifier(random_state=0)], X, y,
    ...                              cv=5, rng=0)
    >>> p = rep.pairs[0]
    >>> p.corrected.pvalue == pe.corrected_resampled_ttest(rep.scores).pvalue
    True
    >>> print(rep.summary())  # doctest: +ELLIPSIS
    GaussianNB and DecisionTreeClassifier differ by ... in accuracy; corrected t p = ...
    """
    names, items = _named_estimators(estimators)
    if len(items) < 2:
        raise fail("estimators", "two or more classifiers", f"{len(items)}", echo=False)
    X, labels = check_X_y(X, y, pass_through=True)
    for name, est in zip(names, items):
        check_classification_target(labels, estimator=est, estimator_name=f"estimators[{name!r}]")
    y = y if hasattr(y, "iloc") else labels
    rope = check_scalar("rope", rope, float, low=0)
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    test_size = check_test_size(test_size, labels)
    n_jobs = check_n_jobs(n_jobs)
    progress = check_bool("progress", progress)
    seeds = draw_seeds(rng, ("cv", "holdout"))
    cv = resolve_cv(cv, seeds["cv"])
    classes = np.unique(labels)
    named = dict(zip(names, items))

    (Xr, yr, lr), indices, y_test, preds, hold_scores = _holdout(
        items, X, y, labels, classes, test_size, seeds["holdout"]
    )
    scores, oof = _scores_and_oof(
        named, Xr, yr, lr, cv, metric, seeds["cv"], hold_scores is None, n_jobs, progress
    )
    groups, first = _repeats(scores, lr.size)
    auc, auc_scores, y_auc, source, notes = _aucs(
        items, classes, hold_scores, y_test, oof, first, len(groups), alpha
    )
    pairs = _pairs(
        scores,
        names,
        alpha=alpha,
        rope=rope,
        y_test=y_test,
        preds=preds,
        y_auc=y_auc,
        auc_scores=auc_scores,
    )
    errors = None if preds is None else np.array([np.mean(p != y_test) for p in preds])
    return ComparisonReport(
        names=tuple(names),
        metric=scores.metric,
        scores=scores,
        cv=cv,
        cv_description=describe_cv(cv, groups),
        seeds=seeds,
        alpha=alpha,
        rope=rope,
        mean_intervals=_mean_intervals(scores, alpha),
        pairs=pairs,
        holdout_indices=indices,
        holdout_errors=errors,
        auc=auc,
        score_source=source,
        notes=tuple(notes),
    )
