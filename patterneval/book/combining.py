r"""The chapter "Combining learners" (Part IV): simulated majority votes.

Chapter helper, not an evaluation method: draws independent voters and lets
:func:`~patterneval.ensemble.combine.majority_vote` decide, so that the chapter can check the
exact rates of :func:`~patterneval.ensemble.combine.vote_rates` by simulation.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._api import keywords
from .._results import Result
from .._validation import check_rng, check_scalar
from ..ensemble.combine import majority_vote

__all__ = ["VoteSimulation", "simulate_vote_rates"]


@dataclass(frozen=True, repr=False)
class VoteSimulation(Result):
    """Simulated majority votes of independent voters: the per-replicate ``outcome``
    (0 correct, 1 error, 2 reject) and the rates with their Monte Carlo standard errors.

    Attributes
    ----------
    n_voters : int
        Ensemble size T.
    n_resamples : int
        Simulated votes.
    correct, error, reject : float
        Simulated rate of each outcome.
    std_error : ndarray, shape (3,)
        Monte Carlo standard errors of the three rates.
    outcome : ndarray of int, shape (n_resamples,)
        0 correct, 1 error, 2 reject.
    """

    n_voters: int
    n_resamples: int
    correct: float
    error: float
    reject: float
    std_error: np.ndarray
    outcome: np.ndarray


@keywords
def simulate_vote_rates(
    accuracy: float,
    n_voters: int,
    *,
    n_classes: int = 2,
    threshold: float = 0.5,
    n_resamples: int = 2000,
    rng: int | np.random.Generator | None = None,
) -> VoteSimulation:
    r"""Simulate :func:`~patterneval.ensemble.combine.vote_rates`: draw T independent voters per replicate (true class 0;
    a wrong voter picks one of classes 1..c-1 uniformly) and apply :func:`~patterneval.ensemble.combine.majority_vote`.

    Parameters
    ----------
    accuracy, n_voters, n_classes, threshold
        As in :func:`~patterneval.ensemble.combine.vote_rates` (``n_voters`` a single int here).
    n_resamples : int, keyword-only
        Replicates (samples voted on).
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    VoteSimulation
        ``outcome`` holds one code per replicate; rates are its frequencies with standard
        errors :math:`\sqrt{r(1-r)/R}` in ``std_error`` (correct, error, reject).

    Notes
    -----
    :math:`O(R T c)` time and memory.

    References
    ----------
    Lam and Suen (1997), as for :func:`~patterneval.ensemble.combine.vote_rates`; Kuncheva (2014), ch. 4.

    Examples
    --------
    >>> from patterneval.book.combining import simulate_vote_rates
    >>> sim = simulate_vote_rates(0.6, 5, n_classes=3, n_resamples=1000, rng=0)
    >>> round(sim.correct + sim.error + sim.reject, 12)
    1.0
    """
    p = check_scalar("accuracy", accuracy, float, low=0, high=1)
    T = check_scalar("n_voters", n_voters, int, low=1)
    c = check_scalar("n_classes", n_classes, int, low=2)
    theta = check_scalar("threshold", threshold, float, low=0.5, high=1, closed="left")
    R = check_scalar("n_resamples", n_resamples, int, low=1)
    gen = check_rng(rng)
    right = gen.random((T, R)) < p
    wrong_label = gen.integers(1, c, size=(T, R))
    labels = np.where(right, 0, wrong_label)
    H = majority_vote(labels, classes=np.arange(c), threshold=theta, reject=-1)
    outcome = np.where(H == 0, 0, np.where(H == -1, 2, 1))
    rates = np.array([np.mean(outcome == k) for k in range(3)])
    se = np.sqrt(rates * (1 - rates) / R)
    return VoteSimulation(T, R, float(rates[0]), float(rates[1]), float(rates[2]), se, outcome)
