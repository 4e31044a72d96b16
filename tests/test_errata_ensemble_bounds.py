"""Errata of note 004, section 1 (chapter "Why ensembles work"), shown numerically.

1. The note states P(H(x) != f(x)) <= exp(-T (1 - 2 eps)^2 / 2) and concludes that the
   ensemble error "falls exponentially with T and finally tends to 0" without the condition
   eps < 1/2. Hoeffding's step needs t = T (1/2 - eps) > 0; for eps > 1/2 the printed
   expression is still below 1 and decays to 0 while the true majority error tends to 1.
2. The note says the error *equals* the binomial sum "by Hoeffding's inequality". The
   equality is the binomial law of the number of wrong voters; Hoeffding only gives the
   inequality. (Wording; the test checks the sum itself: its k counts *correct* voters, so
   for odd T it is the binomial upper tail of wrong voters, and for even T it counts a tie
   as an error -- the ``ties="error"`` rule, not the fair-coin rule.)
"""

import math

import numpy as np
import pytest
from scipy import stats

from patterneval.ensemble.bounds import hoeffding_bound, majority_vote_error


def note_sum(eps, T):
    """Note 004 as printed: sum_{k=0}^{floor(T/2)} C(T, k) (1 - eps)^k eps^(T - k)."""
    return sum(math.comb(T, k) * (1 - eps) ** k * eps ** (T - k) for k in range(T // 2 + 1))


def note_bound(eps, T):
    """Note 004 as printed, with no condition on eps."""
    return math.exp(-0.5 * T * (1 - 2 * eps) ** 2)


def test_printed_bound_is_false_above_one_half():
    for eps in (0.6, 0.7, 0.9):
        for T in (21, 101, 501):
            assert majority_vote_error(eps, T) > note_bound(eps, T)
    assert majority_vote_error(0.55, 101) > note_bound(0.55, 101)
    # for every eps > 1/2 it fails once T is large: the error rises to 1, the expression falls to 0
    T = np.arange(1, 2001)
    for eps in np.linspace(0.52, 0.98, 24):
        fails = majority_vote_error(eps, T) > np.exp(-0.5 * T * (1 - 2 * eps) ** 2)
        assert fails[-1] and fails.any()
    # e.g. eps = 0.7, T = 21: the printed "bound" is about 0.19, the true error about 0.97
    assert note_bound(0.7, 21) < 0.19 and majority_vote_error(0.7, 21) > 0.97
    # and the note's limit "tends to 0" goes the wrong way: the error tends to 1
    assert majority_vote_error(0.7, 1001) > 1 - 1e-12
    # the library returns the trivial bound there instead
    assert hoeffding_bound(0.7, 21) == 1.0


def test_printed_bound_holds_below_one_half():
    for eps in np.linspace(0.0, 0.49, 50):
        for T in range(1, 80):
            assert note_sum(eps, T) <= note_bound(eps, T) + 1e-15


def test_printed_sum_is_the_tail_with_ties_counted_as_errors():
    for eps in (0.1, 0.3, 0.45, 0.6):
        for T in range(1, 30):
            # reference: scipy.stats.binom.sf (scipy 1.x), wrong voters K ~ Binomial(T, eps)
            assert note_sum(eps, T) == pytest.approx(
                stats.binom.sf((T - 1) // 2, T, eps), rel=1e-10
            )
            assert note_sum(eps, T) == pytest.approx(
                majority_vote_error(eps, T, ties="error"), rel=1e-10
            )
    # for even T this is not the fair-coin error: the difference is half the tie probability
    gap = note_sum(0.3, 10) - majority_vote_error(0.3, 10, ties="coin")
    assert gap == pytest.approx(0.5 * stats.binom.pmf(5, 10, 0.3), rel=1e-10)
    assert gap > 0.05
