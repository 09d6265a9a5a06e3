"""The constraint model of Schaus and Deville, "Hybridation de la programmation par contraintes
et d'un voisinage à très grande taille pour Eternity II", section 2, as a propagating search:
IO variables linked to colour variables by element constraints, colour equality on inner joins,
the frame on the rim, AllDifferent on the pieces (forward checking, a Hall check by matching, or
Régin's filtering), first fail with random ties and random values, restarts (C++:
cpp/edgematch/cp_model.hpp). Also the relaxed problems of section 5 as a start for the local
search.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_count, check_limit, check_seed
from .._result import Result
from ._engine import _core, exact_count, limits, result, stats_of
from ._model import EdgePuzzle, check_puzzle, score

ALLDIFFERENT = ("forward", "hall", "gac")


def relaxed_cells(puzzle: EdgePuzzle, count: int, seed: Optional[int] = None) -> List[Tuple[int, int]]:
    """``count`` random pairwise non-adjacent cells without a clue (fewer if the board has no
    room), as in section 5 of the paper: the joins around them are dropped.

    Example:
        >>> from cassetete.edgematch import generate, relaxed_cells
        >>> p, _ = generate(4, 4, colors=3, seed=1)
        >>> cells = relaxed_cells(p, 3, seed=0)
        >>> len(cells), all(abs(a - c) + abs(b - d) > 1 for a, b in cells for c, d in cells if (a, b) != (c, d))
        (3, True)
    """
    check_puzzle(puzzle)
    count = check_count(count, "relax")
    rng = np.random.default_rng(check_seed(seed))
    chosen: List[Tuple[int, int]] = []
    taken = set()
    for cell in rng.permutation(puzzle.size):
        if len(chosen) >= count:
            break
        r, c = divmod(int(cell), puzzle.cols)
        if (r, c) in puzzle.fixed or any((r + dr, c + dc) in taken for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
            continue
        taken.add((r, c))
        chosen.append((r, c))
    return chosen


def _relaxed_array(puzzle: EdgePuzzle, relaxed: Optional[Sequence[Tuple[int, int]]]) -> np.ndarray:
    cells = []
    for item in relaxed or ():
        try:
            r, c = (int(x) for x in item)
        except (TypeError, ValueError):
            raise PuzzleError(f"relaxed cell {item!r} is not (row, col)") from None
        if not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols):
            raise PuzzleError(f"relaxed cell ({r}, {c}) is off the {puzzle.rows} x {puzzle.cols} board")
        cells.append(r * puzzle.cols + c)
    return np.array(cells, dtype=np.int32)


def run_cp(puzzle: EdgePuzzle, *, relaxed=None, count: bool = False, limit: Optional[int] = None,
           seed: Optional[int] = None, alldifferent: str = "gac", restarts: int = 0, time_limit=None,
           node_limit=None) -> Dict[str, Any]:
    """The C++ search's raw answer (a dict); ``seed=None`` searches without randomness."""
    check_puzzle(puzzle)
    check_choice(alldifferent, "alldifferent", ALLDIFFERENT)
    restarts = check_count(restarts, "restarts")
    ids, compl, _ = puzzle.encode()
    return _core().edgematch.cp(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(),
                               _relaxed_array(puzzle, relaxed), count=count, limit=int(limit or 0),
                               seed=seed, alldifferent=alldifferent, restart_base=restarts,
                               **limits(time_limit, node_limit))


