"""Checking a proposed Shikaku solution against the rules."""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError
from .._gridpuzzle import integer_tuples
from ._formats import parse
from ._model import Shikaku


def verify(puzzle: Any, rectangles: Sequence[Sequence[int]]) -> bool:
    """True when ``rectangles`` solves ``puzzle``.

    ``rectangles`` lists one ``(row, col, height, width)`` per clue in row-major clue order;
    each must contain its clue and no other, have the clue's area, and together they must
    cover every cell exactly once (False otherwise). Rectangles that are not one 4-tuple of
    integers per clue lying in the grid are a ``PuzzleError``.

    Example:
        >>> verify("2 .\\n2 .", [(0, 0, 1, 2), (1, 0, 1, 2)])
        True
        >>> verify("2 .\\n2 .", [(0, 0, 2, 1), (0, 1, 2, 1)])
        False
    """
    p: Shikaku = parse(puzzle)
    clues = p.clue_positions()
    values = p.clue_values()
    rects = _well_formed(rectangles, len(clues), p.rows, p.cols)
    cover = np.zeros(p.shape, dtype=np.int64)
    for (cr, cc), value, (r, c, h, w) in zip(clues, values, rects):
        if h * w != value or not (r <= cr < r + h and c <= cc < c + w):
            return False
        if np.count_nonzero(p.clues[r : r + h, c : c + w]) != 1:
            return False
        cover[r : r + h, c : c + w] += 1
    return bool(np.all(cover == 1))


def _well_formed(rectangles: Any, clues: int, rows: int, cols: int) -> List[Tuple[int, ...]]:
    """The rectangles as tuples lying in the grid, one per clue, or a PuzzleError."""
    rects = integer_tuples(rectangles, ("row", "col", "height", "width"), "rectangle")
    if len(rects) != clues:
        raise PuzzleError(f"the solution has {len(rects)} rectangles, the puzzle {clues} clues (one each)")
    for k, rect in enumerate(rects):
        r, c, h, w = rect
        if h < 1 or w < 1 or r < 0 or c < 0 or r + h > rows or c + w > cols:
            raise PuzzleError(f"rectangle {k}: {rect} does not lie in the {rows}x{cols} grid")
    return rects
