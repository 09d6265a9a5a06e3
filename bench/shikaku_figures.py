"""Shikaku: Rafaralahy's Figure 6 (performance profile of the solvers) and Figure 7 (rate at which
simulated annealing reaches a solution), on puzzles of our implementation of Rafaralahy's generator.

Grid sizes N x N with N in 4, 9, 16, 25 (Figure 6) and also 50 (Figure 7); depth from 1 to N // 2
and merge iterations from 0 to 3 (merge probability 0.5), ``--seeds`` puzzles per setting.
Solvers: exact (C++), ILP with HiGHS, ILP with CBC (PuLP), simulated annealing (C++).

Performance profile (Dolan and More, 2002): for each puzzle p and solver s, r(p, s) = t(p, s) /
min over s of t(p, s), infinite when s failed (annealing stopping without a solution); the curve
of solver s is the fraction of puzzles with r(p, s) <= tau.

Usage: python bench/shikaku_figures.py [--seeds 1] [--no-cbc] [--out bench/results]
Writes shikaku_profile.csv/.png, shikaku_annealing.csv/.png and shikaku_figures.md.
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from collections import defaultdict
from pathlib import Path

from cassetete import shikaku

ROOT = Path(__file__).resolve().parent.parent


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def settings(sizes, seeds):
    for n in sizes:
        for depth in range(1, n // 2 + 1):
            for merges in range(4):
                for seed in range(seeds):
                    yield n, depth, merges, seed


def run(sizes, seeds, solvers, anneal_only_sizes=()):
    rows = []
    for n, depth, merges, seed in settings(sorted(set(sizes) | set(anneal_only_sizes)), seeds):
        p = shikaku.generate(n, n, depth, merges, 0.5, seed=1000 * n + 100 * depth + 10 * merges + seed)
        row = {"n": n, "depth": depth, "merges": merges, "seed": seed, "clues": len(p.clue_values())}
        use = ["annealing"] if n not in sizes else solvers
        for solver in use:
            if solver == "exact":
                t, r = timed(lambda: shikaku.solve(p))
            elif solver == "highs":
                t, r = timed(lambda: shikaku.solve(p, method="ilp"))
            elif solver == "cbc":
                t, r = timed(lambda: shikaku.solve(p, method="ilp", solver="cbc"))
            else:
                t, r = timed(lambda: shikaku.solve(p, method="annealing", seed=seed))
            ok = r.status == "solved" and shikaku.verify(p, r.solution)
            if solver != "annealing":
                assert ok, (solver, n, depth, merges, seed)
            row[f"{solver}_s"] = t
            row[f"{solver}_ok"] = int(ok)
        rows.append(row)
    return rows


def profile(rows, solvers, taus):
    curves = {}
    for s in solvers:
        ratios = []
        for row in rows:
            if f"{s}_s" not in row:
                continue
            best = min(row[f"{x}_s"] for x in solvers if row.get(f"{x}_ok"))
            ratios.append(row[f"{s}_s"] / best if row[f"{s}_ok"] else math.inf)
        curves[s] = [sum(r <= tau for r in ratios) / len(ratios) for tau in taus]
    return curves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--no-cbc", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = parser.parse_args()
    solvers = ["exact", "highs"] + ([] if args.no_cbc else ["cbc"]) + ["annealing"]
    rows = run([4, 9, 16, 25], args.seeds, solvers, anneal_only_sizes=[50])
    args.out.mkdir(parents=True, exist_ok=True)
    keys = sorted({k for row in rows for k in row}, key=lambda k: (k not in ("n", "depth", "merges", "seed", "clues"), k))
    with open(args.out / "shikaku_runs.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)

    fig6 = [r for r in rows if r["n"] in (4, 9, 16, 25)]
    taus = [10 ** (k / 20) for k in range(0, 101)]  # 1 .. 1e5
    curves = profile(fig6, solvers, taus)
    success = defaultdict(list)
    for r in rows:
        success[r["n"]].append(r["annealing_ok"])
    rates = {n: sum(v) / len(v) for n, v in sorted(success.items())}
    medians = {}
    for s in solvers:
        times = sorted(r[f"{s}_s"] for r in fig6)
        medians[s] = times[len(times) // 2] * 1e3

    lines = ["# Shikaku: Rafaralahy's Figures 6 and 7 on our generator's puzzles", "",
             f"Command: `python bench/shikaku_figures.py --seeds {args.seeds}{' --no-cbc' if args.no_cbc else ''}`; "
             f"{len(fig6)} puzzles for Figure 6 (N = 4, 9, 16, 25; depth 1..N/2; merges 0..3, p = 0.5).", "",
             "## Figure 6: performance profile", "",
             "| solver | median ms | best (tau = 1) | within 10x | within 100x | solved |", "|---|---|---|---|---|---|"]
    for s in solvers:
        c = curves[s]
        lines.append(f"| {s} | {medians[s]:.3f} | {c[0]:.2f} | {c[20]:.2f} | {c[40]:.2f} | {c[-1]:.2f} |")
    lines += ["", "## Figure 7: annealing success rate", "", "| N | puzzles | rate |", "|---|---|---|"]
    for n, rate in rates.items():
        lines.append(f"| {n} | {len(success[n])} | {rate:.2f} |")
    lines += ["", "Rafaralahy's reported rates: 1 for N = 4, 0.95 for N = 9, decreasing quickly with N.",
              "Annealing: t0 = 2, geometric cooling to 0.05 over 200000 + 2000 K iterations (K = clues)."]
    (args.out / "shikaku_figures.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no PNG written")
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    for s in solvers:
        ax.step(taus, curves[s], where="post", label=s)
    ax.set_xscale("log")
    ax.set_xlabel("tau (time / best time)")
    ax.set_ylabel("fraction of puzzles")
    ax.set_title("Shikaku performance profile, N = 4, 9, 16, 25")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.out / "shikaku_profile.png", dpi=120)
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.bar([str(n) for n in rates], list(rates.values()))
    ax.set_xlabel("grid size N")
    ax.set_ylabel("annealing success rate")
    ax.set_ylim(0, 1.05)
    fig.tight_layout()
    fig.savefig(args.out / "shikaku_annealing.png", dpi=120)
    print(f"wrote {args.out}/shikaku_profile.png, shikaku_annealing.png")


if __name__ == "__main__":
    main()
