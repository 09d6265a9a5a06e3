"""Compare the exact solver with OR-Tools CP-SAT on the shared Hashi sets.

CP-SAT model (written here from the puzzle's rules, the same as Rafaralahy's ILP): per potential
bridge e an integer y_e in {0, 1, 2} and a Boolean x_e = (y_e > 0); x_e + x_f <= 1 for crossing
edges; the y_e around an island sum to its value. Connectivity by cuts, as the library's ILP:
re-solve with sum of x_e over the edges leaving S >= 1 for every component S of a disconnected
answer until the answer is connected. Uniqueness: add "differs from the solution on some edge"
and solve again (with the same cut loop); no connected second solution = unique.

Needs ``ortools`` (the ``bench`` extra). highspy and ortools cannot share a process here
(each ships its own libhighs), so this script never calls the library's ILP.
Every answer is checked with hashi.verify(). Writes bench/results/hashi_cpsat.md (or --out).

    python bench/hashi_cpsat.py                      # Tatham sets (63 puzzles)
    python bench/hashi_cpsat.py --coelho 2           # + 2 Coelho instances per size and class a
"""

from __future__ import annotations

import argparse
import glob
import os
import statistics
import sys
import time
from typing import List, Optional, Tuple

from ortools.sat.python import cp_model

from cassetete import hashi

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def components(n: int, edges, counts) -> List[List[int]]:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for (a, b), k in zip(edges, counts):
        if k:
            parent[find(int(a))] = find(int(b))
    groups = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


class CpSatHashi:
    """CP-SAT model of one puzzle; solve() returns the bridge counts per edge or None."""

    def __init__(self, puzzle: hashi.Hashi, workers: int):
        g = puzzle.graph
        self.n = len(g.islands)
        self.edges = [(int(a), int(b)) for a, b in g.edges]
        self.workers = workers
        self.model = cp_model.CpModel()
        md = self.model
        self.y = [md.NewIntVar(0, 2, f"y{e}") for e in range(len(self.edges))]
        self.x = [md.NewBoolVar(f"x{e}") for e in range(len(self.edges))]
        for y, x in zip(self.y, self.x):
            md.Add(y >= x)
            md.Add(y <= 2 * x)
        for e, f in g.crossings:
            md.AddBoolOr([self.x[int(e)].Not(), self.x[int(f)].Not()])
        incident = [[] for _ in range(self.n)]
        for e, (a, b) in enumerate(self.edges):
            incident[a].append(self.y[e])
            incident[b].append(self.y[e])
        for k in range(self.n):
            md.Add(sum(incident[k]) == int(g.islands[k, 2]))
        self.rounds = 0

    def solve(self, time_limit: float) -> Tuple[str, Optional[List[int]]]:
        start = time.perf_counter()
        while True:
            left = time_limit - (time.perf_counter() - start)
            if left <= 0:
                return "limit", None
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = self.workers
            solver.parameters.max_time_in_seconds = left
            status = solver.Solve(self.model)
            self.rounds += 1
            if status == cp_model.INFEASIBLE:
                return "unsatisfiable", None
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return "limit", None
            counts = [solver.Value(v) for v in self.y]
            comps = components(self.n, self.edges, counts)
            if len(comps) == 1:
                return "solved", counts
            for comp in comps:
                inside = set(comp)
                self.model.AddBoolOr([self.x[e] for e, (a, b) in enumerate(self.edges)
                                      if (a in inside) != (b in inside)])

    def exclude(self, counts: List[int]) -> None:
        differs = []
        for e, k in enumerate(counts):
            d = self.model.NewBoolVar(f"d{e}")
            self.model.Add(self.y[e] != k).OnlyEnforceIf(d)
            differs.append(d)
        self.model.AddBoolOr(differs)


def run_cpsat(p: hashi.Hashi, unique: bool, workers: int, limit: float):
    """(status, seconds, unique or None): solve, then prove uniqueness when asked.

    The answers are checked with verify() outside the timed part."""
    t = time.perf_counter()
    m = CpSatHashi(p, workers)
    status, counts = m.solve(limit)
    is_unique = second = other = None
    if status == "solved" and unique:
        m.exclude(counts)
        second, other = m.solve(limit)
        is_unique = {"unsatisfiable": True, "solved": False}.get(second)
    dt = time.perf_counter() - t
    if status == "solved":
        assert hashi.verify(p, p.bridges_of(counts)), "CP-SAT answer fails verify()"
    if second == "solved":
        assert hashi.verify(p, p.bridges_of(other))
    return status, dt, is_unique


