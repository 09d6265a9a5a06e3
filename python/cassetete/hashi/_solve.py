"""Solving: the exact C++ search (default), and the ILP and simulated annealing of Rafaralahy,
"Résolution des jeux Shikaku et Hashiwokakero par programmation linéaire en nombres entiers"."""

from __future__ import annotations

from typing import Any, Iterator, List, Optional, Union

import numpy as np

from .. import _core
from .._errors import LimitReached, PuzzleError, certify, certify_first
from .._options import check_choice, check_limit, check_node_limit, check_progress, check_seed, check_time_limit, check_workers
from .._result import Result
from .._streams import elapsed_bar, stream_solutions
from ._formats import parse
from ._model import Bridge, Hashi
from ._verify import verify

METHODS = ("exact", "ilp", "annealing")
ILP_SOLVERS = ("highs", "cbc")
# Annealing iterations when neither time_limit nor node_limit is given (it cannot prove anything).
DEFAULT_ANNEALING_STEPS = 20_000_000
_ALL = 2**63 - 1  # "no limit" for the C++ solution counters

PuzzleLike = Union[Hashi, str, np.ndarray]


def certified(puzzle: Any, bridges: Any, how: str) -> Any:
    """``bridges`` once :func:`cassetete.hashi.verify` (written from the rules, independent of
    the engines) accepts them; else :class:`cassetete.CheckFailed`, never a wrong answer.

    Example:
        >>> certified("3x1m2:1a1", [(0, 0, 0, 2, 1)], "exact")
        [(0, 0, 0, 2, 1)]
    """
    certify(verify(puzzle, bridges), "hashi", f"method {how}: {bridges!r}"[:300])
    return bridges


def _unknown(method: str, options: dict, allowed: set) -> None:
    bad = set(options) - allowed
    if bad:
        raise PuzzleError(f"unknown option(s) for method={method!r}: {sorted(bad)}; allowed: {sorted(allowed)}")


