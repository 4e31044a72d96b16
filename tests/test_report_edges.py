"""The reports' less travelled paths, through the public calls: splitters and given pairs
described, hold-out sizes as counts, estimators with a decision function only or with no
score at all, cross-validations whose first repeat does not test every sample once, the
readings of decided pairs, Holm against a control when Friedman does not reject, one
feature for the clustering report, names refused, and the book's links.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import RidgeClassifier
from sklearn.model_selection import ShuffleSplit, StratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import patterneval as pe
from patterneval.book.internal_indices import blob_data
from patterneval.book.many_classifiers import demsar_table
from patterneval.report import _base


class NearestMean(ClassifierMixin, BaseEstimator):
    """A classifier with neither ``predict_proba`` nor ``decision_function``."""

    def fit(self, X, y):
        X, y = np.asarray(X, dtype=float), np.asarray(y)
        self.classes_ = np.unique(y)
        self.means_ = np.array([X[y == c].mean(axis=0) for c in self.classes_])
        return self

    def predict(self, X):
        d = ((np.asarray(X, dtype=float)[:, None, :] - self.means_[None]) ** 2).sum(axis=-1)
        return self.classes_[d.argmin(axis=1)]


@pytest.fixture(scope="module")
def cancer():
    X, y = load_breast_cancer(return_X_y=True)
    return X[::2], y[::2]


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


@pytest.fixture
def book_url():
    """Restores the book's address after a test that sets it."""
    before = _base._BOOK_URL[0]
    yield
    pe.report.set_book_url(before)


# ------------------------------------------------------------------ evaluate_classifier


def test_evaluate_describes_a_splitter_and_notes_scores_it_cannot_pool(cancer):
    X, y = cancer
    rep = pe.evaluate_classifier(
        GaussianNB(), X, y, cv=ShuffleSplit(3, test_size=0.3, random_state=0), n_resamples=3, rng=0
    )
    assert rep.cv_description == "ShuffleSplit (3 splits)"
    assert rep.auc is None and rep.calibration is None and rep.score_source is None
    note = (
        "No AUC or calibration: the first repeat of cv does not test every sample once "
        "(give test_size for hold-out scores)."
    )
    assert rep.notes == (note,) and rep.summary().endswith(note)


def test_evaluate_describes_given_pairs_and_scores_them_out_of_fold(cancer):
    X, y = cancer
    pairs = list(StratifiedKFold(3, shuffle=True, random_state=0).split(X, y))
    rep = pe.evaluate_classifier(GaussianNB(), X, y, cv=pairs, n_resamples=3, rng=0)
    assert rep.cv_description == "given (train, test) pairs (3 splits)"
    assert rep.score_source == "out-of-fold" and rep.auc is not None


def test_evaluate_takes_a_hold_out_size_as_a_count(cancer):
    X, y = cancer
    rep = pe.evaluate_classifier(GaussianNB(), X, y, cv=3, n_resamples=3, test_size=40, rng=0)
    assert rep.holdout.n == 40 and rep.holdout_indices[1].size == 40
    assert rep.n_resampled == y.size - 40


def test_evaluate_refuses_a_fraction_that_empties_a_class(iris):
    X, y = iris
    with pytest.raises(ValueError, match="test_size must be a fraction that leaves every class"):
        pe.evaluate_classifier(GaussianNB(), X, y, cv=2, n_resamples=2, test_size=0.01)


def test_evaluate_names_test_size_when_the_split_cannot_be_stratified():
    # a class of one sample cannot be on both sides of the split
    X, y = np.arange(40.0).reshape(20, 2), np.array([0] * 10 + [1] * 9 + [2])
    with pytest.raises(
        ValueError, match="test_size must be a split that leaves every class on both sides; got 5"
    ):
        pe.evaluate_classifier(GaussianNB(), X, y, cv=2, n_resamples=2, test_size=5, rng=0)


def test_evaluate_hold_out_auc_from_the_decision_function(cancer):
    X, y = cancer
    rep = pe.evaluate_classifier(RidgeClassifier(), X, y, cv=3, n_resamples=3, test_size=0.3, rng=0)
    train, test = rep.holdout_indices
    scores = RidgeClassifier().fit(X[train], y[train]).decision_function(X[test])
    assert rep.score_source == "hold-out"
    assert rep.auc.statistic == pe.delong_interval(y[test], scores).statistic
    assert rep.calibration is None and rep.brier is None


