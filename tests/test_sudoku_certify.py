"""Certified answers (issue 22): solve, solutions and solve_many check every solution against
the rules before returning it, and raise CheckFailed rather than return a wrong grid."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cassetete import _core, sudoku
from cassetete._errors import CheckFailed
from cassetete.sudoku import _verify
from cassetete.sudoku._verify import check_batch, check_batch_numpy
from sudoku_checker import decode_line, is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
TOP1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _corrupt(flat: np.ndarray, seed: int = 0) -> np.ndarray:
    """A copy of a solution with two different values of one row swapped: rows stay
    permutations, the columns (and maybe boxes) break."""
    wrong = np.array(flat, dtype=np.uint8).copy()
    size = int(round(len(wrong) ** 0.5))
    rng = random.Random(seed)
    row = rng.randrange(size)
    a, b = rng.sample(range(size), 2)
    wrong[row * size + a], wrong[row * size + b] = wrong[row * size + b], wrong[row * size + a]
    return wrong


def test_solve_raises_check_failed_on_a_wrong_engine_answer(monkeypatch):
    right = sudoku.solve(TOP1465).solution.ravel()
    assert is_solution(decode_line(TOP1465), right, (3, 3))
    wrong = _corrupt(right)

    def lying_solve(grid, rows, cols, limit, rules, time_limit, node_limit, seed, plain=False, learning=None):
        return 1, wrong.copy(), "solved", True, {"nodes": 0, "seconds": 0.0, "rules": {}}

    monkeypatch.setattr(_core.sudoku, "solve", lying_solve)
    with pytest.raises(CheckFailed, match="sudoku"):
        sudoku.solve(TOP1465)


def test_solve_raises_check_failed_when_a_clue_is_lost(monkeypatch):
    empty = "." * 81
    right = sudoku.solve(TOP1465).solution.ravel()
    monkeypatch.setattr(_core.sudoku, "solve", lambda *args, **kwargs: (1, right.copy(), "solved", True,
                                                              {"nodes": 0, "seconds": 0.0, "rules": {}}))
    assert sudoku.solve(empty).solved  # a valid full grid solves the empty puzzle
    other = str(int(right[0]) % 9 + 1) + "." * 80  # a clue the grid does not keep
    with pytest.raises(CheckFailed):
        sudoku.solve(other)


class _LyingStream:
    def __init__(self, grids):
        self.grids = list(grids)

    def __iter__(self):
        return iter(self.grids)

    def close(self):
        pass

    def outcome(self):
        return {"complete": True, "stats": {"nodes": 0, "seconds": 0.0}}


def test_solutions_raises_check_failed_at_the_wrong_grid(monkeypatch):
    truth = list(sudoku.solutions("." * 16, limit=3))
    grids = [truth[0].ravel(), _corrupt(truth[1].ravel())]
    monkeypatch.setattr(_core.sudoku, "stream", lambda *args: _LyingStream(grids))
    stream = sudoku.solutions("." * 16)
    first = next(stream)
    assert is_solution([0] * 16, first.ravel(), (2, 2))
    with pytest.raises(CheckFailed):
        next(stream)


def test_solve_many_raises_check_failed_on_one_wrong_row(monkeypatch):
    lines = [line for line in (DATA / "top1465.txt").read_text().split() if len(line) == 81][:50]
    real = _core.sudoku.solve_many

    def lying_batch(array, rows, cols, limit, rules, workers, node_limit):
        solutions, counts, nodes = real(array, rows, cols, limit, rules, workers, node_limit)
        solutions = solutions.copy()
        solutions[len(solutions) // 2] = _corrupt(solutions[len(solutions) // 2])
        return solutions, counts, nodes

    assert (sudoku.solve_many(lines, workers=1).counts == 1).all()
    monkeypatch.setattr(_core.sudoku, "solve_many", lying_batch)
    with pytest.raises(CheckFailed, match="index 25"):
        sudoku.solve_many(lines, workers=1)


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)])
def test_the_vectorised_checker_agrees_with_the_rules(box):
    # check_batch (numpy, the batch's certifier) against the plain checker written from the rules,
    # on real solutions, corrupted ones and random grids.
    size = box[0] * box[1]
    puzzles = [sudoku.generate(box, unique=False, clues=size * size // 3, seed=s) for s in range(4)]
    rows_p, rows_s = [], []
    for k, puzzle in enumerate(puzzles):
        solution = sudoku.solve(puzzle).solution.ravel()
        rng = np.random.default_rng(k)
        for candidate in (solution, _corrupt(solution, k), rng.integers(0, size + 2, size * size).astype(np.uint8),
                          np.roll(solution, 1)):
            rows_p.append(puzzle.grid.ravel())
            rows_s.append(candidate)
    verdicts = check_batch(np.array(rows_p), np.array(rows_s), box)
    truth = [is_solution(p.tolist(), s.tolist(), box) for p, s in zip(rows_p, rows_s)]
    assert verdicts.tolist() == truth and any(truth) and not all(truth)
    # the numpy twin (used without the compiled loop) gives the same verdicts
    assert check_batch_numpy(np.array(rows_p), np.array(rows_s), box).tolist() == truth
    for p, s, verdict in zip(rows_p, rows_s, verdicts):
        assert sudoku.verify(sudoku.Sudoku(p.reshape(size, size), box), s, box) == verdict


def _pattern_grid(box):
    """A valid grid for box rows x cols built from the classic shift pattern."""
    rows, cols = box
    size = rows * cols
    return np.array([((r % rows) * cols + r // rows + c) % size + 1 for r in range(size) for c in range(size)],
                    dtype=np.uint8)


@pytest.mark.parametrize("box", [(3, 3), (2, 5), (8, 8)])
def test_the_compiled_certifier_agrees_with_its_twin_up_to_64x64(box):
    assert _verify._kernels is not None  # a normal install carries the compiled loop
    size = box[0] * box[1]
    good = _pattern_grid(box)
    assert is_solution([0] * (size * size), good.tolist(), box)
    swapped = good.copy()
    swapped[[0, 1]] = swapped[[1, 0]]  # two cells of a row swapped: columns break
    clue_lost = np.zeros(size * size, np.uint8)
    clue_lost[0] = good[0] % size + 1  # a clue the grid does not keep
    zero = good.copy()
    zero[-1] = 0
    puzzles = np.array([np.zeros(size * size, np.uint8), np.zeros(size * size, np.uint8), clue_lost,
                        np.zeros(size * size, np.uint8)])
    solutions = np.array([good, swapped, good, zero])
    assert check_batch(puzzles, solutions, box).tolist() == [True, False, False, False]
    assert check_batch_numpy(puzzles, solutions, box).tolist() == [True, False, False, False]


def test_the_compiled_9x9_certifier_refuses_every_single_cell_fault():
    # The 9x9 path of the compiled loop is its own branch-free function: every one-cell fault of a
    # valid grid (each other value 0..255 in each cell, and a clue it does not keep) is refused,
    # as the rules checker says.
    good = _pattern_grid((3, 3))
    puzzles, solutions = [], []
    for cell in range(81):
        for value in (0, 10, 16, 17, 255, good[cell] % 9 + 1):
            wrong = good.copy()
            wrong[cell] = value
            puzzles.append(np.zeros(81, np.uint8))
            solutions.append(wrong)
        clue = np.zeros(81, np.uint8)
        clue[cell] = good[cell] % 9 + 1
        puzzles.append(clue)
        solutions.append(good)
    puzzles.append(np.where(np.arange(81) % 2 == 0, good, 0).astype(np.uint8))
    solutions.append(good)
    verdicts = check_batch(np.array(puzzles), np.array(solutions), (3, 3))
    truth = [is_solution(p.tolist(), s.tolist(), (3, 3)) for p, s in zip(puzzles, solutions)]
    assert verdicts.tolist() == truth and truth.count(True) == 1 and truth[-1]
