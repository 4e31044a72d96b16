"""Bootstrap error estimates: 63.2%, hand-computed .632/.632+, properties, mlxtend, and the
LOO / k-fold / bootstrap comparison on a problem whose true error is known."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from _helpers import assert_displays, bad_input_test
from hypothesis import given
from hypothesis import strategies as st
from mlxtend.evaluate import bootstrap_point632_score
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import LinearRegression, LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

import patterneval as pe
from patterneval.book import simulation
from patterneval.book.cross_validation import simulate_distinct_share, simulate_error_estimates
from patterneval.resampling import bootstrap
from patterneval.resampling.bootstrap import (
    _632_plus,
    _bootstrap_from_indices,
    inclusion_probability,
    no_information_error,
)

ONE_MINUS_INV_E = 1.0 - np.exp(-1.0)


class NearestMean(ClassifierMixin, BaseEstimator):
    """A tiny nearest-class-mean rule: fast enough for thousands of fits in a test."""

    def fit(self, X, y):
        self.classes_, inverse = np.unique(y, return_inverse=True)
        self.means_ = np.array([X[inverse == k].mean(axis=0) for k in range(self.classes_.size)])
        return self

    def predict(self, X):
        dist = ((X[:, None, :] - self.means_[None]) ** 2).sum(axis=-1)
        return self.classes_[dist.argmin(axis=1)]


# ----------------------------------------------------------------------- why 63.2%
def test_inclusion_probability_exact_small_n():
    for n in range(1, 12):
        exact = 1 - (1 - Fraction(1, n)) ** n
        assert inclusion_probability(n) == pytest.approx(float(exact), rel=1e-14)


def test_inclusion_probability_decreases_to_one_minus_inverse_e():
    n = np.unique(np.logspace(0, 9, 200).astype(np.int64))
    prob = inclusion_probability(n)
    assert np.all(np.diff(prob) < 0)  # strictly decreasing
    assert np.all(prob > ONE_MINUS_INV_E)  # from above
    # P_n - (1 - 1/e) = 1 / (2 e n) + O(1/n^2): n times the gap tends to 1 / (2e)
    gap = (prob - ONE_MINUS_INV_E) * n
    assert gap[-1] == pytest.approx(1 / (2 * np.e), rel=1e-6)
    assert inclusion_probability(10**9) == pytest.approx(ONE_MINUS_INV_E, abs=1e-9)


@pytest.mark.parametrize("n", [5, 20, 100])
def test_share_of_distinct_samples_by_simulation(n):
    rng = np.random.default_rng(n)
    draws = rng.integers(0, n, size=(20_000, n))
    seen = np.zeros_like(draws, dtype=bool)
    np.put_along_axis(seen, draws, True, axis=1)
    check = simulation.check_mean(
        seen.mean(axis=1), inclusion_probability(n), label="distinct share"
    )
    assert check.passed, check


def test_bootstrap_error_replicates_have_the_inclusion_rate():
    X, y = load_iris(return_X_y=True)
    res = pe.bootstrap_error(NearestMean(), X, y, n_resamples=400, rng=3)
    share = (res.inbag_counts > 0).mean(axis=1)
    check = simulation.check_mean(share, inclusion_probability(y.size))
    assert check.passed, check
    assert np.all(res.inbag_counts.sum(axis=1) == y.size)
    np.testing.assert_array_equal(res.replicate_oob_sizes, (res.inbag_counts == 0).sum(axis=1))


# ----------------------------------------------------------------------- by hand
# Six points on a line, two clean classes, 1-nearest neighbour: the full-data rule has
# resubstitution error 0 and predicts y itself, so gamma = 0.5 * 0.5 + 0.5 * 0.5 = 0.5.
X_TINY = np.array([[0.0], [1.0], [2.0], [4.0], [5.0], [6.0]])
Y_TINY = np.array([0, 0, 0, 1, 1, 1])
REPLICATES_B = np.array(
    [
        [0, 0, 1, 3, 4, 5],  # out {2}: x=2 -> nearest x=1 -> 0, right
        [1, 2, 2, 3, 3, 3],  # out {0, 4, 5}: x=0 -> 0, x=5 -> 1, x=6 -> 1, all right
        [0, 1, 1, 2, 4, 5],  # out {3}: x=4 -> nearest x=5 -> 1, right
        [3, 3, 4, 4, 5, 5],  # only class 1 drawn: out {0, 1, 2} all predicted 1, all wrong
    ]
)


def test_hand_computed_632_and_632plus():
    res = _bootstrap_from_indices(
        KNeighborsClassifier(1), X_TINY, Y_TINY, REPLICATES_B, method=".632+"
    )
    # per sample, error over the replicates that left it out:
    # s0: b2 right, b4 wrong -> 1/2; s1: b4 wrong -> 1; s2: b1 right, b4 wrong -> 1/2;
    # s3: b3 right -> 0; s4: b2 right -> 0; s5: b2 right -> 0
    np.testing.assert_allclose(res.sample_errors, [0.5, 1.0, 0.5, 0.0, 0.0, 0.0])
    err1 = (0.5 + 1.0 + 0.5) / 6  # = 1/3
    assert res.oob == pytest.approx(err1, abs=1e-15)
    assert res.resubstitution == 0.0
    assert res.gamma == pytest.approx(0.5, abs=1e-15)
    assert res.estimate_632 == pytest.approx(0.632 * err1, abs=1e-15)  # 0.210667
    rate = (err1 - 0.0) / (0.5 - 0.0)  # 2/3
    weight = 0.632 / (1 - 0.368 * rate)  # 0.837456
    assert res.relative_overfitting == pytest.approx(rate, abs=1e-15)
    assert res.weight == pytest.approx(weight, abs=1e-15)
    assert res.estimate_632plus == pytest.approx(weight * err1, abs=1e-15)  # 0.279152
    assert res.estimate == res.estimate_632plus
    assert res.oob_capped == res.oob and res.n_never_out == 0
    # per replicate: 0/1, 0/3, 0/1, 3/3 (the note's average of these is 1/4, not 1/3)
    np.testing.assert_allclose(res.replicate_errors, [0.0, 0.0, 0.0, 1.0])
    np.testing.assert_array_equal(res.replicate_oob_sizes, [1, 3, 1, 3])


def test_hand_computed_cap_at_gamma_and_dropped_sample():
    # y with one odd label: the full 1-NN rule still fits y exactly (err = 0) and
    # gamma = (1/3)(2/3) + (2/3)(1/3) = 4/9
    y = np.array([0, 1, 0, 1, 1, 1])
    X = np.array([[0.0], [1.0], [2.0], [4.0], [5.0], [6.0]])
    replicates = np.array(
        [
            [0, 0, 2, 3, 4, 5],  # out {1}: x=1 -> tie x=0/x=2, both 0 -> wrong
            [1, 1, 3, 4, 4, 5],  # only class 1: out {0, 2} predicted 1 -> both wrong
            [0, 2, 2, 3, 4, 5],  # out {1}: wrong as in b1
            [0, 1, 2, 2, 3, 3],  # out {4, 5}: x=5, 6 -> nearest x=4 -> 1, right
            [1, 2, 3, 4, 5, 5],  # out {0}: x=0 -> nearest x=1 -> 1, wrong
        ]
    )
    res = _bootstrap_from_indices(KNeighborsClassifier(1), X, y, replicates, method=".632+")
    # s0: 1, s1: 1, s2: 1, s3 never out (dropped), s4: 0, s5: 0 -> Err1 = 3/5
    assert res.n_never_out == 1 and np.isnan(res.sample_errors[3])
    assert res.oob == pytest.approx(0.6, abs=1e-15)
    assert res.gamma == pytest.approx(4 / 9, abs=1e-15)
    assert res.oob_capped == pytest.approx(4 / 9, abs=1e-15)  # min(Err1, gamma)
    assert res.relative_overfitting == 1.0 and res.weight == pytest.approx(1.0)
    # eq. (32) with R' = 1: .632 + (gamma - err) .368, i.e. 0.632 Err1 + 0.368 gamma (not gamma)
    assert res.estimate_632plus == pytest.approx(0.632 * 0.6 + 0.368 * 4 / 9, abs=1e-15)
    assert res.estimate_632 == pytest.approx(0.632 * 0.6, abs=1e-15)
    assert res.correction_632plus == pytest.approx(0.368 * 4 / 9, abs=1e-15)


@pytest.mark.parametrize(
    "err, err1, gamma, expected",
    [
        (0.1, 0.3, 0.5, (0.3, 0.5, 0.632 / (1 - 0.184), 0.1 + 0.632 / 0.816 * 0.2)),
        (0.2, 0.15, 0.5, (0.15, 0.0, 0.632, 0.368 * 0.2 + 0.632 * 0.15)),  # Err1 <= err: R' = 0
        (
            0.3,
            0.6,
            0.25,
            (0.25, 0.0, 0.632, 0.368 * 0.3 + 0.632 * 0.6),
        ),  # gamma <= err: .632, Err1 uncapped
        (0.0, 0.7, 0.5, (0.5, 1.0, 1.0, 0.632 * 0.7 + 0.368 * 0.5)),  # Err1 > gamma: R' = 1
    ],
)
def test_632_plus_arithmetic(err, err1, gamma, expected):
    np.testing.assert_allclose(_632_plus(err, err1, gamma), expected, rtol=0, atol=1e-15)


# ----------------------------------------------------------------------- eq. (32), from the paper
def reference_632_plus(err, err1, gamma):
    """Efron & Tibshirani (1997), eqs. (31)-(32), transcribed term by term.

    Err(.632) = .368 err + .632 Err1                       (eq. 24, Err1 not capped)
    Err1' = min(Err1, gamma)                               (eq. 31)
    R' = (Err1' - err) / (gamma - err) if Err1 > err and gamma > err, else 0   (eq. 31)
    Err(.632+) = Err(.632) + (Err1' - err) .368 .632 R' / (1 - .368 R')         (eq. 32)
    """
    err632 = 0.368 * err + 0.632 * err1
    err1_prime = min(err1, gamma)
    r_prime = (err1_prime - err) / (gamma - err) if (err1 > err and gamma > err) else 0.0
    return err632 + (err1_prime - err) * 0.368 * 0.632 * r_prime / (1 - 0.368 * r_prime)


def ipred_632_plus(err, err1, gamma):
    """R's ipred::bootest (bc632plus = TRUE), transcribed: R from the *uncapped* Err1."""
    err632 = 0.368 * err + 0.632 * err1
    r = (err1 - err) / (gamma - err) if (err1 > err and gamma > err) else 0.0
    return err632 + (min(err1, gamma) - err) * (0.368 * 0.632 * r) / (1 - 0.368 * r)


REGIMES = {
    "normal": (0.1, 0.3, 0.5),  # err < Err1 <= gamma
    "Err1 > gamma": (0.0, 0.8839, 0.5),
    "gamma <= err": (0.3, 0.6, 0.25),
    "gamma == err": (0.25, 0.4, 0.25),
    "Err1 <= err": (0.2, 0.15, 0.5),
}


@pytest.mark.parametrize("regime", list(REGIMES))
def test_632_plus_equals_the_papers_equation(regime):
    err, err1, gamma = REGIMES[regime]
    assert _632_plus(err, err1, gamma)[3] == pytest.approx(
        reference_632_plus(err, err1, gamma), rel=0, abs=1e-15
    )


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_632_plus_equals_the_papers_equation_everywhere(err, err1, gamma):
    capped, rate, weight, estimate = _632_plus(err, err1, gamma)
    assert estimate == pytest.approx(reference_632_plus(err, err1, gamma), rel=0, abs=1e-14)
    assert 0.0 <= rate <= 1.0 and capped == min(err1, gamma)
    assert weight == pytest.approx(0.632 / (1 - 0.368 * rate), rel=0, abs=1e-15)
    assert -1e-15 <= estimate <= 1.0 + 1e-15  # an error rate, unlike ipred's in one regime
    if err < err1 <= gamma:  # the familiar weighted form holds where Err1 is not capped
        assert estimate == pytest.approx((1 - weight) * err + weight * err1, rel=0, abs=1e-14)


def test_ipred_agrees_below_gamma_and_differs_above():
    err, err1, gamma = REGIMES["normal"]
    assert ipred_632_plus(err, err1, gamma) == pytest.approx(
        _632_plus(err, err1, gamma)[3], abs=1e-15
    )
    err, err1, gamma = REGIMES["Err1 > gamma"]
    ours = _632_plus(err, err1, gamma)[3]
    assert ours == pytest.approx(0.632 * err1 + 0.368 * gamma, abs=1e-15)  # 0.7426
    assert ipred_632_plus(err, err1, gamma) > 1.0  # ipred's R = 1.77 > 1: not an error rate


def _alternating():
    return np.arange(120.0)[:, None], np.arange(120) % 2


@pytest.mark.parametrize("seed", [0, 1])
def test_all_three_regimes_on_data_against_the_reference(seed):
    knn = KNeighborsClassifier(1)
    # normal: breast cancer, 1-NN (err 0 < Err1 < gamma)
    X, y = load_breast_cancer(return_X_y=True)
    normal = pe.bootstrap_error(knn, X[::4], y[::4], n_resamples=30, method=".632+", rng=seed)
    assert normal.resubstitution < normal.oob < normal.gamma
    # Err1 > gamma: 1-NN on x = 0..119 with alternating labels; every out-of-bag point's
    # nearest in-bag neighbour is usually at distance 1, of the other class
    x, labels = _alternating()
    above = pe.bootstrap_error(knn, x, labels, n_resamples=200, method=".632+", rng=seed)
    assert above.resubstitution == 0.0 and above.gamma == 0.5 and above.oob > 0.85
    assert above.estimate == pytest.approx(0.632 * above.oob + 0.368 * 0.5, abs=1e-15)
    assert above.estimate > 0.74 > above.gamma  # the cap of the old code returned 0.5
    # gamma <= err: logistic regression on 20 samples with 2 positives predicts all 0:
    # err = gamma = 0.1, R' = 0 and .632+ is .632 with the uncapped Err1
    g = np.random.default_rng(seed)
    Xr, yr = g.normal(size=(20, 2)), np.r_[np.ones(2, int), np.zeros(18, int)]
    flat = pe.bootstrap_error(
        LogisticRegression(), Xr, yr, n_resamples=50, method=".632+", rng=seed
    )
    assert flat.gamma <= flat.resubstitution and flat.relative_overfitting == 0.0
    assert flat.estimate == flat.estimate_632
    for res in (normal, above, flat):
        assert res.estimate == pytest.approx(
            reference_632_plus(res.resubstitution, res.oob, res.gamma), rel=0, abs=1e-15
        )
        assert res.estimate_632plus - res.estimate_632 == pytest.approx(
            res.correction_632plus, rel=0, abs=1e-15
        )


# ----------------------------------------------------------------------- single-class samples
def _rare_class(seed=0):
    g = np.random.default_rng(seed)
    return g.normal(size=(20, 2)), np.r_[np.ones(2, int), np.zeros(18, int)]


def test_single_class_replicates_are_common_and_handled():
    X, y = _rare_class()
    res = pe.bootstrap_error(LogisticRegression(), X, y, n_resamples=100, rng=0)
    # each replicate misses both positives with probability 0.9^20 = 0.12
    assert 3 <= res.n_single_class <= 25 and res.single_class == "constant"
    single = np.flatnonzero((res.inbag_counts[:, :2] == 0).all(axis=1))
    assert single.size == res.n_single_class
    # the constant rule predicts 0: wrong exactly on the out-of-bag positives
    out = res.inbag_counts[single] == 0
    np.testing.assert_allclose(
        res.replicate_errors[single], out[:, :2].sum(axis=1) / out.sum(axis=1)
    )
    with pytest.raises(ValueError, match=r"bootstrap replicate \d+ holds a single class \(0\)"):
        pe.bootstrap_error(LogisticRegression(), X, y, n_resamples=100, rng=0, single_class="raise")


def test_single_class_redraw():
    X, y = _rare_class()
    constant = pe.bootstrap_error(LogisticRegression(), X, y, n_resamples=100, rng=0)
    redraw = pe.bootstrap_error(
        LogisticRegression(), X, y, n_resamples=100, rng=0, single_class="redraw"
    )
    assert redraw.n_single_class == constant.n_single_class > 0  # same first draws
    assert np.all((redraw.inbag_counts[:, :2] > 0).any(axis=1))  # every replicate has a positive
    keep = (constant.inbag_counts[:, :2] > 0).any(axis=1)
    np.testing.assert_array_equal(redraw.inbag_counts[keep], constant.inbag_counts[keep])


def test_constant_rule_is_what_a_one_class_fit_predicts():
    # 1-NN and a tree accept one class and predict it: "constant" changes nothing for them
    X, y = _rare_class(1)
    for est in (KNeighborsClassifier(1), DecisionTreeClassifier(random_state=0)):
        res = pe.bootstrap_error(est, X, y, n_resamples=40, rng=3)
        assert res.n_single_class > 0
        replicates = [np.repeat(np.arange(20), row) for row in res.inbag_counts]
        by_hand = [
            np.mean(
                clone(est).fit(X[r], y[r]).predict(X[res.inbag_counts[b] == 0])
                != y[res.inbag_counts[b] == 0]
            )
            for b, r in enumerate(replicates)
            if (res.inbag_counts[b] == 0).any()
        ]
        np.testing.assert_allclose(res.replicate_errors[res.replicate_oob_sizes > 0], by_hand)


def test_redraw_gives_up_on_hopeless_data():
    X = np.zeros((200, 1))
    y = np.r_[1, np.zeros(199, int)]  # a bootstrap sample holds the positive w.p. 0.63
    res = pe.bootstrap_error(
        KNeighborsClassifier(1), X, y, n_resamples=5, rng=0, single_class="redraw"
    )
    assert np.all(res.inbag_counts[:, 0] > 0)


def test_redraw_raises_once_a_replicate_exhausts_its_redraws(monkeypatch):
    # with one redraw allowed, replicate 4 of rng=0 misses the only positive twice in a row
    X = np.zeros((30, 1))
    y = np.r_[1, np.zeros(29, int)]
    monkeypatch.setattr(bootstrap, "_MAX_REDRAWS", 1)
    with pytest.raises(
        ValueError,
        match=r"^single_class='redraw' drew 2 bootstrap samples for replicate 4 \(the first and 1 "
        r"redraws\) and each held a single class; the classes are too unequal for n=30: use "
        r"single_class='constant'\.$",
    ):
        pe.bootstrap_error(
            KNeighborsClassifier(1), X, y, n_resamples=10, rng=0, single_class="redraw"
        )
    constant = pe.bootstrap_error(KNeighborsClassifier(1), X, y, n_resamples=10, rng=0)
    assert constant.inbag_counts[4, 0] == 0  # its first draw held a single class too


# ----------------------------------------------------------------------- properties
NOISE_ESTIMATORS = [
    KNeighborsClassifier(1),
    KNeighborsClassifier(5),
    GaussianNB(),
    DecisionTreeClassifier(random_state=0),
    LinearDiscriminantAnalysis(),
]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("estimator", NOISE_ESTIMATORS, ids=lambda e: type(e).__name__)
def test_pure_noise_632plus_never_exceeds_oob(estimator, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(30, 3))
    y = rng.permutation(np.arange(30) % 2)  # labels independent of X
    res = pe.bootstrap_error(estimator, X, y, n_resamples=20, method=".632+", rng=rng)
    assert 0.0 <= res.relative_overfitting <= 1.0
    assert 0.632 <= res.weight <= 1.0
    assert res.oob_capped <= res.gamma + 1e-15
    if res.resubstitution <= res.oob:  # .632+ moves from .632 towards the OOB error
        assert res.estimate_632 - 1e-12 <= res.estimate_632plus <= res.oob + 1e-12
    if res.oob > res.gamma > res.resubstitution:  # R' = 1: between gamma and the OOB error
        assert res.gamma - 1e-12 <= res.estimate_632plus <= res.oob + 1e-12
    if res.gamma <= res.resubstitution:  # R' = 0: exactly .632
        assert res.estimate_632plus == res.estimate_632


def slow_no_information_error(y_true, y_pred):
    """The definition: the mean 0/1 loss over all n^2 (label, prediction) pairs."""
    return float(np.mean([a != b for a, b in itertools.product(y_true, y_pred)]))


@given(
    st.lists(st.tuples(st.sampled_from("abcd"), st.sampled_from("abcde")), min_size=1, max_size=40)
)
def test_gamma_equals_the_pairwise_definition(pairs):
    y_true, y_pred = map(list, zip(*pairs))
    assert no_information_error(y_true, y_pred) == pytest.approx(
        slow_no_information_error(y_true, y_pred), abs=1e-12
    )


def test_gamma_is_linear_in_n():
    # the frequency form never builds the n^2 pairs: 10^6 labels take well under a second
    rng = np.random.default_rng(0)
    y = rng.integers(0, 5, 10**6)
    pred = rng.integers(0, 5, 10**6)
    assert no_information_error(y, pred) == pytest.approx(0.8, abs=2e-3)


# ----------------------------------------------------------------------- mlxtend
def _mlxtend_replicates(n, n_resamples, seed):
    """The bootstrap samples mlxtend 0.25.0's BootstrapOutOfBag draws for random_seed=seed."""
    state = np.random.RandomState(seed)
    return np.stack([state.choice(np.arange(n), size=n, replace=True) for _ in range(n_resamples)])


@pytest.fixture(scope="module")
def cancer_subset():
    X, y = load_breast_cancer(return_X_y=True)
    return X[::6, :5], y[::6]


def test_mlxtend_oob_is_the_mean_of_replicate_errors(cancer_subset):
    # mlxtend 0.25.0, method="oob": per replicate, accuracy on its out-of-bag samples.
    # Its mean is the note's "average the B estimates", not Efron & Tibshirani's Err^(1).
    X, y = cancer_subset
    scores = bootstrap_point632_score(
        KNeighborsClassifier(3), X, y, n_splits=30, method="oob", random_seed=4
    )
    ours = _bootstrap_from_indices(
        KNeighborsClassifier(3), X, y, _mlxtend_replicates(y.size, 30, 4), method="oob"
    )
    np.testing.assert_allclose(1.0 - scores, ours.replicate_errors, rtol=0, atol=1e-12)
    assert abs(ours.oob - ours.replicate_errors.mean()) > 1e-4  # the two averages differ


def _mlxtend_transcription(estimator, X, y, replicates, *, plus, clip):
    """mlxtend 0.25.0's per-replicate formula (read from mlxtend/evaluate/bootstrap_point632.py):
    the training term is the *bootstrap* model's error on all of X, gamma comes from that
    model too, and R is used as computed; ``clip=True`` is what Efron & Tibshirani do."""
    scores, rates, train_errs = [], [], []
    everything = set(range(y.size))
    for train in replicates:
        test = np.array(sorted(everything - set(train)))
        model = clone(estimator).fit(X[train], y[train])
        test_err = np.mean(model.predict(X[test]) != y[test])
        pred_all = model.predict(X)
        train_err = np.mean(pred_all != y)
        train_errs.append(train_err)
        if plus:
            gamma = no_information_error(y, pred_all)
            rate = (test_err - train_err) / (gamma - train_err)
            if clip:
                rate = min(max(rate, 0.0), 1.0)
            weight = 0.632 / (1 - 0.368 * rate)
            rates.append(rate)
        else:
            weight = 0.632
        scores.append(1 - (weight * test_err + (1 - weight) * train_err))
    return np.array(scores), np.array(rates), np.array(train_errs)


def test_mlxtend_632_uses_the_bootstrap_model_for_its_training_term(cancer_subset):
    X, y = cancer_subset
    est = KNeighborsClassifier(1)
    replicates = _mlxtend_replicates(y.size, 25, 7)
    scores = bootstrap_point632_score(est, X, y, n_splits=25, method=".632", random_seed=7)
    transcribed, _, train_errs = _mlxtend_transcription(
        est, X, y, replicates, plus=False, clip=False
    )
    np.testing.assert_allclose(scores, transcribed, rtol=0, atol=1e-12)
    ours = _bootstrap_from_indices(est, X, y, replicates, method=".632")
    # 1-NN fitted on all data makes no training error; each bootstrap model errs on the
    # samples it left out, so mlxtend's training term is > 0 and its .632 is larger
    assert ours.resubstitution == 0.0
    assert train_errs.mean() > ours.resubstitution
    assert 1 - scores.mean() > ours.estimate + 1e-3


def test_mlxtend_632plus_does_not_clip_R():
    # pure noise, 1-NN: a replicate's OOB error often exceeds its gamma, so R > 1
    rng = np.random.default_rng(5)
    X = rng.normal(size=(40, 2))
    y = rng.permutation(np.arange(40) % 2)
    est = KNeighborsClassifier(1)
    replicates = _mlxtend_replicates(y.size, 20, 11)
    scores = bootstrap_point632_score(est, X, y, n_splits=20, method=".632+", random_seed=11)
    raw, rates, _ = _mlxtend_transcription(est, X, y, replicates, plus=True, clip=False)
    clipped, _, _ = _mlxtend_transcription(est, X, y, replicates, plus=True, clip=True)
    np.testing.assert_allclose(scores, raw, rtol=0, atol=1e-12)
    outside = (rates > 1) | (rates < 0)
    assert outside.any()
    assert np.all(np.abs(scores - clipped)[outside] > 1e-9)  # clipping would change them
    ours = _bootstrap_from_indices(est, X, y, replicates, method=".632+")
    assert 0.0 <= ours.relative_overfitting <= 1.0
    assert abs((1 - scores.mean()) - ours.estimate) > 0.01


# ----------------------------------------------------------------------- LOO vs CV vs bootstrap
def gaussian_problem(rng, size):
    """Two classes, unit covariance in 10 dimensions, means 1.2 apart on the first axis."""
    y = np.arange(size) % 2
    X = rng.normal(size=(size, 10))
    X[:, 0] += 1.2 * y
    return X, y


@pytest.fixture(scope="module")
def estimator_simulation():
    return simulate_error_estimates(
        NearestMean(),
        gaussian_problem,
        n=40,
        n_test=20_000,
        n_datasets=200,
        cv=(2, 10),
        n_resamples=50,
        rng=2024,
    )


def test_loo_is_nearly_unbiased_and_2fold_pessimistic(estimator_simulation):
    sim = estimator_simulation
    truth = sim.true_errors
    loo = simulation.check_mean(sim.column("LOO") - truth, 0.0, label="LOO bias")
    assert loo.passed, loo  # LOO estimates the error of a rule fitted on n - 1 samples
    i_loo, i_two = sim.names.index("LOO"), sim.names.index("2-fold")
    assert abs(sim.bias[i_loo]) < sim.bias[i_two]
    # paired: 2-fold minus LOO on the same training sets, more than 2 Monte Carlo SE above 0
    gap = sim.column("2-fold") - sim.column("LOO")
    assert gap.mean() > 2 * gap.std(ddof=1) / np.sqrt(gap.size)
    # the OOB error trains on ~63% of the samples: pessimistic too
    oob = sim.column("oob") - truth
    assert oob.mean() > 2 * oob.std(ddof=1) / np.sqrt(oob.size)


def test_632_trades_bias_for_variance(estimator_simulation):
    sim = estimator_simulation
    sd = dict(zip(sim.names, sim.std))
    rmse = dict(zip(sim.names, sim.rmse))
    assert sd[".632"] < sd["LOO"] and sd[".632"] < sd["10-fold"]
    assert rmse[".632"] < rmse["LOO"]
    # the summaries are what their names say
    diff = sim.estimates - sim.true_errors[:, None]
    np.testing.assert_allclose(sim.bias, diff.mean(axis=0))
    np.testing.assert_allclose(sim.rmse, np.sqrt((diff**2).mean(axis=0)))
    assert sim.table().splitlines()[0].startswith("estimator")


def test_simulation_does_not_depend_on_n_jobs():
    kwargs = dict(n=20, n_test=500, n_datasets=4, cv=(2,), n_resamples=5, rng=1)
    one = simulate_error_estimates(NearestMean(), gaussian_problem, **kwargs)
    two = simulate_error_estimates(NearestMean(), gaussian_problem, **kwargs, n_jobs=2)
    np.testing.assert_array_equal(one.estimates, two.estimates)
    np.testing.assert_array_equal(one.true_errors, two.true_errors)


def test_simulation_takes_an_int_or_splitters_as_cv():
    """cv=2 is cv=(2,); a splitter is applied to every training set and names its column."""
    from sklearn.model_selection import RepeatedStratifiedKFold, StratifiedKFold

    kwargs = dict(n=20, n_test=500, n_datasets=3, n_resamples=5, rng=1)
    one = simulate_error_estimates(NearestMean(), gaussian_problem, cv=2, **kwargs)
    tup = simulate_error_estimates(NearestMean(), gaussian_problem, cv=(2,), **kwargs)
    np.testing.assert_array_equal(one.estimates, tup.estimates)
    cvs = (RepeatedStratifiedKFold(n_splits=2, n_repeats=3, random_state=0), StratifiedKFold(4))
    sim = simulate_error_estimates(NearestMean(), gaussian_problem, cv=cvs, **kwargs)
    assert sim.names == ("LOO", "2-fold x3", "StratifiedKFold", "oob", ".632", ".632+")


# ----------------------------------------------------------------------- engine behaviour
def test_n_jobs_and_prefix_stability():
    X, y = load_iris(return_X_y=True)
    one = pe.bootstrap_error(GaussianNB(), X, y, n_resamples=12, method=".632+", rng=8)
    two = pe.bootstrap_error(GaussianNB(), X, y, n_resamples=12, method=".632+", rng=8, n_jobs=2)
    for field in ("estimate", "oob", "gamma", "resubstitution", "weight"):
        assert getattr(one, field) == getattr(two, field)
    np.testing.assert_array_equal(one.inbag_counts, two.inbag_counts)
    np.testing.assert_array_equal(one.replicate_errors, two.replicate_errors)
    more = pe.bootstrap_error(GaussianNB(), X, y, n_resamples=20, rng=8)
    np.testing.assert_array_equal(one.inbag_counts, more.inbag_counts[:12])


@pytest.mark.parametrize("method", bootstrap.BOOTSTRAP_METHODS)
def test_method_picks_the_estimate(method):
    X, y = load_iris(return_X_y=True)
    res = pe.bootstrap_error(KNeighborsClassifier(1), X, y, n_resamples=10, method=method, rng=0)
    expected = {"oob": res.oob, ".632": res.estimate_632, ".632+": res.estimate_632plus}[method]
    assert res.estimate == expected and res.method == method
    assert_displays(res, "BootstrapResult(estimate=")


def test_progress_bar(capsys):
    X, y = load_iris(return_X_y=True)
    pe.bootstrap_error(GaussianNB(), X, y, n_resamples=3, rng=0, progress=True)
    assert "bootstrap" in capsys.readouterr().err


def test_too_few_replicates_to_leave_anything_out():
    X = np.array([[0.0], [1.0]])
    y = np.array([0, 1])
    with pytest.raises(ValueError, match="n_resamples=1 is too few"):
        _bootstrap_from_indices(KNeighborsClassifier(1), X, y, np.array([[0, 1]]), method="oob")


# ----------------------------------------------------------------------- bad input
class NoFit:
    def predict(self, X):
        return X[:, 0]

    def get_params(self, deep=True):
        return {}


X_OK = np.random.default_rng(0).normal(size=(20, 2))
Y_OK = np.arange(20) % 2
X_NAN = X_OK.copy()
X_NAN[0, 0] = np.nan

GOOD = {
    pe.bootstrap_error: dict(estimator=GaussianNB(), X=X_OK, y=Y_OK, n_resamples=3, rng=0),
    inclusion_probability: dict(n=10),
    simulate_distinct_share: dict(n=10, n_resamples=5, rng=0),
    no_information_error: dict(y_true=[0, 1, 1], y_pred=[0, 0, 1]),
    simulate_error_estimates: dict(
        estimator=NearestMean(),
        sampler=gaussian_problem,
        n=10,
        n_test=50,
        n_datasets=2,
        cv=(2,),
        n_resamples=3,
        rng=0,
    ),
}

BAD = [
    (pe.bootstrap_error, dict(estimator=NoFit()), TypeError, r"estimator .*no fit"),
    (pe.bootstrap_error, dict(n_resamples=0), ValueError, r"n_resamples must be an integer >= 1"),
    (pe.bootstrap_error, dict(n_resamples=2.0), TypeError, r"n_resamples must be an integer"),
    (pe.bootstrap_error, dict(y=Y_OK[:5]), ValueError, r"y has 5 entries but X has 20"),
    (
        pe.bootstrap_error,
        dict(X=X_NAN),
        ValueError,
        r"Input X contains NaN",
    ),  # the estimator validates X
    (
        pe.bootstrap_error,
        dict(y=np.ones(20)),
        ValueError,
        r"y must be labels of at least 2 classes; got 1",
    ),
    (
        pe.bootstrap_error,
        dict(y=np.linspace(0, 1, 20)),
        ValueError,
        r"y must be class labels \(binary or multiclass\); got a 'continuous' target",
    ),
    (
        pe.bootstrap_error,
        dict(estimator=LinearRegression()),
        ValueError,
        r"estimator must be a classifier",
    ),
    (pe.bootstrap_error, dict(single_class="drop"), ValueError, r"single_class must be one of"),
    (pe.bootstrap_error, dict(progress="yes"), TypeError, r"progress must be True or False"),
    (
        pe.bootstrap_error,
        dict(method="632+"),
        ValueError,
        r"method must be one of \['oob', '.632', '.632\+'\]",
    ),
    (pe.bootstrap_error, dict(method=0.632), TypeError, r"method must be a string"),
    (pe.bootstrap_error, dict(rng=1.5), TypeError, r"rng must be None, an int seed"),
    (pe.bootstrap_error, dict(n_jobs=0), ValueError, r"n_jobs must be None or a non-zero"),
    (inclusion_probability, dict(n=0), ValueError, r"n must be an integer >= 1"),
    (inclusion_probability, dict(n=[3, 0]), ValueError, r"n must be an integer >= 1"),
    (inclusion_probability, dict(n=2.5), TypeError, r"n must be an integer"),
    (simulate_distinct_share, dict(n=0), ValueError, r"n must be an integer >= 1"),
    (
        simulate_distinct_share,
        dict(n_resamples=-1),
        ValueError,
        r"n_resamples must be an integer >= 1",
    ),
    (simulate_distinct_share, dict(rng="x"), TypeError, r"rng must be None"),
    (
        no_information_error,
        dict(y_pred=[0, 1]),
        ValueError,
        r"y_pred has 2 entries but y_true has 3",
    ),
    (
        no_information_error,
        dict(y_true=[], y_pred=[]),
        ValueError,
        r"y_true must be a 1-d array of at least 1 labels; got an empty array",
    ),
    (simulate_error_estimates, dict(sampler="gauss"), TypeError, r"sampler must be callable"),
    (simulate_error_estimates, dict(estimator=NoFit()), TypeError, r"estimator .*no fit"),
    (simulate_error_estimates, dict(n=2), ValueError, r"n must be an integer >= 4"),
    (
        simulate_error_estimates,
        dict(n_datasets=1),
        ValueError,
        r"^n_datasets must be an integer >= 2",
    ),
    (simulate_error_estimates, dict(cv=(1,)), ValueError, r"^cv must be an integer >= 2; got 1"),
    (
        simulate_error_estimates,
        dict(cv=()),
        ValueError,
        r"^cv must be an int number of folds, a splitter, or a non-empty",
    ),
    (
        simulate_error_estimates,
        dict(cv=(2, "5")),
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter",
    ),
    # the retired keywords name cv= and rng=
    (
        simulate_error_estimates,
        dict(n_splits=(2, 10)),
        TypeError,
        r"^simulate_error_estimates\(\) takes cv=, not n_splits=",
    ),
    (
        simulate_error_estimates,
        dict(seed=1),
        TypeError,
        r"^simulate_error_estimates\(\) takes rng=, not seed=",
    ),
    (simulate_error_estimates, dict(n_jobs=True), TypeError, r"n_jobs must be None"),
    (
        simulate_error_estimates,
        dict(estimator=LinearRegression()),
        ValueError,
        r"estimator must be a classifier",
    ),
]


test_bad_input_names_the_argument = bad_input_test(GOOD, BAD)


@pytest.mark.parametrize("func", list(GOOD))
def test_good_arguments_of_the_table_work(func):
    func(**GOOD[func])


def test_public_names_are_re_exported():  # rows for every public callable: test_bad_input_sweep.py
    assert set(bootstrap.__all__) <= set(pe.resampling.__all__)


def test_simulate_distinct_share_matches_the_formula():
    share = simulate_distinct_share(30, n_resamples=20_000, rng=4)
    check = simulation.check_mean(share, inclusion_probability(30))
    assert check.passed, check
    assert share.min() >= 1 / 30 and share.max() <= 1.0
    np.testing.assert_allclose(share * 30, np.round(share * 30))


# ----------------------------------------------------------------------- the chapter's figures
def test_chapter_figures_keep_their_y_labels_inside():
    from patterneval.plotting._style import figure_png
    from patterneval.plotting.resampling import (
        plot_estimator_simulation,
        plot_inclusion_probability,
    )

    sim = simulate_error_estimates(
        NearestMean(),
        gaussian_problem,
        n=10,
        n_test=50,
        n_datasets=2,
        cv=(2,),
        n_resamples=3,
        rng=0,
    )
    for fig in (plot_inclusion_probability(1000), plot_estimator_simulation(sim)):
        figure_png(fig)  # draw
        for ax in fig.axes:
            box = ax.yaxis.label.get_window_extent()
            assert ax.yaxis.label.get_text() and box.x0 >= 0, ax.yaxis.label.get_text()
