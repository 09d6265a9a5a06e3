"""Shikaku: cover the grid with rectangles, one per clue, each of the clue's area.

Formats: Tatham "rect" game IDs, puzz.link URLs, plain grids, arrays. Solvers:
``method="exact"`` (C++ propagation + exact-cover search with MRV; default), ``"ilp"`` (the 0-1
model of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero par programmation linéaire en
nombres entiers", with HiGHS, or CBC through PuLP), ``"annealing"`` (the same work's simulated
annealing, in C++).

Example:
    >>> from cassetete import shikaku
    >>> p = shikaku.parse("4x4:a2_2b2_2c2_2_2a2a")
    >>> r = shikaku.solve(p)
    >>> r.status, shikaku.verify(p, r.solution), shikaku.count_solutions(p)
    ('solved', True, 1)
"""

from __future__ import annotations

from ._formats import (
    FORMATS,
    dump,
    format,
    format_grid,
    format_puzzlink,
    format_tatham,
    load,
    load_many,
    parse,
    parse_grid,
    parse_many,
    parse_puzzlink,
    parse_tatham,
)
from ._generate import generate
from ._model import Rectangle, Shikaku
from ._render import render, render_svg, render_text
from ._solve import ILP_SOLVERS, METHODS, count_solutions, count_solutions_many, solutions, solve
from ._verify import verify

__all__ = [
    "FORMATS",
    "ILP_SOLVERS",
    "METHODS",
    "Rectangle",
    "Shikaku",
    "count_solutions",
    "count_solutions_many",
    "dump",
    "format",
    "format_grid",
    "format_puzzlink",
    "format_tatham",
    "generate",
    "load",
    "load_many",
    "parse",
    "parse_grid",
    "parse_many",
    "parse_puzzlink",
    "parse_tatham",
    "render",
    "render_svg",
    "render_text",
    "solutions",
    "solve",
    "verify",
]
