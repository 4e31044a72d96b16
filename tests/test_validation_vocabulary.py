"""The vocabulary of patterneval._validation: one message shape for each kind of mistake.

Every check says ``<argument> must be <what was allowed>; got <what came in>.``: TypeError
when the kind of value is wrong, ValueError when the value is. These tests pin the
sentences that every public function inherits (the bad-input sweep checks that each
public callable uses them and names its argument).
"""

from fractions import Fraction

import numpy as np
import pytest
from _helpers import assert_rejects
from sklearn.model_selection import StratifiedKFold
from sklearn.naive_bayes import GaussianNB

from patterneval._validation import (
    check_array,
    check_bool,
    check_callable,
    check_choice,
    check_cv,
    check_estimator,
    check_grid,
    check_labels,
    check_n_jobs,
    check_n_splits,
    check_rng,
    check_same_length,
    check_scalar,
    check_X_y,
    fail,
    show,
)


class OnlyFit:
    def fit(self, X, y):
        return self


def test_fail_is_the_one_template():
    err = fail("alpha", "a real number in (0, 1)", 1.5)
    assert (
        isinstance(err, ValueError)
        and str(err) == "alpha must be a real number in (0, 1); got 1.5."
    )
    err = fail(
        "X", "2-d", "an array of shape (3,)", error=TypeError, echo=False, hint="Reshape it."
    )
    assert (
        isinstance(err, TypeError)
        and str(err) == "X must be 2-d; got an array of shape (3,). Reshape it."
    )
    assert show("x" * 100).endswith("...") and len(show("x" * 100)) == 60


@pytest.mark.parametrize(
    "value, kind, bounds, exc, message",
    [
        (0, int, dict(low=1), ValueError, "n must be an integer >= 1; got 0."),
        (5.0, int, dict(low=1), TypeError, "n must be an integer >= 1; got 5.0."),
        (True, int, dict(low=1), TypeError, "n must be an integer >= 1; got True."),
        ("3", int, {}, TypeError, "n must be an integer; got '3'."),
        (11, int, dict(low=0, high=10), ValueError, "n must be an integer in [0, 10]; got 11."),
        (
            0.0,
            float,
            dict(low=0, closed="neither"),
            ValueError,
            "n must be a real number > 0; got 0.0.",
        ),
        (
            1.0,
            float,
            dict(low=0, high=1, closed="left"),
            ValueError,
            "n must be a real number in [0, 1); got 1.0.",
        ),
        (
            0.0,
            float,
            dict(low=0, high=1, closed="right"),
            ValueError,
            "n must be a real number in (0, 1]; got 0.0.",
        ),
        (
            2.0,
            float,
            dict(high=1, closed="neither"),
            ValueError,
            "n must be a real number < 1; got 2.0.",
        ),
        (np.nan, float, {}, ValueError, "n must be a finite real number; got nan."),
        (np.inf, float, dict(low=0), ValueError, "n must be a finite real number >= 0; got inf."),
        ("0.5", float, {}, TypeError, "n must be a real number; got '0.5'."),
        (np.bool_(True), float, {}, TypeError, "n must be a real number; got np.True_."),
    ],
)
def test_check_scalar_rejects_with_one_sentence(value, kind, bounds, exc, message):
    with pytest.raises(exc) as info:
        check_scalar("n", value, kind, **bounds)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "value, kind, bounds, expected",
    [
        (np.int64(3), int, dict(low=1), 3),
        (1, float, dict(low=0, high=1), 1.0),
        (0.0, float, dict(low=0, high=1, closed="left"), 0.0),
        (np.float32(0.5), float, {}, 0.5),
    ],
)
def test_check_scalar_accepts_and_normalises(value, kind, bounds, expected):
    out = check_scalar("n", value, kind, **bounds)
    assert out == expected and type(out) is kind


def test_check_scalar_rejects_its_own_bad_options():
    assert_rejects(ValueError, r"^closed must be one of", check_scalar, "n", 1, int, closed="open")
    assert_rejects(TypeError, r"^kind must be int or float", check_scalar, "n", 1, complex)