def test_evaluate_multiclass_hold_out_without_probabilities_has_no_scores(iris):
    X, y = iris
    rep = pe.evaluate_classifier(RidgeClassifier(), X, y, cv=3, n_resamples=3, test_size=0.3, rng=0)
    assert rep.auc is None and rep.calibration is None and rep.score_source is None
    assert rep.notes == ("No AUC: more than two classes.",)


def test_evaluate_notes_an_estimator_without_scores(cancer):
    X, y = cancer
    rep = pe.evaluate_classifier(NearestMean(), X, y, cv=3, n_resamples=3, rng=0)
    assert rep.auc is None and rep.calibration is None
    assert rep.notes == (
        "No AUC or calibration: the estimator has neither predict_proba nor decision_function.",
    )


def test_evaluate_names_a_pipeline_by_its_steps(cancer):
    X, y = cancer
    rep = pe.evaluate_classifier(
        make_pipeline(StandardScaler(), GaussianNB()), X, y, cv=3, n_resamples=3, rng=0
    )
    assert rep.name == "StandardScaler+GaussianNB"
    assert rep.summary().startswith("StandardScaler+GaussianNB: error ")


def test_evaluate_figure_without_auc_draws_the_estimates(iris):
    pytest.importorskip("matplotlib")
    X, y = iris
    rep = pe.evaluate_classifier(GaussianNB(), X, y, cv=3, n_resamples=3, rng=0)
    fig = rep.figure()
    (ax,) = fig.axes
    assert [t.get_text() for t in ax.get_yticklabels()] == list(rep.to_frame().index)
    assert ax.get_xlabel() == "error rate"


def test_methods_are_the_links(cancer):
    X, y = cancer
    rep = pe.evaluate_classifier(GaussianNB(), X, y, cv=3, n_resamples=3, test_size=0.3, rng=0)
    names = [m.name for m in rep.methods]
    assert names == list(rep.links) and names[:3] == [
        "cross-validation",
        ".632+ bootstrap",
        "hold-out error with Wilson interval",
    ]


# ------------------------------------------------------------------ compare_classifiers


def test_compare_reads_a_decided_pair_in_either_order(cancer):
    X, y = cancer
    for order in ([GaussianNB(), DummyClassifier()], [DummyClassifier(), GaussianNB()]):
        rep = pe.compare_classifiers(order, X, y, cv=5, rng=0)
        p = rep.pairs[0]
        assert p.pvalue_holm <= 0.05 and max(p.bayes.p_a_better, p.bayes.p_b_better) >= 0.95
        assert (
            ": GaussianNB scores higher than DummyClassifier; GaussianNB is practically better."
            in rep.summary()
        )


def test_compare_reads_practical_equivalence_within_the_rope(cancer):
    X, y = cancer
    rep = pe.compare_classifiers(
        [GaussianNB(), DecisionTreeClassifier(max_depth=3, random_state=0)],
        X,
        y,
        cv=5,
        rope=0.2,
        rng=0,
    )
    assert rep.pairs[0].bayes.p_rope >= 0.95
    assert "practically equivalent within ±0.200" in rep.summary()


def test_compare_notes_no_auc_when_the_first_repeat_is_no_partition(cancer):
    X, y = cancer
    rep = pe.compare_classifiers(
        [GaussianNB(), DecisionTreeClassifier(max_depth=3, random_state=0)],
        X,
        y,
        cv=ShuffleSplit(4, test_size=0.3, random_state=0),
        rng=0,
    )
    assert rep.auc is None and rep.pairs[0].delong is None
    note = "No AUC: the first repeat of cv does not test every sample once (give test_size)."
    assert rep.notes == (note,) and rep.summary().endswith(note)


def test_compare_hold_out_auc_from_the_decision_function(cancer):
    X, y = cancer
    rep = pe.compare_classifiers(
        [GaussianNB(), RidgeClassifier()], X, y, cv=3, test_size=0.3, rng=0
    )
    train, test = rep.holdout_indices
    ridge = RidgeClassifier().fit(X[train], y[train]).decision_function(X[test])
    assert rep.score_source == "hold-out"
    assert rep.auc[1].statistic == pe.delong_interval(y[test], ridge).statistic


def test_compare_hold_out_without_scores_runs_mcnemar_only(cancer):
    X, y = cancer
    rep = pe.compare_classifiers([GaussianNB(), NearestMean()], X, y, cv=3, test_size=0.3, rng=0)
    p = rep.pairs[0]
    assert p.mcnemar is not None and p.delong is None
    assert rep.auc is None and rep.score_source is None and rep.notes == ()
    assert "DeLong" not in rep.summary()


