"""Calibration, Brier decomposition, bootstrap intervals of out-of-fold predictions and
BBC-CV (patterneval.compare.calibration): peers, exact identities, simulation, bad input."""

import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.calibration import calibration_curve
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.linear_model import LogisticRegression, Perceptron
from sklearn.metrics import brier_score_loss
from sklearn.model_selection import KFold, StratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from patterneval.book import simulation
from patterneval.book.calibration import miscalibrated_forecasts, simulate_selection_optimism
from patterneval.compare.calibration import (
    bin_forecasts,
    brier_decomposition,
    expected_calibration_error,
)
from patterneval.compare.out_of_fold import (
    bbc_cv,
    bbc_from_predictions,
    cv_metric_interval,
    out_of_fold_predictions,
)


def _forecasts(seed, n=500, slope=1.5):
    f = miscalibrated_forecasts(n, slope=slope, shift=0.2, rng=seed)
    return f.y, f.forecast


# ---------------------------------------------------------------- ECE against scikit-learn's calibration_curve
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [5, 10, 15])
@pytest.mark.parametrize("seed", range(3))
def test_bins_match_calibration_curve(strategy, n_bins, seed):
    y, f = _forecasts(seed)
    res = expected_calibration_error(y, f, n_bins=n_bins, strategy=strategy)
    prob_true, prob_pred = calibration_curve(y, f, n_bins=n_bins, strategy=strategy)
    np.testing.assert_array_equal(res.observed, prob_true)
    np.testing.assert_array_equal(res.mean_predicted, prob_pred)
    assert res.counts.sum() == y.size


def test_bins_on_the_edges_follow_calibration_curve():
    f = np.array([0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.5, 0.1])
    y = np.array([0, 0, 1, 1, 1, 1, 0, 0])
    ids, _ = bin_forecasts(f, n_bins=5)
    np.testing.assert_array_equal(ids, [0, 0, 1, 2, 3, 4, 2, 0])  # (e_b, e_b+1]
    res = expected_calibration_error(y, f, n_bins=5)
    prob_true, prob_pred = calibration_curve(y, f, n_bins=5)
    np.testing.assert_array_equal(res.observed, prob_true)
    np.testing.assert_array_equal(res.mean_predicted, prob_pred)


def test_ece_by_hand():
    res = expected_calibration_error([0, 0, 1, 1], [0.1, 0.3, 0.6, 0.9], n_bins=2)
    assert res.statistic == pytest.approx(0.5 * 0.2 + 0.5 * 0.25, abs=1e-15)
    assert res.max_error == pytest.approx(0.25, abs=1e-15)
    assert res.kind == "binary"
    np.testing.assert_allclose(res.gaps, [-0.2, 0.25])


def test_top_label_ece_of_a_multiclass_model():
    X, y = load_iris(return_X_y=True)
    proba = GaussianNB().fit(X[::2], y[::2]).predict_proba(X[1::2])
    res = expected_calibration_error(y[1::2], proba, n_bins=10)
    conf, correct = proba.max(axis=1), proba.argmax(axis=1) == y[1::2]
    prob_true, prob_pred = calibration_curve(correct, conf, n_bins=10)
    np.testing.assert_array_equal(res.observed, prob_true)
    np.testing.assert_array_equal(res.mean_predicted, prob_pred)
    assert res.kind == "top-label"
    # string classes through classes=
    names = np.array(["a", "b", "c"])
    same = expected_calibration_error(names[y[1::2]], proba, n_bins=10, classes=names)
    assert same.statistic == res.statistic


def test_top_label_ties_pick_the_lowest_column():
    proba = np.array([[0.5, 0.5], [0.5 - 1e-17, 0.5 + 1e-17], [0.2, 0.8]])
    res = expected_calibration_error([0, 0, 1], proba, n_bins=2)
    # rows 1 and 2 predict class 0 (tie), row 3 class 1: all correct, confidences .5, .5, .8
    np.testing.assert_array_equal(res.observed, [1.0, 1.0])


