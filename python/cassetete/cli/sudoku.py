"""``cassetete sudoku``: solve, count, explain, generate and time Sudoku puzzles."""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from pathlib import Path
from typing import List, Optional, TextIO, Tuple

import numpy as np

from .. import sudoku
from .._errors import LimitReached, PuzzleError
from .._io import read_text
from ..sudoku._model import SYMBOLS
from ..sudoku._solve import line_error
from .._contract import add_flags, flag_values
from ._common import (
    EXIT_BAD_INPUT,
    add_cluster_flags,
    add_count_flags,
    add_output_flags,
    add_seed_flag,
    add_workers_flag,
    count_text,
    executor_from,
    exit_code,
    write_json,
    write_svg,
)

# Two bundled puzzles for the demo: the first of the magictour top1465 set (tdoku's benchmark
# data, BSD-2-Clause) and a 16x16 our generator makes from a fixed seed.
DEMO_9X9 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _looks_typed(source: str) -> bool:
    """A one-line puzzle typed on the command line rather than a file name: N*N characters of the
    one-line alphabet (so ``1234``, a 2x2 grid, is a puzzle while ``puzzles`` is a missing file)."""
    length = len(source)
    return (length >= 4 and math.isqrt(length) ** 2 == length
            and all(char.isascii() and (char.isalnum() or char == ".") for char in source))


