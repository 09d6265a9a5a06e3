"""pytest-benchmark suite for Sudoku (run: pytest bench/test_bench_sudoku.py).

Each benchmark solves a whole set, in file order, through solve_many(workers=1): first solution
(limit=1) and uniqueness (limit=2). `extra_info["us_per_puzzle_cpu"]` is the process CPU time of
the last round divided by the number of puzzles, the figure bench/results/sudoku.md reports.
Reads ../shared/data/sudoku (or $CASSETETE_SUDOKU_DATA), else the bundled test subsets.
"""

import time

import numpy as np
import pytest

from cassetete import sudoku
from sudoku_data import SETS_9X9, read_puzzles


def _load(name):
    try:
        return sudoku.parse_lines_array(read_puzzles(name), 9)
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


@pytest.mark.benchmark(group="sudoku-9x9")
@pytest.mark.parametrize("limit", [1, 2], ids=["first", "unique"])
@pytest.mark.parametrize("name", sorted(SETS_9X9))
def test_solve_many_9x9(benchmark, name, limit):
    puzzles = _load(name)
    cpu = {}

    def run():
        start = time.process_time()
        out = sudoku.solve_many(puzzles, workers=1, limit=limit)
        cpu["seconds"] = time.process_time() - start
        return out

    solutions, counts = benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["puzzles"] = len(puzzles)
    benchmark.extra_info["us_per_puzzle_cpu"] = 1e6 * cpu["seconds"] / len(puzzles)
    assert (counts >= 1).all()
    assert all(sudoku.verify(p.reshape(9, 9), s.reshape(9, 9)) for p, s in zip(puzzles[:200], solutions[:200]))


@pytest.mark.benchmark(group="sudoku-large")
@pytest.mark.parametrize("name,size,first,last", [("acs_general_16x16.txt", 16, 400, 1100),
                                                  ("acs_general_25x25.txt", 25, 400, 1100)])
def test_solve_many_large(benchmark, name, size, first, last):
    try:
        lines = read_puzzles(name)[first:last:7]  # 20-50% given, every 7th puzzle
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    puzzles = sudoku.parse_lines_array(lines, size)
    solutions, counts = benchmark.pedantic(lambda: sudoku.solve_many(puzzles, workers=1, limit=1),
                                           rounds=1, iterations=1)
    benchmark.extra_info["puzzles"] = len(lines)
    assert (counts >= 1).all()
    root = int(np.sqrt(size))
    assert all(sudoku.verify(p.reshape(size, size), s.reshape(size, size), box=(root, root))
               for p, s in zip(puzzles, solutions))
