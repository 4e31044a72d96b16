r"""Type-I error and power of the two-classifier tests by simulation (Dietterich 1998).

The population (chapter "Two classifiers", "Check by simulation"): two equally likely
classes, two independent features with unit variance; on feature j the class means are
:math:`\mp\delta_j/2`. Learner A is the nearest-mean classifier on feature 0 alone,
learner B the nearest-mean classifier on feature 1 alone. Both are cheap (a mean per class
and a threshold), so thousands of data sets cost little, and they make *different*
mistakes. The best rule on feature j has error :math:`\Phi(-\delta_j/2)`; the separations
are chosen so that A's is ``error`` and B's is ``error + effect``. With ``effect=0`` the two
learning algorithms are equally good on the population -- the null hypothesis of every
test -- yet on any one data set one of them looks better.

Each of the ``n_datasets`` simulated data sets holds ``n_samples`` examples (half of each
class); on each the study runs

* McNemar's test on one stratified hold-out split (2/3 training, 1/3 test);
* the resampled paired t-test on ``cv`` random stratified 2/3-1/3 splits (or on the splits of
  a scikit-learn splitter), uncorrected ("resampled t") and with Nadeau and Bengio's
  correction ("corrected resampled t");
* the paired t-test over the folds of one stratified 10-fold cross-validation
  ("10-fold CV t");
* Dietterich's 5x2cv t and Alpaydin's 5x2cv F;

on the accuracy differences of A and B, and counts how often each rejects at ``alpha``.

The p-values are those of the library's tests, computed by the same code:
:func:`~patterneval.compare.mcnemar_test` (``exact=None``, ``correction=True``),
:func:`~patterneval.compare.corrected_resampled_ttest` (its ``pvalue`` and
``uncorrected_pvalue``; the 10-fold CV t is the uncorrected one on the ten folds),
:func:`~patterneval.compare.paired_ttest_5x2cv` and
:func:`~patterneval.compare.combined_ftest_5x2cv`. Those functions are thin wrappers
around vectorised cores (``_mcnemar``, ``_corrected_t``, ``_ttest_5x2``, ``_ftest_5x2`` and
the no-spread rules ``_no_spread``, ``_five_by_two_no_spread`` in
:mod:`patterneval.compare.two`), which this module calls on all data sets at once, so a
wrong formula in a library test shows up in the simulated type-I error.
"""

from __future__ import annotations

import json
import numbers
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from .._api import keywords
from .._engine import cv_splits
from .._results import Result
from .._validation import check_array, check_path, check_rng, check_scalar, fail, is_int_seed
from ..compare import two as _two  # the tests' own code, looked up at call time

__all__ = [
    "TESTS",
    "IdealFiveByTwo",
    "RejectionGrid",
    "TestRejections",
    "ideal_five_by_two_size",
    "load_rejection_grid",
    "rejection_grid",
    "separation_for_error",
    "simulate_two_classifier_tests",
]

_BLOCK = 100

#: The tests of :func:`simulate_two_classifier_tests`, in the order of its results.
TESTS = ("McNemar", "resampled t", "corrected resampled t", "10-fold CV t", "5x2cv t", "5x2cv F")


@dataclass(frozen=True, repr=False)
class TestRejections(Result):
    """How often each test rejected equal performance over simulated data sets.

    Attributes
    ----------
    tests : tuple of str
        :data:`TESTS`.
    rejection_rate : ndarray, shape (6,)
        Fraction of the simulated data sets on which each test rejected at ``alpha``: the
        type-I error when ``effect == 0``, the power otherwise.
    std_error : ndarray, shape (6,)
        Monte Carlo standard errors :math:`\\sqrt{r(1-r)/R}`.
    pvalues : ndarray, shape (n_datasets, 6)
        Every data set's p-values; NaN where the test is undefined (the library function
        raises there: all differences equal up to round-off), which counts as no rejection.
    undefined : ndarray of int, shape (6,)
        How many data sets each test could not be computed on (the NaN p-values).
    error, effect : float
        Population error of the best rule on A's feature, and how much larger B's is.
    n_samples, n_datasets : int
        Size of each simulated data set, and how many were simulated (R).
    cv : int, splitter or list of (train, test) pairs
        The splits of the resampled t-tests, as passed.
    alpha : float
    """

    _headline = ("tests", "rejection_rate", "std_error", "effect", "error")
    _rows = ("tests", "rejection_rate", "std_error", "undefined")

    __test__ = False  # not a pytest class

    tests: tuple
    rejection_rate: np.ndarray
    std_error: np.ndarray
    pvalues: np.ndarray
    undefined: np.ndarray
    error: float
    effect: float
    n_samples: int
    n_datasets: int
    cv: object
    alpha: float


