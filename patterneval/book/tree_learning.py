"""The chapter "Tree learning" (Part III): the worked examples of the course notes.

Chapter helpers, not learners: Mitchell's PlayTennis table (the ID3 and C4.5 examples of
:mod:`patterneval.tree`) and his EnjoySport examples (for the concept learners of
:mod:`patterneval.concept`).
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

from .._results import Result
from .._validation import check_choice

__all__ = ["ConceptData", "TreeDataset", "enjoy_sport", "play_tennis"]


@dataclasses.dataclass(frozen=True, repr=False)
class TreeDataset(Result):
    """A small categorical data set: ``X`` (object array), ``y``, ``feature_names``,
    ``target_name``.

    Attributes
    ----------
    X : ndarray of object, shape (n_samples, n_features)
        Categorical values (strings).
    y : ndarray of str, shape (n_samples,)
    feature_names : tuple of str
    target_name : str
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple
    target_name: str


def play_tennis() -> TreeDataset:
    """Mitchell's (1997, table 3.2) PlayTennis data: 14 days, four categorical
    attributes (Outlook, Temperature, Humidity, Wind), target PlayTennis (9 Yes, 5 No).

    Returns
    -------
    TreeDataset
        ``X`` an object array of shape (14, 4), ``y`` the strings ``"Yes"``/``"No"``.

    Examples
    --------
    >>> from patterneval.book.tree_learning import play_tennis
    >>> d = play_tennis()
    >>> d.X.shape, d.feature_names[0], (d.y == "Yes").sum()
    ((14, 4), 'Outlook', np.int64(9))
    """
    rows = """Sunny Hot High Weak No
Sunny Hot High Strong No
Overcast Hot High Weak Yes
Rain Mild High Weak Yes
Rain Cool Normal Weak Yes
Rain Cool Normal Strong No
Overcast Cool Normal Strong Yes
Sunny Mild High Weak No
Sunny Cool Normal Weak Yes
Rain Mild Normal Weak Yes
Sunny Mild Normal Strong Yes
Overcast Mild High Strong Yes
Overcast Hot Normal Weak Yes
Rain Mild High Strong No"""
    table = np.array([r.split() for r in rows.splitlines()], dtype=object)
    return TreeDataset(
        X=table[:, :4].copy(),
        y=table[:, 4].astype(str),
        feature_names=("Outlook", "Temperature", "Humidity", "Wind"),
        target_name="PlayTennis",
    )


# The four examples of note 002 (Mitchell's EnjoySport). The note's Find-S example has
# Forecast = Same in the negative example, its candidate-elimination example Change.
_ATTRIBUTES = ("Sky", "AirTemp", "Humidity", "Wind", "Water", "Forecast")
_DOMAINS = (
    ("Sunny", "Cloudy", "Rainy"),
    ("Warm", "Cold"),
    ("Normal", "High"),
    ("Strong", "Weak"),
    ("Warm", "Cool"),
    ("Same", "Change"),
)


class ConceptData(NamedTuple):
    """A concept-learning data set: instances, labels, attribute names and domains (made by
    :func:`enjoy_sport`; unpacks as ``X, y, names, domains = data``).

    Attributes
    ----------
    X : list of tuple
        The instances, one value per attribute.
    y : list of bool
        True for a positive example.
    attribute_names : tuple of str
    domains : tuple of tuple
        The values each attribute can take, in attribute order.
    """

    X: list
    y: list
    attribute_names: tuple
    domains: tuple


def enjoy_sport(variant: str = "candidate-elimination") -> ConceptData:
    """The four EnjoySport examples of the course notes (Mitchell 1997, table 2.1).

    Parameters
    ----------
    variant : {"candidate-elimination", "find-s"}
        The note prints the negative example with Forecast = Change in its candidate-
        elimination example and with Forecast = Same in its Find-S example.

    Returns
    -------
    ConceptData
        Four instances over Sky, AirTemp, Humidity, Wind, Water, Forecast (domain sizes
        3, 2, 2, 2, 2, 2); the third is the negative one.

    Examples
    --------
    >>> from patterneval.book.tree_learning import enjoy_sport
    >>> data = enjoy_sport()
    >>> data.X[2], data.y[2]
    (('Rainy', 'Cold', 'High', 'Strong', 'Warm', 'Change'), False)
    """
    variant = check_choice("variant", variant, ("candidate-elimination", "find-s"))
    negative_forecast = "Change" if variant == "candidate-elimination" else "Same"
    X = [
        ("Sunny", "Warm", "Normal", "Strong", "Warm", "Same"),
        ("Sunny", "Warm", "High", "Strong", "Warm", "Same"),
        ("Rainy", "Cold", "High", "Strong", "Warm", negative_forecast),
        ("Sunny", "Warm", "High", "Strong", "Cool", "Change"),
    ]
    return ConceptData(X, [True, True, False, True], _ATTRIBUTES, _DOMAINS)
