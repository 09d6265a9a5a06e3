"""Exact cover (Knuth's Algorithm X on dancing cells), with primary and secondary items.

Items ``0 .. primary-1`` must be covered exactly once, items ``primary .. primary+secondary-1``
at most once. Options are lists of items. The search runs in C++ (cpp/exactcover) with the GIL
released, honours ``time_limit`` / ``node_limit`` and Ctrl-C, and branches on the item with the
fewest remaining options.

Example:
    >>> from cassetete.exactcover import ExactCover
    >>> ec = ExactCover.from_options([[0, 1], [2], [1, 2], [0]], primary=3)
    >>> sorted(sorted(s) for s in ec.solutions())
    [[0, 1], [2, 3]]
    >>> ec.count_solutions()
    2

The rooms: ``_model`` (:class:`ExactCover`, the validated options), ``_formats`` (matrices and
DLX1 text), ``_verify`` (the rules), ``_solve`` (the searches), ``_render`` (text and SVG),
``_jobs`` (the unit of parallel work and :class:`Subproblem`). The methods of
:class:`ExactCover` that belong to a room above the model are attached here.
"""

from __future__ import annotations

from typing import Any, Iterator, List, Optional, Sequence

from .._contract import verb
from .._result import Result
from ..parallel import threads_or
from . import _render, _solve, _verify
from ._formats import FORMATS as FORMATS
from ._formats import dump, format, from_matrix, load, load_many, parse, parse_many
from ._jobs import Subproblem, count_subproblem
from ._model import MAX_ITEMS as MAX_ITEMS
from ._model import ExactCover
from ._verify import verify

__all__ = ["ExactCover", "Subproblem", "count_subproblem", "parse", "load", "parse_many", "load_many", "format",
           "dump", "solve", "solutions",
           "count_solutions", "verify", "render"]

ExactCover.from_matrix = classmethod(from_matrix)  # type: ignore[assignment]
ExactCover._covers = _verify.covers
ExactCover._certify = _verify.certify_cover
ExactCover.solve = _solve.solve
ExactCover.solutions = _solve.solutions
ExactCover.count_solutions = _solve.count_solutions  # the family verb of the contract
ExactCover.count = _solve.count  # its deprecated old name: warns
ExactCover.count_prefixes = _solve.count_prefixes
ExactCover.split = _solve.split


# -- the family verbs of the contract (docs/ARCHITECTURE.md) ---------------------------------
METHOD_NOTES = {"auto": "dancing cells, the options in their given order",
                "random": "dancing cells on the options and items shuffled by seed: a random solution"}


@verb("exactcover", "solve", options=("time_limit", "node_limit", "seed", "workers"), methods=METHOD_NOTES,
      honours={"auto": ("time_limit", "node_limit", "workers")})
def solve(problem: Any, *, method: str = "auto", time_limit: Optional[float] = None,
          node_limit: Optional[int] = None, seed: Optional[int] = None, workers: int = 1,
          executor: Any = None) -> Result:
    """First solution: a Result whose ``solution`` is a list of option indices. ``workers`` > 1
    (or an ``executor``) searches parts of the tree on threads until one finds a solution.

    Example:
        >>> solve([[0, 1], [0], [1]]).solution
        [0]
        >>> solve([[0, 1], [0], [1]], method="random", seed=2).stats["seed"]
        2
    """
    cover = parse(problem)
    with threads_or(executor, workers, "cassetete-exactcover") as spread:
        if method == "random":
            return _solve.solve_shuffled(cover, seed, time_limit=time_limit, node_limit=node_limit, executor=spread)
        return cover.solve(time_limit=time_limit, node_limit=node_limit, executor=spread)


@verb("exactcover", "solutions", options=("limit", "time_limit", "node_limit"))
def solutions(problem: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None) -> Iterator[List[int]]:
    """Stream the solutions (lists of option indices) as the search finds them.

    Example:
        >>> sorted(sorted(s) for s in solutions([[0], [1], [0, 1]]))
        [[0, 1], [2]]
    """
    return parse(problem).solutions(limit=limit, time_limit=time_limit, node_limit=node_limit)


@verb("exactcover", "count_solutions", options=("limit", "time_limit", "node_limit", "progress"))
def count_solutions(problem: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None, executor: Any = None, progress: bool = False,
                    checkpoint: Optional[str] = None) -> int:
    """The exact number of solutions (capped at ``limit``); raises :class:`cassetete.LimitReached`
    when a time or node limit stops the count first. ``executor``, ``progress`` and ``checkpoint``
    as in :meth:`ExactCover.count_solutions`.

    Example:
        >>> count_solutions([[0], [1], [0, 1]])
        2
    """
    return parse(problem).count_solutions(limit=limit, time_limit=time_limit, node_limit=node_limit, executor=executor,
                                progress=progress, checkpoint=checkpoint)


def render(problem: Any, solution: Optional[Sequence[int]] = None, format: str = "text") -> str:  # noqa: A002
    """The problem (or the chosen options of ``solution``) as text, or as an SVG incidence matrix
    with the chosen rows highlighted.

    Example:
        >>> print(render([[0, 1], [1]], [0]), end="")
        * 0: 0 1
    """
    return _render.render(parse(problem), solution, format)
