"""The driver: deal subproblems to the workers in time slices, gather counts, resubmit the
frontier of the slices that ran out of time, checkpoint, show progress, stop early.

Load balancing without a split depth to guess: a task counts its subproblems one after the
other, each within the time slice; a subproblem still unfinished at the end of its slice is
given up and cut deeper (``Job.split``, into at least ``CUT_FANOUT`` children), and its
children go back to the queue, so heavy branches end up cut as finely as they need and light
ones travel in batches. The
engines cannot hand back the frontier of a stopped search, so a stopped slice's work is redone
below it; the stats report that cost (``discarded_seconds``).

Example (a toy job: the binary words of length 12, cut one letter at a time; each family's
``_jobs.py`` has the real ones):
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from cassetete.parallel import Job
    >>> class Words(Job):
    ...     key = "words-12"
    ...     def count(self, prefix, time_limit):
    ...         return 2 ** (12 - len(prefix)), True, 1
    ...     def split(self, prefix):
    ...         return [prefix + (0,), prefix + (1,)] if len(prefix) < 12 else [prefix]
    ...     def first(self, prefix, time_limit):
    ...         return "solved", prefix + (0,) * (12 - len(prefix)), 1
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run_count(Words(), pool)[0], run_first(Words(), pool)[0]
    (4096, 'solved')
"""

from __future__ import annotations

import math
import os
import socket
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Deque, Dict, List, Optional, Tuple

from .._errors import LimitReached
from .._options import check_limit, check_node_limit, check_progress, check_time_limit
from .._result import LIMIT, SOLVED, UNSATISFIABLE
from .._streams import progress_bar
from . import _checkpoint
from ._executors import Runner, resolve
from ._job import Job, Prefix

__all__ = ["run_count", "run_first", "DEFAULT_SLICE"]

DEFAULT_SLICE = 2.0  # seconds a subproblem may run before it is cut deeper (on a small cluster)
# On a large cluster the slice grows with the workers so that the scheduler, at about a
# millisecond per task (bench/results/parallel.md), stays under a few percent of its capacity:
# 1600 workers x 2 ms / 0.1 = 32 s slices.
SLICE_PER_WORKER = 0.02
Part = Tuple[Prefix, int]


def _check_slice(value: object, workers: int = 1) -> float:
    if value is None:
        return max(DEFAULT_SLICE, SLICE_PER_WORKER * workers)
    seconds = check_time_limit(value, "slice_seconds")
    if seconds is None or seconds <= 0:
        from .._errors import PuzzleError

        raise PuzzleError(f"slice_seconds must be a positive number of seconds, got {value!r}")
    return seconds


# -- what runs on the workers --------------------------------------------------------------------
# Subproblems per worker cut by the driver before the first task: enough that most of them fit in
# a slice from the start (16 queens: 224 parts of about 0.2 s rather than 16 of 3 s, each of
# which would outrun its slice and be thrown away once).
INITIAL_PER_WORKER = 32
CUT_FANOUT = 8  # a branch that outran its slice is cut into at least this many (up to 4 levels)


def _cut(job: Job, prefix: Prefix) -> List[Prefix]:
    """The children of a branch that outran its slice, enough of them that each is likely to fit
    in a slice: its work was thrown away, and cutting one level at a time (often 2 or 3 children
    in Sudoku) would throw away a slice per level. ``[prefix]`` when it cannot be cut."""
    parts = [prefix]
    for _ in range(4):
        deeper = [child for part in parts for child in job.split(part)]
        if deeper == parts:
            break
        parts = deeper
        if len(parts) >= CUT_FANOUT:
            break
    return parts


class _Deadline:
    """When a task must stop: the end of the call's time limit as wall-clock time (``time.time()``,
    the one clock that threads, processes and the synchronised machines of a cluster share; a
    task that waited in a queue gets only what is left), or None for no limit."""

    def __init__(self, end: Optional[float]) -> None:
        self.end = end

    def left(self) -> Optional[float]:
        return None if self.end is None else max(0.0, self.end - time.time())

    def passed(self) -> bool:
        return self.end is not None and time.time() >= self.end

    def cap(self, seconds: float) -> float:
        left = self.left()
        return seconds if left is None else min(seconds, left)


