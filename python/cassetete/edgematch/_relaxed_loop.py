"""The hybrid loop of Schaus and Deville, "Hybridation de la programmation par contraintes et
d'un voisinage à très grande taille pour Eternity II", section 5: while the relaxed problem's
solution, filled by one assignment, still has wrong joins, ask CP for the next one
(cpp/edgematch/relaxed_loop.hpp). Run to the end it is exact; stopped early it gives the best
filled board as a start for the local search.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

import numpy as np

from .._options import check_choice, check_count, check_seed
from .._result import Result
from ._cp import ALLDIFFERENT, _relaxed_array, relaxed_cells
from ._engine import _core, limits, result, stats_of
from ._model import EdgePuzzle, check_puzzle


def solve_relaxed_loop(
    puzzle: EdgePuzzle,
    relax: int = 0,
    *,
    relaxed: Optional[Sequence[Tuple[int, int]]] = None,
    seed: Optional[int] = None,
    alldifferent: str = "gac",
    max_solutions: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Result:
    """Relaxed CP solutions, each completed by the assignment, until one is a full solution.

    Args:
        relax: how many random pairwise non-adjacent cells to relax (``seed`` picks them and
            drives the CP search's random ties and values); or give the cells as ``relaxed``.
        max_solutions: stop after this many relaxed solutions (a start generator).

    Returns a Result: ``"solved"`` with the full board, ``"unsatisfiable"`` when every relaxed
    solution was visited without one (proof: the puzzle has none), ``"limit"`` with the best
    filled board otherwise (None, and ``best_score`` -1, when no relaxed solution was reached in
    the limits; :func:`cp_start` then gives the deepest partial board filled instead). ``stats``:
    ``relaxed_solutions`` (visited, the last included), ``best_score``, ``relaxed`` (the cells), the CP counters.

    Example:
        >>> from cassetete.edgematch import generate, solve_relaxed_loop, verify
        >>> p, _ = generate(5, 5, colors=3, seed=4)
        >>> r = solve_relaxed_loop(p, relax=6, seed=1)
        >>> r.status, verify(p, r.solution), r.stats["relaxed_solutions"] >= 1
        ('solved', True, True)
    """
    check_puzzle(puzzle)
    check_choice(alldifferent, "alldifferent", ALLDIFFERENT)
    seed = check_seed(seed)
    if relaxed is None:
        relaxed = relaxed_cells(puzzle, relax, seed)
    cap = 0 if max_solutions is None else check_count(max_solutions, "max_solutions", 1)
    ids, compl, _ = puzzle.encode()
    out = _core().edgematch.relaxed_loop(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(),
                                        _relaxed_array(puzzle, relaxed), seed=seed, alldifferent=alldifferent,
                                        max_solutions=cap, **limits(time_limit, node_limit))
    stats = stats_of(out, method="relaxed_loop", seed=seed, relaxed_solutions=int(out["relaxed_solutions"]),
                     best_score=int(out["best_score"]), relaxed=[tuple(c) for c in relaxed])
    board = None if out["board"] is None else np.asarray(out["board"])
    return result(puzzle, out, stats, board)
