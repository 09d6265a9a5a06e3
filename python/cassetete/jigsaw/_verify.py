"""Whether a board is an assembly, from the rules alone (the edge kinds): independent of the
solvers, it certifies every ``"solved"`` and ``"feasible"`` board; :func:`verify` is the verb."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from .._errors import PuzzleError
from ._assemble import board_joins, check_joins, dissimilarities
from ._edges import FLAT, EdgeSet, analyse
from ._model import JigsawPuzzle


def board_problem(edges: EdgeSet, board: Any) -> Optional[str]:
    """What breaks the rules of an assembly in ``board``, or None when it is one: a
    (rows, cols, 2) array of (piece, quarter turns 0..3) using every piece once, a flat edge on
    every side of the rim and none inside, a tab against a blank across every inner join.
    Independent of the solvers (it reads only the edge kinds); :func:`solve` certifies every
    ``"solved"`` board with it.

    Example:
        >>> from cassetete.jigsaw import find_edges, generate, solve
        >>> puzzle, _ = generate(3, 3, seed=4)
        >>> es = find_edges(puzzle)
        >>> board = solve(puzzle).solution
        >>> board_problem(es, board) is None
        True
        >>> board_problem(es, board[:, ::-1])
        'cell (0, 0): a flat edge on side E, inside the board'
    """
    kinds = np.asarray(edges.kinds)
    b = np.asarray(board)
    if b.ndim != 3 or b.shape[2] != 2 or not np.issubdtype(b.dtype, np.integer):
        return f"the board is not a (rows, cols, 2) integer array (shape {b.shape}, {b.dtype})"
    rows, cols = b.shape[:2]
    if sorted(b[:, :, 0].ravel().tolist()) != list(range(len(kinds))):
        return f"the board does not hold each of the {len(kinds)} pieces once"
    if b[:, :, 1].min() < 0 or b[:, :, 1].max() > 3:
        return "a rotation is outside 0..3"
    names = "NESW"
    kind_names = {FLAT: "a flat edge", 1: "a tab", -1: "a blank"}

    def shown(r: int, c: int, side: int) -> int:
        p, rot = int(b[r, c, 0]), int(b[r, c, 1])
        return int(kinds[p, (side - rot) % 4])   # edge k shows at side (k + rot) % 4

    for r in range(rows):
        for c in range(cols):
            for side, on_rim in ((0, r == 0), (1, c == cols - 1), (2, r == rows - 1), (3, c == 0)):
                kind = shown(r, c, side)
                if on_rim and kind != FLAT:
                    return f"cell ({r}, {c}): side {names[side]} shows {kind_names.get(kind, kind)}, the rim needs a flat edge"
                if not on_rim and kind == FLAT:
                    return f"cell ({r}, {c}): a flat edge on side {names[side]}, inside the board"
    for a, bcell, side_a, side_b in board_joins(b):
        if shown(*a, side_a) + shown(*bcell, side_b) != 0:
            return f"cells {a} and {bcell}: the join is not a tab against a blank"
    return None


def verify(puzzle: JigsawPuzzle, solution: Any, *, tolerance: Optional[float] = None) -> bool:
    """True when ``solution``, a (rows, cols, 2) board of (piece, quarter turns clockwise),
    assembles ``puzzle`` by the rules: every piece used once, a flat edge on every side of the
    rim and none inside, a tab against a blank across every inner join; with ``tolerance``,
    also every join fits within it (the RMS gap of the two edges over their length, as
    ``solve``'s ``doubt_cost``). False for a board of the right size that breaks a rule; a
    ``PuzzleError`` for one that is not such a board (another shape, piece numbers that are not
    the puzzle's, turns outside 0..3).

    Example:
        >>> from cassetete.jigsaw import generate, solve
        >>> puzzle, _ = generate(3, 3, seed=4)
        >>> board = solve(puzzle).solution
        >>> verify(puzzle, board), verify(puzzle, board[:, ::-1])
        (True, False)
    """
    board = _well_formed(puzzle, solution)
    edges = analyse(puzzle)
    if board_problem(edges, board) is not None:
        return False
    if tolerance is not None:
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not tolerance >= 0:
            raise PuzzleError(f"tolerance must be a number >= 0, got {tolerance!r}")
        return not check_joins(edges, dissimilarities(edges), board, float(tolerance))["doubtful"]
    return True


def _well_formed(puzzle: JigsawPuzzle, solution: Any) -> np.ndarray:
    """The board as an integer array, or a PuzzleError saying why it is not one of this puzzle."""
    if solution is None:
        raise PuzzleError("no board to check")
    try:
        board = np.asarray(solution)
    except ValueError:
        raise PuzzleError("the board is not a (rows, cols, 2) array") from None
    if board.ndim != 3 or board.shape[2] != 2 or board.dtype.kind not in "iu":
        raise PuzzleError(f"the board must be a (rows, cols, 2) integer array, got shape {board.shape}, {board.dtype}")
    if board.shape[0] * board.shape[1] != len(puzzle):
        raise PuzzleError(f"the board has {board.shape[0] * board.shape[1]} cells, the puzzle {len(puzzle)} pieces")
    pieces, turns = board[:, :, 0], board[:, :, 1]
    if pieces.min() < 0 or pieces.max() >= len(puzzle):
        raise PuzzleError(f"the board names pieces outside 0..{len(puzzle) - 1}")
    if turns.min() < 0 or turns.max() > 3:
        raise PuzzleError("the board has quarter turns outside 0..3")
    return board
