"""Shared steps of the exact engines of issue 20 (checkerboard, CP model, relaxed-CP loop):
argument checks, the call into C++, the Result and the count-or-LimitReached rule."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np

from .._errors import LimitReached, PuzzleError
from .._options import check_node_limit, check_time_limit
from .._result import Result
from ._model import EdgePuzzle


def core():
    from .. import _core

    return _core


def check_puzzle(puzzle: object) -> EdgePuzzle:
    if not isinstance(puzzle, EdgePuzzle):
        raise PuzzleError(f"expected an EdgePuzzle, got {type(puzzle).__name__}")
    return puzzle


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
    from ._verify import certify_result

    return certify_result(Result(out["status"], board, stats, puzzle=puzzle, family="edgematch"))


def exact_count(out: Dict[str, Any], limit: Optional[int], stats: Dict[str, Any]) -> int:
    """The count, or LimitReached when a time or node limit stopped it first."""
    found = int(out["count"])
    if out["complete"] or (limit is not None and found >= limit):
        return found
    raise LimitReached(found, stats)
