"""The validators that resampling functions share: estimators, data, folds, jobs, callables."""

import numpy as np
import pytest
from sklearn.naive_bayes import GaussianNB

from patterneval._validation import (
    check_callable,
    check_classifier,
    check_n_jobs,
    check_n_splits,
    check_X_y,
)


class OnlyFit:
    def fit(self, X, y):
        return self


@pytest.mark.parametrize("value, pattern", [
    (OnlyFit(), r"estimator .*no predict, get_params"),
    (GaussianNB, r"class, not an instance"),
    (None, r"estimator must be a scikit-learn-compatible"),
])
def test_check_classifier_rejects(value, pattern):
    with pytest.raises(TypeError, match=pattern):
        check_classifier(value)


def test_check_classifier_accepts_and_names():
    est = GaussianNB()
    assert check_classifier(est) is est
    with pytest.raises(TypeError, match=r"^selector must"):
        check_classifier(OnlyFit(), name="selector")


@pytest.mark.parametrize("X, y, exc, pattern", [
    (None, [0, 1], TypeError, r"X must be a 2-d array"),
    ([1.0, 2.0], [0, 1], ValueError, r"X must be 2-d"),
    ([["a"], ["b"]], [0, 1], TypeError, r"X must hold numbers"),
    ([[True], [False]], [0, 1], TypeError, r"X must hold numbers"),
    ([[np.inf], [1.0]], [0, 1], ValueError, r"X holds 1 NaN or infinite"),
    ([[0.0], [1.0]], 3, TypeError, r"y must be a 1-d array"),
    ([[0.0], [1.0]], [[0, 1]], ValueError, r"y must be 1-d"),
    ([[0.0], [1.0]], [0, 1, 1], ValueError, r"y has 3 entries but X has 2 rows"),
    ([[0.0], [1.0]], ["a", "a"], ValueError, r"at least 2 classes .* got 1"),
])
def test_check_X_y_rejects(X, y, exc, pattern):
    with pytest.raises(exc, match=pattern):
        check_X_y(X, y)


def test_check_X_y_returns_arrays():
    X, y = check_X_y([[0, 1], [2, 3]], ["a", "b"])
    assert X.shape == (2, 2) and y.tolist() == ["a", "b"]
    check_X_y([[0.0], [1.0]], [1, 1], min_classes=1)


@pytest.mark.parametrize("n_splits, y, stratify, exc, pattern", [
    (1, [0, 1] * 5, True, ValueError, r"n_splits must be an integer >= 2"),
    (True, [0, 1] * 5, False, TypeError, r"n_splits must be an integer"),
    (11, [0, 1] * 5, False, ValueError, r"at most the number of samples \(10\)"),
    (6, [0, 1] * 5, True, ValueError, r"n_splits=6 is more than the 5 samples of class"),
])
def test_check_n_splits_rejects(n_splits, y, stratify, exc, pattern):
    with pytest.raises(exc, match=pattern):
        check_n_splits(n_splits, np.array(y), stratify=stratify)


def test_check_n_splits_accepts():
    assert check_n_splits(np.int64(5), np.array([0, 1] * 5), stratify=True) == 5
    assert check_n_splits(10, np.array([0] * 9 + [1]), stratify=False) == 10


@pytest.mark.parametrize("value, exc", [(0, ValueError), (1.0, TypeError), (True, TypeError), ("2", TypeError)])
def test_check_n_jobs_rejects(value, exc):
    with pytest.raises(exc, match="n_jobs must be None or a non-zero integer"):
        check_n_jobs(value)


@pytest.mark.parametrize("value", [None, 1, 2, -1, np.int32(3)])
def test_check_n_jobs_accepts(value):
    assert check_n_jobs(value) == value


def test_check_callable():
    assert check_callable("sampler", len) is len
    with pytest.raises(TypeError, match="sampler must be callable; got 3"):
        check_callable("sampler", 3)
