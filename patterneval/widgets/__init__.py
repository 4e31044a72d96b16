"""Interactive explorers for the book's chapters (ipywidgets).

Each explorer is a thin UI over a drawing function in :mod:`patterneval.plotting`, which
in turn only calls tested library functions. Use one on its own in JupyterLab::

    from patterneval.widgets import TestErrorExplorer
    TestErrorExplorer(n=50, error=0.1)
"""

from ._base import Explorer
from .cluster_external import RelabelExplorer
from .cluster_internal import InternalIndexExplorer
from .distance import UnitBallExplorer
from .ensemble_bounds import EnsembleBoundsExplorer
from .ensemble_diversity import PairDiversityExplorer
from .errorrate import SelectiveSamplingExplorer, TestErrorExplorer
from .permutation import PermutationExplorer
from .perturbation import PerturbationExplorer
from .resampling import BootstrapExplorer
from .selection import SelectionLeakExplorer

__all__ = [
    "BootstrapExplorer",
    "EnsembleBoundsExplorer",
    "Explorer",
    "InternalIndexExplorer",
    "PairDiversityExplorer",
    "PermutationExplorer",
    "PerturbationExplorer",
    "RelabelExplorer",
    "SelectionLeakExplorer",
    "SelectiveSamplingExplorer",
    "TestErrorExplorer",
    "UnitBallExplorer",
]
