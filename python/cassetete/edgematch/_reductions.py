"""The reductions of Béhague (2024), section 3, as instance generators ("opposite" matching: +i
meets -i, 0 is the flat border).

- :func:`partition_to_contour` (theorem 3.1): a 3 x (S/2 + 2) frame; each integer x_i becomes a
  run of x_i frame pieces chained by labels used nowhere else (so the run cannot be split), runs
  join each other through one shared label, and six pieces (four corners and the two middle
  pieces of the short sides) close the ring. A ring exists iff the integers split into two
  halves of equal sum (each long side holds runs summing to S/2).
- :func:`contour_to_puzzle` (theorem 3.2): the frame pieces keep their ring labels, their inward
  label becomes A, and the inside is filled with pieces made from a fixed inner tiling facing -A
  towards the frame (the paper uses rings of pieces with two labels; here each inner join gets a
  label of its own, which gives the same equivalence). The puzzle has a solution iff the frame
  pieces form a ring.
- :func:`partition_to_orientation` (theorem 3.3): the runs become inner pieces of a
  4 x (S/2 + 2) board with rotations fixed (all 0); the two inner rows each hold runs summing to
  S/2.

A contour instance is returned as (rows, cols, pieces) with 2 rows + 2 cols - 4 pieces; each has
one inward edge (unused by CONTOUR) besides its ring and border edges.
"""

from __future__ import annotations

import numbers as numbers_
from collections.abc import Iterable
from typing import List, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_count
from ._model import EdgePuzzle

ContourInstance = Tuple[int, int, np.ndarray]


def _integers(numbers: Sequence[int]) -> List[int]:
    if isinstance(numbers, (str, bytes)) or not isinstance(numbers, Iterable):
        raise PuzzleError(f"PARTITION needs a list of natural numbers, got {numbers!r}")
    out: List[int] = []
    for i, x in enumerate(numbers):
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers_.Integral) or x < 0:
            raise PuzzleError(f"PARTITION needs natural numbers; item {i} is {x!r}")
        if x:
            out.append(int(x))
    if sum(out) % 2:
        out = [2 * x for x in out]  # an odd total has no partition; doubling keeps that and makes the sum even
    return out or [1, 1]  # nothing (or only zeros) splits trivially, like {1, 1}


class _Labels:
    def __init__(self, start: int = 1) -> None:
        self.next = start

    def new(self) -> int:
        self.next += 1
        return self.next - 1


def _runs(numbers: List[int], lab: _Labels, link: int) -> List[List[Tuple[int, int]]]:
    """Per integer, its pieces as (prev, next) chain labels: prev -link / next link at the run's
    ends, labels of its own inside."""
    runs = []
    for x in numbers:
        inner = [lab.new() for _ in range(x - 1)]
        run = []
        for j in range(x):
            prev = -link if j == 0 else -inner[j - 1]
            nxt = link if j == x - 1 else inner[j]
            run.append((prev, nxt))
        runs.append(run)
    return runs


def partition_to_contour(numbers: Sequence[int]) -> ContourInstance:
    """CONTOUR instance of theorem 3.1 for the PARTITION instance ``numbers`` (an odd total is
    doubled first, which keeps the answer "no"; zeros are dropped; an empty list acts as [1, 1]).

    Pieces are listed N, E, S, W as if on the top row (N = 0, W = previous and E = next along
    the ring clockwise, S = the inward label 1); corners with W = 0 as well.

    Example:
        >>> rows, cols, pieces = partition_to_contour([2, 3, 4, 3, 4])
        >>> rows, cols, len(pieces)
        (3, 10, 22)
    """
    nums = _integers(numbers)
    half = sum(nums) // 2
    rows, cols = 3, half + 2
    inward = 1
    lab = _Labels(2)
    link = lab.new()
    pieces: List[Tuple[int, int, int, int]] = []
    for run in _runs(nums, lab, link):
        pieces += [(0, nxt, inward, prev) for prev, nxt in run]
    # short sides: corner -> middle -> corner, with labels of their own
    for _ in range(2):
        a, b = lab.new(), lab.new()
        # the corner that ends a long side: prev -link (W side), next a (S side going down)
        pieces.append((0, 0, a, -link))  # N=0, E=0: its W meets the long side, its S leads on
        pieces.append((0, b, inward, -a))  # middle piece of the short side (listed as a top piece)
        pieces.append((0, link, -b, 0))  # the corner that starts the next long side
    return rows, cols, np.array(pieces, dtype=np.int64).reshape(-1, 4)


