"""The chapter "Selective sampling" (Part I): the random-sampling and the stratified
error estimates by simulation.

:func:`simulate_sampling` draws both estimates many times from a model with known class
error rates and priors, to check the variance gap (:func:`~patterneval.selective_variance_gap`)
against their sample variances.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._results import Result
from .._validation import check_rng, check_scalar
from ..errorrate import _class_errors_and_priors, proportional_allocation
from .error_rate import _binomial_draws

__all__ = ["SamplingSimulation", "simulate_sampling"]


@dataclasses.dataclass(frozen=True, repr=False)
class SamplingSimulation(Result):
    """Monte Carlo replicates of the random-sampling and the stratified error estimates.

    Attributes
    ----------
    random : ndarray, shape (n_datasets,)
        ``k / N`` with ``k ~ Binomial(N, eps)``, ``eps = sum_i P_i eps_i``.
    stratified : ndarray, shape (n_datasets,)
        ``sum_i P_i k_i / n_i`` with ``k_i ~ Binomial(n_i, eps_i)``.
    class_sizes : ndarray
        The per-class test sizes ``n_i`` (proportional allocation).
    """

    random: np.ndarray
    stratified: np.ndarray
    class_sizes: np.ndarray


@keywords
def simulate_sampling(
    class_errors: ArrayLike,
    priors: ArrayLike,
    n: int,
    *,
    n_datasets: int = 10_000,
    rng: int | np.random.Generator | None = None,
) -> SamplingSimulation:
    """Draw the two error estimates of the chapter "Selective sampling", vectorised.

    Random sampling draws N test samples from the mixture, so the error count is
    Binomial(N, eps) directly; selective sampling draws ``n_i`` from class i
    (:func:`~patterneval.proportional_allocation`) and weights the class error rates by the priors.
    Classes allocated no samples (a tiny prior) contribute nothing.

    Parameters
    ----------
    class_errors, priors
        As in :func:`~patterneval.stratified_variance`.
    n : int
        Test-set size N, >= 1; selective sampling allocates it by
        :func:`~patterneval.proportional_allocation`.
    n_datasets : int, default 10000
        Simulated test sets per design, >= 1: a Monte Carlo study draws fresh test sets
        from the model, so the count is ``n_datasets`` (``n_resamples`` counts resamples
        of one given data set).
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    SamplingSimulation
        The ``n_datasets`` estimates of each design, with the class sizes used.

    Examples
    --------
    >>> from patterneval.book.selective_sampling import simulate_sampling
    >>> sim = simulate_sampling([0.1, 0.3], [0.5, 0.5], 100, n_datasets=5, rng=0)
    >>> sim.class_sizes.tolist()
    [50, 50]
    """
    e, p = _class_errors_and_priors(class_errors, priors)
    n = check_scalar("n", n, int, low=1)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=1)
    gen = check_rng(rng)
    sizes = proportional_allocation(n, p)
    random = _binomial_draws(gen, n, float(p @ e), n_datasets) / n
    stratified = np.zeros(n_datasets)
    for size_i, e_i, p_i in zip(sizes, e, p):
        if size_i > 0:
            stratified += _binomial_draws(gen, int(size_i), float(e_i), n_datasets) * (p_i / size_i)
    return SamplingSimulation(random=random, stratified=stratified, class_sizes=sizes)
