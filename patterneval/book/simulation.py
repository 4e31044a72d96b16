"""Checking a formula against a seeded Monte Carlo, with a tolerance from its standard error.

Every chapter's "check by simulation" cells, and many tests, compare a formula with the
mean or the variance of simulated replicates. The tolerance is never a magic number: it
is a multiple (4 by default) of the Monte Carlo standard error of the simulated value,
estimated from the replicates themselves.

That standard error must exist: replicates with no spread (all equal, so a standard error
of 0) are accepted only when the simulated value equals the formula exactly (z = 0); when
they differ, z would be infinite and the check raises a ValueError instead of reporting
``z = inf``. So does a z that overflows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike

from .._results import Result
from .._validation import check_array, check_scalar, fail

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
        ``(simulated - formula) / std_error`` (0 when both agree exactly; a standard error
        of 0 with values that differ is refused, as z would be infinite).
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


def _check(
    label, formula, simulated, std_error, n_se, *, source="std_error", apart="formula"
) -> SimulationCheck:
    """The common checks of every check_* helper: a string label, finite formula and
    simulated value, a finite std_error >= 0 (an infinite or NaN one would make every
    comparison pass or fail silently) and a finite n_se > 0.

    z needs a warrant too. A standard error of 0 gives z = 0 when the simulated value
    equals the formula exactly; when they differ it is refused (ValueError naming
    ``source``, the argument the standard error came from), since z would be infinite and
    a tolerance of n_se standard errors would be no tolerance at all. A z that overflows
    (values more than ~1e308 standard errors apart) is refused too, naming ``apart``."""
    if not isinstance(label, str):
        raise fail("label", "a string", label, error=TypeError)
    formula = _number("formula", formula)
    simulated = _number("simulated", simulated)
    std_error = _number("std_error", std_error, low=0)
    n_se = _number("n_se", n_se, low=0, closed="neither")
    with np.errstate(over="ignore"):
        diff = simulated - formula
        z = 0.0 if diff == 0 else (diff / std_error if std_error > 0 else np.inf)
    if diff != 0 and std_error == 0:
        expected = (
            "> 0"
            if source == "std_error"
            else (
                "replicates with a Monte Carlo standard error > 0 (not all equal; for a variance, not "
                "two values equally often, e.g. two replicates)"
            )
        )
        raise fail(
            source,
            f"{expected} when the simulated value differs from formula",
            f"a standard error of 0 with simulated {simulated:.6g} and formula {formula:.6g}",
            echo=False,
            hint="z = (simulated - formula) / 0 would be infinite: with no spread there is "
            "no tolerance to compare within. Simulate more (or varied) replicates, or "
            "compare the values exactly.",
        )
    if not np.isfinite(z):
        raise fail(
            apart,
            "within a finite number of standard errors of the simulated value",
            f"formula {formula:.6g} and simulated {simulated:.6g} with a standard error of "
            f"{std_error:.3g}, so that z overflows",
            echo=False,
        )
    return SimulationCheck(
        label, formula, simulated, std_error, float(z), float(n_se), bool(abs(z) <= n_se)
    )


def _variance_and_se(x, name):
    """Sample variance (denominator R - 1) and its delta-method standard error;
    replicates whose moments overflow (a fourth power of 1e80) are refused."""
    with np.errstate(over="ignore", invalid="ignore"):
        centred = x - x.mean()
        m2 = np.mean(centred**2)
        m4 = np.mean(centred**4)
        variance, se = x.var(ddof=1), np.sqrt(max(m4 - m2 * m2, 0.0) / x.size)
    if not (np.isfinite(variance) and np.isfinite(se) and np.isfinite(m4)):
        raise fail(
            name,
            "replicates whose fourth central moment is finite in double precision "
            "(for the standard error of their variance)",
            f"replicates spread over {np.ptp(x):.3g}",
            echo=False,
        )
    return variance, se


def _replicates(samples, name="samples") -> np.ndarray:
    """At least two finite replicates (numbers or booleans) in a 1-d array."""
    return check_array(name, samples, ndim=1, min_rows=2, shape_hint="(Monte Carlo replicates)")


def check_mean(
    samples: ArrayLike, formula: float, *, label: str = "mean", n_se: float = 4.0
) -> SimulationCheck:
    r"""Compare the mean of replicates with a formula; SE = :math:`s/\sqrt{R}`.

    Parameters
    ----------
    samples : array_like, shape (R,)
        Replicates of the simulated quantity, R >= 2, finite; not all equal unless their
        mean equals ``formula`` exactly (their standard error would be 0: ValueError).
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
    >>> import numpy as np
    >>> from patterneval.book.simulation import check_mean
    >>> draws = np.random.default_rng(0).binomial(50, 0.2, size=20_000) / 50
    >>> check_mean(draws, 0.2).passed
    True
    """
    x = _replicates(samples)
    with np.errstate(over="ignore", invalid="ignore"):
        mean, se = x.mean(), x.std(ddof=1) / np.sqrt(x.size)
    if not (np.isfinite(mean) and np.isfinite(se)):  # squares (or the sum) beyond ~1e308
        raise fail(
            "samples",
            "replicates whose mean and variance are finite in double precision",
            f"replicates spread over {np.ptp(x):.3g}",
            echo=False,
        )
    return _check(label, formula, mean, se, n_se, source="samples")


def check_variance(
    samples: ArrayLike,
    formula: float,
    *,
    label: str = "variance",
    n_se: float = 4.0,
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

    Raises
    ------
    ValueError
        If the standard error is 0 (e.g. all replicates equal, or two values equally
        often) and the sample variance differs from ``formula``, or if the fourth moment
        overflows.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.book.simulation import check_variance
    >>> draws = np.random.default_rng(1).binomial(50, 0.2, size=20_000) / 50
    >>> check_variance(draws, 0.2 * 0.8 / 50).passed
    True
    """
    variance, se = _variance_and_se(_replicates(samples), "samples")
    return _check(label, formula, variance, se, n_se, source="samples")


