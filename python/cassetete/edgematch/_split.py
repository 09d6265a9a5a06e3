"""Dividing the search tree: sub-puzzles after the first placements (parallel counts and solves,
any executor) and the board-rotation symmetry that makes counts smaller."""

from __future__ import annotations

from typing import List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_count
from ._engine import _core
from ._formats import as_puzzle
from ._model import EdgePuzzle
from ._orders import ORDERS, cell_order


def symmetry_parts(puzzle: EdgePuzzle) -> Optional[Tuple[int, List[EdgePuzzle]]]:
    """Board-rotation symmetry for counting: ``(factor, parts)`` such that the puzzle's count is
    ``factor * sum(count_solutions(part))``, or None when it does not apply (clues, a 1-wide board, no
    corner piece).

    A corner piece (two adjacent frame edges) sits in a corner of every solution, and turning
    the whole board moves it from corner to corner, one-to-one on solutions. So on a square
    board the count is 4 times the count with that piece in the top-left corner; on a
    rectangle (half turn only) it is 2 times the count with it top-left or top-right.

    Example:
        >>> from cassetete.edgematch import generate, count_solutions
        >>> p, _ = generate(3, 3, colors=3, seed=1)
        >>> factor, parts = symmetry_parts(p)
        >>> factor, len(parts)
        (4, 1)
        >>> factor * sum(count_solutions(q, symmetry=False) for q in parts) == count_solutions(p, symmetry=False)
        True
    """
    puzzle = as_puzzle(puzzle)
    if puzzle.fixed or puzzle.rows < 2 or puzzle.cols < 2:
        return None
    for p in range(puzzle.size):
        zeros = [int(x) == 0 for x in puzzle.pieces[p]]
        if sum(zeros) != 2 or not any(zeros[s] and zeros[(s + 1) % 4] for s in range(4)):
            continue
        top_left = next(r for r in range(4) if puzzle.edges(p, r)[0] == 0 and puzzle.edges(p, r)[3] == 0)
        if puzzle.rows == puzzle.cols:
            return 4, [puzzle.with_fixed({(0, 0): (p, top_left)})]
        top_right = next(r for r in range(4) if puzzle.edges(p, r)[0] == 0 and puzzle.edges(p, r)[1] == 0)
        return 2, [puzzle.with_fixed({(0, 0): (p, top_left)}),
                   puzzle.with_fixed({(0, puzzle.cols - 1): (p, top_right)})]
    return None


def split(puzzle: EdgePuzzle, depth: int, *, order: str = "row") -> List[EdgePuzzle]:
    """Sub-puzzles after the first ``depth`` placements along ``order`` (static orders only):
    the same puzzle with more clues. Their solution counts add up to the puzzle's; every
    sub-puzzle pickles, so any ``concurrent.futures`` executor can map them.

    Example:
        >>> from cassetete.edgematch import generate, split, count_solutions
        >>> p, _ = generate(3, 3, colors=3, seed=1)
        >>> sum(count_solutions(q) for q in split(p, 2)) == count_solutions(p)
        True
    """
    puzzle = as_puzzle(puzzle)
    if order == "first_fail":
        raise PuzzleError("split needs a static order (row, border, spiral, corner)")
    check_choice(order, "order", ORDERS)
    depth = check_count(depth, "depth")
    ids, compl, _ = puzzle.encode()
    parts = _core().edgematch.split(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(),
                                    cell_order(puzzle.rows, puzzle.cols, order), int(depth))
    out = []
    for arr in parts:
        fixed = {(int(c) // puzzle.cols, int(c) % puzzle.cols): (int(p), int(r)) for c, p, r in np.asarray(arr)}
        out.append(puzzle.with_fixed(fixed))
    return out
