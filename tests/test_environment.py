"""environment.yml (conda) and pyproject.toml (pip) must list the same packages.

Every runtime dependency and every package of every extra (``plot``, ``widgets``,
``book``, ``test``) in pyproject.toml must appear in environment.yml with the same
version specifier, and environment.yml may add nothing else except the tools of the
environment itself (python, pip, nodejs). An extra may name other extras of
patterneval itself (``patterneval[plot,widgets]``); a package listed by two extras
must carry the same specifier in both.  Names are compared after PEP 503 normalisation
(and the few PyPI -> conda-forge renames in ``CONDA_NAMES``); specifiers are
compared as sets (conda's ``=1.2`` meaning ``==1.2.*``).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "patterneval"
# Packages that environment.yml carries for the environment itself, not for patterneval.
ENVIRONMENT_ONLY = {"python", "pip", "nodejs"}
# PyPI name -> conda-forge name, where they differ (none so far).
CONDA_NAMES: dict[str, str] = {}

CONDA_SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*$")


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _pyproject() -> dict[str, SpecifierSet]:
    """Runtime dependencies and every extra's packages, self-references left out."""
    project = _project()
    groups = {"dependencies": project["dependencies"], **project["optional-dependencies"]}
    out: dict[str, SpecifierSet] = {}
    for group, reqs in groups.items():
        seen = set()
        for text in reqs:
            req = Requirement(text)
            if canonicalize_name(req.name) == PROJECT:
                continue
            name = canonicalize_name(CONDA_NAMES.get(req.name, req.name))
            assert name not in seen, f"pyproject.toml lists {name} twice in {group}"
            seen.add(name)
            assert out.get(name, req.specifier) == req.specifier, (
                f"pyproject.toml gives {name} two specifiers: {out[name]} and {req.specifier} ({group})"
            )
            out[name] = req.specifier
    return out


def _conda_specifier(spec: str) -> SpecifierSet:
    """Translate a conda MatchSpec version part into a PEP 440 SpecifierSet."""
    spec = spec.replace(" ", "")
    if not spec:
        return SpecifierSet()
    parts = []
    for part in spec.split(","):
        if part.startswith("=") and not part.startswith("=="):
            version = part[1:].rstrip(".*")
            parts.append(f"=={version}.*")
        elif part[0].isdigit():  # bare version: conda reads "1.2" as "==1.2"
            parts.append(f"=={part}")
        else:
            parts.append(part)
    return SpecifierSet(",".join(parts))


def _environment() -> tuple[dict[str, SpecifierSet], dict]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    out: dict[str, SpecifierSet] = {}

    def add(name: str, spec: SpecifierSet, where: str) -> None:
        name = canonicalize_name(name)
        assert name not in out, f"environment.yml lists {name} twice ({where})"
        out[name] = spec

    for item in env["dependencies"]:
        if isinstance(item, dict):  # a `pip:` section: pip requirement strings
            for text in item.get("pip", []):
                req = Requirement(text)
                add(req.name, req.specifier, "pip section")
            continue
        m = CONDA_SPEC.match(item)
        assert m, f"cannot parse conda spec {item!r}"
        add(m.group(1), _conda_specifier(m.group(2)), "conda")
    return out, env


def test_environment_yml_uses_conda_forge():
    _, env = _environment()
    assert env["channels"] == ["conda-forge"]
    assert "defaults" not in env["channels"]


def test_same_packages():
    pip, (conda, _) = _pyproject(), _environment()
    only_pyproject = sorted(set(pip) - set(conda))
    only_conda = sorted(set(conda) - set(pip) - ENVIRONMENT_ONLY)
    assert not only_pyproject, f"in pyproject.toml but not environment.yml: {only_pyproject}"
    assert not only_conda, f"in environment.yml but not pyproject.toml: {only_conda}"


def test_same_version_specifiers():
    pip, (conda, _) = _pyproject(), _environment()
    differ = {
        name: (str(pip[name]), str(conda[name]))
        for name in sorted(set(pip) & set(conda))
        if pip[name] != conda[name]
    }
    assert not differ, f"version specifiers differ (pyproject, environment.yml): {differ}"


def test_environment_tools_present():
    conda, _ = _environment()
    assert ENVIRONMENT_ONLY <= set(conda), f"environment.yml needs {sorted(ENVIRONMENT_ONLY)}"


def test_python_version_agrees_with_requires_python():
    conda, _ = _environment()
    requires = SpecifierSet(_project()["requires-python"])
    pinned = conda["python"]
    assert str(pinned), "environment.yml should pin python (python=3.11)"
    lowest = min((Version(s.version.rstrip(".*")) for s in pinned), default=None)
    assert lowest is not None and lowest in requires, (
        f"environment.yml python {pinned} is outside requires-python {requires}"
    )


@pytest.mark.parametrize(
    ("conda", "pep440"),
    [
        ("", ""),
        ("<2", "<2"),
        ("=3.11", "==3.11.*"),
        (">=1.0,<2", ">=1.0,<2"),
        ("1.2", "==1.2"),
        ("==1.2.3", "==1.2.3"),
    ],
)
def test_conda_specifier_translation(conda, pep440):
    assert _conda_specifier(conda) == SpecifierSet(pep440)


def _expand(extra: str, extras: dict[str, list[str]], seen=()) -> set[str]:
    """The package names an extra installs, following ``patterneval[...]`` references."""
    names = set()
    for text in extras[extra]:
        req = Requirement(text)
        if canonicalize_name(req.name) == PROJECT:
            for inner in req.extras:
                assert inner in extras, f"extra {extra!r} names unknown extra {inner!r}"
                assert inner not in seen, f"extras refer to each other in a loop: {seen + (extra,)}"
                names |= _expand(inner, extras, seen + (extra,))
        else:
            names.add(canonicalize_name(req.name))
    return names


def test_library_alone_has_no_plotting_dependencies():
    """The runtime dependencies are the library's; figures and explorers are extras."""
    project = _project()
    runtime = {canonicalize_name(Requirement(t).name) for t in project["dependencies"]}
    assert runtime == {"numpy", "scipy", "scikit-learn", "joblib", "threadpoolctl", "tqdm"}
    extras = project["optional-dependencies"]
    assert _expand("plot", extras) == {"matplotlib"}
    assert _expand("widgets", extras) == {"ipywidgets", "matplotlib"}
    book = _expand("book", extras)
    assert {"matplotlib", "ipywidgets"} <= book, "the book extra must install plot and widgets"
