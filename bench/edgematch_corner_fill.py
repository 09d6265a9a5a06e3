"""Béhague, "Résolution de puzzles dépourvus d'indice graphique" (2024), section 6.2 and
figure 19: corner filling with pair counts against row order, with and without the pair-count
pruning, on Brendan Owen's 5x5 to 7x7 (edgematch.count_corner_fill / solve_corner_fill).

5x5 and 6x6 are counted completely (every solution, no board-symmetry reduction); on 7x7 the
search runs to the first solution and then counts within the time limit.

Usage: python bench/edgematch_corner_fill.py [DATA_DIR] [--time 120]
Writes bench/results/edgematch_corner_fill.md.
"""

from __future__ import annotations

import argparse
import time
import zipfile
from pathlib import Path

from _e2local import RESULTS, machine
from cassetete import edgematch as em
from cassetete.edgematch._corner import _run

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "edgematch"))
    ap.add_argument("--time", type=float, default=120.0)
    args = ap.parse_args()
    z = zipfile.ZipFile(Path(args.data) / "bucas_viewer_brendan" / "pieces_set_1.zip")
    lines = ["# Corner filling with pair counts (Béhague, section 6.2, figure 19)", "",
             f"Brendan Owen's puzzles; one thread; {machine()}; {args.time:g} s of wall time per run. Placements "
             "count every candidate tried (cut ones included); pair cuts are the placements cut because an empty "
             "neighbour had no unused piece left for its known faces.",
             f"Command: `python bench/edgematch_corner_fill.py --time {args.time:g}`.", "",
             "| puzzle | task | order | pair pruning | solutions | placements | pair cuts | CPU s |",
             "|---|---|---|---|---:|---:|---:|---:|"]
    for name in ("05x05", "06x06", "07x07"):
        p = em.parse(z.read(f"pieces_{name}.txt").decode())
        tasks = [("count", True)] if name != "07x07" else [("first solution", False), ("count", True)]
        for task, count in tasks:
            for order in ("row", "corner"):
                for pruning in (False, True):
                    t = time.thread_time()
                    out = _run(p, order, pruning, count, None, args.time, None)
                    cpu = time.thread_time() - t
                    found = out["count"] if out["complete"] or not count else f">= {out['count']}"
                    if task == "first solution":
                        found = "1" if out["count"] else "none in the limit"
                    lines.append(f"| {name} | {task} | {order} | {'yes' if pruning else 'no'} | {found} | "
                                 f"{out['stats']['nodes']} | {out['stats']['rules'].get('pair_cuts', 0)} | {cpu:.2f} |")
                    print(lines[-1], flush=True)
    (RESULTS / "edgematch_corner_fill.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
