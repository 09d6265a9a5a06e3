"""The calls into the C++ engines shared by the algorithm modules: for the backtracking engine
(solving and counting) the arguments, one search, its certified first solution, and the parts
of a split tree run on threads under one time and node budget; for the other exact engines
(checkerboard, CP model, relaxed-CP loop, corner fill) the limits, the stats, the certified
Result and the count-or-LimitReached rule."""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_COMPLETED, wait
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from .._errors import LimitReached
from .._options import check_choice, check_count, check_node_limit, check_time_limit
from .._result import Result
from ..parallel import threads_or
from ._model import EdgePuzzle
from ._orders import ORDERS, cell_order
from ._verify import certify_result


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
    """One search by the C++ engine (GIL released): a dict with status, count, complete,
    board and stats. ``cancel`` (a ``_core.edgematch.Cancel``) stops it from another thread; a search
    started after the flag was set stops at once."""
    if cancel is not None and cancel.cancelled():
        time_limit = 0.0
    return _core().edgematch.search(
        **_engine_args(puzzle, order), count=count, limit=int(limit or 0),
        seed=None if seed is None else int(seed) & 0xFFFFFFFFFFFFFFFF,
        time_limit=time_limit, node_limit=node_limit, cancel=cancel,
    )


def first_result(puzzle: EdgePuzzle, out: Dict[str, Any], seed: Optional[int]) -> Result:
    """The certified Result of one search for a first solution (``out``, from :func:`_run`),
    with the seed in its stats."""
    board = out["board"]
    stats = dict(out["stats"])
    stats["seed"] = seed
    return certify_result(Result(out["status"], None if board is None else np.asarray(board), stats, puzzle=puzzle))


class _Budget:
    """Time and node limits shared by the parts of one search or count (symmetry parts, split
    parts): each part gets what is left when it starts, so the limits bound the whole of it."""

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


def _map_parts(work: Callable[[EdgePuzzle], Any], parts: List[EdgePuzzle], workers: int, cancel: Any,
               stop: Optional[Callable[[Any], bool]] = None, bar: Any = None) -> List[Any]:
    """``work(part)`` for every part on ``workers`` threads (:func:`cassetete.parallel.threads_or`,
    at most ``workers`` parts at once, started in order), results in the parts' order. When
    ``stop(result)`` says so, the other parts are cancelled (through ``cancel``, the flag their
    searches share); so are they on Ctrl-C, which only the main thread receives: it waits in
    short steps and cancels every part before re-raising."""
    running = max(1, min(workers, len(parts)))  # parts searched at once, in order, as a pool of that many
    futures: List[Any] = []
    try:
        with threads_or(None, max(2, running), "cassetete-edgematch") as pool:
            try:
                futures = [pool.submit(work, part) for part in parts[:running]]
                pending = set(futures)
                while pending:
                    done, pending = wait(pending, timeout=0.05, return_when=FIRST_COMPLETED)
                    for future in done:
                        if len(futures) < len(parts):
                            futures.append(pool.submit(work, parts[len(futures)]))
                            pending.add(futures[-1])
                        if bar is not None:
                            bar.update(1)
                        if stop is not None and future.exception() is None and stop(future.result()):
                            cancel.cancel()
            except BaseException:
                cancel.cancel()  # before the pool waits for its running parts
                raise
    finally:
        if bar is not None:
            bar.close()
    return [future.result() for future in futures]


# --- the other exact engines ------------------------------------------------------------------
def limits(time_limit: object, node_limit: object) -> Dict[str, Any]:
    return {"time_limit": check_time_limit(time_limit), "node_limit": check_node_limit(node_limit)}


def stats_of(out: Dict[str, Any], **extra: Any) -> Dict[str, Any]:
    """The engine's stats with its named counters lifted to the top level."""
    stats = dict(out["stats"])
    stats.update(stats.pop("rules", {}))
    stats.update(extra)
    return stats


def result(puzzle: EdgePuzzle, out: Dict[str, Any], stats: Dict[str, Any], board: Optional[np.ndarray] = None) -> Result:
    if board is None and out.get("board") is not None:
        board = np.asarray(out["board"])
    return certify_result(Result(out["status"], board, stats, puzzle=puzzle, family="edgematch"))


def exact_count(out: Dict[str, Any], limit: Optional[int], stats: Dict[str, Any]) -> int:
    """The count, or LimitReached when a time or node limit stopped it first."""
    found = int(out["count"])
    if out["complete"] or (limit is not None and found >= limit):
        return found
    raise LimitReached(found, stats)