def test_a_calibrated_forecaster_has_the_expected_noise_floor():
    # ECE of perfectly calibrated forecasts is not 0: E|o_b - f_b| ~ sqrt(2 f(1-f) / (pi n_b))
    values = []
    for seed in range(200):
        f = np.full(400, 0.3)
        y = (np.random.default_rng(seed).random(400) < f).astype(int)
        values.append(expected_calibration_error(y, f, n_bins=10).statistic)
    # one bin of n = 400 at f = 0.3: E|mean - .3| ~ sqrt(2 * .21 / (pi * 400)) = 0.01828
    check = simulation.check_mean(values, np.sqrt(2 * 0.21 / (np.pi * 400)), n_se=4)
    assert check.passed or abs(check.z) < 6, check  # the normal approximation of a binomial


def test_binned_ece_estimates_the_true_calibration_error():
    f = miscalibrated_forecasts(200_000, slope=2.0, shift=-0.5, rng=1)
    res = expected_calibration_error(f.y, f.forecast, n_bins=30)
    assert res.statistic == pytest.approx(f.true_error, abs=0.01)
    assert miscalibrated_forecasts(10, rng=0).true_error == 0.0


# ---------------------------------------------------------------- Brier decomposition
@pytest.mark.parametrize("seed", range(4))
def test_brier_matches_sklearn_and_identity_holds(seed):
    y, f = _forecasts(seed)
    for kwargs in (
        dict(strategy="distinct"),
        dict(n_bins=5),
        dict(n_bins=20),
        dict(strategy="quantile"),
        {},
    ):
        with warnings.catch_warnings():
            warnings.simplefilter(
                "ignore", UserWarning
            )  # distinct continuous forecasts: tested below
            d = brier_decomposition(y, f, **kwargs)
        assert abs(d.brier - brier_score_loss(y, f)) <= 1e-12
        total = d.reliability - d.resolution + d.uncertainty + d.residual
        assert abs(total - d.brier) <= 1e-12
    with pytest.warns(UserWarning):
        assert brier_decomposition(y, f, strategy="distinct").residual == 0.0


@pytest.mark.parametrize("seed", range(3))
def test_the_default_grouping_of_continuous_forecasts_carries_information(seed):
    # predict_proba-like forecasts, every value distinct. The old default grouped by
    # distinct value: one sample per group, so REL == BS and RES == UNC, silently.
    y, f = _forecasts(seed, n=2000)
    assert np.unique(f).size == f.size
    d = brier_decomposition(y, f)
    assert d.grouping == "uniform" and d.n_groups <= 10
    assert d.reliability < 0.5 * d.brier and d.resolution < d.uncertainty
    ids, _ = bin_forecasts(f, n_bins=10)
    assert (
        d.n_groups == np.unique(ids).size
    )  # Murphy's decomposition on the reliability diagram's bins
    assert (
        d.within_variance > 0
        and abs(d.reliability - d.resolution + d.uncertainty + d.residual - d.brier) <= 1e-12
    )


