"""One small interface over the places tasks can run: a Dask ``Client`` or any
``concurrent.futures.Executor`` (threads, processes, MPI pools...).

The problem is sent once: a Dask client scatters it to every worker (``broadcast=True``); an
executor's worker processes load it from one pickle file the first time a task names it and
keep it in a per-process cache keyed by the problem's id (threads share the driver's object).
Tasks then carry only a handle and their prefixes of choices.

A Dask cluster that loses one worker reruns its tasks by itself. One that loses every worker at
once (a restart, preempted nodes) also loses the scattered problem, and Dask cancels the tasks
that need it; the runner then scatters the problem again and resubmits those tasks, up to
``MAX_LOSSES`` times per task, so a count survives that too.

Example:
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:
    ...     runner = Runner(pool)
    ...     handle = runner.share("problem-1", [1, 2, 3])
    ...     runner.submit(_echo, handle, 0).result()
    [1, 2, 3]
"""

from __future__ import annotations

import os
import pickle
import tempfile
import threading
import time
from concurrent.futures import CancelledError, Executor, ThreadPoolExecutor
from concurrent.futures import wait as futures_wait
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from .._errors import PuzzleError

__all__ = ["Runner", "is_dask_client", "resolve"]

# Problems already loaded in this process, by id (the per-process cache of executor workers).
_LOADED: Dict[str, Any] = {}
_LOADED_LOCK = threading.Lock()
_CACHE_SIZE = 4  # problems kept per worker process; older ones are dropped
MAX_LOSSES = 3  # times one task may be cancelled by the loss of its scattered problem


