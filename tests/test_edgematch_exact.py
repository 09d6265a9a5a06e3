"""The exact engines of issue 20: the checkerboard brute force, the CP model and the relaxed-CP
loop (Schaus and Deville, sections 2 and 5). Every board is checked by the tests' own checker,
counts are compared with the checker's brute-force count and with the backtracker."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cassetete import LimitReached, PuzzleError
from cassetete import edgematch as em
from edgematch_checker import brute_count, check_board, turned

DATA = Path(__file__).parent / "data" / "edgematch"


def checked(p, board):
    return check_board(p.rows, p.cols, p.pieces, board, p.matching, p.fixed)


SMALL = [(2, 3, 2, 1), (3, 3, 3, 1), (3, 3, 2, 4), (3, 4, 3, 2), (4, 4, 3, 2), (4, 4, 4, 5)]


@pytest.mark.parametrize("rows, cols, colors, seed", SMALL)
@pytest.mark.parametrize("matching", ["equal", "opposite"])
def test_counts_equal_the_brute_force(rows, cols, colors, seed, matching):
    p, _ = em.generate(rows, cols, colors=colors, matching=matching, seed=seed)
    expected = brute_count(rows, cols, p.pieces, matching)
    assert expected >= 1  # planted
    assert em.count_checkerboard(p) == expected
    assert em.count_checkerboard(p, parity=1) == expected
    assert em.count_checkerboard(p, order="row") == em.count_checkerboard(p, order="corner") == expected
    for alldifferent in em.ALLDIFFERENT:
        assert em.count_cp(p, alldifferent=alldifferent) == expected


@pytest.mark.parametrize("rows, cols, colors, seed", [(5, 5, 4, 3), (4, 5, 3, 7), (5, 5, 5, 1), (6, 6, 6, 1)])
def test_counts_equal_the_backtracker(rows, cols, colors, seed):
    p, _ = em.generate(rows, cols, colors=colors, seed=seed)
    expected = em.count_solutions(p, symmetry=False)
    assert em.count_checkerboard(p) == expected
    assert em.count_cp(p) == expected


def test_clues_are_kept():
    p = em.load(DATA / "planted_5x5.txt")
    _, parts = em.symmetry_parts(p)
    for q in parts:
        assert em.count_checkerboard(q) == em.count_solutions(q, symmetry=False) == em.count_cp(q)
        for solve in (em.solve_checkerboard, em.solve_cp):
            r = solve(q)
            assert r.status == "solved" and checked(q, r.solution)


@pytest.mark.parametrize("seed", range(4))
def test_solvers_return_checked_boards(seed):
    p, _ = em.generate(5, 6, colors=5, frame_colors=1, seed=seed)
    for r in (em.solve_checkerboard(p), em.solve_cp(p, seed=seed, restarts=20),
              em.solve_cp(p, seed=seed, alldifferent="forward", restarts=20)):
        assert r.status == "solved" and checked(p, r.solution)
        assert r.puzzle is p and r.stats["nodes"] >= 0


def test_unsatisfiable_is_proved():
    # A 2 x 2 of corner pieces: three joins need colour 1, the fourth piece offers 2 and 1.
    p = em.EdgePuzzle(2, 2, [[0, 1, 1, 0], [0, 0, 1, 1], [1, 2, 0, 0], [2, 0, 0, 1]])
    assert brute_count(2, 2, p.pieces) == 0
    assert em.solve_checkerboard(p).status == "unsatisfiable"
    assert em.solve_cp(p, seed=1).status == "unsatisfiable"
    assert em.solve_relaxed_loop(p, relaxed=[(0, 0)]).status == "unsatisfiable"
    assert em.count_checkerboard(p) == em.count_cp(p) == 0


def test_same_seed_same_board():
    p, _ = em.generate(6, 6, colors=4, seed=9)
    a, b = em.solve_cp(p, seed=5), em.solve_cp(p, seed=5)
    assert np.array_equal(a.solution, b.solution) and a.stats["seed"] == 5
    assert em.solve_cp(p).stats["seed"] >= 0


def test_limits_raise_limit_reached():
    p, _ = em.generate(5, 5, colors=2, seed=1)  # few colours: many solutions
    with pytest.raises(LimitReached) as stopped:
        em.count_checkerboard(p, node_limit=50)
    assert stopped.value.stats["stop"] == "node_limit"
    with pytest.raises(LimitReached):
        em.count_cp(p, node_limit=5)
    assert em.count_cp(p, limit=3) == 3 and em.count_checkerboard(p, limit=3) == 3
    assert em.solve_cp(p, seed=1, node_limit=0).status in ("limit", "solved")


def test_bad_options():
    p, _ = em.generate(3, 3, colors=3, seed=1)
    with pytest.raises(PuzzleError):
        em.solve_cp(p, alldifferent="strong")
    with pytest.raises(PuzzleError):
        em.solve_checkerboard(p, parity=2)
    with pytest.raises(PuzzleError):
        em.count_checkerboard(p, order="first_fail")
    with pytest.raises(PuzzleError):
        em.count_cp(p, limit=0)
    with pytest.raises(PuzzleError):
        em.solve_cp(p, time_limit="x")
    with pytest.raises(PuzzleError):
        em.solve_relaxed_loop(p, relaxed=[(0, 0), (0, 1)])  # adjacent
    with pytest.raises(PuzzleError):
        em.solve_relaxed_loop(p, relaxed=[(5, 0)])
    with pytest.raises(PuzzleError):
        em.solve_cp("not a puzzle")


def relaxed_joins_ok(p, board, relaxed):
    """Every join and rim side away from the relaxed cells is right (checker's own rules)."""
    rel = set(map(tuple, relaxed))
    show = {(r, c): turned([int(x) for x in p.pieces[board[r][c][0]]], int(board[r][c][1]))
            for r in range(p.rows) for c in range(p.cols)}
    for (r, c), (n, e, s, w) in show.items():
        if (r, c) in rel:
            continue
        if (r == 0) != (n == 0) or (c == 0) != (w == 0) or (r == p.rows - 1) != (s == 0) or (c == p.cols - 1) != (e == 0):
            return False
        if c + 1 < p.cols and (r, c + 1) not in rel and not (e != 0 and e == show[r, c + 1][3]):
            return False
        if r + 1 < p.rows and (r + 1, c) not in rel and not (s != 0 and s == show[r + 1, c][0]):
            return False
    return True


def test_cp_start_solves_relaxed_problems():
    p, _ = em.generate(7, 7, colors=6, frame_colors=2, seed=3)
    for seed in range(3):
        board, info = em.cp_start(p, relax=6, seed=seed)
        assert info["solved"] and len(info["relaxed"]) == 6
        assert sorted(board[:, :, 0].ravel().tolist()) == list(range(p.size))
        assert relaxed_joins_ok(p, board, info["relaxed"])
        assert em.score(p, board)[0] == info["score"]


@pytest.mark.parametrize("seed", range(4))
def test_relaxed_loop_finds_a_full_solution(seed):
    p, _ = em.generate(4, 5, colors=4, seed=seed)
    r = em.solve_relaxed_loop(p, relax=3, seed=seed)
    assert r.status == "solved" and checked(p, r.solution)
    assert r.stats["relaxed_solutions"] >= 1 and r.stats["best_score"] == p.total_joins
    capped = em.solve_relaxed_loop(p, relax=3, seed=seed, max_solutions=1)
    assert capped.stats["relaxed_solutions"] == 1
    assert capped.status in ("solved", "limit") and capped.solution is not None


def test_fill_holes_is_optimal_on_single_holes():
    p, planted = em.generate(5, 5, colors=4, seed=2)
    holed = planted.copy()
    for r, c in [(0, 0), (1, 1), (2, 4), (4, 2), (3, 3)]:
        holed[r, c] = (-1, 0)
    board, matched = em.fill_holes(p, holed)
    assert matched == p.total_joins and checked(p, board)


@pytest.mark.parametrize("order", ["row", "corner", "spiral"])
def test_pair_pruning_keeps_every_solution(order):
    for rows, cols, colors, seed in [(3, 3, 3, 1), (4, 4, 3, 2), (3, 5, 3, 4), (5, 5, 4, 3)]:
        p, _ = em.generate(rows, cols, colors=colors, seed=seed)
        expected = em.count_solutions(p, symmetry=False)
        if rows * cols <= 16:
            assert expected == brute_count(rows, cols, p.pieces)
        assert em.count_corner_fill(p, order=order) == expected
        assert em.count_corner_fill(p, order=order, pair_pruning=False) == expected
        r = em.solve_corner_fill(p, order=order)
        assert r.status == "solved" and checked(p, r.solution)
    with pytest.raises(PuzzleError):
        em.solve_corner_fill(p, order="first_fail")
