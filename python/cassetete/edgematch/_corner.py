"""Corner filling with pair counts (Béhague, "Résolution de puzzles dépourvus d'indice
graphique" (2024), section 6.2 and figure 19): fill the board in growing squares from a corner
so that every new piece meets two placed neighbours, and keep in memory how many unused pieces
show each pair of faces, cutting a placement as soon as an empty neighbour has no unused piece
for the faces it now knows (C++: cpp/edgematch/backtrack.cpp, ``pair_pruning``).
"""

from __future__ import annotations

from typing import Optional

from .._options import check_choice, check_limit
from .._result import Result
from ._engine import _core, exact_count, limits, result, stats_of
from ._model import EdgePuzzle, check_puzzle
from ._orders import cell_order

STATIC_ORDERS = ("row", "border", "spiral", "corner")


def _run(puzzle: EdgePuzzle, order: str, pair_pruning: bool, count: bool, limit: Optional[int], time_limit,
         node_limit):
    check_puzzle(puzzle)
    check_choice(order, "order", STATIC_ORDERS)
    ids, compl, _ = puzzle.encode()
    return _core().edgematch.pair_search(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(),
                                        cell_order(puzzle.rows, puzzle.cols, order), pair_pruning=bool(pair_pruning),
                                        count=count, limit=int(limit or 0), **limits(time_limit, node_limit))


def solve_corner_fill(
    puzzle: EdgePuzzle,
    *,
    order: str = "corner",
    pair_pruning: bool = True,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Result:
    """One solution by backtracking along ``order`` (default: corner filling) with the pair-count
    pruning; ``stats["pair_cuts"]`` counts the placements it cut.

    Example:
        >>> from cassetete.edgematch import generate, solve_corner_fill, verify
        >>> p, _ = generate(5, 5, colors=4, seed=1)
        >>> r = solve_corner_fill(p)
        >>> r.status, verify(p, r.solution)
        ('solved', True)
    """
    out = _run(puzzle, order, pair_pruning, False, None, time_limit, node_limit)
    return result(puzzle, out, stats_of(out, method="corner_fill", order=order))


def count_corner_fill(
    puzzle: EdgePuzzle,
    *,
    order: str = "corner",
    pair_pruning: bool = True,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> int:
    """Number of solutions by corner filling with pair counts (same convention as
    :func:`count_solutions`, no board-symmetry reduction). Raises LimitReached when stopped.

    Example:
        >>> from cassetete.edgematch import generate, count_corner_fill, count_solutions
        >>> p, _ = generate(4, 4, colors=3, seed=2)
        >>> count_corner_fill(p) == count_solutions(p)
        True
    """
    limit = check_limit(limit)
    out = _run(puzzle, order, pair_pruning, True, limit, time_limit, node_limit)
    return exact_count(out, limit, stats_of(out, method="corner_fill", order=order))
