"""Exercises of the chapter "Many classifiers over many data sets"
(``book/part5/many-classifiers.ipynb``)."""

from __future__ import annotations

import patterneval as pe
from patterneval.book.many_classifiers import demsar_table

from . import Exercise


def _data_sets_for_cd() -> int:
    n = 2
    while pe.critical_difference(4, n).value >= 0.8:
        n += 1
    return n


def _data_sets_for_cd_at_or_below() -> int:
    return _data_sets_for_cd() - 1


def _friedman_printed_aucs() -> tuple[float, float]:
    friedman = pe.friedman_test(demsar_table().scores)
    return float(friedman.statistic), float(friedman.iman_davenport)


def _friedman_published_ranks() -> tuple[float, float]:
    friedman = pe.friedman_test(-demsar_table().published_ranks)
    return float(friedman.statistic), float(friedman.iman_davenport)


def _signed_rank_m_vs_cf() -> tuple[float, float, float]:
    scores = demsar_table().scores
    post = pe.bayesian_signed_rank(scores[:, 1], scores[:, 2], rope=0.01, n_draws=50_000, rng=1)
    return float(post.p_a_better), float(post.p_rope), float(post.p_b_better)


def _holm_full_tuning() -> tuple[float, ...]:
    holm = pe.holm_test(-demsar_table().published_ranks, control=3)
    return tuple(float(p) for p in holm.adjusted_pvalue)


def _holm_unadjusted() -> tuple[float, ...]:
    holm = pe.holm_test(-demsar_table().published_ranks, control=3)
    return tuple(float(p) for p in holm.pvalue)


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_data_sets_for_cd,
        shown="d",
        hint="the CD falls like 1/sqrt(N); try N around 30 to 40 with pe.critical_difference(4, N).",
        mistakes=((_data_sets_for_cd_at_or_below, "at that N the CD is still above 0.8."),),
    ),
    Exercise(
        2,
        "coding",
        1,
        answer=_friedman_printed_aucs,
        shown=".3f",
        atol=5e-4,
        hint="pass the printed scores (table.scores), not the published ranks, to pe.friedman_test.",
        mistakes=(
            (
                _friedman_published_ranks,
                "those are Demšar's numbers, from his ranks; use the AUCs.",
            ),
        ),
    ),
    Exercise(3, "derivation", 2),
    Exercise(4, "derivation", 2),
    Exercise(
        5,
        "coding",
        2,
        answer=_signed_rank_m_vs_cf,
        shown=".3f",
        atol=5e-4,
        hint="columns 1 (C4.5+m, first) and 2 (C4.5+cf) of table.scores, rope=0.01, "
        "n_draws=50_000, rng=1.",
    ),
    Exercise(6, "interpretation", 2),
    Exercise(
        7,
        "computation",
        2,
        answer=_holm_full_tuning,
        shown=".3f",
        atol=5e-4,
        hint="pe.holm_test on the published ranks (as the chapter passes them) with control=3; "
        "give adjusted_pvalue, which is in column order.",
        mistakes=((_holm_unadjusted, "those are the unadjusted p-values."),),
    ),
    Exercise(8, "interpretation", 3),
)
