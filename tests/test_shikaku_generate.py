"""cassetete.shikaku.generate: the generator of Rafaralahy (cuts, merges, clues), uniqueness on demand."""

import numpy as np
import pytest

from cassetete import PuzzleError, shikaku
from cassetete.shikaku._generate import cut_layout, merge_layout
from shikaku_checker import brute_force_count, is_solution


def tiles(rows, cols, rects):
    cover = np.zeros((rows, cols), dtype=int)
    for r, c, h, w in rects:
        assert h >= 1 and w >= 1 and r >= 0 and c >= 0 and r + h <= rows and c + w <= cols
        cover[r : r + h, c : c + w] += 1
    return bool((cover == 1).all())


@pytest.mark.parametrize("size, depth", [(4, 1), (4, 2), (9, 3), (16, 5), (25, 8)])
def test_cuts_tile_the_grid(size, depth):
    rng = np.random.default_rng(size * 100 + depth)
    rects = cut_layout(size, size, depth, rng)
    assert tiles(size, size, rects)
    assert 1 < len(rects) <= 2**depth
    merged = merge_layout(size, size, rects, 3, 0.7, rng)
    assert tiles(size, size, merged) and len(merged) <= len(rects)


def test_merge_only_joins_rectangles():
    rng = np.random.default_rng(0)
    rects = [(0, 0, 1, 1), (0, 1, 1, 1), (1, 0, 1, 2)]
    assert merge_layout(2, 2, rects, 5, 1.0, rng) == [(0, 0, 2, 2)]
    assert merge_layout(2, 2, rects, 3, 0.0, rng) == sorted(rects)


@pytest.mark.parametrize("seed", range(8))
def test_generated_puzzles_are_solvable(seed):
    p = shikaku.generate(9, 9, 4, 2, 0.5, seed=seed)
    assert sum(p.clue_values()) == 81
    r = shikaku.solve(p)
    assert r.status == "solved" and is_solution(p.clues.tolist(), r.solution)


def test_same_seed_same_puzzle():
    a = shikaku.generate(16, 16, 6, 2, 0.5, seed=42)
    b = shikaku.generate(16, 16, 6, 2, 0.5, seed=42)
    c = shikaku.generate(16, 16, 6, 2, 0.5, seed=43)
    assert a == b and a != c


@pytest.mark.parametrize("rows, cols, depth, merges", [(4, 4, 2, 0), (5, 6, 3, 1), (9, 9, 4, 3), (16, 16, 6, 2), (25, 25, 9, 1)])
def test_unique_generation(rows, cols, depth, merges):
    for seed in range(3):
        p = shikaku.generate(rows, cols, depth, merges, 0.5, seed=seed, unique=True)
        assert shikaku.count_solutions(p) == 1
        if rows * cols <= 30:
            assert brute_force_count(p.clues.tolist(), limit=2) == 1


def test_depth_zero_is_one_rectangle():
    p = shikaku.generate(3, 4, 0, seed=1)
    assert p.clue_values() == [12]


@pytest.mark.parametrize(
    "args",
    [(0, 4, 2, 0, 0.5), (4, 4, -1, 0, 0.5), (4, 4, 2, -1, 0.5), (4, 4, 2, 0, 1.5), (4.5, 4, 2, 0, 0.5)],
)
def test_bad_parameters(args):
    with pytest.raises(PuzzleError):
        shikaku.generate(*args)
