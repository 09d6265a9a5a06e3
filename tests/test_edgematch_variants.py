"""The variants of Béhague (2024): PUZZLE-POSITION (Algorithm 1 + fallback, Fibonacci family),
CONTOUR-ORIENTATION by Eulerian trail, approximations with their guarantees."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cassetete import PuzzleError
from cassetete import edgematch as em
from edgematch_checker import check_board, joins_ok, turned


def fib(k):  # F(0) = F(1) = 1
    a, b = 1, 1
    for _ in range(k):
        a, b = b, a + b
    return a


def rots_of(board):
    return {int(board[r, c, 0]): int(board[r, c, 1]) for r in range(board.shape[0]) for c in range(board.shape[1])}


def brute_position_count(p, pos):
    """Every choice of rotations (distinct layouts only, frame label 0 on the rim sides)
    checked by the tests' checker."""
    import itertools

    k = p.size
    choices = []
    for i in range(k):
        piece = int(pos.ravel()[i])
        r, c = divmod(i, p.cols)
        rim = (r == 0, c == p.cols - 1, r == p.rows - 1, c == 0)
        seen, opts = set(), []
        for rot in range(4):
            t = turned([int(x) for x in p.pieces[piece]], rot)
            if tuple(x == 0 for x in t) == rim and t not in seen:
                seen.add(t)
                opts.append(rot)
        choices.append(opts)
    total = 0
    for combo in itertools.product(*choices):
        board = np.stack([pos, np.array(combo).reshape(pos.shape)], axis=-1)
        total += check_board(p.rows, p.cols, p.pieces, board, p.matching)
    return total


@pytest.mark.parametrize("n", range(3, 12))
def test_fibonacci_family_counts(n):
    p, pos = em.fibonacci_instance(n)
    board, count = em.solve_positions(p, pos, count=True)
    assert count == fib(n - 2)
    assert check_board(p.rows, p.cols, p.pieces, board, "opposite")
    if n >= 4:  # Algorithm 1 alone stalls here (section 5.2.3)
        rots, ok = em.propagate_orientations(p, pos)
        assert ok and (rots < 0).any()


def test_fibonacci_small_against_brute_force():
    for n in (3, 4, 5, 6):
        p, pos = em.fibonacci_instance(n)
        assert brute_position_count(p, pos) == fib(n - 2)


def test_algorithm1_orients_rich_instances():
    solved = 0
    for seed in range(10):
        p, b = em.generate(5, 5, colors=8, frame_colors=3, seed=seed)
        rots, ok = em.propagate_orientations(p, b[:, :, 0])
        assert ok
        if (rots >= 0).all():
            solved += 1
            assert check_board(5, 5, p.pieces, np.stack([b[:, :, 0], rots], -1))
        board, n = em.solve_positions(p, b[:, :, 0])
        assert n == 1 and check_board(5, 5, p.pieces, board)
    assert solved >= 8  # many colours: Algorithm 1 alone almost always finishes


def test_solve_positions_reports_impossible_layouts():
    p, b = em.generate(3, 3, colors=3, seed=2)
    pos = b[:, :, 0].copy()
    pos[0, 0], pos[1, 1] = pos[1, 1], pos[0, 0]  # a corner in the middle
    board, n = em.solve_positions(p, pos, count=True)
    assert board is None and n == 0
    with pytest.raises(PuzzleError):
        em.propagate_orientations(p, np.zeros((3, 3), int))


def frame_ok(p, frame):
    board = np.full((p.rows, p.cols, 2), -1)
    for (r, c), (piece, rot) in frame.items():
        board[r, c] = (piece, rot)
    for (r, c), (piece, rot) in frame.items():
        e = turned([int(x) for x in p.pieces[piece]], rot)
        rim = (r == 0, c == p.cols - 1, r == p.rows - 1, c == 0)
        for side in range(4):
            if rim[side] != (e[side] == 0):
                return False
            rr, cc = r + (-1, 0, 1, 0)[side], c + (0, 1, 0, -1)[side]
            if (rr, cc) in frame:
                q, qr = frame[(rr, cc)]
                if not joins_ok(e[side], turned([int(x) for x in p.pieces[q]], qr)[(side + 2) % 4], p.matching):
                    return False
    return len(frame) == 2 * (p.rows + p.cols) - 4


