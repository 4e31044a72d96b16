"""Label-permutation tests of whether a classifier finds real structure (p = (b + 1) / (m + 1)).

Derived in Part I of the book, chapter "Permutation tests" (section
用分类性能进行关系判断 of the course notes). If the labels carry no information about the features, every
relabelling of the samples is as likely as the observed one; the cross-validation errors of
the same pipeline on randomly permuted labels then sample the null distribution of the
observed error, and the share of them at least as low gives the p-value.
"""

from __future__ import annotations

import dataclasses
import numbers
from typing import Any, Literal, cast

import numpy as np
import scipy.sparse as sp
from joblib import effective_n_jobs
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, clone
from sklearn.feature_selection import VarianceThreshold
from sklearn.linear_model import RidgeClassifier
from sklearn.model_selection import (
    KFold,
    LeaveOneOut,
    LeavePOut,
    RepeatedKFold,
    ShuffleSplit,
    StratifiedKFold,
)
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import (
    MaxAbsScaler,
    MinMaxScaler,
    Normalizer,
    RobustScaler,
    StandardScaler,
)

from .._api import keywords
from .._engine import (
    AVERAGE_OPTIONS,
    SINGLE_CLASS_OPTIONS,
    cross_validate_folds,
    cv_error,
    cv_errors,
    fit_predict,
    is_serial,
    run_tasks,
    single_class_error,
    spawn,
)
from .._results import Result
from .._rows import take_rows
from .._validation import (
    check_bool,
    check_choice,
    check_classification_target,
    check_cv,
    check_estimator,
    check_n_jobs,
    check_rng,
    check_scalar,
    check_X_y,
    fail,
    show,
)

__all__ = ["PermutationTestResult", "permutation_test"]

#: Values of ``permutation_test(method=...)``.
METHOD_OPTIONS = ("auto", "refit", "cached")

#: Pipeline steps that may precede a cached learner: they are fitted on the training fold's
#: features only (never on its labels), so they are the same for every permutation.
LABEL_FREE_STEPS = (
    StandardScaler,
    MinMaxScaler,
    MaxAbsScaler,
    RobustScaler,
    Normalizer,
    VarianceThreshold,
)

#: Permutations evaluated together by the cached path (bounds its memory).
_CHUNK = 128

#: Two cross-validation errors closer than this count as tied. CV errors lie in [0, 1]: pooled
#: errors are ratios k / N of held-out mistakes to held-out predictions, and two different
#: ones differ by at least 1 / N^2; means of fold errors k_j / n_j (``average="folds"``) by at
#: least 1 / (K n_max^2). Both exceed 1e-12 for any data set that fits in memory, while the
#: same value computed in another order differs only by rounding (about 1e-16).
TIE_TOLERANCE = 1e-12


@dataclasses.dataclass(frozen=True, repr=False)
class PermutationTestResult(Result):
    """A label-permutation test of a classifier's cross-validation error.

    Attributes
    ----------
    statistic : float
        Cross-validation error on the true labels (lower is better): held-out mistakes over
        held-out predictions (``average="pooled"``) or the mean of ``fold_errors``
        (``average="folds"``).
    pvalue : float
        ``(b + 1) / (m + 1)``, ``b`` the number of permuted errors ``<= statistic``.
    n_resamples : int
        ``m``, the number of permutations.
    null_distribution : numpy.ndarray
        The ``m`` cross-validation errors on permuted labels.
    fold_errors : numpy.ndarray
        The observed error of each fold (``statistic`` is their mean when
        ``average="folds"``, their mean weighted by fold size when ``"pooled"``).
    n_single_class : int
        Fits (observed and permuted runs, all folds) whose training fold held a single
        class; with ``single_class="constant"`` they predicted that class.
    null_single_class : numpy.ndarray of int
        Per permutation, its folds with a single-class training fold (``n_single_class``
        is their sum plus the observed run's).
    average : {"pooled", "folds"}
        How the fold errors make the statistic (see :func:`permutation_test`).
    method : {"refit", "cached"}
        The path that computed the null distribution: ``"refit"`` fitted the pipeline on
        every fold of every permutation; ``"cached"`` fitted it once per fold and evaluated
        the permutations from what the fit learnt without the labels (refitting only the
        permutations and folds the cache could not decide; see ``cached_folds``).
    cached_folds : numpy.ndarray of int
        Per permutation, its folds evaluated from the cache (0 everywhere with ``"refit"``;
        the number of folds ``K`` for a permutation the cache decided entirely).
    """

    _means = (
        "The p-value estimates the probability, were the labels unrelated to the features, of a CV "
        "error at most {statistic:.3g} ({n_resamples} permutations): a small one is evidence that the"
        " classifier found real structure. It is not the probability that the labels are unrelated."
    )

    statistic: float
    pvalue: float
    n_resamples: int
    null_distribution: np.ndarray
    fold_errors: np.ndarray = dataclasses.field(repr=False)
    n_single_class: int = 0
    null_single_class: np.ndarray | None = dataclasses.field(default=None, repr=False)
    average: str = dataclasses.field(default="pooled", repr=False)
    method: str = "refit"
    cached_folds: np.ndarray | None = dataclasses.field(default=None, repr=False)

    def head(self, n_resamples: int) -> PermutationTestResult:
        """The same test with only its first ``n_resamples`` permutations.

        The permutations are independent draws, so any prefix is itself a valid test with
        fewer permutations (its p-value recomputed as ``(b + 1) / (n_resamples + 1)``).

        Parameters
        ----------
        n_resamples : int
            Permutations kept, from 1 to the result's ``n_resamples``.

        Returns
        -------
        PermutationTestResult
            With the first ``n_resamples`` values of the null distribution (and of its
            single-class counts) and the p-value they give.

        Examples
        --------
        >>> import numpy as np
        >>> from patterneval.resampling.permutation import PermutationTestResult
        >>> res = PermutationTestResult(statistic=0.2, pvalue=3 / 6, n_resamples=5,
        ...                             null_distribution=np.array([0.5, 0.1, 0.4, 0.2, 0.6]),
        ...                             fold_errors=np.array([0.2, 0.2]))
        >>> short = res.head(3)  # null 0.5, 0.1, 0.4: b = 1 at most 0.2
        >>> short.n_resamples, short.pvalue
        (3, 0.5)
        >>> res.head(4).pvalue  # adds 0.2, a tie: b = 2
        0.6
        """
        m = check_scalar(
            "n_resamples",
            n_resamples,
            int,
            low=1,
            high=self.n_resamples,
            hint=f"The result holds {self.n_resamples} permutations.",
        )
        null = self.null_distribution[:m]
        short = dataclasses.replace(
            self,
            pvalue=_pvalue(self.statistic, null),
            n_resamples=m,
            null_distribution=null,
            cached_folds=None if self.cached_folds is None else self.cached_folds[:m],
        )
        counts = self.null_single_class
        if counts is None:
            return short
        observed = self.n_single_class - int(counts.sum())
        return dataclasses.replace(
            short, null_single_class=counts[:m], n_single_class=observed + int(counts[:m].sum())
        )


