"""patterneval.concept: Find-S, candidate elimination, the version space, space sizes."""

import itertools
import math

import numpy as np
import pytest
from _helpers import assert_rejects

from patterneval.book.tree_learning import enjoy_sport
from patterneval.concept import (
    ANY,
    EMPTY,
    candidate_elimination,
    enumerate_hypotheses,
    find_s,
    hypothesis_space_size,
    list_then_eliminate,
    matches,
    more_general_or_equal,
)

# Note 002's worked examples, letters spelled out (S = Sunny / Strong / Same, W = Warm, ...)
NOTE_FIND_S_TRACE = [
    ("Sunny", "Warm", "Normal", "Strong", "Warm", "Same"),
    ("Sunny", "Warm", "?", "Strong", "Warm", "Same"),
    ("Sunny", "Warm", "?", "Strong", "Warm", "Same"),  # the negative example changes nothing
    ("Sunny", "Warm", "?", "Strong", "?", "?"),
]
NOTE_G_AFTER_X3 = [
    ("Sunny", "?", "?", "?", "?", "?"),
    ("?", "Warm", "?", "?", "?", "?"),
    ("?", "?", "?", "?", "?", "Same"),
]
NOTE_VERSION_SPACE = {
    ("Sunny", "Warm", "?", "Strong", "?", "?"),
    ("Sunny", "Warm", "?", "?", "?", "?"),
    ("Sunny", "?", "?", "Strong", "?", "?"),
    ("?", "Warm", "?", "Strong", "?", "?"),
    ("Sunny", "?", "?", "?", "?", "?"),
    ("?", "Warm", "?", "?", "?", "?"),
}


# --- slow twins ----------------------------------------------------------------------


def _extension(h, instances):
    return frozenset(i for i, x in enumerate(instances) if matches(h, x))


def _all_syntactic(domains):
    """Every tuple of constraints, with '∅' allowed per attribute (the syntactic space)."""
    return list(itertools.product(*[(ANY, EMPTY) + tuple(d) for d in domains]))


def _slow_more_general(h1, h2, domains):
    instances = list(itertools.product(*domains))
    return _extension(h2, instances) <= _extension(h1, instances)


def _random_problem(rng, n_examples):
    sizes = rng.integers(1, 4, size=rng.integers(2, 5))
    domains = [tuple(f"v{i}{j}" for j in range(k)) for i, k in enumerate(sizes)]
    X = [tuple(d[rng.integers(len(d))] for d in domains) for _ in range(n_examples)]
    if rng.random() < 0.5:  # labels from a random conjunction: the version space is non-empty
        target = tuple(ANY if rng.random() < 0.5 else d[rng.integers(len(d))] for d in domains)
        y = [matches(target, x) for x in X]
    else:  # arbitrary labels: the version space may be empty
        y = [bool(b) for b in rng.integers(0, 2, size=n_examples)]
    return X, y, domains


# --- Find-S --------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["find-s", "candidate-elimination"])
def test_find_s_reproduces_the_note(variant):
    X, y, _, _ = enjoy_sport(variant)
    result = find_s(X, y)
    assert list(result.trace) == NOTE_FIND_S_TRACE
    assert result.hypothesis == NOTE_FIND_S_TRACE[-1]
    assert result.consistent


def test_find_s_is_the_most_specific_consistent_hypothesis():
    rng = np.random.default_rng(0)
    for _ in range(40):
        X, y, domains = _random_problem(rng, 6)
        h = find_s(X, y).hypothesis
        positives = [x for x, p in zip(X, y) if p]
        assert all(matches(h, x) for x in positives)
        # every hypothesis accepting all positives is at least as general as h
        for g in enumerate_hypotheses(domains):
            if all(matches(g, x) for x in positives):
                assert more_general_or_equal(g, h)


def test_find_s_flags_inconsistency():
    X = [("a", "x"), ("a", "y"), ("a", "z")]
    result = find_s(X, [True, False, True])
    assert result.hypothesis == ("a", ANY)
    assert not result.consistent  # it accepts the negative ('a', 'y')


def test_find_s_without_positives_stays_empty():
    result = find_s([("a", "x")], [False])
    assert result.hypothesis == (EMPTY, EMPTY) and result.consistent


