"""The Sudoku puzzle object: an (N, N) grid of clues and the box shape r x c (N = r*c)."""

from __future__ import annotations

import math
from typing import List, Optional, Sequence, Tuple, Union

import numpy as np

from .._errors import PuzzleError
from .._svg import draw

MAX_ORDER = 64
# Symbols of the one-line form: value v is the v-th character (1-9, then A-Z: up to N = 35).
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Box = Tuple[int, int]


def infer_box(size: int, box: Optional[Sequence[int]] = None, where: str = "") -> Box:
    """The box shape (rows, cols) of an N x N grid: `box` if given, else sqrt(N) x sqrt(N).

    Example:
        >>> infer_box(9), infer_box(6, (2, 3))
        ((3, 3), (2, 3))
    """
    prefix = f"{where}: " if where else ""
    if size < 1:
        raise PuzzleError(f"{prefix}empty grid")
    if size > MAX_ORDER:
        raise PuzzleError(f"{prefix}order {size} is too large (at most {MAX_ORDER} values per row)")
    if box is not None:
        try:
            rows, cols = (int(v) for v in box)
        except (TypeError, ValueError):
            raise PuzzleError(f"{prefix}box must be a pair (rows, cols), got {box!r}") from None
        if rows < 1 or cols < 1 or rows * cols != size:
            raise PuzzleError(f"{prefix}box {rows}x{cols} does not tile a {size}x{size} grid "
                              f"(need rows*cols = {size})")
        return rows, cols
    root = math.isqrt(size)
    if root * root != size:
        raise PuzzleError(f"{prefix}a {size}x{size} grid has no square box shape: "
                          f"give box=(rows, cols) with rows*cols = {size}")
    return root, root


class Sudoku:
    """A Sudoku puzzle of order N = r*c: `grid` is an (N, N) uint8 array (0 = empty), `box` the
    box shape (r, c).

    Duplicate clues in a row, column or box raise PuzzleError. `str()` gives the one-line form
    (`.` for empty cells, 1-9 then A-Z), or N lines of N numbers when N > 35. `seed` is the
    seed :func:`cassetete.sudoku.generate` used (None for a puzzle that was not generated); it
    does not take part in equality.

    Example:
        >>> s = Sudoku(np.zeros((4, 4), np.uint8))
        >>> s.size, s.box, str(s), s.seed
        (4, (2, 2), '................', None)
    """

    __slots__ = ("grid", "box", "seed")

    def __init__(self, grid: Union[np.ndarray, Sequence[Sequence[int]]], box: Optional[Sequence[int]] = None,
                 *, seed: Optional[int] = None):
        self.seed: Optional[int] = seed
        array = np.asarray(grid)
        if array.ndim != 2 or array.shape[0] != array.shape[1]:
            raise PuzzleError(f"a Sudoku grid must be square (N, N), got shape {array.shape}")
        size = array.shape[0]
        self.box: Box = infer_box(size, box)
        if array.dtype.kind not in "iub":
            if array.dtype.kind == "f" and np.all(np.isfinite(array)) and np.all(array == np.round(array)):
                array = array.astype(np.int64)
            else:
                raise PuzzleError(f"grid values must be integers, got dtype {array.dtype}")
        bad = np.argwhere((array < 0) | (array > size))
        if len(bad):
            r, c = (int(v) for v in bad[0])
            raise PuzzleError(f"row {r + 1}, column {c + 1}: value {int(array[r, c])} is outside 0..{size}")
        self.grid: np.ndarray = np.ascontiguousarray(array, dtype=np.uint8)
        check_duplicates(self.grid, self.box)

    @property
    def size(self) -> int:
        """N, the number of values (9 for the classic Sudoku)."""
        return int(self.grid.shape[0])

    @property
    def clues(self) -> int:
        """The number of given cells."""
        return int(np.count_nonzero(self.grid))

    def to_line(self) -> str:
        """The one-line form: N*N characters, `.` = empty (N <= 35).

        Example:
            >>> Sudoku(np.eye(4, dtype=np.uint8) * 0).to_line()[:4]
            '....'
        """
        if self.size > len(SYMBOLS):
            raise PuzzleError(f"order {self.size} has no one-line form (at most {len(SYMBOLS)}); use to_grid_text()")
        table = np.frombuffer(("." + SYMBOLS).encode(), dtype=np.uint8)
        return table[self.grid.ravel()].tobytes().decode()

    def to_grid_text(self) -> str:
        """The Sudoku lecture notes' file format: N lines of N numbers separated by a space, 0 = empty.

        Example:
            >>> print(Sudoku(np.zeros((4, 4), np.uint8)).to_grid_text().splitlines()[0])
            0 0 0 0
        """
        return "\n".join(" ".join(str(int(v)) for v in row) for row in self.grid) + "\n"

    def __str__(self) -> str:
        return self.to_line() if self.size <= len(SYMBOLS) else self.to_grid_text()

    def __repr__(self) -> str:
        return f"Sudoku(size={self.size}, box={self.box}, clues={self.clues})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sudoku) and self.box == other.box and np.array_equal(self.grid, other.grid)

    def __hash__(self) -> int:
        return hash((self.box, self.grid.tobytes()))

    def __getstate__(self):
        return {"grid": self.grid, "box": self.box, "seed": self.seed}

    def __setstate__(self, state) -> None:
        self.grid = state["grid"]
        self.box = tuple(state["box"])
        self.seed = state.get("seed")

    def _repr_svg_(self) -> str:
        return draw(self)

    def to_svg(self, solution: Optional[np.ndarray] = None, candidates: bool = False) -> str:
        """An SVG drawing (clues in black, `solution` values in blue, or candidate counts).

        Example:
            >>> Sudoku(np.zeros((4, 4), np.uint8)).to_svg().startswith("<svg")
            True
        """
        return draw(self, solution=solution, candidates=candidates)


