"""Counting with the board-rotation symmetry (a corner piece pinned) gives the same counts as
the plain search and as the tests' brute-force counter."""

from __future__ import annotations

import pytest

from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count as a Result (edgematch.count's body)
from edgematch_checker import brute_count, check_board


@pytest.mark.parametrize("rows,cols,colors,seed", [(3, 3, 2, 1), (3, 3, 2, 4), (2, 3, 2, 2), (3, 4, 2, 3),
                                                   (4, 4, 3, 5), (2, 2, 1, 0)])
def test_symmetric_count_matches_brute_force(rows, cols, colors, seed):
    p, _ = em.generate(rows, cols, colors=colors, seed=seed)
    expected = brute_count(rows, cols, p.pieces)
    res = count_result(p)
    assert res.stats["count"] == expected
    assert res.stats["symmetry_factor"] == (4 if rows == cols else 2)
    assert count_result(p, symmetry=False).stats["count"] == expected
    assert em.count_solutions(p, workers=2, split_depth=2) == expected
    if expected:
        assert check_board(rows, cols, p.pieces, res.solution)


def test_symmetry_not_used_with_clues_or_limits():
    p, planted = em.generate(4, 4, colors=3, seed=2)
    assert em.symmetry_parts(p.with_fixed({(1, 1): (int(planted[1, 1, 0]), int(planted[1, 1, 1]))})) is None
    assert "symmetry_factor" not in count_result(p, limit=1).stats
    q, _ = em.generate(1, 4, colors=2, seed=1)
    assert em.symmetry_parts(q) is None


def test_rectangle_parts_pin_two_corners():
    p, _ = em.generate(3, 5, colors=3, seed=6)
    factor, parts = em.symmetry_parts(p)
    assert factor == 2 and len(parts) == 2
    assert [sorted(q.fixed) for q in parts] == [[(0, 0)], [(0, 4)]]
