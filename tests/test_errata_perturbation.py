"""Erratum of note 000, section on perturbation resampling (chapter "Interval estimates for
the CV error"): the note's W* has no 1/n and no centring, so it cannot approximate the
distribution of W = sqrt(n) (eps_CV - eps); ours, sqrt(n) (eps*_CV - eps_CV), does."""

import numpy as np
import pytest

from patterneval.resampling import perturbation as P
from patterneval.resampling._engine import spawn


def note_w_star(X, y, folds, C, G):
    """W* as note 000 prints it: n^{1/2} sum_i G_i |y_i - f(x_i; theta*)|, labels +-1,
    theta* the G-weighted SVM on all n samples (the note's algorithm, step 2.2)."""
    w, b = P._fit_linear_svm(X, y, G, C)
    y_pm = 2 * y - 1
    f = np.where(X @ w + b > 0, 1, -1)
    return np.sqrt(y.size) * np.sum(G * np.abs(y_pm - f))


@pytest.mark.parametrize("n", [40, 160])
def test_note_w_star_is_not_centred_and_grows_with_n(n):
    X, y = P.two_gaussians(n, separation=2.0, rng=n)
    res = P.perturbation_interval(X, y, n_splits=5, n_resamples=60, rng=1)
    note = np.array([note_w_star(X, y, res.folds, 1.0, g.exponential(size=n)) for g in spawn(np.random.default_rng(2), 60)])
    # the note's statistic is >= 0 and of order n^{3/2} * 2 eps: nowhere near mean zero
    assert np.all(note >= 0)
    assert note.mean() > 0.5 * n ** 1.5 * 2 * res.error
    # ours is of order 1: its raw mean (the upward shift of the perturbed CV error) is a
    # fraction of its spread, the centred replicates have mean 0, and n^{-1/2} W* is O(n^{-1/2})
    assert abs(res.replicates.mean()) < res.replicates.std()
    assert abs(res.centred_replicates.mean()) < 1e-12
    assert res.replicates.std() / np.sqrt(n) < 0.1
    # an interval built from the note's W* (its own symmetric formula) is useless:
    xi = np.quantile(note, 0.975)
    assert res.error - xi / np.sqrt(n) < -1 and res.error + xi / np.sqrt(n) > 2
    # ours is a proper sub-interval of [-0.1, 0.6] around the CV error
    assert -0.1 < res.low <= res.error <= res.high < 0.6
