"""The edge-matching puzzle model: pieces, matching rule, clues, boards, score (verify: _verify)."""

from __future__ import annotations

from typing import Dict, Iterable, Mapping, Optional, Tuple

import numpy as np

from .._errors import PuzzleError

MATCHINGS = ("equal", "opposite")
LABEL_MAX = 2**31 - 1  # labels are any integers of this size (the engine renumbers them)
SIDES = ("N", "E", "S", "W")

Cell = Tuple[int, int]
Fix = Tuple[int, int]


def rotate(edges: Iterable[int], rot: int) -> Tuple[int, int, int, int]:
    """Edges (N, E, S, W) of a piece turned ``rot`` quarter turns clockwise.

    Example:
        >>> rotate((1, 2, 3, 4), 1)
        (4, 1, 2, 3)
    """
    try:
        e = tuple(int(x) for x in edges)
        r = int(rot) % 4
    except (TypeError, ValueError):
        raise PuzzleError(f"rotate needs 4 integer labels and a number of quarter turns, got {edges!r}, {rot!r}") from None
    if len(e) != 4:
        raise PuzzleError(f"a piece has 4 edges (N, E, S, W), got {len(e)}")
    return tuple(e[(i - r) % 4] for i in range(4))  # type: ignore[return-value]


class EdgePuzzle:
    """An edge-matching puzzle: ``rows`` x ``cols`` cells and as many square pieces.

    Args:
        rows, cols: board size.
        pieces: (k, 4) integer labels in N, E, S, W order, k = rows * cols.
        matching: ``"equal"`` (Eternity II, Tetravex: equal colours meet, 0 is the frame) or
            ``"opposite"`` (monochrome jigsaw: label +i meets -i, 0 is a flat border).
        fixed: clues, a mapping (row, col) -> (piece index, rotation).

    ``seed`` is the seed :func:`generate` drew the puzzle with (None otherwise); it is not part
    of the puzzle's value (equality ignores it).

    Example:
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> p.size, p.total_joins
        (2, 1)
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        pieces,
        *,
        matching: str = "equal",
        fixed: Optional[Mapping[Cell, Fix]] = None,
    ) -> None:
        try:
            rows, cols = int(rows), int(cols)
        except (TypeError, ValueError):
            raise PuzzleError(f"board size must be integers, got {rows!r} x {cols!r}") from None
        if rows <= 0 or cols <= 0:
            raise PuzzleError(f"board size must be positive, got {rows} x {cols}")
        if matching not in MATCHINGS:
            raise PuzzleError(f"matching must be one of {MATCHINGS}, got {matching!r}")
        try:
            arr = np.asarray(pieces)
        except Exception as error:  # ragged lists
            raise PuzzleError(f"pieces are not a (k, 4) table: {error}") from None
        if arr.ndim != 2 or arr.shape[1] != 4:
            raise PuzzleError(f"pieces must be a (k, 4) array of labels, got shape {arr.shape}")
        if arr.size and (arr.dtype == bool or not np.issubdtype(arr.dtype, np.number)):
            raise PuzzleError(f"piece labels must be integers (|label| <= {LABEL_MAX}), got {arr.dtype} values")
        if arr.size and not np.issubdtype(arr.dtype, np.integer):
            finite = np.isfinite(arr)
            bad_values = ~finite | (np.mod(np.where(finite, arr, 0), 1) != 0)
            if np.any(bad_values):
                bad = int(np.argwhere(bad_values)[0][0])
                raise PuzzleError(f"piece {bad} has a non-integer label")
        if arr.size and np.any(np.abs(arr) > LABEL_MAX):
            bad = int(np.argwhere(np.abs(arr) > LABEL_MAX)[0][0])
            raise PuzzleError(f"piece {bad} has a label beyond +-{LABEL_MAX}")
        arr = arr.astype(np.int64)
        if arr.shape[0] != rows * cols:
            raise PuzzleError(f"{arr.shape[0]} pieces for a {rows} x {cols} board ({rows * cols} cells)")
        if matching == "equal" and arr.size and arr.min() < 0:
            bad = int(np.argwhere(arr < 0)[0][0])
            raise PuzzleError(f"piece {bad} has a negative label (only 'opposite' matching allows them)")
        self.rows, self.cols, self.matching = rows, cols, matching
        self.seed: Optional[int] = None
        self.pieces = arr
        self.pieces.setflags(write=False)
        self._check_labels()
        self.fixed: Dict[Cell, Fix] = {}
        seen = set()
        try:
            clues = dict(fixed or {})
        except (TypeError, ValueError):
            raise PuzzleError(f"fixed must map (row, col) to (piece, rotation), got {fixed!r}") from None
        for cell, value in clues.items():
            try:
                r, c = (int(x) for x in cell)
                p, rot = (int(x) for x in value)
            except (TypeError, ValueError):
                raise PuzzleError(f"fixed entry {cell!r}: {value!r} is not (row, col) -> (piece, rotation)") from None
            if not (0 <= r < rows and 0 <= c < cols):
                raise PuzzleError(f"fixed cell ({r}, {c}) is off the {rows} x {cols} board")
            if not 0 <= p < self.size:
                raise PuzzleError(f"fixed piece {p} at ({r}, {c}) does not exist (pieces 0..{self.size - 1})")
            if not 0 <= rot < 4:
                raise PuzzleError(f"fixed piece {p} at ({r}, {c}) has rotation {rot} (expected 0..3)")
            if (r, c) in self.fixed:
                raise PuzzleError(f"cell ({r}, {c}) is fixed twice")
            if p in seen:
                raise PuzzleError(f"piece {p} is fixed twice")
            seen.add(p)
            self.fixed[(r, c)] = (p, rot)

    def _check_labels(self) -> None:
        labels, counts = np.unique(self.pieces, return_counts=True)
        present = set(int(x) for x in labels)
        for label, count in zip(labels, counts):
            label = int(label)
            if label == 0:
                continue
            partner = label if self.matching == "equal" else -label
            ok = count >= 2 if self.matching == "equal" else partner in present
            if not ok:
                piece = int(np.argwhere((self.pieces == label).any(axis=1))[0][0])
                raise PuzzleError(f"piece {piece}: label {label} cannot match any other edge")

    # --- derived facts -----------------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of pieces (= cells)."""
        return self.rows * self.cols

    @property
    def total_joins(self) -> int:
        """Number of inner joins: 2rc - r - c (480 for 16 x 16)."""
        return 2 * self.rows * self.cols - self.rows - self.cols

    def partner(self, label: int) -> int:
        """The label that must face ``label`` across a join.

        Example:
            >>> EdgePuzzle(1, 1, [[0, 0, 0, 0]], matching="opposite").partner(3)
            -3
        """
        return int(label) if self.matching == "equal" else -int(label)

    def matches(self, a: int, b: int) -> bool:
        """True when edge labels a and b may meet across an inner join (never the frame)."""
        return a != 0 and b == self.partner(a)

    def edges(self, piece: int, rot: int = 0) -> Tuple[int, int, int, int]:
        """Edges (N, E, S, W) of ``piece`` turned ``rot`` quarter turns clockwise."""
        return rotate(self.pieces[piece], rot)

    def encode(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Compact colour ids for the C++ engine: (pieces int32 (k, 4), complement int32 (C,),
        labels (C,) with labels[id] the original label; id 0 is the frame)."""
        labels = sorted(set(int(x) for x in np.unique(self.pieces)) | {0}, key=lambda x: (x != 0, abs(x), x))
        if self.matching == "opposite":
            labels = sorted(set(labels) | {-x for x in labels}, key=lambda x: (x != 0, abs(x), x))
        index = {lab: i for i, lab in enumerate(labels)}
        ids = np.vectorize(index.__getitem__, otypes=[np.int32])(self.pieces) if self.size else np.zeros((0, 4), np.int32)
        compl = np.array([index[self.partner(lab)] for lab in labels], dtype=np.int32)
        return np.ascontiguousarray(ids.reshape(-1, 4)), compl, np.array(labels, dtype=np.int64)

    def fixed_array(self) -> np.ndarray:
        """Clues as an (f, 3) int32 array of (cell, piece, rotation), cell = row * cols + col."""
        rows = [(r * self.cols + c, p, rot) for (r, c), (p, rot) in sorted(self.fixed.items())]
        return np.array(rows, dtype=np.int32).reshape(-1, 3)

    def with_fixed(self, fixed: Mapping[Cell, Fix]) -> "EdgePuzzle":
        """The same puzzle with other clues."""
        return EdgePuzzle(self.rows, self.cols, self.pieces, matching=self.matching, fixed=fixed)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, EdgePuzzle)
            and (self.rows, self.cols, self.matching, self.fixed) == (other.rows, other.cols, other.matching, other.fixed)
            and np.array_equal(self.pieces, other.pieces)
        )

    def __repr__(self) -> str:
        return f"EdgePuzzle({self.rows} x {self.cols}, {self.matching!r}, {len(self.fixed)} fixed)"

    def __getstate__(self):
        return {"rows": self.rows, "cols": self.cols, "pieces": np.array(self.pieces), "matching": self.matching,
                "fixed": self.fixed, "seed": self.seed}

    def __setstate__(self, state) -> None:
        EdgePuzzle.__init__(self, state["rows"], state["cols"], state["pieces"], matching=state["matching"],
                            fixed=state["fixed"])
        self.seed = state.get("seed")


def check_puzzle(puzzle: object) -> EdgePuzzle:
    """``puzzle`` itself when it is an :class:`EdgePuzzle`, else a PuzzleError.

    >>> check_puzzle("0 0 0 0")
    Traceback (most recent call last):
    ...
    cassetete._errors.PuzzleError: expected an EdgePuzzle, got str
    """
    if not isinstance(puzzle, EdgePuzzle):
        raise PuzzleError(f"expected an EdgePuzzle, got {type(puzzle).__name__}")
    return puzzle


def check_board(puzzle: EdgePuzzle, board, *, what: str = "board") -> np.ndarray:
    """A board as an int64 (rows, cols, 2) array of (piece, quarter turns clockwise), checked:
    every piece index is -1 (an empty cell) or a piece of the puzzle, used at most once, and
    every placed piece has a rotation 0..3. PuzzleError naming the cell otherwise.

    Example:
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> check_board(p, [[[0, 0], [-1, 0]]]).shape
        (1, 2, 2)
        >>> check_board(p, [[[0, 0], [7, 0]]])
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: board cell (0, 1): piece 7 does not exist (pieces 0..1, -1 = empty)
    """
    check_puzzle(puzzle)
    try:
        b = np.asarray(board)
    except Exception as error:  # ragged nested lists
        raise PuzzleError(f"{what} is not a ({puzzle.rows}, {puzzle.cols}, 2) array: {error}") from None
    if b.shape != (puzzle.rows, puzzle.cols, 2):
        raise PuzzleError(f"{what} must have shape ({puzzle.rows}, {puzzle.cols}, 2), got {b.shape}")
    if b.size and not np.issubdtype(b.dtype, np.integer):
        if b.dtype == object or not np.issubdtype(b.dtype, np.number) or np.any(np.mod(b, 1) != 0):
            raise PuzzleError(f"{what} must hold integers (piece, rotation), got {b.dtype} values")
    b = b.astype(np.int64)
    seen: Dict[int, Cell] = {}
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            p, rot = int(b[r, c, 0]), int(b[r, c, 1])
            if p == -1:
                continue
            if not 0 <= p < puzzle.size:
                raise PuzzleError(f"{what} cell ({r}, {c}): piece {p} does not exist "
                                  f"(pieces 0..{puzzle.size - 1}, -1 = empty)")
            if not 0 <= rot < 4:
                raise PuzzleError(f"{what} cell ({r}, {c}): rotation {rot} of piece {p} (expected 0..3)")
            if p in seen:
                raise PuzzleError(f"{what}: piece {p} is placed twice, at {seen[p]} and ({r}, {c})")
            seen[p] = (r, c)
    return b


def cell_edges(puzzle: EdgePuzzle, board) -> np.ndarray:
    """(rows, cols, 4) array of the edges each cell shows (N, E, S, W); empty cells (piece -1)
    get a placeholder that matches nothing. PuzzleError for a board that is not one of this
    puzzle (see :func:`check_board`).

    Example:
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> cell_edges(p, [[[0, 0], [1, 0]]])[0, 1].tolist()
        [0, 0, 0, 1]
    """
    b = check_board(puzzle, board)
    out = np.full((puzzle.rows, puzzle.cols, 4), np.iinfo(np.int64).min, dtype=np.int64)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            p, rot = int(b[r, c, 0]), int(b[r, c, 1])
            if p >= 0:
                out[r, c] = puzzle.edges(p, rot)
    return out


def score(puzzle: EdgePuzzle, board) -> Tuple[int, int]:
    """(matched inner joins, total inner joins) of a board; empty cells (piece -1) match nothing;
    PuzzleError for a piece that does not exist or is placed twice.

    Example:
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> score(p, [[[0, 0], [1, 0]]])
        (1, 1)
    """
    e = cell_edges(puzzle, board)
    sign = 1 if puzzle.matching == "equal" else -1
    empty = np.iinfo(np.int64).min
    h_a, h_b = e[:, :-1, 1], e[:, 1:, 3]
    v_a, v_b = e[:-1, :, 2], e[1:, :, 0]
    def ok(a, b):
        return (a != 0) & (a != empty) & (b != empty) & (b == sign * a)
    matched = int(ok(h_a, h_b).sum() + ok(v_a, v_b).sum())
    return matched, puzzle.total_joins