def separation_for_error(error: ArrayLike) -> float | np.ndarray:
    r"""Distance :math:`\delta = -2\Phi^{-1}(\varepsilon)` between two unit-variance class
    means whose midpoint rule has error :math:`\varepsilon`.

    Examples
    --------
    >>> from patterneval.book.two_classifiers import separation_for_error
    >>> round(float(separation_for_error(0.5)), 12), round(float(separation_for_error(0.1587)), 3)
    (0.0, 2.0)
    """
    eps = check_array("error", error, low=0, high=0.5, closed="right", min_rows=0)
    out = -2.0 * stats.norm.ppf(eps)
    return float(out) if out.ndim == 0 else out


def _positions(rng, shape, half):
    """Random positions 0..half-1 of each example within its class: an array of shape
    ``shape + (2 * half,)``, one independent permutation per class and leading index."""
    keys = rng.random(shape + (2, half))
    order = np.argsort(keys, axis=-1)
    ranks = np.empty_like(order)
    np.put_along_axis(ranks, order, np.broadcast_to(np.arange(half), order.shape), axis=-1)
    return ranks.reshape(shape + (2 * half,))


def _correct(X, is1, test):
    """Whether the one-feature nearest-mean rules of A (feature 0) and B (feature 1), fitted
    on the complement of each test mask, classify each example correctly: shape
    (2, R, E, n) for test masks of shape (R, E, n). A point exactly at the midpoint of the
    class means is given class 0 (measure zero for continuous data)."""
    train = ~test
    t0 = (train & ~is1).astype(float)
    t1 = (train & is1).astype(float)
    n0, n1 = t0.sum(axis=-1), t1.sum(axis=-1)
    out = np.empty((2,) + test.shape, dtype=bool)
    for j in range(2):
        x = X[:, :, j]
        m0 = np.einsum("rn,ren->re", x, t0) / n0
        m1 = np.einsum("rn,ren->re", x, t1) / n1
        out[j] = ((x[:, None, :] - 0.5 * (m0 + m1)[..., None]) * (m1 - m0)[..., None] > 0) == is1
    return out


@dataclass(frozen=True, repr=False)
class IdealFiveByTwo(Result):
    """Size of the 5x2cv tests when their differences are exactly as (A1)-(A2) assume.

    Attributes
    ----------
    tests : tuple of str
        ``("5x2cv t", "5x2cv F")``.
    rejection_rate : ndarray, shape (2,)
        Share of the simulated sets of ten differences on which each test rejected at
        ``alpha``.
    std_error : ndarray, shape (2,)
        Monte Carlo standard errors :math:`\\sqrt{r(1-r)/R}`.
    f_size_exact : float
        The F test's exact size, :math:`P\\big(F_{5,5} > 2F^{-1}_{10,5}(1-\\alpha) - 1\\big)`.
    alpha : float
    n_datasets : int
        Number of simulated sets R.
    """

    _headline = ("tests", "rejection_rate", "std_error", "f_size_exact", "alpha")
    _rows = ("tests", "rejection_rate", "std_error")

    tests: tuple
    rejection_rate: np.ndarray
    std_error: np.ndarray
    f_size_exact: float
    alpha: float
    n_datasets: int


