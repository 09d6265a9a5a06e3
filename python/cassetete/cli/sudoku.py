"""``cassetete sudoku``: solve, count, explain, generate and time Sudoku puzzles."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import List, Optional, TextIO

import numpy as np

from .. import sudoku
from .._errors import LimitReached, PuzzleError
from .._io import read_text
from ..sudoku._model import SYMBOLS
from ._common import (
    EXIT_BAD_INPUT,
    add_limit_flags,
    add_output_flags,
    add_seed_flag,
    add_workers_flag,
    count_text,
    exit_code,
    write_json,
    write_svg,
)

# Two bundled puzzles for the demo: the first of the magictour top1465 set (tdoku's benchmark
# data, BSD-2-Clause) and a 16x16 our generator makes from a fixed seed.
DEMO_9X9 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _read_text(source: str) -> str:
    if source != "-" and len(source) >= 16 and "\n" not in source and "/" not in source:
        try:
            is_file = Path(source).exists()
        except OSError:  # a name longer than the system allows: a typed puzzle
            is_file = False
        if not is_file and not Path(source).suffix:
            return source  # a puzzle typed on the command line (one-line form)
    return read_text(source)


def _box(values: Optional[List[int]]):
    return tuple(values) if values else None


def _svg_path(base: str, index: int, total: int) -> Path:
    path = Path(base)
    return path if total == 1 else path.with_name(f"{path.stem}-{index + 1}{path.suffix or '.svg'}")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``cassetete sudoku`` and its subcommands."""
    parser = subparsers.add_parser("sudoku", help="Sudoku of any order: solve, count, explain, generate, bench")
    sub = parser.add_subparsers(dest="sudoku_command", metavar="ACTION")
    sub.required = True

    solve = sub.add_parser("solve", help="solve puzzles from a file (one per line, or N lines of N numbers)")
    solve.add_argument("source", help="FILE, '-' for stdin, or one puzzle in one-line form")
    solve.add_argument("--box", type=int, nargs=2, metavar=("ROWS", "COLS"), help="box shape (non-square orders)")
    solve.add_argument("--count", action="store_true", help="print the number of solutions (0, 1 or 2 = several)")
    solve.add_argument("--explain", action="store_true", help="print the rule applications (the Sudoku lecture notes' 'Règles EUP')")
    solve.add_argument("--rules", nargs="+", choices=sudoku.RULES, default=list(sudoku.DEFAULT_RULES),
                       help="rules used by propagation (default: all but hall, which the engine adds from order 36 up)")
    solve.add_argument("--grid", action="store_true", help="print solutions as N lines (default for one puzzle)")
    add_limit_flags(solve)
    add_workers_flag(solve, default=-1)
    add_output_flags(solve)
    solve.set_defaults(handler=run_solve)

    gen = sub.add_parser("generate", help="generate puzzles (unique and symmetric by default)")
    gen.add_argument("--box", type=int, nargs=2, metavar=("ROWS", "COLS"), default=[3, 3])
    gen.add_argument("--clues", type=int, default=None, help="target number of clues (default: minimal)")
    gen.add_argument("--not-unique", action="store_true", help="do not require a unique solution")
    gen.add_argument("--asymmetric", action="store_true", help="remove clues one by one, not in symmetric pairs")
    gen.add_argument("--number", "-n", type=int, default=1, help="how many puzzles")
    add_seed_flag(gen)
    gen.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                     help="per puzzle: stop removing clues after this long (unique, maybe not minimal)")
    gen.add_argument("--rate", action="store_true", help="print each puzzle's rating after it")
    gen.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    gen.set_defaults(handler=run_generate)

    bench = sub.add_parser("bench", help="time solve_many on a file of one-line puzzles")
    bench.add_argument("source", help="FILE of one-line puzzles ('#' comments skipped)")
    bench.add_argument("--box", type=int, nargs=2, metavar=("ROWS", "COLS"))
    bench.add_argument("--limit", type=int, default=1, help="1 = first solution, 2 = uniqueness check")
    add_workers_flag(bench)
    bench.add_argument("--max", type=int, default=None, help="only the first MAX puzzles")
    bench.set_defaults(handler=run_bench)


