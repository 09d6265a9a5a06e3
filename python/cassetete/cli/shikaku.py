"""``cassetete shikaku``: solve, count and generate Shikaku puzzles from the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional, TextIO

from .. import shikaku

DEMO_ID = "10x10:d5a7a2a2_3f2c3_8_2b3f5c10c7g10f3g7j2_2c4c2a2_6f3d"


def _read_puzzle(source: str) -> shikaku.Shikaku:
    if source == "-":
        return shikaku.parse(sys.stdin.read())
    path = Path(source)
    if ":" not in source and path.exists():
        return shikaku.parse(path.read_text())
    if path.is_file():
        return shikaku.parse(path.read_text())
    return shikaku.parse(source)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``cassetete shikaku`` and its subcommands."""
    parser = subparsers.add_parser("shikaku", help="Shikaku (rectangles): solve, count, generate")
    sub = parser.add_subparsers(dest="shikaku_command", metavar="ACTION")
    sub.required = True

    solve = sub.add_parser("solve", help="solve a puzzle given as a file, a Tatham game ID or a puzz.link URL")
    solve.add_argument("puzzle", help="FILE (plain grid or ID), '-' for stdin, or a game ID / URL")
    solve.add_argument("--method", choices=shikaku.METHODS, default="exact")
    solve.add_argument("--solver", choices=("highs", "cbc"), default="highs", help="ILP solver (--method ilp)")
    solve.add_argument("--time-limit", type=float, default=None, help="seconds")
    solve.add_argument("--seed", type=int, default=None, help="random seed (annealing)")
    solve.add_argument("--count", action="store_true", help="also count solutions (0, 1 or 2+)")
    solve.add_argument("--svg", metavar="OUT", help="write the solved grid as SVG")
    solve.set_defaults(handler=_solve)

    gen = sub.add_parser("generate", help="generate a puzzle (recursive cuts + merges, seed 003 section 1.4)")
    gen.add_argument("rows", type=int)
    gen.add_argument("cols", type=int)
    gen.add_argument("--depth", type=int, default=None, help="cut depth (default: about log2(rows*cols/5))")
    gen.add_argument("--merge-iterations", type=int, default=1)
    gen.add_argument("--merge-probability", type=float, default=0.5)
    gen.add_argument("--seed", type=int, default=None)
    gen.add_argument("--unique", action="store_true", help="move clues until the solution is unique")
    gen.add_argument("--format", choices=("tatham", "grid", "puzzlink"), default="tatham")
    gen.add_argument("--svg", metavar="OUT", help="write the puzzle as SVG")
    gen.set_defaults(handler=_generate)


def _solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    puzzle = _read_puzzle(args.puzzle)
    options = {"solver": args.solver} if args.method == "ilp" else {}
    result = shikaku.solve(puzzle, method=args.method, time_limit=args.time_limit, seed=args.seed, **options)
    stats = result.stats
    out.write(f"{puzzle.rows}x{puzzle.cols}, {len(puzzle.clue_values())} clues: {result.status} "
              f"({args.method}, {stats.get('seconds', 0.0) * 1000:.3f} ms)\n")
    if result.solved:
        out.write(shikaku.render_text(puzzle, result.solution) + "\n")
    else:
        out.write(shikaku.render_text(puzzle) + "\n")
    if args.count:
        n = shikaku.count_solutions(puzzle, limit=2, time_limit=args.time_limit)
        out.write({0: "no solution", 1: "unique solution"}.get(n, "several solutions") + "\n")
    if args.svg:
        Path(args.svg).write_text(shikaku.render_svg(puzzle, result.solution if result.solved else None))
    return 0 if result.solved else 1


def _generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    depth = args.depth
    if depth is None:
        depth = max(1, (max(1, args.rows * args.cols // 5)).bit_length() - 1)
    puzzle = shikaku.generate(args.rows, args.cols, depth, args.merge_iterations, args.merge_probability,
                              seed=args.seed, unique=args.unique)
    writer = {"tatham": shikaku.format_tatham, "grid": shikaku.format_grid, "puzzlink": shikaku.format_puzzlink}
    out.write(writer[args.format](puzzle) + "\n")
    if args.svg:
        Path(args.svg).write_text(shikaku.render_svg(puzzle))
    return 0


def demo(out: Optional[TextIO] = None) -> None:
    """Solve a bundled Tatham 10x10 puzzle and print it.

    Example:
        >>> import io
        >>> buf = io.StringIO(); demo(buf); "Shikaku" in buf.getvalue()
        True
    """
    out = out or sys.stdout
    puzzle = shikaku.parse(DEMO_ID)
    result = shikaku.solve(puzzle)
    out.write(f"Shikaku {DEMO_ID}\n")
    out.write(f"exact: {result.status} in {result.stats['seconds'] * 1000:.3f} ms, "
              f"unique: {shikaku.count_solutions(puzzle) == 1}\n")
    out.write(shikaku.render_text(puzzle, result.solution) + "\n")
