"""What the ``shikaku`` and ``hashi`` commands share: a puzzle given as a file, ``-`` or a game
ID / URL; ``solve`` with the shared flags (``--method``, ``--ilp-solver``, limits, ``--count``
spread by ``--workers`` threads or a Dask cluster through ``--scheduler`` / ``--cluster``,
``--svg``, ``--json``); ``generate`` writing a puzzle in any of the family's formats."""

from __future__ import annotations

import argparse
import os
from types import ModuleType
from typing import Any, Dict, Optional, TextIO

from .._contract import add_flags, flag_values
from .._errors import LimitReached, PuzzleError
from ._common import (
    EXIT_LIMIT,
    add_cluster_flags,
    add_count_flags,
    add_output_flags,
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
    # --time-limit --node-limit --seed --workers --progress --ilp-solver --method, as declared
    add_flags(parser, _name(family), "solve")
    add_count_flags(parser)
    add_cluster_flags(parser)  # --scheduler / --cluster spread the count beyond this process
    add_output_flags(parser)


def _name(family: ModuleType) -> str:
    return family.__name__.rsplit(".", 1)[-1]


def run_solve(family: ModuleType, args: argparse.Namespace, out: TextIO, describe, extra: Optional[Dict] = None) -> int:
    """Solve, print (text or JSON), count if asked (on ``--workers`` threads, or on the executor of
    ``--scheduler`` / ``--cluster``); the contract's exit code."""
    if (getattr(args, "scheduler", None) is not None or getattr(args, "cluster", None) is not None) \
            and not args.count:
        raise PuzzleError("--scheduler and --cluster spread the count: add --count")
    puzzle = read_puzzle(family, args.puzzle)
    progress = bool(args.progress)
    result = family.solve(puzzle, **flag_values(args, _name(family), "solve"), **dict(extra or {}))
    count = complete = None
    if args.count:
        try:
            with executor_from(args) as executor:
                options = {"executor": executor} if executor is not None else {"workers": args.workers}
                count, complete = family.count_solutions(puzzle, limit=args.limit, time_limit=args.time_limit,
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
            out.write(f"solutions: {count_text(count or 0, bool(complete), args.limit)}\n")
    if args.svg:
        write_svg(args.svg, family.render(puzzle, result.solution if result.solved else None, format="svg"))
    code = exit_code([result.status])
    return EXIT_LIMIT if args.count and not complete else code
