"""The chapter "Diversity" (Part IV): two synthetic prediction vectors with a chosen dependence.

Chapter helper, not an evaluation method: generated data with a known truth for the
pairwise measures of :mod:`patterneval.ensemble.diversity` and the chapter's explorer.
"""

from __future__ import annotations

import numpy as np

from .._api import keywords
from .._validation import check_rng, check_scalar

__all__ = ["correlated_pair"]


@keywords
def correlated_pair(
    latent_correlation: float,
    positive_rate: float,
    n_samples: int = 400,
    *,
    rng: int | np.random.Generator | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Two synthetic +1/-1 prediction vectors with a chosen dependence.

    Thresholds of a bivariate standard normal pair with correlation
    ``latent_correlation``, each positive with probability ``positive_rate``. For a fixed
    ``rng`` the normal draws are the same for every setting, so an explorer's slider moves
    the prediction table smoothly. Cost O(n_samples).

    Parameters
    ----------
    latent_correlation : float
        Correlation of the latent normal pair, in [-1, 1].
    positive_rate : float
        Probability that each prediction is +1, in (0, 1).
    n_samples : int, default 400
        Length of the vectors, >= 1.
    rng : None, int or numpy.random.Generator, optional
        Seed or generator of the draws (``numpy.random.default_rng(rng)``).

    Returns
    -------
    h1, h2 : ndarray of int, shape (n_samples,)
        The two prediction vectors, values +1/-1.

    Examples
    --------
    >>> from patterneval.book.diversity import correlated_pair
    >>> from patterneval.ensemble.diversity import disagreement
    >>> h1, h2 = correlated_pair(0.0, 0.5, 10_000, rng=0)
    >>> abs(disagreement(h1, h2) - 0.5) < 0.02
    True
    """
    from scipy.stats import norm

    r = check_scalar("latent_correlation", latent_correlation, float, low=-1, high=1)
    p = check_scalar("positive_rate", positive_rate, float, low=0, high=1, closed="neither")
    n = check_scalar("n_samples", n_samples, int, low=1)
    gen = check_rng(rng)
    z1, z2 = gen.standard_normal((2, n))
    u2 = r * z1 + np.sqrt(max(1.0 - r * r, 0.0)) * z2
    cut = norm.ppf(1.0 - p)
    return np.where(z1 > cut, 1, -1), np.where(u2 > cut, 1, -1)
