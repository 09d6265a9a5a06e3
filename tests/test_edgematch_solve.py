"""The C++ exact solver (solve, count, count_solutions, split), every board checked by the tests'
own checker."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from interrupts import RepeatingInterrupt

from cassetete import LimitReached, PuzzleError
from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count as a Result (edgematch.count's body)
from edgematch_checker import brute_count, check_board

DATA = Path(__file__).parent / "data" / "edgematch"


def checked(p, board):
    return check_board(p.rows, p.cols, p.pieces, board, p.matching, p.fixed)


@pytest.mark.parametrize("order", em.ORDERS)
def test_orders_solve_planted_puzzles(order):
    for seed in range(6):
        p, _ = em.generate(5, 6, colors=5, frame_colors=2, seed=seed)
        res = em.solve(p, order=order)
        assert res.status == "solved" and checked(p, res.solution)
        assert res.stats["nodes"] > 0


def test_orders_are_permutations():
    for rows, cols in [(1, 1), (1, 5), (4, 1), (3, 4), (5, 5), (6, 3)]:
        for order in em.ORDERS:
            cells = em.cell_order(rows, cols, order).tolist()
            assert sorted(cells) == list(range(rows * cols)), (rows, cols, order)
    assert em.cell_order(3, 3, "spiral").tolist() == [0, 1, 2, 5, 8, 7, 6, 3, 4]
    assert em.cell_order(3, 3, "border").tolist()[-1] == 4


@pytest.mark.parametrize("matching", ["equal", "opposite"])
def test_counts_agree_with_brute_force(matching):
    for seed in range(8):
        rows, cols = (3, 3) if seed % 2 else (2, 4)
        p, _ = em.generate(rows, cols, colors=2, matching=matching, seed=seed)
        expected = brute_count(rows, cols, p.pieces, matching)
        assert expected >= 1
        for order in em.ORDERS:
            assert em.count_solutions(p, order=order) == expected, (seed, order)


def test_count_limit_and_first_solution():
    p, _ = em.generate(4, 4, colors=2, seed=3)
    total = em.count_solutions(p)
    assert total > 3
    assert em.count_solutions(p, limit=3) == 3
    res = count_result(p)
    assert res.stats["count"] == total and res.stats["complete"]
    assert checked(p, res.solution)


def test_unsatisfiable_and_fixed_pieces():
    p, b = em.generate(4, 4, colors=4, seed=4)
    # a clue taken from the planted board keeps it solvable, and is respected
    q = p.with_fixed({(1, 2): tuple(int(x) for x in b[1, 2])})
    res = em.solve(q, order="first_fail")
    assert res.solved and checked(q, res.solution)
    assert res.solution[1, 2, 0] == b[1, 2, 0]
    # a frame piece fixed in the middle: no solution, proved
    corner = int(np.argmax((p.pieces == 0).sum(axis=1)))
    bad = p.with_fixed({(1, 1): (corner, 0)})
    for order in em.ORDERS:
        assert em.solve(bad, order=order).status == "unsatisfiable"
    # pieces that cannot close: swap one label
    pieces = p.pieces.copy()
    inner = [i for i in range(16) if (pieces[i] != 0).all()][0]
    pieces[inner, 0], pieces[inner, 2] = pieces[inner, 0], pieces[inner, 0]
    try:
        broken = em.EdgePuzzle(4, 4, pieces)
    except PuzzleError:
        return
    res = em.solve(broken)
    assert res.status in ("solved", "unsatisfiable")
    assert res.status == "unsatisfiable" or checked(broken, res.solution)


def test_split_counts_add_up_and_parallel_count():
    p, _ = em.generate(4, 4, colors=3, frame_colors=1, seed=8)
    total = em.count_solutions(p)
    for depth in (0, 1, 3):
        parts = em.split(p, depth, order="spiral")
        assert sum(em.count_solutions(q, order="spiral") for q in parts) == total
    assert em.count_solutions(p, workers=2, split_depth=2) == total
    with pytest.raises(PuzzleError):
        em.split(p, 2, order="first_fail")


def test_seed_changes_search_but_stays_correct():
    p, _ = em.generate(4, 4, colors=2, seed=6)
    boards = set()
    for seed in range(6):
        res = em.solve(p, seed=seed)
        assert checked(p, res.solution)
        boards.add(res.solution.tobytes())
        again = em.solve(p, seed=seed)
        assert np.array_equal(again.solution, res.solution)
    assert len(boards) > 1


def test_limits_stop_the_search():
    e2 = em.eternity2()
    res = em.solve(e2, node_limit=20000)
    assert res.status == "limit" and res.solution is None
    assert res.stats["stop"] == "node_limit"
    res = em.solve(e2, time_limit=0.05)
    assert res.status == "limit" and res.stats["stop"] == "time_limit"
    assert res.stats["seconds"] < 1.0
    with pytest.raises(LimitReached) as stopped:
        em.count_solutions(e2, node_limit=1000)
    assert stopped.value.count == 0 and stopped.value.stats["stop"] == "node_limit"


def test_ctrl_c_interrupts_the_search():

    e2 = em.eternity2()
    timer = RepeatingInterrupt(0.2)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            em.solve(e2, time_limit=20)
    finally:
        timer.cancel()


def test_clue_puzzles_solve():
    for name in ("wortmann_clue1.txt", "wortmann_clue3.txt"):
        p = em.load(DATA / name)
        res = em.solve(p, order="first_fail", time_limit=30)
        assert res.solved and checked(p, res.solution)


def test_bundled_planted_counts_are_stable():
    # counted once by the C++ engine and by an independent split: both the same number
    p = em.load(DATA / "planted_4x6.txt")
    total = em.count_solutions(p)
    assert total == sum(em.count_solutions(q) for q in em.split(p, 4, order="border"))
    assert total >= 1


def test_bad_input_to_solve():
    with pytest.raises(PuzzleError):
        em.solve("not a puzzle")
    p, _ = em.generate(2, 2, colors=1, seed=0)
    with pytest.raises(PuzzleError):
        em.solve(p, order="diagonal")
    with pytest.raises(PuzzleError):
        em.solve(p, method="magic")
