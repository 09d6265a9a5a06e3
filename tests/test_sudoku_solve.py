"""Sudoku solving: published data sets, every order and box shape, counts, limits, batches."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError, Result, sudoku
from sudoku_checker import brute_force_count, decode_line, is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "sudoku"
TOP1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def read_lines(path: Path, limit=None):
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return lines[:limit] if limit else lines


def check_batch(lines, box=(3, 3), limit=1, workers=2):
    solutions, counts = sudoku.solve_many(lines, workers=workers, limit=limit, box=box)
    for line, solution, count in zip(lines, solutions, counts):
        puzzle = decode_line(line)
        assert count >= 1, line
        assert is_solution(puzzle, solution, box), line
    return counts


def test_top1465_all_solved_and_checked():
    lines = read_lines(DATA / "top1465.txt")
    assert len(lines) == 1465
    counts = check_batch(lines, limit=2)
    assert (counts == 1).all()  # every puzzle of the set has a unique solution


def test_17_clue_first_3000_solved_unique():
    lines = read_lines(DATA / "17clue_first3000.txt")
    assert len(lines) == 3000 and all(sum(ch != "." for ch in line) == 17 for line in lines)
    counts = check_batch(lines, limit=2)
    assert (counts == 1).all()


def test_forum_hardest_unique():
    lines = read_lines(DATA / "forum_hardest_1106.txt")
    counts = check_batch(lines, limit=2)
    assert (counts == 1).all()


def test_serg_benchmark_all_have_several_solutions():
    lines = read_lines(DATA / "serg_first1000.txt")
    counts = check_batch(lines, limit=2)
    assert (counts == 2).all()  # the set is made of puzzles with 2 or more solutions


def test_general_engine_agrees_on_hard_puzzles():
    # Any rule set other than the default four sends 9x9 puzzles to the general engine.
    lines = read_lines(DATA / "forum_hardest_1106.txt", 60)
    for rules in (("exclusivity",), ("exclusivity", "uniqueness"), ("exclusivity", "uniqueness", "parity"),
                  ("exclusivity", "intersections")):
        for line in lines[:: 6 if len(rules) > 1 else 12]:
            result = sudoku.solve(line, rules=rules)
            assert result.status == "solved"
            assert is_solution(decode_line(line), result.solution.ravel(), (3, 3))


def test_no_rules_still_solves_by_search():
    # Without any rule the search is generate-and-test (slow by design): a small puzzle.
    line = "1.3." "..1." ".1.." "...1"
    result = sudoku.solve(line, rules=(), node_limit=10**7)  # without exclusivity a limit is required
    assert result.solved and is_solution(decode_line(line), result.solution.ravel(), (2, 2))
    assert sudoku.solve(TOP1465, rules=(), time_limit=0.2).status in ("limit", "solved")


def test_rule_counters_reported():
    result = sudoku.solve(TOP1465, rules=("exclusivity", "uniqueness", "parity"))
    rules = result.stats["rules"]
    assert rules["exclusivity"] > 0 and rules["uniqueness"] > 0
    off = sudoku.solve(TOP1465, rules=("exclusivity",))
    assert off.stats["rules"].get("uniqueness", 0) == 0
    assert off.stats["nodes"] > result.stats["nodes"]


def test_empty_4x4_has_288_solutions():
    # 288 is the number of 4x4 Sudoku grids (published count, e.g. OEIS A107739).
    assert sudoku.count_solutions("." * 16, limit=None) == 288
    grids = {tuple(g.ravel()) for g in sudoku.solutions("." * 16)}
    assert len(grids) == 288
    assert all(is_solution([0] * 16, g, (2, 2)) for g in grids)


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4)])
def test_counts_match_brute_force_on_random_small_puzzles(box):
    rng = random.Random(7)
    size = box[0] * box[1]
    full = sudoku.solve(np.zeros((size, size), np.uint8), box=box).solution.ravel()
    for trial in range(25):
        grid = [int(v) if rng.random() < 0.45 else 0 for v in full]
        if trial % 5 == 0:  # sometimes break consistency without a duplicate clue
            cell = rng.randrange(size * size)
            grid[cell] = 0
        expected = brute_force_count(grid, box)
        assert sudoku.count_solutions(np.reshape(grid, (size, size)), limit=None, box=box) == expected
        assert sudoku.count_solutions(np.reshape(grid, (size, size)), limit=2, box=box) == min(expected, 2)


def pattern_solution(box):
    """A valid full grid by formula: row r is row 0 shifted by (r % rows) * cols + r // rows."""
    rows, cols = box
    size = rows * cols
    return np.array([[((r % rows) * cols + r // rows + c) % size + 1 for c in range(size)]
                     for r in range(size)], dtype=np.uint8)


@pytest.mark.parametrize("box", [(2, 3), (3, 4), (4, 3), (2, 5), (4, 4), (3, 5), (4, 5), (5, 5), (6, 6), (7, 7),
                                 (8, 8), (1, 7), (8, 1)])
def test_every_box_shape(box):
    size = box[0] * box[1]
    full = pattern_solution(box)
    assert is_solution([0] * size * size, full.ravel(), box)  # the checker accepts the formula grid
    if size <= 36:
        result = sudoku.solve(np.zeros((size, size), np.uint8), box=box, node_limit=200_000)
        assert result.solved and is_solution([0] * size * size, result.solution.ravel(), box)
    rng = np.random.default_rng(size)
    # 60% given; 70% from 49x49 up (at 50-60% a 64x64 grid is beyond the engine: see README).
    given = 0.6 if size < 49 else 0.7
    puzzle = np.where(rng.random((size, size)) < given, full, 0).astype(np.uint8)
    again = sudoku.solve(puzzle, box=box, node_limit=200_000)
    assert again.solved and is_solution(puzzle.ravel(), again.solution.ravel(), box)


def test_contradiction_without_duplicates_is_unsatisfiable():
    # Row 1 leaves only 9 for r1c9, but column 9 already holds a 9.
    line = "12345678." + "........9" + "." * 63
    result = sudoku.solve(line)
    assert result.status == "unsatisfiable" and result.solution is None
    assert sudoku.count_solutions(line) == 0
    assert sudoku.solve(line, rules=("exclusivity",)).status == "unsatisfiable"


def test_node_and_time_limits():
    hard = read_lines(DATA / "forum_hardest_1106.txt", 1)[0]
    assert sudoku.solve(hard, node_limit=1, rules=("exclusivity",)).status == "limit"
    stopped = sudoku.solve(np.zeros((25, 25), np.uint8), time_limit=0.0)
    assert stopped.status in ("limit", "solved")
    with pytest.raises(TimeoutError):
        sudoku.count_solutions("." * 81, limit=None, time_limit=0.05)
    _, counts = sudoku.solve_many(["." * 81] * 3, limit=None, node_limit=100)
    assert (counts == -1).all()
    with pytest.raises(PuzzleError):
        sudoku.solve(TOP1465, time_limit=-1)


def test_solutions_iterator_can_stop_early():
    stream = sudoku.solutions("." * 81)
    first = [next(stream) for _ in range(5)]
    stream.close()
    assert len({g.tobytes() for g in first}) == 5
    assert all(is_solution([0] * 81, g.ravel(), (3, 3)) for g in first)
    assert list(sudoku.solutions(TOP1465))[0].shape == (9, 9)


def test_solve_many_inputs_and_workers_agree():
    lines = read_lines(DATA / "top1465.txt", 200)
    array = sudoku.parse_lines_array(lines, 9)
    one, counts_one = sudoku.solve_many(array, workers=1, limit=2)
    many, counts_many = sudoku.solve_many(lines, workers=-1, limit=2)
    objects, _ = sudoku.solve_many([sudoku.parse(line) for line in lines[:10]], workers=2)
    assert np.array_equal(one, many) and np.array_equal(counts_one, counts_many)
    assert np.array_equal(objects, one[:10])
    with pytest.raises(PuzzleError):
        sudoku.solve_many(np.zeros((2, 80), np.uint8))
    # A value out of range is one bad row, reported per row (issue 16), not a failed batch.
    bad = sudoku.solve_many(np.full((2, 81), 10, np.uint8))
    assert bad.counts.tolist() == [sudoku.INVALID] * 2 and "outside 0..9" in bad.errors[0]
    with pytest.raises(PuzzleError):
        sudoku.solve_many([])


@pytest.mark.parametrize("box", [(3, 3), (2, 2), (2, 3)])
def test_solve_many_reports_clashing_clues_and_solves_the_rest(box):
    # The batch checks each puzzle's clues on its worker threads (the 9x9 bitboard path and the
    # general engine): a repeat in a row, a column or a box gives INVALID, the others are solved.
    size = box[0] * box[1]
    rng = random.Random(5)
    puzzles = []
    for k in range(40):
        grid = [0] * (size * size)
        if k % 4 == 1:  # same row
            grid[0] = grid[size - 1] = 1
        elif k % 4 == 2:  # same column
            grid[0] = grid[(size - 1) * size] = 2
        elif k % 4 == 3:  # same box, other row and column
            grid[0] = grid[size + 1] = 3
        else:  # a valid sparse puzzle
            grid[rng.randrange(size * size)] = rng.randrange(1, size + 1)
        puzzles.append(grid)
    array = np.array(puzzles, dtype=np.uint8)
    solutions, counts = sudoku.solve_many(array, box=box, workers=2, limit=1)
    for k, grid in enumerate(puzzles):
        if k % 4:
            assert counts[k] == sudoku.INVALID and not solutions[k].any()
        else:
            assert counts[k] == 1 and is_solution(grid, solutions[k], box)
    assert (sudoku.invalid_puzzles(array, box) == (np.arange(40) % 4 != 0)).all()


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/data not present")
@pytest.mark.parametrize("name,size,offset", [("acs_general_16x16.txt", 16, 400), ("acs_general_25x25.txt", 25, 600)])
def test_acs_samples(name, size, offset):
    # 20-50% given (lines 400-1099): a sample of each percentage band, file order.
    lines = read_lines(SHARED / name)
    sample = [lines[i] for i in range(offset, 1100, 35)]
    box = (int(size ** 0.5),) * 2
    solutions, counts = sudoku.solve_many(sample, box=box, workers=2, node_limit=2_000_000)
    assert (counts >= 1).all()
    for line, solution in zip(sample, solutions):
        assert is_solution(decode_line(line), solution, box)


@pytest.mark.parametrize("box,clues", [((4, 4), 110), ((5, 5), 260)])
def test_generated_large_orders(box, clues):
    size = box[0] * box[1]
    puzzles = [sudoku.generate(box, unique=False, clues=clues, seed=s) for s in range(3)]
    for puzzle in puzzles:
        result = sudoku.solve(puzzle, node_limit=2_000_000)
        assert result.solved and is_solution(puzzle.grid.ravel(), result.solution.ravel(), box)
    assert puzzles[0].size == size


def test_result_and_sudoku_pickle():
    result = sudoku.solve(TOP1465)
    clone = pickle.loads(pickle.dumps(result))
    assert isinstance(clone, Result) and np.array_equal(clone.solution, result.solution)
    puzzle = sudoku.parse(TOP1465)
    assert pickle.loads(pickle.dumps(puzzle)) == puzzle


def test_verify_rejects_wrong_answers():
    solution = sudoku.solve(TOP1465).solution
    assert sudoku.verify(TOP1465, solution)
    bad = solution.copy()
    bad[0, 0], bad[0, 1] = bad[0, 1], bad[0, 0]
    assert not sudoku.verify(TOP1465, bad)
    with pytest.raises(PuzzleError, match="72 cells"):  # malformed: not a grid of the puzzle's shape
        sudoku.verify(TOP1465, solution[:8])
    other = sudoku.solve("." * 81).solution
    assert not sudoku.verify(TOP1465, other)


def test_split_partitions_the_solutions_across_processes():
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    line = read_lines(DATA / "serg_first1000.txt", 1)[0]
    total = sudoku.count_solutions(line, limit=None)
    assert total >= 2
    parts = sudoku.split(line, depth=3)
    assert len(parts) >= 2
    with ProcessPoolExecutor(max_workers=2) as executor:
        counts = list(executor.map(partial(sudoku.count_solutions, limit=None), parts))
    assert sum(counts) == total
    seen = set()
    for part in parts:
        for grid in sudoku.solutions(part):
            assert is_solution(decode_line(line), grid.ravel(), (3, 3))
            seen.add(grid.tobytes())
    assert len(seen) == total  # disjoint and complete
    assert sudoku.split(line, depth=0) == [sudoku.parse(line)]


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/data not present")
@pytest.mark.parametrize("name,expected", [("puzzles2_17_clue", 1), ("puzzles7_serg_benchmark", 2),
                                           ("puzzles6_forum_hardest_1106", 1), ("puzzles5_forum_hardest_1905_11+", 1)])
def test_whole_published_sets(name, expected):
    from sudoku_checker import all_solutions_valid

    lines = read_lines(SHARED / name)
    puzzles = sudoku.parse_lines_array(lines, 9)
    solutions, counts = sudoku.solve_many(puzzles, limit=2)
    assert (counts == expected).all()  # 17-clue puzzles are unique; Serg's all have 2+ solutions
    assert all_solutions_valid(puzzles, solutions, (3, 3))
    # The checker itself rejects a broken answer.
    broken = solutions.copy()
    broken[0, [0, 1]] = broken[0, [1, 0]]
    assert not all_solutions_valid(puzzles[:1], broken[:1], (3, 3))
