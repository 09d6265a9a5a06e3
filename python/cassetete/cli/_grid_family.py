"""What the ``shikaku`` and ``hashi`` commands share: a puzzle given as a file, ``-`` or a game
ID / URL; ``solve`` with the shared flags (``--method``, ``--ilp-solver``, limits, ``--count``
spread by ``--workers`` threads or a Dask cluster through ``--scheduler`` / ``--cluster``,
``--svg``, ``--json``); ``generate`` writing a puzzle in any of the family's formats."""

from __future__ import annotations

import argparse
import os
from types import ModuleType
from typing import Any, Dict, Optional, TextIO

from .._errors import LimitReached, PuzzleError
from ._common import (
    EXIT_LIMIT,
    add_cluster_flags,
    add_limit_flags,
    add_method_flag,
    add_output_flags,
    add_progress_flag,
    add_seed_flag,
    add_workers_flag,
    count_text,
    executor_from,
    exit_code,
    write_json,
    write_svg,
)


def read_puzzle(family: ModuleType, source: str) -> Any:
    """A puzzle from a path or ``-`` (``family.load``), else from the text itself (a game ID or URL)."""
    if source == "-":
        return family.load(source)
    try:
        is_path = os.path.exists(source)
    except (OSError, ValueError):
        is_path = False
    return family.load(source) if is_path else family.parse(source)


def add_solve_arguments(parser: argparse.ArgumentParser, family: ModuleType) -> None:
    """The arguments of ``<family> solve``."""
    parser.add_argument("puzzle", help="FILE, '-' for stdin, a game ID or a puzz.link URL")
    add_method_flag(parser, family.METHODS, "exact")
    parser.add_argument("--ilp-solver", choices=family.ILP_SOLVERS, default="highs",
                        help="ILP backend for --method ilp (cbc needs the 'ilp' extra)")
    add_limit_flags(parser)
    add_seed_flag(parser)
    parser.add_argument("--count", action="store_true", help="also count the solutions (0, 1 or 2+)")
    add_workers_flag(parser)  # the count's threads; --scheduler / --cluster spread it beyond this process
    add_cluster_flags(parser)
    add_progress_flag(parser, "the solve and the count")
    add_output_flags(parser)


def run_solve(family: ModuleType, args: argparse.Namespace, out: TextIO, describe, extra: Optional[Dict] = None) -> int:
    """Solve, print (text or JSON), count if asked (on ``--workers`` threads, or on the executor of
    ``--scheduler`` / ``--cluster``); the contract's exit code."""
    spread = getattr(args, "workers", 1) != 1 or getattr(args, "scheduler", None) is not None \
        or getattr(args, "cluster", None) is not None
    if spread and not args.count:
        raise PuzzleError("--workers, --scheduler and --cluster spread the count: add --count")
    puzzle = read_puzzle(family, args.puzzle)
    options: Dict[str, Any] = dict(extra or {})
    if args.method == "ilp":
        options["ilp_solver"] = args.ilp_solver
    if args.method != "ilp":
        options["node_limit"] = args.node_limit
    if args.method == "annealing":
        options["seed"] = args.seed
    progress = bool(getattr(args, "progress", False))
    result = family.solve(puzzle, method=args.method, time_limit=args.time_limit, progress=progress, **options)
    count = complete = None
    if args.count:
        try:
            with executor_from(args) as executor:
                options = {"executor": executor} if executor is not None else {"workers": getattr(args, "workers", 1)}
                count, complete = family.count_solutions(puzzle, limit=2, time_limit=args.time_limit,
                                                         node_limit=args.node_limit, progress=progress,
                                                         **options), True
        except LimitReached as stopped:
            count, complete = stopped.count, False
    if args.json:
        write_json(out, status=result.status, solution=result.solution, stats=result.stats, count=count,
                   complete=complete)
    else:
        out.write(f"{describe(puzzle)}: {result.status} ({args.method}, "
                  f"{result.stats.get('seconds', 0.0) * 1000:.3f} ms)\n")
        out.write(family.render(puzzle, result.solution if result.solved else None) + "\n")
        if args.count:
            out.write(f"solutions: {count_text(count or 0, bool(complete), 2)}\n")
    if args.svg:
        write_svg(args.svg, family.render(puzzle, result.solution if result.solved else None, format="svg"))
    code = exit_code([result.status])
    return EXIT_LIMIT if args.count and not complete else code