@keywords
def ideal_five_by_two_size(
    *,
    alpha: float = 0.05,
    n_datasets: int = 200_000,
    rng: int | np.random.Generator | None = None,
) -> IdealFiveByTwo:
    r"""How often the 5x2cv t and F tests reject when their ten differences are independent
    :math:`N(0, \sigma^2)`: assumptions (A1) and (A2) of the chapter hold exactly, and only
    the independence of numerator and denominator, (A3), is left to fail.

    Write :math:`a_i = (d_i^{(1)} + d_i^{(2)})/2` and :math:`b_i = (d_i^{(1)} - d_i^{(2)})/2`,
    independent :math:`N(0, \sigma^2/2)`. Then :math:`s_i^2 = 2b_i^2` and
    :math:`\sum_j (d_i^{(j)})^2 = 2a_i^2 + 2b_i^2`, so Alpaydin's statistic is
    :math:`f = \tfrac12 + \tfrac12\,\sum_i a_i^2 / \sum_i b_i^2 \sim \tfrac12 + \tfrac12 F_{5,5}`,
    not :math:`F_{10,5}`: its exact size is ``f_size_exact``. Dietterich's
    :math:`t = (a_1 + b_1)/\sqrt{\tfrac25 \sum_i b_i^2}` has :math:`b_1` above and below the
    fraction bar; its size is simulated. Both tests are conservative even here. The p-values
    are the library's own (``_ttest_5x2``, ``_ftest_5x2`` in :mod:`patterneval.compare.two`,
    the cores of :func:`~patterneval.paired_ttest_5x2cv` and
    :func:`~patterneval.combined_ftest_5x2cv`).

    Parameters
    ----------
    alpha : float, keyword-only
        Level of the tests, in (0, 1).
    n_datasets : int, keyword-only
        Number of simulated sets of ten differences R, >= 100.
    rng : None, int or numpy.random.Generator, keyword-only
        Seed or generator of the differences.

    Returns
    -------
    IdealFiveByTwo

    Examples
    --------
    >>> res = ideal_five_by_two_size(n_datasets=100_000, rng=0)
    >>> print(f"{res.f_size_exact:.4f}")
    0.0175
    >>> bool(res.rejection_rate[0] < 0.05 and res.rejection_rate[1] < 0.05)
    True
    """
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=100)
    generator = check_rng(rng)
    d = generator.standard_normal((n_datasets, 5, 2))
    rejects = np.array(
        [(_two._ttest_5x2(d)[1] < alpha).mean(), (_two._ftest_5x2(d)[1] < alpha).mean()]
    )
    critical = stats.f.isf(alpha, 10, 5)
    return IdealFiveByTwo(
        tests=("5x2cv t", "5x2cv F"),
        rejection_rate=rejects,
        std_error=np.sqrt(rejects * (1 - rejects) / n_datasets),
        f_size_exact=float(stats.f.sf(2 * critical - 1, 5, 5)),
        alpha=alpha,
        n_datasets=n_datasets,
    )


def _resampled_t_p(d, scale, ratio):
    """p-values ``(corrected, uncorrected)`` of :func:`corrected_resampled_ttest` for each
    row of differences ``d`` (R, J), with ``ratio`` = n_test / n_train and ``scale`` (R,) the
    largest score of each row; NaN where that function raises (no spread)."""
    _, _, _, p, _, p_naive = _two._corrected_t(d, ratio)
    undefined = _two._no_spread(d, scale)
    return np.where(undefined, np.nan, p), np.where(undefined, np.nan, p_naive)


def _five_by_two_p(d52, scale):
    """p-values ``(t, F)`` of :func:`paired_ttest_5x2cv` and :func:`combined_ftest_5x2cv` for
    differences (R, 5, 2) and the largest score (R,) of each data set; NaN where they raise."""
    undefined = _two._five_by_two_no_spread(d52, scale)
    return (
        np.where(undefined, np.nan, _two._ttest_5x2(d52)[1]),
        np.where(undefined, np.nan, _two._ftest_5x2(d52)[1]),
    )


