r"""Concept learning over conjunctive hypotheses: Find-S, list-then-eliminate, candidate
elimination and the size of the hypothesis space (概念学习; chapter "Concept and tree learning"; Mitchell 1997, ch. 2).

An instance is a tuple of attribute values. A hypothesis is a tuple of constraints, one
per attribute: a value (the attribute must equal it), ``ANY = "?"`` (any value) or
``EMPTY = "∅"`` (no value; the course notes write ``$``). It classifies an instance as positive
when every constraint is met, so a hypothesis containing ``∅`` is positive on nothing.

``h1`` is *more general than or equal to* ``h2`` when every instance ``h2`` accepts is also
accepted by ``h1``. Every function here orders hypotheses by that relation.

Errata of the course notes shown by this module's tests (``tests/test_errata_concept.py``):

* Find-S must replace a violated constraint by the *next more general* constraint the
  positive example satisfies (its value if the constraint was ``∅``, else ``?``), not by
  "the most general constraint it satisfies", which is always ``?`` and returns the
  all-``?`` hypothesis after the first positive example (it then accepts the negatives).
* With attribute domains of sizes 3, 2, 2, 2, 2, 2 there are 96 *instances* and
  :math:`2^{96}` *concepts* (subsets of instances) in the unbiased space, not
  :math:`2^{96}` instances.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._results import Result
from ._validation import check_bool, check_same_length, check_scalar, fail

__all__ = [
    "ANY",
    "EMPTY",
    "CandidateElimination",
    "FindSResult",
    "HypothesisSpaceSize",
    "candidate_elimination",
    "enumerate_hypotheses",
    "find_s",
    "hypothesis_space_size",
    "list_then_eliminate",
    "matches",
    "more_general_or_equal",
]

#: The constraint met by every value of an attribute.
ANY = "?"
#: The constraint met by no value (the course notes write ``$``).
EMPTY = "∅"


@dataclass(frozen=True, repr=False)
class FindSResult(Result):
    """The maximally specific hypothesis found by Find-S.

    Attributes
    ----------
    hypothesis : tuple
        One constraint per attribute: a value, ``"?"`` or ``"∅"``.
    trace : tuple of tuple
        ``trace[i]`` is the hypothesis after example ``i``.
    consistent : bool
        Whether the hypothesis rejects every negative example (Find-S never looks at them).
    """

    hypothesis: tuple
    trace: tuple
    consistent: bool


@dataclass(frozen=True, repr=False)
class CandidateElimination(Result):
    """A version space held by its boundaries ``S`` (most specific) and ``G`` (most general).

    Attributes
    ----------
    S : list of tuple
        The specific boundary: the minimal (most specific) consistent hypotheses.
    G : list of tuple
        The general boundary: the maximal (most general) consistent hypotheses.
    members : list of tuple
        Every hypothesis of the version space, from the most specific to the most general
        (by the number of ``"?"``, then lexicographically); empty if no hypothesis fits.
    trace : tuple
        ``trace[i]`` is ``(S, G)`` after example ``i``.
    """

    S: list
    G: list
    members: list
    trace: tuple

    def vote(self, x: Sequence) -> float:
        """Fraction of the version space that classifies instance ``x`` as positive: 1 or 0
        when the members agree, in between when the data do not settle ``x``.

        Parameters
        ----------
        x : sequence
            An instance, one value per attribute.

        Returns
        -------
        float
            In [0, 1].

        Raises
        ------
        ValueError
            If the version space is empty.
        """
        x = _as_conjunction("x", x)
        if not self.members:
            raise ValueError("the version space is empty: no hypothesis fits the data.")
        return sum(matches(h, x) for h in self.members) / len(self.members)


@dataclass(frozen=True, repr=False)
class HypothesisSpaceSize(Result):
    r"""Sizes of the instance space and of three hypothesis spaces (Python ints, exact).

    Attributes
    ----------
    instances : int
        :math:`\prod_i k_i`, the instances.
    syntactic : int
        Every tuple of constraints (value, ``?`` or ``∅`` per attribute),
        :math:`\prod_i (k_i + 2)`.
    semantic : int
        Distinct concepts among them (every tuple with a ``∅`` is the empty concept),
        :math:`1 + \prod_i (k_i + 1)` over attributes with :math:`k_i \ge 2`.
    unbiased : int
        Every subset of instances, :math:`2^{\prod_i k_i}`.
    """

    instances: int
    syntactic: int
    semantic: int
    unbiased: int


def _is_nan(value) -> bool:
    return isinstance(value, (float, complex, np.floating, np.complexfloating)) and value != value


def _check_values(name, values, expected):
    """Attribute values: hashable, and not NaN (NaN is not equal to itself, so a hypothesis
    holding it would reject the very instance it was generalised from)."""
    for v in values:
        try:
            hash(v)
        except TypeError:
            raise fail(name, f"{expected} (hashable values)", v, error=TypeError) from None
        if _is_nan(v):
            raise fail(
                name,
                f"{expected} without NaN",
                list(values),
                hint="NaN is not equal to itself, so it cannot be matched: encode a missing "
                "value as a value of its own (e.g. 'missing').",
            )


def _as_conjunction(name, value):
    """A hypothesis or instance: a non-empty tuple/list of hashable attribute values
    (NaN refused)."""
    expected = "a tuple of attribute values"
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise fail(name, expected, value, error=TypeError)
    out = tuple(value.tolist() if hasattr(value, "tolist") else value)
    if not out:
        raise fail(name, f"{expected} with at least one attribute", "an empty tuple", echo=False)
    _check_values(name, out, expected)
    return out


def matches(h: tuple, x: tuple) -> bool:
    """True when hypothesis ``h`` classifies instance ``x`` as positive.

    ``h`` and ``x`` are tuples over the same attributes; ``h`` may hold ``"?"`` (any value)
    and ``"∅"`` (no value), ``x`` holds values only.

    Parameters
    ----------
    h : tuple
        A hypothesis: one constraint per attribute (hashable values, ``"?"`` or ``"∅"``).
    x : tuple
        An instance of the same length (``"?"`` and ``"∅"`` are refused).

    Returns
    -------
    bool
        True when every constraint is ``"?"`` or equals the instance's value.

    Examples
    --------
    >>> from patterneval.concept import matches
    >>> matches(("Sunny", "?"), ("Sunny", "Warm")), matches(("∅", "?"), ("Sunny", "Warm"))
    (True, False)
    """
    h = _as_conjunction("h", h)
    x = _as_conjunction("x", x)
    check_same_length("h", h, "x", x)
    special = [v for v in x if isinstance(v, str) and v in (ANY, EMPTY)]
    if special:
        raise fail(
            "x",
            "an instance (attribute values only)",
            special[0],
            hint=f"Only a hypothesis may hold {ANY!r} or {EMPTY!r}.",
        )
    return all(c == ANY or c == v for c, v in zip(h, x))


def more_general_or_equal(h1: tuple, h2: tuple) -> bool:
    """True when every instance accepted by ``h2`` is accepted by ``h1`` (h1 >=_g h2).

    A hypothesis holding ``∅`` accepts nothing, so it is below every hypothesis. The
    relation is a partial order on the semantically distinct hypotheses. O(d).

    Parameters
    ----------
    h1, h2 : tuple
        Hypotheses over the same attributes (values, ``"?"`` or ``"∅"``).

    Returns
    -------
    bool

    Examples
    --------
    >>> from patterneval.concept import more_general_or_equal
    >>> more_general_or_equal(("Sunny", "?"), ("Sunny", "Warm"))
    True
    >>> more_general_or_equal(("Sunny", "Warm"), ("Sunny", "?"))
    False
    """
    h1 = _as_conjunction("h1", h1)
    h2 = _as_conjunction("h2", h2)
    check_same_length("h1", h1, "h2", h2)
    if EMPTY in h2:  # h2 accepts nothing
        return True
    if EMPTY in h1:
        return False
    return all(a == ANY or a == b for a, b in zip(h1, h2))


def _generalize(h, x):
    """The minimal generalisation of ``h`` that accepts ``x`` (unique for conjunctions)."""
    return tuple(v if c == EMPTY else (c if c in (ANY, v) else ANY) for c, v in zip(h, x))


def _specializations(g, x, domains):
    """The minimal specialisations of ``g`` that reject ``x``: fix one ``?`` to a value
    other than the instance's; the empty hypothesis when no attribute has another value."""
    out = []
    for i, c in enumerate(g):
        if c == ANY:
            out.extend(g[:i] + (v,) + g[i + 1 :] for v in domains[i] if v != x[i])
    return out or [(EMPTY,) * len(g)]


