"""The unit of parallel work of exact cover: :class:`ExactCoverJob` (a
:class:`cassetete.parallel.Job` whose prefixes are option indices), the spreading of a count
or a first-solution search over an executor (``count_cover``, ``solve_cover``: what
``ExactCover.count_solutions(executor=...)`` and ``ExactCover.solve(executor=...)`` call), and
:class:`Subproblem`, a picklable branch of the search tree for any ``executor.map``.

Example:
    >>> job = ExactCoverJob(ExactCover.from_options([[0], [1], [0, 1]]))
    >>> [job.count(p, None)[0] for p in job.split(())]
    [1, 1]
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Iterator, List, Optional, Sequence, Tuple

from .. import _core
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ..parallel import Job, Prefix, digest, run_count, run_first
from ._model import ExactCover

__all__ = ["ExactCoverJob", "Subproblem", "count_cover", "count_subproblem", "solve_cover"]


class ExactCoverJob(Job):
    """An :class:`~cassetete.exactcover.ExactCover` below an optional starting prefix.

    Example:
        >>> ExactCoverJob(ExactCover.from_options([[0], [0]])).first((), None)[:2]
        ('solved', [0])
    """

    def __init__(self, cover: ExactCover, prefix: Sequence[int] = ()) -> None:
        super().__init__()
        self.cover = cover
        self.start = tuple(int(o) for o in prefix)
        self.key = "exactcover-" + digest(cover.primary, cover.secondary, cover._starts, cover._items, self.start)

    def _problem(self) -> Any:
        with self._lock:
            return self.cover._problem()

    def roots(self) -> List[Tuple[Prefix, int]]:
        return [(self.start, 1)]

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        count, complete, stats = _core.exactcover.count(self._problem(), [list(prefix)], 0, time_limit, None, [])
        return int(count), bool(complete), int(stats.get("nodes", 0))

    def split(self, prefix: Prefix) -> List[Prefix]:
        return [tuple(p) for p in _core.exactcover.split(self._problem(), list(prefix), 1)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        status, solution, stats = _core.exactcover.first(self._problem(), list(prefix), time_limit, None)
        if status not in (SOLVED, UNSATISFIABLE):
            status = LIMIT
        return status, solution, int(stats.get("nodes", 0))


def count_cover(cover: ExactCover, executor: Any, *, prefix: Sequence[int] = (), limit: Optional[int] = None,
                time_limit: Optional[float] = None, node_limit: Optional[int] = None, progress: bool = False,
                checkpoint: Optional[str] = None, slice_seconds: Optional[float] = None) -> int:
    """Count an :class:`~cassetete.exactcover.ExactCover` on ``executor`` (what
    ``ExactCover.count_solutions(executor=...)`` calls); raises :class:`cassetete.LimitReached` when a
    limit stops it.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_cover(ExactCover.from_options([[0], [1], [0, 1]]), pool)
        2
    """
    job = ExactCoverJob(cover, cover._check_prefix(prefix))
    count, stats = run_count(job, executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                             slice_seconds=slice_seconds, checkpoint=checkpoint, progress=progress)
    cover.last_stats = stats
    return count


def solve_cover(cover: ExactCover, executor: Any, *, prefix: Sequence[int] = (), time_limit: Optional[float] = None,
                node_limit: Optional[int] = None, slice_seconds: float = 0.5) -> Result:
    """A first solution of an exact cover searched on every worker at once; the other workers
    stop within one time slice of the first solution found.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     solve_cover(ExactCover.from_options([[0, 1], [0]]), pool).solution
        [0]
    """
    job = ExactCoverJob(cover, cover._check_prefix(prefix))
    status, solution, stats = run_first(job, executor, time_limit=time_limit, node_limit=node_limit,
                                        slice_seconds=slice_seconds)
    cover.last_stats = stats
    return Result(status, solution, stats, puzzle=cover, family="exactcover")


@dataclass(frozen=True)
class Subproblem:
    """A branch of an exact cover search: the problem with some options already chosen.

    Example:
        >>> ec = ExactCover.from_options([[0], [1], [0, 1]])
        >>> [p.count_solutions() for p in ec.split(1)]
        [1, 1]
    """

    cover: ExactCover
    prefix: Tuple[int, ...]

    def count_solutions(self, *, limit: Optional[int] = None, time_limit: Optional[float] = None) -> int:
        """Number of solutions in this branch.

        Example:
            >>> Subproblem(ExactCover.from_options([[0]]), (0,)).count_solutions()
            1
        """
        return self.cover.count_solutions(limit=limit, time_limit=time_limit, prefix=self.prefix)

    def count(self, *, limit: Optional[int] = None, time_limit: Optional[float] = None) -> int:
        """Deprecated: the old name of :meth:`count_solutions`. Warns with a ``DeprecationWarning``."""
        warnings.warn("Subproblem.count is deprecated, use Subproblem.count_solutions", DeprecationWarning,
                      stacklevel=2)
        return self.count_solutions(limit=limit, time_limit=time_limit)

    def solutions(self, *, limit: Optional[int] = None) -> Iterator[List[int]]:
        """Solutions of this branch (option lists, the prefix first).

        Example:
            >>> list(Subproblem(ExactCover.from_options([[0]]), (0,)).solutions())
            [[0]]
        """
        return self.cover.solutions(limit=limit, prefix=self.prefix)


def count_subproblem(subproblem: Subproblem) -> int:
    """``subproblem.count_solutions()`` as a plain function, handy for ``executor.map``.

    Example:
        >>> count_subproblem(Subproblem(ExactCover.from_options([[0]]), ()))
        1
    """
    return subproblem.count_solutions()
