"""Compare the exact solver with Rafaralahy's ILP (HiGHS, optionally CBC) on the shared Hashi sets.

Reads ../shared/data/hashi (or --data): Tatham "bridges" IDs (tatham/*.txt), the janko.at
puzzles of the PuzzleKit set (puzzlekit/hashi_puzzlekit.jsonl, benchmark only) and the
Coelho et al. 2019 instances (coelho2019/*/*.has). Every answer is checked with verify().
Writes a markdown table to bench/results/hashi.md (or --out).

    python bench/hashi_compare.py                       # everything, HiGHS on Tatham sets
    python bench/hashi_compare.py --coelho-limit 10 --cbc
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import sys
import time

from cassetete import hashi

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(fn, *args, **kwargs):
    t = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t


def tatham_rows(data, use_cbc, ilp_max):
    rows = []
    for path in sorted(glob.glob(os.path.join(data, "tatham", "*.txt")),
                       key=lambda p: (int(os.path.basename(p).split("_")[1].split("x")[0]), p)):
        ids = [line.strip() for line in open(path) if line.strip()]
        exact_ms, ilp_ms, cbc_ms, islands = [], [], [], []
        for gid in ids:
            p = hashi.parse(gid)
            islands.append(p.n_islands)
            r, dt = timed(hashi.solve, p)
            assert r.solved and hashi.verify(p, r.solution), gid
            c, dt2 = timed(hashi.count_solutions, p, limit=2)
            assert c == 1, gid
            exact_ms.append((dt + dt2) * 1e3)
            if len(ilp_ms) < ilp_max:
                r, dt = timed(hashi.solve, p, method="ilp")
                assert r.solved and hashi.verify(p, r.solution), gid
                ilp_ms.append(dt * 1e3)
                if use_cbc:
                    r, dt = timed(hashi.solve, p, method="ilp", backend="cbc")
                    assert r.solved and hashi.verify(p, r.solution), gid
                    cbc_ms.append(dt * 1e3)
        name = os.path.basename(path)[len("bridges_"):-4]
        rows.append((name, len(ids), f"{min(islands)}-{max(islands)}",
                     statistics.median(exact_ms), statistics.median(ilp_ms) if ilp_ms else None,
                     statistics.median(cbc_ms) if cbc_ms else None))
    return rows


def janko(data):
    path = os.path.join(data, "puzzlekit", "hashi_puzzlekit.jsonl")
    if not os.path.exists(path):
        return None
    times, hard_times, wrong = [], [], 0
    for line in open(path):
        d = json.loads(line)
        p = hashi.parse(d["id"])
        (r, c), dt = timed(lambda: (hashi.solve(p), hashi.count_solutions(p)))
        ok = r.solved and hashi.verify(p, r.solution) and c == 1
        wrong += not ok
        times.append(dt)
        if not d.get("tatham_deductive_solves", True):
            hard_times.append(dt)
    return len(times), wrong, times, hard_times


def coelho(data, limit):
    files = sorted(glob.glob(os.path.join(data, "coelho2019", "*", "*.has")))
    per_size = {}
    for f in files:
        p = hashi.parse(open(f).read())
        cpu = time.process_time()
        r, dt = timed(hashi.solve, p, time_limit=limit)
        cpu = time.process_time() - cpu
        ok = r.solved and hashi.verify(p, r.solution)
        size = os.path.basename(os.path.dirname(f))
        per_size.setdefault(size, []).append((ok, dt, cpu))
        if not ok:
            print("not solved:", os.path.basename(f), r.status, flush=True)
    return per_size


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data", "hashi"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results", "hashi.md"))
    ap.add_argument("--coelho-limit", type=float, default=10.0, help="seconds per Coelho instance")
    ap.add_argument("--ilp-max", type=int, default=10, help="ILP runs per Tatham set")
    ap.add_argument("--cbc", action="store_true", help="also time CBC through PuLP")
    ap.add_argument("--skip-coelho", action="store_true")
    args = ap.parse_args(argv)
    lines = ["# Hashiwokakero: exact solver vs Rafaralahy's ILP", "",
             f"Command: `python bench/hashi_compare.py {' '.join(argv or sys.argv[1:])}` "
             "(2-core machine, shared; one thread; times include Python overhead).", "",
             "## Tatham instances (median ms per puzzle)", "",
             "Exact = solution + uniqueness proof (count_solutions(limit=2)); ILP = Rafaralahy's model "
             "with connectivity cuts, HiGHS via highspy" + (", CBC via PuLP" if args.cbc else "") + ".", "",
             "| set | puzzles | islands | exact (solve+unique) | ILP HiGHS | ILP CBC |",
             "|---|---|---|---|---|---|"]
    for name, n, isl, ex, ilp, cbc in tatham_rows(args.data, args.cbc, args.ilp_max):
        fmt = lambda v: "-" if v is None else f"{v:.3f}"
        lines.append(f"| {name} | {n} | {isl} | {fmt(ex)} | {fmt(ilp)} | {fmt(cbc)} |")
        print(lines[-1], flush=True)
    jk = janko(args.data)
    if jk:
        n, wrong, times, hard = jk
        lines += ["", "## janko.at puzzles (PuzzleKit set, benchmark only)", "",
                  f"{n} puzzles, solve + uniqueness proof, {n - wrong} correct and unique; total "
                  f"{sum(times):.3f} s, median {statistics.median(times) * 1e3:.3f} ms, max "
                  f"{max(times) * 1e3:.2f} ms. The {len(hard)} puzzles Tatham's deductive solver cannot "
                  f"finish: total {sum(hard):.3f} s, max {max(hard) * 1e3:.2f} ms."]
        print(lines[-1], flush=True)
    if not args.skip_coelho:
        per = coelho(args.data, args.coelho_limit)
        lines += ["", f"## Coelho et al. 2019 instances (find one solution, limit {args.coelho_limit:g} s each)", "",
                  "Wall-clock times (the limit is wall clock) and process CPU times; on a shared "
                  "machine the CPU column is the one to compare.", "",
                  "| islands | instances | solved | total s | median ms | max s | total CPU s | max CPU s |",
                  "|---|---|---|---|---|---|---|---|"]
        tot_ok = tot_n = 0
        tot_t = tot_c = 0.0
        for size in sorted(per, key=int):
            rows = per[size]
            ok = sum(o for o, _, _ in rows)
            ts = [t for _, t, _ in rows]
            cs = [c for _, _, c in rows]
            tot_ok += ok
            tot_n += len(rows)
            tot_t += sum(ts)
            tot_c += sum(cs)
            lines.append(f"| {size} | {len(rows)} | {ok} | {sum(ts):.1f} | "
                         f"{statistics.median(ts) * 1e3:.2f} | {max(ts):.2f} | {sum(cs):.1f} | {max(cs):.2f} |")
            print(lines[-1], flush=True)
        lines.append(f"| all | {tot_n} | {tot_ok} | {tot_t:.1f} | | | {tot_c:.1f} | |")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("wrote", args.out)


if __name__ == "__main__":
    main()
