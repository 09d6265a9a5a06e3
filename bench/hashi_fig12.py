"""Reproduce Rafaralahy's Figure 12: number of vertices (islands) against the generator's n.

The generator of section 2.4 draws n random vertices, joins every pair of consecutive vertices
on a row or column, and adds a vertex at every crossing of two such edges, so the final graph
has more vertices than n. Our generate() also keeps only the largest connected part (a puzzle
must be connected), so the table gives both counts: vertices after the crossings are resolved
(Rafaralahy's quantity) and islands of the returned puzzle. Each row is checked against
hashi.generate(n, seed) itself (same seed, same draw).

Writes bench/results/hashi_fig12.csv, hashi_fig12.md and hashi_fig12.png (matplotlib, the
optional ``plot`` extra; without it the PNG is skipped).

    python bench/hashi_fig12.py [--per-n 50] [--n 2,3,4,6,8,10,...]
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import statistics
import sys
import time

import numpy as np

from cassetete import hashi
from cassetete.hashi._generate import _crossing_points, _edges, _largest_component

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
DEFAULT_N = "2,3,4,5,6,8,10,12,15,20,25,30,35,40,50,60,70,80,100"


def counts(n: int, seed: int):
    """(vertices after crossings, islands of the puzzle) for generate(n, seed=seed)."""
    side = max(3, math.ceil(2 * math.sqrt(n)))  # generate()'s default grid
    rng = np.random.default_rng(seed)
    cells = rng.choice(side * side, size=min(n, side * side), replace=False)
    points = {(int(k) // side, int(k) % side) for k in cells}
    points |= _crossing_points(_edges(points))
    kept, _ = _largest_component(points, _edges(points))
    return len(points), len(kept)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-n", type=int, default=50, help="puzzles per value of n")
    ap.add_argument("--n", default=DEFAULT_N, help="comma-separated values of n")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    ns = [int(v) for v in args.n.split(",")]
    rows = []
    t0 = time.perf_counter()
    for n in ns:
        vertices, islands = [], []
        for k in range(args.per_n):
            seed = 12_000 * n + k
            v, i = counts(n, seed)
            p = hashi.generate(n, seed=seed)
            if i >= 2:  # else generate() draws again, so its puzzle comes from a later draw
                assert p.n_islands == i, (n, seed, p.n_islands, i)
            vertices.append(v)
            islands.append(p.n_islands)
        rows.append((n, statistics.mean(vertices), min(vertices), max(vertices),
                     statistics.mean(islands), min(islands), max(islands)))
        print("n=%d vertices %.1f [%d, %d] islands %.1f [%d, %d]" % rows[-1], flush=True)
    elapsed = time.perf_counter() - t0
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "hashi_fig12.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["n", "vertices_mean", "vertices_min", "vertices_max",
                    "islands_mean", "islands_min", "islands_max"])
        w.writerows(rows)
    cmd = " ".join(["python bench/hashi_fig12.py"] + (argv if argv is not None else sys.argv[1:]))
    md = ["# Hashiwokakero: Rafaralahy Figure 12 (vertices against the generator's n)", "",
          f"Command: `{cmd}` ({args.per_n} puzzles per n, {elapsed:.1f} s in all).", "",
          "Vertices = n random vertices plus one per crossing of two edges (Rafaralahy, section 2.4, "
          "Rafaralahy's quantity); islands = the returned puzzle (largest connected part only). "
          "Grid side ceil(2 sqrt(n)).", "",
          "| n | vertices mean | min | max | islands mean | min | max |",
          "|---|---|---|---|---|---|---|"]
    md += ["| %d | %.1f | %d | %d | %.1f | %d | %d |" % r for r in rows]
    with open(os.path.join(args.out, "hashi_fig12.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    try:
        import matplotlib
    except ImportError:
        print("matplotlib not installed (pip install cassetete[plot]): no PNG")
    else:
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(5, 3.5))
        x = [r[0] for r in rows]
        ax.fill_between(x, [r[2] for r in rows], [r[3] for r in rows], color="C0", alpha=0.2)
        ax.plot(x, [r[1] for r in rows], "C0-o", ms=3, label="vertices (after crossings)")
        ax.plot(x, [r[4] for r in rows], "C1-s", ms=3, label="islands (largest part)")
        ax.plot(x, x, "k:", lw=1, label="n")
        ax.set_xlabel("n (random vertices drawn)")
        ax.set_ylabel("number of vertices")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "hashi_fig12.png"), dpi=120)
    print("wrote", os.path.join(args.out, "hashi_fig12.md"))


if __name__ == "__main__":
    main()
