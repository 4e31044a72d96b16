r"""Optimisation (chapter "Optimisation"): gradient descent and its momentum, Nesterov and
Adagrad variants; least squares by the normal equations; maximum likelihood for Gaussian
and Bernoulli models, in closed form and numerically; least squares as the Gaussian-noise
maximum-likelihood estimate.

Conventions. Every descent method minimises :math:`f`. With :math:`g_t = \nabla f(x_t)`,
step size :math:`\eta` and momentum :math:`\gamma`:

* ``"plain"``: :math:`x_{t+1} = x_t - \eta g_t`;
* ``"momentum"`` (Polyak's heavy ball): :math:`v_t = \gamma v_{t-1} + \eta g_t`,
  :math:`x_{t+1} = x_t - v_t`;
* ``"nesterov"`` (alias ``"nag"``): :math:`v_t = \gamma v_{t-1} + \eta\nabla f(x_t -
  \gamma v_{t-1})`, :math:`x_{t+1} = x_t - v_t`;
* ``"adagrad"``: :math:`S_t = S_{t-1} + g_t^2` and :math:`x_{t+1} = x_t - \eta g_t /
  (\sqrt{S_t} + \epsilon)`, element-wise (Duchi, Hazan & Singer 2011). The course notes print
  :math:`\eta / (S_t + \epsilon)` without the square root: see the chapter's erratum.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable
from typing import Literal

import numpy as np
import scipy.linalg
import scipy.optimize
from numpy.typing import ArrayLike

from ._results import Result
from ._validation import (
    check_array,
    check_bool,
    check_callable,
    check_choice,
    check_scalar,
    fail,
    show,
)

__all__ = [
    "METHODS",
    "BernoulliMLE",
    "DescentResult",
    "GaussianMLE",
    "LeastSquares",
    "RegressionMLE",
    "bernoulli_mle",
    "gaussian_mle",
    "gaussian_regression_mle",
    "gradient_descent",
    "least_squares",
    "momentum_stability_limit",
]

#: Descent methods of :func:`gradient_descent` (``"nag"`` is accepted for ``"nesterov"``).
METHODS = ("plain", "momentum", "nesterov", "adagrad")
_ALIASES = {"nag": "nesterov"}


@dataclasses.dataclass(frozen=True, repr=False)
class DescentResult(Result):
    """The trace of a descent run.

    Attributes
    ----------
    x : ndarray
        The last iterate.
    fun : float
        :math:`f(x)` at the last iterate.
    converged : bool
        Whether the gradient norm fell to ``tol`` or below.
    diverged : bool
        Whether an iterate or its value became non-finite (the run stops there).
    n_iter : int
        Number of updates made.
    method : str
        The method's canonical name.
    path : ndarray, shape (n_iter + 1, d)
        All iterates, the start first.
    values : ndarray, shape (n_iter + 1,)
        :math:`f` along the path.
    grad_norms : ndarray, shape (n_iter + 1,)
        Euclidean norm of the gradient along the path.
    """

    x: np.ndarray
    fun: float
    converged: bool
    diverged: bool
    n_iter: int
    method: str
    path: np.ndarray = dataclasses.field(repr=False)
    values: np.ndarray = dataclasses.field(repr=False)
    grad_norms: np.ndarray = dataclasses.field(repr=False)


def _call_grad(grad, x, d):
    value = grad(x)
    try:
        if value is None or isinstance(value, (str, bytes)):
            raise TypeError
        g = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise fail(
            "grad",
            f"a function returning a vector of {d} real numbers (like x0)",
            f"one returning {show(value)}",
            error=TypeError,
            echo=False,
        ) from None
    if g.size != d:
        raise fail(
            "grad",
            f"a function returning a vector of length {d} (like x0)",
            f"one returning shape {g.shape}",
            echo=False,
        )
    return g.reshape(d)


def _call_f(f, x):
    value = f(x)
    try:
        out = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        out = None
    if out is None or out.size != 1 or value is None or isinstance(value, (str, bytes)):
        raise fail(
            "f",
            "a function returning one real number",
            f"one returning {show(value)}",
            error=TypeError,
            echo=False,
        )
    return float(out.reshape(()))


def gradient_descent(
    f: Callable,
    grad: Callable,
    x0: ArrayLike,
    *,
    method: Literal["plain", "momentum", "nesterov", "nag", "adagrad"] = "plain",
    learning_rate: float = 0.1,
    momentum: float = 0.9,
    n_iter: int = 1000,
    tol: float = 1e-8,
    epsilon: float = 1e-8,
) -> DescentResult:
    r"""Minimise ``f`` from ``x0`` by first-order descent, keeping the whole trace.

    Updates (with :math:`g_t = \nabla f(x_t)`; "better" is a lower :math:`f`):

    * plain: :math:`x_{t+1} = x_t - \eta g_t`
    * momentum: :math:`v_t = \gamma v_{t-1} + \eta g_t,\ x_{t+1} = x_t - v_t`
    * nesterov / nag: :math:`v_t = \gamma v_{t-1} + \eta \nabla f(x_t - \gamma v_{t-1}),\
      x_{t+1} = x_t - v_t`
    * adagrad: :math:`S_t = S_{t-1} + g_t^2,\ x_{t+1} = x_t - \eta g_t/(\sqrt{S_t}+\epsilon)`

    On a quadratic with largest curvature :math:`L`, plain descent converges iff
    :math:`0 < \eta < 2/L`; the heavy ball iff :math:`\eta < 2(1+\gamma)/L`
    (:func:`momentum_stability_limit`).

    Parameters
    ----------
    f, grad : callable
        The objective ``f(x) -> float`` and its gradient ``grad(x) -> array (d,)``.
    x0 : array-like, shape (d,)
        Starting point.
    method : {"plain", "momentum", "nesterov", "nag", "adagrad"}
    learning_rate : float > 0
        :math:`\eta`.
    momentum : float in [0, 1)
        :math:`\gamma` (used by momentum and nesterov only).
    n_iter : int >= 1
        Maximum number of updates.
    tol : float > 0
        Stop when :math:`\lVert\nabla f(x_t)\rVert \le` ``tol``.
    epsilon : float > 0
        Adagrad's guard against division by zero.

    Returns
    -------
    DescentResult
        Last iterate, flags, and the path, values and gradient norms. A run whose iterate
        becomes non-finite stops with ``diverged=True``.

    Raises
    ------
    ValueError
        If ``f(x0)`` or ``grad(x0)`` is not finite (the start is input, not a divergence).
    TypeError
        If ``f`` does not return one real number or ``grad`` a vector of d real numbers.

    Notes
    -----
    Cost: ``n_iter`` gradient calls and ``n_iter + 1`` function calls, O(d) extra work
    per step; the trace takes O(n_iter d) memory.

    References
    ----------
    Polyak, B. T. (1964). Some methods of speeding up the convergence of iteration methods.
    USSR Comput. Math. Math. Phys. 4(5), 1-17. doi:10.1016/0041-5553(64)90137-5.
    Nesterov, Y. (1983). A method for solving the convex programming problem with
    convergence rate O(1/k^2). Soviet Math. Dokl. 27, 372-376.
    Duchi, J., Hazan, E. & Singer, Y. (2011). Adaptive subgradient methods for online
    learning and stochastic optimization. JMLR 12, 2121-2159.

    Examples
    --------
    >>> from patterneval.book.optimisation import quadratic_problem
    >>> from patterneval.optimize import gradient_descent
    >>> q = quadratic_problem((1.0, 10.0))
    >>> res = gradient_descent(q.f, q.grad, [1.0, 1.0], method="nag", learning_rate=0.05,
    ...                        momentum=0.5, n_iter=500)
    >>> res.converged, bool(np.allclose(res.x, q.minimiser, atol=1e-7))
    (True, True)
    """
    check_callable("f", f)
    check_callable("grad", grad)
    x = check_array("x0", x0, ndim=1)
    method = _ALIASES.get(method, method) if isinstance(method, str) else method
    method = check_choice("method", method, METHODS + tuple(_ALIASES))
    eta = check_scalar("learning_rate", learning_rate, float, low=0, closed="neither")
    gamma = check_scalar("momentum", momentum, float, low=0, high=1, closed="left")
    n_iter = check_scalar("n_iter", n_iter, int, low=1)
    tol = check_scalar("tol", tol, float, low=0, closed="neither")
    epsilon = check_scalar("epsilon", epsilon, float, low=0, closed="neither")

    d = x.size
    path = np.empty((n_iter + 1, d))
    values = np.empty(n_iter + 1)
    norms = np.empty(n_iter + 1)
    v = np.zeros(d)
    s = np.zeros(d)
    path[0] = x
    values[0] = _call_f(f, x)
    g = _call_grad(grad, x, d)
    # the start is input, not a divergence: a value or gradient that is not finite there
    # would make every number of the trace NaN or infinite
    if not np.isfinite(values[0]):
        raise fail("f", "a function that is finite at x0", f"f(x0) = {values[0]}", echo=False)
    if not np.all(np.isfinite(g)):
        raise fail(
            "grad", "a function that is finite at x0", f"grad(x0) = {show(g.tolist())}", echo=False
        )
    norms[0] = np.linalg.norm(g)
    converged = bool(norms[0] <= tol)
    diverged = False
    t = 0
    with np.errstate(over="ignore", invalid="ignore"):
        while t < n_iter and not converged and not diverged:
            if method == "plain":
                x = x - eta * g
            elif method == "momentum":
                v = gamma * v + eta * g
                x = x - v
            elif method == "nesterov":
                v = gamma * v + eta * _call_grad(grad, x - gamma * v, d)
                x = x - v
            else:  # adagrad
                s = s + g * g
                x = x - eta * g / (np.sqrt(s) + epsilon)
            t += 1
            path[t] = x
            values[t] = _call_f(f, x) if np.all(np.isfinite(x)) else np.nan
            g = _call_grad(grad, x, d) if np.isfinite(values[t]) else np.full(d, np.nan)
            norms[t] = np.linalg.norm(g)
            diverged = not (np.isfinite(values[t]) and np.all(np.isfinite(g)))
            converged = (not diverged) and bool(norms[t] <= tol)
    return DescentResult(
        x=path[t].copy(),
        fun=float(values[t]),
        converged=converged,
        diverged=diverged,
        n_iter=t,
        method=method,
        path=path[: t + 1].copy(),
        values=values[: t + 1].copy(),
        grad_norms=norms[: t + 1].copy(),
    )


def momentum_stability_limit(lipschitz: float, momentum: float = 0.0) -> float:
    r"""Largest stable step of the heavy ball on a quadratic: :math:`2(1+\gamma)/L`.

    On :math:`f(x) = \tfrac12 L x^2` the heavy ball iterates the linear map
    :math:`(x_t, x_{t-1}) \mapsto ((1+\gamma-\eta L) x_t - \gamma x_{t-1}, x_t)`; its
    characteristic polynomial :math:`z^2 - (1+\gamma-\eta L) z + \gamma` has both roots
    inside the unit circle iff :math:`0 \le \gamma < 1` and :math:`0 < \eta L < 2(1+\gamma)`.
    With :math:`\gamma = 0` this is plain descent's :math:`2/L`. O(1).

    Parameters
    ----------
    lipschitz : float > 0
        :math:`L`, the largest curvature (Lipschitz constant of the gradient; a
        :class:`~patterneval.book.optimisation.Quadratic`'s ``lipschitz``). So small that the limit overflows (below
        about 4e-308): ValueError.
    momentum : float in [0, 1), default 0.0
        :math:`\gamma`.

    Returns
    -------
    float
        :math:`2(1+\gamma)/L`; steps :math:`\eta` strictly below it converge.

    Examples
    --------
    >>> from patterneval.optimize import momentum_stability_limit
    >>> momentum_stability_limit(10.0), momentum_stability_limit(10.0, 0.5)
    (0.2, 0.3)
    """
    L = check_scalar("lipschitz", lipschitz, float, low=0, closed="neither")
    gamma = check_scalar("momentum", momentum, float, low=0, high=1, closed="left")
    with np.errstate(over="ignore"):
        limit = 2.0 * (1.0 + gamma) / L
    if not np.isfinite(limit):  # L below ~4e-308: the step limit overflows
        raise fail("lipschitz", "large enough for 2(1 + momentum)/lipschitz to be finite", L)
    return limit


# --- least squares -----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, repr=False)
class LeastSquares(Result):
    """Coefficients of a least-squares fit.

    Attributes
    ----------
    coef : ndarray, shape (n_features,)
    intercept : float
        0.0 when ``fit_intercept=False``.
    rank : int
        Numerical rank of the design matrix (with the column of ones if an intercept is
        fitted): the number of singular values above ``s_max * max(n, d) * eps``, the rule
        of :func:`numpy.linalg.matrix_rank`.
    residual_sum_squares : float
        :math:`\\lVert y - X\\theta\\rVert^2`.
    condition_number : float
        :math:`\\kappa(X) = s_{\\max}/s_{\\min}` of the design matrix (infinite if it is
        rank deficient); the normal equations' matrix has :math:`\\kappa(X^\\top X) =
        \\kappa(X)^2`.
    method : str
        ``"svd"`` or ``"normal"``.
    """

    coef: np.ndarray
    intercept: float
    rank: int
    residual_sum_squares: float
    condition_number: float = dataclasses.field(default=np.nan)
    method: str = "svd"


def _design(X, fit_intercept):
    return np.column_stack([np.ones(X.shape[0]), X]) if fit_intercept else X


def least_squares(
    X: ArrayLike,
    y: ArrayLike,
    *,
    fit_intercept: bool = False,
    method: Literal["svd", "normal"] = "svd",
    rank_deficient: Literal["raise", "minimum-norm"] = "raise",
) -> LeastSquares:
    r"""Least squares: the :math:`\theta` minimising :math:`S(\theta) = \tfrac12\lVert X\theta -
    y\rVert^2` (smaller is better).

    Setting :math:`\nabla S = X^\top X\theta - X^\top y = 0` gives the **normal
    equations** :math:`X^\top X\theta = X^\top y` (the chapter's derivation), whose solution
    is unique iff :math:`X` has full *column* rank. Solving them numerically squares the
    condition number, :math:`\kappa(X^\top X) = \kappa(X)^2`, and loses twice as many digits
    as the problem itself demands; so the default ``method="svd"`` never forms
    :math:`X^\top X`. With the thin SVD :math:`X = U\,\mathrm{diag}(s)\,V^\top`,
    :math:`\theta = V\,\mathrm{diag}(1/s)\,U^\top y` (what :func:`numpy.linalg.lstsq` computes),
    accurate to about :math:`\kappa(X)\,\epsilon`. The SVD also reveals the rank: singular
    values at or below :math:`s_{\max}\max(n, d)\,\epsilon` count as zero.

    Parameters
    ----------
    X : array-like, shape (n_samples, n_features)
    y : array-like, shape (n_samples,)
    fit_intercept : bool, default False
        Prepend a column of ones (its coefficient is ``intercept``).
    method : {"svd", "normal"}, default "svd"
        ``"normal"`` solves the normal equations by a Cholesky factorisation of
        :math:`X^\top X` (for the chapter's comparison; inaccurate when :math:`\kappa(X)`
        is large, and refused when :math:`X^\top X` is numerically singular).
    rank_deficient : {"raise", "minimum-norm"}, default "raise"
        What to do if the design matrix is rank deficient (then the minimiser is not
        unique): raise a ``ValueError``, or return the minimum-norm minimiser
        :math:`V_r\,\mathrm{diag}(1/s_r)\,U_r^\top y` over the :math:`r` non-zero singular
        values (numpy.linalg.lstsq's answer). ``method="normal"`` always raises.

    Returns
    -------
    LeastSquares

    Raises
    ------
    ValueError
        If the design matrix is rank deficient and ``rank_deficient="raise"`` (or
        ``method="normal"``), if the normal equations' matrix is numerically singular, or if
        the coefficients or the residual sum of squares overflow (a badly scaled X or y).

    Notes
    -----
    Cost O(n d^2) for the thin SVD (``"normal"``: O(n d^2 + d^3)); memory O(n d).

    References
    ----------
    Gauss, C. F. (1809). Theoria motus corporum coelestium. Hamburg: Perthes & Besser.
    Golub, G. H. & Van Loan, C. F. (2013). Matrix Computations, 4th ed., sections 5.3
    and 5.5. Johns Hopkins University Press.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.optimize import least_squares
    >>> X = np.array([[0.0], [1.0], [2.0]]); y = np.array([1.0, 3.0, 5.0])
    >>> fit = least_squares(X, y, fit_intercept=True)
    >>> round(float(fit.coef[0]), 10), round(fit.intercept, 10)
    (2.0, 1.0)
    >>> Xd = np.array([[1.0, 1.0], [2.0, 2.0]])          # two equal columns
    >>> least_squares(Xd, [1.0, 2.0], rank_deficient="minimum-norm").coef
    array([0.5, 0.5])
    """
    X, y, fit_intercept = _check_regression(X, y, fit_intercept)
    method = check_choice("method", method, ("svd", "normal"))
    rank_deficient = check_choice("rank_deficient", rank_deficient, ("raise", "minimum-norm"))
    Z = _design(X, fit_intercept)
    n, p = Z.shape
    U, s, Vt = np.linalg.svd(Z, full_matrices=False)
    cutoff = s[0] * max(n, p) * np.finfo(float).eps if s.size else 0.0
    keep = s > cutoff
    rank = int(np.count_nonzero(keep))
    cond = float(s[0] / s[-1]) if rank == p and p == s.size else float("inf")
    if rank < p and (rank_deficient == "raise" or method == "normal"):
        raise ValueError(
            f"the design matrix has rank {rank} < {p} columns, so X'X is singular and the "
            f"least-squares minimiser is not unique (need n_samples >= n_features and no "
            f"collinear columns); pass rank_deficient='minimum-norm' for the minimum-norm "
            f"solution (as numpy.linalg.lstsq)."
        )
    if method == "svd":
        theta = Vt[keep].T @ ((U[:, keep].T @ y) / s[keep])
    else:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", scipy.linalg.LinAlgWarning)
                theta = scipy.linalg.solve(Z.T @ Z, Z.T @ y, assume_a="pos")
        except (np.linalg.LinAlgError, scipy.linalg.LinAlgWarning):
            raise ValueError(
                f"X'X is numerically singular (cond(X) = {cond:.1e}, so cond(X'X) = "
                f"cond(X)^2 = {cond * cond:.1e} is beyond 1/eps): the normal equations cannot "
                f"be solved in double precision; use method='svd'."
            ) from None
    with np.errstate(over="ignore", invalid="ignore"):
        rss = float(np.sum((y - Z @ theta) ** 2))
    if not (np.all(np.isfinite(theta)) and np.isfinite(rss)):  # e.g. X ~ 1e-310, so theta ~ 1e310
        raise fail(
            "X and y",
            "scaled so that the coefficients and the residual sum of squares are "
            "finite in double precision",
            "values for which they overflow",
            echo=False,
            hint="Rescale the columns of X (or y).",
        )
    if fit_intercept:
        return LeastSquares(
            coef=theta[1:],
            intercept=float(theta[0]),
            rank=rank,
            residual_sum_squares=rss,
            condition_number=cond,
            method=method,
        )
    return LeastSquares(
        coef=theta,
        intercept=0.0,
        rank=rank,
        residual_sum_squares=rss,
        condition_number=cond,
        method=method,
    )


# --- maximum likelihood ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, repr=False)
class GaussianMLE(Result):
    r"""Maximum-likelihood estimate of a normal model :math:`N(\mu, \sigma^2)`.

    ``variance`` is the MLE :math:`\frac1n\sum(x_i-\bar x)^2`, biased: its expectation is
    :math:`\frac{n-1}{n}\sigma^2`.

    Attributes
    ----------
    mean : float
        :math:`\hat\mu = \bar x`.
    variance : float
        :math:`\hat\sigma^2`.
    log_likelihood : float
        :math:`\ell(\hat\mu, \hat\sigma^2)` (natural log).
    method : str
        ``"closed"`` or ``"numeric"``.
    """

    mean: float
    variance: float
    log_likelihood: float
    method: str


@dataclasses.dataclass(frozen=True, repr=False)
class BernoulliMLE(Result):
    r"""Maximum-likelihood estimate of a Bernoulli(p) model (the share of ones).

    Attributes
    ----------
    p : float
        :math:`\hat p = k / n`.
    log_likelihood : float
        :math:`\ell(\hat p)` (natural log; 0 when all outcomes are equal).
    method : str
        ``"closed"`` or ``"numeric"``.
    """

    p: float
    log_likelihood: float
    method: str


def _gaussian_loglik(x, mu, var):
    n = x.size
    return float(-0.5 * n * np.log(2 * np.pi * var) - np.sum((x - mu) ** 2) / (2 * var))


def gaussian_mle(x: ArrayLike, *, method: Literal["closed", "numeric"] = "closed") -> GaussianMLE:
    r"""Maximum likelihood for :math:`x_i \sim N(\mu, \sigma^2)` i.i.d.

    The log-likelihood :math:`\ell = -\tfrac n2\ln(2\pi\sigma^2) - \sum(x_i-\mu)^2/(2\sigma^2)`
    (larger is better) has its maximum at :math:`\hat\mu = \bar x`,
    :math:`\hat\sigma^2 = \frac1n\sum(x_i - \bar x)^2` (``method="closed"``, O(n)).
    ``method="numeric"`` minimises :math:`-\ell` over :math:`(\mu, \ln\sigma^2)` with
    BFGS and the analytic gradient (:func:`scipy.optimize.minimize`).

    Parameters
    ----------
    x : array_like of shape (n,)
        Finite real observations, at least 2 and not all equal (else the likelihood is
        unbounded), with a variance representable in double precision (a spread near
        1e-160 or 1e160 raises a ValueError rather than a variance of 0 or inf).
    method : {"closed", "numeric"}, default "closed", keyword-only

    Returns
    -------
    GaussianMLE

    Examples
    --------
    >>> from patterneval.optimize import gaussian_mle
    >>> gaussian_mle([1.0, 2.0, 3.0, 6.0])
    GaussianMLE(mean=3.0, variance=3.5, log_likelihood=-8.18128, method='closed')
    >>> round(gaussian_mle([1.0, 2.0, 3.0, 6.0], method="numeric").variance, 6)
    3.5
    """
    x = check_array("x", x, ndim=1, min_rows=2)
    method = check_choice("method", method, ("closed", "numeric"))
    if np.ptp(x) == 0:
        raise ValueError("x is constant: the variance MLE is 0 and the likelihood is unbounded.")
    if method == "closed":
        mu = float(x.mean())
        with np.errstate(over="ignore", under="ignore"):
            var = float(np.mean((x - mu) ** 2))
        if not (0 < var < np.inf):  # a spread near 1e-160 (1e160) under- (over)flows when squared
            raise fail(
                "x",
                "observations whose variance is a positive finite number in double precision",
                f"a spread of {np.ptp(x):.3g}, whose square is {var:.3g}",
                echo=False,
                hint="Rescale x.",
            )
        return GaussianMLE(
            mean=mu, variance=var, log_likelihood=_gaussian_loglik(x, mu, var), method=method
        )
    # standardise for conditioning, optimise, transform back (the MLE is equivariant)
    loc, scale = np.median(x), np.std(x) or 1.0
    z = (x - loc) / scale
    n = z.size

    def nll(p):
        mu, s = p
        r = z - mu
        e = np.exp(-s)
        return 0.5 * n * (np.log(2 * np.pi) + s) + 0.5 * e * r @ r, np.array(
            [-e * r.sum(), 0.5 * n - 0.5 * e * r @ r]
        )

    res = scipy.optimize.minimize(
        nll, np.array([0.0, 0.0]), jac=True, method="BFGS", options={"gtol": 1e-12, "maxiter": 1000}
    )
    mu = float(loc + scale * res.x[0])
    with np.errstate(over="ignore", under="ignore"):
        var = float(scale**2 * np.exp(res.x[1]))
    if not (0 < var < np.inf):
        raise fail(
            "x",
            "observations whose variance is a positive finite number in double precision",
            f"a spread of {np.ptp(x):.3g}",
            echo=False,
            hint="Rescale x.",
        )
    return GaussianMLE(
        mean=mu, variance=var, log_likelihood=_gaussian_loglik(x, mu, var), method=method
    )


def bernoulli_mle(x: ArrayLike, *, method: Literal["closed", "numeric"] = "closed") -> BernoulliMLE:
    r"""Maximum likelihood for :math:`x_i \sim \text{Bernoulli}(p)` i.i.d. (0/1 data).

    :math:`\ell(p) = k\ln p + (n-k)\ln(1-p)` with :math:`k = \sum x_i`; :math:`\ell'(p) =
    k/p - (n-k)/(1-p) = 0` gives :math:`\hat p = k/n` (``"closed"``, O(n)).
    ``"numeric"`` maximises :math:`\ell` by bounded scalar search on
    :math:`[10^{-12}, 1-10^{-12}]` (:func:`scipy.optimize.minimize_scalar`).

    Parameters
    ----------
    x : array_like of shape (n,)
        0/1 outcomes (non-empty).
    method : {"closed", "numeric"}, default "closed", keyword-only

    Returns
    -------
    BernoulliMLE

    Examples
    --------
    >>> from patterneval.optimize import bernoulli_mle
    >>> bernoulli_mle([1, 0, 1, 1]).p
    0.75
    >>> round(bernoulli_mle([1, 0, 1, 1], method="numeric").p, 6)
    0.75
    """
    arr = check_array("x", x, ndim=1)
    method = check_choice("method", method, ("closed", "numeric"))
    if not np.all((arr == 0) | (arr == 1)):
        raise fail(
            "x", "an array of 0/1 outcomes", f"values {sorted(set(arr.tolist()))[:6]}", echo=False
        )
    n, k = arr.size, float(arr.sum())

    def loglik(p):
        with np.errstate(divide="ignore", invalid="ignore"):
            a = k * np.log(p) if k > 0 else 0.0
            b = (n - k) * np.log1p(-p) if n - k > 0 else 0.0
        return float(a + b)

    if method == "closed":
        p = k / n
    else:
        res = scipy.optimize.minimize_scalar(
            lambda p: -loglik(p),
            bounds=(1e-12, 1 - 1e-12),
            method="bounded",
            options={"xatol": 1e-12},
        )
        p = float(res.x)
    return BernoulliMLE(p=float(p), log_likelihood=loglik(p), method=method)


@dataclasses.dataclass(frozen=True, repr=False)
class RegressionMLE(Result):
    r"""Numerical maximum-likelihood fit of :math:`y = X\theta + \varepsilon`,
    :math:`\varepsilon \sim N(0, \sigma^2 I)`.

    Attributes
    ----------
    coef : ndarray of shape (n_features,)
    intercept : float
        0.0 without ``fit_intercept``.
    variance : float
        :math:`\hat\sigma^2` (= RSS / n at the optimum).
    log_likelihood : float
        :math:`\ell(\hat\theta, \hat\sigma^2)` (natural log).
    n_iter : int
        BFGS iterations (solver-dependent; not for printing).
    """

    coef: np.ndarray
    intercept: float
    variance: float
    log_likelihood: float
    n_iter: int


def gaussian_regression_mle(
    X: ArrayLike, y: ArrayLike, *, fit_intercept: bool = False
) -> RegressionMLE:
    r"""Fit a linear model by maximising the Gaussian likelihood numerically.

    :math:`\ell(\theta, \sigma^2) = -\tfrac n2\ln(2\pi\sigma^2) - \lVert y -
    X\theta\rVert^2/(2\sigma^2)`: for every :math:`\sigma^2` the :math:`\theta` part is
    :math:`-S(\theta)/\sigma^2`, so the maximiser in :math:`\theta` is the least-squares
    solution (:func:`least_squares`) and :math:`\hat\sigma^2 = \mathrm{RSS}/n`. This
    function does *not* use that: it runs BFGS on :math:`-\ell` over
    :math:`(\theta, \ln\sigma^2)` from zero, so that the agreement is a demonstration.
    Cost O(n d) per iteration.

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
        Finite design matrix.
    y : array_like of shape (n_samples,)
        Finite targets, not fitted exactly by ``X`` (else the variance MLE is 0 and the
        likelihood unbounded: ValueError; in particular n_samples > n_features).
    fit_intercept : bool, default False, keyword-only
        Prepend a column of ones (its coefficient is ``intercept``).

    Returns
    -------
    RegressionMLE

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.optimize import gaussian_regression_mle, least_squares
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(50, 2)); y = X @ [1.0, -2.0] + 0.5 + rng.normal(size=50)
    >>> mle = gaussian_regression_mle(X, y, fit_intercept=True)
    >>> bool(np.allclose(mle.coef, least_squares(X, y, fit_intercept=True).coef, atol=1e-6))
    True
    """
    X, y, fit_intercept = _check_regression(X, y, fit_intercept)
    Z = _design(X, fit_intercept)
    n, p = Z.shape
    # an exact fit (y in the column space of X, to rounding; always when n <= p) has
    # residual 0: the variance MLE would be 0 and the log-likelihood infinite
    residual = y - Z @ np.linalg.lstsq(Z, y, rcond=None)[0]
    if np.linalg.norm(residual) <= max(n, p) * np.finfo(float).eps * np.linalg.norm(y):
        raise fail(
            "y",
            "targets that X does not fit exactly (a positive residual sum of squares)",
            f"a residual within rounding of 0 ({n} samples, {p} coefficients)",
            echo=False,
            hint="The noise variance MLE would be 0 and the likelihood unbounded.",
        )
    # work in standardised units for conditioning (the MLE is equivariant under this)
    ys = np.std(y) or 1.0
    zs = np.where(np.std(Z, axis=0) > 0, np.std(Z, axis=0), 1.0)
    if fit_intercept:
        zs[0] = 1.0
    Zs, yt = Z / zs, y / ys

    def nll(params):
        theta, s = params[:p], params[p]
        r = yt - Zs @ theta
        e = np.exp(-s)
        rr = r @ r
        value = 0.5 * n * (np.log(2 * np.pi) + s) + 0.5 * e * rr
        grad = np.concatenate([-e * (Zs.T @ r), [0.5 * n - 0.5 * e * rr]])
        return value, grad

    res = scipy.optimize.minimize(
        nll, np.zeros(p + 1), jac=True, method="BFGS", options={"gtol": 1e-10, "maxiter": 5000}
    )
    theta = res.x[:p] / zs * ys
    var = float(np.exp(res.x[p]) * ys**2)
    ll = _gaussian_loglik(y - Z @ theta, 0.0, var)
    if not (var > 0 and np.isfinite(var) and np.isfinite(ll)):
        raise fail(
            "y",
            "targets with a finite, positive noise variance MLE",
            f"variance {var:.3g}",
            echo=False,
        )
    coef, intercept = (theta[1:], float(theta[0])) if fit_intercept else (theta, 0.0)
    return RegressionMLE(
        coef=coef, intercept=intercept, variance=var, log_likelihood=ll, n_iter=int(res.nit)
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def _check_regression(X, y, fit_intercept) -> tuple:
    """A design matrix X (2-d, finite), real targets y (1-d, finite), one per row of X, and
    the flag ``fit_intercept``. Returns float arrays and the flag."""
    X = check_array("X", X, ndim=2, shape_hint="(n_samples, n_features)")
    y = check_array("y", y, ndim=1, n=X.shape[0], n_name="X")
    return X, y, check_bool("fit_intercept", fit_intercept)
