"""Checking a list of bridges against the rules of Hashiwokakero."""

from __future__ import annotations

from typing import Any, Iterable, List, Sequence, Tuple

import numpy as np

from .._components import components
from .._errors import PuzzleError
from .._gridpuzzle import integer_tuples
from ._formats import parse


def verify(puzzle: Any, bridges: Iterable[Sequence[int]]) -> bool:
    """True when ``bridges`` solve ``puzzle``.

    Rules: a bridge joins two islands on one row or column; it crosses no island and no other
    bridge; two islands share at most two bridges; each island has exactly its number of
    bridges; all islands form one connected network (False otherwise). ``puzzle`` is anything
    :func:`parse` reads; ``bridges`` that are not 5-tuples of integers whose ends lie in the
    grid are a ``PuzzleError``.

    Example:
        >>> from cassetete.hashi import parse, verify
        >>> p = parse("3x1m2:1a1")
        >>> verify(p, [(0, 0, 0, 2, 1)]), verify(p, [(0, 0, 0, 2, 2)])
        (True, False)
    """
    grid = parse(puzzle).islands
    h, w = grid.shape
    used = np.zeros((h, w), dtype=np.int8)  # 1 = horizontal bridge over the cell, 2 = vertical
    degree = np.zeros((h, w), dtype=np.int64)
    pairs = set()
    links: List[Tuple[Tuple[int, int], Tuple[int, int]]] = []
    for bridge in _well_formed(bridges, h, w):
        r1, c1, r2, c2, n = bridge
        if n not in (1, 2):
            return False
        if grid[r1, c1] == 0 or grid[r2, c2] == 0 or (r1, c1) == (r2, c2):
            return False
        if r1 != r2 and c1 != c2:
            return False
        key = (min((r1, c1), (r2, c2)), max((r1, c1), (r2, c2)))
        if key in pairs:
            return False
        pairs.add(key)
        (ra, ca), (rb, cb) = key
        cells = ([(ra, c) for c in range(ca + 1, cb)] if ra == rb
                 else [(r, ca) for r in range(ra + 1, rb)])
        mark = 1 if ra == rb else 2
        for r, c in cells:
            if grid[r, c] != 0 or used[r, c] != 0:
                return False
            used[r, c] = mark
        degree[r1, c1] += n
        degree[r2, c2] += n
        links.append(((r1, c1), (r2, c2)))
    if not np.array_equal(degree, grid):
        return False
    islands = [(int(r), int(c)) for r, c in zip(*np.nonzero(grid))]
    return len(components(islands, links)) == 1


def _well_formed(bridges: Any, rows: int, cols: int) -> List[Tuple[int, ...]]:
    """The bridges as (r1, c1, r2, c2, n) tuples whose ends lie in the grid, or a PuzzleError."""
    found = integer_tuples(bridges, ("r1", "c1", "r2", "c2", "bridges"), "bridge")
    for k, bridge in enumerate(found):
        r1, c1, r2, c2, _n = bridge
        if not (0 <= r1 < rows and 0 <= r2 < rows and 0 <= c1 < cols and 0 <= c2 < cols):
            raise PuzzleError(f"bridge {k}: {bridge} has an end outside the {rows}x{cols} grid")
    return found
