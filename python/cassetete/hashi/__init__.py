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

from typing import Any, Iterable, Optional, Sequence

from .._gridpuzzle import picture
from . import _render
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
from ._solve import ILP_SOLVERS, METHODS, count_solutions, solutions, solve
from ._verify import verify

__all__ = [
    "FORMATS", "Graph", "Hashi", "ILP_SOLVERS", "METHODS", "count_solutions", "dump", "format",
    "format_grid", "format_has", "format_id", "format_puzzlink", "generate", "load", "load_many",
    "parse", "parse_many", "render", "render_svg", "render_text", "solutions", "solve", "verify",
]


def render_text(puzzle: Any, bridges: Optional[Iterable[Sequence[int]]] = None) -> str:
    """Text picture of ``puzzle`` (anything :func:`parse` reads): island numbers, ``-``/``=``
    single/double horizontal bridges, ``|``/``"`` single/double vertical ones, ``.`` water.

    Example:
        >>> print(render_text("3x1m2:2a2", [(0, 0, 0, 2, 2)]))
        2=2
    """
    return _render.render_text(parse(puzzle), bridges)


def render_svg(puzzle: Any, bridges: Optional[Iterable[Sequence[int]]] = None, cell: int = 32) -> str:
    """SVG picture of ``puzzle`` (anything :func:`parse` reads) and, when given, its bridges;
    ``cell`` is the side of a grid cell in pixels.

    Example:
        >>> render_svg("3x1m2:1a1", [(0, 0, 0, 2, 1)]).count("<circle")
        2
    """
    return _render.render_svg(parse(puzzle), bridges, cell)


def render(puzzle: Any, solution: Optional[Iterable[Sequence[int]]] = None,
           format: str = "text") -> str:  # noqa: A002 - the contract's name
    """:func:`render_text` (``format="text"``) or :func:`render_svg` (``"svg"``) of ``puzzle``
    and of ``solution``, its bridges.

    Example:
        >>> print(render("3x3m2:2a2c2a2", solve("3x3m2:2a2c2a2").solution))
        2-2
        |.|
        2-2
    """
    return picture(parse, puzzle, solution, format, _render.render_text, _render.render_svg)
