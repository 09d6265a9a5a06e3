"""Sphinx configuration of the cassetete documentation site.

Build (from the repository's root):

    pip install ".[docs]"
    sphinx-build -W --keep-going -b html docs docs/_build/html

Warnings are errors and the gallery's notebooks are executed on every build. Three kinds of
page are written here at the start of each build, into folders that git ignores:

- ``api/cassetete.<family>.rst``: one page per family listing every name of its ``__all__``
  (autosummary then writes one page per name under ``api/generated/``), so a name added to a
  family appears in the reference without editing the docs;
- ``results/*.md``: the measurement pages of ``bench/results/`` as the bench scripts wrote
  them, with their pictures; links to files that are not pages (CSV, JSON, scripts) point at
  the repository;
- nothing else: every other page is a file of this folder.
"""

from __future__ import annotations

import importlib
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REPOSITORY = "https://github.com/cassetete/cassetete"
BLOB = f"{REPOSITORY}/blob/main"

# The package as installed (pip install ".[docs]"); the source tree is a fallback for a reader
# who built the extension in place.
try:
    import cassetete
except ImportError:  # pragma: no cover - only without an installed package
    sys.path.insert(0, str(ROOT / "python"))
    import cassetete

# -- project -----------------------------------------------------------------------------------

project = "cassetete"
author = "The cassetete authors"
copyright = "the cassetete authors, MIT licence"
release = cassetete.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_nb",  # MyST Markdown and executed notebooks (brings myst_parser)
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.mathjax",
    "sphinxarg.ext",  # the command-line reference from cassetete.cli.build_parser
    "sphinx_copybutton",
    "sphinx_design",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
templates_path = ["_templates"]
exclude_patterns = [
    "_build",
    "**.ipynb_checkpoints",
    "jupyter_execute",
    # included by contract.md and papers/index.md, not pages of their own
    "ARCHITECTURE.md",
    "REFERENCES.md",
]
language = "en"

# -- MyST and notebooks ------------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist", "dollarmath", "fieldlist", "attrs_inline", "substitution"]
myst_heading_anchors = 3
# Every notebook runs on every build (they are stored without outputs); each takes seconds.
nb_execution_mode = "force"
nb_execution_timeout = 120
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
# SVG first: a Result draws itself as SVG (_repr_svg_), and SVG stays sharp in the browser.
nb_mime_priority_overrides = [("html", "image/svg+xml", 5)]

# -- API reference -----------------------------------------------------------------------------

autosummary_generate = True
autosummary_imported_members = True
autosummary_ignore_module_all = False
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = True
napoleon_use_rtype = False
napoleon_use_ivar = True
napoleon_attr_annotations = True
# The "Options" part of every solve, solutions and count_solutions docstring is written by
# cassetete._contract (one line per option, the methods below "method"): shown as a list of
# parameters, like Args.
napoleon_custom_sections = [("Options (declared in cassetete._contract)", "params_style")]

FAMILIES = ["sudoku", "exactcover", "polyomino", "edgematch", "shikaku", "hashi", "jigsaw", "narrowing"]
FAMILY_TITLES = {
    "sudoku": "Sudoku of any order",
    "exactcover": "Exact cover (dancing cells)",
    "polyomino": "Polyomino and polycube packing",
    "edgematch": "Edge matching (Eternity II, Tetravex)",
    "shikaku": "Shikaku",
    "hashi": "Hashiwokakero",
    "jigsaw": "Monochrome jigsaws",
    "narrowing": "Interval narrowing",
    "parallel": "Parallel and distributed work",
}


def _kind(value) -> str:
    import inspect

    if inspect.isclass(value):
        return "classes"
    if callable(value):
        return "functions"
    return "data"


def write_api_pages() -> None:
    """docs/api/cassetete.<module>.rst: every name of the module's ``__all__``, grouped by kind."""
    folder = HERE / "api"
    for name in [*FAMILIES, "parallel"]:
        module = importlib.import_module(f"cassetete.{name}")
        groups: dict = {"functions": [], "classes": [], "data": []}
        for public in module.__all__:
            groups[_kind(getattr(module, public))].append(public)
        title = f"``cassetete.{name}``: {FAMILY_TITLES[name]}"
        lines = [
            ".. This page is written by docs/conf.py from the module's __all__; do not edit it.",
            "",
            title,
            "=" * len(title),
            "",
            f".. automodule:: cassetete.{name}",
            "   :no-members:",
            "",
            f".. currentmodule:: cassetete.{name}",
            "",
        ]
        headings = {"functions": "Functions", "classes": "Classes", "data": "Constants"}
        for kind in ("functions", "classes", "data"):
            if not groups[kind]:
                continue
            lines += [headings[kind], "-" * len(headings[kind]), "", ".. autosummary::", "   :toctree: generated", ""]
            lines += [f"   {public}" for public in groups[kind]]
            lines.append("")
        _write_if_changed(folder / f"cassetete.{name}.rst", "\n".join(lines))


# -- the pages of bench/results ----------------------------------------------------------------

