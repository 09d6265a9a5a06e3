"""Béhague, section 4.2: the block method on boards with an odd side (2x2 blocks on the even
part, single-piece strips on the last row / column) against the row-by-row backtracking of
PUZZLE-ORIENTATION (edgematch.solve_orientations_blocks / solve_orientations), both counting
every solution of planted boards whose rotations are given.

Usage: python bench/edgematch_blocks_odd.py
Writes bench/results/edgematch_blocks_odd.md.
"""

from __future__ import annotations

import time

from _e2local import RESULTS, machine
from cassetete import edgematch as em

CASES = [(5, 5, 3, 1), (5, 5, 2, 1), (7, 7, 3, 1), (7, 7, 3, 2), (5, 8, 3, 1), (7, 6, 3, 3)]


def main() -> None:
    lines = ["# The block method on boards with an odd side (Béhague, section 4.2)", "",
             f"Planted boards (`generate(rows, cols, colors=k, seed=s)`), every piece's rotation given; every "
             f"solution counted; CPU seconds of one thread; {machine()}.",
             "Command: `python bench/edgematch_blocks_odd.py`.", "",
             "| board | colours | seed | solutions (row backtracking) | solutions (blocks) | E(2,2) | E(2,2) pruned "
             "| block search nodes | row s | blocks s |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for rows, cols, colors, seed in CASES:
        p, planted = em.generate(rows, cols, colors=colors, seed=seed)
        rots = {int(planted[r, c, 0]): int(planted[r, c, 1]) for r in range(rows) for c in range(cols)}
        t = time.thread_time()
        _, n_row = em.solve_orientations(p, rots, count=True)
        row_cpu = time.thread_time() - t
        t = time.thread_time()
        board, n_blocks, info = em.solve_orientations_blocks(p, rots, count=True)
        block_cpu = time.thread_time() - t
        assert em.verify(p, board) and n_row == n_blocks
        lines.append(f"| {rows}x{cols} | {colors} | {seed} | {n_row} | {n_blocks} | {info.get('E22', '-')} | "
                     f"{info.get('E22_pruned', '-')} | {info['nodes']} | {row_cpu:.2f} | {block_cpu:.2f} |")
        print(lines[-1], flush=True)
    (RESULTS / "edgematch_blocks_odd.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
