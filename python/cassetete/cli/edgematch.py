"""``cassetete edgematch``: solve, count and generate edge-matching puzzles."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Optional, TextIO


from .. import edgematch as em
from .._errors import PuzzleError
from .._io import write_text
from .._contract import add_flags, flag_values
from ._common import (EXIT_LIMIT, add_count_flags, add_cluster_flags, add_output_flags, add_seed_flag, add_workers_flag,
                      count_text, counted, CountOutcome, executor_from, exit_code, write_result_json,
                      write_svg)


def add_parser(subparsers) -> None:
    """Register ``cassetete edgematch solve|search|generate``."""
    parser = subparsers.add_parser("edgematch", help="edge-matching puzzles (Eternity II, Tetravex, jigsaws)")
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    solve = sub.add_parser("solve", help="solve (or count) a puzzle file; 'e2' = the official Eternity II")
    solve.add_argument("file", help="puzzle file (cassetete, Brendan, Heule, Wortmann or JSON format), '-' or 'e2'")
    # --time-limit --node-limit --seed --workers --progress --order --method, as edgematch.solve declares them
    add_flags(solve, "edgematch", "solve")
    add_count_flags(solve)
    add_cluster_flags(solve)
    add_output_flags(solve)
    solve.set_defaults(handler=run_solve)
    search = sub.add_parser("search", help="local search for the best board (Schaus and Deville's VLNS + tabu); "
                                           "'e2' = the official Eternity II with its centre clue")
    search.add_argument("file", help="puzzle file, '-', or 'e2'")
    search.add_argument("--time-limit", "--time", dest="time", type=float, default=60.0, metavar="SECONDS",
                        help="seconds of search per worker (default 60)")
    search.add_argument("--iterations", type=int, default=None, help="stop after this many moves per worker")
    add_workers_flag(search)
    search.add_argument("--checkpoint", metavar="FILE", help="best board written here as it improves; resumed from")
    add_seed_flag(search)
    search.add_argument("--init", default="cp", choices=em.INITS,
                        help="start: cp (relaxed search, row order), cp-model (the CP model of section 2), ...")
    search.add_argument("--relax", type=int, default=0,
                        help="cp, cp_first_fail and cp-model inits: relaxed non-adjacent positions")
    search.add_argument("--size", type=int, default=None,
                        help=f"|S|, cells moved at once by the assignment (default {em.NEIGHBOURHOOD_SIZE})")
    search.add_argument("--progress", action="store_true", help="show a progress bar of the best score")
    search.add_argument("--tuning", metavar="JSON", default=None,
                        help='overrides of edgematch.TUNING, e.g. \'{"penalty_weight": 4}\'')
    add_output_flags(search)
    search.set_defaults(handler=run_search)
    gen = sub.add_parser("generate", help="a random puzzle with a planted solution")
    gen.add_argument("rows", type=int)
    gen.add_argument("cols", type=int)
    gen.add_argument("--colors", type=int, default=5)
    gen.add_argument("--frame-colors", type=int, default=0)
    gen.add_argument("--matching", default="equal", choices=em.MATCHINGS)
    gen.add_argument("--distinct", action="store_true")
    add_seed_flag(gen)
    gen.add_argument("--format", choices=em.FORMATS, default="cassetete", help="file format (default cassetete)")
    gen.add_argument("-o", "--output", help="file to write (default: standard output)")
    gen.set_defaults(handler=run_generate)


def _load(source: str) -> em.EdgePuzzle:
    return em.eternity2() if source == "e2" else em.load(source)


def run_solve(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Handler of ``cassetete edgematch solve``: exit 0 solved, 1 none, 3 a limit stopped it (the
    solve, or the count ``--count`` asks for)."""
    out = out or sys.stdout
    if args.method != "backtrack" and args.count:
        raise PuzzleError(f"--count needs --method backtrack, not {args.method}")
    puzzle = _load(args.file)
    res = em.solve(puzzle, **flag_values(args, "edgematch", "solve"))
    outcome = _count(puzzle, args) if args.count else None
    if args.json:
        extra = {} if outcome is None else {"count": outcome.count, "complete": outcome.complete}
        write_result_json(out, res, **extra)
    else:
        if args.method == "vlns":
            out.write(f"score: {res.stats['score']}/{res.stats['total']} ({res.status}), "
                      f"seconds: {res.stats['seconds']:.3f}, seed: {res.stats['seed']}\n")
        else:
            out.write(f"status: {res.status}, placements: {res.stats['nodes']}, "
                      f"seconds: {res.stats['seconds']:.3f}\n")
        if res.solution is not None:
            out.write(em.render(puzzle, res.solution) + "\n")
        if outcome is not None:
            out.write(f"solutions: {count_text(outcome.count, outcome.complete, args.limit)}\n")
    if res.solution is not None and args.svg:
        write_svg(args.svg, em.render(puzzle, res.solution, format="svg"))
    return EXIT_LIMIT if outcome is not None and not outcome.complete else exit_code([res.status])


