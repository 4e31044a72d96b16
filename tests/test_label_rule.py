"""One rule for labels, as scikit-learn's ``type_of_target`` draws it.

Class labels (error rates, McNemar, diversity, votes, ROC and calibration outcomes,
resampling and estimators' ``y``) and cluster labels (external, internal and stability
indices) are checked once, by ``patterneval._validation.check_labels``: integers, bools,
strings, integral floats and other hashable ids are labels; NaN, infinite values,
non-integral numbers ("continuous": probabilities passed by mistake) and a mix of strings
and numbers are a ValueError naming the argument, with one message per kind wherever it
is raised. The bad-input sweep (tests/test_bad_input_sweep.py) generates the same three
kinds for every label parameter of every public callable; this file pins the messages,
what stays allowed, and the agreement with scikit-learn.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from sklearn.naive_bayes import GaussianNB
from sklearn.utils.multiclass import type_of_target

import patterneval as pe
from patterneval.cluster.stability import jaccard_table, within_dispersion

X8 = np.array(
    [[0.0, 0.1], [0.2, 0.0], [0.1, 0.3], [0.3, 0.2], [3.0, 3.1], [3.2, 2.9], [2.8, 3.2], [3.3, 3.0]]
)
Y8 = np.array([0, 0, 0, 0, 1, 1, 1, 1])
P8 = np.array([0, 1, 0, 0, 1, 1, 0, 1])
PROBA = [0.1, 0.7, 0.3, 0.9, 0.2, 0.6, 0.8, 0.4]
INF = [np.inf, 0, 0, 0, 1, 1, 1, 1]
MIXED = ["a", 0, 0, 0, 1, 1, 1, 1]
BAD = {"probabilities": PROBA, "inf": INF, "mixed": MIXED}
WHAT = {"class": r"class labels \(binary or multiclass\)", "cluster": r"cluster labels"}
PATTERN = {
    "probabilities": r"{what}; got a 'continuous' target, 8 non-integral values of 8 "
    r"\(\[0\.1, 0\.7, 0\.3, 0\.9, 0\.2\]\)\. Unknown label type: 'continuous'",
    "inf": r"{what}; got 1 infinite value of 8 \(\[inf\]\)\. Labels are integers, strings or integral "
    r"floats such as 1\.0\.$",
    "mixed": r"{what} of one type \(all strings or all numbers\); got a mix of label input "
    r"types \(string and number\), such as 'a' and 0\.",
}

#: (name, function of one bad label array, the argument it goes to)
CLASS_LABELS = [
    ("test_error y_true", lambda b: pe.test_error(b, P8), "y_true"),
    ("test_error y_pred", lambda b: pe.test_error(Y8, b), "y_pred"),
    ("no_information_error", lambda b: pe.no_information_error(Y8, b), "y_pred"),
    ("mcnemar_test y_true", lambda b: pe.mcnemar_test(b, P8, Y8), "y_true"),
    ("mcnemar_test y_pred_b", lambda b: pe.mcnemar_test(Y8, P8, b), "y_pred_b"),
    ("kappa h1", lambda b: pe.kappa(b, P8), "h1"),
    ("kappa h2", lambda b: pe.kappa(P8, b), "h2"),
    ("disagreement y", lambda b: pe.disagreement(P8, Y8, b), "y"),
    ("q_statistic h1", lambda b: pe.q_statistic(b, P8), "h1"),
    ("majority_vote", lambda b: pe.majority_vote(np.array([b], dtype=object)), "predictions"),
    ("kappa_error y", lambda b: pe.kappa_error(np.array([P8, Y8, P8]), b), "y"),
    ("roc_auc y_true", lambda b: pe.roc_auc(b, np.linspace(0, 1, 8)), "y_true"),
    (
        "expected_calibration_error y_true",
        lambda b: pe.expected_calibration_error(b, np.linspace(0.05, 0.95, 8)),
        "y_true",
    ),
    ("cross_val_error y", lambda b: pe.cross_val_error(GaussianNB(), X8, b, cv=2, rng=0), "y"),
    (
        "permutation_test y",
        lambda b: pe.permutation_test(GaussianNB(), X8, b, n_resamples=3, cv=2),
        "y",
    ),
    ("AdaBoost.fit y", lambda b: pe.AdaBoost(n_estimators=2).fit(X8, b), "y"),
]

#: cluster labels: external, internal and stability measures under the same rule
CLUSTER_LABELS = [
    ("adjusted_rand_index labels_true", lambda b: pe.adjusted_rand_index(b, P8), "labels_true"),
    ("mutual_info labels_pred", lambda b: pe.mutual_info(Y8, b), "labels_pred"),
    ("contingency_matrix labels_pred", lambda b: pe.contingency_matrix(Y8, b), "labels_pred"),
    ("silhouette_width", lambda b: pe.silhouette_width(X8, b), "labels"),
    ("dunn_index", lambda b: pe.dunn_index(X8, b), "labels"),
    ("davies_bouldin_index", lambda b: pe.davies_bouldin_index(X8, b), "labels"),
    ("within_dispersion", lambda b: within_dispersion(X8, b), "labels"),
    ("jaccard_table", lambda b: jaccard_table(Y8, b), "labels_b"),
]


ALL = [(*c, "class") for c in CLASS_LABELS] + [(*c, "cluster") for c in CLUSTER_LABELS]


@pytest.mark.parametrize("kind", list(BAD))
@pytest.mark.parametrize(("case", "call", "arg", "what"), ALL, ids=[c[0] for c in ALL])
def test_bad_labels_raise_naming_the_argument(case, call, arg, what, kind):
    """Today's failures: kappa took inf and 0.1/0.7/0.3 as classes, the internal indices took
    inf as a cluster id, a mix of strings and numbers became strings (or a numpy TypeError)."""
    pattern = "^" + re.escape(arg) + " must be " + PATTERN[kind].replace("{what}", WHAT[what])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ValueError, match=pattern):
            call(list(BAD[kind]))


@pytest.mark.parametrize("what", ["class", "cluster"])
@pytest.mark.parametrize("kind", list(BAD))
def test_one_message_per_kind_everywhere(kind, what):
    messages = set()
    for _, call, arg, group in ALL:
        if group != what:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(ValueError) as info:
                call(list(BAD[kind]))
        messages.add(str(info.value).removeprefix(arg + " "))
    assert len(messages) == 1, messages


def test_kappa_mix_in_an_object_array_is_a_value_error_not_a_numpy_type_error():
    mixed = np.array(["a", 1, "a", 1], dtype=object)
    with pytest.raises(
        ValueError, match=r"^h1 must be class labels \(binary or multiclass\) of one type"
    ):
        pe.kappa(mixed, [0, 1, 0, 1])
    with pytest.raises(
        ValueError, match=r"^predictions must be class labels \(binary or multiclass\) of one"
    ):
        pe.pairwise_diversity(
            np.array([["a", 1, "a", 1], [0, 1, 0, 1]], dtype=object), measure="kappa"
        )


def test_a_list_mixing_strings_and_numbers_is_not_silently_strings():
    """numpy turns ['1', 1] into two equal strings '1'; the rule refuses it first."""
    with pytest.raises(ValueError, match=r"^labels_true must be cluster labels of one type"):
        pe.rand_index(["1", 1, "2", 2], [0, 0, 1, 1])
    with pytest.raises(
        ValueError, match=r"^y_true must be class labels \(binary or multiclass\) of one type"
    ):
        pe.test_error(["1", 1], ["1", "1"])


@pytest.mark.filterwarnings("ignore:invalid value encountered in cast:RuntimeWarning")
@pytest.mark.parametrize("values", [PROBA, INF, MIXED])
def test_scikit_learn_refuses_the_same_labels(values):
    """The rule is scikit-learn's: type_of_target calls probabilities 'continuous' (not
    class labels) and refuses inf; unique_labels refuses the mix of strings and numbers."""
    from sklearn.utils.multiclass import unique_labels

    if values is MIXED:  # scikit-learn checks the mix across y_true and y_pred
        with pytest.raises(ValueError, match="Mix of label input types"):
            unique_labels(np.array(["a", "b"]), np.array([0, 1]))
    elif values is INF:
        with pytest.raises(ValueError, match="infinity"):
            type_of_target(np.array(values))
    else:
        assert type_of_target(np.array(values)) == "continuous"


def test_integral_floats_stay_labels_with_the_same_results():
    """1.0 and 0.0 are labels (scikit-learn: 'binary'); results equal the integer labels'."""
    fy, fp = Y8.astype(float), P8.astype(float)
    assert type_of_target(fy) == "binary"
    assert pe.kappa(fy, fp) == pe.kappa(Y8, P8)
    assert pe.test_error(fy, fp).error == pe.test_error(Y8, P8).error
    assert pe.mcnemar_test(fy, fp, fy).pvalue == pe.mcnemar_test(Y8, P8, Y8).pvalue
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # integral float cluster ids no longer warn
        assert pe.adjusted_rand_index(fy, fp) == pe.adjusted_rand_index(Y8, P8)
        assert pe.silhouette_width(X8, fy) == pe.silhouette_width(X8, Y8)
    assert pe.roc_auc(fy, np.linspace(0, 1, 8)) == pe.roc_auc(Y8, np.linspace(0, 1, 8))


