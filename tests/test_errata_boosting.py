"""Errata of note 004, section 2 (Boosting), shown numerically. Each test names the
statement of the note it corrects; the chapter book/part4/adaboost.ipynb carries the
matching Erratum admonitions."""

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.dummy import DummyClassifier
from sklearn.tree import DecisionTreeClassifier

from patterneval.ensemble.boosting import AdaBoost

X_BC, Y_BC = load_breast_cancer(return_X_y=True)


def _loss(H, D, p):
    """l_exp(H | D) on a finite set of points x_j with masses D_j and P(y=+1 | x_j) = p_j."""
    return np.sum(D * (p * np.exp(-H) + (1 - p) * np.exp(H)))


def test_erratum_loss_derivative_is_pointwise_and_needs_noisy_labels():
    # Note 2.1.2 differentiates l_exp(H|D) = E_{x~D}[...] with respect to H(x) and writes
    # -e^{-H}P(f=1|x) + e^{H}P(f=-1|x): that is the derivative of the *conditional* loss at
    # x; the derivative of l_exp(H|D) carries the mass D(x).
    g = np.random.default_rng(0)
    D = g.dirichlet(np.ones(5))
    p = g.uniform(0.1, 0.9, 5)
    H = g.normal(size=5)
    h = 1e-6
    for j in range(5):
        up, down = H.copy(), H.copy()
        up[j] += h
        down[j] -= h
        numeric = (_loss(up, D, p) - _loss(down, D, p)) / (2 * h)
        note = -np.exp(-H[j]) * p[j] + np.exp(H[j]) * (1 - p[j])
        assert numeric == pytest.approx(D[j] * note, rel=1e-6)
        assert abs(numeric - note) > 1e-3
    # the stationary point 1/2 ln(p/(1-p)) exists only for 0 < p < 1 and then minimises
    star = 0.5 * np.log(p / (1 - p))
    grid = star[:, None] + np.linspace(-1, 1, 201)[None, :]
    cond = p[:, None] * np.exp(-grid) + (1 - p[:, None]) * np.exp(grid)
    assert np.all(np.argmin(cond, axis=1) == 100)
    np.testing.assert_array_equal(np.sign(star), np.where(p > 0.5, 1, -1))
    # with a deterministic target f (note's notation) P(f(x)=1|x) is 0 or 1: no zero of the
    # derivative, the loss keeps falling and the formula gives an infinite H
    H_line = np.linspace(-20, 20, 401)
    assert np.all(-np.exp(-H_line) * 1.0 + np.exp(H_line) * 0.0 < 0)
    with np.errstate(divide="ignore"):  # the note's formula at p = 1
        assert np.isinf(0.5 * np.log(np.float64(1.0) / np.float64(0.0)))


def test_erratum_update_goes_forward_from_d_t_to_d_t_plus_1():
    # Note 2.1.4 says it derives "from D_t to D_{t-1}"; the formula that follows gives
    # D_{t+1} from D_t, with E[e^{-f H_{t-1}}] / E[e^{-f H_t}] = 1 / Z_t.
    model = AdaBoost(n_estimators=8, random_state=0).fit(X_BC, Y_BC)
    y = np.where(Y_BC == 1, 1.0, -1.0)
    dists = list(model.staged_distributions(X_BC, Y_BC))
    F_prev = np.zeros(len(y))
    for t in range(len(dists) - 1):
        h = model.estimators_[t].predict(X_BC)
        F = F_prev + model.alphas_[t] * h
        ratio = np.mean(np.exp(-y * F_prev)) / np.mean(np.exp(-y * F))
        assert ratio == pytest.approx(1 / model.normalizers_[t], rel=1e-12)
        forward = dists[t] * np.exp(-model.alphas_[t] * y * h) * ratio
        np.testing.assert_allclose(forward, dists[t + 1], rtol=1e-10)
        F_prev = F


def test_erratum_stop_rule_never_fires_for_stumps_and_misses_one_half():
    # Note 2.2: re-weighting "may stop too early" when eps_t > 0.5. (a) A stump (any tree
    # whose leaves predict the weighted majority) has eps_t <= 1/2 under *every*
    # distribution, so that stop never fires for the default learner.
    g = np.random.default_rng(1)
    X, y = X_BC[::4], Y_BC[::4]
    worst = 0.0
    for _ in range(200):
        D = g.dirichlet(np.full(len(y), 0.2))
        stump = DecisionTreeClassifier(max_depth=1, random_state=0).fit(X, y, sample_weight=D)
        worst = max(worst, D[stump.predict(X) != y].sum())
    assert worst <= 0.5 + 1e-12
    # (b) The degenerate case is eps_t = 1/2 exactly, which "> 0.5" lets through: alpha_t = 0,
    # D_{t+1} = D_t, and a deterministic learner returns the same rule forever.
    Xs, ys = np.arange(8.0).reshape(-1, 1), np.array([0] * 6 + [1] * 2)
    D2 = np.where(ys == 1, 0.25, 1 / 12)  # D_2 after the constant learner of round 1
    assert D2.sum() == pytest.approx(1) and D2[ys == 1].sum() == pytest.approx(0.5)
    eps = 0.5
    alpha = 0.5 * np.log((1 - eps) / eps)
    h = np.full(8, -1.0)  # most frequent label under D_2 (tie -> first class)
    yy = np.where(ys == 1, 1.0, -1.0)
    D3 = D2 * np.exp(-alpha * yy * h)
    assert alpha == 0.0 and np.array_equal(D3 / D3.sum(), D2)
    # our rule (>= 1/2, up to rounding) stops there instead of adding zero-weight rounds
    model = AdaBoost(DummyClassifier(strategy="most_frequent"), 20).fit(Xs, ys)
    assert len(model.alphas_) == 1 and model.stop_reason_ == "no better than chance"
