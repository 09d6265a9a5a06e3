"""Solving Shikaku: the exact C++ search (default), the ILP model, simulated annealing; the
verbs' scaffolding is the grid families' (:mod:`cassetete._gridpuzzle`)."""

from __future__ import annotations

import math
from typing import Any, Dict, Iterator, List, Optional

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._gridpuzzle import ILP_SOLVERS, METHODS, GridFamily, declare_verbs
from .._options import (check_count, check_flag, check_limit, check_node_limit, check_progress, check_seed,
                        check_time_limit, check_workers)
from .._result import Result
from .._streams import progress_bar
from ._formats import parse
from ._jobs import ShikakuJob
from ._model import Rectangle
from ._verify import verify

__all__ = ["ILP_SOLVERS", "METHODS", "certified", "count_solutions", "count_solutions_many", "solutions", "solve"]


def _rects(array: Any) -> List[Rectangle]:
    return list(map(tuple, np.asarray(array).tolist()))  # tolist() gives Python ints


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise PuzzleError(f"{name} must be a number >= 0, got {value!r}")
    return float(value)


def _by_ilp(p: Any, time_limit: Optional[float], node_limit: Optional[int], ilp_solver: str,
            options: Dict[str, Any]) -> Result:
    from ._ilp import solve_ilp

    return solve_ilp(p, time_limit=time_limit, solver=ilp_solver, node_limit=node_limit)


# The annealing options named as Hashi's are (one name for the same thing in both families); the
# paper's symbols t0 and t_end are still read as older names.
OLDER_NAMES = {"t0": "initial_temperature", "t_end": "final_temperature"}


def _by_annealing(p: Any, time_limit: Optional[float], node_limit: Optional[int], seed: Optional[int],
                  options: Dict[str, Any]) -> Result:
    for old, new in OLDER_NAMES.items():
        if old in options:
            if new in options:
                raise PuzzleError(f"give {new}= or {old}= (its older name), not both")
            options[new] = options.pop(old)
    return _anneal(p, time_limit, node_limit, check_seed(seed), **options)


def _anneal(p: Any, time_limit: Optional[float], node_limit: Optional[int], seed: int,
            iterations: Optional[int] = None, initial_temperature: float = 2.0, cooling: Optional[float] = None,
            final_temperature: float = 0.05) -> Result:
    clues = len(p.clue_values())
    if iterations is None:
        iterations = 200_000 + 2_000 * clues
    iterations = check_count(iterations, "iterations", 0)
    t0 = _number("initial_temperature", initial_temperature)
    t_end = _number("final_temperature", final_temperature)
    if cooling is None:
        # geometric schedule from t0 down to t_end over the iterations
        cooling = math.exp(math.log(t_end / t0) / max(1, iterations)) if t0 > 0 and t_end > 0 else 1.0
    cooling = _number("cooling", cooling)
    out = _core.shikaku.anneal(p.clues, iterations, t0, cooling, seed & (2**64 - 1), time_limit, node_limit)
    stats = dict(out["stats"])
    stats["energy"] = out["energy"]
    stats["target_energy"] = out["target"]
    stats["trajectory"] = [tuple(step) for step in out["trajectory"]]
    stats["seed"] = seed
    best = _rects(out["best"]) if out["best"] is not None else None
    stats["best"] = best
    status = out["status"]
    if status == "limit" and stats.get("stop") == "none":
        stats["stop"] = "iterations"  # the schedule ended without reaching a solution
    return Result(status, best, stats, puzzle=p)


SHIKAKU = GridFamily(
    name="shikaku",
    parse=parse,
    verify=verify,
    grid=lambda p: p.clues,
    exact=lambda grid, limit, keep, time_limit, node_limit: _core.shikaku.exact(grid, limit, keep, time_limit,
                                                                                node_limit),
    stream=lambda *args: _core.shikaku.stream(*args),  # looked up at each call (tests patch _core)
    solution=_rects,
    job=ShikakuJob,
    ilp=_by_ilp,
    anneal=_by_annealing,
    ilp_options=(),
    annealing_options=("iterations", "initial_temperature", "cooling", "final_temperature", *OLDER_NAMES),
    ilp_alias="solver",  # the older name of ilp_solver
)


def certified(puzzle: Any, solution: Any, how: str) -> Any:
    """``solution`` once :func:`cassetete.shikaku.verify` (written from the rules, independent of
    the engines) accepts it; else :class:`cassetete.CheckFailed`, never a wrong answer.

    Example:
        >>> certified("2 .\\n2 .", [(0, 0, 1, 2), (1, 0, 1, 2)], "exact")
        [(0, 0, 1, 2), (1, 0, 1, 2)]
    """
    return SHIKAKU.certified(puzzle, solution, how)


DECLARED = declare_verbs("shikaku")