def test_strings_bools_negative_ids_and_tuples_stay_labels():
    assert pe.rand_index(["x", "x", "y"], [True, True, False]) == 1.0
    assert pe.adjusted_rand_index([-1, -1, 3, 3], [0, 0, 1, 1]) == 1.0
    ids = np.array([(1, 2), (1, 2), (3,), (3,)], dtype=object)
    assert pe.adjusted_rand_index(ids, [0, 0, 1, 1]) == 1.0


def test_a_classifier_still_meets_scikit_learns_regression_target_check():
    """scikit-learn's estimator check looks for "Unknown label type: " when a classifier is
    fitted on a continuous target; the rule's message keeps those words."""
    from sklearn.utils.estimator_checks import check_classifiers_regression_target

    for est in (
        pe.AdaBoost(n_estimators=2, random_state=0),
        pe.Bagging(n_estimators=2, random_state=0),
    ):
        check_classifiers_regression_target(type(est).__name__, est)


def test_vdm_values_are_categories_not_labels():
    """The values of a nominal attribute may be any hashable values (check_labels'
    kind="categories"); its class labels follow the rule."""
    res = pe.vdm(np.array(["x", 1, "x", 1, 0.5], dtype=object), [0, 0, 1, 1, 1], p=1)
    assert res.distance("x", 1) == 0.0 and res.distance(1, 0.5) > 0
    with pytest.raises(
        ValueError,
        match=r"^labels must be class labels \(binary or multiclass\); got a "
        r"'continuous' target",
    ):
        pe.vdm(["x", "y", "x"], [0.5, 0.5, 1.5], p=1)