def _count(puzzle: em.EdgePuzzle, args: argparse.Namespace) -> CountOutcome:
    """The count of ``solve --count``: :func:`edgematch.count_solutions` up to ``--limit``, here,
    on ``--workers`` threads or on a cluster (a partial count comes back incomplete, never as the
    answer)."""
    start = time.perf_counter()
    with executor_from(args) as executor:
        outcome = counted(lambda: em.count_solutions(puzzle, limit=args.limit, order=args.order or "row",
                                                     time_limit=args.time_limit, node_limit=args.node_limit,
                                                     workers=args.workers, progress=args.progress,
                                                     executor=executor))
    outcome.stats = {"seconds": time.perf_counter() - start, "stop": "none", **outcome.stats}
    outcome.stats.update(count=outcome.count, complete=outcome.complete, workers=args.workers)
    return outcome


def _parse_tuning(text: Optional[str]) -> Optional[dict]:
    """The ``--tuning`` JSON object (None when absent); PuzzleError when it is not one."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleError(f"--tuning: not valid JSON ({error.msg} at character {error.pos})") from None
    if not isinstance(value, dict):
        raise PuzzleError(f"--tuning: expected a JSON object such as '{{\"penalty_weight\": 4}}', got {text!r}")
    return value


def run_search(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Handler of ``cassetete edgematch search``: prints the score and the best board; exit 0 when
    the board is a full solution, else 3 (the time or iteration budget ended the search)."""
    out = out or sys.stdout
    tuning = _parse_tuning(args.tuning)
    puzzle = _load(args.file)
    res = em.solve(puzzle, method="vlns", time_limit=args.time, iterations=args.iterations, workers=args.workers,
                   checkpoint=args.checkpoint, seed=args.seed, init=args.init, relax=args.relax,
                   neighbourhood_size=args.size, progress=args.progress, tuning=tuning)
    st = res.stats
    if args.json:
        write_result_json(out, res)
    else:
        out.write(f"score: {st['score']}/{st['total']} ({res.status}, stop: {st['stop']}), iterations: "
                  f"{st['iterations']}, seconds: {st['seconds']:.1f}, seed: {st['seed']}\n")
        out.write(em.render(puzzle, res.solution) + "\n")
    if args.svg:
        write_svg(args.svg, em.render(puzzle, res.solution, format="svg"))
    return exit_code([res.status])


def run_generate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Handler of ``cassetete edgematch generate``."""
    out = out or sys.stdout
    puzzle, _ = em.generate(args.rows, args.cols, colors=args.colors, frame_colors=args.frame_colors,
                            matching=args.matching, distinct=args.distinct, seed=args.seed)
    text = em.format(puzzle, args.format)
    if args.output:
        write_text(args.output, text)
    else:
        out.write(text)
    return 0


def demo(out: TextIO) -> None:
    """Solve a generated 5 x 5 Eternity-style puzzle and show the E2 score of a quick search."""
    out.write("== edgematch: a planted 5 x 5 puzzle (2 frame colours, 4 inner colours) ==\n")
    puzzle, _ = em.generate(5, 5, colors=4, frame_colors=2, seed=2024)
    res = em.solve(puzzle, order="first_fail")
    out.write(em.render(puzzle, res.solution) + "\n")
    out.write(f"{res.status} in {res.stats['nodes']} placements; verified: {em.verify(puzzle, res.solution)}\n")
    p, pos = em.fibonacci_instance(8)
    _, n = em.solve_positions(p, pos, count=True)
    e2 = em.eternity2()
    res = em.solve(e2, method="vlns", time_limit=2, seed=1)
    out.write(f"Eternity II, 2 s of local search (Schaus and Deville's VLNS + tabu, one core): "
              f"{res.stats['score']}/{res.stats['total']} joins\n")
    out.write(f"Béhague (2024) Fibonacci family, 4 x 8 with positions given: {n} solutions (F(6) = 13)\n")