def test_distinct_grouping_warns_when_every_group_is_a_single_sample():
    y, f = _forecasts(0, n=300)
    with pytest.warns(
        UserWarning,
        match=r"every one of the 300 forecasts is distinct, .* reliability equals "
        r"the Brier score and resolution equals the uncertainty",
    ):
        d = brier_decomposition(y, f, strategy="distinct")
    assert d.reliability == pytest.approx(d.brier, abs=1e-12) and d.resolution == pytest.approx(
        d.uncertainty, abs=1e-12
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # finitely many forecast values: no warning
        brier_decomposition([0, 1, 1, 0], [0.2, 0.2, 0.7, 0.7], strategy="distinct")


def test_exercise_3_sign_rel_minus_res_plus_unc_exceeds_brier_when_the_within_bin_covariance_is_positive():
    # the calibration chapter's exercise 3: REL - RES + UNC = BS - (WBV - 2 WBC) is larger than BS
    # only when 2 WBC > WBV, so WBC must be positive (the exercise had the sign reversed)
    f = miscalibrated_forecasts(5000, slope=0.5, rng=0)
    d = brier_decomposition(f.y, f.forecast, n_bins=5)
    three_terms = d.reliability - d.resolution + d.uncertainty
    assert d.within_covariance > 0 and 2 * d.within_covariance > d.within_variance
    assert d.residual < 0 and three_terms > d.brier
    assert three_terms - d.brier == pytest.approx(
        2 * d.within_covariance - d.within_variance, abs=1e-12
    )
    # and a negative WBC (within-bin ordering reversed) makes the three terms smaller than BS
    y = np.array([1, 0, 1, 0])
    p = np.array([0.11, 0.19, 0.81, 0.89])  # two bins of 10, each ordered the wrong way round
    r = brier_decomposition(y, p)
    assert r.within_covariance < 0 and r.reliability - r.resolution + r.uncertainty < r.brier


def test_decomposition_is_exact_on_finitely_many_forecast_values():
    gen = np.random.default_rng(3)
    f = gen.integers(0, 11, 300) / 10  # a forecaster saying 0 %, 10 %, ..., 100 %
    y = (gen.random(300) < np.clip(f + 0.1, 0, 1)).astype(int)
    d = brier_decomposition(y, f, strategy="distinct")
    assert d.n_groups == np.unique(f).size and d.residual == 0.0
    # exact rational arithmetic: REL - RES + UNC == BS with no residual at all
    F = [Fraction(int(round(v * 10)), 10) for v in f]
    O = [Fraction(int(v)) for v in y]
    N = len(F)
    groups = {}
    for fi, oi in zip(F, O):
        groups.setdefault(fi, []).append(oi)
    obar = sum(O) / N
    rel = sum(len(g) * (fk - sum(g) / len(g)) ** 2 for fk, g in groups.items()) / N
    res = sum(len(g) * (sum(g) / len(g) - obar) ** 2 for g in groups.values()) / N
    unc = obar * (1 - obar)
    bs = sum((fi - oi) ** 2 for fi, oi in zip(F, O)) / N
    assert rel - res + unc == bs
    assert float(rel) == pytest.approx(d.reliability, abs=1e-14)
    assert float(res) == pytest.approx(d.resolution, abs=1e-14)


def test_binning_leaves_a_residual_that_shrinks():
    y, f = _forecasts(0, n=5000)
    r5 = abs(brier_decomposition(y, f, n_bins=5).residual)
    r50 = abs(brier_decomposition(y, f, n_bins=50).residual)
    assert r5 > 0 and r50 < r5


# ---------------------------------------------------------------- intervals from out-of-fold predictions
X_BC, Y_BC = load_breast_cancer(return_X_y=True)
LR = make_pipeline(StandardScaler(), LogisticRegression(max_iter=500))


def test_cv_metric_interval_is_scipy_bootstrap_of_the_out_of_fold_predictions():
    res = cv_metric_interval(GaussianNB(), X_BC, Y_BC, metric="accuracy", n_resamples=500, rng=0)
    fold_rng, boot_rng = np.random.default_rng(0).spawn(2)
    (pred,), codes, folds = out_of_fold_predictions(GaussianNB(), X_BC, Y_BC, rng=fold_rng)
    np.testing.assert_array_equal(res.predictions, pred)
    np.testing.assert_array_equal(res.folds, folds)
    assert res.statistic == np.mean(pred == codes)
    ref = stats.bootstrap(
        ((pred == codes).astype(float),),
        np.mean,
        n_resamples=500,
        method="percentile",
        rng=boot_rng,
    )
    assert res.low == pytest.approx(ref.confidence_interval.low, abs=1e-12)
    assert res.high == pytest.approx(ref.confidence_interval.high, abs=1e-12)


@pytest.mark.parametrize(
    "metric", ["roc_auc", "brier", "log_loss", "f1", "ece", "balanced_accuracy", "error"]
)
def test_cv_metric_interval_for_named_metrics(metric):
    res = cv_metric_interval(LR, X_BC, Y_BC, metric=metric, n_resamples=200, rng=1)
    assert (
        res.low <= res.statistic <= res.high or metric == "ece"
    )  # ECE: the bootstrap is biased upward
    assert 0 <= res.low and (res.high <= 1 or metric == "log_loss")


def test_bca_and_a_callable_metric():
    from sklearn.metrics import matthews_corrcoef

    res = cv_metric_interval(
        GaussianNB(), X_BC, Y_BC, metric=matthews_corrcoef, method="bca", n_resamples=300, rng=2
    )
    assert res.metric == "matthews_corrcoef" and res.method == "bca"
    assert res.low < res.statistic < res.high <= 1


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_a_perfect_score_is_refused_not_a_point_interval(method):
    # every resample scores 1.0, the bootstrap has no spread; the old code returned [1, 1]
    X = np.r_[np.zeros((20, 1)), np.ones((20, 1))]
    y = np.r_[np.zeros(20), np.ones(20)]
    with pytest.raises(
        ValueError,
        match=r"^every bootstrap resample gives the same value of the metric "
        r"'accuracy' \(1\): the resampling distribution has no spread, so the interval would be "
        r"the single point 1.*pe.binomial_interval",
    ):
        cv_metric_interval(GaussianNB(), X, y, n_resamples=100, method=method, rng=0)


def test_cv_metric_interval_does_not_depend_on_n_jobs():
    a = cv_metric_interval(GaussianNB(), X_BC, Y_BC, n_resamples=100, rng=3, n_jobs=1)
    b = cv_metric_interval(GaussianNB(), X_BC, Y_BC, n_resamples=100, rng=3, n_jobs=2)
    assert (a.low, a.high, a.statistic) == (b.low, b.high, b.statistic)


def test_a_splitter_as_cv():
    res = cv_metric_interval(
        GaussianNB(), X_BC, Y_BC, cv=StratifiedKFold(4), n_resamples=100, rng=0
    )
    assert res.n_splits == 4


def test_an_int_cv_draws_the_folds_of_make_folds():
    # cv=k keeps the stratified shuffled folds that stratify=True drew, so stored numbers stay
    from patterneval._engine import make_folds

    (pred,), codes, folds = out_of_fold_predictions(
        GaussianNB(), X_BC, Y_BC, cv=5, rng=np.random.default_rng(7)
    )
    expected = make_folds(
        codes, n_splits=5, n_repeats=1, stratify=True, rng=np.random.default_rng(7)
    )[0]
    for f, (_, test) in enumerate(expected):
        np.testing.assert_array_equal(np.flatnonzero(folds == f), np.sort(test))


def test_train_test_pairs_as_cv_and_a_repeated_splitter_refused():
    from sklearn.model_selection import RepeatedStratifiedKFold

    pairs = list(StratifiedKFold(4).split(X_BC, Y_BC))
    a = cv_metric_interval(GaussianNB(), X_BC, Y_BC, cv=pairs, n_resamples=100, rng=0)
    b = cv_metric_interval(GaussianNB(), X_BC, Y_BC, cv=StratifiedKFold(4), n_resamples=100, rng=0)
    assert (a.statistic, a.low, a.high, a.n_splits) == (b.statistic, b.low, b.high, 4)
    with pytest.raises(
        ValueError,
        match=r"^cv must be folds whose test parts partition the samples .*; got "
        r"569 samples tested more than once",
    ):
        out_of_fold_predictions(
            GaussianNB(), X_BC, Y_BC, cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2)
        )
    with pytest.raises(ValueError, match=r"^cv must be at most 2, the size of the smallest class"):
        out_of_fold_predictions(
            GaussianNB(), np.arange(12.0)[:, None], np.r_[np.zeros(10), np.ones(2)], cv=3
        )