def solve(puzzle: PuzzleLike, *, method: str = "exact", time_limit: Optional[float] = None,
          node_limit: Optional[int] = None, seed: Optional[int] = None, ilp_solver: str = "highs",
          progress: bool = False, executor: Any = None, **options: Any) -> Result:
    """Solve a Hashiwokakero puzzle.

    Args:
        puzzle: a :class:`Hashi` or anything :func:`parse` reads.
        method: ``"exact"`` (C++ propagation + search; proves unsatisfiability),
            ``"ilp"`` (Rafaralahy's model; option ``connectivity="cuts"|"objective"|"none"``,
            solved by ``ilp_solver="highs"|"cbc"``) or ``"annealing"`` (Rafaralahy's simulated
            annealing; options ``initial_temperature``, ``final_temperature``, ``steps_per_round``).
        time_limit, node_limit: stop early with status ``"limit"`` (nodes = search nodes and
            root probing trials for ``exact``, iterations for ``annealing``; ``ilp`` uses
            ``time_limit`` only). ``exact`` reports its rule counts in ``stats["rules"]``
            (degree, crossing, isolation, bridge, failures, restarts, probing).
        seed: random seed of ``annealing`` (None = a fresh one, reported in ``stats["seed"]``).
        progress: show the seconds spent on a bar on stderr while the search runs.
        executor: ``method="exact"`` only (else :class:`cassetete.PuzzleError`): a
            ``concurrent.futures`` executor or a Dask client; every worker searches its own
            branches of the exact search (cut in time slices by :mod:`cassetete.parallel`, as
            :meth:`cassetete.exactcover.ExactCover.solve` does) and all stop as soon as one
            finds a solution; ``time_limit`` bounds the whole search, ``node_limit`` the nodes
            summed over the workers (checked as each task returns).

    Returns:
        :class:`cassetete.Result` whose ``solution`` is a list of bridges
        ``(r1, c1, r2, c2, count)``, count 1 or 2. Annealing returns its best state as
        ``solution``, status ``"limit"`` unless it is a solution, with ``stats["best"]``,
        ``stats["energy"]`` and ``stats["trajectory"]`` ((iteration, best energy) pairs).

    Example:
        >>> from cassetete.hashi import solve
        >>> solve("3x3m2:2a2c2a2").solution
        [(0, 0, 0, 2, 1), (0, 0, 2, 0, 1), (0, 2, 2, 2, 1), (2, 0, 2, 2, 1)]
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
    with elapsed_bar(progress, f"hashi {method}", time_limit):
        result = _solve(p, method, time_limit, node_limit, seed, ilp_solver, options)
    if result.status == "solved":  # every method, annealing included: checked before it is returned
        certified(p, result.solution, method)
    return result


def _solve(p: Hashi, method: str, time_limit: Optional[float], node_limit: Optional[int], seed: Optional[int],
           ilp_solver: str, options: dict) -> Result:
    if method == "exact":
        executor = options.pop("executor", None)
        _unknown("exact", options, set())
        if executor is not None:
            from ..parallel import HashiJob, run_first

            status, found, stats = run_first(HashiJob(p), executor, time_limit=time_limit, node_limit=node_limit)
            stats.setdefault("stop", "none")
            return Result(status, found, stats, puzzle=p)
        out = _core.hashi.solve_exact(p.islands, time_limit, node_limit, 1, 1)
        solution = out["solutions"][0] if out["solutions"] else None
        return Result(out["status"], solution, out["stats"], puzzle=p)
    if method == "ilp":
        from ._ilp import CONNECTIVITY, solve_ilp

        _unknown("ilp", options, {"connectivity", "backend"})  # "backend": older name of ilp_solver
        ilp_solver = check_choice(options.get("backend", ilp_solver), "ilp_solver", ILP_SOLVERS)
        connectivity = check_choice(options.get("connectivity", "cuts"), "connectivity", CONNECTIVITY)
        return solve_ilp(p, connectivity=connectivity, backend=ilp_solver, time_limit=time_limit)
    _unknown("annealing", options, {"initial_temperature", "final_temperature", "steps_per_round"})
    if time_limit is None and node_limit is None:
        node_limit = DEFAULT_ANNEALING_STEPS
    seed = check_seed(seed)
    for name in ("initial_temperature", "final_temperature"):
        value = options.get(name, 1.0)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise PuzzleError(f"{name} must be a number > 0, got {value!r}")
    if "steps_per_round" in options:
        options["steps_per_round"] = check_node_limit(options["steps_per_round"], "steps_per_round")
    out = _core.hashi.solve_annealing(p.islands, time_limit, node_limit, seed & 0xFFFFFFFFFFFFFFFF, **options)
    stats = dict(out["stats"])
    stats["energy"] = out["energy"]
    stats["best"] = out["bridges"]
    stats["trajectory"] = [tuple(step) for step in out["trajectory"]]
    stats["seed"] = seed
    return Result(out["status"], out["bridges"], stats, puzzle=p)


def count_solutions(puzzle: PuzzleLike, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None, progress: bool = False, executor: Any = None,
                    checkpoint: Optional[str] = None, workers: int = 1) -> int:
    """The number of solutions; with ``limit=k`` counting stops at ``k`` (``limit=2`` settles
    uniqueness).

    Raises :class:`cassetete.LimitReached` (``.count`` is a lower bound, ``.stats`` the search
    statistics) when ``time_limit`` or ``node_limit`` stops the count before it is exact.
    ``executor`` (a ``concurrent.futures`` executor or a Dask client) and ``checkpoint`` (a file
    to resume from) spread the count over many workers with :mod:`cassetete.parallel`;
    ``workers=N`` (-1 = all cores) does so on N threads of this process.

    Example:
        >>> from cassetete.hashi import count_solutions
        >>> count_solutions("3x3m2:2a2c2a2"), count_solutions("3x3m2:2a2c2a2", workers=2)
        (1, 1)
    """
    p = parse(puzzle)
    limit = check_limit(limit)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    progress = check_progress(progress)
    workers = check_workers(workers)
    from ..parallel import count_hashi, threads_or

    with threads_or(executor, workers, "cassetete-hashi") as spread:
        if spread is not None or checkpoint is not None:
            return count_hashi(p, spread, limit=limit, time_limit=time_limit, node_limit=node_limit, progress=progress,
                               checkpoint=checkpoint)
    if progress:
        stream = _core.hashi.stream(p.islands, limit or 0, time_limit, node_limit)
        first = certify_first(lambda found: certified(p, found, "exact count"))
        return sum(1 for _ in stream_solutions(stream, limit, first, progress=True, what="count"))
    # keep the first solution: a count >= 1 is certified by one solution the rules accept
    out = _core.hashi.solve_exact(p.islands, time_limit, node_limit, limit or _ALL, 1)
    if out["solutions"]:
        certified(p, out["solutions"][0], "exact count")
    if not out["complete"] and (limit is None or out["count"] < limit):
        raise LimitReached(out["count"], out["stats"])
    return int(out["count"])


def solutions(puzzle: PuzzleLike, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None, progress: bool = False) -> Iterator[List[Bridge]]:
    """Yield the solutions (lists of bridges) as the search finds them: all of them, or the
    first ``limit``.

    The search runs on a C++ thread while you consume; closing the generator (or leaving a
    ``for`` loop early) stops it. When ``time_limit`` or ``node_limit`` stops the search first,
    the generator ends by raising :class:`cassetete.LimitReached`.

    Example:
        >>> from cassetete.hashi import solutions
        >>> len(list(solutions("3x3m2:2a2c2a2")))
        1
    """
    p = parse(puzzle)
    limit = check_limit(limit)
    progress = check_progress(progress)
    stream = _core.hashi.stream(p.islands, limit or 0, check_time_limit(time_limit), check_node_limit(node_limit))
    return stream_solutions(stream, limit, lambda b: certified(p, b, "exact"), progress=progress)
