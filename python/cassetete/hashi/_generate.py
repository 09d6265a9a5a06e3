"""Instance generator of seed 003, section 2.4.

1. draw ``n`` random vertices on a grid;
2. join every vertex to its next vertex to the right and below (all possible edges, crossings
   ignored);
3. undo crossings by adding a vertex where a horizontal and a vertical edge intersect (edges
   are then split at the new vertex);
then give each edge a random weight (1 or 2 bridges) and set each island's value to the sum of
its weights. Only the largest connected part is kept, so the planted bridges are a solution.
Orthogonally adjacent vertices are allowed (zero-length bridges, as in Coelho et al. 2019).

``unique=True`` then repeatedly finds a second solution with the exact solver and changes the
planted network on an edge where the two differ (drop the edge if the network stays connected,
else switch its weight 1 <-> 2) until the exact count is 1.
"""

from __future__ import annotations

import math
from typing import Dict, List, Optional, Set, Tuple, Union

import numpy as np

from .._errors import PuzzleError
from ._model import Bridge, Hashi

Point = Tuple[int, int]
EdgeKey = Tuple[Point, Point]


def _edges(points: Set[Point]) -> List[EdgeKey]:
    out: List[EdgeKey] = []
    rows: Dict[int, List[int]] = {}
    cols: Dict[int, List[int]] = {}
    for r, c in points:
        rows.setdefault(r, []).append(c)
        cols.setdefault(c, []).append(r)
    for r, cs in rows.items():
        cs.sort()
        out.extend(((r, a), (r, b)) for a, b in zip(cs, cs[1:]))
    for c, rs in cols.items():
        rs.sort()
        out.extend(((a, c), (b, c)) for a, b in zip(rs, rs[1:]))
    return out


def _crossing_points(edges: List[EdgeKey]) -> Set[Point]:
    horizontal = [(p[0], p[1], q[1]) for p, q in edges if p[0] == q[0]]
    vertical = [(p[1], p[0], q[0]) for p, q in edges if p[1] == q[1]]
    found: Set[Point] = set()
    for r, c1, c2 in horizontal:
        for c, r1, r2 in vertical:
            if c1 < c < c2 and r1 < r < r2:
                found.add((r, c))
    return found


def _largest_component(points: Set[Point], edges: List[EdgeKey]) -> Tuple[Set[Point], List[EdgeKey]]:
    parent = {p: p for p in points}

    def find(x: Point) -> Point:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p, q in edges:
        parent[find(p)] = find(q)
    groups: Dict[Point, Set[Point]] = {}
    for p in points:
        groups.setdefault(find(p), set()).add(p)
    best = max(groups.values(), key=lambda s: (len(s), min(s)))
    return best, [(p, q) for p, q in edges if p in best]


def _connected(points: Set[Point], weights: Dict[EdgeKey, int]) -> bool:
    _, _ = points, weights
    best, _edges_kept = _largest_component(points, [e for e, w in weights.items() if w])
    return len(best) == len(points)


def _puzzle(shape: Tuple[int, int], weights: Dict[EdgeKey, int]) -> Tuple[Hashi, List[Bridge]]:
    grid = np.zeros(shape, dtype=np.int32)
    bridges: List[Bridge] = []
    for (p, q), w in weights.items():
        grid[p] += w
        grid[q] += w
        bridges.append((p[0], p[1], q[0], q[1], w))
    return Hashi(grid), sorted(bridges)


def _planted(n: int, size: Tuple[int, int], rng: np.random.Generator):
    h, w = size
    cells = rng.choice(h * w, size=min(n, h * w), replace=False)
    points = {(int(k) // w, int(k) % w) for k in cells}
    points |= _crossing_points(_edges(points))
    edges = _edges(points)
    points, edges = _largest_component(points, edges)
    weights = {e: int(rng.integers(1, 3)) for e in edges}
    return points, weights


def generate(n: int, seed: Optional[int] = None, unique: bool = False,
             size: Optional[Union[int, Tuple[int, int]]] = None, with_solution: bool = False,
             max_tries: int = 200, node_limit: int = 2_000_000):
    """Generate a puzzle from ``n`` random vertices (seed 003, section 2.4).

    Args:
        n: number of random vertices drawn (the puzzle has more islands: crossings add some,
            and vertices outside the largest connected part are dropped), n >= 2.
        seed: random seed; the same seed gives the same puzzle.
        unique: if True, return a puzzle with exactly one solution (proved by the exact solver).
        size: grid side or (rows, columns); default ``ceil(2 sqrt(n))`` square.
        with_solution: also return the planted solution (list of bridges).
        max_tries, node_limit: bounds of the uniqueness loop (a fresh draw after each failure).

    Example:
        >>> from cassetete.hashi import generate, count_solutions
        >>> p = generate(12, seed=1, unique=True)
        >>> count_solutions(p)
        1
    """
    if n < 2:
        raise PuzzleError(f"generate needs n >= 2 vertices, got {n}")
    if size is None:
        side = max(3, math.ceil(2 * math.sqrt(n)))
        shape = (side, side)
    elif isinstance(size, int):
        shape = (size, size)
    else:
        shape = (int(size[0]), int(size[1]))
    if shape[0] < 1 or shape[1] < 1 or shape[0] * shape[1] < 2:
        raise PuzzleError(f"generate: grid size {shape} too small")
    if shape[0] * shape[1] > 4_000_000:  # refused before allocating, like the game ID parsers
        raise PuzzleError(f"generate: grid size {shape} too large (more than 4,000,000 cells)")
    rng = np.random.default_rng(seed)
    from ._solve import solutions

    for _ in range(max_tries):
        points, weights = _planted(n, shape, rng)
        if len(points) < 2:
            continue
        puzzle, planted = _puzzle(shape, weights)
        if not unique:
            return (puzzle, planted) if with_solution else puzzle
        for _step in range(4 * len(weights) + 10):
            try:
                found = list(solutions(puzzle, limit=2, node_limit=node_limit))
            except TimeoutError:
                break
            if len(found) == 1:
                return (puzzle, planted) if with_solution else puzzle
            other = next((s for s in found if sorted(s) != planted), None)
            if other is None:
                break
            other_w = {((r1, c1), (r2, c2)): k for r1, c1, r2, c2, k in other}
            differ = [e for e, w in weights.items() if other_w.get(e, 0) != w]
            e = differ[int(rng.integers(len(differ)))]
            trial = dict(weights)
            del trial[e]
            if _connected(points, trial):
                weights = trial
            else:
                weights[e] = 3 - weights[e]
            puzzle, planted = _puzzle(shape, weights)
    raise PuzzleError(f"generate: no puzzle found in {max_tries} draws (n={n}, size={shape})")
