"""The reports: one call per question, with the reasoning shown.

The main contract: a report's numbers are the underlying functions' numbers, on the same
splits and seeds (each report keeps ``cv`` and the ``seeds`` it drew from ``rng``). Then:
a two-classifier comparison in at most five lines of user code, Demšar's table through
the many-data-set flow, k chosen on seeded blobs, and the renderings (summary, Markdown,
LaTeX, HTML, frames, links to chapters and API entries that exist).
"""

from __future__ import annotations

import pathlib
import re
import sys

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC
from sklearn.tree import DecisionTreeClassifier

import patterneval as pe
from patterneval._engine import cv_splits
from patterneval.book.internal_indices import blob_data
from patterneval.book.many_classifiers import demsar_table
from patterneval.compare.out_of_fold import out_of_fold_predictions
from patterneval.report.comparison import holm_adjust, mean_score_interval

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cancer():
    return load_breast_cancer(return_X_y=True)


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


@pytest.fixture(scope="module")
def evaluated(cancer):
    X, y = cancer
    return pe.evaluate_classifier(GaussianNB(), X, y, cv=3, n_resamples=10, rng=1)


@pytest.fixture(scope="module")
def evaluated_holdout(cancer):
    X, y = cancer
    return pe.evaluate_classifier(GaussianNB(), X, y, cv=3, n_resamples=10, test_size=0.25, rng=2)


@pytest.fixture(scope="module")
def compared(cancer):
    X, y = cancer
    return pe.compare_classifiers(
        [GaussianNB(), DecisionTreeClassifier(max_depth=3, random_state=0), KNeighborsClassifier()],
        X,
        y,
        cv=3,
        test_size=0.3,
        rng=0,
    )


@pytest.fixture(scope="module")
def demsar():
    t = demsar_table()
    return pe.compare_on_datasets(t.scores, names=t.classifiers, datasets=t.datasets, rng=0)


@pytest.fixture(scope="module")
def blobs():
    X, _ = blob_data(8.0, n=60, rng=0)
    return X, pe.assess_clustering(
        X, pe.KMeans(), [1, 2, 3, 4], n_references=5, n_resamples=4, rng=0
    )


# ------------------------------------------------------------------ numbers = the functions'


def test_evaluate_numbers_equal_the_functions(cancer, evaluated):
    X, y = cancer
    rep = evaluated
    cv = pe.cross_val_error(GaussianNB(), X, y, cv=rep.cv, rng=rep.seeds["cv"])
    np.testing.assert_array_equal(rep.cross_validation.fold_errors, cv.fold_errors)
    assert rep.cross_validation.error == cv.error
    boot = pe.bootstrap_error(
        GaussianNB(), X, y, n_resamples=10, method=".632+", rng=rep.seeds["bootstrap"]
    )
    assert rep.bootstrap.estimate == boot.estimate
    # out-of-fold scores: the first (only) repeat of the same folds
    first = cv_splits(rep.cv, y, stratify=True, rng=np.random.default_rng(rep.seeds["cv"]))[0]
    (proba,), codes, _ = out_of_fold_predictions(GaussianNB(), X, y, response="proba", cv=first)
    assert rep.auc.statistic == pe.delong_interval(codes, proba).statistic
    ref = pe.delong_interval(codes, proba)
    assert (rep.auc.low, rep.auc.high) == (ref.low, ref.high)
    assert rep.calibration.statistic == pe.expected_calibration_error(codes, proba).statistic
    assert rep.brier.brier == pe.brier_decomposition(codes, proba).brier
    assert rep.score_source == "out-of-fold" and rep.holdout is None
    # the table is the attributes
    frame = rep.to_frame()
    np.testing.assert_allclose(
        frame["value"].to_numpy(),
        [cv.error, boot.estimate, rep.auc.statistic, rep.calibration.statistic, rep.brier.brier],
    )


