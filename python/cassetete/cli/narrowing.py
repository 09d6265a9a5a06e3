"""``cassetete narrowing``: pack pieces into a box with the interval-narrowing solver (the
method of Gilleta, "Résolution du puzzle tridimensionnel des pentaminos"), reporting its cuts;
also behind ``cassetete pentomino count BOX --method narrowing``.

Examples::

    cassetete narrowing count 3x20
    cassetete narrowing count 2x3x10 --stats
    cassetete narrowing solve 6x10
    cassetete narrowing count 2x3x10 --cluster 2 --json
    cassetete narrowing count 3x20 --progress
    echo 3x20 | cassetete narrowing count -
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Optional, TextIO

from .._errors import PuzzleError
from ..narrowing import NARROWINGS, STRATEGIES, packing_model
from ..polyomino import render_text
from ._common import (add_cluster_flags, add_progress_flag, count_text, counted, executor_from, exit_code,
                      read_region, report_count, write_result_json, write_svg)


def add_parser(subparsers: "argparse._SubParsersAction") -> None:
    """Register the ``narrowing`` subcommand."""
    parser = subparsers.add_parser("narrowing", help="pack pieces into a box by interval narrowing (Gilleta's method)")
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    for action, help_text in (("count", "count the packings (the paper's symmetry breaking unless --all)"),
                              ("solve", "print one packing")):
        p = sub.add_parser(action, help=help_text)
        p.add_argument("region", help="AxB or AxBxC, e.g. 3x20 or 2x3x10, or a file of them ('-' reads stdin)")
        p.add_argument("--pieces", default="pentominoes", help="pentominoes (default), tetrominoes, hexominoes")
        p.add_argument("--all", action="store_true", help="no symmetry breaking: count every copy")
        p.add_argument("--method", "--strategy", dest="strategy", default="smallest-min", choices=STRATEGIES,
                       help="the split strategy of rule 6 (--strategy: its older name)")
        p.add_argument("--narrowing", default="paper", choices=NARROWINGS,
                       help="paper (Class constraints) or placement (stronger, boxes of at most 64 cells)")
        p.add_argument("--time-limit", type=float, default=None)
        p.add_argument("--node-limit", type=int, default=None)
        if action == "count":  # a solve runs on one thread: no --workers there
            p.add_argument("--workers", type=int, default=1, help="threads (-1 = all cores)")
            p.add_argument("--limit", type=int, default=None, help="stop after this many packings")
            add_cluster_flags(p)
            add_progress_flag(p, "the count")
        p.add_argument("--stats", action="store_true", help="print the cuts and narrowings per constraint kind")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        if action == "solve":
            p.add_argument("--svg", metavar="FILE", default=None, help="write the packing as SVG")
        p.set_defaults(handler=count_command if action == "count" else solve_command)


def _box(source: str) -> Any:
    """The box of the region argument: sizes, or a file (``-``: standard input) holding sizes or
    the picture of a full box (narrowing packs boxes, not regions with holes)."""
    region = read_region(source)
    if isinstance(region, str):
        return region
    if not region.all():
        raise PuzzleError(f"{source}: narrowing packs full boxes; this region has holes "
                          "(use cassetete pentomino count)")
    return tuple(int(v) for v in region.shape)


def _model(args: argparse.Namespace):
    return packing_model(_box(args.region), pieces=args.pieces, symmetry=None if getattr(args, "all", False) else "paper",
                         narrowing=getattr(args, "narrowing", "paper"))


def count_command(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Count packings by narrowing; exit 3 (and "at least N") when a limit stops it.

    ``--limit N`` stops at N packings ("N+"); ``--scheduler`` / ``--cluster`` spread the count
    with :mod:`cassetete.parallel`. ``--json`` prints the contract's object: ``status``
    (``solved``, ``unsatisfiable`` for a complete count of 0, ``limit``), ``solution`` (null),
    ``stats``, ``count`` and ``complete``.
    """
    out = out or sys.stdout
    model = _model(args)
    limit = getattr(args, "limit", None)
    profile = getattr(args, "stats", False)
    start = time.perf_counter()
    with executor_from(args) as executor:
        outcome = counted(lambda: model.count(
            limit=limit, time_limit=args.time_limit, node_limit=getattr(args, "node_limit", None),
            strategy=getattr(args, "strategy", "smallest-min"), workers=getattr(args, "workers", 1),
            profile=profile and executor is None, executor=executor, progress=bool(getattr(args, "progress", False))))
    stats = outcome.stats = dict(model.last_stats)
    stats.setdefault("seconds", time.perf_counter() - start)
    kind = "packings in all" if getattr(args, "all", False) else "packings (paper's symmetry breaking)"
    cuts = f", {stats['cuts']} cuts" if "cuts" in stats else ""
    lines = [f"{args.region}: {count_text(outcome.count, outcome.complete, limit)} {kind} by narrowing{cuts} "
             f"({stats['seconds']:.2f} s)"]
    if profile and "narrowings" in stats:
        lines.append(f"narrowings: {stats['narrowings']}")
        if "kind_seconds" in stats:
            lines.append("seconds per kind: " + ", ".join(f"{k} {v:.2f}" for k, v in stats["kind_seconds"].items()))
    return report_count(out, outcome, as_json=getattr(args, "json", False), text="\n".join(lines),
                        region=args.region, method="narrowing")


def solve_command(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Print one packing found by narrowing."""
    out = out or sys.stdout
    model = _model(args)
    result = model.solve(time_limit=args.time_limit, node_limit=args.node_limit, strategy=args.strategy)
    if args.json:
        write_result_json(out, result, region=args.region)
    elif result.solution is None:
        out.write(f"{args.region}: {result.status}\n")
    else:
        out.write(render_text(result.solution) + "\n")
        out.write(f"({result.stats['cuts']} cuts)\n")
    if getattr(args, "svg", None) and result.solution is not None:
        from ..polyomino import render_svg

        write_svg(args.svg, render_svg(result.solution))
    return exit_code([result.status])


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
