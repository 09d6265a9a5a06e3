"""Whether a board is an assembly, from the rules alone (the edge kinds): independent of the
solvers, it certifies every ``"solved"`` board."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._assemble import board_joins
from ._edges import FLAT, EdgeSet


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