def run_solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Solve every puzzle of the source. Exit code: 0 all solved, 1 one has no solution, 2 one is
    malformed (the others are still solved), 3 a limit stopped one."""
    out = out if out is not None else sys.stdout
    text = _read_text(args.source)
    lines = _one_line_puzzles(text)
    if lines is not None and len(lines) > 1 and _can_batch(args):
        return _solve_lines(args, lines, out)
    puzzles = sudoku.parse_many(text, box=_box(args.box))
    as_grid = (args.grid or len(puzzles) == 1) and not args.json
    if len(puzzles) > 1 and _can_batch(args) and len({p.box for p in puzzles}) == 1:
        array = np.stack([p.grid.ravel() for p in puzzles])
        return _write_batch(args, array, puzzles[0].box, as_grid, out)
    statuses = []
    for index, puzzle in enumerate(puzzles):
        if len(puzzles) > 1 and (as_grid or args.explain) and not args.json:
            out.write(f"# puzzle {index + 1}\n")
        if args.explain and not args.json:
            for step in sudoku.explain(puzzle, rules=args.rules):
                out.write(f"{step}\n")
            out.write(sudoku.render(puzzle, rules=args.rules))
        result = sudoku.solve(puzzle, time_limit=args.time_limit, node_limit=args.node_limit, rules=args.rules)
        status = result.status
        count: Optional[int] = None
        complete: Optional[bool] = None
        if args.count:
            try:
                count, complete = sudoku.count_solutions(puzzle, limit=2, time_limit=args.time_limit,
                                                         node_limit=args.node_limit, rules=args.rules), True
            except LimitReached as stopped:
                count, complete = stopped.count, False
                if status == "solved":
                    status = "limit"  # uniqueness was asked and is not settled
        statuses.append(status)
        if args.json:
            write_json(out, index=index, status=status,
                       solution=None if result.solution is None else str(sudoku.Sudoku(result.solution, puzzle.box)),
                       count=count, complete=complete, stats=result.stats)
        elif result.solved:
            answer = sudoku.Sudoku(result.solution, puzzle.box)
            out.write(answer.to_grid_text() if as_grid else f"{answer}\n")
        else:
            out.write(f"{result.status}\n")
        if args.svg and result.solved:
            write_svg(str(_svg_path(args.svg, index, len(puzzles))), puzzle.to_svg(solution=result.solution))
        if args.count and not args.json:
            out.write(f"solutions: {count_text(count or 0, bool(complete), 2)}\n")
    return exit_code(statuses)


def _one_line_puzzles(text: str) -> Optional[List[str]]:
    """The puzzles of a file of one-line puzzles of one length (None for any other layout)."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not lines or any(" " in line or "\t" in line for line in lines):
        return None
    length = len(lines[0])
    size = int(round(length ** 0.5))
    if size * size != length or size < 4 or size > 35 or any(len(line) != length for line in lines):
        return None
    return lines


def _can_batch(args: argparse.Namespace) -> bool:
    # Nothing per puzzle but the answer: one call on all cores.
    return not args.explain and not args.svg and args.time_limit is None


def _solve_lines(args: argparse.Namespace, lines: List[str], out: TextIO) -> int:
    size = int(round(len(lines[0]) ** 0.5))
    box = sudoku.infer_box(size, _box(args.box))
    return _write_batch(args, sudoku.parse_lines_array(lines, size), box, args.grid, out, lines)


