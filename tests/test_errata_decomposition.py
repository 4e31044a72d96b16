"""Errata of note 002, section 维度约简 (chapter "Dimension reduction"), shown numerically.

1. LDA, inverted ratio: the note writes "S_b / S_w = w'S_w w / w'S_b w" and maximises it.
   That ratio is maximised by directions with w'S_b w = 0 (S_b has rank c - 1 < d), on which
   every class has the same projected mean: the worst direction. Fisher's criterion is
   w'S_b w / w'S_w w. (The note's derivative is that of the correct ratio, without the
   factor 2.)
2. LDA, per-class covariance about the overall mean u instead of the class mean u_c.
3. LDA, inconsistent class weights: S_w = sum_c sum_{j in c} p_c (x_j - u_c)(x_j - u_c)' weights
   each class's scatter by p_c (so by n_c^2 / n overall) while S_b = sum_c (u_c - u)(u_c - u)'
   is unweighted. With unequal classes S_w + S_b is no multiple of the total scatter and the
   directions differ from Fisher/Rao's.
4. PCA algorithm: with X an M x N matrix (features x samples), the note subtracts "each
   column's mean" (a sample's mean over its features) and computes C = B'B / N, an N x N
   matrix between samples, not the M x M covariance.
5. PCA: "the two directions are orthogonal, which covariance 0 expresses". Orthogonal
   directions generally give correlated coordinates; only the eigenvectors of C give both.
6. ICA: "sources must be non-Gaussian, otherwise they are not independent". Gaussian sources
   can be independent; the problem is identifiability: any rotation of independent
   standard Gaussians is again independent standard Gaussians, so no rotation is preferred.
   (And mixtures are *closer* to Gaussian than the sources, not Gaussian.)
"""

import numpy as np
import pytest
from scipy import stats
from scipy.linalg import eigh, subspace_angles
from sklearn.datasets import load_iris, load_wine

from patterneval.decomposition import LDA, PCA, fisher_criterion, scatter_matrices

WINE = load_wine(return_X_y=True)


def nearest_mean_accuracy(z, y):
    means = np.array([z[y == c].mean() for c in np.unique(y)])
    return np.mean(np.argmin(np.abs(z[:, None] - means[None, :]), axis=1) == y)


def test_inverted_fisher_ratio_picks_the_worst_direction():
    X, y = WINE
    Sw, Sb = scatter_matrices(X, y)
    # maximise the note's w'S_w w / w'S_b w: the generalised eigenvector of S_w w = mu S_b w
    # with the largest mu, i.e. of S_b w = lambda S_w w with the smallest lambda
    lam, V = eigh(Sb, Sw)
    w_note, w_fisher = V[:, 0], V[:, -1]
    # eigh normalises w'S_w w = 1, so the note's ratio is 1 / w'S_b w: unbounded there, since
    # w'S_b w is zero up to rounding (S_b has rank c - 1 = 2 < 13 features) ...
    assert abs(w_note @ Sb @ w_note) < 1e-10 * (w_fisher @ Sb @ w_fisher)
    np.testing.assert_allclose([w_note @ Sw @ w_note, w_fisher @ Sw @ w_fisher], 1.0)
    # ... where Fisher's J is essentially zero and the classes overlap completely
    assert fisher_criterion(w_note, X, y) < 1e-8 * fisher_criterion(w_fisher, X, y)
    acc_note = nearest_mean_accuracy((X - X.mean(0)) @ w_note, y)
    acc_fisher = nearest_mean_accuracy((X - X.mean(0)) @ w_fisher, y)
    assert acc_fisher > 0.9 and acc_note < 0.6
    np.testing.assert_allclose(
        w_fisher / np.linalg.norm(w_fisher),
        LDA(n_components=1).fit(X, y).scalings_[:, 0]
        / np.linalg.norm(LDA(n_components=1).fit(X, y).scalings_[:, 0])
        * np.sign(w_fisher @ LDA(n_components=1).fit(X, y).scalings_[:, 0]),
        atol=1e-8,
    )


def test_note_derivative_is_half_the_gradient_of_the_correct_ratio():
    X, y = load_iris(return_X_y=True)
    Sw, Sb = scatter_matrices(X, y)
    w = np.array([0.3, -0.2, 0.5, 0.1])
    note = (Sb @ w * (w @ Sw @ w) - Sw @ w * (w @ Sb @ w)) / (w @ Sw @ w) ** 2
    h = 1e-6
    J = lambda v: (v @ Sb @ v) / (v @ Sw @ v)  # noqa: E731
    grad = np.array([(J(w + h * e) - J(w - h * e)) / (2 * h) for e in np.eye(4)])
    np.testing.assert_allclose(grad, 2 * note, rtol=1e-6)
    inverted = lambda v: 1 / J(v)  # noqa: E731
    grad_inv = np.array([(inverted(w + h * e) - inverted(w - h * e)) / (2 * h) for e in np.eye(4)])
    assert not np.allclose(grad_inv, 2 * note, rtol=1e-2)


def test_class_covariance_about_overall_mean_is_not_class_scatter():
    X, y = WINE
    u = X.mean(axis=0)
    for c in np.unique(y):
        rows = X[y == c]
        uc = rows.mean(axis=0)
        note = (rows - u).T @ (rows - u)
        scatter = (rows - uc).T @ (rows - uc)
        # the note's matrix adds n_c (u_c - u)(u_c - u)': the between-class part leaks in
        np.testing.assert_allclose(note, scatter + len(rows) * np.outer(uc - u, uc - u), rtol=1e-9)
        assert np.linalg.norm(note - scatter) > 0.1 * np.linalg.norm(scatter)


