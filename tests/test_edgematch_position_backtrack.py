"""Béhague (2024), section 6.1: backtracking on positions, then Algorithm 1 (solve_by_positions).

Counts are compared with the tests' own brute force (edgematch_checker.brute_count) on tiny
boards and with the C++ engine on slightly larger ones; every board is checked from the rules."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError
from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count as a Result (edgematch.count's body)
from edgematch_checker import brute_count, check_board


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("matching", ["equal", "opposite"])
def test_counts_match_brute_force_on_2x3(seed, matching):
    p, _ = em.generate(2, 3, colors=3, matching=matching, seed=seed)
    r = em.solve_by_positions(p, count=True)
    assert r.stats["complete"]
    assert r.stats["count"] == brute_count(2, 3, np.asarray(p.pieces), matching)
    assert check_board(2, 3, np.asarray(p.pieces), r.solution, matching)


@pytest.mark.parametrize("seed", range(4))
def test_counts_match_the_exact_engine_on_3x3_and_3x4(seed):
    for rows, cols, colors in ((3, 3, 3), (3, 4, 4)):
        p, _ = em.generate(rows, cols, colors=colors, distinct=True, seed=seed)
        r = em.solve_by_positions(p, count=True)
        assert r.status == "solved" and r.stats["complete"]
        assert r.stats["count"] == count_result(p).stats["count"] > 0
        assert check_board(rows, cols, np.asarray(p.pieces), r.solution)
        # the relaxed conditions prune: far fewer complete placements than (frame-respecting) permutations
        assert r.stats["instances"] < 4 * 2 ** 4 * 24 * (24 if cols == 4 else 1)


def test_first_solution_and_clues():
    p, planted = em.generate(3, 4, colors=4, distinct=True, seed=7)
    clued = p.with_fixed({(1, 1): tuple(int(x) for x in planted[1, 1])})
    r = em.solve_by_positions(clued)
    assert r.status == "solved"
    assert check_board(3, 4, np.asarray(p.pieces), r.solution, fixed=clued.fixed)
    assert tuple(r.solution[1, 1]) == tuple(planted[1, 1])
    total = em.solve_by_positions(clued, count=True).stats["count"]
    assert total == count_result(clued).stats["count"]


def test_unsatisfiable_and_contradicting_clues():
    # 2 x 2 corners: the piece showing label 2 has no neighbour with a 2
    p = em.EdgePuzzle(2, 2, [[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 2, 2]])
    r = em.solve_by_positions(p, count=True)
    assert (r.status, r.stats["count"], r.stats["complete"]) == ("unsatisfiable", 0, True)
    q, planted = em.generate(3, 3, colors=3, seed=1)
    corner = int(planted[0, 0, 0])
    bad = q.with_fixed({(1, 1): (corner, 0)})  # a corner piece in the middle shows 0 inside
    assert em.solve_by_positions(bad).status == "unsatisfiable"


def test_limits():
    p, _ = em.generate(4, 4, colors=6, distinct=True, seed=2)
    r = em.solve_by_positions(p, count=True, limit=1)
    assert r.status == "solved" and r.stats["count"] == 1 and not r.stats["complete"]
    r = em.solve_by_positions(p, count=True, time_limit=0.05)
    assert not r.stats["complete"] and r.stats["seconds"] < 2
    with pytest.raises(PuzzleError):
        em.solve_by_positions(p, time_limit=0)
    with pytest.raises(PuzzleError):
        em.solve_by_positions(p, count=True, limit=0)
    with pytest.raises(PuzzleError):
        em.solve_by_positions("not a puzzle")
