"""Theorem 4.4 of Béhague (2024): the k-set-packing local search (annex Algorithm 3) and the 2x2
block layout of Figure 15 for PUZZLE-ORIENTATION, with their guarantees checked from the rules."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cassetete import edgematch as em
from edgematch_checker import joins_ok, turned


def rots_of(board):
    return {int(board[r, c, 0]): int(board[r, c, 1]) for r in range(board.shape[0]) for c in range(board.shape[1])}


def valid_count(rows, cols, pieces, board, rots, matching="equal"):
    """Placed pieces that keep their given rotation, show 0 exactly on the rim and match every
    placed neighbour (Béhague 2024, section 4.1)."""
    placed = [int(board[r, c, 0]) for r in range(rows) for c in range(cols) if board[r, c, 0] >= 0]
    assert len(placed) == len(set(placed))
    total = 0
    for r in range(rows):
        for c in range(cols):
            p = int(board[r, c, 0])
            if p < 0:
                continue
            assert int(board[r, c, 1]) == rots[p]
            e = turned([int(x) for x in pieces[p]], rots[p])
            ok = True
            for s, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < cols):
                    ok &= e[s] == 0
                    continue
                ok &= e[s] != 0
                q = int(board[rr, cc, 0])
                if q >= 0:
                    f = turned([int(x) for x in pieces[q]], rots[q])
                    ok &= joins_ok(e[s], f[(s + 2) % 4], matching)
            total += ok
    return total


def brute_max_packing(sets):
    best = 0
    for size in range(len(sets), 0, -1):
        for combo in itertools.combinations(sets, size):
            if sum(len(s) for s in combo) == len(frozenset().union(*combo)):
                return size
    return best


@pytest.mark.parametrize("seed", range(40))
def test_set_packing_guarantee(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 5))
    universe = int(rng.integers(6, 14))
    sets = [frozenset(int(x) for x in rng.choice(universe, size=int(rng.integers(1, k + 1)), replace=False))
            for _ in range(int(rng.integers(4, 12)))]
    chosen = em.set_packing(sets)
    picked = [sets[i] for i in chosen]
    # pairwise disjoint
    assert sum(len(s) for s in picked) == len(frozenset().union(*picked))
    # maximal: every other set meets a chosen one
    for i, s in enumerate(sets):
        if i not in chosen:
            assert any(s & t for t in picked)
    # no improvement trading one chosen set for two disjoint sets
    for p0 in chosen:
        rest = [sets[i] for i in chosen if i != p0]
        free = [s for i, s in enumerate(sets) if i not in chosen and not any(s & t for t in rest)]
        assert not any(not (a & b) for a, b in itertools.combinations(free, 2))
    assert len(chosen) * (k + 1) >= 2 * brute_max_packing(sets)


def test_set_packing_improves_on_greedy():
    # greedy takes {1, 2} first; trading it for {1} and {2} gives 2
    sets = [frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 4})]
    assert em.set_packing(sets) == [1, 2]


SIZES = [(4, 4), (5, 7), (7, 7), (8, 6), (10, 10), (9, 11)]


@pytest.mark.parametrize("rows,cols", SIZES)
@pytest.mark.parametrize("seed", range(3))
def test_block_packing_guarantee(rows, cols, seed):
    p, planted = em.generate(rows, cols, colors=4, seed=seed)
    rots = rots_of(planted)
    board, info = em.block_packing_approximation(p, rots)
    b = ((rows - 1) // 3) * ((cols - 1) // 3)
    assert info["slots"] == b
    # the planted board's own interior 2x2 blocks are disjoint: the packing holds 2/5 of them
    own = ((rows - 2) // 2) * ((cols - 2) // 2)
    assert 5 * info["packed"] >= 2 * own
    assert info["placed"] == min(b, info["packed"])
    crossings = ((rows - 1) // 3 + 1) * ((cols - 1) // 3 + 1)
    valid = valid_count(rows, cols, p.pieces, board, rots)
    assert valid >= 4 * info["placed"] + crossings
    assert valid == em.valid_pieces(p, board)


def test_interior_blocks_by_the_rules():
    p, planted = em.generate(4, 5, colors=2, seed=2)
    rots = rots_of(planted)
    blocks = em.interior_blocks(p, rots)
    want = set()
    for pcs in itertools.permutations(range(p.size), 4):
        a, b, c, d = (turned([int(x) for x in p.pieces[q]], rots[q]) for q in pcs)
        if any(0 in e for e in (a, b, c, d)):
            continue
        if a[1] == b[3] and c[1] == d[3] and a[2] == c[0] and b[2] == d[0]:
            want.add(pcs)
    assert want and {blk.pieces for blk in blocks} == want
