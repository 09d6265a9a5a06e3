"""``cassetete shikaku``: solve, count and generate Shikaku puzzles from the command line."""

from __future__ import annotations

import argparse
import sys
from typing import Optional, TextIO

from .. import shikaku
from ._common import add_seed_flag, write_svg
from ._grid_family import add_solve_arguments, run_solve

DEMO_ID = "10x10:d5a7a2a2_3f2c3_8_2b3f5c10c7g10f3g7j2_2c4c2a2_6f3d"


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``cassetete shikaku`` and its subcommands."""
    parser = subparsers.add_parser("shikaku", help="Shikaku (rectangles): solve, count, generate")
    sub = parser.add_subparsers(dest="shikaku_command", metavar="ACTION")
    sub.required = True

    solve = sub.add_parser("solve", help="solve a puzzle given as a file, a Tatham game ID or a puzz.link URL")
    add_solve_arguments(solve, shikaku)
    solve.set_defaults(handler=_solve)

    gen = sub.add_parser("generate", help="generate a puzzle (recursive cuts + merges, Rafaralahy section 1.4)")
    gen.add_argument("rows", type=int)
    gen.add_argument("cols", type=int)
    gen.add_argument("--depth", type=int, default=None, help="cut depth (default: about log2(rows*cols/5))")
    gen.add_argument("--merge-iterations", type=int, default=1)
    gen.add_argument("--merge-probability", type=float, default=0.5)
    add_seed_flag(gen)
    gen.add_argument("--unique", action="store_true", help="move clues until the solution is unique")
    gen.add_argument("--format", choices=shikaku.FORMATS, default="tatham")
    gen.add_argument("--svg", metavar="FILE", help="write the puzzle as SVG")
    gen.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    gen.set_defaults(handler=_generate)


def _solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    return run_solve(shikaku, args, out or sys.stdout,
                     lambda p: f"{p.rows}x{p.cols}, {len(p.clue_values())} clues")


def _generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    puzzle = shikaku.generate(args.rows, args.cols, args.depth, args.merge_iterations, args.merge_probability,
                              seed=args.seed, unique=args.unique, progress=args.progress)
    out.write(shikaku.format(puzzle, format=args.format).rstrip("\n") + "\n")
    if args.svg:
        write_svg(args.svg, shikaku.render(puzzle, format="svg"))
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
    out.write(shikaku.render(puzzle, result.solution) + "\n")
