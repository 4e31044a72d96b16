"""Every Python block of the README runs as written, each on its own.

A block gets a fresh namespace and a temporary working directory: it must import what it
uses and define its data (no variables left over from another block or from the reader's
imagination), and it runs offline: any connection to a host other than this machine fails
the test (the data are the ones scikit-learn ships). Every file the README names exists.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from pathlib import Path

import pytest
import scipy.linalg  # noqa: F401  (loads the BLAS libraries, so that threadpool_limits sees them)
import scipy.optimize  # noqa: F401
import sklearn.linear_model  # noqa: F401
from threadpoolctl import threadpool_limits

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```\s*$", re.DOTALL | re.MULTILINE)
# A repository path the README names: a link target, or a backticked name with a folder or
# a file suffix (`docs/DESIGN.md`, `postBuild` is listed below by hand).
_LINK = re.compile(r"\]\(([^)#\s]+)\)")
_PATHLIKE = re.compile(r"`([\w.-]+(?:/[\w.-]+)*/?)`")
_SUFFIXES = (".py", ".md", ".yml", ".toml", ".txt", ".json", ".png", ".cfg", ".sh", ".bib")
# made by the build or by the reader, not committed
_GENERATED = (".venv", "node_modules", "_offline", "_build", "dist", ".ci/run")


def _blocks() -> list[str]:
    return FENCE.findall(README.read_text())


def test_readme_has_python_blocks():
    blocks = _blocks()
    assert len(blocks) >= 2, "the README should show the library in use and how to scale out"
    assert any("load_breast_cancer" in b for b in blocks)
    assert any('parallel_config(backend="dask")' in b for b in blocks)


def _named_paths(text: str) -> set[str]:
    names = set(_LINK.findall(text))
    for token in _PATHLIKE.findall(text):
        if "/" in token.rstrip("/") or token.endswith(_SUFFIXES):
            names.add(token)
    return {n for n in names if "://" not in n and not n.startswith(_GENERATED)}


def test_readme_names_only_files_the_repository_has():
    named = _named_paths(README.read_text(encoding="utf-8")) | {
        "postBuild",
        "docs/DESIGN.md",
        "LICENSE",
    }
    assert "docs/screenshot-chapter.png" in named
    missing = sorted(n for n in named if not (ROOT / n).exists())
    assert not missing, f"README.md names files the repository does not have: {missing}"


def _refuse_remote(monkeypatch) -> None:
    """TCP connections to this machine (a local Dask cluster) pass; to any other host they fail.
    (A UDP connect sends nothing: Dask uses one to 8.8.8.8 to learn its own address.)"""
    original = socket.socket.connect

    def connect(sock, address):
        host = (
            address[0] if isinstance(address, tuple) and sock.type == socket.SOCK_STREAM else None
        )
        if host is not None and not ipaddress.ip_address(socket.gethostbyname(host)).is_loopback:
            raise AssertionError(f"a README block tried to reach {address} (it must run offline)")
        return original(sock, address)

    monkeypatch.setattr(socket.socket, "connect", connect)


@pytest.mark.parametrize("index", range(len(_blocks())))
def test_readme_block_runs(index, tmp_path, monkeypatch, capsys):
    code = _blocks()[index]
    if "distributed" in code:
        pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    _refuse_remote(monkeypatch)
    # one BLAS thread: the blocks fit hundreds of small models (L-BFGS, SVDs), where
    # OpenBLAS's threads only spin waiting for each other, and on a busy machine for the
    # CPU (a 10 s block took minutes). threadpool_limits reaches only libraries already
    # loaded: hence the imports above.
    with threadpool_limits(limits=1):
        exec(
            compile(code, f"README.md python block {index + 1}", "exec"), {"__name__": "__readme__"}
        )
