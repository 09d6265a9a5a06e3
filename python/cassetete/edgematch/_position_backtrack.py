"""Béhague (2024), section 6.1: backtracking on positions with relaxed constraints, then Algorithm 1.

Instead of choosing a piece *and* a rotation for each cell, the search first places pieces only
(a tree of at most (mn)! branches instead of (mn)! 4^(mn)), checking two necessary conditions
that do not depend on rotations:

- when a piece p is placed, every placed neighbour has at least one label that can meet a label
  of p (and p has as many 0 labels as the cell has rim sides: frame pieces stay on the frame);
- when a cell gets all its neighbours, every label of its piece can meet a label of one of them.

Each complete placement is a PUZZLE-POSITION instance, settled by the orientation propagation
of section 5.2 (Algorithm 1, :func:`solve_positions`, which stops as soon as a piece has no
rotation left). Every solution has exactly one placement, so the counts add up.

The paper presents this as an improvement over naive backtracking for puzzles with many colours;
its own conclusion (section 6.2) is that placement-and-rotation backtracking with corner filling
(our C++ engine, :func:`solve`) stays the better method. This module is the reference
implementation of Béhague's method, in Python, for small puzzles and comparisons.
"""

from __future__ import annotations

import time
from typing import List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_limit, check_time_limit
from .._result import Result
from ._model import EdgePuzzle, check_puzzle
from ._positions import solve_positions
from ._score import valid_pieces
from ._verify import certify_result


def _labels_meet(puzzle: EdgePuzzle) -> np.ndarray:
    """meet[p, q]: some non-zero label of p can face some non-zero label of q."""
    k = puzzle.size
    labels = [set(int(x) for x in puzzle.pieces[p] if x != 0) for p in range(k)]
    wanted = [{puzzle.partner(a) for a in labels[p]} for p in range(k)]
    meet = np.zeros((k, k), dtype=bool)
    for p in range(k):
        for q in range(k):
            meet[p, q] = bool(wanted[p] & labels[q])
    return meet


def solve_by_positions(
    puzzle: EdgePuzzle,
    *,
    count: bool = False,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Result:
    """Solve (or count) a puzzle by Béhague's section 6.1 method.

    Returns a :class:`cassetete.Result`: the first board found, status ``"solved"``,
    ``"unsatisfiable"`` or ``"limit"`` (``time_limit`` seconds or ``limit`` solutions reached
    while counting), and stats ``count``, ``placements`` (pieces placed), ``instances``
    (complete placements handed to Algorithm 1), ``seconds``, ``complete``.

    Example:
        >>> from cassetete.edgematch import generate, verify
        >>> p, _ = generate(3, 3, colors=4, distinct=True, seed=3)
        >>> r = solve_by_positions(p)
        >>> r.status, verify(p, r.solution)
        ('solved', True)
    """
    check_puzzle(puzzle)
    time_limit = check_time_limit(time_limit)
    if time_limit is not None and time_limit <= 0:
        raise PuzzleError(f"time_limit must be positive, got {time_limit}")
    limit = check_limit(limit)
    rows, cols, k = puzzle.rows, puzzle.cols, puzzle.size
    start = time.monotonic()
    deadline = None if time_limit is None else start + time_limit
    stats = {"count": 0, "placements": 0, "instances": 0, "seconds": 0.0, "complete": True}

    positions = np.full((rows, cols), -1, dtype=np.int64)
    rotations = np.full((rows, cols), -1, dtype=np.int64)
    used = np.zeros(k, dtype=bool)
    for (r, c), (p, rot) in puzzle.fixed.items():
        positions[r, c], rotations[r, c], used[p] = p, rot, True
    clue_board = np.stack([positions, np.where(rotations < 0, 0, rotations)], axis=-1)
    if valid_pieces(puzzle, clue_board) != len(puzzle.fixed):
        stats["seconds"] = time.monotonic() - start
        return Result("unsatisfiable", None, stats, puzzle=puzzle)  # the clues contradict the rim or each other

    meet = _labels_meet(puzzle)
    zeros = np.array([int(np.sum(np.asarray(puzzle.pieces[p]) == 0)) for p in range(k)])
    neighbours: List[List[List[Tuple[int, int]]]] = [[[] for _ in range(cols)] for _ in range(rows)]
    rim = np.zeros((rows, cols), dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    neighbours[r][c].append((r + dr, c + dc))
                else:
                    rim[r, c] += 1
    free_cells = [(r, c) for r in range(rows) for c in range(cols) if positions[r, c] < 0]
    first: List[np.ndarray] = []

    def surrounded_ok(r: int, c: int) -> bool:
        """Second condition, for a cell whose neighbours are all placed."""
        p = positions[r, c]
        around = [positions[y] for y in neighbours[r][c]]
        if any(q < 0 for q in around):
            return True
        for a in set(int(x) for x in puzzle.pieces[p] if x != 0):
            want = puzzle.partner(a)
            if not any(want in (int(x) for x in puzzle.pieces[q]) for q in around):
                return False
        return True

    def out_of_time() -> bool:
        if deadline is not None and time.monotonic() > deadline:
            stats["complete"] = False
            return True
        return False

    def stop_now() -> bool:
        if stats["count"] and (not count or (limit is not None and stats["count"] >= limit)):
            return True
        return out_of_time()

    def place(i: int) -> bool:
        """Fills free_cells[i:]; True when the search must stop."""
        if i == len(free_cells):
            stats["instances"] += 1
            want = None if not count or limit is None else limit - int(stats["count"])
            board, n = solve_positions(puzzle, positions, count=count, limit=want, rotations=rotations)
            if n and not first and board is not None:
                first.append(board)
            stats["count"] += n
            return stop_now()
        r, c = free_cells[i]
        for p in range(k):
            if used[p] or zeros[p] != rim[r, c]:
                continue
            if any(positions[y] >= 0 and not meet[p, positions[y]] for y in neighbours[r][c]):
                continue
            positions[r, c], used[p] = p, True
            stats["placements"] += 1
            ok = surrounded_ok(r, c) and all(surrounded_ok(*y) for y in neighbours[r][c] if positions[y] >= 0)
            if ok and place(i + 1):
                positions[r, c], used[p] = -1, False
                return True
            positions[r, c], used[p] = -1, False
            if stats["placements"] % 256 == 0 and out_of_time():
                return True
        return False

    place(0)
    stats["seconds"] = time.monotonic() - start
    reached = count and limit is not None and stats["count"] >= limit
    if reached:
        stats["complete"] = False  # stopped at `limit` solutions: the count is a lower bound
    board = first[0] if first else None
    if board is not None:
        status = "solved" if stats["complete"] or reached or not count else "limit"
    else:
        status = "unsatisfiable" if stats["complete"] else "limit"
    return certify_result(Result(status, board, stats, puzzle=puzzle))
