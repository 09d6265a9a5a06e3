"""The searches of a narrowing model (rule 5 to the fixpoint, then rule-6 cuts, in C++ with the
GIL released): the model's arrays -> ``_core.narrowing`` -> one outcome -> certified -> a
:class:`cassetete.Result`, a stream of solutions or a count. These are the bodies of
``Model.propagate``, ``solve``, ``solutions``, ``count_solutions`` and ``split`` (the package
attaches them to the class; ``count`` is the deprecated old name of ``count_solutions``); with an
``executor`` a count hands over to :mod:`._jobs`.

Example:
    >>> m = Model(); xs = [m.int_var(0, 2) for _ in range(3)]
    >>> m.add_all_different(xs)
    >>> count_solutions(m), solve(m).solution
    (6, {'v0': 0, 'v1': 1, 'v2': 2})
"""

from __future__ import annotations

import threading
import time
import warnings
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from .. import _core
from .._errors import LimitReached
from .._options import check_choice, check_count, check_limit, check_node_limit, check_progress, check_time_limit, check_workers
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ..parallel import threads_or
from ._jobs import Subproblem, count_spread
from ._model import STRATEGIES, Model, Path

__all__ = ["count", "count_paths", "count_solutions", "propagate", "solutions", "solve", "split"]


def propagate(model: Model, path: Path = (), *, incremental: bool = True) -> Optional[Dict[str, Tuple[int, int]]]:
    """Narrow every domain to the fixpoint of the constraints (rule 5) without splitting:
    ``name -> (lo, hi)``, or None when a domain becomes empty (no solution).

    Example:
        >>> m = Model(); x = m.int_var(0, 9, name="x")
        >>> m.add_product(x, 4, m.int_var(0, 9))
        >>> m.propagate()["x"]
        (0, 8)
    """
    ok, lows, highs, stats = _core.narrowing.propagate(model._core_model(), list(path), incremental=incremental)
    model.last_stats = stats
    if not ok:
        return None
    return {v.name: (int(lows[v.index]), int(highs[v.index])) for v in model._vars}


def solve(
    model: Model,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    strategy: str = "smallest-min",
    incremental: bool = True,
    profile: bool = False,
    executor: Any = None,
    _path: Path = (),
) -> Result:
    """The first solution as a :class:`cassetete.Result` (status ``"solved"``,
    ``"unsatisfiable"`` or ``"limit"``); ``stats`` has ``nodes``, ``cuts`` (rule-6 splits),
    ``narrowings`` per constraint kind and, with ``profile=True``, ``kind_seconds``. With an
    ``executor`` every worker searches its own parts of the tree until one finds a solution.

    Example:
        >>> m = Model(); x = m.int_var(0, 3, name="x")
        >>> m.add_product(x, 2, m.int_var(5, 9))
        >>> m.solve().status
        'unsatisfiable'
    """
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    options = model._options(strategy, incremental, profile)
    if executor is not None and not _path:
        from ._jobs import solve_spread

        status, values, stats = solve_spread(model, executor, time_limit, node_limit, strategy, incremental)
    else:
        status, values, stats = _core.narrowing.first(model._core_model(), list(_path), time_limit, node_limit,
                                                      **options)
    model.last_stats = stats
    if status not in (SOLVED, UNSATISFIABLE):
        status = LIMIT
    if status == SOLVED:
        model._certify(values)  # never return an answer that breaks a constraint
    solution = model.decode(values) if values is not None else None
    return Result(status, solution, stats, puzzle=model, family="narrowing")


def solutions(
    model: Model,
    *,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    strategy: str = "smallest-min",
    incremental: bool = True,
    _path: Path = (),
) -> Iterator[Any]:
    """Yield the solutions one by one as the search finds them (the search resumes where
    it stopped). When a time or node limit stops it, the generator raises
    :class:`cassetete.LimitReached` after the solutions found so far.

    Example:
        >>> m = Model(); a, b = m.int_var(0, 1, name="a"), m.int_var(0, 1, name="b")
        >>> m.add_all_different([a, b])
        >>> list(m.solutions())
        [{'a': 0, 'b': 1}, {'a': 1, 'b': 0}]
    """
    limit = check_limit(limit)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    options = model._options(strategy, incremental, False)
    return _stream(model, limit, time_limit, node_limit, options, _path)


def _stream(model: Model, limit: Optional[int], time_limit: Optional[float], node_limit: Optional[int],
            options: Dict[str, Any], path: Path) -> Iterator[Any]:
    iterator = _core.narrowing.Iterator(model._core_model(), list(path), time_limit, node_limit, **options)
    produced = 0
    try:
        for values in iterator:
            model._certify(values)
            yield model.decode(values)
            produced += 1
            if limit is not None and produced >= limit:
                return
    finally:
        model.last_stats = iterator.stats()
    if not iterator.complete:
        raise LimitReached(produced, model.last_stats, what="enumeration")


