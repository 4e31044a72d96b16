"""Online launch: Binder / Colab / JupyterHub buttons exist only for a configured repository.

``repository.url`` in ``_config.yml`` is the one setting (tools/sphinx_launch.py). The site
is built twice from a two-page table of contents (the introduction and one chapter, no
explorer frames) into temporary folders: once as committed (no URL: no launch button, no
Binder or Colab link, no "start a chapter online" section), once with a sample repository
and hub (every link as Binder, Colab and nbgitpuller expect it, and the introduction's
install line carries the URL).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
JUPYTER_BOOK = Path(sys.executable).parent / "jupyter-book"
CHAPTER = "book/part1/test-error"
SAMPLE_URL = "https://github.com/example-org/example-book"
SAMPLE_HUB = "https://hub.example.edu"
ABSENT_REPOSITORY = "github.com/patterneval"  # never existed; nothing may point there
_TAG = re.compile(r"<[^>]+>")


def _build(out: Path, **overrides) -> subprocess.CompletedProcess:
    """Build the introduction and CHAPTER with _config.yml changed by ``overrides``
    (``url``, ``jupyterhub_url``) into ``out``; returns the finished process."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    config["repository"]["url"] = overrides.get("url", config["repository"]["url"])
    config["launch_buttons"]["jupyterhub_url"] = overrides.get("jupyterhub_url", "")
    # Jupyter Book resolves local extensions against the configuration file's folder
    config["sphinx"]["local_extensions"] = {
        name: str(ROOT / path) for name, path in config["sphinx"]["local_extensions"].items()
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "_config.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    (out / "_toc.yml").write_text(
        f"format: jb-book\nroot: book/intro\nchapters:\n  - file: {CHAPTER}\n", encoding="utf-8"
    )
    command = [
        str(JUPYTER_BOOK),
        "build",
        "--all",
        "--config",
        str(out / "_config.yml"),
        "--toc",
        str(out / "_toc.yml"),
        "--path-output",
        str(out),
        str(ROOT),
    ]
    env = {**os.environ, "PATTERNEVAL_FRAMES": "0"}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)


def _site(out: Path, **overrides) -> Path:
    result = _build(out, **overrides)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return out / "_build" / "html"


@pytest.fixture(scope="module")
def unconfigured(tmp_path_factory) -> Path:
    return _site(tmp_path_factory.mktemp("launch-off"))


@pytest.fixture(scope="module")
def configured(tmp_path_factory) -> Path:
    return _site(
        tmp_path_factory.mktemp("launch-on"), url=SAMPLE_URL + "/", jupyterhub_url=SAMPLE_HUB
    )


def _hrefs(page: Path) -> set[str]:
    return {
        html.unescape(h) for h in re.findall(r'href="([^"]+)"', page.read_text(encoding="utf-8"))
    }


def _text(page: Path) -> str:
    return html.unescape(_TAG.sub("", page.read_text(encoding="utf-8")))


def test_no_repository_no_launch(unconfigured):
    pages = sorted(unconfigured.rglob("*.html"))
    assert {p.relative_to(unconfigured).as_posix() for p in pages} >= {
        "book/intro.html",
        f"{CHAPTER}.html",
    }
    for page in pages:
        source = page.read_text(encoding="utf-8")
        assert "launch-buttons" not in source and "fa-rocket" not in source, page
        assert not {h for h in _hrefs(page) if re.search(r"binder|colab", h, re.I)}, page
        assert "repository URL" not in _text(page), page
        assert ABSENT_REPOSITORY not in source, page
    assert "Readers who are online" not in _text(unconfigured / "book/intro.html")


def test_configured_repository_launch_links(configured):
    links = _hrefs(configured / f"{CHAPTER}.html")
    path = f"{CHAPTER}.ipynb"
    assert (
        f"https://mybinder.org/v2/gh/example-org/example-book/main?urlpath=lab/tree/{path}" in links
    )
    assert (
        f"https://colab.research.google.com/github/example-org/example-book/blob/main/{path}"
        in links
    )
    hub = (
        f"{SAMPLE_HUB}/hub/user-redirect/git-pull?repo=https%3A//github.com/example-org/example-book"
        f"&urlpath=lab/tree/example-book/{path}&branch=main"
    )
    assert hub in links
    assert (ROOT / path).is_file(), "the launch links must name a notebook of the repository"


def test_configured_repository_intro_instructions(configured):
    intro = configured / "book/intro.html"
    text = " ".join(_text(intro).split())
    assert "Readers who are online" in text
    assert f'!pip install "patterneval[widgets] @ git+{SAMPLE_URL}"' in text
    assert SAMPLE_URL in _hrefs(intro)
    assert "repository URL" not in text


def test_repository_must_be_on_github(tmp_path):
    result = _build(tmp_path, url="https://example.org/some/repo")
    assert result.returncode != 0
    assert "must be https://github.com/<owner>/<repo>" in result.stdout + result.stderr


def test_no_source_names_the_absent_repository():
    for name in ("README.md", "_config.yml", "book/intro.md", "environment.yml"):
        assert ABSENT_REPOSITORY not in (ROOT / name).read_text(encoding="utf-8"), name


def test_binder_installs_patterneval():
    """repo2docker builds environment.yml (every dependency), then runs postBuild, which
    must install the checkout itself; the conda environment carries pip for it."""
    script = ROOT / "postBuild"
    assert os.access(script, os.X_OK), "repo2docker runs postBuild only if it is executable"
    lines = [ln.strip() for ln in script.read_text(encoding="utf-8").splitlines()]
    assert lines[0].startswith("#!") and "set -euo pipefail" in lines
    assert "python -m pip install --no-deps -e ." in lines
    assert (
        "pip"
        in yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))["dependencies"]
    )
    for folder in ("binder", ".binder"):  # repo2docker would then ignore the root's files
        assert not (ROOT / folder).exists()
