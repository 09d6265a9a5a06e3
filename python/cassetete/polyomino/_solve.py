"""Counting, enumerating and solving packings: the family verbs over :class:`Packing` (the
exact cover model) and the bitboard and dancing-cells engines; every answer is certified by
:mod:`._verify`, and ``executor=`` hands over to :mod:`._jobs`."""

from __future__ import annotations

import functools
import threading
import time
import warnings
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, TypeVar

import numpy as np

from .. import _core
from .._errors import LimitReached, PuzzleError
from .._contract import verb
from .._options import check_choice, check_progress, check_limit, check_node_limit, check_time_limit, check_workers
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ..parallel import run_first, threads_or
from ..exactcover._solve import solve_shuffled
from ._jobs import PackingJob, count_packing
from ._model import Packing
from ._shapes import PieceSpec, piece_set
from ._verify import certify_packing, checker


def _packing(region: Any, pieces: PieceSpec, flips: bool) -> Packing:
    packing = Packing(region, pieces, flips)
    if not packing.area_matches:
        warnings.warn(
            f"the region has {packing.area} cells but the pieces cover {packing.pieces_area}: "
            "no packing exists",
            UserWarning,
            stacklevel=3,
        )
    return packing


METHODS = ("auto", "bitboard", "cells")
METHOD_NOTES = {
    "auto": "the bitboard engine for regions of at most 64 cells, else dancing cells",
    "bitboard": "the bitboard engine (regions of at most 64 cells)",
    "cells": "the dancing-cells exact cover engine (any region)",
}


F = TypeVar("F", bound=Callable[..., Any])


def _renamed(options: Dict[str, Any], stacklevel: int) -> Dict[str, Any]:
    """``options`` with the deprecated option names of the polyomino verbs replaced by the
    current ones (``unique`` -> ``up_to_symmetry``, ``engine`` -> ``method``), a
    ``DeprecationWarning`` for each, at ``stacklevel`` (the caller's frame)."""
    options = dict(options)
    for old, new, default in (("unique", "up_to_symmetry", True), ("engine", "method", "auto")):
        if old not in options:
            continue
        value = options.pop(old)
        if old == "engine" and value is None:  # engine=None was the old default: nothing asked
            continue
        warnings.warn(f"polyomino: {old}= is deprecated, use {new}=", DeprecationWarning, stacklevel=stacklevel + 1)
        if new in options and options[new] is not value and options[new] not in (default, value):
            raise PuzzleError(f"give {new}= only ({old}= is its deprecated alias), got {new}={options[new]!r} "
                              f"and {old}={value!r}")
        options[new] = value
    return options


def _old_names(function: F) -> F:
    """Let a declared verb still take the deprecated option names (with a warning at the caller)."""

    @functools.wraps(function)
    def renamed(*args: Any, **options: Any) -> Any:
        return function(*args, **_renamed(options, stacklevel=2))

    return renamed  # type: ignore[return-value]


@_old_names
@verb("polyomino", "count_solutions",
      options=("limit", "time_limit", "node_limit", "workers", "progress", "up_to_symmetry"), methods=METHOD_NOTES)
