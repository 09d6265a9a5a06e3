"""The problem variants of Béhague (2024), sections 4 and 5, and their algorithms.

- PUZZLE-POSITION (positions known, rotations unknown): :func:`propagate_orientations`
  (Algorithm 1, orientation propagation) and :func:`solve_positions` (Algorithm 1 with a
  search fallback when it stalls; also counts); :func:`fibonacci_instance`, the 4 x n family of
  section 5.2.3 with exactly F(n-2) solutions (F(0) = F(1) = 1).
- PUZZLE-ORIENTATION (rotations known): :func:`solve_orientations`, row-by-row backtracking.
- CONTOUR-ORIENTATION (rotations known): :func:`contour_by_euler`, the frame of each side as
  an Eulerian trail found by Hierholzer's algorithm (theorem 4.2).
- Approximations for PUZZLE-ORIENTATION: :func:`checkerboard_approximation` (prop. 4.1, at least
  mn/2 valid pieces) and :func:`contour_checkerboard_approximation` (cor. 4.3, contour by Euler
  + checkerboard inside); :func:`valid_pieces` counts valid pieces as the paper defines them.

A board here may hold -1 (empty cell) where the approximations leave holes.

Known rotations are given the same way to every function (see ``_rotations``): per piece as
``{piece: quarter turns}`` or a sequence indexed by piece, and, where positions are known
(PUZZLE-POSITION), also per cell as a (rows, cols) array with -1 = unknown. Anything else,
an unknown piece or a rotation outside 0..3 is a PuzzleError.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_count, check_limit
from ._model import EdgePuzzle, check_board
from ._rotations import Rotations, cell_rotations, piece_rotations

Board = np.ndarray


def _rim(puzzle: EdgePuzzle, r: int, c: int) -> Tuple[bool, bool, bool, bool]:
    return (r == 0, c == puzzle.cols - 1, r == puzzle.rows - 1, c == 0)


def _nb(puzzle: EdgePuzzle, r: int, c: int, side: int) -> Optional[Tuple[int, int]]:
    rr, cc = r + (-1, 0, 1, 0)[side], c + (0, 1, 0, -1)[side]
    if 0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols:
        return rr, cc
    return None


def _check_puzzle(puzzle: EdgePuzzle) -> None:
    if not isinstance(puzzle, EdgePuzzle):
        raise PuzzleError(f"expected an EdgePuzzle, got {type(puzzle).__name__}")


def _positions(puzzle: EdgePuzzle, positions) -> np.ndarray:
    """The (rows, cols) array of the piece in each cell, a permutation of the pieces."""
    _check_puzzle(puzzle)
    try:
        pos = np.asarray(positions)
    except Exception:
        pos = np.asarray(None)
    want = f"positions must be a ({puzzle.rows}, {puzzle.cols}) array holding each piece 0..{puzzle.size - 1} once"
    if pos.shape != (puzzle.rows, puzzle.cols) or (pos.size and not np.issubdtype(pos.dtype, np.integer)):
        raise PuzzleError(f"{want}, got {type(positions).__name__} of shape {pos.shape}")
    pos = pos.astype(np.int64)
    if sorted(pos.ravel().tolist()) != list(range(puzzle.size)):
        bad = sorted(set(range(puzzle.size)) - set(pos.ravel().tolist()))
        raise PuzzleError(f"{want}; piece {bad[0]} is missing")
    return pos


def valid_pieces(puzzle: EdgePuzzle, board) -> int:
    """Number of placed pieces that are valid (Béhague 2024, section 4.1): label 0 exactly on the rim
    sides, and every placed neighbour matching.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(3, 3, colors=2, seed=0)
        >>> valid_pieces(p, b)
        9
    """
    _check_puzzle(puzzle)
    b = check_board(puzzle, board)
    count = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            p, rot = int(b[r, c, 0]), int(b[r, c, 1])
            if p < 0:
                continue
            e = puzzle.edges(p, rot)
            ok = True
            for side in range(4):
                nb = _nb(puzzle, r, c, side)
                if nb is None:
                    ok &= e[side] == 0
                    continue
                ok &= e[side] != 0
                q, qrot = int(b[nb[0], nb[1], 0]), int(b[nb[0], nb[1], 1])
                if q >= 0:
                    ok &= puzzle.matches(e[side], puzzle.edges(q, qrot)[(side + 2) % 4])
            count += bool(ok)
    return count


# --- PUZZLE-POSITION ---------------------------------------------------------------------------

def _options(puzzle: EdgePuzzle, positions: np.ndarray, rots: np.ndarray, r: int, c: int) -> List[int]:
    """Rotations of the piece at (r, c) that agree with the rim and the oriented neighbours;
    rotations showing the same edges are listed once."""
    p = int(positions[r, c])
    seen, out = set(), []
    for rot in range(4):
        e = puzzle.edges(p, rot)
        if e in seen:
            continue
        seen.add(e)
        ok = True
        for side in range(4):
            nb = _nb(puzzle, r, c, side)
            if nb is None:
                ok &= e[side] == 0
            else:
                ok &= e[side] != 0
                if rots[nb] >= 0:
                    ok &= puzzle.matches(e[side], puzzle.edges(int(positions[nb]), int(rots[nb]))[(side + 2) % 4])
            if not ok:
                break
        if ok:
            out.append(rot)
    return out


def propagate_orientations(puzzle: EdgePuzzle, positions, rotations: Rotations = None) -> Tuple[np.ndarray, bool]:
    """Algorithm 1 (Béhague 2024, section 5.2): repeatedly orient every piece that has a single
    possible layout given the rim and the oriented pieces. Returns (rotations per cell with -1
    where still unknown, consistent) where consistent is False if some piece has no possible
    layout. ``rotations``: those already known, per cell (a (rows, cols) array, -1 = unknown)
    or per piece (``{piece: rotation}`` or a sequence by piece).

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=6, seed=1)
        >>> rots, ok = propagate_orientations(p, b[:, :, 0])
        >>> ok and bool((rots >= 0).all())
        True
    """
    pos = _positions(puzzle, positions)
    return _propagate(puzzle, pos, cell_rotations(puzzle, pos, rotations))


def _propagate(puzzle: EdgePuzzle, pos: np.ndarray, known: np.ndarray) -> Tuple[np.ndarray, bool]:
    r_ = known.copy()
    changed = True
    while changed:
        changed = False
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                if r_[r, c] >= 0:
                    continue
                opts = _options(puzzle, pos, r_, r, c)
                if not opts:
                    return r_, False
                if len(opts) == 1:
                    r_[r, c] = opts[0]
                    changed = True
    return r_, True


def solve_positions(puzzle: EdgePuzzle, positions, *, count: bool = False,
                    limit: Optional[int] = None, rotations: Rotations = None) -> Tuple[Optional[np.ndarray], int]:
    """PUZZLE-POSITION: Algorithm 1, then (when it stalls) branching on the cell with the fewest
    rotations left and propagating again. Returns (a board or None, number of solutions found:
    all of them with ``count=True``, at most ``limit``, else at most 1). ``rotations``: those
    already known (e.g. the clues'), per cell (a (rows, cols) array, -1 = unknown) or per piece
    (``{piece: rotation}`` or a sequence by piece), as in :func:`propagate_orientations`.

    Example:
        >>> board, n = solve_positions(*fibonacci_instance(6), count=True)
        >>> n
        5
    """
    pos = _positions(puzzle, positions)
    known = cell_rotations(puzzle, pos, rotations)
    limit = check_limit(limit)
    found: List[np.ndarray] = []
    total = 0

    def rec(rots: np.ndarray) -> bool:
        nonlocal total
        rots, ok = _propagate(puzzle, pos, rots)
        if not ok:
            return False
        free = np.argwhere(rots < 0)
        if len(free) == 0:
            total += 1
            if not found:
                found.append(np.stack([pos, rots], axis=-1))
            return not count or (limit is not None and total >= limit)
        best = min(((len(_options(puzzle, pos, rots, int(r), int(c))), int(r), int(c)) for r, c in free))
        _, r, c = best
        for rot in _options(puzzle, pos, rots, r, c):
            nxt = rots.copy()
            nxt[r, c] = rot
            if rec(nxt):
                return True
        return False

    rec(known)
    return (found[0] if found else None), total


def fibonacci_instance(n: int) -> Tuple[EdgePuzzle, np.ndarray]:
    """The 4 x n PUZZLE-POSITION family of Béhague (2024), section 5.2.3 ('opposite' matching): inner
    pieces (1, 1, 1, 2) and (-1, -1, -1, -2) in a checkerboard, frame pieces showing +-1 inwards
    and +-3 along the frame. A valid orientation points each inner piece's odd side (2) at a
    neighbour that points back: a domino tiling of the 2 x (n-2) inside, so exactly F(n-2)
    solutions (F(0) = F(1) = 1). Algorithm 1 alone stalls on it. Returns (puzzle, positions).

    Example:
        >>> p, pos = fibonacci_instance(5)
        >>> p.rows, p.cols
        (4, 5)
    """
    n = check_count(n, "n", 3)
    rows, cols = 4, n
    pieces = []
    for r in range(rows):
        for c in range(cols):
            s = 1 if (r + c) % 2 == 0 else -1
            rim = (r == 0, c == cols - 1, r == rows - 1, c == 0)
            if not any(rim):
                pieces.append([s, s, s, 2 * s])
                continue
            e = []
            for side in range(4):
                if rim[side]:
                    e.append(0)
                else:
                    rr, cc = r + (-1, 0, 1, 0)[side], c + (0, 1, 0, -1)[side]
                    inner = 0 < rr < rows - 1 and 0 < cc < cols - 1
                    e.append(s if inner else 3 * s)
            pieces.append(e)
    puzzle = EdgePuzzle(rows, cols, pieces, matching="opposite")
    return puzzle, np.arange(rows * cols).reshape(rows, cols)


# --- CONTOUR-ORIENTATION ----------------------------------------------------------------------

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
    _check_puzzle(puzzle)
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


# --- approximations for PUZZLE-ORIENTATION -----------------------------------------------------

def _zero_pattern(puzzle: EdgePuzzle, r: int, c: int) -> Tuple[bool, ...]:
    return _rim(puzzle, r, c)


def _checkerboard_fill(puzzle: EdgePuzzle, board: np.ndarray, cells, rot: Dict[int, int], avail: List[int]) -> None:
    by_pattern = defaultdict(list)
    for p in avail:
        by_pattern[tuple(x == 0 for x in puzzle.edges(p, rot[p]))].append(p)
    for r, c in cells:
        pool = by_pattern[_zero_pattern(puzzle, r, c)]
        if pool:
            p = pool.pop()
            board[r, c] = (p, rot[p])


def checkerboard_approximation(puzzle: EdgePuzzle, rotations: Rotations = None) -> np.ndarray:
    """Proposition 4.1: with rotations known, put pieces on one colour class of a checkerboard
    (the larger one), each with its frame edges where the cell needs them. No two placed pieces
    touch, so every placed piece is valid: at least ceil(mn/2) valid pieces on a solvable puzzle.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(5, 5, colors=3, seed=4)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(5) for c in range(5)}
        >>> valid_pieces(p, checkerboard_approximation(p, rots)) >= 13
        True
    """
    _check_puzzle(puzzle)
    rot = piece_rotations(puzzle, rotations)
    board = np.full((puzzle.rows, puzzle.cols, 2), -1, dtype=np.int64)
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r + c) % 2 == 0]
    _checkerboard_fill(puzzle, board, cells, rot, list(range(puzzle.size)))
    return board


def contour_checkerboard_approximation(puzzle: EdgePuzzle, rotations: Rotations = None) -> np.ndarray:
    """Corollary 4.3: the whole frame by :func:`contour_by_euler`, then a checkerboard inside
    starting next to the frame (cells that touch the frame on one side only need one match,
    which the remaining pieces can provide). Guarantee on a solvable puzzle: at least
    (mn + 2(m + n) - 12) / 2 valid pieces. Falls back to the plain checkerboard if the contour
    has no solution.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(6, 6, colors=4, seed=5)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(6) for c in range(6)}
        >>> valid_pieces(p, contour_checkerboard_approximation(p, rots)) >= (36 + 24 - 12) / 2
        True
    """
    _check_puzzle(puzzle)
    rot = piece_rotations(puzzle, rotations)
    if puzzle.rows < 3 or puzzle.cols < 3:
        return checkerboard_approximation(puzzle, rot)
    frame = contour_by_euler(puzzle, rot)
    if frame is None:
        return checkerboard_approximation(puzzle, rot)
    board = np.full((puzzle.rows, puzzle.cols, 2), -1, dtype=np.int64)
    for (r, c), (p, q) in frame.items():
        board[r, c] = (p, q)
    used = {p for p, _ in frame.values()}
    avail = [p for p in range(puzzle.size) if p not in used]
    R, C = puzzle.rows, puzzle.cols
    for r in range(1, R - 1):
        for c in range(1, C - 1):
            if (r + c) % 2:
                continue
            need = {}
            for side in range(4):
                nb = _nb(puzzle, r, c, side)
                if nb is not None and board[nb][0] >= 0:
                    q, qr = int(board[nb][0]), int(board[nb][1])
                    need[side] = puzzle.partner(puzzle.edges(q, qr)[(side + 2) % 4])
            for p in avail:
                e = puzzle.edges(p, rot[p])
                if 0 not in e and all(e[s] == v for s, v in need.items()):
                    board[r, c] = (p, rot[p])
                    avail.remove(p)
                    break
    return board


# --- PUZZLE-ORIENTATION -----------------------------------------------------------------------

def solve_orientations(puzzle: EdgePuzzle, rotations: Rotations = None, *, count: bool = False,
                       limit: Optional[int] = None) -> Tuple[Optional[np.ndarray], int]:
    """PUZZLE-ORIENTATION (Béhague 2024, section 4.2): every piece keeps its given rotation
    (``rotations[p]``, default 0); row-by-row backtracking where the pieces are indexed by their
    (north, west) labels, so each cell only looks at the pieces that fit its two placed
    neighbours (linear when no two pieces share a (north, west) pair). Returns (a board or None,
    number of solutions: all with ``count=True``, else at most 1).

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=4, seed=3)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(4) for c in range(4)}
        >>> board, n = solve_orientations(p, rots)
        >>> n
        1
    """
    _check_puzzle(puzzle)
    rot = piece_rotations(puzzle, rotations)
    R, C = puzzle.rows, puzzle.cols
    index: Dict[Tuple[int, int], List[int]] = defaultdict(list)
    for p in range(puzzle.size):
        e = puzzle.edges(p, rot[p])
        index[(e[0], e[3])].append(p)
    board = np.full((R, C, 2), -1, dtype=np.int64)
    used = [False] * puzzle.size
    found: List[np.ndarray] = []
    total = 0

    def rec(i: int) -> bool:
        nonlocal total
        if i == R * C:
            total += 1
            if not found:
                found.append(board.copy())
            return not count or (limit is not None and total >= limit)
        r, c = divmod(i, C)
        north = 0 if r == 0 else puzzle.partner(puzzle.edges(int(board[r - 1, c, 0]), int(board[r - 1, c, 1]))[2])
        west = 0 if c == 0 else puzzle.partner(puzzle.edges(int(board[r, c - 1, 0]), int(board[r, c - 1, 1]))[1])
        for p in index.get((north, west), ()):
            if used[p]:
                continue
            e = puzzle.edges(p, rot[p])
            if (e[1] == 0) != (c == C - 1) or (e[2] == 0) != (r == R - 1):
                continue
            used[p] = True
            board[r, c] = (p, rot[p])
            if rec(i + 1):
                return True
            used[p] = False
            board[r, c] = (-1, -1)
        return False

    rec(0)
    return (found[0] if found else None), total


def matched_faces(puzzle: EdgePuzzle, board) -> int:
    """Pairs of neighbouring faces that agree, the measure of Béhague (2024), section 5.1: rim faces
    showing 0 plus matched inner joins, out of 2mn + m + n.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(3, 4, colors=2, seed=0)
        >>> matched_faces(p, b) == 2 * 12 + 3 + 4
        True
    """
    from ._model import score

    _check_puzzle(puzzle)
    b = check_board(puzzle, board)
    rim = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if b[r, c, 0] < 0:
                continue
            e = puzzle.edges(int(b[r, c, 0]), int(b[r, c, 1]))
            rim += sum(1 for side in range(4) if _nb(puzzle, r, c, side) is None and e[side] == 0)
    return rim + score(puzzle, b)[0]


def position_path_approximation(puzzle: EdgePuzzle, positions) -> Optional[np.ndarray]:
    """Theorem 5.2 (PUZZLE-POSITION approximation): orient the frame from the rim (proposition
    5.1), keep for each inner piece the rotations that agree with its frame neighbours, then pick
    rotations along a snake path through the inside so that every join along the path matches
    (a longest-path choice over the layered graph of (piece, rotation) vertices, solved by
    dynamic programming; the paper phrases it as an Eulerian walk). On a solvable instance with
    m, n >= 3 at least mn + 4(m + n) - 9 of the 2mn + m + n face pairs agree (rim faces, frame
    joins, frame-to-inside joins and the path's joins). With a side of 2 every piece is on the
    frame and every face pair agrees; the paper's formula does not cover that case (for m = 2 and
    n > 3 it exceeds the 2mn + m + n face pairs). None if some piece has no rotation that fits
    the rim.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(6, 6, colors=3, seed=2)
        >>> board = position_path_approximation(p, b[:, :, 0])
        >>> matched_faces(p, board) >= 36 + 4 * 12 - 9
        True
        >>> q, b2 = generate(2, 6, colors=3, seed=1)  # a side of 2: all 2mn + m + n = 32 agree
        >>> matched_faces(q, position_path_approximation(q, b2[:, :, 0]))
        32
    """
    pos = _positions(puzzle, positions)
    R, C = puzzle.rows, puzzle.cols
    rots = np.full((R, C), -1, dtype=np.int64)
    for r in range(R):
        for c in range(C):
            if 0 < r < R - 1 and 0 < c < C - 1:
                continue
            rim = _rim(puzzle, r, c)
            fits = [rot for rot in range(4)
                    if tuple(x == 0 for x in puzzle.edges(int(pos[r, c]), rot)) == rim]
            if not fits:
                return None
            rots[r, c] = fits[0]
    path = []
    for r in range(1, R - 1):
        cols = range(1, C - 1) if r % 2 else range(C - 2, 0, -1)
        path += [(r, c) for c in cols]
    if path:
        opts = []
        for r, c in path:
            o = _options(puzzle, pos, rots, r, c)
            if not o:
                return None
            opts.append(o)
        # dynamic programming: best[i][j] = most matched path joins ending with opts[i][j]
        best = [[0] * len(opts[0])]
        back: List[List[int]] = [[-1] * len(opts[0])]
        for i in range(1, len(path)):
            (r0, c0), (r1, c1) = path[i - 1], path[i]
            side = next(s for s in range(4) if _nb(puzzle, r0, c0, s) == (r1, c1))
            row_best, row_back = [], []
            for rot1 in opts[i]:
                e1 = puzzle.edges(int(pos[r1, c1]), rot1)[(side + 2) % 4]
                cand = [(best[-1][j] + puzzle.matches(puzzle.edges(int(pos[r0, c0]), rot0)[side], e1), j)
                        for j, rot0 in enumerate(opts[i - 1])]
                value, j = max(cand)
                row_best.append(value)
                row_back.append(j)
            best.append(row_best)
            back.append(row_back)
        j = int(np.argmax(best[-1]))
        for i in range(len(path) - 1, -1, -1):
            rots[path[i]] = opts[i][j]
            j = back[i][j]
    return np.stack([pos, rots], axis=-1)
