"""The PUZZLE-POSITION approximation of Béhague (2024), theorem 5.2: :func:`position_path_approximation`,
the frame oriented from the rim, then the rotations along a snake path through the inside chosen
by dynamic programming.
"""

from __future__ import annotations

from typing import List, Optional

import numpy as np

from ._model import EdgePuzzle
from ._positions import cell_options, check_positions
from ._score import neighbour, rim_sides


def position_path_approximation(puzzle: EdgePuzzle, positions) -> Optional[np.ndarray]:
    """Theorem 5.2 (PUZZLE-POSITION approximation): orient the frame from the rim (proposition
    5.1), keep for each inner piece the rotations that agree with its frame neighbours, then pick
    rotations along a snake path through the inside so that every join along the path matches
    (a longest-path choice over the layered graph of (piece, rotation) vertices, solved by
    dynamic programming; the paper phrases it as an Eulerian walk). On a solvable instance with
    m, n >= 3 at least mn + 4(m + n) - 9 of the 2mn + m + n face pairs agree (rim faces, frame
    joins, frame-to-inside joins and the path's joins). With a side of 2 every piece is on the
    frame and every face pair agrees; the paper's formula does not cover that case (for m = 2 and
    n > 3 it exceeds the 2mn + m + n face pairs). None if some piece has no rotation that fits
    the rim.

    Example:
        >>> from cassetete.edgematch import generate, matched_faces
        >>> p, b = generate(6, 6, colors=3, seed=2)
        >>> board = position_path_approximation(p, b[:, :, 0])
        >>> matched_faces(p, board) >= 36 + 4 * 12 - 9
        True
        >>> q, b2 = generate(2, 6, colors=3, seed=1)  # a side of 2: all 2mn + m + n = 32 agree
        >>> matched_faces(q, position_path_approximation(q, b2[:, :, 0]))
        32
    """
    pos = check_positions(puzzle, positions)
    R, C = puzzle.rows, puzzle.cols
    rots = np.full((R, C), -1, dtype=np.int64)
    for r in range(R):
        for c in range(C):
            if 0 < r < R - 1 and 0 < c < C - 1:
                continue
            rim = rim_sides(puzzle, r, c)
            fits = [rot for rot in range(4)
                    if tuple(x == 0 for x in puzzle.edges(int(pos[r, c]), rot)) == rim]
            if not fits:
                return None
            rots[r, c] = fits[0]
    path = []
    for r in range(1, R - 1):
        cols = range(1, C - 1) if r % 2 else range(C - 2, 0, -1)
        path += [(r, c) for c in cols]
    if path:
        opts = []
        for r, c in path:
            o = cell_options(puzzle, pos, rots, r, c)
            if not o:
                return None
            opts.append(o)
        # dynamic programming: best[i][j] = most matched path joins ending with opts[i][j]
        best = [[0] * len(opts[0])]
        back: List[List[int]] = [[-1] * len(opts[0])]
        for i in range(1, len(path)):
            (r0, c0), (r1, c1) = path[i - 1], path[i]
            side = next(s for s in range(4) if neighbour(puzzle, r0, c0, s) == (r1, c1))
            row_best, row_back = [], []
            for rot1 in opts[i]:
                e1 = puzzle.edges(int(pos[r1, c1]), rot1)[(side + 2) % 4]
                cand = [(best[-1][j] + puzzle.matches(puzzle.edges(int(pos[r0, c0]), rot0)[side], e1), j)
                        for j, rot0 in enumerate(opts[i - 1])]
                value, j = max(cand)
                row_best.append(value)
                row_back.append(j)
            best.append(row_best)
            back.append(row_back)
        j = int(np.argmax(best[-1]))
        for i in range(len(path) - 1, -1, -1):
            rots[path[i]] = opts[i][j]
            j = back[i][j]
    return np.stack([pos, rots], axis=-1)
