"""PUZZLE-ORIENTATION (rotations known): row-by-row backtracking (solve_orientations) against the
block method of Béhague (2024), section 4.2 (solve_orientations_blocks), counting all solutions of
planted random puzzles. CPU seconds (time.process_time). Writes
bench/results/edgematch_orientation.md.

Usage: python bench/edgematch_orientation.py [--cases 6x3x1 8x5x1 8x4x1]   (size x colours x seed)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cassetete import edgematch as em

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", nargs="*", default=["6x3x1", "8x5x1", "8x4x1"])
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "edgematch_orientation.md"))
    args = ap.parse_args()
    lines = ["# PUZZLE-ORIENTATION: row backtracking vs the block method", "",
             f"Command: `python bench/edgematch_orientation.py {' '.join(sys.argv[1:])}`. "
             "Planted puzzles `generate(n, n, colors=c, seed=s)` with the planted rotations; all "
             "solutions counted; CPU seconds.", "",
             "| n | colours | seed | solutions | row backtracking (s) | block method (s) | E(2,2) | after pruning "
             "| block size | block nodes |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for case in args.cases:
        n, col, seed = (int(x) for x in case.split("x"))
        p, b = em.generate(n, n, colors=col, seed=seed)
        rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(n) for c in range(n)}
        t = time.process_time()
        _, n1 = em.solve_orientations(p, rots, count=True)
        t1 = time.process_time() - t
        t = time.process_time()
        board, n2, info = em.solve_orientations_blocks(p, rots, count=True)
        t2 = time.process_time() - t
        assert n1 == n2 and em.verify(p, board)
        lines.append(f"| {n} | {col} | {seed} | {n1} | {t1:.2f} | {t2:.2f} | {info['E22']} | {info['E22_pruned']} | "
                     f"{info['size']} | {info['nodes']} |")
        print(lines[-1], flush=True)
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("written", args.out)


if __name__ == "__main__":
    main()
