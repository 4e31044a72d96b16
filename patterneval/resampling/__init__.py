"""Resampling estimates of a classifier's error, for any scikit-learn-compatible estimator.

One module per method: ``crossval`` (k-fold, repeated, leave-one-out), ``bootstrap``
(out-of-bag, .632, .632+), ``perturbation`` (interval for a linear SVM's CV error),
``selection`` (feature-selection leakage, CV1 vs CV2) and ``permutation`` (label-permutation
tests); ``_engine`` holds what they share (fitting clones in parallel, random streams).
"""

from .bootstrap import *  # noqa: F401,F403  (each submodule defines __all__)
from .bootstrap import __all__ as _bootstrap_all
from .crossval import *  # noqa: F401,F403
from .crossval import __all__ as _crossval_all
from .permutation import *  # noqa: F401,F403
from .permutation import __all__ as _permutation_all
from .perturbation import *  # noqa: F401,F403
from .perturbation import __all__ as _perturbation_all
from .selection import *  # noqa: F401,F403
from .selection import __all__ as _selection_all

__all__ = [*_crossval_all, *_bootstrap_all, *_perturbation_all, *_selection_all, *_permutation_all]
