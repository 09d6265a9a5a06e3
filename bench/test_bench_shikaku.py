"""pytest-benchmark suite for Shikaku (run: pytest bench/test_bench_shikaku.py).

Uses the Tatham sets in ../shared/data/shikaku/tatham when present, else the bundled test copies.
"""

import json
from pathlib import Path

import pytest

from cassetete import shikaku

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "shikaku" / "tatham"
BUNDLED = ROOT / "tests" / "data" / "shikaku" / "tatham.jsonl"


def load(name):
    path = SHARED / f"rect_{name}.jsonl"
    if path.exists():
        return [shikaku.parse(json.loads(line)["id"]) for line in path.read_text().splitlines() if line.strip()]
    ids = [json.loads(line)["id"] for line in BUNDLED.read_text().splitlines()]
    found = [shikaku.parse(i) for i in ids if i.startswith(name.split("e")[0] + ":")]
    if not found:
        pytest.skip(f"no {name} instances")
    return found


@pytest.mark.benchmark(group="shikaku-exact-solve")
@pytest.mark.parametrize("name", ["10x10", "30x30", "50x50", "100x100"])
def test_exact_solve(benchmark, name):
    puzzles = load(name)
    results = benchmark(lambda: [shikaku.solve(p) for p in puzzles])
    assert all(shikaku.verify(p, r.solution) for p, r in zip(puzzles, results))


@pytest.mark.benchmark(group="shikaku-exact-unique")
@pytest.mark.parametrize("name", ["10x10", "30x30", "50x50", "100x100"])
def test_exact_solve_and_prove_unique(benchmark, name):
    puzzles = load(name)
    counts = benchmark(lambda: shikaku.count_solutions_many(puzzles, limit=2))
    assert counts.tolist() == [1] * len(puzzles)


@pytest.mark.benchmark(group="shikaku-ilp")
@pytest.mark.parametrize("name", ["10x10", "30x30"])
def test_ilp_highs(benchmark, name):
    puzzles = load(name)
    results = benchmark.pedantic(lambda: [shikaku.solve(p, method="ilp") for p in puzzles], rounds=3)
    assert all(shikaku.verify(p, r.solution) for p, r in zip(puzzles, results))


@pytest.mark.benchmark(group="shikaku-annealing")
@pytest.mark.parametrize("name", ["4x4", "9x9"])
def test_annealing(benchmark, name):
    puzzles = load(name)
    results = benchmark.pedantic(lambda: [shikaku.solve(p, method="annealing", seed=1) for p in puzzles], rounds=3)
    assert all(r.status in ("solved", "limit") for r in results)


@pytest.mark.benchmark(group="shikaku-generate")
def test_generate_200(benchmark):
    puzzle = benchmark(lambda: shikaku.generate(200, 200, 12, 2, 0.5, seed=0))
    assert sum(puzzle.clue_values()) == 200 * 200


@pytest.mark.benchmark(group="shikaku-exact-solve")
def test_exact_solve_generated_200(benchmark):
    puzzle = shikaku.generate(200, 200, 12, 2, 0.5, seed=0)
    result = benchmark.pedantic(lambda: shikaku.solve(puzzle), rounds=3)
    assert shikaku.verify(puzzle, result.solution)