@pytest.mark.parametrize("func", [cv_metric_interval, out_of_fold_predictions, bbc_cv])
@pytest.mark.parametrize("old", ["stratify", "n_splits", "random_state"])
def test_retired_keywords_name_cv_and_rng(func, old):
    new = "rng" if old == "random_state" else "cv"
    model = [GaussianNB()] if func is bbc_cv else GaussianNB()
    with pytest.raises(TypeError, match=rf"^{func.__name__}\(\) takes {new}=, not {old}="):
        func(model, X_BC, Y_BC, **{old: 5 if old == "n_splits" else True})


def test_auc_needs_both_classes_in_every_resample():
    X = np.arange(12.0)[:, None]
    y = np.r_[np.zeros(10), np.ones(2)]
    with pytest.raises(ValueError, match="metric"):
        cv_metric_interval(GaussianNB(), X, y, metric="roc_auc", cv=2, n_resamples=200, rng=0)


# ---------------------------------------------------------------- BBC-CV
def test_bbc_removes_the_optimism_of_the_best_of_many_coins():
    sim = simulate_selection_optimism(100, 30, n_datasets=300, n_resamples=200, rng=0)
    assert sim.true_accuracy == 0.5
    assert (sim.naive - 0.5) > 10 * sim.naive_bias_se  # optimistic
    assert abs(sim.bbc - 0.5) <= 4 * sim.bbc_bias_se  # no selection bias left
    assert sim.naive_coverage < 0.95 - 4 * sim.naive_coverage_se  # the naive interval misses
    assert sim.bbc_coverage >= 0.95  # conservative (out-of-bag sets hold about 37 % of the samples)