def _pvalue(statistic, null_distribution) -> float:
    r"""``(b + 1) / (m + 1)`` with ``b`` the null errors at most ``statistic`` (ties counted).

    Errors within :data:`TIE_TOLERANCE` of ``statistic`` count as ties; see
    :func:`permutation_test`.
    """
    null = np.asarray(null_distribution, dtype=float)
    b = int(np.count_nonzero(null <= statistic + TIE_TOLERANCE))
    return (b + 1) / (null.size + 1)


def _cv_run(estimator, X, y, cv, single_class="constant", where="the observed labels"):
    """``cv``'s folds of ``(X, y)`` through the cross-validation engine, serially (the
    parallel tasks are permutations): the :class:`~patterneval._engine.FoldOutcome`."""
    return cross_validate_folds(
        estimator,
        X,
        y,
        cv.split(X, y),
        single_class=single_class,
        where=lambda f: f"fold {f} of the cross-validation on {where}",
        n_jobs=1,
    )


def _permute(y, perm):
    """The labels permuted by position, the samples kept: ``y[perm]`` for an array; for a
    pandas Series (handed to the estimator as the caller gave it) its values in the order
    ``perm`` under its own index, with its name and dtype, so that row ``i`` of ``X`` keeps
    its index label."""
    if hasattr(y, "iloc"):
        return y.iloc[perm].set_axis(y.index)
    return y[perm]


def _permuted_error(estimator, X, y, cv, source, single_class="constant", average="pooled"):
    """CV error with labels ``y[perm]`` and its single-class folds; ``perm`` is given or
    drawn from a Generator."""
    perm = source.permutation(len(y)) if isinstance(source, np.random.Generator) else source
    outcome = _cv_run(estimator, X, _permute(y, perm), cv, single_class, "permuted labels")
    return cv_error(outcome.counts, outcome.sizes, average), len(outcome.single)


def _permuted_errors(estimator, X, y, cv, sources, single_class="constant", average="pooled"):
    return [
        _permuted_error(estimator, X, y, cv, source, single_class, average) for source in sources
    ]


# ------------------------------------------------------------------ cached null distributions
def _cached_kind(pipeline):
    """``"knn"``, ``"ridge"`` or ``None``: whether ``pipeline``'s permuted CV errors can be
    computed without refitting (exact type checks; see :func:`permutation_test`)."""
    final = pipeline
    if type(pipeline) is Pipeline:
        steps = [step for _, step in pipeline.steps]
        if not all(
            step is None
            or (isinstance(step, str) and step == "passthrough")
            or type(step) in LABEL_FREE_STEPS
            for step in steps[:-1]
        ):
            return None
        final = steps[-1]
    if (
        type(final) is KNeighborsClassifier
        and isinstance(final.weights, str)
        and final.weights in ("uniform", "distance")
        and not (isinstance(final.metric, str) and final.metric == "precomputed")
    ):
        return "knn"
    if (
        type(final) is RidgeClassifier
        and final.class_weight is None
        and final.solver in ("auto", "cholesky", "svd")
        and not final.positive
        and np.ndim(final.alpha) == 0
    ):
        return "ridge"
    return None


