"""Explorers of the chapters "Two classifiers" and "Many classifiers over many data sets"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._api import keywords
from .._explore import PairedScores, paired_cv_scores, paired_scores
from ..book.two_classifiers import RejectionGrid
from ..plotting.compare import CriticalDifferencePainter, PairedScoresPainter, RejectionGridPainter
from ._base import Explorer, float_slider, int_slider, selection_slider

__all__ = ["CriticalDifferenceExplorer", "TwoClassifierTestsExplorer"]


class TwoClassifierTestsExplorer(Explorer):
    """Sliders effect size and data-set size over a stored
    :class:`~patterneval.book.two_classifiers.RejectionGrid` (from
    ``tools/two_classifier_grid.py``): how often each of six tests rejects "A and B are
    equally accurate", against the effect at the chosen size and against the size at the
    chosen effect. A move only reads the grid, so it is instant.

    Two more constructors run the tests on the user's own two classifiers, in
    scikit-learn's Display style: :meth:`from_estimators` (scores on the same
    cross-validation splits, by :func:`~patterneval.compare.cv_scores`, computed once)
    and :meth:`from_scores` (per-split scores already computed). They return a
    ``TwoClassifierTestsExplorer`` with sliders for alpha and the ROPE over
    :class:`~patterneval.plotting.compare.PairedScoresPainter`: the corrected resampled
    t-test's decision and interval at alpha, and the posterior of the Bayesian correlated
    t-test with its ROPE probabilities; a move recomputes both tests from the stored scores
    without refitting. The grid constructor above is unchanged.
    """

    painter = RejectionGridPainter
    data: PairedScores  # the user's scores, on an explorer made by a from_* method
    chapter = "book/part5/two-classifiers"
    caption = (
        "Rejection rates of McNemar's test, the resampled t-test with and without the "
        "Nadeau-Bengio correction, the 10-fold CV t-test and the 5x2cv t and F tests, from "
        "1000 simulated data sets per point; sliders set the true difference in error "
        "and the size of the data set."
    )

    def __init__(
        self, grid: RejectionGrid, *, effect: float = 0.0, n_samples: int | None = None
    ) -> None:
        self.grid = grid
        sizes = [int(n) for n in grid.n_samples]
        n_samples = sizes[len(sizes) // 2] if n_samples is None else int(n_samples)
        if n_samples not in sizes:
            raise ValueError(f"n_samples must be one of the grid's sizes {sizes}; got {n_samples}.")
        effects = np.asarray(grid.effects, dtype=float)
        step = float(np.min(np.diff(effects))) if effects.size > 1 else 0.01
        controls = {
            "effect": float_slider(
                "effect (error B − error A)",
                effect,
                float(effects[0]),
                float(effects[-1]),
                step,
                readout_format=".2f",
            ),
            "n_samples": selection_slider("examples n", sizes, n_samples),
        }
        super().__init__(controls, fixed={"grid": grid}, height=3.6)

    @classmethod
    @keywords
    def from_estimators(
        cls,
        estimator_a: Any,
        estimator_b: Any,
        X: Any,
        y: ArrayLike,
        *,
        cv: Any = None,
        metric: str | Callable = "accuracy",
        rng: int | np.random.Generator | None = None,
        names: Sequence[str] | None = None,
        alpha: float = 0.05,
        rope: float = 0.01,
    ) -> TwoClassifierTestsExplorer:
        """The two tests on two classifiers cross-validated on the same splits.

        :func:`~patterneval.compare.cv_scores` fits a clone of each estimator on every
        training part of one list of splits and scores it on the test part (once, here);
        the sliders then recompute :func:`~patterneval.compare.corrected_resampled_ttest`
        and :func:`~patterneval.compare.bayesian_correlated_ttest` from those scores.

        Parameters
        ----------
        estimator_a, estimator_b : estimator
            Unfitted scikit-learn-compatible classifiers.
        X : array_like, shape (n_samples, n_features)
            Passed to the estimators unchanged.
        y : array_like, shape (n_samples,)
            Class labels.
        cv : None, int, splitter or iterable of (train, test) pairs, keyword-only
            As in :func:`~patterneval.compare.cv_scores`; ``None``: 10 repeats of
            stratified 10-fold cross-validation (100 fits of each estimator).
        metric : str or callable, default "accuracy", keyword-only
            A scikit-learn scorer name or scorer (higher is better).
        rng : None, int or numpy.random.Generator, keyword-only
            Seed of the splits.
        names : pair of str, optional, keyword-only
            Names of A and B; default their class names.
        alpha : float, default 0.05, keyword-only
            Initial level of the corrected t-test, one of 0.01, 0.05, 0.10.
        rope : float in [0, 0.1], default 0.01, keyword-only
            Initial half-width of the region of practical equivalence, in units of the
            metric.

        Returns
        -------
        TwoClassifierTestsExplorer

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from sklearn.tree import DecisionTreeClassifier
        >>> from patterneval.widgets import TwoClassifierTestsExplorer
        >>> X, y = load_iris(return_X_y=True)
        >>> explorer = TwoClassifierTestsExplorer.from_estimators(
        ...     GaussianNB(), DecisionTreeClassifier(random_state=0), X, y, cv=5, rng=0)
        >>> explorer
        TwoClassifierTestsExplorer(alpha=0.05, rope=0.01)
        >>> explorer.data.scores_a.shape
        (5,)
        """
        start = cls._check_sliders(alpha, rope)
        data = paired_cv_scores(
            estimator_a, estimator_b, X, y, cv=cv, metric=metric, rng=rng, names=names
        )
        return cls._on_scores(data, *start)

    @classmethod
    def from_scores(
        cls,
        scores_a: ArrayLike,
        scores_b: ArrayLike,
        *,
        n_train: int,
        n_test: int,
        names: Sequence[str] | None = None,
        alpha: float = 0.05,
        rope: float = 0.01,
    ) -> TwoClassifierTestsExplorer:
        """The two tests on per-split scores computed elsewhere.

        Parameters
        ----------
        scores_a, scores_b : array_like, shape (J,)
            Scores (higher is better) of A and B on the same J splits, J >= 2.
        n_train, n_test : int, keyword-only
            Sizes of each split's training and test sets.
        names : pair of str, optional, keyword-only
            Default ``("A", "B")``.
        alpha : float, default 0.05, keyword-only
            Initial level, one of 0.01, 0.05, 0.10.
        rope : float in [0, 0.1], default 0.01, keyword-only
            Initial half-width of the region of practical equivalence.

        Returns
        -------
        TwoClassifierTestsExplorer

        Examples
        --------
        >>> from patterneval.widgets import TwoClassifierTestsExplorer
        >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.80, 0.83, 0.84]
        >>> b = [0.79, 0.83, 0.80, 0.80, 0.83, 0.80, 0.84, 0.78, 0.81, 0.83]
        >>> explorer = TwoClassifierTestsExplorer.from_scores(a, b, n_train=67, n_test=33)
        >>> explorer.painter.ax_d.get_title()
        "corrected t = 2.01, p = 0.0759: do not reject 'equal' at α = 0.05"
        >>> explorer.controls["alpha"].value = 0.1  # a slider move
        >>> explorer.painter.ax_d.get_title()
        "corrected t = 2.01, p = 0.0759: reject 'equal' at α = 0.1"
        """
        start = cls._check_sliders(alpha, rope)
        return cls._on_scores(
            paired_scores(scores_a, scores_b, n_train=n_train, n_test=n_test, names=names), *start
        )

    ALPHAS = (0.01, 0.05, 0.10)

    @classmethod
    def _check_sliders(cls, alpha, rope) -> tuple[float, float]:
        from .._validation import check_scalar, fail

        alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="neither")
        if alpha not in cls.ALPHAS:
            raise fail("alpha", f"one of the slider's levels {list(cls.ALPHAS)}", alpha)
        return alpha, check_scalar("rope", rope, float, low=0, high=0.1)

    @classmethod
    def _on_scores(cls, data, alpha: float, rope: float) -> TwoClassifierTestsExplorer:
        self = cls.__new__(cls)
        self.data = data
        self.caption = (
            f"{data.names[0]} against {data.names[1]} on the same splits: the per-split differences with "
            f"the corrected resampled t interval, and the Bayesian correlated t posterior with its ROPE; "
            f"sliders set alpha and the ROPE."
        )
        controls = {
            "alpha": selection_slider("alpha", list(cls.ALPHAS), alpha),
            "rope": float_slider("rope (±)", rope, 0.0, 0.1, 0.005, readout_format=".3f"),
        }
        Explorer.__init__(
            self,
            controls,
            fixed={"data": data},
            width=10.0,
            height=3.6,
            painter=PairedScoresPainter,
        )
        return self


class CriticalDifferenceExplorer(Explorer):
    """Sliders k (classifiers), N (data sets) and alpha over
    :class:`~patterneval.plotting.compare.CriticalDifferencePainter`: the critical
    difference of average ranks for the Nemenyi and Bonferroni-Dunn tests."""

    painter = CriticalDifferencePainter
    chapter = "book/part5/many-classifiers"
    caption = (
        "The critical difference of average ranks against the number of data sets N, and "
        "as a share of the rank range against the number of classifiers k, for the "
        "Nemenyi and Bonferroni-Dunn tests; sliders set k, N and alpha."
    )

    def __init__(self, *, k: int = 4, n_datasets: int = 14, alpha: float = 0.05) -> None:
        controls = {
            "k": int_slider("classifiers k", k, 2, CriticalDifferencePainter.K_MAX),
            "n_datasets": int_slider("data sets N", n_datasets, 2, CriticalDifferencePainter.N_MAX),
            "alpha": selection_slider("alpha", [0.01, 0.05, 0.10], alpha),
        }
        super().__init__(controls, height=3.4)
