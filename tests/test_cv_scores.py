"""pe.cv_scores: every estimator scored on the same splits (issue 24)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import KFold, RepeatedStratifiedKFold, StratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import patterneval as pe
from patterneval.compare import CVScores


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


@pytest.fixture(scope="module")
def cancer():
    return load_breast_cancer(return_X_y=True)


@pytest.mark.parametrize("metric", ["accuracy", "balanced_accuracy", "f1_macro", "neg_log_loss"])
def test_scores_equal_sklearn_cross_val_score_on_iris(iris, metric):
    X, y = iris
    estimators = [GaussianNB(), KNeighborsClassifier(5), DecisionTreeClassifier(random_state=0)]
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=1)
    res = pe.cv_scores(estimators, X, y, cv=cv, metric=metric)
    assert res.scores.shape == (10, 3)
    assert res.n_repeats == 2
    for e, est in enumerate(estimators):
        expected = cross_val_score(est, X, y, cv=cv, scoring=metric)
        np.testing.assert_array_equal(res.scores[:, e], expected)


def test_scores_equal_sklearn_on_breast_cancer_roc_auc(cancer):
    X, y = cancer
    estimators = {"lr": make_pipeline(StandardScaler(), LogisticRegression()), "nb": GaussianNB()}
    res = pe.cv_scores(estimators, X, y, cv=5, metric="roc_auc", rng=3)
    assert res.names == ("lr", "nb") and res.metric == "roc_auc"
    pairs = list(res.splits)
    for name, est in estimators.items():
        np.testing.assert_allclose(res[name], cross_val_score(est, X, y, cv=pairs, scoring="roc_auc"),
                                   rtol=0, atol=1e-15)


def test_default_cv_is_ten_by_ten_stratified(iris):
    X, y = iris
    res = pe.cv_scores(GaussianNB(), X, y, rng=0)
    assert res.names == ("GaussianNB",)
    assert res.scores.shape == (100, 1) and res.n_repeats == 10
    assert set(res.n_test.tolist()) == {15} and set(res.n_train.tolist()) == {135}
    for r in range(10):  # each repeat partitions the samples, every test part stratified
        tests = np.concatenate([te for _, te in res.splits[10 * r:10 * r + 10]])
        assert np.array_equal(np.sort(tests), np.arange(150))
    assert all(np.bincount(y[te]).tolist() == [5, 5, 5] for _, te in res.splits)
    again = pe.cv_scores(GaussianNB(), X, y, rng=0)
    np.testing.assert_array_equal(res.scores, again.scores)


def test_same_splits_for_every_estimator_and_int_cv_matches_cv_splits(iris):
    from patterneval.resampling._engine import cv_splits

    X, y = iris
    res = pe.cv_scores([GaussianNB(), GaussianNB()], X, y, cv=3, rng=np.random.default_rng(5))
    assert res.names == ("GaussianNB", "GaussianNB (2)")
    np.testing.assert_array_equal(res.scores[:, 0], res.scores[:, 1])
    expected = cv_splits(3, y, stratify=True, rng=np.random.default_rng(5))[0]
    for (tr, te), (etr, ete) in zip(res.splits, expected):
        assert np.array_equal(tr, etr) and np.array_equal(te, ete)


def test_names_of_a_sequence_and_explicit_pairs(iris):
    X, y = iris
    pairs = list(StratifiedKFold(3, shuffle=True, random_state=0).split(X, y))
    res = pe.cv_scores([GaussianNB(), KNeighborsClassifier(3), GaussianNB(), GaussianNB()], X, y, cv=pairs)
    assert res.names == ("GaussianNB", "KNeighborsClassifier", "GaussianNB (2)", "GaussianNB (3)")
    assert res.n_repeats == 1 and res.scores.shape == (3, 4)


def test_select_getitem_mean_to_frame(iris):
    X, y = iris
    res = pe.cv_scores({"nb": GaussianNB(), "knn": KNeighborsClassifier(), "tree": DecisionTreeClassifier(
        random_state=0)}, X, y, cv=4, rng=0)
    two = res.select("tree", "nb")
    assert isinstance(two, CVScores) and two.names == ("tree", "nb")
    np.testing.assert_array_equal(two.scores, res.scores[:, [2, 0]])
    np.testing.assert_array_equal(res.select(1).scores[:, 0], res["knn"])
    np.testing.assert_array_equal(res[0], res["nb"])
    np.testing.assert_array_equal(two.n_train, res.n_train)
    np.testing.assert_allclose(res.mean(), res.scores.mean(axis=0))
    frame = res.to_frame()
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == ["nb", "knn", "tree"]
    np.testing.assert_array_equal(frame.to_numpy(), res.scores)
    assert "splits" not in repr(res) and "names=('nb', 'knn', 'tree')" in repr(res)
    with pytest.raises(KeyError, match="svm"):
        res["svm"]
    with pytest.raises(ValueError, match="names"):
        res.select("nb", "nb")
    with pytest.raises(IndexError, match="column index"):
        res.select(5)
    with pytest.raises(TypeError, match="at least one"):
        res.select()


def test_pandas_y_reaches_the_estimator_as_a_series(iris):
    X, y = iris
    seen = []

    class Spy(GaussianNB):
        def fit(self, X, y):
            seen.append(type(y))
            return super().fit(X, y)

    ys = pd.Series(np.array(["a", "b", "c"])[y], index=np.arange(150)[::-1])
    res = pe.cv_scores(Spy(), pd.DataFrame(X), ys, cv=3, rng=0)
    assert seen and all(t is pd.Series for t in seen)
    assert res.mean()[0] > 0.9


def test_callable_metric_and_unshuffled_splitter(iris):
    X, y = iris

    def error_count(estimator, X, y):
        return -float(np.sum(estimator.predict(X) != y))

    res = pe.cv_scores(GaussianNB(), X, y, cv=StratifiedKFold(5), metric=error_count)
    assert res.metric == "error_count"
    assert np.all(res.scores <= 0)


def test_bad_input(iris):
    X, y = iris
    with pytest.raises(ValueError, match="metric"):
        pe.cv_scores(GaussianNB(), X, y, cv=3, metric="accurracy")
    with pytest.raises(TypeError, match="metric"):
        pe.cv_scores(GaussianNB(), X, y, cv=3, metric=3)
    with pytest.raises(TypeError, match="estimators"):
        pe.cv_scores("nb", X, y, cv=3)
    with pytest.raises(TypeError, match=r"estimators\[1\]"):
        pe.cv_scores([GaussianNB(), GaussianNB], X, y, cv=3)
    with pytest.raises(ValueError, match="estimators"):
        pe.cv_scores({}, X, y, cv=3)
    with pytest.raises(ValueError, match="cv"):
        pe.cv_scores(GaussianNB(), X, y, cv=1)
    with pytest.raises(TypeError, match="rng="):
        pe.cv_scores(GaussianNB(), X, y, random_state=0)
    with pytest.raises(TypeError, match="cv="):
        pe.cv_scores(GaussianNB(), X, y, n_splits=5)
    with pytest.raises(ValueError, match="single class"):  # unshuffled folds of sorted labels
        pe.cv_scores(GaussianNB(), X[:100], y[:100], cv=KFold(2))
    with pytest.raises(ValueError, match="metric='roc_auc'"):  # three classes: roc_auc needs ovr
        pe.cv_scores(GaussianNB(), X, y, cv=3, metric="roc_auc", rng=0)
