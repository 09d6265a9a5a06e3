"""Figures for bench/results/edgematch.md: node rate on Eternity II, solve/count times on the
clue puzzles, Brendan Owen's puzzles and Heule's SAT-paper instances.

Usage: python bench/edgematch_figures.py [DATA_DIR] [--rate-seconds S] [--count-limit S]
DATA_DIR defaults to ../shared/data/edgematch (relative to the repository root).
"""

from __future__ import annotations

import argparse
import platform
import time
import zipfile
from pathlib import Path

from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count with its stats (nodes, complete)

ROOT = Path(__file__).resolve().parent.parent


def brendan(data: Path, name: str):
    z = zipfile.ZipFile(data / "bucas_viewer_brendan" / "pieces_set_1.zip")
    s = zipfile.ZipFile(data / "bucas_viewer_brendan" / "solutions_set_1.zip")
    p = em.parse(z.read(f"pieces_{name}.txt").decode())
    planted = em.load_brendan_solution(s.open(f"solutions_{name}.txt"), p)
    assert em.verify(p, planted)
    return p


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "edgematch"))
    ap.add_argument("--rate-seconds", type=float, default=10.0)
    ap.add_argument("--limit", type=float, default=30.0, help="time limit per solve/count (s)")
    args = ap.parse_args()
    data = Path(args.data)
    lines = ["# Edge-matching benchmarks", "",
             f"Machine: {platform.processor() or platform.machine()}, one core, portable build (-O3). "
             f"Command: `python bench/edgematch_figures.py --rate-seconds {args.rate_seconds} --limit {args.limit}`.",
             "Placements = nodes of the C++ backtracking (one per piece put on the board).", "",
             "## Node rate on the official Eternity II (centre clue)", "",
             "| order | placements | seconds | million placements / s |", "|---|---:|---:|---:|"]
    e2 = em.eternity2()
    for order in ("row", "border", "spiral", "corner", "first_fail"):
        r = em.solve(e2, order=order, time_limit=args.rate_seconds)
        lines.append(f"| {order} | {r.stats['nodes']} | {r.stats['seconds']:.1f} | "
                     f"{r.stats['nodes'] / r.stats['seconds'] / 1e6:.1f} |")
        print(lines[-1], flush=True)
    lines += ["", "Goal 40 M/s (fastest public E2 backtrackers: 27-42 M/s).", "",
              "## Solve (first solution) and count", "",
              "| instance | size | order | first solution (s) | placements | count | count time (s) |",
              "|---|---|---|---:|---:|---:|---:|"]
    cases = []
    for i in range(1, 5):
        cases.append((f"clue{i} (Wortmann)", em.load(data / "wortmann_Eternity2Puzzles.jl" / "pieces" / f"clue{i}.txt")))
    for name in ("06x06", "07x07", "08x08"):
        cases.append((f"Brendan {name}", brendan(data, name)))
    for name in ("em_7_3_6", "em_7_4_8", "em_7_4_9", "em_8_4_5"):
        cases.append((name, em.load(data / "heule_edge-matching" / "benchmarks" / f"{name}.txt")))
    for label, p in cases:
        for order in ("first_fail", "row"):
            t = time.perf_counter()
            r = em.solve(p, order=order, time_limit=args.limit)
            first = time.perf_counter() - t
            if r.solved:
                assert em.verify(p, r.solution)
            count_txt, count_time = "-", "-"
            if order == "row" and "clue" not in label:
                t = time.perf_counter()
                c = count_result(p, order="row", time_limit=args.limit)
                count_time = f"{time.perf_counter() - t:.2f}"
                count_txt = str(c.stats["count"]) + ("" if c.stats["complete"] else "+ (limit)")
            lines.append(f"| {label} | {p.rows}x{p.cols} | {order} | "
                         f"{first:.3f}{'' if r.solved else ' (limit)'} | {r.stats['nodes']} | {count_txt} | {count_time} |")
            print(lines[-1], flush=True)
    lines += ["", "Counts include the board's symmetries (x4 on square boards, x2 on rectangles) and list "
              "turns of a symmetric piece once. Clue puzzles are not counted (they have about 10^11 solutions).", ""]
    out = ROOT / "bench" / "results" / "edgematch.md"
    out.write_text("\n".join(lines) + "\n")
    print("written", out)


if __name__ == "__main__":
    main()
