"""Errata of note 002's concept-learning section, shown numerically."""

from patterneval.book.tree_learning import enjoy_sport
from patterneval.concept import ANY, EMPTY, find_s, hypothesis_space_size, matches


def _find_s_as_written(X, y):
    """The note's rule read literally: replace a violated constraint by the *most general*
    constraint the example satisfies, which is always '?'."""
    h = (EMPTY,) * len(X[0])
    for x, positive in zip(X, y):
        if positive:
            h = tuple(c if matches((c,), (v,)) else ANY for c, v in zip(h, x))
    return h


def test_find_s_needs_the_next_more_general_constraint():
    X, y, _, _ = enjoy_sport("find-s")
    literal = _find_s_as_written(X, y)
    assert literal == (ANY,) * 6  # learns nothing: accepts the negative example too
    assert matches(literal, X[2]) and not y[2]
    correct = find_s(X, y)
    assert correct.hypothesis == ("Sunny", "Warm", ANY, "Strong", ANY, ANY)
    assert not matches(correct.hypothesis, X[2])


def test_unbiased_space_counts_concepts_not_instances():
    size = hypothesis_space_size([3, 2, 2, 2, 2, 2])
    assert size.instances == 96  # the note calls 2^96 the number of instances
    assert size.unbiased == 2**96  # 2^96 is the number of concepts (subsets of instances)
