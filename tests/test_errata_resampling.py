"""Each Erratum box of "Cross-validation and the bootstrap", shown numerically.

Note 000 (../shared/seeds/000_*.txt), sections 交叉验证 and 自举法与0.632估计.
"""

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.neighbors import KNeighborsClassifier

import patterneval as pe
from patterneval.resampling.bootstrap import _bootstrap_from_indices

X_TINY = np.array([[0.0], [1.0], [2.0], [4.0], [5.0], [6.0]])
Y_TINY = np.array([0, 0, 0, 1, 1, 1])
REPLICATES = np.array(
    [[0, 0, 1, 3, 4, 5], [1, 2, 2, 3, 3, 3], [0, 1, 1, 2, 4, 5], [3, 3, 4, 4, 5, 5]]
)


def test_note_average_of_replicate_errors_is_not_err1():
    # the note: average each replicate's out-of-bag error rate over the B replicates
    res = _bootstrap_from_indices(KNeighborsClassifier(1), X_TINY, Y_TINY, REPLICATES, method="oob")
    note_version = res.replicate_errors.mean()
    assert note_version == pytest.approx(1 / 4)  # 0/1, 0/3, 0/1, 3/3
    assert res.oob == pytest.approx(1 / 3)  # Efron & Tibshirani's per-sample average
    # on real data the two differ as well
    X, y = load_breast_cancer(return_X_y=True)
    real = pe.bootstrap_error(KNeighborsClassifier(1), X[::3], y[::3], n_resamples=40, rng=1)
    assert abs(np.nanmean(real.replicate_errors) - real.oob) > 1e-4


def test_632_is_far_too_optimistic_for_an_overfitting_rule():
    # labels independent of X: every rule's true error is 1/2 (balanced classes)
    dev_632, dev_plus = [], []
    for seed in range(6):
        rng = np.random.default_rng(seed)
        X = rng.normal(size=(100, 4))
        y = rng.permutation(np.arange(100) % 2)
        res = pe.bootstrap_error(
            KNeighborsClassifier(1), X, y, n_resamples=50, method=".632+", rng=rng
        )
        assert res.resubstitution == 0.0
        assert res.estimate_632 == pytest.approx(0.632 * res.oob)  # err = 0: a fixed shrinkage
        assert res.estimate_632 < 0.45  # on every data set, far below the true 1/2
        dev_632.append(res.estimate_632 - 0.5)
        dev_plus.append(res.estimate_632plus - 0.5)
    # .632 is biased down by about 0.16; .632+ (R' near 1) is centred near 1/2, with the
    # spread of the out-of-bag error itself (Err1 ranges 0.43..0.65 on these six)
    assert np.mean(dev_632) < -0.12
    assert abs(np.mean(dev_plus)) < 0.05
    assert np.mean(np.abs(dev_plus)) < np.mean(np.abs(dev_632)) - 0.08
