"""Solving: one puzzle, solution counts, enumeration, batches on C++ threads, verification."""

from __future__ import annotations

from typing import Any, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from .. import _core
from .._errors import LimitReached, PuzzleError
from .._options import check_count, check_limit, check_node_limit, check_time_limit, check_workers
from .._result import Result
from .._streams import stream_solutions
from ._formats import parse, parse_lines_array
from ._model import Sudoku, infer_box

PuzzleLike = Union[Sudoku, str, np.ndarray, Sequence[Sequence[int]]]

RULES = ("exclusivity", "uniqueness", "parity", "intersections")
# The Sudoku lecture notes' three rules plus locked candidates (box/line intersections), which pay on 16x16 and
# larger. With all four on, 9x9 puzzles go to the dedicated bitboard engine.
DEFAULT_RULES = RULES


def as_sudoku(puzzle: PuzzleLike, box: Optional[Sequence[int]] = None) -> Sudoku:
    """A Sudoku from a Sudoku, a text in any parse() format, or an (N, N) array.

    Example:
        >>> as_sudoku("." * 16).size
        4
    """
    if isinstance(puzzle, Sudoku):
        if box is not None and tuple(box) != puzzle.box:
            return Sudoku(puzzle.grid, box)
        return puzzle
    if isinstance(puzzle, str):
        return parse(puzzle, box)
    return Sudoku(puzzle, box)


def check_rules(rules: Sequence[str]) -> List[str]:
    """The rule names as a list, PuzzleError for an unknown one."""
    if isinstance(rules, str):
        rules = (rules,)
    names = list(rules)
    for name in names:
        if name not in RULES:
            raise PuzzleError(f"unknown rule {name!r}; known rules: {', '.join(RULES)}")
    return names


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
    removed (general engine); the 9x9 bitboard engine's counters count deductions and are
    reported under ``deductions`` with their own names."""
    counters = stats.get("rules", {})
    if "naked_singles" in counters:
        stats["engine"] = "bitboard9"
        stats["deductions"] = stats.pop("rules")
    else:
        stats["engine"] = "general"
    return stats


def solve(puzzle: PuzzleLike, *, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
          rules: Sequence[str] = DEFAULT_RULES, box: Optional[Sequence[int]] = None) -> Result:
    """Solve a puzzle: propagation with `rules`, then minimum-candidates branching.

    `Result.solution` is an (N, N) uint8 array; `Result.stats` has nodes (branching decisions),
    seconds, `engine` and either `rules` (candidates removed by each rule, general engine) or
    `deductions` (the 9x9 bitboard engine, chosen for 9x9 grids with every default rule on).

    Example:
        >>> r = solve("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
        >>> r.status, r.solution[0, :3].tolist()
        ('solved', [4, 6, 8])
    """
    sudoku = as_sudoku(puzzle, box)
    time_limit, node_limit, names = _search_options(time_limit, node_limit, rules)
    count, solution, status, _complete, stats = _core.sudoku.solve(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], 1, names, time_limit, node_limit, None)
    if solution is not None:
        solution = solution.reshape(sudoku.size, sudoku.size)
    return Result(status, solution, _clean_stats(stats), puzzle=sudoku)


def count_solutions(puzzle: PuzzleLike, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None, rules: Sequence[str] = DEFAULT_RULES,
                    box: Optional[Sequence[int]] = None, executor: Any = None, progress: bool = False,
                    checkpoint: Optional[str] = None) -> int:
    """The number of solutions; with `limit`, stop once that many are found (``limit=2``: the
    answer 0 / 1 / 2 means none / unique / several). `executor` (a ``concurrent.futures``
    executor or a Dask client), `progress` and `checkpoint` (a file to resume from) spread the
    count with :mod:`cassetete.parallel`.

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
    if executor is not None or progress or checkpoint is not None:
        from ..parallel import count_sudoku

        return count_sudoku(sudoku, executor, rules=names, limit=limit, time_limit=time_limit, node_limit=node_limit,
                            progress=progress, checkpoint=checkpoint)
    count, _solution, _status, complete, stats = _core.sudoku.solve(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], limit or 0, names, time_limit, node_limit, None)
    if not complete:
        raise LimitReached(count, _clean_stats(stats))
    return int(count)


