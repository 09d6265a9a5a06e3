"""Solving Shikaku: the exact C++ search (default), the ILP model, simulated annealing."""

from __future__ import annotations

import math
from typing import Any, Iterator, List, Optional

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._result import Result
from ._formats import parse
from ._model import Rectangle

METHODS = ("exact", "ilp", "annealing")


def _rects(array: Any) -> List[Rectangle]:
    return list(map(tuple, np.asarray(array).tolist()))  # tolist() gives Python ints


def _check_limits(time_limit: Optional[float], node_limit: Optional[int]) -> None:
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit >= 0):
        raise PuzzleError(f"time_limit must be a number >= 0, got {time_limit!r}")
    if node_limit is not None and not (isinstance(node_limit, int) and node_limit >= 0):
        raise PuzzleError(f"node_limit must be an int >= 0, got {node_limit!r}")


def _check_options(method: str, options: dict, allowed: tuple) -> None:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise PuzzleError(f"unknown options for method {method!r}: {unknown}; allowed: {list(allowed)}")


def solve(
    puzzle: Any,
    method: str = "exact",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    seed: Optional[int] = None,
    **options: Any,
) -> Result:
    """Solve a Shikaku puzzle.

    Args:
        puzzle: a :class:`Shikaku`, a Tatham game ID, a puzz.link URL or a plain grid.
        method: ``"exact"`` (C++ propagation + exact-cover search, proves unsatisfiability),
            ``"ilp"`` (the seed's 0-1 model; ``solver="highs"`` default or ``"cbc"``), or
            ``"annealing"`` (simulated annealing; options ``iterations``, ``t0``, ``cooling``).
        time_limit: seconds; node_limit: search nodes (annealing: iterations);
        seed: random seed (annealing).

    Returns:
        :class:`cassetete.Result` whose ``solution`` lists one ``(row, col, height, width)`` per
        clue in row-major clue order. Annealing: status ``"solved"`` or ``"limit"``; the best
        state reached is always in ``stats["best"]`` with its energy (3) in ``stats["energy"]``
        (``stats["target_energy"]`` = rows * cols for a solution).

    Example:
        >>> solve("4x4:a2_2b2_2c2_2_2a2a").solution[:2]
        [(0, 0, 1, 2), (0, 2, 1, 2)]
    """
    p = parse(puzzle)
    _check_limits(time_limit, node_limit)
    if method == "exact":
        if options:
            raise PuzzleError(f"unknown options for method 'exact': {sorted(options)}")
        out = _core.shikaku_exact(p.clues, 1, 1, time_limit, node_limit)
        solution = _rects(out["solutions"][0]) if out["solutions"] else None
        return Result(out["status"], solution, out["stats"])
    if method == "ilp":
        from ._ilp import solve_ilp

        _check_options("ilp", options, ("solver",))
        return solve_ilp(p, time_limit=time_limit, **options)
    if method == "annealing":
        _check_options("annealing", options, ("iterations", "t0", "cooling", "t_end"))
        return _anneal(p, time_limit, node_limit, seed, **options)
    raise PuzzleError(f"unknown method {method!r}; expected one of {METHODS}")


def _anneal(p: Any, time_limit: Optional[float], node_limit: Optional[int], seed: Optional[int],
            iterations: Optional[int] = None, t0: float = 2.0, cooling: Optional[float] = None,
            t_end: float = 0.05) -> Result:
    clues = len(p.clue_values())
    if iterations is None:
        iterations = 200_000 + 2_000 * clues
    if not isinstance(iterations, int) or iterations < 0:
        raise PuzzleError(f"iterations must be an int >= 0, got {iterations!r}")
    for name, value in (("t0", t0), ("t_end", t_end), ("cooling", cooling)):
        if value is not None and (not isinstance(value, (int, float)) or not value >= 0):
            raise PuzzleError(f"{name} must be a number >= 0, got {value!r}")
    if cooling is None:
        # geometric schedule from t0 down to t_end over the iterations
        cooling = math.exp(math.log(t_end / t0) / max(1, iterations)) if t0 > 0 and t_end > 0 else 1.0
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
    out = _core.shikaku_anneal(p.clues, iterations, float(t0), float(cooling), int(seed) & (2**64 - 1),
                               time_limit, node_limit)
    stats = dict(out["stats"])
    stats["energy"] = out["energy"]
    stats["target_energy"] = out["target"]
    best = _rects(out["best"]) if out["best"] is not None else None
    stats["best"] = best
    solution = best if out["status"] == "solved" else None
    return Result(out["status"], solution, stats)


def count_solutions(puzzle: Any, limit: int = 2, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None) -> int:
    """Number of solutions, counting stops at ``limit`` (0 / 1 / 2+ with the default).

    Raises :class:`TimeoutError` when a limit stops the count before it is exact.

    Example:
        >>> count_solutions("4x4:a2_2b2_2c2_2_2a2a")
        1
        >>> count_solutions("2 . . 2", limit=10)
        1
    """
    p = parse(puzzle)
    _check_limits(time_limit, node_limit)
    if not isinstance(limit, int) or limit < 1:
        raise PuzzleError(f"limit must be an int >= 1, got {limit!r}")
    out = _core.shikaku_exact(p.clues, limit, 0, time_limit, node_limit)
    if not out["complete"]:
        raise TimeoutError(f"count stopped by a limit after {out['count']} solutions")
    return int(out["count"])


def solutions(puzzle: Any, limit: Optional[int] = None, time_limit: Optional[float] = None) -> Iterator[List[Rectangle]]:
    """Iterate over the solutions (at most ``limit`` of them; all when None).

    Example:
        >>> len(list(solutions("2 .\\n. 2", limit=5)))
        2
    """
    p = parse(puzzle)
    _check_limits(time_limit, None)
    cap = limit if limit is not None else 2**62
    if not isinstance(cap, int) or cap < 1:
        raise PuzzleError(f"limit must be an int >= 1, got {limit!r}")
    out = _core.shikaku_exact(p.clues, cap, cap, time_limit, None)
    for sol in out["solutions"]:
        yield _rects(sol)


def count_solutions_many(puzzles: Any, limit: int = 2, time_limit: Optional[float] = None,
                         node_limit: Optional[int] = None, with_seconds: bool = False,
                         workers: int = 1) -> Any:
    """Count the solutions (up to ``limit``) of many puzzles in one C++ call on ``workers``
    threads (-1 = all cores).

    ``time_limit`` and ``node_limit`` apply to each puzzle; a count stopped by them (or by
    Ctrl-C, which then raises KeyboardInterrupt) is -1. With ``with_seconds=True`` returns
    ``(counts, seconds)``, the C++ time of each puzzle (candidates + search).

    Example:
        >>> count_solutions_many(["2 .\\n2 .", "2 .\\n. 2", "2 .\\n. 3"]).tolist()
        [1, 2, 0]
    """
    _check_limits(time_limit, node_limit)
    if not isinstance(limit, int) or limit < 1:
        raise PuzzleError(f"limit must be an int >= 1, got {limit!r}")
    if not isinstance(workers, int):
        raise PuzzleError(f"workers must be an int, got {workers!r}")
    grids = [parse(p).clues for p in puzzles]
    counts, seconds = _core.shikaku_exact_many(grids, limit, time_limit, node_limit, workers)
    return (counts, seconds) if with_seconds else counts
