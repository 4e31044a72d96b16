"""Every public function that fits the caller's estimator on the caller's (X, y) hands it
``y`` as given: a pandas Series stays a Series -- its name, dtype and index kept,
rows taken by position -- and the numbers are those of plain numpy arrays."""

import dataclasses

import numpy as np
import pandas as pd
import pytest
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import KFold, RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB

import patterneval as pe
from patterneval import compare
from patterneval.compare.out_of_fold import out_of_fold_predictions

N = 60
NAMES = np.array(["setosa", "versicolor", "virginica"], dtype=object)
# a non-default index, reversed and shifted: label-based indexing (y[idx]) would pick
# other rows than the positions meant, or fail
INDEX = pd.RangeIndex(1000, 1000 + 3 * N, 3)[::-1]


def _data(n_classes):
    rng = np.random.default_rng(n_classes)
    codes = np.arange(N) % n_classes
    X = rng.normal(size=(N, 2)) + 0.8 * codes[:, None]
    names = NAMES[codes]
    series = pd.Series(names, index=INDEX, name="species", dtype="string")
    return X, names, series


class _ChecksSeries:
    """Asserts in ``fit`` that ``y`` is the caller's Series (``expected``, set by the test)
    or a subset of its rows taken by position; then fits on plain arrays. With
    ``permuted`` (permutation_test) the values may sit under other labels of the index."""

    expected = None
    permuted = False

    def fit(self, X, y, sample_weight=None):
        caller = type(self).expected
        assert isinstance(y, pd.Series), type(y)
        assert y.name == caller.name and y.dtype == caller.dtype, (y.name, y.dtype)
        assert set(y.index) <= set(caller.index), "y's index must be the caller's"
        # rows by position: each value sits under the index label it had in the caller's y
        if not type(self).permuted:
            assert y.tolist() == caller.loc[y.index].tolist()
        return super().fit(np.asarray(X), y.to_numpy(dtype=object))


class CheckedLR(_ChecksSeries, LogisticRegression):
    pass


class CheckedNB(_ChecksSeries, GaussianNB):
    pass


def _lr(checked, **kw):
    return (CheckedLR if checked else LogisticRegression)(**kw)


def _nb(checked):
    return CheckedNB() if checked else GaussianNB()


# each case: f(checked, X, y) -> result; checked picks the Series-asserting estimators
CASES = {
    "cross_val_error": lambda c, X, y: pe.cross_val_error(
        _lr(c), X, y, cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0)
    ),
    "cross_val_error_folds": lambda c, X, y: pe.cross_val_error(
        _nb(c), X, y, cv=KFold(4, shuffle=True, random_state=1), average="folds"
    ),
    "leave_one_out_error": lambda c, X, y: pe.leave_one_out_error(_nb(c), X, y),
    "bootstrap_error": lambda c, X, y: pe.bootstrap_error(
        _lr(c), X, y, n_resamples=8, method=".632+", rng=0
    ),
    "selection_cv_error_inside": lambda c, X, y: pe.selection_cv_error(
        SelectKBest(f_classif, k=1), _nb(c), X, y, inside=True, cv=3, rng=0
    ),
    "selection_cv_error_outside": lambda c, X, y: pe.selection_cv_error(
        SelectKBest(f_classif, k=1), _nb(c), X, y, inside=False, cv=3, rng=0
    ),
    "permutation_test": lambda c, X, y: pe.permutation_test(
        _nb(c), X, y, n_resamples=5, cv=3, rng=0
    ),
    "cv_metric_interval_accuracy": lambda c, X, y: compare.cv_metric_interval(
        _lr(c), X, y, metric="accuracy", n_resamples=20, rng=0
    ),
    "cv_metric_interval_roc_auc": lambda c, X, y: compare.cv_metric_interval(
        _lr(c), X, y, metric="roc_auc", n_resamples=20, rng=0
    ),
    "cv_metric_interval_log_loss": lambda c, X, y: compare.cv_metric_interval(
        _nb(c), X, y, metric="log_loss", n_resamples=20, cv=3, rng=0
    ),
    "bbc_cv": lambda c, X, y: compare.bbc_cv(
        [_lr(c, C=0.01), _lr(c), _nb(c)], X, y, n_resamples=20, cv=3, rng=0
    ),
    "out_of_fold_predictions": lambda c, X, y: out_of_fold_predictions(
        [_lr(c), _nb(c)], X, y, response="proba", cv=4, rng=0
    ),
    "cv_scores": lambda c, X, y: pe.cv_scores({"lr": _lr(c), "nb": _nb(c)}, X, y, cv=3, rng=0),
    "five_by_two_differences": lambda c, X, y: compare.five_by_two_differences(
        _lr(c, C=0.01), _nb(c), X, y, rng=0
    ),
    "paired_ttest_5x2cv": lambda c, X, y: compare.paired_ttest_5x2cv(
        _lr(c, C=0.01), _nb(c), X, y, rng=0
    ),
    "combined_ftest_5x2cv": lambda c, X, y: compare.combined_ftest_5x2cv(
        _lr(c, C=0.01), _nb(c), X, y, rng=0
    ),
}


def _assert_same(a, b, where="result"):
    """Exact equality of two results (dataclasses, tuples, arrays, numbers), NaN equal to NaN."""
    if dataclasses.is_dataclass(a):
        assert type(a) is type(b), where
        for field in dataclasses.fields(a):
            _assert_same(getattr(a, field.name), getattr(b, field.name), f"{where}.{field.name}")
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), where
        for i, (u, v) in enumerate(zip(a, b)):
            _assert_same(u, v, f"{where}[{i}]")
    elif isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape, where
        if a.dtype.kind in "fc":
            assert np.array_equal(a, b, equal_nan=True), where
        else:
            assert np.array_equal(a, b), where
    elif isinstance(a, float) and np.isnan(a):
        assert isinstance(b, float) and np.isnan(b), where
    else:
        assert a == b, (where, a, b)


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("case", list(CASES))
def test_estimator_receives_the_callers_series(case, n_classes, monkeypatch):
    X, names, series = _data(n_classes)
    monkeypatch.setattr(_ChecksSeries, "expected", series)
    monkeypatch.setattr(_ChecksSeries, "permuted", case == "permutation_test")
    before = series.copy()
    got = CASES[case](True, X, series)
    plain = CASES[case](False, X, names)
    _assert_same(got, plain)
    pd.testing.assert_series_equal(series, before)  # the caller's Series is not changed


def test_checking_estimator_refuses_an_array():
    """The test's estimator would catch a function that handed the fits an array."""
    X, names, series = _data(3)
    CheckedNB.expected = series
    try:
        with pytest.raises(AssertionError):
            CheckedNB().fit(X, names)
        with pytest.raises(AssertionError):  # rows taken by label would not line up
            CheckedNB().fit(
                X[:5],
                pd.Series(
                    series.to_numpy()[:5], index=series.index[-5:], name="species", dtype="string"
                ),
            )
    finally:
        CheckedNB.expected = None
