"""The improvements of section 8 of Gilleta, "Résolution du puzzle tridimensionnel des
pentaminos" (O(n log n) AllDifferent, incremental narrowing, careful implementation) change the
time per cut only: every combination must give the same counts and the same cuts, which must
also match the exact-cover engine's counts (a reference independent of the narrowing code)."""

from __future__ import annotations

import itertools
import random

import pytest

from cassetete import polyomino
from cassetete.narrowing import Model, packing_model

COMBINATIONS = list(itertools.product(("leconte", "sort"), (False, True), (False, True)))


def random_piece(rng, size):
    cells = {(0, 0)}
    while len(cells) < size:
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        cells.add((x + dx, y + dy))
    return sorted(cells)


def counts_and_cuts(box, pieces, narrowing, up_to_symmetry=False, node_limit=None):
    out = set()
    for algorithm, incremental, careful in COMBINATIONS:
        model = packing_model(box, pieces=pieces, up_to_symmetry=up_to_symmetry, algorithm=algorithm,
                              narrowing=narrowing)
        try:
            count = model.count_solutions(incremental=incremental, careful=careful, node_limit=node_limit)
        except Exception as stopped:  # LimitReached: compare the partial counts
            count = stopped.count
        out.add((count, model.last_stats["cuts"]))
    return out


@pytest.mark.parametrize("narrowing", ["literal", "placement", "occupied", "occupied-bounds", "occupied-placed"])
@pytest.mark.parametrize("seed", range(8))
def test_every_combination_gives_the_same_count_and_cuts(seed, narrowing):
    rng = random.Random(500 + seed)
    a = rng.choice([3, 4])
    sizes = []
    while sum(sizes) < 3 * a or sum(sizes) % a:
        sizes.append(rng.randint(3, 5))
        if sum(sizes) > 5 * a:
            sizes = []
    pieces = {f"p{k}": random_piece(rng, s) for k, s in enumerate(sizes)}
    box = (a, sum(sizes) // a)
    results = counts_and_cuts(box, pieces, narrowing)
    assert len(results) == 1
    (count, _), = results
    assert count == polyomino.count_solutions(f"{box[0]}x{box[1]}", pieces=pieces, up_to_symmetry=False)


@pytest.mark.parametrize("narrowing", ["literal", "placement", "occupied", "occupied-bounds", "occupied-placed"])
def test_pentominoes_3x20_same_tree_whatever_the_improvements(narrowing):
    # the paper's 2 solutions of 3x20; the first 4000 nodes of the tree are the same
    results = counts_and_cuts((3, 20), "pentominoes", narrowing, up_to_symmetry=True, node_limit=4000)
    assert len(results) == 1
    model = packing_model((3, 20), narrowing=narrowing)
    assert model.count_solutions() == model.count_solutions(careful=False) == 2


@pytest.mark.parametrize("seed", range(30))
def test_all_different_careful_or_not_reaches_the_same_box(seed):
    # Values in [0, 63] take the bit-mask code, the others the general one: the same counts.
    rng = random.Random(4000 + seed)
    n = rng.randint(3, 6)
    offset = rng.choice([0, 0, 50, 10**6])
    domains = []
    for _ in range(n):
        lo = offset + rng.randint(0, 7)
        domains.append((lo, lo) if rng.random() < 0.3 else (lo, lo + rng.randint(0, 4)))
    m = Model()
    xs = [m.int_var(lo, hi) for lo, hi in domains]
    m.add_all_different(xs)
    expected = sum(1 for v in itertools.product(*[range(lo, hi + 1) for lo, hi in domains]) if len(set(v)) == len(v))
    for incremental, careful in itertools.product((False, True), repeat=2):
        assert m.count_solutions(incremental=incremental, careful=careful) == expected
