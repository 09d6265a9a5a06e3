"""Random solvable puzzles with a planted solution (Eternity II / Tetravex style), and the 4 x n
PUZZLE-POSITION family of Béhague (2024) with a Fibonacci number of solutions."""

from __future__ import annotations

from typing import Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_count, check_seed
from ._model import MATCHINGS, EdgePuzzle, rotate


def _canonical(edges) -> tuple:
    return min(rotate(edges, r) for r in range(4))


def planted_board_edges(rows: int, cols: int, colors: int, frame_colors: int, matching: str,
                        rng: np.random.Generator) -> np.ndarray:
    """(rows, cols, 4) edges of a random valid board: 0 on the rim, frame colours
    1..frame_colors on joins between two rim cells, inner colours on every other join."""
    e = np.zeros((rows, cols, 4), dtype=np.int64)
    inner = np.arange(frame_colors + 1, frame_colors + colors + 1)
    frame = np.arange(1, frame_colors + 1) if frame_colors else inner

    def on_rim(r: int, c: int) -> bool:
        return r in (0, rows - 1) or c in (0, cols - 1)

    def pick(a, b) -> Tuple[int, int]:
        pool = frame if on_rim(*a) and on_rim(*b) else inner
        label = int(rng.choice(pool))
        if matching == "opposite" and rng.random() < 0.5:
            label = -label
        return label, (label if matching == "equal" else -label)

    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                e[r, c, 1], e[r, c + 1, 3] = pick((r, c), (r, c + 1))
            if r + 1 < rows:
                e[r, c, 2], e[r + 1, c, 0] = pick((r, c), (r + 1, c))
    return e


def generate(
    rows: int,
    cols: int,
    *,
    colors: int = 5,
    frame_colors: int = 0,
    matching: str = "equal",
    distinct: bool = False,
    seed: Optional[int] = None,
    attempts: int = 200,
) -> Tuple[EdgePuzzle, np.ndarray]:
    """A random puzzle with a planted solution, returned as (puzzle, planted board).

    Args:
        colors: number of inner colours (labels frame_colors+1 .. frame_colors+colors).
        frame_colors: colours used only on joins between two frame pieces (Eternity II has 5);
            0 = frame joins use the inner colours too.
        matching: ``"equal"`` or ``"opposite"`` (then each join gets +i / -i at random).
        distinct: retry until no two pieces are equal up to rotation (PuzzleError after
            ``attempts`` tries).
        seed: same seed, same puzzle (None: a random seed). Pieces are shuffled and turned at
            random. The seed used is kept as ``puzzle.seed``.

    Example:
        >>> from cassetete.edgematch import generate, verify
        >>> puzzle, board = generate(4, 4, colors=3, seed=7)
        >>> verify(puzzle, board)
        True
    """
    rows, cols = check_count(rows, "rows", 1), check_count(cols, "cols", 1)
    if rows * cols > 1_000_000:  # refused before allocating the (rows, cols, 4) edges
        raise PuzzleError(f"board size {rows} x {cols} is too large (more than 1,000,000 cells)")
    colors, frame_colors = check_count(colors, "colors", 1), check_count(frame_colors, "frame_colors")
    matching = check_choice(matching, "matching", MATCHINGS)
    attempts = check_count(attempts, "attempts", 1)
    if not isinstance(distinct, bool):
        raise PuzzleError(f"distinct must be True or False, got {distinct!r}")
    seed = check_seed(seed)
    rng = np.random.default_rng(seed)
    for _ in range(attempts):
        e = planted_board_edges(rows, cols, colors, frame_colors, matching, rng)
        cells = e.reshape(-1, 4)
        if distinct and len({_canonical(x) for x in cells}) < len(cells):
            continue
        perm = rng.permutation(rows * cols)  # perm[cell] = piece index
        rots = rng.integers(0, 4, size=rows * cols)
        pieces = np.zeros((rows * cols, 4), dtype=np.int64)
        board = np.zeros((rows, cols, 2), dtype=np.int64)
        for cell in range(rows * cols):
            pieces[perm[cell]] = rotate(cells[cell], -int(rots[cell]))
            board[cell // cols, cell % cols] = (perm[cell], rots[cell])
        try:
            puzzle = EdgePuzzle(rows, cols, pieces, matching=matching)
            puzzle.seed = seed
            return puzzle, board
        except PuzzleError:
            continue  # a label that occurs once (tiny boards): draw again
    raise PuzzleError(f"no {'distinct ' if distinct else ''}{rows} x {cols} puzzle with {colors} colours "
                      f"found in {attempts} attempts")


def fibonacci_instance(n: int) -> Tuple[EdgePuzzle, np.ndarray]:
    """The 4 x n PUZZLE-POSITION family of Béhague (2024), section 5.2.3 ('opposite' matching): inner
    pieces (1, 1, 1, 2) and (-1, -1, -1, -2) in a checkerboard, frame pieces showing +-1 inwards
    and +-3 along the frame. A valid orientation points each inner piece's odd side (2) at a
    neighbour that points back: a domino tiling of the 2 x (n-2) inside, so exactly F(n-2)
    solutions (F(0) = F(1) = 1). Algorithm 1 alone stalls on it. Returns (puzzle, positions).

    Example:
        >>> p, pos = fibonacci_instance(5)
        >>> p.rows, p.cols
        (4, 5)
    """
    n = check_count(n, "n", 3)
    rows, cols = 4, n
    pieces = []
    for r in range(rows):
        for c in range(cols):
            s = 1 if (r + c) % 2 == 0 else -1
            rim = (r == 0, c == cols - 1, r == rows - 1, c == 0)
            if not any(rim):
                pieces.append([s, s, s, 2 * s])
                continue
            e = []
            for side in range(4):
                if rim[side]:
                    e.append(0)
                else:
                    rr, cc = r + (-1, 0, 1, 0)[side], c + (0, 1, 0, -1)[side]
                    inner = 0 < rr < rows - 1 and 0 < cc < cols - 1
                    e.append(s if inner else 3 * s)
            pieces.append(e)
    puzzle = EdgePuzzle(rows, cols, pieces, matching="opposite")
    return puzzle, np.arange(rows * cols).reshape(rows, cols)
