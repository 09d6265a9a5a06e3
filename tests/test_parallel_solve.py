"""First-solution searches spread over executors (``executor=`` on polyomino.solve,
edgematch.solve, shikaku.solve and hashi.solve): every answer passes a checker written here
from the puzzle's rules (or the tests' own Shikaku and Hashi checkers), instances without a
solution (shown so from the rules) come back "unsatisfiable", limits give "limit"."""

from __future__ import annotations

import itertools
import os
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch, hashi, polyomino, shikaku

sys.path.insert(0, os.path.dirname(__file__))
from parallel_instances import dominoes, planted  # noqa: E402
from shikaku_checker import is_solution as shikaku_ok  # noqa: E402
from test_hashi import lattice  # noqa: E402
from test_hashi_checker import check as hashi_check  # noqa: E402


@pytest.fixture(scope="module", params=["threads", "processes"])
def pool(request):
    make = ThreadPoolExecutor if request.param == "threads" else ProcessPoolExecutor
    with make(2) as executor:
        yield executor


# -- checkers from the rules -------------------------------------------------------------------
PENTOMINOES = {  # drawn row by row, independently of the library's tables
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["#...", "####"], "P": ["##", "##", "#."],
    "N": ["##..", ".###"], "T": ["###", ".#.", ".#."], "U": ["#.#", "###"], "V": ["#..", "#..", "###"],
    "W": ["#..", "##.", ".##"], "X": [".#.", "###", ".#."], "Y": [".#..", "####"], "Z": ["##.", ".#.", ".##"],
}


def _forms(rows):
    """Every rotation and reflection of a drawn piece, as sets of cells moved to the origin."""
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
    forms = set()
    for flip, turns in itertools.product((1, -1), range(4)):
        shape = [(r, c * flip) for r, c in cells]
        for _ in range(turns):
            shape = [(c, -r) for r, c in shape]
        low_r, low_c = min(r for r, _ in shape), min(c for _, c in shape)
        forms.add(frozenset((r - low_r, c - low_c) for r, c in shape))
    return forms


def packing_ok(rows, cols, grid):
    """Each pentomino once, covering the rows x cols rectangle exactly (flips allowed)."""
    grid = np.asarray(grid)
    if grid.shape != (rows, cols):
        return False
    groups = {}
    for (r, c), label in np.ndenumerate(grid):
        groups.setdefault(str(label), []).append((r, c))
    if set(groups) != set(PENTOMINOES):
        return False
    for name, cells in groups.items():
        low_r, low_c = min(r for r, _ in cells), min(c for _, c in cells)
        if frozenset((r - low_r, c - low_c) for r, c in cells) not in _forms(PENTOMINOES[name]):
            return False
    return True


def board_ok(puzzle, board):
    """Every piece once; frame colour 0 exactly on the rim; touching edges of equal colour.
    Pieces are N, E, S, W; a quarter turn clockwise moves the north edge east."""
    pieces = np.asarray(puzzle.pieces)
    rows, cols = puzzle.rows, puzzle.cols
    board = np.asarray(board)
    if sorted(board[:, :, 0].ravel().tolist()) != list(range(rows * cols)):
        return False
    seen = {}
    for r, c in itertools.product(range(rows), range(cols)):
        piece, turn = int(board[r, c, 0]), int(board[r, c, 1])
        edges = [int(pieces[piece][(k - turn) % 4]) for k in range(4)]
        seen[r, c] = edges
        n, e, s, w = edges
        if (n == 0) != (r == 0) or (s == 0) != (r == rows - 1) or (w == 0) != (c == 0) or (e == 0) != (c == cols - 1):
            return False
    return all(seen[r, c][1] == seen[r, c + 1][3] for r in range(rows) for c in range(cols - 1)) and \
        all(seen[r, c][2] == seen[r + 1, c][0] for r in range(rows - 1) for c in range(cols))


def broken(size, colors, seed=2):
    """A generated puzzle with one inner edge recoloured: two colours then sit on an odd number
    of inner edge sides, and since each join pairs two sides of one colour, no board exists."""
    puzzle, _ = edgematch.generate(size, size, colors=colors, seed=seed)
    pieces = np.array(puzzle.pieces)
    k = next(i for i in range(len(pieces)) if (pieces[i] != 0).all())
    other = next(x for x in sorted(set(pieces[pieces != 0].tolist())) if x != pieces[k][0])
    pieces[k][0] = other
    sides = Counter(pieces[pieces != 0].tolist())
    assert any(n % 2 for n in sides.values())
    return edgematch.EdgePuzzle(size, size, pieces)


# -- the searches --------------------------------------------------------------------------------
def test_polyomino(pool):
    for rows, cols in ((3, 20), (6, 10)):
        result = polyomino.solve(f"{rows}x{cols}", executor=pool)
        assert result.status == "solved" and packing_ok(rows, cols, result.solution)
        assert result.stats["nodes"] > 0 and "seconds" in result.stats
    # The X pentomino needs three rows: no packing of a 2 x 30 strip.
    assert polyomino.solve("2x30", executor=pool).status == "unsatisfiable"
    with pytest.raises(PuzzleError, match="cells"):
        polyomino.solve("3x20", executor=pool, method="bitboard")


def test_edgematch(pool):
    puzzle = planted("planted_5x5.txt")
    for seed in (None, 3):
        result = edgematch.solve(puzzle, executor=pool, seed=seed)
        assert result.status == "solved" and board_ok(puzzle, result.solution)
    assert edgematch.solve(broken(5, 4), executor=pool).status == "unsatisfiable"
    with pytest.raises(PuzzleError, match="not both"):
        edgematch.solve(puzzle, executor=pool, workers=2)


def test_shikaku(pool):
    grid = dominoes(6, 8)
    result = shikaku.solve(grid, executor=pool)
    assert result.status == "solved" and shikaku_ok(grid.tolist(), result.solution)
    # Clues 2 and 3 on a 2 x 2 board: 5 cells asked for 4.
    assert shikaku.solve("2 .\n. 3", executor=pool).status == "unsatisfiable"
    with pytest.raises(PuzzleError, match="exact"):
        shikaku.solve(grid, executor=pool, method="annealing")


def test_hashi(pool):
    grid = lattice(4)
    result = hashi.solve(grid, executor=pool)
    assert result.status == "solved" and hashi_check(grid.tolist(), result.solution) is None
    # Four islands of 1 in the corners: two separate pairs, never one connected group.
    assert hashi.solve("1.1\n...\n1.1", executor=pool).status == "unsatisfiable"
    with pytest.raises(PuzzleError, match="exact"):
        hashi.solve(grid, executor=pool, method="ilp")


def test_limits_give_limit():
    # A node budget (not a wall-clock one): the search stops when its first task comes back,
    # with subproblems of a puzzle that has no solution still unexplored.
    with ThreadPoolExecutor(2) as executor:
        result = edgematch.solve(broken(6, 5), executor=executor, node_limit=1)
        assert result.status == "limit" and result.solution is None and result.stats["stop"] == "node_limit"
        result = polyomino.solve("2x30", executor=executor, time_limit=0)
        assert result.status == "unsatisfiable"  # settled before any search
        with pytest.raises(PuzzleError):
            shikaku.solve(dominoes(4, 4), executor=executor, time_limit=-1)
