"""Exercises of the chapter "Dimension reduction" (``book/part3/dimension-reduction.ipynb``)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_iris, load_wine
from sklearn.preprocessing import StandardScaler

import patterneval as pe
from patterneval.book.dimension_reduction import cocktail_party
from patterneval.decomposition import match_sources

from . import Exercise


def _wine_standardised() -> tuple[np.ndarray, np.ndarray]:
    wine = load_wine()
    return StandardScaler().fit_transform(wine.data), wine.target


def _wine_two_components() -> float:
    X, _ = _wine_standardised()
    return float(pe.PCA().fit(X).explained_variance_ratio_[:2].sum())


def _wine_first_component() -> float:
    X, _ = _wine_standardised()
    return float(pe.PCA().fit(X).explained_variance_ratio_[0])


def _iris_first_ratio() -> tuple[float, float]:
    X = load_iris().data
    raw = pe.PCA().fit(X).explained_variance_ratio_[0]
    scaled = pe.PCA().fit(StandardScaler().fit_transform(X)).explained_variance_ratio_[0]
    return float(raw), float(scaled)


def _two_cultivars_j() -> float:
    X, y = _wine_standardised()
    keep = y < 2
    lda = pe.LDA().fit(X[keep], y[keep])
    return float(pe.fisher_criterion(lda.scalings_[:, 0], X[keep], y[keep]))


def _iris_lda_eigenvalues() -> tuple[float, float]:
    X, y = load_iris(return_X_y=True)
    values = pe.LDA().fit(X, y).eigenvalues_
    return float(values[0]), float(values[1])


def _three_sources() -> float:
    party = cocktail_party(2000, rng=0)
    saw = party.time % 1.0
    S = np.column_stack([party.sources, (saw - saw.mean()) / saw.std()])
    A = np.random.default_rng(0).normal(size=(3, 3))
    S_hat = pe.FastICA(n_components=3, random_state=0).fit_transform(S @ A.T)
    return float(match_sources(S, S_hat).correlation.min())


EXERCISES = (
    Exercise(
        1,
        "computation",
        1,
        answer=_wine_two_components,
        shown=".4f",
        hint="add the first two entries of explained_variance_ratio_ of PCA on the standardised data.",
        mistakes=((_wine_first_component, "that is the first component alone; add the second."),),
    ),
    Exercise(2, "derivation", 1),
    Exercise(
        3,
        "coding",
        1,
        answer=_iris_first_ratio,
        shown=".4f",
        hint="fit pe.PCA() twice: once on load_iris().data, once after StandardScaler.",
    ),
    Exercise(4, "derivation", 2, answer=_two_cultivars_j, shown=".4f"),
    Exercise(
        5,
        "coding",
        2,
        answer=_iris_lda_eigenvalues,
        shown=".4f",
        hint="pe.LDA().fit(X, y).eigenvalues_ on the raw iris measurements, largest first.",
    ),
    Exercise(6, "interpretation", 2),
    Exercise(
        7,
        "coding",
        2,
        answer=_three_sources,
        shown=".4f",
        hint="standardise the sawtooth before stacking it, mix with S @ A.T, and take the "
        "minimum of match_sources(S, S_hat).correlation.",
    ),
    Exercise(8, "derivation", 3),
)
