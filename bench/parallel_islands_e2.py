"""Eternity II with the island model (edgematch.solve(method="vlns", executor=...)) on a Dask
LocalCluster: the best score over time, the islands' scores and restarts; writes
bench/results/parallel_islands.md. Resumes from --checkpoint when it exists (delete it for a
fresh start).

Usage: python bench/parallel_islands_e2.py [--workers 2] [--islands N] [--seconds 600]
           [--epoch 30] [--seed 1] [--checkpoint /tmp/e2_islands_best.txt] [--out ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from pathlib import Path

from cassetete import edgematch

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--islands", type=int, default=None, help="independent searches (default: one per worker)")
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--epoch", type=float, default=30.0, help="seconds per task")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--checkpoint", default="/tmp/e2_islands_best.txt")
    ap.add_argument("--out", default=str(HERE / "results" / "parallel_islands.md"))
    args = ap.parse_args()
    from dask.distributed import Client, LocalCluster

    resumed = os.path.exists(args.checkpoint)
    started = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        result = edgematch.solve(edgematch.eternity2(), method="vlns", time_limit=args.seconds, executor=client,
                                 checkpoint=args.checkpoint, seed=args.seed, islands=args.islands,
                                 epoch_seconds=args.epoch)
    wall = time.perf_counter() - started
    stats = result.stats
    lines = [
        "# Eternity II, island model on a Dask LocalCluster",
        "",
        f"`python bench/parallel_islands_e2.py --workers {args.workers} --seconds {args.seconds:g} "
        f"--epoch {args.epoch:g} --seed {args.seed}` on {platform.machine()} with {os.cpu_count()} cores, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average at the end "
        f"{', '.join(f'{v:.2f}' for v in os.getloadavg())}.",
        "",
        f"- {'Resumed from' if resumed else 'Fresh start, checkpoint'} `{args.checkpoint}`; {stats['islands']} islands, "
        f"{stats['epochs']} epochs of {args.epoch:g} s, {stats['restarts']} restarts of weak islands from the "
        f"perturbed best board, {stats['iterations']:,} iterations in all, {wall:.0f} s wall.",
        f"- Best score {stats['score']} / {stats['total']} joins; islands at the end: {stats['island_scores']}.",
        "- Best score over time (seconds, score): "
        + ", ".join(f"({t:.0f}, {s})" for t, s in stats["trajectory"]) + ".",
    ]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines), flush=True)


if __name__ == "__main__":
    main()
