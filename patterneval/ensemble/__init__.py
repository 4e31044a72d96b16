"""Ensembles (Part IV of the book), one module per topic: why majority votes work (``bounds``),
AdaBoost (``boosting``), bagging and random forests (``bagging``), averaging, voting and
stacking (``combine``), and how diverse the members are (``diversity``).
"""

from .._api import public_names as _public_names

from .bounds import (
    TIE_RULES,
    correlated_vote_error,
    hoeffding_bound,
    majority_vote_error,
)
from .boosting import (
    HALF_TOL,
    MODES,
    STOP_REASONS,
    AdaBoost,
)
from .bagging import (
    Bagging,
    ForestConvergence,
    RandomForest,
    forest_convergence,
)
from .combine import (
    MLR,
    VOTE_TIE_RULES,
    Stacking,
    VoteRates,
    average,
    majority_vote,
    plurality_vote,
    vote_rates,
    weighted_average,
    weighted_vote,
)
from .diversity import (
    MEASURES,
    ErrorAmbiguity,
    KappaError,
    PairTable,
    correlation,
    disagreement,
    error_ambiguity,
    kappa,
    kappa_error,
    pair_table,
    pairwise_diversity,
    q_statistic,
)

__all__ = _public_names(globals())
