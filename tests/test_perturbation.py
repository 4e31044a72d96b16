"""Perturbation-resampling interval for a linear SVM's CV error (Jiang, Zhang & Cai 2008).

Chapter "Interval estimates for the CV error". Peer: scikit-learn's SVC (libsvm); the
versions are those of the environment (scikit-learn 1.9.1 when written).
"""

import inspect
from pathlib import Path

import numpy as np
import pytest
from _helpers import assert_rejects, load_tool
from sklearn.datasets import load_breast_cancer
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from patterneval._engine import make_folds, spawn
from patterneval.book import cv_intervals as CI
from patterneval.book import simulation
from patterneval.resampling import perturbation as P


@pytest.fixture(scope="module")
def small():
    return CI.two_gaussians(60, separation=2.0, n_features=3, rng=11)


@pytest.fixture(scope="module")
def cancer():
    X, y = load_breast_cancer(return_X_y=True)
    idx = np.random.default_rng(0).choice(y.size, 150, replace=False)
    return StandardScaler().fit_transform(X[idx]), y[idx]


# ---------------------------------------------------------------- the weighted SVM


@pytest.mark.parametrize("seed", range(4))
def test_fast_fit_equals_svc(seed, cancer):
    """Fast twin (libsvm called directly) == slow twin (the public SVC API)."""
    rng = np.random.default_rng(seed)
    X, y = CI.two_gaussians(40, rng=seed) if seed % 2 else cancer
    G = rng.exponential(size=y.size)
    C = [0.1, 1.0, 10.0, 0.5][seed]
    w_fast, b_fast = P._fit_linear_svm(X, y, G, C)
    w_ref, b_ref = P._fit_linear_svm_reference(X, y, G, C)
    np.testing.assert_allclose(w_fast, w_ref, rtol=1e-12, atol=1e-12)
    assert b_fast == pytest.approx(b_ref, abs=1e-12)
    pred = (X @ w_fast + b_fast > 0).astype(int)
    np.testing.assert_array_equal(
        pred, SVC(kernel="linear", C=C).fit(X, y, sample_weight=G).predict(X)
    )


def test_public_route_skips_only_validation(cancer):
    """The public route's config_context (assume_finite, skip_parameter_validation) changes
    nothing but the checks: the plain public SVC gives the same coefficients bit for bit."""
    X, y = cancer
    G = np.random.default_rng(5).exponential(size=y.size)
    plain = SVC(kernel="linear", C=0.7).fit(X, y, sample_weight=G)
    w, b = P._fit_linear_svm_reference(X, y, G, 0.7)
    np.testing.assert_array_equal(w, plain.coef_[0])
    assert b == float(plain.intercept_[0])


def test_fast_path_falls_back_to_the_public_svc(monkeypatch, request, small):
    """Without scikit-learn's private libsvm binding (moved or renamed in a release), or with
    one whose signature changed, every fit takes the public route, with the same result."""
    X, y = small
    assert P._libsvm() is not None  # the fast path, loaded once
    fast = P.perturbation_interval(X, y, cv=3, n_resamples=20, rng=0)
    monkeypatch.setattr(P, "_libsvm", lambda: None)
    public = P.perturbation_interval(X, y, cv=3, n_resamples=20, rng=0)
    for name in ("error", "low", "high", "apparent_error"):
        assert getattr(public, name) == pytest.approx(getattr(fast, name), abs=1e-12)
    np.testing.assert_allclose(public.replicates, fast.replicates, rtol=0, atol=1e-10)

    class Moved:  # a binding whose fit no longer takes these arguments
        def set_verbosity_wrap(self, level):
            pass

        def fit(self, *args, **kwargs):
            raise TypeError("fit() got an unexpected keyword argument 'svm_type'")

    monkeypatch.undo()
    loader = P._libsvm
    request.addfinalizer(loader.cache_clear)  # the next test loads the real binding again
    real_import = P.importlib.import_module
    monkeypatch.setattr(
        P.importlib,
        "import_module",
        lambda name: Moved() if name == "sklearn.svm._libsvm" else real_import(name),
    )
    loader.cache_clear()
    assert loader() is None  # the probe fit failed: the public route from then on
    G = np.ones(y.size)
    # against scikit-learn's SVC itself (the fallback's own route would compare it with itself)
    w, b = P._fit_linear_svm(X, y, G, 1.0)
    peer = SVC(kernel="linear", C=1.0).fit(X, y)
    np.testing.assert_allclose(w, peer.coef_[0], rtol=1e-12, atol=1e-14)
    assert b == pytest.approx(float(peer.intercept_[0]), rel=1e-12, abs=1e-14)

    def missing(name):
        raise ModuleNotFoundError(f"No module named {name!r}")

    monkeypatch.setattr(P.importlib, "import_module", missing)
    loader.cache_clear()
    assert loader() is None


