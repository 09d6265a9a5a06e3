"""Exact cover speed on the pentomino matrices (pytest-benchmark).

Run: pytest bench/test_bench_exactcover.py --benchmark-only
The figures and the nodes/s go to bench/results/exactcover.md (written by hand from a run).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from cassetete import polyomino
from cassetete.exactcover import count_subproblem
from cassetete.polyomino.model import Packing


@pytest.mark.benchmark(group="pentomino")
def test_6x10_all(benchmark):
    packing = Packing("6x10")
    assert benchmark.pedantic(packing.cover.count, rounds=1, iterations=1) == 9356


@pytest.mark.benchmark(group="pentomino")
def test_6x10_unique(benchmark):
    assert benchmark.pedantic(polyomino.count, args=("6x10",), rounds=1, iterations=1) == 2339


@pytest.mark.benchmark(group="pentomino")
def test_3x4x5_unique(benchmark):
    assert benchmark.pedantic(polyomino.count, args=("3x4x5",), rounds=1, iterations=1) == 3940


@pytest.mark.benchmark(group="pentomino")
def test_6x10_all_two_workers_split(benchmark):
    packing = Packing("6x10")
    parts = packing.cover.split(2)

    def run():
        with ThreadPoolExecutor(2) as pool:
            return sum(pool.map(count_subproblem, parts))

    assert benchmark.pedantic(run, rounds=1, iterations=1) == 9356
