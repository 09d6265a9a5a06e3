"""Instance generator of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero par programmation
linéaire en nombres entiers", section 1.4: recursive cuts, random merges, one clue per rectangle."""

from __future__ import annotations

from typing import List, Optional, Set, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_count, check_seed
from .._streams import progress_bar
from ._model import Rectangle, Shikaku
from .._options import check_flag


def cut_layout(rows: int, cols: int, depth: int, rng: np.random.Generator) -> List[Rectangle]:
    """Cut the grid recursively ``depth`` times; a rectangle is cut across its longer side with
    probability proportional to that side, at a uniform position.

    Example:
        >>> len(cut_layout(4, 4, 2, np.random.default_rng(0)))
        4
    """
    rects: List[Rectangle] = [(0, 0, rows, cols)]
    for _ in range(depth):
        nxt: List[Rectangle] = []
        changed = False
        for r, c, h, w in rects:
            if h < 2 and w < 2:
                nxt.append((r, c, h, w))
                continue
            changed = True
            across_rows = w < 2 or (h >= 2 and rng.random() < h / (h + w))
            if across_rows:
                k = int(rng.integers(1, h))
                nxt += [(r, c, k, w), (r + k, c, h - k, w)]
            else:
                k = int(rng.integers(1, w))
                nxt += [(r, c, h, k), (r, c + k, h, w - k)]
        rects = nxt
        if not changed:
            break
    return rects


def merge_layout(rows: int, cols: int, rects: List[Rectangle], iterations: int, probability: float,
                 rng: np.random.Generator) -> List[Rectangle]:
    """Merge random pairs of contiguous rectangles whose union is a rectangle, ``iterations`` passes,
    each compatible pair merged with ``probability`` (a rectangle merges at most once per pass).

    Example:
        >>> merge_layout(1, 2, [(0, 0, 1, 1), (0, 1, 1, 1)], 1, 1.0, np.random.default_rng(0))
        [(0, 0, 1, 2)]
    """
    rects = list(rects)
    for _ in range(iterations):
        label = np.empty((rows, cols), dtype=np.int64)
        for i, (r, c, h, w) in enumerate(rects):
            label[r : r + h, c : c + w] = i
        pairs: List[Tuple[int, int]] = []
        for i, (r, c, h, w) in enumerate(rects):
            if c + w < cols:
                j = int(label[r, c + w])
                if rects[j][0] == r and rects[j][2] == h:
                    pairs.append((i, j))
            if r + h < rows:
                j = int(label[r + h, c])
                if rects[j][1] == c and rects[j][3] == w:
                    pairs.append((i, j))
        order = rng.permutation(len(pairs))
        used: Set[int] = set()
        merged: List[Rectangle] = []
        for index in order.tolist():
            i, j = pairs[index]
            if i in used or j in used or rng.random() >= probability:
                continue
            used.update((i, j))
            a, b = rects[i], rects[j]
            r, c = min(a[0], b[0]), min(a[1], b[1])
            if a[0] == b[0]:
                merged.append((r, c, a[2], a[3] + b[3]))
            else:
                merged.append((r, c, a[2] + b[2], a[3]))
        rects = [rect for i, rect in enumerate(rects) if i not in used] + merged
    return sorted(rects)


def _place(rows: int, cols: int, rects: List[Rectangle], spots: List[Tuple[int, int]], seed: int) -> Shikaku:
    grid = np.zeros((rows, cols), dtype=np.int64)
    for (r, c, h, w), (sr, sc) in zip(rects, spots):
        grid[r + sr, c + sc] = h * w
    puzzle = Shikaku(grid)
    puzzle.seed = seed
    return puzzle


def _spot(rect: Rectangle, rng: np.random.Generator) -> Tuple[int, int]:
    return int(rng.integers(0, rect[2])), int(rng.integers(0, rect[3]))


