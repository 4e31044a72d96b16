"""The library installs and imports alone: matplotlib and ipywidgets are extras.

These tests run in a subprocess where importing matplotlib, ipywidgets or IPython fails
as it would in an environment without them (a meta-path finder that refuses them). The
full check, a wheel installed into a fresh venv with only the runtime dependencies, is
``make test-wheel`` (tests/smoke_wheel.py).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BLOCK = textwrap.dedent(
    """
    import sys

    BLOCKED = ("matplotlib", "ipywidgets", "IPython", "PIL")


    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None


    sys.meta_path.insert(0, Block())
    """
)


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_compute_module_imports_without_plotting_packages():
    res = _run(
        """
        import importlib, pkgutil
        import patterneval as pe

        names = [m.name for m in pkgutil.walk_packages(pe.__path__, "patterneval.")
                 if not m.name.startswith(("patterneval.plotting", "patterneval.widgets"))]
        for name in names:
            importlib.import_module(name)
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
        assert not loaded, loaded
        assert len(names) > 20, names
        print(pe.__version__, len(names))
        """
    )
    assert res.returncode == 0, res.stderr


def test_non_plotting_functions_work_without_plotting_packages():
    res = _run(
        """
        import numpy as np
        from sklearn.datasets import load_iris
        from sklearn.neighbors import KNeighborsClassifier
        import patterneval as pe

        X, y = load_iris(return_X_y=True)
        assert pe.test_error([0, 1, 1, 0], [0, 1, 0, 0]).k == 1
        pe.binomial_interval(3, 30, method="clopper-pearson")
        pe.cross_val_error(KNeighborsClassifier(), X, y, cv=3, rng=0)
        pe.bootstrap_error(KNeighborsClassifier(), X, y, n_resamples=5, rng=0)
        pe.adjusted_rand_index(y, y)
        pe.silhouette_width(X, y)
        """
    )
    assert res.returncode == 0, res.stderr


def test_plotting_without_matplotlib_names_the_extra():
    res = _run(
        """
        try:
            import patterneval.plotting
        except ImportError as exc:
            print(exc)
        else:
            raise SystemExit("imported")
        """
    )
    assert res.returncode == 0, res.stderr
    assert 'pip install "patterneval[plot]"' in res.stdout


def test_widgets_without_ipywidgets_names_the_extra():
    res = _run(
        """
        for name in ("patterneval.widgets", "patterneval.widgets.errorrate"):
            try:
                __import__(name)
            except ImportError as exc:
                print(exc)
            else:
                raise SystemExit("imported " + name)
        """
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.count('pip install "patterneval[widgets]"') == 2, res.stdout


def test_typed_and_licensed():
    assert (ROOT / "patterneval" / "py.typed").is_file()
    text = (ROOT / "LICENSE").read_text()
    assert "BSD 3-Clause" in text and "Copyright (c) 2026, the patterneval developers" in text


# Modules whose public functions carry complete type hints (PEP 561: py.typed ships them).
TYPED_MODULES = (
    "patterneval.errorrate",
    "patterneval.distance",
    "patterneval.ensemble.bounds",
    "patterneval.ensemble.diversity",
)


def test_public_functions_of_typed_modules_are_annotated():
    import importlib
    import inspect
    import typing

    missing = []
    for module_name in TYPED_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if not inspect.isfunction(obj):
                continue
            typing.get_type_hints(obj)  # every annotation resolves
            sig = inspect.signature(obj)
            unannotated = [
                p for p in sig.parameters.values() if p.annotation is inspect.Parameter.empty
            ]
            if unannotated or sig.return_annotation is inspect.Signature.empty:
                missing.append(f"{module_name}.{name}")
    assert not missing, f"public functions without complete type hints: {missing}"
