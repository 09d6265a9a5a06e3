"""pytest-benchmark suite for Hashiwokakero: exact solve + uniqueness, ILP, annealing.

Uses the bundled Tatham instances (tests/data/hashi) and, when present, ../shared/data/hashi.
    pytest bench/test_bench_hashi.py --benchmark-group-by=group
"""

import json
from pathlib import Path

import pytest

from cassetete import hashi

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "tests" / "data" / "hashi" / "tatham.jsonl"
SHARED = ROOT.parent / "shared" / "data" / "hashi" / "tatham"


def load(size):
    path = SHARED / f"bridges_{size}i30e10m2d2.txt"
    if path.exists():
        return [hashi.parse(line) for line in path.read_text().split()]
    ids = [json.loads(line)["id"] for line in BUNDLED.read_text().splitlines()]
    return [hashi.parse(i) for i in ids if i.startswith(size.split("x")[0] + "x")]


SIZES = ["10x10", "25x25", "50x50"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.benchmark(group="hashi exact: solve + uniqueness")
def test_exact(benchmark, size):
    puzzles = load(size)
    if not puzzles:
        pytest.skip("no instances")

    def run():
        for p in puzzles:
            assert hashi.solve(p).solved
            assert hashi.count_solutions(p) == 1

    benchmark(run)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.benchmark(group="hashi exact: one search, solution + uniqueness")
def test_exact_one_search(benchmark, size):
    # solutions(limit=2) returns the solution and, by stopping at one, proves it unique
    puzzles = load(size)
    if not puzzles:
        pytest.skip("no instances")

    def run():
        for p in puzzles:
            assert len(list(hashi.solutions(p, limit=2))) == 1

    benchmark(run)


@pytest.mark.parametrize("size", SIZES[:2])
@pytest.mark.benchmark(group="hashi ILP HiGHS (cuts)")
def test_ilp(benchmark, size):
    puzzles = load(size)[:3]
    if not puzzles:
        pytest.skip("no instances")
    benchmark.pedantic(lambda: [hashi.solve(p, method="ilp") for p in puzzles], rounds=3)


@pytest.mark.benchmark(group="hashi annealing")
def test_annealing(benchmark):
    puzzles = [hashi.generate(20, seed=s) for s in range(5)]
    benchmark.pedantic(lambda: [hashi.solve(p, method="annealing", seed=1) for p in puzzles],
                       rounds=3)


@pytest.mark.benchmark(group="hashi generate unique")
def test_generate_unique(benchmark):
    benchmark.pedantic(lambda: hashi.generate(30, seed=1, unique=True), rounds=3)


COELHO = ROOT.parent / "shared" / "data" / "hashi" / "coelho2019" / "400"
# the eight 400-island instances of class a = 75 that needed root probing to finish within 10 s
HARD_COELHO = ["00_001", "00_007", "00_011", "00_016", "00_024", "05_003", "05_025", "05_026"]


@pytest.mark.benchmark(group="hashi exact: hard Coelho 400 islands (a=75)")
def test_coelho_hard(benchmark):
    files = [COELHO / f"Hs_34_400_75_{k}.has" for k in HARD_COELHO]
    if not all(f.exists() for f in files):
        pytest.skip("no Coelho instances (../shared/data/hashi)")
    puzzles = [hashi.parse(f.read_text()) for f in files]

    def run():
        for p in puzzles:
            r = hashi.solve(p, time_limit=60)
            assert r.solved and hashi.verify(p, r.solution)

    benchmark.pedantic(run, rounds=1)