def count_solutions(
    region: Any,
    *,
    pieces: PieceSpec = "pentominoes",
    up_to_symmetry: bool = True,
    flips: bool = True,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    workers: int = 1,
    method: str = "auto",
    executor: Any = None,
    progress: bool = False,
    checkpoint: Optional[str] = None,
) -> int:
    """Number of ways to pack the pieces into the region.

    Args:
        region: ``"6x10"``, ``"3x4x5"``, a tuple of sizes, or a 2-D/3-D boolean mask.
        pieces: ``"pentominoes"``, ``"tetrominoes"``, ``"hexominoes"``, names or a dict.
        up_to_symmetry: count once each class of solutions equal up to a symmetry of the region
            (rotations and reflections); False counts every copy. ``unique`` is its deprecated
            old name.
        flips: 2-D only: pieces may be turned over.
        workers: threads counting subproblems in parallel (-1 = all cores).
        executor: a ``concurrent.futures`` executor or a Dask client to spread the count on
            (:mod:`cassetete.parallel`); ``progress`` shows a bar, ``checkpoint`` names a file
            the count is saved to and resumed from.
        method: the search engine (one of :data:`METHODS`): ``"bitboard"`` (64-bit boards,
            regions of at most 64 cells: fill the lowest empty cell in 2-D, branch on the cell
            or piece with the fewest placements in 3-D), ``"cells"`` (the general exact cover
            engine, dancing cells), or ``"auto"``: bitboard when the region fits, cells
            otherwise. ``engine`` is its deprecated old name.

    With ``up_to_symmetry=False`` (and no ``limit``) the search still runs on the symmetry-broken
    subproblems and weights each by the number of copies its solutions stand for, an exact
    count (no assumption that solutions are asymmetric; see ``Packing.weighted_prefixes``).

    A region whose area differs from the pieces' area gives 0 with a warning. If a time or
    node limit stops the search, :class:`cassetete.LimitReached` is raised (its ``count`` is a
    lower bound): a partial count is never returned. An unknown ``method`` is a
    :class:`cassetete.PuzzleError` naming the known ones.

    Example:
        >>> count_solutions("2x3x10"), count_solutions("2x3x10", up_to_symmetry=False)
        (12, 96)
        >>> count_solutions("3x20", method="cells", pieces="pentominoes")
        2
    """
    engine = check_choice(method, "method", METHODS)
    limit = check_limit(limit)
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    workers = check_workers(workers)
    progress = check_progress(progress)
    packing = _packing(region, pieces, flips)
    if not packing.area_matches:
        return 0
    if engine == "auto":
        engine = "bitboard" if packing.fits_bitboard else "cells"
    # Symmetry-broken subproblems; without `up_to_symmetry`, each is weighted by the number of
    # copies its solutions stand for (exact: see Packing.weighted_prefixes). A count limit needs
    # the plain search over every copy.
    if executor is not None or progress or checkpoint is not None:
        return count_packing(packing, executor, unique=up_to_symmetry, engine=engine, limit=limit,
                             time_limit=time_limit, node_limit=node_limit, progress=progress, checkpoint=checkpoint)
    if engine == "bitboard" and workers <= 1 and limit is None and packing.fits_bitboard \
            and packing.bitboard_rule() == "lowest":
        # Filling the lowest empty cell, pinning one piece per orbit beats deeper splitting
        # (5x12: 0.016 s against 0.027 s); the "fewest" rule gains from the deep split
        # (3x4x5: 1.3 s against 2.7 s).
        return packing.count_by_orbits(up_to_symmetry, time_limit, node_limit)
    if up_to_symmetry or limit is None:
        prefixes, weights = packing.weighted_prefixes()
        if up_to_symmetry:
            weights = [1] * len(prefixes)
    else:
        prefixes, weights = [[]], [1]
    if workers <= 1 or limit is not None:
        if engine == "bitboard":
            return packing.count_bitboard(prefixes, limit, time_limit, node_limit, None if limit is not None else weights)
        return packing.cover.count_prefixes(prefixes, limit, time_limit, node_limit, None if limit is not None else weights)
    # Parallel: cut the tree finer, deal the branches round-robin to the workers, in many small
    # chunks: Ctrl-C reaches the main thread only, which then drops the queued chunks while each
    # worker ends its current one. The time limit is one deadline for the whole count.
    depth = 2 if len(prefixes) < 64 else 0
    parts = [(list(sub.prefix), w) for p, w in zip(prefixes, weights) for sub in packing.cover.split(depth, p)]
    workers = min(workers, len(parts))  # workers=10**9 must not make 4e9 empty chunks
    n_chunks = min(workers * 16, len(parts))
    chunks = [parts[k::n_chunks] for k in range(n_chunks)]
    deadline = None if time_limit is None else time.monotonic() + time_limit
    if engine == "bitboard":
        packer = packing.bitboard()

        def run(chunk: List[Any], time_limit: Optional[float]) -> Any:
            return _core.exactcover.bitboard_count(packer, [p for p, _ in chunk], 0, time_limit, node_limit, [w for _, w in chunk])

    else:

        def run(chunk: List[Any], time_limit: Optional[float]) -> Any:
            return _core.exactcover.count(
                packing.cover._problem(), [p for p, _ in chunk], 0, time_limit, node_limit, [w for _, w in chunk]
            )

    packing.cover._problem()  # build once, before the threads share it
    stop = threading.Event()

    def guarded(chunk: List[Any]) -> Any:
        if stop.is_set():
            return 0, False, {"nodes": 0, "stop": "interrupted"}
        return run(chunk, None if deadline is None else max(0.0, deadline - time.monotonic()))

    with threads_or(None, workers, "cassetete-polyomino") as pool:
        try:
            outcomes = list(map(guarded, chunks) if pool is None else pool.map(guarded, chunks))  # None: one part
        except BaseException:  # Ctrl-C: no new chunk starts (the queued ones return at once); the running ones end
            stop.set()
            raise
    total = sum(int(c) for c, _, _ in outcomes)
    if not all(complete for _, complete, _ in outcomes):
        stops = [stats.get("stop") for _, complete, stats in outcomes if not complete]
        raise LimitReached(total, {"nodes": sum(int(s.get("nodes", 0)) for _, _, s in outcomes),
                                   "stop": stops[0], "complete": False})
    return total


