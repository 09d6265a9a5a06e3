"""Polyomino and polycube packing: the 12 pentominoes (F I L P N T U V W X Y Z), the free
tetrominoes and hexominoes, or your own pieces, into a rectangle, a box or any 2-D/3-D mask.

Each piece is used exactly once and each cell covered exactly once; the search is the exact
cover engine of :mod:`cassetete.exactcover`. ``unique=True`` counts solutions up to the
region's symmetries (reflections included) by exact symmetry breaking, not by division.

Example:
    >>> from cassetete import polyomino
    >>> polyomino.count("3x20"), polyomino.count("3x20", unique=False)
    (2, 8)
    >>> grid = polyomino.solve("3x20").solution
    >>> grid.shape
    (3, 20)
"""

from __future__ import annotations

import warnings
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterator, List, Optional

import numpy as np

from .._errors import PuzzleError
from .._result import UNSATISFIABLE, Result
from ..exactcover import count_subproblem
from .model import Packing
from .region import parse_region, symmetries
from .render import render_svg, render_text
from .shapes import (
    HEXOMINOES,
    PENTOMINOES,
    TETROMINOES,
    PieceSpec,
    orientations,
    piece_set,
    rotations3d,
)

__all__ = [
    "PENTOMINOES",
    "TETROMINOES",
    "HEXOMINOES",
    "Packing",
    "count",
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
]


def _packing(region: Any, pieces: PieceSpec, flips: bool) -> Packing:
    packing = Packing(region, pieces, flips)
    if not packing.area_matches:
        warnings.warn(
            f"the region has {packing.area} cells but the pieces cover {packing.pieces_area}: "
            "no packing exists",
            UserWarning,
            stacklevel=3,
        )
    return packing


def count(
    region: Any,
    pieces: PieceSpec = "pentominoes",
    unique: bool = True,
    flips: bool = True,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    workers: int = 1,
) -> int:
    """Number of ways to pack the pieces into the region.

    Args:
        region: ``"6x10"``, ``"3x4x5"``, a tuple of sizes, or a 2-D/3-D boolean mask.
        pieces: ``"pentominoes"``, ``"tetrominoes"``, ``"hexominoes"``, names or a dict.
        unique: count once each class of solutions equal up to a symmetry of the region
            (rotations and reflections); False counts every copy.
        flips: 2-D only: pieces may be turned over.
        workers: threads counting subproblems in parallel (-1 = all cores).

    A region whose area differs from the pieces' area gives 0 with a warning. If a time or
    node limit stops the search, the count so far is returned.

    Example:
        >>> count("2x3x10"), count("2x3x10", unique=False)
        (12, 96)
    """
    packing = _packing(region, pieces, flips)
    if not packing.area_matches:
        return 0
    prefixes = packing.unique_prefixes() if unique else [[]]
    if workers == -1:
        import os

        workers = os.cpu_count() or 1
    if workers <= 1 or limit is not None:
        return packing.cover.count_prefixes(prefixes, limit, time_limit, node_limit)
    parts = [sub for p in prefixes for sub in packing.cover.split(2 if len(prefixes) < 4 * workers else 0, p)]
    with ThreadPoolExecutor(workers) as pool:
        return sum(pool.map(count_subproblem, parts))


def solutions(
    region: Any,
    pieces: PieceSpec = "pentominoes",
    unique: bool = True,
    flips: bool = True,
    limit: Optional[int] = None,
) -> Iterator[np.ndarray]:
    """Yield packings as labelled grids (numpy arrays of piece names, ``"."`` outside the
    region), streamed as the search finds them.

    Example:
        >>> next(solutions("3x20")).shape
        (3, 20)
        >>> sum(1 for _ in solutions("3x20", unique=False))
        8
    """
    packing = _packing(region, pieces, flips)
    if not packing.area_matches:
        return
    produced = 0
    for prefix in packing.unique_prefixes() if unique else [[]]:
        remaining = None if limit is None else limit - produced
        if remaining is not None and remaining <= 0:
            return
        for options in packing.cover.solutions(limit=remaining, prefix=prefix):
            yield packing.grid(options)
            produced += 1


def solve(
    region: Any,
    pieces: PieceSpec = "pentominoes",
    flips: bool = True,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Result:
    """One packing: a Result whose ``solution`` is the labelled grid.

    Example:
        >>> r = solve("6x10")
        >>> r.status, sorted(set(r.solution.ravel())) == sorted("FILPNTUVWXYZ")
        ('solved', True)
    """
    packing = _packing(region, pieces, flips)
    if not packing.area_matches:
        return Result(UNSATISFIABLE, None, {"nodes": 0, "seconds": 0.0, "reason": "area mismatch"})
    result = packing.cover.solve(time_limit=time_limit, node_limit=node_limit)
    grid = packing.grid(result.solution) if result.solution is not None else None
    return Result(result.status, grid, result.stats)


def placements(region: Any, piece: str, pieces: PieceSpec = "pentominoes", flips: bool = True) -> List[np.ndarray]:
    """Every placement of one piece in the region, as arrays of cell coordinates.

    Example:
        >>> len(placements("6x10", "X"))
        32
    """
    shapes = piece_set(pieces)
    if piece not in shapes:
        raise PuzzleError(f"unknown piece {piece!r}; pieces are {list(shapes)}")
    packing = Packing(region, {piece: shapes[piece]}, flips, require_area=False)
    if piece not in packing.names:
        raise PuzzleError(f"unknown piece {piece!r}; pieces are {packing.names}")
    p = packing.names.index(piece)
    return [packing.coords[list(cells)] for q, cells in packing.placements if q == p]
