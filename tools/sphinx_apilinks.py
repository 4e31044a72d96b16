"""Sphinx extension: the book's API reference, and the links between it and the chapters.

The API pages (``book/api/*.rst``) hold, per module group, the directive

    .. api-members:: patterneval.errorrate patterneval._results.ConfidenceInterval

whose arguments are modules (every name of their ``__all__``) or single objects. It emits
the module's docstring (``automodule``), an ``autosummary`` table of the names and one
autodoc entry per name (numpydoc renders the docstrings). Nothing is listed by hand:
a name added to a module's ``__all__`` appears on the next build, and a name in the
``__all__`` of a public module (``patterneval`` and every module under it whose dotted
name has no private part, the book's wing ``patterneval.book`` and
``patterneval.plotting`` included; of the explorers, the package ``patterneval.widgets`` only) that no API page
lists is a build warning, so with ``-W`` the reference cannot fall behind the package.

Each object is documented once, under its shortest public path: ``patterneval.X`` when
the top level's ``__all__`` lists it, else the first package on the way down to the
module that lists it in ``__all__`` (``patterneval.plotting.plot_vdm``,
``patterneval.resampling.BootstrapResult``).

When the doctrees are resolved:

* on every page, an inline code literal naming a documented object --
  ``pe.bootstrap_error``, ``pe.bootstrap_error(est, X, y)``, ``patterneval.cluster.external``,
  ``pe.ErrorEstimate.confidence_interval`` -- becomes a link to its API entry (the
  chapters' notebooks stay as they are, so JupyterLab shows plain code);
* in the chapters (not on the API pages, where a bare name may be a parameter), a bare
  name -- ``delong_interval`` or ``delong_interval(auc, y)``, no ``pe.`` -- links as
  well when it is safe to read as ours: it is the last part of exactly one documented
  object's name, it has an underscore or a capital letter (an identifier, not a word
  such as ``purity`` or ``average``), it is not a Python builtin or keyword, and it is not
  a public name of a library the chapters compare with (``apilinks_foreign``: numpy,
  scipy.stats and scikit-learn's metrics, model_selection, cluster and decomposition --
  so ``roc_curve``, ``permutation_test`` or ``KMeans`` is left to mean theirs);
* every API entry gets a line "In the book:" listing, in reading order, the chapters
  that name it in their text (``pe.name``, ``patterneval.x.name`` or a bare name as
  above) or call it in their code (``pe.name``, ``patterneval.x.name`` or
  ``from patterneval.x import name``), collected from the chapters on this build;
* every API page with more than one ``api-members`` directive (a long page: a module and
  its chapter helpers) gets, under its title, a summary table of the whole page: each
  entry's name, linking to the entry, and the first sentence of its docstring
  (:func:`summary_rows`); the HTML builder only (the PDF has its own table of contents);
* every API entry of a module listed whole gets a line "See also:" with its siblings: the
  other functions of that module's ``__all__``, in ``__all__`` order, without those the
  entry's docstring names already (its numpydoc "See Also" section, if any, stays as
  written), at most six.

Also here, because it follows from the same registry: numpydoc's type cross-references
(``numpydoc_xref_aliases``) for every documented name, so ``ErrorEstimate`` in a
``Returns`` section links to its entry; numpydoc's default aliases point into Python's and
NumPy's intersphinx inventories, which an offline build has not, so those words stay
plain text; and unresolved Python references to a documented object under another path
(``patterneval.errorrate.ErrorEstimate`` from a signature's annotation, a bare
``ErrorEstimate`` in a docstring's ``:class:`` role) are resolved to its entry.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import importlib
import inspect
import keyword
import pkgutil
import re
import sys
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles
from sphinx_pages import keep_per_page, toc_order  # tools/sphinx_pages.py

logger = logging.getLogger(__name__)

PACKAGE = "patterneval"
ALIASES = {"pe": PACKAGE}  # how the chapters import it: `import patterneval as pe`
DIRECTIVE = "api-members"
ARGS_RE = re.compile(r"^\.\.\s+" + re.escape(DIRECTIVE) + r"::\s*(.*)$")
# a whole inline literal: a dotted name from the package, optionally called
LITERAL_RE = re.compile(r"^((?:pe|patterneval)(?:\.[A-Za-z_]\w*)+)(?:\(.*)?$", re.S)
# a whole inline literal: a bare name, optionally called
BARE_RE = re.compile(r"^([A-Za-z_]\w*)(?:\(.*)?$", re.S)
# a dotted name from the package anywhere in code
CODE_RE = re.compile(r"(?<![\w.])((?:pe|patterneval)(?:\.[A-Za-z_]\w*)+)")


# --------------------------------------------------------------------------- registry
@dataclasses.dataclass
class Entry:
    name: str  # the documented (canonical) dotted name
    obj: object
    docname: str  # the API page
    kind: str  # autodoc directive: function, class, exception, data


def _kind(obj) -> str:
    if inspect.isclass(obj):
        return "exception" if issubclass(obj, BaseException) else "class"
    if callable(obj):
        return "function"
    return "data"


def _public_path(module: str, name: str, obj) -> str:
    """The shortest package path on the way down to ``module`` that exports ``obj``."""
    parts = module.split(".")
    for i in range(1, len(parts) + 1):
        prefix = ".".join(parts[:i])
        mod = importlib.import_module(prefix)
        if name in getattr(mod, "__all__", ()) and getattr(mod, name, None) is obj:
            return f"{prefix}.{name}"
    return f"{module}.{name}"


def _targets(arg: str):
    """(module, names, is_module) for a directive argument: a module or one object."""
    try:
        mod = importlib.import_module(arg)
    except ImportError:
        module, _, name = arg.rpartition(".")
        mod = importlib.import_module(module)
        if not hasattr(mod, name):
            raise ValueError(f"{DIRECTIVE}: {arg} is neither a module nor an object") from None
        return module, [name], False
    return arg, list(getattr(mod, "__all__", ())), True


class Registry:
    """Every documented object, by canonical name and by identity, in page order."""

    def __init__(self, pages: list[tuple[str, list[list[str]]]]):
        self.entries: dict[str, Entry] = {}
        self.by_id: dict[int, Entry] = {}
        self.modules: dict[str, str] = {}  # module documented on a page -> docname
        self.directives: dict[tuple[str, int], list[Entry]] = {}
        self.groups: dict[str, list[Entry]] = {}  # module listed whole -> its entries
        self.group_of: dict[str, str] = {}  # entry name -> the module that listed it
        seen = set()
        for docname, directives in pages:
            for index, args in enumerate(directives):
                listed = []
                for arg in args:
                    module, names, is_module = _targets(arg)
                    if is_module:
                        self.modules.setdefault(module, docname)
                    for name in names:
                        obj = getattr(importlib.import_module(module), name)
                        if (id(obj), name) in seen:
                            continue  # documented already (first page wins)
                        if is_module:
                            self.group_of[_public_path(module, name, obj)] = module
                        seen.add((id(obj), name))  # a constant may be re-exported renamed
                        entry = Entry(_public_path(module, name, obj), obj, docname, _kind(obj))
                        self.entries[entry.name] = entry
                        self.by_id.setdefault(id(obj), entry)
                        listed.append(entry)
                self.directives[(docname, index)] = listed
        self.short: dict[str, list[Entry]] = {}
        for entry in self.entries.values():
            self.short.setdefault(entry.name.rpartition(".")[2], []).append(entry)
            if entry.name in self.group_of:
                self.groups.setdefault(self.group_of[entry.name], []).append(entry)

    def siblings(self, name: str, cap: int = 6) -> list[Entry]:
        """The "See also" of entry ``name``: the other functions of the module that listed
        it, in ``__all__`` order, without those its docstring names; at most ``cap``."""
        module = self.group_of.get(name)
        if module is None:
            return []
        doc = inspect.getdoc(self.entries[name].obj) or ""
        found = []
        for entry in self.groups[module]:
            short = entry.name.rpartition(".")[2]
            if (
                entry.name != name
                and entry.kind == "function"
                and not re.search(rf"(?<!\w){re.escape(short)}(?!\w)", doc)
            ):
                found.append(entry)
        return found[:cap]

    def lookup(self, dotted: str):
        """(entry, rest) for a dotted name (``pe.`` or ``patterneval.``), or (None, None).

        ``rest`` is the attribute path below the entry (``confidence_interval`` for
        ``pe.ErrorEstimate.confidence_interval``); a module gives (None, module name).
        """
        head, *parts = dotted.split(".")
        head = ALIASES.get(head, head)
        if head != PACKAGE:
            return None, None
        obj, path, found = importlib.import_module(PACKAGE), [head], None
        for i, part in enumerate(parts):
            path.append(part)
            if inspect.ismodule(obj):
                try:
                    obj = importlib.import_module(".".join(path))
                except ImportError:
                    if not hasattr(obj, part):
                        break
                    obj = getattr(obj, part)
            elif hasattr(obj, part):
                obj = getattr(obj, part)
            else:
                break
            entry = self.by_id.get(id(obj))
            if entry is not None and not inspect.ismodule(obj):
                found = (entry, ".".join(parts[i + 1 :]))
            if inspect.ismodule(obj) and i == len(parts) - 1:
                return None, ".".join(path)
        return found if found else (None, None)

    def bare(self, text: str, foreign: frozenset[str] = frozenset()) -> Entry | None:
        """The entry a bare inline literal (``name`` or ``name(...)``) names, or None:
        see the module docstring for when a bare name is read as ours."""
        m = BARE_RE.match(text.strip())
        if not m:
            return None
        name = m.group(1)
        entries = self.short.get(name, [])
        if (
            len(entries) != 1
            or not ("_" in name.strip("_") or any(c.isupper() for c in name))
            or hasattr(builtins, name)
            or keyword.iskeyword(name)
            or name in foreign
        ):
            return None
        return entries[0]


def foreign_names(modules) -> frozenset[str]:
    """The public names of the libraries in ``modules`` (those not importable skipped)."""
    names: set[str] = set()
    for modname in modules:
        try:
            mod = importlib.import_module(modname)
        except ImportError:
            continue
        names.update(getattr(mod, "__all__", None) or [n for n in dir(mod) if n[:1] != "_"])
    return frozenset(names)


_FOREIGN: dict[tuple[str, ...], frozenset[str]] = {}


def _foreign(app) -> frozenset[str]:
    key = tuple(app.config.apilinks_foreign)
    if key not in _FOREIGN:
        _FOREIGN[key] = foreign_names(key)
    return _FOREIGN[key]


def _scan_pages(srcdir: Path, api_dir: str) -> list[tuple[str, list[list[str]]]]:
    pages = []
    for path in sorted((srcdir / api_dir).glob("*.rst")):
        directives = [
            m.group(1).split()
            for line in path.read_text(encoding="utf-8").splitlines()
            if (m := ARGS_RE.match(line.strip()))
        ]
        if directives:
            pages.append(((Path(api_dir) / path.stem).as_posix(), directives))
    return pages


_REGISTRY: Registry | None = None


def registry(app) -> Registry:
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = Registry(_scan_pages(Path(app.srcdir), app.config.apilinks_dir))
    return _REGISTRY


def _configure(app, config):
    """numpydoc's cross-reference aliases, before numpydoc reads them (priority 400)."""
    from numpydoc.xref import DEFAULT_LINKS

    reg = registry(app)
    aliases = {word: word for word in DEFAULT_LINKS}  # plain text: no inventories offline
    for name, entries in reg.short.items():
        if len(entries) == 1:
            aliases[name] = entries[0].name
    for entry in reg.entries.values():
        aliases[entry.name] = entry.name
    aliases.update(config.numpydoc_xref_aliases)  # the book's own, if any, win
    config.numpydoc_xref_aliases = aliases
    # Only aliased words link. Set here, not in _config.yml: Jupyter Book hands its
    # settings to Sphinx as overrides, and Sphinx drops a string override of this
    # set-typed value (numpydoc then wraps every word of "array of shape (n,)").
    config.numpydoc_xref_ignore = "all"


