"""Approximations for PUZZLE-ORIENTATION by a checkerboard, Béhague (2024), section 4:
:func:`checkerboard_approximation` (proposition 4.1, at least mn/2 valid pieces) and
:func:`contour_checkerboard_approximation` (corollary 4.3, the contour by
:func:`~cassetete.edgematch.contour_by_euler` and the checkerboard inside).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Tuple

import numpy as np

from ._contour import contour_by_euler
from ._model import EdgePuzzle, check_puzzle
from ._rotations import Rotations, piece_rotations
from ._score import neighbour, rim_sides


def _zero_pattern(puzzle: EdgePuzzle, r: int, c: int) -> Tuple[bool, ...]:
    return rim_sides(puzzle, r, c)


def _checkerboard_fill(puzzle: EdgePuzzle, board: np.ndarray, cells, rot: Dict[int, int], avail: List[int]) -> None:
    by_pattern = defaultdict(list)
    for p in avail:
        by_pattern[tuple(x == 0 for x in puzzle.edges(p, rot[p]))].append(p)
    for r, c in cells:
        pool = by_pattern[_zero_pattern(puzzle, r, c)]
        if pool:
            p = pool.pop()
            board[r, c] = (p, rot[p])


def checkerboard_approximation(puzzle: EdgePuzzle, rotations: Rotations = None) -> np.ndarray:
    """Proposition 4.1: with rotations known, put pieces on one colour class of a checkerboard
    (the larger one), each with its frame edges where the cell needs them. No two placed pieces
    touch, so every placed piece is valid: at least ceil(mn/2) valid pieces on a solvable puzzle.

    Example:
        >>> from cassetete.edgematch import generate, valid_pieces
        >>> p, b = generate(5, 5, colors=3, seed=4)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(5) for c in range(5)}
        >>> valid_pieces(p, checkerboard_approximation(p, rots)) >= 13
        True
    """
    check_puzzle(puzzle)
    rot = piece_rotations(puzzle, rotations)
    board = np.full((puzzle.rows, puzzle.cols, 2), -1, dtype=np.int64)
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r + c) % 2 == 0]
    _checkerboard_fill(puzzle, board, cells, rot, list(range(puzzle.size)))
    return board


def contour_checkerboard_approximation(puzzle: EdgePuzzle, rotations: Rotations = None) -> np.ndarray:
    """Corollary 4.3: the whole frame by :func:`contour_by_euler`, then a checkerboard inside
    starting next to the frame (cells that touch the frame on one side only need one match,
    which the remaining pieces can provide). Guarantee on a solvable puzzle: at least
    (mn + 2(m + n) - 12) / 2 valid pieces. Falls back to the plain checkerboard if the contour
    has no solution.

    Example:
        >>> from cassetete.edgematch import generate, valid_pieces
        >>> p, b = generate(6, 6, colors=4, seed=5)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(6) for c in range(6)}
        >>> valid_pieces(p, contour_checkerboard_approximation(p, rots)) >= (36 + 24 - 12) / 2
        True
    """
    check_puzzle(puzzle)
    rot = piece_rotations(puzzle, rotations)
    if puzzle.rows < 3 or puzzle.cols < 3:
        return checkerboard_approximation(puzzle, rot)
    frame = contour_by_euler(puzzle, rot)
    if frame is None:
        return checkerboard_approximation(puzzle, rot)
    board = np.full((puzzle.rows, puzzle.cols, 2), -1, dtype=np.int64)
    for (r, c), (p, q) in frame.items():
        board[r, c] = (p, q)
    used = {p for p, _ in frame.values()}
    avail = [p for p in range(puzzle.size) if p not in used]
    R, C = puzzle.rows, puzzle.cols
    for r in range(1, R - 1):
        for c in range(1, C - 1):
            if (r + c) % 2:
                continue
            need = {}
            for side in range(4):
                nb = neighbour(puzzle, r, c, side)
                if nb is not None and board[nb][0] >= 0:
                    q, qr = int(board[nb][0]), int(board[nb][1])
                    need[side] = puzzle.partner(puzzle.edges(q, qr)[(side + 2) % 4])
            for p in avail:
                e = puzzle.edges(p, rot[p])
                if 0 not in e and all(e[s] == v for s, v in need.items()):
                    board[r, c] = (p, rot[p])
                    avail.remove(p)
                    break
    return board