# --- the generality order ------------------------------------------------------------


def test_more_general_or_equal_equals_set_inclusion():
    domains = [("a", "b", "c"), ("x", "y")]
    space = _all_syntactic(domains)
    for h1, h2 in itertools.product(space, repeat=2):
        assert more_general_or_equal(h1, h2) == _slow_more_general(h1, h2, domains)


# --- candidate elimination ------------------------------------------------------------


def test_candidate_elimination_reproduces_the_note():
    X, y, _, domains = enjoy_sport()
    vs = candidate_elimination(X, y, domains=domains)
    S_trace = [S for S, _ in vs.trace]
    G_trace = [G for _, G in vs.trace]
    assert S_trace == [
        [NOTE_FIND_S_TRACE[0]],
        [NOTE_FIND_S_TRACE[1]],
        [NOTE_FIND_S_TRACE[1]],
        [NOTE_FIND_S_TRACE[3]],
    ]
    assert G_trace[0] == G_trace[1] == [(ANY,) * 6]
    assert set(G_trace[2]) == set(NOTE_G_AFTER_X3)
    assert set(vs.G) == set(NOTE_G_AFTER_X3[:2])
    assert set(vs.members) == NOTE_VERSION_SPACE and len(vs.members) == 6


def test_candidate_elimination_equals_list_then_eliminate():
    rng = np.random.default_rng(1)
    empty = 0
    for _ in range(150):
        X, y, domains = _random_problem(rng, int(rng.integers(1, 7)))
        vs = candidate_elimination(X, y, domains=domains)
        brute = list_then_eliminate(X, y, domains=domains)
        assert vs.members == brute
        empty += not brute
        # the boundary sets are the minimal and maximal elements of the version space
        minimal = [
            h for h in brute if not any(o != h and more_general_or_equal(h, o) for o in brute)
        ]
        maximal = [
            h for h in brute if not any(o != h and more_general_or_equal(o, h) for o in brute)
        ]
        instances = list(itertools.product(*domains))
        assert {_extension(h, instances) for h in vs.S} == {
            _extension(h, instances) for h in minimal
        }
        assert {_extension(h, instances) for h in vs.G} == {
            _extension(h, instances) for h in maximal
        }
    assert 0 < empty < 150  # both kinds of problem were exercised


def test_version_space_vote():
    X, y, _, domains = enjoy_sport()
    vs = candidate_elimination(X, y, domains=domains)
    assert vs.vote(("Sunny", "Warm", "Normal", "Strong", "Cool", "Change")) == 1.0
    assert vs.vote(("Rainy", "Cold", "Normal", "Weak", "Warm", "Same")) == 0.0
    assert vs.vote(("Sunny", "Warm", "Normal", "Weak", "Warm", "Same")) == 0.5


def test_inconsistent_data_empty_version_space():
    vs = candidate_elimination([("a", "x"), ("a", "x")], [True, False])
    assert vs.members == [] and (vs.S == [] or vs.G == [])
    with pytest.raises(ValueError, match="empty"):
        vs.vote(("a", "x"))


def test_domains_default_to_values_seen():
    X, y, _, _ = enjoy_sport()
    seen = tuple(tuple(dict.fromkeys(column)) for column in zip(*X))
    assert candidate_elimination(X, y) == candidate_elimination(X, y, domains=seen)
    # Wind only takes 'Strong' in these examples, so 'Strong' and '?' are the same
    # constraint and the version space shrinks to the three hypotheses without it
    assert len(candidate_elimination(X, y).members) == 3


# --- sizes of the spaces -------------------------------------------------------------


def test_hypothesis_space_size_of_the_note():
    size = hypothesis_space_size([3, 2, 2, 2, 2, 2])
    assert (size.instances, size.syntactic, size.semantic) == (96, 5120, 973)
    assert size.unbiased == 2**96 and isinstance(size.unbiased, int)


