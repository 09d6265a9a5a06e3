"""Sudoku files of any size solved in chunks: the lines stream from the input file, each chunk
(10^4 to 10^5 lines) is solved by the C++ batch solver (``sudoku.solve_many``) on a worker, and
the answers are written in input order while later chunks are still being solved, so neither
the input nor the output is ever held in memory whole.

Output: one line per input line. A solved puzzle gives its solution on one line; otherwise
``unsatisfiable``, ``limit`` (the node limit stopped it) or ``invalid: <reason>``; blank and
``#`` comment lines are copied as they are, so line k of the output answers line k of the input.

Example:
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> source, target = os.path.join(folder, "in.txt"), os.path.join(folder, "out.txt")
    >>> _ = open(source, "w").write("1" + "." * 15 + "\\n11" + "." * 14 + "\\n")
    >>> solve_file(source, target)["invalid"]
    1
    >>> open(target).read().splitlines()[1]
    'invalid: duplicate clue 1 in row 1: row 1, column 1 and row 1, column 2'
"""

from __future__ import annotations

import itertools
import math
import os
import sys
import time
from collections import deque
from typing import Any, Deque, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError
from .._io import PathOrFile
from .._options import check_count, check_node_limit, check_progress, check_workers
from .._streams import progress_bar
from ..parallel import Runner
from ._formats import parse_lines_array
from ._model import DEFAULT_RULES, SYMBOLS, infer_box
from ._solve import solve_many

__all__ = ["solve_file", "solve_lines", "DEFAULT_CHUNK"]

DEFAULT_CHUNK = 20_000  # lines per task: about 0.1-1 s of 9x9 solving, far above Dask's ~1 ms per task
_SKIP = None  # marks a blank or comment line in a chunk


def solve_lines(lines: Sequence[str], box: Optional[Tuple[int, int]] = None, rules: Sequence[str] = (),
                node_limit: Optional[int] = None, workers: int = 1) -> List[str]:
    """The output lines for one chunk of input lines (runs on a worker).

    Example:
        >>> solve_lines(["# a comment", "1" + "." * 15, "12"])[1:]
        ['1234341221434321', 'invalid: 2 characters, expected 16 (a 4x4 grid)']
    """
    rules = list(rules) or list(DEFAULT_RULES)
    stripped = [line.strip() for line in lines]
    puzzle_rows = [k for k, line in enumerate(stripped) if line and not line.startswith("#")]
    out: List[Optional[str]] = [line.rstrip("\r\n") for line in lines]
    if not puzzle_rows:
        return [str(line) for line in out]
    cells = len(stripped[puzzle_rows[0]]) if box is None else (box[0] * box[1]) ** 2
    size = math.isqrt(cells)
    try:
        geometry = infer_box(size, box)
    except PuzzleError as error:
        geometry = None
        reason = str(error)
    good: List[int] = []
    array = np.zeros((0, cells), dtype=np.uint8)
    if geometry is not None:
        try:  # the common case, a clean chunk, decoded at once
            array = parse_lines_array([stripped[k] for k in puzzle_rows], size)
            good, puzzle_rows = puzzle_rows, []
        except PuzzleError:
            pass  # find the bad lines one by one
    for k in puzzle_rows:
        if geometry is None:
            out[k] = f"invalid: {reason}"
            continue
        try:
            parse_lines_array([stripped[k]], size)
        except PuzzleError as error:
            message = str(error).replace("line 1: ", "").replace("line 1, ", "")
            if "expected" in message and "characters" in message:
                message += f" (a {size}x{size} grid)"
            out[k] = f"invalid: {message}"
            continue
        good.append(k)
    if good:
        if len(good) != len(array):
            array = parse_lines_array([stripped[k] for k in good], size)
        batch = solve_many(array, workers=workers, limit=1, node_limit=node_limit, rules=rules, box=geometry)
        solutions, counts = batch
        if size <= 35:  # all rows encoded at once, then cut
            text = np.frombuffer(("." + SYMBOLS).encode(), dtype=np.uint8)[solutions].tobytes().decode()
            encoded = [text[k * cells:(k + 1) * cells] for k in range(len(good))]
        else:
            encoded = [" ".join(map(str, solution)) for solution in solutions]
        for index, (k, solution, count) in enumerate(zip(good, encoded, counts.tolist())):
            if count >= 1:
                out[k] = solution
            elif count == 0:
                out[k] = "unsatisfiable"
            elif count == -1:
                out[k] = "limit"
            else:  # the batch names the repeated clue, as solve() would
                out[k] = "invalid: " + batch.errors.get(index, "a clue repeats in a row, column or box")
    return [str(line) for line in out]


