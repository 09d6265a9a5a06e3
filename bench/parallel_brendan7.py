"""Brendan Owen's 7x7 edge-matching puzzle counted across N workers (a Dask LocalCluster), stopped
once on purpose and resumed from its checkpoint; writes bench/results/parallel_brendan7.md.

The serial count takes about 1,700 CPU s (estimated in bench/results/edgematch_brendan.md).
Phase 1 counts until ``--stop-after`` seconds and stops (``LimitReached``; the checkpoint keeps
the count so far and every unfinished subproblem); phase 2 starts a fresh cluster and resumes
from the checkpoint to the end. The script itself is resumable: killed at any point, run it again
with the same arguments and it carries on from the checkpoint (the phases already done are kept
in ``<checkpoint>.phases.json``). Every 30 s a line goes to ``--progress-file`` (count so far,
subproblems finished and pending).

Usage:
    nohup python bench/parallel_brendan7.py [DATA_DIR] [--workers 2] [--stop-after 300]
        [--checkpoint bench/results/brendan7.checkpoint.json] [--progress-file brendan7.progress] &
DATA_DIR defaults to ../shared/data/edgematch (relative to the repository root). Use
``--puzzle 06x06 --stop-after 0.5`` for a smoke run of a few seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, List

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from edgematch_brendan import brendan  # noqa: E402

from cassetete import LimitReached  # noqa: E402
from cassetete.edgematch._jobs import EdgematchJob  # noqa: E402
from cassetete.parallel import run_count  # noqa: E402


def watch(checkpoint: str, progress_file: str, stop: threading.Event, started: float) -> None:
    """Append the checkpoint's state to the progress file every 30 s until ``stop`` is set."""
    while not stop.wait(30.0):
        try:
            with open(checkpoint) as stream:
                data = json.load(stream)
        except (OSError, ValueError):
            continue
        line = (f"{time.strftime('%H:%M:%S')} +{time.perf_counter() - started:.0f} s: count so far "
                f"{data['count']}, subproblems finished {data['finished']}, pending {len(data['pending'])}")
        with open(progress_file, "a") as stream:
            stream.write(line + "\n")


def run_phase(job: EdgematchJob, workers: int, checkpoint: str, time_limit: Any) -> Dict[str, Any]:
    """One driver run on a fresh LocalCluster: to the end, or until ``time_limit`` seconds."""
    from dask.distributed import Client, LocalCluster

    started = time.perf_counter()
    resumed = os.path.exists(checkpoint)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        try:
            count, stats = run_count(job, client, time_limit=time_limit, checkpoint=checkpoint)
            complete = True
        except LimitReached as stopped:
            count, stats, complete = stopped.count, stopped.stats, False
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the driver saved its checkpoint on the way out
            with open(checkpoint) as stream:
                saved = json.load(stream)
            return {"complete": False, "count": int(saved["count"]), "wall": time.perf_counter() - started,
                    "task_cpu": float("nan"), "tasks": 0, "subproblems": int(saved["finished"]),
                    "discarded": float("nan"), "nodes": int(saved["nodes"]), "resumed": resumed, "cpu_by_worker": {},
                    "interrupted": True}
    return {"complete": complete, "count": int(count), "wall": time.perf_counter() - started,
            "task_cpu": stats["task_cpu_seconds"], "tasks": stats["tasks"], "subproblems": stats["subproblems"],
            "discarded": stats["discarded_seconds"], "nodes": stats["nodes"], "resumed": stats["resumed"],
            "cpu_by_worker": stats["cpu_by_worker"]}