def _skip_foreign(app, what, name, obj, skip, options):
    """Members defined outside the package (scikit-learn's set_fit_request, matplotlib's
    Artist.set ...) stay out of our entries; their docs are their libraries'."""
    module = getattr(obj, "__module__", None) or getattr(
        getattr(obj, "fget", None), "__module__", None
    )
    if module and not module.split(".")[0] == PACKAGE:
        return True
    return None


# --------------------------------------------------------------------------- directive
class ApiMembers(SphinxDirective):
    required_arguments = 1
    optional_arguments = 50
    has_content = False

    def run(self):
        reg = registry(self.env.app)
        docname = self.env.docname
        index = self.env.temp_data.get("apilinks_index", 0)  # temp_data is per page
        self.env.temp_data["apilinks_index"] = index + 1
        entries = reg.directives.get((docname, index))
        if entries is None:
            logger.warning(
                "%s: this directive was not seen when the build started (arguments %s)",
                DIRECTIVE,
                self.arguments,
                location=(docname, self.lineno),
            )
            return []
        lines = []
        for arg in self.arguments:
            module, _, is_module = _targets(arg)
            if is_module and reg.modules.get(module) == docname:
                lines += [f".. automodule:: {module}", "   :no-members:", ""]
        if entries:
            # entries carry their full public names; no current module for the table
            lines += [".. currentmodule:: None", "", ".. autosummary::", "   :nosignatures:", ""]
            lines += [f"   ~{e.name}" for e in entries] + [""]
        for e in entries:
            lines += [f".. auto{e.kind}:: {e.name}"]
            if e.kind in ("class", "exception"):
                lines += ["   :members:"]
            elif e.kind == "data" and (" at 0x" in repr(e.obj) or len(repr(e.obj)) > 300):
                lines += ["   :no-value:"]  # a table of functions: its repr is an address
            lines += [""]
        node = nodes.container(classes=["api-members"])
        nested_parse_with_titles(self.state, StringList(lines, source=f"<{DIRECTIVE}>"), node)
        return node.children


