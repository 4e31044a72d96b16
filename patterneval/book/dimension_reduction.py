r"""The chapter "Dimension reduction" (Part III): the cocktail party.

Chapter helper, not a method: two known sources mixed into two recordings (generated data
with a known truth), for :class:`~patterneval.decomposition.FastICA` to separate and
:func:`~patterneval.decomposition.match_sources` to score against the truth.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._results import Result
from .._validation import check_array, check_rng, check_scalar, fail

__all__ = ["CocktailParty", "cocktail_party"]


@dataclasses.dataclass(frozen=True, repr=False)
class CocktailParty(Result):
    """Synthetic blind-source-separation data: ``mixed = sources @ mixing.T``.

    Attributes
    ----------
    time : ndarray (n_samples,)
    sources : ndarray (n_samples, 2)
        A sine wave and a square wave (plus small Gaussian noise), standardised.
    mixing : ndarray (2, 2)
    mixed : ndarray (n_samples, 2)
        What the two microphones record.
    """

    time: np.ndarray = dataclasses.field(repr=False)
    sources: np.ndarray = dataclasses.field(repr=False)
    mixing: np.ndarray
    mixed: np.ndarray = dataclasses.field(repr=False)


@keywords
def cocktail_party(
    n_samples: int = 2000,
    *,
    mixing: ArrayLike | None = None,
    noise: float = 0.05,
    rng: int | np.random.Generator | None = None,
) -> CocktailParty:
    r"""Two independent sources -- :math:`\sin(2t)` and the square wave
    :math:`\operatorname{sign}\sin(3t)` on :math:`t \in [0, 8]` -- each with Gaussian noise of
    standard deviation ``noise``, standardised, and mixed by ``mixing`` (default
    ``[[1, 1], [0.5, 2]]``) into two recordings. O(n).

    Parameters
    ----------
    n_samples : int >= 10, default 2000
        Time points, evenly spaced on [0, 8].
    mixing : array_like of shape (2, 2), optional, keyword-only
        Finite, non-singular mixing matrix :math:`A` (recordings ``= sources @ A.T``).
    noise : float >= 0, default 0.05, keyword-only
        Standard deviation of the noise added to each source before standardising (so large
        that the standardisation overflows, about 1e150: ValueError).
    rng : None, int or numpy.random.Generator, keyword-only
        Seed or generator for the noise (SPEC 7).

    Returns
    -------
    CocktailParty

    Examples
    --------
    >>> from patterneval.book.dimension_reduction import cocktail_party
    >>> party = cocktail_party(500, rng=1)
    >>> party.mixed.shape, party.mixing.tolist()
    ((500, 2), [[1.0, 1.0], [0.5, 2.0]])
    """
    n = check_scalar("n_samples", n_samples, int, low=10)
    gen = check_rng(rng)
    noise = check_scalar("noise", noise, float, low=0)
    A = np.array([[1.0, 1.0], [0.5, 2.0]]) if mixing is None else check_array("mixing", mixing)
    if A.shape != (2, 2):
        raise fail("mixing", "a 2 x 2 matrix", f"an array of shape {A.shape}", echo=False)
    if abs(np.linalg.det(A)) < 1e-12 * max(1.0, np.abs(A).max() ** 2):
        raise ValueError("mixing is singular: the recordings would not determine the sources.")
    t = np.linspace(0.0, 8.0, n)
    S = np.column_stack([np.sin(2 * t), np.sign(np.sin(3 * t))])
    with np.errstate(over="ignore", invalid="ignore"):
        S = S + noise * gen.standard_normal(S.shape)
        S = (S - S.mean(axis=0)) / S.std(axis=0)
    if not np.all(np.isfinite(S)):  # noise beyond ~1e150: the standardisation overflows
        raise fail("noise", "small enough for the standardised sources to be finite", noise)
    return CocktailParty(time=t, sources=S, mixing=A, mixed=S @ A.T)
