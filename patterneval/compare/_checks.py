"""Input checks shared by the modules of ``patterneval.compare``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations

import numpy as np

from .._results import Result
from .._validation import check_array, check_labels, fail, show


def check_binary_target(
    y_true, *, pos_label=None, name: str = "y_true", both: bool = True
) -> np.ndarray:
    """Binary outcomes as a bool array (True = positive class).

    The positive class is ``pos_label`` if given; otherwise 1 when the labels are among
    {0, 1} (or bool) or {-1, 1}, else the greater of exactly two labels (``np.unique``
    order). With ``both`` (an AUC, a DeLong variance) both classes must occur; without it
    (calibration) all outcomes may be of one class when the labels say which one that is.
    """
    arr = check_labels(name, y_true)
    labels = np.unique(arr)
    if labels.size > 2:
        raise fail(
            name,
            "labels of two classes (binary outcomes)",
            f"{labels.size} ({show(labels.tolist())})",
            echo=False,
            hint="Reduce the problem to one class versus the rest.",
        )
    numeric = arr.dtype == bool or arr.dtype.kind in "iuf"
    if pos_label is None:
        values = set(labels.tolist())
        if numeric and (values <= {0, 1} or values <= {-1, 1}):
            pos_label = 1
        elif labels.size == 2:
            pos_label = labels[1]
        else:
            raise fail(
                name,
                "labels of two classes, or of one named by pos_label",
                f"the single class {labels[0].item()!r}",
                echo=False,
                hint="Pass pos_label to say whether it is the positive class.",
            )
    elif pos_label not in set(labels.tolist()) and (both or labels.size == 2):
        raise fail(
            "pos_label", f"one of the classes of {name} ({show(labels.tolist())})", pos_label
        )
    positive = arr == pos_label
    if both and (positive.all() or not positive.any()):
        which = "positive" if positive.all() else "negative"
        raise fail(
            name,
            "labels of both classes (an AUC compares positives with negatives)",
            f"only {which} samples ({arr.size} of them)",
            echo=False,
        )
    return positive


def check_paired_scores(scores_a, scores_b, *, names=("scores_a", "scores_b"), min_size: int = 2):
    """Two 1-d arrays of finite real scores that pair up entry by entry (the same folds, the
    same data sets), with at least ``min_size`` pairs. Returns two float arrays."""
    hint = "(one score per fold or data set)"
    a = check_array(names[0], scores_a, ndim=1, min_rows=min_size, shape_hint=hint)
    b = check_array(names[1], scores_b, ndim=1, n=a.size, n_name=names[0], shape_hint=hint)
    return a, b


def _is_frame(value) -> bool:
    return hasattr(value, "columns") and hasattr(value, "iloc") and getattr(value, "ndim", 0) == 2


def two_from_cv_scores(scores_a, scores_b, n_train, n_test):
    """The paired scores and split sizes of the two-classifier tests on one data set.

    ``scores_a`` is a :class:`~patterneval.compare.CVScores` of exactly two estimators
    (``scores_b``, ``n_train`` and ``n_test`` then omitted: its two columns, and the means
    over its splits of ``n_train`` and ``n_test``), or an array (``scores_b``, ``n_train``
    and ``n_test`` required). Returns ``(a, b, n_train, n_test, names)``, ``names`` the two
    estimators' names or None."""
    from .scores import CVScores

    if isinstance(scores_a, CVScores):
        given = [
            n
            for n, v in (("scores_b", scores_b), ("n_train", n_train), ("n_test", n_test))
            if v is not None
        ]
        if given:
            raise TypeError(
                f"scores_a is a CVScores, which holds both classifiers' scores and the split sizes; "
                f"omit {', '.join(given)}."
            )
        if len(scores_a.names) != 2:
            names = list(scores_a.names)
            raise fail(
                "scores_a",
                "a CVScores of exactly two estimators",
                f"{len(names)} ({show(names)})",
                echo=False,
                hint=f"Choose two with scores_a.select({names[0]!r}, {names[-1]!r}).",
            )
        return (
            scores_a.scores[:, 0],
            scores_a.scores[:, 1],
            float(np.mean(scores_a.n_train)),
            float(np.mean(scores_a.n_test)),
            tuple(scores_a.names),
        )
    missing = [
        n
        for n, v in (("scores_b", scores_b), ("n_train", n_train), ("n_test", n_test))
        if v is None
    ]
    if missing:
        raise TypeError(
            f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} required unless scores_a "
            f"is a CVScores (from cv_scores), which carries them."
        )
    return scores_a, scores_b, n_train, n_test, None


