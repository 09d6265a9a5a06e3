"""The searches of an exact cover (Knuth's Algorithm X on dancing cells, in C++ with the GIL
released): the model's arrays -> ``_core.exactcover`` -> one outcome -> certified -> a
:class:`cassetete.Result`, a stream of solutions or a count. These are the bodies of
``ExactCover.solve``, ``solutions``, ``count_solutions``, ``count_prefixes`` and ``split`` (the
package attaches them to the class; ``count`` is the deprecated old name of
``count_solutions``); with an ``executor`` they hand over to :mod:`._jobs`.

Example:
    >>> cover = ExactCover.from_options([[0, 1], [2], [1, 2], [0]], primary=3)
    >>> solve(cover).solution, count_solutions(cover)
    ([0, 1], 2)
"""

from __future__ import annotations

import warnings
from typing import Any, Iterable, Iterator, List, Optional, Sequence

from .. import _core
from .._errors import LimitReached, PuzzleError
from .._options import check_limit, check_node_limit, check_progress, check_seed, check_time_limit
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ._jobs import Subproblem, count_cover, solve_cover
from ._model import ExactCover, _as_int

__all__ = ["count", "count_prefixes", "count_solutions", "solutions", "solve", "split"]


def _weights(weights: Sequence[Any], n: int) -> List[int]:
    out = [_as_int(w, "weight") for w in weights]
    if len(out) != n or any(w < 1 for w in out):
        raise PuzzleError(f"weights must be {n} positive integers, one per prefix, got {list(weights)!r}")
    return out


def solve(
    cover: ExactCover,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    prefix: Sequence[int] = (),
    executor: Any = None,
) -> Result:
    """First solution as a Result whose ``solution`` is a list of option indices; with an
    ``executor`` every worker searches a part of the tree (:mod:`cassetete.parallel`).

    Example:
        >>> ExactCover.from_options([[0, 1], [0]]).solve().status
        'solved'
    """
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    if executor is not None:
        result = solve_cover(cover, executor, prefix=prefix, time_limit=time_limit, node_limit=node_limit)
        if result.status == SOLVED:
            cover._certify(result.solution)
        return result
    status, solution, stats = _core.exactcover.first(
        cover._problem(), cover._check_prefix(prefix), time_limit, node_limit
    )
    cover.last_stats = stats
    if status not in (SOLVED, UNSATISFIABLE):
        status = LIMIT
    if status == SOLVED:
        cover._certify(solution)  # never return an answer that breaks the rules
    return Result(status, solution, stats, puzzle=cover, family="exactcover")


