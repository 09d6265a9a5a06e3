"""Checking a proposed Shikaku solution against the rules."""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ._formats import parse
from ._model import Shikaku


def verify(puzzle: Any, rectangles: Sequence[Sequence[int]]) -> bool:
    """True when ``rectangles`` solves ``puzzle``.

    ``rectangles`` lists one ``(row, col, height, width)`` per clue in row-major clue order;
    each must lie in the grid, contain its clue and no other, have the clue's area, and
    together they must cover every cell exactly once.

    Example:
        >>> verify("2 .\\n2 .", [(0, 0, 1, 2), (1, 0, 1, 2)])
        True
        >>> verify("2 .\\n2 .", [(0, 0, 2, 1), (0, 1, 2, 1)])
        False
    """
    p: Shikaku = parse(puzzle)
    clues = p.clue_positions()
    values = p.clue_values()
    try:
        rects = [tuple(int(v) for v in rect) for rect in rectangles]
    except (TypeError, ValueError):
        return False
    if len(rects) != len(clues) or any(len(r) != 4 for r in rects):
        return False
    cover = np.zeros(p.shape, dtype=np.int64)
    for (cr, cc), value, (r, c, h, w) in zip(clues, values, rects):
        if h < 1 or w < 1 or r < 0 or c < 0 or r + h > p.rows or c + w > p.cols:
            return False
        if h * w != value or not (r <= cr < r + h and c <= cc < c + w):
            return False
        if np.count_nonzero(p.clues[r : r + h, c : c + w]) != 1:
            return False
        cover[r : r + h, c : c + w] += 1
    return bool(np.all(cover == 1))