@pytest.mark.parametrize("C", [0.05, 1.0])
def test_sample_weight_gives_dual_bound_C_times_G(C, cancer):
    """libsvm (scikit-learn docs: sample_weight "rescale[s] C per sample") solves the dual
    with 0 <= alpha_i <= C G_i: |dual_coef_| never exceeds C G_i, bounded support vectors
    reach it, and w = sum_i alpha_i y_i x_i with no other factor."""
    X, y = cancer
    G = np.random.default_rng(3).exponential(size=y.size)
    model = SVC(kernel="linear", C=C, tol=1e-8).fit(X, y, sample_weight=G)
    alpha = np.abs(model.dual_coef_[0])
    bound = C * G[model.support_]
    assert np.all(alpha <= bound * (1 + 1e-9))
    at_bound = np.isclose(alpha, bound, rtol=1e-9)
    assert at_bound.sum() >= 3  # bounded SVs sit exactly at their own C G_i
    # the bounds differ from sample to sample: a common bound would be C alone
    assert np.unique(np.round(bound[at_bound], 9)).size == at_bound.sum()
    np.testing.assert_allclose(model.coef_[0], model.dual_coef_[0] @ X[model.support_], rtol=1e-12)
    assert np.sum(model.dual_coef_[0]) == pytest.approx(0.0, abs=1e-8)  # sum alpha_i y_i = 0


def test_integer_weight_is_a_duplicated_sample(small):
    """Weight 2 on a sample = the sample twice: the primal objective is the same."""
    X, y = small
    G = np.ones(y.size)
    G[::3] = 2.0
    rep = np.repeat(np.arange(y.size), G.astype(int))
    w_weighted, b_weighted = P._fit_linear_svm(X, y, G, 1.0)
    w_dup, b_dup = P._fit_linear_svm_reference(X[rep], y[rep], np.ones(rep.size), 1.0)
    np.testing.assert_allclose(w_weighted, w_dup, atol=2e-3)
    assert b_weighted == pytest.approx(b_dup, abs=2e-3)


# ---------------------------------------------------------------- CV error and its perturbation


def _explicit_cv(X, y, splits, C, G=None):
    """Slow twin: pair by pair with SVC.fit / predict, errors weighted by G on the test part."""
    G = np.ones(y.size) if G is None else G
    errs = []
    for train, test in splits:
        model = SVC(kernel="linear", C=C)
        if np.all(G == 1):
            model.fit(X[train], y[train])  # no sample_weight at all
        else:
            model.fit(X[train], y[train], sample_weight=G[train])
        wrong = model.predict(X[test]) != y[test]
        errs.append(np.sum(G[test] * wrong) / np.sum(G[test]))
    return np.mean(errs)


def test_unit_weights_reproduce_the_unweighted_cv_error(cancer):
    X, y = cancer
    res = P.perturbation_interval(X, y, cv=5, n_resamples=5, rng=4, method="perturbed-cv")
    assert res.error == _explicit_cv(X, y, res.splits, 1.0)  # exactly
    assert res.error == np.mean(res.fold_errors)
    # and the perturbed statistic with G = 1 is the CV error itself: W* = 0
    errs = P._cv_errors(X, y, res.splits, 1.0, np.ones(y.size), P._fit_linear_svm)
    assert errs.mean() == res.error


def test_folds_are_stratified(cancer):
    X, y = cancer
    res = P.perturbation_interval(X, y, cv=7, n_resamples=2, rng=0)
    assert res.n_splits == len(res.splits) == 7
    np.testing.assert_array_equal(
        np.sort(np.concatenate([test for _, test in res.splits])), np.arange(y.size)
    )
    for c in (0, 1):
        counts = np.array([np.sum(y[test] == c) for _, test in res.splits])
        assert counts.max() - counts.min() <= 1


def test_an_int_cv_draws_the_folds_of_make_folds_and_a_splitter_is_used_as_given(small):
    """cv=k draws the package's one kind of stratified folds (make_folds, as
    cross_val_error); a splitter or explicit pairs give the same interval on the same pairs."""
    X, y = small
    res = P.perturbation_interval(X, y, cv=5, n_resamples=20, rng=3)
    folds = make_folds(y, n_splits=5, n_repeats=1, stratify=True, rng=np.random.default_rng(3))[0]
    for (tr, te), (tr2, te2) in zip(res.splits, folds, strict=True):
        np.testing.assert_array_equal(tr, tr2)
        np.testing.assert_array_equal(te, te2)
    explicit = P.perturbation_interval(X, y, cv=folds, n_resamples=20, rng=3)
    assert explicit.error == res.error
    from sklearn.model_selection import RepeatedStratifiedKFold

    rskf = RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0)
    rep = P.perturbation_interval(X, y, cv=rskf, n_resamples=20, rng=3, method="perturbed-cv")
    assert rep.n_splits == 6 == rep.fold_errors.size
    assert rep.error == _explicit_cv(X, y, list(rskf.split(X, y)), 1.0)