@pytest.mark.parametrize(
    "value, options, exc, pattern",
    [
        (None, dict(ndim=2), TypeError, r"^X must be a 2-d array of real numbers; got None\.$"),
        (3.0, dict(ndim=2), TypeError, r"^X must be a 2-d array of real numbers; got 3\.0\.$"),
        (
            [1.0, 2.0],
            dict(ndim=2),
            ValueError,
            r"^X must be a 2-d array .*; got an array of shape \(2,\)\. "
            r"Use X\.reshape\(-1, 1\) for one feature\.$",
        ),
        (
            [["a"], ["b"]],
            dict(ndim=2),
            TypeError,
            r"^X must be a 2-d array of real numbers; got dtype <U1",
        ),
        (
            [[1.0], [1.0, 2.0]],
            {},
            ValueError,
            r"^X must be an array of real numbers \(rows of equal length\)",
        ),
        (
            np.array([[1.0], ["a"]], dtype=object),
            {},
            TypeError,
            r"^X must be an array of real numbers; got",
        ),
        ([[np.inf], [np.nan]], dict(ndim=2), ValueError, r"^X holds 2 NaN or infinite values"),
        ([[np.inf], [np.nan]], dict(allow_nan=True), ValueError, r"^X holds 1 infinite values"),
        (
            np.zeros((0, 2)),
            dict(ndim=2),
            ValueError,
            r"^X must be .* with at least 1 rows; got shape \(0, 2\)",
        ),
        (
            np.zeros((3, 0)),
            dict(ndim=2),
            ValueError,
            r"^X must be .* with at least 1 rows; got shape \(3, 0\)",
        ),
        (
            [1.5, 2.0],
            dict(kind="int"),
            TypeError,
            r"^X must be an array of integers; got \[1\.5, 2\.0\]",
        ),
        (
            [True, False],
            dict(kind="int"),
            TypeError,
            r"^X must be an array of integers; got dtype bool",
        ),
        (
            [1.0, 2.0],
            dict(n=3, n_name="y"),
            ValueError,
            r"^X has 2 entries but y has 3; they must pair up\.$",
        ),
        (
            [0.5, 1.5],
            dict(low=0, high=1),
            ValueError,
            r"^X must be an array of values in \[0, 1\]; got",
        ),
    ],
)
def test_check_array_rejects(value, options, exc, pattern):
    assert_rejects(exc, pattern, check_array, "X", value, **options)


def test_check_array_accepts_and_normalises():
    out = check_array("X", [[1, 2], [3, 4]], ndim=2)
    assert out.dtype == np.float64 and out.shape == (2, 2)
    assert check_array("k", [1.0, 2.0], kind="int").dtype == np.int64
    assert check_array("x", [np.nan], allow_nan=True).shape == (1,)
    assert check_array("x", np.zeros(0), min_rows=0).size == 0
    assert check_array("p", 0.5, low=0, high=1).ndim == 0  # ndim=None: a scalar is fine


@pytest.mark.parametrize(
    "value, options, exc, pattern",
    [
        (None, {}, TypeError, r"^y must be a 1-d array of labels; got None\.$"),
        (3, {}, TypeError, r"^y must be a 1-d array of labels; got 3\.$"),
        (
            [[0, 1]],
            {},
            ValueError,
            r"^y must be a 1-d array of labels; got an array of shape \(1, 2\)\.$",
        ),
        ([0.0, np.nan], {}, ValueError, r"^y holds NaN labels \(1 of 2\)"),
        (["a", np.nan], {}, ValueError, r"^y holds NaN labels \(1 of 2\)"),
        (
            [0, 1, 1],
            dict(n=2, n_name="X"),
            ValueError,
            r"^y has 3 entries but X has 2; they must pair up\.$",
        ),
        ([], {}, ValueError, r"^y must be a 1-d array of at least 1 labels; got an empty array\.$"),
        (
            [1, 1],
            dict(min_classes=2),
            ValueError,
            r"^y must be labels of at least 2 classes; got 1 class \(\[1\]\)\.$",
        ),
        (
            [0, 1, 2],
            dict(min_classes=2, max_classes=2),
            ValueError,
            r"^y must be labels of exactly 2 classes",
        ),
        # one rule for labels (scikit-learn's type_of_target)
        (
            [0.1, 0.7, 0.3],
            {},
            ValueError,
            r"^y must be class labels \(binary or multiclass\); got a 'continuous' target, "
            r"3 non-integral values of 3 \(\[0\.1, 0\.7, 0\.3\]\)\. Unknown label type: "
            r"'continuous', in the words of scikit-learn's type_of_target\. Labels are "
            r"integers, strings or integral floats such as 1\.0: pass predicted classes",
        ),
        (
            [0.1, 0.7],
            dict(kind="cluster"),
            ValueError,
            r"^y must be cluster labels; got a 'continuous' target, .*: pass "
            r"hard cluster assignments",
        ),
        (
            [1.0, np.inf, 0.0],
            {},
            ValueError,
            r"^y must be class labels \(binary or multiclass\); got 1 infinite value "
            r"of 3 \(\[inf\]\)\. Labels are integers, strings or integral floats",
        ),
        (
            ["a", 1],
            {},
            ValueError,
            r"^y must be class labels \(binary or multiclass\) of one type \(all strings or all "
            r"numbers\); got a mix of label input types \(string and number\), such as 'a' and 1\.",
        ),
        (["a", 1], dict(kind="cluster"), ValueError, r"^y must be cluster labels of one type"),
        (
            np.array(["a", 2.5], dtype=object),
            {},
            ValueError,
            r"^y must be class labels .* of one type",
        ),
        (
            np.array([1, 2.5], dtype=object),
            {},
            ValueError,
            r"^y must be class labels .*1 non-integral value of 2 \(\[2\.5\]\)",
        ),
        (
            [1, 2 + 1j],
            {},
            ValueError,
            r"^y must be class labels .*; got complex values .* Complex data not supported",
        ),
        (  # a Fraction beside the complex number: the object array is no float array
            np.array([Fraction(1, 2), 1j], dtype=object),
            {},
            ValueError,
            r"^y must be class labels .*; got complex values \(\[\(0\.5\+0j\), 1j\]\)",
        ),
        (
            [0, 1],
            dict(kind="labels"),
            ValueError,
            r"^kind must be 'class', 'cluster' or 'categories'",
        ),
    ],
)
def test_check_labels_rejects(value, options, exc, pattern):
    assert_rejects(exc, pattern, check_labels, "y", value, **options)


