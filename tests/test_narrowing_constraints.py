"""Each constraint's narrowing against brute force: on small random domains, the box the solver
narrows to must be exactly the smallest box holding every solution of the constraint (apx in
Gilleta, "Résolution du puzzle tridimensionnel des pentaminos", section 1), or None when the
constraint has no solution in the box."""

from __future__ import annotations

import itertools
import random

import pytest

from cassetete.narrowing import Model


def brute_box(domains, relation):
    """The smallest box containing every tuple of the domains that satisfies `relation`."""
    lows, highs = None, None
    for values in itertools.product(*[range(lo, hi + 1) for lo, hi in domains]):
        if relation(values):
            if lows is None:
                lows, highs = list(values), list(values)
            else:
                lows = [min(a, b) for a, b in zip(lows, values)]
                highs = [max(a, b) for a, b in zip(highs, values)]
    if lows is None:
        return None
    return list(zip(lows, highs))


def narrowed(model, variables):
    box = model.propagate()
    return None if box is None else [box[v.name] for v in variables]


def random_domain(rng, low, high):
    a, b = rng.randint(low, high), rng.randint(low, high)
    return (min(a, b), max(a, b))


@pytest.mark.parametrize("seed", range(40))
def test_product_matches_brute_force(seed):
    rng = random.Random(seed)
    a = rng.choice([-4, -3, -2, -1, 0, 1, 2, 3, 5])
    domains = [random_domain(rng, -12, 12), random_domain(rng, -5, 5)]
    m = Model()
    x, y = (m.int_var(lo, hi) for lo, hi in domains)
    m.add_product(x, a, y)
    assert narrowed(m, [x, y]) == brute_box(domains, lambda v: v[0] == a * v[1])


@pytest.mark.parametrize("seed", range(40))
def test_sum_matches_brute_force(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 3)
    domains = [random_domain(rng, -8, 12)] + [random_domain(rng, -4, 6) for _ in range(n)]
    m = Model()
    xs = [m.int_var(lo, hi) for lo, hi in domains]
    m.add_sum(xs[0], xs[1:])
    assert narrowed(m, xs) == brute_box(domains, lambda v: v[0] == sum(v[1:]))


@pytest.mark.parametrize("algorithm", ["sort", "leconte"])
@pytest.mark.parametrize("seed", range(40))
def test_all_different_matches_brute_force(seed, algorithm):
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    domains = [random_domain(rng, 0, 6) for _ in range(n)]
    m = Model()
    xs = [m.int_var(lo, hi) for lo, hi in domains]
    m.add_all_different(xs, algorithm=algorithm)
    assert narrowed(m, xs) == brute_box(domains, lambda v: len(set(v)) == len(v))


@pytest.mark.parametrize("seed", range(20))
def test_all_different_algorithms_reach_the_same_fixpoint(seed):
    rng = random.Random(seed)
    n = rng.randint(10, 40)
    domains = [random_domain(rng, 0, n + 3) for _ in range(n)]
    boxes = []
    for algorithm in ("sort", "leconte"):
        m = Model()
        xs = [m.int_var(lo, hi) for lo, hi in domains]
        m.add_all_different(xs, algorithm=algorithm)
        boxes.append(narrowed(m, xs))
    assert boxes[0] == boxes[1]


def rotate_2d(points, k, flip):
    out = []
    for x, y in points:
        if flip:
            x, y = x, -y
        for _ in range(k):
            x, y = -y, x
        out.append((x, y))
    return out


def same_up_to_translation(points, shape):
    """Whether the set of points is the shape translated."""
    px, py = min(p[0] for p in points), min(p[1] for p in points)
    sx, sy = min(p[0] for p in shape), min(p[1] for p in shape)
    return sorted((x - px, y - py) for x, y in points) == sorted((x - sx, y - sy) for x, y in shape)


@pytest.mark.parametrize("rotations", ["2d", "none"])
@pytest.mark.parametrize("seed", range(25))
def test_class_matches_brute_force(seed, rotations):
    rng = random.Random(seed)
    shape = rng.choice([[(0, 0), (0, 1), (1, 0)], [(0, 0), (0, 1), (0, 2)], [(0, 0), (1, 0), (1, 1)]])
    images = [rotate_2d(shape, k, f) for k in range(4) for f in (False, True)] if rotations == "2d" else [shape]
    domains = [random_domain(rng, 0, 3) for _ in range(2 * len(shape))]
    m = Model()
    xs = [m.int_var(lo, hi) for lo, hi in domains]
    points = [(xs[2 * i], xs[2 * i + 1]) for i in range(len(shape))]
    m.add_class(points, shape, rotations=rotations)

    def relation(v):
        pts = [(v[2 * i], v[2 * i + 1]) for i in range(len(shape))]
        if any(pts[i] >= pts[i + 1] for i in range(len(pts) - 1)):  # lexicographically increasing
            return False
        return any(same_up_to_translation(pts, image) for image in images)

    assert narrowed(m, xs) == brute_box(domains, relation)


