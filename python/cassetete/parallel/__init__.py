"""Counts, batches and first-solution searches spread over many cores or machines: any
``concurrent.futures.Executor`` (threads, processes) or a Dask cluster
(``dask.distributed.Client``, ``pip install "cassetete[dask]"``).

The families take the same ``executor=`` keyword; this module holds the machinery they share:
the problem is sent to the workers once, tasks carry only prefixes of choices, subproblems are
time-sliced (a branch that outruns its slice is cut deeper and resubmitted), a count can be
checkpointed to a file and resumed, a lost Dask worker's tasks are rerun by Dask, and a
``progress=True`` bar shows the subproblems explored.

Example:
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from cassetete import sudoku
    >>> with ThreadPoolExecutor(2) as pool:
    ...     sudoku.count_solutions("." * 16, executor=pool)
    288
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator, Optional

from .._errors import PuzzleError
from .._options import check_count
from ._drive import DEFAULT_SLICE, run_count, run_first
from ._executors import Runner, is_dask_client
from ._islands import IslandProblem, run_islands
from ._job import Job, Prefix, digest

__all__ = [
    "DEFAULT_SLICE",
    "IslandProblem",
    "Job",
    "Prefix",
    "Runner",
    "digest",
    "executor_for",
    "is_dask_client",
    "run_count",
    "run_first",
    "run_islands",
    "threads_or",
]


@contextlib.contextmanager
def threads_or(executor: Any, workers: int, name: str = "cassetete") -> Iterator[Any]:
    """The executor a count spreads on: ``executor`` as given, or with ``workers`` > 1 a pool of
    that many threads of this process (the engines release the GIL), closed on exit; None (run
    here) when neither. ``workers`` is already checked; both at once is a ``PuzzleError``.

    Example:
        >>> with threads_or(None, 2) as pool:
        ...     type(pool).__name__
        'ThreadPoolExecutor'
        >>> with threads_or(None, 1) as pool:
        ...     pool is None
        True
    """
    if workers > 1 and executor is not None:
        raise PuzzleError("give workers= (threads of this process) or executor=, not both")
    if workers > 1:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(workers, thread_name_prefix=name) as pool:
            yield pool
        return
    yield executor


@contextlib.contextmanager
def executor_for(scheduler: Optional[str] = None, workers: Optional[int] = None) -> Iterator[Any]:
    """The executor behind the command line's ``--scheduler ADDRESS`` (a client of an existing
    Dask cluster) or ``--workers N`` (N local worker processes: a Dask ``LocalCluster`` on
    127.0.0.1 when Dask is installed, else a ``ProcessPoolExecutor``); closed on exit.

    Example:
        >>> with executor_for(scheduler="tcp://127.0.0.1:8786", workers=2) as executor:
        ...     pass
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: give either a scheduler address or a number of workers, not both
    """
    if scheduler is not None and workers is not None:
        raise PuzzleError("give either a scheduler address or a number of workers, not both")
    if scheduler is not None:
        if not isinstance(scheduler, str) or not scheduler:
            raise PuzzleError(f"scheduler must be an address such as tcp://host:8786, got {scheduler!r}")
        try:
            from distributed import Client
        except ImportError:
            raise PuzzleError('--scheduler needs Dask: pip install "cassetete[dask]"') from None
        try:
            client = Client(scheduler, timeout=30)
        except OSError as error:
            raise PuzzleError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        with client:
            yield client
        return
    count = check_count(workers if workers is not None else 1, "workers", 1)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(count) as pool:
            yield pool
        return
    with LocalCluster(n_workers=count, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client
