"""Interactive explorers for the book's chapters (ipywidgets).

Each explorer is a thin UI over a :class:`~patterneval.plotting.Painter` (which in turn
only calls tested library functions): its controls, all made by one factory in one style
(``patterneval.widgets._base.control``), feed the painter's ``update``. Use one on its own
in JupyterLab::

    from patterneval.widgets import TestErrorExplorer
    TestErrorExplorer(n=50, error=0.1)
"""

try:  # the explorers need ipywidgets and matplotlib, an extra: the library alone does not
    import ipywidgets as _ipywidgets  # noqa: F401
    import matplotlib as _matplotlib  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised by tests/smoke_wheel.py
    raise ImportError(
        f"patterneval.widgets needs ipywidgets and matplotlib ({exc.name} is not installed); "
        'install the explorers\' extra: pip install "patterneval[widgets]"'
    ) from exc
del _ipywidgets, _matplotlib

from .._api import public_names as _public_names

from ._base import Explorer, explorer_name
from .bagging import ForestConvergenceExplorer
from .boosting import AdaBoostExplorer
from .cluster_algorithms import KMeansExplorer
from .cluster_external import RelabelExplorer
from .cluster_internal import InternalIndexExplorer
from .cluster_stability import ClusterStabilityExplorer
from .combine import VoteRatesExplorer
from .compare import CriticalDifferenceExplorer, TwoClassifierTestsExplorer
from .compare_calibration import CalibrationExplorer
from .compare_roc import RocExplorer
from .decomposition import FisherDirectionExplorer
from .distance import UnitBallExplorer
from .ensemble_bounds import EnsembleBoundsExplorer
from .ensemble_diversity import PairDiversityExplorer
from .errorrate import SelectiveSamplingExplorer, TestErrorExplorer
from .evolution import EvolutionExplorer
from .optimize import DescentExplorer
from .permutation import PermutationExplorer
from .perturbation import PerturbationExplorer
from .reinforcement import ReinforcementExplorer
from .resampling import BootstrapExplorer
from .selection import SelectionLeakExplorer
from .tree import PruningExplorer

__all__ = _public_names(globals())