def check_duplicates(grid: np.ndarray, box: Box) -> None:
    """Raise PuzzleError naming the first two equal clues in one row, column or box."""
    size = grid.shape[0]
    rows, cols = box
    units = []
    for r in range(size):
        units.append(("row", r + 1, [(r, c) for c in range(size)]))
    for c in range(size):
        units.append(("column", c + 1, [(r, c) for r in range(size)]))
    for b in range(size):
        top, left = (b // rows) * rows, (b % rows) * cols
        units.append(("box", b + 1, [(top + i, left + j) for i in range(rows) for j in range(cols)]))
    # Vectorised screen first: most grids have no duplicate and this keeps parsing fast.
    if not _has_duplicate(grid, box):
        return
    for kind, number, cells in units:
        seen: dict = {}
        for r, c in cells:
            v = int(grid[r, c])
            if v == 0:
                continue
            if v in seen:
                r0, c0 = seen[v]
                raise PuzzleError(f"duplicate clue {v} in {kind} {number}: row {r0 + 1}, column {c0 + 1} "
                                  f"and row {r + 1}, column {c + 1}")
            seen[v] = (r, c)


def _has_duplicate(grid: np.ndarray, box: Box) -> bool:
    size = grid.shape[0]
    rows, cols = box
    boxes = grid.reshape(size // rows, rows, size // cols, cols).transpose(0, 2, 1, 3).reshape(size, size)
    for units in (grid, grid.T, boxes):
        onehot = np.zeros((size, size + 1), dtype=np.int32)
        np.add.at(onehot, (np.repeat(np.arange(size), size), units.ravel().astype(np.int64)), 1)
        if np.any(onehot[:, 1:] > 1):
            return True
    return False


RULES = ("exclusivity", "uniqueness", "parity", "intersections", "hall")


# The Sudoku lecture notes' three rules plus locked candidates (box/line intersections), which pay on 16x16 and
# larger. With all four on, 9x9 puzzles go to the dedicated bitboard engine. "hall" (all-different
# consistency per unit: every naked and hidden subset) is off by default below order 36, where it costs
# more than it saves, and switched on by the engine from order 36 up whenever exclusivity and
# uniqueness are on.
DEFAULT_RULES = RULES[:4]
# The lecture notes' rules "eup" (exclusivity, uniqueness = hidden singles, parity = naked pairs): what
# explain() and method="notes" apply.
SEED_RULES = RULES[:3]


def check_rules(rules: Sequence[str]) -> List[str]:
    """The rule names as a list, PuzzleError for an unknown one."""
    if isinstance(rules, str):
        rules = (rules,)
    names = list(rules)
    for name in names:
        if name not in RULES:
            raise PuzzleError(f"unknown rule {name!r}; known rules: {', '.join(RULES)}")
    return names