def _transform(model, X):
    """``X`` through every step of a fitted pipeline but the last (identity otherwise)."""
    return model[:-1].transform(X) if type(model) is Pipeline else X


def _distance_weights(dist):
    """scikit-learn's ``weights="distance"`` of ``kneighbors`` distances, as its ``predict``
    computes them: ``1 / d`` in the distances' dtype, and a row holding a zero distance
    weighs its zero-distance neighbours 1 and the others 0; float64 (its vote's dtype)."""
    with np.errstate(divide="ignore"):
        w = 1.0 / dist
    inf_mask = np.isinf(w)
    inf_row = np.any(inf_mask, axis=1)
    w[inf_row] = inf_mask[inf_row]
    return w.astype(np.float64)


def _knn_votes(votes, weights, n_classes):
    """Winning class code per row of ``votes`` (P, n_test, k): the most neighbours
    (``weights=None``) or the largest sum of ``weights`` (n_test, k); among equal totals the
    lowest class, as scikit-learn's ``predict`` (the mode, or ``weighted_mode``, which sums
    each class's weights along the neighbour axis in float64 and keeps a class only when its
    total is strictly larger, starting from 0)."""
    P, n_test, _ = votes.shape
    if weights is None:  # integer counts, one bincount; argmax keeps the first (lowest) maximum
        rows = np.arange(P * n_test).reshape(P, n_test, 1) * n_classes
        counts = np.bincount((rows + votes).ravel(), minlength=P * n_test * n_classes)
        return counts.reshape(P, n_test, n_classes).argmax(axis=2)
    # float sums: per class along the neighbour axis, as weighted_mode, so that they round alike
    best = np.zeros((P, n_test), dtype=np.int64)
    best_score = np.zeros((P, n_test))
    for c in range(n_classes):
        score = np.where(votes == c, weights, 0.0).sum(axis=2)
        better = score > best_score
        best[better], best_score[better] = c, score[better]
    return best


class _NullCache:
    """Label-free quantities of each fold: neighbour lists and their weights (kNN; weights
    ``None`` for uniform votes) or the linear map from training labels to test decision
    values and its round-off tolerance (ridge)."""

    def __init__(self, kind, folds, codes, n_classes, maps, tols, weights=None):
        self.kind, self.folds, self.codes, self.n_classes = kind, folds, codes, n_classes
        self.maps, self.tols = maps, tols
        self.weights = weights if weights is not None else [None] * len(folds)

    @classmethod
    def build(cls, pipeline, X, y, cv):
        kind = _cached_kind(pipeline)
        if kind is None:  # pragma: no cover - permutation_test builds only for a cached kind
            return None
        classes, codes = np.unique(np.asarray(y), return_inverse=True)
        n_classes = len(classes)
        folds = [(np.asarray(train), np.asarray(test)) for train, test in cv.split(X, y)]
        maps, tols, weights = [], [], []
        for train, test in folds:
            if kind == "ridge" and np.unique(codes[train]).size < n_classes:
                return None  # the observed fit could not calibrate the round-off guard
            model = clone(pipeline).fit(take_rows(X, train), take_rows(y, train))
            X_test = _transform(model, take_rows(X, test))
            final = model[-1] if type(model) is Pipeline else model
            if kind == "knn":  # the kneighbors call of scikit-learn's predict, once per fold
                if final.weights == "uniform":
                    maps.append(final.kneighbors(X_test, return_distance=False))
                    weights.append(None)
                else:
                    dist, ind = final.kneighbors(X_test)
                    maps.append(ind)
                    weights.append(_distance_weights(dist))
                tols.append(None)
                continue
            X_train = _transform(model, take_rows(X, train))
            if sp.issparse(X_train) or sp.issparse(X_test):
                return None
            H = _ridge_hat(
                np.asarray(X_train, dtype=float),
                np.asarray(X_test, dtype=float),
                float(final.alpha),
                final.fit_intercept,
            )
            if H is None:
                return None
            # round-off guard: ours against scikit-learn's decision values on the observed labels
            ours = cls._ridge_scores(H, codes[train][None, :], n_classes)[0]
            theirs = np.asarray(final.decision_function(X_test), dtype=float).reshape(ours.shape)
            scale = float(np.abs(H).sum(axis=1).max())
            gap = float(np.abs(ours - theirs).max())
            if not np.isfinite(gap) or gap > 1e-6 * scale:
                return None  # ill-conditioned: refit
            maps.append(H)
            tols.append(max(1e-9 * scale, 1e3 * gap))
            weights.append(None)
        return cls(kind, folds, codes, n_classes, maps, tols, weights)

    def same_folds(self, X, y_perm, cv):
        return _same_folds(X, y_perm, cv, self.folds)

    @staticmethod
    def _ridge_scores(H, Y, n_classes):
        """Decision values ``(P, n_test[, C])`` for label codes ``Y`` of shape (P, n_train)."""
        if n_classes == 2:
            return (2.0 * Y - 1.0) @ H.T  # LabelBinarizer(neg_label=-1, pos_label=1)
        onehot = np.where(Y[:, :, None] == np.arange(n_classes), 1.0, -1.0)  # (P, n_train, C)
        P, n_train, C = onehot.shape
        flat = onehot.transpose(1, 0, 2).reshape(n_train, P * C)
        return (H @ flat).reshape(H.shape[0], P, C).transpose(1, 0, 2)

    def fold_errors(self, Y):
        """Per permutation (rows of label codes ``Y``) and fold: the error count, NaN where the
        cache cannot decide (refit), and whether the training fold held a single class."""
        P, K = len(Y), len(self.folds)
        counts = np.full((P, K), np.nan)
        single = np.zeros((P, K), dtype=bool)
        for f, ((train, test), M) in enumerate(zip(self.folds, self.maps)):
            Ytr, Yte = Y[:, train], Y[:, test]
            single[:, f] = np.all(Ytr == Ytr[:, :1], axis=1)
            if self.kind == "knn":  # Ytr[:, M]: (P, n_test, k) neighbour labels
                best = _knn_votes(Ytr[:, M], self.weights[f], self.n_classes)
                counts[:, f] = np.count_nonzero(best != Yte, axis=1)
                continue
            present = np.ones(P, dtype=bool)
            for c in range(self.n_classes):
                present &= np.any(Ytr == c, axis=1)
            S = self._ridge_scores(M, Ytr, self.n_classes)
            if self.n_classes == 2:
                pred, margin = (S > 0).astype(np.int64), np.abs(S)
            else:
                pred = np.argmax(S, axis=2)
                top2 = np.sort(S, axis=2)[:, :, -2:]
                margin = top2[:, :, 1] - top2[:, :, 0]
            decided = present & np.all(margin > self.tols[f], axis=1)
            counts[decided, f] = np.count_nonzero(pred != Yte, axis=1)[decided]
            constant = single[:, f]  # a single-class training fold predicts that class
            counts[constant, f] = np.count_nonzero(Yte[constant] != Ytr[constant, :1], axis=1)
        return counts, single


