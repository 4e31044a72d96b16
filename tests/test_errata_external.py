"""Errata of notes 000 and 001 on external indices, shown numerically."""

from __future__ import annotations

import numpy as np
import pytest

import patterneval as pe


def test_ari_can_be_negative_note_000_says_range_0_1():
    # note 000: "ARI ... 取值范围为[0, 1]"; two balanced partitions crossing each other
    assert pe.adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1]) == -0.5
    rng = np.random.default_rng(0)
    t = rng.integers(0, 3, 50)
    values = [pe.adjusted_rand_index(t, rng.permutation(t)) for _ in range(200)]
    assert sum(v < 0 for v in values) > 50  # under random labelings about half are negative


def test_wallace_indices_are_conditional_not_joint_probabilities():
    """Note 001 reads a/(a+b) and a/(a+c) as "the probability that the two samples of a
    pair are together in both the clustering and the reference". That joint probability
    is a / C(n, 2). The Wallace indices are conditional: a/(a+b) = P(together in the
    reference | together in the clustering), a/(a+c) = P(together in the clustering |
    together in the reference). Checked by enumerating every pair."""
    import itertools
    import math

    rng = np.random.default_rng(1)
    truth = rng.integers(0, 3, 40)  # the reference (note 001's lambda*)
    clusters = np.where(rng.random(40) < 0.7, truth, rng.integers(0, 4, 40))  # lambda
    a, b, c, d = pe.pair_counts(truth, clusters)
    pairs = list(itertools.combinations(range(40), 2))
    together_c = np.array([clusters[i] == clusters[j] for i, j in pairs])
    together_r = np.array([truth[i] == truth[j] for i, j in pairs])
    joint = np.mean(together_c & together_r)
    given_c = np.mean(together_r[together_c])  # P(together in reference | in clustering)
    given_r = np.mean(together_c[together_r])  # P(together in clustering | in reference)
    assert a / (a + b) == given_c and a / (a + c) == given_r
    assert joint == a / math.comb(40, 2)
    assert a / (a + b) > 2 * joint and a / (a + c) > 2 * joint  # not the joint probability
    # the Fowlkes-Mallows index is the geometric mean of the two conditional ones
    assert pe.fowlkes_mallows_index(truth, clusters) == pytest.approx(np.sqrt(given_c * given_r))