def test_inconsistent_class_weights_change_the_directions():
    X, y = WINE
    # unbalance the classes strongly: keep 10 of class 0, all of 1, 20 of class 2
    keep = np.concatenate(
        [np.flatnonzero(y == 0)[:10], np.flatnonzero(y == 1), np.flatnonzero(y == 2)[:20]]
    )
    X, y = X[keep], y[keep]
    X = (X - X.mean(axis=0)) / X.std(axis=0)  # z-scores, so no feature dominates the norms
    n, d = X.shape
    u = X.mean(axis=0)
    Sw_note, Sb_note = np.zeros((d, d)), np.zeros((d, d))
    for c in np.unique(y):
        rows = X[y == c]
        uc = rows.mean(axis=0)
        Sw_note += len(rows) / n * (rows - uc).T @ (rows - uc)
        Sb_note += np.outer(uc - u, uc - u)
    St = (X - u).T @ (X - u)
    # the standard matrices add up to the total scatter; the note's are no multiple of it
    Sw, Sb = scatter_matrices(X, y)
    np.testing.assert_allclose(n * (Sw + Sb), St, rtol=1e-9)
    S = Sw_note + Sb_note
    scale = np.sum(S * St) / np.sum(St * St)
    assert np.linalg.norm(S - scale * St) > 0.05 * np.linalg.norm(S)
    lam, V = eigh(Sb_note, Sw_note)
    note_dirs = V[:, np.argsort(lam)[::-1][:2]]
    ours = LDA().fit(X, y).scalings_
    assert np.degrees(np.max(subspace_angles(note_dirs, ours))) > 5
    # the first direction is worse by Fisher's criterion (weighted by class sizes)
    assert fisher_criterion(note_dirs[:, 0], X, y) < fisher_criterion(ours[:, 0], X, y)
    # with balanced classes the weights are all equal and the two agree
    Xb, yb = load_iris(return_X_y=True)
    nb = len(yb)
    ub = Xb.mean(axis=0)
    Sw_b = sum(
        np.sum(yb == c)
        / nb
        * (Xb[yb == c] - Xb[yb == c].mean(0)).T
        @ (Xb[yb == c] - Xb[yb == c].mean(0))
        for c in range(3)
    )
    Sb_b = sum(np.outer(Xb[yb == c].mean(0) - ub, Xb[yb == c].mean(0) - ub) for c in range(3))
    lam_b, V_b = eigh(Sb_b, Sw_b)
    assert (
        np.max(subspace_angles(V_b[:, np.argsort(lam_b)[::-1][:2]], LDA().fit(Xb, yb).scalings_))
        < 1e-8
    )


def test_pca_note_algorithm_centres_the_wrong_axis():
    X_samples = WINE[0]  # N x M, samples by rows
    X = X_samples.T  # the note's M x N layout
    M, N = X.shape
    B = X - X.mean(axis=0)  # "subtract each column's mean"
    C_note = B.T @ B / N
    assert C_note.shape == (N, N) != (M, M)
    # the correct M x M covariance centres each feature (row) and uses B B' / N
    Bc = X - X.mean(axis=1, keepdims=True)
    C = Bc @ Bc.T / N
    np.testing.assert_allclose(C, np.cov(X_samples, rowvar=False, bias=True), rtol=1e-10)
    # even transposed to M x M, centring the wrong axis gives another matrix
    C_wrong = B @ B.T / N
    assert np.linalg.norm(C_wrong - C) > 0.1 * np.linalg.norm(C)


def test_orthogonal_directions_can_have_correlated_coordinates():
    rng = np.random.default_rng(0)
    X = rng.multivariate_normal([0, 0], [[3.0, 1.2], [1.2, 1.0]], size=20000)
    t = np.pi / 3  # some orthonormal basis that is not the eigenbasis
    Q = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    assert np.allclose(Q.T @ Q, np.eye(2))
    r = np.corrcoef(X @ Q, rowvar=False)[0, 1]
    se = (1 - r**2) / np.sqrt(len(X))
    assert abs(r) > 20 * se
    Z = PCA().fit_transform(X)
    assert abs(np.corrcoef(Z, rowvar=False)[0, 1]) < 1e-10


def test_gaussian_sources_are_independent_but_not_identifiable():
    rng = np.random.default_rng(1)
    n = 40000
    angles = np.linspace(0, np.pi / 2, 7)

    def rotated_kurtosis(S):
        out = []
        for a in angles:
            z = S @ [np.cos(a), np.sin(a)]
            out.append(stats.kurtosis(z))
        return np.array(out)

    se_kurt = np.sqrt(24 / n)
    G = rng.standard_normal((n, 2))
    # independent Gaussians: every rotation is again independent (uncorrelated, and its squares
    # uncorrelated) and equally Gaussian -- nothing singles out the true axes
    for a in angles:
        R = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        Z = G @ R
        assert abs(np.corrcoef(Z[:, 0] ** 2, Z[:, 1] ** 2)[0, 1]) < 4 / np.sqrt(n) * 1.5
    assert np.all(np.abs(rotated_kurtosis(G)) < 4 * se_kurt)
    # uniform sources: the kurtosis depends on the angle and is most extreme at the true axes
    U = rng.uniform(-np.sqrt(3), np.sqrt(3), (n, 2))
    k = rotated_kurtosis(U)
    assert k.max() - k.min() > 20 * se_kurt
    assert np.argmin(k) in (0, len(angles) - 1)
    # the 45-degree mixture of the uniforms is closer to Gaussian but not Gaussian:
    # excess kurtosis -1.2 * (cos^4 + sin^4) = -0.6 instead of -1.2 or 0
    mid = stats.kurtosis(U @ [np.sqrt(0.5), np.sqrt(0.5)])
    assert mid == pytest.approx(-0.6, abs=4 * se_kurt * 2)
