"""PUZZLE-POSITION (positions known, rotations unknown), Béhague (2024), section 5.2:
:func:`propagate_orientations` (Algorithm 1, orientation propagation) and :func:`solve_positions`
(Algorithm 1 with a search fallback when it stalls; also counts).

Known rotations are given the same way to every variant (see ``_rotations``): per piece as
``{piece: quarter turns}`` or a sequence indexed by piece, or per cell as a (rows, cols) array
with -1 = unknown. Anything else, an unknown piece or a rotation outside 0..3 is a PuzzleError.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_limit
from ._model import EdgePuzzle, check_puzzle
from ._rotations import Rotations, cell_rotations
from ._score import neighbour


def check_positions(puzzle: EdgePuzzle, positions) -> np.ndarray:
    """The (rows, cols) array of the piece in each cell, a permutation of the pieces."""
    check_puzzle(puzzle)
    try:
        pos = np.asarray(positions)
    except Exception:
        pos = np.asarray(None)
    want = f"positions must be a ({puzzle.rows}, {puzzle.cols}) array holding each piece 0..{puzzle.size - 1} once"
    if pos.shape != (puzzle.rows, puzzle.cols) or (pos.size and not np.issubdtype(pos.dtype, np.integer)):
        raise PuzzleError(f"{want}, got {type(positions).__name__} of shape {pos.shape}")
    pos = pos.astype(np.int64)
    if sorted(pos.ravel().tolist()) != list(range(puzzle.size)):
        bad = sorted(set(range(puzzle.size)) - set(pos.ravel().tolist()))
        raise PuzzleError(f"{want}; piece {bad[0]} is missing")
    return pos


def cell_options(puzzle: EdgePuzzle, positions: np.ndarray, rots: np.ndarray, r: int, c: int) -> List[int]:
    """Rotations of the piece at (r, c) that agree with the rim and the oriented neighbours;
    rotations showing the same edges are listed once."""
    p = int(positions[r, c])
    seen, out = set(), []
    for rot in range(4):
        e = puzzle.edges(p, rot)
        if e in seen:
            continue
        seen.add(e)
        ok = True
        for side in range(4):
            nb = neighbour(puzzle, r, c, side)
            if nb is None:
                ok &= e[side] == 0
            else:
                ok &= e[side] != 0
                if rots[nb] >= 0:
                    ok &= puzzle.matches(e[side], puzzle.edges(int(positions[nb]), int(rots[nb]))[(side + 2) % 4])
            if not ok:
                break
        if ok:
            out.append(rot)
    return out


def propagate_orientations(puzzle: EdgePuzzle, positions, rotations: Rotations = None) -> Tuple[np.ndarray, bool]:
    """Algorithm 1 (Béhague 2024, section 5.2): repeatedly orient every piece that has a single
    possible layout given the rim and the oriented pieces. Returns (rotations per cell with -1
    where still unknown, consistent) where consistent is False if some piece has no possible
    layout. ``rotations``: those already known, per cell (a (rows, cols) array, -1 = unknown)
    or per piece (``{piece: rotation}`` or a sequence by piece).

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=6, seed=1)
        >>> rots, ok = propagate_orientations(p, b[:, :, 0])
        >>> ok and bool((rots >= 0).all())
        True
    """
    pos = check_positions(puzzle, positions)
    return propagate(puzzle, pos, cell_rotations(puzzle, pos, rotations))


def propagate(puzzle: EdgePuzzle, pos: np.ndarray, known: np.ndarray) -> Tuple[np.ndarray, bool]:
    r_ = known.copy()
    changed = True
    while changed:
        changed = False
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                if r_[r, c] >= 0:
                    continue
                opts = cell_options(puzzle, pos, r_, r, c)
                if not opts:
                    return r_, False
                if len(opts) == 1:
                    r_[r, c] = opts[0]
                    changed = True
    return r_, True


def solve_positions(puzzle: EdgePuzzle, positions, *, count: bool = False,
                    limit: Optional[int] = None, rotations: Rotations = None) -> Tuple[Optional[np.ndarray], int]:
    """PUZZLE-POSITION: Algorithm 1, then (when it stalls) branching on the cell with the fewest
    rotations left and propagating again. Returns (a board or None, number of solutions found:
    all of them with ``count=True``, at most ``limit``, else at most 1). ``rotations``: those
    already known (e.g. the clues'), per cell (a (rows, cols) array, -1 = unknown) or per piece
    (``{piece: rotation}`` or a sequence by piece), as in :func:`propagate_orientations`.

    Example:
        >>> from cassetete.edgematch import fibonacci_instance
        >>> board, n = solve_positions(*fibonacci_instance(6), count=True)
        >>> n
        5
    """
    pos = check_positions(puzzle, positions)
    known = cell_rotations(puzzle, pos, rotations)
    limit = check_limit(limit)
    found: List[np.ndarray] = []
    total = 0

    def rec(rots: np.ndarray) -> bool:
        nonlocal total
        rots, ok = propagate(puzzle, pos, rots)
        if not ok:
            return False
        free = np.argwhere(rots < 0)
        if len(free) == 0:
            total += 1
            if not found:
                found.append(np.stack([pos, rots], axis=-1))
            return not count or (limit is not None and total >= limit)
        best = min(((len(cell_options(puzzle, pos, rots, int(r), int(c))), int(r), int(c)) for r, c in free))
        _, r, c = best
        for rot in cell_options(puzzle, pos, rots, r, c):
            nxt = rots.copy()
            nxt[r, c] = rot
            if rec(nxt):
                return True
        return False

    rec(known)
    return (found[0] if found else None), total