def test_perturbed_cv_replicates_follow_the_definition(small):
    """method="perturbed-cv": each W*_r = sqrt(n) (eps*_CV - eps_CV), eps*_CV the G-weighted CV error of the
    G-weighted SVM, G ~ Exp(1) from replicate r's own spawned stream."""
    X, y = small
    rng = np.random.default_rng(7)
    res = P.perturbation_interval(X, y, cv=4, n_resamples=6, rng=7, method="perturbed-cv")
    folds = make_folds(y, n_splits=4, n_repeats=1, stratify=True, rng=rng)[0]  # the folds first ...
    for (_, te), (_, te2) in zip(folds, res.splits, strict=True):
        np.testing.assert_array_equal(te, te2)
    gens = spawn(rng, 6)  # ... then spawns one stream per replicate
    for r, gen in enumerate(gens):
        G = gen.exponential(1.0, size=y.size)
        star = _explicit_cv(X, y, folds, 1.0, G)
        assert res.perturbed_errors[r] == pytest.approx(star, abs=1e-12)
        assert res.replicates[r] == pytest.approx(np.sqrt(60) * (star - res.error), abs=1e-10)


def test_perturbed_cv_interval_is_the_pivot_from_centred_replicate_quantiles(small):
    """method="perturbed-cv": ends = eps_CV - q(W~*)/sqrt(n), W~*_r = W*_r - mean_r W*_r (explicit loop twin)."""
    X, y = small
    res = P.perturbation_interval(
        X, y, cv=5, n_resamples=80, confidence_level=0.9, rng=2, method="perturbed-cv"
    )
    mean = sum(res.replicates) / len(res.replicates)
    assert res.replicate_mean == pytest.approx(mean, abs=1e-14)
    centred = np.array([w - mean for w in res.replicates])
    np.testing.assert_allclose(res.centred_replicates, centred, atol=1e-14)
    lo_q, hi_q = np.quantile(centred, [0.05, 0.95])
    assert res.low == pytest.approx(res.error - hi_q / np.sqrt(60), abs=1e-14)
    assert res.high == pytest.approx(res.error - lo_q / np.sqrt(60), abs=1e-14)
    # the raw quantiles give the same interval moved down by mean / sqrt(n)
    raw_lo, raw_hi = np.quantile(res.replicates, [0.05, 0.95])
    assert res.low - mean / np.sqrt(60) == pytest.approx(
        res.error - raw_hi / np.sqrt(60), abs=1e-14
    )
    assert res.confidence_interval() == (res.low, res.high)
    np.testing.assert_allclose(np.quantile(res.implied_errors, [0.05, 0.95]), [res.low, res.high])
    assert np.mean(res.implied_errors) == pytest.approx(res.error, abs=1e-14)
    assert res.std_error == pytest.approx(np.std(res.replicates, ddof=1) / np.sqrt(60))
    # the first m replicates only, centred at their own mean
    sub = res.confidence_interval(0.9, n_resamples=30)
    first = res.replicates[:30]
    q = np.quantile(first - first.mean(), [0.05, 0.95])
    assert sub == pytest.approx((res.error - q[1] / np.sqrt(60), res.error - q[0] / np.sqrt(60)))


def test_perturbed_cv_error_is_shifted_up(small):
    """method="perturbed-cv": the weighted fits are noisier: on this data set the perturbed CV error sits above
    eps_CV, mean W* > 0 by more than 4 Monte Carlo SEs (SE from the replicates)."""
    X, y = small
    res = P.perturbation_interval(X, y, cv=5, n_resamples=200, rng=3, method="perturbed-cv")
    se = np.std(res.replicates, ddof=1) / np.sqrt(res.replicates.size)
    assert res.replicate_mean > 4 * se, (res.replicate_mean, se)
    assert np.mean(res.perturbed_errors) > res.error
    # the uncentred interval would sit below the centred one by exactly mean / sqrt(n)
    raw_lo, raw_hi = np.quantile(res.replicates, [0.025, 0.975])
    shift = res.replicate_mean / np.sqrt(res.n)
    assert (
        res.error - raw_hi / np.sqrt(res.n),
        res.error - raw_lo / np.sqrt(res.n),
    ) == pytest.approx((res.low - shift, res.high - shift), abs=1e-14)
    assert res.low <= res.error <= res.high


def test_centred_interval_is_the_notes_symmetric_form_for_symmetric_replicates():
    """For replicates symmetric about their mean (whatever that mean is), the interval is
    exactly note 000's eps_CV +- n^{-1/2} xi_{1-a/2}(W~*), centred at eps_CV."""
    n, error = 50, 0.2
    half = np.random.default_rng(0).normal(0.0, 0.8, size=100)
    for shift in (0.0, 0.7, -0.3):
        reps = shift + np.concatenate([half, -half])
        low, high = P._pivot_interval(error, reps, n, 0.95)
        xi = np.quantile(np.concatenate([half, -half]), 0.975)
        assert (low, high) == pytest.approx(
            (error - xi / np.sqrt(n), error + xi / np.sqrt(n)), abs=1e-14
        )
        assert low < error < high