def test_class_3d_allows_the_24_rotations():
    # An L tromino of 3 cubes in a 2x2x2 box: 3 points, 24 rotations -> 12 distinct placements
    # per corner choice; count solutions against brute force over all lexicographic triples.
    m = Model()
    pts = [tuple(m.int_var(0, 1) for _ in range(3)) for _ in range(3)]
    m.add_class(pts, [(0, 0, 0), (1, 0, 0), (0, 1, 0)], rotations="3d")
    cells = list(itertools.product(range(2), repeat=3))
    expected = 0
    for triple in itertools.combinations(cells, 3):  # sorted triples = lexicographic order
        a, b, c = triple
        # an L: three cells of one face, pairwise adjacent through the middle one
        def adjacent(p, q):
            return sum(abs(i - j) for i, j in zip(p, q)) == 1
        if any(adjacent(mid, p) and adjacent(mid, q) and p != q
               for mid, p, q in [(a, b, c), (b, a, c), (c, a, b)]):
            expected += 1
    assert m.count_solutions() == expected == 24


@pytest.mark.parametrize("algorithm", ["sort", "leconte"])
@pytest.mark.parametrize("seed", range(30))
def test_all_different_with_fixed_variables(seed, algorithm):
    # The incremental narrowing leaves the fixed variables out; the box must not change.
    rng = random.Random(1000 + seed)
    n = rng.randint(3, 5)
    domains = []
    for _ in range(n):
        if rng.random() < 0.4:
            v = rng.randint(0, 6)
            domains.append((v, v))
        else:
            domains.append(random_domain(rng, 0, 6))
    m = Model()
    xs = [m.int_var(lo, hi) for lo, hi in domains]
    m.add_all_different(xs, algorithm=algorithm)
    expected = brute_box(domains, lambda v: len(set(v)) == len(v))
    for incremental in (True, False):
        box = m.propagate(incremental=incremental)
        assert (None if box is None else [box[x.name] for x in xs]) == expected
    count = sum(1 for v in itertools.product(*[range(lo, hi + 1) for lo, hi in domains]) if len(set(v)) == len(v))
    assert m.count_solutions(incremental=True) == m.count_solutions(incremental=False) == count


@pytest.mark.parametrize("seed", range(20))
def test_all_different_wide_values_incremental_or_not(seed):
    # Values spread far apart take the sorted-list path of the incremental narrowing.
    rng = random.Random(2000 + seed)
    n = rng.randint(5, 25)
    domains = []
    for _ in range(n):
        lo = rng.randint(0, 40) * 10**6
        domains.append((lo, lo) if rng.random() < 0.4 else (lo, lo + rng.randint(0, 8) * 10**6))
    m = Model()
    xs = [m.int_var(lo, hi) for lo, hi in domains]
    m.add_all_different(xs)
    assert m.propagate(incremental=True) == m.propagate(incremental=False)


@pytest.mark.parametrize("seed", range(25))
def test_placement_matches_brute_force(seed):
    # One piece in a 3x3 box whose cell numbers m = x + 3y must avoid the cells of another
    # piece's fixed points: the narrowed box must be the box of the feasible placements.
    from cassetete.narrowing.orientations import orientations

    rng = random.Random(3000 + seed)
    shape = rng.choice([[(0, 0), (0, 1), (1, 0)], [(0, 0), (0, 1), (0, 2)], [(0, 0), (1, 0), (1, 1)]])
    a, b = 3, 3
    m = Model()
    def wide(high):  # mostly wide domains, so that most cases have solutions to narrow
        return (0, high) if rng.random() < 0.6 else random_domain(rng, 0, high)

    points = [(m.int_var(*wide(2)), m.int_var(*wide(2))) for _ in shape]
    cells = [m.int_var(*wide(8)) for _ in shape]
    taken = rng.sample(range(9), rng.randint(0, 2))
    others = [m.int_var(c, c) for c in taken]
    orients = orientations(shape, "2d")
    m._add("add_placement", [v.index for p in points for v in p], [v.index for v in cells], [a, b],
           [c for o in orients for p in o for c in p], [v.index for v in cells + others])
    variables = [v for p in points for v in p] + cells
    images = [sorted(o) for o in orients]

    lows, highs = None, None
    for triple in itertools.combinations(sorted(itertools.product(range(a), range(b))), len(shape)):
        ok = any(same_up_to_translation(list(triple), image) for image in images)
        values = [c for p in triple for c in p] + [x + a * y for x, y in triple]
        ok = ok and all(v.lo <= value <= v.hi for v, value in zip(variables, values))
        ok = ok and not set(values[len(shape) * 2:]) & set(taken)
        if ok:
            lows = values if lows is None else [min(p, q) for p, q in zip(lows, values)]
            highs = values if highs is None else [max(p, q) for p, q in zip(highs, values)]
    expected = None if lows is None else list(zip(lows, highs))
    box = m.propagate()
    assert (None if box is None else [box[v.name] for v in variables]) == expected
