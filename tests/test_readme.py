"""Every Python block of the README runs as written, each on its own.

A block gets a fresh namespace and a temporary working directory: it must import what it
uses and define its data (no variables left over from another block or from the reader's
imagination).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import scipy.linalg  # noqa: F401  (loads the BLAS libraries, so that threadpool_limits sees them)
import scipy.optimize  # noqa: F401
import sklearn.linear_model  # noqa: F401
from threadpoolctl import threadpool_limits

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```\s*$", re.DOTALL | re.MULTILINE)


def _blocks() -> list[str]:
    return FENCE.findall(README.read_text())


def test_readme_has_python_blocks():
    blocks = _blocks()
    assert len(blocks) >= 2, "the README should show the library in use and how to scale out"
    assert any("load_breast_cancer" in b for b in blocks)
    assert any('parallel_config(backend="dask")' in b for b in blocks)


@pytest.mark.parametrize("index", range(len(_blocks())))
def test_readme_block_runs(index, tmp_path, monkeypatch, capsys):
    code = _blocks()[index]
    if "distributed" in code:
        pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    # one BLAS thread: the blocks fit hundreds of small models (L-BFGS, SVDs), where
    # OpenBLAS's threads only spin waiting for each other, and on a busy machine for the
    # CPU (a 10 s block took minutes). threadpool_limits reaches only libraries already
    # loaded: hence the imports above.
    with threadpool_limits(limits=1):
        exec(compile(code, f"README.md python block {index + 1}", "exec"), {"__name__": "__readme__"})
