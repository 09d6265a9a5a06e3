"""Solving: one puzzle, solution counts, enumeration, batches on C++ threads, verification."""

from __future__ import annotations

from typing import Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._result import Result
from ._model import Sudoku, infer_box
from ._parse import parse, parse_lines_array

PuzzleLike = Union[Sudoku, str, np.ndarray, Sequence[Sequence[int]]]

RULES = ("exclusivity", "uniqueness", "parity", "intersections")
# The seed's three rules plus locked candidates (box/line intersections), which pay on 16x16 and
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


def _check_limit(name: str, value: Optional[float]) -> None:
    if value is not None and not (value >= 0):
        raise PuzzleError(f"{name} must be a non-negative number or None, got {value!r}")


def solve(puzzle: PuzzleLike, *, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
          rules: Sequence[str] = DEFAULT_RULES, box: Optional[Sequence[int]] = None) -> Result:
    """Solve a puzzle: propagation with `rules`, then minimum-candidates branching.

    `Result.solution` is an (N, N) uint8 array; `Result.stats` has nodes (branching decisions),
    seconds, and the count of each rule's applications under "rules".

    Example:
        >>> r = solve("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
        >>> r.status, r.solution[0, :3].tolist()
        ('solved', [4, 6, 8])
    """
    sudoku = as_sudoku(puzzle, box)
    _check_limit("time_limit", time_limit)
    _check_limit("node_limit", node_limit)
    count, solution, status, _complete, stats = _core.sudoku_solve(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], 1, check_rules(rules), time_limit, node_limit, None)
    if solution is not None:
        solution = solution.reshape(sudoku.size, sudoku.size)
    return Result(status, solution, stats)


def count_solutions(puzzle: PuzzleLike, limit: int = 2, *, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None, box: Optional[Sequence[int]] = None) -> int:
    """The number of solutions, stopping at `limit` (0 = count them all): with limit=2 the answer
    0 / 1 / 2 means none / unique / several. Raises TimeoutError if a limit stops the count first.

    Example:
        >>> count_solutions("." * 16, limit=0)
        288
    """
    sudoku = as_sudoku(puzzle, box)
    if limit < 0:
        raise PuzzleError(f"limit must be >= 0, got {limit}")
    _check_limit("time_limit", time_limit)
    _check_limit("node_limit", node_limit)
    count, _solution, _status, complete, stats = _core.sudoku_solve(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], int(limit), list(DEFAULT_RULES), time_limit,
        node_limit, None)
    if not complete:
        raise TimeoutError(f"count stopped by the {stats['stop']} after {count} solutions")
    return int(count)


def solutions(puzzle: PuzzleLike, *, limit: int = 0, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None, box: Optional[Sequence[int]] = None) -> Iterator[np.ndarray]:
    """Iterate over the solutions ((N, N) uint8 arrays) as the C++ search finds them.

    The search runs in a background thread and pauses while the consumer is slow; closing the
    iterator (or breaking out of a for loop) stops it.

    Example:
        >>> sum(1 for _ in solutions("." * 16))
        288
    """
    sudoku = as_sudoku(puzzle, box)
    _check_limit("time_limit", time_limit)
    _check_limit("node_limit", node_limit)
    stream = _core.SudokuSolutionStream(sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], list(DEFAULT_RULES),
                                        int(limit), time_limit, node_limit)
    size = sudoku.size
    try:
        for flat in stream:
            yield flat.reshape(size, size)
    finally:
        stream.close()


def solve_many(puzzles: Union[np.ndarray, Sequence[str], Sequence[Sudoku]], *, workers: int = -1, limit: int = 1,
               node_limit: Optional[int] = None, box: Optional[Sequence[int]] = None
               ) -> Tuple[np.ndarray, np.ndarray]:
    """Solve a batch on C++ threads (GIL released): `puzzles` is a (k, N*N) uint8 array, a list of
    one-line strings or a list of Sudoku objects of one order.

    Returns (solutions (k, N*N) uint8, zeros where none was found; counts (k,) int64, the number
    of solutions found up to `limit`, -1 where `node_limit` stopped the search).

    Example:
        >>> sols, counts = solve_many(["." * 81, "11" + "." * 79], limit=2)
        >>> counts.tolist()
        [2, 0]
    """
    array, geometry = _batch_array(puzzles, box)
    if limit < 0:
        raise PuzzleError(f"limit must be >= 0, got {limit}")
    _check_limit("node_limit", node_limit)
    solutions_array, counts, _nodes = _core.sudoku_solve_many(array, geometry[0], geometry[1], int(limit),
                                                              int(workers), node_limit)
    return solutions_array, counts


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
        >>> len(parts), sum(count_solutions(p, limit=0) for p in parts)
        (12, 288)
    """
    if depth < 0:
        raise PuzzleError(f"depth must be >= 0, got {depth}")
    frontier = [as_sudoku(puzzle, box)]
    for _ in range(depth):
        following: List[Sudoku] = []
        for sudoku in frontier:
            contradiction, masks, _stats, _steps = _core.sudoku_propagate(
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
