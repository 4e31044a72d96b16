"""Errata of note 000, section 用扰动重采样估计SVM错误率的置信区间 and the sentence before it
(chapter "Interval estimates for the CV error"), each shown numerically:

1. the note's W* has no 1/n and no centring, so it cannot approximate the distribution of
   W = sqrt(n) (eps_CV - eps); the paper's, sqrt(n) (sum G e(theta*) / sum G - eps_re), can;
2. the note calls xi_{1-alpha/2} "the alpha percentile": the alpha-percentile would give an
   interval that is inside out; the (1 - alpha/2)-quantile gives a proper one;
3. the note says that, from cross-validation alone, there is "no unbiased estimator of the
   error-rate estimate"; Bengio & Grandvalet (2004) prove there is none of its *variance*.
   The K-fold CV error itself is unbiased for the expected error at training size
   n (K-1)/K, while the naive variance from the fold errors is biased downwards.
"""

import numpy as np
import pytest

from patterneval._engine import cv_splits, spawn
from patterneval.book import cv_intervals as CI
from patterneval.book import simulation
from patterneval.resampling import perturbation as P


def note_w_star(X, y, C, G):
    """W* as note 000 prints it: n^{1/2} sum_i G_i |y_i - f(x_i; theta*)|, labels +-1,
    theta* the perturbed SVM on all n samples (the note's algorithm, step 2.2)."""
    w, b = P._fit_perturbed_svm(X, y, G, C)
    y_pm = 2 * y - 1
    f = np.where(X @ w + b > 0, 1, -1)
    return np.sqrt(y.size) * np.sum(G * np.abs(y_pm - f))


@pytest.mark.parametrize("n", [40, 160])
def test_note_w_star_is_not_centred_and_grows_with_n(n):
    X, y = CI.two_gaussians(n, separation=2.0, rng=n)
    res = P.perturbation_interval(X, y, cv=5, n_resamples=60, rng=1)
    note = np.array(
        [note_w_star(X, y, 1.0, g.exponential(size=n)) for g in spawn(np.random.default_rng(2), 60)]
    )
    # the note's statistic is >= 0 and of order n^{3/2} * 2 eps: nowhere near mean zero
    assert np.all(note >= 0)
    assert note.mean() > 0.5 * n**1.5 * 2 * res.error
    # the paper's is of order 1: its mean is a fraction of its spread, and n^{-1/2} W* is small
    assert abs(res.replicates.mean()) < res.replicates.std()
    assert abs(res.centred_replicates.mean()) < 1e-12
    assert res.replicates.std() / np.sqrt(n) < 0.1
    # an interval built from the note's W* (its own symmetric formula) is useless:
    xi = np.quantile(note, 0.975)
    assert res.error - xi / np.sqrt(n) < -1 and res.error + xi / np.sqrt(n) > 2
    # the paper's is a proper sub-interval of [-0.1, 0.6] around the CV error
    assert -0.1 < res.low <= res.error <= res.high < 0.6


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_alpha_percentile_gives_an_inside_out_interval(seed):
    """eps_CV -+ n^{-1/2} xi with xi the alpha-percentile (alpha = 0.05, "the alpha
    percentile" of the note) is inside out, since that percentile of (centred) W* is
    negative; with the (1 - alpha/2)-quantile the interval is proper, and its half-width is
    close to z_{0.975} times the replicates' s.d. over sqrt(n)."""
    X, y = CI.two_gaussians(100, separation=2.0, rng=seed)
    res = P.perturbation_interval(X, y, cv=5, n_resamples=400, confidence_level=0.95, rng=seed)
    root_n = np.sqrt(res.n)
    wrong_xi = np.quantile(res.centred_replicates, 0.05)  # "the alpha percentile"
    assert wrong_xi < 0
    assert res.error - wrong_xi / root_n > res.error + wrong_xi / root_n  # low > high
    right_xi = np.quantile(res.centred_replicates, 0.975)
    assert (res.low, res.high) == pytest.approx(
        (res.error - right_xi / root_n, res.error + right_xi / root_n)
    )
    assert res.low < res.error < res.high
    normal_half = 1.959964 * res.replicates.std(ddof=1) / root_n
    assert 0.75 < (res.high - res.error) / normal_half < 1.33


def _cv_and_naive_variance(n, K, n_datasets, seed):
    cvs, naive = [], []
    for gen in spawn(np.random.default_rng(seed), n_datasets):
        X, y = CI.two_gaussians(n, separation=2.0, rng=gen)
        folds = cv_splits(K, y, stratify=True, rng=gen)[
            0
        ]  # the folds of perturbation_interval(cv=K)
        errs = P._cv_errors(X, y, folds, 1.0, np.ones(n), P._fit_linear_svm)
        cvs.append(errs.mean())
        naive.append(errs.var(ddof=1) / K)
    return np.array(cvs), np.array(naive)


def test_cv_error_is_unbiased_its_naive_variance_is_not():
    n, K = 40, 5
    cvs, naive = _cv_and_naive_variance(n, K, 2000, seed=3)
    # the CV error is an unbiased estimate of the expected error at training size n (K-1)/K
    target, target_se, _ = CI.expected_svm_error(n - n // K, separation=2.0, n_datasets=8000, rng=4)
    check = simulation.check_mean(cvs, target, label="mean CV error vs eps_{n(K-1)/K}")
    assert check.passed, simulation.format_checks([check])
    assert target_se < 0.25 * cvs.std(ddof=1) / np.sqrt(cvs.size)
    # ... while the naive variance s_K^2 / K underestimates the CV error's variance
    true_var = cvs.var(ddof=1)
    naive_mean, naive_se = naive.mean(), naive.std(ddof=1) / np.sqrt(naive.size)
    var_se = true_var * np.sqrt(2 / (cvs.size - 1))  # normal-theory SE of a sample variance
    assert true_var - naive_mean > 4 * np.hypot(naive_se, var_se), (true_var, naive_mean)
