"""selection_cv_error and leak_grid: CV1 vs CV2 against scikit-learn, the leak on pure noise,
the folds, n_jobs invariance and bad input."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import NoPredict, bad_input_test
from sklearn.decomposition import PCA
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.linear_model import LinearRegression, LogisticRegression
from sklearn.model_selection import KFold, RepeatedStratifiedKFold, StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline

import patterneval as pe
from patterneval._engine import make_folds
from patterneval.book import simulation
from patterneval.book.feature_selection import LeakGrid, leak_grid
from patterneval.resampling import selection


def noise(seed, n=50, p=2000):
    gen = np.random.default_rng(seed)
    return gen.normal(size=(n, p)), np.repeat([0, 1], n // 2)


SEL = SelectKBest(f_classif, k=10)
KNN = KNeighborsClassifier(1)


def _folds(y, k, seed):
    """The folds of ``cv=k, rng=seed``: _engine.make_folds, shared with cross_val_error."""
    return make_folds(y, n_splits=k, n_repeats=1, stratify=True, rng=np.random.default_rng(seed))[0]


def test_an_int_cv_gives_the_seeded_stratified_folds_of_cross_val_error():
    """cv=k with rng: scikit-learn's shuffled StratifiedKFold seeded from rng's first child
    stream (make_folds), the folds cross_val_error draws, fold by fold."""
    X, y = noise(6, n=24, p=40)
    y = np.repeat([0, 1, 2], [7, 8, 9])
    seed = int(np.random.default_rng(3).spawn(1)[0].integers(2**32))
    expected = list(StratifiedKFold(4, shuffle=True, random_state=seed).split(y, y))
    knn = KNeighborsClassifier(1)
    res = pe.selection_cv_error(SelectKBest(f_classif, k="all"), knn, X, y, cv=4, rng=3)
    explicit = pe.selection_cv_error(SelectKBest(f_classif, k="all"), knn, X, y, cv=expected)
    np.testing.assert_array_equal(res.fold_errors, explicit.fold_errors)
    plain = pe.cross_val_error(knn, X, y, cv=4, rng=3)
    np.testing.assert_array_equal(res.fold_errors, plain.fold_errors[0])


@pytest.mark.parametrize("inside", [True, False])
def test_equals_sklearn_cross_val_score_on_the_same_folds(inside):
    # peer: scikit-learn 1.9.1 cross_val_score; CV2 = the pipeline cross-validated,
    # CV1 = the classifier cross-validated on columns chosen with all labels
    X, y = noise(0, n=40, p=300)
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=4)
    res = pe.selection_cv_error(SEL, KNN, X, y, inside=inside, cv=cv)
    folds = list(cv.split(X, y))
    if inside:
        acc = cross_val_score(make_pipeline(SEL, KNN), X, y, cv=folds)
    else:
        acc = cross_val_score(KNN, SelectKBest(f_classif, k=10).fit_transform(X, y), y, cv=folds)
    np.testing.assert_allclose(res.fold_errors, 1 - acc, rtol=0, atol=1e-15)
    assert res.error == pytest.approx(np.mean(1 - acc), abs=1e-15)
    assert res.inside is inside
    assert res.std_error == pytest.approx(np.std(1 - acc, ddof=1) / np.sqrt(10))


def test_selected_features_per_fold():
    X, y = noise(1, n=40, p=300)
    cv2 = pe.selection_cv_error(SEL, KNN, X, y, cv=4, rng=0)
    folds = _folds(y, 4, 0)
    assert len(cv2.selected_features) == 4
    for support, (train, _) in zip(cv2.selected_features, folds):
        expected = SelectKBest(f_classif, k=10).fit(X[train], y[train]).get_support(indices=True)
        np.testing.assert_array_equal(support, expected)
    assert cv2.selection_counts.sum() == 40 and cv2.selection_counts.shape == (300,)
    cv1 = pe.selection_cv_error(SEL, KNN, X, y, inside=False, cv=4, rng=0)
    everything = SelectKBest(f_classif, k=10).fit(X, y).get_support(indices=True)
    assert all(np.array_equal(s, everything) for s in cv1.selected_features)
    assert set(np.flatnonzero(cv1.selection_counts)) == set(everything)


def test_feature_extractor_without_support():
    X, y = noise(2, n=30, p=50)
    res = pe.selection_cv_error(PCA(3), LogisticRegression(), X, y, cv=3, rng=0)
    assert res.selected_features == () and res.fold_errors.shape == (3,)


def test_cv1_is_optimistic_cv2_is_honest_on_pure_noise():
    # n = 50, p = 2000 noise features, k = 10 kept, 1-NN, 5 folds; 8 data sets. The true
    # error of any classifier is 0.5. Tolerance: 4 Monte Carlo SE from the 8 replicates.
    cv1, cv2 = [], []
    for seed in range(8):
        X, y = noise(100 + seed)
        cv1.append(pe.selection_cv_error(SEL, KNN, X, y, inside=False, cv=5, rng=seed).error)
        cv2.append(pe.selection_cv_error(SEL, KNN, X, y, inside=True, cv=5, rng=seed).error)
    honest = simulation.check_mean(cv2, 0.5)
    assert honest.passed, honest
    leak = simulation.check_mean(cv1, 0.5)
    assert leak.z < -4 and np.mean(cv1) < 0.25  # far below chance: the leak


def test_n_jobs_and_progress_do_not_change_the_result():
    X, y = noise(3, n=40, p=200)
    cv = RepeatedStratifiedKFold(n_splits=4, n_repeats=2, random_state=5)
    one = pe.selection_cv_error(SEL, KNN, X, y, cv=cv)
    two = pe.selection_cv_error(SEL, KNN, X, y, cv=cv, n_jobs=2, progress=True)
    np.testing.assert_array_equal(one.fold_errors, two.fold_errors)
    assert all(np.array_equal(a, b) for a, b in zip(one.selected_features, two.selected_features))


def test_same_rng_same_folds_for_cv1_and_cv2():
    X, y = noise(4, n=40, p=5)  # 5 features, k=5: selection keeps everything, no leak
    sel = SelectKBest(f_classif, k=5)
    a = pe.selection_cv_error(sel, KNN, X, y, inside=True, cv=4, rng=8)
    b = pe.selection_cv_error(sel, KNN, X, y, inside=False, cv=4, rng=8)
    np.testing.assert_array_equal(a.fold_errors, b.fold_errors)


def test_repr():
    X, y = noise(5, n=20, p=30)
    res = pe.selection_cv_error(SEL, KNN, X, y, cv=2, rng=0)
    assert repr(res).startswith("SelectionCVResult(error=") and "selected_features" not in repr(res)


# ------------------------------------------------------------------ leak_grid
def slow_leak_grid(n_features, k, n_samples, n_datasets, cv, seed):
    """Explicit loops: the data sets drawn as leak_grid documents, every cell one pair of
    selection_cv_error calls."""
    gen = np.random.default_rng(seed)
    y = np.repeat([0, 1], [n_samples // 2, n_samples - n_samples // 2])
    cv1 = np.zeros((len(n_features), len(k), n_datasets))
    cv2 = np.zeros_like(cv1)
    for d in range(n_datasets):
        X = gen.normal(size=(n_samples, max(n_features)))
        folds_seed = int(gen.integers(2**32))
        for i, p in enumerate(n_features):
            for j, kk in enumerate(k):
                for inside, out in ((False, cv1), (True, cv2)):
                    out[i, j, d] = pe.selection_cv_error(
                        SelectKBest(f_classif, k=kk),
                        KNeighborsClassifier(1),
                        X[:, :p],
                        y,
                        inside=inside,
                        cv=cv,
                        rng=folds_seed,
                    ).error
    return cv1, cv2


def test_leak_grid_equals_slow_twin():
    grid = leak_grid((10, 60), (1, 3, 10), n_samples=17, n_datasets=2, cv=3, rng=6)
    cv1, cv2 = slow_leak_grid((10, 60), (1, 3, 10), 17, 2, 3, 6)
    assert isinstance(grid, LeakGrid) and grid.n_samples == 17
    np.testing.assert_array_equal(grid.n_features, [10, 60])
    np.testing.assert_array_equal(grid.k, [1, 3, 10])
    np.testing.assert_array_equal(grid.cv1, cv1)
    np.testing.assert_array_equal(grid.cv2, cv2)
    np.testing.assert_array_equal(grid.cv1_mean, cv1.mean(axis=2))
    np.testing.assert_array_equal(grid.cv2_mean, cv2.mean(axis=2))
    assert repr(grid) == "LeakGrid(n_features=[10, 60], k=[1, 3, 10], n_samples=17)"


def test_leak_grid_shows_the_leak_and_ignores_n_jobs():
    # 30 samples, 300 noise features, k = 10: selecting on all labels is far more optimistic;
    # at p = k = 10 the selection keeps every column and CV1 = CV2 exactly
    grid = leak_grid((10, 300), (1, 10), n_samples=30, n_datasets=2, cv=3, rng=0)
    assert grid.cv1.shape == grid.cv2.shape == (2, 2, 2)
    assert grid.cv1_mean[1, 1] < grid.cv2_mean[1, 1] - 0.2
    np.testing.assert_array_equal(grid.cv1[0, 1], grid.cv2[0, 1])
    again = leak_grid(
        (10, 300),
        (1, 10),
        n_samples=30,
        n_datasets=2,
        cv=3,
        rng=np.random.default_rng(0),
        n_jobs=2,
        progress=True,
    )
    np.testing.assert_array_equal(grid.cv1, again.cv1)
    np.testing.assert_array_equal(grid.cv2, again.cv2)


def test_leak_grid_estimator_is_used():
    grid = leak_grid(
        (8,), (2,), n_samples=12, n_datasets=1, cv=2, estimator=LogisticRegression(), rng=1
    )
    gen = np.random.default_rng(1)  # as documented: the matrix, then the folds' seed
    X, seed = gen.normal(size=(12, 8)), int(gen.integers(2**32))
    y = np.repeat([0, 1], 6)
    expected = pe.selection_cv_error(
        SelectKBest(f_classif, k=2), LogisticRegression(), X, y, cv=2, rng=seed
    ).error
    assert grid.cv2[0, 0, 0] == expected


# ------------------------------------------------------------------ order and single classes
def test_most_selected_breaks_ties_by_lowest_index():
    res = pe.selection_cv_error(SEL, KNN, *noise(3, n=40, p=300), cv=5, rng=0)
    counts = res.selection_counts
    order = res.most_selected()
    # counts never increase along the order, and within equal counts indices increase
    assert np.all(np.diff(counts[order]) <= 0)
    for c in np.unique(counts):
        tied = order[counts[order] == c]
        np.testing.assert_array_equal(tied, np.sort(tied))
    np.testing.assert_array_equal(res.most_selected(7), order[:7])
    assert np.unique(counts).size < counts.size  # there are ties to break


def test_single_class_training_fold_selects_nothing_and_predicts_its_class():
    X, _ = noise(1, n=20, p=30)
    y = np.r_[np.ones(2, int), np.zeros(18, int)]
    found = False
    for seed in range(60):  # 2 folds of 10: both positives in one fold with probability 9/19
        folds = list(KFold(2, shuffle=True, random_state=seed).split(y))
        bad = [i for i, (train, _) in enumerate(folds) if np.all(y[train] == 0)]
        if bad:
            found = True
            break
    assert found
    lr = make_pipeline(LogisticRegression())
    for inside in (True, False):
        res = pe.selection_cv_error(
            SEL, lr, X, y, inside=inside, cv=KFold(2, shuffle=True, random_state=seed)
        )
        assert res.n_single_class == 1 and res.fold_errors[bad[0]] == 0.2
    assert res.selected_features[bad[0]].size == 10  # CV1: the one set chosen on all data
    cv2 = pe.selection_cv_error(
        SEL, lr, X, y, inside=True, cv=KFold(2, shuffle=True, random_state=seed)
    )
    assert cv2.selected_features[bad[0]].size == 0
    with pytest.raises(ValueError, match=rf"fold {bad[0]} holds a single class \(0\)"):
        pe.selection_cv_error(
            SEL, lr, X, y, cv=KFold(2, shuffle=True, random_state=seed), single_class="raise"
        )


# ------------------------------------------------------------------ bad input
X_OK, Y_OK = noise(0, n=20, p=30)
GOOD = {
    pe.selection_cv_error: dict(selector=SEL, estimator=KNN, X=X_OK, y=Y_OK, cv=2, rng=0),
    leak_grid: dict(n_features=(5,), k=(1,), n_samples=8, n_datasets=1, cv=2, rng=0),
}
X_NAN = X_OK.copy()
X_NAN[0, 0] = np.nan


CASES = [
    (
        pe.selection_cv_error,
        dict(selector=KNN),
        TypeError,
        r"^selector must be .*transformer.*\(no transform\)",
    ),
    (pe.selection_cv_error, dict(selector=SelectKBest), TypeError, r"^selector must .*a class"),
    (
        pe.selection_cv_error,
        dict(estimator=NoPredict()),
        TypeError,
        r"^estimator must .*\(no predict\)",
    ),
    (
        pe.selection_cv_error,
        dict(y=Y_OK[:-1]),
        ValueError,
        r"^y has 19 entries but X has 20; they must pair up",
    ),
    (
        pe.selection_cv_error,
        dict(X=X_NAN),
        ValueError,
        r"Input X contains NaN",
    ),  # the selector validates X
    (
        pe.selection_cv_error,
        dict(y=np.ones(20)),
        ValueError,
        r"^y must be labels of at least 2 classes; got 1",
    ),
    (pe.selection_cv_error, dict(cv=1), ValueError, r"^cv must be an integer in \[2, 20\]; got 1"),
    (
        pe.selection_cv_error,
        dict(cv=11),
        ValueError,
        r"^cv must be at most 10, the size of the smallest class 0; got 11",
    ),
    (
        pe.selection_cv_error,
        dict(cv=21),
        ValueError,
        r"^cv must be an integer in \[2, 20\]; got 21",
    ),
    (
        pe.selection_cv_error,
        dict(cv="5"),
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter",
    ),
    (
        pe.selection_cv_error,
        dict(cv=[(np.arange(10), np.arange(10, 25))]),
        ValueError,
        r"^cv must be indices in 0..19 \(there are 20 samples\)",
    ),
    (
        pe.selection_cv_error,
        dict(rng="seed"),
        TypeError,
        r"^rng must be None, an int seed or a numpy",
    ),
    (
        pe.selection_cv_error,
        dict(n_jobs=0),
        ValueError,
        r"^n_jobs must be None or a non-zero integer; got 0",
    ),
    (
        pe.selection_cv_error,
        dict(inside="no"),
        TypeError,
        r"^inside must be True or False; got 'no'",
    ),
    (pe.selection_cv_error, dict(inside=1), TypeError, r"^inside must be True or False; got 1"),
    # the retired keywords name cv= and rng=
    (
        pe.selection_cv_error,
        dict(stratify=True),
        TypeError,
        r"^selection_cv_error\(\) takes cv=, not stratify=",
    ),
    (
        pe.selection_cv_error,
        dict(n_splits=5),
        TypeError,
        r"^selection_cv_error\(\) takes cv=, not n_splits=",
    ),
    (
        pe.selection_cv_error,
        dict(n_repeats=2),
        TypeError,
        r"^selection_cv_error\(\) takes cv=, not n_repeats=",
    ),
    (
        pe.selection_cv_error,
        dict(random_state=0),
        TypeError,
        r"^selection_cv_error\(\) takes rng=, not random_state=",
    ),
    (leak_grid, dict(n_splits=5), TypeError, r"^leak_grid\(\) takes cv=, not n_splits="),
    (leak_grid, dict(seed=0), TypeError, r"^leak_grid\(\) takes rng=, not seed="),
    (pe.selection_cv_error, dict(progress=0), TypeError, r"^progress must be True or False"),
    (
        pe.selection_cv_error,
        dict(y=np.linspace(0.1, 2.1, 20)),
        ValueError,
        r"^y must be class labels \(binary or multiclass\)",
    ),
    (
        pe.selection_cv_error,
        dict(estimator=LinearRegression()),
        ValueError,
        r"^estimator must be a classifier",
    ),
    (
        pe.selection_cv_error,
        dict(single_class="redraw"),
        ValueError,
        r"^single_class must be one of",
    ),
    (
        pe.selection_cv_error,
        dict(average="mean"),
        ValueError,
        r"^average must be one of \['pooled', 'folds'\]",
    ),
    (
        leak_grid,
        dict(n_features=()),
        ValueError,
        r"^n_features must be a 1-d array of integers with at least 1 entries",
    ),
    (
        leak_grid,
        dict(n_features="50"),
        TypeError,
        r"^n_features must be a 1-d array of integers; got '50'",
    ),
    (
        leak_grid,
        dict(n_features=[[5, 6]]),
        ValueError,
        r"^n_features must be a 1-d array of integers; got an array of shape \(1, 2\)",
    ),
    (
        leak_grid,
        dict(n_features=(5, 7.5)),
        TypeError,
        r"^n_features must be a 1-d array of integers; got \(5, 7.5\)",
    ),
    (
        leak_grid,
        dict(n_features=(5, np.inf)),
        ValueError,
        r"^n_features holds 1 NaN or infinite values",
    ),
    (
        leak_grid,
        dict(n_features=(9, 5)),
        ValueError,
        r"^n_features must be strictly increasing .*\[9, 5\]",
    ),
    (
        leak_grid,
        dict(n_features=(0, 5), k=(0,)),
        ValueError,
        r"^n_features must be values >= 1; got \[0, 5\]",
    ),
    (
        leak_grid,
        dict(k=(0, 1)),
        ValueError,
        r"^k must be values in \[1, min\(n_features\) = 5\]; got \[0, 1\]",
    ),
    (
        leak_grid,
        dict(k=(1, 6)),
        ValueError,
        r"^k must be values in \[1, min\(n_features\) = 5\]; got \[1, 6\]",
    ),
    (leak_grid, dict(k=(2, 2)), ValueError, r"^k must be strictly increasing"),
    (leak_grid, dict(n_samples=3), ValueError, r"^n_samples must be an integer >= 4; got 3"),
    (leak_grid, dict(n_samples=8.0), TypeError, r"^n_samples must be an integer >= 4"),
    (leak_grid, dict(n_datasets=0), ValueError, r"^n_datasets must be an integer >= 1; got 0"),
    (
        leak_grid,
        dict(cv=5),
        ValueError,
        r"^cv must be at most 4, the size of the smallest class 0; got 5",
    ),
    (leak_grid, dict(cv=1), ValueError, r"^cv must be an integer in \[2, 8\]; got 1"),
    (
        leak_grid,
        dict(cv=StratifiedKFold),
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter .*class, not an instance",
    ),
    (leak_grid, dict(estimator=NoPredict()), TypeError, r"^estimator must .*\(no predict\)"),
    (leak_grid, dict(rng="seed"), TypeError, r"^rng must be None, an int seed or a numpy"),
    (leak_grid, dict(n_jobs=0), ValueError, r"^n_jobs must be None or a non-zero integer; got 0"),
    (leak_grid, dict(estimator=LinearRegression()), ValueError, r"^estimator must be a classifier"),
    (leak_grid, dict(progress="no"), TypeError, r"^progress must be True or False"),
]


test_bad_input = bad_input_test(GOOD, CASES)


def test_good_arguments_run():
    for func, kwargs in GOOD.items():
        func(**kwargs)


def test_public_names_are_re_exported():  # rows for every public callable: test_bad_input_sweep.py
    assert all(hasattr(pe.resampling, name) for name in selection.__all__)


def test_same_folds_as_cross_val_error():
    """With the same rng, selection_cv_error and cross_val_error partition alike: keeping
    every feature, CV2 is plain cross-validation fold by fold."""
    from sklearn.datasets import load_iris
    from sklearn.feature_selection import SelectKBest, f_classif
    from sklearn.neighbors import KNeighborsClassifier

    X, y = load_iris(return_X_y=True)
    knn = KNeighborsClassifier(3)
    sel = pe.selection_cv_error(
        SelectKBest(f_classif, k="all"), knn, X, y, inside=True, cv=5, rng=7
    )
    plain = pe.cross_val_error(knn, X, y, cv=5, rng=7)
    np.testing.assert_allclose(
        np.ravel(sel.fold_errors), np.ravel(plain.fold_errors), rtol=0, atol=1e-15
    )