def check_variance_difference(
    samples_a: ArrayLike,
    samples_b: ArrayLike,
    formula: float,
    *,
    label: str = "variance gap",
    n_se: float = 4.0,
) -> SimulationCheck:
    r"""Compare ``var(samples_a) - var(samples_b)`` with a formula.

    The two sets of replicates are independent, so the standard error of the difference
    is :math:`\sqrt{se_a^2 + se_b^2}`, each from :func:`check_variance`.

    Parameters
    ----------
    samples_a, samples_b : array_like, shape (R_a,) and (R_b,)
        Independent replicates of two quantities, each R >= 2, finite (a combined
        standard error of 0 with a difference from ``formula`` raises, as in
        :func:`check_variance`).
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
    >>> import numpy as np
    >>> from patterneval.book.simulation import check_variance_difference
    >>> rng = np.random.default_rng(3)
    >>> a, b = rng.normal(0, 2, 50_000), rng.normal(0, 1, 50_000)
    >>> check_variance_difference(a, b, 3.0).passed
    True
    """
    var_a, se_a = _variance_and_se(_replicates(samples_a, "samples_a"), "samples_a")
    var_b, se_b = _variance_and_se(_replicates(samples_b, "samples_b"), "samples_b")
    return _check(
        label, formula, var_a - var_b, np.hypot(se_a, se_b), n_se, source="samples_a and samples_b"
    )


def check_value(
    simulated: float,
    std_error: float,
    formula: float,
    *,
    label: str = "value",
    n_se: float = 4.0,
) -> SimulationCheck:
    """Compare a simulated value whose standard error is already known with a formula.

    For simulators that report their own standard error, such as
    :func:`patterneval.book.error_rate.simulate_coverage`. ``simulated``, ``std_error`` and ``formula``
    must be finite (``std_error >= 0``): an infinite standard error would pass any
    formula, so it is refused with a ValueError, as is NaN. ``std_error = 0`` is accepted
    only when ``simulated == formula`` (z = 0); otherwise z would be infinite, and it
    raises a ValueError.

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
    >>> from patterneval.book.simulation import check_value
    >>> check_value(0.951, 0.002, 0.95).passed
    True
    """
    return _check(label, formula, simulated, std_error, n_se, apart="simulated and formula")


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
    >>> from patterneval.book.simulation import check_mean, format_checks
    >>> print(format_checks([check_mean([0.0, 1.0, 0.0, 1.0], 0.5, label="p")]))
    quantity    formula  simulated   MC s.e.      z  |z|<=4
    p               0.5        0.5     0.289   0.00  yes
    """
    if isinstance(checks, (str, bytes, SimulationCheck)) or not hasattr(checks, "__iter__"):
        raise fail("checks", "a list of SimulationCheck results", checks, error=TypeError)
    checks = list(checks)
    if not checks:
        raise fail(
            "checks", "a non-empty list of SimulationCheck results", "an empty list", echo=False
        )
    for i, c in enumerate(checks):
        if not isinstance(c, SimulationCheck):
            raise fail(
                f"checks[{i}]",
                "a SimulationCheck (from check_mean, check_value, ...)",
                type(c).__name__,
                error=TypeError,
                echo=False,
            )
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
