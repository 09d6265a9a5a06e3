"""Exact search: solve, solutions, count, count_solutions, split (C++ backtracking engine,
GIL released)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import numpy as np

from .._errors import LimitReached, PuzzleError
from .._options import check_choice, check_count, check_limit, check_node_limit, check_time_limit, check_workers
from .._result import Result
from .._streams import elapsed_bar, progress_bar, stream_solutions
from ._formats import as_puzzle
from ._model import EdgePuzzle
from ._orders import ORDERS, cell_order

METHODS = ("backtrack", "vlns")


def _core():
    from .. import _core

    return _core


def _check_seed(seed: object) -> Optional[int]:
    """None (candidates in piece order: a deterministic search) or a seed >= 0 that shuffles them."""
    return None if seed is None else check_count(seed, "seed")


def _engine_args(puzzle: EdgePuzzle, order: str) -> Dict[str, Any]:
    order = check_choice(order, "order", ORDERS)
    ids, compl, _ = puzzle.encode()
    return dict(rows=puzzle.rows, cols=puzzle.cols, pieces=ids, compl=compl, fixed=puzzle.fixed_array(),
                order=cell_order(puzzle.rows, puzzle.cols, order), first_fail=(order == "first_fail"))


def _run(puzzle: EdgePuzzle, *, order: str, count: bool, limit: Optional[int], seed, time_limit, node_limit,
         cancel=None):
    return _core().edgematch_search(
        **_engine_args(puzzle, order), count=count, limit=int(limit or 0),
        seed=None if seed is None else int(seed) & 0xFFFFFFFFFFFFFFFF,
        time_limit=time_limit, node_limit=node_limit, cancel=cancel,
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
    puzzle = as_puzzle(puzzle)
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
    *,
    method: str = "backtrack",
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    seed: Optional[int] = None,
    workers: int = 1,
    progress: bool = False,
    **local: Any,
) -> Result:
    """Find one solution (``"backtrack"``) or the best board found in a time budget (``"vlns"``).

    Args:
        puzzle: an EdgePuzzle, or anything :func:`parse` reads.
        method: ``"backtrack"`` (exact C++ engine with candidate tables) or ``"vlns"`` (the
            very-large-neighbourhood tabu search of Schaus and Deville, "Hybridation de la
            programmation par contraintes et d'un voisinage à très grande taille pour Eternity
            II"; see :func:`solve_local` for its options: ``checkpoint``, ``init``,
            ``neighbourhood_size``, ``iterations``, ``relax``, ``tuning``; ``node_limit`` bounds
            its CP initialisation).
        order: ``"row"``, ``"border"``, ``"spiral"``, ``"corner"`` or ``"first_fail"`` (backtrack).
        seed: backtrack: None = candidates in piece order (the search is deterministic), an int
            shuffles them (another first solution); vlns: None = a random seed. The seed is
            reported in ``stats["seed"]``.
        workers: threads (-1 = one per core): vlns multi-starts; backtrack: the tree split a
            few placements deep and searched in parallel, the first solution found wins (so the
            solution may differ from run to run, unlike ``workers=1``).
        progress: a tqdm bar on stderr: the best score (vlns) or the seconds spent (backtrack).

    Returns a :class:`cassetete.Result` whose ``solution`` is a (rows, cols, 2) board of
    (piece, quarter turns clockwise); ``stats["nodes"]`` counts placements. The vlns search
    returns its best board with status ``"limit"`` unless every join matches.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle, solve
        >>> from cassetete.edgematch import verify
        >>> p = EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]])
        >>> verify(p, solve(p).solution)
        True
    """
    puzzle = as_puzzle(puzzle)
    method = check_choice(method, "method", METHODS)
    if not isinstance(progress, bool):
        raise PuzzleError(f"progress must be True or False, got {progress!r}")
    if method == "vlns":
        from ._local import solve_local

        if node_limit is not None:
            local["node_limit"] = node_limit
        if order != "row":
            raise PuzzleError("order only applies to method='backtrack'")
        return solve_local(puzzle, time_limit=time_limit, seed=seed, workers=workers, progress=progress, **local)
    if local:
        raise PuzzleError(f"option(s) {sorted(local)} only apply to method='vlns'")
    workers = check_workers(workers)
    seed = _check_seed(seed)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    with elapsed_bar(progress, "solving", time_limit):
        if workers > 1:
            return _solve_parallel(puzzle, order, workers, seed, time_limit, node_limit)
        out = _run(puzzle, order=order, count=False, limit=None, seed=seed, time_limit=time_limit,
                   node_limit=node_limit)
    board = out["board"]
    stats = dict(out["stats"])
    stats["seed"] = seed
    return Result(out["status"], None if board is None else np.asarray(board), stats, puzzle=puzzle)


def _solve_parallel(puzzle: EdgePuzzle, order: str, workers: int, seed: Optional[int],
                    time_limit: Optional[float], node_limit: Optional[int]) -> Result:
    """First solution on ``workers`` threads: the tree split a few placements deep (at least
    8 parts per thread where the puzzle allows), the parts searched in parallel, the others
    cancelled as soon as one finds a solution. ``time_limit`` and ``node_limit`` bound the whole
    search (see :class:`_Budget`)."""
    start = time.perf_counter()
    static = "row" if order == "first_fail" else check_choice(order, "order", ORDERS)
    free = puzzle.size - len(puzzle.fixed)
    depth, parts = 1, split(puzzle, min(1, free), order=static)
    while 0 < len(parts) < 8 * workers and depth < min(4, free):
        depth += 1
        parts = split(puzzle, depth, order=static)
    stats: Dict[str, Any] = {"nodes": 0, "seconds": 0.0, "stop": "none", "seed": seed, "workers": workers,
                             "parts": len(parts), "split_depth": depth, "rules": {}}
    if not parts:  # no consistent placement of the first cells: no solution
        stats["seconds"] = time.perf_counter() - start
        return Result("unsatisfiable", None, stats, puzzle=puzzle)
    budget = _Budget(time_limit, node_limit)
    cancel = _core().EdgematchCancel()

    def work(part: EdgePuzzle) -> Dict[str, Any]:
        time_left, nodes_left = budget.limits()
        out = _run(part, order=order, count=False, limit=None, seed=seed, time_limit=time_left,
                   node_limit=nodes_left, cancel=cancel)
        budget.spend(int(out["stats"]["nodes"]))
        return out

    results = _map_parts(work, parts, workers, cancel, stop=lambda out: out["status"] == "solved")
    stats["nodes"] = sum(int(out["stats"]["nodes"]) for out in results)
    stats["seconds"] = time.perf_counter() - start
    winner = next((out for out in results if out["status"] == "solved"), None)
    if winner is not None:
        return Result("solved", np.asarray(winner["board"]), stats, puzzle=puzzle)
    if all(out["status"] == "unsatisfiable" for out in results):
        return Result("unsatisfiable", None, stats, puzzle=puzzle)
    stats["stop"] = next((out["stats"]["stop"] for out in results if out["stats"]["stop"] not in ("none", "cancelled")),
                         "limit")
    return Result("limit", None, stats, puzzle=puzzle)


def solutions(
    puzzle: EdgePuzzle,
    *,
    limit: Optional[int] = None,
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    seed: Optional[int] = None,
    progress: bool = False,
) -> Iterator[np.ndarray]:
    """The solutions as (rows, cols, 2) boards, streamed while the C++ search runs on its own
    thread (the first one arrives as soon as it is found; no cap unless ``limit`` is given).
    Rotated boards are distinct solutions, as in :func:`count_solutions`.

    Stopping early (``break``, closing the generator) stops the search. When a ``time_limit``
    or ``node_limit`` cuts the search short, the generator raises
    :class:`cassetete.LimitReached` after the last solution found, so a truncated list is never
    mistaken for all of them; ``limit=k`` ends quietly after k solutions. ``progress`` shows a
    tqdm bar of the solutions found.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle, solutions, verify
        >>> p = EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]])
        >>> boards = list(solutions(p))
        >>> len(boards), all(verify(p, b) for b in boards)
        (2, True)
    """
    puzzle = as_puzzle(puzzle)
    args = _engine_args(puzzle, order)
    limit = check_limit(limit)
    seed = _check_seed(seed)
    if not isinstance(progress, bool):
        raise PuzzleError(f"progress must be True or False, got {progress!r}")
    stream = _core().edgematch_stream(
        **args, limit=int(limit or 0), seed=seed, time_limit=check_time_limit(time_limit),
        node_limit=check_node_limit(node_limit))
    shape = (puzzle.rows, puzzle.cols, 2)
    return stream_solutions(stream, limit, lambda board: np.asarray(board).reshape(shape), progress=progress)


def _status(count: int, complete: bool, limit: Optional[int]) -> str:
    if complete or (limit is not None and count >= limit):
        return "solved" if count else "unsatisfiable"
    return "limit"


class _Budget:
    """Time and node limits shared by the parts of one count (symmetry parts, split parts):
    each part gets what is left when it starts, so the limits bound the whole count."""

    def __init__(self, time_limit: Optional[float], node_limit: Optional[int]) -> None:
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.nodes_left = node_limit
        self.lock = threading.Lock()

    def limits(self) -> Tuple[Optional[float], Optional[int]]:
        with self.lock:
            left = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
            return left, None if self.nodes_left is None else max(0, self.nodes_left)

    def spend(self, nodes: int) -> None:
        with self.lock:
            if self.nodes_left is not None:
                self.nodes_left -= nodes


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
    return Result(_status(stats["count"], stats["complete"], limit), first, stats, puzzle=puzzle)


def _count_part(puzzle: EdgePuzzle, order: str, limit: Optional[int], budget: _Budget, cancel=None):
    time_left, nodes_left = budget.limits()
    if cancel is not None and cancel.cancelled():
        time_left = 0.0  # interrupted: the part stops at once
    out = _run(puzzle, order=order, count=True, limit=limit, seed=None, time_limit=time_left,
               node_limit=nodes_left, cancel=cancel)
    stats = dict(out["stats"])
    budget.spend(int(stats["nodes"]))
    stats["count"] = int(out["solutions"])
    stats["complete"] = bool(out["complete"])
    board = out["board"]
    return (None if board is None else np.asarray(board)), stats


def _map_parts(work: Callable[[EdgePuzzle], Any], parts: List[EdgePuzzle], workers: int, cancel: Any,
               stop: Optional[Callable[[Any], bool]] = None, bar: Any = None) -> List[Any]:
    """``work(part)`` for every part on ``workers`` threads, results in the parts' order. When
    ``stop(result)`` says so, the other parts are cancelled (through ``cancel``, the flag their
    searches share); so are they on Ctrl-C, which only the main thread receives: it waits in
    short steps and cancels every part before re-raising."""
    pool = ThreadPoolExecutor(max_workers=max(1, min(workers, len(parts))))
    try:
        futures = [pool.submit(work, part) for part in parts]
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=0.05, return_when=FIRST_COMPLETED)
            for future in done:
                if bar is not None:
                    bar.update(1)
                if stop is not None and future.exception() is None and stop(future.result()):
                    cancel.cancel()
    except BaseException:
        cancel.cancel()
        raise
    finally:
        pool.shutdown(wait=True)
        if bar is not None:
            bar.close()
    return [future.result() for future in futures]


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
) -> int:
    """The exact number of solutions, or ``limit`` when there are at least that many. Symmetric
    rotations of one piece that show the same edges count once; rotated boards count
    separately (``symmetry`` only makes the search smaller, see :func:`symmetry_parts`).

    With ``workers`` > 1 (-1 = one per core) or ``progress`` the tree is split at
    ``split_depth`` and the parts are counted on threads (the engine releases the GIL), with a
    tqdm bar of the parts done when ``progress`` is True. ``time_limit`` and ``node_limit``
    bound the whole count.

    Raises :class:`cassetete.LimitReached` (``.count`` a lower bound, ``.stats``) when a time or
    node limit stops the count first: a partial count is never returned.

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
    cancel = _core().EdgematchCancel()
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
    puzzle = as_puzzle(puzzle)
    if order == "first_fail":
        raise PuzzleError("split needs a static order (row, border, spiral, corner)")
    check_choice(order, "order", ORDERS)
    depth = check_count(depth, "depth")
    ids, compl, _ = puzzle.encode()
    parts = _core().edgematch_split(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(),
                                    cell_order(puzzle.rows, puzzle.cols, order), int(depth))
    out = []
    for arr in parts:
        fixed = {(int(c) // puzzle.cols, int(c) % puzzle.cols): (int(p), int(r)) for c, p, r in np.asarray(arr)}
        out.append(puzzle.with_fixed(fixed))
    return out
