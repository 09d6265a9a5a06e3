"""Large Sudoku: the learning engine's run-to-run spread, the same grids solved under several seeds.

The learning search (``cpp/sudoku/learning.hpp``) is heavy-tailed, and its tail follows the run
rather than the grid: one seed is slow on a grid that the next solves at once. A single run, as
``bench/sudoku_large_compare.py`` makes with the built-in seed, is one draw. This script solves
every grid under each seed asked for (``sudoku.solve(grid, method="learning", seed=s)``;
``default`` = the built-in seed, what ``sudoku.solve(grid)`` uses), checks every answer with the
rules checker of the compare script, and gives per seed the total, the slowest run and the grids
answered, then the mean over the seeds.

Grids (``bench/sudoku_large_instances.py``): ``--acs FIRST LAST STEP`` lines of the Lloyd & Amos
25x25 acs file, ``--holes36 SEEDS``: 36x36 random full grids with 42-48 % of their cells kept,
one grid per seed, the given share cycling over eight levels from 42 to 48 % (the k-th seed
listed gets level k mod 8). Seeds accept ranges: ``1-8 101-116``.

Example (the figures of issue 29's 2026-11-28 session, about 3 minutes on one core)::

    python bench/sudoku_large_seeds.py --acs 900 999 1 --holes36 1-8 101-116 \\
        --solver-seeds default 1-15 --time-limit 10
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sudoku_large_compare import DEFAULT_DATA, check_solution, solve_ours, write_markdown  # noqa: E402
from sudoku_large_instances import Instance, acs_instances, holes_instance  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DEFAULT_MARKDOWN = REPO / "bench" / "results" / "sudoku_large_seeds.md"
LEVELS = 8  # given shares 42, 42.9, ..., 48 %


def parse_seeds(words: list[str]) -> list[int | None]:
    """Seeds from words such as ``default``, ``3`` or ``1-8`` (inclusive); ``default`` is None.

    >>> parse_seeds(["default", "1-3", "7"])
    [None, 1, 2, 3, 7]
    """
    out: list[int | None] = []
    for word in words:
        if word == "default":
            out.append(None)
        elif "-" in word.strip("-"):
            first, last = (int(x) for x in word.split("-", 1))
            out += list(range(first, last + 1))
        else:
            out.append(int(word))
    return out


def holes36_grids(seeds: list[int]) -> list[Instance]:
    """One 36x36 holes grid per seed, the given share cycling over eight levels (42-48 %).

    >>> [round(100 * g.given) for g in holes36_grids([5, 6])]
    [42, 43]
    """
    return [holes_instance(6, 0.42 + 0.06 * (k % LEVELS) / (LEVELS - 1), seed) for k, seed in enumerate(seeds)]


def solve_once(inst: Instance, seed: int | None, time_limit: float) -> tuple[float, bool]:
    """Seconds of one ``sudoku.solve`` call and whether it returned a checked solution.

    >>> solve_once(holes_instance(2, 0.5, 1), 3, 5.0)[1]
    True
    """
    run = solve_ours(inst, time_limit, seed)
    return run.seconds, run.status == "solved" and check_solution(inst.grid, run.solution, inst.box)


def seed_name(seed: int | None) -> str:
    """``built-in`` for None, else the number.

    >>> seed_name(None), seed_name(4)
    ('built-in', '4')
    """
    return "built-in" if seed is None else str(seed)


def run_set(name: str, grids: list[Instance], seeds: list[int | None], time_limit: float) -> list[str]:
    """Markdown lines for one set: a row per seed, then the mean over the seeds."""
    lines = [f"### {name}: {len(grids)} grids", "",
             "| seed | total s | mean s per grid | slowest run s | answered | runs over 1 s (their s) |",
             "|---|---:|---:|---:|---:|---|"]
    totals = []
    for seed in seeds:
        times, answered = [], 0
        for inst in grids:
            seconds, ok = solve_once(inst, seed, time_limit)
            times.append(seconds)
            answered += ok
        total = sum(times)
        totals.append(total)
        slow = [t for t in times if t > 1.0]
        lines.append(f"| {seed_name(seed)} | {total:.3f} | {total / len(grids):.4f} | {max(times):.3f} | "
                     f"{answered} of {len(grids)} | {len(slow)} ({sum(slow):.1f}) |")
        print(lines[-1], flush=True)
    mean = statistics.fmean(totals)
    lines += ["", f"Over the {len(seeds)} seeds: total {mean:.3f} s on average (mean per grid "
              f"{mean / len(grids):.4f} s), lowest {min(totals):.3f} s, highest {max(totals):.3f} s.", ""]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acs", type=int, nargs=3, metavar=("FIRST", "LAST", "STEP"), default=None,
                        help="25x25 acs lines (900 999 1 = the 45 %% band)")
    parser.add_argument("--path", type=Path, default=DEFAULT_DATA, help="folder holding acs_general_25x25.txt")
    parser.add_argument("--holes36", nargs="+", default=None, metavar="SEED",
                        help="36x36 holes grids, one per seed (ranges allowed: 1-8 101-116)")
    parser.add_argument("--solver-seeds", nargs="+", default=["default", "1-5"], metavar="SEED",
                        help="seeds of the learning search; default = the built-in one (default: default 1-5)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per run")
    parser.add_argument("--markdown", type=Path, default=DEFAULT_MARKDOWN)
    parser.add_argument("--no-markdown", action="store_true")
    args = parser.parse_args(argv)
    seeds = parse_seeds(args.solver_seeds)
    sets: list[tuple[str, list[Instance]]] = []
    if args.acs:
        first, last, step = args.acs
        sets.append((f"25x25 acs lines {first}-{last}", acs_instances(args.path, 5, first, last, step)))
    if args.holes36:
        grid_seeds = [s for s in parse_seeds(args.holes36) if s is not None]
        sets.append((f"36x36 holes 42-48 %, grid seeds {' '.join(args.holes36)}", holes36_grids(grid_seeds)))
    if not sets:
        parser.error("nothing to run: give --acs and/or --holes36")
    start = time.time()
    block = ["Command: `python bench/sudoku_large_seeds.py " + " ".join(sys.argv[1:] if argv is None else argv) + "`",
             ""]
    body: list[str] = []
    for name, grids in sets:
        body += run_set(name, grids, seeds, args.time_limit)
    from cassetete import __version__

    block += [f"Machine: {platform.machine()}, CPython {platform.python_version()}, cassetete {__version__}; "
              f"whole run {time.time() - start:.0f} s, {args.time_limit:g} s limit per run.", "", *body]
    if not args.no_markdown:
        if not args.markdown.exists():
            args.markdown.write_text("# Large Sudoku: the learning engine under several seeds\n\n"
                                     "Written by `bench/sudoku_large_seeds.py` (see its docstring).\n")
        write_markdown(args.markdown, block)
        print(f"wrote {args.markdown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
