"""Checking a board against the rules, independent of the solvers, and certifying the answers
the solvers return (issue 22: no ``solved`` board leaves the library unchecked)."""

from __future__ import annotations

from typing import Optional

import numpy as np

from .._errors import PuzzleError, certify
from ._formats import as_puzzle
from ._model import EdgePuzzle, cell_edges, check_board, score


def _well_formed(puzzle: EdgePuzzle, board) -> np.ndarray:
    """``board`` as an int64 array, or PuzzleError when it is not a board of this puzzle at all
    (wrong shape, not integers, a piece that does not exist, a rotation outside 0..3). A piece
    placed twice is well-formed (it breaks a rule: :func:`verify` answers False)."""
    try:
        return check_board(puzzle, board)
    except PuzzleError as error:
        if "placed twice" not in str(error):
            raise
    # Only repeats so far: check every cell's piece and rotation with the repeats emptied.
    b = np.asarray(board).astype(np.int64)
    pieces = b[:, :, 0].ravel()
    _, first = np.unique(pieces, return_index=True)
    once = np.full(pieces.shape, -1, dtype=np.int64)
    once[first] = pieces[first]
    single = b.copy()
    single[:, :, 0] = once.reshape(b.shape[:2])
    check_board(puzzle, single)
    placed = b[:, :, 0] >= 0
    bad = np.argwhere(placed & ((b[:, :, 1] < 0) | (b[:, :, 1] > 3)))
    if len(bad):
        r, c = (int(x) for x in bad[0])
        raise PuzzleError(f"board cell ({r}, {c}): rotation {int(b[r, c, 1])} of piece {int(b[r, c, 0])} "
                          f"(expected 0..3)")
    return b


def verify(puzzle: EdgePuzzle, board) -> bool:
    """True when ``board`` is a complete solution: every piece used once, clues respected,
    frame label 0 exactly on the rim, every inner join matching; False for a board that breaks
    one of these rules (empty cells, a piece placed twice, a wrong join).

    Raises PuzzleError when ``board`` is not a board of this puzzle at all: a shape other than
    (rows, cols, 2), values that are not integers, a piece that does not exist, a rotation
    outside 0..3 (as :func:`check_board`, :func:`valid_pieces` and :func:`render` do).

    Example:
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> verify(p, [[[0, 0], [1, 0]]]), verify(p, [[[1, 0], [0, 0]]]), verify(p, [[[0, 0], [0, 0]]])
        (True, False, False)
        >>> verify(p, [[[0, 0], [99, 0]]])
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: board cell (0, 1): piece 99 does not exist (pieces 0..1, -1 = empty)
    """
    puzzle = as_puzzle(puzzle)
    b = _well_formed(puzzle, board)
    pieces = b[:, :, 0].ravel()
    if sorted(pieces.tolist()) != list(range(puzzle.size)):
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


def certified(puzzle: EdgePuzzle, board, what: str = "solution") -> np.ndarray:
    """``board`` as an array once :func:`verify` accepts it; :class:`cassetete.CheckFailed`
    (through :func:`cassetete._errors.certify`) when a solver returned a board that breaks the
    rules or is not a board of this puzzle: a bug, never returned as an answer.

    Example:
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> certified(p, [[[0, 0], [1, 0]]]).tolist()
        [[[0, 0], [1, 0]]]
        >>> certified(p, [[[1, 0], [0, 0]]])
        Traceback (most recent call last):
        ...
        cassetete._errors.CheckFailed: internal error: the edgematch solver ... (solution: the board fails verify); ...
    """
    detail: Optional[str] = None
    try:
        ok = verify(puzzle, board)
    except PuzzleError as error:
        ok, detail = False, f"{what}: {error}"
    certify(ok, "edgematch", detail or f"{what}: the board fails verify")
    return np.asarray(board)


def certify_result(result):
    """``result`` unchanged once its board is certified when its status is ``"solved"`` (and
    its solution a board); see :func:`certified`.

    Example:
        >>> from cassetete.edgematch import generate, solve
        >>> p, _ = generate(3, 3, colors=3, seed=1)
        >>> certify_result(solve(p)).status
        'solved'
    """
    if result.status == "solved" and result.solution is not None:
        certified(result.puzzle, result.solution)
    return result