def test_evaluate_holdout_is_used_by_nothing_else(cancer, evaluated_holdout):
    from sklearn.model_selection import train_test_split

    X, y = cancer
    rep = evaluated_holdout
    train, test = rep.holdout_indices
    t2, s2 = train_test_split(
        np.arange(y.size), test_size=0.25, stratify=y, random_state=rep.seeds["holdout"]
    )
    np.testing.assert_array_equal(train, np.sort(t2))
    np.testing.assert_array_equal(test, np.sort(s2))
    assert rep.n_resampled == train.size and rep.holdout.n == test.size
    model = GaussianNB().fit(X[train], y[train])
    est = pe.test_error(y[test], model.predict(X[test]))
    assert (rep.holdout.k, rep.holdout.n) == (est.k, est.n)
    assert tuple(rep.holdout_interval) == tuple(pe.binomial_interval(est.k, est.n, method="wilson"))
    assert rep.auc.statistic == pe.roc_auc(y[test], model.predict_proba(X[test])[:, 1])
    cv = pe.cross_val_error(GaussianNB(), X[train], y[train], cv=rep.cv, rng=rep.seeds["cv"])
    assert rep.cross_validation.error == cv.error
    assert rep.score_source == "hold-out"


def test_evaluate_default_cv_is_ten_by_ten(iris):
    X, y = iris
    rep = pe.evaluate_classifier(GaussianNB(), X, y, n_resamples=5, rng=0)
    assert rep.cross_validation.fold_errors.shape == (10, 10)
    assert rep.cv_description == "10 x 10-fold stratified CV"
    assert rep.auc is None and rep.calibration is not None and rep.brier is None  # 3 classes
    assert "No AUC: more than two classes." in rep.summary()


def test_evaluate_without_proba_gives_auc_from_decision_function(cancer):
    X, y = cancer
    rep = pe.evaluate_classifier(LinearSVC(), X[:, :5], y, cv=3, n_resamples=5, rng=0)
    assert rep.auc is not None and rep.calibration is None and rep.brier is None


def test_compare_numbers_equal_the_functions(cancer, compared):
    X, y = cancer
    rep = compared
    train, test = rep.holdout_indices
    estimators = [
        GaussianNB(),
        DecisionTreeClassifier(max_depth=3, random_state=0),
        KNeighborsClassifier(),
    ]
    scores = pe.cv_scores(estimators, X[train], y[train], cv=rep.cv, rng=rep.seeds["cv"])
    np.testing.assert_array_equal(rep.scores.scores, scores.scores)
    assert len(rep.pairs) == 3
    p_values = []
    for p in rep.pairs:
        two = scores.select(p.a, p.b)
        c = pe.corrected_resampled_ttest(two)
        b = pe.bayesian_correlated_ttest(two, rope=0.01)
        assert (p.corrected.statistic, p.corrected.pvalue) == (c.statistic, c.pvalue)
        assert (p.bayes.p_a_better, p.bayes.p_rope, p.bayes.p_b_better) == (
            b.p_a_better,
            b.p_rope,
            b.p_b_better,
        )
        from scipy import stats

        half = stats.t.ppf(0.975, c.df) * c.std_error
        np.testing.assert_allclose(
            p.difference_interval, (c.mean_difference - half, c.mean_difference + half)
        )
        p_values.append(c.pvalue)
        i, j = rep.names.index(p.a), rep.names.index(p.b)
        preds = [
            est.fit(X[train], y[train]).predict(X[test]) for est in (estimators[i], estimators[j])
        ]
        m = pe.mcnemar_test(y[test], *preds)
        assert (p.mcnemar.b, p.mcnemar.c, p.mcnemar.pvalue) == (m.b, m.c, m.pvalue)
        sa, sb = (est.predict_proba(X[test])[:, 1] for est in (estimators[i], estimators[j]))
        assert p.delong.pvalue == pe.delong_test(y[test], sa, sb).pvalue
    np.testing.assert_allclose([p.pvalue_holm for p in rep.pairs], holm_adjust(p_values))
    for e, name in enumerate(rep.names):
        np.testing.assert_allclose(
            rep.mean_intervals[e],
            mean_score_interval(scores[name], scores.n_train, scores.n_test, confidence_level=0.95),
        )
    assert rep.score_source == "hold-out"


def test_holm_adjust_and_mean_interval_by_formula():
    # Holm: sorted 0.01, 0.03, 0.04 -> 3*0.01, max(0.03, 2*0.03), max(0.06, 1*0.04)
    np.testing.assert_allclose(holm_adjust([0.01, 0.04, 0.03]), [0.03, 0.06, 0.06])
    np.testing.assert_allclose(holm_adjust([0.5, 0.6]), [1.0, 1.0])
    from scipy import stats

    s = np.array([0.8, 0.9, 0.85, 0.95])
    half = stats.t.ppf(0.975, 3) * np.sqrt((1 / 4 + 10 / 90) * s.var(ddof=1))
    np.testing.assert_allclose(mean_score_interval(s, 90, 10), (s.mean() - half, s.mean() + half))


