"""Bad input to every public function of patterneval: one table, one test.

Each row is (callable, kwargs, exception type, regex). The regex must match the message
and names the offending argument, as docs/DESIGN.md requires ("which parameter, what was
allowed, what came in"). ``test_every_public_function_has_a_row`` keeps the table
complete: a new public function without a bad-input row fails it.
"""

from __future__ import annotations

import inspect
import numbers

import numpy as np
import pytest
from _helpers import assert_rejects

import patterneval as pe
from patterneval import errorrate
from patterneval.book import error_rate, selective_sampling, simulation
from patterneval.book.error_rate import simulate_coverage
from patterneval.book.selective_sampling import simulate_sampling

# valid arguments for each public function; each row below spoils one of them
GOOD = {
    pe.binomial_interval: dict(k=3, n=10),
    pe.test_error: dict(y_true=[0, 1, 1, 0], y_pred=[0, 1, 0, 0]),
    pe.error_variance: dict(error=0.1, n=10),
    pe.sample_size_for_width: dict(error=0.1, width=0.1),
    pe.stratified_error: dict(k=[1, 2], n=[10, 20], priors=[0.4, 0.6]),
    pe.stratified_variance: dict(class_errors=[0.1, 0.2], priors=[0.4, 0.6], n=10),
    pe.selective_variance_gap: dict(class_errors=[0.1, 0.2], priors=[0.4, 0.6], n=10),
    pe.proportional_allocation: dict(n=10, priors=[0.4, 0.6]),
    simulate_sampling: dict(class_errors=[0.1, 0.2], priors=[0.4, 0.6], n=10, n_datasets=5, rng=0),
    pe.coverage_probability: dict(error=0.1, n=10),
    simulate_coverage: dict(error=0.1, n=10, n_datasets=5, rng=0),
    simulation.check_mean: dict(samples=[0.1, 0.2, 0.3], formula=0.2),
    simulation.check_variance: dict(samples=[0.1, 0.2, 0.3], formula=0.01),
    simulation.check_variance_difference: dict(
        samples_a=[0.1, 0.3, 0.2, 0.5], samples_b=[0.2, 0.2, 0.3, 0.1], formula=0.02
    ),  # replicates that vary: a standard error > 0
    simulation.check_value: dict(simulated=0.5, std_error=0.1, formula=0.5),
    simulation.format_checks: dict(checks=[simulation.check_value(0.5, 0.1, 0.5)]),
}
# bound methods of result objects that validate their own options
ERROR_CI = pe.test_error([0, 1, 1, 0], [0, 1, 0, 0]).confidence_interval
STRAT_CI = pe.stratified_error([1, 2], [10, 20], [0.4, 0.6]).confidence_interval
GOOD[ERROR_CI] = {}
GOOD[STRAT_CI] = {}

WITH_LEVEL = [f for f in GOOD if "confidence_level" in inspect.signature(f).parameters]
WITH_METHOD = [f for f in GOOD if "method" in inspect.signature(f).parameters]
LEVEL_MSG_VALUE = r"^confidence_level must be a real number in \(0, 1\); got "
LEVEL_MSG_TYPE = r"^confidence_level must be a real number in \(0, 1\); got '0.95'"
METHOD_MSG = r"^method must be one of \['wald', 'wilson', 'agresti-coull', 'clopper-pearson', 'jeffreys'\]; got 'exact'"
PRIORS_NEG = r"^priors must be an array of values >= 0; got \[-0.2, 1.2\]"
PRIORS_SUM = r"^priors must be class probabilities summing to 1; got \[0.5, 0.6\] \(sum 1.1\)"
RNG_MSG = r"^rng must be None, an int seed or a numpy.random.Generator; got 'seed'"

