"""Counting solutions on this thread: :func:`count_result` (a Result that says whether the count
is complete, with the first solution met; :func:`~cassetete.edgematch.count_solutions`, the
family verb, returns its number or raises ``LimitReached``, and spreads it). ``count``, the old
public name of ``count_result``, is deprecated."""

from __future__ import annotations

import warnings
from typing import Any, Optional

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_limit, check_node_limit, check_time_limit
from .._result import Result
from ._engine import _Budget, _run
from ._formats import as_puzzle
from ._model import EdgePuzzle
from ._orders import ORDERS
from ._split import symmetry_parts
from ._verify import certify_result


def _status(count: int, complete: bool, limit: Optional[int]) -> str:
    if complete or (limit is not None and count >= limit):
        return "solved" if count else "unsatisfiable"
    return "limit"


def count_result(
    puzzle: EdgePuzzle,
    *,
    limit: Optional[int] = None,
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    symmetry: bool = True,
) -> Result:
    """Count solutions, as a Result that says whether the count is complete: ``stats["count"]``
    (a lower bound when a limit stopped it), ``stats["complete"]`` (no time or node limit
    stopped it: the count is exact, or reached the ``limit`` asked),
    status ``"solved"`` (count exact or capped at ``limit``), ``"unsatisfiable"`` (none, proved)
    or ``"limit"``; the first solution found as ``solution``.

    With ``symmetry`` (and no ``limit``) the count runs on :func:`symmetry_parts` (a corner
    piece pinned, 4x less search on a square board) and is multiplied back, so the figure
    still includes every rotated board. ``time_limit`` and ``node_limit`` bound the whole count.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> count_result(EdgePuzzle(1, 2, [[0, 0, 0, 1], [0, 1, 0, 0]])).stats["count"]  # the board and its half turn
        2
    """
    puzzle = as_puzzle(puzzle)
    check_choice(order, "order", ORDERS)
    limit = check_limit(limit)
    budget = _Budget(check_time_limit(time_limit), check_node_limit(node_limit))
    if not isinstance(symmetry, bool):
        raise PuzzleError(f"symmetry must be True or False, got {symmetry!r}")
    sym = symmetry_parts(puzzle) if symmetry and not limit else None
    factor, parts = sym if sym is not None else (1, [puzzle])
    results = [_count_part(q, order, limit, budget) for q in parts]
    stats = dict(results[0][1])
    for key in ("nodes", "seconds"):
        stats[key] = sum(r[1][key] for r in results)
    stats["count"] = factor * sum(r[1]["count"] for r in results)
    stats["complete"] = all(r[1]["complete"] for r in results)
    stats["stop"] = next((r[1]["stop"] for r in results if r[1]["stop"] != "none"), "none")
    if sym is not None:
        stats["symmetry_factor"] = factor
    first = next((r[0] for r in results if r[0] is not None), None)
    return certify_result(Result(_status(stats["count"], stats["complete"], limit), first, stats, puzzle=puzzle))


def count(puzzle: EdgePuzzle, **options: Any) -> Result:
    """Deprecated: use :func:`cassetete.edgematch.count_solutions` (the family verb: an ``int``,
    or :class:`cassetete.LimitReached` when a limit stops the count). Still returns the
    :class:`cassetete.Result` of :func:`count_result` (same options), with a ``DeprecationWarning``.

    Example:
        >>> import warnings
        >>> from cassetete import edgematch
        >>> puzzle, _ = edgematch.generate(3, 3, colors=2, seed=1)
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     counted = edgematch.count(puzzle)
        >>> counted.stats["count"] == edgematch.count_solutions(puzzle)
        True
    """
    warnings.warn("edgematch.count is deprecated, use edgematch.count_solutions (an int, or LimitReached when "
                  "a limit stops the count)", DeprecationWarning, stacklevel=2)
    return count_result(puzzle, **options)


def _count_part(puzzle: EdgePuzzle, order: str, limit: Optional[int], budget: _Budget, cancel=None):
    time_left, nodes_left = budget.limits()
    out = _run(puzzle, order=order, count=True, limit=limit, seed=None, time_limit=time_left,
               node_limit=nodes_left, cancel=cancel)
    stats = dict(out["stats"])
    budget.spend(int(stats["nodes"]))
    stats["count"] = int(out["count"])
    stats["complete"] = bool(out["complete"])
    board = out["board"]
    return (None if board is None else np.asarray(board)), stats
