"""``cassetete hashi``: solve, count and generate Hashiwokakero puzzles."""

from __future__ import annotations

import argparse
import sys
from typing import Optional, TextIO

from ._common import add_seed_flag, write_svg
from ._grid_family import add_solve_arguments, run_solve

DEMO_ID = "10x10m2:3a2a4b1a1j6c5a3a2q2b3d1e4e6a4b1b2m2a1c4a4b3"


def add_parser(subparsers) -> None:
    """Register ``cassetete hashi`` and its subcommands."""
    from .. import hashi

    parser = subparsers.add_parser("hashi", help="Hashiwokakero (Bridges): solve, count, generate",
                                   description="Hashiwokakero (Bridges) puzzles.")
    sub = parser.add_subparsers(dest="hashi_command", metavar="ACTION")
    sub.required = True
    solve = sub.add_parser("solve", help="solve a puzzle (file, Tatham game ID, puzz.link URL, '-')")
    add_solve_arguments(solve, hashi)
    solve.add_argument("--connectivity", choices=("cuts", "objective", "none"), default="cuts",
                       help="ILP: connectivity by cuts (exact) or by Rafaralahy's objective (may disconnect)")
    solve.set_defaults(handler=run_solve_hashi)
    gen = sub.add_parser("generate", help="generate a puzzle (Rafaralahy, section 2.4)")
    gen.add_argument("n", type=int, help="number of random vertices")
    add_seed_flag(gen)
    gen.add_argument("--size", type=int, default=None, help="grid side")
    gen.add_argument("--unique", action="store_true", help="exactly one solution")
    gen.add_argument("--format", choices=hashi.FORMATS, default="tatham", help="how to write the puzzle")
    gen.add_argument("--show", action="store_true", help="print the grid too")
    gen.add_argument("--svg", metavar="FILE", help="write the puzzle as SVG")
    gen.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    gen.set_defaults(handler=run_generate)


def run_solve_hashi(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Solve one puzzle and print it; exit code 0 / 1 / 3 (see ``cassetete --help``)."""
    from .. import hashi

    extra = {"connectivity": args.connectivity} if args.method == "ilp" else {}
    return run_solve(hashi, args, out if out is not None else sys.stdout,
                     lambda p: f"{p.shape[0]}x{p.shape[1]}, {p.n_islands} islands", extra)


def run_generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Generate a puzzle and print it in the chosen format."""
    out = out if out is not None else sys.stdout
    from .. import hashi

    puzzle = hashi.generate(args.n, seed=args.seed, unique=args.unique, size=args.size, progress=args.progress)
    out.write(hashi.format(puzzle, format=args.format).rstrip("\n") + "\n")
    if args.show:
        out.write(hashi.render(puzzle) + "\n")
    if args.svg:
        write_svg(args.svg, hashi.render(puzzle, format="svg"))
    return 0


def demo(out: Optional[TextIO] = None) -> None:
    """Solve a Tatham 10x10 puzzle and print it."""
    out = out if out is not None else sys.stdout
    from .. import hashi

    puzzle = hashi.parse(DEMO_ID)
    result = hashi.solve(puzzle)
    out.write(f"Hashiwokakero {DEMO_ID}\n")
    out.write(hashi.render(puzzle) + "\n\n")
    out.write(hashi.render(puzzle, result.solution) + "\n")
    count = hashi.count_solutions(puzzle)
    out.write(f"{result.status} in {result.stats['seconds'] * 1e3:.3f} ms, {count} solution(s)\n")