def find_s(X: ArrayLike, y: ArrayLike) -> FindSResult:
    r"""Find-S: the most specific conjunctive hypothesis accepting every positive example.

    Start from :math:`h = \langle\varnothing, \dots, \varnothing\rangle`; for each positive
    example, replace every constraint it violates by the next more general constraint it
    satisfies (``∅`` becomes the example's value, a different value becomes ``?``).
    Negative examples are ignored. Runs in :math:`O(n d)`.

    Parameters
    ----------
    X : sequence of tuple
        Instances: a non-empty sequence of equal-length tuples of hashable attribute values
        (no NaN: it is not equal to itself, so no hypothesis could match it; encode a
        missing value as a value of its own).
    y : sequence of bool
        One label per instance, True (or 1) for a positive example.

    Returns
    -------
    FindSResult
        ``hypothesis``, the ``trace`` after each example, and whether the hypothesis is
        ``consistent`` with the negative examples.

    References
    ----------
    T. M. Mitchell, *Machine Learning*, McGraw-Hill, 1997, section 2.4.

    Examples
    --------
    >>> from patterneval.book.tree_learning import enjoy_sport
    >>> from patterneval.concept import find_s
    >>> X, y, names, domains = enjoy_sport("find-s")
    >>> find_s(X, y).hypothesis
    ('Sunny', 'Warm', '?', 'Strong', '?', '?')
    """
    X, y = check_concept_data(X, y)
    h = (EMPTY,) * len(X[0])
    trace = []
    for x, positive in zip(X, y):
        if positive:
            h = _generalize(h, x)
        trace.append(h)
    consistent = not any(matches(h, x) for x, positive in zip(X, y) if not positive)
    return FindSResult(h, tuple(trace), consistent)


