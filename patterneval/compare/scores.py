r"""Scores of several estimators on the same cross-validation splits.

Setting (Part V). The tests of the chapters "Two classifiers" and "Many classifiers"
compare scores *paired by split*: classifier A's score on split j against classifier B's
score on the same split j (the corrected resampled t, the Bayesian correlated t), or mean
scores paired by data set (Friedman, Nemenyi, Holm, the Bayesian signed rank).
:func:`cv_scores` produces such scores without hand work: every estimator is cloned and
fitted on every training part of one list of splits and scored on its test part, and the
:class:`CVScores` it returns feeds those tests directly (``n_train`` and ``n_test`` come
with it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, clone, is_classifier, is_regressor

from .._api import keywords
from .._engine import (
    cv_splits,
    make_folds,
    partitions,
    run_tasks,
    single_class_label,
    x_passed_through,
)
from .._results import Result
from .._rows import take_rows
from .._validation import (
    check_array,
    check_bool,
    check_estimator,
    check_n_jobs,
    check_n_splits,
    check_rng,
    check_X_y,
    fail,
    n_rows,
    show,
)

__all__ = ["CVScores", "cv_scores"]

#: ``cv_scores(cv=None)``: r = 10 repeats of stratified k = 10-fold cross-validation, the
#: design Bouckaert & Frank (2004) recommend for the corrected resampled t-test.
DEFAULT_FOLDS, DEFAULT_REPEATS = 10, 10


@dataclasses.dataclass(frozen=True, repr=False, eq=False)
class CVScores(Result):
    """Scores of several estimators on the same cross-validation splits.

    Attributes
    ----------
    scores : ndarray, shape (n_splits_total, n_estimators)
        ``scores[j, e]``: the score of estimator e (column order of ``names``) on split j,
        higher is better (scikit-learn's scorers). Splits in the order of the splitter,
        repeat after repeat.
    names : tuple of str
        The estimators' names, one per column.
    metric : str
        The scorer's name (``"accuracy"``...), or the name of a callable scorer.
    n_train, n_test : ndarray of int, shape (n_splits_total,)
        Training and test sizes of each split.
    n_repeats : int
        How many repeats the splits form (10 for ``cv=None``; a splitter's
        ``n_repeats``; 1 otherwise).
    splits : tuple of (ndarray, ndarray)
        The (train, test) index pairs, in row order (kept out of the repr).

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.compare import CVScores
    >>> res = CVScores(scores=np.array([[0.9, 0.8], [0.7, 0.8]]), names=("A", "B"),
    ...                metric="accuracy", n_train=np.array([8, 8]), n_test=np.array([2, 2]),
    ...                n_repeats=1, splits=())
    >>> res["B"].tolist(), res.mean().round(2).tolist()
    ([0.8, 0.8], [0.8, 0.8])
    """

    scores: np.ndarray
    names: tuple
    metric: str
    n_train: np.ndarray
    n_test: np.ndarray
    n_repeats: int
    splits: tuple = dataclasses.field(repr=False)

    def _column(self, key, name: str = "name", lookup: bool = True) -> int:
        """The column of ``key`` (a name or an index); a missing one is a KeyError or
        IndexError for ``res[key]`` (``lookup``), a ValueError naming ``name`` otherwise."""
        if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
            if not -len(self.names) <= key < len(self.names):
                raise fail(
                    name,
                    f"a column index in 0..{len(self.names) - 1} or one of {list(self.names)}",
                    key,
                    error=IndexError if lookup else ValueError,
                )
            return int(key) % len(self.names)
        if isinstance(key, str):
            if key not in self.names:
                raise fail(
                    name,
                    f"one of the estimator names {list(self.names)}",
                    key,
                    error=KeyError if lookup else ValueError,
                )
            return self.names.index(key)
        raise fail(name, "an estimator name (str) or a column index (int)", key, error=TypeError)

    def __getitem__(self, name: str | int) -> np.ndarray:
        """The column of scores of one estimator.

        Parameters
        ----------
        name : str or int
            An estimator name of ``names`` or a column index.

        Returns
        -------
        ndarray, shape (n_splits_total,)
        """
        return self.scores[:, self._column(name)]

    def select(self, *names: str | int) -> CVScores:
        """The scores of some of the estimators, in the order given.

        Parameters
        ----------
        *names : str or int
            Estimator names of ``names`` or column indices; at least one, no repeats (an
            unknown name or index is a ValueError).

        Returns
        -------
        CVScores
            The same splits with only those columns (``select("A", "B")`` gives the two
            columns that :func:`~patterneval.compare.corrected_resampled_ttest` takes).
        """
        if not names:
            raise TypeError(
                f"select() needs at least one estimator name; the names are {list(self.names)}."
            )
        columns = [self._column(n, "names", lookup=False) for n in names]
        if len(set(columns)) < len(columns):
            raise fail("names", "distinct estimators", show(names), echo=False)
        return dataclasses.replace(
            self, scores=self.scores[:, columns], names=tuple(self.names[c] for c in columns)
        )

    def mean(self) -> np.ndarray:
        """The mean score of each estimator over the splits.

        Returns
        -------
        ndarray, shape (n_estimators,)
            In the column order of ``names``.
        """
        return self.scores.mean(axis=0)

    def to_frame(self) -> Any:  # a pandas.DataFrame; pandas is no runtime dependency
        """The scores as a pandas DataFrame: one row per split, one column per estimator.

        Returns
        -------
        pandas.DataFrame
            Columns named by ``names``; the index is the split number (name ``"split"``).
        """
        import pandas as pd

        return pd.DataFrame(
            self.scores,
            columns=list(self.names),
            index=pd.RangeIndex(self.scores.shape[0], name="split"),
        )


def _named_estimators(estimators) -> tuple[tuple, list]:
    """Names and estimators from a dict, a sequence or one estimator."""
    if isinstance(estimators, Mapping):
        if not estimators:
            raise fail("estimators", "at least one estimator", "an empty dict", echo=False)
        bad = [k for k in estimators if not isinstance(k, str)]
        if bad:
            raise fail(
                "estimators",
                "a dict whose keys are names (str)",
                f"the key {bad[0]!r}",
                error=TypeError,
                echo=False,
            )
        names, items = tuple(estimators), list(estimators.values())
    elif callable(getattr(estimators, "fit", None)) or isinstance(estimators, type):
        names, items = None, [estimators]
    elif isinstance(estimators, Sequence) and not isinstance(estimators, (str, bytes)):
        if not estimators:
            raise fail("estimators", "at least one estimator", "an empty sequence", echo=False)
        names, items = None, list(estimators)
    else:
        raise fail(
            "estimators",
            "an estimator, a sequence of estimators or a dict name -> estimator",
            estimators,
            error=TypeError,
        )
    for i, est in enumerate(items):
        where = (
            f"estimators[{names[i]!r}]"
            if names
            else ("estimators" if len(items) == 1 else f"estimators[{i}]")
        )
        check_estimator(where, est, methods=("fit", "get_params"))
    if names is None:
        seen: dict = {}
        out = []
        for est in items:
            base = type(est).__name__
            seen[base] = seen.get(base, 0) + 1
            out.append(base if seen[base] == 1 else f"{base} ({seen[base]})")
        names = tuple(out)
    return names, items


def _scorer(metric):
    """scikit-learn's scorer for a name, or the callable as given; and its name."""
    if isinstance(metric, str):
        from sklearn.metrics import get_scorer, get_scorer_names

        try:
            return get_scorer(metric), metric
        except ValueError:
            raise fail(
                "metric",
                "a scikit-learn scorer name (e.g. 'accuracy', 'balanced_accuracy', "
                "'roc_auc', 'neg_log_loss', 'f1_macro'; sklearn.metrics.get_scorer_names() lists "
                f"{len(get_scorer_names())}) or a callable scorer(estimator, X, y)",
                metric,
            ) from None
    if callable(metric) and not isinstance(metric, type):
        return metric, getattr(metric, "__name__", type(metric).__name__)
    raise fail(
        "metric",
        "a scikit-learn scorer name or a callable scorer(estimator, X, y)",
        metric,
        error=TypeError,
    )


def _fit_score(estimator, name, X, y, train, test, scorer, metric, where, respond=None):
    """A clone of ``estimator`` fitted on ``train`` and scored on ``test`` by ``scorer``;
    with ``respond``, ``(score, respond(model, X_test))``, both from the one fit."""
    with x_passed_through("fit", train.size):
        model = clone(estimator).fit(take_rows(X, train), take_rows(y, train))
    X_test = take_rows(X, test)
    try:
        value = scorer(model, X_test, take_rows(y, test))
    except (AttributeError, TypeError, ValueError) as exc:
        kind = TypeError if isinstance(exc, TypeError) else ValueError
        raise kind(
            f"metric={metric!r} could not score {name} on the test part of {where} (X and y reach the "
            f"estimator's predict and the scorer unchanged): {exc}"
        ) from exc
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(
            f"metric={metric!r} gave {value} for {name} on {where}; a score must be a finite "
            f"number (a metric undefined on this test part, such as an AUC of one class?)."
        )
    return value if respond is None else (value, respond(model, X_test))


@keywords
def cv_scores(
    estimators: BaseEstimator | Sequence[BaseEstimator] | Mapping[str, BaseEstimator],
    X: ArrayLike,
    y: ArrayLike,
    *,
    cv: int | object | Sequence | None = None,
    metric: str | Callable = "accuracy",
    rng: int | np.random.Generator | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> CVScores:
    r"""Score every estimator on the same cross-validation splits.

    For every split j, a clone of every estimator is fitted on the training part and
    scored on the test part, so ``scores[j, a]`` and ``scores[j, b]`` are paired: their
    difference is the :math:`d_j` of the corrected resampled t-test and of the Bayesian
    correlated t-test, which take the result directly
    (``corrected_resampled_ttest(res.select("A", "B"))``); the per-estimator means of
    several data sets form the table of Friedman's test.

    Parameters
    ----------
    estimators : estimator, sequence of estimators, or dict of str to estimator
        scikit-learn-compatible estimators, cloned for every split. A sequence is named by
        class names, a repeated class getting " (2)", " (3)"...; a dict by its keys.
    X : array_like, shape (n_samples, n_features)
        Passed to the estimators unchanged (rows taken by position: a DataFrame stays one,
        a sparse matrix stays sparse).
    y : array_like, shape (n_samples,)
        Class labels (under the package's label rule), handed to ``fit`` and to the scorer
        as given (a pandas Series stays one). Numbers, for regressors only.
    cv : None, int, splitter or iterable of (train, test) pairs, keyword-only
        ``None`` (default): 10 repeats of 10-fold cross-validation, stratified for
        classifiers, drawn from ``rng``: the 10 x 10 design that Bouckaert & Frank (2004)
        found the most replicable for the corrected resampled t-test. An int k: one
        shuffled k-fold partition drawn from ``rng`` (stratified for classifiers). A
        scikit-learn splitter (its ``n_repeats`` groups the splits into repeats), or the
        pairs themselves.
    metric : str or callable, keyword-only
        A scikit-learn scorer name (``"accuracy"``, ``"balanced_accuracy"``,
        ``"roc_auc"``, ``"neg_log_loss"``, ``"f1_macro"``..., see
        :func:`sklearn.metrics.get_scorer`) or a callable ``scorer(estimator, X, y)``.
        Higher is better, as with scikit-learn's scorers (``"neg_log_loss"`` is minus the
        loss).
    rng : None, int or numpy.random.Generator, keyword-only
        Draws the folds of ``cv=None`` and of an int ``cv``.
    n_jobs : int or None, keyword-only
        Fits in parallel through joblib (one task per split and estimator).
    progress : bool, keyword-only
        Show a progress bar.

    Returns
    -------
    CVScores
        ``scores`` (splits x estimators), ``names``, ``metric``, ``n_train``, ``n_test``,
        ``n_repeats`` and the ``splits``.

    Raises
    ------
    ValueError
        If a classifier's training part holds a single class (before any fit), or the
        metric cannot score a test part or gives a non-finite score (naming the split).

    Notes
    -----
    The scores equal scikit-learn's ``cross_val_score(estimator, X, y, cv=splits,
    scoring=metric)`` column by column on the same splits. Its own int ``cv`` is an
    unshuffled split; here an int draws shuffled folds from ``rng``. Cost: one fit per
    estimator and split (100 per estimator by default).

    References
    ----------
    .. [1] R. R. Bouckaert and E. Frank, "Evaluating the replicability of significance
       tests for comparing learning algorithms," PAKDD 2004, LNCS 3056, 3-12.
       doi:10.1007/978-3-540-24775-3_3
    .. [2] C. Nadeau and Y. Bengio, "Inference for the generalization error," Machine
       Learning 52(3), 239-281, 2003. doi:10.1023/A:1024068626366

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> import patterneval as pe
    >>> X, y = load_iris(return_X_y=True)
    >>> res = pe.cv_scores([GaussianNB(), KNeighborsClassifier()], X, y, cv=5, rng=0)
    >>> res.names, res.scores.shape, res.n_test.tolist()
    (('GaussianNB', 'KNeighborsClassifier'), (5, 2), [30, 30, 30, 30, 30])
    >>> bool(res.mean().min() > 0.9)
    True
    """
    return _cv_scores(
        estimators, X, y, cv=cv, metric=metric, rng=rng, n_jobs=n_jobs, progress=progress
    )[0]


def _cv_scores(estimators, X, y, *, cv, metric, rng, n_jobs, progress, respond=None):
    """:func:`cv_scores`, and with ``respond`` the responses ``respond(model, X_test)`` of
    the models of the first repeat's splits, taken from the fits that gave their scores
    (so no split is fitted twice): ``(CVScores, responses)``, ``responses[e]`` the list of
    estimator e's responses split by split; None without ``respond`` or when the first
    repeat's test parts do not partition the samples (no out-of-fold response)."""
    names, items = _named_estimators(estimators)
    classifier = not all(is_regressor(e) for e in items)  # y holds class labels
    if classifier:
        X, labels = check_X_y(X, y, pass_through=True)
    else:
        n_x = (
            None if X is None or np.isscalar(X) or isinstance(X, (str, bytes, dict)) else n_rows(X)
        )
        if n_x is None:
            raise fail("X", "array-like with one row per sample", X, error=TypeError)
        labels = check_array("y", y, ndim=1, n=n_x, n_name="X")
    y = y if hasattr(y, "iloc") else labels
    stratify = all(is_classifier(e) for e in items)
    scorer, metric_name = _scorer(metric)
    generator = check_rng(rng)
    n_jobs = check_n_jobs(n_jobs)
    progress = check_bool("progress", progress)
    if cv is None:
        check_n_splits(DEFAULT_FOLDS, labels, stratify=stratify, name="cv")
        groups = make_folds(
            labels,
            n_splits=DEFAULT_FOLDS,
            n_repeats=DEFAULT_REPEATS,
            stratify=stratify,
            rng=generator,
        )
    else:
        groups = cv_splits(cv, labels, stratify=stratify, rng=generator)
    splits = tuple(
        (np.asarray(tr, dtype=np.intp), np.asarray(te, dtype=np.intp))
        for g in groups
        for tr, te in g
    )
    if classifier:
        for j, (train, _) in enumerate(splits):
            label = single_class_label(labels[train])
            if label is not None:
                raise ValueError(
                    f"y has a single class ({np.asarray(label).item()!r}) in the training part of split {j}: "
                    f"a classifier cannot be fitted on it. Use stratified folds (an int cv, or "
                    f"StratifiedKFold) or fewer folds."
                )
    n_respond = len(groups[0]) if respond is not None and partitions(groups[0], len(labels)) else 0
    tasks = [
        (est, name, X, y, train, test, scorer, metric_name, f"split {j}")
        + ((respond,) if j < n_respond else ())
        for j, (train, test) in enumerate(splits)
        for name, est in zip(names, items)
    ]
    results = run_tasks(_fit_score, tasks, n_jobs=n_jobs, progress=progress, desc="cv_scores")
    k = len(items)
    values = [r[0] if t < n_respond * k else r for t, r in enumerate(results)]
    responses = (
        [[results[j * k + e][1] for j in range(n_respond)] for e in range(k)] if n_respond else None
    )
    return CVScores(
        scores=np.array(values, dtype=float).reshape(len(splits), len(items)),
        names=names,
        metric=metric_name,
        n_train=np.array([tr.size for tr, _ in splits], dtype=np.int64),
        n_test=np.array([te.size for _, te in splits], dtype=np.int64),
        n_repeats=len(groups),
        splits=splits,
    ), responses
