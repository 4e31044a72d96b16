"""The package's parallel and seeding engine, shared by ``resampling/``, ``ensemble/``,
``compare/``, ``cluster/`` and ``report/``: fitting clones on index sets, in parallel, with
reproducible per-task random streams and an optional progress bar, one rule for a
training set that holds a single class, and the one cross-validation engine
(:func:`cross_validate_folds`, :func:`cv_error`) behind ``cross_val_error``,
``leave_one_out_error``, ``selection_cv_error`` and ``permutation_test``."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs
from sklearn.base import clone
from sklearn.model_selection import KFold, StratifiedKFold

from ._rows import take_rows
from ._validation import check_bool, check_choice, check_cv, check_n_jobs, check_rng

__all__ = [
    "AVERAGE_OPTIONS",
    "SINGLE_CLASS_OPTIONS",
    "FoldOutcome",
    "check_kfold_options",
    "cross_validate_folds",
    "cv_error",
    "cv_errors",
    "cv_splits",
    "fit_predict",
    "is_serial",
    "make_folds",
    "partitions",
    "run_tasks",
    "single_class_label",
    "single_class_error",
    "spawn",
]

#: What a resampling method does with a training set that holds a single class:
#: ``"constant"`` predicts that class, ``"raise"`` stops with a ValueError. The bootstrap
#: also offers ``"redraw"`` (see :func:`patterneval.bootstrap_error`).
SINGLE_CLASS_OPTIONS = ("constant", "raise")

#: How the held-out mistakes of one cross-validation make its error (see :func:`cv_error`):
#: ``"pooled"`` (the default everywhere) counts them over all held-out samples, ``"folds"``
#: averages the folds' error rates, as the mean of scikit-learn's ``cross_val_score``.
AVERAGE_OPTIONS = ("pooled", "folds")


def single_class_label(y_train):
    """The one class of ``y_train`` if it holds a single class, else ``None``."""
    first = y_train[0]
    return first if np.all(y_train == first) else None


def single_class_error(label, where: str) -> ValueError:
    """The ValueError of ``single_class="raise"``, naming the training set and its class."""
    return ValueError(
        f"the training set of {where} holds a single class ({np.asarray(label).item()!r}): most classifiers "
        f"cannot be fitted on it. Pass single_class='constant' to predict that class for its "
        f"test samples (the limit of any rule fitted on one class), or use more samples or "
        f"stratified folds."
    )


def fit_predict(estimator, X, y, train, test, single_class="constant", respond=None):
    """Predictions on ``X[test]`` of a fresh clone of ``estimator`` fitted on ``train``
    (rows taken by :func:`take_rows`, so ``X`` may be a DataFrame or a sparse matrix, and
    ``y`` a pandas Series, handed to ``fit`` as a Series).

    A training set of a single class gives that class for every test sample
    (``single_class="constant"``) without fitting, or a ValueError (``"raise"``).

    With ``respond``: ``(predictions, respond(model, X_test))``, the second from the same
    fitted model (None for a single-class training set, which fits none), so that a caller
    that needs both a fold's predictions and its scores fits the fold once.
    """
    labels = np.asarray(y)
    label = single_class_label(labels[train])
    if label is not None:
        if single_class == "raise":  # pragma: no cover - every caller passes "constant"
            raise single_class_error(label, f"{test.size} test sample(s)")
        constant = np.full(test.size, label, dtype=labels.dtype)
        return constant if respond is None else (constant, None)
    with x_passed_through("fit", train.size):
        model = clone(estimator).fit(take_rows(X, train), take_rows(y, train))
    X_test = take_rows(X, test)
    with x_passed_through("predict", test.size):
        predicted = model.predict(X_test)
    return predicted if respond is None else (predicted, respond(model, X_test))


@contextmanager
def x_passed_through(step: str, n_rows: int):
    """Re-raise an estimator's TypeError/ValueError as one that names the argument ``X``.

    ``X`` reaches the estimator unchanged (a DataFrame for a pipeline, a sparse matrix,
    NaN for an imputer), so the estimator's own check speaks; its message says what is
    wrong but not that the culprit is the argument ``X`` of our function.
    """
    try:
        yield
    except (TypeError, ValueError) as exc:
        kind = TypeError if isinstance(exc, TypeError) else ValueError
        raise kind(
            f"X was passed unchanged to the estimator, whose {step} on {n_rows} rows "
            f"rejected it: {exc}"
        ) from exc


def make_folds(y, *, n_splits: int, n_repeats: int, stratify: bool, rng: np.random.Generator):
    """``n_repeats`` shuffled k-fold partitions: a list (one per repeat) of (train, test) pairs.

    Repeat r is scikit-learn's ``StratifiedKFold`` (or ``KFold``) seeded from the r-th
    child stream of ``rng``, so repeat r's folds do not depend on ``n_repeats``, and every
    method given the same ``rng`` (cross-validation, CV1 and CV2 of feature selection)
    uses the same folds.
    """
    splitter = StratifiedKFold if stratify else KFold
    placeholder = np.zeros((len(y), 1))
    seeds = [int(child.integers(2**32)) for child in spawn(rng, n_repeats)]
    return [
        list(splitter(n_splits, shuffle=True, random_state=seed).split(placeholder, y))
        for seed in seeds
    ]


def cv_splits(cv, y, *, stratify: bool, rng: np.random.Generator, X=None) -> list[list[tuple]]:
    """The ``(train, test)`` pairs that ``cv=`` names, grouped by repeat.

    ``cv`` is what :func:`~patterneval._validation.check_cv` accepts: an int gives one
    shuffled k-fold partition drawn from ``rng`` (stratified with ``stratify``, as
    :func:`make_folds`); a splitter gives the pairs of its ``split(X, y)``, in repeats of
    ``get_n_splits()`` / ``n_repeats`` pairs when it has an ``n_repeats`` attribute (as
    scikit-learn's ``RepeatedKFold`` and ``RepeatedStratifiedKFold`` do) and as one group
    otherwise; an iterable of pairs is one group. ``X`` (default: a column of zeros) is
    what the splitter sees; only group-free splitters are meaningful here.
    """
    cv = check_cv(cv, y, stratify=stratify)
    if isinstance(cv, int):
        return make_folds(y, n_splits=cv, n_repeats=1, stratify=stratify, rng=rng)
    if isinstance(cv, list):
        return [cv]
    placeholder = np.zeros((len(y), 1)) if X is None else X
    try:
        pairs = [
            (np.asarray(tr, dtype=np.intp), np.asarray(te, dtype=np.intp))
            for tr, te in cv.split(placeholder, y)
        ]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"cv={cv!r} could not split the {len(y)} samples: {exc}") from exc
    if not pairs:
        raise ValueError(f"cv={cv!r} gave no (train, test) pairs.")
    n_repeats = getattr(cv, "n_repeats", 1)
    if not (isinstance(n_repeats, int) and n_repeats >= 1 and len(pairs) % n_repeats == 0):
        n_repeats = 1
    per = len(pairs) // n_repeats
    return [pairs[r * per : (r + 1) * per] for r in range(n_repeats)]


def partitions(pairs, n_samples: int) -> bool:
    """Whether the test parts of the ``(train, test)`` ``pairs`` partition the
    ``n_samples`` samples (every sample tested exactly once), as one k-fold repeat's do."""
    covered = np.bincount(np.concatenate([te for _, te in pairs]), minlength=n_samples)
    return bool(np.all(covered == 1))


def spawn(rng: np.random.Generator, n: int) -> list[np.random.Generator]:
    """``n`` independent child generators: task i gets the same stream whatever ``n_jobs``."""
    return rng.spawn(n)


def is_serial(n_jobs) -> bool:
    """Whether ``n_jobs`` (already checked by ``check_n_jobs``) runs tasks in this process.

    scikit-learn's convention: ``n_jobs=1`` is serial; ``n_jobs=None`` defers to joblib's
    active configuration (``with joblib.parallel_config(backend=..., n_jobs=...)``), which
    is serial outside any such context (joblib's default of one job) and under a context
    whose backend offers a single worker.
    """
    return n_jobs == 1 or (n_jobs is None and effective_n_jobs(None) == 1)


def run_tasks(func, tasks, *, n_jobs=None, progress=False, desc=None, total=None) -> list:
    """``[func(*task) for task in tasks]``, through joblib when ``n_jobs`` asks for it.

    joblib's backends (loky by default; Dask or Ray via ``joblib.parallel_config``) let a
    user move the same call to a cluster. ``n_jobs=None`` follows the active
    ``joblib.parallel_config`` (its backend and its ``n_jobs``), as in scikit-learn; with
    no context it runs serially. ``progress=True`` shows a tqdm bar (tqdm.auto: a widget
    in notebooks, text elsewhere). Results come back in task order.
    """
    tasks = list(tasks)
    if is_serial(n_jobs):
        results = (func(*task) for task in tasks)
    else:
        results = Parallel(n_jobs=n_jobs, return_as="generator")(
            delayed(func)(*task) for task in tasks
        )
    if check_bool("progress", progress):
        from tqdm.auto import tqdm

        results = tqdm(results, total=total or len(tasks), desc=desc)
    return list(results)


# ---------------------------------------------------------------- the cross-validation engine


def check_kfold_options(y, *, cv, rng, n_jobs, progress, single_class, average) -> dict:
    """The options of the cross-validation methods (``cross_val_error``,
    ``selection_cv_error``), checked and normalised in one place (SciPy's ``_iv`` pattern):
    a dict of the same names, with ``splits`` the ``(train, test)`` pairs of ``cv`` grouped
    by repeat (:func:`cv_splits`; an int gives stratified folds, as scikit-learn does for a
    classifier) in place of ``cv``."""
    progress = check_bool("progress", progress)
    single_class = check_choice("single_class", single_class, SINGLE_CLASS_OPTIONS)
    average = check_choice("average", average, AVERAGE_OPTIONS)
    rng = check_rng(rng)
    return dict(
        progress=progress,
        single_class=single_class,
        average=average,
        rng=rng,
        n_jobs=check_n_jobs(n_jobs),
        splits=cv_splits(cv, y, stratify=True, rng=rng),
    )


def cv_error(counts, sizes, average: str = "pooled") -> float:
    r"""The error of one cross-validation from its folds' mistake ``counts`` :math:`k_j` and
    test ``sizes`` :math:`n_j`, :math:`j = 1..K`.

    ``"pooled"`` (the package's definition of the CV error):
    :math:`\sum_j k_j / \sum_j n_j`, the share of held-out predictions that are wrong. When
    the folds partition the n samples it is (mistakes) / n: every sample counts once, so the
    estimate does not depend on how unevenly n divides into K folds, and it is the plain
    estimate of an error rate from n test outcomes (leave-one-out is its K = n case).
    ``"folds"``: :math:`K^{-1}\sum_j k_j / n_j`, the mean of the fold error rates, which
    is one minus the mean of scikit-learn's ``cross_val_score`` (accuracy); it weights a
    sample of a smaller fold more. The two agree when all folds have the same size.

    Examples
    --------
    >>> from patterneval._engine import cv_error
    >>> cv_error([1, 0], [3, 2]), cv_error([1, 0], [3, 2], "folds")  # 1/5 against (1/3 + 0)/2
    (0.2, 0.16666666666666666)
    """
    return float(cv_errors(np.asarray(counts)[None, :], sizes, average)[0])


def cv_errors(counts, sizes, average: str = "pooled") -> np.ndarray:
    """:func:`cv_error` of each row of ``counts`` (runs x folds) on the same folds' ``sizes``.

    :func:`cv_error` is this function on one row, so a run's error is the same number, to
    the last bit, whether it is computed alone or among many (the permutation test's cached
    path relies on it).

    Examples
    --------
    >>> from patterneval._engine import cv_errors
    >>> cv_errors([[1, 0], [0, 2]], [3, 2], "folds")  # (1/3 + 0)/2, (0 + 1)/2
    array([0.16666667, 0.5       ])
    """
    counts, sizes = np.asarray(counts), np.asarray(sizes)
    if average == "pooled":  # integer sums: exact
        return counts.sum(axis=1) / sizes.sum()
    return (counts / sizes).mean(axis=1)  # each row reduced along its contiguous last axis


@dataclass(frozen=True)
class FoldOutcome:
    """What :func:`cross_validate_folds` returns: per fold, the test rows, whether each was
    misclassified, and the selected columns (``None`` without a selector or when the
    selector has no ``get_support``); the folds whose training set held a single class;
    with ``respond``, the responses of the folds it was asked for (None otherwise)."""

    tests: list
    wrong: list
    supports: list
    single: list
    responses: list | None = None

    @property
    def counts(self) -> np.ndarray:
        """Mistakes per fold."""
        return np.array([np.count_nonzero(w) for w in self.wrong], dtype=np.int64)

    @property
    def sizes(self) -> np.ndarray:
        """Test samples per fold."""
        return np.array([t.size for t in self.tests], dtype=np.int64)

    def fold_errors(self) -> np.ndarray:
        """Error rate of each fold, ``counts / sizes``."""
        return self.counts / self.sizes


def _support(fitted_selector):
    get_support = getattr(fitted_selector, "get_support", None)
    return None if get_support is None else np.asarray(get_support(indices=True))


def _fit_fold(selector, estimator, X, y, train, test, respond=None):
    """One fold: (selector and) classifier fitted on ``train``; the mistakes on ``test``,
    the selected columns, and ``respond(model, X_test)`` of the same fitted classifier
    (``respond`` given; no selector) or None. A single-class training fold predicts its
    class and selects nothing, without fitting. ``y`` reaches the fits as given (a pandas
    Series stays one, its rows taken by :func:`take_rows`); mistakes are counted on its
    values."""
    labels = np.asarray(y)
    label = single_class_label(labels[train])
    if label is not None:
        selected = None if selector is None else np.zeros(0, dtype=np.intp)
        return labels[test] != label, selected, None
    if selector is None:
        if respond is None:
            predicted, response = fit_predict(estimator, X, y, train, test), None
        else:
            predicted, response = fit_predict(estimator, X, y, train, test, respond=respond)
        return np.asarray(predicted) != labels[test], None, response
    X_train, X_test = take_rows(X, train), take_rows(X, test)
    y_train = take_rows(y, train)
    with x_passed_through("selector's fit and transform", train.size):
        fitted = clone(selector).fit(X_train, y_train)
        X_train, X_test = fitted.transform(X_train), fitted.transform(X_test)
    with x_passed_through("fit", train.size):
        model = clone(estimator).fit(X_train, y_train)
    with x_passed_through("predict", test.size):
        return np.asarray(model.predict(X_test)) != labels[test], _support(fitted), None


def cross_validate_folds(
    estimator,
    X,
    y,
    folds,
    *,
    selector=None,
    single_class="constant",
    where=lambda f: f"fold {f}",
    n_jobs=1,
    progress=False,
    desc="cross-validation",
    respond=None,
    n_respond=0,
) -> FoldOutcome:
    """The one cross-validation engine: for every ``(train, test)`` pair of ``folds``, clone
    (``selector`` and) ``estimator``, fit on the training rows, predict the test rows
    (taken by :func:`take_rows`, so ``X`` may be a DataFrame or a sparse matrix) and record
    the mistakes; folds are fitted through :func:`run_tasks` (joblib with ``n_jobs``).

    A training fold of a single class predicts that class (``single_class="constant"``) or
    raises, naming the fold by ``where(index)``, before any fit (``"raise"``). No input
    checks: the public functions check first. :func:`cv_error` turns the outcome into the
    CV error.

    ``respond(model, X_test)`` (no ``selector``) is also taken from the model of each of the
    first ``n_respond`` folds, the one that gave its predictions (a report's out-of-fold
    scores): no fold is fitted twice. The outcome's ``responses`` hold them (None for a
    single-class training fold, which fits no model).
    """
    folds = [(np.asarray(train), np.asarray(test)) for train, test in folds]
    labels = np.asarray(y)
    single = [
        f for f, (train, _) in enumerate(folds) if single_class_label(labels[train]) is not None
    ]
    if single and single_class == "raise":
        raise single_class_error(single_class_label(labels[folds[single[0]][0]]), where(single[0]))
    results = run_tasks(
        _fit_fold,
        (
            (selector, estimator, X, y, train, test, respond if f < n_respond else None)
            for f, (train, test) in enumerate(folds)
        ),
        n_jobs=n_jobs,
        progress=progress,
        desc=desc,
        total=len(folds),
    )
    return FoldOutcome(
        tests=[test for _, test in folds],
        wrong=[w for w, _, _ in results],
        supports=[s for _, s, _ in results],
        single=single,
        responses=None if respond is None else [r for _, _, r in results[:n_respond]],
    )
