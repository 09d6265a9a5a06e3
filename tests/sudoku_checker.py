"""An independent Sudoku rules checker and a brute-force solution counter for the tests
(written from the rules: every row, column and r x c box holds 1..N once; clues are kept)."""

from __future__ import annotations

from typing import List, Sequence, Tuple

ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def decode_line(line: str) -> List[int]:
    """Values of a one-line puzzle ('.'/'0' = 0, 1-9 then A-Z)."""
    return [0 if ch in ".0" else ALPHABET.index(ch.upper()) + 1 for ch in line.strip()]


def units(size: int, box: Tuple[int, int]) -> List[List[int]]:
    """The 3N units as lists of cell indices (row-major cells)."""
    rows, cols = box
    out = [[r * size + c for c in range(size)] for r in range(size)]
    out += [[r * size + c for r in range(size)] for c in range(size)]
    for top in range(0, size, rows):
        for left in range(0, size, cols):
            out.append([(top + i) * size + left + j for i in range(rows) for j in range(cols)])
    return out


def is_solution(puzzle: Sequence[int], solution: Sequence[int], box: Tuple[int, int]) -> bool:
    """True when `solution` (flat, N*N values) solves `puzzle` (flat, 0 = empty)."""
    size = box[0] * box[1]
    solution = [int(v) for v in solution]
    if len(solution) != size * size or len(puzzle) != size * size:
        return False
    if any(int(p) and int(p) != s for p, s in zip(puzzle, solution)):
        return False
    full = set(range(1, size + 1))
    return all({solution[i] for i in unit} == full for unit in units(size, box))


def brute_force_count(puzzle: Sequence[int], box: Tuple[int, int], cap: int = 10**9) -> int:
    """Count solutions by plain backtracking in cell order (small orders only)."""
    size = box[0] * box[1]
    grid = [int(v) for v in puzzle]
    rows, cols = box

    def allowed(cell: int, value: int) -> bool:
        r, c = divmod(cell, size)
        top, left = r - r % rows, c - c % cols
        for k in range(size):
            if grid[r * size + k] == value or grid[k * size + c] == value:
                return False
        for i in range(rows):
            for j in range(cols):
                if grid[(top + i) * size + left + j] == value:
                    return False
        return True

    # Clue consistency first (a clue repeated in a unit gives no solution).
    for unit in units(size, box):
        seen = [grid[i] for i in unit if grid[i]]
        if len(seen) != len(set(seen)):
            return 0
    empties = [i for i, v in enumerate(grid) if v == 0]
    count = 0

    def search(k: int) -> None:
        nonlocal count
        if count >= cap:
            return
        if k == len(empties):
            count += 1
            return
        cell = empties[k]
        for value in range(1, size + 1):
            if allowed(cell, value):
                grid[cell] = value
                search(k + 1)
                grid[cell] = 0

    search(0)
    return count


def all_solutions_valid(puzzles, solutions, box: Tuple[int, int]) -> bool:
    """Vectorised is_solution over (k, N*N) arrays: every row, column and box of every solution is
    a permutation of 1..N and every clue is kept."""
    import numpy as np

    rows, cols = box
    size = rows * cols
    grids = np.asarray(solutions, dtype=np.int64).reshape(-1, size, size)
    boxes = grids.reshape(-1, size // rows, rows, size // cols, cols).transpose(0, 1, 3, 2, 4).reshape(-1, size, size)
    full = np.arange(1, size + 1)
    for unit in (grids, grids.transpose(0, 2, 1), boxes):
        if not (np.sort(unit, axis=2) == full).all():
            return False
    clues = np.asarray(puzzles).reshape(grids.shape)
    return bool((grids[clues > 0] == clues[clues > 0]).all())
