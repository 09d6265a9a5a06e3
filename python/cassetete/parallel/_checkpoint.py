"""The driver's checkpoint: the solutions counted so far and every subproblem not yet finished
(queued or running), written atomically (a temporary file, then ``os.replace``), so a driver
killed at any moment resumes from its last checkpoint with the same final total.

Example:
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "count.json")
    >>> save(path, Progress("k", 5, 10, [((1, 2), 1)]))
    >>> load(path, "k").pending
    [((1, 2), 1)]
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from .._errors import PuzzleError

__all__ = ["Progress", "load", "save"]

Part = Tuple[Tuple[int, ...], int]  # (prefix, weight)


@dataclass
class Progress:
    """A count in flight: ``count`` of the finished subproblems, ``pending`` the others."""

    key: str
    count: int = 0
    nodes: int = 0
    pending: List[Part] = field(default_factory=list)
    finished: int = 0  # subproblems finished (for the progress bar)


def save(path: str, progress: Progress) -> None:
    """Write ``progress`` to ``path`` atomically."""
    data = {"version": 1, "key": progress.key, "count": progress.count, "nodes": progress.nodes,
            "finished": progress.finished, "done": not progress.pending,
            "pending": [[list(prefix), weight] for prefix, weight in progress.pending]}
    directory = os.path.dirname(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(prefix=".checkpoint-", dir=directory)
    try:
        with os.fdopen(descriptor, "w") as stream:
            json.dump(data, stream, separators=(",", ":"))
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.remove(temporary)
        except OSError:
            pass
        raise


def load(path: str, key: str) -> Optional[Progress]:
    """The progress saved in ``path`` (None if there is no such file); PuzzleError when the file
    is not a checkpoint or belongs to another problem."""
    if not os.path.exists(path):
        return None
    try:
        with open(path) as stream:
            data = json.load(stream)
        saved_key = data["key"]
        pending = [(tuple(int(v) for v in prefix), int(weight)) for prefix, weight in data["pending"]]
        progress = Progress(saved_key, int(data["count"]), int(data.get("nodes", 0)), pending,
                            int(data.get("finished", 0)))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise PuzzleError(f"checkpoint {path}: not a cassetete checkpoint ({error})") from None
    if saved_key != key:
        raise PuzzleError(f"checkpoint {path} belongs to another problem ({saved_key}, not {key}); "
                          "remove it or give another path")
    return progress
