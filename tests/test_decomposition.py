"""PCA, LDA and FastICA (patterneval.decomposition)."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest
from _helpers import assert_rejects, assert_table_applies
from scipy.linalg import subspace_angles
from sklearn.datasets import load_digits, load_iris, load_wine
from sklearn.decomposition import PCA as SkPCA
from sklearn.decomposition import FastICA as SkFastICA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

import patterneval.book.dimension_reduction as BD
import patterneval.decomposition as D
from patterneval.book.dimension_reduction import cocktail_party
from patterneval.decomposition import (
    FUNCTIONS,
    LDA,
    PCA,
    FastICA,
    fisher_criterion,
    match_sources,
    scatter_matrices,
)

WINE = load_wine(return_X_y=True)
IRIS = load_iris(return_X_y=True)


# ------------------------------------------------------------------ scikit-learn protocol
# No check is skipped: parametrize_with_checks runs the full list for all three (scikit-learn
# 1.9.1). With random_state=None FastICA declares the non_deterministic tag; the checks set
# random_state themselves where they need reproducible refits.
@parametrize_with_checks([PCA(), LDA(), FastICA(random_state=0), FastICA()])
def test_sklearn_compatible(estimator, check):
    check(estimator)


# ------------------------------------------------------------------ slow twins
def pca_by_covariance_eig(X):
    """PCA the way the note computes it: eigenvectors of the covariance matrix."""
    C = np.cov(X, rowvar=False)  # denominator n - 1
    vals, vecs = np.linalg.eigh(C)
    order = np.argsort(vals)[::-1]
    return vals[order], vecs[:, order].T


def scatter_loop(X, y):
    """S_w and S_b with explicit loops over classes and samples (prior-weighted covariances)."""
    n, d = X.shape
    mu = X.mean(axis=0)
    Sw, Sb = np.zeros((d, d)), np.zeros((d, d))
    for c in np.unique(y):
        rows = X[y == c]
        p = len(rows) / n
        mc = rows.mean(axis=0)
        cov = np.zeros((d, d))
        for x in rows:
            cov += np.outer(x - mc, x - mc)
        Sw += p * cov / len(rows)
        Sb += p * np.outer(mc - mu, mc - mu)
    return Sw, Sb


def test_pca_equals_covariance_eigendecomposition():
    X = WINE[0]
    vals, vecs = pca_by_covariance_eig(X)
    pca = PCA().fit(X)
    np.testing.assert_allclose(pca.explained_variance_, vals, rtol=1e-9)
    np.testing.assert_allclose(np.abs(np.sum(pca.components_ * vecs, axis=1)), 1.0, atol=1e-9)


def test_scatter_matrices_equal_loop_twin_and_add_up():
    for X, y in (WINE, IRIS):
        Sw, Sb = scatter_matrices(X, y)
        Lw, Lb = scatter_loop(X, y)
        np.testing.assert_allclose(Sw, Lw, rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(Sb, Lb, rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(Sw + Sb, np.cov(X, rowvar=False, bias=True), rtol=1e-10)
        assert np.linalg.matrix_rank(Sb) == 2  # c - 1


# ------------------------------------------------------------------ PCA vs scikit-learn
@pytest.mark.parametrize("data", ["wine", "iris", "digits"])
def test_pca_equals_sklearn_up_to_sign(data):
    X = {"wine": WINE[0], "iris": IRIS[0], "digits": load_digits().data[:300]}[data]
    k = min(10, X.shape[1])
    ours, ref = PCA(n_components=k).fit(X), SkPCA(n_components=k, svd_solver="full").fit(X)  # 1.9.1
    np.testing.assert_allclose(ours.explained_variance_, ref.explained_variance_, rtol=1e-10)
    np.testing.assert_allclose(
        ours.explained_variance_ratio_, ref.explained_variance_ratio_, rtol=1e-10, atol=1e-14
    )
    np.testing.assert_allclose(ours.singular_values_, ref.singular_values_, rtol=1e-10)
    np.testing.assert_allclose(ours.mean_, ref.mean_, rtol=1e-12)
    signs = np.sign(np.sum(ours.components_ * ref.components_, axis=1))
    np.testing.assert_allclose(ours.components_ * signs[:, None], ref.components_, atol=1e-8)
    np.testing.assert_allclose(ours.transform(X) * signs, ref.transform(X), atol=1e-6)


def test_pca_reconstruction_and_variance_maximisation():
    X = WINE[0]
    full = PCA().fit(X)
    np.testing.assert_allclose(full.inverse_transform(full.transform(X)), X, atol=1e-8)
    np.testing.assert_allclose(full.explained_variance_ratio_.sum(), 1.0)
    # the projected coordinates are uncorrelated with the explained variances on the diagonal
    Z = full.transform(X)
    np.testing.assert_allclose(
        np.cov(Z, rowvar=False),
        np.diag(full.explained_variance_),
        atol=1e-6 * full.explained_variance_[0],
    )
    # no random unit direction has more variance than the first component
    W = np.random.default_rng(0).normal(size=(X.shape[1], 2000))
    W /= np.linalg.norm(W, axis=0)
    assert np.var((X - X.mean(0)) @ W, axis=0, ddof=1).max() <= full.explained_variance_[0]
    # reconstruction error of k components = sum of the discarded variances
    for k in (1, 3, 6):
        p = PCA(n_components=k).fit(X)
        err = np.sum((X - p.inverse_transform(p.transform(X))) ** 2) / (len(X) - 1)
        assert err == pytest.approx(full.explained_variance_[k:].sum(), rel=1e-8)


# ------------------------------------------------------------------ LDA
@pytest.mark.parametrize("data", ["wine", "iris"])
def test_lda_subspace_equals_sklearn_eigen(data):
    X, y = {"wine": WINE, "iris": IRIS}[data]
    ours = LDA().fit(X, y)
    ref = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)  # scikit-learn 1.9.1
    k = ours.n_components_
    assert k == 2
    # sklearn's scalings_ have another normalisation: compare spans by principal angles
    assert np.max(subspace_angles(ours.scalings_, ref.scalings_[:, :k])) < 1e-8
    # and each direction separately (same eigenvalue order)
    for j in range(k):
        assert subspace_angles(ours.scalings_[:, [j]], ref.scalings_[:, [j]])[0] < 1e-8
    np.testing.assert_allclose(
        ours.explained_variance_ratio_, ref.explained_variance_ratio_, rtol=1e-8
    )
    # w' S_w w = 1 and the eigenvalues are J at the directions
    Sw, Sb = scatter_matrices(X, y)
    np.testing.assert_allclose(ours.scalings_.T @ Sw @ ours.scalings_, np.eye(k), atol=1e-9)
    np.testing.assert_allclose(fisher_criterion(ours.scalings_, X, y), ours.eigenvalues_, rtol=1e-9)


def test_lda_first_direction_maximises_fisher_criterion():
    X, y = WINE
    lda = LDA(n_components=1).fit(X, y)
    best = fisher_criterion(lda.scalings_[:, 0], X, y)
    W = np.random.default_rng(1).normal(size=(X.shape[1], 5000))
    assert fisher_criterion(W, X, y).max() < best
    # gradient of J vanishes there (finite differences)
    w = lda.scalings_[:, 0]
    h = 1e-6 * np.linalg.norm(w)
    grad = [
        (fisher_criterion(w + h * e, X, y) - fisher_criterion(w - h * e, X, y)) / (2 * h)
        for e in np.eye(len(w))
    ]
    assert np.max(np.abs(grad)) * np.linalg.norm(w) < 1e-4 * best


def test_lda_singular_within_scatter_message():
    X, y = load_digits(return_X_y=True)
    with pytest.raises(ValueError, match="S_w of X is singular.*shrinkage.*PCA first"):
        LDA().fit(X, y)
    # PCA first, as suggested, works
    Z = PCA(n_components=30).fit_transform(X)
    assert LDA().fit(Z, y).n_components_ == 9


def test_fisher_criterion_shapes():
    X, y = IRIS
    J1 = fisher_criterion(np.ones(4), X, y)
    Jm = fisher_criterion(np.ones((4, 3)), X, y)
    assert isinstance(J1, float) and Jm.shape == (3,)
    np.testing.assert_allclose(Jm, J1)
    # invariant to the scale of w
    assert fisher_criterion(5 * np.ones(4), X, y) == pytest.approx(J1)


# ------------------------------------------------------------------ FastICA
@pytest.mark.parametrize("algorithm", ["parallel", "deflation"])
@pytest.mark.parametrize("fun", FUNCTIONS)
def test_cocktail_party_recovered(algorithm, fun):
    party = cocktail_party(2000, rng=0)
    ica = FastICA(n_components=2, fun=fun, algorithm=algorithm, random_state=1)
    S = ica.fit_transform(party.mixed)
    match = match_sources(party.sources, S)
    assert match.correlation.min() > 0.95
    # the sources are white; the unmixing undoes the mixing up to order/sign/scale
    np.testing.assert_allclose(np.cov(S, rowvar=False, bias=True), np.eye(2), atol=1e-8)
    P = ica.components_ @ party.mixing
    assert np.all(np.sort(np.abs(P), axis=1)[:, 0] < 0.1 * np.abs(P).max(axis=1))
    np.testing.assert_allclose(ica.transform(party.mixed), S, atol=1e-10)
    np.testing.assert_allclose(ica.inverse_transform(S), party.mixed, atol=1e-8)


def test_fastica_agrees_with_sklearn():
    party = cocktail_party(2000, rng=3)
    ours = FastICA(n_components=2, random_state=0).fit_transform(party.mixed)
    ref = SkFastICA(n_components=2, whiten="unit-variance", random_state=0).fit_transform(
        party.mixed
    )  # scikit-learn 1.9.1
    m = match_sources(ref, ours)
    assert m.correlation.min() > 0.999


def test_fastica_convergence_warning_and_seeding():
    party = cocktail_party(500, rng=0)
    with pytest.warns(ConvergenceWarning, match="did not converge"):
        FastICA(2, max_iter=1, tol=1e-12, random_state=0).fit(party.mixed)
    a = FastICA(2, random_state=5).fit(party.mixed).components_
    b = FastICA(2, random_state=np.random.default_rng(5)).fit(party.mixed).components_
    np.testing.assert_array_equal(a, b)


def test_fixed_point_is_stationary_for_true_unmixing():
    # at the true (whitened) unmixing, one more parallel update changes nothing beyond tol
    party = cocktail_party(4000, rng=2)
    ica = FastICA(2, tol=1e-10, max_iter=1000, random_state=0).fit(party.mixed)
    Z = (party.mixed - ica.mean_) @ ica.whitening_.T
    W = ica.components_ @ np.linalg.pinv(ica.whitening_)
    gy = np.tanh(Z @ W.T)
    W1 = gy.T @ Z / len(Z) - (1 - gy**2).mean(axis=0)[:, None] * W
    W1 = D._sym_decorrelation(W1)
    np.testing.assert_allclose(np.abs(np.sum(W1 * W, axis=1)), 1.0, atol=1e-8)


def test_match_sources_permutation():
    S = np.random.default_rng(4).normal(size=(200, 3))
    m = match_sources(S, np.column_stack([S[:, 2], -S[:, 0], 3 * S[:, 1]]))
    assert m.permutation == (1, 2, 0)
    np.testing.assert_allclose(m.correlation, 1.0)
    np.testing.assert_array_equal(m.sign, [-1.0, 1.0, 1.0])


# ------------------------------------------------------------------ bad input
Xg = np.random.default_rng(0).normal(size=(20, 3))
yg = np.repeat([0, 1], 10)
COMMON_X = [
    (dict(X=Xg[:, 0]), ValueError, "(?s)X must be a 2-d array.*Reshape"),
    (dict(X=np.where(Xg > 1, np.nan, Xg)), ValueError, "X contains NaN"),
    (dict(X=None), TypeError, "X must be a 2-d array"),
    (
        dict(X=Xg[:1]),
        ValueError,  # LDA: y (20 labels) does not pair up first
        r"^(X must .*1 sample\(s\) .* minimum of 2|y has 20 entries but X has 1 rows)",
    ),
]
ESTIMATOR_TABLES = {
    PCA: COMMON_X
    + [
        (
            dict(n_components=4),
            ValueError,
            r"n_components must be <= min\(n_samples, n_features\) = 3",
        ),
        (dict(n_components=0), ValueError, "n_components must be an integer >= 1"),
        (dict(n_components=0.5), TypeError, "n_components must be an integer"),
    ],
    LDA: COMMON_X
    + [
        (
            dict(n_components=2),
            ValueError,
            r"n_components must be <= min\(n_classes - 1, n_features\) = 1",
        ),
        (dict(y=None), ValueError, "requires y to be passed"),
        (dict(y=np.zeros(20)), ValueError, "at least 2 classes"),
        (dict(y=yg[:5]), ValueError, "y has 5 entries but X has 20 rows"),
        (dict(y=np.where(yg == 0, np.nan, 1.0)), ValueError, "y holds NaN labels"),
        (dict(X=np.column_stack([Xg, Xg[:, 0]])), ValueError, "S_w of X is singular"),
    ],
    FastICA: COMMON_X
    + [
        (dict(n_components=5), ValueError, "n_components must be <="),
        (dict(fun="tanh"), ValueError, "fun must be one of"),
        (dict(algorithm="symmetric"), ValueError, "algorithm must be one of"),
        (dict(max_iter=0), ValueError, "max_iter must be an integer >= 1"),
        (dict(tol=-1.0), ValueError, "tol must be a real number > 0; got -1.0"),
        (dict(random_state="x"), TypeError, "random_state must be None, an int seed"),
        (dict(X=np.column_stack([Xg, Xg[:, 0] + Xg[:, 1]])), ValueError, "rank < n_components"),
    ],
}
EST_ROWS = [(cls, *row) for cls, rows in ESTIMATOR_TABLES.items() for row in rows]


@pytest.mark.parametrize("cls, overrides, exc, pattern", EST_ROWS)
def test_estimator_bad_input(cls, overrides, exc, pattern):
    args = {"X": Xg, "y": yg, **overrides}
    X, y = args.pop("X"), args.pop("y")
    assert_rejects(exc, pattern, lambda: cls(**args).fit(X, y))


def test_transform_checks_feature_count():
    for est in (PCA(), LDA(), FastICA(random_state=0)):
        est.fit(Xg, yg)
        with pytest.raises(ValueError, match="features"):
            est.transform(Xg[:, :2])
        with pytest.raises(ValueError, match="contains NaN"):
            est.transform(np.full((2, 3), np.nan))


FUNCTION_TABLES = {
    "scatter_matrices": [
        (dict(y=[0, 1]), ValueError, "y has 2 entries but X has 20; they must pair up"),
        (dict(X=np.full((20, 3), np.inf)), ValueError, "X holds 60 NaN or infinite values"),
        (dict(y=np.zeros(20)), ValueError, "at least 2 classes"),
    ],
    "fisher_criterion": [
        (dict(w=[1.0, 2.0]), ValueError, r"w must be a direction of 3 entries .* shape \(2,\)"),
        (dict(w=[1.0, np.nan, 1.0]), ValueError, "w holds 1 NaN"),
        (dict(y=None), TypeError, "y must be a 1-d array of labels; got None"),
    ],
    "cocktail_party": [
        (dict(n_samples=5), ValueError, "n_samples must be an integer >= 10"),
        (dict(mixing=[[1.0, 2.0], [2.0, 4.0]]), ValueError, "mixing is singular"),
        (
            dict(mixing=np.eye(3)),
            ValueError,
            r"mixing must be a 2 x 2 matrix; got an array of shape \(3, 3\)",
        ),
        (dict(noise=-1.0), ValueError, "noise must be a real number >= 0; got -1.0"),
        (dict(rng=1.5), TypeError, "rng must be None"),
    ],
    "match_sources": [
        (
            dict(estimated=np.ones((20, 3))),
            ValueError,
            r"estimated must be an array of the shape of sources, \(20, 2\)",
        ),
        (dict(sources=np.ones(20)), ValueError, "sources must be a 2-d array"),
        (dict(sources=np.ones((20, 9)), estimated=np.ones((20, 9))), ValueError, "at most 8"),
    ],
}
FUNCTION_GOOD = {
    "scatter_matrices": dict(X=Xg, y=yg),
    "fisher_criterion": dict(w=[1.0, 0.0, 0.0], X=Xg, y=yg),
    "cocktail_party": dict(n_samples=50, rng=0),
    "match_sources": dict(sources=Xg[:, :2], estimated=Xg[:, :2]),
}
FUN_ROWS = [(name, *row) for name, rows in FUNCTION_TABLES.items() for row in rows]


@pytest.mark.parametrize("name, overrides, exc, pattern", FUN_ROWS)
def test_function_bad_input(name, overrides, exc, pattern):
    assert_rejects(
        exc,
        pattern,
        getattr(BD if name in BD.__all__ else D, name),
        **{**FUNCTION_GOOD[name], **overrides},
    )


def test_good_inputs_pass_and_rows_name_parameters():
    for name, rows in FUNCTION_TABLES.items():
        assert_table_applies(
            getattr(BD if name in BD.__all__ else D, name), FUNCTION_GOOD[name], rows
        )
    for cls, rows in ESTIMATOR_TABLES.items():
        params = set(inspect.signature(cls).parameters) | {"X", "y"}
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            cls().fit(Xg, yg)
        for overrides, _, _ in rows:
            assert set(overrides) <= params, (cls, overrides)


# ---- correlations of constant signals are refused, extreme scales computed
@pytest.mark.parametrize("scale", [1e-310, 1e200])
def test_match_sources_at_extreme_scales(scale):
    S = np.random.default_rng(0).normal(size=(100, 2))
    m = match_sources(S * scale, -2 * S[:, ::-1])
    assert m.permutation == (1, 0) and m.correlation == pytest.approx([1.0, 1.0])


def test_fisher_criterion_zero_direction_and_no_spread():
    X, y = IRIS
    with pytest.raises(
        ValueError, match=r"^w must be a non-zero direction .*got a zero direction \(column 1\)"
    ):
        fisher_criterion(np.c_[np.ones(4), np.zeros(4)], X, y)
    with pytest.raises(ValueError, match=r"^X must be data with some spread along w"):
        fisher_criterion([1.0, 0.0, 0.0, 0.0], np.c_[np.zeros(150), X[:, 1:]], y)
    # the scale of w cancels, down to subnormal entries
    assert fisher_criterion(np.ones(4) * 1e-310, X, y) == pytest.approx(
        fisher_criterion(np.ones(4), X, y)
    )
