"""Checking answers from the rules, independently of the engines: one grid (:func:`verify`) and
whole batches at once (:func:`check_batch`, compiled, with its numpy twin)."""

from __future__ import annotations

import importlib
from typing import Any, Optional, Sequence, Union

import numpy as np

from .._errors import PuzzleError, certify
from ._formats import PuzzleLike, as_sudoku, parse_lines_array

try:  # the compiled certifier loop (the normal install); the numpy twin below otherwise
    # Imported by name: an import graph built from the .py files (grimp, import-linter) cannot
    # see the compiled leaf module and would count `from . import` as an import of this package.
    _kernels: Any = importlib.import_module("cassetete.sudoku.sudoku_kernels")
except ImportError:  # pragma: no cover - only without the compiled extension
    _kernels = None


def _unit_masks(grids: np.ndarray, box: Sequence[int]) -> np.ndarray:
    """(k,) bool: which of the (k, N*N) grids have every row, column and box equal to {1..N}.

    Each value v becomes the bit 1 << (v - 1) (0 and values above N become no bit); a unit of N
    cells holds every value once exactly when the OR of its bits is the full mask 2**N - 1."""
    rows, cols = int(box[0]), int(box[1])
    size = rows * cols
    dtype = np.uint16 if size <= 16 else np.uint32 if size <= 32 else np.uint64
    table = np.zeros(256, dtype=dtype)
    table[1:size + 1] = np.left_shift(np.ones(size, dtype=dtype), np.arange(size, dtype=dtype))
    full = table[1:size + 1].sum(dtype=dtype)
    bits: Any = table[np.asarray(grids, dtype=np.uint8)].reshape(-1, size, size)
    # ORs of whole slices (N operations on (k, N) arrays): faster than ufunc.reduce on strided axes.
    in_rows: Any = bits[:, :, 0].copy()
    in_cols: Any = bits[:, 0, :].copy()
    for j in range(1, size):
        in_rows |= bits[:, :, j]
        in_cols |= bits[:, j, :]
    cells = bits.reshape(-1, size // rows, rows, size // cols, cols)
    in_boxes: Any = cells[:, :, 0, :, 0].copy()
    for i in range(rows):
        for j in range(cols):
            if i or j:
                in_boxes |= cells[:, :, i, :, j]
    return (in_rows == full).all(axis=1) & (in_cols == full).all(axis=1) & (in_boxes == full).all(axis=(1, 2))


def check_batch(puzzles: np.ndarray, solutions: np.ndarray, box: Sequence[int]) -> np.ndarray:
    """(k,) bool: which rows of `solutions` (k, N*N) solve the matching rows of `puzzles`: every
    row, column and box a permutation of 1..N, and every clue kept. Written from the rules,
    independent of the engines, vectorised over the batch.

    Example:
        >>> check_batch(np.zeros((2, 16), np.uint8), parse_lines_array(["1234341221434321", "1234" * 4], 4),
        ...             (2, 2)).tolist()
        [True, False]
    """
    puzzles = np.asarray(puzzles)
    solutions = np.asarray(solutions)
    if puzzles.shape != solutions.shape:
        return np.zeros(len(solutions), dtype=bool)
    size = int(box[0]) * int(box[1])
    if (_kernels is not None and puzzles.ndim == 2 and puzzles.shape[1] == size * size and size <= 64
            and puzzles.dtype == np.uint8 and solutions.dtype == np.uint8):
        # the same verdicts in one compiled pass (src/sudoku_kernels.pyx): 10-20x faster
        return _kernels.check_batch(np.ascontiguousarray(puzzles), np.ascontiguousarray(solutions),
                                    int(box[0]), int(box[1]))
    return check_batch_numpy(puzzles, solutions, box)


def check_batch_numpy(puzzles: np.ndarray, solutions: np.ndarray, box: Sequence[int]) -> np.ndarray:
    """:func:`check_batch` in numpy alone (the twin of the compiled loop, used without it).

    Example:
        >>> check_batch_numpy(np.zeros((1, 16), np.uint8), parse_lines_array(["1234341221434321"], 4), (2, 2)).tolist()
        [True]
    """
    puzzles = np.asarray(puzzles)
    solutions = np.asarray(solutions)
    if puzzles.shape != solutions.shape:
        return np.zeros(len(solutions), dtype=bool)
    kept = ((puzzles == 0) | (puzzles == solutions)).all(axis=1)
    return kept & _unit_masks(solutions, box)


def certify_batch(puzzles: np.ndarray, solutions: np.ndarray, counts: np.ndarray, box: Sequence[int]) -> None:
    """Raise :class:`cassetete._errors.CheckFailed` unless every solution of a counted puzzle
    (count >= 1) passes :func:`check_batch`.

    Example:
        >>> certify_batch(np.zeros((1, 16), np.uint8), parse_lines_array(["1234341221434321"], 4), np.ones(1), (2, 2))
    """
    answered = np.asarray(counts) >= 1
    if not answered.any():
        return
    if answered.all():
        ok = check_batch(puzzles, solutions, box)
    else:
        ok = np.ones(len(answered), dtype=bool)
        ok[answered] = check_batch(puzzles[answered], solutions[answered], box)
    if not ok.all():
        bad = np.flatnonzero(~ok)
        certify(False, "sudoku", f"{len(bad)} solution(s) of the batch, the first at index {int(bad[0])}")


def verify(puzzle: PuzzleLike, solution: Union[np.ndarray, Sequence[Sequence[int]], str],
           box: Optional[Sequence[int]] = None) -> bool:
    """True when `solution` is a complete grid obeying the rules and keeping every clue; False when
    it is a grid of the puzzle's shape that breaks a rule (an empty cell, a value outside 1..N, a
    repeat, a changed clue). A solution that is not such a grid (another number of cells, another
    shape, values that are not integers) is a ``PuzzleError``.

    Example:
        >>> verify("." * 16, "1234341221434321"), verify("." * 16, "1234" * 4)
        (True, False)
        >>> verify("." * 16, [1, 2, 3])
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: the solution has 3 cells, the 4x4 puzzle 16
    """
    sudoku = as_sudoku(puzzle, box)
    size = sudoku.size
    if isinstance(solution, str):
        solution = parse_lines_array([solution], size)[0]
    try:
        grid = np.asarray(solution)
    except ValueError:  # ragged nested lists
        raise PuzzleError(f"the solution is not a {size}x{size} grid of integers") from None
    if grid.size != size * size:
        raise PuzzleError(f"the solution has {grid.size} cells, the {size}x{size} puzzle {size * size}")
    if grid.shape not in ((size, size), (size * size,)):
        raise PuzzleError(f"the solution has shape {grid.shape}, expected ({size}, {size}) or ({size * size},)")
    if grid.dtype.kind not in "iu":
        raise PuzzleError(f"the solution's values must be integers, got dtype {grid.dtype}")
    if grid.min() < 1 or grid.max() > size:
        return False
    grid = grid.reshape(size, size).astype(np.uint64)
    given = sudoku.grid > 0
    if not np.array_equal(grid[given], sudoku.grid[given]):
        return False
    # Each value v as the bit 1 << (v - 1): a unit of N cells holds every value once exactly
    # when the OR of its N bits is the full mask (pigeonhole). Bit ORs beat sorting by 2.5x.
    bits = np.left_shift(np.uint64(1), grid - np.uint64(1))
    full = np.uint64((1 << size) - 1)
    rows, cols = sudoku.box
    boxes = bits.reshape(size // rows, rows, size // cols, cols).transpose(0, 2, 1, 3).reshape(size, size)
    for units in (bits, bits.T, boxes):
        if not (np.bitwise_or.reduce(units, axis=1) == full).all():
            return False
    return True