def _split_masks(cv, y):
    """Test masks (J, n) of the (train, test) pairs of a splitter or given pairs ``cv`` on
    the labels ``y``: at least two pairs, each training on every sample it does not test
    (the study fits on the complement of each test part) and on both classes."""
    pairs = [pair for group in cv_splits(cv, y, stratify=True, rng=None) for pair in group]
    if len(pairs) < 2:
        raise fail(
            "cv",
            "at least two (train, test) splits (the resampled t-tests need a spread)",
            f"{len(pairs)} split",
            echo=False,
        )
    masks = np.zeros((len(pairs), y.size), dtype=bool)
    for j, (train, test) in enumerate(pairs):
        if train.size + test.size != y.size:
            raise fail(
                "cv",
                "splits that train on every sample they do not test (as KFold's and "
                "ShuffleSplit's with the default train_size do)",
                f"split {j}, which trains on {train.size} and tests on {test.size} of the "
                f"{y.size} samples",
                echo=False,
            )
        if np.unique(y[train]).size < 2:
            raise fail(
                "cv",
                "splits whose training parts hold both classes",
                f"split {j}, trained on a single class",
                echo=False,
                hint="The labels are half 0 then half 1, in that order: use a stratified "
                "or shuffled splitter.",
            )
        masks[j, test] = True
    return masks


@keywords
def simulate_two_classifier_tests(
    *,
    n_samples: int = 200,
    error: float = 0.25,
    effect: float = 0.0,
    n_datasets: int = 1000,
    cv: int | object = 30,
    alpha: float = 0.05,
    rng: int | np.random.Generator | None = None,
) -> TestRejections:
    r"""Rejection rates of six tests of "A and B are equally accurate" (module docstring).

    Parameters
    ----------
    n_samples : int, keyword-only
        Size of each simulated data set (even, >= 30: every class needs a sample in each of
        ten folds and in each third).
    error : float, keyword-only
        Population error of the best rule on A's feature, in (0, 0.5).
    effect : float, keyword-only
        How much larger the population error of the best rule on B's feature is,
        ``error + effect < 0.5``; 0 is the null hypothesis.
    n_datasets : int, keyword-only
        Number of simulated data sets R.
    cv : int, splitter or iterable of (train, test) pairs, keyword-only
        The splits of the resampled t-tests. An int J: J random stratified 2/3-1/3 splits
        of each data set, drawn from ``rng`` (Dietterich used 30); J is a number of
        hold-out splits here, not of folds. A scikit-learn splitter (e.g.
        ``StratifiedShuffleSplit(30, test_size=1/3, random_state=0)`` or
        ``RepeatedStratifiedKFold(n_splits=10, n_repeats=3, random_state=0)``) or (train,
        test) index pairs: its splits of the ``n_samples`` labels (half class 0, then
        half class 1, in that order) serve every data set, whose examples are independent,
        so fixed positions are random splits; the corrected t uses the mean test size over
        the mean training size as :math:`n_{test}/n_{train}`. At least two splits, each
        training on every sample it does not test, and on both classes.
    alpha : float, keyword-only
        Significance level.
    rng : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    TestRejections
        ``rejection_rate`` and ``std_error`` per test in the order of :data:`TESTS`, and
        every data set's p-values.

    Notes
    -----
    Everything is vectorised over the R data sets: one pass over the splits costs a few
    array operations on (R, n) arrays, so R = 1000 data sets of 200 examples take well
    under a second. The corrected resampled t uses :math:`n_{test}/n_{train} = 1/2` (an
    int ``cv``); the 10-fold CV t is uncorrected (df 9), as in Dietterich's study. A data set on which a
    test is undefined (all its differences equal up to round-off, possible for tiny data
    sets; the library function raises there) gets a NaN p-value and counts as no
    rejection, as for a practitioner whose test refuses the data; ``undefined`` counts
    them (none in the chapter's settings). The R data sets are drawn before any split, so
    with the same ``rng`` they are the same whatever ``cv``: two values of ``cv`` are
    compared on the same data.

    References
    ----------
    Dietterich (1998), as cited in :func:`patterneval.compare.paired_ttest_5x2cv`.

    Examples
    --------
    >>> from patterneval.book.two_classifiers import simulate_two_classifier_tests
    >>> sim = simulate_two_classifier_tests(n_datasets=200, rng=0)
    >>> sim.tests[1], sim.rejection_rate.shape
    ('resampled t', (6,))
    """
    n_samples = check_scalar("n_samples", n_samples, int, low=30)
    if n_samples % 2:
        raise fail("n_samples", "an even integer >= 30 (half of each class)", n_samples)
    error = check_scalar("error", error, float, low=0, high=1, closed="neither")
    effect = check_scalar("effect", effect, float, low=0)
    if error + effect >= 0.5:
        raise fail(
            "effect",
            f"below 0.5 - error, so that B is better than chance (error={error:g})",
            effect,
        )
    R = check_scalar("n_datasets", n_datasets, int, low=1)
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
    half = n_samples // 2
    y = np.repeat([0, 1], half)
    n_third = half // 3  # test examples per class in a 2/3-1/3 split
    cv, S, fixed, drawn, ratio = _resolve_cv(cv, y, n_third)
    generator = check_rng(rng)
    deltas = np.array([separation_for_error(error), separation_for_error(error + effect)])
    sign = np.where(y == 1, 0.5, -0.5)
    X = generator.standard_normal((R, n_samples, 2)) + sign[None, :, None] * deltas[None, None, :]

    is1 = (y == 1)[None, None, :]
    pvalues = np.empty((R, len(TESTS)))
    for lo in range(0, R, _BLOCK):  # blocks of data sets bound the memory: (block, 1 + S + 20, n)
        hi = min(R, lo + _BLOCK)
        pvalues[lo:hi] = _block_pvalues(generator, X[lo:hi], is1, fixed, drawn, S, ratio, half)
    reject = pvalues <= alpha  # NaN (undefined) is no rejection
    rate = reject.mean(axis=0)
    return TestRejections(
        tests=TESTS,
        rejection_rate=rate,
        std_error=np.sqrt(rate * (1 - rate) / R),
        pvalues=pvalues,
        undefined=np.isnan(pvalues).sum(axis=0),
        error=error,
        effect=effect,
        n_samples=n_samples,
        n_datasets=R,
        cv=cv,
        alpha=alpha,
    )


