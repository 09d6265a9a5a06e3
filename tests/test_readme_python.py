"""The README's Python examples run as shown, and the values their comments promise are the values
they give: an expression line whose comment starts with a literal (``# 2339 ...``,
``# [0, 1]``, ``# {'x': 35, ...}``, ``# 'solved'``) must evaluate to that literal. Time budgets are
cut to 1 s so that the examples stay cheap here (the values checked do not depend on them)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cassetete

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
LITERAL = re.compile(r"#\s*(-?\d+|\[[^\]]*\]|\{[^}]*\}|'[^']*')(?=[\s:;,]|$)")


def _promised(line: str):
    """The literal a comment promises, or None."""
    found = LITERAL.search(line)
    return None if found is None else ast.literal_eval(found.group(1))


def test_the_readme_shows_python_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{k}" for k in range(len(BLOCKS))])
def test_readme_python_block_runs_and_gives_what_it_says(block, capsys):
    source = re.sub(r"time_limit=\d+(\.\d+)?", "time_limit=1", block)
    lines = source.splitlines()
    namespace: dict = {"cassetete": cassetete}
    checked = 0
    for node in ast.parse(source).body:
        if isinstance(node, ast.Expr):
            value = eval(compile(ast.Expression(node.value), "README.md", "eval"), namespace)
            promised = _promised(lines[node.end_lineno - 1])
            if promised is not None:
                assert value == promised, f"README: {ast.unparse(node)} gives {value!r}, its comment says {promised!r}"
                checked += 1
        else:
            exec(compile(ast.Module([node], []), "README.md", "exec"), namespace)
    capsys.readouterr()
    if "sudoku.count_solutions(r.puzzle" in block:
        assert checked >= 6  # the per-family block promises values; they must all be checked