@pytest.mark.parametrize("method", P.PERTURBATION_METHODS)
def test_interval_contains_centre_and_widens_with_level(cancer, method):
    X, y = cancer
    res = P.perturbation_interval(X, y, cv=5, n_resamples=120, rng=5, method=method)
    assert res.low <= res.error <= res.high
    widths = []
    for level in (0.5, 0.8, 0.9, 0.95, 0.99):
        lo, hi = res.confidence_interval(level)
        assert lo <= res.error <= hi
        widths.append(hi - lo)
    assert np.all(np.diff(widths) > 0)


@pytest.mark.parametrize("method", P.PERTURBATION_METHODS)
def test_reproducible_and_independent_of_n_jobs(small, method):
    X, y = small
    a = P.perturbation_interval(X, y, cv=5, n_resamples=60, rng=3, method=method)
    b = P.perturbation_interval(
        X, y, cv=5, n_resamples=60, rng=np.random.default_rng(3), method=method
    )
    c = P.perturbation_interval(X, y, cv=5, n_resamples=60, rng=3, n_jobs=2, method=method)
    for other in (b, c):
        np.testing.assert_array_equal(a.replicates, other.replicates)
        for (_, te), (_, te2) in zip(a.splits, other.splits, strict=True):
            np.testing.assert_array_equal(te, te2)
        assert (a.low, a.high) == (other.low, other.high)
    d = P.perturbation_interval(X, y, cv=5, n_resamples=60, rng=4, method=method)
    assert not np.array_equal(a.replicates, d.replicates)


# ---------------------------------------------------------------- Jiang, Zhang & Cai's procedure ("apparent")


def reference_interval(X, y, *, C, n_splits, n_resamples, confidence_level, seed):
    """Slow, obvious twin of the default method, written from note 000's algorithm with
    the public SVC only: CV error; apparent error of the SVM on all n samples; per
    replicate, G ~ Exp(1) from its own spawned stream, one SVM on all n samples minimising
    n^-1 sum_i G_i {hinge_i + lambda w.w} (= SVC with cost C n / sum G and sample_weight=G),
    W* = sqrt(n) (sum G_i e_i / sum G_i - apparent); interval eps_CV -+ xi_{1-a/2} / sqrt(n),
    xi the (1 - a/2)-quantile of the replicates minus their mean."""
    rng = np.random.default_rng(seed)
    n = y.size
    folds = make_folds(y, n_splits=n_splits, n_repeats=1, stratify=True, rng=rng)[
        0
    ]  # the library's folds
    fold_errors = []
    for train, test in folds:
        model = SVC(kernel="linear", C=C).fit(X[train], y[train])
        fold_errors.append(np.mean(model.predict(X[test]) != y[test]))
    cv = np.mean(fold_errors)
    apparent = np.mean(SVC(kernel="linear", C=C).fit(X, y).predict(X) != y)
    replicates = []
    for gen in spawn(rng, n_resamples):
        G = gen.exponential(1.0, size=n)
        model = SVC(kernel="linear", C=C * n / np.sum(G)).fit(X, y, sample_weight=G)
        wrong = model.predict(X) != y
        replicates.append(np.sqrt(n) * (np.sum(G * wrong) / np.sum(G) - apparent))
    replicates = np.array(replicates)
    xi = np.quantile(replicates - replicates.mean(), 1 - (1 - confidence_level) / 2)
    return cv, apparent, np.array(replicates), (cv - xi / np.sqrt(n), cv + xi / np.sqrt(n))


@pytest.mark.parametrize(("seed", "C", "level"), [(0, 1.0, 0.95), (1, 0.1, 0.9), (2, 5.0, 0.8)])
def test_apparent_method_equals_the_reference_implementation(seed, C, level, cancer):
    X, y = CI.two_gaussians(60, n_features=3, rng=seed) if seed != 1 else cancer
    cv, apparent, reps, (low, high) = reference_interval(
        X, y, C=C, n_splits=5, n_resamples=40, confidence_level=level, seed=seed
    )
    res = P.perturbation_interval(X, y, C=C, cv=5, n_resamples=40, confidence_level=level, rng=seed)
    assert res.method == "apparent"
    assert res.error == cv and res.apparent_error == apparent  # exactly: counts over n
    np.testing.assert_allclose(res.replicates, reps, rtol=0, atol=1e-12)
    assert (res.low, res.high) == pytest.approx((low, high), abs=1e-12)
    assert res.confidence_interval() == (res.low, res.high)
    assert res.replicate_mean == pytest.approx(np.mean(reps), abs=1e-12)
    assert res.std_error == pytest.approx(np.std(reps, ddof=1) / np.sqrt(y.size), abs=1e-12)
    np.testing.assert_allclose(res.perturbed_errors, apparent + reps / np.sqrt(y.size), atol=1e-12)


