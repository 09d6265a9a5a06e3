"""Generators over the C++ solution streams (``_core.*SolutionStream``): solutions are yielded
as the search finds them, closing the generator stops the search, and a stream that a time or
node limit cut short ends with :class:`cassetete.LimitReached` rather than looking complete.

Example:
    >>> import numpy as np
    >>> from cassetete import _core
    >>> from cassetete._streams import stream_solutions
    >>> grid = np.array([[2, 0], [0, 2]], dtype=np.int32)
    >>> len(list(stream_solutions(_core.shikaku.stream(grid), limit=None)))
    2
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any, Callable, Iterator, Optional

from ._errors import LimitReached


def progress_bar(enabled: bool, description: str, total: Optional[float] = None, unit: str = "it",
                 **options: Any) -> Any:
    """A tqdm bar on stderr when ``enabled``, else None (the library prints nothing by default)."""
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit=unit, leave=False, **options)


@contextlib.contextmanager
def elapsed_bar(enabled: bool, description: str, time_limit: Optional[float] = None) -> Iterator[None]:
    """While the block runs (a C++ search with the GIL released), show the seconds spent on a
    tqdm bar on stderr (out of ``time_limit`` when there is one); nothing when not ``enabled``."""
    if not enabled:
        yield
        return
    shape = "{desc}: {n:.1f} s" + (" of {total:.1f} s |{bar}|" if time_limit else "")
    bar = progress_bar(True, description, total=time_limit, unit="s", bar_format=shape)
    done = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        while not done.wait(0.2):
            bar.n = time.monotonic() - start
            bar.refresh()

    ticker = threading.Thread(target=tick, name="cassetete-progress", daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        bar.close()


def stream_solutions(stream: Any, limit: Optional[int], convert: Callable[[Any], Any] = lambda item: item,
                     progress: bool = False, what: str = "solutions") -> Iterator[Any]:
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
        raise LimitReached(produced, outcome["stats"], what=what)


def count_stream(stream: Any, limit: Optional[int], progress: bool = False) -> int:
    """The number of items of ``stream`` (with a progress bar); LimitReached as above."""
    return sum(1 for _ in stream_solutions(stream, limit, progress=progress, what="count"))