@pytest.mark.parametrize("matching", ["equal", "opposite"])
def test_contour_by_euler_on_planted(matching):
    for seed in range(10):
        rows, cols = 4 + seed % 3, 5 + seed % 4
        p, b = em.generate(rows, cols, colors=3, frame_colors=2, matching=matching, seed=seed)
        frame = em.contour_by_euler(p, rots_of(b))
        assert frame is not None and frame_ok(p, frame)


def test_contour_by_euler_detects_no_contour():
    p, b = em.generate(4, 5, colors=3, frame_colors=2, seed=1)
    rots = rots_of(b)
    # turn an edge piece so that its frame edge faces inwards: no contour with these rotations
    edge_piece = int(b[0, 2, 0])
    rots[edge_piece] = (rots[edge_piece] + 2) % 4
    assert em.contour_by_euler(p, rots) is None


def test_approximation_guarantees():
    for seed in range(12):
        rows, cols = 3 + seed % 5, 4 + seed % 4
        p, b = em.generate(rows, cols, colors=3, seed=seed)
        rots = rots_of(b)
        board = em.checkerboard_approximation(p, rots)
        assert em.valid_pieces(p, board) >= math.ceil(rows * cols / 2)
        board = em.contour_checkerboard_approximation(p, rots)
        assert em.valid_pieces(p, board) >= (rows * cols + 2 * (rows + cols) - 12) / 2
        placed = board[:, :, 0][board[:, :, 0] >= 0]
        assert len(set(placed.tolist())) == len(placed)


def brute_orientation_count(p, rots):
    """All placements of the pieces with their given rotations, checked by the tests' checker."""
    import itertools

    total = 0
    for perm in itertools.permutations(range(p.size)):
        board = np.array([[(perm[r * p.cols + c], rots[perm[r * p.cols + c]]) for c in range(p.cols)]
                          for r in range(p.rows)])
        total += check_board(p.rows, p.cols, p.pieces, board, p.matching)
    return total


@pytest.mark.parametrize("matching", ["equal", "opposite"])
def test_solve_orientations(matching):
    for seed in range(6):
        p, b = em.generate(2, 3, colors=2, matching=matching, seed=seed)
        rots = rots_of(b)
        board, n = em.solve_orientations(p, rots, count=True)
        assert n == brute_orientation_count(p, rots) and n >= 1
        assert check_board(p.rows, p.cols, p.pieces, board, matching)
        assert all(board[r, c, 1] == rots[int(board[r, c, 0])] for r in range(2) for c in range(3))
    p, b = em.generate(6, 7, colors=4, frame_colors=2, seed=3)
    board, n = em.solve_orientations(p, rots_of(b))
    assert n == 1 and check_board(6, 7, p.pieces, board)
    # a wrong rotation for a frame piece: no solution
    rots = rots_of(b)
    rots[int(b[0, 3, 0])] = (rots[int(b[0, 3, 0])] + 1) % 4
    assert em.solve_orientations(p, rots) == (None, 0)


def faces_by_rules(p, board):
    """Rim faces showing 0 plus matching inner joins, from the rules."""
    show = {(r, c): turned([int(x) for x in p.pieces[int(board[r, c, 0])]], int(board[r, c, 1]))
            for r in range(p.rows) for c in range(p.cols)}
    total = 0
    for (r, c), (n, e, s, w) in show.items():
        total += (r == 0 and n == 0) + (r == p.rows - 1 and s == 0) + (c == 0 and w == 0) + (c == p.cols - 1 and e == 0)
        if c + 1 < p.cols:
            total += joins_ok(e, show[r, c + 1][3], p.matching)
        if r + 1 < p.rows:
            total += joins_ok(s, show[r + 1, c][0], p.matching)
    return total


@pytest.mark.parametrize("matching", ["equal", "opposite"])
def test_position_path_approximation_guarantee(matching):
    for seed in range(10):
        m, n = 3 + seed % 5, 4 + seed % 3
        p, b = em.generate(m, n, colors=2, matching=matching, seed=seed)
        board = em.position_path_approximation(p, b[:, :, 0])
        assert np.array_equal(board[:, :, 0], b[:, :, 0])
        got = faces_by_rules(p, board)
        assert got == em.matched_faces(p, board)
        assert got >= m * n + 4 * (m + n) - 9
        assert em.matched_faces(p, b) == 2 * m * n + m + n
