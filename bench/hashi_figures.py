"""Reproduce Rafaralahy's Hashiwokakero figures on puzzles from our generator (section 2.4).

Figure 10: share of connected ILP solutions with the objective (9) and without it, as the
number of islands grows. Figure 13: performance profile (Dolan & More 2002: share of instances
solved within tau times the best method's time) of exact / ILP HiGHS / ILP CBC / annealing on
generated puzzles with 4 to 80 islands. Writes bench/results/hashi_fig10.csv, hashi_fig13.csv,
hashi_figures.md and PNGs when matplotlib is installed.

    python bench/hashi_figures.py [--per-size 20] [--instances 40] [--no-cbc]
"""

from __future__ import annotations

import argparse
import csv
import os
import time

import numpy as np

from cassetete import hashi

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def connected(p, sol):
    return hashi.verify(p, sol)


def figure10(per_size, md):
    rows = []
    for n in (3, 5, 8, 12, 18, 25, 35, 50):
        stats = {"objective": 0, "none": 0}
        islands = []
        for seed in range(per_size):
            p = hashi.generate(n, seed=1000 * n + seed)
            islands.append(p.n_islands)
            for mode in stats:
                r = hashi.solve(p, method="ilp", connectivity=mode)
                assert r.solved
                stats[mode] += connected(p, r.solution)
        rows.append((n, float(np.mean(islands)), stats["objective"] / per_size, stats["none"] / per_size))
        print("fig10", rows[-1], flush=True)
    with open(os.path.join(OUT, "hashi_fig10.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["n_vertices", "mean_islands", "connected_with_objective", "connected_without"])
        w.writerows(rows)
    md += ["## Figure 10: share of connected ILP solutions (HiGHS)", "",
           f"{per_size} generated puzzles per n; (4)-(8) with the objective (9) vs without any objective.", "",
           "| n vertices | mean islands | connected with (9) | connected without |", "|---|---|---|---|"]
    md += [f"| {n} | {m:.1f} | {a:.2f} | {b:.2f} |" for n, m, a, b in rows]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(5, 3.5))
        ax.plot([r[1] for r in rows], [r[2] for r in rows], "b-o", label="with objective (9)")
        ax.plot([r[1] for r in rows], [r[3] for r in rows], "r-o", label="without objective")
        ax.set_xlabel("islands")
        ax.set_ylabel("share of connected solutions")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(OUT, "hashi_fig10.png"), dpi=120)
    except ImportError:
        pass


def figure13(instances, use_cbc, md):
    methods = {"exact": {}, "ilp-highs": {"method": "ilp"}, "annealing": {"method": "annealing", "seed": 1}}
    if use_cbc:
        methods["ilp-cbc"] = {"method": "ilp", "backend": "cbc"}
    rng = np.random.default_rng(13)
    puzzles = []
    while len(puzzles) < instances:
        p = hashi.generate(int(rng.integers(3, 46)), seed=int(rng.integers(1 << 30)))
        if 4 <= p.n_islands <= 80:
            puzzles.append(p)
    times = {m: [] for m in methods}
    for p in puzzles:
        for name, kw in methods.items():
            t = time.perf_counter()
            r = hashi.solve(p, time_limit=30, **kw)
            dt = time.perf_counter() - t
            ok = r.solved and hashi.verify(p, r.solution)
            times[name].append(dt if ok else np.inf)
    T = np.array([times[m] for m in methods])
    best = T.min(axis=0)
    ratios = T / best
    taus = [1, 2, 4, 8, 16, 32, 64, 128, 256, 1024]
    with open(os.path.join(OUT, "hashi_fig13.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["method"] + [f"tau={t}" for t in taus] + ["median_ms", "solved"])
        for i, m in enumerate(methods):
            w.writerow([m] + [float(np.mean(ratios[i] <= t)) for t in taus]
                       + [float(np.median(T[i]) * 1e3), int(np.isfinite(T[i]).sum())])
    isl = [p.n_islands for p in puzzles]
    md += ["", "## Figure 13: performance profile on generated puzzles", "",
           f"{instances} puzzles, {min(isl)}-{max(isl)} islands; share of instances solved (verified, "
           "connected) within tau x the fastest method's time; time limit 30 s.", "",
           "| method | " + " | ".join(f"tau={t}" for t in taus) + " | median ms | solved |",
           "|---|" + "---|" * (len(taus) + 2)]
    for i, m in enumerate(methods):
        md.append(f"| {m} | " + " | ".join(f"{np.mean(ratios[i] <= t):.2f}" for t in taus)
                  + f" | {np.median(T[i]) * 1e3:.3f} | {int(np.isfinite(T[i]).sum())} |")
    print("\n".join(md[-len(methods) - 2:]), flush=True)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(5, 3.5))
        grid = np.logspace(0, 4, 200)
        for i, m in enumerate(methods):
            ax.step(grid, [np.mean(ratios[i] <= t) for t in grid], where="post", label=m)
        ax.set_xscale("log")
        ax.set_xlabel("tau (time / best time)")
        ax.set_ylabel("share of instances")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(OUT, "hashi_fig13.png"), dpi=120)
    except ImportError:
        pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=20)
    ap.add_argument("--instances", type=int, default=40)
    ap.add_argument("--no-cbc", action="store_true")
    args = ap.parse_args(argv)
    os.makedirs(OUT, exist_ok=True)
    md = ["# Hashiwokakero: Rafaralahy figures 10 and 13 (our generator, this machine)", "",
          "Command: `python bench/hashi_figures.py` (2 shared cores).", ""]
    figure10(args.per_size, md)
    figure13(args.instances, not args.no_cbc, md)
    with open(os.path.join(OUT, "hashi_figures.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main()
