"""Speed-up of cassetete.parallel with N workers against the serial engines, the machinery's
overhead, the cost of one task, and the projection to a large cluster; writes
bench/results/parallel.md.

Usage: python bench/parallel_speedup.py [--workers 2] [--quick] [--cases WORD ...] [--slice SECONDS]
           [--no-pool] [--out bench/results/parallel.md]

--quick: three short cases (about a minute on an idle 2-core machine; a smoke run, not the goal).
Without it: seven counts of 1.5-55 s each on one core, five of them over 10 s (about 7 minutes on an
idle 2-core machine).
--cases keeps the cases whose name contains one of the words (e.g. --cases queens Shikaku).

Each case is counted once by the serial engine (one core) and once on a Dask LocalCluster of
N single-threaded worker processes on 127.0.0.1 (and, for comparison, a ProcessPoolExecutor);
the counts must agree. Run it on an otherwise quiet machine: the load average before and after
is written to the results.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

from parallel_instances import dominoes, hashi_lattice, queens, sudoku16  # noqa: E402

from cassetete import hashi, polyomino, shikaku, sudoku  # noqa: E402
from cassetete.exactcover._jobs import ExactCoverJob  # noqa: E402
from cassetete.hashi._jobs import HashiJob  # noqa: E402
from cassetete.parallel import run_count  # noqa: E402
from cassetete.polyomino._jobs import PackingJob  # noqa: E402
from cassetete.shikaku._jobs import ShikakuJob  # noqa: E402
from cassetete.sudoku._jobs import SudokuJob  # noqa: E402
from cassetete.polyomino._model import Packing  # noqa: E402


def cases(quick: bool) -> List[Tuple[str, Callable[[], int], Callable[[], Any]]]:
    """(name, serial count, job): counts of about 7 to 50 s on one core of this machine."""
    if quick:
        return [("14 queens (exact cover)", lambda: queens(14).count_solutions(), lambda: ExactCoverJob(queens(14))),
                ("3x4x5 pentominoes, all copies (bitboard)", lambda: polyomino.count_solutions("3x4x5", up_to_symmetry=False),
                 lambda: PackingJob(Packing("3x4x5"), unique=False, engine="bitboard")),
                ("Shikaku: domino tilings of 6x10", lambda: shikaku.count_solutions(dominoes(6, 10)),
                 lambda: ShikakuJob(shikaku.parse(dominoes(6, 10))))]
    grid = sudoku16(blanks=158)
    return [
        ("Shikaku: domino tilings of 7x10", lambda: shikaku.count_solutions(dominoes(7, 10)),
         lambda: ShikakuJob(shikaku.parse(dominoes(7, 10)))),
        ("Hashi: 5x6 lattice of islands", lambda: hashi.count_solutions(hashi_lattice(5, 6)),
         lambda: HashiJob(hashi.parse(hashi_lattice(5, 6)))),
        ("15 queens (exact cover)", lambda: queens(15).count_solutions(), lambda: ExactCoverJob(queens(15))),
        ("16 queens (exact cover)", lambda: queens(16).count_solutions(), lambda: ExactCoverJob(queens(16))),
        ("3x4x5 pentominoes (dancing cells)", lambda: polyomino.count_solutions("3x4x5", method="cells"),
         lambda: PackingJob(Packing("3x4x5"), unique=True, engine="cells")),
        ("16x16 Sudoku, 158 empty cells", lambda: sudoku.count_solutions(grid),
         lambda: SudokuJob(sudoku.parse(grid), list(sudoku.DEFAULT_RULES))),
        ("3x4x5 pentominoes, all copies (bitboard)", lambda: polyomino.count_solutions("3x4x5", up_to_symmetry=False),
         lambda: PackingJob(Packing("3x4x5"), unique=False, engine="bitboard")),
    ]


def task_costs(client: Any, pool: ProcessPoolExecutor, tasks: int = 2000) -> Dict[str, float]:
    """Seconds per empty task: throughput (many in flight) and round trip (one at a time)."""
    out = {}
    started = time.perf_counter()
    client.gather(client.map(abs, range(tasks), pure=False))
    out["dask_throughput"] = (time.perf_counter() - started) / tasks
    started = time.perf_counter()
    for k in range(200):
        client.submit(abs, k, pure=False).result()
    out["dask_round_trip"] = (time.perf_counter() - started) / 200
    started = time.perf_counter()
    list(pool.map(abs, range(tasks), chunksize=1))
    out["pool_throughput"] = (time.perf_counter() - started) / tasks
    started = time.perf_counter()
    for k in range(200):
        pool.submit(abs, k).result()
    out["pool_round_trip"] = (time.perf_counter() - started) / 200
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="two short cases (a smoke run, not the goal)")
    parser.add_argument("--cases", nargs="*", default=None, help="keep the cases whose name contains a word")
    parser.add_argument("--slice", type=float, default=None, help="slice seconds (default: the driver's)")
    parser.add_argument("--no-pool", action="store_true", help="skip the ProcessPoolExecutor runs")
    parser.add_argument("--out", default=os.path.join(HERE, "results", "parallel.md"))
    args = parser.parse_args()
    bench_started = time.perf_counter()
    chosen = [case for case in cases(args.quick)
              if not args.cases or any(word.lower() in case[0].lower() for word in args.cases)]
    if not chosen:
        parser.error(f"no case matches {args.cases}")
    from dask.distributed import Client, LocalCluster

    load_before = os.getloadavg()
    rows = []
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client, \
            ProcessPoolExecutor(args.workers) as pool:
        costs = task_costs(client, pool)
        print("per task:", {k: f"{v * 1e3:.2f} ms" for k, v in costs.items()}, flush=True)
        for name, serial, make_job in chosen:
            started, cpu = time.perf_counter(), time.process_time()
            expected = serial()
            serial_seconds, serial_cpu = time.perf_counter() - started, time.process_time() - cpu
            started, cpu = time.perf_counter(), time.process_time()
            count, stats = run_count(make_job(), client, slice_seconds=args.slice)
            dask_seconds, driver_cpu = time.perf_counter() - started, time.process_time() - cpu
            pool_count, pool_seconds = count, float("nan")
            if not args.no_pool:
                started = time.perf_counter()
                pool_count, _pool_stats = run_count(make_job(), pool, slice_seconds=args.slice)
                pool_seconds = time.perf_counter() - started
            assert count == expected == pool_count, (name, expected, count, pool_count)
            row = dict(name=name, count=count, serial=serial_seconds, serial_cpu=serial_cpu,
                       task_cpu=stats["task_cpu_seconds"], driver_cpu=driver_cpu,
                       busiest=max(stats["cpu_by_worker"].values()), dask=dask_seconds, pool=pool_seconds,
                       tasks=stats["tasks"], subproblems=stats["subproblems"], task_seconds=stats["task_seconds"],
                       discarded=stats["discarded_seconds"], slice=stats["slice_seconds"])
            rows.append(row)
            args.elapsed = time.perf_counter() - bench_started
            write(args, rows, costs, load_before, os.getloadavg())  # rewritten after every case
            print(f"{name}: {count} serial {serial_seconds:.1f} s, dask {dask_seconds:.1f} s "
                  f"({serial_seconds / dask_seconds:.2f}x), pool {pool_seconds:.1f} s "
                  f"({serial_seconds / pool_seconds:.2f}x), {stats['tasks']} tasks, "
                  f"{stats['discarded_seconds']:.1f} s discarded", flush=True)


def write(args: argparse.Namespace, rows: List[Dict[str, Any]], costs: Dict[str, float],
          load_before: Tuple[float, ...], load_after: Tuple[float, ...]) -> None:
    import dask

    n = args.workers
    lines = [
        "# Counts beyond one machine: cassetete.parallel",
        "",
        f"`python bench/parallel_speedup.py --workers {n}{' --quick' if args.quick else ''}"
        f"{' --cases ' + ' '.join(args.cases) if args.cases else ''}"
        f"{f' --slice {args.slice:g}' if args.slice else ''}{' --no-pool' if args.no_pool else ''}` on "
        f"{platform.machine()} with {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"Dask {dask.__version__}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
        f"{getattr(args, 'elapsed', 0.0) / 60:.1f} minutes so far.",
        f"Load average (1, 5, 15 min) before: {', '.join(f'{v:.2f}' for v in load_before)}; "
        f"after: {', '.join(f'{v:.2f}' for v in load_after)} (the machine is shared: a load above "
        f"{os.cpu_count()} means other jobs took cores from the run).",
        "",
        f"Serial: the family's own count on one core. Dask: a LocalCluster of {n} single-threaded worker",
        "processes on 127.0.0.1, time-sliced subproblems (`run_count`). Pool: a ProcessPoolExecutor of",
        f"{n} processes, same driver. Wall-clock seconds; the counts agree in every row.",
        "",
        "| count | solutions | serial s | Dask s | speed-up | pool s | speed-up | tasks | subproblems "
        "| serial CPU s | task CPU s | busiest worker CPU s | CPU speed-up | driver CPU s | discarded s | overhead "
        "| CPU overhead | goals (>= 1.8x, < 5 %) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        # Overhead: the share of the workers' wall-clock capacity not spent on the serial work.
        overhead = 1 - r["serial"] / (n * r["dask"])
        # CPU overhead: the machinery's extra CPU (tasks beyond the serial work, driver and
        # scheduler) against the serial CPU, whatever the machine's load.
        cpu_overhead = (r["task_cpu"] + r["driver_cpu"]) / r["serial_cpu"] - 1
        speedup = r["serial"] / r["dask"]
        goals = ("short case" if r["serial_cpu"] < 10 else
                 f"{'yes' if speedup >= 1.8 else 'no'}, {'yes' if overhead < 0.05 else 'no'}")
        lines.append(f"| {r['name']} | {r['count']:,} | {r['serial']:.1f} | {r['dask']:.1f} | "
                     f"{speedup:.2f}x | {r['pool']:.1f} | {r['serial'] / r['pool']:.2f}x | "
                     f"{r['tasks']} | {r['subproblems']} | {r['serial_cpu']:.1f} | {r['task_cpu']:.1f} | {r['busiest']:.1f} | "
                     f"{r['serial_cpu'] / r['busiest']:.2f}x | {r['driver_cpu']:.2f} | "
                     f"{r['discarded']:.1f} | "
                     f"{overhead:.0%} | {cpu_overhead:+.1%} | {goals} |")
    mean_task = sum(r["task_seconds"] for r in rows) / max(1, sum(r["tasks"] for r in rows))
    lines += [
        "",
        "\"overhead\" = 1 - serial / (workers x Dask wall time): the share of the workers' time not spent",
        "on the serial engine's work (idle tail, driver and scheduler, redone work of slices cut deeper:",
        "\"discarded\"). \"task CPU\" is the CPU the tasks used (thread time in the workers): compared with",
        "\"serial CPU\" it measures the machinery's extra work whatever the machine's load; \"driver CPU\" is",
        "the CPU of the driver process, which also runs the LocalCluster's scheduler. \"CPU speed-up\" = serial CPU /",
        "the busiest worker's task CPU: the speed-up the run would show on idle cores (load balance and redone",
        "work included, machine load excluded). \"CPU overhead\" = (task CPU + driver CPU) / serial CPU - 1.",
        "The goals (speed-up >= 1.8x, overhead < 5 %) are judged on wall time, for counts of 10 s and more.",
        "",
        "## Cost of one task",
        "",
        "| | Dask LocalCluster | ProcessPoolExecutor |",
        "|---|---|---|",
        f"| empty tasks in flight (throughput) | {costs['dask_throughput'] * 1e3:.2f} ms | "
        f"{costs['pool_throughput'] * 1e3:.2f} ms |",
        f"| one task at a time (round trip) | {costs['dask_round_trip'] * 1e3:.2f} ms | "
        f"{costs['pool_round_trip'] * 1e3:.2f} ms |",
        "",
        f"Mean task length in the counts above: {mean_task:.2f} s, so the per-task cost is "
        f"{costs['dask_throughput'] / max(mean_task, 1e-9):.2%} of a task.",
        "",
        "## On paper: 100 machines x 16 cores",
    ]
    workers = 1600
    per_task = costs["dask_throughput"]
    for slice_seconds in (2.0, 32.0):
        rate = workers / slice_seconds
        lines.append(f"- Slices of {slice_seconds:.0f} s: {rate:,.0f} tasks/s for the scheduler; at "
                     f"{per_task * 1e3:.2f} ms a task (measured here) it is "
                     f"{'saturated' if rate * per_task >= 1 else f'busy {rate * per_task:.0%} of the time'}.")
    lines += [
        f"- So the default slice grows with the cluster: max(2 s, 0.02 s x workers) = "
        f"{max(2.0, 0.02 * workers):.0f} s for {workers} workers (driver: `SLICE_PER_WORKER`), "
        f"{workers / max(2.0, 0.02 * workers):.0f} tasks/s.",
        f"- Tail: the last slices end within about 2 slices; a count that takes T seconds on one core takes about "
        f"T / {workers} + 2 x slice, so the speed-up is near {workers} only for T >> {workers} x 2 x 32 s "
        f"= {workers * 64 / 3600:.0f} CPU hours; for T = 1 CPU day, about "
        f"{86400 / (86400 / workers + 64):.0f}x.",
        "- Subproblems: the driver cuts the roots until there are 32 per worker (51,200) before the first task,",
        "  which costs the driver one split per subproblem (a C++ call: tens of microseconds for exact cover,",
        "  about a millisecond for Sudoku, so up to a minute there); the problem is scattered once",
        "  to every machine (broadcast), tasks carry only prefixes (tens of bytes).",
        "- Redone work: a slice cut deeper is counted again below it; measured above (\"discarded\"), it is",
        "  at most one slice per heavy branch and level.",
    ]
    # Projection from the measured costs: the machinery's CPU overhead (mean over the rows),
    # Dask's per-task cost, the slice of a 1600-worker cluster and a tail of two slices.
    slice_big = max(2.0, 0.02 * workers)
    measured = [r for r in rows if r["serial_cpu"] >= 10] or rows  # the long counts when there are any
    extra = sum((r["task_cpu"] + r["driver_cpu"]) / r["serial_cpu"] - 1 for r in measured) / len(measured)
    lines += [
        "",
        f"Projected from the figures measured above (CPU overhead {extra:+.1%}, the mean of the rows of 10 CPU s "
        f"and more when there are any; "
        f"{per_task * 1e3:.2f} ms of scheduler per task; {slice_big:.0f} s slices; a tail of two slices):",
        "",
        "| count (one core) | tasks | tasks/s | scheduler busy | time on 1600 cores | speed-up |",
        "|---|---|---|---|---|---|",
    ]
    for label, cpu_seconds in (("1 CPU hour", 3600.0), ("Brendan 8x8, 21,546 CPU s (estimate)", 21546.0),
                               ("1 CPU day", 86400.0), ("1 CPU week", 7 * 86400.0)):
        work = cpu_seconds * (1 + max(extra, 0.0))
        tasks = max(workers, math.ceil(work / slice_big))
        wall = work / workers + 2 * slice_big
        rate = min(tasks / wall, workers / slice_big)
        lines.append(f"| {label} | {tasks:,} | {rate:,.0f} | {rate * per_task:.0%} | {wall / 60:.1f} min | "
                     f"{cpu_seconds / wall:,.0f}x |")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as stream:
        stream.write("\n".join(lines) + "\n")
    print("wrote", args.out, flush=True)


if __name__ == "__main__":
    main()
