"""Solving: the exact C++ search (default), the seed's ILP, the seed's simulated annealing."""

from __future__ import annotations

from typing import Any, Iterator, List, Optional, Union

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._result import Result
from ._model import Bridge, Hashi
from ._parse import parse

METHODS = ("exact", "ilp", "annealing")
# Annealing iterations when neither time_limit nor node_limit is given (it cannot prove anything).
DEFAULT_ANNEALING_STEPS = 20_000_000

PuzzleLike = Union[Hashi, str, np.ndarray]


def _as_puzzle(puzzle: PuzzleLike) -> Hashi:
    return puzzle if isinstance(puzzle, Hashi) else parse(puzzle)


def _check_limits(time_limit: Optional[float], node_limit: Optional[int]) -> None:
    if time_limit is not None and not time_limit >= 0:
        raise PuzzleError(f"time_limit must be >= 0 seconds, got {time_limit!r}")
    if node_limit is not None and node_limit < 0:
        raise PuzzleError(f"node_limit must be >= 0, got {node_limit!r}")


def solve(puzzle: PuzzleLike, method: str = "exact", time_limit: Optional[float] = None,
          node_limit: Optional[int] = None, seed: Optional[int] = None, **options: Any) -> Result:
    """Solve a Hashiwokakero puzzle.

    Args:
        puzzle: a :class:`Hashi` or anything :func:`parse` reads.
        method: ``"exact"`` (C++ propagation + search; proves unsatisfiability),
            ``"ilp"`` (the seed's model; options ``connectivity="cuts"|"objective"|"none"``
            and ``backend="highs"|"cbc"``) or ``"annealing"`` (the seed's simulated annealing;
            options ``initial_temperature``, ``final_temperature``, ``steps_per_round``).
        time_limit, node_limit: stop early with status ``"limit"`` (nodes = search nodes and
            root probing trials for ``exact``, iterations for ``annealing``; ``ilp`` uses
            ``time_limit`` only). ``exact`` reports its rule counts in ``stats["rules"]``
            (degree, crossing, isolation, bridge, failures, restarts, probing).
        seed: random seed of ``annealing`` (same seed, same run).

    Returns:
        :class:`cassetete.Result` whose ``solution`` is a list of bridges
        ``(r1, c1, r2, c2, count)``, count 1 or 2.

    Example:
        >>> from cassetete.hashi import solve
        >>> solve("3x3m2:2a2c2a2").solution
        [(0, 0, 0, 2, 1), (0, 0, 2, 0, 1), (0, 2, 2, 2, 1), (2, 0, 2, 2, 1)]
    """
    p = _as_puzzle(puzzle)
    _check_limits(time_limit, node_limit)
    if method == "exact":
        if options:
            raise PuzzleError(f"unknown option(s) for method='exact': {sorted(options)}")
        out = _core.hashi_solve_exact(p.islands, time_limit, node_limit, 1, 1)
        solution = out["solutions"][0] if out["solutions"] else None
        return Result(out["status"], solution, out["stats"])
    if method == "ilp":
        from ._ilp import solve_ilp

        bad = set(options) - {"connectivity", "backend"}
        if bad:
            raise PuzzleError(f"unknown option(s) for method='ilp': {sorted(bad)}")
        return solve_ilp(p, time_limit=time_limit, **options)
    if method == "annealing":
        bad = set(options) - {"initial_temperature", "final_temperature", "steps_per_round"}
        if bad:
            raise PuzzleError(f"unknown option(s) for method='annealing': {sorted(bad)}")
        if time_limit is None and node_limit is None:
            node_limit = DEFAULT_ANNEALING_STEPS
        rng_seed = 0 if seed is None else int(seed) & 0xFFFFFFFFFFFFFFFF
        out = _core.hashi_solve_annealing(p.islands, time_limit, node_limit, rng_seed, **options)
        stats = dict(out["stats"])
        stats["energy"] = out["energy"]
        if out["status"] == "solved":
            return Result("solved", out["bridges"], stats)
        stats["best_state"] = out["bridges"]
        return Result("limit", None, stats)
    raise PuzzleError(f"unknown method {method!r}; expected one of {METHODS}")


def count_solutions(puzzle: PuzzleLike, limit: int = 2, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None) -> int:
    """Number of solutions, counting stops at ``limit`` (``limit=2`` proves uniqueness).

    Raises TimeoutError if a time or node limit stops the count before it is settled.

    Example:
        >>> from cassetete.hashi import count_solutions
        >>> count_solutions("3x3m2:2a2c2a2")
        1
    """
    p = _as_puzzle(puzzle)
    _check_limits(time_limit, node_limit)
    if limit < 1:
        raise PuzzleError(f"limit must be at least 1, got {limit}")
    out = _core.hashi_solve_exact(p.islands, time_limit, node_limit, int(limit), 0)
    if not out["complete"] and out["count"] < limit:
        raise TimeoutError(f"count stopped by a limit after {out['count']} solution(s)")
    return int(out["count"])


def solutions(puzzle: PuzzleLike, limit: int = 1000, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None) -> Iterator[List[Bridge]]:
    """Iterate over up to ``limit`` solutions (each a list of bridges).

    Example:
        >>> from cassetete.hashi import solutions
        >>> len(list(solutions("3x3m2:2a2c2a2")))
        1
    """
    p = _as_puzzle(puzzle)
    _check_limits(time_limit, node_limit)
    if limit < 1:
        raise PuzzleError(f"limit must be at least 1, got {limit}")
    out = _core.hashi_solve_exact(p.islands, time_limit, node_limit, int(limit), int(limit))
    yield from out["solutions"]
