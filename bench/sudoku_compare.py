"""Sudoku speed against the goals of issue 2 and against the Python libraries people use.

    python bench/sudoku_compare.py [--data ../shared/data/sudoku] [--peers 30] [--out bench/results/sudoku.md]

1. Every 9x9 set in file order through solve_many(workers=1), first solution (limit=1) and
   uniqueness (limit=2): microseconds of process CPU time per puzzle, best of 3 passes. Every
   answer is checked by an independent rules check (numpy, in this file). No peer figure: tdoku
   is compared side by side in one run by bench/sudoku9_vs_tdoku.py.
2. py-sudoku and dlxsudoku (pip install "cassetete[bench]") on the first --peers puzzles of
   puzzles6_forum_hardest_1106, against ours on the same puzzles.
The 16x16/25x25 comparison with OR-Tools CP-SAT is bench/sudoku_large_compare.py.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sudoku_data import DEFAULT_DATA, SETS_9X9, read_puzzles  # noqa: E402

from cassetete import _core, sudoku  # noqa: E402


def rules_ok(puzzles: np.ndarray, solutions: np.ndarray) -> bool:
    """Independent check: rows, columns, boxes are permutations of 1..9 and clues are kept."""
    grids = solutions.reshape(-1, 9, 9).astype(np.int64)
    boxes = grids.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    full = np.arange(1, 10)
    for units in (grids, grids.transpose(0, 2, 1), boxes):
        if not (np.sort(units, axis=2) == full).all():
            return False
    given = puzzles > 0
    return bool((solutions[given] == puzzles[given]).all())


def time_ours(puzzles: np.ndarray, limit: int, passes: int = 3):
    best = None
    for _ in range(passes):
        start = time.process_time()
        solutions, counts = sudoku.solve_many(puzzles, workers=1, limit=limit)
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    return 1e6 * best / len(puzzles), solutions, counts


def time_peer(solve_one, lines):
    start = time.process_time()
    answers = [solve_one(line) for line in lines]
    return 1e6 * (time.process_time() - start) / len(lines), answers


def py_sudoku_solver():
    from sudoku import Sudoku as PySudoku  # py-sudoku

    def solve(line):
        board = [[int(ch) if ch != "." else 0 for ch in line[9 * r:9 * r + 9]] for r in range(9)]
        solved = PySudoku(3, 3, board=board).solve()
        return np.array(solved.board, dtype=np.uint8).ravel()

    return solve


def dlx_sudoku_solver():
    import dlxsudoku

    def solve(line):
        grid = dlxsudoku.Sudoku(line.replace(".", "0"))
        grid.solve()
        return np.frombuffer(grid.to_oneliner().encode(), dtype=np.uint8) - ord("0")

    return solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--peers", type=int, default=30, help="hard puzzles given to each Python peer")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results" / "sudoku.md")
    args = parser.parse_args()

    rows = []
    for name in SETS_9X9:
        lines = read_puzzles(name, args.data)
        puzzles = sudoku.parse_lines_array(lines, 9)
        first, solutions, counts = time_ours(puzzles, 1)
        assert (counts == 1).all() and rules_ok(puzzles, solutions), name
        unique, solutions, counts = time_ours(puzzles, 2)
        assert rules_ok(puzzles, solutions), name
        several = int((counts == 2).sum())
        rows.append(f"| {name} | {len(lines):,} | {first:.2f} | {unique:.2f} | {several:,} |")
        print(rows[-1], flush=True)

    hard = read_puzzles("puzzles6_forum_hardest_1106", args.data, limit=args.peers)
    hard_array = sudoku.parse_lines_array(hard, 9)
    ours, solutions, _ = time_ours(hard_array, 1)
    assert rules_ok(hard_array, solutions)
    peer_rows = [f"| cassetete (solve_many, 1 thread) | {ours:,.1f} | 1 |"]
    per_puzzle_ours = []
    for line in hard:  # one call per puzzle, as a user of solve() pays it
        start = time.process_time()
        sudoku.solve(line)
        per_puzzle_ours.append(time.process_time() - start)
    single = 1e6 * sum(per_puzzle_ours) / len(hard)
    peer_rows.append(f"| cassetete (sudoku.solve per puzzle) | {single:,.1f} | {single / ours:.1f} |")
    for label, factory in (("py-sudoku", py_sudoku_solver), ("dlxsudoku", dlx_sudoku_solver)):
        try:
            solver = factory()
        except ImportError:
            peer_rows.append(f"| {label} | not installed | |")
            continue
        us, answers = time_peer(solver, hard)
        assert rules_ok(hard_array, np.stack(answers)), label
        peer_rows.append(f"| {label} | {us:,.0f} | {us / ours:,.0f} |")
        print(peer_rows[-1], flush=True)

    text = f"""# Sudoku speed (issue 2)

Reproduce: `python bench/sudoku_compare.py` (and `pytest bench/test_bench_sudoku.py` for the
pytest-benchmark suite). Machine: {platform.machine()}, {_core.common.hardware_threads()} hardware threads,
shared with other jobs during the run; build: {_core.common.build_info()}.
Time = process CPU time of `solve_many(puzzles, workers=1, limit=...)` over the whole file in
file order, divided by the number of puzzles, best of 3 passes; every answer checked by an
independent rules check. No peer figure here: tdoku is compared side by side in one run by
`bench/sudoku9_vs_tdoku.py` (`bench/results/sudoku9_vs_tdoku.md`).
9x9 puzzles with the default rules go to the 9x9 engine `cpp/sudoku/sudoku9.hpp` (the fast9
kernel, or vec9 on AVX-512 CPUs).

## 9x9 sets, microseconds per puzzle

| set | puzzles | ours, first | ours, unique (limit 2) | with 2+ solutions |
|---|---:|---:|---:|---:|
""" + "\n".join(rows) + f"""

## Python libraries, first {len(hard)} puzzles of puzzles6_forum_hardest_1106 (first solution)

| solver | us per puzzle (CPU) | times ours |
|---|---:|---:|
""" + "\n".join(peer_rows) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