RESULT_PICTURES = (".png", ".jpg", ".jpeg", ".svg")
LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def _result_link(match: re.Match, pages: set, source: Path) -> str:
    bang, text, target = match.groups()
    if re.match(r"^[a-z]+:", target) or target.startswith("#"):
        return match.group(0)
    path, _, anchor = target.partition("#")
    resolved = (source.parent / path).resolve()
    name = Path(path).name
    if resolved.parent == source.parent and (name in pages or (name.lower().endswith(RESULT_PICTURES) and resolved.exists())):
        return match.group(0)  # another results page or a picture copied beside it
    try:
        relative = resolved.relative_to(ROOT).as_posix()
    except ValueError:
        return f"{bang}{text}" if not bang else ""
    return f"{bang}[{text}]({BLOB}/{relative}{'#' + anchor if anchor else ''})"


def write_result_pages() -> None:
    """docs/results/: the bench/results pages and pictures, links to other files made absolute."""
    source = ROOT / "bench" / "results"
    folder = HERE / "results"
    folder.mkdir(exist_ok=True)
    if not source.is_dir():
        return
    pages = {p.name for p in source.glob("*.md")}
    for stale in folder.iterdir():
        if stale.is_file() and stale.name != "index.md" and stale.name not in pages and not stale.name.endswith(RESULT_PICTURES):
            stale.unlink()
    for page in sorted(source.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        text = LINK.sub(lambda m: _result_link(m, pages, page), text)
        header = (f"<!-- Written by docs/conf.py from bench/results/{page.name}; edit that file. -->\n"
                  f"```{{note}}\nThis page is [bench/results/{page.name}]({BLOB}/bench/results/{page.name}) as the bench "
                  f"script wrote it.\n```\n\n")
        # the page's first heading stays the title: the note goes right after it
        first, _, rest = text.partition("\n")
        if first.startswith("# "):
            text = first + "\n\n" + header + rest
        else:
            text = f"# {page.stem}\n\n" + header + text
        _write_if_changed(folder / page.name, text)
    for picture in source.iterdir():
        if picture.suffix.lower() in RESULT_PICTURES:
            target = folder / picture.name
            if not target.exists() or target.stat().st_mtime < picture.stat().st_mtime:
                shutil.copy2(picture, target)
    names = sorted(p.stem for p in source.glob("*.md"))
    index = [
        "<!-- Written by docs/conf.py; the pages are bench/results/*.md. -->",
        "# Measurement pages (bench/results)",
        "",
        "Every page the bench scripts wrote, as they wrote it. Each says the command that made it.",
        "The [benchmark overview](../benchmarks/index.md) and the [papers](../papers/index.md) say which to read.",
        "",
        "```{toctree}",
        ":maxdepth: 1",
        "",
        *names,
        "```",
        "",
    ]
    _write_if_changed(folder / "index.md", "\n".join(index))


def _write_if_changed(path: Path, text: str) -> None:
    """Write only a changed page, so an unchanged build reads nothing anew."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


write_api_pages()
write_result_pages()

# The measurement pages are the bench scripts' own text: their headings may skip a level.
suppress_warnings = ["myst.header"]

# -- HTML --------------------------------------------------------------------------------------

html_theme = "pydata_sphinx_theme"
html_title = f"cassetete {release}"
html_static_path: list = []
html_show_sourcelink = False
html_theme_options = {
    "github_url": REPOSITORY,
    "navbar_align": "left",
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "header_links_before_dropdown": 7,
    "use_edit_page_button": False,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_context = {"default_mode": "light"}

# Copy buttons leave the prompts out.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True


# -- docstrings as the library writes them -----------------------------------------------------
# The docstrings are written for help() and the doctests; three habits of theirs are not
# reStructuredText, and are turned into it here rather than in the library:
#
# - the "Options (declared in cassetete._contract):" block that cassetete._contract appends
#   to every solve, solutions and count_solutions (one line per option, the methods nested under
#   "method") becomes a rubric and a nested list;
# - |G|, |S|, |Stab(r)| (a set's size) would be substitution references: the bars are escaped;
# - a literal that ends with a space (``# ``) keeps its space as a non-breaking one, followed by
#   a zero-width space (docutils takes any space before the closing backquotes for no end);
# - a constant (a tuple, a dict) with no docstring of its own would show its type's docstring
#   (dict(), tuple()): it shows its value alone.

OPTIONS_HEADER = re.compile(r"^(\s*)Options \(declared in cassetete\._contract\):\s*$")
OPTION_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*): (.*)$")
BARS = re.compile(r"(?<![\\|`\w])\|(?=[^\s|`])([^|`\n]*?[^\s|`\\])\|(?![|`\w])")
LITERAL = re.compile(r"``([^`\n]+?)``")  # the pairs, left to right, as docutils pairs them


def _options_block(lines: list) -> list:
    out: list = []
    k = 0
    while k < len(lines):
        header = OPTIONS_HEADER.match(lines[k])
        if not header:
            out.append(lines[k])
            k += 1
            continue
        base = len(header.group(1))
        block = []
        k += 1
        while k < len(lines) and (not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > base):
            block.append(lines[k])
            k += 1
        while block and not block[-1].strip():
            block.pop()
        indents = [len(line) - len(line.lstrip()) for line in block if line.strip()]
        first = min(indents) if indents else 0
        pad = " " * base
        out += [f"{pad}.. rubric:: Options (declared in cassetete._contract)", ""]
        for line in block:
            if not line.strip():
                continue
            depth = len(line) - len(line.lstrip())
            text = line.strip()
            item = OPTION_LINE.match(text)
            if depth == first:
                if item:
                    out.append(f"{pad}* **{item.group(1)}**: {item.group(2)}")
                else:
                    out.append(f"{pad}* {text}")
                out.append("")
            else:
                if item:
                    out.append(f"{pad}  * ``{item.group(1)}``: {item.group(2)}")
                else:
                    out.append(f"{pad}  * {text}")
                out.append("")
        out.append("")
    return out


def _literal_space(match: re.Match) -> str:
    text = match.group(1)
    if text.strip() and text != text.rstrip():
        return "``" + text.rstrip() + "\u00a0" * (len(text) - len(text.rstrip())) + "\u200b``"
    return match.group(0)


def _plain_text(line: str) -> bool:
    text = line.lstrip()
    return not (text.startswith(">>>") or text.startswith("..."))


def _attribute_comment(name: str) -> list:
    """The ``#:`` comment above ``NAME = ...`` in the family module that defines a re-exported
    constant or type alias (autodoc reads only the module the page names, the family's
    ``__init__``)."""
    from sphinx.pycode import ModuleAnalyzer

    package, _, attribute = name.rpartition(".")
    for module in sorted(m for m in sys.modules if m == package or m.startswith(package + ".")):
        try:
            found = ModuleAnalyzer.for_module(module).find_attr_docs().get(("", attribute))
        except Exception:  # a compiled module, or one without source
            continue
        if found:
            return [line for line in found if line is not None]
    return []


def _data_example(name: str, obj) -> list:
    """A reference entry's example for a constant: importing it and its value, as a session
    shows it (written from the live object at build time, so it cannot drift)."""
    import pprint
    import typing

    package, _, attribute = name.rpartition(".")
    if getattr(obj, "__module__", None) == "typing" or isinstance(obj, type(typing.Union[int, str])):
        return []  # a type alias: its comment holds the example
    shown = pprint.pformat(obj, width=96, compact=True).splitlines()
    if len(shown) > 12:
        shown = shown[:12] + ["..."]
    return ["", "Example:", "", ".. code-block:: pycon", "",
            f"   >>> from {package} import {attribute}", f"   >>> {attribute}", *("   " + s for s in shown), ""]


def fix_docstring(app, what, name, obj, options, lines) -> None:
    import inspect

    if what in ("data", "attribute") and lines:
        own = inspect.getdoc(type(obj)) or ""
        if "\n".join(lines).strip() == own.strip():
            lines[:] = []
    if what == "data" and not any(">>>" in line or "Example" in line for line in lines):
        lines[:] = (lines or _attribute_comment(name)) + _data_example(name, obj)
    if what in ("data", "attribute") and not lines:
        return
    fixed = _options_block(list(lines))
    for k, line in enumerate(fixed):
        if _plain_text(line):
            line = BARS.sub(r"\\|\1\\|", line)
            line = LITERAL.sub(_literal_space, line)
            fixed[k] = line
    lines[:] = fixed


# -- tables read from the declarations --------------------------------------------------------
# ``{cassetete-methods} sudoku solve`` in a page: the verb's methods, what each is good for, and
# the options each does not use, from cassetete._contract (the declaration the library
# validates with), so the guides cannot drift from the code.


def _methods_directive():
    from docutils import nodes
    from docutils.statemachine import StringList
    from sphinx.util.docutils import SphinxDirective

    class MethodsTable(SphinxDirective):
        required_arguments = 2
        has_content = False

        def run(self):
            from cassetete._contract import REGISTRY

            family, name = self.arguments
            importlib.import_module(f"cassetete.{family}")
            spec = REGISTRY[(family, name)]
            rows = [".. list-table::", "   :header-rows: 1", "   :widths: 18 60 22", "",
                    "   * - ``method=``", "     - what it is, what it is good for", "     - options it does not use"]
            for method, meaning in spec.methods.items():
                unused = [o.name for o in spec.options if method not in spec.users(o.name)]
                default = " (default)" if method == spec.default_method else ""
                rows += [f"   * - ``{method!r}``{default}", f"     - {meaning}",
                         "     - " + (", ".join(f"``{u}``" for u in unused) or "none")]
            options = ", ".join(f"``{o.name}``" for o in spec.options)
            text = [f"``{family}.{name}`` takes {options} and ``method``:", "", *rows, ""]
            container = nodes.container()
            self.state.nested_parse(StringList(text, source=f"cassetete._contract {family}.{name}"), self.content_offset, container)
            return container.children

    return MethodsTable


def setup(app):
    app.add_directive("cassetete-methods", _methods_directive())
    # before napoleon (priority 500), which would take the options for a paragraph
    app.connect("autodoc-process-docstring", fix_docstring, priority=400)
    return {"parallel_read_safe": True}
