r"""Dimension reduction (chapter "Dimension reduction"): principal component analysis,
Fisher's linear discriminant analysis as a projection, and FastICA for blind source
separation (the cocktail party).

All three are scikit-learn transformers (``fit`` / ``transform`` / ``inverse_transform``
where it exists); fitted attributes end in ``_``.

* :class:`PCA` -- the directions of largest variance: eigenvectors of the covariance
  matrix, computed from the SVD of the centred data. Equal to
  :class:`sklearn.decomposition.PCA` up to the sign of each component.
* :class:`LDA` -- directions maximising Fisher's criterion
  :math:`J(w) = w^\top S_b w / w^\top S_w w`: the generalised eigenproblem
  :math:`S_b w = \lambda S_w w`; at most :math:`c - 1` directions. Spans the same
  subspace as :class:`sklearn.discriminant_analysis.LinearDiscriminantAnalysis`
  (``solver="eigen"``).
* :class:`FastICA` -- whitening, then the fixed-point iteration that maximises an
  approximation of negentropy (Hyvarinen & Oja 2000), symmetric or deflationary.
"""

from __future__ import annotations

import dataclasses
import itertools
import numbers
import warnings
from collections.abc import Callable
from typing import Literal, Self

import numpy as np
import scipy.linalg
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from ._api import estimator_docs
from ._results import Result
from ._ties import argmax_tied
from ._validation import (
    check_array,
    check_choice,
    check_labels,
    check_rng,
    check_scalar,
    fail,
    validate_estimator_data,
)

__all__ = [
    "FUNCTIONS",
    "LDA",
    "PCA",
    "FastICA",
    "SourceMatch",
    "fisher_criterion",
    "match_sources",
    "scatter_matrices",
]

#: Contrast functions of :class:`FastICA`: G, its derivative g = G' and g'.
FUNCTIONS = ("logcosh", "exp", "cube")


def _fit_checks(est, X, *, min_samples=2):
    """X, once, through scikit-learn's validate_data (n_features_in_, feature_names_in_)."""
    return validate_estimator_data(est, X, dtype=np.float64, ensure_min_samples=min_samples)


def _centred(est, X):
    """New ``X`` checked against the fitted ``est`` (feature count, names), minus its mean."""
    check_is_fitted(est)
    return validate_estimator_data(est, X, reset=False, dtype=np.float64) - est.mean_


def _svd_flip_rows(Vt):
    """Signs as scikit-learn's ``svd_flip(u_based_decision=False)``: the entry of largest
    absolute value in each row of ``Vt`` is positive. Entries within 1e-12 (relative) of the
    row's largest absolute value count as tied and the first of them decides, so rounding
    cannot flip the sign (:mod:`patterneval._ties`)."""
    idx = argmax_tied(np.abs(Vt), axis=1)
    signs = np.sign(Vt[np.arange(Vt.shape[0]), idx])
    signs[signs == 0] = 1.0
    return Vt * signs[:, None]


@estimator_docs
class _LinearProjection:
    """``transform`` and ``inverse_transform`` of a model fitted as ``mean_``, the
    projection ``components_`` and a back-projection (PCA: ``components_`` itself, whose
    rows are orthonormal; FastICA: the mixing matrix)."""

    # set by the subclass's fit (annotations only: nothing is set on the class)
    components_: np.ndarray
    mean_: np.ndarray
    n_components_: int
    _back_projection: Callable[[], np.ndarray]

    def transform(self, X: ArrayLike) -> np.ndarray:
        """Coordinates along the components (PCA) or estimated sources (FastICA):
        :math:`(X - \\bar x) W^\\top` with :math:`W` = ``components_``.

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples, n_components)
        """
        return _centred(self, X) @ self.components_.T

    def inverse_transform(self, X: ArrayLike) -> np.ndarray:
        """Back to feature space: :math:`Z V_k^\\top + \\bar x` for PCA (exact when all
        components are kept, the least-squares reconstruction otherwise), the sources
        mixed back, :math:`S A^\\top + \\bar x`, for FastICA.

        Parameters
        ----------
        X : array_like, shape (n_samples, n_components)
            Coordinates Z along the components (PCA) or sources S (FastICA).

        Returns
        -------
        ndarray, shape (n_samples, n_features)
        """
        check_is_fitted(self)
        Z = _check_components(X, self.n_components_)
        return Z @ self._back_projection() + self.mean_