def default_depth(rows: int, cols: int) -> int:
    """The cut depth used when none is given: about log2(rows * cols / 5), so that rectangles
    have about 5 cells on average.

    Example:
        >>> default_depth(10, 10)
        4
    """
    return max(1, (max(1, rows * cols // 5)).bit_length() - 1)


def generate(rows: int, cols: int, depth: Optional[int] = None, merge_iterations: int = 0,
             merge_probability: float = 0.5, *, seed: Optional[int] = None, unique: bool = False,
             max_layouts: int = 200, progress: bool = False) -> Shikaku:
    """Generate a puzzle with the generator of Rafaralahy, "Résolution des jeux Shikaku et
    Hashiwokakero par programmation linéaire en nombres entiers", section 1.4:
    ``generateInstance(m, n, depth, nbMergeIter, mergeProb)`` (recursive cuts, random merges,
    one clue per rectangle). ``depth=None`` picks :func:`default_depth`.

    With ``unique=True`` clues whose rectangle differs in a second solution are moved to other
    cells of their rectangle until the puzzle has exactly one solution; a layout that does not get
    there after a bounded number of moves is replaced by a new one (at most ``max_layouts``).
    The seed used (drawn at random for ``seed=None``) is in the puzzle's ``seed`` attribute.

    Example:
        >>> from cassetete.shikaku import count_solutions
        >>> p = generate(6, 6, 3, 1, 0.5, seed=1, unique=True)
        >>> count_solutions(p), p.seed
        (1, 1)
    """
    rows = check_count(rows, "rows", 1)
    cols = check_count(cols, "cols", 1)
    if rows * cols > 4_000_000:  # refused before allocating, like parse_tatham
        raise PuzzleError(f"grid size {rows}x{cols} is too large (more than 4,000,000 cells)")
    depth = default_depth(rows, cols) if depth is None else check_count(depth, "depth", 0)
    merge_iterations = check_count(merge_iterations, "merge_iterations", 0)
    if isinstance(merge_probability, bool) or not isinstance(merge_probability, (int, float)) \
            or not 0.0 <= float(merge_probability) <= 1.0:
        raise PuzzleError(f"merge_probability must be a number in [0, 1], got {merge_probability!r}")
    max_layouts = check_count(max_layouts, "max_layouts", 1)
    unique = check_flag(unique, "unique")
    progress = check_flag(progress, "progress")
    seed = check_seed(seed)
    rng = np.random.default_rng(seed)
    from ._solve import solutions

    probe = 8  # solutions looked at per round: more of them show more ambiguous places at once
    bar = progress_bar(progress and unique, "layouts", total=max_layouts, unit="layout")
    try:
        for _ in range(max_layouts if unique else 1):
            if bar is not None:
                bar.update(1)
            rects = cut_layout(rows, cols, depth, rng)
            rects = merge_layout(rows, cols, rects, merge_iterations, float(merge_probability), rng)
            spots = [_spot(rect, rng) for rect in rects]
            if not unique:
                return _place(rows, cols, rects, spots, seed)
            for _move in range(20 + 4 * len(rects)):
                puzzle = _place(rows, cols, rects, spots, seed)
                found = list(solutions(puzzle, limit=probe))
                if len(found) == 1:
                    return puzzle
                # clue order in the puzzle is row-major; map each clue back to its layout rectangle;
                # collect the clues whose rectangle differs from the layout in any solution found
                cell_to_rect = {(r + sr, c + sc): i for i, ((r, c, h, w), (sr, sc)) in enumerate(zip(rects, spots))}
                layout = [(pos, cell_to_rect[pos]) for pos in puzzle.clue_positions()]
                differing = sorted({i for sol in found for (pos, i), rect in zip(layout, sol)
                                    if tuple(rects[i]) != tuple(rect)})
                movable = [i for i in differing if rects[i][2] * rects[i][3] > 1]
                if not movable:
                    break
                # move about half of the clues involved in the second solution (at least one)
                chosen = [i for i in movable if rng.random() < 0.5] or [movable[int(rng.integers(0, len(movable)))]]
                for i in chosen:
                    spots[i] = _spot(rects[i], rng)
    finally:
        if bar is not None:
            bar.close()
    raise PuzzleError(f"no unique {rows}x{cols} puzzle found with depth={depth} after {max_layouts} layouts")