# --------------------------------------------------------------------------- mentions
def _code_mentions(reg: Registry, code: str):
    """Documented objects a code cell calls: ``pe.x``, ``patterneval.x.y``, imports."""
    found = set()
    for m in CODE_RE.finditer(code):
        entry, _ = reg.lookup(m.group(1))
        if entry is not None:
            found.add(entry.name)
    lines = [line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))]
    try:  # without IPython's magics and shell escapes
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        tree = None
    if tree is not None:
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.level == 0
                and (node.module.split(".")[0] == PACKAGE)
            ):
                for alias in node.names:
                    entry, _ = reg.lookup(f"{node.module}.{alias.name}")
                    if entry is not None:
                        found.add(entry.name)
    return found


def _is_api_page(app, docname: str) -> bool:
    return docname.startswith(app.config.apilinks_dir.rstrip("/") + "/")


def _record(app, doctree):
    env = app.env
    if not hasattr(env, "patterneval_api_mentions"):
        env.patterneval_api_mentions = {}
    env.patterneval_api_mentions.pop(env.docname, None)
    if _is_api_page(app, env.docname):
        return
    reg = registry(app)
    mentions: dict[str, set[str]] = {}
    foreign = _foreign(app)
    for lit in doctree.findall(nodes.literal):
        m = LITERAL_RE.match(lit.astext().strip())
        entry = reg.lookup(m.group(1))[0] if m else reg.bare(lit.astext(), foreign)
        if entry is not None:
            mentions.setdefault(entry.name, set()).add("text")
    for block in doctree.findall(nodes.literal_block):
        if block.get("language", "") in ("python", "ipython3", "ipython", "default", ""):
            for name in _code_mentions(reg, block.astext()):
                mentions.setdefault(name, set()).add("code")
    if mentions:
        env.patterneval_api_mentions[env.docname] = {k: sorted(v) for k, v in mentions.items()}