def count_slice(handle: Any, parts: List[Part], slice_seconds: float,
                deadline: Optional[float] = None) -> Dict[str, Any]:
    """Count subproblems until the slice is used; return the count of the finished ones and the
    frontier (the children of a subproblem that outran the slice, and the ones not started).
    ``deadline`` (the end of the call's time limit, ``time.time()`` seconds) ends the task sooner,
    its unfinished subproblems in the frontier, so a time limit bounds the whole call."""
    job: Job = resolve(handle)
    start, cpu = time.perf_counter(), time.thread_time()
    stop_at = _Deadline(deadline)
    total = nodes = finished = 0
    discarded = 0.0
    frontier: List[Part] = []
    for index, (prefix, weight) in enumerate(parts):
        if (index and time.perf_counter() - start >= slice_seconds) or stop_at.passed():
            frontier.extend(parts[index:])
            break
        began = time.perf_counter()
        count, complete, used = job.count(tuple(prefix), stop_at.cap(slice_seconds))
        nodes += used
        if complete:
            total += count * weight
            finished += 1
            continue
        discarded += time.perf_counter() - began
        if stop_at.passed():  # stopped by the call's time limit: left for a later call (checkpoint)
            frontier.extend(parts[index:])
            break
        children = _cut(job, tuple(prefix))
        if children == [tuple(prefix)]:  # cannot be cut deeper: count it whole, here
            count, complete, used = job.count(tuple(prefix), stop_at.left())
            nodes += used
            if not complete:
                frontier.extend(parts[index:])
                break
            total += count * weight
        else:
            frontier.extend((child, weight) for child in children)
        finished += 1  # counted, or replaced by its children
    return {"count": total, "nodes": nodes, "finished": finished, "frontier": frontier,
            "seconds": time.perf_counter() - start, "cpu": time.thread_time() - cpu, "discarded": discarded,
            "worker": f"{socket.gethostname()}:{os.getpid()}"}


def first_slice(handle: Any, parts: List[Part], slice_seconds: float,
                deadline: Optional[float] = None) -> Dict[str, Any]:
    """Search subproblems for a first solution within the slice; the frontier and the deadline
    as in count_slice."""
    job: Job = resolve(handle)
    start = time.perf_counter()
    stop_at = _Deadline(deadline)
    nodes = finished = 0
    frontier: List[Part] = []
    for index, (prefix, weight) in enumerate(parts):
        if (index and time.perf_counter() - start >= slice_seconds) or stop_at.passed():
            frontier.extend(parts[index:])
            break
        status, solution, used = job.first(tuple(prefix), stop_at.cap(slice_seconds))
        nodes += used
        finished += 1
        if status == SOLVED:
            return {"solution": solution, "nodes": nodes, "finished": finished, "frontier": [],
                    "seconds": time.perf_counter() - start}
        if status == LIMIT:
            if stop_at.passed():
                frontier.extend(parts[index:])
                finished -= 1
                break
            children = _cut(job, tuple(prefix))
            if children == [tuple(prefix)]:  # cannot be cut deeper: search it whole, here
                status, solution, used = job.first(tuple(prefix), stop_at.left())
                nodes += used
                if status == SOLVED:
                    return {"solution": solution, "nodes": nodes, "finished": finished, "frontier": [],
                            "seconds": time.perf_counter() - start}
                if status == LIMIT:  # the call's time limit came first: not searched, not proved empty
                    frontier.extend(parts[index:])
                    finished -= 1
                    break
            else:
                frontier.extend((child, weight) for child in children)
    return {"solution": None, "nodes": nodes, "finished": finished, "frontier": frontier,
            "seconds": time.perf_counter() - start}


# -- the driver ------------------------------------------------------------------------------------
def _initial_parts(job: Job, wanted: int, max_depth: int = 16) -> List[Part]:
    """The roots, cut a level deeper until there are ``wanted`` of them (or ``max_depth`` cuts).

    Shikaku and Hashi branch two or three ways: three levels left them 20-30 parts of a 20-30 s
    count, whose largest outran their slice and were recounted after being cut."""
    parts: List[Part] = list(job.roots())
    for _ in range(max_depth):
        if len(parts) >= wanted:
            break
        deeper = [(child, weight) for prefix, weight in parts for child in job.split(prefix)]
        if len(deeper) <= len(parts):
            break
        parts = deeper
    return parts