def test_two_classifiers_in_five_lines(cancer):
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression

    X, y = load_breast_cancer(return_X_y=True)
    report = pe.compare_classifiers(
        {"NB": GaussianNB(), "LR": make_pipeline(StandardScaler(), LogisticRegression())},
        X,
        y,
        cv=3,
        rng=0,
    )
    text = report.summary()
    assert text.startswith("NB and LR differ by ")
    assert "in accuracy; corrected t p" in text and "P(NB practically better) = " in text
    # out-of-fold AUCs on the same folds as the scores (one repeat)
    (sa, sb), codes, _ = out_of_fold_predictions(
        [GaussianNB(), make_pipeline(StandardScaler(), LogisticRegression())],
        X,
        y,
        response="score",
        cv=list(report.scores.splits),
    )
    assert report.pairs[0].delong.pvalue == pe.delong_test(codes, sa, sb).pvalue
    assert report.score_source == "out-of-fold"


def test_datasets_numbers_equal_the_functions(demsar):
    t = demsar_table()
    rep = demsar
    f = pe.friedman_test(t.scores)
    assert (rep.friedman.statistic, rep.friedman.iman_davenport_pvalue) == (
        f.statistic,
        f.iman_davenport_pvalue,
    )
    n = pe.nemenyi_test(t.scores)
    np.testing.assert_array_equal(rep.nemenyi.pvalue, n.pvalue)
    assert rep.critical_difference.value == pe.critical_difference(4, 14).value
    for (a, b), res in rep.signed_rank.items():
        i, j = t.classifiers.index(a), t.classifiers.index(b)
        ref = pe.bayesian_signed_rank(
            t.scores[:, i], t.scores[:, j], rope=0.01, rng=rep.seeds[f"{a} - {b}"]
        )
        assert (res.p_a_better, res.p_rope, res.p_b_better) == (
            ref.p_a_better,
            ref.p_rope,
            ref.p_b_better,
        )
    assert len(rep.signed_rank) == 6


def test_demsar_published_numbers():
    """Demšar (2006), section 3.2.4: with his ranks, chi2_F = 9.28, F_F = 3.69, the Nemenyi
    CD 1.25 and the Bonferroni-Dunn CD 1.16 (k = 4, N = 14, alpha = 0.05)."""
    t = demsar_table()
    rep = pe.compare_on_datasets(-t.published_ranks, names=t.classifiers, rng=0)
    assert (
        round(rep.friedman.statistic, 2) == 9.28 and round(rep.friedman.iman_davenport, 2) == 3.69
    )
    assert round(rep.critical_difference.value, 2) == 1.25
    rep = pe.compare_on_datasets(
        -t.published_ranks, names=t.classifiers, control="C4.5+m+cf", rng=0
    )
    assert round(rep.critical_difference.value, 2) == 1.17  # q = 2.394: 1.168 (Demšar prints 1.16)
    h = pe.holm_test(-t.published_ranks, control=3)
    np.testing.assert_array_equal(rep.holm.adjusted_pvalue, h.adjusted_pvalue)
    assert "Holm's procedure against C4.5+m+cf" in rep.summary()
    assert set(rep.signed_rank) == {("C4.5+m+cf", n) for n in t.classifiers[:3]}


def test_datasets_dataframe_and_lower_is_better():
    t = demsar_table()
    frame = pd.DataFrame(1 - t.scores, columns=list(t.classifiers), index=list(t.datasets))
    rep = pe.compare_on_datasets(frame, lower_is_better=True, rng=0)
    assert rep.names == t.classifiers and rep.datasets == t.datasets
    up = pe.compare_on_datasets(t.scores, names=t.classifiers, rng=0)
    np.testing.assert_allclose(rep.friedman.average_ranks, up.friedman.average_ranks)
    for key, res in rep.signed_rank.items():
        np.testing.assert_allclose(res.differences, up.signed_rank[key].differences, atol=1e-12)


