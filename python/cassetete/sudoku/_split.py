"""Cutting a search into disjoint subproblems (what executors and the parallel jobs share out)."""

from __future__ import annotations

from typing import List, Optional, Sequence

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._options import check_count
from ._formats import PuzzleLike, as_sudoku
from ._model import DEFAULT_RULES, Sudoku


def split(puzzle: PuzzleLike, depth: int = 1, *, box: Optional[Sequence[int]] = None) -> List[Sudoku]:
    """Split a search into disjoint subproblems for an executor (processes, a Dask cluster):
    `depth` times, the open cell with fewest candidates (after propagating every rule) is fixed to
    each of its candidates. The subproblems' solution sets partition the puzzle's, so their counts
    add up; contradictory branches are dropped.

    Example:
        >>> from cassetete.sudoku import count_solutions
        >>> parts = split("." * 16, depth=2)
        >>> len(parts), sum(count_solutions(p) for p in parts)
        (12, 288)
    """
    depth = check_count(depth, "depth")
    frontier = [as_sudoku(puzzle, box)]
    for _ in range(depth):
        following: List[Sudoku] = []
        for sudoku in frontier:
            contradiction, masks, _stats, _steps = _core.sudoku.propagate(
                sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], list(DEFAULT_RULES), False)
            if contradiction:
                continue
            counts = np.array([bin(int(m)).count("1") for m in masks])
            open_cells = np.flatnonzero((counts > 1) & (sudoku.grid.ravel() == 0))
            if len(open_cells) == 0:
                following.append(sudoku)  # solved by propagation (or only clues left to fill)
                continue
            cell = int(open_cells[np.argmin(counts[open_cells])])
            mask = int(masks[cell])
            for value in range(1, sudoku.size + 1):
                if mask >> (value - 1) & 1:
                    grid = sudoku.grid.copy().ravel()
                    grid[cell] = value
                    try:
                        following.append(Sudoku(grid.reshape(sudoku.size, sudoku.size), sudoku.box))
                    except PuzzleError:
                        continue  # the value repeats a clue: no solution down this branch
        frontier = following
    return frontier