def test_apparent_interval_is_symmetric_about_the_cv_error(small):
    X, y = small
    res = P.perturbation_interval(X, y, cv=5, n_resamples=100, rng=9)
    assert res.high - res.error == pytest.approx(res.error - res.low, abs=1e-14)
    for level, m in ((0.8, 100), (0.95, 30)):
        first = res.replicates[:m]
        xi = np.quantile(first - first.mean(), 1 - (1 - level) / 2)
        lo, hi = res.confidence_interval(level, n_resamples=m)
        assert (lo, hi) == pytest.approx(
            (res.error - xi / np.sqrt(60), res.error + xi / np.sqrt(60)), abs=1e-14
        )
    np.testing.assert_allclose(
        res.implied_errors, res.error - res.centred_replicates / np.sqrt(60), atol=1e-14
    )
    assert np.quantile(res.implied_errors, 0.025) == pytest.approx(res.low, abs=1e-14)


@pytest.mark.parametrize("C", [0.1, 1.0])
def test_perturbed_fit_minimises_the_notes_objective(C, cancer):
    """theta* minimises Q*(theta) = n^-1 sum G_i {(1 - y_i f_i)_+ + lambda w.w}, C = 1/(2 n lambda):
    its value at the fit is below the value at small moves and at the hinge-only-weighted fit;
    with the note's scaling alpha_i = (S/n) alpha'_i the dual bound is C G_i and
    w* = sum alpha_i y_i x_i / (S/n)."""
    X, y = cancer
    n = y.size
    G = np.random.default_rng(5).exponential(size=n)
    lam = 1 / (2 * n * C)
    ypm = 2 * y - 1

    def q_star(w, b):
        return np.mean(G * (np.maximum(0, 1 - ypm * (X @ w + b)) + lam * w @ w))

    model = SVC(kernel="linear", C=C * n / G.sum(), tol=1e-8).fit(X, y, sample_weight=G)
    w, b = model.coef_[0], model.intercept_[0]
    w_fast, b_fast = P._fit_perturbed_svm(X, y, G, C)
    assert q_star(w_fast, b_fast) == pytest.approx(q_star(w, b), rel=1e-3)  # libsvm tol 1e-3
    other = SVC(kernel="linear", C=C, tol=1e-8).fit(X, y, sample_weight=G)
    assert q_star(w, b) <= q_star(other.coef_[0], other.intercept_[0]) + 1e-12
    moves = np.random.default_rng(6).normal(scale=1e-3, size=(20, X.shape[1] + 1))
    assert all(q_star(w + d[:-1], b + d[-1]) >= q_star(w, b) - 1e-10 for d in moves)
    S = G.sum()
    alpha = np.abs(model.dual_coef_[0]) * S / n
    assert np.all(alpha <= C * G[model.support_] * (1 + 1e-9))
    np.testing.assert_allclose(
        w, (alpha * ypm[model.support_]) @ X[model.support_] / (S / n), rtol=1e-10
    )


def test_methods_share_folds_and_cv_error(small):
    X, y = small
    a = P.perturbation_interval(X, y, cv=5, n_resamples=10, rng=3)
    b = P.perturbation_interval(X, y, cv=5, n_resamples=10, rng=3, method="perturbed-cv")
    for (_, te), (_, te2) in zip(a.splits, b.splits, strict=True):
        np.testing.assert_array_equal(te, te2)
    assert a.error == b.error and a.apparent_error == b.apparent_error
    assert b.perturbed_errors.mean() > a.perturbed_errors.mean()  # CV vs apparent


def test_any_two_labels(small):
    X, y = small
    ref = P.perturbation_interval(X, y, cv=5, n_resamples=20, rng=1)
    named = P.perturbation_interval(X, np.where(y == 1, "yes", "no"), cv=5, n_resamples=20, rng=1)
    pm = P.perturbation_interval(X, 2 * y - 1, cv=5, n_resamples=20, rng=1)
    for other in (named, pm):
        np.testing.assert_array_equal(ref.replicates, other.replicates)
        assert ref.error == other.error


def test_weighted_error_is_normalised_by_the_weights():
    """Why a fold's perturbed error divides by sum G_i, not by the fold size: at a fixed
    rule, sum G_i e_i / sum G_i has conditional variance ~ eps(1-eps)/m (that of an error
    rate), while sum G_i e_i / m has eps/m, too large by 1/(1-eps)."""
    m, eps = 200, 0.3
    e = np.zeros(m)
    e[: int(eps * m)] = 1
    G = np.random.default_rng(8).exponential(size=(20_000, m))
    normalised = (G @ e) / G.sum(axis=1)
    raw = (G @ e) / m
    checks = [
        simulation.check_variance(normalised, eps * (1 - eps) / m, label="normalised"),
        simulation.check_variance(raw, eps / m, label="unnormalised"),
    ]
    assert all(c.passed for c in checks), simulation.format_checks(checks)
    assert not simulation.check_variance(raw, eps * (1 - eps) / m).passed


# ---------------------------------------------------------------- the problem with a known answer


@pytest.mark.parametrize(("w", "b"), [([1.3, -0.4, 0.2], 0.3), ([0.2, 1.0, 0.0], -0.5)])
def test_linear_rule_error_matches_monte_carlo(w, b):
    X, y = CI.two_gaussians(200_000, separation=1.5, n_features=3, rng=9)
    wrong = ((X @ np.array(w) + b > 0).astype(int) != y).astype(float)
    check = simulation.check_mean(wrong, CI.linear_rule_error(w, b, separation=1.5))
    assert check.passed, simulation.format_checks([check])