def test_assess_clustering_picks_three_blobs(blobs):
    X, rep = blobs
    assert rep.chosen["gap"] == 3
    assert all(
        rep.chosen[key] == 3
        for key in ("stability", "silhouette", "dunn", "davies_bouldin", "calinski_harabasz")
    )
    gap = pe.gap_statistic(X, pe.KMeans(), [1, 2, 3, 4], n_references=5, rng=rep.seeds["gap"])
    np.testing.assert_array_equal(rep.gap.gap, gap.gap)
    for t, k in enumerate(rep.k_values):
        if k == 1:
            assert all(np.isnan(rep.values[key][0]) for key in rep.values)
            continue
        st = pe.cluster_stability(X, pe.KMeans(k), n_resamples=4, rng=rep.seeds[f"stability {k}"])
        assert rep.values["stability"][t] == st.stability.mean()
        assert rep.values["apn"][t] == pe.apn(X, pe.KMeans(k), rng=rep.seeds[f"removal {k}"])
        assert rep.values["fom"][t] == pe.fom(X, pe.KMeans(k), rng=rep.seeds[f"removal {k}"])
        assert rep.values["ad"][t] == pe.ad(X, pe.KMeans(k), rng=rep.seeds[f"removal {k}"])
        assert rep.values["adm"][t] == pe.adm(X, pe.KMeans(k), rng=rep.seeds[f"removal {k}"])
        labels = rep.labels[k]
        assert rep.values["silhouette"][t] == pe.silhouette_width(X, labels)
        assert rep.values["davies_bouldin"][t] == pe.davies_bouldin_index(X, labels)
        assert rep.values["calinski_harabasz"][t] == pe.calinski_harabasz_index(X, labels)
    assert "All 8 criteria that choose k pick k = 3." in rep.summary()


# ------------------------------------------------------------------ renderings


def _reports(evaluated, evaluated_holdout, compared, demsar, blobs):
    return [evaluated, evaluated_holdout, compared, demsar, blobs[1]]


def test_summaries_make_correct_statements(evaluated, evaluated_holdout, compared, demsar, blobs):
    for rep in _reports(evaluated, evaluated_holdout, compared, demsar, blobs):
        text = rep.summary()
        assert text and "accept" not in text.lower() and "nan" not in text.lower()
        assert repr(rep).startswith(type(rep).__name__ + "(") and "\n" not in repr(rep)
    # a non-significant pair is "not established", never "equal"
    for p in compared.pairs:
        reading = compared._verdict(p)
        assert ("no difference in accuracy is established" in reading) == (p.pvalue_holm > 0.05)
    assert "equal" not in compared.summary()


def test_markdown_latex_html_and_frames(evaluated, evaluated_holdout, compared, demsar, blobs):
    for rep in _reports(evaluated, evaluated_holdout, compared, demsar, blobs):
        md = rep.to_markdown()
        assert md.startswith("### ") and "*Methods.*" in md and "|---|" in md
        for ref in rep.references():
            assert ref in md
        tex = rep.to_latex()
        assert tex.count(r"\begin{table}") == len(rep._tables()) and r"\toprule" in tex
        assert "%" not in tex.replace(r"\%", "")  # escaped
        html = rep._repr_html_()
        assert "<table>" in html and 'src="data:image/png;base64,' in html
        assert isinstance(rep.to_frame(), pd.DataFrame)
    assert (
        "Nadeau & Bengio 2003" in compared.to_markdown() and "Holm 1979" in compared.to_markdown()
    )
    assert r"Dem\v{s}ar 2006" in demsar.to_latex()
    assert "Tibshirani et al. 2001" in blobs[1].to_markdown()
    assert "DeLong et al. 1988" in evaluated.to_markdown()
    models = compared.to_frame("models")
    assert list(models.index) == list(compared.names) and "auc" in models
    assert list(blobs[1].to_frame().index) == [1, 2, 3, 4]


def test_html_without_matplotlib_is_text(evaluated, monkeypatch):
    monkeypatch.setitem(sys.modules, "patterneval.plotting", None)
    html = evaluated._repr_html_()
    assert "<img" not in html and "install matplotlib" in html


