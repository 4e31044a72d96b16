r"""The chapter "Permutation tests" (Part I): permutation tests on synthetic problems of
growing signal, for the chapter's explorer.

:func:`signal_tests` runs :func:`~patterneval.permutation_test` on one two-class Gaussian
problem per class separation, from none (labels independent of the features, a uniform
p-value) to a clear one (the p-value at its minimum ``1 / (m + 1)``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from .._api import keywords
from .._validation import (
    check_bool,
    check_classification_target,
    check_cv,
    check_estimator,
    check_grid,
    check_n_jobs,
    check_rng,
    check_scalar,
)
from ..resampling.permutation import permutation_test

__all__ = ["signal_tests"]


@keywords
def signal_tests(
    signals: Sequence[float] = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5),
    *,
    n_samples: int = 40,
    n_features: int = 5,
    n_resamples: int = 200,
    cv: int | object = 4,
    estimator: BaseEstimator | None = None,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> dict:
    r""":func:`~patterneval.permutation_test` on one synthetic two-class problem per signal strength.

    For each :math:`\delta` in ``signals``: ``n_samples`` samples in two balanced classes,
    features :math:`x \sim N(\mu_y, I_{d})` in ``d = n_features`` dimensions with
    :math:`\mu_0 = 0` and :math:`\mu_1 = \delta e_1` (only the first feature carries
    signal). With :math:`\delta = 0` the labels are independent of the features and the
    p-value is (up to ties, which make it conservative) uniform on
    :math:`\{1/(m+1), \dots, 1\}`; as :math:`\delta` grows the observed
    error drops below the permuted ones and the p-value falls towards its minimum
    :math:`1 / (m + 1)` (smaller is stronger evidence). The Bayes error of each problem is
    :math:`\Phi(-\delta / 2)`.

    Parameters
    ----------
    signals : sequence of float, default (0.0, 0.25, 0.5, 0.75, 1.0, 1.5)
        Class separations :math:`\delta`, strictly increasing.
    n_samples : int, default 40
        Samples per problem; classes of ``n_samples // 2`` and the rest.
    n_features : int, default 5
        Dimension ``d``.
    n_resamples : int, default 200
        Permutations per test.
    cv : int or scikit-learn splitter, default 4
        As in :func:`~patterneval.permutation_test`.
    estimator : scikit-learn classifier, optional
        Default ``LinearDiscriminantAnalysis()``.
    rng : None, int or numpy.random.Generator
        One generator draws every problem's data and, in turn, seeds its test.
    n_jobs : int or None
        Passed to each :func:`~patterneval.permutation_test`; the result does not depend on it.
    progress : bool, default False
        Show a tqdm progress bar over the signal strengths.

    Returns
    -------
    dict
        ``{delta: PermutationTestResult}`` in the order of ``signals`` (keys are floats).
        A slider over the number of permutations can then use ``result.head(m)``.

    Notes
    -----
    Cost: ``len(signals) * (n_resamples + 1) * K`` fits of ``estimator`` (``K`` folds).
    The chapter "Permutation tests" lets an explorer pick :math:`\delta` and ``m``.

    References
    ----------
    .. [1] Ojala, M. & Garriga, G. C. (2010). Permutation tests for studying classifier
       performance. Journal of Machine Learning Research 11, 1833-1863.
       https://jmlr.org/papers/v11/ojala10a.html

    Examples
    --------
    >>> from patterneval.book.permutation_tests import signal_tests
    >>> tests = signal_tests((0.0, 3.0), n_samples=20, n_resamples=19, cv=2, rng=0)
    >>> list(tests)
    [0.0, 3.0]
    >>> tests[3.0].pvalue  # clear signal: no permuted error as low, p = 1 / 20
    0.05
    """
    signals = check_grid("signals", signals)
    n_samples = check_scalar("n_samples", n_samples, int, low=4)
    n_features = check_scalar("n_features", n_features, int, low=1)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    y = np.repeat([0, 1], [n_samples // 2, n_samples - n_samples // 2])
    cv = check_cv(cv, y)
    estimator = (
        LinearDiscriminantAnalysis()
        if estimator is None
        else check_estimator("estimator", estimator)
    )
    check_classification_target(y, estimator=estimator)
    progress = check_bool("progress", progress)
    gen = check_rng(rng)
    n_jobs = check_n_jobs(n_jobs)

    iterator = signals
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(signals, desc="signal strengths")
    out = {}
    for delta in iterator:
        X = gen.normal(size=(n_samples, n_features))
        X[y == 1, 0] += delta
        out[float(delta)] = permutation_test(
            estimator, X, y, n_resamples=n_resamples, cv=cv, rng=gen, n_jobs=n_jobs
        )
    return out