def run_exact(p: hashi.Hashi, unique: bool, limit: float):
    t = time.perf_counter()
    r = hashi.solve(p, time_limit=limit)
    is_unique = None
    if r.solved and unique:
        is_unique = hashi.count_solutions(p, limit=2, time_limit=limit) == 1
    dt = time.perf_counter() - t
    if r.solved:
        assert hashi.verify(p, r.solution)
    return r.status, dt, is_unique


def tatham(data: str, workers: int, limit: float, lines: List[str]) -> None:
    lines += ["## Tatham instances (median ms per puzzle, solution + uniqueness proof)", "",
              "| set | puzzles | islands | exact | CP-SAT solve | CP-SAT solve + unique | CP-SAT / exact |",
              "|---|---|---|---|---|---|---|"]
    paths = sorted(glob.glob(os.path.join(data, "tatham", "*.txt")),
                   key=lambda q: (int(os.path.basename(q).split("_")[1].split("x")[0]), q))
    for path in paths:
        ids = [line.strip() for line in open(path) if line.strip()]
        ex, cs, cu, isl = [], [], [], []
        for gid in ids:
            p = hashi.parse(gid)
            isl.append(p.n_islands)
            status, dt, uniq = run_exact(p, True, limit)
            assert status == "solved" and uniq, gid
            ex.append(dt * 1e3)
            status, dt1, _ = run_cpsat(p, False, workers, limit)
            cs.append(dt1 * 1e3)
            status2, dt2, uniq2 = run_cpsat(p, True, workers, limit)
            assert status == status2 == "solved" and uniq2, gid
            cu.append(dt2 * 1e3)
        name = os.path.basename(path)[len("bridges_"):-4]
        med = statistics.median
        lines.append(f"| {name} | {len(ids)} | {min(isl)}-{max(isl)} | {med(ex):.3f} | "
                     f"{med(cs):.1f} | {med(cu):.1f} | {med(cu) / med(ex):.0f}x |")
        print(lines[-1], flush=True)


def coelho(data: str, per_class: int, workers: int, limit: float, lines: List[str]) -> None:
    files = []
    for size in ("100", "200", "300", "400"):
        for a in ("25", "50", "75"):
            got = sorted(glob.glob(os.path.join(data, "coelho2019", size, f"Hs_*_{size}_{a}_*.has")))
            files += got[:per_class]
    lines += ["", f"## Coelho et al. 2019 sample (find one solution, limit {limit:g} s)", "",
              f"First {per_class} file(s) of each size and class a (sorted names).", "",
              "| islands | instances | exact solved | exact total s | exact max s | "
              "CP-SAT solved | CP-SAT total s | CP-SAT max s |", "|---|---|---|---|---|---|---|---|"]
    per = {}
    for f in files:
        p = hashi.parse(open(f).read())
        size = os.path.basename(os.path.dirname(f))
        s1, t1, _ = run_exact(p, False, limit)
        s2, t2, _ = run_cpsat(p, False, workers, limit)
        per.setdefault(size, []).append((s1 == "solved", t1, s2 == "solved", t2))
        print(os.path.basename(f), s1, f"{t1:.3f}", s2, f"{t2:.3f}", flush=True)
    for size in sorted(per, key=int):
        r = per[size]
        lines.append(f"| {size} | {len(r)} | {sum(x[0] for x in r)} | {sum(x[1] for x in r):.2f} | "
                     f"{max(x[1] for x in r):.2f} | {sum(x[2] for x in r)} | "
                     f"{sum(x[3] for x in r):.2f} | {max(x[3] for x in r):.2f} |")
        print(lines[-1], flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data", "hashi"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results", "hashi_cpsat.md"))
    ap.add_argument("--workers", type=int, default=1, help="CP-SAT search workers")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve")
    ap.add_argument("--coelho", type=int, default=0, metavar="K",
                    help="also K Coelho instances per size and class a")
    args = ap.parse_args(argv)
    import ortools

    cmd = " ".join(["python bench/hashi_cpsat.py"] + (argv if argv is not None else sys.argv[1:]))
    lines = ["# Hashiwokakero: exact solver vs OR-Tools CP-SAT", "",
             f"Command: `{cmd}` (OR-Tools {ortools.__version__}, CP-SAT with {args.workers} "
             "worker(s); 2-core shared machine; times include model building and Python overhead).",
             "", "CP-SAT connectivity by cuts (re-solve until connected); uniqueness by a second "
             "solve that excludes the first answer. Exact = hashi.solve + count_solutions(limit=2). "
             "Every answer checked with verify() outside the timed part.", ""]
    tatham(args.data, args.workers, args.time_limit, lines)
    if args.coelho:
        coelho(args.data, args.coelho, args.workers, args.time_limit, lines)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("wrote", args.out)


if __name__ == "__main__":
    main()
