"""The narrowing solver on :mod:`cassetete.parallel`: a :class:`~cassetete.parallel.Job` whose
prefixes are the flattened ``(variable, lo, hi)`` cuts of :meth:`Model.split`, so a count can
be spread over any ``concurrent.futures`` executor or a Dask client, time-sliced,
checkpointed and shown with a progress bar (``Model.count(executor=...)``).

Example:
    >>> from cassetete.narrowing import Model
    >>> m = Model(); xs = [m.int_var(0, 2) for _ in range(3)]
    >>> m.add_all_different(xs)
    >>> job = NarrowingJob(m)
    >>> sum(job.count(p, None)[0] for p in job.split(()))
    6
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from .. import _core
from .._result import LIMIT, SOLVED, UNSATISFIABLE
from ..parallel import Job, Prefix
from ..parallel import digest as _digest

__all__ = ["NarrowingJob", "flatten", "unflatten"]


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

    def __init__(self, model: Any, strategy: str = "smallest-min", incremental: bool = True,
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
