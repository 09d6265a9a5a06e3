"""Issue 18: the Soma cube packed by narrowing, checked against the exact cover engine and
against a packing checker written here from the rules (each piece once, turned only by
rotations of space, the 3x3x3 box covered exactly)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cassetete import narrowing, polyomino
from test_narrowing_packing import canonical, isometries

SOMA = {
    "V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)],
    "B": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)],
    "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
}


ROTATED = {name: {canonical(np.asarray(cells) @ r.T) for r in isometries(3)} for name, cells in SOMA.items()}


def is_soma_packing(grid):
    grid = np.asarray(grid)
    if grid.shape != (3, 3, 3) or set(grid.ravel().tolist()) != set(SOMA):
        return False
    return all(canonical(np.argwhere(grid == name)) in ROTATED[name] for name in SOMA)


def test_soma_pieces_are_the_seven():
    assert sum(len(c) for c in SOMA.values()) == 27
    assert len(isometries(3)) == 24  # the rotations of space
    assert ROTATED["A"] != ROTATED["B"]  # mirror images: no rotation turns one into the other


@pytest.mark.slow
def test_soma_count_by_narrowing_equals_the_exact_cover_count():
    every = polyomino.count_solutions("3x3x3", pieces=SOMA, up_to_symmetry=False)
    pm = narrowing.packing_model((3, 3, 3), pieces=SOMA, up_to_symmetry=False, narrowing="placement")
    assert pm.count_solutions() == every == 11520 == 240 * 48  # published: 240 up to rotations and reflections


def test_soma_solutions_follow_the_rules():
    pm = narrowing.packing_model((3, 3, 3), pieces=SOMA, narrowing="placement")
    grids = list(itertools.islice(pm.solutions(), 30))
    assert len(grids) == 30 and all(is_soma_packing(g) for g in grids)
    assert len({g.tobytes() for g in grids}) == 30
    # The paper's symmetry breaking pins L to one orientation per orbit of the 24 rotations.
    assert pm.count_solutions() * 24 == 11520
