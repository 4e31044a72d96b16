"""Pairwise diversity measures, the kappa-error diagram and the error-ambiguity
decomposition (patterneval.ensemble.diversity)."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import assert_rejects, assert_table_applies
from sklearn.metrics import cohen_kappa_score, matthews_corrcoef

import patterneval.book.diversity as BD
import patterneval.ensemble.diversity as D
from patterneval.ensemble.diversity import (
    correlation,
    disagreement,
    error_ambiguity,
    kappa,
    kappa_error,
    pair_table,
    pairwise_diversity,
    q_statistic,
)

RNG = np.random.default_rng(20260522)


def _pm(n, p=0.5, rng=RNG):
    return np.where(rng.random(n) < p, 1, -1)


# ------------------------------------------------------------------ the table
def test_table_cells_follow_note_004_layout():
    # c: h_i predicts negative, h_j positive (note 004)
    t = pair_table([1, 1, 1, -1, -1, -1, -1], [1, 1, -1, 1, 1, -1, 1])
    assert (t.a, t.b, t.c, t.d, t.m) == (2, 1, 3, 1, 7)
    # 0/1 and bool codings give the same table
    assert (
        pair_table([1, 0, 1], [1, 1, 0])
        == pair_table([True, False, True], [1, 1, 0])
        == pair_table([1, -1, 1], [1, 1, -1])
    )


def test_hand_case_all_measures():
    h1, h2 = [1, 1, -1, -1, 1], [1, -1, 1, -1, 1]  # a=2, b=1, c=1, d=1, m=5
    assert disagreement(h1, h2) == 2 / 5
    assert q_statistic(h1, h2) == (2 - 1) / (2 + 1)
    assert correlation(h1, h2) == pytest.approx((2 - 1) / np.sqrt(3 * 3 * 2 * 2), abs=1e-15)
    p1, p2 = 3 / 5, (3 * 3 + 2 * 2) / 25
    assert kappa(h1, h2) == pytest.approx((p1 - p2) / (1 - p2), abs=1e-15)


def test_q_hand_cases_and_relation_to_table():
    # one empty cell with ad > 0 -> Q = +1 whatever the rest
    assert q_statistic([1, 1, -1, 1], [1, 1, -1, -1]) == 1.0  # a=2, b=1, c=0, d=1
    # a = 0 with bc > 0 -> Q = -1
    assert q_statistic([1, -1, -1], [-1, 1, -1]) == -1.0
    # independent margins (ad = bc) -> Q = 0 and rho = 0
    h1, h2 = [1, 1, -1, -1], [1, -1, 1, -1]
    assert q_statistic(h1, h2) == 0.0 and correlation(h1, h2) == 0.0
    # undefined: ad + bc = 0
    with pytest.raises(ValueError, match=r"q_statistic is undefined \(0/0\).*ad \+ bc = 0"):
        q_statistic([1, 1], [1, 1])
    # Q is the table's (ad - bc) / (ad + bc), same sign as rho and |Q| >= |rho|
    for _ in range(50):
        h1, h2 = _pm(40), _pm(40, 0.6)
        t = pair_table(h1, h2)
        q, r = q_statistic(h1, h2), correlation(h1, h2)
        if t.a * t.d + t.b * t.c:
            assert q == pytest.approx((t.a * t.d - t.b * t.c) / (t.a * t.d + t.b * t.c), abs=1e-15)
            assert np.sign(q) == np.sign(r) and abs(q) >= abs(r) - 1e-12


def test_labels_swapped_in_both_change_nothing():
    h1, h2 = _pm(60), _pm(60)
    for f in (disagreement, correlation, q_statistic, kappa):
        assert f(h1, h2) == pytest.approx(f(-h1, -h2), abs=1e-15)


def test_kappa_equals_sklearn():
    # scikit-learn 1.x sklearn.metrics.cohen_kappa_score
    for _ in range(20):
        h1, h2 = _pm(50, 0.3), _pm(50, 0.6)
        assert kappa(h1, h2) == pytest.approx(cohen_kappa_score(h1, h2), abs=1e-12)
        m1, m2 = RNG.integers(0, 4, 50), RNG.integers(0, 3, 50)  # multiclass, unequal label sets
        assert kappa(m1, m2) == pytest.approx(cohen_kappa_score(m1, m2), abs=1e-12)
    with pytest.raises(ValueError, match=r"kappa is undefined \(0/0\).*same single class"):
        kappa([1, 1, 1], [1, 1, 1])


def test_correlation_equals_matthews():
    # scikit-learn 1.x sklearn.metrics.matthews_corrcoef (Pearson on the +-1 vectors)
    for _ in range(20):
        h1, h2 = _pm(50, 0.3), _pm(50, 0.6)
        assert correlation(h1, h2) == pytest.approx(matthews_corrcoef(h1, h2), abs=1e-12)
        assert correlation(h1, h2) == pytest.approx(np.corrcoef(h1, h2)[0, 1], abs=1e-12)
    with pytest.raises(ValueError, match=r"correlation is undefined \(0/0\).*h1 or h2 is constant"):
        correlation([1, 1, 1], [1, -1, 1])  # sklearn returns 0.0 here
    with pytest.raises(ValueError, match=r"correlation is undefined"):
        correlation([1, -1, 1], [1, -1, -1], y=[1, -1, 1])  # h1 always right


def test_oracle_table_kuncheva():
    y = np.array([1, 1, -1, -1, 1, -1])
    h1 = np.array([1, -1, -1, 1, 1, -1])
    h2 = np.array([1, 1, 1, -1, -1, -1])
    c1, c2 = h1 == y, h2 == y
    t = pair_table(h1, h2, y)
    assert (t.a, t.b, t.c, t.d) == (
        int(np.sum(c1 & c2)),
        int(np.sum(c1 & ~c2)),
        int(np.sum(~c1 & c2)),
        int(np.sum(~c1 & ~c2)),
    )
    # disagreement is the same with or without y for binary problems
    for _ in range(20):
        y, h1, h2 = _pm(30), _pm(30), _pm(30)
        assert disagreement(h1, h2, y) == disagreement(h1, h2)
    # multiclass is fine with y
    # correct: h1 T T T F, h2 T F T F -> a=2, b=1, c=0, d=1 -> Q = (2 - 0) / (2 + 0)
    assert pair_table([0, 1, 2, 2], [0, 2, 2, 1], y=[0, 1, 2, 0]) == D.PairTable(2, 1, 0, 1)
    assert q_statistic([0, 1, 2, 2], [0, 2, 2, 1], y=[0, 1, 2, 0]) == 1.0


# ------------------------------------------------------------------ pairwise matrices
@pytest.mark.parametrize("measure", list(D.MEASURES))
@pytest.mark.parametrize("with_y", [False, True])
def test_pairwise_matches_slow_twin_symmetric_diagonal(measure, with_y):
    if measure == "kappa" and with_y:
        pytest.raises(ValueError, pairwise_diversity, np.ones((2, 3)), [1, 1, 1], measure="kappa")
        return
    P = np.array([_pm(80, p) for p in (0.3, 0.5, 0.5, 0.7, 0.9)])
    y = _pm(80) if with_y else None
    fast = pairwise_diversity(P, y, measure=measure)
    slow = D._pairwise_slow(P, y, measure=measure)
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(fast, fast.T)
    np.testing.assert_allclose(np.diag(fast), 0.0 if measure == "disagreement" else 1.0, atol=1e-12)


def test_pairwise_kappa_multiclass_matches_sklearn():
    P = RNG.integers(0, 3, size=(4, 60))
    K = pairwise_diversity(P, measure="kappa")
    for i in range(4):
        for j in range(4):
            assert K[i, j] == pytest.approx(cohen_kappa_score(P[i], P[j]), abs=1e-12)


def test_kappa_error_points():
    y = RNG.integers(0, 3, 70)
    P = np.where(RNG.random((4, 70)) < 0.7, y, RNG.integers(0, 3, (4, 70)))
    ke = kappa_error(P, y)
    assert ke.pairs.shape == (6, 2) and ke.kappa.shape == ke.mean_error.shape == (6,)
    for (i, j), k, e in zip(ke.pairs, ke.kappa, ke.mean_error):
        assert k == pytest.approx(cohen_kappa_score(P[i], P[j]), abs=1e-12)
        assert e == pytest.approx((np.mean(P[i] != y) + np.mean(P[j] != y)) / 2, abs=1e-15)


# ------------------------------------------------------------------ error-ambiguity
def _error_ambiguity_slow(P, y, w):
    """Per sample: A_bar(x) = sum_i w_i (h_i(x) - H(x))^2, then averaged."""
    T, m = P.shape
    E = E_bar = A_bar = 0.0
    for k in range(m):
        H = sum(w[i] * P[i, k] for i in range(T))
        E += (H - y[k]) ** 2 / m
        E_bar += sum(w[i] * (P[i, k] - y[k]) ** 2 for i in range(T)) / m
        A_bar += sum(w[i] * (P[i, k] - H) ** 2 for i in range(T)) / m
    return E, E_bar, A_bar


@pytest.mark.parametrize("seed", range(25))
def test_error_ambiguity_identity_random_ensembles(seed):
    rng = np.random.default_rng(seed)
    T, m = rng.integers(1, 12), rng.integers(1, 200)
    y = rng.normal(size=m) * rng.uniform(0.1, 100)
    P = y + rng.normal(size=(T, m)) * rng.uniform(0.01, 10, size=(T, 1)) + rng.normal(size=(T, 1))
    w = rng.dirichlet(np.full(T, 0.5))
    r = error_ambiguity(P, y, w)
    scale = max(r.E_bar, 1e-300)
    assert abs(r.E - (r.E_bar - r.A_bar)) <= 1e-12 * scale
    assert r.A_bar >= 0 and r.E <= r.E_bar * (1 + 1e-12)
    slow = _error_ambiguity_slow(P, y, w)
    np.testing.assert_allclose([r.E, r.E_bar, r.A_bar], slow, rtol=1e-10, atol=1e-12 * scale)


def test_error_ambiguity_equal_weights_default_and_fields():
    P = RNG.normal(size=(3, 10))
    y = RNG.normal(size=10)
    r = error_ambiguity(P, y)
    np.testing.assert_allclose(r.weights, 1 / 3)
    np.testing.assert_allclose(r.errors, ((P - y) ** 2).mean(axis=1))
    np.testing.assert_allclose(r.ambiguities, ((P - P.mean(axis=0)) ** 2).mean(axis=1))
    assert r.E == pytest.approx(((P.mean(axis=0) - y) ** 2).mean())
    assert "ErrorAmbiguity(E=" in repr(r)


# ------------------------------------------------------------------ bad input
GOOD_PAIR = dict(h1=[1, -1, 1], h2=[1, 1, -1])
PAIR_BAD = [
    (dict(h2=[1, -1]), ValueError, "h2 has 2 entries but h1 has 3"),
    (dict(h1=[[1, -1, 1]]), ValueError, "h1 must be a 1-d array of labels; got an array of shape"),
    (dict(h1=None), TypeError, "h1 must be a 1-d array"),
    (
        dict(h1=[], h2=[]),
        ValueError,
        "h1 must be a 1-d array of at least 1 labels; got an empty array",
    ),
    (dict(h1=[1.0, np.nan, 1.0]), ValueError, "h1 holds NaN"),
]
BINARY_BAD = [
    (
        dict(h1=[0, 1, 2]),
        ValueError,
        r"h1 must be binary predictions coded \+1/-1 \(or 0/1\); got values \[0, 1, 2\]",
    ),
    (dict(h2=[-1, 0, 1]), ValueError, "h2 must be binary predictions coded"),
    (dict(h1=["a", "b", "a"]), TypeError, "h1 must be binary predictions coded .*; got dtype"),
    (dict(y=[1, -1]), ValueError, "y has 2 entries but h1 has 3"),
]
TABLES = {
    "pair_table": PAIR_BAD + BINARY_BAD,
    "disagreement": PAIR_BAD + BINARY_BAD,
    "correlation": PAIR_BAD + BINARY_BAD,
    "q_statistic": PAIR_BAD + BINARY_BAD,
    "kappa": PAIR_BAD,
    "pairwise_diversity": [
        (
            dict(predictions=[1, -1, 1]),
            ValueError,
            r"predictions must be an array of shape \(n_members, n_samples\)",
        ),
        (
            dict(predictions=None),
            TypeError,
            "predictions must be an array with one row of outputs per member",
        ),
        (
            dict(predictions=[[1, -1, 1]]),
            ValueError,
            r"predictions must be an array with at least 2 members and one sample; got an array of shape \(1, 3\)",
        ),
        (
            dict(predictions=[[0, 1, 2], [1, 1, 0]]),
            ValueError,
            "predictions must be binary predictions coded",
        ),
        (dict(y=[1, 1]), ValueError, "y has 2 entries but predictions"),
        (dict(measure="double_fault"), ValueError, "measure must be one of"),
        (dict(measure="kappa", y=[1, 1, 1]), ValueError, "y must be None for measure='kappa'"),
    ],
    "kappa_error": [
        (
            dict(predictions=[1, 0, 1]),
            ValueError,
            r"predictions must be an array of shape \(n_members, n_samples\)",
        ),
        (dict(y=[1, 0]), ValueError, "y has 2 entries but predictions"),
        (dict(y=None), TypeError, "y must be a 1-d array"),
        (
            dict(predictions=np.zeros((2, 0))),
            ValueError,
            "predictions must be an array with at least 2 members and one sample",
        ),
    ],
    "error_ambiguity": [
        (
            dict(predictions=[1.0, 2.0]),
            ValueError,
            r"predictions must be an array of shape \(n_members, n_samples\)",
        ),
        (
            dict(predictions=[["a", "b"], ["c", "d"]]),
            TypeError,
            "predictions must be an array of real numbers",
        ),
        (dict(predictions=[[1.0, np.inf], [1.0, 2.0]]), ValueError, "NaN or infinite"),
        (dict(y=[1.0, 2.0, 3.0]), ValueError, r"y has 3 entries but predictions \(columns\) has 2"),
        (dict(y=[1.0, np.nan]), ValueError, "y holds 1 NaN or infinite values"),
        (dict(weights=[0.5, 0.6]), ValueError, "weights must be numbers >= 0 that sum to 1"),
        (dict(weights=[1.5, -0.5]), ValueError, "weights must be an array of values >= 0"),
        (dict(weights=[1.0]), ValueError, "weights has 1 entries but predictions has 2"),
        (dict(weights="ab"), TypeError, "weights must be a 1-d array of real numbers"),
    ],
    "correlated_pair": [
        (
            dict(latent_correlation=1.5),
            ValueError,
            r"latent_correlation must be a real number in \[-1, 1\]; got 1.5",
        ),
        (dict(latent_correlation="x"), TypeError, "latent_correlation must be a real number"),
        (dict(positive_rate=0.0), ValueError, r"positive_rate must be a real number in \(0, 1\)"),
        (dict(n_samples=0), ValueError, "n_samples must be an integer >= 1"),
        (dict(rng="seed"), TypeError, "rng must be None, an int seed"),
    ],
}
GOOD = {
    "pair_table": GOOD_PAIR,
    "disagreement": GOOD_PAIR,
    "correlation": GOOD_PAIR,
    "q_statistic": GOOD_PAIR,
    "kappa": GOOD_PAIR,
    "pairwise_diversity": dict(predictions=[[1, -1, 1], [1, 1, -1]]),
    "kappa_error": dict(predictions=[[1, 0, 1], [1, 1, 0]], y=[1, 0, 0]),
    "error_ambiguity": dict(predictions=[[1.0, 2.0], [2.0, 2.0]], y=[1.5, 2.0]),
    "correlated_pair": dict(latent_correlation=0.3, positive_rate=0.4, n_samples=50, rng=0),
}
ROWS = [(name, *row) for name, rows in TABLES.items() for row in rows]


@pytest.mark.parametrize("name, overrides, exc, pattern", ROWS)
def test_bad_input(name, overrides, exc, pattern):
    fun = getattr(BD if name in BD.__all__ else D, name)
    assert_rejects(exc, pattern, fun, **{**GOOD[name], **overrides})


def test_bad_rows_apply_and_good_inputs_pass():
    for name, rows in TABLES.items():
        assert_table_applies(getattr(BD if name in BD.__all__ else D, name), GOOD[name], rows)


def test_public_names():
    assert set(D.__all__) == {
        "disagreement",
        "correlation",
        "q_statistic",
        "kappa",
        "pair_table",
        "pairwise_diversity",
        "kappa_error",
        "error_ambiguity",
        "MEASURES",
        "ErrorAmbiguity",
        "KappaError",
        "PairTable",
    }
    assert BD.__all__ == ["correlated_pair"]