def solutions(puzzle: PuzzleLike, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None, rules: Sequence[str] = DEFAULT_RULES,
              box: Optional[Sequence[int]] = None) -> Iterator[np.ndarray]:
    """Iterate over the solutions ((N, N) uint8 arrays) as the C++ search finds them.

    The search runs in a background thread and pauses while the consumer is slow; closing the
    iterator (or breaking out of a for loop) stops it. When a time or node limit cuts the stream
    short, it ends by raising :class:`cassetete.LimitReached`, so it never looks complete.

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
    return stream_solutions(stream, limit or None, lambda flat: flat.reshape(size, size))


INVALID = -2  # solve_many's count for a puzzle whose clues break the rules (see invalid_puzzles)


def solve_many(puzzles: Union[np.ndarray, Sequence[str], Sequence[Sudoku]], *, workers: int = -1,
               limit: Optional[int] = 1, node_limit: Optional[int] = None, rules: Sequence[str] = DEFAULT_RULES,
               box: Optional[Sequence[int]] = None) -> Tuple[np.ndarray, np.ndarray]:
    """Solve a batch on C++ threads (GIL released): `puzzles` is a (k, N*N) uint8 array, a list of
    one-line strings or a list of Sudoku objects of one order.

    Returns (solutions (k, N*N) uint8, zeros where none was found; counts (k,) int64: the number
    of solutions found up to `limit` (None = all), -1 where `node_limit` stopped the search, and
    -2 (``INVALID``) where the clues repeat a value in a row, column or box, the puzzles
    :func:`solve` rejects with ``PuzzleError``; the rest of the batch is solved all the same).

    Example:
        >>> sols, counts = solve_many(["." * 81, "11" + "." * 79], limit=2)
        >>> counts.tolist()
        [2, -2]
    """
    array, geometry = _batch_array(puzzles, box)
    limit = check_limit(limit)
    node_limit = check_node_limit(node_limit)
    workers = check_workers(workers)
    names = check_rules(rules)
    if "exclusivity" not in names and node_limit is None:
        raise PuzzleError("a batch without the 'exclusivity' rule needs a node_limit (generate-and-test)")
    # The C++ batch checks each puzzle's clues on the worker threads and reports INVALID itself.
    solutions_array, counts, _nodes = _core.sudoku.solve_many(array, geometry[0], geometry[1], limit or 0, names,
                                                              workers, node_limit)
    return solutions_array, counts


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


def _batch_array(puzzles, box) -> Tuple[np.ndarray, Tuple[int, int]]:
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
        bad = np.argwhere((puzzles < 0) | (puzzles > size))
        if len(bad):
            k, cell = (int(v) for v in bad[0])
            raise PuzzleError(f"puzzle {k}, row {cell // size + 1}, column {cell % size + 1}: value "
                              f"{int(puzzles[k, cell])} is outside 0..{size}")
        return np.ascontiguousarray(puzzles, dtype=np.uint8), geometry
    items = list(puzzles)
    if not items:
        raise PuzzleError("no puzzles given")
    if all(isinstance(item, str) for item in items):
        cells = len(items[0].strip())
        size = int(round(cells ** 0.5))
        if size * size != cells or size < 1:
            raise PuzzleError(f"puzzle 0: {cells} characters is not N*N for any N")
        return parse_lines_array(items, size), infer_box(size, box)
    sudokus = [as_sudoku(item, box) for item in items]
    shapes = {s.box for s in sudokus}
    if len(shapes) != 1:
        raise PuzzleError(f"puzzles of different box shapes in one batch: {sorted(shapes)}")
    return np.stack([s.grid.ravel() for s in sudokus]), sudokus[0].box


def verify(puzzle: PuzzleLike, solution: Union[np.ndarray, Sequence[Sequence[int]], str],
           box: Optional[Sequence[int]] = None) -> bool:
    """True when `solution` is a complete grid obeying the rules and keeping every clue.

    Example:
        >>> verify("." * 16, "1234341221434321")
        True
    """
    sudoku = as_sudoku(puzzle, box)
    size = sudoku.size
    if isinstance(solution, str):
        solution = parse_lines_array([solution], size)[0]
    grid = np.asarray(solution)
    if grid.size != size * size:
        return False
    grid = grid.reshape(size, size).astype(np.int64)
    if np.any(grid < 1) or np.any(grid > size):
        return False
    given = sudoku.grid > 0
    if np.any(grid[given] != sudoku.grid[given]):
        return False
    rows, cols = sudoku.box
    boxes = grid.reshape(size // rows, rows, size // cols, cols).transpose(0, 2, 1, 3).reshape(size, size)
    full = np.arange(1, size + 1)
    for units in (grid, grid.T, boxes):
        if not np.array_equal(np.sort(units, axis=1), np.broadcast_to(full, units.shape)):
            return False
    return True


def split(puzzle: PuzzleLike, depth: int = 1, *, box: Optional[Sequence[int]] = None) -> List[Sudoku]:
    """Split a search into disjoint subproblems for an executor (processes, a Dask cluster):
    `depth` times, the open cell with fewest candidates (after propagating every rule) is fixed to
    each of its candidates. The subproblems' solution sets partition the puzzle's, so their counts
    add up; contradictory branches are dropped.

    Example:
        >>> parts = split("." * 16, depth=2)
        >>> len(parts), sum(count_solutions(p) for p in parts)
        (12, 288)
    """
    depth = check_count(depth, "depth")
    frontier = [as_sudoku(puzzle, box)]
    for _ in range(depth):
        following: List[Sudoku] = []
        for sudoku in frontier:
            contradiction, masks, _stats, _steps = _core.sudoku.propagate(
                sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], list(DEFAULT_RULES), False)
            if contradiction:
                continue
            counts = np.array([bin(int(m)).count("1") for m in masks])
            open_cells = np.flatnonzero((counts > 1) & (sudoku.grid.ravel() == 0))
            if len(open_cells) == 0:
                following.append(sudoku)  # solved by propagation (or only clues left to fill)
                continue
            cell = int(open_cells[np.argmin(counts[open_cells])])
            mask = int(masks[cell])
            for value in range(1, sudoku.size + 1):
                if mask >> (value - 1) & 1:
                    grid = sudoku.grid.copy().ravel()
                    grid[cell] = value
                    try:
                        following.append(Sudoku(grid.reshape(sudoku.size, sudoku.size), sudoku.box))
                    except PuzzleError:
                        continue  # the value repeats a clue: no solution down this branch
        frontier = following
    return frontier