def count(region: Any, **options: Any) -> int:
    """Deprecated: the old name of :func:`count_solutions` (same options; ``unique`` is
    ``up_to_symmetry``'s old name). Warns with a ``DeprecationWarning``.

    Example:
        >>> import warnings
        >>> from cassetete import polyomino
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     polyomino.count("3x20")
        2
    """
    warnings.warn("polyomino.count is deprecated, use polyomino.count_solutions", DeprecationWarning, stacklevel=2)
    return count_solutions(region, **_renamed(options, stacklevel=2))


@_old_names
@verb("polyomino", "solutions", options=("limit", "time_limit", "node_limit", "up_to_symmetry"),
      methods=METHOD_NOTES)
def solutions(
    region: Any,
    *,
    pieces: PieceSpec = "pentominoes",
    up_to_symmetry: bool = True,
    flips: bool = True,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    method: str = "auto",
) -> Iterator[np.ndarray]:
    """Yield packings as labelled grids (numpy arrays of piece names, ``"."`` outside the
    region), streamed as the search finds them (the bitboard engine hands them over one small
    branch of the search tree at a time).

    ``method`` is the engine and ``up_to_symmetry`` as in :func:`count_solutions` (``engine``
    and ``unique`` their deprecated old names). A stream cut short by `time_limit` or
    `node_limit` ends by raising :class:`cassetete.LimitReached`. A node limit needs the
    dancing-cells engine (``"auto"`` picks it then); the bitboard engine checks the time limit
    between its branches.

    Example:
        >>> next(solutions("3x20")).shape
        (3, 20)
        >>> sum(1 for _ in solutions("3x20", up_to_symmetry=False, method="bitboard"))
        8
    """
    engine = check_choice(method, "method", METHODS)
    limit = check_limit(limit)
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    if node_limit is not None:
        if engine == "bitboard":
            raise PuzzleError("node_limit needs method='cells' (the bitboard engine streams by branches)")
        engine = "cells"
    packing = _packing(region, pieces, flips)
    return _stream(packing, up_to_symmetry, limit, engine, time_limit, node_limit)


