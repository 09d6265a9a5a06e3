"""polyomino.generate (issue 27): a region and pieces with exactly one packing up to the region's
symmetries, checked here by a brute-force packer written from the rules (not the library's
search), reproducible from its seed."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError, polyomino


def _orientations(cells, flips=True):
    """The distinct 2-D orientations of a piece: 4 rotations, and their mirror images."""
    found = set()
    shape = [tuple(c) for c in cells]
    for mirror in (False, True) if flips else (False,):
        current = [(x, -y) if mirror else (x, y) for x, y in shape]
        for _ in range(4):
            current = [(y, -x) for x, y in current]
            low = (min(p[0] for p in current), min(p[1] for p in current))
            found.add(tuple(sorted((x - low[0], y - low[1]) for x, y in current)))
    return found


def _packings(mask, pieces):
    """Every packing of the mask's cells by the pieces, each once, as dict cell -> piece."""
    cells = {tuple(int(v) for v in c) for c in np.argwhere(mask)}
    names = sorted(pieces)
    out = []

    def place(free, k, grid):
        if k == len(names):
            if not free:
                out.append(dict(grid))
            return
        anchor = min(free)
        # the first free cell is covered by some remaining piece
        for index in range(k, len(names)):
            name = names[index]
            for shape in _orientations(pieces[name]):
                for ax, ay in shape:
                    placed = {(anchor[0] + x - ax, anchor[1] + y - ay) for x, y in shape}
                    if placed <= free:
                        names[k], names[index] = names[index], names[k]
                        place(free - placed, k + 1, {**grid, **{c: name for c in placed}})
                        names[k], names[index] = names[index], names[k]

    place(cells, 0, {})
    return out


def _symmetries(mask):
    """The rotations and reflections of the plane that map the mask onto itself, as functions."""
    found = []
    for k in range(4):
        for flip in (False, True):
            image = np.rot90(mask, k)
            image = image[:, ::-1] if flip else image
            if image.shape == mask.shape and (image == mask).all():
                found.append((k, flip))
    return found


def _classes(mask, packings):
    def grid_of(packing):
        grid = np.full(mask.shape, ".", dtype=object)
        for cell, name in packing.items():
            grid[cell] = name
        return grid

    seen = set()
    for packing in packings:
        grid = grid_of(packing)
        images = []
        for k, flip in _symmetries(mask):
            image = np.rot90(grid, k)
            images.append((image[:, ::-1] if flip else image).tobytes())
        seen.add(min(images))
    return len(seen)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_generated_puzzle_has_one_packing_up_to_symmetry(seed):
    made = polyomino.generate(4, pieces="tetrominoes", seed=seed)
    assert made.seed == seed and made.stats["tries"] >= 1
    assert len(made.pieces) == 4 and int(made.region.sum()) == 16
    packings = _packings(made.region, made.pieces)
    assert len(packings) >= 1 and _classes(made.region, packings) == 1
    # its solution is that packing, checked from the rules here
    assert {tuple(c): made.solution[tuple(c)] for c in np.argwhere(made.region)} in packings
    assert polyomino.count_solutions(made.region, pieces=made.pieces, limit=2) == 1


def test_pentominoes_in_the_plane_and_in_space():
    flat = polyomino.generate(8, seed=5)
    assert polyomino.verify(flat.region, flat.solution, pieces=flat.pieces)
    assert polyomino.count_solutions(flat.region, pieces=flat.pieces, limit=2) == 1
    box = polyomino.generate(5, dim=3, seed=5)
    assert box.region.ndim == 3 and polyomino.verify(box.region, box.solution, pieces=box.pieces)


def test_a_seed_makes_the_same_puzzle_and_none_draws_one_reported():
    a, b = polyomino.generate(6, seed=9), polyomino.generate(6, seed=9)
    assert (a.region == b.region).all() and a.pieces == b.pieces
    fresh = polyomino.generate(6)
    again = polyomino.generate(6, seed=fresh.seed)
    assert (fresh.region == again.region).all() and fresh.pieces == again.pieces


@pytest.mark.parametrize("options, message", [
    ({"count": 0}, "count"), ({"count": 13}, "12 pieces"), ({"dim": 4}, "dim"), ({"seed": -1}, "seed"),
    ({"compact": "yes"}, "compact"), ({"time_limit": -1}, "time_limit"),
])
def test_bad_options_are_puzzle_errors(options, message):
    with pytest.raises(PuzzleError, match=message):
        polyomino.generate(**options)


def test_no_puzzle_in_the_time_is_said_not_returned():
    assert polyomino.generate(12, seed=11).stats["tries"] > 1  # this seed's first region is ambiguous
    with pytest.raises(PuzzleError, match="no region with one packing"):
        polyomino.generate(12, seed=11, time_limit=0)


def test_the_brute_force_reference_itself():
    # the brute force itself: the 2 x 4 rectangle and the I, L tetrominoes -> two pieces, a known count
    mask = np.ones((2, 4), dtype=bool)
    pieces = {"I": [(0, 0), (0, 1), (0, 2), (0, 3)], "O": [(0, 0), (0, 1), (1, 0), (1, 1)]}
    assert len(_packings(mask, pieces)) == 0  # one I uses a whole row; the O cannot fill the other
    pieces = {"I": [(0, 0), (0, 1), (0, 2), (0, 3)], "J": [(0, 0), (0, 1), (0, 2), (0, 3)]}
    assert len(_packings(mask, pieces)) == 2
