"""The package's layers: the arrows of its imports run one way.

``patterneval.book`` (the book's wing: chapter data, simulators, grids, studies) imports the
library; the library never imports it. ``patterneval.plotting`` and ``patterneval.widgets``
draw the chapters and may import the wing. Read from the source (every import statement,
module level or inside a function, absolute or relative), not from ``sys.modules``, so a
lazy import inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "patterneval"
BOOK_SIDE = ("book", "plotting", "widgets")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module an import statement of ``path`` names, resolved to an absolute name."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            # `from . import book` names the submodule in the alias
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _library_modules() -> list[Path]:
    return sorted(
        p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in BOOK_SIDE
    )


def _imports_the_wing(module: str) -> bool:
    return module == "patterneval.book" or module.startswith("patterneval.book.")


@pytest.mark.parametrize("path", _library_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_library_module_imports_the_book_wing(path):
    wing = sorted(m for m in _imports(path) if _imports_the_wing(m))
    assert not wing, f"{_module_name(path)} imports the book's wing: {wing}"


def test_the_walk_sees_relative_and_absolute_imports(tmp_path, monkeypatch):
    # a check that cannot fail proves nothing: plant both spellings and see them found
    fake = PACKAGE / "compare" / "_layers_probe.py"
    source = "from ..book import roc_auc\n\ndef f():\n    import patterneval.book.simulation\n"
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: source)
    found = _imports(fake)
    assert "patterneval.book.roc_auc" in found and "patterneval.book.simulation" in found


def test_the_wing_and_the_book_side_exist():
    for part in BOOK_SIDE:
        assert (PACKAGE / part / "__init__.py").is_file(), part
    assert len(_library_modules()) > 40


def test_importing_the_library_loads_nothing_of_the_book_side():
    import subprocess
    import sys

    code = (
        "import sys, patterneval, patterneval.report, patterneval.compare, patterneval.cluster, "
        "patterneval.ensemble, patterneval.resampling\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
        "(['patterneval', 'book'], ['patterneval', 'plotting'], ['patterneval', 'widgets'])))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    ).stdout.strip()
    assert out == "[]", out