def test_linear_rule_error_special_cases():
    assert CI.linear_rule_error([0.0, 0.0], 1.0) == 0.5
    errs = CI.linear_rule_error(
        np.array([[1.0, 0.0], [2.0, 0.0], [0.0, 1.0]]), np.zeros(3), separation=2.0
    )
    np.testing.assert_allclose(errs, [0.15865525393145707, 0.15865525393145707, 0.5])


def test_expected_error_is_above_bayes_and_reproducible():
    est, se, errs = CI.expected_svm_error(40, separation=2.0, n_datasets=300, rng=0)
    assert np.all(errs >= 0.15865525393145707 - 1e-12)  # no rule beats Bayes
    assert est == pytest.approx(errs.mean()) and se == pytest.approx(
        errs.std(ddof=1) / np.sqrt(300)
    )
    assert (est, se) == CI.expected_svm_error(40, separation=2.0, n_datasets=300, rng=0, n_jobs=2)[
        :2
    ]


def test_coverage_simulation_bookkeeping():
    """Rows, coverage and MC SE are consistent; both methods see the same data sets."""
    kw = dict(
        separation=2.0,
        cv=5,
        n_datasets=12,
        n_resamples=30,
        confidence_level=0.9,
        n_truth=200,
        rng=2024,
    )
    sim = CI.simulate_perturbation_coverage(60, **kw)
    old = CI.simulate_perturbation_coverage(60, method="perturbed-cv", **kw)
    assert sim.method == "apparent" and old.method == "perturbed-cv"
    assert sim.target == old.target
    np.testing.assert_array_equal(sim.errors, old.errors)
    np.testing.assert_array_equal(sim.true_errors, old.true_errors)
    assert sim.covered.sum() == round(sim.coverage * 12)
    assert sim.std_error == pytest.approx(np.sqrt(sim.coverage * (1 - sim.coverage) / 12))
    np.testing.assert_array_equal(sim.covered, (sim.lows <= sim.target) & (sim.target <= sim.highs))
    np.testing.assert_array_equal(
        sim.conditional_covered, (sim.lows <= sim.true_errors) & (sim.true_errors <= sim.highs)
    )
    np.testing.assert_allclose(
        sim.highs - sim.errors, sim.errors - sim.lows, atol=1e-14
    )  # symmetric
    assert np.all(old.lows <= old.errors) and np.all(old.errors <= old.highs)
    raw_lows, raw_highs = old.uncentred_intervals()
    np.testing.assert_allclose(old.highs - raw_highs, old.replicate_means / np.sqrt(60))
    lit_lows, lit_highs = sim.uncentred_intervals()  # note 000 read literally: raw xi_{1-a/2}
    np.testing.assert_allclose(lit_highs - sim.highs, sim.replicate_means / np.sqrt(60))
    np.testing.assert_allclose(lit_highs - sim.errors, sim.errors - lit_lows, atol=1e-14)
    # the first m data sets do not depend on n_datasets, and a given target skips its estimate
    short = CI.simulate_perturbation_coverage(
        60, **{**kw, "n_datasets": 5}, target=(sim.target, 0.1)
    )
    np.testing.assert_array_equal(short.lows, sim.lows[:5])
    assert short.target_std_error == 0.1
    back = CI.PerturbationCoverage.from_dict(sim.to_dict())
    for name in ("lows", "highs", "covered", "replicate_sds"):
        np.testing.assert_array_equal(getattr(back, name), getattr(sim, name))


STUDY_FILE = (
    Path(__file__).resolve().parent.parent
    / "book"
    / "part1"
    / "data"
    / "perturbation-coverage.json"
)


def test_stored_coverage_study_is_reproduced():
    """The chapter's committed study (tools/perturbation_coverage.py): its settings are the
    tool's, every cell has its 1000 data sets, and the first data sets of every cell,
    recomputed now, equal the stored rows (to 1e-12; the same covered / missed)."""
    tool = load_tool("perturbation_coverage")
    study = CI.load_coverage_study(STUDY_FILE)
    settings = {k: v for k, v in tool.BOOK_STUDY.items() if k != "ns"}
    assert study.settings == settings
    assert [(s.n, s.method) for s in study.cells] == [
        (n, m) for n in tool.BOOK_STUDY["ns"] for m in P.PERTURBATION_METHODS
    ]
    for sim in study.cells:
        assert sim.n_datasets == 1000 == sim.errors.size
        assert sim.coverage == pytest.approx(sim.covered.mean())
    replay = study.replay(4)
    assert replay.same_coverage and replay.matches(1e-12), replay


# ---------------------------------------------------------------- bad input


