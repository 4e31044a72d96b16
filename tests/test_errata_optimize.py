"""Errata of note 002, section 优化和搜索 (chapter "Optimisation"), shown numerically.

1. Adagrad: the note prints theta_{t+1} = theta_t - eta / (S_t + eps) * g_t. Duchi, Hazan &
   Singer (2011) divide by sqrt(S_t) + eps (the note's own bullet says "square root", the
   formula drops it). Without the root the step is not invariant to rescaling f, and for
   large gradients the method barely moves.
2. Momentum: the note writes v_t = gamma v_{t-1} + eta grad f(theta_{t-1}) and then
   theta_{t+1} = theta_t - v_t: the gradient is one step stale. Polyak's heavy ball uses
   the gradient at the current point theta_t. The stale version diverges for steps where
   the heavy ball converges.
3. Matrix calculus: the note lists d/dA (x' A y) = x' y. The derivative of the scalar
   x' A y with respect to the matrix A is the matrix x y' (x' y is a scalar).
4. Normal equations: "X must be full rank" -- it must have full *column* rank. A wide X
   (fewer rows than columns) can have full (row) rank while X'X is singular.
"""

import numpy as np
import pytest

from patterneval.book.optimisation import quadratic_problem
from patterneval.optimize import gradient_descent, least_squares, momentum_stability_limit


def note_adagrad(grad, x0, eta, n_iter, eps=1e-8):
    """Note 002 as printed: theta <- theta - eta / (S_t + eps) * g."""
    x = np.array(x0, dtype=float)
    s = np.zeros_like(x)
    path = [x.copy()]
    for _ in range(n_iter):
        g = grad(x)
        s = s + g * g
        x = x - eta / (s + eps) * g
        path.append(x.copy())
    return np.array(path)


def test_adagrad_without_square_root_depends_on_the_scale_of_f():
    q = quadratic_problem((1.0, 30.0), angle=0.2)
    x0 = [1.0, -1.0]
    paths_note = [note_adagrad(lambda x, c=c: c * q.grad(x), x0, 0.3, 100) for c in (1.0, 100.0)]
    paths_ok = [
        gradient_descent(
            lambda x, c=c: c * q.f(x),
            lambda x, c=c: c * q.grad(x),
            x0,
            method="adagrad",
            learning_rate=0.3,
            n_iter=100,
            tol=1e-300,
            epsilon=1e-12,
        ).path
        for c in (1.0, 100.0)
    ]
    # with the root: the same path whatever the scale of f
    np.testing.assert_allclose(paths_ok[0], paths_ok[1], rtol=1e-8, atol=1e-10)
    # without it: scaling f by 100 shrinks every step by about 100
    step_1 = np.linalg.norm(np.diff(paths_note[0], axis=0), axis=1)
    step_100 = np.linalg.norm(np.diff(paths_note[1], axis=0), axis=1)
    assert np.all(step_100[:10] < step_1[:10] / 50)
    # and after 100 steps the note's version on 100 f is still far from the minimum
    assert np.linalg.norm(paths_note[1][-1]) > 0.9 * np.linalg.norm(x0)
    assert np.linalg.norm(paths_ok[1][-1]) < 0.05


def stale_momentum(L, eta, gamma, n_iter=3000):
    """Note 002 as printed: v_t = gamma v_{t-1} + eta f'(theta_{t-1}); theta_{t+1} = theta_t - v_t,
    on f = L theta^2 / 2 from theta_0 = theta_1 = 1."""
    prev, cur, v = 1.0, 1.0, 0.0
    for _ in range(n_iter):
        v = gamma * v + eta * L * prev
        prev, cur = cur, cur - v
        if abs(cur) > 1e12:
            return np.inf
    return abs(cur)


@pytest.mark.parametrize("gamma, eta", [(0.5, 1.0), (0.5, 2.0), (0.9, 0.5), (0.0, 1.5)])
def test_stale_gradient_momentum_diverges_where_heavy_ball_converges(gamma, eta):
    L = 1.0
    assert eta < momentum_stability_limit(L, gamma)
    heavy = gradient_descent(
        lambda x: 0.5 * L * x @ x,
        lambda x: L * x,
        [1.0],
        method="momentum",
        learning_rate=eta,
        momentum=gamma,
        n_iter=3000,
        tol=1e-12,
    )
    assert heavy.converged
    assert stale_momentum(L, eta, gamma) == np.inf


def test_derivative_of_bilinear_form_is_outer_product():
    rng = np.random.default_rng(0)
    x, y, A = rng.normal(size=3), rng.normal(size=4), rng.normal(size=(3, 4))
    h = 1e-6
    numeric = np.zeros_like(A)
    for i in range(3):
        for j in range(4):
            E = np.zeros_like(A)
            E[i, j] = h
            numeric[i, j] = (x @ (A + E) @ y - x @ (A - E) @ y) / (2 * h)
    np.testing.assert_allclose(numeric, np.outer(x, y), rtol=1e-7, atol=1e-9)
    # the note's x'y is a scalar: it cannot even have the shape of A
    assert np.shape(x[:3] @ x[:3]) == () != A.shape
    # the identities the note states correctly, checked the same way
    a, B = rng.normal(size=3), rng.normal(size=(3, 3))

    def num_grad(fun, z):
        return np.array([(fun(z + h * e) - fun(z - h * e)) / (2 * h) for e in np.eye(z.size)])

    np.testing.assert_allclose(num_grad(lambda z: z @ a, x), a, rtol=1e-7)
    np.testing.assert_allclose(num_grad(lambda z: z @ B @ z, x), (B + B.T) @ x, rtol=1e-6)


def test_full_row_rank_is_not_enough():
    X = np.random.default_rng(1).normal(size=(3, 5))  # 3 samples, 5 parameters
    assert np.linalg.matrix_rank(X) == 3  # "full rank" (as large as a 3 x 5 matrix allows)
    assert np.linalg.matrix_rank(X.T @ X) == 3 < 5  # X'X is 5 x 5 and singular
    with pytest.raises(ValueError, match="rank 3 < 5"):
        least_squares(X, np.ones(3))