# --- PCA -----------------------------------------------------------------------------------


@estimator_docs
class PCA(_LinearProjection, TransformerMixin, BaseEstimator):
    r"""Principal component analysis by the SVD of the centred data.

    Maximising the variance :math:`w^\top C w` of the projection :math:`w^\top x` over
    unit vectors :math:`w` (Lagrangian :math:`w^\top C w - \lambda(w^\top w - 1)`) gives
    :math:`C w = \lambda w`: the principal directions are the eigenvectors of the
    covariance :math:`C`, and the variance along each is its eigenvalue. With the
    centred data :math:`X_c = U S V^\top`, :math:`C = X_c^\top X_c/(n-1) = V
    \frac{S^2}{n-1} V^\top`, so the rows of :math:`V^\top` are the components and
    :math:`S^2/(n-1)` the explained variances (the SVD avoids forming :math:`C`, which
    squares the condition number). Cost O(n d min(n, d)).

    Parameters
    ----------
    n_components : int or None
        Number of components kept, at most :math:`\min(n, d)`; None keeps all.

    Attributes
    ----------
    components_ : ndarray (n_components, n_features)
        Unit principal directions, by decreasing variance; sign: the largest entry of each
        row is positive (scikit-learn's convention).
    explained_variance_ : ndarray (n_components,)
        Variance of the data along each component (denominator n - 1).
    explained_variance_ratio_ : ndarray (n_components,)
        Share of the total variance.
    singular_values_ : ndarray (n_components,)
    mean_ : ndarray (n_features,)
    n_components_ : int

    References
    ----------
    Pearson, K. (1901). On lines and planes of closest fit to systems of points in space.
    Phil. Mag. 2(11), 559-572. doi:10.1080/14786440109462720.
    Hotelling, H. (1933). Analysis of a complex of statistical variables into principal
    components. J. Educ. Psychol. 24(6), 417-441. doi:10.1037/h0071325.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.decomposition import PCA
    >>> X = np.array([[2.0, 0.0], [0.0, 1.0], [-2.0, 0.0], [0.0, -1.0]])
    >>> pca = PCA(n_components=1).fit(X)
    >>> pca.components_, pca.explained_variance_
    (array([[1., 0.]]), array([2.66666667]))
    """

    def __init__(self, n_components: int | None = None) -> None:
        self.n_components = n_components

    def fit(self, X: ArrayLike, y: ArrayLike | None = None) -> Self:
        """Fit the components to ``X`` (n_samples, n_features); ``y`` is ignored.

        %(params_fit_X)s

        %(returns_self)s
        """
        X = _fit_checks(self, X)
        n, d = X.shape
        k = check_n_components(
            self.n_components, min(n, d), limit_text="min(n_samples, n_features)"
        )
        self.mean_ = X.mean(axis=0)
        U, S, Vt = scipy.linalg.svd(X - self.mean_, full_matrices=False)
        Vt = _svd_flip_rows(Vt)
        var = S**2 / (n - 1)
        total = var.sum()
        self.n_components_ = k
        self.components_ = Vt[:k].copy()
        self.explained_variance_ = var[:k].copy()
        self.explained_variance_ratio_ = var[:k] / total if total > 0 else np.zeros(k)
        self.singular_values_ = S[:k].copy()
        self.n_samples_ = n
        return self

    def _back_projection(self):
        # orthonormal rows: the transpose of the projection is its pseudo-inverse
        return self.components_


# --- LDA -----------------------------------------------------------------------------------


