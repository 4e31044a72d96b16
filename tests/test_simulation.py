"""The Monte Carlo checks: their standard errors are right, and they catch wrong formulas."""

import numpy as np
import pytest
from _helpers import assert_rejects

from patterneval.book import simulation


def test_mean_standard_error_matches_spread_of_batch_means():
    rng = np.random.default_rng(0)
    batches = rng.binomial(40, 0.1, size=(400, 2_000)) / 40
    reported = np.mean([simulation.check_mean(b, 0.1).std_error for b in batches])
    actual = batches.mean(axis=1).std(ddof=1)
    # the spread of 400 batch means is itself known to about 1/sqrt(2 * 399) = 3.5 %
    assert reported == pytest.approx(actual, rel=4 * 0.035)


def test_variance_standard_error_matches_spread_of_batch_variances():
    rng = np.random.default_rng(1)
    # a skewed law (small eps), where the normal-theory s.e. sigma^2 sqrt(2/R) would be wrong
    batches = rng.binomial(30, 0.01, size=(400, 2_000)) / 30
    reported = np.mean([simulation.check_variance(b, 0.0).std_error for b in batches])
    actual = batches.var(axis=1, ddof=1).std(ddof=1)
    assert reported == pytest.approx(actual, rel=4 * 0.035)
    normal_theory = np.mean(batches.var(axis=1, ddof=1)) * np.sqrt(2 / 2_000)
    assert abs(normal_theory - actual) / actual > 0.2


def test_checks_pass_the_right_formula_and_reject_a_wrong_one():
    rng = np.random.default_rng(2)
    draws = rng.binomial(100, 0.2, size=100_000) / 100
    assert simulation.check_mean(draws, 0.2).passed
    assert simulation.check_variance(draws, 0.2 * 0.8 / 100).passed
    assert not simulation.check_mean(draws, 0.205).passed
    assert not simulation.check_variance(draws, 0.2 * 0.8 / 90).passed  # N off by 10 %


def test_variance_difference_and_value():
    rng = np.random.default_rng(3)
    a, b = rng.normal(0, 2, 100_000), rng.normal(0, 1, 100_000)
    check = simulation.check_variance_difference(a, b, 3.0, label="gap")
    assert check.passed and check.label == "gap"
    assert check.std_error == pytest.approx(
        np.hypot(
            simulation.check_variance(a, 0).std_error, simulation.check_variance(b, 0).std_error
        )
    )
    assert not simulation.check_variance_difference(a, b, 2.8).passed
    exact = simulation.check_value(0.5, 0.0, 0.5)
    assert exact.passed and exact.z == 0.0
    assert simulation.check_mean([0.3, 0.3, 0.3], 0.3).z == 0.0


@pytest.mark.parametrize(
    "call, name",
    [
        # a standard error of 0 would make z infinite (no tolerance at all)
        (lambda: simulation.check_value(0.6, 0.0, 0.5), "std_error"),
        (lambda: simulation.check_mean([0.3, 0.3, 0.3], 0.2), "samples"),
        (
            lambda: simulation.check_variance([0.0, 1.0, 0.0, 1.0], 0.3),
            "samples",
        ),  # balanced: delta-method s.e. 0
        (
            lambda: simulation.check_variance_difference([1.0] * 3, [2.0] * 3, 0.5),
            "samples_a and samples_b",
        ),
    ],
)
def test_zero_standard_error_with_a_difference_is_refused(call, name):
    assert_rejects(
        ValueError,
        rf"^{name} must be .* when the simulated value differs from formula; got a "
        r"standard error of 0",
        call,
    )


@pytest.mark.parametrize(
    "call, pattern",
    [
        (
            lambda: simulation.check_mean([0.1, 0.2, 0.3], 1e308),
            r"^formula must be within a finite number",
        ),
        (
            lambda: simulation.check_value(1e308, 1e-300, -1e308),
            r"^simulated and formula must be within",
        ),
        (
            lambda: simulation.check_variance([1e80, -1e80, 0.0], 1.0),
            r"^samples must be replicates whose fourth",
        ),
    ],
)
def test_overflowing_z_or_moments_are_refused(call, pattern):
    assert_rejects(ValueError, pattern, call)


def test_z_and_table():
    check = simulation.check_value(1.2, 0.1, 1.0, label="x", n_se=3)
    assert check.z == pytest.approx(2.0)
    assert check.passed
    table = simulation.format_checks(
        [check, simulation.check_value(2.0, 0.1, 1.0, label="a longer label", n_se=3)]
    )
    lines = table.splitlines()
    assert lines[0].startswith("quantity") and lines[0].endswith("|z|<=3")
    assert lines[1].endswith("yes") and lines[2].endswith("NO")
    # different tolerances: each row names its own
    mixed = simulation.format_checks(
        [check, simulation.check_value(2.0, 0.1, 1.0, label="default")]
    ).splitlines()
    assert mixed[0].endswith("|z|<=n_se")
    assert mixed[1].endswith("yes (3)") and mixed[2].endswith("NO (4)")
    assert "SimulationCheck(label='x'" in repr(check)