def _ignores_labels(cv) -> bool:
    """Whether ``cv`` (exact type) makes the same folds on every call whatever the labels:
    scikit-learn's unstratified splitters, given no random state or an int one."""
    if type(cv) not in (KFold, ShuffleSplit, LeaveOneOut, LeavePOut, RepeatedKFold):
        return False
    if type(cv) in (LeaveOneOut, LeavePOut) or (type(cv) is KFold and not cv.shuffle):
        return True
    state = cv.random_state
    return isinstance(state, numbers.Integral) and not isinstance(state, bool)


def _same_folds(X, y_perm, cv, folds):
    """Whether ``cv`` gives the labelling ``y_perm`` exactly the folds ``folds``."""
    mine = list(cv.split(X, y_perm))
    return len(mine) == len(folds) and all(
        np.array_equal(a, b) and np.array_equal(c, d) for (a, c), (b, d) in zip(mine, folds)
    )


def _ridge_hat(X_train, X_test, alpha, fit_intercept):
    """``H`` with ``H @ Y`` the decision values on ``X_test`` of a ridge regression of ``Y``
    on ``X_train``: ``(X_test - m)(X_c'X_c + alpha I)^{-1} X_c' + 1/n`` with the intercept
    (``X_c`` centred on its column means ``m``), ``X_test (X'X + alpha I)^{-1} X'`` without;
    ``None`` if the system is singular."""
    n, p = X_train.shape
    if fit_intercept:
        mean = X_train.mean(axis=0)
        X_train, X_test = X_train - mean, X_test - mean
    try:
        if p <= n:
            H = X_test @ np.linalg.solve(X_train.T @ X_train + alpha * np.eye(p), X_train.T)
        else:  # the dual form, same matrix
            H = (X_test @ X_train.T) @ np.linalg.solve(
                X_train @ X_train.T + alpha * np.eye(n), np.eye(n)
            )
    except np.linalg.LinAlgError:
        return None
    if not np.all(np.isfinite(H)):
        return None
    return H + 1.0 / n if fit_intercept else H


