"""Counting every copy from the symmetry-broken subproblems, each weighted by the number of
copies its solutions stand for (Packing.weighted_prefixes), against counts that do not use
it: the union of the images of the unique packings under the region's symmetries (computed
by the tests' own code), and the plain search over all copies. The cases have symmetric
packings (nontrivial stabilisers), where a division by the group order would be wrong."""

from __future__ import annotations

import numpy as np
import pytest

import cassetete
from cassetete import polyomino
from cassetete.exactcover import ExactCover
from cassetete.polyomino import Packing
from test_polyomino_checker import check_packing, region_images

CASES = [
    ("2x2", {"d1": "##", "d2": "##"}),
    ("3x3", {"t1": "###", "t2": "###", "t3": "###"}),
    ("4x4", {"i1": "####", "i2": "####", "i3": "####", "i4": "####"}),
    ("2x4", {"d1": "##", "d2": "##", "d3": "##", "d4": "##"}),
    ("2x2x2", {"d1": "##", "d2": "##", "d3": "##", "d4": "##"}),
    ("3x20", "pentominoes"),
    ("2x3x10", "pentominoes"),
]


def mask_of(region):
    return np.ones(tuple(int(v) for v in region.split("x")), dtype=bool)


@pytest.mark.parametrize("region,pieces", CASES)
@pytest.mark.parametrize("engine", ["bitboard", "cells"])
def test_weighted_count_matches_the_images_of_the_unique_packings(region, pieces, engine):
    mask = mask_of(region)
    # the checker's own picture of each piece (one row, "x" for a cell)
    rows = {name: [spec.replace("#", "x")] for name, spec in pieces.items()} if isinstance(pieces, dict) else None
    images = set()
    unique = list(polyomino.solutions(region, pieces=pieces))
    for grid in unique:
        if rows is not None:
            check_packing(grid, mask, rows)
        else:
            check_packing(grid, mask)
        found = region_images(grid, mask)
        assert not found & images
        images |= found
    assert polyomino.count_solutions(region, pieces=pieces, method=engine) == len(unique)
    assert polyomino.count_solutions(region, pieces=pieces, up_to_symmetry=False, method=engine) == len(images)
    # the plain search over every copy agrees
    plain = {g.tobytes() for g in polyomino.solutions(region, pieces=pieces, up_to_symmetry=False)}
    assert len(plain) == len(images)


def test_some_cases_have_symmetric_packings():
    # 4 labelled I-tetrominoes in rows of a 4x4 square: the left-right mirror fixes each
    # piece, so the weights are not all the group order.
    packing = Packing("4x4", {"a": "####", "b": "####", "c": "####", "d": "####"})
    prefixes, weights = packing.weighted_prefixes()
    assert len(packing.group) == 8 and min(weights) < 8


def test_weights_in_exact_cover_counts():
    ec = ExactCover.from_options([[0], [1], [0, 1]])
    assert ec.count_prefixes([[0], [2]], weights=[3, 5]) == 3 + 5
    with pytest.raises(cassetete.PuzzleError, match="positive"):
        ec.count_prefixes([[0], [2]], weights=[1])
    with pytest.raises(cassetete.PuzzleError, match="positive"):
        ec.count_prefixes([[0]], weights=[0])
    packing = Packing("3x20")
    with pytest.raises(cassetete.PuzzleError, match="limit"):
        packing.count_bitboard([[]], limit=3, weights=[1])
    with pytest.raises(cassetete.PuzzleError, match="weights"):
        packing.count_bitboard([[]], weights=[1, 2])


@pytest.mark.parametrize("simd", [False, True])
def test_fewest_rule_with_and_without_simd(simd):
    # The "fewest" rule's filter has a portable and an AVX2 version (used when the CPU has it).
    packing = Packing("2x5x6")
    packer = packing.bitboard("fewest")
    packer.set_simd(simd)
    assert packing.count_bitboard(packing.unique_prefixes()) == 264
    rows = packing.bitboard_solutions(packing.unique_prefixes()[0])
    for options in rows:
        check_packing(packing.grid(options), mask_of("2x5x6"))