def table_from_cv_scores(scores, *, name: str = "scores"):
    """A score table (data sets x classifiers) and the classifiers' names, from a pandas
    DataFrame (its columns name the classifiers), a sequence of
    :class:`~patterneval.compare.CVScores` (one per data set, the same estimators in the
    same order; each reduced to its per-estimator mean) or an array (names None)."""
    from .scores import CVScores

    if isinstance(scores, CVScores):
        raise fail(
            name,
            "a table of data sets x classifiers, or a list of CVScores (one per data set)",
            "a single CVScores (one data set, whose splits are not independent data sets)",
            error=TypeError,
            echo=False,
            hint="Pass [cv_scores(..., X1, y1), cv_scores(..., X2, y2), ...].",
        )
    if _is_frame(scores):
        return scores.to_numpy(), tuple(str(c) for c in scores.columns)
    if (
        isinstance(scores, (list, tuple))
        and scores
        and any(isinstance(s, CVScores) for s in scores)
    ):
        first = next(s for s in scores if isinstance(s, CVScores))
        for i, s in enumerate(scores):
            if not isinstance(s, CVScores):
                raise fail(f"{name}[{i}]", "a CVScores, as the other entries", s, error=TypeError)
            if s.names != first.names:
                raise fail(
                    f"{name}[{i}]",
                    f"the scores of the same estimators {show(list(first.names))}",
                    show(list(s.names)),
                    echo=False,
                )
            if s.metric != first.metric:
                raise fail(
                    f"{name}[{i}]",
                    f"scores of the same metric ({first.metric!r})",
                    repr(s.metric),
                    echo=False,
                )
        return np.array([s.mean() for s in scores]), tuple(first.names)
    return scores, None


def pair_from_table(scores_a, scores_b):
    """The two-classifier scores of :func:`~patterneval.compare.bayesian_signed_rank` and
    their names: arrays as given, or ``scores_a`` a table of two columns (a DataFrame or a
    sequence of two-estimator CVScores) with ``scores_b`` omitted."""
    from .scores import CVScores

    table_like = (
        _is_frame(scores_a)
        or isinstance(scores_a, CVScores)
        or (isinstance(scores_a, (list, tuple)) and any(isinstance(s, CVScores) for s in scores_a))
    )
    if not table_like:
        if scores_b is None:
            raise TypeError(
                "scores_b is required unless scores_a is a table of two classifiers (a DataFrame, "
                "or a list of CVScores, one per data set)."
            )
        return scores_a, scores_b, None
    if scores_b is not None:
        raise TypeError("scores_a holds both classifiers (a table of two columns); omit scores_b.")
    table, names = table_from_cv_scores(scores_a, name="scores_a")
    table = check_array("scores_a", table, ndim=2, shape_hint="(n_datasets, 2)")
    if table.shape[1] != 2:
        raise fail(
            "scores_a",
            "a table of exactly two classifiers (columns)",
            f"{table.shape[1]} ({show(list(names))})",
            echo=False,
            hint=f"Choose two: the columns [{names[0]!r}, {names[-1]!r}] of a DataFrame, or "
            f"[s.select({names[0]!r}, {names[-1]!r}) for s in scores].",
        )
    return table[:, 0], table[:, 1], names


class NamedResult(Result):
    """A :class:`~patterneval._results.Result` with a ``names`` field (the classifiers'
    names, from a CVScores or a DataFrame) that stays out of the repr when it is None."""

    def _items(self):
        for key, value in super()._items():
            if not (key == "names" and value is None):
                yield key, value
