"""Checking a formula against a seeded Monte Carlo, with a tolerance from its standard error.

Every chapter's "check by simulation" cells, and many tests, compare a formula with the
mean or the variance of simulated replicates. The tolerance is never a magic number: it
is a multiple (4 by default) of the Monte Carlo standard error of the simulated value,
estimated from the replicates themselves.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike

from ._results import Result
from ._validation import check_array, check_scalar, fail

__all__ = [
    "SimulationCheck",
    "check_mean",
    "check_value",
    "check_variance",
    "check_variance_difference",
    "format_checks",
]


@dataclasses.dataclass(frozen=True, repr=False)
class SimulationCheck(Result):
    """A formula's value beside its Monte Carlo estimate.

    Attributes
    ----------
    label : str
        What is compared.
    formula : float
        The value the derivation gives.
    simulated : float
        The Monte Carlo estimate.
    std_error : float
        Monte Carlo standard error of ``simulated``.
    z : float
        ``(simulated - formula) / std_error`` (0 when both agree exactly).
    n_se : float
        The tolerance, in standard errors.
    passed : bool
        ``|z| <= n_se``.
    """

    label: str
    formula: float
    simulated: float
    std_error: float
    z: float
    n_se: float
    passed: bool


def _number(name, value, **bounds) -> float:
    """A finite real number (in ``bounds``, as :func:`check_scalar`); a numpy scalar or
    0-d array is accepted too."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    return check_scalar(name, value, float, **bounds)


def _check(label, formula, simulated, std_error, n_se) -> SimulationCheck:
    """The common checks of every check_* helper: a string label, finite formula and
    simulated value, a finite std_error >= 0 (an infinite or NaN one would make every
    comparison pass or fail silently) and a finite n_se > 0."""
    if not isinstance(label, str):
        raise fail("label", "a string", label, error=TypeError)
    formula = _number("formula", formula)
    simulated = _number("simulated", simulated)
    std_error = _number("std_error", std_error, low=0)
    n_se = _number("n_se", n_se, low=0, closed="neither")
    diff = simulated - formula
    z = 0.0 if diff == 0 else (diff / std_error if std_error > 0 else np.copysign(np.inf, diff))
    return SimulationCheck(label, formula, simulated, std_error, float(z), float(n_se), bool(abs(z) <= n_se))


def _replicates(samples, name="samples") -> np.ndarray:
    """At least two finite replicates (numbers or booleans) in a 1-d array."""
    return check_array(name, samples, ndim=1, min_rows=2, shape_hint="(Monte Carlo replicates)")


def check_mean(samples: ArrayLike, formula: float, *, label: str = "mean", n_se: float = 4.0) -> SimulationCheck:
    r"""Compare the mean of replicates with a formula; SE = :math:`s/\sqrt{R}`.

    Parameters
    ----------
    samples : array_like, shape (R,)
        Replicates of the simulated quantity, R >= 2, finite.
    formula : float
        The value the derivation gives for their mean.
    label : str, default "mean"
        What is compared (the row's name in :func:`format_checks`).
    n_se : float, default 4.0
        Tolerance in standard errors, > 0.

    Returns
    -------
    SimulationCheck
        The comparison; ``passed`` is ``|z| <= n_se``.

    Examples
    --------
    >>> import numpy as np, patterneval as pe
    >>> draws = np.random.default_rng(0).binomial(50, 0.2, size=20_000) / 50
    >>> pe.simulation.check_mean(draws, 0.2).passed
    True
    """
    x = _replicates(samples)
    return _check(label, formula, x.mean(), x.std(ddof=1) / np.sqrt(x.size), n_se)


def check_variance(
    samples: ArrayLike, formula: float, *, label: str = "variance", n_se: float = 4.0,
) -> SimulationCheck:
    r"""Compare the sample variance of replicates with a formula.

    The standard error of the sample variance is
    :math:`\sqrt{(m_4 - m_2^2)/R}`, with :math:`m_2, m_4` the second and fourth central
    sample moments (the delta method; exact to first order for any distribution with a
    fourth moment, so no normality is assumed).

    Parameters
    ----------
    samples : array_like, shape (R,)
        As in :func:`check_mean`.
    formula : float
        The value the derivation gives for their variance.
    label : str, default "variance"
    n_se : float, default 4.0
        As in :func:`check_mean`.

    Returns
    -------
    SimulationCheck
        The comparison of the sample variance (denominator R - 1) with ``formula``.

    Examples
    --------
    >>> import numpy as np, patterneval as pe
    >>> draws = np.random.default_rng(1).binomial(50, 0.2, size=20_000) / 50
    >>> pe.simulation.check_variance(draws, 0.2 * 0.8 / 50).passed
    True
    """
    x = _replicates(samples)
    centred = x - x.mean()
    m2 = np.mean(centred**2)
    m4 = np.mean(centred**4)
    return _check(label, formula, x.var(ddof=1), np.sqrt(max(m4 - m2 * m2, 0.0) / x.size), n_se)