@DECLARED["solve"]
def solve(
    puzzle: Any,
    *,
    method: str = "exact",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    seed: Optional[int] = None,
    ilp_solver: str = "highs",
    progress: bool = False,
    executor: Any = None,
    workers: int = 1,
    **options: Any,
) -> Result:
    """Solve a Shikaku puzzle.

    Args:
        puzzle: a :class:`Shikaku`, a Tatham game ID, a puzz.link URL, a plain grid or an array.
        method: ``"exact"`` (C++ propagation + exact-cover search, proves unsatisfiability),
            ``"ilp"`` (the 0-1 model of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero
            par programmation linéaire en nombres entiers", solved by ``ilp_solver="highs"`` or
            ``"cbc"``), or ``"annealing"`` (the same work's simulated annealing; options
            ``iterations``, ``initial_temperature``, ``cooling``, ``final_temperature``, named as
            Hashi's; ``t0`` and ``t_end`` are their older names).
        time_limit: seconds; node_limit: search nodes (annealing: iterations);
        seed: random seed of the annealing (None = a fresh one, reported in ``stats["seed"]``).
        progress: show the seconds spent on a bar on stderr while the search runs.
        workers: ``method="exact"`` only: threads of this process searching as ``executor`` does.
        executor: ``method="exact"`` only (else :class:`cassetete.PuzzleError`): a
            ``concurrent.futures`` executor or a Dask client; every worker searches its own
            branches of the exact search (cut in time slices by :mod:`cassetete.parallel`, as
            :meth:`cassetete.exactcover.ExactCover.solve` does) and all stop as soon as one
            finds a solution; ``time_limit`` bounds the whole search, ``node_limit`` the nodes
            summed over the workers (checked as each task returns).

    Returns:
        :class:`cassetete.Result` whose ``solution`` lists one ``(row, col, height, width)`` per
        clue in row-major clue order. Annealing returns its best state as ``solution``, with
        status ``"solved"`` when it is a solution and ``"limit"`` otherwise; ``stats["best"]``
        is that state, ``stats["energy"]`` its energy (a solution has ``rows * cols``, in
        ``stats["target_energy"]``) and ``stats["trajectory"]`` the (iteration, best energy)
        pairs of its improvements.

    Example:
        >>> solve("4x4:a2_2b2_2c2_2_2a2a").solution[:2]
        [(0, 0, 1, 2), (0, 2, 1, 2)]
    """
    return SHIKAKU.solve(puzzle, method, time_limit, node_limit, seed, ilp_solver, progress, executor, options,
                        workers)


@DECLARED["count_solutions"]
def count_solutions(puzzle: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None, progress: bool = False, executor: Any = None,
                    checkpoint: Optional[str] = None, workers: int = 1) -> int:
    """The number of solutions; with ``limit=k`` counting stops at ``k`` (``limit=2``: 0, 1 or 2+).

    Raises :class:`cassetete.LimitReached` (with ``.count``, a lower bound, and ``.stats``) when
    ``time_limit`` or ``node_limit`` stops the count before it is exact. ``executor`` (a
    ``concurrent.futures`` executor or a Dask client) and ``checkpoint`` (a file to resume from)
    spread the count over many workers with :mod:`cassetete.parallel`; ``workers=N`` (-1 = all
    cores) does so on N threads of this process.

    Example:
        >>> count_solutions("4x4:a2_2b2_2c2_2_2a2a")
        1
        >>> count_solutions("2 .\\n. 2", workers=2)
        2
        >>> count_solutions("2 . . 2")
        1
    """
    return SHIKAKU.count_solutions(puzzle, limit, time_limit, node_limit, progress, executor, checkpoint, workers)


@DECLARED["solutions"]
def solutions(puzzle: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None, progress: bool = False) -> Iterator[List[Rectangle]]:
    """Yield the solutions as the search finds them (all of them, or the first ``limit``).

    The search runs on a C++ thread while you consume; closing the generator (or leaving a
    ``for`` loop early) stops it. When ``time_limit`` or ``node_limit`` stops the search first,
    the generator ends by raising :class:`cassetete.LimitReached` (``.count`` = solutions
    yielded), so a cut-short list is never mistaken for all the solutions.

    Example:
        >>> len(list(solutions("2 .\\n. 2")))
        2
    """
    return SHIKAKU.solutions(puzzle, limit, time_limit, node_limit, progress)


def count_solutions_many(puzzles: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                         node_limit: Optional[int] = None, with_seconds: bool = False,
                         workers: int = 1, progress: bool = False) -> Any:
    """Count the solutions (up to ``limit``; None = all) of many puzzles in C++ on ``workers``
    threads (-1 = all cores).

    ``time_limit`` and ``node_limit`` apply to each puzzle; a count they stop is -1 (Ctrl-C
    raises KeyboardInterrupt). With ``with_seconds=True`` returns ``(counts, seconds)``, the
    C++ time of each puzzle (candidates + search). ``progress=True`` shows a bar over the
    puzzles (the batch then runs in chunks).

    Example:
        >>> count_solutions_many(["2 .\\n2 .", "2 .\\n. 2", "2 .\\n. 3"]).tolist()
        [1, 2, 0]
    """
    limit = check_limit(limit)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    workers = check_workers(workers)
    progress = check_progress(progress)
    with_seconds = check_flag(with_seconds, "with_seconds")
    if isinstance(puzzles, (str, bytes)):
        raise PuzzleError("count_solutions_many takes a list of puzzles; use parse_many for text")
    grids = [parse(p).clues for p in puzzles]
    cap = limit or 2**63 - 1
    bar = progress_bar(progress, "puzzles", total=len(grids), unit="puzzle")
    if bar is None:
        counts, seconds = _core.shikaku.exact_many(grids, cap, time_limit, node_limit, workers)
    else:
        chunk = max(1, 4 * workers)
        parts = []
        try:
            for start in range(0, len(grids), chunk):
                parts.append(_core.shikaku.exact_many(grids[start:start + chunk], cap, time_limit, node_limit,
                                                      workers))
                bar.update(len(grids[start:start + chunk]))
        finally:
            bar.close()
        counts = np.concatenate([c for c, _ in parts]) if parts else np.zeros(0, np.int64)
        seconds = np.concatenate([s for _, s in parts]) if parts else np.zeros(0)
    return (counts, seconds) if with_seconds else counts