# --------------------------------------------------------------------------- resolving
def _uri(app, fromdocname, docname, anchor):
    return app.builder.get_relative_uri(fromdocname, docname) + "#" + anchor


def _link_literals(app, doctree, fromdocname):
    reg = registry(app)
    py = app.env.get_domain("py")
    foreign = None if _is_api_page(app, fromdocname) else _foreign(app)
    for lit in list(doctree.findall(nodes.literal)):
        if isinstance(lit.parent, (nodes.reference, addnodes.pending_xref)) or any(
            isinstance(a, addnodes.desc_signature) for a in _ancestors(lit)
        ):
            continue
        m = LITERAL_RE.match(lit.astext().strip())
        if m:
            entry, rest = reg.lookup(m.group(1))
        elif foreign is not None:  # a chapter: a bare name may link too
            entry, rest = reg.bare(lit.astext(), foreign), ""
        else:
            continue
        if entry is None and rest:  # a module
            target = py.modules.get(rest)
            if target is None:
                continue
            uri, title = _uri(app, fromdocname, target.docname, target.node_id), rest
        elif entry is not None:
            name = entry.name
            for part in rest.split(".") if rest else []:  # a documented member, if any
                if f"{name}.{part}" not in py.objects:
                    break
                name = f"{name}.{part}"
            target = py.objects.get(name)
            if target is None:
                continue
            uri, title = _uri(app, fromdocname, target.docname, target.node_id), name
        else:
            continue
        ref = nodes.reference(
            "", "", internal=True, refuri=uri, reftitle=title, classes=["apilink"]
        )
        ref += lit.deepcopy()
        lit.replace_self(ref)