def test_links_point_to_existing_chapters_and_api_entries(
    evaluated_holdout, compared, demsar, blobs
):
    """Every link: the chapter's notebook exists, and the API entry ``patterneval.<name>``
    is a top-level name documented on that page (its module is listed there)."""
    for rep in (evaluated_holdout, compared, demsar, blobs[1]):
        assert rep.links
        for chapter, api in rep.links.values():
            assert (ROOT / chapter).with_suffix(".ipynb").exists(), chapter
            page, anchor = api.split("#")
            name = anchor.removeprefix("patterneval.")
            assert name in pe.__all__, anchor
            rst = (ROOT / page).with_suffix(".rst").read_text()
            module = getattr(pe, name).__module__
            assert any(
                module == m or module.startswith(m + ".")
                for m in re.findall(r"api-members::\s*(\S+)", rst)
            ), (api, module)


def test_pair_lookup(compared):
    a, b = compared.names[:2]
    assert compared.pair(b, a) is compared.pairs[0]
    with pytest.raises(ValueError, match="a must be one of the names"):
        compared.pair("nope", b)
    with pytest.raises(ValueError, match="b must be a name other than a"):
        compared.pair(a, a)


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(test_size=1.5), ValueError, "test_size"),
        (dict(test_size=1), ValueError, "test_size"),
        (dict(test_size="a"), TypeError, "test_size"),
        (dict(confidence_level=1.0), ValueError, "confidence_level"),
        (dict(n_resamples=0), ValueError, "n_resamples"),
        (dict(random_state=0), TypeError, "rng="),
        (dict(n_splits=3), TypeError, "cv="),
    ],
)
def test_evaluate_bad_input(iris, kwargs, error, match):
    X, y = iris
    with pytest.raises(error, match=match):
        pe.evaluate_classifier(GaussianNB(), X, y, **{"cv": 2, "n_resamples": 2, **kwargs})


def test_compare_bad_input(iris):
    X, y = iris
    with pytest.raises(ValueError, match="estimators must be two or more classifiers"):
        pe.compare_classifiers([GaussianNB()], X, y, cv=2)
    with pytest.raises(ValueError, match="rope"):
        pe.compare_classifiers([GaussianNB(), GaussianNB()], X, y, cv=2, rope=-0.1)
    with pytest.raises(ValueError, match="alpha"):
        pe.compare_classifiers([GaussianNB(), GaussianNB()], X, y, cv=2, alpha=1.0)
    with pytest.raises(
        ValueError, match="estimators must be classifiers whose accuracy differences vary"
    ):
        pe.compare_classifiers(
            [GaussianNB(), GaussianNB()], X, y, cv=3, rng=0
        )  # tied on every split


def test_datasets_bad_input():
    t = demsar_table()
    with pytest.raises(ValueError, match="names"):
        pe.compare_on_datasets(t.scores, names=["a", "b"])
    with pytest.raises(ValueError, match="datasets"):
        pe.compare_on_datasets(t.scores, datasets=["a"])
    with pytest.raises(ValueError, match="control"):
        pe.compare_on_datasets(t.scores, control="nope")
    with pytest.raises(ValueError, match="control"):
        pe.compare_on_datasets(t.scores, control=4)


def test_clustering_bad_input():
    X, _ = blob_data(8.0, n=30, rng=0)
    with pytest.raises(ValueError, match="k_values"):
        pe.assess_clustering(X, pe.KMeans(), [1])
    with pytest.raises(ValueError, match="n_resamples"):
        pe.assess_clustering(X, pe.KMeans(), [2], n_resamples=0)


def test_compare_on_datasets_takes_a_list_of_cv_scores():
    """As the rank tests do: one CVScores per data set, each reduced to its means, the
    names kept; the numbers equal those of the table of means."""
    from sklearn.datasets import load_breast_cancer, load_iris, load_wine
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    models = {"nb": GaussianNB(), "tree": DecisionTreeClassifier(max_depth=2, random_state=0)}
    runs = [
        pe.cv_scores(models, *load(return_X_y=True), cv=3, rng=0)
        for load in (load_iris, load_wine, load_breast_cancer)
    ]
    rep = pe.compare_on_datasets(runs, rng=0)
    table = pe.compare_on_datasets(np.array([r.mean() for r in runs]), names=["nb", "tree"], rng=0)
    assert rep.friedman.statistic == table.friedman.statistic
    assert "nb" in rep.to_markdown() and "tree" in rep.to_markdown()


