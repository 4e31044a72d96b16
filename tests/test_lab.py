"""A chapter in JupyterLab, as a reader meets it: a real ``jupyter lab`` driven by Chromium.

Run with ``make test-lab`` (``pytest -m browser tests/test_lab.py``). The test starts
``jupyter lab`` from this environment on 127.0.0.1 (a free port, a random token, no
browser of its own, no news or update checks, settings and runtime files in a temporary
folder) over a temporary copy of one chapter, so the repository is not touched. Chromium
(tests/_browser.py) opens the chapter with every request outside 127.0.0.1 aborted, and:

* before Run All: the explorer's cell shows a one-line hint (the text/plain of
  ``Explorer._repr_mimebundle_``: JupyterLab does not render the widget views of a
  notebook it did not execute), the citations read as "Author (year)" text, the
  chapter's reference list is there and no "Unknown Directive" box is;
* Run All (the Run menu's "Run All Cells"): every code cell runs once, with no error and
  no stderr output, no console error and no uncaught exception in the page;
* the explorer then shows its figure (an ``<img>`` in the widget's output area) and not
  the static-site note (patterneval.widgets._base.STATIC_NOTE);
* a slider moved by the keyboard (its handle focused, one ArrowRight) gets a new figure
  from the kernel.

Screenshots go to ``_build/screenshots-lab/``. Every wait is bounded; the server (and
the kernel it started) is stopped by the fixture's finalizer. Without Chromium the test
is skipped, and fails under ``CI=true``.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest
from _browser import PlaywrightTimeout, chromium, local_only, missing

from patterneval.widgets._base import LAB_HINT

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "_build" / "screenshots-lab"
CHAPTER = "book/part2/external-indices.ipynb"
EXPLORER = "RelabelExplorer"
# a narrative citation, a parenthetical one (inside an erratum), and an item of the
# chapter's reference list (tools/citations.py)
CITATIONS = ("Hubert and Arabie (1985)", "(Chacón and Rastrojo, 2023)")
REFERENCE_ITEM = "Fowlkes and Mallows (1983)"

TIMEOUT_MS = 30_000  # one UI step
START_S = 60  # the server answering
KERNEL_MS = 60_000  # the kernel started and idle
RUN_ALL_MS = 120_000  # the whole chapter (about 10 s on one core)

# JupyterLab's user settings for the test: no "official Jupyter news" prompt over the
# page (the settings `make lab` installs), and every cell rendered (not windowed), so the
# whole chapter is in the page.
_LAB_DEFAULTS = json.loads((ROOT / "tools" / "jupyterlab" / "overrides.json").read_text())
SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": _LAB_DEFAULTS[
        "@jupyterlab/apputils-extension:notification"
    ],
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

# The notebook panel's kernel, through the application object (--LabApp.expose_app_in_browser).
KERNEL = (
    "(() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
    " const s = w && w.sessionContext; return s && s.session && s.session.kernel; })()"
)
KERNEL_IDLE = f"() => {{ const k = {KERNEL}; return !!k && k.status === 'idle'; }}"
# Counts the cells the kernel runs (execute_input) and the errors it reports.
WATCH_KERNEL = f"""() => {{
  const kernel = {KERNEL};
  window.peRun = {{executed: 0, errors: []}};
  kernel.iopubMessage.connect((_, msg) => {{
    if (msg.header.msg_type === 'execute_input') window.peRun.executed += 1;
    if (msg.header.msg_type === 'error') window.peRun.errors.push(msg.content.ename + ': ' + msg.content.evalue);
  }});
}}"""
RAN_ALL = f"""n => {{
  const k = {KERNEL};
  const busy = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
    .some(p => p.textContent.includes('*'));
  return window.peRun.executed >= n && !!k && k.status === 'idle' && !busy;
}}"""

#: jupyterlab-myst logs a chapter's {ref} to another chapter (its prerequisites) as an error:
#: the test copies one chapter, so the targets of the others cannot be found; nothing else
#: in that message is tolerated.
_OTHER_CHAPTER = re.compile(r"(Cross reference target was not found: ch-[a-z0-9-]+\n?)+")


ALL_RENDERED = """n => document.querySelectorAll(
  '.jp-NotebookPanel .jp-MarkdownCell.jp-mod-rendered').length >= n"""


def _count_cells(cell_type: str) -> int:
    cells = json.loads((ROOT / CHAPTER).read_text(encoding="utf-8"))["cells"]
    return sum(c["cell_type"] == cell_type for c in cells)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_server(proc, url: str, log: Path) -> None:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"jupyter lab did not answer within {START_S} s:\n{log.read_text()[-3000:]}")


def _stop(proc, runtime: Path) -> None:
    """Stop the server (it shuts its kernels down), then any kernel left over: the
    processes whose command line names a connection file of this server's runtime folder."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if str(runtime).encode() in cmdline.read_bytes():
                os.kill(int(cmdline.parent.name), signal.SIGKILL)
        except (OSError, ValueError):
            pass


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """``jupyter lab`` on 127.0.0.1 over a temporary copy of the chapter."""
    jupyter = Path(sys.executable).with_name("jupyter")
    if not jupyter.is_file():
        missing(f"no {jupyter} (pip install -e '.[book]')")
    home = tmp_path_factory.mktemp("lab")
    (home / "root" / CHAPTER).parent.mkdir(parents=True)
    shutil.copy(ROOT / CHAPTER, home / "root" / CHAPTER)
    for name, values in SETTINGS.items():
        (home / "settings" / name).parent.mkdir(parents=True, exist_ok=True)
        (home / "settings" / name).write_text(json.dumps(values), encoding="utf-8")
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
    )
    command = [
        str(jupyter),
        "lab",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={home / 'root'}",
        "--ServerApp.open_browser=False",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = home / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            command, cwd=home, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_for_server(proc, f"{url}/api/status?token={token}", log)
        yield SimpleNamespace(url=url, token=token, log=log)
    finally:
        _stop(proc, home / "runtime")


@pytest.fixture(scope="module")
def view(lab):
    """The chapter open in Chromium, its kernel started and idle; nothing run yet."""
    n_markdown = _count_cells("markdown")
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        outside = local_only(context)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        problems = []
        page.on(
            "console",
            lambda m: (
                m.type == "error"
                and not _OTHER_CHAPTER.fullmatch(m.text)
                and problems.append(f"console: {m.text}")
            ),
        )
        page.on("pageerror", lambda exc: problems.append(f"uncaught: {exc}"))
        try:
            page.goto(f"{lab.url}/lab/tree/{CHAPTER}?token={lab.token}")
            # every Markdown cell rendered, not only the first: jupyterlab-myst renders
            # them one after another, and the chapter's reference list is the last one
            page.wait_for_function(ALL_RENDERED, arg=n_markdown)
            page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_MS)
        except PlaywrightTimeout as exc:
            context.close()
            pytest.fail(
                f"the chapter did not open in JupyterLab: {exc.message.splitlines()[0]}\n"
                f"{lab.log.read_text()[-3000:]}"
            )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        explorer = page.locator(".jp-CodeCell", has_text=f"{EXPLORER}(")
        yield SimpleNamespace(page=page, explorer=explorer, outside=outside, problems=problems)
        context.close()