def _cached_null(cache, pipeline, X, y, cv, perms, single_class, method, average="pooled"):
    """Null errors, single-class counts and folds decided by the cache, per permutation of
    ``perms``, and the mask of permutations left to refit: those whose folds differ from the
    cached ones. (Permutation, fold) pairs the cache cannot decide are refitted here."""
    m, K = len(perms), len(cache.folds)
    null = np.empty(m)
    null_single = np.zeros(m, dtype=np.int64)
    from_cache = np.zeros(m, dtype=np.int64)
    if _ignores_labels(cv):
        same = np.ones(m, dtype=bool)
    else:  # ask cv for every permutation's folds
        same = np.array([cache.same_folds(X, _permute(y, perm), cv) for perm in perms], dtype=bool)
    if method == "cached" and not same.all():
        raise ValueError(
            "method='cached' needs folds that do not depend on the labels, but cv gives other "
            "folds for permuted labels (a stratified splitter, such as the default of an int "
            "cv, redraws its folds from each labelling): pass a splitter such as "
            "KFold(5, shuffle=True, random_state=0), or method='auto' to refit such permutations."
        )
    lengths = np.array([len(test) for _, test in cache.folds])
    perms = np.asarray(perms)
    for start in range(0, m, _CHUNK):
        rows = np.flatnonzero(same[start : start + _CHUNK]) + start
        if rows.size == 0:
            continue
        Y = cache.codes[perms[rows]]
        counts, single = cache.fold_errors(Y)
        if single_class == "raise" and single.any():
            r, f = np.argwhere(single)[0]
            train = cache.folds[f][0]
            raise single_class_error(
                np.asarray(y)[perms[rows[r]]][train][0],
                f"fold {f} of the cross-validation on permuted labels",
            )
        undecided = np.isnan(counts)
        from_cache[rows] = K - undecided.sum(axis=1)
        for r, f in np.argwhere(undecided):
            train, test = cache.folds[f]
            yp = _permute(y, perms[rows[r]])
            pred = fit_predict(pipeline, X, yp, train, test, single_class="constant")
            counts[r, f] = np.count_nonzero(np.asarray(pred) != np.asarray(yp)[test])
        null[rows] = cv_errors(counts.astype(np.int64), lengths, average)  # cv_error's numbers
        null_single[rows] = single.sum(axis=1)
    return null, null_single, from_cache, ~same


def _open_cache(pipeline, X, y, cv, sources, method):
    """The sources, and the :class:`_NullCache` that decides the permutations without refitting
    (``None``: refit them all). Where a cache may apply, the sources' Generators draw their
    permutations here (each its only draw, as :func:`_permuted_error` would make it); for
    ``"auto"`` the first permutation probes whether ``cv``'s folds depend on the labels: a
    stratified splitter's differ from the observed ones at once, and then nothing is cached.
    ``method="cached"`` without a cache raises."""
    kind = None if method == "refit" else _cached_kind(pipeline)
    cache = None
    if kind is not None:
        sources = [
            s.permutation(len(y)) if isinstance(s, np.random.Generator) else s for s in sources
        ]
        if method == "cached" or _same_folds(X, _permute(y, sources[0]), cv, list(cv.split(X, y))):
            cache = _NullCache.build(pipeline, X, y, cv)
    if cache is None and method == "cached":
        raise ValueError(
            "method='cached' supports KNeighborsClassifier (weights 'uniform' or 'distance', "
            "any metric but 'precomputed') and "
            "RidgeClassifier (solver 'auto', 'cholesky' or 'svd', no class_weight, a scalar "
            "alpha, a well-conditioned system), alone or after label-free scalers in a "
            "Pipeline, without a selector; got another estimator: use method='refit'."
        )
    return sources, cache


def _null_distribution(
    pipeline, X, y, cv, sources, method, single_class, average, n_jobs, progress
):
    """Per permutation of ``sources``: its CV error, its single-class folds and its folds
    decided by the cache; and whether a cache was used. The permutations the cache leaves
    (all of them without one) are refitted on every fold, in parallel, in batches per task:
    one small fit per task would drown in joblib's dispatch cost; a batch's results do not
    depend on how permutations are grouped."""
    m = len(sources)
    sources, cache = _open_cache(pipeline, X, y, cv, sources, method)
    if cache is None:
        null = np.empty(m)
        null_single = np.empty(m, dtype=np.int64)
        from_cache = np.zeros(m, dtype=np.int64)
        todo = np.arange(m)  # permutations to refit
    else:
        null, null_single, from_cache, refit = _cached_null(
            cache, pipeline, X, y, cv, sources, single_class, method, average
        )
        todo = np.flatnonzero(refit)
    if todo.size:
        n_batches = todo.size if is_serial(n_jobs) else min(todo.size, 4 * effective_n_jobs(n_jobs))
        batches = [todo[i::n_batches] for i in range(n_batches)]
        parts = run_tasks(
            _permuted_errors,
            ((pipeline, X, y, cv, [sources[j] for j in b], single_class, average) for b in batches),
            n_jobs=n_jobs,
            progress=progress,
            desc="permutations",
            total=n_batches,
        )
        for b, part in zip(batches, parts):
            null[b] = [error for error, _ in part]
            null_single[b] = [count for _, count in part]
    return null, null_single, from_cache, cache is not None