def _block_pvalues(generator, X, is1, fixed, drawn, S, ratio, half):
    """The six tests' p-values on one block of data sets X (m, n, 2): the hold-out, the
    drawn or given splits, 10-fold CV and 5x2 CV, all as masks over the n examples."""
    m = X.shape[0]
    n_third = half // 3
    p = np.empty((m, len(TESTS)))
    ranks = _positions(generator, (m, 1 + drawn + 1 + 5), half)
    folds = ranks[:, drawn + 1] % 10
    halves = ranks[:, drawn + 2 :] % 2
    test = np.concatenate(
        [
            ranks[:, : drawn + 1] < n_third,  # hold-out, then S drawn splits
            *(() if fixed is None else (np.broadcast_to(fixed, (m,) + fixed.shape),)),  # or cv's
            folds[:, None, :] == np.arange(10)[None, :, None],  # 10-fold CV
            (halves[:, :, None, :] != np.arange(2)[None, None, :, None]).reshape(m, 10, -1),  # 5x2
        ],
        axis=1,
    )
    correct = _correct(X, is1, test)
    acc = (correct & test).sum(axis=-1) / test.sum(axis=-1)  # (2, block, E)
    d = acc[0] - acc[1]  # (block, E)
    top = np.maximum(acc[0], acc[1])  # the scores' magnitude
    b = (correct[0, :, 0] & ~correct[1, :, 0] & test[:, 0]).sum(axis=-1)
    c = (~correct[0, :, 0] & correct[1, :, 0] & test[:, 0]).sum(axis=-1)
    p[:, 0] = _two._mcnemar(b, c, None, True)[1]
    splits, folds, five = slice(1, S + 1), slice(S + 1, S + 11), slice(S + 11, None)
    p[:, 2], p[:, 1] = _resampled_t_p(d[:, splits], top[:, splits].max(axis=1), ratio)
    p[:, 3] = _resampled_t_p(d[:, folds], top[:, folds].max(axis=1), 1.0 / 9)[1]
    p[:, 4], p[:, 5] = _five_by_two_p(d[:, five].reshape(m, 5, 2), top[:, five].max(axis=1))
    return p


