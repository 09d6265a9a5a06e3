"""Exact cover and packing speed on the pentomino matrices (pytest-benchmark).

Run: pytest bench/test_bench_exactcover.py --benchmark-only --benchmark-group-by=group
Figures (CPU seconds, nodes/s) are written down in bench/results/exactcover.md.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from cassetete import polyomino
from cassetete.exactcover import count_subproblem
from cassetete.polyomino import Packing


def once(benchmark, fn, *args, **kwargs):
    return benchmark.pedantic(fn, args=args, kwargs=kwargs, rounds=1, iterations=1)


@pytest.mark.benchmark(group="6x10 all 9356")
@pytest.mark.parametrize("engine", ["bitboard", "cells"])
def test_6x10_all(benchmark, engine):
    """From the symmetry-broken subproblems with orbit weights (polyomino.count_solutions's way)."""
    assert once(benchmark, polyomino.count_solutions, "6x10", up_to_symmetry=False, method=engine) == 9356


@pytest.mark.benchmark(group="6x10 all 9356")
def test_6x10_all_plain_search(benchmark):
    """The bitboard engine searching the whole matrix, every copy found."""
    packing = Packing("6x10")
    packing.bitboard()
    assert once(benchmark, packing.count_bitboard) == 9356


@pytest.mark.benchmark(group="6x10 unique 2339")
@pytest.mark.parametrize("engine", ["bitboard", "cells"])
def test_6x10_unique(benchmark, engine):
    assert once(benchmark, polyomino.count_solutions, "6x10", method=engine) == 2339


@pytest.mark.benchmark(group="2x5x6 unique 264")
@pytest.mark.parametrize("engine", ["bitboard", "cells"])
def test_2x5x6_unique(benchmark, engine):
    assert once(benchmark, polyomino.count_solutions, "2x5x6", method=engine) == 264


@pytest.mark.benchmark(group="3x4x5 unique 3940")
def test_3x4x5_unique(benchmark):
    assert once(benchmark, polyomino.count_solutions, "3x4x5") == 3940


@pytest.mark.benchmark(group="3x4x5 all 31520")
def test_3x4x5_all(benchmark):
    assert once(benchmark, polyomino.count_solutions, "3x4x5", up_to_symmetry=False) == 31520


@pytest.mark.benchmark(group="split over 2 workers")
def test_6x10_all_cells_two_workers_split(benchmark):
    """The general engine's split(): subproblems summed over a 2-thread executor."""
    cover = Packing("6x10").cover
    parts = cover.split(2)

    def run():
        with ThreadPoolExecutor(2) as pool:
            return sum(pool.map(count_subproblem, parts))

    assert once(benchmark, run) == 9356


@pytest.mark.benchmark(group="split over 2 workers")
def test_3x4x5_unique_bitboard_two_workers(benchmark):
    assert once(benchmark, polyomino.count_solutions, "3x4x5", workers=2) == 3940
