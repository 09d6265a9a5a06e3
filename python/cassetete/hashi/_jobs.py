"""The unit of parallel work of Hashiwokakero (:mod:`cassetete.parallel`), on the island grid."""

from __future__ import annotations

from .._gridpuzzle import GridJob
from ._model import Hashi

__all__ = ["HashiJob"]


class HashiJob(GridJob):
    """A Hashiwokakero count as a :class:`cassetete._gridpuzzle.GridJob`: a prefix is the
    flattened (edge, bridges) decisions of the exact search (edges numbered as in the serial
    engine's graph).

    Example:
        >>> from cassetete import hashi
        >>> job = HashiJob(hashi.parse("3x3m2:2a2c2a2"))
        >>> sum(job.count(p, None)[0] for p in job.split(()))
        1
    """

    engine = "hashi"

    def __init__(self, puzzle: Hashi) -> None:
        super().__init__(puzzle.islands)
