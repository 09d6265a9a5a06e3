"""Eternity II placement rate: our backtracker (default row order) against libblackwood, side by side.

Both searches run the official 16 x 16 puzzle for the same time on one thread each, one after the
other in the same run, with (a) the centre piece only and (b) the centre piece and the 4 clue
pieces; the figure is placements per CPU second (a piece put on a cell where it matches its placed
neighbours: our "placements" statistic, the peer's node counter), the median of the repeats.
libblackwood (github.com/jfbucas/libblackwood, Joshua Blackwood's algorithm, JB470 scenario) is
built by its own Python generator under its source tree (PEER_DIR/generated/cassetete_bench_*).

Neither side finishes: the rate depends on where each search spends its time. With the 4 clue
pieces the peer keeps backtracking in the top rows (two clues sit in row 3), where few pieces are
used and almost every candidate fits (about 1.4 candidates looked at per placement, against 2.7
deep in the board with the centre piece only); so its rate doubles there. Our row order goes deep
at once in both settings (its placements sit in rows 9-12, counted from 1 at the top).

Usage:
    python bench/eternity2_vs_blackwood.py --blackwood /tmp/libblackwood [--seconds 60 | --quick]
        [--repeats 3] [--peer-builds shipped,o3native] [--brendan DATA_DIR | --no-brendan]
        [--brendan-7x7-seconds 60]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count with its stats (nodes, complete)

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = (("centre piece only", "centre", "E2nc"), ("centre + 4 clue pieces", "all", "E2"))
BUILD_NAMES = {"shipped": "as shipped (-Os search)", "o3native": "-O3 -march=native", "o3": "-O3 (portable)"}


def ours(hints: str, seconds: float) -> dict:
    puzzle = em.eternity2(hints)
    cpu = time.thread_time()
    result = em.solve(puzzle, order="row", time_limit=seconds)
    cpu = time.thread_time() - cpu
    return {"placements": int(result.stats["rules"]["placements"]), "cpu": cpu}


def peer(path: str, puzzle: str, seconds: float, build: str, repeats: int, scenario: str = "JB470",
         by_depth: bool = False) -> list:
    """libblackwood's runs on ``puzzle`` (its names) under ``scenario``: placements, candidates tried, CPU s,
    and with ``by_depth`` its boards of k pieces for k = 0..255 (``"boards"``, its STATS counters)."""
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "_blackwood_peer.py"), path, puzzle, str(seconds), build,
                          str(repeats), scenario] + (["depths"] if by_depth else []),
                         capture_output=True, text=True, check=True)
    runs, lines = [], out.stdout.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("{"):
            runs.append(json.loads(line))
        elif line == "BOARDS_BY_DEPTH":
            runs[-1]["boards"] = [int(x) for x in lines[i + 1].split()]
    return runs


def brendan(data: Path, name: str, seconds: float = 0.0) -> str:
    """Counts Brendan Owen's puzzle (set 1) in row order, all of it or for `seconds`."""
    z = zipfile.ZipFile(data / "bucas_viewer_brendan" / "pieces_set_1.zip")
    p = em.parse(z.read(f"pieces_{name}.txt").decode())
    cpu = time.thread_time()
    r = count_result(p, order="row", time_limit=seconds or None)
    cpu = time.thread_time() - cpu
    state = "complete" if r.stats["complete"] else f"stopped after {seconds:.0f} s"
    return (f"{r.stats['count']} solutions ({state}), {r.stats['nodes']} placements, {cpu:.2f} CPU s, "
            f"{r.stats['nodes'] / cpu / 1e6:.1f} M placements/CPU s")


def rate(runs: list) -> float:
    return statistics.median(r["placements"] / r["cpu"] for r in runs) / 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blackwood", required=True, help="libblackwood source tree (it builds itself there)")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--quick", action="store_true", help="10 s runs")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--peer-builds", default="shipped,o3native", help="comma list of shipped, o3native, o3")
    ap.add_argument("--brendan", default=str(ROOT.parent / "shared" / "data" / "edgematch"),
                    help="data folder holding bucas_viewer_brendan/pieces_set_1.zip")
    ap.add_argument("--no-brendan", action="store_true")
    ap.add_argument("--brendan-7x7-seconds", type=float, default=60.0,
                    help="also count the 7x7 for this long (its rate); 0 = skip (the full count takes ~1700 s)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "eternity2_vs_blackwood.md"))
    args = ap.parse_args()
    seconds = 10.0 if args.quick else args.seconds
    builds = [b for b in args.peer_builds.split(",") if b]
    for b in builds:
        if b not in BUILD_NAMES:
            ap.error(f"unknown peer build {b!r} (expected one of {', '.join(BUILD_NAMES)})")
    peer_dir = str(Path(args.blackwood).resolve())
    command = "python bench/eternity2_vs_blackwood.py " + " ".join(sys.argv[1:])
    load_before = os.getloadavg()[0]
    started = time.time()

    rows = []
    for label, hints, peer_name in SETTINGS:
        ours_runs = []
        peer_runs = {b: [] for b in builds}
        for _ in range(args.repeats):  # interleaved, so a change of load hits both sides
            ours_runs.append(ours(hints, seconds))
            print(f"{label}: ours {ours_runs[-1]}", flush=True)
            for b in builds:
                peer_runs[b] += peer(peer_dir, peer_name, seconds, b, 1)
                print(f"{label}: libblackwood {b} {peer_runs[b][-1]}", flush=True)
        ours_rate = rate(ours_runs)
        for b in builds:
            runs = peer_runs[b]
            tried = statistics.median(r["tried"] / max(1, r["placements"]) for r in runs)
            rows.append((label, BUILD_NAMES[b], rate(runs), tried, ours_rate))

    lines = ["# Eternity II placements per CPU second: ours against libblackwood", "",
             f"Command: `{command}` ({seconds:.0f} s runs, median of {args.repeats}, one thread each, "
             f"interleaved; load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; "
             f"{(time.time() - started) / 60:.1f} min in all).", "",
             "Ours: `edgematch.solve(eternity2(hints), order=\"row\")` (the default order, portable build). "
             "libblackwood: github.com/jfbucas/libblackwood, scenario JB470, built by its generator. "
             "A placement is a piece put on a cell where it matches its placed neighbours on both sides.", "",
             "| clues | libblackwood build | peer M/s | peer candidates per placement | ours M/s | ours / peer |",
             "|---|---|---|---|---|---|"]
    for label, build, peer_rate, tried, ours_rate in rows:
        lines.append(f"| {label} | {build} | {peer_rate:.1f} | {tried:.2f} | {ours_rate:.1f} | "
                     f"{ours_rate / peer_rate:.2f} |")
    lines += ["", "Neither search completes, so the rate depends on where each spends its time: with the 4 clue "
              "pieces libblackwood keeps backtracking in the top rows (two clues sit in row 3), where few pieces "
              "are used and nearly every candidate fits; our row order is deep in the board (rows 9-12, counted from 1 at the top) in both "
              "settings."]
    if not args.no_brendan:
        text = brendan(Path(args.brendan), "06x06")
        print("Brendan 6x6:", text)
        lines += ["", f"- Brendan Owen's 6x6 (set 1), full count, row order: {text}."]
        if args.brendan_7x7_seconds > 0:
            text = brendan(Path(args.brendan), "07x07", args.brendan_7x7_seconds)
            print("Brendan 7x7:", text)
            lines += [f"- Brendan Owen's 7x7 (set 1), row order: {text}."]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    print("written", args.out)


if __name__ == "__main__":
    main()
