"""The paper's packing model solved by narrowing: every solution checked by a packing checker
written here from the puzzle's rules, counts compared with the exact cover engine on random
small polyomino problems, and the small rows of the table of Gilleta, "Résolution du puzzle
tridimensionnel des pentaminos", section 7."""

from __future__ import annotations

import itertools
import pickle
import random

import numpy as np
import pytest

from cassetete import polyomino
from cassetete.narrowing import count_subproblem, packing_model


def isometries(dim):
    """The orientations a piece may take: in 2-D the 8 rotations and reflections (a piece may be
    turned over), in 3-D the 24 rotations (determinant 1; a flat piece turned over is one)."""
    out = []
    for perm in itertools.permutations(range(dim)):
        for signs in itertools.product((1, -1), repeat=dim):
            m = np.zeros((dim, dim), dtype=int)
            for r in range(dim):
                m[r, perm[r]] = signs[r]
            if dim == 2 or round(np.linalg.det(m)) == 1:
                out.append(m)
    return out


def canonical(cells):
    cells = np.asarray(cells)
    cells = cells - cells.min(axis=0)
    return tuple(sorted(map(tuple, cells.tolist())))


def check_packing(grid, pieces):
    """The rules: every cell holds a piece name; each piece covers a set of cells equal to its
    shape in one of its orientations, translated; each piece is used exactly once."""
    grid = np.asarray(grid)
    dim = grid.ndim
    assert set(grid.flat) == set(pieces), "cells must hold exactly the piece names"
    for name, shape in pieces.items():
        cells = np.argwhere(grid == name)
        shape = np.asarray(shape)
        shape = np.hstack([shape, np.zeros((len(shape), dim - shape.shape[1]), dtype=int)])
        assert len(cells) == len(shape), f"piece {name} covers {len(cells)} cells"
        images = {canonical(shape @ m.T) for m in isometries(dim)}
        assert canonical(cells) in images, f"piece {name} is not in one of its orientations"


PENTOMINOES = polyomino.piece_set("pentominoes")


def test_paper_rows_without_solutions():
    for box in [(2, 30), (2, 2, 15)]:
        model = packing_model(box)
        assert model.count_solutions() == 0
        assert model.solve().status == "unsatisfiable"


def test_3x20_two_solutions_under_the_paper_symmetry_and_eight_in_all():
    model = packing_model((3, 20))
    found = list(model.solutions())
    assert len(found) == 2 and model.last_stats["cuts"] > 0
    everything = list(packing_model((3, 20), up_to_symmetry=False, narrowing="placement").solutions())
    assert len(everything) == 8 == polyomino.count_solutions("3x20", up_to_symmetry=False)
    assert len({g.tobytes() for g in everything}) == 8
    for grid in everything:
        assert grid.shape == (3, 20)
        check_packing(grid, PENTOMINOES)
    # the two kept solutions are among the eight, in different symmetry classes
    assert {g.tobytes() for g in found} <= {g.tobytes() for g in everything}


def random_piece(rng, size):
    cells = {(0, 0)}
    while len(cells) < size:
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        cells.add((x + dx, y + dy))
    return sorted(cells)


