"""The unit of parallel work, generic: a :class:`Job` is a picklable search problem that knows
how to count (or search) the subproblem below a prefix of choices within a time slice, and how
to cut a prefix one level deeper. Each family implements it in its own ``_jobs.py`` (through
the family's public arrays); this package imports no family.

A prefix is a tuple of ints, so prefixes travel and checkpoint cheaply. The engine's heavy
state (a C++ matrix, bitboard tables) is rebuilt lazily once per worker process from the
pickled model (the names in ``_derived`` are dropped when pickling), never sent per task.

Example:
    >>> class Halves(Job):
    ...     key = "halves"
    ...     def count(self, prefix, time_limit):
    ...         return (1 if len(prefix) == 3 else 0), True, 1
    ...     def split(self, prefix):
    ...         return [prefix + (0,), prefix + (1,)] if len(prefix) < 3 else [prefix]
    ...     def first(self, prefix, time_limit):
    ...         return "solved", prefix, 1
    >>> job = Halves()
    >>> [child for child in job.split(())]
    [(0,), (1,)]
    >>> digest("halves", 3) == digest("halves", 3)
    True
"""

from __future__ import annotations

import abc
import hashlib
import threading
from typing import Any, Dict, List, Optional, Tuple

__all__ = ["Job", "Prefix", "digest"]

#: A subproblem, as the choices made from the root in a tuple of ints (cheap to send and to
#: checkpoint). Example: ``(0, 1)`` is the second child of the first child of the root, and
#: :meth:`Job.split` of ``(0,)`` returns prefixes such as ``[(0, 0), (0, 1)]``.
Prefix = Tuple[int, ...]


class Job(abc.ABC):
    """What the driver needs from a family (subclasses fill it in).

    ``key`` names the problem (checkpoints refuse another problem's file); ``roots`` are the
    first subproblems with their weights; ``count(prefix, time_limit)`` returns
    ``(count, complete, nodes)``; ``split(prefix)`` the child prefixes one level deeper, whose
    solution sets partition the prefix's; ``first(prefix, time_limit)`` returns
    ``(status, solution, nodes)``.

    Example (the 2**20 bit strings, counted by prefixes on two threads):
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete.parallel import Job, run_count
        >>> class BitStrings(Job):
        ...     key = "bit-strings-20"
        ...     def count(self, prefix, time_limit):
        ...         return 2 ** (20 - len(prefix)), True, 1
        ...     def split(self, prefix):
        ...         return [prefix + (0,), prefix + (1,)]
        ...     def first(self, prefix, time_limit):
        ...         return "solved", prefix + (0,) * (20 - len(prefix)), 1
        >>> with ThreadPoolExecutor(2) as pool:
        ...     run_count(BitStrings(), pool)[0]
        1048576
    """

    key: str = ""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # the lazy engine build, when a worker runs several threads

    def __getstate__(self) -> Dict[str, Any]:
        state = self.__dict__.copy()
        state.pop("_lock", None)
        for name in self._derived:
            state[name] = None
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    _derived: Tuple[str, ...] = ()

    def roots(self) -> List[Tuple[Prefix, int]]:
        return [((), 1)]

    @abc.abstractmethod
    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        """``(count, complete, nodes)`` of the subproblem below ``prefix`` within ``time_limit`` seconds."""

    @abc.abstractmethod
    def split(self, prefix: Prefix) -> List[Prefix]:
        """The child prefixes one level deeper, whose solution sets partition the prefix's."""

    @abc.abstractmethod
    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        """``(status, solution, nodes)`` of a search for one solution below ``prefix``."""


def digest(*parts: Any) -> str:
    """A short stable key for a problem made of ``parts`` (bytes, or anything with a stable
    ``repr``): what :attr:`Job.key` is built from, so a checkpoint refuses another problem's file.

    Example:
        >>> len(digest(b"grid", (3, 3)))
        24
    """
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(part if isinstance(part, bytes) else repr(part).encode())
        hasher.update(b"\0")
    return hasher.hexdigest()[:24]
