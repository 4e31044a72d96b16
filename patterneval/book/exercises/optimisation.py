"""Exercises of the chapter "Optimisation" (``book/part3/optimisation.ipynb``)."""

from __future__ import annotations

import math

import numpy as np
from sklearn.datasets import load_breast_cancer, load_wine

import patterneval as pe
from patterneval.book.optimisation import quadratic_problem

from . import Exercise


def _steps_for_a_millionth() -> tuple[int, int]:
    kappa = quadratic_problem((1.0, 20.0)).condition_number
    plain = math.ceil(math.log(1e6) / -math.log(1 - 1 / kappa))
    best = math.ceil(math.log(1e6) / math.log((kappa + 1) / (kappa - 1)))
    return plain, best


def _steps_with_one_over_mu() -> tuple[int, int]:
    # the common slip: the factor 1 - mu/L read as 1 - L/mu or the rate of 2/L
    kappa = quadratic_problem((1.0, 20.0)).condition_number
    return math.ceil(math.log(1e6) / (1 / kappa)), math.ceil(math.log(1e6) / (2 / kappa))


def _momentum_iterations() -> int:
    q = quadratic_problem((1.0, 20.0), angle=0.5)
    run = pe.gradient_descent(
        q.f,
        q.grad,
        np.array([-2.8, 1.8]),
        method="momentum",
        learning_rate=0.05,
        momentum=0.5,
        n_iter=1000,
        tol=1e-8,
    )
    return run.n_iter


def _plain_iterations() -> int:
    q = quadratic_problem((1.0, 20.0), angle=0.5)
    run = pe.gradient_descent(
        q.f, q.grad, np.array([-2.8, 1.8]), learning_rate=0.05, n_iter=1000, tol=1e-8
    )
    return run.n_iter


def _mean_radius_mle() -> tuple[float, float]:
    fit = pe.gaussian_mle(load_breast_cancer().data[:, 0])
    return fit.mean, fit.variance


def _mean_radius_unbiased() -> tuple[float, float]:
    x = load_breast_cancer().data[:, 0]
    return float(x.mean()), float(x.var(ddof=1))


def _wine_alcohol_fit() -> tuple[float, float]:
    data = load_wine().data
    fit = pe.least_squares(data[:, [1, 2, 3, 4]], data[:, 0], fit_intercept=True)
    return fit.residual_sum_squares, fit.condition_number


def _best_heavy_ball_rate() -> float:
    kappa = quadratic_problem((1.0, 20.0)).condition_number
    return (math.sqrt(kappa) - 1) / (math.sqrt(kappa) + 1)


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_steps_for_a_millionth,
        shown="d",
        hint="take logarithms of (factor)^t <= 1e-6 and round up: t must be a whole number.",
        mistakes=(
            (
                _steps_with_one_over_mu,
                "that uses ln(1 - 1/kappa) ~ -1/kappa; use the exact factor.",
            ),
        ),
    ),
    Exercise(2, "derivation", 1),
    Exercise(
        3,
        "coding",
        1,
        answer=_momentum_iterations,
        shown="d",
        hint="pass method='momentum', learning_rate=0.05, momentum=0.5 and read the result's n_iter.",
        mistakes=(
            (_plain_iterations, "that is plain gradient descent; ask for method='momentum'."),
        ),
    ),
    Exercise(
        4,
        "computation",
        1,
        answer=_mean_radius_mle,
        shown=".4f",
        hint="mean radius is column 0 of load_breast_cancer().data; the MLE divides by n.",
        mistakes=(
            (_mean_radius_unbiased, "that variance divides by n - 1; the MLE divides by n."),
        ),
    ),
    Exercise(5, "derivation", 2),
    Exercise(
        6,
        "coding",
        2,
        answer=_wine_alcohol_fit,
        shown=".4f",
        hint="least_squares(X, y, fit_intercept=True) with X the wine columns 1 to 4, y column 0.",
    ),
    Exercise(7, "interpretation", 2),
    Exercise(
        8,
        "derivation",
        3,
        answer=_best_heavy_ball_rate,
        shown=".4f",
        hint="the rate is the spectral radius of the 2x2 iteration matrix at its best (eta, gamma).",
    ),
)
