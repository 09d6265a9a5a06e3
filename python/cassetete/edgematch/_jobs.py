"""The edge-matching unit of parallel work: :class:`EdgematchJob` (the :class:`cassetete.parallel.Job`
of a puzzle: prefixes are the clues of sub-puzzles) and :func:`count_edgematch`, what
``count_solutions(executor=...)`` and ``solve(executor=...)`` spread with
:mod:`cassetete.parallel`.

Example:
    >>> from cassetete import edgematch
    >>> puzzle, _ = edgematch.generate(3, 3, colors=3, seed=1)
    >>> EdgematchJob(puzzle).key.startswith("edgematch-")
    True
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from ..parallel import Job, Prefix, digest, run_count
from ._count import count_result
from ._engine import _run, first_result
from ._model import EdgePuzzle
from ._split import split, symmetry_parts

__all__ = ["EdgematchJob", "count_edgematch"]


class EdgematchJob(Job):
    """An edge-matching count: a prefix is the flattened (cell, piece, rotation) clues of a
    sub-puzzle (the puzzle's own clues first), cut by :func:`cassetete.edgematch.split` along a
    static cell order; the roots are the board-rotation parts of
    :func:`cassetete.edgematch.symmetry_parts`, weighted by the symmetry factor.

    Example:
        >>> from cassetete import edgematch
        >>> puzzle, _ = edgematch.generate(3, 3, colors=3, seed=1)
        >>> job = EdgematchJob(puzzle)
        >>> total = sum(w * job.count(c, None)[0] for p, w in job.roots() for c in job.split(p))
        >>> total == edgematch.count_solutions(puzzle)
        True
    """

    def __init__(self, puzzle: EdgePuzzle, order: str = "row", symmetry: bool = True,
                 seed: Optional[int] = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.order = order
        self.symmetry = bool(symmetry)
        self.seed = seed  # first-solution searches only: candidates shuffled by this seed (None: in order)
        self.key = "edgematch-" + digest(puzzle.rows, puzzle.cols, np.asarray(puzzle.pieces).tobytes(),
                                         puzzle.matching, sorted(puzzle.fixed.items()), order, self.symmetry)

    @staticmethod
    def _prefix(puzzle: EdgePuzzle) -> Prefix:
        return tuple(int(v) for v in np.asarray(puzzle.fixed_array()).ravel())

    def _sub(self, prefix: Prefix) -> EdgePuzzle:
        cols = self.puzzle.cols
        fixed = {divmod(prefix[k], cols): (prefix[k + 1], prefix[k + 2]) for k in range(0, len(prefix), 3)}
        return self.puzzle.with_fixed(fixed)

    def roots(self) -> List[Tuple[Prefix, int]]:
        parts = symmetry_parts(self.puzzle) if self.symmetry else None
        if parts is None:
            return [(self._prefix(self.puzzle), 1)]
        factor, puzzles = parts
        return [(self._prefix(p), int(factor)) for p in puzzles]

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        stats = count_result(self._sub(prefix), order=self.order, time_limit=time_limit, symmetry=False).stats
        return int(stats["count"]), bool(stats["complete"]), int(stats.get("nodes", 0))

    def split(self, prefix: Prefix) -> List[Prefix]:
        static = "row" if self.order == "first_fail" else self.order
        return [self._prefix(p) for p in split(self._sub(prefix), 1, order=static)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        sub = self._sub(prefix)
        out = _run(sub, order=self.order, count=False, limit=None, seed=self.seed, time_limit=time_limit,
                   node_limit=None)
        result = first_result(sub, out, self.seed)
        return result.status, result.solution, int(result.stats.get("nodes", 0))


def count_edgematch(puzzle: EdgePuzzle, executor: Any, *, order: str = "row", symmetry: bool = True,
                    limit: Optional[int] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
                    progress: bool = False, checkpoint: Optional[str] = None,
                    slice_seconds: Optional[float] = None) -> int:
    """Count an edge-matching puzzle's solutions on ``executor`` (what
    ``edgematch.count_solutions(executor=...)`` calls).

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete import edgematch
        >>> puzzle, _ = edgematch.generate(3, 3, colors=3, seed=1)
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_edgematch(puzzle, pool) == edgematch.count_solutions(puzzle)
        True
    """
    if not isinstance(symmetry, bool):
        raise PuzzleError(f"symmetry must be True or False, got {symmetry!r}")
    total, _stats = run_count(EdgematchJob(puzzle, order, symmetry), executor, limit=limit, time_limit=time_limit,
                              node_limit=node_limit, slice_seconds=slice_seconds, checkpoint=checkpoint,
                              progress=progress)
    return total
