"""Every public name that the README and the docs show is importable from where they show it:
the names in ``from cassetete... import ...`` lines of their Python examples, and the attributes
those examples use on the imported modules (``sudoku.solve``, ``cassetete.LimitReached``).
Restructuring the package (issue 26) must never break a documented import."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"```(?:python|py|pycon)\n(.*?)```", re.S)
FAMILIES = ("sudoku", "exactcover", "polyomino", "edgematch", "shikaku", "hashi", "jigsaw", "narrowing", "parallel")
# `sudoku.solve_file` in the prose: a family's public name named inline (not a file such as `exactcover.py`,
# nor a private name)
INLINE = re.compile(r"`(?:cassetete\.)?(" + "|".join(FAMILIES) + r")\.([A-Za-z][A-Za-z0-9_]*)(?=[`(\[ ])")


def _statements(block: str) -> List[ast.stmt]:
    """The block's statements; a block that does not parse whole (output lines, ``...``) is read
    line by line, keeping the lines that parse."""
    try:
        return ast.parse(block).body
    except SyntaxError:
        found: List[ast.stmt] = []
        for line in block.splitlines():
            line = line.removeprefix(">>> ").strip()
            try:
                found.extend(ast.parse(line).body)
            except SyntaxError:
                continue
        return found


def documented_names() -> Set[Tuple[str, str]]:
    """(module, name) pairs the documents rely on."""
    pairs: Set[Tuple[str, str]] = set()
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for family, name in INLINE.findall(text):
            if name not in ("py", "md"):
                pairs.add((f"cassetete.{family}", name))
        for block in FENCE.findall(text):
            statements = _statements(block)
            bound: Dict[str, str] = {}  # local name -> the module it stands for
            for statement in statements:
                for node in ast.walk(statement):
                    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cassetete"):
                        for alias in node.names:
                            pairs.add((node.module, alias.name))
                            target = f"{node.module}.{alias.name}"
                            try:
                                importlib.import_module(target)
                                bound[alias.asname or alias.name] = target
                            except ImportError:
                                pass
                    elif isinstance(node, ast.Import):
                        for alias in node.names:
                            if alias.name.startswith("cassetete"):
                                bound[alias.asname or alias.name.split(".")[0]] = (
                                    alias.name if alias.asname else "cassetete")
            for statement in statements:
                for node in ast.walk(statement):
                    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                            and node.value.id in bound:
                        pairs.add((bound[node.value.id], node.attr))
                    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                            and isinstance(node.value.value, ast.Name) and bound.get(node.value.value.id) == "cassetete":
                        pairs.add((f"cassetete.{node.value.attr}", node.attr))
    return pairs


NAMES = sorted(documented_names())


def test_the_documents_show_names_to_check():
    assert len(NAMES) > 50  # the README alone shows well over a hundred


@pytest.mark.parametrize("module, name", NAMES, ids=[f"{m}.{n}" for m, n in NAMES])
def test_a_documented_name_is_importable_from_where_it_is_shown(module, name):
    imported = importlib.import_module(module)
    if not hasattr(imported, name):
        importlib.import_module(f"{module}.{name}")  # a submodule shown as `from package import module`
