"""Sudoku's unit of parallel work: :class:`SudokuJob` (a prefix is the flattened (cell, value)
pairs fixed below the clues) and the count that spreads it over an executor.

Example:
    >>> from cassetete import sudoku
    >>> job = SudokuJob(sudoku.parse("." * 16), list(sudoku.DEFAULT_RULES))
    >>> len(job.split(()))
    4
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from .. import _core
from .._result import LIMIT, SOLVED, UNSATISFIABLE
from ..parallel import Job, Prefix, digest, run_count
from ._model import Sudoku
from ._split import split

__all__ = ["SudokuJob", "count_sudoku"]


class SudokuJob(Job):
    """A Sudoku count: a prefix is the flattened (cell, value) pairs fixed below the clues,
    cut like :func:`cassetete.sudoku.split` (the open cell with fewest candidates).

    Example:
        >>> from cassetete import sudoku
        >>> job = SudokuJob(sudoku.parse("." * 16), list(sudoku.DEFAULT_RULES))
        >>> sum(job.count(p, None)[0] for p in job.split(()))
        288
    """

    def __init__(self, puzzle: Any, rules: Sequence[str]) -> None:
        super().__init__()
        self.grid = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.uint8)
        self.box = tuple(int(v) for v in puzzle.box)
        self.rules = list(rules)
        self.key = "sudoku-" + digest(self.grid.tobytes(), self.box, self.rules)

    def _grid(self, prefix: Prefix) -> np.ndarray:
        grid = self.grid.copy()
        grid[list(prefix[0::2])] = prefix[1::2]
        return grid

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        count, _solution, _status, complete, stats = _core.sudoku.solve(
            self._grid(prefix), self.box[0], self.box[1], 0, self.rules, time_limit, None, None)
        return int(count), bool(complete), int(stats.get("nodes", 0))

    def split(self, prefix: Prefix) -> List[Prefix]:
        grid = self._grid(prefix)
        size = self.box[0] * self.box[1]
        children = []
        for child in split(Sudoku(grid.reshape(size, size), self.box), 1):
            changed = np.flatnonzero(child.grid.ravel() != grid)
            children.append(prefix + tuple(int(v) for c in changed for v in (c, child.grid.ravel()[c])))
        return children

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        _count, solution, status, _complete, stats = _core.sudoku.solve(
            self._grid(prefix), self.box[0], self.box[1], 1, self.rules, time_limit, None, None)
        if status not in (SOLVED, UNSATISFIABLE):
            status = LIMIT
        return status, solution, int(stats.get("nodes", 0))


def count_sudoku(puzzle: Any, executor: Any, *, rules: Sequence[str], limit: Optional[int] = None,
                 time_limit: Optional[float] = None, node_limit: Optional[int] = None, progress: bool = False,
                 checkpoint: Optional[str] = None, slice_seconds: Optional[float] = None) -> int:
    """Count a Sudoku's solutions on ``executor`` with the time-sliced driver of
    :mod:`cassetete.parallel` (what ``sudoku.count_solutions(executor=...)`` calls).

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete import sudoku
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_sudoku(sudoku.parse("." * 16), pool, rules=sudoku.DEFAULT_RULES)
        288
    """
    count, _stats = run_count(SudokuJob(puzzle, rules), executor, limit=limit, time_limit=time_limit,
                              node_limit=node_limit, slice_seconds=slice_seconds, checkpoint=checkpoint,
                              progress=progress)
    return count