def write(path: Path, args: argparse.Namespace, phases: List[Dict[str, Any]]) -> None:
    lines = [f"# Brendan Owen's {args.puzzle} edge-matching count across {args.workers} workers, stopped and resumed",
             "",
             f"`python bench/parallel_brendan7.py --puzzle {args.puzzle} --workers {args.workers} "
             f"--stop-after {args.stop_after:g}` on {platform.machine()} with {os.cpu_count()} cores, "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average at the end "
             f"{', '.join(f'{v:.2f}' for v in os.getloadavg())}.",
             "",
             "Row order, a corner piece pinned (board symmetry, counts x4); each phase is a new Dask LocalCluster",
             "of single-threaded worker processes on 127.0.0.1 and a new driver that loads the checkpoint.",
             "",
             "| phase | ended | count so far | wall s | task CPU s | tasks | subproblems | discarded s | placements |",
             "|---|---|---|---|---|---|---|---|---|"]
    # Placements are cumulative (from the checkpoint); an interrupted phase lost its task CPU, which
    # is estimated from its placements at the placements per CPU second of the measured phases.
    done = [p["nodes"] - (phases[k - 1]["nodes"] if k else 0) for k, p in enumerate(phases)]
    measured = [(d, p["task_cpu"]) for d, p in zip(done, phases) if not p.get("interrupted") and p["task_cpu"] > 0]
    rate = sum(d for d, _ in measured) / sum(c for _, c in measured) if measured else None
    cpu = [p["task_cpu"] if not p.get("interrupted") else (d / rate if rate else None) for d, p in zip(done, phases)]
    for k, p in enumerate(phases, 1):
        ended = "complete" if p["complete"] else "interrupted (kill)" if p.get("interrupted") else "stopped (limit)"
        shown = (f"{p['task_cpu']:.0f}" if not p.get("interrupted") else
                 f"not measured (about {cpu[k - 1]:.0f})" if cpu[k - 1] is not None else "not measured")
        lost = p.get("interrupted")
        lines.append(f"| {k}{' (resumed)' if p['resumed'] else ''} | {ended} | "
                     f"{p['count']:,} | {p['wall']:.0f} | {shown} | {'not recorded' if lost else p['tasks']} | "
                     f"{p['subproblems']} | {'not recorded' if lost else format(p['discarded'], '.0f')} | "
                     f"{p['nodes']:.3g} |")
    total_wall = sum(p["wall"] for p in phases)
    estimated = any(p.get("interrupted") for p in phases)
    total_cpu = sum(c for c in cpu if c is not None)
    lines += ["", "Count so far, subproblems and placements are cumulative; the other columns are per phase. An",
              "interrupted phase's task CPU is estimated from its placements at the rate of the measured phases.",
              "", f"Total: {phases[-1]['count']:,} solutions"
              f"{' (complete)' if phases[-1]['complete'] else ' so far (not finished)'}, "
              f"{total_wall:.0f} s wall, {'about ' if estimated else ''}{total_cpu:.0f} CPU s in the tasks"
              + (" (the serial estimate, bench/results/edgematch_brendan.md: 1730 +- 116 CPU s)."
                 if args.puzzle == "07x07" else ".")]
    path.write_text("\n".join(lines) + "\n")


def _interrupt(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", default=str(HERE.parent.parent / "shared" / "data" / "edgematch"))
    ap.add_argument("--puzzle", default="07x07")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--stop-after", type=float, default=300.0, help="seconds before the deliberate stop")
    ap.add_argument("--checkpoint", default=str(HERE / "results" / "brendan7.checkpoint.json"))
    ap.add_argument("--progress-file", default=str(HERE / "results" / "brendan7.progress"))
    ap.add_argument("--out", default=str(HERE / "results" / "parallel_brendan7.md"))
    args = ap.parse_args()

    job = EdgematchJob(brendan(Path(args.data), args.puzzle))
    phases_path = Path(args.checkpoint + ".phases.json")
    phases: List[Dict[str, Any]] = json.loads(phases_path.read_text()) if phases_path.exists() else []
    stop = threading.Event()
    threading.Thread(target=watch, args=(args.checkpoint, args.progress_file, stop, time.perf_counter()),
                     daemon=True).start()
    # SIGTERM (kill) stops the driver like Ctrl-C: checkpoint saved, the phase recorded.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        while not (phases and phases[-1]["complete"]):
            # The first phase stops on purpose after --stop-after seconds; the next ones resume to the end.
            phase = run_phase(job, args.workers, args.checkpoint, args.stop_after if not phases else None)
            phases.append(phase)
            phases_path.write_text(json.dumps(phases))
            with open(args.progress_file, "a") as stream:
                stream.write(f"{time.strftime('%H:%M:%S')} phase {len(phases)} "
                             f"{'complete' if phase['complete'] else 'stopped'}: {phase['count']} solutions so far, "
                             f"{phase['wall']:.0f} s wall\n")
            write(Path(args.out), args, phases)
            if phase.get("interrupted"):
                raise SystemExit(f"stopped; run the same command again to resume from {args.checkpoint}")
    finally:
        stop.set()
    print(f"{args.puzzle}: {phases[-1]['count']} solutions, {sum(p['wall'] for p in phases):.0f} s wall", flush=True)


if __name__ == "__main__":
    main()