def _write_batch(args: argparse.Namespace, array: np.ndarray, box, as_grid: bool, out: TextIO,
                 lines: Optional[List[str]] = None) -> int:
    size = box[0] * box[1]
    solutions, counts = sudoku.solve_many(array, workers=args.workers, limit=2 if args.count else 1,
                                          node_limit=args.node_limit, rules=args.rules, box=box)
    statuses = []
    malformed = 0
    symbols = np.frombuffer(("." + SYMBOLS).encode(), dtype=np.uint8)
    for index, (solution, count) in enumerate(zip(solutions, counts)):
        if count == sudoku.INVALID:
            # Duplicate clues are bad input, not an unsatisfiable puzzle: say where, go on.
            try:
                sudoku.Sudoku(array[index].reshape(size, size), box)
                message = "the clues repeat a value"
            except PuzzleError as error:
                message = str(error)
            malformed += 1
            print(f"cassetete: error: puzzle {index + 1}: {message}", file=sys.stderr)
            if args.json:
                write_json(out, index=index, status="invalid", error=message)
            else:
                out.write("invalid\n")
            continue
        status = "solved" if count > 0 else "unsatisfiable" if count == 0 else "limit"
        statuses.append(status)
        text = symbols[solution].tobytes().decode() if count > 0 else None
        if args.json:
            write_json(out, index=index, status=status, solution=text,
                       count=None if not args.count else max(int(count), 0), complete=bool(count >= 0))
            continue
        if as_grid:
            out.write(f"# puzzle {index + 1}\n")
        if count > 0:
            out.write(sudoku.Sudoku(solution.reshape(size, size), box).to_grid_text() if as_grid else f"{text}\n")
        else:
            out.write(f"{status}\n")
        if args.count:
            out.write("solutions: " + ("unknown (node limit)" if count < 0 else count_text(int(count), True, 2)) + "\n")
    return EXIT_BAD_INPUT if malformed else exit_code(statuses)


def run_generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Print generated puzzles, one per line (N lines of numbers beyond order 35)."""
    out = out if out is not None else sys.stdout
    if args.number < 1:
        raise PuzzleError(f"--number must be >= 1, got {args.number}")
    for k in range(args.number):
        seed = None if args.seed is None else args.seed + k
        puzzle = sudoku.generate(tuple(args.box), unique=not args.not_unique, symmetric=not args.asymmetric,
                                 clues=args.clues, seed=seed, time_limit=args.time_limit, progress=args.progress)
        out.write(f"{puzzle}\n" if puzzle.size <= 35 else puzzle.to_grid_text() + "\n")
        if args.rate:
            rating = sudoku.rate(puzzle)
            out.write(f"# clues {puzzle.clues}, level {rating.level}, nodes {rating.nodes}\n")
    return 0


def run_bench(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Print puzzles, wall and CPU seconds and microseconds per puzzle of solve_many."""
    out = out if out is not None else sys.stdout
    text = _read_text(args.source)
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if args.max is not None:
        lines = lines[: args.max]
    if not lines:
        raise PuzzleError(f"{args.source}: no puzzles")
    size = int(round(len(lines[0]) ** 0.5))
    box = sudoku.infer_box(size, _box(args.box))
    array = sudoku.parse_lines_array(lines, size)
    wall, cpu = time.perf_counter(), time.process_time()
    solutions, counts = sudoku.solve_many(array, workers=args.workers, limit=args.limit, box=box)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    solved = int((counts > 0).sum())
    several = int((counts >= 2).sum())
    out.write(f"puzzles {len(lines)}  solved {solved}  several-solutions {several}  "
              f"wall {wall:.3f} s  cpu {cpu:.3f} s  {1e6 * cpu / len(lines):.2f} us/puzzle (cpu)\n")
    return 0


def demo(out: Optional[TextIO] = None) -> None:
    """Solve a hard 9x9 puzzle and a generated 16x16 one and print them."""
    out = out if out is not None else sys.stdout
    out.write("== Sudoku\n")
    puzzle = sudoku.parse(DEMO_9X9)
    result = sudoku.solve(puzzle)
    out.write(f"top1465 #1: {puzzle.clues} clues, {result.status} in {result.stats['seconds'] * 1e6:.0f} us, "
              f"{sudoku.count_solutions(puzzle)} solution\n")
    out.write(sudoku.render(puzzle, result.solution))
    big = sudoku.generate((4, 4), seed=2024, clues=120)
    result = sudoku.solve(big)
    out.write(f"\ngenerated 16x16: {big.clues} clues, {result.status} in {result.stats['seconds'] * 1e3:.2f} ms\n")
    out.write(sudoku.render(big, result.solution))
