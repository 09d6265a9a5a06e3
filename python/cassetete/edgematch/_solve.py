"""Exact search and the entry point of every method: solve (one solution, or the best board of
the local search), solutions (streamed) and count_solutions (an exact int, or LimitReached, on
one thread, a split tree on threads or an executor)."""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, Iterator, Optional, Tuple

import numpy as np

from .._errors import LimitReached, PuzzleError
from .._contract import Option, verb
from .._options import (check_choice, check_count, check_limit, check_node_limit, check_progress, check_seed,
                         check_time_limit, check_workers)
from .._result import Result
from .._streams import elapsed_bar, progress_bar, stream_solutions
from ..parallel import run_first
from ._checkerboard import solve_checkerboard
from ._corner import solve_corner_fill
from ._count import _count_part, count_result
from ._cp import solve_cp
from ._engine import _Budget, _check_seed, _core, _engine_args, _map_parts, _run, first_result
from ._formats import as_puzzle
from ._jobs import EdgematchJob, count_edgematch
from ._model import EdgePuzzle
from ._orders import ORDERS
from ._position_backtrack import solve_by_positions
from ._relaxed_loop import solve_relaxed_loop
from ._split import split, symmetry_parts
from ._verify import certified, certify_result

METHODS = ("backtrack", "vlns", "cp", "checkerboard", "corner_fill", "relaxed_loop", "positions", "breaks")
METHOD_NOTES = {
    "backtrack": "the exact C++ backtracking over a cell order, with candidate tables",
    "vlns": "Schaus and Deville's very large neighbourhood search (its best board when it stops)",
    "cp": "the constraint model of Schaus and Deville (AllDifferent, first-fail), with restarts",
    "checkerboard": "the checkerboard brute force of Schaus and Deville (one colour class, then the other)",
    "corner_fill": "Béhague's corner-first fill order",
    "relaxed_loop": "the CP model on a relaxed puzzle, relaxing more until it is solved",
    "positions": "Béhague's Algorithm 1 on positions, then branching",
    "breaks": "the record holders' backtracking with scheduled breaks (its best complete board when it stops)",
}
# seed=None keeps backtracking deterministic (candidates in piece order); the local search and
# the CP model draw a fresh seed then, reported in stats["seed"].
SEED = Option("seed", "the seed of the random choices; None: the pieces' order for backtrack, a fresh seed (reported "
              "in stats['seed']) for the randomised methods", "an integer >= 0, or None", None,
              lambda value: None if value is None else check_seed(value), int, "N")
ORDER = Option("order", "the order the cells are filled in; None: the method's own (row for backtrack)",
               f"one of {', '.join(ORDERS)}, or None", None,
               lambda value: None if value is None else check_choice(value, "order", ORDERS), str, "ORDER",
               choices=tuple(ORDERS))
HONOURS = {
    "backtrack": ("time_limit", "node_limit", "seed", "workers", "progress", "order"),
    "vlns": ("time_limit", "node_limit", "seed", "workers", "progress"),
    "cp": ("time_limit", "node_limit", "seed", "progress"),
    "checkerboard": ("time_limit", "node_limit", "progress", "order"),
    "corner_fill": ("time_limit", "node_limit", "progress", "order"),
    "relaxed_loop": ("time_limit", "node_limit", "seed", "progress"),
    "positions": ("time_limit", "progress"),
    "breaks": ("time_limit", "node_limit", "seed", "workers", "progress"),
}
# The one-algorithm files reached by name from solve(method=...): each takes the puzzle and the
# options named here (besides time_limit and node_limit, and seed where it says so); "order" is
# passed only when given, since each has its own default.
_ALGORITHMS: Dict[str, Tuple[Callable[..., Result], Tuple[str, ...]]] = {
    # method: (its function, its own options); the shared ones it takes are in HONOURS
    "cp": (solve_cp, ("alldifferent", "restarts")),
    "checkerboard": (solve_checkerboard, ("parity", "order")),
    "corner_fill": (solve_corner_fill, ("pair_pruning", "order")),
    "relaxed_loop": (solve_relaxed_loop, ("relax", "relaxed", "alldifferent", "max_solutions")),
    "positions": (solve_by_positions, ()),
}


