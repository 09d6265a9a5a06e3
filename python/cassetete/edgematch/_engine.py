"""The calls into the C++ backtracking engine shared by solving and counting: arguments,
one search, and the parts of a split tree run on threads under one time and node budget."""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any, Callable, Dict, List, Optional, Tuple

from .._options import check_choice, check_count
from ._model import EdgePuzzle
from ._orders import ORDERS, cell_order


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
