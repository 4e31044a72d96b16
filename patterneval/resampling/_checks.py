"""Input checks shared by the modules of ``patterneval.resampling``, written in the
vocabulary of :mod:`patterneval._validation`."""

from __future__ import annotations


import numpy as np

from .._validation import show


def check_transformer(transformer, *, name: str = "selector"):
    """A scikit-learn-style feature selector or extractor: an instance with ``fit``,
    ``transform`` and ``get_params`` (so that it can be cloned into every fold)."""
    missing = [m for m in ("fit", "transform", "get_params") if not callable(getattr(transformer, m, None))]
    if isinstance(transformer, type) or missing:
        what = "a class, not an instance" if isinstance(transformer, type) else f"no {', '.join(missing)}"
        raise TypeError(
            f"{name} must be a scikit-learn-compatible transformer instance with fit, transform "
            f"and get_params (e.g. SelectKBest(f_classif, k=10)); got {show(transformer)} ({what})."
        )
    return transformer