@pytest.mark.parametrize("bad", [[1.0], np.zeros((3, 3))])
def test_bad_replicates(bad):
    with pytest.raises((ValueError, TypeError), match="samples"):
        simulation.check_mean(bad, 0.0)


@pytest.mark.parametrize(
    "call, exc, pattern",
    [
        # an infinite or NaN standard error would pass (or fail) any formula silently
        (
            lambda: simulation.check_value(0.5, np.inf, 0.4),
            ValueError,
            r"std_error must be a finite real number >= 0; got inf",
        ),
        (
            lambda: simulation.check_value(0.5, np.nan, 0.4),
            ValueError,
            r"std_error must be a finite real number >= 0; got nan",
        ),
        (
            lambda: simulation.check_value(0.5, -0.1, 0.4),
            ValueError,
            r"std_error must be a real number >= 0; got -0.1",
        ),
        (
            lambda: simulation.check_value(np.nan, 0.1, 0.4),
            ValueError,
            r"simulated must be a finite real number; got nan",
        ),
        (
            lambda: simulation.check_value(0.5, 0.1, np.inf),
            ValueError,
            r"formula must be a finite real number; got inf",
        ),
        (
            lambda: simulation.check_value("0.5", 0.1, 0.4),
            TypeError,
            r"simulated must be a real number",
        ),
        (
            lambda: simulation.check_value(0.5, 0.1, None),
            TypeError,
            r"formula must be a real number",
        ),
        (
            lambda: simulation.check_value(0.5, True, 0.4),
            TypeError,
            r"std_error must be a real number",
        ),
        (
            lambda: simulation.check_value(0.5, 0.1, 0.4, n_se=0),
            ValueError,
            r"n_se must be a real number > 0; got 0",
        ),
        (
            lambda: simulation.check_value(0.5, 0.1, 0.4, n_se=np.inf),
            ValueError,
            r"n_se must be a finite real number > 0; got inf",
        ),
        (
            lambda: simulation.check_value(0.5, 0.1, 0.4, n_se="4"),
            TypeError,
            r"n_se must be a real number",
        ),
        (
            lambda: simulation.check_value(0.5, 0.1, 0.4, label=3),
            TypeError,
            r"label must be a string",
        ),
        (
            lambda: simulation.check_mean([0.1, np.nan, 0.3], 0.2),
            ValueError,
            r"samples holds 1 NaN",
        ),
        (
            lambda: simulation.check_mean([0.1, np.inf, 0.3], 0.2),
            ValueError,
            r"samples holds 1 NaN or infinite",
        ),
        (
            lambda: simulation.check_mean(["a", "b"], 0.2),
            TypeError,
            r"samples must be a 1-d array of real numbers .*; got dtype",
        ),
        (
            lambda: simulation.check_mean([0.1, 0.3], np.nan),
            ValueError,
            r"formula must be a finite real number; got nan",
        ),
        (
            lambda: simulation.check_variance([], 0.2),
            ValueError,
            r"samples must be a 1-d array .* with at least 2 entries; got shape \(0,\)",
        ),
        (
            lambda: simulation.check_variance("abc", 0.2),
            TypeError,
            r"samples must be a 1-d array of real numbers .*; got 'abc'",
        ),
        (
            lambda: simulation.check_variance_difference([1.0, 2.0], [1.0], 0.0),
            ValueError,
            r"samples_b must be a 1-d array .* with at least 2 entries",
        ),
        (
            lambda: simulation.check_variance_difference([[1.0, 2.0]], [1.0, 3.0], 0.0),
            ValueError,
            r"samples_a must be a 1-d array .*; got an array of shape \(1, 2\)",
        ),
        (
            lambda: simulation.format_checks([0.5]),
            TypeError,
            r"checks\[0\] must be a SimulationCheck",
        ),
        (
            lambda: simulation.format_checks(simulation.check_value(0.5, 0.1, 0.5)),
            TypeError,
            r"checks must be a list",
        ),
        (lambda: simulation.format_checks([]), ValueError, r"checks must be a non-empty list"),
    ],
)
def test_check_helpers_refuse_bad_input(call, exc, pattern):
    assert_rejects(exc, pattern, call)


def test_check_helpers_accept_numpy_scalars_and_booleans():
    assert simulation.check_value(np.float64(0.5), np.array(0.1), np.float32(0.5)).passed
    assert simulation.check_mean(np.array([True, False, True, False]), 0.5).passed
