"""pe.cv_scores: every estimator scored on the same splits."""

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
        np.testing.assert_allclose(
            res[name], cross_val_score(est, X, y, cv=pairs, scoring="roc_auc"), rtol=0, atol=1e-15
        )


def test_default_cv_is_ten_by_ten_stratified(iris):
    X, y = iris
    res = pe.cv_scores(GaussianNB(), X, y, rng=0)
    assert res.names == ("GaussianNB",)
    assert res.scores.shape == (100, 1) and res.n_repeats == 10
    assert set(res.n_test.tolist()) == {15} and set(res.n_train.tolist()) == {135}
    for r in range(10):  # each repeat partitions the samples, every test part stratified
        tests = np.concatenate([te for _, te in res.splits[10 * r : 10 * r + 10]])
        assert np.array_equal(np.sort(tests), np.arange(150))
    assert all(np.bincount(y[te]).tolist() == [5, 5, 5] for _, te in res.splits)
    again = pe.cv_scores(GaussianNB(), X, y, rng=0)
    np.testing.assert_array_equal(res.scores, again.scores)


def test_same_splits_for_every_estimator_and_int_cv_matches_cv_splits(iris):
    from patterneval._engine import cv_splits

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
    res = pe.cv_scores(
        [GaussianNB(), KNeighborsClassifier(3), GaussianNB(), GaussianNB()], X, y, cv=pairs
    )
    assert res.names == ("GaussianNB", "KNeighborsClassifier", "GaussianNB (2)", "GaussianNB (3)")
    assert res.n_repeats == 1 and res.scores.shape == (3, 4)


def test_select_getitem_mean_to_frame(iris):
    X, y = iris
    res = pe.cv_scores(
        {
            "nb": GaussianNB(),
            "knn": KNeighborsClassifier(),
            "tree": DecisionTreeClassifier(random_state=0),
        },
        X,
        y,
        cv=4,
        rng=0,
    )
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
    with pytest.raises(ValueError, match="names must be a column index"):
        res.select(5)
    with pytest.raises(ValueError, match="names must be one of the estimator names"):
        res.select("svm")
    with pytest.raises(IndexError, match="column index"):
        res[-4]
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


# ----------------------------------------------------------------------------- the tests take CVScores


@pytest.fixture(scope="module")
def three(iris):
    X, y = iris
    return pe.cv_scores(
        {
            "nb": GaussianNB(),
            "knn": KNeighborsClassifier(),
            "tree": DecisionTreeClassifier(random_state=0),
        },
        X,
        y,
        rng=0,
    )


def test_two_classifier_tests_take_a_cvscores(three):
    two = three.select("nb", "knn")
    assert set(two.n_train.tolist()) == {135} and set(two.n_test.tolist()) == {15}
    for test, extra in (
        (pe.corrected_resampled_ttest, {}),
        (pe.bayesian_correlated_ttest, {"rope": 0.01}),
    ):
        ours = test(two, **extra)
        plain = test(three["nb"], three["knn"], n_train=135, n_test=15, **extra)
        assert ours.names == ("nb", "knn") and plain.names is None
        for field in ("df", "differences") + (
            ("statistic", "pvalue", "uncorrected_pvalue")
            if test is pe.corrected_resampled_ttest
            else ("p_a_better", "p_rope", "p_b_better", "scale")
        ):
            np.testing.assert_array_equal(getattr(ours, field), getattr(plain, field))
        assert "names=('nb', 'knn')" in repr(ours) and "names" not in repr(plain)


def test_split_sizes_of_unequal_folds_are_the_means(cancer):
    X, y = cancer  # 569 samples: folds of 57 and 56
    res = pe.cv_scores([GaussianNB(), KNeighborsClassifier()], X, y, cv=10, rng=0)
    assert set(res.n_test.tolist()) == {56, 57}
    ratio = res.n_test.mean() / res.n_train.mean()
    d = res.scores[:, 0] - res.scores[:, 1]
    t = d.mean() / np.sqrt((1 / d.size + ratio) * d.var(ddof=1))
    assert pe.corrected_resampled_ttest(res).statistic == pytest.approx(t, rel=1e-12)
    post = pe.bayesian_correlated_ttest(res)
    assert post.rho == pytest.approx(
        res.n_test.mean() / (res.n_test.mean() + res.n_train.mean()), rel=1e-14
    )


def test_two_classifier_tests_refuse_three_or_extra_arguments(three):
    with pytest.raises(ValueError, match=r"scores_a.*select\('nb', 'tree'\)"):
        pe.corrected_resampled_ttest(three)
    with pytest.raises(ValueError, match="select"):
        pe.bayesian_correlated_ttest(three)
    with pytest.raises(TypeError, match="omit n_train"):
        pe.corrected_resampled_ttest(three.select(0, 1), n_train=135)
    with pytest.raises(TypeError, match="omit scores_b"):
        pe.bayesian_correlated_ttest(three.select(0, 1), three["tree"])
    with pytest.raises(TypeError, match="n_train, n_test are required"):
        pe.corrected_resampled_ttest(three["nb"], three["knn"])
    with pytest.raises(TypeError, match="scores_b is required"):
        pe.corrected_resampled_ttest(three["nb"], n_train=135, n_test=15)


