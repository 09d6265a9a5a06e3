"""``cassetete pentomino``: count or solve pentomino packings of rectangles and boxes.

Examples::

    cassetete pentomino count 6x10
    cassetete pentomino count 3x4x5 --all
    cassetete pentomino solve 6x10 --svg out.svg
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Optional, TextIO

from ..polyomino import count, render_svg, render_svg_iso, render_text, solve


def add_parser(subparsers: "argparse._SubParsersAction") -> None:
    """Register the ``pentomino`` subcommand."""
    parser = subparsers.add_parser(
        "pentomino", help="pack the 12 pentominoes into a rectangle (6x10) or a box (3x4x5)"
    )
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    c = sub.add_parser("count", help="count the packings (up to symmetry unless --all)")
    c.add_argument("region", help="AxB or AxBxC, e.g. 6x10 or 3x4x5")
    c.add_argument("--all", action="store_true", help="count every symmetric copy too")
    c.add_argument("--pieces", default="pentominoes", help="pentominoes (default), tetrominoes, hexominoes")
    c.add_argument("--workers", type=int, default=1, help="threads (-1 = all cores)")
    c.add_argument("--time-limit", type=float, default=None)
    c.add_argument("--method", default="exactcover", choices=("exactcover", "narrowing"),
                   help="exactcover (default) or narrowing (interval narrowing, the paper's symmetry breaking)")
    c.set_defaults(handler=_count)
    s = sub.add_parser("solve", help="print one packing")
    s.add_argument("region", help="AxB or AxBxC, e.g. 6x10 or 3x4x5")
    s.add_argument("--pieces", default="pentominoes")
    s.add_argument("--svg", default=None, help="also write the picture to this SVG file")
    s.add_argument("--iso", default=None, help="3-D boxes: also write an isometric SVG picture")
    s.add_argument("--time-limit", type=float, default=None)
    s.set_defaults(handler=_solve)


def _count(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    if args.method == "narrowing":
        from .narrowing import count_command

        return count_command(args, out)
    start = time.perf_counter()
    n = count(args.region, pieces=args.pieces, unique=not args.all, workers=args.workers, time_limit=args.time_limit)
    kind = "packings in all" if args.all else "packings up to symmetry"
    out.write(f"{args.region}: {n} {kind} ({time.perf_counter() - start:.2f} s)\n")
    return 0


def _solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    result = solve(args.region, pieces=args.pieces, time_limit=args.time_limit)
    if result.solution is None:
        out.write(f"{args.region}: {result.status}\n")
        return 1
    out.write(render_text(result.solution) + "\n")
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(render_svg(result.solution))
        out.write(f"wrote {args.svg}\n")
    if args.iso:
        with open(args.iso, "w", encoding="utf-8") as handle:
            handle.write(render_svg_iso(result.solution))
        out.write(f"wrote {args.iso}\n")
    return 0


def demo(out: Optional[TextIO] = None) -> None:
    """Print a 6x10 and a 2x3x10 pentomino packing, and the 3x20 count.

    Example:
        >>> demo()  # doctest: +SKIP
    """
    out = out or sys.stdout
    out.write("Pentominoes in a 6x10 rectangle:\n")
    out.write(render_text(solve("6x10").solution) + "\n")
    out.write("Pentominoes in a 2x3x10 box (two layers):\n")
    out.write(render_text(solve("2x3x10").solution) + "\n")
    out.write(f"3x20: {count('3x20')} packings up to symmetry, {count('3x20', unique=False)} in all\n")
