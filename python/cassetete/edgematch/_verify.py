"""Checking a board against the rules, independent of the solvers."""

from __future__ import annotations

import numpy as np

from .._errors import PuzzleError
from ._formats import as_puzzle
from ._model import EdgePuzzle, cell_edges, check_board, score


def verify(puzzle: EdgePuzzle, board) -> bool:
    """True when ``board`` is a complete solution: every piece used once, clues respected,
    frame label 0 exactly on the rim, every inner join matching.

    Example:
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> verify(p, [[[0, 0], [1, 0]]]), verify(p, [[[1, 0], [0, 0]]])
        (True, False)
    """
    puzzle = as_puzzle(puzzle)
    try:
        b = check_board(puzzle, board)
    except PuzzleError:
        return False
    pieces = b[:, :, 0].ravel()
    if sorted(pieces.tolist()) != list(range(puzzle.size)) or b[:, :, 1].min() < 0 or b[:, :, 1].max() > 3:
        return False
    for (r, c), (p, rot) in puzzle.fixed.items():
        if int(b[r, c, 0]) != p or puzzle.edges(p, rot) != puzzle.edges(p, int(b[r, c, 1])):
            return False
    e = cell_edges(puzzle, b)
    rim = np.zeros((puzzle.rows, puzzle.cols, 4), dtype=bool)
    rim[0, :, 0] = rim[-1, :, 2] = rim[:, -1, 1] = rim[:, 0, 3] = True
    if np.any((e == 0) != rim):
        return False
    return score(puzzle, b)[0] == puzzle.total_joins