def scatter_matrices(X: ArrayLike, y: ArrayLike) -> tuple:
    r"""Within- and between-class covariance matrices, weighted by the class priors.

    With priors :math:`p_c = n_c/n`, class means :math:`\mu_c` and mean :math:`\mu`,

    .. math::
        S_w = \sum_c p_c\,\frac1{n_c}\sum_{j\in c}(x_j-\mu_c)(x_j-\mu_c)^\top,\qquad
        S_b = \sum_c p_c(\mu_c-\mu)(\mu_c-\mu)^\top,

    so that :math:`S_w + S_b = S_t = \frac1n\sum_j(x_j-\mu)(x_j-\mu)^\top` (the
    convention of scikit-learn's ``solver="eigen"``; multiplying both by n gives the
    scatter matrices of Duda, Hart & Stork). Cost O(n d^2).

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
        Finite real data, at least 2 rows.
    y : array_like of shape (n_samples,)
        Class labels, at least 2 classes, no NaN.

    Returns
    -------
    (S_w, S_b) : tuple of ndarrays (d, d)

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.decomposition import scatter_matrices
    >>> X = np.array([[0.0], [2.0], [4.0], [6.0]]); y = [0, 0, 1, 1]
    >>> [m.item() for m in scatter_matrices(X, y)]
    [1.0, 4.0]
    """
    X, (classes, codes) = _check_X_labels(X, y)
    return _scatter(X, codes, classes.size)[:2]


def _scatter(X, codes, c):
    n, d = X.shape
    counts = np.bincount(codes, minlength=c).astype(float)
    means = np.zeros((c, d))
    np.add.at(means, codes, X)
    means /= counts[:, None]
    mu = X.mean(axis=0)
    R = X - means[codes]
    Sw = R.T @ R / n
    D = means - mu
    Sb = (D * (counts / n)[:, None]).T @ D
    return (Sw + Sw.T) / 2, (Sb + Sb.T) / 2, means, counts / n


def fisher_criterion(w: ArrayLike, X: ArrayLike, y: ArrayLike) -> float | np.ndarray:
    r"""Fisher's criterion :math:`J(w) = \dfrac{w^\top S_b w}{w^\top S_w w}` (larger is
    better: class means far apart relative to the spread within classes).

    ``w`` may be one direction (d,) or several as columns (d, m); returns a float or an
    array of m values. Cost O(n d^2 + d^2 m).

    Parameters
    ----------
    w : array_like of shape (d,) or (d, m)
        Finite, non-zero projection direction(s); the scale of ``w`` cancels. A zero
        direction raises a ValueError (:math:`J(0) = 0/0`).
    X, y
        As in :func:`scatter_matrices` (X has d columns).

    Returns
    -------
    float or ndarray of shape (m,)
        :math:`J(w)` with :math:`S_w, S_b` of :func:`scatter_matrices`; ``inf`` where
        :math:`w^\top S_w w = 0 < w^\top S_b w` (the classes separate perfectly along w:
        the limit of J). Where both are 0 (no spread along w at all) J = 0/0 is undefined
        and a ValueError is raised.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.decomposition import fisher_criterion
    >>> X = np.array([[0.0, 0.0], [2.0, 1.0], [4.0, 0.0], [6.0, 1.0]]); y = [0, 0, 1, 1]
    >>> fisher_criterion([1.0, 0.0], X, y)
    4.0
    """
    X, (classes, codes) = _check_X_labels(X, y)
    Sw, Sb, _, _ = _scatter(X, codes, classes.size)
    W = check_array("w", w)
    one = W.ndim == 1
    W = W[:, None] if one else W
    if W.ndim != 2 or W.shape[0] != X.shape[1]:
        raise fail(
            "w",
            f"a direction of {X.shape[1]} entries (one per feature), or a matrix of "
            f"{X.shape[1]} rows with one direction per column",
            f"an array of shape {np.shape(w)}",
            echo=False,
        )
    scale = np.max(np.abs(W), axis=0)  # the scale of w cancels: tiny w must not underflow
    if np.any(scale == 0):
        raise fail(
            "w",
            "a non-zero direction (every column non-zero)",
            f"a zero direction (column {int(np.argmin(scale))})" if not one else "the zero vector",
            echo=False,
            hint="J(0) = 0/0 is undefined.",
        )
    W = W / scale
    num = np.einsum("im,ij,jm->m", W, Sb, W)
    den = np.einsum("im,ij,jm->m", W, Sw, W)
    flat = (den == 0) & (num == 0)
    if np.any(flat):
        raise fail(
            "X",
            "data with some spread along w (within or between the classes)",
            f"no spread at all along {'w' if one else f'column {int(np.argmax(flat))} of w'}",
            echo=False,
            hint="J(w) = 0/0 is undefined there.",
        )
    with np.errstate(divide="ignore"):
        J = num / den
    return float(J[0]) if one else J


