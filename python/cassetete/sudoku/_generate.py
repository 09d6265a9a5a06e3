"""Generating puzzles (random full grid, then removing clues while the solution stays unique) and
rating them (the weakest rule set that solves them, then the search effort)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

import numpy as np
from tqdm import tqdm

from .. import _core
from .._errors import PuzzleError
from .._options import check_count, check_flag, check_progress, check_seed, check_time_limit
from ._formats import PuzzleLike, as_sudoku
from ._model import DEFAULT_RULES, Sudoku, infer_box

# Rule sets from the weakest to the strongest: rate() reports the first that solves the puzzle
# without branching. The first three are the Sudoku lecture notes' rules added one at a time ("règles eup").
RULE_LADDER: Tuple[Tuple[str, ...], ...] = (
    ("exclusivity",),
    ("exclusivity", "uniqueness"),
    ("exclusivity", "uniqueness", "parity"),
    ("exclusivity", "uniqueness", "parity", "intersections"),
)
LEVELS = ("exclusivity", "uniqueness", "parity", "intersections", "search")
# A uniqueness check that needs more nodes than this counts as "not proved unique" during
# generation, which keeps large orders from stalling on one hard removal.
CHECK_NODE_LIMIT = 200_000


def _random_full_grid(box: Tuple[int, int], seed: int) -> np.ndarray:
    size = box[0] * box[1]
    empty = np.zeros(size * size, dtype=np.uint8)
    for attempt in range(16):
        count, solution, _status, _complete, _stats = _core.sudoku.solve(
            empty, box[0], box[1], 1, list(DEFAULT_RULES), None, 50_000 * (attempt + 1), seed + attempt)
        if count and solution is not None:
            return solution
    raise PuzzleError(f"could not fill an empty {size}x{size} grid")  # never seen in practice


def _unique(grid: np.ndarray, box: Tuple[int, int], deadline: Optional[float] = None) -> bool:
    """Whether `grid` has exactly one solution, proved within CHECK_NODE_LIMIT nodes and before
    `deadline` (time.monotonic()): one check can take seconds at 25x25, so it gets the time left
    and a check the deadline cuts counts as "not proved unique"."""
    time_left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
    count, _solution, _status, complete, _stats = _core.sudoku.solve(
        grid, box[0], box[1], 2, list(DEFAULT_RULES), time_left, CHECK_NODE_LIMIT, None)
    return complete and count == 1


def generate(box: Sequence[int] = (3, 3), *, unique: bool = True, symmetric: bool = True,
             clues: Optional[int] = None, seed: Optional[int] = None, time_limit: Optional[float] = None,
             progress: bool = False) -> Sudoku:
    """A random puzzle of box shape `box` (N = rows*cols).

    A random complete grid is drawn (randomised search from the empty grid), then clues are
    removed in random order (in pairs symmetric about the centre when `symmetric`), each removal
    kept only if the puzzle keeps one solution (when `unique`). Without `clues` the result is
    minimal for that order of removals (no single clue, or symmetric pair, can go); with `clues`
    removal stops at that many clues, or earlier at a minimal puzzle if `clues` is below what the
    drawn grid allows (then the puzzle has more clues than asked). To reach `clues` exactly the
    last removals may be single cells, breaking the symmetry by one cell.

    `time_limit` bounds the removal phase (25x25 and larger take minutes to reach a minimal
    puzzle): when it runs out the puzzle so far is returned, still unique when `unique`, but
    possibly not minimal. `progress` shows a bar of the cells tried on stderr.

    The seed used (drawn at random for ``seed=None``) is the puzzle's ``seed`` attribute:
    ``generate(box, seed=p.seed, ...)`` with the same options gives the same puzzle again.

    Example:
        >>> p = generate((2, 2), seed=1)
        >>> p.size, p.clues < 16, p.seed
        (4, True, 1)
        >>> q = generate((2, 2))
        >>> generate((2, 2), seed=q.seed) == q
        True
    """
    try:
        rows, cols = (check_count(v, "box", 1) for v in box)
    except TypeError:
        raise PuzzleError(f"box must be a pair (rows, cols), got {box!r}") from None
    except ValueError as error:
        if isinstance(error, PuzzleError):
            raise PuzzleError(f"box must be a pair of integers (rows, cols) >= 1, got {box!r}") from None
        raise PuzzleError(f"box must be a pair (rows, cols), got {box!r}") from None
    shape = infer_box(rows * cols, (rows, cols))
    size = shape[0] * shape[1]
    cells = size * size
    if clues is not None:
        clues = check_count(clues, "clues")
        if clues > cells:
            raise PuzzleError(f"clues must be in 0..{cells}, got {clues}")
    seed = check_seed(seed)
    time_limit = check_time_limit(time_limit)
    progress = check_progress(progress)
    unique = check_flag(unique, "unique")
    symmetric = check_flag(symmetric, "symmetric")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    rng = np.random.default_rng(seed)
    solution = _random_full_grid(shape, int(rng.integers(0, 2**62)))
    target = clues if clues is not None else (0 if unique else cells // 2)
    grid = solution.copy()
    order = rng.permutation(cells)
    given = cells
    done = np.zeros(cells, dtype=bool)
    for cell in tqdm(order, desc="removing clues", unit="cell", disable=not progress, leave=False):
        if given <= target or (deadline is not None and time.monotonic() > deadline):
            break
        if done[cell]:
            continue
        group = {int(cell), cells - 1 - int(cell)} if symmetric else {int(cell)}
        for c in group:
            done[c] = True
        if symmetric and given - len(group) < target and len(group) == 2:
            continue  # a pair would overshoot the target; a later single centre cell may fit
        saved = {c: grid[c] for c in group}
        for c in group:
            grid[c] = 0
        if unique and not _unique(grid, shape, deadline):
            for c, v in saved.items():
                grid[c] = v
            continue
        given -= len(group)
    if clues is not None and given > target:
        # The symmetric pairs overshoot an odd gap (or were all needed): finish with single
        # cells, the only way to hit the exact count asked for.
        for cell in rng.permutation(cells):
            if given <= target or (deadline is not None and time.monotonic() > deadline):
                break
            if grid[cell] == 0:
                continue
            value, grid[cell] = grid[cell], 0
            if unique and not _unique(grid, shape, deadline):
                grid[cell] = value
                continue
            given -= 1
    return Sudoku(grid.reshape(size, size), shape, seed=seed)


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is.

    Attributes:
        level: the weakest rule level that solves it without guessing ("exclusivity",
            "uniqueness", "parity", "intersections"), or "search" when branching is needed.
        rules: the rule set of that level (all four for "search").
        nodes: branching decisions the full-rules search made (0 when propagation suffices).
        score: one number for sorting: level index (0-4) plus log10(1 + nodes).

    Example:
        >>> from cassetete import sudoku
        >>> rating = sudoku.rate("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
        >>> rating.level, rating.nodes > 0, rating.score > 4
        ('search', True, True)
    """

    level: str
    rules: Tuple[str, ...]
    nodes: int
    score: float


