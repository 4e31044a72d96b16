"""The test error rate: its binomial model, interval estimates, and stratified sampling.

Derived in Part I of the book, chapters "The test error rate" and "Selective sampling".
A classifier that errs on each independent test sample with probability ``eps`` makes
``k ~ Binomial(N, eps)`` errors on ``N`` samples; ``k / N`` is the maximum-likelihood,
unbiased estimate of ``eps`` with variance ``eps (1 - eps) / N``. When the class priors
are known, sampling each class separately (selective, or stratified, sampling) gives an
estimate with variance smaller by ``sum_i P_i (eps_i - eps)^2 / N``.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats

from ._results import ConfidenceInterval, Result, interval_docs
from ._ties import argsort_tied
from ._validation import (
    _float_exact,
    check_array,
    check_choice,
    check_labels,
    check_same_length,
    check_scalar,
    fail,
    show,
)

__all__ = [
    "INTERVAL_METHODS",
    "ErrorEstimate",
    "StratifiedEstimate",
    "binomial_interval",
    "coverage_probability",
    "error_variance",
    "proportional_allocation",
    "sample_size_for_width",
    "selective_variance_gap",
    "stratified_error",
    "stratified_variance",
    "test_error",
]

#: The interval methods of :func:`binomial_interval`, in the order the book presents them.
_IntervalMethod = Literal["wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"]
INTERVAL_METHODS: tuple[_IntervalMethod, ...] = (
    "wald",
    "wilson",
    "agresti-coull",
    "clopper-pearson",
    "jeffreys",
)


# --------------------------------------------------------------------------- intervals
def _interval(k, n, level: float, method: str) -> tuple[np.ndarray, np.ndarray]:
    """Interval ends for real-valued ``k`` out of ``n`` (no checks; arrays broadcast).

    Real ``k`` lets :func:`sample_size_for_width` plan at ``k = eps N``. Temporaries are
    reused in place: on 10^5 pairs the closed forms are memory-bound.
    """
    shape = np.broadcast_shapes(np.shape(k), np.shape(n))
    k = np.atleast_1d(np.asarray(k))  # 1-d, so in-place updates below work
    n = np.atleast_1d(np.asarray(n))
    if not (k.dtype.kind in "iu" and n.dtype.kind in "iu" and _float_exact(k) and _float_exact(n)):
        k, n = k.astype(float, copy=False), n.astype(float, copy=False)
    # else integers exact in float64: every operation below casts them exactly, no copies
    if k.shape != n.shape:  # temporaries below are written in place at the full shape
        k, n = np.broadcast_arrays(k, n)
    alpha = 1.0 - level
    z = special.ndtri(1.0 - alpha / 2.0)
    z2 = z * z
    if method == "wilson":
        # (k + z2/2 -+ z sqrt(k (n - k) / n + z2/4)) / (n + z2): the score interval in
        # counts, seven passes over the data (a third fewer than in proportions)
        half = np.subtract(n, k, dtype=float)
        half *= k
        half /= n
        half += z2 / 4.0
        half = np.sqrt(half, out=half)
        half *= z
        denom = np.add(n, z2)
        low = np.add(k, z2 / 2.0)
        high = low + half
        high /= denom
        low -= half
        low /= denom
    elif method in ("wald", "agresti-coull"):
        if method == "wald":
            centre = k / n
            spread = centre * (1.0 - centre)
            spread /= n
        else:
            n_tilde = n + z2
            centre = (k + z2 / 2.0) / n_tilde
            spread = centre * (1.0 - centre)
            spread /= n_tilde
        half = np.sqrt(spread, out=spread)
        half *= z
        low, high = centre - half, centre + half
    elif method == "clopper-pearson":  # beta(0, .) at k = 0 is fixed just below
        low = _beta_ppf(alpha / 2.0, k, n - k + 1.0)
        high = _beta_ppf(1.0 - alpha / 2.0, k + 1.0, n - k)
    else:  # jeffreys: equal-tailed interval of the Beta(k + 1/2, n - k + 1/2) posterior
        low = _beta_ppf(alpha / 2.0, k + 0.5, n - k + 0.5)
        high = _beta_ppf(1.0 - alpha / 2.0, k + 0.5, n - k + 0.5)
    low = np.clip(low, 0.0, 1.0, out=np.asarray(low, dtype=float))
    high = np.clip(high, 0.0, 1.0, out=np.asarray(high, dtype=float))
    # No error seen: the lower end is exactly 0; every sample wrong: the upper end is 1.
    # Wald collapses to the point k/n at both ends; keep it honest there too.
    none_wrong, all_wrong = np.broadcast_arrays(k <= 0, k >= n)
    low[none_wrong] = 0.0
    high[all_wrong] = 1.0
    if method == "wald":
        low[all_wrong] = 1.0
        high[none_wrong] = 0.0
    return low.reshape(shape), high.reshape(shape)


def _beta_ppf(q: float, a, b):
    """``scipy.stats.beta.ppf(q, a, b)`` without the distribution's argument machinery:
    its own quantile function (Boost's ``ibeta_inv``, which ``special.betaincinv`` calls
    too, bit for bit) where ``a, b > 0`` and ``0 < q < 1``; NaN where a or b is not
    positive, as there."""
    if not 0.0 < q < 1.0:  # 1 - alpha/2 rounded to 1: the distribution's bounds
        with np.errstate(invalid="ignore"):
            return stats.beta.ppf(q, a, b)
    with np.errstate(invalid="ignore"):
        x = special.betaincinv(a, b, q)
    return np.where((a > 0) & (b > 0), x, np.nan)


def _interval_scalar(k: float, n: float, level: float, method: str) -> tuple[float, float]:
    """:func:`_interval` for one whole ``k`` out of ``n`` in plain floats: the same
    operations in the same order (IEEE arithmetic and a correctly rounded square root
    give the same bits), without the fixed cost of numpy calls on 1-element arrays."""
    alpha = 1.0 - level
    z = float(special.ndtri(1.0 - alpha / 2.0))
    z2 = z * z
    if method in ("clopper-pearson", "jeffreys") or not math.isfinite(z2):
        # beta quantiles, or a level within eps of 1 (numpy's NaNs and warnings)
        low, high = _interval(k, n, level, method)
        return float(low), float(high)
    if method == "wald":
        centre = k / n
        spread = centre * (1.0 - centre) / n
    elif method == "wilson":
        half = math.sqrt((n - k) * k / n + z2 / 4.0) * z
        centre, denom = k + z2 / 2.0, n + z2
        low, high = (centre - half) / denom, (centre + half) / denom
    else:  # agresti-coull
        n_tilde = n + z2
        centre = (k + z2 / 2.0) / n_tilde
        spread = centre * (1.0 - centre) / n_tilde
    if method != "wilson":
        half = math.sqrt(spread) * z
        low, high = centre - half, centre + half
    low, high = min(max(low, 0.0), 1.0), min(max(high, 0.0), 1.0)
    if k <= 0:
        low, high = 0.0, (0.0 if method == "wald" else high)
    if k >= n:
        low, high = (1.0 if method == "wald" else low), 1.0
    return low, high


def _scalar_counts(k: object, n: object) -> tuple[float, float] | None:
    """``(k, n)`` as floats if both are one Python or numpy integer (not a bool) with
    ``0 <= k <= n`` and ``1 <= n <= 2**53`` (counts :func:`check_counts` passes, exact in
    float64), else None."""
    if not (isinstance(k, (int, np.integer)) and isinstance(n, (int, np.integer))):
        return None
    if isinstance(k, (bool, np.bool_)) or isinstance(n, (bool, np.bool_)):
        return None
    if not (0 <= k <= n and 1 <= n <= 2**53):
        return None
    return float(k), float(n)


def _scalar_or_array(arr: np.ndarray):
    return float(arr) if np.ndim(arr) == 0 else arr


def binomial_interval(
    k: ArrayLike,
    n: ArrayLike,
    *,
    confidence_level: float = 0.95,
    method: Literal["wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"] = "wilson",
) -> ConfidenceInterval:
    r"""Confidence interval for a binomial proportion, such as a test error rate.

    Given ``k`` errors on ``n`` independent test samples, returns an interval that
    covers the true error rate :math:`\varepsilon` with probability close to
    ``confidence_level`` (exactly at least that for ``"clopper-pearson"``).

    With :math:`\hat p = k/n` and :math:`z = \Phi^{-1}(1 - \alpha/2)`,
    :math:`\alpha = 1 - \text{confidence\_level}`:

    - ``"wald"``: :math:`\hat p \pm z\sqrt{\hat p(1-\hat p)/n}`. Collapses to a point at
      :math:`k=0` and :math:`k=n` and undercovers near 0 and 1; shown for teaching.
    - ``"wilson"``: inverts the score test,
      :math:`\frac{\hat p + z^2/2n}{1 + z^2/n} \pm \frac{z}{1 + z^2/n}\sqrt{\frac{\hat p(1-\hat p)}{n} + \frac{z^2}{4n^2}}`.
    - ``"agresti-coull"``: Wald around :math:`\tilde p = (k + z^2/2)/(n + z^2)` with
      :math:`\tilde n = n + z^2`.
    - ``"clopper-pearson"``: inverts two one-sided binomial tests; ends are
      :math:`\text{Beta}(\alpha/2; k, n-k+1)` and :math:`\text{Beta}(1-\alpha/2; k+1, n-k)`.
    - ``"jeffreys"``: equal-tailed quantiles of :math:`\text{Beta}(k+\tfrac12, n-k+\tfrac12)`.

    Every method gives a lower end of exactly 0 at :math:`k = 0` and an upper end of
    exactly 1 at :math:`k = n`; ends are clipped to [0, 1].

    Parameters
    ----------
    k, n : int or array_like of int
        Errors and test-set sizes, ``0 <= k <= n``, ``n >= 1``. Arrays broadcast.
    confidence_level : float, default 0.95
        In (0, 1).
    method : {"wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"}

    Returns
    -------
    ConfidenceInterval
        ``(low, high)``, floats for scalar input, arrays otherwise.

    Notes
    -----
    Cost: O(size of the broadcast k, n). Derived in the chapter "The test error rate".

    References
    ----------
    Brown, Cai & DasGupta (2001), Interval estimation for a binomial proportion,
    Statistical Science 16(2):101-133, doi:10.1214/ss/1009213286.

    Examples
    --------
    >>> import patterneval as pe
    >>> ci = pe.binomial_interval(7, 100, method="wilson")
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.0343, 0.1375)
    >>> pe.binomial_interval(0, 20, method="clopper-pearson").low
    0.0
    """
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    method = check_choice("method", method, INTERVAL_METHODS)
    counts = _scalar_counts(k, n)
    if counts is not None:
        return ConfidenceInterval(*_interval_scalar(*counts, level, method))
    k_arr, n_arr = check_counts(k, n)
    low, high = _interval(k_arr, n_arr, level, method)
    return ConfidenceInterval(_scalar_or_array(low), _scalar_or_array(high))


# --------------------------------------------------------------------------- the estimate
@interval_docs
@dataclasses.dataclass(frozen=True, repr=False)
class ErrorEstimate(Result):
    """A test error rate ``k / n`` with its binomial variance.

    Attributes
    ----------
    k : int
        Misclassified test samples.
    n : int
        Test samples.
    error : float
        ``k / n``, the maximum-likelihood and unbiased estimate of the error rate.
    variance : float
        Plug-in estimate of ``eps (1 - eps) / n`` at ``eps = error``.
    std_error : float
        ``sqrt(variance)``.
    """

    _means = (
        "{k} of {n} test samples misclassified. With a test set drawn independently of training, "
        "intervals built this way cover the true error rate in about 95% of test sets."
    )

    k: int
    n: int
    error: float
    variance: float
    std_error: float

    def confidence_interval(
        self,
        confidence_level: float = 0.95,
        *,
        method: Literal[
            "wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"
        ] = "wilson",
    ) -> ConfidenceInterval:
        """Interval for the true error rate; see :func:`binomial_interval`.

        Parameters
        ----------
        confidence_level : float in (0, 1), default 0.95
        method : {"wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"}, \
