"""Pentomino packings against the published table (Gilleta, section 7, and the
classical counts: 2339 for 6x10, 1010 for 5x12, 368 for 4x15, 2 for 3x20; 3940 for 3x4x5,
264 for 2x5x6, 12 for 2x3x10 counted once with their mirror images). Every enumerated packing
goes through the independent checker in polyomino_checker.py."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from cassetete import LimitReached, PuzzleError

import cassetete
from cassetete import polyomino
from test_polyomino_checker import PENTOMINO_ROWS, canonical, cells_of, check_packing, region_images

# region: (unique, with symmetric copies)
TABLE = {
    "2x30": (0, 0),
    "3x20": (2, 8),
    "4x15": (368, 1472),
    "5x12": (1010, 4040),
    "6x10": (2339, 9356),
    "2x2x15": (0, 0),
    "2x3x10": (12, 96),
    "2x5x6": (264, 2112),
    "3x4x5": (3940, 31520),
}


def mask_of(region):
    return np.ones(tuple(int(v) for v in region.split("x")), dtype=bool)


def check_unique_set(grids, mask, expected_unique, expected_all):
    """Each grid valid; no two equivalent under the region's symmetries; and the symmetric
    copies of the representatives number exactly the published total."""
    seen = set()
    for grid in grids:
        check_packing(grid, mask)
        images = region_images(grid, mask)
        assert not (images & seen), "two solutions are symmetric copies of each other"
        seen |= images
    assert len(grids) == expected_unique
    assert len(seen) == expected_all


@pytest.mark.parametrize("region", ["2x30", "3x20", "4x15", "2x2x15", "2x3x10"])
def test_enumerate_unique_and_all(region):
    unique, total = TABLE[region]
    mask = mask_of(region)
    grids = list(polyomino.solutions(region))
    check_unique_set(grids, mask, unique, total)
    everything = list(polyomino.solutions(region, up_to_symmetry=False))
    for grid in everything:
        check_packing(grid, mask)
    assert len({g.tobytes() for g in everything}) == len(everything) == total


@pytest.mark.parametrize("region", ["5x12", "6x10", "2x5x6"])
def test_enumerate_unique_orbits_match_total(region):
    unique, total = TABLE[region]
    check_unique_set(list(polyomino.solutions(region)), mask_of(region), unique, total)


@pytest.mark.slow
def test_count_6x10_all_copies():
    assert polyomino.count_solutions("6x10", up_to_symmetry=False) == TABLE["6x10"][1]


@pytest.mark.slow
def test_3x4x5_every_unique_packing_and_its_copies():
    # All 3940 packings up to symmetry, each checked; their images under the box's 8
    # symmetries are 31520 distinct packings (the count with copies, as in Gilleta's table).
    check_unique_set(list(polyomino.solutions("3x4x5")), mask_of("3x4x5"), *TABLE["3x4x5"])


@pytest.mark.parametrize("engine", ["bitboard", "cells"])
def test_both_engines_agree(engine):
    for region in ["3x20", "2x3x10"]:
        unique, total = TABLE[region]
        assert polyomino.count_solutions(region, method=engine) == unique
        assert polyomino.count_solutions(region, up_to_symmetry=False, method=engine) == total
        grids = list(polyomino.solutions(region, method=engine))
        check_unique_set(grids, mask_of(region), unique, total)
    assert polyomino.count_solutions("4x15", method=engine) == 368


@pytest.mark.parametrize("rule", ["lowest", "fewest"])
def test_bitboard_branching_rules(rule):
    from cassetete.polyomino import Packing

    for region in ["3x20", "2x3x10", "4x15"]:
        unique, total = TABLE[region]
        packing = Packing(region)
        packing.bitboard(rule)
        assert packing.count_bitboard(packing.unique_prefixes()) == unique
        assert packing.count_bitboard() == total
        mask = mask_of(region)
        rows = packing.bitboard_solutions()
        assert len(rows) == total
        for options in rows[:: max(1, total // 50)]:
            check_packing(packing.grid(options), mask)


def test_count_workers_and_limit():
    assert polyomino.count_solutions("4x15", workers=2) == 368
    assert polyomino.count_solutions("4x15", up_to_symmetry=False, workers=2) == 1472
    assert polyomino.count_solutions("4x15", limit=10) == 10


def test_solve_and_render(tmp_path):
    result = polyomino.solve("6x10")
    assert result.status == "solved"
    check_packing(result.solution, mask_of("6x10"))
    text = polyomino.render_text(result.solution)
    assert len(text.splitlines()) == 6 and set(text.split()) == set(PENTOMINO_ROWS)
    svg = polyomino.render_svg(result.solution)
    assert svg.startswith("<svg") and svg.count("<rect") == 60
    grid3 = polyomino.solve("2x3x10").solution
    check_packing(grid3, mask_of("2x3x10"))
    assert polyomino.render_text(grid3).count("layer") == 2
    assert polyomino.render_svg(grid3).count("<rect") == 60


def test_pieces_not_turned_over():
    # With flips=False only the rotations of the region are symmetries of the problem.
    from cassetete.polyomino import Packing

    assert len(Packing("6x10", flips=False).group) == 2
    unique = list(polyomino.solutions("6x10", flips=False))
    everything = {g.tobytes() for g in polyomino.solutions("6x10", flips=False, up_to_symmetry=False)}
    images = set()
    for grid in unique:
        check_packing(grid, mask_of("6x10"))
        images |= {grid.tobytes(), np.rot90(grid, 2).tobytes()}
    assert len(unique) > 0 and images == everything
    assert polyomino.count_solutions("6x10", flips=False, up_to_symmetry=False) == len(everything)


def test_mask_region_with_hole():
    # The 8x8 board with the central 2x2 square removed: 65 solutions up to symmetry
    # (Dana Scott, 1958; also Knuth, "Dancing Links", 2000).
    mask = np.ones((8, 8), dtype=bool)
    mask[3:5, 3:5] = False
    grids = list(polyomino.solutions(mask))
    seen = set()
    for grid in grids:
        check_packing(grid, mask)
        images = region_images(grid, mask)
        assert not images & seen
        seen |= images
    assert len(grids) == 65


def test_orientations_and_rotations():
    assert len(polyomino.rotations3d()) == 24
    expected_2d = {"F": 8, "I": 2, "L": 8, "P": 8, "N": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
    for name, rows in PENTOMINO_ROWS.items():
        orients = polyomino.orientations(polyomino.PENTOMINOES[name], dim=2)
        assert len(orients) == expected_2d[name]
        assert {canonical(o, 2) for o in orients} == {canonical(cells_of(rows), 2)}
        assert len(polyomino.orientations(polyomino.PENTOMINOES[name], dim=2, flips=False)) in (1, 2, 4, 8)
    # a flat pentomino has 24 / (order of its symmetry group in space) orientations
    assert len(polyomino.orientations(polyomino.PENTOMINOES["F"], dim=3)) == 24
    assert len(polyomino.orientations(polyomino.PENTOMINOES["X"], dim=3)) == 3
    assert len(polyomino.TETROMINOES) == 5
    assert len(polyomino.HEXOMINOES) == 35


def test_other_piece_sets():
    # The 5 free tetrominoes cannot tile a 4x5 rectangle (checkerboard parity of the T).
    assert polyomino.count_solutions("4x5", pieces="tetrominoes") == 0
    # Two distinct dominoes in a 2x2 square: 2 tilings x 2 labellings, all in one orbit.
    dominoes = {"a": "##", "b": "##"}
    assert polyomino.count_solutions("2x2", pieces=dominoes, up_to_symmetry=False) == 4
    assert polyomino.count_solutions("2x2", pieces=dominoes) == 1
    # Monominoes switch the bitboard's dead-cell pruning off: 3 distinct cells in a row.
    monos = {"a": "#", "b": "#", "c": "#"}
    assert polyomino.count_solutions("1x3", pieces=monos, up_to_symmetry=False) == 6
    assert polyomino.count_solutions("1x3", pieces=monos) == 3


def test_placements():
    assert len(polyomino.placements("6x10", "X")) == 32
    assert len(polyomino.placements("3x3", "X")) == 1
    for cells in polyomino.placements("2x3x10", "F"):
        assert cells.shape == (5, 3)


def test_bad_pieces():
    with pytest.raises(cassetete.PuzzleError, match="empty"):
        polyomino.count_solutions("2x2", pieces={"a": []})
    with pytest.raises(cassetete.PuzzleError, match="not connected"):
        polyomino.count_solutions("2x2", pieces={"a": "#.#"})
    with pytest.raises(cassetete.PuzzleError, match="unknown piece"):
        polyomino.count_solutions("6x10", pieces=["F", "Q"])
    with pytest.raises(cassetete.PuzzleError):
        polyomino.count_solutions("6xx10")
    with pytest.raises(cassetete.PuzzleError):
        polyomino.count_solutions(np.array([[0.5, 1.0]]))


def test_area_mismatch_counts_zero_and_says_so():
    with pytest.warns(UserWarning, match="61 cells but the pieces cover 60"):
        assert polyomino.count_solutions(np.ones((61, 1), dtype=bool)) == 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert polyomino.solve("5x5").status == "unsatisfiable"
        assert list(polyomino.solutions("5x5")) == []


def test_time_and_node_limits():
    assert polyomino.solve("6x10", node_limit=0).status == "limit"
    for workers in (1, 2):
        with pytest.raises(LimitReached) as stopped:
            polyomino.count_solutions("6x10", up_to_symmetry=False, node_limit=1000, workers=workers)
        assert stopped.value.count < 9356 and stopped.value.stats["stop"] == "node_limit"
    with pytest.raises(PuzzleError):
        polyomino.count_solutions("6x10", time_limit="x")


def test_symmetries_accept_a_region_name():
    # The 2x3x10 box has the symmetry group of a cuboid with three distinct sides: 8 isometries.
    assert len(polyomino.symmetries("2x3x10")) == 8
    assert len(polyomino.symmetries("6x10")) == 4
