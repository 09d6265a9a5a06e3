"""Solving Shikaku: the exact C++ search (default), the ILP model, simulated annealing."""

from __future__ import annotations

import math
from typing import Any, Iterator, List, Optional

import numpy as np

from .. import _core
from .._errors import LimitReached, PuzzleError, certify, certify_first
from .._options import (check_choice, check_count, check_flag, check_limit, check_node_limit, check_progress, check_seed,
                        check_time_limit, check_workers)
from .._result import Result
from .._streams import elapsed_bar, progress_bar, stream_solutions
from ._formats import parse
from ._model import Rectangle
from ._verify import verify

METHODS = ("exact", "ilp", "annealing")
ILP_SOLVERS = ("highs", "cbc")


def _rects(array: Any) -> List[Rectangle]:
    return list(map(tuple, np.asarray(array).tolist()))  # tolist() gives Python ints


def certified(puzzle: Any, solution: Any, how: str) -> Any:
    """``solution`` once :func:`cassetete.shikaku.verify` (written from the rules, independent of
    the engines) accepts it; else :class:`cassetete.CheckFailed`, never a wrong answer.

    Example:
        >>> certified("2 .\\n2 .", [(0, 0, 1, 2), (1, 0, 1, 2)], "exact")
        [(0, 0, 1, 2), (1, 0, 1, 2)]
    """
    certify(verify(puzzle, solution), "shikaku", f"method {how}: {solution!r}"[:300])
    return solution


def _check_options(method: str, options: dict, allowed: tuple) -> None:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise PuzzleError(f"unknown options for method {method!r}: {unknown}; allowed: {list(allowed)}")


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise PuzzleError(f"{name} must be a number >= 0, got {value!r}")
    return float(value)


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
    **options: Any,
) -> Result:
    """Solve a Shikaku puzzle.

    Args:
        puzzle: a :class:`Shikaku`, a Tatham game ID, a puzz.link URL, a plain grid or an array.
        method: ``"exact"`` (C++ propagation + exact-cover search, proves unsatisfiability),
            ``"ilp"`` (the 0-1 model of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero
            par programmation linéaire en nombres entiers", solved by ``ilp_solver="highs"`` or
            ``"cbc"``), or ``"annealing"`` (the same work's simulated annealing; options
            ``iterations``, ``t0``, ``cooling``, ``t_end``).
        time_limit: seconds; node_limit: search nodes (annealing: iterations);
        seed: random seed of the annealing (None = a fresh one, reported in ``stats["seed"]``).
        progress: show the seconds spent on a bar on stderr while the search runs.
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
    p = parse(puzzle)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    check_choice(method, "method", METHODS)
    progress = check_progress(progress)
    seed = None if seed is None else check_seed(seed)  # checked for every method, used by annealing
    if executor is not None:
        if method != "exact":
            raise PuzzleError(f"executor= applies to method='exact' only, not {method!r}")
        options = dict(options, executor=executor)
    with elapsed_bar(progress, f"shikaku {method}", time_limit):
        result = _solve(p, method, time_limit, node_limit, seed, ilp_solver, options)
    if result.status == "solved":  # every method, annealing included: checked before it is returned
        certified(p, result.solution, method)
    return result


def _solve(p: Any, method: str, time_limit: Optional[float], node_limit: Optional[int], seed: Optional[int],
           ilp_solver: str, options: dict) -> Result:
    if method == "exact":
        executor = options.pop("executor", None)
        if options:
            raise PuzzleError(f"unknown options for method 'exact': {sorted(options)}")
        if executor is not None:
            from ..parallel import ShikakuJob, run_first

            status, found, stats = run_first(ShikakuJob(p), executor, time_limit=time_limit, node_limit=node_limit)
            stats.setdefault("stop", "none")
            return Result(status, _rects(found) if found is not None else None, stats, puzzle=p)
        out = _core.shikaku.exact(p.clues, 1, 1, time_limit, node_limit)
        solution = _rects(out["solutions"][0]) if out["solutions"] else None
        return Result(out["status"], solution, out["stats"], puzzle=p)
    if method == "ilp":
        from ._ilp import solve_ilp

        _check_options("ilp", options, ("solver",))  # "solver": the older name of ilp_solver
        ilp_solver = check_choice(options.get("solver", ilp_solver), "ilp_solver", ILP_SOLVERS)
        return solve_ilp(p, time_limit=time_limit, solver=ilp_solver)
    _check_options("annealing", options, ("iterations", "t0", "cooling", "t_end"))
    return _anneal(p, time_limit, node_limit, check_seed(seed), **options)


def _anneal(p: Any, time_limit: Optional[float], node_limit: Optional[int], seed: int,
            iterations: Optional[int] = None, t0: float = 2.0, cooling: Optional[float] = None,
            t_end: float = 0.05) -> Result:
    clues = len(p.clue_values())
    if iterations is None:
        iterations = 200_000 + 2_000 * clues
    iterations = check_count(iterations, "iterations", 0)
    t0, t_end = _number("t0", t0), _number("t_end", t_end)
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
    p = parse(puzzle)
    limit = check_limit(limit)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    progress = check_progress(progress)
    workers = check_workers(workers)
    from ..parallel import count_shikaku, threads_or

    with threads_or(executor, workers, "cassetete-shikaku") as spread:
        if spread is not None or checkpoint is not None:
            return count_shikaku(p, spread, limit=limit, time_limit=time_limit, node_limit=node_limit,
                                 progress=progress, checkpoint=checkpoint)
    if progress:
        stream = _core.shikaku.stream(p.clues, limit or 0, time_limit, node_limit)
        first = certify_first(lambda found: certified(p, found, "exact count"))
        return sum(1 for _ in stream_solutions(stream, limit, first, progress=True, what="count"))
    # keep the first solution: a count >= 1 is certified by one solution the rules accept
    out = _core.shikaku.exact(p.clues, limit or 2**63 - 1, 1, time_limit, node_limit)
    if out["solutions"]:
        certified(p, _rects(out["solutions"][0]), "exact count")
    if not out["complete"]:
        raise LimitReached(out["count"], out["stats"])
    return int(out["count"])


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
    p = parse(puzzle)
    limit = check_limit(limit)
    progress = check_progress(progress)
    stream = _core.shikaku.stream(p.clues, limit or 0, check_time_limit(time_limit), check_node_limit(node_limit))
    return stream_solutions(stream, limit, lambda s: certified(p, s, "exact"), progress=progress)


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
