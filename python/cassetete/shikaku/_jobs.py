"""Shikaku's unit of parallel work (:mod:`cassetete.parallel`): the shared grid job
(:class:`cassetete._gridpuzzle.GridJob`) on the clue grid."""

from __future__ import annotations

from .._gridpuzzle import GridJob
from ._model import Shikaku


class ShikakuJob(GridJob):
    """A Shikaku count: a prefix is the candidate rectangles chosen by the exact search's
    branching (the clue with the fewest candidates left), by index in the candidate list, and
    replayed in C++ with the same propagation as the serial search.

    Example:
        >>> from cassetete import shikaku
        >>> job = ShikakuJob(shikaku.parse("2 .\\n. 2"))
        >>> job.split(()), sum(job.count(p, None)[0] for p in job.split(()))
        ([(0,), (1,)], 2)
    """

    engine = "shikaku"

    def __init__(self, puzzle: Shikaku) -> None:
        super().__init__(puzzle.clues)
