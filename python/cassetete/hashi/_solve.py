"""Solving: the exact C++ search (default), and the ILP and simulated annealing of Rafaralahy,
"Résolution des jeux Shikaku et Hashiwokakero par programmation linéaire en nombres entiers";
the verbs' scaffolding is the grid families' (:mod:`cassetete._gridpuzzle`)."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Union

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._gridpuzzle import ILP_SOLVERS, METHODS, GridFamily, declare_verbs
from .._options import check_choice, check_node_limit, check_seed
from .._result import Result
from ._formats import parse
from ._jobs import HashiJob
from ._model import Bridge, Hashi
from ._verify import verify

__all__ = ["DEFAULT_ANNEALING_STEPS", "ILP_SOLVERS", "METHODS", "certified", "count_solutions", "solutions",
           "solve"]

# Annealing iterations when neither time_limit nor node_limit is given (it cannot prove anything).
DEFAULT_ANNEALING_STEPS = 20_000_000

PuzzleLike = Union[Hashi, str, np.ndarray]


def _by_ilp(p: Hashi, time_limit: Optional[float], node_limit: Optional[int], ilp_solver: str,
            options: Dict[str, Any]) -> Result:
    from ._ilp import CONNECTIVITY, solve_ilp

    connectivity = check_choice(options.get("connectivity", "cuts"), "connectivity", CONNECTIVITY)
    return solve_ilp(p, connectivity=connectivity, backend=ilp_solver, time_limit=time_limit, node_limit=node_limit)


def _by_annealing(p: Hashi, time_limit: Optional[float], node_limit: Optional[int], seed: Optional[int],
            options: Dict[str, Any]) -> Result:
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


HASHI = GridFamily(
    name="hashi",
    parse=parse,
    verify=verify,
    grid=lambda p: p.islands,
    exact=lambda grid, limit, keep, time_limit, node_limit: _core.hashi.solve_exact(grid, time_limit, node_limit,
                                                                                    limit, keep),
    stream=lambda *args: _core.hashi.stream(*args),  # looked up at each call (tests patch _core)
    solution=lambda bridges: bridges,  # the engine gives the public bridges already
    job=HashiJob,
    ilp=_by_ilp,
    anneal=_by_annealing,
    ilp_options=("connectivity",),
    annealing_options=("initial_temperature", "final_temperature", "steps_per_round"),
    ilp_alias="backend",  # the older name of ilp_solver
)


def certified(puzzle: Any, bridges: Any, how: str) -> Any:
    """``bridges`` once :func:`cassetete.hashi.verify` (written from the rules, independent of
    the engines) accepts them; else :class:`cassetete.CheckFailed`, never a wrong answer.

    Example:
        >>> certified("3x1m2:1a1", [(0, 0, 0, 2, 1)], "exact")
        [(0, 0, 0, 2, 1)]
    """
    return HASHI.certified(puzzle, bridges, how)


DECLARED = declare_verbs("hashi")


@DECLARED["solve"]
def solve(puzzle: PuzzleLike, *, method: str = "exact", time_limit: Optional[float] = None,
          node_limit: Optional[int] = None, seed: Optional[int] = None, ilp_solver: str = "highs",
          progress: bool = False, executor: Any = None, workers: int = 1, **options: Any) -> Result:
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
        workers: ``method="exact"`` only: threads of this process searching as ``executor`` does.
        executor: a ``concurrent.futures`` executor or a Dask client, for ``method="exact"``
            only (else :class:`cassetete.PuzzleError`). The workers search their own branches of
            the exact search in time slices (:mod:`cassetete.parallel`) until one of them finds
            a solution; ``time_limit`` bounds the whole search and ``node_limit`` the nodes of
            all workers together, checked as each task returns.

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
    return HASHI.solve(puzzle, method, time_limit, node_limit, seed, ilp_solver, progress, executor, options,
                        workers)


@DECLARED["count_solutions"]
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
    return HASHI.count_solutions(puzzle, limit, time_limit, node_limit, progress, executor, checkpoint, workers)


@DECLARED["solutions"]
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
    return HASHI.solutions(puzzle, limit, time_limit, node_limit, progress)
