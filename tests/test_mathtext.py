"""Math outside MyST's own parsing (tools/sphinx_mathtext.py) and the search page's plain
Unicode math (tools/static/search-math.js, run here by node without a browser).

tests/test_site.py checks the built pages in Chromium: no raw TeX on the glossary, the
references and a search results page.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest
import yaml
from _helpers import load_tool
from docutils import nodes

ROOT = Path(__file__).resolve().parent.parent
SEARCH_JS = ROOT / "tools" / "static" / "search-math.js"
NODE = shutil.which("node")
TEX_COMMAND = re.compile(r"\\[A-Za-z]+")


def _plain(texts: list[str], prose: bool = False) -> list[str]:
    """search-math.js's plainMath of each text, computed by node."""
    if NODE is None:
        pytest.skip("node is not installed (the site's assets need it: make assets)")
    script = (
        f"const m = require({json.dumps(str(SEARCH_JS))});"
        "const texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        f"process.stdout.write(JSON.stringify(texts.map(t => m.plainMath(t, {json.dumps(prose)}))));"
    )
    done = subprocess.run(
        [NODE, "-e", script],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def test_inline_math_splits_dollars_into_math_nodes():
    inline_math = load_tool("sphinx_mathtext").inline_math
    parts = inline_math("$K$ 折交叉验证")
    assert [type(p) for p in parts] == [nodes.math, nodes.Text]
    assert parts[0].astext() == "K" and parts[1].astext() == " 折交叉验证"
    parts = inline_math("rate {$O(1/k^2)$}, and $a$")
    assert [p.astext() for p in parts] == ["rate {", "O(1/k^2)", "}, and ", "a"]
    assert isinstance(parts[1], nodes.math) and isinstance(parts[3], nodes.math)
    for text in ("no math", "costs \\$5 and \\$6", "one $ only", ""):
        (part,) = inline_math(text)
        assert isinstance(part, nodes.Text) and part.astext() == text


@pytest.mark.parametrize(
    "tex, plain",
    [
        (r"\hat\varepsilon = k/N", "ε̂ = k/N"),
        (r"O(1/k^2)", "O(1/k²)"),
        (r"\overline{err}", "e̅r̅r̅"),
        (r"\mathbb{E}[X] \le \frac{a+b}{2}", "𝔼[X] ≤ (a+b)/2"),
        (r"\text{Binomial}(N, \varepsilon)", "Binomial(N, ε)"),
        (r"x^{\mathsf T}x", "xᵀx"),
        (r"\sqrt[3]{x} \ne \binom{n}{k}", "³√x ≠ C(n, k)"),
        (r"\hat\xi_{1-\alpha/2}", "ξ̂_(1−α/2)"),
        (r"\begin{aligned} a &= b \\ c &= d \end{aligned}", "a = b ; c = d"),
        (r"\left( \frac{n}{k} \right)", "( n/k )"),
        (r"\operatorname{argmax}_k f", "argmaxₖ f"),
    ],
)
def test_plain_math_examples(tex, plain):
    assert _plain([tex]) == [plain]


def test_plain_math_section_titles_keep_their_prose():
    assert _plain([r"Dietterich's \hat t-test"], prose=True) == ["Dietterich's t̂-test"]


def _book_math() -> list[str]:
    """Every $...$ and $$...$$ of the chapters' markdown and every glossary symbol."""
    texts = []
    for path in sorted((ROOT / "book").rglob("*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        for cell in cells:
            if cell.cell_type == "markdown":
                source = re.sub(r"```.*?```|`[^`]*`", "", cell.source, flags=re.S)
                texts += re.findall(r"\$\$(.+?)\$\$", source, re.S)
                texts += re.findall(
                    r"(?<!\$)\$([^$\n]+)\$(?!\$)", re.sub(r"\$\$.+?\$\$", "", source, flags=re.S)
                )
    glossary = yaml.safe_load(
        (ROOT / "book" / "appendix" / "glossary.yml").read_text(encoding="utf-8")
    )
    texts += [str(e["symbol"]) for e in glossary if e.get("symbol")]
    return texts


def test_plain_math_leaves_no_tex_command_in_the_books_math():
    texts = _book_math()
    assert len(texts) > 1000
    left = {t: p for t, p in zip(texts, _plain(texts)) if TEX_COMMAND.search(p) or "$" in p}
    assert not left, f"{len(left)} formulas keep TeX: {list(left.items())[:10]}"


def test_bibliography_entries_get_math_and_mathjax(tmp_path):
    """A {bibliography} entry's ``{$O(1/k^2)$}`` is written as math (a span MathJax
    typesets), and the page loads MathJax although its source has no math."""
    sphinx_cmd = pytest.importorskip("sphinx.cmd.build")
    (tmp_path / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'tools')!r})\n"
        "extensions = ['sphinxcontrib.bibtex', 'sphinx_mathtext']\n"
        "bibtex_bibfiles = ['refs.bib']\n",
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(
        "@article{nesterov1983, author = {Nesterov, Yurii}, title = {A Method with "
        "Convergence Rate {$O(1/k^2)$}}, journal = {Soviet Mathematics Doklady}, "
        "volume = {27}, pages = {372--376}, year = {1983}}\n",
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(
        "Refs\n====\n\n.. bibliography::\n   :all:\n", encoding="utf-8"
    )
    out = tmp_path / "_out"
    assert sphinx_cmd.build_main(["-q", "-b", "html", str(tmp_path), str(out)]) == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert r'rate <span class="math notranslate nohighlight">\(O(1/k^2)\)</span>' in html
    assert "$O(1/k^2)$" not in html
    assert re.search(r'<script[^>]+src="[^"]*mathjax[^"]*"', html, re.I)
    assert "search-math.js" not in html
    assert "search-math.js" in (out / "search.html").read_text(encoding="utf-8")
