"""pytest-benchmark suite for edge matching (short runs; figures in bench/results/edgematch.md
come from bench/edgematch_figures.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassetete import edgematch as em

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "edgematch"


@pytest.mark.benchmark(group="edgematch-e2-rate")
@pytest.mark.parametrize("order", ["row", "spiral"])
def test_e2_placements(benchmark, order):
    e2 = em.eternity2()
    res = benchmark.pedantic(lambda: em.solve(e2, order=order, node_limit=20_000_000), rounds=3, iterations=1)
    assert res.status == "limit"


@pytest.mark.benchmark(group="edgematch-planted")
@pytest.mark.parametrize("order", ["row", "first_fail"])
def test_planted_8x8(benchmark, order):
    p, _ = em.generate(8, 8, colors=6, frame_colors=3, seed=1)
    res = benchmark(lambda: em.solve(p, order=order, time_limit=30))
    assert res.solved and em.verify(p, res.solution)


@pytest.mark.benchmark(group="edgematch-clues")
@pytest.mark.skipif(not DATA.exists(), reason="needs ../shared/data/edgematch")
@pytest.mark.parametrize("clue", [1, 2, 3, 4])
def test_clue_puzzles(benchmark, clue):
    p = em.load(DATA / "wortmann_Eternity2Puzzles.jl" / "pieces" / f"clue{clue}.txt")
    res = benchmark(lambda: em.solve(p, order="first_fail", time_limit=30))
    assert res.solved and em.verify(p, res.solution)


@pytest.mark.benchmark(group="edgematch-vlns")
@pytest.mark.parametrize("size", [16, 64])
def test_vlns_moves(benchmark, size):
    """Very large neighbourhood moves per second on Eternity II (iterations / stats['seconds'])."""
    e2 = em.eternity2()
    res = benchmark.pedantic(lambda: em.solve(e2, method="vlns", iterations=20_000, seed=1, init="random",
                                              neighbourhood_size=size), rounds=3, iterations=1)
    benchmark.extra_info["moves_per_s"] = res.stats["iterations"] / res.stats["seconds"]
    assert res.stats["iterations"] == 20_000