def _open(target: PathOrFile, mode: str) -> Tuple[Any, bool]:
    """An open text stream for a path, ``"-"`` or an open file, and whether to close it."""
    if hasattr(target, "read") or hasattr(target, "write"):
        return target, False
    if str(target) == "-":
        return (sys.stdin if mode == "r" else sys.stdout), False
    path = os.fspath(target)  # type: ignore[arg-type]
    if mode == "r" and not os.path.isfile(path):
        raise PuzzleError(f"no such file: {path}")
    return open(path, mode), True


def _chunks(stream: Any, size: int) -> Iterator[List[str]]:
    while True:
        chunk = list(itertools.islice(stream, size))
        if not chunk:
            return
        yield chunk


def _tally(lines: List[str], totals: Dict[str, Any], first_line: int) -> None:
    for offset, line in enumerate(lines):
        if not line.strip() or line.startswith("#"):
            continue
        totals["puzzles"] += 1
        if line.startswith("invalid"):
            totals["invalid"] += 1
            if len(totals["invalid_lines"]) < 100:
                totals["invalid_lines"].append(first_line + offset)
        elif line in ("unsatisfiable", "limit"):
            totals[line] += 1
        else:
            totals["solved"] += 1


def solve_file(source: PathOrFile, out: PathOrFile, *, executor: Any = None, box: Optional[Sequence[int]] = None,
               rules: Sequence[str] = (), node_limit: Optional[int] = None, chunk_lines: int = DEFAULT_CHUNK,
               progress: bool = False, workers: int = 1) -> Dict[str, Any]:
    """Solve every one-line puzzle of ``source`` into ``out`` (paths or open text files).

    Without ``executor`` the chunks run here on ``workers`` C++ threads (-1: one per core); with a Dask client or
    a ``concurrent.futures`` executor each chunk is a task (one core each), at most two per
    worker in flight. Returns totals: ``puzzles``, ``solved``, ``unsatisfiable``, ``limit``,
    ``invalid`` and the first 100 ``invalid_lines`` (1-based), ``seconds``.

    Example:
        >>> import io
        >>> from cassetete import sudoku
        >>> out = io.StringIO()
        >>> totals = sudoku.solve_file(io.StringIO("." * 16 + "\\n" + "11" + "." * 14 + "\\n"), out)
        >>> totals["solved"], totals["invalid"], totals["invalid_lines"]
        (1, 1, [2])
        >>> print(out.getvalue().splitlines()[1])
        invalid: duplicate clue 1 in row 1: row 1, column 1 and row 1, column 2
    """
    chunk_lines = check_count(chunk_lines, "chunk_lines", 1)
    node_limit = check_node_limit(node_limit)
    progress = check_progress(progress)
    workers = check_workers(workers)
    geometry = None if box is None else (int(box[0]), int(box[1]))
    totals: Dict[str, Any] = {"puzzles": 0, "solved": 0, "unsatisfiable": 0, "limit": 0, "invalid": 0,
                              "invalid_lines": []}
    started = time.perf_counter()
    source_stream, close_source = _open(source, "r")
    target_stream, close_target = _open(out, "w")
    bar = progress_bar(progress, "solving", unit="line")
    runner = Runner(executor) if executor is not None else None
    written = 1

    def write(lines: List[str]) -> None:
        nonlocal written
        _tally(lines, totals, written)
        target_stream.write("\n".join(lines) + "\n")
        written += len(lines)
        if bar is not None:
            bar.update(len(lines))

    try:
        chunks = _chunks(source_stream, chunk_lines)
        if runner is None:
            for chunk in chunks:
                write(solve_lines(chunk, geometry, rules, node_limit, workers=workers))
        else:
            window: Deque[Any] = deque()  # futures in input order
            limit = 2 * runner.workers
            for chunk in chunks:
                window.append(runner.submit(solve_lines, chunk, geometry, list(rules), node_limit, 1))
                while len(window) >= limit or (window and window[0].done()):
                    write(window.popleft().result())
            while window:
                write(window.popleft().result())
    finally:
        if runner is not None:
            runner.cancel(list(locals().get("window", ())))
        if bar is not None:
            bar.close()
        if close_source:
            source_stream.close()
        if close_target:
            target_stream.close()
    totals["seconds"] = time.perf_counter() - started
    return totals
