"""The 9x9 engine's instruction-set variants (scalar fallback, baseline, AVX2, AVX-512), each run directly.

The wheel carries every variant and picks one at run time (cpp/sudoku/sudoku9.hpp): fast9's
kernel for scalar and baseline, vec9's for avx2 and avx512. The scalar variant, built without any
SIMD intrinsics, runs on every machine here, so the fallback that CPUs without SSE2/AVX2 would
take is tested in CI; avx2 and avx512 are tested wherever the CPU has them. Every answer is
checked with the tests' own rules checker, and counts are compared with an independent
brute-force counter and across variants. vec9's kernel in its other variants (built for tests and
benches) is tested by tests/test_sudoku9_vec.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError, _core
from sudoku_checker import brute_force_count, decode_line, is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
VARIANTS = _core.sudoku.simd_variants()


def puzzles(name: str, first: int) -> list:
    lines = [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip()]
    return [np.array(decode_line(ln), dtype=np.uint8) for ln in lines[:first]]


def test_scalar_and_baseline_are_always_there():
    assert VARIANTS[:2] == ["scalar", "baseline"]
    assert set(VARIANTS) <= {"scalar", "baseline", "avx2", "avx512"}
    assert _core.sudoku.simd_selected() == VARIANTS[-1] or "CASSETETE_SIMD" in os.environ
    assert "9x9 Sudoku runs its" in _core.common.build_info()


def test_each_variant_has_its_kernel():
    # fast9 wins in the scalar and baseline builds, vec9 with AVX2 and AVX-512
    # (bench/results/sudoku9_dpll.md, "vec9 becomes the default" and the third round).
    kernels = {v: _core.sudoku.kernel9(v) for v in ("scalar", "baseline", "avx2", "avx512")}
    assert kernels == {"scalar": "fast9", "baseline": "fast9", "avx2": "vec9", "avx512": "vec9"}
    selected = _core.sudoku.simd_selected()
    assert f"{selected} variant ({kernels[selected]} kernel" in _core.common.build_info()


@pytest.mark.parametrize("simd", VARIANTS)
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt", "17clue_first3000.txt"])
def test_every_variant_solves_and_proves_unique(simd, name):
    for grid in puzzles(name, 150):
        count, solution, guesses = _core.sudoku.solve9_with(grid, 2, simd)
        assert count == 1 and guesses >= 0
        assert is_solution(grid.tolist(), solution.tolist(), (3, 3))


@pytest.mark.parametrize("simd", VARIANTS)
def test_every_variant_counts_like_brute_force(simd):
    # The serg set: every puzzle has two or more solutions; exact counts (limit 0) of the first
    # ones against the checker's own counter.
    for grid in puzzles("serg_first1000.txt", 6):
        count, solution, _ = _core.sudoku.solve9_with(grid, 0, simd)
        assert count == brute_force_count(grid.tolist(), (3, 3))
        assert count >= 2 and is_solution(grid.tolist(), solution.tolist(), (3, 3))


def test_variants_agree_on_clashes_and_the_empty_grid():
    clash = np.zeros(81, np.uint8)
    clash[0] = clash[1] = 5  # two 5s in the first row
    empty = np.zeros(81, np.uint8)
    for simd in VARIANTS:
        assert _core.sudoku.solve9_with(clash, 1, simd)[:2] == (0, None)
        count, solution, _ = _core.sudoku.solve9_with(empty, 3, simd)
        assert count == 3 and is_solution(empty.tolist(), solution.tolist(), (3, 3))


def test_unknown_or_missing_variant_is_a_puzzle_error():
    grid = np.zeros(81, np.uint8)
    with pytest.raises(PuzzleError, match="unknown 9x9 engine variant"):
        _core.sudoku.solve9_with(grid, 1, "sse9")
    with pytest.raises(PuzzleError, match="unknown 9x9 engine variant"):
        _core.sudoku.kernel9("sse9")
    with pytest.raises(PuzzleError, match="81 values"):
        _core.sudoku.solve9_with(np.zeros(80, np.uint8), 1, "scalar")
    for simd in ("avx2", "avx512"):
        if simd not in VARIANTS:
            with pytest.raises(PuzzleError, match="not available"):
                _core.sudoku.solve9_with(grid, 1, simd)


@pytest.mark.parametrize("forced", [None] + VARIANTS)
def test_environment_forces_a_variant(forced):
    # CASSETETE_SIMD is read once per process: check it in a fresh interpreter, through the
    # public solve() and solve_many() on threads.
    code = (
        "from pathlib import Path\n"
        "from cassetete import _core, sudoku\n"
        "lines = [l.strip() for l in Path(%r).read_text().splitlines() if l.strip()][:300]\n"
        "r = sudoku.solve('4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........')\n"
        "batch = sudoku.solve_many(lines, limit=2, workers=2)\n"
        "kernel = _core.sudoku.kernel9(_core.sudoku.simd_selected())\n"
        "print(_core.sudoku.simd_selected(), r.status, r.stats['engine'], sorted(r.stats['deductions']),\n"
        "      f'({kernel} kernel' in _core.common.build_info())\n"
        "print(' '.join(str(int(c)) for c in batch.counts))\n"
    ) % str(DATA / "top1465.txt")
    env = dict(os.environ)
    env.pop("CASSETETE_SIMD", None)
    if forced:
        env["CASSETETE_SIMD"] = forced
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    first, counts = out.stdout.splitlines()
    assert first.split(maxsplit=3) == [forced or VARIANTS[-1], "solved", "bitboard9", "['guesses'] True"]
    assert counts.split() == ["1"] * 300


@pytest.mark.parametrize("value, words", [("AVX2", "is not a variant"), ("sse9", "is not a variant")])
def test_an_override_that_cannot_be_honoured_warns(value, words):
    code = "import warnings\nwarnings.simplefilter('error')\nfrom cassetete import sudoku\n"
    env = dict(os.environ, CASSETETE_SIMD=value)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode != 0 and "RuntimeWarning" in out.stderr and words in out.stderr


def test_an_honoured_override_is_silent():
    code = "import warnings\nwarnings.simplefilter('error')\nfrom cassetete import sudoku\n"
    env = dict(os.environ, CASSETETE_SIMD="scalar")
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
