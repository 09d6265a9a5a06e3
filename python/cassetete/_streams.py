"""Generators over the C++ solution streams (``_core.*SolutionStream``): solutions are yielded
as the search finds them, closing the generator stops the search, and a stream that a time or
node limit cut short ends with :class:`cassetete.LimitReached` rather than looking complete.

Example:
    >>> import numpy as np
    >>> from cassetete import _core
    >>> from cassetete._streams import stream_solutions
    >>> grid = np.array([[2, 0], [0, 2]], dtype=np.int32)
    >>> len(list(stream_solutions(_core.shikaku_stream(grid), limit=None)))
    2
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional

from ._errors import LimitReached


def progress_bar(enabled: bool, description: str, total: Optional[int] = None, unit: str = "it") -> Any:
    """A tqdm bar on stderr when ``enabled``, else None (the library prints nothing by default)."""
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit=unit, leave=False)


def stream_solutions(stream: Any, limit: Optional[int], convert: Callable[[Any], Any] = lambda item: item,
                     progress: bool = False) -> Iterator[Any]:
    """Yield ``convert(item)`` for every item of ``stream``; raise LimitReached at the end when a
    time or node limit stopped the search before it was complete (or before ``limit`` items)."""
    bar = progress_bar(progress, "solutions", unit="sol")
    produced = 0
    try:
        for item in stream:
            produced += 1
            if bar is not None:
                bar.update(1)
            yield convert(item)
    finally:
        stream.close()
        if bar is not None:
            bar.close()
    outcome = stream.outcome()
    if not outcome["complete"] and (limit is None or produced < limit):
        raise LimitReached(produced, outcome["stats"], what="solutions")


def count_stream(stream: Any, limit: Optional[int], progress: bool = False) -> int:
    """The number of items of ``stream`` (with a progress bar); LimitReached as above."""
    return sum(1 for _ in stream_solutions(stream, limit, progress=progress))
