"""Schaus and Deville, section 5: the checkerboard brute force (edgematch.count_checkerboard)
against the row-order backtracker (edgematch.count_solutions), both counting every solution,
on planted boards from 4x4 to 6x6 and on Brendan Owen's 5x5 and 6x6.

Tree sizes: the backtracker's placements; the brute force's placements on the searched colour
plus the placements of its final matchings, and the nodes the matching bound cut.

Usage: python bench/edgematch_checkerboard.py [DATA_DIR] [--time 120]
Writes bench/results/edgematch_checkerboard.md.
"""

from __future__ import annotations

import argparse
import time
import zipfile
from pathlib import Path

from _e2local import RESULTS, machine
from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count with its stats (nodes, complete)
from cassetete.edgematch._checkerboard import _run as run_checkerboard

ROOT = Path(__file__).resolve().parent.parent
PLANTED = [(4, 4, 3, s) for s in (1, 2, 3)] + [(5, 5, 4, s) for s in (1, 2, 3)] + [(6, 6, 5, s) for s in (1, 2, 3)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "edgematch"))
    ap.add_argument("--time", type=float, default=120.0)
    ap.add_argument("--order", default="row", help="order of the searched cells")
    args = ap.parse_args()
    cases = [(f"planted {r}x{c}, {k} colours, seed {s}", em.generate(r, c, colors=k, seed=s)[0])
             for r, c, k, s in PLANTED]
    zipped = Path(args.data) / "bucas_viewer_brendan" / "pieces_set_1.zip"
    if zipped.exists():
        z = zipfile.ZipFile(zipped)
        for name in ("05x05", "06x06"):
            cases.append((f"Brendan Owen {name}", em.parse(z.read(f"pieces_{name}.txt").decode())))
    lines = ["# Checkerboard brute force against the backtracker (Schaus and Deville, section 5)", "",
             f"Every solution counted by both (no board-symmetry reduction); CPU seconds of one thread; {machine()}; "
             f"limit {args.time:g} s of wall time each.",
             f"Command: `python bench/edgematch_checkerboard.py --time {args.time:g} --order {args.order}` (the searched "
             f"cells in {args.order} order).", "",
             "| instance | solutions (backtracker) | solutions (checkerboard) | backtracker placements | backtracker CPU s "
             "| checkerboard placements (searched + matchings) | matching cuts | checkerboard CPU s |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, p in cases:
        t = time.thread_time()
        bt = count_result(p, symmetry=False, time_limit=args.time)
        bt_cpu = time.thread_time() - t
        n_bt = bt.stats["count"] if bt.stats["complete"] else f">= {bt.stats['count']}"
        t = time.thread_time()
        out = run_checkerboard(p, True, None, 0, args.time, None, args.order)  # the engine's dict, with its counters
        cb_cpu = time.thread_time() - t
        cb_stats = out["stats"]["rules"]
        n_cb = out["count"] if out["complete"] else f">= {out['count']}"
        searched = cb_stats.get("black_placements", 0)
        matched = cb_stats.get("completion_placements", 0)
        lines.append(f"| {name} | {n_bt} | {n_cb} | {bt.stats['nodes']} | {bt_cpu:.2f} | "
                     f"{searched} + {matched} | {cb_stats.get('matching_cuts', 0)} | {cb_cpu:.2f} |")
        print(lines[-1], flush=True)
    lines += ["", "The brute force enumerates only one colour of the checkerboard, (n^2)!/(n^2/2)! x 4^(n^2/2) "
              "boards instead of (n^2)! x 4^(n^2); the other colour is completed by a bipartite matching, whose "
              "existence is checked after every placement (the bound that cuts a node)."]
    (RESULTS / "edgematch_checkerboard.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
