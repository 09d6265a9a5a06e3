"""Sudoku's answers to the contract review of issue 27, each a bug seen from the outside first:
render drawing the solution it is given, one-line puzzles typed on the command line whatever
their size, a clear word for a character that is no value, and verify telling a malformed
solution (PuzzleError) from a wrong one (False)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from cassetete import PuzzleError, sudoku

TOP1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_render_with_a_solution_draws_the_solution():
    puzzle = sudoku.parse(TOP1465)
    solution = sudoku.solve(puzzle).solution
    text = sudoku.render(puzzle, solution)
    digits = [line.split()[1:] for line in text.splitlines() if line.strip()]
    assert digits == [[str(v) for v in row] for row in solution.tolist()]
    assert "." not in text and "·" not in text
    assert sudoku.solve(puzzle).render() == text  # the Result draws the same picture


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "cassetete", *args], capture_output=True, text=True, timeout=120)


def test_a_short_one_line_puzzle_typed_on_the_command_line_is_a_puzzle():
    done = _cli("sudoku", "solve", "1...", "--box", "1", "2")  # a 2x2 grid: a Latin square of order 2
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "2", "2", "1"]
    typed = _cli("sudoku", "solve", "1234")  # read as a puzzle, and refused as one
    assert typed.returncode == 2 and "no such file" not in typed.stderr
    assert "'3' is not a value of a 2x2 Sudoku" in typed.stderr
    missing = _cli("sudoku", "solve", "puzzles")  # not N*N symbols: a file name that does not exist
    assert missing.returncode == 2 and "no such file: puzzles" in missing.stderr


def test_a_character_that_is_no_value_of_the_grid_is_named_as_such():
    with pytest.raises(PuzzleError, match="'x' is not a value of a 9x9 Sudoku"):
        sudoku.parse("x" * 81)


@pytest.mark.parametrize("malformed", [[1, 2, 3], np.zeros((3, 27), np.uint8), np.full((9, 9), 1.5),
                                       [[1, 2], [3]]])
def test_verify_raises_for_a_malformed_solution(malformed):
    with pytest.raises(PuzzleError, match="solution"):
        sudoku.verify(TOP1465, malformed)


def test_verify_returns_false_for_a_well_formed_grid_that_breaks_a_rule():
    solution = sudoku.solve(TOP1465).solution
    assert sudoku.verify(TOP1465, solution)
    for broken in (np.zeros((9, 9), np.uint8), np.full((9, 9), 10), np.roll(solution, 1, axis=1),
                   solution.ravel()[::-1].copy()):
        assert sudoku.verify(TOP1465, broken) is False


def test_the_solve_command_takes_method_and_seed_as_the_library_does():
    empty = "." * 81
    first = _cli("sudoku", "solve", empty, "--method", "random", "--seed", "5")
    again = _cli("sudoku", "solve", empty, "--method", "random", "--seed", "5")
    other = _cli("sudoku", "solve", empty, "--method", "random", "--seed", "6")
    assert first.returncode == 0 and first.stdout == again.stdout != other.stdout
    grid = np.array([[int(v) for v in line.split()] for line in first.stdout.splitlines() if line.strip()])
    assert sudoku.verify(empty, grid)
    refused = _cli("sudoku", "solve", empty, "--seed", "5")  # the default method is deterministic
    assert refused.returncode == 2 and "does not use seed" in refused.stderr