@verb("edgematch", "solve", options=("time_limit", "node_limit", SEED, "workers", "progress", ORDER),
      methods=METHOD_NOTES,
      honours=HONOURS)
def solve(
    puzzle: EdgePuzzle,
    *,
    method: str = "backtrack",
    order: Optional[str] = None,
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
            its CP initialisation); or one of the library's other engines by name, with the
            options of its own function: ``"cp"`` (:func:`solve_cp`: ``alldifferent``,
            ``restarts``, ``seed``), ``"checkerboard"`` (:func:`solve_checkerboard`: ``parity``,
            ``order``), ``"corner_fill"`` (:func:`solve_corner_fill`: ``pair_pruning``,
            ``order``), ``"relaxed_loop"`` (:func:`solve_relaxed_loop`: ``relax``, ``relaxed``,
            ``alldifferent``, ``max_solutions``, ``seed``) and ``"positions"``
            (:func:`solve_by_positions`, no ``node_limit``); an option the method does not take
            is a ``PuzzleError``.
        order: ``"row"`` (the default), ``"border"``, ``"spiral"``, ``"corner"`` or
            ``"first_fail"`` (backtrack; checkerboard and corner_fill have their own defaults).
        seed: backtrack: None = candidates in piece order (the search is deterministic), an int
            shuffles them (another first solution); vlns: None = a random seed. The seed is
            reported in ``stats["seed"]``.
        workers: threads (-1 = one per core): vlns multi-starts; backtrack: the tree split a
            few placements deep and searched in parallel, the first solution found wins (so the
            solution may differ from run to run, unlike ``workers=1``).
        progress: a tqdm bar on stderr: the best score (vlns) or the seconds spent (backtrack).
        executor: a ``concurrent.futures`` executor or a Dask client. backtrack: every worker
            searches its own parts of the tree (board-rotation classes, cut in time slices by
            :mod:`cassetete.parallel`, as :meth:`cassetete.exactcover.ExactCover.solve` does) and
            all stop as soon as one finds a solution; ``time_limit`` bounds the whole search,
            ``node_limit`` the placements summed over the workers (checked as each task returns);
            ``seed`` shuffles the candidates in every part; not with ``workers``. vlns: the
            island model of :func:`solve_local`.

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
    progress = check_progress(progress)
    if method == "vlns":
        from ._local import solve_local

        if node_limit is not None:
            local["node_limit"] = node_limit
        if order is not None:
            raise PuzzleError("order does not apply to method='vlns'")
        return solve_local(puzzle, time_limit=time_limit, seed=seed, workers=workers, progress=progress, **local)
    if method == "breaks":  # workers too, so not through _by_name
        from ._breaks import solve_breaks

        return solve_breaks(puzzle, time_limit=time_limit, node_limit=node_limit, seed=seed, workers=workers,
                            progress=progress, **local)
    if method in _ALGORITHMS:
        return _by_name(puzzle, method, order, time_limit, node_limit, seed, progress, local)
    order = "row" if order is None else order
    executor = local.pop("executor", None)
    if local:
        raise PuzzleError(f"option(s) {sorted(local)} do not apply to method='backtrack': they only apply to "
                          f"vlns or another method by name")
    workers = check_workers(workers)
    seed = _check_seed(seed)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    if executor is not None and workers > 1:
        raise PuzzleError("give workers= (threads of this process) or executor=, not both")
    with elapsed_bar(progress, "solving", time_limit):
        if executor is not None:
            return _solve_spread(puzzle, executor, order, seed, time_limit, node_limit)
        if workers > 1:
            return _solve_parallel(puzzle, order, workers, seed, time_limit, node_limit)
        out = _run(puzzle, order=order, count=False, limit=None, seed=seed, time_limit=time_limit,
                   node_limit=node_limit)
    return first_result(puzzle, out, seed)