def solve_cp(
    puzzle: EdgePuzzle,
    *,
    seed: Optional[int] = None,
    alldifferent: str = "gac",
    restarts: int = 100,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Result:
    """One solution of the CP model: branch IO = v / IO != v on the cell with the smallest IO
    domain (ties at random), v at random (seeded; the seed used is in ``stats["seed"]``).

    Args:
        alldifferent: ``"forward"`` (a placed piece leaves the other domains), ``"hall"`` (also
            fail when the cells cannot take distinct pieces) or ``"gac"`` (Régin's filtering:
            remove every cell-piece pair that lies in no perfect matching).
        restarts: 0 = plain depth first; k > 0 = restart after k * luby(i) failures (100 by
            default: on the relaxed Eternity II problems of figure 5 it solved the most,
            bench/results/edgematch_cp_fig5.md).

    ``stats``: ``nodes`` (branchings), ``failures``, ``restarts``, ``hall_failures``,
    ``gac_prunes``.

    Example:
        >>> from cassetete.edgematch import generate, solve_cp, verify
        >>> p, _ = generate(5, 5, colors=4, seed=3)
        >>> r = solve_cp(p, seed=1)
        >>> r.status, verify(p, r.solution)
        ('solved', True)
    """
    seed = check_seed(seed)
    out = run_cp(puzzle, seed=seed, alldifferent=alldifferent, restarts=restarts, time_limit=time_limit,
                 node_limit=node_limit)
    return result(puzzle, out, stats_of(out, method="cp", seed=seed))


def count_cp(
    puzzle: EdgePuzzle,
    *,
    limit: Optional[int] = None,
    alldifferent: str = "gac",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> int:
    """Number of solutions of the CP model, enumerated without randomness or restarts
    (the same convention as :func:`count_solutions`). Raises LimitReached when stopped.

    Example:
        >>> from cassetete.edgematch import generate, count_cp, count_solutions
        >>> p, _ = generate(4, 4, colors=3, seed=2)
        >>> count_cp(p) == count_solutions(p)
        True
    """
    limit = check_limit(limit)
    out = run_cp(puzzle, count=True, limit=limit, alldifferent=alldifferent, time_limit=time_limit,
                 node_limit=node_limit)
    return exact_count(out, limit, stats_of(out, method="cp"))


def fill_holes(puzzle: EdgePuzzle, board) -> Tuple[np.ndarray, int]:
    """The empty cells (piece -1) of ``board`` filled with the unused pieces by one maximum-weight
    assignment (the very large neighbourhood of section 3; optimal when the empty cells are
    pairwise non-adjacent): (filled board, matched inner joins).

    Example:
        >>> from cassetete.edgematch import generate, fill_holes
        >>> p, planted = generate(4, 4, colors=3, seed=1)
        >>> holed = planted.copy(); holed[1, 1] = holed[2, 2] = (-1, 0)
        >>> fill_holes(p, holed)[1] == p.total_joins
        True
    """
    check_puzzle(puzzle)
    ids, compl, _ = puzzle.encode()
    board = np.ascontiguousarray(np.asarray(board, dtype=np.int32))
    filled, matched = _core().edgematch.fill_holes(puzzle.rows, puzzle.cols, ids, compl, board)
    return np.asarray(filled), int(matched)


def cp_start(
    puzzle: EdgePuzzle,
    relax: int = 0,
    *,
    seed: Optional[int] = None,
    alldifferent: str = "gac",
    restarts: int = 100,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Tuple[np.ndarray, Dict[str, Any]]:
    """A starting board for the local search from the CP model on a relaxed problem (section 5
    and figure 6): ``relax`` random non-adjacent cells are relaxed; when CP solves the rest, the
    relaxed cells are filled by one assignment; when a limit stops it first, the deepest partial
    assignment is filled the same way. ``info``: solved, depth, cells, nodes, failures, score,
    relaxed, seed.

    Example:
        >>> from cassetete.edgematch import generate, cp_start, score
        >>> p, _ = generate(6, 6, colors=5, seed=1)
        >>> board, info = cp_start(p, relax=4, seed=2)
        >>> info["solved"], score(p, board)[0] == info["score"]
        (True, True)
    """
    seed = check_seed(seed)
    relaxed = relaxed_cells(puzzle, relax, seed)
    out = run_cp(puzzle, relaxed=relaxed, seed=seed, alldifferent=alldifferent, restarts=restarts,
                 time_limit=time_limit, node_limit=node_limit)
    solved = out["board"] is not None
    partial = out["board"] if solved else out["deepest"]
    if partial is None:  # the root already failed
        partial = np.full((puzzle.rows, puzzle.cols, 2), -1, dtype=np.int32)
    board, matched = fill_holes(puzzle, partial)
    stats = stats_of(out)
    info = {"solved": solved, "depth": int(out["depth"]), "cells": int(out["cells"]), "nodes": int(stats["nodes"]),
            "failures": int(stats["failures"]), "seconds": float(stats["seconds"]), "score": matched,
            "relaxed": relaxed, "seed": seed}
    assert score(puzzle, board)[0] == matched
    return board, info


def cp_model_start(puzzle: EdgePuzzle, relax: int, seed: int, node_limit: Optional[int],
                    time_limit: Optional[float]) -> Tuple[np.ndarray, Dict[str, Any]]:
    """The local search's ``init="cp-model"`` start: :func:`cp_start`'s board as an int64 array and
    its facts in :func:`~cassetete.edgematch.initial_board`'s keys."""
    board, facts = cp_start(puzzle, relax, seed=seed, node_limit=node_limit, time_limit=time_limit)
    info = {k: facts[k] for k in ("score", "solved", "depth", "cells", "nodes", "seconds", "relaxed")}
    info["seed"] = seed
    return np.asarray(board, dtype=np.int64), info