def test_check_labels_accepts_any_hashable_labels():
    assert check_labels("y", ["a", "b"], min_classes=2).tolist() == ["a", "b"]
    assert check_labels("y", [], min_size=0).size == 0
    # integral floats, bools, numbers of several types, tuples: identifiers (scikit-learn too)
    assert check_labels("y", [1.0, 0.0, 2.0]).tolist() == [1.0, 0.0, 2.0]
    assert check_labels("y", [True, False]).dtype == bool
    assert check_labels("y", np.array([1, 2.0, np.int8(3)], dtype=object)).size == 3
    assert check_labels("y", np.array([(1,), 2, None], dtype=object)).size == 3
    assert check_labels("y", np.array([-1e300, 1e300])).size == 2
    # the values of a nominal attribute: any hashable values, but no NaN
    assert check_labels("values", ["x", 1, 0.5], kind="categories").size == 3


@pytest.mark.parametrize(
    "check, args, exc, message",
    [
        (check_bool, ("inside", "no"), TypeError, "inside must be True or False; got 'no'."),
        (check_bool, ("inside", 1), TypeError, "inside must be True or False; got 1."),
        (
            check_choice,
            ("method", "exact", ("wald", "wilson")),
            ValueError,
            "method must be one of ['wald', 'wilson']; got 'exact'.",
        ),
        (
            check_choice,
            ("method", 3, ("wald",)),
            TypeError,
            "method must be a string, one of ['wald']; got 3.",
        ),
        (check_callable, ("sampler", 3), TypeError, "sampler must be callable; got 3."),
        (check_n_jobs, (0,), ValueError, "n_jobs must be None or a non-zero integer; got 0."),
        (check_n_jobs, (1.0,), TypeError, "n_jobs must be None or a non-zero integer; got 1.0."),
        (check_n_jobs, (True,), TypeError, "n_jobs must be None or a non-zero integer; got True."),
        (
            check_rng,
            ("seed",),
            TypeError,
            "rng must be None, an int seed or a numpy.random.Generator; got 'seed'.",
        ),
        (
            check_rng,
            (np.random.RandomState(0),),
            TypeError,
            "rng must be None, an int seed or a numpy.random.Generator; got a legacy RandomState. "
            "Use numpy.random.default_rng(seed).",
        ),
        (
            check_same_length,
            ("a", [1], "b", [1, 2]),
            ValueError,
            "b has 2 entries but a has 1; they must pair up.",
        ),
    ],
)
def test_option_checks_use_the_template(check, args, exc, message):
    with pytest.raises(exc) as info:
        check(*args)
    assert str(info.value) == message


def test_check_rng_legacy_accepts_a_random_state_and_advances_it():
    state = np.random.RandomState(0)
    first, second = check_rng(state, legacy=True), check_rng(state, legacy=True)
    assert first.integers(1 << 30) != second.integers(1 << 30)
    assert_rejects(
        TypeError,
        r"^random_state must be None, an int seed, a numpy.random.Generator or a "
        r"RandomState; got 'a'",
        check_rng,
        "a",
        name="random_state",
        legacy=True,
    )


@pytest.mark.parametrize(
    "value, options, exc, pattern",
    [
        (
            [1, 1],
            {},
            ValueError,
            r"^ks must be strictly increasing \(each value once\); got \[1\.0, 1\.0\]",
        ),
        ([1.5], dict(integer=True), TypeError, r"^ks must be a 1-d array of integers"),
        (
            [1, 9],
            dict(integer=True, low=1, high=5, high_name="n"),
            ValueError,
            r"^ks must be values in \[1, n = 5\]",
        ),
        ([], {}, ValueError, r"^ks must be a 1-d array of real numbers with at least 1 entries"),
    ],
)
def test_check_grid_rejects(value, options, exc, pattern):
    assert_rejects(exc, pattern, check_grid, "ks", value, **options)


