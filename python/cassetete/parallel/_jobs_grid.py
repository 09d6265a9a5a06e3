"""Shikaku and Hashiwokakero counts as jobs a cluster can share out: a prefix is the list of
branching choices of the exact search (candidate rectangles for Shikaku, flattened (edge,
bridges) pairs for Hashi), replayed in C++ with the same propagation as the serial search.

Example:
    >>> from cassetete import shikaku
    >>> job = ShikakuJob(shikaku.parse("2 .\\n. 2"))
    >>> sum(job.count(p, None)[0] for p in job.split(()))
    2
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

from .. import _core
from .._result import LIMIT, SOLVED, UNSATISFIABLE
from ._job import Job, Prefix
from ._job import digest as _digest

__all__ = ["HashiJob", "ShikakuJob"]


class ShikakuJob(Job):
    """A Shikaku count: a prefix is the candidate rectangles chosen by the exact search's
    branching (the clue with the fewest candidates left), by index in the candidate list.

    Example:
        >>> from cassetete import shikaku
        >>> ShikakuJob(shikaku.parse("2 .\\n. 2")).split(())
        [(0,), (1,)]
    """

    def __init__(self, puzzle: Any) -> None:
        super().__init__()
        self.grid = np.ascontiguousarray(puzzle.clues, dtype=np.int32)
        self.key = "shikaku-" + _digest(self.grid.shape, self.grid.tobytes())

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        count, complete, nodes = _core.shikaku.count_below(self.grid, list(prefix), 0, time_limit, None)
        return int(count), bool(complete), int(nodes)

    def split(self, prefix: Prefix) -> List[Prefix]:
        return [tuple(p) for p in _core.shikaku.split(self.grid, list(prefix), 1)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        status, solution, nodes = _core.shikaku.first_below(self.grid, list(prefix), time_limit)
        return _status(status), solution, int(nodes)


class HashiJob(Job):
    """A Hashiwokakero count: a prefix is the flattened (edge, bridges) decisions of the exact
    search (edges numbered as in the serial engine's graph).

    Example:
        >>> from cassetete import hashi
        >>> job = HashiJob(hashi.parse("3x3m2:2a2c2a2"))
        >>> sum(job.count(p, None)[0] for p in job.split(()))
        1
    """

    def __init__(self, puzzle: Any) -> None:
        super().__init__()
        self.grid = np.ascontiguousarray(puzzle.islands, dtype=np.int32)
        self.key = "hashi-" + _digest(self.grid.shape, self.grid.tobytes())

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        count, complete, nodes = _core.hashi.count_below(self.grid, list(prefix), 0, time_limit, None)
        return int(count), bool(complete), int(nodes)

    def split(self, prefix: Prefix) -> List[Prefix]:
        return [tuple(p) for p in _core.hashi.split(self.grid, list(prefix), 1)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        status, solution, nodes = _core.hashi.first_below(self.grid, list(prefix), time_limit)
        return _status(status), solution, int(nodes)


def _status(status: str) -> str:
    """The engines' status for the driver: solved, unsatisfiable, or limit (whatever stopped it)."""
    return status if status in (SOLVED, UNSATISFIABLE) else LIMIT
