"""Independent checks of Shikaku answers, written from the rules (not from the library's code).

Rules: every clue gets one axis-aligned rectangle containing the clue cell and no other clue
cell, with area equal to the clue; the rectangles cover every cell exactly once.
"""

from __future__ import annotations

from itertools import product
from typing import List, Sequence, Tuple


def clue_list(grid: Sequence[Sequence[int]]) -> List[Tuple[int, int, int]]:
    """(row, col, value) of every clue in row-major order."""
    return [(r, c, v) for r, row in enumerate(grid) for c, v in enumerate(row) if v > 0]


def is_solution(grid: Sequence[Sequence[int]], rects: Sequence[Sequence[int]]) -> bool:
    """True when rects (row, col, height, width), one per clue in row-major order, solve grid."""
    rows, cols = len(grid), len(grid[0])
    clues = clue_list(grid)
    if rects is None or len(rects) != len(clues):
        return False
    owner = [[None] * cols for _ in range(rows)]
    for index, ((cr, cc, value), rect) in enumerate(zip(clues, rects)):
        r, c, h, w = rect
        if h * w != value or not (0 <= r and 0 <= c and r + h <= rows and c + w <= cols):
            return False
        if not (r <= cr < r + h and c <= cc < c + w):
            return False
        for y in range(r, r + h):
            for x in range(c, c + w):
                if owner[y][x] is not None:
                    return False
                if grid[y][x] > 0 and (y, x) != (cr, cc):
                    return False
                owner[y][x] = index
    return all(owner[y][x] is not None for y in range(rows) for x in range(cols))


def brute_force_count(grid: Sequence[Sequence[int]], limit: int = 10**9) -> int:
    """Count solutions by trying every rectangle of every clue (small grids only)."""
    rows, cols = len(grid), len(grid[0])
    clues = clue_list(grid)
    if sum(v for _, _, v in clues) != rows * cols:
        return 0
    options = []
    for cr, cc, v in clues:
        mine = []
        for h in range(1, v + 1):
            if v % h:
                continue
            w = v // h
            for r, c in product(range(cr - h + 1, cr + 1), range(cc - w + 1, cc + 1)):
                if r >= 0 and c >= 0 and r + h <= rows and c + w <= cols:
                    mine.append((r, c, h, w))
        options.append(mine)
    count = 0
    used = [[False] * cols for _ in range(rows)]

    def place(k: int) -> None:
        nonlocal count
        if count >= limit:
            return
        if k == len(clues):
            count += 1
            return
        for r, c, h, w in options[k]:
            cells = [(y, x) for y in range(r, r + h) for x in range(c, c + w)]
            if any(used[y][x] for y, x in cells):
                continue
            for y, x in cells:
                used[y][x] = True
            place(k + 1)
            for y, x in cells:
                used[y][x] = False

    place(0)
    return count