def _read_text(source: str) -> str:
    if source != "-" and "\n" not in source and "/" not in source and not Path(source).suffix:
        try:
            is_file = Path(source).exists()
        except OSError:  # a name longer than the system allows: a typed puzzle
            is_file = False
        if not is_file and (len(source) >= 16 or _looks_typed(source)):
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
    add_count_flags(solve)
    solve.add_argument("--explain", action="store_true", help="print the rule applications (the Sudoku lecture notes' 'Règles EUP')")
    solve.add_argument("--rules", nargs="+", choices=sudoku.RULES, default=list(sudoku.DEFAULT_RULES),
                       help="rules used by propagation (default: all but hall, which the engine adds from order 36 up)")
    solve.add_argument("--grid", action="store_true", help="print solutions as N lines (default for one puzzle)")
    add_flags(solve, "sudoku", "solve")  # --time-limit --node-limit --seed --workers --method
    add_cluster_flags(solve)
    solve.add_argument("--progress", action="store_true",
                       help="stream a big file of one-line puzzles in chunks with a progress bar on stderr "
                            "(also implied by --scheduler / --cluster); with --count: a bar per count")
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
    add_output_flags(gen, svg=False)
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
    malformed (the others are still solved and printed; a malformed line prints
    ``invalid: <reason>``), 3 a limit stopped one."""
    out = out if out is not None else sys.stdout
    if _streamed(args):
        return _solve_streamed(args, out)
    text = _read_text(args.source)
    found = _one_line_puzzles(text, _box(args.box))
    entries: List[Tuple[Optional[int], Optional[sudoku.Sudoku], str]] = []  # (line number, puzzle, error)
    if found is not None and len(found[1]) > 1:
        numbers, lines, size = found
        if _can_batch(args):
            return _write_batch(args, lines, _box(args.box), args.grid, out, numbers)
        for line_number, line in zip(numbers, lines):
            try:  # the length and the characters first, as the batch reports them
                sudoku.parse_lines_array([line], size)
                entries.append((line_number, sudoku.parse(line, box=_box(args.box)), ""))
            except PuzzleError as error:
                entries.append((line_number, None, line_error(error, size)))
    else:
        puzzles = sudoku.parse_many(text, box=_box(args.box))
        if len(puzzles) > 1 and _can_batch(args) and len({p.box for p in puzzles}) == 1:
            array = np.stack([p.grid.ravel() for p in puzzles])
            return _write_batch(args, array, puzzles[0].box, args.grid and not args.json, out)
        entries = [(None, puzzle, "") for puzzle in puzzles]
    total = len(entries)
    as_grid = (args.grid or total == 1) and not args.json
    statuses = []
    malformed = 0
    for index, (number, puzzle, problem) in enumerate(entries):
        if total > 1 and (as_grid or args.explain) and not args.json:
            out.write(f"# puzzle {index + 1}\n")
        if puzzle is None:
            malformed += 1
            _report_invalid(args, out, index, number, problem)
            continue
        if args.explain and not args.json:
            for step in sudoku.explain(puzzle, rules=args.rules):
                out.write(f"{step}\n")
            out.write(sudoku.render(puzzle, rules=args.rules))
        result = sudoku.solve(puzzle, rules=args.rules, **flag_values(args, "sudoku", "solve"))
        status = result.status
        count: Optional[int] = None
        complete: Optional[bool] = None
        if args.count:
            try:
                count, complete = sudoku.count_solutions(puzzle, limit=args.limit, time_limit=args.time_limit,
                                                         node_limit=args.node_limit, rules=args.rules,
                                                         workers=args.workers, progress=bool(args.progress)), True
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
            write_svg(str(_svg_path(args.svg, index, total)), puzzle.to_svg(solution=result.solution))
        if args.count and not args.json:
            out.write(f"solutions: {count_text(count or 0, bool(complete), args.limit)}\n")
    return EXIT_BAD_INPUT if malformed else exit_code(statuses)


def _report_invalid(args: argparse.Namespace, out: TextIO, index: int, number: Optional[int], message: str) -> None:
    """A malformed puzzle: ``invalid: <reason>`` in its place (the convention of
    ``sudoku.solve_file``) and the reason with its puzzle and line number on stderr; the others go on."""
    where = f"puzzle {index + 1}" + (f" (line {number})" if number is not None else "")
    print(f"cassetete: error: {where}: {message}", file=sys.stderr)
    if args.json:
        write_json(out, index=index, line=number, status="invalid", error=message)
    else:
        out.write(f"invalid: {message}\n")


def _one_line_puzzles(text: str, box: Optional[Tuple[int, int]] = None) -> Optional[Tuple[List[int], List[str], int]]:
    """(line numbers, lines, order N) of a file of one-line puzzles, malformed lines included, or None for
    any other layout. The order is the box's, else the most common line length; at least half of
    the lines must have it. N lines of N characters stay a drawn grid unless the parser reads
    them as one-line puzzles."""
    numbered = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered or any(" " in line or "\t" in line for _, line in numbered):
        return None
    lines = [line for _, line in numbered]
    if box is not None:
        length = (box[0] * box[1]) ** 2
    else:
        squares = Counter(len(line) for line in lines if math.isqrt(len(line)) ** 2 == len(line))
        if not squares:
            return None
        length = squares.most_common(1)[0][0]
    size = math.isqrt(length)
    if size < (2 if box is not None else 4) or size > 35 or 2 * sum(len(line) == length for line in lines) < len(lines):
        return None
    if len(lines) == length and all(len(line) == length for line in lines) and not _reads_as_lines(lines, box):
        return None  # L lines of L characters that the parser reads as one drawn grid
    return [number for number, _ in numbered], lines, size


def _reads_as_lines(lines: List[str], box: Optional[Tuple[int, int]]) -> bool:
    from ..sudoku._formats import _one_line_puzzles as parser_reads_lines

    return bool(parser_reads_lines(lines, box))


def _can_batch(args: argparse.Namespace) -> bool:
    # Nothing per puzzle but the answer: one call on all cores.
    return (not args.explain and not args.svg and args.time_limit is None and not (args.count and args.progress)
            and args.method == "auto" and args.seed is None and not (args.count and args.limit is None))


def _streamed(args: argparse.Namespace) -> bool:
    # --progress streams a file, except with --count (then each count shows its own bar).
    return (getattr(args, "scheduler", None) is not None or getattr(args, "cluster", None) is not None
            or (bool(getattr(args, "progress", False)) and not getattr(args, "count", False)))


def _solve_streamed(args: argparse.Namespace, out: TextIO) -> int:
    """``--scheduler`` / ``--cluster`` / ``--progress``: the file streams through
    ``sudoku.solve_file`` in chunks (on the cluster's workers when one is given), one output line
    per input line: the solution, ``unsatisfiable``, ``limit`` or ``invalid: <reason>``."""
    unsupported = [flag for flag, given in (("--count", args.count), ("--explain", args.explain),
                                            ("--grid", args.grid), ("--json", args.json), ("--svg", args.svg),
                                            ("--time-limit", args.time_limit is not None)) if given]
    if unsupported:
        raise PuzzleError(f"--scheduler, --cluster and --progress stream a file of one-line puzzles; "
                          f"they do not combine with {', '.join(unsupported)}")
    source = args.source
    if source != "-" and not Path(source).is_file():
        raise PuzzleError(f"no such file: {source}")
    with executor_from(args) as executor:
        totals = sudoku.solve_file(source, out, executor=executor, box=_box(args.box), rules=args.rules,
                                   node_limit=args.node_limit, progress=args.progress, workers=args.workers)
    if totals["invalid"]:
        shown = ", ".join(map(str, totals["invalid_lines"][:10]))
        more = ", ..." if totals["invalid"] > 10 else ""
        print(f"cassetete: error: {totals['invalid']} invalid line(s): {shown}{more}", file=sys.stderr)
        return EXIT_BAD_INPUT
    statuses = ["limit"] * bool(totals["limit"]) + ["unsatisfiable"] * bool(totals["unsatisfiable"])
    return exit_code(statuses or ["solved"])


def _write_batch(args: argparse.Namespace, puzzles, box, as_grid: bool, out: TextIO,
                 numbers: Optional[List[int]] = None) -> int:
    """Solve a batch (a (k, N*N) array or one-line strings) with ``sudoku.solve_many`` and print
    one answer per puzzle; a malformed puzzle prints ``invalid: <reason>`` and the rest go on."""
    batch = sudoku.solve_many(puzzles, workers=args.workers, limit=args.limit if args.count else 1,
                              node_limit=args.node_limit, rules=args.rules, box=box)
    solutions, counts = batch
    size = math.isqrt(solutions.shape[1])
    box = sudoku.infer_box(size, box)
    statuses = []
    symbols = np.frombuffer(("." + SYMBOLS).encode(), dtype=np.uint8)
    for index, (solution, count) in enumerate(zip(solutions, counts)):
        if count == sudoku.INVALID:
            # Bad input, not an unsatisfiable puzzle: say why and where, go on with the others.
            if as_grid and not args.json:
                out.write(f"# puzzle {index + 1}\n")
            _report_invalid(args, out, index, numbers[index] if numbers else None,
                            batch.errors.get(index, "the clues repeat a value"))
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
            out.write("solutions: " + ("unknown (node limit)" if count < 0 else count_text(int(count), True, args.limit))
                      + "\n")
    return EXIT_BAD_INPUT if batch.errors else exit_code(statuses)


def run_generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Print generated puzzles, one per line (N lines of numbers beyond order 35); with ``--json``
    one object per puzzle: ``puzzle``, ``seed`` (the seed used, drawn at random without
    ``--seed``: give it back to ``--seed`` to get the same puzzle), ``box``, ``clues``, ``seconds``
    and, with ``--rate``, ``rating``."""
    out = out if out is not None else sys.stdout
    if args.number < 1:
        raise PuzzleError(f"--number must be >= 1, got {args.number}")
    for k in range(args.number):
        seed = None if args.seed is None else args.seed + k
        started = time.perf_counter()
        puzzle = sudoku.generate(tuple(args.box), unique=not args.not_unique, symmetric=not args.asymmetric,
                                 clues=args.clues, seed=seed, time_limit=args.time_limit, progress=args.progress)
        seconds = time.perf_counter() - started
        rating = sudoku.rate(puzzle) if args.rate else None
        if args.json:
            extra = {} if rating is None else {"rating": {"level": rating.level, "nodes": rating.nodes,
                                                          "score": rating.score}}
            write_json(out, index=k, puzzle=str(puzzle).rstrip("\n"), seed=puzzle.seed, box=list(puzzle.box),
                       clues=puzzle.clues, stats={"seed": puzzle.seed, "seconds": seconds}, **extra)
            continue
        out.write(f"{puzzle}\n" if puzzle.size <= 35 else puzzle.to_grid_text() + "\n")
        if rating is not None:
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