@pytest.mark.parametrize("narrowing", ["literal", "placement", "occupied", "occupied-bounds", "occupied-placed"])
@pytest.mark.parametrize("seed", range(12))
def test_counts_match_the_exact_cover_engine_in_2d(seed, narrowing):
    rng = random.Random(seed)
    a = rng.choice([2, 3, 4])
    sizes = []
    while sum(sizes) < 2 * a or sum(sizes) % a:
        sizes.append(rng.randint(2, 4))
        if sum(sizes) > 4 * a:
            sizes = []
    pieces = {f"p{k}": random_piece(rng, s) for k, s in enumerate(sizes)}
    box = (a, sum(sizes) // a)
    model = packing_model(box, pieces=pieces, up_to_symmetry=False, narrowing=narrowing)
    expected = polyomino.count_solutions(f"{box[0]}x{box[1]}", pieces=pieces, up_to_symmetry=False)
    solutions = list(model.solutions())
    assert len(solutions) == model.count_solutions() == expected
    for grid in solutions:
        check_packing(grid, pieces)
    if expected:
        assert packing_model(box, pieces=pieces, narrowing=narrowing).count_solutions() >= 1


@pytest.mark.parametrize("narrowing", ["literal", "placement", "occupied", "occupied-bounds", "occupied-placed"])
@pytest.mark.parametrize("seed", range(6))
def test_counts_match_the_exact_cover_engine_in_3d(seed, narrowing):
    rng = random.Random(100 + seed)
    box = rng.choice([(2, 2, 3), (2, 2, 4), (2, 3, 2), (2, 3, 3)])
    volume = int(np.prod(box))
    sizes = []
    while sum(sizes) != volume:
        sizes.append(rng.randint(2, 4))
        if sum(sizes) > volume:
            sizes = []
    pieces = {f"p{k}": random_piece(rng, s) for k, s in enumerate(sizes)}
    model = packing_model(box, pieces=pieces, up_to_symmetry=False, narrowing=narrowing)
    expected = polyomino.count_solutions("x".join(map(str, box)), pieces=pieces, up_to_symmetry=False)
    solutions = list(model.solutions())
    assert len(solutions) == model.count_solutions() == expected
    for grid in solutions:
        check_packing(grid, pieces)


@pytest.mark.parametrize("narrowing", ["literal", "placement", "occupied", "occupied-bounds", "occupied-placed"])
def test_chiral_3d_pieces(narrowing):
    # Three-dimensional pieces, two of them mirror images of each other, in a 2x2x3 box:
    # only rotations are allowed, and reflections of the box are no symmetry of this set.
    pieces = {
        "screw": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)],
        "mirror": [(0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 1, 1)],
        "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    }
    model = packing_model((2, 2, 3), pieces=pieces, up_to_symmetry=False, narrowing=narrowing)
    expected = polyomino.count_solutions("2x2x3", pieces=pieces, up_to_symmetry=False)
    found = list(model.solutions())
    assert len(found) == expected == 16
    for grid in found:
        check_packing(grid, pieces)
    assert 1 <= packing_model((2, 2, 3), pieces=pieces).count_solutions() < expected


def test_paper_symmetry_in_3d_leaves_each_solution_twice():
    # Six pentominoes in a 2x3x5 box: F keeps 6 of its 24 orientations, and each class of
    # solutions (8 copies under the box's symmetries) is found twice, as in the paper's table.
    pieces = ["F", "L", "P", "T", "U", "Y"]
    model = packing_model((2, 3, 5), pieces=pieces)
    assert (model.restricted, model.kept_orientations) == ("F", 6)
    broken = list(model.solutions())
    assert len(broken) == 2 * polyomino.count_solutions("2x3x5", pieces=pieces, up_to_symmetry=True)
    full = packing_model((2, 3, 5), pieces=pieces, up_to_symmetry=False).count_solutions()
    assert full == polyomino.count_solutions("2x3x5", pieces=pieces, up_to_symmetry=False) == 4 * len(broken)
    for grid in broken:
        check_packing(grid, {name: PENTOMINOES[name] for name in pieces})


def test_placement_narrowing_shrinks_the_tree_of_3x20():
    paper, placement = packing_model((3, 20)), packing_model((3, 20), narrowing="placement")
    found = list(placement.solutions())
    assert len(found) == paper.count_solutions() == 2
    for grid in found:
        check_packing(grid, PENTOMINOES)
    assert placement.last_stats["cuts"] < paper.last_stats["cuts"] / 2
    assert placement.last_stats["narrowings"]["placement"] > 0


@pytest.mark.parametrize("box", [(3, 20), (2, 3, 5)])
def test_split_partitions_the_solutions_and_the_cuts(box):
    model = packing_model(box, pieces="pentominoes" if len(box) == 2 else ["F", "L", "P", "T", "U", "Y"],
                          narrowing="placement")
    total = model.count_solutions()
    cuts = model.last_stats["cuts"]
    parts = model.split(3)
    split_cuts = model.last_stats["cuts"]
    assert len(parts) > 1
    counted = 0
    for part in pickle.loads(pickle.dumps(parts)):
        counted += count_subproblem(part)
        split_cuts += part.last_stats["cuts"]
    assert counted == total
    assert split_cuts == cuts


def test_workers_give_the_same_count():
    model = packing_model((2, 3, 5), pieces=["F", "L", "P", "T", "U", "Y"])
    assert model.count_solutions(workers=2) == model.count_solutions() == 14


def test_render():
    model = packing_model((3, 20))
    result = model.solve()
    assert result.status == "solved"
    check_packing(result.solution, PENTOMINOES)
    assert len(result.render("text").splitlines()) == 3
    assert result.to_svg().startswith("<svg")