def _domains_for(X, domains):
    if domains is None:  # the values seen, in order of first appearance
        return tuple(tuple(dict.fromkeys(column)) for column in zip(*X))
    domains = check_domains(domains, n_attributes=len(X[0]))
    for i, column in enumerate(zip(*X)):
        unknown = set(column) - set(domains[i])
        if unknown:
            raise ValueError(
                f"domains[{i}] does not contain the value(s) {sorted(map(str, unknown))} "
                f"seen in attribute {i} of X."
            )
    return domains


def _keep_maximal(hypotheses):
    """Drop every hypothesis strictly less general than another one (and duplicates)."""
    unique = list(dict.fromkeys(hypotheses))
    return [h for h in unique if not any(o != h and more_general_or_equal(o, h) for o in unique)]


def _keep_minimal(hypotheses):
    unique = list(dict.fromkeys(hypotheses))
    return [h for h in unique if not any(o != h and more_general_or_equal(h, o) for o in unique)]


def candidate_elimination(
    X: ArrayLike,
    y: ArrayLike,
    *,
    domains: Sequence[Sequence] | None = None,
) -> CandidateElimination:
    r"""Candidate elimination: the version space of conjunctive hypotheses consistent with
    the examples, kept as its specific boundary S and general boundary G.

    A positive example removes from G every hypothesis rejecting it and generalises each
    member of S that rejects it minimally, keeping a generalisation only if some member of
    G is more general; S is then reduced to its minimal elements. A negative example
    removes from S every hypothesis accepting it and specialises each member of G that
    accepts it minimally (one ``?`` fixed to another value), keeping a specialisation only
    if it is more general than some member of S; G is then reduced to its maximal elements.
    The version space is every hypothesis between a member of S and a member of G.

    Parameters
    ----------
    X, y
        As in :func:`find_s`.
    domains : sequence of sequences, optional, keyword-only
        The values each attribute can take (needed to specialise G). Default: the values
        seen in ``X``.

    Returns
    -------
    CandidateElimination
        ``S``, ``G``, every ``member`` of the version space and the ``trace`` of (S, G).

    References
    ----------
    T. M. Mitchell, "Generalization as search", *Artificial Intelligence* 18 (1982),
    203--226, doi:10.1016/0004-3702(82)90040-6.

    Examples
    --------
    >>> from patterneval.book.tree_learning import enjoy_sport
    >>> from patterneval.concept import candidate_elimination
    >>> X, y, names, domains = enjoy_sport()
    >>> vs = candidate_elimination(X, y, domains=domains)
    >>> vs.S
    [('Sunny', 'Warm', '?', 'Strong', '?', '?')]
    >>> vs.G
    [('Sunny', '?', '?', '?', '?', '?'), ('?', 'Warm', '?', '?', '?', '?')]
    >>> len(vs.members)
    6
    """
    X, y = check_concept_data(X, y)
    domains = _domains_for(X, domains)
    d = len(X[0])
    S, G = [(EMPTY,) * d], [(ANY,) * d]
    trace = []
    for x, positive in zip(X, y):
        if positive:
            G = [g for g in G if matches(g, x)]
            new_S = []
            for s in S:
                if matches(s, x):
                    new_S.append(s)
                    continue
                h = _generalize(s, x)
                if any(more_general_or_equal(g, h) for g in G):
                    new_S.append(h)
            S = _keep_minimal(new_S)
        else:
            S = [s for s in S if not matches(s, x)]
            new_G = []
            for g in G:
                if not matches(g, x):
                    new_G.append(g)
                    continue
                new_G.extend(
                    h
                    for h in _specializations(g, x, domains)
                    if any(more_general_or_equal(h, s) for s in S)
                )
            G = _keep_maximal(new_G)
        trace.append((list(S), list(G)))
    members = _members(S, G, domains)
    return CandidateElimination(S, G, members, tuple(trace))