GOOD_X, GOOD_Y = CI.two_gaussians(30, rng=0)
KFold_3 = __import__("sklearn.model_selection", fromlist=["KFold"]).KFold(3)
GOOD = {
    P.perturbation_interval: dict(X=GOOD_X, y=GOOD_Y, cv=3, n_resamples=3, rng=0),
    CI.two_gaussians: dict(n=10, rng=0),
    CI.linear_rule_error: dict(coef=[1.0, 0.0], intercept=0.0),
    CI.expected_svm_error: dict(n=20, n_datasets=3, rng=0),
    CI.simulate_perturbation_coverage: dict(
        n=20, n_datasets=2, n_resamples=3, n_truth=3, cv=2, rng=0
    ),
    CI.run_coverage_study: dict(ns=[20], n_datasets=2, n_resamples=3, n_truth=3, cv=2, rng=0),
    CI.load_coverage_study: dict(path=STUDY_FILE),
}
_nan = GOOD_X.copy()
_nan[0, 0] = np.nan
F = P.perturbation_interval
CASES = [
    (F, dict(y=GOOD_Y[:-1]), ValueError, r"^y has 29 entries but X has 30; they must pair up"),
    (F, dict(X=_nan), ValueError, r"^X holds 1 NaN"),
    (
        F,
        dict(X=GOOD_X[:, 0]),
        ValueError,
        r"^X must be a 2-d array of real numbers \(n_samples, n_features\); got an array of shape \(30,\)",
    ),
    (F, dict(y=np.zeros(30)), ValueError, r"^y must be labels of at least 2 classes; got 1"),
    (
        F,
        dict(y=np.arange(30) % 3),
        ValueError,
        r"^y must be labels of exactly 2 classes; got 3 \(\[0, 1, 2\]\)\. The SVM here is binary",
    ),
    (F, dict(C=0), ValueError, r"^C must be a real number > 0; got 0.0"),
    (F, dict(C=-1.0), ValueError, r"^C must be a real number > 0; got -1.0"),
    (F, dict(C=np.inf), ValueError, r"^C must be a finite real number > 0; got inf"),
    (F, dict(C="1"), TypeError, r"^C must be a real number > 0; got '1'"),
    (F, dict(cv=1), ValueError, r"^cv must be an integer in \[2, 30\]; got 1"),
    (
        F,
        dict(cv=16),
        ValueError,
        r"^cv must be at most 15, the size of the smallest class 0; got 16",
    ),
    (F, dict(cv=31), ValueError, r"^cv must be an integer in \[2, 30\]; got 31"),
    (F, dict(cv=2.5), TypeError, r"^cv must be a scikit-learn-compatible splitter"),
    (F, dict(cv=[(np.arange(5), np.arange(5, 40))]), ValueError, r"^cv must be indices in 0..29"),
    # the retired keywords name cv= and rng=
    (
        F,
        dict(n_splits=5),
        TypeError,
        r"^perturbation_interval\(\) takes cv=, not n_splits=: an int",
    ),
    (F, dict(stratify=True), TypeError, r"^perturbation_interval\(\) takes cv=, not stratify="),
    (
        F,
        dict(random_state=0),
        TypeError,
        r"^perturbation_interval\(\) takes rng=, not random_state=",
    ),
    (
        CI.simulate_perturbation_coverage,
        dict(n_splits=5),
        TypeError,
        r"^simulate_perturbation_coverage\(\) takes cv=",
    ),
    (
        CI.run_coverage_study,
        dict(n_splits=5),
        TypeError,
        r"^run_coverage_study\(\) takes cv=, not n_splits=",
    ),
    (
        CI.run_coverage_study,
        dict(seed=2008),
        TypeError,
        r"^run_coverage_study\(\) takes rng=, not seed=",
    ),
    (F, dict(n_resamples=0), ValueError, r"^n_resamples must be an integer >= 1; got 0"),
    (F, dict(n_resamples=5.0), TypeError, r"^n_resamples must be an integer"),
    (
        F,
        dict(confidence_level=1.0),
        ValueError,
        r"^confidence_level must be a real number in \(0, 1\); got 1.0",
    ),
    (
        F,
        dict(confidence_level=0),
        ValueError,
        r"^confidence_level must be a real number in \(0, 1\); got 0.0",
    ),
    (F, dict(confidence_level="95%"), TypeError, r"^confidence_level must be a real number"),
    (F, dict(rng="seed"), TypeError, r"^rng must be None, an int seed or a numpy.random.Generator"),
    (F, dict(rng=np.random.RandomState(0)), TypeError, r"^rng must be .* legacy RandomState"),
    (F, dict(n_jobs=0), ValueError, r"^n_jobs must be None or a non-zero integer; got 0"),
    (
        CI.two_gaussians,
        dict(n=11),
        ValueError,
        r"^n must be an even integer \(n/2 samples per class\); got 11",
    ),
    (
        CI.two_gaussians,
        dict(separation=0),
        ValueError,
        r"^separation must be a real number > 0; got 0.0",
    ),
    (CI.two_gaussians, dict(n_features=0), ValueError, r"^n_features must be an integer >= 1"),
    (
        CI.linear_rule_error,
        dict(separation=-1),
        ValueError,
        r"^separation must be a real number > 0; got -1.0",
    ),
    (CI.expected_svm_error, dict(n_datasets=1), ValueError, r"^n_datasets must be an integer >= 2"),
    (CI.expected_svm_error, dict(C=0), ValueError, r"^C must be a real number > 0; got 0.0"),
    (
        CI.simulate_perturbation_coverage,
        dict(n_datasets=1),
        ValueError,
        r"^n_datasets must be an integer >= 2",
    ),
    (
        CI.simulate_perturbation_coverage,
        dict(cv=11),
        ValueError,
        r"^cv must be at most 10, the size of the smallest class 0",
    ),
    (
        CI.simulate_perturbation_coverage,
        dict(confidence_level=2),
        ValueError,
        r"^confidence_level must be a real number in \(0, 1\); got 2.0",
    ),
    (
        CI.simulate_perturbation_coverage,
        dict(n_truth=1),
        ValueError,
        r"^n_truth must be an integer >= 2",
    ),
    (CI.simulate_perturbation_coverage, dict(method="cv"), ValueError, r"^method must be one of"),
    (
        CI.simulate_perturbation_coverage,
        dict(target=0.2),
        ValueError,
        r"^target must be None or a pair",
    ),
    (F, dict(method="paper"), ValueError, r"^method must be one of \['apparent', 'perturbed-cv'\]"),
    (F, dict(method=1), TypeError, r"^method must be a string"),
    (
        CI.run_coverage_study,
        dict(ns=[1]),
        ValueError,
        r"^ns must be an array of values >= 2; got \[1\]",
    ),
    (CI.run_coverage_study, dict(methods=["x"]), ValueError, r"^methods must be one of"),
    (CI.run_coverage_study, dict(rng=-1), ValueError, r"^rng must be an integer >= 0"),
    (
        CI.run_coverage_study,
        dict(cv=KFold_3),
        TypeError,
        r"^cv must be an integer >= 2; got .*stored as JSON",
    ),
    (CI.load_coverage_study, dict(path="/nonexistent/study.json"), FileNotFoundError, "study.json"),
]


