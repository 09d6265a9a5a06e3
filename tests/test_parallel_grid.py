"""Shikaku and Hashiwokakero counts spread over executors (cassetete.parallel): split prefixes
partition the solutions, counts equal the serial engines and brute force, every enumerated
solution passes the tests' own checkers, checkpoints resume to the same total."""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from cassetete import LimitReached, PuzzleError, hashi, shikaku
from cassetete.hashi._jobs import HashiJob
from cassetete.parallel import run_count, run_first
from cassetete.shikaku._jobs import ShikakuJob

sys.path.insert(0, os.path.dirname(__file__))
from parallel_instances import dominoes  # noqa: E402
from shikaku_checker import brute_force_count, is_solution  # noqa: E402
from test_hashi import lattice  # noqa: E402
from test_hashi_checker import brute_count, check  # noqa: E402

# Shikaku grids with several solutions (counted by brute force from the rules in the tests).
SHIKAKU_SMALL = [
    [[0, 0, 4, 0], [4, 0, 0, 0], [0, 0, 0, 4], [0, 4, 0, 0]],
    [[6, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 6], [0, 0, 6, 0, 0, 0], [0, 0, 0, 6, 0, 0]],
]
# A larger one: 8 x 8 with clues of 4 on one diagonal and of 4 on the other.
SHIKAKU_LARGE = [[4 if c in (r, 7 - r) else 0 for c in range(8)] for r in range(8)]


@pytest.fixture(scope="module")
def processes():
    with ProcessPoolExecutor(2) as pool:
        yield pool


@pytest.fixture(scope="module")
def threads():
    with ThreadPoolExecutor(2) as pool:
        yield pool


def _descend(job, prefix, depth):
    """The subproblems ``depth`` levels below ``prefix``, cut one level at a time."""
    parts = [tuple(prefix)]
    for _ in range(depth):
        parts = [child for part in parts for child in job.split(part)]
    return parts


@pytest.mark.parametrize("grid", SHIKAKU_SMALL)
def test_shikaku_split_partitions_the_brute_force_count(grid):
    expected = brute_force_count(grid)
    assert expected > 1
    job = ShikakuJob(shikaku.parse(np.array(grid)))
    for depth in range(4):
        parts = _descend(job, (), depth)
        assert len(set(parts)) == len(parts)
        assert sum(job.count(p, None)[0] for p in parts) == expected
    assert shikaku.count_solutions(np.array(grid)) == expected


def test_shikaku_count_on_executors_equals_serial_and_checked_enumeration(processes, threads):
    grid = np.array(SHIKAKU_LARGE)
    found = list(shikaku.solutions(grid))
    assert all(is_solution(SHIKAKU_LARGE, [tuple(r) for r in s]) for s in found)
    assert len({tuple(map(tuple, s)) for s in found}) == len(found) == shikaku.count_solutions(grid) > 10
    assert shikaku.count_solutions(grid, executor=processes) == len(found)
    assert shikaku.count_solutions(grid, executor=threads) == len(found)
    # Small slices: the driver cuts subproblems that outrun them, the total stays exact.
    count, stats = run_count(ShikakuJob(shikaku.parse(grid)), threads, slice_seconds=1e-4)
    assert count == len(found) and stats["subproblems"] > 1


def test_shikaku_domino_tilings_match_the_published_counts(processes):
    # Domino tilings of m x n boards (Kasteleyn 1961; Temperley and Fisher 1961): 6728 for
    # 6 x 6, 167089 for 6 x 8.
    assert shikaku.count_solutions(dominoes(6, 6), executor=processes) == 6728
    assert shikaku.count_solutions(dominoes(6, 8), executor=processes) == 167089 == shikaku.count_solutions(
        dominoes(6, 8))


HASHI_SMALL = [[1, 2, 0, 0, 0], [0, 0, 0, 0, 1], [0, 0, 0, 0, 3], [2, 4, 0, 2, 3]]  # two solutions


def test_hashi_split_partitions_the_count():
    expected = brute_count(HASHI_SMALL)
    job = HashiJob(hashi.parse(np.array(HASHI_SMALL)))
    assert expected == 2 and len(job.split(())) == 2
    assert sum(job.count(p, None)[0] for p in job.split(())) == expected
    p = hashi.parse(lattice(3))
    serial = hashi.count_solutions(p)
    job = HashiJob(p)
    for depth in range(4):
        parts = _descend(job, (), depth)
        assert len(set(parts)) == len(parts)
        assert sum(job.count(part, None)[0] for part in parts) == serial


def test_hashi_count_on_executors_equals_serial_and_checked_enumeration(processes, threads):
    p = hashi.parse(lattice(4))
    grid = p.islands.tolist()
    found = list(hashi.solutions(p))
    assert all(check(grid, s) is None for s in found)
    assert len({tuple(sorted(s)) for s in found}) == len(found) == hashi.count_solutions(p) > 1000
    assert hashi.count_solutions(p, executor=processes) == len(found)
    assert hashi.count_solutions(p, executor=threads) == len(found)
    count, stats = run_count(HashiJob(p), threads, slice_seconds=1e-4)
    assert count == len(found) and stats["subproblems"] > 1


def test_first_solution_searches(threads):
    status, rects, _stats = run_first(ShikakuJob(shikaku.parse(dominoes(6, 8))), threads)
    assert status == "solved" and is_solution(dominoes(6, 8).tolist(), rects)
    p = hashi.parse(lattice(4))
    status, bridges, _stats = run_first(HashiJob(p), threads)
    assert status == "solved" and check(p.islands.tolist(), bridges) is None
    assert run_first(ShikakuJob(shikaku.parse("2 .\n. 3")), threads)[0] == "unsatisfiable"


def test_checkpoint_resumes_to_the_same_total(tmp_path, threads):
    p = hashi.parse(lattice(4))
    serial = hashi.count_solutions(p)
    path = str(tmp_path / "hashi.json")
    with pytest.raises(LimitReached):  # a node budget, not a wall-clock one
        hashi.count_solutions(p, executor=threads, checkpoint=path, node_limit=1)
    assert os.path.exists(path)
    assert hashi.count_solutions(p, executor=threads, checkpoint=path) == serial
    shikaku_path = str(tmp_path / "shikaku.json")
    grid = np.array(SHIKAKU_LARGE)
    with pytest.raises(LimitReached):
        shikaku.count_solutions(grid, executor=threads, checkpoint=shikaku_path, node_limit=1)
    assert shikaku.count_solutions(grid, executor=threads, checkpoint=shikaku_path) == shikaku.count_solutions(grid)


def test_unsolvable_and_bad_prefixes():
    job = ShikakuJob(shikaku.parse("2 .\n. 3"))
    assert job.split(()) == [] and job.count((), None)[0] == 0
    with pytest.raises(PuzzleError, match="out of range"):
        job.count((10**6,), None)
    hjob = HashiJob(hashi.parse(lattice(3)))
    with pytest.raises(PuzzleError, match="pairs"):
        hjob.count((0,), None)
    with pytest.raises(PuzzleError, match="out of range"):
        hjob.split((0, 3))
    assert hashi.count_solutions("1.1\n...\n1.1", executor=ThreadPoolExecutor(1)) == 0