# (callable, overrides of GOOD[callable], exception, regex)
CASES = [
    # ---- counts: k < 0, k > n, n = 0, non-integer, mismatched lengths
    (pe.binomial_interval, dict(k=-1), ValueError, r"^k must be an array of values >= 0; got -1"),
    (pe.binomial_interval, dict(k=11), ValueError, r"^k must be at most n .*; got k=11, n=10"),
    (pe.binomial_interval, dict(k=[1, 12]), ValueError, r"^k must be at most n"),
    (
        pe.binomial_interval,
        dict(k=0, n=0),
        ValueError,
        r"^n must be an array of values >= 1; got 0",
    ),
    (pe.binomial_interval, dict(k=2.5), TypeError, r"^k must be an array of integers; got 2.5"),
    (pe.binomial_interval, dict(n=10.5), TypeError, r"^n must be an array of integers"),
    (pe.binomial_interval, dict(k="3"), TypeError, r"^k must be an array of integers"),
    (
        pe.binomial_interval,
        dict(k=[1, 2], n=[3, 4, 5]),
        ValueError,
        r"^n must be of the shape of k",
    ),
    (
        pe.stratified_error,
        dict(k=[-1, 2]),
        ValueError,
        r"^k must be an array of values >= 0; got \[-1, 2\]",
    ),
    (pe.stratified_error, dict(k=[11, 2]), ValueError, r"^k must be at most n"),
    (pe.stratified_error, dict(n=[0, 20]), ValueError, r"^n must be an array of values >= 1"),
    (pe.stratified_error, dict(k=[1.5, 2]), TypeError, r"^k must be an array of integers"),
    (pe.stratified_error, dict(k=[1, 2, 3]), ValueError, r"^n has 2 entries but k has 3"),
    (pe.stratified_error, dict(k=[1], n=[10, 20]), ValueError, r"^n has 2 entries but k has 1"),
    (pe.error_variance, dict(n=0), ValueError, r"^n must be an array of values >= 1"),
    (pe.error_variance, dict(n=2.5), TypeError, r"^n must be an array of integers"),
    (pe.stratified_variance, dict(n=0), ValueError, r"^n must be an array of values >= 1"),
    (pe.stratified_variance, dict(n=2.5), TypeError, r"^n must be an array of integers"),
    (pe.selective_variance_gap, dict(n=0), ValueError, r"^n must be an array of values >= 1"),
    (pe.selective_variance_gap, dict(n=2.5), TypeError, r"^n must be an array of integers"),
    (pe.proportional_allocation, dict(n=0), ValueError, r"^n must be an integer >= 1; got 0"),
    (pe.proportional_allocation, dict(n=2.5), TypeError, r"^n must be an integer >= 1; got 2.5"),
    (simulate_sampling, dict(n=0), ValueError, r"^n must be an integer >= 1; got 0"),
    (simulate_sampling, dict(n=2.5), TypeError, r"^n must be an integer >= 1; got 2.5"),
    (pe.coverage_probability, dict(n=0), ValueError, r"^n must be an integer >= 1; got 0"),
    (pe.coverage_probability, dict(n=True), TypeError, r"^n must be an integer >= 1; got True"),
    (simulate_coverage, dict(n=2.5), TypeError, r"^n must be an integer >= 1; got 2.5"),
    # ---- labels
    (pe.test_error, dict(y_pred=[0, 1, 0]), ValueError, r"^y_pred has 3 entries but y_true has 4"),
    (
        pe.test_error,
        dict(y_true=[], y_pred=[]),
        ValueError,
        r"^y_true must be a 1-d array of at least 1 labels; got an empty",
    ),
    (
        pe.test_error,
        dict(y_true=[[0, 1]], y_pred=[[0, 1]]),
        ValueError,
        r"^y_true must be a 1-d array of labels; got an array of shape \(1, 2\)",
    ),
    (pe.test_error, dict(y_pred=3), TypeError, r"^y_pred must be a 1-d array of labels"),
    # ---- proportions
    (
        pe.error_variance,
        dict(error=1.5),
        ValueError,
        r"^error must be an array of values in \[0, 1\]; got 1.5",
    ),
    (
        pe.error_variance,
        dict(error=-0.1),
        ValueError,
        r"^error must be an array of values in \[0, 1\]",
    ),
    (
        pe.sample_size_for_width,
        dict(error=np.nan),
        ValueError,
        r"^error must be a finite real number in \[0, 1\]; got nan",
    ),
    (
        pe.sample_size_for_width,
        dict(width=0),
        ValueError,
        r"^width must be a real number in \(0, 1\); got 0",
    ),
    (
        pe.sample_size_for_width,
        dict(width=1.0),
        ValueError,
        r"^width must be a real number in \(0, 1\)",
    ),
    (
        pe.coverage_probability,
        dict(error=2),
        ValueError,
        r"^error must be a real number in \[0, 1\]; got 2",
    ),
    (
        simulate_coverage,
        dict(error="0.1"),
        TypeError,
        r"^error must be a real number in \[0, 1\]; got '0.1'",
    ),
    (
        pe.stratified_variance,
        dict(class_errors=[0.1, 1.2]),
        ValueError,
        r"^class_errors must be an array of values in \[0, 1\]",
    ),
    (
        pe.selective_variance_gap,
        dict(class_errors=[-0.1, 0.2]),
        ValueError,
        r"^class_errors must be an array of values in",
    ),
    (
        simulate_sampling,
        dict(class_errors=[[0.1, 0.2]]),
        ValueError,
        r"^class_errors must be a 1-d array .*; got an array of shape \(1, 2\)",
    ),
    # ---- priors: negative, not summing to 1, wrong length
    *[
        (f, dict(priors=[-0.2, 1.2]), ValueError, PRIORS_NEG)
        for f in (
            pe.stratified_error,
            pe.stratified_variance,
            pe.selective_variance_gap,
            pe.proportional_allocation,
            simulate_sampling,
        )
    ],
    *[
        (f, dict(priors=[0.5, 0.6]), ValueError, PRIORS_SUM)
        for f in (
            pe.stratified_error,
            pe.stratified_variance,
            pe.selective_variance_gap,
            pe.proportional_allocation,
            simulate_sampling,
        )
    ],
    (
        pe.stratified_error,
        dict(priors=[0.2, 0.3, 0.5]),
        ValueError,
        r"^priors has 3 entries but k has 2",
    ),
    (
        pe.stratified_variance,
        dict(priors=[1.0]),
        ValueError,
        r"^priors has 1 entries but class_errors has 2",
    ),
    (
        pe.selective_variance_gap,
        dict(priors=[0.2, 0.3, 0.5]),
        ValueError,
        r"^priors has 3 entries but class_errors has 2",
    ),
    (
        simulate_sampling,
        dict(priors=[0.2, 0.3, 0.5]),
        ValueError,
        r"^priors has 3 entries but class_errors has 2",
    ),
    (
        pe.proportional_allocation,
        dict(priors=[[0.5, 0.5]]),
        ValueError,
        r"^priors must be a 1-d array",
    ),
    (
        pe.proportional_allocation,
        dict(priors="ab"),
        TypeError,
        r"^priors must be a 1-d array of real numbers; got 'ab'",
    ),
    # ---- confidence_level outside (0, 1) or not a number; method unknown or not a string
    *[
        (f, dict(confidence_level=bad), ValueError, LEVEL_MSG_VALUE)
        for f in WITH_LEVEL
        for bad in (0, 1, 1.5, -0.1)
    ],
    *[(f, dict(confidence_level="0.95"), TypeError, LEVEL_MSG_TYPE) for f in WITH_LEVEL],
    *[(f, dict(method="exact"), ValueError, METHOD_MSG) for f in WITH_METHOD],
    (pe.binomial_interval, dict(method=None), TypeError, r"^method must be a string"),
    # ---- randomness and replicate counts
    (simulate_sampling, dict(rng="seed"), TypeError, RNG_MSG),
    (simulate_coverage, dict(rng="seed"), TypeError, RNG_MSG),
    (
        simulate_sampling,
        dict(rng=np.random.RandomState(0)),
        TypeError,
        r"^rng must be .* legacy RandomState",
    ),
    (
        simulate_sampling,
        dict(n_datasets=0),
        ValueError,
        r"^n_datasets must be an integer >= 1; got 0",
    ),
    (
        simulate_coverage,
        dict(n_datasets=0),
        ValueError,
        r"^n_datasets must be an integer >= 1; got 0",
    ),
    (simulate_coverage, dict(n_datasets=10.0), TypeError, r"^n_datasets must be an integer >= 1"),
    # ---- Monte Carlo checks (patterneval.book.simulation)
    (
        simulation.check_mean,
        dict(samples=[0.1]),
        ValueError,
        r"^samples must be a 1-d array .* with at least 2 entries; got shape \(1,\)",
    ),
    (
        simulation.check_mean,
        dict(samples=[[0.1, 0.2]]),
        ValueError,
        r"^samples must be a 1-d array .*; got an array of shape \(1, 2\)",
    ),
    (
        simulation.check_variance,
        dict(samples=[0.1]),
        ValueError,
        r"^samples must be a 1-d array .* at least 2",
    ),
    (
        simulation.check_variance_difference,
        dict(samples_b=[0.2]),
        ValueError,
        r"^samples_b must be a 1-d array .* at least 2",
    ),
    (
        simulation.check_value,
        dict(std_error=-0.1),
        ValueError,
        r"^std_error must be a real number >= 0; got -0.1",
    ),
    (simulation.check_mean, dict(n_se=0), ValueError, r"^n_se must be a real number > 0; got 0"),
    (simulation.format_checks, dict(checks=[]), ValueError, r"^checks must be a non-empty list"),
]


