"""Explorer of the chapter "Interval estimates for the CV error"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..plotting.perturbation import PerturbationPainter
from ..resampling.perturbation import PerturbationInterval
from ._base import Explorer, float_slider, int_slider, toggle_buttons

__all__ = ["PerturbationExplorer"]


class PerturbationExplorer(Explorer):
    """Sliders confidence level and number of perturbations (and a method toggle) over
    stored results.

    ``results`` is a :class:`~patterneval.resampling.perturbation.PerturbationInterval` or a
    dict ``{method: PerturbationInterval}`` (e.g. ``"apparent"``, Jiang, Zhang & Cai's
    method, and ``"perturbed-cv"``), computed on the same data; with a dict a toggle picks
    the method. A move takes quantiles of the first ``n_resamples`` replicates and redraws
    the histogram and the interval (no SVM is refitted).

    Parameters
    ----------
    results : PerturbationInterval or Mapping
        One result, or ``{method: PerturbationInterval}`` (non-empty, any mapping) computed
        on the same data.
    method : str, optional, keyword-only
        Initial method, a key of ``results`` (default the first).
    confidence_level : float in [0.5, 0.99], default 0.95, keyword-only
    n_resamples : int, optional, keyword-only
        Initial number of perturbations R (default all replicates).
    """

    painter: Any = PerturbationPainter
    chapter = "book/part1/cv-intervals"
    caption = (
        "Perturbation-resampling replicates of a linear SVM's error and the interval they give"
        " around the cross-validated error; a toggle picks the method (Jiang, Zhang & Cai's"
        " perturbed apparent error, or the perturbed cross-validation), sliders set the"
        " confidence level and the number of perturbations."
    )

    def __init__(
        self,
        results: PerturbationInterval | Mapping[str, PerturbationInterval],
        *,
        method: str | None = None,
        confidence_level: float = 0.95,
        n_resamples: int | None = None,
    ) -> None:
        self.results: dict[str, PerturbationInterval] = (
            dict(results)
            if isinstance(results, Mapping)
            else {cast(PerturbationInterval, results).method: cast(PerturbationInterval, results)}
        )
        if not self.results:
            raise ValueError("results must hold at least one PerturbationInterval.")
        methods = list(self.results)
        method = methods[0] if method is None else method
        if method not in self.results:
            raise ValueError(f"method must be one of {methods}; got {method!r}.")
        total = min(r.replicates.size for r in self.results.values())
        step = max(1, total // 50)
        controls = {}
        if len(methods) > 1:
            controls["method"] = toggle_buttons("method", methods, method)
        controls["confidence_level"] = float_slider("confidence", confidence_level, 0.5, 0.99, 0.01)
        controls["n_resamples"] = int_slider(
            "perturbations R",
            total if n_resamples is None else n_resamples,
            min(10, total),
            total,
            step,
        )
        self._single = method
        super().__init__(controls, height=3.4)

    def draw(self, *, confidence_level: float, n_resamples: int, method: str | None = None) -> None:
        """Redraw the histogram and the interval of one method (no SVM is refitted).

        Parameters
        ----------
        confidence_level : float
            Confidence level of the interval (the confidence slider), 0.5 to 0.99.
        n_resamples : int
            Number of perturbation replicates R used (the R slider).
        method : str, optional
            Key of ``results`` (the method toggle, shown only when ``results`` holds
            several methods; default the initial method).

        Returns
        -------
        None
        """
        result = self.results[self._single if method is None else method]
        self.painter.update(
            result=result, confidence_level=confidence_level, n_resamples=n_resamples
        )
