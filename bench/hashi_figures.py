"""Reproduce Rafaralahy's Hashiwokakero figures on puzzles from our generator (section 2.4).

Figure 10: share of connected ILP solutions with the objective (9) and without it, as the
number of islands grows. Figure 13: performance profile (Dolan & More 2002: share of instances
solved within tau times the best method's time) of exact / ILP HiGHS / ILP CBC / annealing on
generated puzzles with 4 to 80 islands (HiGHS stands in for the paper's Gurobi; CBC through
PuLP, the ``ilp`` extra, skipped when PuLP is missing). Writes bench/results/hashi_fig10.csv,
hashi_fig13.csv, hashi_figures.md and PNGs when matplotlib is installed. figure10() and
figure13() return their rows for bench/reproduce.py.

Our generator keeps vertices apart (no two side by side, see bench/results/hashi_fig12.md), so
a value of n gives fewer islands than the paper's generator: n runs up to 120 here so that the
puzzles reach the paper's 80 islands.

    python bench/hashi_figures.py [--per-size 20] [--instances 40] [--no-cbc]
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from cassetete import hashi

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
FIG10_N = (3, 5, 8, 12, 18, 25, 35, 50, 70, 100, 120)
TAUS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 1024)


def have_cbc() -> bool:
    try:
        import pulp  # noqa: F401
    except ImportError:
        return False
    return True


def figure10(per_size: int, ns: Sequence[int] = FIG10_N) -> List[Tuple[int, float, float, float]]:
    """(n, mean islands, share connected with (9), share connected without) per n."""
    rows = []
    for n in ns:
        stats = {"objective": 0, "none": 0}
        islands = []
        for seed in range(per_size):
            p = hashi.generate(n, seed=1000 * n + seed)
            islands.append(p.n_islands)
            for mode in stats:
                r = hashi.solve(p, method="ilp", connectivity=mode)
                # (4)-(8) always have a solution (the planted one); "none" may return a
                # disconnected one, with status "limit" and stats["connected"] False
                assert r.solution is not None, (n, seed, mode, r.status)
                stats[mode] += bool(r.stats["connected"]) and hashi.verify(p, r.solution)
        rows.append((n, float(np.mean(islands)), stats["objective"] / per_size, stats["none"] / per_size))
    return rows


def figure13(instances: int, cbc: bool, time_limit: float = 30.0, seed: int = 13,
             max_n: int = 120) -> Dict[str, Any]:
    """The performance profile: {"methods", "taus", "profile" {method: [share within tau]},
    "median_ms", "solved" {method: count}, "islands" (min, max)}."""
    methods: Dict[str, Dict[str, Any]] = {"exact": {}, "ilp-highs": {"method": "ilp"},
                                          "annealing": {"method": "annealing", "seed": 1}}
    if cbc:
        methods["ilp-cbc"] = {"method": "ilp", "ilp_solver": "cbc"}
    rng = np.random.default_rng(seed)
    puzzles = []
    while len(puzzles) < instances:
        p = hashi.generate(int(rng.integers(3, max_n + 1)), seed=int(rng.integers(1 << 30)))
        if 4 <= p.n_islands <= 80:
            puzzles.append(p)
    times: Dict[str, List[float]] = {m: [] for m in methods}
    for p in puzzles:
        for name, kw in methods.items():
            t = time.perf_counter()
            r = hashi.solve(p, time_limit=time_limit, **kw)
            dt = time.perf_counter() - t
            ok = r.solved and hashi.verify(p, r.solution)
            times[name].append(dt if ok else np.inf)
    T = np.array([times[m] for m in methods])
    ratios = T / T.min(axis=0)
    isl = [p.n_islands for p in puzzles]
    return {"methods": list(methods), "taus": list(TAUS),
            "profile": {m: [float(np.mean(ratios[i] <= t)) for t in TAUS] for i, m in enumerate(methods)},
            "median_ms": {m: float(np.median(T[i]) * 1e3) for i, m in enumerate(methods)},
            "solved": {m: int(np.isfinite(T[i]).sum()) for i, m in enumerate(methods)},
            "islands": (min(isl), max(isl)), "ratios": ratios, "instances": instances, "time_limit": time_limit}


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def write_figure10(rows, per_size: int, md: List[str], out: str) -> None:
    with open(os.path.join(out, "hashi_fig10.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["n_vertices", "mean_islands", "connected_with_objective", "connected_without"])
        w.writerows(rows)
    md += ["## Figure 10: share of connected ILP solutions (HiGHS)", "",
           f"{per_size} generated puzzles per n; (4)-(8) with the objective (9) vs without any objective.", "",
           "| n vertices | mean islands | connected with (9) | connected without |", "|---|---|---|---|"]
    md += [f"| {n} | {m:.1f} | {a:.2f} | {b:.2f} |" for n, m, a, b in rows]
    md += ["", "Rafaralahy: with (9) no disconnected solution in any test; without it the share of connected "
           "solutions falls as the islands grow."]
    plt = _pyplot()
    if plt is not None:
        fig, ax = plt.subplots(figsize=(5, 3.5))
        ax.plot([r[1] for r in rows], [r[2] for r in rows], "b-o", label="with objective (9)")
        ax.plot([r[1] for r in rows], [r[3] for r in rows], "r-o", label="without objective")
        ax.set_xlabel("islands")
        ax.set_ylabel("share of connected solutions")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(out, "hashi_fig10.png"), dpi=120)
        plt.close(fig)


def write_figure13(f13: Dict[str, Any], md: List[str], out: str) -> None:
    methods, taus = f13["methods"], f13["taus"]
    with open(os.path.join(out, "hashi_fig13.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["method"] + [f"tau={t}" for t in taus] + ["median_ms", "solved"])
        for m in methods:
            w.writerow([m] + f13["profile"][m] + [f13["median_ms"][m], f13["solved"][m]])
    lo, hi = f13["islands"]
    md += ["", "## Figure 13: performance profile on generated puzzles", "",
           f"{f13['instances']} puzzles, {lo}-{hi} islands; share of instances solved (verified, connected) within "
           f"tau x the fastest method's time; time limit {f13['time_limit']:g} s; wall-clock times on a shared "
           "machine (the order of the methods is what compares, not the milliseconds).", "",
           "| method | " + " | ".join(f"tau={t}" for t in taus) + " | median ms | solved |",
           "|---|" + "---|" * (len(taus) + 2)]
    for m in methods:
        md.append(f"| {m} | " + " | ".join(f"{v:.2f}" for v in f13["profile"][m])
                  + f" | {f13['median_ms'][m]:.3f} | {f13['solved'][m]} |")
    md += ["", "Rafaralahy (Gurobi, CBC, annealing on 4-80 islands): Gurobi faster than CBC; the annealing finds a "
           "valid solution on every instance and is faster than both ILP solvers. The exact solver is ours."]
    plt = _pyplot()
    if plt is not None:
        fig, ax = plt.subplots(figsize=(5, 3.5))
        grid = np.logspace(0, 4, 200)
        for i, m in enumerate(methods):
            ax.step(grid, [np.mean(f13["ratios"][i] <= t) for t in grid], where="post", label=m)
        ax.set_xscale("log")
        ax.set_xlabel("tau (time / best time)")
        ax.set_ylabel("share of instances")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(out, "hashi_fig13.png"), dpi=120)
        plt.close(fig)


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=20)
    ap.add_argument("--instances", type=int, default=40)
    ap.add_argument("--no-cbc", action="store_true")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    cbc = not args.no_cbc and have_cbc()
    md = ["# Hashiwokakero: Rafaralahy figures 10 and 13 (our generator, this machine)", "",
          f"Command: `python bench/hashi_figures.py --per-size {args.per_size} --instances {args.instances}"
          f"{'' if cbc else ' --no-cbc'}` (2 shared cores{'' if cbc else '; CBC not run: PuLP missing'}). "
          "The islands per n are those of the current generator (vertices kept apart, "
          "bench/results/hashi_fig12.md).", ""]
    rows = figure10(args.per_size)
    for row in rows:
        print("fig10", row, flush=True)
    write_figure10(rows, args.per_size, md, args.out)
    f13 = figure13(args.instances, cbc)
    write_figure13(f13, md, args.out)
    print("\n".join(md[-len(f13["methods"]) - 4:]), flush=True)
    with open(os.path.join(args.out, "hashi_figures.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main()
