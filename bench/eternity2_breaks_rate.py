"""Placements per CPU second of the breaks search, ours against libblackwood, side by side (issue 32).

Both run the official 16 x 16 with the centre piece only under the same break schedule, one
thread each, for the same time, one after the other and interleaved over the repeats:

- ours: ``edgematch.solve(eternity2("centre"), method="breaks", schedule=S, restart=R,
  time_limit=T, seed=k, workers=1)``, R the scenario's restart interval (JB466 15 min, JB467
  5 min; runs shorter than R never restart);
- libblackwood (github.com/jfbucas/libblackwood, Joshua Blackwood's algorithm as generated C),
  its scenario of the same name on its default puzzle E2ncud (the same board upside down), built
  by its own generator (``bench/_blackwood_peer.py`` drives it; nothing of it is copied here).

A placement is a piece put on a cell, whether it matches or breaks a join (our ``nodes``, the
peer's node counter). Ours also counts the placements of the short branch and bound that
completes deep partial boards (a few per cent); the peer has no such step. The two searches
try candidates in different orders, so they do not walk the same tree: the figure compares the
cost of a placement in two searches of the same kind, not two runs of one search.

    python bench/eternity2_breaks_rate.py --blackwood /tmp/libblackwood --seconds 30 --repeats 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Dict, List

from eternity2_schedules import ARMS  # beside this script: each scenario's restart interval
from eternity2_vs_blackwood import BUILD_NAMES, peer

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "eternity2_breaks_rate.md"
PEER_PUZZLE = "E2ncud"  # the peer's default: the centre piece only (the race's setting)
LATEST_JB467 = ("The two JB467 differ: libblackwood's (its scenarios/jb467.py since its commit c306079) allows its "
                "breaks from depths 200, 205, ..., 235, 240, 241, 242, 243, 244 (counted from 0), ours (`jb467`) from "
                "201, 206, 211, 216, 221, 225, 229, 233, 237, 239, 241, 243, 245, the list that file held before; on our "
                "engine ours made more deep boards (the race page, eternity2_score_race.md).")


def ours(schedule: str, seconds: float, seed: int) -> Dict[str, float]:
    """One run of our breaks search: its placements and the CPU seconds of the calling thread
    (the search runs there, the GIL released).

    Example:
        >>> run = ours("jb467", 0.5, 1)
        >>> run["placements"] > 0 and run["cpu"] > 0
        True
    """
    from cassetete import edgematch

    cpu = time.thread_time()
    result = edgematch.solve(edgematch.eternity2("centre"), method="breaks", schedule=schedule,
                             restart=ARMS[schedule], time_limit=seconds, seed=seed, workers=1)
    return {"placements": float(result.stats["nodes"]), "cpu": time.thread_time() - cpu}


def median_rate(runs: List[Dict[str, float]]) -> float:
    """Median placements per CPU second, in millions.

    Example:
        >>> median_rate([{"placements": 3e7, "cpu": 1.0}, {"placements": 5e7, "cpu": 1.0}, {"placements": 4e7, "cpu": 2.0}])
        30.0
    """
    return statistics.median(r["placements"] / r["cpu"] for r in runs) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--blackwood", required=True, help="libblackwood source tree (it builds itself there)")
    parser.add_argument("--schedules", default="jb467", help=f"comma list of {', '.join(ARMS)}")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--peer-builds", default="shipped,o3native", help="comma list of " + ", ".join(BUILD_NAMES))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    schedules = [s for s in args.schedules.split(",") if s]
    builds = [b for b in args.peer_builds.split(",") if b]
    for s in schedules:
        if s not in ARMS:
            parser.error(f"unknown schedule {s!r} (expected one of {', '.join(ARMS)})")
    for b in builds:
        if b not in BUILD_NAMES:
            parser.error(f"unknown peer build {b!r} (expected one of {', '.join(BUILD_NAMES)})")
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be > 0 and --repeats >= 1")
    peer_dir = str(Path(args.blackwood).resolve())
    command = "python bench/eternity2_breaks_rate.py " + " ".join(sys.argv[1:])
    load_before = os.getloadavg()[0]
    started = time.time()
    rows = []
    for schedule in schedules:
        our_runs: List[Dict[str, float]] = []
        peer_runs: Dict[str, List[Dict[str, float]]] = {b: [] for b in builds}
        for k in range(args.repeats):  # interleaved, so a change of load hits both sides
            our_runs.append(ours(schedule, args.seconds, k + 1))
            print(f"{schedule}: ours {our_runs[-1]}", flush=True)
            for b in builds:
                peer_runs[b] += peer(peer_dir, PEER_PUZZLE, args.seconds, b, 1, schedule.upper())
                print(f"{schedule}: libblackwood {b} {peer_runs[b][-1]}", flush=True)
        our_rate = median_rate(our_runs)
        for b in builds:
            tried = statistics.median(r["tried"] / max(1.0, r["placements"]) for r in peer_runs[b])
            rows.append((schedule.upper(), BUILD_NAMES[b], median_rate(peer_runs[b]), tried, our_rate))
    lines = ["# Eternity II breaks search, placements per CPU second: ours against libblackwood", "",
             f"Command: `{command}` ({args.seconds:g} s runs, median of {args.repeats}, one thread each, interleaved; "
             f"load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; "
             f"{(time.time() - started) / 60:.1f} min in all).", "",
             "Ours: `edgematch.solve(eternity2(\"centre\"), method=\"breaks\", schedule=S, restart=R, ...)`, "
             "the editable install's build. libblackwood: github.com/jfbucas/libblackwood, the scenario of the same name "
             f"on its puzzle {PEER_PUZZLE}, built by its generator. A placement is a piece put on a cell, matching or "
             "breaking a join; ours include the completions of deep partial boards. The two searches try candidates in "
             "different orders and do not walk the same tree.", "",
             "| scenario | libblackwood build | peer M/s | peer candidates per placement | ours M/s | ours / peer |",
             "|---|---|---|---|---|---|"]
    for scenario, build, peer_rate, tried, our_rate in rows:
        lines.append(f"| {scenario} | {build} | {peer_rate:.1f} | {tried:.2f} | {our_rate:.1f} | {our_rate / peer_rate:.2f} |")
    if "jb467" in schedules:
        lines += ["", LATEST_JB467]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    print("written", args.out)


if __name__ == "__main__":
    main()