def rate(puzzle: PuzzleLike, box: Optional[Sequence[int]] = None) -> Rating:
    """Grade a puzzle by the weakest rule set that solves it, then by search effort.

    Example:
        >>> rate("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").level
        'search'
    """
    sudoku = as_sudoku(puzzle, box)
    flat = sudoku.grid.ravel()
    for index, rules in enumerate(RULE_LADDER):
        contradiction, candidates, _stats, _steps = _core.sudoku.propagate(
            flat, sudoku.box[0], sudoku.box[1], list(rules), False)
        if contradiction:
            raise PuzzleError("the puzzle has no solution (propagation reached a contradiction)")
        if all(int(c) & (int(c) - 1) == 0 for c in candidates):
            return Rating(LEVELS[index], rules, 0, float(index))
    # Branching needed: measure the effort with the general engine (seeded for reproducibility:
    # the fast 9x9 engine's node counts differ, so all orders use the same engine here).
    count, _solution, _status, _complete, stats = _core.sudoku.solve(
        flat, sudoku.box[0], sudoku.box[1], 2, list(DEFAULT_RULES), None, None, 0)
    if count == 0:
        raise PuzzleError("the puzzle has no solution")
    nodes = int(stats["nodes"])
    return Rating("search", RULE_LADDER[-1], nodes, 4.0 + float(np.log10(1 + nodes)))
