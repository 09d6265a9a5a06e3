"""What every ``cassetete`` subcommand shares: the flags, the exit codes, JSON output.

Exit codes (docs/ARCHITECTURE.md): 0 solved (or a complete answer not proved to be the intended
one, status ``feasible``), 1 no solution, 2 bad input or usage, 3 a limit stopped the search
before an answer, 70 an internal error (a bug: please report it), 130 Ctrl-C.

Example:
    >>> exit_code(["solved", "unsatisfiable"]), exit_code(["solved", "limit", "unsatisfiable"])
    (1, 3)
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Iterable, Optional, Sequence, TextIO

import numpy as np

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_LIMIT = 3
EXIT_INTERNAL = 70  # sysexits.h EX_SOFTWARE
EXIT_INTERRUPTED = 130
# The one exit-code table of every command, with what each code means (the epilog of `cassetete -h`).
EXIT_CODES = {
    EXIT_SOLVED: "solved (or a complete answer, status feasible)",
    EXIT_NO_SOLUTION: "no solution",
    EXIT_BAD_INPUT: "bad input or usage",
    EXIT_LIMIT: "a limit stopped the search before an answer",
    EXIT_INTERNAL: "internal error",
    EXIT_INTERRUPTED: "interrupted",
}

_EXIT_OF_STATUS = {"solved": EXIT_SOLVED, "feasible": EXIT_SOLVED, "unsatisfiable": EXIT_NO_SOLUTION,
                   "limit": EXIT_LIMIT}


def exit_code(statuses: Iterable[str]) -> int:
    """The exit code of a run that produced these result statuses: a limit outranks a missing
    solution, which outranks success."""
    codes = {_EXIT_OF_STATUS[s] for s in statuses}
    for code in (EXIT_LIMIT, EXIT_NO_SOLUTION):
        if code in codes:
            return code
    return EXIT_SOLVED


def add_limit_flags(parser: argparse.ArgumentParser, *, node_limit: bool = True) -> None:
    """``--time-limit SECONDS`` and ``--node-limit N``."""
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="stop after this many seconds (exit code 3 if no answer yet)")
    if node_limit:
        parser.add_argument("--node-limit", type=int, default=None, metavar="N",
                            help="stop after this many search nodes (exit code 3 if no answer yet)")


def add_seed_flag(parser: argparse.ArgumentParser) -> None:
    """``--seed N`` (default: a random seed, printed in --json stats)."""
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random)")


def add_workers_flag(parser: argparse.ArgumentParser, default: int = 1) -> None:
    """``--workers N`` (-1 = all cores)."""
    parser.add_argument("--workers", type=int, default=default, help=f"threads, -1 = all cores (default {default})")


def _count_cap(text: str) -> Optional[int]:
    if text.strip().lower() == "all":
        return None
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"--limit takes an integer >= 1 or 'all', got {text!r}")
    return value


def add_count_flags(parser: argparse.ArgumentParser) -> None:
    """``--count`` and ``--limit N|all``, the same in every ``solve``: also count the solutions,
    up to ``--limit`` (default 2: prints 0, 1 or ``2+``, the uniqueness question; ``all``: the
    exact number). A count a time or node limit stopped prints as a lower bound, exit code 3.

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_count_flags(parser)
        >>> vars(parser.parse_args(["--count"])), vars(parser.parse_args(["--count", "--limit", "all"]))
        ({'count': True, 'limit': 2}, {'count': True, 'limit': None})
    """
    parser.add_argument("--count", action="store_true",
                        help="also count the solutions, up to --limit (0, 1 or 2+ by default)")
    parser.add_argument("--limit", type=_count_cap, default=2, metavar="N|all",
                        help="with --count: stop counting at N solutions (default 2, the uniqueness question); "
                             "'all' counts every solution")


def add_cluster_flags(parser: argparse.ArgumentParser) -> None:
    """``--scheduler ADDRESS`` (an existing Dask cluster) or ``--cluster N`` (N local worker
    processes) to spread the work beyond this process (see :mod:`cassetete.parallel`)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="spread the work on an existing Dask cluster, e.g. tcp://host:8786")
    group.add_argument("--cluster", metavar="N", type=int, default=None,
                       help="spread the work on N local worker processes (a Dask LocalCluster when installed)")


def executor_from(args: argparse.Namespace) -> Any:
    """A context manager yielding the executor that ``--scheduler`` / ``--cluster`` ask for, or
    None when neither is given."""
    import contextlib

    if getattr(args, "scheduler", None) is None and getattr(args, "cluster", None) is None:
        return contextlib.nullcontext(None)
    from ..parallel import executor_for

    return executor_for(scheduler=args.scheduler, workers=args.cluster)


def add_progress_flag(parser: argparse.ArgumentParser, what: str = "the search") -> None:
    """``--progress``: a tqdm bar on stderr while `what` runs (off by default; stdout is unchanged)."""
    parser.add_argument("--progress", action="store_true", help=f"show a progress bar of {what} on stderr")


