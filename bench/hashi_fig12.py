"""Reproduce Rafaralahy's Figure 12: number of vertices (islands) against the generator's n.

The generator of section 2.4 draws n random vertices, joins every pair of consecutive vertices
on a row or column, and adds a vertex at every crossing of two such edges, so the final graph
has more vertices than n. Our generate() differs in two ways (see cassetete.hashi._generate):
no two vertices are side by side (a bridge between neighbours has no cell to be drawn in), so a
crossing whose new vertex would touch another one is undone by leaving one of the two edges out
instead; and only the largest connected part is kept (a puzzle must be connected). The table
gives the counts at each step of one draw: crossings found, vertices after the crossings are
resolved (Rafaralahy's quantity, under our rule) and islands of the returned puzzle. Each row
is checked against hashi.generate(n, seed) itself (same seed, same draws, including the draws
generate() makes again when one fails), so the counting below cannot drift from the generator
unnoticed.

Writes bench/results/hashi_fig12.csv, hashi_fig12.md and hashi_fig12.png (matplotlib, the
optional ``plot`` extra; without it the PNG is skipped). figure12() returns the rows for
bench/reproduce.py.

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
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from cassetete import hashi
from cassetete.hashi._generate import _crosses, _crossing_points, _edges, _largest_component, _neighbours, _scattered

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
DEFAULT_N = "2,3,4,5,6,8,10,12,15,20,25,30,35,40,50,60,70,80,100"
MAX_TRIES = 200  # generate()'s default


def counts(n: int, seed: int) -> Dict[str, int]:
    """The counts of the draw generate(n, seed=seed) returns: drawn vertices, crossings found,
    vertices after the crossings are resolved, islands of the puzzle. The steps and the random
    draws are those of cassetete.hashi._generate._planted, in the same order (the weights are
    drawn too, so that a failed draw leaves the generator where generate() leaves it)."""
    side = max(3, math.ceil(2 * math.sqrt(n)))  # generate()'s default grid
    rng = np.random.default_rng(seed)
    for _ in range(MAX_TRIES):
        points = _scattered(n, (side, side), rng)
        if points is None:
            continue
        drawn = len(points)
        crossings = sorted(_crossing_points(_edges(points)))
        for point in crossings:
            if not any(q in points for q in _neighbours(point)):
                points.add(point)
        edges = _edges(points)
        dropped = set()
        for i, e in enumerate(edges):
            for f in edges[i + 1:]:
                if e not in dropped and f not in dropped and _crosses(e, f):
                    dropped.add(e if rng.random() < 0.5 else f)
        kept, kept_edges = _largest_component(points, [e for e in edges if e not in dropped])
        for _edge in kept_edges:
            rng.integers(1, 3)
        if len(kept) < 2:
            continue
        return {"drawn": drawn, "crossings": len(crossings), "vertices": len(points), "islands": len(kept)}
    raise RuntimeError(f"no draw for n={n}, seed={seed}")


Row = Tuple[int, float, int, int, float, int, int, float]


def figure12(ns: Sequence[int], per_n: int, progress: bool = False) -> List[Row]:
    """One row per n: (n, vertices mean, min, max, islands mean, min, max, crossings mean) over
    ``per_n`` seeds; AssertionError when a count disagrees with hashi.generate."""
    rows: List[Row] = []
    for n in ns:
        vertices, islands, crossings = [], [], []
        for k in range(per_n):
            seed = 12_000 * n + k
            c = counts(n, seed)
            p = hashi.generate(n, seed=seed)
            assert p.n_islands == c["islands"], (n, seed, p.n_islands, c)
            vertices.append(c["vertices"])
            islands.append(p.n_islands)
            crossings.append(c["crossings"])
        rows.append((n, statistics.mean(vertices), min(vertices), max(vertices),
                     statistics.mean(islands), min(islands), max(islands), statistics.mean(crossings)))
        if progress:
            print("n=%d vertices %.1f [%d, %d] islands %.1f [%d, %d] crossings %.1f" % rows[-1], flush=True)
    return rows


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-n", type=int, default=50, help="puzzles per value of n")
    ap.add_argument("--n", default=DEFAULT_N, help="comma-separated values of n")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    ns = [int(v) for v in args.n.split(",")]
    t0 = time.perf_counter()
    rows = figure12(ns, args.per_n, progress=True)
    elapsed = time.perf_counter() - t0
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "hashi_fig12.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["n", "vertices_mean", "vertices_min", "vertices_max",
                    "islands_mean", "islands_min", "islands_max", "crossings_mean"])
        w.writerows(rows)
    cmd = " ".join(["python bench/hashi_fig12.py"] + (argv if argv is not None else sys.argv[1:]))
    md = ["# Hashiwokakero: Rafaralahy, figure 12 (vertices against the generator's n)", "",
          f"Command: `{cmd}` ({args.per_n} puzzles per n, {elapsed:.1f} s in all).", "",
          "Rafaralahy, section 2.4: n random vertices, every edge between consecutive vertices of a row or "
          "column, and a new vertex at every crossing, so the final graph has more vertices than n (figure 12 "
          "plots that count against n). Our generator keeps the vertices apart (no two side by side, so the "
          "draw fills at most a quarter of the ceil(2 sqrt(n)) square grid's cells without crowding): a "
          "crossing whose new vertex would touch another vertex is undone by leaving one of the two edges out "
          "instead, and only the largest connected part becomes the puzzle.", "",
          "Crossings = crossings of the drawn vertices' edges; n + crossings = the vertices the paper's rule "
          "(one new vertex per crossing) gives on the same draw; vertices = n plus the crossings our rule "
          "resolves by a new vertex; islands = the returned puzzle. Every row is checked against "
          "`hashi.generate(n, seed)` (same seeds).", "",
          "| n | crossings mean | n + crossings (paper's rule) | vertices mean (our rule) | min | max "
          "| islands mean | min | max |",
          "|---|---|---|---|---|---|---|---|---|"]
    md += ["| %d | %.1f | %.1f | %.1f | %d | %d | %.1f | %d | %d |" % ((r[0], r[7], r[0] + r[7]) + r[1:7]) for r in rows]
    last = rows[-1]
    md += ["", f"Both counts rise with n and stay at or above n, the shape of figure 12. At n = {last[0]} the paper's "
           f"rule gives {last[0] + last[7]:.1f} vertices on our draws ({(last[0] + last[7]) / last[0]:.2f} n); keeping "
           f"vertices apart leaves {last[1]:.1f} ({last[1] / last[0]:.2f} n), and the largest connected part, the "
           f"puzzle, has {last[4]:.1f} islands on average ({last[4] / last[0]:.2f} n)."]
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
        ax.plot(x, [r[0] + r[7] for r in rows], "C2-^", ms=3, label="n + crossings (paper's rule)")
        ax.plot(x, [r[1] for r in rows], "C0-o", ms=3, label="vertices (our rule)")
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
