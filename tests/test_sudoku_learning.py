"""The learning engine (cpp/sudoku/learning.hpp, issue 29): conflict-driven clause learning over
the (cell, value) variables, chosen by ``method="auto"`` from 25x25 up for one or two solutions.

Every answer is checked by the rules checker of the tests (sudoku_checker.py), every count is
compared with the brute-force counter of the tests or, where that is too slow, with the
depth-first engine (method="backtracking")."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from cassetete import LimitReached, _core, sudoku
from sudoku_checker import brute_force_count, decode_line, is_solution

RULES = ["exclusivity", "uniqueness", "parity", "intersections"]
ACS = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku" / "acs_general_25x25.txt"
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _holes(box: tuple[int, int], kept: float, seed: int) -> np.ndarray:
    """A random full grid from our generator with a random fraction `kept` of its cells left."""
    rng = np.random.default_rng(seed)
    n = box[0] * box[1]
    full = sudoku.generate(box, clues=n * n, seed=seed).grid.ravel()
    grid = np.zeros(full.size, dtype=np.uint8)
    keep = rng.permutation(full.size)[: round(kept * full.size)]
    grid[keep] = full[keep]
    return grid.reshape(n, n)


def _shuffled_pattern_holes(box: int, kept: float, seed: int) -> np.ndarray:
    """A full grid built without search (the pattern (box * (r % box) + r // box + c) mod N, then
    rows, columns, bands, stacks and values shuffled), with a random fraction `kept` of its
    cells left. No deep search is needed to make it, so it suits orders where the generator's
    depth-first fill would recurse thousands of frames deep (too deep for sanitizer builds)."""
    rng = np.random.default_rng(seed)
    n = box * box
    r, c = np.indices((n, n))
    full = (box * (r % box) + r // box + c) % n
    def lines() -> np.ndarray:  # a permutation of lines that keeps bands (stacks) whole
        return np.concatenate([band * box + rng.permutation(box) for band in rng.permutation(box)])
    full = full[lines()][:, lines()]
    full = rng.permutation(n)[full] + 1
    grid = np.zeros(n * n, dtype=np.uint8)
    keep = rng.permutation(n * n)[: round(kept * n * n)]
    grid[keep] = full.ravel()[keep]
    return grid.reshape(n, n)


def _count(grid: np.ndarray, box: tuple[int, int], limit: int, learning: bool,
           rules: list[str] = RULES) -> tuple[int, str]:
    count, _solution, status, _complete, _stats = _core.sudoku.solve(
        grid.ravel(), box[0], box[1], limit, rules, None, None, None, False, learning)
    return int(count), status


@pytest.mark.parametrize("box, kept, seed", [((2, 2), 0.3, 1), ((2, 3), 0.35, 2), ((3, 3), 0.3, 3),
                                             ((3, 4), 0.4, 4), ((4, 4), 0.45, 5), ((5, 5), 0.45, 6),
                                             ((6, 6), 0.6, 7)])
def test_solutions_obey_the_rules_at_every_order(box, kept, seed):
    grid = _holes(box, kept, seed)
    result = sudoku.solve(grid, box=box, method="learning", seed=seed)
    assert result.status == "solved" and result.stats["engine"] == "learning"
    assert is_solution(grid.ravel().tolist(), result.solution.ravel().tolist(), box)


@pytest.mark.parametrize("box, kept, seed", [((2, 2), 0.2, 1), ((2, 2), 0.3, 2), ((2, 3), 0.3, 3),
                                             ((2, 3), 0.4, 4), ((3, 3), 0.42, 5), ((3, 3), 0.45, 6)])
@pytest.mark.parametrize("hall", [False, True])
def test_counts_equal_the_brute_force_count(box, kept, seed, hall):
    # Solutions are excluded one by one by a clause of the decisions: the count must be exact,
    # with the explained Hall sets as propagators too.
    grid = _holes(box, kept, seed)
    truth = brute_force_count(grid.ravel().tolist(), box, cap=5000)
    assert truth < 5000
    assert _count(grid, box, 0, True, RULES + ["hall"] if hall else RULES) == (truth, "solved")


@pytest.mark.parametrize("box, kept, seed", [((3, 3), 0.3, 3), ((4, 4), 0.45, 5), ((5, 5), 0.45, 6),
                                             ((6, 6), 0.6, 7)])
def test_hall_sets_in_the_search_give_checked_solutions_and_the_same_counts(box, kept, seed):
    grid = _holes(box, kept, seed)
    count, solution, status, _complete, stats = _core.sudoku.solve(
        grid.ravel(), box[0], box[1], 2, RULES + ["hall"], None, None, None, False, True)
    assert status == "solved" and stats["rules"]["hall_calls"] > 0
    assert is_solution(grid.ravel().tolist(), np.asarray(solution).ravel().tolist(), box)
    assert count == _count(grid, box, 2, True)[0]  # the same engine without hall (exact counts, tested above)


@pytest.mark.parametrize("seed", range(4))
def test_counts_with_a_limit_equal_the_depth_first_engine(seed):
    grid = _holes((3, 3), 0.25, 10 + seed)  # many solutions: both stop at the limit
    for limit in (1, 2, 37):
        assert _count(grid, (3, 3), limit, True) == _count(grid, (3, 3), limit, False) == (limit, "solved")


def test_auto_learns_from_25x25_up_for_one_or_two_solutions():
    assert sudoku.solve(_holes((4, 4), 0.5, 1)).stats["engine"] == "general"
    grid = _holes((5, 5), 0.45, 2)
    result = sudoku.solve(grid)
    assert result.stats["engine"] == "learning" and set(result.stats["learning"]) == {"conflicts", "learnt", "restarts", "fullest"}
    assert is_solution(grid.ravel().tolist(), result.solution.ravel().tolist(), (5, 5))
    assert sudoku.solve(grid, method="backtracking").stats["engine"] == "general"
    assert sudoku.count_solutions(grid, limit=2) == _count(grid, (5, 5), 2, False)[0]


def test_uniqueness_at_25x25():
    unique = sudoku.generate((5, 5), clues=400, seed=3, symmetric=False)
    assert sudoku.count_solutions(unique.grid, limit=2) == 1
    assert _count(unique.grid, (5, 5), 2, True) == (1, "solved")
    several = _holes((5, 5), 0.3, 4)
    assert sudoku.count_solutions(several, limit=2) == 2


TOP1465 = Path(__file__).resolve().parent / "data" / "sudoku" / "top1465.txt"


@pytest.mark.parametrize("line", [6, 11, 15])
def test_unsatisfiable_grids_are_proved_so_by_search(line):
    # A hard puzzle with one solution, plus one clue that breaks no rule but differs from that
    # solution: no solution left, and propagation alone does not see it (the engine must search,
    # learn and close every branch).
    puzzle = decode_line(TOP1465.read_text().splitlines()[line])
    grid = np.array(puzzle, dtype=np.uint8)
    solution = sudoku.solve(grid.reshape(9, 9)).solution.ravel()
    board = grid.reshape(9, 9)
    rng = np.random.default_rng(line)
    for cell in rng.permutation(np.flatnonzero(grid == 0)):
        r, c = divmod(int(cell), 9)
        used = set(board[r]) | set(board[:, c]) | set(board[r - r % 3:r - r % 3 + 3, c - c % 3:c - c % 3 + 3].ravel())
        free = [v for v in range(1, 10) if v not in used and v != solution[cell]]
        if free:
            grid[cell] = free[0]
            break
    assert brute_force_count(grid.tolist(), (3, 3), cap=2) == 0
    count, _solution, status, complete, stats = _core.sudoku.solve(grid, 3, 3, 2, RULES, None, None, None, False, True)
    assert (count, status, complete) == (0, "unsatisfiable", True)
    assert stats["nodes"] > 0 and stats["rules"]["conflicts"] > 0
    # the same proof with the Hall sets explained during the search
    count, _solution, status, complete, _stats = _core.sudoku.solve(grid, 3, 3, 2, RULES + ["hall"], None, None, None,
                                                                     False, True)
    assert (count, status, complete) == (0, "unsatisfiable", True)


def test_a_node_limit_never_passes_for_an_answer():
    grid = _holes((6, 6), 0.45, 4)
    result = sudoku.solve(grid, node_limit=20)
    assert result.status == "limit" and result.solution is None and result.stats["stop"] == "node_limit"
    with pytest.raises(LimitReached):
        sudoku.count_solutions(grid, limit=2, node_limit=20)


def test_a_time_limit_is_honoured():
    grid = _shuffled_pattern_holes(7, 0.45, 1)  # far beyond 0.2 s on any machine we know
    start = time.perf_counter()
    result = sudoku.solve(grid, time_limit=0.2)
    elapsed = time.perf_counter() - start
    if result.status == "solved":  # a very fast machine may finish: then the answer must be right
        assert is_solution(grid.ravel().tolist(), result.solution.ravel().tolist(), (7, 7))
    else:
        assert result.status == "limit" and result.stats["stop"] == "time_limit"
        assert elapsed < 5.0


def test_a_seed_gives_the_same_run():
    grid = _holes((5, 5), 0.42, 8)
    first = sudoku.solve(grid, method="learning", seed=11)
    again = sudoku.solve(grid, method="learning", seed=11)
    assert first.stats["nodes"] == again.stats["nodes"] and first.stats["learning"] == again.stats["learning"]
    assert np.array_equal(first.solution, again.solution)


def test_solve_many_learns_on_large_grids():
    grids = [_holes((5, 5), 0.45, s) for s in range(3)]
    batch = sudoku.solve_many(grids, box=(5, 5), limit=2)
    for grid, solution, count in zip(grids, batch.solutions, batch.counts):
        assert count == _count(grid, (5, 5), 2, False)[0]
        assert is_solution(grid.ravel().tolist(), solution.tolist(), (5, 5))


@pytest.mark.skipif(not ACS.exists(), reason="needs ../shared/data/sudoku (not in a fresh clone)")
def test_the_hardest_acs_band_is_solved_and_checked():
    # Lloyd & Amos's 25x25 instances at 45 % given (lines 900-999 of the general file): the band
    # where the depth-first search had its heavy tail.
    lines = [ln.strip() for ln in ACS.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    for line in lines[900:940]:
        grid = [0 if ch == "." else ALPHABET.index(ch) + 1 for ch in line]
        result = sudoku.solve(np.array(grid, dtype=np.uint8).reshape(25, 25), box=(5, 5))
        assert result.status == "solved" and result.stats["engine"] == "learning"
        assert is_solution(grid, result.solution.ravel().tolist(), (5, 5))