@pytest.mark.parametrize(
    "value, pattern",
    [
        (
            OnlyFit(),
            r"^estimator must be a scikit-learn-compatible estimator instance .*\(no predict, get_params\)",
        ),
        (GaussianNB, r"\(a class, not an instance\)"),
        (
            None,
            r"^estimator must be a scikit-learn-compatible estimator instance with fit, predict, get_params",
        ),
    ],
)
def test_check_estimator_rejects(value, pattern):
    assert_rejects(TypeError, pattern, check_estimator, "estimator", value)


def test_check_estimator_accepts_and_names_roles():
    est = GaussianNB()
    assert check_estimator("estimator", est) is est
    assert_rejects(
        TypeError,
        r"^selector must be a scikit-learn-compatible transformer instance with fit, "
        r"transform",
        check_estimator,
        "selector",
        OnlyFit(),
        methods=("fit", "transform", "get_params"),
        role="transformer",
    )


@pytest.mark.parametrize(
    "X, y, exc, pattern",
    [
        (
            None,
            [0, 1],
            TypeError,
            r"^X must be a 2-d array of real numbers \(n_samples, n_features\); got None",
        ),
        ([1.0, 2.0], [0, 1], ValueError, r"^X must be a 2-d array .*got an array of shape \(2,\)"),
        ([["a"], ["b"]], [0, 1], TypeError, r"^X must be a 2-d array of real numbers .*dtype <U1"),
        ([[np.inf], [1.0]], [0, 1], ValueError, r"^X holds 1 NaN or infinite"),
        ([[0.0], [1.0]], 3, TypeError, r"^y must be a 1-d array of labels; got 3"),
        (
            [[0.0], [1.0]],
            [[0, 1]],
            ValueError,
            r"^y must be a 1-d array of labels; got an array of shape",
        ),
        ([[0.0], [1.0]], [0, 1, 1], ValueError, r"^y has 3 entries but X has 2; they must pair up"),
        (
            [[0.0], [1.0]],
            ["a", "a"],
            ValueError,
            r"^y must be labels of at least 2 classes; got 1 class \(\['a'\]\)",
        ),
    ],
)
def test_check_X_y_rejects(X, y, exc, pattern):
    assert_rejects(exc, pattern, check_X_y, X, y)


def test_check_X_y_returns_arrays_and_passes_data_through():
    X, y = check_X_y([[0, 1], [2, 3]], ["a", "b"])
    assert X.shape == (2, 2) and y.tolist() == ["a", "b"]
    check_X_y([[0.0], [1.0]], [1, 1], min_classes=1)
    raw = [[np.nan], [1.0]]  # an imputing pipeline's input goes through unchanged
    assert check_X_y(raw, [0, 1], pass_through=True)[0] is raw
    assert_rejects(
        TypeError,
        r"^X must be array-like with one row per sample",
        check_X_y,
        3,
        [0, 1],
        pass_through=True,
    )


@pytest.mark.parametrize(
    "n_splits, y, stratify, exc, pattern",
    [
        (
            1,
            [0, 1] * 5,
            True,
            ValueError,
            r"^n_splits must be an integer in \[2, 10\]; got 1\. \(there are 10 samples\)",
        ),
        (True, [0, 1] * 5, False, TypeError, r"^n_splits must be an integer"),
        (11, [0, 1] * 5, False, ValueError, r"^n_splits must be an integer in \[2, 10\]; got 11"),
        (
            6,
            [0, 1] * 5,
            True,
            ValueError,
            r"^n_splits must be at most 5, the size of the smallest class 0; got 6\.",
        ),
    ],
)
def test_check_n_splits_rejects(n_splits, y, stratify, exc, pattern):
    assert_rejects(exc, pattern, check_n_splits, n_splits, np.array(y), stratify=stratify)


def test_check_n_splits_and_cv_accept():
    assert check_n_splits(np.int64(5), np.array([0, 1] * 5), stratify=True) == 5
    assert check_n_splits(10, np.array([0] * 9 + [1]), stratify=False) == 10
    splitter = StratifiedKFold(3)
    assert check_cv(splitter, np.array([0, 1] * 5)) is splitter
    assert_rejects(
        TypeError,
        r"^cv must be a scikit-learn-compatible splitter instance with split, "
        r"get_n_splits",
        check_cv,
        "five",
        np.array([0, 1] * 5),
    )