class _Bar:
    """The optional tqdm bar over subproblems (its total grows as subproblems are cut)."""

    def __init__(self, enabled: bool, finished: int, pending: int) -> None:
        self.bar = progress_bar(enabled, "counting", total=finished + pending, unit="subproblem", initial=finished)

    def update(self, finished: int, pending: int, count: int) -> None:
        if self.bar is not None:
            self.bar.total = self.bar.n + finished + pending
            self.bar.update(finished)
            self.bar.set_postfix(count=count, refresh=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _chunk_size(queue_length: int, workers: int, part_seconds: Optional[float], slice_seconds: float) -> int:
    """Subproblems per task: enough to fill about one slice, few enough that every worker gets
    work (the tasks return early with what they did not start, so an overestimate is cheap)."""
    fair = max(1, math.ceil(queue_length / (2 * workers)))
    if part_seconds is None:
        return max(1, math.ceil(queue_length / (4 * workers)))
    return max(1, min(fair, math.ceil(slice_seconds / max(part_seconds, 1e-6))))


def run_count(job: Job, executor: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None, slice_seconds: Optional[float] = None, checkpoint: Optional[str] = None,
              checkpoint_every: float = 10.0, progress: bool = False) -> Tuple[int, Dict[str, Any]]:
    """Count the solutions of ``job`` on ``executor`` (None: one local thread): ``(count, stats)``.

    Raises :class:`cassetete.LimitReached` when ``time_limit`` or ``node_limit`` stops the count
    (after writing the checkpoint, from which a later call resumes). With ``limit``, returns
    ``limit`` once that many solutions are counted. ``slice_seconds`` (None: 2 s, more on
    clusters of over 100 workers) is how long a subproblem runs before it is cut deeper.

    Example (the 288 Sudoku grids of order 4, through the family's own job):
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete import sudoku
        >>> from cassetete.sudoku._jobs import SudokuJob
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count, stats = run_count(SudokuJob(sudoku.parse("." * 16), sudoku.DEFAULT_RULES), pool)
        >>> count, stats["complete"]
        (288, True)
    """
    progress = check_progress(progress)
    if executor is None:  # a checkpoint or a progress bar without a cluster: one local thread
        with ThreadPoolExecutor(1) as pool:
            return run_count(job, pool, limit=limit, time_limit=time_limit, node_limit=node_limit,
                             slice_seconds=slice_seconds, checkpoint=checkpoint, checkpoint_every=checkpoint_every,
                             progress=progress)
    limit = check_limit(limit)
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    runner = Runner(executor)
    started = time.perf_counter()
    deadline = None if time_limit is None else time.time() + time_limit
    workers = runner.workers
    slice_seconds = _check_slice(slice_seconds, workers)
    state = _checkpoint.load(checkpoint, job.key) if checkpoint else None
    resumed = state is not None
    if state is None:
        state = _checkpoint.Progress(job.key, pending=_initial_parts(job, INITIAL_PER_WORKER * workers))
    queue: Deque[Part] = deque(state.pending)
    running: Dict[Any, List[Part]] = {}
    stats: Dict[str, Any] = {"tasks": 0, "discarded_seconds": 0.0, "task_seconds": 0.0, "task_cpu_seconds": 0.0,
                             "cpu_by_worker": {}, "workers": workers, "resumed": resumed,
                             "slice_seconds": slice_seconds}
    part_seconds: Optional[float] = None
    timed_parts = 0
    bar = _Bar(progress, state.finished, len(queue))
    last_save = time.perf_counter()
    stop: Optional[str] = None
    handle = runner.share(job.key, job) if queue else None

    def save() -> None:
        if checkpoint:
            state.pending = [part for chunk in running.values() for part in chunk] + list(queue)
            _checkpoint.save(checkpoint, state)

    try:
        while queue or running:
            while queue and len(running) < 2 * workers:
                size = _chunk_size(len(queue), workers, part_seconds, slice_seconds)
                chunk = [queue.popleft() for _ in range(min(size, len(queue)))]
                running[runner.submit(count_slice, handle, chunk, slice_seconds, deadline)] = chunk
                stats["tasks"] += 1
            timeouts = [checkpoint_every] if checkpoint else [1.0]  # wake up now and then (Ctrl-C)
            if time_limit is not None:
                timeouts.append(max(0.0, time_limit - (time.perf_counter() - started)))
            for future, result in runner.wait_first(running, timeout=min(timeouts)).items():
                running.pop(future)
                state.count += int(result["count"])
                state.nodes += int(result["nodes"])
                state.finished += int(result["finished"])
                queue.extendleft(reversed([(tuple(p), int(w)) for p, w in result["frontier"]]))
                stats["discarded_seconds"] += result["discarded"]
                stats["task_seconds"] += result["seconds"]
                stats["task_cpu_seconds"] += result["cpu"]
                by_worker = stats["cpu_by_worker"]
                by_worker[result["worker"]] = by_worker.get(result["worker"], 0.0) + result["cpu"]
                timed_parts += max(1, int(result["finished"]))
                part_seconds = stats["task_seconds"] / timed_parts
                bar.update(int(result["finished"]), len(queue) + sum(map(len, running.values())), state.count)
            if limit is not None and state.count >= limit:
                break
            if time_limit is not None and time.perf_counter() - started >= time_limit:
                stop = "time_limit"
            elif node_limit is not None and state.nodes >= node_limit:
                stop = "node_limit"
            if stop:
                break
            if checkpoint and time.perf_counter() - last_save >= checkpoint_every:
                save()
                last_save = time.perf_counter()
    finally:
        # Stopped, interrupted or done: keep every unfinished subproblem in the checkpoint.
        save()
        runner.cancel(list(running))
        bar.close()
        runner.close()
    stats.update(nodes=state.nodes, seconds=time.perf_counter() - started, subproblems=state.finished)
    if limit is not None and state.count >= limit:
        return limit, stats
    if stop:
        stats["stop"] = stop
        stats["complete"] = False
        raise LimitReached(state.count, stats)
    stats["complete"] = True
    return state.count, stats


def run_first(job: Job, executor: Any, *, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
              slice_seconds: float = 0.5) -> Tuple[str, Any, Dict[str, Any]]:
    """A first solution of ``job`` searched on every worker: ``(status, solution, stats)``.

    As soon as one task finds a solution the tasks not started are cancelled and no new one is
    sent, so every worker is free again within one time slice. ``time_limit`` (seconds of the
    whole search) and ``node_limit`` (nodes summed over the tasks, checked as each task comes
    back, so the search may overshoot it by the tasks running then) stop it with status
    ``"limit"`` and ``stats["stop"]`` naming the limit.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete import sudoku
        >>> from cassetete.sudoku._jobs import SudokuJob
        >>> with ThreadPoolExecutor(2) as pool:
        ...     status, grid, stats = run_first(SudokuJob(sudoku.parse("." * 16), sudoku.DEFAULT_RULES), pool)
        >>> status, sudoku.verify(sudoku.parse("." * 16), grid)
        ('solved', True)
    """
    time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
    slice_seconds = _check_slice(slice_seconds)
    runner = Runner(executor)
    started = time.perf_counter()
    deadline = None if time_limit is None else time.time() + time_limit
    workers = runner.workers
    queue: Deque[Part] = deque(_initial_parts(job, 4 * workers))
    running: Dict[Any, List[Part]] = {}
    stats: Dict[str, Any] = {"tasks": 0, "nodes": 0, "subproblems": 0, "workers": workers}
    handle = runner.share(job.key, job)
    solution = None
    try:
        while (queue or running) and solution is None:
            while queue and len(running) < 2 * workers:
                chunk = [queue.popleft() for _ in range(min(_chunk_size(len(queue), workers, None, 0), len(queue)))]
                running[runner.submit(first_slice, handle, chunk, slice_seconds, deadline)] = chunk
                stats["tasks"] += 1
            wait = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
            for future, result in runner.wait_first(running, timeout=wait).items():
                running.pop(future)
                stats["nodes"] += int(result["nodes"])
                stats["subproblems"] += int(result["finished"])
                if result["solution"] is not None and solution is None:
                    solution = result["solution"]
                queue.extendleft(reversed([(tuple(p), int(w)) for p, w in result["frontier"]]))
            if solution is not None or not (queue or running):
                break  # found, or every subproblem searched: proved unsatisfiable
            if time_limit is not None and time.perf_counter() - started >= time_limit:
                stats["stop"] = "time_limit"
                break
            if node_limit is not None and stats["nodes"] >= node_limit:
                stats["stop"] = "node_limit"
                break
    finally:
        stats["cancelled"] = len(running)
        stats["unexplored"] = len(queue) + sum(map(len, running.values()))
        runner.cancel(list(running))
        runner.close()
    stats["seconds"] = time.perf_counter() - started
    if solution is not None:
        return SOLVED, solution, stats
    return (LIMIT if stats.get("stop") else UNSATISFIABLE), None, stats
