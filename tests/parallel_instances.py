"""Instances shared by the parallel tests: n queens as exact cover, a 16x16 Sudoku with a few
hundred solutions and domino tilings as Shikaku, built by our own code (nothing copied)."""

from __future__ import annotations

import os
import zipfile
from typing import Any, List, Tuple

import numpy as np

from cassetete import sudoku
from cassetete.exactcover import ExactCover


def queens(n: int) -> ExactCover:
    """n queens: primary items = rows and columns, secondary = the 2(2n-1) diagonals;
    option r*n + c puts a queen on (r, c)."""
    cover = ExactCover(2 * n, secondary=2 * (2 * n - 1))
    for r in range(n):
        for c in range(n):
            cover.add_option([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)])
    return cover


def queens_ok(n: int, options: List[int]) -> bool:
    """From the rules: n queens, one per row and column, no two on a diagonal."""
    cells: List[Tuple[int, int]] = [divmod(o, n) for o in options]
    if len(cells) != n:
        return False
    return all(a[0] != b[0] and a[1] != b[1] and abs(a[0] - b[0]) != abs(a[1] - b[1])
               for k, a in enumerate(cells) for b in cells[k + 1:])


def dominoes(rows: int, cols: int) -> np.ndarray:
    """A Shikaku whose solutions are the domino tilings of a rows x cols board: a clue 2 on
    every cell of one checkerboard colour (a domino covers one cell of each colour)."""
    return np.array([[2 if (r + c) % 2 == 0 else 0 for c in range(cols)] for r in range(rows)])


def hashi_lattice(rows: int, cols: int) -> np.ndarray:
    """Hashiwokakero islands on every other cell of a (2 rows - 1) x (2 cols - 1) grid, each
    asking for as many bridges as it has neighbours: many solutions (11,237,116 for 5 x 6)."""
    grid = np.zeros((2 * rows - 1, 2 * cols - 1), dtype=int)
    for i in range(rows):
        for j in range(cols):
            grid[2 * i, 2 * j] = (i > 0) + (i < rows - 1) + (j > 0) + (j < cols - 1)
    return grid


def sudoku16(blanks: int = 150, seed: int = 7) -> np.ndarray:
    """A 16x16 (4x4 boxes) puzzle: a solved grid with ``blanks`` cells emptied."""
    grid = sudoku.solve("." * 256).solution.ravel().copy()
    grid[np.random.default_rng(seed).permutation(256)[:blanks]] = 0
    return grid.reshape(16, 16)


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "edgematch")
BRENDAN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data", "edgematch",
                       "bucas_viewer_brendan", "pieces_set_1.zip")


def planted(name: str) -> Any:
    """A puzzle made by our own generator, kept in tests/data/edgematch."""
    from cassetete import edgematch

    return edgematch.load(os.path.join(DATA, name))


def brendan_6x6() -> Any:
    """Brendan Owen's 6x6 puzzle, read from the shared data folder (GPL: not copied into the
    repository); None when that folder is absent, as on a fresh clone."""
    if not os.path.exists(BRENDAN):
        return None
    from cassetete import edgematch

    return edgematch.parse(zipfile.ZipFile(BRENDAN).read("pieces_06x06.txt").decode())