class _Local:
    """A handle to an object of this process (thread pools: no copy at all)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class _FileRef:
    """A handle to a problem pickled once in a file: what tasks of a process pool carry."""

    __slots__ = ("key", "path")

    def __init__(self, key: str, path: str) -> None:
        self.key = key
        self.path = path

    def __getstate__(self) -> Tuple[str, str]:
        return self.key, self.path

    def __setstate__(self, state: Tuple[str, str]) -> None:
        self.key, self.path = state


def resolve(handle: Any) -> Any:
    """The problem behind a task's handle, inside the worker (loaded at most once per process).

    Example:
        >>> resolve(_Local(5))
        5
    """
    if isinstance(handle, _Local):
        return handle.value
    if isinstance(handle, _FileRef):
        with _LOADED_LOCK:
            value = _LOADED.get(handle.key)
            if value is None:
                with open(handle.path, "rb") as stream:
                    value = pickle.load(stream)
                while len(_LOADED) >= _CACHE_SIZE:
                    _LOADED.pop(next(iter(_LOADED)))
                _LOADED[handle.key] = value
            return value
    return handle  # Dask has already replaced the scattered future by the worker's copy


def is_dask_client(executor: object) -> bool:
    """Whether ``executor`` is a ``dask.distributed.Client`` (duck-typed: dask stays optional).

    Example:
        >>> is_dask_client(ThreadPoolExecutor(1))
        False
    """
    return all(hasattr(executor, name) for name in ("scatter", "submit", "gather", "scheduler_info"))


class Runner:
    """Submit tasks to a Dask client or an executor, with the problem shared once.

    Args:
        executor: a ``dask.distributed.Client`` or a ``concurrent.futures.Executor``.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     runner = Runner(pool)
        ...     runner.workers, runner.submit(sum, [1, 2]).result()
        (2, 3)
    """

    def __init__(self, executor: Any) -> None:
        if executor is None or not (is_dask_client(executor) or isinstance(executor, Executor)):
            raise PuzzleError(f"executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
                              f"got {type(executor).__name__}")
        self.executor = executor
        self.dask = is_dask_client(executor)
        self._files: List[str] = []
        # Dask only: each shared problem and its current handle (by share key), the share key of
        # every handle ever scattered (by the handle's Dask key), and every running task's
        # function, arguments and losses so far, to resubmit it when its problem is lost.
        self._shares: Dict[str, Tuple[Any, Any]] = {}
        self._share_of: Dict[str, str] = {}
        self._tasks: Dict[Any, Tuple[Callable[..., Any], Tuple[Any, ...], int]] = {}

    @property
    def workers(self) -> int:
        """How many tasks can run at once (Dask: the cluster's threads, now)."""
        if self.dask:
            info = self.executor.scheduler_info()
            return max(1, sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values()))
        return max(1, int(getattr(self.executor, "_max_workers", os.cpu_count() or 1)))

    def share(self, key: str, problem: Any) -> Any:
        """Send ``problem`` to the workers once; returns the handle tasks take as argument."""
        if self.dask:
            handle = self._scatter(problem)
            self._shares[key] = (problem, handle)
            self._share_of[str(handle.key)] = key
            return handle
        if isinstance(self.executor, ThreadPoolExecutor):
            return _Local(problem)
        descriptor, path = tempfile.mkstemp(prefix="cassetete-", suffix=".pickle")
        with os.fdopen(descriptor, "wb") as stream:
            pickle.dump(problem, stream, protocol=pickle.HIGHEST_PROTOCOL)
        self._files.append(path)
        return _FileRef(key, path)

    def _scatter(self, problem: Any) -> Any:
        # Every worker gets a copy now; one that joins later (or replaces a lost one) fetches it
        # from a peer the first time a task needs it.
        for attempt in range(3):
            self.executor.wait_for_workers(1)
            try:
                # In a list: Dask would scatter a dict's or a list's items one by one.
                return self.executor.scatter([problem], broadcast=True, hash=False)[0]
            except Exception:  # a worker that left during the broadcast (lost, restarted)
                if attempt == 2:
                    raise
                time.sleep(1.0)
        raise AssertionError("unreachable")

    def _current(self, argument: Any) -> Any:
        """A task argument with a lost scattered problem replaced by a fresh copy of it."""
        key = self._share_of.get(str(getattr(argument, "key", ""))) if hasattr(argument, "status") else None
        if key is None:
            return argument
        problem, handle = self._shares[key]
        if handle.status != "finished":  # the cluster lost every copy: scatter it again
            handle = self._scatter(problem)
            self._shares[key] = (problem, handle)
            self._share_of[str(handle.key)] = key
        return handle

    def submit(self, function: Callable[..., Any], *args: Any) -> Any:
        """Start ``function(*args)`` on a worker; a future."""
        if self.dask:
            return self._submit_dask(function, args, 0)
        return self.executor.submit(function, *args)

    def _submit_dask(self, function: Callable[..., Any], args: Tuple[Any, ...], losses: int) -> Any:
        args = tuple(self._current(argument) for argument in args)
        future = self.executor.submit(function, *args, pure=False)
        self._tasks[future] = (function, args, losses)
        return future

    def wait_first(self, running: Dict[Any, Any], timeout: Optional[float] = None) -> Dict[Any, Any]:
        """The futures of ``running`` (future -> the caller's data) that are done, with their
        results (future -> result), waiting until at least one is (or ``timeout`` passes). A task
        that failed raises its exception here. Dask: a task cancelled because its scattered problem
        was lost is resubmitted, under a new future that takes the old one's place in ``running``."""
        futures = list(running)
        if not self.dask:
            done = futures_wait(futures, timeout=timeout, return_when="FIRST_COMPLETED").done
            return {future: future.result() for future in done}
        import asyncio  # here, not at the top: the Dask path alone needs it (and loads it anyway)

        from distributed import wait as dask_wait

        error: Optional[BaseException] = None
        try:
            finished = set(dask_wait(futures, timeout=timeout, return_when="FIRST_COMPLETED").done)
        except (TimeoutError, asyncio.TimeoutError):
            return {}
        except Exception as exc:  # Dask raises when some of the futures were cancelled
            finished, error = set(), exc
        results: Dict[Any, Any] = {}
        lost = [future for future in futures if future.cancelled()]
        for future in finished.difference(lost):
            try:
                results[future] = future.result()
            except CancelledError:
                # Finished, but its worker died before the result was fetched, and the problem
                # went with it: the rerun Dask schedules is cancelled in turn. Run it again.
                lost.append(future)
        if not lost and error is not None:
            raise error
        for future in lost:
            function, args, losses = self._tasks.pop(future)
            if losses + 1 >= MAX_LOSSES:
                raise PuzzleError(f"the Dask cluster lost every worker holding the problem {MAX_LOSSES} times "
                                  f"while {getattr(function, '__name__', 'a task')} ran; giving up")
            running[self._submit_dask(function, args, losses + 1)] = running.pop(future)
        for future in results:
            self._tasks.pop(future, None)
        return results

    def cancel(self, futures: Iterable[Any]) -> None:
        """Cancel tasks not started yet (running tasks end at their time slice)."""
        futures = list(futures)
        if not futures:
            return
        if self.dask:
            self.executor.cancel(futures)
            for future in futures:
                self._tasks.pop(future, None)
        else:
            for future in futures:
                future.cancel()

    def close(self) -> None:
        """Remove the shared problem files (the executor itself stays open: the caller owns it)."""
        for path in self._files:
            try:
                os.remove(path)
            except OSError:
                pass
        self._files.clear()


def _echo(handle: Any, _unused: int) -> Any:
    return resolve(handle)

