"""PUZZLE-ORIENTATION by the block method of Béhague (2024), section 4.2 (E(2,2), pruning, E(4,4),
search over blocks), checked against a brute-force enumeration written from the rules."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError
from cassetete import edgematch as em
from edgematch_checker import check_board, oriented_solutions, turned


def rots_of(board):
    return {int(board[r, c, 0]): int(board[r, c, 1]) for r in range(board.shape[0]) for c in range(board.shape[1])}


def blocks_of(solution, rows, cols, k):
    """The k x k blocks (row-major piece tuples) of a solution tiled from the top-left."""
    out = set()
    for br in range(0, rows, k):
        for bc in range(0, cols, k):
            out.add(tuple(solution[br + i, bc + j] for i in range(k) for j in range(k)))
    return out


CASES = [(2, 2, 2, "equal"), (2, 4, 3, "equal"), (4, 4, 3, "equal"), (4, 4, 4, "opposite"),
         (4, 6, 4, "equal"), (6, 4, 4, "equal"), (4, 4, 2, "equal")]


@pytest.mark.parametrize("rows,cols,colors,matching", CASES)
@pytest.mark.parametrize("seed", range(4))
def test_block_count_matches_brute_force(rows, cols, colors, matching, seed):
    p, planted = em.generate(rows, cols, colors=colors, matching=matching, seed=seed)
    rots = rots_of(planted)
    expected = oriented_solutions(rows, cols, p.pieces, rots, matching)
    assert expected  # the planted board
    board, n, info = em.solve_orientations_blocks(p, rots, count=True)
    assert n == len(expected)
    assert check_board(rows, cols, p.pieces, board, matching)
    assert all(int(board[r, c, 1]) == rots[int(board[r, c, 0])] for r in range(rows) for c in range(cols))
    # every 2x2 (and 4x4) block of every solution survives the pruning
    for k in (2, 4):
        if rows % k or cols % k:
            continue
        kept = {b.pieces for b in em.block_level(p, rots, k)}
        for sol in expected:
            assert blocks_of(sol, rows, cols, k) <= kept


@pytest.mark.parametrize("seed", range(6))
def test_block_method_on_unsolvable_rotations(seed):
    """Random rotations: usually no solution; the method agrees with the brute force either way."""
    p, planted = em.generate(4, 4, colors=3, seed=100 + seed)
    rng = np.random.default_rng(seed)
    rots = {q: int(rng.integers(0, 4)) for q in range(p.size)}
    expected = oriented_solutions(4, 4, p.pieces, rots)
    board, n, _ = em.solve_orientations_blocks(p, rots, count=True)
    assert n == len(expected)
    assert (board is None) == (n == 0)


def test_first_solution_and_limit():
    p, planted = em.generate(4, 6, colors=2, seed=5)
    rots = rots_of(planted)
    total = len(oriented_solutions(4, 6, p.pieces, rots))
    board, n, _ = em.solve_orientations_blocks(p, rots)
    assert n == 1 and check_board(4, 6, p.pieces, board)
    _, n2, _ = em.solve_orientations_blocks(p, rots, count=True, limit=2)
    assert n2 == min(2, total)


def test_size_forced_and_levels_agree():
    p, planted = em.generate(4, 8, colors=4, seed=11)
    rots = rots_of(planted)
    expected = len(oriented_solutions(4, 8, p.pieces, rots))
    for size in (2, 4):
        _, n, info = em.solve_orientations_blocks(p, rots, count=True, size=size)
        assert n == expected and info["size"] == size
        assert info["E22_pruned"] <= info["E22"]


def test_blocks_are_valid_by_the_rules():
    p, planted = em.generate(4, 4, colors=3, seed=9)
    rots = rots_of(planted)
    for b in em.block_level(p, rots, 2, pruned=False):
        a, bb, c, d = (turned([int(x) for x in p.pieces[q]], rots[q]) for q in b.pieces)
        assert len(set(b.pieces)) == 4
        assert a[1] == bb[3] != 0 and c[1] == d[3] != 0 and a[2] == c[0] != 0 and bb[2] == d[0] != 0


@pytest.mark.parametrize("seed", range(3))
def test_pruning_is_the_seed_rule_at_its_fixpoint(seed):
    """Kept blocks: every face off the rim meets the matching face of a kept block sharing no
    piece. Dropped blocks: some face off the rim meets none."""
    p, planted = em.generate(4, 6, colors=3, seed=seed)
    rots = rots_of(planted)
    raw = em.block_level(p, rots, 2, pruned=False)
    kept = em.block_level(p, rots, 2)
    assert len(kept) < len(raw)

    def has_partner(b, side):
        want = b.faces[side]  # "equal" matching: the facing side shows the same labels
        return any(c.faces[(side + 2) % 4] == want and not set(c.pieces) & set(b.pieces) for c in kept)

    for b in kept:
        assert all(has_partner(b, s) for s in range(4) if b.faces[s][0] != 0)
    for b in set(raw) - set(kept):
        assert not all(has_partner(b, s) for s in range(4) if b.faces[s][0] != 0)


def test_bad_input():
    p, planted = em.generate(3, 4, colors=3, seed=1)
    with pytest.raises(PuzzleError, match="must be 2"):
        em.solve_orientations_blocks(p, rots_of(planted), size=4)
    q, planted = em.generate(4, 4, colors=3, seed=1)
    with pytest.raises(PuzzleError, match="block size"):
        em.solve_orientations_blocks(q, rots_of(planted), size=3)
    with pytest.raises(PuzzleError, match="piece 99"):
        em.solve_orientations_blocks(q, {99: 1})
    with pytest.raises(PuzzleError, match="tile"):
        em.block_level(q, rots_of(planted), 8)


@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 4), (4, 3), (5, 5), (5, 4), (2, 5), (1, 4), (3, 1), (3, 6)])
def test_odd_sides_count_like_the_row_backtracking(rows, cols):
    """Boards with an odd side (2x2 blocks plus single-piece strips): the same solutions as the
    checker's own enumeration of PUZZLE-ORIENTATION, every board checked."""
    for seed in range(3):
        p, planted = em.generate(rows, cols, colors=2, seed=seed)  # two colours: several solutions
        rots = rots_of(planted)
        board, n, info = em.solve_orientations_blocks(p, rots, count=True)
        expected = oriented_solutions(rows, cols, p.pieces, [rots[q] for q in range(p.size)])
        assert n == len(expected) >= 1
        assert n == em.solve_orientations(p, rots, count=True)[1]
        assert check_board(rows, cols, p.pieces, board)
        assert all(int(board[r, c, 1]) == rots[int(board[r, c, 0])] for r in range(rows) for c in range(cols))


def test_the_issue_example_now_runs():
    p, planted = em.generate(5, 5, colors=3, seed=1)
    board, n, info = em.solve_orientations_blocks(p, rots_of(planted))
    assert n == 1 and check_board(5, 5, p.pieces, board) and info["size"] == 2