def check_variance_difference(samples_a: ArrayLike, samples_b: ArrayLike, formula: float, *,
                              label: str = "variance gap", n_se: float = 4.0) -> SimulationCheck:
    r"""Compare ``var(samples_a) - var(samples_b)`` with a formula.

    The two sets of replicates are independent, so the standard error of the difference
    is :math:`\sqrt{se_a^2 + se_b^2}`, each from :func:`check_variance`.

    Parameters
    ----------
    samples_a, samples_b : array_like, shape (R_a,) and (R_b,)
        Independent replicates of two quantities, each R >= 2, finite.
    formula : float
        The value the derivation gives for ``var(a) - var(b)``.
    label : str, default "variance gap"
    n_se : float, default 4.0
        As in :func:`check_mean`.

    Returns
    -------
    SimulationCheck
        The comparison of the difference of the sample variances with ``formula``.

    Examples
    --------
    >>> import numpy as np, patterneval as pe
    >>> rng = np.random.default_rng(3)
    >>> a, b = rng.normal(0, 2, 50_000), rng.normal(0, 1, 50_000)
    >>> pe.simulation.check_variance_difference(a, b, 3.0).passed
    True
    """
    var_a = check_variance(_replicates(samples_a, "samples_a"), 0.0)
    var_b = check_variance(_replicates(samples_b, "samples_b"), 0.0)
    return _check(label, formula, var_a.simulated - var_b.simulated, np.hypot(var_a.std_error, var_b.std_error), n_se)


def check_value(
    simulated: float, std_error: float, formula: float, *, label: str = "value", n_se: float = 4.0,
) -> SimulationCheck:
    """Compare a simulated value whose standard error is already known with a formula.

    For simulators that report their own standard error, such as
    :func:`patterneval.errorrate.simulate_coverage`. ``simulated``, ``std_error`` and ``formula``
    must be finite (``std_error >= 0``): an infinite standard error would pass any
    formula, so it is refused with a ValueError, as is NaN.

    Parameters
    ----------
    simulated : float
        The Monte Carlo estimate.
    std_error : float
        Its standard error, finite and >= 0.
    formula : float
        The value the derivation gives.
    label : str, default "value"
    n_se : float, default 4.0
        As in :func:`check_mean`.

    Returns
    -------
    SimulationCheck
        As in :func:`check_mean`.

    Examples
    --------
    >>> import patterneval as pe
    >>> pe.simulation.check_value(0.951, 0.002, 0.95).passed
    True
    """
    return _check(label, formula, simulated, std_error, n_se)


def format_checks(checks: Iterable[SimulationCheck]) -> str:
    """A plain-text table of :class:`SimulationCheck` rows, for a notebook's output.

    Parameters
    ----------
    checks : iterable of SimulationCheck
        The rows, in order.

    Returns
    -------
    str
        One header line and one line per check (quantity, formula, simulated value, Monte
        Carlo standard error, z and whether ``|z| <= n_se``).

    Examples
    --------
    >>> import patterneval as pe
    >>> print(pe.simulation.format_checks([pe.simulation.check_mean([0.0, 1.0, 0.0, 1.0], 0.5, label="p")]))
    quantity    formula  simulated   MC s.e.      z  |z|<=4
    p               0.5        0.5     0.289   0.00  yes
    """
    if isinstance(checks, (str, bytes, SimulationCheck)) or not hasattr(checks, "__iter__"):
        raise fail("checks", "a list of SimulationCheck results", checks, error=TypeError)
    checks = list(checks)
    if not checks:
        raise fail("checks", "a non-empty list of SimulationCheck results", "an empty list", echo=False)
    for i, c in enumerate(checks):
        if not isinstance(c, SimulationCheck):
            raise fail(f"checks[{i}]", "a SimulationCheck (from check_mean, check_value, ...)",
                       type(c).__name__, error=TypeError, echo=False)
    same = len({c.n_se for c in checks}) == 1
    w = max(8, *(len(c.label) for c in checks))
    last = f"|z|<={checks[0].n_se:g}" if same else "|z|<=n_se"
    rows = [f"{'quantity':<{w}} {'formula':>10} {'simulated':>10} {'MC s.e.':>9} {'z':>6}  {last}"]
    for c in checks:
        verdict = "yes" if c.passed else "NO"
        rows.append(
            f"{c.label:<{w}} {c.formula:>10.6g} {c.simulated:>10.6g} {c.std_error:>9.3g} {c.z:>6.2f}  "
            f"{verdict if same else f'{verdict} ({c.n_se:g})'}"
        )
    return "\n".join(rows)
