"""The unit of parallel work of polyomino packing: :class:`PackingJob` (a
:class:`cassetete.parallel.Job` over the symmetry-broken, weighted subproblems of
:meth:`Packing.weighted_prefixes`) and ``count_packing``, what
``polyomino.count_solutions(executor=...)`` calls.

Example:
    >>> job = PackingJob(Packing("3x20"), unique=False, engine="cells")
    >>> sum(job.count(p, None)[0] * w for p, w in job.roots())
    8
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

from .. import _core
from .._result import LIMIT, SOLVED, UNSATISFIABLE
from ..parallel import Job, Prefix, digest, run_count
from ._model import Packing

__all__ = ["PackingJob", "count_packing"]


class PackingJob(Job):
    """A polyomino / polycube packing count on the symmetry-broken, weighted subproblems of
    ``Packing.weighted_prefixes`` (weights 1 with ``unique``), with the bitboard or the
    dancing-cells engine. Subproblems are cut with the exact cover split: any partition of the
    packings by placements works for either engine.

    Example:
        >>> job = PackingJob(Packing("3x20"), unique=True, engine="bitboard")
        >>> sum(job.count(p, None)[0] * w for p, w in job.roots())
        2
    """

    _derived = ("_packer",)

    def __init__(self, packing: Packing, unique: bool, engine: str) -> None:
        super().__init__()
        self.unique = bool(unique)
        self.engine = engine
        self.rule = packing.branching
        # The model without its C++ counter (rebuilt in each worker).
        self.model = {k: v for k, v in packing.__dict__.items() if k != "_bitboard"}
        self._packer: Any = None
        self.key = "packing-" + digest(packing.mask.shape, np.packbits(packing.mask).tobytes(),
                                       sorted(packing.pieces.items()), packing.flips, self.unique, engine)

    def _packing(self) -> Packing:
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


def count_packing(packing: Packing, executor: Any, *, unique: bool, engine: str, limit: Optional[int] = None,
                  time_limit: Optional[float] = None, node_limit: Optional[int] = None, progress: bool = False,
                  checkpoint: Optional[str] = None, slice_seconds: Optional[float] = None) -> int:
    """Count a polyomino packing on ``executor`` (what ``polyomino.count_solutions(executor=...)``
    calls): the symmetry-broken subproblems, weighted by their copies unless ``unique``.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_packing(Packing("3x20"), pool, unique=False, engine="bitboard")
        8
    """
    job = PackingJob(packing, unique, engine)
    count, stats = run_count(job, executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                             slice_seconds=slice_seconds, checkpoint=checkpoint, progress=progress)
    packing.last_stats = stats
    return count
