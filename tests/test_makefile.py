"""The Makefile's interface: `make help` and the README name every public target, and the
venv rule mentions missing ensurepip only when it is missing."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAKE = shutil.which("make")
INTERNAL = {"help"}  # .PHONY targets that are not for the reader
ENSUREPIP_NOTE = "has no ensurepip"

pytestmark = pytest.mark.skipif(MAKE is None, reason="GNU make is not installed")


def _make(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [MAKE, "--no-print-directory", "-C", str(ROOT), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def _public_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    phony = set()
    for line in re.findall(r"^\.PHONY\s*:(.*)$", text, re.MULTILINE):
        phony.update(line.split())
    assert {"book", "test", "build"} <= phony, "the .PHONY list was not found"
    return phony - INTERNAL


def test_help_lists_every_public_target():
    result = _make("-s", "help")
    assert result.returncode == 0, result.stderr
    listed = set(re.findall(r"^\s*make ([\w-]+)", result.stdout, re.MULTILINE))
    public = _public_targets()
    assert not public - listed, f"make help omits {sorted(public - listed)}"
    assert not listed - public, (
        f"make help lists targets that are not .PHONY: {sorted(listed - public)}"
    )


def test_readme_names_every_public_target():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"make ([\w-]+)", readme))
    missing = _public_targets() - named
    assert not missing, f"README.md does not mention {sorted('make ' + t for t in missing)}"


def _python_without_ensurepip(tmp_path: Path) -> Path:
    """A python whose `import ensurepip` fails, as Debian's without python3.11-venv."""
    shadow = tmp_path / "shadow" / "ensurepip"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("ensurepip is not installed")\n')
    wrapper = tmp_path / "python-without-ensurepip"
    wrapper.write_text(f'#!/bin/sh\nPYTHONPATH="{shadow.parent}" exec "{sys.executable}" "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


def test_venv_rule_picks_the_bootstrap_only_without_ensurepip(tmp_path):
    venv = tmp_path / "venv"
    target = f"{venv}/bin/python"
    plain = _make("-n", f"VENV={venv}", f"PYTHON={sys.executable}", target)
    assert plain.returncode == 0, plain.stderr
    assert ENSUREPIP_NOTE not in plain.stdout and "--without-pip" not in plain.stdout
    bare = _make("-n", f"VENV={venv}", f"PYTHON={_python_without_ensurepip(tmp_path)}", target)
    assert bare.returncode == 0, bare.stderr
    assert ENSUREPIP_NOTE in bare.stdout
    assert "--without-pip" in bare.stdout and "tools/bootstrap_pip.py" in bare.stdout


def test_venv_rule_is_quiet_when_nothing_is_wrong(tmp_path):
    """A real run: the venv gets its pip from ensurepip, and no warning is printed."""
    if subprocess.run([sys.executable, "-c", "import ensurepip"], capture_output=True).returncode:
        pytest.skip(f"{sys.executable} has no ensurepip: the rule rightly takes the bootstrap path")
    venv = tmp_path / "venv"
    result = _make(f"VENV={venv}", f"PYTHON={sys.executable}", f"{venv}/bin/python")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ensurepip" not in result.stdout + result.stderr
    pip = subprocess.run(
        [venv / "bin" / "python", "-m", "pip", "--version"], capture_output=True, text=True
    )
    assert pip.returncode == 0 and pip.stdout.startswith("pip "), pip.stderr


def test_lab_neither_asks_for_nor_fetches_news():
    """`make lab` installs the settings that answer JupyterLab's news question (no prompt,
    no fetch, no update check) and switches the server's news feed and update check off."""
    import json

    overrides = json.loads((ROOT / "tools" / "jupyterlab" / "overrides.json").read_text())
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}
    result = _make("-n", "lab", "VENV=/nonexistent-venv", "INSTALLED=")
    assert result.returncode == 0, result.stderr
    recipe = result.stdout
    assert (
        "tools/jupyterlab/overrides.json /nonexistent-venv/share/jupyter/lab/settings/overrides.json"
        in recipe
    )
    assert "--LabApp.news_url= " in recipe
    assert "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate" in recipe
