"""Sudoku input: the formats, round trips, and bad input (PuzzleError naming line and column)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from cassetete import PuzzleError, sudoku
from sudoku_checker import decode_line

TOP1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_one_line_round_trip_and_zero_as_empty():
    puzzle = sudoku.parse(TOP1465)
    assert puzzle.grid.dtype == np.uint8 and puzzle.grid.shape == (9, 9)
    assert puzzle.grid.ravel().tolist() == decode_line(TOP1465)
    assert str(puzzle) == TOP1465
    assert sudoku.parse(TOP1465.replace(".", "0")) == puzzle


def test_seed_file_format():
    text = "\n".join(" ".join("0" if ch == "." else ch for ch in TOP1465[9 * r:9 * r + 9]) for r in range(9))
    puzzle = sudoku.parse(text + "\n")
    assert str(puzzle) == TOP1465
    assert sudoku.parse(puzzle.to_grid_text()) == puzzle


def test_letters_for_large_orders_and_inferred_box():
    line = "1" + "." * 14 + "G" + "." * 240
    puzzle = sudoku.parse(line)
    assert puzzle.size == 16 and puzzle.box == (4, 4)
    assert puzzle.grid[0, 0] == 1 and puzzle.grid[0, 15] == 16
    assert sudoku.parse(line.lower()) == puzzle
    assert str(puzzle) == line


def test_box_shape_given_for_non_square_orders():
    line = "123456" + "." * 30
    puzzle = sudoku.parse(line, box=(2, 3))
    assert puzzle.box == (2, 3)
    with pytest.raises(PuzzleError, match="box"):
        sudoku.parse(line)
    with pytest.raises(PuzzleError, match="does not tile"):
        sudoku.parse(line, box=(2, 2))


def test_character_grid_and_many_puzzles():
    grid = "\n".join(TOP1465[9 * r:9 * r + 9] for r in range(9))
    assert str(sudoku.parse(grid)) == TOP1465
    many = sudoku.parse_many("# a comment\n" + TOP1465 + "\n\n" + "." * 81 + "\n")
    assert [str(p) for p in many] == [TOP1465, "." * 81]
    blocks = sudoku.parse_many(sudoku.parse(TOP1465).to_grid_text() + "\n" + sudoku.parse("." * 81).to_grid_text())
    assert len(blocks) == 2 and str(blocks[0]) == TOP1465
    with pytest.raises(PuzzleError, match="several puzzles"):
        sudoku.parse(TOP1465 + "\n" + TOP1465)


def test_order_above_35_uses_numbers():
    size = 36
    puzzle = sudoku.Sudoku(np.zeros((size, size), np.uint8))
    text = str(puzzle)
    assert len(text.splitlines()) == size
    assert sudoku.parse(text) == puzzle


@pytest.mark.parametrize("text,message", [
    ("", "empty"),
    ("   \n# only a comment\n", "empty"),
    ("." * 80, "line 1: 80 characters"),
    ("." * 40 + "x" + "." * 40, "line 1, column 41"),
    ("." * 80 + "A", r"line 1, column 81: 'A' is not a value of a 9x9 Sudoku \(it stands for 10"),
    ("11" + "." * 79, "duplicate clue 1 in row 1"),
    ("1" + "." * 8 + "1" + "." * 71, "duplicate clue 1 in column 1"),
    ("1" + "." * 9 + "1" + "." * 70, "duplicate clue 1 in box 1"),
    ("1 0 0\n0 0 0\n0 0 0", "no square box"),
    ("1 2 3 4\n0 0 0\n0 0 0 0\n0 0 0 0", "line 2: 3 numbers, expected 4"),
    ("1 2 3 4\n0 0 x 0\n0 0 0 0\n0 0 0 0", "line 2, column 5"),
    ("1 2 3 4\n0 0 9 0\n0 0 0 0\n0 0 0 0", "line 2, column 5: value 9 exceeds 4"),
    ("." * (65 * 65), "no one-line form"),
    ("\n".join(" ".join("0" for _ in range(65)) for _ in range(65)), "at most 64"),
])
def test_bad_text(text, message):
    with pytest.raises(PuzzleError, match=message):
        sudoku.parse(text)


@pytest.mark.parametrize("grid,message", [
    (np.zeros((9, 8), np.uint8), "square"),
    (np.zeros((9,), np.uint8), "square"),
    (np.full((4, 4), 5), "row 1, column 1: value 5"),
    (np.full((4, 4), -1), "outside"),
    (np.zeros((0, 0)), "empty"),
    (np.zeros((65, 65), np.uint8), "too large"),
    (np.full((4, 4), 0.5), "integers"),
])
def test_bad_arrays(grid, message):
    with pytest.raises(PuzzleError, match=message):
        sudoku.solve(grid)


def test_unknown_rule_and_bad_limits():
    with pytest.raises(PuzzleError, match="unknown rule"):
        sudoku.solve(TOP1465, rules=("magic",))
    with pytest.raises(PuzzleError):
        sudoku.count_solutions(TOP1465, limit=-1)
    with pytest.raises(PuzzleError):
        sudoku.generate((3, 3), clues=100)
    with pytest.raises(PuzzleError):
        sudoku.generate((9, 9))


ALPHABET = ".0123456789ABCDEFGxyz \n#-"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_random_text_never_crashes(text):
    _solve_if_accepted(sudoku.parse, text)


@settings(max_examples=200, deadline=None)
@given(hnp.arrays(np.int64, st.sampled_from([(4, 4), (9, 9), (4, 5), (16, 16)]),
                  elements=st.integers(-2, 17)))
def test_random_arrays_never_crash(grid):
    _solve_if_accepted(sudoku.Sudoku, grid)


def _solve_if_accepted(build, data):
    """Either PuzzleError, or a puzzle whose solve ends with a known status and a valid answer."""
    try:
        puzzle = build(data)
    except PuzzleError:
        return
    result = sudoku.solve(puzzle, node_limit=20_000)
    assert result.status in ("solved", "unsatisfiable", "limit")
    if result.solved:
        assert sudoku.verify(puzzle, result.solution)


def test_format_round_trips():
    puzzle = sudoku.parse(TOP1465)
    assert sudoku.format(puzzle) == TOP1465
    assert sudoku.parse(sudoku.format(puzzle, "grid")) == puzzle
    with pytest.raises(PuzzleError, match="unknown format"):
        sudoku.format(puzzle, "xml")
