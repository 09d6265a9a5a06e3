"""``cassetete narrowing``: pack pieces into a box with the interval-narrowing solver (the
method of Gilleta, "Résolution du puzzle tridimensionnel des pentaminos"), reporting its cuts;
also behind ``cassetete pentomino count BOX --method narrowing``.

Examples::

    cassetete narrowing count 3x20
    cassetete narrowing count 2x3x10 --stats
    cassetete narrowing solve 6x10
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, TextIO

from .._errors import LimitReached
from ..narrowing import STRATEGIES, packing_model
from ..narrowing.packing import NARROWINGS
from ..polyomino import render_text


def add_parser(subparsers: "argparse._SubParsersAction") -> None:
    """Register the ``narrowing`` subcommand."""
    parser = subparsers.add_parser("narrowing", help="pack pieces into a box by interval narrowing (Gilleta's method)")
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    for action, help_text in (("count", "count the packings (the paper's symmetry breaking unless --all)"),
                              ("solve", "print one packing")):
        p = sub.add_parser(action, help=help_text)
        p.add_argument("region", help="AxB or AxBxC, e.g. 3x20 or 2x3x10")
        p.add_argument("--pieces", default="pentominoes", help="pentominoes (default), tetrominoes, hexominoes")
        p.add_argument("--all", action="store_true", help="no symmetry breaking: count every copy")
        p.add_argument("--strategy", default="smallest-min", choices=STRATEGIES, help="split strategy (rule 6)")
        p.add_argument("--narrowing", default="paper", choices=NARROWINGS,
                       help="paper (Class constraints) or placement (stronger, boxes of at most 64 cells)")
        p.add_argument("--time-limit", type=float, default=None)
        p.add_argument("--node-limit", type=int, default=None)
        p.add_argument("--workers", type=int, default=1, help="threads (-1 = all cores)")
        p.add_argument("--stats", action="store_true", help="print the cuts and narrowings per constraint kind")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.set_defaults(handler=count_command if action == "count" else solve_command)


def _model(args: argparse.Namespace):
    return packing_model(args.region, pieces=args.pieces, symmetry=None if getattr(args, "all", False) else "paper",
                         narrowing=getattr(args, "narrowing", "paper"))


def count_command(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Count packings by narrowing; exit 3 (and "at least N") when a limit stops it."""
    out = out or sys.stdout
    model = _model(args)
    complete = True
    try:
        n = model.count(time_limit=args.time_limit, node_limit=getattr(args, "node_limit", None),
                        strategy=getattr(args, "strategy", "smallest-min"), workers=getattr(args, "workers", 1),
                        profile=getattr(args, "stats", False))
    except LimitReached as stopped:
        n, complete = stopped.count, False
    stats = model.last_stats
    kind = "packings in all" if getattr(args, "all", False) else "packings (paper's symmetry breaking)"
    if getattr(args, "json", False):
        out.write(json.dumps({"status": "solved" if complete else "limit", "count": n, "complete": complete,
                              "stats": stats}) + "\n")
    else:
        amount = n if complete else f"at least {n}"
        out.write(f"{args.region}: {amount} {kind} by narrowing, {stats['cuts']} cuts ({stats['seconds']:.2f} s)\n")
        if getattr(args, "stats", False):
            out.write(f"narrowings: {stats['narrowings']}\n")
            if "kind_seconds" in stats:
                out.write("seconds per kind: " + ", ".join(f"{k} {v:.2f}" for k, v in stats["kind_seconds"].items())
                          + "\n")
    if not complete:
        return 3
    return 1 if n == 0 else 0  # the contract's exit codes: 1 = no packing


def solve_command(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Print one packing found by narrowing."""
    out = out or sys.stdout
    model = _model(args)
    result = model.solve(time_limit=args.time_limit, node_limit=args.node_limit, strategy=args.strategy)
    if args.json:
        solution = result.solution.tolist() if result.solution is not None else None
        out.write(json.dumps({"status": result.status, "solution": solution, "stats": result.stats}) + "\n")
    elif result.solution is None:
        out.write(f"{args.region}: {result.status}\n")
    else:
        out.write(render_text(result.solution) + "\n")
        out.write(f"({result.stats['cuts']} cuts)\n")
    return {"solved": 0, "unsatisfiable": 1}.get(result.status, 3)


def demo(out: Optional[TextIO] = None) -> None:
    """Count the 3x20 pentomino packings by interval narrowing and show the cuts.

    Example:
        >>> demo()  # doctest: +SKIP
    """
    out = out or sys.stdout
    model = packing_model((3, 20))
    n = model.count()
    stats = model.last_stats
    out.write(f"Interval narrowing (Gilleta's method): 3x20 has {n} pentomino packings up to symmetry, "
              f"found with {stats['cuts']} cuts in {stats['seconds']:.2f} s\n")
    out.write(render_text(model.solve().solution) + "\n")
