"""vec9, the 9x9 engine's vector kernel (issue 28): every instruction-set variant run directly.

The engine runs vec9 only in its avx512 variant (cpp/sudoku/sudoku9.hpp; the public verbs in
every variant are tested by tests/test_sudoku_simd.py); the kernel's other variants are built
for these tests and the benches, so that its logic is checked on every machine. Every answer is
checked with the tests' own rules checker; counts (limit 2, and exact counts on puzzles with
several solutions) are compared with fast9's kernel and with the checker's brute-force counter.
The scalar variant runs everywhere; avx2 and avx512 wherever the CPU has them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError, _core
from sudoku_checker import brute_force_count, decode_line, is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
VARIANTS = _core.sudoku.vec9_simd_variants()
BOX = (3, 3)


def puzzles(name: str, first: int) -> list:
    lines = [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip()]
    return [np.array(decode_line(ln), dtype=np.uint8) for ln in lines[:first]]


def random_subgrids(count: int, seed: int) -> list:
    """Puzzles made by blanking 30..64 cells of random full grids (many have 2+ solutions)."""
    rng = np.random.default_rng(seed)
    out = []
    empty = np.zeros(81, np.uint8)
    for _ in range(count):
        # A full grid: the scalar variant's (fast9's kernel) first solution after a few random
        # clues it confirms consistent.
        grid = empty.copy()
        for cell in rng.choice(81, size=8, replace=False):
            grid[cell] = rng.integers(1, 10)
            if _core.sudoku.solve9_with(grid, 1, "scalar")[0] == 0:
                grid[cell] = 0
        _, full, _ = _core.sudoku.solve9_with(grid, 1, "scalar")
        puzzle = full.copy()
        puzzle[rng.choice(81, size=int(rng.integers(30, 65)), replace=False)] = 0
        out.append(puzzle)
    return out


def test_scalar_and_baseline_are_always_there():
    assert VARIANTS[:2] == ["scalar", "baseline"]
    assert VARIANTS == _core.sudoku.simd_variants()  # the same CPU features, one detection (cpp/common/simd.hpp)


@pytest.mark.parametrize("simd", VARIANTS)
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt", "17clue_first3000.txt"])
def test_every_variant_solves_and_proves_unique(simd, name):
    for grid in puzzles(name, 150):
        for limit in (1, 2):
            count, solution, guesses = _core.sudoku.solve9_vec_with(grid, limit, simd)
            assert count == 1 and guesses >= 0
            assert is_solution(grid.tolist(), solution.tolist(), BOX)


@pytest.mark.parametrize("simd", VARIANTS)
def test_every_variant_counts_like_brute_force(simd):
    for grid in puzzles("serg_first1000.txt", 6):
        count, solution, _ = _core.sudoku.solve9_vec_with(grid, 0, simd)
        assert count == brute_force_count(grid.tolist(), BOX)
        assert count >= 2 and is_solution(grid.tolist(), solution.tolist(), BOX)


@pytest.mark.parametrize("simd", VARIANTS)
def test_every_variant_counts_to_two_like_fast9(simd):
    grids = puzzles("serg_first1000.txt", 200) + random_subgrids(60, seed=2811)
    for grid in grids:
        count, solution, _ = _core.sudoku.solve9_vec_with(grid, 2, simd)
        assert count == _core.sudoku.solve9_with(grid, 2, "baseline")[0]  # fast9's kernel
        assert count >= 1 and is_solution(grid.tolist(), solution.tolist(), BOX)


def test_clashes_no_solution_and_the_empty_grid():
    clash = np.zeros(81, np.uint8)
    clash[0] = clash[1] = 5  # two 5s in the first row
    box_clash = np.zeros(81, np.uint8)
    box_clash[0] = box_clash[10] = 7  # two 7s in the first box
    # Consistent clues, no solution: the first row's empty cell can hold no digit.
    dead = np.zeros(81, np.uint8)
    dead[1:9] = [1, 2, 3, 4, 5, 6, 7, 8]
    dead[9 * 4] = 9  # 9 in the first column, further down
    empty = np.zeros(81, np.uint8)
    full = puzzles("top1465.txt", 1)[0]
    _, full, _ = _core.sudoku.solve9_with(full, 1, "baseline")
    for simd in VARIANTS:
        assert _core.sudoku.solve9_vec_with(clash, 1, simd)[:2] == (0, None)
        assert _core.sudoku.solve9_vec_with(box_clash, 2, simd)[:2] == (0, None)
        assert _core.sudoku.solve9_vec_with(dead, 2, simd)[:2] == (0, None)
        count, solution, _ = _core.sudoku.solve9_vec_with(empty, 3, simd)
        assert count == 3 and is_solution(empty.tolist(), solution.tolist(), BOX)
        count, solution, guesses = _core.sudoku.solve9_vec_with(full, 2, simd)
        assert count == 1 and guesses == 0 and solution.tolist() == full.tolist()


def test_unknown_or_missing_variant_is_a_puzzle_error():
    grid = np.zeros(81, np.uint8)
    with pytest.raises(PuzzleError, match="unknown 9x9 engine variant"):
        _core.sudoku.solve9_vec_with(grid, 1, "sse9")
    for simd in ("avx2", "avx512"):
        if simd not in VARIANTS:
            with pytest.raises(PuzzleError, match="not available"):
                _core.sudoku.solve9_vec_with(grid, 1, simd)
