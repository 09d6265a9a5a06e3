"""The reductions of Béhague (2024), section 3, as generators: on small inputs the produced instance
is solvable exactly when the source instance is (PARTITION and CONTOUR decided by brute force
written here from the problems' definitions)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cassetete import PuzzleError
from cassetete import edgematch as em
from edgematch_checker import check_board, joins_ok, turned


def has_partition(numbers):
    total = sum(numbers)
    return total % 2 == 0 and any(sum(c) == total // 2 for k in range(len(numbers) + 1)
                                  for c in itertools.combinations(numbers, k))


def ring_cells(rows, cols):
    cells = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
    cells += [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)]
    return cells


def contour_exists(rows, cols, pieces):
    """CONTOUR by search: every frame cell gets a piece, turned so that 0 is on exactly its rim
    sides, and pieces next to each other along the ring show opposite labels where they touch."""
    cells = ring_cells(rows, cols)
    pos = {cell: i for i, cell in enumerate(cells)}
    shown = {}
    used = [False] * len(pieces)

    def rim(r, c):
        return (r == 0, c == cols - 1, r == rows - 1, c == 0)

    def ok(cell, t):
        r, c = cell
        for s, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            if rim(r, c)[s] != (t[s] == 0):
                return False
            nb = (r + dr, c + dc)
            if nb in shown and nb in pos and not joins_ok(t[s], shown[nb][(s + 2) % 4], "opposite"):
                return False
        return True

    def rec(i):
        if i == len(cells):
            return True
        for p in range(len(pieces)):
            if used[p]:
                continue
            for rot in range(4):
                t = turned([int(x) for x in pieces[p]], rot)
                if ok(cells[i], t):
                    used[p] = True
                    shown[cells[i]] = t
                    if rec(i + 1):
                        return True
                    used[p] = False
                    del shown[cells[i]]
        return False

    return rec(0)


def small_sets():
    rng = np.random.default_rng(7)
    out = [[2, 3, 4, 3, 4], [1, 1, 2], [1, 2], [3, 3], [1, 5], [2, 2, 3, 5], [1, 1, 1], [], [0, 2, 2]]
    for _ in range(10):
        out.append([int(x) for x in rng.integers(1, 5, size=int(rng.integers(2, 5)))])
    return out


@pytest.mark.parametrize("numbers", small_sets())
def test_partition_to_contour(numbers):
    rows, cols, pieces = em.partition_to_contour(numbers)
    assert len(pieces) == 2 * rows + 2 * cols - 4
    assert contour_exists(rows, cols, pieces) == has_partition(numbers)


@pytest.mark.parametrize("numbers", small_sets())
def test_contour_to_puzzle(numbers):
    contour = em.partition_to_contour(numbers)
    p = em.contour_to_puzzle(contour)
    res = em.solve(p, order="row", time_limit=60)
    assert res.status in ("solved", "unsatisfiable")
    assert (res.status == "solved") == contour_exists(*contour)
    if res.solved:
        assert check_board(p.rows, p.cols, p.pieces, res.solution, "opposite")


def test_contour_to_puzzle_on_a_larger_frame():
    # a 5 x 6 ring (the inside is 3 x 4), solvable: the contour cut from a planted puzzle
    q, planted = em.generate(5, 6, colors=3, matching="opposite", seed=4)
    frame = [tuple(int(x) for x in q.edges(int(planted[r, c, 0]), int(planted[r, c, 1])))
             for r, c in ring_cells(5, 6)]
    p = em.contour_to_puzzle((5, 6, np.array(frame)))
    res = em.solve(p, time_limit=60)
    assert res.solved and check_board(5, 6, p.pieces, res.solution, "opposite")


@pytest.mark.parametrize("numbers", small_sets())
def test_partition_to_orientation(numbers):
    p, rots = em.partition_to_orientation(numbers)
    assert set(rots.values()) == {0}
    board, n = em.solve_orientations(p, rots)
    assert (n > 0) == has_partition(numbers)
    if n:
        assert check_board(p.rows, p.cols, p.pieces, board, "opposite")
        assert all(int(board[r, c, 1]) == 0 for r in range(p.rows) for c in range(p.cols))
    if p.cols % 2 == 0:
        _, nb, _ = em.solve_orientations_blocks(p, rots, count=False, size=2)
        assert (nb > 0) == has_partition(numbers)


def test_bad_input():
    with pytest.raises(PuzzleError, match="item 1"):
        em.partition_to_contour([1, -2])
    with pytest.raises(PuzzleError, match="item 0"):
        em.partition_to_orientation([1.5])
    rows, cols, pieces = em.partition_to_contour([1, 1])
    with pytest.raises(PuzzleError, match="pieces"):
        em.contour_to_puzzle((rows, cols, pieces[:-1]))
    with pytest.raises(PuzzleError, match="3 x 3"):
        em.contour_to_puzzle((2, 3, pieces[:6]))


# --- 1-in-3 SAT -> PUZZLE-POSITION (theorem 3.4) ------------------------------------------------

def one_in_three_valuations(clauses):
    """All valuations of the occurring variables under which every clause has exactly one true
    literal (brute force from the problem's definition)."""
    names = sorted({abs(lit) for clause in clauses for lit in clause})
    out = []
    for bits in itertools.product((False, True), repeat=len(names)):
        value = dict(zip(names, bits))
        if all(sum(value[abs(lit)] == (lit > 0) for lit in clause) == 1 for clause in clauses):
            out.append(value)
    return out


def formulas():
    out = [[[1, 2, 3]], [[1, 2, -3]], [[-1, -2, -3]], [[1, 1, 2]], [[1, -1, 2]], [[1, 1, 1]], [[-1, -1, 2]],
           [[1, 2, 3], [-1, 2, 4]], [[1, 2, 3], [1, 2, -3]], [[1, 2, 3], [-3, 4, 5]],
           [[1, -2, 3], [2, 3, -4], [-1, 4, 5]], [[1, 2, 3], [-1, 4, 2], [3, -4, 5], [5, -5, 2]]]
    rng = np.random.default_rng(11)
    while len(out) < 26:
        n, m = int(rng.integers(1, 5)), int(rng.integers(2, 6))
        lits = rng.integers(1, m + 1, size=(n, 3)) * rng.choice([-1, 1], size=(n, 3))
        out.append(lits.tolist())
    return out


@pytest.mark.parametrize("clauses", formulas())
def test_one_in_three_to_position_is_parsimonious(clauses):
    p, positions, info = em.one_in_three_to_position(clauses)
    names = sorted({abs(lit) for clause in clauses for lit in clause})
    assert (p.rows, p.cols) == info["size"]
    assert p.rows == 4 * len(names) + 5 and 12 * len(clauses) + 1 <= p.cols <= 18 * len(clauses) + 1
    assert p.matching == "opposite" and info["variables"] == names
    assert sorted(np.asarray(positions).ravel().tolist()) == list(range(p.size))
    valuations = one_in_three_valuations(clauses)
    board, n = em.solve_positions(p, positions, count=True)
    assert n == len(valuations)
    if n:
        assert check_board(p.rows, p.cols, p.pieces, board, "opposite")
        assert all(int(board[r, c, 0]) == int(positions[r, c]) for r in range(p.rows) for c in range(p.cols))
        assert info["valuation"](board) in valuations
    else:
        assert board is None


def test_one_in_three_satisfiable_formulas_are_the_solvable_ones():
    # a formula with one 1-in-3 valuation: the decoded board gives exactly it
    clauses = [[1, 2, 3], [-1, 2, -3], [1, -2, 4]]
    (only,) = one_in_three_valuations(clauses)
    p, positions, info = em.one_in_three_to_position(clauses, variables=4)
    board, n = em.solve_positions(p, positions)
    assert n == 1 and info["valuation"](board) == only
    # (1, 1, 4) forces x1 false, then (-1, 2, 3) wants x2 = x3 = false against (1, 2, 3)
    clauses = [[1, 2, 3], [-1, 2, 3], [1, 1, 4]]
    assert one_in_three_valuations(clauses) == []
    p, positions, _ = em.one_in_three_to_position(clauses)
    assert em.solve_positions(p, positions) == (None, 0)


def test_one_in_three_bad_input():
    with pytest.raises(PuzzleError, match="at least one clause"):
        em.one_in_three_to_position([])
    with pytest.raises(PuzzleError, match="clause 1"):
        em.one_in_three_to_position([[1, 2, 3], [1, 2]])
    with pytest.raises(PuzzleError, match="clause 0.*literal 0"):
        em.one_in_three_to_position([[1, 0, 3]])
    with pytest.raises(PuzzleError, match="clause 2.*not an integer"):
        em.one_in_three_to_position([[1, 2, 3], [1, 2, 3], [1, 2.5, 3]])
    with pytest.raises(PuzzleError, match="clause 0.*not an integer"):
        em.one_in_three_to_position([[1, True, 3]])
    with pytest.raises(PuzzleError, match="clause 0.*not a list"):
        em.one_in_three_to_position([7])
    with pytest.raises(PuzzleError, match="clause 0.*beyond variable 2"):
        em.one_in_three_to_position([[1, 2, -3]], variables=2)
    with pytest.raises(PuzzleError, match="variables"):
        em.one_in_three_to_position([[1, 2, 3]], variables=0)


def test_one_in_three_board_size():
    # each variable negated then positive: no ring needs a leg, 12n + 1 columns
    clauses = [[-1, -2, -3], [3, 1, 2]]
    p, positions, info = em.one_in_three_to_position(clauses)
    assert info["size"] == (4 * 3 + 5, 12 * 2 + 1)
    assert em.solve_positions(p, positions, count=True)[1] == len(one_in_three_valuations(clauses)) == 0
    # one positive occurrence per variable: a leg each, 18n + 1 columns
    p, positions, info = em.one_in_three_to_position([[1, 2, 3]])
    assert info["size"] == (4 * 3 + 5, 18 + 1)
