r"""The chapter "Optimisation" (Part III): test problems with a known minimum.

Chapter helpers, not methods: a quadratic with a chosen spectrum, rotation and minimiser, and
Rosenbrock's function with its gradient, for :func:`~patterneval.optimize.gradient_descent`
and :func:`~patterneval.optimize.momentum_stability_limit` to be checked against.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numpy.typing import ArrayLike

from .._results import Result
from .._validation import check_array, check_scalar, fail

__all__ = ["Quadratic", "quadratic_problem", "rosenbrock", "rosenbrock_grad"]


@dataclasses.dataclass(frozen=True, repr=False)
class Quadratic(Result):
    r"""The quadratic :math:`f(x) = \tfrac12 x^\top A x - b^\top x` with :math:`A` symmetric
    positive definite: gradient :math:`Ax - b`, minimiser :math:`A^{-1}b`, Lipschitz
    constant of the gradient :math:`L = \lambda_{\max}(A)`, strong convexity
    :math:`\mu = \lambda_{\min}(A)`, condition number :math:`L/\mu`. Made by
    :func:`quadratic_problem`; its methods ``f(x)`` and ``grad(x)`` are ready for
    :func:`~patterneval.optimize.gradient_descent`, and ``f_grid(X1, X2)`` evaluates a 2-d problem on a grid.

    Attributes
    ----------
    A : ndarray of shape (d, d)
        Symmetric positive definite.
    b : ndarray of shape (d,)
    minimiser : ndarray of shape (d,)
        :math:`x^* = A^{-1} b`.
    lipschitz : float
        :math:`L = \lambda_{\max}(A)`.
    strong_convexity : float
        :math:`\mu = \lambda_{\min}(A)`.
    condition_number : float
        :math:`L / \mu`.
    """

    A: np.ndarray
    b: np.ndarray
    minimiser: np.ndarray
    lipschitz: float
    strong_convexity: float
    condition_number: float

    def f(self, x: ArrayLike) -> float:
        """:math:`f(x)` at one point ``x`` of shape (d,).

        Parameters
        ----------
        x : array_like, shape (d,)

        Returns
        -------
        float
            ``inf`` where f overflows (``|x|`` beyond about 1e154 / sqrt(lipschitz)): the true
            value exceeds every float, and :func:`~patterneval.optimize.gradient_descent` reads it as divergence.
        """
        x = self._point(x)
        return 0.5 * x @ self.A @ x - self.b @ x

    def grad(self, x: ArrayLike) -> np.ndarray:
        r""":math:`\nabla f(x) = Ax - b` at one point ``x`` of shape (d,).

        Parameters
        ----------
        x : array_like, shape (d,)

        Returns
        -------
        ndarray, shape (d,)
        """
        return self.A @ self._point(x) - self.b

    def f_grid(self, X1: ArrayLike, X2: ArrayLike) -> np.ndarray:
        """:math:`f` on a 2-d grid (for contour plots), vectorised. O(grid size).

        Parameters
        ----------
        X1, X2 : array_like, same shape
            First and second coordinates of the grid points (e.g. from
            :func:`numpy.meshgrid`).

        Returns
        -------
        ndarray, the shape of X1
            :math:`f` at each point.

        Raises
        ------
        ValueError
            If the problem is not 2-d or the shapes differ.
        """
        if self.b.size != 2:
            raise fail("f_grid's problem", "2-d", f"a {self.b.size}-d problem", echo=False)
        X1 = check_array("X1", X1)
        X2 = check_array("X2", X2)
        if X1.shape != X2.shape:
            raise fail("X2", f"of the shape of X1 {X1.shape}", f"shape {X2.shape}", echo=False)
        A, b = self.A, self.b
        return (
            0.5 * (A[0, 0] * X1**2 + 2 * A[0, 1] * X1 * X2 + A[1, 1] * X2**2)
            - b[0] * X1
            - b[1] * X2
        )

    def _point(self, x):
        return check_array("x", x, ndim=1, n=self.b.size, n_name="the problem's dimension")


def quadratic_problem(
    eigenvalues: ArrayLike = (1.0, 10.0),
    *,
    angle: float = 0.0,
    minimiser: ArrayLike | None = None,
) -> Quadratic:
    r"""An ill-conditioned quadratic test problem with prescribed curvatures.

    :math:`A = R\,\mathrm{diag}(\lambda)\,R^\top` with :math:`R` the rotation by ``angle``
    (radians, 2-d only; ignored in other dimensions) and :math:`b = A x^*` so that the
    minimiser is ``minimiser`` (default the origin). O(d^3).

    Parameters
    ----------
    eigenvalues : array_like of float > 0, default (1.0, 10.0)
        The curvatures :math:`\lambda`; their number is the dimension d, and
        :math:`\max\lambda / \min\lambda` the condition number.
    angle : float, default 0.0, keyword-only
        Rotation of the principal axes in radians (finite; used only when d = 2).
    minimiser : None or array_like of shape (d,), keyword-only
        The minimiser :math:`x^*` (finite); None is the origin.

    Returns
    -------
    Quadratic

    Examples
    --------
    >>> from patterneval.book.optimisation import quadratic_problem
    >>> q = quadratic_problem((1.0, 25.0), angle=0.3)
    >>> q.lipschitz, q.condition_number
    (25.0, 25.0)
    """
    lam = check_array("eigenvalues", eigenvalues, ndim=1, low=0, closed="neither")
    d = lam.size
    angle = check_scalar("angle", angle, float)
    R = np.eye(d)
    if d == 2:
        c, s = np.cos(angle), np.sin(angle)
        R = np.array([[c, -s], [s, c]])
    A = R @ np.diag(lam) @ R.T
    A = (A + A.T) / 2
    x_star = (
        np.zeros(d)
        if minimiser is None
        else check_array("minimiser", minimiser, ndim=1, n=d, n_name="eigenvalues")
    )
    return Quadratic(
        A=A,
        b=A @ x_star,
        minimiser=x_star,
        lipschitz=float(lam.max()),
        strong_convexity=float(lam.min()),
        condition_number=float(lam.max() / lam.min()),
    )


def _check_rosenbrock(x, a, b):
    """x: finite reals with a leading axis of length 2; a: finite real; b: finite real > 0."""
    x = check_array("x", x)
    if x.ndim == 0 or x.shape[0] != 2:
        raise fail(
            "x",
            "an array with a leading axis of length 2 (x1, x2), possibly followed by grid axes",
            f"shape {x.shape}",
            echo=False,
        )
    return x, check_scalar("a", a, float), check_scalar("b", b, float, low=0, closed="neither")


def rosenbrock(x: ArrayLike, *, a: float = 1.0, b: float = 100.0) -> float | np.ndarray:
    r"""Rosenbrock's banana :math:`(a - x_1)^2 + b(x_2 - x_1^2)^2`; minimum 0 at
    :math:`(a, a^2)`. ``x`` may have a leading axis of length 2 followed by grid axes.

    Parameters
    ----------
    x : array_like of shape (2,) or (2, ...)
        The point :math:`(x_1, x_2)`, or a stack of points along trailing grid axes
        (e.g. ``np.stack([X1, X2])`` of a mesh grid); finite real numbers.
    a : float, default 1.0, keyword-only
        Finite.
    b : float > 0, default 100.0, keyword-only
        The valley's steepness; larger is harder for plain descent.

    Returns
    -------
    float or ndarray
        :math:`f` at each point (shape ``x.shape[1:]``). Beyond about 1e77 it overflows to
        ``inf`` (with numpy's RuntimeWarning): the true value exceeds every float, and
        :func:`~patterneval.optimize.gradient_descent` reads it as divergence, so it is returned, not refused.

    Examples
    --------
    >>> from patterneval.book.optimisation import rosenbrock
    >>> float(rosenbrock([1.0, 1.0])), float(rosenbrock([0.0, 0.0]))
    (0.0, 1.0)
    """
    x, a, b = _check_rosenbrock(x, a, b)
    return (a - x[0]) ** 2 + b * (x[1] - x[0] ** 2) ** 2


def rosenbrock_grad(x: ArrayLike, *, a: float = 1.0, b: float = 100.0) -> np.ndarray:
    r"""Gradient of :func:`rosenbrock`:
    :math:`(-2(a-x_1) - 4 b x_1 (x_2 - x_1^2),\ 2 b (x_2 - x_1^2))`.

    Parameters
    ----------
    x : array_like of shape (2,) or (2, ...)
        As in :func:`rosenbrock`.
    a : float, default 1.0, keyword-only
    b : float > 0, default 100.0, keyword-only

    Returns
    -------
    ndarray of shape x.shape
        The two partial derivatives along the leading axis.

    Examples
    --------
    >>> from patterneval.book.optimisation import rosenbrock_grad
    >>> rosenbrock_grad([1.0, 1.0]).tolist()
    [0.0, 0.0]
    """
    x, a, b = _check_rosenbrock(x, a, b)
    r = x[1] - x[0] ** 2
    return np.array([-2 * (a - x[0]) - 4 * b * x[0] * r, 2 * b * r])