@keywords
def permutation_test(
    estimator: BaseEstimator,
    X: ArrayLike,
    y: ArrayLike,
    *,
    n_resamples: int = 1000,
    cv: int | object = 5,
    selector: BaseEstimator | None = None,
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
    permutations: ArrayLike | None = None,
    single_class: Literal["constant", "raise"] = "constant",
    method: Literal["auto", "refit", "cached"] = "auto",
    average: Literal["pooled", "folds"] = "pooled",
) -> PermutationTestResult:
    r"""Label-permutation test of a classifier's cross-validation error.

    The statistic is the cross-validation error :math:`T = \sum_j k_j / \sum_j n_j` of
    ``estimator`` (lower is better; :math:`k_j` mistakes among the :math:`n_j` samples of
    test fold :math:`j`; see ``average`` for the mean of fold rates).
    Under the null hypothesis that labels and features are independent, the labels are
    exchangeable: the observed labelling is one draw among all its permutations, which keep
    the class counts. With :math:`T_1, \dots, T_m` the errors on :math:`m` random
    permutations of ``y`` (the same folds rule and the same pipeline each time),

    .. math::

        p = \frac{b + 1}{m + 1}, \qquad b = \#\{i : T_i \le T\}.

    The ``+ 1`` counts the observed labelling as one of the permutations, which it is under
    the null. This makes the test exact: :math:`P(p \le \alpha) \le \alpha` for every
    :math:`\alpha`, where :math:`b / m` is anti-conservative and can be 0, a p-value no
    random permutation test can justify: with :math:`m` draws the smallest attainable value
    is :math:`1 / (m + 1)` (Phipson & Smyth 2010).

    :math:`T` is the package's CV error (``average="pooled"``, as in
    :func:`patterneval.cross_val_error`): the held-out mistakes over the held-out
    predictions, :math:`\sum_j k_j / \sum_j n_j`, which is mistakes / n when the folds
    partition the samples. ``average="folds"`` tests the mean of the fold errors
    :math:`\frac1K\sum_j k_j/n_j` instead, one minus scikit-learn's mean fold accuracy
    (use it to reproduce ``permutation_test_score``); the two agree when the folds have
    equal sizes. Either way observed and permuted runs use the same definition.

    Ties are counted (``<=``), within :data:`TIE_TOLERANCE`: errors are ratios of small
    integers, so permuted errors often equal the observed one exactly in arithmetic, and
    may differ from it in floating point by one rounding (a sum in a different order);
    counting them keeps the test conservative rather than leaving the outcome to rounding.

    Parameters
    ----------
    estimator : scikit-learn classifier
        Cloned for every fold of every permutation.
    X : array-like, DataFrame or sparse matrix, shape (n_samples, n_features)
        Passed to the estimator unchanged (only rows are taken), as in scikit-learn's
        ``cross_validate``: a pandas DataFrame (a pipeline may select columns by name),
        a scipy sparse matrix, NaN for an imputing pipeline. The estimator validates it.
    y : array-like or pandas Series, shape (n_samples,)
        Class labels (the rule of :func:`patterneval._validation.check_labels`). A pandas
        Series reaches the estimator as a Series, like ``X``: rows are taken by position,
        and a permutation reorders its values under its own index (name and dtype kept).
    n_resamples : int, default 1000
        Number of permutations ``m``.
    cv : int or scikit-learn splitter, default 5
        An int means ``StratifiedKFold(cv)`` without shuffling, as in scikit-learn's
        ``check_cv``; any splitter is used as given (it is asked for folds of each
        permuted labelling, so a stratified splitter keeps class proportions in every fold;
        the cached ``method`` needs folds that do not depend on the labels, see Notes).
        Give a shuffling splitter an int ``random_state`` to make the test reproducible.
    selector : scikit-learn transformer, optional
        If given, the statistic is CV2's error of ``make_pipeline(selector, estimator)``:
        the selection is repeated inside every training fold of every permutation, so the
        null distribution includes the selection's own optimism.
    rng : None, int or numpy.random.Generator
        Draws the permutations: permutation ``i`` comes from the ``i``-th child of
        ``rng.spawn``, so the result does not depend on ``n_jobs``.
    n_jobs : int or None
        Permutations evaluated in parallel through joblib; the result does not depend on it.
        ``None`` follows the active
        ``joblib.parallel_config`` (its backend and ``n_jobs``; one job outside any), as in
        scikit-learn; ``1`` runs serially.
    progress : bool, default False
        Show a tqdm progress bar over the permutations.
    permutations : array of int, shape (n_resamples, n_samples), optional
        Explicit permutations: row ``i`` gives the labels ``y[permutations[i]]``; ``rng``
        is then unused. To reproduce scikit-learn's ``permutation_test_score(...,
        random_state=s)``, pass ``np.array([r.permutation(n) for _ in range(m)])`` with
        ``r = np.random.RandomState(s)``: that is how it shuffles ``y`` (without groups).
    single_class : {"constant", "raise"}, default "constant"
        A training fold of a single class (possible with an unstratified splitter such as
        ``KFold``; the default stratified folds keep every class in every training fold) is
        predicted as that class, or raises a ValueError naming the fold; the same rule for
        the observed and the permuted runs, as the test requires. ``n_single_class``
        counts such fits.
    method : {"auto", "refit", "cached"}, default "auto"
        How the permuted errors are computed; the null distribution is the same, number for
        number, whichever is used (see Notes). ``"refit"`` fits the pipeline on every fold
        of every permutation. ``"cached"`` fits it once per fold and evaluates all
        permutations from what the fit learnt without the labels; it needs a supported
        estimator and folds that do not depend on the labels (ValueError otherwise).
        ``"auto"`` uses the cache where it applies and refits the rest. The result's
        ``method`` and ``cached_folds`` say which path computed what.
    average : {"pooled", "folds"}, default "pooled"
        The statistic: held-out mistakes over held-out predictions, or the mean of the fold
        error rates (scikit-learn's ``permutation_test_score`` convention).

    Returns
    -------
    PermutationTestResult
        ``statistic``, ``pvalue``, ``n_resamples``, ``null_distribution``, ``fold_errors``,
        and the path taken (``method``, ``cached_folds``).

    Notes
    -----
    Cost: ``(m + 1) K`` fits of the pipeline when refitting. Two learners need no refit,
    because the labels enter their predictions in a way fixed by the features alone:

    - ``KNeighborsClassifier`` with ``weights="uniform"`` or ``"distance"`` and any metric
      but ``"precomputed"``: the neighbours of a test sample among the training fold, and
      their distances, do not depend on the labels. Each fold's ``kneighbors`` lists are
      computed once, by the call scikit-learn's ``predict`` makes (same fitted index, same
      algorithm, same features, hence the same order among equidistant neighbours); a
      permutation is then a vote over the cached indices with the permuted training labels.
      The vote is scikit-learn's: the most frequent class (uniform), or the largest sum of
      the weights :math:`1/d` (a test sample at distance 0 from some training samples
      counts only those, each with weight 1), summed per class in the same order; among
      equal totals the lowest class wins (the mode; ``weighted_mode``).
    - ``RidgeClassifier`` (solver ``"auto"``, ``"cholesky"`` or ``"svd"``, no
      ``class_weight``, a scalar ``alpha``): the decision values on a test fold are a linear
      function :math:`H Y` of the training labels coded as -1/+1 columns (one column for two
      classes), :math:`H = (X_t - \bar x)(X_c^\top X_c + \alpha I)^{-1} X_c^\top +
      \frac1n` with the intercept (:math:`X_c` the training fold centred on its means
      :math:`\bar x`), :math:`X_t (X^\top X + \alpha I)^{-1} X^\top` without; one matrix
      product per fold gives every permutation. Our :math:`H Y` and scikit-learn's solution
      differ by rounding, so a fold whose decision is within a tolerance of a tie (a decision
      value near 0, or two classes' values nearly equal) is refitted and scikit-learn
      decides it; the tolerance is a thousand times the discrepancy measured on the observed
      labels (and at least ``1e-9`` times the largest possible decision value). A fold whose
      permuted training labels miss a class is refitted too; an ill-conditioned system
      (discrepancy above ``1e-6``) makes ``"auto"`` refit everything. The iterative solvers
      (``"lsqr"``, ``"sparse_cg"``, ``"sag"``, ``"saga"``, ``"lbfgs"``) stop at a tolerance,
      so their solution is linear in the labels only approximately: refitted, as is a sparse
      ``X`` (for which ``"auto"`` picks ``"sparse_cg"``).

    ``LinearDiscriminantAnalysis`` is refitted: it is not a linear smoother. Its pooled
    within-class covariance and its class means and priors all change with the labels, and
    its decision is not a linear function of the training labels (for two classes its
    direction is proportional to least squares', but the scale and the threshold depend on
    the labels).

    Either may follow label-free steps in a ``Pipeline`` (the scalers in
    :data:`LABEL_FREE_STEPS`, with ``VarianceThreshold``: fitted on the training features only,
    they are the same for every permutation); types are checked exactly, so a subclass is
    refitted. A ``selector`` sees the labels: with one, everything is refitted.

    The cache needs each permutation's folds to be the observed labels' folds. This function
    asks ``cv`` for the folds of every permuted labelling (as scikit-learn's
    ``permutation_test_score`` does), and uses the cache only for a permutation whose folds
    are identical to the cached ones, refitting any other. Folds that ignore the labels
    (``KFold``, ``ShuffleSplit`` with an int ``random_state``) always qualify; a stratified
    splitter, including the default of an int ``cv``, redraws its folds from each permuted
    labelling, so ``"auto"`` refits (the test then keeps class proportions in every fold of
    every permutation) and ``"cached"`` raises. For the speed-up, pass e.g.
    ``cv=KFold(5, shuffle=True, random_state=0)``. The cached path runs in this process
    (``n_jobs`` and ``progress`` apply to refitted permutations only); 1,000 permutations of
    a 5-NN on breast cancer take well under a second (``benchmarks/bench_permutation.py``).

    Why folds are not simply kept from the observed labels: a stratified splitter balances
    the observed labels across its folds, and would leave the permuted ones unbalanced;
    the observed labelling would then be the only one evaluated on balanced folds, and its
    error would not be exchangeable with the permuted ones, which the p-value needs.
    ``result.method`` and ``result.cached_folds`` record the path taken.

    scikit-learn's ``permutation_test_score``
    computes the same p-value on accuracy, ``(C + 1) / (m + 1)`` with ``C`` the permuted
    scores ``>=`` the observed one; on the same permutations and folds the two agree except
    where a floating-point tie falls on the wrong side of its exact ``>=``. The chapter
    "Permutation tests" derives the test and draws its null distribution.

    References
    ----------
    .. [1] Phipson, B. & Smyth, G. K. (2010). Permutation p-values should never be zero:
       calculating exact p-values when permutations are randomly drawn. Statistical
       Applications in Genetics and Molecular Biology 9(1), article 39.
       doi:10.2202/1544-6115.1585
    .. [2] Ojala, M. & Garriga, G. C. (2010). Permutation tests for studying classifier
       performance. Journal of Machine Learning Research 11, 1833-1863.
       https://jmlr.org/papers/v11/ojala10a.html

    Examples
    --------
    >>> import patterneval as pe
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> res = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=99, rng=0)
    >>> round(res.statistic, 4), res.pvalue  # no permuted error as low: p = 1 / 100
    (0.0267, 0.01)
    >>> res.null_distribution.shape
    (99,)

    Folds that do not depend on the labels let a k-NN skip refitting, with the same result:

    >>> from sklearn.model_selection import KFold
    >>> cv = KFold(5, shuffle=True, random_state=0)
    >>> fast = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=99, cv=cv, rng=0)
    >>> slow = pe.permutation_test(KNeighborsClassifier(), X, y, n_resamples=99, cv=cv, rng=0,
    ...                            method="refit")
    >>> bool((fast.null_distribution == slow.null_distribution).all()), fast.pvalue
    (True, 0.01)
    """
    check_estimator("estimator", estimator)
    if selector is not None:
        check_estimator(
            "selector",
            selector,
            methods=("fit", "transform", "get_params"),
            example="SelectKBest(f_classif, k=10)",
            role="transformer",
        )
    X, labels = check_X_y(X, y, pass_through=True)
    check_classification_target(labels, estimator=estimator)
    # the caller's y reaches the estimator as given, as X does: a pandas Series stays one
    # (rows and permutations taken by position); anything else as the checked array
    y = cast(Any, y) if hasattr(y, "iloc") else labels  # a pandas Series: it has a len
    progress = check_bool("progress", progress)
    single_class = check_choice("single_class", single_class, SINGLE_CLASS_OPTIONS)
    method = check_choice("method", method, METHOD_OPTIONS)
    average = check_choice("average", average, AVERAGE_OPTIONS)
    n_resamples = check_scalar("n_resamples", n_resamples, int, low=1)
    cv = check_cv(cv, labels)
    rng = check_rng(rng)
    n_jobs = check_n_jobs(n_jobs)
    if permutations is not None:
        sources = list(check_permutations(permutations, n_samples=len(y), n_resamples=n_resamples))
    else:
        sources = spawn(rng, n_resamples)

    if not hasattr(cv, "split"):
        cv = StratifiedKFold(cv)  # scikit-learn's check_cv for a classifier and an int
    pipeline = estimator if selector is None else make_pipeline(clone(selector), clone(estimator))

    observed = _cv_run(pipeline, X, y, cv, single_class)
    statistic = cv_error(observed.counts, observed.sizes, average)
    null, null_single, from_cache, cached = _null_distribution(
        pipeline, X, y, cv, sources, method, single_class, average, n_jobs, progress
    )
    return PermutationTestResult(
        statistic=statistic,
        pvalue=_pvalue(statistic, null),
        n_resamples=n_resamples,
        null_distribution=null,
        fold_errors=observed.fold_errors(),
        n_single_class=int(len(observed.single) + null_single.sum()),
        null_single_class=null_single,
        average=average,
        method="cached" if cached else "refit",
        cached_folds=from_cache,
    )


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_permutations(permutations, *, n_samples: int, n_resamples: int) -> np.ndarray:
    """Explicit label permutations: an integer array of shape (n_resamples, n_samples) whose
    every row is a permutation of ``0 .. n_samples - 1``."""
    expected = (
        f"an integer array of shape (n_resamples, n_samples) = ({n_resamples}, {n_samples}) "
        f"whose rows are permutations of 0..{n_samples - 1}"
    )
    arr = np.asarray(permutations)
    if arr.dtype == bool or arr.dtype.kind not in "iu":
        raise fail("permutations", expected, f"dtype {arr.dtype}", error=TypeError, echo=False)
    if arr.shape != (n_resamples, n_samples):
        rows_differ = arr.ndim == 2 and arr.shape[1] == n_samples
        raise fail(
            "permutations",
            expected,
            f"shape {arr.shape}",
            echo=False,
            hint=f"Pass n_resamples={arr.shape[0]}." if rows_differ else "",
        )
    bad = np.flatnonzero(np.any(np.sort(arr, axis=1) != np.arange(n_samples), axis=1))
    if bad.size:
        raise fail(
            "permutations", expected, f"row {bad[0]} = {show(arr[bad[0]].tolist())}", echo=False
        )
    return arr.astype(np.intp, copy=False)
