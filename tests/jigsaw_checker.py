"""An independent check of jigsaw assemblies against the generator's ground truth.

The rules: the solution's cell (r, c) holds (piece, rot); the piece's corner k (the k-th
corner in clockwise order, as reported by ``find_edges``) lands on corner (k + rot) % 4 of
its cell (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left). The truth gives each
piece's home cell and its true corners (top-left, top-right, ... of the home cell). A
solution is right when, for one turn s of the whole board (a half turn on a rectangle, any
quarter turn on a square), every piece sits in its home cell turned by s and every one of
its corners lands where its home corner turned by s does.
"""

from __future__ import annotations

import numpy as np


def _turn(rows: int, cols: int, r: int, c: int, s: int):
    """Cell (r, c) of a rows x cols board after turning the board s quarter turns clockwise."""
    for _ in range(s % 4):
        r, c, rows, cols = c, rows - 1 - r, cols, rows
    return r, c


def _home_corner_of(corners_found: np.ndarray, true_corners: np.ndarray) -> list:
    """For each found corner k, the index of the nearest true corner (0 TL .. 3 BR ... BL)."""
    d = np.linalg.norm(corners_found[:, None, :] - true_corners[None, :, :], axis=2)
    return [int(i) for i in d.argmin(axis=1)]


def joins_correct(solution, truth, corners_found) -> tuple:
    """(correct joins, total joins) for the best board turn: a join is correct when both its
    pieces are each other's true neighbours on that side (up to the turn)."""
    sol = np.asarray(solution)
    rows, cols = truth.board.shape
    best = (0, 2 * rows * cols - rows - cols)
    home = {int(truth.board[r, c]): (r, c) for r in range(rows) for c in range(cols)}
    for s in range(4):
        shape = (rows, cols) if s % 2 == 0 else (cols, rows)
        if sol.shape[:2] != shape:
            continue
        # where the truth puts each piece after the turn
        where = {p: _turn(rows, cols, r, c, s) for p, (r, c) in home.items()}
        ok = 0
        R, C = shape
        for r in range(R):
            for c in range(C):
                for dr, dc in ((0, 1), (1, 0)):
                    r2, c2 = r + dr, c + dc
                    if r2 >= R or c2 >= C:
                        continue
                    a, b = int(sol[r, c, 0]), int(sol[r2, c2, 0])
                    if a < 0 or b < 0:
                        continue
                    ra, ca = where[a]
                    rb, cb = where[b]
                    if (rb - ra, cb - ca) == (dr, dc) and _placed_right(sol[r, c], corners_found, truth, s) \
                            and _placed_right(sol[r2, c2], corners_found, truth, s):
                        ok += 1
        best = max(best, (ok, best[1]))
    return best


def _placed_right(cell, corners_found, truth, s: int) -> bool:
    p, rot = int(cell[0]), int(cell[1])
    homes = _home_corner_of(corners_found[p], truth.corners[p])
    return len(set(homes)) == 4 and all((k + rot) % 4 == (homes[k] + s) % 4 for k in range(4))


def assembly_correct(solution, truth, corners_found) -> bool:
    """True when the solution is the true assembly up to a turn of the whole board."""
    sol = np.asarray(solution)
    rows, cols = truth.board.shape
    for s in range(4):
        shape = (rows, cols) if s % 2 == 0 else (cols, rows)
        if sol.shape != shape + (2,):
            continue
        good = True
        for r in range(rows):
            for c in range(cols):
                p = int(truth.board[r, c])
                tr, tc = _turn(rows, cols, r, c, s)
                if int(sol[tr, tc, 0]) != p or not _placed_right(sol[tr, tc], corners_found, truth, s):
                    good = False
                    break
            if not good:
                break
        if good:
            return True
    return False


def truth_for(found_pieces, generated_pieces, truth):
    """The truth re-indexed for pieces found in a scan (matched to the generated pieces by
    their centres), so the checks above apply to them."""
    from cassetete.jigsaw import Truth

    found = np.array([p.centroid for p in found_pieces])
    made = np.array([p.centroid for p in generated_pieces])
    match = np.linalg.norm(found[:, None] - made[None], axis=2).argmin(axis=1)   # found k -> generated
    assert len(set(match.tolist())) == len(generated_pieces) == len(found_pieces)
    inverse = np.empty(len(match), dtype=np.int64)
    inverse[match] = np.arange(len(match))
    return Truth(inverse[truth.board], truth.corners[match], truth.signs[match], truth.joins[match], truth.seed)
