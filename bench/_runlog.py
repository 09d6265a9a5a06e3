"""A resumable log of independent bench runs: the full-size reproductions (hours of one core)
run task by task, each finished task appended as one JSON line, so a killed or stopped run
resumes where it stopped and the same tasks can be spread over several processes.

A task is a dict of JSON values (its parameters); its key is that dict, so a task already in
the log is never run again. Each line also records when, with which commit and build the task
ran. Delete the log (or the lines) to rerun after a change of the code.

    from _runlog import run_logged
    results = run_logged(log_path, tasks, one_run, workers=2)   # one result per task, in order
"""

from __future__ import annotations

import json
import subprocess
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence

Task = Dict[str, Any]


def task_key(task: Task) -> str:
    """The task's identity in the log: its parameters as canonical JSON."""
    return json.dumps(task, sort_keys=True, separators=(",", ":"))


def load_log(path: Path) -> Dict[str, Dict[str, Any]]:
    """The finished tasks of the log at ``path``, by key (a missing file: none; a torn last line,
    left by a process killed mid-write, is ignored)."""
    done: Dict[str, Dict[str, Any]] = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(entry, dict) and "task" in entry and "result" in entry:
            done[task_key(entry["task"])] = entry
    return done


def describe_log(entries: Sequence[Dict[str, Any]]) -> str:
    """One sentence on the runs of a log: how many, their seconds in all, when and with which
    commits they ran (entries written before those fields existed count without them)."""
    dates = sorted(e["date"] for e in entries if "date" in e)
    commits = sorted({e["commit"] for e in entries if e.get("commit")})
    return (f"The {len(entries)} runs of the log took {sum(e.get('seconds', 0.0) for e in entries):,.0f} s of one "
            "process in all" + (f", from {dates[0]} to {dates[-1]}" if dates else "")
            + (f" (commits {', '.join(commits)})" if commits else "") + ".")


def head_commit() -> str:
    """The project's commit (short hash) the bench runs with; "" outside a git checkout."""
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=str(Path(__file__).resolve().parent),
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def load_average() -> str:
    """The machine's 1-, 5- and 15-minute load averages, as a bench page quotes them ("" where
    /proc/loadavg is missing)."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return ""


def _build() -> str:
    try:
        from cassetete import _core

        return str(_core.common.build_info()).split(";")[0]
    except Exception:  # the log is still useful without the build line
        return ""


def run_logged(path: Path, tasks: Sequence[Task], run: Callable[[Task], Any], workers: int = 1,
               progress: bool = True) -> List[Dict[str, Any]]:
    """Runs every task of ``tasks`` not yet in the log at ``path`` with ``run(task)`` (a
    module-level function when ``workers`` > 1: it goes to other processes), appending each
    result as it finishes; returns the log entries of all the tasks, in the order of ``tasks``
    (each {"task", "result", "seconds", "date", "commit", "build"}).

    Example:
        >>> import tempfile, json
        >>> log = Path(tempfile.mkdtemp()) / "runs.jsonl"
        >>> [e["result"] for e in run_logged(log, [{"n": 1}, {"n": 2}], json.dumps, progress=False)]
        ['{"n": 1}', '{"n": 2}']
        >>> len(log.read_text().splitlines())   # a second call finds both in the log
        2
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    done = load_log(path)
    todo = [t for t in tasks if task_key(t) not in done]
    todo = list({task_key(t): t for t in todo}.values())  # a task listed twice runs once
    stamp = {"commit": head_commit(), "build": _build()}
    runs_done = len(tasks) - len(todo)  # tasks of this call done so far (the log may hold others)
    if progress and todo:
        print(f"   {len(tasks) - len(todo)} of {len(tasks)} runs already in {path.name}; {len(todo)} to run "
              f"on {workers} process(es)", flush=True)

    def record(task: Task, result: Any, seconds: float) -> None:
        entry = {"task": task, "result": result, "seconds": round(seconds, 2),
                 "date": time.strftime("%Y-%m-%d %H:%M"), **stamp}
        with open(path, "a") as handle:
            handle.write(json.dumps(entry) + "\n")
        nonlocal runs_done
        done[task_key(task)] = entry
        runs_done += 1
        if progress:
            print(f"   {runs_done}/{len(tasks)} {task_key(task)} -> {json.dumps(result)[:80]}", flush=True)

    if workers <= 1:
        for task in todo:
            start = time.perf_counter()
            record(task, run(task), time.perf_counter() - start)
    elif todo:
        pool = ProcessPoolExecutor(workers)
        try:
            pending = {pool.submit(_timed, run, task): task for task in todo}
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    result, seconds = future.result()
                    record(pending.pop(future), result, seconds)
        finally:  # Ctrl-C or an error: the queued tasks are dropped, not run (what finished is logged)
            pool.shutdown(wait=True, cancel_futures=True)
    return [done[task_key(t)] for t in tasks]


def _timed(run: Callable[[Task], Any], task: Task) -> Any:
    start = time.perf_counter()
    result = run(task)
    return result, time.perf_counter() - start
