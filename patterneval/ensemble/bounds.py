r"""Why majority voting helps: the exact error of T independent voters, Hoeffding's bound,
and what happens to both once the voters' errors are correlated.

Setting (chapter "Why ensembles work"). A binary problem; T base classifiers (voters), each wrong
on a random example with probability :math:`\varepsilon`; the ensemble predicts the
majority label. Let :math:`K` be the number of wrong voters. With independent errors
:math:`K \sim \mathrm{Binomial}(T, \varepsilon)` and the ensemble is wrong when more than
half are wrong. For even T a tie :math:`K = T/2` is possible; two rules are offered:

* ``ties="coin"`` (default): a tie is broken by a fair coin, so the error is
  :math:`P(K > T/2) + \tfrac12 P(K = T/2)`;
* ``ties="error"``: a tie counts as an error (``sign(0) = 0`` is neither label), so the
  error is :math:`P(K \ge T/2)` -- the sum written in the chapter.

For odd T the two agree: :math:`P(K \ge (T+1)/2)`.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from scipy import special

from .._validation import check_array, check_choice, fail

__all__ = [
    "TIE_RULES",
    "correlated_vote_error",
    "hoeffding_bound",
    "majority_vote_error",
]

#: How a tie of an even number of voters is scored: broken by a fair coin, or an error.
TIE_RULES = ("coin", "error")

_TIE_WEIGHT = {"coin": 0.5, "error": 1.0}


def _scalar_or_array(x):
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x


def _tail(eps, T, tie_weight):
    """P(K > T/2) + tie_weight * P(K = T/2) for K ~ Binomial(T, eps), broadcast."""
    m = T // 2 + 1  # smallest strict majority of wrong voters
    # P(K >= m) = I_eps(m, T - m + 1), the regularised incomplete beta function
    strict = special.betainc(m, T - m + 1, eps)
    half = T / 2
    log_pmf = (
        special.gammaln(T + 1)
        - 2 * special.gammaln(half + 1)
        + special.xlogy(half, eps)
        + special.xlog1py(half, -eps)
    )
    tie = np.where(T % 2 == 0, np.exp(log_pmf), 0.0)
    return np.clip(strict + tie_weight * tie, 0.0, 1.0)


def majority_vote_error(
    error: ArrayLike, n_voters: ArrayLike, *, ties: Literal["coin", "error"] = "coin"
) -> float | np.ndarray:
    r"""Exact error of a majority vote of ``n_voters`` independent voters, each wrong with
    probability ``error``.

    .. math::

        P(H(x) \ne f(x)) = \sum_{k > T/2} \binom{T}{k} \varepsilon^k (1-\varepsilon)^{T-k}
        \;+\; w \binom{T}{T/2} \varepsilon^{T/2}(1-\varepsilon)^{T/2}\,[T \text{ even}],

    with :math:`w = 1/2` for ``ties="coin"`` and :math:`w = 1` for ``ties="error"``.
    The strict tail is evaluated as the regularised incomplete beta function
    :math:`I_\varepsilon(\lfloor T/2\rfloor + 1, T - \lfloor T/2\rfloor)`. Lower is better.
    With ``ties="coin"`` an even ensemble is exactly as good as the odd one with one voter
    fewer: the error at :math:`T = 2m` equals the error at :math:`T = 2m - 1`.

    Parameters
    ----------
    error : float or array_like
        Each voter's error rate :math:`\varepsilon \in [0, 1]`.
    n_voters : int or array_like of int
        Ensemble size :math:`T \ge 1`; broadcast against ``error``.
    ties : {"coin", "error"}, keyword-only
        How a tie (even T, exactly half wrong) is scored; see the module docstring.

    Returns
    -------
    float or ndarray
        The majority-vote error, broadcast shape of the inputs.

    Notes
    -----
    :math:`O(1)` special-function calls per entry, independent of T.

    References
    ----------
    .. [1] L. K. Hansen and P. Salamon, "Neural network ensembles," IEEE TPAMI 12(10),
       993-1001, 1990. doi:10.1109/34.58871
    .. [2] L. I. Kuncheva, *Combining Pattern Classifiers*, 2nd ed., Wiley, 2014,
       section 4.2. doi:10.1002/9781118914564

    Examples
    --------
    >>> from patterneval.ensemble.bounds import majority_vote_error
    >>> round(majority_vote_error(0.3, 3), 6)  # 3 * 0.3**2 * 0.7 + 0.3**3
    0.216
    >>> majority_vote_error(0.3, [1, 2, 21]).round(4)
    array([0.3   , 0.3   , 0.0264])
    """
    ties = check_choice("ties", ties, TIE_RULES)
    eps, T = check_vote_arguments(error=error, n_voters=n_voters)
    return _scalar_or_array(_tail(eps, T, _TIE_WEIGHT[ties]))


def hoeffding_bound(error: ArrayLike, n_voters: ArrayLike) -> float | np.ndarray:
    r"""Hoeffding's upper bound :math:`\exp(-T(1 - 2\varepsilon)^2 / 2)` on the error of a
    majority vote of T independent voters with error rate :math:`\varepsilon \le 1/2`.

    Derivation. Let :math:`Z_i \in \{0, 1\}` say whether voter i is wrong and
    :math:`K = \sum_i Z_i`, so :math:`E K = T\varepsilon`. Hoeffding's inequality for
    independent variables with values in [0, 1] states
    :math:`P(K - E K \ge t) \le \exp(-2t^2/T)` for every :math:`t > 0`. Whatever the tie
    rule, a wrong majority needs :math:`K \ge T/2`, i.e.
    :math:`K - T\varepsilon \ge T(1/2 - \varepsilon)`. For :math:`\varepsilon < 1/2` take
    :math:`t = T(1/2 - \varepsilon) > 0`:

    .. math::

        P(H(x) \ne f(x)) \le P(K \ge T/2)
        \le \exp\!\Big(-\frac{2T^2(1/2-\varepsilon)^2}{T}\Big)
        = \exp\!\Big(-\frac{T(1-2\varepsilon)^2}{2}\Big).

    At :math:`\varepsilon = 1/2` the expression is 1 (trivially true). For
    :math:`\varepsilon > 1/2` the step above needs :math:`t < 0` and fails: the expression
    still decays in T while the true error tends to 1, so it is **not** a bound there and
    this function returns the trivial bound 1. The independence of the :math:`Z_i` is
    used; with correlated voters the bound can fail (see :func:`correlated_vote_error`).

    Parameters
    ----------
    error : float or array_like
        Each voter's error rate in [0, 1].
    n_voters : int or array_like of int
        Ensemble size :math:`T \ge 1`; broadcast against ``error``.

    Returns
    -------
    float or ndarray
        The bound (1 where ``error >= 1/2``). Lower is a stronger guarantee.

    Notes
    -----
    :math:`O(1)` per entry.

    References
    ----------
    .. [1] W. Hoeffding, "Probability inequalities for sums of bounded random variables,"
       JASA 58(301), 13-30, 1963. doi:10.1080/01621459.1963.10500830
    .. [2] Z.-H. Zhou, *Ensemble Methods: Foundations and Algorithms*, CRC Press, 2012,
       section 1.3. doi:10.1201/b12207

    Examples
    --------
    >>> from patterneval.ensemble.bounds import hoeffding_bound, majority_vote_error
    >>> round(hoeffding_bound(0.3, 21), 4), round(majority_vote_error(0.3, 21), 4)
    (0.1864, 0.0264)
    >>> float(hoeffding_bound(0.7, 21))  # not a bound for error > 1/2
    1.0
    """
    eps, T = check_vote_arguments(error=error, n_voters=n_voters)
    value = np.where(eps < 0.5, np.exp(-T * (1 - 2 * eps) ** 2 / 2), 1.0)
    return _scalar_or_array(value)


def correlated_vote_error(
    error: ArrayLike,
    n_voters: ArrayLike,
    correlation: ArrayLike,
    *,
    ties: Literal["coin", "error"] = "coin",
) -> float | np.ndarray:
    r"""Exact majority-vote error of T voters whose errors share a common cause.

    The shared-cause ("copy") model with correlation :math:`\rho`: with probability
    :math:`\rho` the example is "shared" and every voter copies one common outcome
    :math:`B \sim \mathrm{Bernoulli}(\varepsilon)` (all wrong or all right together); with
    probability :math:`1-\rho` the voters err independently, each with probability
    :math:`\varepsilon`. Then

    * each voter's error rate is still :math:`\rho\varepsilon + (1-\rho)\varepsilon = \varepsilon`;
    * two voters are both wrong with probability :math:`\rho\varepsilon + (1-\rho)\varepsilon^2`,
      so their errors have covariance :math:`\rho\varepsilon(1-\varepsilon)` and
      correlation exactly :math:`\rho` (for :math:`0 < \varepsilon < 1`);
    * the majority is wrong in the shared branch exactly when :math:`B = 1` (then all T
      are wrong, more than half), so

    .. math::

        P(H(x) \ne f(x)) = \rho\,\varepsilon + (1-\rho)\,P_{\text{indep}}(\varepsilon, T),

    with :math:`P_{\text{indep}}` from :func:`majority_vote_error`. As T grows this tends
    to :math:`\rho\varepsilon`, not 0, so it exceeds :func:`hoeffding_bound` for large T
    whenever :math:`\rho\varepsilon > 0`. Lower is better.

    Parameters
    ----------
    error : float or array_like
        Each voter's error rate in [0, 1].
    n_voters : int or array_like of int
        Ensemble size :math:`T \ge 1`.
    correlation : float or array_like
        :math:`\rho \in [0, 1]`, the pairwise correlation of two voters' errors.
    ties : {"coin", "error"}, keyword-only
        Tie rule for even T (as in :func:`majority_vote_error`).

    Returns
    -------
    float or ndarray
        Broadcast over the three inputs.

    Notes
    -----
    :math:`O(1)` per entry.

    References
    ----------
    .. [1] L. I. Kuncheva, C. J. Whitaker, C. A. Shipp and R. P. W. Duin, "Limits on the
       majority vote accuracy in classifier fusion," Pattern Analysis and Applications
       6, 22-31, 2003. doi:10.1007/s10044-002-0173-7

    Examples
    --------
    >>> from patterneval.ensemble.bounds import correlated_vote_error, hoeffding_bound
    >>> round(correlated_vote_error(0.3, 21, 0.2), 4), round(hoeffding_bound(0.3, 21), 4)
    (0.0811, 0.1864)
    >>> round(correlated_vote_error(0.3, 51, 0.2), 4), round(hoeffding_bound(0.3, 51), 4)
    (0.0611, 0.0169)
    """
    ties = check_choice("ties", ties, TIE_RULES)
    eps, T, rho = check_vote_arguments(error=error, n_voters=n_voters, correlation=correlation)
    return _scalar_or_array(rho * eps + (1 - rho) * _tail(eps, T, _TIE_WEIGHT[ties]))


# ---- input checks of this module, in the vocabulary of patterneval._validation

#: The arguments of the vote-error functions: probabilities in [0, 1] and ensemble sizes >= 1,
#: each a number or an array (empty allowed), broadcast together.
_ARRAYS: dict[str, dict[str, Any]] = {
    "error": dict(low=0, high=1),
    "correlation": dict(low=0, high=1),
    "n_voters": dict(kind="int", low=1),
}


def check_vote_arguments(**arrays) -> list:
    """Check each named argument (see ``_ARRAYS``) and broadcast them together; a shape clash
    names every argument and shape."""
    checked = {
        name: check_array(name, value, min_rows=0, **_ARRAYS[name])
        for name, value in arrays.items()
    }
    try:
        return list(np.broadcast_arrays(*checked.values()))
    except ValueError:
        shapes = ", ".join(f"{name} {a.shape}" for name, a in checked.items())
        raise fail(
            " and ".join(arrays),
            "arrays that broadcast to one shape",
            f"shapes {shapes}",
            echo=False,
        ) from None