def _stream(packing: Packing, unique: bool, limit: Optional[int], engine: str, time_limit: Optional[float],
            node_limit: Optional[int]) -> Iterator[np.ndarray]:
    # A separate generator so that bad arguments raise at the call, not at the first next().
    if not packing.area_matches:
        return
    if engine == "auto":
        engine = "bitboard" if packing.fits_bitboard else "cells"
    deadline = None if time_limit is None else time.monotonic() + time_limit
    produced = nodes = 0
    check = checker(packing.mask, packing.pieces, packing.flips)
    prefixes: List[Any] = packing.unique_prefixes() if unique else [[]]
    for prefix in prefixes:
        if engine == "bitboard":
            branches = [sub.prefix for sub in packing.cover.split(1, prefix)]
        else:
            branches = [prefix]
        for branch in branches:
            remaining = None if limit is None else limit - produced
            if remaining is not None and remaining <= 0:
                return
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if left == 0.0:
                raise LimitReached(produced, {"nodes": nodes, "stop": "time_limit"}, what="solutions")
            found: Iterable[List[int]]
            if engine == "bitboard":
                found = packing.bitboard_solutions(branch, remaining)
            else:
                found = packing.cover.solutions(limit=remaining, prefix=branch, time_limit=left,
                                                node_limit=None if node_limit is None else node_limit - nodes)
            try:
                for options in found:
                    grid = packing.grid(options)
                    certify_packing(check, grid)  # never yield a packing that breaks the rules
                    yield grid
                    produced += 1
            except LimitReached as stopped:
                raise LimitReached(produced, stopped.stats, what="solutions") from None
            nodes += int(packing.cover.last_stats.get("nodes", 0)) if engine == "cells" else 0


SOLVE_NOTES = {
    "auto": "the dancing-cells exact cover engine",
    "bitboard": "the first packing of the bitboard engine's stream (regions of at most 64 cells)",
    "cells": "the dancing-cells exact cover engine (any region)",
    "random": "dancing cells on the placements shuffled by seed: a random packing",
}


@verb("polyomino", "solve", options=("time_limit", "node_limit", "seed", "workers"), methods=SOLVE_NOTES,
      honours={"auto": ("time_limit", "node_limit", "workers"), "cells": ("time_limit", "node_limit", "workers"),
               "bitboard": ("time_limit",)})
