"""Errata of note 000 on external indices, shown numerically."""

from __future__ import annotations


import numpy as np

import patterneval as pe


def test_ari_can_be_negative_note_000_says_range_0_1():
    # note 000: "ARI ... 取值范围为[0, 1]"; two balanced partitions crossing each other
    assert pe.adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1]) == -0.5
    rng = np.random.default_rng(0)
    t = rng.integers(0, 3, 50)
    values = [pe.adjusted_rand_index(t, rng.permutation(t)) for _ in range(200)]
    assert sum(v < 0 for v in values) > 50  # under random labelings about half are negative

