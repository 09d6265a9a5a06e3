"""The packing model built in C++ (cpp/polyomino/model.cpp) against a from-scratch enumeration
written here: the same placements, symmetries that really map the region and every placement
onto themselves, images that are those placements' images, and board masks and neighbour
shifts that agree with the lattice."""

import itertools

import numpy as np
import pytest

from cassetete import LimitReached, PuzzleError, _core, polyomino
from cassetete.polyomino import Packing
from test_polyomino_checker import PENTOMINO_ROWS, all_forms, cells_of


def isometries(dim, proper_only):
    for perm in itertools.permutations(range(dim)):
        for signs in itertools.product((1, -1), repeat=dim):
            m = np.zeros((dim, dim), dtype=int)
            for i, (j, s) in enumerate(zip(perm, signs)):
                m[i, j] = s
            if proper_only and round(np.linalg.det(m)) != 1:
                continue
            yield m


def reference_placements(mask, shapes, flips):
    """{(piece number, frozenset of cell coordinates)} by brute force: every orientation at
    every translation that stays inside the mask."""
    dim = mask.ndim
    out = set()
    for p, cells in enumerate(shapes):
        if len(cells[0]) > dim:
            continue
        pts = np.array([tuple(c) + (0,) * (dim - len(c)) for c in cells])
        forms = set()
        for m in isometries(dim, proper_only=(dim == 3 or not flips)):
            img = pts @ m.T
            forms.add(tuple(sorted(map(tuple, (img - img.min(axis=0)).tolist()))))
        for form in forms:
            for offset in itertools.product(*(range(-4, n) for n in mask.shape)):
                placed = [tuple(a + b for a, b in zip(c, offset)) for c in form]
                if all(all(0 <= v < n for v, n in zip(c, mask.shape)) and mask[c] for c in placed):
                    out.add((p, frozenset(placed)))
    return out


def holed(shape, holes):
    mask = np.ones(shape, dtype=bool)
    for h in holes:
        mask[h] = False
    return mask


CASES = [
    ("6x10", "pentominoes", True, 4),
    ("6x10", "pentominoes", False, 2),
    ("5x5", "tetrominoes", True, 8),
    ("2x3x10", "pentominoes", True, 8),
    (holed((8, 8), [(3, 3), (3, 4), (4, 3), (4, 4)]), "pentominoes", True, 8),
    (holed((5, 6), [(0, 0), (4, 5)]), {"L": "#../###", "d": "##", "T": [(0, 0, 0), (0, 1, 0), (1, 0, 0)]}, False, 2),
    (holed((3, 3, 3), [(1, 1, 1)]), {"a": "##/#.", "b": "###"}, True, 48),
]


@pytest.mark.parametrize("region, pieces, flips, group_size", CASES)
def test_model_matches_brute_force(region, pieces, flips, group_size):
    packing = Packing(region, pieces, flips, require_area=False)
    mask, coords = packing.mask, packing.coords
    shapes = [packing.pieces[n] for n in packing.names]
    got = {(p, frozenset(tuple(coords[c]) for c in cells)) for p, cells in packing.placements}
    assert len(got) == len(packing.placements)  # no placement twice
    assert got == reference_placements(mask, shapes, flips)
    # Each kept symmetry maps the region onto itself (as a lattice isometry) and each
    # placement onto the placement its image names.
    images = packing._arrays["images"]
    assert len(packing.group) == group_size == len(images)
    assert (packing.group[0] == np.arange(packing.area)).all()
    for g, perm in enumerate(packing.group):
        assert sorted(perm.tolist()) == list(range(packing.area))
        moved = coords[perm]  # cell i goes to cell perm[i]: one isometry of the lattice does it
        assert any(((coords @ m.T) - (coords @ m.T).min(axis=0) + moved.min(axis=0) == moved).all()
                   for m in isometries(mask.ndim, proper_only=False))
        for o, (p, cells) in enumerate(packing.placements):
            q, image = packing.placements[images[g][o]]
            assert q == p and set(image) == {int(perm[c]) for c in cells}


def test_board_masks_and_neighbours_follow_the_lattice():
    packing = Packing("6x10")
    arrays = packing._arrays
    bit = arrays["bit"]
    assert sorted(bit.tolist()) == list(range(60))
    for o, (_, cells) in enumerate(packing.placements):
        assert int(arrays["masks"][o]) == sum(1 << int(bit[c]) for c in cells)
    shifts, masks = arrays["neighbours"]
    index = {tuple(c): i for i, c in enumerate(packing.coords.tolist())}
    pairs = set()
    for shift, mask in zip(shifts, masks):
        for i in range(packing.area):
            if mask >> int(bit[i]) & 1:
                j = int(np.flatnonzero(bit == bit[i] + shift)[0])
                pairs.add((i, j))
    lattice = {(index[tuple(c)], index[n]) for c in packing.coords.tolist()
               for d in range(2) for s in (1, -1)
               for n in [tuple(v + (s if k == d else 0) for k, v in enumerate(c))] if n in index}
    assert pairs == lattice