@pytest.fixture(scope="module")
def ran(view):
    """Run All from the Run menu, waited for until every code cell has run and the kernel is idle."""
    page = view.page
    n_code = _count_cells("code")
    page.evaluate(WATCH_KERNEL)
    start = time.perf_counter()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    try:
        page.wait_for_function(RAN_ALL, arg=n_code, timeout=RUN_ALL_MS)
    except PlaywrightTimeout:
        pytest.fail(
            f"Run All did not finish within {RUN_ALL_MS / 1000:.0f} s: "
            f"{page.evaluate('window.peRun')}"
        )
    return SimpleNamespace(
        n_code=n_code, seconds=time.perf_counter() - start, **page.evaluate("window.peRun")
    )


def _figure(explorer):
    return explorer.locator(".widget-output img")


def test_before_run_all_the_explorer_cell_shows_a_one_line_hint(view):
    output = view.explorer.locator(".jp-OutputArea-output")
    assert output.count() == 1
    assert output.get_attribute("data-mime-type") == "text/plain"
    assert output.inner_text().strip() == LAB_HINT.format(name=EXPLORER)
    view.explorer.scroll_into_view_if_needed()
    view.page.screenshot(path=str(SCREENSHOTS / "lab-before-run-all.png"))


def test_citations_read_as_author_year_text(view):
    page = view.page
    # the generated list: bold labels, its MyST comment lines not shown
    item = page.locator(".jp-MarkdownCell li strong", has_text=REFERENCE_ITEM)
    item.wait_for(state="attached")  # bounded by TIMEOUT_MS; fails if it matches twice
    assert item.count() == 1
    text = page.locator(".jp-Notebook").inner_text()
    assert "Unknown Directive" not in text
    assert not any(role in text for role in ("{footcite", "{footbibliography", "{cite"))
    for citation in CITATIONS:
        assert citation in text
    assert "% references" not in text and "% end of references" not in text
    item.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "lab-references.png"))


def test_run_all_runs_every_cell_without_error(view, ran):
    assert ran.executed == ran.n_code and not ran.errors, ran
    stderr = view.page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    )
    assert stderr.count() == 0, stderr.all_inner_texts()
    assert "Unknown Directive" not in view.page.locator(".jp-Notebook").inner_text()
    assert not view.problems, view.problems
    assert not view.outside, f"requests outside 127.0.0.1 (blocked): {view.outside}"


def test_the_explorer_shows_its_figure_and_no_static_note(view, ran):
    explorer = view.explorer
    figure = _figure(explorer)
    figure.wait_for()
    assert figure.count() == 1
    assert figure.evaluate("img => img.complete && img.naturalWidth > 0")
    assert LAB_HINT.format(name=EXPLORER) not in explorer.inner_text()
    assert explorer.locator(".pe-explorer-caption").is_visible()
    note = explorer.locator(".pe-static-note")
    assert note.count() == 1 and not note.is_visible()
    explorer.scroll_into_view_if_needed()
    view.page.screenshot(path=str(SCREENSHOTS / "lab-after-run-all.png"))


def test_moving_a_slider_redraws_the_figure(view, ran):
    explorer = view.explorer
    figure = _figure(explorer)
    figure.wait_for()
    before = figure.get_attribute("src")
    readout = explorer.locator(".widget-readout").first.inner_text()
    explorer.locator(".noUi-handle").first.focus()
    view.page.keyboard.press("ArrowRight")
    try:
        view.page.wait_for_function(
            "([cell, src]) => { const imgs = cell.querySelectorAll('.widget-output img');"
            " return imgs.length === 1 && imgs[0].src !== src && imgs[0].complete"
            " && imgs[0].naturalWidth > 0; }",
            arg=[explorer.element_handle(), before],
        )
    except PlaywrightTimeout:
        pytest.fail(f"the figure did not change after a slider step; problems: {view.problems}")
    assert explorer.locator(".widget-readout").first.inner_text() != readout
    assert figure.get_attribute("src").startswith("data:image/png;base64,")
    assert not view.problems, view.problems
    view.page.screenshot(path=str(SCREENSHOTS / "lab-after-slider.png"))
