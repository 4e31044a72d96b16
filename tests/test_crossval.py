"""k-fold, repeated and leave-one-out cross-validation: against scikit-learn on the same
splits, the fold-size weighting, n_jobs invariance, and a table of bad input."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import NoPredict, assert_displays, bad_input_test
from sklearn.datasets import load_iris, load_wine
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.linear_model import LinearRegression, LogisticRegression
from sklearn.model_selection import (
    KFold,
    LeaveOneOut,
    PredefinedSplit,
    RepeatedKFold,
    RepeatedStratifiedKFold,
    ShuffleSplit,
    StratifiedKFold,
    cross_val_score,
)
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier

import patterneval as pe
from patterneval._engine import cv_error, make_folds, spawn
from patterneval.resampling import crossval


@pytest.fixture(scope="module")
def wine():
    return load_wine(return_X_y=True)


@pytest.mark.parametrize("splitter", [RepeatedStratifiedKFold, RepeatedKFold])
@pytest.mark.parametrize("n_splits", [3, 7])
def test_fold_errors_equal_one_minus_cross_val_score(wine, splitter, n_splits):
    X, y = wine
    est = GaussianNB()
    cv = splitter(n_splits=n_splits, n_repeats=2, random_state=11)
    res = pe.cross_val_error(est, X, y, cv=cv)
    # scikit-learn 1.9.1: cross_val_score with the same splitter gives the fold accuracies,
    # repeat after repeat
    accuracy = cross_val_score(est, X, y, cv=cv).reshape(2, n_splits)
    sizes = np.array([test.size for _, test in cv.split(X, y)]).reshape(2, n_splits)
    np.testing.assert_allclose(res.fold_errors, 1.0 - accuracy, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(res.fold_sizes, sizes)
    for r in range(2):
        # the repeat's error is the fold errors weighted by fold size = mistakes / n
        weighted = np.sum(sizes[r] * (1.0 - accuracy[r])) / y.size
        assert res.repeat_errors[r] == pytest.approx(weighted, abs=1e-12)
        assert res.mistakes[r].mean() == pytest.approx(weighted, abs=1e-12)
    assert res.error == pytest.approx(res.repeat_errors.mean(), abs=1e-15)
    assert res.fold_std == pytest.approx(res.fold_errors.std(ddof=1))
    assert res.repeat_std == pytest.approx(res.repeat_errors.std(ddof=1))
    assert res.n_splits == n_splits and res.n_repeats == 2


def test_an_int_cv_draws_the_folds_of_make_folds(wine):
    """cv=k with rng gives the shuffled stratified folds that n_splits=k drew
    (make_folds, one child stream), so stored numbers do not move."""
    X, y = wine
    res = pe.cross_val_error(GaussianNB(), X, y, cv=5, rng=11)
    seed = int(spawn(np.random.default_rng(11), 1)[0].integers(2**32))
    same = StratifiedKFold(5, shuffle=True, random_state=seed)
    np.testing.assert_allclose(
        res.fold_errors[0], 1.0 - cross_val_score(GaussianNB(), X, y, cv=same), rtol=0, atol=1e-12
    )
    folds = make_folds(y, n_splits=5, n_repeats=1, stratify=True, rng=np.random.default_rng(11))
    explicit = pe.cross_val_error(GaussianNB(), X, y, cv=folds[0])
    np.testing.assert_array_equal(res.mistakes, explicit.mistakes)
    assert (res.n_splits, res.n_repeats) == (5, 1)


def test_a_splitter_that_does_not_partition_reports_what_ran(wine):
    """ShuffleSplit: 4 pairs of one group; the pooled error is mistakes over the tested
    predictions, and samples no test part held are not mistakes."""
    X, y = wine
    cv = ShuffleSplit(n_splits=4, test_size=0.25, random_state=0)
    res = pe.cross_val_error(GaussianNB(), X, y, cv=cv)
    tests = [test for _, test in cv.split(X, y)]
    assert (res.n_splits, res.n_repeats) == (4, 1)
    np.testing.assert_array_equal(res.fold_sizes[0], [t.size for t in tests])
    assert res.error == pytest.approx(
        np.sum(res.fold_errors * res.fold_sizes) / res.fold_sizes.sum(), abs=1e-15
    )
    never = np.setdiff1d(np.arange(y.size), np.concatenate(tests))
    assert not res.mistakes[0, never].any()


def test_weighted_mean_differs_from_plain_mean_when_folds_are_uneven():
    # 178 wine samples in 4 folds: sizes 45/45/44/44, so the two means can differ
    X, y = load_wine(return_X_y=True)
    res = pe.cross_val_error(KNeighborsClassifier(3), X, y, cv=4, rng=2)
    assert len(set(res.fold_sizes[0])) == 2
    plain = res.fold_errors[0].mean()
    weighted = np.average(res.fold_errors[0], weights=res.fold_sizes[0])
    assert res.error == pytest.approx(weighted, abs=1e-12)
    assert res.error != plain
    # with equal folds both coincide (iris: 150 = 5 x 30)
    Xi, yi = load_iris(return_X_y=True)
    even = pe.cross_val_error(KNeighborsClassifier(3), Xi, yi, cv=5, rng=2)
    assert even.error == pytest.approx(even.fold_errors.mean(), abs=1e-12)


def test_one_definition_of_the_cv_error_everywhere():
    """On the same folds cross_val_error gave 0.034014 (mistakes / n) and
    selection_cv_error 0.033333 (mean of fold rates). One engine, one default ("pooled"),
    and the mean of fold rates as the explicit option average="folds", in all three."""
    X, y = load_iris(return_X_y=True)
    X, y = X[3:], y[3:]  # 147 samples: 10 folds of 15 and 14
    knn, sel = KNeighborsClassifier(5), SelectKBest(f_classif, k="all")
    test_fold = np.empty(y.size, dtype=int)
    for f, (_, test) in enumerate(
        make_folds(y, n_splits=10, n_repeats=1, stratify=True, rng=np.random.default_rng(0))[0]
    ):
        test_fold[test] = f
    same_folds = PredefinedSplit(test_fold)
    for average, expected in [("pooled", 5 / 147), ("folds", 1 / 30)]:
        cv = pe.cross_val_error(knn, X, y, cv=10, rng=0, average=average)
        cv2 = pe.selection_cv_error(sel, knn, X, y, cv=10, rng=0, average=average)
        perm = pe.permutation_test(knn, X, y, cv=same_folds, n_resamples=2, rng=0, average=average)
        assert cv.error == pytest.approx(expected, abs=1e-15)
        assert cv2.error == pytest.approx(expected, abs=1e-15)
        assert perm.statistic == pytest.approx(expected, abs=1e-15)
        assert cv.average == cv2.average == perm.average == average
        np.testing.assert_array_equal(cv.fold_errors[0], cv2.fold_errors)
        np.testing.assert_array_equal(cv.fold_errors[0], perm.fold_errors)
    assert f"{5 / 147:.6f}, {1 / 30:.6f}" == "0.034014, 0.033333"
    assert cv_error([1, 0], [3, 2]) == 0.2 and cv_error([1, 0], [3, 2], "folds") == 1 / 6


def test_average_folds_is_the_mean_of_fold_errors_per_repeat(wine):
    X, y = wine  # 178 samples in 4 folds: 45, 45, 44, 44
    cv = RepeatedStratifiedKFold(n_splits=4, n_repeats=3, random_state=2)
    res = pe.cross_val_error(KNeighborsClassifier(3), X, y, cv=cv, average="folds")
    np.testing.assert_array_equal(res.repeat_errors, res.fold_errors.mean(axis=1))
    assert res.error == pytest.approx(res.fold_errors.mean(), abs=1e-15)
    pooled = pe.cross_val_error(KNeighborsClassifier(3), X, y, cv=cv)
    np.testing.assert_array_equal(pooled.fold_errors, res.fold_errors)  # same fits
    np.testing.assert_array_equal(pooled.repeat_errors, pooled.mistakes.mean(axis=1))


def test_stratified_folds_keep_class_proportions(wine):
    X, y = wine
    res = pe.cross_val_error(GaussianNB(), X, y, cv=5, rng=0)
    assert res.fold_sizes.sum() == y.size
    assert res.mistakes.shape == (1, y.size)
    assert np.isnan(res.repeat_std)  # one repeat has no spread


def test_leave_one_out_equals_sklearn(wine):
    X, y = wine
    X, y = X[::3], y[::3]
    est = KNeighborsClassifier(1)
    res = pe.leave_one_out_error(est, X, y)
    # scikit-learn 1.9.1: LeaveOneOut + cross_val_score, one 0/1 accuracy per sample
    accuracy = cross_val_score(est, X, y, cv=LeaveOneOut())
    np.testing.assert_array_equal(res.fold_errors[0], 1.0 - accuracy)
    assert res.error == pytest.approx(1.0 - accuracy.mean(), abs=1e-12)
    assert res.n_splits == y.size and res.n_repeats == 1
    np.testing.assert_array_equal(res.mistakes[0], accuracy == 0)


def test_loo_by_an_explicit_loop():
    # slow twin: refit by hand without sample i
    X, y = load_iris(return_X_y=True)
    X, y = X[::5], y[::5]
    expected = []
    for i in range(y.size):
        keep = np.arange(y.size) != i
        model = LinearDiscriminantAnalysis().fit(X[keep], y[keep])
        expected.append(model.predict(X[i : i + 1])[0] != y[i])
    res = pe.leave_one_out_error(LinearDiscriminantAnalysis(), X, y)
    np.testing.assert_array_equal(res.mistakes[0], expected)


def test_same_rng_same_result_and_n_jobs_invariance(wine):
    X, y = wine
    kwargs = dict(cv=RepeatedStratifiedKFold(n_splits=4, n_repeats=2, random_state=5))
    serial = pe.cross_val_error(GaussianNB(), X, y, **kwargs)
    again = pe.cross_val_error(GaussianNB(), X, y, **kwargs)
    parallel = pe.cross_val_error(GaussianNB(), X, y, **kwargs, n_jobs=2)
    for other in (again, parallel):
        np.testing.assert_array_equal(serial.fold_errors, other.fold_errors)
        np.testing.assert_array_equal(serial.mistakes, other.mistakes)
    loo = pe.leave_one_out_error(GaussianNB(), X[::4], y[::4])
    loo2 = pe.leave_one_out_error(GaussianNB(), X[::4], y[::4], n_jobs=2)
    np.testing.assert_array_equal(loo.mistakes, loo2.mistakes)


def test_repeats_are_prefix_stable(wine):
    # RepeatedStratifiedKFold draws its repeats one after the other from one RandomState:
    # adding repeats leaves earlier ones alone, and the result keeps them apart
    X, y = wine
    two = pe.cross_val_error(
        GaussianNB(), X, y, cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=9)
    )
    five = pe.cross_val_error(
        GaussianNB(), X, y, cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=5, random_state=9)
    )
    np.testing.assert_array_equal(two.mistakes, five.mistakes[:2])
    assert five.repeat_std == pytest.approx(five.repeat_errors.std(ddof=1))


def test_progress_bar_does_not_change_the_result(wine, capsys):
    X, y = wine
    quiet = pe.cross_val_error(GaussianNB(), X, y, cv=3, rng=1)
    loud = pe.cross_val_error(GaussianNB(), X, y, cv=3, rng=1, progress=True)
    np.testing.assert_array_equal(quiet.fold_errors, loud.fold_errors)
    assert "cross-validation" in capsys.readouterr().err


def test_result_repr_and_html():
    X, y = load_iris(return_X_y=True)
    res = pe.cross_val_error(GaussianNB(), X, y, cv=3, rng=0)
    assert_displays(res, "CrossValidationResult(error=")


# ----------------------------------------------------------------------- single-class folds
def _rare():
    X = np.random.default_rng(0).normal(size=(20, 2))
    return X, np.r_[np.ones(2, int), np.zeros(18, int)]


def test_unstratified_fold_of_one_class_is_predicted_as_that_class():
    X, y = _rare()
    # 2 unstratified folds of 10: when both positives fall in one fold (probability 9/19),
    # the other fold's training set is zeros only
    for seed in range(40):
        res = pe.cross_val_error(
            LogisticRegression(), X, y, cv=KFold(2, shuffle=True, random_state=seed)
        )
        if res.n_single_class:
            break
    assert res.n_single_class == 1
    folds = list(KFold(2, shuffle=True, random_state=seed).split(X))
    bad = [f for f, (train, _) in enumerate(folds) if np.all(y[train] == 0)]
    assert len(bad) == 1
    assert res.fold_errors[0, bad[0]] == 0.2  # both positives predicted 0
    with pytest.raises(
        ValueError,
        match=rf"training set of fold {bad[0]} of repeat 0 holds a single "
        r"class \(0\).*single_class='constant'",
    ):
        pe.cross_val_error(
            LogisticRegression(),
            X,
            y,
            cv=KFold(2, shuffle=True, random_state=seed),
            single_class="raise",
        )


def test_loo_with_a_singleton_class():
    X, y = _rare()
    y = y.copy()
    y[1] = 0  # one positive: leaving it out leaves zeros only
    res = pe.leave_one_out_error(LogisticRegression(), X, y)
    assert res.n_single_class == 1 and res.mistakes[0, 0]
    with pytest.raises(ValueError, match=r"fold 0 of repeat 0 holds a single class"):
        pe.leave_one_out_error(LogisticRegression(), X, y, single_class="raise")


def test_stratified_folds_never_hold_one_class():
    X, y = _rare()
    res = pe.cross_val_error(LogisticRegression(), X, y, cv=2, rng=0)
    assert res.n_single_class == 0


# ----------------------------------------------------------------------- bad input
X_OK = np.arange(40, dtype=float).reshape(20, 2)
Y_OK = np.arange(20) % 2
X_NAN = X_OK.copy()
X_NAN[3, 1] = np.nan
Y_SMALL_CLASS = np.r_[np.zeros(17, int), np.ones(3, int)]

GOOD = {
    pe.cross_val_error: dict(estimator=GaussianNB(), X=X_OK, y=Y_OK, cv=2, rng=0),
    pe.leave_one_out_error: dict(estimator=GaussianNB(), X=X_OK, y=Y_OK),
}

BAD = [
    (pe.cross_val_error, dict(estimator=NoPredict()), TypeError, r"estimator .*predict"),
    (
        pe.cross_val_error,
        dict(estimator=GaussianNB),
        TypeError,
        r"estimator .*class, not an instance",
    ),
    (pe.cross_val_error, dict(cv=1), ValueError, r"^cv must be an integer in \[2, 20\]; got 1"),
    (pe.cross_val_error, dict(cv=21), ValueError, r"^cv must be an integer in \[2, 20\]; got 21"),
    (
        pe.cross_val_error,
        dict(cv=2.5),
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter",
    ),
    (
        pe.cross_val_error,
        dict(cv=4, y=Y_SMALL_CLASS),
        ValueError,
        r"^cv must be at most 3, the size of the smallest class 1; got 4",
    ),
    (
        pe.cross_val_error,
        dict(cv=[(np.arange(10), np.arange(5))]),
        ValueError,
        r"^cv must be disjoint train and test parts",
    ),
    (
        pe.cross_val_error,
        dict(cv=StratifiedKFold),
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter .*class, not an instance",
    ),
    (pe.cross_val_error, dict(y=Y_OK[:-1]), ValueError, r"y has 19 entries but X has 20"),
    (
        pe.cross_val_error,
        dict(X=X_NAN),
        ValueError,
        r"Input X contains NaN",
    ),  # the estimator validates X
    (
        pe.cross_val_error,
        dict(y=np.zeros(20)),
        ValueError,
        r"y must be labels of at least 2 classes; got 1",
    ),
    (pe.cross_val_error, dict(rng="seed"), TypeError, r"rng must be None, an int seed"),
    (pe.cross_val_error, dict(rng=np.random.RandomState(0)), TypeError, r"rng .*RandomState"),
    (pe.cross_val_error, dict(n_jobs=0), ValueError, r"n_jobs must be None or a non-zero"),
    (pe.cross_val_error, dict(n_jobs=1.5), TypeError, r"n_jobs must be None or a non-zero"),
    (
        pe.cross_val_error,
        dict(y=np.linspace(0.5, 2.5, 20)),
        ValueError,
        r"y must be class labels \(binary or multiclass\); got a 'continuous' target",
    ),
    (
        pe.cross_val_error,
        dict(estimator=LinearRegression()),
        ValueError,
        r"estimator must be a classifier",
    ),
    # the retired keywords name cv= and rng=
    (
        pe.cross_val_error,
        dict(stratify=False),
        TypeError,
        r"^cross_val_error\(\) takes cv=, not stratify=: an int",
    ),
    (
        pe.cross_val_error,
        dict(n_splits=5),
        TypeError,
        r"^cross_val_error\(\) takes cv=, not n_splits=: .*RepeatedStratifiedKFold",
    ),
    (
        pe.cross_val_error,
        dict(n_repeats=2),
        TypeError,
        r"^cross_val_error\(\) takes cv=, not n_repeats=",
    ),
    (
        pe.cross_val_error,
        dict(random_state=0),
        TypeError,
        r"^cross_val_error\(\) takes rng=, not random_state=",
    ),
    (pe.cross_val_error, dict(progress=None), TypeError, r"progress must be True or False"),
    (pe.cross_val_error, dict(single_class="redraw"), ValueError, r"single_class must be one of"),
    (
        pe.cross_val_error,
        dict(average="mean"),
        ValueError,
        r"average must be one of \['pooled', 'folds'\]; got 'mean'",
    ),
    (pe.cross_val_error, dict(average=None), TypeError, r"average must be a string"),
    (pe.leave_one_out_error, dict(estimator=NoPredict()), TypeError, r"estimator .*predict"),
    (
        pe.leave_one_out_error,
        dict(X=X_OK[:, 0]),
        ValueError,
        r"Expected 2D array",
    ),  # the estimator's own check
    (
        pe.leave_one_out_error,
        dict(y=np.ones(20)),
        ValueError,
        r"y must be labels of at least 2 classes; got 1",
    ),
    (pe.leave_one_out_error, dict(n_jobs="two"), TypeError, r"n_jobs must be None or a non-zero"),
    (
        pe.leave_one_out_error,
        dict(y=np.linspace(0.5, 2.5, 20)),
        ValueError,
        r"y must be class labels \(binary or multiclass\)",
    ),
    (
        pe.leave_one_out_error,
        dict(estimator=LinearRegression()),
        ValueError,
        r"estimator must be a classifier",
    ),
    (pe.leave_one_out_error, dict(single_class=None), TypeError, r"single_class must be a string"),
]


test_bad_input_names_the_argument = bad_input_test(GOOD, BAD)


@pytest.mark.parametrize("func", list(GOOD))
def test_good_arguments_of_the_table_work(func):
    assert 0.0 <= func(**GOOD[func]).error <= 1.0


def test_public_names_are_re_exported():  # rows for every public callable: test_bad_input_sweep.py
    assert set(crossval.__all__) <= set(pe.resampling.__all__)


class _NoPairs:
    """A splitter that yields no (train, test) pair."""

    def split(self, X, y=None, groups=None):
        return iter(())

    def get_n_splits(self, X=None, y=None, groups=None):
        return 0


class _KFoldClaimingRepeats(KFold):
    """A splitter whose ``n_repeats`` does not divide its pairs: read as one repeat."""

    n_repeats = 5


def test_a_splitter_that_cannot_split_or_gives_no_pairs_is_named():
    from sklearn.model_selection import GroupKFold
    from sklearn.tree import DecisionTreeClassifier

    X, y = np.arange(24.0).reshape(12, 2), np.array([0, 1] * 6)
    tree = DecisionTreeClassifier(random_state=0)
    with pytest.raises(ValueError, match=r"cv=GroupKFold\(.*could not split the 12 samples: "):
        pe.cross_val_error(tree, X, y, cv=GroupKFold(2))
    with pytest.raises(ValueError, match=r"cv=<.*_NoPairs.* gave no \(train, test\) pairs"):
        pe.cross_val_error(tree, X, y, cv=_NoPairs())
    odd = pe.cross_val_error(tree, X, y, cv=_KFoldClaimingRepeats(3))
    plain = pe.cross_val_error(tree, X, y, cv=KFold(3))
    assert (odd.n_splits, odd.n_repeats) == (3, 1)
    np.testing.assert_array_equal(odd.fold_errors, plain.fold_errors)
