"""Errata of note 004 (section 5, diversity), shown numerically."""

from __future__ import annotations

import numpy as np

from patterneval.ensemble.diversity import (
    correlation,
    error_ambiguity,
    pair_table,
    q_statistic,
)


def test_q_is_not_similar_to_rho_one_empty_cell_forces_q_to_one():
    # note 004: "Q-统计量 ... 和 rho_ij 类似". With a=1, b=0, c=49, d=50 the two classifiers
    # are barely correlated but Q is already at its maximum.
    h1 = np.array([1] * 1 + [-1] * 49 + [-1] * 50)
    h2 = np.array([1] * 1 + [1] * 49 + [-1] * 50)
    t = pair_table(h1, h2)
    assert (t.a, t.b, t.c, t.d) == (1, 0, 49, 50)
    assert q_statistic(h1, h2) == 1.0
    assert correlation(h1, h2) < 0.15


def test_prediction_table_q_differs_from_the_oracle_q():
    # note 004 builds the table from predictions; Kuncheva & Whitaker (2003) and DESlib
    # from correctness. The measures then differ (here even in sign).
    y = np.array([1, -1, 1, 1, -1, -1, -1, 1])
    h1 = np.array([-1, 1, -1, -1, 1, 1, 1, 1])
    h2 = np.array([1, -1, 1, 1, -1, -1, 1, 1])
    t_pred, t_oracle = pair_table(h1, h2), pair_table(h1, h2, y)
    assert (t_pred.a, t_pred.b, t_pred.c, t_pred.d) == (2, 3, 3, 0)
    assert (t_oracle.a, t_oracle.b, t_oracle.c, t_oracle.d) == (1, 0, 6, 1)
    assert q_statistic(h1, h2) == -1.0  # (2*0 - 3*3) / (2*0 + 3*3)
    assert q_statistic(h1, h2, y) == 1.0  # (1*1 - 0*6) / (1*1 + 0*6)


def test_decomposition_needs_weights_summing_to_one():
    # note 004 derives A_bar = E_bar - E without saying the weights must sum to 1
    # (and be >= 0); with weights summing to 2 the identity fails.
    rng = np.random.default_rng(0)
    P, y = rng.normal(size=(3, 50)), rng.normal(size=50)
    w = np.array([0.5, 0.7, 0.8])  # sum 2
    H = w @ P
    E = np.mean((H - y) ** 2)
    E_bar = w @ np.mean((P - y) ** 2, axis=1)
    A_bar = w @ np.mean((P - H) ** 2, axis=1)
    assert abs(E - (E_bar - A_bar)) > 0.1
    r = error_ambiguity(P, y, w / w.sum())
    assert abs(r.E - (r.E_bar - r.A_bar)) < 1e-12


def test_more_ambiguity_does_not_mean_a_better_ensemble():
    # note 004: "个体学习器准确率越高、多样性越大，则集成效果越好". E_bar and A_bar move
    # together: adding a wild member raises the ambiguity A_bar and also the error E.
    rng = np.random.default_rng(1)
    y = rng.normal(size=200)
    good = y + 0.3 * rng.normal(size=(2, 200))
    wild = y + 3.0 * rng.normal(size=(1, 200))
    small = error_ambiguity(good, y)
    large = error_ambiguity(np.vstack([good, wild]), y)
    assert large.A_bar > 5 * small.A_bar
    assert large.E > 5 * small.E
