r"""The chapter "Why ensembles work" (Part IV): a simulation of correlated voters.

Chapter helper, not an evaluation method: draws the shared-cause voters of
:func:`~patterneval.ensemble.bounds.correlated_vote_error` and lets them vote, so that the
chapter can check the exact formulas of :mod:`patterneval.ensemble.bounds` (which this
module calls) against a Monte Carlo estimate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from .._api import keywords
from .._results import Result
from .._validation import check_choice, check_grid, check_rng, check_scalar
from ..ensemble.bounds import (
    _TIE_WEIGHT,
    TIE_RULES,
    correlated_vote_error,
    hoeffding_bound,
    majority_vote_error,
)

__all__ = ["CorrelatedVoteSimulation", "simulate_correlated_vote"]


@dataclass(frozen=True, repr=False)
class CorrelatedVoteSimulation(Result):
    """Monte Carlo majority vote of shared-cause voters, with the exact answers beside it.

    Attributes
    ----------
    error, correlation : float
        The voters' error rate and the pairwise error correlation :math:`\\rho`.
    n_voters : ndarray of int
        The ensemble sizes simulated (increasing); column j of ``outcomes`` is size
        ``n_voters[j]``.
    ties : str
        The tie rule.
    n_datasets : int
        Number of simulated examples (replicates), each a fresh draw from the model.
    outcomes : ndarray, shape (n_datasets, len(n_voters))
        Per replicate, whether the majority was wrong: 0 or 1, and 1/2 for a tie under
        ``ties="coin"`` (the coin's expectation, which has less variance than flipping it).
    majority_error, std_error : ndarray
        Column means of ``outcomes`` and their Monte Carlo standard errors
        :math:`s/\\sqrt{R}`.
    exact : ndarray
        :func:`~patterneval.ensemble.bounds.correlated_vote_error` at the same sizes.
    independent : ndarray
        :func:`~patterneval.ensemble.bounds.majority_vote_error` (what independence would give).
    bound : ndarray
        :func:`~patterneval.ensemble.bounds.hoeffding_bound`.
    marginal_error : float
        Fraction of wrong votes over all voters and replicates (estimates ``error``).
    pair_correlation : float
        Sample correlation of the first two voters' errors (estimates ``correlation``;
        NaN if fewer than two voters or a constant column).
    """

    _headline = ("n_voters", "majority_error", "std_error", "exact", "error", "correlation")

    error: float
    correlation: float
    n_voters: np.ndarray
    ties: str
    n_datasets: int
    outcomes: np.ndarray
    majority_error: np.ndarray
    std_error: np.ndarray
    exact: np.ndarray
    independent: np.ndarray
    bound: np.ndarray
    marginal_error: float
    pair_correlation: float


@keywords
def simulate_correlated_vote(
    error: float,
    n_voters: int,
    correlation: float,
    *,
    n_datasets: int = 2000,
    ties: Literal["coin", "error"] = "coin",
    rng: int | np.random.Generator | None = None,
) -> CorrelatedVoteSimulation:
    r"""Simulate the shared-cause voters of :func:`~patterneval.ensemble.bounds.correlated_vote_error` and vote.

    For each of ``n_datasets`` examples one row of uniforms
    :math:`u_0, u_1, u_2, \dots, u_{T_{max}+1}` is drawn (``rng.random``, row by row):
    the example is shared if :math:`u_0 < \rho`, the shared outcome is wrong if
    :math:`u_1 < \varepsilon`, and voter i's own outcome is wrong if
    :math:`u_{i+1} < \varepsilon`. Voter i is wrong with the shared outcome on a shared
    example and with its own outcome otherwise. All ensemble sizes in ``n_voters`` use the
    first T voters of the same draw (common random numbers), so curves over T are smooth
    and the result does not depend on which sizes were requested besides the largest.
    The majority error is the mean of the per-example outcomes, with standard error
    :math:`s/\sqrt{R}`; compare it with ``exact`` (e.g. with :func:`patterneval.book.simulation.check_mean`).

    Parameters
    ----------
    error : float
        Each voter's error rate in [0, 1].
    n_voters : int or sequence of int
        Ensemble size(s) :math:`T \ge 1`, strictly increasing if several.
    correlation : float
        :math:`\rho \in [0, 1]`.
    n_datasets : int, keyword-only
        Number of simulated examples :math:`R \ge 2`. A Monte Carlo study: each example
        (one row of uniforms) is a fresh draw from the model, not a resample of given data,
        so the count is ``n_datasets`` (``n_resamples`` counts resamples of one data set).
    ties : {"coin", "error"}, keyword-only
        Tie rule for even T.
    rng : None, int or numpy.random.Generator, keyword-only
        The only source of randomness.

    Returns
    -------
    CorrelatedVoteSimulation

    Notes
    -----
    Time and memory :math:`O(R\,T_{max})`.

    References
    ----------
    Kuncheva, Whitaker, Shipp and Duin (2003), as for :func:`~patterneval.ensemble.bounds.correlated_vote_error`.

    Examples
    --------
    >>> from patterneval.book.why_ensembles_work import simulate_correlated_vote
    >>> sim = simulate_correlated_vote(0.3, [11, 51], 0.3, n_datasets=4000, rng=0)
    >>> sim.exact.round(3), sim.bound.round(3)
    (array([0.145, 0.091]), array([0.415, 0.017]))
    >>> bool(abs(sim.majority_error[1] - sim.exact[1]) < 4 * sim.std_error[1])
    True
    """
    ties = check_choice("ties", ties, TIE_RULES)
    eps = check_scalar("error", error, float, low=0, high=1)
    rho = check_scalar("correlation", correlation, float, low=0, high=1)
    T = check_grid("n_voters", np.atleast_1d(n_voters), integer=True, low=1)
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=2)
    gen = check_rng(rng)

    t_max = int(T[-1])
    u = gen.random((n_datasets, t_max + 2))
    shared = u[:, 0] < rho
    wrong = np.where(shared[:, None], (u[:, 1] < eps)[:, None], u[:, 2:] < eps)
    k = np.cumsum(wrong, axis=1, dtype=np.int64)[:, T - 1]
    outcomes = (2 * k > T).astype(float) + _TIE_WEIGHT[ties] * (2 * k == T)

    if t_max >= 2 and wrong[:, 0].std() > 0 and wrong[:, 1].std() > 0:
        pair = float(np.corrcoef(wrong[:, 0], wrong[:, 1])[0, 1])
    else:
        pair = float("nan")
    return CorrelatedVoteSimulation(
        error=eps,
        correlation=rho,
        n_voters=T,
        ties=ties,
        n_datasets=n_datasets,
        outcomes=outcomes,
        majority_error=outcomes.mean(axis=0),
        std_error=outcomes.std(axis=0, ddof=1) / np.sqrt(n_datasets),
        exact=np.atleast_1d(correlated_vote_error(eps, T, rho, ties=ties)),
        independent=np.atleast_1d(majority_vote_error(eps, T, ties=ties)),
        bound=np.atleast_1d(hoeffding_bound(eps, T)),
        marginal_error=float(wrong.mean()),
        pair_correlation=pair,
    )
