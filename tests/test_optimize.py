"""Gradient descent and its variants, least squares and maximum likelihood
(patterneval.optimize)."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.optimize
import scipy.stats
from _helpers import assert_rejects, assert_table_applies

import patterneval.book.optimisation as BO
import patterneval.optimize as O
from patterneval.book import simulation
from patterneval.book.optimisation import quadratic_problem, rosenbrock, rosenbrock_grad
from patterneval.optimize import (
    bernoulli_mle,
    gaussian_mle,
    gaussian_regression_mle,
    gradient_descent,
    least_squares,
    momentum_stability_limit,
)


# ------------------------------------------------------------------ slow twins
def descent_loop(f, grad, x0, method, eta, gamma, n_iter, eps=1e-8):
    """Textbook loops, one coordinate at a time (no vector arithmetic)."""
    x = [float(v) for v in x0]
    d = len(x)
    v = [0.0] * d
    s = [0.0] * d
    path = [list(x)]
    for _ in range(n_iter):
        if method == "nesterov":
            look = [x[i] - gamma * v[i] for i in range(d)]
            g = list(grad(np.array(look)))
        else:
            g = list(grad(np.array(x)))
        for i in range(d):
            if method == "plain":
                x[i] = x[i] - eta * g[i]
            elif method in ("momentum", "nesterov"):
                v[i] = gamma * v[i] + eta * g[i]
                x[i] = x[i] - v[i]
            else:
                s[i] = s[i] + g[i] ** 2
                x[i] = x[i] - eta * g[i] / (s[i] ** 0.5 + eps)
        path.append(list(x))
    return np.array(path)


@pytest.mark.parametrize("method", ["plain", "momentum", "nesterov", "adagrad"])
def test_fast_equals_loop_twin(method):
    q = quadratic_problem((1.0, 8.0), angle=0.4, minimiser=[0.5, -1.0])
    res = gradient_descent(
        q.f,
        q.grad,
        [2.0, 1.5],
        method=method,
        learning_rate=0.05,
        momentum=0.7,
        n_iter=60,
        tol=1e-300,
    )
    twin = descent_loop(q.f, q.grad, [2.0, 1.5], method, 0.05, 0.7, 60)
    np.testing.assert_allclose(res.path, twin, rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(res.values, [q.f(x) for x in twin], rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(
        res.grad_norms, [np.linalg.norm(q.grad(x)) for x in twin], rtol=1e-12, atol=1e-13
    )
    assert res.n_iter == 60 and not res.converged and not res.diverged


def test_nag_alias_and_trace_shapes():
    q = quadratic_problem((1.0, 10.0))
    a = gradient_descent(q.f, q.grad, [1.0, 1.0], method="nag", learning_rate=0.05, n_iter=30)
    b = gradient_descent(q.f, q.grad, [1.0, 1.0], method="nesterov", learning_rate=0.05, n_iter=30)
    assert a.method == "nesterov"
    np.testing.assert_array_equal(a.path, b.path)
    assert a.path.shape == (a.n_iter + 1, 2) and a.values.shape == (a.n_iter + 1,)
    assert "DescentResult(x=" in repr(a)


def test_all_methods_reach_the_minimiser():
    q = quadratic_problem((1.0, 10.0), angle=0.3, minimiser=[1.0, 2.0])
    for method, eta in [("plain", 0.15), ("momentum", 0.05), ("nesterov", 0.05), ("adagrad", 0.5)]:
        res = gradient_descent(
            q.f,
            q.grad,
            [-3.0, 4.0],
            method=method,
            learning_rate=eta,
            momentum=0.6,
            n_iter=20000,
            tol=1e-9,
        )
        assert res.converged, method
        np.testing.assert_allclose(res.x, q.minimiser, atol=1e-7)


def test_plain_descent_rate_and_stability_limit_two_over_L():
    q = quadratic_problem((1.0, 10.0))  # axis aligned: coordinates decouple
    L = q.lipschitz
    x0 = np.array([1.0, 1.0])
    # the error along eigenvector i is multiplied by (1 - eta lambda_i) each step, exactly
    for eta in (0.05, 0.15, 0.199):
        res = gradient_descent(q.f, q.grad, x0, learning_rate=eta, n_iter=40, tol=1e-300)
        t = np.arange(41)[:, None]
        np.testing.assert_allclose(
            res.path, x0 * (1 - eta * np.array([1.0, 10.0])) ** t, rtol=1e-10, atol=1e-300
        )
    below = gradient_descent(q.f, q.grad, x0, learning_rate=0.99 * 2 / L, n_iter=3000, tol=1e-300)
    above = gradient_descent(q.f, q.grad, x0, learning_rate=1.01 * 2 / L, n_iter=3000, tol=1e-300)
    assert below.values[-1] < 1e-10 < above.values[-1]
    assert above.diverged or above.values[-1] > 1e10
    # the optimal constant step 2 / (L + mu) contracts by (kappa - 1) / (kappa + 1)
    eta = 2 / (L + q.strong_convexity)
    res = gradient_descent(q.f, q.grad, x0, learning_rate=eta, n_iter=20, tol=1e-300)
    kappa = q.condition_number
    ratios = np.linalg.norm(res.path[1:], axis=1) / np.linalg.norm(res.path[:-1], axis=1)
    np.testing.assert_allclose(ratios, (kappa - 1) / (kappa + 1), rtol=1e-12)


def test_momentum_stability_limit_by_eigenvalues_and_runs():
    L = 10.0
    for gamma in (0.0, 0.3, 0.8):
        limit = momentum_stability_limit(L, gamma)
        assert limit == pytest.approx(2 * (1 + gamma) / L)
        for factor, stable in ((0.98, True), (1.02, False)):
            eta = factor * limit
            M = np.array([[1 + gamma - eta * L, -gamma], [1.0, 0.0]])
            assert bool(np.max(np.abs(np.linalg.eigvals(M))) < 1) is stable
            res = gradient_descent(
                lambda x: 0.5 * L * x @ x,
                lambda x: L * x,
                [1.0],
                method="momentum",
                learning_rate=eta,
                momentum=gamma,
                n_iter=4000,
                tol=1e-300,
            )
            assert bool(res.values[-1] < 1e-6) is stable, (gamma, factor)


def test_divergence_stops_with_flag():
    res = gradient_descent(
        lambda x: float(x @ x), lambda x: 2 * x, [1.0, 1.0], learning_rate=5.0, n_iter=5000
    )
    assert res.diverged and not res.converged and res.n_iter < 5000
    assert np.all(np.isfinite(res.path[:-1]))


def test_converged_at_start():
    res = gradient_descent(lambda x: float(x @ x), lambda x: 2 * x, [0.0, 0.0])
    assert res.converged and res.n_iter == 0 and res.path.shape == (1, 2)


def test_adagrad_invariant_to_rescaling_f():
    q = quadratic_problem((1.0, 30.0), angle=0.2)
    runs = [
        gradient_descent(
            lambda x, c=c: c * q.f(x),
            lambda x, c=c: c * q.grad(x),
            [1.0, -1.0],
            method="adagrad",
            learning_rate=0.3,
            n_iter=50,
            tol=1e-300,
            epsilon=1e-12,
        )
        for c in (1e-3, 1.0, 1e3)
    ]
    for r in runs[1:]:
        np.testing.assert_allclose(r.path, runs[0].path, rtol=1e-7, atol=1e-9)
    # first step: eta * sign(g) in every coordinate
    g0 = q.grad([1.0, -1.0])
    np.testing.assert_allclose(runs[1].path[1] - runs[1].path[0], -0.3 * np.sign(g0), rtol=1e-9)


def test_rosenbrock_and_gradient_against_scipy():
    # scipy 1.17.1: scipy.optimize.rosen / rosen_der
    pts = np.random.default_rng(3).uniform(-2, 2, size=(20, 2))
    for p in pts:
        assert rosenbrock(p) == pytest.approx(scipy.optimize.rosen(p), rel=1e-13)
        np.testing.assert_allclose(rosenbrock_grad(p), scipy.optimize.rosen_der(p), rtol=1e-12)
        assert scipy.optimize.check_grad(rosenbrock, rosenbrock_grad, p) < 1e-4 * (
            1 + np.linalg.norm(rosenbrock_grad(p))
        )
    grid = np.stack(np.meshgrid(np.linspace(-1, 1, 3), np.linspace(0, 2, 4)))
    assert rosenbrock(grid).shape == (4, 3)
    res = gradient_descent(
        rosenbrock,
        rosenbrock_grad,
        [-1.2, 1.0],
        method="nesterov",
        learning_rate=2e-4,
        momentum=0.9,
        n_iter=20000,
        tol=1e-6,
    )
    np.testing.assert_allclose(res.x, [1.0, 1.0], atol=1e-3)


def test_quadratic_problem_properties():
    q = quadratic_problem((2.0, 50.0), angle=0.7, minimiser=[1.0, -1.0])
    np.testing.assert_allclose(np.linalg.eigvalsh(q.A), [2.0, 50.0])
    np.testing.assert_allclose(q.grad(q.minimiser), 0.0, atol=1e-12)
    assert scipy.optimize.check_grad(q.f, q.grad, np.array([0.3, 0.2])) < 1e-5
    X1, X2 = np.meshgrid(np.linspace(-1, 2, 5), np.linspace(-2, 1, 4))
    grid = q.f_grid(X1, X2)
    assert grid[2, 3] == pytest.approx(q.f([X1[2, 3], X2[2, 3]]))
    assert q.condition_number == 25.0
    q3 = quadratic_problem((1.0, 2.0, 3.0))
    np.testing.assert_allclose(q3.A, np.diag([1.0, 2.0, 3.0]))


# ------------------------------------------------------------------ least squares
def test_least_squares_equals_lstsq():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(80, 4))
    y = X @ [1.0, -2.0, 0.5, 3.0] + 2.0 + rng.normal(size=80)
    fit = least_squares(X, y)
    ref = np.linalg.lstsq(X, y, rcond=None)  # numpy 2.4.6
    np.testing.assert_allclose(fit.coef, ref[0], rtol=1e-10)
    assert fit.residual_sum_squares == pytest.approx(ref[1][0], rel=1e-10)
    assert fit.intercept == 0.0 and fit.rank == 4
    fit1 = least_squares(X, y, fit_intercept=True)
    ref1 = np.linalg.lstsq(np.column_stack([np.ones(80), X]), y, rcond=None)[0]
    np.testing.assert_allclose([fit1.intercept, *fit1.coef], ref1, rtol=1e-10)
    # the gradient X'(X theta - y) vanishes at the solution
    np.testing.assert_allclose(X.T @ (X @ fit.coef - y), 0.0, atol=1e-9)


def test_least_squares_rank_deficient_points_to_lstsq():
    X = np.column_stack([np.arange(5.0), 2 * np.arange(5.0)])
    with pytest.raises(ValueError, match="rank 1 < 2 .*numpy.linalg.lstsq"):
        least_squares(X, np.arange(5.0))
    with pytest.raises(ValueError, match="rank 2 < 3"):  # constant column + intercept
        least_squares(
            np.column_stack([np.ones(5), np.arange(5.0)]), np.arange(5.0), fit_intercept=True
        )
    with pytest.raises(ValueError, match="n_samples >= n_features"):
        least_squares(np.eye(2, 3), [1.0, 2.0])


def test_least_squares_ill_conditioned_vandermonde_matches_lstsq():
    # the normal equations lost digits here (and failed with 13 columns)
    t = np.linspace(0, 1, 40)
    y = np.sin(2 * np.pi * t)
    for cols in (11, 13):
        X = np.vander(t, cols)
        fit = least_squares(X, y)
        ref, rss, rank, sv = np.linalg.lstsq(X, y, rcond=None)
        assert fit.rank == rank == cols
        assert fit.condition_number == pytest.approx(sv[0] / sv[-1], rel=1e-10)
        # residual as small as lstsq's (up to rounding), coefficients as close as kappa allows
        assert fit.residual_sum_squares <= rss[0] * (1 + 1e-6)
        theta = np.ones(cols)
        exact = least_squares(X, X @ theta)
        assert np.linalg.norm(exact.coef - theta) / np.linalg.norm(theta) < 1e-5
    X = np.vander(t, 11)
    normal = least_squares(X, X @ np.ones(11), method="normal")
    assert normal.method == "normal"
    assert np.linalg.norm(normal.coef - 1.0) / np.sqrt(11) > 1e-5  # cond(X)^2 eps at work


def test_least_squares_condition_number_squares():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(50, 4)) * [1.0, 10.0, 100.0, 1000.0]
    fit = least_squares(X, rng.normal(size=50))
    assert fit.condition_number == pytest.approx(np.linalg.cond(X), rel=1e-10)
    assert np.linalg.cond(X.T @ X) == pytest.approx(fit.condition_number**2, rel=1e-6)


def test_least_squares_normal_equations_refused_when_singular_in_double():
    X = np.vander(np.linspace(0, 1, 40), 16)  # cond(X)^2 far beyond 1/eps, rank still 16?
    s = np.linalg.svd(X, compute_uv=False)
    if np.count_nonzero(s > s[0] * 40 * np.finfo(float).eps) < 16:
        pytest.skip("numerically rank deficient on this machine")
    with pytest.raises(ValueError, match="normal equations cannot be solved|rank"):
        least_squares(X, np.ones(40), method="normal")


def test_least_squares_minimum_norm_equals_lstsq():
    rng = np.random.default_rng(5)
    A = rng.normal(size=(30, 3))
    X = np.column_stack([A, A[:, 0] + A[:, 1], A[:, 2]])  # rank 3, five columns
    y = rng.normal(size=30)
    fit = least_squares(X, y, rank_deficient="minimum-norm")
    ref = np.linalg.lstsq(X, y, rcond=None)[0]
    assert fit.rank == 3 and fit.condition_number == np.inf
    np.testing.assert_allclose(fit.coef, ref, rtol=1e-10, atol=1e-12)
    wide = rng.normal(size=(3, 6))  # fewer samples than parameters
    fit = least_squares(wide, y[:3], rank_deficient="minimum-norm")
    np.testing.assert_allclose(
        fit.coef, np.linalg.lstsq(wide, y[:3], rcond=None)[0], rtol=1e-10, atol=1e-12
    )
    np.testing.assert_allclose(wide @ fit.coef, y[:3], atol=1e-12)  # interpolates


# ------------------------------------------------------------------ maximum likelihood
def test_gaussian_mle_closed_numeric_and_scipy():
    x = np.random.default_rng(5).normal(3.0, 2.0, size=200)
    closed = gaussian_mle(x)
    numeric = gaussian_mle(x, method="numeric")
    loc, scale = scipy.stats.norm.fit(x)  # scipy 1.17.1: the MLE
    assert closed.mean == pytest.approx(loc, rel=1e-12)
    assert closed.variance == pytest.approx(scale**2, rel=1e-10)
    assert closed.variance == pytest.approx(np.var(x), rel=1e-12)  # ddof=0
    assert numeric.mean == pytest.approx(closed.mean, rel=1e-8)
    assert numeric.variance == pytest.approx(closed.variance, rel=1e-8)
    assert closed.log_likelihood == pytest.approx(scipy.stats.norm.logpdf(x, loc, scale).sum())
    # the maximum: perturbing either parameter lowers the likelihood
    for dm, dv in ((0.01, 0), (-0.01, 0), (0, 0.05), (0, -0.05)):
        ll = scipy.stats.norm.logpdf(x, closed.mean + dm, np.sqrt(closed.variance + dv)).sum()
        assert ll < closed.log_likelihood


def test_gaussian_mle_variance_is_biased_by_simulation():
    rng = np.random.default_rng(2027)
    n, sigma2 = 5, 4.0
    est = np.array([gaussian_mle(rng.normal(1.0, 2.0, n)).variance for _ in range(4000)])
    assert simulation.check_mean(est, (n - 1) / n * sigma2).passed
    # and the unbiased value n/(n-1) is rejected at this size
    assert not simulation.check_mean(est, sigma2).passed


def test_bernoulli_mle():
    x = np.array([1, 0, 0, 1, 1, 1, 0, 1])
    closed, numeric = bernoulli_mle(x), bernoulli_mle(x, method="numeric")
    assert closed.p == 5 / 8
    assert numeric.p == pytest.approx(5 / 8, abs=1e-7)
    assert closed.log_likelihood == pytest.approx(scipy.stats.bernoulli.logpmf(x, 5 / 8).sum())
    assert bernoulli_mle([0, 0, 0]).p == 0.0 and bernoulli_mle([0, 0, 0]).log_likelihood == 0.0
    assert bernoulli_mle([1, 1], method="numeric").p > 1 - 1e-6


def test_least_squares_is_gaussian_mle():
    rng = np.random.default_rng(8)
    X = rng.normal(size=(60, 3)) * [1.0, 10.0, 0.1]
    y = X @ [2.0, -0.3, 5.0] + 4.0 + 0.7 * rng.normal(size=60)
    ls = least_squares(X, y, fit_intercept=True)
    mle = gaussian_regression_mle(X, y, fit_intercept=True)
    np.testing.assert_allclose(mle.coef, ls.coef, rtol=1e-6, atol=1e-8)
    assert mle.intercept == pytest.approx(ls.intercept, rel=1e-6)
    assert mle.variance == pytest.approx(ls.residual_sum_squares / 60, rel=1e-6)
    mle0 = gaussian_regression_mle(X, y)
    np.testing.assert_allclose(mle0.coef, least_squares(X, y).coef, rtol=1e-6, atol=1e-8)


# ------------------------------------------------------------------ bad input
def _f(x):
    return float(np.sum(np.asarray(x) ** 2))


def _g(x):
    return 2 * np.asarray(x, dtype=float)


GD_GOOD = dict(f=_f, grad=_g, x0=[1.0, 2.0])
TABLES = {
    "gradient_descent": [
        (dict(f=3), TypeError, "f must be callable"),
        (dict(grad="g"), TypeError, "grad must be callable"),
        (dict(x0=[1.0, np.nan]), ValueError, "x0 holds 1 NaN or infinite values"),
        (
            dict(x0=[[1.0, 2.0]]),
            ValueError,
            r"x0 must be a 1-d array of real numbers; got an array of shape \(1, 2\)",
        ),
        (dict(x0=[]), ValueError, "x0 must be a 1-d array of real numbers with at least 1 entries"),
        (dict(x0="ab"), TypeError, "x0 must be a 1-d array"),
        (dict(method="newton"), ValueError, "method must be one of"),
        (dict(method=1), TypeError, "method must be a string"),
        (dict(learning_rate=-0.1), ValueError, "learning_rate must be a real number > 0"),
        (dict(learning_rate=0), ValueError, "learning_rate must be a real number > 0"),
        (dict(momentum=1.0), ValueError, r"momentum must be a real number in \[0, 1\)"),
        (dict(momentum=-0.5), ValueError, r"momentum must be a real number in \[0, 1\)"),
        (dict(n_iter=0), ValueError, "n_iter must be an integer >= 1"),
        (dict(tol=-1), ValueError, "tol must be a real number > 0"),
        (dict(epsilon=0.0), ValueError, "epsilon must be a real number > 0"),
        (
            dict(grad=lambda x: np.ones(3)),
            ValueError,
            "grad must be a function returning a vector of length 2",
        ),
    ],
    "momentum_stability_limit": [
        (dict(lipschitz=0.0), ValueError, "lipschitz must be a real number > 0"),
        (dict(momentum=1.2), ValueError, r"momentum must be a real number in \[0, 1\)"),
    ],
    "quadratic_problem": [
        (dict(eigenvalues=[1.0, -2.0]), ValueError, "eigenvalues must be an array of values > 0"),
        (dict(eigenvalues=[1.0, np.inf]), ValueError, "eigenvalues holds 1 NaN or infinite values"),
        (dict(angle="a"), TypeError, "angle must be a real number"),
        (dict(minimiser=[1.0]), ValueError, "minimiser has 1 entries but eigenvalues has 2"),
    ],
    "rosenbrock": [
        (dict(x=[1.0]), ValueError, "x must be an array with a leading axis of length 2"),
        (dict(x=[1.0, np.nan]), ValueError, "x holds 1 NaN"),
        (dict(x=["a", "b"]), TypeError, "x must be an array of real numbers"),
        (dict(a="1"), TypeError, "a must be a real number"),
        (dict(b=0.0), ValueError, "b must be a real number > 0"),
    ],
    "rosenbrock_grad": [
        (dict(x=[1.0, 2.0, 3.0]), ValueError, "x must be an array with a leading axis of length 2"),
        (dict(x=None), TypeError, "x must be an array of real numbers"),
        (dict(a=np.inf), ValueError, "a must be a finite real number"),
        (dict(b=-1.0), ValueError, "b must be a real number > 0"),
    ],
    "least_squares": [
        (dict(X=[1.0, 2.0, 3.0]), ValueError, "X must be a 2-d array.*reshape"),
        (dict(X=[[1.0], [np.nan], [2.0]]), ValueError, "X holds 1 NaN or infinite values"),
        (dict(y=[1.0, 2.0]), ValueError, "y has 2 entries but X has 3; they must pair up"),
        (dict(y=[1.0, np.inf, 2.0]), ValueError, "y holds 1 NaN or infinite values"),
        (dict(X=None), TypeError, "X must be a 2-d array"),
        (dict(fit_intercept="yes"), TypeError, "fit_intercept must be True or False"),
        (dict(X=[[1.0], [1.0], [1.0]], fit_intercept=True), ValueError, "rank 1 < 2"),
        (dict(method="qr"), ValueError, "method must be one of"),
        (dict(rank_deficient="zero"), ValueError, "rank_deficient must be one of"),
        (
            dict(
                X=[[1.0], [1.0], [1.0]],
                fit_intercept=True,
                method="normal",
                rank_deficient="minimum-norm",
            ),
            ValueError,
            "rank 1 < 2",
        ),
    ],
    "gaussian_regression_mle": [
        (dict(X=[[1.0], [np.nan], [2.0]]), ValueError, "X holds 1 NaN or infinite values"),
        (dict(y=[1.0, 2.0]), ValueError, "y has 2 entries but X has 3; they must pair up"),
        (dict(fit_intercept=1), TypeError, "fit_intercept must be True or False"),
    ],
    "gaussian_mle": [
        (
            dict(x=[1.0]),
            ValueError,
            "x must be a 1-d array of real numbers with at least 2 entries",
        ),
        (dict(x=[2.0, 2.0, 2.0]), ValueError, "x is constant"),
        (dict(x=[1.0, np.nan]), ValueError, "x holds 1 NaN or infinite values"),
        (dict(method="em"), ValueError, "method must be one of"),
    ],
    "bernoulli_mle": [
        (dict(x=[0, 1, 2]), ValueError, "x must be an array of 0/1 outcomes"),
        (dict(x=[]), ValueError, "x must be a 1-d array of real numbers with at least 1 entries"),
        (dict(method="bayes"), ValueError, "method must be one of"),
    ],
}
GOOD = {
    "gradient_descent": GD_GOOD,
    "momentum_stability_limit": dict(lipschitz=1.0, momentum=0.5),
    "quadratic_problem": dict(eigenvalues=[1.0, 2.0]),
    "rosenbrock": dict(x=[1.0, 2.0]),
    "rosenbrock_grad": dict(x=[1.0, 2.0]),
    "least_squares": dict(X=[[1.0], [2.0], [4.0]], y=[1.0, 2.0, 3.5]),
    "gaussian_regression_mle": dict(X=[[1.0], [2.0], [4.0]], y=[1.0, 2.0, 3.5]),
    "gaussian_mle": dict(x=[1.0, 2.0, 4.0]),
    "bernoulli_mle": dict(x=[0, 1, 1]),
}
ROWS = [(name, *row) for name, rows in TABLES.items() for row in rows]


@pytest.mark.parametrize("name, overrides, exc, pattern", ROWS)
def test_bad_input(name, overrides, exc, pattern):
    assert_rejects(
        exc, pattern, getattr(BO if name in BO.__all__ else O, name), **{**GOOD[name], **overrides}
    )


def test_good_inputs_pass_and_rows_name_parameters():
    for name, rows in TABLES.items():
        assert_table_applies(getattr(BO if name in BO.__all__ else O, name), GOOD[name], rows)


def test_f_grid_is_for_two_dimensional_problems_only():
    q3 = quadratic_problem((1.0, 2.0, 3.0))
    X1, X2 = np.meshgrid(np.linspace(-1, 1, 3), np.linspace(-1, 1, 3))
    with pytest.raises(ValueError, match=r"f_grid's problem must be 2-d; got a 3-d problem"):
        q3.f_grid(X1, X2)