def _members(S, G, domains):
    """Every hypothesis h with s <=_g h <=_g g for some s in S and g in G."""
    if not S or not G:
        return []
    found = []
    for s in S:
        if EMPTY in s:  # nothing positive seen yet: everything below G qualifies
            candidates = enumerate_hypotheses(domains)
        else:  # the hypotheses above s: relax any subset of its constraints to '?'
            fixed = [i for i, c in enumerate(s) if c != ANY]
            candidates = []
            for r in range(len(fixed) + 1):
                for relax in itertools.combinations(fixed, r):
                    candidates.append(tuple(ANY if i in relax else c for i, c in enumerate(s)))
        found.extend(
            h
            for h in candidates
            if more_general_or_equal(h, s) and any(more_general_or_equal(g, h) for g in G)
        )
    # a value of a one-value attribute accepts what '?' accepts: keep one spelling
    found = [
        tuple(ANY if c != EMPTY and len(dom) == 1 else c for c, dom in zip(h, domains))
        for h in found
    ]
    found = list(dict.fromkeys(found))
    # most specific first: by the number of '?' constraints, then lexicographically
    return sorted(found, key=lambda h: (EMPTY not in h, h.count(ANY), h))


def enumerate_hypotheses(domains: Sequence[Sequence], *, include_empty: bool = True) -> list:
    """Every semantically distinct conjunctive hypothesis over ``domains``: each attribute
    a value or ``?``, plus (optionally) the single empty hypothesis ``<∅, ..., ∅>``.

    There are :math:`1 + \\prod_i (k_i + 1)` of them when every :math:`k_i \\ge 2`; see
    :func:`hypothesis_space_size`.

    Parameters
    ----------
    domains : sequence of sequences
        The values of each attribute (one non-empty sequence per attribute). A one-value
        attribute contributes only ``"?"`` (its value accepts the same instances).
    include_empty : bool, default True, keyword-only
        Put the empty hypothesis first.

    Returns
    -------
    list of tuple
        The empty hypothesis (if included), then the product of ``("?",) + domain`` over
        the attributes, in that order.

    Examples
    --------
    >>> from patterneval.concept import enumerate_hypotheses
    >>> len(enumerate_hypotheses([("a", "b"), ("x", "y", "z")]))
    13
    """
    domains = check_domains(domains)
    out = [(EMPTY,) * len(domains)] if check_bool("include_empty", include_empty) else []
    # a one-value attribute: its value and '?' accept the same instances, keep '?'
    out.extend(itertools.product(*[(ANY,) + (d if len(d) > 1 else ()) for d in domains]))
    return out