def test_one_configuration_has_no_optimism():
    sim = simulate_selection_optimism(100, 1, n_datasets=300, n_resamples=200, rng=1)
    assert abs(sim.naive - 0.5) <= 4 * sim.naive_bias_se
    assert abs(sim.naive_coverage - 0.95) <= 4 * max(sim.naive_coverage_se, 0.0126)


def test_bbc_fast_path_equals_the_general_loop():
    gen = np.random.default_rng(5)
    y = gen.integers(0, 2, 60)
    P = gen.integers(0, 2, (7, 60))
    fast = bbc_from_predictions(y, P, n_resamples=50, rng=9)
    slow = bbc_from_predictions(
        y, P, metric=lambda a, b: float(np.mean(a == b)), n_resamples=50, rng=9
    )
    np.testing.assert_array_equal(fast.selections, slow.selections)
    np.testing.assert_allclose(fast.oob_scores, slow.oob_scores, rtol=0, atol=1e-12)
    err = bbc_from_predictions(y, P, metric="error", n_resamples=50, rng=9)
    np.testing.assert_array_equal(err.selections, fast.selections)
    assert err.statistic == pytest.approx(1 - fast.statistic, abs=1e-12)


def test_bbc_selection_ties_pick_the_lowest_index():
    y = np.array([0, 1] * 20)
    good = y.copy()
    good[::7] = 1 - good[::7]  # 6 mistakes in 40
    P = np.stack([good, good, 1 - y])  # configurations 0 and 1 identical, 2 always wrong
    res = bbc_from_predictions(y, P, n_resamples=30, rng=0)
    assert res.selected == 0 and set(res.selections) == {0}
    assert res.naive == 34 / 40 and res.low < res.statistic < res.high


def test_bbc_refuses_out_of_bag_scores_without_spread():
    # a configuration perfect on every sample wins every bootstrap and scores 1 out of
    # bag every time; the old code returned the zero-width interval [1, 1]
    y = np.array([0, 1] * 20)
    with pytest.raises(
        ValueError,
        match=r"^every out-of-bag score of the selected configuration gives the same "
        r"value of the metric 'accuracy' \(1\): .*single point 1",
    ):
        bbc_from_predictions(y, np.stack([y, y, 1 - y]), n_resamples=30, rng=0)


def test_bbc_cv_on_real_data():
    grid = [KNeighborsClassifier(k) for k in (1, 3, 9, 27)]
    res = bbc_cv(grid, X_BC, Y_BC, n_resamples=200, rng=0)
    assert res.scores.shape == (4,) and res.naive == res.scores.max()
    assert res.low <= res.statistic <= res.high
    auc = bbc_cv(grid, X_BC, Y_BC, metric="roc_auc", n_resamples=50, rng=0)
    assert 0.5 < auc.statistic <= 1
    brier = bbc_cv(grid, X_BC, Y_BC, metric="brier", n_resamples=50, rng=0)
    assert not brier.greater_is_better and brier.naive == brier.scores.min()