@pytest.mark.parametrize("sizes", [[3, 2, 2, 2, 2, 2], [1], [2, 3], [4, 1, 2]])
def test_semantic_count_by_brute_force(sizes):
    """Enumerate every syntactic hypothesis and count the distinct sets it accepts."""
    domains = [tuple(range(k)) for k in sizes]
    instances = list(itertools.product(*domains))
    space = _all_syntactic(domains)
    size = hypothesis_space_size(sizes)
    assert len(space) == size.syntactic and len(instances) == size.instances
    assert len({_extension(h, instances) for h in space}) == size.semantic
    assert len(enumerate_hypotheses(domains)) == size.semantic
    assert size.unbiased == 2 ** len(instances)
    if len(instances) <= 4:  # every subset of instances, listed
        subsets = {
            frozenset(c)
            for r in range(len(instances) + 1)
            for c in itertools.combinations(range(len(instances)), r)
        }
        assert len(subsets) == size.unbiased
    assert size.semantic < size.unbiased or len(instances) <= 2  # the conjunctive bias


def test_unbiased_space_grows_much_faster():
    size = hypothesis_space_size([3, 2, 2, 2, 2, 2])
    assert math.log2(size.unbiased) == 96 and size.semantic < 2**10


# --- bad input -----------------------------------------------------------------------

CASES = [
    (find_s, ([], []), {}, ValueError, "at least one instance"),
    (find_s, ("abc", [True]), {}, TypeError, "X"),
    (find_s, ([("a", "b"), ("a",)], [True, False]), {}, ValueError, "X\\[1\\]"),
    (find_s, ([("a",)], [True, False]), {}, ValueError, "y has 2"),
    (find_s, ([("a",)], ["yes"]), {}, ValueError, "y\\[0\\]"),
    (find_s, ([()], [True]), {}, ValueError, "attribute"),
    (candidate_elimination, ([("a",)], [2]), {}, ValueError, "y\\[0\\]"),
    (candidate_elimination, ([("a", "x")], [True]), {"domains": [("a",)]}, ValueError, "domains"),
    (
        candidate_elimination,
        ([("a", "x")], [True]),
        {"domains": [("a",), ("y",)]},
        ValueError,
        "domains\\[1\\]",
    ),
    (
        list_then_eliminate,
        ([("a",)], [True]),
        {"domains": [()]},
        ValueError,
        r"domains\[0\] must be a non-empty sequence",
    ),
    (enumerate_hypotheses, ([],), {}, ValueError, "at least one attribute"),
    (hypothesis_space_size, ([3, 0],), {}, ValueError, "domain_sizes\\[1\\]"),
    (hypothesis_space_size, ([3, 2.5],), {}, TypeError, "domain_sizes\\[1\\]"),
    (hypothesis_space_size, (5,), {}, TypeError, "domain_sizes"),
    (enjoy_sport, ("mitchell",), {}, ValueError, "variant"),
    (matches, (("a",), ("a",)), {}, None, None),
    (more_general_or_equal, (("a",), ("a",)), {}, None, None),
]


@pytest.mark.parametrize("func, args, kwargs, exc, word", CASES)
def test_bad_input(func, args, kwargs, exc, word):
    # exc None: plain predicates on hypotheses, no validation by design (hot path)
    assert_rejects(exc, word, func, *args, **kwargs)


def test_matches_and_generality_check_their_inputs():
    with pytest.raises(ValueError, match="x has 3 entries but h has 2"):
        matches(("Sunny", "?"), ("Sunny", "Warm", "High"))
    with pytest.raises(TypeError, match="h must be a tuple of attribute values"):
        matches("Sunny", ("Sunny",))
    with pytest.raises(TypeError, match="x must be a tuple of attribute values"):
        matches(("?",), None)
    with pytest.raises(
        ValueError, match="h must be a tuple of attribute values with at least one attribute"
    ):
        matches((), ())
    with pytest.raises(ValueError, match="x must be an instance"):
        matches(("?", "?"), ("Sunny", "?"))
    with pytest.raises(TypeError, match="hashable"):
        matches((["Sunny"],), ("Sunny",))
    with pytest.raises(ValueError, match="h2 has 1 entries but h1 has 2"):
        more_general_or_equal(("?", "?"), ("Sunny",))
    assert matches(["Sunny", "?"], np.array(["Sunny", "Warm"], dtype=object))