def _solve_spread(puzzle: EdgePuzzle, executor: Any, order: str, seed: Optional[int], time_limit: Optional[float],
                  node_limit: Optional[int]) -> Result:
    """The first solution searched on every worker of ``executor`` with
    :func:`cassetete.parallel.run_first`: the board-rotation parts of :func:`symmetry_parts`
    (a rotation of every solution lies in one of them) cut along the static cell order; a
    part's solution fixes more pieces than the puzzle, so it solves the puzzle too, and is
    certified against the puzzle itself."""
    check_choice(order, "order", ORDERS)
    job = EdgematchJob(puzzle, order, symmetry=True, seed=seed)
    status, board, stats = run_first(job, executor, time_limit=time_limit, node_limit=node_limit)
    stats["seed"] = seed
    stats.setdefault("stop", "none")
    solution = None if board is None else np.asarray(board)
    return certify_result(Result(status, solution if status == "solved" else None, stats, puzzle=puzzle))


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
    cancel = _core().edgematch.Cancel()

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
        return certify_result(Result("solved", np.asarray(winner["board"]), stats, puzzle=puzzle))
    if all(out["status"] == "unsatisfiable" for out in results):
        return Result("unsatisfiable", None, stats, puzzle=puzzle)
    stats["stop"] = next((out["stats"]["stop"] for out in results if out["stats"]["stop"] not in ("none", "cancelled")),
                         "limit")
    return Result("limit", None, stats, puzzle=puzzle)


@verb("edgematch", "solutions", options=("limit", "time_limit", "node_limit", SEED, "progress"))
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
    progress = check_progress(progress)
    stream = _core().edgematch.stream(
        **args, limit=int(limit or 0), seed=seed, time_limit=check_time_limit(time_limit),
        node_limit=check_node_limit(node_limit))
    shape = (puzzle.rows, puzzle.cols, 2)
    # every streamed board is checked by verify before it is yielded (issue 22)
    return stream_solutions(stream, limit, lambda board: certified(puzzle, np.asarray(board).reshape(shape)),
                            progress=progress)


@verb("edgematch", "count_solutions", options=("limit", "workers", "time_limit", "node_limit", "progress"))
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
    progress = check_progress(progress)
    if executor is not None or checkpoint is not None:
        return count_edgematch(puzzle, executor, order=check_choice(order, "order", ORDERS), symmetry=symmetry,
                               limit=limit, time_limit=time_limit, node_limit=node_limit, progress=progress,
                               checkpoint=checkpoint)
    if workers == 1 and not progress:
        res = count_result(puzzle, limit=limit, order=order, time_limit=time_limit, node_limit=node_limit,
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


def _by_name(puzzle: EdgePuzzle, method: str, order: Optional[str], time_limit: Optional[float],
             node_limit: Optional[int], seed: Optional[int], progress: bool, options: Dict[str, Any]) -> Result:
    """``solve(method=...)`` for the engines of the one-algorithm files: their own options
    checked against what each function takes, the shared ones (declared in HONOURS, which the
    declaration has already enforced) passed on."""
    solver, own = _ALGORITHMS[method]
    if order is not None:
        options["order"] = order
    unknown = sorted(set(options) - set(own))
    if unknown:
        raise PuzzleError(f"option(s) {unknown} do not apply to method={method!r}; its options: "
                          f"{', '.join(own) or 'none'}")
    shared = {"time_limit": time_limit, "node_limit": node_limit, "seed": seed}
    options.update({name: value for name, value in shared.items() if name in HONOURS[method]})
    with elapsed_bar(progress, f"solving ({method})", time_limit):
        return solver(puzzle, **options)
