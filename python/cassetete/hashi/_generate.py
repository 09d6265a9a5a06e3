"""Instance generator of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero par
programmation linéaire en nombres entiers", section 2.4.

1. draw ``n`` random vertices on a grid, no two of them side by side;
2. join every vertex to its next vertex to the right and below (all possible edges, crossings
   ignored);
3. undo crossings by adding a vertex where a horizontal and a vertical edge intersect (edges
   are then split at the new vertex);
then give each edge a random weight (1 or 2 bridges) and set each island's value to the sum of
its weights. Only the largest connected part is kept, so the planted bridges are a solution.

Unlike the paper, no two islands are orthogonally adjacent: a bridge between neighbours has no
cell to be drawn in (the text picture could not show it). A crossing whose new vertex would
touch another one is undone instead by leaving one of the two crossing edges out of the
planted network.

``unique=True`` then repeatedly finds a second solution with the exact solver and changes the
planted network on an edge where the two differ (drop the edge if the network stays connected,
else switch its weight 1 <-> 2) until the exact count is 1.
"""

from __future__ import annotations

import math
from typing import Dict, List, Optional, Set, Tuple, Union

import numpy as np

from .._components import components
from .._errors import LimitReached, PuzzleError
from .._options import check_count, check_seed
from .._streams import progress_bar
from ._model import Bridge, Hashi
from .._options import check_flag

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
    groups = [set(group) for group in components(sorted(points), edges)]
    best = max(groups, key=lambda s: (len(s), min(s)))
    return best, [(p, q) for p, q in edges if p in best]


def _connected(points: Set[Point], weights: Dict[EdgeKey, int]) -> bool:
    _, _ = points, weights
    best, _edges_kept = _largest_component(points, [e for e, w in weights.items() if w])
    return len(best) == len(points)


def _puzzle(shape: Tuple[int, int], weights: Dict[EdgeKey, int], seed: int) -> Tuple[Hashi, List[Bridge]]:
    grid = np.zeros(shape, dtype=np.int32)
    bridges: List[Bridge] = []
    for (p, q), w in weights.items():
        grid[p] += w
        grid[q] += w
        bridges.append((p[0], p[1], q[0], q[1], w))
    return Hashi(grid, seed=seed), sorted(bridges)


def _neighbours(point: Point) -> List[Point]:
    r, c = point
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def _scattered(n: int, size: Tuple[int, int], rng: np.random.Generator) -> Optional[Set[Point]]:
    """``n`` random cells, no two side by side, or None when this draw ran out of room."""
    h, w = size
    points: Set[Point] = set()
    blocked: Set[Point] = set()
    for k in rng.permutation(h * w).tolist():
        point = (k // w, k % w)
        if point in blocked:
            continue
        points.add(point)
        blocked.add(point)
        blocked.update(_neighbours(point))
        if len(points) == n:
            return points
    return None


def _crosses(e: EdgeKey, f: EdgeKey) -> bool:
    (a, b), (c, d) = e, f
    if a[0] == b[0] and c[1] == d[1]:  # e horizontal, f vertical
        return a[1] < c[1] < b[1] and c[0] < a[0] < d[0]
    if a[1] == b[1] and c[0] == d[0]:
        return _crosses(f, e)
    return False


def _planted(n: int, size: Tuple[int, int], rng: np.random.Generator):
    points = _scattered(n, size, rng)
    if points is None:
        return None, None
    for point in sorted(_crossing_points(_edges(points))):
        if not any(q in points for q in _neighbours(point)):
            points.add(point)
    edges = _edges(points)
    # crossings left (their vertex would have touched another one): keep one edge of each pair
    dropped: Set[EdgeKey] = set()
    for i, e in enumerate(edges):
        for f in edges[i + 1:]:
            if e not in dropped and f not in dropped and _crosses(e, f):
                dropped.add(e if rng.random() < 0.5 else f)
    edges = [e for e in edges if e not in dropped]
    points, edges = _largest_component(points, edges)
    weights = {e: int(rng.integers(1, 3)) for e in edges}
    return points, weights


def generate(n: int, *, seed: Optional[int] = None, unique: bool = False,
             size: Optional[Union[int, Tuple[int, int]]] = None, with_solution: bool = False,
             max_tries: int = 200, node_limit: int = 2_000_000, progress: bool = False):
    """Generate a puzzle from ``n`` random vertices (Rafaralahy, section 2.4; see the module
    docstring for the one change: no two islands side by side).

    Args:
        n: number of random vertices drawn (the puzzle has more islands: crossings add some,
            and vertices outside the largest connected part are dropped), n >= 2; at most
            about half of the grid's cells (no two vertices side by side).
        seed: random seed (None = a fresh one); the same seed gives the same puzzle, and the
            seed used is the puzzle's ``seed`` attribute.
        unique: if True, return a puzzle with exactly one solution (proved by the exact solver).
        size: grid side or (rows, columns); default ``ceil(2 sqrt(n))`` square.
        with_solution: also return the planted solution (list of bridges).
        max_tries, node_limit: bounds of the uniqueness loop (a fresh draw after each failure).
        progress: show a bar over the draws.

    Example:
        >>> from cassetete.hashi import generate, count_solutions
        >>> p = generate(12, seed=1, unique=True)
        >>> count_solutions(p), p.seed
        (1, 1)
    """
    n = check_count(n, "n", 2)
    unique = check_flag(unique, "unique")
    with_solution = check_flag(with_solution, "with_solution")
    progress = check_flag(progress, "progress")
    max_tries = check_count(max_tries, "max_tries", 1)
    node_limit = check_count(node_limit, "node_limit", 1)
    if size is None:
        side = max(3, math.ceil(2 * math.sqrt(n)))
        shape = (side, side)
    elif isinstance(size, (tuple, list)) and len(size) == 2:
        shape = (check_count(size[0], "size[0]", 1), check_count(size[1], "size[1]", 1))
    else:
        side = check_count(size, "size", 1)
        shape = (side, side)
    if shape[0] * shape[1] > 4_000_000:  # refused before allocating, like the game ID parsers
        raise PuzzleError(f"generate: grid size {shape} too large (more than 4,000,000 cells)")
    room = (shape[0] * shape[1] + 1) // 2  # a checkerboard: the most cells with no two side by side
    if n > room:
        raise PuzzleError(f"generate: {n} vertices do not fit in a {shape[0]}x{shape[1]} grid with no two "
                          f"side by side (at most {room}); give a larger size")
    seed = check_seed(seed)
    rng = np.random.default_rng(seed)
    from ._solve import solutions

    bar = progress_bar(progress, "draws", total=max_tries, unit="draw")
    try:
        for _ in range(max_tries):
            if bar is not None:
                bar.update(1)
            points, weights = _planted(n, shape, rng)
            if points is None or len(points) < 2:
                continue
            puzzle, planted = _puzzle(shape, weights, seed)
            if not unique:
                return (puzzle, planted) if with_solution else puzzle
            for _step in range(4 * len(weights) + 10):
                try:
                    found = list(solutions(puzzle, limit=2, node_limit=node_limit))
                except LimitReached:
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
                puzzle, planted = _puzzle(shape, weights, seed)
    finally:
        if bar is not None:
            bar.close()
    raise PuzzleError(f"generate: no puzzle found in {max_tries} draws (n={n}, size={shape})")