def list_then_eliminate(
    X: ArrayLike, y: ArrayLike, *, domains: Sequence[Sequence] | None = None
) -> list:
    """The version space by brute force: enumerate every semantically distinct hypothesis
    and keep those that classify every example correctly (列表消除算法).

    Exponential in the number of attributes; :func:`candidate_elimination` reaches the
    same set through its boundaries.

    Parameters
    ----------
    X, y
        As in :func:`find_s`.
    domains : sequence of sequences, optional, keyword-only
        The values each attribute can take (must contain the values seen in ``X``).
        Default: the values seen in ``X``.

    Returns
    -------
    list of tuple
        The consistent hypotheses, most specific first (as ``CandidateElimination.members``).

    Examples
    --------
    >>> from patterneval.book.tree_learning import enjoy_sport
    >>> from patterneval.concept import list_then_eliminate
    >>> X, y, names, domains = enjoy_sport()
    >>> len(list_then_eliminate(X, y, domains=domains))
    6
    """
    X, y = check_concept_data(X, y)
    domains = _domains_for(X, domains)
    consistent = [
        h
        for h in enumerate_hypotheses(domains)
        if all(matches(h, x) == positive for x, positive in zip(X, y))
    ]
    return sorted(consistent, key=lambda h: (EMPTY not in h, h.count(ANY), h))