def read_region(source: str) -> Any:
    """The region argument of ``pentomino`` and ``narrowing``: sizes (``"6x10"``), a region
    picture typed inline, or a file of either form (a path, or ``-`` for standard input).

    Example:
        >>> read_region("6x10")
        '6x10'
        >>> read_region("no-such-file.txt")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: no such file: no-such-file.txt
    """
    import os
    import re

    from ..polyomino import load

    if source != "-" and re.fullmatch(r"\s*\d+(\s*[xX×]\s*\d+){1,2}\s*", source):
        return source
    if source == "-" or os.path.exists(source):
        return load(source)
    if "#" in source or not re.search(r"[./\\]", source):
        return source  # a picture typed on the command line, or a word the library explains
    from .._errors import PuzzleError

    raise PuzzleError(f"no such file: {source}")


def add_method_flag(parser: argparse.ArgumentParser, choices: Sequence[str], default: str) -> None:
    """``--method NAME`` among `choices`."""
    parser.add_argument("--method", choices=list(choices), default=default,
                        help=f"algorithm (default {default})")


def add_output_flags(parser: argparse.ArgumentParser, *, svg: bool = True) -> None:
    """``--json`` (machine-readable results) and ``--svg FILE``."""
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per result (status, solution, stats)")
    if svg:
        parser.add_argument("--svg", metavar="FILE", default=None, help="write the picture as SVG")


def jsonable(value: Any) -> Any:
    """`value` with numpy arrays and scalars (and tuples, sets) turned into JSON types."""
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, float) and value != value:
        return None
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def write_json(out: TextIO, **fields: Any) -> None:
    """One JSON object on one line."""
    out.write(json.dumps(jsonable(fields), separators=(",", ":")) + "\n")


def write_result_json(out: TextIO, result: Any, **extra: Any) -> None:
    """A Result as ``{"status", "solution", "stats", ...extra}`` on one line."""
    write_json(out, status=result.status, solution=result.solution, stats=result.stats, **extra)


class CountOutcome:
    """A count as the command line reports it: the number, whether it is final, the statistics.

    Example:
        >>> stopped = CountOutcome(7, False, {"stop": "time_limit"})
        >>> stopped.status, stopped.exit_code, CountOutcome(0, True).exit_code
        ('limit', 3, 1)
    """

    def __init__(self, count: int, complete: bool, stats: Optional[dict] = None) -> None:
        self.count = int(count)
        self.complete = bool(complete)
        self.stats = dict(stats or {})

    @property
    def status(self) -> str:
        """``limit`` when a limit stopped the count, else ``solved`` (some) or ``unsatisfiable`` (none)."""
        if not self.complete:
            return "limit"
        return "solved" if self.count > 0 else "unsatisfiable"

    @property
    def exit_code(self) -> int:
        return _EXIT_OF_STATUS[self.status]


def counted(call: Any) -> CountOutcome:
    """Run a library count (a call returning an ``int``) and catch the limit that stops it: a
    stopped count is reported as a lower bound, never as the answer.

    Example:
        >>> from cassetete._errors import LimitReached
        >>> def stopped():
        ...     raise LimitReached(5, {"stop": "node_limit"})
        >>> outcome = counted(stopped)
        >>> outcome.count, outcome.complete, outcome.stats["stop"]
        (5, False, 'node_limit')
    """
    from .._errors import LimitReached

    try:
        return CountOutcome(call(), True)
    except LimitReached as stopped:
        return CountOutcome(stopped.count, False, dict(stopped.stats or {}))


def report_count(out: TextIO, outcome: CountOutcome, *, as_json: bool, text: str, solution: Any = None,
                 **extra: Any) -> int:
    """Print a count the one way every command does and return its exit code: with ``as_json`` the
    contract's object (``status``, ``solution``, ``stats``, ``count``, ``complete`` and ``extra``),
    else ``text`` (the command's own line, which should show :func:`count_text`).

    Example:
        >>> import io
        >>> out = io.StringIO()
        >>> report_count(out, CountOutcome(3, False), as_json=True, text="", region="3x20")
        3
        >>> out.getvalue()
        '{"status":"limit","solution":null,"stats":{},"count":3,"complete":false,"region":"3x20"}\\n'
    """
    if as_json:
        write_json(out, status=outcome.status, solution=solution, stats=outcome.stats, count=outcome.count,
                   complete=outcome.complete, **extra)
    else:
        out.write(text if text.endswith("\n") else text + "\n")
    return outcome.exit_code


def count_text(count: int, complete: bool, limit: Optional[int] = None) -> str:
    """How a count is printed: exact, capped by the user's limit ("2+"), or a lower bound."""
    if not complete:
        return f"at least {count} (stopped by a limit)"
    if limit is not None and count >= limit:
        return f"{count}+"
    return str(count)


def write_svg(path: str, svg: str) -> None:
    """Write an SVG file; a bad path is bad input (exit code 2), not a traceback."""
    from .._errors import PuzzleError

    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(svg)
    except OSError as error:
        raise PuzzleError(f"cannot write {path}: {error.strerror or error}") from None
