"""1-in-3 SAT -> PUZZLE-POSITION (Béhague 2024, theorem 3.4): board sizes of the reduction and the
time solve_positions (Algorithm 1 + branching) takes on them, for random formulas with a
planted 1-in-3 valuation (n clauses over m variables, literals signed at random so that exactly
one per clause is true). CPU seconds (time.process_time). Writes
bench/results/edgematch_one_in_three.md.

Usage: python bench/edgematch_one_in_three.py [--cases 2x3 4x4 6x6 8x8 10x10] [--seed 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from cassetete import edgematch as em

ROOT = Path(__file__).resolve().parent.parent


def planted(n: int, m: int, rng: random.Random):
    value = {v: rng.random() < 0.5 for v in range(1, m + 1)}
    clauses = []
    for _ in range(n):
        true_one = rng.randrange(3)
        clause = []
        for k in range(3):
            v = rng.randint(1, m)
            clause.append(v if value[v] == (k == true_one) else -v)
        clauses.append(clause)
    return clauses


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", nargs="*", default=["2x3", "4x4", "6x6", "8x8", "10x10"])
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "edgematch_one_in_three.md"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = ["# 1-in-3 SAT -> PUZZLE-POSITION: sizes and solve_positions times", "",
             f"Command: `python bench/edgematch_one_in_three.py {' '.join(sys.argv[1:])}`. Planted "
             "formulas (n clauses, m variables); first solution found by `solve_positions`, its "
             "decoded valuation checked against the formula; CPU seconds.", "",
             "| n | m | rows x cols | bound (4m+5) x (18n+1) | solve_positions (s) | valuation ok |",
             "|---|---|---|---|---|---|"]
    for case in args.cases:
        n, m = (int(x) for x in case.split("x"))
        clauses = planted(n, m, rng)
        puzzle, positions, info = em.one_in_three_to_position(clauses)
        t = time.process_time()
        board, found = em.solve_positions(puzzle, positions)
        dt = time.process_time() - t
        ok = False
        if found:
            val = info["valuation"](board)
            ok = em.verify(puzzle, board) and all(sum(val[abs(x)] == (x > 0) for x in c) == 1 for c in clauses)
        rows, cols = info["size"]
        m_used = len(info["variables"])
        lines.append(f"| {n} | {m_used} | {rows} x {cols} | {4 * m_used + 5} x {18 * n + 1} | {dt:.2f} | {ok} |")
        print(lines[-1], flush=True)
    Path(args.out).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
