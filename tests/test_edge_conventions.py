"""Edge conventions where patterneval and scikit-learn differ, stated in the
docstrings and pinned here (with scikit-learn's own value beside ours, so that a change on
either side shows up).

- Empty label arrays: every external index raises ValueError naming both arguments (an index
  of no samples is undefined; the bad-input sweep treats empty input as an error
  everywhere), where scikit-learn returns 1.0 for ``rand_score([], [])`` and its peers.
- Fowlkes-Mallows with no same-cluster pair on either side (all singletons, or one
  sample): 1.0 when the two partitions are identical, as for the Rand and Jaccard indices
  (scikit-learn returns 0.0)."""

import warnings

import numpy as np
import pytest
from sklearn import metrics

import patterneval as pe

EXTERNAL = [
    "contingency_matrix",
    "pair_counts",
    "rand_index",
    "adjusted_rand_index",
    "jaccard_index",
    "fowlkes_mallows_index",
    "pair_f1",
    "f_measure",
    "purity",
    "clustering_accuracy",
    "mutual_info",
    "normalized_mutual_info",
    "expected_mutual_info",
    "adjusted_mutual_info",
    "variation_of_information",
    "homogeneity",
    "completeness",
    "v_measure",
    "minkowski_score",
]
SKLEARN_ONE = [
    metrics.rand_score,
    metrics.adjusted_rand_score,
    metrics.normalized_mutual_info_score,
    metrics.adjusted_mutual_info_score,
    metrics.homogeneity_score,
    metrics.completeness_score,
    metrics.v_measure_score,
]


EMPTY_LABELS = "labels_true must be a 1-d array of at least 1 labels; got an empty array"


@pytest.mark.parametrize("name", EXTERNAL)
def test_empty_labels_raise(name):
    with pytest.raises(ValueError, match=EMPTY_LABELS):
        getattr(pe, name)([], [])
    with pytest.raises(ValueError, match=EMPTY_LABELS):
        getattr(pe, name)(np.array([], dtype=int), np.array([], dtype=int))


@pytest.mark.parametrize("name", EXTERNAL)
def test_the_convention_is_in_the_docstring(name):
    doc = " ".join(getattr(pe, name).__doc__.split())
    assert "empty arrays raise ValueError" in doc, name


@pytest.mark.parametrize("peer", SKLEARN_ONE, ids=lambda f: f.__name__)
def test_scikit_learn_returns_one_for_empty_labels(peer):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert peer([], []) == 1.0


@pytest.mark.parametrize("labels", [[0], [0, 1, 2], ["a", "b", "c", "d"]])
def test_fowlkes_mallows_of_identical_partitions_without_pairs_is_one(labels):
    assert pe.fowlkes_mallows_index(labels, labels) == 1.0
    assert pe.rand_index(labels, labels) == 1.0 and pe.jaccard_index(labels, labels) == 1.0
    assert metrics.fowlkes_mallows_score(labels, labels) == 0.0  # scikit-learn's convention
