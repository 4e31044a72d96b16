"""patterneval.metrics: the one registry of metrics by name, against scikit-learn's."""

import numpy as np
import pytest
from sklearn import metrics as skm

from patterneval.compare.calibration import brier_decomposition, expected_calibration_error
from patterneval.metrics import METRICS, RESPONSES, Metric, get_metric

GEN = np.random.default_rng(4)
N = 300
Y2 = GEN.integers(0, 2, N)
SCORE = GEN.normal(size=N) + Y2
LABEL2 = (SCORE > 0.5).astype(int)
P2 = np.clip(1 / (1 + np.exp(-SCORE)), 0.01, 0.99)
Y3 = GEN.integers(0, 3, N)
LABEL3 = GEN.integers(0, 3, N)
P3 = GEN.dirichlet(np.ones(3), N)

#: name -> (scikit-learn's value on two classes, on three classes)
PEERS = {
    "accuracy": (skm.accuracy_score(Y2, LABEL2), skm.accuracy_score(Y3, LABEL3)),
    "error": (skm.zero_one_loss(Y2, LABEL2), skm.zero_one_loss(Y3, LABEL3)),
    "balanced_accuracy": (
        skm.balanced_accuracy_score(Y2, LABEL2),
        skm.balanced_accuracy_score(Y3, LABEL3),
    ),
    "f1": (skm.f1_score(Y2, LABEL2), skm.f1_score(Y3, LABEL3, average="macro")),
    "roc_auc": (skm.roc_auc_score(Y2, SCORE), skm.roc_auc_score(Y3, P3, multi_class="ovr")),
    "brier": (skm.brier_score_loss(Y2, P2), np.mean(np.sum((P3 - np.eye(3)[Y3]) ** 2, axis=1))),
    "neg_brier_score": (
        -skm.brier_score_loss(Y2, P2),
        -np.mean(np.sum((P3 - np.eye(3)[Y3]) ** 2, axis=1)),
    ),
    "log_loss": (skm.log_loss(Y2, P2), skm.log_loss(Y3, P3)),
    "neg_log_loss": (-skm.log_loss(Y2, P2), -skm.log_loss(Y3, P3)),
    "ece": (
        expected_calibration_error(Y2, P2).statistic,
        expected_calibration_error(Y3, P3).statistic,
    ),
}


def _response(metric, classes):
    if metric.response == "label":
        return LABEL2 if classes == 2 else LABEL3
    if metric.response == "score":
        return SCORE if classes == 2 else P3
    return P2 if classes == 2 else P3


def test_every_metric_has_a_peer():
    assert set(PEERS) == set(METRICS)
    assert all(m.name == name and m.response in RESPONSES for name, m in METRICS.items())


@pytest.mark.parametrize("name", list(METRICS))
@pytest.mark.parametrize("classes", [2, 3])
def test_each_metric_matches_scikit_learn(name, classes):
    m = METRICS[name]
    y = Y2 if classes == 2 else Y3
    value = m(y, _response(m, classes))
    assert isinstance(value, float)
    assert value == pytest.approx(PEERS[name][classes - 2], abs=1e-12)
    if m.per_sample is not None:  # the metric is the mean of its per-sample values, exactly
        values = m.per_sample(y, _response(m, classes))
        assert values.shape == (N,) and float(np.mean(values)) == value


def test_greater_is_better_and_scorer_names():
    greater = {name for name, m in METRICS.items() if m.greater_is_better}
    assert greater == {
        "accuracy",
        "balanced_accuracy",
        "f1",
        "roc_auc",
        "neg_brier_score",
        "neg_log_loss",
    }
    # scikit-learn's scorers of these names score in the same direction (greater is better)
    for name in (
        "accuracy",
        "balanced_accuracy",
        "f1",
        "roc_auc",
        "neg_brier_score",
        "neg_log_loss",
    ):
        assert name in skm.get_scorer_names()
    assert {name for name, m in METRICS.items() if m.per_sample is not None} == {
        "accuracy",
        "error",
        "brier",
        "neg_brier_score",
        "log_loss",
        "neg_log_loss",
    }


def test_brier_decomposition_takes_the_registry_brier():
    d = brier_decomposition(Y2, P2)
    assert d.brier == METRICS["brier"](Y2, P2)


def test_unknown_name_raises_naming_the_choices():
    with pytest.raises(
        ValueError, match=r"^metric must be one of \['accuracy', 'error'.*'ece'\]; got 'auc'"
    ):
        get_metric("auc")
    with pytest.raises(TypeError, match=r"^metric must be one of \[.*\] or a callable"):
        get_metric(3)
    with pytest.raises(ValueError, match=r"^response must be None or 'proba'"):
        get_metric("brier", response="label")
    with pytest.raises(ValueError, match=r"^greater_is_better must be None for metric='brier'"):
        get_metric("brier", greater_is_better=False)


def test_a_callable_becomes_a_metric():
    def hits(y, pred):
        return float(np.sum(pred == y))

    m = get_metric(hits, response="label", greater_is_better=True)
    assert isinstance(m, Metric) and m.name == "hits" and m.per_sample is None
    assert m(Y2, LABEL2) == float(np.sum(LABEL2 == Y2))
    assert (
        get_metric(hits).response == "label"
        and get_metric(hits, greater_is_better=False).greater_is_better is False
    )