@pytest.fixture(scope="module")
def per_dataset():
    from sklearn.datasets import load_wine

    estimators = {
        "nb": GaussianNB(),
        "knn": KNeighborsClassifier(),
        "tree": DecisionTreeClassifier(random_state=0),
    }
    data = [
        load_iris(return_X_y=True),
        load_wine(return_X_y=True),
        load_breast_cancer(return_X_y=True),
    ]
    data.append((data[2][0][:, :5], data[2][1]))
    return [pe.cv_scores(estimators, X, y, cv=3, rng=i) for i, (X, y) in enumerate(data)]


def test_many_classifier_tests_take_a_list_of_cvscores_or_a_frame(per_dataset):
    table = np.array([s.mean() for s in per_dataset])
    frame = pd.DataFrame(table, columns=["nb", "knn", "tree"])
    for scores in (per_dataset, frame):
        f, f0 = pe.friedman_test(scores), pe.friedman_test(table)
        assert f.names == ("nb", "knn", "tree") and f0.names is None
        assert (f.statistic, f.pvalue) == (f0.statistic, f0.pvalue)
        n, n0 = pe.nemenyi_test(scores, alpha=0.1), pe.nemenyi_test(table, alpha=0.1)
        np.testing.assert_array_equal(n.pvalue, n0.pvalue)
        np.testing.assert_array_equal(n.reject, n0.reject)
        assert n.names == f.names
        h, h0 = pe.holm_test(scores, control="tree"), pe.holm_test(table, control=2)
        assert h.control == 2 and h.names == f.names
        for field in ("statistic", "pvalue", "adjusted_pvalue", "reject", "classifiers", "order"):
            np.testing.assert_array_equal(getattr(h, field), getattr(h0, field))


def test_signed_rank_takes_two_columns(per_dataset):
    pairs = [s.select("nb", "tree") for s in per_dataset]
    a, b = np.array([s.mean() for s in pairs]).T
    plain = pe.bayesian_signed_rank(a, b, rope=0.01, n_draws=2000, rng=3)
    for scores in (pairs, pd.DataFrame({"nb": a, "tree": b})):
        post = pe.bayesian_signed_rank(scores, rope=0.01, n_draws=2000, rng=3)
        assert post.names == ("nb", "tree")
        np.testing.assert_array_equal(post.samples, plain.samples)
        assert (post.p_a_better, post.p_rope, post.p_b_better) == (
            plain.p_a_better,
            plain.p_rope,
            plain.p_b_better,
        )
    with pytest.raises(ValueError, match=r"exactly two.*select\('nb', 'tree'\)"):
        pe.bayesian_signed_rank(per_dataset, rope=0.01)
    with pytest.raises(TypeError, match="omit scores_b"):
        pe.bayesian_signed_rank(pairs, b, rope=0.01)
    with pytest.raises(TypeError, match="scores_b is required"):
        pe.bayesian_signed_rank(a, rope=0.01)
    with pytest.raises(TypeError, match="n_resamples"):  # the retired name
        pe.bayesian_signed_rank(a, b, rope=0.01, n_resamples=100)


def test_table_of_cvscores_checks(per_dataset):
    with pytest.raises(TypeError, match="single CVScores"):
        pe.friedman_test(per_dataset[0])
    with pytest.raises(ValueError, match=r"scores\[1\].*same estimators"):
        pe.friedman_test([per_dataset[0], per_dataset[1].select("knn", "nb", "tree")])
    with pytest.raises(TypeError, match=r"scores\[1\]"):
        pe.nemenyi_test([per_dataset[0], per_dataset[1].mean()])
    with pytest.raises(ValueError, match="control"):
        pe.holm_test(per_dataset, control="svm")
    with pytest.raises(TypeError, match="control"):
        pe.holm_test(np.array([s.mean() for s in per_dataset]), control="tree")


def test_parallel_and_progress_give_the_same_scores(iris):
    X, y = iris
    serial = pe.cv_scores([GaussianNB(), KNeighborsClassifier()], X, y, cv=3, rng=4)
    parallel = pe.cv_scores(
        [GaussianNB(), KNeighborsClassifier()], X, y, cv=3, rng=4, n_jobs=2, progress=True
    )
    np.testing.assert_array_equal(serial.scores, parallel.scores)


def test_regressors_score_numbers_as_sklearn_does():
    from sklearn.linear_model import LinearRegression, Ridge

    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3))
    y = X @ [1.0, -2.0, 0.5] + rng.normal(scale=0.3, size=40)  # a continuous target
    res = pe.cv_scores([LinearRegression(), Ridge()], X, y, cv=KFold(4), metric="r2")
    assert res.names == ("LinearRegression", "Ridge")
    for j, est in enumerate([LinearRegression(), Ridge()]):
        expected = cross_val_score(est, X, y, cv=KFold(4), scoring="r2")
        np.testing.assert_allclose(res.scores[:, j], expected, rtol=1e-12)
    with pytest.raises(TypeError, match="X must be array-like with one row per sample; got None"):
        pe.cv_scores(LinearRegression(), None, y, cv=KFold(4), metric="r2")
    with pytest.raises(ValueError, match="y has 39 entries but X has 40"):
        pe.cv_scores(LinearRegression(), X, y[:-1], cv=KFold(4), metric="r2")


def test_an_empty_sequence_of_estimators_is_refused(iris):
    X, y = iris
    with pytest.raises(ValueError, match="estimators must be at least one estimator; got an empty"):
        pe.cv_scores([], X, y, cv=3)
