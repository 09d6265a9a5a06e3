"""Solving: one puzzle, solution counts, enumeration, batches on C++ threads, verification."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from .. import _core
from .._errors import LimitReached, PuzzleError, certify
from .._options import check_limit, check_node_limit, check_progress, check_time_limit, check_workers
from .._contract import verb
from .._result import Result
from .._streams import stream_solutions
from ._formats import PuzzleLike, as_sudoku, parse_lines_array
from ..parallel import run_first, threads_or
from ._jobs import SudokuJob, count_sudoku
from ._model import DEFAULT_RULES, SEED_RULES, Sudoku, check_rules, infer_box
from ._verify import certify_batch, verify


def _search_options(time_limit: object, node_limit: object, rules: Sequence[str]) -> Tuple[Optional[float],
                                                                                     Optional[int], List[str]]:
    """The checked (time_limit, node_limit, rule names) of one search.

    Without "exclusivity" the search is generate-and-test and can run for hours on a 9x9 grid, so
    such a rule set needs a time or node limit.
    """
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    names = check_rules(rules)
    if "exclusivity" not in names and time_limit is None and node_limit is None:
        raise PuzzleError(f"rules={tuple(names)!r} has no 'exclusivity': the search is then generate-and-test "
                          f"and unbounded; add 'exclusivity' or give time_limit / node_limit")
    return time_limit, node_limit, names


def _clean_stats(stats: dict) -> dict:
    """One meaning for rule counters on every path: ``rules`` counts the candidates each rule
    removed (general engine); the 9x9 engine counts only its guesses (values tried at branch
    points), reported under ``deductions``; the learning engine counts its conflicts, learnt
    clauses and restarts, reported under ``learning``."""
    counters = stats.get("rules", {})
    if set(counters) == {"guesses"}:  # the 9x9 engine (cpp/sudoku/sudoku9.hpp)
        stats["engine"] = "bitboard9"
        stats["deductions"] = stats.pop("rules")
    elif "conflicts" in counters:  # the learning engine (cpp/sudoku/learning.hpp)
        stats["engine"] = "learning"
        stats["learning"] = stats.pop("rules")
    else:
        stats["engine"] = "general"
    return stats


METHODS = {
    "auto": "the 9x9 bitboard engine for 9x9 grids with every default rule on; from 25x25 up with the default "
            "rules, the learning engine; else the general engine's depth-first search; deterministic",
    "learning": "conflict-driven clause learning at any order (the rules' deductions explained, nogoods learnt "
                "from each dead end, backjumps, restarts): the engine 'auto' picks from 25x25 up; `seed` "
                "breaks its ties",
    "backtracking": "the general engine's depth-first search with restarts at any order, never the learning or "
                    "9x9 engines",
    "random": "the general engine with a random value order at each branch (seeded): a random solution among "
              "many, as the generator draws full grids",
    "notes": "the lecture notes' plain algorithm: their rules (exclusivity, uniqueness, parity unless rules= "
             "says otherwise) to a fixpoint, then the first cell with the fewest candidates, values in "
             "increasing order, nothing else; stats['nodes'] is the notes' tree, to compare with 'auto'",
}


@verb("sudoku", "solve", options=("time_limit", "node_limit", "seed", "workers"), methods=METHODS,
      honours={"auto": {"time_limit", "node_limit", "workers"}, "random": {"time_limit", "node_limit", "seed"},
               "notes": {"time_limit", "node_limit"}, "learning": {"time_limit", "node_limit", "seed"},
               "backtracking": {"time_limit", "node_limit"}})
def solve(puzzle: PuzzleLike, *, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
          rules: Sequence[str] = DEFAULT_RULES, box: Optional[Sequence[int]] = None, method: str = "auto",
          seed: Optional[int] = None, workers: int = 1) -> Result:
    """Solve a puzzle: propagation with `rules`, then minimum-candidates branching.

    `Result.solution` is an (N, N) uint8 array; `Result.stats` has nodes (branching decisions),
    seconds, `engine` and either `rules` (candidates removed by each rule, general engine),
    `deductions` (``{"guesses": n}``: the 9x9 bitboard engine, chosen for 9x9 grids with every
    default rule on) or `learning` (``conflicts``, ``learnt``, ``restarts`` and ``fullest``, the
    most cells placed at once, a measure of progress on a search a limit stopped: the learning
    engine, chosen from 25x25 up with the default rules, or by ``method="learning"``).
    A solution is checked by :func:`verify` before it is returned (``CheckFailed`` otherwise).
    With ``workers`` > 1 the search tree is shared out in time slices on that many threads
    (:mod:`cassetete.parallel`) and every thread stops once one finds a solution.

    Example:
        >>> r = solve("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
        >>> r.status, r.solution[0, :3].tolist()
        ('solved', [4, 6, 8])
        >>> grid = solve("." * 81, method="random", seed=7)
        >>> grid.stats["seed"], verify("." * 81, grid.solution)
        (7, True)
        >>> plain = solve(r.puzzle, method="notes")   # the lecture notes' tree, beside the default's
        >>> plain.stats["engine"], bool((plain.solution == r.solution).all())
        ('general', True)
        >>> solve(r.puzzle, method="learning").stats["engine"]   # clause learning, any order
        'learning'
    """
    sudoku = as_sudoku(puzzle, box)
    if method == "notes" and rules is DEFAULT_RULES:
        rules = SEED_RULES  # the notes' rules eup unless the caller chose others
    time_limit, node_limit, names = _search_options(time_limit, node_limit, rules)
    if workers > 1:
        with threads_or(None, workers, "cassetete-sudoku") as pool:
            status, found, stats = run_first(SudokuJob(sudoku, names), pool, time_limit=time_limit,
                                             node_limit=node_limit)
        solution = None if found is None else np.asarray(found, dtype=np.uint8).reshape(sudoku.size, sudoku.size)
        stats.setdefault("stop", "none")
        stats["engine"] = "parallel"
    else:
        random_seed = seed if method in ("random", "learning") else None
        learning = {"learning": True, "backtracking": False, "notes": False, "random": False}.get(method)
        _count, solution, status, _complete, stats = _core.sudoku.solve(
            sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], 1, names, time_limit, node_limit, random_seed,
            plain=method == "notes", learning=learning)
        stats = _clean_stats(stats)
        if method in ("random", "learning"):
            stats["seed"] = seed
        if solution is not None:
            solution = solution.reshape(sudoku.size, sudoku.size)
    if solution is not None and status == "solved":
        _certified(sudoku, solution)  # checked against the rules before it is returned
    return Result(status, solution, stats, puzzle=sudoku)


@verb("sudoku", "count_solutions", options=("limit", "time_limit", "node_limit", "progress", "workers"))
def count_solutions(puzzle: PuzzleLike, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None, rules: Sequence[str] = DEFAULT_RULES,
                    box: Optional[Sequence[int]] = None, executor: Any = None, progress: bool = False,
                    checkpoint: Optional[str] = None, workers: int = 1) -> int:
    """The number of solutions; with `limit`, stop once that many are found (``limit=2``: the
    answer 0 / 1 / 2 means none / unique / several). `executor` (a ``concurrent.futures``
    executor or a Dask client), ``workers`` > 1 (threads of this process), `progress` and
    `checkpoint` (a file to resume from) spread the count with :mod:`cassetete.parallel`.

    Raises :class:`cassetete.LimitReached` (``.count`` a lower bound) when `time_limit` or
    `node_limit` stops the count first: a partial count is never returned.

    Example:
        >>> count_solutions("." * 16)
        288
        >>> count_solutions("." * 81, limit=2)
        2
    """
    sudoku = as_sudoku(puzzle, box)
    limit = check_limit(limit)
    time_limit, node_limit, names = _search_options(time_limit, node_limit, rules)
    progress = check_progress(progress)
    with threads_or(executor, workers, "cassetete-sudoku") as spread:
        if spread is not None or progress or checkpoint is not None:
            return count_sudoku(sudoku, spread, rules=names, limit=limit, time_limit=time_limit,
                                node_limit=node_limit, progress=progress, checkpoint=checkpoint)
    count, _solution, _status, complete, stats = _core.sudoku.solve(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], limit or 0, names, time_limit, node_limit, None)
    if not complete:
        raise LimitReached(count, _clean_stats(stats))
    return int(count)


@verb("sudoku", "solutions", options=("limit", "time_limit", "node_limit"))
def solutions(puzzle: PuzzleLike, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None, rules: Sequence[str] = DEFAULT_RULES,
              box: Optional[Sequence[int]] = None) -> Iterator[np.ndarray]:
    """Iterate over the solutions ((N, N) uint8 arrays) as the C++ search finds them.

    The search runs in a background thread and pauses while the consumer is slow; closing the
    iterator (or breaking out of a for loop) stops it. When a time or node limit cuts the stream
    short, it ends by raising :class:`cassetete.LimitReached`, so it never looks complete. Each
    solution is checked by :func:`verify` before it is yielded (``CheckFailed`` otherwise).

    Example:
        >>> sum(1 for _ in solutions("." * 16))
        288
    """
    sudoku = as_sudoku(puzzle, box)
    limit = check_limit(limit)
    time_limit, node_limit, names = _search_options(time_limit, node_limit, rules)
    return _stream(sudoku, names, limit or 0, time_limit, node_limit)


def _stream(sudoku: Sudoku, names: List[str], limit: int, time_limit: Optional[float],
            node_limit: Optional[int]) -> Iterator[np.ndarray]:
    stream = _core.sudoku.stream(sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], names, limit, time_limit,
                                 node_limit)
    size = sudoku.size
    return stream_solutions(stream, limit or None, lambda flat: _certified(sudoku, flat.reshape(size, size)))


INVALID = -2  # solve_many's count for a puzzle it cannot take: malformed, or clues that break the rules


class BatchResult(tuple):
    """What :func:`solve_many` returns: the pair ``(solutions, counts)``, so that
    ``solutions, counts = solve_many(...)`` unpacks as it always did, plus ``errors``.

    Attributes:
        solutions: (k, N*N) uint8, zeros where no solution was found.
        counts: (k,) int64: solutions found up to the limit, -1 a node limit stopped the
            search, -2 (``INVALID``) the puzzle was rejected.
        errors: {index: reason} for every ``INVALID`` puzzle (0-based position in the batch):
            the same message :func:`solve` gives in its ``PuzzleError``.

    Example:
        >>> batch = solve_many(["1" + "." * 15, "xyz"], box=(2, 2))
        >>> batch.counts.tolist(), batch.errors
        ([1, -2], {1: '3 characters, expected 16 (a 4x4 grid)'})
    """

    _errors: Dict[int, str]

    def __new__(cls, solutions: np.ndarray, counts: np.ndarray, errors: Optional[Dict[int, str]] = None) -> BatchResult:
        self = super().__new__(cls, (solutions, counts))
        self._errors = dict(errors or {})
        return self

    @property
    def solutions(self) -> np.ndarray:
        """(k, N*N) uint8 solutions, zeros where none was found."""
        return self[0]

    @property
    def counts(self) -> np.ndarray:
        """(k,) int64 counts (-1 node limit, -2 ``INVALID``)."""
        return self[1]

    @property
    def errors(self) -> Dict[int, str]:
        """{index: reason} of the rejected puzzles."""
        return self._errors

    def __reduce__(self):
        return (BatchResult, (self[0], self[1], self._errors))


def solve_many(puzzles: Union[np.ndarray, Sequence[str], Sequence[Sudoku]], *, workers: int = 1,
               limit: Optional[int] = 1, node_limit: Optional[int] = None, rules: Sequence[str] = DEFAULT_RULES,
               box: Optional[Sequence[int]] = None) -> BatchResult:
    """Solve a batch on C++ threads (GIL released): `puzzles` is a (k, N*N) integer array, a list
    of one-line strings or a list of Sudoku objects of one order.

    Returns a :class:`BatchResult`, which unpacks as (solutions (k, N*N) uint8, zeros where none
    was found; counts (k,) int64: the number of solutions found up to `limit` (None = all), -1
    where `node_limit` stopped the search, and -2 (``INVALID``) where the puzzle is rejected) and
    whose ``errors`` maps each rejected puzzle's index to the reason. A puzzle is rejected for
    what makes :func:`solve` raise ``PuzzleError``: a line of the wrong length or with a bad
    character, a value out of range, a clue repeated in a row, column or box. One bad puzzle
    never stops the rest of the batch. The order N is the box's (`box`) or, for strings, the
    most common line length; an array of the wrong shape or dtype is rejected as a whole.

    Every solution returned is checked against the rules before it is returned (all at once,
    vectorised); a wrong one raises :class:`cassetete._errors.CheckFailed`.

    Example:
        >>> sols, counts = solve_many(["." * 81, "11" + "." * 79], limit=2)
        >>> counts.tolist()
        [2, -2]
        >>> solve_many(["." * 81, "11" + "." * 79, "xyz"]).errors[1]
        'duplicate clue 1 in row 1: row 1, column 1 and row 1, column 2'
    """
    limit = check_limit(limit)
    node_limit = check_node_limit(node_limit)
    workers = check_workers(workers)
    names = check_rules(rules)
    if "exclusivity" not in names and node_limit is None:
        raise PuzzleError("a batch without the 'exclusivity' rule needs a node_limit (generate-and-test)")
    array, geometry, errors = _batch_array(puzzles, box)
    good = np.ones(len(array), dtype=bool)
    if errors:
        good[list(errors)] = False
    todo = array if good.all() else np.ascontiguousarray(array[good])
    # The C++ batch checks each puzzle's clues on the worker threads and reports INVALID itself.
    found, found_counts, _nodes = _core.sudoku.solve_many(todo, geometry[0], geometry[1], limit or 0, names,
                                                          workers, node_limit)
    certify_batch(todo, found, found_counts, geometry)
    if todo is array:
        solutions_array, counts = found, found_counts
    else:
        solutions_array = np.zeros_like(array)
        counts = np.full(len(array), INVALID, dtype=np.int64)
        solutions_array[good] = found
        counts[good] = found_counts
    size = geometry[0] * geometry[1]
    for index in np.flatnonzero(counts == INVALID).tolist():
        if index not in errors:  # clues the engine refused: name them as solve() would
            try:
                Sudoku(array[index].reshape(size, size), geometry)
                errors[index] = "a clue repeats in a row, column or box"
            except PuzzleError as error:
                errors[index] = str(error)
    return BatchResult(solutions_array, counts, dict(sorted(errors.items())))


def _certified(sudoku: Sudoku, solution: np.ndarray) -> np.ndarray:
    """`solution` once :func:`verify` accepts it for `sudoku`; else CheckFailed."""
    try:
        accepted = verify(sudoku, solution)
    except PuzzleError:  # an engine's answer that is not even a grid: a bug, not bad input
        accepted = False
    certify(accepted, "sudoku", f"a solution of the {sudoku.size}x{sudoku.size} puzzle {sudoku}"
            if sudoku.size <= 35 else f"a solution of a {sudoku.size}x{sudoku.size} puzzle")
    return solution


def invalid_puzzles(array: np.ndarray, box: Sequence[int]) -> np.ndarray:
    """A (k,) bool mask: which puzzles of a (k, N*N) batch repeat a clue in a row, column or box.

    Example:
        >>> invalid_puzzles(parse_lines_array(["11" + "." * 14, "1" + "." * 15], 4), (2, 2)).tolist()
        [True, False]
    """
    rows, cols = int(box[0]), int(box[1])
    size = rows * cols
    grids = np.asarray(array).reshape(-1, size, size)
    boxes = grids.reshape(-1, size // rows, rows, size // cols, cols).transpose(0, 1, 3, 2, 4).reshape(-1, size, size)
    bad = np.zeros(len(grids), dtype=bool)
    for units in (grids, grids.transpose(0, 2, 1), boxes):
        ordered = np.sort(units, axis=2)
        bad |= ((ordered[:, :, 1:] == ordered[:, :, :-1]) & (ordered[:, :, 1:] > 0)).any(axis=(1, 2))
    return bad


def line_error(error: PuzzleError, size: int) -> str:
    """A parse_lines_array message for one line, without its "line 1" prefix.

    Example:
        >>> line_error(PuzzleError("line 1: 3 characters, expected 16"), 4)
        '3 characters, expected 16 (a 4x4 grid)'
    """
    message = str(error)
    for prefix in ("line 1: ", "line 1, "):
        if message.startswith(prefix):
            message = message[len(prefix):]
    if "characters, expected" in message:
        message += f" (a {size}x{size} grid)"
    return message


def _batch_array(puzzles, box) -> Tuple[np.ndarray, Tuple[int, int], Dict[int, str]]:
    """The (k, N*N) uint8 array of a batch, its box shape and {index: reason} of the puzzles that
    cannot be read (their rows are zeros). A batch that is not a batch raises PuzzleError."""
    errors: Dict[int, str] = {}
    if isinstance(puzzles, np.ndarray):
        if puzzles.ndim != 2:
            raise PuzzleError(f"puzzles must be a (k, N*N) array, got shape {puzzles.shape}")
        cells = puzzles.shape[1]
        size = int(round(cells ** 0.5))
        if size * size != cells:
            raise PuzzleError(f"puzzles have {cells} cells each, not N*N for any N")
        geometry = infer_box(size, box)
        if puzzles.dtype.kind not in "iub":
            raise PuzzleError(f"puzzle values must be integers, got dtype {puzzles.dtype}")
        outside: np.ndarray = (puzzles < 0) | (puzzles > size)
        if not outside.any():
            return np.ascontiguousarray(puzzles, dtype=np.uint8), geometry, errors
        bad_rows: np.ndarray = np.asarray(outside.any(axis=1))
        for k in np.flatnonzero(bad_rows).tolist():
            cell = int(np.argmax(outside[k]))
            errors[k] = (f"row {cell // size + 1}, column {cell % size + 1}: value {int(puzzles[k, cell])} "
                         f"is outside 0..{size}")
        return np.ascontiguousarray(np.where(bad_rows[:, None], 0, puzzles), dtype=np.uint8), geometry, errors
    items = list(puzzles)
    if not items:
        raise PuzzleError("no puzzles given")
    if all(isinstance(item, str) for item in items):
        return _lines_array([item.strip() for item in items], box)
    sudokus: List[Optional[Sudoku]] = []
    for k, item in enumerate(items):
        try:
            sudokus.append(as_sudoku(item, box))
        except PuzzleError as error:
            sudokus.append(None)
            errors[k] = str(error)
    shapes = Counter(s.box for s in sudokus if s is not None)
    if not shapes:
        raise PuzzleError(f"no puzzle of the batch can be read; the first: {errors[0]}")
    geometry = shapes.most_common(1)[0][0]
    size = geometry[0] * geometry[1]
    array = np.zeros((len(items), size * size), dtype=np.uint8)
    for k, sudoku in enumerate(sudokus):
        if sudoku is None:
            continue
        if sudoku.box != geometry:
            errors[k] = f"box {sudoku.box[0]}x{sudoku.box[1]} differs from the batch's {geometry[0]}x{geometry[1]}"
            continue
        array[k] = sudoku.grid.ravel()
    return array, geometry, errors


def _lines_array(lines: List[str], box) -> Tuple[np.ndarray, Tuple[int, int], Dict[int, str]]:
    """One-line puzzles (stripped) as a batch: the order is the box's, else the most common length."""
    if box is not None:
        try:
            size = int(box[0]) * int(box[1])
        except (TypeError, ValueError, IndexError):
            raise PuzzleError(f"box must be a pair (rows, cols), got {box!r}") from None
    else:
        lengths = Counter(len(line) for line in lines if line and math.isqrt(len(line)) ** 2 == len(line))
        if not lengths:
            raise PuzzleError(f"puzzle 0: {len(lines[0])} characters is not N*N for any N")
        size = math.isqrt(lengths.most_common(1)[0][0])
    geometry = infer_box(size, box)
    try:  # the common case, a clean batch, decoded at once
        return parse_lines_array(lines, size), geometry, {}
    except PuzzleError:
        pass
    errors: Dict[int, str] = {}
    array = np.zeros((len(lines), size * size), dtype=np.uint8)
    for k, line in enumerate(lines):
        try:
            array[k] = parse_lines_array([line], size)[0]
        except PuzzleError as error:
            errors[k] = line_error(error, size)
    return array, geometry, errors


