"""The search problems a cluster can share out: each is a picklable object that knows how to
count (or search) the subproblem below a prefix of choices within a time slice, and how to cut
a prefix one level deeper. A prefix is a tuple of ints (option indices for exact cover and
packings; flattened (cell, value) pairs for Sudoku), so prefixes travel and checkpoint cheaply.

The engine's heavy state (the C++ matrix, the bitboard tables) is rebuilt lazily once per
worker process from the pickled model, never sent per task.

Example:
    >>> from cassetete.exactcover import ExactCover
    >>> job = ExactCoverJob(ExactCover.from_options([[0], [1], [0, 1]]))
    >>> [job.count(p, None)[0] for p in job.split(())]
    [1, 1]
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from .. import _core
from .._result import LIMIT, SOLVED, UNSATISFIABLE
from ._job import Job, Prefix
from ._job import digest as _digest

__all__ = ["Job", "EdgematchJob", "ExactCoverJob", "PackingJob", "Prefix"]


class ExactCoverJob(Job):
    """An :class:`~cassetete.exactcover.ExactCover` below an optional starting prefix.

    Example:
        >>> from cassetete.exactcover import ExactCover
        >>> ExactCoverJob(ExactCover.from_options([[0], [0]])).first((), None)[:2]
        ('solved', [0])
    """

    def __init__(self, cover: Any, prefix: Sequence[int] = ()) -> None:
        super().__init__()
        self.cover = cover
        self.start = tuple(int(o) for o in prefix)
        self.key = "exactcover-" + _digest(cover.primary, cover.secondary, cover._starts, cover._items, self.start)

    def _problem(self) -> Any:
        with self._lock:
            return self.cover._problem()

    def roots(self) -> List[Tuple[Prefix, int]]:
        return [(self.start, 1)]

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        count, complete, stats = _core.exactcover.count(self._problem(), [list(prefix)], 0, time_limit, None, [])
        return int(count), bool(complete), int(stats.get("nodes", 0))

    def split(self, prefix: Prefix) -> List[Prefix]:
        return [tuple(p) for p in _core.exactcover.split(self._problem(), list(prefix), 1)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        status, solution, stats = _core.exactcover.first(self._problem(), list(prefix), time_limit, None)
        if status not in (SOLVED, UNSATISFIABLE):
            status = LIMIT
        return status, solution, int(stats.get("nodes", 0))


class PackingJob(Job):
    """A polyomino / polycube packing count on the symmetry-broken, weighted subproblems of
    ``Packing.weighted_prefixes`` (weights 1 with ``unique``), with the bitboard or the
    dancing-cells engine. Subproblems are cut with the exact cover split: any partition of the
    packings by placements works for either engine.

    Example:
        >>> from cassetete.polyomino._model import Packing
        >>> job = PackingJob(Packing("3x20"), unique=True, engine="bitboard")
        >>> sum(job.count(p, None)[0] * w for p, w in job.roots())
        2
    """

    _derived = ("_packer",)

    def __init__(self, packing: Any, unique: bool, engine: str) -> None:
        super().__init__()
        self.unique = bool(unique)
        self.engine = engine
        self.rule = packing.branching
        # The model without its C++ counter (rebuilt in each worker).
        self.model = {k: v for k, v in packing.__dict__.items() if k != "_bitboard"}
        self._packer: Any = None
        self.key = "packing-" + _digest(packing.mask.shape, np.packbits(packing.mask).tobytes(),
                                        sorted(packing.pieces.items()), packing.flips, self.unique, engine)

    def _packing(self) -> Any:
        from ..polyomino._model import Packing

        packing = Packing.__new__(Packing)
        packing.__dict__.update(self.model)
        packing._bitboard = None
        return packing

    def _engine(self) -> Any:
        with self._lock:
            if self._packer is None:
                packing = self._packing()
                if self.engine == "bitboard":
                    self._packer = packing.bitboard(self.rule)
                else:
                    self._packer = packing.cover._problem()
            return self._packer

    def roots(self) -> List[Tuple[Prefix, int]]:
        prefixes, weights = self._packing().weighted_prefixes()
        if self.unique:
            weights = [1] * len(prefixes)
        return [(tuple(p), int(w)) for p, w in zip(prefixes, weights)]

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        engine = self._engine()
        counter = _core.exactcover.bitboard_count if self.engine == "bitboard" else _core.exactcover.count
        count, complete, stats = counter(engine, [list(prefix)], 0, time_limit, None, [])
        return int(count), bool(complete), int(stats.get("nodes", 0))

    def _problem(self) -> Any:
        # The exact cover is built on first use (Packing.cover is lazy); kept in the model.
        with self._lock:
            if self.model.get("_cover") is None:
                self.model["_cover"] = self._packing().cover
            return self.model["_cover"]._problem()

    def split(self, prefix: Prefix) -> List[Prefix]:
        problem = self._problem()
        return [tuple(p) for p in _core.exactcover.split(problem, list(prefix), 1)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        problem = self._problem()
        status, solution, stats = _core.exactcover.first(problem, list(prefix), time_limit, None)
        if status not in (SOLVED, UNSATISFIABLE):
            status = LIMIT
        return status, solution, int(stats.get("nodes", 0))


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

    def __init__(self, puzzle: Any, order: str = "row", symmetry: bool = True, seed: Optional[int] = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.order = order
        self.symmetry = bool(symmetry)
        self.seed = seed  # first-solution searches only: candidates shuffled by this seed (None: in order)
        self.key = "edgematch-" + _digest(puzzle.rows, puzzle.cols, np.asarray(puzzle.pieces).tobytes(),
                                          puzzle.matching, sorted(puzzle.fixed.items()), order, self.symmetry)

    @staticmethod
    def _prefix(puzzle: Any) -> Prefix:
        return tuple(int(v) for v in np.asarray(puzzle.fixed_array()).ravel())

    def _sub(self, prefix: Prefix) -> Any:
        cols = self.puzzle.cols
        fixed = {divmod(prefix[k], cols): (prefix[k + 1], prefix[k + 2]) for k in range(0, len(prefix), 3)}
        return self.puzzle.with_fixed(fixed)

    def roots(self) -> List[Tuple[Prefix, int]]:
        from ..edgematch import symmetry_parts

        parts = symmetry_parts(self.puzzle) if self.symmetry else None
        if parts is None:
            return [(self._prefix(self.puzzle), 1)]
        factor, puzzles = parts
        return [(self._prefix(p), int(factor)) for p in puzzles]

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        from ..edgematch import count

        stats = count(self._sub(prefix), order=self.order, time_limit=time_limit, symmetry=False).stats
        return int(stats["count"]), bool(stats["complete"]), int(stats.get("nodes", 0))

    def split(self, prefix: Prefix) -> List[Prefix]:
        from ..edgematch import split

        static = "row" if self.order == "first_fail" else self.order
        return [self._prefix(p) for p in split(self._sub(prefix), 1, order=static)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        from ..edgematch import solve

        result = solve(self._sub(prefix), order=self.order, time_limit=time_limit, seed=self.seed)
        return result.status, result.solution, int(result.stats.get("nodes", 0))
