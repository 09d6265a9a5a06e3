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
from .._contract import add_flags, add_option_flag, flag_values
from ..narrowing import NARROWINGS, STRATEGIES, count_solutions, packing_model, solve
from ..polyomino import render_text
from ._common import (add_cluster_flags, add_output_flags, count_text, counted, executor_from, exit_code,
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
        add_option_flag(p, "up_to_symmetry")  # --all: packing_model(up_to_symmetry=False)
        p.add_argument("--narrowing", default="literal", choices=NARROWINGS,
                       help="literal (section 5's formulas as written, the default), paper (the reading that "
                            "reproduces the paper's cuts) or a stronger variant; all but literal take boxes of at "
                            "most 64 cells")
        # count: --limit --time-limit --node-limit --workers --progress --method; solve: --time-limit
        # --node-limit --seed --workers --method; as narrowing.count_solutions and narrowing.solve declare them
        add_flags(p, "narrowing", "count_solutions" if action == "count" else "solve")
        p.add_argument("--strategy", dest="method", choices=STRATEGIES, help=argparse.SUPPRESS)  # the older name
        if action == "count":
            add_cluster_flags(p)
        p.add_argument("--stats", action="store_true", help="print the cuts and narrowings per constraint kind")
        add_output_flags(p, svg=action == "solve")
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
    return packing_model(_box(args.region), pieces=args.pieces, up_to_symmetry=args.up_to_symmetry,
                         narrowing=getattr(args, "narrowing", "literal"))


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
        # (from `pentomino count --method narrowing` the method names narrowing itself: the first strategy)
        method = args.method if args.method in STRATEGIES else STRATEGIES[0]
        outcome = counted(lambda: count_solutions(
            model, limit=limit, time_limit=args.time_limit, node_limit=args.node_limit, method=method,
            workers=args.workers, profile=profile and executor is None, executor=executor,
            progress=bool(args.progress)))
    stats = outcome.stats = dict(model.last_stats)
    stats.setdefault("seconds", time.perf_counter() - start)
    kind = "packings (paper's symmetry breaking)" if args.up_to_symmetry else "packings in all"
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
    result = solve(model, **flag_values(args, "narrowing", "solve"))
    if args.json:
        write_result_json(out, result, region=args.region)
    elif result.solution is None:
        out.write(f"{args.region}: {result.status}\n")
    else:
        out.write(render_text(result.solution) + "\n")
        if "cuts" in result.stats:
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
    n = model.count_solutions()
    stats = model.last_stats
    out.write(f"Interval narrowing (Gilleta's method): 3x20 has {n} pentomino packings up to symmetry, "
              f"found with {stats['cuts']} cuts in {stats['seconds']:.2f} s\n")
    out.write(render_text(model.solve().solution) + "\n")