def _resolve_cv(cv, y, n_third):
    """(cv as stored, number of splits S, fixed split masks or None, splits drawn per data
    set, n_test / n_train) for the resampled t-tests."""
    n_samples = y.size
    if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
        cv = S = check_scalar("cv", cv, int, low=2)
        return cv, S, None, S, 2 * n_third / (n_samples - 2 * n_third)  # S drawn per data set
    fixed = _split_masks(cv, y)
    n_test = fixed.sum(axis=1)
    ratio = float(n_test.mean() / (n_samples - n_test).mean())
    if not callable(getattr(cv, "split", None)):
        cv = [(np.flatnonzero(~m), np.flatnonzero(m)) for m in fixed]
    return cv, fixed.shape[0], fixed, 0, ratio


# ----------------------------------------------------------------------------- a stored grid
@dataclass(frozen=True, repr=False)
class RejectionGrid(Result):
    """Rejection counts of the six tests over a grid of data-set sizes and effects.

    Cell ``(i, j)`` is :func:`simulate_two_classifier_tests` at ``n_samples[i]`` and
    ``effects[j]`` with ``rng = [self.rng, n_samples[i], round(1e6 * effects[j])]``, so any
    cell can be recomputed on its own (:meth:`replay`).

    Attributes
    ----------
    n_samples : ndarray of int, shape (a,)
    effects : ndarray, shape (b,)
    counts : ndarray of int, shape (a, b, 6)
        Rejections per cell and test (order :data:`TESTS`).
    tests : tuple of str
    error, alpha : float
    n_datasets : int
        Simulated data sets per cell.
    cv : int or splitter
        The splits of the resampled t-tests (:func:`simulate_two_classifier_tests`).
    rng : int
        The seed every cell's ``rng`` starts with.
    """

    _headline = ("tests", "n_samples", "effects", "error", "alpha")

    n_samples: np.ndarray
    effects: np.ndarray
    counts: np.ndarray
    tests: tuple
    error: float
    alpha: float
    n_datasets: int
    cv: object
    rng: int

    @property
    def rejection_rate(self) -> np.ndarray:
        """``counts / n_datasets``, shape (a, b, 6)."""
        return self.counts / self.n_datasets

    @property
    def std_error(self) -> np.ndarray:
        """Monte Carlo standard errors of :attr:`rejection_rate`."""
        r = self.rejection_rate
        return np.sqrt(r * (1 - r) / self.n_datasets)

    def cell(self, n_samples: int, effect: float) -> TestRejections:
        """Recompute one cell (every data set's p-values included)."""
        n_samples = check_scalar("n_samples", n_samples, int, low=30)
        effect = check_scalar("effect", effect, float, low=0)
        return simulate_two_classifier_tests(
            n_samples=n_samples,
            error=self.error,
            effect=effect,
            n_datasets=self.n_datasets,
            cv=self.cv,
            alpha=self.alpha,
            rng=_cell_seed(self.rng, n_samples, effect),
        )

    def replay(self, n_samples: int, effect: float) -> bool:
        """Whether recomputing the cell gives exactly the stored counts; ``n_samples`` and
        ``effect`` must be on the grid."""
        n_samples = check_scalar("n_samples", n_samples, int)
        effect = check_scalar("effect", effect, float)
        i = np.flatnonzero(self.n_samples == n_samples)
        if not i.size:
            raise fail(
                "n_samples", f"one of the grid's sample sizes {self.n_samples.tolist()}", n_samples
            )
        j = np.flatnonzero(np.isclose(self.effects, effect, rtol=0, atol=1e-9))
        if not j.size:
            raise fail("effect", f"one of the grid's effects {self.effects.tolist()}", effect)
        fresh = np.rint(self.cell(n_samples, effect).rejection_rate * self.n_datasets).astype(int)
        return bool(np.array_equal(fresh, self.counts[i[0], j[0]]))

    def to_json(self, path: str | os.PathLike) -> None:
        """Write the grid as JSON (a grid whose ``cv`` is an int: a splitter has no JSON form)."""
        path = check_path(path)
        if not isinstance(self.cv, int):
            raise ValueError(
                f"to_json writes a grid whose cv is an int number of splits; this grid's cv is "
                f"{self.cv!r}, which JSON cannot hold. Keep the grid in Python, or run "
                f"rejection_grid with an int cv."
            )
        data = dict(
            n_samples=self.n_samples.tolist(),
            effects=self.effects.tolist(),
            counts=self.counts.tolist(),
            tests=list(self.tests),
            error=self.error,
            alpha=self.alpha,
            n_datasets=self.n_datasets,
            cv=self.cv,
            rng=self.rng,
        )
        Path(path).write_text(json.dumps(data) + "\n", encoding="utf-8")