#: The fits of :class:`_CountingNB`: (its tag, training size), one per fit.
COUNTED_FITS: list[tuple[str, int]] = []


class _CountingNB(GaussianNB):
    """Gaussian naive Bayes (predict_proba) that records each fit with its ``tag``."""

    def __init__(self, tag="a", var_smoothing=1e-9):
        super().__init__(var_smoothing=var_smoothing)
        self.tag = tag

    def fit(self, X, y, sample_weight=None):
        COUNTED_FITS.append((self.tag, len(y)))
        return super().fit(X, y, sample_weight=sample_weight)


class _CountingSVC(LinearSVC):
    """A linear SVM (decision_function only) that records each fit with its ``tag``."""

    def __init__(self, tag="b", C=1.0):
        super().__init__(C=C)
        self.tag = tag

    def fit(self, X, y, sample_weight=None):
        COUNTED_FITS.append((self.tag, len(y)))
        return super().fit(X, y, sample_weight=sample_weight)


@pytest.mark.parametrize(
    "cv, test_size, n_cv_fits",
    [
        (5, None, 5),  # the out-of-fold scores come from these 5 fits
        (RepeatedStratifiedKFold(n_splits=4, n_repeats=2, random_state=0), None, 8),
        (5, 0.25, 5),  # plus the hold-out's one fit, whose model gives the scores
    ],
)
def test_evaluate_fits_each_split_once(cancer, cv, test_size, n_cv_fits):
    """One fit per (train, test) split, one for the hold-out, 1 + n_resamples for the
    .632+ bootstrap: the out-of-fold scores of the first repeat come from the models of the
    cross-validation, not from refits; and the report's scores equal
    out_of_fold_predictions' on the same folds."""
    X, y = cancer
    X = X[::2, :2]
    y = y[::2]
    COUNTED_FITS.clear()
    rep = pe.evaluate_classifier(
        _CountingNB(), X, y, cv=cv, test_size=test_size, n_resamples=7, rng=0
    )
    n_holdout = 0 if test_size is None else 1
    assert len(COUNTED_FITS) == n_cv_fits + n_holdout + (1 + 7)
    assert rep.auc is not None and rep.calibration is not None
    if test_size is None:
        first = cv_splits(rep.cv, y, stratify=True, rng=np.random.default_rng(rep.seeds["cv"]))[0]
        (proba,), codes, _ = out_of_fold_predictions(GaussianNB(), X, y, response="proba", cv=first)
        np.testing.assert_array_equal(rep._scores, proba)
        np.testing.assert_array_equal(rep._y_scores, codes)


def test_compare_fits_each_split_once_per_classifier(cancer):
    """Two classifiers on 4-fold CV repeated twice: 8 fits each, the first repeat's models
    also giving the out-of-fold scores of the AUCs (decision_function for the SVM,
    probabilities for naive Bayes); with a hold-out, one more fit each."""
    X, y = cancer
    X = X[::2, :2]
    y = y[::2]
    cv = RepeatedStratifiedKFold(n_splits=4, n_repeats=2, random_state=0)
    COUNTED_FITS.clear()
    rep = pe.compare_classifiers([_CountingNB("a"), _CountingSVC("b", C=0.1)], X, y, cv=cv, rng=0)
    assert [tag for tag, _ in COUNTED_FITS].count("a") == 8
    assert [tag for tag, _ in COUNTED_FITS].count("b") == 8
    assert rep.score_source == "out-of-fold (first repeat)" and len(rep.auc) == 2
    first = [tuple(s) for s in rep.scores.splits[:4]]
    oof, codes, _ = out_of_fold_predictions(
        [GaussianNB(), LinearSVC(C=0.1)], X, y, response="score", cv=first
    )
    for auc, scores in zip(rep.auc, oof):
        alone = pe.delong_interval(codes, scores, confidence_level=0.95, pos_label=1)
        assert (auc.statistic, auc.low, auc.high) == (alone.statistic, alone.low, alone.high)
    COUNTED_FITS.clear()
    pe.compare_classifiers(
        [_CountingNB("a"), _CountingSVC("b", C=0.1)], X, y, cv=cv, test_size=0.25, rng=0
    )
    assert [tag for tag, _ in COUNTED_FITS].count("a") == 8 + 1
    assert [tag for tag, _ in COUNTED_FITS].count("b") == 8 + 1