def _name(f):
    return getattr(f, "__qualname__", getattr(f, "__name__", repr(f)))


def _case_id(case):
    f, overrides, exc, _ = case
    args = ",".join(f"{key}={value!r}" for key, value in overrides.items())
    return f"{_name(f)}({args})-{exc.__name__}"


@pytest.mark.parametrize(
    ("func", "overrides", "exc", "match"), CASES, ids=[_case_id(c) for c in CASES]
)
def test_bad_input_raises_naming_the_argument(func, overrides, exc, match):
    kwargs = {**GOOD[func], **overrides}
    info = assert_rejects(exc, match, func, **kwargs)
    assert type(info.value) is exc  # not a subclass from deep inside numpy or scipy


@pytest.mark.parametrize("func", list(GOOD), ids=_name)
def test_good_arguments_are_accepted(func):
    """The baseline of every row is valid, so each row fails for its one bad argument."""
    func(**GOOD[func])


def test_every_public_function_has_a_row():
    """Every function in the ``__all__`` of errorrate, simulation and the wing's
    error_rate and selective_sampling has a row.

    (The resampling modules keep their bad-input tables beside their own tests.)
    """
    public = {
        name: getattr(module, name)
        for module in (errorrate, simulation, error_rate, selective_sampling)
        for name in module.__all__
    }
    functions = {name for name, obj in public.items() if inspect.isfunction(obj)}
    covered = {_name(f) for f, *_ in CASES}
    assert functions - covered == set(), "public functions without a bad-input row"
    # whatever is exported and is not a function must be a result type or a constant,
    # so a new function cannot slip past this check disguised as something else
    others = set(public) - functions
    for name in others - {"INTERVAL_METHODS"}:
        assert isinstance(public[name], type), name
    # the top level re-exports errorrate's methods and result types, not the chapter's simulators
    assert {
        name
        for name in errorrate.__all__
        if not name.startswith("simulate_") and not name.endswith("Simulation")
    } <= set(dir(pe)), "errorrate exports missing from the package"
    # result methods that take options are covered too
    assert {
        "ErrorEstimate.confidence_interval",
        "StratifiedEstimate.confidence_interval",
    } <= covered


