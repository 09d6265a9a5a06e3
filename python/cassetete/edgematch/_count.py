"""Counting solutions: count (a Result that says whether the count is complete) and
count_solutions (an exact int, or LimitReached), on one thread or on a split tree."""

from __future__ import annotations

import time
from typing import Any, Optional

import numpy as np

from .._errors import LimitReached, PuzzleError
from .._options import check_choice, check_count, check_limit, check_node_limit, check_time_limit, check_workers
from .._result import Result
from .._streams import progress_bar
from ._engine import _Budget, _core, _map_parts, _run
from ._formats import as_puzzle
from ._model import EdgePuzzle
from ._orders import ORDERS
from ._split import split, symmetry_parts
from ._verify import certify_result


def _status(count: int, complete: bool, limit: Optional[int]) -> str:
    if complete or (limit is not None and count >= limit):
        return "solved" if count else "unsatisfiable"
    return "limit"


def count(
    puzzle: EdgePuzzle,
    *,
    limit: Optional[int] = None,
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    symmetry: bool = True,
) -> Result:
    """Count solutions, as a Result that says whether the count is complete: ``stats["count"]``
    (a lower bound when a limit stopped it), ``stats["complete"]`` (no time or node limit
    stopped it: the count is exact, or reached the ``limit`` asked),
    status ``"solved"`` (count exact or capped at ``limit``), ``"unsatisfiable"`` (none, proved)
    or ``"limit"``; the first solution found as ``solution``.

    With ``symmetry`` (and no ``limit``) the count runs on :func:`symmetry_parts` (a corner
    piece pinned, 4x less search on a square board) and is multiplied back, so the figure
    still includes every rotated board. ``time_limit`` and ``node_limit`` bound the whole count.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle, count
        >>> count(EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]])).stats["count"]  # the board and its half turn
        2
    """
    puzzle = as_puzzle(puzzle)
    check_choice(order, "order", ORDERS)
    limit = check_limit(limit)
    budget = _Budget(check_time_limit(time_limit), check_node_limit(node_limit))
    if not isinstance(symmetry, bool):
        raise PuzzleError(f"symmetry must be True or False, got {symmetry!r}")
    sym = symmetry_parts(puzzle) if symmetry and not limit else None
    factor, parts = sym if sym is not None else (1, [puzzle])
    results = [_count_part(q, order, limit, budget) for q in parts]
    stats = dict(results[0][1])
    for key in ("nodes", "seconds"):
        stats[key] = sum(r[1][key] for r in results)
    stats["count"] = factor * sum(r[1]["count"] for r in results)
    stats["complete"] = all(r[1]["complete"] for r in results)
    stats["stop"] = next((r[1]["stop"] for r in results if r[1]["stop"] != "none"), "none")
    if sym is not None:
        stats["symmetry_factor"] = factor
    first = next((r[0] for r in results if r[0] is not None), None)
    return certify_result(Result(_status(stats["count"], stats["complete"], limit), first, stats, puzzle=puzzle))


def _count_part(puzzle: EdgePuzzle, order: str, limit: Optional[int], budget: _Budget, cancel=None):
    time_left, nodes_left = budget.limits()
    out = _run(puzzle, order=order, count=True, limit=limit, seed=None, time_limit=time_left,
               node_limit=nodes_left, cancel=cancel)
    stats = dict(out["stats"])
    budget.spend(int(stats["nodes"]))
    stats["count"] = int(out["count"])
    stats["complete"] = bool(out["complete"])
    board = out["board"]
    return (None if board is None else np.asarray(board)), stats


def count_solutions(
    puzzle: EdgePuzzle,
    *,
    limit: Optional[int] = None,
    order: str = "row",
    workers: int = 1,
    split_depth: int = 3,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    symmetry: bool = True,
    progress: bool = False,
    executor: Any = None,
    checkpoint: Optional[str] = None,
) -> int:
    """The exact number of solutions, or ``limit`` when there are at least that many. Symmetric
    rotations of one piece that show the same edges count once; rotated boards count
    separately (``symmetry`` only makes the search smaller, see :func:`symmetry_parts`).

    With ``workers`` > 1 (-1 = one per core) or ``progress`` the tree is split at
    ``split_depth`` and the parts are counted on threads (the engine releases the GIL), with a
    tqdm bar of the parts done when ``progress`` is True. ``time_limit`` and ``node_limit``
    bound the whole count.

    Raises :class:`cassetete.LimitReached` (``.count`` a lower bound, ``.stats``) when a time or
    node limit stops the count first: a partial count is never returned. ``executor`` (a
    ``concurrent.futures`` executor or a Dask client) and ``checkpoint`` (a file to resume from)
    spread the count with :mod:`cassetete.parallel` (time-sliced parts instead of ``split_depth``).

    Example:
        >>> from cassetete.edgematch import EdgePuzzle, count_solutions
        >>> count_solutions(EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]]))
        2
    """
    puzzle = as_puzzle(puzzle)
    workers = check_workers(workers)
    split_depth = check_count(split_depth, "split_depth")
    limit = check_limit(limit)
    if not isinstance(progress, bool):
        raise PuzzleError(f"progress must be True or False, got {progress!r}")
    if executor is not None or checkpoint is not None:
        from ..parallel import count_edgematch

        return count_edgematch(puzzle, executor, order=check_choice(order, "order", ORDERS), symmetry=symmetry,
                               limit=limit, time_limit=time_limit, node_limit=node_limit, progress=progress,
                               checkpoint=checkpoint)
    if workers == 1 and not progress:
        res = count(puzzle, limit=limit, order=order, time_limit=time_limit, node_limit=node_limit,
                    symmetry=symmetry)
        if res.status == "limit":
            raise LimitReached(res.stats["count"], res.stats)
        return int(res.stats["count"])
    check_choice(order, "order", ORDERS)
    budget = _Budget(check_time_limit(time_limit), check_node_limit(node_limit))
    static = "row" if order == "first_fail" else order
    sym = symmetry_parts(puzzle) if symmetry and not limit else None
    factor, roots = sym if sym is not None else (1, [puzzle])
    parts = [q for root in roots for q in split(root, split_depth, order=static)]
    cancel = _core().edgematch.Cancel()
    found = [0]

    def enough(result) -> bool:  # a capped count stops the other parts once the cap is reached
        found[0] += factor * result[1]["count"]
        return limit is not None and found[0] >= limit

    start = time.perf_counter()
    results = _map_parts(lambda part: _count_part(part, order, limit, budget, cancel), parts, workers, cancel,
                         stop=enough, bar=progress_bar(progress, "counting", total=len(parts), unit="part"))
    total = factor * sum(r[1]["count"] for r in results)
    complete = all(r[1]["complete"] for r in results)
    if limit is not None and total >= limit:
        return limit
    if not complete:
        stats = {"nodes": sum(r[1]["nodes"] for r in results), "seconds": time.perf_counter() - start,
                 "stop": next((r[1]["stop"] for r in results if r[1]["stop"] != "none"), "limit"),
                 "parts": len(parts), "symmetry_factor": factor}
        raise LimitReached(total, stats)
    return total
