"""bench/sudoku_large_seeds.py (issue 29) stays runnable: its seed lists, its grids' given shares,
and one small run written to a page. Every answer it counts is checked by the compare script's
rules checker; here a wrong grid must be refused by that checker and a run must count only
checked answers. No time is asserted (the script measures, the tests do not)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest


@pytest.fixture
def seeds(bench_module):
    return bench_module("sudoku_large_seeds")


def test_seed_words_expand_to_seeds(seeds):
    assert seeds.parse_seeds(["default", "2-4", "9"]) == [None, 2, 3, 4, 9]
    assert seeds.parse_seeds(["1-1"]) == [1]


def test_holes36_grids_cycle_over_eight_given_shares(seeds):
    grids = seeds.holes36_grids(list(range(1, 10)))
    shares = [g.given for g in grids]
    assert shares[0] == pytest.approx(0.42, abs=1e-3) and shares[7] == pytest.approx(0.48, abs=1e-3)
    assert shares[8] == pytest.approx(shares[0], abs=1e-3)  # the ninth grid starts the cycle again
    for g in grids:
        assert g.grid.size == 36 * 36 and g.box == 6


def test_a_run_counts_only_checked_solutions(seeds, monkeypatch):
    grid = seeds.holes36_grids([1])[0]
    seconds, ok = seeds.solve_once(grid, 3, 10.0)
    assert ok and seconds >= 0
    # a wrong answer is not counted: the checker refuses a grid with a repeated value
    from cassetete import sudoku

    real = sudoku.solve

    def broken(*args, **kwargs):
        result = real(*args, **kwargs)
        bad = np.array(result.solution).copy()
        bad[0, 0] = bad[0, 1]  # the first row now holds one value twice
        return dataclasses.replace(result, solution=bad)

    monkeypatch.setattr(sudoku, "solve", broken)
    assert seeds.solve_once(grid, 3, 10.0)[1] is False


def test_a_small_run_writes_its_page(seeds, tmp_path):
    page = tmp_path / "seeds.md"
    assert seeds.main(["--holes36", "1", "--solver-seeds", "default", "2", "--time-limit", "10",
                       "--markdown", str(page)]) == 0
    text = page.read_text()
    assert "| built-in |" in text and "| 2 |" in text
    assert "1 of 1" in text  # both runs answered with a checked solution
    assert "Over the 2 seeds" in text
