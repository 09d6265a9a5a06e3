"""The unit of parallel work of the narrowing solver: :class:`NarrowingJob`, a
:class:`~cassetete.parallel.Job` whose prefixes are the flattened ``(variable, lo, hi)`` cuts
of :meth:`Model.split`, so a count can be spread over any ``concurrent.futures`` executor or a
Dask client, time-sliced, checkpointed and shown with a progress bar
(``Model.count_solutions(executor=...)`` calls :func:`count_spread`); and :class:`Subproblem`, a
picklable branch of the search for any ``executor.map``.

Example:
    >>> from cassetete.narrowing import Model
    >>> m = Model(); xs = [m.int_var(0, 2) for _ in range(3)]
    >>> m.add_all_different(xs)
    >>> job = NarrowingJob(m)
    >>> sum(job.count(p, None)[0] for p in job.split(()))
    6
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from .. import _core
from .._errors import LimitReached
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ..parallel import Job, Prefix, run_count, run_first
from ..parallel import digest as _digest
from ._model import Model, Path

__all__ = ["NarrowingJob", "Subproblem", "count_spread", "count_subproblem", "flatten", "unflatten"]


def flatten(path: Sequence[Sequence[int]]) -> Prefix:
    """A path of cuts ``[(var, lo, hi), ...]`` as one flat tuple of ints (a driver prefix).

    Example:
        >>> flatten([(0, 1, 2), (3, 0, 0)])
        (0, 1, 2, 3, 0, 0)
    """
    return tuple(int(v) for step in path for v in step)


def unflatten(prefix: Sequence[int]) -> List[Tuple[int, int, int]]:
    """The inverse of :func:`flatten`.

    Example:
        >>> unflatten((0, 1, 2, 3, 0, 0))
        [(0, 1, 2), (3, 0, 0)]
    """
    return [(int(prefix[k]), int(prefix[k + 1]), int(prefix[k + 2])) for k in range(0, len(prefix), 3)]


class NarrowingJob(Job):
    """A narrowing count below an optional starting path (the model is pickled once per
    worker; its C++ model is rebuilt there on first use).

    Example:
        >>> from cassetete.narrowing import Model
        >>> m = Model(); _ = m.int_var(0, 3)
        >>> NarrowingJob(m).first((), None)[:2]
        ('solved', [0])
    """

    def __init__(self, model: Model, strategy: str = "smallest-min", incremental: bool = True,
                 careful: bool = True, path: Sequence[Sequence[int]] = ()) -> None:
        super().__init__()
        self.model = model
        self.strategy = str(strategy)
        self.incremental = bool(incremental)
        self.careful = bool(careful)
        self.start = flatten(path)
        self.key = "narrowing-" + _digest([(v.lo, v.hi) for v in model.variables], model._specs,
                                          model._branching, strategy, self.start)

    def _core(self) -> Any:
        with self._lock:
            return self.model._core_model()

    def roots(self) -> List[Tuple[Prefix, int]]:
        return [(self.start, 1)]

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        count, complete, stats = _core.narrowing.count(self._core(), [unflatten(prefix)], 0, time_limit, None,
                                                       strategy=self.strategy, incremental=self.incremental,
                                                       profile=False, careful=self.careful)
        return int(count), bool(complete), int(stats.get("nodes", 0))

    def split(self, prefix: Prefix) -> List[Prefix]:
        # A cut whose other side fails at once leaves one child: go on cutting it, so that a
        # split makes progress (the driver stops cutting when a level does not add parts).
        children = [prefix]
        for _ in range(64):
            paths, _stats = _core.narrowing.split(self._core(), unflatten(children[0]), 1, self.strategy)
            children = [flatten(p) for p in paths]
            if len(children) != 1 or children[0] == prefix:
                break
            prefix = children[0]
        return children

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        status, values, stats = _core.narrowing.first(self._core(), unflatten(prefix), time_limit, None,
                                                      strategy=self.strategy, incremental=self.incremental,
                                                      profile=False)
        if status not in (SOLVED, UNSATISFIABLE):
            status = LIMIT
        return status, (list(values) if values is not None else None), int(stats.get("nodes", 0))


def solve_spread(model: Model, executor: Any, time_limit: Optional[float], node_limit: Optional[int],
                 strategy: str, incremental: bool) -> Tuple[str, Any, dict]:
    """The first solution searched on every worker of ``executor`` (:func:`cassetete.parallel.run_first`):
    ``(status, values, stats)``, the values not yet certified.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> m = Model(); xs = [m.int_var(0, 2) for _ in range(3)]
        >>> m.add_all_different(xs)
        >>> with ThreadPoolExecutor(2) as pool:
        ...     solve_spread(m, pool, None, None, "smallest-min", True)[0]
        'solved'
    """
    model._options(strategy, incremental, False)  # validates the strategy
    return run_first(NarrowingJob(model, strategy, incremental), executor, time_limit=time_limit,
                     node_limit=node_limit)


def count_spread(model: Model, path: Path, executor: Any, limit: Optional[int], time_limit: Optional[float],
                 node_limit: Optional[int], strategy: str, incremental: bool, careful: bool, progress: bool,
                 checkpoint: Optional[str]) -> int:
    """``Model.count_solutions(executor=...)``: the count on :func:`cassetete.parallel.run_count`.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> m = Model(); xs = [m.int_var(0, 2) for _ in range(3)]
        >>> m.add_all_different(xs)
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_spread(m, (), pool, None, None, None, "smallest-min", True, True, False, None)
        6
    """
    model._options(strategy, incremental, False)  # validates the strategy
    job = NarrowingJob(model, strategy, incremental, careful, path)
    try:
        total, stats = run_count(job, executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                                 checkpoint=checkpoint, progress=progress)
    except LimitReached as stopped:
        model.last_stats = stopped.stats
        raise
    model.last_stats = stats
    return int(total)


@dataclass(frozen=True)
class Subproblem:
    """A branch of a narrowing search: the model with the domains restricted along a path of
    cuts (``(variable index, lo, hi)`` steps). Picklable; count it anywhere.

    Example:
        >>> m = Model(); xs = [m.int_var(0, 1) for _ in range(2)]
        >>> m.add_all_different(xs)
        >>> [p.count_solutions() for p in m.split(1)]
        [1, 1]
    """

    model: Model
    path: Path
    strategy: str = "smallest-min"

    def count_solutions(self, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                        node_limit: Optional[int] = None) -> int:
        """Solutions of this subproblem (raises LimitReached when a limit stops it).

        Example:
            >>> m = Model(); _ = m.int_var(0, 2)
            >>> m.split(1)[1].count_solutions()
            2
        """
        return self.model.count_solutions(limit=limit, time_limit=time_limit, node_limit=node_limit,
                                          strategy=self.strategy, _path=self.path)

    def count(self, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None) -> int:
        """Deprecated: the old name of :meth:`count_solutions`. Warns with a ``DeprecationWarning``."""
        warnings.warn("Subproblem.count is deprecated, use Subproblem.count_solutions", DeprecationWarning,
                      stacklevel=2)
        return self.count_solutions(limit=limit, time_limit=time_limit, node_limit=node_limit)

    def solve(self, *, time_limit: Optional[float] = None, node_limit: Optional[int] = None) -> Result:
        """First solution of this subproblem.

        Example:
            >>> m = Model(); _ = m.int_var(0, 2, name="z")
            >>> m.split(1)[1].solve().solution
            {'z': 1}
        """
        return self.model.solve(time_limit=time_limit, node_limit=node_limit, strategy=self.strategy, _path=self.path)

    def solutions(self, *, limit: Optional[int] = None) -> Iterator[Any]:
        """Yield the solutions of this subproblem.

        Example:
            >>> m = Model(); _ = m.int_var(0, 2, name="z")
            >>> list(m.split(1)[1].solutions())
            [{'z': 1}, {'z': 2}]
        """
        return self.model.solutions(limit=limit, strategy=self.strategy, _path=self.path)

    @property
    def last_stats(self) -> Dict[str, Any]:
        """Statistics of the last search on the model (``cuts``, ``nodes``, ...)."""
        return self.model.last_stats


def count_subproblem(subproblem: Subproblem) -> int:
    """Count one subproblem (a top-level function, so process pools can pickle it).

    Example:
        >>> m = Model(); _ = m.int_var(0, 3)
        >>> sum(map(count_subproblem, m.split(1)))
        4
    """
    return subproblem.count_solutions()
