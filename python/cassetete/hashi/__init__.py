"""Hashiwokakero (Bridges): parse, solve (exact C++ search, the seed's ILP, simulated annealing),
count solutions, verify, generate, render.

Example:
    >>> from cassetete import hashi
    >>> p = hashi.parse("3x3m2:2a2c2a2")
    >>> r = hashi.solve(p)
    >>> r.status, hashi.verify(p, r.solution)
    ('solved', True)
    >>> print(hashi.render_text(p, r.solution))
    2-2
    |.|
    2-2
"""

from __future__ import annotations

from ._generate import generate
from ._model import Graph, Hashi
from ._parse import format_grid, format_id, parse
from ._render import render_svg, render_text
from ._solve import METHODS, count_solutions, solutions, solve
from ._verify import verify

__all__ = [
    "Graph", "Hashi", "METHODS", "count_solutions", "format_grid", "format_id", "generate",
    "parse", "render_svg", "render_text", "solutions", "solve", "verify",
]
