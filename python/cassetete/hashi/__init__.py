"""Hashiwokakero (Bridges): parse, load, format, solve (exact C++ search, and the ILP and
simulated annealing of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero par
programmation linéaire en nombres entiers"), count solutions, verify, generate, render.

Example:
    >>> from cassetete import hashi
    >>> p = hashi.parse("3x3m2:2a2c2a2")
    >>> r = hashi.solve(p)
    >>> r.status, hashi.verify(p, r.solution)
    ('solved', True)
    >>> print(hashi.render(p, r.solution))
    2-2
    |.|
    2-2
"""

from __future__ import annotations

from ._formats import (
    FORMATS,
    dump,
    format,
    format_grid,
    format_has,
    format_id,
    format_puzzlink,
    load,
    load_many,
    parse,
    parse_many,
)
from ._generate import generate
from ._model import Graph, Hashi
from ._render import render, render_svg, render_text
from ._solve import ILP_SOLVERS, METHODS, count_solutions, solutions, solve
from ._verify import verify

__all__ = [
    "FORMATS", "Graph", "Hashi", "ILP_SOLVERS", "METHODS", "count_solutions", "dump", "format",
    "format_grid", "format_has", "format_id", "format_puzzlink", "generate", "load", "load_many",
    "parse", "parse_many", "render", "render_svg", "render_text", "solutions", "solve", "verify",
]
