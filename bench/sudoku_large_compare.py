"""Compare cassetete's general Sudoku engine with OR-Tools CP-SAT on 16x16 and 25x25 puzzles.

The puzzles are the Lloyd & Amos "general" instances (acs_general_16x16.txt and
acs_general_25x25.txt, see ../shared/data/sudoku/SOURCES.md): one puzzle per line, '.' empty,
values written as 1-9 then A-P. Line k has 5*(k // 100) percent of its cells given, so the
default range (lines 400-1099) covers 20-50 % given, the range named in issue 2.

Every answer (ours and CP-SAT's) is checked by ``check_solution`` below, written from the rules
of Sudoku (each row, column and box holds every value once; the clues are kept) and sharing no
code with the engine. A puzzle counts as a failure when no checked solution was found within the
time limit. With ``--limit2`` the engine is also run with limit=2 (is the solution unique?).

Example (the command behind bench/results/sudoku_large.md)::

    python bench/sudoku_large_compare.py --size 25 --offset 400 --count 700 --step 7 \\
        --ortools-step 5 --markdown bench/results/sudoku_large_25.md

CP-SAT is optional (``pip install ortools``, part of the ``bench`` extra); times are wall-clock
seconds of ``CpSolver.Solve`` only (model building excluded), ours are wall-clock seconds of the
whole ``_core.sudoku.solve`` call from Python.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from cassetete import _core

ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALL_RULES = ["exclusivity", "uniqueness", "parity", "intersections"]
REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "sudoku"


def parse_line(line: str, n: int) -> np.ndarray:
    """Decode one acs line into a flat uint8 grid (0 = empty).

    >>> parse_line("1." + "." * 14, 4).tolist()[:3]
    [1, 0, 0]
    """
    line = line.strip()
    if len(line) != n * n:
        raise ValueError(f"expected {n * n} characters, got {len(line)}")
    values = [0 if ch == "." else ALPHABET.index(ch) + 1 for ch in line]
    return np.array(values, dtype=np.uint8)


def read_puzzles(path: Path, n: int, offset: int, count: int, step: int) -> list[tuple[int, np.ndarray]]:
    """Return (line number, grid) for lines offset, offset+step, ... (count lines scanned).

    >>> isinstance(read_puzzles, object)
    True
    """
    lines = [ln for ln in path.read_text().splitlines() if ln and not ln.startswith("#")]
    chosen = range(offset, min(offset + count, len(lines)), step)
    return [(k, parse_line(lines[k], n)) for k in chosen]


def check_solution(clues: np.ndarray, solution: np.ndarray | None, box: int) -> bool:
    """True if `solution` keeps the clues and every row, column and box holds 1..N once.

    >>> g = np.array([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], dtype=np.uint8)
    >>> check_solution(np.zeros(16, np.uint8), g, 2)
    True
    """
    if solution is None:
        return False
    n = box * box
    grid = np.asarray(solution, dtype=np.int64).reshape(n, n)
    given = np.asarray(clues).reshape(n, n)
    if np.any((given != 0) & (given != grid)):
        return False
    want = np.arange(1, n + 1)
    for i in range(n):
        if not np.array_equal(np.sort(grid[i, :]), want) or not np.array_equal(np.sort(grid[:, i]), want):
            return False
    for br in range(0, n, box):
        for bc in range(0, n, box):
            if not np.array_equal(np.sort(grid[br : br + box, bc : bc + box].ravel()), want):
                return False
    return True


def solve_ours(grid: np.ndarray, box: int, limit: int, time_limit: float) -> tuple[float, int, np.ndarray | None, str, dict]:
    """Run the engine; returns (seconds, count, first solution, status, stats).

    >>> isinstance(solve_ours, object)
    True
    """
    start = time.perf_counter()
    count, solution, status, _complete, stats = _core.sudoku.solve(
        grid, box, box, limit, ALL_RULES, time_limit, None, None
    )
    return time.perf_counter() - start, count, solution, status, stats


def solve_cpsat(grid: np.ndarray, box: int, workers: int, time_limit: float) -> tuple[float, np.ndarray | None]:
    """Solve with CP-SAT (AllDifferent per row, column and box); returns (seconds, solution).

    >>> isinstance(solve_cpsat, object)
    True
    """
    from ortools.sat.python import cp_model

    n = box * box
    model = cp_model.CpModel()
    cells = [[model.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    given = grid.reshape(n, n)
    for r in range(n):
        for c in range(n):
            if given[r, c]:
                model.Add(cells[r][c] == int(given[r, c]))
    for i in range(n):
        model.AddAllDifferent(cells[i])
        model.AddAllDifferent([cells[r][i] for r in range(n)])
    for br in range(0, n, box):
        for bc in range(0, n, box):
            model.AddAllDifferent([cells[r][c] for r in range(br, br + box) for c in range(bc, bc + box)])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    start = time.perf_counter()
    status = solver.Solve(model)
    seconds = time.perf_counter() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return seconds, None
    values = np.array([solver.Value(cells[r][c]) for r in range(n) for c in range(n)], dtype=np.uint8)
    return seconds, values


def summary(times: list[float]) -> tuple[float, float, float]:
    """(mean, median, max) in milliseconds.

    >>> summary([0.001, 0.003])
    (2.0, 2.0, 3.0)
    """
    if not times:
        return (math.nan, math.nan, math.nan)
    ms = [t * 1e3 for t in times]
    return (statistics.fmean(ms), statistics.median(ms), max(ms))


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; prints a table row per run and optionally writes markdown.

    >>> isinstance(main, object)
    True
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", type=Path, default=DEFAULT_DATA, help="folder holding the acs files")
    parser.add_argument("--size", type=int, choices=(16, 25), default=25)
    parser.add_argument("--offset", type=int, default=400, help="first line (0-based, 400 = 20 %% given)")
    parser.add_argument("--count", type=int, default=700, help="lines scanned from --offset")
    parser.add_argument("--step", type=int, default=1, help="take every step-th line")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per puzzle and solver")
    parser.add_argument("--no-limit2", action="store_true", help="skip the limit=2 (uniqueness) run")
    parser.add_argument("--ortools-step", type=int, default=1, help="run CP-SAT on every k-th chosen puzzle")
    parser.add_argument("--ortools-workers", type=int, nargs="*", default=[1, 8])
    parser.add_argument("--no-ortools", action="store_true")
    parser.add_argument("--markdown", type=Path, help="append the result table to this file")
    parser.add_argument("--verbose", action="store_true", help="one line per puzzle")
    args = parser.parse_args(argv)

    box = {16: 4, 25: 5}[args.size]
    path = args.path / f"acs_general_{args.size}x{args.size}.txt"
    puzzles = read_puzzles(path, args.size, args.offset, args.count, args.step)
    print(f"{path.name}: {len(puzzles)} puzzles (lines {args.offset}..{args.offset + args.count - 1}, step {args.step})")

    rows: list[tuple[str, int, tuple[float, float, float], int]] = []
    ours_first: dict[int, float] = {}
    for limit in (1,) if args.no_limit2 else (1, 2):
        times, failures = [], 0
        for line, grid in puzzles:
            seconds, count, solution, status, stats = solve_ours(grid, box, limit, args.time_limit)
            ok = status == "solved" and check_solution(grid, solution, box)
            failures += not ok
            times.append(seconds)
            if limit == 1:
                ours_first[line] = seconds
            if args.verbose or not ok:
                print(f"  line {line} limit={limit}: {seconds * 1e3:.2f} ms, {stats['nodes']} nodes, "
                      f"count {count}, {status}{'' if ok else ' FAILED'}")
        stats_ms = summary(times)
        rows.append((f"cassetete limit={limit}", len(times), stats_ms, failures))
        print(f"ours limit={limit}: mean {stats_ms[0]:.2f} ms, median {stats_ms[1]:.2f} ms, "
              f"max {stats_ms[2]:.2f} ms, failures {failures}")

    cpsat_rows = []
    if not args.no_ortools:
        try:
            import ortools  # noqa: F401
        except ImportError:
            print("ortools is not installed: CP-SAT skipped (pip install ortools)")
        else:
            subset = puzzles[:: args.ortools_step]
            for workers in args.ortools_workers:
                times, failures = [], 0
                for line, grid in subset:
                    seconds, solution = solve_cpsat(grid, box, workers, args.time_limit)
                    ok = check_solution(grid, solution, box)
                    failures += not ok
                    times.append(seconds)
                    if args.verbose or not ok:
                        print(f"  line {line} CP-SAT {workers}w: {seconds * 1e3:.1f} ms{'' if ok else ' FAILED'}")
                mine = [ours_first[line] for line, _ in subset]
                stats_ms = summary(times)
                ratio = statistics.fmean(times) / statistics.fmean(mine)
                cpsat_rows.append((workers, len(subset), stats_ms, failures, ratio, summary(mine)))
                print(f"CP-SAT {workers} worker(s) on {len(subset)} puzzles: mean {stats_ms[0]:.1f} ms, "
                      f"median {stats_ms[1]:.1f} ms, max {stats_ms[2]:.1f} ms, failures {failures}; "
                      f"ours on the same puzzles {summary(mine)[0]:.2f} ms mean: CP-SAT/ours = {ratio:.1f}x")

    if args.markdown:
        command = "python bench/sudoku_large_compare.py " + " ".join(sys.argv[1:] if argv is None else argv)
        out = [f"\n### {args.size}x{args.size}, lines {args.offset}-{args.offset + args.count - 1} step {args.step}",
               "", f"`{command}`", "",
               "| solver | puzzles | mean ms | median ms | max ms | failures | CP-SAT mean / ours mean |",
               "|---|---:|---:|---:|---:|---:|---:|"]
        for name, k, (mean, med, mx), failures in rows:
            out.append(f"| {name} | {k} | {mean:.2f} | {med:.2f} | {mx:.2f} | {failures} | |")
        for workers, k, (mean, med, mx), failures, ratio, mine in cpsat_rows:
            out.append(f"| CP-SAT {workers} worker(s) | {k} | {mean:.1f} | {med:.1f} | {mx:.1f} | {failures} "
                       f"| {ratio:.1f}x (ours {mine[0]:.2f} ms on these) |")
        with args.markdown.open("a") as fh:
            fh.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