def _ancestors(node):
    while node.parent is not None:
        node = node.parent
        yield node


def _backlinks(app, doctree, fromdocname):
    if not _is_api_page(app, fromdocname):
        return
    env = app.env
    reg = registry(app)
    mentions = getattr(env, "patterneval_api_mentions", {})
    py = env.get_domain("py")
    order = [d for d in toc_order(env, app.config.root_doc) if d in mentions]
    for desc in list(doctree.findall(addnodes.desc)):
        sig = desc.next_node(addnodes.desc_signature)
        if sig is None or not sig.get("fullname"):
            continue
        name = f"{sig.get('module')}.{sig['fullname']}"
        if name not in reg.entries:
            continue
        chapters = [(d, mentions[d][name]) for d in order if name in mentions[d]]
        para = nodes.paragraph(classes=["api-chapters"])
        para += nodes.strong(text="In the book: ")
        if not chapters:
            para += nodes.Text("not used in a chapter.")
        for i, (doc, kinds) in enumerate(chapters):
            if i:
                para += nodes.Text("; ")
            ref = nodes.reference(
                "", "", internal=True, refuri=app.builder.get_relative_uri(fromdocname, doc)
            )
            ref += nodes.emphasis(text=env.titles[doc].astext())
            para += ref
            para += nodes.Text(f" ({' and '.join(kinds)})")
        if chapters:
            para += nodes.Text(".")
        content = desc.next_node(addnodes.desc_content)
        content.insert(0, para)
        siblings = [(e, py.objects[e.name]) for e in reg.siblings(name) if e.name in py.objects]
        if siblings:
            see = nodes.paragraph(classes=["api-see-also"])
            see += nodes.strong(text="See also: ")
            for i, (e, target) in enumerate(siblings):
                if i:
                    see += nodes.Text(", ")
                ref = nodes.reference(
                    "",
                    "",
                    internal=True,
                    refuri=_uri(app, fromdocname, target.docname, target.node_id),
                    reftitle=e.name,
                    classes=["apilink"],
                )
                ref += nodes.literal(text=e.name.rpartition(".")[2])
                see += ref
            see += nodes.Text(".")
            content.insert(1, see)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`*])")


def one_line(doc: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line ("" if none)."""
    para = " ".join(inspect.cleandoc(doc or "").split("\n\n", 1)[0].split())
    return _SENTENCE_END.split(para, maxsplit=1)[0]


def summary_rows(reg: Registry, docname: str) -> list[tuple[str, str]]:
    """(entry name, one-line summary) of every entry an API page documents, in page order;
    [] for a page with fewer than two ``api-members`` directives (its one directive's
    autosummary table is already at its top)."""
    lists = [reg.directives[k] for k in sorted(reg.directives) if k[0] == docname]
    if sum(1 for entries in lists if entries) < 2:
        return []
    return [(e.name, one_line(_entry_doc(e))) for es in lists for e in es]


def _entry_doc(entry: Entry) -> str:
    """An entry's docstring; a constant's is its ``#:`` comment (its value's type's is not)."""
    if entry.kind != "data":
        return inspect.getdoc(entry.obj) or ""
    module, _, short = entry.name.rpartition(".")
    doc = _attr_doc(module, short)
    for modname, mod in sorted(sys.modules.items()):
        if doc is None and modname.startswith(PACKAGE) and getattr(mod, short, None) is entry.obj:
            doc = _attr_doc(modname, short)
    return "\n".join(doc or [])


def summary_nodes(summary: str) -> list:
    """A summary's reST inline markup as nodes: :math:`x` as math (typeset, never raw TeX
    in the page or its search snippet), ``code`` and other roles (:func:`~x`) as literals."""
    pieces = re.split(r":math:`([^`]+)`", summary)
    if len(pieces) > 1:
        out: list = []
        for k, piece in enumerate(pieces):
            out += [nodes.math(text=piece)] if k % 2 else summary_nodes(piece)
        return out
    text = re.sub(r":[\w:]+:`~?([^`]+)`", r"``\1``", summary)
    parts = re.split(r"``(.+?)``|`([^`]+)`", text)
    out: list = []
    for i in range(0, len(parts), 3):
        if parts[i]:
            out.append(nodes.Text(parts[i]))
        code = parts[i + 1] or parts[i + 2] if i + 1 < len(parts) else None
        if code:
            out.append(nodes.literal(text=code))
    return out


def _summary_table(app, doctree, fromdocname):
    if app.builder.format != "html" or not _is_api_page(app, fromdocname):
        return
    py = app.env.get_domain("py")
    rows = [(n, s, py.objects[n]) for n, s in summary_rows(registry(app), fromdocname)]
    section = doctree.next_node(nodes.section)
    if not rows or section is None:
        return
    table = nodes.table(classes=["autosummary", "longtable", "api-summary"])
    group = nodes.tgroup(cols=2)
    table += group
    group += nodes.colspec(colwidth=30)
    group += nodes.colspec(colwidth=70)
    body = nodes.tbody()
    group += body
    for name, summary, target in rows:
        ref = nodes.reference(
            "",
            "",
            internal=True,
            refuri=_uri(app, fromdocname, target.docname, target.node_id),
            reftitle=name,
            classes=["apilink"],
        )
        ref += nodes.literal(text=name.rpartition(".")[2])
        row = nodes.row()
        row += nodes.entry("", nodes.paragraph("", "", ref))
        row += nodes.entry("", nodes.paragraph("", "", *summary_nodes(summary)))
        body += row
    box = nodes.container(classes=["api-summary-box"])
    box += nodes.rubric(text="On this page")
    box += table
    section.insert(1, box)


def _find(dotted: str):
    """The object at a dotted path (importing modules on the way), or None."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for part in parts[i:]:
            if not hasattr(obj, part):
                return None
            obj = getattr(obj, part)
        return obj
    return None


def _candidates(node, target: str):
    """Where a Python reference may point, most specific first: below the object whose
    docstring holds it (autodoc records it in the node's source), then the context."""
    if target.split(".")[0] in (PACKAGE, *ALIASES):
        yield (
            ALIASES.get(target.split(".")[0], target.split(".")[0])
            + target[len(target.split(".")[0]) :]
        )
        return
    m = re.search(r"docstring of ([\w.]+)", node.source or "")
    if m:
        parts = m.group(1).split(".")
        for i in range(len(parts), 0, -1):
            yield ".".join(parts[:i] + [target])
    module, cls = node.get("py:module"), node.get("py:class")
    if module and cls:
        yield f"{module}.{cls}.{target}"
    if module:
        yield f"{module}.{target}"


def _resolve_missing(app, env, node, contnode):
    """A Python reference Sphinx could not resolve, to an object of the package.

    A documented object under another path (``patterneval.errorrate.ErrorEstimate`` in a
    signature, a bare ``MLR`` in a docstring's ``:class:`` role, a member of a class
    documented under its public path) links to its entry. An object that exists but is
    internal (a private helper, a module constant such as ``WORKING_MEMORY``) is shown as
    code without a link. Anything else stays unresolved, so ``-n`` reports it.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "").lstrip("~.")
    if not target:
        return None
    reg = registry(app)
    py = env.get_domain("py")
    for path in _candidates(node, target):
        if not path.startswith(PACKAGE + ".") or (obj := _find(path)) is None:
            continue
        name = None
        entry = reg.by_id.get(id(obj))
        if entry is not None and not inspect.ismodule(obj):
            name = entry.name
        elif inspect.ismodule(obj) and path in py.modules:
            name = path
        else:  # a member: its owner's documented name, then the member
            owner, _, member = path.rpartition(".")
            owner_entry = reg.by_id.get(id(_find(owner)))
            if owner_entry is not None and f"{owner_entry.name}.{member}" in py.objects:
                name = f"{owner_entry.name}.{member}"
        if name is not None:
            return py.resolve_xref(env, node["refdoc"], app.builder, "obj", name, node, contnode)
        return contnode  # exists, but is not part of the documented API
    head, _, rest = target.partition(".")  # a short public name, or a member of one
    if len(reg.short.get(head, [])) == 1:
        name = reg.short[head][0].name + (f".{rest}" if rest else "")
        if name in py.objects:
            return py.resolve_xref(env, node["refdoc"], app.builder, "obj", name, node, contnode)
    return None


def _public_modules(roots, shallow):
    """The modules of ``roots`` and every module under them with no private part; below
    a package in ``shallow``, none (its own ``__all__`` is its public face)."""
    for root in roots:
        mod = importlib.import_module(root)
        yield root, mod
        for info in pkgutil.walk_packages(getattr(mod, "__path__", []), root + "."):
            parts = info.name.split(".")
            if not any(part.startswith("_") for part in parts[1:]) and not any(
                info.name.startswith(package + ".") for package in shallow
            ):
                yield info.name, importlib.import_module(info.name)


def _check_complete(app, env):
    reg = registry(app)
    for modname, mod in _public_modules(app.config.apilinks_public, app.config.apilinks_shallow):
        for name in getattr(mod, "__all__", ()):
            obj = getattr(mod, name)
            if not any(
                e.obj is obj and e.name.rpartition(".")[2] == name for e in reg.short.get(name, [])
            ):
                logger.warning(
                    "API reference: %s.%s is public but no page in %s/ lists it",
                    modname,
                    name,
                    app.config.apilinks_dir,
                )


def _attr_doc(modname: str, name: str) -> list[str] | None:
    """The ``#:`` comment above ``name`` in module ``modname``, or None."""
    try:
        return list(ModuleAnalyzer.for_module(modname).find_attr_docs().get(("", name), [])) or None
    except Exception:  # no source (a compiled module)
        return None


def _data_docstring(app, what, name, obj, options, lines):
    """A re-exported constant keeps the ``#:`` comment of the module that defines it.

    autodoc reads ``#:`` comments only in the module it documents; for a constant that a
    package re-exports it would show the docstring of the value's type (``int``'s).
    """
    if what != "data" or not name.startswith(PACKAGE + "."):
        return
    module, _, short = name.rpartition(".")
    if _attr_doc(module, short):
        return
    for modname, mod in sorted(sys.modules.items()):
        if modname.startswith(PACKAGE) and getattr(mod, short, None) is obj:
            doc = _attr_doc(modname, short)
            if doc:
                lines[:] = doc
                return


def setup(app):
    app.add_config_value("apilinks_dir", "book/api", "env")
    app.add_config_value("apilinks_public", [PACKAGE], "env")  # and every public module under it
    app.add_config_value("apilinks_shallow", [f"{PACKAGE}.widgets"], "env")  # but not below these
    # libraries whose public names a bare literal in a chapter is left to mean
    app.add_config_value(
        "apilinks_foreign",
        [
            "numpy",
            "scipy.stats",
            "sklearn.metrics",
            "sklearn.model_selection",
            "sklearn.cluster",
            "sklearn.decomposition",
        ],
        "env",
    )
    app.connect("config-inited", _configure, priority=400)
    app.add_directive(DIRECTIVE, ApiMembers)
    app.connect("doctree-read", _record)
    keep_per_page(app, "patterneval_api_mentions")
    app.connect("env-check-consistency", _check_complete)
    app.connect("autodoc-skip-member", _skip_foreign)
    app.connect("autodoc-process-docstring", _data_docstring)
    app.connect("missing-reference", _resolve_missing)
    app.connect("doctree-resolved", _link_literals)
    app.connect("doctree-resolved", _backlinks)
    app.connect("doctree-resolved", _summary_table)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