def count_solutions(
    model: Model,
    *,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    strategy: str = "smallest-min",
    incremental: bool = True,
    profile: bool = False,
    workers: int = 1,
    careful: bool = True,
    executor: Any = None,
    progress: bool = False,
    checkpoint: Optional[str] = None,
    _path: Path = (),
) -> int:
    """The exact number of solutions; with ``limit=k``, at most ``k`` (stops at ``k``).
    Raises :class:`cassetete.LimitReached` (with ``.count``, a lower bound) when a time
    or node limit stops the search first. ``workers > 1`` counts subproblems of
    ``split`` on threads. Statistics (``cuts``, ...) are in ``last_stats``.
    ``incremental=False`` / ``careful=False`` switch off two of the improvements of the
    paper's section 8 (for measuring them; same counts and cuts, more time).

    ``executor`` (any ``concurrent.futures`` executor or a Dask ``Client``) spreads the
    count with :mod:`cassetete.parallel`: time-sliced subproblems of ``split``,
    ``progress=True`` shows a bar, ``checkpoint`` names a file the count is saved to and
    resumed from. Then ``last_stats`` has ``nodes`` and the driver's figures, not ``cuts``.

    Example:
        >>> m = Model(); xs = [m.int_var(0, 3) for _ in range(4)]
        >>> m.add_all_different(xs)
        >>> m.count_solutions(), m.count_solutions(limit=5)
        (24, 5)
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     m.count_solutions(executor=pool)
        24
    """
    if executor is not None or check_progress(progress) or checkpoint is not None:
        return count_spread(model, _path, executor, limit, time_limit, node_limit, strategy, incremental, careful,
                            progress, checkpoint)
    return count_paths(model, [_path], limit, time_limit, node_limit, strategy, incremental, profile, workers,
                       careful=careful)


def count(model: Model, **options: Any) -> int:
    """Deprecated: the old name of ``Model.count_solutions`` (same options). Warns with a
    ``DeprecationWarning``."""
    warnings.warn("Model.count is deprecated, use Model.count_solutions", DeprecationWarning, stacklevel=2)
    return count_solutions(model, **options)


def split(model: Model, depth: int, *, strategy: str = "smallest-min", _path: Path = ()) -> List[Subproblem]:
    """Cut the search tree ``depth`` cuts below the root into independent picklable
    subproblems whose counts add up to ``count_solutions()``; the cuts made above them are in
    ``last_stats["cuts"]``. Map them over any ``concurrent.futures`` executor.

    Example:
        >>> m = Model(); xs = [m.int_var(0, 2) for _ in range(3)]
        >>> m.add_all_different(xs)
        >>> from cassetete.narrowing import count_subproblem
        >>> parts = m.split(2)
        >>> sum(count_subproblem(p) for p in parts)
        6
    """
    depth = check_count(depth, "depth")
    check_choice(strategy, "strategy", STRATEGIES)
    paths, stats = _core.narrowing.split(model._core_model(), list(_path), depth, strategy)
    model.last_stats = stats
    return [Subproblem(model, tuple((int(d[0]), int(d[1]), int(d[2])) for d in p), strategy) for p in paths]


def count_paths(
    model: Model,
    paths: Sequence[Path],
    limit: Optional[int],
    time_limit: Optional[float],
    node_limit: Optional[int],
    strategy: str,
    incremental: bool,
    profile: bool,
    workers: int,
    careful: bool = True,
) -> int:
    """Count the solutions of several subproblems of one model (the engine behind ``count_solutions``)."""
    limit = check_limit(limit)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    workers = check_workers(workers)
    options = model._options(strategy, incremental, profile)
    options["careful"] = bool(careful)
    core = model._core_model()
    path_lists: List[Any] = [list(p) for p in paths]
    if workers > 1 and limit is None:
        # Finer subproblems dealt round-robin to threads (the engine releases the GIL).
        parts: List[list] = []
        for p in path_lists:
            sub, _ = _core.narrowing.split(core, p, 3, strategy)
            parts.extend(sub)
        chunks = [parts[k :: workers * 4] for k in range(workers * 4)]
        start = time.perf_counter()
        budget = _Budget(time_limit, node_limit)
        with threads_or(None, workers, "cassetete-narrowing") as pool:
            results = list(pool.map(lambda c: budget.run(lambda t, n: _core.narrowing.count(core, c, 0, t, n,
                                                                                             **options)), chunks))
        total = sum(int(r[0]) for r in results)
        complete = all(r[1] for r in results)
        stats = _merge_stats([r[2] for r in results])
        stats["seconds"] = time.perf_counter() - start
    else:
        total, complete, stats = _core.narrowing.count(
            core, path_lists, 0 if limit is None else limit, time_limit, node_limit, **options
        )
    stats["complete"] = bool(complete)
    model.last_stats = stats
    if not complete:
        raise LimitReached(int(total), stats)
    return int(total)


class _Budget:
    """The call's time and node limits shared by the chunks of a threaded count, so that they
    bound the whole call: a chunk gets the time left and the nodes not yet used by the chunks
    that finished (the running ones may overshoot the node limit by their own nodes, as the
    parallel driver's tasks do); a chunk that starts after the limit counts nothing and is
    reported incomplete."""

    def __init__(self, time_limit: Optional[float], node_limit: Optional[int]) -> None:
        self.end = None if time_limit is None else time.perf_counter() + time_limit
        self.nodes_left = node_limit
        self.lock = threading.Lock()

    def run(self, count: Any) -> Any:
        with self.lock:
            seconds = None if self.end is None else max(0.0, self.end - time.perf_counter())
            nodes = self.nodes_left
        if seconds == 0.0 or nodes == 0:
            stop = "time_limit" if seconds == 0.0 else "node_limit"
            return 0, False, {"nodes": 0, "stop": stop}
        result = count(seconds, nodes)
        if nodes is not None:
            with self.lock:
                used = int(result[2].get("nodes", 0))
                self.nodes_left = max(0, (self.nodes_left or 0) - used)
        return result


def _merge_stats(parts: List[Dict[str, Any]]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for stats in parts:
        for key, value in stats.items():
            if isinstance(value, dict):
                inner = out.setdefault(key, {})
                for k, v in value.items():
                    inner[k] = inner.get(k, 0) + v
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                out[key] = out.get(key, 0) + value
            elif key == "stop":
                if value != "none" or key not in out:
                    out[key] = value
    return out
