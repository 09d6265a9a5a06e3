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
from typing import Any, Iterator, Optional, Sequence

from .._errors import PuzzleError
from .._options import check_count
from .._result import Result
from ._drive import DEFAULT_SLICE, run_count, run_first
from ._executors import Runner, is_dask_client
from ._islands import run_islands
from ._job import Job, Prefix, digest
from ._jobs import EdgematchJob, ExactCoverJob, PackingJob
from ._jobs_grid import HashiJob, ShikakuJob

__all__ = [
    "DEFAULT_SLICE",
    "EdgematchJob",
    "ExactCoverJob",
    "HashiJob",
    "Job",
    "PackingJob",
    "Prefix",
    "Runner",
    "ShikakuJob",
    "count_cover",
    "count_edgematch",
    "count_hashi",
    "count_packing",
    "count_shikaku",
    "digest",
    "executor_for",
    "is_dask_client",
    "run_count",
    "run_first",
    "run_islands",
    "solve_cover",
    "threads_or",
]


def count_cover(cover: Any, executor: Any, *, prefix: Sequence[int] = (), limit: Optional[int] = None,
                time_limit: Optional[float] = None, node_limit: Optional[int] = None, progress: bool = False,
                checkpoint: Optional[str] = None, slice_seconds: Optional[float] = None) -> int:
    """Count an :class:`~cassetete.exactcover.ExactCover` on ``executor`` (what
    ``ExactCover.count(executor=...)`` calls); raises :class:`cassetete.LimitReached` when a
    limit stops it.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete.exactcover import ExactCover
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_cover(ExactCover.from_options([[0], [1], [0, 1]]), pool)
        2
    """
    job = ExactCoverJob(cover, cover._check_prefix(prefix))
    count, stats = run_count(job, executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                             slice_seconds=slice_seconds, checkpoint=checkpoint, progress=progress)
    cover.last_stats = stats
    return count


def solve_cover(cover: Any, executor: Any, *, prefix: Sequence[int] = (), time_limit: Optional[float] = None,
                node_limit: Optional[int] = None, slice_seconds: float = 0.5) -> Result:
    """A first solution of an exact cover searched on every worker at once; the other workers
    stop within one time slice of the first solution found.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete.exactcover import ExactCover
        >>> with ThreadPoolExecutor(2) as pool:
        ...     solve_cover(ExactCover.from_options([[0, 1], [0]]), pool).solution
        [0]
    """
    job = ExactCoverJob(cover, cover._check_prefix(prefix))
    status, solution, stats = run_first(job, executor, time_limit=time_limit, node_limit=node_limit,
                                        slice_seconds=slice_seconds)
    cover.last_stats = stats
    return Result(status, solution, stats, puzzle=cover, family="exactcover")


def count_packing(packing: Any, executor: Any, *, unique: bool, engine: str, limit: Optional[int] = None,
                  time_limit: Optional[float] = None, node_limit: Optional[int] = None, progress: bool = False,
                  checkpoint: Optional[str] = None, slice_seconds: Optional[float] = None) -> int:
    """Count a polyomino packing on ``executor`` (what ``polyomino.count(executor=...)``
    calls): the symmetry-broken subproblems, weighted by their copies unless ``unique``.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete.polyomino._model import Packing
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_packing(Packing("3x20"), pool, unique=False, engine="bitboard")
        8
    """
    job = PackingJob(packing, unique, engine)
    count, stats = run_count(job, executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                             slice_seconds=slice_seconds, checkpoint=checkpoint, progress=progress)
    packing.last_stats = stats
    return count


def count_edgematch(puzzle: Any, executor: Any, *, order: str = "row", symmetry: bool = True,
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
    count, _stats = run_count(EdgematchJob(puzzle, order, symmetry), executor, limit=limit, time_limit=time_limit,
                              node_limit=node_limit, slice_seconds=slice_seconds, checkpoint=checkpoint,
                              progress=progress)
    return count


def count_shikaku(puzzle: Any, executor: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                  node_limit: Optional[int] = None, progress: bool = False, checkpoint: Optional[str] = None,
                  slice_seconds: Optional[float] = None) -> int:
    """Count a Shikaku's solutions on ``executor`` (what
    ``shikaku.count_solutions(executor=...)`` calls).

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete import shikaku
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_shikaku(shikaku.parse("2 .\\n. 2"), pool)
        2
    """
    count, _stats = run_count(ShikakuJob(puzzle), executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                              slice_seconds=slice_seconds, checkpoint=checkpoint, progress=progress)
    return count


def count_hashi(puzzle: Any, executor: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                node_limit: Optional[int] = None, progress: bool = False, checkpoint: Optional[str] = None,
                slice_seconds: Optional[float] = None) -> int:
    """Count a Hashiwokakero's solutions on ``executor`` (what
    ``hashi.count_solutions(executor=...)`` calls).

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete import hashi
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_hashi(hashi.parse("3x3m2:2a2c2a2"), pool)
        1
    """
    count, _stats = run_count(HashiJob(puzzle), executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                              slice_seconds=slice_seconds, checkpoint=checkpoint, progress=progress)
    return count


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