def solve(
    region: Any,
    pieces: PieceSpec = "pentominoes",
    *,
    flips: bool = True,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    method: str = "auto",
    seed: Optional[int] = None,
    workers: int = 1,
    executor: Any = None,
) -> Result:
    """One packing: a Result whose ``solution`` is the labelled grid.

    ``method``: ``"auto"`` or ``"cells"`` (the dancing-cells engine), ``"bitboard"``
    (regions of at most 64 cells, the first packing of its stream) or ``"random"`` (a random
    packing: the placements tried in an order drawn from ``seed``, reported in
    ``stats["seed"]``); an unknown name is a :class:`cassetete.PuzzleError`. ``pieces`` may be
    given by position (older code); every other option is keyword-only. ``workers`` > 1: the
    search on that many threads, as with ``executor``.

    ``executor`` (a ``concurrent.futures`` executor or a Dask client, as in
    :meth:`cassetete.exactcover.ExactCover.solve`): every worker searches its own
    symmetry-broken parts of the tree with the dancing-cells engine (``method`` ``"auto"`` or
    ``"cells"``), and all stop as soon as one finds a packing (:mod:`cassetete.parallel`);
    ``time_limit`` bounds the whole search, ``node_limit`` the nodes summed over the workers
    (checked as each task returns).

    Example:
        >>> r = solve("6x10")
        >>> r.status, sorted(set(r.solution.ravel())) == sorted("FILPNTUVWXYZ")
        ('solved', True)
        >>> solve("3x20", method="bitboard").status
        'solved'
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete.polyomino import verify
        >>> with ThreadPoolExecutor(2) as pool:
        ...     verify("3x20", solve("3x20", executor=pool).solution)
        True
        >>> verify("6x10", solve("6x10", method="random", seed=5).solution)
        True
    """
    if method == "random":
        packing = _packing(region, pieces, flips)
        if not packing.area_matches:
            return Result(UNSATISFIABLE, None, {"nodes": 0, "seconds": 0.0, "reason": "area mismatch", "seed": seed},
                          puzzle=packing.mask, family="polyomino")
        with threads_or(executor, workers, "cassetete-polyomino") as spread:
            result = solve_shuffled(packing.cover, seed, time_limit=time_limit, node_limit=node_limit,
                                    executor=spread)
        grid = packing.grid(result.solution) if result.solution is not None else None
        if result.status == SOLVED:
            certify_packing(checker(packing.mask, packing.pieces, packing.flips), grid)
        return Result(result.status, grid, {**result.stats, "method": "random"}, puzzle=packing.mask,
                      family="polyomino")
    if workers > 1:
        with threads_or(executor, workers, "cassetete-polyomino") as spread:
            return solve(region, pieces, flips=flips, time_limit=time_limit, node_limit=node_limit, method=method,
                         executor=spread)
    method = check_choice(method, "method", METHODS)
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    if executor is not None and method == "bitboard":
        raise PuzzleError("executor= searches with method='cells' (or 'auto'): the bitboard engine has no "
                          "first-solution search below a prefix")
    packing = _packing(region, pieces, flips)
    if not packing.area_matches:
        return Result(UNSATISFIABLE, None, {"nodes": 0, "seconds": 0.0, "reason": "area mismatch"},
                      puzzle=packing.mask, family="polyomino")
    if executor is not None:
        return _solve_spread(packing, executor, time_limit, node_limit)
    if method == "bitboard":
        if node_limit is not None:
            raise PuzzleError("node_limit needs method='cells' (the bitboard engine streams by branches)")
        if not packing.fits_bitboard:
            raise PuzzleError(f"method='bitboard' takes regions of at most 64 cells, this one has {packing.area}")
        start = time.perf_counter()
        try:
            found = next(_stream(packing, False, 1, "bitboard", time_limit, None), None)
        except LimitReached as stopped:
            return Result(LIMIT, None, {"nodes": 0, "seconds": time.perf_counter() - start, **stopped.stats},
                          puzzle=packing.mask, family="polyomino")
        stats = {"nodes": 0, "seconds": time.perf_counter() - start, "method": "bitboard"}
        # (the stream certified the packing)
        return Result(SOLVED if found is not None else UNSATISFIABLE, found, stats, puzzle=packing.mask,
                      family="polyomino")
    result = packing.cover.solve(time_limit=time_limit, node_limit=node_limit)
    grid = packing.grid(result.solution) if result.solution is not None else None
    if result.status == SOLVED:
        certify_packing(checker(packing.mask, packing.pieces, packing.flips), grid)
    return Result(result.status, grid, result.stats, puzzle=packing.mask, family="polyomino")


def _solve_spread(packing: Packing, executor: Any, time_limit: Optional[float], node_limit: Optional[int]) -> Result:
    """The first packing searched on every worker of ``executor``: the symmetry-broken
    subproblems (one representative of every class of packings lies below one of them), cut
    into time slices by :func:`cassetete.parallel.run_first`; certified like the serial answer."""
    job = PackingJob(packing, unique=True, engine="cells")
    status, options, stats = run_first(job, executor, time_limit=time_limit, node_limit=node_limit)
    stats["method"] = "cells"
    stats.setdefault("stop", "none")
    grid = packing.grid(options) if status == SOLVED else None
    if status == SOLVED:
        certify_packing(checker(packing.mask, packing.pieces, packing.flips), grid)
    return Result(status, grid, stats, puzzle=packing.mask, family="polyomino")


def placements(region: Any, piece: str, *, pieces: PieceSpec = "pentominoes", flips: bool = True) -> List[np.ndarray]:
    """Every placement of one piece in the region, as arrays of cell coordinates.

    Example:
        >>> len(placements("6x10", "X"))
        32
    """
    shapes = piece_set(pieces)
    if piece not in shapes:
        raise PuzzleError(f"unknown piece {piece!r}; pieces are {list(shapes)}")
    packing = Packing(region, {piece: shapes[piece]}, flips, require_area=False)
    if piece not in packing.names:
        raise PuzzleError(f"unknown piece {piece!r}; pieces are {packing.names}")
    p = packing.names.index(piece)
    return [packing.coords[list(cells)] for q, cells in packing.placements if q == p]


