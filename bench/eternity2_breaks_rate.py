"""The breaks search beside libblackwood's: placements and deep boards per CPU second (issue 32).

Both run the official 16 x 16 with the centre piece only under the scenario of the same name
(libblackwood's JB467 is its latest list, not our ``jb467``: see LATEST_JB467), one thread each,
for the same time, one after the other and interleaved over the repeats:

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

    python bench/eternity2_breaks_rate.py --blackwood /tmp/libblackwood --seconds 30 --repeats 3 [--depths]

With ``--depths`` each repeat also runs the peer once with its per-cell counters compiled in
(its STATS switch: a few per cent slower, so these runs stay out of the rates) and the page gets
a second table: boards of n pieces (the clue counted) reached per CPU second near the end of the
scan, ours from ``stats["depth_profile"]``, the peer's from its count of entries into each depth.
That is what a high score comes from, whatever a placement costs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

from eternity2_schedules import ARMS  # beside this script: each scenario's restart interval
from eternity2_vs_blackwood import BUILD_NAMES, peer

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "eternity2_breaks_rate.md"
DEPTH_ROWS = tuple(range(244, 254))  # the last cells, where the boards of a high score are made
PEER_PUZZLE = "E2ncud"  # the peer's default: the centre piece only (the race's setting)
LATEST_JB467 = ("The two JB467 differ: libblackwood's (its scenarios/jb467.py since its commit c306079) allows its "
                "breaks from depths 200, 205, ..., 235, 240, 241, 242, 243, 244 (counted from 0), ours (`jb467`) from "
                "201, 206, 211, 216, 221, 225, 229, 233, 237, 239, 241, 243, 245, the list that file held before; on our "
                "engine ours made more deep boards (the race page, eternity2_score_race.md).")


def ours(schedule: str, seconds: float, seed: int) -> Dict[str, Any]:
    """One run of our breaks search: its placements, the CPU seconds of the calling thread (the
    search runs there, the GIL released), and ``boards[n]``, the boards of n pieces it reached
    (clue counted) for the last 64 depths of the scan.

    Example:
        >>> run = ours("jb467", 0.5, 1)
        >>> run["placements"] > 0 and run["cpu"] > 0, min(run["boards"]), max(run["boards"])
        (True, 193, 256)
    """
    from cassetete import edgematch

    cpu = time.thread_time()
    result = edgematch.solve(edgematch.eternity2("centre"), method="breaks", schedule=schedule,
                             restart=ARMS[schedule], time_limit=seconds, seed=seed, workers=1)
    cpu = time.thread_time() - cpu
    profile = result.stats["depth_profile"]
    boards = {profile["first_depth"] + i: sum(row) for i, row in enumerate(profile["counts"])}
    return {"placements": float(result.stats["nodes"]), "cpu": cpu, "boards": boards}


def median_boards(runs: List[Dict[str, Any]], pieces: int) -> float:
    """Median boards of ``pieces`` pieces reached per CPU second over ``runs``.

    Example:
        >>> median_boards([{"boards": {250: 30}, "cpu": 10.0}, {"boards": {250: 5}, "cpu": 1.0}], 250)
        4.0
    """
    return statistics.median(r["boards"][pieces] / r["cpu"] for r in runs)


def median_rate(runs: List[Dict[str, Any]]) -> float:
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
    parser.add_argument("--depths", action="store_true",
                        help="also count boards by depth (one more peer run per repeat, its STATS counters on)")
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
    rows, depth_rows = [], []
    for schedule in schedules:
        our_runs: List[Dict[str, Any]] = []
        peer_runs: Dict[str, List[Dict[str, Any]]] = {b: [] for b in builds}
        counted: List[Dict[str, Any]] = []  # the peer's runs with its per-cell counters
        for k in range(args.repeats):  # interleaved, so a change of load hits both sides
            our_runs.append(ours(schedule, args.seconds, k + 1))
            print(f"{schedule}: ours {our_runs[-1]}", flush=True)
            for b in builds:
                peer_runs[b] += peer(peer_dir, PEER_PUZZLE, args.seconds, b, 1, schedule.upper())
                print(f"{schedule}: libblackwood {b} {peer_runs[b][-1]}", flush=True)
            if args.depths:
                # run["boards"][k]: entries into depth k, that is boards of k pieces (indexed as ours)
                run = peer(peer_dir, PEER_PUZZLE, args.seconds, builds[0], 1, schedule.upper(), by_depth=True)[-1]
                counted.append(run)
                print(f"{schedule}: libblackwood {builds[0]} with its counters: {run['placements']} placements", flush=True)
        our_rate = median_rate(our_runs)
        for b in builds:
            tried = statistics.median(r["tried"] / max(1.0, r["placements"]) for r in peer_runs[b])
            rows.append((schedule.upper(), BUILD_NAMES[b], median_rate(peer_runs[b]), tried, our_rate))
        for pieces in DEPTH_ROWS if args.depths else ():
            depth_rows.append((schedule.upper(), pieces, median_boards(counted, pieces), median_boards(our_runs, pieces)))
    lines = ["# Eternity II breaks search beside libblackwood: placements and deep boards per CPU second", "",
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
    if depth_rows:
        lines += ["", f"Boards of n pieces (the clue counted, any number of breaks) reached per CPU second, median of "
                  f"{args.repeats} runs each: ours from `stats[\"depth_profile\"]`, libblackwood ({BUILD_NAMES[builds[0]]}) "
                  "from its STATS counters (entries into each depth), in runs of their own.", "",
                  "| scenario | n | libblackwood per s | ours per s | ours / peer |", "|---|---|---|---|---|"]
        for scenario, pieces, theirs, mine in depth_rows:
            ratio = f"{mine / theirs:.2f}" if theirs > 0 else "-"
            lines.append(f"| {scenario} | {pieces} | {theirs:,.1f} | {mine:,.1f} | {ratio} |")
    if "jb467" in schedules:
        lines += ["", LATEST_JB467]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    print("written", args.out)


if __name__ == "__main__":
    main()
