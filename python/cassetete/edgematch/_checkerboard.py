"""The checkerboard brute force (Schaus and Deville, "Hybridation de la programmation par
contraintes et d'un voisinage à très grande taille pour Eternity II", section 5), exact.

Only the cells of one colour of the chessboard colouring are searched; the other colour's cells
are pairwise non-adjacent, so once their neighbours are placed they are filled by a bipartite
matching. A partial assignment is cut when that matching's bound says no completion reaches the
full score (see cpp/edgematch/checkerboard.hpp).
"""

from __future__ import annotations

from typing import Optional

from .._options import check_choice, check_limit
from .._result import Result
from ._engine import _core, exact_count, limits, result, stats_of
from ._model import EdgePuzzle, check_puzzle
from ._orders import cell_order

ORDERS = ("row", "spiral", "border", "corner")


def _run(puzzle: EdgePuzzle, count: bool, limit: Optional[int], parity: int, time_limit, node_limit,
         order: str = "row"):
    check_puzzle(puzzle)
    parity = int(check_choice(str(parity), "parity", ("0", "1")))
    check_choice(order, "order", ORDERS)
    ids, compl, _ = puzzle.encode()
    return _core().edgematch.checkerboard(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(), count=count,
                                         limit=int(limit or 0), parity=parity,
                                         order=cell_order(puzzle.rows, puzzle.cols, order),
                                         **limits(time_limit, node_limit))


def solve_checkerboard(
    puzzle: EdgePuzzle,
    *,
    parity: int = 0,
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Result:
    """One solution by the exact checkerboard brute force: the cells with
    ``(row + col) % 2 == parity`` are searched in ``order`` (``"row"``, ``"spiral"``,
    ``"border"``, ``"corner"``), the others filled by a perfect matching. No order wins
    everywhere: the spiral halves the count's tree on some planted 6x6 boards but is slower on
    Brendan Owen's 6x6 and on first solutions of boards with frame colours.

    ``stats``: ``nodes`` (placements on searched cells and in final matchings),
    ``black_placements``, ``matching_cuts`` (nodes cut by the matching bound), ``leaves``.

    Example:
        >>> from cassetete.edgematch import generate, solve_checkerboard, verify
        >>> p, _ = generate(4, 4, colors=3, seed=2)
        >>> r = solve_checkerboard(p)
        >>> r.status, verify(p, r.solution)
        ('solved', True)
    """
    out = _run(puzzle, False, None, parity, time_limit, node_limit, order)
    return result(puzzle, out, stats_of(out, method="checkerboard"))


def count_checkerboard(
    puzzle: EdgePuzzle,
    *,
    limit: Optional[int] = None,
    parity: int = 0,
    order: str = "row",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> int:
    """Number of solutions by the checkerboard brute force: every perfect matching of every
    surviving leaf is one solution (same convention as :func:`count_solutions`: rotated boards
    count separately, turns of a symmetric piece showing the same edges once); ``order`` as in
    :func:`solve_checkerboard`.

    Raises LimitReached when a time or node limit stops it first.

    Example:
        >>> from cassetete.edgematch import generate, count_checkerboard, count_solutions
        >>> p, _ = generate(4, 4, colors=3, seed=2)
        >>> count_checkerboard(p) == count_solutions(p)
        True
    """
    limit = check_limit(limit)
    out = _run(puzzle, True, limit, parity, time_limit, node_limit, order)
    return exact_count(out, limit, stats_of(out, method="checkerboard"))
