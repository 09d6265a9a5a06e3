"""Exact search: solve, count_solutions, split (C++ backtracking engine, GIL released)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._result import Result
from ._model import EdgePuzzle
from ._orders import ORDERS, cell_order

METHODS = ("backtrack", "vlns")


def _core():
    from .. import _core

    return _core


def _check(puzzle: EdgePuzzle) -> None:
    if not isinstance(puzzle, EdgePuzzle):
        raise PuzzleError(f"expected an EdgePuzzle, got {type(puzzle).__name__}")


def _run(puzzle: EdgePuzzle, *, order: str, count: bool, limit: Optional[int], seed, time_limit, node_limit):
    _check(puzzle)
    if order not in ORDERS:
        raise PuzzleError(f"unknown order {order!r}; expected one of {ORDERS}")
    ids, compl, _ = puzzle.encode()
    return _core().edgematch_search(
        puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(), cell_order(puzzle.rows, puzzle.cols, order),
        first_fail=(order == "first_fail"), count=count, limit=int(limit or 0),
        seed=None if seed is None else int(seed) & 0xFFFFFFFFFFFFFFFF,
        time_limit=time_limit, node_limit=node_limit,
    )


def symmetry_parts(puzzle: EdgePuzzle) -> Optional[Tuple[int, List[EdgePuzzle]]]:
    """Board-rotation symmetry for counting: ``(factor, parts)`` such that the puzzle's count is
    ``factor * sum(count(part))``, or None when it does not apply (clues, a 1-wide board, no
    corner piece).

    A corner piece (two adjacent frame edges) sits in a corner of every solution, and turning
    the whole board moves it from corner to corner, one-to-one on solutions. So on a square
    board the count is 4 times the count with that piece in the top-left corner; on a
    rectangle (half turn only) it is 2 times the count with it top-left or top-right.

    Example:
        >>> from cassetete.edgematch import generate, count_solutions
        >>> p, _ = generate(3, 3, colors=3, seed=1)
        >>> factor, parts = symmetry_parts(p)
        >>> factor, len(parts)
        (4, 1)
        >>> factor * sum(count_solutions(q, symmetry=False) for q in parts) == count_solutions(p, symmetry=False)
        True
    """
    _check(puzzle)
    if puzzle.fixed or puzzle.rows < 2 or puzzle.cols < 2:
        return None
    for p in range(puzzle.size):
        zeros = [int(x) == 0 for x in puzzle.pieces[p]]
        if sum(zeros) != 2 or not any(zeros[s] and zeros[(s + 1) % 4] for s in range(4)):
            continue
        top_left = next(r for r in range(4) if puzzle.edges(p, r)[0] == 0 and puzzle.edges(p, r)[3] == 0)
        if puzzle.rows == puzzle.cols:
            return 4, [puzzle.with_fixed({(0, 0): (p, top_left)})]
        top_right = next(r for r in range(4) if puzzle.edges(p, r)[0] == 0 and puzzle.edges(p, r)[1] == 0)
        return 2, [puzzle.with_fixed({(0, 0): (p, top_left)}),
                   puzzle.with_fixed({(0, puzzle.cols - 1): (p, top_right)})]
    return None


def solve(
    puzzle: EdgePuzzle,
    method: str = "backtrack",
    *,
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    seed: Optional[int] = None,
    **local: Any,
) -> Result:
    """Find one solution (``"backtrack"``) or the best board found in a time budget (``"vlns"``).

    Args:
        method: ``"backtrack"`` (exact C++ engine with candidate tables) or ``"vlns"`` (the
            very-large-neighbourhood tabu search of seed 002, see :func:`solve_local` for its
            options: ``workers``, ``checkpoint``, ``progress``, ``init``, ``neighbourhood_size``,
            ``iterations``, ``relax``, ``tuning``; ``node_limit`` bounds its CP initialisation).
        order: ``"row"``, ``"border"``, ``"spiral"``, ``"corner"`` or ``"first_fail"``.
        seed: None = candidates in piece order; an int shuffles them (another first solution).

    Returns a :class:`cassetete.Result` whose ``solution`` is a (rows, cols, 2) board of
    (piece, quarter turns clockwise); ``stats["nodes"]`` counts placements.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle, solve
        >>> from cassetete.edgematch import verify
        >>> p = EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]])
        >>> verify(p, solve(p).solution)
        True
    """
    if method not in METHODS:
        raise PuzzleError(f"unknown method {method!r}; expected one of {METHODS}")
    if method == "vlns":
        from ._local import solve_local

        if node_limit is not None:
            local.setdefault("node_limit", node_limit)
        return solve_local(puzzle, time_limit=time_limit, seed=seed, **local)
    if local:
        raise PuzzleError(f"option(s) {sorted(local)} only apply to method='vlns'")
    out = _run(puzzle, order=order, count=False, limit=None, seed=seed, time_limit=time_limit, node_limit=node_limit)
    board = out["board"]
    return Result(out["status"], None if board is None else np.asarray(board), dict(out["stats"]))


def count(
    puzzle: EdgePuzzle,
    limit: Optional[int] = None,
    *,
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    symmetry: bool = True,
) -> Result:
    """Count solutions; a Result with ``stats["count"]`` and ``stats["complete"]`` (False when a
    limit stopped the count first) and the first solution found.

    With ``symmetry`` (and no ``limit``) the count runs on :func:`symmetry_parts` (a corner
    piece pinned, 4x less search on a square board) and is multiplied back, so the figure
    still includes every rotated board. A ``time_limit``/``node_limit`` applies to each part.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle, count
        >>> count(EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]])).stats["count"]  # the board and its half turn
        2
    """
    sym = symmetry_parts(puzzle) if symmetry and not limit else None
    if sym is not None:
        factor, parts = sym
        results = [count(q, order=order, time_limit=time_limit, node_limit=node_limit, symmetry=False) for q in parts]
        stats = dict(results[0].stats)
        for key in ("nodes", "seconds"):
            stats[key] = sum(r.stats[key] for r in results)
        stats["count"] = factor * sum(r.stats["count"] for r in results)
        stats["complete"] = all(r.stats["complete"] for r in results)
        stats["symmetry_factor"] = factor
        stats["stop"] = next((r.stats["stop"] for r in results if r.stats["stop"] != "none"), "none")
        first = next((r for r in results if r.solution is not None), results[0])
        status = "solved" if stats["count"] else ("unsatisfiable" if stats["complete"] else "limit")
        if status == "solved" and not stats["complete"]:
            status = "limit"
        return Result(status, first.solution, stats)
    out = _run(puzzle, order=order, count=True, limit=limit, seed=None, time_limit=time_limit, node_limit=node_limit)
    stats = dict(out["stats"])
    stats["count"] = int(out["solutions"])
    stats["complete"] = bool(out["complete"])
    board = out["board"]
    status = out["status"]
    if status == "solved" and stats["stop"] not in ("none",) and not stats["complete"]:
        status = "limit" if limit is None or stats["count"] < limit else status
    return Result(status, None if board is None else np.asarray(board), stats)


def count_solutions(
    puzzle: EdgePuzzle,
    limit: Optional[int] = None,
    *,
    order: str = "row",
    workers: int = 1,
    split_depth: int = 3,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    symmetry: bool = True,
) -> int:
    """Number of solutions (stops at ``limit`` when given). Symmetric rotations of one piece
    that show the same edges count once; rotated boards count separately (``symmetry`` only
    makes the search smaller, see :func:`symmetry_parts`). With ``workers`` > 1 the tree is
    split at ``split_depth`` and the parts are counted on threads (the engine releases the GIL).

    Raises PuzzleError if a time or node limit stops the count before it is complete.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle, count_solutions
        >>> count_solutions(EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]]))
        2
    """
    if workers is None or workers == 1:
        res = count(puzzle, limit, order=order, time_limit=time_limit, node_limit=node_limit, symmetry=symmetry)
        if not res.stats["complete"] and (limit is None or res.stats["count"] < limit):
            raise PuzzleError("the count was stopped by a time or node limit before it finished")
        return int(res.stats["count"])
    if order == "first_fail":
        order = "row"
    factor, roots = (1, [puzzle])
    sym = symmetry_parts(puzzle) if symmetry and not limit else None
    if sym is not None:
        factor, roots = sym
    parts = [q for root in roots for q in split(root, split_depth, order=order)]
    n = len(parts) if workers <= 0 else workers
    with ThreadPoolExecutor(max_workers=max(1, n)) as pool:
        counts = list(pool.map(lambda p: count_solutions(p, limit, order=order, time_limit=time_limit,
                                                         node_limit=node_limit, symmetry=False), parts))
    total = factor * sum(counts)
    return min(total, limit) if limit else total


def split(puzzle: EdgePuzzle, depth: int, *, order: str = "row") -> List[EdgePuzzle]:
    """Sub-puzzles after the first ``depth`` placements along ``order`` (static orders only):
    the same puzzle with more clues. Their solution counts add up to the puzzle's; every
    sub-puzzle pickles, so any ``concurrent.futures`` executor can map them.

    Example:
        >>> from cassetete.edgematch import generate, split, count_solutions
        >>> p, _ = generate(3, 3, colors=3, seed=1)
        >>> sum(count_solutions(q) for q in split(p, 2)) == count_solutions(p)
        True
    """
    _check(puzzle)
    if order == "first_fail":
        raise PuzzleError("split needs a static order (row, border, spiral, corner)")
    if order not in ORDERS:
        raise PuzzleError(f"unknown order {order!r}; expected one of {ORDERS}")
    ids, compl, _ = puzzle.encode()
    parts = _core().edgematch_split(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(),
                                    cell_order(puzzle.rows, puzzle.cols, order), int(depth))
    out = []
    for arr in parts:
        fixed = {(int(c) // puzzle.cols, int(c) % puzzle.cols): (int(p), int(r)) for c, p, r in np.asarray(arr)}
        out.append(puzzle.with_fixed(fixed))
    return out