def hypothesis_space_size(domain_sizes: Sequence[int]) -> HypothesisSpaceSize:
    r"""Sizes of the instance space and the conjunctive and unbiased hypothesis spaces.

    With :math:`k_i` values for attribute :math:`i`:
    instances :math:`\prod_i k_i`; syntactically distinct conjunctions
    :math:`\prod_i (k_i + 2)`; semantically distinct ones :math:`1 + \prod_i (k_i + 1)`
    (all tuples containing ``∅`` are the same empty concept); and the unbiased space,
    every subset of instances, :math:`2^{\prod_i k_i}`. An attribute with a single value
    contributes a factor 1, not 2, to the semantic count (its value and ``?`` accept the
    same instances).

    Parameters
    ----------
    domain_sizes : sequence of int >= 1
        :math:`k_i`, the number of values of each attribute (at least one attribute).

    Returns
    -------
    HypothesisSpaceSize
        Exact Python ints (the unbiased count can be astronomically large).

    Examples
    --------
    >>> from patterneval.concept import hypothesis_space_size
    >>> size = hypothesis_space_size([3, 2, 2, 2, 2, 2])
    >>> size.instances, size.syntactic, size.semantic, size.unbiased == 2**96
    (96, 5120, 973, True)
    """
    sizes = check_domain_sizes(domain_sizes)
    instances = math.prod(sizes)
    return HypothesisSpaceSize(
        instances=instances,
        syntactic=math.prod(k + 2 for k in sizes),
        semantic=1 + math.prod(k + 1 if k > 1 else 1 for k in sizes),
        unbiased=2**instances,
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def _is_sequence(value) -> bool:
    return not isinstance(value, (str, bytes)) and hasattr(value, "__iter__")


def check_concept_data(X, y):
    """Instances for concept learning: a non-empty sequence of equal-length tuples of
    hashable values, and one boolean label (True/False or 1/0) per instance."""
    if not _is_sequence(X):
        raise fail("X", "a sequence of instances (tuples)", X, error=TypeError)
    rows = []
    for i, x in enumerate(X):
        if not _is_sequence(x):
            raise fail(f"X[{i}]", "an instance (a tuple of attribute values)", x, error=TypeError)
        rows.append(tuple(x.tolist() if hasattr(x, "tolist") else x))
    if not rows or not rows[0]:
        raise fail(
            "X",
            "a sequence of at least one instance with at least one attribute",
            "none" if not rows else "empty tuples",
            echo=False,
        )
    d = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != d:
            raise fail(
                f"X[{i}]",
                f"an instance of {d} attributes (like X[0])",
                f"{len(row)} attributes",
                echo=False,
            )
        _check_values(f"X[{i}]", row, "an instance of attribute values")
        special = [v for v in row if isinstance(v, str) and v in (ANY, EMPTY)]
        if special:
            raise fail(
                f"X[{i}]",
                "an instance (attribute values only)",
                special[0],
                hint=f"Only a hypothesis may hold {ANY!r} or {EMPTY!r}.",
            )
    if y is None or np.isscalar(y) or not _is_sequence(y):
        raise fail("y", "a sequence of booleans, one per instance", y, error=TypeError)
    labels = list(y)
    check_same_length("X", rows, "y", labels)
    for i, label in enumerate(labels):
        if not (
            isinstance(label, (bool, np.bool_))
            or (isinstance(label, numbers.Integral) and label in (0, 1))
        ):
            raise fail(f"y[{i}]", "a boolean (True = positive example) or 0/1", label)
    return rows, [bool(label) for label in labels]


def check_domain_sizes(domain_sizes) -> list:
    """Attribute domain sizes: a non-empty sequence of integers >= 1, one per attribute."""
    if not _is_sequence(domain_sizes):
        raise fail("domain_sizes", "a sequence of integers >= 1", domain_sizes, error=TypeError)
    sizes = [check_scalar(f"domain_sizes[{i}]", k, int, low=1) for i, k in enumerate(domain_sizes)]
    if not sizes:
        raise fail("domain_sizes", "a sequence of at least one attribute's size", [])
    return sizes


def check_domains(domains, *, n_attributes=None) -> tuple:
    """Attribute domains: a sequence with one non-empty sequence of values per attribute
    (``n_attributes`` of them when given). Returns a tuple of tuples."""
    if not _is_sequence(domains):
        raise fail(
            "domains", "a sequence of value sequences, one per attribute", domains, error=TypeError
        )
    out = []
    for i, values in enumerate(domains):
        if not hasattr(values, "__iter__"):
            raise fail(f"domains[{i}]", "a sequence of values", values, error=TypeError)
        out.append(tuple(values))
        _check_values(f"domains[{i}]", out[-1], "a sequence of values")
        if not out[-1]:
            raise fail(
                f"domains[{i}]",
                "a non-empty sequence of values (every attribute needs one)",
                "an empty sequence",
                echo=False,
            )
    if not out or (n_attributes is not None and len(out) != n_attributes):
        many = (
            "at least one attribute" if n_attributes is None else f"the {n_attributes} attributes"
        )
        raise fail(
            "domains",
            f"a sequence of domains, one for each of {many}",
            f"{len(out)} domains",
            echo=False,
        )
    return tuple(out)
