"""The chapter "Many classifiers" (Part V): Demšar's worked example.

Demšar (2006), table 6, the data of the chapter's worked example: AUCs of four variants of
C4.5 on fourteen UCI data sets, with the ranks he printed, for the tests of
:mod:`patterneval.compare.many`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._results import Result

__all__ = ["DemsarTable", "demsar_table"]


# ----------------------------------------------------------------------------- Demšar's example
@dataclass(frozen=True, repr=False)
class DemsarTable(Result):
    """Demšar (2006), table 6: AUC of four variants of C4.5 on fourteen UCI data sets.

    Attributes
    ----------
    scores : ndarray, shape (14, 4)
        The AUCs as printed (three decimals).
    published_ranks : ndarray, shape (14, 4)
        The ranks printed beside them (1 = best).
    classifiers : tuple of str
        ``("C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf")``: C4.5 with m = 0 and cf = 0.25, with
        m tuned by internal 5-fold CV, with cf tuned, and with both tuned.
    datasets : tuple of str
    """

    scores: np.ndarray
    published_ranks: np.ndarray
    classifiers: tuple
    datasets: tuple


_DEMSAR_DATASETS = (
    "adult (sample)",
    "breast cancer",
    "breast cancer wisconsin",
    "cmc",
    "ionosphere",
    "iris",
    "liver disorders",
    "lung cancer",
    "lymphography",
    "mushroom",
    "primary tumor",
    "rheum",
    "voting",
    "wine",
)
_DEMSAR_AUC = (
    (0.763, 0.768, 0.771, 0.798),
    (0.599, 0.591, 0.590, 0.569),
    (0.954, 0.971, 0.968, 0.967),
    (0.628, 0.661, 0.654, 0.657),
    (0.882, 0.888, 0.886, 0.898),
    (0.936, 0.931, 0.916, 0.931),
    (0.661, 0.668, 0.609, 0.685),
    (0.583, 0.583, 0.563, 0.625),
    (0.775, 0.838, 0.866, 0.875),
    (1.000, 1.000, 1.000, 1.000),
    (0.940, 0.962, 0.965, 0.962),
    (0.619, 0.666, 0.614, 0.669),
    (0.972, 0.981, 0.975, 0.975),
    (0.957, 0.978, 0.946, 0.970),
)
_DEMSAR_RANKS = (
    (4, 3, 2, 1),
    (1, 2, 3, 4),
    (4, 1, 2, 3),
    (4, 1, 3, 2),
    (4, 2, 3, 1),
    (1, 2.5, 4, 2.5),
    (3, 2, 4, 1),
    (2.5, 2.5, 4, 1),
    (4, 3, 2, 1),
    (2.5, 2.5, 2.5, 2.5),
    (4, 2.5, 1, 2.5),
    (3, 2, 4, 1),
    (4, 1, 2, 3),
    (3, 1, 4, 2),
)


def demsar_table() -> DemsarTable:
    """Demšar's worked example: his table 6, the AUCs and the ranks he printed.

    The voting row prints 0.975 for both C4.5+cf and C4.5+m+cf but ranks them 2 and 3:
    the ranks were computed from unrounded AUCs. Ranking the printed AUCs ties them (2.5
    each), which moves two average ranks (2.929 and 1.929 instead of Demšar's 2.893 and
    1.964). To reproduce his numbers, rank by ``-published_ranks``.

    Returns
    -------
    DemsarTable
        ``scores`` (14 data sets x 4 classifiers), ``published_ranks``, ``classifiers``
        and ``datasets``.

    References
    ----------
    .. [1] J. Demšar, "Statistical comparisons of classifiers over multiple data sets,"
       JMLR 7, 1-30, 2006, table 6. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> from patterneval.book.many_classifiers import demsar_table
    >>> t = demsar_table()
    >>> t.scores.shape, t.classifiers[3], t.datasets[5]
    ((14, 4), 'C4.5+m+cf', 'iris')
    >>> t.published_ranks.mean(axis=0).round(3)
    array([3.143, 2.   , 2.893, 1.964])
    """
    return DemsarTable(
        scores=np.array(_DEMSAR_AUC),
        published_ranks=np.array(_DEMSAR_RANKS, dtype=float),
        classifiers=("C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"),
        datasets=_DEMSAR_DATASETS,
    )