@estimator_docs
class LDA(TransformerMixin, BaseEstimator):
    r"""Fisher's linear discriminant analysis as a supervised projection.

    Setting the gradient of :math:`J(w) = w^\top S_b w / w^\top S_w w` to zero gives
    :math:`(w^\top S_w w) S_b w = (w^\top S_b w) S_w w`, i.e. the generalised
    eigenproblem :math:`S_b w = J(w)\,S_w w`. The eigenvalues are the values of
    :math:`J` at the eigenvectors; the best direction has the largest. Since
    :math:`S_b` is a sum of c rank-one terms whose weighted sum is zero, its rank is at
    most :math:`c-1`: only :math:`\min(c-1, d)` directions carry between-class
    information. Solved with :func:`scipy.linalg.eigh` (Cholesky of :math:`S_w`, O(d^3))
    after O(n d^2) for the scatter matrices (:func:`scatter_matrices`).

    Parameters
    ----------
    n_components : int or None
        At most :math:`\min(c-1, d)`; None keeps that many.

    Attributes
    ----------
    scalings_ : ndarray (n_features, n_components)
        The directions as columns, normalised so that :math:`w^\top S_w w = 1` (the
        projected classes have unit pooled within-class variance), sign: largest entry
        positive.
    eigenvalues_ : ndarray (n_components,)
        :math:`J` of each direction, decreasing.
    explained_variance_ratio_ : ndarray (n_components,)
        Each eigenvalue over the sum of all eigenvalues.
    classes_, priors_, means_, mean_, covariance_within_, covariance_between_

    Notes
    -----
    Only the eigenvalues are determined by the data in every case. If two kept
    eigenvalues are equal (a degenerate problem, e.g. classes placed symmetrically), any
    :math:`S_w`-orthonormal basis of their eigenspace is an answer and the one returned
    depends on the eigensolver and the CPU; the subspace they span, and :math:`J`, do
    not. The directions beyond ``min(n_classes - 1, n_features)`` have eigenvalue 0 and
    are never returned.

    Raises
    ------
    ValueError
        If :math:`S_w` is singular (fewer samples than features per class, or collinear
        features): use a shrinkage estimate (scikit-learn's
        ``LinearDiscriminantAnalysis(solver="eigen", shrinkage="auto")``) or reduce the
        dimension with :class:`PCA` first.

    References
    ----------
    Fisher, R. A. (1936). The use of multiple measurements in taxonomic problems. Annals
    of Eugenics 7(2), 179-188. doi:10.1111/j.1469-1809.1936.tb02137.x.
    Rao, C. R. (1948). The utilization of multiple measurements in problems of biological
    classification. JRSS B 10(2), 159-203. doi:10.1111/j.2517-6161.1948.tb00008.x.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from patterneval.decomposition import LDA
    >>> X, y = load_iris(return_X_y=True)
    >>> lda = LDA().fit(X, y)
    >>> lda.n_components_, lda.eigenvalues_.round(3)
    (2, array([32.192,  0.285]))
    """

    def __init__(self, n_components: int | None = None) -> None:
        self.n_components = n_components

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Fit the discriminant directions to ``X`` (n_samples, n_features) and labels ``y``.

        %(params_fit_Xy_two)s

        %(returns_self)s

        Raises
        ------
        ValueError
            If the within-class scatter :math:`S_w` is singular (the message suggests
            shrinkage or PCA first).
        """
        X, y = validate_estimator_data(
            self, X, y, labels=True, dtype=np.float64, ensure_min_samples=2
        )
        X = _check_scale(X)
        classes, codes = _class_codes(y)
        n, d = X.shape
        c = classes.size
        k = check_n_components(
            self.n_components, min(c - 1, d), limit_text="min(n_classes - 1, n_features)"
        )
        Sw, Sb, means, priors = _scatter(X, codes, c)
        eig_w = np.linalg.eigvalsh(Sw)
        tol = 10 * d * np.finfo(float).eps * max(eig_w[-1], np.finfo(float).tiny)
        if eig_w[0] <= tol:
            rank = int(np.sum(eig_w > tol))
            raise ValueError(
                f"the within-class covariance S_w of X is singular (rank {rank} < {d} features), "
                f"so S_b w = lambda S_w w has no unique solution; use a shrinkage estimate "
                f"(sklearn LinearDiscriminantAnalysis(solver='eigen', shrinkage='auto')) or "
                f"reduce the dimension with PCA first."
            )
        evals, evecs = scipy.linalg.eigh(Sb, Sw)
        order = np.argsort(evals)[::-1]
        evals, evecs = np.clip(evals[order], 0.0, None), evecs[:, order]
        flipped = _svd_flip_rows(evecs.T)
        self.classes_ = classes
        self.priors_ = priors
        self.means_ = means
        self.mean_ = X.mean(axis=0)
        self.covariance_within_ = Sw
        self.covariance_between_ = Sb
        self.n_components_ = k
        self.scalings_ = flipped[:k].T.copy()
        self.eigenvalues_ = evals[:k].copy()
        total = evals.sum()
        self.explained_variance_ratio_ = evals[:k] / total if total > 0 else np.zeros(k)
        return self

    def transform(self, X: ArrayLike) -> np.ndarray:
        """Project onto the discriminant directions: :math:`(X - \\bar x) W`.

        %(params_X)s

        Returns
        -------
        ndarray, shape (n_samples, n_components)
        """
        return _centred(self, X) @ self.scalings_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        return tags


# --- ICA -----------------------------------------------------------------------------------


def _contrast(fun):
    if fun == "logcosh":

        def g(u):
            t = np.tanh(u)
            return t, 1.0 - t * t
    elif fun == "exp":

        def g(u):
            e = np.exp(-0.5 * u * u)
            return u * e, (1.0 - u * u) * e
    else:

        def g(u):
            return u**3, 3.0 * u * u

    return g


def _sym_decorrelation(W):
    """:math:`(W W^\\top)^{-1/2} W`: the nearest matrix with orthonormal rows."""
    s, U = np.linalg.eigh(W @ W.T)
    s = np.clip(s, np.finfo(W.dtype).tiny, None)
    return (U * (1.0 / np.sqrt(s))) @ U.T @ W


@estimator_docs
class FastICA(_LinearProjection, TransformerMixin, BaseEstimator):
    r"""Independent component analysis by the FastICA fixed-point iteration.

    Model :math:`x = A s` with independent, non-Gaussian sources. (1) Centre and whiten:
    :math:`z = K(x - \bar x)` with :math:`K = \Lambda^{-1/2}E^\top` from the covariance
    :math:`E\Lambda E^\top`, so :math:`\operatorname{cov}(z) = I`; then the unmixing
    matrix is orthogonal. (2) For each row :math:`w` (unit norm) maximise the negentropy
    approximation :math:`J(w) \propto [E\,G(w^\top z) - E\,G(\nu)]^2`,
    :math:`\nu \sim N(0,1)`. The Lagrange condition :math:`E[z\,g(w^\top z)] - \beta w = 0`
    (:math:`g = G'`) solved by Newton's method, with the Jacobian approximated by
    :math:`E[g'(w^\top z)]I` (valid because :math:`z` is white), gives after rescaling the
    fixed-point update

    .. math:: w \leftarrow E[z\,g(w^\top z)] - E[g'(w^\top z)]\,w,\qquad
              w \leftarrow w/\lVert w\rVert .

    ``algorithm="parallel"`` updates all rows and restores orthonormality by the
    symmetric decorrelation :math:`W \leftarrow (WW^\top)^{-1/2}W`;
    ``"deflation"`` finds rows one by one, Gram-Schmidt against those already found.
    Contrasts: ``"logcosh"`` :math:`g(u) = \tanh u`; ``"exp"``
    :math:`g(u) = u e^{-u^2/2}`; ``"cube"`` :math:`g(u) = u^3` (kurtosis). Stops when
    :math:`\max_i |\,|w_i^{new}\cdot w_i| - 1| <` ``tol``. Cost O(n k^2) per iteration
    plus O(n d min(n, d)) for the whitening.

    Parameters
    ----------
    n_components : int or None
        Number of sources, at most :math:`\min(n, d)`; None uses d (or n if smaller).
    fun : {"logcosh", "exp", "cube"}
    algorithm : {"parallel", "deflation"}
    max_iter : int >= 1
    tol : float > 0
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        Draws the initial unmixing matrix (standard normal; an int gives
        ``numpy.random.default_rng(random_state)``).

    Attributes
    ----------
    components_ : ndarray (n_components, n_features)
        Unmixing matrix applied to the centred data: ``sources = (X - mean_) @ components_.T``.
        Sources have unit variance (denominator n); their order and signs are arbitrary.
    mixing_ : ndarray (n_features, n_components)
        Pseudo-inverse of ``components_``.
    whitening_ : ndarray (n_components, n_features)
    mean_ : ndarray (n_features,)
    n_iter_ : int
        Iterations used (the maximum over components for ``"deflation"``).

    Warns
    -----
    sklearn.exceptions.ConvergenceWarning
        If ``max_iter`` is reached before ``tol``.

    References
    ----------
    Hyvarinen, A. & Oja, E. (2000). Independent component analysis: algorithms and
    applications. Neural Networks 13(4-5), 411-430. doi:10.1016/S0893-6080(00)00026-5.
    Hyvarinen, A. (1999). Fast and robust fixed-point algorithms for independent
    component analysis. IEEE Trans. Neural Netw. 10(3), 626-634. doi:10.1109/72.761722.

    Examples
    --------
    >>> from patterneval.book.dimension_reduction import cocktail_party
    >>> from patterneval.decomposition import FastICA, match_sources
    >>> party = cocktail_party(2000, rng=0)
    >>> S = FastICA(n_components=2, random_state=0).fit_transform(party.mixed)
    >>> bool(match_sources(party.sources, S).correlation.min() > 0.95)
    True
    """

    def __init__(
        self,
        n_components: int | None = None,
        *,
        fun: Literal["logcosh", "exp", "cube"] = "logcosh",
        algorithm: Literal["parallel", "deflation"] = "parallel",
        max_iter: int = 200,
        tol: float = 1e-4,
        random_state: int | np.random.RandomState | np.random.Generator | None = None,
    ) -> None:
        self.n_components = n_components
        self.fun = fun
        self.algorithm = algorithm
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    def fit(self, X: ArrayLike, y: ArrayLike | None = None) -> Self:
        """Estimate the unmixing matrix from ``X`` (n_samples, n_features).

        %(params_fit_X)s

        %(returns_self)s
        """
        self._fit(X)
        return self

    def fit_transform(self, X: ArrayLike, y: ArrayLike | None = None) -> np.ndarray:
        """Fit and return the estimated sources.

        %(params_fit_X)s

        Returns
        -------
        ndarray, shape (n_samples, n_components)
            The estimated sources of ``X``.
        """
        return self._fit(X)

    def _fit(self, X):
        X = _fit_checks(self, X)
        fun = check_choice("fun", self.fun, FUNCTIONS)
        algorithm = check_choice("algorithm", self.algorithm, ("parallel", "deflation"))
        max_iter = check_scalar("max_iter", self.max_iter, int, low=1)
        tol = check_scalar("tol", self.tol, float, low=0, closed="neither")
        gen = check_rng(self.random_state, name="random_state", legacy=True)
        n, d = X.shape
        k = check_n_components(
            self.n_components, min(n, d), limit_text="min(n_samples, n_features)"
        )
        self.mean_ = X.mean(axis=0)
        Xc = X - self.mean_
        _, S, Vt = scipy.linalg.svd(Xc, full_matrices=False)
        if S[k - 1] <= S[0] * max(n, d) * np.finfo(float).eps:
            raise ValueError(
                f"X has rank < n_components = {k} (collinear features), so it cannot be "
                f"whitened; lower n_components."
            )
        with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
            K = (np.sqrt(n) / S[:k])[:, None] * Vt[:k]  # cov of Z (denominator n) is I
            Z = Xc @ K.T
        if not (np.all(np.isfinite(K)) and np.all(np.isfinite(Z))):  # a spread near 1e-308
            raise fail(
                "X",
                "data whose whitening is finite in double precision",
                f"a spread so small (largest singular value {S[0]:.3g}) that 1/spread overflows",
                echo=False,
                hint="Rescale X.",
            )
        g = _contrast(fun)
        W0 = gen.standard_normal((k, k))
        if algorithm == "parallel":
            W, n_iter, ok = self._parallel(Z, W0, g, max_iter, tol)
        else:
            W, n_iter, ok = self._deflation(Z, W0, g, max_iter, tol)
        if not ok:
            warnings.warn(
                f"FastICA did not converge in max_iter={max_iter} iterations (tol={tol:g}); "
                f"increase max_iter or tol.",
                ConvergenceWarning,
                stacklevel=3,
            )
        self.whitening_ = K
        self.components_ = W @ K
        self.mixing_ = np.linalg.pinv(self.components_)
        self.n_components_ = k
        self.n_iter_ = n_iter
        return Z @ W.T

    @staticmethod
    def _parallel(Z, W, g, max_iter, tol):
        n = Z.shape[0]
        W = _sym_decorrelation(W)
        for it in range(1, max_iter + 1):
            gy, gpy = g(Z @ W.T)
            W_new = _sym_decorrelation(gy.T @ Z / n - gpy.mean(axis=0)[:, None] * W)
            lim = np.max(np.abs(np.abs(np.sum(W_new * W, axis=1)) - 1.0))
            W = W_new
            if lim < tol:
                return W, it, True
        return W, max_iter, False

    @staticmethod
    def _deflation(Z, W0, g, max_iter, tol):
        k = W0.shape[0]
        W = np.zeros_like(W0)
        worst, ok = 0, True
        for p in range(k):
            w = W0[p] - W[:p].T @ (W[:p] @ W0[p])
            w /= np.linalg.norm(w)
            for it in range(1, max_iter + 1):  # noqa: B007 - the count is read after the loop
                gy, gpy = g(Z @ w)
                w_new = (Z * gy[:, None]).mean(axis=0) - gpy.mean() * w
                w_new -= W[:p].T @ (W[:p] @ w_new)
                w_new /= np.linalg.norm(w_new)
                lim = abs(abs(w_new @ w) - 1.0)
                w = w_new
                if lim < tol:
                    break
            else:
                ok = False
            worst = max(worst, it)
            W[p] = w
        return W, worst, ok

    def _back_projection(self):
        return self.mixing_.T

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.non_deterministic = not isinstance(self.random_state, numbers.Integral)
        return tags


@dataclasses.dataclass(frozen=True, repr=False)
class SourceMatch(Result):
    """How well estimated sources match the true ones (ICA recovers them only up to order,
    sign and scale).

    Attributes
    ----------
    correlation : ndarray (k,)
        Absolute Pearson correlation of each true source with its matched estimate (1 is perfect).
    permutation : tuple of int
        ``permutation[i]`` is the estimate matched to true source i.
    sign : ndarray (k,)
        Sign of each matched correlation (multiply the estimate by it to align).
    matrix : ndarray (k, k)
        All correlations, true sources by rows.
    """

    correlation: np.ndarray
    permutation: tuple
    sign: np.ndarray
    matrix: np.ndarray = dataclasses.field(repr=False)


def match_sources(sources: ArrayLike, estimated: ArrayLike) -> SourceMatch:
    r"""Pair true and estimated sources by the permutation maximising the summed absolute
    correlation (exhaustive over k! permutations, k <= 8). O(n k^2 + k! k).

    Parameters
    ----------
    sources : array_like of shape (n_samples, k)
        The true sources, finite, 1 <= k <= 8, no column constant (a constant signal has
        no correlation: ValueError rather than NaN).
    estimated : array_like of shape (n_samples, k)
        The recovered sources (e.g. ``FastICA().fit_transform(mixed)``), same shape, no
        column constant.

    Returns
    -------
    SourceMatch

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.decomposition import match_sources
    >>> S = np.random.default_rng(0).normal(size=(100, 2))
    >>> m = match_sources(S, -2 * S[:, ::-1])
    >>> m.permutation, m.sign.tolist(), m.correlation.round(6).tolist()
    ((1, 0), [-1.0, -1.0], [1.0, 1.0])
    """
    S = _check_data("sources", sources)
    E = _check_data("estimated", estimated)
    if S.shape != E.shape:
        raise fail(
            "estimated",
            f"an array of the shape of sources, {S.shape}",
            f"shape {E.shape}",
            echo=False,
        )
    k = S.shape[1]
    if k > 8:
        raise ValueError(f"match_sources handles at most 8 sources; got {k}.")
    for name, arr in (("sources", S), ("estimated", E)):
        flat = np.ptp(arr, axis=0) == 0  # a constant column has no correlation (0/0)
        if np.any(flat):
            raise fail(
                name,
                "columns that vary (a constant signal has no correlation with anything)",
                f"a constant column {int(np.argmax(flat))}",
                echo=False,
            )
    # correlations do not depend on the scale of a column: columns whose squares would
    # overflow or underflow (beyond 1e100, below 1e-100) are divided by their largest entry
    S, E = (
        A / top if (top.max() > 1e100 or top.min() < 1e-100) else A
        for A, top in ((S, np.abs(S).max(axis=0)), (E, np.abs(E).max(axis=0)))
    )
    C = np.corrcoef(S.T, E.T)[:k, k:]
    best = max(itertools.permutations(range(k)), key=lambda p: np.abs(C[np.arange(k), p]).sum())
    c = C[np.arange(k), best]
    return SourceMatch(
        correlation=np.abs(c), permutation=tuple(int(i) for i in best), sign=np.sign(c), matrix=C
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def _check_data(name, X, min_rows=2):
    return check_array(name, X, ndim=2, min_rows=min_rows, shape_hint="(n_samples, n_features)")


def _check_components(X, n_components):
    """Coordinates to map back to feature space: one column per component."""
    Z = _check_data("X", X, min_rows=1)
    if Z.shape[1] != n_components:
        raise fail(
            "X",
            f"{n_components} columns, one per component of the model",
            f"{Z.shape[1]} columns",
            echo=False,
        )
    return Z


def _class_codes(y, n_samples=None):
    """``(classes, codes)`` of labels of at least two classes (codes in 0..n_classes-1)."""
    y = check_labels("y", y, n=n_samples, n_name="X", min_classes=2)
    classes, codes = np.unique(y, return_inverse=True)
    return classes, codes.reshape(-1)


def _check_X_labels(X, y):
    """A data matrix and its class labels, for the functions (not estimators) of LDA."""
    X = _check_scale(_check_data("X", X))
    return X, _class_codes(y, X.shape[0])


def _check_scale(X, name="X"):
    """Data whose scatter matrices (sums of squared deviations) are finite: entries beyond
    about 1e150 would overflow them to inf, and the criteria built on them to NaN."""
    top = float(np.max(np.abs(X))) if X.size else 0.0
    limit = 1e154 / (
        2.0 * np.sqrt(max(X.size * X.shape[-1], 1))
    )  # sums over n samples and d^2 entries
    if top > limit:
        raise fail(
            name,
            f"data whose scatter matrices are finite in double precision (entries of "
            f"magnitude below about {limit:.0e})",
            f"a largest |entry| of {top:.3g}",
            echo=False,
            hint=f"Rescale {name}.",
        )
    return X


def check_n_components(n_components, limit: int, *, limit_text: str) -> int:
    """``None`` (use ``limit``) or an integer in 1 .. limit; ``limit_text`` explains the limit."""
    if n_components is None:
        return int(limit)
    value = check_scalar("n_components", n_components, int, low=1)
    if value > limit:
        raise fail("n_components", f"<= {limit_text} = {limit}", value)
    return value
