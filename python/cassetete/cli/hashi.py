"""``cassetete hashi``: solve, count and generate Hashiwokakero puzzles."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Optional, TextIO

from .._errors import PuzzleError

DEMO_ID = "10x10m2:3a2a4b1a1j6c5a3a2q2b3d1e4e6a4b1b2m2a1c4a4b3"


def _read(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    if os.path.exists(source):
        with open(source) as fh:
            return fh.read()
    return source  # a game ID or puzz.link URL given directly


def add_parser(subparsers) -> None:
    """Register ``cassetete hashi`` and its subcommands."""
    parser = subparsers.add_parser("hashi", help="Hashiwokakero (Bridges): solve, count, generate",
                                   description="Hashiwokakero (Bridges) puzzles.")
    sub = parser.add_subparsers(dest="hashi_command", metavar="ACTION")
    sub.required = True
    solve = sub.add_parser("solve", help="solve a puzzle (file, Tatham game ID, puzz.link URL, '-')")
    solve.add_argument("puzzle", help="file (.has, plain grid, ID), game ID, puzz.link URL or '-'")
    solve.add_argument("--method", choices=("exact", "ilp", "annealing"), default="exact")
    solve.add_argument("--connectivity", choices=("cuts", "objective", "none"), default="cuts",
                       help="ILP: connectivity by cuts (exact) or by the seed's objective")
    solve.add_argument("--backend", choices=("highs", "cbc"), default="highs", help="ILP solver")
    solve.add_argument("--time-limit", type=float, default=None, help="seconds")
    solve.add_argument("--seed", type=int, default=None, help="annealing seed")
    solve.add_argument("--count", action="store_true", help="also count solutions (up to 2)")
    solve.add_argument("--svg", metavar="OUT", help="write the solved grid as SVG")
    solve.set_defaults(handler=run_solve)
    gen = sub.add_parser("generate", help="generate a puzzle (seed 003, section 2.4)")
    gen.add_argument("n", type=int, help="number of random vertices")
    gen.add_argument("--seed", type=int, default=None)
    gen.add_argument("--size", type=int, default=None, help="grid side")
    gen.add_argument("--unique", action="store_true", help="exactly one solution")
    gen.add_argument("--show", action="store_true", help="print the grid too")
    gen.set_defaults(handler=run_generate)


def run_solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Solve one puzzle and print it."""
    out = out if out is not None else sys.stdout
    from .. import hashi

    puzzle = hashi.parse(_read(args.puzzle))
    options = {}
    if args.method == "ilp":
        options = {"connectivity": args.connectivity, "backend": args.backend}
    result = hashi.solve(puzzle, method=args.method, time_limit=args.time_limit, seed=args.seed,
                         **options)
    out.write(f"status: {result.status}  islands: {puzzle.n_islands}  "
              f"seconds: {result.stats.get('seconds', 0):.4f}\n")
    if result.solved:
        out.write(hashi.render_text(puzzle, result.solution) + "\n")
        if not hashi.verify(puzzle, result.solution):
            out.write("note: this answer breaks a rule (disconnected network)\n")
        if args.svg:
            with open(args.svg, "w") as fh:
                fh.write(hashi.render_svg(puzzle, result.solution))
    if args.count:
        out.write(f"solutions: {hashi.count_solutions(puzzle, limit=2)} (counting stops at 2)\n")
    return 0 if result.solved else 1


def run_generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Generate a puzzle and print its game ID."""
    out = out if out is not None else sys.stdout
    from .. import hashi

    if args.n < 2:
        raise PuzzleError("n must be at least 2")
    puzzle = hashi.generate(args.n, seed=args.seed, unique=args.unique, size=args.size)
    out.write(hashi.format_id(puzzle) + "\n")
    if args.show:
        out.write(hashi.render_text(puzzle) + "\n")
    return 0


def demo(out: Optional[TextIO] = None) -> None:
    """Solve a Tatham 10x10 puzzle and print it."""
    out = out if out is not None else sys.stdout
    from .. import hashi

    puzzle = hashi.parse(DEMO_ID)
    result = hashi.solve(puzzle)
    out.write(f"Hashiwokakero {DEMO_ID}\n")
    out.write(hashi.render_text(puzzle) + "\n\n")
    out.write(hashi.render_text(puzzle, result.solution) + "\n")
    count = hashi.count_solutions(puzzle)
    out.write(f"{result.status} in {result.stats['seconds'] * 1e3:.3f} ms, {count} solution(s)\n")
