"""The assembled board in the plane: the corners of its cells (sized by the edges placed along
them) and each piece moved into its cell, for the pictures."""

from __future__ import annotations

from typing import List, Tuple

import numpy as np

from ._edges import EdgeSet, analyse
from ._geometry import similarity
from ._model import JigsawPuzzle


def cell_corners(edges: EdgeSet, solution: np.ndarray) -> np.ndarray:
    """(rows + 1, cols + 1, 2) corner points of the assembled board's cells: column widths
    and row heights are the mean lengths of the edges placed along them, so pieces that are
    not square (or a cut that is not regular) still meet.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 3, seed=1)
        >>> cell_corners(jigsaw.find_edges(puzzle), jigsaw.solve(puzzle).solution).shape
        (3, 4, 2)
    """
    board = np.asarray(solution)
    rows, cols = board.shape[:2]
    chords = edges.lengths * edges.scale
    width, height = np.zeros((rows, cols)), np.zeros((rows, cols))
    for r in range(rows):
        for c in range(cols):
            p, rot = (int(x) for x in board[r, c])
            if p < 0:
                width[r, c] = height[r, c] = np.nan
                continue
            sides = [(k + rot) % 4 for k in range(4)]             # side shown by edge k
            width[r, c] = np.mean([chords[p, k] for k in range(4) if sides[k] in (0, 2)])
            height[r, c] = np.mean([chords[p, k] for k in range(4) if sides[k] in (1, 3)])
    col_w = np.nan_to_num(np.nanmean(width, axis=0), nan=edges.scale)
    row_h = np.nan_to_num(np.nanmean(height, axis=1), nan=edges.scale)
    xs = np.concatenate([[0.0], np.cumsum(col_w)])
    ys = np.concatenate([[0.0], np.cumsum(row_h)])
    gx, gy = np.meshgrid(xs, ys)
    return np.stack([gx, gy], axis=-1)


def solved_outlines(puzzle: JigsawPuzzle, solution: np.ndarray) -> List[Tuple[int, int, np.ndarray]]:
    """(row, col, outline) of each placed piece, moved to its cell: each piece is turned and
    shifted so its four corners best fit the corners of its cell (:func:`cell_corners`;
    least squares, no reflection).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> len(solved_outlines(puzzle, jigsaw.solve(puzzle).solution))
        4
    """
    edges = analyse(puzzle)
    out = []
    board = np.asarray(solution)
    grid = cell_corners(edges, board)
    for r in range(board.shape[0]):
        for c in range(board.shape[1]):
            p, rot = (int(x) for x in board[r, c])
            if p < 0:
                continue
            out.append((r, c, similarity(edges.corners[p], cell_target(grid, r, c, rot))(puzzle[p].contour)))
    return out


def cell_target(grid: np.ndarray, r: int, c: int, rot: int) -> np.ndarray:
    """Where corners 0..3 of a piece turned ``rot`` land in cell (r, c): corner k on the
    cell's corner (k + rot) % 4, cell corners clockwise from the top-left."""
    cell = np.array([grid[r, c], grid[r, c + 1], grid[r + 1, c + 1], grid[r + 1, c]])
    return cell[[(k + rot) % 4 for k in range(4)]]