default "wilson", keyword-only
            As in :func:`binomial_interval`.

        %(returns_interval)s

        Examples
        --------
        >>> import patterneval as pe
        >>> est = pe.test_error([0, 1, 1, 0, 1, 0, 0, 1], [0, 1, 0, 0, 0, 0, 1, 1])
        >>> ci = est.confidence_interval(0.9)
        >>> round(ci.low, 4), round(ci.high, 4)
        (0.1612, 0.652)
        """
        return binomial_interval(self.k, self.n, confidence_level=confidence_level, method=method)


def test_error(y_true: ArrayLike, y_pred: ArrayLike) -> ErrorEstimate:
    r"""Error rate of predictions on an independent test set.

    :math:`\hat\varepsilon = k/N`, where :math:`k` counts the entries with
    ``y_pred != y_true``. Lower is better. It is the maximum-likelihood estimate under
    :math:`k \sim \text{Binomial}(N, \varepsilon)`, unbiased, with variance
    :math:`\varepsilon(1-\varepsilon)/N` (derived in "The test error rate").

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        Class labels (integers, strings, integral floats; no NaN, inf, probabilities or
        mix of strings and numbers: the rule of ``check_labels``), compared with ``!=``.

    Returns
    -------
    ErrorEstimate

    Examples
    --------
    >>> import patterneval as pe
    >>> est = pe.test_error([0, 1, 1, 0, 1], [0, 1, 0, 0, 0])
    >>> est
    ErrorEstimate(error=0.4, std_error=0.219089, k=2, n=5, variance=0.048)
    >>> round(est.confidence_interval(method="clopper-pearson").high, 4)
    0.8534
    """
    y_true = check_labels("y_true", y_true)
    y_pred = check_labels("y_pred", y_pred, n=y_true.size, n_name="y_true")
    k = int(np.count_nonzero(y_true != y_pred))
    n = int(y_true.size)
    error = k / n
    variance = error * (1.0 - error) / n
    return ErrorEstimate(k=k, n=n, error=error, variance=variance, std_error=variance**0.5)


test_error.__test__ = False  # type: ignore[attr-defined]  # a library function, not a pytest test


def error_variance(error: ArrayLike, n: ArrayLike) -> float | np.ndarray:
    r"""Variance :math:`\varepsilon(1-\varepsilon)/N` of the test error estimate ``k / N``.

    Parameters
    ----------
    error : float or array_like
        True (or planning) error rate in [0, 1].
    n : int or array_like of int
        Test-set size, >= 1. Broadcasts with ``error``.

    Returns
    -------
    float or ndarray
        :math:`\varepsilon(1-\varepsilon)/N`, broadcast over the inputs.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.error_variance(0.1, 100)
    0.0009
    """
    eps = check_array("error", error, low=0, high=1, min_rows=0)
    n_arr = check_array("n", n, kind="int", low=1, min_rows=0)
    return _scalar_or_array(eps * (1.0 - eps) / n_arr)


def sample_size_for_width(
    error: float,
    width: float,
    *,
    confidence_level: float = 0.95,
    method: Literal["wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"] = "wilson",
) -> int:
    r"""Smallest test-set size whose interval at the planning error is no wider than ``width``.

    The interval is evaluated at :math:`k = \varepsilon N` (a real number, so the answer
    does not jump with rounding). For Wald this is
    :math:`\lceil z^2\varepsilon(1-\varepsilon)/(w/2)^2 \rceil` as long as the interval is not
    clipped at 0 or 1 (for a small planning error, clipping shortens Wald's interval and the
    answer is smaller still: another sign that Wald is unfit there). Every method is solved
    by bisection on N, the width being decreasing in N at a fixed proportion.

    Parameters
    ----------
    error : float
        Planning error rate in [0, 1]. (Wald at 0 or 1 has zero width for every N, so it
        returns 1: one more sign that Wald is unfit near the ends.)
    width : float
        Target total width ``high - low``, in (0, 1).
    confidence_level : float, default 0.95
    method : str, default "wilson"
        As in :func:`binomial_interval`.

    Returns
    -------
    int
        The smallest N >= 1 whose interval at ``k = error N`` has width at most ``width``.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.sample_size_for_width(0.1, 0.05, method="wald")
    554
    >>> pe.sample_size_for_width(0.1, 0.05)
    557
    """
    eps = check_scalar("error", error, float, low=0, high=1)
    w = check_scalar("width", width, float, low=0, high=1, closed="neither")
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    method = check_choice("method", method, INTERVAL_METHODS)

    def too_wide(n: int) -> bool:
        low, high = _interval(eps * n, n, level, method)
        return bool(high - low > w)

    hi = 1
    while too_wide(hi):
        hi *= 2
        if hi > 2**40:
            raise ValueError(
                f"no test-set size up to 2**40 gives width {w!r}; ask for a wider one."
            )
    lo = hi // 2  # too_wide(lo) holds, or lo == 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if too_wide(mid):
            lo = mid
        else:
            hi = mid
    return hi


# --------------------------------------------------------------------------- stratified
@interval_docs
@dataclasses.dataclass(frozen=True, repr=False)
class StratifiedEstimate(Result):
    r"""The selective (stratified) sampling estimate :math:`\sum_i P_i k_i / n_i`.

    Attributes
    ----------
    error : float
        The estimate.
    variance : float
        Plug-in estimate of its variance, :math:`\sum_i P_i^2 \hat e_i(1-\hat e_i)/n_i`.
    std_error : float
    class_errors : ndarray
        :math:`\hat e_i = k_i / n_i`.
    priors, k, n : ndarray
        The inputs.
    """

    error: float
    variance: float
    std_error: float
    class_errors: np.ndarray
    priors: np.ndarray
    k: np.ndarray
    n: np.ndarray

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """Normal-approximation interval ``error +- z std_error``, clipped to [0, 1].

        Parameters
        ----------
        confidence_level : float in (0, 1), default 0.95
            z is the standard normal's (1 + confidence_level)/2 quantile.

        %(returns_interval)s

        Examples
        --------
        >>> import patterneval as pe
        >>> ci = pe.stratified_error([3, 12], [60, 40], priors=[0.6, 0.4]).confidence_interval()
        >>> round(float(ci.low), 4), round(float(ci.high), 4)
        (0.0843, 0.2157)
        """
        level = check_scalar(
            "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
        )
        half = special.ndtri(0.5 + level / 2.0) * self.std_error
        return ConfidenceInterval(max(0.0, self.error - half), min(1.0, self.error + half))


def stratified_error(k: ArrayLike, n: ArrayLike, priors: ArrayLike) -> StratifiedEstimate:
    r"""Error rate from a test set sampled class by class with known priors.

    With :math:`n_i` test samples drawn from class :math:`i` and :math:`k_i` of them
    misclassified, :math:`\hat\varepsilon' = \sum_i P_i k_i/n_i`. It is unbiased, and
    its variance is :math:`\sum_i P_i^2 \varepsilon_i(1-\varepsilon_i)/n_i`, which for
    proportional allocation :math:`n_i = P_i N` is
    :math:`\frac1N \sum_i P_i\varepsilon_i(1-\varepsilon_i)` (chapter "Selective sampling").

    Parameters
    ----------
    k, n : array_like of int, shape (c,)
        Errors and test samples per class, ``0 <= k_i <= n_i``, ``n_i >= 1``.
    priors : array_like, shape (c,)
        Class priors :math:`P(\omega_i)`, non-negative, summing to 1.

    Returns
    -------
    StratifiedEstimate
        The estimate :math:`\sum_i P_i k_i/n_i` with its plug-in variance.

    Examples
    --------
    >>> import patterneval as pe
    >>> est = pe.stratified_error([3, 12], [60, 40], priors=[0.6, 0.4])
    >>> round(est.error, 4), round(est.std_error, 4)
    (0.15, 0.0335)
    """
    k_arr, n_arr = check_counts(k, n, same_length=True)
    p = check_priors(priors, size=k_arr.size, size_name="k")
    class_errors = k_arr / n_arr
    error = float(p @ class_errors)
    variance = float(np.sum(p**2 * class_errors * (1.0 - class_errors) / n_arr))
    return StratifiedEstimate(
        error=error,
        variance=variance,
        std_error=variance**0.5,
        class_errors=class_errors,
        priors=p,
        k=k_arr,
        n=n_arr,
    )


def _class_errors_and_priors(class_errors, priors):
    e = check_array(
        "class_errors",
        class_errors if np.ndim(class_errors) else [class_errors],
        ndim=1,
        low=0,
        high=1,
        shape_hint="(one error rate per class)",
    )
    p = check_priors(priors, size=e.size)
    return e, p


def stratified_variance(
    class_errors: ArrayLike, priors: ArrayLike, n: ArrayLike
) -> float | np.ndarray:
    r"""Variance of the stratified estimate under proportional allocation :math:`n_i = P_i N`.

    :math:`\operatorname{var}(\hat\varepsilon') = \frac1N\sum_i P_i\varepsilon_i(1-\varepsilon_i)`.

    Parameters
    ----------
    class_errors : array_like, shape (c,)
        True error rate of each class, in [0, 1].
    priors : array_like, shape (c,)
        Class priors summing to 1.
    n : int or array_like of int
        Test-set size N, >= 1 (broadcasts).

    Returns
    -------
    float or ndarray
        :math:`\frac1N\sum_i P_i\varepsilon_i(1-\varepsilon_i)`.

    Examples
    --------
    >>> import patterneval as pe
    >>> round(pe.stratified_variance([0.05, 0.3], [0.5, 0.5], 100), 6)
    0.001288
    """
    e, p = _class_errors_and_priors(class_errors, priors)
    n_arr = check_array("n", n, kind="int", low=1, min_rows=0)
    return _scalar_or_array(float(np.sum(p * e * (1.0 - e))) / n_arr)


def selective_variance_gap(
    class_errors: ArrayLike, priors: ArrayLike, n: ArrayLike
) -> float | np.ndarray:
    r"""How much selective sampling lowers the variance of the error estimate.

    .. math::
        \operatorname{var}(\hat\varepsilon) - \operatorname{var}(\hat\varepsilon')
        = \frac1N\sum_{i=1}^{c} P_i(\varepsilon_i - \varepsilon)^2
        = \frac1N\sum_{i<j} P_iP_j(\varepsilon_i - \varepsilon_j)^2 \ \ge 0,

    with :math:`\varepsilon = \sum_i P_i\varepsilon_i`; for two classes
    :math:`P_1P_2(\varepsilon_1-\varepsilon_2)^2/N`. It is zero exactly when every class
    with a positive prior has the same error rate. Computed in the first form, a sum of
    squares, so it is never negative through rounding.

    Parameters
    ----------
    class_errors, priors, n
        As in :func:`stratified_variance`.

    Returns
    -------
    float or ndarray
        ``var(random) - var(selective)``, >= 0, broadcast over ``n``.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.selective_variance_gap([0.1, 0.3], [0.5, 0.5], 100)
    0.0001
    """
    e, p = _class_errors_and_priors(class_errors, priors)
    n_arr = check_array("n", n, kind="int", low=1, min_rows=0)
    # Shift by the error of a class with positive prior before centring: the gap is
    # shift-invariant, and equal errors then give exactly 0 even when the float priors
    # sum to 1 only up to rounding (ten priors of 0.1 sum to 0.9999999999999999).
    d = e - e[np.argmax(p)]
    return _scalar_or_array(float(p @ (d - p @ d) ** 2) / n_arr)


def proportional_allocation(n: int, priors: ArrayLike) -> np.ndarray:
    """Split ``n`` test samples over classes in proportion to ``priors``.

    Largest-remainder rounding: the sizes sum to ``n`` and each is ``floor(P_i n)`` or
    one more. Remainders equal up to round-off (within ``1e-12 n``: ``0.7 * 5`` is
    ``3.4999999999999996`` in floating point) count as tied, and ties go to the earlier
    class, so ``proportional_allocation(5, [0.7, 0.3])`` is ``[4, 1]`` on every machine.

    Parameters
    ----------
    n : int
        Total test samples, >= 0.
    priors : array_like, shape (c,)
        Class priors, non-negative, summing to 1.

    Returns
    -------
    ndarray of int, shape (c,)
        Samples per class, summing to ``n``.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.proportional_allocation(10, [0.25, 0.25, 0.5]).tolist()
    [3, 2, 5]
    >>> pe.proportional_allocation(5, [0.7, 0.3]).tolist()
    [4, 1]
    """
    n = check_scalar("n", n, int, low=1)
    p = check_priors(priors)
    exact = p * n
    sizes = np.floor(exact).astype(np.int64)
    short = n - int(sizes.sum())
    # largest remainder first; remainders within round-off of each other are tied and
    # keep class order (exact can be off by ~n * 2**-52, hence scale=n)
    order = argsort_tied(-(exact - sizes), scale=n)
    sizes[order[:short]] += 1
    return sizes


def coverage_probability(
    error: float,
    n: int,
    *,
    confidence_level: float = 0.95,
    method: Literal["wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"] = "wilson",
) -> float:
    r"""Exact coverage of an interval method: :math:`\sum_k P(k)\,[\varepsilon \in CI(k)]`.

    Sums the Binomial(n, error) probabilities of the counts whose interval contains
    ``error``. O(n).

    Parameters
    ----------
    error : float
        True error rate in [0, 1].
    n : int
        Test-set size, >= 1.
    confidence_level : float, default 0.95
        In (0, 1).
    method : {"wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"}, default "wilson"
        As in :func:`binomial_interval`.

    Returns
    -------
    float
        Probability that the interval built from ``k ~ Binomial(n, error)`` contains ``error``.

    Examples
    --------
    >>> import patterneval as pe
    >>> round(pe.coverage_probability(0.05, 30, method="wald"), 4)
    0.7821
    """
    eps = check_scalar("error", error, float, low=0, high=1)
    n = check_scalar("n", n, int, low=1)
    level = check_scalar(
        "confidence_level", confidence_level, float, low=0, high=1, closed="neither"
    )
    method = check_choice("method", method, INTERVAL_METHODS)
    k = np.arange(n + 1)
    low, high = _interval(k, n, level, method)
    covered = (low <= eps) & (eps <= high)
    return float(stats.binom.pmf(k, n, eps)[covered].sum())


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_counts(k, n, *, k_name: str = "k", n_name: str = "n", same_length: bool = False):
    """Error counts ``k`` out of ``n`` trials: whole numbers with 0 <= k <= n and n >= 1,
    of one length if ``same_length`` (then vectors, one entry per class: a 2-d array is
    refused rather than broadcast), else broadcasting. Returns the two as broadcast int64
    arrays (0-d for scalars)."""
    if same_length:
        k_arr = np.atleast_1d(check_array(k_name, k, kind="int", low=0, min_rows=0))
        n_arr = np.atleast_1d(check_array(n_name, n, kind="int", low=1, min_rows=0))
        for name, arr in ((k_name, k_arr), (n_name, n_arr)):
            if arr.ndim != 1:
                raise fail(
                    name,
                    "a 1-d array of counts, one per class",
                    f"an array of shape {arr.shape}",
                    echo=False,
                )
        check_same_length(k_name, k_arr, n_name, n_arr)
    else:
        k_arr = check_array(k_name, k, kind="int", low=0, min_rows=0)
        n_arr = check_array(n_name, n, kind="int", low=1, min_rows=0)
    try:
        k_arr, n_arr = np.broadcast_arrays(k_arr, n_arr)
    except ValueError:
        raise fail(
            n_name,
            f"of the shape of {k_name}, {np.shape(k)}, or broadcastable to it",
            f"shape {np.shape(n)}",
            echo=False,
        ) from None
    if np.any(k_arr > n_arr):
        raise fail(
            k_name,
            f"at most {n_name} (errors among the test samples)",
            f"{k_name}={show(k)}, {n_name}={show(n)}",
            echo=False,
        )
    return k_arr, n_arr


def check_priors(priors, *, size: int | None = None, size_name: str = "class_errors") -> np.ndarray:
    """Class priors: a 1-d array of non-negative numbers summing to 1, one per class."""
    arr = check_array("priors", priors, ndim=1, low=0, n=size, n_name=size_name)
    if not np.isclose(arr.sum(), 1.0, rtol=0, atol=1e-9):
        raise fail(
            "priors",
            "class probabilities summing to 1",
            f"{show(priors)} (sum {arr.sum():.12g})",
            echo=False,
        )
    return arr
