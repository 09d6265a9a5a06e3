"""``cassetete pentomino``: count or solve pentomino packings of rectangles and boxes.

Examples::

    cassetete pentomino count 6x10
    cassetete pentomino count 3x4x5 --all
    cassetete pentomino solve 6x10 --svg out.svg
    cassetete pentomino count 6x10 --progress
    cassetete pentomino count region.txt     # a region picture (# cells, . holes); '-' reads stdin
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Optional, TextIO

from .._contract import add_flags, flag_values
from ..polyomino import count_solutions, render_svg, render_svg_iso, render_text, solve
from ._common import (add_cluster_flags, add_output_flags, count_text, counted, executor_from, exit_code, read_region,
                      report_count, write_result_json, write_svg)

REGION_HELP = "AxB or AxBxC (e.g. 6x10, 3x4x5), or a region picture file (# cells, . holes); '-' reads stdin"

# --method of `pentomino count`: the search engine (polyomino.count's `method`), or narrowing.
COUNT_METHODS = ("auto", "bitboard", "cells", "narrowing")


def add_parser(subparsers: "argparse._SubParsersAction") -> None:
    """Register the ``pentomino`` subcommand."""
    parser = subparsers.add_parser(
        "pentomino", help="pack the 12 pentominoes into a rectangle (6x10) or a box (3x4x5)"
    )
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    c = sub.add_parser("count", help="count the packings (up to symmetry unless --all)")
    c.add_argument("region", help=REGION_HELP)
    c.add_argument("--pieces", default="pentominoes", help="pentominoes (default), tetrominoes, hexominoes")
    # --limit --time-limit --node-limit --workers --progress --all, as polyomino.count_solutions declares them
    add_flags(c, "polyomino", "count_solutions", skip=("method",))
    c.add_argument("--method", choices=COUNT_METHODS, default="auto",
                   help="auto (default), bitboard (64-bit boards), cells (dancing cells) or narrowing "
                        "(Gilleta's interval narrowing, with the paper's symmetry breaking)")
    add_cluster_flags(c)
    add_output_flags(c, svg=False)
    c.set_defaults(handler=_count)
    s = sub.add_parser("solve", help="print one packing")
    s.add_argument("region", help=REGION_HELP)
    s.add_argument("--pieces", default="pentominoes")
    s.add_argument("--iso", default=None, help="3-D boxes: also write an isometric SVG picture")
    add_flags(s, "polyomino", "solve")  # --time-limit --node-limit --seed --workers --method, as declared
    add_output_flags(s)
    s.set_defaults(handler=_solve)


def _count(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    if args.method == "narrowing":
        from .narrowing import count_command

        return count_command(args, out)
    start = time.perf_counter()
    with executor_from(args) as executor:
        outcome = counted(lambda: count_solutions(
            read_region(args.region), pieces=args.pieces, method=args.method, executor=executor,
            **flag_values(args, "polyomino", "count_solutions", skip=("method",))))
    seconds = time.perf_counter() - start
    outcome.stats.update(seconds=seconds, up_to_symmetry=args.up_to_symmetry)
    outcome.stats.setdefault("nodes", None)
    kind = "packings up to symmetry" if args.up_to_symmetry else "packings in all"
    return report_count(out, outcome, as_json=args.json,
                        text=f"{args.region}: {count_text(outcome.count, outcome.complete, args.limit)} {kind} "
                             f"({seconds:.2f} s)", region=args.region, up_to_symmetry=args.up_to_symmetry,
                        seconds=seconds)


def _solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    result = solve(read_region(args.region), pieces=args.pieces, **flag_values(args, "polyomino", "solve"))
    if args.json:
        write_result_json(out, result, region=args.region)
    elif result.solution is None:
        out.write(f"{args.region}: {result.status}\n")
    else:
        out.write(render_text(result.solution) + "\n")
    if result.solution is not None:
        if args.svg:
            write_svg(args.svg, render_svg(result.solution))
        if args.iso:
            write_svg(args.iso, render_svg_iso(result.solution))
    return exit_code([result.status])


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
    out.write(f"3x20: {count_solutions('3x20')} packings up to symmetry, "
              f"{count_solutions('3x20', up_to_symmetry=False)} in all\n")
