"""Scan orders for the backtracking engine: the order in which cells are filled."""

from __future__ import annotations

from typing import List

import numpy as np

from .._options import check_choice, check_count

ORDERS = ("row", "border", "spiral", "corner", "first_fail")


def _frame_ring(top: int, left: int, bottom: int, right: int) -> List[tuple]:
    """Cells of one ring clockwise from its top-left corner."""
    out = [(top, c) for c in range(left, right + 1)]
    out += [(r, right) for r in range(top + 1, bottom + 1)]
    if bottom > top:
        out += [(bottom, c) for c in range(right - 1, left - 1, -1)]
    if right > left:
        out += [(r, left) for r in range(bottom - 1, top, -1)]
    return out


def cell_order(rows: int, cols: int, order: str = "row") -> np.ndarray:
    """Cells (row * cols + col) in the fill order named ``order``.

    - ``row``: row by row, left to right.
    - ``border``: the frame clockwise from the top-left corner, then the inside row by row.
    - ``spiral``: rings from the outside in, each clockwise.
    - ``corner``: squares growing from the top-left corner (Béhague 2024, section 6.1, Figure 19:
      filling "in a corner" so every new piece meets two placed neighbours): layer k is row k
      up to column k-1, then column k from the top down to row k.
    - ``first_fail`` is dynamic (the engine picks the cell); its static fallback is ``row``.

    Example:
        >>> cell_order(2, 2, "corner").tolist()
        [0, 2, 1, 3]
    """
    rows, cols = check_count(rows, "rows", 1), check_count(cols, "cols", 1)
    order = check_choice(order, "order", ORDERS)
    cells: List[tuple]
    if order in ("row", "first_fail"):
        cells = [(r, c) for r in range(rows) for c in range(cols)]
    elif order == "border":
        ring = _frame_ring(0, 0, rows - 1, cols - 1)
        seen = set(ring)
        cells = ring + [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in seen]
    elif order == "spiral":
        cells = []
        top, left, bottom, right = 0, 0, rows - 1, cols - 1
        while top <= bottom and left <= right:
            cells += _frame_ring(top, left, bottom, right)
            top, left, bottom, right = top + 1, left + 1, bottom - 1, right - 1
    else:
        cells = []
        for k in range(max(rows, cols)):
            if k < rows:
                cells += [(k, c) for c in range(min(k, cols))]
            if k < cols:
                cells += [(r, k) for r in range(min(k + 1, rows))]
    return np.array([r * cols + c for r, c in cells], dtype=np.int32)