# ---------------------------------------------------------------- bad input
def test_bad_input_messages():
    with pytest.raises(ValueError, match=r"^proba must be an array of values in \[0, 1\]"):
        expected_calibration_error([0, 1], [0.2, 1.2])
    with pytest.raises(
        ValueError,
        match=r"^proba must be rows of class probabilities, each summing to 1; got a row off by 0.6",
    ):
        expected_calibration_error([0, 1], [[0.2, 0.2], [0.5, 0.5]])
    with pytest.raises(
        ValueError, match=r"^y_true must be labels among the classes .* Pass classes=model.classes_"
    ):
        expected_calibration_error([0, 5], [[0.2, 0.8], [0.5, 0.5]])
    with pytest.raises(
        ValueError,
        match=r"^y_true must be labels of two classes, or of one named by pos_label; got the single class",
    ):
        expected_calibration_error(["a", "a"], [0.2, 0.8])
    assert expected_calibration_error([0, 0], [0.2, 0.1]).statistic == pytest.approx(0.15)
    with pytest.raises(
        ValueError, match=r"^proba must be a 1-d array .*; got an array of shape \(2, 2\)"
    ):
        brier_decomposition([0, 1], [[0.2, 0.8], [0.5, 0.5]])
    with pytest.raises(ValueError, match="metric"):
        cv_metric_interval(GaussianNB(), X_BC, Y_BC, metric="nope")
    with pytest.raises(ValueError, match=r"^response must be None or 'score'"):
        cv_metric_interval(GaussianNB(), X_BC, Y_BC, metric="roc_auc", response="label")
    with pytest.raises(TypeError, match=r"^estimators must be a list of configurations"):
        bbc_cv(GaussianNB(), X_BC, Y_BC)
    with pytest.raises(ValueError, match="predictions has 3 samples"):
        bbc_from_predictions([0, 1, 0, 1], [[0, 1, 0]])


class _PredictsNine(ClassifierMixin, BaseEstimator):
    """A classifier that predicts a class y does not hold."""

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return np.full(len(X), 9)


_X12, _Y12 = np.arange(24.0).reshape(12, 2), np.array([0, 1] * 6)


def test_out_of_fold_predictions_name_the_estimator_that_cannot_give_the_response():
    with pytest.raises(ValueError, match="^estimator must be a classifier whose predictions are"):
        out_of_fold_predictions(_PredictsNine(), _X12, _Y12, cv=2, rng=0)
    with pytest.raises(
        TypeError, match=r"predict_proba, which the 'proba' response needs; got Per"
    ):
        out_of_fold_predictions(Perceptron(), _X12, _Y12, response="proba", cv=2, rng=0)
    with pytest.raises(ValueError, match="estimators must be a non-empty list"):
        out_of_fold_predictions([], _X12, _Y12)


def test_out_of_fold_predictions_refuse_a_fold_trained_on_one_class():
    sorted_y = np.repeat([0, 1], 6)  # unshuffled halves: each trains on one class
    with pytest.raises(ValueError, match="fold 0, trained on a single class"):
        out_of_fold_predictions(GaussianNB(), _X12, sorted_y, cv=KFold(2))


def test_a_metric_that_returns_nan_is_refused():
    with pytest.raises(ValueError, match="the metric returned nan on the out-of-fold predictions"):
        cv_metric_interval(GaussianNB(), _X12, _Y12, metric=lambda a, b: float("nan"), cv=2, rng=0)


@pytest.mark.parametrize("metric", ["accuracy", lambda a, b: float(np.mean(a == b))])
def test_bbc_of_two_samples_stops_at_a_resample_without_out_of_bag_samples(metric):
    # two samples: half the bootstrap resamples draw both, leaving none out of the bag
    with pytest.raises(ValueError, match="left no out-of-bag samples; use more samples"):
        bbc_from_predictions([0, 1], [[0, 1], [1, 1]], metric=metric, n_resamples=50, rng=0)


def test_bbc_predictions_must_be_a_table():
    with pytest.raises(ValueError, match=r"predictions must be a 2-d or 3-d array .* shape \(3,\)"):
        bbc_from_predictions([0, 1, 0], [0, 1, 1])


def test_ece_refuses_classes_or_pos_label_that_do_not_fit_the_shape_of_proba():
    y = [0, 0, 1, 1]
    with pytest.raises(ValueError, match=r"classes must be None when proba is 1-d"):
        expected_calibration_error(y, [0.1, 0.3, 0.6, 0.9], classes=[0, 1])
    proba = np.array([[0.9, 0.1], [0.7, 0.3], [0.4, 0.6], [0.1, 0.9]])
    with pytest.raises(ValueError, match=r"pos_label must be None when proba is 2-d"):
        expected_calibration_error(y, proba, pos_label=1)
    with pytest.raises(TypeError, match=r"proba must be an array of probabilities .*; got None"):
        expected_calibration_error(y, None)
    with pytest.raises(ValueError, match=r"at least two columns .*; got shape \(4, 1\)"):
        expected_calibration_error(y, proba[:, :1])