def test_compare_refuses_a_name_that_is_no_string_and_an_unknown_frame(cancer):
    X, y = cancer
    rep = pe.compare_classifiers(
        [GaussianNB(), DecisionTreeClassifier(max_depth=3, random_state=0)], X, y, cv=3, rng=0
    )
    with pytest.raises(TypeError, match="a must be a classifier name"):
        rep.pair(0, "GaussianNB")
    with pytest.raises(ValueError, match="which must be 'pairs' or 'models'"):
        rep.to_frame("splits")


# ------------------------------------------------------------------ compare_on_datasets

# Holm against C1 separates a pair while Iman-Davenport's F does not reject (p = 0.092)
HOLM_WITHOUT_FRIEDMAN = np.array(
    [
        [3, 2, 1, 0, 4],
        [4, 2, 1, 0, 3],
        [3, 1, 2, 4, 0],
        [3, 4, 0, 2, 1],
        [4, 3, 0, 2, 1],
    ],
    dtype=float,
)


def test_datasets_says_holm_would_separate_when_friedman_does_not_reject():
    rep = pe.compare_on_datasets(HOLM_WITHOUT_FRIEDMAN, control=0, rng=0)
    assert not rep.friedman_rejects and rep.holm.reject.any()
    R = rep.friedman.average_ranks
    found = [int(j) for j, r in zip(rep.holm.classifiers, rep.holm.reject) if r]
    text = rep.summary()
    assert " and would separate " in text
    for j in found:  # the better (lower) average rank first
        better, worse = ("C1", f"C{j + 1}") if R[0] < R[j] else (f"C{j + 1}", "C1")
        assert f"{better} from {worse}" in text
    assert "ranks better than" not in text


def test_datasets_methods_name_holm_against_a_control():
    t = demsar_table()
    rep = pe.compare_on_datasets(t.scores, names=t.classifiers, control=0, rng=0)
    names = [m.name for m in rep.methods]
    assert "Holm's procedure against a control" in names
    assert "Nemenyi test and critical difference" not in names


def test_datasets_reads_every_pair_equivalent_within_a_wide_rope():
    t = demsar_table()
    rep = pe.compare_on_datasets(t.scores, names=t.classifiers, rope=0.5, rng=0)
    assert all(r.p_rope >= 0.95 for r in rep.signed_rank.values())
    text = rep.summary()
    assert text.count("are practically equivalent (P = ") == 6
    assert text.endswith("C4.5+cf and C4.5+m+cf are practically equivalent (P = 1.000).")
    assert "undecided" not in text


@pytest.mark.parametrize(
    "names, error, match",
    [
        ("abcd", TypeError, "names must be a sequence of 4 names"),
        ([1, 2, 3, 4], TypeError, "names must be names that are strings"),
        (["a", "a", "b", "c"], ValueError, "names must be distinct names"),
    ],
)
def test_datasets_refuses_bad_names(names, error, match):
    t = demsar_table()
    with pytest.raises(error, match=match):
        pe.compare_on_datasets(t.scores, names=names)


# ------------------------------------------------------------------ assess_clustering


def test_clustering_with_one_feature_has_no_removal_measures():
    X, _ = blob_data(8.0, n=40, rng=0)
    X1 = X[:, :1]
    rep = pe.assess_clustering(X1, pe.KMeans(), [2, 3], n_references=3, n_resamples=3, rng=0)
    assert rep.removal == {}
    for key in ("apn", "ad", "adm", "fom"):
        assert np.all(np.isnan(rep.values[key])) and rep.chosen[key] is None
    for t, k in enumerate(rep.k_values):
        codes = rep.labels[int(k)]
        assert np.unique(codes).size == k
        assert rep.values["silhouette"][t] == pe.silhouette_width(X1, codes)
    assert "AD and FOM" not in rep.summary()


# ------------------------------------------------------------------ the book's links


def test_links_follow_the_book_url(cancer, book_url):
    X, y = cancer
    rep = pe.evaluate_classifier(GaussianNB(), X, y, cv=3, n_resamples=3, rng=0)
    chapter = "book/part1/cross-validation.html"
    pe.report.set_book_url(None)
    assert f"chapter <code>{chapter}</code>" in rep._repr_html_()
    pe.report.set_book_url("https://example.org/book")
    assert f"<a href='https://example.org/book/{chapter}'>chapter</a>" in rep._repr_html_()
    assert f"[chapter](https://example.org/book/{chapter})" in rep.to_markdown()


@pytest.mark.parametrize("url", ["", "  ", 3])
def test_set_book_url_refuses_what_is_no_address(url, book_url):
    with pytest.raises(TypeError, match="url must be a non-empty str"):
        pe.report.set_book_url(url)