class _StringLabels:
    """An array-like of strings whose ``__array__`` refuses to build an object array."""

    def __init__(self, values):
        self.values = np.asarray(values)

    def __len__(self):
        return len(self.values)

    def __array__(self, dtype=None, copy=None):
        if dtype is not None and np.dtype(dtype) == object:
            raise ValueError("no object arrays")
        return self.values if dtype is None else self.values.astype(dtype)


def test_string_labels_that_cannot_become_an_object_array_are_read_as_strings():
    est = pe.test_error(_StringLabels(["a", "b", "a", "b"]), _StringLabels(["a", "a", "a", "b"]))
    assert (est.k, est.n) == (1, 4)


class _Tag(numbers.Number):
    """A number type numpy cannot turn into a float: a label by identity, like any id."""

    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, _Tag) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"_Tag({self.name!r})"


def test_numbers_that_cannot_become_floats_are_labels():
    a, b = _Tag("a"), _Tag("b")
    y_true = np.empty(4, dtype=object)
    y_true[:] = [a, b, a, b]
    y_pred = np.empty(4, dtype=object)
    y_pred[:] = [a, a, a, b]
    est = pe.test_error(y_true, y_pred)
    assert (est.k, est.n) == (1, 4)


def test_a_target_scikit_learn_calls_unknown_is_refused_by_the_error_estimators():
    from decimal import Decimal

    from sklearn.tree import DecisionTreeClassifier

    X = np.arange(20.0).reshape(10, 2)
    y = np.empty(10, dtype=object)
    y[:] = [Decimal(1)] * 5 + [Decimal(2)] * 5  # type_of_target: 'unknown'
    with pytest.raises(ValueError, match=r"y must be class labels .* got a 'unknown' target"):
        pe.cross_val_error(DecisionTreeClassifier(), X, y, cv=2, rng=0)