def contour_to_puzzle(contour: ContourInstance) -> EdgePuzzle:
    """PUZZLE instance of theorem 3.2 for a CONTOUR instance (rows, cols, frame pieces): the
    side pieces' inward label becomes A, the (rows-2) x (cols-2) inside gets pieces cut from a
    tiling whose joins all carry labels of their own and whose edges towards the frame are -A.
    The result has a solution iff the frame pieces close into a ring.

    Example:
        >>> from cassetete.edgematch import solve
        >>> p = contour_to_puzzle(partition_to_contour([1, 1, 2]))
        >>> p.rows, p.cols, solve(p).status
        (3, 4, 'solved')
    """
    try:
        rows, cols, frame = contour
        rows, cols = check_count(rows, "rows"), check_count(cols, "cols")
        frame = np.asarray(frame)
        if frame.ndim != 2 or frame.shape[1] != 4 or (frame.size and not np.issubdtype(frame.dtype, np.integer)):
            raise PuzzleError(f"contour pieces must be a (k, 4) integer array, got shape {frame.shape}")
        frame = frame.astype(np.int64)
    except (TypeError, ValueError) as error:
        if isinstance(error, PuzzleError):
            raise
        raise PuzzleError(f"a contour instance is (rows, cols, pieces), got {contour!r:.80}") from None
    if rows < 3 or cols < 3:
        raise PuzzleError(f"the reduction needs an inside: at least 3 x 3, got {rows} x {cols}")
    if len(frame) != 2 * rows + 2 * cols - 4:
        raise PuzzleError(f"a {rows} x {cols} contour has {2 * rows + 2 * cols - 4} pieces, got {len(frame)}")
    used = {abs(int(x)) for x in frame.ravel()}
    lab = _Labels(max(used) + 1)
    a = lab.new()
    pieces = []
    for i, e in enumerate(frame):
        zeros = [s for s in range(4) if e[s] == 0]
        if len(zeros) == 1:
            e = list(e)
            e[(zeros[0] + 2) % 4] = a
        elif len(zeros) != 2:
            raise PuzzleError(f"contour piece {i} has {len(zeros)} border edges (expected 1 or 2)")
        pieces.append(tuple(int(x) for x in e))
    ir, ic = rows - 2, cols - 2
    if ir > 0 and ic > 0:
        h = {(r, c): lab.new() for r in range(ir) for c in range(ic - 1)}  # join east of (r, c)
        v = {(r, c): lab.new() for r in range(ir - 1) for c in range(ic)}  # join south of (r, c)
        for r in range(ir):
            for c in range(ic):
                n = -a if r == 0 else -v[r - 1, c]
                s = -a if r == ir - 1 else v[r, c]
                w = -a if c == 0 else -h[r, c - 1]
                e = -a if c == ic - 1 else h[r, c]
                pieces.append((n, e, s, w))
    return EdgePuzzle(rows, cols, pieces, matching="opposite")


def partition_to_orientation(numbers: Sequence[int]) -> Tuple[EdgePuzzle, dict]:
    """PUZZLE-ORIENTATION instance of theorem 3.3: (puzzle, rotations) with every rotation 0.

    Board 4 x (S/2 + 2). Each integer is a run of inner pieces (north -I, south I, west/east the
    run's chain labels); the top and bottom frame rows face them with I / -I, the left frame
    column offers the run-start label on its east side and the right column the run-end label
    on its west side, so each inner row holds whole runs summing to S/2. The frame pieces are
    chained by labels of their own (one place each, so a search does not permute copies).

    Example:
        >>> from cassetete.edgematch import solve_orientations
        >>> p, rots = partition_to_orientation([1, 2, 3])
        >>> solve_orientations(p, rots)[1]
        1
    """
    nums = _integers(numbers)
    half = sum(nums) // 2
    rows, cols = 4, half + 2
    lab = _Labels(1)
    i_lab, link = lab.new(), lab.new()
    pieces: List[Tuple[int, int, int, int]] = []
    for run in _runs(nums, lab, link):
        pieces += [(-i_lab, nxt, i_lab, prev) for prev, nxt in run]
    # the frame is chained by labels of its own, so each frame piece has one place
    top = [lab.new() for _ in range(cols - 1)]  # join east of (0, c)
    bottom = [lab.new() for _ in range(cols - 1)]
    left = [lab.new() for _ in range(rows - 1)]  # join south of (r, 0)
    right = [lab.new() for _ in range(rows - 1)]
    pieces += [(0, top[c], i_lab, -top[c - 1]) for c in range(1, cols - 1)]
    pieces += [(-i_lab, bottom[c], 0, -bottom[c - 1]) for c in range(1, cols - 1)]
    pieces += [(-left[r - 1], link, left[r], 0) for r in (1, 2)]
    pieces += [(-right[r - 1], 0, right[r], -link) for r in (1, 2)]
    pieces += [(0, top[0], left[0], 0), (0, 0, right[0], -top[-1]),
               (-left[-1], bottom[0], 0, 0), (-right[-1], 0, 0, -bottom[-1])]
    puzzle = EdgePuzzle(rows, cols, pieces, matching="opposite")
    return puzzle, {p: 0 for p in range(puzzle.size)}


def contour_ring(rows: int, cols: int) -> List[Tuple[int, int]]:
    """The frame cells clockwise from the top-left corner (helper for contour instances).

    Example:
        >>> contour_ring(2, 3)
        [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]
    """
    rows, cols = check_count(rows, "rows", 1), check_count(cols, "cols", 1)
    out = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
    out += [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)]
    return out

