"""PUZZLE-ORIENTATION (rotations known), Béhague (2024), section 4.2: :func:`solve_orientations`,
row-by-row backtracking over the pieces indexed by their (north, west) labels.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Optional, Tuple

import numpy as np

from ._model import EdgePuzzle, check_puzzle
from ._rotations import Rotations, piece_rotations


def solve_orientations(puzzle: EdgePuzzle, rotations: Rotations = None, *, count: bool = False,
                       limit: Optional[int] = None) -> Tuple[Optional[np.ndarray], int]:
    """PUZZLE-ORIENTATION (Béhague 2024, section 4.2): every piece keeps its given rotation
    (``rotations[p]``, default 0); row-by-row backtracking where the pieces are indexed by their
    (north, west) labels, so each cell only looks at the pieces that fit its two placed
    neighbours (linear when no two pieces share a (north, west) pair). Returns (a board or None,
    number of solutions: all with ``count=True``, else at most 1).

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=4, seed=3)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(4) for c in range(4)}
        >>> board, n = solve_orientations(p, rots)
        >>> n
        1
    """
    check_puzzle(puzzle)
    rot = piece_rotations(puzzle, rotations)
    R, C = puzzle.rows, puzzle.cols
    index: Dict[Tuple[int, int], List[int]] = defaultdict(list)
    for p in range(puzzle.size):
        e = puzzle.edges(p, rot[p])
        index[(e[0], e[3])].append(p)
    board = np.full((R, C, 2), -1, dtype=np.int64)
    used = [False] * puzzle.size
    found: List[np.ndarray] = []
    total = 0

    def rec(i: int) -> bool:
        nonlocal total
        if i == R * C:
            total += 1
            if not found:
                found.append(board.copy())
            return not count or (limit is not None and total >= limit)
        r, c = divmod(i, C)
        north = 0 if r == 0 else puzzle.partner(puzzle.edges(int(board[r - 1, c, 0]), int(board[r - 1, c, 1]))[2])
        west = 0 if c == 0 else puzzle.partner(puzzle.edges(int(board[r, c - 1, 0]), int(board[r, c - 1, 1]))[1])
        for p in index.get((north, west), ()):
            if used[p]:
                continue
            e = puzzle.edges(p, rot[p])
            if (e[1] == 0) != (c == C - 1) or (e[2] == 0) != (r == R - 1):
                continue
            used[p] = True
            board[r, c] = (p, rot[p])
            if rec(i + 1):
                return True
            used[p] = False
            board[r, c] = (-1, -1)
        return False

    rec(0)
    return (found[0] if found else None), total
