"""Explorer of the chapter "Optimisation"."""

from __future__ import annotations

from typing import Literal

from ..plotting.optimize import DescentPainter, contour_problem
from ._base import Explorer, dropdown, float_slider, log_slider

__all__ = ["DescentExplorer"]


class DescentExplorer(Explorer):
    """A method dropdown and sliders for the learning rate (log scale) and the momentum over
    :class:`~patterneval.plotting.optimize.DescentPainter`: the path of the method on a
    contour plot of ``problem`` ("quadratic": condition number 20; or "rosenbrock") and its
    convergence curve. The contour is computed once; a move reruns ``n_iter`` steps.

    Parameters
    ----------
    problem : {"quadratic", "rosenbrock"}, default "quadratic", keyword-only
        Fixed problem (see :func:`~patterneval.plotting.optimize.contour_problem`).
    method : {"plain", "momentum", "nesterov", "adagrad"}, default "momentum", keyword-only
        Initial method.
    learning_rate : float, default 0.03, keyword-only
        Initial step size eta (log slider: 1e-4 to 1 for the quadratic, 1e-5 to 1e-2 for
        Rosenbrock).
    momentum : float in [0, 0.99], default 0.8, keyword-only
        Initial momentum gamma.
    n_iter : int, default 100, keyword-only
        Iterations of each run (fixed).
    """

    painter = DescentPainter
    chapter = "book/part3/optimisation"
    caption = (
        "Descent path on the contour plot of an ill-conditioned quadratic and its objective "
        "gap per iteration; the controls set the method, the learning rate and the momentum."
    )

    def __init__(
        self,
        *,
        problem: Literal["quadratic", "rosenbrock"] = "quadratic",
        method: Literal["plain", "momentum", "nesterov", "adagrad"] = "momentum",
        learning_rate: float = 0.03,
        momentum: float = 0.8,
        n_iter: int = 100,
    ) -> None:
        contour_problem(problem)  # validates the name
        lo, hi = (-4, 0) if problem == "quadratic" else (-5, -2)
        controls = {
            "method": dropdown("method", ["plain", "momentum", "nesterov", "adagrad"], method),
            "learning_rate": log_slider(
                "η (learning rate)", learning_rate, lo, hi, 0.05, readout_format=".2e"
            ),
            "momentum": float_slider("γ (momentum)", momentum, 0.0, 0.99, 0.01),
        }
        super().__init__(controls, fixed={"problem": problem, "n_iter": n_iter}, height=3.6)