def test_weighted_prefixes_count_every_copy_exactly():
    # The prefixes' weighted counts give the plain count of every copy, region by region.
    for region in ["3x20", "4x15"]:
        packing = Packing(region)
        prefixes, weights = packing.weighted_prefixes()
        assert sum(w * packing.cover.count_solutions(prefix=q) for q, w in zip(prefixes, weights)) == packing.cover.count_solutions()


def test_every_pentomino_form_is_placed():
    packing = Packing("8x8", require_area=False)
    for p, name in enumerate(packing.names):
        forms = {tuple(sorted(map(tuple, (packing.coords[list(cells)] - packing.coords[list(cells)].min(axis=0)).tolist())))
                 for q, cells in packing.placements if q == p}
        assert forms == all_forms(cells_of(PENTOMINO_ROWS[name]), 2)


def test_model_rejects_bad_input():
    with pytest.raises(PuzzleError):
        _core.polyomino.model([2, 3], np.ones(5, dtype=np.uint8), [[(0, 0)]], True)
    with pytest.raises(PuzzleError):
        _core.polyomino.model([2, 3, 4, 5], np.ones(120, dtype=np.uint8), [[(0, 0)]], True)
    with pytest.raises(PuzzleError):
        _core.polyomino.model([2, 3], np.ones(6, dtype=np.uint8), [[]], True)
    arrays = Packing("3x20")._arrays
    with pytest.raises(PuzzleError):
        _core.polyomino.weighted_prefixes(12, 60, arrays["piece"], arrays["starts"], arrays["cells"] + 60,
                                          arrays["images"])


def test_counts_unchanged_with_the_new_tables():
    # The window-keyed search tables against published counts (Golomb, "Polyominoes").
    assert polyomino.count_solutions("5x12") == 1010
    assert polyomino.count_solutions("3x20", up_to_symmetry=False) == 8
    assert polyomino.count_solutions("6x10", up_to_symmetry=False) == 9356


SYMMETRIC_CASES = [
    # (region, pieces, flips): several have packings that a symmetry maps onto themselves,
    # so Burnside's fixed-point terms are not all zero.
    ("3x3", {"U": "#.#/###", "i": "###", "o": "#"}, True),
    ("1x4", {"I": "####"}, True),
    ("4x4", {"a": "##/##", "b": "##/##", "c": "####", "d": "####"}, True),
    ("4x4", {"T": "###/.#.", "L": "###/#..", "S": ".##/##.", "O": "##/##"}, True),
    ("4x5", "tetrominoes", True),
    ("4x5", "tetrominoes", False),
    ("5x5", {"X": ".#./###/.#.", "a": "##/#.", "b": "##/#.", "c": "##/#.", "d": "##/#.", "e": "####",
             "f": "####"}, True),
    (holed((4, 4), [(0, 0), (3, 3)]), {"a": "###/#..", "b": "###/#..", "e": "##", "f": "##", "g": "##"}, True),
    (holed((3, 5), [(1, 2)]), {"U": "#.#/###", "V": "#.#/###", "i": "#", "j": "#", "d": "##"}, True),
    ("2x2x3", {"a": "##/#.", "b": "##/#.", "c": "##/#.", "d": "###"}, True),
    ("4x4", {"L": "###/#..", "M": "###/#..", "O": "##/##", "I": "####"}, False),
    ("3x4", {"L": "###/#..", "J": "###/..#", "i": "###", "d": "#"}, False),
    ("3x20", "pentominoes", True),
    ("4x15", "pentominoes", True),
    ("2x3x10", "pentominoes", True),
]


@pytest.mark.parametrize("region, pieces, flips", SYMMETRIC_CASES)
def test_count_by_orbits_matches_the_split_prefixes_and_the_plain_search(region, pieces, flips):
    packing = Packing(region, pieces, flips)
    if not packing.area_matches:
        pytest.skip("areas differ")
    plain = packing.count_bitboard()  # every copy, no symmetry breaking at all
    unique = packing.count_bitboard(packing.unique_prefixes())  # orbit splitting (exact)
    assert packing.count_by_orbits(unique=False) == plain
    assert packing.count_by_orbits(unique=True) == unique
    # The same by brute force on the cells engine: orbits of the solution set.
    images = packing._arrays["images"]
    solutions = {frozenset(s) for s in packing.cover.solutions()}
    assert len(solutions) == plain
    orbits = {min(tuple(sorted(int(images[g][o]) for o in s)) for g in range(len(images))) for s in solutions}
    assert len(orbits) == unique


def test_count_by_orbits_limits_give_lower_bounds():
    packing = Packing("6x10")
    with pytest.raises(LimitReached) as stopped:
        packing.count_by_orbits(unique=True, node_limit=2000)
    assert 0 <= stopped.value.count <= 2339 and stopped.value.stats["stop"] == "node_limit"
    with pytest.raises(LimitReached) as stopped:
        packing.count_by_orbits(unique=False, node_limit=2000)
    assert 0 <= stopped.value.count <= 9356
