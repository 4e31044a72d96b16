"""Ensembles: why they work (majority-vote bounds) and how diverse their members are.

One module per topic of note 004, as DESIGN.md lays out; further modules (boosting,
bagging, combining rules) join as they are written.
"""

from .bounds import (
    TIE_RULES,
    CorrelatedVoteSimulation,
    correlated_vote_error,
    hoeffding_bound,
    majority_vote_error,
    simulate_correlated_vote,
)
from .diversity import (
    MEASURES,
    ErrorAmbiguity,
    KappaError,
    PairTable,
    correlated_pair,
    correlation,
    disagreement,
    error_ambiguity,
    kappa,
    kappa_error,
    pair_table,
    pairwise_diversity,
    q_statistic,
)

__all__ = [
    "MEASURES",
    "TIE_RULES",
    "CorrelatedVoteSimulation",
    "ErrorAmbiguity",
    "KappaError",
    "PairTable",
    "correlated_pair",
    "correlated_vote_error",
    "correlation",
    "disagreement",
    "error_ambiguity",
    "hoeffding_bound",
    "kappa",
    "kappa_error",
    "majority_vote_error",
    "pair_table",
    "pairwise_diversity",
    "q_statistic",
    "simulate_correlated_vote",
]