def test_rng_must_not_be_a_bool():
    with pytest.raises(TypeError, match=r"rng must be None, an int seed .*; got True\."):
        pe.cross_val_error(_tree(), *_XY, cv=2, rng=True)


def _tree():
    from sklearn.tree import DecisionTreeClassifier

    return DecisionTreeClassifier(random_state=0)


_XY = (np.arange(24.0).reshape(12, 2), np.array([0, 1] * 6))


def test_cv_as_pairs_empty_unpaired_or_not_integer_indices_is_refused():
    X, y = _XY
    half = np.arange(6)
    with pytest.raises(ValueError, match=r"cv must be at least one \(train, test\) pair"):
        pe.cross_val_error(_tree(), X, y, cv=[])
    with pytest.raises(TypeError, match=r"cv must be \(train, test\) index pairs; got entry 0"):
        pe.cross_val_error(_tree(), X, y, cv=[(half,)])
    with pytest.raises(TypeError, match=r"non-empty 1-d integer index arrays; got the test part"):
        pe.cross_val_error(_tree(), X, y, cv=[(half, half + 6.0)])


def test_cv_pairs_take_boolean_masks_as_index_arrays():
    X, y = _XY
    mask = np.arange(12) < 6
    by_mask = pe.cross_val_error(_tree(), X, y, cv=[(mask, ~mask), (~mask, mask)])
    by_index = pe.cross_val_error(
        _tree(), X, y, cv=[(np.arange(6), np.arange(6, 12)), (np.arange(6, 12), np.arange(6))]
    )
    assert by_mask.error == by_index.error
    np.testing.assert_array_equal(by_mask.fold_errors, by_index.fold_errors)


def test_finite_check_of_values_whose_sum_overflows_neither_warns_nor_raises():
    # the finiteness check sums the array first: a sum that overflows to inf must send it
    # to the exact count (no NaN, no inf here), silently
    import warnings

    from patterneval._validation import check_array

    big = np.array([1.5e308, 1.5e308, -1e308, 2.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = check_array("x", big, ndim=1)
    assert np.array_equal(out, big)
    with pytest.raises(ValueError, match="1 NaN or infinite"):
        check_array("x", np.array([1.5e308, 1.5e308, np.inf]), ndim=1)
