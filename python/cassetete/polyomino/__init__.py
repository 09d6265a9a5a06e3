"""Polyomino and polycube packing: the 12 pentominoes (F I L P N T U V W X Y Z), the free
tetrominoes and hexominoes, or your own pieces, into a rectangle, a box or any 2-D/3-D mask.

Each piece is used exactly once and each cell covered exactly once; the search is the exact
cover engine of :mod:`cassetete.exactcover`. ``up_to_symmetry=True`` (the default) counts
solutions up to the region's symmetries (reflections included) by exact symmetry breaking, not
by division. (``count`` and ``unique=`` are the deprecated old names of ``count_solutions`` and
``up_to_symmetry=``.)

Example:
    >>> from cassetete import polyomino
    >>> polyomino.count_solutions("3x20"), polyomino.count_solutions("3x20", up_to_symmetry=False)
    (2, 8)
    >>> grid = polyomino.solve("3x20").solution
    >>> grid.shape
    (3, 20)
    >>> polyomino.count_solutions(polyomino.parse("#####/#####"), pieces={"a": "#####", "b": "#####"})
    1

The rooms: ``_region`` (sizes, pictures and masks; symmetries), ``_shapes`` (the piece sets and
their orientations), ``_model`` (:class:`Packing`, the exact cover and symmetry breaking),
``_formats`` (regions as text), ``_verify`` (the rules), ``_solve`` (the searches), ``_render``
(pictures of a labelled grid), ``_jobs`` (the unit of parallel work).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from .._errors import PuzzleError
from ._formats import FORMATS, dump, format, load, load_many, parse, parse_many
from ._generate import GeneratedPacking, generate
from ._model import Packing
from ._region import parse_region, symmetries
from ._render import render_grid, render_svg, render_svg_iso, render_text
from ._shapes import HEXOMINOES, PENTOMINOES, TETROMINOES, PieceSpec, orientations, piece_set, rotations3d
from ._solve import METHODS, count, count_solutions, placements, solutions, solve
from ._verify import verify

__all__ = [
    "FORMATS",
    "METHODS",
    "parse",
    "load",
    "format",
    "dump",
    "parse_many",
    "load_many",
    "generate",
    "GeneratedPacking",
    "PENTOMINOES",
    "TETROMINOES",
    "HEXOMINOES",
    "Packing",
    "PieceSpec",
    "count",
    "count_solutions",
    "render",
    "verify",
    "solve",
    "solutions",
    "placements",
    "orientations",
    "rotations3d",
    "piece_set",
    "parse_region",
    "symmetries",
    "render_text",
    "render_svg",
    "render_svg_iso",
]


def render(region: Any, solution: Optional[np.ndarray] = None, format: str = "text") -> str:  # noqa: A002
    """Draw a packing (a labelled grid from :func:`solve`) or, without one, the empty region:
    text, or SVG (3-D packings as an isometric picture).

    Example:
        >>> print(render("2x3"))
        # # #
        # # #
        >>> render("3x20", solve("3x20").solution, format="svg").startswith("<svg")
        True
    """
    if format not in ("text", "svg"):
        raise PuzzleError(f"unknown format {format!r}: 'text' or 'svg'")
    grid = np.where(parse(region), "#", ".") if solution is None else np.asarray(solution)
    return render_grid(grid, format)