def shuffled(cover: ExactCover, seed: int) -> "tuple[ExactCover, List[int]]":
    """``cover`` with its options, and its items within the primary and the secondary ones, in a
    random order drawn from ``seed``, and the original index of each new option: the first
    solution of the shuffled cover is a random solution (not a uniform draw: the search still
    branches on the item with the fewest options).

    Example:
        >>> cover = ExactCover.from_options([[0], [1], [0, 1]])
        >>> new, original = shuffled(cover, 3)
        >>> sorted(sorted(original[k] for k in s) for s in new.solutions())
        [[0, 1], [2]]
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    order = [int(k) for k in rng.permutation(cover.options)]
    items = np.concatenate([rng.permutation(cover.primary), cover.primary + rng.permutation(cover.secondary)])
    new = ExactCover(cover.primary, cover.secondary)
    for k in order:
        new.add_option(int(items[i]) for i in cover.option(k))
    return new, order


def solve_shuffled(cover: ExactCover, seed: Optional[int], *, time_limit: Optional[float] = None,
                   node_limit: Optional[int] = None, executor: Any = None) -> Result:
    """A random first solution (:func:`shuffled`), as option indices of ``cover`` itself,
    certified against ``cover``; ``stats["seed"]`` is the seed.

    Example:
        >>> solve_shuffled(ExactCover.from_options([[0], [1], [0, 1]]), 1).stats["seed"]
        1
    """
    seed = check_seed(seed)
    new, original = shuffled(cover, seed)
    result = solve(new, time_limit=time_limit, node_limit=node_limit, executor=executor)
    solution = None if result.solution is None else sorted(original[k] for k in result.solution)
    if result.status == SOLVED:
        cover._certify(solution)
    return Result(result.status, solution, {**result.stats, "seed": seed}, puzzle=cover, family="exactcover")


def solutions(
    cover: ExactCover,
    *,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    prefix: Sequence[int] = (),
) -> Iterator[List[int]]:
    """Yield solutions (lists of option indices) one by one as the search finds them.

    The search resumes from where it stopped at each step; ``time_limit`` counts wall
    time from the first step. Statistics are in ``last_stats`` once the generator ends; a
    stream cut short by a time or node limit ends by raising :class:`cassetete.LimitReached`.

    Example:
        >>> ec = ExactCover.from_options([[0], [1], [0, 1]])
        >>> [sorted(s) for s in ec.solutions()]
        [[0, 1], [2]]
    """
    limit = check_limit(limit)
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    return _stream(cover, limit, time_limit, node_limit, cover._check_prefix(prefix))


def _stream(cover: ExactCover, limit: Optional[int], time_limit: Optional[float], node_limit: Optional[int],
            prefix: List[int]) -> Iterator[List[int]]:
    # A separate generator so that bad options raise at the call, not at the first next().
    iterator = _core.exactcover.Iterator(cover._problem(), prefix, time_limit, node_limit)
    produced = 0
    try:
        for solution in iterator:
            cover._certify(solution)
            yield solution
            produced += 1
            if limit is not None and produced >= limit:
                return
    finally:
        cover.last_stats = iterator.stats()
    if cover.last_stats.get("stop") in ("time_limit", "node_limit"):
        raise LimitReached(produced, cover.last_stats, what="solutions")  # cut short: never looks complete


def count_solutions(
    cover: ExactCover,
    *,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    prefix: Sequence[int] = (),
    executor: Any = None,
    progress: bool = False,
    checkpoint: Optional[str] = None,
) -> int:
    """Number of solutions (stopping at ``limit`` if given).

    Raises :class:`cassetete.LimitReached` (``.count`` a lower bound) if a time or node
    limit stops the search first: a partial count is never returned. ``executor`` (a
    ``concurrent.futures`` executor or a Dask client), ``progress`` and ``checkpoint`` (a
    file to resume from) spread the count with :mod:`cassetete.parallel`.

    Example:
        >>> ExactCover.from_options([[0], [1], [0, 1]]).count_solutions()
        2
    """
    check_progress(progress)
    if executor is not None or progress or checkpoint is not None:
        return count_cover(cover, executor, prefix=prefix, limit=limit, time_limit=time_limit,
                           node_limit=node_limit, progress=progress, checkpoint=checkpoint)
    return count_prefixes(cover, [prefix], limit, time_limit, node_limit)


def count(cover: ExactCover, **options: Any) -> int:
    """Deprecated: the old name of ``ExactCover.count_solutions`` (same options). Warns with a
    ``DeprecationWarning``."""
    warnings.warn("ExactCover.count is deprecated, use ExactCover.count_solutions", DeprecationWarning, stacklevel=2)
    return count_solutions(cover, **options)


def count_prefixes(
    cover: ExactCover,
    prefixes: Iterable[Sequence[int]],
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    weights: Optional[Sequence[int]] = None,
) -> int:
    """Total number of solutions of several subproblems (option prefixes), in one C++ call.

    ``weights`` (one positive integer per prefix, no ``limit`` then) multiplies each
    subproblem's count, e.g. by the size of its orbit under a symmetry group. Raises
    :class:`cassetete.LimitReached` when a time or node limit stops the count.

    Example:
        >>> ec = ExactCover.from_options([[0], [1], [0, 1]])
        >>> ec.count_prefixes([[0], [2]]), ec.count_prefixes([[0], [2]], weights=[3, 1])
        (2, 4)
    """
    limit = check_limit(limit)
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    checked = [cover._check_prefix(p) for p in prefixes]
    found, complete, stats = _core.exactcover.count(
        cover._problem(),
        checked,
        0 if limit is None else int(limit),
        time_limit,
        node_limit,
        [] if weights is None else _weights(weights, len(checked)),
    )
    stats["complete"] = bool(complete)
    cover.last_stats = stats
    if not complete:
        raise LimitReached(found, stats)
    return int(found)


def split(cover: ExactCover, depth: int, prefix: Sequence[int] = ()) -> List[Subproblem]:
    """Cut the search tree into independent picklable subproblems: the option choices of
    the first ``depth`` levels. Their counts add up to ``count_solutions()``; map them over any
    ``concurrent.futures`` executor (threads, processes, Dask).

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete.exactcover import count_subproblem
        >>> ec = ExactCover.from_options([[0], [1], [0, 1], [2], [1, 2]])
        >>> parts = ec.split(1)
        >>> with ThreadPoolExecutor(2) as pool:
        ...     sum(pool.map(count_subproblem, parts)) == ec.count_solutions()
        True
    """
    depth = _as_int(depth, "depth")
    if depth < 0:
        raise PuzzleError(f"split depth must be >= 0, got {depth}")
    prefixes = _core.exactcover.split(cover._problem(), cover._check_prefix(prefix), depth)
    return [Subproblem(cover, tuple(p)) for p in prefixes]
