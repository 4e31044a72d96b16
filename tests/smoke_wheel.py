"""Smoke test of the installed wheel: the library alone, as a practitioner gets it.

Run by ``make test-wheel`` with the python of a fresh venv holding the wheel and only its
runtime dependencies, from a temporary directory outside the repository, in isolated
mode (``python -I``), so that ``import patterneval`` can only find the installed copy::

    python -I smoke_wheel.py /path/to/the/repository

It checks that the extras' packages are absent, that the installed package (not the
source tree) is imported and ships ``py.typed`` and the LICENSE, runs a handful of core
functions, and that the figures and explorers say which extra to install.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import pkgutil
import re
import sys
from pathlib import Path

CHECKS: list[str] = []


def check(name: str, condition: bool, detail: object = "") -> None:
    if not condition:
        raise SystemExit(f"smoke_wheel: FAILED {name} {detail}")
    CHECKS.append(name)


def main(repo: Path | None) -> None:
    # what only the extras bring must be absent
    for extra_only in ("matplotlib", "ipywidgets", "IPython", "jupyter_core"):
        check(f"{extra_only} not installed", importlib.util.find_spec(extra_only) is None)

    import patterneval as pe

    where = Path(pe.__file__).resolve().parent
    check("imported from site-packages", "site-packages" in where.parts, where)
    if repo is not None:
        check("not the source tree", not where.is_relative_to(repo.resolve()), where)
    check(
        "__version__", pe.__version__ == importlib.metadata.version("patterneval"), pe.__version__
    )
    check("py.typed shipped", (where / "py.typed").is_file())
    files = importlib.metadata.files("patterneval") or []
    check("LICENSE shipped", any(f.name == "LICENSE" for f in files))
    specs = [
        r.split(";")[0].strip()
        for r in importlib.metadata.requires("patterneval")
        if "extra ==" not in r
    ]
    runtime = {re.match(r"[A-Za-z0-9._-]+", spec).group(0) for spec in specs}
    check(
        "runtime requirements",
        runtime == {"numpy", "scipy", "scikit-learn", "joblib", "threadpoolctl", "tqdm"},
        runtime,
    )
    check("each with its floor (>=)", all(">=" in spec for spec in specs), specs)

    # every compute module imports (none reaches for matplotlib or ipywidgets)
    compute = [
        m.name
        for m in pkgutil.walk_packages(pe.__path__, "patterneval.")
        if not m.name.startswith(("patterneval.plotting", "patterneval.widgets"))
    ]
    for name in compute:
        importlib.import_module(name)
    check("compute modules import", len(compute) > 20, compute)

    # a handful of core functions on a practitioner's data
    import numpy as np
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_breast_cancer(return_X_y=True)
    clf = make_pipeline(StandardScaler(), LogisticRegression())

    est = pe.test_error([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
    check("test_error", (est.k, est.n) == (1, 5))
    low, high = pe.binomial_interval(3, 30, method="clopper-pearson")
    check("binomial_interval", 0 < low < 0.1 < high < 0.3, (low, high))
    cv = pe.cross_val_error(clf, X, y, cv=5, rng=0, progress=True)  # tqdm, text bar
    check("cross_val_error", 0 < cv.error < 0.1, cv.error)
    check(
        "n_jobs=1 equals the default",
        pe.cross_val_error(clf, X, y, cv=5, rng=0, n_jobs=1).error == cv.error,
    )
    boot = pe.bootstrap_error(clf, X, y, n_resamples=10, method=".632+", rng=0)
    check("bootstrap_error", 0 < boot.estimate < 0.1, boot.estimate)
    perm = pe.permutation_test(clf, X[:120], y[:120], n_resamples=9, cv=3, rng=0)
    check("permutation_test", perm.null_distribution.shape == (9,))
    labels = np.repeat([0, 1, 2], 10)
    check("adjusted_rand_index", pe.adjusted_rand_index(labels, labels) == 1.0)
    rng = np.random.default_rng(0)
    blobs = np.concatenate([rng.normal(c, 0.1, size=(10, 2)) for c in (0, 3, 6)])
    check("silhouette_width", pe.silhouette_width(blobs, labels) > 0.9)
    check("majority_vote_error", 0 < pe.majority_vote_error(0.3, 5) < 0.3)

    # the figures and the explorers name their extra
    for module, extra in (("patterneval.plotting", "plot"), ("patterneval.widgets", "widgets")):
        try:
            importlib.import_module(module)
        except ImportError as exc:
            check(
                f"{module} names its extra", f'pip install "patterneval[{extra}]"' in str(exc), exc
            )
        else:
            check(f"{module} fails without its extra", False)

    dists = sorted({d.metadata["Name"] for d in importlib.metadata.distributions()}, key=str.lower)
    print(f"smoke_wheel: the venv holds {len(dists)} distributions: {', '.join(dists)}")
    print(f"smoke_wheel: {len(CHECKS)} checks passed (patterneval {pe.__version__} from {where})")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
