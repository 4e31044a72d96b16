"""Explorer of the chapter "Permutation tests": signal strength and number of permutations."""

from __future__ import annotations

from typing import Any

from ..book.permutation_tests import signal_tests
from ..plotting.permutation import NullDistributionPainter
from ._base import Explorer, int_slider, selection_slider

__all__ = ["PermutationExplorer"]


class PermutationExplorer(Explorer):
    """Sliders over the class separation delta and the number of permutations m, over
    permutation tests precomputed by :func:`patterneval.book.permutation_tests.signal_tests`
    (m picks the first m permutations: ``result.head(m)``).

    ``signal`` and ``n_resamples`` are the sliders' initial values (default: the first
    signal, every permutation). Without ``tests``, they are computed as
    ``signal_tests(**test_options)`` (``rng`` defaults to 0, so the explorer is
    reproducible).

    Parameters
    ----------
    tests : dict, optional, keyword-only
        Signal delta -> :class:`~patterneval.resampling.PermutationTestResult`, as
        :func:`~patterneval.book.permutation_tests.signal_tests` returns.
    signal : float, optional, keyword-only
        Initial signal, a key of ``tests`` (default the first).
    n_resamples : int, optional, keyword-only
        Initial number of permutations m (default all).
    test_options : dict, optional, keyword-only
        Keyword arguments of ``signal_tests`` when ``tests`` is None.
    """

    painter: Any = NullDistributionPainter
    chapter = "book/part1/permutation-tests"
    caption = (
        "The permutation null distribution of a cross-validated error and its p-value; "
        "sliders set the class separation and the number of permutations."
    )

    def __init__(
        self,
        *,
        tests: dict | None = None,
        signal: float | None = None,
        n_resamples: int | None = None,
        test_options: dict | None = None,
    ) -> None:
        self.tests = signal_tests(**{"rng": 0, **(test_options or {})}) if tests is None else tests
        signals = list(self.tests)
        m_max = min(t.n_resamples for t in self.tests.values())
        controls = {
            "signal": selection_slider(
                "δ (signal)", signals, signal if signal is not None else signals[0]
            ),
            "n_resamples": int_slider("m (permutations)", n_resamples or m_max, 1, m_max),
        }
        super().__init__(controls, width=7.0, height=3.2)

    def draw(self, *, signal: float, n_resamples: int) -> None:
        """Show the null distribution of the first ``n_resamples`` permutations of one test.

        Parameters
        ----------
        signal : float
            Class separation delta (the δ slider); a key of ``tests``.
        n_resamples : int
            Number of permutations m used (the m slider), from 1.

        Returns
        -------
        None
        """
        self.painter.update(result=self.tests[signal].head(n_resamples))