def _cell_seed(seed, n_samples, effect):
    return [int(seed), int(n_samples), int(round(1e6 * float(effect)))]


@keywords
def rejection_grid(
    n_samples: Sequence[int] = (40, 60, 100, 150, 200, 300),
    effects: Sequence[float] = tuple(np.round(np.arange(11) * 0.01, 2)),
    *,
    error: float = 0.25,
    n_datasets: int = 1000,
    cv: int | object = 30,
    alpha: float = 0.05,
    rng: int | np.random.Generator | None = 1998,
) -> RejectionGrid:
    """Run :func:`simulate_two_classifier_tests` over a grid (see :class:`RejectionGrid`).

    Parameters
    ----------
    n_samples : sequence of int
        Data-set sizes (each even, >= 30).
    effects : sequence of float
        How much larger B's population error is than A's (>= 0).
    error, n_datasets, alpha : keyword-only
        As in :func:`simulate_two_classifier_tests`, for every cell.
    cv : int or splitter, keyword-only
        As in :func:`simulate_two_classifier_tests`: an int J is J random 2/3-1/3 splits;
        a splitter's splits serve every data set (give it a fixed ``random_state``, so
        that :meth:`RejectionGrid.replay` can recompute a cell). Only a grid with an int
        ``cv`` can be written by :meth:`RejectionGrid.to_json`.
    rng : None, int or numpy.random.Generator, keyword-only
        A non-negative int is the seed of the grid: cell (n, effect) runs with
        ``rng=[rng, n, round(1e6 * effect)]``, so any cell can be replayed on its own.
        None or a Generator draws that int seed (kept in the result's ``rng``).

    Returns
    -------
    RejectionGrid

    Examples
    --------
    >>> from patterneval.book.two_classifiers import rejection_grid
    >>> grid = rejection_grid((40, 60), (0.0, 0.05), n_datasets=20)
    >>> grid.counts.shape, grid.replay(60, 0.05)
    ((2, 2, 6), True)
    """
    ns = check_array("n_samples", n_samples, ndim=1, kind="int", low=30)
    effs = check_array("effects", effects, ndim=1, low=0)
    if is_int_seed(rng):
        seed = check_scalar("rng", rng, int, low=0, hint="(the grid's seed)")
    else:
        seed = int(check_rng(rng).integers(2**32))
    n_datasets = check_scalar("n_datasets", n_datasets, int, low=1)
    counts = np.empty((ns.size, effs.size, len(TESTS)), dtype=int)
    for i, n in enumerate(ns):
        for j, effect in enumerate(effs):
            sim = simulate_two_classifier_tests(
                n_samples=int(n),
                error=error,
                effect=float(effect),
                n_datasets=n_datasets,
                cv=cv,
                alpha=alpha,
                rng=_cell_seed(seed, n, effect),
            )
            counts[i, j] = np.rint(sim.rejection_rate * n_datasets).astype(int)
    return RejectionGrid(
        n_samples=ns,
        effects=effs,
        counts=counts,
        tests=TESTS,
        error=float(error),
        alpha=float(alpha),
        n_datasets=n_datasets,
        cv=sim.cv,
        rng=seed,
    )


def load_rejection_grid(path: str | os.PathLike) -> RejectionGrid:
    """Read a :class:`RejectionGrid` written by :meth:`RejectionGrid.to_json`."""
    data = json.loads(Path(check_path(path)).read_text(encoding="utf-8"))
    try:
        return RejectionGrid(
            n_samples=np.array(data["n_samples"], dtype=int),
            effects=np.array(data["effects"]),
            counts=np.array(data["counts"], dtype=int),
            tests=tuple(data["tests"]),
            error=float(data["error"]),
            alpha=float(data["alpha"]),
            n_datasets=int(data["n_datasets"]),
            cv=int(data["cv"]),
            rng=int(data["rng"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise fail(
            "path", "a JSON file written by RejectionGrid.to_json", f"{path} ({exc!r})", echo=False
        ) from None
