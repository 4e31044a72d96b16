"""No function of the library holds more than 80 lines of code in ruff format's layout
(CONTRIBUTING.md, "Style"): a longer one is split into named steps. Lines of code are
those left once the docstring, blank lines and comment lines are set aside."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "patterneval"
LIMIT = 80


def code_lines(lines: list[str], node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    body = node.body
    docstring = set()
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        if isinstance(body[0].value.value, str):
            docstring = set(range(body[0].lineno, body[0].end_lineno + 1))
    count = 0
    for number in range(node.lineno, node.end_lineno + 1):
        text = lines[number - 1].strip()
        if number not in docstring and text and not text.startswith("#"):
            count += 1
    return count


def long_functions(root: Path, limit: int) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = code_lines(lines, node)
                if n > limit:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}: {n}")
    return found


def test_no_library_function_is_longer_than_the_limit():
    assert long_functions(PACKAGE, LIMIT) == []


def test_the_count_leaves_out_docstring_blank_and_comment_lines(tmp_path):
    (tmp_path / "m.py").write_text(
        'def f():\n    """Doc\n\n    more doc."""\n    # a comment\n\n    x = 1\n    return x\n'
    )
    assert long_functions(tmp_path, 3) == []
    assert long_functions(tmp_path, 2) == [f"{tmp_path.name}/m.py:1 f: 3"]
