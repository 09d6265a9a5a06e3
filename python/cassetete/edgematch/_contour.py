"""CONTOUR-ORIENTATION (rotations known), Béhague (2024), theorem 4.2: :func:`contour_by_euler`,
the frame of each side as an Eulerian trail found by Hierholzer's algorithm.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Optional, Tuple

from .._errors import PuzzleError
from ._model import EdgePuzzle, check_puzzle
from ._rotations import Rotations, piece_rotations


def _euler_trail(edges: List[Tuple[int, int, int]], start: int, end: int) -> Optional[List[int]]:
    """Hierholzer: edge ids of a trail using every edge (u, v, id) once from start to end."""
    out: Dict[int, List[Tuple[int, int]]] = defaultdict(list)
    deg: Dict[int, int] = defaultdict(int)
    for u, v, k in edges:
        out[u].append((v, k))
        deg[u] += 1
        deg[v] -= 1
    for node, d in deg.items():
        want = (1 if node == start else 0) - (1 if node == end else 0)
        if d != want:
            return None
    if start != end and deg[start] != 1:
        return None
    stack: List[Tuple[int, int]] = [(start, -1)]
    trail: List[int] = []
    while stack:
        node, via = stack[-1]
        if out[node]:
            nxt, k = out[node].pop()
            stack.append((nxt, k))
        else:
            stack.pop()
            if via >= 0:
                trail.append(via)
    trail.reverse()
    if len(trail) != len(edges):
        return None
    return trail


def contour_by_euler(puzzle: EdgePuzzle, rotations: Rotations = None) -> Optional[Dict[Tuple[int, int], Tuple[int, int]]]:
    """CONTOUR-ORIENTATION (theorem 4.2): with every piece's rotation known (``rotations[p]``,
    default 0), the corner shapes say where each corner goes; the pieces of each side form a
    chain, found as an Eulerian trail (Hierholzer) in the graph whose nodes are labels and whose
    edges are the side's pieces. Returns the frame placement {(r, c): (piece, rot)} or None when
    no valid contour exists.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 5, colors=3, seed=3)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(4) for c in range(5)}
        >>> frame = contour_by_euler(p, rots)
        >>> len(frame)
        14
    """
    check_puzzle(puzzle)
    R, C = puzzle.rows, puzzle.cols
    if R < 2 or C < 2:
        raise PuzzleError("contour_by_euler needs at least 2 rows and 2 columns")
    rot = piece_rotations(puzzle, rotations)
    shown = {p: puzzle.edges(p, rot[p]) for p in range(puzzle.size)}
    corners = {}
    sides: Dict[int, List[int]] = {0: [], 1: [], 2: [], 3: []}
    for p, e in shown.items():
        zeros = (e[0] == 0, e[1] == 0, e[2] == 0, e[3] == 0)
        if sum(zeros) == 2:
            key = {(True, False, False, True): (0, 0), (True, True, False, False): (0, C - 1),
                   (False, True, True, False): (R - 1, C - 1), (False, False, True, True): (R - 1, 0)}.get(zeros)
            if key is None or key in corners:
                return None
            corners[key] = p
        elif sum(zeros) == 1:
            sides[zeros.index(True)].append(p)
        elif sum(zeros) > 2:
            return None
    if len(corners) != 4 or len(sides[0]) != C - 2 or len(sides[2]) != C - 2 or len(sides[1]) != R - 2 \
            or len(sides[3]) != R - 2:
        return None
    frame = {cell: (p, rot[p]) for cell, p in corners.items()}
    # each side walked clockwise: (cells, side index of the 'incoming' and 'outgoing' faces)
    walks = {
        0: ([(0, c) for c in range(1, C - 1)], 3, 1, corners[(0, 0)], corners[(0, C - 1)]),
        1: ([(r, C - 1) for r in range(1, R - 1)], 0, 2, corners[(0, C - 1)], corners[(R - 1, C - 1)]),
        2: ([(R - 1, c) for c in range(C - 2, 0, -1)], 1, 3, corners[(R - 1, C - 1)], corners[(R - 1, 0)]),
        3: ([(r, 0) for r in range(R - 2, 0, -1)], 2, 0, corners[(R - 1, 0)], corners[(0, 0)]),
    }
    for side, (cells, fin, fout, first, last) in walks.items():
        start = puzzle.partner(shown[first][(fin + 2) % 4])
        end = shown[last][(fout + 2) % 4]
        if not cells:
            if not puzzle.matches(shown[first][(fin + 2) % 4], end):
                return None
            continue
        edges = [(shown[p][fin], puzzle.partner(shown[p][fout]), i) for i, p in enumerate(sides[side])]
        trail = _euler_trail(edges, start, end)
        if trail is None:
            return None
        for cell, i in zip(cells, trail):
            p = sides[side][i]
            frame[cell] = (p, rot[p])
    return frame
