"""The "hall" rule (all-different consistency per unit) against the other rules: the same
solutions on random instances, every one checked by the rules checker; sound explain() steps;
and the engine switching it on by itself from order 36 up."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import sudoku
from sudoku_checker import brute_force_count, is_solution

WITHOUT_HALL = ("exclusivity", "uniqueness", "parity", "intersections")
WITH_HALL = WITHOUT_HALL + ("hall",)
HALL_ONLY = ("exclusivity", "hall")


def _holes(box: tuple[int, int], kept: float, seed: int) -> np.ndarray:
    """A random full grid (seeded generator) with a random fraction `kept` of its cells left."""
    rng = np.random.default_rng(seed)
    full = sudoku.generate(box, clues=box[0] * box[1] * box[0] * box[1], seed=seed).grid.ravel()
    cells = full.size
    grid = np.zeros(cells, dtype=np.uint8)
    keep = rng.permutation(cells)[: round(kept * cells)]
    grid[keep] = full[keep]
    return grid.reshape(box[0] * box[1], -1)


def _random_clues(box: tuple[int, int], given: int, seed: int) -> np.ndarray:
    """`given` random cells with random values no peer holds yet: often unsatisfiable."""
    size = box[0] * box[1]
    rng = np.random.default_rng(seed)
    grid = np.zeros((size, size), dtype=np.uint8)
    for cell in rng.permutation(size * size)[:given]:
        r, c = divmod(int(cell), size)
        br, bc = r - r % box[0], c - c % box[1]
        used = set(grid[r].tolist()) | set(grid[:, c].tolist()) | set(grid[br:br + box[0], bc:bc + box[1]].ravel().tolist())
        free = [v for v in range(1, size + 1) if v not in used]
        if free:
            grid[r, c] = free[int(rng.integers(len(free)))]
    return grid


def _solution_set(grid: np.ndarray, box: tuple[int, int], rules: tuple[str, ...]) -> set[bytes]:
    found = set()
    for solution in sudoku.solutions(grid, box=box, rules=rules):
        assert is_solution(grid.ravel().tolist(), solution.ravel().tolist(), box)
        found.add(solution.tobytes())
    return found


@pytest.mark.parametrize("box,kept,seed", [((2, 3), 0.35, 1), ((2, 3), 0.3, 2), ((3, 2), 0.35, 3),
                                           ((2, 4), 0.45, 4), ((2, 4), 0.4, 5), ((4, 4), 0.55, 6)])
def test_hall_finds_the_same_solutions_on_random_holes(box, kept, seed):
    grid = _holes(box, kept, seed)
    reference = _solution_set(grid, box, WITHOUT_HALL)
    assert reference  # built from a full grid
    assert _solution_set(grid, box, WITH_HALL) == reference
    assert _solution_set(grid, box, HALL_ONLY) == reference
    if box[0] * box[1] <= 6:
        assert brute_force_count(grid.ravel().tolist(), box) == len(reference)


@pytest.mark.parametrize("seed", range(6))
def test_hall_agrees_on_random_clues(seed):
    box = (2, 3)
    grid = _random_clues(box, 9 + seed, seed)
    counts = {rules: sudoku.count_solutions(grid, box=box, rules=rules)
              for rules in (WITHOUT_HALL, WITH_HALL, HALL_ONLY)}
    assert len(set(counts.values())) == 1
    assert counts[WITH_HALL] == brute_force_count(grid.ravel().tolist(), box)


def test_hall_counts_agree_with_restarts_on_16x16():
    # limit=2 runs the restarting search: the count must not change with hall on.
    for seed in range(3):
        grid = _holes((4, 4), 0.5, 10 + seed)
        without = sudoku.count_solutions(grid, limit=2, rules=WITHOUT_HALL)
        with_hall = sudoku.count_solutions(grid, limit=2, rules=WITH_HALL)
        assert without == with_hall
        result = sudoku.solve(grid, rules=WITH_HALL)
        assert result.status == "solved" and is_solution(grid.ravel().tolist(), result.solution.ravel().tolist(), (4, 4))


def test_hall_explain_steps_are_sound():
    # A sound elimination removes a value no solution has there; a placement agrees with all.
    hall_steps = 0
    for seed in range(20, 28):
        grid = _holes((2, 4), 0.4, seed)
        every = np.array(list(sudoku.solutions(grid, box=(2, 4), limit=300)))
        if len(every) == 300:
            continue  # too many to compare against
        steps = sudoku.explain(grid, box=(2, 4), rules=HALL_ONLY)
        hall_steps += sum(step.rule == "hall" for step in steps)
        for step in steps:
            values = every[:, step.row - 1, step.column - 1]
            assert (step.value not in values) if step.action == "eliminate" else bool(np.all(values == step.value))
    assert hall_steps > 0


def test_engine_adds_hall_from_order_36():
    # The depth-first search (method="backtracking"; from 25x25 up "auto" learns instead).
    small = _holes((5, 5), 0.6, 1)
    assert "hall" not in sudoku.solve(small, method="backtracking").stats["rules"]
    large = _holes((6, 6), 0.6, 2)
    result = sudoku.solve(large, method="backtracking")
    assert result.status == "solved"
    assert is_solution(large.ravel().tolist(), result.solution.ravel().tolist(), (6, 6))
    assert "hall" in result.stats["rules"]
    # Root propagation views show exactly the rules asked for.
    assert {s.rule for s in sudoku.explain(large, rules=WITHOUT_HALL)} <= set(WITHOUT_HALL)


def test_time_limit_is_honoured_when_hall_makes_nodes_slow():
    # 36x36 with half the cells kept is hard; nodes with hall take near a millisecond, so the
    # search must poll the clock more often than the usual every-few-thousand-nodes.
    import time

    grid = _holes((6, 6), 0.5, 3)
    start = time.perf_counter()
    result = sudoku.solve(grid, time_limit=0.3, method="backtracking")
    elapsed = time.perf_counter() - start
    if result.status == "solved":  # a fast machine may finish: then the answer must be right
        assert is_solution(grid.ravel().tolist(), result.solution.ravel().tolist(), (6, 6))
    else:
        assert result.status == "limit"
        assert elapsed < 2.0
