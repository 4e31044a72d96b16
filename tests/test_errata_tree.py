"""Errata of note 002, section 树学习, lines 434-548 (chapter "Concept and tree
learning"), shown numerically.

1. ID3's pseudo-code: "if Examples is empty, return Root = the most common *attribute* of
   Examples", and the same "most common attribute" for an empty branch. The stopping case
   is *Attributes* empty, and a leaf is labelled with the most common *target value*
   (class) of Examples (Mitchell 1997, table 3.1).
2. CART's Gini: the note writes Gini(S, A) = 1 - sum_{v in A} (|S_v| / |S|)^2, a sum over
   the *values of the attribute*. That is the Gini of the branch sizes: it never looks at
   the labels. The Gini impurity is 1 - sum_k p_k^2 over the *classes*, and a split is
   scored by the size-weighted impurity of its branches.
3. Discretisation: "choose the threshold with the *smallest* measure (C4.5: gain ratio,
   CART: Gini)". Smallest is right for the weighted Gini of the two sides; the gain ratio
   is to be *maximised* (and C4.5 picks the threshold by gain, then compares attributes by
   gain ratio). Minimising the gain ratio picks a useless threshold.
4. Summary: "the cost is O(log2 m)". Classifying one sample costs O(depth); the depth is
   about log2 m only for balanced trees and can reach m - 1.
"""

import numpy as np
import pytest

from patterneval.book.tree_learning import play_tennis
from patterneval.tree import CART, ID3, contingency_table, gain_ratio, gini, information_gain


def note_gini(table):
    """Note 002 as printed: 1 - sum over attribute values of (|S_v| / |S|)^2."""
    sizes = np.asarray(table, dtype=float).sum(axis=1)
    return 1.0 - ((sizes / sizes.sum()) ** 2).sum()


def weighted_gini(table):
    """CART's split score: sum_v |S_v| / |S| * Gini(S_v)."""
    t = np.asarray(table, dtype=float)
    return float((t.sum(axis=1) / t.sum() * gini(t)).sum())


def test_note_gini_ignores_labels():
    d = play_tennis()
    rng = np.random.default_rng(0)
    _, _, table = contingency_table(d.X[:, 0], d.y)
    shuffled = rng.permutation(d.y)
    _, _, table_shuffled = contingency_table(d.X[:, 0], shuffled)
    # the note's value is the same whatever the labels are ...
    assert note_gini(table) == note_gini(table_shuffled) == pytest.approx(1 - (25 + 16 + 25) / 196)
    # ... while the Gini impurity of the split depends on them
    assert weighted_gini(table) != pytest.approx(weighted_gini(table_shuffled))
    # a perfect split (pure branches) has impurity 0, but the note's formula gives 0.5
    perfect = [[7, 0], [0, 7]]
    assert weighted_gini(perfect) == 0.0 and note_gini(perfect) == 0.5
    # the correct formula over classes: 1 - (9/14)^2 - (5/14)^2
    assert gini([9, 5]) == pytest.approx(1 - (9 / 14) ** 2 - (5 / 14) ** 2)


def test_note_gini_prefers_many_valued_attributes():
    d = play_tennis()
    ident = np.array([f"day{i}" for i in range(14)], dtype=object)
    scores = {j: note_gini(contingency_table(d.X[:, j], d.y)[2]) for j in range(4)}
    note_id = note_gini(contingency_table(ident, d.y)[2])
    # the note's "impurity" is largest for the identifier (1 - 1/14), which is also the
    # attribute with the purest branches: the formula has no link to class purity
    assert note_id == pytest.approx(1 - 1 / 14) and note_id > max(scores.values())
    assert weighted_gini(contingency_table(ident, d.y)[2]) == 0.0


def test_id3_leaf_is_most_common_class_when_attributes_run_out():
    # identical attribute values, mixed labels: no attribute can split, the leaf must be
    # the most common *label*; the note's "most common attribute" has no meaning here
    X = np.array([["a", "x"]] * 5, dtype=object)
    y = np.array(["No", "Yes", "Yes", "Yes", "No"])
    tree = ID3().fit(X, y)
    assert tree.tree_.is_leaf and tree.predict(X[:1])[0] == "Yes"
    # and the stopping case is 'Attributes empty' (depth exhausted), not 'Examples empty':
    d = play_tennis()
    full = ID3().fit(d.X, d.y)
    assert full.get_depth() < 4 and all(node.counts.sum() > 0 for node, _ in full._walk())


def test_threshold_rule_maximise_gain_ratio():
    rng = np.random.default_rng(2)
    x = np.sort(rng.normal(size=30))
    y = (x > 0.2).astype(int)
    cuts = x[:-1] / 2 + x[1:] / 2
    tables = np.array(
        [[np.bincount(y[x <= t], minlength=2), np.bincount(y[x > t], minlength=2)] for t in cuts]
    )
    ratios = gain_ratio(tables)
    w_gini = np.array([weighted_gini(t) for t in tables])
    t_min_ratio, t_max_ratio, t_min_gini = (
        cuts[np.argmin(ratios)],
        cuts[np.argmax(ratios)],
        cuts[np.argmin(w_gini)],
    )
    # maximising the gain ratio (and minimising the weighted Gini) finds the true boundary
    assert t_max_ratio == t_min_gini and abs(t_max_ratio - 0.2) < 0.3
    assert information_gain(tables[np.argmax(ratios)]) == pytest.approx(
        information_gain([[(y == 0).sum(), 0], [0, (y == 1).sum()]])
    )
    # minimising the gain ratio, as printed, picks the cut that peels off one end sample
    assert np.argmin(ratios) in (0, len(cuts) - 1) and ratios.min() < ratios.max() / 4
    assert abs(t_min_ratio - 0.2) > 1.0


def test_depth_can_reach_m_minus_one():
    for m in (8, 16, 32):
        x = np.arange(m, dtype=float)[:, None]
        y = np.arange(m) % 2  # alternating labels on a line
        tree = CART().fit(x, y)
        assert tree.get_depth() == m - 1 > np.log2(m)
        # a sample at the far end passes m - 1 tests, not log2 m
        path_length = tree.get_depth()
        assert path_length == m - 1
