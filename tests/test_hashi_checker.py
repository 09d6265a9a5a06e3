"""Independent Hashiwokakero checker and brute-force counter for the tests (from the rules only)."""

from itertools import product


def islands_of(grid):
    return {(r, c): int(v) for r, row in enumerate(grid) for c, v in enumerate(row) if v}


def check(grid, bridges):
    """Return None when `bridges` solve `grid`, else the broken rule."""
    grid = [list(map(int, row)) for row in grid]
    isl = islands_of(grid)
    h, w = len(grid), len(grid[0])
    seen_pairs = set()
    over = {}
    deg = {p: 0 for p in isl}
    adj = {p: set() for p in isl}
    for b in bridges:
        r1, c1, r2, c2, n = b
        if n not in (1, 2):
            return "count not 1 or 2"
        a, z = (r1, c1), (r2, c2)
        if a not in isl or z not in isl or a == z:
            return "end is not an island"
        if r1 != r2 and c1 != c2:
            return "not on a line"
        pair = frozenset((a, z))
        if pair in seen_pairs:
            return "pair listed twice"
        seen_pairs.add(pair)
        if r1 == r2:
            cells = [(r1, c) for c in range(min(c1, c2) + 1, max(c1, c2))]
        else:
            cells = [(r, c1) for r in range(min(r1, r2) + 1, max(r1, r2))]
        for cell in cells:
            if cell in isl:
                return "passes over an island"
            if cell in over:
                return "bridges cross"
            over[cell] = True
        deg[a] += n
        deg[z] += n
        adj[a].add(z)
        adj[z].add(a)
    for p, v in isl.items():
        if deg[p] != v:
            return f"island {p} has {deg[p]} bridges, needs {v}"
    start = next(iter(isl))
    stack, reach = [start], {start}
    while stack:
        p = stack.pop()
        for q in adj[p] - reach:
            reach.add(q)
            stack.append(q)
    if len(reach) != len(isl):
        return "not connected"
    del h, w
    return None


def candidate_pairs(grid):
    """Island pairs that see each other with only water between (right and down)."""
    isl = islands_of(grid)
    h, w = len(grid), len(grid[0])
    pairs = []
    for (r, c) in isl:
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            while rr < h and cc < w and (rr, cc) not in isl:
                rr, cc = rr + dr, cc + dc
            if rr < h and cc < w:
                pairs.append((r, c, rr, cc))
    return pairs


def brute_count(grid):
    """Number of solutions by trying every 0/1/2 assignment (small grids only)."""
    pairs = candidate_pairs(grid)
    total = 0
    for counts in product((0, 1, 2), repeat=len(pairs)):
        bridges = [p + (n,) for p, n in zip(pairs, counts) if n]
        if check(grid, bridges) is None:
            total += 1
    return total


# The checker itself, on hand-made cases.
def test_checker_accepts_a_ring_and_rejects_broken_rules():
    grid = [[2, 0, 2], [0, 0, 0], [2, 0, 2]]
    ring = [(0, 0, 0, 2, 1), (0, 0, 2, 0, 1), (0, 2, 2, 2, 1), (2, 0, 2, 2, 1)]
    assert check(grid, ring) is None
    assert check(grid, ring[:3]) is not None                       # degrees
    assert check(grid, [(0, 0, 0, 2, 2), (2, 0, 2, 2, 2)]) == "not connected"
    assert check(grid, ring + [(0, 0, 0, 2, 1)]) == "pair listed twice"
    assert check(grid, [(0, 0, 2, 2, 1)]) == "not on a line"


def test_checker_sees_crossings_and_islands_in_the_way():
    grid = [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
    assert check(grid, [(1, 0, 1, 2, 1), (0, 1, 2, 1, 1)]) == "bridges cross"
    grid = [[1, 2, 1]]
    assert check(grid, [(0, 0, 0, 2, 1)]) == "passes over an island"


def test_brute_count_small():
    assert brute_count([[2, 0, 2], [0, 0, 0], [2, 0, 2]]) == 1
    assert brute_count([[1, 0, 1], [0, 0, 0], [1, 0, 1]]) == 0   # two pairs, never connected
    assert brute_count([[2, 2], [2, 2]]) == 1                    # 2-0-2-0 is disconnected
