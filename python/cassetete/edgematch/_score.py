"""The two measures of a partial board of Béhague (2024): :func:`valid_pieces` (section 4.1) and
:func:`matched_faces` (section 5.1), and the cell geometry the variants share (the rim sides of a
cell, its neighbours). A board may hold -1 (empty cell) where an approximation leaves holes.
"""

from __future__ import annotations

from typing import Optional, Tuple

from ._model import EdgePuzzle, check_board, check_puzzle, score


def rim_sides(puzzle: EdgePuzzle, r: int, c: int) -> Tuple[bool, bool, bool, bool]:
    """Which sides (N, E, S, W) of cell (r, c) lie on the rim."""
    return (r == 0, c == puzzle.cols - 1, r == puzzle.rows - 1, c == 0)


def neighbour(puzzle: EdgePuzzle, r: int, c: int, side: int) -> Optional[Tuple[int, int]]:
    """The cell across ``side`` (0 = N, 1 = E, 2 = S, 3 = W) of (r, c), None off the board."""
    rr, cc = r + (-1, 0, 1, 0)[side], c + (0, 1, 0, -1)[side]
    if 0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols:
        return rr, cc
    return None


def valid_pieces(puzzle: EdgePuzzle, board) -> int:
    """Number of placed pieces that are valid (Béhague 2024, section 4.1): label 0 exactly on the rim
    sides, and every placed neighbour matching.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(3, 3, colors=2, seed=0)
        >>> valid_pieces(p, b)
        9
    """
    check_puzzle(puzzle)
    b = check_board(puzzle, board)
    count = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            p, rot = int(b[r, c, 0]), int(b[r, c, 1])
            if p < 0:
                continue
            e = puzzle.edges(p, rot)
            ok = True
            for side in range(4):
                nb = neighbour(puzzle, r, c, side)
                if nb is None:
                    ok &= e[side] == 0
                    continue
                ok &= e[side] != 0
                q, qrot = int(b[nb[0], nb[1], 0]), int(b[nb[0], nb[1], 1])
                if q >= 0:
                    ok &= puzzle.matches(e[side], puzzle.edges(q, qrot)[(side + 2) % 4])
            count += bool(ok)
    return count


def matched_faces(puzzle: EdgePuzzle, board) -> int:
    """Pairs of neighbouring faces that agree, the measure of Béhague (2024), section 5.1: rim faces
    showing 0 plus matched inner joins, out of 2mn + m + n.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(3, 4, colors=2, seed=0)
        >>> matched_faces(p, b) == 2 * 12 + 3 + 4
        True
    """
    check_puzzle(puzzle)
    b = check_board(puzzle, board)
    rim = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if b[r, c, 0] < 0:
                continue
            e = puzzle.edges(int(b[r, c, 0]), int(b[r, c, 1]))
            rim += sum(1 for side in range(4) if neighbour(puzzle, r, c, side) is None and e[side] == 0)
    return rim + score(puzzle, b)[0]