@pytest.mark.parametrize(
    ("func", "overrides", "exc", "match"),
    CASES,
    ids=[f"{c[0].__name__}-{','.join(c[1])}-{i}" for i, c in enumerate(CASES)],
)
def test_bad_input_raises_naming_the_argument(func, overrides, exc, match):
    info = assert_rejects(exc, match, func, **{**GOOD[func], **overrides})
    assert type(info.value) is exc


@pytest.mark.parametrize("func", list(GOOD), ids=lambda f: f.__name__)
def test_good_arguments_are_accepted(func):
    func(**GOOD[func])


def test_result_method_bad_input(small):
    res = P.perturbation_interval(*small, cv=3, n_resamples=10, rng=0)
    with pytest.raises(
        ValueError,
        match=r"^n_resamples must be an integer in \[1, 10\]; got 11\. The result "
        r"stores 10 replicates",
    ):
        res.confidence_interval(n_resamples=11)
    with pytest.raises(
        ValueError, match=r"^confidence_level must be a real number in \(0, 1\); got 1.5"
    ):
        res.confidence_interval(1.5)
    study = CI.run_coverage_study([20], n_datasets=3, n_resamples=3, n_truth=3, cv=2)
    with pytest.raises(
        ValueError, match=r"^n_datasets must be an integer in \[2, 3\]; got 4\. The study stores"
    ):
        study.replay(4)
    with pytest.raises(ValueError, match=r"^no cell with n=30"):
        study.cell(30, "apparent")


def test_every_public_function_has_a_row():
    functions = {name for name in P.__all__ if inspect.isfunction(getattr(P, name))}
    covered = {f.__name__ for f, *_ in CASES}
    assert functions - covered == set()
    for name in set(P.__all__) - functions:
        assert isinstance(getattr(P, name), type) or name.isupper(), name
    assert set(P.__all__) <= set(dir(P))


def test_literal_reading_can_turn_the_interval_inside_out(cancer):
    """On 150 breast-cancer samples (30 features) the weighted apparent error is optimistic:
    mean W* < 0, and the raw (1 - a/2)-quantile of W* is negative at a = 0.5, so note 000's
    formula read literally, eps_CV -+ xi(W*) / sqrt(n), would be inside out; the centred
    replicates give a proper interval."""
    X, y = cancer
    res = P.perturbation_interval(X, y, cv=5, n_resamples=120, rng=5)
    assert res.replicate_mean < -2 * res.replicates.std(ddof=1) / np.sqrt(120)
    assert np.quantile(res.replicates, 0.75) < 0
    low, high = res.confidence_interval(0.5)
    assert low < res.error < high


# ---- the rule (w, b) is scale-free, so a huge or tiny w gives its error, not 0.5
@pytest.mark.parametrize("scale", [1e-300, 1e200, 1e307])
def test_linear_rule_error_is_scale_free(scale):
    w, b = np.array([1.0, 0.5]), 0.3
    assert CI.linear_rule_error(w * scale, b * scale) == pytest.approx(
        CI.linear_rule_error(w, b), rel=1e-12
    )
