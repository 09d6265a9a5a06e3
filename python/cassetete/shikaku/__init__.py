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

from typing import Any, Optional, Sequence

from .._gridpuzzle import picture
from . import _render
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


def render_text(puzzle: Any, rectangles: Optional[Sequence[Sequence[int]]] = None) -> str:
    """Text picture of ``puzzle`` (anything :func:`parse` reads): clues in their cells; with
    ``rectangles``, only rectangle borders are drawn.

    Example:
        >>> print(render_text("2 .\\n2 .", [(0, 0, 1, 2), (1, 0, 1, 2)]))
        +-----+
        |2    |
        +-----+
        |2    |
        +-----+
    """
    return _render.render_text(parse(puzzle), rectangles)


def render_svg(puzzle: Any, rectangles: Optional[Sequence[Sequence[int]]] = None, cell: int = 32) -> str:
    """SVG picture of ``puzzle`` (and of the solution rectangles when given).

    Example:
        >>> render_svg("2 .\\n2 .").startswith("<svg")
        True
    """
    return _render.render_svg(parse(puzzle), rectangles, cell)


def render(puzzle: Any, solution: Optional[Sequence[Sequence[int]]] = None,
           format: str = "text") -> str:  # noqa: A002 - the contract's name
    """Picture of the puzzle (and of ``solution``, its rectangles): ``format`` = ``"text"`` or
    ``"svg"``.

    Example:
        >>> print(render("2 .\\n2 ."))
        +--+--+
        |2 |. |
        +--+--+
        |2 |. |
        +--+--+
    """
    return picture(parse, puzzle, solution, format, _render.render_text, _render.render_svg)
